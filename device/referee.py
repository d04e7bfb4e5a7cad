"""Referee mode: four people play with a real deck and the table only watches.

Every card laid on the reader is the card of the player whose turn it is. The
:class:`RefereeSession` is the controller behind the referee screen: it
consumes the project's input events (``CardScanned``, ``ReaderStatus``,
``ButtonEvent``) and drives one rubber:

1. choose the dealer (and which seats an AI fills) - first hand only;
2. the dealer scans the turned trump card, or trumps are picked on screen
   (skipped with cycling trumps: no card is turned);
3. each AI seat's 13 cards are scanned face down and laid in a row, its
   rack, in the order scanned;
4. play: a scan is the card of the seat to move; an AI seat's card is asked
   for by its place in the rack ("the 5th card from the left of South's
   rack") and only that card is accepted for it; refusals say why and what
   to lay instead; a proven revoke is flagged at once.
5. the summary (``score_hand``, the revoke penalty shown), then the next deal.

An AI's hand is hidden from the table: no message names a card still in a
rack (a card laid face up, played or turned, is named).

With a reader at each seat (device.seat_readers; a setup step, ``READERS``,
asks each seat to lay any card on its own reader) a card's reader says whose
it is: a card laid out of turn is refused at once (and is then known to be
that player's: showing out of its suit is flagged as a revoke at that very
card, ``Suspect``), and a revoke proven by a card is certain. With one
reader a card is taken as the card of the player to move; one known to be
elsewhere (an AI's rack, played, the turned card) is refused, and the rest
are shown big for a moment (``RefereeView.taken``) so a wrong guess is seen
and undone; a revoke it proves says it may be such a card.

The plumbing shared with the family games' referee (messages, input events,
setup, the reader-per-seat step, the end of a hand) is
:class:`device.referee_base.RefereeBase`'s. No pygame and no threads here: the scene feeds events in and draws
:meth:`RefereeSession.view`. The AI runs synchronously through ``choose``
unless ``ai_async`` is set, in which case the scene runs it off the UI thread
(``ai_request`` / ``supply_ai_card``). An AI move is seeded by
``engine.match.move_seed`` (every rubber has a seed) and thinks a fixed amount
(device.moves), so it is the same move after a power cut.

With a ``store`` every rubber is journalled through device.journal like the
table's (its first deal writes it; each card is committed before it is
shown), and :meth:`RefereeSession.resume` rebuilds the newest unfinished one:
a hand in play comes back at the card it had reached. The scanning of a new
hand (the turned card, the AI seats' cards) is not stored: after a cut in the
middle of it the deal is scanned again.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from device.events import Action, ReaderStatus
from device.referee_base import (
    AI_HANDS,
    HAND_OVER,
    PLAY,
    READER_DISCONNECTED,
    READERS,
    SETUP,
    TRUMP,
    UNKNOWN_CARD,
    Message,
    RefereeBase,
    ask_ai,
    ordinal,
)
from device.seat_readers import SeatReaders
from engine.actions import Play
from engine.cards import SUIT_NAMES, Card, parse_card
from engine.deal import DealRecord
from engine.errors import NotationError, RulesError
from engine.games.classic.rules import Rules
from engine.games.classic.scoring import score_hand
from engine.scoring import SIDE_LONG_NAMES
from engine.seats import SEAT_NAMES, SEATS, Seat

if TYPE_CHECKING:
    from device.store import Store

log = logging.getLogger(__name__)

HAND_SIZE = 13

# (observation, level, move seed) -> card
Chooser = Callable[[Mapping[str, object], str, "str | None"], str]


def engine_choose(observation: Mapping[str, object], level: str, seed: str | None) -> str:
    """The engine's AI with a fixed amount of work (device.moves): reproducible."""
    from device.moves import choose_card_fixed

    return choose_card_fixed(observation, level, seed)


@dataclass(frozen=True)
class Taken:
    """A card the one-reader table took as the card of the player to move: shown
    big for a moment so the table sees whose it was said to be (and undoes it)."""

    seat: Seat
    card: str
    number: int  # the play's count in the deal: a new card is a new ``Taken``


@dataclass(frozen=True)
class Suspect:
    """A revoke seen as it happens (a reader per seat): ``seat`` showed out of
    ``suit`` with its ``number``-th card of the deal, though ``held`` of that suit
    was laid on its reader (out of turn) in trick ``seen_in`` and is not played yet."""

    seat: Seat
    suit: int
    trick: int
    held: Card
    seen_in: int
    number: int
    card: Card  # the card it showed out with


@dataclass(frozen=True)
class AIRequest:
    """An AI seat's card is needed: run ``choose(observation, level, seed)``
    and hand the answer to ``supply_ai_card(key, card)``."""

    key: tuple[int, int, int]  # (deal number, plays so far, undos): stale answers are ignored
    seat: Seat
    observation: dict[str, object]
    level: str
    seed: str | None  # engine.match.move_seed of this position


