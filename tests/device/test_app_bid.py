"""Bid Whist at the table: the auction grid on your turn to bid, the
declaration, the kitty exchange by tapping cards, jokers drawn, the contract
in the top bar and the hand scored."""

from device.app.scenes.table.score import badge_words
from device.app.testing import make_app, run_until, tap_button
from engine.actions import Bid, Declare, Pass
from engine.game import Phase
from engine.seats import Seat


def your_part(app, bid=None):
    """Bid ``bid`` (a button name) or pass, name the first trumps offered, lay
    away the first six cards, play the first legal card."""
    table = app.scene
    deal = app.session.deal
    if table.name != "table" or not table.waiting_for_human:
        return
    if deal.phase == Phase.AUCTION:
        name = bid if bid is not None and app.scene.buttons.by_name(bid).enabled else "bid-pass"
        if not app.scene.buttons.by_name(name).enabled:  # the dealer may not pass
            name = next(n for n in (f"bid-{lv}-{m}" for lv in range(1, 8)
                                    for m in ("uptown", "downtown", "notrump"))
                        if app.scene.buttons.by_name(n).enabled)
        tap_button(app, name)
    elif deal.phase == Phase.DECLARE:
        tap_button(app, "declare0")
    elif deal.phase == Phase.EXCHANGE:
        for card in sorted(deal.hand(Seat.S))[:6]:
            table.tap_card(card)
        tap_button(app, "lay-away")
    else:
        card = deal.legal_moves()[0]
        table.tap_card(card)
        table.tap_card(card)


def test_a_bid_whist_hand_is_bid_declared_exchanged_played_and_scored():
    app = make_app((800, 480), game="bid", seed=2)
    try:
        tap_button(app, "play")
        tap_button(app, "deal")
        deal = app.session.deal
        assert deal.game.name == "bid" and deal.phase == Phase.AUCTION
        assert run_until(app, lambda: app.scene.waiting_for_human)
        grid = [app.scene.buttons.by_name(f"bid-{lv}-{m}") for lv in range(1, 8)
                for m in ("uptown", "downtown", "notrump")]
        assert all(b.visible for b in grid) and min(b.rect.h for b in grid) >= 48
        assert app.scene.status().endswith("Your bid: tap a number and type, or Pass")
        assert badge_words(app.scene) == "Bidding"
        high = next((a for a in reversed(deal.auction) if isinstance(a, Bid)), None)
        if high is None or high.level < 7:
            tap_button(app, "bid-7-notrump")
            assert Bid(Seat.S, level=7, mode="notrump") in deal.auction
            assert run_until(app, lambda: app.scene.waiting_for_human)
            assert deal.phase == Phase.DECLARE
            labels = [app.scene.buttons.by_name(f"declare{i}").label for i in range(2)]
            assert labels == ["Uptown", "Downtown"]
            tap_button(app, "declare1")
            assert deal.declarations[-1] == Declare(Seat.S, trump="N", order="downtown")
            assert run_until(app, lambda: app.scene.waiting_for_human)
            assert deal.phase == Phase.EXCHANGE and len(deal.hand(Seat.S)) == 18
            lay = app.scene.buttons.by_name("lay-away")
            assert lay.visible and not lay.enabled and "(0/6)" in lay.label
            chosen = sorted(deal.hand(Seat.S))[:6]
            for card in chosen:
                app.scene.tap_card(card)
            app.scene.tap_card(chosen[0])  # un-chosen
            assert "(5/6)" in lay.label or (app.step() or "(5/6)" in lay.label)
            app.scene.tap_card(chosen[0])
            app.step()
            assert lay.enabled
            tap_button(app, "lay-away")
            assert deal.phase == Phase.PLAY and tuple(deal.exchanges[0].discard) == tuple(chosen)
            own = sum(1 for c in chosen if c not in deal.record.pile("kitty"))
            assert app.scene.status() == f"You took the kitty and laid away {own} of your own cards"
            assert badge_words(app.scene) == "7 no trump · You · No trumps, downtown"
        assert all(isinstance(a, (Bid, Pass)) for a in deal.auction)
        assert run_until(app, lambda: your_part(app) or app.scene.name != "table", max_steps=30000)
        assert deal.is_over and sum(deal.tricks_taken()) == 12
        score = app.session.last_score
        assert score is not None and "books" in score.notes[0]
    finally:
        app.close()


def test_the_bid_grid_stays_hidden_in_classic():
    app = make_app((800, 480))
    try:
        tap_button(app, "play")
        tap_button(app, "deal")
        app.step()
        names = {b.name for b in app.scene.buttons.buttons if b.visible}
        assert "bid-1-uptown" not in names and "lay-away" not in names
    finally:
        app.close()


def test_the_rules_screen_explains_bid_whist_and_its_house_settings():
    app = make_app((800, 480), game="bid")
    try:
        app.go("rules")
        app.step()
        texts = [t for _, t in app.scene.lines()]
        assert texts[1] == "Game won at 5, lost at -5; one game a match"
        assert any("kitty" in t and "12 cards" in t for t in texts) and "Downtown" in texts
    finally:
        app.close()


def test_the_auction_grid_has_fingertip_buttons_and_readable_words(monkeypatch):
    from device.app.render import text

    sizes = []
    real = text.text

    def recording(s, size, *args, **kwargs):
        sizes.append((size, s))
        return real(s, size, *args, **kwargs)

    monkeypatch.setattr(text, "text", recording)
    app = make_app((800, 480), game="bid", seed=2)
    try:
        tap_button(app, "play")
        tap_button(app, "deal")
        assert run_until(app, lambda: app.scene.waiting_for_human)
        sizes.clear()
        app.scene._layer = None  # draw the whole table again
        app.step()
        shown = [b for b in app.scene.buttons.buttons if b.visible and b.name.startswith("bid-")]
        assert len(shown) == 22 and all(min(b.rect.w, b.rect.h) >= 48 for b in shown)
        assert {"Uptown", "Downtown", "No trump"} <= {s for _, s in sizes}
        assert not [(size, s) for size, s in sizes if size < 18]
        rects = [b.rect for b in shown]
        assert not any(r.colliderect(q) for i, r in enumerate(rects) for q in rects[i + 1:])
    finally:
        app.close()


def test_a_minus_score_reads_as_one():
    from device.app.scenes.scoreboard import ScoreLines
    from engine.actions import Claim, Exchange
    from engine.games import get_game
    from engine.match import Match

    match = Match(game=get_game("bid"), seed=1)
    deal = match.new_deal()
    for a in (Bid(Seat.E, level=7, mode="uptown"), Pass(Seat.S), Pass(Seat.W), Pass(Seat.N),
              Declare(Seat.E, "S", "uptown")):
        match.apply(a)
    match.apply(Exchange(Seat.E, tuple(sorted(deal.hand(Seat.E))[:6])))
    match.apply(Claim(Seat.E, 8))  # 9 books on a bid of 7: four short
    assert match.finish_deal().game_after == (0, -4)
    assert ScoreLines.of(match, None).game.startswith("Game We 0 · They −4 (to 5)")
