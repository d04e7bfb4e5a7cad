"""What the text demo prints: a :class:`Printer` for cards and hands, and the report of a
run, by side (the games played in partnerships) or by seat (each plays alone).

A report follows the match as one of its listeners (``engine.match.MatchListener``):
the auction and the contract once known, every trick, and after each hand the
score; device.headless prints the headers between hands.
"""

from __future__ import annotations

import time
from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import TextIO

from device import vocabulary
from device.driver import Listener
from device.words import count
from engine.actions import Action, Bid, Pass
from engine.cards import SUIT_SYMBOLS, Card
from engine.cut import cut_for_partners
from engine.deal import Deal, DealRecord, describe_action
from engine.game import Game, GameRules
from engine.match import Match
from engine.order import Order
from engine.scoresheet import VALUE_NAMES, ScoreSheet, trump_label
from engine.scoring import HandScore
from engine.seats import SEATS, Seat
from engine.table_spec import ScoresBy
from engine.trick import Trick

SeatWord = Callable[[Seat], str]  # a seat in the table's words (device.vocabulary)

RED, RESET = "\033[31m", "\033[0m"


def trumps_named_later(deal: Deal) -> bool:
    """Whether the auction's winner names trumps (no trumps dealt, and the game has a step
    where a seat names them): said so rather than "no trumps" before the auction ends."""
    declares = type(deal.game).declare_legal is not Game.declare_legal
    return deal.game.has_auction and deal.contract is None and deal.trump == 4 and declares


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
        if trumps_named_later(deal):
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

    def hands(self, dealt: tuple[frozenset[Card] | None, ...], name: SeatWord) -> list[str]:
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
        width = max(len(name(s)) for s in SEATS)
        for seat in SEATS:
            if dealt[seat] is None:
                lines.append(f"  {name(seat):<{width}}  (unknown)")
                continue
            groups = [f"{self.suit(suit)} {cols[suit][seat]}" for suit in range(4)]
            jokers = sorted(str(c) for c in dealt[seat] or () if c.is_joker)
            if jokers:
                groups.append(" ".join(jokers))
            lines.append(f"  {name(seat):<{width}}  " + "   ".join(groups).rstrip())
        return lines

    def piles(self, deal: Deal) -> list[str]:
        """The piles dealt beside the hands (a kitty), face down to the players."""
        return [f"  {name.capitalize()}: " + " ".join(self.card(c) for c in cards)
                for name, cards in deal.record.piles if cards]

    def trick(self, number: int, trick: Trick, trump: int | Order, name: SeatWord) -> str:
        width = max(len(name(Seat(i))) for i in range(trick.players))  # the seats' words in columns
        plays = "  ".join(f"{name(seat):>{width}} {self.card(card, 3)}" for seat, card in trick.plays())
        return f"Trick {number:<2}  {plays}  -> {name(trick.winner(trump))}"

    def auction(self, auction: list[Bid | Pass], name: SeatWord) -> str:
        return "Auction: " + ", ".join(f"{name(a.seat)} {describe_action(a)}" for a in auction)

    def contract(self, deal: Deal, name: SeatWord) -> str:
        contract = deal.contract
        assert contract is not None
        who = ("all passed" if contract.declarer is None
               else vocabulary.verb(name(contract.declarer), "declare"))
        named = ""
        if deal.declarations:  # trumps or the direction named after the auction
            named = (f", played {'downtown' if contract.downtown else 'uptown'}" if contract.trump == 4
                     else f" in {self.suit(contract.trump)}")
        laid = ""
        for ex in deal.exchanges:
            kitty = set(deal.record.pile("kitty"))
            own = sum(1 for c in ex.discard if c not in kitty)
            laid += (f"; {vocabulary.verb(name(ex.seat), 'take')} the kitty and "
                     f"{'lay' if name(ex.seat) == vocabulary.YOU else 'lays'} away "
                     f"{' '.join(self.card(c) for c in ex.discard)} ({own} of own cards)")
        return (f"Contract: {contract.call}{named} ({who}){laid}, "
                f"{vocabulary.verb(name(deal.current.leader), 'lead')}")


