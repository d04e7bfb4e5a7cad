"""Statistics as pictures: results over time, tricks per hand, costly cards per hand
(double dummy) and results by AI level; "List" shows them as text.

With the app's store (device.journal.attach_app) they come from every game it
holds (``Store.statistics()``), so they survive a restart; without one, from the
games played since the table was switched on. A misdeal (a deal thrown in
before play) is not a hand played. Both are device.stats' one fold.

The costly cards of the last hands are found by engine.ai.review on the AI's
worker, one hand at a time while the screen is open (kept on ``app.stats``),
so the chart fills in as you look.
"""

from __future__ import annotations

import logging
import sqlite3
from typing import TYPE_CHECKING, Any

import pygame

from device.app import ai_worker
from device.app.render import felt, layout, text, theme, widgets
from device.app.scenes.base import ScrollScene
from device.app.session import KEEP_DEALS
from device.events import InputEvent, PointerEvent
from device.review import reviewable
from device.stats import HandOutcome, Statistics, tally
from device.store import StoreError
from device.words import count
from engine.errors import WhistError
from engine.seats import Seat

if TYPE_CHECKING:
    from device.app.app_protocol import App
    from device.app.session import LevelStats
    from engine.deal import Deal

log = logging.getLogger(__name__)

TIMELINE = 100  # hands on the results chart
BARS = 40  # hands on the tricks chart
REVIEWED = KEEP_DEALS  # hands whose costly cards are counted
GOOD = (110, 200, 120)
BAD = (235, 90, 70)
COSTLY = (245, 160, 70)


def _block(s: LevelStats) -> list[tuple[str, str]]:
    return [
        ("t", f"Hands played {s.hands}, won {s.hands_won}"),
        ("t", f"Tricks per hand {s.tricks_per_hand:.1f}"),
        ("t", f"Games played {s.games}, won {s.games_won}"),
        ("t", f"Rubbers played {s.rubbers}, won {s.rubbers_won}"),
    ]


# A bucket of Store.stats(): device.stats.Statistics.to_dict(), which the store types dict[str, Any].
def _stored_block(b: dict[str, Any]) -> list[tuple[str, str]]:
    """One bucket of ``Store.stats()``; "won" is North-South's (you and your partner)."""
    lines = [
        ("t", f"Hands played {b['hands_finished']}, won {b['hands_won']['NS']}"),
        ("t", f"Tricks per hand {b['tricks_per_hand']['NS']:.1f} "
              f"(They {b['tricks_per_hand']['EW']:.1f})"),
        ("t", f"Games played {b['games']}, won {b['games_won']['NS']}"),
        ("t", f"Rubbers played {b['rubbers_finished']}, won {b['rubbers_won']['NS']}"),
    ]
    if b.get("misdeals"):
        lines.append(("dim", f"{count(b['misdeals'], 'misdeal')}, thrown in before play: not counted"))
    return lines


def level_name(group: str) -> str:
    """A group's short name for a chart: "hard", "easy / hard" (partner / opponents)."""
    if group.startswith("partner ") and " / opponents " in group:
        partner, opponents = group.removeprefix("partner ").split(" / opponents ", 1)
        return partner if partner == opponents else f"{partner} / {opponents}"
    return group


def costly_of(rows: list[dict[str, object]]) -> int | None:
    """Your side's costly cards in engine.ai.review's rows (None: nothing reviewed)."""
    if not rows:
        return None
    return sum(1 for r in rows if r["mistake"] and Seat.parse(str(r["seat"])).side == 0)


