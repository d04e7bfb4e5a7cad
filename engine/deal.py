"""One hand of any game of the family as an event-sourced state.

A :class:`DealRecord` is what the deal started from (dealer, pack, trump);
a :class:`Deal` is that record folded with the list of actions so far. Replay
the actions and you get the same state: resume, recall, undo and review all
work that way.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence, Set

from engine.actions import Action, Bid, Claim, Declare, Exchange, Pass, Play, action_from_dict
from engine.cards import STRAINS, SUIT_NAMES, Card, parse_card
from engine.errors import HandOver, IllegalPlay, NotYourTurn, RulesError
from engine.game import Contract, Game, GameRules, Phase, Step
from engine.games import UNNAMED, game_of
from engine.jsonform import as_list, as_mapping, field
from engine.observation import Observation, Scores
from engine.order import Order
from engine.record import TRICKS_PER_HAND, DealRecord, HandSet, Revoke, deal_out, seat_name
from engine.seats import SEAT_NAMES, Seat, around, seats_at
from engine.trick import NO_TRUMP, Trick


class Deal:
    """The state of one hand of any game: auction, hands, tricks, whose turn,
    revokes, claims.

    ``apply`` validates an action and advances the state; an illegal action
    raises an :class:`~engine.errors.IllegalPlay` (or another RulesError)
    whose message says why, and leaves the state unchanged. What differs
    between games (the auction, the contract, the first lead, the order of
    the cards) the deal asks its :class:`~engine.game.Game`.
    """

    def __init__(self, record: DealRecord, rules: GameRules | None = None, game: Game | None = None) -> None:
        self.record = record
        self.game = game if game is not None else _game_for(rules)
        self.rules = rules if rules is not None else self.game.default_rules()
        self.players = self.game.players
        if record.players != self.players:
            raise RulesError(f"{self.game.title} is played by {self.players}: "
                             f"this deal has {record.players} hands")
        self.actions: list[Action] = []
        self.auction: list[Bid | Pass] = []
        self.declarations: list[Declare] = []
        self.exchanges: list[Exchange] = []
        self._passing: list[tuple[Seat, tuple[Card, ...]]] = []  # passed, not yet picked up
        dealt = record.hands()
        self._hands: list[set[Card] | None] = [None if h is None else set(h) for h in dealt]
        self.piles: dict[str, tuple[Card, ...]] = dict(record.piles)
        # A seat dealt no cards (knocked out) sits the hand out.
        self.out: frozenset[Seat] = frozenset(
            s for s in self.seats if (h := dealt[s]) is not None and not h)
        self.tricks: list[Trick] = []
        self._played: dict[Card, int] = {}  # card -> 1-based trick number
        # (seat, suit) -> (trick (1-based), cards played before it) of each time the
        # seat showed out of the suit, not yet proven a revoke.
        self._shown_out: dict[tuple[Seat, int], list[tuple[int, int]]] = {}
        # A card that came within a seat's reach after the deal (drawn from German whist's
        # stock, uncovered in a Scandinavian layout): the cards played before it came. It
        # proves no show-out made before then.
        self._reach: dict[Card, int] = {}
        self.revokes: list[Revoke] = []
        self.won = [0, 0]  # tricks won in play, by side (partnership games)
        self.taken = [0] * self.players  # tricks won in play, by seat
        self.claim: Claim | None = None
        self.contract: Contract | None = None
        self.order = Order(record.trump)
        self.tricks_per_hand = self.game.tricks_in_hand(self)
        self.current = self._trick(around(record.dealer, 1, self.players))
        self._step: Step | None = None
        self._advance()
        for seat in self.seats:  # face up from the start: within reach from the first card
            for c in self.game.layout(self, seat):
                self._reach[c] = 0

    def _trick(self, leader: Seat) -> Trick:
        # a seat the game sits out for the rest of the hand (Knockout's dog that has played
        # its one card) plays no more, nor leads
        spent = frozenset(s for s in self.seats if s not in self.out and self.game.sits_out(self, s))
        ring = self.game.play_ring(self) if self.contract is not None else ()
        return Trick(leader, (), self.players, self.game.per_seat, self.out | spent, ring)

    def _advance(self) -> None:
        """After a step before the play: the next step, or the contract and the first lead."""
        self._step = self.game.step(self)
        if self._passing and (self._step is None or self._step.phase is not Phase.EXCHANGE):
            for to, cards in self._passing:  # every pass made: each seat picks up what it was passed
                received = self._hands[to]
                if received is not None:
                    received.update(cards)
            self._passing.clear()
        if self._step is not None:
            if self._step.phase is Phase.EXCHANGE:
                self._take_pile(self._step.seat)
            return
        contract = self.game.contract(self)
        if contract is None:
            raise RulesError(f"{self.game.title}: the steps before the play ended with no contract")
        self.contract = contract
        self.order = self.game.order(self, contract)
        self.current = self._trick(self.game.first_leader(self, contract))

    def _take_pile(self, seat: Seat) -> None:
        # The seat exchanging takes the pile (Bid Whist's kitty) into hand once.
        name = self.game.exchange_pile(self)
        if name is None or not self.piles.get(name):
            return
        hand = self._hands[seat]
        if hand is not None:
            hand.update(self.piles[name])
        self.piles[name] = ()

    # -- construction -------------------------------------------------------
    @classmethod
    def replay(cls, record: DealRecord, actions: Iterable[Action], rules: GameRules | None = None,
               game: Game | None = None) -> Deal:
        deal = cls(record, rules, game)
        for action in actions:
            deal.apply(action)
        return deal

    def restart(self, record: DealRecord | None = None) -> Deal:
        """This hand from its start (or ``record``, another start), no action played, under
        the same rules and game."""
        return Deal(self.record if record is None else record, self.rules, self.game)

    def copy(self) -> Deal:
        return Deal.replay(self.record, self.actions, self.rules, self.game)

    def undo(self) -> Deal:
        """The state before the last action (practice mode, scanning mistakes)."""
        if not self.actions:
            raise RulesError("nothing to undo: no card has been played")
        return Deal.replay(self.record, self.actions[:-1], self.rules, self.game)

    # -- queries ------------------------------------------------------------
    @property
    def trump(self) -> int:
        return self.order.trump

    @property
    def dealer(self) -> Seat:
        return self.record.dealer

    @property
    def seats(self) -> tuple[Seat, ...]:
        return seats_at(self.players)

    @property
    def phase(self) -> Phase:
        if self.is_over:
            return Phase.OVER
        if self._step is not None:
            return self._step.phase
        return Phase.PLAY

    @property
    def step(self) -> Step | None:
        """The step before the play in progress (auction, declare, exchange), or None."""
        return self._step

    @property
    def trick_number(self) -> int:
        """1-based number of the trick in progress (14 when all are done)."""
        return len(self.tricks) + 1

    @property
    def is_over(self) -> bool:
        if self.claim is not None or len(self.tricks) == self.tricks_per_hand:
            return True
        return self.contract is not None and not self.current.cards and self.game.ends_early(self)

    @property
    def turn(self) -> Seat | None:
        if self.is_over:
            return None
        if self._step is not None:
            return self._step.seat
        return self.current.next_seat

    def hand(self, seat: Seat | str) -> frozenset[Card] | None:
        """Cards ``seat`` still holds; None if the table cannot know."""
        h = self._hands[Seat.parse_at(seat, self.players)]
        return None if h is None else frozenset(h)

    def knows_hand(self, seat: Seat | str) -> bool:
        return self._hands[Seat.parse_at(seat, self.players)] is not None

    @property
    def played(self) -> dict[Card, int]:
        return dict(self._played)

    @property
    def trump_card_showing(self) -> bool:
        """The turned card lies face up until the dealer plays to the first trick."""
        if self.record.trump_card is None:
            return False
        if self._turned_in_pile():
            return True
        if self.tricks:
            return False
        return self.dealer not in [s for s, _ in self.current.plays()]

    def _turned_in_pile(self) -> bool:
        # A card turned on the stock (Oh Hell) stays face up while it lies there.
        return any(self.record.trump_card in cards for cards in self.piles.values())

    def _turned_from_pile(self) -> bool:
        # The turned card was not dealt to the dealer but lay on a pile (German whist's
        # stock): whoever drew it may play it.
        return any(self.record.trump_card in cards for _, cards in self.record.piles)

    @property
    def last_trick(self) -> Trick | None:
        return self.tricks[-1] if self.tricks else None

    @property
    def last_trick_viewable(self) -> bool:
        """Any player may see the last trick until the next trick's first card."""
        return bool(self.tricks) and not self.current.cards

    def view_last_trick(self) -> Trick:
        if not self.tricks:
            raise RulesError("no trick has been completed yet")
        if self.current.cards:
            raise RulesError(
                "the last trick is closed: the first card of the next trick has been played"
            )
        return self.tricks[-1]

    def legal_moves(self) -> list[Card]:
        """Cards the player to move may play, sorted; empty outside the play,
        when the hand is over or when it is unknown."""
        seat = self.turn
        return [] if seat is None else self._cards_for(seat)

    def _cards_for(self, seat: Seat) -> list[Card]:
        # legal_moves once the seat to play is known (a search's play-outs ask it every card)
        if self.contract is None:
            return []
        cards = self._reachable(seat)
        if cards is None:
            return []
        return self.game.play_limit(self, seat, self.order.legal(cards, self.current.cards))[0]

    def playable(self, seat: Seat) -> frozenset[Card] | None:
        """The cards ``seat`` may play from: its hand and, in Scandinavian
        whist, the face-up cards of its layout. None if the hand is unknown."""
        cards = self._reachable(seat)
        return None if cards is None else frozenset(cards)

    def _reachable(self, seat: Seat) -> Set[Card] | None:
        # playable without copying a hand that has no layout beside it
        hand = self._hands[seat]
        if hand is None:
            return None
        layout = self.game.layout(self, seat)
        return hand | layout if layout else hand

    def legal_actions(self) -> list[Action]:
        """Every action the seat to act may take now (claims aside)."""
        seat = self.turn
        if seat is None:
            return []
        step = self._step
        if step is None:
            knock: list[Action] = [Pass(seat)] if self.game.may_knock(self, seat) else []
            return [Play(seat, c) for c in self._cards_for(seat)] + knock
        if step.phase is Phase.AUCTION:
            return list(self.game.auction_legal(self, seat))
        if step.phase is Phase.DECLARE:
            return list(self.game.declare_legal(self, seat))
        # an exchange: the few the game offers, else any `exchange_count` cards of the hand
        return list(self.game.exchange_legal(self, seat))

    def exchange_count(self) -> int:
        """Cards to lay away in the exchange in progress (0 outside it)."""
        step = self._step
        return self.game.exchange_count(self) if step is not None and step.phase is Phase.EXCHANGE else 0

    def check(self, action: Action) -> None:
        """Raise the exception ``apply`` would raise, without changing anything."""
        if self.is_over:
            raise HandOver("the hand is over: no more cards can be played")
        turn = self.turn
        assert turn is not None
        step = self._step
        if (isinstance(action, Pass) and step is None and self.contract is not None
                and self.game.may_knock(self, turn)):
            if action.seat != turn:
                raise NotYourTurn(f"not your turn: {seat_name(turn, self.players)} to play")
            return
        if isinstance(action, (Bid, Pass, Declare, Exchange)):
            self._check_step(action, turn, step)
            return
        if step is not None:
            raise RulesError(f"the {step.phase} is not over: {seat_name(turn, self.players)} to "
                             f"{_STEP_VERBS[step.phase]}")
        if isinstance(action, Claim):
            left = self.tricks_per_hand - len(self.tricks)
            if not 0 <= action.tricks <= left:
                raise RulesError(f"a claim must be between 0 and {left} tricks (the tricks left)")
            return
        seat, card = action.seat, action.card
        opening = self.unseen_opening()
        if opening is not None and card != opening:
            raise IllegalPlay(f"{opening} leads the first trick")
        if seat != turn and (opening is None or self._hands[seat] is not None):
            raise NotYourTurn(f"not your turn: {seat_name(turn, self.players)} to play")
        if card in self._played:
            raise IllegalPlay(f"{card} already played (in trick {self._played[card]})")
        if card in self.current.cards:
            raise IllegalPlay(f"{card} already played (in this trick)")
        turned = self.record.trump_card
        if turned is not None and card == turned and seat != self.dealer and not self._turned_from_pile():
            raise IllegalPlay(
                f"{card} is the turned trump card: it belongs to {SEAT_NAMES[self.dealer]}, the dealer"
            )
        held = self.playable(seat)
        if held is None:
            for other in self.seats:
                h = self._hands[other]
                if h is not None and card in h:
                    raise IllegalPlay(f"{card} is in {seat_name(other, self.players)}'s hand")
            return
        if card not in held:
            raise IllegalPlay(f"{seat_name(seat, self.players)} does not hold {card}")
        led = self.order.must_follow(held, self.current.cards, card)
        if led is not None:
            raise IllegalPlay(f"must follow {SUIT_NAMES[led]}")
        allowed, why = self.game.play_limit(self, seat, self.order.legal(held, self.current.cards))
        if card not in allowed:
            raise IllegalPlay(why or f"{card} may not be played now")

    def _check_step(self, action: Bid | Pass | Declare | Exchange, turn: Seat, step: Step | None) -> None:
        kind = {Bid: Phase.AUCTION, Pass: Phase.AUCTION, Declare: Phase.DECLARE,
                Exchange: Phase.EXCHANGE}[type(action)]
        if step is None or step.phase is not kind:
            if step is None and self.contract is not None and kind is Phase.AUCTION and self.game.has_auction:
                raise RulesError("the auction is over: play a card")
            what = "play a card" if step is None else _STEP_VERBS[step.phase]
            raise RulesError(f"{self.game.title} has no {kind} step now: {seat_name(turn, self.players)} "
                             f"to {what}")
        if action.seat != turn:
            verb = "speak" if step.phase is Phase.AUCTION else _STEP_VERBS[step.phase]
            raise NotYourTurn(f"not your turn: {seat_name(turn, self.players)} to {verb}")
        if isinstance(action, Exchange):
            self._check_exchange(action)
            return
        legal: Sequence[Action] = (self.game.auction_legal(self, turn) if kind is Phase.AUCTION
                                   else self.game.declare_legal(self, turn))
        if action not in legal:
            offered = ", ".join(describe_action(a) for a in legal)
            raise RulesError(f"{describe_action(action)} is not allowed now: {offered}")

    def _check_exchange(self, action: Exchange) -> None:
        count = self.game.exchange_count(self)
        cards = action.discard
        if len(set(cards)) != len(cards):
            raise RulesError("a card is laid away twice")
        if len(cards) != count:
            raise RulesError(f"lay away exactly {count} card{'s' if count != 1 else ''}, not {len(cards)}")
        hand = self._hands[action.seat]
        if hand is not None:
            missing = sorted(set(cards) - hand)
            if missing:
                raise IllegalPlay(f"{seat_name(action.seat, self.players)} does not hold {missing[0]}")
        self.game.check_exchange(self, action)

    def unseen_opening(self) -> Card | None:
        """The card that must lead the first trick (``Game.opening_card``) while it lies in no
        hand the table knows (a physical table): the seat that lays it leads, whichever seat
        the game guessed. None once it is led, or where the lead goes round the table."""
        if self.contract is None or self._step is not None or self.tricks or self.current.cards:
            return None
        card = self.game.opening_card(self)
        return None if card is None or any(h is not None and card in h for h in self._hands) else card

    def is_legal(self, action: Action) -> bool:
        try:
            self.check(action)
        except RulesError:
            return False
        return True

    # -- advancing ----------------------------------------------------------
    def apply(self, action: Action) -> Trick | None:
        """Validate and apply; returns the trick it completed, if any."""
        self.check(action)
        return self.push(action)

    def push(self, action: Action) -> Trick | None:
        """Apply an action already known to be legal (one of :meth:`legal_actions`), without
        checking it again: a search's play-outs. Anything else may leave the deal broken."""
        self.actions.append(action)
        if isinstance(action, Play):
            return self._play(action)
        if isinstance(action, Pass) and self._step is None and self.contract is not None:
            # a knock (checked: the game allows it): the seat sits this trick out (a dog's life)
            self.current = self.current.knock(action.seat)
            return self._close_trick() if self.current.complete else None
        if isinstance(action, (Bid, Pass, Declare, Exchange)):
            if isinstance(action, Declare):
                self.declarations.append(action)
            elif isinstance(action, Exchange):
                self.exchanges.append(action)
                hand = self._hands[action.seat]
                if hand is not None:
                    hand.difference_update(action.discard)
                to = self.game.exchange_to(self, action.seat)
                if to is None:
                    self.piles["discard"] = action.discard
                else:
                    self._passing.append((to, action.discard))
            else:
                self.auction.append(action)
            self._advance()
            return None
        assert isinstance(action, Claim)
        self.claim = action
        return None

    def _play(self, action: Play) -> Trick | None:
        seat, card = action.seat, action.card
        if seat != self.current.next_seat:  # the unseen opening card: its holder leads
            self.current = self._trick(seat)
        hand = self._hands[seat]
        from_hand = hand is not None and card in hand
        if hand is not None:
            hand.discard(card)
        self._note_revoke(seat, card)
        self.current = self.current.add(card)
        if not from_hand:  # a card off the table's layout may turn the one under it
            self._uncovered()
        if not self.current.complete:
            return None
        return self._close_trick()

    def _close_trick(self) -> Trick:
        done = self.current
        for c in done.cards:
            self._played[c] = len(self.tricks) + 1
        self.tricks.append(done)
        winner = done.winner(self.order)
        self.taken[winner] += 1
        self.won[self.game.side_of(winner) % 2] += 1
        self.current = self._trick(winner)
        self.game.after_trick(self, winner)
        return done

    def draw(self, seat: Seat, pile: str) -> Card:
        """Move the top card of ``pile`` into ``seat``'s hand (a game's
        ``after_trick``: German whist's draws). The card is known to the
        table only where the game shows it."""
        cards = self.piles.get(pile, ())
        if not cards:
            raise RulesError(f"the {pile} is empty: nothing to draw")
        top, self.piles[pile] = cards[0], cards[1:]
        self._reach.setdefault(top, self._plays())
        hand = self._hands[seat]
        if hand is not None:
            hand.add(top)
        return top

    def play(self, card: str | Card) -> Trick | None:
        """Play ``card`` for the seat whose turn it is."""
        if self.turn is None:
            raise HandOver("the hand is over: no more cards can be played")
        return self.apply(Play(self.turn, parse_card(card)))

    def _plays(self) -> int:
        """Cards played so far in the deal (the current trick's included)."""
        return len(self._played) + len(self.current.cards)

    def _note_revoke(self, seat: Seat, card: Card) -> None:
        # Playing a suit proves the seat held it at every earlier trick in
        # which it showed out of that suit: each of those is a revoke (the
        # penalty is per revoke) - unless the card came within reach after it.
        number = len(self.tricks) + 1
        at = self._plays()
        came = self._reach.get(card, 0)
        suit = self.order.suit_of(card)
        if suit is not None:
            unproven = []
            for trick, before in self._shown_out.pop((seat, suit), []):
                if came <= before:
                    self.revokes.append(Revoke(seat, suit, trick, number))
                else:
                    unproven.append((trick, before))
            if unproven:
                self._shown_out[(seat, suit)] = unproven
        led = self.order.led_suit(self.current.cards)
        if led is not None and suit != led:
            self._shown_out.setdefault((seat, led), []).append((number, at))

    def _uncovered(self) -> None:
        # A layout card turned face up by the card just played is within reach from now on.
        at = self._plays()
        for seat in self.seats:
            for c in self.game.layout(self, seat):
                self._reach.setdefault(c, at)

    # -- results ------------------------------------------------------------
    def tricks_taken(self) -> tuple[int, int]:
        """Tricks by side (NS, EW), a claim's tricks included."""
        ns, ew = self.won
        if self.claim is not None:
            left = self.tricks_per_hand - len(self.tricks)
            mine = self.claim.tricks
            if self.claim.seat.side == 0:
                ns, ew = ns + mine, ew + left - mine
            else:
                ns, ew = ns + left - mine, ew + mine
        return ns, ew

    def dealt_hands(self) -> HandSet:
        """Hands as dealt; at a physical table rebuilt from the plays once all
        52 cards are known."""
        dealt = self.record.hands()
        if all(h is not None for h in dealt):
            return dealt
        out: list[frozenset[Card] | None] = list(dealt)
        if len(self.tricks) == self.tricks_per_hand:
            for seat in self.seats:
                if out[seat] is None:
                    out[seat] = frozenset(
                        c for t in self.tricks for s, c in t.plays() if s == seat
                    )
        return tuple(out)

    def observe(self, seat: Seat | str, scores: Scores | None = None) -> Observation:
        """What ``seat`` may know now (see :mod:`engine.observation`)."""
        return observe(self, Seat.parse_at(seat, self.players), scores)

    def observation(self, seat: Seat | str) -> dict[str, object]:
        """The card-play part of what ``seat`` may know, as ``choose_card`` reads
        it (seat, hand, dealer, trump, trump_card, tricks, trick); the whole
        observation of any game is :meth:`observe`."""
        return self.observe(seat).play_form()

    def to_dict(self) -> dict[str, object]:
        return {
            "record": self.record.to_dict(),
            "actions": [a.to_dict(self.players) for a in self.actions],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, object], rules: GameRules | None = None,
                  game: Game | None = None) -> Deal:
        record = as_mapping(field(data, "record", "a stored deal"), "a deal's record")
        deal = cls(DealRecord.from_dict(record), rules, game)
        for a in as_list(data.get("actions"), "a deal's actions"):
            deal.apply(action_from_dict(as_mapping(a, "an action"), deal.players))
        return deal

    def __repr__(self) -> str:
        turn = self.turn
        return (
            f"<Deal {self.game.name} dealer={self.dealer.name} trump={STRAINS[self.trump]} "
            f"trick={self.trick_number} turn={turn.name if turn is not None else '-'} "
            f"tricks NS {self.tricks_taken()[0]} EW {self.tricks_taken()[1]}>"
        )


