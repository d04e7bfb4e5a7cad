"""Screenshots of the Real cards screen in states a table reaches only with cards in hand, for any
``--game``: ``referee-readers`` (a reader per seat: the setup step), ``referee-rack`` and
``referee-hand`` (an AI seat's card asked for by its place in its rack), ``referee-taken`` (one
reader: a card taken as a person's, shown big with its undo), ``referee-unplugged`` (the reader
pulled out in play), ``referee-bids`` (a person's bid buttons, the hook greyed when the dealer
bids) and ``referee-kitty`` (a kitty or a widow taken up, the discards being scanned).

The session is fed the way a table would feed it (scans and taps, no reader thread): the
engine's own shuffle of each hand stands for the real deck.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from device.events import ReaderStatus
from device.reader import Reader
from device.referee import AI_HANDS, PLAY, STEPS, STOCK, TRUMP, Referee
from device.seat_readers import SeatReaders
from engine.actions import Action, Pass, Play
from engine.cards import Card
from engine.game import Phase
from engine.seats import Seat

if TYPE_CHECKING:
    from device.app.app import App
    from engine.observation import Observation

SCENES = ("referee-readers", "referee-rack", "referee-taken", "referee-unplugged", "referee-hand",
          "referee-bids", "referee-kitty")
# As the udev rule names them: one per USB socket of a Pi 4.
SOCKETS = tuple(f"/dev/whist-readers/usb-1-1.{i}" for i in range(1, 5))


def _rules_ai(observation: Observation, level: str, seed: str | None) -> Action:
    from device.moves import choose_action_fixed

    return choose_action_fixed(observation, "rules", seed)


class _Pictured(Reader):
    """The reader the picture shows (a screenshot opens no port)."""

    @property
    def connected(self) -> bool:
        return True

    def start(self) -> None:
        pass

    def stop(self, timeout: float = 5.0) -> None:
        pass


def prepare(app: App, scene: str, seed: int = 1) -> None:
    """Put the app's referee session in the state ``scene`` shows and open the screen."""
    from device.app.house_rules import rules_from_config
    from device.app.scenes.referee import RefereeScene

    game = app.options.game
    assert game is not None  # the App fills it in from the config
    rules = rules_from_config(app.config, game, app.options.players)
    if scene == "referee-readers":
        ref = Referee(game, app.options.players, rules=rules, readers=SeatReaders(SOCKETS))
        ref.begin_reader_setup()
        ref.scan(None, "0A1B2C3D4E", reader=SOCKETS[2])  # the first seat lays a card on the third socket's
    else:
        probe = Referee(game, app.options.players, rules=rules)
        seated = probe.seated()
        people = scene in ("referee-taken", "referee-unplugged")
        ai = {} if people else {s: "rules" for s in seated[1::2]}
        ref = Referee(game, app.options.players, ai, rules=rules, choose=_rules_ai, seed=seed)
        ref.touch = True
        ref.reader_status(ReaderStatus(True, "reader connected on /dev/whist-reader"))
        _play_to(ref, scene, seed)
    app.referee_session = ref
    app.go("referee")
    shown = app.scene
    assert isinstance(shown, RefereeScene)
    shown.readers = [_Pictured() for _ in range(max(1, len(ref.readers.readers)))]


