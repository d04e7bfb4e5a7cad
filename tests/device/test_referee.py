"""Referee mode's controller: each refusal, undo, the AI seat, the hand's end.

The session is driven here by calling ``handle``/``scan`` directly; the whole
hand over a real serial pty is in test_referee_reader.py.
"""

from __future__ import annotations

import pytest

from device.events import Action, ButtonEvent, CardScanned, ReaderStatus
from device.referee import AI_HANDS, HAND_OVER, PLAY, SETUP, TRUMP, UNKNOWN_CARD, Referee
from engine.actions import Play
from engine.cards import Card
from engine.deal import DealRecord
from engine.games.classic.rules import Rules
from engine.seats import Seat

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W


def rules_ai(observation: dict, level: str, seed: int) -> str:
    from device.moves import choose_action_fixed

    return choose_action_fixed(observation, "rules", seed)


def press(session: Referee, action: Action) -> bool:
    return session.handle(ButtonEvent(action, source="key"))


def last(session: Referee) -> str:
    return session.messages[-1].text


def started(dealer: Seat = N, trump_card: str = "H7", ai: dict | None = None, **kw) -> Referee:
    session = Referee(ai_seats=ai, choose=rules_ai, **kw)
    session.choose_dealer(dealer)
    assert session.scan(trump_card)
    return session


def play(session: Referee, *cards: str) -> None:
    for card in cards:
        assert session.scan(card), last(session)


# Three tricks with every hand unknown (no AI): North deals, East leads.
TRICKS_1_TO_3 = ("C2", "C3", "C4", "C5",  # E S W N: North wins with C5
                 "D2", "D3", "D4", "D5",  # N E S W: West wins
                 "S2", "SK", "S3", "S4")  # W N E S: North wins with SK


# -- setup and trumps -----------------------------------------------------------------


def test_choose_the_dealer_with_the_buttons_then_scan_the_turned_card():
    session = Referee()
    assert session.phase == SETUP
    assert not session.scan("SA")
    assert "choose the dealer first" in last(session)
    press(session, Action.RIGHT)
    press(session, Action.RIGHT)
    assert session.view().setup_dealer == S
    press(session, Action.SELECT)
    assert session.phase == TRUMP and session.dealer == S
    assert session.view().prompt == ("South deals 13 each: scan the turned card (the dealer's last card, "
                                     "or choose trumps on screen)")
    assert session.handle(CardScanned("DQ", "0A1B2C3D4E"))
    view = session.view()
    assert session.phase == PLAY and view.trump == 2 and view.trump_card == "DQ"
    assert view.turn == W  # the dealer's left leads
    assert view.prompt == "trick 1: West to play - lay West's card on the reader"


def test_trumps_chosen_on_screen_instead_of_scanned():
    session = Referee()
    session.choose_dealer(E)
    assert session.choose_trump("C")
    assert session.deal.trump == 3 and session.deal.record.trump_card is None
    assert session.phase == PLAY and session.deal.turn == S


def test_trumps_chosen_with_the_buttons():
    session = Referee()
    session.choose_dealer(N)
    press(session, Action.RIGHT)  # spades -> hearts
    press(session, Action.SELECT)
    assert session.deal.trump == 1


def test_cycling_trumps_turn_no_card():
    session = Referee(rules=Rules(cycling_trumps=True))
    session.choose_dealer(N)
    assert session.phase == PLAY
    assert session.deal.trump == Rules(cycling_trumps=True).trump_for_hand(0)
    assert session.deal.record.trump_card is None


# -- refusals during play ---------------------------------------------------------------


def test_a_card_already_played_is_refused_with_its_trick():
    session = started()
    play(session, *TRICKS_1_TO_3)
    before = len(session.deal.actions)
    assert not session.scan("SK")
    assert last(session) == "♠K was played in trick 3 - lay North's card on the reader"
    assert session.messages[-1].kind == "error"
    assert len(session.deal.actions) == before  # nothing changed
    play(session, "HA")  # North leads the fourth trick
    assert not session.handle(CardScanned("HA", "X")) or last(session).startswith("♥A was played")
    assert last(session) == "♥A was played in this trick - lay East's card on the reader"


def test_an_unknown_tag_asks_for_enrolment():
    session = started()
    assert session.handle(CardScanned(None, "1122334455"))
    assert last(session) == UNKNOWN_CARD == "unknown card: enrol it in Settings"
    assert session.deal.actions == []


def test_the_turned_card_belongs_to_the_dealer():
    session = started(dealer=N, trump_card="H7")
    assert not session.scan("H7")  # East leads: not the dealer's card to play
    # Issue 37: one style of card names, and what to lay instead of "scan again".
    assert last(session) == ("♥7 is the turned trump card, North's (the dealer) - "
                             "lay East's card on the reader")
    play(session, "H2", "H3", "H4", "H7")  # North, the dealer, plays it
    assert session.deal.tricks[0].cards[-1] == Card("H7")


