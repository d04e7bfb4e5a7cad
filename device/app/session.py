"""The game being played at the table (a rubber) and the in-memory stats."""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from device.stats import HandOutcome, RubberOutcome, Tally, tally
from engine.deal import Deal
from engine.game import GameRules
from engine.match import Match
from engine.scoring import HandScore
from engine.seats import Seat

if TYPE_CHECKING:
    from device.deals import DealSource
    from device.journal import Journal
    from device.store.sqlite import HeldWrites

HUMAN = Seat.S
KEEP_DEALS = 30  # deals kept for the stats chart's reviews (device.app.scenes.stats.REVIEWED)


@dataclass(frozen=True)
class LevelStats:
    """One group's count as North-South (you and your partner) see it."""

    hands: int = 0
    hands_won: int = 0
    tricks: int = 0
    games: int = 0
    games_won: int = 0
    rubbers: int = 0
    rubbers_won: int = 0

    @classmethod
    def of(cls, t: Tally) -> LevelStats:
        return cls(t.hands_finished, t.hands_won[0], t.tricks[0], t.games, t.games_won[0],
                   t.rubbers_finished, t.rubbers_won[0])

    @property
    def tricks_per_hand(self) -> float:
        return self.tricks / self.hands if self.hands else 0.0


@dataclass
class Stats:
    """Played and won, by AI level ("partner level / opponents level"), since the
    table was switched on: device.stats counts them as it counts the store's."""

    hands: list[HandOutcome] = field(default_factory=list)
    rubbers: list[RubberOutcome] = field(default_factory=list)
    # each hand's deal (a HandOutcome's ref is its index), for the charts' reviews
    deals: list[Deal | None] = field(default_factory=list)
    # your side's costly cards in a hand, double dummy, by where the hand is kept
    # (("store", deal id) or ("table", ref)): None where the review had nothing to say
    costly: dict[tuple[str, int], int | None] = field(default_factory=dict)

    def record_hand(self, key: str, score: HandScore, match: Match) -> None:
        if not match.game.partnerships:
            return  # the count is your side's, as the store's: each alone, By game has the figures
        self.hands.append(HandOutcome.of(key, score, ref=len(self.deals)))
        self.deals.append(match.deals[-1] if match.deals else None)
        if len(self.deals) > KEEP_DEALS:  # the charts review only the last ones: a day's play stays small
            self.deals[-KEEP_DEALS - 1] = None
        if match.is_over:
            self.rubbers.append(RubberOutcome(key, True, match.winner))

    @property
    def by_level(self) -> dict[str, LevelStats]:
        return {k: LevelStats.of(t) for k, t in tally(self.hands, self.rubbers).by_group.items()}

    def of(self, key: str) -> LevelStats:
        return self.by_level.get(key, LevelStats())

    def total(self) -> LevelStats:
        return LevelStats.of(tally(self.hands, self.rubbers).total)


