"""The last card plays itself, take back's defaults, the AI's pace before a lead,
Real cards' touch wording, and "abandon this rubber" (asked first, journalled)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from device.app.session import Session  # noqa: E402
from device.app.testing import make_app, run_until, tap_button  # noqa: E402
from device.cli import main  # noqa: E402
from device.config import Config  # noqa: E402
from device.events import Action, ButtonEvent  # noqa: E402
from device.journal import ABANDONED, attach_app  # noqa: E402
from device.store import Store  # noqa: E402
from engine.actions import Play  # noqa: E402
from engine.games.classic.rules import Rules  # noqa: E402
from engine.seats import Seat  # noqa: E402
from tests.device.test_journal import fake_app  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]


def play_your_cards_until(app, left: int) -> None:
    """Tap your first legal card each turn until ``left`` cards remain in your hand."""
    table = app.scene
    deal = app.session.deal
    while len(deal.hand(Seat.S)) > left:
        assert run_until(app, lambda: table.waiting_for_human)
        card = deal.legal_moves()[0]
        table.tap_card(card)
        table.tap_card(card)


def test_your_last_card_plays_itself():
    app = make_app((800, 480), animation="normal")
    try:
        tap_button(app, "play")
        tap_button(app, "deal")
        deal = app.session.deal
        play_your_cards_until(app, 1)
        last = next(iter(deal.hand(Seat.S)))
        # Nobody taps again: the hand ends and the card was yours.
        assert run_until(app, lambda: deal.is_over, max_steps=3000)
        assert Play(Seat.S, last) in deal.actions
        assert app.scene.name != "table" or "plays itself" in app.scene.status()
    finally:
        app.close()


def test_with_the_setting_off_your_last_card_waits_for_you():
    app = make_app((800, 480))
    app.apply_config(app.config.updated({"rules": {"last_card_plays_itself": False}}))
    try:
        tap_button(app, "play")
        tap_button(app, "deal")
        table = app.scene
        deal = app.session.deal
        play_your_cards_until(app, 1)
        assert run_until(app, lambda: table.waiting_for_human)
        for _ in range(300):
            app.step(1 / 60)
        assert len(deal.hand(Seat.S)) == 1 and table.waiting_for_human
        # The only card left is never offered back: it had no choice.
        card = deal.legal_moves()[0]
        table.tap_card(card)
        table.tap_card(card)
        assert not table.can_take_back
    finally:
        app.close()


def test_take_back_is_on_by_default_against_the_ai_and_not_offered_with_real_cards():
    assert Config().rules.take_back is True
    assert Config().rules.last_card_plays_itself is True
    app = make_app((800, 480))
    try:
        tap_button(app, "play")
        tap_button(app, "deal")
        table = app.scene
        assert run_until(app, lambda: table.waiting_for_human)
        card = app.session.deal.legal_moves()[0]
        table.tap_card(card)
        table.tap_card(card)
        assert table.can_take_back  # the house default, against the AI
        app.go("referee")
        app.step()
        names = {b.name for b in app.scene.buttons.buttons}
        assert "takeback" not in names  # real cards: a card laid is played
    finally:
        app.close()


def test_the_ai_waits_its_pace_before_leading_and_last_trick_is_open_meanwhile():
    app = make_app((800, 480), pace="normal")
    wait = app.config.ai.lead_wait
    try:
        tap_button(app, "play")
        tap_button(app, "deal")
        table = app.scene
        deal = app.session.deal
        # Play on until a trick is won by an AI seat: it leads to the next one.
        while True:
            assert run_until(app, lambda: table.waiting_for_human or deal.tricks and not deal.current.cards
                             and deal.turn != Seat.S and not table.busy, max_steps=5000)
            if deal.tricks and not deal.current.cards and deal.turn != Seat.S and not table.busy:
                break
            card = deal.legal_moves()[0]
            table.tap_card(card)
            table.tap_card(card)
        tricks = len(deal.tricks)
        start = app.clock
        while app.clock - start < wait - 0.1:
            app.step(1 / 60)
            assert not deal.current.cards and len(deal.tricks) == tricks  # the AI has not led
            assert table.b_last.enabled
            assert table.status().endswith("leads next · Last trick is open")
        assert run_until(app, lambda: deal.current.cards or len(deal.tricks) > tricks, max_steps=60)
    finally:
        app.close()


def test_real_cards_speak_of_the_screen_until_a_physical_button_is_used():
    app = make_app((800, 480))
    try:
        app.go("referee")
        app.step()
        assert "tap Dealer to change, Start to begin" in app.scene.session.prompt()
        app.queue.post(ButtonEvent(Action.RIGHT, source="gpio"))
        app.step()
        assert "left/right to change, select to start" in app.scene.session.prompt()
    finally:
        app.close()


def test_abandon_asks_first_then_the_new_house_rules_apply_at_once(tmp_path, capsys):
    app = make_app((800, 480))
    try:
        store = Store(tmp_path / "whist.sqlite3")
        app.store = store
        from device.journal import Journal

        app.session.attach_journal(Journal(store, {"N": "rules", "E": "rules", "S": "human", "W": "rules"}))
        tap_button(app, "play")
        tap_button(app, "deal")
        play_your_cards_until(app, 11)
        old = app.session.match
        tap_button(app, "menu")
        tap_button(app, "settings")
        tap_button(app, "target")  # 5 -> 7: waits for the next rubber
        assert app.session.pending_rules is not None and app.session.match.rules.target == 5
        tap_button(app, "abandon")
        assert app.scene.name == "abandon"
        tap_button(app, "keep")  # the first answer keeps the rubber
        assert app.scene.name == "settings" and app.session.match is old
        tap_button(app, "abandon")
        tap_button(app, "abandon")
        assert app.scene.name == "settings"
        match = app.session.match
        assert match is not old and not match.deals and match.rules.target == 7
        assert app.session.pending_rules is None
        with pytest.raises(KeyError):
            app.scene.buttons.by_name("abandon")  # nothing left to abandon
        row = [r for r in store.matches() if r.finished is not None][-1]
        assert row.result[ABANDONED] is True and row.result["winner"] is None
        assert store.unfinished_matches() == []
        stats = store.stats()
        assert stats["rubbers"] == 1 and stats["rubbers_finished"] == 0  # played, never finished
        store.close()
        # history: the hand left unscored is listed as abandoned, not in play
        assert main(["history", "--db", str(tmp_path / "whist.sqlite3")]) == 0
        listed = capsys.readouterr().out
        assert "abandoned" in listed and "in play" not in listed
    finally:
        app.close()


_CHILD = """
import os, signal, sys
from device.journal import attach_app
from device.app.session import Session
from engine.games.classic.rules import Rules
from tests.device.test_journal import fake_app, play_cards

