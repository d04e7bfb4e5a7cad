"""The table for the three-handed games and for Solo whist's open misère:
the solo table (device.app.scenes.solo_table) with what these games add.

Widow whist: the widow is offered in turn with Take and Pass buttons; the
taker sees it face up in a row above its own hand and keeps either hand
with a button; with ``chain`` the rejected hand is offered on (Swap, Pass)
and a swap is picked up at once, unseen.

Dummy whist: three players, and the dummy's hand, face up in a row along
the top once the auction is over (the screen keeps you at the bottom, so
the dummy sits opposite you when you declare and across the top when
another does). The auction is Bid Whist's grid (a number and a type, or
Pass); the declarer names trumps or the direction with buttons after the
dummy is turned; the dummy's cards are played by its declarer: when that
is you, tap them like your own.

Solo whist: an open misère's hand is drawn face up for everyone once it is
exposed (after the first trick), with whose it is written over it.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import pygame

from device.app.render import cards as card_render
from device.app.render import text, theme, widgets
from device.app.scenes.bid_panel import MODES, call_words, declare_words
from device.app.scenes.solo_table import HUMAN, SoloTableScene, player_name
from device.events import InputEvent, PointerEvent
from engine.actions import Action, Bid, Declare, Exchange, Pass, Play
from engine.cards import SUIT_SYMBOLS, Card, sort_hand
from engine.deal import Deal
from engine.game import Phase
from engine.games.dummy import DUMMY, high_bid
from engine.games.widow import TAKE, fold
from engine.seats import Seat

if TYPE_CHECKING:
    from device.app.app import App
    from device.app.session import Session

ROW_CARD_H = 56  # a face-up row (the widow, the dummy, an open misère's hand), in px at 800x480
TRICK_CARD_H = 58
EXPOSED_CARD_H = 50  # an open misère's hand and the trick under it


def name_of(deal: Deal, seat: Seat) -> str:
    """A seat's name at this table: the dummy's hand is 'Dummy'."""
    return "Dummy" if deal.game.name == "dummy" and seat == DUMMY else player_name(seat)


class FamilyTableScene(SoloTableScene):
    def __init__(self, app: App, session: Session | None = None) -> None:
        super().__init__(app, session)
        self.grid: dict[tuple[int, str], widgets.Button] = {}
        self.b_grid_pass: widgets.Button | None = None
        self.laying: set[Card] = set()  # dummy whist with jokers: the dummy's cards chosen to lay away

    @property
    def game_name(self) -> str:
        return self.session.match.game.name

    @property
    def players(self) -> int:
        # dummy whist deals four hands to three people: the screen seats the three
        return 3 if self.game_name == "dummy" else super().players

    # ------------------------------------------------------------------ layout
    def layout(self, w: int, h: int) -> None:
        super().layout(w, h)
        if self.game_name != "dummy":
            return
        t = self.table_area
        # a hand, not a person: its label reads the right way up, one line over its row
        self.seat_pos[DUMMY] = (t.centerx, t.top + self.px(14))
        self.seat_edge[DUMMY] = "bottom"
        # Bid Whist's grid: 7 numbers by 3 types and a tall Pass, clear of the side labels
        self.grid = {}
        cw, ch = self.px(44), self.px(44)
        gap = self.px(4)
        pass_w = self.px(64)
        head = self.px(54)
        grid_w = head + 7 * cw + 7 * gap + pass_w
        x0 = t.centerx - grid_w // 2 + head
        y0 = t.centery - (3 * ch + 2 * gap) // 2 + self.px(10)
        for row, (mode, _) in enumerate(MODES):
            for level in range(1, 8):
                rect = pygame.Rect(x0 + (level - 1) * (cw + gap), y0 + row * (ch + gap), cw, ch)
                self.grid[(level, mode)] = self.buttons.add(widgets.Button(
                    rect, str(level), partial(self._grid_bid, level, mode), visible=False,
                    font_size=self.px(22), name=f"bid-{level}-{mode}"))
        tall = pygame.Rect(x0 + 7 * (cw + gap), y0, pass_w, 3 * ch + 2 * gap)
        self.b_grid_pass = self.buttons.add(widgets.Button(
            tall, "Pass", partial(self._human, Pass(HUMAN)), visible=False, font_size=self.px(21),
            name="bid-pass"))

    # ------------------------------------------------------------------ whose turn
    def actor_turn(self, deal: Deal) -> Seat | None:
        """Who acts now: the seat to act, or the declarer for the dummy."""
        turn = deal.turn
        return None if turn is None else deal.game.actor(deal, turn)

    @property
    def waiting_for_human(self) -> bool:
        deal = self.deal
        return deal is not None and not deal.is_over and self.actor_turn(deal) == HUMAN

    def _advance(self) -> None:
        deal = self.deal
        if deal is not None and not deal.is_over and self.actor_turn(deal) == HUMAN:
            self._pick_up_swap(deal)
            return
        super()._advance()

    def _pick_up_swap(self, deal: Deal) -> None:
        # widow whist's swap: the hand offered is taken unseen, so there is nothing to choose
        if deal.phase == Phase.EXCHANGE and self.game_name == "widow" and fold(deal).offering != TAKE:
            legal = deal.legal_actions()
            if len(legal) == 1:
                self._human(legal[0])

    def _human(self, action: Action) -> None:
        deal = self.deal
        if deal is None or deal.is_over or self.actor_turn(deal) != HUMAN or not deal.is_legal(action):
            return
        self.session.match.apply(action)
        self.selected = None
        self.next_ai_at = self.app.clock + self.app.config.ai.lead_wait * 0.3

    def _grid_bid(self, level: int, mode: str) -> None:
        self._human(Bid(HUMAN, level=level, mode=mode))

    def laying_away(self, deal: Deal) -> bool:
        """Dummy whist with jokers: you declared and lay 2 of the dummy's 15 away."""
        return (self.game_name == "dummy" and deal.phase == Phase.EXCHANGE and deal.turn == DUMMY
                and self.actor_turn(deal) == HUMAN)

    def tap_card(self, card: Card) -> None:
        deal = self.deal
        if deal is not None and self.laying_away(deal):
            if card in self.laying:
                self.laying.discard(card)
            elif card in (deal.hand(DUMMY) or ()) and len(self.laying) < deal.exchange_count():
                self.laying.add(card)
            return
        if deal is None or deal.phase != Phase.PLAY or self.actor_turn(deal) != HUMAN:
            return
        seat = deal.turn
        assert seat is not None
        legal = deal.legal_moves()
        if card not in legal:
            held = deal.hand(seat) or frozenset()
            if card not in held:
                self.message = "The dummy's turn: play one of its cards" if seat == DUMMY \
                    else "Your turn: play from your own hand"
            else:
                self.message = "Follow suit" if legal else ""
            return
        self.message = ""
        if self.selected == card or len(legal) == 1:
            self._human(Play(seat, card))
        else:
            self.selected = card

    def handle(self, ev: InputEvent) -> None:
        if isinstance(ev, PointerEvent) and ev.kind == "up" and self.game_name == "dummy":
            for card, rect in reversed(self.layout_rects(DUMMY)):
                if rect.collidepoint(ev.x, ev.y):
                    self.buttons.pointer(ev.kind, ev.x, ev.y)
                    self.tap_card(card)
                    return
        super().handle(ev)

    # ------------------------------------------------------------------ choices
    def choices(self) -> list[tuple[str, Action]]:
        """The named choices on the call buttons now: widow whist's take, swap and which
        hand to keep; dummy whist's trumps or direction."""
        deal = self.deal
        if deal is None or not self.waiting_for_human:
            return []
        legal = deal.legal_actions()
        if self.game_name == "widow" and deal.phase == Phase.AUCTION:
            names = {"take": "Take the widow", "swap": "Swap unseen"}
            return [(names.get(str(a.call), str(a.call)) if isinstance(a, Bid) else "Pass", a) for a in legal]
        if self.game_name == "widow" and deal.phase == Phase.EXCHANGE and fold(deal).offering == TAKE:
            widow = set(deal.record.pile("widow"))
            return [("Keep my hand" if isinstance(a, Exchange) and set(a.discard) == widow
                     else "Keep the widow", a) for a in legal]
        if self.game_name == "dummy" and deal.phase == Phase.DECLARE:
            return [(declare_words(a), a) for a in legal if isinstance(a, Declare)]
        if self.laying_away(deal):
            need = deal.exchange_count()
            words = (f"Lay away these {need}" if len(self.laying) == need
                     else f"Tap {need} to lay away ({len(self.laying)}/{need})")
            return [(words, Exchange(DUMMY, tuple(sorted(self.laying))))]
        return []

    def _call(self, i: int) -> None:
        if self.game_name not in ("widow", "dummy"):
            super()._call(i)
            return
        offered = self.choices()
        if i < len(offered):
            self._human(offered[i][1])

    def _refresh_buttons(self, deal: Deal | None) -> None:
        super()._refresh_buttons(deal)
        if self.game_name not in ("widow", "dummy"):
            return
        offered = self.choices()
        for i, b in enumerate(self.b_calls):
            b.visible = i < len(offered)
            b.label = offered[i][0] if i < len(offered) else ""
        self._centre_calls(len(offered))
        laying = deal is not None and self.laying_away(deal)
        if not laying:
            self.laying.clear()
        elif offered:
            self.b_calls[0].enabled = deal is not None and len(self.laying) == deal.exchange_count()
            self.b_calls[0].rect.w = self.px(250)
            self.b_calls[0].rect.centerx = self.table_area.centerx
        for b in self.b_bids + self.b_suits:
            b.visible = False
        bidding = (self.game_name == "dummy" and deal is not None and deal.phase == Phase.AUCTION
                   and self.waiting_for_human)
        legal = deal.legal_actions() if bidding and deal is not None else []
        for (level, mode), b in self.grid.items():
            b.visible = bidding
            b.enabled = Bid(HUMAN, level=level, mode=mode) in legal
        if self.b_grid_pass is not None:
            self.b_grid_pass.visible = bidding
            self.b_grid_pass.enabled = Pass(HUMAN) in legal

    def _centre_calls(self, n: int) -> None:
        """The call buttons shown, centred row by row: three a row, or the four suits in one
        row under the dummy's cards."""
        if not n:
            return
        gap = self.px(8)
        t = self.table_area
        per_row = 4 if n == 4 else 3
        w = min(self.px(170), (t.w - 2 * self.px(58) - (per_row - 1) * gap) // per_row)
        row_top = self.b_calls[0].rect.y
        dummy = self.layout_rects(DUMMY) if self.game_name == "dummy" else []
        if dummy:
            row_top = dummy[0][1].bottom + self.px(14)
        for i, b in enumerate(self.b_calls[:n]):
            row, col = divmod(i, per_row)
            in_row = min(per_row, n - row * per_row)
            width = in_row * w + (in_row - 1) * gap
            b.rect.w = w
            b.rect.x = t.centerx - width // 2 + col * (w + gap)
            if dummy:
                b.rect.y = row_top + row * (b.rect.h + gap)

    # ------------------------------------------------------------------ the rows of face-up cards
    def _row_cards(self, seat: Seat) -> tuple[Card, ...]:
        deal = self.deal
        if deal is None:
            return ()
        game = self.game_name
        if game == "dummy" and seat == DUMMY:
            if self.laying_away(deal):  # its 15, seen by you only as its declarer
                return tuple(deal.hand(DUMMY) or ())
            return deal.game.visible_piles(deal, HUMAN).get("dummy", ())
        if game == "widow" and seat == HUMAN and self._choosing_hand(deal):
            return tuple(deal.record.pile("widow"))
        return ()

    def _choosing_hand(self, deal: Deal) -> bool:
        return (deal.phase == Phase.EXCHANGE and deal.turn == HUMAN and fold(deal).offering == TAKE)

    def layout_rects(self, seat: Seat) -> list[tuple[Card, pygame.Rect]]:
        if self.game_name not in ("widow", "dummy"):
            return super().layout_rects(seat)
        cards = self._row_cards(seat)
        if not cards:
            return []
        ch = self.px(ROW_CARD_H)
        cw = int(ch * 0.7)
        t = self.table_area
        step = min(cw + self.px(4), (t.w - cw) // max(1, len(cards) - 1))
        left = t.centerx - (step * (len(cards) - 1) + cw) // 2
        top = (self.hand_area.top - ch - self.px(6) if seat == HUMAN
               else self.seat_pos[seat][1] + self.px(16))
        return [(c, pygame.Rect(left + i * step, top, cw, ch)) for i, c in enumerate(sort_hand(cards))]

    def hand_rects(self) -> list[tuple[Card, pygame.Rect]]:
        deal = self.deal
        if deal is None or self.game_name != "widow" or not self._choosing_hand(deal):
            return super().hand_rects()
        # the widow is in hand while you choose: your own 13 here, the widow in the row above
        own = sort_hand(deal.record.hands()[HUMAN] or ())
        a = self.hand_area
        ch = a.h
        cw = int(ch * 0.7)
        step = min(cw + self.px(4), (a.w - cw) // max(1, len(own) - 1))
        left = a.centerx - (step * (len(own) - 1) + cw) // 2
        return [(c, pygame.Rect(left + i * step, a.top, cw, ch)) for i, c in enumerate(own)]

    def _exposed(self, deal: Deal) -> tuple[Seat, tuple[Card, ...]] | None:
        """Solo whist: the open misère's declarer and its hand, once exposed (not yours:
        your hand is at the bottom already)."""
        cards = deal.game.visible_piles(deal, HUMAN).get("exposed", ())
        contract = deal.contract
        if not cards or contract is None or contract.declarer is None or contract.declarer == HUMAN:
            return None
        return contract.declarer, cards

    def exposed_rects(self) -> list[tuple[Card, pygame.Rect]]:
        deal = self.deal
        shown = self._exposed(deal) if deal is not None else None
        if shown is None:
            return []
        seat, cards = shown
        ch = self.px(EXPOSED_CARD_H)
        cw = int(ch * 0.7)
        t = self.table_area
        step = cw + self.px(3)
        width = step * (len(cards) - 1) + cw
        # under the top label with its caption, towards the declarer's side; the trick below it
        edge = self.seat_edge.get(seat, "top")
        if edge == "left":
            left = t.left + self.px(56)
        elif edge == "right":
            left = t.right - self.px(56) - width
        else:
            left = t.centerx - width // 2
        top = t.top + self.px(74)
        return [(c, pygame.Rect(left + i * step, top, cw, ch)) for i, c in enumerate(sort_hand(cards))]

    # ------------------------------------------------------------------ words
    def status(self) -> str:
        deal = self.deal
        game = self.game_name
        if deal is None or deal.is_over or game not in ("widow", "dummy"):
            return super().status()
        turn = deal.turn
        assert turn is not None
        mine = self.actor_turn(deal) == HUMAN
        if game == "widow" and deal.phase == Phase.AUCTION:
            state = fold(deal)
            if state.offering == TAKE:
                return ("Take the widow (your par becomes 4 tricks) or pass?" if mine
                        else f"{player_name(turn)} may take the widow")
            taker = player_name(state.taker) if state.taker is not None else ""
            return (f"Swap your hand unseen for the one {taker} laid away?" if mine
                    else f"{player_name(turn)} may swap for the hand laid away")
        if game == "widow" and deal.phase == Phase.EXCHANGE:
            return ("Keep the widow (the upper row) or your own hand?" if mine
                    else f"{player_name(turn)} looks at the widow")
        if game == "dummy" and deal.phase == Phase.AUCTION:
            # the calls so far are on the players' labels
            if mine:
                return ("The others passed: the dealer must bid" if Pass(HUMAN) not in deal.legal_actions()
                        else "Your bid: a number and a type, or Pass")
            return f"{player_name(turn)} to bid"
        if game == "dummy" and deal.phase == Phase.EXCHANGE:
            return ("Lay away 2 of the dummy's 15" if mine
                    else f"{player_name(self.actor_turn(deal) or turn)} lays 2 of the dummy's cards away")
        if game == "dummy" and deal.phase == Phase.DECLARE:
            bid = high_bid(deal)
            what = "the direction" if bid is not None and bid.mode == "notrump" else "trumps"
            return (f"The dummy is face up: name {what}" if mine else f"{player_name(turn)} names {what}")
        if game == "dummy" and deal.phase == Phase.PLAY and mine and turn == DUMMY:
            return self.message or "The dummy's turn: tap one of its cards twice"
        if game == "dummy" and deal.phase == Phase.PLAY and turn == DUMMY:
            return f"{player_name(self.actor_turn(deal) or turn)} plays from the dummy"
        return super().status()

    def _bar_words(self) -> str:
        deal = self.deal
        game = self.game_name
        if deal is None or game not in ("widow", "dummy"):
            # Solo whist: every hand is 13 cards, and 'open misere by Player 4' needs the room
            return super()._bar_words().replace(" · 13 cards", "")
        match = self.session.match
        words = [match.game.title, f"hand {len(match.hands) + 1}"]
        if game == "widow":
            words[-1] += f" of {match.rules.target}"
            if deal.phase != Phase.DECLARE:
                words.append("no trumps" if deal.trump == 4 else f"trumps {SUIT_SYMBOLS[deal.trump]}")
            taker = fold(deal).taker
            if taker is not None:
                words.append(f"widow: {player_name(taker)}")
            return "  ·  ".join(words)
        bid = high_bid(deal)
        contract = deal.contract
        if bid is not None and deal.phase != Phase.AUCTION:
            call = call_words(bid)
            if contract is not None:
                call += (f", {'downtown' if contract.downtown else 'uptown'}" if contract.trump == 4
                         else f" {SUIT_SYMBOLS[contract.trump]}")
            words.append(f"{call} by {player_name(bid.seat)}, needs {6 + int(bid.level or 0)}")
        return "  ·  ".join(words)

    def label_lines(self, deal: Deal, seat: Seat) -> list[str]:
        game = self.game_name
        if game not in ("widow", "dummy"):
            return super().label_lines(deal, seat)
        # three lines at most: the name, the part played this hand, the tricks
        taken = deal.taken[seat]
        tricks = f"{taken} trick{'s' if taken != 1 else ''}"
        role = ["dealer"] if seat == deal.dealer else []
        if game == "widow":
            state = fold(deal)
            if seat == state.taker:
                role.append("took the widow")
            elif seat in state.swappers:
                role.append("swapped")
            lines = [name_of(deal, seat), " · ".join(role)] if role else [name_of(deal, seat)]
            lines.append(f"{tricks} · par {4 if seat == state.taker else 3}")
        else:
            bid = high_bid(deal)
            said = next((a for a in deal.auction if a.seat == seat), None)
            if seat == DUMMY:
                played_by = "face down" if bid is None or deal.phase in (Phase.AUCTION, Phase.EXCHANGE) else \
                    f"played by {player_name(bid.seat)}"
                return [f"Dummy · {played_by}"]
            if deal.phase == Phase.AUCTION:
                role.append("bid –" if said is None else call_words(said))
            elif bid is not None and seat == bid.seat:
                role.append(f"declarer · {call_words(bid)}")
            else:
                role.append("defending")
            lines = [name_of(deal, seat), " · ".join(role)]
            if deal.phase == Phase.PLAY:
                lines.append(tricks)
        if self.thinking_seat() == seat:
            lines.append("thinking…")
        return lines

    # ------------------------------------------------------------------ drawing
    def _draw_trick(self, surf: pygame.Surface, deal: Deal) -> None:
        exposed = self.exposed_rects()
        if self.game_name not in ("widow", "dummy") and not exposed:
            super()._draw_trick(surf, deal)
            return
        ch = self.px(TRICK_CARD_H if not exposed else EXPOSED_CARD_H)
        cw = int(ch * 0.7)
        t = self.table_area
        # between the dummy's row, an open misère's or the top, and the status line over your label
        top = t.top + self.px(30)
        if self.layout_rects(DUMMY):
            top = self.layout_rects(DUMMY)[0][1].bottom + self.px(4)
        if exposed:
            top = exposed[0][1].bottom + self.px(4)
        bottom = t.bottom - self.px(100)
        up, down = top + ch // 2, max(top + ch // 2, bottom - ch // 2)
        cx, cy = t.centerx, (up + down) // 2
        dx = int(cw * 1.35)
        spot = {"bottom": (cx, down), "top": (cx, up), "left": (cx - dx, cy), "right": (cx + dx, cy)}
        plays = deal.current.plays() or (deal.tricks[-1].plays() if deal.tricks else [])
        for seat, card in plays:
            edge = "top" if seat == DUMMY else self.seat_edge.get(seat, "top")
            face = card_render.card_surface(int(card), cw, ch, self.app.config.display.four_colour)
            surf.blit(face, face.get_rect(center=spot[edge]))

    def draw(self, surf: pygame.Surface) -> None:
        super().draw(surf)
        deal = self.deal
        if deal is None:
            return
        if self.game_name == "dummy" and deal.phase == Phase.AUCTION and self.waiting_for_human:
            for mode, word in zip(("uptown", "downtown", "notrump"), ("Up", "Down", "NT"), strict=True):
                first = self.grid[(1, mode)].rect
                label = text.text(word, self.px(18), theme.GOLD, True)
                surf.blit(label, label.get_rect(midright=(first.left - self.px(6), first.centery)))
        if self.game_name == "dummy":
            self._mark_playable(surf, deal)
        shown = self._exposed(deal)
        if shown is not None:
            rects = self.exposed_rects()
            for card, rect in rects:
                face = card_render.card_surface(int(card), rect.w, rect.h,
                                                self.app.config.display.four_colour)
                surf.blit(face, rect.topleft)
            self._caption(surf, f"{player_name(shown[0])}'s open misère", rects[0][1])

    def hook_reason(self) -> str:
        return "" if self.game_name in ("widow", "dummy") else super().hook_reason()

    def _draw_status(self, surf: pygame.Surface) -> None:
        if self.game_name not in ("widow", "dummy"):
            super()._draw_status(surf)
            return
        line = self.status()
        t = self.table_area
        deal = self.deal
        lh = text.line_height(self.px(20))
        y = t.bottom - self.px(74) - lh  # above your label
        shown = [b for b in [*self.grid.values(), *self.b_calls] if b.visible]
        if shown:  # above the buttons you answer with; under them when the dummy's row is above
            y = min(b.rect.top for b in shown) - self.px(8) - lh
            if self.layout_rects(DUMMY):
                y = max(b.rect.bottom for b in shown) + self.px(10)
        if deal is None or deal.is_over:
            y = self.b_deal.rect.top - self.px(12) - lh
        elif self.layout_rects(HUMAN) and not shown:
            y = self.layout_rects(HUMAN)[0][1].top - self.px(4) - lh
        size = text.fit_size(line, self.px(20), t.w - self.px(16), True, self.px(16))
        s = text.text(line, size, theme.GOLD, True)
        panel = widgets.panel_surface(s.get_width() + self.px(16), s.get_height() + self.px(6), 170)
        r = panel.get_rect(midtop=(t.centerx, y))
        surf.blit(panel, r)
        surf.blit(s, s.get_rect(center=r.center))

    def _caption(self, surf: pygame.Surface, words: str, first: pygame.Rect) -> None:
        s = text.text(words, self.px(16), theme.GOLD, True)
        panel = widgets.panel_surface(s.get_width() + self.px(10), s.get_height() + self.px(2), 190)
        r = panel.get_rect(bottomleft=(first.left, first.top - self.px(1)))
        surf.blit(panel, r)
        surf.blit(s, s.get_rect(center=r.center))

    def _mark_playable(self, surf: pygame.Surface, deal: Deal) -> None:
        """The dummy's cards that may not be played dimmed while you play for it; the two
        chosen to lay away raised and outlined."""
        if self.laying_away(deal):
            for card, rect in self.layout_rects(DUMMY):
                if card in self.laying:
                    pygame.draw.rect(surf, theme.HIGHLIGHT, rect, max(2, self.px(3)), self.px(6))
            return
        if deal.turn != DUMMY or self.actor_turn(deal) != HUMAN or deal.phase != Phase.PLAY:
            return
        legal = set(deal.legal_moves())
        for card, rect in self.layout_rects(DUMMY):
            if card not in legal:
                face = card_render.card_surface(int(card), rect.w, rect.h,
                                                self.app.config.display.four_colour, dim=True)
                surf.blit(face, rect.topleft)
            if card == self.selected:
                pygame.draw.rect(surf, theme.HIGHLIGHT, rect, max(2, self.px(3)), self.px(6))


__all__ = ["FamilyTableScene", "name_of"]
