"""Big arcade buttons on GPIO pins, turned into the project's ButtonEvents.

One ``gpiozero.Button`` per configured pin, on gpiozero's default pin factory
(lgpio on a Pi 5; ``GPIOZERO_PIN_FACTORY`` overrides it, gpiozero reads that
itself). gpiozero calls us back on its own thread: the callbacks only update a
little state under a lock and post events on the EventQueue, never touching
pygame or the game.

Debounce and hold live here, not in gpiozero, because gpiozero's mock pins
ignore ``bounce_time`` (so only our own layer can be proven by tests) and
because an injectable clock keeps those tests deterministic.

- An edge within ``debounce_ms`` of the last accepted edge of the same button
  is ignored; a periodic ``tick()`` re-reads the pin afterwards so a bounce
  that was ignored cannot leave us believing a released button is still down.
- A short press posts ``ButtonEvent(action)`` when the button is released.
- A button held for ``hold_seconds`` posts ``ButtonEvent(action, held=True)``
  (``back`` held posts ``Action.ADMIN``) as soon as the hold is reached, and
  its release posts nothing more.
"""

from __future__ import annotations

import logging
import threading
import time
import warnings
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields

from device.events import Action, ButtonEvent, EventQueue

log = logging.getLogger(__name__)

# Actions a physical button may carry, in the order the config lists them.
BUTTON_ACTIONS: tuple[Action, ...] = (
    Action.SELECT,
    Action.LEFT,
    Action.RIGHT,
    Action.BACK,
    Action.DEAL,
    Action.LAST_TRICK,
    Action.HINT,
)

# What a hold of each button means; anything not listed holds as itself.
HOLD_ACTIONS: dict[Action, Action] = {Action.BACK: Action.ADMIN}

# A suggested wiring (BCM numbers) for the installer's check when no config
# is given: pins free of I2C, SPI and the UART on a Pi header.
DEFAULT_PINS: dict[str, int] = {
    "select": 17,
    "left": 27,
    "right": 22,
    "back": 23,
    "deal": 24,
    "last_trick": 25,
    "hint": 5,
}

BCM_MIN, BCM_MAX = 0, 27


@dataclass(frozen=True)
class ButtonsConfig:
    """Which BCM pin carries which action (each optional) and the timings."""

    select: int | None = None
    left: int | None = None
    right: int | None = None
    back: int | None = None
    deal: int | None = None
    last_trick: int | None = None
    hint: int | None = None
    debounce_ms: int = 50
    hold_seconds: float = 3.0

    def __post_init__(self) -> None:
        seen: dict[int, str] = {}
        for action in BUTTON_ACTIONS:
            pin = getattr(self, action.value)
            if pin is None:
                continue
            if isinstance(pin, bool) or not isinstance(pin, int):
                raise ValueError(f"button {action.value}: pin {pin!r} is not a BCM pin number")
            if not BCM_MIN <= pin <= BCM_MAX:
                raise ValueError(
                    f"button {action.value}: pin {pin} is out of range: "
                    f"use a BCM number {BCM_MIN}..{BCM_MAX}"
                )
            if pin in seen:
                raise ValueError(
                    f"pin {pin} is given to both {seen[pin]} and {action.value}: "
                    "each button needs its own pin"
                )
            seen[pin] = action.value
        if self.debounce_ms < 0:
            raise ValueError(f"debounce_ms must be 0 or more, not {self.debounce_ms}")
        if self.hold_seconds <= 0:
            raise ValueError(f"hold_seconds must be more than 0, not {self.hold_seconds}")

    def pins(self) -> dict[Action, int]:
        """The configured pins by action (unconfigured actions left out)."""
        out: dict[Action, int] = {}
        for action in BUTTON_ACTIONS:
            pin = getattr(self, action.value)
            if pin is not None:
                out[action] = pin
        return out

    @classmethod
    def from_mapping(cls, values: Mapping[str, object]) -> ButtonsConfig:
        """Build from plain values (a TOML table); unknown keys are an error."""
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(values) - known)
        if unknown:
            raise ValueError(
                f"unknown button setting(s) {', '.join(unknown)}: "
                f"use {', '.join(sorted(known))}"
            )
        return cls(**values)  # type: ignore[arg-type]


    @classmethod
    def from_settings(cls, settings: object) -> ButtonsConfig:
        """Build from any object with these attribute names (the config file's
        ``[buttons]`` section); other attributes such as ``enabled`` are ignored."""
        values = {
            f.name: getattr(settings, f.name) for f in fields(cls) if hasattr(settings, f.name)
        }
        return cls(**values)