class StatsScene(ScrollScene):
    name = "stats"
    title = "Stats"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.as_list = False
        self.statistics: Statistics = tally([])
        self.kept = False  # read from the store
        self.job: int | None = None
        self._job_key: tuple[str, int] | None = None
        self._frame: pygame.Surface | None = None

    # -- reading -------------------------------------------------------------------
    def stored(self) -> dict[str, Any] | None:
        store = self.app.store
        if store is None:
            return None
        try:
            return store.stats()
        except (StoreError, sqlite3.Error) as exc:  # a store that cannot be read must not close the screen
            log.warning("statistics not read from the store: %s", exc)
            return None

    def read(self) -> tuple[Statistics, bool]:
        """The statistics and whether they are the store's (else the table's own count)."""
        store = self.app.store
        if store is not None:
            try:
                return store.statistics(), True
            except (StoreError, sqlite3.Error) as exc:
                log.warning("statistics not read from the store: %s", exc)
        return tally(self.app.stats.hands, self.app.stats.rubbers), False

    def enter(self) -> None:
        self.statistics, self.kept = self.read()
        self._frame = None

    def _key(self, hand: HandOutcome) -> tuple[str, int] | None:
        return None if hand.ref is None else ("store" if self.kept else "table", hand.ref)

    def reviewed_hands(self) -> list[HandOutcome]:
        """The hands whose costly cards the chart counts: the last ones kept."""
        return [h for h in self.statistics.hands if h.ref is not None][-REVIEWED:]

    def costly(self, hand: HandOutcome) -> int | None:
        key = self._key(hand)
        return None if key is None else self.app.stats.costly.get(key)

    def waiting(self) -> list[HandOutcome]:
        """The hands still to be reviewed for the costly-cards chart."""
        done = self.app.stats.costly
        return [h for h in self.reviewed_hands() if self._key(h) not in done]

    def _deal(self, hand: HandOutcome) -> Deal | None:
        assert hand.ref is not None
        if not self.kept:
            deals = self.app.stats.deals
            return deals[hand.ref] if hand.ref < len(deals) else None
        from device.store.recall import RecallError, match_rules, replay

        store = self.app.store
        assert store is not None
        try:
            row = store.deal(hand.ref)
            if row is None:
                return None
            return replay(row, match_rules(store, row.match_id)).deal
        except (StoreError, sqlite3.Error, RecallError, WhistError) as exc:
            log.warning("deal %s not reviewed for the statistics: %s", hand.ref, exc)
            return None

    def update(self, dt: float) -> None:
        if self.as_list:
            return
        if self.job is not None:
            job = self.app.ai.poll(self.job)
            if job is None:
                return
            assert self._job_key is not None
            self.app.stats.costly[self._job_key] = costly_of(job.result) if job.error is None else None
            self.job = self._job_key = None
            self._frame = None
        waiting = self.waiting()
        if not waiting:
            return
        hand = waiting[-1]  # the newest first: the end of the chart fills in first
        key = self._key(hand)
        assert key is not None
        deal = self._deal(hand)
        cache = self.app.review_cache
        if deal is None or not deal.is_over or not reviewable(deal.game):
            self.app.stats.costly[key] = None
            self._frame = None
        elif cache is not None and cache.deal is deal and cache.result is not None:
            self.app.stats.costly[key] = sum(1 for r in cache.result if r.mistake
                                             and Seat.parse(r.seat).side == 0) if cache.result else None
            self._frame = None
        else:
            self._job_key = key
            self.job = self.app.ai.submit(ai_worker.review, deal)

    @property
    def no_hands(self) -> str:
        """What an empty chart says: these charts count the partnership games (each alone,
        By game has the figures)."""
        session = self.app.current_session
        if session is not None and not session.match.game.partnerships:
            return "Partnership games only: see By game"
        return "No hands played yet"

    def leave(self) -> None:
        self.job = self._job_key = None  # a review still running is simply not waited for

    # -- the List view -------------------------------------------------------------
    def lines(self) -> list[tuple[str, str]]:
        stats = self.stored()
        if stats is not None:
            return self._stored_lines(stats)
        mem = self.app.stats
        out: list[tuple[str, str]] = [("h", "All play: We (you and your partner)")]
        out += _block(mem.total())
        for key, s in sorted(mem.by_level.items()):
            out.append(("", ""))
            out.append(("h", f"AI: {key}"))
            out += _block(s)
        out.append(("", ""))
        out.append(("dim", "Kept while the table is on: there is no game store to keep them in."))
        return out

    @staticmethod
    def _stored_lines(stats: dict[str, Any]) -> list[tuple[str, str]]:
        out: list[tuple[str, str]] = [("h", "All play: We (you and your partner)")]
        out += _stored_block(stats)
        for level, bucket in stats.get("by_ai_level", {}).items():
            out.append(("", ""))
            out.append(("h", f"AI: {level}"))
            out += _stored_block(bucket)
        out.append(("", ""))
        out.append(("dim", "The partnership games kept in the game store, finished hands only; "
                           "every game's own figures, by seat where each plays alone: By game."))
        return out

    # -- layout and input ----------------------------------------------------------
    def layout(self, w: int, h: int) -> None:
        super().layout(w, h)
        pad = self.px(8)
        bw, bh = self.px(96), self.px(56) - pad
        self.buttons.add(widgets.Button(pygame.Rect(w - pad - bw, pad, bw, bh), "List", self.toggle_list,
                                        font_size=self.px(20), name="list"))
        # each game's own figures, by seat where each plays alone (device/app/scenes/game_stats.py)
        gw = self.px(120)
        self.buttons.add(widgets.Button(pygame.Rect(w - 2 * pad - bw - gw, pad, gw, bh), "By game",
                                        lambda: self.app.go("game_stats"), font_size=self.px(20),
                                        name="by-game"))
        top = self.view.top
        area = pygame.Rect(pad, top, w - 2 * pad, h - top - pad)
        cols, rows = (2, 2) if w >= h else (1, 4)
        cw = (area.w - (cols - 1) * pad) // cols
        ch = (area.h - (rows - 1) * pad) // rows
        self.charts = [pygame.Rect(area.x + (i % cols) * (cw + pad), area.y + (i // cols) * (ch + pad),
                                   cw, ch) for i in range(4)]
        self._frame = None
        self._sync_buttons()

    def toggle_list(self) -> None:
        self.as_list = not self.as_list
        self.invalidate()
        self._frame = None
        self._sync_buttons()

    def _sync_buttons(self) -> None:
        self.buttons.by_name("list").label = "Charts" if self.as_list else "List"
        for name in ("up", "down"):
            self.buttons.by_name(name).visible = self.as_list

    def handle(self, ev: InputEvent) -> None:
        if not self.as_list and isinstance(ev, PointerEvent):
            self.buttons.pointer(ev.kind, ev.x, ev.y)
            return
        super().handle(ev)

    # -- drawing ---------------------------------------------------------------------
    def draw(self, surf: pygame.Surface) -> None:
        if self.as_list:
            super().draw(surf)
            return
        if self._frame is None or self._frame.get_size() != surf.get_size():
            self._frame = self._render(*surf.get_size())
        layout.blit(surf, self._frame, (0, 0), covers=True)
        self.buttons.draw(surf)

    def _render(self, w: int, h: int) -> pygame.Surface:
        surf = felt.felt_surface(w, h).copy()
        self.draw_title(surf)
        self._results(surf, self.charts[0])
        self._tricks(surf, self.charts[1])
        self._costly(surf, self.charts[2])
        self._levels(surf, self.charts[3])
        return surf

    def _panel(self, surf: pygame.Surface, rect: pygame.Rect, title: str, note: str) -> pygame.Rect:
        """A chart's panel, title and note; returns the plot's rectangle."""
        layout.blit(surf, widgets.panel_surface(rect.w, rect.h), rect.topleft)
        pad = self.px(8)
        t = text.text(title, self._fit(title, rect.w - 2 * pad, True), theme.INK, True)
        layout.blit(surf, t, (rect.left + pad, rect.top + pad // 2))
        n = text.text(note, self._fit(note, rect.w - 2 * pad), theme.INK_DIM)
        layout.blit(surf, n, (rect.left + pad, rect.bottom - pad // 2 - n.get_height()))
        axis = text.width("+00", self.px(18)) + self.px(4)
        half = text.line_height(self.px(18)) // 2 + 1  # an axis label at the plot's edge stands out by this
        return pygame.Rect(rect.left + pad + axis, rect.top + pad + t.get_height() + half,
                           rect.w - 2 * pad - axis - self.px(4),
                           rect.h - 2 * pad - t.get_height() - n.get_height() - 2 * half)

    def _fit(self, s: str, width: int, bold: bool = False, size: int = 18) -> int:
        """The size ``s`` fits ``width`` at, never under 18 px at 800x480 (read across a table)."""
        return text.fit_size(s, self.px(size), width, bold, min_size=self.px(18))

    def _empty(self, surf: pygame.Surface, plot: pygame.Rect, message: str) -> None:
        m = text.text(message, self._fit(message, plot.w), theme.INK_DIM)
        layout.blit(surf, m, m.get_rect(center=plot.center))

    def _y_label(self, surf: pygame.Surface, plot: pygame.Rect, y: int, value: str) -> None:
        pygame.draw.line(surf, theme.PANEL_EDGE, (plot.left, y), (plot.right, y), 1)
        lab = text.text(value, self.px(18), theme.INK_DIM)
        layout.blit(surf, lab, lab.get_rect(midright=(plot.left - self.px(4), y)))

    def _results(self, surf: pygame.Surface, rect: pygame.Rect) -> None:
        hands = self.statistics.hands[-TIMELINE:]
        running, total = [0], 0
        for hand in hands:
            total += hand.points[0] - max(hand.points[1:])  # against the best of the others
            running.append(total)
        if hands:
            ahead = "level" if total == 0 else f"{'ahead' if total > 0 else 'behind'} by {abs(total)}"
            note = f"{count(len(hands), 'hand')}, your side {ahead}"
        else:
            note = "hand by hand; dots: games"
        plot = self._panel(surf, rect, "Results: points ahead", note)
        if not hands:
            self._empty(surf, plot, self.no_hands)
            return
        top = max(2, max(abs(v) for v in running))

        def at(i: int, v: float) -> tuple[int, int]:
            return (plot.left + round(plot.w * i / len(hands)), plot.centery - round(plot.h / 2 * v / top))

        for v in (top, 0, -top):
            self._y_label(surf, plot, at(0, v)[1], f"{v:+d}" if v else "0")
        pygame.draw.lines(surf, theme.GOLD, False, [at(i, v) for i, v in enumerate(running)],
                          max(2, self.px(3)))
        for i, hand in enumerate(hands, 1):
            if hand.game_won_by is not None:
                pygame.draw.circle(surf, GOOD if hand.game_won_by == 0 else BAD, at(i, running[i]),
                                   max(3, self.px(4)))

    def _tricks(self, surf: pygame.Surface, rect: pygame.Rect) -> None:
        hands = self.statistics.hands[-BARS:]
        avg = sum(h.tricks[0] for h in hands) / len(hands) if hands else 0.0
        note = (f"{count(len(hands), 'hand')}, average {avg:.1f}" if hands
                else "your side's, hand by hand")
        plot = self._panel(surf, rect, "Tricks per hand", note)
        if not hands:
            self._empty(surf, plot, self.no_hands)
            return
        most = max(max(sum(h.tricks) for h in hands), 1)  # the tricks of a hand: 13 at whist
        for v in sorted({0, most // 2 + 1, most}):
            self._y_label(surf, plot, plot.bottom - round(plot.h * v / most), str(v))
        step = plot.w / max(len(hands), 12)
        bw = max(1, int(step * 0.7))
        for i, hand in enumerate(hands):
            bh = round(plot.h * hand.tricks[0] / most)
            x = plot.left + round(i * step + (step - bw) / 2)
            good = hand.tricks[0] >= max(hand.tricks[1:])
            pygame.draw.rect(surf, GOOD if good else BAD, (x, plot.bottom - bh, bw, bh))

    def _costly(self, surf: pygame.Surface, rect: pygame.Rect) -> None:
        hands = self.reviewed_hands()
        counts = [self.costly(h) for h in hands]
        known = [c for c in counts if c is not None]
        waiting = len(self.waiting())
        if waiting and hands:
            note = f"reviewing: {len(hands) - waiting} of {len(hands)} done"
        elif known:
            note = f"{count(len(known), 'hand')}, average {sum(known) / len(known):.1f}, double dummy"
        else:
            note = "your side's, double dummy"
        plot = self._panel(surf, rect, "Costly cards per hand", note)
        if not hands:
            self._empty(surf, plot, self.no_hands)
            return
        top = max(3, max(known, default=0))
        for v in (0, top):
            self._y_label(surf, plot, plot.bottom - round(plot.h * v / top), str(v))
        step = plot.w / max(len(hands), 12)
        bw = max(1, int(step * 0.7))
        for i, c in enumerate(counts):
            x = plot.left + round(i * step + (step - bw) / 2)
            if c is None:  # not reviewed (yet): a mark on the axis
                pygame.draw.rect(surf, theme.INK_DIM, (x, plot.bottom - self.px(3), bw, self.px(3)))
                continue
            bh = max(self.px(2), round(plot.h * c / top))
            pygame.draw.rect(surf, COSTLY if c else GOOD, (x, plot.bottom - bh, bw, bh))

    def _levels(self, surf: pygame.Surface, rect: pygame.Rect) -> None:
        groups = sorted(self.statistics.by_group.items(), key=lambda kv: -kv[1].hands_finished)
        plot = self._panel(surf, rect, "Results by AI level", "hands won; rubbers won")
        if not groups:
            self._empty(surf, plot, self.no_hands)
            return
        plot.left -= self.px(26)
        plot.w += self.px(26)
        size = self.px(18)
        line = text.line_height(size, True)
        row = 2 * line + self.px(4)
        shown = groups[:max(1, plot.h // row)]
        names = [level_name(g) for g, _ in shown]
        label_w = min(plot.w * 2 // 5, max(text.width(n, size, True) for n in names) + self.px(10))
        for i, (label, (_, t)) in enumerate(zip(names, shown, strict=True)):
            y = plot.top + i * row
            name = text.text(label, self._fit(label, label_w - self.px(8), True), theme.INK, True)
            layout.blit(surf, name, (plot.left, y))
            track = pygame.Rect(plot.left + label_w, y + line // 2 - self.px(8), plot.w - label_w,
                                self.px(16))
            pygame.draw.rect(surf, BAD, track, border_radius=self.px(4))
            if t.hands_finished:
                won = track.copy()
                won.w = round(track.w * t.hands_won[0] / t.hands_finished)
                if won.w:
                    pygame.draw.rect(surf, GOOD, won, border_radius=self.px(4))
            detail = f"{t.hands_won[0]} of {t.hands_finished} hands; rubbers {t.rubbers_won[0]} of " \
                     f"{t.rubbers_finished}"
            d = text.text(detail, self._fit(detail, plot.w - label_w), theme.INK_DIM)
            layout.blit(surf, d, (plot.left + label_w, y + line))
