"""Knockout's dog's life with real cards: a player who took no trick gets one more hand of
one card, scanned face down at the deal (an AI's or a person's), and knocks by touch."""

from __future__ import annotations

from device.events import Action as Button
from device.events import ButtonEvent
from device.referee import AI_HANDS, HAND_OVER, PLAY, Referee
from device.store import Store
from engine.actions import Pass
from engine.games.knockout import KnockoutRules, standing
from engine.seats import Seat
from tests.device.referee_driver import Table, rules_ai

P1, P2, P3 = Seat(0), Seat(1), Seat(2)


def to_the_dogs_hand(store=None) -> tuple[Referee, Table]:
    """Seed dog1: Player 3 (a person) takes no trick in the first hand."""
    rules = KnockoutRules(players=3, dogs_life=True)
    ref = Referee("knockout", 3, {P2: "rules"}, rules=rules, choose=rules_ai, seed="dog1", store=store)
    ref.choose_dealer(P1)
    Table(ref).play_hand()
    ref.next_hand()
    assert standing(ref.match).dogs == {P3}
    return ref, Table(ref)


def test_a_person_on_a_dogs_life_is_scanned_one_card_and_knocks_by_touch():
    ref, table = to_the_dogs_hand()
    assert ref.phase == AI_HANDS and ref.sizes() == [6, 6, 1]
    assert "Player 3 is on a dog's life: scan Player 3's one card face down" in ref.prompt()
    assert "one to Player 3: a dog's life" in ref.messages[-1].text
    (dog_card,) = table.hands[P3]
    table.deal_in()
    table.steps()
    assert ref.phase == PLAY and ref.deal.hand(P3) == {dog_card}
    assert ref.deal.turn != P3  # a dog never leads
    while ref.deal.turn != P3:
        table.play(1)
    # Its one card or a knock: a card it does not hold is refused.
    other = next(c for c in sorted(table.hands[P1]))
    assert not ref.scan(other) and ref.messages[-1].kind == "error"
    choices = ref.choices()
    assert [c.label for c in choices] == ["Knock"] and choices[0].action == Pass(P3)
    assert "tap Knock" in ref.prompt() or "Select to knock" in ref.prompt()
    tricks = len(ref.deal.tricks)
    assert ref.handle(ButtonEvent(Button.SELECT))  # the knock
    assert "knocks" in " ".join(m.text for m in ref.messages[-3:])
    assert len(ref.deal.tricks) == tricks + 1 or ref.deal.turn != P3
    # knocks until the last trick, where the card must go; Player 1 revokes once if it can
    revoked = False
    while ref.phase == PLAY:
        deal = ref.deal
        if deal.turn == P3 and ref.choices():
            assert ref.act(ref.choices()[0].action)
            continue
        if deal.turn == P3:
            assert not ref.choices()  # the last trick: no knock
        if deal.turn == P1 and not revoked and deal.current.cards:
            led = deal.current.led_suit
            hand = table.hands[P1]
            off = next((c for c in sorted(hand) if c.suit != led), None)
            if off is not None and any(c.suit == led for c in hand):
                table.lay(P1, off)  # shows out though it holds the suit: proven when it plays one
                revoked = True
                continue
        table.play(1)
    assert ref.phase == HAND_OVER and dog_card in ref.deal.played
    assert revoked and [r.seat for r in ref.deal.revokes] == [P1]
    assert any(line.startswith("revoke:") for line in ref.view().summary)


def test_the_dogs_hand_resumes_after_a_cut(tmp_path):
    db = tmp_path / "whist.sqlite3"
    with Store(db) as store:
        ref, table = to_the_dogs_hand(store)
        table.deal_in()
        table.steps()
        while ref.deal.turn != P3:
            table.play(1)
        assert ref.act(Pass(P3))
        before = ref.match.to_dict()
    with Store(db) as store:
        again = Referee("oh-hell", choose=rules_ai, store=store)
        assert again.resume() and again.game.name == "knockout" and again.match.to_dict() == before
        table.ref = again
        table.rerack()
        played = {c for t in again.deal.tricks for c in t.cards} | set(again.deal.current.cards)
        table.hands = {s: h - played for s, h in table.hands.items()}
        while again.phase == PLAY:
            if again.deal.turn == P3 and again.choices():
                assert again.act(again.choices()[0].action)
                continue
            table.play(1)
        assert again.phase == HAND_OVER
