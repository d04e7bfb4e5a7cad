"""The Hint at the table for the games where each plays alone (Oh Hell, Knockout,
German, Scandinavian, Solo: device/app/scenes/solo_table.py): a button in the
top bar's right corner, for every step where you act. The AI worker's move
is shown in the status line and on the screen: a card raised (a second tap
plays it), the bid, call, trump suit or knock button lit."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from device.app.family_hint import HintAsker, Suggestion, light
from device.app.render import widgets
from engine.actions import Bid, Declare, Pass, Play
from engine.game import Phase

if TYPE_CHECKING:
    from device.app.scenes.solo_table import SoloTableScene


class SoloHint:
    def __init__(self, table: SoloTableScene, rect: pygame.Rect) -> None:
        self.table = table
        self.asker = HintAsker(table.app)
        self.button = table.buttons.add(widgets.Button(rect, "Hint", self.ask, visible=False,
                                                       font_size=table.px(18), name="hint"))
        self._looks: dict[int, bool] = {}
        self.shown: Suggestion | None = None

    def ask(self) -> None:
        deal = self.table.deal
        if deal is None or not self.table.waiting_for_human or self.asker.thinking:
            return
        from device.app.scenes.solo_table import HUMAN

        self.asker.ask(self.table.session.match, HUMAN)

    def update(self) -> None:
        """Each frame: the button's state, the hint when it comes, shown until the hand moves on."""
        table = self.table
        deal = table.deal
        self.button.visible = deal is not None and not deal.is_over
        self.button.enabled = table.waiting_for_human and not self.asker.thinking
        suggestion = self.asker.poll(deal)
        if suggestion is not None and suggestion is not self.shown and suggestion.card is not None:
            table.selected = suggestion.card  # raised: a second tap plays it
        self.shown = suggestion
        buttons = table.b_bids + table.b_calls + table.b_suits + [table.b_knock]
        light(buttons, self.button_for(suggestion), self._looks)

    def button_for(self, suggestion: Suggestion | None) -> widgets.Button | None:
        """The button that makes the hinted move, if it is one."""
        if suggestion is None:
            return None
        table = self.table
        action = suggestion.action
        deal = table.deal
        if isinstance(action, Declare):
            return next((b for b in table.b_suits if b.name == f"trump{action.trump}"), None)
        if isinstance(action, Pass) and deal is not None and deal.phase == Phase.PLAY:
            return table.b_knock
        calls = table._calls()
        if action in calls:
            return table.b_calls[calls.index(action)]
        if isinstance(action, Bid) and action.tricks is not None and action.tricks < len(table.b_bids):
            return table.b_bids[action.tricks]
        return None

    def text(self) -> str:
        """The status line's words while a hint is asked or shown ("" otherwise)."""
        if not self.table.waiting_for_human:
            return ""
        words = self.asker.text()
        if self.shown is not None and isinstance(self.shown.action, Play):
            words += " (tap it again to play it)"
        return words

    def clear(self) -> None:
        self.asker.clear()
        self.shown = None


__all__ = ["SoloHint"]
