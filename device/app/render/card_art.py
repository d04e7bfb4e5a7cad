"""The deck's art as SVG text: faces (pips, aces, courts, jokers) and the back.

The one source of the card pictures. ``assets/make_cards.py`` writes these to
``assets/cards/*.svg`` (kept in the repository: small text files a person can
read, diff and restyle); the table loads those files through pygame, and an
installed copy without the checkout's ``assets/`` builds the same text here.
Everything is drawn here from circles, polygons and curves: nothing copied.

Corner indices are not part of the art: they are set in DejaVu at the final
size (device.app.render.cards), where the font's hinting keeps a 15-pixel
index crisp, and the art leaves their corners free.

Coordinates are a 700 x 1000 card (the table's 0.7 width / height); the
pictures need only what SDL_image's SVG reader draws (paths, circles,
rectangles, fill, stroke, transforms).
"""

from __future__ import annotations

import math
from collections.abc import Iterator

from device.app.render import theme

W, H = 700, 1000

# Where the pips go, as fractions of the card: left and right column, pip
# width, and the top and bottom rows. The corner index (drawn by cards.py at
# the final size) is fitted to the room left of the left column.
PIP_BOX: dict[int, tuple[float, float, float]] = {10: (0.38, 0.62, 0.15)}
PIP_BOX_DEFAULT = (0.36, 0.64, 0.17)
PIP_ROWS = (0.2, 0.8)

# (column 0..1, row 0..1) inside the pip box, the classic layouts.
PIPS: dict[int, list[tuple[float, float]]] = {
    2: [(0.5, 0), (0.5, 1)],
    3: [(0.5, 0), (0.5, 0.5), (0.5, 1)],
    4: [(0, 0), (1, 0), (0, 1), (1, 1)],
    5: [(0, 0), (1, 0), (0.5, 0.5), (0, 1), (1, 1)],
    6: [(0, 0), (1, 0), (0, 0.5), (1, 0.5), (0, 1), (1, 1)],
    7: [(0, 0), (1, 0), (0.5, 0.25), (0, 0.5), (1, 0.5), (0, 1), (1, 1)],
    8: [(0, 0), (1, 0), (0.5, 0.25), (0, 0.5), (1, 0.5), (0.5, 0.75), (0, 1), (1, 1)],
    9: [(0, 0), (1, 0), (0, 1 / 3), (1, 1 / 3), (0.5, 0.5), (0, 2 / 3), (1, 2 / 3), (0, 1), (1, 1)],
    10: [(0, 0), (1, 0), (0.5, 1 / 6), (0, 1 / 3), (1, 1 / 3), (0, 2 / 3), (1, 2 / 3), (0.5, 5 / 6),
         (0, 1), (1, 1)],
}

# The court's frame keeps clear of the corner index: a notch this far in and down.
INDEX_NOTCH = (0.33, 0.46)

SKIN = "#f2cfa7"
GOLD = "#e0a82e"
GOLD_DARK = "#9c6f12"
HAIR = "#6a3a1c"
ROYAL = "#2c3f8c"
CREAM = "#fff6dc"
STEEL = "#9aa3ad"
OUTLINE = "#2a2220"
JOKER = 4  # engine.cards.JOKER: the suit of both jokers
CODES = "SHDC"
RANKS = "23456789TJQKA"


def hexcolour(rgb: tuple[int, int, int]) -> str:
    return "#{:02x}{:02x}{:02x}".format(*rgb)


def suit_ink(suit: int) -> str:
    """The two-colour deck's ink of ``suit``; the four-colour deck is the same art
    with the diamonds' and clubs' ink swapped at load time (:func:`recolour`)."""
    return hexcolour(theme.suit_colour(suit, False))


def recolour(svg: str, suit: int, four_colour: bool) -> str:
    if not four_colour or suit not in (2, 3):
        return svg
    return svg.replace(suit_ink(suit), hexcolour(theme.suit_colour(suit, True)))


# ----- the suits, in a 100 x 100 box -------------------------------------------------

