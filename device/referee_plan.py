"""What a real-card table scans, and when, for any game: read from the game's description
(``game.table.scans``, engine.table_spec) and the engine's own next deal of the match (its cards
thrown away; its shape kept). No game is named here.

At the deal the referee (device.referee) scans the turned card where the description turns one
and the engine's hand has one (the dealer's last card, or the top of a pile); then face down each
AI seat's rack, a hand nobody sits at (a scan of a pile that is no pile of the deal: the
pile the description names for it), a person's one card on a dog's life (one card where the others hold more),
and the piles the description scans at the deal (a kitty, a widow, face-up layouts). A pile the
description scans every trick (a stock, face-down layouts) is scanned face down at the deal too,
in order, so the cards the AI draws from it are known; then each card it turns up is scanned.
A seat's own cards dealt for later (packets taken up during the play: a pile of the deal record
named for the seat, which the description does not scan) are scanned after that seat's rack where
its hand is scanned, face down and in the order they are taken up; a person's are never seen.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.cards import Card
from engine.deal import DealRecord
from engine.errors import RulesError
from engine.game import Game, GameRules
from engine.seats import MAX_SEATS, Seat, around, seats_at
from engine.table_spec import Moment, Place

TURNED = "turned"  # the description's key of the turned card


@dataclass(frozen=True)
class ScanPlan:
    """The scanning of one hand before its play, in the order the table scans."""

    dealer: Seat
    sizes: tuple[int, ...]  # cards dealt to each seat (0: not dealt in)
    turned: bool  # a card is turned for trumps: scanned first
    turned_pile: str | None  # the pile it lies on top of; None: the dealer's own last card
    # trumps may be named on screen instead: the dealer's own card, and the engine takes the
    # hand without it
    named_on_screen: bool
    wants: tuple[tuple[Seat | str, int], ...]  # what is scanned face down, and how many of each
    # the dealer's own later pile the turned card lies in (its last packet), and where in it: the
    # card is the dealer's, scanned once as the turned card and not again with that pile
    own_pile: str | None = None
    own_at: int = 0


def player_counts(game: Game) -> tuple[int, ...]:
    """The table sizes ``game`` is played at (asked of the game)."""
    out = []
    for n in range(2, MAX_SEATS + 1):
        try:
            game.with_players(n)
        except RulesError:
            continue
        out.append(n)
    return tuple(out)


def empty_seats(game: Game) -> tuple[Seat, ...]:
    """Hands dealt where nobody sits (a dummy): the seats beyond the people at the table."""
    people = max(n for n in game.table.seat_counts if n <= game.players)
    return seats_at(game.players)[people:]


def _of(name: str, key: str) -> bool:
    """The deal record's pile ``name`` is the description's ``key`` (or one of its per-seat piles)."""
    return name == key or (name.startswith(key) and name[len(key):].isdigit())


def _every_trick(game: Game) -> tuple[str, ...]:
    return tuple(s.pile for s in game.table.scans if s.moment is Moment.EVERY_TRICK)


def turns_up(game: Game) -> bool:
    """A pile turns cards face up between tricks (a stock, face-down layouts): each is scanned."""
    return bool(_every_trick(game))


def draws(game: Game) -> bool:
    """The pile turned up is one in the middle the hands draw from (a stock), not layouts."""
    centre = {p.key for p in game.table.piles if p.place is Place.CENTRE}
    return any(key in centre for key in _every_trick(game))


def layouts(game: Game) -> bool:
    """The piles turned up are the seats' own layouts."""
    return turns_up(game) and not draws(game)


def whole_exchanges(game: Game) -> bool:
    """The game's exchanges are a few whole hands it offers, not any cards: a person's by a
    button where the table knows the hand laid away, an AI's said at once."""
    return type(game).exchange_legal is not Game.exchange_legal


def sizes_of(template: DealRecord, players: int) -> tuple[int, ...]:
    """Cards dealt to each seat by ``template`` (0: not dealt in)."""
    hands = template.hands()
    return tuple(template.size if h is None and template.size is not None else len(h or ())
                 for h in hands[:players])


