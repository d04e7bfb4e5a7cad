"""Players sign in at the table's screen: a seat's button, their name on the on-screen keyboard
(no physical keyboard on the device), Sign in; a tag on the reader still works. The hub seats
round one by those names."""

from __future__ import annotations

import os
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from device.app.hall.session import HallSession  # noqa: E402
from device.app.scenes.hall_keyboard import MAX_NAME  # noqa: E402
from device.app.testing import make_app, run_until, tap_button  # noqa: E402
from device.events import CardScanned  # noqa: E402
from engine.seats import Seat  # noqa: E402
from hall.drive import DriveSettings  # noqa: E402
from hall.store import HubStore, TableJournal  # noqa: E402
from hall.table import HallTable, table_link  # noqa: E402
from tests.hall.conftest import Mosquitto  # noqa: E402
from tests.hall.test_hall_app import unused  # noqa: E402
from tests.hall.test_hall_broker import HubThread, wait_for  # noqa: E402


def type_on_screen(app, words: str) -> None:  # type: ignore[no-untyped-def]
    """A finger on the on-screen keys, one key at a time."""
    names = {" ": "key-space"}
    for ch in words:
        tap_button(app, names.get(ch, f"key-{ch.lower()}"))


def test_names_typed_on_the_screen_and_a_tag_sign_in_their_seats_at_the_hub(mosquitto: Mosquitto,
                                                                            tmp_path: Path) -> None:
    settings = DriveSettings("club", tables=1, rounds=1, seed="keyboard")
    db = tmp_path / "hub.db"
    hub = HubThread(mosquitto, db, settings, start=False)
    hub.hub.tags = {"04C3D4": "Cy"}
    link = table_link(mosquitto.broker, mosquitto.table_credentials("club", 1), "club", 1)
    table = HallTable(TableJournal(tmp_path / "hall.db"), link, 1, unused, drive="club")
    link.start()
    app = make_app((800, 480))
    try:
        app.go("hall", table=table)
        wait_for(lambda: app.step(1 / 60) is None and link.connected, "the table's link to the broker")
        scene = app.scene
        tap_button(app, "seat-N")
        assert scene.editing == Seat.N
        assert not scene.buttons.by_name("key-done").enabled  # nothing typed yet
        type_on_screen(app, "ann  lee-smithx")
        tap_button(app, "key-delete")
        assert scene.keyboard.text == "Ann Lee-Smith"  # capitals by themselves, no double space
        tap_button(app, "key-done")
        assert scene.editing is None
        assert scene.buttons.by_name("seat-N").label == "North: Ann Lee-Smith"

        # a name the hub keeps for its AI players is refused at the table, with why
        tap_button(app, "seat-S")
        type_on_screen(app, "ai bob")
        assert not scene.buttons.by_name("key-done").enabled
        assert "kept for the AI players" in scene.keyboard_notice()
        for _ in range(len("Ai Bob")):
            tap_button(app, "key-delete")
        type_on_screen(app, "bob")
        assert scene.keyboard.name == "Bob"
        tap_button(app, "key-done")

        # a tag on the reader: the first seat nobody has signed in to (East)
        app.dispatch(CardScanned(None, tag="04C3D4"))
        assert scene.buttons.by_name("seat-E").label == "East: tag 04C3D4"

        # Cancel leaves West to the AI
        tap_button(app, "seat-W")
        type_on_screen(app, "x" * (MAX_NAME + 3))
        assert len(scene.keyboard.text) == MAX_NAME
        tap_button(app, "key-cancel")
        assert scene.editing is None and scene.buttons.by_name("seat-W").label == "West: tap to sign in"

        reader = HubStore(db)
        wait_for(lambda: len(reader.signins()) == 3, "three sign-ins at the hub")
        reader.close()
        hub.start_drive()
        assert run_until(app, lambda: isinstance(app.current_session, HallSession), max_steps=100_000)
        assert table.players(1) == ("Ann Lee-Smith", "Cy", "Bob", "AI 1W")
        assert not scene.buttons.by_name("seat-N").visible  # round one is seated
        session = app.current_session
        assert isinstance(session, HallSession) and session.people() == {Seat.N, Seat.E, Seat.S}
    finally:
        app.close()
        link.stop()
        hub.stop()


KEYS = [*"QWERTYUIOPASDFGHJKL'ZXCVBNM-", " ", "del", "shift"]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(KEYS), max_size=40))
def test_any_taps_on_the_keyboard_make_a_name_the_hub_can_take(taps: list[str]) -> None:
    import pygame

    from device.app.scenes.hall_keyboard import NameKeyboard, name_problem

    kb = NameKeyboard(lambda b: b, pygame.Rect(0, 120, 800, 360), 1.0, lambda: None, lambda: None)
    for key in taps:
        if key == "del":
            kb.delete()
        elif key == "shift":
            kb.toggle_shift()
        else:
            kb.type_key(key)
    text = kb.text
    assert len(text) <= MAX_NAME and "  " not in text and not text.startswith(" ")
    shifted = "shift" in taps
    if not shifted:  # every word starts with a capital by itself, the rest is lower case
        for word in text.replace("-", " ").replace("'", " ").split():
            assert word[0] == word[0].upper() and word[1:] == word[1:].lower()
    name = text.strip()
    assert (name_problem(text) is None) == (bool(name) and not name.upper().startswith("AI "))
