"""Knockout whist for two to seven, each for themselves: seven cards (or
thirteen) in the first hand and one fewer each hand; the first hand's trumps
are turned from the stock, later the player who took most tricks names them
after seeing the new hand; whoever takes no trick is out, and the last player
left wins.

What a hand needs from the hands before it (who is still in, who names
trumps) comes from the match (:meth:`Knockout.record_for`) and is written
into the record: the out seats are dealt nothing, the chooser is the
record's ``declarer``, so a stored hand replays on its own."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, fields
from typing import TYPE_CHECKING

from engine.actions import Declare
from engine.cards import STRAINS, SUIT_NAMES
from engine.errors import RulesError
from engine.game import Contract, Game, GameRules, Phase, Step, setting_value
from engine.games.knockout.pages import PAGES
from engine.games.knockout.table import SETTINGS, TABLE, TIE_BREAKS
from engine.order import NO_TRUMP
from engine.record import DealRecord, deal_out
from engine.scoring import HandScore
from engine.seats import Seat, around, seat_label, seats_at
from engine.shuffle import rng_for, shuffled_pack

NAMED = ", named"  # the end of the call of trumps a player named: "clubs, named"

if TYPE_CHECKING:
    from engine.game import DealState, MatchState

DEFAULT_PLAYERS = 4


@dataclass(frozen=True)
class KnockoutRules:
    players: int = DEFAULT_PLAYERS
    start: int = 7
    tie_break: str = "cut"
    allow_no_trumps: bool = False
    dogs_life: bool = False

    def __post_init__(self) -> None:
        if not 2 <= self.players <= 7:
            raise RulesError(f"Knockout whist is played by 2 to 7, not {self.players}")
        if self.start not in (7, 13):
            raise RulesError(f"Knockout whist starts with 7 or 13 cards, not {self.start}")
        if self.tie_break not in TIE_BREAKS:
            raise RulesError(f"Knockout's tie_break is cut or earliest, not {self.tie_break!r}")

    @property
    def target(self) -> int:
        return 0  # no target: the last player left wins

    def to_dict(self) -> dict[str, object]:
        return asdict(self)

    def summary(self) -> str:
        ties = "a cut" if self.tie_break == "cut" else "the first to reach it"
        return (f"{self.players} players, {self.start} cards down to 1, most tricks names trumps "
                f"(ties: {ties}){', no trumps allowed' if self.allow_no_trumps else ''}"
                f"{', the dog' + chr(39) + 's life' if self.dogs_life else ''}")


def _rules(rules: GameRules) -> KnockoutRules:
    if not isinstance(rules, KnockoutRules):
        raise RulesError(f"Knockout whist cannot be played with {type(rules).__name__}")
    return rules


def hand_size(start: int, hand_number: int, left: int) -> int:
    """Hand ``hand_number`` (0-based): one fewer each hand, never more than the pack allows."""
    return max(1, min(start - hand_number, 52 // left))


def survivors(deal: DealState) -> tuple[Seat, ...]:
    """The seats that took a trick in ``deal`` (among those dealt in)."""
    return tuple(s for s in deal.seats if s not in deal.out and deal.taken[s] > 0)


def dogs(deal: DealState) -> frozenset[Seat]:
    """The seats on a dog's life in ``deal``: dealt one card while the others hold more."""
    hands = deal.record.hands()
    most = max((len(h) for h in hands if h is not None), default=0)
    return frozenset(s for s in deal.seats if most > 1 and (h := hands[s]) is not None and len(h) == 1)


@dataclass(frozen=True)
class Standing:
    """Who is in before the next hand, who of them is on a dog's life, and whether the
    game's dog's life has been given."""

    left: tuple[Seat, ...]
    dogs: frozenset[Seat]
    used: bool


def standing(match: MatchState) -> Standing:
    """Fold the scored hands: a player with no tricks is out, or (``dogs_life``, the first
    time in the game: every such player of that hand) on a dog's life; a dog that takes
    a trick is fully back, one that does not is out."""
    seats = seats_at(match.game.players)
    r = _rules(match.rules)
    left, on, used = list(seats), frozenset[Seat](), False
    for deal in match.deals[:len(match.hands)]:
        blank = [s for s in left if deal.taken[s] == 0]
        new = [s for s in blank if s not in on] if r.dogs_life and not used else []
        left = [s for s in left if s not in blank or s in new]
        on = frozenset(new)
        used = used or bool(new)
    return Standing(tuple(left), on, used)


def still_in(match: MatchState) -> tuple[Seat, ...]:
    """Who is still in before the next hand (players on a dog's life included)."""
    return standing(match).left


