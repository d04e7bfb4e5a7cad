"""Real cards for the family games: Oh Hell, Knockout, Bid Whist and the others
whose hands are dealt by hand and played a card a seat.

:class:`FamilyReferee` is the controller of the real-card screen for a game
other than classic whist (classic's is :class:`device.referee.RefereeSession`,
whose public API this one follows: ``handle``, ``scan``, ``undo``,
``next_hand``, ``view``, ``ai_request``, ``resume``; the plumbing both share is
:class:`device.referee_base.RefereeBase`). Every rule is asked of
the engine: the shape of each hand (seats dealt in, hand size, a turned card
and where it lies, a kitty, who names trumps) is the engine's own next deal of
the match (``Match.next_record``), whose cards are thrown away and replaced by
what the table scans; the steps before the play (auction, declaration,
exchange) are the deal's ``step`` with its legal actions; tricks, revokes and
scores are the deal's and the match's.

A hand goes:

1. setup (first hand only): the number of players where the game allows
   several, which seats an AI plays, the dealer;
2. the turned card scanned, where the engine's deal turns one (Oh Hell's
   stock, Knockout's first hand);
3. each AI seat's cards scanned face down into its rack, then a kitty
   (Bid Whist) face down: the table knows them, the screen never names them;
4. the steps: a person's bid or declaration by touch (or left/right and
   Select), the hook shown as a disabled bid with its reason; an AI's said
   at once; an exchange's discards scanned one by one (an AI's asked for by
   their places in its rack, the kitty having joined it);
5. the play, as in classic: a scan is the card of the seat to move, an AI's
   card asked for by its place, refusals say why, revokes proven by the
   engine are flagged;
6. the summary (the engine's ``score_hand``), then the next hand: its size
   from the engine's schedule, knocked-out seats not dealt in.

With a ``store`` every match is journalled through device.journal (run kind
``referee``, as classic's) and :meth:`FamilyReferee.resume` rebuilds it. As in
classic, the scanning of a new hand is not stored: after a cut in the middle
of it the hand is scanned again.

With one reader a card is the card of the player to move. With a reader at some
seats (``begin_reader_setup``: each seat in turn lays any card on its own reader,
any number of seats) a card laid on a seat's reader out of turn is refused at once;
an AI seat's card, and a card of a seat without a reader, go on any reader.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from device import referee_dummy as dummy
from device import referee_knockout as knockout
from device import referee_widow as widow
from device.events import Action as Button
from device.moves import act_fixed
from device.referee_base import (
    AI_HANDS,
    HAND_OVER,
    PLAY,
    READERS,
    SETUP,
    TRUMP,
    RefereeBase,
    ask_ai,
    ordinal,
)
from device.referee_family_view import (
    Choice,
    FamilyView,
    SeatView,
    label_of,
    player_name,
    said_of,
    strain_word,
    verb_of,
)
from engine.actions import Action, Bid, Exchange, Pass, Play
from engine.cards import SUIT_NAMES, Card
from engine.deal import Deal, DealRecord, describe_action
from engine.errors import RulesError
from engine.game import Contract, Game, GameRules, Phase
from engine.games import get_game
from engine.games.knockout import names_trumps
from engine.observation import Observation
from engine.seats import Seat, around, seats_at

if TYPE_CHECKING:
    from device.store import Store

log = logging.getLogger(__name__)

STEPS = "steps"  # the auction, a declaration, an exchange
STOCK = "stock"  # German whist: after a trick the stock's next card is turned and scanned
RACKS = "racks"  # after a restart: each AI rack laid on the reader from the left, for its order
# The games refereed with real cards (classic by device.referee; the rest here), each
# driven through whole hands in tests/device/test_referee_family.py.
REFEREE_GAMES = ("classic", "oh-hell", "knockout", "bid", "solo", "norwegian", "german", "scandinavian",
                 "widow", "dummy")
SCANNED_PILES = ("kitty", "widow")  # piles the table scans face down at the deal

# (observation, level, move seed) -> action
ActionChooser = Callable[[Observation, str, "str | None"], Action]


def engine_act(observation: Observation, level: str, seed: str | None) -> Action:
    """The engine's AI for any game and step, with a fixed amount of work (reproducible)."""
    return act_fixed(observation, level, seed)


@dataclass(frozen=True)
class FamilyAIRequest:
    """An AI seat's action is needed: run ``choose(observation, level, seed)`` and hand
    the answer to ``supply_ai_action(key, action)``."""

    key: tuple[int, int, int]
    seat: Seat
    observation: Observation
    level: str
    seed: str | None


@dataclass
class _Scanning:
    """A hand's scanning before the engine's deal exists."""

    template: DealRecord | None = None  # the engine's own deal of this hand: its shape
    trump_card: Card | None = None
    racks: dict[Seat | str, list[Card]] = field(default_factory=dict)  # AI seats and scanned piles
    wants: list[tuple[Seat | str, int]] = field(default_factory=list)  # in scanning order
    order: list[tuple[Seat | str, Card]] = field(default_factory=list)


def player_counts(game: Game) -> tuple[int, ...]:
    """The table sizes ``game`` is played at (asked of the game)."""
    out = []
    for n in range(2, 8):
        try:
            game.with_players(n)
        except RulesError:
            continue
        out.append(n)
    return tuple(out)


