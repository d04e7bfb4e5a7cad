"""A whole hand of referee mode from rdm6300 frames written to a real pty.

The path is the real one: bytes on a serial port -> the pyserial reader thread
-> the enrolment lookup -> CardScanned on the EventQueue -> Referee.
West is an AI seat (its 13 cards scanned at the deal, then the session names
its cards); East revokes and pays for it on the summary.
"""

from __future__ import annotations

import time

import pytest

from device.enrolment import Enrolment
from device.events import Action, ButtonEvent, CardScanned, EventQueue, ReaderStatus
from device.reader import SerialReader, rdm6300_frame
from device.referee import AI_HANDS, HAND_OVER, PLAY, TRUMP, Referee, ordinal
from engine.cards import Card, full_deck
from engine.deal import DealRecord
from engine.seats import Seat

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
TAG_OF = {Card(c): f"C0DE{i:06X}" for i, c in enumerate(full_deck())}  # 10 hex digits each
UNKNOWN_TAG = "1122334455"
WAIT = 10.0  # seconds: a bound on each wait, never a timing assertion


def rules_ai(observation: dict, level: str, seed: int) -> str:
    from device.moves import choose_action_fixed

    return choose_action_fixed(observation, "rules", seed)


class Table:
    """The session behind a reader on a pty; every input goes through the queue."""

    def __init__(self, pty, session: Referee) -> None:
        self.pty = pty
        self.events = EventQueue()
        enrolment = Enrolment({tag: str(card) for card, tag in TAG_OF.items()})
        # gap=0: each frame written is its own placement (the test waits for
        # each scan before writing the next, so lifting and laying again is exact).
        self.reader = SerialReader(pty.path, "rdm6300", self.events, enrolment.card_for, gap=0.0,
                                   backoff_start=0.02, backoff_max=0.1)
        self.session = session
        self.reader.start()
        assert self.next(ReaderStatus).connected

    def next(self, kind: type):
        """Deliver events to the session until one of ``kind`` has been delivered."""
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline:
            event = self.events.get(timeout=0.05)
            if event is None:
                continue
            self.session.handle(event)
            if isinstance(event, kind):
                return event
        raise AssertionError(f"no {kind.__name__} within {WAIT}s")

    def lay(self, card: Card | str | None, tag: str | None = None) -> bool:
        """Lay a card (or a raw tag) on the reader; True if the session took it."""
        tag = tag or TAG_OF[Card(card)]
        before = self.session.message_count
        self.pty.write(rdm6300_frame(tag))
        event = self.next(CardScanned)
        assert event.tag == tag
        assert self.session.message_count > before  # every scan is answered on screen
        return self.session.messages[-1].kind != "error"

    def press(self, action: Action) -> None:
        self.events.post(ButtonEvent(action, source="gpio"))
        self.next(ButtonEvent)

    @property
    def said(self) -> str:
        return self.session.messages[-1].text

    def close(self) -> None:
        self.reader.stop()


@pytest.fixture
def table(ptys):
    made: list[Table] = []

    def make(session: Referee) -> Table:
        made.append(Table(ptys(), session))
        return made[-1]

    yield make
    for t in made:
        t.close()


def test_a_whole_hand_from_reader_frames(table):
    record = DealRecord.deal(N, seed=21)  # the real deck's deal, known only to the test
    hands = {s: set(h) for s, h in zip(Seat, record.hands(), strict=True)}
    t = table(Referee(ai_seats={W: "rules"}, choose=rules_ai))
    session = t.session

    # North deals and turns the trump card.
    t.press(Action.SELECT)
    assert session.phase == TRUMP and session.dealer == N
    assert t.lay(record.trump_card)
    assert session.view().trump == record.trump_card.suit

    # West's 13 cards, face down.
    west = sorted(hands[W])
    for card in west[:7]:
        assert t.lay(card), t.said
    assert session.phase == AI_HANDS
    assert session.view().prompt.startswith("AI West: 7 of 13 scanned")
    assert not t.lay(west[6])  # laid twice
    assert t.said == ("that card was scanned already: it is the 7th card from the left of West's rack"
                      " - scan West's next card")
    assert not t.lay(None, UNKNOWN_TAG)
    assert t.said == "unknown card: enrol it in Settings"
    for card in west[7:]:
        assert t.lay(card)
    assert session.phase == PLAY and session.deal.hand(W) == frozenset(west)

    revoke_trick = None
    replayed = undone = wrong_ai_card = False
    while session.phase == PLAY:
        deal = session.deal
        seat = deal.turn
        view = session.view()
        if seat == W:
            want = Card(view.expected_card)
            assert want in hands[W]
            rack = [c for c in west if c in hands[W]]  # scan order, the played ones gone
            place = f"the {ordinal(rack.index(want) + 1)} card from the left of West's rack"
            assert view.prompt == f"West plays {place}: lay it on the reader"
            if not wrong_ai_card:
                other = min(hands[S])
                assert not t.lay(other)
                assert t.said == f"West plays {place}, not {other.symbol}"
                wrong_ai_card = True
            card = want
        else:
            assert view.prompt == f"trick {deal.trick_number}: {view_name(seat)} to play - " \
                                  f"lay {view_name(seat)}'s card on the reader"
            led = deal.current.led_suit
            follow = [c for c in hands[seat] if c.suit == led]
            if seat == E and revoke_trick is None and follow and len(follow) < len(hands[seat]):
                card = min(c for c in hands[E] if c.suit != led)  # East shows out, holding the suit
                revoke_trick = deal.trick_number
            else:
                card = min(follow or hands[seat])
        if len(deal.tricks) == 3 and not replayed and seat != W:
            old = deal.tricks[0].cards[1]
            assert not t.lay(old)
            assert t.said == (f"{old.symbol} was played in trick 1 - "
                              f"lay {view_name(seat)}'s card on the reader")
            replayed = True
        revokes_before = len(deal.revokes)
        assert t.lay(card), t.said
        hands[seat].discard(card)
        if len(deal.revokes) > revokes_before:
            flagged = [m for m in session.messages if m.kind == "revoke"]
            assert flagged[-1].text.startswith(f"revoke! East revoked in trick {revoke_trick}")
            assert f"revoke: East (trick {revoke_trick})" in session.view().badges
        if len(deal.tricks) == 5 and not undone and session.phase == PLAY and seat != W:
            # A mistaken scan: undo takes it back, then the same card is laid again.
            t.press(Action.UNDO)
            assert t.said == f"undone: {view_name(seat)}'s {card.symbol}"
            assert t.lay(card)
            undone = True

    assert revoke_trick is not None and replayed and undone and wrong_ai_card
    assert session.phase == HAND_OVER
    deal = session.deal
    assert [r.seat for r in deal.revokes] == [E]
    summary = session.view().summary
    ns, ew = deal.tricks_taken()
    assert f"tricks: North-South {ns}, East-West {ew}" in summary
    penalty = min(3, ew)
    assert any(line.startswith(f"revoke penalty: {penalty} to North-South") for line in summary)

    t.press(Action.SELECT)
    score = session.match.hands[-1]
    assert score.penalty == (penalty, 0) and score.revokes[0].seat == E
    assert score.adjusted == (ns + penalty, ew - penalty)
    assert session.phase == TRUMP and session.dealer == E  # the deal passes to the left

    # The reader is unplugged: the screen says so.
    t.pty.unplug()
    assert not t.next(ReaderStatus).connected
    assert "reader disconnected" in session.view().badges


def view_name(seat: Seat) -> str:
    return {N: "North", E: "East", S: "South", W: "West"}[seat]
