"""A reader per seat, and what one central reader can still catch (issue 37).

Real readers on real ptys: rdm6300 frames written to the master end, the
pyserial reader thread on the slave, the enrolment lookup, CardScanned on the
EventQueue, Referee. Each reader posts its events under its own name
(its port), which the session maps to a seat.
"""

from __future__ import annotations

import os
import time

import pytest

from device.enrolment import Enrolment
from device.events import CardScanned, EventQueue, ReaderStatus
from device.reader import SerialReader, rdm6300_frame
from device.referee import PLAY, READERS, SETUP, Referee
from device.seat_readers import SeatReaders
from engine.cards import Card, full_deck
from engine.deal import DealRecord
from engine.seats import SEAT_NAMES, Seat

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
TAG_OF = {Card(c): f"C0DE{i:06X}" for i, c in enumerate(full_deck())}
WAIT = 10.0  # seconds: a bound on each wait, never a timing assertion


def rules_ai(observation: dict, level: str, seed: object) -> str:
    from device.moves import choose_action_fixed

    return choose_action_fixed(observation, "rules", seed)


class Readers:
    """Several readers on ptys feeding one session; every input goes through the queue."""

    def __init__(self, ptys, session: Referee, count: int, paths: list[str] | None = None) -> None:
        self.ptys = [ptys() for _ in range(count)]
        self.paths = paths or [p.path for p in self.ptys]
        self.events = EventQueue()
        enrolment = Enrolment({tag: str(card) for card, tag in TAG_OF.items()})
        self.session = session
        # gap=0: each frame is its own placement (each write waits for its scan).
        self.readers = [SerialReader(path, "rdm6300", self.events, enrolment.card_for, gap=0.0,
                                     backoff_start=0.02, backoff_max=0.1, name=path if count > 1 else None)
                        for path in self.paths]
        for reader in self.readers:
            reader.start()
        for _ in self.readers:
            assert self.next(ReaderStatus).connected

    def next(self, kind: type):
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline:
            event = self.events.get(timeout=0.05)
            if event is None:
                continue
            self.session.handle(event)
            if isinstance(event, kind):
                return event
        raise AssertionError(f"no {kind.__name__} within {WAIT}s")

    def lay(self, card: Card | str, on: int = 0) -> bool:
        """Lay ``card`` on reader number ``on``; True if the session took it."""
        before = self.session.message_count
        self.ptys[on].write(rdm6300_frame(TAG_OF[Card(card)]))
        event = self.next(CardScanned)
        assert event.tag == TAG_OF[Card(card)]
        assert self.session.message_count > before  # every scan is answered on screen
        return self.session.messages[-1].kind != "error"

    @property
    def said(self) -> str:
        return self.session.messages[-1].text

    def close(self) -> None:
        for reader in self.readers:
            reader.stop()


@pytest.fixture
def table(ptys):
    made: list[Readers] = []

    def make(session: Referee, count: int = 1, paths: list[str] | None = None) -> Readers:
        made.append(Readers(ptys, session, count, paths))
        return made[-1]

    yield make
    for t in made:
        t.close()


def follow(deal, hand: set[Card]) -> Card:
    led = deal.current.led_suit
    return min([c for c in hand if c.suit == led] or hand)


