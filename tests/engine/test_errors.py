"""One root for the table's errors, and each leaf also the builtin a caller expects."""

from __future__ import annotations

import pytest

from engine import errors, solver
from engine.ai import choose_card
from engine.deal import Deal, DealRecord
from engine.errors import ArgumentError, NotationError, RulesError, WhistError, WhistTypeError
from engine.search.view import view_of
from engine.seats import Seat


@pytest.mark.parametrize(("error", "builtin"), [
    (errors.NotationError, ValueError), (errors.ArgumentError, ValueError),
    (errors.WhistTypeError, TypeError), (errors.RulesError, ValueError),
    (errors.IllegalPlay, ValueError), (errors.NotYourTurn, ValueError), (errors.HandOver, ValueError),
])
def test_every_error_is_a_whist_error_and_its_builtin(error: type[Exception],
                                                      builtin: type[Exception]) -> None:
    assert issubclass(error, WhistError) and issubclass(error, builtin)


def test_a_bad_argument_is_an_argument_error_not_a_notation_error() -> None:
    with pytest.raises(ArgumentError, match="node_limit") as info:
        solver.solve_masks((1, 2, 4, 8), 4, 0, node_limit=-1)
    assert not isinstance(info.value, NotationError)
    deal = Deal(DealRecord.deal(Seat.S, seed=1))
    with pytest.raises(ArgumentError, match="unknown AI level"):
        choose_card(deal.observation(deal.turn), "genius", budget=None)


def test_an_observation_of_the_wrong_shape_is_a_type_error() -> None:
    obs = {"seat": "N", "dealer": "W", "trump": "S", "hand": "SA", "tricks": [], "trick": None}
    with pytest.raises(WhistTypeError, match="'hand' must be a list"):
        view_of(obs)
    assert not issubclass(WhistTypeError, RulesError)
