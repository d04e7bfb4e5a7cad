"""device.journal: every card is in the store before the call that played it returns,
and the game rebuilt from the store is the game that was being played."""

from __future__ import annotations

import pytest

from device.app.session import Session
from device.journal import (
    Journal,
    ai_players,
    demo_run,
    is_table_rubber,
    latest_match,
    rebuild,
    table_players,
)
from device.store import Store
from engine.actions import Play
from engine.bots import rules_card
from engine.cards import parse_card
from engine.errors import RulesError
from engine.games.classic.rules import Rules
from engine.match import Match
from engine.seats import Seat

PLAYERS = ai_players("rules")


@pytest.fixture
def store():
    with Store(":memory:") as s:
        yield s


def play_cards(match: Match, n: int | None = None) -> None:
    """Bots play ``n`` cards (or to the end of the hand) of the current deal."""
    deal = match.current or match.new_deal()
    played = 0
    while not deal.is_over and (n is None or played < n):
        seat = deal.turn
        card = parse_card(rules_card(deal.observation(seat), f"{len(deal.actions)}"))
        deal.apply(Play(seat, card))
        played += 1


def play_rubber(match: Match) -> None:
    while not match.is_over:
        play_cards(match)
        match.finish_deal()


def test_each_card_is_committed_before_apply_returns(store):
    match = Match(Rules(), Seat.W, seed="j1")
    journal = Journal(store, PLAYERS)
    journal.follow(match)
    deal = match.new_deal()
    stored = store.unfinished_deal()
    assert stored is not None and stored.record == deal.record.to_dict() and stored.number == 1
    for n in range(1, 6):
        seat = deal.turn
        deal.play(str(deal.legal_moves()[0]))  # Deal.play goes through apply too
        assert store.actions(stored.id)[-1] == {"type": "play", "seat": seat.name,
                                                "card": str(deal.actions[-1].card)}
        assert len(store.actions(stored.id)) == n


def test_an_illegal_card_is_refused_and_not_journalled(store):
    match = Match(Rules(), Seat.N, seed="j2")
    Journal(store, PLAYERS).follow(match)
    deal = match.new_deal()
    leader = deal.turn
    deal.apply(Play(leader, deal.legal_moves()[0]))
    with pytest.raises(RulesError, match="not your turn"):
        deal.apply(Play(leader, sorted(deal.hand(leader))[0]))
    assert len(store.actions(store.unfinished_deal().id)) == 1


def test_a_whole_rubber_is_stored_and_rebuilds_to_the_same_match(store):
    match = Match(Rules(honours=True), Seat.E, seed="j3")
    journal = Journal(store, PLAYERS)
    match_id = journal.follow(match)
    play_rubber(match)
    row = store.match(match_id)
    assert row.finished is not None and row.result["winner"] == match.winner
    assert row.result["games"] == list(match.games_won)
    assert row.players == PLAYERS
    deals = store.deals_of_match(match_id)
    assert [d.result["points"] for d in deals] == [list(h.points) for h in match.hands]
    ended_games = [d.result["game"] for d in deals if d.result.get("game")]
    assert ended_games == [g.to_dict() for g in match.games]
    again = rebuild(store, row)
    assert again.to_dict() == match.to_dict()
    assert again.sheet().lines() == match.sheet().lines()


def test_resume_mid_hand_rebuilds_the_exact_card_and_carries_on(store):
    match = Match(Rules(), Seat.S, seed="j4")
    Journal(store, PLAYERS).follow(match)
    play_cards(match)
    match.finish_deal()
    play_cards(match, 23)  # hand 2, trick 6, third card to come

    # The power goes: nothing survives but the store (and, for comparing, a twin
    # of the game that the journal does not follow).
    twin = Match.from_dict(match.to_dict())
    resumed = Journal(store, PLAYERS).resume()
    assert resumed is not None and resumed.to_dict() == match.to_dict()
    deal = resumed.current
    assert deal is not None and len(deal.actions) == 23 and deal.turn == match.current.turn
    assert resumed.game_score == match.game_score

    # Both carry on identically; only the resumed one is journalled.
    play_cards(resumed)
    resumed.finish_deal()
    play_cards(twin)
    twin.finish_deal()
    row = latest_match(store)
    assert rebuild(store, row).to_dict() == twin.to_dict()
    assert [len(d.actions) for d in store.deals_of_match(row.id)] == [52, 52]
    assert store.unfinished_deal() is None


class Cut(BaseException):
    """The power goes."""


def test_a_rubber_won_just_before_the_cut_is_closed_on_resume(store, monkeypatch):
    match = Match(Rules(), Seat.N, seed="j5")
    match_id = Journal(store, PLAYERS).follow(match)

    def cut(*args, **kwargs):
        raise Cut

    monkeypatch.setattr(store, "finish_match", cut)  # the last hand's result is in, then dark
    with pytest.raises(Cut):
        play_rubber(match)
    monkeypatch.undo()
    assert store.match(match_id).finished is None and store.unfinished_deal() is None

    resumed = Journal(store, PLAYERS).resume()
    assert resumed is not None and resumed.is_over and resumed.to_dict() == match.to_dict()
    row = store.match(match_id)
    assert row.finished is not None and row.result["winner"] == match.winner


