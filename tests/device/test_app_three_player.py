"""Widow whist and dummy whist at the table for three: the widow offered in
turn and a hand kept with a button (and, with ``chain``, the rejected hand
swapped unseen); dummy whist's auction on Bid Whist's grid, trumps named
after the dummy is turned, and the dummy's cards played by tapping them
when you declare. Each plays a whole hand through posted taps."""

from __future__ import annotations

import pytest

from device.app.scenes.table import TableScene
from device.app.scenes.table.words import label_lines
from device.app.testing import hand_result, make_app, next_hand, run_until, tap, tap_button
from engine.actions import Bid, Exchange, Play
from engine.game import Phase
from engine.games.dummy import DUMMY, DummyRules
from engine.games.widow import WidowRules
from engine.seats import Seat

YOU = Seat(0)


def play_a_card(app) -> None:
    """Tap a legal card twice: from your hand, or from the dummy's row when you play it."""
    table = app.scene
    deal = app.session.deal
    seat = deal.turn
    legal = deal.legal_moves()
    spots = dict(table.tappable())
    card = legal[-1]
    for _ in range(2):  # tap to raise, tap again to play
        if deal.turn == seat and card in deal.legal_moves():
            rect = spots[card]
            tap(app, rect.centerx, rect.centery)


def call(app, label: str) -> None:
    table = app.scene
    tap_button(app, next(b.name for b in table.panel.shown if b.visible and b.label == label))


def test_widow_whist_take_the_widow_keep_it_and_play_the_hand():
    app = make_app((800, 480), game="widow", seed=4)
    try:
        tap_button(app, "play")
        assert isinstance(app.scene, TableScene)
        tap_button(app, "deal")
        for _ in range(6):  # hands until the widow reaches you untaken
            deal = app.session.deal
            seen = {}

            def step(deal=deal, seen=seen):
                table = app.scene
                if table.waiting_for_human:
                    if deal.phase == Phase.AUCTION:
                        seen["offer"] = [b.label for b in table.panel.shown if b.visible]
                        call(app, "Take the widow")
                    elif deal.phase == Phase.EXCHANGE:
                        seen["widow"] = [c for c, _ in table.own_row_rects()]
                        seen["hand"] = [c for c, _ in table.hand_rects()]
                        seen["buttons"] = [b.label for b in table.panel.shown if b.visible]
                        call(app, "Keep the widow")
                    else:
                        play_a_card(app)
                return deal.is_over

            assert run_until(app, step, max_steps=20000)
            assert len(deal.tricks) == 13 and all(len(t.cards) == 3 for t in deal.tricks)
            if "widow" in seen:
                break
            next_hand(app)
        assert seen["offer"] == ["Take the widow", "Pass"]
        # the widow face up in its own row, your 13 in hand, and a button for each hand to keep
        assert sorted(seen["widow"]) == sorted(deal.record.pile("widow"))
        assert sorted(seen["hand"]) == sorted(deal.record.hands()[YOU])
        assert seen["buttons"] == ["Keep my hand", "Keep the widow"]
        assert deal.exchanges[0] == Exchange(YOU, tuple(sorted(deal.record.hands()[YOU])))
        assert {c for t in deal.tricks for s, c in t.plays() if s == YOU} == set(deal.record.pile("widow"))
        hand_result(app)
        score = app.session.match.hands[-1]
        assert score.points[YOU] == deal.taken[YOU] - 4  # the taker's par is 4
    finally:
        app.close()


def test_widow_whist_with_chain_offers_the_rejected_hand_to_swap_unseen():
    app = make_app((800, 480), game="widow", seed=2)
    try:
        app.session.set_rules(WidowRules(chain=True))
        tap_button(app, "play")
        swapped = None
        tap_button(app, "deal")
        for _ in range(12):
            deal = app.session.deal

            def step(deal=deal):
                table = app.scene
                if table.waiting_for_human:
                    labels = [b.label for b in table.panel.shown if b.visible]
                    if deal.phase == Phase.AUCTION:
                        call(app, "Swap hands" if "Swap hands" in labels else "Pass")
                    elif deal.phase == Phase.PLAY:
                        play_a_card(app)
                return deal.is_over

            assert run_until(app, step, max_steps=20000)
            if any(isinstance(a, Bid) and a.call == "swap" and a.seat == YOU for a in deal.auction):
                swapped = deal
                break
            next_hand(app)
        assert swapped is not None
        # you hold the hand the taker laid away, unseen, and played it
        laid = next(e for e in swapped.exchanges if e.seat != YOU)
        played = {c for t in swapped.tricks for s, c in t.plays() if s == YOU}
        assert played == set(laid.discard)
    finally:
        app.close()


