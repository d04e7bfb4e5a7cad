"""Stored deals and rubbers as PBN that other programs open.

Every board carries the tags PBN requires of a game with a play section
(Event, Site, Date, Board, the four players, Dealer, Vulnerable, Deal,
Scoring, Declarer, Contract, Result) mapped for whist: the declarer is the
seat on the first leader's right (with no auction: the dealer), the contract
a one-level one in the trumps (``1H``, ``1NT``). Our own tags carry what PBN
has no word for; engine.pbnfile.play_tags writes them, and engine.pbnfile
reads the files back (``whist-table play --deals``).

A board is the engine's replay of the stored deal (device.store.recall): for
a rubber, the rebuilt match's hands with their scores; a deal thrown in
(a misdeal) is a board without a play section.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from device.store.recall import RecalledHand, deal_pbn, game_of, match_rules, recall_match, replay, side_pair
from engine.cards import SUIT_SYMBOLS, SUITS
from engine.deal import Deal
from engine.game import Game, GameRules
from engine.games import UNNAMED
from engine.games import game_of as game_of_rules
from engine.pbn import format_hand, format_hands
from engine.pbnfile import PbnGame, Tag, format_game, format_tag, play_tags, tags_text
from engine.seats import SEATS, Seat

if TYPE_CHECKING:
    from device.store import DealRow, MatchRow, Store

EVENT = "whist-table"
SEAT_TAGS = ("West", "North", "East", "South")
PLAYER_NAMES = {"human": "Player"}
SUIT_LETTERS = str.maketrans({sym: letter for sym, letter in zip(SUIT_SYMBOLS, SUITS, strict=True)})


class NotPbn(ValueError):
    """A game whose deals PBN (and the printed deal diagrams) cannot hold: its Deal tag is
    four hands from the 52 cards."""


def check_pbn(rules: GameRules) -> None:
    """Refuse, with the reason, a game whose deal is not four hands from the 52 cards
    (two to eight players, a short pack): a deal of it made here is counted."""
    game = game_of_rules(rules)
    record = game.next_record(rules, Seat(0), 0, "pbn")
    cards = sum(len(h) for h in record.hands() if h is not None) + sum(len(p) for _, p in record.piles)
    if game.players != 4 or cards != 52:
        what = f"{game.players} hands" if game.players != 4 else f"a {cards}-card pack"
        raise NotPbn(f"{game.title} deals {what}: PBN and the printed deals hold four hands from the 52 "
                     f"cards (history --json gives every card)")
    if type(game).exchange_to is not Game.exchange_to:
        raise NotPbn(f"in {game.title} the players pass cards to one another before the play: a PBN deal "
                     f"is the hands the play starts from, so PBN and the printed deals cannot say it "
                     f"(history --json gives every pass and card)")


def _date(row: DealRow) -> str:
    return (row.started or "")[:10].replace("-", ".") or "?"


def _deal_text(row: DealRow, deal: Deal | None) -> str:
    """The Deal tag: every hand the record holds, or rebuilt from the plays of a
    real deck's finished hand; "-" for a hand nobody saw."""
    if deal is not None:
        dealt = deal.dealt_hands()
        if all(h is not None for h in dealt):
            return format_hands([h for h in dealt if h is not None], deal.dealer)
        first = deal.dealer
        parts = []
        for i in range(4):
            hand = dealt[first.offset(i)]
            parts.append("-" if hand is None else format_hand(hand))
        return f"{first.name}:" + " ".join(parts)
    return deal_pbn(row.record) or "?"


def _players(match: MatchRow | None) -> dict[str, str]:
    players = match.players if match is not None and isinstance(match.players, dict) else {}
    out = {}
    for seat in SEATS:
        who = players.get(seat.name)
        out[seat.name] = "?" if who is None else PLAYER_NAMES.get(str(who), f"AI {who}")
    return out


