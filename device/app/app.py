"""The app loop: one frame = drain input, update the scene, draw, present.

``App.step(dt)`` runs exactly one frame so tests can drive the app with
posted events and a fixed clock; ``App.run()`` is the real loop.
"""

from __future__ import annotations

import logging
import os
import signal
import time
from types import FrameType
from typing import TYPE_CHECKING

import pygame

from device.app import scenes, store_banner
from device.app.ai_worker import AIWorker
from device.app.app_protocol import AppOptions as AppOptions  # re-exported: main and tests make one
from device.app.house_rules import rules_from_config
from device.app.input import InputMapper, canvas_size, window_rect
from device.app.sound import Sound
from device.events import Action, ButtonEvent, EventQueue, InputEvent, PointerEvent, QuitRequest
from engine.games import UNNAMED

if TYPE_CHECKING:
    from device.app.app_protocol import ReviewCache
    from device.app.scenes.base import Scene
    from device.app.session import Session, Stats
    from device.config import Config
    from device.journal import Journal
    from device.referee import Referee
    from device.remote.table import RemoteTable
    from device.store import Store
    from device.store.sqlite import HeldWrites
    from engine.game import GameRules
    from engine.seats import Seat

log = logging.getLogger(__name__)

ANIMATION_FACTORS = {"off": 0.0, "fast": 0.5, "normal": 1.0, "slow": 1.8}


