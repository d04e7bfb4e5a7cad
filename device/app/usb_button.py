"""The History screen's "USB" button: shown while a stick is mounted, it copies the
history to a new folder on it (device.share.usb) and says where."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import pygame

from device.app.render import widgets
from device.words import count

if TYPE_CHECKING:
    from device.store import Store

RUBBERS = 20  # the newest rubbers copied from the screen (the command line copies all)


class HistoryScreen(Protocol):
    """The screen the button is on (the History screen, device.app.scenes.recall, is
    one): named here so that this module need not import the screen that imports it."""

    buttons: widgets.ButtonSet
    error: str | None

    @property
    def store(self) -> Store | None: ...

    def px(self, base: float) -> int: ...

    def relayout(self) -> None: ...


def add_usb_button(scene: HistoryScreen, w: int) -> None:
    """Top right, opposite the back button, when a stick is there."""
    from device.share.usb import find_stick

    if scene.store is None or find_stick() is None:
        return
    pad, h = scene.px(8), scene.px(52)
    rect = pygame.Rect(w - pad - scene.px(96), pad, scene.px(96), h - pad)
    scene.buttons.add(widgets.Button(rect, "USB", lambda: export_to_stick(scene),
                                     font_size=scene.px(20), name="usb"))


def export_to_stick(scene: HistoryScreen) -> str:
    """Copy and tell: the message is shown in the list's place until Back."""
    from device.app.render.page import print_rubber
    from device.share.usb import ExportError, export_history, find_stick

    stick = find_stick()
    store = scene.store
    if stick is None or store is None:
        message = "The USB stick is gone: plug it in again."
    else:
        try:
            done = export_history(store, stick, pages=print_rubber, rubbers=RUBBERS)
            message = (f"Copied to the USB stick, in the folder {done.folder.name}: "
                       f"{count(done.rubbers, 'rubber')} as PBN and as a printable PDF, and every hand "
                       "as JSON lines. You can take the stick out.")
        except ExportError as exc:
            message = f"Copying to the USB stick failed: {exc}"
    scene.error = message
    scene.relayout()
    return message


__all__ = ["add_usb_button", "export_to_stick"]