def test_the_table_resumes_its_rubber_and_not_a_demo_one(store):
    session = Session(Rules(), seed=11)
    assert session.attach_journal(Journal(store, table_players("hard", "easy"))) is False
    session.shuffle_and_deal()
    play_cards(session.match, 9)  # the table scene applies plays to the deal directly
    before = session.match.to_dict()

    # A demo run in the same store is newer, but not the table's.
    run = demo_run(store, 5, "rules")
    demo_match = Match(Rules(), Seat.N, seed="5/rubber1")
    run.on_match(demo_match, 1, 0)
    store.finish_match(run.journal.match_id, {"winner": None})  # closed, so the table's is newest open

    restarted = Session(Rules(target=7), seed=11)  # the config changed meanwhile
    assert restarted.attach_journal(Journal(store, table_players("hard", "easy"))) is True
    assert restarted.match.to_dict() == before
    assert restarted.deal is not None and len(restarted.deal.actions) == 9
    assert restarted.rules == Rules() and restarted.pending_rules == Rules(target=7)
    play_cards(restarted.match)
    row = latest_match(store)
    assert is_table_rubber(row) and row.players == {"N": "hard", "E": "easy", "S": "human",
                                                    "W": "easy"}
    assert len(store.unfinished_deal(row.id).actions) == 52


def test_changing_rules_before_the_first_deal_leaves_no_empty_rubber(store):
    session = Session(Rules(), seed=3)
    session.attach_journal(Journal(store, table_players("medium", "medium")))
    assert session.set_rules(Rules(target=7)) is True
    session.shuffle_and_deal()
    row = store.unfinished_match()
    assert row.id == 1 and rebuild(store, row).rules == Rules(target=7)


def test_a_deal_the_store_refused_is_not_dealt(store, monkeypatch):
    from device.store import StoreError

    match = Match(Rules(), Seat.N, seed="j6")
    Journal(store, PLAYERS).follow(match)

    def full(*args, **kwargs):
        raise StoreError("the disk is full")

    monkeypatch.setattr(store, "start_deal", full)
    with pytest.raises(StoreError):
        match.new_deal()
    assert match.deals == [] and match.current is None


def fake_app(db, session: Session):
    """What attach_app uses of device.app.app.App: config, session and go()."""
    from types import SimpleNamespace

    config = SimpleNamespace(db_path=lambda: db, ai=SimpleNamespace(partner="hard", opponents="easy"))
    visits: list[str] = []
    return SimpleNamespace(config=config, session=session, go=visits.append, visits=visits)


def test_the_app_boots_back_into_the_cut_hand(tmp_path):
    from device.journal import attach_app

    db = tmp_path / "whist.sqlite3"
    first = fake_app(db, Session(Rules(), seed=4))
    store = attach_app(first)
    assert store is not None and first.visits == []  # nothing to resume: the menu as usual
    first.session.shuffle_and_deal()
    play_cards(first.session.match, 30)
    before = first.session.match.to_dict()
    # SIGKILL: the store is not even closed.

    second = fake_app(db, Session(Rules(), seed=4))
    store2 = attach_app(second)
    assert second.visits == ["table"] and second.session.match.to_dict() == before
    store2.close()
    store.close()


def test_the_app_starts_fresh_when_the_store_is_damaged(tmp_path, caplog):
    from device.journal import attach_app

    db = tmp_path / "whist.sqlite3"
    db.write_bytes(b"\x00garbage" * 500)
    app = fake_app(db, Session(Rules(), seed=4))
    store = attach_app(app)
    assert store is not None and store.recovered_from is not None
    assert store.recovered_from.read_bytes() == b"\x00garbage" * 500
    assert any("damaged" in r.getMessage() for r in caplog.records)
    app.session.shuffle_and_deal()
    assert store.unfinished_deal() is not None
    store.close()


def test_a_misdeal_is_kept_and_the_redeal_rebuilds(store):
    match = Match(Rules(), Seat.E, seed="j7")
    if not hasattr(match, "misdeal"):
        pytest.skip("this engine has no misdeals")
    Journal(store, PLAYERS).follow(match)
    play_cards(match)
    match.finish_deal()
    match.new_deal()
    match.misdeal()  # thrown in before a card was played

    # Cut right after the throw-in: the resumed match deals the same redeal.
    redeal = match.next_record()
    resumed = Journal(store, PLAYERS).resume()
    assert resumed is not None and resumed.to_dict() == match.to_dict()
    assert resumed.new_deal().record == redeal
    play_cards(resumed, 10)

    again = Journal(store, PLAYERS).resume()
    assert again is not None and again.to_dict() == resumed.to_dict()
    rows = store.deals_of_match(latest_match(store).id)
    assert [r.number for r in rows] == [1, 2, 3] and rows[1].result == {"misdeal": True}
