"""Bid Whist's pages of the Rules & glossary screen: how to play, its words,
and every house setting in force."""

from __future__ import annotations

from engine.games.bid import BidRules

HOW_TO_PLAY = [
    "Four players in two partnerships: you (South) and your partner (North) against East and West. "
    "54 cards: the 52 and a big and a little joker.",
    "Each player gets 12 cards; 6 go face down to the kitty.",
    "The auction starts on the dealer's left. A bid is a number of books over six, 1 to 7 (the kitty "
    "counts as one), uptown (high cards win), downtown (low cards win) or no trump. Each bid must beat "
    "the last: a higher number, or at the same number uptown, then downtown, then no trump. If the "
    "first three pass, the dealer must bid.",
    "The winner names trumps (at no trump: uptown or downtown), takes the kitty into hand and lays "
    "any 6 cards away; they are the side's first book. Tap six cards, then Lay away.",
    "At a trump contract the big and the little joker are the two highest trumps; a joker led calls "
    "for trumps. At no trump the jokers never win a trick. Downtown the ace stays high: A 2 3 ... K.",
    "The bidder leads. Made: the side scores every book over six. Set: it loses what it was short. "
    "Only the bidding side scores; a game is won at +5 and lost at -5 (as the house sets).",
]

GLOSSARY = [
    ("Book", "a trick; books over six are what a bid promises (the kitty is the first book)."),
    ("Kitty", "the six cards dealt face down, taken up by the auction's winner."),
    ("Uptown", "the usual order: A K Q ... 2."),
    ("Downtown", "low cards win: A 2 3 ... K (the ace kept high unless the house says otherwise)."),
    ("No trump", "no trump suit; the jokers are worthless and the bidder chooses uptown or downtown."),
    ("Joker", "the big joker beats the little one, and both beat every other trump."),
    ("Set", "a contract not made: the bidding side's score goes down."),
]


def house_rules(rules: BidRules) -> list[str]:
    lose = "never" if rules.lose_at is None else f"at {rules.lose_at}"
    return [
        f"Game won at {rules.win_at}, lost {lose}; "
        f"{'best of 3 games' if rules.games_per_match == 3 else 'one game'} a match",
        f"Kitty dealt {'through the first six rounds' if rules.kitty_deal == 'spread' else 'last'}; "
        f"shown {dict(except_nt='unless no trump', always='always', never='never')[rules.kitty_shown]}",
        f"Auction: {'each speaks once' if rules.auction == 'once' else 'round until three pass'}, bids from "
        f"{rules.min_bid}; downtown {'beats' if rules.downtown_beats_uptown else 'equals'} uptown; "
        f"the dealer {'may' if rules.dealer_may_match else 'may not'} take the bid at the same number",
        f"Trumps named {'before' if rules.trump_before_kitty else 'after'} the kitty is seen",
        f"Downtown ace {rules.downtown_ace}; a led joker "
        f"{'calls for trumps' if rules.joker_lead == 'trump' else 'leaves the suit to the next card'}",
        f"Made: {'every book over six' if rules.made_score == 'all_odd' else 'the bid'}; set: minus "
        f"{'the shortfall' if rules.set_penalty == 'shortfall' else 'the bid'}"
        f"{'; no trump doubled' if rules.nt_double else ''}",
    ]
