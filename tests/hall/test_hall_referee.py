"""A drive's table playing real cards: the round's hands laid on a card reader (rdm6300 frames
written to a real pty, as the referee's own tests do), refereed by device.referee, each
confirmed hand's result sent through the outbox to a hub that replays and counts it."""

from __future__ import annotations

import time
from collections.abc import Mapping
from functools import partial
from pathlib import Path

import pytest

from device.enrolment import Enrolment
from device.events import CardScanned, EventQueue, ReaderStatus
from device.reader import SerialReader, rdm6300_frame
from device.referee import AI_HANDS, HAND_OVER, PLAY, RACKS
from engine.actions import Action
from engine.cards import Card, full_deck
from engine.deal import DealRecord
from engine.observation import Observation
from engine.seats import SEAT_NAMES, Seat
from hall.drive import TABLE_RULES, DriveSettings, HandResult, checked
from hall.referee import DriveReferee
from hall.run import ai_chooser
from hall.store import HubStore, TableJournal
from hall.table import HallTable, table_link
from tests.device.conftest import Pty
from tests.hall.conftest import Mosquitto
from tests.hall.test_hall_broker import WAIT, HubThread, counted, wait_for

TAG_OF = {Card(c): f"C0DE{i:06X}" for i, c in enumerate(full_deck())}


class Reader:
    """The table's card reader on a pty: each card laid goes through pyserial to the referee."""

    def __init__(self, pty: Pty, drive: DriveReferee) -> None:
        self.pty, self.drive = pty, drive
        self.events = EventQueue()
        enrolment = Enrolment({tag: str(card) for card, tag in TAG_OF.items()})
        self.reader = SerialReader(pty.path, "rdm6300", self.events, enrolment.card_for, gap=0.0,
                                   backoff_start=0.02, backoff_max=0.1)
        self.reader.start()
        assert isinstance(self.next(ReaderStatus), ReaderStatus)

    def next(self, kind: type) -> object:
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline:
            event = self.events.get(timeout=0.05)
            if event is None:
                continue
            self.drive.handle(event)
            if isinstance(event, kind):
                return event
        raise AssertionError(f"no {kind.__name__} within {WAIT} s")

    def lay(self, card: Card) -> bool:
        before = self.drive.session.message_count
        self.pty.write(rdm6300_frame(TAG_OF[card]))
        self.next(CardScanned)
        assert self.drive.session.message_count > before
        return self.drive.session.messages[-1].kind != "error"

    def close(self) -> None:
        self.reader.stop()


def play_with_real_cards(drive: DriveReferee, reader: Reader, record: DealRecord,
                         people: Mapping[Seat, str] | None = None) -> None:
    """The people lay their cards (the first legal one of each hand), the AI seats' cards are
    laid where the referee asks for them. With ``people`` (their names by seat), the screen's
    prompt is checked to name each person at their turn, and each trick's message its winner."""
    hands = {s: set(h) for s, h in zip(Seat, record.hands(), strict=True)}
    session = drive.session
    dealer = session.dealer
    assert dealer is not None
    ai_order = [dealer.offset(i) for i in range(1, 5) if dealer.offset(i) in session.ai_seats]
    while session.phase == AI_HANDS:  # the AI seats' cards, face down, each seat's 13 in turn
        seat = next(s for s in ai_order if session.view().scanned.get(s, 0) < 13)
        card = sorted(hands[seat])[session.view().scanned.get(seat, 0)]
        assert reader.lay(card), session.messages[-1].text
    assert session.phase == PLAY
    while session.phase == PLAY:
        deal = session.deal
        assert deal is not None and deal.turn is not None
        seat = deal.turn
        card = session.expected_card()
        if card is None and people is not None:
            assert session.view().prompt.startswith(
                f"trick {deal.trick_number}: {SEAT_NAMES[seat]} ({people[seat]}) to play - lay "
                f"{SEAT_NAMES[seat]}'s card")
        if card is None:  # a person: a card of the suit led if they have one
            led = deal.current.led_suit
            mine = sorted(hands[seat])
            follow = [c for c in mine if c.suit == led]
            card = (follow or mine)[0]
        hands[seat].discard(card)
        tricks = len(deal.tricks)
        assert reader.lay(card), session.messages[-1].text
        if people is not None and len(deal.tricks) > tricks:
            winner = deal.tricks[-1].winner(deal.order)
            who = f"{SEAT_NAMES[winner]} ({people.get(winner, 'AI')})"
            assert any(m.text.startswith(f"trick {len(deal.tricks)} to {who} (NS ")
                       for m in session.messages), [m.text for m in session.messages]