@dataclass(frozen=True)
class RefereeView:
    """Everything the referee screen draws; plain data."""

    phase: str
    prompt: str
    dealer: Seat | None
    trump: int | None  # 0..3 S H D C, 4 no trump, None not yet known
    trump_card: str | None
    turn: Seat | None
    ai_seats: Mapping[Seat, str]
    names: Mapping[Seat, str]  # the players' names by seat (a drive's), else empty
    trick: tuple[tuple[Seat, str], ...]  # the trick on the table (or the one just won)
    trick_leader: Seat | None
    trick_winner: Seat | None  # set when ``trick`` is a completed trick
    trick_number: int
    tricks: tuple[int, ...]  # this hand, NS / EW
    game_score: tuple[int, ...]
    games_won: tuple[int, ...]
    target: int
    hand_number: int
    scanned: Mapping[Seat, int]  # AI hands: cards scanned so far
    expected_card: str | None  # the card an AI seat plays now (for the session, not the screen)
    expected_place: int | None  # its place in the AI's rack, 1 = leftmost; None: the turned card
    message: Message | None  # the newest message
    messages: tuple[Message, ...]
    badges: tuple[str, ...]  # "reader disconnected", "revoke: East (trick 3)"
    taken: Taken | None  # the last card guessed to be a person's (one reader), else None
    readers: Mapping[Seat, str]  # seats with a reader of their own
    asking: Seat | None  # the READERS step: the seat asked to lay a card
    revokes: tuple[str, ...]
    summary: tuple[str, ...]  # the hand-over lines (empty until the hand is over)
    rubber_over: bool
    setup_dealer: Seat
    trump_choice: int


@dataclass
class _Scanning:
    """Per-hand state before the engine's deal exists."""

    trump: int | None = None
    trump_card: Card | None = None
    hands: dict[Seat, list[Card]] = field(default_factory=dict)
    order: list[tuple[Seat, Card]] = field(default_factory=list)  # scan order, for undo