def test_a_card_in_an_ai_hand_is_refused_for_a_person():
    record = DealRecord.deal(N, seed=11)
    west = sorted(record.hands()[W])
    session = started(trump_card=str(record.trump_card), ai={W: "rules"})
    for card in west:
        session.scan(str(card))
    assert session.phase == PLAY and session.deal.turn == E
    assert not session.scan(str(west[0]))
    assert last(session) == ("that card is in West's rack (the AI's hand): put it back as the 1st "
                             "card from the left of West's rack - lay East's card on the reader")
    assert not any(c.symbol in m.text or str(c) in m.text for c in west for m in session.messages)


def test_a_revoke_is_flagged_at_once_and_penalised_at_the_end():
    session = started()
    play(session, "C2", "C3", "D9", "C5")  # West shows out of clubs in trick 1
    assert not session.deal.revokes
    play(session, "C6", "C7", "C8", "C9")  # North leads clubs; West plays one: proven
    revoke_msgs = [m for m in session.messages if m.kind == "revoke"]
    # One reader: the cards were taken as West's because it was West's turn, so the
    # revoke may be a card laid out of turn (issue 37): the flag says so.
    assert [m.text for m in revoke_msgs] == [
        "revoke! West revoked in trick 1: showed out of clubs, then played clubs in trick 2"
        " - unless a card taken as West's was laid by another player: then undo back to it"
    ]
    assert "revoke: West (trick 1)" in session.view().badges
    assert session.view().revokes == (
        "West revoked in trick 1: showed out of clubs, then played clubs in trick 2",)


# -- the AI seat ------------------------------------------------------------------------


def test_ai_hand_scanning_progress_and_refusals():
    record = DealRecord.deal(N, seed=5)
    hands = record.hands()
    turned = record.trump_card
    session = started(trump_card=str(turned), ai={E: "rules", W: "rules"})
    assert session.phase == AI_HANDS
    east = [c for c in sorted(hands[E])]
    for card in east[:7]:
        assert session.scan(str(card))
    assert session.view().prompt.startswith("AI East: 7 of 13 scanned")
    assert session.view().scanned == {E: 7, W: 0}
    assert not session.scan(str(east[3]))
    assert last(session) == ("that card was scanned already: it is the 4th card from the left of "
                             "East's rack - scan East's next card")
    assert not session.scan(str(turned))
    assert last(session) == (f"{turned.symbol} is the turned trump card, North's (the dealer)"
                             " - scan East's next card")
    for card in east[7:]:
        assert session.scan(str(card))
    assert session.view().prompt.startswith("AI West: 0 of 13 scanned")
    assert not session.scan(str(east[0]))
    assert last(session) == ("that card was scanned already: it is the 1st card from the left of "
                             "East's rack - scan West's next card")
    for card in sorted(hands[W]):
        assert session.scan(str(card))
    assert session.phase == PLAY
    assert session.deal.hand(E) == hands[E] and session.deal.hand(W) == hands[W]


def test_an_ai_dealer_holds_the_turned_card_already():
    record = DealRecord.deal(W, seed=8)
    session = started(dealer=W, trump_card=str(record.trump_card), ai={W: "rules"})
    assert session.view().scanned == {W: 1}
    assert session.view().prompt.startswith("AI West: 1 of 13 scanned")
    for card in sorted(record.hands()[W] - {record.trump_card}):
        session.scan(str(card))
    assert session.phase == PLAY and session.deal.hand(W) == record.hands()[W]


def test_the_ai_seat_names_its_card_and_accepts_only_that_one():
    record = DealRecord.deal(S, seed=3)  # South deals: West leads
    session = started(dealer=S, trump_card=str(record.trump_card), ai={W: "rules"})
    for card in sorted(record.hands()[W]):
        session.scan(str(card))
    view = session.view()
    want = Card(view.expected_card)
    assert want in record.hands()[W]
    place = sorted(record.hands()[W]).index(want) + 1
    assert view.expected_place == place
    rack = f"the {place}{'st' if place == 1 else 'nd' if place == 2 else 'rd' if place == 3 else 'th'}" \
           " card from the left of West's rack"
    assert view.prompt == f"West plays {rack}: lay it on the reader"
    other = next(c for c in record.hands()[N])
    assert not session.scan(str(other))  # a card not in the rack may be named
    assert last(session) == f"West plays {rack}, not {other.symbol}"
    assert session.deal.actions == []
    assert session.scan(str(want))
    assert session.deal.current.cards == (want,)
    assert session.view().expected_card is None  # North, a person, to play


