"""Hearts for three to six, each for themselves: no trumps, and the aim is to
take as few points as possible (a point a heart, 13 for the queen of
spades). Before the play each player passes cards face down to another
(left, right, across, or nobody, by turns); the lowest club leads the first
trick, on which no points may be played; hearts may not be led until one has
been played. Taking every point ("shooting the moon") turns them on the
others. When anyone reaches the target the lowest total wins.

The pass direction of a hand is written into its record (its ``declarer``:
the seat the dealer passes to; None when the hand is held), so a stored hand
replays on its own whatever hand of the match it was."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, fields
from typing import TYPE_CHECKING

from engine.cards import Card, parse_cards
from engine.errors import RulesError
from engine.game import Contract, Game, GameRules, Phase, Step, setting_value
from engine.games.hearts.pages import PAGES
from engine.games.hearts.table import MOONS, PASS_CYCLES, SETTINGS, TABLE
from engine.order import NO_TRUMP, Order
from engine.record import DealRecord, deal_out
from engine.scoring import HandScore
from engine.search.pointmcts import PointPlay
from engine.seats import Seat, around, seat_label
from engine.shuffle import shuffled_pack

if TYPE_CHECKING:
    from engine.game import DealState
    from engine.observation import Observation

DEFAULT_PLAYERS = 4
HEART = 1
CLUB = 3
QUEEN = Card("SQ")
JACK = Card("DJ")
MOON = 26  # every heart and the queen
# The cards taken out so the pack deals evenly (3: 17 each, 5: 10 each, 6: 8 each).
REMOVED = {3: ("D2",), 4: (), 5: ("D2", "C2"), 6: ("D2", "C2", "C3", "S2")}
# Pass directions: how many seats round to the left the cards go.
LEFT, ACROSS = 1, 2
DIRECTION_WORDS = {"left": "pass left", "right": "pass right", "across": "pass across", "hold": "hold"}


@dataclass(frozen=True)
class HeartsRules:
    players: int = DEFAULT_PLAYERS
    pass_count: int = 3
    pass_cycle: str = "cycle"
    first_trick_points: bool = False
    queen_breaks_hearts: bool = False
    jack_diamonds: bool = False
    moon: str = "others_plus_26"
    target: int = 100

    def __post_init__(self) -> None:
        if not 3 <= self.players <= 6:
            raise RulesError(f"Hearts is played by 3 to 6, not {self.players}")
        size = hand_size(self.players)
        if not 0 <= self.pass_count <= min(4, size - 1):
            raise RulesError(f"Hearts passes 0 to {min(4, size - 1)} cards at {self.players} players, "
                             f"not {self.pass_count}")
        if self.pass_cycle not in PASS_CYCLES:
            raise RulesError(f"Hearts' pass_cycle is one of {', '.join(PASS_CYCLES)}, "
                             f"not {self.pass_cycle!r}")
        if self.moon not in MOONS:
            raise RulesError(f"Hearts' moon setting is one of {', '.join(MOONS)}, not {self.moon!r}")
        if not 10 <= self.target <= 500:
            raise RulesError(f"a game of Hearts is played to 10 to 500 points, not {self.target}")

    @property
    def directions(self) -> tuple[str, ...]:
        """The pass directions hand by hand, repeated."""
        if self.pass_count == 0 or self.pass_cycle == "none":
            return ("hold",)
        if self.pass_cycle == "left":
            return ("left",)
        return ("left", "right", "across", "hold") if self.players == 4 else ("left", "right", "hold")

    def to_dict(self) -> dict[str, object]:
        return asdict(self)

    def summary(self) -> str:
        passing = ("no pass" if self.directions == ("hold",)
                   else f"pass {self.pass_count} " + ", ".join(self.directions))
        extras = [w for on, w in ((self.first_trick_points, "points on the first trick"),
                                  (self.queen_breaks_hearts, "the queen breaks hearts"),
                                  (self.jack_diamonds, "jack of diamonds -10")) if on]
        moon = {"others_plus_26": "the moon: 26 to each other", "choice": "the moon: shooter's choice",
                "off": "no moon"}[self.moon]
        return ", ".join([f"{self.players} players", passing, moon, *extras,
                          f"game to {self.target}, lowest wins"])


def hand_size(players: int) -> int:
    return (52 - len(REMOVED[players])) // players


def pack_of(players: int) -> frozenset[Card]:
    """The cards in play at ``players``."""
    return frozenset(Card(i) for i in range(52)) - frozenset(parse_cards(list(REMOVED[players])))


def lowest_club(players: int) -> Card:
    """The card that leads the first trick: the two of clubs, or the lowest club left in."""
    return min((c for c in pack_of(players) if c.suit == CLUB), key=lambda c: c.rank)


def offset_of(direction: str, players: int) -> int | None:
    """Seats to the left the cards go (None: held)."""
    return {"left": LEFT, "right": players - 1, "across": ACROSS}.get(direction)


def direction_of(record: DealRecord, players: int) -> str:
    """The pass direction written into ``record``."""
    if record.declarer is None:
        return "hold"
    step = (int(record.declarer) - int(record.dealer)) % players
    return {ACROSS: "across", LEFT: "left", players - 1: "right"}[step]  # at three across is right


def points_of(card: Card, jack_diamonds: bool) -> int:
    """What taking ``card`` scores."""
    if card.suit == HEART:
        return 1
    if card == QUEEN:
        return 13
    return -10 if jack_diamonds and card == JACK else 0


def is_point(card: Card) -> bool:
    """A heart or the queen of spades: barred from the first trick."""
    return card.suit == HEART or card == QUEEN


def _rules(rules: GameRules) -> HeartsRules:
    if not isinstance(rules, HeartsRules):
        raise RulesError(f"Hearts cannot be played with {type(rules).__name__}")
    return rules


def taken_cards(deal: DealState) -> list[list[Card]]:
    """The cards each seat has taken in its tricks."""
    out: list[list[Card]] = [[] for _ in deal.seats]
    for trick in deal.tricks:
        out[trick.winner(deal.order)].extend(trick.cards)
    return out


def broken(deal: DealState) -> bool:
    """Whether hearts may be led: a heart (or, with the setting, the queen) has been played."""
    queen = _rules(deal.rules).queen_breaks_hearts
    return any(c.suit == HEART or (queen and c == QUEEN) for t in deal.tricks for c in t.cards)


def moon_points(rules: HeartsRules, raw: tuple[int, ...], shooter: int,
                before: tuple[int, ...]) -> tuple[int, ...]:
    """The hand's points when ``shooter`` took every heart and the queen (``raw`` are the
    points as taken, the jack of diamonds included). With ``choice`` the table picks for the
    shooter: 26 to each other when that leaves the shooter lowest at a game's end, else
    26 off the shooter's own score."""
    others = tuple(p - MOON if s == shooter else p + MOON for s, p in enumerate(raw))
    if rules.moon == "others_plus_26":
        return others
    mine = tuple(p - 2 * MOON if s == shooter else p for s, p in enumerate(raw))
    after = [b + p for b, p in zip(before, others, strict=True)]
    ends = max(after) >= rules.target
    return others if ends and after[shooter] == min(after) else mine


