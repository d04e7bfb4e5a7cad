"""The score pad: the match written as on the paper pad players keep.

A column for each side that scores: We | They in the partnership games, a
column a seat (You, Player 2, ...) where each plays alone. Each hand a line
with the points in the column of the side that scored them and its running
total; a ruled line under each game with its result (and its value where the
house counts rubber points); at the foot the games won and the rubber points.
Honours get a sub-column of their own where the house counts them; a game with
an auction writes each hand's call in the margin and the tricks taken (the bid
and the tricks where each bids a number of tricks). Every figure is read from
the engine's score sheet (``Match.sheet()``): nothing is scored here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from device import vocabulary
from device.app import store_banner
from device.app.render import layout, text, widgets
from device.app.scenes.base import ScrollScene
from device.vocabulary import number
from device.words import count
from engine.scoresheet import VALUE_NAMES

if TYPE_CHECKING:
    from device.app.app_protocol import App
    from engine.match import Match

PAPER = (248, 244, 228)
RULE = (170, 190, 215)  # the pad's printed blue lines
MARGIN = (215, 90, 90)  # its red margin line
PEN = (28, 36, 70)  # ink
PENCIL = (110, 115, 130)  # running totals and notes, lighter
SHORT = {"points": "pts", "honours": "hon", "total": "tot", "tricks": "tr"}  # a narrow (portrait) pad


def _joined(values: tuple[int, ...]) -> str:
    return "–".join(number(v) for v in values)


@dataclass(frozen=True)
class PadLine:
    """One line of the pad: a hand, or the ruled line that ends a game."""

    kind: str  # "hand" or "game"
    margin: str  # hand number and trumps (or the call), or "Game n"
    cells: tuple[tuple[str, ...], ...]  # each side's entries, one per sub-column
    note: str = ""  # under a game's line: who won it, by what, its value


@dataclass(frozen=True)
class Pad:
    """What the pad shows, read from the match's score sheet."""

    sides: tuple[str, ...]  # the column heads: We, They or You, Player 2, ...
    columns: tuple[str, ...]  # the sub-columns under each side
    lines: tuple[PadLine, ...]
    footer: tuple[tuple[str, tuple[str, ...]], ...]  # (label, a figure per side) under the double line
    status: str  # the game in progress, or who won the match

    @classmethod
    def of(cls, match: Match) -> Pad:
        sheet = match.sheet()
        game = match.game
        sides = vocabulary.side_words(game)
        n = len(sides)
        auction = game.has_auction
        honours = game.counts_honours(match.rules)
        word = vocabulary.match_word(game)
        if auction:
            columns: tuple[str, ...] = ("tricks", "points", "total")
        elif honours:
            columns = ("points", "honours", "total")
        else:
            columns = ("points", "total")
        ends = {g.hands[-1]: g for g in sheet.games if g.hands}
        lines: list[PadLine] = []

        def blank(v: int) -> str:
            return number(v) if v else ""

        for h in sheet.hands:
            cells: tuple[tuple[str, ...], ...]
            trump = vocabulary.trumps_short(h.trump) if game.table.trumps else ""
            if auction:
                call = vocabulary.say(game, h.notes[0]) if h.notes and n == 2 else trump
                margin = f"{h.number} {call}".strip()
                cells = tuple((str(h.tricks[s]), blank(h.points[s]), number(h.game_after[s]))
                              for s in range(n))
            else:
                margin = f"{h.number}  {trump}".rstrip()
                if honours:
                    cells = tuple((blank(h.trick_points[s]), blank(h.honours[s]), number(h.game_after[s]))
                                  for s in range(n))
                else:
                    cells = tuple((blank(h.points[s]), number(h.game_after[s])) for s in range(n))
            lines.append(PadLine("hand", margin, cells))
            g = ends.get(h.number)
            if g is not None:
                won = f"{vocabulary.verb(sides[g.winner], 'win')} game {g.number}"
                # Two sides: both figures; more: the winner's, the others are in their columns.
                note = f"{won}, {_joined(g.score)}" if n == 2 else f"{won} with {number(g.score[g.winner])}"
                if sheet.rubber_points is not None:
                    note += f", {VALUE_NAMES.get(g.value, '')} ({g.value})"
                empty = ("",) * len(columns)
                lines.append(PadLine("game", f"Game {g.number}", (empty,) * n, note))
        footer: list[tuple[str, tuple[str, ...]]] = []
        need = game.games_to_win(match.rules)
        if need > 1 or match.rules.target > 0:
            footer.append(("Games", tuple(str(v) for v in sheet.games_won)))
        if sheet.rubber_points is not None:
            footer.append(("Rubber points", tuple(str(v) for v in sheet.rubber_points)))
        if sheet.winner is not None:
            status = f"{vocabulary.verb(sides[sheet.winner], 'win')} the {word}"
            if need > 1:
                status += f", {_joined(sheet.games_won)} in games"
        elif not sheet.hands:
            status = (f"No hands yet: the {word}'s first game is to {match.rules.target}"
                      if match.rules.target > 0 else f"No hands yet in this {word}")
        else:
            gs = " · ".join(f"{w} {number(v)}" for w, v in zip(sides, sheet.game_score, strict=True))
            status = (f"Game {len(sheet.games) + 1}, to {match.rules.target}: {gs}" if match.rules.target > 0
                      else f"After {count(len(sheet.hands), 'hand')}: {gs}")
        return cls(sides, columns, tuple(lines), tuple(footer), status)


