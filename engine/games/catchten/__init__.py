"""Catch the Ten (Scotch whist) for two to eight: the 36 cards from six to ace (less
the six of spades at five or seven players, less the sixes at eight), all dealt, the
dealer's last card turned for trumps. The jack of trumps is the highest card. At the
end of a deal each side counts the trump honours it took (jack 11, ace 4, king 3,
queen 2, ten 10) and a point a card taken over the number it was dealt; 41 wins.

Partnerships at four (two pairs), six (two teams of alternate players, or three pairs
sitting opposite) and eight (two teams); each alone otherwise (``sides``: none at four
or six too). Two and three players get their cards in packets of six, each played out
in turn (``packets``): the later packets lie face down as piles of the deal record
(``packets`` and the seat's number) and are taken up once the one before is played
out, so a stored hand replays on its own. The winner of a packet's last trick leads
to the next."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields
from typing import TYPE_CHECKING

from engine.cards import Card
from engine.errors import RulesError
from engine.game import Contract, Game, GameRules, check_match_length, games_to_win_of, setting_value
from engine.games.catchten.pages import PAGES
from engine.games.catchten.table import ALONE, COUNT_ORDERS, SETTINGS, SIDES, SIZES, TEAMS
from engine.order import Order
from engine.record import DealRecord
from engine.scoring import SIDE_LONG_NAMES, HandScore
from engine.search.pointmcts import PointPlay
from engine.seats import SIDE_NAMES, Seat, around, seat_names
from engine.shuffle import shuffled_pack

if TYPE_CHECKING:
    from engine.game import DealState
    from engine.observation import Observation

DEFAULT_PLAYERS = 4
PACKET = 6  # cards in a packet, at two and three players
# The trump honours and their points, in the order they are counted after the cards
# over (``cards_then_honours``): ten, ace, king, queen, jack.
HONOURS = {10: 10, 14: 4, 13: 3, 12: 2, 11: 11}
HONOUR_WORDS = {10: "ten", 14: "ace", 13: "king", 12: "queen", 11: "jack"}


def pack_for(players: int) -> tuple[Card, ...]:
    """The cards dealt at a table of ``players``: six to ace of every suit, less the
    six of spades at five or seven, less every six at eight (so all are dealt evenly)."""
    cards = [Card.of(suit, rank) for suit in range(4) for rank in range(6, 15)]
    if players in (5, 7):
        cards.remove(Card("S6"))
    if players == 8:
        cards = [c for c in cards if c.rank != 6]
    return tuple(cards)


def dealt_each(players: int) -> int:
    """Cards dealt to each player: the whole pack, evenly."""
    return len(pack_for(players)) // players


def teams_of(players: int, sides: str) -> int:
    """How many teams score at this size with ``sides``: 0 where each plays alone."""
    if sides == "none" or players not in (4, 6, 8):
        return 0
    return 3 if sides == "three" else 2


@dataclass(frozen=True)
class CatchTenRules:
    players: int = DEFAULT_PLAYERS
    sides: str = "two"  # two teams at 4, 6, 8; "three" pairs at 6; "none": each alone
    packets: bool = True  # two or three players: packets of six, each played out in turn
    target: int = 41
    count_order: str = "cards_then_honours"
    games_per_match: int = 1

    def __post_init__(self) -> None:
        if self.players not in SIZES:
            raise RulesError(f"Catch the Ten is played by 2 to 8, not {self.players}")
        if self.sides not in SIDES:
            raise RulesError(f"Catch the Ten's sides is one of {', '.join(SIDES)}, not {self.sides!r}")
        if self.sides == "three" and self.players != 6:
            raise RulesError("three pairs need six players (partners sit opposite)")
        if self.count_order not in COUNT_ORDERS:
            raise RulesError(f"Catch the Ten's count_order is one of {', '.join(COUNT_ORDERS)}, "
                             f"not {self.count_order!r}")
        if self.target < 1:
            raise RulesError("the target is a whole number from 1")
        check_match_length(self.games_per_match)

    @property
    def teams(self) -> int:
        return teams_of(self.players, self.sides)

    @property
    def packets_dealt(self) -> int:
        """Packets each player gets: 3 at two, 2 at three (with ``packets``), else one hand."""
        if not self.packets or self.players > 3:
            return 1
        return dealt_each(self.players) // PACKET

    def to_dict(self) -> dict[str, object]:
        return asdict(self)

    def summary(self) -> str:
        n = self.players
        who = {0: "each alone", 2: "two teams", 3: "three pairs"}[self.teams]
        if self.teams == 2 and n == 4:
            who = "partners opposite"
        dealt = f"{dealt_each(n)} cards each"
        if self.packets_dealt > 1:
            dealt += f" in {self.packets_dealt} packets of {PACKET}"
        order = "cards over first" if self.count_order == "cards_then_honours" else "honours first"
        match = ", best of 3" if self.games_per_match == 3 else ""
        return f"{n} players, {who}, {dealt}, game to {self.target} ({order}){match}"


def _rules(rules: GameRules) -> CatchTenRules:
    if not isinstance(rules, CatchTenRules):
        raise RulesError(f"Catch the Ten cannot be played with {type(rules).__name__}")
    return rules


def packet_pile(seat: Seat) -> str:
    """The deal record's pile of ``seat``'s packets still face down."""
    return f"packets{int(seat)}"


def honour_points(card: Card, trump: int) -> int:
    """What ``card`` scores to the side that takes it."""
    return HONOURS.get(card.rank, 0) if card.suit == trump else 0


@dataclass(frozen=True)
class Taken:
    """What each side took in a deal: cards, the trump honours (rank numbers), and the
    points they make."""

    cards: tuple[int, ...]
    honours: tuple[tuple[int, ...], ...]
    dealt: tuple[int, ...]

    def over(self, side: int) -> int:
        """Points for the cards taken over the number dealt to the side."""
        return max(0, self.cards[side] - self.dealt[side])

    def honour_points(self, side: int) -> int:
        return sum(HONOURS[r] for r in self.honours[side])

    def points(self, side: int) -> int:
        return self.over(side) + self.honour_points(side)


class CatchTheTen(Game):
    name = "catch-the-ten"
    title = "Catch the Ten"
    blurb = "two to eight, 36 cards: catch the ten of trumps; the jack of trumps is the top card"
    table = ALONE
    settings = SETTINGS
    pages = PAGES
    partnerships = False

    def __init__(self, players: int = DEFAULT_PLAYERS, sides: str = "two") -> None:
        self.rules_seen = CatchTenRules(players=players, sides=sides)  # the check, with its message
        self.players = players

    # -- the table size and the teams ----------------------------------------------
    def with_players(self, players: int) -> CatchTheTen:
        return self if players == self.players else game_at(players, "two")

    def with_rules(self, rules: GameRules) -> CatchTheTen:
        r = _rules(rules)
        if r.players == self.players and r.teams == self.teams:
            return self
        return game_at(r.players, r.sides)

    def owns(self, rules: object) -> bool:
        return (isinstance(rules, CatchTenRules) and rules.players == self.players
                and rules.teams == self.teams)

    @property
    def teams(self) -> int:
        return self.rules_seen.teams

    @property
    def sides(self) -> int:
        return self.teams or self.players

    @property
    def side_names(self) -> tuple[str, ...]:
        if self.teams == 0:
            return seat_names(self.players)
        if self.players == 4:
            return SIDE_NAMES
        return tuple("-".join(str(s) for s in range(t, self.players, self.teams)) for t in range(self.teams))

    def side_of(self, seat: Seat) -> int:
        return int(seat) % self.teams if self.teams else int(seat)

    def default_rules(self) -> CatchTenRules:
        return self.rules_seen

    def rules_from_dict(self, data: Mapping[str, object]) -> CatchTenRules:
        base = self.default_rules()
        known = {f.name for f in fields(CatchTenRules)}
        unknown = set(data) - known
        if unknown:
            raise RulesError(f"unknown Catch the Ten setting(s): {', '.join(sorted(unknown))}")
        values = asdict(base)
        for key, value in data.items():
            values[key] = setting_value(getattr(base, key), value)
        return CatchTenRules(**values)

    def house_lines(self, rules: GameRules) -> list[str]:
        r = _rules(rules)
        lines = [f"Settings: {r.summary()}"]
        cut = {5: "the six of spades is taken out", 7: "the six of spades is taken out",
               8: "the sixes are taken out"}.get(r.players)
        if cut:
            lines.append(f"At {r.players} players {cut}, so every card is dealt.")
        return lines

    # -- dealing ----------------------------------------------------------------
    def hand_size(self, rules: GameRules, hand_number: int) -> int:
        return dealt_each(self.players)

    def tricks_in_hand(self, deal: DealState) -> int:
        return dealt_each(self.players)

    def next_record(self, rules: GameRules, dealer: Seat, hand_number: int,
                    seed: int | str | None) -> DealRecord:
        r = _rules(rules)
        cards = set(pack_for(self.players))
        pack = [c for c in shuffled_pack(seed) if c in cards]
        n = self.players
        # one card at a time from the dealer's left, so the dealer's last card is the pack's last
        sitting = [around(dealer, i, n) for i in range(1, n + 1)]
        dealt: list[list[Card]] = [[] for _ in range(n)]
        for i, card in enumerate(pack):
            dealt[sitting[i % n]].append(card)
        turned = pack[-1]
        first = dealt_each(n) // r.packets_dealt
        piles = {packet_pile(Seat(s)): tuple(dealt[s][first:]) for s in range(n)}
        return DealRecord.of_hands(dealer, [h[:first] for h in dealt], turned.suit,
                                   piles if r.packets_dealt > 1 else {}, turned)

    def check_record(self, rules: GameRules, record: DealRecord, hand_number: int) -> None:
        r = _rules(rules)
        if record.trump_card is None:
            raise RulesError("Catch the Ten turns the dealer's last card for trumps: scan the turned card")
        allowed = set(pack_for(self.players))
        if record.trump_card not in allowed:
            raise RulesError(f"{record.trump_card} is not in the pack at {self.players} players "
                             f"(six to ace{', less the six of spades' if self.players in (5, 7) else ''}"
                             f"{', less the sixes' if self.players == 8 else ''})")
        held = [h for h in record.hands() if h is not None]
        first = dealt_each(self.players) // r.packets_dealt
        for hand in held:
            if len(hand) != first:
                raise RulesError(f"each player is dealt {first} cards at a time at {self.players} players")
            stray = sorted(hand - allowed)
            if stray:
                raise RulesError(f"{stray[0]} is not in the pack at {self.players} players")

    # -- play ---------------------------------------------------------------------
    def order(self, deal: DealState, contract: Contract) -> Order:
        return Order(contract.trump, jack_high=True)

    def after_trick(self, deal: DealState, winner: Seat) -> None:
        # a packet played out: each takes up the next (the winner leads to it)
        if len(deal.tricks) % PACKET:
            return
        for seat in deal.seats:
            pile = packet_pile(seat)
            if deal.piles.get(pile):
                for _ in range(PACKET):
                    deal.draw(seat, pile)

    # -- scoring ------------------------------------------------------------------
    def taken(self, deal: DealState) -> Taken:
        """What each side took in ``deal`` (so far)."""
        cards = [0] * self.sides
        honours: list[list[int]] = [[] for _ in range(self.sides)]
        for trick in deal.tricks:
            side = self.side_of(trick.winner(deal.order))
            cards[side] += len(trick.cards)
            honours[side] += [c.rank for c in trick.cards if honour_points(c, deal.trump)]
        members = [sum(1 for s in deal.seats if self.side_of(s) == side) for side in range(self.sides)]
        each = dealt_each(self.players)
        return Taken(tuple(cards), tuple(tuple(sorted(h, key=list(HONOURS).index)) for h in honours),
                     tuple(each * m for m in members))

    def score_hand(self, deal: DealState, game_score: tuple[int, ...], rules: GameRules, number: int,
                   honours_held: tuple[int, int] | None) -> HandScore:
        r = _rules(rules)
        took = self.taken(deal)
        sides = range(self.sides)
        over = tuple(took.over(s) for s in sides)
        honours = tuple(took.honour_points(s) for s in sides)
        points = tuple(o + h for o, h in zip(over, honours, strict=True))
        after = tuple(g + p for g, p in zip(game_score, points, strict=True))
        notes = self.notes(took)
        won = winner_of(game_score, took, r)
        if deal.revokes:
            # a revoke loses the game (a real-card table's): the best of the others wins it
            guilty = {self.side_of(v.seat) for v in deal.revokes}
            others = [s for s in sides if s not in guilty]
            won = max(others, key=lambda s: after[s]) if others else None
            notes.append("a revoke loses the game")
        tricks = tuple(sum(1 for t in deal.tricks if self.side_of(t.winner(deal.order)) == s) for s in sides)
        zero = (0,) * self.sides
        return HandScore(number, deal.dealer, deal.trump, tricks, tuple(deal.revokes), zero, tricks,
                         over, zero, honours, tuple(notes), points, game_score, after, won)

    def played_points(self, score: HandScore, side: int) -> int:
        # the honours are taken in tricks, not held: all of a hand's points come from its play
        return score.points[side]

    def games_to_win(self, rules: GameRules) -> int:
        return games_to_win_of(_rules(rules).games_per_match)

    def side_word(self, side: int) -> str:
        """A side in a note, as the table words notes: North-South or East-West at four in
        pairs, ``Team 1`` ... in teams of six or eight (the side that scores, not who took the
        card), else the player (``Player 1``)."""
        if self.partnerships:
            return SIDE_LONG_NAMES[side]
        return f"Team {side + 1}" if self.teams else f"Player {side + 1}"

    def notes(self, took: Taken) -> list[str]:
        """Who took which honour, and the cards over, in the order they are counted."""
        sides = [s for s in range(self.sides) if took.honours[s]]
        sides.sort(key=lambda s: list(HONOURS).index(took.honours[s][0]))
        honours = [", ".join(HONOUR_WORDS[r] for r in took.honours[s]) + f": {self.side_word(s)}"
                   for s in sides]
        over = [f"{self.side_word(s)} {took.over(s)}" for s in range(self.sides) if took.over(s)]
        return ([f"honours: {'; '.join(honours)}"] if honours else []) + (
            [f"cards over: {', '.join(over)}"] if over else [])

    # -- the bench's standard search ------------------------------------------------
    def point_play(self, obs: Observation) -> PointPlay:
        """The hand's play and score as engine.search.pointmcts models them, from ``obs``'s seat
        (every card in a hand: packets still face down are not modelled)."""
        r = self.rules_from_dict(obs.rules)
        if r.packets_dealt > 1:
            raise RulesError("the point games' search models every card in a hand: play packets=false")
        pack = frozenset(pack_for(self.players))
        values = {c: honour_points(c, obs.trump) for c in pack if honour_points(c, obs.trump)}
        side = tuple(self.side_of(Seat(s)) for s in range(self.players))
        each = dealt_each(self.players)
        dealt = tuple(each * side.count(t) for t in range(self.sides))
        known = {} if obs.trump_card is None else {obs.dealer: frozenset({obs.trump_card})}
        before = obs.scores.game if obs.scores is not None else (0,) * self.sides
        return PointPlay(self.players, side, pack, Order(obs.trump, jack_high=True), values, dealt, over=1,
                         before=tuple(before), target=r.target, known=known)


def winner_of(before: tuple[int, ...], took: Taken, rules: CatchTenRules) -> int | None:
    """The side that wins the game with this deal, or None: the only one to reach the
    target, else the first to reach it counting in the rules' order (cards over, then
    ten, ace, king, queen, jack; or the honours first). Sides reaching it at the same
    step of the count: the higher running total, then the earlier side."""
    sides = range(len(before))
    if all(before[s] + took.points(s) < rules.target for s in sides):
        return None
    steps: list[tuple[int, ...]] = [tuple(HONOURS[rank] if rank in took.honours[s] else 0 for s in sides)
                                    for rank in HONOURS]
    cards = tuple(took.over(s) for s in sides)
    steps = [cards, *steps] if rules.count_order == "cards_then_honours" else [*steps, cards]
    running = list(before)
    for step in steps:
        running = [v + p for v, p in zip(running, step, strict=True)]
        there = [s for s in sides if running[s] >= rules.target and step[s]]
        if there:
            return max(there, key=lambda s: (running[s], -s))
    return None


_GAMES: dict[tuple[int, int], CatchTheTen] = {}


class _Teams(CatchTheTen):
    """Catch the Ten in partnerships: two pairs at four, two teams or three pairs at six,
    two teams at eight; the pad keeps a column a side."""

    table = TEAMS


class _Pairs(_Teams):
    """Four players, partners opposite: North-South against East-West."""

    partnerships = True


def game_at(players: int, sides: str) -> CatchTheTen:
    """The game at a table of ``players`` with ``sides`` (one instance a size and teams)."""
    teams = CatchTenRules(players=players, sides=sides).teams
    key = (players, teams)
    if key not in _GAMES:
        kind = CatchTheTen if teams == 0 else _Pairs if players == 4 else _Teams
        _GAMES[key] = kind(players, sides)
    return _GAMES[key]


GAME = game_at(DEFAULT_PLAYERS, "two")

__all__ = ["CatchTenRules", "CatchTheTen", "GAME", "HONOURS", "PACKET", "Taken", "dealt_each", "game_at",
           "honour_points", "pack_for", "packet_pile", "teams_of", "winner_of"]
