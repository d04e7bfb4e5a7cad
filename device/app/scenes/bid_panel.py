"""Bid Whist's controls at the table: the auction grid (every number and type
in fingertip buttons, pass, the auction so far), the declaration (trumps or
the direction) and the kitty exchange (tap the cards to lay away; a button
with the count). The table scene owns one and asks it on every frame."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import pygame

from device.app.render import text, theme, widgets
from engine.actions import Bid, Declare, Exchange, Pass
from engine.cards import Card
from engine.deal import describe_action
from engine.game import Phase
from engine.games.bid import high_bid, own_cards_laid_away
from engine.seats import Seat

if TYPE_CHECKING:
    from device.app.scenes.table import TableScene
    from engine.deal import Deal

MODES = (("uptown", "Uptown"), ("downtown", "Downtown"), ("notrump", "No trump"))
SUIT_WORDS = {"S": "Spades", "H": "Hearts", "D": "Diamonds", "C": "Clubs", "N": "No trump"}


def call_words(action: Bid | Pass) -> str:
    """'4 downtown', '4 no trump', 'pass'."""
    if isinstance(action, Bid) and action.mode == "notrump":
        return f"{action.level} no trump"
    return describe_action(action)


def declare_words(action: Declare) -> str:
    if action.trump == "N":
        return str(action.order).capitalize()
    return SUIT_WORDS[str(action.trump)]


class BidPanel:
    """The buttons of Bid Whist's steps before the play, for the seat at the bottom."""

    def __init__(self, table: TableScene) -> None:
        self.table = table
        self.discard: set[Card] = set()
        px, pad = table.px, table.pad
        cx, cy = table.centre
        # 7 numbers x 3 types, a fingertip (48 px) each, and a tall Pass at the right:
        # over the trick area, empty while the auction lasts
        cw, ch = px(56), px(48)
        gap = max(2, pad // 2)
        pass_w = px(84)
        self.head_w = px(104)  # the row's type, written left of its numbers
        grid_w = self.head_w + 7 * cw + 6 * gap + gap + pass_w
        x0 = cx - grid_w // 2 + self.head_w
        y0 = cy - (3 * ch + 2 * gap) // 2 - px(8)
        self.grid: dict[tuple[int, str], widgets.Button] = {}
        for row, (mode, _) in enumerate(MODES):
            for level in range(1, 8):
                rect = pygame.Rect(x0 + (level - 1) * (cw + gap), y0 + row * (ch + gap), cw, ch)
                self.grid[(level, mode)] = table.buttons.add(widgets.Button(
                    rect, str(level), lambda: None, visible=False, font_size=px(22),
                    name=f"bid-{level}-{mode}"))
        tall = pygame.Rect(x0 + 7 * (cw + gap), y0, pass_w, 3 * ch + 2 * gap)
        self.pass_button = table.buttons.add(widgets.Button(tall, "Pass", lambda: None, visible=False,
                                                            font_size=px(21), name="bid-pass"))
        wide = pygame.Rect(0, 0, px(280), ch)
        self.lay_away = table.buttons.add(widgets.Button(wide, "", self.exchange,
                                                         visible=False, primary=True, font_size=px(21),
                                                         name="lay-away"))
        self.lay_away.rect.center = (cx, cy + px(10))

    # -- state --------------------------------------------------------------------
    def deal(self) -> Deal | None:
        deal = self.table.deal
        return deal if deal is not None and deal.game.name == "bid" else None

    def exchanging(self) -> bool:
        deal = self.deal()
        return (deal is not None and deal.phase == Phase.EXCHANGE and self.table.waiting_for_human)

    def refresh(self) -> None:
        deal = self.deal()
        mine = deal is not None and self.table.waiting_for_human
        bidding = mine and deal is not None and deal.phase == Phase.AUCTION
        legal = deal.legal_actions() if bidding and deal is not None else []
        for (level, mode), button in self.grid.items():
            bid = next((a for a in legal if isinstance(a, Bid) and (a.level, a.mode) == (level, mode)), None)
            button.visible = bidding
            button.enabled = bid is not None
            if bid is not None:
                button.on_press = partial(self.table.act, Seat.S, bid)
        passing = next((a for a in legal if isinstance(a, Pass)), None)
        self.pass_button.visible = bidding
        self.pass_button.enabled = passing is not None
        if passing is not None:
            self.pass_button.on_press = partial(self.table.act, Seat.S, passing)
        if not self.exchanging():
            self.discard.clear()
        self.lay_away.visible = self.exchanging()
        if self.lay_away.visible and deal is not None:
            need = deal.exchange_count()
            self.lay_away.enabled = len(self.discard) == need
            self.lay_away.label = (f"Lay away these {need}" if len(self.discard) == need
                                   else f"Tap {need} cards to lay away ({len(self.discard)}/{need})")

    def declarations(self) -> list[Declare]:
        """Your choices of trumps or direction (the table shows them in its call buttons)."""
        deal = self.deal()
        if deal is None or deal.phase != Phase.DECLARE or not self.table.waiting_for_human:
            return []
        return [a for a in deal.legal_actions() if isinstance(a, Declare)]

    # -- input --------------------------------------------------------------------
    def tap_card(self, card: Card) -> bool:
        """In the exchange a tap chooses (or un-chooses) a card to lay away."""
        deal = self.deal()
        if not self.exchanging() or deal is None:
            return False
        if card in self.discard:
            self.discard.remove(card)
        elif len(self.discard) < deal.exchange_count():
            self.discard.add(card)
        else:
            self.table.say(f"Already {deal.exchange_count()} chosen: tap one to put it back")
        return True

    def exchange(self) -> None:
        deal = self.deal()
        if deal is None or len(self.discard) != deal.exchange_count():
            return
        chosen = tuple(sorted(self.discard))
        self.discard.clear()
        self.table.act(Seat.S, Exchange(Seat.S, chosen))

    # -- words and drawing -------------------------------------------------------------
    def status(self) -> str | None:
        deal = self.deal()
        if deal is None or not self.table.waiting_for_human:
            return None
        if deal.phase == Phase.AUCTION:
            from device.app.scenes.table import SEAT_LABELS

            said = ", ".join(f"{SEAT_LABELS[a.seat]} {call_words(a)}" for a in deal.auction)
            prompt = "Your bid: tap a number and type, or Pass"
            return f"{said}. {prompt}" if said else prompt
        if deal.phase == Phase.DECLARE:
            bid = high_bid(deal)
            return "You won the bid: name the direction" if bid is not None and bid.mode == "notrump" \
                else "You won the bid: name trumps"
        if deal.phase == Phase.EXCHANGE:
            return ""  # said over the Lay away button: your two rows of cards fill the status line
        return None

    def contract_words(self, deal: Deal) -> str | None:
        """The top bar's contract: '4 downtown ♥ · East' before and during the play."""
        bid = high_bid(deal)
        if bid is None or deal.phase == Phase.AUCTION:
            return None
        from device.app.scenes.table import SEAT_LABELS

        contract = deal.contract or deal.game.contract(deal)
        words = call_words(bid)
        if contract is not None:
            words += (f", {'downtown' if contract.downtown else 'uptown'}" if contract.trump == 4
                      else f" in {SUIT_WORDS['SHDC'[contract.trump]].lower()}")
        return f"{words} · {SEAT_LABELS[bid.seat]}"

    def badge_words(self, deal: Deal) -> str | None:
        """The top bar's badge in Bid Whist: 'Bidding', then who bid what
        ('East 4 down'; at no trump with the direction once named); the trump
        suit is drawn after it in the play."""
        if self.deal() is None:
            return None
        bid = high_bid(deal)
        if bid is None or deal.phase == Phase.AUCTION:
            return "Bidding"
        from device.app.scenes.table import SEAT_LABELS

        short = {"uptown": "up", "downtown": "down", "notrump": "NT"}[str(bid.mode)]
        words = f"{SEAT_LABELS[bid.seat]} {bid.level} {short}"
        contract = deal.contract or deal.game.contract(deal)
        if contract is not None and contract.trump == 4:
            words += f" {'down' if contract.downtown else 'up'}"
        elif contract is not None and deal.trump == 4:  # named, drawn once the play starts
            words += f" in {SUIT_WORDS['SHDC'[contract.trump]].lower()}"
        return words + (":" if deal.trump < 4 else "")

    def draw(self, surf: pygame.Surface) -> None:
        """The auction so far over the grid; the kitty face up while it is shown; the count laid away."""
        deal = self.deal()
        if deal is None:
            return
        from device.app.scenes.table import SEAT_LABELS

        px = self.table.px
        cx = self.table.centre[0]
        if deal.phase == Phase.AUCTION and self.table.waiting_for_human:
            for mode, word in MODES:
                first = self.grid[(1, mode)].rect
                label = text.text(word, px(19), theme.GOLD, True)
                surf.blit(label, label.get_rect(midright=(first.left - px(6), first.centery)))
        if self.exchanging():
            # a hint's cards to lay away are named here (the status line is under your cards)
            line = text.text(self.table.hint_text or "The kitty is in your hand", px(21), theme.GOLD, True)
            surf.blit(line, line.get_rect(midbottom=(cx, self.lay_away.rect.top - px(6))))
        laid = own_cards_laid_away(deal)
        if laid is not None and deal.phase == Phase.PLAY and not deal.tricks:
            bid = high_bid(deal)
            who = SEAT_LABELS[bid.seat] if bid is not None else ""
            note = text.text(f"{who} took the kitty and laid away {laid} of their own cards", px(18),
                             (245, 245, 238))
            top = self.table.fans[Seat.N][0].bottom + self.table.pad // 2
            surf.blit(note, note.get_rect(midtop=(cx, top)))
