"""A table of real cards for the family referee's tests: the deck the people deal is the
engine's own shuffle of the hand (the session's template), so the test knows every hand;
and the screen tests' scans and taps (``scan``, ``tap_choice``, ``settle``)."""

from __future__ import annotations

from device.events import CardScanned
from device.referee import AI_HANDS, HAND_OVER, PLAY, RACKS, STEPS, STOCK, TRUMP, Referee
from engine.actions import Action
from engine.cards import Card
from engine.game import Phase
from engine.order import Order
from engine.seats import Seat


def scan(app, card) -> None:
    """A card laid on the app's one reader (the screen's tests), then a frame."""
    app.queue.post(CardScanned(str(card), "0A1B2C3D4E"))
    app.step(1 / 60)


def tap_choice(app, label: str | None = None) -> None:
    """Tap a bid or trump button (by its words, else the first that can be tapped)."""
    from device.app.testing import tap_button

    app.scene.ensure_layout(app.size)
    for b in app.scene.buttons.buttons:
        if b.name.startswith("choice_") and b.enabled and (label is None or b.label == label):
            tap_button(app, b.name)
            return
    raise AssertionError(f"no button {label!r}")


def settle(app) -> None:
    for _ in range(3):
        app.step(1 / 60)  # the AI answers on the worker (synchronous in tests)


def rules_ai(observation, level: str, seed) -> Action:
    from device.moves import choose_action_fixed

    return choose_action_fixed(observation, "rules", seed)


class Table:
    """The cards in the people's hands (and the AI racks', for the test's own checks)."""

    def __init__(self, ref: Referee) -> None:
        self.ref = ref
        t = ref.template
        assert t is not None
        self.record = t
        self.hands: dict[Seat, set[Card]] = {Seat(i): set(h or ()) for i, h in enumerate(t.hands())}
        self.drawn = 0  # cards taken from the stock so far (German whist)

    def deal_in(self) -> None:
        """The turned card and the AI racks (and a kitty) scanned."""
        ref, t = self.ref, self.record
        if ref.phase == TRUMP:
            assert ref.scan(t.trump_card), ref.messages[-1].text
        assert ref.phase == AI_HANDS or ref.phase in (STEPS, PLAY)
        for key, _want in list(ref.racks.plan.wants):
            cards = sorted(self.hands[key]) if isinstance(key, Seat) else list(t.pile(key))
            for card in cards:
                if card != t.trump_card:
                    assert ref.scan(card), ref.messages[-1].text
        assert ref.phase in (STEPS, PLAY), ref.phase

    def steps(self, pick=None) -> None:
        """A person's bid or call: ``pick(choices)`` or the first enabled; a person's discards:
        the lowest cards of hand and kitty."""
        ref = self.ref
        while ref.phase == STEPS:
            deal = ref.deal
            step = deal.step
            if step.phase is Phase.EXCHANGE:
                seat = step.seat
                hand = self.hands[seat] | set(t for t in self.record.pile("kitty"))
                if ref.is_ai(seat):
                    card = ref.expected_card()
                else:
                    card = sorted(hand - set(ref.discards), key=lambda c: (c.suit > 3, c.rank))[0]
                assert ref.scan(card), ref.messages[-1].text
                if ref.phase != STEPS or ref.deal.step is None or ref.deal.step.phase is not Phase.EXCHANGE:
                    self.hands[seat] = hand - set(ref.deal.exchanges[0].discard)
                continue
            choices = [c for c in ref.choices() if c.enabled]
            chosen = pick(choices) if pick else choices[0]
            assert ref.act(chosen.action), ref.messages[-1].text

    def legal_card(self, seat: Seat) -> Card:
        deal = self.ref.deal
        order: Order = deal.order
        held = frozenset(self.hands[seat]) | deal.game.layout(deal, seat)  # a face-up layout too
        return order.legal(held, deal.current.cards)[0]

    def play(self, n: int = 1000, until=None) -> None:
        ref = self.ref
        for _ in range(n):
            if ref.phase == STOCK:
                self.turn_up()
            if ref.phase != PLAY or (until and until(ref)):
                return
            seat = ref.deal.turn
            ai = ref.is_ai(ref.game.actor(ref.deal, seat))  # (dummy whist's dummy: its declarer's)
            card = ref.expected_card() if ai else self.legal_card(seat)
            assert card is not None
            self.lay(seat, card)

    def lay(self, seat: Seat, card: Card) -> None:
        """``seat`` plays ``card`` (taken); the stock's draws follow a trick (German whist)."""
        ref = self.ref
        tricks = len(ref.deal.tricks)
        assert ref.scan(card), ref.messages[-1].text
        self.hands[seat].discard(card)
        deal = ref.deal
        stock = self.record.pile("stock")
        if ref.draws and len(deal.tricks) > tricks and self.drawn < len(stock):
            winner = deal.tricks[-1].winner(deal.order)
            self.hands[winner].add(stock[self.drawn])
            self.hands[Seat(1 - int(winner))].add(stock[self.drawn + 1])
            self.drawn += 2

    def rerack(self) -> dict[Seat, list[Card]]:
        """After a restart: each AI rack laid on the reader from the left, in an order of the
        test's own (as the cards lie), which the racks then follow."""
        ref = self.ref
        laid: dict[Seat, list[Card]] = {}
        while ref.phase == RACKS:
            seat = ref.racks.reracking()
            assert seat is not None
            if seat not in laid:
                laid[seat] = sorted(ref.racks.rerack[seat], reverse=True)
            card = laid[seat][len(ref.racks.rack_order.get(seat, []))]
            assert ref.scan(card), ref.messages[-1].text
        for seat, cards in laid.items():
            assert ref.rack(seat) == cards
        return laid

    def turn_up(self) -> None:
        card = self.ref.upcard_wanted()
        assert card is not None
        assert self.ref.scan(card), self.ref.messages[-1].text

    def play_hand(self, pick=None) -> None:
        self.deal_in()
        self.steps(pick)
        self.play()
        assert self.ref.phase == HAND_OVER


def person_card(deal, hand: set[Card], revoked: bool) -> tuple[Card, bool]:
    """A person's card and whether a revoke has been made: the first time the person
    could, a card of another suit though it holds the led suit, else its first legal card."""
    led = deal.current.led_suit if deal.current.cards else None
    follow = sorted(c for c in hand if c.suit == led)
    other = sorted(c for c in hand if c.suit != led)
    if follow and other and not revoked:
        return other[0], True
    return deal.order.legal(frozenset(hand), deal.current.cards)[0], revoked


__all__ = ["Table", "person_card", "rules_ai", "scan", "settle", "tap_choice"]
