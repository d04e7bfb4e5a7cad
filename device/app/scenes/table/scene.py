"""The table, for every game: you at the bottom with your hand, the others round
the edges, the trick in the middle, and the step's panel when the table asks
you for a bid, trumps, cards to lay away or a knock.

The scene holds the state and the timing (the AI's turns, the cards sliding,
the trick held then gathered, take back); drawing is in ``draw.py``, touches and
keys in ``controls.py``, the layout in ``layout.py``, the panels in ``panels.py``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

import pygame

from device.app import ai_worker
from device.app.ai_worker import WorkerPlayer
from device.app.render import widgets
from device.app.scenes.base import Scene
from device.app.scenes.table import controls, draw, panels, saying, turns, words
from device.app.scenes.table import hand as hand_rows
from device.app.scenes.table.hint import TableHint
from device.app.scenes.table.layout import Geometry, Shape, compute
from device.app.scenes.table.seating import Seating, seating_of
from device.app.scenes.table.trick import Slide, spot_of
from device.driver import Driver, Person, Player
from device.remote.player import PhoneListener, PhonePlayer
from engine.actions import Action as GameAction
from engine.actions import Bid, Declare, Exchange, Pass, Play
from engine.cards import Card, parse_card, sort_hand
from engine.errors import RulesError
from engine.game import Phase
from engine.seats import Seat

if TYPE_CHECKING:
    from device.app.app_protocol import App
    from device.app.session import Session
    from device.events import InputEvent
    from engine.deal import Deal
    from engine.trick import Trick

# How long (at normal pace, in seconds) the next seat waits after your card, while
# Take back is offered.
TAKE_BACK_S = 1.2


class TableScene(Scene):
    name = "table"
    # made by controls.layout_buttons each time the table is laid out
    b_menu: widgets.Button
    b_hint: widgets.Button
    b_last: widgets.Button
    b_take_back: widgets.Button
    b_deal: widgets.Button
    panel: panels.StepPanel

    def __init__(self, app: App, session: Session | None = None) -> None:
        super().__init__(app)
        self.session = session or app.session
        self.seating: Seating = seating_of(self.session.match.game)
        self.slides: list[Slide] = []
        self.held: Trick | None = None  # a finished trick still on show
        self.hold_left = 0.0
        self.collect: tuple[Trick, Seat, float] | None = None  # a trick going to its winner
        self.next_ai_at = 0.0
        # the AI's seats think on the worker thread; yours answer through the controls (act)
        you = Person()
        players: dict[Seat, Player] = {
            s: you if s in self.human_seats
            else WorkerPlayer(app.ai, app.ai_level(s), self.session.reproducible, app.ai_budget)
            for s in self.seating.seats}
        # a seat given to a phone (Menu > Seat from a phone) is played from it, its AI standing by
        remote = app.remote if self.name == "table" else None
        self.phones: PhoneListener | None = None
        if remote is not None:
            players = {s: p if s in self.human_seats else remote.player(s, p) for s, p in players.items()}
            self.phones = remote.listener(lambda: self.session.match)
        self.driver = Driver(self.session.match, players, () if self.phones is None else (self.phones,))
        self._seat_names = dict(self.seating.names)
        # the AI's move, thought while the table was busy, kept until it is ready: (position, move)
        self.ready: tuple[tuple[int, int], GameAction] | None = None
        self.waiting_since: float | None = None  # the table was ready for the AI's move from then
        self.hint = TableHint(self)
        self.selected: Card | None = None
        self.overlay: Trick | None = None  # the last trick, shown again
        self.message = ""
        self.message_until = 0.0
        self.dealing: float | None = None  # the deal's animation, 0..1
        self.event = ""  # the demo's words for the hand just played (the demo does not score here)
        self._finished = False
        self.last_card_at: float | None = None
        self.shape = Shape()
        self.g: Geometry | None = None
        self.drag: controls.Drag | None = None
        # drawn last frame: the cached layer and what it showed, the cards moving over it, and
        # where the labels, the status line and the turned cards went (tests read these)
        self._layer: pygame.Surface | None = None
        self._layer_key: tuple[object, ...] | None = None
        self._moved: list[pygame.Rect] = []
        self.label_rects: dict[Seat, pygame.Rect] = {}
        self.overlay_rect: pygame.Rect | None = None
        self.status_rects: list[pygame.Rect] = []
        self.turned_rects: list[pygame.Rect] = []
        self.fan_rects: list[pygame.Rect] = []  # the others' cards face down
        self.badge_rect = pygame.Rect(0, 0, 0, 0)
        self.score_rect = pygame.Rect(0, 0, 0, 0)

    # ------------------------------------------------------------------ who and what
    @property
    def pace(self) -> float:
        return self.app.anim

    @property
    def deal(self) -> Deal | None:
        return self.session.deal

    @property
    def dealt(self) -> Deal:
        """The hand in progress, where the table is sure there is one."""
        deal = self.session.deal
        if deal is None:
            raise RuntimeError("the table asked for the hand in progress before any was dealt")
        return deal

    @property
    def human_seats(self) -> frozenset[Seat]:
        return frozenset({self.seating.you})

    @property
    def you(self) -> Seat:
        return self.seating.you

    def actor(self, deal: Deal) -> Seat | None:
        """Who acts now: the seat to act, or the player of a hand played by another."""
        turn = deal.turn
        return None if turn is None else deal.game.actor(deal, turn)

    @property
    def ai_seats(self) -> set[Seat]:
        return {s for s in self.seating.seats if s not in self.human_seats}

    @property
    def busy(self) -> bool:
        """Something on screen must finish before play goes on."""
        now = self.app.clock
        return (self.dealing is not None or self.held is not None or self.collect is not None
                or self.overlay is not None or any(s.progress(now) < 1 for s in self.slides))

    @property
    def waiting_for_human(self) -> bool:
        deal = self.deal
        return (deal is not None and not deal.is_over and self.actor(deal) in self.human_seats
                and not self.busy)

    @property
    def hint_card(self) -> Card | None:
        return self.hint.card

    def step(self) -> str:
        """The kind of answer the table wants of you now (panels.your_step), '' when none."""
        deal = self.deal
        if deal is None or not self.waiting_for_human:
            return ""
        return panels.your_step(deal, self.actor(deal))

    def enter(self) -> None:
        if self.phones is not None:
            self.phones.publish()  # a phone opened before the table (or after a power cut) sees the hand
        deal = self.deal
        if deal is not None and deal.is_over:
            self._finished = False

    def leave(self) -> None:
        self.forget_ai()
        self.hint.clear()

    # ------------------------------------------------------------------ layout
    def shape_now(self) -> Shape:
        deal = self.deal
        if deal is None:
            return Shape()
        own = bool(self.own_row_cards())
        top = any(self.faceup(s) for s in self.seating.others if self.seating.places[s].edge == "top")
        side = any(self.faceup(s) for s in self.seating.others if self.seating.places[s].edge != "top")
        split = self.keep_choice()
        held = len(split[0]) if split is not None else len(deal.hand(self.you) or ())
        most = max(held, 13 if deal.tricks_per_hand >= 13 else 0)
        return Shape(most, own, top, side)

    def layout(self, w: int, h: int) -> None:
        self.shape = self.shape_now()
        self.g = compute(w, h, self.u, self.seating, self.shape)
        controls.layout_buttons(self, self.g)

    # ------------------------------------------------------------------ drawing and input
    def draw(self, surf: pygame.Surface) -> None:
        draw.draw(self, surf)

    def draw_extra(self, surf: pygame.Surface) -> None:
        """Hook: the demo draws its caption here."""

    @property
    def four(self) -> bool:
        return self.app.config.display.four_colour

    def handle(self, ev: InputEvent) -> None:
        controls.handle(self, ev)

    def refresh_buttons(self) -> None:
        controls.refresh_buttons(self)

    def tap_card(self, card: Card) -> None:
        controls.tap_card(self, card)

    def on_back(self) -> None:
        self.app.go("menu")

    def ask_hint(self) -> None:
        if self.waiting_for_human:
            self.hint.ask()

    @property
    def geo(self) -> Geometry:
        if self.g is None:
            raise RuntimeError("the table was asked where things are before it was laid out")
        return self.g

    # ------------------------------------------------------------------ the cards on show
    def faceup(self, seat: Seat) -> list[Card]:
        """Another seat's cards lying face up: its hand played open (or one you play for it,
        which you see), else the cards of its layout."""
        deal = self.deal
        if deal is None:
            return []
        held = deal.hand(seat)
        seen = deal.game.visible_piles(deal, self.you)
        if held and any(set(cards) == set(held) for cards in seen.values()):
            return sort_hand(held)
        if held and self.actor(deal) == self.you and deal.turn == seat:
            return sort_hand(held)  # a hand you act for: the declarer sees the open hand
        return sort_hand(deal.game.layout(deal, seat))

    def own_row_cards(self) -> list[Card]:
        """Your face-up row above your hand: your layout, or the hand you may keep instead."""
        deal = self.deal
        if deal is None:
            return []
        split = self.keep_choice()
        if split is not None:
            return sort_hand(split[1])
        return sort_hand(deal.game.layout(deal, self.you))

    def keep_choice(self) -> tuple[frozenset[Card], frozenset[Card]] | None:
        """Two hands to keep one of (your dealt hand and a pile taken up): (yours, the other)."""
        deal = self.deal
        if deal is None or deal.phase != Phase.EXCHANGE or self.actor(deal) != self.you:
            return None
        options = [a for a in deal.legal_actions() if isinstance(a, Exchange)]
        held = frozenset(deal.hand(self.you) or ())
        if len(options) != 2:
            return None
        kept = [held - set(a.discard) for a in options]
        if kept[0] & kept[1]:
            return None
        dealt = frozenset(deal.record.hands()[self.you] or ())
        return (kept[0], kept[1]) if kept[0] == dealt else (kept[1], kept[0])

    def hand_cards(self) -> list[Card]:
        deal = self.deal
        if deal is None:
            return []
        split = self.keep_choice()
        ordered = sort_hand(split[0] if split is not None else (deal.hand(self.you) or frozenset()))
        if self.dealing is not None:
            ordered = ordered[: max(0, min(len(ordered), round(self.dealing * len(ordered))))]
        return ordered

    def playable(self) -> set[Card]:
        if not self.waiting_for_human:
            return set()
        return set(self.dealt.legal_moves())

    def hand_rects(self) -> hand_rows.Rects:
        raised = self.panel.picked if self.picking_from() == self.you else self.playable()
        return hand_rows.hand_rects(self.geo, self.hand_cards(), raised, self.selected)

    def own_row_rects(self) -> hand_rows.Rects:
        return hand_rows.row_rects(self.geo.own_row, self.own_row_cards(), False, self.geo.pad // 2)

    def faceup_rects(self, seat: Seat) -> hand_rows.Rects:
        slot = self.geo.slots.get(seat)
        if slot is None:
            return []
        if slot.open_rect is not None:
            return hand_rows.row_rects(slot.open_rect, self.faceup(seat), False, self.geo.pad // 2)
        return hand_rows.row_rects(slot.rect, self.faceup(seat), slot.vertical, self.geo.pad // 2)

    def tappable(self) -> hand_rows.Rects:
        """Every card a tap may choose: your hand, your row, a hand you play for."""
        out = self.hand_rects() + self.own_row_rects()
        deal = self.deal
        if deal is not None and deal.turn is not None and deal.turn != self.you:
            out = self.faceup_rects(deal.turn) + out
        return out

    def picking_from(self) -> Seat | None:
        """The seat whose cards you are choosing to lay away, if you are."""
        deal = self.deal
        if deal is None or self.step() != "pick":
            return None
        return deal.turn

    def card_rect(self, card: Card | str) -> pygame.Rect:
        c = parse_card(card)
        for k, r in self.tappable():
            if k == c:
                return r
        raise KeyError(str(c))

    def tap_point(self, card: Card | str) -> tuple[int, int]:
        """A point on the visible part of ``card`` (tests tap it there)."""
        c = parse_card(card)
        vis = hand_rows.hit_area(self.tappable(), c)
        return vis.x + vis.w // 2, vis.y + min(vis.h // 4, self.px(20))

    def hit_area(self, card: Card | str) -> pygame.Rect:
        c = parse_card(card)
        return hand_rows.hit_area(self.tappable(), c)

    def card_at(self, x: float, y: float) -> Card | None:
        return hand_rows.card_at(self.tappable(), x, y)

    def fan_origin(self, seat: Seat) -> tuple[float, float]:
        g = self.geo
        if seat == self.you:
            return (g.w / 2, g.row_tops[-1] + g.card_h / 2)
        slot = g.slots.get(seat)
        return slot.rect.center if slot is not None else g.centre

    def trick_on_table(self) -> list[tuple[Seat, Card]]:
        deal = self.deal
        if deal is None or self.collect is not None:
            return []
        if self.held is not None:
            return self.held.plays()
        return deal.current.plays()

    # ------------------------------------------------------------------ saying
    def say(self, msg: str, seconds: float = 2.5) -> None:
        self.message = msg
        self.message_until = self.app.clock + seconds

    def status(self) -> str:
        """Whose turn it is and what to do (a hook: the demo says its captions)."""
        return saying.status(self)

    @property
    def thinking_seat(self) -> Seat | None:
        # only the wait the table shows: thinking hidden behind the animations does not count
        deal = self.deal
        if (deal is not None and self.ready is None and self.waiting_since is not None
                and self.app.clock - self.waiting_since > ai_worker.THINKING_CUE_S):
            return deal.turn
        return None

    # ------------------------------------------------------------------ the AI's turns
    def think(self) -> None:
        """Ask the driver for the move of the seat to act (the AI thinks on its worker; your
        seat has none to give) and keep it until the table is ready to show it."""
        if self.driver.match is not self.session.match:  # a new rubber, a resumed one
            self.driver.next_match(self.session.match)
        self.name_phone_seats()
        deal = self.deal
        if deal is None:
            return
        at = (id(deal), len(deal.actions))
        if self.ready is not None and self.ready[0] != at:
            self.ready = None  # the hand moved on while the AI thought
        if self.ready is None and (action := self.driver.ask()) is not None:
            self.ready = (at, action)

    def take_ready(self) -> GameAction | None:
        """The AI's move for the position on the table, once thought (taken: asked once)."""
        ready, self.ready = self.ready, None
        return None if ready is None else ready[1]

    def name_phone_seats(self) -> None:
        """A seat a phone holds is called by its person's name: "Ann (phone)"."""
        if self.phones is None:
            return
        names = {s: p.label if isinstance(p, PhonePlayer) and p.holder is not None else self._seat_names[s]
                 for s, p in self.driver.players.items()}
        if names != self.seating.names:
            self.seating = replace(self.seating, names=names)
            self._layer = None  # the labels are drawn on the cached layer

    def forget_ai(self) -> None:
        """Drop the AI's moves in hand: the position they were thought for is gone."""
        for seat_player in self.driver.players.values():
            player = seat_player.fallback if isinstance(seat_player, PhonePlayer) else seat_player
            if isinstance(player, WorkerPlayer):
                player.forget()
        self.ready = None
        self.waiting_since = None

    def preview(self) -> str:
        return saying.preview(self)

    # ------------------------------------------------------------------ actions
    def shuffle_and_deal(self) -> None:
        deal = self.deal
        if deal is not None and not deal.is_over:
            return
        if self.session.match.is_over:
            self.session.new_rubber()
        self.session.shuffle_and_deal()
        self._finished = False
        self.slides.clear()
        self.held = self.collect = self.overlay = None
        self.selected = None
        self.hint.clear()
        self.dealing = 0.0 if self.pace > 0 else None
        self.next_ai_at = self.app.clock + 0.3 * self.pace
        self.app.sound.play("deal")

    def last_trick_closed_why(self) -> str:
        """Why Last trick is unavailable now ('' when it is available)."""
        deal = self.deal
        if deal is None or not deal.tricks:
            return "Last trick: no trick has been played yet"
        if deal.current.cards:
            leader = deal.current.plays()[0][0]
            who = "you" if leader == self.you else self.seating.name(leader)
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
        """Your card is the last one played, the house lets it be taken back, and the next
        player has not played yet."""
        deal = self.deal
        if deal is None or not deal.actions or not self.app.config.rules.take_back:
            return False
        last = deal.actions[-1]
        return (isinstance(last, Play) and deal.game.actor(deal, last.seat) in self.human_seats
                and self.overlay is None and self.dealing is None and not self._finished
                and bool(deal.hand(last.seat)) and not deal.is_over)

    def take_back(self) -> None:
        if not self.can_take_back:
            return
        self.forget_ai()
        taken = self.session.match.undo()  # the match tells its journal
        if not isinstance(taken, Play):
            raise RulesError("only your own card is offered back")
        self.slides = [s for s in self.slides if s.card != taken.card]
        self.held = self.collect = None
        self.selected = taken.card
        self.say(f"You took back {words.short(taken.card)}")

    def play(self, seat: Seat, card: Card) -> bool:
        deal = self.dealt
        try:
            deal.check(Play(seat, card))
        except RulesError as exc:
            self.say(str(exc).capitalize())
            return False
        start = self.fan_origin(seat)
        rects = dict(self.tappable()) if deal.game.actor(deal, seat) in self.human_seats else {}
        if card in rects:
            start = rects[card].center
        if self.drag is not None and self.drag.card == card and self.drag.moved:
            start = (self.drag.x, self.drag.y)
        done = self.session.match.apply(Play(seat, card))  # the match tells its journal
        now = self.app.clock
        plays = done.plays() if done is not None else deal.current.plays()
        self.slides = [s for s in self.slides if s.progress(now) < 1]
        self.slides.append(Slide(card, seat, start, now, 0.28 * self.pace, spot_of(self.geo, plays, card)))
        self.app.sound.play("play")
        self.selected = None
        self.hint.clear()
        # after your card the next seat waits a little longer: time to take it back
        self.next_ai_at = now + (TAKE_BACK_S if self.can_take_back else 0.45) * self.pace
        self.after_play(seat, card)
        if done is not None:
            self.held = done
            self.hold_left = 1.1 * self.pace
            self.app.sound.play("trick")
        return True

    def act(self, seat: Seat, action: GameAction) -> bool:
        """Any action; cards go through :meth:`play`, which animates them."""
        if isinstance(action, Play):
            return self.play(action.seat, action.card)
        deal = self.deal
        taken = deal.game.exchange_pile(deal) if isinstance(action, Exchange) and deal is not None else None
        try:
            self.session.match.apply(action)  # the match tells its journal
        except RulesError as exc:
            self.say(str(exc).capitalize())
            return False
        self.selected = None
        self.hint.clear()
        who = self.seating.name(action.seat)
        spec = self.session.match.game.table
        said = (panels.call_words(action, spec).lower() if isinstance(action, Bid | Pass)
                else panels.declare_words(action) if isinstance(action, Declare) else "")
        if isinstance(action, Exchange) and deal is not None and taken is not None:
            laid = words.laid_away(deal, action, taken, self.seating)
            if laid:
                self.say(laid, 4 * max(self.pace, 0.5))
                said = ""
        if said:
            self.say(f"{who}: {said}", 1.6 * max(self.pace, 0.5))
        self.next_ai_at = self.app.clock + 0.9 * self.pace
        self.relayout_if_reshaped()
        return True

    def act_yours(self, action: GameAction | None) -> None:
        """A panel's button: your action (or the hand's you play for)."""
        deal = self.deal
        if action is None or deal is None or not self.waiting_for_human:
            return
        self.act(action.seat, action)

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

    def relayout_if_reshaped(self) -> None:
        if self.g is not None and self.shape_now() != self.shape:
            self.relayout()
            self.ensure_layout(self.app.size)

    # ------------------------------------------------------------------ update
    def update(self, dt: float) -> None:
        turns.advance(self, dt)
        self.refresh_buttons()


__all__ = ["TAKE_BACK_S", "TableScene"]
