"""Deals from a PBN file: ``whist-table play --deals F`` and ``demo --deals F``.

The file is read here (device/ does the I/O); engine.pbnfile parses it and
turns each board into the deal record the game plays. A :class:`DealSource`
hands the boards out in order: board ``i`` is the ``i``-th hand of the run,
whatever rubber it falls in, with the file's dealer and trumps where the file
gives them (else the rules': a card of the dealer's turned, where the game turns one).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from engine.deal import DealRecord
from engine.errors import NotationError, WhistError
from engine.game import GameRules
from engine.games import GAMES
from engine.match import Match
from engine.pbnfile import Board, board_record, check_board_game, read_boards
from engine.seats import Seat

MAX_BYTES = 16 * 1024 * 1024  # a deal file is text; a bigger one is not a deal file


class DealFileError(WhistError, ValueError):
    """A deal file that cannot be read or played; the message names the file, the
    line and what is wrong."""


def load_boards(path: str | Path) -> tuple[Board, ...]:
    """The boards of a PBN file; DealFileError names the file and the line."""
    p = Path(path)
    try:
        if p.stat().st_size > MAX_BYTES:
            raise DealFileError(f"{p}: {p.stat().st_size} bytes is too big for a deal file")
        data = p.read_bytes()
    except OSError as exc:
        raise DealFileError(f"cannot read the deal file {p}: {exc.strerror or exc}") from exc
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = data.decode("latin-1")  # PBN's own character set
    try:
        return read_boards(text)
    except NotationError as exc:
        raise DealFileError(f"{p}: {exc}") from exc


@dataclass
class DealSource:
    """A file's boards, handed out in order to the matches of a run."""

    boards: tuple[Board, ...]
    name: str = "a file"
    seed: int | str | None = None
    game: str = ""  # the game's name; "" for the first the table lists

    @classmethod
    def open(cls, path: str | Path, seed: int | str | None = None, game: str = "") -> DealSource:
        source = cls(load_boards(path), Path(path).name, seed, game or next(iter(GAMES)))
        source.check()
        return source

    def check(self) -> None:
        """Refuse up front a file whose boards the game cannot play (the engine says
        which games take a file's deals)."""
        try:
            check_board_game(self.game)
        except NotationError as exc:
            raise DealFileError(f"{self.name}: {exc}") from exc

    def first_dealer(self) -> Seat | None:
        return self.boards[0].dealer if self.boards else None

    def record(self, match: Match, index: int) -> DealRecord | None:
        """The record of board ``index`` (0-based) as ``match``'s next hand; None
        once the file's boards are all played (the game's shuffles go on)."""
        if index >= len(self.boards):
            return None
        board = self.boards[index]
        try:
            return board_record(board, match.game.name, match.rules, match.hand_number,
                                seed=self.seed, dealer=match.next_dealer)
        except NotationError as exc:
            raise DealFileError(f"{self.name}: {exc}") from exc

    def records(self, rules: GameRules) -> list[DealRecord]:
        """Every board as a record, board ``i`` dealt as hand ``i`` of one rubber
        (its dealer the file's, else the seat after the last board's)."""
        dealer = self.first_dealer() or Seat.N
        out = []
        for i, board in enumerate(self.boards):
            try:
                record = board_record(board, self.game, rules, i, seed=self.seed, dealer=dealer)
            except NotationError as exc:
                raise DealFileError(f"{self.name}: {exc}") from exc
            out.append(record)
            dealer = record.dealer.offset(1)
        return out


__all__ = ["DealFileError", "DealSource", "load_boards"]
