"""An independent reference for the bench's ISMCTS baseline: OpenSpiel's
ISMCTSBot on OpenSpiel's own Oh Hell rules, as an external arena player.

Not a dependency of the table or of the bench: it runs under a Python that
has the ``open_spiel`` package (install it in a separate virtual
environment), and only for Oh Hell hands with a card turned for trumps (the
rules OpenSpiel has: the dealer's hook, exact bid 10 + tricks, else minus one
a trick off)::

    python -m venv /tmp/osvenv && /tmp/osvenv/bin/pip install open_spiel
    whist-table arena --game oh-hell --players 3 --rule schedule=fixed hard \\
        "cmd:/tmp/osvenv/bin/python bench/openspiel_ismcts.py" --deals 100 --seed os --timeout 120

Each move rebuilds OpenSpiel's state from the observation: one layout of the
unseen cards consistent with it (engine.search.solo's sampler; OpenSpiel's bot
draws its own determinizations from the information set, so which layout
stands in does not matter), the dealer, the deal, the turned card, the bids
and the cards played, then asks the bot. The bot's settings are OpenSpiel's
usual ones: UCT constant 2 on the raw points, random play-outs (one a
leaf), unlimited determinizations, the final move by most visits.

Options: ``--iterations N`` (default 1000), ``--uct C`` (default 2.0), ``--seed S``.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from pathlib import Path

import numpy as np
import pyspiel  # type: ignore[import-not-found]
from open_spiel.python.algorithms import ismcts, mcts  # type: ignore[import-not-found]

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine.actions import Bid, Play  # noqa: E402
from engine.cards import Card  # noqa: E402
from engine.observation import Observation  # noqa: E402
from engine.search.solo import knowledge, sample  # noqa: E402

SUIT = (2, 3, 1, 0)  # engine suits S H D C -> OpenSpiel's C D S H order
BID = 52  # OpenSpiel's first bid action


def spiel_card(card: Card) -> int:
    c = int(card)
    return (c % 13) * 4 + SUIT[c // 13]


def engine_card(action: int) -> Card:
    return Card(SUIT.index(action % 4) * 13 + action // 4)


def spiel_state(obs: Observation, games: dict[tuple[int, int], pyspiel.Game],
                rng: random.Random) -> pyspiel.State:
    """OpenSpiel's state for one layout consistent with ``obs``."""
    k = knowledge(obs)
    hands = sample(k, rng)
    played = [(int(s), c) for t in (*obs.tricks, obs.trick) for s, c in t.plays()]
    size = len(obs.hand) + sum(1 for s, _ in played if s == int(obs.seat))
    for seat, card in played:
        hands[seat].append(int(card))
    key = (obs.players, size)
    if key not in games:
        games[key] = pyspiel.load_game("oh_hell", {"players": obs.players, "num_tricks_fixed": size,
                                                   "off_bid_penalty": True})
    state = games[key].new_initial_state()
    state.apply_action(state.chance_outcomes()[0][0])  # the hand's size (fixed)
    state.apply_action(int(obs.dealer))
    order = [sorted(h) for h in hands]
    for r in range(size):
        for p in range(obs.players):
            state.apply_action(spiel_card(Card(order[p][r])))
    if obs.trump_card is None:
        raise SystemExit("OpenSpiel's Oh Hell always turns a card for trumps: play hands that leave one")
    state.apply_action(spiel_card(obs.trump_card))
    for i in range(1, obs.players + 1):
        seat = (int(obs.dealer) + i) % obs.players
        bid = {int(s): t for s, t in obs.bids.items()}.get(seat)
        if bid is None:
            break
        state.apply_action(BID + bid)
    for _, card in played:
        state.apply_action(spiel_card(card))
    if state.current_player() != int(obs.seat):
        raise SystemExit(f"the rebuilt state has player {state.current_player()} to act, "
                         f"not seat {int(obs.seat)}")
    return state


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--iterations", type=int, default=1000)
    parser.add_argument("--uct", type=float, default=2.0)
    parser.add_argument("--seed", default="0")
    args = parser.parse_args()
    games: dict[tuple[int, int], pyspiel.Game] = {}
    for line in sys.stdin:
        data = json.loads(line)
        obs = Observation.from_json(data)
        legal = list(obs.legal)
        if len(legal) == 1:
            print(json.dumps(legal[0].to_dict(obs.players)), flush=True)
            continue
        digest = hashlib.sha256(f"{args.seed}|{json.dumps(data, sort_keys=True)}".encode()).digest()
        seed = int.from_bytes(digest[:4], "little")
        state = spiel_state(obs, games, random.Random(seed))
        rs = np.random.RandomState(seed)
        bot = ismcts.ISMCTSBot(state.get_game(), mcts.RandomRolloutEvaluator(1, rs), args.uct,
                               args.iterations, random_state=rs)
        action = int(bot.step(state))
        chosen = Bid(obs.seat, tricks=action - BID) if action >= BID else Play(obs.seat, engine_card(action))
        print(json.dumps(chosen.to_dict(obs.players)), flush=True)


if __name__ == "__main__":
    main()
