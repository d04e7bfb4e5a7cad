"""One table for every game: a whole hand of each game played in the real
window's event loop (SDL's dummy driver, events posted as a keyboard or a
touchscreen would), once by the keys alone (arrows and Enter) and once by
taps alone; and the table's promises at 800x480 for each: nothing drawn over
the trick, a hand or a label; fingertip-sized buttons; played cards 60 px wide."""

from __future__ import annotations

import os
import re

import pygame
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from device.app.scenes.table import TableScene, words  # noqa: E402
from device.app.testing import make_app, tap  # noqa: E402
from engine.games import GAMES  # noqa: E402

GAME_NAMES = list(GAMES)


def key(app, k: int, frames: int = 2) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    for _ in range(frames):
        app.step(1 / 60)


def start(game: str, size=(800, 480), seed: int = 5, rotation: int = 0):
    app = make_app(size, game=game, seed=seed, rotation=rotation)
    app.go("table")
    app.step(1 / 60)
    assert isinstance(app.scene, TableScene)
    return app


def hand_done(app, deal) -> bool:
    return deal is not None and deal.is_over


def test_keys_alone_play_a_whole_hand_of_every_game():
    for game in GAME_NAMES:
        app = start(game)
        try:
            key(app, pygame.K_RETURN)  # Enter deals
            deal = app.session.deal
            assert deal is not None, game
            kinds = set()
            said = set()
            for _ in range(3000):
                if deal.is_over:
                    break
                table = app.scene
                if isinstance(table, TableScene):
                    said.add(table.status())
                    said.update(" ".join(words.label_lines(deal, table.seating, s, app.session.match, False))
                                for s in table.seating.others)
                if isinstance(table, TableScene) and table.waiting_for_human:
                    kinds.add(table.step() or "play")
                    key(app, pygame.K_RIGHT, 1)
                    key(app, pygame.K_RETURN, 1)
                else:
                    app.step(1 / 60)
            assert deal.is_over, (game, deal.phase, deal.turn, app.scene.status())
            assert kinds, game  # you acted in it, by keys
            # one word for each seat and card: no compass seats, no "You plays", cards as ♠Q
            text = " | ".join(said)
            assert not re.search(r"\b(North|South|East|West|Seat [NESW])\b", text), (game, text)
            assert not re.search(r"\bYou (plays|leads|wins|bids|is)\b", text), (game, text)
            assert not re.search(r"\b(two|three|four|five|six|seven|eight|nine|ten|jack|queen|king|ace) of\b",
                                 text, re.I), (game, text)
        finally:
            app.close()


def tap_step(app, table: TableScene) -> None:
    """One answer by touch: the first button of the step's panel, the cards to lay away
    then the button, or a legal card tapped twice."""
    step = table.step()
    deal = table.dealt
    shown = [b for b in table.panel.shown if b.visible and b.enabled and b.name != "lay-away"]
    if step not in ("", "pick", "knock") and shown:
        tap(app, *shown[0].rect.center)
        return
    if step == "pick":
        need = deal.exchange_count()
        for card in [c for c, _ in table.tappable() if c in (deal.hand(deal.turn) or ())][:need]:
            tap(app, *table.tap_point(card))
        lay = table.panel.lay_away
        assert lay is not None and lay.enabled
        tap(app, *lay.rect.center)
        return
    card = deal.legal_moves()[0]
    tap(app, *table.tap_point(card))
    if table.selected == card:
        tap(app, *table.tap_point(card))


@pytest.mark.parametrize(("size", "rotation"), [((800, 480), 0), ((800, 480), 90), ((480, 800), 0)])
def test_taps_alone_play_a_whole_hand_of_every_game(size, rotation):
    """Landscape, the screen turned a quarter (--rotation 90) and a portrait window."""
    for game in GAME_NAMES:
        app = start(game, size, seed=7, rotation=rotation)
        try:
            deal = play_by_taps(app)
            assert deal.is_over, (game, deal.phase, deal.turn, app.scene.status())
        finally:
            app.close()


def play_by_taps(app):
    """Deal with a tap and play the hand out, answering every step by taps alone; returns the deal."""
    tap(app, *app.scene.buttons.by_name("deal").rect.center)
    deal = app.session.deal
    assert deal is not None
    for _ in range(3000):
        if deal.is_over:
            break
        table = app.scene
        if isinstance(table, TableScene) and table.waiting_for_human:
            tap_step(app, table)
        else:
            app.step(1 / 60)
    return deal


def test_the_table_names_no_game():
    """The table asks each game's description, never its name: no game's name or title in
    its source."""
    from pathlib import Path

    import device.app.scenes.table as package

    source = "\n".join(p.read_text() for p in Path(package.__file__).parent.glob("*.py"))
    for name, game in GAMES.items():
        for said in (f'"{name}"', f"'{name}'", game.title):
            assert said not in source, said
