"""The app as its scenes see it, and what it keeps for them.

device.app.app.App imports the scenes (and the store's banner, the game choice) to show
them; they name this Protocol, never the class, so no import runs in a circle, even for
types. It lists only what they use of the app; the class documents each member. A member a
scene starts to use is added here; mypy then checks the class still has it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    import pygame

    from device.app.ai_worker import AIWorker
    from device.app.session import Session, Stats
    from device.app.sound import Sound
    from device.config import Config
    from device.events import EventQueue
    from device.referee import Referee
    from device.remote.table import RemoteTable
    from device.review import CardCost
    from device.store import Store
    from device.store.sqlite import HeldWrites
    from engine.deal import Deal
    from engine.game import GameRules
    from engine.seats import Seat


@dataclass
class AppOptions:
    size: tuple[int, int] | None = None  # None: from the config
    fullscreen: bool | None = None
    kiosk: bool = False
    synchronous_ai: bool = False  # tests and screenshots: the AI answers at once
    seed: int | None = None
    game: str | None = None  # a name from engine.games; None: the config's [game]
    players: int | None = None  # the table size, for the games played at several
    persist: bool = False  # write Settings changes back to the config file
    # --rule KEY=VALUE for this run (device/rule_option.py): over the config's house rules
    # of the game chosen with the run, never written to the config file.
    rules: tuple[str, ...] = ()
    fps: int = 60
    remote: bool = False  # seats from phones (``play --remote``), whatever the config's [remote] says


@dataclass
class ReviewCache:
    """One deal's review, kept on the app so it is worked out once, even when the
    player leaves the screen and comes back while the AI is still at it."""

    deal: Deal
    job: int | None  # None once answered
    result: list[CardCost] | None = None
    failed: bool = False


class App(Protocol):
    options: AppOptions
    config: Config
    kiosk: bool
    canvas: pygame.Surface
    queue: EventQueue
    ai: AIWorker
    sound: Sound
    clock: float
    store: Store | None
    store_problem: str | None
    store_notice_dismissed: bool
    referee_session: Referee | None
    review_cache: ReviewCache | None
    remote: RemoteTable | None
    remote_problem: str

    @property
    def session(self) -> Session: ...
    @session.setter
    def session(self, value: Session) -> None: ...
    @property
    def current_session(self) -> Session | None: ...
    @property
    def has_game(self) -> bool: ...
    @property
    def stats(self) -> Stats: ...
    @property
    def size(self) -> tuple[int, int]: ...
    @property
    def anim(self) -> float: ...
    @property
    def touch_wording(self) -> bool: ...
    @property
    def ai_budget(self) -> float | None: ...
    @property
    def level_key(self) -> str: ...
    # The scene on screen: a scene that wants one of its kind checks the type.
    @property
    def scene(self) -> object: ...

    def house_rules(self, config: Config) -> GameRules: ...
    def journals(self) -> list[HeldWrites]: ...
    def ai_level(self, seat: Seat) -> str: ...
    def apply_config(self, config: Config) -> None: ...
    def go(self, name: str, **kwargs: object) -> None: ...


__all__ = ["App", "AppOptions", "ReviewCache"]
