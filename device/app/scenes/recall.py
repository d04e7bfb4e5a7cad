"""Recall: the last deals from the game store, and a card-by-card replay of one.

The list shows the newest deals first (date, dealer, trumps, tricks, points);
tapping one opens the replay: the four hands face up as dealt (as far as the
table knew them, for a real-card deal), the turned card, the trick in the
middle, and buttons to step card by card or trick by trick, or to play it
through at a readable pace. The deal is rebuilt by the engine from its stored
record and actions (device.store.recall.replay: undo rows folded in, as
device.journal.rebuild does), so what is shown is exactly what was journalled.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime
from functools import partial
from typing import TYPE_CHECKING

import pygame

from device import vocabulary
from device.app.render import cards, felt, layout, text, theme, widgets
from device.app.scenes.base import Scene
from device.events import Action, ButtonEvent, InputEvent, PointerEvent
from engine.actions import Play
from engine.cards import STRAINS
from engine.seats import Seat

if TYPE_CHECKING:
    from device.app.app_protocol import App
    from device.store import DealRow, Store
    from engine.actions import Action as GameAction
    from engine.cards import Card
    from engine.deal import Deal
    from engine.game import GameRules

RECENT = 20  # deals listed (the issue asks for at least the last 10)
CARD_PACE = 0.9  # seconds between cards when playing
TRICK_PAUSE = 1.8  # seconds a finished trick stays before the next lead
SUIT_TEXT = ("♠", "♥", "♦", "♣")


def seat_text(seat: str) -> str:
    """A kept deal's seat (N E S W: the history keeps the four-seat table's hands) in the table's words."""
    return vocabulary.partner_seat_word(Seat.parse(seat)) if seat in "NESW" and seat else seat


def trump_text(strain: str) -> str:
    return vocabulary.trumps_word(STRAINS.index(strain)) if strain in STRAINS and strain else strain
RANKS = {10: "10", 11: "J", 12: "Q", 13: "K", 14: "A"}
LIGHT_RED = (255, 150, 140)  # hearts and diamonds on the dark felt / panels


@dataclass
class Replay:
    """One stored deal rebuilt: its record, the actions in order, and where we are."""

    row: DealRow
    deal: Deal  # with every action applied
    actions: list[GameAction]  # undos folded
    hands: tuple[frozenset[Card] | None, ...]  # as dealt (None: not known at a real table)
    rules: GameRules
    misdeal: bool = False
    known: tuple[bool, ...] = (True, True, True, True)  # False: a real-card hand never scanned
    step: int = 0  # actions applied in the state shown
    _states: dict[int, Deal] = field(default_factory=dict, repr=False)

    @property
    def total(self) -> int:
        return len(self.actions)

    def state(self, step: int | None = None) -> Deal:
        """The engine's deal after ``step`` actions (cached: stepping back and forth is free)."""
        from engine.deal import Deal

        k = self.step if step is None else step
        if k not in self._states:
            self._states[k] = Deal.replay(self.deal.record, self.actions[:k], self.rules)
        return self._states[k]


def date_text(stamp: str | None) -> str:
    """"12 Mar 14:05" in local time, from the store's UTC timestamp."""
    if not stamp:
        return "?"
    try:
        when = datetime.fromisoformat(stamp.replace("Z", "+00:00")).astimezone()
    except ValueError:
        return stamp[:16]
    return when.strftime("%d %b %H:%M")


def pair(value: object) -> tuple[object, object] | None:
    from device.store.recall import side_pair

    return side_pair(value)


def rules_of(store: Store | None, match_id: int) -> GameRules:
    """The rubber's rules as stored, of its game."""
    from device.store.recall import match_rules

    return match_rules(store, match_id)


def rebuild(row: DealRow, rules: GameRules) -> Replay:
    """A stored deal row -> a Replay; raises a ValueError (RecallError) if it cannot be."""
    from device.journal import MISDEAL
    from device.store.recall import RecallError, replay

    replayed = replay(row, rules)
    if replayed.refused is not None:
        raise RecallError(replayed.refused)
    deal = replayed.deal
    actions = list(deal.actions)
    hands: list[frozenset[Card] | None] = list(deal.dealt_hands())
    known = tuple(h is not None for h in hands)
    for seat in range(4):
        if hands[seat] is None:
            # A real-card deal: a hand the table never saw is known by what it played.
            played = [c for t in [*deal.tricks, deal.current] for s, c in t.plays() if s == seat]
            hands[seat] = frozenset(played) if played else None
    misdeal = bool((row.result or {}).get(MISDEAL))
    return Replay(row, deal, actions, tuple(hands), rules, misdeal, known)


