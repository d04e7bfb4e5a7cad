"""The score in view on the table: this hand's tricks, the game's points and
the games won in the rubber (match), by side, for every game of the family.

Two labelled lines in one panel, as a score is written on the user's source
screen ("YOU/PARTNER | OPPONENTS"); the side order is the engine's (0: North-South,
you and your partner; 1: East-West).
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from device.app.render import text, theme
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
        ns, ew = deal.tricks_taken() if deal is not None else (0, 0)
        tricks = f"TRICKS  YOU/PARTNER {ns} | OPPONENTS {ew}"
        if isinstance(match, ReplayMatch):  # a duplicate table: no game score to show
            return cls(tricks, "DUPLICATE  ·  NOT SCORED IN THE RUBBER")
        we, they = match.game_score
        won_we, won_they = match.games_won
        need = match.game.games_to_win(match.rules)
        target = match.rules.target
        games = f"GAMES {won_we}–{won_they}" + (f" (first to {need})" if need > 1 else "")
        score = f"{we}–{they}"
        if min(we, they) < 0:  # a game where a side can go minus: "US −4  THEM 0"
            score = f"US {_signed(we)}  THEM {_signed(they)}"
        return cls(tricks, f"GAME {score} (to {target})  ·  {games}")


def _signed(points: int) -> str:
    return f"−{-points}" if points < 0 else (f"+{points}" if points > 0 else "0")


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
    surf.blit(top, top.get_rect(midtop=(panel.centerx, panel.y + gap)))
    surf.blit(bottom, bottom.get_rect(midbottom=(panel.centerx, panel.bottom - gap)))
    return panel