_SUIT_PATHS = {
    0: ("M50 3 C57 19 95 36 94 62 C93 79 72 86 57 73 C59 83 63 90 73 97 L27 97 "
        "C37 90 41 83 43 73 C28 86 7 79 6 62 C5 36 43 19 50 3 Z"),
    1: ("M50 94 C24 72 3 55 4 31 C5 13 22 4 36 7 C44 9 48 16 50 24 "
        "C52 16 56 9 64 7 C78 4 95 13 96 31 C97 55 76 72 50 94 Z"),
    2: "M50 2 Q66 30 88 50 Q66 70 50 98 Q34 70 12 50 Q34 30 50 2 Z",
}


def suit_shape(suit: int, x: float, y: float, size: float, fill: str, flip: bool = False) -> str:
    """SVG of suit ``suit`` (0=S 1=H 2=D 3=C) in the box (x, y, size, size)."""
    k = size / 100
    turn = " rotate(180 50 50)" if flip else ""
    head = f'<g transform="translate({x:.1f} {y:.1f}) scale({k:.4f}){turn}" fill="{fill}">'
    if suit == 3:
        body = ('<circle cx="50" cy="27" r="22"/><circle cx="26" cy="60" r="22"/>'
                '<circle cx="74" cy="60" r="22"/><circle cx="50" cy="52" r="14"/>'
                '<path d="M50 50 C52 74 58 88 72 97 L28 97 C42 88 48 74 50 50 Z"/>')
    else:
        body = f'<path d="{_SUIT_PATHS[suit]}"/>'
    return head + body + "</g>"


def mark_svg(suit: int, colour: tuple[int, int, int]) -> str:
    """One suit symbol (for suit 4, the jokers' star) on a transparent square: the
    corner indices' and the table's labels."""
    fill = hexcolour(colour)
    shape = _star(50, 52, 50, fill, outline=False) if suit == JOKER else suit_shape(suit, 0, 0, 100, fill)
    return ('<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" '
            f'viewBox="0 0 100 100">{shape}</svg>')


# ----- a card ------------------------------------------------------------------------


def _svg(body: str) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" viewBox="0 0 {W} {H}" '
            f'preserveAspectRatio="none">\n{body}\n</svg>\n')


def _blank() -> str:
    edge = hexcolour(theme.CARD_EDGE)
    face = hexcolour(theme.CARD_FACE)
    return (f'<rect x="0" y="0" width="{W}" height="{H}" rx="56" fill="{edge}"/>\n'
            f'<rect x="7" y="7" width="{W - 14}" height="{H - 14}" rx="50" fill="{face}"/>')


def pip_card(suit: int, rank: int) -> str:
    ink = suit_ink(suit)
    left, right, size = PIP_BOX.get(rank, PIP_BOX_DEFAULT)
    pip = size * W
    top, bottom = PIP_ROWS
    parts = [_blank()]
    for cx, cy in PIPS[rank]:
        px = (left + cx * (right - left)) * W - pip / 2
        py = (top + cy * (bottom - top)) * H - pip / 2
        parts.append(suit_shape(suit, px, py, pip, ink, flip=cy > 0.5))
    return _svg("\n".join(parts))


def ace(suit: int) -> str:
    ink = suit_ink(suit)
    s = 0.5 * W
    parts = [_blank()]
    if suit == 0:  # the ace of spades keeps its ornament: a ring of gold round the pip
        parts.append(f'<circle cx="{W / 2}" cy="{H / 2}" r="{0.36 * W:.0f}" fill="none" '
                     f'stroke="{GOLD}" stroke-width="10"/>')
        parts.append(f'<circle cx="{W / 2}" cy="{H / 2}" r="{0.40 * W:.0f}" fill="none" '
                     f'stroke="{ink}" stroke-width="4"/>')
        s = 0.42 * W
    parts.append(suit_shape(suit, (W - s) / 2, (H - s) / 2, s, ink))
    return _svg("\n".join(parts))


