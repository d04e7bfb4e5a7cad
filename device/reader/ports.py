"""Which serial port the reader is on: a path, a /dev/serial/by-id/ link, or "auto"."""

from __future__ import annotations

import os

from serial.tools import list_ports

from engine.errors import WhistError

# The udev rule in systemd/99-whist-reader.rules gives the reader this name.
STABLE_NAME = "/dev/whist-reader"
# Where the udev rule names one reader per USB socket (a reader at each seat).
SEAT_READERS_DIR = "/dev/whist-readers"
# The config's port for "no card reader here": never opened as a path.
NO_PORT = "none"

# USB-serial bridges a reader is commonly built on: (vendor id, product id).
# Keep in step with systemd/99-whist-reader.rules.
USB_SERIAL_ADAPTERS: dict[tuple[int, int], str] = {
    (0x1A86, 0x7523): "CH340",
    (0x1A86, 0x5523): "CH341",
    (0x1A86, 0x55D4): "CH9102",
    (0x10C4, 0xEA60): "CP210x",
    (0x10C4, 0xEA70): "CP2105",
    (0x10C4, 0xEA71): "CP2108",
    (0x0403, 0x6001): "FTDI FT232R",
    (0x0403, 0x6010): "FTDI FT2232",
    (0x0403, 0x6011): "FTDI FT4232",
    (0x0403, 0x6014): "FTDI FT232H",
    (0x0403, 0x6015): "FTDI FT-X",
    (0x067B, 0x2303): "PL2303",
    (0x067B, 0x23A3): "PL2303GC",
}


class PortNotFound(WhistError, LookupError):
    """No serial port fits the configured one (yet): the reader retries later."""


def is_no_port(spec: str) -> bool:
    """The port says there is no reader (``"none"``)."""
    return spec.strip().lower() == NO_PORT


def _score(port: object) -> int:
    vid, pid = getattr(port, "vid", None), getattr(port, "pid", None)
    if vid is None:
        return 0  # not USB: a built-in UART or a virtual console
    if (vid, pid) in USB_SERIAL_ADAPTERS:
        return 3
    if vid in {v for v, _ in USB_SERIAL_ADAPTERS}:
        return 2
    return 1  # some other USB serial device (a CDC-ACM reader, say)


def resolve_port(spec: str) -> str:
    """The device path to open for ``spec``; "auto" picks a likely USB adapter.

    A path (or a by-id link) is returned as it is even when it does not exist
    yet: the reader waits for it to appear.
    """
    spec = spec.strip()
    if spec.lower() != "auto":
        if not spec:
            raise PortNotFound("no reader port given: use a path such as /dev/ttyUSB0 or 'auto'")
        return spec
    if os.path.exists(STABLE_NAME):
        return STABLE_NAME
    candidates = [(p, _score(p)) for p in list_ports.comports()]
    candidates = [(p, s) for p, s in candidates if s > 0]
    if not candidates:
        raise PortNotFound("no USB serial adapter found: is the card reader plugged in?")
    # Best score first, then a stable order so the same port wins every time.
    best = max(candidates, key=lambda ps: (ps[1], [-ord(c) for c in ps[0].device]))
    return best[0].device


def describe_port(device: str) -> str:
    """A short human name for a port, e.g. '/dev/ttyUSB0 (CH340)'."""
    try:
        real = os.path.realpath(device)
        for p in list_ports.comports():
            if p.device in (device, real):
                name = USB_SERIAL_ADAPTERS.get((p.vid, p.pid)) if p.vid is not None else None
                return f"{device} ({name or p.description})"
    except Exception:  # a description is a nicety, never a failure
        pass
    return device


def seat_reader_ports(directory: str | None = None) -> list[str]:
    """The readers the udev rule named by USB socket (in ``SEAT_READERS_DIR``), in a
    stable order; none plugged in: []."""
    directory = directory or SEAT_READERS_DIR
    try:
        names = sorted(os.listdir(directory))
    except OSError:  # no directory: no reader plugged in, or the rule not installed
        return []
    return [os.path.join(directory, n) for n in names]
