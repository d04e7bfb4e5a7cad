"""The statistics count the same whether the table keeps a store or not: the
store's (Store.stats) and the table's own count (session.Stats) are one fold."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from device.app.session import Stats
from device.journal import Journal, table_players
from device.stats import HandOutcome, RubberOutcome, ai_label, tally
from device.store import Store
from engine.actions import Claim
from engine.games.classic.rules import Rules
from engine.match import Match
from engine.seats import Seat


@settings(max_examples=20, deadline=None)
@given(claims=st.lists(st.integers(0, 13), min_size=1, max_size=14), misdeal=st.integers(0, 8),
       target=st.sampled_from([5, 7]))
def test_the_store_and_the_table_count_a_rubber_alike(claims, misdeal, target):
    players = table_players("hard", "easy")
    key = ai_label(players)
    table = Stats()
    with Store(":memory:") as store:
        match = Match(Rules(target=target), Seat.N, seed="stats")
        Journal(store, players).follow(match)
        for n, tricks in enumerate(claims):
            if match.is_over:
                break
            match.new_deal()
            if n == misdeal:
                match.misdeal()
                match.new_deal()
            match.apply(Claim(Seat.N, tricks))  # North-South take these, the others the rest
            table.record_hand(key, match.finish_deal(), match)
        kept = store.stats()
    mine = table.of(key)
    for counted in (kept, kept["by_ai_level"][key]):
        assert counted["hands_finished"] == mine.hands == len(table.hands)
        assert counted["hands_won"]["NS"] == mine.hands_won == sum(t >= 7 for t in claims[:mine.hands])
        assert counted["tricks"]["NS"] == mine.tricks == sum(claims[:mine.hands])
        assert counted["tricks_per_hand"]["NS"] == mine.tricks_per_hand
        assert counted["games"] == mine.games and counted["games_won"]["NS"] == mine.games_won
        assert counted["rubbers_finished"] == mine.rubbers
        assert counted["rubbers_won"]["NS"] == mine.rubbers_won
        assert counted["misdeals"] == (1 if misdeal < mine.hands else 0)
    assert table.total() == mine


def test_groups_and_what_is_not_a_hand():
    stats = tally([
        HandOutcome("hard", tricks=(8, 5), points=(2, 0)),
        HandOutcome("hard", tricks=(3, 10), points=(0, 4), game_won_by=1),
        HandOutcome("hard", misdeal=True),
        HandOutcome("easy", finished=False),
    ], [RubberOutcome("hard", True, 1), RubberOutcome("easy", False)])
    assert list(stats.by_group) == ["easy", "hard"]
    total = stats.total
    assert (total.hands, total.hands_finished, total.misdeals) == (3, 2, 1)
    assert total.hands_won == (1, 1) and total.tricks_per_hand == (5.5, 7.5)
    assert total.games_won == (0, 1) and total.rubbers_won == (0, 1) and total.rubbers_finished == 1
    assert stats.by_group["easy"].hands == 1 and stats.by_group["easy"].tricks_per_hand == (0.0, 0.0)
    assert stats.to_dict()["by_ai_level"]["hard"]["points"] == {"NS": 2, "EW": 4}