class App:
    def __init__(self, config: Config | None = None, options: AppOptions | None = None) -> None:
        if config is None:
            from device.config import Config

            config = Config()
        self.options = options or AppOptions()
        self.config = config
        if self.options.game is None:  # the config's game; ``play --players N`` alone sizes its table
            from device.app.game_choice import configured, screen_counts

            name, players = configured(config)
            if self.options.players not in screen_counts(name):
                self.options.players = players
            self.options.game = name
        # --rule was checked against the game the run starts with: it applies to that game only.
        self._rule_game = (self.options.game, self.options.players)
        self.kiosk = self.options.kiosk
        # SDL would turn SIGTERM into a window-close, which the kiosk ignores:
        # keep the signals for Python (see run()) so systemd can stop the table.
        os.environ.setdefault("SDL_NO_SIGNAL_HANDLERS", "1")
        pygame.display.init()
        pygame.font.init()
        self._open_window()
        self.queue = EventQueue()
        self.input = InputMapper(self.queue, self.window.get_size(), self.rotation)
        from device.machine import size_ai

        size_ai(config.ai.memory)  # before the AI worker's warm-up makes the solver's tables
        self.ai = AIWorker(synchronous=self.options.synchronous_ai)
        self.ai.start()
        self.sound = Sound(config.display.sound, config.display.volume)
        # made on first use: the engine's import is not needed for the menu
        self._session: Session | None = None
        self._stats: Stats | None = None
        self.clock = 0.0  # seconds of app time (advanced by step's dt)
        self.frames = 0
        self.running = True
        self.idle_since = time.monotonic()
        # Which input was used last: prompts name the screen's buttons ("tap Start")
        # unless the physical buttons or keys are what is in use.
        self.last_input = "touch"
        # The game store (device.journal.attach_app): why there is none, if it could
        # not be opened, and when a held journal next tries the store again.
        self.store: Store | None = None
        self.store_problem: str | None = None
        self._store_retry_at = 0.0
        self.referee_session: Referee | None = None  # kept by the referee scene
        self.review_cache: ReviewCache | None = None  # kept by the review scene
        self.store_notice_dismissed = False  # the menu's notice of a damaged store was read
        # seats from phones (device.remote): its page is served once the loop runs (run())
        self.remote: RemoteTable | None = None
        self.remote_problem = ""  # why the phones' page is not served, when it could not be
        if config.remote.enabled or self.options.remote:
            from device.remote.table import RemoteTable

            self.remote = RemoteTable(config.remote, config.db_path().parent)
        self.scene: Scene
        self._show(scenes.make("menu", self))

    @property
    def session(self) -> Session:
        if self._session is None:
            from device.app.session import Session

            self._session = Session(self.house_rules(self.config), seed=self.options.seed)
        return self._session

    @session.setter
    def session(self, value: Session) -> None:
        self._session = value

    def house_rules(self, config: Config) -> GameRules:
        """The rules the next match of the game chosen plays: the config's, with this run's --rule."""
        game = self.options.game or UNNAMED.name
        rules = rules_from_config(config, game, self.options.players)
        if self.options.rules and (game, self.options.players) == self._rule_game:
            from engine.games import get_game
            from engine.settings import rules_with

            rules = rules_with(get_game(game, self.options.players), self.options.rules, base=rules)
        return rules

    @property
    def current_session(self) -> Session | None:
        """The session if one has been made (``session`` makes a rubber's)."""
        return self._session

    @property
    def has_game(self) -> bool:
        """A hand is in progress (without creating a session just to ask)."""
        return self._session is not None and self._session.deal is not None

    @property
    def journal(self) -> Journal | None:
        """The table's journal, when a session has one."""
        return None if self._session is None else self._session.journal

    def journals(self) -> list[HeldWrites]:
        """Every journal the app writes: the table's and the referee's to its store, and a
        drive table's hall journal (each holds what a full disk refuses, and is retried)."""
        referee = self.referee_session
        found = [self.journal, None if referee is None else referee.journal]
        held: list[HeldWrites] = [j for j in found if j is not None]
        return held + ([] if self._session is None else self._session.writes())

    @property
    def stats(self) -> Stats:
        if self._stats is None:
            from device.app.session import Stats

            self._stats = Stats()
        return self._stats

    # -- window and rotation ------------------------------------------------------
    @property
    def rotation(self) -> int:
        return self.config.display.rotation

    def _open_window(self) -> None:
        fullscreen = self.options.fullscreen
        if fullscreen is None:
            fullscreen = self.config.display.fullscreen
        fullscreen = fullscreen or self.kiosk
        size = self.options.size or self.config.display.width_height
        flags = 0
        if fullscreen:
            flags |= pygame.FULLSCREEN
            size = (0, 0) if self.options.size is None else size
        pygame.display.set_caption("Whist table")
        self.window = pygame.display.set_mode(size, flags)
        if self.kiosk:
            pygame.mouse.set_visible(False)
        self._make_canvas()

    def _make_canvas(self) -> None:
        wsize = self.window.get_size()
        if self.rotation == 0:
            self.canvas = self.window
        else:
            self.canvas = pygame.Surface(canvas_size(wsize, self.rotation)).convert()

    @property
    def size(self) -> tuple[int, int]:
        """The logical (drawing) size, after rotation."""
        return self.canvas.get_size()

    @property
    def anim(self) -> float:
        return ANIMATION_FACTORS.get(self.config.display.animation, 1.0)

    @property
    def touch_wording(self) -> bool:
        """Prompts speak of tapping the screen: a finger or the mouse was the last
        input (as at the start), not a physical button or key."""
        return self.last_input != "buttons"

    def ai_level(self, seat: Seat) -> str:
        # your partner's level only where there are partners: each alone, all are opponents
        partner = seat.side == 0 and self.session.match.game.partnerships
        return self.config.ai.partner if partner else self.config.ai.opponents

    @property
    def ai_budget(self) -> float | None:
        # Synchronous (tests, screenshots): a fixed amount of work, so a seed repeats.
        return None if self.options.synchronous_ai else self.config.ai.think_ms / 1000

    @property
    def level_key(self) -> str:
        """The statistics' group of the hand just played: the AI levels at the table (each
        alone, every AI seat plays at the opponents' level: there is no partner's)."""
        if not self.session.match.game.partnerships:
            return self.config.ai.opponents
        return f"partner {self.config.ai.partner} / opponents {self.config.ai.opponents}"

    def apply_config(self, config: Config) -> None:
        """Settings changed: rotation, sound and rules take effect here."""
        old = self.config
        self.config = config
        if config.display.rotation != old.display.rotation:
            self._make_canvas()
            self.input.rotation = config.display.rotation
            self.input.window = self.window.get_size()
        self.sound.enabled = config.display.sound
        self.sound.volume = config.display.volume
        if config.rules != old.rules or config.game_rules != old.game_rules:
            self.session.set_rules(self.house_rules(config))
        if self.options.persist:
            try:
                from device.config import save_config
                from device.paths import default_config_path

                save_config(config, config.source or default_config_path(self.kiosk))
            except OSError as exc:  # a read-only card must not stop the game
                log.warning("could not save settings: %s", exc)

    # -- scenes -----------------------------------------------------------------------
    def go(self, name: str, **kwargs: object) -> None:
        if name == "table":  # the games where each plays alone at 2-7 seats have their own table
            name = scenes.table_for(self.session.match.game.name)
        scene = scenes.make(name, self, **kwargs)
        self.scene.leave()
        self._show(scene)

    def _show(self, scene: Scene) -> None:
        self.scene = scene
        scene.ensure_layout(self.size)
        scene.enter()

    # -- the frame --------------------------------------------------------------------
    def pump(self) -> None:
        """pygame's events -> our queue (touch/mouse/keys, through the rotation)."""
        for ev in pygame.event.get():
            if ev.type in (pygame.WINDOWSIZECHANGED, pygame.VIDEORESIZE):
                self._resized()
            self.input.feed(ev)

    def _resized(self) -> None:
        surf = pygame.display.get_surface()
        if surf is not None and surf.get_size() != self.input.window:
            self.window = surf
            self.input.window = surf.get_size()
            self._make_canvas()

    def dispatch(self, ev: InputEvent) -> None:
        if isinstance(ev, ButtonEvent | PointerEvent):
            self.idle_since = time.monotonic()
            if isinstance(ev, PointerEvent):
                self.last_input = "touch"
            elif ev.source in ("gpio", "key"):
                self.last_input = "buttons"
        if isinstance(ev, QuitRequest):
            if self.kiosk and ev.reason != "admin":
                return  # the kiosk only closes from the admin menu
            self.running = False
            return
        if isinstance(ev, ButtonEvent) and ev.action == Action.ADMIN:
            self.go("admin")
            return
        self.scene.handle(ev)

    def step(self, dt: float = 1 / 60) -> None:
        self.pump()
        for ev in self.queue.drain():
            self.dispatch(ev)
            if not self.running:
                return
        self.clock += dt
        self._check_idle()
        self._retry_store()
        self.scene.ensure_layout(self.size)
        self.scene.update(dt)
        self.render()

    def _retry_store(self) -> None:
        waiting = [j for j in self.journals() if j.pending]
        if not waiting or self.clock < self._store_retry_at:
            return
        self._store_retry_at = self.clock + store_banner.RETRY_SECONDS
        for journal in waiting:
            if journal.flush():
                log.info("the game store has caught up")

    def _check_idle(self) -> None:
        minutes = self.config.kiosk.idle_minutes
        if not self.kiosk or minutes <= 0 or self.scene.name in ("demo", "admin", "pin"):
            return
        if time.monotonic() - self.idle_since > minutes * 60:
            self.go("demo")

    def render(self) -> None:
        self.scene.ensure_layout(self.size)
        self.scene.dirty = None
        self.scene.draw(self.canvas)
        dirty: list[pygame.Rect] | None = self.scene.dirty
        words = store_banner.message(self)
        if words is not None:
            banner = store_banner.draw(self.canvas, words)
            if dirty is not None:
                dirty.append(banner)
        if self.rotation:
            self._present_rotated(dirty)
        elif dirty is None:
            pygame.display.flip()
        elif dirty:
            pygame.display.update(dirty)
        self.frames += 1
        if self.frames == 1:
            self.sound.prepare()  # after the first frame is on screen

    def _present_rotated(self, dirty: list[pygame.Rect] | None) -> None:
        # Rotating in the app (not the device tree) keeps touch and drawing in step. Only the
        # patches that changed are turned: turning a whole 1920x1080 canvas by 90 degrees every
        # frame took 24 ms here (bench/frames.py), too slow for 60 frames a second on a Pi.
        if dirty is None:
            self.window.blit(pygame.transform.rotate(self.canvas, -self.rotation), (0, 0))
            pygame.display.flip()
            return
        bounds = self.canvas.get_rect()
        shown = []
        for rect in dirty:
            rect = rect.clip(bounds)
            if rect.width and rect.height:
                patch = pygame.transform.rotate(self.canvas.subsurface(rect), -self.rotation)
                shown.append(self.window.blit(patch, window_rect(self.rotation, self.size, rect)))
        if shown:
            pygame.display.update(shown)

    def run(self) -> int:
        def stop(signum: int, frame: FrameType | None) -> None:
            self.running = False

        try:
            signal.signal(signal.SIGTERM, stop)
        except ValueError:  # not the main thread (embedded): leave signals alone
            pass
        clock = pygame.time.Clock()
        dt = 1 / self.options.fps
        if self.remote is not None:
            from device.remote.server import ServerError

            try:
                self.remote.start()
            except ServerError as exc:  # the table plays on; Seat from a phone says why it cannot
                log.error("%s", exc)
                self.remote_problem = str(exc)
        while self.running:
            self.step(dt)
            dt = min(0.1, clock.tick(self.options.fps) / 1000)
        self.close()
        return 0

    def close(self) -> None:
        if self.remote is not None:
            self.remote.stop()
        self.ai.close()
        pygame.display.quit()
