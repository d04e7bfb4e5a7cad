"""A match tells its listeners what happened, from its own methods (issue 29)."""

from __future__ import annotations

import pytest

from engine.actions import Action, Claim
from engine.deal import DealRecord
from engine.errors import RulesError
from engine.match import Match, MatchListener
from engine.scoring import HandScore
from engine.seats import Seat


class Heard:
    def __init__(self) -> None:
        self.events: list[tuple[str, object]] = []

    def hand_started(self, record: DealRecord) -> None:
        self.events.append(("started", record))

    def action_applied(self, action: Action) -> None:
        self.events.append(("applied", action))

    def action_undone(self) -> None:
        self.events.append(("undone", None))

    def hand_thrown_in(self, record: DealRecord) -> None:
        self.events.append(("thrown in", record))

    def hand_scored(self, score: HandScore) -> None:
        self.events.append(("scored", score.number))


def kinds(heard: Heard) -> list[str]:
    return [kind for kind, _ in heard.events]


def test_every_change_is_told_by_the_match_itself():
    match = Match(first_dealer=Seat.W, seed="listen")
    heard = Heard()
    listener: MatchListener = heard
    match.add_listener(listener)
    deal = match.new_deal()
    assert heard.events == [("started", deal.record)]
    match.misdeal()
    assert heard.events[-1] == ("thrown in", deal.record)
    deal = match.new_deal()
    first = deal.legal_moves()[0]
    match.apply(_play(deal, first))
    deal.play(deal.legal_moves()[0])  # the deal the match dealt is the match's
    match.undo()
    match.apply(Claim(Seat.N, 7))
    match.finish_deal()
    assert kinds(heard) == ["started", "thrown in", "started", "applied", "applied", "undone",
                            "applied", "scored"]
    # Nothing of the engine was replaced on the objects.
    assert not {"start_deal", "finish_deal", "misdeal", "undo", "apply"} & set(vars(match))
    assert "apply" not in vars(match.deals[-1])


def _play(deal, card):
    from engine.actions import Play

    return Play(deal.turn, card)


def test_copies_of_a_deal_are_heard_by_nobody():
    match = Match(first_dealer=Seat.N, seed="copies")
    heard = Heard()
    match.add_listener(heard)
    deal = match.new_deal()
    trial = deal.copy()
    trial.play(trial.legal_moves()[0])
    match.apply(_play(deal, deal.legal_moves()[0]))
    match.undo()
    after_undo = match.current
    assert after_undo is not None
    after_undo.copy().play(after_undo.legal_moves()[0])
    assert kinds(heard) == ["started", "applied", "undone"]
    after_undo.play(after_undo.legal_moves()[0])  # the replayed deal is still the match's
    assert kinds(heard)[-1] == "applied"


def test_a_listener_that_refuses_a_new_hand_leaves_the_match_as_it_was():
    class Refuses(Heard):
        def hand_started(self, record: DealRecord) -> None:
            raise RuntimeError("no room")

    match = Match(first_dealer=Seat.N, seed="refuse")
    match.add_listener(Refuses())
    with pytest.raises(RuntimeError):
        match.new_deal()
    assert match.deals == [] and match.current is None
    with pytest.raises(RulesError):
        match.apply(Claim(Seat.N, 7))


def test_a_removed_listener_hears_nothing_and_a_rebuilt_match_tells_nobody():
    match = Match(first_dealer=Seat.S, seed="gone")
    heard = Heard()
    match.add_listener(heard)
    match.remove_listener(heard)
    match.new_deal()
    match.apply(Claim(Seat.N, 7))
    assert heard.events == []
    again = Match.from_dict(match.to_dict())
    assert again.listeners == [] and again.to_dict() == match.to_dict()
