"""Pairing codes work once and expire, wrong ones cost a growing wait, only a token's hash is
kept on disk, and the phone player takes only what its seat may do."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from device.driver import AIPlayer, Driver
from device.remote.link import BEAT, SILENT, TableLink
from device.remote.pairing import CODE_LIFE, Pairing, PairingError, SeatsFileError, clean_name
from device.remote.player import PhoneListener, PhonePlayer
from engine.actions import Play
from engine.games import get_game
from engine.match import Match
from engine.seats import Seat


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_a_code_expires_and_works_once(tmp_path: Path) -> None:
    clock = Clock()
    pairing = Pairing(tmp_path / "seats.json", clock)
    code = pairing.offer(1).code
    clock.now += CODE_LIFE
    with pytest.raises(PairingError):
        pairing.redeem(code, "Ann", "a")
    code = pairing.offer(1).code
    seat, token = pairing.redeem(code, "Ann", "b")
    assert seat == 1 and pairing.seat_of(token) == 1 and pairing.seat_of(token + "x") is None
    with pytest.raises(PairingError):
        pairing.redeem(code, "Bob", "c")
    stored = (tmp_path / "seats.json").read_text()
    assert token not in stored and json.loads(stored)["1"]["name"] == "Ann"
    assert Pairing(tmp_path / "seats.json").seat_of(token) == 1  # after a power cut


def test_each_wrong_code_doubles_the_wait_of_its_sender() -> None:
    clock = Clock()
    pairing = Pairing(None, clock)
    code = pairing.offer(0).code
    wrong = "999999" if code != "999999" else "888888"
    waits = []
    for _ in range(4):
        with pytest.raises(PairingError) as refused:
            pairing.redeem(wrong, "", "mallory")
        waits.append(refused.value.retry_after)
        with pytest.raises(PairingError, match="wait"):  # even the right code, too soon
            pairing.redeem(code, "", "mallory")
        clock.now += refused.value.retry_after
    assert waits == [1.0, 2.0, 4.0, 8.0]
    assert pairing.redeem(code, "", "ann")[0] == 0  # another sender is not held up


def test_a_damaged_seats_file_is_named(tmp_path: Path) -> None:
    (tmp_path / "seats.json").write_text("{not json")
    with pytest.raises(SeatsFileError, match="seats.json"):
        Pairing(tmp_path / "seats.json")


@given(st.text(max_size=80))
def test_a_name_is_short_and_printable(name: str) -> None:
    shown = clean_name(name)
    assert 0 < len(shown) <= 16 and shown.isprintable() and shown == shown.strip()


def _table() -> tuple[Match, TableLink, Pairing, PhonePlayer, Driver]:
    link, clock = TableLink(), Clock()
    link.clock = clock
    pairing = Pairing(None, clock)
    match = Match(game=get_game("classic"), seed="unit")
    ai = AIPlayer("rules")
    phone = PhonePlayer(link, pairing, Seat.S, ai, wait=10.0)
    players = {s: phone if s == Seat.S else ai for s in map(Seat, range(4))}
    driver = Driver(match, players, (PhoneListener(link, lambda: match),))
    driver.start()
    return match, link, pairing, phone, driver


def test_the_phone_seat_waits_takes_only_a_legal_move_and_is_the_ai_s_when_quiet() -> None:
    match, link, pairing, phone, driver = _table()
    seat, _ = pairing.redeem(pairing.offer(int(Seat.S)).code, "Ann", "x")
    link.connected(seat, True)
    while driver.to_act()[0] != Seat.S:  # type: ignore[index]
        driver.step()
    deal = match.current
    assert deal is not None
    assert driver.step() is None  # waiting for Ann
    assert phone.label == "Ann (phone)"
    illegal = next(Play(Seat.S, c) for c in deal.hand(Seat.S) if Play(Seat.S, c) not in deal.legal_actions())
    link.hand_in(seat, illegal)
    assert driver.step() is None and "not yours to do" in link.state(seat)[2]
    link.connected(seat, False)
    link.clock.now += 9.9  # type: ignore[attr-defined]
    assert driver.step() is None  # still waited for
    link.clock.now += 0.1  # type: ignore[attr-defined]
    assert driver.step() is not None  # the AI plays for the quiet phone
    # each seat's observation holds its own hand only; the watchers' view holds none
    for i in range(4):
        shown = json.loads(link.state(i)[1])["observation"]["hand"] if link.state(i)[1] else []
        assert set(shown) <= {str(c) for c in deal.hand(Seat(i))}
    view = json.loads(link.view()[1])["view"]
    assert "hand" not in view and "hands" not in view and "legal" not in view and "piles" not in view


def test_the_watchers_see_the_hands_once_the_hand_is_over() -> None:
    match, link, pairing, phone, driver = _table()
    dealt = match.current.record.hands()  # type: ignore[union-attr]
    driver.play_out()
    view = json.loads(link.view()[1])["view"]
    assert view["phase"] == "over"
    assert view["hands"]["N"] == [str(c) for c in sorted(dealt[Seat.N])]  # type: ignore[arg-type]


def test_the_phone_s_score_line_moves_when_the_hand_is_scored() -> None:
    match, link, pairing, phone, driver = _table()
    driver.play_out()  # nobody holds South: the AI plays it
    before = json.loads(link.state(int(Seat.S))[1])["observation"]["scores"]["game"]
    assert before == {"NS": 0, "EW": 0}
    score = driver.play_hand()  # scored now, the next hand not yet dealt
    assert match.current is None
    message = json.loads(link.state(int(Seat.S))[1])
    after = message["observation"]["scores"]["game"]
    assert after == dict(zip(("NS", "EW"), score.game_after, strict=True)) and after != before
    assert message["observation"]["phase"] == "over" and message["words"]["status"] == "The hand is over"
    assert json.loads(link.view()[1])["view"]["scores"]["game"] == after


def _south_to_act(driver: Driver) -> None:
    while driver.to_act()[0] != Seat.S:  # type: ignore[index]
        driver.step()


def test_a_phone_in_sight_is_waited_for_however_long_one_thinks_and_one_out_of_sight_is_not() -> None:
    match, link, pairing, phone, driver = _table()
    seat, _ = pairing.redeem(pairing.offer(int(Seat.S)).code, "Ann", "x")
    link.connected(seat, True)
    _south_to_act(driver)
    for _ in range(60):  # five minutes' thought, the page open and beating
        link.clock.now += BEAT  # type: ignore[attr-defined]
        link.heard(seat)
        assert driver.step() is None
    assert phone.label == "Ann (phone)"
    link.heard(seat, visible=False)  # the phone's screen goes off, its websocket still open
    link.clock.now += 9.9  # type: ignore[attr-defined]
    assert driver.step() is None
    link.clock.now += 0.1  # type: ignore[attr-defined]
    assert driver.step() is not None and phone.label == "Ann (phone away: AI plays)"
    link.heard(seat)  # in sight again: the seat is the phone's where the hand stands
    assert phone.label == "Ann (phone)"
    _south_to_act(driver)
    assert driver.step() is None


def test_a_phone_connected_but_silent_is_played_by_the_ai() -> None:
    match, link, pairing, phone, driver = _table()
    seat, _ = pairing.redeem(pairing.offer(int(Seat.S)).code, "Ann", "x")
    link.connected(seat, True)  # a page that opened its websocket and never beats (frozen, or gone)
    _south_to_act(driver)
    link.clock.now += SILENT - 0.1  # type: ignore[attr-defined]
    assert driver.step() is None  # a beat or two may be late
    link.clock.now += 0.1  # type: ignore[attr-defined]
    assert driver.step() is not None
