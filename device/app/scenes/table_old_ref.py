"""The table: you sit South, the AI partner North, AI opponents East and West.

Drawing is layered for speed: everything that only changes when the game
state changes is composed into one cached surface; a frame blits it and then
the few cards that are sliding.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from functools import partial
from typing import TYPE_CHECKING

import pygame

from device.app import ai_worker
from device.app.render import cards, felt, text, theme, widgets
from device.app.scenes import scoreboard
from device.app.scenes.base import Scene
from device.app.scenes.bid_panel import BidPanel, declare_words
from device.app.scenes.table_hint import TableHint
from device.events import Action, ButtonEvent, InputEvent, PointerEvent
from engine.actions import Action as GameAction
from engine.actions import Declare, Play
from engine.cards import SUIT_NAMES, Card, parse_card, sort_hand
from engine.deal import describe_action
from engine.errors import RulesError
from engine.game import Phase
from engine.seats import SEATS, Seat
from engine.trick import Trick

if TYPE_CHECKING:
    from device.app.app import App
    from device.app.session import Session
    from engine.deal import Deal

SEAT_LABELS = {Seat.N: "Partner", Seat.E: "East", Seat.W: "West", Seat.S: "You"}
# A fingertip: 9 mm on the 7-inch 800x480 screen; every card of your hand keeps
# at least this much of itself uncovered, across and down.
FINGER_PX = 48
# How long (at normal pace, in seconds) the next seat waits after your card,
# while Take back is offered.
TAKE_BACK_S = 1.2
SEAT_LONG = {Seat.N: "North (partner)", Seat.E: "East", Seat.W: "West", Seat.S: "South (you)"}


def seat_phrase(seat: Seat) -> str:
    return "You" if seat == Seat.S else SEAT_LABELS[seat]


def card_words(card: Card) -> str:
    return card.name


@dataclass
class Slide:
    card: Card
    seat: Seat
    start: tuple[float, float]
    t0: float
    duration: float

    def progress(self, now: float) -> float:
        if self.duration <= 0:
            return 1.0
        return min(1.0, max(0.0, (now - self.t0) / self.duration))


@dataclass
class Drag:
    """A pointer held down on the table: where it went down and where it is now."""

    card: Card | None  # the card of your hand it went down on
    x0: float
    y0: float
    x: float
    y: float
    moved: bool = False  # further than a tap's wobble


def _ease(p: float) -> float:
    return 1 - (1 - p) ** 3


class TableScene(Scene):
    name = "table"
    human_seats: frozenset[Seat] = frozenset({Seat.S})

    def __init__(self, app: App, session: Session | None = None) -> None:
        super().__init__(app)
        self.session = session or app.session
        self.slides: list[Slide] = []
        self.held: Trick | None = None
        self.hold_left = 0.0
        self.collect: tuple[Trick, Seat, float] | None = None
        self.next_ai_at = 0.0
        self.job: int | None = None
        self.job_seat: Seat | None = None
        self.job_key: tuple[int, Seat | None, int] | None = None
        self.waiting_since: float | None = None  # the table was ready for the AI's card from then
        self.hint_job: int | None = None
        self.family_hint = TableHint(self)  # the auction's, the exchange's and a nullo's
        self.selected: Card | None = None
        self.hint_card: Card | None = None
        self.hint_text = ""
        self.overlay: Trick | None = None
        self.message = ""
        self.message_until = 0.0
        self.dealing: float | None = None  # deal animation progress 0..1
        self.drag: Drag | None = None
        self._layer: pygame.Surface | None = None
        self._layer_key: tuple[object, ...] | None = None
        self._moved: list[pygame.Rect] = []
        self._finished = False
        self.label_rects: dict[Seat, pygame.Rect] = {}  # where each seat's name was last drawn
        self.overlay_rect: pygame.Rect | None = None  # the last trick's panel, while it shows
        self.last_card_at: float | None = None  # when your one card left plays itself

    # ------------------------------------------------------------------ timing
    @property
    def pace(self) -> float:
        return self.app.anim

    @property
    def deal(self) -> Deal | None:
        return self.session.deal

    @property
    def dealt(self) -> Deal:
        """The hand in progress, where the table is sure there is one (it is your turn)."""
        deal = self.session.deal
        if deal is None:
            raise RuntimeError("the table asked for the hand in progress before any was dealt")
        return deal

    @property
    def ai_seats(self) -> set[Seat]:
        return {s for s in SEATS if s not in self.human_seats}

    def enter(self) -> None:
        deal = self.deal
        if deal is not None and deal.is_over:
            self._finished = False

    def leave(self) -> None:
        self.app.ai.forget(self.job)
        self.app.ai.forget(self.hint_job)

    # ------------------------------------------------------------------ layout
    def layout(self, w: int, h: int) -> None:
        pad = self.px(8)
        self.pad = pad
        landscape = w >= h
        self.landscape = landscape
        bar_h = self.px(52)
        self.bar_h = bar_h
        # Portrait: the counter gets a second row under the bar.
        self.bar2_h = 0 if landscape else self.px(52)
        btn_h = self.px(50)
        colw = self.px(124) if landscape else 0
        # Your hand along the bottom edge, in one row if every card keeps a 40 px strip.
        card_h = int(min(h * 0.26, w * 0.3))
        card_w = int(card_h * cards.CARD_RATIO)
        hand_x0, hand_x1 = pad, w - pad - (colw + pad if landscape else 0)
        card_w, card_h = self._one_row_card(hand_x1 - hand_x0, card_w, card_h)
        step = (hand_x1 - hand_x0 - card_w) / 12
        rows = 1 if step >= self.px(FINGER_PX) else 2
        if rows == 2:
            step = (hand_x1 - hand_x0 - card_w) / 6
        step = min(step, card_w * 0.8)
        self.card_w, self.card_h, self.rows, self.step = card_w, card_h, rows, step
        self.hand_x0, self.hand_x1 = hand_x0, hand_x1
        self.raise_ = int(card_h * 0.14)
        self.row_tops = [h - pad - card_h] if rows == 1 else [h - pad - card_h - int(card_h * 0.56),
                                                              h - pad - card_h]
        hand_top = self.row_tops[0] - self.raise_ - self.raise_ // 2  # a chosen card rises higher
        # Buttons: a column right of the hand (landscape), a row above it (portrait).
        if landscape:
            x = w - pad - colw
            last_r = pygame.Rect(x, h - pad - btn_h, colw, btn_h)
            hint_r = pygame.Rect(x, last_r.y - pad - btn_h, colw, btn_h)
            side_bottom = hint_r.y - pad
        else:
            bw = self.px(130)
            last_r = pygame.Rect(w - pad - bw, hand_top - pad - btn_h, bw, btn_h)
            hint_r = pygame.Rect(last_r.x - pad - bw, last_r.y, bw, btn_h)
            side_bottom = last_r.y - pad
            hand_top = last_r.y
        fs = self.px(20)
        self.b_menu = self.buttons.add(widgets.Button(pygame.Rect(pad, pad, self.px(92), bar_h - pad), "Menu",
                                                      self.on_back, font_size=fs, name="menu"))
        self.b_hint = self.buttons.add(widgets.Button(hint_r, "Hint", self.ask_hint, font_size=fs,
                                                      name="hint"))
        self.b_last = self.buttons.add(widgets.Button(last_r, "Last trick", self.show_last, font_size=fs,
                                                      name="last"))
        # Where Hint is: the hint is only for your turn, a take-back only for just after it.
        self.b_take_back = self.buttons.add(widgets.Button(hint_r.copy(), "Take back", self.take_back,
                                                           font_size=fs, name="takeback", visible=False))
        # Opponents' and partner's backs.
        oc_h = max(int(card_h * 0.5), self.px(40))
        oc_w = int(oc_h * cards.CARD_RATIO)
        self.oc_w, self.oc_h = oc_w, oc_h
        label_h = self.px(30)
        self.label_h = label_h
        top = bar_h + self.bar2_h + pad
        n_step = max(2, int(oc_w * 0.28))
        n_w = oc_w + 12 * n_step
        self.fans = {Seat.N: (pygame.Rect(w // 2 - n_w // 2, top, n_w, oc_h), False, n_step)}
        for seat, x, bottom in ((Seat.W, pad, hand_top - pad), (Seat.E, w - pad - oc_h, side_bottom)):
            y = top + label_h + pad // 2
            avail = bottom - y
            v_step = max(2, min(int(oc_w * 0.3), int((avail - oc_w) / 12)))
            self.fans[seat] = (pygame.Rect(x, y, oc_h, oc_w + 12 * v_step), True, v_step)
        nf = self.fans[Seat.N][0]
        self.label_pos = {
            Seat.N: ("midleft", (nf.right + pad, nf.centery)) if landscape
            else ("midtop", (nf.centerx, nf.bottom + pad // 2)),
            Seat.W: ("topleft", (pad, top)),
            Seat.E: ("topright", (w - pad, top)),
            # Only when you deal: above the hand's left end, clear of a chosen (raised) card;
            # in portrait left of the buttons over the hand.
            Seat.S: ("bottomleft", (hand_x0, self.row_tops[0] - self.raise_ - self.raise_ // 2 - pad // 2))
            if landscape else ("midleft", (hand_x0, hint_r.centery)),
        }
        self.south_label_room = (w // 2 - hand_x0 - self.px(90)) if landscape else hint_r.x - pad - hand_x0
        # The current trick in the middle.
        north_bottom = nf.bottom + pad + (0 if landscape else label_h)
        # Whose turn / what to do: one line just above your hand.
        status_h = self.px(28)
        self.status_center = (w // 2, hand_top - pad // 2 - status_h // 2)
        self.status_width = (self.fans[Seat.E][0].left - self.fans[Seat.W][0].right - 2 * pad) if landscape \
            else w - 2 * pad
        hand_top -= status_h + pad // 2
        tc_h = int(min(card_h * 0.85, (hand_top - north_bottom - 2 * pad) / 1.7))
        tc_w = int(tc_h * cards.CARD_RATIO)
        self.tc_w, self.tc_h = tc_w, tc_h
        cards.prepare(((self.card_w, self.card_h), (tc_w, tc_h)), self.app.config.display.four_colour)
        cx, cy = w // 2, (north_bottom + hand_top) // 2
        self.centre = (cx, cy)
        self.trick_pos = {
            Seat.N: (cx, cy - 0.34 * tc_h), Seat.S: (cx, cy + 0.34 * tc_h),
            Seat.W: (cx - 0.8 * tc_w, cy), Seat.E: (cx + 0.8 * tc_w, cy),
        }
        self.drop_rect = pygame.Rect(0, 0, int(tc_w * 3.6), int(tc_h * 1.9))
        self.drop_rect.center = (cx, cy)
        deal_w, deal_h = self.px(230), self.px(64)
        self.b_deal = self.buttons.add(widgets.Button(pygame.Rect(cx - deal_w // 2, cy - deal_h // 2, deal_w,
                                                                  deal_h), "Shuffle & Deal",
                                                      self.shuffle_and_deal, primary=True,
                                                      font_size=self.px(22), name="deal"))
        # The auction: one big button a call (grand, nullo, pass...), shown on your turn to speak.
        bid_w, bid_h = self.px(150), self.px(64)
        self.b_bids = []
        for i in range(4):
            x = cx - 2 * bid_w - int(1.5 * pad) + i * (bid_w + pad)
            self.b_bids.append(self.buttons.add(widgets.Button(
                pygame.Rect(x, cy - bid_h // 2, bid_w, bid_h), "", lambda: None, visible=False,
                font_size=self.px(24), name=f"bid{i}")))
        # The turned trump card, beside the dealer.
        tw, th = int(oc_w * 1.35), int(oc_h * 1.35)
        self.turned_size = (tw, th)
        nf, wf, ef = self.fans[Seat.N][0], self.fans[Seat.W][0], self.fans[Seat.E][0]
        self.turned_pos = {
            Seat.N: (nf.left - pad - tw, nf.top),
            Seat.W: (wf.right + pad, wf.centery - th // 2),
            Seat.E: (ef.left - pad - tw, ef.centery - th // 2),
            Seat.S: (wf.right + pad, hand_top - pad - th),
        }
        # Top bar: trump badge after Menu, tricks counter on the right, status between.
        self.badge_x = self.b_menu.rect.right + pad
        # Bid Whist's auction grid, declaration and kitty exchange (hidden in other games).
        self.bid_panel = BidPanel(self)
        self._layer = None

    # ------------------------------------------------------------------ hand geometry
    def _one_row_card(self, span: int, card_w: int, card_h: int) -> tuple[int, int]:
        """A card a little smaller (down to 85%) when that keeps 13 cards in one row
        with a fingertip's strip each; else the card as it was (two rows)."""
        fit_w = span - 12 * self.px(FINGER_PX)
        if card_w * 0.85 <= fit_w < card_w:
            return fit_w, int(fit_w / cards.CARD_RATIO)
        return card_w, card_h

    def hit_area(self, card: Card | str) -> pygame.Rect:
        """The part of ``card`` no other card of your hand covers: a tap there is this card."""
        rects = self.hand_rects()
        c = parse_card(card)
        for i, (k, r) in enumerate(rects):
            if k == c:
                vis = r.copy()
                for _, r2 in rects[i + 1:]:
                    if not r2.colliderect(vis):
                        continue
                    # Keep the larger fingertip: the strip left of a neighbour in the row,
                    # or the band above the row below.
                    cuts = []
                    if r2.x > vis.x:
                        cuts.append(pygame.Rect(vis.x, vis.y, r2.x - vis.x, vis.h))
                    if r2.y > vis.y:
                        cuts.append(pygame.Rect(vis.x, vis.y, vis.w, r2.y - vis.y))
                    vis = max(cuts, key=lambda c: min(c.w, c.h)) if cuts else pygame.Rect(vis.x, vis.y, 0, 0)
                return vis
        raise KeyError(str(c))

    def hand_cards(self) -> list[Card]:
        deal = self.deal
        if deal is None:
            return []
        hand = deal.hand(Seat.S) or frozenset()
        ordered = sort_hand(hand)
        if self.dealing is not None:
            ordered = ordered[: max(0, min(13, math.ceil(self.dealing * 13)))]
        return ordered

    def playable(self) -> set[Card]:
        if not self.waiting_for_human:
            return set()
        return set(self.dealt.legal_moves())

    def hand_rects(self) -> list[tuple[Card, pygame.Rect]]:
        hand = self.hand_cards()
        playable = self.playable()
        out = []
        n = len(hand)
        top_row = n if self.rows == 1 else (n + 1) // 2
        row_tops, step = self.row_tops, self.step
        if n > 13:  # Bid Whist's kitty in hand: two rows, as close as they must be
            top_row = (n + 1) // 2
            if self.rows == 1:
                row_tops = [self.row_tops[0] - int(self.card_h * 0.56), self.row_tops[0]]
            step = min(step, (self.hand_x1 - self.hand_x0 - self.card_w) / max(1, top_row - 1))
        laying = self.bid_panel.discard
        for i, card in enumerate(hand):
            row, col = (0, i) if i < top_row else (1, i - top_row)
            in_row = top_row if row == 0 else n - top_row
            span = self.card_w + step * (max(in_row, 1) - 1)
            x0 = self.hand_x0 + (self.hand_x1 - self.hand_x0 - span) / 2
            y = row_tops[row] - (self.raise_ if card in playable or card in laying else 0)
            if card == self.selected:
                y -= self.raise_ // 2
            out.append((card, pygame.Rect(int(x0 + col * step), y, self.card_w, self.card_h)))
        return out

    def card_rect(self, card: Card | str) -> pygame.Rect:
        """Where a card of your hand is drawn (tests tap its visible strip)."""
        c = parse_card(card)
        for k, r in self.hand_rects():
            if k == c:
                return r
        raise KeyError(str(c))

    def tap_point(self, card: Card | str) -> tuple[int, int]:
        """A point on the visible part of ``card`` (not covered by the next card)."""
        rects = self.hand_rects()
        c = parse_card(card)
        for i, (k, r) in enumerate(rects):
            if k == c:
                vis = r.copy()
                for _, r2 in rects[i + 1:]:
                    if r2.colliderect(vis) and r2.x > vis.x:
                        vis.width = min(vis.width, r2.x - vis.x)
                return vis.x + vis.w // 2, vis.y + min(vis.h // 4, self.px(20))
        raise KeyError(str(c))

    def card_at(self, x: float, y: float) -> Card | None:
        for card, r in reversed(self.hand_rects()):
            if r.collidepoint(x, y):
                return card
        return None

    def fan_origin(self, seat: Seat) -> tuple[float, float]:
        if seat == Seat.S:
            return (self.size[0] / 2, self.row_tops[-1] + self.card_h / 2)
        return self.fans[seat][0].center

    # ------------------------------------------------------------------ state
    @property
    def busy(self) -> bool:
        """Something on screen must finish before play goes on."""
        now = self.app.clock
        return (self.dealing is not None or self.held is not None or self.collect is not None
                or self.overlay is not None or any(s.progress(now) < 1 for s in self.slides))

    @property
    def waiting_for_human(self) -> bool:
        deal = self.deal
        return (deal is not None and not deal.is_over and deal.turn in self.human_seats and not self.busy)

    def say(self, msg: str, seconds: float = 2.5) -> None:
        self.message = msg
        self.message_until = self.app.clock + seconds

    def status(self) -> str:
        deal = self.deal
        if self.overlay is not None:
            return ""  # the overlay says it itself, and nothing may show through it
        if (self.hint_text and self.waiting_for_human and deal is not None
                and deal.phase in (Phase.AUCTION, Phase.DECLARE)):
            return self.hint_text  # a bid's or a declaration's hint (table_hint.py)
        asked = self.bid_panel.status()
        if asked is not None:
            return asked
        if deal is not None and self.waiting_for_human and deal.phase == Phase.AUCTION:
            # the prompt wins over the last call's caption, which it repeats
            said = "; ".join(f"{SEAT_LABELS[a.seat]} {describe_action(a)}" for a in deal.auction)
            calls = [describe_action(a) for a in deal.legal_actions()]
            prompt = "Your call: " + ", ".join(calls[:-1]) + " or " + calls[-1]
            return f"{said}. {prompt}" if said else prompt
        if self.message and self.app.clock < self.message_until:
            return self.message
        if deal is None:
            return "Tap Shuffle & Deal to start"
        if self.dealing is not None:
            return "Dealing…"
        if self.held is not None:
            winner = self.held.winner(deal.order)
            return "You win the trick" if winner == Seat.S else f"{SEAT_LABELS[winner]} wins the trick"
        now = self.app.clock
        moving = [s for s in self.slides if s.progress(now) < 1]
        if moving:
            # Nobody is asked for a card before the last one has landed.
            s = moving[-1]
            if s.seat == Seat.S:
                return f"You play {s.card.symbol}"
            return f"{SEAT_LABELS[s.seat]} plays {s.card.symbol}"
        turn = deal.turn
        if turn is None:
            return "Hand over"
        if deal.phase == Phase.AUCTION:
            return f"{SEAT_LABELS[turn]} to bid"
        if turn in self.human_seats:
            if self.hint_text:
                return self.hint_text
            if self.selected is not None:
                return f"Tap {self.selected.symbol} again to play"
            return "Your turn: tap a raised card"
        if self.thinking_seat is not None:
            return f"{SEAT_LABELS[turn]} is thinking…"
        if (self.human_seats and deal.tricks and not deal.current.cards and now < self.next_ai_at
                and deal.last_trick_viewable):
            return f"{SEAT_LABELS[turn]} leads next · Last trick is open"  # the AI's pace: time to look
        return f"{SEAT_LABELS[turn]} to play"

    @property
    def thinking_seat(self) -> Seat | None:
        # only the wait the table shows: thinking hidden behind the animations does not count
        if (self.job is not None and self.waiting_since is not None
                and self.app.clock - self.waiting_since > ai_worker.THINKING_CUE_S):
            return self.job_seat
        return None

    # ------------------------------------------------------------------ actions
    def shuffle_and_deal(self) -> None:
        if self.deal is not None and not self.deal.is_over:
            return
        self.session.shuffle_and_deal()
        self._finished = False
        self.slides.clear()
        self.held = self.collect = self.overlay = None
        self.selected = self.hint_card = None
        self.hint_text = ""
        self.dealing = 0.0 if self.pace > 0 else None
        self.next_ai_at = self.app.clock + 0.3 * self.pace
        self.app.sound.play("deal")

    def last_trick_closed_why(self) -> str:
        """Why Last trick is unavailable now ("" when it is available)."""
        deal = self.deal
        if deal is None or not deal.tricks:
            return "Last trick: no trick has been played yet"
        if deal.current.cards:
            leader = deal.current.plays()[0][0]
            who = "you" if leader == Seat.S else SEAT_LABELS[leader]
            return f"Last trick: closed once {who} led to the next trick"
        return ""

    def show_last(self) -> None:
        deal = self.deal
        if deal is None or not deal.last_trick_viewable:
            self.say(self.last_trick_closed_why())
            return
        try:
            self.overlay = deal.view_last_trick()
        except RulesError as exc:
            self.say(str(exc))

    @property
    def can_take_back(self) -> bool:
        """Your card is the last one played, the house lets it be taken back, and
        the next player has not played yet."""
        deal = self.deal
        if deal is None or not deal.actions or not self.app.config.rules.take_back:
            return False
        last = deal.actions[-1]
        # Your last card had no other choice: nothing to take back.
        return (isinstance(last, Play) and last.seat in self.human_seats and self.overlay is None
                and self.dealing is None and not self._finished and bool(deal.hand(last.seat)))

    def take_back(self) -> None:
        if not self.can_take_back:
            return
        self.app.ai.forget(self.job)
        self.job = None
        self.waiting_since = None
        taken = self.session.match.undo()  # the match tells its journal
        assert isinstance(taken, Play)  # only your own card is offered back
        card = taken.card
        self.slides = [s for s in self.slides if s.card != card]
        self.held = self.collect = None
        self.selected = card
        self.say(f"You took back {card.symbol}")

    def ask_hint(self) -> None:
        if not self.b_hint.enabled:
            return
        if self.family_hint.wanted():
            self.family_hint.ask()
            return
        obs = self.dealt.observation(Seat.S)
        self.hint_job = self.app.ai.submit(ai_worker.hint, obs)
        self.hint_text = "Thinking of a hint…"

    def play(self, seat: Seat, card: Card) -> bool:
        deal = self.dealt
        try:
            deal.check(Play(seat, card))
        except RulesError as exc:
            self.say(str(exc).capitalize())
            return False
        if seat == Seat.S:
            in_hand = card in (deal.hand(Seat.S) or ())
            start = self.card_rect(card).center if in_hand else self.fan_origin(seat)
            if self.drag is not None and self.drag.card == card and self.drag.moved:
                start = (self.drag.x, self.drag.y)
        else:
            start = self.fan_origin(seat)
        done = self.session.match.apply(Play(seat, card))  # the match tells its journal
        now = self.app.clock
        self.slides = [s for s in self.slides if s.progress(now) < 1]
        self.slides.append(Slide(card, seat, start, now, 0.28 * self.pace))
        self.app.sound.play("play")
        self.selected = None
        self.hint_card = None
        self.hint_text = ""
        self.app.ai.forget(self.hint_job)
        self.hint_job = None
        # After your card, the next seat waits a little longer: time to take it back.
        self.next_ai_at = now + (TAKE_BACK_S if self.can_take_back else 0.45) * self.pace
        self.after_play(seat, card)
        if done is not None:
            self.held = done
            self.hold_left = 1.1 * self.pace
            self.app.sound.play("trick")
        return True

    def act(self, seat: Seat, action: GameAction) -> bool:
        """A bid or a pass (cards go through :meth:`play`, which animates them)."""
        if isinstance(action, Play):
            return self.play(seat, action.card)
        try:
            self.session.match.apply(action)  # the match tells its journal
        except RulesError as exc:
            self.say(str(exc).capitalize())
            return False
        who = "You" if seat == Seat.S else SEAT_LABELS[seat]
        self.say(f"{who}: {describe_action(action)}", 1.6 * max(self.pace, 0.5))
        self.next_ai_at = self.app.clock + 0.9 * self.pace
        contract = self.deal.contract if self.deal is not None else None
        if contract is not None:
            by = "nobody bid" if contract.declarer is None else f"{SEAT_LABELS[contract.declarer]} bid it"
            self.say(f"{contract.call.capitalize()}: {by}", 2.2 * max(self.pace, 0.5))
        return True

    def after_play(self, seat: Seat, card: Card) -> None:
        """Hook for the demo's captions."""

    def hand_over(self) -> None:
        score = self.session.finish()
        self.app.stats.record_hand(self.app.level_key, score, self.session.match)
        if score.game_won_by is not None:
            self.app.sound.play("win")
            self.app.go("celebration")  # a game or the rubber won: shown as the event it is
            return
        self.app.go("summary")

    # ------------------------------------------------------------------ input
    def on_back(self) -> None:
        self.app.go("menu")

    def handle(self, ev: InputEvent) -> None:
        if isinstance(ev, PointerEvent):
            self._pointer(ev)
        elif isinstance(ev, ButtonEvent):
            self._button(ev.action)

    def _pointer(self, ev: PointerEvent) -> None:
        if self.overlay is not None:
            if ev.kind == "up":
                self.overlay = None
            return
        if ev.kind == "up" and not self.b_last.enabled and self.b_last.rect.collidepoint(ev.x, ev.y):
            self.show_last()  # says why it is unavailable
        if self.buttons.pointer(ev.kind, ev.x, ev.y):
            return
        if ev.kind == "up" and self.drag is not None and not self.waiting_for_human:
            self._not_your_turn(ev.x, ev.y)
        if ev.kind == "down":
            if self.held is not None and self.hold_left > 0:
                self.hold_left = 0  # a tap hurries the trick off the table
            card = self.card_at(ev.x, ev.y) if self.waiting_for_human else None
            self.drag = Drag(card, ev.x, ev.y, ev.x, ev.y)
        elif ev.kind == "move" and self.drag is not None:
            self.drag.x, self.drag.y = ev.x, ev.y
            if math.hypot(ev.x - self.drag.x0, ev.y - self.drag.y0) > self.px(14):
                self.drag.moved = True
        elif ev.kind == "up":
            drag, self.drag = self.drag, None
            if drag is None or not self.waiting_for_human:
                return
            card = drag.card
            if drag.moved:
                if card is not None and self.drop_rect.collidepoint(ev.x, ev.y):
                    self.drag = replace(drag, x=ev.x, y=ev.y)
                    self.play(Seat.S, card)
                    self.drag = None
                return
            if card is None or self.card_at(ev.x, ev.y) != card:
                return
            self.tap_card(card)

    def _not_your_turn(self, x: float, y: float) -> None:
        """A tap on your hand while another seat is to play gets an answer."""
        deal = self.deal
        if (deal is None or deal.is_over or deal.turn in self.human_seats or self.held is not None
                or self.dealing is not None or self.card_at(x, y) is None):
            return
        verb = "bid" if deal.phase == Phase.AUCTION else "play"
        turn = deal.turn
        assert turn is not None  # the hand is not over
        self.say(f"Wait: {SEAT_LABELS[turn]} is to {verb}, not you")

    def tap_card(self, card: Card) -> None:
        """Tap to select, tap again to play."""
        if self.bid_panel.tap_card(card):
            return
        if card == self.selected:
            self.play(Seat.S, card)
            return
        try:
            self.dealt.check(Play(Seat.S, card))
        except RulesError as exc:
            self.say(str(exc).capitalize())
            return
        self.selected = card

    def _button(self, action: Action) -> None:
        if self.overlay is not None:
            self.overlay = None
            return
        if action == Action.BACK:
            self.on_back()
        elif action == Action.HINT:
            self.ask_hint()
        elif action == Action.LAST_TRICK:
            self.show_last()
        elif action == Action.DEAL:
            self.shuffle_and_deal()
        elif action == Action.UNDO:
            self.take_back()
        elif action in (Action.LEFT, Action.RIGHT) and self.waiting_for_human:
            legal = [c for c in self.hand_cards() if c in self.playable()]
            if not legal:
                return
            if self.selected not in legal:
                self.selected = legal[0] if action == Action.RIGHT else legal[-1]
            else:
                i = legal.index(self.selected) + (1 if action == Action.RIGHT else -1)
                self.selected = legal[i % len(legal)]
        elif action == Action.SELECT:
            if self.deal is None or self.deal.is_over:
                self.shuffle_and_deal()
            elif self.waiting_for_human:
                if self.selected is None:
                    legal = [c for c in self.hand_cards() if c in self.playable()]
                    self.selected = legal[0] if legal else None
                else:
                    self.play(Seat.S, self.selected)

    # ------------------------------------------------------------------ update
    def refresh_buttons(self) -> None:
        deal = self.deal
        self.b_deal.visible = deal is None
        # the hint: the most tricks where that is the aim, else the AI's move (table_hint.py)
        self.b_take_back.visible = self.can_take_back and not self.waiting_for_human
        self.b_hint.visible = not self.b_take_back.visible
        self.b_hint.enabled = (self.waiting_for_human and self.hint_job is None
                               and not self.family_hint.thinking)
        # Exactly while the rules let anyone look back at the last trick.
        self.b_last.enabled = deal is not None and deal.last_trick_viewable and self.overlay is None
        self.bid_panel.refresh()
        calls: list[GameAction] = list(self.bid_panel.declarations())
        if not calls and self.bid_panel.deal() is None:
            calls = deal.legal_actions() if (deal is not None and deal.phase == Phase.AUCTION
                                             and self.waiting_for_human) else []
        cx, gap = self.centre[0], self.pad
        for i, b in enumerate(self.b_bids):
            b.visible = i < len(calls)
            if b.visible:
                b.rect.x = cx - (len(calls) * (b.rect.w + gap) - gap) // 2 + i * (b.rect.w + gap)
                call = calls[i]
                b.label = (declare_words(call) if isinstance(call, Declare)
                           else describe_action(call).capitalize())
                b.on_press = partial(self.act, Seat.S, calls[i])

    def update(self, dt: float) -> None:
        self._advance(dt)
        self.refresh_buttons()

    def _advance(self, dt: float) -> None:
        deal = self.deal
        now = self.app.clock
        if deal is None:
            return
        self._poll_hint()
        # The AI starts thinking as soon as its seat is to play, while the last card
        # still slides and the trick is still shown: on a slow board the search is
        # over before the table is ready for the card, so nobody waits for it.
        self._start_ai(deal)
        if self.dealing is not None:
            self.dealing += dt / max(0.01, 0.8 * self.pace)
            if self.dealing >= 1:
                self.dealing = None
            return
        self.slides = [s for s in self.slides if s.progress(now) < 1]
        if self.overlay is not None or self.slides:
            return
        if self.held is not None:
            self.hold_left -= dt
            if self.hold_left <= 0:
                winner = self.held.winner(deal.order)
                if self.pace > 0:
                    self.collect = (self.held, winner, now)
                self.held = None
                if self.collect is None:
                    self._trick_cleared(deal, now)
            return
        if self.collect is not None:
            if now - self.collect[2] >= 0.3 * self.pace:
                self.collect = None
                self._trick_cleared(deal, now)
            return
        if deal.is_over:
            if not self._finished:
                self._finished = True
                self.hand_over()
            return
        if self._last_card_plays_itself(deal, now):
            return
        if self.job is None or now < self.next_ai_at:
            return
        if self.waiting_since is None:
            self.waiting_since = now
        job = self.app.ai.poll(self.job)
        if job is None:
            return
        self.job = None
        self.waiting_since = None
        if self._ai_key(deal) != self.job_key:
            return  # the hand moved on while the AI thought: ask again
        seat = self.job_seat
        assert seat is not None
        action = job.result if job.error is None else deal.legal_actions()[0]
        self.act(seat, action)

    def _trick_cleared(self, deal: Deal, now: float) -> None:
        """A trick has left the table: an AI seat to lead waits the house's pace
        first, while Last trick is open (it closes once a card is led). Not in the
        demo: nobody there looks back."""
        if self.human_seats and not deal.is_over and deal.turn in self.ai_seats and not deal.current.cards:
            self.next_ai_at = max(self.next_ai_at, now + self.app.config.ai.lead_wait)

    def _last_card_plays_itself(self, deal: Deal, now: float) -> bool:
        """Your one card left plays itself (a house setting), a moment after the
        table is ready for it; once you have raised it, your tap plays it. True
        while it is on its way."""
        if not (self.app.config.rules.last_card_plays_itself and self.waiting_for_human
                and deal.phase == Phase.PLAY and self.selected is None):
            self.last_card_at = None
            return False
        turn = deal.turn
        legal = deal.legal_moves()
        if turn is None or len(deal.hand(turn) or ()) != 1 or len(legal) != 1:
            self.last_card_at = None
            return False
        if self.last_card_at is None:
            self.last_card_at = now + 0.4 * self.pace
        if now >= self.last_card_at:
            self.last_card_at = None
            self.play(turn, legal[0])
            self.say(f"Your last card, {legal[0].symbol}, plays itself")
        return True

    @staticmethod
    def _ai_key(deal: Deal) -> tuple[int, Seat | None, int]:
        return (id(deal), deal.turn, len(deal.actions))

    def _start_ai(self, deal: Deal) -> None:
        turn = deal.turn
        if self.job is not None or deal.is_over or turn not in self.ai_seats:
            return
        obs = self.session.match.observe(turn)
        level = self.app.ai_level(turn)
        self.job_seat = turn
        self.job_key = self._ai_key(deal)
        self.waiting_since = None
        if self.session.reproducible:
            # Seeded by (match seed, deal, action) with a fixed amount of work:
            # a rubber resumed after a power cut plays on exactly as it would have.
            self.job = self.app.ai.submit(ai_worker.act_fixed, obs, level, self.session.match.move_seed())
        else:
            self.job = self.app.ai.submit(ai_worker.act, obs, level, None, self.app.ai_budget)

    def _poll_hint(self) -> None:
        self.family_hint.update()
        if self.hint_job is None:
            return
        job = self.app.ai.poll(self.hint_job)
        if job is None:
            return
        self.hint_job = None
        if job.error is not None or not self.waiting_for_human:
            self.hint_text = ""
            return
        card = parse_card(job.result["card"])
        self.hint_card = card
        self.selected = card
        value = job.result.get("values", {}).get(str(card))
        extra = (f": your side can expect {float(value):.1f} more tricks, this one included"
                 if isinstance(value, int | float) else "")
        self.hint_text = f"Hint: {card.symbol}{extra}"

    @staticmethod
    def _strain_words(deal: Deal) -> str:
        """'No trumps', or a contract's name and who bid it (Norwegian's grand)."""
        contract = deal.contract
        if contract is None or not contract.call:
            return "No trumps" if deal.phase != Phase.AUCTION else "Bidding"
        if contract.declarer is None:
            return contract.call.capitalize()
        who = "You" if contract.declarer == Seat.S else SEAT_LABELS[contract.declarer]
        return f"{contract.call.capitalize()} · {who}"

    # ------------------------------------------------------------------ drawing
    def trick_on_table(self) -> list[tuple[Seat, Card]]:
        deal = self.deal
        if deal is None or self.collect is not None:
            return []
        if self.held is not None:
            return self.held.plays()
        return deal.current.plays()

    def _moving(self) -> tuple[Card, ...]:
        """The cards sliding this frame (drawn over the layer, not in it)."""
        now = self.app.clock
        return tuple(s.card for s in self.slides if s.progress(now) < 1)

    def _layer_state(self) -> tuple[object, ...]:
        deal = self.deal
        return (
            self.size, id(deal), len(deal.actions) if deal else -1, self._moving(), self.held is not None,
            self.collect is not None, self.selected, self.hint_card, self.overlay is not None,
            self.status(), self.thinking_seat,
            None if self.dealing is None else math.ceil(self.dealing * 13),
            self.drag.card if self.drag and self.drag.moved else None,
            self.app.config.display.four_colour, self.waiting_for_human, id(self.session.match),
            tuple(sorted(self.bid_panel.discard)),
        )

    def draw(self, surf: pygame.Surface) -> None:
        """Blit the cached layer only when it changed; otherwise repair the
        patches the sliding cards covered last frame and draw them anew."""
        buttons = tuple((b.enabled, b.visible, b.pressed) for b in self.buttons.buttons)
        key = self._layer_state() + (buttons, self.buttons.focus, id(surf))
        full = self._layer is None or key != self._layer_key or self._layer.get_size() != surf.get_size()
        if full or self._layer is None:
            layer = self._layer
            if layer is None or layer.get_size() != surf.get_size():
                layer = self._layer = pygame.Surface(surf.get_size()).convert()
            self._compose(layer, self._moving())
            self.buttons.draw(layer)
            if self.overlay is not None:
                self._draw_overlay(layer, self.overlay)
            self._layer_key = key
            surf.blit(layer, (0, 0))
            dirty: list[pygame.Rect] = []
        else:
            layer = self._layer
            dirty = [surf.blit(layer, r, r) for r in self._moved]
        self._moved = self._draw_moving(surf)
        self.dirty = None if full else dirty + self._moved

    def _compose(self, surf: pygame.Surface, moving: tuple[Card, ...]) -> None:
        w, h = surf.get_size()
        surf.blit(felt.felt_surface(w, h), (0, 0))
        deal = self.deal
        self.label_rects = {}
        self._draw_bar(surf)
        self.draw_extra(surf)
        if deal is None:
            self._draw_status(surf)
            return
        four = self.app.config.display.four_colour
        thinking = self.thinking_seat
        count = None if self.dealing is None else max(0, min(13, math.ceil(self.dealing * 13)))
        for seat in (Seat.N, Seat.W, Seat.E):
            rect, vertical, step = self.fans[seat]
            n = len(deal.hand(seat) or ()) if count is None else count
            if seat == deal.dealer and deal.trump_card_showing and count is None:
                n -= 1  # the turned card lies face up beside the dealer instead
            if n:
                fan = cards.fan_surface(n, self.oc_w, self.oc_h, vertical, step)
                pos = (rect.centerx - fan.get_width() // 2, rect.y) if not vertical else rect.topleft
                surf.blit(fan, pos)
            self._draw_label(surf, seat, deal.turn == seat and not deal.is_over, seat == thinking)
        if deal.trump_card_showing and deal.record.trump_card is not None and deal.dealer != Seat.S:
            # Your own turned card stays in your hand, where you play it from; your label names it.
            tw, th = self.turned_size
            surf.blit(cards.card_surface(deal.record.trump_card, tw, th, four), self.turned_pos[deal.dealer])
        if deal.dealer == Seat.S:
            self._draw_label(surf, Seat.S, False, False)
        self._draw_status(surf)
        self.bid_panel.draw(surf)
        for seat, card in self.trick_on_table():
            if card in moving:
                continue
            spot = self.trick_pos[seat]
            img = cards.card_surface(card, self.tc_w, self.tc_h, four)
            surf.blit(img, img.get_rect(center=(int(spot[0]), int(spot[1]))))
        dragged = self.drag.card if self.drag and self.drag.moved else None
        playable = self.playable()
        your_turn = self.waiting_for_human
        for card, r in self.hand_rects():
            if card == dragged:
                continue
            dim = your_turn and card not in playable and not self.bid_panel.exchanging()
            surf.blit(cards.card_surface(card, self.card_w, self.card_h, four, dim), r.topleft)
            if card == self.selected or card == self.hint_card:
                t = max(2, self.px(3))
                colour = theme.HIGHLIGHT if card == self.selected else theme.BUTTON_FOCUS
                surf.blit(cards.outline_surface(self.card_w, self.card_h, colour, t), (r.x - t, r.y - t))

    def draw_extra(self, surf: pygame.Surface) -> None:
        """Hook: the demo draws its caption here."""

    def _pill(self, surf: pygame.Surface, s: str, anchor: str, pos: tuple[int, int], bg: tuple[int, ...],
              fg: tuple[int, ...], size: int) -> pygame.Rect:
        t = text.text(s, size, fg, True)
        r = t.get_rect()
        r.inflate_ip(self.px(16), self.px(8))
        setattr(r, anchor, pos)
        pygame.draw.rect(surf, bg, r, border_radius=r.h // 2)
        surf.blit(t, t.get_rect(center=r.center))
        return r

    def _draw_label(self, surf: pygame.Surface, seat: Seat, turn: bool, thinking: bool) -> None:
        anchor, pos = self.label_pos[seat]
        bg = theme.GOLD if turn else theme.PANEL
        fg = theme.BUTTON_TEXT if turn else theme.INK
        name = SEAT_LABELS[seat] + (" …" if thinking else "")
        deal = self.deal
        size = self.px(18)
        if deal is not None and deal.dealer == seat:
            name += "  (D)"
            if seat == Seat.S and deal.trump_card_showing and deal.record.trump_card is not None:
                turned = f"{name} · turned {Card(deal.record.trump_card).symbol}"
                if text.width(turned, size, True) + self.px(16) <= self.south_label_room:
                    name = turned
        self.label_rects[seat] = self._pill(surf, name, anchor, pos, bg, fg, size)

    def _draw_bar(self, surf: pygame.Surface) -> None:
        w = surf.get_width()
        deal = self.deal
        pad = self.pad
        cy = self.bar_h // 2 + pad // 2
        size = self.px(20)
        # Trump badge: "Trump:" and a drawn suit symbol.
        if deal is not None:
            words = self.bid_panel.badge_words(deal)
            if words is None:
                words = "Trump:" if deal.trump < 4 else self._strain_words(deal)
            t = text.text(words, size, theme.INK, True)
            sym = self.px(28)
            bw = t.get_width() + (sym + self.px(8) if deal.trump < 4 else 0) + self.px(20)
            badge = pygame.Rect(self.badge_x, cy - self.px(20), bw, self.px(40))
            pygame.draw.rect(surf, theme.PANEL, badge, border_radius=badge.h // 2)
            surf.blit(t, t.get_rect(midleft=(badge.x + self.px(10), cy)))
            if deal.trump < 4:
                box = pygame.Rect(0, 0, sym, sym)
                box.midright = (badge.right - self.px(8), cy)
                pygame.draw.rect(surf, theme.CARD_FACE, box, border_radius=self.px(5))
                ss = int(sym * 0.78)
                img = cards.suit_surface(deal.trump, ss, theme.suit_colour(deal.trump,
                                                                           self.app.config.display.four_colour))
                surf.blit(img, img.get_rect(center=box.center))
            self.badge_right = badge.right
        else:
            self.badge_right = self.badge_x
        lines = scoreboard.ScoreLines.of(self.session.match, deal)
        if self.landscape:
            area = pygame.Rect(self.badge_right + pad, pad // 2, w - pad - self.badge_right - pad,
                               self.bar_h - pad // 2)
        else:
            area = pygame.Rect(pad, self.bar_h, w - 2 * pad, self.bar2_h - pad // 2)
        self.score_rect = scoreboard.draw_score(surf, area, lines, self.px(20), self.px(18))

    def _draw_status(self, surf: pygame.Surface) -> None:
        """Whose turn / what to do, above your hand (after the labels: it keeps clear of yours)."""
        status = self.status()
        if status:
            pad = self.pad
            cx, cy = self.status_center
            width = self.status_width
            south = self.label_rects.get(Seat.S)
            if south is not None and abs(south.centery - cy) < south.h:
                width = min(width, 2 * (cx - south.right - pad))  # centred, clear of your label
            fs = text.fit_size(status, self.px(21), width, True, min_size=self.px(18))
            lines = text.wrap(status, fs, width, True)
            step = text.line_height(fs, True)
            for i, line in enumerate(reversed(lines)):  # extra lines go up, into the free felt
                st = text.text(line, fs, theme.GOLD, True)
                surf.blit(st, st.get_rect(center=(cx, cy - i * step)))

    def _slide_pos(self, s: Slide) -> tuple[int, int]:
        p = _ease(s.progress(self.app.clock))
        ex, ey = self.trick_pos[s.seat]
        x = s.start[0] + (ex - s.start[0]) * p
        y = s.start[1] + (ey - s.start[1]) * p
        return int(x), int(y)

    def _draw_moving(self, surf: pygame.Surface) -> list[pygame.Rect]:
        """Cards in flight; returns the rects drawn."""
        four = self.app.config.display.four_colour
        now = self.app.clock
        out: list[pygame.Rect] = []
        for s in self.slides:
            if s.progress(now) >= 1:
                continue
            img = cards.card_surface(s.card, self.tc_w, self.tc_h, four)
            out.append(surf.blit(img, img.get_rect(center=self._slide_pos(s))))
        if self.collect is not None:
            trick, winner, t0 = self.collect
            p = _ease(min(1.0, (now - t0) / max(0.01, 0.3 * self.pace)))
            tx, ty = self.fan_origin(winner)
            for seat, card in trick.plays():
                sx, sy = self.trick_pos[seat]
                img = cards.card_surface(card, self.tc_w, self.tc_h, four)
                out.append(surf.blit(img, img.get_rect(center=(int(sx + (tx - sx) * p),
                                                                int(sy + (ty - sy) * p)))))
        if self.drag and self.drag.moved and self.drag.card is not None:
            img = cards.card_surface(self.drag.card, self.card_w, self.card_h, four)
            out.append(surf.blit(img, img.get_rect(center=(int(self.drag.x), int(self.drag.y)))))
        return out

    def _draw_overlay(self, surf: pygame.Surface, trick: Trick) -> None:
        deal = self.dealt
        w, h = surf.get_size()
        pw, ph = int(self.tc_w * 4.2), int(self.tc_h * 2.2 + self.px(70))
        panel = pygame.Rect(0, 0, min(pw, w - 2 * self.pad), min(ph, h - 2 * self.pad))
        panel.center = (w // 2, h // 2)
        self.overlay_rect = panel
        shade = pygame.Surface((w, h), pygame.SRCALPHA)
        shade.fill(theme.SHADE)
        surf.blit(shade, (0, 0))
        # Opaque: nothing under it (the status line) may show through.
        surf.blit(widgets.panel_surface(panel.w, panel.h, 255), panel.topleft)
        winner = trick.winner(deal.order)
        title = f"Last trick: won by {'you' if winner == Seat.S else SEAT_LABELS[winner]}"
        t = text.text(title, text.fit_size(title, self.px(20), panel.w - self.px(20), True), theme.GOLD, True)
        surf.blit(t, t.get_rect(midtop=(panel.centerx, panel.y + self.px(8))))
        cx, cy = panel.centerx, panel.centery + self.px(6)
        four = self.app.config.display.four_colour
        offs = {Seat.N: (0, -0.36 * self.tc_h), Seat.S: (0, 0.36 * self.tc_h),
                Seat.W: (-0.85 * self.tc_w, 0), Seat.E: (0.85 * self.tc_w, 0)}
        for seat, card in trick.plays():
            img = cards.card_surface(card, self.tc_w, self.tc_h, four)
            dx, dy = offs[seat]
            surf.blit(img, img.get_rect(center=(int(cx + dx), int(cy + dy))))
        hint = text.text("tap to close", self.px(18), theme.INK_DIM)
        surf.blit(hint, hint.get_rect(midbottom=(panel.centerx, panel.bottom - self.px(6))))


__all__ = ["TableScene", "SEAT_LABELS", "SEAT_LONG", "SUIT_NAMES", "seat_phrase"]
