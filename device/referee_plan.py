"""What a real-card table scans, and when, for any game: read from the game and from the
engine's own next deal of the match (its cards thrown away; its shape kept).

Every answer here is asked of the game (engine.game.Game): no game is named. The
referee (device.referee) scans, at the deal, the turned card where the deal turns one
(the dealer's last card, or the top of a pile), then face down each seat the table must
know (an AI's rack, a hand nobody sits at, a person's one card on a dog's life), then
the piles the game plays from or exchanges with (a kitty, a widow, a stock in order,
layouts), and during the play each card a pile turns face up.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.deal import DealRecord
from engine.errors import RulesError
from engine.game import Game, GameRules
from engine.seats import Seat, around, seats_at

# The piles a seat takes up into its hand in an exchange: scanned face down at the deal, so
# the cards of a taker's rack are known.
EXCHANGED = ("kitty", "widow")


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


def player_counts(game: Game) -> tuple[int, ...]:
    """The table sizes ``game`` is played at (asked of the game)."""
    out = []
    for n in range(2, 8):
        try:
            game.with_players(n)
        except RulesError:
            continue
        out.append(n)
    return tuple(out)


def empty_seats(game: Game) -> tuple[Seat, ...]:
    """Hands dealt where nobody sits (dummy whist's dummy): the engine will not have them deal."""
    rules = game.default_rules()
    out = []
    for seat in seats_at(game.players):
        try:
            game.next_record(rules, seat, 0, 0)
        except RulesError:
            out.append(seat)
    return tuple(out)


def draws(game: Game) -> bool:
    """The game moves cards from a pile into the hands between tricks (a stock): that pile is
    scanned face down at the deal, in order, top first, and each card it turns up is scanned."""
    return type(game).after_trick is not Game.after_trick


def layouts(game: Game) -> bool:
    """The game plays from layouts on the table (face down under face up): they are scanned
    at the deal, the face-down ones from the left, and each card uncovered is scanned."""
    return type(game).layout is not Game.layout


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


def scanned_piles(game: Game, template: DealRecord) -> tuple[tuple[str, int], ...]:
    """The piles scanned face down at the deal: those the game exchanges with or plays from."""
    plays_from = draws(game) or layouts(game)
    return tuple((name, len(cards)) for name, cards in template.piles
                 if cards and (plays_from or name in EXCHANGED))


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
    wants: list[tuple[Seat | str, int]] = [(s, sizes[s]) for s in order if s in known and sizes[s] > 0]
    wants += list(scanned_piles(game, template))
    return ScanPlan(template.dealer, sizes, template.trump_card is not None, turned_pile(template),
                    _named_on_screen(game, rules, template, hand_number), tuple(wants))


__all__ = ["ScanPlan", "draws", "dogs_dealt", "empty_seats", "layouts", "plan", "player_counts",
           "scanned_piles", "sizes_of", "turned_pile", "whole_exchanges"]