_STEP_VERBS = {Phase.AUCTION: "bid or pass", Phase.DECLARE: "declare", Phase.EXCHANGE: "exchange",
               Phase.PLAY: "play", Phase.OVER: "deal again"}


def _game_for(rules: GameRules | None) -> Game:
    return UNNAMED if rules is None else game_of(rules)


def describe_action(action: Action) -> str:
    """An auction action in words: 'pass', 'grand', '4 downtown', '2 tricks'."""
    if isinstance(action, Pass):
        return "pass"
    if isinstance(action, Bid):
        if action.call is not None:
            return action.call
        if action.tricks is not None:
            return f"{action.tricks} trick{'s' if action.tricks != 1 else ''}"
        return f"{action.level} {action.mode}"
    return str(action.to_dict()["type"])


def observe(deal: Deal, seat: Seat, scores: Scores | None = None) -> Observation:
    """What ``seat`` may know of ``deal`` now."""
    hand = deal.hand(seat)
    turn = deal.turn
    piles = deal.game.visible_piles(deal, seat)
    contract = deal.contract
    order = deal.order
    if contract is None and deal.step is not None and deal.step.phase is not Phase.AUCTION:
        # Steps after the auction (an exchange after trumps are named) are taken
        # knowing the contract so far, if the game can name it yet.
        contract = deal.game.contract(deal)
        if contract is not None:
            order = deal.game.order(deal, contract)
    return Observation(
        game=deal.game.name, seat=seat, players=deal.players, phase=deal.phase, turn=turn,
        hand=tuple(sorted(hand)) if hand is not None else (), dealer=deal.dealer, trump=order.trump,
        order=order.name, trump_card=deal.record.trump_card, tricks=tuple(deal.tricks),
        trick=deal.current, won=tuple(deal.taken),
        legal=tuple(deal.legal_actions()) if turn == seat else (),
        auction=deal.game.auction_seen(deal, seat), contract=contract, piles=piles,
        rules=deal.rules.to_dict(), scores=scores,
        discard=deal.exchange_count() if turn == seat else 0,
    )


__all__ = ["Deal", "DealRecord", "Revoke", "NO_TRUMP", "TRICKS_PER_HAND", "deal_out", "describe_action",
           "seat_name"]
