"""Every scene of every game at every table size it allows, at 800x480, 1920x1080 and 480x800.

Each case draws one scene (the menu, the table at each step where the person at
the screen acts, the hand result, the score pad and list, the celebration, the
review, the statistics, the rules, the settings, the real-card referee) and
reads the frame's layout log (device/app/render/layout.py): no traceback, no
text over other text or off the screen, no touch target under 48 px, nothing
drawn over a card in play. A game's state is played once (the AI in every
seat, seeded) and each scene drawn once a size, so the whole matrix stays cheap.

Scenes other engineers own fail some checks today: they are listed in
``NOT_YET`` (scene and seats) with the reason, expected to fail strictly, for
their owners to remove.
"""

from __future__ import annotations

import os
import traceback
from collections.abc import Callable, Iterator
from functools import cache

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from device import vocabulary  # noqa: E402
from device.app.game_choice import SCREEN_SEATS  # noqa: E402
from device.app.render import layout  # noqa: E402
from device.app.scenes.base import Scene  # noqa: E402
from device.app.scenes.review import ReviewScene  # noqa: E402
from device.app.testing import make_app  # noqa: E402
from engine.ai import choose_action  # noqa: E402
from engine.errors import RulesError  # noqa: E402
from engine.games import GAMES  # noqa: E402

SIZES = ((800, 480), (1920, 1080), (480, 800))
STEPS = ("auction", "declare", "exchange", "play")
SCENES = ("menu", *(f"table-{s}" for s in STEPS), "summary", "review", "review-trick", "celebration",
          "scorepad", "scoresheet", "stats", "rules", "settings", "referee")
HANDS_FOR_STEPS = 6  # hands dealt to meet each step at the seat at the screen
HANDS_FOR_A_GAME = 80  # hands played, at most, until a game is won

# Scenes, at a table of so many seats, owned by other engineers that fail the checks today
# (issue 43): remove a line once its scene passes (strict: a case that passes fails the run
# until its line goes). The owner is named in the reason.
NOT_YET: dict[tuple[str, int], str] = {}


def tables() -> Iterator[tuple[str, int]]:
    """Every game at every table size it allows."""
    for name, game in GAMES.items():
        for players in range(2, SCREEN_SEATS + 1):
            try:
                game.with_players(players)
            except RulesError:
                continue
            yield name, players


def _draw(scene: Scene, size: tuple[int, int]) -> list[str]:
    surf = pygame.Surface(size)
    scene.ensure_layout(size)
    scene.draw(surf)
    scene.update(1 / 60)
    scene.draw(surf)
    found = layout.problems(surf)
    if not any(b.kind == layout.TEXT and not b.owner for b in layout.LOG.boxes(surf)):
        # Text drawn past the log (surf.blit, not layout.blit) would pass every check unseen.
        found.append("no text of its own in the layout log: draw it with layout.blit")
    return [f"{size[0]}x{size[1]}: {p}" for p in found]


@cache
def frames(name: str, players: int) -> dict[str, list[str]]:
    """Problems by scene (a traceback is one), for ``name`` at a table of ``players``."""
    layout.LOG.enabled = True
    app = make_app((800, 480), seed=11, game=name, players=players)
    session = app.session
    game = session.match.game
    me = vocabulary.you(game)
    found: dict[str, list[str]] = {}

    def shoot(scene_name: str, make: Callable[[], Scene]) -> None:
        out: list[str] = []
        try:
            for size in SIZES:
                out += _draw(make(), size)
        except Exception:  # a traceback is a finding of the matrix, reported as one
            out.append(traceback.format_exc())
        found[scene_name] = out

    def go(scene_name: str, **kwargs: object) -> Callable[[], Scene]:
        def make() -> Scene:
            app.go(scene_name, **kwargs)
            return app.scene
        return make

    def finish() -> None:
        app.stats.record_hand(app.level_key, session.finish(), session.match)

    def act(deal: object) -> None:
        from engine.deal import Deal

        assert isinstance(deal, Deal) and deal.turn is not None
        deal.apply(choose_action(deal.observe(deal.turn), "rules", session.match.move_seed()))

    try:
        shoot("menu", go("menu"))
        for _ in range(HANDS_FOR_STEPS):
            deal = session.shuffle_and_deal()
            while not deal.is_over:
                turn = deal.turn
                assert turn is not None
                step = str(deal.phase)
                mine = deal.game.actor(deal, turn) == me
                if mine and f"table-{step}" not in found and (step != "play" or deal.current.cards):
                    shoot(f"table-{step}", go("table"))
                act(deal)
            finish()
            if all(f"table-{s}" in found for s in STEPS if s != "declare" and s != "exchange"):
                break
        shoot("summary", go("summary"))
        shoot("review", go("review"))

        def trick_one() -> Scene:
            scene = go("review")()
            assert isinstance(scene, ReviewScene)
            scene.go_to(1)
            return scene

        shoot("review-trick", trick_one)
        for _ in range(HANDS_FOR_A_GAME):
            if session.match.games:
                break
            deal = session.shuffle_and_deal()
            while not deal.is_over:
                act(deal)
            finish()
        shoot("celebration", go("celebration"))
        shoot("scorepad", go("scorepad"))
        shoot("scoresheet", go("scoresheet"))
        shoot("stats", go("stats"))
        shoot("rules", go("rules"))
        shoot("settings", go("settings"))
        shoot("referee", go("referee"))
    finally:
        app.close()
    return found


def cases() -> Iterator[object]:
    for name, players in tables():
        for scene in SCENES:
            reason = NOT_YET.get((scene, players))
            marks = [pytest.mark.xfail(reason=reason, strict=True)] if reason else []
            yield pytest.param(name, players, scene, id=f"{name}-{players}-{scene}", marks=marks)


@pytest.mark.parametrize(("name", "players", "scene"), list(cases()))
def test_the_scene_draws_clear_of_itself_at_every_size(name: str, players: int, scene: str) -> None:
    found = frames(name, players)
    if scene.startswith("table-") and scene not in found:
        pytest.skip(f"the seat at the screen never acts in the {scene.removeprefix('table-')} step")
    assert found[scene] == []


@pytest.mark.parametrize("scene", ["quit", "abandon", "pin", "recall", "enrol", "scoresheet", "games"])
def test_the_scenes_every_game_shares_draw_clear_of_themselves(scene: str) -> None:
    layout.LOG.enabled = True
    app = make_app((800, 480), seed=11)
    try:
        if scene == "recall":
            from device.app.scenes.recall import seed_demo_store
            from device.store import Store

            app.store = Store(":memory:")
            seed_demo_store(app.store, hands=2, seed=11)
        problems = []
        for size in SIZES:
            app.go(scene)
            problems += _draw(app.scene, size)
        assert problems == []
    finally:
        app.close()