class Report(Listener, ABC):
    """The lines of a run that follow the match (a listener of every match it plays):
    shared by both layouts; each says how a hand, a trick and a score read."""

    unit = "Game"  # what a match is called in the headers: Rubber, Match, Game

    def __init__(self, p: Printer, game: Game, rules: GameRules, delay: float = 0) -> None:
        self.p = p
        self.game = game
        self.rules = rules
        self.delay = delay
        self.match: Match | None = None
        self.rubber = 1  # the number of the match followed, in the run
        self.tricks = 0  # tricks of the hand in progress already printed
        self.said = False  # the hand's auction is printed

    def follow(self, match: Match, rubber: int) -> None:
        self.match = match
        self.rubber = rubber

    def deal(self) -> Deal:
        assert self.match is not None and self.match.current is not None
        return self.match.current

    # -- engine.match.MatchListener --------------------------------------------
    def hand_started(self, record: DealRecord) -> None:
        self.tricks = 0
        self.said = False

    def action_applied(self, action: Action) -> None:
        deal = self.deal()
        if not self.said and deal.contract is not None and self.says_auction(deal):
            self.said = True
            for line in self.auction_lines(deal):
                self.p.say(line)
        while self.tricks < len(deal.tricks):
            self.tricks += 1
            self.p.say(self.trick_line(deal, self.tricks))
            if self.delay > 0:
                time.sleep(self.delay)

    def hand_scored(self, score: HandScore) -> None:
        assert self.match is not None
        for line in self.score_lines(self.match, score):
            self.p.say(line)

    # -- the layout's own lines ------------------------------------------------
    def header(self, deal: Deal, rubber: int, played: int, hands: int) -> None:
        """The hand's heading and its cards, before it is played (or carried on)."""
        assert self.match is not None
        self.p.say()
        self.p.say(f"--- {self.unit} {rubber}, hand {len(self.match.hands) + 1} (hand {played + 1} of "
                   f"{hands}): {self.deals(deal)}, {self.p.trump(deal)} ---")
        for line in self.hand_lines(deal):
            self.p.say(line)

    @abstractmethod
    def deals(self, deal: Deal) -> str: ...

    @abstractmethod
    def hand_lines(self, deal: Deal) -> list[str]: ...

    def resumed(self, deal: Deal) -> None:
        """The hand in progress is shown again: where its tricks and auction stand."""
        self.tricks = len(deal.tricks)
        self.said = False

    @abstractmethod
    def says_auction(self, deal: Deal) -> bool: ...

    @abstractmethod
    def auction_lines(self, deal: Deal) -> list[str]: ...

    @abstractmethod
    def trick_line(self, deal: Deal, number: int) -> str: ...

    @abstractmethod
    def score_lines(self, match: Match, score: HandScore) -> list[str]: ...


