"""Referee mode keeps its rubbers in the store like the table: a power cut in the
middle of a real-card hand comes back at the same card, AI seats and all."""

from __future__ import annotations

from device.journal import is_referee_rubber, rebuild
from device.referee import AI_HANDS, HAND_OVER, PLAY, RACKS, TRUMP, Referee
from device.store import Store, recall
from engine.deal import DealRecord
from engine.match import move_seed
from engine.seats import Seat

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W


def rules_ai(observation: dict, level: str, seed) -> str:
    from device.moves import choose_action_fixed

    return choose_action_fixed(observation, "rules", seed)


def deal_in(session: Referee, record: DealRecord) -> dict:
    """Scan the turned card and the AI seats' hands; the four hands as sets."""
    hands = {s: set(h) for s, h in zip(Seat, record.hands(), strict=True)}
    assert session.scan(str(record.trump_card))
    for seat in session.ai_seats:
        for card in sorted(hands[seat]):
            if card != record.trump_card:
                assert session.scan(str(card)), session.messages[-1].text
    assert session.phase == PLAY
    return hands


def play_cards(session: Referee, hands: dict, n: int) -> None:
    """``n`` cards: a person's lowest legal card, the AI seat's named card."""
    for _ in range(n):
        if session.phase != PLAY:
            return
        seat = session.deal.turn
        card = session.expected_card() if session.is_ai(seat) else None
        if card is None:
            follow = [c for c in hands[seat] if c.suit == session.deal.current.led_suit]
            card = min(follow or hands[seat])
        assert session.scan(str(card)), session.messages[-1].text
        hands[seat].discard(card)


def test_a_cut_mid_hand_resumes_at_the_same_card(tmp_path):
    db = tmp_path / "whist.sqlite3"
    record = DealRecord.deal(N, seed=21)
    with Store(db) as store:
        session = Referee(ai_seats={W: "rules"}, choose=rules_ai, store=store, seed="ref")
        session.choose_dealer(N)
        assert store.unfinished_match() is None  # nothing written before the first deal
        hands = deal_in(session, record)
        play_cards(session, hands, 9)
        session.undo()  # a scanning mistake taken back: journalled too
        play_cards(session, hands, 3)
        before = session.match.to_dict()
        expected = session.expected_card()
        # The power goes: nothing but the store survives.
    with Store(db) as store:
        again = Referee(choose=rules_ai, store=store)
        assert again.resume()
        assert again.match.to_dict() == before
        assert again.ai_seats == {W: "rules"} and again.phase == RACKS
        assert any("resumed the rubber" in m.text for m in again.messages)
        # The store kept West's cards, not where they lie: its rack is laid on the reader from the left.
        assert not again.scan(str(min(hands[N])))  # not a card of that rack
        for card in sorted(hands[W]):
            assert again.scan(str(card)), again.messages[-1].text
        assert again.phase == PLAY and again.rack(W) == sorted(hands[W])
        assert again.expected_card() == expected
        play_cards(again, hands, 60)
        assert again.phase == HAND_OVER
        again.next_hand()
        assert again.phase == TRUMP and again.dealer == E
        row = next(r for r in store.unfinished_matches() if is_referee_rubber(r))
        assert rebuild(store, row).to_dict() == again.match.to_dict()
        # History reads the undo too: the tricks as played, the mistake taken back.
        stored = store.deals_of_match(row.id)[0]
        assert {"undo": True} in stored.actions
        played = [c for t in recall.tricks_of(stored) for _, c in t.plays]
        assert played == [str(a.card) for a in again.match.deals[0].actions]
        assert row.players == {"N": "human", "E": "human", "S": "human", "W": "rules"}


def test_going_back_to_scanning_is_kept_as_a_throw_in(tmp_path):
    record = DealRecord.deal(N, seed=3)
    with Store(tmp_path / "w.sqlite3") as store:
        session = Referee(ai_seats={E: "rules"}, choose=rules_ai, store=store)
        session.choose_dealer(N)
        deal_in(session, record)
        session.undo()  # no card played: back to scanning East's hand
        assert session.phase == AI_HANDS
        row = store.unfinished_match()
        assert rebuild(store, row).to_dict() == session.match.to_dict()
        fresh = Referee(choose=rules_ai, store=store)
        assert fresh.resume() and fresh.phase == TRUMP  # the scanning is done again


def test_ai_moves_are_seeded_by_match_deal_and_action():
    seen = []

    def recording(observation, level, seed):
        seen.append(seed)
        return rules_ai(observation, level, seed)

    record = DealRecord.deal(S, seed=3)  # South deals: West (AI) leads
    session = Referee(ai_seats={W: "rules"}, choose=recording, seed=77)
    session.choose_dealer(S)
    deal_in(session, record)
    assert seen == [move_seed(77, 0, 0)]
    assert session.match.seed == 77


def test_without_a_store_nothing_is_written_and_play_goes_on():
    session = Referee(choose=rules_ai)
    session.choose_dealer(N)
    assert session.scan("H7") and session.journal is None and not session.resume()
