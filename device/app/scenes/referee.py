"""Real cards: people play a real deck on the card reader; the screen referees any game.

A thin drawing of :class:`device.referee.Referee`'s view: the prompt, the seats round the table
with the trick, an AI's card asked for by its place in its rack, the bid and trump buttons of
the person to act (the hook's bid greyed with its reason), the kitty shown to all once taken
up, the tricks and the score, messages and badges. The game logic lives in the session; this
screen adds the touch buttons, runs the AI seats on the app's worker and owns the card readers
while it shows (device.app.scenes.referee_base). A card the one reader took as a person's is
shown big for a moment with an undo at hand.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from device import vocabulary
from device.app.house_rules import rules_from_config
from device.app.render import cards, felt, text, theme, widgets
from device.app.scenes import referee_seats as seats
from device.app.scenes.referee_base import NO_READER, NO_SEAT_READERS, ButtonItem, RefereeFrame
from device.config import AI_LEVELS
from device.referee import HAND_OVER, PLAY, READERS, SETUP, STEPS, TRUMP, Referee
from device.referee_view import RefereeView, Taken
from engine.actions import Action, Declare, Play
from engine.cards import SUIT_NAMES, SUIT_SYMBOLS, Card
from engine.seats import Seat, seat_label

if TYPE_CHECKING:
    from device.app.app_protocol import App

TAKEN_SECONDS = 3.0  # how long a card taken as a person's stays big (one reader)


def _new_session(app: App) -> Referee:
    """The app's game at its table size, its house rules from the config at each size; every
    action journalled in the app's store, an unfinished real-card match resumed."""
    config, name = app.config, app.options.game
    assert name is not None  # the App fills it in from the config
    session = Referee(name, app.options.players, ai_async=True, store=app.store, seed=app.options.seed,
                      rules_for=lambda players: rules_from_config(config, name, players))
    RefereeFrame._resume(session)
    return session


