"""The end of a game or of a rubber shown as an event: who won, by how much, the
rubber points, and at the end of a rubber (a match in games without rubbers) the
match summary, game by game.

Everything said is read from the engine's match (``Match.sheet()``, its games
and hand scores); nothing is scored here. The animation (cards thrown up from
the winners' side, falling gold) is drawn over a still picture and never holds
anything up: the buttons work from the first frame, and a tap anywhere else
ends the animation at once.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from device import vocabulary
from device.app import store_banner
from device.app.render import cards, felt, layout, text, theme, widgets
from device.app.scenes.base import Scene
from device.events import Action, ButtonEvent, InputEvent, PointerEvent
from device.vocabulary import by_side, number
from device.words import count
from engine.scoresheet import VALUE_NAMES

if TYPE_CHECKING:
    from device.app.app_protocol import App
    from engine.match import Match

ANIMATION_S = 2.4  # at normal pace; "slow" stretches it, "off" shows the last frame


@dataclass(frozen=True)
class GameLine:
    """One finished game of the summary, as the engine scored it."""

    number: int
    winner: int
    score: tuple[int, ...]
    hands: int
    value: int | None  # rubber points the game is worth, where the house counts them


@dataclass(frozen=True)
class Moment:
    """What the celebration says: a game won, or the rubber (match) won."""

    kind: str  # "game", or the match's word ("rubber", "match") when it is won
    winner: int  # the side (or seat) that won, in the engine's order
    headline: str
    lines: tuple[str, ...]
    games: tuple[GameLine, ...]  # the match summary (every game so far)
    totals: tuple[str, ...]  # the match summary's last lines (hands, tricks, points)
    score: tuple[int, ...] = (0, 0)  # the final score of the game just won
    sides: tuple[str, ...] = (vocabulary.WE, vocabulary.THEY)  # what the sides are called
    yours: int = 0  # the side of the person at the screen

    @property
    def you_won(self) -> bool:
        return self.winner == self.yours

    @classmethod
    def of(cls, match: Match, sitting: tuple[int, int] | None = None) -> Moment | None:
        """The moment the last scored hand made, or None when it ended no game.
        ``sitting``: matches won since the table was switched on, by you and by the others."""
        sheet = match.sheet()
        if not sheet.hands or sheet.hands[-1].game_won_by is None or not sheet.games:
            return None
        last = sheet.hands[-1]
        game = sheet.games[-1]
        sides = vocabulary.side_words(match.game)
        yours = vocabulary.your_side(match.game)
        word = vocabulary.match_word(match.game)
        need = match.game.games_to_win(match.rules)
        counts_points = sheet.rubber_points is not None
        lines = []
        win = game.score[game.winner]
        rest = [v for i, v in enumerate(game.score) if i != game.winner]
        margin = win - max(rest)
        if len(sides) == 2:  # with more, the figures written large say it
            by = f", by {count(margin, 'point')}" if margin else ""
            lines.append(f"Game {game.number}: {by_side(sides, game.score)}{by}")
        if counts_points and sheet.winner is None:  # at the rubber's end the summary has a Worth column
            lines.append(f"A {VALUE_NAMES.get(game.value, 'game')} game: {count(game.value, 'rubber point')}")
        gw = sheet.games_won
        games = [GameLine(g.number, g.winner, g.score, len(g.hands), g.value if counts_points else None)
                 for g in sheet.games]
        hands = len(sheet.hands)
        tricks = tuple(sum(h.tricks[i] for h in sheet.hands) for i in range(len(sides)))
        totals = [f"{count(hands, 'hand')} · tricks {by_side(sides, tricks)}"]
        if match.game.counts_honours(match.rules):
            honours = tuple(sum(h.honours[i] for h in sheet.hands) for i in range(len(sides)))
            totals.append(f"Honours scored: {by_side(sides, honours)}")
        if sheet.winner is not None and sitting is not None and sum(sitting) > 1:
            partners = match.game.partnerships
            ours, theirs = (vocabulary.WE, vocabulary.THEY) if partners else (vocabulary.YOU, "the others")
            totals.append(f"{word.capitalize()}s this sitting: {ours} {sitting[0]} · {theirs} {sitting[1]}")
        if sheet.winner is not None:
            rp = sheet.rubber_points
            winners = sides[sheet.winner]
            if need > 1:
                won = gw[sheet.winner]
                lost = max(v for i, v in enumerate(gw) if i != sheet.winner)
                headline = f"{vocabulary.verb(winners, 'win')} the {word}, {won} games to {lost}"
            elif len(sides) == 2:
                beaten = number(max(rest))
                headline = f"{vocabulary.verb(winners, 'win')} the {word}, {number(win)} to {beaten}"
            else:
                headline = f"{vocabulary.verb(winners, 'win')} the {word} with {number(win)}"
            if last.game_won_by is not None and need > 1:
                lines.append(f"Games: {by_side(sides, gw)}")
            if rp is not None:
                lines.append(f"Rubber points: {by_side(sides, rp)} (the {word} is worth {max(rp)})")
            return cls(word, sheet.winner, headline, tuple(lines), tuple(games), tuple(totals), game.score,
                       sides, yours)
        headline = f"{vocabulary.verb(sides[game.winner], 'win')} game {game.number}"
        lines.append(f"Games: {by_side(sides, gw)} (first to {need} wins the {word})")
        if counts_points:
            lines.append(f"Rubber points so far: {by_side(sides, match.rubber_points())}")
        return cls("game", game.winner, headline, tuple(lines), tuple(games), tuple(totals), game.score,
                   sides, yours)


@dataclass
class Flyer:
    """One card thrown up: where from, where to, when, how it turns."""

    card: int
    start: tuple[float, float]
    end: tuple[float, float]
    delay: float
    spin: float


def deal_next(app: App) -> None:
    """The next hand dealt (a new rubber first when this one is over), on the table."""
    app.session.shuffle_and_deal()
    app.go("table")
    from device.app.scenes.table import TableScene

    scene = app.scene
    if isinstance(scene, TableScene) and scene.name == "table":
        scene.dealing = 0.0 if app.anim > 0 else None
        app.sound.play("deal")


class CelebrationScene(Scene):
    name = "celebration"
    title = "Well played"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        total = app.stats.total()
        self.moment = Moment.of(app.session.match, (total.rubbers_won, total.rubbers - total.rubbers_won))
        self.t = 0.0
        # The animation's length in app seconds; 0 (animation off) shows the still at once.
        self.length = ANIMATION_S * app.anim
        self.flyers: list[Flyer] = []
        self.card_images: dict[int, pygame.Surface] = {}
        self.sparks: list[tuple[float, float, float, float, tuple[int, int, int]]] = []
        self.headline: list[tuple[pygame.Surface, pygame.Rect]] = []
        self._drawn: tuple[object, ...] | None = None  # what the screen's picture was drawn for
        self._moved: list[pygame.Rect] = []  # where last frame's cards and gold went

    @property
    def animating(self) -> bool:
        return self.t < self.length

    def layout(self, w: int, h: int) -> None:
        pad = self.px(10)
        bh = self.px(56)
        match = self.app.session.match
        over = match.is_over
        new = f"new {vocabulary.match_word(match.game)}"
        items = [("Hand details", lambda: self.app.go("summary"), False, "details"),
                 ("Score pad", lambda: self.app.go("scorepad", back="celebration"), False, "scorepad"),
                 ("Menu", lambda: self.app.go("menu"), False, "menu"),
                 (new.capitalize() if over else "Next hand", self.next_hand, True,
                  new if over else "next hand")]
        cols = 4 if w > h else 2
        rows = (len(items) + cols - 1) // cols
        bw = (w - (cols + 1) * pad) // cols
        y0 = h - rows * (bh + pad)
        for i, (label, fn, primary, name) in enumerate(items):
            r, c = divmod(i, cols)
            rect = pygame.Rect(pad + c * (bw + pad), y0 + r * (bh + pad), bw, bh)
            self.buttons.add(widgets.Button(rect, label, fn, primary=primary, font_size=self.px(22),
                                            name=name))
        self.buttons.focus = len(items) - 1
        self.area = pygame.Rect(pad, pad, w - 2 * pad, y0 - 2 * pad)
        self._plan_animation(w, h)
        self._bg = None

    def _plan_animation(self, w: int, h: int) -> None:
        # Fixed seed: the same moment looks the same (screenshots, tests).
        rng = random.Random(7)
        ch = self.px(64)
        cw = int(ch * cards.CARD_RATIO)
        self.card_size = (cw, ch)
        # The four aces and four kings fly up from the winners' edge (yours: the bottom)
        # and come to rest in two small fans either side of the headline.
        from_y = h + ch if self.moment is None or self.moment.you_won else -ch
        self.flyers = []
        # The four aces come to rest on the left of the headline, the four kings on its right.
        for i, card in enumerate([s * 13 + 12 for s in range(4)] + [s * 13 + 11 for s in range(4)]):
            left, k = i < 4, i % 4
            ex = self.px(18) + k * self.px(20) if left else w - self.px(18) - cw - (3 - k) * self.px(20)
            ey = self.area.y + self.px(4) + abs(1.5 - k) * self.px(5)
            sx = w * (0.25 + 0.5 * rng.random())
            self.flyers.append(Flyer(card, (sx, from_y), (ex + cw / 2, ey + ch / 2), 0.05 * i,
                                     rng.uniform(-540, 540)))
        # In the display's own pixel format: blitted and turned every frame while they fly.
        four = self.app.config.display.four_colour
        self.card_images = {f.card: cards.card_surface(f.card, cw, ch, four).convert_alpha()
                            for f in self.flyers}
        colours = (theme.GOLD, theme.INK, (255, 150, 120), theme.BUTTON_FOCUS)
        self.sparks = [(rng.random() * w, rng.uniform(-0.6, 0.0) * h, rng.uniform(0.35, 0.8) * h,
                        rng.uniform(0, 2 * math.pi), colours[i % len(colours)]) for i in range(48)]

    def next_hand(self) -> None:
        deal_next(self.app)

    def handle(self, ev: InputEvent) -> None:
        if isinstance(ev, PointerEvent):
            if self.buttons.pointer(ev.kind, ev.x, ev.y):
                return
            if ev.kind == "up":
                self.t = max(self.t, self.length)  # a tap ends the show, nothing else waits on it
            return
        if isinstance(ev, ButtonEvent) and ev.action == Action.DEAL:
            self.next_hand()
            return
        super().handle(ev)

    def on_back(self) -> None:
        self.app.go("menu")

    def update(self, dt: float) -> None:
        self.t += dt

    # -- drawing -----------------------------------------------------------------------
    def _background(self, w: int, h: int) -> pygame.Surface:
        bg = felt.felt_surface(w, h).copy()
        m = self.moment
        a = self.area
        cw, ch = self.card_size
        if m is None:
            t = text.text("No game has been won yet.", self.px(26), theme.INK, True)
            layout.blit(bg, t, t.get_rect(center=a.center))
            return bg
        # The headline between the two resting fans, the rest on a panel below.
        side = self.px(18) + 3 * self.px(20) + cw + self.px(10)
        head_w = a.w - 2 * side
        size = self.px(34)
        lines = text.wrap(m.headline, size, head_w, True)
        while len(lines) > 2 and size > self.px(24):
            size -= 1
            lines = text.wrap(m.headline, size, head_w, True)
        y = a.y + self.px(6)
        head_h = max(ch + self.px(12), len(lines) * text.line_height(size, True))
        y += (head_h - len(lines) * text.line_height(size, True)) // 2
        colour = theme.GOLD if m.you_won else theme.INK
        self.headline = []
        o = max(1, self.px(2))
        for line in lines:
            t = text.text(line, size, colour, True)
            r = t.get_rect(midtop=(w // 2, y))
            layout.blit(bg, t, r)
            # Outlined once here, for writing over the flying cards.
            outline = text.text(line, size, theme.PANEL, True)
            baked = pygame.Surface((r.w + 2 * o, r.h + 2 * o), pygame.SRCALPHA)
            for dx, dy in ((0, o), (2 * o, o), (o, 0), (o, 2 * o)):
                layout.blit(baked, outline, (dx, dy))
            layout.blit(baked, t, (o, o))
            self.headline.append((baked, r.move(-o, -o)))
            y += text.line_height(size, True)
        top = a.y + self.px(6) + head_h + self.px(8)
        panel = pygame.Rect(a.x, top, a.w, a.bottom - top)
        layout.blit(bg, widgets.panel_surface(panel.w, panel.h), panel.topleft)
        x, inner = panel.x + self.px(18), panel.w - self.px(36)
        y = panel.y + self.px(10)
        big = self.px(22)
        for line in m.lines:
            fs = text.fit_size(line, big, inner, True, min_size=self.px(18))
            for part in text.wrap(line, fs, inner, True):  # a narrow (portrait) screen
                layout.blit(bg, text.text(part, fs, theme.INK, True), (x, y))
                y += text.line_height(fs, True)
        if len(m.games) < 2:
            # One game so far: its score written large says it best.
            foot = self.px(8)
            if m.kind != "game":
                size = self.px(19)
                for total in reversed(m.totals):
                    fs = text.fit_size(total, size, inner, False, self.px(18))
                    for part in reversed(text.wrap(total, fs, inner)):  # seven seats' tricks
                        foot += text.line_height(fs)
                        layout.blit(bg, text.text(part, fs, theme.INK_DIM), (x, panel.bottom - foot))
            self._big_score(bg, pygame.Rect(x, y, inner, panel.bottom - y - foot), m)
            return bg
        y += self.px(8)
        self._summary_table(bg, pygame.Rect(x, y, inner, panel.bottom - y - self.px(8)), m)
        return bg

    def _big_score(self, bg: pygame.Surface, box: pygame.Rect, m: Moment) -> None:
        """The game's score written large, a figure a side, the winners' in gold."""
        n = len(m.score)
        # As many a row as leave each a seat's name in full (a narrow screen: two rows).
        per_row = max(1, min(n, box.w // max(1, text.width("Player 7", self.px(20), True) + self.px(12))))
        rows = -(-n // per_row)
        per_row = -(-n // rows)  # the rows alike (eight: four and four, not seven and one)
        cell = box.w // per_row
        row_h = box.h // rows
        size = min(self.px(84), int(row_h * 0.55), cell // 2)
        for side in range(n):
            row, col = divmod(side, per_row)
            in_row = min(per_row, n - row * per_row)
            cx = box.x + (box.w - in_row * cell) // 2 + cell * col + cell // 2
            cy = box.y + row * row_h + row_h // 2 - self.px(12)
            if n == 2:  # the two figures a little apart, the dash between
                cx = box.centerx + (-1 if side == 0 else 1) * box.w // 4
            colour = theme.GOLD if side == m.winner else theme.INK
            figure = number(m.score[side])
            t = text.text(figure, text.fit_size(figure, size, cell - self.px(12), True), colour, True)
            layout.blit(bg, t, t.get_rect(center=(cx, cy)))
            name = m.sides[side]
            fs = text.fit_size(name, self.px(22), cell - self.px(6), True, min_size=self.px(18))
            label = text.text(text.clip(name, fs, cell - self.px(6), True), fs, theme.INK_DIM, True)
            layout.blit(bg, label, label.get_rect(midtop=(cx, cy + t.get_height() // 2)))
        if n == 2:
            dash = text.text("–", size, theme.INK_DIM, True)
            layout.blit(bg, dash, dash.get_rect(center=(box.centerx, box.y + row_h // 2 - self.px(12))))

    def _summary_table(self, bg: pygame.Surface, box: pygame.Rect, m: Moment) -> None:
        """The match summary: a row a game (the winners' score in gold), then the totals."""
        worth = any(g.value is not None for g in m.games)
        n = len(m.sides)
        heads = ["Game", *m.sides, "Hands"] + (["Worth"] if worth else [])
        weights = [1.0] + [1.5 if n == 2 else 1.0] * n + [1.0] + ([1.4] if worth else [])
        unit = box.w / sum(weights)
        xs = [box.x + int(sum(weights[:i]) * unit) for i in range(len(weights))]
        ws = [int(wt * unit) for wt in weights]
        small = self.px(22)
        rows = 2 + len(m.games) + len(m.totals)
        # Shrink to fit: first the spacing, then the size (never below 18 px at 800x480).
        spacing = 1.15
        while rows * int(text.line_height(small, True) * spacing) > box.h:
            if spacing > 1.0:
                spacing = 1.0
            elif small > self.px(18):
                small -= 1
            else:
                break
        line = int(text.line_height(small, True) * spacing)
        title = f"{m.kind.capitalize()} summary" if m.kind != "game" else "Games so far"
        layout.blit(bg, text.text(title, small, theme.GOLD, True), (box.x, box.y))
        y = box.y + line
        for i, head in enumerate(heads):
            fs = text.fit_size(head, small, ws[i] - self.px(4), False, self.px(18))
            t = text.text(text.clip(head, fs, ws[i] - self.px(4)), fs, theme.INK_DIM)
            layout.blit(bg, t, t.get_rect(midtop=(xs[i] + ws[i] // 2, y)) if i else (xs[i], y))
        y += line
        pygame.draw.line(bg, theme.PANEL_EDGE, (box.x, y - self.px(2)), (box.right, y - self.px(2)), 1)
        for g in m.games:
            cells = [f"Game {g.number}", *(str(v) for v in g.score), str(g.hands)]
            if worth:
                cells.append("" if g.value is None else f"{VALUE_NAMES.get(g.value, '')} ({g.value})")
            for i, cell in enumerate(cells):
                won = 1 <= i <= n and g.winner == i - 1
                t = text.text(cell, small, theme.GOLD if won else theme.INK, won or i == 0)
                layout.blit(bg, t, t.get_rect(midtop=(xs[i] + ws[i] // 2, y)) if i else (xs[i], y))
            y += line
        for total in m.totals:
            fs = text.fit_size(total, small, box.w, False, self.px(18))
            for part in text.wrap(total, fs, box.w):
                layout.blit(bg, text.text(part, fs, theme.INK_DIM), (box.x, y))
                y += line

    def draw(self, surf: pygame.Surface) -> None:
        # Drawn in layers like the table: the still picture is blitted whole only
        # when something on it changes; while the cards fly, a frame repairs the
        # patches they and the falling gold covered last frame and draws them anew;
        # once it is over nothing is redrawn (a Pi need not repaint a still 60 times
        # a second).
        key = (self.animating, surf.get_size(), id(surf), self.buttons.focus, store_banner.message(self.app),
               tuple((b.pressed, b.enabled) for b in self.buttons.buttons))
        full = key != self._drawn or self._bg is None
        if not full and not self.animating:
            self.dirty = []
            return
        self._drawn = key
        if full:
            self.blit_background(surf)
            dirty: list[pygame.Rect] = []
        else:
            assert self._bg is not None
            dirty = [layout.blit(surf, self._bg, r, r) for r in self._moved]
        moved = self._draw_animation(surf) if self.moment is not None else []
        touched = dirty + moved
        extra: list[pygame.Rect] = []
        if self.animating:
            # The words stay readable over the flying cards: written again, outlined,
            # where a card or the gold went (only there: a 1080p line is a big blit).
            for baked, r in self.headline:
                for t in [r] if full else [t for t in touched if t.colliderect(r)]:
                    part = r.clip(t)
                    extra.append(layout.blit(surf, baked, part.topleft, part.move(-r.x, -r.y)))
        for i, b in enumerate(self.buttons.buttons):
            if b.visible and (full or b.rect.collidelist(touched) >= 0):
                b.draw(surf, focused=i == self.buttons.focus)
                extra.append(b.rect.copy())
        self._moved = moved
        self.dirty = None if full else touched + extra

    def _draw_animation(self, surf: pygame.Surface) -> list[pygame.Rect]:
        """The cards and the gold of this frame; returns where they were drawn."""
        out: list[pygame.Rect] = []
        length = self.length
        p_all = 1.0 if length <= 0 else min(1.0, self.t / length)
        for f in self.flyers:
            span = max(0.01, length * 0.55)
            p = 1.0 if length <= 0 else max(0.0, min(1.0, (self.t - f.delay * length) / span))
            e = 1 - (1 - p) ** 3
            x = f.start[0] + (f.end[0] - f.start[0]) * e
            # In an arc that swings out over the table and back onto the resting place.
            bulge = -1 if f.start[1] > f.end[1] else 1
            y = f.start[1] + (f.end[1] - f.start[1]) * e + bulge * math.sin(math.pi * e) * self.px(60)
            img = self.card_images[f.card]
            angle = f.spin * (1 - e)
            if abs(angle) > 1:
                img = pygame.transform.rotate(img, angle)
            out.append(layout.blit(surf, img, img.get_rect(center=(int(x), int(y)))))
        if p_all >= 1.0:
            return out
        h = surf.get_height()
        r = max(2, self.px(4))
        for x0, y0, fall, phase, colour in self.sparks:
            y = y0 + fall * self.t / max(self.app.anim, 0.1)  # fall: a speed, screens a second
            if y < -r or y > h:
                continue
            x = x0 + math.sin(phase + self.t * 5) * self.px(10)
            out.append(pygame.draw.rect(surf, colour, (int(x), int(y), r * 2, r)))
        return out