def board_tags(row: DealRow, board: int, *, game: str = UNNAMED.name, rules: GameRules | None = None,
               hand: RecalledHand | None = None, match: MatchRow | None = None) -> list[Tag]:
    """The tags of one stored deal as board ``board``."""
    deal = hand.deal if hand is not None else None
    if deal is None:
        try:
            deal = replay(row, rules).deal
        except ValueError:
            deal = None
    players = _players(match)
    tags = [Tag("Event", EVENT, 0), Tag("Site", "?", 0), Tag("Date", _date(row), 0),
            Tag("Board", str(board), 0)]
    tags += [Tag(name, players[name[0]], 0) for name in SEAT_TAGS]
    tags += [Tag("Dealer", row.dealer, 0), Tag("Vulnerable", "None", 0),
             Tag("Deal", _deal_text(row, deal), 0), Tag("Scoring", "?", 0)]
    misdeal = bool((row.result or {}).get("misdeal"))
    if deal is None or deal.players != 4:
        # PBN's play section has four seats, one card each a trick: a game that is
        # not played so is given its deal and our tags only
        trump = str(row.record.get("trump") or "N").upper()[:1]
        tags.append(Tag("Trump", trump, 0))
        if row.record.get("trump_card"):
            tags.append(Tag("TrumpCard", str(row.record["trump_card"]), 0))
        tags.append(Tag("WhistGame", game, 0))
    else:
        score = hand.score if hand is not None else None
        tags += [t for t in play_tags(deal, score) if t.name != "Play"]
        if score is None:
            # A deal recalled without its rubber: the score the store kept.
            points = side_pair((row.result or {}).get("points"))
            if points is not None:
                tags.append(Tag("Score", f"NS {points[0]} EW {points[1]}", 0))
        tags = _whist_order(tags)
        if misdeal:  # an empty play section
            tags.append(Tag("Misdeal", "thrown in before play; the same dealer dealt again", 0))
        tags += [Tag("WhistGame", game, 0)]
        if rules is not None:
            tags.append(Tag("WhistRules", tags_text(rules.to_dict()), 0))
        tags += [t for t in play_tags(deal, score) if t.name == "Play"]
    return tags


# Our order puts the trumps and the result before the play section (as the release
# before the standard tags did), so a board reads top to bottom, play last.
_ORDER = ("Event", "Site", "Date", "Board", "West", "North", "East", "South", "Dealer", "Vulnerable",
          "Deal", "Scoring", "Declarer", "Contract", "Result", "Trump", "TrumpCard", "TricksNS",
          "TricksEW", "Score")


def _whist_order(tags: list[Tag]) -> list[Tag]:
    rank = {name: i for i, name in enumerate(_ORDER)}
    return sorted(tags, key=lambda t: rank.get(t.name, len(_ORDER)))


def deal_text(store: Store | None, row: DealRow, board: int | None = None) -> str:
    """One stored deal as a PBN game (its rubber rebuilt for the score when a
    store is given)."""
    number = board if board is not None else row.number
    if store is None:
        return format_game(board_tags(row, number))
    match = store.match(row.match_id)
    if match is None:
        return format_game(board_tags(row, number))
    check_pbn(match_rules(store, match.id))
    hands = _recalled(store, match)
    return format_game(board_tags(row, number, game=game_of(match), rules=match_rules(store, match.id),
                                  hand=hands.get(row.id), match=match))


def _recalled(store: Store, match: MatchRow) -> dict[int, RecalledHand]:
    try:
        return {h.row.id: h for h in recall_match(store, match)}
    except ValueError:
        return {}  # a rubber the engine cannot rebuild: each deal replayed alone


def rubber_games(store: Store, match: MatchRow) -> list[PbnGame]:
    """A stored rubber: each deal a board, in order (a misdeal too)."""
    game, rules = game_of(match), match_rules(store, match.id)
    check_pbn(rules)
    hands = _recalled(store, match)
    return [PbnGame(tuple(board_tags(row, i + 1, game=game, rules=rules, hand=hands.get(row.id),
                                     match=match)), 0)
            for i, row in enumerate(store.deals_of_match(match.id))]


def rubber_text(store: Store, match: MatchRow, sheet: Iterable[str] = ()) -> str:
    """A rubber's boards separated by empty lines; ``sheet`` (the score sheet's
    lines) follows as a commentary after the last board."""
    text = "\n".join(format_game(g.tags) for g in rubber_games(store, match))
    # PBN is ISO 8859-1 text: the sheet's suit symbols are written as letters.
    lines = [line.replace("}", ")").translate(SUIT_LETTERS) for line in sheet]
    if lines:
        text += "\n{Score sheet\n" + "\n".join(lines) + "\n}\n"
    return text


__all__ = ["NotPbn", "board_tags", "check_pbn", "deal_text", "format_tag", "rubber_games", "rubber_text"]
