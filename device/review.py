"""The post-hand review as text and figures, from engine.ai.review's rows.

What the review screen (device.app.scenes.review) draws and ``whist-table
history --show ID --review`` prints: each card's double-dummy cost, the
headline, and the tricks your side could take card by card. No pygame here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from device import vocabulary
from device.words import count
from engine.cards import parse_card
from engine.seats import Seat

if TYPE_CHECKING:
    from engine.deal import Deal
    from engine.game import Game

def reviewable(game: Game) -> bool:
    """Whether engine.ai.review can cost the cards of ``game``'s hands: two sides of two
    playing for tricks with four hands of 13 (hands a file of deals can give), trumps fixed
    before the play (no auction, whose contracts change what a trick is worth)."""
    return game.partnerships and game.players == 4 and not game.has_auction and game.plays_boards


def name(seat: str) -> str:
    """A review row's seat (N E S W: the review is of the four-seat partnership game) as the
    table calls it: You, Partner, Left, Right."""
    return vocabulary.partner_seat_word(Seat.parse(seat))


def _int(row: Mapping[str, object], key: str) -> int:
    value = row[key]
    if not isinstance(value, int):
        raise TypeError(f"engine.ai.review's {key!r} is {value!r}, not a whole number")
    return value


@dataclass(frozen=True)
class CardCost:
    """One card of engine.ai.review's answer: the side's best tricks before and after it."""

    trick: int
    seat: str
    card: str
    before: int
    after: int
    cost: int
    mistake: bool
    best: tuple[str, ...]

    @classmethod
    def of(cls, row: Mapping[str, object]) -> CardCost:
        best = row["best"]
        if not isinstance(best, list | tuple):
            raise TypeError(f"engine.ai.review's 'best' is {best!r}, not a list of cards")
        return cls(_int(row, "trick"), str(row["seat"]), str(row["card"]), _int(row, "before"),
                   _int(row, "after"), _int(row, "cost"), bool(row["mistake"]), tuple(str(c) for c in best))


def plain_record(deal: Deal) -> list[tuple[str, str]]:
    """Without the AI's analysis: the hand trick by trick."""
    out: list[tuple[str, str]] = [
        ("dim", "The double-dummy analysis is not available; here is the hand as played.")]
    for i, t in enumerate(deal.tricks, 1):
        winner = t.winner(deal.order)
        plays = "   ".join(f"{vocabulary.seat_word(deal.game, s)} {c.symbol}" for s, c in t.plays())
        out.append(("b", f"Trick {i}: {vocabulary.seat_word(deal.game, winner)} won"))
        out.append(("t", plays))
    return out


def summary_lines(result: list[CardCost]) -> list[tuple[str, str]]:
    """The review's headline: costly cards and tricks lost, by side."""
    mistakes = [r for r in result if r.mistake and Seat.parse(r.seat).side == 0]
    theirs = [r for r in result if r.mistake and Seat.parse(r.seat).side == 1]
    lost = sum(r.cost for r in mistakes)
    return [("h", f"{vocabulary.WE}: {count(len(mistakes), 'costly card')}, {count(lost, 'trick')} lost"
                  if mistakes else f"{vocabulary.WE}: no card cost a trick"),
            ("t", f"{vocabulary.THEY}: {count(len(theirs), 'costly card')}" if theirs
                  else f"{vocabulary.THEY}: no card cost a trick"),
            ("dim", "Tricks are double-dummy: best play with every hand in view.")]


def review_lines(deal: Deal | None, result: list[CardCost] | None) -> list[tuple[str, str]]:
    """The review as text lines (style, text): the List view, and a terminal's."""
    if deal is None:
        return [("t", "Play a hand first: the review shows what each card cost.")]
    if not result:
        return plain_record(deal)
    out = summary_lines(result)
    trick: int | None = None
    for r in result:
        if r.trick != trick:
            trick = r.trick
            out.append(("", ""))
            out.append(("b", f"Trick {trick}"))
        card = parse_card(r.card)
        who = name(r.seat)
        line = f"{who}: {card.symbol}   (side's best: {r.after} tricks)"
        if r.mistake:
            line = f"{who}: {card.symbol}   (side's best: {r.before} → {r.after} tricks)"
        out.append(("t", line))
        if r.mistake:
            best = ", ".join(parse_card(b).symbol for b in r.best[:4])
            out.append(("bad", f"cost {count(r.cost, 'trick')}; better: {best}"))
    return out


TRICKS = 13


def side_series(result: list[CardCost]) -> list[int]:
    """The tricks your side (North-South) could take in the whole hand, double
    dummy: before the first card, then after every card reviewed."""
    if not result:
        return []

    def ours(r: CardCost, value: int) -> int:
        return value if Seat.parse(r.seat).side == 0 else TRICKS - value

    return [ours(result[0], result[0].before)] + [ours(r, r.after) for r in result]