def _frame_path(x0: float, y0: float, x1: float, y1: float) -> str:
    """The court's frame: a rectangle with the two index corners notched out."""
    nx, ny = INDEX_NOTCH[0] * W, INDEX_NOTCH[1] * H
    mx, my = W - nx, H - ny
    r = 40  # the notch's inner corner is rounded, so the frame reads as one shape
    return (f"M{nx:.0f} {y0:.0f} L{x1:.0f} {y0:.0f} L{x1:.0f} {my:.0f} L{mx + r:.0f} {my:.0f} "
            f"Q{mx:.0f} {my:.0f} {mx:.0f} {my + r:.0f} "
            f"L{mx:.0f} {y1:.0f} L{x0:.0f} {y1:.0f} L{x0:.0f} {ny:.0f} L{nx - r:.0f} {ny:.0f} "
            f"Q{nx:.0f} {ny:.0f} {nx:.0f} {ny - r:.0f} Z")


# A court's half figure: drawn upright in the top half, then turned for the bottom half.
def _figure(rank: int, ink: str, suit: int) -> Iterator[str]:
    cx, cy = 430, 215  # the head
    robe = ink
    trim = GOLD
    # shoulders and robe, down to the middle line
    yield (f'<path d="M215 500 C218 430 245 365 300 335 L{cx - 40} 300 L{cx + 40} 300 L560 335 '
           f'C630 360 650 430 650 500 Z" fill="{robe}" stroke="{OUTLINE}" stroke-width="5"/>')
    # a collar and a band of trim
    yield (f'<path d="M{cx - 75} 318 L{cx} 380 L{cx + 75} 318 L{cx + 50} 300 L{cx} 340 L{cx - 50} 300 Z" '
           f'fill="{CREAM}" stroke="{OUTLINE}" stroke-width="4"/>')
    yield (f'<path d="M{cx - 12} 380 L{cx + 12} 380 L{cx + 18} 500 L{cx - 18} 500 Z" fill="{trim}" '
           f'stroke="{OUTLINE}" stroke-width="4"/>')
    yield (f'<path d="M215 440 C300 420 560 420 640 440 L645 470 C560 452 300 452 205 470 Z" '
           f'fill="{ROYAL}" stroke="{OUTLINE}" stroke-width="4"/>')
    for i in range(5):
        yield f'<circle cx="{260 + i * 85}" cy="{452 - (1 if i in (0, 4) else 4)}" r="9" fill="{GOLD}"/>'
    # neck and head
    yield f'<rect x="{cx - 22}" y="262" width="44" height="44" fill="{SKIN}"/>'
    if rank == 12:  # the queen's hair falls to her shoulders
        yield (f'<path d="M{cx - 78} 320 C{cx - 100} 230 {cx - 80} 130 {cx} 128 C{cx + 80} 130 '
               f'{cx + 100} 230 {cx + 78} 320 Z" fill="{HAIR}" stroke="{OUTLINE}" stroke-width="4"/>')
    yield f'<circle cx="{cx}" cy="{cy}" r="66" fill="{SKIN}" stroke="{OUTLINE}" stroke-width="5"/>'
    # eyes, nose, mouth
    yield f'<circle cx="{cx - 24}" cy="{cy - 8}" r="7" fill="{OUTLINE}"/>'
    yield f'<circle cx="{cx + 24}" cy="{cy - 8}" r="7" fill="{OUTLINE}"/>'
    yield (f'<path d="M{cx} {cy - 2} L{cx - 8} {cy + 20} L{cx + 4} {cy + 22}" fill="none" '
           f'stroke="{OUTLINE}" stroke-width="4"/>')
    if rank == 13:  # the king's beard and moustache
        yield (f'<path d="M{cx - 62} {cy + 12} C{cx - 55} {cy + 95} {cx + 55} {cy + 95} {cx + 62} {cy + 12} '
               f'C{cx + 40} {cy + 40} {cx - 40} {cy + 40} {cx - 62} {cy + 12} Z" fill="{HAIR}" '
               f'stroke="{OUTLINE}" stroke-width="4"/>')
        yield (f'<path d="M{cx - 30} {cy + 34} C{cx - 12} {cy + 22} {cx + 12} {cy + 22} {cx + 30} {cy + 34}" '
               f'fill="none" stroke="{OUTLINE}" stroke-width="5"/>')
    else:
        yield (f'<path d="M{cx - 16} {cy + 36} C{cx - 6} {cy + 44} {cx + 6} {cy + 44} {cx + 16} {cy + 36}" '
               f'fill="none" stroke="{ink if rank == 12 else OUTLINE}" stroke-width="5"/>')
    # headgear
    if rank == 13:  # a tall crown with three points and jewels
        yield (f'<path d="M{cx - 70} 168 L{cx - 78} 72 L{cx - 38} 118 L{cx} 52 L{cx + 38} 118 '
               f'L{cx + 78} 72 L{cx + 70} 168 Z" fill="{GOLD}" stroke="{OUTLINE}" stroke-width="5"/>')
        yield f'<rect x="{cx - 70}" y="150" width="140" height="22" fill="{GOLD_DARK}"/>'
        yield f'<circle cx="{cx}" cy="118" r="13" fill="{ink}"/>'
    elif rank == 12:  # a low crown of rounded points
        yield (f'<path d="M{cx - 60} 160 L{cx - 62} 112 Q{cx - 45} 135 {cx - 30} 108 Q{cx - 15} 135 {cx} 96 '
               f'Q{cx + 15} 135 {cx + 30} 108 Q{cx + 45} 135 {cx + 62} 112 L{cx + 60} 160 Z" fill="{GOLD}" '
               f'stroke="{OUTLINE}" stroke-width="5"/>')
        for dx in (-30, 0, 30):
            yield f'<circle cx="{cx + dx}" cy="{108 if dx else 96}" r="9" fill="{CREAM}"/>'
    else:  # the jack's cap with a feather
        yield (f'<path d="M{cx - 78} 178 C{cx - 70} 110 {cx + 70} 110 {cx + 84} 170 L{cx + 60} 182 '
               f'C{cx + 30} 160 {cx - 40} 160 {cx - 78} 178 Z" fill="{ROYAL}" stroke="{OUTLINE}" '
               f'stroke-width="5"/>')
        yield (f'<path d="M{cx + 30} 140 C{cx + 80} 70 {cx + 140} 60 {cx + 170} 76 '
               f'C{cx + 120} 92 {cx + 80} 120 {cx + 40} 150 Z" fill="{ink}" stroke="{OUTLINE}" '
               f'stroke-width="4"/>')
    # what each holds, on the free side below the index notch
    if rank == 13:  # a sword
        yield f'<path d="M262 490 L262 250 L276 222 L290 250 L290 490 Z" fill="{STEEL}" ' \
              f'stroke="{OUTLINE}" stroke-width="4"/>'
        yield f'<rect x="236" y="470" width="80" height="18" rx="6" fill="{GOLD}" ' \
              f'stroke="{OUTLINE}" stroke-width="4"/>'
    elif rank == 12:  # a flower
        yield '<path d="M272 490 C262 420 290 360 282 300" fill="none" stroke="#2f7a3a" stroke-width="9"/>'
        for dx, dy in ((0, -26), (24, -6), (14, 22), (-14, 22), (-24, -6)):
            yield f'<circle cx="{282 + dx}" cy="{280 + dy}" r="17" fill="{CREAM}" ' \
                  f'stroke="{OUTLINE}" stroke-width="3"/>'
        yield f'<circle cx="282" cy="280" r="12" fill="{GOLD}"/>'
    else:  # a halberd
        yield f'<rect x="264" y="200" width="16" height="290" fill="{HAIR}" stroke="{OUTLINE}" ' \
              f'stroke-width="3"/>'
        yield f'<path d="M272 150 L296 214 L272 232 L248 214 Z" fill="{STEEL}" stroke="{OUTLINE}" ' \
              f'stroke-width="4"/>'
        yield f'<path d="M280 236 C320 236 336 260 330 292 L280 276 Z" fill="{STEEL}" ' \
              f'stroke="{OUTLINE}" stroke-width="4"/>'
    # the suit beside the head
    yield suit_shape(suit, 535, 80, 100, ink)


