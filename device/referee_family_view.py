"""What the family referee's screen shows (device.referee_family): plain data, and the
words for seats, strains and actions. No pygame here."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from device.referee import Message
from engine.actions import Action, Bid, Declare, Exchange, Play
from engine.deal import describe_action
from engine.game import Phase
from engine.seats import SEAT_NAMES, Seat

STRAIN_WORDS = ("spades", "hearts", "diamonds", "clubs", "no trumps")


def player_name(seat: Seat, players: int) -> str:
    """North, East... at four; Player 1 to Player N at other table sizes."""
    return SEAT_NAMES[seat] if players == 4 else f"Player {int(seat) + 1}"


def strain_word(strain: int) -> str:
    return STRAIN_WORDS[strain]


@dataclass(frozen=True)
class Choice:
    """A button of the steps: a bid, a pass, a declaration. A disabled one says why."""

    label: str
    action: Action
    enabled: bool = True
    reason: str = ""


@dataclass(frozen=True)
class SeatView:
    seat: Seat
    name: str
    ai: str | None  # the AI's level, None for a person
    out: bool  # not dealt in (knocked out)
    bid: str | None  # the seat's call in the auction so far
    tricks: int
    score: int  # this game's points (games where each plays alone)
    scanned: int | None  # AI_HANDS: cards scanned into its rack
    size: int


@dataclass(frozen=True)
class FamilyView:
    """Everything the family referee screen draws."""

    game: str
    title: str
    players: int
    phase: str
    prompt: str
    dealer: Seat | None
    turn: Seat | None
    seats: tuple[SeatView, ...]
    trump: int | None
    trump_card: str | None
    contract: str | None
    hand_size: int
    trick: tuple[tuple[Seat, str], ...]
    trick_winner: Seat | None
    trick_number: int
    expected_place: int | None
    expected_shown: str | None  # the AI's card when it lies face up (a layout, the turned card)
    expected_seat: Seat | None
    choices: tuple[Choice, ...]
    choice_focus: int | None
    auction: tuple[str, ...]
    kitty: tuple[str, ...]  # a kitty shown to all
    upcard: str | None  # the stock's turned card (German whist), once scanned
    kitty_count: int  # cards of a kitty scanned (face down)
    discards: int  # discards scanned so far in an exchange
    discard_count: int
    messages: tuple[Message, ...]
    message: Message | None
    badges: tuple[str, ...]
    summary: tuple[str, ...]
    match_over: bool
    hand_number: int
    sides: tuple[str, ...]
    side_tricks: tuple[int, ...]
    side_scores: tuple[int, ...]
    setup_dealer: Seat
    setup_players: int
    readers: Mapping[Seat, str]  # seats with a reader of their own
    asking: Seat | None  # READERS: the seat asked to lay a card
    player_range: tuple[int, ...]
    ring: tuple[Seat, ...] = ()  # the order of play round the table where it is not the seats' (dummy whist)
    face_up: tuple[tuple[Seat, tuple[str, ...]], ...] = ()  # hands face up for all (the dummy)


def label_of(action: Action) -> str:
    """A button's words for a bid, a pass or a declaration."""
    if isinstance(action, Declare):
        strain = "SHDCN".index(action.trump) if action.trump else None
        words = strain_word(strain).capitalize() if strain is not None else ""
        if action.trump == "N" and action.order:
            return f"No trumps {action.order}"
        return words or str(action.order)
    if isinstance(action, Bid) and action.tricks is not None:
        return str(action.tricks)
    return describe_action(action).capitalize()


def said_of(action: Action, players: int, hide: bool = False) -> str:
    """An action in words for the messages (a discard never names its cards)."""
    if isinstance(action, Declare):
        strain = "SHDCN".index(action.trump) if action.trump else None
        words = f"names {strain_word(strain)}" if strain is not None else "names"
        return f"{words} ({action.order})" if action.order in ("downtown",) or action.trump == "N" else words
    if isinstance(action, Exchange):
        return f"{len(action.discard)} cards laid away"
    if isinstance(action, Play):
        return f"card {action.card.symbol}" if not hide else "card"
    if isinstance(action, Bid) and action.tricks is not None:
        return f"bids {action.tricks}"
    return describe_action(action)


def verb_of(phase: Phase) -> str:
    return {Phase.AUCTION: "bid", Phase.DECLARE: "name trumps", Phase.EXCHANGE: "lay away"}.get(phase, "play")


__all__ = ["STRAIN_WORDS", "Choice", "FamilyView", "SeatView", "label_of", "player_name", "said_of",
           "strain_word", "verb_of"]