def test_a_real_card_table_plays_its_round_and_the_hub_counts_each_hand_once(
        mosquitto: Mosquitto, tmp_path: Path) -> None:
    settings = DriveSettings("club", tables=2, rounds=1, hands_per_round=2, seed="real cards")
    db = tmp_path / "hub.db"
    hub = HubThread(mosquitto, db, settings, start=False)
    link = table_link(mosquitto.broker, mosquitto.table_credentials("club", 2), "club", 2)
    table = HallTable(TableJournal(tmp_path / "hall.db"), link, 2, ai_chooser("random"), drive="club")
    link.start()
    wait_for(lambda: link.connected, "table 2 connected")
    for seat, name in ((Seat.N, "Ann"), (Seat.E, "Bob"), (Seat.S, "Cy")):
        assert table.sign_in(seat, name)
    reader_store = HubStore(db)
    wait_for(lambda: len(reader_store.signins()) == 3, "the sign-ins at the hub")
    reader_store.close()
    hub.start_drive()
    assert table.wait_for_drive(WAIT) is not None
    assert table.players(1) == ("Ann", "Bob", "Cy", "AI 2W")

    drive = DriveReferee(table, 1, choose=lambda obs, level, seed: ai_action(obs, seed))
    assert drive.session.ai_seats.keys() == {Seat.W}
    # the players signed in are named where they sit; the AI's seat is called as the drive calls it
    people = {Seat.N: "Ann", Seat.E: "Bob", Seat.S: "Cy"}
    assert drive.session.view().names == {**people, Seat.W: "AI"}
    assert drive.session.view().prompt.startswith("West (AI): 0 of 13 scanned - lay West's cards")
    pty = Pty()
    reader = Reader(pty, drive)
    try:
        for hand in (1, 2):
            # the drive's dealer and hall-wide trumps, chosen for the table: nothing turned
            assert drive.session.phase == AI_HANDS and drive.session.dealer == settings.dealer(1, hand)
            assert drive.session.view().trump == settings.trump(1, hand)
            record = DealRecord.deal(settings.dealer(1, hand), seed=f"the table's own shuffle {hand}",
                                     trump=settings.trump(1, hand))
            play_with_real_cards(drive, reader, record, people)
            # over, but not yet confirmed: an undo could still take the last card back
            assert drive.session.phase == HAND_OVER
            dealer = settings.dealer(1, hand)
            assert drive.session.view().summary[0].startswith(
                f"hand {hand}: {SEAT_NAMES[dealer]} ({people.get(dealer, 'AI')}) dealt")
            assert [r.hand for r in table.journal.results("club")] == list(range(1, hand))
            assert drive.next_hand()
            assert [r.hand for r in table.journal.results("club")] == list(range(1, hand + 1))
        assert drive.round_over
        assert table.flush(WAIT)
        wait_for(lambda: counted(db) == 2, "both real-card hands at the hub")
        store = HubStore(db)
        results = sorted(store.results(), key=lambda r: r.hand)
        store.close()
        mine = sorted(table.journal.results("club"), key=lambda r: r.hand)
        assert [(r.hand, r.tricks) for r in results] == [(r.hand, r.tricks) for r in mine]
        assert all(r.record is not None and r.record.pack is None for r in results)
        assert hub.hub.counts.refused == 0
        # the hub replays them through the engine: a forged count is refused
        forged = HandResult("club", 1, 2, 1, (13, 0), results[0].actions, results[0].record)
        with pytest.raises(Exception, match="its cards make"):
            checked(settings, forged)
    finally:
        reader.close()
        pty.unplug()
        link.stop()
        hub.stop()


