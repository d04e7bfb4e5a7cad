"""Oh Hell's table and house settings, for the screens, the config and the referee."""

from __future__ import annotations

from engine.table_spec import Moment, Pile, Place, Scan, ScoresBy, SettingSpec, Sides, Sight, TableSpec

SCHEDULES = ("down_up", "up_down", "down", "up", "fixed", "random")
MAX_CARDS = ("leave_turnup", "all")
NO_TURNUP = ("no_trumps", "dealer_last_card")
TRUMP_SOURCES = ("turn_up", "rotation")
TRICK_POINTS = ("exact_only", "always")
TIES = ("share", "play_off")

TABLE = TableSpec(
    seat_counts=(3, 4, 5, 6, 7),
    sides=Sides.ALONE,
    scores_by=ScoresBy.SEAT,
    piles=(Pile("turned", "the turn-up", 1, Place.DEALER, Sight.EVERYONE,
                help="the top card of the undealt stock; its suit is trumps all hand"),),
    scans=(Scan("turned", Moment.DEAL, "its suit is trumps"),),
    turned_card=True,
    bids_tricks=True,
)

SETTINGS = (
    SettingSpec("schedule", "Hand sizes", SCHEDULES,
                "The hand sizes in order: down then up, up then down, down, up, fixed or random."),
    SettingSpec("fixed", "Fixed hand", tuple(range(1, 14)), "The cards a hand with the fixed schedule.",
                checked_with=(("schedule", "fixed"),)),
    SettingSpec("max_cards", "Largest hand", MAX_CARDS,
                "The largest hand: leave a card to turn up, deal every card, or a number."),
    SettingSpec("no_turnup", "No card to turn", NO_TURNUP,
                "With every card dealt: no trumps, or the dealer's last card turned."),
    SettingSpec("trump_source", "Trumps", TRUMP_SOURCES,
                "The turned card's suit, or hearts, clubs, diamonds, spades, no trumps in turn."),
    SettingSpec("hook", "Hook", (False, True),
                "The dealer may not bid the number that makes the bids add up to the tricks."),
    SettingSpec("exact_bonus", "Exact bonus", (0, 5, 10), "Points for taking exactly your bid."),
    SettingSpec("trick_value", "Trick value", (0, 1), "Points a trick taken."),
    SettingSpec("trick_points", "Tricks score", TRICK_POINTS,
                "Tricks score only with the bid made, or always."),
    SettingSpec("miss_penalty", "Miss penalty", (0, 1), "Points lost a trick over or under the bid."),
    SettingSpec("tie", "A tie", TIES, "Players level at the end share the win, or play off."),
)