def _play_to(ref: Referee, scene: str, seed: int) -> None:
    seated = ref.seated()
    ref.choose_dealer(seated[-1] if scene != "referee-bids" else seated[0])
    t = ref.template
    assert t is not None
    hands = {Seat(i): set(h or ()) for i, h in enumerate(t.hands())}
    if ref.phase == TRUMP and t.trump_card is not None:
        ref.scan(t.trump_card)
    for key, _ in ref.racks.plan.wants if ref.racks.plan is not None else ():
        cards = sorted(hands[key]) if isinstance(key, Seat) else list(t.pile(key))
        if isinstance(key, Seat):
            random.Random(seed).shuffle(cards)  # face down, in no order: a card lies anywhere in a rack
        for card in cards:
            if card != t.trump_card and ref.phase == AI_HANDS:
                ref.scan(card)
    _steps(ref, scene, hands)
    tricks = {"referee-rack": 2, "referee-hand": 2, "referee-taken": 1, "referee-unplugged": 1}.get(scene)
    while tricks is not None and ref.phase in (PLAY, STOCK):
        if ref.phase == STOCK:
            up = ref.upcard_wanted()
            assert up is not None
            ref.scan(up)
            continue
        deal = ref.deal
        assert deal is not None and deal.turn is not None
        seat = deal.turn
        opening = deal.unseen_opening()
        if opening is not None:  # led by whoever holds it
            seat = next(s for s, held in hands.items() if opening in held)
        done = len(deal.tricks) >= tricks
        if done and scene in ("referee-rack", "referee-hand") and ref.is_ai(ref.game.actor(deal, seat)):
            break
        if done and scene == "referee-taken" and len(deal.current.cards) == 2:
            break  # the card just taken for the player to move shows big
        if done and scene == "referee-unplugged" and len(deal.current.cards) == 1:
            ref.reader_status(ReaderStatus(False, "reader disconnected"))
            break
        want = opening or ref.expected_card()
        if opening is not None and ref.choices():  # the table cannot tell whose: its button
            ref.act(Play(seat, opening))
            hands[seat].discard(opening)
            continue
        if want is None:
            held = hands[seat] | set(ref.game.layout(deal, seat))
            want = deal.order.legal(frozenset(held), deal.current.cards)[0]
        before = len(deal.tricks)
        if not ref.scan(want):
            break  # (a state the picture does not need)
        hands[seat].discard(want)
        if ref.draws and len(deal.tricks) > before:  # the draws from a stock
            drawn = [c for c in t.pile(ref.racks.plan.turned_pile or "") if c not in deal.piles.get(
                ref.racks.plan.turned_pile or "", ())] if ref.racks.plan is not None else []
            if len(drawn) >= 2:
                winner = deal.tricks[-1].winner(deal.order)
                hands[winner].add(drawn[-2])
                hands[Seat(1 - int(winner))].add(drawn[-1])
    if scene != "referee-taken":
        ref.taken = None  # its moment has passed: the trick is in view again


def _pass(ref: Referee, seat: Seat, hands: dict[Seat, set[Card]], person: bool) -> None:
    """``seat``'s cards passed (a person's lowest, the AI's as it asks); once every pass is
    made, each hand holds what it was passed."""
    deal = ref.deal
    assert deal is not None
    for _ in range(deal.exchange_count()):
        card = sorted(hands[seat] - set(ref.discards))[0] if person else ref.expected_card()
        ref.scan(card)
    deal = ref.deal
    assert deal is not None
    if deal.step is None:
        for e in deal.exchanges:
            to = ref.game.exchange_to(deal, e.seat)
            assert to is not None
            hands[e.seat] -= set(e.discard)
            hands[to] |= set(e.discard)


def _steps(ref: Referee, scene: str, hands: dict[Seat, set[Card]]) -> None:
    """The auction and the calls, a person's by its buttons: Pass (or the lowest bid) for the
    pictures of the play; for the kitty, the first bid or take, then two cards laid away."""
    while ref.phase == STEPS:
        deal = ref.deal
        assert deal is not None and deal.step is not None and deal.turn is not None
        if scene == "referee-bids" and deal.turn == deal.dealer:
            return
        if deal.step.phase is Phase.EXCHANGE:
            seat = deal.step.seat
            person = not ref.is_ai(ref.game.actor(deal, seat))
            if scene != "referee-kitty" and ref.game.exchange_to(deal, seat) is not None:
                _pass(ref, seat, hands, person)  # the pictures of the play come after the pass
                continue
            if scene == "referee-kitty" and not ref.whole_exchanges and person:
                kitty = set(ref.racks.racks.get("kitty", ()))
                held = sorted(hands[seat] | kitty, key=lambda c: (c.suit > 3, c.rank))
                for card in held[:2]:
                    ref.scan(card)
            return
        choices = [c for c in ref.choices() if c.enabled]
        if not choices:
            return
        if scene == "referee-kitty" and deal.turn == ref.seated()[0]:
            # the first seat bids highest (or takes): the kitty is its own to take up
            pick = next((c for c in reversed(choices) if not isinstance(c.action, Pass)), choices[0])
        else:
            pick = next((c for c in choices if c.label in ("Pass", "1")), choices[0])
        ref.act(pick.action)


__all__ = ["SCENES", "prepare"]
