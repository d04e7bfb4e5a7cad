"""Bench-only reference: the sources' tips read literally, with no memory of played cards.

Issue 4 measures its reference PIMC bot against "a textbook-tips bot". The
table's ``rules`` player is more than that: it counts the cards played, so it
leads a king once the ace has gone, lets a partner's master win, and keeps
masters when it discards. This bot knows only its own hand and the trick on
the table: lead from your longest suit (the top card from an ace or from
touching honours, else the lowest), draw trumps while you hold four or more,
return partner's suit, second hand low, third hand high, fourth hand as cheap
as will win, leave partner's winning card alone, ruff cheaply, discard from
the weakest suit. ``bench/arena.py X tips`` shows how a bot's margin depends
on how strong the textbook opponent is.
"""

from __future__ import annotations

from engine.ai import rules
from engine.ai.view import View
from engine.cards import Card


def _strong_top(cs: list[Card]) -> bool:
    """Headed by the ace, or by two touching honours, judged from this hand alone."""
    top = cs[-1]
    return top.rank == 14 or (len(cs) >= 2 and top.rank >= 11 and cs[-2].rank == top.rank - 1)


def _discard(cards: list[Card], trump: int) -> Card:
    suits = rules.by_suit(cards)
    weakest = min(suits, key=lambda s: (s == trump, max(c.rank for c in suits[s]) + len(suits[s])))
    return suits[weakest][0]


def _lead(view: View) -> Card:
    suits = rules.by_suit(view.hand)
    trump = view.trump
    # with no memory it cannot tell whether trumps are still out: it draws while it holds plenty
    if trump < 4 and len(suits.get(trump, ())) >= rules.TRUMP_LENGTH_TO_DRAW:
        cs = suits[trump]
        return cs[-1] if _strong_top(cs) else cs[0]
    for t in view.tricks:
        if t.leader == view.seat.partner:
            s = t.cards[0].suit
            if s in suits and s != trump:
                cs = suits[s]
                return cs[-1] if len(cs) <= 2 or cs[-1].rank == 14 else cs[0]
    side = {s: cs for s, cs in suits.items() if s != trump} or suits
    longest = max(side, key=lambda s: (len(side[s]), sum(c.rank for c in side[s])))
    cs = side[longest]
    return cs[-1] if _strong_top(cs) else cs[0]


def choose(view: View) -> Card:
    legal = view.legal()
    if len(legal) == 1:
        return legal[0]
    played = len(view.current.cards)
    if not played:
        return _lead(view)
    trump = view.trump
    win_card, partner_winning = rules.trick_winner(view)
    winners = [c for c in legal if rules.beats(c, win_card, trump)]
    if legal[0].suit == view.current.led_suit:
        if played == 1 or partner_winning or not winners:
            return legal[0]  # second hand low; leave partner's trick alone; nothing wins
        return winners[-1] if played == 2 else winners[0]  # third hand high; fourth cheaply
    if partner_winning:
        return _discard(legal, trump)
    if winners:  # void in the suit led: only a trump can win
        return winners[0]  # ruff cheaply
    return _discard([c for c in legal if c.suit != trump] or legal, trump)
