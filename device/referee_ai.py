"""The AI seats of a real-card match (device.referee.Referee): the request for an AI seat's
action (run at once through the session's chooser, or by the screen on its worker), and
its answer taken, checked by the engine, a bid or a declaration applied at once."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING

from device import referee_words as words
from device.referee_protocol import ActionChooser
from device.referee_view import PLAY, STEPS
from engine.actions import Action, Exchange, Play
from engine.observation import Observation
from engine.seats import Seat

if TYPE_CHECKING:
    from device.referee_protocol import Referee

log = logging.getLogger(__name__)

def engine_act(observation: Observation, level: str, seed: str | None) -> Action:
    """The engine's AI for any game and step, with a fixed amount of work (reproducible)."""
    from device.moves import choose_action_fixed

    return choose_action_fixed(observation, level, seed)


@dataclass(frozen=True)
class AIRequest:
    """An AI seat's action is needed: run ``choose(observation, level, seed)`` and hand the
    answer to ``supply_ai_action(key, action)``."""

    key: tuple[int, int, int]  # (deal number, actions so far, undos): stale answers are dropped
    seat: Seat
    observation: Observation
    level: str
    seed: str | None  # engine.match.move_seed of this position


def ask_ai(choose: ActionChooser, observation: Observation, level: str, seed: str | None,
           who: str) -> Action | None:
    """The chooser's answer at ``level``, else at the simple rules level; None if both fail.

    A boundary: the chooser is whatever the session was given, and a broken one must not stop
    a game played with real cards (the failure is logged)."""
    for at in dict.fromkeys((level, "rules")):
        try:
            return choose(observation, at, seed)
        except Exception as exc:
            log.warning("the AI (%s) failed for %s: %s", at, who, exc)
    return None


def request(ref: Referee) -> AIRequest | None:
    """The AI seat to act now, unless its answer is already in (None: a person's turn)."""
    deal = ref.deal
    if ref.phase not in (STEPS, PLAY) or deal is None or deal.turn is None:
        return None
    seat = ref.game.actor(deal, deal.turn)
    if not ref.is_ai(seat) or deal.unseen_opening() is not None:  # a person's card opens the play
        return None
    key = ref._key()
    if key in ref._ai_actions:
        return None
    return AIRequest(key, deal.turn, deal.observe(deal.turn), ref.ai_seats[seat], ref.match.move_seed())


def supply(ref: Referee, key: tuple[int, int, int], action: Action | None) -> bool:
    """The answer to ``ai_request``; a stale answer is dropped, an illegal one replaced."""
    req = request(ref)
    if req is None or req.key != key:
        return False  # the hand moved on (an undo): the answer is no longer wanted
    deal = ref.deal
    assert deal is not None
    if action is None or not deal.is_legal(action):
        legal = deal.legal_actions()
        log.warning("AI answered %r, not legal for %s; taking %r", action, req.seat, legal[:1])
        if legal:
            action = legal[0]
        else:  # an exchange of any cards: the engine lists none
            hand = sorted(deal.hand(req.seat) or ())
            action = Exchange(req.seat, tuple(hand[:deal.exchange_count()]))
    if isinstance(action, Exchange) and ref.whole_exchanges:
        action = Exchange(action.seat, ref.racks.as_laid(action.discard, deal))
    ref._ai_actions[key] = action
    whole = isinstance(action, Exchange) and ref.whole_exchanges
    if not isinstance(action, (Play, Exchange)) or whole:
        # A bid, a declaration or a whole hand laid away: no card to lay, said and applied at once.
        ref._apply(action)
        if isinstance(action, Exchange) and whole and ref.deal is not None:
            ref._say(words.whole_ai_moves(ref.deal, ref.game, ref.name(action.seat), action))
    return True


def prepare(ref: Referee) -> None:
    """The AI seat to act answers at once, unless the screen runs the AI on its worker."""
    req = request(ref)
    if req is None or ref.ai_async:
        return
    supply(ref, req.key, ask_ai(ref.choose, req.observation, req.level, req.seed, ref.name(req.seat)))


__all__ = ["AIRequest", "ActionChooser", "ask_ai", "engine_act", "prepare", "request", "supply"]
