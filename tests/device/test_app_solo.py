"""The table for three to seven, each alone (Oh Hell, Knockout): the seats round
the screen, bidding by the big numbered buttons with the hook greyed and
explained, cards tapped, the hand scored, a knockout announced, trumps named."""

import pytest

from device import vocabulary
from device.app.scenes.table import TableScene
from device.app.scenes.table.seating import EDGES, places_round
from device.app.scenes.table.words import label_lines
from device.app.testing import hand_result, make_app, next_hand, run_until, tap, tap_button
from engine.actions import Bid
from engine.game import Phase
from engine.seats import Seat


def your_part(app):
    """Bid what the first enabled button says, name the first suit, play the first legal card."""
    table = app.scene
    deal = app.session.deal
    if not isinstance(table, TableScene) or deal is None or not table.waiting_for_human:
        return
    if deal.phase == Phase.AUCTION:
        first = next(b for b in table.panel.shown if b.visible and b.enabled)
        tap_button(app, first.name)
    elif deal.phase == Phase.DECLARE:
        tap_button(app, next(b.name for b in table.panel.shown if b.visible))
    else:
        card = deal.legal_moves()[0]
        rect = dict(table.hand_rects())[card]
        tap(app, rect.centerx, rect.bottom - 8)
        if deal.turn == Seat(0) and card in (deal.hand(Seat(0)) or ()):
            tap(app, dict(table.hand_rects())[card].centerx, dict(table.hand_rects())[card].bottom - 8)


@pytest.mark.parametrize("players", [3, 5, 7])
def test_oh_hell_a_hand_is_bid_played_and_scored(players):
    app = make_app((800, 480), game="oh-hell", players=players, seed=2)
    try:
        tap_button(app, "play")
        assert isinstance(app.scene, TableScene)
        tap_button(app, "deal")
        deal = app.session.deal
        assert deal.game.players == players and deal.dealer == Seat(0)  # you deal first: you bid last
        assert run_until(app, lambda: app.scene.waiting_for_human)
        k = deal.tricks_per_hand
        shown = [b for b in app.scene.panel.shown if b.visible]
        assert [b.label for b in shown] == [str(n) for n in range(k + 1)]
        barred = [b for b in shown if not b.enabled]
        total = sum(a.tricks for a in deal.auction)
        if total <= k:
            assert [b.label for b in barred] == [str(k - total)]
            reason = f"Not {k - total}: the bids may not add up to {k} (the dealer's hook)"
            assert app.scene.status().endswith(reason)
        assert run_until(app, lambda: your_part(app) or deal.is_over, max_steps=20000)
        assert sum(deal.taken) == k and all(isinstance(a, Bid) for a in deal.auction)
        for s in deal.seats:  # every seat's label says its bid and its tricks
            said = label_lines(deal, app.scene.seating, s, app.session.match, False)
            assert f"bid {deal.auction[(s - 1) % players].tricks}" in " ".join(said)
        next_hand(app)  # the first is scored, shown, and the next dealt
        assert len(app.session.match.hands) == 1 and app.session.deal is not None
        assert app.session.deal.tricks_per_hand == k - 1
    finally:
        app.close()


def test_knockout_is_played_to_the_last_player_and_says_who_is_out():
    app = make_app((800, 480), game="knockout", players=3, seed=4)
    try:
        tap_button(app, "play")
        tap_button(app, "deal")
        match = app.session.match
        seen = []

        def step():
            your_part(app)
            if app.scene.name in ("summary", "celebration"):
                seen.append(app.scene.rows() if app.scene.name == "summary" else [])
                if not match.is_over:
                    next_hand(app)
            return match.is_over

        assert run_until(app, step, max_steps=50000)
        assert any(value.startswith("out: Player ") for rows in seen for _, value in rows)
        hand_result(app)
        assert app.scene.name == "celebration"
        primary = next(b for b in app.scene.buttons.buttons if b.primary)
        assert primary.label.startswith("New ")  # the game is won: the next deal starts a new one
    finally:
        app.close()


def test_seats_sit_round_every_table_and_never_share_a_place():
    for players in range(2, 8):
        places = places_round(players - 1)
        assert len(places) == players - 1 and sum(EDGES[players - 1]) == players - 1
        for size in ((800, 480), (1920, 1080)):
            game = "knockout" if players == 2 else "oh-hell"
            app = make_app(size, game=game, players=players, seed=1)
            try:
                tap_button(app, "play")
                tap_button(app, "deal")
                app.step(1 / 60)
                rects = dict(app.scene.label_rects)
                rects[Seat(0)] = app.scene.score_rect  # yours: in the top bar
                assert len(rects) == players
                for a in range(players):
                    assert app.window.get_rect().contains(rects[Seat(a)])
                    for b in range(a + 1, players):
                        assert not rects[Seat(a)].colliderect(rects[Seat(b)]), (players, size, a, b)
            finally:
                app.close()


