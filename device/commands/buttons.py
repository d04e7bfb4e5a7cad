"""``whist-table buttons``: print each button press and hold (installer's check)."""

from __future__ import annotations

import argparse
import queue
import sys

from device.buttons import DEFAULT_PINS, ButtonPanel, ButtonsConfig, parse_pins
from device.commands._number import SECONDS_A_DAY, number
from device.config import load_config
from device.events import ButtonEvent, EventQueue

HELP = "print each GPIO button press and hold until Ctrl-C (installer's check)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    default = ",".join(f"{k}={v}" for k, v in DEFAULT_PINS.items())
    parser.add_argument(
        "--pins",
        metavar="ACTION=PIN,...",
        help="BCM pin of each button (default: the config file's [buttons] pins, "
        f"else {default})",
    )
    parser.add_argument(
        "--debounce-ms", type=number(int, low=0, high=60_000),
        help="debounce window (default: config, else 50)"
    )
    parser.add_argument(
        "--hold-seconds", type=number(float, above=0.0, high=SECONDS_A_DAY),
        help="how long a hold lasts (default: config, else 3)"
    )
    parser.add_argument(
        "--max-events", type=number(int, low=0), metavar="N", help="stop after N presses/holds (for scripts)"
    )


def _configured(path: str | None = None) -> ButtonsConfig | None:
    """The config file's [buttons] section, or None when there is none to read."""
    try:
        return ButtonsConfig.from_settings(load_config(path).buttons)
    except ValueError as exc:  # a broken config (ConfigError, a bad pin) must not stop the installer's check
        print(f"(config not used: {exc})", file=sys.stderr)
        return None


def run(args: argparse.Namespace) -> int:
    try:
        configured = _configured(getattr(args, "config", None))
        if args.pins:
            pins = parse_pins(args.pins)
        elif configured is not None and configured.pins():
            pins = {a.value: p for a, p in configured.pins().items()}
        else:
            pins = dict(DEFAULT_PINS)
        base = configured or ButtonsConfig()
        config = ButtonsConfig(
            **pins,
            debounce_ms=base.debounce_ms if args.debounce_ms is None else args.debounce_ms,
            hold_seconds=base.hold_seconds if args.hold_seconds is None else args.hold_seconds,
        )
    except (TypeError, ValueError) as exc:
        print(f"whist-table buttons: {exc}", file=sys.stderr)
        return 2
    seen: queue.Queue[tuple[ButtonEvent, int]] = queue.Queue()
    panel = ButtonPanel(config, EventQueue(), on_event=lambda e, pin: seen.put((e, pin)))
    if not panel.start():
        print(f"whist-table buttons: no GPIO on this machine ({panel.error}): "
              "no buttons to check", file=sys.stderr)
        return 1
    wiring = ", ".join(f"{a.value}=GPIO{p}" for a, p in config.pins().items())
    print(f"buttons: {wiring}; press or hold a button (Ctrl-C to stop)", flush=True)
    count = 0
    try:
        while args.max_events is None or count < args.max_events:
            try:
                event, pin = seen.get(timeout=0.2)
            except queue.Empty:
                continue
            count += 1
            if event.held:
                print(f"hold {event.action.value} (GPIO{pin})", flush=True)
            else:
                print(f"press {event.action.value} (GPIO{pin})", flush=True)
    except KeyboardInterrupt:
        pass
    finally:
        panel.close()
    return 0