def test_dummy_whist_bid_on_the_grid_name_trumps_and_play_the_dummy_by_tapping():
    app = make_app((800, 480), game="dummy", seed=6)
    try:
        tap_button(app, "play")
        assert isinstance(app.scene, TableScene)
        tap_button(app, "deal")
        deal = app.session.deal
        seen = {}

        def step():
            table = app.scene
            if table.waiting_for_human:
                if deal.phase == Phase.AUCTION:
                    seen["grid"] = sum(1 for b in table.panel.shown if b.visible and b.name.startswith("bid-")
                                       and b.name != "bid-pass")
                    assert table.step() == "grid"  # not Oh Hell's numbers
                    tap_button(app, "bid-7-notrump")
                elif deal.phase == Phase.DECLARE:
                    seen["dummy"] = [c for c, _ in table.faceup_rects(DUMMY)]
                    seen["declare"] = [b.label for b in table.panel.shown if b.visible]
                    call(app, "Uptown")
                else:
                    play_a_card(app)
            return deal.is_over

        assert run_until(app, step, max_steps=20000)
        assert seen["grid"] == 21
        assert sorted(seen["dummy"]) == sorted(deal.record.hands()[DUMMY])  # face up for the declarer
        assert seen["declare"] == ["Uptown", "Downtown"]
        assert deal.contract.declarer == YOU and deal.contract.level == 7
        assert len(deal.tricks) == 13 and all(len(t.cards) == 4 for t in deal.tricks)
        # every card of the dummy was played by your taps, in its turn after your left opponent
        dummy_plays = [a for a in deal.actions if isinstance(a, Play) and a.seat == DUMMY]
        assert len(dummy_plays) == 13
        assert all(t.plays()[(t.plays().index(next(p for p in t.plays() if p[0] == YOU)) + 2) % 4][0] == DUMMY
                   for t in deal.tricks)
        hand_result(app)
        score = app.session.match.hands[-1]
        took = deal.taken[YOU] + deal.taken[DUMMY]
        assert score.points[YOU] == (took - 6 if took >= 13 else took - 13)
    finally:
        app.close()


def test_the_dummy_is_face_down_in_the_auction_and_face_up_for_everyone_after():
    app = make_app((800, 480), game="dummy", seed=3)
    try:
        tap_button(app, "play")
        tap_button(app, "deal")
        deal = app.session.deal
        assert app.scene.faceup_rects(DUMMY) == []
        seating = app.scene.seating
        match = app.session.match
        assert label_lines(deal, seating, DUMMY, match, False) == ["Dummy"]

        def step():
            table = app.scene
            if table.waiting_for_human:
                if deal.phase == Phase.AUCTION:
                    may_pass = table.buttons.by_name("bid-pass").enabled
                    tap_button(app, "bid-pass" if may_pass else "bid-1-uptown")
                elif deal.phase == Phase.DECLARE:
                    tap_button(app, next(b.name for b in table.panel.shown if b.visible))
            return deal.phase == Phase.PLAY

        assert run_until(app, step, max_steps=5000)
        declarer = deal.contract.declarer
        assert len(app.scene.faceup_rects(DUMMY)) == 13
        by = seating.name(declarer)
        assert label_lines(deal, seating, DUMMY, match, False) == ["Dummy", f"played by {by}"]
    finally:
        app.close()


@pytest.mark.parametrize("size", [(800, 480), (480, 800)])
def test_an_open_misere_hand_is_shown_to_everyone_from_the_second_trick(size):
    app = make_app(size, game="solo", seed=18)
    try:
        tap_button(app, "play")
        shown = {}
        tap_button(app, "deal")
        for _ in range(8):  # hands until another player bids open misère
            deal = app.session.deal

            def step(deal=deal):
                table = app.scene
                if deal.contract is not None and deal.contract.call == "open misere":
                    rects = table.faceup_rects(deal.contract.declarer)
                    shown.setdefault(len(deal.tricks), [c for c, r in rects if r.w >= 40 and r.h >= 40])
                if table.waiting_for_human:
                    if deal.phase == Phase.AUCTION:
                        call(app, "Pass")
                    elif deal.phase == Phase.DECLARE:
                        tap_button(app, next(b.name for b in table.panel.shown if b.visible))
                    else:
                        play_a_card(app)
                return deal.is_over

            assert run_until(app, step, max_steps=20000)
            if shown:
                break
            next_hand(app)
        assert shown, "nobody bid open misère in these hands"
        declarer = deal.contract.declarer
        assert declarer != YOU
        assert shown[0] == []  # face down through the first trick
        played_after = {c for t in deal.tricks[1:] for s, c in t.plays() if s == declarer}
        assert set(shown[1]) == played_after  # then face up, the cards it still held
    finally:
        app.close()


def test_dummy_whist_with_jokers_you_lay_two_of_the_dummys_fifteen_away_by_tapping():
    app = make_app((800, 480), game="dummy", seed=6)
    try:
        app.session.set_rules(DummyRules(jokers=True))
        tap_button(app, "play")
        tap_button(app, "deal")
        deal = app.session.deal
        assert len(deal.record.hands()[DUMMY]) == 15
        seen = {}

        def step():
            table = app.scene
            if table.waiting_for_human:
                if deal.phase == Phase.AUCTION:
                    tap_button(app, "bid-7-notrump")
                elif deal.phase == Phase.EXCHANGE:
                    row = table.faceup_rects(DUMMY)
                    seen["row"] = len(row)
                    seen["before"] = [b.label for b in table.panel.shown if b.visible and not b.enabled]
                    for _, rect in row[:2]:
                        tap(app, rect.centerx, rect.centery)
                    seen["laid"] = sorted(table.panel.picked)
                    call(app, "Lay away these 2")
                elif deal.phase == Phase.DECLARE:
                    call(app, "Uptown")
                else:
                    play_a_card(app)
            return deal.is_over

        assert run_until(app, step, max_steps=20000)
        assert seen["row"] == 15 and seen["before"] == ["Tap 2 of its cards to lay away (0/2)"]
        assert deal.exchanges == [Exchange(DUMMY, tuple(seen["laid"]))]
        assert len(deal.tricks) == 13 and not set(seen["laid"]) & {c for t in deal.tricks for c in t.cards}
    finally:
        app.close()


def test_the_rules_screen_explains_the_widow_and_the_dummy():
    for game, words in (("widow", "Take"), ("dummy", "tap the dummy's cards")):
        app = make_app((800, 480), game=game)
        try:
            app.go("rules")
            text = " ".join(t for _, t in app.scene.lines())
            assert words in text and "Glossary" in text
        finally:
            app.close()