@pytest.mark.parametrize("game, players", [("oh-hell", 3), ("oh-hell", 7), ("knockout", 5)])
def test_touch_targets_text_and_card_strips_are_big_enough_at_800x480(monkeypatch, game, players):
    from device.app.render import text

    sizes = []
    real = text.text

    def recording(s, size, *args, **kwargs):
        sizes.append((size, s))
        return real(s, size, *args, **kwargs)

    monkeypatch.setattr(text, "text", recording)
    app = make_app((800, 480), game=game, players=players, seed=5)
    try:
        tap_button(app, "play")
        tap_button(app, "deal")
        assert run_until(app, lambda: app.scene.waiting_for_human or app.session.deal.is_over)
        app.step(1 / 60)
        for b in app.scene.buttons.buttons:
            if b.visible:
                assert min(b.rect.w, b.rect.h) >= 48, b
        rects = [r for _, r in app.scene.hand_rects()]
        assert all(b.left - a.left >= 48 or b.top != a.top for a, b in zip(rects, rects[1:], strict=False))
        assert not [(size, s) for size, s in sizes if size < 18]
    finally:
        app.close()


@pytest.mark.parametrize("game, words", [("oh-hell", "bids add up"), ("knockout", "you are out")])
def test_the_rules_screen_explains_the_game(game, words):
    app = make_app((800, 480), game=game, players=5)
    try:
        app.go("rules")
        app.step()
        texts = " ".join(t for _, t in app.scene.lines())
        assert words in texts and "partnerships" not in texts
    finally:
        app.close()


def test_on_a_dogs_life_you_knock_with_a_button():
    from device.app.main import _play_out
    from engine.games.knockout import KnockoutRules

    for seed in range(60):
        app = make_app((800, 480), game="knockout", players=3, seed=seed)
        session = app.session
        session.set_rules(KnockoutRules(players=3, dogs_life=True))
        _play_out(session.shuffle_and_deal(), match=session.match)
        session.finish()
        if session.match.hands[0].tricks[0] == 0 and not session.match.is_over:
            break
        app.close()
    try:
        tap_button(app, "play")
        tap_button(app, "deal")
        deal = app.session.deal
        assert len(deal.hand(Seat(0))) == 1
        assert run_until(app, lambda: your_turn_to_knock(app) or deal.is_over, max_steps=5000)
        assert not deal.is_over and len(deal.tricks) < deal.tricks_per_hand - 1
        assert app.scene.status() == "A dog's life: play your card, or knock"
        before = len(deal.actions)
        tap_button(app, "knock")
        assert deal.actions[before].__class__.__name__ == "Pass"
    finally:
        app.close()


def your_turn_to_knock(app):
    deal = app.session.deal
    if deal.turn == Seat(0) and deal.phase == Phase.DECLARE:
        tap_button(app, next(b.name for b in app.scene.panel.shown if b.visible))
        return False
    return deal.turn == Seat(0) and deal.phase == Phase.PLAY


def test_after_an_oh_hell_hand_the_result_shows_each_seats_bid_tricks_and_points():
    app = make_app((800, 480), game="oh-hell", players=4, seed=3)
    try:
        tap_button(app, "play")
        tap_button(app, "deal")
        deal = app.session.deal
        assert run_until(app, lambda: your_part(app) or deal.is_over, max_steps=20000)
        hand_result(app)
        assert app.scene.name == "summary"
        score = app.session.match.hands[-1]
        rows = dict(app.scene.rows())
        names = ["You", "Player 2", "Player 3", "Player 4"]
        for s, name in zip(deal.seats, names, strict=True):
            bid = next(a.tricks for a in deal.auction if a.seat == s)
            took = deal.taken[s]
            assert rows[name].startswith(f"bid {bid}, took {took}: {'made' if bid == took else 'missed'}")
            assert f"{vocabulary.signed(score.points[s])} this hand" in rows[name]
        # the partnership charts count your side's hands only: each alone, By game (the store's) has it
        assert app.stats.total().hands == 0
        next_hand(app)  # the result's Next hand deals the next
        assert app.scene.name == "table" and app.session.deal is not deal
        assert len(app.session.match.hands) == 1
    finally:
        app.close()
