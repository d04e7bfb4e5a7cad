"""The Hint at the four-seat table (device/app/scenes/table.py) for the steps the
classic hint (the most tricks, double dummy) does not cover: Norwegian's and
Bid Whist's auction, Bid Whist's trumps or direction and its kitty exchange,
and the cards of a nullo. The AI worker's move (device.app.family_hint) is
shown in the status line and on the screen: the bid, call or declaration
button lit, the cards to lay away chosen (Lay away then lays them), the card
raised (a second tap plays it)."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from device.app.family_hint import HintAsker, Suggestion, light
from engine.ai.family import plays_for_tricks
from engine.seats import Seat

if TYPE_CHECKING:
    from device.app.render.widgets import Button
    from device.app.scenes.table import TableScene
    from engine.actions import Action


class TableHint:
    def __init__(self, table: TableScene) -> None:
        self.table = table
        self.asker = HintAsker(table.app)
        self.shown: Suggestion | None = None
        self.active = False  # the table's hint words are this hint's
        self._looks: dict[int, bool] = {}

    def wanted(self) -> bool:
        """The classic hint has nothing to say here: not a card played for the most tricks."""
        return not plays_for_tricks(self.table.session.match.observe(Seat.S))

    @property
    def thinking(self) -> bool:
        return self.asker.thinking

    def ask(self) -> None:
        self.asker.ask(self.table.session.match, Seat.S)
        self.table.hint_text = self.asker.text()
        self.active = True

    def update(self) -> None:
        """Each frame: the hint shown when it comes, and taken away once the hand moves on."""
        table = self.table
        before = self.shown
        suggestion = self.asker.poll(table.deal)
        if suggestion is not None and suggestion is not before:
            table.hint_text = suggestion.words
            if suggestion.card is not None:
                table.selected = table.hint_card = suggestion.card
            if suggestion.discard:
                table.bid_panel.discard = set(suggestion.discard)
        elif suggestion is None and self.active and not self.asker.thinking:
            table.hint_text = ""  # the hand moved on
            table.hint_card = None
            self.active = False
        self.shown = suggestion
        light(self.buttons(), self.button_for(suggestion), self._looks)

    def buttons(self) -> list[Button]:
        panel = self.table.bid_panel
        return [*panel.grid.values(), panel.pass_button, *self.table.b_bids]

    def button_for(self, suggestion: Suggestion | None) -> Button | None:
        """The button that makes the hinted move: the one pressed with that action."""
        if suggestion is None:
            return None
        return next((b for b in self.buttons() if b.visible and _makes(b, suggestion.action)), None)


def _makes(button: Button, action: Action) -> bool:
    press = button.on_press
    return isinstance(press, partial) and bool(press.args) and press.args[-1] == action


__all__ = ["TableHint"]
