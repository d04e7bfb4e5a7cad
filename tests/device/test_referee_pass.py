"""Hearts at a real-card table: the pass before the play learnt from the scans (a person's
cards laid on the reader, an AI seat's told by their places in its rack), the AI seats'
hands kept right through it, and the opening card led by whoever holds it where the
table cannot see that hand."""

from __future__ import annotations

import re

import pytest

from device.events import Action as Button
from device.events import ButtonEvent
from device.referee import HAND_OVER, PLAY, RACKS, STEPS, Referee
from device.store import Store
from engine.actions import Exchange, Play
from engine.cards import Card
from engine.games.hearts import lowest_club
from engine.seats import Seat
from tests.device.referee_driver import rules_ai

N, E, S, W = Seat(0), Seat(1), Seat(2), Seat(3)
TWO = Card("C2")


class Hearts:
    """The cards in every hand at the table (the engine's own shuffle is the deck dealt), kept
    through the pass; the people's passes are chosen by ``give`` (default: their highest)."""

    def __init__(self, ref: Referee, give=None) -> None:
        self.ref = ref
        t = ref.template
        assert t is not None
        self.hands: dict[Seat, set[Card]] = {Seat(i): set(h or ()) for i, h in enumerate(t.hands())}
        self.give = give or (lambda seat, hand: sorted(hand)[-3:])

    def deal_in(self) -> None:
        for key, _ in self.ref.racks.plan.wants:
            for card in sorted(self.hands[key]):
                assert self.ref.scan(card), self.ref.messages[-1].text

    def pass_cards(self, confirm: bool = False) -> list[tuple[Seat, Seat, tuple[Card, ...]]]:
        """Every seat's pass: the people's scanned, the AI's scanned by their places (or, with
        ``confirm``, given by hand and confirmed with Passed). Returns (from, to, cards)."""
        ref = self.ref
        passes = []
        while ref.phase == STEPS:
            seat = ref.deal.step.seat
            to = ref.game.exchange_to(ref.deal, seat)
            if ref.is_ai(seat):
                want = ref.expected()
                assert isinstance(want, Exchange)
                cards = want.discard
                if confirm:
                    [choice] = ref.choices()
                    assert choice.label == "Passed"
                    assert ref.act(choice.action), ref.messages[-1].text
                else:
                    for card in cards:
                        assert ref.expected_card() == card
                        assert ref.scan(card), ref.messages[-1].text
            else:
                cards = tuple(self.give(seat, self.hands[seat]))
                for card in cards:
                    assert ref.scan(card), ref.messages[-1].text
            passes.append((seat, to, cards))
        for seat, to, cards in passes:
            self.hands[seat] -= set(cards)
            self.hands[to] |= set(cards)
        return passes

    def person_card(self, seat: Seat) -> Card:
        deal = self.ref.deal
        legal = deal.order.legal(frozenset(self.hands[seat]), deal.current.cards)
        return self.ref.game.play_limit(deal, seat, legal)[0][0]

    def play(self) -> None:
        ref = self.ref
        while ref.phase == PLAY:
            deal = ref.deal
            opening = deal.unseen_opening()
            if opening is not None:
                seat = next(s for s, h in self.hands.items() if opening in h)
                card = opening
            else:
                seat = deal.turn
                card = ref.expected_card() if ref.is_ai(seat) else self.person_card(seat)
            assert ref.scan(card), ref.messages[-1].text
            self.hands[seat].discard(card)


def hearts(players: int = 4, ai=(E, S, W), seed: str = "pass", dealer: Seat = N, **kw) -> Referee:
    ref = Referee("hearts", players, choose=rules_ai, seed=seed, **kw)
    for seat in ai:
        ref.set_ai(seat, "rules")
    ref.choose_dealer(dealer)
    return ref


