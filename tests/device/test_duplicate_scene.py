"""Duplicate at home on the screen: after a hand, "Other side" plays it again with
you in East's seat (the AI in yours) and shows both results side by side; a
file's deals played as a duplicate match against the AI."""

from __future__ import annotations

from pathlib import Path

from device.app.duplicate_run import start_duplicate
from device.app.main import _play_out
from device.app.scenes.duplicate import DuplicateScene, DuplicateTableScene
from device.app.testing import make_app, tap_button
from device.deals import DealSource
from engine.pbn import format_hands
from engine.seats import Seat
from engine.shuffle import shuffled_pack


def finish_table(app) -> None:
    table = app.scene
    assert isinstance(table, DuplicateTableScene)
    _play_out(table.session.deal, match=table.session.match)
    app.step(1 / 60)
    app.step(1 / 60)  # the table sees the hand is over


def play_a_hand(app) -> None:
    deal = app.session.shuffle_and_deal()
    _play_out(deal, match=app.session.match)
    app.session.finish()
    app.go("summary")
    app.step(1 / 60)


def test_a_hand_played_again_from_the_other_side():
    app = make_app()
    try:
        play_a_hand(app)
        first = app.session.last_deal
        rubber_hands = len(app.session.match.hands)
        tap_button(app, "other side")
        table = app.scene
        assert isinstance(table, DuplicateTableScene)
        again = table.session.deal
        # you hold what East held, the AI (West) what you held; the same trumps
        assert again.dealt_hands()[Seat.S] == first.dealt_hands()[Seat.E]
        assert again.dealt_hands()[Seat.W] == first.dealt_hands()[Seat.S]
        assert again.trump == first.trump and again.dealer == first.dealer.offset(1)
        finish_table(app)
        scene = app.scene
        assert isinstance(scene, DuplicateScene) and not scene.interim
        (result,) = scene.run.match.results
        assert result.yours == first.tricks_taken()[0]
        assert result.theirs == again.tricks_taken()[1]  # North-South's cards, at East-West
        assert scene.headline()
        # nothing of the replay went into the rubber
        assert len(app.session.match.hands) == rubber_hands
        tap_button(app, "back")
        assert app.scene.name == "summary"
    finally:
        app.close()


def test_a_files_deals_as_a_duplicate_match(tmp_path: Path):
    deals = tmp_path / "two.pbn"
    boards = []
    for i, dealer in enumerate("SW"):
        pack = shuffled_pack(f"dup{i}")
        boards.append(f'[Board "{i + 1}"]\n[Dealer "{dealer}"]\n'
                      f'[Deal "{format_hands([pack[k::4] for k in range(4)])}"]\n')
    deals.write_text("\n".join(boards))
    app = make_app()
    try:
        run = start_duplicate(app, DealSource.open(deals, 1))
        for board in range(2):
            finish_table(app)
            assert isinstance(app.scene, DuplicateScene) and app.scene.interim
            tap_button(app, "play")
            finish_table(app)
            assert isinstance(app.scene, DuplicateScene) and not app.scene.interim
            assert len(run.match.results) == board + 1
            if board == 0:
                tap_button(app, "deal")
        assert run.match.is_over
        assert run.match.total == sum(r.difference for r in run.match.results)
        assert app.session.match.hands == []  # the rubber never moved
    finally:
        app.close()