class ScorePadScene(ScrollScene):
    name = "scorepad"
    title = "Score pad"

    def __init__(self, app: App, back: str = "menu") -> None:
        super().__init__(app)
        self.back = back  # the scene it was opened from: Back returns there
        self._at_end = True  # opened at the newest hands
        self._head: pygame.Surface | None = None
        self._drawn: tuple[object, ...] | None = None  # what the screen was last drawn for

    def header(self, back_label: str = "Menu") -> int:
        top = super().header("Menu" if self.back == "menu" else "Back")
        pad = self.px(8)
        w = self.size[0]
        bw = self.px(110)
        # The same rubber as a list, hand by hand (its notes: revokes, honours not counted).
        self.buttons.add(widgets.Button(pygame.Rect(w - pad - bw, pad, bw, top - 2 * pad), "As a list",
                                        lambda: self.app.go("scoresheet", back="scorepad"),
                                        font_size=self.px(18), name="list"))
        return top

    def on_back(self) -> None:
        self.app.go(self.back)

    def draw(self, surf: pygame.Surface) -> None:
        if self._at_end:
            self._at_end = False
            self.scroll = self.max_scroll
        # A still page is not drawn again until it scrolls or a button changes.
        if self._state(surf) == self._drawn:
            self.dirty = []
            return
        super().draw(surf)
        if self.scroll > 0 and self._head is not None:
            layout.blit(surf, self._head, self.view.topleft)  # We | They stay in view as the pad scrolls
        self._drawn = self._state(surf)  # as drawn: drawing may clamp the scroll and grey an arrow

    def _state(self, surf: pygame.Surface) -> tuple[object, ...]:
        return (self.scroll, surf.get_size(), id(surf), id(self._content), self.buttons.focus,
                store_banner.message(self.app), tuple((b.pressed, b.enabled) for b in self.buttons.buttons))

    def _render_content(self) -> pygame.Surface:
        pad_data = Pad.of(self.app.session.match)
        w = self.view.w
        u = self.px
        row_h = u(30)
        n = len(pad_data.sides)
        # A seat's name too wide for its column is written on two lines ("Player" over "2").
        room = (self.view.w - u(70)) // n - u(6)
        two_lines = any(text.width(s, u(18), True) > room for s in pad_data.sides)
        head_h = u(70) if two_lines else u(58)
        margin_w = u(170) if self.app.session.match.game.has_auction and n == 2 else u(118)
        if n > 2:  # the hand and the trumps, and the foot's labels: the seats need the room
            margin_w = max([u(70)] + [text.width(label, u(18), True) + u(14) for label, _ in pad_data.footer])
        n_lines = len(pad_data.lines)
        foot_h = len(pad_data.footer) * row_h + u(12)
        status_h = u(34)
        total = head_h + max(n_lines, 3) * row_h + u(10) + foot_h + status_h + u(10)
        if total > self.view.h:
            # Scrolled to the end, a whole line sits under the heads, not a sliver.
            total += (self.view.h - total) % row_h
        surf = pygame.Surface((w, max(total, self.view.h)))
        surf.fill(PAPER)
        h = surf.get_height()
        # Printed rules every row, the red margin, a thick line between the sides.
        for y in range(head_h, h, row_h):
            pygame.draw.line(surf, RULE, (0, y), (w, y), 1)
        pygame.draw.line(surf, MARGIN, (margin_w, 0), (margin_w, h), 2)
        side_w = (w - margin_w) // n
        for s in range(1, n):
            x = margin_w + s * side_w
            pygame.draw.line(surf, PEN, (x, u(4)), (x, h - u(4)), 3 if n == 2 else 2)
        pygame.draw.line(surf, PEN, (margin_w + u(6), head_h - 1), (w - u(6), head_h - 1), 2)
        # The sub-columns that fit under a side: the running total always, then from the right.
        cols = pad_data.columns
        shown = len(cols)
        while shown > 1 and side_w // shown < u(44):
            shown -= 1
        keep = tuple(range(len(cols) - shown, len(cols)))
        col_w = side_w // shown
        big = u(24)
        for s, name in enumerate(pad_data.sides):
            x0 = margin_w + s * side_w
            fs = text.fit_size(name, big, side_w - u(6), True, min_size=u(18))
            parts = text.wrap(name, fs, side_w - u(6), True)[:2] if two_lines else (name,)
            if any(text.width(p, fs, True) > side_w - u(6) for p in parts):
                parts = (vocabulary.short_word(name),)  # seven seats on a narrow screen
            for k, part in enumerate(parts):
                bold, size = True, fs
                if text.width(part, fs, True) > side_w - u(6):  # eight each alone in portrait: "You" light
                    bold, size = False, text.fit_size(part, fs, side_w - u(6), False, min_size=u(15))
                t = text.text(text.clip(part, size, side_w - u(6), bold), size, PEN, bold)
                top = u(2) + k * text.line_height(fs, True)
                layout.blit(surf, t, t.get_rect(midtop=(x0 + side_w // 2, top)))
            narrow = any(text.width(cols[c], u(18)) > col_w - u(6) for c in keep)
            for i, c in enumerate(keep):
                t = text.text(SHORT.get(cols[c], cols[c]) if narrow else cols[c], u(18), PENCIL)
                layout.blit(surf, t, t.get_rect(midbottom=(x0 + i * col_w + col_w // 2, head_h - u(3))))
        self._head = surf.subsurface((0, 0, w, head_h)).copy()
        fs = u(20)
        y = head_h
        for line in pad_data.lines:
            if line.kind == "game":
                # The line under a game: drawn across, its result written on it.
                pygame.draw.line(surf, PEN, (u(4), y + u(2)), (w - u(4), y + u(2)), 2)
                size = text.fit_size(line.note, u(18), w - u(20), True, min_size=u(18))
                note = text.text(text.clip(line.note, size, w - u(20), True), size, PEN, True)
                r = note.get_rect(midleft=(u(10), y + row_h // 2 + u(2)))
                pygame.draw.rect(surf, PAPER, r.inflate(u(8), 0))  # written over the pad's lines
                layout.blit(surf, note, r)
                y += row_h
                continue
            m = text.text(text.clip(line.margin, u(18), margin_w - u(8)), u(18), PENCIL)
            layout.blit(surf, m, m.get_rect(midleft=(u(6), y + row_h // 2)))
            for s in range(n):
                x0 = margin_w + s * side_w
                for i, c in enumerate(keep):
                    value = line.cells[s][c]
                    if not value:
                        continue
                    last = c == len(cols) - 1  # the running total, in pencil
                    t = text.text(value, u(18) if last else fs, PENCIL if last else PEN, not last)
                    layout.blit(surf, t, t.get_rect(center=(x0 + i * col_w + col_w // 2, y + row_h // 2)))
            y += row_h
        if not pad_data.lines:
            y += 3 * row_h
        # The foot: a double line, the games and the rubber points.
        pygame.draw.line(surf, PEN, (u(4), y + u(2)), (w - u(4), y + u(2)), 2)
        pygame.draw.line(surf, PEN, (u(4), y + u(6)), (w - u(4), y + u(6)), 2)
        y += u(4)
        for label, values in pad_data.footer:
            # The label may run on into the first side's column when there are two.
            room = margin_w + (side_w // 2 - u(30) if n == 2 else -u(8))
            fsize = text.fit_size(label, u(18), room, True, u(18))
            t = text.text(text.clip(label, fsize, room, True), fsize, PEN, True)
            layout.blit(surf, t, t.get_rect(midleft=(u(6), y + row_h // 2)))
            for s, v in enumerate(values):
                t = text.text(v, u(22), PEN, True)
                layout.blit(surf, t, t.get_rect(center=(margin_w + s * side_w + side_w // 2, y + row_h // 2)))
            y += row_h
        fs = text.fit_size(pad_data.status, u(19), w - u(20), True, u(18))
        lines = text.wrap(pad_data.status, fs, w - u(20), True)
        for part in lines:
            st = text.text(part, fs, PEN, True)
            r = st.get_rect(midleft=(u(10), y + row_h // 2))
            pygame.draw.rect(surf, PAPER, r.inflate(u(8), 0))
            layout.blit(surf, st, r)
            y += text.line_height(fs, True)
        return surf
