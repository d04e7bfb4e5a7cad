"""Review of the last hand: every card's double-dummy cost, from engine.ai.review."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from device.app import ai_worker
from device.app.scenes.base import ScrollScene
from device.words import count
from engine.cards import parse_card
from engine.seats import Seat

if TYPE_CHECKING:
    from device.app.app import App
    from engine.deal import Deal

NAMES = {"N": "Partner", "E": "East", "S": "You", "W": "West"}


def _int(row: Mapping[str, object], key: str) -> int:
    value = row[key]
    if not isinstance(value, int):
        raise TypeError(f"engine.ai.review's {key!r} is {value!r}, not a whole number")
    return value


@dataclass(frozen=True)
class CardCost:
    """One card of engine.ai.review's answer: the side's best tricks before and after it."""

    trick: int
    seat: str
    card: str
    before: int
    after: int
    cost: int
    mistake: bool
    best: tuple[str, ...]

    @classmethod
    def of(cls, row: Mapping[str, object]) -> CardCost:
        best = row["best"]
        if not isinstance(best, list | tuple):
            raise TypeError(f"engine.ai.review's 'best' is {best!r}, not a list of cards")
        return cls(_int(row, "trick"), str(row["seat"]), str(row["card"]), _int(row, "before"),
                   _int(row, "after"), _int(row, "cost"), bool(row["mistake"]), tuple(str(c) for c in best))


@dataclass
class ReviewCache:
    """One deal's review, kept on the app so it is worked out once, even when the
    player leaves the screen and comes back while the AI is still at it."""

    deal: Deal
    job: int | None  # None once answered
    result: list[CardCost] | None = None
    failed: bool = False


class ReviewScene(ScrollScene):
    name = "review"
    title = "Review of the hand"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.result: list[CardCost] | None = None
        self.job: int | None = None
        self.failed = False

    def enter(self) -> None:
        # The review of a deal is worked out once, even if the player leaves
        # this screen and comes back while the AI is still at it.
        deal = self.app.session.last_deal
        if deal is None:
            return
        cache = self.app.review_cache
        if cache is None or cache.deal is not deal:
            cache = ReviewCache(deal, self.app.ai.submit(ai_worker.review, deal))
            self.app.review_cache = cache
        self._cache = cache
        if cache.job is None:
            self.result = cache.result
            self.failed = cache.failed
        else:
            self.job = cache.job

    def on_back(self) -> None:
        self.app.go("summary" if self.app.session.last_score is not None else "menu")

    def layout(self, w: int, h: int) -> None:
        super().layout(w, h)
        self.buttons.by_name("back").label = "Back"

    def update(self, dt: float) -> None:
        if self.job is None:
            return
        job = self.app.ai.poll(self.job)
        if job is None:
            return
        self.job = None
        self.result = [CardCost.of(r) for r in job.result] if job.error is None else None
        self.failed = self.result is None
        self._cache.job, self._cache.result, self._cache.failed = None, self.result, self.failed
        self.invalidate()

    def plain_record(self, deal: Deal) -> list[tuple[str, str]]:
        """Without the AI's analysis: the hand trick by trick."""
        out: list[tuple[str, str]] = [
            ("dim", "The double-dummy analysis is not available; here is the hand as played.")]
        for i, t in enumerate(deal.tricks, 1):
            winner = t.winner(deal.order)
            plays = "   ".join(f"{NAMES[s.name]} {c.symbol}" for s, c in t.plays())
            out.append(("b", f"Trick {i}: {NAMES[winner.name]} won"))
            out.append(("t", plays))
        return out

    def lines(self) -> list[tuple[str, str]]:
        deal = self.app.session.last_deal
        if deal is None:
            return [("t", "Play a hand first: the review shows what each card cost.")]
        if self.job is not None:
            return [("t", "Reviewing the hand…")]
        if not self.result:
            return self.plain_record(deal)
        out: list[tuple[str, str]] = []
        mistakes = [r for r in self.result if r.mistake and Seat.parse(r.seat).side == 0]
        theirs = [r for r in self.result if r.mistake and Seat.parse(r.seat).side == 1]
        lost = sum(r.cost for r in mistakes)
        out.append(("h", f"Your side: {count(len(mistakes), 'costly card')}, {count(lost, 'trick')} lost"
                         if mistakes else "Your side: no card cost a trick"))
        out.append(("t", f"Opponents: {count(len(theirs), 'costly card')}" if theirs
                         else "Opponents: no card cost a trick"))
        out.append(("dim", "Tricks are double-dummy: best play with every hand in view."))
        trick: int | None = None
        for r in self.result:
            if r.trick != trick:
                trick = r.trick
                out.append(("", ""))
                out.append(("b", f"Trick {trick}"))
            card = parse_card(r.card)
            who = NAMES.get(r.seat, r.seat)
            line = f"{who}: {card.symbol}   (side's best: {r.after} tricks)"
            if r.mistake:
                line = f"{who}: {card.symbol}   (side's best: {r.before} → {r.after} tricks)"
            out.append(("t", line))
            if r.mistake:
                best = ", ".join(parse_card(b).symbol for b in r.best[:4])
                out.append(("bad", f"cost {count(r.cost, 'trick')}; better: {best}"))
        return out
