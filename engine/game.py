"""What every game of the family is made of: parameters and a few hooks.

A game is a :class:`Game` subclass in its own package under ``engine/games/``
(one line of ``engine.games`` lists it). The
shared machine (:class:`engine.deal.Deal` and :class:`engine.match.Match`)
deals, runs the phases, checks every action, plays the tricks and keeps the
score; a game says only what differs: its seats, deck, auction, contract,
trumps, first lead and scoring. The defaults are the plainest: four seats,
all the cards dealt, no auction, the eldest leads. Besides the rules a game
carries its description (``table``, ``settings``, ``pages``: engine.table_spec)
and its AI (``PLAYER`` in the package's ``ai`` module).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from importlib import import_module
from types import ModuleType
from typing import TYPE_CHECKING, ClassVar, Protocol

from engine.actions import Bid, Declare, Exchange, Pass
from engine.cards import Card
from engine.errors import RulesError
from engine.order import Order
from engine.phase import Contract, Phase, Step
from engine.seats import SIDE_NAMES, Seat, around, seat_names
from engine.table_spec import Sides

if TYPE_CHECKING:
    from engine.actions import Action
    from engine.observation import Observation
    from engine.pbn import Hands
    from engine.record import DealRecord, HandSet, Revoke
    from engine.scoring import GameResult, HandScore
    from engine.table_spec import Pages, SettingSpec, TableSpec
    from engine.trick import Trick


def check_match_length(games_per_match: int) -> None:
    """The shared ``games_per_match`` setting of the games played to a target: one game or
    the best of three."""
    if games_per_match not in (1, 3):
        raise RulesError("a match is 1 game or the best of 3")


def games_to_win_of(games_per_match: int) -> int:
    """Games a side needs to win a match of ``games_per_match``."""
    return 2 if games_per_match == 3 else 1


def setting_value(default: object, value: object) -> object:
    """A stored or typed setting read as the type of its default (on/off, a number, a word)."""
    if isinstance(default, bool):
        return value if isinstance(value, bool) else str(value).lower() in ("1", "on", "true", "yes")
    if isinstance(default, int):
        return int(str(value))
    return str(value)


class Player(Protocol):
    """A game's AI: a legal action for the seat to act at ``level``, from what it may
    know; ``seed`` makes it reproducible, ``budget`` (seconds) or ``samples`` bound
    the searches that take them."""

    def __call__(self, obs: Observation, level: str, seed: int | str | None, budget: float | None,
                 samples: int | None) -> Action: ...


class GameRules(Protocol):
    """A game's house settings: a frozen dataclass with these members."""

    @property
    def target(self) -> int: ...

    def to_dict(self) -> dict[str, object]: ...

    def summary(self) -> str: ...


class DealState(Protocol):
    """What the hooks read of a hand in play (engine.deal.Deal is one). The hooks name
    this, not Deal: the deal asks the game (engine.deal imports engine.game), so the
    game may not import the deal back."""

    record: DealRecord
    rules: GameRules
    players: int
    actions: list[Action]
    auction: list[Bid | Pass]
    declarations: list[Declare]
    exchanges: list[Exchange]
    piles: dict[str, tuple[Card, ...]]
    out: frozenset[Seat]
    tricks: list[Trick]
    revokes: list[Revoke]
    taken: list[int]
    contract: Contract | None
    order: Order
    tricks_per_hand: int
    current: Trick

    @property
    def trump(self) -> int: ...

    @property
    def dealer(self) -> Seat: ...

    @property
    def seats(self) -> tuple[Seat, ...]: ...

    @property
    def step(self) -> Step | None: ...

    @property
    def is_over(self) -> bool: ...

    @property
    def played(self) -> dict[Card, int]: ...

    def hand(self, seat: Seat | str) -> frozenset[Card] | None: ...

    def draw(self, seat: Seat, pile: str) -> Card: ...

    def tricks_taken(self) -> tuple[int, int]: ...

    def dealt_hands(self) -> HandSet: ...


class MatchState(Protocol):
    """What the hooks read of a match (engine.match.Match is one), for the same reason."""

    game: Game
    rules: GameRules
    first_dealer: Seat

    @property
    def deals(self) -> Sequence[DealState]: ...

    @property
    def hands(self) -> Sequence[HandScore]: ...

    @property
    def games(self) -> Sequence[GameResult]: ...

    @property
    def games_won(self) -> tuple[int, ...]: ...

    @property
    def hand_number(self) -> int: ...

    @property
    def next_dealer(self) -> Seat: ...


