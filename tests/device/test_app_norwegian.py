"""Norwegian whist at the table: the call panel on your turn to speak, the AI
bidding and playing, the contract in the top bar, the hand scored."""

from device.app.scenes.table.score import badge_words
from device.app.testing import make_app, run_until, tap_button
from engine.actions import Bid, Pass
from engine.game import Phase
from engine.seats import Seat


def speak_or_play(app):
    """Your part: the first call offered (grand), else the first legal card."""
    table = app.scene
    deal = app.session.deal
    if table.name != "table" or not table.waiting_for_human:
        return
    if deal.phase == Phase.AUCTION:
        tap_button(app, "calls0")
    else:
        card = deal.legal_moves()[0]
        table.tap_card(card)
        table.tap_card(card)


def test_a_norwegian_hand_is_bid_played_and_scored_at_the_table():
    app = make_app((800, 480), game="norwegian", seed=1)
    try:
        tap_button(app, "play")
        tap_button(app, "deal")
        deal = app.session.deal
        assert deal.game.name == "norwegian" and deal.phase == Phase.AUCTION
        assert run_until(app, lambda: app.scene.waiting_for_human or deal.phase == Phase.PLAY)
        if deal.phase == Phase.AUCTION:
            labels = [app.scene.buttons.by_name(f"calls{i}").label for i in range(3)]
            assert labels == ["Grand", "Nullo", "Pass"]
            assert app.scene.status().endswith("Your call: grand, nullo or pass")
            if deal.auction:
                assert app.scene.status().startswith("Right pass")
            # the hint while bidding is the AI's call, not a card (tests/device/test_family_hint.py)
            assert app.scene.b_hint.enabled and app.scene.hint_card is None
            tap_button(app, "calls0")
            assert deal.contract is not None and deal.contract.declarer == Seat.S
            assert badge_words(app.scene).startswith("Grand · You")
        assert all(isinstance(a, (Bid, Pass)) for a in deal.auction)
        assert run_until(app, lambda: speak_or_play(app) or app.scene.name in ("summary", "celebration"),
                         max_steps=20000)
        assert deal.is_over and sum(deal.tricks_taken()) == 13
        score = app.session.last_score
        assert score is not None and score.notes[0].startswith(("grand", "nullo"))
    finally:
        app.close()


def test_the_call_buttons_stay_hidden_in_classic():
    app = make_app((800, 480))
    try:
        tap_button(app, "play")
        tap_button(app, "deal")
        app.step()
        assert not [b for b in app.scene.buttons.buttons if b.visible and b.name.startswith(("calls", "bid"))]
    finally:
        app.close()


def test_the_rules_screen_shows_norwegian_settings():
    # It read classic whist's honours and revoke penalty, which Norwegian rules
    # do not have, and the screen failed to open.
    app = make_app((800, 480), game="norwegian")
    try:
        app.go("rules")
        app.step()
        texts = [t for _, t in app.scene.lines()]
        assert texts[1] == "Settings: game to 50, grand 4/8, nullo 2 a trick over six"
    finally:
        app.close()


def test_the_score_sheet_shows_norwegian_settings():
    # It read classic whist's honours, revoke penalty and rubber points, which
    # Norwegian rules do not have, and the screen failed to open.
    app = make_app((800, 480), game="norwegian")
    try:
        app.go("scoresheet")
        app.step()
        texts = [t for _, t in app.scene.lines()]
        assert texts[0] == "Settings: game to 50, grand 4/8, nullo 2 a trick over six"
        assert not any("Rubber points" in t for t in texts)
    finally:
        app.close()
