"""The drive's screens: the hub's TV and a table between rounds, drawn at the table's and a TV's size."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
import pygame  # noqa: E402

from device.app.hall.screen import HubView, draw_between_rounds, draw_hub, draw_round_start  # noqa: E402
from device.app.hall_shots import sample_drive  # noqa: E402
from device.cli import main  # noqa: E402
from hall.drive import HandResult  # noqa: E402


@pytest.mark.parametrize("scene", ["hall-hub", "hall-table", "hall-table-start", "hall-signin", "hall-seats",
                                   "hall-seats-covered", "hall-keyboard", "hall-signin-seats",
                                   "hall-referee"])
@pytest.mark.parametrize("size", ["800x480", "1920x1080"])
def test_the_screenshot_command_renders_the_drive_scenes(scene: str, size: str, tmp_path: Path) -> None:
    out = tmp_path / f"{scene}.png"
    assert main(["screenshot", "--scene", scene, "--size", size, "--out", str(out)]) == 0
    w, h = map(int, size.split("x"))
    assert pygame.image.load(str(out)).get_size() == (w, h)


def test_the_hub_screen_before_the_start_and_after_the_last_round() -> None:
    pygame.init()
    surface = pygame.Surface((800, 480))
    finished, _ = sample_drive(tables=3, rounds=2, played=2)
    assert finished.finished
    draw_hub(surface, finished.settings, finished, HubView())
    draw_hub(surface, finished.settings, None, HubView(connected=False, signed_in=5))
    # the table after the drive's last round, and before a round with nobody known yet
    s = finished
    four = s.seatings[-1].at(1)
    results = [HandResult(s.settings.drive, 2, 1, h, (7, 6)) for h in range(1, 5)]
    draw_between_rounds(surface, s.settings, 1, 2, four, results)
    draw_round_start(surface, s.settings, 1, 2, None)


def test_sample_drive_leaves_the_tables_it_says_it_waits_for() -> None:
    s, view = sample_drive(tables=6, rounds=6, played=3)
    assert s.complete_rounds == 3 and view.missing == (3, 6)


def test_the_hub_window_shows_the_drive_and_starts_it_on_s(tmp_path: Path) -> None:
    from device.app.hall.screen import HubWindow
    from hall.drive import DriveSettings
    from hall.hub import Hub
    from hall.store import HubStore

    store = HubStore(tmp_path / "hub.db")
    hub = Hub(store, None, DriveSettings("club", tables=2, rounds=1))
    window = HubWindow(size=(800, 480))
    try:
        assert window.frame(hub) is None  # the sign-in screen
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_s, mod=0, unicode="s", scancode=0))
        assert window.frame(hub) == "start"
        hub.start()
        window._last = -10_000
        assert window.frame(hub) is None
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="",
                                             scancode=0))
        assert window.frame(hub) == "quit"
    finally:
        window.close()
        store.close()


def test_hall_status_prints_the_round_the_leaderboard_and_who_is_awaited(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from engine.seats import Seat
    from hall.drive import DriveSettings
    from hall.hub import Hub
    from hall.store import HubStore

    db = tmp_path / "hub.db"
    assert main(["hall", "status", "--db", str(db)]) == 1
    assert "no hub store" in capsys.readouterr().err
    store = HubStore(db)
    hub = Hub(store, None, DriveSettings("club", tables=2, rounds=2))
    store.sign_in(1, Seat.N, "Ann")
    hub.start()
    for t in (1, 2):
        store.add(HandResult("club", 1, t, 1, (8, 5)))
    store.add(HandResult("club", 2, 1, 1, (4, 9)))
    store.close()
    assert main(["hall", "status", "--db", str(db)]) == 0
    out = capsys.readouterr().out
    assert "drive club: round 2 of 2; 3 hands counted" in out
    assert "round 2: waiting for table(s) 2" in out
    assert "1 Ann" in out and "Ann: table 1 North -> table 1 North" not in out


def test_a_long_leaderboard_is_shown_a_page_at_a_time_with_the_booby_prize_on_each() -> None:
    from device.app.hall.screen import board_page

    s, _ = sample_drive(tables=12)
    board = [r for r in s.leaderboard() if r.place]
    assert len(board) == 47
    seen = []
    for page in range(4):
        title, rows = board_page(board, 16, page)
        assert rows[-1] == board[-1] and len(rows) <= 16
        seen += rows[:-1]
    assert seen == board[:-1]  # every player on a page, in order, the booby prize on all
    assert board_page(board, 16, 0)[0] == "Leaderboard 1-15 of 47"
    assert board_page(board, 16, 4) == board_page(board, 16, 0)  # and round again
    assert board_page(board[:10], 16, 3) == ("Leaderboard", board[:10])


def test_the_hub_says_interval_between_the_halves_of_the_drive() -> None:
    from device.app.hall.screen import hub_headline

    s, _ = sample_drive(tables=4, rounds=6, played=3)  # 3 rounds of 4 hands: the interval after 12
    assert hub_headline(s, HubView(missing=(1, 2, 3, 4))).startswith("Interval after hand 12 · then round 4")
    assert hub_headline(s, HubView(missing=(3,))) == \
        "Round 4 of 6 · hands 13-16: hearts, clubs, diamonds, spades"
    done, _ = sample_drive(tables=4, rounds=2, played=2)
    assert hub_headline(done, HubView()) == "The drive is over: 8 hands played"


def test_status_gives_separate_prize_lists_at_the_fixed_movement(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from hall.drive import DriveSettings
    from hall.hub import Hub
    from hall.store import HubStore

    db = tmp_path / "hub.db"
    store = HubStore(db)
    hub = Hub(store, None, DriveSettings("club", tables=2, rounds=1, movement="fixed", separate_prizes=True))
    hub.start(["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"])  # N and E stay: Ann, Bob, Ed, Flo
    store.add(HandResult("club", 1, 1, 1, (8, 5)))
    store.add(HandResult("club", 1, 2, 1, (6, 7)))
    store.close()
    assert main(["hall", "status", "--db", str(db)]) == 0
    stationary, moving = capsys.readouterr().out.split("moving players")
    order = [line.split()[1] for line in stationary.splitlines() if line.strip()[:1].isdigit()]
    assert order == ["Ann", "Flo", "Ed", "Bob"] and "booby prize: Bob" in stationary
    order = [line.split()[1] for line in moving.splitlines() if line.strip()[:1].isdigit()]
    assert order == ["Cy", "Hal", "Gus", "Di"] and "booby prize: Di" in moving
