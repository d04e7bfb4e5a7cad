"""Entry points: the table (``run_play``), attract mode (``run_demo``), screenshots."""

from __future__ import annotations

import argparse
import logging
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from device.app.app import App, AppOptions
    from device.config import Config
    from engine.deal import Deal
    from engine.match import Match

log = logging.getLogger(__name__)

SCREENSHOT_SCENES = ("menu", "phone", "table", "summary", "scoresheet", "stats", "rules", "settings",
                     "review",
                     "recall", "recall-deal",  # recall-deal: one deal's replay, half played
                     "enrol", "referee", "quit",
                     "celebration",  # a rubber (or with moment="game", a game) just won
                     "scorepad",
                     # the real-card screen with cards in hand (device.app.referee_shots)
                     "referee-readers", "referee-rack", "referee-taken", "referee-unplugged",
                     "games",  # the game picker
                     # more of the real-card screen, for any --game (device.app.referee_shots)
                     "referee-hand", "referee-bids", "referee-kitty",
                     "duplicate")  # the last hand played again from the other side, both results


def parse_size(text: str | None) -> tuple[int, int] | None:
    """``--size``, held to the limits of the config's display.size."""
    from device.config import SIZE_ALLOWED
    from device.config import parse_size as config_size

    if not text:
        return None
    size = config_size(text)
    if size is None:
        raise SystemExit(f"--size {text!r}: not a window size; allowed: {SIZE_ALLOWED}")
    return size


def _load_config(args: argparse.Namespace, kiosk: bool) -> Config:
    from device.config import ConfigError, load_config

    try:
        return load_config(getattr(args, "config", None), kiosk=kiosk)
    except ConfigError as exc:
        print(f"whist-table: the config cannot be used:\n{exc}", file=sys.stderr)
        raise SystemExit(2) from None


def _int_seed(seed: str | int | None) -> int | None:
    """The demo passes seeds as text; the app wants an int (a text seed is hashed, stably)."""
    if seed is None:
        return None
    try:
        return int(seed)
    except (TypeError, ValueError):
        import zlib

        return zlib.crc32(str(seed).encode())


def _game(name: str | None) -> str:
    from engine.games import GAMES, get_game

    return next(iter(GAMES)) if name is None else get_game(name).name  # the first listed by default


def app_from_args(args: argparse.Namespace, kiosk: bool = False, persist: bool = True) -> App:
    """The table app as the command line's options and the config describe it."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from device.app.app import App, AppOptions

    config = _load_config(args, kiosk)
    fullscreen = getattr(args, "fullscreen", False) or None
    options = AppOptions(size=parse_size(getattr(args, "size", None)), fullscreen=fullscreen,
                         kiosk=kiosk, seed=_int_seed(getattr(args, "seed", None)), persist=persist,
                         game=_chosen_game(args), players=getattr(args, "players", None),
                         rules=tuple(getattr(args, "rule", None) or ()),
                         remote=bool(getattr(args, "remote", False)))
    if options.rules:
        _check_rules(options, config)
    if options.remote or config.remote.enabled:
        _check_remote_installed()
    return App(config, options)


def _check_remote_installed() -> None:
    """Seats from phones need the ``remote`` extra (its server and QR code): said before a window opens."""
    from importlib.util import find_spec

    missing = [name for name in ("aiohttp", "segno") if find_spec(name) is None]
    if missing:
        raise SystemExit(f"whist-table: seats from phones need {' and '.join(missing)}: install the remote "
                         "extra (pip install 'whist-table[remote]'; in a checkout .venv/bin/pip install -e "
                         "'.[remote]'), or turn [remote] enabled off in the config")


def _check_rules(options: AppOptions, config: Config) -> None:
    """--rule checked against the game the run starts with, before a window opens."""
    from device.app.house_rules import rules_from_config
    from engine.errors import RulesError
    from engine.games import get_game
    from engine.settings import rules_with

    game = options.game or config.game.name
    players = options.players if options.game else options.players or config.game.players
    try:
        rules_with(get_game(game, players), options.rules, base=rules_from_config(config, game, players))
    except RulesError as exc:
        print(f"whist-table: --rule: {exc}", file=sys.stderr)
        raise SystemExit(2) from None


def _chosen_game(args: argparse.Namespace) -> str | None:
    """``--game`` for this run, else None: the config's [game] (device.app.game_choice)."""
    name = getattr(args, "game", None)
    return None if name is None else _game(name)