def choose_by_tricks(deal: DealState, tie_break: str, seed: int | str | None) -> Seat:
    """Who names trumps after ``deal``: most tricks; a tie by a cut or by who got there first."""
    top = max(deal.taken)
    tied = [s for s in deal.seats if deal.taken[s] == top]
    if len(tied) == 1:
        return tied[0]
    if tie_break == "earliest":
        count = dict.fromkeys(tied, 0)
        for trick in deal.tricks:
            w = trick.winner(deal.order)
            if w in count:
                count[w] += 1
                if count[w] == top:
                    return w
    # the cut: each tied player draws a card, the highest chooses; equal ranks draw again
    rng = rng_for(None if seed is None else f"{seed}:cut")
    while len(tied) > 1:
        pack = shuffled_pack(rng=rng)
        drawn = {s: pack[i].rank for i, s in enumerate(tied)}
        best = max(drawn.values())
        tied = [s for s in tied if drawn[s] == best]
    return tied[0]


class Knockout(Game):
    name = "knockout"
    title = "Knockout whist"
    blurb = "two to seven, each alone: one card fewer each hand, no tricks and you are out"
    table = TABLE
    settings = SETTINGS
    pages = PAGES

    def __init__(self, players: int = DEFAULT_PLAYERS) -> None:
        KnockoutRules(players=players)
        self.players = players

    def with_players(self, players: int) -> Knockout:
        return self if players == self.players else Knockout(players)

    def with_rules(self, rules: GameRules) -> Knockout:
        return self.with_players(_rules(rules).players)

    def owns(self, rules: object) -> bool:
        return isinstance(rules, KnockoutRules) and rules.players == self.players

    def still_in(self, match: MatchState) -> tuple[Seat, ...]:
        return still_in(match)

    def default_rules(self) -> KnockoutRules:
        return KnockoutRules(players=self.players)

    def rules_from_dict(self, data: Mapping[str, object]) -> KnockoutRules:
        unknown = set(data) - {f.name for f in fields(KnockoutRules)}
        if unknown:
            raise RulesError(f"unknown Knockout whist setting(s): {', '.join(sorted(unknown))}")
        values: dict[str, object] = {"players": self.players}
        for key, value in data.items():
            values[key] = setting_value(getattr(KnockoutRules(), key), value)
        return KnockoutRules(**values)  # type: ignore[arg-type]

    # -- dealing ----------------------------------------------------------------
    def hand_size(self, rules: GameRules, hand_number: int) -> int:
        return hand_size(_rules(rules).start, hand_number, self.players)

    def record_for(self, match: MatchState, seed: int | str | None) -> DealRecord:
        last = match.deals[len(match.hands) - 1] if match.hands else None
        return self._record(match.rules, standing(match), match.next_dealer, match.hand_number, last, seed)

    def _record(self, rules: GameRules, now: Standing, dealer: Seat, k: int, last: DealState | None,
                seed: int | str | None) -> DealRecord:
        # the hand ``k`` dealt by ``dealer`` to the players ``now`` left, after the hand ``last``
        r = _rules(rules)
        left = now.left
        out = [s for s in seats_at(self.players) if s not in left or s in now.dogs]
        size = hand_size(r.start, k, len(left))
        pack = shuffled_pack(seed)
        hands, piles = deal_out(pack, dealer, self.players, size, [("stock", -1)], out)
        stock = piles["stock"]
        if now.dogs:  # one card each to the players on a dog's life, after the others
            dealt = [set(h) for h in hands]
            for i, s in enumerate(sorted(now.dogs, key=lambda d: (int(d) - int(dealer) - 1) % self.players)):
                dealt[s].add(stock[i])
            hands, stock = tuple(frozenset(h) for h in dealt), stock[len(now.dogs):]
        if k == 0:
            if stock:
                return DealRecord.of_hands(dealer, hands, stock[0].suit, piles={"stock": stock},
                                           trump_card=stock[0])
            turned = pack[size * len(left) - 1]  # the dealer is dealt last
            return DealRecord.of_hands(dealer, hands, turned.suit, trump_card=turned)
        if last is None:
            raise RulesError("a later Knockout hand depends on the hands before it: deal it from the match")
        chooser = choose_by_tricks(last, r.tie_break, seed)
        return DealRecord.of_hands(dealer, hands, NO_TRUMP, piles={"stock": stock}, declarer=chooser)

    def next_record(self, rules: GameRules, dealer: Seat, hand_number: int,
                    seed: int | str | None) -> DealRecord:
        """The first hand's deal (a later hand needs the match: :meth:`record_for`)."""
        everyone = Standing(tuple(seats_at(self.players)), frozenset(), False)
        return self._record(rules, everyone, dealer, hand_number, None, seed)

    def check_record(self, rules: GameRules, record: DealRecord, hand_number: int) -> None:
        r = _rules(rules)
        sizes = {len(h) for h in record.hands() if h}
        if len(sizes - {1}) > 1 or (len(sizes) > 1 and not r.dogs_life):
            raise RulesError("every Knockout hand is dealt the same number of cards "
                             "(but one to a player on a dog's life)")
        if hand_number > 0 and record.declarer is None:
            raise RulesError("from the second hand the player with most tricks names trumps")
        most = max(1, r.start - hand_number)  # one-card hands go on while a dog's life lasts
        if sizes and max(sizes) > most:
            raise RulesError(f"hand {hand_number + 1} has at most {most} card{'s' if most != 1 else ''} each")

    # -- steps ----------------------------------------------------------------------
    def step(self, deal: DealState) -> Step | None:
        chooser = deal.record.declarer
        if chooser is not None and not deal.declarations:
            return Step(Phase.DECLARE, chooser)
        return None

    def declare_legal(self, deal: DealState, seat: Seat) -> Sequence[Declare]:
        strains = STRAINS if _rules(deal.rules).allow_no_trumps else STRAINS[:4]
        return [Declare(seat, trump=t) for t in strains]

    def contract(self, deal: DealState) -> Contract | None:
        chooser = deal.record.declarer
        if chooser is None:
            return Contract(None, "turned", deal.record.trump)
        if not deal.declarations:
            return None
        trump = STRAINS.index(deal.declarations[-1].trump or "N")
        named = "no trumps" if trump == NO_TRUMP else SUIT_NAMES[trump]
        # who named them is the contract's declarer: each screen says it in its own words
        return Contract(chooser, f"{named}{NAMED}", trump)

    def first_leader(self, deal: DealState, contract: Contract) -> Seat:
        # a player on a dog's life never leads: the lead passes on
        on = dogs(deal)
        return next(s for s in (around(deal.dealer, i, self.players) for i in range(1, self.players + 1))
                    if s not in deal.out and s not in on)

    def sits_out(self, deal: DealState, seat: Seat) -> bool:
        return seat in dogs(deal) and not deal.hand(seat)

    def may_knock(self, deal: DealState, seat: Seat) -> bool:
        # a dog plays its one card or knocks, and must play it in the last trick
        return (seat in dogs(deal) and bool(deal.hand(seat))
                and len(deal.tricks) < deal.tricks_per_hand - 1)

    # -- scoring and the match ----------------------------------------------------------
    def score_hand(self, deal: DealState, game_score: tuple[int, ...], rules: GameRules, number: int,
                   honours_held: tuple[int, int] | None) -> HandScore:
        tricks = tuple(deal.taken)
        after = tuple(g + t for g, t in zip(game_score, tricks, strict=True))
        left = survivors(deal)
        knocked = [s for s in deal.seats if s not in deal.out and s not in left]
        notes = []
        dogs_life = _rules(rules).dogs_life
        if knocked:  # with the dog's life the match says who is out (it knows if one was given)
            notes.append(("no tricks: " if dogs_life else "out: ")
                         + ", ".join(seat_label(s, self.players) for s in knocked))
        won = int(left[0]) if len(left) == 1 and not dogs_life else None
        if won is not None:
            notes.append(f"{seat_label(left[0], self.players)} is the last player left")
        zero = (0,) * self.players
        return HandScore(number, deal.dealer, deal.trump, tricks, tuple(deal.revokes), zero, tricks, tricks,
                         zero, zero, tuple(notes), tricks, game_score, after, won)

    def games_to_win(self, rules: GameRules) -> int:
        return 1

    def match_winner(self, match: MatchState) -> int | None:
        if match.games:
            return match.games[-1].winner
        left = standing(match).left if match.hands else ()
        return int(left[0]) if len(left) == 1 else None

    def next_dealer(self, match: MatchState) -> Seat:
        if not match.deals:
            return match.first_dealer
        left = still_in(match)
        last = match.deals[-1].dealer
        return next(s for s in (around(last, i, self.players) for i in range(1, self.players + 1))
                    if s in left)


GAME = Knockout()


def names_trumps(contract: Contract) -> bool:
    """Whether ``contract`` is trumps named by a player (its declarer), not turned."""
    return contract.declarer is not None and contract.call.endswith(NAMED)


__all__ = ["GAME", "Knockout", "KnockoutRules", "NAMED", "Standing", "choose_by_tricks", "dogs",
           "hand_size", "names_trumps", "standing", "still_in", "survivors"]