def court(suit: int, rank: int) -> str:
    ink = suit_ink(suit)
    x0, y0, x1, y1 = 60, 50, W - 60, H - 50
    half = "\n".join(_figure(rank, ink, suit))
    parts = [
        _blank(),
        f'<path d="{_frame_path(x0, y0, x1, y1)}" fill="{CREAM}"/>',
        # the figure shrunk about the middle of the card's edge line to sit inside the frame
        f'<g transform="translate(430 500) scale(0.88) translate(-430 -500)">{half}</g>',
        f'<g transform="rotate(180 {W / 2} {H / 2}) translate(430 500) scale(0.88) translate(-430 -500)">'
        f'{half}</g>',
        # the line where the two halves meet
        f'<path d="M{x0} {H / 2} L{x1} {H / 2}" stroke="{OUTLINE}" stroke-width="6"/>',
        f'<path d="{_frame_path(x0, y0, x1, y1)}" fill="none" stroke="{ink}" stroke-width="10"/>',
    ]
    return _svg("\n".join(parts))


def joker(big: bool) -> str:
    """A jester: in colour for the big joker, black and grey for the little one."""
    a, b = ("#c8202c", GOLD) if big else ("#1c1c22", "#8a8f96")
    face = SKIN if big else "#e6e6e6"
    cx, cy = W / 2, 470
    ink5, ink4 = f'stroke="{OUTLINE}" stroke-width="5"', f'stroke="{OUTLINE}" stroke-width="4"'
    parts = [_blank()]
    # a star in each free corner: the joker's mark (the index holds the other two)
    star = _star(W - 110, 120, 70, b if big else a)
    parts.append(star)
    parts.append(f'<g transform="rotate(180 {W / 2} {H / 2})">{star}</g>')
    figure = []
    # collar of points
    pts = []
    for i in range(9):
        x = 160 + i * 47.5
        pts.append(f"L{x:.0f} {640 if i % 2 == 0 else 700}")
    figure.append(f'<path d="M150 600 {" ".join(pts)} L550 600 Z" fill="{b}" stroke="{OUTLINE}" '
                 f'stroke-width="5"/>')
    # body
    figure.append(f'<path d="M190 920 C200 760 260 680 {cx} 660 C440 680 500 760 510 920 Z" fill="{a}" '
                 f'{ink5}/>')
    figure.append(f'<path d="M{cx} 660 C{cx - 40} 760 {cx - 40} 840 {cx - 30} 920 L{cx + 30} 920 '
                 f'C{cx + 40} 840 {cx + 40} 760 {cx} 660 Z" fill="{b}" {ink4}/>')
    # head
    figure.append(f'<circle cx="{cx}" cy="{cy + 60}" r="95" fill="{face}" {ink5}/>')
    for dx in (-35, 35):
        figure.append(f'<circle cx="{cx + dx}" cy="{cy + 45}" r="10" fill="{OUTLINE}"/>')
    figure.append(f'<path d="M{cx - 45} {cy + 95} C{cx - 20} {cy + 125} {cx + 20} {cy + 125} '
                  f'{cx + 45} {cy + 95}" '
                 f'fill="none" stroke="{OUTLINE}" stroke-width="6"/>')
    figure.append(f'<circle cx="{cx}" cy="{cy + 72}" r="14" fill="{a}"/>')
    # the three-pointed cap with bells
    figure.append(f'<path d="M{cx - 100} {cy + 10} C{cx - 160} {cy - 80} {cx - 200} {cy - 120} '
                  f'{cx - 230} {cy - 60} '
                 f'C{cx - 150} {cy - 110} {cx - 80} {cy - 180} {cx} {cy - 250} '
                 f'C{cx + 80} {cy - 180} {cx + 150} {cy - 110} {cx + 230} {cy - 60} '
                 f'C{cx + 200} {cy - 120} {cx + 160} {cy - 80} {cx + 100} {cy + 10} '
                 f'C{cx + 40} {cy - 20} {cx - 40} {cy - 20} {cx - 100} {cy + 10} Z" '
                 f'fill="{a}" {ink5}/>')
    figure.append(f'<path d="M{cx - 80} {cy - 110} C{cx - 40} {cy - 60} {cx + 40} {cy - 60} '
                  f'{cx + 80} {cy - 110} '
                 f'L{cx} {cy - 250} Z" fill="{b}" {ink4}/>')
    for bx, by in ((cx - 230, cy - 60), (cx, cy - 250), (cx + 230, cy - 60)):
        figure.append(f'<circle cx="{bx}" cy="{by}" r="24" fill="{b}" {ink4}/>')
    figure.append(f'<path d="M{cx - 100} {cy + 10} C{cx - 40} {cy - 20} {cx + 40} {cy - 20} '
                  f'{cx + 100} {cy + 10}" '
                 f'fill="none" stroke="{b}" stroke-width="16"/>')
    # the jester shrunk towards the middle, clear of the corner indices
    shrink = "translate(350 560) scale(0.8) translate(-350 -560)"
    parts.append(f'<g transform="{shrink}">' + "".join(figure) + "</g>")
    return _svg("\n".join(parts))