app = fake_app(sys.argv[1], Session(Rules(), seed=4))
attach_app(app)
session = app.session
session.shuffle_and_deal()
play_cards(session.match, 20)
session.set_rules(Rules(target=7))
session.abandon_rubber()
if sys.argv[2] == "deal":
    session.shuffle_and_deal()
    play_cards(session.match, 5)
os.kill(os.getpid(), signal.SIGKILL)
"""


def _killed_after_abandon(db: Path, then: str) -> None:
    proc = subprocess.run([sys.executable, "-c", _CHILD, str(db), then], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)
    assert proc.returncode == -signal.SIGKILL, proc.stderr


def test_after_kill_9_an_abandoned_rubber_is_not_resumed_and_the_new_one_is(tmp_path):
    db = tmp_path / "whist.sqlite3"
    _killed_after_abandon(db, "deal")
    again = fake_app(db, Session(Rules(target=7), seed=4))
    store = attach_app(again)
    try:
        assert again.visits == ["table"]
        match = again.session.match
        assert match.rules.target == 7 and len(match.deals) == 1 and len(match.current.actions) == 5
        old = store.matches()[-1]  # newest first: the abandoned rubber is the oldest
        assert old.result[ABANDONED] is True
    finally:
        store.close()


def test_after_kill_9_straight_after_abandoning_nothing_is_resumed(tmp_path):
    db = tmp_path / "whist.sqlite3"
    _killed_after_abandon(db, "stop")
    again = fake_app(db, Session(Rules(target=7), seed=4))
    store = attach_app(again)
    try:
        assert again.visits == []  # the menu, as after a finished rubber
        assert not again.session.match.deals and again.session.match.rules.target == 7
    finally:
        store.close()
