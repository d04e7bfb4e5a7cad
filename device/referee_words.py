"""The referee's words for seats, strains, actions and the end of a hand (device.referee).
No pygame here; no game is named: the words follow the engine's actions and piles."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from device.referee_plan import player_counts
from device.vocabulary import DUMMY
from engine.actions import Action, Bid, Declare, Exchange, Play
from engine.cards import Card
from engine.deal import Deal, describe_action
from engine.game import Game, Phase
from engine.scoring import SIDE_LONG_NAMES, HandScore
from engine.seats import SEAT_NAMES, SIDE_NAMES, Seat

if TYPE_CHECKING:
    from device.referee_protocol import Referee
    from device.referee_racks import Key

STRAIN_WORDS = ("spades", "hearts", "diamonds", "clubs", "no trumps")
DEAD = "the dead hand"  # a hand laid away whole, out of the play


def player_name(seat: Seat, players: int) -> str:
    """North, East... at four; Player 1 to Player N at other table sizes."""
    return SEAT_NAMES[seat] if players == 4 else f"Player {int(seat) + 1}"


def strain_word(strain: int) -> str:
    return STRAIN_WORDS[strain]


def label_of(action: Action) -> str:
    """A button's words for a bid, a pass or a declaration."""
    if isinstance(action, Declare):
        strain = "SHDCN".index(action.trump) if action.trump else None
        words = strain_word(strain).capitalize() if strain is not None else ""
        if action.trump == "N" and action.order:
            return f"No trumps {action.order}"
        return words or str(action.order)
    if isinstance(action, Bid) and action.tricks is not None:
        return str(action.tricks)
    return describe_action(action).capitalize()


def said_of(action: Action, hide: bool = False) -> str:
    """An action in words for the messages (a discard never names its cards)."""
    if isinstance(action, Declare):
        strain = "SHDCN".index(action.trump) if action.trump else None
        words = f"names {strain_word(strain)}" if strain is not None else "names"
        return f"{words} ({action.order})" if action.order in ("downtown",) or action.trump == "N" else words
    if isinstance(action, Exchange):
        return f"{len(action.discard)} cards laid away"
    if isinstance(action, Play):
        return f"card {action.card.symbol}" if not hide else "card"
    if isinstance(action, Bid) and action.tricks is not None:
        return f"bids {action.tricks}"
    return describe_action(action)


def verb_of(phase: Phase) -> str:
    return {Phase.AUCTION: "bid", Phase.DECLARE: "name trumps", Phase.EXCHANGE: "lay away"}.get(phase, "play")


# -- whole-hand exchanges: the pile offered (a widow) or the hand another rejected ---------------
def swapping(deal: Deal) -> bool:
    """The exchange offered now is a swap for the hand another laid away, not the pile's."""
    return bool(deal.exchanges)


def offered_pile(deal: Deal, game: Game) -> str:
    from device.referee_racks import exchange_pile

    return exchange_pile(game, deal) or "kitty"


def whole_label(deal: Deal, game: Game, action: Exchange) -> str:
    """A person's button for a whole-hand exchange."""
    if swapping(deal):
        return "Swap hands"
    pile = offered_pile(deal, game)
    return "Keep my hand" if set(action.discard) == set(deal.record.pile(pile)) else f"Keep the {pile}"


def whole_said(deal: Deal, game: Game, action: Action) -> str | None:
    """The message for a call or an exchange of whole hands (None: the shared words)."""
    pile = offered_pile(deal, game)
    if isinstance(action, Bid) and action.call is not None:
        return f"takes the {pile}" if not swapping(deal) else "swaps for the hand rejected, unseen"
    if not isinstance(action, Exchange):
        return None
    if len(deal.exchanges) > 1:
        return "has swapped: its own hand is laid away, dead"
    if set(action.discard) == set(deal.record.pile(pile)):
        return f"keeps its own hand: the {pile} is laid away, dead"
    return f"keeps the {pile}: its own hand is laid away, dead"


