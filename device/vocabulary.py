"""The table's words for seats, sides, cards and contracts: one word each (docs/vocabulary.md).

Every screen, the score pad, the history and the statistics name a seat, a side,
a card or a contract through these functions, so "Partner" on the table is
"Partner" on the score pad, and the side you play for is "We" wherever it is
scored. The person at the screen sits at :func:`you`: South at the four-seat
partnership table, seat 0 at the tables where each plays alone.
"""

from __future__ import annotations

import re

from engine.actions import Bid, Declare, Pass
from engine.cards import SUIT_NAMES, SUIT_SYMBOLS, Card
from engine.game import Game
from engine.seats import Seat
from engine.table_spec import ScoresBy, Sides, TableSpec

WE, THEY = "We", "They"  # the two sides of a partnership game: yours, and your opponents'
YOU = "You"
DUMMY = "Dummy"  # a hand dealt where nobody sits, played by its declarer
PARTNER, LEFT, RIGHT = "Partner", "Left", "Right"
NO_TRUMPS = "No trumps"
# Words that take a plural verb: "We win", "Player 2 wins".
_PLURAL = frozenset({WE, THEY, YOU})


def you(game: Game) -> Seat:
    """The seat of the person at the screen: South beside a partner, else seat 0."""
    return Seat.S if _four_partners(game) else Seat(0)


def _four_partners(game: Game) -> bool:
    return game.table.sides is Sides.PAIRS and game.players == 4


def seat_word(game: Game, seat: Seat, viewer: Seat | None = None) -> str:
    """A seat as the table calls it (the game's description says): You, Partner, Left, Right
    at four in partnerships; You, Player 2 ... Player n (clockwise from you) where each plays alone.
    ``viewer``: the seat that is You (a phone's), else the screen's (:func:`you`)."""
    return game.table.seat_name(seat, game.players, you(game) if viewer is None else viewer)


def partner_seat_word(seat: Seat) -> str:
    """A seat of the four-seat partnership table, you at South: You, Left, Partner, Right
    (the history's and the review's deals, kept as N E S W)."""
    return (YOU, LEFT, PARTNER, RIGHT)[(int(seat) - int(Seat.S)) % 4]


def short_word(word: str) -> str:
    """A seat's word in a column too narrow for it: "Player 3" is "P3"; the others stay."""
    return f"P{word.removeprefix('Player ')}" if word.startswith("Player ") else word


def seat_words(game: Game, viewer: Seat | None = None) -> tuple[str, ...]:
    """Every seat's word, in seat order."""
    return tuple(seat_word(game, Seat(i), viewer) for i in range(game.players))


def side_words(game: Game, viewer: Seat | None = None, short: bool = False) -> tuple[str, ...]:
    """The sides that score, in the engine's order (``Game.side_of``): We and They wherever
    two sides score (partners at four, two teams at six or eight), else the word of the seat
    that scores alone for that side; three teams: We, and the others by their first player,
    Team 2 (Player 2's), Team 3; ``short``: We, T2, T3 (a line holding three teams)."""
    yours = game.side_of(you(game) if viewer is None else viewer)
    if game.partnerships or (game.table.scores_by is ScoresBy.SIDE and game.sides == 2):
        return (WE, THEY) if yours == 0 else (THEY, WE)
    words: dict[int, str] = {}
    for i in range(game.players):
        words.setdefault(game.side_of(Seat(i)), seat_word(game, Seat(i), viewer))
    if game.table.scores_by is ScoresBy.SIDE:
        team = "T" if short else "Team "
        return tuple(WE if s == yours else f"{team}{words[s].removeprefix('Player ')}"
                     for s in range(game.sides))
    return tuple(words[s] for s in range(game.sides))


def object_word(word: str) -> str:
    """A side's word after "to", "by", "for": We and They become Us and Them."""
    return {WE: "Us", THEY: "Them"}.get(word, word)


def your_side(game: Game) -> int:
    return game.side_of(you(game))


def verb(subject: str, plural: str) -> str:
    """``subject`` with ``plural`` agreed: "We win", "Player 2 wins"."""
    if subject in _PLURAL:
        return f"{subject} {plural}"
    return f"{subject} {plural[:-1] + 'ies' if plural.endswith('y') else plural + 's'}"


def card_word(card: Card) -> str:
    """A card named short: suit then rank, ``♠Q``, ``♥10``; jokers ``BJ``, ``LJ``."""
    return card.symbol


