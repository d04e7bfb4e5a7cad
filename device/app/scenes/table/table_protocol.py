"""The table scene as its parts see it (controls, draw, saying, score, turns), and the
pointer held on it.

device.app.scenes.table.scene.TableScene imports those modules and hands itself to their
functions; they name this Protocol, never the class, so no import runs in a circle, even
for types. It lists only what they use of the scene: its state, which they read and move
on, and the methods they call back (the class documents each one). A member a part starts
to use is added here; mypy then checks the class still has it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    import pygame

    from device.app.app_protocol import App
    from device.app.render import widgets
    from device.app.scenes.table import hand as hand_rows
    from device.app.scenes.table import panels
    from device.app.scenes.table.hint import TableHint
    from device.app.scenes.table.layout import Geometry
    from device.app.scenes.table.seating import Seating
    from device.app.scenes.table.trick import Slide
    from device.app.session import Session
    from engine.actions import Action as GameAction
    from engine.cards import Card
    from engine.deal import Deal
    from engine.seats import Seat
    from engine.trick import Trick


@dataclass
class Drag:
    """A pointer held down on the table: where it went down and where it is now."""

    card: Card | None  # the card it went down on
    x0: float
    y0: float
    x: float
    y: float
    moved: bool = False  # further than a tap's wobble


class TableScene(Protocol):
    # -- the scene's own (device.app.scenes.base.Scene)
    app: App
    buttons: widgets.ButtonSet
    size: tuple[int, int]
    dirty: list[pygame.Rect] | None

    def px(self, base: float) -> int: ...

    # -- the hand and who plays it
    session: Session
    seating: Seating
    hint: TableHint
    panel: panels.StepPanel
    selected: Card | None
    message: str
    message_until: float
    event: str
    _finished: bool

    @property
    def deal(self) -> Deal | None: ...
    @property
    def dealt(self) -> Deal: ...
    @property
    def you(self) -> Seat: ...
    @property
    def human_seats(self) -> frozenset[Seat]: ...
    @property
    def ai_seats(self) -> set[Seat]: ...
    @property
    def waiting_for_human(self) -> bool: ...
    @property
    def thinking_seat(self) -> Seat | None: ...
    @property
    def can_take_back(self) -> bool: ...
    def actor(self, deal: Deal) -> Seat | None: ...
    def step(self) -> str: ...
    def playable(self) -> set[Card]: ...
    def keep_choice(self) -> tuple[frozenset[Card], frozenset[Card]] | None: ...
    def faceup(self, seat: Seat) -> list[Card]: ...
    def own_row_cards(self) -> list[Card]: ...
    def trick_on_table(self) -> list[tuple[Seat, Card]]: ...
    def status(self) -> str: ...
    def preview(self) -> str: ...

    # -- the timing: the AI's turns, the cards moving, the trick held then gathered
    slides: list[Slide]
    held: Trick | None
    hold_left: float
    collect: tuple[Trick, Seat, float] | None
    overlay: Trick | None
    dealing: float | None
    next_ai_at: float
    waiting_since: float | None
    last_card_at: float | None

    @property
    def pace(self) -> float: ...

    # -- where things are and what was drawn last frame
    g: Geometry | None
    drag: Drag | None
    b_menu: widgets.Button
    b_hint: widgets.Button
    b_last: widgets.Button
    b_take_back: widgets.Button
    b_deal: widgets.Button
    _layer: pygame.Surface | None
    _layer_key: tuple[object, ...] | None
    _moved: list[pygame.Rect]
    label_rects: dict[Seat, pygame.Rect]
    overlay_rect: pygame.Rect | None
    status_rects: list[pygame.Rect]
    turned_rects: list[pygame.Rect]
    fan_rects: list[pygame.Rect]
    badge_rect: pygame.Rect
    score_rect: pygame.Rect

    @property
    def geo(self) -> Geometry: ...
    @property
    def four(self) -> bool: ...
    def hand_rects(self) -> hand_rows.Rects: ...
    def own_row_rects(self) -> hand_rows.Rects: ...
    def faceup_rects(self, seat: Seat) -> hand_rows.Rects: ...
    def tappable(self) -> hand_rows.Rects: ...
    def card_at(self, x: float, y: float) -> Card | None: ...
    def fan_origin(self, seat: Seat) -> tuple[float, float]: ...
    def draw_extra(self, surf: pygame.Surface) -> None: ...

    # -- what they do through it
    def say(self, msg: str, seconds: float = 2.5) -> None: ...
    def play(self, seat: Seat, card: Card) -> bool: ...
    def act(self, seat: Seat, action: GameAction) -> bool: ...
    def act_yours(self, action: GameAction | None) -> None: ...
    def think(self) -> None: ...
    def take_ready(self) -> GameAction | None: ...
    def shuffle_and_deal(self) -> None: ...
    def show_last(self) -> None: ...
    def take_back(self) -> None: ...
    def ask_hint(self) -> None: ...
    def on_back(self) -> None: ...
    def hand_over(self) -> None: ...
    def relayout_if_reshaped(self) -> None: ...


__all__ = ["Drag", "TableScene"]
