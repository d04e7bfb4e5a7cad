"""The Hint at the table, for every step where you act. Where a card is played
for the most tricks it is the double-dummy search with its figure ("your side
can expect 7.0 more tricks"); elsewhere (a bid, trumps, the cards to lay away,
a card in a game with another aim) the move the table's AI would make
(device.app.family_hint). Either is shown in the status line and on the
screen: the card raised (a second tap plays it), the cards to lay away chosen,
the button of the bid, call or knock lit."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Protocol

from device.app import ai_worker
from device.app.family_hint import HintAsker, Suggestion, light
from engine.ai.family import plays_for_tricks
from engine.cards import parse_card
from engine.game import Phase

if TYPE_CHECKING:
    from device.app.app_protocol import App
    from device.app.render.widgets import Button
    from device.app.scenes.table.panels import StepPanel
    from device.app.session import Session
    from engine.actions import Action
    from engine.cards import Card
    from engine.deal import Deal


class HintedTable(Protocol):
    """What the hint uses of the table scene (which makes the hint and so is above it)."""

    app: App
    session: Session
    panel: StepPanel
    selected: Card | None

    @property
    def deal(self) -> Deal | None: ...
    @property
    def waiting_for_human(self) -> bool: ...


class TableHint:
    def __init__(self, table: HintedTable) -> None:
        self.table = table
        self.asker = HintAsker(table.app)
        self.shown: Suggestion | None = None
        self.job: int | None = None  # the search's hint for a card
        self.words = ""
        self.card: Card | None = None  # the card hinted, while the hint stands
        self._looks: dict[int, bool] = {}

    @property
    def thinking(self) -> bool:
        return self.asker.thinking or self.job is not None

    def ask(self) -> None:
        table = self.table
        deal = table.deal
        if deal is None or deal.turn is None or self.thinking:
            return
        obs = table.session.match.observe(deal.turn)
        if deal.phase == Phase.PLAY and plays_for_tricks(obs):
            self.job = table.app.ai.submit(ai_worker.hint, deal.observation(deal.turn))
            self.words = "Thinking of a hint…"
            return
        self.asker.ask(table.session.match, deal.turn)

    def update(self) -> None:
        """Each frame: the hint shown when it comes, and taken away once the hand moves on."""
        table = self.table
        if self.job is not None:
            job = table.app.ai.poll(self.job)
            if job is not None:
                self.job = None
                self._card_hint(job.result if job.error is None else None)
        suggestion = self.asker.poll(table.deal)
        if suggestion is not None and suggestion is not self.shown:
            if suggestion.card is not None:
                table.selected = self.card = suggestion.card
            if suggestion.discard:
                table.panel.picked = set(suggestion.discard)
        self.shown = suggestion

    def _card_hint(self, result: dict[str, object] | None) -> None:
        table = self.table
        if result is None or not table.waiting_for_human:
            self.words = ""
            return
        card = parse_card(str(result["card"]))
        table.selected = self.card = card
        values = result.get("values")
        value = values.get(str(card)) if isinstance(values, dict) else None
        extra = (f": your side can expect {float(value):.1f} more tricks, this one included"
                 if isinstance(value, int | float) else "")
        self.words = f"Hint: {card.symbol}{extra}"

    def light(self) -> None:
        """The button that makes the hinted move drawn lit (the others as they were)."""
        buttons = self.table.panel.shown
        light(buttons, self.button_for(self.shown), self._looks)

    def button_for(self, suggestion: Suggestion | None) -> Button | None:
        if suggestion is None:
            return None
        return next((b for b in self.table.panel.shown if b.visible and _makes(b, suggestion.action)), None)

    def text(self) -> str:
        """The status line's words while a hint is asked or shown ('' otherwise)."""
        if not self.table.waiting_for_human:
            return ""
        if self.words:
            return self.words
        said = self.asker.text()
        if said and self.shown is not None and self.shown.card is not None:
            said += " (tap it again to play it)"
        return said

    def clear(self) -> None:
        self.table.app.ai.forget(self.job)
        self.job = None
        self.words = ""
        self.card = None
        self.asker.clear()
        self.shown = None


def _makes(button: Button, action: Action) -> bool:
    press = button.on_press
    return isinstance(press, partial) and bool(press.args) and press.args[-1] == action


__all__ = ["HintedTable", "TableHint"]
