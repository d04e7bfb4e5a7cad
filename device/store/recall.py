"""Reading stored deals back: the hands, the tricks, the rubber's scores.

Every stored deal is replayed by the engine (engine.deal.Deal from its
DealRecord and its actions, undo rows folded), and the hands, tricks and trick
winners are read from that replay: the rules live in the engine alone. A
rubber is rebuilt whole by device.store.matches.rebuild (engine.match.Match), and
:func:`recall_match` reads each hand's score and the totals after it from
there. See device.store for the stored keys this reads.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from device.store import DealRow, MatchRow
from device.store.matches import MATCH_KEY, MISDEAL, fold_undos, header_of, rebuild
from engine.actions import Action, Play, action_from_dict
from engine.cards import Card, parse_card, parse_cards, parse_strain
from engine.deal import Deal, DealRecord
from engine.errors import NotationError, RulesError, WhistError
from engine.game import GameRules
from engine.games import UNNAMED, get_game
from engine.pbn import format_hands, parse_hands
from engine.scoring import HandScore
from engine.seats import SEATS, Seat
from engine.trick import Trick as EngineTrick

if TYPE_CHECKING:
    from device.store import Store

TRUMP_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs", "N": "no trumps"}


class RecallError(ValueError):
    """A stored deal the engine cannot replay; the message says which and why."""


@dataclass(frozen=True)
class Trick:
    leader: str
    plays: list[tuple[str, str]]  # (seat, card) in playing order
    winner: str | None  # None while the trick is incomplete


# ----- one deal ------------------------------------------------------------------


def record_of(record: dict[str, Any], dealer: str | None = None) -> DealRecord:
    """The engine's record of a stored deal: ``pack`` or ``known`` as the journal
    writes them, or the older ``deal`` (PBN) / ``hands`` (seat -> cards) forms."""
    try:
        data = dict(record)
        if dealer is not None:
            data.setdefault("dealer", dealer)
        data["trump"] = str(data.get("trump") or "N")
        if isinstance(data.get("deal"), str) or isinstance(data.get("hands"), dict):
            if isinstance(data.get("deal"), str):
                hands = tuple(parse_hands(data["deal"]))
            else:
                hands = tuple(frozenset(parse_cards(data["hands"].get(s.name, []))) for s in SEATS)
            card = data.get("trump_card")
            return DealRecord(Seat.parse(str(data["dealer"])), parse_strain(data["trump"]), None,
                              parse_card(str(card)) if card else None, hands)
        return DealRecord.from_dict(data)
    except (NotationError, RulesError, KeyError, TypeError) as exc:
        raise RecallError(f"the deal record cannot be read: {exc}") from exc


def hands_of(record: dict[str, Any]) -> tuple[frozenset[Card], ...] | None:
    """The four dealt hands (N, E, S, W) from a deal record, or None if it has not
    all of them (a real deck: the table saw only the AI seats' cards)."""
    try:
        hands = record_of(record).hands()
    except RecallError:
        return None
    if any(not h for h in hands):
        return None
    return tuple(h for h in hands if h is not None)


def deal_pbn(record: dict[str, Any]) -> str | None:
    hands = hands_of(record)
    return None if hands is None else format_hands(hands, record.get("dealer", "N"))


def _action(stored: dict[str, Any], deal: Deal) -> Action:
    """A stored action as the engine's: a row with a card is a play (its seat, else
    the seat to play)."""
    if "card" in stored:
        seat = stored.get("seat") or deal.turn
        if seat is None:
            raise RulesError("the hand is over: no more cards can be played")
        return Play(Seat.parse_at(seat, deal.players), parse_card(str(stored["card"])))
    return action_from_dict(stored, deal.players)


def _is_action(stored: object) -> bool:
    return isinstance(stored, dict) and ("card" in stored or stored.get("type") in GAME_ACTIONS)


# what a stored row may hold besides plays: a claim, and the auction of a game that bids
GAME_ACTIONS = ("claim", "bid", "pass", "declare", "exchange")


@dataclass(frozen=True)
class Replayed:
    """A stored deal replayed by the engine."""

    deal: Deal  # every stored action the engine took, in order
    refused: str | None = None  # why it refused the next one (the rest is not applied)


def replay(row: DealRow, rules: GameRules | None = None) -> Replayed:
    """The engine's deal after the row's actions (undos folded). Raises RecallError
    if the record cannot be read; an action the engine refuses stops the replay."""
    deal = Deal(record_of(row.record, row.dealer), rules)
    for n, stored in enumerate(fold_undos(row.actions), 1):
        if not _is_action(stored):
            continue  # not a play or a claim: kept in the journal, no part of the play
        try:
            deal.apply(_action(stored, deal))
        except (NotationError, RulesError, TypeError) as exc:
            return Replayed(deal, f"action {n} ({_describe(stored)}) cannot be replayed: {exc}")
    return Replayed(deal)


def _describe(stored: dict[str, Any]) -> str:
    return ", ".join(f"{k}={v}" for k, v in stored.items())


def _plays(trick: EngineTrick) -> list[tuple[str, str]]:
    return [(seat.name, str(card)) for seat, card in trick.plays()]


def tricks_in(deal: Deal) -> list[Trick]:
    """The engine's tricks, the one in progress (if any) last, without a winner."""
    out = [Trick(t.leader.name, _plays(t), t.winner(deal.order).name) for t in deal.tricks]
    if deal.current.cards:
        out.append(Trick(deal.current.leader.name, _plays(deal.current), None))
    return out


def tricks_of(deal: DealRow) -> list[Trick]:
    """The card plays grouped into tricks, as the engine replays them."""
    return tricks_in(replay(deal).deal)


def _winner(plays: Sequence[tuple[str, str]], trump: str) -> str:
    """The seat winning a trick given as (seat, card) plays, by the engine's rule."""
    trick = EngineTrick(Seat.parse(plays[0][0]), tuple(parse_card(c) for _, c in plays))
    return trick.winner(parse_strain(trump)).name


def other_actions(deal: DealRow) -> list[dict[str, Any]]:
    """Actions that are not card plays (claims, concessions...), in order."""
    return [a for a in fold_undos(deal.actions) if not (isinstance(a, dict) and "card" in a)]


# ----- a rubber --------------------------------------------------------------------


def match_rules(store: Store | None, match_id: int) -> GameRules:
    """The rubber's rules as stored, of its game (the journal keeps its header beside them)."""
    row = store.match(match_id) if store is not None else None
    if row is None:
        return UNNAMED.default_rules()
    data = row.rules if isinstance(row.rules, dict) else {}
    game = get_game(game_of(row))
    try:
        return game.rules_from_dict({k: v for k, v in data.items() if k not in (MATCH_KEY, "game")})
    except (WhistError, TypeError, ValueError):
        return game.default_rules()


def game_of(row: MatchRow) -> str:
    """The game a stored rubber was played at (stores from before the other games name none)."""
    rules = row.rules if isinstance(row.rules, dict) else {}
    name = rules.get("game") or header_of(row).get("game")
    return str(name) if name else UNNAMED.name


@dataclass(frozen=True)
class RecalledHand:
    """One hand of a rubber as the engine rebuilds it from the store."""

    row: DealRow
    number: int  # 1-based hand number in the rubber (thrown-in deals not counted)
    deal: Deal  # the engine's deal with every stored action applied
    score: HandScore | None  # None while the hand is in play
    game: tuple[int, ...] | None  # the game's score after the hand (NS, EW)
    games: tuple[int, ...] | None  # games won after the hand
    rubber_winner: int | None  # the side that won the rubber with this hand


def recall_match(store: Store, row: MatchRow) -> list[RecalledHand]:
    """Every hand of a stored rubber (thrown-in deals left out), rebuilt by the
    engine: the same fold that resumes a rubber after a power cut."""
    match = rebuild(store, row)
    rows = [d for d in store.deals_of_match(row.id) if not (d.result or {}).get(MISDEAL)]
    if len(rows) != len(match.deals):
        raise RecallError(f"rubber {row.id}: {len(rows)} hands stored, {len(match.deals)} rebuilt")
    out = []
    for i, (deal_row, deal) in enumerate(zip(rows, match.deals, strict=True)):
        number = i + 1
        score = match.hands[i] if i < len(match.hands) else None
        game = games = None
        winner = None
        if score is not None:
            game = score.game_after
            won = [0] * match.game.sides  # by side, or by seat where each plays alone
            for g in match.games:
                if g.hands[-1] <= number:
                    won[g.winner] += 1
            games = tuple(won)
            if number == len(match.hands) and match.winner is not None:
                winner = match.winner
        out.append(RecalledHand(deal_row, number, deal, score, game, games, winner))
    return out


# ----- the stored results, and PBN -------------------------------------------------


def side_pair(value: object) -> tuple[object, object] | None:
    """(NS, EW) from ``[ns, ew]`` or ``{"NS": ns, "EW": ew}``; None if neither."""
    if isinstance(value, list | tuple) and len(value) == 2:
        return value[0], value[1]
    if isinstance(value, dict) and ("NS" in value or "EW" in value):
        return value.get("NS", "?"), value.get("EW", "?")
    return None


def side_name(value: object) -> str | None:
    """A side as "NS"/"EW" from 0/1 or the name itself."""
    if value in (0, "NS"):
        return "NS"
    if value in (1, "EW"):
        return "EW"
    return None
