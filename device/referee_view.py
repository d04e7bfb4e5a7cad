"""What the referee's screen draws (device.referee.Referee.view): plain data, no pygame."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from engine.actions import Action
from engine.cards import Card
from engine.seats import Seat

# Phases, in the order a hand goes through them.
READERS = "readers"  # a reader per seat: each seat lays a card on its own (before SETUP)
SETUP = "setup"  # the players, the AI seats and the dealer (first hand of a match)
TRUMP = "trump"  # the turned card scanned (or trumps chosen on screen)
AI_HANDS = "ai_hands"  # the racks and piles scanned face down
STEPS = "steps"  # the auction, a declaration, an exchange
PLAY = "play"
STOCK = "stock"  # a card a pile has just turned face up (a stock's, a layout's), scanned
RACKS = "racks"  # after a restart: each AI rack laid on the reader from the left, for its order
HAND_OVER = "hand_over"  # the summary; Select deals the next hand


@dataclass(frozen=True)
class Message:
    text: str
    kind: str = "info"  # "info", "ok", "error" (a refused scan), "revoke"
    # The state the message was said in: an error is shown only while nothing has moved on since.
    moment: tuple[object, ...] = field(default=(), compare=False)


@dataclass(frozen=True)
class Choice:
    """A button of the steps: a bid, a pass, a declaration, a knock. A disabled one says why."""

    label: str
    action: Action
    enabled: bool = True
    reason: str = ""


@dataclass(frozen=True)
class Taken:
    """A card the table took as the card of the player to move (no reader of that player's
    own): shown big for a moment so the table sees whose it was said to be, and undoes it."""

    seat: Seat
    card: str
    number: int  # the action's count in the deal: a new card is a new ``Taken``


@dataclass(frozen=True)
class Suspect:
    """A revoke seen as it happens (a reader per seat): ``seat`` showed out with ``card``, its
    ``number``-th action of the deal, though ``held``, laid on its reader out of turn in trick
    ``seen_in``, would have followed (the engine's rule) and is not played yet."""

    seat: Seat
    suit: int
    trick: int
    held: Card
    seen_in: int
    number: int
    card: Card


@dataclass(frozen=True)
class SeatView:
    seat: Seat
    name: str  # as the screen calls the seat: "North", "Player 3", "West (Alice)"
    ai: str | None  # the AI's level, None for a person
    out: bool  # not dealt in (knocked out)
    bid: str | None  # the seat's call in the auction so far
    tricks: int
    score: int  # this game's points (games where each plays alone)
    scanned: int | None  # cards scanned into its rack so far (the deal's scanning)
    size: int


@dataclass(frozen=True)
class RefereeView:
    """Everything the referee screen draws."""

    title: str
    players: int
    phase: str
    prompt: str
    dealer: Seat | None
    turn: Seat | None
    seats: tuple[SeatView, ...]
    names: Mapping[Seat, str]  # the players' names by seat (a drive's), else empty
    trump: int | None  # 0..3 S H D C, 4 no trumps, None not yet known
    trump_card: str | None
    trumps_on_screen: bool  # the TRUMP step: trumps may be chosen by a button instead
    trump_choice: int  # the trump button in focus (the physical buttons)
    contract: str | None
    hand_size: int
    trick: tuple[tuple[Seat, str], ...]  # the trick on the table (or the one just won)
    trick_winner: Seat | None
    trick_number: int
    expected_card: str | None  # the card an AI seat plays now (for the session, not the screen)
    expected_place: int | None  # its place in the rack, 1 = leftmost; None: a card face up
    expected_seat: Seat | None
    expected_shown: str | None  # the AI's card when it lies face up (a layout, the turned card)
    choices: tuple[Choice, ...]
    choice_focus: int | None
    auction: tuple[str, ...]
    kitty: tuple[str, ...]  # a kitty shown to all
    upcard: str | None  # a stock's turned card, once scanned
    kitty_count: int  # cards of a kitty scanned (face down)
    discards: int  # discards scanned so far in an exchange
    discard_count: int
    whole_hands: bool  # the exchange lays a hand away whole
    scanned: Mapping[Seat, int]  # the deal's scanning: cards scanned into each seat's rack
    messages: tuple[Message, ...]
    message: Message | None
    badges: tuple[str, ...]  # "reader disconnected", "revoke: East (trick 3)"
    revokes: tuple[str, ...]
    taken: Taken | None
    summary: tuple[str, ...]  # the hand-over lines (empty until the hand is over)
    match_over: bool
    match_word: str  # "rubber", "match"
    hand_number: int
    sides: tuple[str, ...]
    side_tricks: tuple[int, ...]
    side_scores: tuple[int, ...]
    games_won: tuple[int, ...]
    target: int
    setup_dealer: Seat
    readers: Mapping[Seat, str]  # seats with a reader of their own
    asking: Seat | None  # READERS: the seat asked to lay a card
    player_range: tuple[int, ...]
    ring: tuple[Seat, ...] = ()  # the order of play round the table where it is not the seats'
    face_up: tuple[tuple[Seat, tuple[str, ...]], ...] = ()  # hands face up for all (a dummy)
    passes_to: Seat | None = None  # STEPS: the seat the exchange in progress passes its cards to


__all__ = ["AI_HANDS", "HAND_OVER", "PLAY", "RACKS", "READERS", "SETUP", "STEPS", "STOCK", "TRUMP",
           "Choice", "Message", "RefereeView", "SeatView", "Suspect", "Taken"]
