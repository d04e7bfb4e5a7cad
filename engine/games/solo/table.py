"""Solo whist's table and house settings, for the screens, the config and the referee."""

from __future__ import annotations

from engine.table_spec import Call, Moment, Pile, Place, Scan, ScoresBy, SettingSpec, Sides, Sight, TableSpec

PROPOSE, ACCEPT = "propose", "accept"
SOLO, MISERE, ABUNDANCE = "solo", "misere", "abundance"
ROYAL, OPEN_MISERE, DECLARED = "royal abundance", "open misere", "abundance declared"
PROP_AND_COP = "prop and cop"
REDEAL, GENERAL_MISERE = "redeal", "general misere"
DEAL_PATTERNS = ("3333-1", "singly")
ROYAL_MODES = ("overcall", "direct")
DECLARED_TRUMPS = ("none", "choose")
ALL_PASS = ("redeal", "general_misere")

TABLE = TableSpec(
    seat_counts=(4,),
    sides=Sides.CHOSEN,
    scores_by=ScoresBy.SEAT,
    piles=(Pile("turned", "the turned trump", 1, Place.DEALER, Sight.EVERYONE,
                help="the dealer's last card, face up until the dealer plays to the first trick"),
           Pile("exposed", "the open misère hand", 13, Place.DECLARER, Sight.EVERYONE, Moment.FIRST_TRICK,
                help="an open misère's hand, laid face up after the first trick")),
    calls=(Call(PROPOSE, "Propose", "asks a partner for 8 tricks together"),
           Call(ACCEPT, "Accept", "joins the proposal"),
           Call(SOLO, "Solo", "5 tricks alone, the turned trumps"),
           Call(MISERE, "Misère", "no trick, no trumps"),
           Call(ABUNDANCE, "Abundance", "9 tricks, trumps of the bidder's choice"),
           Call(ROYAL, "Royal abundance", "9 tricks, the turned trumps"),
           Call(OPEN_MISERE, "Open misère", "no trick, the hand shown"),
           Call(DECLARED, "Abundance declared", "all 13 tricks, no trumps"),
           Call(PROP_AND_COP, "Prop and cop", "two players together for 8 tricks"),
           Call(GENERAL_MISERE, "General misère", "everyone passed: each plays to take fewest"),
           Call(REDEAL, "Redeal", "everyone passed: the next dealer deals")),
    scans=(Scan("turned", Moment.DEAL, "its suit is the turned trump"),),
    turned_card=True,
    contracts=True,
)

SETTINGS = (
    SettingSpec("deal_pattern", "Deal", DEAL_PATTERNS,
                "Packets of three four times round then one each, or singly."),
    SettingSpec("royal_abundance", "Royal abundance", ROYAL_MODES,
                "Only over another player's abundance, or as any bid."),
    SettingSpec("declared_trumps", "Abundance declared", DECLARED_TRUMPS,
                "Played at no trumps, or the bidder names trumps."),
    SettingSpec("all_pass", "All pass", ALL_PASS, "Nobody bids: the next dealer deals, or a general misère."),
    SettingSpec("extra_tricks", "Extra tricks", (False, True), "A unit more for each trick over or under."),
    SettingSpec("deals", "Deals", (4, 8, 12, 16, 20), "Deals a match lasts."),
)
