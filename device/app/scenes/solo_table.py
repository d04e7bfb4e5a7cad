"""The table for the games where each plays alone at two to seven seats (Oh
Hell, Knockout whist).

You sit at seat 0, at the bottom edge with your hand; the others sit round
the screen clockwise (the next player on your left), each seat's name, bid,
tricks and (for an AI) thinking written where that player sits, turned to
face the edge nearest them so people round a flat screen can read their
own. The running score of every player stands in a panel on the right. You
bid with big numbered buttons; with the hook on, the dealer's barred number
is shown greyed with its reason. A player knocked out is announced when the
hand ends. The play and the AI follow the classic table: tap a card twice
(or once when it is your only legal card) to play it.
"""

from __future__ import annotations

import re
from functools import partial
from typing import TYPE_CHECKING

import pygame

from device.app import ai_worker
from device.app.render import cards as card_render
from device.app.render import felt, text, theme, widgets
from device.events import Action as Key
from device.events import ButtonEvent, InputEvent, PointerEvent
from engine.actions import Action, Bid, Declare, Pass, Play
from engine.cards import SUIT_NAMES, SUIT_SYMBOLS, Card, sort_hand
from engine.deal import Deal
from engine.game import Phase
from engine.games.knockout import names_trumps
from engine.seats import Seat

from .base import Scene

if TYPE_CHECKING:
    from device.app.app import App
    from device.app.session import Session

HUMAN = Seat.N  # seat 0: the person at the screen
THINKING_CUE_S = 0.3
MAX_BID_BUTTONS_A_ROW = 6
MAX_CALLS = 8  # named calls offered at once (Solo whist: six bids and pass)


CALL_LABELS = {"abundance declared": "Declared (13)"}  # a button's width at 18 px


def _call_label(action: Bid | Pass) -> str:
    if isinstance(action, Pass):
        return "Pass"
    call = action.call or ""
    return CALL_LABELS.get(call, call.capitalize())


def player_name(seat: Seat) -> str:
    return "You" if seat == HUMAN else f"Player {int(seat) + 1}"


# Where the others sit (you are at the bottom): how many on the left edge, the top and
# the right, by how many others there are, so the labels never crowd a corner.
EDGES = {1: (0, 1, 0), 2: (1, 0, 1), 3: (1, 1, 1), 4: (1, 2, 1), 5: (1, 3, 1), 6: (2, 2, 2)}


def seat_places(players: int) -> list[tuple[str, float]]:
    """(edge, fraction along it) for seats 1..n-1, clockwise from your left: up the left
    edge, along the top from the left, down the right edge."""
    left, top, right = EDGES[players - 1]
    out = [("left", 1 - (i + 0.5) / left) for i in range(left)]
    out += [("top", (i + 0.5) / top) for i in range(top)]
    out += [("right", (i + 0.5) / right) for i in range(right)]
    return out


EDGE_ROTATION = {"bottom": 0, "left": -90, "top": 180, "right": 90}  # labels read from that edge