class BySide(Report):
    """Four seats in two partnerships, in the table's words (You, Left, Partner, Right:
    docs/vocabulary.md); a score sheet by side (We, They)."""

    def __init__(self, p: Printer, game: Game, rules: GameRules, delay: float = 0) -> None:
        super().__init__(p, game, rules, delay)
        self.unit = "Rubber" if game.games_to_win(rules) > 1 else "Match"
        self.sides = vocabulary.side_words(game)

    def name(self, seat: Seat) -> str:
        return vocabulary.seat_word(self.game, seat)

    def intro(self, hands: int, seed: int | str | None, who: str, title: str) -> None:
        self.p.say(f"Whist table demo{title}: {count(hands, 'hand')}, {who} in all four seats"
                   + (f", seed {seed}" if seed is not None else "") + ".")

    def first_dealer(self, seed: int | str | None) -> Seat:
        p = self.p
        names = [self.name(s) for s in SEATS]
        cut = cut_for_partners(names, seed=None if seed is None else f"{seed}/cut")
        draws = ", ".join(f"{name} {p.card(card)}" for name, card in cut.draws)
        dealer = SEATS[names.index(cut.order[-1])]
        p.say(f"Cut for the first deal (ace low): {draws} - {vocabulary.verb(self.name(dealer), 'deal')}.")
        return dealer

    def deals(self, deal: Deal) -> str:
        return vocabulary.verb(self.name(deal.dealer), "deal")

    def hand_lines(self, deal: Deal) -> list[str]:
        return self.p.hands(deal.dealt_hands(), self.name) + self.p.piles(deal)

    def resumed(self, deal: Deal) -> None:
        super().resumed(deal)
        if deal.auction and deal.contract is not None:  # resumed after the auction
            self.said = True
            for line in self.auction_lines(deal):
                self.p.say(line)

    def says_auction(self, deal: Deal) -> bool:
        return bool(deal.auction)

    def auction_lines(self, deal: Deal) -> list[str]:
        return [self.p.auction(list(deal.auction), self.name), self.p.contract(deal, self.name)]

    def trick_line(self, deal: Deal, number: int) -> str:
        return self.p.trick(number, deal.tricks[number - 1], deal.order, self.name)

    def score_lines(self, match: Match, score: HandScore) -> list[str]:
        lines = self.hand_summary(score) + [""] + self.sheet_lines(match.sheet())
        if match.is_over:
            w = match.winner
            assert w is not None
            a, b = match.games_won
            lines.append(f"*** {self.unit} {self.rubber} to {vocabulary.object_word(self.sides[w])}, "
                         f"{a}-{b} in games ***")
        return lines

    def pair(self, values: tuple[int, ...]) -> str:
        """Both sides' figures: 'We 3 · They 0'."""
        return vocabulary.by_side(self.sides, values)

    def hand_summary(self, score: HandScore) -> list[str]:
        we, they = self.sides
        lines = [f"Hand {score.number}: {we} {score.tricks[0]} tricks, {they} {score.tricks[1]}."]
        if score.penalty != (0, 0):
            lines.append(f"  After the revoke penalty: {self.pair(score.adjusted)}.")
        gains = [f"{self.sides[s]} +{score.points[s]}" for s in (0, 1) if score.points[s]]
        detail = ", ".join(gains) if gains else "nobody scores"
        if any(score.honours):
            detail += " (honours " + ", ".join(
                f"{self.sides[s]} {score.honours[s]}" for s in (0, 1) if score.honours[s]) + ")"
        lines.append(f"  {detail}. Game: {self.pair(score.game_after)}.")
        for note in score.notes:
            lines.append(f"  {vocabulary.say(self.game, note)}")
        if score.game_won_by is not None:
            lines.append(f"  *** {vocabulary.verb(self.sides[score.game_won_by], 'win')} the game ***")
        return lines

    def sheet_lines(self, sheet: ScoreSheet) -> list[str]:
        """The match's score sheet as engine.scoresheet lays it out, in the table's words."""
        width = max(len(self.name(s)) for s in SEATS)
        out = [f"Score sheet ({sheet.rules.summary()})",
               f"  Hand  {'Dealer':<{width}}  Trump  Tricks  Points  Honours  Penalty   Game"]
        for h in sheet.hands:
            honours = "-" if h.honours == (0, 0) else f"{h.honours[0]}-{h.honours[1]}"
            penalty = "-" if h.penalty == (0, 0) else f"{h.penalty[0]}-{h.penalty[1]}"
            out.append(f"  {h.number:>4}  {self.name(h.dealer):<{width}}  {trump_label(h.trump):<5}  "
                       f"{h.tricks[0]:>2}-{h.tricks[1]:<3}  {h.points[0]:>2}-{h.points[1]:<3}  "
                       f"{honours:<7}  {penalty:<8}  {h.game_after[0]}-{h.game_after[1]}")
            out.extend(f"        {vocabulary.say(self.game, note)}" for note in h.notes)
            for game in sheet.games:
                if game.hands and game.hands[-1] == h.number:
                    value = ("" if sheet.rubber_points is None
                             else f", {VALUE_NAMES[game.value]} ({game.value})")
                    out.append(f"  Game {game.number} to {vocabulary.object_word(self.sides[game.winner])}, "
                               f"{game.score[0]}-{game.score[1]}{value}")
        if not sheet.hands:
            out.append("  (no hands yet)")
        if sheet.winner is None:
            out.append(f"  Game {len(sheet.games) + 1} in progress: {self.pair(sheet.game_score)}; "
                       f"games {self.pair(sheet.games_won)}")
        else:
            out.append(f"  {self.unit} to {vocabulary.object_word(self.sides[sheet.winner])}, games "
                       f"{sheet.games_won[0]}-{sheet.games_won[1]}")
        if sheet.rubber_points is not None:
            out.append(f"  Rubber points: {self.pair(sheet.rubber_points)}")
        return out


