"""Review of the last hand: every card's double-dummy cost, from engine.ai.review."""

from __future__ import annotations

from device.app import ai_worker
from device.app.scenes.base import ScrollScene
from device.words import count
from engine.cards import parse_card
from engine.seats import Seat

NAMES = {"N": "Partner", "E": "East", "S": "You", "W": "West"}


class ReviewScene(ScrollScene):
    name = "review"
    title = "Review of the hand"

    def __init__(self, app) -> None:
        super().__init__(app)
        self.result = None
        self.job: int | None = None
        self.failed = False

    def enter(self) -> None:
        # The review of a deal is worked out once, even if the player leaves
        # this screen and comes back while the AI is still at it.
        deal = self.app.session.last_deal
        if deal is None:
            return
        cache = getattr(self.app, "_review_cache", None)
        if cache is None or cache[0] is not deal:
            cache = [deal, self.app.ai.submit(ai_worker.review, deal), None, False]
            self.app._review_cache = cache
        self._cache = cache
        if cache[1] is None:
            self.result = cache[2]
            self.failed = cache[3]
        else:
            self.job = cache[1]

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
        self.result = job.result if job.error is None else None
        self.failed = self.result is None
        self._cache[1:] = [None, self.result, self.failed]
        self.invalidate()

    def plain_record(self, deal) -> list[tuple[str, str]]:
        """Without the AI's analysis: the hand trick by trick."""
        out: list[tuple[str, str]] = [
            ("dim", "The double-dummy analysis is not available; here is the hand as played.")]
        for i, t in enumerate(deal.tricks, 1):
            winner = t.winner(deal.trump)
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
        mistakes = [r for r in self.result if r.get("mistake") and Seat.parse(str(r["seat"])).side == 0]
        theirs = [r for r in self.result if r.get("mistake") and Seat.parse(str(r["seat"])).side == 1]
        lost = sum(int(r.get("cost", 0)) for r in mistakes)
        out.append(("h", f"Your side: {count(len(mistakes), 'costly card')}, {count(lost, 'trick')} lost"
                         if mistakes else "Your side: no card cost a trick"))
        out.append(("t", f"Opponents: {count(len(theirs), 'costly card')}" if theirs
                         else "Opponents: no card cost a trick"))
        out.append(("dim", "Tricks are double-dummy: best play with every hand in view."))
        trick = None
        for r in self.result:
            if r.get("trick") != trick:
                trick = r.get("trick")
                out.append(("", ""))
                out.append(("b", f"Trick {trick}"))
            card = parse_card(str(r["card"]))
            who = NAMES.get(str(r["seat"]), str(r["seat"]))
            line = f"{who}: {card.symbol}   (side's best: {r.get('after')} tricks)"
            if r.get("mistake"):
                line = f"{who}: {card.symbol}   (side's best: {r.get('before')} → {r.get('after')} tricks)"
            out.append(("t", line))
            if r.get("mistake"):
                best = ", ".join(parse_card(b).symbol for b in r.get("best", [])[:4])
                cost = int(r.get("cost", 0))
                out.append(("bad", f"cost {count(cost, 'trick')}; better: {best}"))
        return out