def _star(x: float, y: float, r: float, fill: str, outline: bool = True) -> str:
    pts = []
    for i in range(10):
        rr = r if i % 2 == 0 else r * 0.42
        a = math.pi / 2 + i * math.pi / 5
        pts.append(f"{x + rr * math.cos(a):.1f} {y - rr * math.sin(a):.1f}")
    stroke = f' stroke="{OUTLINE}" stroke-width="4"' if outline else ""
    return f'<path d="M{" L".join(pts)} Z" fill="{fill}"{stroke}/>'


def back() -> str:
    """The back: a red field in a white border, a lattice of small diamonds and a
    medallion with the four suits."""
    main = hexcolour(theme.BACK_MAIN)
    line = hexcolour(theme.BACK_LINE)
    parts = [_blank(), f'<rect x="56" y="56" width="{W - 112}" height="{H - 112}" rx="28" fill="{main}"/>']
    step = 98
    for row in range(10):
        for col in range(7):
            x = 56 + step / 2 + col * step - (step / 2 if row % 2 else 0)
            y = 56 + step / 2 + row * step * 0.9
            if 80 < x < W - 80 and 80 < y < H - 80:
                parts.append(f'<path d="M{x:.0f} {y - 30:.0f} L{x + 22:.0f} {y:.0f} L{x:.0f} {y + 30:.0f} '
                             f'L{x - 22:.0f} {y:.0f} Z" fill="{line}" fill-opacity="0.55"/>')
    parts.append(f'<circle cx="{W / 2}" cy="{H / 2}" r="170" fill="{main}" '
                 f'stroke="{line}" stroke-width="14"/>')
    parts.append(f'<circle cx="{W / 2}" cy="{H / 2}" r="140" fill="none" stroke="{GOLD}" stroke-width="6"/>')
    for suit, (dx, dy) in enumerate(((0, -62), (62, 0), (0, 62), (-62, 0))):
        parts.append(suit_shape(suit, W / 2 + dx - 38, H / 2 + dy - 38, 76, line))
    parts.append(f'<rect x="56" y="56" width="{W - 112}" height="{H - 112}" rx="28" fill="none" '
                 f'stroke="{line}" stroke-width="10"/>')
    return _svg("\n".join(parts))


