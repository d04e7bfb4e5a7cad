"""Real cards for Oh Hell, Knockout and Bid Whist: the referee asks the engine for
every rule and the table scans what it must (turned card, AI racks, kitty, discards)."""

from __future__ import annotations

import pytest

from device.events import Action as Button
from device.events import ButtonEvent
from device.journal import is_referee_rubber, rebuild
from device.referee import AI_HANDS, HAND_OVER, PLAY, RACKS, SETUP, STEPS, STOCK, TRUMP, Referee
from device.store import Store
from engine.actions import Bid, Declare
from engine.cards import Card
from engine.errors import RulesError
from engine.game import Phase
from engine.games.knockout import still_in
from engine.seats import Seat
from tests.device.referee_driver import Table, rules_ai


def revoke_now(table: Table) -> Card | None:
    """At a person's turn: a card of another suit though the led suit is held (a revoke)."""
    ref = table.ref
    deal = ref.deal
    seat = deal.turn
    led = deal.current.led_suit if deal.current.cards else None
    hand = table.hands[seat]
    if led is None or not any(c.suit == led for c in hand):
        return None
    return next((c for c in sorted(hand) if c.suit != led), None)


def play_with_a_revoke(table: Table, humans: set[Seat]) -> Seat:
    """Play the hand out; the first person able to revokes once. Returns who revoked."""
    ref = table.ref
    revoker = None
    while ref.phase in (PLAY, STOCK):
        if ref.phase == STOCK:
            table.turn_up()
            continue
        seat = ref.deal.turn
        if revoker is None and seat in humans:
            card = revoke_now(table)
            if card is not None:
                table.lay(seat, card)  # the table cannot know yet
                revoker = seat
                continue
        table.play(1)
    assert revoker is not None
    return revoker


def test_oh_hell_five_seats_a_whole_hand_with_refusals_and_a_revoke():
    ref = Referee("oh-hell", 4, choose=rules_ai, seed="oh5")
    assert ref.phase == SETUP
    assert ref.set_players(5)
    ref.set_ai(1, "rules")
    ref.set_ai(3, "rules")
    ref.handle(ButtonEvent(Button.RIGHT))  # the dealer moves on: Player 2
    ref.handle(ButtonEvent(Button.SELECT))
    assert ref.phase == TRUMP and ref.dealer == Seat(1)
    table = Table(ref)
    size = ref.match.game.hand_size(ref.rules, 0)
    assert ref.sizes() == [size] * 5 and "deals 10 each" in ref.prompt()
    turned = table.record.trump_card
    assert not ref.scan("BJ")  # no jokers in Oh Hell
    table.deal_in()
    assert ref.phase == STEPS
    # The person on the dealer's left bids first, by buttons; the AIs say theirs at once.
    v = ref.view()
    assert not v.auction and v.trump == turned.suit and "Player 3 to bid" in v.prompt
    # A card is no bid.
    assert not ref.scan(sorted(table.hands[Seat(2)])[0])
    assert "to bid" in ref.messages[-1].text
    while ref.phase == STEPS:
        seat = ref.deal.turn
        choices = ref.choices()
        if seat == ref.deal.dealer:
            # The hook: one bid greyed, with its reason (asked of the engine).
            barred = [c for c in choices if not c.enabled]
            assert len(barred) == 1 and "hook" in barred[0].reason
            assert not ref.act(barred[0].action)
        ref.act(next(c for c in choices if c.enabled).action)
    assert ref.phase == PLAY
    assert ref.view().auction[1] == "Player 4: " + ref.view().auction[1].split(": ")[1]
    # Refused: a card known to lie in an AI's rack, the turned card on the stock.
    while ref.is_ai(ref.deal.turn):
        table.play(1)
    person = ref.deal.turn
    in_rack = sorted(table.hands[Seat(1)])[0]
    assert not ref.scan(in_rack)
    said = ref.messages[-1].text
    assert "Player 2's rack" in said and str(in_rack) not in said and in_rack.symbol not in said
    assert not ref.scan(turned) and "stock" in ref.messages[-1].text
    revoker = play_with_a_revoke(table, {Seat(0), Seat(2), Seat(4)})
    assert ref.phase == HAND_OVER
    deal = ref.deal
    assert [r.seat for r in deal.revokes][:1] == [revoker]
    assert any(b.startswith("revoke:") for b in ref.view().badges)
    # The engine scored it: bids, tricks, points.
    summary = "\n".join(ref.view().summary)
    assert "points:" in summary and "bids" in summary and "revoke:" in summary
    assert int(person) in range(5)
    ref.next_hand()
    assert ref.phase == TRUMP and ref.sizes() == [size - 1] * 5  # the engine's schedule
    assert ref.dealer == Seat(2)