MEMORY_DRIVERS = ("offscreen", "dummy")  # SDL drivers that draw to memory, not to a screen


def _no_screen() -> bool:
    """SDL finds no screen (no X/Wayland, no KMS) and would draw to memory only,
    though nobody asked for that with SDL_VIDEODRIVER: the table would run unseen."""
    if os.environ.get("SDL_VIDEODRIVER"):
        return False
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    try:
        pygame.display.init()
    except pygame.error:
        return True
    try:
        return pygame.display.get_driver() in MEMORY_DRIVERS
    finally:
        pygame.display.quit()


def terminal_demo(args: argparse.Namespace) -> int:
    """No screen: the text demo in the terminal, as ``make run`` promises."""
    print("No display found: playing a demo in the terminal instead.", file=sys.stderr)
    from device.headless import run_headless

    delay = 0.4 if sys.stdout.isatty() else 0.0  # watchable on a terminal, instant in a pipe
    run_headless(4, getattr(args, "seed", None), out=sys.stdout, delay=delay)
    return 0


NO_SCREEN_KIOSK = ("whist-table: no screen found for the kiosk: connect the display (a KMS card under "
                   "/dev/dri) or set DISPLAY, then start it again")


def ask_about_saved_match(app: App) -> None:
    """``--game G`` while the store's unfinished match is of another game: asked whether to
    leave it (kept: back to the table; left: G starts) rather than playing it under G's name."""
    asked = app.options.game
    match = app.session.match
    if asked is None or not match.deals:
        return
    from engine.games import get_game

    wanted = get_game(asked, app.options.players)
    if (match.game.name, match.game.players) != (wanted.name, wanted.players):
        app.go("change_game", game=wanted.name, players=app.options.players, back="table")


def run_play(args: argparse.Namespace) -> int:
    """``whist-table [play]``: the table, windowed or fullscreen, or as a kiosk."""
    kiosk = bool(getattr(args, "kiosk", False))
    if _no_screen():
        # No screen (no X, no Wayland, no KMS, or a DISPLAY nobody answers on): SDL would
        # draw to an invisible window that runs for ever.
        if kiosk:
            print(NO_SCREEN_KIOSK, file=sys.stderr)
            return 1
        return terminal_demo(args)
    app = app_from_args(args, kiosk=kiosk)
    from device.journal import attach_app  # every card kept in the store; a cut rubber resumed

    store = attach_app(app)
    ask_about_saved_match(app)
    if getattr(args, "referee", False):
        app.go("referee")  # real cards for --game (an unfinished real-card match comes back)
    source = getattr(args, "deal_source", None)
    if source is not None:
        if getattr(args, "duplicate", False):
            from device.app.duplicate_run import start_duplicate

            start_duplicate(app, source)
        else:
            app.session.use_deals(source)
    try:
        return app.run()
    finally:
        if store is not None:
            store.close()


def run_demo(args: argparse.Namespace) -> int:
    """``whist-table demo``: attract mode; a touch goes to the menu."""
    app = app_from_args(args, kiosk=bool(getattr(args, "kiosk", False)))
    app.go("demo", only=_chosen_game(args))  # --game: that game only; else the config's [demo] games
    return app.run()


