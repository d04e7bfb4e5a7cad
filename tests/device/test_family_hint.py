"""Hint at every step where you act, in every game at the table: a tap on Hint
shows the move the AI would make there (the same AI worker as the AI seats),
in words and on the screen, and following it makes that move."""

import pytest

from device.app import ai_worker
from device.app.main import _play_out
from device.app.scenes.table import TableScene
from device.app.testing import make_app, tap, tap_button
from engine.actions import Bid, Declare, Exchange, Pass, Play
from engine.seats import Seat


def reach(app, seat, phase, hands=40, want=None):
    """Deal and let the AI play every seat until ``seat`` is to act in ``phase``
    (and ``want(deal)``), then show the table."""
    session = app.session
    for _ in range(hands):
        if session.match.is_over:
            session.new_rubber()
        deal = session.deal or session.shuffle_and_deal()

        def stop(d):
            return d.turn == seat and str(d.phase) == phase and (want is None or want(d))

        _play_out(deal, None, stop, match=session.match)
        if not deal.is_over:
            break
        session.finish()
    else:
        pytest.fail(f"{seat} never had to act in the {phase}")
    app.go("table")
    app.step()
    return session.match


def expected(match, seat):
    return ai_worker.hint_action(match.observe(seat), match.move_seed())


def follow(app, suggestion):
    """Make the hinted move the way a player would: the lit button, a second tap on the
    raised card, Lay away with the chosen cards."""
    scene = app.scene
    action = suggestion.action
    if isinstance(action, Play):
        assert scene.selected == action.card  # raised: a tap plays it
        scene.tap_card(action.card)
        return
    if isinstance(action, Exchange):
        tap_button(app, "lay-away")
        return
    lit = [b for b in scene.buttons.buttons if b.visible and b.primary and b.name not in ("deal", "lay-away")]
    assert len(lit) == 1, [b.name for b in lit]
    tap(app, *lit[0].rect.center)


def may_knock(deal):
    return Pass(Seat(0)) in deal.legal_actions()


SOLO_CASES = [
    ("oh-hell", 3, "auction", None, 4),
    ("oh-hell", 5, "play", None, 4),
    ("knockout", 4, "play", None, 4),
    ("knockout", 3, "declare", None, 4),
    ("knockout", 3, "play", may_knock, 1),  # a dog's life: play the one card, or knock
    ("solo", None, "auction", None, 4),
    ("solo", None, "declare", None, 2),  # abundance: name trumps
    ("solo", None, "play", None, 4),
    ("scandinavian", None, "auction", None, 4),
    ("scandinavian", None, "play", None, 4),
    ("german", None, "play", None, 4),
]


@pytest.mark.parametrize(("game", "players", "phase", "want", "seed"), SOLO_CASES)
def test_hint_at_the_table_for_each_alone(game, players, phase, want, seed):
    app = make_app((800, 480), game=game, players=players, seed=seed)
    try:
        if want is may_knock:
            from dataclasses import replace

            app.session.set_rules(replace(app.session.rules, dogs_life=True))
        match = reach(app, Seat(0), phase, hands=30, want=want)
        assert isinstance(app.scene, TableScene)
        move = expected(match, Seat(0))
        before = len(match.current.actions)
        tap_button(app, "hint")
        shown = app.scene.hint.shown
        assert shown is not None and shown.action == move
        assert app.scene.status().startswith("Hint: ")
        follow(app, shown)
        deal = match.current if match.current is not None else match.deals[-1]
        assert deal.actions[before] == move
    finally:
        app.close()


TABLE_CASES = [
    ("bid", "auction", None),
    ("bid", "declare", None),
    ("bid", "exchange", None),
    ("norwegian", "auction", None),
    ("norwegian", "play", lambda d: d.contract is not None and d.contract.call == "nullo"),
]


@pytest.mark.parametrize(("game", "phase", "want"), TABLE_CASES)
def test_hint_at_the_four_seat_table_beyond_the_card_play(game, phase, want):
    app = make_app((800, 480), game=game, seed=4)
    try:
        match = reach(app, Seat.S, phase, want=want)
        assert isinstance(app.scene, TableScene)
        move = expected(match, Seat.S)
        before = len(match.current.actions)
        tap_button(app, "hint")
        app.step()
        shown = app.scene.hint.shown
        assert shown is not None and shown.action == move
        if isinstance(move, Exchange):  # the cards to lay away chosen, the button ready
            assert app.scene.panel.picked == set(move.discard)
            assert app.scene.buttons.by_name("lay-away").enabled
        else:
            assert app.scene.status().startswith("Hint: ")
        follow(app, shown)
        app.step()
        assert match.current.actions[before] == move
        assert app.scene.hint.text() == ""  # gone once the move is made
    finally:
        app.close()


def test_the_classic_hint_is_unchanged():
    """Classic's card play keeps its own hint: the card and the tricks expected."""
    app = make_app((800, 480), seed=4)
    try:
        reach(app, Seat.S, "play")
        tap_button(app, "hint")
        app.step()
        assert app.scene.hint.shown is None
        assert app.scene.hint.text().startswith("Hint: ") and app.scene.selected is not None
        assert "more tricks" in app.scene.hint.text()
    finally:
        app.close()


def test_words_for_every_kind_of_move():
    from device.app.family_hint import words
    from engine.cards import parse_card

    s = Seat.S
    assert words(Bid(s, tricks=2)) == "Hint: bid 2 tricks"
    assert words(Bid(s, level=4, mode="downtown")) == "Hint: bid 4 downtown"
    assert words(Bid(s, level=3, mode="notrump")) == "Hint: bid 3 no trump"
    assert words(Bid(s, call="misère")) == "Hint: misère"
    assert words(Pass(s)) == "Hint: pass" and words(Pass(s), in_play=True) == "Hint: knock"
    assert words(Declare(s, trump="S")) == "Hint: ♠ spades for trumps"
    assert words(Declare(s, trump="N", order="downtown")) == "Hint: no trumps, downtown"
    assert words(Play(s, parse_card("HQ"))).startswith("Hint: play ")
    assert words(Exchange(s, (parse_card("C2"), parse_card("D3")))).startswith("Hint: lay away ")


def test_the_hint_key_or_button_asks_too():
    from device.events import Action as Key
    from device.events import ButtonEvent

    app = make_app((800, 480), game="oh-hell", players=4, seed=4)
    try:
        match = reach(app, Seat(0), "auction")
        app.queue.post(ButtonEvent(Key.HINT, source="gpio"))
        app.step()
        assert app.scene.hint.shown is not None and app.scene.hint.shown.action == expected(match, Seat(0))
    finally:
        app.close()