def test_a_whole_hand_with_the_pass_one_person_and_three_ai_seats():
    ref = hearts()
    table = Hearts(ref)
    table.deal_in()
    assert ref.phase == STEPS
    # Hand 1 passes left: East (AI) first, to South; its cards told by their places, never named.
    deal = ref.deal
    assert deal.step.seat == E and ref.game.exchange_to(deal, E) == S
    want = ref.expected()
    assert isinstance(want, Exchange) and len(want.discard) == 3
    prompt = ref.prompt()
    assert prompt.startswith("East (AI) passes the ") and " to South: scan each" in prompt
    assert "cards from the left of East's rack" in prompt
    assert not any(c.symbol in prompt for c in table.hands[E])
    at = [int(n) for n in re.findall(r"(\d+)(?:st|nd|rd|th)", prompt)]
    assert [ref.rack(E)[i - 1] for i in at] == sorted(want.discard, key=ref.rack(E).index)
    # Not the card asked for: refused by its place, without naming it.
    wrong = next(c for c in table.hands[E] if c not in want.discard)
    assert not ref.scan(wrong)
    assert "East passes the" in ref.messages[-1].text and wrong.symbol not in ref.messages[-1].text
    passes = table.pass_cards()
    assert [(a, b) for a, b, _ in passes] == [(E, S), (S, W), (W, N), (N, E)]
    said = [m.text for m in ref.messages]
    assert "every pass is made: each player takes up the cards passed to them" in said
    assert any(t.startswith("AI East: put the 3 cards passed to it at the right end of its rack")
               for t in said)
    # The engine knows what each AI seat holds now: its own cards less those passed, plus those
    # passed to it - North's three, scanned, at the right end of East's rack in their order.
    deal = ref.deal
    for seat in (E, S, W):
        assert deal.hand(seat) == frozenset(table.hands[seat])
    north = passes[-1][2]
    assert tuple(ref.rack(E)[-3:]) == north
    assert deal.hand(N) is None  # the person's hand stays unseen
    table.play()
    assert ref.phase == HAND_OVER
    points = ref.preview.points
    assert sum(points) in (26, 78)  # 26 taken, or the moon's 26 to each of the three others
    assert any(line.startswith("points:") for line in ref.summary_lines())
    assert "pass left" in ref.summary_lines()[0]


def test_a_persons_pass_is_checked_where_the_table_knows_the_card():
    ref = hearts(ai=(E,))  # North, South, West people; North deals, East passes first
    table = Hearts(ref)
    table.deal_in()
    east = ref.expected()
    assert isinstance(east, Exchange)
    for card in east.discard:
        assert ref.scan(card)
    # South's turn: a card of East's rack, or one East has just passed, is no card of South's.
    assert ref.deal.step.seat == S
    in_rack = next(c for c in table.hands[E] if c not in east.discard)
    assert not ref.scan(in_rack)
    assert "that card is in East's rack (the AI's hand): put it back as the" in ref.messages[-1].text
    assert not ref.scan(east.discard[0])
    assert ref.messages[-1].text.startswith("that card was passed by East")
    mine = sorted(table.hands[S])[:2]
    assert ref.scan(mine[0]) and ref.scan(mine[1])
    assert not ref.scan(mine[0])
    assert ref.messages[-1].text.startswith(f"{mine[0].symbol} is passed already")
    assert ref.prompt() == "South passes 3 cards to West: lay them on the reader face down (2 of 3)"
    # Undo takes the last card of a pass back; the next scan completes it.
    assert ref.undo() and ref.discards == [mine[0]]
    assert ref.scan(mine[1])
    assert ref.scan(sorted(table.hands[S])[2])
    assert ref.deal.step.seat == W
    assert "South has passed 3 to West: West takes them up once every pass is made" in \
        [m.text for m in ref.messages]


def test_an_ai_pass_confirmed_on_screen_and_the_pass_right_of_the_second_hand():
    ref = hearts()
    table = Hearts(ref)
    table.deal_in()
    table.pass_cards(confirm=True)
    for seat in (E, S, W):
        assert ref.deal.hand(seat) == frozenset(table.hands[seat])
    table.play()
    assert ref.next_hand()
    table = Hearts(ref)
    table.deal_in()
    passes = table.pass_cards()
    assert [(a, b) for a, b, _ in passes][0] == (S, E)  # East dealt: hand 2 passes right
    table.play()
    assert ref.phase == HAND_OVER and "pass right" in ref.summary_lines()[0]


def seed_giving_the_two(people: tuple[Seat, ...]) -> tuple[str, Seat]:
    """A seed whose first deal (North dealing) gives one of ``people`` the two of clubs: the
    seed and that person."""
    for n in range(200):
        seed = f"opening{n}"
        record = hearts(ai=(), seed=seed).template
        holder = next((s for s in people if TWO in (record.hands()[s] or ())), None)
        if holder is not None:
            return seed, holder
    raise AssertionError("no seed gives a person the two of clubs")