def ai_action(observation: Observation, seed: str | None) -> Action:
    from device.moves import choose_action_fixed

    return choose_action_fixed(observation, "random", seed)


def _real_result(settings: DriveSettings, dealer: Seat, seed: str) -> HandResult:
    """A hand of the table's own deal, played out by the engine, sent as a real-card table sends it."""
    from engine.deal import Deal

    trump = settings.trump(1, 1)
    assert trump is not None
    dealt = DealRecord.deal(dealer, seed=seed, trump=trump)
    deal = Deal(dealt, TABLE_RULES)
    while not deal.is_over:
        deal.apply(deal.legal_actions()[0])
    shown = DealRecord(dealer, trump, known=(None, None, None, None))
    return HandResult(settings.drive, 1, 1, 1, deal.tricks_taken(), tuple(deal.actions), shown)


def test_the_hub_takes_a_real_card_hand_only_with_the_drive_s_dealer_and_trumps() -> None:
    from hall.drive import DriveError

    settings = DriveSettings("club", tables=1, rounds=1, hands_per_round=1, seed="checks")
    good = _real_result(settings, settings.dealer(1, 1), "own shuffle")
    assert checked(settings, HandResult.from_json(good.to_json())).record == good.record
    wrong_dealer = _real_result(settings, settings.dealer(1, 1).next, "own shuffle")
    with pytest.raises(DriveError, match="the drive's dealer is"):
        checked(settings, wrong_dealer)
    assert good.record is not None
    other_trumps = HandResult(good.drive, 1, 1, 1, good.tricks, good.actions,
                              DealRecord(good.record.dealer, (good.record.trump + 1) % 4,
                                         known=good.record.known))
    with pytest.raises(DriveError, match="the drive's trumps are"):
        checked(settings, other_trumps)


def test_the_app_s_real_card_drive_table_plays_a_round_and_shows_the_movement(tmp_path: Path) -> None:
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from device.app.testing import make_app, run_until, tap, tap_button
    from device.events import CardScanned
    from hall.app import HallSession
    from tests.hall.test_hall_app import SETTINGS, unused

    journal = TableJournal(tmp_path / "hall.db")
    journal.join(SETTINGS, 2)
    journal.set_seating("club", 1, ("Ann", "Bob", "Cy", "AI 2W"))
    table = HallTable(journal, None, 2, unused, drive="club", real_cards=True)
    app = make_app((800, 480))
    try:
        app.go("hall", table=table)
        app.step(1 / 60)
        session = app.current_session
        assert isinstance(session, HallSession) and session.real_cards
        tap(app, 400, 240)  # "Tap to deal": the dealer deals the real deck
        assert app.scene.name == "hall_referee"
        drive = session.drive_referee
        assert drive is not None
        for hand in (1, 2):
            referee = drive.session
            assert referee.phase == AI_HANDS and referee.view().trump == SETTINGS.trump(1, hand)
            record = DealRecord.deal(SETTINGS.dealer(1, hand), seed=f"shuffled {hand}",
                                     trump=SETTINGS.trump(1, hand))
            hands = {s: sorted(h) for s, h in zip(Seat, record.hands(), strict=True)}
            for card in hands[Seat.W]:  # West is the AI's: its cards scanned face down
                app.dispatch(CardScanned(str(card), tag="T"))
            assert referee.phase == PLAY

            assert run_until(app, partial(lay_next_card, app, referee, hands), max_steps=5000)
            tap_button(app, "next")
        assert app.scene.name == "hall" and session.interlude == "moves"
        assert [(r.round, r.hand) for r in journal.outbox("club")] == [(1, 1), (1, 2)]
        assert all(checked(SETTINGS, r) == r for r in journal.results("club"))
        assert set(dict(session.moves())) == {"Ann", "Bob", "Cy", "AI 2W"}
        tap(app, 400, 240)  # everyone has moved: round 2
        assert session.round == 2 and session.interlude == "start"
    finally:
        app.close()


