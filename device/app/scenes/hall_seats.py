"""A drive's table with the people the movement sent to it: any of the four seats may be a
person, each tapping their cards in turn at the one screen; the AI plays the seats nobody
signed in to (device.app.hall.session says which).

The hand shown along the bottom is the hand of the person whose turn it is.
With more than one person at the table it stays covered until that person
taps "show my cards", so the others do not see it between turns. A card is
played as at the table: tap it to raise it, tap it again to play. The
names on the screen are the players' own, as the hub seated them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from device.app import ai_worker
from device.app.hall.session import HallSession
from device.app.render import cards as card_render
from device.app.render import felt, text, theme, widgets
from device.events import Action, ButtonEvent, InputEvent, PointerEvent
from engine.actions import Play
from engine.cards import SUIT_SYMBOLS, Card, sort_hand
from engine.deal import Deal
from engine.errors import RulesError
from engine.seats import SEAT_NAMES, Seat

from .base import Scene

if TYPE_CHECKING:
    from device.app.app_protocol import App

FALLBACK_NAMES = ("North", "East", "South", "West")


class HallSeatsScene(Scene):
    name = "hall_seats"
    title = "Whist drive"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        session = app.current_session
        if not isinstance(session, HallSession):
            raise TypeError("the drive's table needs a table joined to a drive")
        self.session: HallSession = session
        self.revealed: Seat | None = None  # whose hand is uncovered now
        self.selected: Card | None = None
        self.message = ""
        self.job: int | None = None
        self.job_key: tuple[int, int] | None = None
        self.next_ai_at = 0.0
        self.scored = False
        self.hand_area = pygame.Rect(0, 0, 0, 0)
        self.table_area = pygame.Rect(0, 0, 0, 0)

    # ------------------------------------------------------------------ who is where
    @property
    def deal(self) -> Deal | None:
        """The hand in play, or the one just finished while its result shows."""
        deal = self.session.deal
        if deal is None and self.scored:
            return self.session.last_deal
        return deal

    @property
    def people(self) -> frozenset[Seat]:
        return self.session.people()

    def player(self, seat: Seat) -> str:
        four = self.session.hall.players(self.session.round) or FALLBACK_NAMES
        return four[seat]

    def who(self, seat: Seat) -> str:
        return f"{self.player(seat)} ({SEAT_NAMES[seat]})"

    @property
    def person_to_play(self) -> Seat | None:
        deal = self.deal
        if deal is None or deal.is_over or deal.turn not in self.people:
            return None
        return deal.turn

    @property
    def covered(self) -> bool:
        """The hand of the person to play is still hidden from the others."""
        turn = self.person_to_play
        return turn is not None and len(self.people) > 1 and self.revealed != turn

    @property
    def waiting_for_human(self) -> bool:
        return self.person_to_play is not None and not self.covered

    # ------------------------------------------------------------------ layout
    def layout(self, w: int, h: int) -> None:
        pad = self.px(8)
        self.pad = pad
        self.bar_h = self.px(44)
        card_h = min(self.px(124), int(h * 0.27))
        self.card_h, self.card_w = card_h, int(card_h * 0.7)
        self.status_h = self.px(44)  # the prompt, clear of a raised card
        self.hand_area = pygame.Rect(pad, h - pad - card_h, w - 2 * pad, card_h)
        top = self.bar_h + pad
        self.table_area = pygame.Rect(pad, top, w - 2 * pad, self.hand_area.top - self.status_h - top - pad)
        self.trick_h = min(self.px(78), int(self.table_area.h * 0.3))
        self.trick_w = int(self.trick_h * 0.7)
        fs = self.px(20)
        self.buttons.add(widgets.Button(pygame.Rect(pad, pad // 2, self.px(84), self.bar_h - pad), "Back",
                                        self.on_back, font_size=self.px(18), name="back"))
        a = self.hand_area
        self.b_show = self.buttons.add(widgets.Button(a.inflate(-a.w // 4, -a.h // 4), "", self.show_hand,
                                                      primary=True, font_size=self.px(26), name="show",
                                                      visible=False))
        nw, nh = self.px(220), self.px(56)
        nr = pygame.Rect(a.centerx - nw // 2, a.centery - nh // 2, nw, nh)
        self.b_next = self.buttons.add(widgets.Button(nr, "Next hand", self.next_hand, primary=True,
                                                      font_size=fs, name="next", visible=False))

    # ------------------------------------------------------------------ play
    def show_hand(self) -> None:
        self.revealed = self.person_to_play
        self.selected = None
        self._refresh()

    def hand_cards(self) -> list[Card]:
        deal = self.deal
        seat = self.person_to_play
        if deal is None or seat is None or self.covered:
            return []
        return sort_hand(deal.hand(seat) or frozenset())

    def hand_rects(self) -> list[tuple[Card, pygame.Rect]]:
        hand = self.hand_cards()
        a = self.hand_area
        if not hand:
            return []
        cw, ch = self.card_w, self.card_h
        step = min(cw + self.px(4), (a.w - cw) // max(1, len(hand) - 1)) if len(hand) > 1 else 0
        left = a.centerx - (step * (len(hand) - 1) + cw) // 2
        lift = self.px(14)
        return [(c, pygame.Rect(left + i * step, a.top - (lift if c == self.selected else 0), cw, ch))
                for i, c in enumerate(hand)]

    def tap_point(self, card: Card) -> tuple[int, int]:
        """A point on the part of ``card`` not covered by the next card (tests tap it)."""
        rects = self.hand_rects()
        for i, (c, r) in enumerate(rects):
            if c == card:
                right = rects[i + 1][1].left if i + 1 < len(rects) else r.right
                return (r.left + right) // 2, r.top + r.h // 3
        raise KeyError(str(card))

    def tap_card(self, card: Card) -> None:
        deal = self.deal
        seat = self.person_to_play
        if deal is None or seat is None or self.covered:
            return
        try:
            deal.check(Play(seat, card))
        except RulesError as exc:
            self.message = str(exc).capitalize()
            self.selected = None
            return
        if self.selected != card:
            self.selected = card
            self.message = ""
            return
        self._apply(Play(seat, card))

    def _apply(self, action: Play) -> None:
        self.session.match.apply(action)  # the drive's journal hears it first
        self.selected = None
        self.message = ""
        self.next_ai_at = self.app.clock + 0.5 * self.app.anim
        self.app.sound.play("play")
        self._refresh()

    def next_hand(self) -> None:
        deal = self.deal
        if deal is None or not deal.is_over:
            return
        interlude = self.session.between_hands()
        if interlude is not None:
            self.app.go(interlude)
            return
        self.session.shuffle_and_deal()
        self.scored = False
        self.revealed = None
        self._refresh()

    def handle(self, ev: InputEvent) -> None:
        if isinstance(ev, PointerEvent) and ev.kind == "up" and not self.b_show.hit(ev.x, ev.y) \
                and not self.b_next.hit(ev.x, ev.y):
            for card, rect in reversed(self.hand_rects()):
                if rect.collidepoint(ev.x, ev.y):
                    self.buttons.pointer(ev.kind, ev.x, ev.y)
                    self.tap_card(card)
                    return
        if isinstance(ev, ButtonEvent) and self._button(ev.action):
            return
        super().handle(ev)

    def _button(self, action: Action) -> bool:
        """The table's physical buttons: Select uncovers the hand, left and right raise the
        previous or next card that may be played, Select plays the raised one."""
        if action == Action.SELECT and self.covered:
            self.show_hand()
            return True
        if not self.waiting_for_human:
            return False
        deal = self.deal
        assert deal is not None
        legal = [c for c in self.hand_cards() if c in set(deal.legal_moves())]
        if action in (Action.LEFT, Action.RIGHT) and legal:
            step = 1 if action == Action.RIGHT else -1
            i = legal.index(self.selected) + step if self.selected in legal else (0 if step > 0 else -1)
            self.selected = legal[i % len(legal)]
            return True
        if action == Action.SELECT and self.selected is not None:
            self.tap_card(self.selected)
            return True
        return False

    # ------------------------------------------------------------------ the AI and the hand's end
    def update(self, dt: float) -> None:
        self.session.hall.pump()  # the broker's news, and the outbox sent again when it is due
        deal = self.deal
        if deal is None:
            return
        self._advance(deal)
        self._refresh()

    def _refresh(self) -> None:
        deal = self.deal
        if deal is not None and deal.is_over and not self.scored:
            self.scored = True
            self.session.finish()  # into the outbox; the hall session sends it
        over = deal is not None and deal.is_over
        self.b_next.visible = over
        if over:
            self.b_next.label = "Next round" if self.session.between_hands() is not None else "Next hand"
        turn = self.person_to_play
        self.b_show.visible = self.covered
        if turn is not None:
            self.b_show.label = f"{self.who(turn)}: show my cards"

    def _advance(self, deal: Deal) -> None:
        turn = deal.turn
        if deal.is_over or turn is None or turn in self.people:
            return
        key = (id(deal), len(deal.actions))
        if self.job is None:
            obs = self.session.match.observe(turn)
            self.job_key = key
            # seeded with a fixed amount of work: a hand resumed after a power cut plays on the same
            self.job = self.app.ai.submit(ai_worker.act_fixed, obs, self.app.ai_level(turn),
                                          self.session.match.move_seed())
            return
        if self.app.clock < self.next_ai_at:
            return
        job = self.app.ai.poll(self.job)
        if job is None:
            return
        self.job = None
        if self.job_key != key:
            return
        action = job.result if job.error is None else deal.legal_actions()[0]
        self.session.match.apply(action)
        self.next_ai_at = self.app.clock + 0.5 * self.app.anim

    def leave(self) -> None:
        self.app.ai.forget(self.job)
        self.job = None

    def on_back(self) -> None:
        # the drive's own screen, which comes back to this hand (the menu's Continue is the
        # app's one-person table)
        self.app.go("hall")

    # ------------------------------------------------------------------ drawing
    def status(self) -> str:
        deal = self.deal
        if deal is None:
            return ""
        if deal.is_over:
            ns, ew = deal.tricks_taken()
            return f"Hand over: North/South {ns}, East/West {ew}"
        if self.message:
            return self.message
        turn = deal.turn
        assert turn is not None
        if self.covered:
            return f"{self.who(turn)} to play: the others look away"
        if turn in self.people:
            if self.selected is not None:
                return f"{self.player(turn)}: tap {self.selected.symbol} again to play it"
            return f"{self.who(turn)}: tap a card twice to play it"
        return f"{self.who(turn)} to play"

    def _bar_words(self) -> str:
        s = self.session
        settings = s.hall.settings
        deal = self.deal
        words = [f"Table {s.hall.table}"]
        if settings is not None:
            words.append(f"round {s.round} of {settings.rounds}")
            hand = len(s.match.hands) + (0 if deal is not None and deal.is_over else 1)
            words.append(f"hand {min(hand, settings.hands_per_round)} of {settings.hands_per_round}")
        if deal is not None:
            words.append(f"trumps {SUIT_SYMBOLS[deal.trump]}" if deal.trump < 4 else "no trumps")
            ns, ew = deal.tricks_taken()
            words.append(f"tricks N/S {ns} · E/W {ew}")
        return "  ·  ".join(words)

    def _trick_places(self) -> dict[Seat, tuple[int, int]]:
        t = self.table_area
        cx, cy = t.center
        dx, dy = int(self.trick_w * 1.3), int(self.trick_h * 0.62)
        return {Seat.N: (cx, cy - dy), Seat.S: (cx, cy + dy), Seat.W: (cx - dx, cy), Seat.E: (cx + dx, cy)}

    def _label_places(self) -> dict[Seat, tuple[str, tuple[int, int]]]:
        t = self.table_area
        return {Seat.N: ("midtop", (t.centerx, t.top)), Seat.S: ("midbottom", (t.centerx, t.bottom)),
                Seat.W: ("midleft", (t.left + self.px(6), t.centery)),
                Seat.E: ("midright", (t.right - self.px(6), t.centery))}

    def draw(self, surf: pygame.Surface) -> None:
        w, h = surf.get_size()
        surf.blit(felt.felt_surface(w, h), (0, 0))
        bar = pygame.Surface((w, self.bar_h), pygame.SRCALPHA)
        bar.fill((0, 0, 0, 90))
        surf.blit(bar, (0, 0))
        words = self._bar_words()
        size = text.fit_size(words, self.px(20), w - self.px(110), True, self.px(14))
        t = text.text(words, size, theme.INK, True)
        surf.blit(t, t.get_rect(midleft=(self.px(100), self.bar_h // 2)))
        deal = self.deal
        if deal is not None:
            self._draw_labels(surf, deal)
            self._draw_trick(surf, deal)
            four = self.app.config.display.four_colour
            legal = set(deal.legal_moves()) if self.waiting_for_human else set()
            for card, rect in self.hand_rects():
                surf.blit(card_render.card_surface(int(card), rect.w, rect.h, four, dim=card not in legal),
                          rect.topleft)
                if card == self.selected:
                    pygame.draw.rect(surf, theme.HIGHLIGHT, rect, max(2, self.px(3)), self.px(6))
        words = self.status()
        if words:
            size = text.fit_size(words, self.px(20), w - 2 * self.pad, False, self.px(14))
            s = text.text(words, size, theme.GOLD if self.waiting_for_human or self.covered else theme.INK)
            surf.blit(s, s.get_rect(midbottom=(w // 2, self.hand_area.top - self.px(4)
                                               - (self.px(14) if self.hand_cards() else 0))))
        self.buttons.draw(surf)

    def _draw_labels(self, surf: pygame.Surface, deal: Deal) -> None:
        turn = None if deal.is_over else deal.turn
        for seat, (anchor, pos) in self._label_places().items():
            person = seat in self.people
            words = f"{self.player(seat)} · {SEAT_NAMES[seat][0]}"  # an AI's name says it is one
            size = self.px(20)
            colour = theme.GOLD if seat == turn else theme.INK if person else theme.INK_DIM
            label = text.text(words, size, colour, seat == turn)
            rect = label.get_rect(**{anchor: pos})
            back = rect.inflate(self.px(12), self.px(6))
            panel = pygame.Surface(back.size, pygame.SRCALPHA)
            panel.fill((0, 0, 0, 120))
            surf.blit(panel, back.topleft)
            if seat == turn:
                pygame.draw.rect(surf, theme.HIGHLIGHT, back, max(1, self.px(2)), self.px(4))
            surf.blit(label, rect)

    def _draw_trick(self, surf: pygame.Surface, deal: Deal) -> None:
        trick = deal.current if deal.current.cards else deal.last_trick
        if trick is None:
            return
        places = self._trick_places()
        four = self.app.config.display.four_colour
        for seat, card in trick.plays():
            face = card_render.card_surface(int(card), self.trick_w, self.trick_h, four)
            surf.blit(face, face.get_rect(center=places[seat]))
