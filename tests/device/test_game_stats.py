"""Statistics game by game, and by seat where each plays alone: recorded matches
of each kind go into a store, and the figures read back (replayed through the
engine) agree with what happened at the table."""

import pytest

from device.app.main import _play_out
from device.game_stats import game_figures, match_figures, table_lines
from device.journal import Journal, ai_players, table_players
from device.store import Store
from engine.actions import Bid
from engine.games import get_game
from engine.match import Match
from engine.seats import Seat


def record(store, game, players=None, hands=4, seed=1, who=None):
    """A match of ``game`` played by the AI and journalled as the table does."""
    match = Match(get_game(game, players).default_rules(), seed=seed)
    journal = Journal(store, who or ai_players("rules"))
    journal.follow(match, run={"kind": "table"})
    for _ in range(hands):
        if match.is_over:
            break
        deal = match.new_deal()
        _play_out(deal, match=match)
        match.finish_deal()
    return match


@pytest.fixture
def store(tmp_path):
    s = Store(tmp_path / "games.sqlite3")
    yield s
    s.close()


def only(store, game):
    found = game_figures(store, game)
    assert len(found) == 1, found
    return found[0]


def test_each_game_has_its_own_figures(store):
    classic = record(store, "classic", hands=3)
    oh = record(store, "oh-hell", players=5, hands=3, seed=2)
    figures = {f.key: f for f in game_figures(store)}
    assert set(figures) == {"classic", "oh-hell/5"}
    c = figures["classic"]
    assert not c.alone and [r.who for r in c.rows] == ["We", "They"]
    assert c.hands == 3 and sum(r.tricks for r in c.rows) == 3 * 13
    by_side = zip(*(h.points for h in classic.hands), strict=True)
    assert tuple(r.points for r in c.rows) == tuple(map(sum, by_side))
    o = figures["oh-hell/5"]
    assert o.alone and o.name == "Oh Hell, 5 players" and len(o.rows) == 5
    assert o.hands == 3 and tuple(r.points for r in o.rows) == oh.game_score


def test_oh_hell_bids_and_exact_bids_by_seat(store):
    match = record(store, "oh-hell", players=3, hands=6, seed=7)
    f = only(store, "oh-hell")
    exact = [0, 0, 0]
    for deal in match.deals:
        for a in deal.auction:
            if isinstance(a, Bid):
                exact[int(a.seat)] += deal.taken[a.seat] == a.tricks
    assert [r.bids for r in f.rows] == [6, 6, 6]
    assert [r.exact for r in f.rows] == exact
    assert [r.points for r in f.rows] == list(match.game_score)
    assert "Exact" in table_lines(f)[0] and "Contracts" not in table_lines(f)[0]


def test_solo_contracts_declared_and_made_by_seat(store):
    match = record(store, "solo", hands=8, seed=3)
    f = only(store, "solo")
    declared = [0] * 4
    made = [0] * 4
    for score, deal in zip(match.hands, match.deals, strict=False):
        c = deal.contract
        if c is not None and c.declarer is not None:
            declared[int(c.declarer)] += 1
            made[int(c.declarer)] += any(n.endswith(", made") for n in score.notes)
    assert [r.contracts for r in f.rows] == declared and sum(declared) > 0
    assert [r.made for r in f.rows] == made
    assert sum(r.points for r in f.rows) == 0  # Solo is zero-sum


def test_bid_whist_contracts_by_side(store):
    record(store, "bid", hands=5, seed=4)
    f = only(store, "bid")
    assert [r.who for r in f.rows] == ["We", "They"]
    assert sum(r.contracts for r in f.rows) == f.hands  # one contract a hand (the dealer must bid)
    assert all(0 <= r.made <= r.contracts for r in f.rows)


def test_knockout_to_the_end_knocks_all_but_one_out(store):
    match = record(store, "knockout", players=4, hands=12, seed=5)
    assert match.is_over
    f = only(store, "knockout")
    assert sum(r.knocked_out for r in f.rows) == 3
    assert [r.matches_won for r in f.rows] == [1 if i == match.winner else 0 for i in range(4)]
    winner = f.rows[match.winner]
    assert winner.knocked_out == 0 and winner.hands == len(match.hands)
    assert f.matches == f.matches_finished == 1


@pytest.mark.parametrize(("game", "players"), [("german", None), ("scandinavian", None), ("widow", None),
                                               ("dummy", None), ("norwegian", None), ("knockout", 6)])
def test_every_kind_of_game_reads_back_as_played(store, game, players):
    match = record(store, game, players=players, hands=3, seed=6)
    f = only(store, game)
    assert f.hands == len(match.hands) and f.matches == 1
    g = match.game
    assert len(f.rows) == g.sides and f.alone == (not g.partnerships)
    again = match_figures(match, {})
    assert [r.points for r in f.rows] == [r.points for r in again]
    assert [r.tricks for r in f.rows] == [r.tricks for r in again]


def test_the_person_at_the_screen_is_seat_0_where_each_plays_alone(store):
    record(store, "oh-hell", players=4, hands=1, who=table_players("hard", "medium"))
    record(store, "classic", hands=1, who=table_players("hard", "medium"))
    f = only(store, "oh-hell")
    assert [r.player for r in f.rows] == ["human", "medium", "medium", "medium"]
    c = only(store, "classic")
    assert [r.player for r in c.rows] == ["hard+human", "medium"]


def test_the_stats_command_prints_one_games_figures(store, tmp_path, capsys):
    from device.cli import main

    record(store, "oh-hell", players=3, hands=2, seed=2)
    record(store, "classic", hands=2)
    store.close()
    db = str(tmp_path / "games.sqlite3")
    assert main(["stats", "--db", db, "--game", "oh-hell"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "Oh Hell, 3 players: 1 match, 0 finished, 2 hands"
    assert out[1].split() == ["Hands", "Most", "tricks", "Tricks", "Points", "Bids", "Exact", "Won"]
    assert [line.split()[:2] for line in out[2:]] == [["You", "(rules)"], ["Player", "2"], ["Player", "3"]]
    assert main(["stats", "--db", db]) == 0
    out = capsys.readouterr().out
    assert "  Classic whist: 1 match, 0 finished, 2 hands" in out
    assert main(["stats", "--db", db, "--game", "solo"]) == 0
    assert capsys.readouterr().out == "No Solo whist played yet.\n"


def test_a_seat_out_of_a_hand_is_not_counted_in_it(store):
    match = record(store, "knockout", players=5, hands=4, seed=8)
    f = only(store, "knockout")
    dealt_in = [sum(Seat(i) not in d.out for d in match.deals[: len(match.hands)]) for i in range(5)]
    assert [r.hands for r in f.rows] == dealt_in


def test_the_partnership_count_leaves_out_the_games_each_plays_alone(store):
    """NS and EW mean nothing in Oh Hell: its seats 0 and 1 are not two sides."""
    record(store, "classic", hands=2)
    record(store, "oh-hell", players=3, hands=3, seed=2)
    record(store, "bid", hands=1, seed=4)
    stats = store.stats()
    assert stats["hands"] == 3 and stats["rubbers"] == 2
    assert {f.key for f in game_figures(store)} == {"classic", "oh-hell/3", "bid"}