def test_the_opening_card_in_a_persons_unseen_hand_is_led_by_whoever_holds_it():
    seed, holder = seed_giving_the_two((N, S))
    ref = hearts(ai=(E, W), seed=seed)
    table = Hearts(ref, give=lambda seat, hand: sorted(c for c in hand if c != TWO)[-3:])
    table.deal_in()
    table.pass_cards()
    assert TWO in table.hands[holder]  # kept: the table cannot see it
    deal = ref.deal
    assert deal.unseen_opening() == TWO == lowest_club(4)
    assert ref.ai_request is None  # no AI seat is asked to lead: it holds no two of clubs
    assert ref.prompt() == "trick 1: ♣2 leads - whoever holds it lays it on the table and chooses their " \
                           "name (left/right, then select)"
    assert [c.label for c in ref.choices()] == ["North", "South"]
    assert ref.view().turn is None
    other = sorted(table.hands[holder] - {TWO})[0]
    assert not ref.scan(other)
    assert ref.messages[-1].text == "♣2 leads the first trick: whoever holds it lays it first"
    assert not ref.scan(TWO)  # one reader: the table cannot tell whose it is
    assert ref.messages[-1].text.startswith("whose is ♣2?")
    # The holder chosen with the buttons: the card is played for that seat, and play goes on from it.
    focus = [c.action.seat for c in ref.choices()].index(holder)
    for _ in range(focus):
        ref.handle(ButtonEvent(Button.RIGHT))
    ref.handle(ButtonEvent(Button.SELECT))
    deal = ref.deal
    assert deal.actions[-1] == Play(holder, TWO)
    assert f"{ref.name(holder)} plays ♣2" in [m.text for m in ref.messages]
    table.hands[holder].discard(TWO)
    assert deal.unseen_opening() is None and not ref.choices()
    table.play()
    assert ref.phase == HAND_OVER


def test_the_opening_card_of_the_only_person_who_can_hold_it_is_taken_as_theirs():
    seed, holder = seed_giving_the_two((N,))
    ref = hearts(seed=seed)  # North alone among three AI seats
    table = Hearts(ref, give=lambda seat, hand: sorted(c for c in hand if c != TWO)[-3:])
    table.deal_in()
    table.pass_cards()
    assert ref.deal.unseen_opening() == TWO and not ref.choices()
    assert ref.view().turn == N and ref.prompt().startswith("trick 1: North to play")
    assert ref.scan(TWO)
    assert ref.deal.actions[-1] == Play(N, TWO)


def test_the_opening_card_on_a_persons_own_reader_is_theirs():
    seed, holder = seed_giving_the_two((N, S))
    ref = Referee("hearts", 4, choose=rules_ai, seed=seed)
    for seat in (E, W):
        ref.set_ai(seat, "rules")
    assert ref.begin_reader_setup()
    for reader in ("r-north", "r-east", "r-south", "r-west"):  # each seat in turn, from North
        assert ref.scan("SA", reader=reader)
    ref.choose_dealer(N)
    table = Hearts(ref, give=lambda seat, hand: sorted(c for c in hand if c != TWO)[-3:])
    table.deal_in()
    table.pass_cards()
    assert not ref.scan(TWO, reader="r-east")  # an AI seat's reader: whose it is, the screen asks
    assert ref.messages[-1].text.startswith("whose is ♣2?")
    assert ref.scan(TWO, reader={N: "r-north", S: "r-south"}[holder])
    assert ref.deal.actions[-1] == Play(holder, TWO)


@pytest.mark.parametrize("players", [3, 5, 6])
def test_a_whole_hand_at_other_table_sizes(players):
    ref = hearts(players, ai=tuple(Seat(i) for i in range(1, players)), seed=f"size{players}")
    table = Hearts(ref)
    table.deal_in()
    passes = table.pass_cards()
    assert len(passes) == players and all(len(c) == 3 for _, _, c in passes)
    table.play()
    assert ref.phase == HAND_OVER


def test_a_hand_resumed_after_the_pass_keeps_the_ai_hands(tmp_path):
    db = tmp_path / "table.sqlite3"
    with Store(db) as store:
        ref = hearts(store=store)
        table = Hearts(ref)
        table.deal_in()
        table.pass_cards()
        for _ in range(6):  # a trick and a half
            deal = ref.deal
            opening = deal.unseen_opening()
            seat = next(s for s, h in table.hands.items() if opening in h) if opening else deal.turn
            card = opening or (ref.expected_card() if ref.is_ai(seat) else table.person_card(seat))
            assert ref.scan(card)
            table.hands[seat].discard(card)
        before = ref.match.to_dict()
    with Store(db) as store:
        again = Referee(choose=rules_ai, store=store)
        assert again.resume() and again.match.to_dict() == before
        for seat in (E, S, W):  # the passes replayed: each AI holds what it was passed
            assert again.deal.hand(seat) == frozenset(table.hands[seat])
        while again.phase == RACKS:
            seat = again.racks.reracking()
            assert again.scan(sorted(again.racks.rerack[seat])[len(again.racks.rack_order.get(seat, []))])
        table.ref = again
        table.play()
        assert again.phase == HAND_OVER
