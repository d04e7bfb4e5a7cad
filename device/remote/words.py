"""The table's words for a phone's or a watcher's page (docs/vocabulary.md), made here so
the page holds no word list and names no game: it writes what it is sent.

A phone's page is worded from its own seat (You; Left, Partner, Right at a four-seat
partnership table, else Player 2..n clockwise from the phone, as the screen numbers from
its person); a watcher's from the screen's point of view (the words the table shows)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from device import vocabulary
from device.referee_words import verb_of
from engine.actions import Action, Bid, Declare, Exchange, Pass, Play
from engine.game import Game, Phase
from engine.observation import Observation
from engine.seats import Seat, seat_label


@dataclass(frozen=True)
class PageWords:
    """What a page writes, each in the table's words."""

    title: str  # the game's name as the table shows it
    facts: str  # trumps once settled, the direction, the contract, the turned card
    status: str  # whose turn, or that the hand is over
    doing: str  # what the seat to act does: "to play", "to bid" (after a name the page knows)
    hand: str  # the heading of the hand the page plays
    seats: Mapping[str, str]  # each seat's word, by its label in the observation
    sides: Mapping[str, str]  # each scoring side's word, by its key in the observation's scores
    actions: tuple[str, ...]  # each legal action's words, in the observation's order
    auction: str  # the bids so far
    piles: Mapping[str, str]  # each pile's words, by its key

    def to_json(self) -> dict[str, object]:
        return {"title": self.title, "facts": self.facts, "status": self.status, "doing": self.doing,
                "hand": self.hand,
                "seats": dict(self.seats), "sides": dict(self.sides), "actions": list(self.actions),
                "auction": self.auction, "piles": dict(self.piles)}


def action_words(game: Game, action: Action, declares: tuple[Declare, ...] = ()) -> str:
    """A button's words: ``♠Q``, ``Pass`` (``Knock`` in the play), ``4 uptown``, ``♥ Hearts``,
    ``Lay away ♣2 ♦3`` (``declares``: the choices offered, which say the direction where it differs)."""
    if isinstance(action, Play):
        return vocabulary.card_word(action.card)
    if isinstance(action, Exchange):
        return "Lay away " + " ".join(vocabulary.card_word(c) for c in sorted(action.discard))
    if isinstance(action, Declare):
        return vocabulary.declare_words(action, len({d.order for d in declares}) > 1)
    if isinstance(action, Bid | Pass):
        return vocabulary.call_words(action, game.table)
    raise TypeError(f"no words for the action {action!r}")


def _pile_words(game: Game, key: str, players: int, viewer: Seat | None) -> str:
    """'The kitty'; a seat's pile ('layout1') with that seat's word: 'The layout: Player 2'."""
    base = key.rstrip("0123456789")
    word = next((p.word for p in game.table.piles if p.key in (key, base)), key)
    word = word[:1].upper() + word[1:]
    if base != key:
        word = f"{word}: {vocabulary.seat_word(game, Seat(int(key[len(base):]) % players), viewer)}"
    return word


def page_words(game: Game, observation: Observation, viewer: Seat | None) -> PageWords:
    """The words of ``observation`` as the seat ``viewer`` (a phone's) says them; ``None``: as
    the table's screen says them (a watcher's page)."""
    players = observation.players
    seats = {seat_label(Seat(i), players): word for i, word in enumerate(vocabulary.seat_words(game, viewer))}
    sides = dict(zip(game.side_names, vocabulary.side_words(game, viewer), strict=True))

    def word(seat: Seat) -> str:
        return seats[seat_label(seat, players)]

    facts: list[str] = []
    contract = observation.contract
    if contract is not None or observation.trump_card is not None or observation.phase is Phase.PLAY:
        facts.append(vocabulary.trumps_word(observation.trump))
    if observation.order != "uptown":
        facts.append(observation.order.capitalize())
    if contract is not None and (contract.call or contract.declarer is not None):
        said = vocabulary.contract_word(game, contract.call) if contract.call else "Contract"
        facts.append(f"{said} by {word(contract.declarer)}" if contract.declarer is not None else said)
    if observation.trump_card is not None:
        facts.append(f"Turned {vocabulary.card_word(observation.trump_card)}")
    mine = viewer is not None and bool(observation.legal or observation.discard)
    doing = f"to {verb_of(observation.phase)}"
    turn = observation.turn
    if observation.phase is Phase.OVER:
        status = "The hand is over"
    elif turn is None:
        status = ""
    elif mine:
        status = "Your turn" if observation.seat == viewer else f"Your turn, for {word(observation.seat)}"
    else:
        status = f"{word(turn)} {doing}"
    hand = "Your hand" if viewer is None or observation.seat == viewer else \
        f"The hand you play: {word(observation.seat)}"
    declares = tuple(a for a in observation.legal if isinstance(a, Declare))
    in_play = observation.phase is Phase.PLAY
    actions = tuple("Knock" if in_play and isinstance(a, Pass) else action_words(game, a, declares)
                    for a in observation.legal)
    auction = ", ".join(f"{word(a.seat)} {vocabulary.call_words(a, game.table).lower()}"
                        for a in observation.auction)
    piles = {key: _pile_words(game, key, players, viewer) for key in observation.piles}
    return PageWords(game.title, " · ".join(facts), status, doing, hand, seats, sides, actions, auction,
                     piles)
