"""No code outside the games' packages names a game: device/ and the drive (hall/)
ask a game's description (engine.games, engine.table_spec) instead of comparing
names. A file that still names one is listed in STILL_NAMED until it is cleaned;
the list may only shrink (a file listed that names no game fails too)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SEARCHED = ("device", "hall")

# Names no other word shares: found anywhere, comments and docstrings included.
_PLAIN = r"norwegian|scandinavian|german|knockout|oh[-_ ]?hell|(?:bid|dummy|classic|widow|solo)[-_ ]whist"
# Names that are also plain words ("a bid", "the dummy", "a widow", "a classic look"): found
# as a whole string literal ("widow"), as a game's package (engine.games.bid), and "bid"
# (also a verb and an action's type) where a game is compared or looked up by it.
_SHORT = r"classic|dummy|widow|solo"
# (a game's key is lower case: "Dummy", a hand's name on the screen, is not one)
PATTERN = re.compile(
    rf"(?i:\b(?:{_PLAIN})\b)"
    rf"|[\"'](?:{_SHORT}|ohhell)[\"']"
    rf"|(?:[!=]=|\bin)\s*\(?[\"']bid[\"']|\[[\"']bid[\"']\]|[\"']bid[\"']\s*:"
    rf"|engine\.games\.(?:{_SHORT}|bid|ohhell)\b"
    rf"|from engine\.games import .*\b(?:{_SHORT}|bid|ohhell)\b",
)
# Not games: SDL's headless video driver "dummy", and the action types ("bid", "pass").
_NOT_A_GAME = re.compile(r"\bSDL|[\"']pass[\"']")

# Files that still name a game, waiting for their owners to ask the game's
# description instead (the table scenes, the referees, the headless demo, the
# drive). Remove a file here when it is cleaned.
STILL_NAMED = frozenset({
})


def naming_files() -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for top in SEARCHED:
        for path in sorted((ROOT / top).rglob("*.py")):
            hits = [f"{n}: {line.strip()}" for n, line in enumerate(path.read_text().splitlines(), 1)
                    if PATTERN.search(line) and not _NOT_A_GAME.search(line)]
            if hits:
                out[str(path.relative_to(ROOT))] = hits
    return out


def test_no_file_outside_the_games_names_a_game() -> None:
    found = naming_files()
    new = {f: hits[:3] for f, hits in found.items() if f not in STILL_NAMED}
    assert not new, f"these files name a game; ask the game's description instead: {new}"


def test_the_list_of_files_still_naming_a_game_only_shrinks() -> None:
    cleaned = STILL_NAMED - set(naming_files())
    assert not cleaned, f"these files name no game any more; remove them from STILL_NAMED: {sorted(cleaned)}"


def test_the_pattern_finds_a_name_and_leaves_plain_words() -> None:
    assert PATTERN.search('if game == "widow":') and PATTERN.search("from engine.games.bid import BidRules")
    assert PATTERN.search("GAMES['oh-hell']") and PATTERN.search('name = "classic"')
    assert PATTERN.search('if name == "bid":') and PATTERN.search('PAGES["bid"]')
    assert not PATTERN.search("a bid of four tricks and the dummy's cards, a classic look, a widow")
    assert not PATTERN.search('{Phase.AUCTION: "bid", Phase.PLAY: "play"}')
    assert not PATTERN.search('DUMMY = "Dummy"')
    assert PATTERN.search("Oh Hell's bids") and PATTERN.search("Bid Whist's kitty")
    assert _NOT_A_GAME.search('ACTIONS = ("bid", "pass")')
