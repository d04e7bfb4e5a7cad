"""The game picker (from the menu's Game button and Settings' Game row): every
game ``whist-table games`` lists, each with its table size and a Rules button;
the games played by several table sizes ask how many players; a game the
screen cannot seat yet is greyed with the reason. Changing game while a match
is in play asks first (ChangeGameScene): the match ends unscored."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import pygame

from device.app import game_choice
from device.app.game_choice import GameChoice
from device.app.render import felt, layout, text, theme, widgets
from device.app.scenes.abandon import AbandonScene
from device.app.scenes.base import Scene
from engine.games import UNNAMED, get_game

if TYPE_CHECKING:
    from device.app.app_protocol import App


class GamePickerScene(Scene):
    name = "games"
    title = "Choose the game"

    def __init__(self, app: App, back: str = "menu") -> None:
        super().__init__(app)
        self.back = back
        self.asking: GameChoice | None = None  # a game of several table sizes: how many players?
        self.games = game_choice.choices()
        self.current = game_choice.current(app)

    def on_back(self) -> None:
        if self.asking is not None:
            self.asking = None
            self.relayout()
            return
        self.app.go(self.back)

    def layout(self, w: int, h: int) -> None:
        self._bg = None
        # has_table asked afresh each time the picker is laid out: a table added lights its game up
        self.games = game_choice.choices()
        top = self.header("Back")
        pad = self.px(8)
        if self.asking is not None:
            self._layout_players(w, h, self.asking)
            return
        cols = 2 if w > h else 1
        rows = -(-len(self.games) // cols)
        col_w = (w - (cols + 1) * pad) // cols
        row_h = (h - top - pad) // rows
        line = text.line_height(self.px(18))
        bh = max(layout.MIN_TARGET, self.px(44), row_h - line - self.px(8))  # a fingertip in portrait too
        rules_w = self.px(84)
        self.cells: list[tuple[pygame.Rect, GameChoice]] = []
        for i, game in enumerate(self.games):
            c, r = divmod(i, rows)
            cell = pygame.Rect(pad + c * (col_w + pad), top + r * row_h, col_w, row_h)
            self.cells.append((cell, game))
            pick = pygame.Rect(cell.x, cell.y, cell.w - rules_w - pad, bh)
            self.buttons.add(widgets.Button(pick, game.title, partial(self.pick, game), enabled=game.seatable,
                                            primary=game.name == self.current[0], font_size=self.px(22),
                                            name=f"game-{game.name}"))
            rules = pygame.Rect(pick.right + pad, cell.y, rules_w, bh)
            self.buttons.add(widgets.Button(rules, "Rules", partial(self.rules, game), font_size=self.px(19),
                                            name=f"rules-{game.name}"))

    def _layout_players(self, w: int, h: int, game: GameChoice) -> None:
        pad = self.px(12)
        counts = game.seat_counts
        bw, bh, gap = self.px(72), self.px(64), pad
        row_w = len(counts) * bw + (len(counts) - 1) * gap
        self.panel = pygame.Rect(0, 0, min(w - 2 * pad, max(row_w, self.px(420)) + 2 * pad), self.px(230))
        if row_w > self.panel.w - 2 * pad:  # two to eight on a portrait screen: narrower, closer
            gap = self.px(6)
            bw = max(self.px(48), (self.panel.w - 2 * pad - (len(counts) - 1) * gap) // len(counts))
            row_w = len(counts) * bw + (len(counts) - 1) * gap
        self.panel.center = (w // 2, h // 2 + self.px(20))
        x = self.panel.centerx - row_w // 2
        y = self.panel.y + self.px(70)
        for i, n in enumerate(counts):
            self.buttons.add(widgets.Button(pygame.Rect(x + i * (bw + gap), y, bw, bh), str(n),
                                            partial(self.choose, game.name, n),
                                            primary=(game.name, n) == self.current, font_size=self.px(28),
                                            name=f"players-{n}"))
        cancel = pygame.Rect(0, 0, self.px(160), self.px(52))
        cancel.midbottom = (self.panel.centerx, self.panel.bottom - pad)
        self.buttons.add(widgets.Button(cancel, "Cancel", self.on_back, font_size=self.px(22), name="cancel"))

    # -- choosing ------------------------------------------------------------------
    def pick(self, game: GameChoice) -> None:
        if not game.seatable:
            return
        if game.several_sizes:
            self.asking = game
            self.relayout()
            return
        self.choose(game.name, None)

    def choose(self, name: str, players: int | None) -> None:
        self.asking = None
        wanted = (name, players if players is not None else get_game(name).players)
        if game_choice.in_progress(self.app) and wanted != self.current:
            self.app.go("change_game", game=name, players=players, back=self.back)
            return
        game_choice.switch(self.app, name, players)
        self.app.go(self.back)

    def rules(self, game: GameChoice) -> None:
        players = game_choice.default_players(game.name, self.app)
        self.app.go("rules", game=game.name, players=players, back="games", back_args={"back": self.back})

    # -- drawing ---------------------------------------------------------------------
    def _background(self, w: int, h: int) -> pygame.Surface:
        bg = felt.felt_surface(w, h).copy()
        self.draw_title(bg)
        if self.asking is not None:
            return bg
        size = self.px(18)
        for cell, game in self.cells:
            pick = self.buttons.by_name(f"game-{game.name}").rect
            if game.seatable:
                words = game.players_words()
                if game.name == self.current[0]:
                    words += f" · playing now, {self.current[1]}" if game.several_sizes else " · playing now"
                colour = theme.INK_DIM
            else:
                words = game.reason
                colour = theme.INK_DIM
            fs = text.fit_size(words, size, cell.w - self.px(8), False, min_size=self.px(14))
            t = text.text(words, fs, colour)
            bg.blit(t, (pick.x + self.px(6), pick.bottom + self.px(2)))
        return bg

    def draw(self, surf: pygame.Surface) -> None:
        self.blit_background(surf)
        if self.asking is not None:
            p = self.panel
            surf.blit(widgets.panel_surface(p.w, p.h, 245), p.topleft)
            words = f"{self.asking.title}: how many players?"
            fs = text.fit_size(words, self.px(26), p.w - self.px(24), True)
            t = text.text(words, fs, theme.GOLD, True)
            surf.blit(t, t.get_rect(midtop=(p.centerx, p.y + self.px(18))))
        self.buttons.draw(surf)


class ChangeGameScene(AbandonScene):
    """Change game while a match is in play? Asked with "Keep playing" chosen."""

    name = "change_game"
    confirm_label = "Change game"

    def __init__(self, app: App, game: str = UNNAMED.name, players: int | None = None,
                 back: str = "menu") -> None:
        super().__init__(app, back)
        self.game = game
        self.players = players
        size = f" for {players}" if players is not None else ""
        self.title = f"Play {game_choice.choice(game).title}{size}?"

    def note(self) -> str:
        now = self.app.session.match.game.title
        hands = len(self.app.session.match.hands)
        played = f"{hands} hand{'s' if hands != 1 else ''} played" if hands else "the hand in play"
        new = game_choice.choice(self.game).title
        return f"The {now} match in play ({played}) ends unscored and a new {new} match starts."

    def on_back(self) -> None:
        self.app.go("games", back=self.back)

    def confirm(self) -> None:
        game_choice.switch(self.app, self.game, self.players)
        self.app.go(self.back)


__all__ = ["ChangeGameScene", "GamePickerScene"]
