"""A log of what a frame put where: text boxes, touch targets, cards.

The renderers write to it as they draw (``record``; ``blit`` for a text
surface or a layer drawn before, moved to where it lands), and a test checks
the frame with :func:`problems`: text over text or off the screen, a touch
target too small to hit, anything drawn over a card in play. It is off unless
a test turns it on (``LOG.enabled``), so drawing costs one test of a flag.

Boxes are kept per surface: a layer drawn once and blitted every frame (a
scene's background, a scrolled page) keeps its own boxes, and each blit
copies them to the surface it lands on, moved and clipped, so the screen's
log always holds what is on the screen, whatever was cached.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass, field

import pygame

TEXT, BUTTON, CARD = "text", "button", "card"
MIN_TARGET = 48  # px: a fingertip, at every size (the 7-inch 800x480 display's pixels are the largest)


@dataclass(frozen=True)
class Box:
    """One thing drawn: its kind, where (in the surface's pixels), and what it says."""

    kind: str
    rect: pygame.Rect
    label: str = ""
    owner: int = 0  # a button and its label share this (non-zero): the label lies inside it


@dataclass
class Log:
    enabled: bool = False
    _boxes: weakref.WeakKeyDictionary[pygame.Surface, list[Box]] = field(
        default_factory=weakref.WeakKeyDictionary)
    # surfaces that are a text or a card wherever they are blitted: (kind, label)
    _marks: weakref.WeakKeyDictionary[pygame.Surface, tuple[str, str]] = field(
        default_factory=weakref.WeakKeyDictionary)

    def boxes(self, surf: pygame.Surface) -> list[Box]:
        return list(self._boxes.get(surf, ()))

    def clear(self, surf: pygame.Surface) -> None:
        """``surf`` is painted over whole: what was on it is gone."""
        if self.enabled:
            self._boxes.pop(surf, None)

    def add(self, surf: pygame.Surface, box: Box) -> None:
        boxes = self._boxes.setdefault(surf, [])
        # The same thing drawn again in the same place (a button redrawn) is one thing, on top.
        boxes[:] = [b for b in boxes if (b.kind, b.rect, b.label) != (box.kind, box.rect, box.label)]
        boxes.append(box)


LOG = Log()


def named(surf: pygame.Surface, label: str, kind: str = TEXT) -> pygame.Surface:
    """Marks ``surf`` as a rendered text (render/text.py) or a card's face (``kind=CARD``,
    label ``♠Q``): blitting it with :func:`blit` records a box of that kind where it lands."""
    if LOG.enabled:
        LOG._marks[surf] = (kind, label)
    return surf


def record(surf: pygame.Surface, kind: str, rect: pygame.Rect, label: str = "", owner: int = 0) -> None:
    """Something of ``kind`` drawn on ``surf`` at ``rect``."""
    if LOG.enabled:
        LOG.add(surf, Box(kind, pygame.Rect(rect), label, owner))


def clear(surf: pygame.Surface) -> None:
    LOG.clear(surf)


def blit(dst: pygame.Surface, src: pygame.Surface, dest: tuple[int, int] | pygame.Rect,
         area: pygame.Rect | None = None, *, covers: bool = False) -> pygame.Rect:
    """``dst.blit(src, dest, area)``, logged: a text surface becomes a text box, a layer's
    boxes are moved to where it lands (clipped to ``area``). ``covers``: the layer is opaque,
    so the boxes it lands on are hidden."""
    done = dst.blit(src, dest, area)
    if not LOG.enabled:
        return done
    # Where it was put, before the screen's edge cut it: a text half off the screen is a fault.
    x, y = (dest.x, dest.y) if isinstance(dest, pygame.Rect) else dest
    placed = pygame.Rect((x, y), area.size if area is not None else src.get_size())
    if covers:
        kept = [b for b in LOG._boxes.get(dst, ()) if not b.rect.colliderect(done)]
        LOG._boxes[dst] = kept
    mark = LOG._marks.get(src)
    if mark is not None:
        LOG.add(dst, Box(mark[0], placed, mark[1]))
        return done
    ax, ay = (area.x, area.y) if area is not None else (0, 0)
    for b in LOG._boxes.get(src, ()):
        moved = b.rect.move(x - ax, y - ay)
        shown = moved.clip(placed)
        if shown.w > 0 and shown.h > 0:
            # Cut off by the area blitted (a scrolled page): what shows is what counts.
            LOG.add(dst, Box(b.kind, moved if shown == moved else shown, b.label, b.owner))
    return done


# -- the checks ------------------------------------------------------------------------------
def _overlap(a: pygame.Rect, b: pygame.Rect, slack: int) -> bool:
    c = a.clip(b)
    return c.w > slack and c.h > slack


def problems(surf: pygame.Surface, slack: int = 2) -> list[str]:
    """What is wrong with the frame on ``surf``, in words (empty: nothing)."""
    screen = surf.get_rect()
    boxes = LOG.boxes(surf)
    out: list[str] = []
    for i, b in enumerate(boxes):
        if b.kind in (TEXT, BUTTON) and not screen.contains(b.rect):
            out.append(f"{b.kind} {b.label!r} at {tuple(b.rect)} leaves the {screen.w}x{screen.h} screen")
        if b.kind == BUTTON and min(b.rect.w, b.rect.h) < MIN_TARGET:
            out.append(f"touch target {b.label!r} is {b.rect.w}x{b.rect.h} px, under {MIN_TARGET}")
        for later in boxes[i + 1:]:
            if not _overlap(b.rect, later.rect, slack):
                continue
            if b.kind == CARD and later.kind != CARD:
                out.append(f"{later.kind} {later.label!r} is drawn over the card {b.label}")
            elif b.kind == TEXT and later.kind == TEXT and (b.label, b.rect) != (later.label, later.rect):
                # (the same words at the same place are one text drawn again, as an outline is)
                out.append(f"text {later.label!r} overlaps {b.label!r}")
            elif {b.kind, later.kind} == {TEXT, BUTTON} and not (b.owner and b.owner == later.owner):
                text_box, button = (b, later) if b.kind == TEXT else (later, b)
                if not button.rect.contains(text_box.rect):  # inside it, it is what the button says
                    out.append(f"text {text_box.label!r} and the button {button.label!r} overlap")
            elif b.kind == BUTTON and later.kind == BUTTON:
                out.append(f"buttons {b.label!r} and {later.label!r} overlap")
    return out
