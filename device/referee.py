"""Real cards: people play with a real deck at the table and the table only watches.

:class:`Referee` is the controller behind the Real cards screen for every game. Every rule
is asked of the engine: the shape of each hand (seats dealt in, hand size, a turned card and
where it lies, a kitty, a stock, layouts, who names trumps) is the engine's own next deal of
the match (``Match.next_record``), whose cards are thrown away and replaced by what the
table scans (device.referee_plan says what is scanned and when); the steps before the play
(auction, declaration, exchange) are the deal's ``step`` with its legal actions; following
suit, revokes, tricks and scores are the deal's and the match's.

A hand goes:

1. the readers step (a reader per seat: each seat lays any card on its own) and the setup
   (first hand only): the players where the game allows several, the AI seats, the dealer;
2. the turned card scanned where the engine's deal turns one (or, where it is the dealer's
   own, trumps chosen on screen);
3. face down, each AI seat's cards into its rack, a hand nobody sits at, a person's one card
   on a dog's life, then the piles the game exchanges with or plays from;
4. the steps: a person's bid or declaration by touch (or left/right and Select), the hook
   shown as a disabled bid with its reason; an AI's said at once; an exchange's discards
   scanned one by one (an AI's asked for by their places in its rack);
5. the play: a scan is the card of the seat to move (or the seat whose reader it lies on);
   an AI's card is asked for by its place in its rack and only that card is taken; refusals
   say why and never name a card of a hidden rack; revokes proven by the engine are flagged;
6. the summary (the engine's ``score_hand``), then the next hand.

With a reader per seat a card laid out of turn is refused at once and is then known to be
that player's: showing out later, where the engine's rule says that card would have
followed, is flagged at once (``Suspect``). With one reader a card is taken as the card of
the player to move and shown big for a moment (``Taken``) so a wrong guess is undone.

With a ``store`` every match is journalled through device.journal (its first deal writes it;
each action is committed before it is shown) and :meth:`Referee.resume` rebuilds the newest
unfinished one: a hand in play comes back at the action it had reached, each AI rack laid on
the reader again from the left (the store keeps its cards, not their order). The scanning of
a hand not yet begun is not stored: after a cut it is scanned again. No pygame, no threads:
the AI runs through ``choose`` unless ``ai_async`` is set, when the screen runs it on its
worker (``ai_request`` / ``supply_ai_action``).
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from device import (
    referee_ai,
    referee_pass,
    referee_play,
    referee_resume,
    referee_scan,
    referee_setup,
    referee_show,
    referee_steps,
    referee_undo,
)
from device import referee_plan as scan_plan
from device import referee_words as words
from device.events import ButtonEvent, CardScanned, InputEvent, ReaderStatus
from device.referee_ai import ActionChooser, AIRequest, engine_act
from device.referee_racks import Key, Racks, ordinal
from device.referee_view import (
    AI_HANDS,
    HAND_OVER,
    PLAY,
    RACKS,
    READERS,
    SETUP,
    STEPS,
    STOCK,
    TRUMP,
    Choice,
    Message,
    Suspect,
    Taken,
)
from device.seat_readers import SeatReaders
from engine.actions import Action, Exchange, Pass, Play
from engine.cards import SUIT_NAMES, Card, parse_card
from engine.deal import Deal, DealRecord
from engine.errors import NotationError, RulesError
from engine.game import Game, GameRules, Phase
from engine.games import GAMES, game_of, get_game
from engine.match import Match
from engine.scoring import HandScore
from engine.seats import Seat, seats_at
from engine.table_spec import ScoresBy

if TYPE_CHECKING:
    from device.journal import Journal
    from device.referee_view import RefereeView
    from device.store import MatchRow, Store

log = logging.getLogger(__name__)

UNKNOWN_CARD = "unknown card: enrol it in Settings"
READER_DISCONNECTED = "reader disconnected"
HISTORY = 6  # messages kept for the screen


class Referee:
    """The real-card referee for any game; see the module docstring.

    ``game`` a game (or its name; None: the game ``rules`` are of) at ``players``; ``rules``
    its house settings, or ``rules_for(players)`` for them at each table size; ``ai_seats``
    the seats an AI fills and its level; ``choose`` the AI (default: engine.ai, fixed work);
    ``seed`` seeds the matches; ``store`` journals them; ``readers`` the table's readers and their seats;
    ``names`` the players' names by seat (a drive's): the screen then says "West (Alice)".
    """

    def __init__(
        self,
        game: str | Game | None = None,
        players: int | None = None,
        ai_seats: Mapping[Seat, str] | None = None,
        *,
        rules: GameRules | None = None,
        rules_for: Callable[[int], GameRules] | None = None,
        choose: ActionChooser | None = None,
        ai_async: bool = False,
        seed: int | str | None = None,
        dealer: Seat | int | str = 0,
        store: Store | None = None,
        readers: SeatReaders | None = None,
        names: Mapping[Seat, str] | None = None,
    ) -> None:
        # no game named: the one ``rules`` are the settings of, else the registry's first
        g = get_game(game) if isinstance(game, str) else game if game is not None else \
            game_of(rules) if rules is not None else next(iter(GAMES.values()))
        self.game = g if players is None else g.with_players(players)
        self.rules_for = rules_for
        if rules is None and rules_for is not None:
            rules = rules_for(self.game.players)
        self.rules: GameRules = rules if rules is not None else self.game.default_rules()
        self.game = self.game.with_rules(self.rules)
        self.names = dict(names or {})
        self.readers = readers or SeatReaders()
        self.ai_seats: dict[Seat, str] = {}
        for s, level in (ai_seats or {}).items():
            self.set_ai(s, level, check_phase=False)
        self.choose = choose or engine_act
        self.ai_async = ai_async
        self.seed = seed
        self.store = store
        self.journal: Journal | None = None  # following self.match once its first deal is stored
        self.matches = 0  # matches begun: the next one's seed is told from it
        self.phase = SETUP
        # Prompts speak of the screen's buttons (tap Start) rather than the physical ones
        # (left/right, Select); the screen keeps this in step with the input used.
        self.touch = False
        self.messages: list[Message] = []  # the newest HISTORY messages
        self.message_count = 0  # messages ever said: a screen can tell a new one from the last
        self.reader_connected: bool | None = None
        self.preview: HandScore | None = None  # the finished hand, before it is confirmed
        self.last_score: HandScore | None = None  # the last hand scored (confirmed)
        self._undos = 0  # part of an AI answer's key: after an undo the same count is another position
        self.setup_dealer = self._seat(dealer)
        self.match = self._new_match(self.setup_dealer)
        self.racks = Racks()
        self.template: DealRecord | None = None  # the engine's own deal of the hand: its shape
        self.choice_focus = 0
        self.trump_choice = 0
        self._ai_actions: dict[tuple[int, int, int], Action] = {}
        self.taken: Taken | None = None  # the last card guessed to be a person's (one reader)
        self._seen: dict[Seat, dict[Card, int]] = {}  # laid out of turn on a seat's reader: its cards
        self.suspects: list[Suspect] = []
        # Back after an unplug: the cards laid meanwhile were not seen; the prompt asks for
        # them again until the next card is taken.
        self.relay = False
        self._seat_readers()

    # -- seats and names ------------------------------------------------------------------
    @property
    def players(self) -> int:
        return self.game.players

    @property
    def match_word(self) -> str:
        """A match of partnerships to two games is a rubber."""
        return "rubber" if self.game.partnerships and self.game.games_to_win(self.rules) == 2 else "match"

    def _seat(self, seat: Seat | int | str) -> Seat:
        if isinstance(seat, Seat):
            return seat
        if isinstance(seat, int) or seat.isdigit():
            return Seat(int(seat))
        return Seat.parse_at(seat, self.players)

    def seat_word(self, seat: Seat) -> str:
        """The seat's own name ("West", "Player 3", "Dummy"): where its cards and rack lie."""
        return words.DUMMY if seat in scan_plan.empty_seats(self.game) else \
            words.player_name(seat, self.players)

    def name(self, seat: Seat) -> str:
        """The seat and its player's name where a drive gave one: "West (Alice)"."""
        who = self.names.get(seat)
        return self.seat_word(seat) if who is None else f"{self.seat_word(seat)} ({who})"

    def _ai_name(self, seat: Seat) -> str:
        """An AI seat: "AI North", or its name where one was given (a drive's "North (AI)")."""
        return self.name(seat) if seat in self.names else f"AI {self.seat_word(seat)}"

    def is_ai(self, seat: Seat) -> bool:
        return seat in self.ai_seats

    def seated(self) -> tuple[Seat, ...]:
        """The seats where somebody sits (not a dummy's)."""
        empty = scan_plan.empty_seats(self.game)
        return tuple(s for s in seats_at(self.players) if s not in empty)

    def _seat_readers(self) -> None:
        self.readers.seat_table(self.seated(), self.seat_word)

    # -- state ---------------------------------------------------------------------------------
    @property
    def deal(self) -> Deal | None:
        return self.match.current

    @property
    def dealer(self) -> Seat | None:
        if self.phase in (SETUP, READERS):
            return None
        return self.deal.dealer if self.deal is not None else self.match.next_dealer

    @property
    def discards(self) -> list[Card]:
        """An exchange's discards scanned so far."""
        return self.racks.discards

    @property
    def draws(self) -> bool:
        return scan_plan.draws(self.game)

    @property
    def whole_exchanges(self) -> bool:
        return scan_plan.whole_exchanges(self.game)

    def _moment(self) -> tuple[object, ...]:
        """Changes whenever the table moves on (a card taken or undone, a phase, the reader)."""
        deal, r = self.deal, self.racks
        return (self.phase, len(self.match.deals), len(deal.actions) if deal is not None else -1,
                sum(len(x) for x in r.rack_order.values()), len(r.order), r.trump_card, r.trump,
                self._undos, len(r.discards), self.reader_connected, tuple(sorted(self.ai_seats)),
                self.players, self.setup_dealer, self.readers.asking)

    def _say(self, text: str, kind: str = "info") -> None:
        self.messages.append(Message(text, kind, self._moment()))
        del self.messages[:-HISTORY]
        self.message_count += 1

    def _refuse(self, text: str) -> bool:
        self._say(text, "error")
        return False

    def current_messages(self) -> tuple[Message, ...]:
        """The messages still worth showing: a refusal is dropped once the table has moved on."""
        now = self._moment()
        return tuple(m for m in self.messages if m.kind != "error" or m.moment == now)

    def _key(self) -> tuple[int, int, int]:
        deal = self.deal
        assert deal is not None
        return len(self.match.deals), len(deal.actions), self._undos

    def sizes(self) -> list[int]:
        """Cards dealt to each seat this hand (0: not dealt in), as the engine deals it."""
        p = self.racks.plan
        return list(p.sizes) if p is not None else [0] * self.players

    # -- the match and its journal ----------------------------------------------------------------
    def _new_match(self, dealer: Seat) -> Match:
        """A new match with its own seed (the AI's moves are seeded from it)."""
        if self.seed is None:
            seed: int | str = secrets.token_hex(8)
        else:
            seed = self.seed if self.matches == 0 else f"{self.seed}/{self.matches}"
        self.matches += 1
        self.journal = None
        return Match(self.rules, first_dealer=dealer, seed=seed, game=self.game)

    def _journal_match(self) -> None:
        """Write the match to the store (once, with its first deal)."""
        if self.store is None or self.journal is not None:
            return
        from device.journal import REFEREE, Journal
        from engine.seats import seat_label

        players = {seat_label(s, self.players): self.ai_seats.get(s, "human") for s in seats_at(self.players)}
        # hold: a full disk is shown by the app (device.app.store_banner), not raised.
        self.journal = Journal(self.store, players, hold=True)
        self.journal.follow(self.match, run={"kind": REFEREE})

    def resume(self) -> bool:
        return referee_resume.resume(self)

    def _stored(self) -> tuple[MatchRow, Match] | None:
        """The newest unfinished real-card match of the store, rebuilt (None: there is none)."""
        if self.store is None:
            return None
        from device.journal import is_referee_rubber, rebuild

        row = next((r for r in self.store.unfinished_matches() if is_referee_rubber(r)), None)
        return None if row is None else (row, rebuild(self.store, row))

    # -- setup: the seats, the players, the dealer, a reader per seat (device.referee_setup) --------
    def set_ai(self, seat: Seat | int | str, level: str | None, *, check_phase: bool = True) -> None:
        """An AI in ``seat`` (``level``) or a person (None); only before the first deal."""
        referee_setup.set_ai(self, seat, level, check_phase=check_phase)

    def toggle_ai(self, seat: Seat | int | str, level: str = "hard") -> None:
        referee_setup.toggle_ai(self, seat, level)

    def set_players(self, players: int) -> bool:
        """The table size, for a game played by several (before the first deal)."""
        return referee_setup.set_players(self, players)

    def step_dealer(self, step: int = 1) -> None:
        """The setup's dealer moved on round the seats that may deal."""
        referee_setup.step_dealer(self, step)

    def choose_dealer(self, seat: Seat | int | str) -> None:
        """The first dealer of the match; the deal then passes on from there."""
        referee_setup.choose_dealer(self, seat)

    def seats_with_readers(self) -> list[Seat]:
        return list(self.readers.seats())

    def begin_reader_setup(self) -> bool:
        """A reader per seat: ask each seat in turn to lay any card on its own reader."""
        return referee_setup.begin_readers(self)

    def skip_reader(self) -> bool:
        """The seat asked has no reader of its own."""
        return referee_setup.skip_reader(self)

    def end_reader_setup(self) -> None:
        """Stop asking: the seats not yet asked keep no reader of their own."""
        referee_setup.end_readers(self)

    # -- the deal's scanning ----------------------------------------------------------------------

    def trumps_on_screen(self) -> bool:
        """Trumps may be chosen by a button instead of the turned card: it is the dealer's own."""
        p = self.racks.plan
        return self.phase == TRUMP and p is not None and p.named_on_screen

    def choose_trump(self, suit: int | str) -> bool:
        """Trumps picked on screen instead of scanning the turned card."""
        if not self.trumps_on_screen():
            return self._refuse("trumps are chosen at the start of a hand, where the dealer turns one")
        strain = suit if isinstance(suit, int) else "SHDC".index(str(suit).strip().upper()[:1])
        if not 0 <= strain <= 3:
            return self._refuse("trumps are spades, hearts, diamonds or clubs")
        self.racks.trump, self.racks.trump_card = strain, None
        self._say(f"trumps are {SUIT_NAMES[strain]}", "ok")
        referee_scan.after_trump(self)
        return True

    def after_deal_moved(self) -> None:
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
        referee_ai.prepare(self)

    # -- cards a pile turns face up ---------------------------------------------------------------
    def upcard_wanted(self) -> Card | None:
        return self.racks.upcard_wanted(self.deal, self.game, scan_plan.turns_up(self.game))

    # -- racks ------------------------------------------------------------------------------------
    def rack(self, key: Key) -> list[Card]:
        """What lies face down in a rack, in scan order (see device.referee_racks)."""
        return self.racks.rack(key, self.deal, self.game)

    def face_up(self, seat: Seat) -> bool:
        return self.phase not in (SETUP, TRUMP, AI_HANDS) and self.racks.face_up(seat, self.deal, self.game)

    def _place(self, key: Key, card: Card) -> str:
        deal = self.deal if self.phase not in (TRUMP, AI_HANDS) else None
        return self.racks.place(key, card, deal, self.game, self.seat_word,
                                lambda k: words.rack_name(self, k))

    # -- the AI (device.referee_ai) ----------------------------------------------------------------
    @property
    def ai_request(self) -> AIRequest | None:
        return referee_ai.request(self)

    def supply_ai_action(self, key: tuple[int, int, int], action: Action | None) -> bool:
        """The answer to ``ai_request``; a stale answer is dropped, an illegal one replaced."""
        return referee_ai.supply(self, key, action)

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
            return next((c for c in want.discard if c not in self.racks.discards), None)
        return None

    # -- the steps by touch -----------------------------------------------------------------------
    def choices(self) -> list[Choice]:
        return referee_steps.choices(self)

    def act(self, action: Action) -> bool:
        """A person's bid, pass, declaration or knock (a button), checked by the engine."""
        offered = any(c.action == action for c in self.choices())
        if self.phase == PLAY and offered and isinstance(action, Play):  # who leads the opening card
            return referee_play.play_card(self, action.seat, action.card)
        if self.phase == PLAY and offered:
            return self._apply(action)  # a knock
        if self.phase != STEPS:
            return self._refuse("the bids and the trump call are made before the play")
        deal = self.deal
        assert deal is not None and deal.turn is not None
        if offered and isinstance(action, Exchange) and referee_pass.passing(self) is not None:
            return referee_pass.confirm(self, action)  # an AI's pass, given by hand
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
        deal = self.deal
        assert deal is not None
        said = words.whole_said(deal, self.game, action) if self.whole_exchanges else None
        if isinstance(action, Pass) and deal.contract is not None:
            said = "knocks (a dog's life): this trick passes it by"
        self._say(f"{self.name(action.seat)}: {said or words.said_of(action)}", "ok")
        self.after_deal_moved()
        return True

    # -- input ------------------------------------------------------------------------------------
    def scan(self, card: str | Card | None, tag: str | None = None, reader: str | None = None) -> bool:
        """A card laid on ``reader`` (None: the one reader); True if it was taken."""
        if reader is not None:
            self.readers.add(reader)
        if self.phase == READERS:
            return self._scan_reader_setup(reader)  # any card will do, even one not enrolled
        if card is None:
            return self._refuse(UNKNOWN_CARD)
        try:
            c = parse_card(card)
        except NotationError:
            return self._refuse(UNKNOWN_CARD)
        if self.phase == SETUP:
            start = "tap Start" if self.touch else "press Select"
            return self._refuse(f"choose {words.setup_words(self)} first, then {start}")
        taken = self._scan_card(c, reader)
        if taken:
            self.relay = False
        return taken

    def _scan_reader_setup(self, reader: str | None) -> bool:
        taken, said = self.readers.laid(reader)
        if not taken:
            return self._refuse(said)
        self._say(said, "ok")
        referee_setup.after_reader(self)
        return True

    def _scan_card(self, c: Card, reader: str | None) -> bool:
        if self.phase == HAND_OVER:
            return self._refuse(f"the hand is over - {self._next_words('the next hand')}")
        if self.phase == TRUMP:
            return referee_scan.scan_trump(self, c)
        if self.phase == AI_HANDS:
            return referee_scan.scan_rack(self, c)
        if self.phase == STOCK:
            return referee_scan.scan_upcard(self, c)
        if self.phase == RACKS:
            return referee_resume.scan_rerack(self, c)
        deal = self.deal
        assert deal is not None and deal.turn is not None
        step = deal.step
        if step is not None and step.phase is Phase.EXCHANGE:
            return referee_play.scan_discard(self, c, step.seat, self.readers.seat(reader))
        if step is not None:
            return self._refuse(f"no card now: {self.name(deal.turn)} to {words.verb_of(step.phase)} "
                                "(on the screen)")
        return referee_play.scan_play(self, c, self.readers.seat(reader))

    def reader_status(self, status: ReaderStatus) -> None:
        was = self.reader_connected
        if status.reader is not None:
            self.readers.add(status.reader)  # a reader heard from is one of the table's
        self.readers.status(status.reader, status.connected, status.message)
        self.reader_connected = not self.readers.unplugged()
        if self.reader_connected and was is False:
            self.relay = self.phase in (TRUMP, AI_HANDS, STEPS, PLAY, STOCK, RACKS)
            again = f": lay again any card laid while it was unplugged, from {self.wanted()} on" \
                if self.relay else ""
            self._say(f"{self.readers.name(status.reader)} is back{again}", "ok")
        elif not status.connected and was is not False:
            what = status.message or READER_DISCONNECTED
            if status.reader is not None and len(self.readers.readers) > 1:
                what = f"{self.readers.name(status.reader)}: {what}"
            self._say(what, "error")

    def handle(self, event: InputEvent) -> bool:
        """Feed one input event; True if the session used it (else the screen may)."""
        if isinstance(event, CardScanned):
            self.scan(event.card, event.tag, event.reader)
            return True
        if isinstance(event, ReaderStatus):
            self.reader_status(event)
            return True
        if not isinstance(event, ButtonEvent) or event.held:
            return False
        return referee_steps.press(self, event.action)

    # -- the end of a hand ------------------------------------------------------------------------
    def _hand_over(self) -> None:
        deal = self.deal
        assert deal is not None
        # A preview until confirmed, so an undo can still take the last card back.
        number = len(self.match.hands) + 1
        self.preview = self.game.score_hand(deal, self.match.game_score, self.rules, number, None)
        self.phase = HAND_OVER
        self._say("hand over: " + words.tricks_line(deal, self.game, self.name), "ok")

    def match_ends(self) -> bool:
        """The hand in view ends the match (the button says New rubber, New match)."""
        s = self.preview
        if s is None or s.game_won_by is None:
            return False
        return self.match.games_won[s.game_won_by] + 1 >= self.game.games_to_win(self.rules)

    def _next_words(self, nxt: str | None = None) -> str:
        """How to go on to ``nxt`` (default: the next hand, or a new match when this one ends)."""
        new = f"a new {self.match_word}"
        if nxt is None:
            nxt = new if self.match_ends() else "the next hand"
        if self.touch:
            return f"tap {'New ' + self.match_word if nxt == new else 'Next hand'} for {nxt}"
        return f"press Select for {nxt}"

    def side_names(self) -> tuple[str, ...]:
        if self.game.partnerships:
            return words.side_words(self.game)
        seats = seats_at(self.players)
        if self.game.table.scores_by is ScoresBy.SIDE:  # teams of alternate seats (six, eight)
            # each by its first player, as the table names three teams (Team 2)
            first = [next(s for s in seats if self.game.side_of(s) == side)
                     for side in range(self.game.sides)]
            return tuple(f"Team {self.seat_word(s).removeprefix('Player ')}" for s in first)
        return tuple(self.name(s) for s in seats)[:self.game.sides]

    def _winner_words(self) -> str:
        w = self.match.winner
        who = "nobody" if w is None else self.side_names()[w]
        wins = "win" if self.game.partnerships else "wins"
        return f"the {self.match_word} is over: {who} {wins} - a new {self.match_word} starts"

    def next_hand(self) -> bool:
        """Confirm the finished hand (the match scores it) and go on to the next deal."""
        if self.phase != HAND_OVER:
            return self._refuse("the hand is not over yet")
        self.last_score = self.match.finish_deal()
        self.preview = None
        if self.match.is_over:
            self._say(self._winner_words(), "ok")
            self.match = self._new_match(self.match.next_dealer)
        self._say(f"{self.name(self.match.next_dealer)} deals the next hand")
        referee_scan.begin_hand(self)
        return True

    def summary_lines(self) -> list[str]:
        s = self.preview or self.last_score
        if s is None:
            return []
        deal = self.deal
        call = None
        if deal is not None and deal.contract is not None and deal.contract.call:
            by = deal.contract.declarer
            call = deal.contract.call + (f" ({self.name(by)})" if by is not None else "")
            if call.startswith("turned"):
                call = None
        return words.summary(s, deal, self.game, self.rules.target, self.side_names(), self.name, call)

    # -- undo -------------------------------------------------------------------------------------
    def can_undo(self) -> bool:
        return referee_undo.can_undo(self)

    def undo(self) -> bool:
        """Take back the last thing done: a discard, an action (an AI's bid goes with the person's
        before it), a scanned card, the turned card, the first hand's trumps back to the setup."""
        return referee_undo.undo(self)

    # -- the screen -------------------------------------------------------------------------------
    def wanted(self) -> str:
        return referee_show.wanted(self)

    def prompt(self) -> str:
        """The one line that says what the table waits for (the screen's gold line)."""
        return referee_show.prompt(self)

    def badges(self) -> list[str]:
        """The screen's red pills: a reader unplugged, the revokes proven, the revokes seen."""
        return referee_show.badges(self)

    def current_taken(self) -> Taken | None:
        """The card last taken as a person's by guess, while it is still the last action."""
        deal, taken = self.deal, self.taken
        if deal is None or taken is None or self.phase not in (PLAY, HAND_OVER):
            return None
        return taken if len(deal.actions) == taken.number else None

    def open_suspects(self) -> list[Suspect]:
        """Revokes seen as they happened, not undone and not yet proven by the engine."""
        deal = self.deal
        if deal is None:
            return []
        proven = {(r.seat, r.trick) for r in deal.revokes}
        return [x for x in self.suspects
                if len(deal.actions) >= x.number and deal.actions[x.number - 1] == Play(x.seat, x.card)
                and (x.seat, x.trick) not in proven]

    def view(self) -> RefereeView:
        return referee_show.view(self)


__all__ = ["AIRequest", "AI_HANDS", "ActionChooser", "HAND_OVER", "Message", "PLAY", "RACKS", "READERS",
           "READER_DISCONNECTED", "Referee", "SETUP", "STEPS", "STOCK", "TRUMP", "UNKNOWN_CARD", "engine_act",
           "ordinal"]
