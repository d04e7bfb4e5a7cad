"""The Hint for every step where the person at the screen acts, in every game:
a bid, the trumps to name, the cards to lay away, a card (where the
double-dummy hint, the most tricks, is no help: an exact count of tricks, a
misère, a nullo, a low game).

The hint is the move the table's AI would make in that seat (the same AI
worker, ``ai_worker.hint_action``), with a fixed amount of work seeded by the
position, so pressing Hint twice shows the same move. The scenes show it as
words ("Hint: bid 2") and on the screen: the card or cards raised, the bid or
suit button lit.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from device.app import ai_worker
from engine.actions import Action, Bid, Declare, Exchange, Pass, Play
from engine.cards import SUIT_NAMES, SUIT_SYMBOLS, Card, sort_hand
from engine.deal import describe_action

if TYPE_CHECKING:
    from device.app.app_protocol import App
    from device.app.render.widgets import Button
    from engine.deal import Deal
    from engine.match import Match
    from engine.seats import Seat

THINKING = "Thinking of a hint…"


@dataclass(frozen=True)
class Suggestion:
    """The AI's move for the seat at the screen, and how the table shows it."""

    action: Action
    words: str

    @property
    def card(self) -> Card | None:
        return self.action.card if isinstance(self.action, Play) else None

    @property
    def discard(self) -> tuple[Card, ...]:
        return self.action.discard if isinstance(self.action, Exchange) else ()


def words(action: Action, in_play: bool = False) -> str:
    """'Hint: bid 2 tricks', 'Hint: name ♠ spades trumps', 'Hint: lay away ♣2 ♦3', 'Hint: play ♥Q'.
    ``in_play``: a pass while the cards are played is a knock."""
    if isinstance(action, Play):
        return f"Hint: play {action.card.symbol}"
    if isinstance(action, Exchange):
        return "Hint: lay away " + " ".join(c.symbol for c in sort_hand(action.discard))
    if isinstance(action, Declare):
        if action.trump in (None, "N"):
            order = f", {action.order}" if action.order else ""
            return f"Hint: no trumps{order}"
        i = "SHDC".index(str(action.trump))
        order = f", {action.order}" if action.order else ""
        return f"Hint: {SUIT_SYMBOLS[i]} {SUIT_NAMES[i]} for trumps{order}"
    if isinstance(action, Pass):
        return "Hint: knock" if in_play else "Hint: pass"
    if isinstance(action, Bid):
        said = describe_action(action)
        if action.mode == "notrump":
            said = f"{action.level} no trump"
        return f"Hint: {said}" if action.call is not None else f"Hint: bid {said}"
    return f"Hint: {describe_action(action)}"


class HintAsker:
    """One hint at a time for a scene: asked of the AI worker, dropped when the hand moves on."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.job: int | None = None
        self.key: tuple[int, int] | None = None
        self.suggestion: Suggestion | None = None

    @staticmethod
    def position(deal: Deal) -> tuple[int, int]:
        return (id(deal), len(deal.actions))

    @property
    def thinking(self) -> bool:
        return self.job is not None

    def ask(self, match: Match, seat: Seat) -> None:
        deal = match.current
        if deal is None or self.job is not None:
            return
        self.clear()
        self.key = self.position(deal)
        self.job = self.app.ai.submit(ai_worker.hint_action, match.observe(seat), match.move_seed())

    def poll(self, deal: Deal | None) -> Suggestion | None:
        """The hint for the position on the table, once the worker has it (None: none shown)."""
        if deal is None or (self.key is not None and self.key != self.position(deal)):
            self.clear()
            return None
        if self.job is not None:
            job = self.app.ai.poll(self.job)
            if job is not None:
                self.job = None
                if job.error is None and isinstance(job.result, Play | Bid | Pass | Declare | Exchange):
                    from engine.game import Phase

                    self.suggestion = Suggestion(job.result, words(job.result, deal.phase == Phase.PLAY))
        return self.suggestion

    def clear(self) -> None:
        self.app.ai.forget(self.job)
        self.job = None
        self.key = None
        self.suggestion = None

    def text(self) -> str:
        if self.job is not None:
            return THINKING
        return self.suggestion.words if self.suggestion is not None else ""


def light(buttons: Iterable[Button], chosen: Button | None, base: dict[int, bool]) -> None:
    """Light the hinted button (drawn as the primary one), the others as they were
    (``base``: each button's own look, by id, recorded the first time)."""
    for b in buttons:
        base.setdefault(id(b), b.primary)
        b.primary = b is chosen or base[id(b)]


__all__ = ["HintAsker", "Suggestion", "THINKING", "light", "words"]