def test_a_failing_ai_still_names_a_legal_card():
    def broken(observation, level, seed):
        raise RuntimeError("no solver today")

    record = DealRecord.deal(S, seed=3)
    session = Referee(ai_seats={W: "hard"}, choose=broken)
    session.choose_dealer(S)
    session.scan(str(record.trump_card))
    for card in sorted(record.hands()[W]):
        session.scan(str(card))
    assert Card(session.view().expected_card) in record.hands()[W]


def test_async_ai_request_and_a_stale_answer():
    record = DealRecord.deal(S, seed=3)
    session = Referee(ai_seats={W: "hard"}, ai_async=True)
    session.choose_dealer(S)
    session.scan(str(record.trump_card))
    for card in sorted(record.hands()[W]):
        session.scan(str(card))
    req = session.ai_request
    assert req is not None and req.seat == W and req.observation.seat == W
    assert session.view().prompt == "West (AI) is choosing a card..."
    assert not session.scan(str(sorted(record.hands()[W])[0]))
    assert "still choosing" in last(session)
    assert not session.supply_ai_action((99, 0, 0), Play(W, Card("SA")))  # an answer for another position
    card = sorted(record.hands()[W])[-1]
    assert session.supply_ai_action(req.key, Play(W, card))
    assert session.ai_request is None and session.view().expected_card == str(card)


# -- undo ----------------------------------------------------------------------------------


def test_undo_takes_back_the_last_card_and_the_revoke_with_it():
    session = started()
    play(session, "C2", "C3", "D9", "C5", "C6", "C7", "C8")
    assert session.deal.turn == W
    assert press(session, Action.UNDO)
    assert last(session) == "undone: South's ♣8"
    assert len(session.deal.actions) == 6 and session.deal.turn == S
    play(session, "C8", "C9")
    assert session.deal.revokes
    assert press(session, Action.BACK)  # Back is the undo of the table's buttons
    assert not session.deal.revokes and not session.view().badges
    assert session.deal.turn == W
    # Undo across a trick: trick 1 comes back into play.
    for _ in range(4):
        session.undo()
    assert session.deal.tricks == [] and len(session.deal.current.cards) == 3


def test_after_an_undo_the_ai_chooses_again_for_the_new_position():
    asked: list[tuple[str, ...]] = []

    def highest(observation, level, seed):
        trick = tuple(str(c) for c in observation.trick.cards)
        asked.append(trick)
        hand = observation.hand
        led = observation.trick.cards[0].suit if trick else None
        follow = [c for c in hand if c.suit == led]
        return Play(observation.seat, max(follow or hand, key=lambda c: c.rank))

    record = DealRecord.deal(N, seed=6)  # East leads, then South, then West (AI)
    session = Referee(ai_seats={W: "rules"}, choose=highest)
    session.choose_dealer(N)
    session.scan(str(record.trump_card))
    for card in sorted(record.hands()[W]):
        session.scan(str(card))
    west = record.hands()[W]
    suits = {c.suit for c in west}
    lead = next(c for c in sorted(record.hands()[E]) if c.suit in suits)
    session.scan(str(lead))
    south = sorted(record.hands()[S])
    session.scan(str(south[0]))
    first = session.view().expected_card
    session.undo()
    session.undo()
    other = next((c for c in sorted(record.hands()[E]) if c.suit in suits and c.suit != lead.suit), None)
    if other is None:
        pytest.skip("East has one suit West holds")
    session.scan(str(other))
    session.scan(str(south[0]))
    second = session.view().expected_card
    assert len(asked) == 2 and asked[0] != asked[1]
    assert Card(second).suit == other.suit and Card(first).suit == lead.suit


def test_undo_before_play_goes_back_through_the_scanning():
    record = DealRecord.deal(N, seed=2)
    session = started(trump_card=str(record.trump_card), ai={W: "rules"})
    west = sorted(record.hands()[W])
    for card in west:
        session.scan(str(card))
    assert session.phase == PLAY
    assert session.undo()  # no card played: West's last card comes off again
    assert session.phase == AI_HANDS and session.match.current is None
    assert last(session) == ("undone: the 13th card from the left of West's rack taken out"
                             " - scan West's next card")
    assert session.view().scanned == {W: 12}
    session.scan(str(west[-1]))
    assert session.phase == PLAY
    for _ in range(13):
        session.undo()
    assert session.phase == AI_HANDS and session.view().scanned == {W: 0}
    session.undo()
    assert session.phase == TRUMP and session.view().trump is None
    session.undo()
    assert session.phase == SETUP
    assert session.can_undo() is False
    assert not press(session, Action.BACK)  # nothing to take back: the scene may leave


def test_undo_at_the_end_of_the_hand_reopens_it():
    session, _ = finished_hand()
    assert session.phase == HAND_OVER
    session.undo()
    assert session.phase == PLAY and len(session.deal.tricks) == 12
    assert session.view().summary == ()