# ----- the whole deck ----------------------------------------------------------------


def name_of(card: int) -> str:
    """The file name (without .svg) of a card: ``SA``, ``HT``, ``LJ``, ``BJ``."""
    if card >= 52:
        return "BJ" if card == 53 else "LJ"
    return CODES[card // 13] + RANKS[card % 13]


def picture(name: str) -> str:
    """One file's text by its name: a card's (``SA``, ``LJ``) or ``back``."""
    if name == "back":
        return back()
    if name in ("LJ", "BJ"):
        return joker(name == "BJ")
    if len(name) != 2 or name[0] not in CODES or name[1] not in RANKS:
        raise KeyError(f"no card picture is called {name!r}: SA..C2, LJ, BJ or back")
    return face(CODES.index(name[0]) * 13 + RANKS.index(name[1]))


def face(card: int) -> str:
    if card >= 52:
        return joker(card == 53)
    suit, rank = card // 13, card % 13 + 2
    if rank == 14:
        return ace(suit)
    if rank > 10:
        return court(suit, rank)
    return pip_card(suit, rank)


def deck() -> dict[str, str]:
    """Every file of the deck: name -> SVG text (52 faces, two jokers, the back)."""
    out = {name_of(c): face(c) for c in range(54)}
    out["back"] = back()
    return out