def test_a_person_undoes_a_bid_and_the_ai_bid_after_it():
    ref = Referee("oh-hell", 3, {Seat(2): "rules"}, choose=rules_ai, seed="undo")
    ref.choose_dealer(0)
    Table(ref).deal_in()
    assert ref.deal.turn == Seat(1)
    ref.act(ref.choices()[0].action)  # Player 2 bids; the AI (Player 3) bids at once
    assert len(ref.deal.auction) == 2
    assert ref.undo()
    assert len(ref.deal.auction) == 0 and ref.deal.turn == Seat(1)


@pytest.mark.parametrize("players", [2, 4])
def test_knockout_a_whole_match_trumps_by_touch_and_seats_knocked_out(players):
    ref = Referee("knockout", players, {Seat(0): "rules"}, choose=rules_ai, seed="ko")
    ref.choose_dealer(1)
    knocked: set[Seat] = set()
    hands = 0
    while True:
        table = Table(ref)
        sizes = ref.sizes()
        for s in knocked:
            assert sizes[s] == 0  # not dealt in: skipped
        if hands == 0:
            assert ref.phase == TRUMP  # the first hand's trumps are turned
        table.deal_in()
        if hands > 0:
            chooser = ref.deal.record.declarer
            assert chooser is not None
            if ref.phase == STEPS:
                assert not ref.is_ai(chooser)
                labels = [c.label for c in ref.choices()]
                assert labels == ["Spades", "Hearts", "Diamonds", "Clubs"]
                ref.act(ref.choices()[1].action)
                assert ref.deal.trump == 1
        table.play()
        assert ref.phase == HAND_OVER
        hands += 1
        over = ref.view().match_over
        ref.next_hand()
        if over:
            break
        knocked = {s for s in map(Seat, range(players)) if s not in still_in(ref.match)}
        assert hands < 8
    assert ref.phase == TRUMP and ref.match.hand_number == 0  # a new match
    assert ref.matches == 2


@pytest.mark.parametrize(("seed", "mode", "bidder"), [("bw1", "uptown", Seat.W), ("bw2", "uptown", Seat.N),
                                                   ("bw2", "notrump", Seat.N)])