class RefereeScene(RefereeFrame):
    name = "referee"
    title = "Real cards"

    def __init__(self, app: App) -> None:
        # Kept on the app so a visit to the menu does not lose the match.
        session = app.referee_session
        if session is None:
            session = app.referee_session = _new_session(app)
        super().__init__(app, session)
        self._taken_seen: Taken | None = None
        self.taken_left = 0.0  # seconds the taken card stays big
        self.spots: list[tuple[int, int]] = []

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
        if self._key() != self._layout_key:
            self.relayout()

    def _run_ai(self) -> None:
        req = self.session.ai_request
        job = self._poll_ai(req)  # seeded by the position, a fixed amount of work: reproducible
        if req is not None and job is not None:
            # An error or a wrong answer is replaced by a legal action in the session.
            answer = job.result if job.error is None and isinstance(job.result, Action) else None
            self.session.supply_ai_action(req.key, answer)

    @property
    def showing_taken(self) -> Taken | None:
        """The card shown big now (no reader of the player's own: taken as the card to move)."""
        return self._taken_seen if self.taken_left > 0 else None

    @property
    def four_colour(self) -> bool:
        """Whether the cards are drawn in four colours (the display setting)."""
        return self.app.config.display.four_colour

    # -- layout ---------------------------------------------------------------------------
    def _key(self) -> tuple[object, ...]:
        s = self.session
        deal = s.deal
        return (s.phase, tuple(sorted(s.ai_seats)), s.setup_dealer, s.players, s.can_undo(), self.size,
                s.readers.asking, len(deal.actions) if deal is not None else -1, s.touch, s.choice_focus,
                self.showing_taken, self.app.config.reader.per_seat, s.trumps_on_screen())

    def layout(self, w: int, h: int) -> None:
        s = self.session
        v = s.view()
        self._layout_key = self._key()
        self._frame(w, h, 0.58, (3, 5))
        self.spots = seats.seat_spots(v.players, self.table_rect, self.px(16))
        if v.ring:  # the order of play round the table (a dummy opposite its declarer)
            self.spots = [self.spots[(v.ring.index(Seat(i)) + 2) % 4] if Seat(i) in v.ring else self.spots[i]
                          for i in range(v.players)]
        items: list[ButtonItem] = []
        if s.phase == READERS:
            items = self._reader_items()
        elif s.phase == SETUP:
            self._seat_buttons(v)
            more = len(v.player_range) > 1
            items = self._setup_items([(f"Players: {v.players}", self._more_players, False, "players")]
                                      if more else [])
        elif s.phase == TRUMP and v.trumps_on_screen:
            items = [(SUIT_NAMES[i].capitalize(), self._trump_chooser(i), False, f"trump_{i}")
                     for i in range(4)]
        elif s.phase == STEPS and v.passes_to is not None:  # an AI's pass given by hand: Passed
            items = self._bar_items(v)
        elif s.phase == STEPS:
            self._choice_buttons(v)
        elif s.phase == HAND_OVER:
            items = [self._next_item(v.match_over)]
        elif s.phase == PLAY and any(isinstance(c.action, Play) for c in v.choices):
            self._holder_buttons(v)  # whose is the opening card: a button on each seat that may hold it
        elif s.phase == PLAY and v.choices:  # a dog's life: Knock beside Undo
            items = self._bar_items(v)
        self._bottom_buttons(w, h, items)
        taken = self.showing_taken
        if taken is not None:
            # The undo at hand, on the card shown big: "Not West's: undo".
            r = self._taken_rects()[1]
            self.buttons.add(widgets.Button(r, f"Not {s.seat_word(taken.seat)}'s: undo", self._undo_taken,
                                            font_size=self.px(20), name="undo_taken"))
        self._focus_primary()

    def _seat_buttons(self, v: RefereeView) -> None:
        """The setup: a button at each seat, a person or the AI."""
        s = self.session
        bw = self.px(170 if v.players <= 4 else 128)
        rects = [pygame.Rect(0, 0, min(bw, seats.row_room(self.spots, sv.seat) - self.px(6)), self.px(48))
                 for sv in v.seats]
        words = [s.seat_word(sv.seat) for sv in v.seats]
        # three along the top at eight: every seat as P3, where one would need a smaller type to fit
        widest = f"AI ({max(AI_LEVELS, key=len)})"
        if any(text.fit_size(f"{word}: {widest}", self.px(17), r.w - self.px(16), True) < self.px(15)
               for word, r in zip(words, rects, strict=True)):
            words = [vocabulary.short_word(word) for word in words]
        for sv, r, word in zip(v.seats, rects, words, strict=True):
            who = f"AI ({sv.ai})" if sv.ai else "person"
            r.center = self.spots[sv.seat]
            r.clamp_ip(self.table_rect)
            name = f"seat_{seat_label(sv.seat, v.players)}"
            self.buttons.add(widgets.Button(r, f"{word}: {who}", self._toggler(sv.seat),
                                            font_size=self.px(17), name=name))

    def _bar_items(self, v: RefereeView) -> list[ButtonItem]:
        """The choices as buttons of the bottom bar, beside Undo."""
        return [(c.label, self._chooser(c.action), False, f"choice_{i}") for i, c in enumerate(v.choices)]

    def _holder_buttons(self, v: RefereeView) -> None:
        """A button on each seat whose player may hold the card that opens the play."""
        bw = self.px(150 if v.players <= 4 else 120)
        for i, c in enumerate(v.choices):
            r = pygame.Rect(0, 0, bw, self.px(48))
            r.center = self.spots[c.action.seat]
            r.clamp_ip(self.table_rect)
            self.buttons.add(widgets.Button(r, c.label, self._chooser(c.action), font_size=self.px(17),
                                            name=f"choice_{i}", primary=i == v.choice_focus))

    def _choice_buttons(self, v: RefereeView) -> None:
        """The bids (or trump calls) of the person to act, big enough for a finger."""
        if not v.choices:
            return
        t = self.table_rect.inflate(-self.px(12), -self.px(12))
        area = pygame.Rect(t.x, t.y + self.px(46), t.w, t.h - self.px(46) - self.px(44))
        n = len(v.choices)
        cols = 5 if n > 16 else 4 if n > 6 else 2 if n == 4 else min(3, n)
        rows = (n + cols - 1) // cols
        gap = self.px(6)
        bw = (area.w - (cols - 1) * gap) // cols
        bh = max(self.px(48), min(self.px(54), (area.h - (rows - 1) * gap) // rows))
        y0 = max(area.y, area.centery - (rows * bh + (rows - 1) * gap) // 2)
        for i, c in enumerate(v.choices):
            r = pygame.Rect(area.x + (i % cols) * (bw + gap), y0 + (i // cols) * (bh + gap), bw, bh)
            b = widgets.Button(r, c.label, self._chooser(c.action), font_size=self.px(18),
                               name=f"choice_{i}", primary=i == v.choice_focus)
            b.enabled = c.enabled
            self.buttons.add(b)

    def _chooser(self, action: Action) -> Callable[[], bool]:
        return lambda: self.session.act(action)

    def _trump_chooser(self, suit: int) -> Callable[[], bool]:
        return lambda: self.session.choose_trump(suit)

    def _more_players(self) -> None:
        s = self.session
        counts = s.view().player_range
        s.set_players(counts[(counts.index(s.players) + 1) % len(counts)])

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

    # -- the seats (device.app.scenes.referee_seats) ------------------------------------------
    def card_rect(self, seat: Seat) -> pygame.Rect:
        """Where ``seat``'s card of the trick lies."""
        return seats.card_spot(self, seat, self.session.players)

    def seat_label(self, v: RefereeView, seat: Seat) -> list[tuple[str, int, pygame.Rect]]:
        """``seat``'s label on the table: its lines, each with its size and where it is drawn."""
        return seats.seat_label(self, v, seat)

    # -- drawing ------------------------------------------------------------------------------
    def draw(self, surf: pygame.Surface) -> None:
        surf.blit(felt.felt_surface(*surf.get_size()), (0, 0))
        v = self.session.view()
        self.draw_title(surf)
        self._draw_prompt(surf, v.prompt)
        if v.phase == HAND_OVER:
            size = self.px(19 if len(v.summary) <= 8 else 17)
            self._draw_lines(surf, self.table_rect, [(line, "ok") for line in v.summary], size)
        elif v.phase == READERS:
            seats.draw_readers(self, surf, v, len(self.session.readers.readers))
        elif v.phase == STEPS and v.choices and v.passes_to is None:
            self._draw_choices(surf, v)
        elif v.phase != SETUP:
            seats.draw_table(self, surf, v)
        taken = self.showing_taken
        if taken is not None and v.phase in (PLAY, HAND_OVER):
            self._draw_taken(surf, taken)
        self._draw_panel(surf, v)
        self.buttons.draw(surf)

    def _draw_choices(self, surf: pygame.Surface, v: RefereeView) -> None:
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
            lines = text.wrap(reasons[0], size, t.w - self.px(20), True)[:2]
            y = t.bottom - self.px(6) - len(lines) * text.line_height(size, True)
            for part in lines:
                rt = text.text(part, size, theme.GOLD, True)
                surf.blit(rt, rt.get_rect(midtop=(t.centerx, y)))
                y += text.line_height(size, True)

    def _draw_taken(self, surf: pygame.Surface, taken: Taken) -> None:
        """The card just taken as ``taken.seat``'s, big, with whose it was taken to be."""
        t = self.table_rect
        surf.blit(widgets.panel_surface(t.w, t.h, 250), t.topleft)
        card, _ = self._taken_rects()
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
        for line, size, colour in ((self.session.seat_word(taken.seat), 30, theme.GOLD),
                                   (plays, 22, theme.INK), (Card(taken.card).symbol, 40, theme.INK)):
            fs = text.fit_size(line, self.px(size), width, True)
            surf.blit(text.text(line, fs, colour, True), (x, y))
            y += text.line_height(fs, True)

    def _draw_panel(self, surf: pygame.Surface, v: RefereeView) -> None:
        rows: list[str] = []
        if v.dealer is not None:
            trumps = "trumps not known yet" if v.trump is None else \
                ("no trumps" if v.trump == 4 else f"trumps {SUIT_SYMBOLS[v.trump]} {SUIT_NAMES[v.trump]}")
            turned = f" ({Card(v.trump_card).symbol} turned)" if v.trump_card else ""
            rows.append(f"{v.title} · hand {v.hand_number} · {v.hand_size} cards · "
                        f"{self.session.name(v.dealer)} deals · {trumps}{turned}")
        if v.contract:
            rows.append(f"contract: {v.contract}")
        if v.side_tricks and v.phase in (PLAY, HAND_OVER) and len(v.sides) == 2:
            rows.append("tricks " + " · ".join(f"{n} {t}"
                                               for n, t in zip(v.sides, v.side_tricks, strict=True)))
        score = "game " if len(v.sides) == 2 else "score "
        score += " · ".join(f"{n} {t}" for n, t in zip(v.sides, v.side_scores, strict=True))
        if len(v.sides) == 2:
            score += f" (to {v.target}) · games {v.games_won[0]}-{v.games_won[1]}"
        rows.append(score)
        self._draw_panel_of(surf, rows, self.px(15), v.badges, v.messages)


__all__ = ["NO_READER", "NO_SEAT_READERS", "TAKEN_SECONDS", "RefereeScene"]