class RefereeSession(RefereeBase):
    """The real-card referee; see the module docstring.

    ``ai_seats`` maps the seats an AI fills to its level ("hard", "rules"...).
    ``choose(observation, level, seed)`` picks an AI card (default: engine.ai).
    ``seed`` seeds the rubbers (None: a fresh random seed for each);
    ``store`` journals them (device.store.Store).
    ``names`` are the players' names by seat (a drive's); messages and the screen then
    call a seat "West (Alice)". Where a card or a rack lies stays the seat's alone.
    """

    def __init__(
        self,
        rules: Rules | None = None,
        ai_seats: Mapping[Seat | str, str] | None = None,
        *,
        choose: Chooser | None = None,
        ai_async: bool = False,
        seed: int | str | None = None,
        dealer: Seat | str = Seat.N,
        store: Store | None = None,
        readers: SeatReaders | None = None,
        names: Mapping[Seat, str] | None = None,
    ) -> None:
        super().__init__(seed=seed, store=store, ai_async=ai_async)
        self.names = dict(names or {})
        self.rules: Rules = rules or Rules()
        self.readers = readers or SeatReaders()
        self.ai_seats = {Seat.parse(s): lvl for s, lvl in (ai_seats or {}).items()}
        self.choose = choose or engine_choose
        self.match = self._new_match(Seat.parse(dealer))
        self.setup_dealer = Seat.parse(dealer)
        self.trump_choice = 0
        self.scanning = _Scanning()
        # Back after an unplug: the cards laid meanwhile were not seen; the prompt
        # asks for them again until the next card is taken.
        self.relay = False
        self.taken: Taken | None = None  # the last card guessed to be a person's (one reader)
        self._ai_cards: dict[tuple[int, int, int], Card] = {}
        self._seen: dict[Seat, dict[Card, int]] = {}  # laid out of turn on a seat's reader: its cards
        self.suspects: list[Suspect] = []

    @property
    def rubbers(self) -> int:
        """Rubbers begun by this session."""
        return self.matches

    def resume(self) -> bool:
        """Carry on the newest unfinished referee rubber in the store, if any: its
        seats, its rules and the hand in play at the card it had reached."""
        stored = self._stored()
        if stored is None:
            return False
        row, match = stored
        if not isinstance(match.rules, Rules):  # the referee only ever starts classic rubbers
            raise RulesError(f"the stored referee rubber {row.id} is not classic whist: "
                             f"{type(match.rules).__name__}; start a new rubber")
        journal = self._adopt(row, match)
        if match.is_over:  # won by its last hand, cut before the next rubber began
            return False
        self.match, self.journal, self.rules = match, journal, match.rules
        self.ai_seats = {Seat.parse(s): str(v) for s, v in row.players.items() if v != "human"}
        self.setup_dealer = match.first_dealer
        self.scanning = _Scanning()
        self._ai_cards.clear()
        deal = match.current
        self._say(f"resumed the rubber from the game store: hand {match.hand_number + (0 if deal else 1)}")
        if deal is None:
            self._begin_hand()
            return True
        sc = self.scanning
        sc.trump, sc.trump_card = deal.trump, deal.record.trump_card
        known = deal.record.known or ()
        for seat in self._ai_order():
            cards = sorted(known[seat] or ()) if len(known) > seat else []
            sc.hands[seat] = list(cards)
            sc.order.extend((seat, c) for c in cards if c != sc.trump_card)
        if deal.is_over:
            self._hand_over()
        else:
            self.phase = PLAY
            self._prepare_ai()
        return True

    # -- state --------------------------------------------------------------
    match_word = "rubber"
    setup_scan_words = "choose the dealer first, then scan the turned trump card"

    def name(self, seat: Seat) -> str:
        who = self.names.get(seat)
        return SEAT_NAMES[seat] if who is None else f"{SEAT_NAMES[seat]} ({who})"

    def _ai_name(self, seat: Seat, ai_first: bool = False) -> str:
        """An AI seat: its name where one was given (a drive's "North (AI)"), else "AI North"
        (``ai_first``) or "North (AI)"."""
        if seat in self.names:
            return self.name(seat)
        return f"AI {SEAT_NAMES[seat]}" if ai_first else f"{SEAT_NAMES[seat]} (AI)"

    def _seat(self, seat: Seat | int | str) -> Seat:
        # Classic seats are named (N, "West"); a bare number is refused by the parser's own error.
        return Seat.parse(seat if isinstance(seat, (Seat, str)) else str(seat))

    def _games_to_win(self) -> int:
        return 2

    def _moment(self) -> tuple[object, ...]:
        """Changes whenever the table moves on (a card taken or undone, a phase, the reader)."""
        deal = self.deal
        return (self.phase, len(self.match.deals), len(deal.actions) if deal is not None else -1,
                len(self.scanning.order), self.scanning.trump, self._undos, self.setup_dealer,
                self.reader_connected, tuple(sorted(self.ai_seats)), self.readers.asking)

    # -- a reader per seat (device.seat_readers keeps which is whose) --------------
    def _reader_start(self) -> None:
        self.readers.start_setup()

    def _reader_asked(self) -> Seat | None:
        return self.readers.asking

    def _reader_skip(self) -> str:
        return self.readers.skip()

    def _reader_stop(self) -> None:
        self.readers.finish()

    def _reader_laid(self, reader: str | None) -> tuple[bool, str]:
        return self.readers.laid(reader)

    def seats_with_readers(self) -> list[Seat]:
        return list(self.readers.seats())

    # -- setup --------------------------------------------------------------
    def _begin_hand(self) -> None:
        self.scanning = _Scanning()
        self._seen = {}
        self.suspects = []
        self.preview = None
        self._ai_cards.clear()
        cycle = self.rules.trump_for_hand(self.match.hand_number)
        if cycle is None:
            self.phase = TRUMP
            return
        self.scanning.trump = cycle
        strain = "no trumps" if cycle == 4 else SUIT_NAMES[cycle]
        self._say(f"hand {self.match.hand_number + 1}: {strain} (cycling trumps, no card is turned)")
        self._after_trump()

    # -- trumps ---------------------------------------------------------------
    def choose_trump(self, suit: int | str) -> bool:
        """Trumps picked on screen instead of scanning the turned card."""
        if self.phase != TRUMP:
            return self._refuse("trumps are chosen at the start of a hand")
        strain = suit if isinstance(suit, int) else "SHDC".index(str(suit).strip().upper()[:1])
        if not 0 <= strain <= 3:
            return self._refuse("trumps are spades, hearts, diamonds or clubs")
        self.scanning.trump, self.scanning.trump_card = strain, None
        self._say(f"trumps are {SUIT_NAMES[strain]}", "ok")
        self._after_trump()
        return True

    def _scan_trump(self, card: Card) -> bool:
        self.scanning.trump, self.scanning.trump_card = card.suit, card
        dealer = self.match.next_dealer
        self._say(f"{card.symbol} turned by {self.name(dealer)}: trumps are {SUIT_NAMES[card.suit]}", "ok")
        self._after_trump()
        return True

    def _after_trump(self) -> None:
        dealer = self.match.next_dealer
        self.scanning.hands = {s: [] for s in self._ai_order()}
        turned = self.scanning.trump_card
        if turned is not None and dealer in self.scanning.hands:
            # The turned card is the AI dealer's: it counts as one of its 13.
            self.scanning.hands[dealer].append(turned)
        self.phase = AI_HANDS
        self._maybe_start_play()

    def _ai_order(self) -> list[Seat]:
        first = self.match.next_dealer.next
        return [first.offset(i) for i in range(4) if first.offset(i) in self.ai_seats]

    # -- AI hands ---------------------------------------------------------------
    def _scanning_seat(self) -> Seat | None:
        for seat, cards in self.scanning.hands.items():
            if len(cards) < HAND_SIZE:
                return seat
        return None

    def _scan_ai_hand(self, card: Card) -> bool:
        seat = self._scanning_seat()
        assert seat is not None
        again = f"scan {SEAT_NAMES[seat]}'s next card"
        owner = self._rack_owner(card)
        if owner is not None:
            # The card is face down: say where it lies, never what it is.
            return self._refuse(f"that card was scanned already: it is {self._place(owner, card)}"
                                f" - {again}")
        turned = self.scanning.trump_card
        if turned is not None and card == turned:
            dealer = self.match.next_dealer
            return self._refuse(
                f"{card.symbol} is the turned trump card, {SEAT_NAMES[dealer]}'s (the dealer) - {again}"
            )
        self.scanning.hands[seat].append(card)
        self.scanning.order.append((seat, card))
        n = len(self.scanning.hands[seat])
        self._say(f"{self._ai_name(seat, ai_first=True)}: {n} of {HAND_SIZE} scanned", "ok")
        self._maybe_start_play()
        return True

    # -- the AI's racks -----------------------------------------------------------
    def rack(self, seat: Seat) -> list[Card]:
        """An AI seat's face-down cards as they lie in its rack: in scan order,
        the ones played taken out. The turned card is not in it (it lies face up)."""
        gone: set[Card] = set()
        deal = self.deal
        if deal is not None and self.phase in (PLAY, HAND_OVER):
            gone = set(deal.played) | set(deal.current.cards)
        return [c for s, c in self.scanning.order if s == seat and c not in gone]

    def _rack_owner(self, card: Card) -> Seat | None:
        """The AI seat whose rack holds ``card``, or None."""
        return next((s for s in self.scanning.hands if card in self.rack(s)), None)

    def _place(self, seat: Seat, card: Card) -> str:
        """Where an AI's card lies, without naming it: "the 5th card from the left of South's rack"."""
        cards = self.rack(seat)
        if card not in cards:
            return f"the turned card {card.symbol}"  # face up: everyone has seen it
        return f"the {ordinal(cards.index(card) + 1)} card from the left of {SEAT_NAMES[seat]}'s rack"

    def _maybe_start_play(self) -> None:
        if self._scanning_seat() is not None:
            return
        sc = self.scanning
        assert sc.trump is not None
        record = DealRecord.physical(
            self.match.next_dealer, sc.trump, sc.trump_card, known={s: h for s, h in sc.hands.items()}
        )
        self._journal_match()
        self.match.start_deal(record)  # journalled: the journal is the match's listener
        self.phase = PLAY
        self._prepare_ai()

    # -- play -----------------------------------------------------------------
    def expected_card(self) -> Card | None:
        """The card the AI seat to move plays (None: a person's turn, or still thinking)."""
        deal = self.deal
        if self.phase != PLAY or deal is None or deal.turn is None or not self.is_ai(deal.turn):
            return None
        return self._ai_cards.get(self._key())

    @property
    def ai_request(self) -> AIRequest | None:
        """The AI card the session is waiting for (async mode), or None."""
        deal = self.deal
        if self.phase != PLAY or deal is None or deal.turn is None or not self.is_ai(deal.turn):
            return None
        key = self._key()
        if key in self._ai_cards:
            return None
        seat = deal.turn
        return AIRequest(key, seat, deal.observation(seat), self.ai_seats[seat], self.match.move_seed())

    def supply_ai_card(self, key: tuple[int, int, int], card: str | Card) -> bool:
        """The answer to an ``ai_request``; a stale or illegal answer is replaced."""
        req = self.ai_request
        if req is None or req.key != key:
            return False  # the hand moved on (an undo): the answer is no longer wanted
        deal = self.deal
        assert deal is not None
        legal = deal.legal_moves()
        try:
            chosen = parse_card(card)
        except NotationError:
            chosen = None
        if chosen not in legal:
            log.warning("AI answered %r, not a legal card for %s; playing %s", card, req.seat, legal[0])
            chosen = legal[0]
        self._ai_cards[key] = chosen
        return True

    def _prepare_ai(self) -> None:
        req = self.ai_request
        if req is None or self.ai_async:
            return
        card: str | Card | None = ask_ai(self.choose, req.observation, req.level, req.seed,
                                         SEAT_NAMES[req.seat])
        if card is None:  # neither level answered: the lowest legal card
            card = self.deal.legal_moves()[0]  # type: ignore[union-attr]
        self.supply_ai_card(req.key, card)

    def _lay(self, seat: Seat) -> str:
        """Where ``seat``'s card goes: "on the reader", "on West's reader", "on any reader"."""
        if not self.readers.per_seat:
            return "on the reader"
        if self.readers.reader_of(seat) is not None:
            return f"on {SEAT_NAMES[seat]}'s reader"
        return "on any reader"

    def _scan_play(self, card: Card, laid_by: Seat | None = None) -> bool:
        deal = self.deal
        assert deal is not None and deal.turn is not None
        seat = deal.turn
        name = self.name(seat)
        lay = f"lay {SEAT_NAMES[seat]}'s card {self._lay(seat)}"
        want = self.expected_card() if self.is_ai(seat) else None
        if want is not None:
            lay = f"lay {self._place(seat, want)} {self._lay(seat)}"
        # An AI seat with no reader of its own has its card laid on anyone's.
        carried = self.is_ai(seat) and self.readers.reader_of(seat) is None
        if laid_by is not None and laid_by != seat and not carried:
            # That reader's player laid it, out of turn: refused before anything is
            # taken, and without naming it (it may be a card of a hidden hand).
            who = SEAT_NAMES[laid_by]
            turned = deal.record.trump_card
            if (not self.is_ai(laid_by) and self._rack_owner(card) is None and card not in deal.played
                    and card not in deal.current.cards and (card != turned or laid_by == deal.dealer)):
                # Now known to be in that player's hand: showing out of its suit is a revoke.
                self._seen.setdefault(laid_by, {})[card] = deal.trick_number
            return self._refuse(f"not {who}'s turn: {self.name(laid_by)}, take back the card on your "
                                f"reader - {name} to play, {lay}")
        if self.is_ai(seat):
            if want is None:
                return self._refuse(f"{self._ai_name(seat)} is still choosing - wait for its card")
            if card != want:
                wanted = f"{name} plays {self._place(seat, want)}"
                owner = self._rack_owner(card)
                if owner is None:
                    return self._refuse(f"{wanted}, not {card.symbol}")
                return self._refuse(
                    f"not that card: put it back as {self._place(owner, card)}; {wanted}")
        played = deal.played
        if card in played:
            return self._refuse(f"{card.symbol} was played in trick {played[card]} - {lay}")
        if card in deal.current.cards:
            return self._refuse(f"{card.symbol} was played in this trick - {lay}")
        owner = self._rack_owner(card)
        if owner is not None and owner != seat:
            # Known to be elsewhere: refused with where it lies, not what it is.
            return self._refuse(
                f"that card is in {SEAT_NAMES[owner]}'s rack (the AI's hand): put it back as "
                f"{self._place(owner, card)} - {lay}")
        turned = deal.record.trump_card
        if turned is not None and card == turned and seat != deal.dealer:
            return self._refuse(f"{card.symbol} is the turned trump card, {SEAT_NAMES[deal.dealer]}'s "
                                f"(the dealer) - {lay}")
        before = len(deal.revokes)
        led = deal.current.led_suit if deal.current.cards else None
        trick_number = deal.trick_number
        try:
            done = self.match.apply(Play(seat, card))  # the match tells its journal
        except RulesError as exc:
            return self._refuse(f"{exc} - {lay}")
        self.relay = False
        # One reader: the card was taken to be the player's to move; shown big so a
        # card laid out of turn is seen (and undone) at once.
        guessed = laid_by is None and not self.is_ai(seat)
        self.taken = Taken(seat, str(card), len(deal.actions)) if guessed else None
        self._say(f"{name} plays {card.symbol}", "ok")
        if laid_by == seat:
            self._seen_play(seat, card, led, trick_number)
        for revoke in deal.revokes[before:]:
            said = f"revoke! {revoke.describe(self.name(revoke.seat))}"
            if self.readers.reader_of(revoke.seat) is None and not self.is_ai(revoke.seat):
                # The reader could not tell whose cards these were: the "revoke" may be
                # a card laid out of turn, taken as this player's.
                said += (f" - unless a card taken as {SEAT_NAMES[revoke.seat]}'s was laid by "
                         "another player: then undo back to it")
            self._say(said, "revoke")
        if done is not None:
            winner = done.winner(deal.order)
            ns, ew = deal.tricks_taken()
            self._say(f"trick {len(deal.tricks)} to {self.name(winner)} (NS {ns}, EW {ew})", "ok")
        if deal.is_over:
            self._hand_over()
        else:
            self._prepare_ai()
        return True

    def _seen_play(self, seat: Seat, card: Card, led: int | None, trick: int) -> None:
        """``seat`` played ``card`` from its own reader: flag a revoke the moment it happens."""
        seen = self._seen.get(seat, {})
        seen.pop(card, None)
        deal = self.deal
        assert deal is not None
        if led is None or card.suit == led:
            return
        held = sorted(c for c in seen if c.suit == led and c not in deal.played)
        if not held:
            return
        who = self.name(seat)
        suspect = Suspect(seat, led, trick, held[0], seen[held[0]], len(deal.actions), card)
        self.suspects.append(suspect)
        self._say(f"revoke? {who} shows out of {SUIT_NAMES[led]}, but {held[0].symbol} was laid on "
                  f"{SEAT_NAMES[seat]}'s reader in trick {suspect.seen_in}: {who}, take {card.symbol} back "
                  f"(Undo) and follow suit", "revoke")

    def open_suspects(self) -> list[Suspect]:
        """Revokes seen as they happened, not undone and not yet proven by the engine."""
        deal = self.deal
        if deal is None:
            return []
        proven = {(r.seat, r.trick) for r in deal.revokes}
        return [x for x in self.suspects
                if len(deal.actions) >= x.number and deal.actions[x.number - 1] == Play(x.seat, x.card)
                and (x.seat, x.trick) not in proven]

    def _hand_over(self) -> None:
        deal = self.deal
        assert deal is not None
        # A preview until confirmed, so an undo can still take the last card back.
        self.preview = score_hand(deal, self.match.game_score, self.rules, len(self.match.hands) + 1)
        self.phase = HAND_OVER
        self._say("hand over: " + self.summary_lines()[1], "ok")

    def _winner_words(self) -> str:
        winner = SIDE_LONG_NAMES[self.match.winner]  # type: ignore[index]
        return f"the rubber is over: {winner} win - a new rubber starts"

    def _begin_next(self) -> None:
        self._say(f"{self.name(self.match.next_dealer)} deals the next hand")
        self._begin_hand()

    # -- undo -----------------------------------------------------------------
    def can_undo(self) -> bool:
        if self.phase in (PLAY, HAND_OVER):
            deal = self.deal
            played = deal is not None and bool(deal.actions)
            return played or bool(self.scanning.order) or self._trump_turned()
        if self.phase == AI_HANDS:
            return bool(self.scanning.order) or self._trump_turned()
        return self.phase == TRUMP and not self.match.deals

    def undo(self) -> bool:
        """Take back the last scan (a card played, an AI card, the turned card)."""
        self._undos += 1
        self._ai_cards.clear()
        if self.phase in (PLAY, HAND_OVER):
            deal = self.deal
            assert deal is not None
            if deal.actions:
                last = deal.actions[-1]
                self.match.undo()  # the deal replayed without it (journalled as an undo)
                self.preview = None
                self.phase = PLAY
                undone = f"undone: {SEAT_NAMES[last.seat]}'s {last.card.symbol}"  # type: ignore[union-attr]
                if last.card in self.rack(last.seat):  # type: ignore[union-attr]
                    undone += f" - put it back as {self._place(last.seat, last.card)}"  # type: ignore[union-attr]
                self._say(undone)
                self._prepare_ai()
                return True
            if not (self.scanning.order or self._trump_turned()):
                return self._refuse("nothing to undo")
            # No card played yet: back to scanning the deal (it is thrown in).
            self.match.misdeal()
            self.phase = AI_HANDS
        if self.phase == AI_HANDS:
            sc = self.scanning
            if sc.order:
                place = self._place(sc.order[-1][0], sc.order[-1][1])
                seat, card = sc.order.pop()
                sc.hands[seat].remove(card)
                self._say(f"undone: {place} taken out - scan {SEAT_NAMES[seat]}'s next card")
                return True
            if self._trump_turned():
                sc.trump, sc.trump_card, sc.hands = None, None, {}
                self.phase = TRUMP
                self._say("trumps undone: scan the turned card again")
                return True
            return self._refuse("nothing to undo")
        return self._undo_to_setup()

    def _trump_turned(self) -> bool:
        """Trumps of the hand being scanned came from the dealer (not cycling)."""
        return self.rules.trump_for_hand(len(self.match.hands)) is None

    # -- input ----------------------------------------------------------------
    def scan(self, card: str | Card | None, tag: str | None = None, reader: str | None = None) -> bool:
        """A card laid on ``reader`` (None: the one reader); True if it was taken."""
        if reader is not None:
            self.readers.add(reader)
        return super().scan(card, tag, reader)

    def _scan_card(self, c: Card, reader: str | None) -> bool:
        if self.phase == HAND_OVER:
            return self._refuse(f"the hand is over - {self._next_words('the next hand')}")
        if self.phase == TRUMP:
            taken = self._scan_trump(c)
        elif self.phase == AI_HANDS:
            taken = self._scan_ai_hand(c)
        else:
            taken = self._scan_play(c, self.readers.seat(reader))
        if taken:
            self.relay = False
        return taken

    def _reader_heard(self, status: ReaderStatus) -> bool:
        if status.reader is not None:
            self.readers.add(status.reader)  # a reader heard from is one of the table's
        self.readers.status(status.reader, status.connected, status.message)
        return not self.readers.unplugged()

    def _reader_back(self, status: ReaderStatus) -> str:
        self.relay = self.phase in (TRUMP, AI_HANDS, PLAY)
        again = f": lay again any card laid while it was unplugged, from {self._wanted()} on" \
            if self.relay else ""
        return f"{self.readers.name(status.reader)} is back{again}"

    def _reader_lost(self, status: ReaderStatus) -> str:
        what = status.message or READER_DISCONNECTED
        if status.reader is not None and len(self.readers.readers) > 1:
            what = f"{self.readers.name(status.reader)}: {what}"
        return what

    def _handle_button(self, action: Action) -> bool:
        if self.phase == TRUMP:
            if action in (Action.LEFT, Action.RIGHT):
                self.trump_choice = (self.trump_choice + (1 if action == Action.RIGHT else 3)) % 4
                return True
            if action == Action.SELECT:
                self.choose_trump(self.trump_choice)
                return True
        return False

    # -- the screen -----------------------------------------------------------
    def prompt(self) -> str:
        """The one line that says what the table waits for (the screen's gold line)."""
        main = self._prompt()
        if self.phase not in (TRUMP, AI_HANDS, PLAY):
            return main
        down = self.readers.unplugged()
        if down:
            # The main line, not a badge: cards laid now are not seen at all.
            names = " and ".join(self.readers.name(r) for r in down)
            verb = "are" if len(down) > 1 else "is"
            them = "them" if len(down) > 1 else "it"
            return (f"{names[0].upper()}{names[1:]} {verb} unplugged: plug {them} back in, "
                    f"then lay {self._wanted()}")
        if self.relay:
            return (f"the reader is back: lay again any card laid while it was unplugged, "
                    f"from {self._wanted()} on")
        return main

    def _wanted(self) -> str:
        """The next card asked for, by whose it is: "West's card", "the 5th card from the left of
        South's rack", "the turned trump card"."""
        if self.phase == TRUMP:
            return "the turned trump card"
        if self.phase == AI_HANDS:
            seat = self._scanning_seat()
            assert seat is not None
            return f"AI {SEAT_NAMES[seat]}'s {ordinal(len(self.scanning.hands[seat]) + 1)} card"
        deal = self.deal
        if self.phase != PLAY or deal is None or deal.turn is None:
            return "the next card"
        want = self.expected_card() if self.is_ai(deal.turn) else None
        if want is not None:
            return self._place(deal.turn, want)
        return f"{SEAT_NAMES[deal.turn]}'s card"

    def _prompt(self) -> str:
        if self.phase == READERS:
            return self._reader_prompt()
        if self.phase == SETUP:
            how = ("tap Dealer to change, Start to begin" if self.touch
                   else "left/right to change, select to start")
            return f"choose the dealer: {self.name(self.setup_dealer)} ({how})"
        dealer = self.name(self.match.next_dealer if self.deal is None else self.deal.dealer)
        if self.phase == TRUMP:
            return f"{dealer} deals: scan the turned trump card (or choose trumps on screen)"
        if self.phase == AI_HANDS:
            seat = self._scanning_seat()
            assert seat is not None
            n = len(self.scanning.hands[seat])
            return (f"{self._ai_name(seat, ai_first=True)}: {n} of {HAND_SIZE} scanned - lay "
                    f"{SEAT_NAMES[seat]}'s cards on the reader face down")
        if self.phase == HAND_OVER:
            return f"hand over - {self._next_words()}"
        deal = self.deal
        assert deal is not None and deal.turn is not None
        seat = deal.turn
        name = self.name(seat)
        if self.is_ai(seat):
            want = self.expected_card()
            if want is None:
                return f"{self._ai_name(seat)} is choosing a card..."
            return f"{name} plays {self._place(seat, want)}: lay it {self._lay(seat)}"
        return (f"trick {deal.trick_number}: {name} to play - lay {SEAT_NAMES[seat]}'s card "
                f"{self._lay(seat)}")

    def summary_lines(self) -> list[str]:
        s = self.preview or self.last_score
        if s is None:
            return []
        trump = "no trumps" if s.trump == 4 else SUIT_NAMES[s.trump]
        ns, ew = SIDE_LONG_NAMES
        lines = [
            f"hand {s.number}: {self.name(s.dealer)} dealt, {trump} were trumps",
            f"tricks: {ns} {s.tricks[0]}, {ew} {s.tricks[1]}",
        ]
        if s.penalty != (0, 0):
            to = ", ".join(f"{s.penalty[i]} to {SIDE_LONG_NAMES[i]}" for i in (0, 1) if s.penalty[i])
            lines.append(f"revoke penalty: {to} (tricks now {ns} {s.adjusted[0]}, {ew} {s.adjusted[1]})")
        if any(s.honours):
            lines.append(f"honours: {ns} {s.honours[0]}, {ew} {s.honours[1]}")
        lines.append(f"points: {ns} +{s.points[0]}, {ew} +{s.points[1]}")
        lines.extend(s.notes)
        lines.append(f"game: {ns} {s.game_after[0]}, {ew} {s.game_after[1]} (to {self.rules.target})")
        if s.game_won_by is not None:
            lines.append(f"game to {SIDE_LONG_NAMES[s.game_won_by]}")
        return lines

    def current_taken(self) -> Taken | None:
        """The card last taken as a person's by guess, while it is still the last card played."""
        deal, taken = self.deal, self.taken
        if deal is None or taken is None or self.phase not in (PLAY, HAND_OVER):
            return None
        return taken if len(deal.actions) == taken.number else None

    def _reader_badges(self) -> list[str]:
        out = []
        for reader in self.readers.unplugged():
            what = self.readers.message(reader) or READER_DISCONNECTED
            if len(self.readers.readers) > 1:
                what = f"{self.readers.name(reader)}: {what}"
            out.append(what)
        return out

    def badges(self) -> list[str]:
        """The reader's and the revokes' badges, then the revokes seen as they happened."""
        seen = [f"revoke? {self.name(x.seat)} (trick {x.trick})" for x in self.open_suspects()]
        return super().badges() + seen

    def view(self) -> RefereeView:
        deal = self.deal
        trick: tuple[tuple[Seat, str], ...] = ()
        leader = winner = None
        if deal is not None and self.phase in (PLAY, HAND_OVER):
            shown = deal.current
            ai_leads = self.phase == PLAY and deal.turn is not None and self.is_ai(deal.turn)
            # The trick just won stays in view for the people to see - but not once
            # the AI's lead is asked for: its card goes where that trick lay.
            if not shown.cards and deal.tricks and not (ai_leads and self.expected_card() is not None):
                shown = deal.tricks[-1]
                winner = shown.winner(deal.order)
            trick = tuple((s, str(c)) for s, c in shown.plays())
            leader = shown.leader
        if deal is not None:
            trump: int | None = deal.trump
            turned = deal.record.trump_card
        else:
            trump, turned = self.scanning.trump, self.scanning.trump_card
        expected = self.expected_card()
        place = None
        if expected is not None and deal is not None and deal.turn is not None:
            cards = self.rack(deal.turn)
            place = cards.index(expected) + 1 if expected in cards else None
        game = self.match.game_score
        if self.preview is not None:
            game = self.preview.game_after
        return RefereeView(
            phase=self.phase,
            prompt=self.prompt(),
            dealer=self.dealer,
            trump=trump,
            trump_card=str(turned) if turned is not None else None,
            turn=deal.turn if deal is not None and self.phase == PLAY else None,
            ai_seats=dict(self.ai_seats),
            names=dict(self.names),
            trick=trick,
            trick_leader=leader,
            trick_winner=winner,
            trick_number=deal.trick_number if deal is not None else 1,
            tricks=deal.tricks_taken() if deal is not None else (0, 0),
            game_score=game,
            games_won=self.match.games_won,
            target=self.rules.target,
            hand_number=self.match.hand_number + (0 if deal is not None else 1),
            scanned={s: len(h) for s, h in self.scanning.hands.items()},
            expected_card=str(expected) if expected is not None else None,
            expected_place=place,
            message=self.messages[-1] if self.messages else None,
            messages=self.current_messages(),
            badges=tuple(self.badges()),
            taken=self.current_taken(),
            readers=self.readers.seats(),
            asking=self.readers.asking if self.phase == READERS else None,
            revokes=tuple(r.describe(self.name(r.seat)) for r in deal.revokes) if deal is not None else (),
            summary=tuple(self.summary_lines()) if self.phase == HAND_OVER else (),
            rubber_over=self._match_ends(),
            setup_dealer=self.setup_dealer,
            trump_choice=self.trump_choice,
        )


def seats_text(ai_seats: Mapping[Seat, str]) -> str:
    """"North AI (hard), East person, ..." for the setup screen."""
    return ", ".join(
        f"{SEAT_NAMES[s]} {'AI (' + ai_seats[s] + ')' if s in ai_seats else 'person'}" for s in SEATS
    )


__all__ = [
    "AI_HANDS",
    "AIRequest",
    "HAND_OVER",
    "Message",
    "PLAY",
    "READERS",
    "RefereeSession",
    "RefereeView",
    "SETUP",
    "TRUMP",
    "Taken",
    "UNKNOWN_CARD",
    "engine_choose",
    "ordinal",
]

