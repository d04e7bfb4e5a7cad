"""The top bar: Menu, a badge with the trumps (the suit drawn) and the contract,
and the score: by side in two lines where partners score together
(scoreboard.ScoreLines), by seat where each plays alone (yours here, each
other's in its label)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from device.app.render import cards, layout, text, theme
from device.app.scenes import scoreboard
from device.app.scenes.table import words
from engine.actions import Bid
from engine.game import Phase
from engine.table_spec import ScoresBy

if TYPE_CHECKING:
    from device.app.scenes.table.table_protocol import TableScene


def badge_words(table: TableScene) -> str:
    deal = table.deal
    if deal is None:
        return table.session.match.game.title
    if deal.phase == Phase.AUCTION:
        return "Bidding"
    contract = words.contract_words(deal, table.seating)
    spec = deal.game.table
    if not spec.trumps:  # nothing to say of trumps: the hand's call (Pass left, Nullo), else the game
        called = deal.contract or deal.game.contract(deal)
        if not contract and called is not None and called.call:
            contract = spec.call_word(called.call).capitalize()
        return contract or deal.game.title
    if deal.trump < 4:  # the suit is drawn after the words
        downtown = deal.contract is not None and deal.contract.downtown
        return contract or ("Downtown, trumps" if downtown else "Trumps")
    trumps = words.trump_words(deal)
    return f"{contract} · {trumps}" if contract else trumps


def seat_line(table: TableScene) -> str:
    """Each alone: your score, the hand's number and its cards."""
    match = table.session.match
    deal = table.deal
    you = table.you
    side = match.game.side_of(you)
    said = [f"You {match.game_score[side]} pts"]
    if deal is not None:
        taken = deal.taken[you]
        bid = next((a for a in deal.auction if isinstance(a, Bid) and a.seat == you and a.tricks is not None),
                   None)
        said.append((f"bid {bid.tricks} · " if bid is not None else "") +
                    f"{taken} trick{'s' if taken != 1 else ''}")
        said.append(f"hand {len(match.hands) + 1} · {deal.tricks_per_hand} tricks")
    return "  ·  ".join(said)


def draw_scores(table: TableScene, surf: pygame.Surface) -> None:
    g = table.geo
    pad = g.pad
    cy = table.px(52) // 2 + pad // 2
    size = table.px(20)
    x = g.menu.right + pad
    deal = table.deal
    said = badge_words(table)
    match = table.session.match
    by_side = match.game.table.scores_by is ScoresBy.SIDE
    if not g.landscape:
        score_w = 0  # the score has a row of its own
    elif by_side:
        lines = scoreboard.ScoreLines.of(match, deal)
        score_w = max(text.width(line, table.px(18), True) for line in (lines.tricks, lines.game))
    else:
        score_w = text.width(seat_line(table).split("  ·  ")[0], table.px(18), True)
    room = g.w - x - score_w - table.px(40) - (table.px(36) if deal is not None and deal.trump < 4 else 0)
    while text.width(said, table.px(18), True) > room and " · " in said:
        said = said.split(" · ", 1)[1]  # the call goes first, then who made it
    t = text.text(said, text.fit_size(said, size, room, True, table.px(18)), theme.INK, True)
    suit = deal is not None and deal.trump < 4 and deal.phase != Phase.AUCTION
    sym = table.px(28)
    badge_w = t.get_width() + (sym + table.px(8) if suit else 0) + table.px(20)
    badge = pygame.Rect(x, cy - table.px(20), badge_w, table.px(40))
    pygame.draw.rect(surf, theme.PANEL, badge, border_radius=badge.h // 2)
    layout.blit(surf, t, t.get_rect(midleft=(badge.x + table.px(10), cy)))
    if suit and deal is not None:
        box = pygame.Rect(0, 0, sym, sym)
        box.midright = (badge.right - table.px(8), cy)
        pygame.draw.rect(surf, theme.CARD_FACE, box, border_radius=table.px(5))
        img = cards.suit_surface(deal.trump, int(sym * 0.78), theme.suit_colour(deal.trump, table.four))
        surf.blit(img, img.get_rect(center=box.center))
    table.badge_rect = badge
    if g.landscape:
        area = pygame.Rect(badge.right + pad, pad // 2, g.w - 2 * pad - badge.right, table.px(52) - pad // 2)
    else:
        area = pygame.Rect(pad, table.px(52), g.w - 2 * pad, g.bar.h - table.px(52) - pad // 2)
    if by_side:
        lines = scoreboard.ScoreLines.of(match, deal)
        table.score_rect = scoreboard.draw_score(surf, area, lines, table.px(20), table.px(18))
        return
    line = seat_line(table)
    least = table.px(18)
    while text.width(line, least, True) > area.w - table.px(16) and "  ·  " in line:
        line = line.rsplit("  ·  ", 1)[0]  # the hand's number goes first, then your tricks
    fs = text.fit_size(line, table.px(20), area.w - table.px(16), True, least)
    s = text.text(line, fs, theme.INK, True)
    panel = s.get_rect()
    panel.inflate_ip(table.px(16), table.px(8))
    panel.midright = area.midright
    pygame.draw.rect(surf, theme.PANEL, panel, border_radius=panel.h // 2)
    layout.blit(surf, s, s.get_rect(center=panel.center))
    table.score_rect = panel


__all__ = ["badge_words", "draw_scores", "seat_line"]
