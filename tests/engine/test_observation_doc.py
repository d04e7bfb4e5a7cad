"""docs/observation.md's examples are what the engine produces, so the doc cannot drift.

Each example in the doc follows a line ``<!-- example: NAME -->``; it is the
observation made here by playing the game with the rules AI from a fixed seed.
After a deliberate change to the observation, rewrite the examples with

    .venv/bin/python tests/engine/test_observation_doc.py --write
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine import ai  # noqa: E402
from engine.actions import action_from_dict  # noqa: E402
from engine.games import get_game  # noqa: E402
from engine.match import Match  # noqa: E402
from engine.observation import Observation  # noqa: E402
from engine.seats import Seat  # noqa: E402

DOC = ROOT / "docs" / "observation.md"
BLOCK = re.compile(r"<!-- example: (?P<name>[\w-]+) -->\n```json\n(?P<body>.*?)\n```", re.S)

# name: (game, or game:players, seed, actions played before the observation: an int, or
# "auction+N" for the whole auction and then N more)
EXAMPLES = {
    "classic": ("classic", "doc", "6"),
    "norwegian-auction": ("norwegian", "doc", "1"),
    "norwegian-play": ("norwegian", "doc-3", "auction+5"),
    "german": ("german", "doc", "3"),
    "scandinavian": ("scandinavian", "doc", "auction+5"),
    "oh-hell-auction": ("oh-hell:5", "doc", "3"),
    "oh-hell-play": ("oh-hell:5", "doc", "auction+7"),
    "knockout-play": ("knockout:3", "doc", "4"),
    "bid-exchange": ("bid", "doc", "5"),
    "bid-play": ("bid", "doc", "auction+6"),
    "solo-auction": ("solo", "doc-4", "1"),
    "solo-declare": ("solo", "doc-1", "4"),
    "solo-play": ("solo", "doc-9", "auction+6"),
    "widow-exchange": ("widow", "doc-4", "2"),
    "dummy-play": ("dummy", "doc-3", "auction+2"),
    "dummy-jokers-exchange": ("dummy", "doc-2", "3"),
    "catch-the-ten-play": ("catch-the-ten:2", "doc", "13"),
    "hearts-pass": ("hearts", "doc", "2"),
    "hearts-play": ("hearts", "doc", "auction+6"),
}
# examples played under other settings than the game's defaults
EXAMPLE_RULES: dict[str, dict[str, object]] = {"dummy-jokers-exchange": {"jokers": True}}


def example(name: str) -> Observation:
    game_name, seed, moves = EXAMPLES[name]
    game_name, _, players = game_name.partition(":")  # "oh-hell:5": at a table of five
    game = get_game(game_name, int(players) if players else None)
    rules = game.rules_from_dict(EXAMPLE_RULES[name]) if name in EXAMPLE_RULES else game.default_rules()
    match = Match(rules, Seat.N, seed, game)
    deal = match.new_deal()

    def step() -> None:
        turn = deal.turn
        assert turn is not None
        match.apply(ai.choose_action(match.observe(turn), "rules", match.move_seed()))

    if moves.startswith("auction+"):
        while deal.contract is None:
            step()
        moves = moves.removeprefix("auction+")
    for _ in range(int(moves)):
        step()
    assert deal.turn is not None
    return match.observe(deal.turn)


def render(data: dict[str, object]) -> str:
    """One key a line, each value compact: the doc's layout of a JSON line."""
    return "{\n" + ",\n".join(f"  {json.dumps(k)}: {json.dumps(v)}" for k, v in data.items()) + "\n}"


def test_every_example_in_the_doc_is_the_engines_observation() -> None:
    found = {m["name"]: m["body"] for m in BLOCK.finditer(DOC.read_text())}
    assert set(found) == set(EXAMPLES), "docs/observation.md and EXAMPLES name different examples"
    for name, body in found.items():
        assert json.loads(body) == example(name).to_json(), f"{name}: rewrite with --write"
        assert body == render(example(name).to_json())


def test_every_example_reads_back_and_its_legal_actions_parse() -> None:
    for name in EXAMPLES:
        obs = example(name)
        data = obs.to_json()
        again = Observation.from_json(json.loads(json.dumps(data)))
        assert again.to_json() == data
        assert [action_from_dict(a, obs.players) for a in data["legal"]] == list(obs.legal)  # type: ignore[union-attr]


def test_every_game_has_an_example() -> None:
    from engine.games import GAMES

    assert set(GAMES) <= {game.partition(":")[0] for game, _, _ in EXAMPLES.values()}


def test_every_action_type_is_documented() -> None:
    from engine.actions import ACTION_TYPES

    text = DOC.read_text()
    for kind in ACTION_TYPES:
        assert f'{{"type": "{kind}"' in text, kind


def write() -> None:
    text = DOC.read_text()

    def fill(m: re.Match[str]) -> str:
        return f"<!-- example: {m['name']} -->\n```json\n{render(example(m['name']).to_json())}\n```"

    DOC.write_text(BLOCK.sub(fill, text))


if __name__ == "__main__":
    if sys.argv[1:] == ["--write"]:
        write()
    else:
        for name in EXAMPLES:
            print(f"<!-- example: {name} -->\n```json\n{render(example(name).to_json())}\n```\n")