def test_bid_whist_auction_kitty_discards_and_a_revoke(seed, mode, bidder):
    ref = Referee("bid", None, {Seat.E: "rules", Seat.W: "rules"}, choose=rules_ai, seed=seed)
    ref.choose_dealer(Seat.W)
    assert ref.phase == AI_HANDS  # no card is turned
    table = Table(ref)
    assert ("kitty", 6) in ref.racks.plan.wants
    table.deal_in()
    assert ref.phase == STEPS and ref.view().kitty_count == 6

    # North (first to speak) bids by button, South passes; the AIs say theirs at once.
    def pick(choices):
        if isinstance(choices[0].action, Declare):
            return choices[0]
        if ref.deal.turn == Seat.N:
            return next(c for c in choices if isinstance(c.action, Bid) and c.action.mode == mode
                        and c.action.level == 4)
        return next(c for c in choices if c.label == "Pass")

    while ref.phase == STEPS and ref.deal.step.phase is not Phase.EXCHANGE:
        choices = [c for c in ref.choices() if c.enabled]
        ref.act(pick(choices).action)
    assert ref.phase == STEPS
    contract_seat = ref.deal.step.seat
    assert ref.deal.step.phase is Phase.EXCHANGE and contract_seat == bidder
    kitty = table.record.pile("kitty")
    v = ref.view()
    if mode == "notrump":
        assert v.kitty == ()  # at no trump the kitty is the bidder's alone
        assert "takes the kitty" in v.prompt
    else:
        assert set(v.kitty) == {str(c) for c in kitty}  # shown to all
    assert v.discard_count == 6
    if ref.is_ai(contract_seat):
        # Its discards are asked for by place: the kitty has joined the right of its rack.
        assert "rack" in v.prompt and len(ref.rack(contract_seat)) == 18
        wrong = next(c for c in ref.rack(contract_seat) if c != ref.expected_card())
        assert not ref.scan(wrong) and "not that card" in ref.messages[-1].text
    if not ref.is_ai(contract_seat):
        # A card from an AI rack is no discard of a person's.
        ai_card = sorted(table.hands[Seat.E])[0]
        assert not ref.scan(ai_card) and "rack" in ref.messages[-1].text
    table.steps()
    assert ref.phase == PLAY and ref.deal.turn == contract_seat  # the bidder leads
    discards = ref.deal.exchanges[0].discard
    humans = {Seat.N, Seat.S}
    while ref.is_ai(ref.deal.turn):
        table.play(1)
    assert not ref.scan(discards[0]) and "discard" in ref.messages[-1].text
    play_with_a_revoke(table, humans)
    assert ref.phase == HAND_OVER and ref.deal.revokes
    summary = ref.view().summary
    assert any(line.startswith("points:") for line in summary)
    ref.next_hand()
    assert ref.dealer == Seat.N


def test_jokers_are_enrolled_like_any_card_and_scanned_into_a_rack():
    from device.enrolment import Enrolment, EnrolmentFlow

    enrolment = Enrolment()
    flow = EnrolmentFlow(enrolment)
    flow.reenrol("BJ")  # asked for next, like any card
    assert flow.scan("0a0a0a0a01").accepted
    flow.reenrol("LJ")
    assert flow.scan("0A0A0A0A02").accepted
    with Store(":memory:") as store:
        store.replace_enrolment(enrolment.tags())
        assert store.card_for_tag("0A0A0A0A01") == "BJ" and store.card_for_tag("0A0A0A0A02") == "LJ"
    # Seed 1 deals the big joker into the AI's hand or the kitty: scanned like any card.
    ref = Referee("bid", None, {Seat.S: "rules"}, choose=rules_ai, seed=1)
    ref.choose_dealer(Seat.N)
    table = Table(ref)
    scanned = table.hands[Seat.S] | set(table.record.pile("kitty"))
    jokers = {c for c in scanned if c.suit == 4}
    assert jokers
    table.deal_in()
    known = set(ref.deal.record.known[Seat.S]) | set(ref.deal.record.pile("kitty"))
    assert jokers <= known
    for joker in jokers:
        assert not ref.scan(joker)  # a bid is made on the screen, not by a card


