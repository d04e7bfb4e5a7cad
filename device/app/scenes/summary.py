"""End of a hand: tricks, points, honours, penalties, game and rubber standing."""

from __future__ import annotations

import pygame

from device.app.render import felt, text, theme, widgets
from device.app.scenes.base import Scene
from engine.seats import SEAT_NAMES

SIDES = ("You/Partner", "Opponents")


def _trump(t: int) -> str:
    return "no trumps" if t == 4 else ("spades", "hearts", "diamonds", "clubs")[t]


class SummaryScene(Scene):
    name = "summary"
    title = "Hand over"

    def rows(self) -> list[tuple[str, str]]:
        s = self.app.session.last_score
        m = self.app.session.match
        if s is None:
            return [("", "No hand has been played yet.")]
        out = [
            ("Hand", f"{s.number} · dealer {SEAT_NAMES[s.dealer]} · trumps {_trump(s.trump)}"),
            ("Tricks", f"You/Partner {s.tricks[0]} · Opponents {s.tricks[1]}"),
        ]
        if s.penalty != (0, 0):
            out.append(("Penalty", f"revoke: {s.penalty[0]} to you/partner, {s.penalty[1]} to opponents"))
        else:
            out.append(("Penalties", "none"))
        out.append(("Points", f"You/Partner +{s.points[0]} · Opponents +{s.points[1]}"))
        # Honours are only looked at when the house counts them: elsewhere the score
        # holds no count, and a "held 0 / 0" would be false.
        if m.game.counts_honours(m.rules):
            held = f"held You/Partner {s.honours_held[0]} · Opponents {s.honours_held[1]}"
            out.append(("Honours", f"{held}; scored +{s.honours[0]} / +{s.honours[1]}"))
        game_no = len(m.games) if s.game_won_by is not None else len(m.games) + 1
        if s.game_won_by is not None:
            game = f"Game {game_no} won by {SIDES[s.game_won_by]}, {s.game_after[0]}-{s.game_after[1]}"
        else:
            game = f"Game {game_no}: You/Partner {s.game_after[0]} · Opponents {s.game_after[1]}" \
                   f" (to {m.rules.target})"
        out.append(("Game", game))
        gw = m.games_won
        rubber = f"games You/Partner {gw[0]} · Opponents {gw[1]}"
        if m.winner is not None:  # the rubber is over
            rubber = f"won by {SIDES[m.winner]} ({gw[0]}-{gw[1]})"
            if m.game.counts_rubber_points(m.rules):
                rp = m.rubber_points()
                rubber += f", points {rp[0]}-{rp[1]}"
        out.append(("Rubber", rubber))
        for note in s.notes:
            out.append(("", note))
        return out

    def layout(self, w: int, h: int) -> None:
        pad = self.px(10)
        bh = self.px(56)
        items = [("Review", lambda: self.app.go("review"), False),
                 ("Score pad", lambda: self.app.go("scorepad", back="summary"), False),
                 ("Menu", lambda: self.app.go("menu"), False),
                 (self._next_label(), self.next_hand, True)]
        if self._can_play_again():
            # duplicate at home (device.app.duplicate_run): the hand again from East's seat
            items.insert(2, ("Other side", self.play_again, False))
        cols = len(items) if w > h else 2
        rows = (len(items) + cols - 1) // cols
        bw = (w - (cols + 1) * pad) // cols
        y0 = h - rows * (bh + pad)
        for i, (label, fn, primary) in enumerate(items):
            r, c = divmod(i, cols)
            rect = pygame.Rect(pad + c * (bw + pad), y0 + r * (bh + pad), bw, bh)
            self.buttons.add(widgets.Button(rect, label, fn, primary=primary, font_size=self.px(22),
                                            name=label.lower()))
        self.buttons.focus = len(items) - 1
        self.panel = pygame.Rect(pad, pad, w - 2 * pad, y0 - 2 * pad)
        self._bg = None

    def _next_label(self) -> str:
        if self.app.session.between_hands() is not None:
            return "Next round"  # a drive's table: the movement first
        return "New rubber" if self.app.session.match.is_over else "Next hand"

    def _can_play_again(self) -> bool:
        deal = self.app.session.last_deal
        return (self.app.session.replay_allowed and deal is not None and deal.record.pack is not None
                and deal.game.partnerships)

    def play_again(self) -> None:
        from device.app.duplicate_run import play_again

        play_again(self.app)

    def next_hand(self) -> None:
        interlude = self.app.session.between_hands()
        if interlude is not None:
            self.app.go(interlude)
            return
        self.app.session.shuffle_and_deal()
        self.app.go("table")
        from device.app.scenes.table import TableScene

        scene = self.app.scene
        if isinstance(scene, TableScene) and scene.name == "table":
            scene.dealing = 0.0 if self.app.anim > 0 else None
            self.app.sound.play("deal")

    def on_back(self) -> None:
        self.app.go("menu")

    def _background(self, w: int, h: int) -> pygame.Surface:
        bg = felt.felt_surface(w, h).copy()
        p = self.panel
        bg.blit(widgets.panel_surface(p.w, p.h), p.topleft)
        s = self.app.session.last_score
        headline = "Hand over"
        if s is not None:
            ns, ew = s.tricks
            headline = (f"You and your partner take {ns} tricks" if ns >= ew
                        else f"The opponents take {ew} tricks")
        size = text.fit_size(headline, self.px(28), p.w - self.px(24), True)
        t = text.text(headline, size, theme.GOLD, True)
        y = p.y + self.px(10)
        bg.blit(t, (p.x + self.px(14), y))
        y += t.get_height() + self.px(8)
        label_w = self.px(150)
        fs = self.px(22)
        rows = self.rows()
        line = text.line_height(fs)
        # Shrink a little when there are many notes, never below 18 px at 800x480.
        while len(rows) * (line + self.px(2)) > p.bottom - y - self.px(8) and fs > self.px(18):
            fs -= 1
            line = text.line_height(fs)
        for label, value in rows:
            if label:
                bg.blit(text.text(label, fs, theme.INK_DIM, True), (p.x + self.px(14), y))
            vx = p.x + self.px(14) + (label_w if label else self.px(20))
            for part in text.wrap(value, fs, p.right - vx - self.px(10)):
                bg.blit(text.text(part, fs, theme.INK), (vx, y))
                y += line
            y += self.px(2)
        return bg

    def draw(self, surf: pygame.Surface) -> None:
        self.blit_background(surf)
        self.buttons.draw(surf)
