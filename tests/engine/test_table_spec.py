"""Every game's description (engine.table_spec) says what its engine does: the
table sizes it accepts, who plays with whom, the piles a seat is shown, the
settings its rules have, and the words of its calls."""

from __future__ import annotations

import random
import re
from dataclasses import fields

import pytest

from engine.actions import Action, Bid, Exchange
from engine.deal import Deal
from engine.errors import RulesError
from engine.game import Game
from engine.games import GAMES, get_game
from engine.match import Match
from engine.seats import MAX_SEATS, Seat
from engine.settings import rules_with, settings_of
from engine.table_spec import Place, ScoresBy, Sides


def _pick(deal: Deal, rng: random.Random) -> Action:
    legal = deal.legal_actions()
    if legal:
        return rng.choice(legal)
    seat = deal.turn
    assert seat is not None
    hand = sorted(deal.hand(seat) or ())
    return Exchange(seat, tuple(rng.sample(hand, deal.exchange_count())))


def _hands_at(game: Game, people: int) -> int:
    """Hands the engine deals for ``people`` at the table: one more where a pile sits
    as a seat of its own (a dummy)."""
    return people + sum(1 for p in game.table.piles if p.place is Place.OPPOSITE_DECLARER)


@pytest.mark.parametrize("name", list(GAMES))
def test_the_table_sizes_are_the_ones_the_engine_accepts(name: str) -> None:
    game = GAMES[name]
    accepted = []
    for n in range(2, MAX_SEATS + 1):
        try:
            game.with_players(n)
        except RulesError:
            continue
        accepted.append(n)
    assert tuple(accepted) == tuple(_hands_at(game, n) for n in game.table.seat_counts)


@pytest.mark.parametrize("name", list(GAMES))
def test_sides_and_score_columns_match_the_engine(name: str) -> None:
    game = GAMES[name]
    assert game.partnerships == (game.table.sides is Sides.PAIRS)
    assert (game.table.scores_by is ScoresBy.SIDE) == game.partnerships
    assert game.table.cards_per_trick_per_seat == game.per_seat


@pytest.mark.parametrize("name", list(GAMES))
def test_every_setting_is_a_field_of_the_rules_and_every_field_a_setting(name: str) -> None:
    game = GAMES[name]
    keys = [s.key for s in game.settings]
    assert len(keys) == len(set(keys))
    assert set(keys) == {f.name for f in fields(game.default_rules())} - {"players"}  # type: ignore[arg-type]
    for spec in game.settings:
        assert spec.label and spec.help.endswith(".")
    for offered in settings_of(game):
        assert offered.default in offered.choices
        for value in offered.choices:  # every value the menu offers is one the rules take
            rules_with(game, {**dict(offered.spec.checked_with), offered.key: value})


@pytest.mark.parametrize("name", list(GAMES))
def test_the_rules_pages_are_the_games_own(name: str) -> None:
    pages = GAMES[name].pages
    assert pages.how_to_play and pages.glossary
    others = [g.pages.how_to_play[0] for g in GAMES.values() if g.name != name]
    assert pages.how_to_play[0] not in others


def _seen(game: Game, seed: int) -> tuple[set[str], bool, set[str]]:
    """Piles shown to any seat, whether a turned card lay face up, and the calls made, over two hands."""
    match = Match(game.default_rules(), Seat.N, seed, game)
    rng = random.Random(seed)
    piles: set[str] = set()
    turned = False
    calls: set[str] = set()
    for _ in range(2):
        if match.is_over:
            break
        deal = match.new_deal()
        while not deal.is_over:
            for s in range(deal.players):
                obs = deal.observe(Seat(s))
                piles |= {re.sub(r"\d+$", "", k) for k in obs.piles}
                turned = turned or obs.trump_card is not None
            action = _pick(deal, rng)
            if isinstance(action, Bid) and action.call is not None:
                calls.add(action.call)
            deal.apply(action)
        if deal.contract is not None and deal.contract.call:
            calls.add(deal.contract.call)
        match.finish_deal()
    return piles, turned, calls


@pytest.mark.parametrize("name", list(GAMES))
def test_the_piles_a_seat_is_shown_are_declared(name: str) -> None:
    game = GAMES[name]
    declared = {p.key for p in game.table.piles}
    for people in game.table.seat_counts[:2]:
        playing = game.with_players(_hands_at(game, people))
        for seed in (1, 2, 3):
            piles, turned, _ = _seen(playing, seed)
            assert piles <= declared, f"{name} shows {piles - declared} it does not describe"
            if turned:
                assert game.table.turned_card and "turned" in declared


@pytest.mark.parametrize("name", [n for n, g in GAMES.items() if g.table.calls])
def test_the_calls_made_have_words(name: str) -> None:
    game = GAMES[name]
    words = {c.call for c in game.table.calls}
    for seed in (1, 2, 3, 4):
        _, _, calls = _seen(game, seed)
        made = {c for c in calls if not c[:1].isdigit() and not re.fullmatch(r"[SHDC][2-9TJQKA]", c)}
        assert made <= words, f"{name} makes calls {made - words} it gives no words for"


def test_seats_are_named_from_the_persons_seat() -> None:
    pairs, alone = get_game("classic").table, get_game("oh-hell").table
    you = Seat.S
    assert [pairs.seat_name(Seat(s), 4, you) for s in range(4)] == ["Partner", "Right", "You", "Left"]
    assert [alone.seat_name(Seat(s), 5, Seat.N) for s in range(5)] == [
        "You", "Player 2", "Player 3", "Player 4", "Player 5"]


@pytest.mark.parametrize("name", list(GAMES))
def test_every_game_has_a_player_that_makes_a_legal_first_move(name: str) -> None:
    from engine.ai import choose_action

    game = GAMES[name]
    match = Match(game.default_rules(), Seat.N, 5, game)
    deal = match.new_deal()
    seat = deal.turn
    assert seat is not None
    action = choose_action(deal.observe(seat), "rules", seed=1)
    deal.apply(action)  # the deal refuses an illegal one
    assert game.textbook() is None or callable(game.textbook())