def test_a_cut_mid_hand_resumes_oh_hell_at_the_same_card(tmp_path):
    db = tmp_path / "whist.sqlite3"
    with Store(db) as store:
        ref = Referee("oh-hell", 5, {Seat(4): "rules"}, choose=rules_ai, store=store, seed="cut")
        ref.choose_dealer(0)
        table = Table(ref)
        table.deal_in()
        table.steps()
        table.play(7)
        assert ref.undo()  # a scanning mistake taken back: journalled too
        before = ref.match.to_dict()
        expected = ref.expected_card()
    with Store(db) as store:
        again = Referee("oh-hell", 4, choose=rules_ai, store=store)
        assert again.resume()
        assert again.match.to_dict() == before
        assert again.players == 5 and again.ai_seats == {Seat(4): "rules"} and again.phase == RACKS
        assert any("resumed" in m.text for m in again.messages)
        # The racks' order went with the power: the AI's rack is laid on the reader from the left.
        table.ref = again
        assert not again.scan(sorted(table.hands[Seat(0)])[0])  # not a card of that rack
        laid = table.rerack()
        assert again.phase == PLAY and again.expected_card() == expected and list(laid) == [Seat(4)]
        # Carry on to the end of the hand with the cards still in hand.
        played = {c for t in again.deal.tricks for c in t.cards} | set(again.deal.current.cards)
        table.hands = {Seat(i): set(h) - played for i, h in enumerate(table.record.hands())}
        table.play()
        assert again.phase == HAND_OVER
        again.next_hand()
        row = next(r for r in store.unfinished_matches() if is_referee_rubber(r))
        assert rebuild(store, row).to_dict() == again.match.to_dict()
        assert row.players == {"0": "human", "1": "human", "2": "human", "3": "human", "4": "rules"}


def test_classic_is_refereed_by_the_same_session_its_trumps_chosen_on_screen():
    """The one referee plays classic whist too: the dealer's turned card may be named by a button
    instead (the card is the dealer's own); a card turned from a pile (Oh Hell's stock) may not."""
    ref = Referee("classic", ai_seats={Seat.W: "rules"}, choose=rules_ai, seed=3)
    ref.choose_dealer(Seat.N)
    assert ref.phase == TRUMP and ref.view().trumps_on_screen
    assert ref.choose_trump("H") and ref.phase == AI_HANDS
    for card in sorted(Table(ref).hands[Seat.W]):
        assert ref.scan(card), ref.messages[-1].text
    assert ref.phase == PLAY and ref.deal.trump == 1 and ref.deal.record.trump_card is None
    assert ref.prompt() == "trick 1: East to play - lay East's card on the reader"
    other = Referee("oh-hell", 4, choose=rules_ai, seed="oh5")
    other.choose_dealer(Seat(0))
    assert other.phase == TRUMP and not other.view().trumps_on_screen
    assert not other.choose_trump("H") and other.phase == TRUMP
    with pytest.raises(RulesError):
        Referee("classic", ai_seats={Seat.W: "rules"}).set_ai(4, "rules")  # no fifth seat at classic


@pytest.mark.parametrize(("game", "seed"), [("solo", 2), ("norwegian", 4)])
def test_solo_and_norwegian_a_whole_hand_with_a_refusal_a_revoke_and_a_resume(tmp_path, game, seed):
    db = tmp_path / "whist.sqlite3"
    with Store(db) as store:
        ref = Referee(game, None, {Seat.E: "rules", Seat.W: "rules"}, choose=rules_ai, seed=seed,
                            store=store)
        ref.choose_dealer(Seat.N)
        table = Table(ref)
        table.deal_in()
        table.steps(lambda choices: choices[-1])  # the people's calls by button
        assert ref.phase == PLAY and ref.deal.contract is not None
        while ref.is_ai(ref.deal.turn):
            table.play(1)
        assert not ref.scan(sorted(table.hands[Seat.E])[0]) and "East's rack" in ref.messages[-1].text
        table.play(3)
        before = ref.match.to_dict()
    with Store(db) as store:
        again = Referee("oh-hell", choose=rules_ai, store=store)
        assert again.resume() and again.game.name == game and again.match.to_dict() == before
        played = {c for t in again.deal.tricks for c in t.cards} | set(again.deal.current.cards)
        table.ref = again
        table.rerack()
        table.hands = {Seat(i): set(h) - played for i, h in enumerate(table.record.hands())}
        play_with_a_revoke(table, {Seat.N, Seat.S})
        assert again.phase == HAND_OVER and again.deal.revokes
        assert any(line.startswith("revoke:") for line in again.view().summary)
        again.next_hand()
        assert again.dealer == Seat.E and len(again.match.hands) == 1