class BySeat(Report):
    """Each plays alone at two to eight seats, or in teams beyond four (the game's
    ``TableSpec.scores_by``), in the table's words (You, Player 2 ..., We and They, or We, Team 2, Team 3:
    docs/vocabulary.md); every player's or team's points and total."""

    @property
    def teams(self) -> bool:
        return self.game.table.scores_by is ScoresBy.SIDE

    def intro(self, hands: int, seed: int | str | None, who: str, title: str) -> None:
        seats = self.game.players if self.teams else self.game.sides
        self.p.say(f"Whist table demo ({self.game.title}): {count(hands, 'hand')}, {who} in all "
                   f"{seats} seats" + (f", seed {seed}" if seed is not None else "") + ".")
        self.p.say(self.rules.summary())

    def first_dealer(self, seed: int | str | None) -> Seat:
        return Seat(0)

    def name(self, seat: Seat) -> str:
        return vocabulary.seat_word(self.game, seat)

    def word(self, deal: Deal, seat: Seat) -> str:
        # a hand beyond the players is a dummy hand, played by its declarer
        return vocabulary.DUMMY if int(seat) >= deal.game.sides and not self.teams else self.name(seat)

    def side_word(self, side: int) -> str:
        """A player, or a team (We, They; Team 2)."""
        return vocabulary.side_words(self.game)[side] if self.teams else self.name(Seat(side))

    def deals(self, deal: Deal) -> str:
        return f"{vocabulary.verb(self.name(deal.dealer), 'deal')} {count(deal.tricks_per_hand, 'card')}"

    def hand_lines(self, deal: Deal) -> list[str]:
        width = max(len(self.word(deal, s)) for s in deal.seats)
        return [f"  {self.word(deal, seat):<{width}}  "
                + ("(out)" if seat in deal.out else self.p.hand(cards))
                for seat, cards in zip(deal.seats, deal.dealt_hands(), strict=True)]

    def says_auction(self, deal: Deal) -> bool:
        return True

    def auction_lines(self, deal: Deal) -> list[str]:
        contract = deal.contract
        assert contract is not None
        counts = [a for a in deal.auction if isinstance(a, Bid) and a.tricks is not None]
        if self.game.has_auction and not counts:  # a named auction and its contract
            said = ", ".join(f"{self.name(a.seat)} {describe_action(a)}" for a in deal.auction)
            who = "" if contract.declarer is None else f", {self.name(contract.declarer)}"
            return [f"Auction: {said or 'none'} ({contract.call}{who})"]
        if counts:
            bids = ", ".join(f"{self.name(a.seat)} {a.tricks}" for a in counts)
            return [f"Bids: {bids} ({contract.call})"]
        if contract.declarer is not None:
            return [f"Trumps: {contract.call} by {self.name(contract.declarer)}"]
        passes = [(ex, to) for ex in deal.exchanges
                  if (to := self.game.exchange_to(deal, ex.seat)) is not None]
        if passes:  # cards passed to another seat before the play
            return [f"{contract.call.capitalize()}: " + "; ".join(
                f"{self.name(ex.seat)} {' '.join(self.p.card(c) for c in ex.discard)} to {self.name(to)}"
                for ex, to in passes)]
        return [contract.call.capitalize()] if contract.call else []

    def trick_line(self, deal: Deal, number: int) -> str:
        trick = deal.tricks[number - 1]
        width = max(len(self.word(deal, s)) for s in deal.seats)  # the seats' words in columns
        plays = "  ".join(f"{self.word(deal, s):>{width}} {self.p.card(c, 3)}" for s, c in trick.plays())
        return f"Trick {number:<2}  {plays}  -> {self.word(deal, trick.winner(deal.order))}"

    def score_lines(self, match: Match, score: HandScore) -> list[str]:
        deal = match.deals[-1]
        honours = any(score.honours)  # points for cards taken (trump honours), where a game scores them
        lines = ["  " + "  ".join(f"{self.side_word(s)} {score.tricks[s]}t {score.points[s]:+d}"
                                  + (f" (honours {score.honours[s]})" if honours else "") + f" = {total}"
                                  for s, total in enumerate(score.game_after)
                                  if self.teams or Seat(s) not in deal.out)]
        counted = any(isinstance(a, Bid) and a.tricks is not None for a in deal.auction)
        named = self.game.has_auction and not counted
        for note in score.notes:
            if named:  # what the contract made
                lines.append(f"  {vocabulary.say(self.game, note)}")
            elif self.game.table.lowest_wins:  # penalty points: a moon shot, a shared win
                lines.append(f"  {vocabulary.say(self.game, note)}")
            elif note.startswith("out: "):
                knocked = [Seat.parse_at(x.strip(), self.game.players) for x in note[5:].split(",")]
                lines.append("  Knocked out: " + ", ".join(self.name(s) for s in knocked))
        if match.is_over:
            w = match.winner
            assert w is not None
            lines.append(f"*** {self.unit} {self.rubber} to {vocabulary.object_word(self.side_word(w))} ***")
        return lines


__all__ = ["BySeat", "BySide", "Printer", "Report", "SeatWord", "trumps_named_later"]
