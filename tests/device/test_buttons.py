"""GPIO buttons through gpiozero's own MockFactory: presses, holds, bounce, no GPIO."""

from __future__ import annotations

import threading
import time

import pytest
from gpiozero import Device
from gpiozero.pins.mock import MockFactory

from device.buttons import ButtonPanel, ButtonsConfig, parse_pins, start_buttons
from device.cli import main
from device.events import Action, ButtonEvent, EventQueue


class FakeClock:
    """A clock the test moves by hand, so debounce and hold need no sleeping."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def mock_pins():
    Device.pin_factory = MockFactory()
    yield Device.pin_factory
    Device.pin_factory.reset()
    Device.pin_factory = None


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


def make_panel(clock: FakeClock, **pins: int) -> tuple[ButtonPanel, EventQueue]:
    events = EventQueue()
    config = ButtonsConfig(**pins, debounce_ms=50, hold_seconds=3.0)
    panel = ButtonPanel(config, events, clock=clock, poll_interval=None)
    assert panel.start()
    return panel, events


def press(factory: MockFactory, pin: int, clock: FakeClock, seconds: float = 0.1) -> None:
    factory.pin(pin).drive_low()  # pull-up: pressed pulls the pin low
    clock.advance(seconds)
    factory.pin(pin).drive_high()
    clock.advance(0.2)


def test_each_press_posts_its_action_once(mock_pins, clock):
    panel, events = make_panel(clock, select=17, left=27, right=22, deal=24)
    press(mock_pins, 17, clock)
    press(mock_pins, 27, clock)
    press(mock_pins, 22, clock)
    press(mock_pins, 24, clock)
    press(mock_pins, 17, clock)
    assert events.drain() == [
        ButtonEvent(Action.SELECT),
        ButtonEvent(Action.LEFT),
        ButtonEvent(Action.RIGHT),
        ButtonEvent(Action.DEAL),
        ButtonEvent(Action.SELECT),
    ]
    panel.close()


def test_press_is_posted_on_release_not_before(mock_pins, clock):
    panel, events = make_panel(clock, hint=5)
    mock_pins.pin(5).drive_low()
    clock.advance(0.5)
    panel.tick()
    assert events.drain() == []  # still down: it may yet become a hold
    mock_pins.pin(5).drive_high()
    assert events.drain() == [ButtonEvent(Action.HINT)]
    panel.close()


def test_bounce_within_the_window_counts_once(mock_pins, clock):
    panel, events = make_panel(clock, select=17)
    pin = mock_pins.pin(17)
    # A worn switch chatters on the way down and on the way up.
    pin.drive_low()
    for _ in range(3):
        clock.advance(0.005)
        pin.drive_high()
        clock.advance(0.005)
        pin.drive_low()
    clock.advance(0.2)
    pin.drive_high()
    for _ in range(3):
        clock.advance(0.004)
        pin.drive_low()
        clock.advance(0.004)
        pin.drive_high()
    clock.advance(0.2)
    panel.tick()
    assert events.drain() == [ButtonEvent(Action.SELECT)]
    assert panel.bounces == 12
    panel.close()


def test_two_presses_further_apart_than_the_window_both_count(mock_pins, clock):
    panel, events = make_panel(clock, select=17)
    press(mock_pins, 17, clock, seconds=0.06)
    press(mock_pins, 17, clock, seconds=0.06)
    assert events.drain() == [ButtonEvent(Action.SELECT), ButtonEvent(Action.SELECT)]
    panel.close()


def test_a_release_lost_in_a_bounce_is_recovered(mock_pins, clock):
    panel, events = make_panel(clock, select=17)
    pin = mock_pins.pin(17)
    pin.drive_low()
    clock.advance(0.01)
    pin.drive_high()  # a real (very short) release, inside the window: ignored...
    clock.advance(0.1)
    panel.tick()  # ...but the next check sees the pin is up: one press, no phantom hold
    clock.advance(10)
    panel.tick()
    assert events.drain() == [ButtonEvent(Action.SELECT)]
    panel.close()


def test_back_held_opens_admin_and_release_adds_nothing(mock_pins, clock):
    panel, events = make_panel(clock, back=23, select=17)
    mock_pins.pin(23).drive_low()
    clock.advance(2.9)
    panel.tick()
    assert events.drain() == []
    clock.advance(0.2)
    panel.tick()
    assert events.drain() == [ButtonEvent(Action.ADMIN, held=True)]
    clock.advance(2.0)
    panel.tick()
    mock_pins.pin(23).drive_high()
    clock.advance(0.2)
    panel.tick()
    assert events.drain() == []  # no plain BACK after the hold
    press(mock_pins, 23, clock)
    assert events.drain() == [ButtonEvent(Action.BACK)]
    panel.close()


def test_any_button_held_posts_its_held_event(mock_pins, clock):
    panel, events = make_panel(clock, hint=5, last_trick=6)
    mock_pins.pin(6).drive_low()
    clock.advance(3.5)
    panel.tick()
    mock_pins.pin(6).drive_high()
    # No one ticked during this hold: the release still reports a hold, once.
    mock_pins.pin(5).drive_low()
    clock.advance(4.0)
    mock_pins.pin(5).drive_high()
    assert events.drain() == [
        ButtonEvent(Action.LAST_TRICK, held=True),
        ButtonEvent(Action.HINT, held=True),
    ]
    panel.close()


def test_hold_seconds_is_configurable(mock_pins, clock):
    events = EventQueue()
    config = ButtonsConfig(back=23, hold_seconds=1.0)
    with ButtonPanel(config, events, clock=clock, poll_interval=None) as panel:
        assert panel.start()
        mock_pins.pin(23).drive_low()
        clock.advance(1.0)
        panel.tick()
        assert events.drain() == [ButtonEvent(Action.ADMIN, held=True)]


def test_the_hold_thread_posts_holds_by_itself(mock_pins):
    # Real clock and the panel's own checking thread; a short hold keeps it quick.
    events = EventQueue()
    config = ButtonsConfig(back=23, hold_seconds=0.2, debounce_ms=10)
    panel = ButtonPanel(config, events, poll_interval=0.02)
    assert panel.start()
    mock_pins.pin(23).drive_low()
    got = events.get(timeout=5)
    mock_pins.pin(23).drive_high()
    panel.close()
    assert got == ButtonEvent(Action.ADMIN, held=True)


def test_unmapped_pins_do_nothing(mock_pins, clock):
    panel, events = make_panel(clock, select=17)
    press(mock_pins, 4, clock)
    press(mock_pins, 27, clock)
    panel.tick()
    assert events.drain() == []
    assert ButtonsConfig(select=17).pins() == {Action.SELECT: 17}
    panel.close()


def test_no_gpio_runs_without_buttons_with_one_log_line(monkeypatch, caplog):
    # gpiozero picks its factory from GPIOZERO_PIN_FACTORY itself; one it
    # cannot load is what a desktop without GPIO looks like.
    Device.pin_factory = None
    monkeypatch.setenv("GPIOZERO_PIN_FACTORY", "no_such_factory")
    events = EventQueue()
    with caplog.at_level("INFO", logger="device.buttons"):
        panel = start_buttons(ButtonsConfig(select=17, back=23), events)
    assert panel is None
    lines = [r for r in caplog.records if r.name == "device.buttons"]
    assert len(lines) == 1
    assert "no GPIO" in lines[0].getMessage()
    Device.pin_factory = None


def test_config_refuses_bad_pins():
    with pytest.raises(ValueError, match="out of range"):
        ButtonsConfig(select=28)
    with pytest.raises(ValueError, match="out of range"):
        ButtonsConfig(left=-1)
    with pytest.raises(ValueError, match="pin 17 is given to both select and back"):
        ButtonsConfig(select=17, back=17)
    with pytest.raises(ValueError, match="unknown button setting"):
        ButtonsConfig.from_mapping({"selekt": 17})
    assert ButtonsConfig.from_mapping({"hint": 5, "hold_seconds": 2}).hold_seconds == 2
    assert parse_pins("select=17, last-trick=25") == {"select": 17, "last_trick": 25}
    with pytest.raises(ValueError, match="not a pin setting"):
        parse_pins("jump=3")


def test_buttons_command_prints_presses_and_holds(mock_pins, capsys):
    result: list[int] = []
    argv = ["buttons", "--pins", "select=17,back=23", "--hold-seconds", "1.5", "--max-events", "2"]
    worker = threading.Thread(target=lambda: result.append(main(argv)), daemon=True)
    worker.start()
    deadline = time.monotonic() + 5
    while "press or hold" not in capsys.readouterr().out and time.monotonic() < deadline:
        time.sleep(0.01)
    pin17, pin23 = mock_pins.pin(17), mock_pins.pin(23)
    pin17.drive_low()
    time.sleep(0.06)  # beyond the 50 ms debounce window, far short of a hold
    pin17.drive_high()
    pin23.drive_low()  # held until the command reports it
    worker.join(timeout=10)
    pin23.drive_high()
    out = capsys.readouterr().out
    assert result == [0]
    assert "press select (GPIO17)" in out
    assert "hold admin (GPIO23)" in out


def test_buttons_command_without_gpio_says_so_and_fails(monkeypatch, capsys):
    Device.pin_factory = None
    monkeypatch.setenv("GPIOZERO_PIN_FACTORY", "no_such_factory")
    assert main(["buttons", "--pins", "select=17"]) == 1
    assert "no GPIO on this machine" in capsys.readouterr().err
    Device.pin_factory = None


def test_buttons_command_refuses_a_bad_pin_list(capsys):
    assert main(["buttons", "--pins", "select=17,back=17"]) == 2
    assert "given to both" in capsys.readouterr().err
