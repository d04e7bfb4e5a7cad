"""The step's panel: the buttons you answer the table with, chosen by the types
of the legal actions and never by the game: a grid where bids have a level and
a type, numbered buttons where a bid is a count of tricks (a number the rules
bar greyed, with the reason), named buttons for named calls, offers to take
or pass, the choices of trumps or direction, a pick of cards to lay away and
Knock where a seat may pass its turn in the play."""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import partial
from typing import TYPE_CHECKING

import pygame

from device.app.render import text, widgets
from device.app.scenes.table.layout import FINGER_PX
from device.vocabulary import call_words, declare_words, mode_words
from engine.actions import Action, Bid, Declare, Exchange, Pass
from engine.cards import Card
from engine.game import Phase

if TYPE_CHECKING:
    from collections.abc import Callable

    from device.app.scenes.table.seating import Seating
    from engine.deal import Deal
    from engine.seats import Seat


@dataclass(frozen=True)
class Choice:
    label: str
    action: Action | None  # None: offered greyed (a number the rules bar)
    row: int = 0
    col: int = 0
    head: str = ""  # the row's name, written left of its first button (a grid's bid type)
    name: str = ""  # the button's name (tests and hints find it by it); else from the step


def your_step(deal: Deal, actor: Seat | None) -> str:
    """The kind of answer the table wants of you now ('' when none): asked of the legal actions."""
    if actor is None:
        return ""
    legal = deal.legal_actions()
    if deal.phase == Phase.EXCHANGE:
        return "pick" if not legal else "exchange"
    if deal.phase == Phase.PLAY:
        return "knock" if any(isinstance(a, Pass) for a in legal) else ""
    bids = [a for a in legal if isinstance(a, Bid)]
    if any(a.level is not None and a.mode is not None for a in bids):
        return "grid"
    if any(a.tricks is not None for a in bids):
        return "numbers"
    if any(isinstance(a, Declare) for a in legal):
        return "declare"
    return "calls" if legal else ""


def choices(deal: Deal, step: str, seating: Seating, pile_word: str) -> list[Choice]:
    """The buttons of ``step`` (see :func:`your_step`), in reading order."""
    legal = deal.legal_actions()
    spec = deal.game.table
    if step == "grid":
        bids = [a for a in legal if isinstance(a, Bid) and a.level is not None]
        top = max(a.level or 0 for a in bids)
        # the rows in the order the game offers its types at the top level, where all are open
        modes = list(dict.fromkeys(str(a.mode) for a in sorted(bids, key=lambda a: a.level != top)))
        out = []
        for r, mode in enumerate(modes):
            for level in range(1, top + 1):
                bid = next((a for a in bids if a.level == level and a.mode == mode), None)
                out.append(Choice(str(level), bid, r, level - 1, mode_words(mode, spec) if level == 1 else "",
                                  f"bid-{level}-{mode}"))
        out += [Choice("Pass", a, 0, top) for a in legal if isinstance(a, Pass)]
        return out
    if step == "numbers":
        offered = {a.tricks: a for a in legal if isinstance(a, Bid) and a.tricks is not None}
        k = deal.tricks_per_hand
        out = [Choice(str(n), offered.get(n), *divmod(n, 6)) for n in range(k + 1)]
        return out + [Choice("Pass", a, out[-1].row + 1, 0) for a in legal if isinstance(a, Pass)]
    if step == "declare":
        named = [a for a in legal if isinstance(a, Declare)]
        orders = len({a.order for a in named if a.trump not in (None, "N")}) > 1
        return [Choice(declare_words(a, orders), a, *divmod(i, 4)) for i, a in enumerate(named)]
    if step == "calls":
        calls = [a for a in legal if isinstance(a, Bid | Pass)]
        return [Choice(call_words(a, spec), a, *divmod(i, 3)) for i, a in enumerate(calls)]
    if step == "exchange":
        dealt = set(deal.record.hands()[seating.you] or ())
        out = []
        for i, a in enumerate(x for x in legal if isinstance(x, Exchange)):
            kept = set(deal.hand(a.seat) or ()) - set(a.discard)
            out.append(Choice("Keep my hand" if kept == dealt else f"Keep {pile_word}", a, 0, i))
        return out
    if step == "knock":
        return [Choice("Knock", a) for a in legal if isinstance(a, Pass)]
    return []


def barred_reason(deal: Deal) -> str:
    """Why a number is greyed, where the rules bar the count that makes the bids add up."""
    offered = {a.tricks for a in deal.legal_actions() if isinstance(a, Bid) and a.tricks is not None}
    k = deal.tricks_per_hand
    barred = [n for n in range(k + 1) if n not in offered]
    if not barred:
        return ""
    said = sum(a.tricks or 0 for a in deal.auction if isinstance(a, Bid))
    if said + barred[0] == k:
        return f"Not {barred[0]}: the bids may not add up to {k} (the dealer's hook)"
    return f"Not {barred[0]}: the rules bar it"


