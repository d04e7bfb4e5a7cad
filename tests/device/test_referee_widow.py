"""Widow whist with real cards: the widow scanned face down at the deal, the exchange by
touch or by the 13 cards laid away, an AI's choice said at once, play and score the engine's."""

from __future__ import annotations

from device.referee import AI_HANDS, HAND_OVER, PLAY, STEPS, TRUMP, Referee
from device.store import Store
from engine.actions import Bid, Exchange, Pass
from engine.seats import Seat
from tests.device.referee_driver import Table, rules_ai
from tests.device.test_referee_family import play_with_a_revoke

P1, P2, P3 = Seat(0), Seat(1), Seat(2)


def taker_ai(observation, level, seed):
    """The rules AI, except that it always takes the widow (and swaps, with chain)."""
    action = rules_ai(observation, level, seed)
    if isinstance(action, Pass) and observation.phase == "auction":
        legal = [a for a in observation.legal if isinstance(a, Bid)]
        return legal[0] if legal else action
    return action


def new_hand(rules=None, choose=rules_ai, store=None, dealer=P3) -> tuple[Referee, Table]:
    ref = Referee("widow", None, {P2: "rules"}, rules=rules, choose=choose, seed="widow1", store=store)
    ref.choose_dealer(dealer)
    table = Table(ref)
    assert ref.phase == TRUMP and "scan the turned card" in ref.prompt()
    assert ref.scan(table.record.trump_card)
    assert ref.phase == AI_HANDS
    for card in sorted(table.hands[P2]):
        if card != table.record.trump_card:
            assert ref.scan(card), ref.messages[-1].text
    widow = table.record.pile("widow")
    assert "the widow: 0 of 13 scanned" in ref.prompt()
    assert not ref.scan(sorted(table.hands[P2])[0])  # an AI's card is no widow card
    assert "scanned already" in ref.messages[-1].text
    for card in widow:
        assert ref.scan(card), ref.messages[-1].text
    assert ref.phase == STEPS
    return ref, table


def test_widow_is_refereed():
    """Every game of the registry is refereed by the one session: its first hand's scanning begins."""
    from engine.games import GAMES

    for game in GAMES:
        ref = Referee(game, choose=rules_ai, seed=1)
        ref.choose_dealer(ref.seated()[0])
        assert ref.phase in (TRUMP, AI_HANDS, STEPS, PLAY), game
        assert "widow" in GAMES


def test_a_person_keeps_the_widow_by_scanning_the_hand_laid_away_then_a_refusal_and_a_revoke():
    ref, table = new_hand()
    widow = set(table.record.pile("widow"))
    # Player 1, eldest, is offered the widow by touch.
    assert "Player 1: take the widow, or pass" in ref.prompt()
    assert [c.label for c in ref.choices()] == ["Take", "Pass"]
    assert not ref.scan(sorted(table.hands[P1])[0])  # no card before the exchange
    assert ref.act(next(c.action for c in ref.choices() if c.label == "Take"))
    assert ref.phase == STEPS and "took the widow" in ref.prompt()
    # The widow is known: keeping one's own hand is a button; keeping the widow, the own 13 scanned.
    assert [c.label for c in ref.choices()] == ["Keep my hand"]
    own = sorted(table.hands[P1])
    assert ref.scan(own[0])
    assert not ref.scan(sorted(widow)[0])  # one hand whole
    assert "keep one hand whole" in ref.messages[-1].text
    assert not ref.scan(sorted(table.hands[P2])[0])  # the AI's rack
    for card in own[1:]:
        assert ref.scan(card), ref.messages[-1].text
    assert ref.phase == PLAY
    assert ref.deal.exchanges[0].discard == tuple(own)
    table.hands[P1] = set(widow)
    # A card of the dead hand is refused, as is a card of the AI's rack.
    assert ref.deal.turn == P1
    assert not ref.scan(own[0]) and "the dead hand" in ref.messages[-1].text
    revoker = play_with_a_revoke(table, {P1, P3})
    assert ref.phase == HAND_OVER and ref.deal.revokes and ref.deal.revokes[0].seat == revoker
    summary = ref.view().summary
    assert any("took the widow" in line for line in summary)
    assert any(line.startswith("revoke:") for line in summary)
    # par 4 for the taker, 3 for the others: the engine's score
    taken = ref.deal.taken
    assert ref.preview.points == (taken[0] - 4, taken[1] - 3, taken[2] - 3)
    ref.next_hand()
    assert ref.phase == TRUMP and ref.dealer == P1