class Game:
    """A game of the family. Subclasses set the class attributes and override
    the hooks that differ."""

    name: ClassVar[str] = ""
    title: ClassVar[str] = ""
    blurb: ClassVar[str] = ""
    table: ClassVar[TableSpec]
    settings: ClassVar[tuple[SettingSpec, ...]]
    pages: ClassVar[Pages]
    players: int = 4  # hands dealt; a game for several table sizes makes one instance a size (with_players)
    jokers: ClassVar[bool] = False
    plays_boards: ClassVar[bool] = False  # a file of deals (PBN: four hands of 13) can give its hands
    has_auction: ClassVar[bool] = False

    def house_lines(self, rules: GameRules) -> list[str]:
        """The house settings in force, as the rules screen lists them."""
        return [f"Settings: {rules.summary()}"]

    # -- the AI ---------------------------------------------------------------
    def player(self) -> Player:
        """The game's AI: ``PLAYER`` of its package's ``ai`` module."""
        player: Player = self._ai().PLAYER
        return player

    def textbook(self) -> Callable[[Observation], Action] | None:
        """The game's textbook player (no search) for the simple bots, where it is not
        engine.search.rules' card play (which aims at the most tricks): ``TEXTBOOK`` of its
        package's ``ai`` module."""
        textbook: Callable[[Observation], Action] | None = self._ai().TEXTBOOK
        return textbook

    def _ai(self) -> ModuleType:
        # Loaded when first asked, by the package's name: the searches load the solvers, and
        # the rules stay below the AI (engine.ai imports engine.games, never the other way;
        # the games' players build on engine.search, below them).
        return import_module(f"{type(self).__module__}.ai")

    def plays_for_tricks(self, obs: Observation) -> bool:
        """Whether the seat of ``obs`` is to play a card towards the most tricks, so
        ``choose_card``'s search (and its hint) serve: four seats in pairs, one pack."""
        return False

    # -- rules ----------------------------------------------------------------
    def default_rules(self) -> GameRules:
        raise NotImplementedError

    def rules_from_dict(self, data: Mapping[str, object]) -> GameRules:
        raise NotImplementedError

    def owns(self, rules: object) -> bool:
        """Whether ``rules`` are this game's settings (at this table size)."""
        return isinstance(rules, type(self.default_rules()))

    def with_players(self, players: int) -> Game:
        """This game at a table of ``players``: games for several table sizes
        (Oh Hell, Knockout) make an instance a size; the others refuse."""
        if players != self.players:
            raise RulesError(f"{self.title} is played by {self.players}, not {players}")
        return self

    def with_rules(self, rules: GameRules) -> Game:
        """This game at the table size ``rules`` name (games that store their
        player count in their rules, so a stored match reloads at its size)."""
        return self

    # -- the table's facts, as its description (``table``) gives them -------------
    @property
    def partnerships(self) -> bool:
        """Whether the seats play in fixed pairs (0 and 2 against 1 and 3)."""
        return self.table.sides is Sides.PAIRS

    @property
    def per_seat(self) -> int:
        """Cards each seat plays to a trick."""
        return self.table.cards_per_trick_per_seat

    @property
    def people(self) -> int:
        """How many play: a hand each, but for a hand that another plays (dummy whist's
        three players and the dummy's hand): the size of the table the description allows."""
        counts = self.table.seat_counts
        return self.players if self.players in counts or len(counts) != 1 else counts[0]

    # -- sides ------------------------------------------------------------------
    @property
    def sides(self) -> int:
        """How many sides score: two in partnership games, else one a seat."""
        return 2 if self.partnerships else self.players

    @property
    def side_names(self) -> tuple[str, ...]:
        return SIDE_NAMES if self.partnerships else seat_names(self.players)

    # -- dealing ----------------------------------------------------------------
    def hand_size(self, rules: GameRules, hand_number: int) -> int:
        """Cards dealt to each seat in hand ``hand_number`` (0-based): the
        schedule of games whose hands shrink or grow."""
        return 52 // self.players

    def tricks_in_hand(self, deal: DealState) -> int:
        """Tricks in this hand: the cards a seat holds over the cards it plays
        to a trick (before any exchange, which keeps the count); a physical table's
        record says how many where it may know no hand."""
        if deal.record.size is not None:
            return deal.record.size // self.per_seat
        held = [h for h in deal.record.hands() if h]
        if not held:
            return 52 // self.players // self.per_seat
        return max(len(h) for h in held) // self.per_seat

    def next_record(self, rules: GameRules, dealer: Seat, hand_number: int,
                    seed: int | str | None) -> DealRecord:
        """Shuffle and deal hand ``hand_number`` (0-based) of a match."""
        raise NotImplementedError

    def record_for(self, match: MatchState, seed: int | str | None) -> DealRecord:
        """The next hand of ``match``: by default ``next_record`` for its rules,
        next dealer and hand number. A game whose deal depends on the hands
        before (Knockout: who is still in, who names trumps) overrides this."""
        return self.next_record(match.rules, match.next_dealer, match.hand_number, seed)

    def arena_hands(self, rules: GameRules) -> int:
        """Hands of the schedule an arena cycles through (deal i is hand i modulo this):
        1, the first hand, unless the hands differ (Oh Hell's sizes)."""
        return 1

    def rules_for_record(self, rules: GameRules, record: DealRecord) -> GameRules:
        """Rules under which ``record`` is a match's first hand (an arena plays any hand
        of the schedule as a hand on its own): the rules themselves unless hands differ."""
        return rules

    def board_record(self, hands: Hands, dealer: Seat, rules: object, hand_number: int, trump: int | None,
                     trump_card: Card | None, turn: Callable[[], Card]) -> DealRecord:
        """The record to play a file's four ``hands`` as hand ``hand_number`` (games that
        ``plays_boards``): ``trump`` and ``trump_card`` as the file gives them (or None),
        ``turn`` draws a card of the dealer's to turn where the game turns one and the
        file says which none."""
        raise RulesError(f"{self.title} is not played from a file of deals")

    def check_record(self, rules: GameRules, record: DealRecord, hand_number: int) -> None:
        """Refuse a record (a physical table's deal) these rules could not have dealt."""

    # -- steps before the play ------------------------------------------------------
    def step(self, deal: DealState) -> Step | None:
        """The next step before the play (auction, declare, exchange), or None
        once the play can start. The default: an auction while it lasts."""
        if self.has_auction and self.contract(deal) is None:
            return Step(Phase.AUCTION, self.auction_turn(deal))
        return None

    def declare_legal(self, deal: DealState, seat: Seat) -> Sequence[Declare]:
        raise RulesError(f"{self.title} has no declaration")

    def exchange_count(self, deal: DealState) -> int:
        """How many cards the seat exchanging lays away."""
        raise RulesError(f"{self.title} has no exchange")

    def exchange_pile(self, deal: DealState) -> str | None:
        """The pile the seat exchanging takes into hand first (``kitty``), if any."""
        return None

    def check_exchange(self, deal: DealState, action: Exchange) -> None:
        """Refuse a discard the game forbids (the deal has checked count and cards)."""

    def exchange_legal(self, deal: DealState, seat: Seat) -> Sequence[Exchange]:
        """The exchanges to offer in ``legal`` where the game allows only a few (widow
        whist: lay away the widow or the hand held); empty where any
        ``exchange_count`` cards of the hand may go (Bid Whist's kitty)."""
        return []

    def exchange_to(self, deal: DealState, seat: Seat) -> Seat | None:
        """Where the cards ``seat`` exchanges go: None, laid away (the pile ``discard``);
        a seat, passed to it face down. Passed cards reach their seats' hands together,
        once the last exchange of the step is made, so nobody sees what they receive
        before passing their own."""
        return None

    def visible_piles(self, deal: DealState, seat: Seat) -> dict[str, tuple[Card, ...]]:
        """Cards of the piles ``seat`` may see now (a turned kitty, a widow, the discards)."""
        return {}

    # -- auction ------------------------------------------------------------------
    def auction_turn(self, deal: DealState) -> Seat:
        """Who speaks next: eldest first, round the table."""
        return around(deal.dealer, 1 + len(deal.auction), self.players)

    def auction_legal(self, deal: DealState, seat: Seat) -> Sequence[Bid | Pass]:
        raise RulesError(f"{self.title} has no auction")

    def auction_seen(self, deal: DealState, seat: Seat) -> tuple[Bid | Pass, ...]:
        """The auction as ``seat`` may see it: all of it, except where bids are made
        face down (Minnesota whist's laid cards, shown to the others once turned)."""
        return tuple(deal.auction)

    def contract(self, deal: DealState) -> Contract | None:
        """The contract once the auction is over, else None. Games without an
        auction play in the record's trump, nobody declaring."""
        return Contract(None, "", deal.record.trump)

    # -- play ---------------------------------------------------------------------
    def may_knock(self, deal: DealState, seat: Seat) -> bool:
        """Whether ``seat``, to play, may pass its turn in this trick instead of a card
        (Knockout's dog's life); its pass is a ``Pass`` action."""
        return False

    def sits_out(self, deal: DealState, seat: Seat) -> bool:
        """Whether ``seat``, dealt in, plays no more tricks this hand (Knockout: a dog's
        life whose one card is played); it neither leads nor follows."""
        return False

    def play_limit(self, deal: DealState, seat: Seat, legal: list[Card]) -> tuple[list[Card], str]:
        """The cards of ``legal`` (those following suit allows) that ``seat`` may play now,
        and, where the game bars some, the reason a person reads when trying one: a suit
        that may not be led yet, cards barred from the first trick. The default bars none."""
        return legal, ""

    def order(self, deal: DealState, contract: Contract) -> Order:
        return Order(contract.trump, contract.downtown)

    def first_leader(self, deal: DealState, contract: Contract) -> Seat:
        return around(deal.dealer, 1, self.players)

    def opening_card(self, deal: DealState) -> Card | None:
        """The card that must lead the first trick, its holder leading (the lowest club), or
        None where the lead goes round the table. Where it lies in no hand the table knows,
        whoever lays it leads (``Deal.unseen_opening``)."""
        return None

    def layout(self, deal: DealState, seat: Seat) -> frozenset[Card]:
        """Cards ``seat`` may play besides its hand (Scandinavian whist's face-up
        layout); the deal's follow rule counts them as held."""
        return frozenset()

    def play_ring(self, deal: DealState) -> tuple[Seat, ...]:
        """The order of play round the table once the contract is known, where it is
        not the seats' numbers (dummy whist seats the dummy opposite the declarer);
        empty for the seats in order."""
        return ()

    def actor(self, deal: DealState, seat: Seat) -> Seat:
        """The player who acts for ``seat``: the seat itself, except a hand played by
        another (dummy whist's dummy, played by the declarer). The table and the
        arena ask the actor's player (a person, an AI level, a program) for the action,
        which still names ``seat``; the observation is ``seat``'s."""
        return seat

    def after_trick(self, deal: DealState, winner: Seat) -> None:
        """Between tricks: German whist's draws from the stock (``Deal.draw``)."""

    def ends_early(self, deal: DealState) -> bool:
        """Whether the hand is over before its last trick (asked once the contract
        is set, between tricks): thrown in after an auction nobody won (Solo's
        redeal: no card is played, the hand scores nothing and the next dealer
        deals), or decided (a misère bidder has taken a trick)."""
        return False

    def side_of(self, seat: Seat) -> int:
        """The side a seat scores for: N/S 0 and E/W 1 in partnership games,
        else the seat itself."""
        return int(seat) % 2 if self.partnerships else int(seat)

    # -- scoring ------------------------------------------------------------------
    def score_hand(self, deal: DealState, game_score: tuple[int, ...], rules: GameRules, number: int,
                   honours_held: tuple[int, int] | None) -> HandScore:
        raise NotImplementedError

    def game_value(self, rules: GameRules, loser_score: int) -> int:
        """Rubber points for a won game."""
        return 1

    def games_to_win(self, rules: GameRules) -> int:
        return 1

    def match_winner(self, match: MatchState) -> int | None:
        """The side (or seat) that has won the match, else None: by default the
        first to win ``games_to_win`` games."""
        need = self.games_to_win(match.rules)
        for side, won in enumerate(match.games_won):
            if won >= need:
                return side
        return None

    def still_in(self, match: MatchState) -> tuple[Seat, ...]:
        """The seats still playing before the next hand: all of them, unless players
        leave the game (``table.knockouts``)."""
        return tuple(Seat(i) for i in range(self.players))

    def next_dealer(self, match: MatchState) -> Seat:
        """The deal passes to the left after every hand."""
        return around(match.first_dealer, len(match.deals), self.players)

    def rubber_bonus(self, rules: GameRules) -> int:
        return 0

    def counts_honours(self, rules: GameRules) -> bool:
        """Whether hands score honours (the summary shows them)."""
        return False

    def counts_rubber_points(self, rules: GameRules) -> bool:
        """Whether the score sheet shows rubber points."""
        return False


__all__ = ["Contract", "DealState", "Game", "GameRules", "MatchState", "Phase", "Player", "Step",
           "check_match_length",
           "games_to_win_of", "setting_value"]