class StepPanel:
    """The buttons of the step, laid out in the felt when the step changes."""

    def __init__(self, buttons: widgets.ButtonSet, px: Callable[[float], int],
                 act: Callable[[Action], object]) -> None:
        self.buttons = buttons
        self.px = px
        self.act = act
        self.shown: list[widgets.Button] = []
        self.heads: list[tuple[str, pygame.Rect]] = []  # a grid's row names and where they go
        self.key: object = None
        self.step = ""
        self.picked: set[Card] = set()  # cards chosen to lay away
        self.need = 0
        self.lay_away: widgets.Button | None = None
        self.pick_seat: Seat | None = None  # the seat laying away: yours, or a hand you play

    def clear(self) -> None:
        for b in self.shown:
            if b in self.buttons.buttons:
                self.buttons.buttons.remove(b)
        self.shown = []
        self.heads = []
        self.buttons.focus = None
        self.lay_away = None

    def show(self, key: object, step: str, offered: list[Choice], area: pygame.Rect,
             avoid: pygame.Rect | None = None) -> None:
        """Lay the buttons of ``offered`` out in ``area`` (once per step: ``key`` says when
        it changed), clear of ``avoid`` (the trick, for Knock)."""
        if key == self.key:
            return
        self.clear()
        self.key, self.step = key, step
        if step != "pick":
            self.picked.clear()
        if not offered and step != "pick":
            return
        px = self.px
        gap = max(4, px(6))
        finger = px(FINGER_PX)
        if step == "pick":
            self.lay_away = self._add(pygame.Rect(0, 0, min(px(300), area.w), max(finger, px(52))), "",
                                      self.lay_away_picked, "lay-away", primary=True)
            self.lay_away.rect.center = area.center
            return
        if step == "knock":
            rect = pygame.Rect(0, 0, px(140), max(finger, px(52)))
            rect.bottomright = (area.right - gap, area.bottom - gap)
            if avoid is not None and rect.colliderect(avoid):
                rect.bottomleft = (area.left + gap, area.bottom - gap)
            knock = offered[0].action
            if knock is not None:
                self._add(rect, offered[0].label, partial(self.act, knock), "knock")
            return
        need = px(130)
        if step in ("declare", "calls", "exchange"):  # words: as many a row as stay readable
            # wide enough for all but the longest label, which the button fits a little smaller
            widths = sorted(text.width(c.label, px(18), True) + px(20) for c in offered)
            need = max(need, widths[-2] if len(widths) > 1 else widths[-1])
            per_row = max(1, min(max(c.col for c in offered) + 1, (area.w + gap) // (need + gap)))
            offered = [replace(c, row=i // per_row, col=i % per_row) for i, c in enumerate(offered)]
        if step in ("grid", "numbers"):
            gap = max(3, px(4))  # many fingertip buttons close together: the felt is short
        if step == "numbers":
            offered = _numbers_to_fit(offered, area, finger, gap)
        rows = max(c.row for c in offered) + 1
        cols = max(c.col for c in offered) + 1
        head_w = max((px(104) for c in offered if c.head), default=0)
        widest = {"grid": px(56), "numbers": px(72), "declare": px(170), "calls": px(220),
                  "exchange": px(220)}[step]
        room = area.w - head_w - 2 * gap
        cell_h = max(finger, px(48 if step in ("grid", "numbers") else 50))
        pass_w = max(px(84), finger)
        # a grid's Pass: a tall button right of it, or a wide one under it where that is too wide
        grid_pass = step == "grid" and any(c.label == "Pass" for c in offered)
        pass_under = grid_pass and (cols - 1) * (finger + gap) + pass_w > room
        if grid_pass:
            cols -= 1
            room -= 0 if pass_under else pass_w + gap
        widest = max(widest, need) if step in ("declare", "calls", "exchange") else widest
        cell_w = max(finger, min(widest, (room - (cols - 1) * gap) // max(1, cols)))
        beside = pass_w + gap if grid_pass and not pass_under else 0
        width = head_w + cols * cell_w + (cols - 1) * gap + beside
        height = (rows + (1 if pass_under else 0)) * cell_h + (rows - (0 if pass_under else 1)) * gap
        x0 = area.centerx - width // 2 + head_w
        y0 = area.centery - height // 2
        for c in offered:
            counted = [o for o in offered if o.row == c.row]
            shift = 0 if step in ("grid", "numbers") else (cols - len(counted)) * (cell_w + gap) // 2
            x, y = x0 + shift + c.col * (cell_w + gap), y0 + c.row * (cell_h + gap)
            rect = pygame.Rect(x, y, cell_w, cell_h)
            if grid_pass and c.label == "Pass":
                grid_w = cols * cell_w + (cols - 1) * gap
                rect = (pygame.Rect(x0, y0 + rows * (cell_h + gap), grid_w, cell_h) if pass_under
                        else pygame.Rect(x0 + grid_w + gap, y0, pass_w, rows * cell_h + (rows - 1) * gap))
            if step == "numbers" and c.label == "Pass":
                rect.w = 2 * cell_w + gap
            b = self._add(rect, c.label, partial(self.act, c.action) if c.action else (lambda: None),
                          _name(step, c))
            b.enabled = c.action is not None
            if c.head:
                self.heads.append((c.head, pygame.Rect(x0 - head_w, rect.y, head_w - gap, cell_h)))

    def _add(self, rect: pygame.Rect, label: str, press: Callable[[], object], name: str,
             primary: bool = False) -> widgets.Button:
        size = self.px(28 if label.isdigit() else 21)
        b = self.buttons.add(widgets.Button(rect, label, press, font_size=size, name=name, primary=primary))
        self.shown.append(b)
        return b

    # -- the pick of cards to lay away ---------------------------------------------------------
    def refresh_pick(self, deal: Deal, seat_word: str) -> None:
        if self.lay_away is None:
            return
        self.need = deal.exchange_count()
        n = len(self.picked)
        self.lay_away.enabled = n == self.need
        verb = "lay away" if deal.turn is None or deal.game.exchange_to(deal, deal.turn) is None else "pass"
        self.lay_away.label = (f"{verb.capitalize()} these {self.need}" if n == self.need
                               else f"Tap {self.need} {seat_word}to {verb} ({n}/{self.need})")

    def toggle(self, card: Card) -> str:
        """A tap on a card while picking: chosen, or put back. Returns what to say, if anything."""
        if card in self.picked:
            self.picked.remove(card)
        elif len(self.picked) < self.need:
            self.picked.add(card)
        else:
            return f"Already {self.need} chosen: tap one to put it back"
        return ""

    def lay_away_picked(self) -> None:
        if self.lay_away is None or len(self.picked) != self.need or self.step != "pick":
            return
        seat = self.pick_seat
        if seat is None:
            return
        chosen = tuple(sorted(self.picked))
        self.picked.clear()
        self.act(Exchange(seat, chosen))

    # -- keys ---------------------------------------------------------------------------------
    def move(self, step: int) -> None:
        """Arrows move among the panel's buttons that may be pressed."""
        usable = [b for b in self.shown if b.visible and b.enabled]
        if not usable:
            return
        current = self.buttons.buttons[self.buttons.focus] if self.buttons.focus is not None else None
        i = usable.index(current) + step if current in usable else (0 if step > 0 else -1)
        self.buttons.focus = self.buttons.buttons.index(usable[i % len(usable)])

    def press_focused(self) -> bool:
        return self.buttons.activate_focus()

    @property
    def focused(self) -> widgets.Button | None:
        f = self.buttons.focus
        b = self.buttons.buttons[f] if f is not None and f < len(self.buttons.buttons) else None
        return b if b in self.shown else None


def _numbers_to_fit(offered: list[Choice], area: pygame.Rect, finger: int, gap: int) -> list[Choice]:
    """The numbered bids more to a row where their rows would run out of the felt (seventeen
    tricks at three players), as long as every button stays a fingertip wide."""
    numbers = [c for c in offered if c.label != "Pass"]
    passes = [c for c in offered if c.label == "Pass"]
    per_row = max(c.col for c in numbers) + 1
    widest = max(per_row, (area.w - gap) // (finger + gap))

    def height(n: int) -> int:
        rows = -(-len(numbers) // n) + len(passes)
        return rows * finger + (rows - 1) * gap

    while per_row < widest and height(per_row) > area.h:
        per_row += 1
    out = [replace(c, row=i // per_row, col=i % per_row) for i, c in enumerate(numbers)]
    return out + [replace(c, row=out[-1].row + 1, col=0) for c in passes]


def _name(step: str, c: Choice) -> str:
    """A button's name for tests and hints: 'bid-4-uptown' and 'bid-pass' in a grid, 'bid3'
    and 'pass' for counts, else the step and its place: 'declare0', 'calls1', 'exchange0'."""
    a = c.action
    if c.name:
        return c.name
    if c.label == "Pass" and step in ("grid", "numbers"):
        return "bid-pass" if step == "grid" else "pass"
    if isinstance(a, Bid) and a.level is not None:
        return f"bid-{a.level}-{a.mode}"
    if step == "numbers":
        return f"bid{c.label}"
    return f"{step}{c.row * 4 + c.col}" if step == "declare" else f"{step}{c.row * 3 + c.col}"


__all__ = ["Choice", "StepPanel", "barred_reason", "call_words", "choices", "declare_words", "mode_words",
           "your_step"]