def parse_pins(text: str) -> dict[str, int]:
    """``select=17,left=27`` -> ``{"select": 17, "left": 27}`` (spaces allowed)."""
    out: dict[str, int] = {}
    for item in text.replace(" ", ",").split(","):
        if not item:
            continue
        name, sep, value = item.partition("=")
        name = name.strip().lower().replace("-", "_")
        if not sep or name not in {a.value for a in BUTTON_ACTIONS}:
            raise ValueError(
                f"{item!r} is not a pin setting: write action=pin with an action among "
                f"{', '.join(a.value for a in BUTTON_ACTIONS)}, e.g. select=17"
            )
        try:
            out[name] = int(value)
        except ValueError:
            raise ValueError(f"{item!r}: the pin must be a BCM number such as 17") from None
    return out


@dataclass
class _State:
    """Our debounced view of one button."""

    action: Action
    pin: int
    device: object = None  # the gpiozero.Button
    pressed: bool = False
    last_edge: float | None = None  # time of the last accepted edge
    pressed_at: float = 0.0
    hold_posted: bool = False
    ignored: int = 0  # edges dropped as bounce


@dataclass
class ButtonPanel:
    """All configured buttons; posts ButtonEvents on ``queue``.

    ``start()`` opens the pins and returns False (after logging one line) when
    the machine has no GPIO. ``poll_interval`` is how often a background
    thread checks for holds; None leaves that to whoever calls ``tick()``.
    """

    config: ButtonsConfig
    queue: EventQueue
    clock: Callable[[], float] = time.monotonic
    pin_factory: object = None  # None: gpiozero's default (GPIOZERO_PIN_FACTORY)
    poll_interval: float | None = 0.05
    on_event: Callable[[ButtonEvent, int], None] | None = None  # (event, pin), for the CLI
    available: bool = field(default=False, init=False)  # True once the pins are open
    error: str = field(default="", init=False)  # why there are no buttons, if so
    _states: dict[int, _State] = field(default_factory=dict, init=False, repr=False)
    _lock: threading.RLock = field(default_factory=threading.RLock, init=False, repr=False)
    _stop: threading.Event = field(default_factory=threading.Event, init=False, repr=False)
    _thread: threading.Thread | None = field(default=None, init=False, repr=False)

    def start(self) -> bool:
        """Open a gpiozero Button per configured pin; False when there is no GPIO."""
        if self.available:
            return True
        pins = self.config.pins()
        if not pins:
            self.error = "no buttons configured"
            log.info("buttons: none configured")
            return False
        try:
            # Imported here so a machine without gpiozero still runs the app.
            from gpiozero import Button

            with warnings.catch_warnings(record=True) as caught:
                # gpiozero warns once per pin factory it falls back from; the
                # one line below says it all, the details go to the debug log.
                warnings.simplefilter("always")
                self._open_buttons(Button, pins)
            for w in caught:
                log.debug("buttons: %s", w.message)
        except Exception as exc:  # any failure here means "no GPIO"
            # BadPinFactory, lgpio's "can not open gpiochip", a missing module...:
            # whatever the cause, the table runs on without buttons.
            self.error = f"{type(exc).__name__}: {exc}"
            log.warning("buttons: no GPIO on this machine (%s); running without buttons", exc)
            self._close_devices()
            return False
        self.available = True
        log.info(
            "buttons: %s",
            ", ".join(f"{s.action.value}=GPIO{s.pin}" for s in self._states.values()),
        )
        if self.poll_interval:
            self._stop.clear()
            self._thread = threading.Thread(
                target=self._run_ticker, name="buttons-hold", daemon=True
            )
            self._thread.start()
        return True

    def _open_buttons(self, button_class: type, pins: dict[Action, int]) -> None:
        for action, pin in pins.items():
            state = _State(action=action, pin=pin)
            kwargs: dict[str, object] = {"pull_up": True}
            if self.pin_factory is not None:
                kwargs["pin_factory"] = self.pin_factory
            state.device = button_class(pin, **kwargs)
            # Register before wiring callbacks so an early edge finds its state.
            self._states[pin] = state
            state.device.when_pressed = self._callback(state, True)  # type: ignore[attr-defined]
            state.device.when_released = self._callback(state, False)  # type: ignore[attr-defined]

    def close(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=2)
            self._thread = None
        self._close_devices()
        self.available = False

    def __enter__(self) -> ButtonPanel:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def bounces(self) -> int:
        """Edges ignored as bounce so far, all buttons together."""
        with self._lock:
            return sum(s.ignored for s in self._states.values())

    def tick(self, now: float | None = None) -> None:
        """Post holds that have been reached and resync pins after a bounce."""
        with self._lock:
            now = self.clock() if now is None else now
            for state in self._states.values():
                self._resync(state, now)
                if (
                    state.pressed
                    and not state.hold_posted
                    and now - state.pressed_at >= self.config.hold_seconds
                ):
                    state.hold_posted = True
                    self._post(state, held=True)

    # -- internals ---------------------------------------------------------

    def _callback(self, state: _State, pressed: bool) -> Callable[[], None]:
        def on_edge() -> None:
            self._edge(state, pressed, self.clock())

        return on_edge

    def _edge(self, state: _State, pressed: bool, now: float) -> None:
        with self._lock:
            window = self.config.debounce_ms / 1000.0
            if state.last_edge is not None and now - state.last_edge < window:
                state.ignored += 1
                return
            self._accept(state, pressed, now)

    def _accept(self, state: _State, pressed: bool, now: float) -> None:
        if pressed == state.pressed:
            return
        state.last_edge = now
        state.pressed = pressed
        if pressed:
            state.pressed_at = now
            state.hold_posted = False
            return
        if state.hold_posted:
            return  # the hold already spoke for this press
        if now - state.pressed_at >= self.config.hold_seconds:
            # Nobody ticked during the hold (no ticker thread): the release tells.
            self._post(state, held=True)
        else:
            self._post(state, held=False)

    def _resync(self, state: _State, now: float) -> None:
        # A bounce ignored inside the window may have been the last real edge.
        window = self.config.debounce_ms / 1000.0
        if state.last_edge is not None and now - state.last_edge < window:
            return
        try:
            actual = bool(state.device.is_pressed)  # type: ignore[attr-defined]
        except Exception:  # a closed device: nothing to resync
            return
        if actual != state.pressed:
            self._accept(state, actual, now)

    def _post(self, state: _State, held: bool) -> None:
        action = HOLD_ACTIONS.get(state.action, state.action) if held else state.action
        event = ButtonEvent(action=action, held=held, source="gpio")
        self.queue.post(event)
        if self.on_event is not None:
            self.on_event(event, state.pin)

    def _run_ticker(self) -> None:
        assert self.poll_interval
        while not self._stop.wait(self.poll_interval):
            try:
                self.tick()
            except Exception:  # keep the buttons alive whatever happens
                log.exception("buttons: hold check failed")

    def _close_devices(self) -> None:
        with self._lock:
            for state in self._states.values():
                if state.device is not None:
                    try:
                        state.device.close()  # type: ignore[attr-defined]
                    except Exception:
                        pass
            self._states.clear()


def start_buttons(
    config: ButtonsConfig, queue: EventQueue, **kwargs: object
) -> ButtonPanel | None:
    """The app's entry: a running panel, or None (one log line) without GPIO."""
    panel = ButtonPanel(config, queue, **kwargs)  # type: ignore[arg-type]
    return panel if panel.start() else None