def whole_ai_moves(deal: Deal, game: Game, name: str, action: Exchange) -> str:
    """Where an AI's cards go after its whole-hand exchange (no card of its rack named)."""
    pile = offered_pile(deal, game)
    if len(deal.exchanges) > 1:
        return (f"{name}'s rack aside face down (dead); the hand offered into its rack, the first laid "
                "away at the left")
    if set(action.discard) == set(deal.record.pile(pile)):
        return f"the {pile} aside face down: {DEAD}"
    return f"{name}'s rack aside face down (dead); the {pile} into its rack, first scanned at the left"


def whole_prompt(deal: Deal, game: Game, name: str, laid: int, touch: bool) -> str:
    """A person's whole-hand exchange."""
    if swapping(deal):
        return (f"{name} swaps: scan the 13 cards of your own hand as you lay them away face down "
                f"({laid} of 13), then pick up the hand offered")
    if laid:
        return f"{name} lays a hand away: {laid} of 13 scanned, face down"
    pile = offered_pile(deal, game)
    how = "tap Keep my hand" if touch else "select Keep my hand"
    return (f"{name} took the {pile}: {how} (the {pile} laid away), or to keep the {pile} scan your "
            "own 13 cards as you lay them away face down")


def whole_offer(deal: Deal, game: Game, name: str, how: str) -> str:
    """A person offered the pile, or the hand rejected."""
    if swapping(deal):
        return f"{name}: swap your hand for the one rejected, unseen, or pass ({how} on the screen)"
    return f"{name}: take the {offered_pile(deal, game)}, or pass ({how} on the screen)"


def whole_refusal(deal: Deal, game: Game, laid: list[Card], card: Card) -> str | None:
    """Why a person's scanned card cannot be laid away now: the cards are one hand whole."""
    if swapping(deal):
        if card in set(deal.exchanges[-1].discard):
            return f"{card.symbol} is of the hand offered: lay away your own hand's 13"
        return None
    pile = set(deal.record.pile(offered_pile(deal, game)))
    if laid and (laid[0] in pile) != (card in pile):
        first = f"the {offered_pile(deal, game)}" if laid[0] in pile else "your own hand"
        return f"keep one hand whole: {card.symbol} is not of {first}, the hand being laid away"
    return None


# -- the words of a seat's rack, a pile, a reader ---------------------------------------------
def lay(ref: Referee, seat: Seat) -> str:
    """Where ``seat``'s card goes: "on the reader", "on West's reader", "on any reader"."""
    if not ref.readers.per_seat:
        return "on the reader"
    if ref.readers.reader_of(seat) is not None:
        return f"on {ref.seat_word(seat)}'s reader"
    return "on any reader"


def holder(ref: Referee, key: Key) -> str:
    """Whose rack a card goes into at the deal: "AI East", "the dummy", "the kitty"."""
    if isinstance(key, Seat):
        if key not in ref.seated():
            return f"the {ref.seat_word(key).lower()}"
        return ref._ai_name(key) if ref.is_ai(key) else f"{ref.name(key)}'s one card"
    return pile_words(ref, key)


def scan_next(ref: Referee, key: Key) -> str:
    """"scan East's next card", "scan the kitty's next card"."""
    who = ref.seat_word(key) if isinstance(key, Seat) and ref.is_ai(key) else holder(ref, key)
    return f"scan {who}'s next card"


def pile_words(ref: Referee, name: str) -> str:
    """What a pile is called on the screen: "the stock", "Player 2's face-down layout"."""
    if name == "discard" and ref.whole_exchanges:
        return DEAD
    for prefix, side in (("down", "face-down"), ("up", "face-up")):
        if name.startswith(prefix) and name[len(prefix):].isdigit():
            return f"{ref.seat_word(Seat(int(name[len(prefix):])))}'s {side} layout"
    key = name.rstrip("0123456789")
    if key != name and int(name[len(key):]) < ref.players:  # a seat's own pile (its later packets)
        return f"{ref.seat_word(Seat(int(name[len(key):])))}'s {key}"
    return f"the {name}"


