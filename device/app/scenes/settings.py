"""Settings: every house rule, AI levels, animation, sound, four colours, rotation,
the card reader on or off, and "Enrol cards" (the card reader's tags, device/app/scenes/enrol.py).

Each row is a label and a value button; a tap moves the value on to the next
choice and takes effect at once (house rules from the next rubber once one
has begun). The house-rule rows are the game's being played, as the game
declares them (engine.settings: label, choices, words, defaults), kept in its
[rules.<game>] table (in [rules] for engine.games.UNNAMED, as configs were
before there were other games). Rows that do not fit the screen go to further
pages ("More").
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import partial

import pygame

from device.app.game_choice import choice, current
from device.app.render import felt, layout, text, theme, widgets
from device.app.scenes.base import Scene
from device.config import AI_PACES
from engine.table_spec import Sides

LEVELS = ("easy", "medium", "hard", "expert", "rules", "random")


@dataclass
class Setting:
    label: str
    section: str
    key: str
    choices: tuple[object, ...]
    show: Callable[[object], str]
    help: str = ""  # a house rule's line of help, shown once its value is changed


def _onoff(v: object) -> str:
    return "On" if v else "Off"


def _game_words(v: object) -> str:
    name, players = v if isinstance(v, tuple) else (str(v), None)
    game = choice(str(name))
    return f"{game.title} · {players}" if game.several_sizes else game.title


# The table's own rows, after the game's (take back and the last card are in [rules]
# but every game's).
SETTINGS = [
    Setting("Take back a card", "rules", "take_back", (True, False), _onoff),
    Setting("Last card plays itself", "rules", "last_card_plays_itself", (True, False), _onoff),
    Setting("Partner AI", "ai", "partner", LEVELS, lambda v: str(v).capitalize()),
    Setting("Opponents AI", "ai", "opponents", LEVELS, lambda v: str(v).capitalize()),
    Setting("AI waits to lead", "ai", "pace", ("instant", "quick", "normal", "relaxed"),
            lambda v: f"{AI_PACES[str(v)]:g} s"),
    Setting("Animation", "display", "animation", ("off", "fast", "normal", "slow"),
            lambda v: str(v).capitalize()),
    Setting("Sound", "display", "sound", (True, False), _onoff),
    Setting("Volume", "display", "volume", (25, 50, 75, 100), lambda v: f"{v}%"),
    Setting("Four-colour deck", "display", "four_colour", (False, True), _onoff),
    Setting("Screen rotation", "display", "rotation", (0, 90, 180, 270), lambda v: f"{v}°"),
    # Real cards and Enrol cards read from it; port and protocol are in the config file.
    Setting("Card reader", "reader", "enabled", (False, True), _onoff),
]


class SettingsScene(Scene):
    name = "settings"
    title = "Settings"
    page = 0
    explained: Setting | None = None  # the house rule last changed: its help is the note
    changed: str | None = None  # the row last changed, kept in view when the rows move (a rotation)

    def settings(self) -> list[Setting]:
        """The rows: the house rules of the game played, then the table's own settings."""
        from device.config import rules_section
        from engine.games import get_game
        from engine.settings import settings_of

        name, players = current(self.app)
        section = rules_section(name)
        game = get_game(name, players)
        rows = [Setting(g.label, section, g.key, g.choices, g.word, g.help) for g in settings_of(game)]
        if game.table.sides is Sides.PAIRS:
            return rows + SETTINGS
        # no partner at the screen: every AI seat plays at the opponents' level
        return rows + [replace(s, label="AI players") if s.key == "opponents" else s
                       for s in SETTINGS if s.key != "partner"]

    def value(self, s: Setting) -> object:
        if s.section.startswith("rules."):
            game = s.section.split(".", 1)[1]
            return self.app.config.game_rules.of(game).get(s.key, self._default_of(game, s.key))
        return getattr(getattr(self.app.config, s.section), s.key)

    def change(self, s: Setting) -> None:
        cur = self.value(s)
        choices = list(s.choices)
        if cur not in choices:
            choices.append(cur)
        new = choices[(choices.index(cur) + 1) % len(choices)]
        self.explained = s if s.help else None
        self.changed = s.key
        if s.section.startswith("rules."):
            self.set_game_rule(s.section.split(".", 1)[1], s.key, new)
        else:
            self.set(s.section, s.key, new)

    def set(self, section: str, key: str, value: object) -> None:
        config = self.app.config.updated({section: {key: value}})
        self.app.apply_config(config)
        self.relayout()

    def set_game_rule(self, game: str, key: str, value: object) -> None:
        """Only settings other than the game's defaults are kept in [rules.<game>]."""
        from dataclasses import replace

        values = self.app.config.game_rules.of(game)
        values.pop(key, None)
        if value != self._default_of(game, key):
            values[key] = value
        config = replace(self.app.config, game_rules=self.app.config.game_rules.with_game(game, values))
        self.app.apply_config(config)
        self.relayout()

    def _default_of(self, game: str, key: str) -> object:
        from engine.games import get_game
        from engine.settings import setting_of

        name, players = current(self.app)
        return setting_of(get_game(game, players if name == game else None), key).default

    def next_page(self) -> None:
        self.changed = None
        self.page += 1
        self.relayout()

    def layout(self, w: int, h: int) -> None:
        top = self.header("Back")
        pad = self.px(8)
        bar_h = top - 2 * pad
        # The card reader's deck: the guided enrolment screen (and re-enrol of one card).
        ew = self.px(150)
        self.buttons.add(widgets.Button(pygame.Rect(w - pad - ew, pad, ew, bar_h), "Enrol cards",
                                        lambda: self.app.go("enrol"), font_size=self.px(20), name="enrol"))
        # A portrait screen has no room beside the title: the game and More get a row of their own.
        bar_y = top if w < h else pad
        if w < h:
            top += bar_h + pad
            ew = 0
        match = self.app.session.match
        # A rubber in play can be given up (asked first: device/app/scenes/abandon.py),
        # so house rules changed here apply at once: a row of its own.
        abandon = bool(match.deals) and not match.is_over
        settings = self.settings()
        # First, so that it is on the first page with the house rules whatever the number of pages.
        items: list[Setting | None] = [*([None] if abandon else []), *settings]  # None: the abandon row
        cols = 2 if w > h else 1
        note_h = self.px(30)
        avail = h - top - note_h - pad
        # Rows keep a finger's height (a 48 px button and its margin): what does not fit
        # goes to the next page.
        pitch = self.px(56)
        fit = cols * max(1, avail // pitch)
        pages = [items[i:i + fit] for i in range(0, len(items), fit)] or [[]]
        self.page %= len(pages)
        for i, page in enumerate(pages):
            if any(item is not None and item.key == self.changed for item in page):
                self.page = i
        shown = pages[self.page]
        if len(pages) > 1:
            mw = self.px(110)
            right = w - pad - (ew + pad if ew else 0)
            self.buttons.add(widgets.Button(pygame.Rect(right - mw, bar_y, mw, bar_h),
                                            f"More {self.page + 1}/{len(pages)}", self.next_page,
                                            font_size=self.px(20), name="page"))
            ew += mw + pad
        per_col = max(1, (len(pages[0]) + cols - 1) // cols)
        col_w = (w - (cols + 1) * pad) // cols
        row_h = max(pitch, min(self.px(64), avail // per_col))
        bh = row_h - pad
        bw = min(self.px(150), col_w // 3)
        self.label_room: dict[str, int] = {}
        self.rows: list[tuple[pygame.Rect, Setting]] = []
        self.abandon_row: pygame.Rect | None = None
        for i, item in enumerate(shown):
            c, r = divmod(i, per_col)
            x = pad + c * (col_w + pad)
            y = top + r * row_h
            row = pygame.Rect(x, y, col_w, row_h)
            b = pygame.Rect(row.right - bw - pad, y + (row_h - bh) // 2, bw, bh)
            if item is None:
                self.abandon_row = row
                self.buttons.add(widgets.Button(b, "Abandon…", self.ask_abandon, font_size=self.px(20),
                                                name="abandon"))
                continue
            s = item
            # A long label takes room from its value button, down to a button a finger can hit.
            need = text.width(s.label, self.px(18), True) + self.px(28)
            vw = max(self.px(100), min(bw, row.w - need))
            b = pygame.Rect(row.right - vw - pad, b.y, vw, bh)
            self.label_room[s.key] = row.w - vw - self.px(28)
            self.rows.append((row, s))
            self.buttons.add(widgets.Button(b, s.show(self.value(s)), partial(self.change, s),
                                            font_size=self.px(20), name=s.key))
        self._layout_game(bar_y, bar_h, w - 2 * pad - ew)
        self.note_y = top + per_col * row_h + pad // 2
        self._bg = None

    def _layout_game(self, y: int, h: int, right: int) -> None:
        """The game played (and its table size) in the header, the title moved left
        for it: a tap opens the game picker (device/app/scenes/game_picker.py), which
        asks before a match in play is given up. Ten games and their table sizes are
        too many to step through like the rows' values."""
        pad = self.px(8)
        self.title_x = pad * 2 + self.px(96)
        left = self.title_x + text.width(self.title, self.px(28), True) + 2 * pad if y == pad else pad
        rect = pygame.Rect(left, y, max(self.px(120), right - left), h)
        self.buttons.add(widgets.Button(rect, "Game: " + _game_words(current(self.app)),
                                        lambda: self.app.go("games", back="settings"), primary=True,
                                        font_size=self.px(20), name="game"))

    def ask_abandon(self) -> None:
        self.app.go("abandon", back="settings")

    def note(self) -> str:
        if self.app.session.pending_rules is not None:
            return "House rules change from the next match (or at once: abandon this one)."
        if self.explained is not None:
            return f"{self.explained.label}: {self.explained.help}"
        return "Changes take effect at once."

    def _background(self, w: int, h: int) -> pygame.Surface:
        bg = felt.felt_surface(w, h).copy()
        t = text.text(self.title, self.px(28), theme.INK, True)
        layout.blit(bg, t, t.get_rect(midleft=(self.title_x, self.px(30))))
        labels = [(row, s.label, self.label_room[s.key]) for row, s in self.rows]
        if self.abandon_row is not None:
            labels.append((self.abandon_row, "This rubber", self.abandon_row.w - self.px(178)))
        for row, label, room in labels:
            pygame.draw.rect(bg, theme.PANEL, row.inflate(-self.px(2), -self.px(4)), border_radius=self.px(8))
            fs = text.fit_size(label, self.px(20), room, True, min_size=self.px(18))
            t = text.text(label, fs, theme.INK, True)
            layout.blit(bg, t, t.get_rect(midleft=(row.x + self.px(12), row.centery)))
        # a house rule's help may need two lines on a narrow screen
        note = self.note()
        size = text.fit_size(note, self.px(18), w - self.px(16), min_size=self.px(15))
        for i, line in enumerate(text.wrap(note, size, w - self.px(16))):
            y = self.note_y + i * (size + self.px(3))
            if y + size > h:
                break
            n = text.text(line, size, theme.INK_DIM)
            layout.blit(bg, n, n.get_rect(midtop=(w // 2, y)))
        return bg

    def draw(self, surf: pygame.Surface) -> None:
        self.blit_background(surf)
        self.buttons.draw(surf)
