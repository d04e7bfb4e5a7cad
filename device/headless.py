"""The text demo: bots in all four seats, every trick and the score sheet printed.

``whist-table demo --headless`` and the no-display fallback of ``make run``
both come here. Play continues across games and rubbers (a new
:class:`~engine.match.Match` when a rubber ends) until the asked number of
hands is played. With a seed, everything (cut, shuffles, bots) is
reproducible, so a journal written through ``on_action`` can be replayed.
Any game of engine.games plays here; a game with an auction prints who bid
what and the contract before the tricks.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import TextIO

from device.deals import DealSource
from device.moves import choose_action_fixed, choose_card_fixed
from device.words import count
from engine.actions import Action, Bid, Pass, Play
from engine.cards import SUIT_SYMBOLS, Card, parse_card
from engine.cut import cut_for_partners
from engine.deal import Deal, describe_action
from engine.game import Game, GameRules
from engine.games import game_of, get_game
from engine.match import Match
from engine.observation import Observation
from engine.order import Order
from engine.scoring import SIDE_LONG_NAMES, HandScore
from engine.seats import SEAT_NAMES, SEATS, Seat
from engine.trick import Trick

OnAction = Callable[[Match, Action], None]
OnMatch = Callable[[Match, int, int], None]  # (match, rubber number, hands before it)
Chooser = Callable[[dict[str, object], str | None], str]  # (observation, move seed) -> card
Actor = Callable[[Observation, str | None], Action]  # any game: (observation, move seed) -> action

AI_LEVEL = "medium"
RED, RESET = "\033[31m", "\033[0m"


def _pick_chooser(fixed_work: bool) -> tuple[Chooser, str]:
    """engine.ai when it is there, the simple rules bot otherwise. ``fixed_work``
    (a seeded run): a fixed amount of thinking, so the seed repeats every move."""
    from engine.ai import choose_card

    def ai(obs: dict[str, object], seed: str | None) -> str:
        if fixed_work:
            return choose_card_fixed(obs, AI_LEVEL, seed)
        return choose_card(obs, level=AI_LEVEL, seed=seed)

    return ai, f"AI ({AI_LEVEL})"


def _pick_actor(fixed_work: bool) -> Actor:
    from engine.ai import choose_action

    def ai(obs: Observation, seed: str | None) -> Action:
        if fixed_work:
            return choose_action_fixed(obs, AI_LEVEL, seed)
        return choose_action(obs, AI_LEVEL, seed)

    ai.label = f"AI ({AI_LEVEL})"  # type: ignore[attr-defined]
    return ai


class Printer:
    """Formats cards, tricks and sheets for a terminal (colour only on a tty)."""

    def __init__(self, out: TextIO, colour: bool | None = None) -> None:
        self.out = out
        if colour is None:
            isatty = getattr(out, "isatty", None)
            colour = bool(isatty and isatty())
        self.colour = colour

    def say(self, text: str = "") -> None:
        self.out.write(text + "\n")
        flush = getattr(self.out, "flush", None)
        if flush:
            flush()

    def card(self, card: Card, width: int = 0) -> str:
        text = card.symbol.ljust(width)
        if self.colour and card.suit in (1, 2):
            return RED + text + RESET
        return text

    def suit(self, suit: int) -> str:
        sym = SUIT_SYMBOLS[suit]
        return RED + sym + RESET if self.colour and suit in (1, 2) else sym

    def trump(self, deal: Deal) -> str:
        if deal.game.has_auction and deal.contract is None and deal.game.name == "bid":
            return "trumps named by the auction's winner"
        if deal.trump == 4:
            return "no trumps"
        text = f"trumps {self.suit(deal.trump)}"
        if deal.record.trump_card is not None:
            text += f" (turned {self.card(deal.record.trump_card)})"
        return text

    def hand(self, cards: frozenset[Card] | None) -> str:
        if cards is None:
            return "(unknown)"
        groups = []
        for suit in range(4):
            ranks = sorted((c for c in cards if c.suit == suit), key=lambda c: -c.rank)
            text = " ".join(c.symbol[1:] for c in ranks) or "-"
            groups.append(f"{self.suit(suit)} {text}")
        return "   ".join(groups)

    def hands(self, dealt: tuple[frozenset[Card] | None, ...]) -> list[str]:
        """The four hands, one line each, suits lined up in columns."""
        cols: list[list[str]] = []
        for suit in range(4):
            col = []
            for cards in dealt:
                ranks = sorted((c for c in cards or () if c.suit == suit), key=lambda c: -c.rank)
                col.append(" ".join(c.symbol[1:] for c in ranks) or "-")
            width = max(len(x) for x in col)
            cols.append([x.ljust(width) for x in col])
        lines = []
        for seat in SEATS:
            if dealt[seat] is None:
                lines.append(f"  {SEAT_NAMES[seat]:<5}  (unknown)")
                continue
            groups = [f"{self.suit(suit)} {cols[suit][seat]}" for suit in range(4)]
            jokers = sorted(str(c) for c in dealt[seat] or () if c.is_joker)
            if jokers:
                groups.append(" ".join(jokers))
            lines.append(f"  {SEAT_NAMES[seat]:<5}  " + "   ".join(groups).rstrip())
        return lines

    def piles(self, deal: Deal) -> list[str]:
        """The piles dealt beside the hands (Bid Whist's kitty), face down to the players."""
        return [f"  {name.capitalize()}: " + " ".join(self.card(c) for c in cards)
                for name, cards in deal.record.piles if cards]

    def trick(self, number: int, trick: Trick, trump: int | Order) -> str:
        plays = "  ".join(f"{seat.name}:{self.card(card, 3)}" for seat, card in trick.plays())
        return f"Trick {number:<2}  {plays}  -> {SEAT_NAMES[trick.winner(trump)]}"

    def auction(self, auction: list[Bid | Pass]) -> str:
        return "Auction: " + ", ".join(f"{SEAT_NAMES[a.seat]} {describe_action(a)}" for a in auction)

    def contract(self, deal: Deal) -> str:
        contract = deal.contract
        assert contract is not None
        who = "all passed" if contract.declarer is None else f"{SEAT_NAMES[contract.declarer]} declares"
        named = ""
        if deal.declarations:  # trumps or the direction named after the auction
            named = (f", played {'downtown' if contract.downtown else 'uptown'}" if contract.trump == 4
                     else f" in {self.suit(contract.trump)}")
        laid = ""
        for ex in deal.exchanges:
            kitty = set(deal.record.pile("kitty"))
            own = sum(1 for c in ex.discard if c not in kitty)
            laid += (f"; {SEAT_NAMES[ex.seat]} takes the kitty and lays away "
                     f"{' '.join(self.card(c) for c in ex.discard)} ({own} of own cards)")
        return f"Contract: {contract.call}{named} ({who}){laid}, {SEAT_NAMES[deal.current.leader]} leads"


def _hand_summary(p: Printer, score: HandScore) -> list[str]:
    ns, ew = score.tricks
    lines = [f"Hand {score.number}: North-South {ns} tricks, East-West {ew}."]
    if score.penalty != (0, 0):
        a, b = score.adjusted
        lines.append(f"  After the revoke penalty: North-South {a}, East-West {b}.")
    gains = [f"{SIDE_LONG_NAMES[s]} +{score.points[s]}" for s in (0, 1) if score.points[s]]
    detail = ", ".join(gains) if gains else "nobody scores"
    if any(score.honours):
        detail += " (honours " + ", ".join(
            f"{SIDE_LONG_NAMES[s]} {score.honours[s]}" for s in (0, 1) if score.honours[s]
        ) + ")"
    lines.append(f"  {detail}. Game: NS {score.game_after[0]}  EW {score.game_after[1]}.")
    for note in score.notes:
        lines.append(f"  {note}")
    if score.game_won_by is not None:
        lines.append(f"  *** {SIDE_LONG_NAMES[score.game_won_by]} win the game ***")
    return lines


def first_dealer_by_cut(seed: int | str | None, p: Printer) -> Seat:
    names = [SEAT_NAMES[s] for s in SEATS]
    cut = cut_for_partners(names, seed=None if seed is None else f"{seed}/cut")
    draws = ", ".join(f"{name} {p.card(card)}" for name, card in cut.draws)
    dealer = Seat.parse(cut.order[-1])
    p.say(f"Cut for the first deal (ace low): {draws} - {SEAT_NAMES[dealer]} deals.")
    return dealer


def run_headless(
    hands: int,
    seed: int | str | None,
    out: TextIO = sys.stdout,
    delay: float = 0,
    on_action: OnAction | None = None,
    *,
    rules: GameRules | None = None,
    game: Game | str | None = None,
    actor: Actor | None = None,
    resume: Match | None = None,
    rubber: int = 1,
    hands_done: int = 0,
    chooser: Chooser | None = None,
    colour: bool | None = None,
    on_match: OnMatch | None = None,
    keep_matches: bool = True,
    deals: DealSource | None = None,
) -> list[Match]:
    """Play ``hands`` hands with bots in every seat, printing as it goes.

    ``on_action(match, action)`` is called after every action is applied
    (before the hand is scored), e.g. to journal it. To carry on an
    interrupted run, pass the rebuilt ``resume`` match, its 1-based ``rubber``
    number and ``hands_done`` (hands finished before it, in earlier rubbers).
    ``on_match(match, rubber, hands_before)`` is called when a new rubber's
    Match is created, before its first deal (device.journal starts
    journalling it there). Returns the matches played (the last may be unfinished);
    with ``keep_matches=False`` only the last (a long run then stays in constant memory).

    ``game`` (a name or a Game; default: the resumed match's, else the rules',
    else classic) is the game played. With ``deals`` (a file's boards) the hands
    are the file's, in order, each dealt by its own dealer; after the last the
    shuffles go on. Classic whist's cards come from
    ``chooser`` (observation dict -> card); every other game's actions, bids
    included, from ``actor`` (Observation -> action; default engine.ai's).
    """
    p = Printer(out, colour)
    if isinstance(game, str):
        game = get_game(game)
    if game is None:
        game = resume.game if resume is not None else get_game("classic") if rules is None else game_of(rules)
    rules = rules or (resume.rules if resume is not None else game.default_rules())
    classic = game.name == "classic"
    if chooser is not None:
        choose, who = chooser, str(getattr(chooser, "label", "custom bots"))
    else:
        choose, who = _pick_chooser(fixed_work=seed is not None)
    if not classic:
        actor = actor or _pick_actor(fixed_work=seed is not None)
        who = str(getattr(actor, "label", "custom bots"))
    using_ai = who.startswith("AI")
    if not game.partnerships and actor is not None:  # each alone at 2-7 seats: printed by seat
        from device.headless_solo import run_solo

        return run_solo(hands, seed, p, game, rules, actor, who, delay, on_action, resume=resume,
                        rubber=rubber, hands_done=hands_done, on_match=on_match, keep_matches=keep_matches)
    unit, plural = ("Rubber", "rubbers") if classic else ("Match", "matches")
    title = "" if classic else f" ({game.title})"
    p.say(f"Whist table demo{title}: {count(hands, 'hand')}, {who} in all four seats"
          + (f", seed {seed}" if seed is not None else "") + ".")

    def rubber_seed(k: int) -> str | None:
        return None if seed is None else f"{seed}/rubber{k}"

    given = deals is not None
    if deals is not None:
        p.say(f"Deals from {deals.name}: {count(len(deals.boards), 'board')}.")
    if resume is not None:
        match = resume
    else:
        first = deals.first_dealer() if deals is not None else None
        if first is None:
            first = first_dealer_by_cut(seed, p)
        match = Match(rules, first, rubber_seed(rubber), game, dealers_given=given)
        if on_match is not None:
            on_match(match, rubber, hands_done)
    matches = [match]
    dropped = 0  # finished rubbers let go of (keep_matches=False)
    played = hands_done + len(match.hands)
    played_before = played  # by an earlier run this one carries on

    while played < hands:
        if match.is_over:
            rubber += 1
            match = Match(rules, match.next_dealer, rubber_seed(rubber), game, dealers_given=given)
            if on_match is not None:
                on_match(match, rubber, played)
            if not keep_matches:
                dropped += sum(1 for m in matches if m.is_over)
                matches.clear()
            matches.append(match)
            p.say()
            p.say(f"=== {unit} {rubber} ===")
        deal = match.current
        if deal is None:
            record = None if deals is None else deals.record(match, played)
            deal = match.new_deal() if record is None else match.start_deal(record)
        number = len(match.hands) + 1
        p.say()
        p.say(f"--- {unit} {rubber}, hand {number} (hand {played + 1} of {hands}): "
              f"{SEAT_NAMES[deal.dealer]} deals, {p.trump(deal)} ---")
        dealt = deal.dealt_hands()
        for line in p.hands(dealt) + p.piles(deal):
            p.say(line)
        if deal.auction and deal.contract is not None:  # resumed after the auction
            p.say(p.auction(deal.auction))
            p.say(p.contract(deal))
        while not deal.is_over:
            seat = deal.turn
            assert seat is not None
            move_seed = match.move_seed()  # (match seed, deal, action): the same on a resumed run
            if actor is not None:
                bidding = deal.contract is None
                action = actor(match.observe(seat), move_seed)
                done = deal.apply(action)
                if on_action is not None:
                    on_action(match, action)
                if bidding and deal.contract is not None:
                    p.say(p.auction(deal.auction))
                    p.say(p.contract(deal))
                if done is not None:
                    p.say(p.trick(len(deal.tricks), done, deal.order))
                    if delay > 0:
                        time.sleep(delay)
                continue
            obs = deal.observation(seat)
            try:
                card = parse_card(choose(obs, move_seed))
                if card not in deal.legal_moves():
                    raise ValueError(f"{card} is not a legal card")
            except Exception as exc:
                # A boundary: the chooser is whatever the caller plugged in (a level,
                # a test's stand-in, later an external program); if it fails, say so
                # once and let the simple bots finish the demo. Bots' own failures
                # are bugs and propagate.
                if not using_ai:
                    raise
                using_ai = False
                p.say(f"  (note: the AI failed: {exc}; simple bots play on)")
                from engine.bots import rules_card

                choose = rules_card
                card = parse_card(choose(obs, move_seed))
            action = Play(seat, card)
            done = match.apply(action)
            if on_action is not None:
                on_action(match, action)
            if done is not None:
                p.say(p.trick(len(deal.tricks), done, deal.trump))
                if delay > 0:
                    time.sleep(delay)
        score = match.finish_deal()
        played += 1
        for line in _hand_summary(p, score):
            p.say(line)
        p.say()
        for line in match.sheet().lines():
            p.say(line)
        if match.is_over:
            w = match.winner
            assert w is not None
            ns, ew = match.games_won
            p.say(f"*** {unit} {rubber} to {SIDE_LONG_NAMES[w]}, {ns}-{ew} in games ***")

    p.say()
    done_rubbers = dropped + sum(1 for m in matches if m.is_over)
    before = f" ({count(played_before, 'hand')} played before)" if played_before else ""
    p.say(f"Played {count(played - played_before, 'hand')}{before}; "
          f"{count(done_rubbers, unit.lower(), plural)} finished.")
    return matches


__all__ = ["run_headless", "Printer"]