def dogs_dealt(sizes: tuple[int, ...]) -> tuple[Seat, ...]:
    """The seats dealt one card while another holds more (a dog's life): a person's one card
    is scanned too, so the engine knows that hand is one card."""
    most = max(sizes, default=0)
    return tuple(Seat(i) for i, n in enumerate(sizes) if n == 1 and most > 1)


def turned_pile(template: DealRecord) -> str | None:
    """The pile the turned card lies on (a stock), None where it is the dealer's last card."""
    if template.trump_card is None:
        return None
    return next((name for name, cards in template.piles if template.trump_card in cards), None)


def later_piles(game: Game, template: DealRecord) -> tuple[tuple[str, Seat, tuple[Card, ...]], ...]:
    """The deal record's piles that are one seat's own cards for later (packets it takes up in
    the play): a pile named for a seat (its key and the seat's number) the description does not
    scan. (name, seat, cards), in the deal's order."""
    keys = [s.pile for s in game.table.scans]
    out = []
    for name, cards in template.piles:
        key = name.rstrip("0123456789")
        if key == name or any(_of(name, k) for k in keys) or int(name[len(key):]) >= game.players:
            continue
        out.append((name, Seat(int(name[len(key):])), cards))
    return tuple(out)


def scanned_piles(game: Game, template: DealRecord) -> tuple[tuple[str, int], ...]:
    """The deal's piles scanned face down at the deal, in the deal's order."""
    keys = [s.pile for s in game.table.scans if s.pile != TURNED]
    return tuple((name, len(cards)) for name, cards in template.piles
                 if cards and any(_of(name, key) for key in keys))


def _turns_card(game: Game, template: DealRecord) -> bool:
    """The description turns a card for trumps and the engine's hand has one (not every hand
    of every game turns one: cycling trumps, a trump named)."""
    return template.trump_card is not None and any(s.pile == TURNED for s in game.table.scans)


def _named_on_screen(game: Game, rules: GameRules, template: DealRecord, hand_number: int) -> bool:
    """The turned card is the dealer's own and the engine takes the hand without it (trumps
    chosen on screen): asked of the game's check of a physical deal."""
    if template.trump_card is None or turned_pile(template) is not None:
        return False
    hands = (None,) * game.players
    size = max(sizes_of(template, game.players))
    unturned = DealRecord(template.dealer, template.trump_card.suit, None, None, hands, None, template.piles,
                          template.declarer, size)
    try:
        game.check_record(rules, unturned, hand_number)
    except RulesError:
        return False
    return True


def plan(game: Game, rules: GameRules, template: DealRecord, hand_number: int,
         ai_seats: set[Seat]) -> ScanPlan:
    """The scanning of hand ``hand_number`` as the engine would deal it (``template``)."""
    players = game.players
    sizes = sizes_of(template, players)
    order = [around(template.dealer, i, players) for i in range(1, players + 1)]
    known = set(ai_seats) | set(dogs_dealt(sizes)) | set(empty_seats(game))
    turned = _turns_card(game, template)
    later = later_piles(game, template)
    own = next((name for name, seat, cards in later if turned and seat == template.dealer
                and template.trump_card in cards), None)
    wants: list[tuple[Seat | str, int]] = []
    for s in order:
        if s in known and sizes[s] > 0:
            wants.append((s, sizes[s]))
            wants += [(name, len(cards) - (name == own)) for name, seat, cards in later if seat == s]
    wants += list(scanned_piles(game, template))
    pile = turned_pile(template) if turned and own is None else None
    at = template.pile(own).index(template.trump_card) if own is not None and template.trump_card else 0
    return ScanPlan(template.dealer, sizes, turned, pile,
                    turned and _named_on_screen(game, rules, template, hand_number), tuple(wants), own, at)


__all__ = ["TURNED", "ScanPlan", "draws", "dogs_dealt", "empty_seats", "later_piles", "layouts", "plan",
           "player_counts",
           "scanned_piles", "sizes_of", "turned_pile", "turns_up", "whole_exchanges"]
