"""One hand of any game of the family as an event-sourced state.

A :class:`DealRecord` is what the deal started from (dealer, pack, trump);
a :class:`Deal` is that record folded with the list of actions so far. Replay
the actions and you get the same state: resume, recall, undo and review all
work that way.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from engine.actions import Action, Bid, Claim, Declare, Exchange, Pass, Play, action_from_dict
from engine.cards import STRAINS, SUIT_NAMES, SUITS, Card, parse_card, parse_cards, parse_strain
from engine.errors import HandOver, IllegalPlay, NotationError, NotYourTurn, RulesError
from engine.game import Contract, Game, GameRules, Phase
from engine.observation import Observation, Scores, observe
from engine.order import Order
from engine.pbn import format_hands, parse_hands
from engine.seats import SEAT_NAMES, Seat, around, seats_at
from engine.shuffle import shuffled_pack
from engine.trick import NO_TRUMP, Trick

TRICKS_PER_HAND = 13

HandSet = tuple[frozenset[Card] | None, ...]


@dataclass(frozen=True)
class DealRecord:
    """How a deal began.

    ``pack`` is the 52 cards in dealing order (card i goes to the seat
    ``dealer + 1 + i``, so the last goes to the dealer and is turned for
    trumps). At a physical table the pack is unknown (None) and ``known``
    holds the hands the table was shown (an AI seat's cards scanned at the
    deal), None for the others.
    """

    dealer: Seat
    trump: int  # 0..3 = S H D C, 4 = no trump
    pack: tuple[Card, ...] | None = None
    trump_card: Card | None = None
    known: HandSet | None = None

    def __post_init__(self) -> None:
        if self.pack is not None:
            if len(self.pack) != 52 or len(set(self.pack)) != 52:
                raise NotationError("a pack must hold each of the 52 cards exactly once")
            if self.known is not None:
                raise NotationError("give either the pack or the known hands, not both")
        if self.trump_card is not None and self.trump_card.suit != self.trump:
            raise RulesError(
                f"the turned card {self.trump_card} does not match trumps {STRAINS[self.trump]}"
            )

    @classmethod
    def deal(
        cls,
        dealer: Seat | str,
        seed: int | str | None = None,
        rng: random.Random | None = None,
        trump: int | None = None,
    ) -> DealRecord:
        """Shuffle and deal. With ``trump`` None the dealer's last card is turned
        for trumps; otherwise (cycling trumps) no card is turned."""
        pack = tuple(shuffled_pack(seed, rng))
        if trump is None:
            return cls(Seat.parse(dealer), pack[-1].suit, pack, pack[-1])
        return cls(Seat.parse(dealer), trump, pack, None)

    @classmethod
    def from_hands(
        cls, hands: str | Sequence[Iterable[Card]], dealer: Seat | str, trump: str | int,
        trump_card: str | Card | None = None,
    ) -> DealRecord:
        """A deal from four complete hands (PBN or N,E,S,W card lists).

        The pack order is rebuilt so that dealing gives these hands; the
        turned card, if given, is put last (it must be in the dealer's hand).
        """
        d = Seat.parse(dealer)
        hs = parse_hands(hands, complete=True) if isinstance(hands, str) else tuple(
            frozenset(parse_cards(list(h))) for h in hands
        )
        if isinstance(hs, tuple) and any(len(h) != 13 for h in hs):  # type: ignore[arg-type]
            raise NotationError("each hand needs 13 cards")
        if len(frozenset().union(*hs)) != 52:  # type: ignore[arg-type]
            raise NotationError("the four hands must hold 52 different cards")
        strain = parse_strain(trump) if isinstance(trump, str) else trump
        turned = parse_card(trump_card) if trump_card is not None else None
        if turned is not None and turned not in hs[d]:  # type: ignore[operator]
            raise RulesError(f"the turned card {turned} must be in the dealer's hand")
        per_seat = [sorted(h) for h in hs]  # type: ignore[arg-type]
        if turned is not None:
            per_seat[d].remove(turned)
            per_seat[d].append(turned)
        pack = []
        for i in range(52):
            seat = d.offset(1 + i % 4)
            pack.append(per_seat[seat][i // 4])
        return cls(d, strain, tuple(pack), turned)

    @classmethod
    def physical(
        cls, dealer: Seat | str, trump: str | int, trump_card: str | Card | None = None,
        known: dict[Seat, Iterable[Card | str]] | None = None,
    ) -> DealRecord:
        """A deal at a real table: the engine sees only what is scanned."""
        hands: list[frozenset[Card] | None] = [None] * 4
        seen: set[Card] = set()
        for seat, cards in (known or {}).items():
            hand = frozenset(parse_cards(list(cards)))
            if len(hand) != 13:
                raise NotationError(f"{SEAT_NAMES[Seat.parse(seat)]}'s hand has {len(hand)} cards, not 13")
            if seen & hand:
                raise NotationError(f"{min(seen & hand)} is scanned into two hands")
            seen |= hand
            hands[Seat.parse(seat)] = hand
        strain = parse_strain(trump) if isinstance(trump, str) else trump
        turned = parse_card(trump_card) if trump_card is not None else None
        return cls(Seat.parse(dealer), strain, None, turned, tuple(hands) if known else None)

    def hands(self) -> HandSet:
        """The hands as dealt (N, E, S, W); None where the table cannot know."""
        if self.pack is None:
            return self.known if self.known is not None else (None, None, None, None)
        out: list[set[Card]] = [set(), set(), set(), set()]
        for i, card in enumerate(self.pack):
            out[self.dealer.offset(1 + i % 4)].add(card)
        return tuple(frozenset(h) for h in out)

    @property
    def first_leader(self) -> Seat:
        return self.dealer.next

    def pbn(self) -> str | None:
        hs = self.hands()
        if any(h is None for h in hs):
            return None
        return format_hands(hs, self.dealer)  # type: ignore[arg-type]

    def to_dict(self) -> dict[str, object]:
        return {
            "dealer": self.dealer.name,
            "trump": STRAINS[self.trump],
            "pack": [str(c) for c in self.pack] if self.pack is not None else None,
            "trump_card": str(self.trump_card) if self.trump_card is not None else None,
            "known": None if self.known is None else [
                None if h is None else sorted(str(c) for c in h) for h in self.known
            ],
        }

    @classmethod
    def from_dict(cls, data: dict[str, object]) -> DealRecord:
        pack = data.get("pack")
        known = data.get("known")
        card = data.get("trump_card")
        return cls(
            Seat.parse(str(data["dealer"])),
            parse_strain(str(data["trump"])),
            tuple(parse_cards(pack)) if pack is not None else None,  # type: ignore[arg-type]
            parse_card(str(card)) if card is not None else None,
            None if known is None else tuple(  # type: ignore[union-attr]
                None if h is None else frozenset(parse_cards(h)) for h in known  # type: ignore[union-attr]
            ),
        )


@dataclass(frozen=True)
class Revoke:
    """A proven revoke: ``seat`` showed out of ``suit`` in trick ``trick``
    (1-based) and later played that suit in trick ``proven_in``."""

    seat: Seat
    suit: int
    trick: int
    proven_in: int

    def describe(self) -> str:
        return (
            f"{SEAT_NAMES[self.seat]} revoked in trick {self.trick}: showed out of "
            f"{SUIT_NAMES[self.suit]}, then played {SUIT_NAMES[self.suit]} in trick {self.proven_in}"
        )

    def to_dict(self) -> dict[str, object]:
        return {"seat": self.seat.name, "suit": SUITS[self.suit], "trick": self.trick,
                "proven_in": self.proven_in}


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
        self.actions: list[Action] = []
        self.auction: list[Bid | Pass] = []
        dealt = record.hands()
        self._hands: list[set[Card] | None] = [None if h is None else set(h) for h in dealt]
        self.tricks: list[Trick] = []
        self._played: dict[Card, int] = {}  # card -> 1-based trick number
        # (seat, suit) -> tricks (1-based) in which the seat showed out of the
        # suit and that are not yet proven revokes.
        self._shown_out: dict[tuple[Seat, int], list[int]] = {}
        self.revokes: list[Revoke] = []
        self.won = [0, 0]  # tricks won in play, by side (partnership games)
        self.taken = [0] * self.players  # tricks won in play, by seat
        self.claim: Claim | None = None
        self.contract: Contract | None = None
        self.order = Order(record.trump)
        self.current = Trick(around(record.dealer, 1, self.players), (), self.players, self.game.per_seat)
        if not self.game.has_auction:
            self._settle(self.game.contract(self))

    def _settle(self, contract: Contract | None) -> None:
        if contract is None:
            return
        self.contract = contract
        self.order = self.game.order(self, contract)
        self.current = Trick(self.game.first_leader(self, contract), (), self.players, self.game.per_seat)

    # -- construction -------------------------------------------------------
    @classmethod
    def replay(cls, record: DealRecord, actions: Iterable[Action], rules: GameRules | None = None,
               game: Game | None = None) -> Deal:
        deal = cls(record, rules, game)
        for action in actions:
            deal.apply(action)
        return deal

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
        if self.contract is None:
            return Phase.AUCTION
        return Phase.PLAY

    @property
    def tricks_per_hand(self) -> int:
        return TRICKS_PER_HAND if self.players == 4 else 52 // self.players

    @property
    def trick_number(self) -> int:
        """1-based number of the trick in progress (14 when all are done)."""
        return len(self.tricks) + 1

    @property
    def is_over(self) -> bool:
        return self.claim is not None or len(self.tricks) == self.tricks_per_hand

    @property
    def turn(self) -> Seat | None:
        if self.is_over:
            return None
        if self.contract is None:
            return self.game.auction_turn(self)
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
        if self.tricks:
            return False
        return self.dealer not in [s for s, _ in self.current.plays()]

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
        if seat is None or self.contract is None:
            return []
        hand = self._hands[seat]
        if hand is None:
            return []
        return self.order.legal(hand, self.current.cards)

    def legal_actions(self) -> list[Action]:
        """Every action the seat to act may take now (claims aside)."""
        seat = self.turn
        if seat is None:
            return []
        if self.contract is None:
            return list(self.game.auction_legal(self, seat))
        return [Play(seat, c) for c in self.legal_moves()]

    def check(self, action: Action) -> None:
        """Raise the exception ``apply`` would raise, without changing anything."""
        if self.is_over:
            raise HandOver("the hand is over: no more cards can be played")
        turn = self.turn
        assert turn is not None
        if isinstance(action, (Bid, Pass)):
            if self.contract is not None:
                raise RulesError("the auction is over: play a card")
            if action.seat != turn:
                raise NotYourTurn(f"not your turn: {seat_name(turn, self.players)} to speak")
            legal = self.game.auction_legal(self, turn)
            if action not in legal:
                offered = ", ".join(describe_action(a) for a in legal)
                raise RulesError(f"{describe_action(action)} is not allowed now: {offered}")
            return
        if isinstance(action, (Declare, Exchange)):
            raise RulesError(f"{self.game.title} has no {action.to_dict()['type']} step")
        if self.contract is None:
            raise RulesError(
                f"the auction is not over: {seat_name(turn, self.players)} to bid or pass"
            )
        if isinstance(action, Claim):
            left = self.tricks_per_hand - len(self.tricks)
            if not 0 <= action.tricks <= left:
                raise RulesError(f"a claim must be between 0 and {left} tricks (the tricks left)")
            return
        seat, card = action.seat, action.card
        if seat != turn:
            raise NotYourTurn(f"not your turn: {seat_name(turn, self.players)} to play")
        if card in self._played:
            raise IllegalPlay(f"{card} already played (in trick {self._played[card]})")
        if card in self.current.cards:
            raise IllegalPlay(f"{card} already played (in this trick)")
        turned = self.record.trump_card
        if turned is not None and card == turned and seat != self.dealer:
            raise IllegalPlay(
                f"{card} is the turned trump card: it belongs to {SEAT_NAMES[self.dealer]}, the dealer"
            )
        hand = self._hands[seat]
        if hand is None:
            for other in self.seats:
                h = self._hands[other]
                if h is not None and card in h:
                    raise IllegalPlay(f"{card} is in {seat_name(other, self.players)}'s hand")
            return
        if card not in hand:
            raise IllegalPlay(f"{seat_name(seat, self.players)} does not hold {card}")
        led = self.order.must_follow(hand, self.current.cards, card)
        if led is not None:
            raise IllegalPlay(f"must follow {SUIT_NAMES[led]}")

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
        self.actions.append(action)
        if isinstance(action, (Bid, Pass)):
            self.auction.append(action)
            self._settle(self.game.contract(self))
            return None
        if isinstance(action, Claim):
            self.claim = action
            return None
        assert isinstance(action, Play)
        seat, card = action.seat, action.card
        hand = self._hands[seat]
        if hand is not None:
            hand.discard(card)
        self._note_revoke(seat, card)
        self.current = self.current.add(card)
        if not self.current.complete:
            return None
        done = self.current
        for c in done.cards:
            self._played[c] = len(self.tricks) + 1
        self.tricks.append(done)
        winner = done.winner(self.order)
        self.taken[winner] += 1
        self.won[self.game.side_of(winner) % 2] += 1
        self.current = Trick(winner, (), self.players, self.game.per_seat)
        return done

    def play(self, card: str | Card) -> Trick | None:
        """Play ``card`` for the seat whose turn it is."""
        if self.turn is None:
            raise HandOver("the hand is over: no more cards can be played")
        return self.apply(Play(self.turn, parse_card(card)))

    def _note_revoke(self, seat: Seat, card: Card) -> None:
        # Playing a suit proves the seat held it at every earlier trick in
        # which it showed out of that suit: each of those is a revoke (the
        # penalty is per revoke).
        number = len(self.tricks) + 1
        suit = self.order.suit_of(card)
        if suit is not None:
            for trick in self._shown_out.pop((seat, suit), []):
                self.revokes.append(Revoke(seat, suit, trick, number))
        led = self.order.led_suit(self.current.cards)
        if led is not None and suit != led:
            self._shown_out.setdefault((seat, led), []).append(number)

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
        record_data = data["record"]
        actions_data = data.get("actions", [])
        if not isinstance(record_data, Mapping) or not isinstance(actions_data, list):
            raise NotationError("a stored deal needs a record and a list of actions")
        deal = cls(DealRecord.from_dict(record_data), rules, game)
        for a in actions_data:
            deal.apply(action_from_dict(a, deal.players))
        return deal

    def __repr__(self) -> str:
        turn = self.turn
        return (
            f"<Deal {self.game.name} dealer={self.dealer.name} trump={STRAINS[self.trump]} "
            f"trick={self.trick_number} turn={turn.name if turn is not None else '-'} "
            f"tricks NS {self.tricks_taken()[0]} EW {self.tricks_taken()[1]}>"
        )


def _game_for(rules: GameRules | None) -> Game:
    # the registry imports every game module, and those import this one
    from engine.games import GAMES, game_of

    return GAMES["classic"] if rules is None else game_of(rules)


def seat_name(seat: Seat, players: int) -> str:
    """A seat as the players call it: North, ... at four; Player 1.. otherwise."""
    return SEAT_NAMES[seat] if players == 4 else f"Player {int(seat) + 1}"


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


__all__ = ["Deal", "DealRecord", "Revoke", "NO_TRUMP", "TRICKS_PER_HAND", "describe_action", "seat_name"]