def _play_out(deal: Deal, seed: int | str | None = None, stop: Callable[[Deal], bool] | None = None,
              match: Match | None = None) -> None:
    """Play ``deal`` on with the AI in every seat (until ``stop(deal)``); each move
    seeded by engine.match.move_seed (from ``match`` when given, else ``seed``)."""
    from device.app import ai_worker
    from engine.match import move_seed

    while (turn := deal.turn) is not None and not (stop and stop(deal)):  # None: the deal is over
        seed_now = match.move_seed() if match is not None else move_seed(seed, 0, len(deal.actions))
        deal.apply(ai_worker.act_fixed(deal.observe(turn), "rules", seed_now))


def screenshot(scene: str, size: tuple[int, int], out: str | Path, seed: int = 1,
               rotation: int = 0, four_colour: bool = False, hands: int | None = None,
               tricks: int | None = None, last_trick: bool = False, honours: bool | None = None,
               rubber_points: bool | None = None,
               back: str | None = None, game: str | None = None, moment: str = "rubber",
               at: float | None = None, players: int | None = None, step: str | None = None,
               remote: bool = False) -> Path:
    """Render ``scene`` with a seeded game (of ``game``) to a PNG, without a display.

    ``hands``: hands played before (the dealer moves on one seat a hand: 2 makes
    South deal); ``tricks``: the table is shown at South's turn once that many
    tricks are played (the review: at that trick); ``last_trick`` opens the last trick; ``back``:
    the scene the shown one was opened from (a score sheet from the summary). The celebration
    and the score pad are shown once hands are played until the rubber is won
    (``moment="game"``: the first game), unless ``hands`` says how many;
    ``at``: the celebration's animation that many seconds in (default: its end); ``step``: the
    table at South's turn in that step before the play (auction, declare, exchange; the first
    hand of the seed where South gets there)."""
    if scene not in SCREENSHOT_SCENES:
        raise ValueError(f"unknown scene {scene!r}: choose from {', '.join(SCREENSHOT_SCENES)}")
    from device.app.game_choice import has_table, no_table

    refereed = scene.startswith("referee")  # real cards need no table: every game is refereed
    if not has_table(_game(game)) and not refereed:
        raise ValueError(no_table(_game(game)))
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from device.app.app import App, AppOptions
    from device.config import Config

    display: dict[str, object] = {"animation": "off" if at is None else "normal", "sound": False,
                                  "rotation": rotation, "four_colour": four_colour}
    changes: dict[str, dict[str, object]] = {"display": display}
    rules: dict[str, object] = {}
    if honours is not None:
        rules["honours"] = honours
    if rubber_points is not None:
        rules["rubber_points"] = rubber_points
    if rules:
        changes["rules"] = rules
    config = Config().updated(changes)
    app = App(config, AppOptions(size=size, fullscreen=False, synchronous_ai=True, seed=seed,
                                 game=_game(game), players=players, remote=remote or scene == "phone"))
    session = app.session
    if hands is None:
        hands = {"summary": 1, "review": 1, "scoresheet": 3, "stats": 8, "duplicate": 1}.get(scene, 0)

    def play_hand() -> None:
        _play_out(session.shuffle_and_deal(), match=session.match)
        score = session.finish()
        app.stats.record_hand(app.level_key, score, session.match)

    for _ in range(hands):
        play_hand()
    if scene in ("celebration", "scorepad") and hands == 0:
        # Until the moment: the first game won, or the rubber (the match).
        while not (session.match.is_over or moment == "game" and session.match.games):
            play_hand()
    from device.vocabulary import you

    def deal_until(stop: Callable[[Deal], bool]) -> None:
        """Deal and play until ``stop``; with a step asked for, hands on (40 at most) until
        the seat at the bottom has that step."""
        deal = session.shuffle_and_deal()
        _play_out(deal, None, stop, match=session.match)
        for _ in range(40):  # a hand that ends before the moment: the next one
            if not deal.is_over:
                break
            session.finish()
            deal = session.shuffle_and_deal()
            _play_out(deal, None, stop, match=session.match)
        if deal.is_over and step is not None:
            raise ValueError(f"in {session.match.game.title} your seat never has the {step} step: "
                             "choose a step the game has (whist-table games)")
        if deal.is_over:
            raise ValueError(f"a hand of {session.match.game.title} has {deal.tricks_per_hand} tricks: "
                             f"--tricks {tricks} is past its end")

    alone = not session.match.game.partnerships  # each alone: you are seat 0, else South
    if scene == "table" and alone:
        # at your turn: to bid with tricks 0 (you deal the first hand: the hook shows), else
        # to play once that many tricks (default 1) are played and the trick is under way
        def your_turn(d: Deal) -> bool:
            if d.turn is None or d.game.actor(d, d.turn) != you(d.game):  # yours, or a dummy you play
                return False
            if step is not None:
                return str(d.phase) == step
            if tricks == 0:
                return d.phase in ("auction", "declare")
            return d.phase == "play" and len(d.tricks) >= (tricks or 1) and bool(d.current.cards)

        deal_until(your_turn)
    elif scene == "table":
        def stop(d: Deal) -> bool:
            if step is not None:
                return d.turn == 2 and str(d.phase) == step
            if tricks is None:
                return len(d.tricks) >= 5 and d.turn == 2 and len(d.current.cards) >= 2
            return len(d.tricks) >= tricks and d.turn == 2

        deal_until(stop)
    store = None
    newest_id = None
    if scene.startswith("recall"):
        # A throwaway store with a few deals, so History shows real content.
        from device.app.scenes.recall import seed_demo_store
        from device.store import Store

        store = app.store = Store(":memory:")
        seed_demo_store(store, hands=4, seed=seed)
        if scene == "recall-deal":
            newest_id = store.recent_deals(1)[0].id
    if scene == "duplicate":
        from device.app.scenes.duplicate import both_sides_played

        both_sides_played(app, lambda deal, m: _play_out(deal, match=m))
    elif scene == "recall-deal":
        app.go("recall", deal_id=newest_id, step=26)
    elif scene == "quit":
        app.step(1 / 60)  # the menu on screen first: the question is asked over it
        app.go("quit", back="menu")
    elif scene.startswith("referee-"):  # the real-card screen with cards in hand
        from device.app import referee_shots

        referee_shots.prepare(app, scene, seed)
    elif scene == "phone":  # a seat offered: its QR code and code on the screen
        from device.app.scenes.phone import PhoneScene

        app.go("phone")
        assert isinstance(app.scene, PhoneScene)
        app.scene.choose(app.scene.seats[0])
    elif back is not None:
        app.go(scene, back=back)
    else:
        app.go(scene)
    for _ in range(3):
        app.step(1 / 60)
    if scene == "celebration" and at is not None:
        app.step(max(0.0, at - 3 / 60))
    if scene == "stats":  # the costly-cards chart filled in, as after a moment on the screen
        from device.app.scenes.stats import StatsScene

        assert isinstance(app.scene, StatsScene)
        for _ in range(60):
            if not app.scene.waiting():
                break
            app.step(1 / 60)
        app.step(1 / 60)
    if scene == "review" and tricks is not None:
        from device.app.scenes.review import ReviewScene

        assert isinstance(app.scene, ReviewScene)
        app.scene.go_to(tricks)
        app.step(1 / 60)
    if scene == "table":
        from device.app.scenes.table import TableScene

        tbl = app.scene
        assert isinstance(tbl, TableScene)
        tbl.update(0)
        legal = tbl.dealt.legal_moves()
        if legal and not last_trick and tbl.waiting_for_human:
            tbl.selected = legal[0]
        if tbl.step() == "pick":  # two cards chosen to lay away: the count shows
            for card in tbl.hand_cards()[:2]:
                tbl.panel.toggle(card)
        if last_trick:
            tbl.show_last()
        app.step(1 / 60)
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(app.window, str(out))
    app.close()
    if store is not None:
        store.close()
    return out
