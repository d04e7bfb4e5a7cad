"""What the two real-card referees share: classic whist's
(:class:`device.referee.RefereeSession`) and the family games'
(:class:`device.referee_family.FamilyReferee`).

:class:`RefereeBase` holds the plumbing that is the same whatever the game: the
messages, the match's seed and journal, the input events, the setup's dealer and
AI seats, the step that gives each seat its own reader, the readers' state, and the
end of a hand.
What differs (the phases of a hand, what a card means, the words for a seat,
one reader or several) each referee says through a few small methods named
below; no pygame here.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, TypeVar

from device.events import Action, ButtonEvent, CardScanned, InputEvent, ReaderStatus
from engine.cards import Card, parse_card
from engine.deal import Deal
from engine.errors import NotationError, RulesError
from engine.match import Match
from engine.seats import Seat

if TYPE_CHECKING:
    from device.journal import Journal
    from device.store import MatchRow, Store
    from engine.game import Game, GameRules
    from engine.scoring import HandScore

log = logging.getLogger(__name__)

UNKNOWN_CARD = "unknown card: enrol it in Settings"
READER_DISCONNECTED = "reader disconnected"
HISTORY = 6  # messages kept for the screen

# Phases, in the order a hand goes through them.
READERS = "readers"  # a reader per seat: each seat lays a card on its own (before SETUP)
SETUP = "setup"  # choose the dealer and the AI seats (first hand of a match)
TRUMP = "trump"  # the dealer scans the turned card (or trumps are chosen)
AI_HANDS = "ai_hands"  # each AI seat's cards scanned face down
PLAY = "play"
HAND_OVER = "hand_over"  # the summary; Select deals the next hand

Observed = TypeVar("Observed")
Answer = TypeVar("Answer")


@dataclass(frozen=True)
class Message:
    text: str
    kind: str = "info"  # "info", "ok", "error" (a refused scan), "revoke"
    # The state the message was said in (RefereeBase._moment): an error is
    # shown only while nothing has moved on since.
    moment: tuple[object, ...] = field(default=(), compare=False)


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th ... 11th, 12th, 13th."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def ask_ai(choose: Callable[[Observed, str, str | None], Answer], observation: Observed, level: str,
           seed: str | None, who: str) -> Answer | None:
    """The chooser's answer at ``level``, else at the simple rules level; None if both fail.

    A boundary: the chooser is whatever the session was given, and a broken one
    must not stop a game played with real cards (the failure is logged)."""
    for at in dict.fromkeys((level, "rules")):
        try:
            return choose(observation, at, seed)
        except Exception as exc:
            log.warning("the AI (%s) failed for %s: %s", at, who, exc)
    return None


class RefereeBase:
    """The plumbing of a real-card referee; see the module docstring.

    A referee says how a match of its game is called (``match_word``), names a
    seat (``name``, ``_seat``), starts a hand (``_begin_hand``), takes a card in
    the hand's phases (``_scan_card``), answers the buttons of its own phases
    (``_handle_button``) and keeps which reader is whose and whether it is plugged
    in (the ``_reader_*`` methods; the defaults are one reader's).
    """

    match_word = "match"  # classic's is a rubber
    setup_words = "the dealer"  # what the setup chooses
    setup_scan_words: str  # the refusal of a card scanned at the setup

    rules: GameRules
    match: Match
    ai_seats: dict[Seat, str]
    setup_dealer: Seat

    def __init__(self, *, seed: int | str | None, store: Store | None, ai_async: bool) -> None:
        self.ai_async = ai_async
        self.seed = seed
        self.store = store
        self.journal: Journal | None = None  # following self.match once its first deal is stored
        self.matches = 0  # matches begun: the next one's seed is told from it
        self.phase = SETUP
        # Prompts speak of the screen's buttons (tap Start) rather than the physical
        # ones (left/right, Select); the scene keeps this in step with the input used.
        self.touch = False
        self.messages: list[Message] = []  # the newest HISTORY messages
        self.message_count = 0  # messages ever said: a screen can tell a new one from the last
        self.reader_connected: bool | None = None
        self.reader_message = ""
        self.preview: HandScore | None = None  # the finished hand, before it is confirmed
        self.last_score: HandScore | None = None  # the last hand scored (confirmed)
        # Part of an AI answer's key: after an undo the same count of actions is another position.
        self._undos = 0

    # -- what each referee says for itself -------------------------------------------------
    @property
    def players(self) -> int:
        return 4

    def name(self, seat: Seat) -> str:
        raise NotImplementedError

    def _seat(self, seat: Seat | int | str) -> Seat:
        raise NotImplementedError

    def _game(self) -> Game | None:
        """The game a new match plays (None: the rules' own, classic whist)."""
        return None

    def _games_to_win(self) -> int:
        raise NotImplementedError

    def _moment(self) -> tuple[object, ...]:
        raise NotImplementedError

    def _begin_hand(self) -> None:
        raise NotImplementedError

    def _scan_card(self, card: Card, reader: str | None) -> bool:
        """A card scanned after the setup, in the hand's phases."""
        raise NotImplementedError

    def _handle_button(self, action: Action) -> bool:
        """A button in the phases of the hand the base does not know."""
        return False

    def _winner_words(self) -> str:
        """What is said when the match is won by its last hand."""
        raise NotImplementedError

    def _check_ai_seat(self, seat: Seat, level: str | None) -> None:
        """Raise RulesError where ``seat`` cannot be given to ``level`` (an AI) or a person (None)."""

    # -- state ------------------------------------------------------------------------------
    @property
    def deal(self) -> Deal | None:
        return self.match.current

    @property
    def dealer(self) -> Seat | None:
        if self.phase in (SETUP, READERS):
            return None
        return self.deal.dealer if self.deal is not None else self.match.next_dealer

    def is_ai(self, seat: Seat) -> bool:
        return seat in self.ai_seats

    def _say(self, text: str, kind: str = "info") -> None:
        self.messages.append(Message(text, kind, self._moment()))
        del self.messages[:-HISTORY]
        self.message_count += 1

    def _refuse(self, text: str) -> bool:
        self._say(text, "error")
        return False

    def current_messages(self) -> tuple[Message, ...]:
        """The messages still worth showing: a refusal is dropped once the table has moved on
        (a card taken or undone, a phase, the reader) - it no longer applies."""
        now = self._moment()
        return tuple(m for m in self.messages if m.kind != "error" or m.moment == now)

    def _key(self) -> tuple[int, int, int]:
        """The position an AI answer is for: (deal number, actions so far, undos)."""
        deal = self.deal
        assert deal is not None
        return len(self.match.deals), len(deal.actions), self._undos

    # -- the match and its journal -------------------------------------------------------------
    def _new_match(self, dealer: Seat) -> Match:
        """A new match with its own seed (the AI's moves are seeded from it)."""
        if self.seed is None:
            seed: int | str = secrets.token_hex(8)
        else:
            seed = self.seed if self.matches == 0 else f"{self.seed}/{self.matches}"
        self.matches += 1
        self.journal = None
        return Match(self.rules, first_dealer=dealer, seed=seed, game=self._game())

    def _journal_match(self) -> None:
        """Write the match to the store (once, with its first deal)."""
        if self.store is None or self.journal is not None:
            return
        from device.journal import REFEREE, Journal
        from engine.seats import seat_label, seats_at

        players = {seat_label(s, self.players): self.ai_seats.get(s, "human") for s in seats_at(self.players)}
        # hold: a full disk is shown by the app (device.app.store_banner), not raised.
        self.journal = Journal(self.store, players, hold=True)
        self.journal.follow(self.match, run={"kind": REFEREE})

    def resume(self) -> bool:
        """Carry on the store's newest unfinished real-card match, where it is this referee's."""
        raise NotImplementedError

    def _stored(self) -> tuple[MatchRow, Match] | None:
        """The newest unfinished real-card match of the store, rebuilt (None: there is none)."""
        if self.store is None:
            return None
        from device.journal import is_referee_rubber, rebuild

        row = next((r for r in self.store.unfinished_matches() if is_referee_rubber(r)), None)
        return None if row is None else (row, rebuild(self.store, row))

    def _adopt(self, row: MatchRow, match: Match) -> Journal:
        """A journal carrying on the stored ``match`` (its row ``row``)."""
        from device.journal import Journal

        assert self.store is not None
        journal = Journal(self.store, dict(row.players), hold=True)
        journal.adopt(match, row.id)
        return journal

    # -- setup ------------------------------------------------------------------------------
    def set_ai(self, seat: Seat | int | str, level: str | None) -> None:
        """An AI in ``seat`` (``level``) or a person (None); only before the first deal."""
        if self.match.deals or self.phase != SETUP:
            raise RulesError(f"the seats are chosen before the first deal of a {self.match_word}")
        s = self._seat(seat)
        self._check_ai_seat(s, level)
        if level is None:
            self.ai_seats.pop(s, None)
        else:
            self.ai_seats[s] = level

    def toggle_ai(self, seat: Seat | int | str, level: str = "hard") -> None:
        s = self._seat(seat)
        self.set_ai(s, None if s in self.ai_seats else level)

    def step_dealer(self, step: int = 1) -> None:
        """The setup's dealer moved ``step`` seats on round the table."""
        self.setup_dealer = Seat((int(self.setup_dealer) + step) % self.players)

    def choose_dealer(self, seat: Seat | int | str) -> None:
        """The first dealer of the match; the deal then passes on from there."""
        if self.phase != SETUP:
            raise RulesError("the dealer is chosen before the first hand")
        dealer = self._seat(seat)
        self.setup_dealer = dealer
        self.matches -= 1  # the match not yet begun: its seed is kept for the one chosen now
        self.match = self._new_match(dealer)
        self._say(f"{self.name(dealer)} deals")
        self._begin_hand()

    # -- a reader per seat: "North, lay any card on your reader" ---------------------------
    def _reader_start(self) -> None:
        """Forget the readers' seats and ask the first seat."""
        raise NotImplementedError

    def _reader_asked(self) -> Seat | None:
        """The seat asked to lay a card on its reader (None: the step is over)."""
        raise NotImplementedError

    def _reader_skip(self) -> str:
        """The seat asked has no reader: go on to the next; what to say."""
        raise NotImplementedError

    def _reader_stop(self) -> None:
        raise NotImplementedError

    def _reader_laid(self, reader: str | None) -> tuple[bool, str]:
        """A card laid on ``reader`` in the step: (taken, what to say)."""
        raise NotImplementedError

    def seats_with_readers(self) -> list[Seat]:
        """The seats with a reader of their own, in seat order."""
        raise NotImplementedError

    def begin_reader_setup(self) -> bool:
        """A reader per seat: ask each seat in turn to lay any card on its own reader."""
        if self.phase not in (SETUP, READERS):
            return self._refuse("the readers are given their seats before the first deal")
        self._reader_start()
        self.phase = READERS
        self._say("each player in turn lays any card on the reader in front of them; "
                  "a seat without one: No reader here")
        return True

    def skip_reader(self) -> bool:
        """The seat asked has no reader of its own."""
        if self.phase != READERS or self._reader_asked() is None:
            return False
        self._say(self._reader_skip())
        self._after_reader()
        return True

    def end_reader_setup(self) -> None:
        """Stop asking: the seats not yet asked keep no reader of their own."""
        if self.phase == READERS:
            self._reader_stop()
            self._after_reader()

    def _reader_prompt(self) -> str:
        asked = self._reader_asked()
        assert asked is not None
        return f"{self.name(asked)}, lay any card on your reader"

    def _after_reader(self) -> None:
        if self._reader_asked() is not None:
            return
        self.phase = SETUP
        seats = self.seats_with_readers()
        if seats:
            named = ", ".join(self.name(s) for s in seats)
            self._say(f"readers ready: {named} {'has' if len(seats) == 1 else 'have'} their own", "ok")
        else:
            self._say("no seat has a reader of its own: every card is taken as the player's to move")

    def _scan_reader_setup(self, reader: str | None) -> bool:
        taken, said = self._reader_laid(reader)
        if not taken:
            return self._refuse(said)
        self._say(said, "ok")
        self._after_reader()
        return True

    # -- input ------------------------------------------------------------------------------
    def scan(self, card: str | Card | None, tag: str | None = None, reader: str | None = None) -> bool:
        """A card laid on ``reader`` (None: the one reader); True if it was taken."""
        if self.phase == READERS:
            return self._scan_reader_setup(reader)  # any card will do, even one not enrolled
        if card is None:
            return self._refuse(UNKNOWN_CARD)
        try:
            c = parse_card(card)
        except NotationError:
            return self._refuse(UNKNOWN_CARD)
        if self.phase == SETUP:
            return self._refuse(self.setup_scan_words)
        return self._scan_card(c, reader)

    # -- the reader's state ------------------------------------------------------------------
    def _reader_heard(self, status: ReaderStatus) -> bool:
        """Note a reader's news; whether every reader of the table is plugged in now."""
        return status.connected

    def _reader_back(self, status: ReaderStatus) -> str:
        """What is said when the table's readers are all back."""
        return "the reader is back: lay again any card laid while it was unplugged"

    def _reader_lost(self, status: ReaderStatus) -> str:
        """What is said when a reader is unplugged."""
        return status.message or READER_DISCONNECTED

    def _reader_badges(self) -> list[str]:
        """A badge for each reader unplugged."""
        return [self.reader_message or READER_DISCONNECTED] if self.reader_connected is False else []

    def reader_status(self, status: ReaderStatus) -> None:
        was = self.reader_connected
        self.reader_connected = self._reader_heard(status)
        self.reader_message = status.message
        if status.connected and was is False:
            self._say(self._reader_back(status), "ok")
        elif not status.connected and was is not False:
            self._say(self._reader_lost(status), "error")

    def badges(self) -> list[str]:
        """The screen's red pills: a reader unplugged, the revokes proven in the hand."""
        out = self._reader_badges()
        deal = self.deal
        if deal is not None:
            out.extend(f"revoke: {self.name(r.seat)} (trick {r.trick})" for r in deal.revokes)
        return out

    def can_undo(self) -> bool:
        raise NotImplementedError

    def undo(self) -> bool:
        raise NotImplementedError

    def _undo_to_setup(self) -> bool:
        """Undo with no card of the match scanned: its first hand's trumps go back to the setup."""
        if self.phase == TRUMP and not self.match.deals:
            self.phase = SETUP
            self._say(f"choose {self.setup_words} again")
            return True
        return self._refuse("nothing to undo")

    def handle(self, event: InputEvent) -> bool:
        """Feed one input event; True if the session used it (else the scene may)."""
        if isinstance(event, CardScanned):
            self.scan(event.card, event.tag, event.reader)
            return True
        if isinstance(event, ReaderStatus):
            self.reader_status(event)
            return True
        if not isinstance(event, ButtonEvent) or event.held:
            return False
        action = event.action
        if self.phase == READERS:
            if action == Action.SELECT:
                return self.skip_reader()
            if action == Action.BACK:
                self.end_reader_setup()
                return True
            return False
        # The table's buttons have no undo of their own: Back takes back a scan
        # while there is one, and leaves only when there is nothing to take back.
        if action == Action.UNDO or (action == Action.BACK and self.can_undo()):
            self.undo()
            return True
        if action == Action.BACK:
            return False
        if self.phase == SETUP:
            if action in (Action.LEFT, Action.RIGHT):
                self.step_dealer(1 if action == Action.RIGHT else self.players - 1)
                return True
            if action in (Action.SELECT, Action.DEAL):
                self.choose_dealer(self.setup_dealer)
                return True
            return False
        if self.phase == HAND_OVER:
            if action in (Action.SELECT, Action.DEAL):
                self.next_hand()
                return True
            return False
        return self._handle_button(action)

    # -- the end of a hand ----------------------------------------------------------------
    def _match_ends(self) -> bool:
        """The hand in view ends the match (the button says New rubber, New match)."""
        s = self.preview
        if s is None or s.game_won_by is None:
            return False
        return self.match.games_won[s.game_won_by] + 1 >= self._games_to_win()

    def _next_words(self, nxt: str | None = None) -> str:
        """How to go on to ``nxt`` (default: the next hand, or a new match when this one ends):
        the button on the screen, or Select."""
        new = f"a new {self.match_word}"
        if nxt is None:
            nxt = new if self._match_ends() else "the next hand"
        if self.touch:
            return f"tap {'New ' + self.match_word if nxt == new else 'Next hand'} for {nxt}"
        return f"press Select for {nxt}"

    def _begin_next(self) -> None:
        """The next hand after one confirmed (in the same match or a new one)."""
        self._begin_hand()

    def next_hand(self) -> bool:
        """Confirm the finished hand (the match scores it) and go on to the next deal."""
        if self.phase != HAND_OVER:
            return self._refuse("the hand is not over yet")
        self.last_score = self.match.finish_deal()
        self.preview = None
        if self.match.is_over:
            self._say(self._winner_words(), "ok")
            self.match = self._new_match(self.match.next_dealer)
        self._begin_next()
        return True


__all__ = [
    "AI_HANDS",
    "HAND_OVER",
    "HISTORY",
    "Message",
    "PLAY",
    "READERS",
    "READER_DISCONNECTED",
    "RefereeBase",
    "SETUP",
    "TRUMP",
    "UNKNOWN_CARD",
    "ask_ai",
    "ordinal",
]
