"""The drive on screen: the hub's (the hall's TV) and a table's between two rounds.

Both are drawn from ``hall.drive`` values only, with the table app's fonts
and colours, and laid out from the screen's size (the unit of
``device.app.render.theme``), so the same code fills a 7-inch table and a TV.
``whist-table screenshot --scene hall-hub|hall-table`` renders them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from device.app.render import text, theme
from device.app.render.felt import felt_surface
from device.app.render.widgets import panel_surface
from engine.seats import SEAT_NAMES, Seat
from hall.drive import (
    DriveSettings,
    Four,
    HandResult,
    Rank,
    Standings,
    is_ai,
    missing_tables,
    round_winner,
    table_moves,
    trumps_name,
)
from hall.hub import Hub

TRUMP_WORDS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs", "N": "no trumps",
               "turned": "turned up"}


def _round_line(settings: DriveSettings, round_: int) -> str:
    first = settings.hand_index(round_, 1) + 1
    last = first + settings.hands_per_round - 1
    hands = f"hand {first}" if first == last else f"hands {first}-{last}"
    trumps = ", ".join(TRUMP_WORDS[trumps_name(settings, round_, h)]
                       for h in range(1, settings.hands_per_round + 1))
    return f"{hands}: {trumps}"


def _blit(surface: pygame.Surface, s: str, size: int, pos: tuple[int, int],
          colour: tuple[int, ...] = theme.INK,
          bold: bool = False, anchor: str = "topleft", max_width: int | None = None) -> pygame.Rect:
    if max_width is not None:
        size = text.fit_size(s, size, max_width, bold)
    t = text.text(s, size, colour, bold)
    rect = t.get_rect(**{anchor: pos})
    surface.blit(t, rect)
    return rect


@dataclass(frozen=True)
class HubView:
    """What the hub's screen shows besides the standings: the link and the round's missing tables."""

    connected: bool = True
    missing: tuple[int, ...] = ()  # tables whose hands of the current round are not all in
    offline: tuple[int, ...] = ()  # tables that were connected and have gone
    page: int = 0  # a long leaderboard or movement is shown a page at a time, in turn
    signed_in: int = 0  # before the start


def hub_headline(s: Standings, view: HubView) -> str:
    """The round and its hands' trumps; the interval once its hand is played and the next round
    not begun; the end."""
    settings = s.settings
    if s.finished:
        return f"The drive is over: {settings.hands} hands played"
    before = s.complete_rounds * settings.hands_per_round
    if before == settings.interval_after and len(view.missing) == settings.tables:
        return f"Interval after hand {before} · then round {s.round}, {_round_line(settings, s.round)}"
    return f"Round {s.round} of {settings.rounds} · {_round_line(settings, s.round)}"


def draw_hub(surface: pygame.Surface, settings: DriveSettings, s: Standings | None,
             view: HubView = HubView()) -> None:
    w, h = surface.get_size()
    u = theme.unit(w, h)
    surface.blit(felt_surface(w, h), (0, 0))
    pad = int(14 * u)
    title = int(26 * u)
    _blit(surface, f"Whist drive · {settings.drive}", title, (pad, pad), theme.GOLD, bold=True,
          max_width=w // 2)
    status = "connected" if view.connected else "broker lost: reconnecting"
    _blit(surface, status, int(14 * u), (w - pad, pad + int(6 * u)),
          theme.INK_DIM if view.connected else theme.HIGHLIGHT, anchor="topright")
    top = pad + text.line_height(title, True)
    if s is None:
        _blit(surface, f"Signing in: {view.signed_in} player(s) so far, {settings.tables} tables of four",
              int(22 * u), (w // 2, h // 2), anchor="center", max_width=w - 2 * pad)
        _blit(surface, "Press S to start the drive", int(16 * u), (w // 2, h // 2 + int(40 * u)),
              theme.INK_DIM, anchor="center")
        return
    headline = hub_headline(s, view)
    _blit(surface, headline, int(18 * u), (pad, top), bold=True, max_width=w - 2 * pad)
    top += text.line_height(int(18 * u), True) + int(6 * u)
    footer = int(14 * u)
    bottom = h - pad - text.line_height(footer)
    if view.missing and not s.finished:
        tables = ", ".join(map(str, view.missing[:20])) + (" ..." if len(view.missing) > 20 else "")
        foot = f"Waiting for table(s) {tables}"
    else:
        foot = f"{s.counted} hands counted"
    if view.offline:
        foot += " · offline: table(s) " + ", ".join(map(str, view.offline[:12]))
    if s.waiting:
        foot += f" · {s.waiting} later hand(s) held until the round before is in"
    _blit(surface, foot, footer, (pad, bottom), theme.INK_DIM, max_width=w - 2 * pad)
    # the leaderboard on the left, the movement on the right
    split = int(w * 0.58)
    _leaderboard(surface, s, pygame.Rect(pad, top, split - pad - pad // 2, bottom - top - pad // 2), u,
                 view.page)
    _movement(surface, s, pygame.Rect(split + pad // 2, top, w - split - pad - pad // 2,
                                      bottom - top - pad // 2), u, view.page)


def board_page(board: Sequence[Rank], slots: int, page: int) -> tuple[str, list[Rank]]:
    """The title and the rows of page ``page`` (counted round and round) of a leaderboard in
    ``slots`` rows: a page at a time so that everyone finds their name, the booby prize last on each."""
    if len(board) <= slots:
        return "Leaderboard", list(board)
    per_page = max(1, slots - 1)
    rest = board[:-1]
    pages = (len(rest) + per_page - 1) // per_page
    first = (page % pages) * per_page
    shown = list(rest[first:first + per_page])
    return (f"Leaderboard {first + 1}-{first + len(shown)} of {len(board)}", shown + [board[-1]])


def _leaderboard(surface: pygame.Surface, s: Standings, box: pygame.Rect, u: float, page: int = 0) -> None:
    surface.blit(panel_surface(box.w, box.h), box.topleft)
    inner = box.inflate(-int(20 * u), -int(16 * u))
    head = int(15 * u)
    y0 = inner.top + text.line_height(head, True) + int(4 * u)
    board = [r for r in s.leaderboard() if r.place]
    size = max(11, int(15 * u))
    row = text.line_height(size) + int(2 * u)
    per_column = max(1, (inner.bottom - y0) // row)
    columns = max(1, min(3, inner.w // int(230 * u)))
    title, shown = board_page(board, per_column * columns, page)
    _blit(surface, title, head, inner.topleft, theme.GOLD, bold=True, max_width=inner.w)
    col_w = inner.w // columns
    for i, r in enumerate(shown):
        col, line = divmod(i, per_column)
        x, y = inner.left + col * col_w, y0 + line * row
        colour = theme.GOLD if r.place == 1 else theme.INK
        booby = r is board[-1] and len(board) > 1
        _blit(surface, f"{r.place}.", size, (x + int(30 * u), y), colour, anchor="topright")
        name_w = col_w - int(30 * u) - int(60 * u)
        label = r.player + ("  (booby)" if booby else "")
        _blit(surface, label, size, (x + int(38 * u), y), theme.HIGHLIGHT if booby else colour,
              max_width=name_w)
        _blit(surface, str(r.total), size, (x + col_w - int(12 * u), y), colour, bold=True, anchor="topright")
    if not board:
        _blit(surface, "No players yet", size, (inner.left, y0), theme.INK_DIM)


def _movement(surface: pygame.Surface, s: Standings, box: pygame.Rect, u: float, page: int = 0) -> None:
    surface.blit(panel_surface(box.w, box.h), box.topleft)
    inner = box.inflate(-int(20 * u), -int(16 * u))
    head = int(15 * u)
    size = max(11, int(14 * u))
    row = text.line_height(size) + int(2 * u)
    done = s.complete_rounds
    if done == 0:
        _blit(surface, "Movement", head, inner.topleft, theme.GOLD, bold=True)
        _blit(surface, "After round 1 the winners move up a table", size,
              (inner.left, inner.top + text.line_height(head, True) + int(4 * u)), theme.INK_DIM,
              max_width=inner.w)
        return
    if s.finished:
        title = "Final round: last hands' partners"
    else:
        title = f"Round {done + 1}: who sits where"
    _blit(surface, title, head, inner.topleft, theme.GOLD, bold=True, max_width=inner.w)
    y = inner.top + text.line_height(head, True) + int(4 * u)
    seating = s.seatings[-1]
    per_row = max(1, inner.w // int(300 * u))
    col_w = inner.w // per_row
    tables = seating.tables
    block = 2 * row + int(4 * u)
    fits = max(1, (inner.bottom - y) // block) * per_row
    first = 0
    if len(tables) > fits:  # a page of tables at a time, in turn; the last line says which
        fits = max(1, (inner.bottom - y - row) // block) * per_row
        pages = (len(tables) + fits - 1) // fits
        first = (page % pages) * fits
    for i, four in enumerate(tables[first:first + fits], start=first):
        col, line = (i - first) % per_row, (i - first) // per_row
        x, yy = inner.left + col * col_w, y + line * block
        _blit(surface, f"T{i + 1}", size, (x, yy), theme.GOLD, bold=True)
        indent = x + int(34 * u)
        width = col_w - int(38 * u)
        _blit(surface, f"N/S {_short(four[0])} & {_short(four[2])}", size, (indent, yy), max_width=width)
        _blit(surface, f"E/W {_short(four[1])} & {_short(four[3])}", size, (indent, yy + row),
              theme.INK_DIM, max_width=width)
    if len(tables) > fits:
        last = min(len(tables), first + fits)
        _blit(surface, f"tables {first + 1}-{last} of {len(tables)}; each table shows its own", size,
              (inner.left, inner.bottom - row), theme.INK_DIM, max_width=inner.w)


def _short(name: str) -> str:
    return "AI" if is_ai(name) else name


def _prompt(surface: pygame.Surface, prompt: str, u: float, bottom: int) -> None:
    w = surface.get_width()
    _blit(surface, prompt, int(16 * u), (w - int(28 * u), bottom), theme.GOLD, bold=True,
          anchor="bottomright", max_width=w // 2)


def draw_between_rounds(surface: pygame.Surface, settings: DriveSettings, table: int, round_: int,
                        four: Four, results: Sequence[HandResult], next_four: Four | None = None,
                        prompt: str | None = None) -> None:
    """A table after its round: the tricks, the round's winners, and where each player goes."""
    w, h = surface.get_size()
    u = theme.unit(w, h)
    surface.blit(felt_surface(w, h), (0, 0))
    pad = int(16 * u)
    title = int(30 * u)
    _blit(surface, f"Table {table}", title, (pad, pad), theme.GOLD, bold=True)
    _blit(surface, f"Round {round_} of {settings.rounds} is over", int(18 * u),
          (w - pad, pad + int(8 * u)), anchor="topright", max_width=w // 2)
    y = pad + text.line_height(title, True) + int(4 * u)
    ns = sum(r.tricks[0] for r in results)
    ew = sum(r.tricks[1] for r in results)
    winner = round_winner(settings, sorted(results, key=lambda r: r.hand))
    side = ("North-South", "East-West")[winner]
    tie = " (even: the last hand decides)" if ns == ew else ""
    _blit(surface, f"Tricks this round: N/S {ns}, E/W {ew} · {side} win{tie}", int(17 * u), (pad, y),
          bold=True, max_width=w - 2 * pad)
    y += text.line_height(int(17 * u), True) + int(8 * u)
    foot = max(13, int(15 * u))
    foot_lines = 2 if round_ < settings.rounds else 0
    box = pygame.Rect(pad, y, w - 2 * pad, h - y - pad - foot_lines * text.line_height(foot) - int(8 * u))
    surface.blit(panel_surface(box.w, box.h), box.topleft)
    inner = box.inflate(-int(24 * u), -int(16 * u))
    moves = dict(table_moves(settings, table, four, winner))
    size = max(12, int(19 * u))
    line = text.line_height(size)
    row = max(line, min(2 * line, (inner.h - text.line_height(int(14 * u))) // 4))
    _blit(surface, "Where each player goes next" if round_ < settings.rounds else "Thank you for playing",
          int(14 * u), inner.topleft, theme.GOLD, bold=True)
    yy = inner.top + text.line_height(int(14 * u), True) + int(4 * u)
    name_x = inner.left + int(110 * u)
    go_x = inner.left + int(inner.w * 0.52)
    for seat, player in zip(Seat, four, strict=True):
        won = seat.side == winner
        _blit(surface, SEAT_NAMES[seat], size, (inner.left, yy), theme.INK_DIM)
        _blit(surface, player, size, (name_x, yy), theme.GOLD if won else theme.INK, bold=True,
              max_width=go_x - name_x - int(10 * u))
        if round_ < settings.rounds:
            where = moves[player]
            stays = where.startswith("stays")
            _blit(surface, ("→ " if not stays else "") + where, size, (go_x, yy),
                  theme.INK if stays else theme.HIGHLIGHT, bold=not stays, max_width=inner.right - go_x)
        yy += row
    if prompt:
        _prompt(surface, prompt, u, inner.bottom)
    if round_ < settings.rounds:
        nxt = f"Next: round {round_ + 1}, {_round_line(settings, round_ + 1)}"
        due = "Due here: the players the movement brings"
        if next_four is not None:
            due = "Due here: " + ", ".join(f"{seat.name} {_short(p)}"
                                           for seat, p in zip(Seat, next_four, strict=True))
        _blit(surface, nxt, foot, (pad, h - pad - text.line_height(foot)), theme.INK_DIM, anchor="bottomleft",
              max_width=w - 2 * pad)
        _blit(surface, due, foot, (pad, h - pad), theme.INK, anchor="bottomleft", max_width=w - 2 * pad)


def draw_round_start(surface: pygame.Surface, settings: DriveSettings, table: int, round_: int,
                     four: Four | None, prompt: str | None = None) -> None:
    """A table before its round: its number, the players due at each seat and the round's hands."""
    w, h = surface.get_size()
    u = theme.unit(w, h)
    surface.blit(felt_surface(w, h), (0, 0))
    _blit(surface, f"Table {table}", int(44 * u), (w // 2, int(60 * u)), theme.GOLD, bold=True,
          anchor="center")
    _blit(surface, f"Round {round_} of {settings.rounds} · {_round_line(settings, round_)}", int(18 * u),
          (w // 2, int(110 * u)), anchor="center", max_width=w - int(30 * u))
    size = int(20 * u)
    for i, seat in enumerate(Seat):
        name = four[seat] if four else "the player the movement brings"
        _blit(surface, f"{SEAT_NAMES[seat]}: {name}", size, (w // 2, int(170 * u) + i * int(52 * u)),
              anchor="center", max_width=w - int(30 * u))
    if prompt:
        _prompt(surface, prompt, u, h - int(16 * u))


def draw_waiting(surface: pygame.Surface, table: int, drive: str, broker: str, connected: bool,
                 signed: Sequence[tuple[Seat, str]] = (), reader: bool = False) -> None:
    """A table that has not heard the drive start yet: who has signed in at it so far."""
    w, h = surface.get_size()
    u = theme.unit(w, h)
    surface.blit(felt_surface(w, h), (0, 0))
    _blit(surface, f"Table {table}", int(44 * u), (w // 2, int(60 * u)), theme.GOLD, bold=True,
          anchor="center")
    line = (f"Waiting for the drive {drive} to start" if connected
            else f"Looking for the hall's broker at {broker}")
    _blit(surface, line, int(20 * u), (w // 2, int(130 * u)), anchor="center", max_width=w - int(30 * u))
    if reader:
        seat = SEAT_NAMES[Seat(len(signed))] if len(signed) < 4 else None
        hint = f"{seat}: lay your own tag on the reader to sign in" if seat else "All four seats signed in"
        _blit(surface, hint, int(16 * u), (w // 2, int(175 * u)), theme.INK_DIM, anchor="center",
              max_width=w - int(30 * u))
    for i, (s, who) in enumerate(signed):
        _blit(surface, f"{SEAT_NAMES[s]}: {who}", int(20 * u), (w // 2, int(230 * u) + i * int(48 * u)),
              anchor="center", max_width=w - int(30 * u))


# -- a drive to show: the screenshots' and the tests' --

PAGE_MS = 8000  # a page of a long leaderboard stays this long on the TV


class HubWindow:
    """The hub's screen: fullscreen on the hall's TV; S starts the drive, Esc closes the window."""

    def __init__(self, fullscreen: bool = False, size: tuple[int, int] = (1280, 720)) -> None:
        pygame.init()
        pygame.display.set_caption("Whist drive")
        flags = pygame.FULLSCREEN if fullscreen else 0
        self.surface = pygame.display.set_mode((0, 0) if fullscreen else size, flags)
        self._last = 0

    def frame(self, hub: Hub) -> str | None:
        action = None
        for event in pygame.event.get():
            if event.type == pygame.QUIT or (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
                action = "quit"
            elif event.type == pygame.KEYDOWN and event.key == pygame.K_s:
                action = "start"
        now = pygame.time.get_ticks()
        if now - self._last >= 250:
            self._last = now
            s = hub.standings()
            missing: tuple[int, ...] = ()
            if s is not None and not s.finished:
                missing = missing_tables(hub.settings, hub.book, s.round)
            connected = hub.link is not None and hub.link.connected
            view = HubView(connected, missing, offline=hub.offline, signed_in=len(hub.store.signins()),
                           page=now // PAGE_MS)
            draw_hub(self.surface, hub.settings, s, view)
            pygame.display.flip()
        return action

    def close(self) -> None:
        pygame.display.quit()