def test_german_whist_the_stock_scanned_in_order_and_its_turned_card_each_trick(tmp_path):
    db = tmp_path / "whist.sqlite3"
    with Store(db) as store:
        ref = Referee("german", None, {Seat(1): "rules"}, choose=rules_ai, seed="gw", store=store)
        ref.choose_dealer(1)
        assert ref.phase == TRUMP
        table = Table(ref)
        stock = table.record.pile("stock")
        assert ("stock", 26) in ref.racks.plan.wants
        table.deal_in()
        assert ref.phase == PLAY and ref.deal.piles["stock"] == stock
        # A face-down card of the stock is refused without naming it.
        while ref.is_ai(ref.deal.turn):
            table.play(1)
        assert not ref.scan(stock[5])
        said = ref.messages[-1].text
        assert "face down in the stock" in said and stock[5].symbol not in said
        while ref.phase == PLAY:
            table.play(1)
        assert ref.phase == STOCK and len(ref.deal.tricks) == 1
        assert any("takes" in m.text for m in ref.messages)
        assert not ref.scan(stock[3]) and "just turned" in ref.messages[-1].text  # not the top card
        table.turn_up()
        assert ref.phase == PLAY and ref.view().trump == stock[0].suit
        table.play(9)
        before = ref.match.to_dict()
    with Store(db) as store:
        again = Referee("oh-hell", choose=rules_ai, store=store)
        assert again.resume() and again.game.name == "german" and again.match.to_dict() == before
        table.ref = again
        table.rerack()
        revoker = play_with_a_revoke(table, {Seat(0)})
        assert again.phase == HAND_OVER and len(again.deal.tricks) == 26
        assert [r.seat for r in again.deal.revokes][:1] == [revoker]
        assert again.view().summary


def test_undoing_the_last_discard_keeps_the_other_five_scanned():
    ref = Referee("bid", None, {Seat.E: "rules", Seat.W: "rules"}, choose=rules_ai, seed="bw2")
    ref.choose_dealer(Seat.W)
    table = Table(ref)
    table.deal_in()
    while ref.deal.step.phase is not Phase.EXCHANGE:
        choices = [c for c in ref.choices() if c.enabled]
        pick = next((c for c in choices if isinstance(c.action, Bid) and c.action.level == 4
                     and c.action.mode == "uptown"), None) if ref.deal.turn == Seat.N else None
        ref.act((pick or next((c for c in choices if c.label == "Pass"), choices[0])).action)
    held = sorted(table.hands[Seat.N] | set(table.record.pile("kitty")), key=lambda c: (c.suit > 3, c.rank))
    for card in held[:6]:
        assert ref.scan(card)
    assert ref.phase == PLAY
    assert ref.undo()
    assert ref.phase == STEPS and ref.discards == held[:5] and not ref.deal.exchanges
    assert ref.scan(held[6])  # another card laid away instead
    assert ref.phase == PLAY and ref.deal.exchanges[0].discard == (*held[:5], held[6])


def test_bid_whist_resumes_after_a_cut_with_the_kitty_in_the_bidders_rack(tmp_path):
    db = tmp_path / "whist.sqlite3"
    with Store(db) as store:
        ref = Referee("bid", None, {Seat.E: "rules", Seat.W: "rules"}, choose=rules_ai, seed="bw1",
                            store=store)
        ref.choose_dealer(Seat.W)
        table = Table(ref)
        table.deal_in()
        table.steps(lambda choices: next((c for c in choices if c.label == "Pass"), choices[0]))
        assert ref.phase == PLAY and ref.deal.contract.declarer in (Seat.E, Seat.W)
        bidder = ref.deal.contract.declarer
        table.play(6)
        before, rack = ref.match.to_dict(), set(ref.rack(bidder))
    with Store(db) as store:
        again = Referee("oh-hell", choose=rules_ai, store=store)
        assert again.resume() and again.game.name == "bid" and again.match.to_dict() == before
        assert set(again.rack(bidder)) == rack  # its twelve, the kitty, less its discards and plays
        played = {c for t in again.deal.tricks for c in t.cards} | set(again.deal.current.cards)
        table.ref = again
        table.rerack()
        table.hands = {s: h - played for s, h in table.hands.items()}
        table.play()
        assert again.phase == HAND_OVER and len(again.deal.tricks) == 12


