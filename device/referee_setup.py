"""The setup of a real-card match (device.referee.Referee): who plays each seat (a person
or an AI at its level), how many play where the game allows several, the first dealer, and
a reader per seat (each seat lays any card on its own reader in turn)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from device import referee_scan
from device.referee_view import READERS, SETUP
from engine.errors import RulesError
from engine.seats import Seat, around

if TYPE_CHECKING:
    from device.referee_protocol import Referee


def set_ai(ref: Referee, seat: Seat | int | str, level: str | None, *, check_phase: bool = True) -> None:
    """An AI in ``seat`` (``level``) or a person (None); only before the first deal."""
    if check_phase and (ref.match.deals or ref.phase != SETUP):
        raise RulesError(f"the seats are chosen before the first deal of a {ref.match_word}")
    s = ref._seat(seat)
    if int(s) >= ref.players:
        raise RulesError(f"{ref.game.title} is set for {ref.players} players: no seat {int(s) + 1}")
    if level is not None and s not in ref.seated():
        raise RulesError(f"{ref.seat_word(s)} is played by its declarer, a person or an AI")
    if level is None:
        ref.ai_seats.pop(s, None)
    else:
        ref.ai_seats[s] = level


def toggle_ai(ref: Referee, seat: Seat | int | str, level: str = "hard") -> None:
    """A person's seat to an AI at ``level``, an AI's to a person."""
    s = ref._seat(seat)
    if s not in ref.seated():
        ref._refuse(f"{ref.seat_word(s)} is played by its declarer: choose the players")
        return
    set_ai(ref, s, None if s in ref.ai_seats else level)


def set_players(ref: Referee, players: int) -> bool:
    """The table size, for a game played by several (before the first deal)."""
    if ref.phase != SETUP or ref.match.deals:
        return ref._refuse("the number of players is chosen before the first deal")
    try:
        game = ref.game.with_players(players)
    except RulesError as exc:
        return ref._refuse(str(exc))
    ref.rules = ref.rules_for(players) if ref.rules_for is not None else game.default_rules()
    ref.game = game.with_rules(ref.rules)
    ref.ai_seats = {s: v for s, v in ref.ai_seats.items() if int(s) < players}
    ref._seat_readers()
    if int(ref.setup_dealer) >= players:
        ref.setup_dealer = Seat(0)
    ref.matches -= 1
    ref.match = ref._new_match(ref.setup_dealer)
    return True


def step_dealer(ref: Referee, step: int = 1) -> None:
    """The setup's dealer moved on round the seats that may deal."""
    seat = ref.setup_dealer
    for _ in range(ref.players):
        seat = around(seat, step, ref.players)
        if seat in ref.seated():
            break
    ref.setup_dealer = seat


def choose_dealer(ref: Referee, seat: Seat | int | str) -> None:
    """The first dealer of the match; the deal then passes on from there."""
    if ref.phase != SETUP:
        raise RulesError("the dealer is chosen before the first hand")
    dealer = ref._seat(seat)
    ref.setup_dealer = dealer
    ref.matches -= 1  # the match not yet begun: its seed is kept for the one chosen now
    ref.match = ref._new_match(dealer)
    ref._say(f"{ref.name(dealer)} deals")
    referee_scan.begin_hand(ref)


def begin_readers(ref: Referee) -> bool:
    """A reader per seat: ask each seat in turn to lay any card on its own reader."""
    if ref.phase not in (SETUP, READERS):
        return ref._refuse("the readers are given their seats before the first deal")
    ref._seat_readers()
    ref.readers.start_setup()
    ref.phase = READERS
    ref._say("each player in turn lays any card on the reader in front of them; "
             "a seat without one: No reader here")
    return True


def skip_reader(ref: Referee) -> bool:
    """The seat asked has no reader of its own."""
    if ref.phase != READERS or ref.readers.asking is None:
        return False
    ref._say(ref.readers.skip())
    after_reader(ref)
    return True


def end_readers(ref: Referee) -> None:
    """Stop asking: the seats not yet asked keep no reader of their own."""
    if ref.phase == READERS:
        ref.readers.finish()
        after_reader(ref)


def after_reader(ref: Referee) -> None:
    """Every seat asked: the setup goes on, saying which seats have a reader of their own."""
    if ref.readers.asking is not None:
        return
    ref.phase = SETUP
    seats = ref.seats_with_readers()
    if seats:
        named = ", ".join(ref.name(s) for s in seats)
        ref._say(f"readers ready: {named} {'has' if len(seats) == 1 else 'have'} their own", "ok")
    else:
        ref._say("no seat has a reader of its own: every card is taken as the player's to move")


__all__ = ["after_reader", "begin_readers", "choose_dealer", "end_readers", "set_ai", "set_players",
           "skip_reader", "step_dealer", "toggle_ai"]
