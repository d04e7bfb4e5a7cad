"""The Real cards screen for Oh Hell and Bid Whist: reached from the menu with the game
chosen, driven by taps and scans (SDL's dummy driver), through whole hands."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from device.app.scenes.referee import RefereeScene  # noqa: E402
from device.app.testing import make_app, tap_button  # noqa: E402
from device.events import CardScanned  # noqa: E402
from device.referee import AI_HANDS, HAND_OVER, PLAY, RACKS, SETUP, STEPS, TRUMP, Referee  # noqa: E402  # noqa: E402
from device.store import Store  # noqa: E402
from engine.game import Phase  # noqa: E402
from engine.seats import Seat  # noqa: E402
from tests.device.referee_driver import person_card, scan, settle, tap_choice  # noqa: E402


@pytest.mark.parametrize("size", [(800, 480), (480, 800)])
def test_oh_hell_for_five_from_the_menu_to_the_next_hand(size):
    app = make_app(size, game="oh-hell", players=4)
    try:
        tap_button(app, "real cards")
        assert isinstance(app.scene, RefereeScene)
        ref = app.referee_session
        assert isinstance(ref, Referee) and ref.phase == SETUP
        tap_button(app, "players")  # 4 -> 5
        assert ref.players == 5
        tap_button(app, "seat_1")
        tap_button(app, "seat_3")
        assert set(ref.ai_seats) == {Seat(1), Seat(3)}
        tap_button(app, "start")
        assert ref.phase == TRUMP
        record = ref.template
        hands = {Seat(i): set(h) for i, h in enumerate(record.hands())}
        scan(app, record.trump_card)
        assert ref.phase == AI_HANDS
        for seat in (Seat(1), Seat(3)):
            for card in sorted(hands[seat]):
                scan(app, card)
        settle(app)
        while ref.phase == STEPS:
            tap_choice(app)
            settle(app)
        assert ref.phase == PLAY and len(ref.deal.auction) == 5
        revoked = False
        while ref.phase == PLAY:
            settle(app)
            deal = ref.deal
            seat = deal.turn
            if ref.is_ai(seat):
                card = ref.expected_card()
                assert card is not None
                wrong = next((c for c in hands[seat] if c != card), None)
                if wrong is not None:
                    scan(app, wrong)  # not the card asked for: refused, by its place only
                    assert "rack" in ref.messages[-1].text and ref.messages[-1].kind == "error"
            else:
                card, revoked = person_card(deal, hands[seat], revoked)
            before = len(deal.actions)
            scan(app, card)
            assert len(ref.deal.actions) == before + 1, ref.messages[-1].text
            hands[seat].discard(card)
        assert ref.phase == HAND_OVER
        assert revoked and ref.deal.revokes and any(b.startswith("revoke") for b in ref.view().badges)
        assert any(line.startswith("points:") for line in ref.view().summary)
        app.step(1 / 60)
        tap_button(app, "next")
        assert ref.phase == TRUMP and max(ref.sizes()) == 9  # the engine's schedule: one fewer
        # Back to the menu and in again: the same match.
        tap_button(app, "back")
        assert app.scene.name == "menu"
        tap_button(app, "real cards")
        assert app.referee_session is ref and len(ref.match.hands) == 1
    finally:
        app.close()


def test_bid_whist_kitty_and_discards_through_the_screen():
    app = make_app((800, 480), game="bid")
    try:
        tap_button(app, "real cards")
        ref = app.referee_session
        assert isinstance(ref, Referee) and ref.game.name == "bid"
        tap_button(app, "seat_E")  # East
        tap_button(app, "seat_W")  # West
        tap_button(app, "dealer")  # North -> East
        tap_button(app, "dealer")  # -> South
        tap_button(app, "dealer")  # -> West: North speaks first
        tap_button(app, "start")
        assert ref.phase == AI_HANDS
        record = ref.template
        hands = {Seat(i): set(h) for i, h in enumerate(record.hands())}
        kitty = record.pile("kitty")
        for seat in (Seat.E, Seat.W):
            for card in sorted(hands[seat]):
                scan(app, card)
        for card in kitty:
            scan(app, card)
        settle(app)
        assert ref.phase == STEPS
        while ref.deal.step.phase is not Phase.EXCHANGE:
            seat = ref.deal.turn
            if ref.deal.step.phase is Phase.DECLARE:
                tap_choice(app, "Spades")
            elif seat == Seat.N:
                tap_choice(app, "7 uptown")  # nobody bids over seven
            else:
                tap_choice(app, "Pass")
            settle(app)
        assert ref.deal.step.seat == Seat.N
        v = ref.view()
        assert set(v.kitty) == {str(c) for c in kitty} and v.discard_count == 6
        held = sorted(hands[Seat.N] | set(kitty), key=lambda c: (c.suit > 3, c.rank))
        scan(app, sorted(hands[Seat.E])[0])  # an AI's card is not North's to lay away
        assert ref.messages[-1].kind == "error" and len(ref.discards) == 0
        for card in held[:6]:
            scan(app, card)
        assert ref.phase == PLAY and ref.deal.turn == Seat.N
        hands[Seat.N] = set(held[6:])
        for _ in range(8):  # two tricks
            settle(app)
            seat = ref.deal.turn
            card = ref.expected_card() if ref.is_ai(seat) else \
                ref.deal.order.legal(frozenset(hands[seat]), ref.deal.current.cards)[0]
            scan(app, card)
            hands[seat].discard(card)
        assert len(ref.deal.tricks) == 2
        assert ref.view().contract == "7 uptown" and ref.view().trump == 0
    finally:
        app.close()


def test_an_unfinished_family_match_in_the_store_opens_its_own_screen(tmp_path):
    with Store(tmp_path / "w.sqlite3") as store:
        ref = Referee("knockout", 3, {Seat(2): "rules"}, store=store, seed="ko")
        ref.choose_dealer(0)
        record = ref.template
        ref.scan(record.trump_card)
        for card in sorted(record.hands()[2]):
            if card != record.trump_card:
                ref.scan(card)
        assert ref.phase in (STEPS, PLAY)
        app = make_app((800, 480))  # the app's game: classic
        try:
            app.store = store
            tap_button(app, "real cards")
            assert isinstance(app.scene, RefereeScene)
            again = app.referee_session
            assert isinstance(again, Referee) and again.game.name == "knockout"
            assert again.players == 3 and again.phase == RACKS
            assert "from the left" in again.prompt()
            for card in sorted(again.racks.rerack[Seat(2)]):  # the AI's rack laid again, on the screen
                scan(app, card)
            assert again.phase == PLAY and again.rack(Seat(2)) == sorted(again.rack(Seat(2)))
            assert again.match.to_dict() == ref.match.to_dict()
            assert again.deal.record.trump_card == record.trump_card
        finally:
            app.close()


@pytest.mark.parametrize(("scene", "game", "players"), [("referee-hand", "oh-hell", 5),
                                                        ("referee-bids", "oh-hell", 3),
                                                        ("referee-hand", "knockout", 6),
                                                        ("referee-kitty", "bid", None),
                                                        ("referee-hand", "german", None),
                                                        ("referee-hand", "scandinavian", None)])
def test_screenshots_of_real_cards_for_the_family(tmp_path, scene, game, players):
    from device.app.main import screenshot

    out = screenshot(scene, (800, 480), tmp_path / f"{scene}.png", game=game, players=players)
    assert out.stat().st_size > 10_000


@pytest.mark.parametrize("players", [6, 7])
def test_a_side_seats_bid_and_tricks_are_whole_in_portrait(tmp_path, monkeypatch, players):
    """Oh Hell for six or seven in portrait: a side seat beside its card has no room for
    "AI · bid 3 · won 2" on one line; it goes on two, not cut short."""
    from device.app.main import screenshot
    from device.app.scenes import referee_seats

    drawn: list[str] = []
    label = referee_seats.seat_label

    def seen(*args: object) -> list[tuple[str, int, object]]:
        lines = label(*args)  # type: ignore[arg-type]
        drawn.extend(line for line, _, _ in lines)
        return lines

    monkeypatch.setattr(referee_seats, "seat_label", seen)
    screenshot("referee-hand", (480, 800), tmp_path / "hand.png", game="oh-hell", players=players)
    assert any(t.startswith("won ") for t in drawn), drawn  # a side seat's state on a second line
    assert not any(t.endswith("…") for t in drawn), drawn


@pytest.mark.parametrize("players", [3, 5, 6, 7])
def test_the_referee_seats_the_players_where_the_table_does(players):
    """One seating for both screens: as many up the left, along the top and down the right
    (six round a hexagon: two a side, one at the top), clockwise from seat 0 at the bottom."""
    import pygame

    from device.app.scenes.referee_seats import seat_spots
    from device.app.scenes.table.seating import places_round

    area = pygame.Rect(0, 0, 600, 400)
    spots = seat_spots(players, area, 10)[1:]

    def edge(x: int, y: int) -> str:
        return "left" if x < 150 else "right" if x > 450 else "top"

    assert [edge(x, y) for x, y in spots] == [p.edge for p in places_round(players - 1)]


def test_bids_by_the_physical_buttons():
    from device.events import Action as Button
    from device.events import ButtonEvent

    app = make_app((800, 480), game="oh-hell", players=3)
    try:
        tap_button(app, "real cards")
        ref = app.referee_session
        tap_button(app, "start")
        record = ref.template
        scan(app, record.trump_card)
        assert ref.phase == STEPS and ref.deal.turn == Seat(1)
        for action in (Button.RIGHT, Button.RIGHT, Button.SELECT):  # 0 -> 1 -> 2, chosen
            app.queue.post(ButtonEvent(action, source="gpio"))
            app.step(1 / 60)
        assert ref.deal.auction[0].tricks == 2
        assert "left/right" in ref.prompt()  # worded for the buttons in use
    finally:
        app.close()


def test_jokers_are_enrolled_from_the_enrolment_screen(tmp_path):
    with Store(tmp_path / "w.sqlite3") as store:
        app = make_app((800, 480))
        try:
            app.store = store
            app.go("enrol")
            tap_button(app, "reenrol")
            tap_button(app, "BJ")  # the big joker, below the 52
            assert app.scene.flow.next_card() == "BJ"
            app.queue.post(CardScanned(None, tag="0c0c0c0c01"))
            app.step(1 / 60)
            tap_button(app, "reenrol")
            tap_button(app, "LJ")
            app.queue.post(CardScanned(None, tag="0C0C0C0C02"))
            app.step(1 / 60)
            assert store.card_for_tag("0C0C0C0C01") == "BJ" and store.card_for_tag("0c0c0c0c02") == "LJ"
        finally:
            app.close()


def test_readers_for_each_seat_given_on_the_screen():
    app = make_app((800, 480), game="knockout", players=3)
    try:
        app.config = app.config.updated({"reader": {"per_seat": True}})
        tap_button(app, "real cards")
        ref = app.referee_session
        tap_button(app, "readers")
        assert ref.phase == "readers" and "Player 1, lay any card" in ref.prompt()
        app.queue.post(CardScanned(None, "0A0A", reader="/dev/whist-readers/usb-1-1.2"))
        app.step(1 / 60)
        tap_button(app, "skip_reader")  # Player 2: no reader
        app.queue.post(CardScanned("HQ", "0A0B", reader="/dev/whist-readers/usb-1-1.3"))
        app.step(1 / 60)
        assert ref.phase == SETUP
        assert ref.view().readers == {Seat(0): "/dev/whist-readers/usb-1-1.2",
                                      Seat(2): "/dev/whist-readers/usb-1-1.3"}
        tap_button(app, "start")
        assert ref.phase == TRUMP
    finally:
        app.close()


def test_play_referee_opens_the_family_screen_for_every_game(monkeypatch, capsys):
    from device.cli import main

    assert main(["play", "--referee", "--game", "no-such-game"]) == 2
    opened: list[str] = []

    def fake_run_play(args):  # the app itself is driven in the tests above
        opened.append(f"{args.game} {args.players} {args.referee}")
        return 0

    monkeypatch.setattr("device.app.main.run_play", fake_run_play)
    monkeypatch.setattr("device.commands.play._hall_configured", lambda args: False)
    assert main(["play", "--referee", "--game", "oh-hell", "--players", "6"]) == 0
    assert main(["play", "--referee", "--game", "widow"]) == 0
    assert main(["play", "--referee", "--game", "dummy"]) == 0
    assert opened == ["oh-hell 6 True", "widow None True", "dummy None True"]


def test_real_cards_play_the_house_rules_set_for_the_game():
    app = make_app(game="oh-hell", players=4)
    try:
        app.apply_config(app.config.updated({"rules": {"oh-hell": {"hook": False}}}))
        tap_button(app, "real cards")
        ref = app.referee_session
        assert isinstance(ref, Referee) and ref.rules.hook is False
        tap_button(app, "players")  # 4 -> 5: the house's settings kept at the new size
        assert ref.players == 5 and ref.rules.hook is False and ref.match.rules.hook is False
    finally:
        app.close()