def hand_points(rules: HeartsRules, taken: Sequence[Sequence[Card]],
                game_score: tuple[int, ...]) -> tuple[tuple[int, ...], list[str]]:
    """Each seat's points for the cards it took (``taken``, by seat), the moon counted,
    and the notes that say what happened (who shot the moon, and how it scored)."""
    raw = tuple(sum(points_of(c, rules.jack_diamonds) for c in cards) for cards in taken)
    counted = [sum(1 for c in cards if is_point(c)) for cards in taken]
    shooter = next((s for s, n in enumerate(counted) if n == 14), None)
    if shooter is None or rules.moon == "off":
        return raw, []
    points = moon_points(rules, raw, shooter, game_score)
    mine = points[shooter] == raw[shooter] - 2 * MOON
    how = "26 off their own score" if mine else "26 to each other player"
    return points, [f"{seat_label(Seat(shooter), len(taken))} shot the moon: {how}"]


class Hearts(Game):
    name = "hearts"
    title = "Hearts"
    blurb = "three to six, each alone: pass three cards, then take as few hearts as you can"
    table = TABLE
    settings = SETTINGS
    pages = PAGES
    partnerships = False

    def __init__(self, players: int = DEFAULT_PLAYERS) -> None:
        HeartsRules(players=players)
        self.players = players

    def with_players(self, players: int) -> Hearts:
        return self if players == self.players else Hearts(players)

    def with_rules(self, rules: GameRules) -> Hearts:
        return self.with_players(_rules(rules).players)

    def owns(self, rules: object) -> bool:
        return isinstance(rules, HeartsRules) and rules.players == self.players

    def default_rules(self) -> HeartsRules:
        return HeartsRules(players=self.players)

    def rules_from_dict(self, data: Mapping[str, object]) -> HeartsRules:
        unknown = set(data) - {f.name for f in fields(HeartsRules)}
        if unknown:
            raise RulesError(f"unknown Hearts setting(s): {', '.join(sorted(unknown))}")
        values: dict[str, object] = {"players": self.players}
        for key, value in data.items():
            values[key] = setting_value(getattr(HeartsRules(), key), value)
        return HeartsRules(**values)  # type: ignore[arg-type]

    def house_lines(self, rules: GameRules) -> list[str]:
        r = _rules(rules)
        lead = lowest_club(self.players)
        return [f"Settings: {r.summary()}", f"{lead.symbol} leads the first trick"]

    # -- dealing ----------------------------------------------------------------
    def hand_size(self, rules: GameRules, hand_number: int) -> int:
        return hand_size(self.players)

    def next_record(self, rules: GameRules, dealer: Seat, hand_number: int,
                    seed: int | str | None) -> DealRecord:
        r = _rules(rules)
        cards = pack_of(self.players)
        pack = [c for c in shuffled_pack(seed) if c in cards]
        hands, _ = deal_out(pack, dealer, self.players, hand_size(self.players))
        directions = r.directions
        offset = offset_of(directions[hand_number % len(directions)], self.players)
        passer = None if offset is None else around(dealer, offset, self.players)
        return DealRecord.of_hands(dealer, hands, NO_TRUMP, declarer=passer)

    def check_record(self, rules: GameRules, record: DealRecord, hand_number: int) -> None:
        r = _rules(rules)
        directions = r.directions
        want = directions[hand_number % len(directions)]
        if record.trump != NO_TRUMP:
            raise RulesError("Hearts has no trumps")
        if direction_of(record, self.players) != want:
            raise RulesError(f"hand {hand_number + 1} is a {DIRECTION_WORDS[want]} hand")
        extra = [c for h in record.hands() if h for c in h if c not in pack_of(self.players)]
        if extra:
            raise RulesError(f"{extra[0]} is taken out of the pack at {self.players} players")
        sizes = {len(h) for h in record.hands() if h is not None}
        if sizes - {hand_size(self.players)}:
            raise RulesError(f"each player is dealt {hand_size(self.players)} cards "
                             f"at {self.players} players")

    # -- the pass -------------------------------------------------------------------
    def step(self, deal: DealState) -> Step | None:
        if deal.record.declarer is None or _rules(deal.rules).pass_count == 0:
            return None
        passed = len(deal.exchanges)
        if passed >= self.players:
            return None
        return Step(Phase.EXCHANGE, around(deal.dealer, 1 + passed, self.players))

    def exchange_count(self, deal: DealState) -> int:
        return _rules(deal.rules).pass_count

    def exchange_to(self, deal: DealState, seat: Seat) -> Seat | None:
        record = deal.record
        if record.declarer is None:
            return None
        return around(seat, (int(record.declarer) - int(record.dealer)) % self.players, self.players)

    def visible_piles(self, deal: DealState, seat: Seat) -> dict[str, tuple[Card, ...]]:
        mine = [e.discard for e in deal.exchanges if e.seat == seat]
        return {"passed": mine[0]} if mine else {}

    def contract(self, deal: DealState) -> Contract | None:
        return Contract(None, DIRECTION_WORDS[direction_of(deal.record, self.players)], NO_TRUMP)

    # -- play ---------------------------------------------------------------------
    def first_leader(self, deal: DealState, contract: Contract) -> Seat:
        lead = lowest_club(self.players)
        for seat in deal.seats:
            hand = deal.hand(seat)
            if hand is not None and lead in hand:
                return seat
        return around(deal.dealer, 1, self.players)  # a real-card table that has not seen it

    def opening_card(self, deal: DealState) -> Card:
        return lowest_club(self.players)

    def play_limit(self, deal: DealState, seat: Seat, legal: list[Card]) -> tuple[list[Card], str]:
        r = _rules(deal.rules)
        first = not deal.tricks
        leading = not deal.current.cards
        if first and leading:
            lead = lowest_club(self.players)
            if lead in legal:
                return [lead], f"the {lead.symbol} leads the first trick"
            return legal, ""
        if first and not r.first_trick_points:
            clean = [c for c in legal if not is_point(c)]
            if clean:
                return clean, "no heart or queen of spades on the first trick"
            return legal, ""
        if leading and not broken(deal):
            others = [c for c in legal if c.suit != HEART]
            if others:
                return others, "hearts are not broken: lead another suit"
        return legal, ""

    # -- scoring ------------------------------------------------------------------
    def score_hand(self, deal: DealState, game_score: tuple[int, ...], rules: GameRules, number: int,
                   honours_held: tuple[int, int] | None) -> HandScore:
        r = _rules(rules)
        points, notes = hand_points(r, taken_cards(deal), game_score)
        after = tuple(g + p for g, p in zip(game_score, points, strict=True))
        won: int | None = None
        if max(after) >= r.target:
            leaders = [s for s, v in enumerate(after) if v == min(after)]
            won = leaders[0]
            if len(leaders) > 1:
                notes.append("shared win: " + ", ".join(seat_label(Seat(s), self.players) for s in leaders))
        tricks = tuple(deal.taken)
        zero = (0,) * self.players
        return HandScore(number, deal.dealer, deal.trump, tricks, tuple(deal.revokes), zero, tricks,
                         points, zero, zero, tuple(notes), points, game_score, after, won)

    def games_to_win(self, rules: GameRules) -> int:
        return 1

    # -- the bench's standard search ------------------------------------------------
    def point_play(self, obs: Observation) -> PointPlay:
        """The hand's play and score as engine.search.pointmcts models them, from ``obs``'s seat."""
        r = self.rules_from_dict(obs.rules)
        pack = pack_of(self.players)
        points = frozenset(c for c in pack if is_point(c))
        known: dict[Seat, frozenset[Card]] = {}
        passed = obs.piles.get("passed", ())
        call = obs.contract.call if obs.contract is not None else "hold"
        direction = next(d for d, word in DIRECTION_WORDS.items() if word == call)
        offset = offset_of(direction, self.players)
        if passed and offset is not None:
            known[around(obs.seat, offset, self.players)] = frozenset(passed)
        values = {c: points_of(c, r.jack_diamonds) for c in pack if points_of(c, r.jack_diamonds)}
        before = obs.scores.game if obs.scores is not None else (0,) * self.players
        return PointPlay(self.players, tuple(range(self.players)), pack, Order(NO_TRUMP), values,
                         (hand_size(self.players),) * self.players,
                         first_lead=lowest_club(self.players), unbroken=HEART,
                         breakers=frozenset(c for c in pack
                                            if c.suit == HEART or (r.queen_breaks_hearts and c == QUEEN)),
                         first_barred=frozenset() if r.first_trick_points else points,
                         moon=frozenset() if r.moon == "off" else points,
                         moon_mode={"others_plus_26": "others", "choice": "choice", "off": "off"}[r.moon],
                         moon_points=MOON, before=tuple(before), target=r.target, lowest_wins=True,
                         known=known)


GAME = Hearts()


__all__ = ["GAME", "Hearts", "HeartsRules", "broken", "direction_of", "hand_points", "is_point",
           "lowest_club",
           "moon_points", "pack_of", "points_of", "taken_cards"]