# -- the end of a hand -----------------------------------------------------------------------


def finished_hand(seed: int = 4, dealer: Seat = N, revoke: bool = False) -> tuple[Referee, DealRecord]:
    """A hand played to the end by four people (lowest legal card each time)."""
    record = DealRecord.deal(dealer, seed=seed)
    session = started(dealer=dealer, trump_card=str(record.trump_card))
    hands = {s: set(h) for s, h in zip(Seat, record.hands(), strict=True)}
    revoked = not revoke
    while session.phase == PLAY:
        seat = session.deal.turn
        led = session.deal.current.led_suit
        hand = hands[seat]
        follow = [c for c in hand if c.suit == led]
        if not revoked and seat == E and follow and len(follow) < len(hand):
            card = min(c for c in hand if c.suit != led)
            revoked = True
        else:
            card = min(follow or hand)
        play(session, str(card))
        hand.discard(card)
    return session, record


def test_hand_over_shows_the_summary_and_deals_on_with_the_next_dealer():
    session, _ = finished_hand(revoke=True)
    view = session.view()
    assert view.phase == HAND_OVER
    assert view.prompt == "hand over - press Select for the next hand"
    assert session.deal.revokes and session.deal.revokes[0].seat == E
    assert any(line.startswith("revoke penalty: 3 to North-South") for line in view.summary)
    assert any(line.startswith("East revoked in trick") for line in view.summary)
    tricks = session.deal.tricks_taken()
    assert f"tricks: North-South {tricks[0]}, East-West {tricks[1]}" in view.summary
    assert not session.scan("SA")
    assert "press Select for the next hand" in last(session)
    press(session, Action.SELECT)
    score = session.match.hands[-1]
    assert score.penalty == (3, 0) and score.revokes[0].seat == E
    assert session.phase == TRUMP and session.dealer == E
    assert session.view().prompt.startswith("East deals")
    assert session.view().side_scores == (score.game_after if score.game_won_by is None else (0, 0))


def test_a_rubber_rolls_over_to_the_next():
    session = Referee(rules=Rules(target=5), choose=rules_ai)
    session.choose_dealer(N)
    for hand in range(30):
        record = DealRecord.deal(session.match.next_dealer, seed=hand)
        session.scan(str(record.trump_card))
        hands = {s: set(h) for s, h in zip(Seat, record.hands(), strict=True)}
        while session.phase == PLAY:
            seat = session.deal.turn
            led = session.deal.current.led_suit
            follow = [c for c in hands[seat] if c.suit == led]
            card = min(follow or hands[seat])
            play(session, str(card))
            hands[seat].discard(card)
        rubber_over = session.view().match_over
        press(session, Action.DEAL)
        if rubber_over:
            break
    else:
        pytest.fail("no rubber ended in 30 hands")
    assert session.match.hands == [] and session.phase == TRUMP and hand >= 2
    assert any("the rubber is over" in m.text for m in session.messages)


def test_reader_status_badges():
    session = Referee()
    session.handle(ReaderStatus(False, "reader disconnected"))
    assert session.view().badges == ("reader disconnected",)
    assert last(session) == "reader disconnected"
    session.handle(ReaderStatus(True, "reader connected on /dev/ttyUSB0"))
    assert session.view().badges == ()
    assert last(session) == "the card reader is back"


def test_no_message_or_prompt_names_a_card_still_in_the_ais_rack():
    # One reader, West an AI: a whole hand with a wrong card laid at every turn,
    # a card of West's rack among them; nothing said may name a card West still holds.
    record = DealRecord.deal(N, seed=21)
    hands = {s: set(record.hands()[s]) for s in Seat}
    session = started(trump_card=str(record.trump_card), ai={W: "rules"})
    scan_order = sorted(hands[W] - {record.trump_card}, key=lambda c: (c.rank, c.suit))
    for card in scan_order:
        assert session.scan(str(card)), last(session)

    def hidden_named(text: str) -> list[Card]:
        return [c for c in session.rack(W) if c.symbol in text or f"{c} " in f"{text} "]

    while session.phase == PLAY:
        seat = session.deal.turn
        rack = session.rack(W)
        assert rack == [c for c in scan_order if c in hands[W]]
        others = [c for c in rack if seat != W or c != session.expected_card()]
        if others:
            assert not session.scan(str(others[-1]))  # refused, and not named
        card = session.expected_card() if seat == W else min(
            (c for c in hands[seat] if session.deal.current.led_suit in (None, c.suit)),
            default=min(hands[seat]))
        for text in (session.view().prompt, *(m.text for m in session.messages)):
            assert not hidden_named(text), text
        assert session.scan(str(card)), last(session)
        hands[seat].discard(card)
    assert session.phase == HAND_OVER
