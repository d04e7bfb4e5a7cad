"""The app's one store: the damaged-store notice, the Stats screen read from the
store (misdeals not counted), history's hand numbers, and the enrolment screen
writing every tag straight to the store."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from device.app.testing import make_app, run_until, tap_button  # noqa: E402
from device.cli import main  # noqa: E402
from device.events import Action, ButtonEvent, CardScanned  # noqa: E402
from device.journal import Journal, attach_app, table_players  # noqa: E402
from device.store import Store  # noqa: E402
from engine.actions import Claim  # noqa: E402
from engine.games.classic.rules import Rules  # noqa: E402
from engine.match import Match  # noqa: E402
from engine.seats import Seat  # noqa: E402


def app_with_store(db):
    app = make_app((800, 480))
    app.config = app.config.updated({"store": {"path": str(db)}})
    store = attach_app(app)
    app.step()
    return app, store


@pytest.fixture
def damaged(tmp_path):
    db = tmp_path / "whist.sqlite3"
    db.write_bytes(b"\x00garbage" * 500)
    app, store = app_with_store(db)
    yield app, store
    app.close()
    store.close()


def scene_text(scene) -> str:
    return " ".join(line for _, line in scene.lines())


# -- the damaged-store notice -----------------------------------------------------------


def test_a_damaged_store_is_announced_on_the_menu_until_dismissed(damaged):
    app, store = damaged
    menu = app.scene
    assert menu.name == "menu" and store.recovered_from is not None
    assert "The saved games file was damaged and moved aside to" in menu.notice
    assert str(store.recovered_from) in menu.notice and "a fresh one was started" in menu.notice
    # Modal: only its OK button is there until it is read.
    assert [b.name for b in menu.buttons.buttons] == ["dismiss"]
    tap_button(app, "dismiss")
    assert app.scene.notice is None and app.scene.buttons.by_name("play")
    app.go("stats")
    app.go("menu")
    app.step()
    assert app.scene.notice is None  # dismissed for good


def test_the_notice_also_goes_with_the_back_button(damaged):
    app, _ = damaged
    app.queue.post(ButtonEvent(Action.BACK, source="key"))
    app.step()
    assert app.scene.name == "menu" and app.scene.notice is None and app.running


def test_no_notice_for_a_sound_store(tmp_path):
    app, store = app_with_store(tmp_path / "whist.sqlite3")
    try:
        assert app.scene.notice is None and app.scene.buttons.by_name("play")
    finally:
        app.close()
        store.close()


# -- statistics from the store ------------------------------------------------------------


def stored_rubber(store: Store, misdeal: bool = True) -> Match:
    """A journalled rubber: a hand NS win 9-4, a misdeal, a hand EW win 8-5."""
    match = Match(Rules(), Seat.N, seed="st")
    Journal(store, table_players("hard", "easy")).follow(match, run={"kind": "table"})
    match.new_deal()
    match.apply(Claim(Seat.N, 9))
    match.finish_deal()
    if misdeal:
        match.new_deal()
        match.misdeal()
    match.new_deal()
    match.apply(Claim(Seat.N, 5))
    match.finish_deal()
    return match


def test_stats_do_not_count_a_misdeal_as_a_hand(tmp_path):
    with Store(tmp_path / "w.sqlite3") as store:
        stored_rubber(store)
        s = store.stats()
    assert s["hands"] == 2 and s["hands_finished"] == 2 and s["misdeals"] == 1
    assert s["hands_won"] == {"NS": 1, "EW": 1}
    assert s["tricks_per_hand"] == {"NS": 7.0, "EW": 6.0}
    assert s["by_ai_level"]["easy+hard"]["misdeals"] == 1


def test_the_stats_scene_reads_the_store(tmp_path):
    db = tmp_path / "whist.sqlite3"
    with Store(db) as store:
        stored_rubber(store)
    app, store = app_with_store(db)  # a restart: nothing in memory, all in the store
    try:
        assert app.scene.name == "table"  # the rubber is resumed (between hands)
        app.go("stats")
        text = scene_text(app.scene)
        assert "Hands played 2, won 1" in text and "Tricks per hand 7.0" in text
        assert "1 misdeal, thrown in" in text and "AI: easy+hard" in text
        # A hand played now shows up too.
        app.go("table")
        tap_button(app, "deal")
        app.session.match.apply(Claim(Seat.N, 13))
        assert run_until(app, lambda: app.session.match.current is None)
        app.go("stats")
        assert "Hands played 3, won 2" in scene_text(app.scene)
    finally:
        app.close()
        store.close()


def test_the_stats_scene_without_a_store_keeps_its_own_count():
    app = make_app((800, 480))
    try:
        tap_button(app, "stats")
        assert "no game store" in scene_text(app.scene)
    finally:
        app.close()


def test_stats_and_history_commands_skip_misdeals(tmp_path, capsys):
    db = tmp_path / "w.sqlite3"
    with Store(db) as store:
        stored_rubber(store)
    assert main(["stats", "--db", str(db)]) == 0
    out = capsys.readouterr().out
    assert "Hands played: 2 (2 finished; 1 misdeal not counted)" in out
    assert main(["history", "--db", str(db)]) == 0
    rows = [line.split() for line in capsys.readouterr().out.splitlines()[1:]]
    # deal ids 1 2 3; hand numbers 1, -, 2; the thrown-in deal says so.
    assert [(r[0], r[2]) for r in rows] == [("1", "1"), ("2", "-"), ("3", "2")]
    assert "misdeal" in rows[1]
    assert main(["history", "--db", str(db), "--show", "2"]) == 0
    shown = capsys.readouterr().out
    assert "a misdeal, thrown in before play" in shown and "Result: misdeal" in shown
    assert main(["history", "--db", str(db), "--show", "3"]) == 0
    assert "rubber 1, hand 2," in capsys.readouterr().out


# -- the enrolment screen -------------------------------------------------------------------


def test_enrol_cards_from_settings_writes_to_the_store(tmp_path):
    app, store = app_with_store(tmp_path / "whist.sqlite3")
    try:
        tap_button(app, "settings")
        tap_button(app, "enrol")
        scene = app.scene
        assert scene.name == "enrol" and scene.flow.next_card() == "SA"
        app.queue.post(CardScanned(None, tag="0a0a0a0a01"))
        app.step()
        assert store.enrolment() == {"0A0A0A0A01": "SA"}
        assert scene.flow.next_card() == "SK"
        # The same tag again is refused, with the reason.
        app.queue.post(CardScanned(None, tag="0A0A0A0A01"))
        app.step()
        assert "already SA" in scene.message[0] and scene.message[1] == "error"
        tap_button(app, "skip")
        assert scene.flow.next_card() == "SQ"
        app.queue.post(CardScanned(None, tag="0A0A0A0A02"))
        app.step()
        assert store.card_for_tag("0a0a0a0a02") == "SQ"
        # Re-enrol one card: pick it, scan its new tag; the old one is forgotten.
        tap_button(app, "reenrol")
        tap_button(app, "SA")
        assert scene.flow.next_card() == "SA"
        app.queue.post(CardScanned(None, tag="0B0B0B0B01"))
        app.step()
        assert store.enrolment() == {"0B0B0B0B01": "SA", "0A0A0A0A02": "SQ"}
        assert "old tag 0A0A0A0A01" in scene.message[0]
        assert store.card_for_tag("0A0A0A0A01") is None
        tap_button(app, "back")
        assert app.scene.name == "settings"
    finally:
        app.close()
        store.close()

    # The store is the one source of truth: a new enrolment screen carries on from it.
    app, store = app_with_store(tmp_path / "whist.sqlite3")
    try:
        app.go("enrol")
        assert app.scene.flow.progress == (2, 52) and app.scene.flow.next_card() == "SK"
    finally:
        app.close()
        store.close()


def test_the_referee_scene_uses_the_app_store(tmp_path):
    app, store = app_with_store(tmp_path / "whist.sqlite3")
    try:
        store.enrol("0A0A0A0A01", "HQ")
        app.go("referee")
        scene = app.scene
        assert scene.session.store is store
        assert scene._lookup()("0a0a0a0a01") == "HQ"  # the reader's lookup asks the store
    finally:
        app.close()
        store.close()


def test_a_cut_real_card_hand_boots_back_into_the_referee(tmp_path):
    from device.referee import PLAY, Referee
    from engine.deal import DealRecord

    db = tmp_path / "whist.sqlite3"
    record = DealRecord.deal(Seat.N, seed=5)
    with Store(db) as store:
        ref = Referee(store=store)  # no AI seat: the people lay every card
        ref.choose_dealer(Seat.N)
        assert ref.scan(str(record.trump_card))
        for card in ("C2", "C3"):  # East, then South
            assert ref.scan(card), ref.messages[-1].text
        before = ref.match.to_dict()
    app, store = app_with_store(db)
    try:
        assert app.scene.name == "referee"
        session = app.scene.session
        assert session.phase == PLAY and session.match.to_dict() == before
        assert session.deal.turn == Seat.W
    finally:
        app.close()
        store.close()
