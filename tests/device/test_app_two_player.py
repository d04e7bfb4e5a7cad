"""German and Scandinavian whist at the table for two, and Solo whist for four alone: your cards tapped from
the hand or, in Scandinavian whist, from your face-up layout; high or low
called by its buttons; the stock's upcard and both layouts drawn; the hand
scored."""

import pytest

from device.app.scenes.table import TableScene
from device.app.testing import hand_result, make_app, run_until, tap, tap_button
from engine.actions import Bid
from engine.game import Phase
from engine.seats import Seat


def your_part(app, from_layout: bool = False) -> None:
    """Call the first offered call, else play a legal card: from the layout when asked and able."""
    table = app.scene
    deal = app.session.deal
    if not isinstance(table, TableScene) or deal is None or not table.waiting_for_human:
        return
    if deal.phase == Phase.AUCTION:
        tap_button(app, next(b.name for b in table.panel.shown if b.visible))
        return
    legal = deal.legal_moves()
    spots = dict(table.hand_rects() + table.own_row_rects())
    layout = [c for c in legal if c in dict(table.own_row_rects())]
    card = layout[0] if from_layout and layout else legal[0]
    for _ in range(2):  # tap to raise, tap again to play
        if deal.turn == Seat(0) and len(deal.legal_moves()) and card in deal.legal_moves():
            rect = spots[card]
            tap(app, rect.centerx, rect.centery)


@pytest.mark.parametrize("size", [(800, 480), (1920, 1080)])
def test_german_whist_is_played_hand_through_with_the_stock_shown(size):
    app = make_app(size, game="german", seed=3)
    try:
        tap_button(app, "play")
        assert isinstance(app.scene, TableScene)
        tap_button(app, "deal")
        deal = app.session.deal
        assert deal.game.name == "german" and deal.tricks_per_hand == 26
        upcards = set()

        def step():
            up = deal.game.visible_piles(deal, Seat(0)).get("upcard")
            if up:
                upcards.add(up[0])
            your_part(app)
            return deal.is_over

        assert run_until(app, step, max_steps=40000)
        assert len(deal.tricks) == 26 and len(upcards) >= 10  # the upcard changed trick by trick
        hand_result(app)
        score = app.session.match.hands[0]
        late = [t.winner(deal.order) for t in deal.tricks[13:]]  # the last 13 tricks score a point each
        assert score.points == (late.count(Seat(0)), late.count(Seat(1)))
    finally:
        app.close()


def test_scandinavian_whist_calls_high_or_low_and_plays_from_the_layout():
    app = make_app((800, 480), game="scandinavian", seed=5)
    try:
        tap_button(app, "play")
        tap_button(app, "deal")
        deal = app.session.deal
        assert run_until(app, lambda: app.scene.waiting_for_human or deal.contract is not None)
        if deal.phase == Phase.AUCTION:
            labels = [b.label for b in app.scene.panel.shown if b.visible]
            assert labels == ["High", "Low"]
        # both layouts are on the screen, eight cards each
        assert len(app.scene.own_row_rects()) == 8 == len(app.scene.faceup_rects(Seat(1)))
        from_layout = []

        def step():
            before = len(deal.actions)
            your_part(app, from_layout=True)
            if len(deal.actions) > before and deal.actions[-1].seat == Seat(0):
                last = deal.actions[-1]
                if not isinstance(last, Bid):
                    from_layout.append(last.card not in deal.record.hands()[0])
            return deal.is_over

        assert run_until(app, step, max_steps=40000)
        assert len(deal.tricks) == 13 and any(from_layout)
        assert all(len(t.cards) == 4 for t in deal.tricks)
        hand_result(app)
        assert len(app.session.match.hands) == 1
    finally:
        app.close()


def test_solo_whist_is_bid_by_named_buttons_at_the_table_for_four_alone():
    app = make_app((800, 480), game="solo", seed=2)
    try:
        tap_button(app, "play")
        tap_button(app, "deal")
        match = app.session.match
        deal = app.session.deal
        assert run_until(app, lambda: app.scene.waiting_for_human or deal.is_over)
        if not deal.is_over and deal.phase == Phase.AUCTION:
            labels = [b.label for b in app.scene.panel.shown if b.visible]
            assert labels[-1] == "Pass" and len(labels) >= 2  # the bids still above the highest, and pass
            assert app.scene.step() == "calls"  # named buttons, not numbers

        def step():
            table = app.scene
            d = app.session.deal
            if d is not None and d.turn == Seat(0) and d.phase == Phase.AUCTION:
                tap_button(app, next(b.name for b in table.panel.shown if b.visible and b.label == "Pass"))
            elif d is not None and d.turn == Seat(0) and d.phase == Phase.DECLARE:
                tap_button(app, next(b.name for b in table.panel.shown if b.visible))
            else:
                your_part(app)
            return d is None or d.is_over

        assert run_until(app, step, max_steps=40000)
        hand_result(app)
        assert len(match.hands) == 1  # scored (or thrown in when all passed: the next dealer deals)
    finally:
        app.close()
