"""The frame of the Real cards screen (device.app.scenes.referee): the card readers it owns while it
shows (the one central reader, or with ``[reader] per_seat`` every reader plugged in, each named
by its port, their seats kept in the config), the AI seats run on the app's worker, and one
frame made to be read from a seat at a real table: the prompt in two large lines, the table
area, a panel of badges, messages (newest first and largest) and the score at its foot, and
the row of buttons along the bottom.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from device.app.render import text, theme, widgets
from device.app.scenes.base import Scene
from device.events import InputEvent
from device.referee import READERS, SETUP, AIRequest, Referee
from device.referee_view import Message
from device.seat_readers import SeatReaders
from engine.errors import WhistError
from engine.seats import Seat

if TYPE_CHECKING:
    from device.app.ai_worker import Job
    from device.app.app_protocol import App
    from device.reader import Reader, TagLookup

log = logging.getLogger(__name__)

# What really turns the reader on: the Settings row, which writes [reader] enabled
# to the config file (systemd/config.example.toml documents the port and protocol).
NO_READER = "the card reader is off: turn on \"Card reader\" in Settings"
NO_SEAT_READERS = ("a reader per seat is on, but none is plugged in (nothing in /dev/whist-readers/: "
                   "see systemd/99-whist-reader.rules)")
MESSAGE_COLOURS = {"error": (255, 150, 120), "revoke": (255, 110, 110), "ok": theme.INK,
                   "info": theme.INK_DIM}

# A button of the bottom row: its words, what it does, primary (Select's), its name.
ButtonItem = tuple[str, Callable[[], object], bool, str]


class RefereeFrame(Scene):
    """The frame of the Real cards screen: its readers, its AI, its layout and its panel."""

    def __init__(self, app: App, session: Referee) -> None:
        super().__init__(app)
        self.session = session
        session.touch = app.touch_wording  # worded for how the table is worked
        self.readers: list[Reader] = []
        self.reader_problem = ""  # the reader is on in Settings but could not be started
        self.job: int | None = None
        self.job_key: tuple[int, int, int] | None = None
        self._layout_key: tuple[object, ...] | None = None
        self._saved_seats: dict[Seat, str] | None = None  # the assignment the config holds

    @staticmethod
    def _resume(session: Referee) -> None:
        """A new session carries on the store's unfinished match, where it can."""
        try:
            session.resume()
        except Exception as exc:  # a match that cannot be rebuilt must not block a new one
            log.error("the unfinished real-card %s cannot be resumed: %s", session.match_word, exc)

    # -- the readers ------------------------------------------------------------------
    def enter(self) -> None:
        settings = self.app.config.reader
        if not settings.enabled:
            return
        if not settings.per_seat:
            self._start_reader(None, None)
            return
        from device.reader.ports import seat_reader_ports

        # Every reader plugged in, named by its port: the setup step gives each its seat.
        ports = list(dict.fromkeys([*settings.seat_ports().values(), *seat_reader_ports()]))
        self._place_readers(ports)
        for port in ports:
            self._start_reader(port, port)
        if not ports:
            self.reader_problem = NO_SEAT_READERS
        elif self.session.phase == SETUP and not self.session.seats_with_readers():
            self.session.begin_reader_setup()  # first time: which reader is whose

    def _place_readers(self, ports: list[str]) -> None:
        """The readers plugged in, before they start: the configured seats' readers placed."""
        s = self.session
        # the config keeps the compass seats' readers: a table of four
        kept = self.app.config.reader.seat_ports() if s.players == 4 else {}
        configured = {Seat.parse(k): v for k, v in kept.items()}
        if not s.readers.seats():
            s.readers = SeatReaders(ports, configured)
            s.readers.seat_table(s.seated(), s.seat_word)
        for port in ports:
            s.readers.add(port)
        self._saved_seats = s.readers.seats()

    def _save_seats(self) -> None:
        """The setup step's answer goes to the config, so the next start knows it."""
        s = self.session
        if self._saved_seats is None or s.phase == READERS or s.readers.seats() == self._saved_seats \
                or s.players != 4:
            return
        self._saved_seats = s.readers.seats()
        try:
            self.app.apply_config(self.app.config.updated({"reader": s.readers.config_changes()}))
        except WhistError as exc:  # a port the config will not take: the game goes on
            log.warning("the readers' seats were not saved: %s", exc)

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

    # -- input and the AI ---------------------------------------------------------------
    def handle(self, ev: InputEvent) -> None:
        self.session.touch = self.app.touch_wording  # the app has just noted this input
        if self.session.handle(ev):
            return
        super().handle(ev)

    def _poll_ai(self, req: AIRequest | None) -> Job | None:
        """The request's action run on the app's worker with a fixed amount of work (a job of
        an older position is dropped); the finished job, once, else None (or no request)."""
        from device.app import ai_worker

        if req is None:
            return None
        if self.job is None or self.job_key != req.key:
            self.app.ai.forget(self.job)
            self.job_key = req.key
            self.job = self.app.ai.submit(ai_worker.act_fixed, req.observation, req.level, req.seed)
        job = self.app.ai.poll(self.job)
        if job is not None:
            self.job = None
        return job

    # -- layout -------------------------------------------------------------------------
    def _frame(self, w: int, h: int, split: float, tall: tuple[int, int]) -> None:
        """The prompt, the table area and the panel: side by side (the table ``split`` of the
        width), or the panel under the table on a tall screen (the table ``tall`` of the height)."""
        top = self.header()
        pad = self.px(8)
        bh = self.px(52)
        # Two lines of large text: read from a seat, not from in front of the screen.
        self.prompt_rect = pygame.Rect(pad, top, w - 2 * pad, self.px(60))
        body_top = self.prompt_rect.bottom + pad
        body_bottom = h - bh - 2 * pad
        if w >= h:
            at = int(w * split)
            self.table_rect = pygame.Rect(pad, body_top, at - 2 * pad, body_bottom - body_top)
            self.panel_rect = pygame.Rect(at, body_top, w - at - pad, body_bottom - body_top)
        else:
            mid = body_top + (body_bottom - body_top) * tall[0] // tall[1]
            self.table_rect = pygame.Rect(pad, body_top, w - 2 * pad, mid - body_top)
            self.panel_rect = pygame.Rect(pad, mid + pad, w - 2 * pad, body_bottom - mid - pad)

    def _reader_items(self) -> list[ButtonItem]:
        """The readers step's buttons."""
        s = self.session
        return [("No reader here", s.skip_reader, False, "skip_reader"),
                ("Done", s.end_reader_setup, True, "readers_done")]

    def _setup_items(self, before: list[ButtonItem]) -> list[ButtonItem]:
        """The setup's buttons: ``before``, the dealer and Start (and the readers step's, with a
        reader per seat)."""
        s = self.session
        items = [*before, (f"Dealer: {s.name(s.setup_dealer)}", self._next_dealer, False, "dealer"),
                 ("Start", lambda: s.choose_dealer(s.setup_dealer), True, "start")]
        if self.app.config.reader.per_seat:
            items.insert(0, ("Readers", s.begin_reader_setup, False, "readers"))
        return items

    def _next_item(self, match_over: bool) -> ButtonItem:
        """The summary's button: on to the next hand, or a new match once this one is won."""
        s = self.session
        return (f"New {s.match_word}" if match_over else "Next hand", s.next_hand, True, "next")

    def _toggler(self, seat: Seat) -> Callable[[], None]:
        return lambda: self.session.toggle_ai(seat, self.app.ai_level(seat))

    def _next_dealer(self) -> None:
        self.session.step_dealer(1)

    def _bottom_buttons(self, w: int, h: int, items: list[ButtonItem]) -> None:
        """The row of buttons along the bottom, right-aligned, Undo first once the match is under
        way (greyed with nothing to undo)."""
        if self.session.phase not in (SETUP, READERS):
            items = [("Undo", self.session.undo, False, "undo"), *items]
        if not items:
            return
        pad = self.px(8)
        bh = self.px(52)
        bw = min(self.px(200), (w - (len(items) + 1) * pad) // len(items))
        x = w - pad - len(items) * (bw + pad) + pad
        for label, fn, primary, name in items:
            b = widgets.Button(pygame.Rect(x, h - bh - pad, bw, bh), label, fn, primary=primary,
                               font_size=self.px(20), name=name)
            b.enabled = name != "undo" or self.session.can_undo()
            self.buttons.add(b)
            x += bw + pad

    def _focus_primary(self) -> None:
        # Select goes to the primary button; in play there is none, so a
        # stray Select never undoes a card.
        primaries = [i for i, b in enumerate(self.buttons.buttons) if b.primary]
        self.buttons.focus = primaries[-1] if primaries else None

    # -- drawing ------------------------------------------------------------------------
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

    def _draw_badges(self, surf: pygame.Surface, shown: tuple[str, ...]) -> int:
        """Red pills at the top of the panel, one per line; returns the y below them."""
        badges = list(shown)
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

    def _draw_panel_of(self, surf: pygame.Surface, rows: list[str], size: int, badges: tuple[str, ...],
                       messages: tuple[Message, ...]) -> None:
        """The panel: the badges on top, the score ``rows`` small at the foot, the messages,
        large, between them (newest first)."""
        p = self.panel_rect
        surf.blit(widgets.panel_surface(p.w, p.h), p.topleft)
        top = self._draw_badges(surf, badges)
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
        said = [m for m in self._recent(messages) if m.text not in badges]
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


__all__ = ["MESSAGE_COLOURS", "NO_READER", "NO_SEAT_READERS", "ButtonItem", "RefereeFrame"]
