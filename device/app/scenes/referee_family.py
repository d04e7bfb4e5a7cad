"""Real cards for the family games (Oh Hell, Knockout, Bid Whist): a thin drawing of
:class:`device.referee_family.FamilyReferee`'s view.

The frame is classic's (device.app.scenes.referee_base: the prompt in two
large lines, the messages panel, the reader's badges, the AI on the app's worker);
what differs is drawn here: three to seven seats round the table area with each
one's bid and tricks, the bid and trump buttons of the person to act (the hook's
bid greyed), the kitty shown to all once taken up, the running score of every
player. One card reader: a card laid is the card of the player to move.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from device.app import ai_worker
from device.app.render import cards, text, theme, widgets
from device.app.scenes.referee_base import ButtonItem, RefereeSceneBase, reader_state
from device.referee import AI_HANDS, HAND_OVER, PLAY, READERS, SETUP, TRUMP
from device.referee_family import RACKS, STEPS, STOCK, Choice, FamilyReferee, FamilyView
from engine.actions import Action, Declare
from engine.cards import SUIT_SYMBOLS, Card
from engine.seats import Seat

if TYPE_CHECKING:
    from device.app.app import App

# Where the others sit round the table area (seat 0 at the bottom), as the table for
# three to seven lays them: how many up the left edge, along the top, down the right.
EDGES = {1: (0, 1, 0), 2: (1, 0, 1), 3: (1, 1, 1), 4: (1, 2, 1), 5: (1, 3, 1), 6: (2, 2, 2)}


def seat_spots(players: int, r: pygame.Rect, inset: int) -> list[tuple[int, int]]:
    """The middle of each seat's label: at four the compass (South at the bottom, North
    at the top); else seat 0 at the bottom, then clockwise up the left, along the top,
    down the right."""
    if players == 4:
        return [(r.centerx, r.top + inset), (r.right - inset * 3, r.centery),
                (r.centerx, r.bottom - inset), (r.left + inset * 3, r.centery)]
    left, top, right = EDGES[players - 1]
    spots = [(r.centerx, r.bottom - inset)]
    spots += [(r.left + inset * 3, int(r.bottom - (i + 1) * r.h / (left + 1))) for i in range(left)]
    spots += [(int(r.left + (i + 1) * r.w / (top + 1)), r.top + inset) for i in range(top)]
    spots += [(r.right - inset * 3, int(r.top + (i + 1) * r.h / (right + 1))) for i in range(right)]
    return spots


def wants_family(app: App) -> bool:
    """The Real cards screen is the family one: its session is, the app plays another game
    than classic, or the newest unfinished real-card match in the store is one."""
    session = app.referee_session
    if session is not None:
        return isinstance(session, FamilyReferee)
    if app.options.game != "classic":
        return True
    store = app.store
    if store is None:
        return False
    from device.journal import header_of, is_referee_rubber

    row = next((r for r in store.unfinished_matches() if is_referee_rubber(r)), None)
    return row is not None and str(header_of(row).get("game", "classic")) != "classic"


class FamilyRefereeScene(RefereeSceneBase[FamilyView]):
    name = "referee"
    title = "Real cards"
    session: FamilyReferee
    summary_size = 17

    def __init__(self, app: App) -> None:
        session = app.referee_session
        if not isinstance(session, FamilyReferee):
            game = app.options.game if app.options.game not in (None, "classic") else "oh-hell"
            from device.app.app import rules_from_config

            config, name = app.config, game
            session = FamilyReferee(game, app.options.players, ai_async=True, store=app.store,
                                    seed=app.options.seed,
                                    rules_for=lambda players: rules_from_config(config, name, players))
            self._resume(session)
            app.referee_session = session
        super().__init__(app, session)

    # -- the AI ----------------------------------------------------------------------------
    def _run_ai(self) -> None:
        req = self.session.ai_request
        job = self._poll_ai(req, ai_worker.act_fixed)
        if req is not None and job is not None:
            answer = job.result if job.error is None and isinstance(job.result, Action) else None
            self.session.supply_ai_action(req.key, answer)

    def update(self, dt: float) -> None:
        self.session.touch = self.app.touch_wording
        self._run_ai()
        if self._key() != self._layout_key:
            self.relayout()

    # -- layout -----------------------------------------------------------------------------
    def _key(self) -> tuple[object, ...]:
        s = self.session
        deal = s.deal
        return (s.phase, tuple(sorted(s.ai_seats)), s.setup_dealer, s.players, s.can_undo(), self.size,
                s.asking,
                len(deal.actions) if deal is not None else -1, s.touch, s.choice_focus)

    def layout(self, w: int, h: int) -> None:
        s = self.session
        v = s.view()
        self._layout_key = self._key()
        self._frame(w, h, 0.6, (3, 5))
        self.spots = seat_spots(v.players, self.table_rect, self.px(16))
        if v.ring:  # the order of play round the table (dummy whist: the dummy opposite its declarer)
            # the first to play (dummy whist's declarer) at the bottom, the others clockwise
            self.spots = [self.spots[(v.ring.index(Seat(i)) + 2) % 4] if Seat(i) in v.ring else self.spots[i]
                          for i in range(v.players)]
        items: list[ButtonItem] = []
        if s.phase == READERS:
            items = self._reader_items()
        elif s.phase == SETUP:
            for seat in map(Seat, range(v.players)):
                who = f"AI ({s.ai_seats[seat]})" if seat in s.ai_seats else "person"
                x, y = self.spots[seat]
                r = pygame.Rect(0, 0, self.px(128), self.px(44))
                r.center = (x, y)
                r.clamp_ip(self.table_rect)
                self.buttons.add(widgets.Button(r, f"{s.name(seat)}: {who}", self._toggler(seat),
                                                font_size=self.px(16), name=f"seat_{int(seat)}"))
            more = len(v.player_range) > 1
            items = self._setup_items([(f"Players: {v.players}", self._more_players, False, "players")]
                                      if more else [])
        elif s.phase == STEPS:
            self._choice_buttons(v.choices, v.choice_focus)
        elif s.phase == HAND_OVER:
            items = [self._next_item(v.match_over)]
        elif s.phase == PLAY and v.choices:  # a dog's life: Knock beside Undo
            items = [(c.label, self._chooser(c.action), False, f"choice_{i}")
                     for i, c in enumerate(v.choices)]
        self._bottom_buttons(w, h, items)
        self._focus_primary()

    def _choice_area(self) -> pygame.Rect:
        """Where the bid or trump buttons lie: the table area under the auction so far."""
        t = self.table_rect.inflate(-self.px(12), -self.px(12))
        return pygame.Rect(t.x, t.y + self.px(46), t.w, t.h - self.px(46) - self.px(44))

    def _choice_buttons(self, choices: tuple[Choice, ...], focus: int | None) -> None:
        """The bids (or trump calls) of the person to act, big enough for a finger."""
        if not choices:
            return
        area = self._choice_area()
        cols = 5 if len(choices) > 16 else 4 if len(choices) > 6 else 2 if len(choices) == 4 \
            else min(3, len(choices))
        rows = (len(choices) + cols - 1) // cols
        gap = self.px(6)
        bw = (area.w - (cols - 1) * gap) // cols
        bh = min(self.px(54), (area.h - (rows - 1) * gap) // rows)
        y0 = area.centery - (rows * bh + (rows - 1) * gap) // 2
        for i, c in enumerate(choices):
            r = pygame.Rect(area.x + (i % cols) * (bw + gap), y0 + (i // cols) * (bh + gap), bw, bh)
            b = widgets.Button(r, c.label, self._chooser(c.action), font_size=self.px(18),
                               name=f"choice_{i}", primary=i == focus)
            b.enabled = c.enabled
            self.buttons.add(b)

    def _draw_choices(self, surf: pygame.Surface, v: FamilyView) -> None:
        """Over the table: the auction so far above the buttons, a greyed one's reason below."""
        t = self.table_rect
        surf.blit(widgets.panel_surface(t.w, t.h, 235), t.topleft)
        declaring = any(isinstance(c.action, Declare) for c in v.choices)
        said = " · ".join(v.auction) if v.auction else \
            ("trumps for this hand" if declaring else "no bids yet")
        size = self.px(16)
        y = t.y + self.px(6)
        for part in text.wrap(said, size, t.w - self.px(20))[-2:]:
            surf.blit(text.text(part, size, theme.INK_DIM), (t.x + self.px(10), y))
            y += text.line_height(size)
        reasons = [f"Not {c.label}: {c.reason}" for c in v.choices if not c.enabled and c.reason]
        if reasons:
            size = self.px(16)
            lines = text.wrap(reasons[0], size, t.w - self.px(20), True)[:2]
            y = t.bottom - self.px(6) - len(lines) * text.line_height(size, True)
            for part in lines:
                rt = text.text(part, size, theme.GOLD, True)
                surf.blit(rt, rt.get_rect(midtop=(t.centerx, y)))
                y += text.line_height(size, True)

    def _chooser(self, action: Action) -> Callable[[], bool]:
        return lambda: self.session.act(action)

    def _more_players(self) -> None:
        s = self.session
        counts = s.view().player_range
        s.set_players(counts[(counts.index(s.players) + 1) % len(counts)])

    # -- drawing -------------------------------------------------------------------------------
    def _view(self) -> FamilyView:
        return self.session.view()

    def _draw_table_area(self, surf: pygame.Surface, v: FamilyView) -> None:
        if v.phase == READERS:
            self._draw_family_readers(surf, v)
        elif v.phase == STEPS and v.choices:
            self._draw_choices(surf, v)
        elif v.phase in (PLAY, AI_HANDS, TRUMP, STEPS, STOCK, RACKS):
            self._draw_family_table(surf, v)

    def _draw_family_table(self, surf: pygame.Surface, v: FamilyView) -> None:
        four = self.app.config.display.four_colour
        ch = min(self.px(80 if v.players <= 5 else 66), self.table_rect.h // (4 if v.players <= 5 else 5))
        cw = int(ch * cards.CARD_RATIO)
        cx, cy = self.table_rect.center
        played: dict[Seat, list[str]] = {}
        for seat, c in v.trick:  # two a seat in Scandinavian whist's tricks
            played.setdefault(seat, []).append(c)
        for sv in v.seats:
            x, y = self.spots[sv.seat]
            name = sv.name + (" (AI)" if sv.ai else "")
            state = ""
            if sv.out:
                state = "out"
            elif v.phase in (AI_HANDS, RACKS) and sv.scanned is not None:
                state = f"{sv.scanned} of {sv.size} " + ("scanned" if v.phase == AI_HANDS else "in order")
            elif v.phase in (PLAY, STEPS):
                parts = []
                if sv.bid is not None:
                    said = {"pass": "passed", "take": "took the widow", "swap": "swapped"}  # (widow whist's)
                    parts.append(said.get(sv.bid, f"bid {sv.bid}"))
                if v.phase == PLAY:
                    parts.append(f"won {sv.tricks}")
                state = " · ".join(parts)
            colour = theme.HIGHLIGHT if sv.seat == v.turn else theme.INK_DIM if sv.out else theme.INK
            if sv.seat == v.trick_winner:
                state = (state + " · " if state else "") + "wins"
                colour = theme.GOLD
            bold = sv.seat == v.turn or sv.seat == v.trick_winner
            width = self.px(150)
            nt = text.text(name, text.fit_size(name, self.px(17), width, True), colour, bold)
            st = text.text(state, text.fit_size(state, self.px(15), width), colour) if state else None
            hgt = nt.get_height() + (st.get_height() if st is not None else 0)
            box = pygame.Rect(0, 0, max(nt.get_width(), st.get_width() if st is not None else 0), hgt)
            box.center = (x, y)
            box.clamp_ip(self.table_rect)
            surf.blit(nt, nt.get_rect(midtop=(box.centerx, box.top)))
            if st is not None:
                surf.blit(st, st.get_rect(midtop=(box.centerx, box.top + nt.get_height())))
            laid = played.get(sv.seat, [])
            side = abs(x - cx) * self.table_rect.h > abs(y - cy) * self.table_rect.w  # a left or right seat
            fx, fy = (0.45, 0.9) if side else (0.55, 0.55)  # two seats up one edge: kept apart
            spot = (int(cx + (x - cx) * fx) - cw // 2, int(cy + (y - cy) * fy) - ch // 2)
            for i, card in enumerate(laid):  # a second card beside the first
                surf.blit(cards.card_surface(int(Card(card)), cw, ch, four), (spot[0] + i * cw // 2, spot[1]))
            here = (spot[0] + len(laid) * cw // 2, spot[1])
            if sv.seat == v.expected_seat and v.expected_shown is not None:  # an AI's face-up card
                surf.blit(cards.card_surface(int(Card(v.expected_shown)), cw, ch, four, True), here)
                surf.blit(cards.outline_surface(cw, ch, theme.HIGHLIGHT, self.px(3)), here)
            elif sv.seat == v.expected_seat and v.expected_place is not None:
                spot = here
                surf.blit(cards.back_surface(cw, ch), spot)
                n = text.text(str(v.expected_place), self.px(28), theme.GOLD, True)
                surf.blit(n, n.get_rect(center=(spot[0] + cw // 2, spot[1] + ch // 2)))
                surf.blit(cards.outline_surface(cw, ch, theme.HIGHLIGHT, self.px(3)), spot)
        for seat, held in v.face_up:
            self._draw_face_up(surf, self.spots[seat], held, cw, ch)
        if v.upcard is not None:
            # German whist's stock, its turned card face up, at the side of the table.
            t = self.table_rect
            at = (t.x + self.px(12), t.centery - ch // 2)
            surf.blit(cards.back_surface(cw, ch), (at[0] + self.px(6), at[1] + self.px(4)))
            surf.blit(cards.card_surface(int(Card(v.upcard)), cw, ch, four), at)
            lt = text.text("stock", self.px(15), theme.INK_DIM)
            surf.blit(lt, lt.get_rect(midtop=(at[0] + cw // 2, at[1] + ch + self.px(6))))
        if v.phase == STEPS and v.discard_count:
            self._draw_kitty(surf, v, cw, ch)
        elif v.trump_card is not None and v.phase in (AI_HANDS, STEPS, PLAY) and not v.trick:
            # The turned card, face up for all, in the middle until the play covers it.
            surf.blit(cards.card_surface(int(Card(v.trump_card)), cw, ch, four), (cx - cw // 2, cy - ch // 2))

    def _draw_face_up(self, surf: pygame.Surface, at: tuple[int, int], held: tuple[str, ...], cw: int,
                      ch: int) -> None:
        """A hand face up for all (dummy whist's dummy) as a suit a line, in the table's corner
        on its side: the trick's cards keep the middle."""
        if not held:
            return
        t = self.table_rect
        size = self.px(16)
        by_suit: dict[int, list[Card]] = {}
        for c in map(Card, held):
            by_suit.setdefault(c.suit, []).append(c)
        lines = [f"{SUIT_SYMBOLS[suit]} " + " ".join(c.symbol[1:] for c in sorted(cs, key=lambda c: -c.rank))
                 for suit, cs in sorted(by_suit.items())]
        top = at[1] < t.centery
        lh = text.line_height(size, True)
        y = t.y + self.px(6) if top else t.bottom - self.px(6) - lh * len(lines)
        for words in lines:
            surf.blit(text.text(words, size, theme.INK, True), (t.x + self.px(8), y))
            y += lh

    def _draw_family_readers(self, surf: pygame.Surface, v: FamilyView) -> None:
        """The setup step: each seat says whether its reader is found."""
        t = self.table_rect
        surf.blit(widgets.panel_surface(t.w, t.h, 120), t.topleft)
        asked = int(v.asking) if v.asking is not None else v.players
        for sv in v.seats:
            state, colour = reader_state(sv.seat in v.readers, sv.seat == v.asking, int(sv.seat) < asked)
            x, y = self.spots[sv.seat]
            nt = text.text(sv.name, self.px(18), theme.INK, True)
            st = text.text(state, self.px(16), colour, sv.seat == v.asking)
            box = pygame.Rect(0, 0, max(nt.get_width(), st.get_width()), nt.get_height() + st.get_height())
            box.center = (x, y)
            box.clamp_ip(t)
            surf.blit(nt, nt.get_rect(midtop=(box.centerx, box.top)))
            surf.blit(st, st.get_rect(midtop=(box.centerx, box.top + nt.get_height())))

    def _draw_kitty(self, surf: pygame.Surface, v: FamilyView, cw: int, ch: int) -> None:
        """The kitty as all may see it once taken up, and the count of discards scanned."""
        four = self.app.config.display.four_colour
        t = self.table_rect
        w, h = int(cw * 0.8), int(ch * 0.8)
        shown = v.kitty
        step = min(int(w * 1.05), (t.w - self.px(60)) // max(1, len(shown) or 1))
        x = t.centerx - (step * (len(shown) - 1) + w) // 2
        y = t.centery - h // 2 - self.px(10)
        if shown:
            for c in shown:
                surf.blit(cards.card_surface(int(Card(c)), w, h, four), (x, y))
                x += step
            caption = "the kitty, shown to all"
        else:
            for i in range(6):
                surf.blit(cards.back_surface(w, h), (t.centerx - w + i * self.px(6), y))
            caption = "one hand whole, face down" if v.game == "widow" else \
                "the kitty: the bidder's alone (no trumps)"
        note = f"{caption} · laid away {v.discards} of {v.discard_count}"
        size = text.fit_size(note, self.px(17), t.w - self.px(40), True)
        nt = text.text(note, size, theme.GOLD, True)
        surf.blit(nt, nt.get_rect(midtop=(t.centerx, y + h + self.px(6))))

    def _draw_panel(self, surf: pygame.Surface, v: FamilyView) -> None:
        rows: list[str] = []
        if v.dealer is not None:
            trumps = "trumps not named yet" if v.trump is None else ("no trumps" if v.trump == 4 else
                                                                     f"trumps {SUIT_SYMBOLS[v.trump]}")
            turned = f" ({Card(v.trump_card).symbol} turned)" if v.trump_card else ""
            rows.append(f"{v.title} · hand {v.hand_number} · {v.hand_size} cards · "
                        f"{self.session.name(v.dealer)} deals · {trumps}{turned}")
        if v.contract:
            rows.append(f"contract: {v.contract}")
        if v.side_tricks and v.phase in (PLAY, HAND_OVER) and len(v.sides) == 2:
            rows.append("tricks " + " · ".join(
                f"{n} {t}" for n, t in zip(v.sides, v.side_tricks, strict=True)))
        rows.append("score " + " · ".join(f"{n} {t}" for n, t in zip(v.sides, v.side_scores, strict=True)))
        self._draw_panel_of(surf, rows, self.px(15), v.badges, v.messages)


__all__ = ["FamilyRefereeScene", "seat_spots", "wants_family"]