def test_scandinavian_whist_layouts_scanned_an_uncovered_card_scanned_a_revoke_and_a_resume(tmp_path):
    db = tmp_path / "whist.sqlite3"
    with Store(db) as store:
        ref = Referee("scandinavian", None, {Seat(1): "rules"}, choose=rules_ai, seed=0, store=store)
        ref.choose_dealer(0)
        table = Table(ref)
        # The AI's ten, then each player's 8 face down (from the left) and the 8 face up over them.
        assert [w for w in ref.racks.plan.wants] == [(Seat(1), 10), ("down0", 8), ("up0", 8), ("down1", 8),
                                                   ("up1", 8)]
        for card in sorted(table.hands[Seat(1)]):
            assert ref.scan(card)
        assert "Player 1's face-down layout" in ref.prompt() and "face down, from the left" in ref.prompt()
        for name in ("down0", "up0", "down1", "up1"):
            for card in table.record.pile(name):
                assert ref.scan(card), ref.messages[-1].text
        table.steps()  # high or low, by the buttons
        assert ref.phase == PLAY
        downs0 = table.record.pile("down0")
        ups1 = table.record.pile("up1")
        while ref.is_ai(ref.deal.turn):
            table.play(1)
        assert not ref.scan(downs0[0])  # still covered: refused without naming it
        assert "face down" in ref.messages[-1].text and downs0[0].symbol not in ref.messages[-1].text
        assert not ref.scan(ups1[0]) or ups1[0] in ref.deal.played  # the other player's layout card
        turned = False
        while ref.phase in (PLAY, STOCK) and len(ref.deal.tricks) < 5:
            if ref.phase == STOCK:
                want = ref.upcard_wanted()
                wrong = next(c for c in downs0 + table.record.pile("down1") if c != want)
                assert not ref.scan(wrong) and "just turned" in ref.messages[-1].text
                table.turn_up()
                turned = True
                continue
            table.play(1)
        assert turned  # a layout card was uncovered and scanned
        before = ref.match.to_dict()
    with Store(db) as store:
        again = Referee("oh-hell", choose=rules_ai, store=store)
        assert again.resume() and again.game.name == "scandinavian" and again.match.to_dict() == before
        table.ref = again
        table.rerack()
        play_with_a_revoke(table, {Seat(0)})
        assert again.phase == HAND_OVER and len(again.deal.tricks) == 13
        assert again.deal.revokes and again.deal.revokes[0].seat == Seat(0)


def test_a_reader_per_seat_for_five_refuses_a_card_laid_out_of_turn():
    ref = Referee("oh-hell", 5, {Seat(3): "rules"}, choose=rules_ai, seed="rd")
    assert ref.begin_reader_setup() and ref.phase == "readers"
    assert "Player 1, lay any card" in ref.prompt()
    ref.scan(None, "0A", reader="usb-1")  # any card, even one not enrolled
    assert not ref.scan(None, "0B", reader="usb-1")  # that reader is Player 1's already
    ref.scan("SA", reader="usb-2")
    ref.skip_reader()  # Player 3 has none
    ref.skip_reader()  # nor the AI
    ref.scan("SA", reader="usb-5")
    assert ref.phase == SETUP and ref.view().readers == {Seat(0): "usb-1", Seat(1): "usb-2", Seat(4): "usb-5"}
    ref.choose_dealer(4)
    table = Table(ref)
    table.deal_in()
    table.steps()
    assert ref.phase == PLAY and ref.deal.turn == Seat(0)
    # Player 2 lays a card on its own reader while Player 1 is to play: refused, not named.
    card = sorted(table.hands[Seat(1)])[0]
    assert not ref.scan(card, reader="usb-2")
    said = ref.messages[-1].text
    assert said.startswith("not Player 2's turn") and card.symbol not in said
    mine = table.legal_card(Seat(0))
    assert ref.scan(mine, reader="usb-1")  # Player 1's own reader
    table.hands[Seat(0)].discard(mine)
    while ref.deal.turn != Seat(2):
        seat = ref.deal.turn
        card = ref.expected_card() if ref.is_ai(seat) else table.legal_card(seat)
        on = "usb-5" if ref.is_ai(seat) else ref.readers.reader_of(seat)
        assert ref.scan(card, reader=on), ref.messages[-1].text
        table.hands[seat].discard(card)
    card = table.legal_card(Seat(2))
    assert ref.scan(card, reader="usb-1") is False  # Player 3 has no reader: not on Player 1's
    assert ref.scan(card, reader="usb-9")  # an unassigned reader is anyone's