class SoloTableScene(Scene):
    name = "table"
    title = "Table"

    def __init__(self, app: App, session: Session | None = None) -> None:
        super().__init__(app)
        self.session = session or app.session
        self.job: int | None = None
        self.job_key: tuple[int, int] | None = None
        self.next_ai_at = 0.0
        self.selected: Card | None = None
        self.event = ""  # the last hand's news: who is out, who won
        self.message = ""
        self.seat_pos: dict[Seat, tuple[int, int]] = {}
        self.label_rects: dict[Seat, pygame.Rect] = {}
        self.hand_area = pygame.Rect(0, 0, 0, 0)
        self.table_area = pygame.Rect(0, 0, 0, 0)
        self.score_area = pygame.Rect(0, 0, 0, 0)

    @property
    def players(self) -> int:
        return self.session.match.game.players

    @property
    def deal(self) -> Deal | None:
        return self.session.deal

    @property
    def waiting_for_human(self) -> bool:
        deal = self.deal
        return deal is not None and deal.turn == HUMAN

    # ------------------------------------------------------------------ layout
    def layout(self, w: int, h: int) -> None:
        pad = self.px(8)
        bar = self.px(48)
        panel_w = self.px(170)
        card_h = self.px(96)
        # the hand spans the screen's width (a strip of 40 px a card even with 17)
        self.hand_area = pygame.Rect(pad, h - card_h - pad, w - 2 * pad, card_h)
        self.score_area = pygame.Rect(w - panel_w - pad, bar + pad, panel_w, h - card_h - bar - 3 * pad)
        self.table_area = pygame.Rect(pad, bar + pad, w - panel_w - 3 * pad,
                                      self.hand_area.top - bar - 2 * pad)
        self.buttons.add(widgets.Button(pygame.Rect(pad, pad // 2, self.px(84), bar - pad), "Menu",
                                        self.on_back, font_size=self.px(18), name="back"))
        t = self.table_area
        inset = self.px(26)
        self.seat_pos[HUMAN] = (t.centerx, t.bottom - self.px(20))
        self.seat_edge: dict[Seat, str] = {HUMAN: "bottom"}
        for i, (edge, f) in enumerate(seat_places(self.players), start=1):
            seat = Seat(i)
            self.seat_edge[seat] = edge
            if edge == "left":
                pos = (t.left + inset, int(t.top + self.px(16) + f * (t.h - self.px(32))))
            elif edge == "right":
                pos = (t.right - inset, int(t.top + self.px(16) + f * (t.h - self.px(32))))
            else:
                pos = (int(t.left + self.px(60) + f * (t.w - self.px(120))), t.top + inset)
            self.seat_pos[seat] = pos
        # big numbered bid buttons, in one or two rows above your hand
        self.b_bids: list[widgets.Button] = []
        most = 17  # the largest hand of any table (Oh Hell at three)
        per_row = MAX_BID_BUTTONS_A_ROW
        side = self.px(58)  # clear of the labels on the left and right edges
        bw = min(self.px(72), (t.w - 2 * side - (per_row - 1) * pad) // per_row)
        bh = self.px(52)
        for n in range(most + 1):
            row, col = divmod(n, per_row)
            x = t.left + side + col * (bw + pad)
            y = t.bottom - self.px(52) - (most // per_row + 1 - row) * (bh + pad)
            self.b_bids.append(self.buttons.add(widgets.Button(
                pygame.Rect(x, y, bw, bh), str(n), partial(self._bid, n), visible=False,
                font_size=self.px(28), name=f"bid{n}")))
        sw = self.px(90)
        self.b_suits: list[widgets.Button] = []
        for i, strain in enumerate("SHDCN"):
            label = "No trumps" if strain == "N" else f"{SUIT_SYMBOLS[i]} {SUIT_NAMES[i].capitalize()}"
            left = t.centerx - int(2.5 * (sw + pad)) + i * (sw + pad)
            rect = pygame.Rect(left, t.centery - bh // 2, sw, bh)
            self.b_suits.append(self.buttons.add(widgets.Button(
                rect, label, partial(self._declare, strain), visible=False, font_size=self.px(18),
                name=f"trump{strain}")))
        # named calls (Scandinavian whist's high and low, Solo whist's bids and pass), four a row
        self.b_calls: list[widgets.Button] = []
        per_row = 3
        cw = min(self.px(170), (t.w - 2 * side - (per_row - 1) * pad) // per_row)
        rows = -(-MAX_CALLS // per_row)
        for i in range(MAX_CALLS):
            row, col = divmod(i, per_row)
            left = t.centerx - (per_row * cw + (per_row - 1) * pad) // 2 + col * (cw + pad)
            top = t.centery - (rows * (bh + pad)) // 2 + self.px(12) + row * (bh + pad)
            self.b_calls.append(self.buttons.add(widgets.Button(
                pygame.Rect(left, top, cw, bh), "", partial(self._call, i), visible=False,
                font_size=self.px(20), name=f"call{i}")))
        self.b_knock = self.buttons.add(widgets.Button(
            pygame.Rect(t.right - self.px(150), t.bottom - self.px(60), self.px(140), bh), "Knock",
            partial(self._human, Pass(HUMAN)), visible=False, font_size=self.px(22), name="knock"))
        self.b_deal = self.buttons.add(widgets.Button(
            pygame.Rect(t.centerx - self.px(90), t.centery + self.px(40), self.px(180), bh), "Deal",
            self.next_hand, primary=True, visible=False, font_size=self.px(24), name="deal"))
        self._layout_hint(w, pad, bar)

    def _layout_hint(self, w: int, pad: int, bar: int) -> None:
        """The Hint, in the top bar's right corner (device/app/scenes/solo_hint.py)."""
        from device.app.scenes.solo_hint import SoloHint

        rect = pygame.Rect(w - pad - self.px(100), pad // 2, self.px(100), bar - pad)
        self.hint = SoloHint(self, rect)

    # ------------------------------------------------------------------ actions
    def on_back(self) -> None:
        self.app.ai.forget(self.job)
        self.job = None
        self.app.go("menu")

    def next_hand(self) -> None:
        deal = self.deal
        if deal is not None and deal.is_over:
            self._finish(deal)
            if self.session.match.is_over:
                return  # the winner is announced; the button now starts a new game
        if self.session.match.is_over:
            self.session.new_rubber()
            self.event = ""
        if self.deal is None:
            self.session.shuffle_and_deal()
            self.event = ""
            self.selected = None

    def _finish(self, deal: Deal) -> None:
        self.session.finish()
        self.event = self.news()

    def enter(self) -> None:
        if self.deal is None and self.session.last_score is not None:
            self.event = self.news()

    def preview(self) -> str:
        """The news of the hand just played, before it is scored (who is knocked out)."""
        deal = self.deal
        if deal is None or not deal.is_over:
            return ""
        match = self.session.match
        score = match.game.score_hand(deal, match.game_score, match.rules, len(match.hands) + 1, None)
        knocked = [n for n in score.notes if n.startswith("out: ")]
        if not knocked:
            return "Hand over"
        seats = [Seat.parse_at(s.strip(), self.players) for s in knocked[0][5:].split(",")]
        return "Knocked out: " + ", ".join(player_name(s) for s in seats)

    def news(self) -> str:
        """The last hand's news: who was knocked out, who won the game."""
        match = self.session.match
        score = self.session.last_score
        if score is None:
            return ""
        words = []
        for note in score.notes:
            if note.startswith("out: "):
                seats = [Seat.parse_at(s.strip(), self.players) for s in note[5:].split(",")]
                words.append("Knocked out: " + ", ".join(player_name(s) for s in seats))
        if match.is_over and match.winner is not None:
            winner = Seat(match.winner)
            words.append(f"{player_name(winner)} {'win' if winner == HUMAN else 'wins'} the game")
        return " · ".join(words)

    def _bid(self, n: int) -> None:
        self._human(Bid(HUMAN, tricks=n))

    def _calls(self) -> list[Bid | Pass]:
        """The named calls offered (and pass beside them), or none where bids are numbers."""
        deal = self.deal
        if deal is None or deal.turn != HUMAN or deal.phase != Phase.AUCTION:
            return []
        legal = deal.legal_actions()
        calls: list[Bid | Pass] = [a for a in legal if isinstance(a, Bid) and a.call is not None]
        return calls + [a for a in legal if isinstance(a, Pass)] if calls else []

    def _call(self, i: int) -> None:
        calls = self._calls()
        if i < len(calls):
            self._human(calls[i])

    def _declare(self, strain: str) -> None:
        self._human(Declare(HUMAN, trump=strain))

    def _human(self, action: Action) -> None:
        deal = self.deal
        if deal is None or deal.turn != HUMAN or not deal.is_legal(action):
            return
        self.session.match.apply(action)
        self.selected = None
        self.next_ai_at = self.app.clock + self.app.config.ai.lead_wait * 0.3

    def tap_card(self, card: Card) -> None:
        deal = self.deal
        if deal is None or deal.turn != HUMAN or deal.phase != Phase.PLAY:
            return
        legal = deal.legal_moves()
        if card not in legal:
            self.message = "Follow suit" if legal else ""
            return
        if self.selected == card or len(legal) == 1:
            self._human(Play(HUMAN, card))
        else:
            self.selected = card

    def hand_rects(self) -> list[tuple[Card, pygame.Rect]]:
        deal = self.deal
        hand = sort_hand(deal.hand(HUMAN) or ()) if deal is not None else []
        if not hand:
            return []
        a = self.hand_area
        ch = a.h
        cw = int(ch * 0.7)
        step = min(cw + self.px(4), (a.w - cw) // max(1, len(hand) - 1)) if len(hand) > 1 else 0
        left = a.centerx - (step * (len(hand) - 1) + cw) // 2
        out = []
        for i, c in enumerate(hand):
            lift = self.px(12) if c == self.selected else 0
            out.append((c, pygame.Rect(left + i * step, a.top - lift, cw, ch)))
        return out

    def layout_rects(self, seat: Seat) -> list[tuple[Card, pygame.Rect]]:
        """A seat's face-up layout (Scandinavian whist): yours in a row above your
        hand, the other's under its name; tap yours like a card in hand."""
        deal = self.deal
        if deal is None:
            return []
        cards = deal.game.visible_piles(deal, HUMAN).get(f"layout{int(seat)}", ())
        if not cards:
            return []
        ch = self.px(56)
        cw = int(ch * 0.7)
        step = cw + self.px(4)
        t = self.table_area
        left = t.centerx - (step * (len(cards) - 1) + cw) // 2
        top = (self.hand_area.top - ch - self.px(6) if seat == HUMAN
               else self.seat_pos[seat][1] + self.px(22))
        return [(c, pygame.Rect(left + i * step, top, cw, ch)) for i, c in enumerate(sort_hand(cards))]

    def handle(self, ev: InputEvent) -> None:
        if isinstance(ev, ButtonEvent) and ev.action == Key.HINT:
            self.hint.ask()
            return
        if isinstance(ev, PointerEvent) and ev.kind == "up":
            for card, rect in reversed(self.hand_rects() + self.layout_rects(HUMAN)):
                if rect.collidepoint(ev.x, ev.y):
                    self.buttons.pointer(ev.kind, ev.x, ev.y)
                    self.tap_card(card)
                    return
        super().handle(ev)

    # ------------------------------------------------------------------ the AI
    def update(self, dt: float) -> None:
        self._advance()
        self._refresh_buttons(self.deal)
        self.hint.update()

    def _advance(self) -> None:
        deal = self.deal
        if deal is None or deal.is_over or deal.turn == HUMAN:
            return
        turn = deal.turn
        assert turn is not None
        key = (id(deal), len(deal.actions))
        if self.job is None:
            obs = self.session.match.observe(turn)
            level = self.app.config.ai.opponents
            self.job_key = key
            if self.session.reproducible:
                self.job = self.app.ai.submit(ai_worker.act_fixed, obs, level, self.session.match.move_seed())
            else:
                self.job = self.app.ai.submit(ai_worker.act, obs, level, None, self.app.ai_budget)
            return
        if self.app.clock < self.next_ai_at:
            return
        job = self.app.ai.poll(self.job)
        if job is None:
            return
        self.job = None
        if self.job_key != key:
            return
        action = job.result if job.error is None else deal.legal_actions()[0]
        self.session.match.apply(action)
        self.next_ai_at = self.app.clock + (self.app.config.ai.lead_wait * 0.3 if not deal.current.cards
                                            else 0.0)

    def thinking_seat(self) -> Seat | None:
        deal = self.deal
        if self.job is None or deal is None or deal.turn == HUMAN:
            return None
        if self.app.ai.synchronous or self.app.ai.running_for(self.job) >= THINKING_CUE_S:
            return deal.turn
        return None

    def _refresh_buttons(self, deal: Deal | None) -> None:
        auction = deal is not None and deal.turn == HUMAN and deal.phase == Phase.AUCTION
        legal = {a.tricks for a in deal.legal_actions() if isinstance(a, Bid)} if auction and deal else set()
        k = deal.tricks_per_hand if deal is not None else 0
        rows = k // MAX_BID_BUTTONS_A_ROW + 1
        top = self.table_area.bottom - self.px(52) - rows * (self.b_bids[0].rect.h + self.px(8))
        calls = self._calls()
        for i, b in enumerate(self.b_calls):
            b.visible = i < len(calls)
            b.label = _call_label(calls[i]) if i < len(calls) else ""
        for n, b in enumerate(self.b_bids):
            b.visible = auction and n <= k and not calls
            b.enabled = n in legal
            b.rect.y = top + (n // MAX_BID_BUTTONS_A_ROW) * (b.rect.h + self.px(8))
        declare = deal is not None and deal.turn == HUMAN and deal.phase == Phase.DECLARE
        strains = ({a.trump for a in deal.legal_actions() if isinstance(a, Declare)} if declare and deal
                   else set())
        for b, strain in zip(self.b_suits, "SHDCN", strict=True):
            b.visible = declare and strain in strains
        self.b_knock.visible = (deal is not None and deal.turn == HUMAN and deal.phase == Phase.PLAY
                                and Pass(HUMAN) in deal.legal_actions())
        over = deal is None or deal.is_over
        self.b_deal.visible = over
        self.b_deal.label = ("New game" if self.session.match.is_over else "Deal" if deal is None
                             else "Next hand")

    def hook_reason(self) -> str:
        """Why a bid button is greyed: the dealer's hook."""
        deal = self.deal
        if deal is None or deal.turn != HUMAN or deal.phase != Phase.AUCTION or self._calls():
            return ""
        offered = {a.tricks for a in deal.legal_actions() if isinstance(a, Bid)}
        barred = [n for n in range(deal.tricks_per_hand + 1) if n not in offered]
        if not barred:
            return ""
        # short enough for one line across the felt at 800x480, however many seats
        return f"Not {barred[0]}: the bids may not add up to {deal.tricks_per_hand} (the dealer's hook)"

    # ------------------------------------------------------------------ drawing
    def status(self) -> str:
        deal = self.deal
        if deal is None:
            return self.event or "Tap Deal to start"
        if deal.is_over:
            return self.preview() or "Hand over"
        turn = deal.turn
        assert turn is not None
        if self.hint.text():
            return self.hint.text()
        if deal.phase == Phase.AUCTION:
            if turn == HUMAN and self._calls():
                if deal.game.name == "scandinavian":
                    return "Your call: high (win tricks) or low (lose them)?"
                return "Your bid, or pass"
            return ("Your bid: how many tricks will you take?" if turn == HUMAN
                    else f"{player_name(turn)} to bid")
        if deal.phase == Phase.DECLARE:
            return ("You took most tricks: name trumps" if turn == HUMAN
                    else f"{player_name(turn)} names trumps")
        if turn == HUMAN and self.b_knock.visible:
            return "A dog's life: play your card, or knock"
        if turn == HUMAN:
            return self.message or "Your turn: tap a card twice to play it"
        return f"{player_name(turn)} to play"

    def _bar_words(self) -> str:
        match = self.session.match
        deal = self.deal
        game = match.game
        words = [game.title]
        if deal is not None:
            words.append(f"hand {len(match.hands) + 1} · {deal.tricks_per_hand} "
                         f"card{'s' if deal.tricks_per_hand != 1 else ''}")
            contract = deal.contract
            by = None if contract is None else contract.declarer
            # Knockout's "clubs, named": the trumps word says which, then who named them
            named = contract is not None and names_trumps(contract)
            if contract is not None or deal.phase != Phase.DECLARE:
                trump = deal.trump
                words.append(("no trumps" if trump == 4 else f"trumps {SUIT_SYMBOLS[trump]}")
                             + (f", named by {player_name(by)}" if named and by is not None else ""))
            bids = [a.tricks or 0 for a in deal.auction if isinstance(a, Bid) and a.call is None]
            called = contract is not None and bool(contract.call)
            if bids and game.has_auction and not called:  # once called, the call says the total
                words.append(f"bids {sum(bids)} of {deal.tricks_per_hand}")
            if contract is not None and contract.call and not named:
                words.append(contract.call + ("" if by is None else f" by {player_name(by)}"))
        return "  ·  ".join(words)

    def draw(self, surf: pygame.Surface) -> None:
        w, h = surf.get_size()
        surf.blit(felt.felt_surface(w, h), (0, 0))
        bar = pygame.Surface((w, self.px(48)), pygame.SRCALPHA)
        bar.fill((0, 0, 0, 90))
        surf.blit(bar, (0, 0))
        room = w - self.px(220)  # between Menu and Hint
        least = max(18, self.px(14))
        words = self._bar_words()
        # a long line (17 cards, no trumps, the bids called) loses the hand's number, then the
        # game's name, before any of it is cut off
        for shorten in (lambda s: re.sub(r"hand \d+ · ", "", s), lambda s: s.split("  ·  ", 1)[-1]):
            if text.width(words, least, True) <= room:
                break
            words = shorten(words)
        size = text.fit_size(words, self.px(20), room, True, least)
        t = text.text(words, size, theme.INK, True)
        surf.blit(t, t.get_rect(midleft=(self.px(100), self.px(24))), pygame.Rect(0, 0, room, t.get_height()))
        deal = self.deal
        self._draw_scores(surf)
        if deal is not None:
            self._draw_trick(surf, deal)
            self._draw_turned(surf, deal)
            mine = self.layout_rects(HUMAN)
            for seat in deal.seats:
                if not (seat == HUMAN and mine):  # your layout's row is there
                    self._draw_label(surf, deal, seat)
            for seat in deal.seats:
                for card, rect in self.layout_rects(seat):
                    face = card_render.card_surface(int(card), rect.w, rect.h,
                                                    self.app.config.display.four_colour)
                    surf.blit(face, rect.topleft)
                    if card == self.selected:
                        pygame.draw.rect(surf, theme.HIGHLIGHT, rect, max(2, self.px(3)), self.px(6))
            for card, rect in self.hand_rects():
                legal = deal.turn == HUMAN and deal.phase == Phase.PLAY and card in deal.legal_moves()
                dim = deal.turn == HUMAN and deal.phase == Phase.PLAY and not legal
                face = card_render.card_surface(int(card), rect.w, rect.h,
                                                self.app.config.display.four_colour, dim=dim)
                surf.blit(face, rect.topleft)
                if card == self.selected:
                    pygame.draw.rect(surf, theme.HIGHLIGHT, rect, max(2, self.px(3)), self.px(6))
        self._draw_status(surf)
        self.buttons.draw(surf)

    def _draw_status(self, surf: pygame.Surface) -> None:
        lines = [self.status()]
        reason = self.hook_reason()
        if reason:
            lines.append(reason)
        t = self.table_area
        deal = self.deal
        # above your own label while you play; above the buttons while you bid or deal
        y = t.bottom - self.px(74) - len(lines) * text.line_height(self.px(20))
        if deal is not None and deal.phase == Phase.AUCTION and deal.turn == HUMAN and self._calls():
            y = self.b_calls[0].rect.top - self.px(8) - len(lines) * text.line_height(self.px(20))
        elif deal is not None and deal.phase == Phase.AUCTION and deal.turn == HUMAN:
            y = self.b_bids[0].rect.top - self.px(8) - len(lines) * text.line_height(self.px(20))
        if deal is None or deal.is_over:
            y = self.b_deal.rect.top - self.px(12) - len(lines) * text.line_height(self.px(20))
        elif deal.phase == Phase.PLAY and (mine := self.layout_rects(HUMAN)):
            y = mine[0][1].top - self.px(4) - len(lines) * text.line_height(self.px(20))
        for i, line in enumerate(lines):
            size = text.fit_size(line, self.px(20 if i == 0 else 18), t.w - self.px(16), i == 0, self.px(18))
            s = text.text(line, size, theme.GOLD if i == 0 else theme.INK, i == 0)
            panel = widgets.panel_surface(s.get_width() + self.px(16), s.get_height() + self.px(6), 170)
            r = panel.get_rect(midtop=(t.centerx, y))
            surf.blit(panel, r)
            surf.blit(s, s.get_rect(center=r.center))
            y = r.bottom + self.px(2)

    def label_lines(self, deal: Deal, seat: Seat) -> list[str]:
        """What a seat's label says: its name, then dealer, bid and tricks, thinking."""
        bid: int | str | None = next((a.call if a.call is not None else a.tricks for a in deal.auction
                                      if isinstance(a, Bid) and a.seat == seat), None)
        lines = [player_name(seat)]
        if seat == deal.dealer:
            lines.append("dealer")
        if seat in deal.out:
            lines.append("out")
            return lines
        taken = f"{deal.taken[seat]} trick{'s' if deal.taken[seat] != 1 else ''}"
        lines.append((("bid –" if bid is None else f"bid {bid}") + " · " + taken) if deal.game.has_auction
                     else taken)
        if self.thinking_seat() == seat:
            lines.append("thinking…")
        return lines

    def _draw_label(self, surf: pygame.Surface, deal: Deal, seat: Seat) -> None:
        x, y = self.seat_pos[seat]
        turn = deal.turn == seat
        out = seat in deal.out
        ink = theme.BUTTON_TEXT if turn else theme.INK
        rows = [text.text(line, self.px(18), ink, i == 0)
                for i, line in enumerate(self.label_lines(deal, seat))]
        pad = self.px(6)
        box = pygame.Surface((max(r.get_width() for r in rows) + 2 * pad,
                              sum(r.get_height() for r in rows) + pad), pygame.SRCALPHA)
        box.fill((*theme.GOLD, 235) if turn else (*theme.PANEL, 215) if not out else (60, 60, 60, 200))
        top = pad // 2
        for r in rows:
            box.blit(r, r.get_rect(midtop=(box.get_width() // 2, top)))
            top += r.get_height()
        angle = EDGE_ROTATION[self.seat_edge[seat]]
        box = pygame.transform.rotate(box, angle) if angle else box
        rect = box.get_rect(center=(x, y))
        rect.clamp_ip(self.table_area)
        surf.blit(box, rect)
        self.label_rects[seat] = rect

    def _card_size(self) -> tuple[int, int]:
        h = self.px(78 if self.players <= 5 else 66)
        return int(h * 0.7), h

    def _draw_trick(self, surf: pygame.Surface, deal: Deal) -> None:
        cw, ch = self._card_size()
        t = self.table_area
        cx, cy = t.centerx, t.centery - self.px(6)
        toward = 0.5
        if self.layout_rects(HUMAN):  # between the two layouts: smaller and nearer the middle
            ch = self.px(58)
            cw = int(ch * 0.7)
            theirs = self.layout_rects(Seat(1))
            top = theirs[0][1].bottom if theirs else t.top
            cy = top + self.px(8) + ch
            toward = (ch * 0.55) / max(1, self.seat_pos[HUMAN][1] - cy)
        plays = deal.current.plays() or (deal.tricks[-1].plays() if deal.tricks and not deal.is_over else [])
        if deal.is_over and deal.tricks:
            plays = deal.tricks[-1].plays()
        shown: dict[Seat, int] = {}
        for seat, card in plays:
            x, y = self.seat_pos[seat]
            nth = shown.get(seat, 0)  # a seat's second card of a trick (Scandinavian) beside its first
            shown[seat] = nth + 1
            px, py = cx + (x - cx) * toward + nth * cw * 0.7, cy + (y - cy) * toward
            face = card_render.card_surface(int(card), cw, ch, self.app.config.display.four_colour)
            surf.blit(face, face.get_rect(center=(int(px), int(py))))

    def _draw_turned(self, surf: pygame.Surface, deal: Deal) -> None:
        card = deal.record.trump_card
        upcard = deal.game.visible_piles(deal, HUMAN).get("upcard", ())
        label = "Trumps"
        if upcard:  # German whist: the stock's face-up card, won by the next trick
            card, label = upcard[0], "Stock"
        elif card is None or not deal.trump_card_showing:
            return
        cw, ch = self._card_size()
        a = self.score_area
        face = card_render.card_surface(int(card), cw, ch, self.app.config.display.four_colour)
        r = face.get_rect(midbottom=(a.centerx, a.bottom - self.px(8)))
        surf.blit(face, r)
        lab = text.text(label, self.px(18), theme.INK, True)
        surf.blit(lab, lab.get_rect(midbottom=(r.centerx, r.top - self.px(2))))

    def _draw_scores(self, surf: pygame.Surface) -> None:
        a = self.score_area
        surf.blit(widgets.panel_surface(a.w, a.h), a.topleft)
        match = self.session.match
        totals = match.hands[-1].game_after if match.hands and match.is_over else match.game_score
        heading = "Tricks won" if match.game.name == "knockout" else "Scores"
        title = text.text(heading, self.px(20), theme.GOLD, True)
        surf.blit(title, (a.left + self.px(10), a.top + self.px(8)))
        y = a.top + self.px(38)
        turned = self.deal is not None and (self.deal.trump_card_showing or bool(
            self.deal.game.visible_piles(self.deal, HUMAN).get("upcard")))
        room = a.h - self.px(46) - (self._card_size()[1] + self.px(26) if turned else 0)
        row = min(self.px(30), room // max(1, self.players))
        out = set(self.deal.out) if self.deal is not None else set()
        for i in range(self.players):
            seat = Seat(i)
            name = player_name(seat)
            colour = theme.INK_DIM if seat in out else theme.INK
            n = text.text(name, self.px(18), colour, seat == HUMAN)
            v = text.text(str(totals[i]) if i < len(totals) else "0", self.px(19), colour, True)
            surf.blit(n, (a.left + self.px(10), y))
            surf.blit(v, v.get_rect(topright=(a.right - self.px(10), y)))
            y += row
        hands = len(match.hands)
        note = text.text(f"{hands} hand{'s' if hands != 1 else ''} played", self.px(18), theme.INK_DIM)
        if not turned:
            surf.blit(note, (a.left + self.px(10), min(a.bottom - self.px(26), y + self.px(6))))


__all__ = ["EDGES", "SoloTableScene", "player_name", "seat_places"]
