"""The score in view on the table: this hand's tricks, the game's points and
the games won in the rubber (match), by side, for every game of the family.

Two labelled lines in one panel, each side by its word ("We 3 · They 4", or a seat's
where each plays alone: docs/vocabulary.md), in the engine's order of sides.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from device import vocabulary
from device.app.render import layout, text, theme
from engine.deal import Deal
from engine.duplicate import ReplayMatch
from engine.match import Match


@dataclass(frozen=True)
class ScoreLines:
    """What the panel says: the tricks line and the game line."""

    tricks: str
    game: str

    @classmethod
    def of(cls, match: Match, deal: Deal | None) -> ScoreLines:
        game = match.game
        sides = vocabulary.side_words(game, short=game.sides > 2)  # three teams: We, T2, T3 fit one line
        if deal is None:
            taken: tuple[int, ...] = (0,) * game.sides
        elif game.sides == 2:
            taken = tuple(deal.tricks_taken())
        else:  # teams of two or more beyond four: each team's players' tricks
            taken = tuple(sum(deal.taken[s] for s in deal.seats if game.side_of(s) == side)
                          for side in range(game.sides))
        tricks = f"Tricks  {vocabulary.by_side(sides, taken)}"
        if isinstance(match, ReplayMatch):  # a duplicate table: no game score to show
            return cls(tricks, f"Duplicate  ·  not scored in the {vocabulary.match_word(game)}")
        need = game.games_to_win(match.rules)
        games = "Games " + "–".join(str(v) for v in match.games_won)
        if need > 1:
            games += f" (first to {need})"
        return cls(tricks, f"Game {vocabulary.by_side(sides, match.game_score)} (to {match.rules.target})"
                           f"  ·  {games}")


def draw_score(surf: pygame.Surface, rect: pygame.Rect, lines: ScoreLines, size: int,
               small: int) -> pygame.Rect:
    """The panel, right-aligned in ``rect`` and no wider than the text; returns where it went."""
    inner = rect.w - size
    big = text.fit_size(lines.tricks, size, inner, True, min_size=small)
    low = text.fit_size(lines.game, small, inner, True, min_size=small)
    top = text.text(lines.tricks, big, theme.INK, True)
    bottom = text.text(lines.game, low, theme.GOLD, True)
    w = max(top.get_width(), bottom.get_width()) + size
    panel = pygame.Rect(0, 0, min(rect.w, w), rect.h)
    panel.midright = rect.midright
    pygame.draw.rect(surf, theme.PANEL, panel, border_radius=max(4, rect.h // 4))
    gap = (rect.h - top.get_height() - bottom.get_height()) // 3
    layout.blit(surf, top, top.get_rect(midtop=(panel.centerx, panel.y + gap)))
    layout.blit(surf, bottom, bottom.get_rect(midbottom=(panel.centerx, panel.bottom - gap)))
    return panel