@pytest.mark.parametrize(("game", "players"), [("oh-hell", 3), ("oh-hell", 7), ("knockout", 2),
                                               ("knockout", 6), ("bid", None), ("solo", None),
                                               ("norwegian", None), ("german", None), ("scandinavian", None)])
def test_every_refereed_game_plays_hands_through_with_random_calls(game, players):
    import random

    for seed in range(3):
        rng = random.Random(seed)
        ref = Referee(game, players, {Seat(1): "rules"}, choose=rules_ai, seed=f"any{seed}")
        ref.choose_dealer(0)
        for _ in range(2):
            table = Table(ref)
            table.deal_in()
            table.steps(lambda choices, rng=rng: rng.choice(choices))
            table.play()
            assert ref.phase == HAND_OVER, (game, seed, ref.phase, ref.prompt())
            assert ref.deal.revokes == []  # legal cards only: nothing to prove
            assert ref.view().summary
            ref.next_hand()


def test_a_reader_per_seat_at_knockout_a_card_laid_out_of_turn_then_shown_out_is_flagged_at_once():
    """As in classic, for any game: a person's card refused out of turn is known to be theirs;
    showing out of that suit later is flagged at that very card (the engine's follow rule), before
    any card proves it; Undo takes the revoke back and the flag goes with it."""
    for seed in range(40):
        ref = Referee("knockout", 4, choose=rules_ai, seed=f"seen{seed}")
        ref.begin_reader_setup()
        for i in range(4):
            assert ref.scan(None, "0A", reader=f"usb-{i}")
        ref.choose_dealer(Seat(3))
        table = Table(ref)
        table.deal_in()
        table.steps()
        deal = ref.deal
        leader = deal.turn
        nxt = Seat((int(leader) + 1) % 4)
        led = min(table.hands[leader])
        held = sorted(c for c in table.hands[nxt] if c.suit == led.suit)
        other = sorted(c for c in table.hands[nxt] if c.suit != led.suit)
        if held and other:
            break
    else:
        pytest.fail("no deal where the second hand holds the suit led and another")
    assert not ref.scan(held[0], reader=f"usb-{int(nxt)}")  # out of turn: refused, not named
    assert held[0].symbol not in ref.messages[-1].text
    assert ref.scan(led, reader=f"usb-{int(leader)}")
    assert ref.scan(other[0], reader=f"usb-{int(nxt)}")  # shows out, though it holds held[0]
    said = ref.messages[-1]
    assert said.kind == "revoke" and said.text.startswith(f"revoke? {ref.name(nxt)} shows out of")
    assert held[0].symbol in said.text  # laid face up on its reader: the table has seen it
    assert any(b.startswith(f"revoke? {ref.name(nxt)}") for b in ref.view().badges)
    assert ref.undo() and not any(b.startswith("revoke?") for b in ref.view().badges)
    assert ref.scan(held[0], reader=f"usb-{int(nxt)}")  # follows suit now