def test_four_readers_a_card_laid_out_of_turn_is_refused_at_once(table):
    session = Referee(ai_seats={W: "rules"}, choose=rules_ai, readers=SeatReaders())
    t = table(session, count=4)
    # The setup step: each seat lays any card on its own reader. The readers are
    # plugged in in no particular order: North's is the third pty, and so on.
    order = {N: 2, E: 0, S: 3, W: 1}
    assert session.begin_reader_setup() and session.phase == READERS
    for seat in (N, E, S, W):
        assert session.view().prompt == f"{SEAT_NAMES[seat]}, lay any card on your reader"
        if seat == E:  # East lays on North's reader by mistake
            assert not t.lay("SA", on=order[N])
            assert t.said == "that is North's reader - East, lay any card on your reader"
        assert t.lay("SA", on=order[seat])
    assert session.phase == SETUP
    assert session.readers.seats() == {s: t.paths[i] for s, i in order.items()}

    record = DealRecord.deal(N, seed=21)
    hands = {s: set(h) for s, h in zip(Seat, record.hands(), strict=True)}
    session.choose_dealer(N)
    assert t.lay(record.trump_card, on=order[N])
    for card in sorted(hands[W]):  # West, the AI: face down, on its own reader
        assert t.lay(card, on=order[W])
    assert session.phase == PLAY and session.deal.turn == E

    # North lays a card on North's reader while it is East's turn: refused at once.
    card = min(hands[N])
    assert not t.lay(card, on=order[N])
    assert t.said == ("not North's turn: North, take back the card on your reader - "
                      "East to play, lay East's card on East's reader")
    assert session.deal.actions == []
    assert session.view().taken is None  # nothing was guessed: the reader said whose it was

    # A whole hand, every card on its player's reader; someone tries to go early each trick.
    while session.phase == PLAY:
        deal = session.deal
        seat = deal.turn
        early = seat.next
        if early != W and hands[early]:
            assert not t.lay(min(hands[early]), on=order[early])
            assert t.said.startswith(f"not {SEAT_NAMES[early]}'s turn")
        if seat == W:
            card = Card(session.view().expected_card)
        else:
            card = follow(deal, hands[seat])
        assert t.lay(card, on=order[seat]), t.said
        hands[seat].discard(card)
    assert sum(session.deal.tricks_taken()) == 13


def test_four_readers_a_revoke_is_certain(table):
    # With a reader per seat the cards are surely the player's: the revoke flag
    # carries no "unless a card was laid by another player".
    session = Referee(readers=SeatReaders())
    t = table(session, count=4)
    session.begin_reader_setup()
    for i in range(4):
        assert t.lay("SA", on=i)  # North, East, South, West in socket order
    session.choose_dealer(N)
    assert t.lay("H7", on=0)
    for i, card in enumerate(("C2", "C3", "D9", "C5")):  # E S W N: West shows out of clubs
        assert t.lay(card, on=(1 + i) % 4)
    for i, card in enumerate(("C6", "C7", "C8", "C9")):  # N E S W: West plays a club
        assert t.lay(card, on=i)
    flagged = [m.text for m in session.messages if m.kind == "revoke"]
    assert flagged == ["revoke! West revoked in trick 1: showed out of clubs, then played clubs in trick 2"]


def test_an_ai_seat_without_a_reader_has_its_card_laid_on_any(table):
    session = Referee(ai_seats={W: "rules"}, choose=rules_ai, readers=SeatReaders())
    t = table(session, count=3)
    session.begin_reader_setup()
    for i in range(3):
        assert t.lay("SA", on=i)  # North, East, South
    assert session.phase == SETUP  # no reader left for West: the step ends by itself
    assert session.readers.reader_of(W) is None
    record = DealRecord.deal(S, seed=4)  # South deals: West leads
    session.choose_dealer(S)
    assert t.lay(record.trump_card, on=2)
    for card in sorted(record.hands()[W]):
        assert t.lay(card, on=0)
    assert session.deal.turn == W
    want = session.view().expected_card
    assert session.view().prompt.endswith("lay it on any reader")
    assert t.lay(want, on=1)  # East lays West's card on East's reader: it is West's
    assert session.deal.actions[-1].seat == W


# -- one central reader ------------------------------------------------------------------


