"""Real cards: four people play a real deck on the card reader; the screen referees.

A thin drawing of :class:`device.referee.RefereeSession`'s view: the prompt,
the trick on the table, the tricks and the score, messages and badges. The
game logic lives in the session; this scene adds the touch buttons, runs the
AI seats on the app's worker thread and owns the card readers while it shows:
the one central reader, or with ``[reader] per_seat`` one per seat (the
setup step "North, lay any card on your reader" gives each its seat, and the
answer is written to the config).

Made to be read from a seat at a real table: the prompt in two large lines,
the newest message large at the top of the panel, refusals gone once they no
longer apply, "tap" wording when the screen is worked by touch, and a card the
one reader took as a person's shown big for a moment with an undo at hand.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from device.app import ai_worker
from device.app.render import cards, felt, text, theme, widgets
from device.app.scenes.base import Scene
from device.events import InputEvent
from device.referee import (
    AI_HANDS,
    HAND_OVER,
    PLAY,
    READERS,
    SETUP,
    TRUMP,
    Message,
    RefereeSession,
    RefereeView,
    Taken,
)
from device.seat_readers import SeatReaders
from engine.cards import SUIT_NAMES, SUIT_SYMBOLS, Card
from engine.errors import WhistError
from engine.seats import SEAT_NAMES, SEATS, Seat

if TYPE_CHECKING:
    from device.app.app import App
    from device.reader import Reader, TagLookup
    from engine.rules import Rules

log = logging.getLogger(__name__)

# What really turns the reader on: the Settings row, which writes [reader] enabled
# to the config file (systemd/config.example.toml documents the port and protocol).
NO_READER = "the card reader is off: turn on \"Card reader\" in Settings"
NO_SEAT_READERS = ("a reader per seat is on, but none is plugged in (nothing in /dev/whist-readers/: "
                   "see systemd/99-whist-reader.rules)")
TAKEN_SECONDS = 3.0  # how long a card taken as a person's stays big (one reader)
MESSAGE_COLOURS = {"error": (255, 150, 120), "revoke": (255, 110, 110), "ok": theme.INK,
                   "info": theme.INK_DIM}


def _app_rules(app: App) -> Rules:
    from device.app.app import classic_rules

    return classic_rules(app.config)


class RefereeScene(Scene):
    name = "referee"
    title = "Real cards"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        # Kept on the app so a visit to the menu does not lose the rubber.
        session = app.referee_session
        if not isinstance(session, RefereeSession):  # (another game's is FamilyRefereeScene's)
            # The app's one store: every card journalled, an unfinished rubber resumed.
            session = RefereeSession(_app_rules(app), ai_async=True, store=app.store)
            try:
                session.resume()
            except Exception as exc:  # a rubber that cannot be rebuilt must not block a new one
                log.error("the unfinished real-card rubber cannot be resumed: %s", exc)
            app.referee_session = session
        self.session: RefereeSession = session
        session.touch = app.touch_wording  # worded for how the table is worked
        self.readers: list[Reader] = []
        self.reader_problem = ""  # the reader is on in Settings but could not be started
        self.job: int | None = None
        self.job_key: tuple[int, int, int] | None = None
        self._layout_key: tuple[object, ...] | None = None
        self._saved_seats: dict[Seat, str] | None = None  # the assignment the config holds
        self._taken_seen: Taken | None = None
        self.taken_left = 0.0  # seconds the taken card stays big

    # -- the readers ------------------------------------------------------------------
    def enter(self) -> None:
        settings = self.app.config.reader
        if not settings.enabled:
            return
        if settings.per_seat:
            self._start_seat_readers()
            return
        self._start_reader(None, None)

    def _start_reader(self, port: str | None, name: str | None) -> None:
        try:
            from device.reader import reader_from_settings

            reader = reader_from_settings(self.app.config.reader, self.app.queue, self._lookup(),
                                          port=port, name=name)
            reader.start()
            self.readers.append(reader)
        except (WhistError, OSError, ValueError) as exc:  # a bad port or protocol must not close the screen
            log.warning("card reader not started: %s", exc)
            self.reader_problem = f"card reader not started: {exc}"

    def _start_seat_readers(self) -> None:
        from device.reader.ports import seat_reader_ports

        settings = self.app.config.reader
        configured = {Seat.parse(k): v for k, v in settings.seat_ports().items()}
        ports = list(dict.fromkeys([*configured.values(), *seat_reader_ports()]))
        s = self.session
        if not s.readers.seats():
            s.readers = SeatReaders(ports, configured)
        for port in ports:
            s.readers.add(port)
            self._start_reader(port, port)  # named by its port: the session maps it to a seat
        self._saved_seats = s.readers.seats()
        if not ports:
            self.reader_problem = NO_SEAT_READERS
        elif s.phase == SETUP and not s.readers.seats():
            s.begin_reader_setup()  # first time: which reader is whose

    def _lookup(self) -> TagLookup | None:
        store = self.app.store
        if store is None:
            return None  # card codes (the lines protocol) need no enrolment
        # Asked of the store at each scan: the enrolment has one home, and a card
        # re-enrolled in Settings counts at once.
        return store.card_for_tag

    def leave(self) -> None:
        for reader in self.readers:
            reader.stop()
        self.readers = []
        self.app.ai.forget(self.job)
        self.job = None

    def _save_seats(self) -> None:
        """The setup step's answer goes to the config, so the next start knows it."""
        s = self.session
        if self._saved_seats is None or s.phase == READERS or s.readers.seats() == self._saved_seats:
            return
        self._saved_seats = s.readers.seats()
        try:
            self.app.apply_config(self.app.config.updated({"reader": s.readers.config_changes()}))
        except WhistError as exc:  # a port the config will not take: the game goes on
            log.warning("the readers' seats were not saved: %s", exc)

    # -- input --------------------------------------------------------------------------
    def handle(self, ev: InputEvent) -> None:
        self.session.touch = self.app.touch_wording  # the app has just noted this input
        if self.session.handle(ev):
            return
        super().handle(ev)

    def update(self, dt: float) -> None:
        self.session.touch = self.app.touch_wording
        self._run_ai()
        self._save_seats()
        taken = self.session.current_taken()
        if taken != self._taken_seen:
            self._taken_seen = taken
            self.taken_left = TAKEN_SECONDS if taken is not None else 0.0
        elif self.taken_left > 0:
            self.taken_left = max(0.0, self.taken_left - dt)
        key = self._key()
        if key != self._layout_key:
            self.relayout()

    def _run_ai(self) -> None:
        req = self.session.ai_request
        if req is None:
            return
        if self.job is None or self.job_key != req.key:
            self.app.ai.forget(self.job)
            self.job_key = req.key
            # Seeded by (match seed, deal, action) with a fixed amount of work: reproducible.
            self.job = self.app.ai.submit(ai_worker.choose_fixed, req.observation, req.level, req.seed)
        job = self.app.ai.poll(self.job)
        if job is not None:
            self.job = None
            # An error or a wrong answer is replaced by a legal card in the session.
            self.session.supply_ai_card(req.key, job.result if job.error is None else "")

    @property
    def showing_taken(self) -> Taken | None:
        """The card shown big now (one reader: taken as the card of the player to move)."""
        return self._taken_seen if self.taken_left > 0 else None

    # -- layout -------------------------------------------------------------------------
    def _key(self) -> tuple[object, ...]:
        s = self.session
        return (s.phase, tuple(sorted(s.ai_seats)), s.setup_dealer, s.can_undo(), self.size,
                self.showing_taken, s.readers.asking, self.app.config.reader.per_seat)

    def layout(self, w: int, h: int) -> None:
        s = self.session
        self._layout_key = self._key()
        top = self.header()
        pad = self.px(8)
        bh = self.px(52)
        # Two lines of large text: read from a seat, not from in front of the screen.
        self.prompt_rect = pygame.Rect(pad, top, w - 2 * pad, self.px(60))
        body_top = self.prompt_rect.bottom + pad
        body_bottom = h - bh - 2 * pad
        if w >= h:
            split = int(w * 0.56)
            self.table_rect = pygame.Rect(pad, body_top, split - 2 * pad, body_bottom - body_top)
            self.panel_rect = pygame.Rect(split, body_top, w - split - pad, body_bottom - body_top)
        else:
            mid = body_top + (body_bottom - body_top) * 11 // 20
            self.table_rect = pygame.Rect(pad, body_top, w - 2 * pad, mid - body_top)
            self.panel_rect = pygame.Rect(pad, mid + pad, w - 2 * pad, body_bottom - mid - pad)
        items: list[tuple[str, Callable[[], object], bool, str]] = []
        if s.phase == READERS:
            items = [("No reader here", s.skip_reader, False, "skip_reader"),
                     ("Done", s.end_reader_setup, True, "readers_done")]
        elif s.phase == SETUP:
            for seat in SEATS:
                who = f"AI ({s.ai_seats[seat]})" if seat in s.ai_seats else "person"
                self.buttons.add(widgets.Button(self._seat_rect(seat, self.px(170), self.px(48)),
                                                f"{SEAT_NAMES[seat]}: {who}", self._toggler(seat),
                                                font_size=self.px(18), name=f"seat_{seat.name}"))
            items = [(f"Dealer: {SEAT_NAMES[s.setup_dealer]}", self._next_dealer, False, "dealer"),
                     ("Start", lambda: s.choose_dealer(s.setup_dealer), True, "start")]
            if self.app.config.reader.per_seat:
                items.insert(0, ("Readers", s.begin_reader_setup, False, "readers"))
        elif s.phase == TRUMP:
            items = [(SUIT_NAMES[i].capitalize(), self._trump_chooser(i), False, f"trump_{i}")
                     for i in range(4)]
        elif s.phase == HAND_OVER:
            nxt = "New rubber" if s.view().rubber_over else "Next hand"
            items = [(nxt, s.next_hand, True, "next")]
        if s.phase not in (SETUP, READERS):
            items.insert(0, ("Undo", s.undo, False, "undo"))
        if items:
            bw = min(self.px(200), (w - (len(items) + 1) * pad) // len(items))
            x = w - pad - len(items) * (bw + pad) + pad
            for label, fn, primary, name in items:
                b = widgets.Button(pygame.Rect(x, h - bh - pad, bw, bh), label, fn, primary=primary,
                                   font_size=self.px(20), name=name)
                b.enabled = name != "undo" or s.can_undo()
                self.buttons.add(b)
                x += bw + pad
        taken = self.showing_taken
        if taken is not None:
            # The undo at hand, on the card shown big: "not West's? undo".
            r = self._taken_rects()[1]
            self.buttons.add(widgets.Button(r, f"Not {SEAT_NAMES[taken.seat]}'s: undo", self._undo_taken,
                                            font_size=self.px(20), name="undo_taken"))
        # Select goes to the primary button; in play there is none, so a
        # stray Select never undoes a card.
        primaries = [i for i, b in enumerate(self.buttons.buttons) if b.primary]
        self.buttons.focus = primaries[-1] if primaries else None

    def _undo_taken(self) -> None:
        self.session.undo()
        self.taken_left = 0.0

    def _taken_rects(self) -> tuple[pygame.Rect, pygame.Rect]:
        """Where the card shown big lies, and its undo button, in the table area."""
        t = self.table_rect
        ch = int(t.h * 0.72)
        cw = int(ch * cards.CARD_RATIO)
        card = pygame.Rect(t.x + self.px(16), t.y + (t.h - ch) // 2, cw, ch)
        bw = min(t.right - card.right - self.px(24), self.px(210))
        button = pygame.Rect(card.right + self.px(12), card.bottom - self.px(52), bw, self.px(52))
        return card, button

    def _toggler(self, seat: Seat) -> Callable[[], None]:
        return lambda: self.session.toggle_ai(seat, self.app.ai_level(seat))

    def _trump_chooser(self, suit: int) -> Callable[[], bool]:
        return lambda: self.session.choose_trump(suit)

    def _next_dealer(self) -> None:
        self.session.setup_dealer = self.session.setup_dealer.next

    def _seat_rect(self, seat: Seat, w: int, h: int) -> pygame.Rect:
        """A box of ``w`` x ``h`` at ``seat``'s side of the table area (South at the bottom)."""
        t = self.table_rect
        r = pygame.Rect(0, 0, w, h)
        if seat == Seat.N:
            r.midtop = (t.centerx, t.top + self.px(4))
        elif seat == Seat.S:
            r.midbottom = (t.centerx, t.bottom - self.px(4))
        elif seat == Seat.W:
            r.midleft = (t.left + self.px(4), t.centery)
        else:
            r.midright = (t.right - self.px(4), t.centery)
        return r

    # -- drawing ------------------------------------------------------------------------
    def draw(self, surf: pygame.Surface) -> None:
        surf.blit(felt.felt_surface(*surf.get_size()), (0, 0))
        v = self.session.view()
        self.draw_title(surf)
        self._draw_prompt(surf, v.prompt)
        if v.phase == HAND_OVER:
            self._draw_lines(surf, self.table_rect, [(line, "ok") for line in v.summary], self.px(19))
        elif v.phase == READERS:
            self._draw_readers(surf, v)
        elif v.phase in (PLAY, AI_HANDS, TRUMP):
            self._draw_table(surf, v)
        taken = self.showing_taken
        if taken is not None and v.phase in (PLAY, HAND_OVER):
            self._draw_taken(surf, taken)
        self._draw_panel(surf, v)
        self.buttons.draw(surf)

    def _draw_prompt(self, surf: pygame.Surface, prompt: str) -> None:
        r = self.prompt_rect
        size = self.px(23)
        width = r.w - self.px(8)
        lines = text.wrap(prompt, size, width, True)
        while len(lines) > 2 and size > self.px(14):  # two lines, shrunk only when it must
            size -= 1
            lines = text.wrap(prompt, size, width, True)
        line = text.line_height(size, True)
        y = r.centery - len(lines[:2]) * line // 2
        for part in lines[:2]:
            surf.blit(text.text(part, size, theme.GOLD, True), (r.x + self.px(4), y))
            y += line

    def _draw_badges(self, surf: pygame.Surface, v: RefereeView) -> int:
        """Red pills at the top of the panel, one per line; returns the y below them."""
        badges = list(v.badges)
        if not self.readers:
            badges.insert(0, self.reader_problem or NO_READER)
        p = self.panel_rect
        y = p.y + self.px(8)
        size = self.px(18)
        line = text.line_height(size, True)
        for badge in badges[:3]:
            # Wrapped, not shrunk: a long reason stays readable and inside the panel.
            lines = text.wrap(badge, size, p.w - self.px(36), True)
            width = max(text.width(part, size, True) for part in lines)
            r = pygame.Rect(p.x + self.px(8), y, width + self.px(14), len(lines) * line + self.px(6))
            pygame.draw.rect(surf, (170, 40, 40), r, border_radius=min(r.h // 2, self.px(14)))
            for i, part in enumerate(lines):
                at = (r.x + self.px(7), r.y + self.px(3) + i * line)
                surf.blit(text.text(part, size, theme.INK, True), at)
            y = r.bottom + self.px(4)
        return y

    def _draw_readers(self, surf: pygame.Surface, v: RefereeView) -> None:
        """The setup step: each seat's box says whether its reader is found."""
        surf.blit(widgets.panel_surface(self.table_rect.w, self.table_rect.h, 120), self.table_rect)
        asked = SEATS.index(v.asking) if v.asking is not None else 4
        for seat in SEATS:
            r = self._seat_rect(seat, self.px(170), self.px(62))
            if seat in v.readers:
                state, colour = "reader found", (150, 230, 160)
            elif seat == v.asking:
                state, colour = "lay any card now", theme.GOLD
            elif SEATS.index(seat) < asked:
                state, colour = "no reader", theme.INK_DIM
            else:
                state, colour = "waiting", theme.INK_DIM
            surf.blit(widgets.panel_surface(r.w, r.h), r.topleft)
            if seat == v.asking:
                pygame.draw.rect(surf, theme.HIGHLIGHT, r, self.px(3), border_radius=self.px(10))
            name = text.text(SEAT_NAMES[seat], self.px(22), theme.INK, True)
            surf.blit(name, name.get_rect(midtop=(r.centerx, r.y + self.px(5))))
            fs = text.fit_size(state, self.px(18), r.w - self.px(10), seat == v.asking)
            st = text.text(state, fs, colour, seat == v.asking)
            surf.blit(st, st.get_rect(midbottom=(r.centerx, r.bottom - self.px(6))))
        found = len(v.readers)
        total = len(self.session.readers.readers)
        note = f"{found} of {total} reader{'s' if total != 1 else ''} placed"
        t = text.text(note, self.px(18), theme.INK_DIM)
        north = self._seat_rect(Seat.N, self.px(170), self.px(62))
        west = self._seat_rect(Seat.W, self.px(170), self.px(62))
        surf.blit(t, t.get_rect(center=(self.table_rect.centerx, (north.bottom + west.top) // 2)))

    def _draw_table(self, surf: pygame.Surface, v: RefereeView) -> None:
        ch = min(self.px(112), self.table_rect.h // 3)
        cw = int(ch * cards.CARD_RATIO)
        four = self.app.config.display.four_colour
        played = dict(v.trick)
        for seat in SEATS:
            label = SEAT_NAMES[seat] + (" (AI)" if seat in v.ai_seats else "")
            if v.phase == AI_HANDS and seat in v.scanned:
                label += f" {v.scanned[seat]}/13"
            colour = theme.HIGHLIGHT if seat == v.turn else theme.INK_DIM
            if seat == v.trick_winner:
                label += " wins"
                colour = theme.GOLD
            lt = text.text(label, self.px(20), colour, seat == v.turn or seat == v.trick_winner)
            box = self._seat_rect(seat, lt.get_width(), lt.get_height())
            surf.blit(lt, box)
            if seat in played:
                spot = self._card_spot(seat, cw, ch)
                surf.blit(cards.card_surface(int(Card(played[seat])), cw, ch, four), spot)
            elif seat == v.turn and v.expected_card:
                spot = self._card_spot(seat, cw, ch)
                if v.expected_place is None:  # the turned card: face up, everyone saw it
                    surf.blit(cards.card_surface(int(Card(v.expected_card)), cw, ch, four, True), spot)
                else:  # the AI's hand stays hidden: its place in the rack, face down
                    surf.blit(cards.back_surface(cw, ch), spot)
                    n = text.text(str(v.expected_place), self.px(30), theme.GOLD, True)
                    surf.blit(n, n.get_rect(center=(spot[0] + cw // 2, spot[1] + ch // 2)))
                surf.blit(cards.outline_surface(cw, ch, theme.HIGHLIGHT, self.px(3)), spot)

    def _draw_taken(self, surf: pygame.Surface, taken: Taken) -> None:
        """The card just taken as ``taken.seat``'s, big, with whose it was taken to be."""
        t = self.table_rect
        surf.blit(widgets.panel_surface(t.w, t.h, 250), t.topleft)
        card, button = self._taken_rects()
        four = self.app.config.display.four_colour
        surf.blit(cards.card_surface(int(Card(taken.card)), card.w, card.h, four), card.topleft)
        x = card.right + self.px(12)
        width = t.right - x - self.px(8)
        y = card.y
        for line, size, colour in ((SEAT_NAMES[taken.seat], 30, theme.GOLD), ("plays", 22, theme.INK),
                                   (Card(taken.card).symbol, 40, theme.INK)):
            fs = text.fit_size(line, self.px(size), width, True)
            surf.blit(text.text(line, fs, colour, True), (x, y))
            y += text.line_height(fs, True)

    def _card_spot(self, seat: Seat, cw: int, ch: int) -> tuple[int, int]:
        cx, cy = self.table_rect.center
        dx, dy = {Seat.N: (0, -1), Seat.S: (0, 1), Seat.W: (-1, 0), Seat.E: (1, 0)}[seat]
        x = cx + dx * int(cw * 1.05) - cw // 2
        y = cy + dy * int(ch * 0.55) - ch // 2
        return x, y

    def _draw_panel(self, surf: pygame.Surface, v: RefereeView) -> None:
        p = self.panel_rect
        surf.blit(widgets.panel_surface(p.w, p.h), p.topleft)
        top = self._draw_badges(surf, v)
        # The score, small, at the foot; the messages, large, above it (newest first).
        rows: list[str] = []
        if v.dealer is not None:
            trumps = "?" if v.trump is None else ("no trumps" if v.trump == 4 else
                                                   f"{SUIT_SYMBOLS[v.trump]} {SUIT_NAMES[v.trump]}")
            turned = f" ({Card(v.trump_card).symbol} turned)" if v.trump_card else ""
            rows.append(f"hand {v.hand_number} · {SEAT_NAMES[v.dealer]} deals · trumps {trumps}{turned}")
        if v.phase in (PLAY, HAND_OVER):
            rows.append(f"tricks NS {v.tricks[0]} · EW {v.tricks[1]}")
        rows.append(f"game NS {v.game_score[0]} · EW {v.game_score[1]} (to {v.target}) · "
                    f"games {v.games_won[0]}-{v.games_won[1]}")
        size = self.px(16)
        line = text.line_height(size)
        wrapped = [part for row in rows for part in text.wrap(row, size, p.w - self.px(20))]
        y = p.bottom - self.px(8) - len(wrapped) * line
        foot = y - self.px(6)
        pygame.draw.line(surf, theme.PANEL_EDGE, (p.x + self.px(10), foot), (p.right - self.px(10), foot))
        for part in wrapped:
            surf.blit(text.text(part, size, theme.INK_DIM), (p.x + self.px(10), y))
            y += line
        box = pygame.Rect(p.x, top - self.px(8), p.w, foot - top + self.px(4))
        # A message that only repeats a badge ("reader disconnected") is said once.
        said = [m for m in self._recent(v.messages) if m.text not in v.badges]
        self._draw_messages(surf, box, said)

    @staticmethod
    def _recent(messages: tuple[Message, ...]) -> list[Message]:
        return list(reversed(messages[-4:]))

    def _draw_messages(self, surf: pygame.Surface, r: pygame.Rect, messages: list[Message]) -> None:
        """Newest first and largest: the one the table needs is read from across it."""
        y = r.y + self.px(8)
        x = r.x + self.px(10)
        for i, m in enumerate(messages):
            size = self.px(22 if i == 0 else 18)
            bold = i == 0 or m.kind == "revoke"
            line = text.line_height(size, bold)
            colour = MESSAGE_COLOURS.get(m.kind, theme.INK)
            if i > 0 and m.kind in ("ok", "info"):
                colour = theme.INK_DIM
            for part in text.wrap(m.text, size, r.w - self.px(20), bold):
                if y + line > r.bottom:
                    return
                surf.blit(text.text(part, size, colour, bold), (x, y))
                y += line
            y += self.px(6)

    def _draw_lines(self, surf: pygame.Surface, r: pygame.Rect, rows: list[tuple[str, str]], size: int,
                    panel: bool = True) -> None:
        if panel:
            surf.blit(widgets.panel_surface(r.w, r.h), r.topleft)
        y = r.y + self.px(8)
        x = r.x + self.px(10)
        line = text.line_height(size)
        for s, kind in rows:
            if not s:
                y += line // 2
                continue
            for part in text.wrap(s, size, r.w - self.px(20), kind == "revoke"):
                if y + line > r.bottom:
                    return
                colour = MESSAGE_COLOURS.get(kind, theme.INK)
                surf.blit(text.text(part, size, colour, kind == "revoke"), (x, y))
                y += line