class Session:
    """One rubber at a time; a new one starts when the last is over."""

    def __init__(self, rules: GameRules, seed: int | None = None, first_dealer: Seat = Seat.N) -> None:
        self.seed = seed
        self.rules = rules
        self.pending_rules: GameRules | None = None
        self.match = Match(rules, first_dealer=first_dealer, seed=self._match_seed(0))
        self.rubbers = 0
        self.last_score: HandScore | None = None
        self.last_deal: Deal | None = None
        # device.journal: the store this table writes to (None: nothing is kept).
        self.journal: Journal | None = None
        self._journalled: Match | None = None
        self._run: dict[str, str] = {}
        # device.deals: the boards of a deal file, played in order (None: shuffled deals)
        self.deals: DealSource | None = None
        self.deals_used = 0

    def use_deals(self, source: DealSource) -> None:
        """Play ``source``'s boards from the next hand on: at once when the rubber
        has not begun, else from the next rubber (a resumed one is finished first)."""
        self.deals = source
        self.deals_used = 0
        if self.match.dealers_given and self.match.deals:
            # a rubber of this file resumed after a power cut: its boards were dealt already,
            # from the board its first hand was (a later rubber of the file starts further on)
            dealt = tuple(self.match.deals[0].record.hands())
            start = next((i for i, b in enumerate(source.boards) if tuple(b.hands) == dealt), 0)
            self.deals_used = start + len(self.match.deals)
        if not self.match.deals:
            first = source.first_dealer() or self.match.first_dealer
            self.match = Match(self.rules, first_dealer=first, seed=self.match.seed, dealers_given=True)

    def _new_match(self, rules: GameRules, first_dealer: Seat, seed: int | str | None) -> Match:
        return Match(rules, first_dealer=first_dealer, seed=seed, dealers_given=self.deals is not None)

    def _match_seed(self, rubber: int) -> int | str:
        """Every rubber has a seed: the session's (the n-th rubber's derived from it),
        else a fresh random one. It is journalled with the rubber, so the AI's
        moves (seeded from it) are the same after a resume."""
        if self.seed is None:
            return secrets.token_hex(8)
        return self.seed if rubber == 0 else f"{self.seed}/{rubber}"

    @property
    def reproducible(self) -> bool:
        """Seeded or journalled: the AI then does a fixed amount of work per move,
        seeded by ``match.move_seed()``, so the game can be replayed or resumed."""
        return self.seed is not None or self.journal is not None

    def writes(self) -> list[HeldWrites]:
        """What this session writes besides the app's store (a drive's hall journal): the
        screen says when the disk holds it back, and tries it again."""
        return []

    def attach_journal(self, journal: Journal) -> bool:
        """Write every deal, card and score to the store from now on.

        When the store holds an unfinished rubber of this table (a power cut),
        it is rebuilt at the exact card it had reached and becomes the rubber in
        play (its own rules; the current ones then wait for the next rubber).
        Returns True when a rubber was resumed.
        """
        from device.journal import TABLE, is_table_rubber

        self.journal = journal
        self._run = {"kind": TABLE}
        resumed = journal.resume(accept=is_table_rubber)
        if resumed is None:
            return False
        if resumed.rules != self.rules:
            self.pending_rules = self.rules
        self.rules = resumed.rules
        self.match = resumed
        self._journalled = resumed
        return True

    @property
    def deal(self) -> Deal | None:
        return self.match.current

    def set_rules(self, rules: GameRules) -> bool:
        """New house rules: now if the rubber has not begun, else from the next rubber.
        Returns True when they apply at once."""
        if not self.match.deals:
            self.rules = rules
            self.match = self._new_match(rules, self.match.first_dealer, self.match.seed)
            self.pending_rules = None
            return True
        self.pending_rules = rules if rules != self.rules else None
        return False

    def new_rubber(self) -> None:
        if self.pending_rules is not None:
            self.rules, self.pending_rules = self.pending_rules, None
        self.rubbers += 1
        seed = self._match_seed(self.rubbers)
        self.match = self._new_match(self.rules, self.match.next_dealer, seed)
        self.last_score = None

    def abandon_rubber(self) -> None:
        """Give up the rubber in play, unscored: the store marks it abandoned (so a
        restart does not resume it) and a new rubber starts under the house rules
        now set, the ones waiting included."""
        if self.journal is not None and self._journalled is self.match:
            self.journal.abandon(self.match)
        self.new_rubber()
        self.last_deal = None

    def change_game(self, rules: GameRules) -> None:
        """Another game (the menu's game picker): the rubber in play, if any, ends
        unscored (marked abandoned in the store) and the new game's first match
        starts at once, seat 0 dealing (the last game's dealer may not exist at a
        smaller table); a deal file's boards belong to the old game and are dropped."""
        if (self.match.deals and not self.match.is_over and self.journal is not None
                and self._journalled is self.match):
            self.journal.abandon(self.match)
        self.deals = None
        self.rules, self.pending_rules = rules, None
        self.rubbers += 1
        self.match = self._new_match(rules, Seat.N, self._match_seed(self.rubbers))
        self.last_score = None
        self.last_deal = None

    def shuffle_and_deal(self) -> Deal:
        if self.match.is_over:
            self.new_rubber()
        deal = self.match.current
        if deal is not None:
            return deal
        if self.journal is not None and self._journalled is not self.match:
            # A rubber goes in the store with its first deal (not while rules may still change).
            self.journal.follow(self.match, run=self._run)
            self._journalled = self.match
        if self.deals is not None and self.match.dealers_given:
            record = self.deals.record(self.match, self.deals_used)
            if record is not None:
                self.deals_used += 1
                return self.match.start_deal(record)
        return self.match.new_deal()

    # the hand just played may be played again from the other side (the summary's Other side)
    replay_allowed = True

    def between_hands(self) -> str | None:
        """A scene to show before the next hand instead of dealing it (a drive's table shows
        the movement between rounds); None: deal on."""
        return None

    def finish(self) -> HandScore:
        deal = self.match.current
        assert deal is not None and deal.is_over
        self.last_deal = deal
        self.last_score = self.match.finish_deal()
        return self.last_score
