"""The score pad: the rubber written as on the paper pad players keep.

Two columns, We | They (you and your partner | the opponents); each hand a
line with the points in the column of the side that scored them and the
game's running total; a ruled line under each game with its result (and its
value where the house counts rubber points); at the foot the games won and
the rubber points. Honours get a column of their own where the house counts
them; a game with an auction (Norwegian whist) writes each hand's call in the
margin and the tricks each side took. Every figure is read from the engine's
score sheet (``Match.sheet()``): nothing is scored here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from device.app import store_banner
from device.app.render import text, widgets
from device.app.scenes.base import ScrollScene
from engine.cards import SUIT_SYMBOLS
from engine.scoresheet import VALUE_NAMES

if TYPE_CHECKING:
    from device.app.app import App
    from engine.match import Match

PAPER = (248, 244, 228)
RULE = (170, 190, 215)  # the pad's printed blue lines
MARGIN = (215, 90, 90)  # its red margin line
PEN = (28, 36, 70)  # ink
PENCIL = (110, 115, 130)  # running totals and notes, lighter
SIDES = ("WE", "THEY")
SHORT = {"points": "pts", "honours": "hon", "game": "gm", "tricks": "tr"}  # a narrow (portrait) pad


@dataclass(frozen=True)
class PadLine:
    """One line of the pad: a hand, or the ruled line that ends a game."""

    kind: str  # "hand" or "game"
    margin: str  # hand number and trumps (or the call), or "Game n"
    cells: tuple[tuple[str, ...], tuple[str, ...]]  # We's and They's entries, one per column
    note: str = ""  # under a game's line: who won it, by what, its value


@dataclass(frozen=True)
class Pad:
    """What the pad shows, read from the match's score sheet."""

    columns: tuple[str, ...]  # the sub-columns under each of We and They
    lines: tuple[PadLine, ...]
    footer: tuple[tuple[str, str, str], ...]  # (label, We, They) under the double line
    status: str  # the game in progress, or who won the rubber

    @classmethod
    def of(cls, match: Match) -> Pad:
        sheet = match.sheet()
        auction = match.game.has_auction
        honours = match.game.counts_honours(match.rules)
        word = "rubber" if match.game.name == "classic" else "match"
        if auction:
            columns: tuple[str, ...] = ("tricks", "points", "game")
        elif honours:
            columns = ("points", "honours", "game")
        else:
            columns = ("points", "game")
        ends = {g.hands[-1]: g for g in sheet.games if g.hands}
        lines: list[PadLine] = []

        def blank(v: int) -> str:
            return str(v) if v else ""

        for h in sheet.hands:
            cells: tuple[tuple[str, ...], ...]
            if auction:
                call = h.notes[0] if h.notes else ""
                margin = f"{h.number} {call}".strip()
                cells = tuple((str(h.tricks[s]), blank(h.points[s]), str(h.game_after[s])) for s in (0, 1))
            else:
                trump = "NT" if h.trump >= 4 else SUIT_SYMBOLS[h.trump]
                margin = f"{h.number}  {trump}"
                if honours:
                    cells = tuple((blank(h.trick_points[s]), blank(h.honours[s]), str(h.game_after[s]))
                                  for s in (0, 1))
                else:
                    cells = tuple((blank(h.points[s]), str(h.game_after[s])) for s in (0, 1))
            lines.append(PadLine("hand", margin, (cells[0], cells[1])))
            g = ends.get(h.number)
            if g is not None:
                a, b = g.score
                note = f"Game {g.number} to {'We' if g.winner == 0 else 'They'}, {a}–{b}"
                if sheet.rubber_points is not None:
                    note += f", {VALUE_NAMES.get(g.value, '')} ({g.value})"
                empty = ("",) * len(columns)
                lines.append(PadLine("game", f"Game {g.number}", (empty, empty), note))
        gw = sheet.games_won
        footer: list[tuple[str, str, str]] = [("Games", str(gw[0]), str(gw[1]))]
        if sheet.rubber_points is not None:
            rp = sheet.rubber_points
            footer.append(("Rubber points", str(rp[0]), str(rp[1])))
        if sheet.winner is not None:
            status = f"The {word} to {'We' if sheet.winner == 0 else 'They'}, {gw[0]}–{gw[1]} in games"
        elif not sheet.hands:
            status = f"No hands yet: the {word}'s first game is to {match.rules.target}"
        else:
            gs = sheet.game_score
            status = (f"Game {len(sheet.games) + 1} in play, to {match.rules.target}: "
                      f"We {gs[0]} · They {gs[1]}")
        return cls(columns, tuple(lines), tuple(footer), status)


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
            surf.blit(self._head, self.view.topleft)  # We | They stay in view as the pad scrolls
        self._drawn = self._state(surf)  # as drawn: drawing may clamp the scroll and grey an arrow

    def _state(self, surf: pygame.Surface) -> tuple[object, ...]:
        return (self.scroll, surf.get_size(), id(surf), id(self._content), self.buttons.focus,
                store_banner.message(self.app), tuple((b.pressed, b.enabled) for b in self.buttons.buttons))

    def _render_content(self) -> pygame.Surface:
        pad_data = Pad.of(self.app.session.match)
        w = self.view.w
        u = self.px
        row_h = u(30)
        head_h = u(58)
        margin_w = u(170) if self.app.session.match.game.has_auction else u(118)
        n_lines = len(pad_data.lines)
        foot_h = len(pad_data.footer) * row_h + u(12)
        status_h = u(34)
        total = head_h + max(n_lines, 3) * row_h + u(10) + foot_h + status_h + u(10)
        if total > self.view.h:
            # Scrolled to the end, a whole line sits under the We | They heading, not a sliver.
            total += (self.view.h - total) % row_h
        surf = pygame.Surface((w, max(total, self.view.h)))
        surf.fill(PAPER)
        h = surf.get_height()
        # Printed rules every row, the red margin, the thick line between We and They.
        for y in range(head_h, h, row_h):
            pygame.draw.line(surf, RULE, (0, y), (w, y), 1)
        pygame.draw.line(surf, MARGIN, (margin_w, 0), (margin_w, h), 2)
        side_w = (w - margin_w) // 2
        mid = margin_w + side_w
        pygame.draw.line(surf, PEN, (mid, u(4)), (mid, h - u(4)), 3)
        pygame.draw.line(surf, PEN, (margin_w + u(6), head_h - 1), (w - u(6), head_h - 1), 2)
        cols = pad_data.columns
        col_w = side_w // len(cols)
        big = u(24)
        for s, name in enumerate(SIDES):
            x0 = margin_w + s * side_w
            t = text.text(name, big, PEN, True)
            surf.blit(t, t.get_rect(midtop=(x0 + side_w // 2, u(2))))
            narrow = any(text.width(c, u(18)) > col_w - u(6) for c in cols)
            for i, c in enumerate(cols):
                t = text.text(SHORT.get(c, c) if narrow else c, u(18), PENCIL)
                surf.blit(t, t.get_rect(midbottom=(x0 + i * col_w + col_w // 2, head_h - u(3))))
        self._head = surf.subsurface((0, 0, w, head_h)).copy()
        fs = u(20)
        y = head_h
        for line in pad_data.lines:
            if line.kind == "game":
                # The line under a game: drawn across, its result written on it.
                pygame.draw.line(surf, PEN, (u(4), y + u(2)), (w - u(4), y + u(2)), 2)
                note = text.text(line.note, u(18), PEN, True)
                r = note.get_rect(midleft=(u(10), y + row_h // 2 + u(2)))
                pygame.draw.rect(surf, PAPER, r.inflate(u(8), 0))  # written over the pad's lines
                surf.blit(note, r)
                y += row_h
                continue
            m = text.text(line.margin, u(18), PENCIL)
            surf.blit(m, m.get_rect(midleft=(u(6), y + row_h // 2)))
            for s in (0, 1):
                x0 = margin_w + s * side_w
                for i, value in enumerate(line.cells[s]):
                    if not value:
                        continue
                    last = i == len(cols) - 1  # the running game total, in pencil
                    t = text.text(value, u(18) if last else fs, PENCIL if last else PEN, not last)
                    surf.blit(t, t.get_rect(center=(x0 + i * col_w + col_w // 2, y + row_h // 2)))
            y += row_h
        if not pad_data.lines:
            y += 3 * row_h
        # The foot: a double line, the games and the rubber points.
        pygame.draw.line(surf, PEN, (u(4), y + u(2)), (w - u(4), y + u(2)), 2)
        pygame.draw.line(surf, PEN, (u(4), y + u(6)), (w - u(4), y + u(6)), 2)
        y += u(4)
        for label, we, they in pad_data.footer:
            # The label may run on into We's column: its figure sits in the middle of it.
            room = margin_w + side_w // 2 - u(30)
            t = text.text(label, text.fit_size(label, u(18), room, True, u(18)), PEN, True)
            surf.blit(t, t.get_rect(midleft=(u(6), y + row_h // 2)))
            for s, v in enumerate((we, they)):
                t = text.text(v, u(22), PEN, True)
                surf.blit(t, t.get_rect(center=(margin_w + s * side_w + side_w // 2, y + row_h // 2)))
            y += row_h
        fs = text.fit_size(pad_data.status, u(19), w - u(20), True, u(18))
        st = text.text(pad_data.status, fs, PEN, True)
        r = st.get_rect(midleft=(u(10), y + row_h // 2))
        pygame.draw.rect(surf, PAPER, r.inflate(u(8), 0))
        surf.blit(st, r)
        return surf
