"""The phone's and the watchers' words: made by the table from the seat's point of view and
sent with each observation, so the page itself holds no word list and names no game."""

from __future__ import annotations

import json
import re

from device.remote.link import TableLink
from device.remote.player import PhoneListener
from device.remote.server import FILES, STATIC
from device.vocabulary import card_word
from engine.ai import choose_action
from engine.games import GAMES, get_game
from engine.match import Match
from engine.seats import Seat


def _published(match: Match) -> TableLink:
    link = TableLink()
    PhoneListener(link, lambda: match).publish()
    return link


def _message(link: TableLink, seat: int) -> dict:  # type: ignore[type-arg]
    return json.loads(link.state(seat)[1])  # type: ignore[no-any-return]


def test_a_phone_at_east_calls_the_seats_and_sides_from_east() -> None:
    match = Match(game=get_game("classic"), seed="words")
    match.new_deal()
    words = _message(_published(match), int(Seat.E))["words"]
    assert words["seats"] == {"N": "Right", "E": "You", "S": "Left", "W": "Partner"}
    assert words["sides"] == {"NS": "They", "EW": "We"}
    assert words["title"] == match.game.title
    facts = r"(♠ Spades|♥ Hearts|♦ Diamonds|♣ Clubs) · Turned [♠♥♦♣](10|[2-9JQKA])"
    assert re.fullmatch(facts, words["facts"])


def test_each_alone_the_phone_numbers_the_others_clockwise_from_itself() -> None:
    match = Match(game=get_game("oh-hell", 3), seed="words")
    deal = match.new_deal()
    link = _published(match)
    words = _message(link, 1)["words"]
    assert words["seats"] == {"0": "Player 3", "1": "You", "2": "Player 2"}
    assert words["sides"] == {"0": "Player 3", "1": "You", "2": "Player 2"}
    # the watchers' page says what the table's screen says: its person at seat 0 is You
    view = json.loads(link.view()[1])["words"]
    assert view["seats"] == {"0": "You", "1": "Player 2", "2": "Player 3"}
    # bids and cards in the table's words, in the order of the legal actions
    while deal.turn is not None and not deal.is_over:
        seat = deal.turn
        observation = match.observe(seat)
        message = _message(_published(match), int(seat))
        said = message["words"]["actions"]
        assert len(said) == len(observation.legal)
        for action, text in zip(message["observation"]["legal"], said, strict=True):
            if action["type"] == "play":
                assert text == card_word(next(c for c in observation.hand if str(c) == action["card"]))
            elif action["type"] == "bid":
                assert text == f"{action['tricks']} trick{'s' if action['tricks'] != 1 else ''}"
        deal.apply(choose_action(observation, "rules", seed="w"))
        if len(deal.tricks) == 1:
            break
    assert "Your turn" in _message(_published(match), int(deal.turn or 0))["words"]["status"]


def test_the_pages_hold_no_word_list_and_name_no_game() -> None:
    words = ("Partner", "Left", "Right", "We", "They", "Player", "trumps", "North", "South")
    titles = [game.title for game in GAMES.values()]
    keys = [game.name for game in GAMES.values()]  # "bid" is a word too: a key is looked for as a string
    for name in FILES:
        text = (STATIC / name).read_text()
        assert not [w for w in (*words, *titles) if re.search(rf"\b{re.escape(w)}\b", text)], name
        assert not [k for k in keys if re.search(rf"[\"']{re.escape(k)}[\"']", text)], name