def suit_line(cards_: Iterable[Card], suit: int) -> str:
    ranks = sorted((c.rank for c in cards_ if c.suit == suit), reverse=True)
    return " ".join(RANKS.get(r, str(r)) for r in ranks) or "—"


class RecallScene(Scene):
    name = "recall"
    title = "History"

    def __init__(self, app: App, deal_id: int | None = None, step: int | None = None) -> None:
        super().__init__(app)
        self.rows: list[DealRow] = []
        self.top = 0  # first row shown in the list
        self.replay: Replay | None = None
        self.playing = False
        self.clock = 0.0
        self.error: str | None = None
        self._open_id = deal_id
        self._open_step = step

    @property
    def store(self) -> Store | None:
        """The game store the rows come from (None: it could not be opened)."""
        return self.app.store

    # -- data ------------------------------------------------------------------------
    def enter(self) -> None:
        store = self.app.store
        self.rows = store.recent_deals(RECENT) if store is not None else []
        if self._open_id is not None:
            row = next((r for r in self.rows if r.id == self._open_id), None)
            if row is not None:
                self.open_row(row)
                if self.replay is not None and self._open_step is not None:
                    self.goto(self._open_step)
        self.relayout()

    def open_row(self, row: DealRow) -> None:
        from engine.errors import RulesError

        try:
            self.replay = rebuild(row, rules_of(self.app.store, row.match_id))
            self.error = None
        except (RulesError, ValueError, KeyError, TypeError) as exc:
            self.replay = None
            self.error = f"Deal {row.number} cannot be replayed: {exc}"
        self.playing = False
        self.clock = 0.0
        self.relayout()

    def open_index(self, i: int) -> None:
        self.open_row(self.rows[i])

    def close_replay(self) -> None:
        self.replay = None
        self.playing = False
        self.relayout()

    # -- stepping ----------------------------------------------------------------------
    def goto(self, step: int) -> None:
        r = self.replay
        if r is None:
            return
        r.step = max(0, min(r.total, step))
        if r.step >= r.total:
            self.playing = False
        self.clock = 0.0
        self._sync_buttons()

    def next_card(self) -> None:
        if self.replay is not None:
            self.goto(self.replay.step + 1)

    def prev_card(self) -> None:
        if self.replay is not None:
            self.playing = False
            self.goto(self.replay.step - 1)

    def next_trick(self) -> None:
        """To the end of the trick in progress (or of the next one, if this one is shown complete)."""
        r = self.replay
        if r is None:
            return
        k = r.step + 1
        while k < r.total and not self._trick_done(k):
            k += 1
        self.goto(k)

    def prev_trick(self) -> None:
        """To the end of the trick before the one shown (the start, from the first trick)."""
        r = self.replay
        if r is None:
            return
        self.playing = False
        k = r.step - 1
        while k > 0 and not self._trick_done(k):
            k -= 1
        self.goto(k)

    def _trick_done(self, k: int) -> bool:
        """After ``k`` actions, a trick has just been completed (or the hand is over)."""
        r = self.replay
        assert r is not None
        state = r.state(k)
        return state.is_over or (len(state.current.cards) == 0 and k > 0)

    def toggle_play(self) -> None:
        r = self.replay
        if r is None:
            return
        if not self.playing and r.step >= r.total:
            r.step = 0  # Play at the end starts again from the deal
        self.playing = not self.playing
        self.clock = 0.0
        self._sync_buttons()

    def update(self, dt: float) -> None:
        r = self.replay
        if r is None or not self.playing:
            return
        self.clock += dt
        wait = TRICK_PAUSE if r.step > 0 and self._trick_done(r.step) else CARD_PACE
        if self.clock >= wait:
            self.next_card()

    # -- layout ------------------------------------------------------------------------
    def on_back(self) -> None:
        if self.replay is not None or self.error is not None:
            self.error = None
            self.close_replay()
        else:
            self.app.go("menu")

    def layout(self, w: int, h: int) -> None:
        self.header_h = self.header("List" if self.replay is not None or self.error is not None else "Menu")
        if self.replay is not None:
            self._layout_replay(w, h)
        else:
            self._layout_list(w, h)

    def _layout_list(self, w: int, h: int) -> None:
        pad = self.px(8)
        bw = self.px(64)
        self.row_h = self.px(56)
        self.list_area = pygame.Rect(pad, self.header_h, w - 3 * pad - bw, h - self.header_h - pad)
        self.per_page = max(1, (self.list_area.h + pad) // (self.row_h + pad))
        self.top = max(0, min(self.top, len(self.rows) - self.per_page))
        # a message (a deal that cannot be replayed, a copy to USB) takes the list's place
        last = min(len(self.rows), self.top + self.per_page)
        shown = range(0) if self.error is not None else range(self.top, last)
        for i in shown:
            y = self.list_area.y + (i - self.top) * (self.row_h + pad)
            rect = pygame.Rect(self.list_area.x, y, self.list_area.w, self.row_h)
            self.buttons.add(widgets.Button(rect, "", partial(self.open_index, i), name=f"deal-{i}"))
        half = (self.list_area.h - pad) // 2
        x = w - pad - bw
        up = self.buttons.add(widgets.Button(pygame.Rect(x, self.header_h, bw, half), "",
                                             lambda: self.scroll_rows(-self.per_page), name="up"))
        down = self.buttons.add(widgets.Button(pygame.Rect(x, self.header_h + half + pad, bw, half), "",
                                               lambda: self.scroll_rows(self.per_page), name="down"))
        up.enabled = self.top > 0
        down.enabled = self.top + self.per_page < len(self.rows)
        if self.error is None:
            from device.app.usb_button import add_usb_button

            add_usb_button(self, w)

    def scroll_rows(self, n: int) -> None:
        self.top = max(0, min(self.top + n, len(self.rows) - self.per_page))
        self.relayout()

    def _layout_replay(self, w: int, h: int) -> None:
        pad = self.px(8)
        bh = self.px(52)
        self.bar_y = h - pad - bh
        items = [("« Trick", self.prev_trick, "prev_trick"), ("‹ Card", self.prev_card, "prev"),
                 ("Play", self.toggle_play, "play"), ("Card ›", self.next_card, "next"),
                 ("Trick »", self.next_trick, "next_trick")]
        bw = min(self.px(150), (w - (len(items) + 1) * pad) // len(items))
        x0 = (w - len(items) * bw - (len(items) - 1) * pad) // 2
        for i, (label, fn, name) in enumerate(items):
            rect = pygame.Rect(x0 + i * (bw + pad), self.bar_y, bw, bh)
            self.buttons.add(widgets.Button(rect, label, fn, primary=name == "play",
                                            font_size=self.px(22), name=name))
        self._sync_buttons()

    def _sync_buttons(self) -> None:
        r = self.replay
        if r is None:
            return
        try:
            self.buttons.by_name("play").label = "Pause" if self.playing else "Play"
        except KeyError:
            return
        for name in ("prev", "prev_trick"):
            self.buttons.by_name(name).enabled = r.step > 0
        for name in ("next", "next_trick"):
            self.buttons.by_name(name).enabled = r.step < r.total
        self.buttons.by_name("play").enabled = r.total > 0

    # -- input -------------------------------------------------------------------------
    def handle(self, ev: InputEvent) -> None:
        if isinstance(ev, ButtonEvent):
            if self.replay is not None and ev.action in (Action.LEFT, Action.RIGHT):
                (self.next_card if ev.action == Action.RIGHT else self.prev_card)()
                return
            if self.replay is None and ev.source == "wheel" and ev.action in (Action.UP, Action.DOWN):
                self.scroll_rows(-1 if ev.action == Action.UP else 1)
                return
        if isinstance(ev, PointerEvent) or isinstance(ev, ButtonEvent):
            super().handle(ev)

    # -- what is shown -----------------------------------------------------------------
    def shown_trick(self) -> list[tuple[str, Card]]:
        """(seat letter, card) on the table now: the trick in progress, or the one just won."""
        r = self.replay
        if r is None or r.step == 0:
            return []
        state = r.state()
        if state.current.cards:
            return [(s.name, c) for s, c in state.current.plays()]
        # Empty: the last card completed a trick, which stays on view until the next lead.
        if state.tricks and isinstance(r.actions[r.step - 1], Play):
            return [(s.name, c) for s, c in state.tricks[-1].plays()]
        return []

    def remaining(self, seat: int) -> list[Card] | None:
        """The cards ``seat`` still holds at the step shown (None: never known)."""
        r = self.replay
        assert r is not None
        dealt = r.hands[seat]
        if dealt is None:
            return None
        state = r.state()
        gone = {c for t in [*state.tricks, state.current] for s, c in t.plays() if s == seat}
        from engine.cards import sort_hand

        return list(sort_hand([c for c in dealt if c not in gone]))

    def status(self) -> list[str]:
        """Where the replay is: the card, the trick, and the tricks won so far."""
        r = self.replay
        assert r is not None
        if r.misdeal:
            return ["Thrown in (misdeal):", "the same dealer", "dealt again"]
        state = r.state()
        ns, ew = state.tricks_taken() if state.claim is not None else tuple(state.won)
        plays = sum(1 for a in r.actions[:r.step] if isinstance(a, Play))
        total = sum(1 for a in r.actions if isinstance(a, Play))
        trick = min(len(state.tricks) + (1 if state.current.cards else 0), 13)
        out = [f"Card {plays} of {total}", f"Trick {max(trick, 1)}", f"Tricks NS {ns}, EW {ew}"]
        shown = self.shown_trick()
        if len(shown) == 4:
            from engine.seats import Seat
            from engine.trick import Trick as EngineTrick

            won = EngineTrick(Seat.parse(shown[0][0]), tuple(c for _, c in shown)).winner(state.order)
            out.append(f"{vocabulary.verb(seat_text(won.name), 'win')} the trick")
        return out

    def result_lines(self) -> list[str]:
        """The hand's result, shown when the replay reaches the end."""
        return self.result_main() + self.result_notes()

    def result_main(self) -> list[str]:
        r = self.replay
        assert r is not None
        if r.misdeal:
            return ["Thrown in: no hand played"]
        result = r.row.result or {}
        tricks = pair(result.get("tricks")) or r.state().tricks_taken()
        out = [f"Tricks: NS {tricks[0]}, EW {tricks[1]}"]
        points = pair(result.get("points"))
        if points is not None:
            out.append(f"Points: NS +{points[0]}, EW +{points[1]}")
        elif r.row.finished is None:
            out.append("Not finished")
        return out

    def result_notes(self) -> list[str]:
        """Claims and the scorer's notes (honours, revokes), beside the result."""
        r = self.replay
        assert r is not None
        state = r.state()
        out: list[str] = []
        if state.claim is not None:
            out.append(f"{seat_text(state.claim.seat.name)} claimed {state.claim.tricks} more")
        out += [str(note) for note in (r.row.result or {}).get("notes") or []]
        return out

    # -- drawing -----------------------------------------------------------------------
    def draw(self, surf: pygame.Surface) -> None:
        layout.blit(surf, felt.felt_surface(*surf.get_size()), (0, 0), covers=True)
        if self.replay is not None:
            self._draw_replay(surf)
        else:
            self._draw_list(surf)
        self.buttons.draw(surf)
        if self.replay is None:
            self._draw_list_text(surf)
            self.draw_scroll_arrows(surf)

    def _title(self, surf: pygame.Surface, title: str) -> None:
        size = self.px(26)
        left = self.px(8) * 2 + self.px(96)
        fs = text.fit_size(title, size, self.size[0] - 2 * left, True)
        t = text.text(title, fs, theme.INK, True)
        layout.blit(surf, t, t.get_rect(center=(self.size[0] // 2, self.px(30))))

    def _draw_list(self, surf: pygame.Surface) -> None:
        self._title(surf, "History: the last deals")
        if self.error is not None or not self.rows:
            msg = self.error or ("No deals kept yet: play a hand and it shows here."
                                 if self.app.store is not None
                                 else "No game store: deals are not being kept.")
            a = self.list_area
            layout.blit(surf, widgets.panel_surface(a.w, a.h), a.topleft)
            y = a.y + self.px(16)
            for line in text.wrap(msg, self.px(20), a.w - self.px(32)):
                t = text.text(line, self.px(20), theme.INK)
                layout.blit(surf, t, (a.x + self.px(16), y))
                y += text.line_height(self.px(20))

    def row_columns(self, row: DealRow) -> list[str]:
        """What a list row says: date, hand, dealer, trumps, tricks, points."""
        from device.journal import MISDEAL

        result = row.result or {}
        trump = str(row.record.get("trump") or "N").upper()[:1]
        cols = [date_text(row.started), f"Hand {result.get('number', row.number)}",
                f"dealt by {seat_text(row.dealer)}", trump_text(trump)]
        if result.get(MISDEAL):
            return [*cols, "thrown in", ""]
        tricks, points = pair(result.get("tricks")), pair(result.get("points"))
        if row.finished is None:
            plays = sum(1 for a in row.actions if isinstance(a, dict) and "card" in a)
            return [*cols, "in progress", f"{plays} cards"]
        return [*cols, f"tricks {tricks[0]}–{tricks[1]}" if tricks else "",
                f"+{points[0]} / +{points[1]}" if points else ""]

    def _draw_list_text(self, surf: pygame.Surface) -> None:
        shown = [(b, self.row_columns(self.rows[int(b.name[5:])]))
                 for b in self.buttons.buttons if b.name.startswith("deal-")]
        if not shown:
            return
        # Columns as wide as their widest entry; the text shrinks a little if a row is too narrow.
        inner = shown[0][0].rect.w - 2 * self.px(12)
        size = self.px(20)
        while True:
            gap = max(self.px(10), size // 2)
            widths = [max(text.width(cols[i], size) for _, cols in shown) for i in range(6)]
            if sum(widths) + 5 * gap <= inner or size <= self.px(18):
                break
            size -= 1
        # Too narrow for one line (portrait): the deal on the first line, its result on the second.
        lines = [range(6)] if sum(widths) + 5 * gap <= inner else [range(3), range(3, 6)]
        for b, cols in shown:
            for k, part in enumerate(lines):
                room = inner - sum(widths[i] for i in part) - (len(part) - 1) * gap
                spare = max(0, room) // max(1, len(part) - 1)
                x = b.rect.x + self.px(12)
                cy = b.rect.y + b.rect.h * (2 * k + 1) // (2 * len(lines)) - max(1, b.rect.h // 32)
                for i in part:
                    col = cols[i]
                    colour = theme.RED if col[:1] in ("♥", "♦") else theme.BUTTON_TEXT
                    if col:
                        t = text.text(col, size, colour)
                        layout.blit(surf, t, t.get_rect(midleft=(x, cy)))
                    x += widths[i] + gap + spare

    def _draw_replay(self, surf: pygame.Surface) -> None:
        r = self.replay
        assert r is not None
        w, h = self.size
        row = r.row
        trump = str(row.record.get("trump") or "N").upper()[:1]
        number = (row.result or {}).get("number", row.number)
        title = f"Hand {number} · dealt by {seat_text(row.dealer)} · {trump_text(trump)}"
        room = w - 2 * (self.px(8) * 2 + self.px(96))
        if text.width(title, self.px(22), True) > room:  # portrait: the short form
            title = f"Hand {number} · {vocabulary.trumps_short(STRAINS.index(trump))}"
        self._title(surf, title)
        pad = self.px(8)
        top, bottom = self.header_h, self.bar_y - pad
        cx, cy = w // 2, (top + bottom) // 2
        state = r.state()
        turn = state.turn.name if state.turn is not None and r.step < r.total else None
        # The hands: North above, South below, West and East either side of the trick.
        block_w = min(self.px(250), w // 3 - pad)
        # Portrait: West and East sit well below North, so North and South may be as wide as the screen.
        wide_w = min(self.px(300), (w - 2 * pad) if h > w else (w - 2 * block_w - 4 * pad))
        # North and South have their name beside the suits (one line less: room for the trick).
        blocks = {
            "N": pygame.Rect(cx - wide_w // 2, top, wide_w, self._hand_height(False)),
            "S": pygame.Rect(cx - wide_w // 2, 0, wide_w, self._hand_height(False)),
            "W": pygame.Rect(pad, 0, block_w, self._hand_height(True)),
            "E": pygame.Rect(w - pad - block_w, 0, block_w, self._hand_height(True)),
        }
        blocks["S"].bottom = bottom
        blocks["W"].centery = blocks["E"].centery = cy
        for i, seat in enumerate("NESW"):
            held = self.remaining(i) if r.known[i] else None
            self._draw_hand(surf, blocks[seat], seat, held, seat == turn, seat in "WE")
        # The trick in the middle, between the North and South hands.
        area = pygame.Rect(blocks["W"].right + pad, blocks["N"].bottom + pad // 2,
                           blocks["E"].left - blocks["W"].right - 2 * pad,
                           blocks["S"].top - blocks["N"].bottom - pad)
        self._draw_trick(surf, area, state)
        # Corners: the turned card (top left), the count (top right), the result (bottom).
        self._draw_turned(surf, pygame.Rect(pad, top, blocks["N"].left - 2 * pad, blocks["W"].top - top))
        size = self.px(18)
        corner_w = w - blocks["N"].right - 2 * pad
        y = top + pad
        if h > w:  # portrait: under North, where there is room
            corner_w, y = w // 2 - pad, blocks["N"].bottom + pad
        for line in self.status():
            fs = text.fit_size(line, size, corner_w, False, min_size=self.px(14))
            t = text.text(line, fs, theme.INK)
            layout.blit(surf, t, t.get_rect(topright=(w - pad, y)))
            y += text.line_height(size)
        if r.step >= r.total or r.misdeal:
            low = blocks["W"].bottom + pad
            self._draw_result(surf, pygame.Rect(pad, low, blocks["S"].left - 2 * pad, bottom - low),
                              pygame.Rect(blocks["S"].right + pad, low, w - blocks["S"].right - 2 * pad,
                                          bottom - low))

    def _hand_height(self, named_above: bool) -> int:
        size = self.px(19)
        above = text.line_height(size, True) if named_above else 0
        return above + 4 * text.line_height(size) + self.px(10)

    def _draw_hand(self, surf: pygame.Surface, rect: pygame.Rect, seat: str, held: list[Card] | None,
                   to_play: bool, named_above: bool) -> None:
        layout.blit(surf, widgets.panel_surface(rect.w, rect.h, 190), rect.topleft)
        if to_play:
            pygame.draw.rect(surf, theme.HIGHLIGHT, rect, max(2, self.px(3)), border_radius=self.px(10))
        size = self.px(19)
        x, y = rect.x + self.px(10), rect.y + self.px(5)
        name = text.text(seat_text(seat), size, theme.GOLD, True)
        mark = text.text("to play", self.px(18), theme.HIGHLIGHT) if to_play else None
        if named_above:
            layout.blit(surf, name, (x, y))
            if mark is not None:
                layout.blit(surf, mark, mark.get_rect(topright=(rect.right - self.px(10), y)))
            y += text.line_height(size, True)
        else:
            layout.blit(surf, name, (x, y))
            if mark is not None:
                layout.blit(surf, mark, (x, y + text.line_height(size, True)))
            x += max(name.get_width(), text.width("South", size, True)) + self.px(14)
        if held is None:
            t = text.text("not scanned", size, theme.INK_DIM)
            layout.blit(surf, t, (x, y))
            return
        room = rect.right - x - self.px(6)
        for suit in range(4):
            colour = LIGHT_RED if suit in (1, 2) else theme.INK
            line = f"{SUIT_TEXT[suit]} {suit_line(held, suit)}"
            fs = text.fit_size(line, size, room, False, min_size=self.px(15))
            t = text.text(line, fs, colour)
            layout.blit(surf, t, (x, y))
            y += text.line_height(size)

    def _card_size(self, area: pygame.Rect) -> tuple[int, int]:
        ch = min(self.px(70), int(area.h / 2.05))
        return int(ch * cards.CARD_RATIO), ch

    def _draw_trick(self, surf: pygame.Surface, area: pygame.Rect, state: Deal) -> None:
        r = self.replay
        assert r is not None
        plays = self.shown_trick()
        cw, ch = self._card_size(area)
        cx, cy = area.center
        # North's and South's cards just clear of each other; West's and East's beside them.
        spots = {"N": (cx, cy - ch // 2 - self.px(2)), "S": (cx, cy + ch // 2 + self.px(2)),
                 "W": (cx - int(cw * 1.15), cy), "E": (cx + int(cw * 1.15), cy)}
        four = self.app.config.display.four_colour
        done = len(plays) == 4
        winner = None
        if done:
            from engine.seats import Seat
            from engine.trick import Trick as EngineTrick

            trick = EngineTrick(Seat.parse(plays[0][0]), tuple(c for _, c in plays))
            winner = trick.winner(state.order).name
        for seat, card in plays:
            rect = pygame.Rect(0, 0, cw, ch)
            rect.center = spots[seat]
            layout.blit(surf, cards.card_surface(int(card), cw, ch, four), rect.topleft)
            if seat == winner:
                pygame.draw.rect(surf, theme.HIGHLIGHT, rect.inflate(4, 4), max(2, self.px(3)),
                                 border_radius=max(3, cw // 8))
        if r.misdeal or (r.total == 0 and not plays):
            msg = "Thrown in before play" if r.misdeal else "No card played"
            t = text.text(msg, self.px(20), theme.INK_DIM)
            layout.blit(surf, t, t.get_rect(center=area.center))

    def _draw_turned(self, surf: pygame.Surface, area: pygame.Rect) -> None:
        r = self.replay
        assert r is not None
        card = r.deal.record.trump_card
        size = self.px(18)
        x, y = area.x, area.y + self.px(4)
        label = "Turned" if card is not None else "No card turned"
        t = text.text(label, size, theme.INK_DIM)
        layout.blit(surf, t, (x, y))
        if card is None:
            return
        y += text.line_height(size)
        ch = max(self.px(30), min(self.px(64), area.bottom - y - self.px(2)))
        cw = int(ch * cards.CARD_RATIO)
        layout.blit(surf, cards.card_surface(int(card), cw, ch, self.app.config.display.four_colour), (x, y))

    def _draw_result(self, surf: pygame.Surface, left: pygame.Rect, right: pygame.Rect) -> None:
        self._draw_box(surf, left, "Result", self.result_main())
        notes = self.result_notes()
        if notes:
            self._draw_box(surf, right, "Notes", notes)

    def _draw_box(self, surf: pygame.Surface, area: pygame.Rect, title: str, lines: list[str]) -> None:
        """A panel at the bottom of ``area``; lines that do not fit end in "…"."""
        size = self.px(18)
        rows: list[tuple[str, bool]] = [(title, True)]
        for line in lines:
            rows += [(piece, False) for piece in text.wrap(line, size, area.w - self.px(16))]
        fit = max(2, (area.h - self.px(12) - text.line_height(size, True)) // text.line_height(size) + 1)
        if len(rows) > fit:
            rows = [*rows[:fit - 1], (rows[fit - 1][0] + " …", False)]
        height = sum(text.line_height(size, b) for _, b in rows) + self.px(12)
        box = pygame.Rect(area.x, area.bottom - height, area.w, height)
        layout.blit(surf, widgets.panel_surface(box.w, box.h, 230), box.topleft)
        y = box.y + self.px(6)
        for line, bold in rows:
            t = text.text(line, size, theme.GOLD if bold else theme.INK, bold)
            layout.blit(surf, t, (box.x + self.px(8), y))
            y += text.line_height(size, bold)


def seed_demo_store(store: Store, hands: int = 4, seed: int | str = 1) -> None:
    """Play ``hands`` quick hands (simple bots) into ``store``, journalled like the table's,
    so screenshots and tests have real deals to recall."""
    from device.journal import Journal, ai_players
    from engine.bots import rules_card
    from engine.cards import parse_card
    from engine.match import Match

    match = Match(seed=f"{seed}/recall")
    Journal(store, ai_players("rules")).follow(match)
    for _ in range(hands):
        if match.is_over:
            match = Match(first_dealer=match.next_dealer, seed=f"{seed}/recall{len(match.hands)}")
            Journal(store, ai_players("rules")).follow(match)
        deal = match.new_deal()
        while (turn := deal.turn) is not None:  # None: the deal is over
            deal.play(parse_card(rules_card(deal.observation(turn), match.move_seed())))
        match.finish_deal()
