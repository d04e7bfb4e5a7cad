"""The table keeps its promises in every game, at each step where you act
(auction, declaration, exchange, play) at 800x480, 1920x1080 and 480x800:
no button and no line of words over the trick's cards, a hand or a seat's
label; every button a fingertip (48x48 px at 800x480); the cards of the
trick at least 60 px wide at 800x480; and the keys, or the table's physical
buttons, play a card in every game (H for the hint, then Enter)."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from device.app.main import _play_out  # noqa: E402
from device.app.scenes.table import TableScene  # noqa: E402
from device.app.scenes.table import trick as trick_parts  # noqa: E402
from device.app.testing import make_app  # noqa: E402
from device.events import Action, ButtonEvent  # noqa: E402
from engine.actions import Play  # noqa: E402
from engine.games import GAMES  # noqa: E402

PHASES = ("auction", "declare", "exchange", "play")
TABLES = [(g, None) for g in GAMES] + [("oh-hell", 7), ("knockout", 6)]


def reach(app, phase: str, hands: int = 12) -> bool:
    """Deal and let the AI play every seat until the person at the screen is to act in
    ``phase`` (with a card of the trick on the table in the play); then show the table."""
    session = app.session
    you = TableScene(app).you
    for _ in range(hands):
        if session.match.is_over:
            session.new_rubber()
        deal = session.deal or session.shuffle_and_deal()

        def stop(d):
            turn = d.turn
            mine = turn is not None and d.game.actor(d, turn) == you and str(d.phase) == phase
            return mine and (phase != "play" or bool(d.current.cards) or len(d.tricks) >= 2)

        _play_out(deal, None, stop, match=session.match)
        if not deal.is_over:
            app.go("table")
            for _ in range(3):
                app.step(1 / 60)
            return True
        session.finish()
    return False


def covered(table: TableScene) -> dict[str, list]:
    """What must stay in view, by kind: the trick, the hands, the labels."""
    plays = table.trick_on_table()
    spots = trick_parts.spots(table.geo, plays)
    tricks = []
    for card, _, centre in spots:
        r = table.geo.drop.copy()
        r.size = (table.geo.tc_w, table.geo.tc_h)
        r.center = centre
        tricks.append((f"trick {card.symbol}", r))
    cards = [(f"card {c.symbol}", r) for c, r in table.hand_rects() + table.own_row_rects()]
    for seat in table.seating.others:
        cards += [(f"{table.seating.name(seat)}'s {c.symbol}", r) for c, r in table.faceup_rects(seat)]
    cards += [("a hand face down", r) for r in table.fan_rects]
    cards += [("a turned card", r) for r in table.turned_rects]
    labels = [(f"label {table.seating.name(s)}", r) for s, r in table.label_rects.items()]
    return {"trick": tricks, "cards": cards, "labels": labels}


def check_room(table: TableScene, where: str) -> None:
    kept = covered(table)
    buttons = [(f"button {b.name}", b.rect) for b in table.buttons.buttons if b.visible]
    said = [("status", r) for r in table.status_rects]
    screen = table.app.window.get_rect()
    for _, rect in said:
        for name, r in buttons:
            assert not rect.colliderect(r), f"{where}: the status line {rect} over {name} {r}"
    for name, rect in buttons + said:
        assert screen.contains(rect), f"{where}: {name} {rect} leaves the screen"
        for kind in ("trick", "cards", "labels"):
            for what, r in kept[kind]:
                assert not rect.colliderect(r), f"{where}: {name} {rect} over {what} {r}"
    for what, r in kept["labels"]:
        for other, q in kept["trick"] + kept["cards"]:
            assert not r.colliderect(q), f"{where}: {what} {r} over {other} {q}"
        assert table.app.window.get_rect().contains(r), f"{where}: {what} {r} off the screen"


@pytest.mark.parametrize(("game", "players"), TABLES)
def test_nothing_covers_the_trick_a_hand_or_a_label_and_buttons_take_a_finger(game, players):
    reached = []
    for size in ((800, 480), (1920, 1080), (480, 800)):
        for phase in PHASES:
            app = make_app(size, game=game, players=players, seed=3)
            try:
                if not reach(app, phase):
                    continue
                table = app.scene
                assert isinstance(table, TableScene)
                where = f"{game} at {players or 'its'} seats, {size[0]}x{size[1]}, {phase}"
                reached.append(phase)
                check_room(table, where)
                if size == (800, 480):
                    for b in table.buttons.buttons:
                        if b.visible:
                            assert min(b.rect.w, b.rect.h) >= 48, f"{where}: {b.name} is {b.rect.size}"
                    if table.trick_on_table():
                        wide = table.geo.tc_w
                        assert wide >= 60, f"{where}: the trick's cards are {wide} px wide"
            finally:
                app.close()
    assert "play" in reached, game


@pytest.mark.parametrize("game", list(GAMES))
def test_the_tables_buttons_play_a_card_in_every_game(game):
    """H asks the hint (its card raised), Enter plays it: posted as the GPIO buttons post them."""
    app = make_app((800, 480), game=game, seed=3)
    try:
        assert reach(app, "play")
        table = app.scene
        deal = app.session.deal
        before = len(deal.actions)
        app.queue.post(ButtonEvent(Action.HINT, source="gpio"))
        for _ in range(5):
            app.step(1 / 60)
        assert table.selected is not None, table.status()
        chosen = table.selected
        app.queue.post(ButtonEvent(Action.SELECT, source="gpio"))
        app.step(1 / 60)
        assert len(deal.actions) > before and deal.actions[before] == Play(deal.actions[before].seat, chosen)
    finally:
        app.close()
