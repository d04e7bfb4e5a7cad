"""The text demo of the games where each plays alone at two to seven seats
(Oh Hell, Knockout): :func:`device.headless.run_headless` hands them here.

The same run as the four-seat demo (seeded, journalled through ``on_action``
and ``on_match``, carried on from ``resume``), printed by seat: the hands,
each seat's bid, the tricks, and after each hand every player's points and
total; a player knocked out and the winner are said as they happen.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from device.words import count
from engine.actions import Bid
from engine.deal import Deal, describe_action
from engine.game import Game, GameRules
from engine.match import Match
from engine.seats import Seat

if TYPE_CHECKING:
    from device.headless import Actor, OnAction, OnMatch, Printer


def seat_word(seat: Seat) -> str:
    return f"P{int(seat) + 1}"


def _word(deal: Deal, seat: Seat) -> str:
    # a hand beyond the players is dummy whist's dummy, played by its declarer
    return "D" if int(seat) >= deal.game.sides else seat_word(seat)


def _auction(deal: Deal) -> str:
    """A named auction (Solo's bids, taking the widow, dummy whist's levels) and its contract."""
    contract = deal.contract
    assert contract is not None
    said = ", ".join(f"{seat_word(a.seat)} {describe_action(a)}" for a in deal.auction)
    who = "" if contract.declarer is None else f", {seat_word(contract.declarer)}"
    return f"Auction: {said or 'none'} ({contract.call}{who})"


def _hands(p: Printer, deal: Deal) -> list[str]:
    lines = []
    for seat, cards in zip(deal.seats, deal.dealt_hands(), strict=True):
        if seat in deal.out:
            lines.append(f"  {_word(deal, seat):<3}  (out)")
        else:
            lines.append(f"  {_word(deal, seat):<3}  {p.hand(cards)}")
    return lines


def _trick(p: Printer, number: int, deal: Deal) -> str:
    trick = deal.tricks[number - 1]
    plays = "  ".join(f"{_word(deal, s)}:{p.card(c, 3)}" for s, c in trick.plays())
    return f"Trick {number:<2}  {plays}  -> {_word(deal, trick.winner(deal.order))}"


def run_solo(hands: int, seed: int | str | None, p: Printer, game: Game, rules: GameRules, actor: Actor,
             who: str, delay: float = 0, on_action: OnAction | None = None, *, resume: Match | None = None,
             rubber: int = 1, hands_done: int = 0, on_match: OnMatch | None = None,
             keep_matches: bool = True) -> list[Match]:
    n = game.players
    p.say(f"Whist table demo ({game.title}): {count(hands, 'hand')}, {who} in all {game.sides} seats"
          + (f", seed {seed}" if seed is not None else "") + ".")
    p.say(rules.summary())

    def match_seed(k: int) -> str | None:
        return None if seed is None else f"{seed}/rubber{k}"

    if resume is not None:
        match = resume
    else:
        match = Match(rules, Seat(0), match_seed(rubber), game)
        if on_match is not None:
            on_match(match, rubber, hands_done)
    matches = [match]
    played = hands_done + len(match.hands)
    before = played
    finished = 0
    while played < hands:
        if match.is_over:
            rubber += 1
            match = Match(rules, match.next_dealer, match_seed(rubber), game)
            if on_match is not None:
                on_match(match, rubber, played)
            if not keep_matches:
                matches.clear()
            matches.append(match)
            p.say()
            p.say(f"=== Game {rubber} ===")
        deal = match.current or match.new_deal()
        p.say()
        p.say(f"--- Game {rubber}, hand {len(match.hands) + 1} (hand {played + 1} of {hands}): "
              f"{seat_word(deal.dealer)} deals {count(deal.tricks_per_hand, 'card')}, {p.trump(deal)} ---")
        for line in _hands(p, deal):
            p.say(line)
        said = False
        while not deal.is_over:
            seat = deal.turn
            assert seat is not None
            action = actor(match.observe(seat), match.move_seed())
            done = match.apply(action)
            if on_action is not None:
                on_action(match, action)
            if not said and deal.contract is not None:
                said = True
                counts = [a for a in deal.auction if isinstance(a, Bid) and a.tricks is not None]
                bids = [f"{seat_word(a.seat)} {a.tricks}" for a in counts]
                if game.has_auction and not counts:
                    p.say(_auction(deal))
                elif bids:
                    p.say("Bids: " + ", ".join(bids) + f" ({deal.contract.call})")
                elif deal.contract.declarer is not None:
                    p.say(f"Trumps: {deal.contract.call} by {seat_word(deal.contract.declarer)}")
            if done is not None:
                p.say(_trick(p, len(deal.tricks), deal))
                if delay > 0:
                    time.sleep(delay)
        score = match.finish_deal()
        played += 1
        p.say("  " + "  ".join(f"{seat_word(Seat(s))} {score.tricks[s]}t {score.points[s]:+d} = {total}"
                               for s, total in enumerate(score.game_after) if Seat(s) not in deal.out))
        counted = any(isinstance(a, Bid) and a.tricks is not None for a in deal.auction)
        named = game.has_auction and not counted
        for note in score.notes:
            if named:  # what the contract made (Solo, widow and dummy whist)
                p.say(f"  {note}")
            elif note.startswith("out: "):
                knocked = [Seat.parse_at(x.strip(), n) for x in note[5:].split(",")]
                p.say("  Knocked out: " + ", ".join(seat_word(s) for s in knocked))
        if match.is_over:
            finished += 1
            w = match.winner
            assert w is not None
            p.say(f"*** Game {rubber} to {seat_word(Seat(w))} ***")
    p.say()
    earlier = f" ({count(before, 'hand')} played before)" if before else ""
    p.say(f"Played {count(played - before, 'hand')}{earlier}; {count(finished, 'game')} finished.")
    return matches


__all__ = ["run_solo", "seat_word"]
