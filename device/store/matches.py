"""A stored match read back as the journal wrote it: its header, its deals'
actions with the undos folded, and the engine's Match rebuilt from them.

The journal (device.journal) writes these rows; the readers (device.store.recall,
its exports, the stats, the referee's resume) read them here, so neither the
store's readers nor the journal need the other.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.games import UNNAMED, get_game
from engine.match import Match

if TYPE_CHECKING:
    from device.store import MatchRow, Store

MATCH_KEY = "match"  # the key in the matches.rules JSON that holds the match header
MISDEAL = "misdeal"  # result key of a deal thrown in before play (the same dealer deals again)
UNDO = "undo"  # an action row {"undo": true}: the action before it was taken back


def fold_undos(actions: list[Any]) -> list[Any]:
    """A deal's stored actions with every undo applied. The journal is append-only,
    so an undo (the referee's scanning mistakes) is a row of its own that cancels
    the action before it."""
    out: list[Any] = []
    for action in actions:
        if isinstance(action, dict) and action.get(UNDO):
            if out:
                out.pop()
        else:
            out.append(action)
    return out


def header_of(row: MatchRow) -> dict[str, Any]:
    """The match header of a stored rubber ({} for one not written by a journal)."""
    header = row.rules.get(MATCH_KEY) if isinstance(row.rules, dict) else None
    return dict(header) if isinstance(header, dict) else {}


def rebuild(store: Store, row: MatchRow) -> Match:
    """The exact match the store holds: its deals replayed, action by action."""
    header = header_of(row)
    game = get_game(str(header.get("game") or UNNAMED.name))  # stores from before there were games
    rules = {k: v for k, v in row.rules.items() if k != MATCH_KEY}
    rows = store.deals_of_match(row.id)
    first = header.get("first_dealer") or (rows[0].dealer if rows else "N")
    deals: list[dict[str, Any]] = []
    misdeals: list[dict[str, Any]] = []  # thrown in: {"index": deals before it, "record"}
    declared: dict[str, list[int]] = {}
    scored = 0
    for d in rows:
        result = d.result or {}
        if result.get(MISDEAL):
            misdeals.append({"index": len(deals), "record": d.record})
            continue
        deals.append({"record": d.record, "actions": fold_undos(d.actions)})
        if d.finished is not None:
            scored += 1
            if result.get("honours_declared") is not None:
                declared[str(result.get("number", len(deals)))] = list(result["honours_declared"])
    return Match.from_dict({
        "game": game.name,
        "rules": game.rules_from_dict(rules).to_dict(),
        "first_dealer": first,
        "dealers_given": header.get("dealers_given") is True,
        "seed": header.get("seed"),
        "deals": deals,
        "scored": scored,
        "honours_declared": declared,
        "misdeals": misdeals,  # a trailing throw-in included: the redeal's cards depend on it
    })


def sheet_lines(store: Store, row: MatchRow) -> list[str]:
    """The rubber's score sheet as the table shows it; none for a rubber the engine
    cannot rebuild."""
    try:
        return rebuild(store, row).sheet().lines()
    except (ValueError, KeyError, TypeError):
        return []


__all__ = ["MATCH_KEY", "MISDEAL", "UNDO", "fold_undos", "header_of", "rebuild", "sheet_lines"]