def rack_name(ref: Referee, key: Key) -> str:
    return f"{ref.seat_word(key)}'s rack" if isinstance(key, Seat) else pile_words(ref, key)


def setup_words(ref: Referee) -> str:
    """What the setup chooses: the dealer, and the players where the game is played by several."""
    return "the dealer" if len(player_counts(ref.game)) <= 1 else "the players and the dealer"


# -- the end of a hand ---------------------------------------------------------------------------
def side_words(game: Game) -> tuple[str, ...]:
    """The sides in full where they are the compass's ("North-South"), else the game's names."""
    return SIDE_LONG_NAMES if game.side_names == SIDE_NAMES else game.side_names


def tricks_line(deal: Deal, game: Game, name: Callable[[Seat], str]) -> str:
    if game.partnerships:
        ns, ew = deal.tricks_taken()
        sides = side_words(game)
        return f"tricks: {sides[0]} {ns}, {sides[1]} {ew}"
    seats = [s for s in deal.seats if s not in deal.out]
    return "tricks: " + ", ".join(f"{name(s)} {deal.taken[s]}" for s in seats)


def named_note(note: str, players: int, name: Callable[[Seat], str]) -> str:
    """An engine note with its seat labels (0 to N-1 away from four) as the screen's names."""
    if players == 4:
        return note

    def names(labels: str) -> str:
        return ", ".join(name(Seat(int(x))) if x.isdigit() else x for x in labels.split(", "))

    for prefix in ("out: ", "no tricks: ", "shared win: "):
        if note.startswith(prefix):
            return prefix + names(note[len(prefix):])
    last = " is the last player left"
    if note.endswith(last) and note[:-len(last)].isdigit():
        return names(note[:-len(last)]) + last
    return note


def summary(s: HandScore, deal: Deal | None, game: Game, target: int, sides: tuple[str, ...],
            name: Callable[[Seat], str], call: str | None) -> list[str]:
    """The hand-over lines: who dealt, trumps and the contract, tricks, revokes and their
    penalty, bids, honours, points, the total and a game won."""
    lines = [f"hand {s.number}: {name(s.dealer)} dealt, {strain_word(s.trump)}" +
             (" were trumps" if s.trump < 4 else "") + (f" - {call}" if call else "")]
    if deal is not None:
        lines.append(tricks_line(deal, game, name))
    for r in s.revokes:
        lines.append(f"revoke: {name(r.seat)} in trick {r.trick} (proven in trick {r.proven_in})")
    if any(s.penalty):
        to = ", ".join(f"{p} to {sides[i]}" for i, p in enumerate(s.penalty) if p)
        lines.append(f"revoke penalty: {to} (tricks now " +
                     ", ".join(f"{sides[i]} {t}" for i, t in enumerate(s.adjusted)) + ")")
    if deal is not None and any(isinstance(a, Bid) and a.tricks is not None for a in deal.auction):
        lines.append("bids: " + ", ".join(f"{name(a.seat)} {a.tricks}" for a in deal.auction
                                          if isinstance(a, Bid)))
    if any(s.honours):
        lines.append("honours: " + ", ".join(f"{sides[i]} {h}" for i, h in enumerate(s.honours)))
    lines.append("points: " + ", ".join(f"{sides[i]} {p:+d}" for i, p in enumerate(s.points)))
    lines.extend(named_note(note, game.players, name) for note in s.notes if not note.startswith("bids "))
    lines.append("total: " + ", ".join(f"{sides[i]} {p}" for i, p in enumerate(s.game_after)) +
                 f" (to {target})")
    if s.game_won_by is not None:
        lines.append(f"game to {sides[s.game_won_by]}")
    return lines


__all__ = ["DEAD", "DUMMY", "STRAIN_WORDS", "holder", "label_of", "lay", "named_note", "pile_words",
           "player_name", "rack_name", "said_of", "scan_next", "setup_words", "side_words", "strain_word",
           "summary", "swapping", "tricks_line", "verb_of", "whole_ai_moves", "whole_label", "whole_offer",
           "whole_prompt", "whole_refusal", "whole_said"]
