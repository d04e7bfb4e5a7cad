"""Stats as pictures: the charts read device.stats' fold (the store's or the table's
own count) and the costly cards of each hand from engine.ai.review."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from device.app.main import _play_out  # noqa: E402
from device.app.scenes.stats import StatsScene, costly_of, level_name  # noqa: E402
from device.app.testing import make_app, run_until, tap_button  # noqa: E402
from device.journal import attach_app  # noqa: E402
from engine.ai.review import review  # noqa: E402


def _play_hands(app, n):
    deals = []
    for _ in range(n):
        session = app.session
        _play_out(session.shuffle_and_deal(), match=session.match)
        score = session.finish()
        app.stats.record_hand(app.level_key, score, session.match)
        deals.append(session.last_deal)
    return deals


def _ours(deal):
    return costly_of(review(deal))


@pytest.mark.parametrize("size", [(800, 480), (1920, 1080), (480, 800)])
def test_the_charts_read_the_tables_own_count(size):
    app = make_app(size, seed=7)
    try:
        deals = _play_hands(app, 3)
        tap_button(app, "stats")
        scene = app.scene
        assert isinstance(scene, StatsScene) and not scene.kept and not scene.as_list
        assert [h.tricks for h in scene.statistics.hands] == [d.tricks_taken() for d in deals]
        assert run_until(app, lambda: not scene.waiting(), max_steps=20)
        assert [scene.costly(h) for h in scene.statistics.hands] == [_ours(d) for d in deals]
        assert any(scene.costly(h) for h in scene.statistics.hands)
        app.step()
    finally:
        app.close()


def test_the_charts_read_the_store_and_review_its_deals(tmp_path):
    app = make_app((800, 480), seed=5)
    app.config = app.config.updated({"store": {"path": str(tmp_path / "w.sqlite3")}})
    store = attach_app(app)
    try:
        app.step()
        deals = _play_hands(app, 2)
        app.go("stats")
        scene = app.scene
        assert scene.kept and len(scene.statistics.hands) == 2
        assert all(h.ref is not None for h in scene.statistics.hands)
        assert run_until(app, lambda: not scene.waiting(), max_steps=20)
        # each stored deal replayed and reviewed: the same counts as the deals played
        assert [scene.costly(h) for h in scene.statistics.hands] == [_ours(d) for d in deals]
        assert all(k[0] == "store" for k in app.stats.costly)
    finally:
        app.close()
        store.close()


def test_an_unplayed_table_shows_empty_charts_and_the_list_keeps_the_text():
    app = make_app((800, 480))
    try:
        tap_button(app, "stats")
        scene = app.scene
        assert scene.statistics.hands == () and not scene.waiting()
        app.step()
        tap_button(app, "list")
        assert scene.as_list and scene.buttons.by_name("up").visible
        assert any("no game store" in t for _, t in scene.lines())
        assert scene.buttons.by_name("list").label == "Charts"
        app.step()
    finally:
        app.close()


def test_a_group_is_named_shortly_on_the_chart():
    assert level_name("partner hard / opponents hard") == "hard"
    assert level_name("partner easy / opponents expert") == "easy / expert"
    assert level_name("easy+hard") == "easy+hard"


def test_the_table_keeps_only_the_deals_the_chart_reviews():
    from device.app.session import KEEP_DEALS

    app = make_app((800, 480), seed=2)
    try:
        _play_hands(app, KEEP_DEALS + 2)
        assert app.stats.deals[:2] == [None, None]
        assert all(d is not None for d in app.stats.deals[2:])
        assert len(app.stats.hands) == KEEP_DEALS + 2  # every hand still counts
    finally:
        app.close()
