"""The layout log and its checks: what the scene matrix relies on to see a bad frame."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from device.app.render import layout, text, widgets  # noqa: E402


@pytest.fixture(autouse=True)
def log_on():
    layout.LOG.enabled = True
    yield
    layout.LOG.enabled = False


def screen() -> pygame.Surface:
    return pygame.Surface((400, 240))


def test_a_clean_frame_has_no_problems():
    surf = screen()
    layout.blit(surf, text.text("Hand over", 20), (10, 10))
    layout.blit(surf, text.text("Next hand", 20), (10, 60))
    widgets.Button(pygame.Rect(200, 150, 120, 56), "Deal", lambda: None).draw(surf)
    assert layout.problems(surf) == []


def test_text_over_text_off_the_screen_and_a_small_target_are_named():
    surf = screen()
    layout.blit(surf, text.text("We score 2", 20), (10, 10))
    layout.blit(surf, text.text("They score 0", 20), (30, 14))
    layout.blit(surf, text.text("far away", 20), (380, 100))
    widgets.Button(pygame.Rect(10, 180, 100, 40), "Quit", lambda: None).draw(surf)
    found = layout.problems(surf)
    assert "text 'They score 0' overlaps 'We score 2'" in found
    assert any("'far away'" in p and "leaves the 400x240 screen" in p for p in found)
    assert "touch target 'Quit' is 100x40 px, under 48" in found


def test_anything_drawn_over_a_card_is_named_and_a_button_holds_its_own_label():
    surf = screen()
    layout.record(surf, layout.CARD, pygame.Rect(100, 100, 60, 84), "♠Q")
    layout.blit(surf, text.text("Your turn", 20), (110, 150))
    widgets.Button(pygame.Rect(250, 20, 120, 56), "Hint", lambda: None).draw(surf)
    assert layout.problems(surf) == ["text 'Your turn' is drawn over the card ♠Q"]


def test_a_surface_marked_as_a_card_is_a_card_wherever_it_is_blitted():
    face = layout.named(pygame.Surface((60, 84)), "♥10", layout.CARD)
    surf = screen()
    layout.blit(surf, face, (100, 100))
    layout.blit(surf, text.text("Hand over", 20), (90, 150))
    assert layout.problems(surf) == ["text 'Hand over' is drawn over the card ♥10"]


def test_a_cached_layer_brings_its_boxes_where_it_lands_clipped_to_what_shows():
    page = pygame.Surface((300, 600))
    layout.blit(page, text.text("line one", 20), (0, 0))
    layout.blit(page, text.text("line two", 20), (0, 300))
    surf = screen()
    layout.blit(surf, page, (50, 20), pygame.Rect(0, 250, 300, 200))  # scrolled to line two
    boxes = layout.LOG.boxes(surf)
    assert [b.label for b in boxes] == ["line two"]
    assert boxes[0].rect.topleft == (50, 70)


def test_an_opaque_layer_hides_what_was_under_it():
    surf = screen()
    layout.blit(surf, text.text("old frame", 20), (10, 10))
    layout.blit(surf, pygame.Surface((400, 240)), (0, 0), covers=True)
    layout.blit(surf, text.text("new frame", 20), (10, 12))
    assert [b.label for b in layout.LOG.boxes(surf)] == ["new frame"]


def test_off_unless_turned_on():
    layout.LOG.enabled = False
    surf = screen()
    layout.blit(surf, text.text("unseen", 20), (10, 10))
    assert layout.LOG.boxes(surf) == []