def lay_next_card(app, referee, hands: dict[Seat, list[Card]]) -> bool:  # type: ignore[no-untyped-def]
    """The next card on the app's reader: the AI's where the referee asks for it, else the
    person's to move (of the suit led if they have one). True once the hand is over."""
    from device.events import CardScanned

    deal = referee.deal
    if referee.phase != PLAY or deal is None or deal.turn is None:
        return bool(referee.phase == HAND_OVER)
    asked = referee.expected_card()
    if asked is None:
        mine = hands[deal.turn]
        follow = [c for c in mine if c.suit == deal.current.led_suit]
        asked = (follow or mine)[0]
    hands[deal.turn].remove(asked)
    app.dispatch(CardScanned(str(asked), tag="T"))
    return False


def _scan(drive: DriveReferee, hands: dict[Seat, list[Card]], plays: int) -> None:
    """The AI seats' cards face down (if not yet), then ``plays`` cards laid in turn."""
    session = drive.session
    for seat in session.ai_seats:
        for card in hands[seat][session.view().scanned.get(seat, 0):]:
            if session.phase == AI_HANDS:
                assert session.scan(str(card)), session.messages[-1].text
    for _ in range(plays):
        deal = session.deal
        if session.phase != PLAY or deal is None or deal.turn is None:
            return
        card = session.expected_card()
        if card is None:
            mine = [c for c in hands[deal.turn] if c not in deal.current.cards and
                    all(c not in t.cards for t in deal.tricks)]
            card = ([c for c in mine if c.suit == deal.current.led_suit] or mine)[0]
        assert session.scan(str(card)), session.messages[-1].text


def test_a_power_cut_mid_hand_resumes_the_real_card_round_at_its_card(tmp_path: Path) -> None:
    from device.store import Store
    from tests.hall.test_hall_app import SETTINGS, unused

    def offline() -> HallTable:
        journal = TableJournal(tmp_path / "hall.db")
        if journal.joined("club") is None:
            journal.join(SETTINGS, 2)
            journal.set_seating("club", 1, ("Ann", "Bob", "Cy", "AI 2W"))
        return HallTable(journal, None, 2, unused, drive="club", real_cards=True)

    def level(obs: Observation, lvl: str, seed: str | None) -> Action:
        return ai_action(obs, seed)

    deals = [DealRecord.deal(SETTINGS.dealer(1, h), seed=f"cut {h}", trump=SETTINGS.trump(1, h))
             for h in (1, 2)]
    hands = [{s: sorted(h or ()) for s, h in zip(Seat, d.hands(), strict=True)} for d in deals]
    table = offline()
    with Store(tmp_path / "whist.sqlite3") as store:
        drive = DriveReferee(table, 1, choose=level, store=store)
        _scan(drive, hands[0], 52)
        assert drive.next_hand()  # hand 1 confirmed: in the outbox
        _scan(drive, hands[1], 21)
        before = drive.session.match.to_dict()
        expected = drive.session.expected_card()
        prompt = drive.session.view().prompt
    table.journal.close()
    # the power goes: the table's journal and the app's store are all that is left
    table = offline()
    with Store(tmp_path / "whist.sqlite3") as store:
        again = DriveReferee(table, 1, choose=level, store=store)
        assert again.done == 1 and again.hand == 2
        assert again.session.match.to_dict() == before and again.session.phase == RACKS
        # the store kept the AI's cards, not where they lie: its rack laid on the reader from the left
        for card in sorted(again.session.racks.rerack[Seat.W]):
            assert again.handle(CardScanned(str(card), tag="T"))
        assert again.session.phase == PLAY
        assert again.session.expected_card() == expected
        # the players' names come back from the table's journal: the screen still says who is where
        assert again.session.view().names == {Seat.N: "Ann", Seat.E: "Bob", Seat.S: "Cy", Seat.W: "AI"}
        assert again.session.view().prompt == prompt
        deal = again.session.deal
        assert deal is not None and deal.turn is not None
        turn = deal.turn
        who = {Seat.N: "Ann", Seat.E: "Bob", Seat.S: "Cy", Seat.W: "AI"}[turn]
        assert f"{SEAT_NAMES[turn]} ({who})" in prompt
        _scan(again, hands[1], 52)
        assert again.next_hand() and again.round_over
        assert [(r.round, r.hand) for r in table.journal.outbox("club")] == [(1, 1), (1, 2)]
        assert all(checked(SETTINGS, r) == r for r in table.journal.results("club"))
        # the round's rubber is closed in the store: the home referee does not resume it
        from device.journal import is_referee_rubber

        assert not [r for r in store.unfinished_matches() if is_referee_rubber(r)]
    table.journal.close()