def contract_word(game: Game, call: str) -> str:
    """A contract in its game's words, capitalised: "Abundance declared", "4 downtown"."""
    word = game.table.call_word(call)
    return word[:1].upper() + word[1:]


def trumps_word(trump: int) -> str:
    """The trump suit, or no trumps: ``♠ Spades``, ``No trumps``."""
    return NO_TRUMPS if trump >= 4 else f"{SUIT_SYMBOLS[trump]} {SUIT_NAMES[trump].capitalize()}"


def mode_words(mode: str, spec: TableSpec) -> str:
    """A bid's type as the grid's row says it, in the game's words: 'Uptown', 'No trump'."""
    return spec.call_word(mode)


def call_words(action: Bid | Pass, spec: TableSpec) -> str:
    """A call as a button or a line says it, in the game's words: 'Pass', '4 uptown',
    '4 no trump', '2 tricks', or a named call's word from the game's description."""
    if isinstance(action, Pass):
        return "Pass"
    if action.call is not None:
        return spec.call_word(action.call)
    if action.tricks is not None:
        return f"{action.tricks} trick{'s' if action.tricks != 1 else ''}"
    return f"{action.level} {mode_words(str(action.mode), spec).lower()}"


def declare_words(action: Declare, order: bool = True) -> str:
    """'♠ Spades', 'No trumps', 'Downtown', '♥ Hearts, downtown' (``order``: the direction
    said too, where the choices differ in it)."""
    if action.trump in (None, "N"):
        return str(action.order).capitalize() if action.order else NO_TRUMPS
    suit = trumps_word("SHDC".index(str(action.trump)))
    return f"{suit}, {action.order}" if action.order and order else suit


def trumps_short(trump: int) -> str:
    """The trump suit in a narrow column: ``♠`` or ``NT``."""
    return "NT" if trump >= 4 else SUIT_SYMBOLS[trump]


def match_word(game: Game) -> str:
    """What a whole match is called: a rubber where games are played to a rubber
    (two of three games, partners, no auction), else a match."""
    return "rubber" if game.counts_rubber_points(game.default_rules()) or _rubber(game) else "match"


def _rubber(game: Game) -> bool:
    return _four_partners(game) and not game.has_auction and game.games_to_win(game.default_rules()) == 2


_COMPASS = {"North": Seat.N, "East": Seat.E, "South": Seat.S, "West": Seat.W}
_LETTERS = {"N": Seat.N, "E": Seat.E, "S": Seat.S, "W": Seat.W}
_SIDE_NAMES = {"North-South": 0, "East-West": 1}
_NAMED = re.compile(r"\b(North-South|East-West|North|East|South|West|[Pp]layer [1-8]|Team [1-8]|[NESW])\b")


def say(game: Game, note: str) -> str:
    """A note of the engine's scoring ("made by West: 5 tricks", "bids N 3, E 1", "jack: Team 2")
    with its seats and sides in the table's words ("made by Player 4: ...", "bids You 3,
    Player 2 1", "jack: They"); the engine's teams are numbered from 1 in its side order."""

    def word(m: re.Match[str]) -> str:
        found = m.group(1)
        if found in _SIDE_NAMES or found.startswith("Team "):
            if found in _SIDE_NAMES and not game.partnerships:
                return found
            index = _SIDE_NAMES[found] if found in _SIDE_NAMES else int(found.split()[1]) - 1
            side = side_words(game)[index]
            return object_word(side) if note[:m.start()].endswith(("to ", "by ", "for ")) else side
        if found in _COMPASS:
            return seat_word(game, _COMPASS[found])
        if found in _LETTERS:
            return seat_word(game, _LETTERS[found]) if game.players == 4 else found
        return seat_word(game, Seat(int(found.split()[1]) - 1))

    return _NAMED.sub(word, note)


def number(value: int) -> str:
    """A score with a true minus sign: ``−4``, ``0``, ``12``."""
    return f"−{-value}" if value < 0 else str(value)


def signed(value: int) -> str:
    """A change of score: ``+3``, ``−1``, ``0``."""
    return f"+{value}" if value > 0 else number(value)


def by_side(sides: tuple[str, ...], values: tuple[int, ...], between: str = " · ") -> str:
    """Each side's figure after its word: ``We 5 · They 3``."""
    return between.join(f"{w} {number(v)}" for w, v in zip(sides, values, strict=True))
