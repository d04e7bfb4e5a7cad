"""The deck's art: kept as files under assets/cards, drawn from vector at every size."""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from device.app.render import card_art, cards, theme  # noqa: E402
from tests.device.test_card_faces import HEIGHTS, _touching  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]


def _make_cards():
    spec = importlib.util.spec_from_file_location("make_cards", ROOT / "assets" / "make_cards.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(autouse=True)
def _display():
    pygame.display.init()
    yield


def test_the_kept_files_are_what_the_script_draws():
    # a fresh clone has the deck; a change to card_art.py without running the script is caught
    assert _make_cards().stale(ROOT / "assets" / "cards") == []


def test_the_script_writes_every_picture(tmp_path):
    written = _make_cards().write_cards(tmp_path)
    names = {p.stem for p in written}
    assert len(names) == 55 and {"SA", "C2", "HT", "LJ", "BJ", "back"} <= names
    assert all(p.read_text().startswith("<svg") for p in written)


def test_the_table_draws_the_files():
    # the loader reads the checkout's files, not only the generator
    assert cards.art("DQ") == (ROOT / "assets" / "cards" / "DQ.svg").read_text()


@pytest.mark.parametrize("h", (62, 100, 560))
def test_every_card_and_the_back_are_drawn_at_their_size(h):
    w = int(h * cards.CARD_RATIO)
    faces = {}
    for card in range(54):
        s = cards.card_surface(card, w, h)
        assert s.get_size() == (w, h)
        faces[card] = pygame.image.tobytes(s, "RGBA")
    assert len(set(faces.values())) == 54, "two cards look the same"
    assert cards.back_surface(w, h).get_size() == (w, h)


def _ink_share(surface: pygame.Surface, colour: tuple[int, int, int]) -> int:
    n = 0
    w, h = surface.get_size()
    for x in range(0, w, 2):
        for y in range(0, h, 2):
            c = surface.get_at((x, y))
            if abs(c.r - colour[0]) + abs(c.g - colour[1]) + abs(c.b - colour[2]) < 40:
                n += 1
    return n


def test_the_four_colour_deck_inks_diamonds_blue_and_clubs_green():
    h = 124
    w = int(h * cards.CARD_RATIO)
    for card, colour in ((2 * 13 + 5, theme.BLUE), (3 * 13 + 5, theme.GREEN), (3 * 13 + 11, theme.GREEN)):
        assert _ink_share(cards.card_surface(card, w, h, four_colour=True), colour) > 50
        assert _ink_share(cards.card_surface(card, w, h, four_colour=False), colour) == 0


def test_a_big_card_is_drawn_sharp_not_scaled_up():
    # at 4K a hand card is over 500 px tall: the pip's edge must go from ink to paper
    # in a pixel or two, as a vector drawing does (a small bitmap scaled up blurs it over many)
    h = 560
    w = int(h * cards.CARD_RATIO)
    face = cards.card_face(3 * 13 + 12, w, h)  # the ace of clubs: a big black pip in the middle
    y = h // 2
    row = [face.get_at((x, y)) for x in range(w // 2, w - 10)]
    grey = [c for c in row if 60 < c.r < 200]
    assert len(grey) <= 3, f"{len(grey)} blurred pixels across the pip's edge"


@pytest.mark.parametrize("h", HEIGHTS)
def test_court_and_joker_indices_stay_off_the_figures(h):
    w = int(h * cards.CARD_RATIO)
    for card in (9, 10, 11, 13 + 9, 13 + 10, 13 + 11, 52, 53):
        assert not _touching(card, w, h), f"card {card} at {w}x{h}: the index runs into the picture"


def test_without_svg_the_table_still_draws_plain_cards(monkeypatch):
    monkeypatch.setattr(cards, "render_svg", lambda svg, w, h: None)
    cards.card_surface.cache_clear()
    cards.card_face.cache_clear()
    cards.back_surface.cache_clear()
    try:
        s = cards.card_surface(52 + 1, 70, 100)
        assert s.get_size() == (70, 100)
        assert cards.back_surface(70, 100).get_size() == (70, 100)
    finally:
        cards.card_surface.cache_clear()
        cards.card_face.cache_clear()
        cards.back_surface.cache_clear()


def test_every_picture_has_a_name_and_a_bad_name_is_refused():
    assert set(card_art.deck()) == {card_art.name_of(c) for c in range(54)} | {"back"}
    with pytest.raises(KeyError, match="SA..C2"):
        card_art.picture("S1")


def test_a_prepared_size_is_drawn_ahead_and_then_only_blitted(monkeypatch):
    thread = cards.prepare([(57, 81)], four_colour=True)
    assert thread is not None
    thread.join()
    assert cards.prepare([(57, 81)], four_colour=True) is None  # once a size

    def no_drawing(svg, w, h):
        raise AssertionError("a prepared card was drawn again")

    monkeypatch.setattr(cards, "render_svg", no_drawing)
    for card in range(54):
        assert cards.card_face(card, 57, 81, True).get_size() == (57, 81)


def test_an_installed_copy_without_the_files_builds_the_same_pictures(monkeypatch, tmp_path):
    monkeypatch.setattr(cards, "ASSETS", tmp_path / "no-assets")
    cards.art.cache_clear()
    try:
        assert cards.art("SA") == card_art.picture("SA") == (ROOT / "assets" / "cards" / "SA.svg").read_text()
        assert cards.art("back") == card_art.back()
    finally:
        cards.art.cache_clear()


def test_the_drawn_cards_have_the_screens_pixel_format():
    # a surface in another byte order blits about 20 times slower: at 1080p that was
    # a frame over budget whenever the hand was redrawn
    screen_like = pygame.Surface((4, 4), pygame.SRCALPHA)
    drawn = (cards.card_face(11, 70, 100), cards.back_surface(70, 100), cards.suit_surface(2, 20, theme.RED))
    for s in drawn:
        assert s.get_masks() == screen_like.get_masks()
