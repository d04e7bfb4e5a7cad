"""A phone's seat in the driver, and the listener that tells the phones what changed.

:class:`PhonePlayer` plays a seat of the driver (device.driver.Player) from the actions its
phone sends: it waits for one; a phone gone quiet (its websocket closed, its page out of
sight or silent: ``link.TableLink.quiet_for``) is waited for ``wait`` seconds, then, when
``takeover`` is on, the seat is played by ``fallback`` (the table's AI) until the phone is
back, which then plays on where the hand stands. A seat no phone holds is played by
``fallback`` at once.

:class:`PhoneListener` follows the match (engine.match.MatchListener) and after every change
publishes each seat's observation (``Match.observe``: that seat's own cards only) and the
watchers' view (no hands until the hand is over) on the link."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field

from device.driver import Listener, MoveSeed, Player
from device.remote.link import TableLink
from device.remote.pairing import Pairing
from device.remote.words import page_words
from engine.actions import Action, Exchange
from engine.game import Game
from engine.games import get_game
from engine.match import Match
from engine.observation import Observation
from engine.seats import Seat, seat_label

# What a watcher may see of a seat's observation: everything public, no hand, no legal
# actions, no piles (a pile may be one seat's alone, such as a declarer's own cards).
PUBLIC = ("game", "seats", "phase", "turn", "dealer", "trump", "order", "trump_card", "auction",
          "contract", "tricks", "trick", "won", "bids", "scores")


def _exchange_ok(action: Action, observation: Observation) -> bool:
    """An exchange of any ``discard`` cards of the hand (the step where ``legal`` is empty)."""
    return (isinstance(action, Exchange) and action.seat == observation.seat and observation.discard > 0
            and len(action.discard) == observation.discard == len(set(action.discard))
            and set(action.discard) <= set(observation.hand))


@dataclass
class PhonePlayer:
    """The seat ``seat`` played from its phone (see the module's docstring)."""

    link: TableLink
    pairing: Pairing
    seat: Seat
    fallback: Player
    wait: float = 30.0
    takeover: bool = True
    _shown: Observation | None = field(default=None, repr=False)

    @property
    def holder(self) -> str | None:
        return self.pairing.holders().get(int(self.seat))

    @property
    def label(self) -> str:
        name = self.holder
        if name is None:
            return self.fallback.label
        return f"{name} (phone away: AI plays)" if self.played_by_fallback else f"{name} (phone)"

    @property
    def played_by_fallback(self) -> bool:
        """The seat's phone is quiet past the wait and the AI plays for it."""
        return self.holder is None or (self.takeover and self.link.quiet_for(int(self.seat)) >= self.wait)

    def act(self, observation: Observation, seed: MoveSeed | None) -> Action | None:
        seat = int(self.seat)
        if observation != self._shown:  # a hand's first turn comes before any action is published
            self._shown = observation
            self.link.show(seat, seat_text(get_game(observation.game, observation.players), observation,
                                           self.seat))
        action = self.link.take(seat) if self.holder is not None else None
        if action is not None:
            if action in observation.legal or _exchange_ok(action, observation):
                return action
            self.link.refuse(seat, "that is not yours to do now: choose one of the buttons lit")
        if self.played_by_fallback:
            return self.fallback.act(observation, seed)
        return None


def _json(data: object) -> str:
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)


def seat_text(game: Game, observation: Observation, viewer: Seat) -> str:
    """What a seat's phone is sent of ``observation``: it, and its words from ``viewer``."""
    return _json({"observation": observation.to_json(),
                  "words": page_words(game, observation, viewer).to_json()})


class PhoneListener(Listener):
    """Publishes the observations and the view on ``link`` after every change of the match
    ``match()`` returns (the table's match in play, which a new rubber replaces)."""

    def __init__(self, link: TableLink, match: Callable[[], Match]) -> None:
        self.link = link
        self.match = match

    def publish(self) -> None:
        match = self.match()
        # once scored, the hand stays on the page with the score it made, until the next is dealt
        deal = match.current or (match.deals[-1] if match.deals else None)
        if deal is None:
            return
        scores = match.scores()
        game = deal.game
        players = game.players
        observations: dict[int, str] = {}
        for i in range(players):
            seat = Seat(i)
            turn = deal.turn
            # a seat acting for another hand (a declarer for its dummy) sees that hand's observation
            shown = turn if (turn is not None and turn != seat and not deal.is_over
                             and deal.game.actor(deal, turn) == seat) else seat
            observations[i] = seat_text(game, deal.observe(shown, scores), seat)
        first = deal.observe(Seat(0), scores)
        public = first.to_json()
        view: dict[str, object] = {k: public[k] for k in PUBLIC if k in public}
        if deal.is_over:
            view["hands"] = {seat_label(Seat(i), players): [str(c) for c in sorted(hand)]
                             for i, hand in enumerate(deal.record.hands()[:players]) if hand is not None}
        words = page_words(game, first, None).to_json()
        self.link.publish(players, observations, _json({"view": view, "words": words}))

    def hand_started(self, record: object) -> None:
        self.publish()

    def action_applied(self, action: Action) -> None:
        self.publish()

    def action_undone(self) -> None:
        self.publish()

    def hand_thrown_in(self, record: object) -> None:
        self.publish()

    def hand_scored(self, score: object) -> None:
        self.publish()