def test_keep_my_hand_by_touch_the_widow_dead():
    ref, table = new_hand()
    ref.act(Bid(P1, call="take"))
    keep = ref.choices()[0]
    assert keep.label == "Keep my hand" and isinstance(keep.action, Exchange)
    assert list(keep.action.discard) == list(table.record.pile("widow"))  # as it lies, as scanned
    assert ref.act(keep.action)
    assert ref.phase == PLAY
    assert not ref.scan(table.record.pile("widow")[3]) and "dead hand" in ref.messages[-1].text
    assert ref.undo() and ref.phase == STEPS and not ref.discards  # back to the buttons
    assert [c.label for c in ref.choices()] == ["Keep my hand"]


def test_an_ai_takes_and_its_choice_is_said_at_once_then_a_person_swaps_with_chain():
    from engine.games.widow import WidowRules

    # Player 2 (AI) is eldest: it takes and keeps a hand at once; with chain Player 3 may swap.
    ref, table = new_hand(rules=WidowRules(chain=True), choose=taker_ai, dealer=P1)
    assert ref.deal.exchanges and ref.deal.exchanges[0].seat == P2
    kept_widow = set(ref.deal.exchanges[0].discard) != set(table.record.pile("widow"))
    words = " ".join(m.text for m in ref.messages[-3:])
    assert ("keeps the widow" in words) == kept_widow and "dead" in words
    rack = ref.rack(P2)
    assert set(rack) == (set(table.record.pile("widow")) if kept_widow else table.hands[P2])
    if kept_widow:
        assert rack == [c for c in table.record.pile("widow") if c in rack]  # in the order scanned
    # Player 3 is offered the rejected hand: swap, then lay the own 13 away, scanned.
    assert ref.deal.turn == P3 and [c.label for c in ref.choices()] == ["Swap", "Pass"]
    assert "swap your hand for the one rejected, unseen" in ref.prompt()
    assert ref.act(next(c.action for c in ref.choices() if c.label == "Swap"))
    assert "P" in ref.prompt() and "swaps" in ref.prompt()
    rejected = ref.deal.exchanges[0].discard
    assert not ref.scan(rejected[0]) and "hand offered" in ref.messages[-1].text
    for card in sorted(table.hands[P3]):
        assert ref.scan(card), ref.messages[-1].text
    table.hands[P2] = set(rack)
    table.hands[P3] = set(rejected)
    # Player 1 may swap for Player 3's old hand in turn
    assert ref.phase == STEPS and ref.deal.turn == P1
    assert ref.act(next(c.action for c in ref.choices() if c.label == "Pass"))
    assert ref.phase == PLAY
    while not ref.is_ai(ref.deal.turn):
        table.play(1)
    want = ref.expected_card()  # an AI's card is asked for by its place in its rack
    assert want in ref.rack(P2) and "card from the left of Player 2's rack" in ref.prompt()
    assert not ref.deal.current.cards or want not in ref.deal.current.cards
    table.play()
    assert ref.phase == HAND_OVER and sum(ref.deal.taken) == 13


def test_an_ai_swap_takes_the_hand_offered_into_its_rack_in_order():
    from engine.games.widow import WidowRules

    # Player 1 takes and keeps the widow (its own hand scanned away); Player 2 (AI) swaps for it.
    ref, table = new_hand(rules=WidowRules(chain=True), choose=taker_ai)
    ref.act(Bid(P1, call="take"))
    own = sorted(table.hands[P1], reverse=True)
    for card in own:
        assert ref.scan(card), ref.messages[-1].text
    assert len(ref.deal.exchanges) == 2 and ref.deal.exchanges[1].seat == P2  # its swap, at once
    assert ref.rack(P2) == own  # Player 1's old hand, in the order it was laid away
    assert "the hand offered into its rack, the first laid away at the left" in ref.messages[-1].text


def test_widow_resumes_after_a_cut_mid_play(tmp_path):
    db = tmp_path / "whist.sqlite3"
    with Store(db) as store:
        ref, table = new_hand(store=store)
        ref.act(Bid(P1, call="take"))
        ref.act(ref.choices()[0].action)  # keeps its own hand
        table.play(7)
        before = ref.match.to_dict()
    with Store(db) as store:
        again = Referee("oh-hell", choose=rules_ai, store=store)
        assert again.resume() and again.game.name == "widow" and again.match.to_dict() == before
        table.ref = again
        table.rerack()
        played = {c for t in again.deal.tricks for c in t.cards} | set(again.deal.current.cards)
        table.hands = {s: h - played for s, h in table.hands.items()}
        assert not again.scan(table.record.pile("widow")[0])  # still dead
        table.play()
        assert again.phase == HAND_OVER and sum(again.deal.taken) == 13
