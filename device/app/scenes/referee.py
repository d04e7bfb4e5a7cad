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
from device.app.render import cards, text, theme, widgets
from device.app.scenes.referee_base import (
    MESSAGE_COLOURS,
    NO_READER,
    NO_SEAT_READERS,
    ButtonItem,
    RefereeSceneBase,
    reader_state,
)
from device.referee import (
    AI_HANDS,
    HAND_OVER,
    PLAY,
    READERS,
    SETUP,
    TRUMP,
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
    from engine.games.classic.rules import Rules

log = logging.getLogger(__name__)

TAKEN_SECONDS = 3.0  # how long a card taken as a person's stays big (one reader)


def _app_rules(app: App) -> Rules:
    from device.app.app import classic_rules

    return classic_rules(app.config)


class RefereeScene(RefereeSceneBase[RefereeView]):
    name = "referee"
    title = "Real cards"
    session: RefereeSession

    def __init__(self, app: App) -> None:
        # Kept on the app so a visit to the menu does not lose the rubber.
        session = app.referee_session
        if not isinstance(session, RefereeSession):  # (another game's is FamilyRefereeScene's)
            # The app's one store: every card journalled, an unfinished rubber resumed.
            session = RefereeSession(_app_rules(app), ai_async=True, store=app.store)
            self._resume(session)
            app.referee_session = session
        super().__init__(app, session)
        self._saved_seats: dict[Seat, str] | None = None  # the assignment the config holds
        self._taken_seen: Taken | None = None
        self.taken_left = 0.0  # seconds the taken card stays big

    # -- the readers ------------------------------------------------------------------
    def _place_readers(self, ports: list[str]) -> None:
        """The configured seats' readers placed (the session maps each reader to a seat)."""
        configured = {Seat.parse(k): v for k, v in self.app.config.reader.seat_ports().items()}
        s = self.session
        if not s.readers.seats():
            s.readers = SeatReaders(ports, configured)
        for port in ports:
            s.readers.add(port)
        self._saved_seats = s.readers.seats()

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
        # Seeded by (match seed, deal, action) with a fixed amount of work: reproducible.
        job = self._poll_ai(req, ai_worker.choose_fixed)
        if req is not None and job is not None:
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
        self._frame(w, h, 0.56, (11, 20))
        items: list[ButtonItem] = []
        if s.phase == READERS:
            items = self._reader_items()
        elif s.phase == SETUP:
            for seat in SEATS:
                who = f"AI ({s.ai_seats[seat]})" if seat in s.ai_seats else "person"
                self.buttons.add(widgets.Button(self._seat_rect(seat, self.px(170), self.px(48)),
                                                f"{SEAT_NAMES[seat]}: {who}", self._toggler(seat),
                                                font_size=self.px(18), name=f"seat_{seat.name}"))
            items = self._setup_items([])
        elif s.phase == TRUMP:
            items = [(SUIT_NAMES[i].capitalize(), self._trump_chooser(i), False, f"trump_{i}")
                     for i in range(4)]
        elif s.phase == HAND_OVER:
            items = [self._next_item(s.view().rubber_over)]
        self._bottom_buttons(w, h, items)
        taken = self.showing_taken
        if taken is not None:
            # The undo at hand, on the card shown big: "not West's? undo".
            r = self._taken_rects()[1]
            self.buttons.add(widgets.Button(r, f"Not {SEAT_NAMES[taken.seat]}'s: undo", self._undo_taken,
                                            font_size=self.px(20), name="undo_taken"))
        self._focus_primary()

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

    def _trump_chooser(self, suit: int) -> Callable[[], bool]:
        return lambda: self.session.choose_trump(suit)

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
    def _view(self) -> RefereeView:
        return self.session.view()

    def _draw_table_area(self, surf: pygame.Surface, v: RefereeView) -> None:
        if v.phase == READERS:
            self._draw_readers(surf, v)
        elif v.phase in (PLAY, AI_HANDS, TRUMP):
            self._draw_table(surf, v)

    def _draw_over_table(self, surf: pygame.Surface, v: RefereeView) -> None:
        taken = self.showing_taken
        if taken is not None and v.phase in (PLAY, HAND_OVER):
            self._draw_taken(surf, taken)

    def _draw_readers(self, surf: pygame.Surface, v: RefereeView) -> None:
        """The setup step: each seat's box says whether its reader is found."""
        surf.blit(widgets.panel_surface(self.table_rect.w, self.table_rect.h, 120), self.table_rect)
        asked = SEATS.index(v.asking) if v.asking is not None else 4
        for seat in SEATS:
            r = self._seat_rect(seat, self.px(170), self.px(62))
            state, colour = reader_state(seat in v.readers, seat == v.asking, SEATS.index(seat) < asked)
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
        cw, ch = self._card_size()
        four = self.app.config.display.four_colour
        played = dict(v.trick)
        for seat in SEATS:
            colour = theme.HIGHLIGHT if seat == v.turn else theme.INK_DIM
            if seat == v.trick_winner:
                colour = theme.GOLD
            bold = seat == v.turn or seat == v.trick_winner
            for line, size, where in self.seat_label(v, seat):
                surf.blit(text.text(line, size, colour, bold), where)
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

    def _card_size(self) -> tuple[int, int]:
        ch = min(self.px(112), self.table_rect.h // 3)
        return int(ch * cards.CARD_RATIO), ch

    def card_rect(self, seat: Seat) -> pygame.Rect:
        """Where ``seat``'s card of the trick lies."""
        cw, ch = self._card_size()
        return pygame.Rect(self._card_spot(seat, cw, ch), (cw, ch))

    def seat_label(self, v: RefereeView, seat: Seat) -> list[tuple[str, int, pygame.Rect]]:
        """``seat``'s label on the table: its lines, each with its size and where it is drawn."""
        bold = seat == v.turn or seat == v.trick_winner
        lines = self._label(v, seat, bold)
        sizes = [text.font(size, bold).size(line) for line, size in lines]
        box = self._seat_rect(seat, max(w for w, _ in sizes), sum(h for _, h in sizes))
        out = []
        y = box.y
        for (line, size), (w, h) in zip(lines, sizes, strict=True):
            # West's lines from the table's edge, East's to it
            out.append((line, size, pygame.Rect(box.right - w if seat == Seat.E else box.x, y, w, h)))
            y += h
        return out

    def _label(self, v: RefereeView, seat: Seat, bold: bool) -> list[tuple[str, int]]:
        """A seat's label, a line or two, each with its size: "North (Ada Fenwick)", "West 5/13",
        "East wins". At the sides the trick's cards leave little room: a name that does not fit
        beside the seat goes under it, smaller if need be, and a long one is cut short ("…")."""
        size = self.px(20)
        who = v.names.get(seat)
        after = f" {v.scanned[seat]}/13" if v.phase == AI_HANDS and seat in v.scanned else ""
        if seat == v.trick_winner:
            after += " wins"
        if who is None:
            return [(SEAT_NAMES[seat] + (" (AI)" if seat in v.ai_seats else "") + after, size)]
        if seat in (Seat.N, Seat.S):
            room = self.table_rect.w - self.px(16) - text.width(f"{SEAT_NAMES[seat]} (){after}", size, bold)
            return [(f"{SEAT_NAMES[seat]} ({text.clip(who, size, room, bold)}){after}", size)]
        # the trick's cards lie between the sides only in play; before it, half the table is free
        inner = self.card_rect(Seat.W).x if v.phase == PLAY else self.table_rect.centerx
        room = inner - self.table_rect.x - self.px(12)
        line = f"{SEAT_NAMES[seat]} ({who}){after}"
        if text.width(line, size, bold) <= room:
            return [(line, size)]
        small = text.fit_size(who, size, room, bold, self.px(15))
        return [(SEAT_NAMES[seat] + after, size), (text.clip(who, small, room, bold), small)]

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
        who = self.session.names.get(taken.seat)
        # the player's name on the line of the verb: "Ada Fenwick plays", cut short to fit
        verb = self.px(22)
        plays = "plays" if who is None else \
            text.clip(who, verb, width - text.width(" plays", verb, True), True) + " plays"
        for line, size, colour in ((SEAT_NAMES[taken.seat], 30, theme.GOLD), (plays, 22, theme.INK),
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
        self._draw_panel_of(surf, rows, self.px(16), v.badges, v.messages)


__all__ = ["MESSAGE_COLOURS", "NO_READER", "NO_SEAT_READERS", "TAKEN_SECONDS", "RefereeScene"]
