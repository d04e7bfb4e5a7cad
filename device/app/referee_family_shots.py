"""Screenshots of the Real cards screen for the family games, in states a table
reaches only with cards in hand: ``referee-hand`` (a hand of ``--game`` at
``--players`` in play, an AI's card asked for by its place), ``referee-bids``
(a person's bid buttons, the hook greyed when the dealer bids) and
``referee-kitty`` (Bid Whist: the bidder's kitty shown to all, discards being
scanned). The session is fed the way a table would feed it: the engine's own
shuffle of each hand stands for the real deck.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from device.events import ReaderStatus
from device.referee import PLAY
from device.referee_family import STEPS, STOCK, FamilyReferee
from engine.actions import Action, Bid
from engine.cards import Card
from engine.game import Phase
from engine.games import get_game
from engine.seats import Seat

if TYPE_CHECKING:
    from device.app.app import App
    from engine.observation import Observation

SCENES = ("referee-hand", "referee-bids", "referee-kitty")


def _rules_ai(observation: Observation, level: str, seed: str | None) -> Action:
    from device.app.ai_worker import act_fixed

    return act_fixed(observation, "rules", seed)


def prepare(app: App, scene: str, seed: int = 1) -> None:
    """Put the app's real-card session in the state ``scene`` shows and open the screen."""
    game = app.options.game or "classic"
    if scene == "referee-kitty" and game != "widow":  # widow whist's: the widow taken, a hand to keep
        game = "bid"
    if game == "classic":
        game = "oh-hell"
    players = None if game == "bid" else app.options.players or (5 if game == "oh-hell" else None)
    # East and West at four; at two, the second seat
    ai: dict[Seat | int | str, str] = {Seat(1): "rules", Seat(3): "rules"} if game != "german" else \
        {Seat(1): "rules"}
    seats = players or get_game(game).players
    ai = {s: level for s, level in ai.items() if int(s) < seats and not (game == "dummy" and int(s) == 3)}
    ref = FamilyReferee(game, players, ai, choose=_rules_ai, seed=seed)
    ref.touch = True
    ref.reader_status(ReaderStatus(True, "reader connected on /dev/whist-reader"))
    # (the bids: a person deals, so the hook shows when the dealer bids last)
    kitty_dealer = Seat.W if game == "bid" else Seat(1)
    ref.choose_dealer({"referee-kitty": kitty_dealer, "referee-bids": Seat(0)}.get(scene, Seat(1)))
    t = ref.scanning.template
    assert t is not None
    hands = {Seat(i): set(h or ()) for i, h in enumerate(t.hands())}
    if t.trump_card is not None:
        ref.scan(t.trump_card)
    for key, _count in list(ref.scanning.wants):
        for card in (sorted(hands[key]) if isinstance(key, Seat) else list(t.pile(key))):
            if card != t.trump_card:
                ref.scan(card)
    while ref.phase == STEPS:
        deal = ref.deal
        assert deal is not None and deal.step is not None
        if scene == "referee-bids" and deal.turn == deal.dealer:
            break
        if deal.step.phase is Phase.EXCHANGE:
            if scene == "referee-kitty" and game != "widow":
                _lay_two(ref, hands, t.pile("kitty"))
            break
        choices = [c for c in ref.choices() if c.enabled]
        if scene == "referee-kitty" and deal.turn == Seat.N:
            # North bids four uptown: the kitty is shown to all once North takes it up.
            pick = next((c for c in choices if isinstance(c.action, Bid) and c.action.level == 4
                         and c.action.mode == "uptown"), choices[0])
        elif scene == "referee-kitty" and deal.turn is not None and not ref.is_ai(deal.turn):
            pick = next((c for c in choices if c.label == "Take"), choices[0])  # the widow
        else:
            pick = next((c for c in choices if c.label in ("Pass", "1")), choices[0])
        ref.act(pick.action)
    while scene == "referee-hand" and ref.phase in (PLAY, STOCK):
        if ref.phase == STOCK:
            up = ref.upcard_wanted()
            assert up is not None
            ref.scan(up)
            continue
        deal = ref.deal
        assert deal is not None and deal.turn is not None
        seat = deal.turn
        if len(deal.tricks) >= 2 and ref.is_ai(seat) and deal.current.cards:
            break
        want = ref.expected_card()
        if want is None:
            legal = deal.order.legal(frozenset(hands[seat]), deal.current.cards)
            want = legal[0]
        tricks = len(deal.tricks)
        ref.scan(want)
        hands[seat].discard(want)
        if ref.draws and len(deal.tricks) > tricks:  # German whist: the draws from the stock
            drawn = [c for c in t.pile("stock") if c not in deal.piles.get("stock", ())]
            winner = deal.tricks[-1].winner(deal.order)
            hands[winner].add(drawn[-2])
            hands[Seat(1 - int(winner))].add(drawn[-1])
    app.referee_session = ref
    app.go("referee")
    from device.app.referee_shots import _Pictured
    from device.app.scenes.referee_family import FamilyRefereeScene

    scene_now = app.scene
    assert isinstance(scene_now, FamilyRefereeScene)
    scene_now.readers = [_Pictured()]  # the reader the picture shows


def _lay_two(ref: FamilyReferee, hands: dict[Seat, set[Card]], kitty: tuple[Card, ...]) -> None:
    """The bidder (a person) has laid two cards away so far."""
    deal = ref.deal
    assert deal is not None and deal.step is not None
    seat = deal.step.seat
    held = sorted(hands[seat] | set(kitty), key=lambda c: (c.suit > 3, c.rank))
    for card in held[:2]:
        ref.scan(card)


__all__ = ["SCENES", "prepare"]
