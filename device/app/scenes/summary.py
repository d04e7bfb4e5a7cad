"""End of a hand: tricks, points, honours, penalties, game and rubber standing."""

from __future__ import annotations

import pygame

from device import vocabulary
from device.app.render import felt, layout, text, theme, widgets
from device.app.scenes.base import Scene
from device.referee_words import named_note
from device.words import count
from engine.deal import Deal
from engine.game import Game
from engine.scoring import HandScore


def bid_results(deal: Deal) -> dict[int, tuple[int, int]]:
    """Each seat's bid and the tricks it took, in games where each bids a number of tricks."""
    seen = deal.observe(vocabulary.you(deal.game))
    return {int(s): (b, seen.won[int(s)]) for s, b in seen.bids.items()}


def headline(game: Game, score: HandScore, bids: dict[int, tuple[int, int]]) -> str:
    """The hand in one line: your bid made or missed, else who scored most."""
    me = int(vocabulary.you(game))
    if me in bids:
        bid, took = bids[me]
        if bid == took:
            return f"You made your bid of {bid}"
        return f"You missed your bid of {bid}: you took {count(took, 'trick')}"
    sides = vocabulary.side_words(game)
    best = max(score.points)
    if best <= 0 or list(score.points).count(best) > 1:
        each = zip(sides, score.points, strict=True)
        return "Hand over: " + " · ".join(f"{w} {vocabulary.signed(p)}" for w, p in each)
    side = score.points.index(best)
    tricks = count(score.tricks[side], "trick")
    verb = "take" if game.table.lowest_wins else "score"  # penalty points are taken, not scored
    return f"{vocabulary.verb(sides[side], verb)} {count(best, 'point')} with {tricks}"


class SummaryScene(Scene):
    name = "summary"
    title = "Hand over"

    def _bids(self) -> dict[int, tuple[int, int]]:
        deal = self.app.session.last_deal
        return bid_results(deal) if deal is not None else {}

    def rows(self) -> list[tuple[str, str]]:
        """(label, value) rows: the hand, a row per side (or seat), the game and the match."""
        s = self.app.session.last_score
        m = self.app.session.match
        if s is None:
            return [("", "No hand has been played yet.")]
        game = m.game
        sides = vocabulary.side_words(game)
        deal = self.app.session.last_deal
        contract = deal.contract if deal is not None else None
        out = [("Hand", f"{s.number}, dealt by {vocabulary.seat_word(game, s.dealer)}")]
        if contract is not None and contract.declarer is not None:
            out.append(("Contract", f"{vocabulary.contract_word(game, contract.call)} by "
                                    f"{vocabulary.seat_word(game, contract.declarer)}"))
        if game.table.trumps:
            out.append(("Trumps", vocabulary.trumps_word(s.trump)))
        to = game.exchange_to(deal, vocabulary.you(game)) if deal is not None and deal.exchanges else None
        if to is not None:  # cards passed to another seat before the play
            out.append(("Pass", f"to {vocabulary.seat_word(game, to)}"))
        bids = self._bids()
        for side, word in enumerate(sides):
            parts = []
            if side in bids:
                bid, took = bids[side]
                parts.append(f"bid {bid}, took {took}: {'made' if bid == took else 'missed'}")
            else:
                parts.append(count(s.tricks[side], "trick"))
            parts.append(f"{vocabulary.signed(s.points[side])} this hand")
            parts.append(f"total {vocabulary.number(s.game_after[side])}")
            out.append((word, " · ".join(parts)))
        # Honours are only looked at when the house counts them: elsewhere the score
        # holds no count, and a "held 0 / 0" would be false.
        if game.counts_honours(m.rules):
            held = " · ".join(f"{w} {v}" for w, v in zip(sides, s.honours_held, strict=True))
            scored = " · ".join(f"{w} +{v}" for w, v in zip(sides, s.honours, strict=True))
            out.append(("Honours", f"held {held}; scored {scored}"))
        if any(s.penalty):
            out.append(("Revoke", " · ".join(f"{count(p, 'trick')} to {vocabulary.object_word(sides[i])}"
                                             for i, p in enumerate(s.penalty) if p)))
        game_no = len(m.games) if s.game_won_by is not None else len(m.games) + 1
        word = vocabulary.match_word(game)
        if s.game_won_by is not None:
            after = "–".join(str(v) for v in s.game_after)
            out.append(("Game", f"{vocabulary.verb(sides[s.game_won_by], 'win')} game {game_no}, {after}"))
        elif m.rules.target > 0:
            lowest = ", lowest total wins" if game.table.lowest_wins else ""
            out.append(("Game", f"Game {game_no}, to {m.rules.target}{lowest}"))
        need = game.games_to_win(m.rules)
        gw = m.games_won
        if m.winner is not None:
            result = f"{vocabulary.verb(sides[m.winner], 'win')} the {word}"
            if need > 1:
                result += " (games " + "–".join(str(v) for v in gw) + ")"
            if game.counts_rubber_points(m.rules):
                result += ", points " + "–".join(str(v) for v in m.rubber_points())
            out.append((word.capitalize(), result))
        elif need > 1:
            out.append(("Games", " · ".join(f"{w} {v}" for w, v in zip(sides, gw, strict=True))
                        + f" (first to {need})"))
        for note in s.notes:
            if not (bids and note.startswith("bids ")):  # the bids are in the rows above
                # the engine's seat labels (0 to N-1 away from four) as the table names them
                named = named_note(note, game.players, lambda seat: vocabulary.seat_word(game, seat))
                out.append(("", vocabulary.say(game, named)))
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
        match = self.app.session.match
        return f"New {vocabulary.match_word(match.game)}" if match.is_over else "Next hand"

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
        layout.blit(bg, widgets.panel_surface(p.w, p.h), p.topleft)
        s = self.app.session.last_score
        title = "Hand over" if s is None else headline(self.app.session.match.game, s, self._bids())
        room = p.w - self.px(24)
        size = text.fit_size(title, self.px(28), room, True, min_size=self.px(22))
        y = p.y + self.px(10)
        for part in text.wrap(title, size, room, True):  # two lines on a narrow screen
            t = text.text(part, size, theme.GOLD, True)
            layout.blit(bg, t, (p.x + self.px(14), y))
            y += text.line_height(size, True)
        y += self.px(8)
        label_w = min(self.px(150), max(text.width(label, self.px(22), True) for label, _ in self.rows())
                      + self.px(16))
        fs = self.px(22)
        rows = self.rows()
        line = text.line_height(fs)

        def height(size: int) -> int:
            # every row's wrapped lines: a long note takes two or three
            lines = sum(len(text.wrap(value, size, p.right - p.x - self.px(24) - (label_w if label else
                                                                                  self.px(20))))
                        for label, value in rows)
            return lines * text.line_height(size) + len(rows) * self.px(2)

        # Shrink a little when there are many notes, never below 18 px at 800x480.
        while height(fs) > p.bottom - y - self.px(8) and fs > self.px(18):
            fs -= 1
            line = text.line_height(fs)
        for label, value in rows:
            if label:
                layout.blit(bg, text.text(label, fs, theme.INK_DIM, True), (p.x + self.px(14), y))
            vx = p.x + self.px(14) + (label_w if label else self.px(20))
            for part in text.wrap(value, fs, p.right - vx - self.px(10)):
                layout.blit(bg, text.text(part, fs, theme.INK), (vx, y))
                y += line
            y += self.px(2)
        return bg

    def draw(self, surf: pygame.Surface) -> None:
        self.blit_background(surf)
        self.buttons.draw(surf)