class FamilyReferee(RefereeBase):
    """The real-card referee for a game of the family; see the module docstring."""

    setup_words = "the players and the dealer"
    setup_scan_words = f"choose {setup_words} first, then tap Start"

    def __init__(
        self,
        game: str | Game = "oh-hell",
        players: int | None = None,
        ai_seats: Mapping[Seat | int | str, str] | None = None,
        *,
        rules: GameRules | None = None,
        rules_for: Callable[[int], GameRules] | None = None,
        choose: ActionChooser | None = None,
        ai_async: bool = False,
        seed: int | str | None = None,
        dealer: Seat | int = 0,
        store: Store | None = None,
    ) -> None:
        super().__init__(seed=seed, store=store, ai_async=ai_async)
        g = get_game(game) if isinstance(game, str) else game
        if g.name == "classic":
            raise RulesError("classic whist's real cards are refereed by device.referee.RefereeSession")
        self.game = g if players is None else g.with_players(players)
        # the house's settings for the game at a table size (the config's), else the defaults
        self.rules_for = rules_for
        if rules is None and rules_for is not None:
            rules = rules_for(self.game.players)
        self.rules = rules if rules is not None else self.game.default_rules()
        if rules is not None:
            self.game = self.game.with_rules(rules)
        self.ai_seats = {}
        for s, level in (ai_seats or {}).items():
            if not dummy.may_deal(self, self._seat(s)):
                raise RulesError("the dummy is played by its declarer, a person or an AI")
            self.ai_seats[self._seat(s)] = level
        self.choose = choose or engine_act
        self.setup_dealer = Seat(int(dealer))
        self.match = self._new_match(self.setup_dealer)
        self.scanning = _Scanning()
        self.discards: list[Card] = []  # an exchange's discards scanned so far
        self.choice_focus = 0
        self._ai_actions: dict[tuple[int, int, int], Action] = {}
        self._upcards: set[Card] = set()  # stock cards seen turned and scanned (German whist)
        # After a restart the store knows each AI's cards but not their order in its rack:
        # the racks are laid on the reader again from the left (RACKS).
        self.rack_order: dict[Seat, list[Card]] = {}
        self._rerack: dict[Seat, set[Card]] = {}
        self.seat_readers: dict[str, Seat] = {}  # reader (its port) -> the seat it lies at
        self.asking: Seat | None = None  # READERS: the seat asked to lay a card on its reader

    # -- seats ----------------------------------------------------------------------
    @property
    def players(self) -> int:
        return self.game.players

    def _seat(self, seat: Seat | int | str) -> Seat:
        if isinstance(seat, Seat):
            return seat
        if isinstance(seat, int):
            return Seat(seat)
        return Seat.parse_at(seat, self.players) if not seat.isdigit() else Seat(int(seat))

    def name(self, seat: Seat) -> str:
        if dummy.is_dummy(self) and seat == dummy.DUMMY:
            return dummy.NAME
        return player_name(seat, self.players)

    def _game(self) -> Game:
        return self.game

    def _games_to_win(self) -> int:
        return self.game.games_to_win(self.rules)

    # -- matches --------------------------------------------------------------------
    def resume(self) -> bool:
        """Carry on the newest unfinished real-card match of this store when it is a family
        game's: its game, table size, seats and the hand in play at the action it had reached
        (a hand not yet begun, or being scanned, is scanned again)."""
        stored = self._stored()
        if stored is None:
            return False
        row, match = stored
        if match.game.name == "classic" or match.is_over:
            return False
        journal = self._adopt(row, match)
        self.game, self.rules, self.match, self.journal = match.game, match.rules, match, journal
        self.ai_seats = {self._seat(s): str(v) for s, v in row.players.items() if v != "human"}
        self.setup_dealer = match.first_dealer
        self._ai_actions.clear()
        self.discards = []
        deal = match.current
        self._say(f"resumed the {self.game.title} match from the game store: "
                  f"hand {match.hand_number + (0 if deal else 1)}")
        if deal is None:
            self._begin_hand()
            return True
        sc = self.scanning = _Scanning(template=deal.record, trump_card=deal.record.trump_card)
        known = deal.record.known or ()
        for s in seats_at(self.players):
            cards = known[s] if len(known) > s else None
            if s in self.ai_seats and cards:
                sc.racks[s] = sorted(cards)
                sc.order.extend((s, c) for c in sorted(cards))
        for name, pile in deal.record.piles:
            if pile and (name in SCANNED_PILES or self.draws or self.layouts):
                sc.racks[name] = list(pile)
                sc.order.extend((name, c) for c in pile)
        # a card turned up before the cut was seen: not asked for again
        self._upcards = self._public()
        self.rack_order = {}
        self.phase = PLAY  # (for rack(): the deal's cards)
        self._rerack = {seat: set(self.rack(seat)) for seat in self.ai_seats
                        if not deal.is_over and len(self.rack(seat)) > 1}
        if self._rerack:
            self.phase = RACKS
            self._say("the order of the AI racks was lost with the power: lay each rack's cards on the "
                      "reader from the left, then back in that order")
            return True
        self._after_deal_moved()
        return True

    def _reracking(self) -> Seat | None:
        """The AI seat whose rack is being laid on the reader again (RACKS), or None."""
        short = [s for s in sorted(self._rerack) if len(self.rack_order.get(s, ())) < len(self._rerack[s])]
        return short[0] if short else None

    def _scan_rerack(self, card: Card) -> bool:
        seat = self._reracking()
        assert seat is not None
        name = self.name(seat)
        done = self.rack_order.setdefault(seat, [])
        if card not in self._rerack[seat] or card in done:
            why = "laid already" if card in done else f"not in {name}'s rack"
            return self._refuse(f"that card is {why}: lay {name}'s rack cards from the left, the "
                                f"{ordinal(len(done) + 1)} now")
        done.append(card)
        self._say(f"AI {name}'s rack: {len(done)} of {len(self._rerack[seat])} in order", "ok")
        if self._reracking() is None:
            self._rerack = {}
            self._say("the racks are in order again", "ok")
            self._after_deal_moved()
        return True

    # -- state ----------------------------------------------------------------------
    def _moment(self) -> tuple[object, ...]:
        deal = self.deal
        return (self.phase, len(self.match.deals), len(deal.actions) if deal is not None else -1,
                sum(len(x) for x in self.rack_order.values()),
                len(self.scanning.order), self.scanning.trump_card, self._undos, len(self.discards),
                self.reader_connected, tuple(sorted(self.ai_seats)), self.players, self.setup_dealer,
                self.asking)

    # -- setup ------------------------------------------------------------------------
    def set_players(self, players: int) -> bool:
        """The table size, for a game played by several (before the first deal)."""
        if self.phase != SETUP or self.match.deals:
            return self._refuse("the number of players is chosen before the first deal")
        try:
            game = self.game.with_players(players)
        except RulesError as exc:
            return self._refuse(str(exc))
        self.rules = self.rules_for(players) if self.rules_for is not None else game.default_rules()
        self.game = game.with_rules(self.rules) if self.rules_for is not None else game
        self.ai_seats = {s: v for s, v in self.ai_seats.items() if int(s) < players}
        self.seat_readers = {r: s for r, s in self.seat_readers.items() if int(s) < players}
        if int(self.setup_dealer) >= players:
            self.setup_dealer = Seat(0)
        self.matches -= 1
        self.match = self._new_match(self.setup_dealer)
        return True

    # -- a reader per seat ------------------------------------------------------------------
    def _reader_start(self) -> None:
        self.seat_readers.clear()
        self.asking = Seat(0)

    def _reader_asked(self) -> Seat | None:
        return self.asking

    def _reader_skip(self) -> str:
        assert self.asking is not None
        said = f"{self.name(self.asking)} has no reader: its cards go on any reader at its turn"
        self._next_reader()
        return said

    def _reader_stop(self) -> None:
        self.asking = None

    def _reader_laid(self, reader: str | None) -> tuple[bool, str]:
        asked = self.asking
        assert asked is not None
        if reader is None:
            return False, "that reader has no name: a reader per seat needs the udev rule's names"
        if reader in self.seat_readers:
            return False, (f"that is {self.name(self.seat_readers[reader])}'s reader - "
                           f"{self._reader_prompt()}")
        self.seat_readers[reader] = asked
        self._next_reader()
        return True, f"{self.name(asked)}'s reader found"

    def seats_with_readers(self) -> list[Seat]:
        return sorted(set(self.seat_readers.values()))

    def _next_reader(self) -> None:
        assert self.asking is not None
        nxt = int(self.asking) + 1
        while nxt < self.players and not dummy.may_deal(self, Seat(nxt)):
            nxt += 1  # dummy whist's dummy: nobody sits there
        self.asking = Seat(nxt) if nxt < self.players else None

    def reader_of(self, seat: Seat) -> str | None:
        return next((r for r, s in self.seat_readers.items() if s == seat), None)

    def _out_of_turn(self, reader: str | None, seat: Seat) -> str | None:
        """A card laid on another seat's own reader while ``seat`` is to lay one: what to say."""
        laid_by = self.seat_readers.get(reader or "")
        deal = self.deal
        actor = self.game.actor(deal, seat) if deal is not None else seat  # the dummy's: its declarer
        carried = self.is_ai(actor) and self.reader_of(actor) is None  # an AI's card goes on any
        if laid_by is None or laid_by in (seat, actor) or carried:
            return None
        who = self.name(laid_by)
        return f"not {who}'s turn: {who}, take back the card on your reader - {self.name(seat)} to play"

    def _check_ai_seat(self, seat: Seat, level: str | None) -> None:
        if int(seat) >= self.players:
            raise RulesError(f"{self.game.title} is set for {self.players} players: no seat {int(seat) + 1}")
        if level is not None and not dummy.may_deal(self, seat):
            raise RulesError("the dummy is played by its declarer, a person or an AI")

    def toggle_ai(self, seat: Seat | int | str, level: str = "hard") -> None:
        if not dummy.may_deal(self, self._seat(seat)):
            self._refuse("the dummy is played by its declarer: choose the three players")
            return
        super().toggle_ai(seat, level)

    def step_dealer(self, step: int = 1) -> None:
        """The setup's dealer moved on round the seats that may deal (not dummy whist's dummy)."""
        seat = self.setup_dealer
        for _ in range(self.players):
            seat = around(seat, step, self.players)
            if dummy.may_deal(self, seat):
                break
        self.setup_dealer = seat

    def _begin_hand(self) -> None:
        self._upcards = set()
        self.rack_order, self._rerack = {}, {}
        self.preview = None
        self.discards = []
        self._ai_actions.clear()
        template = self.match.next_record()  # the engine's deal of this hand: what it looks like
        sc = self.scanning = _Scanning(template=template)
        sizes = self.sizes()
        for s in self._ai_order():
            sc.racks[s] = []
            sc.wants.append((s, sizes[s]))
        for name, cards in template.piles:
            if cards and (name in SCANNED_PILES or self.draws or self.layouts):
                sc.racks[name] = []
                sc.wants.append((name, len(cards)))
        size = max(sizes)
        out = [self.name(s) for s in seats_at(self.players) if sizes[s] == 0]
        words = f"hand {self.match.hand_number + 1}: {self.name(template.dealer)} deals {size} card" \
                f"{'s' if size != 1 else ''} each"
        if out:
            words += f" (not to {', '.join(out)}: out)"
        dogs = knockout.dogs_dealt(sizes)
        if dogs:
            words += f"; one to {', '.join(self.name(s) for s in dogs)}: a dog's life"
        self._say(words)
        if template.trump_card is not None:
            self.phase = TRUMP
            return
        if template.declarer is None and not self.game.has_auction:
            self._say(f"{strain_word(template.trump).capitalize()} this hand (no card is turned)")
        self._after_trump()

    @property
    def draws(self) -> bool:
        """The game moves cards from a pile to the hands between tricks (German whist's
        stock): that pile is scanned face down at the deal, in order, top first."""
        return type(self.game).after_trick is not Game.after_trick

    @property
    def layouts(self) -> bool:
        """The game plays from layouts on the table (Scandinavian whist's 8 face down under 8
        face up): they are scanned at the deal, the face-down ones from the left, face down."""
        return type(self.game).layout is not Game.layout

    def _public(self) -> set[Card]:
        """Cards every seat may see now (a stock's turned card, face-up layouts), the kitty aside."""
        deal = self.deal
        if deal is None:
            return set()
        skip = {self._exchange_pile(), "discard"}
        seen = [{c for name, cards in self.game.visible_piles(deal, s).items() if name not in skip
                 for c in cards} for s in deal.seats]
        return set.intersection(*seen) if seen else set()

    def pile_words(self, name: str) -> str:
        """What a pile is called on the screen: "the stock", "Player 2's face-down layout"."""
        if name == "discard" and widow.is_widow(self):
            return widow.DEAD
        for prefix, side in (("down", "face-down"), ("up", "face-up")):
            if name.startswith(prefix) and name[len(prefix):].isdigit():
                return f"{self.name(Seat(int(name[len(prefix):])))}'s {side} layout"
        return f"the {name}"

    def sizes(self) -> list[int]:
        """Cards dealt to each seat this hand (0: not dealt in), as the engine deals it."""
        t = self.scanning.template
        if t is None:
            return [0] * self.players
        # (a physical record, after a restart: a hand not scanned holds the record's size)
        return [t.size if h is None and t.size is not None else len(h or ()) for h in t.hands()]

    def _turned_pile(self) -> str | None:
        """The pile the turned card lies on (Oh Hell's stock), None when it is the dealer's."""
        t = self.scanning.template
        if t is None or t.trump_card is None:
            return None
        return next((name for name, cards in t.piles if t.trump_card in cards), None)

    def _ai_order(self) -> list[Seat]:
        t = self.scanning.template
        assert t is not None
        sizes = self.sizes()
        order = [around(t.dealer, i, self.players) for i in range(1, self.players + 1)]
        # a person on a dog's life: its one card too, so the engine knows whose hand is one card
        dogs = knockout.dogs_dealt(sizes)
        scanned = dummy.scanned_seats(self)
        return [s for s in order if (s in self.ai_seats or s in dogs or s in scanned) and sizes[s] > 0]

    # -- trumps and scanning ------------------------------------------------------------
    def _scan_trump(self, card: Card) -> bool:
        if card.suit > 3:
            return self._refuse(f"{card.symbol} cannot be turned for trumps: scan the turned card")
        sc = self.scanning
        assert sc.template is not None
        sc.trump_card = card
        self._upcards = {card}
        where = "from the stock" if self._turned_pile() else f"by {self.name(sc.template.dealer)}"
        self._say(f"{card.symbol} turned {where}: {SUIT_NAMES[card.suit]} are trumps", "ok")
        self._after_trump()
        return True

    def _after_trump(self) -> None:
        sc = self.scanning
        assert sc.template is not None
        dealer = sc.template.dealer
        pile = self._turned_pile()
        if sc.trump_card is not None and pile is None and dealer in sc.racks:
            sc.racks[dealer].append(sc.trump_card)  # the dealer's own card, face up
        if sc.trump_card is not None and pile is not None and pile in sc.racks:
            sc.racks[pile].append(sc.trump_card)  # the top of a pile scanned whole
        self.phase = AI_HANDS
        self._maybe_start()

    def _scanning_target(self) -> tuple[Seat | str, int] | None:
        sc = self.scanning
        for key, want in sc.wants:
            if len(sc.racks[key]) < want:
                return key, want
        return None

    def _holder(self, key: Seat | str) -> str:
        if isinstance(key, Seat):
            if key in dummy.scanned_seats(self):
                return "the dummy"
            return f"AI {self.name(key)}" if self.is_ai(key) else f"{self.name(key)}'s one card"
        return self.pile_words(key)

    def _scan_rack(self, card: Card) -> bool:
        target = self._scanning_target()
        assert target is not None
        key, want = target
        again = f"scan {self._holder(key)}'s next card"
        if card.suit > 3 and not self.game.jokers:
            return self._refuse(f"{card.symbol}: {self.game.title} is played without jokers - {again}")
        owner = self._rack_owner(card)
        if owner is not None:
            return self._refuse(f"that card was scanned already: it is {self._place(owner, card)} - {again}")
        if card == self.scanning.trump_card:
            return self._refuse(f"{card.symbol} is the turned card - {again}")
        self.scanning.racks[key].append(card)
        self.scanning.order.append((key, card))
        self._say(f"{self._holder(key)}: {len(self.scanning.racks[key])} of {want} scanned", "ok")
        self._maybe_start()
        return True

    def _maybe_start(self) -> None:
        if self._scanning_target() is not None:
            return
        sc = self.scanning
        t = sc.template
        assert t is not None
        sizes = self.sizes()
        known = tuple(
            frozenset(sc.racks[s]) if s in sc.racks else (frozenset() if sizes[s] == 0 else None)
            for s in seats_at(self.players))
        piles = [(name, tuple(sc.racks[name])) for name, _ in t.piles if name in sc.racks]
        pile = self._turned_pile()
        if pile is not None and sc.trump_card is not None and pile not in sc.racks:
            piles.append((pile, (sc.trump_card,)))  # the rest of that pile is never seen
        trump = sc.trump_card.suit if sc.trump_card is not None else t.trump
        record = DealRecord(t.dealer, trump, None, sc.trump_card, known, None, tuple(piles), t.declarer,
                            max(sizes))
        self._journal_match()
        try:
            self.match.start_deal(record)
        except RulesError as exc:  # not expected: the shape is the engine's own deal's
            self._refuse(f"the deal cannot start: {exc}")
            return
        self._upcards |= self._public()
        self._after_deal_moved()

    def _after_deal_moved(self) -> None:
        """After any action (or its undo): the phase from the deal, the AI asked."""
        deal = self.deal
        assert deal is not None
        if deal.is_over:
            self._hand_over()
            return
        self.phase = STEPS if deal.step is not None else PLAY
        if self.upcard_wanted() is not None:
            self.phase = STOCK
            return
        self.choice_focus = 0
        self._prepare_ai()

    # -- the stock (German whist) -----------------------------------------------------------
    def upcard_wanted(self) -> Card | None:
        """A card scanned face down at the deal that the game has just turned face up (German
        whist's stock after a trick, a Scandinavian layout card uncovered): scanned before play
        goes on, so the table's cards are seen to lie as scanned."""
        deal = self.deal
        if deal is None or deal.contract is None or deal.is_over or not (self.draws or self.layouts):
            return None
        public = self._public()
        gone = set(deal.played) | set(deal.current.cards)
        pile = self._exchange_pile()
        return next((c for k, c in self.scanning.order if isinstance(k, str) and k != pile
                     and c in public and c not in gone and c not in self._upcards), None)

    def _scan_upcard(self, card: Card) -> bool:
        want = self.upcard_wanted()
        assert want is not None
        if card != want:
            why = "it was played" if self.deal is not None and card in self.deal.played else \
                "the cards lie in the order they were scanned"
            return self._refuse(f"that is not the card just turned ({why}): {self._turn_words()}")
        self._upcards.add(card)
        self._say(f"{card.symbol} turned up", "ok")
        self._after_deal_moved()
        return True

    def _turn_words(self) -> str:
        want = self.upcard_wanted()
        if self.layouts and want is not None:
            where = next((k for k, c in self.scanning.order if c == want), "")
            layout = self.pile_words(str(where)).replace("face-down ", "")
            return f"turn up the card uncovered in {layout} and scan it"
        return "turn the top card of the stock face up and scan it"

    def _drawn(self, winner: Seat) -> None:
        """Say who took what from the stock after a trick (an AI's face-down card by its place)."""
        deal = self.deal
        assert deal is not None
        taken = deal.tricks[-1]
        before = [c for c in deal.record.pile(self._turned_pile() or "")
                  if c not in deal.piles.get(self._turned_pile() or "", ())]
        if len(before) < 2 or not taken:
            return
        up = before[-2]  # the winner's; the loser's (before[-1]) is never named
        loser = around(winner, 1, self.players)
        self._say(f"{self.name(winner)} takes {up.symbol}; {self.name(loser)} takes the next card, face down")
        if self.is_ai(winner):
            self._say(f"{self.name(winner)} (AI): put {up.symbol} at the right end of its rack")
        if self.is_ai(loser):
            self._say(f"{self.name(loser)} (AI): put the card it takes, face down, at the right end "
                      "of its rack")

    # -- racks ----------------------------------------------------------------------------
    def _exchange_pile(self) -> str | None:
        deal = self.deal
        if deal is None:
            return None
        try:
            return self.game.exchange_pile(deal)
        except RulesError:
            return None

    def kitty_taker(self) -> Seat | None:
        """The seat that has taken the kitty up (in the exchange or after it)."""
        deal = self.deal
        if deal is None:
            return None
        if deal.exchanges:
            return deal.exchanges[0].seat
        step = deal.step
        if step is not None and step.phase is Phase.EXCHANGE:
            return step.seat
        return None

    def rack(self, key: Seat | str) -> list[Card]:
        """What lies face down in a rack (an AI's, a kitty's, a stock's), in scan order; an AI
        that took the kitty has its cards at the right end, and cards it drew after them;
        cards played or laid away are gone."""
        sc = self.scanning
        deal = self.deal
        cards = [c for k, c in sc.order if k == key]
        if deal is None or self.phase in (SETUP, TRUMP, AI_HANDS):
            return cards
        if isinstance(key, str):  # a kitty face down until taken up (a stock, a layout: their piles')
            return list(deal.piles.get(key, ())) if key == self._exchange_pile() else []
        held = deal.hand(key)
        if held is None or self.face_up(key):
            return []
        if key in self.rack_order and key not in self._rerack:  # laid again after a restart
            cards = list(self.rack_order[key])
        pile = self._exchange_pile()
        if pile is not None and pile in sc.racks and key == self.kitty_taker():
            cards += [c for c in deal.record.pile(pile) if c not in cards]
        for _, dealt in deal.record.piles:  # drawn from a pile: at the right end, as drawn
            cards += [c for c in dealt if c in held and c not in cards]
        for ex in deal.exchanges:  # a hand taken whole (widow whist's swap): as it lay
            cards += [c for c in ex.discard if c in held and c not in cards]
        turned = sc.trump_card if self._turned_pile() is None else None  # the dealer's: face up
        return [c for c in cards if c in held and c not in self.discards and c != turned]

    def face_up(self, seat: Seat) -> bool:
        """Whether ``seat``'s hand lies face up for all (dummy whist's dummy once the auction is over)."""
        deal = self.deal
        held = deal.hand(seat) if deal is not None else None
        if not held or self.phase in (SETUP, TRUMP, AI_HANDS):
            return False
        return held <= self._public()

    def _rack_owner(self, card: Card) -> Seat | str | None:
        return next((k for k in self.scanning.racks if card in self.rack(k)), None)

    def _place(self, key: Seat | str, card: Card) -> str:
        cards = self.rack(key)
        deal = self.deal
        if isinstance(key, Seat) and deal is not None and card in self.game.layout(deal, key):
            return f"{card.symbol} from {self.name(key)}'s layout"
        if isinstance(key, Seat) and self.face_up(key):
            return f"{card.symbol} from {self.name(key)}'s cards, face up"
        if card not in cards:
            return f"the turned card {card.symbol}"
        whose = f"{self.name(key)}'s rack" if isinstance(key, Seat) else self.pile_words(key)
        return f"the {ordinal(cards.index(card) + 1)} card from the left of {whose}"

    def _elsewhere(self, card: Card, seat: Seat) -> str | None:
        """Why ``card`` cannot be ``seat``'s now: where it is known to lie (never naming a
        card of a hidden rack), or None."""
        deal = self.deal
        assert deal is not None
        played = deal.played
        if card in played:
            return f"{card.symbol} was played in trick {played[card]}"
        if card in deal.current.cards:
            return f"{card.symbol} was played in this trick"
        owner = self._rack_owner(card)
        if owner is not None and owner != seat:
            return f"that card is {self._place(owner, card)}: put it back"
        for other in deal.seats:  # a hand face up (dummy whist's dummy)
            if other != seat and card in (deal.hand(other) or ()) and self.face_up(other):
                return f"{card.symbol} is {self.name(other)}'s, face up: put it back"
        for other in deal.seats:  # a face-up layout card (Scandinavian whist)
            if card in self.game.layout(deal, other):
                return None if other == seat else f"{card.symbol} is in {self.name(other)}'s layout"
        for name, cards in deal.piles.items():
            taking = deal.step is not None and name == self._exchange_pile() and seat == self.kitty_taker()
            if card in cards and not taking:
                where = self.pile_words(name)
                shown = card == deal.record.trump_card or card in self._public()
                return f"{card.symbol} lies in {where}" if shown else \
                    f"that card lies face down in {where}: put it back"
        turned = deal.record.trump_card
        if turned is not None and card == turned and seat != deal.dealer and self._turned_pile() is None:
            return f"{card.symbol} is the turned card, {self.name(deal.dealer)}'s (the dealer)"
        if card.suit > 3 and not self.game.jokers:
            return f"{card.symbol}: {self.game.title} is played without jokers"
        return None

    # -- AI ---------------------------------------------------------------------------------
    @property
    def ai_request(self) -> FamilyAIRequest | None:
        deal = self.deal
        if self.phase not in (STEPS, PLAY) or deal is None or deal.turn is None:
            return None
        seat = self.game.actor(deal, deal.turn)
        if not self.is_ai(seat):
            return None
        key = self._key()
        if key in self._ai_actions:
            return None
        return FamilyAIRequest(key, deal.turn, deal.observe(deal.turn), self.ai_seats[seat],
                               self.match.move_seed())

    def supply_ai_action(self, key: tuple[int, int, int], action: Action | None) -> bool:
        """The answer to ``ai_request``; a stale answer is dropped, an illegal one replaced."""
        req = self.ai_request
        if req is None or req.key != key:
            return False
        deal = self.deal
        assert deal is not None
        if action is None or not deal.is_legal(action):  # (an exchange checked too: count, cards)
            legal = deal.legal_actions()
            log.warning("AI answered %r, not legal for %s; taking %r", action, req.seat, legal[:1])
            if legal:
                action = legal[0]
            elif deal.step is not None and deal.step.phase is Phase.EXCHANGE:
                hand = sorted(deal.hand(req.seat) or ())
                action = Exchange(req.seat, tuple(hand[:deal.exchange_count()]))
        assert action is not None
        if isinstance(action, Exchange) and self.whole_exchanges:
            action = Exchange(action.seat, self._as_laid(action.discard))
        self._ai_actions[key] = action
        whole = isinstance(action, Exchange) and self.whole_exchanges
        if not isinstance(action, (Play, Exchange)) or whole:
            # A bid, a declaration or a whole hand laid away: no card to lay, said and applied at once.
            self._apply(action)
            if isinstance(action, Exchange) and whole and widow.is_widow(self):
                self._say(widow.ai_moves(self, action))
        return True

    @property
    def whole_exchanges(self) -> bool:
        """The game's exchanges are a few whole hands it offers (widow whist), not any cards:
        a person's by a button (where the table knows the hand laid away), an AI's at once."""
        return type(self.game).exchange_legal is not Game.exchange_legal

    def _as_laid(self, cards: tuple[Card, ...]) -> tuple[Card, ...]:
        """Cards in the order they lie face down: as scanned, or as laid away before."""
        deal = self.deal
        lying = [c for _, c in self.scanning.order]
        for ex in deal.exchanges if deal is not None else ():
            lying += ex.discard
        at = {c: i for i, c in reversed(list(enumerate(lying)))}
        return tuple(sorted(cards, key=lambda c: at.get(c, len(lying))))

    def _prepare_ai(self) -> None:
        req = self.ai_request
        if req is None or self.ai_async:
            return
        self.supply_ai_action(req.key, ask_ai(self.choose, req.observation, req.level, req.seed,
                                              self.name(req.seat)))

    def expected(self) -> Action | None:
        """The AI's card or exchange now wanted on the reader (None: a person's turn, thinking)."""
        deal = self.deal
        if self.phase not in (STEPS, PLAY) or deal is None or deal.turn is None:
            return None
        if not self.is_ai(self.game.actor(deal, deal.turn)):
            return None
        return self._ai_actions.get(self._key())

    def expected_card(self) -> Card | None:
        want = self.expected()
        if isinstance(want, Play):
            return want.card
        if isinstance(want, Exchange):
            return next((c for c in want.discard if c not in self.discards), None)
        return None

    # -- the steps by touch ----------------------------------------------------------------
    def choices(self) -> list[Choice]:
        """The buttons of the auction or declaration for the person to act (else none)."""
        deal = self.deal
        if self.phase == PLAY and deal is not None and deal.turn is not None:
            return knockout.knock_choices(self, deal, deal.turn)
        if self.phase != STEPS or deal is None or deal.turn is None or deal.step is None:
            return []
        if self.is_ai(self.game.actor(deal, deal.turn)):
            return []
        if deal.step.phase is Phase.EXCHANGE:
            if not self.whole_exchanges or self.discards:
                return []
            return [Choice(widow.exchange_label(deal, a), Exchange(a.seat, self._as_laid(a.discard)))
                    for a in deal.legal_actions() if isinstance(a, Exchange)]
        seat = deal.turn
        legal = deal.legal_actions()
        out = [Choice(label_of(a), a) for a in legal]
        # A bid of a count not offered (Oh Hell's dealer's hook) is shown greyed, with why.
        offered = {a.tricks for a in legal if isinstance(a, Bid) and a.tricks is not None}
        if deal.step.phase is Phase.AUCTION and offered:
            k = deal.tricks_per_hand
            total = sum(a.tricks or 0 for a in deal.auction if isinstance(a, Bid))
            for hook in (n for n in range(k + 1) if n not in offered):
                action = Bid(seat, tricks=hook)
                at = next((i for i, c in enumerate(out) if isinstance(c.action, Bid)
                           and (c.action.tricks or 0) > hook), len(out))
                out.insert(at, Choice(label_of(action), action, False,
                                      f"the bids ({total} so far) would add up to the {k} tricks: "
                                      f"the dealer's hook"))
        return out

    def act(self, action: Action) -> bool:
        """A person's bid, pass or declaration (a button), checked by the engine."""
        knock = isinstance(action, Pass) and any(c.action == action for c in self.choices())
        if self.phase == PLAY and knock:
            return self._apply(action)
        if self.phase != STEPS:
            return self._refuse("the bids and the trump call are made before the play")
        deal = self.deal
        assert deal is not None and deal.turn is not None
        if self.is_ai(self.game.actor(deal, deal.turn)):
            return self._refuse(f"{self.name(deal.turn)} is the AI's: wait for it")
        return self._apply(action)

    def _apply(self, action: Action) -> bool:
        deal = self.deal
        assert deal is not None
        try:
            self.match.apply(action)
        except RulesError as exc:
            return self._refuse(str(exc))
        words = widow.said(self, action) if widow.is_widow(self) else None
        if isinstance(action, Pass) and deal.contract is not None:
            words = "knocks (a dog's life): this trick passes it by"
        self._say(f"{self.name(action.seat)}: {words or said_of(action, self.players)}", "ok")
        self._after_deal_moved()
        return True

    # -- input ------------------------------------------------------------------------------
    def _scan_card(self, c: Card, reader: str | None) -> bool:
        if self.phase == HAND_OVER:
            return self._refuse("the hand is over - " + self._next_words())
        if self.phase == TRUMP:
            return self._scan_trump(c)
        if self.phase == AI_HANDS:
            return self._scan_rack(c)
        if self.phase == STOCK:
            return self._scan_upcard(c)
        if self.phase == RACKS:
            return self._scan_rerack(c)
        deal = self.deal
        assert deal is not None and deal.turn is not None
        if self.phase == STEPS:
            step = deal.step
            assert step is not None
            if step.phase is Phase.EXCHANGE:
                wrong = self._out_of_turn(reader, step.seat)
                return self._refuse(wrong) if wrong else self._scan_discard(c, step.seat)
            who = self.name(deal.turn)
            return self._refuse(f"no card now: {who} to {verb_of(step.phase)} (on the screen)")
        wrong = self._out_of_turn(reader, deal.turn)
        if wrong is not None:
            return self._refuse(wrong)
        return self._scan_play(c, deal.turn)

    def _scan_discard(self, card: Card, seat: Seat) -> bool:
        deal = self.deal
        assert deal is not None
        count = deal.exchange_count()
        name = self.name(seat)
        lay = f"lay {name}'s discards on the reader, face down ({len(self.discards)} of {count})"
        ai = self.is_ai(self.game.actor(deal, seat))
        want = self.expected_card() if ai else None
        if ai:
            if want is None:
                return self._refuse(f"{name} (AI) is still choosing its discards - wait")
            if card != want:
                return self._refuse(f"{name} lays away {self._place(seat, want)}, not that card")
        else:
            if card in self.discards:
                return self._refuse(f"{card.symbol} is laid away already - {lay}")
            why = self._elsewhere(card, seat)
            if why is None and widow.is_widow(self):
                why = widow.refuse_discard(self, deal, seat, card)
            if why is not None:
                return self._refuse(f"{why} - {lay}")
        self.discards.append(card)
        self._say(f"{name} lays away {len(self.discards)} of {count}", "ok")
        if len(self.discards) < count:
            return True
        action = Exchange(seat, tuple(self.discards))
        try:
            self.match.apply(action)
        except RulesError as exc:
            self.discards.pop()
            return self._refuse(f"{exc} - take the last card back and lay another")
        self.discards = []
        self._say(f"{name} has laid away {count}: the play begins" if deal.step is None
                  else f"{name} has laid away {count}", "ok")
        self._after_deal_moved()
        return True

    def _scan_play(self, card: Card, seat: Seat) -> bool:
        deal = self.deal
        assert deal is not None
        name = self.name(seat)
        ai = self.is_ai(self.game.actor(deal, seat))  # the dummy's card: its declarer's choice
        want = self.expected_card() if ai else None
        lay = f"lay {name}'s card on the reader"
        if want is not None:
            lay = f"lay {self._place(seat, want)}"
        if ai:
            if want is None:
                return self._refuse(f"{name} (AI) is still choosing - wait for its card")
            if card != want:
                owner = self._rack_owner(card)
                if owner is None:
                    return self._refuse(f"{name} plays {self._place(seat, want)}, not {card.symbol}")
                return self._refuse(f"not that card: put it back as {self._place(owner, card)}; "
                                    f"{name} plays {self._place(seat, want)}")
        why = self._elsewhere(card, seat)
        if why is not None:
            return self._refuse(f"{why} - {lay}")
        before = len(deal.revokes)
        try:
            done = self.match.apply(Play(seat, card))
        except RulesError as exc:
            return self._refuse(f"{exc} - {lay}")
        deal = self.deal
        assert deal is not None
        self._say(f"{name} plays {card.symbol}", "ok")
        for revoke in deal.revokes[before:]:
            self._say(f"revoke! {self.name(revoke.seat)} showed out of {SUIT_NAMES[revoke.suit]} in trick "
                      f"{revoke.trick}, then played {SUIT_NAMES[revoke.suit]} in trick {revoke.proven_in}",
                      "revoke")
        if done is not None:
            winner = done.winner(deal.order)
            self._say(f"trick {len(deal.tricks)} to {self.name(winner)}", "ok")
            if self.draws:
                self._drawn(winner)
        self._after_deal_moved()
        return True

    def _handle_button(self, action: Button) -> bool:
        if self.phase == STEPS:
            choices = [c for c in self.choices() if c.enabled]
            if not choices:
                return False
            if action in (Button.LEFT, Button.RIGHT):
                step = 1 if action == Button.RIGHT else len(choices) - 1
                self.choice_focus = (self.choice_focus + step) % len(choices)
                return True
            if action == Button.SELECT:
                self.act(choices[self.choice_focus % len(choices)].action)
                return True
        elif self.phase == PLAY and action == Button.SELECT and self.choices():
            self.act(self.choices()[0].action)  # a dog's knock
            return True
        return False

    # -- the end of a hand ------------------------------------------------------------------
    def _hand_over(self) -> None:
        deal = self.deal
        assert deal is not None
        number = len(self.match.hands) + 1
        self.preview = self.game.score_hand(deal, self.match.game_score, self.rules, number, None)
        self.phase = HAND_OVER
        self._say("hand over: " + self._tricks_line(deal), "ok")

    def _tricks_line(self, deal: Deal) -> str:
        if self.game.partnerships:
            ns, ew = deal.tricks_taken()
            return f"tricks {self.game.side_names[0]} {ns}, {self.game.side_names[1]} {ew}"
        seats = [s for s in deal.seats if s not in deal.out]
        return "tricks " + ", ".join(f"{self.name(s)} {deal.taken[s]}" for s in seats)

    def _winner_words(self) -> str:
        w = self.match.winner
        who = self.game.side_names[w] if self.game.partnerships and w is not None else \
            (self.name(Seat(w)) if w is not None else "nobody")
        return f"the {self.game.title} match is over: {who} wins - a new match starts"

    def summary_lines(self) -> list[str]:
        s = self.preview or self.last_score
        deal = self.deal
        if s is None:
            return []
        lines = [f"hand {s.number}: {self.name(s.dealer)} dealt, {strain_word(s.trump)}"]
        if deal is not None and deal.contract is not None and deal.contract.call:
            by, call = deal.contract.declarer, deal.contract.call
            if by is not None and names_trumps(deal.contract):  # Knockout's: the screen's name for them
                lines[0] += f", named by {self.name(by)}"
            elif call != "turned":
                lines[0] += f" - {call}" + (f" ({self.name(by)})" if by is not None else "")
        if deal is not None:
            lines.append(self._tricks_line(deal))
        for r in s.revokes:
            lines.append(f"revoke: {self.name(r.seat)} in trick {r.trick} (proven in trick {r.proven_in})")
        names = self._side_names()
        if deal is not None and any(isinstance(a, Bid) and a.tricks is not None for a in deal.auction):
            lines.append("bids: " + ", ".join(f"{self.name(a.seat)} {a.tricks}" for a in deal.auction
                                              if isinstance(a, Bid)))
        lines.append("points: " + ", ".join(f"{names[i]} {p:+d}" for i, p in enumerate(s.points)))
        lines.extend(self._named(note) for note in s.notes if not note.startswith("bids "))
        lines.append("total: " + ", ".join(f"{names[i]} {p}" for i, p in enumerate(s.game_after)))
        if s.game_won_by is not None:
            lines.append(f"won by {names[s.game_won_by]}")
        return lines

    def _named(self, note: str) -> str:
        """An engine note with its seat labels (0 to N-1 away from four) as the screen's names."""
        if self.players == 4:
            return note
        def names(labels: str) -> str:
            return ", ".join(self.name(Seat(int(x))) if x.isdigit() else x for x in labels.split(", "))
        for prefix in ("out: ", "no tricks: ", "shared win: "):
            if note.startswith(prefix):
                return prefix + names(note[len(prefix):])
        last = " is the last player left"
        if note.endswith(last) and note[:-len(last)].isdigit():
            return names(note[:-len(last)]) + last
        return note

    def _side_names(self) -> tuple[str, ...]:
        if self.game.partnerships:
            return self.game.side_names
        return tuple(self.name(s) for s in seats_at(self.players))[:self.game.sides]  # (no dummy's score)

    # -- undo -------------------------------------------------------------------------------
    def can_undo(self) -> bool:
        if self.phase == RACKS:
            return any(self.rack_order.values())
        if self.phase in (STEPS, PLAY, STOCK, HAND_OVER):
            deal = self.deal
            return bool(self.discards) or (deal is not None and bool(deal.actions)) \
                or bool(self.scanning.order) or self.scanning.trump_card is not None
        if self.phase == AI_HANDS:
            return bool(self.scanning.order) or self.scanning.trump_card is not None
        return self.phase == TRUMP and not self.match.deals

    def undo(self) -> bool:
        """Take back the last thing done: a discard, an action (an AI's bid goes with the
        person's before it), a scanned card, the turned card."""
        self._undos += 1
        self._ai_actions.clear()
        if self.phase == RACKS:
            seat = next((s for s in sorted(self.rack_order, reverse=True) if self.rack_order[s]), None)
            if seat is None:
                return self._refuse("nothing to undo")
            self.rack_order[seat].pop()
            self._say(f"undone: the last card of AI {self.name(seat)}'s rack - lay it again")
            return True
        if self.discards:
            self.discards.pop()
            self._say("undone: the last discard taken back")
            return True
        if self.phase in (STEPS, PLAY, STOCK, HAND_OVER):
            deal = self.deal
            assert deal is not None
            # An AI's bid or call is not a card: undo back to before the person's action.
            while deal.actions and self._ai_call(deal.actions[-1]):
                self._undo_action()
                deal = self.deal
                assert deal is not None
            if deal.actions:
                last = deal.actions[-1]
                self._undo_action()
                self.preview = None
                if isinstance(last, Exchange) and not self._chosen(last):
                    self.discards = list(last.discard[:-1])  # the discards but the last stay scanned
                self._after_deal_moved()
                return True
            self.match.misdeal()  # nothing done yet: back to scanning the deal
            self.phase = AI_HANDS
        if self.phase == AI_HANDS:
            sc = self.scanning
            if sc.order:
                key, card = sc.order.pop()
                sc.racks[key].remove(card)
                self._say(f"undone: the last card of {self._holder(key)} taken out - scan it again")
                return True
            if sc.trump_card is not None:
                dealer = sc.template.dealer if sc.template is not None else None
                if dealer is not None and dealer in sc.racks and sc.trump_card in sc.racks[dealer]:
                    sc.racks[dealer].remove(sc.trump_card)
                sc.trump_card = None
                self.phase = TRUMP
                self._say("the turned card undone: scan it again")
                return True
            return self._refuse("nothing to undo")
        return self._undo_to_setup()

    def _ai_call(self, action: Action) -> bool:
        whole = isinstance(action, Exchange) and self.whole_exchanges
        deal = self.deal
        actor = self.game.actor(deal, action.seat) if deal is not None else action.seat
        said_at_once = not isinstance(action, Play) and (whole or not isinstance(action, Exchange))
        return said_at_once and self.is_ai(actor)

    def _chosen(self, action: Exchange) -> bool:
        """An exchange made by a button or by an AI at once (no card was scanned for it)."""
        deal = self.deal
        if deal is None or not self.whole_exchanges:
            return False
        laid = set(action.discard)
        return self.is_ai(action.seat) or any(isinstance(a, Exchange) and set(a.discard) == laid
                                              for a in deal.legal_actions())

    def _undo_action(self) -> None:
        last = self.match.undo()
        self._say(f"undone: {self.name(last.seat)}'s {said_of(last, self.players, hide=True)}")

    # -- the screen ---------------------------------------------------------------------------
    def prompt(self) -> str:
        if self.phase == READERS:
            return self._reader_prompt()
        if self.phase == SETUP:
            how = "tap a seat for a person or the AI, Start to begin" if self.touch \
                else "left/right: the dealer, select to start"
            return f"{self.game.title}, {self.players} players: {self.name(self.setup_dealer)} deals ({how})"
        if self.phase == HAND_OVER:
            return "hand over - " + self._next_words()
        sc = self.scanning
        if self.phase == TRUMP:
            assert sc.template is not None
            where = "the top card of the stock" if self._turned_pile() else "the dealer's last card"
            dealer = self.name(sc.template.dealer)
            return f"{dealer} deals {max(self.sizes())} each: scan the turned card ({where})"
        if self.phase == STOCK:
            return self._turn_words()
        if self.phase == RACKS:
            seat = self._reracking()
            assert seat is not None
            n, total = len(self.rack_order.get(seat, ())), len(self._rerack[seat])
            name = self.name(seat)
            return (f"after the restart: lay AI {name}'s rack on the reader card by card from the left "
                    f"({n} of {total}), face down, and back in that order")
        if self.phase == AI_HANDS:
            target = self._scanning_target()
            if target is None:
                return "starting..."
            key, count = target
            n = len(sc.racks[key])
            if isinstance(key, str) and key.startswith("down"):
                return (f"{self.pile_words(key)}: {n} of {count} scanned - lay those cards on the reader "
                        f"face down, from the left, and back in that order")
            if isinstance(key, str) and key.startswith("up"):
                return f"{self.pile_words(key)}: {n} of {count} scanned - lay them on the reader" \
                       " from the left"
            if isinstance(key, str) and key == self._turned_pile():
                return (f"the {key}: {n} of {count} scanned - lay its cards on the reader face down "
                        f"from the top, and stack them again in that order")
            if isinstance(key, str):
                return f"the {key}: {n} of {count} scanned - lay the {key}'s cards on the reader face down"
            name = self.name(key)
            if key in dummy.scanned_seats(self):
                return dummy.scan_words(n, count)
            if not self.is_ai(key):
                return knockout.scan_words(self, key, n)
            return f"AI {name}: {n} of {count} scanned - lay {name}'s cards on the reader face down"
        deal = self.deal
        assert deal is not None and deal.turn is not None
        seat = deal.turn
        name = self.name(seat)
        ai = self.is_ai(self.game.actor(deal, seat))
        if self.phase == STEPS:
            step = deal.step
            assert step is not None
            if step.phase is Phase.EXCHANGE:
                count = deal.exchange_count()
                if not ai and widow.is_widow(self):
                    return widow.prompt(self, deal, seat)
                if ai:
                    want = self.expected_card()
                    if want is None:
                        return f"{name} (AI) is choosing its discards..."
                    return f"{name} lays away {self._place(seat, want)}: scan it face down " \
                           f"({len(self.discards)} of {count})"
                return f"{name} takes the kitty: scan the {count} cards {name} lays away, face down " \
                       f"({len(self.discards)} of {count})"
            if ai:
                return f"{name} (AI) is thinking..."
            how = "tap" if self.touch else "left/right and select"
            if widow.is_widow(self) and step.phase is Phase.AUCTION:
                return widow.offer_prompt(deal, name, how)
            return f"{name} to {verb_of(step.phase)}: {how} on the screen"
        if ai:
            want = self.expected_card()
            if want is None:
                return f"{name} (AI) is choosing a card..."
            return f"{name} plays {self._place(seat, want)}: lay it on the reader"
        if knockout.knock_choices(self, deal, seat):
            return knockout.prompt(self, deal, seat)
        actor = self.game.actor(deal, seat)
        if actor != seat:
            return (f"trick {deal.trick_number}: the dummy to play - {self.name(actor)} lays one of the "
                    "dummy's cards on the reader")
        return f"trick {deal.trick_number}: {name} to play - lay {name}'s card on the reader"

    def contract_now(self) -> Contract | None:
        """The contract as far as it is settled (Bid Whist's trumps are named before the
        kitty is exchanged): the engine's."""
        deal = self.deal
        if deal is None or self.phase not in (STEPS, PLAY, HAND_OVER):
            return None
        return deal.contract or self.game.contract(deal)

    def _call_words(self, contract: Contract) -> str:
        """The contract's name with the screen's name for whoever named trumps (Knockout's)."""
        call, by = contract.call, contract.declarer
        return f"{call} by {self.name(by)}" if by is not None and names_trumps(contract) else call

    def _upcard(self) -> str | None:
        deal = self.deal
        pile = self._turned_pile()
        if deal is None or not self.draws or pile is None or self.phase not in (PLAY, STOCK):
            return None
        stock = deal.piles.get(pile, ())
        return str(stock[0]) if stock and stock[0] in self._upcards else None

    def kitty_shown(self) -> tuple[Card, ...]:
        """The kitty as all may see it once taken up (none at no trump, as the rules say)."""
        deal = self.deal
        taker = self.kitty_taker()
        pile = self._exchange_pile()
        if deal is None or taker is None or pile is None:
            return ()
        other = around(taker, 1, self.players)
        return tuple(self.game.visible_piles(deal, other).get(pile, ()))

    def view(self) -> FamilyView:
        deal = self.deal
        in_hand = deal is not None and self.phase in (STEPS, PLAY, STOCK, RACKS, HAND_OVER)
        trick: tuple[tuple[Seat, str], ...] = ()
        winner = None
        if in_hand:
            assert deal is not None
            shown = deal.current
            if not shown.cards and deal.tricks and self.expected_card() is None:
                shown = deal.tricks[-1]
                winner = shown.winner(deal.order)
            trick = tuple((s, str(c)) for s, c in shown.plays())
        sizes = self.sizes()
        calls: dict[Seat, str] = {}
        auction: list[str] = []
        if in_hand:
            assert deal is not None
            for a in deal.auction:
                calls[a.seat] = str(a.tricks) if isinstance(a, Bid) and a.tricks is not None \
                    else describe_action(a)
                said = widow.said(self, a) if widow.is_widow(self) else None
                auction.append(f"{self.name(a.seat)}: {said or describe_action(a)}")
            for d in deal.declarations:
                auction.append(f"{self.name(d.seat)}: {said_of(d, self.players)}")
        scores = self.match.game_score if self.preview is None else self.preview.game_after
        seats = []
        for s in seats_at(self.players):
            sc_rack = self.scanning.racks.get(s)
            seats.append(SeatView(
                s, self.name(s), self.ai_seats.get(s), self.phase != SETUP and sizes[s] == 0,
                calls.get(s), deal.taken[s] if in_hand and deal is not None else 0,
                scores[s] if not self.game.partnerships and s < len(scores) else 0,
                len(self.rack_order.get(s, ())) if s in self._rerack else
                len(sc_rack) if sc_rack is not None and self.phase == AI_HANDS else None,
                len(self._rerack[s]) if s in self._rerack else sizes[s]))
        want = self.expected_card()
        place = None
        expected_seat = deal.turn if want is not None and deal is not None else None
        if want is not None and expected_seat is not None:
            rack = self.rack(expected_seat)
            place = rack.index(want) + 1 if want in rack else None
        trump: int | None = None
        turned = self.scanning.trump_card
        contract = self.contract_now()
        if contract is not None:
            trump = contract.trump
        elif turned is not None:
            trump = turned.suit
        choices = self.choices()
        enabled = [i for i, c in enumerate(choices) if c.enabled]
        focus = enabled[self.choice_focus % len(enabled)] if enabled and not self.touch else None
        names = self._side_names()
        side_tricks: tuple[int, ...] = ()
        if in_hand and deal is not None:
            side_tricks = deal.tricks_taken() if self.game.partnerships else tuple(deal.taken)
        count = deal.exchange_count() if deal is not None and self.phase == STEPS else 0
        return FamilyView(
            game=self.game.name, title=self.game.title, players=self.players, phase=self.phase,
            prompt=self.prompt(), dealer=self.dealer,
            turn=deal.turn if in_hand and deal is not None and self.phase not in (HAND_OVER, RACKS) else None,
            seats=tuple(seats), trump=trump, trump_card=str(turned) if turned is not None else None,
            contract=self._call_words(contract) if contract is not None and contract.call else None,
            hand_size=max(sizes), trick=trick, trick_winner=winner,
            trick_number=deal.trick_number if in_hand and deal is not None else 1,
            expected_place=place, expected_seat=expected_seat,
            expected_shown=str(want) if want is not None and place is None else None,
            choices=tuple(choices), choice_focus=focus,
            auction=tuple(auction), kitty=tuple(str(c) for c in self.kitty_shown()), upcard=self._upcard(),
            kitty_count=len(self.scanning.racks.get("kitty", ())),
            discards=len(self.discards), discard_count=count,
            messages=self.current_messages(), message=self.messages[-1] if self.messages else None,
            badges=tuple(self.badges()),
            summary=tuple(self.summary_lines()) if self.phase == HAND_OVER else (),
            match_over=self._match_ends(),
            hand_number=self.match.hand_number + (0 if deal is not None else 1),
            sides=names, side_tricks=side_tricks, side_scores=tuple(scores),
            setup_dealer=self.setup_dealer, setup_players=self.players,
            readers={s: r for r, s in self.seat_readers.items()}, asking=self.asking,
            player_range=player_counts(self.game),
            ring=self.game.play_ring(deal) if in_hand and deal is not None else (),
            face_up=tuple((s, tuple(str(c) for c in sorted(deal.hand(s) or ())))
                          for s in deal.seats if self.face_up(s)) if in_hand and deal is not None else (),
        )


__all__ = ["RACKS", "REFEREE_GAMES", "STOCK", "Choice", "FamilyAIRequest", "FamilyReferee", "FamilyView",
           "STEPS",
           "SeatView",
           "engine_act",
           "player_counts", "player_name"]
