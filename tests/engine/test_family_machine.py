"""The family machine's pieces that no shipped game of the first two uses on
its own: hands and piles of any seat count, a hand-size schedule, steps
before the play (auction, declare, exchange with a kitty), seats that sit a
hand out and scores by seat. A toy three-seat game, defined here, uses them
all, so the machine is checked apart from any real game's rules."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.actions import Action, Bid, Declare, Exchange, Pass, Play, action_from_dict
from engine.cards import Card, parse_cards
from engine.deal import Deal, DealRecord, deal_out
from engine.errors import NotationError, NotYourTurn, RulesError
from engine.game import Contract, Game, GameRules, Phase, Step
from engine.match import Match
from engine.scoring import HandScore
from engine.seats import Seat, around
from engine.shuffle import shuffled_pack
from engine.table_spec import ScoresBy, Sides, TableSpec


@dataclass(frozen=True)
class ToyRules:
    target: int = 10

    def to_dict(self) -> dict[str, object]:
        return asdict(self)

    def summary(self) -> str:
        return f"first to {self.target}"


class Toy(Game):
    """Three seats, each alone. Hand k deals 5 - k cards each (5, 4, 3, ...)
    and a kitty of 2; the stock's top card is turned (it shows all hand).
    Each seat bids once, "take" or pass; the first taker declares trumps,
    takes the kitty and lays two cards away. In hand 2 and later a seat with
    no points sits out. A trick is a point."""

    name = "toy"
    title = "Toy whist"
    players = 3
    table = TableSpec(seat_counts=(3,), sides=Sides.ALONE, scores_by=ScoresBy.SEAT)
    has_auction = True

    def default_rules(self) -> ToyRules:
        return ToyRules()

    def rules_from_dict(self, data: Mapping[str, object]) -> GameRules:
        return ToyRules(**{k: int(str(v)) for k, v in data.items()})

    def owns(self, rules: object) -> bool:
        return isinstance(rules, ToyRules)

    def hand_size(self, rules: GameRules, hand_number: int) -> int:
        return 5 - hand_number

    def next_record(self, rules: GameRules, dealer: Seat, hand_number: int,
                    seed: int | str | None) -> DealRecord:
        pack = shuffled_pack(seed)
        hands, piles = deal_out(pack, dealer, 3, self.hand_size(rules, hand_number),
                                (("kitty", 2), ("stock", -1)))
        turned = piles["stock"][0]
        return DealRecord.of_hands(dealer, hands, turned.suit, piles, turned)

    def step(self, deal: Deal) -> Step | None:
        taker = self._taker(deal)
        if taker is None:
            if len(deal.auction) < 3:
                return Step(Phase.AUCTION, self.auction_turn(deal))
            return None
        if not deal.declarations:
            return Step(Phase.DECLARE, taker)
        if not deal.exchanges:
            return Step(Phase.EXCHANGE, taker)
        return None

    def _taker(self, deal: Deal) -> Seat | None:
        return next((a.seat for a in deal.auction if isinstance(a, Bid)), None)

    def auction_legal(self, deal: Deal, seat: Seat) -> Sequence[Bid | Pass]:
        return [Bid(seat, call="take"), Pass(seat)]

    def declare_legal(self, deal: Deal, seat: Seat) -> Sequence[Declare]:
        return [Declare(seat, trump=t) for t in "SHDCN"]

    def exchange_count(self, deal: Deal) -> int:
        return 2

    def exchange_pile(self, deal: Deal) -> str | None:
        return "kitty"

    def check_exchange(self, deal: Deal, action: Exchange) -> None:
        if deal.record.trump_card in action.discard:
            raise RulesError("the turned card may not be laid away")

    def visible_piles(self, deal: Deal, seat: Seat) -> dict[str, tuple[Card, ...]]:
        shown = "discard" in deal.piles and seat == self._taker(deal)
        return {"discard": deal.piles["discard"]} if shown else {}

    def contract(self, deal: Deal) -> Contract | None:
        taker = self._taker(deal)
        if taker is None:
            return Contract(None, "none", deal.record.trump) if len(deal.auction) == 3 else None
        if not deal.exchanges:
            return None
        trump = deal.declarations[0].trump
        return Contract(taker, "take", "SHDCN".index(trump or "N"))

    def score_hand(self, deal: Deal, game_score: tuple[int, ...], rules: GameRules, number: int,
                   honours_held: tuple[int, int] | None) -> HandScore:
        taken = tuple(deal.taken)
        after = tuple(a + b for a, b in zip(game_score, taken, strict=True))
        won = next((s for s, v in enumerate(after) if v >= rules.target), None)
        zero = (0,) * 3
        return HandScore(number, deal.dealer, deal.trump, taken, (), zero, taken, taken, zero, zero, (),
                         taken, game_score, after, won)

    def games_to_win(self, rules: GameRules) -> int:
        return 1


TOY = Toy()


def toy_deal(seed: int = 1, hand_number: int = 0) -> Deal:
    return Deal(TOY.next_record(ToyRules(), Seat.N, hand_number, seed), ToyRules(), TOY)


def test_deal_out_gives_each_seat_its_cards_from_the_dealers_left_then_the_piles():
    pack = shuffled_pack(3)
    hands, piles = deal_out(pack, Seat.E, 3, 4, (("kitty", 2), ("stock", -1)))
    assert [len(h) for h in hands] == [4, 4, 4]
    assert pack[0] in hands[Seat.S] and pack[1] in hands[Seat.N] and pack[2] in hands[Seat.E]
    assert piles["kitty"] == tuple(pack[12:14]) and len(piles["stock"]) == 52 - 14
    with pytest.raises(RulesError, match="need 56 cards"):
        deal_out(pack, Seat.N, 4, 13, (("kitty", 4),))


def test_a_seat_left_out_of_the_deal_gets_no_cards_and_sits_the_hand_out():
    hands, _ = deal_out(shuffled_pack(2), Seat.N, 3, 5, out=[Seat.E])
    assert [len(h) for h in hands] == [5, 0, 5]
    deal = Deal(DealRecord.of_hands(Seat.N, hands, 0), ToyRules(), TOY)
    assert deal.out == frozenset({Seat.E}) and deal.tricks_per_hand == 5
    rng = random.Random(2)
    deal.apply(Pass(Seat.E))  # the auction still goes round every seat
    deal.apply(Pass(Seat.S))
    deal.apply(Pass(Seat.N))
    while not deal.is_over:
        assert deal.turn != Seat.E
        deal.apply(pick(deal, rng))
    assert all(len(t.cards) == 2 and Seat.E not in [s for s, _ in t.plays()] for t in deal.tricks)
    assert deal.taken[Seat.E] == 0 and sum(deal.taken) == 5


def test_the_steps_run_auction_declare_exchange_then_the_play():
    deal = toy_deal()
    assert (deal.phase, deal.turn) == (Phase.AUCTION, Seat.E)
    assert deal.tricks_per_hand == 5 and deal.trump_card_showing
    with pytest.raises(RulesError, match="the auction is not over: Player 2 to bid or pass"):
        deal.apply(Play(Seat.E, min(deal.hand(Seat.E) or ())))
    with pytest.raises(NotYourTurn, match="Player 2 to speak"):
        deal.apply(Pass(Seat.S))
    deal.apply(Pass(Seat.E))
    kitty = set(deal.record.pile("kitty"))
    deal.apply(Bid(Seat.S, call="take"))
    assert (deal.phase, deal.turn) == (Phase.DECLARE, Seat.S)
    assert deal.legal_actions() == [Declare(Seat.S, trump=t) for t in "SHDCN"]
    with pytest.raises(RulesError, match="no exchange step now: Player 3 to declare"):
        deal.apply(Exchange(Seat.S, ()))
    deal.apply(Declare(Seat.S, trump="H"))
    assert (deal.phase, deal.turn) == (Phase.EXCHANGE, Seat.S)
    hand = deal.hand(Seat.S)
    assert hand is not None and kitty <= hand and len(hand) == 7
    assert deal.observe(Seat.S).discard == 2 and deal.observe(Seat.N).discard == 0
    assert deal.observe(Seat.S).to_json()["discard"] == 2
    with pytest.raises(RulesError, match="exactly 2 cards, not 1"):
        deal.apply(Exchange(Seat.S, (min(hand),)))
    other = min(deal.hand(Seat.N) or ())
    with pytest.raises(RulesError, match=f"does not hold {other}"):
        deal.apply(Exchange(Seat.S, (min(hand), other)))
    away = tuple(sorted(hand)[:2])
    deal.apply(Exchange(Seat.S, away))
    assert deal.phase == Phase.PLAY and deal.contract == Contract(Seat.S, "take", 1)
    assert deal.trump == 1 and len(deal.hand(Seat.S) or ()) == 5
    assert deal.observe(Seat.S).piles == {"discard": away} and deal.observe(Seat.N).piles == {}
    assert deal.turn == Seat.E


def test_a_stored_deal_of_any_game_reads_back_with_its_hands_piles_and_steps():
    deal = toy_deal(5)
    rng = random.Random(5)
    while not deal.is_over:
        deal.apply(pick(deal, rng))
    record = DealRecord.from_dict(deal.record.to_dict())
    assert record == deal.record
    again = Deal.from_dict(deal.to_dict(), ToyRules(), TOY)
    assert again.actions == deal.actions and again.taken == deal.taken
    data = deal.record.to_dict()
    assert set(data["piles"]) == {"kitty", "stock"} and len(data["hands"]) == 3


def test_a_record_refuses_a_card_dealt_twice_and_a_game_of_another_size():
    hands = [parse_cards(["SA", "SK"]), parse_cards(["SQ", "SJ"]), parse_cards(["ST", "SA"])]
    with pytest.raises(NotationError, match="SA is dealt twice"):
        DealRecord.of_hands(Seat.N, hands)
    four = DealRecord.of_hands(Seat.N, [parse_cards([c]) for c in ("SA", "SK", "SQ", "SJ")])
    with pytest.raises(RulesError, match="played by 3: this deal has 4 hands"):
        Deal(four, ToyRules(), TOY)


def pick(deal: Deal, rng: random.Random) -> Action:
    legal = deal.legal_actions()
    if legal:
        return rng.choice(legal)
    seat = deal.turn
    assert seat is not None
    hand = sorted(deal.hand(seat) or ())
    choices = [c for c in hand if c != deal.record.trump_card]
    return Exchange(seat, tuple(rng.sample(choices, deal.exchange_count())))


def play_match(seed: int) -> Match:
    match = Match(ToyRules(), Seat.N, seed, TOY)
    rng = random.Random(seed)
    while not match.is_over and match.hand_number < 5:
        deal = match.new_deal()
        while not deal.is_over:
            action = pick(deal, rng)
            assert action_from_dict(action.to_dict(3), 3) == action
            deal.apply(action)
        match.finish_deal()
    return match


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000))
def test_random_matches_follow_the_schedule_keep_every_card_and_replay_the_same(seed):
    match = play_match(seed)
    for k, deal in enumerate(match.deals):
        size = 5 - k
        assert deal.tricks_per_hand == size == len(deal.tricks)
        assert deal.dealer == around(Seat.N, k, 3)
        played = [c for t in deal.tricks for c in t.cards]
        away = list(deal.piles.get("discard", ()))
        dealt = {c for h in deal.record.hands() if h for c in h}
        if deal.exchanges:  # the kitty joined the taker's hand, two cards went away
            dealt |= set(deal.record.pile("kitty"))
        assert sorted(played + away) == sorted(dealt)
        assert len(played) == 3 * size and sum(deal.taken) == size
        assert Deal.replay(deal.record, deal.actions, ToyRules(), TOY).taken == deal.taken
    totals = tuple(sum(h.points[s] for h in match.hands) for s in range(3))
    assert match.game_score == (totals if not match.is_over else (0, 0, 0))
    assert match.scores().names == ("0", "1", "2")
    if match.is_over:
        assert match.winner is not None and totals[match.winner] >= 10