LONG = "Bartholomew Fitzwilliam-Smythe"


def test_the_drive_s_referee_screen_labels_each_seat_with_its_player(tmp_path: Path) -> None:
    """At 800x480 a seat's label names its player; a long name at the side is cut short with an
    ellipsis, clear of where that seat's card of the trick lies."""
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from device.app.scenes.referee import RefereeScene
    from device.app.testing import make_app, run_until, tap
    from device.events import CardScanned
    from tests.hall.test_hall_app import SETTINGS, unused

    journal = TableJournal(tmp_path / "hall.db")
    journal.join(SETTINGS, 2)
    journal.set_seating("club", 1, ("Ann", LONG, "Cy", "AI 2W"))
    table = HallTable(journal, None, 2, unused, drive="club", real_cards=True)
    app = make_app((800, 480))
    try:
        app.go("hall", table=table)
        app.step(1 / 60)
        tap(app, 400, 240)  # "Tap to deal"
        scene = app.scene
        assert scene.name == "hall_referee" and isinstance(scene, RefereeScene)
        referee = scene.session
        record = DealRecord.deal(SETTINGS.dealer(1, 1), seed="labels", trump=SETTINGS.trump(1, 1))
        hands = {s: sorted(h) for s, h in zip(Seat, record.hands(), strict=True)}
        for card in hands[Seat.W]:
            app.dispatch(CardScanned(str(card), tag="T"))
        assert referee.phase == PLAY

        def labels() -> dict[Seat, list[str]]:
            view = referee.view()
            return {seat: [line for line, _, _ in scene.seat_label(view, seat)] for seat in Seat}

        shown = labels()
        assert shown[Seat.N] == ["North (Ann)"] and shown[Seat.S] == ["South (Cy)"]
        assert shown[Seat.W] == ["West (AI)"]
        east, name = shown[Seat.E]
        assert east == "East" and name.endswith("…") and LONG.startswith(name[:-1]) and len(name) > 4

        def east_laid() -> bool:
            deal = referee.deal
            if deal is not None and Seat.E in dict(deal.current.plays()):
                return True
            return lay_next_card(app, referee, hands)

        assert run_until(app, east_laid, max_steps=2000)
        view = referee.view()
        for _, _, where in scene.seat_label(view, Seat.E):
            assert scene.table_rect.contains(where) and not where.colliderect(scene.card_rect(Seat.E))
        assert any(m.text.startswith(f"East ({LONG}) plays ") for m in referee.messages)
    finally:
        app.close()


def test_the_home_table_s_referee_names_only_the_seats() -> None:
    """No drive, no names: the labels and words are the seats' as they always were."""
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from device.app.scenes.referee import RefereeScene
    from device.app.testing import make_app, tap_button

    app = make_app((800, 480))
    try:
        tap_button(app, "real cards")
        scene = app.scene
        assert isinstance(scene, RefereeScene)
        session = scene.session
        tap_button(app, "seat_W")  # West: an AI
        tap_button(app, "start")
        record = DealRecord.deal(Seat.N, seed=3)
        assert record.trump_card is not None
        tap_button(app, ["trump_0", "trump_1", "trump_2", "trump_3"][record.trump_card.suit])
        assert session.view().prompt.startswith("AI West: 0 of 13 scanned - lay West's cards")
        for card in sorted(record.hands()[Seat.W]):
            app.dispatch(CardScanned(str(card), tag="T"))
        view = session.view()
        assert view.names == {} and view.prompt == "trick 1: East to play - lay East's card on the reader"
        assert {seat: [line for line, _, _ in scene.seat_label(view, seat)] for seat in Seat} == {
            Seat.N: ["North"], Seat.E: ["East"], Seat.S: ["South"], Seat.W: ["West (AI)"]}
    finally:
        app.close()
