"""Real cards: four people play a real deck on the card reader; the screen referees.

A thin drawing of :class:`device.referee.RefereeSession`'s view: the prompt,
the trick on the table, the tricks and the score, messages and badges. The
game logic lives in the session; this scene adds the touch buttons, runs the
AI seats on the app's worker thread and owns the card reader while it shows.
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
from device.referee import AI_HANDS, HAND_OVER, PLAY, SETUP, TRUMP, Message, RefereeSession, RefereeView
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
        if session is None:
            # The app's one store: every card journalled, an unfinished rubber resumed.
            session = RefereeSession(_app_rules(app), ai_async=True, store=app.store)
            try:
                session.resume()
            except Exception as exc:  # a rubber that cannot be rebuilt must not block a new one
                log.error("the unfinished real-card rubber cannot be resumed: %s", exc)
            app.referee_session = session
        self.session: RefereeSession = session
        self.reader: Reader | None = None
        self.reader_problem = ""  # the reader is on in Settings but could not be started
        self.job: int | None = None
        self.job_key: tuple[int, int, int] | None = None
        self._layout_key: tuple[object, ...] | None = None

    # -- the reader -------------------------------------------------------------------
    def enter(self) -> None:
        settings = self.app.config.reader
        if not settings.enabled:
            return
        try:
            from device.reader import reader_from_settings

            self.reader = reader_from_settings(settings, self.app.queue, self._lookup())
            self.reader.start()
        except (WhistError, OSError, ValueError) as exc:  # a bad port or protocol must not close the screen
            log.warning("card reader not started: %s", exc)
            self.reader_problem = f"card reader not started: {exc}"
            self.reader = None

    def _lookup(self) -> TagLookup | None:
        store = self.app.store
        if store is None:
            return None  # card codes (the lines protocol) need no enrolment
        # Asked of the store at each scan: the enrolment has one home, and a card
        # re-enrolled in Settings counts at once.
        return store.card_for_tag

    def leave(self) -> None:
        if self.reader is not None:
            self.reader.stop()
            self.reader = None
        self.app.ai.forget(self.job)
        self.job = None

    # -- input --------------------------------------------------------------------------
    def handle(self, ev: InputEvent) -> None:
        if self.session.handle(ev):
            return
        super().handle(ev)

    def update(self, dt: float) -> None:
        self.session.touch = self.app.touch_wording
        self._run_ai()
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

    # -- layout -------------------------------------------------------------------------
    def _key(self) -> tuple[object, ...]:
        s = self.session
        return (s.phase, tuple(sorted(s.ai_seats)), s.setup_dealer, s.can_undo(), self.size)

    def layout(self, w: int, h: int) -> None:
        s = self.session
        self._layout_key = self._key()
        top = self.header()
        pad = self.px(8)
        bh = self.px(52)
        self.prompt_rect = pygame.Rect(pad, top, w - 2 * pad, self.px(40))
        body_top = self.prompt_rect.bottom + pad
        body_bottom = h - bh - 2 * pad
        if w >= h:
            split = int(w * 0.6)
            self.table_rect = pygame.Rect(pad, body_top, split - 2 * pad, body_bottom - body_top)
            self.panel_rect = pygame.Rect(split, body_top, w - split - pad, body_bottom - body_top)
        else:
            mid = body_top + (body_bottom - body_top) * 11 // 20
            self.table_rect = pygame.Rect(pad, body_top, w - 2 * pad, mid - body_top)
            self.panel_rect = pygame.Rect(pad, mid + pad, w - 2 * pad, body_bottom - mid - pad)
        items: list[tuple[str, Callable[[], object], bool, str]] = []
        if s.phase == SETUP:
            for seat in SEATS:
                who = f"AI ({s.ai_seats[seat]})" if seat in s.ai_seats else "person"
                self.buttons.add(widgets.Button(self._seat_rect(seat, self.px(170), self.px(48)),
                                                f"{SEAT_NAMES[seat]}: {who}", self._toggler(seat),
                                                font_size=self.px(18), name=f"seat_{seat.name}"))
            items = [(f"Dealer: {SEAT_NAMES[s.setup_dealer]}", self._next_dealer, False, "dealer"),
                     ("Start", lambda: s.choose_dealer(s.setup_dealer), True, "start")]
        elif s.phase == TRUMP:
            items = [(SUIT_NAMES[i].capitalize(), self._trump_chooser(i), False, f"trump_{i}")
                     for i in range(4)]
        elif s.phase == HAND_OVER:
            nxt = "New rubber" if s.view().rubber_over else "Next hand"
            items = [(nxt, s.next_hand, True, "next")]
        if s.phase != SETUP:
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
            # Select goes to the primary button; in play there is none, so a
            # stray Select never undoes a card.
            primaries = [i for i, b in enumerate(self.buttons.buttons) if b.primary]
            self.buttons.focus = primaries[-1] if primaries else None

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
        fs = text.fit_size(v.prompt, self.px(24), self.prompt_rect.w, True)
        t = text.text(v.prompt, fs, theme.GOLD, True)
        surf.blit(t, t.get_rect(midleft=(self.prompt_rect.x + self.px(4), self.prompt_rect.centery)))
        if v.phase == HAND_OVER:
            self._draw_lines(surf, self.table_rect, [(line, "ok") for line in v.summary], self.px(19))
        elif v.phase in (PLAY, AI_HANDS, TRUMP):
            self._draw_table(surf, v)
        self._draw_panel(surf, v)
        self.buttons.draw(surf)

    def _draw_badges(self, surf: pygame.Surface, v: RefereeView) -> int:
        """Red pills at the top of the panel, one per line; returns the y below them."""
        badges = list(v.badges)
        if self.reader is None:
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
            lt = text.text(label, self.px(18), colour, seat == v.turn)
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
                    n = text.text(str(v.expected_place), self.px(28), theme.GOLD, True)
                    surf.blit(n, n.get_rect(center=(spot[0] + cw // 2, spot[1] + ch // 2)))
                surf.blit(cards.outline_surface(cw, ch, theme.HIGHLIGHT, self.px(3)), spot)

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
        rows: list[tuple[str, str]] = []
        if v.dealer is not None:
            trumps = "?" if v.trump is None else ("no trumps" if v.trump == 4 else
                                                   f"{SUIT_SYMBOLS[v.trump]} {SUIT_NAMES[v.trump]}")
            turned = f" ({Card(v.trump_card).symbol} turned)" if v.trump_card else ""
            rows.append((f"hand {v.hand_number} · dealer {SEAT_NAMES[v.dealer]}", "ok"))
            rows.append((f"trumps {trumps}{turned}", "ok"))
        if v.phase in (PLAY, HAND_OVER):
            rows.append((f"tricks NS {v.tricks[0]} · EW {v.tricks[1]}", "ok"))
        rows.append((f"game NS {v.game_score[0]} · EW {v.game_score[1]} (to {v.target})", "ok"))
        rows.append((f"games NS {v.games_won[0]} · EW {v.games_won[1]}", "info"))
        rows.append(("", ""))
        rows.extend((m.text, m.kind) for m in self._recent(v.messages))
        self._draw_lines(surf, pygame.Rect(p.x, top - self.px(8), p.w, p.bottom - top + self.px(8)), rows,
                         self.px(17), panel=False)

    @staticmethod
    def _recent(messages: tuple[Message, ...]) -> list[Message]:
        return list(messages[-4:])

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