def test_one_reader_a_card_known_elsewhere_is_refused_and_the_ais_cards_never_named(table):
    record = DealRecord.deal(N, seed=11)
    west = sorted(record.hands()[W])
    session = Referee(ai_seats={W: "rules"}, choose=rules_ai)
    t = table(session)
    session.choose_dealer(N)
    assert t.lay(record.trump_card)
    for card in west:
        assert t.lay(card)
    assert session.deal.turn == E
    # A card of West's rack, laid for East: refused, with where it lies but not what it is.
    assert not t.lay(west[4])
    assert t.said == ("that card is in West's rack (the AI's hand): put it back as the 5th card from the "
                      "left of West's rack - lay East's card on the reader")
    # The turned card is North's (the dealer): refused for East, with the reason.
    assert not t.lay(record.trump_card)
    assert t.said == (f"{record.trump_card.symbol} is the turned trump card, North's (the dealer) - "
                      "lay East's card on the reader")
    east = min(record.hands()[E])
    assert t.lay(east)
    # A card already played: refused with its trick.
    assert not t.lay(east)
    assert t.said == f"{east.symbol} was played in this trick - lay South's card on the reader"
    shown = [m.text for m in session.messages] + [session.view().prompt]
    assert not any(c.symbol in text or str(c) in text for c in west for text in shown)
    assert session.deal.actions[-1].card == east


def test_one_reader_a_card_taken_for_a_player_is_shown_with_an_undo(table):
    session = Referee()
    t = table(session)
    session.choose_dealer(N)
    assert t.lay("H7")
    assert t.lay("C2")  # East's turn: taken as East's
    taken = session.view().taken
    assert taken is not None and (taken.seat, taken.card) == (E, "C2")
    # It was North's, laid out of turn: undo, then the right player lays.
    session.undo()
    assert session.view().taken is None and session.deal.actions == []
    assert t.lay("C3")
    assert session.view().taken.card == "C3"


def test_unplugged_the_prompt_says_so_and_asks_again_once_back(table, ptys, tmp_path):
    # The reader opens a stable name (as the udev rule gives it): unplugging is the
    # pty going away, plugging back a new pty under the same name.
    first = ptys()
    link = tmp_path / "whist-reader"
    os.symlink(first.path, link)
    session = Referee()
    t = table(session, paths=[str(link)])
    t.ptys = [first]
    session.choose_dealer(N)
    assert t.lay("H7")
    assert t.lay("C2")  # East
    first.unplug()
    assert not t.next(ReaderStatus).connected
    assert session.view().prompt == ("The card reader is unplugged: plug it back in, then lay "
                                     "South's card")
    again = ptys()
    os.remove(link)
    os.symlink(again.path, link)
    t.ptys = [again]
    assert t.next(ReaderStatus).connected
    assert session.view().prompt == ("the reader is back: lay again any card laid while it was unplugged, "
                                     "from South's card on")
    assert t.lay("C3")
    assert session.view().prompt == "trick 1: West to play - lay West's card on the reader"


def test_four_readers_a_revoke_is_seen_the_moment_it_happens(table):
    # A card laid out of turn on West's reader is West's: when West then shows out
    # of its suit, the revoke is flagged at that card, before the trick is over.
    session = Referee(readers=SeatReaders())
    t = table(session, count=4)
    session.begin_reader_setup()
    for i in range(4):
        assert t.lay("SA", on=i)  # North, East, South, West in socket order
    session.choose_dealer(N)
    assert t.lay("H7", on=0)
    assert not t.lay("CK", on=3)  # West, too early
    assert t.lay("C2", on=1) and t.lay("C3", on=2)
    assert t.lay("D9", on=3)  # West shows out of clubs, holding the ♣K the table saw
    assert t.said == ("revoke? West shows out of clubs, but ♣K was laid on West's reader in trick 1: "
                      "West, take ♦9 back (Undo) and follow suit")
    assert session.messages[-1].kind == "revoke"
    assert "revoke? West (trick 1)" in session.view().badges
    session.undo()  # West takes it back and follows suit
    assert "revoke? West (trick 1)" not in session.view().badges
    assert t.lay("CK", on=3)
    assert not session.suspects[1:] and not session.deal.revokes
