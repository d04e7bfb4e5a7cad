"""What the Real cards screen shows of a referee (device.referee.Referee): the prompt, the
badges and the view. No pygame; no game named."""

from __future__ import annotations

from typing import TYPE_CHECKING

from device import referee_pass, referee_scan
from device import referee_plan as scan_plan
from device import referee_words as words
from device.referee_racks import exchange_pile, kitty_taker, ordinal
from device.referee_view import (
    AI_HANDS,
    HAND_OVER,
    PLAY,
    RACKS,
    READERS,
    SETUP,
    STEPS,
    STOCK,
    TRUMP,
    RefereeView,
    SeatView,
)
from engine.actions import Bid, Exchange
from engine.deal import describe_action
from engine.game import Contract, Phase
from engine.seats import Seat, seats_at

if TYPE_CHECKING:
    from device.referee_protocol import Referee

READER_DISCONNECTED = "reader disconnected"


def _ai_is(ref: Referee, seat: Seat) -> str:
    """"North (AI)", or the name a drive gave the seat (already "North (AI)")."""
    return ref.name(seat) if seat in ref.names else f"{ref.seat_word(seat)} (AI)"


def wanted(ref: Referee) -> str:
    """The next card asked for, by whose it is: "West's card", "the 5th card from the left of
    South's rack", "the turned card"."""
    if ref.phase == TRUMP:
        return "the turned card"
    if ref.phase == AI_HANDS:
        target = ref.racks.target()
        if target is None:
            return "the next card"
        key, _ = target
        return f"{words.holder(ref, key)}'s {ordinal(len(ref.racks.racks[key]) + 1)} card"
    deal = ref.deal
    if ref.phase not in (PLAY, STEPS) or deal is None or deal.turn is None:
        return "the next card"
    want = ref.expected_card()
    if want is not None:
        return ref._place(deal.turn, want)
    return f"{ref.seat_word(deal.turn)}'s card"


def prompt(ref: Referee) -> str:
    """The one line that says what the table waits for (the screen's gold line)."""
    main = _prompt(ref)
    if ref.phase not in (TRUMP, AI_HANDS, STEPS, PLAY, STOCK, RACKS):
        return main
    down = ref.readers.unplugged()
    if down:
        # The main line, not a badge: cards laid now are not seen at all.
        names = " and ".join(ref.readers.name(r) for r in down)
        verb, them = ("are", "them") if len(down) > 1 else ("is", "it")
        return f"{names[0].upper()}{names[1:]} {verb} unplugged: plug {them} back in, then lay {wanted(ref)}"
    if ref.relay:
        return f"the reader is back: lay again any card laid while it was unplugged, from {wanted(ref)} on"
    return main


def _prompt(ref: Referee) -> str:
    if ref.phase == READERS:
        asked = ref.readers.asking
        assert asked is not None
        return f"{ref.name(asked)}, lay any card on your reader"
    if ref.phase == SETUP:
        how = "tap a seat for a person or the AI; tap Dealer to change, Start to begin" if ref.touch \
            else "left/right to change, select to start"
        return f"{ref.game.title}, {ref.game.people} players: {ref.name(ref.setup_dealer)} deals ({how})"
    if ref.phase == HAND_OVER:
        return "hand over - " + ref._next_words()
    r = ref.racks
    if ref.phase == TRUMP:
        assert r.plan is not None
        where = "the top card of the stock" if r.plan.turned_pile else "the dealer's last card"
        screen = ", or choose trumps on screen" if ref.trumps_on_screen() else ""
        return (f"{ref.name(r.plan.dealer)} deals {max(ref.sizes())} each: scan the turned card "
                f"({where}{screen})")
    if ref.phase == STOCK:
        return referee_scan.turn_words(ref)
    if ref.phase == RACKS:
        seat = r.reracking()
        assert seat is not None
        n, total = len(r.rack_order.get(seat, ())), len(r.rerack[seat])
        return (f"after the restart: lay AI {ref.seat_word(seat)}'s rack on the reader card by card from the "
                f"left ({n} of {total}), face down, and back in that order")
    if ref.phase == AI_HANDS:
        return _scanning(ref)
    deal = ref.deal
    assert deal is not None and deal.turn is not None
    opening = referee_pass.opening(ref)
    leads = referee_pass.opener(ref, None) if opening is not None else None
    if opening is not None and leads is None:
        return referee_pass.opening_prompt(ref, opening)
    seat = leads or deal.turn
    name = ref.name(seat)
    ai = ref.is_ai(ref.game.actor(deal, seat))
    if ref.phase == STEPS:
        return _steps(ref, seat, ai)
    if ai:
        want = ref.expected_card()
        if want is None:
            return f"{_ai_is(ref, seat)} is choosing a card..."
        return f"{name} plays {ref._place(seat, want)}: lay it {words.lay(ref, seat)}"
    if ref.choices():  # a dog's life: Knock
        how = "tap Knock" if ref.touch else "press Select to knock"
        return f"trick {deal.trick_number}: {name} (a dog's life) plays its one card on the reader, or {how}"
    actor = ref.game.actor(deal, seat)
    if actor != seat:
        return (f"trick {deal.trick_number}: the {ref.seat_word(seat).lower()} to play - {ref.name(actor)} "
                f"lays one of the {ref.seat_word(seat).lower()}'s cards on the reader")
    lay = f"lay {ref.seat_word(seat)}'s card {words.lay(ref, seat)}"
    return f"trick {deal.trick_number}: {name} to play - {lay}"


def _scanning(ref: Referee) -> str:
    r = ref.racks
    target = r.target()
    if target is None:
        return "starting..."
    key, count = target
    n = len(r.racks[key])
    if isinstance(key, str):
        what = words.pile_words(ref, key)
        if key.startswith("down"):
            return (f"{what}: {n} of {count} scanned - lay those cards on the reader face down, from the "
                    "left, and back in that order")
        if key.startswith("up"):
            return f"{what}: {n} of {count} scanned - lay them on the reader from the left"
        if any(name == key for name, _ in referee_scan.later(ref)):
            return (f"{what}, taken up later: {n} of {count} scanned - lay them on the reader face down, "
                    "first the cards taken up first, and stack them again in that order")
        if r.plan is not None and key == r.plan.turned_pile:
            return (f"{what}: {n} of {count} scanned - lay its cards on the reader face down from the top, "
                    "and stack them again in that order")
        return f"{what}: {n} of {count} scanned - lay {what}'s cards on the reader face down"
    word = ref.seat_word(key)
    if key not in ref.seated():
        return (f"the {word.lower()}: {n} of {count} scanned - lay the {word.lower()}'s cards on the reader "
                "face down")
    if not ref.is_ai(key):
        return f"{word} is on a dog's life: scan {word}'s one card face down ({n} of 1), then hand it back"
    return f"{ref._ai_name(key)}: {n} of {count} scanned - lay {word}'s cards on the reader face down"


def _steps(ref: Referee, seat: Seat, ai: bool) -> str:
    deal = ref.deal
    assert deal is not None and deal.step is not None
    name = ref.name(seat)
    if deal.step.phase is Phase.EXCHANGE:
        count = deal.exchange_count()
        laid = len(ref.racks.discards)
        to = referee_pass.passing(ref)
        if to is not None:
            return _pass(ref, seat, to, ai, laid, count)
        if not ai and ref.whole_exchanges:
            return words.whole_prompt(deal, ref.game, name, laid, ref.touch)
        if ai:
            want = ref.expected_card()
            if want is None:
                return f"{_ai_is(ref, seat)} is choosing its discards..."
            return f"{name} lays away {ref._place(seat, want)}: scan it face down ({laid} of {count})"
        return (f"{name} takes the kitty: scan the {count} cards {name} lays away, face down "
                f"({laid} of {count})")
    if ai:
        return f"{_ai_is(ref, seat)} is thinking..."
    how = "tap" if ref.touch else "left/right and select"
    if ref.whole_exchanges and deal.step.phase is Phase.AUCTION:
        return words.whole_offer(deal, ref.game, name, how)
    return f"{name} to {words.verb_of(deal.step.phase)}: {how} on the screen"


def _pass(ref: Referee, seat: Seat, to: Seat, ai: bool, laid: int, count: int) -> str:
    name, them = ref.name(seat), ref.name(to)
    if not ai:
        return f"{name} passes {count} cards to {them}: lay them on the reader face down ({laid} of {count})"
    want = ref.expected()
    if not isinstance(want, Exchange):
        return f"{_ai_is(ref, seat)} is choosing the cards it passes..."
    left = tuple(c for c in want.discard if c not in ref.racks.discards)
    how = "tap Passed" if ref.touch else "select Passed"
    return (f"{_ai_is(ref, seat)} passes {referee_pass.places(ref, seat, left)} to {them}: scan each, "
            f"or {how} ({laid} of {count})")


def badges(ref: Referee) -> list[str]:
    """A reader unplugged, the revokes proven in the hand, the revokes seen as they happened."""
    out = []
    for reader in ref.readers.unplugged():
        what = ref.readers.message(reader) or READER_DISCONNECTED
        if len(ref.readers.readers) > 1:
            what = f"{ref.readers.name(reader)}: {what}"
        out.append(what)
    deal = ref.deal
    if deal is not None:
        out.extend(f"revoke: {ref.name(r.seat)} (trick {r.trick})" for r in deal.revokes)
    out.extend(f"revoke? {ref.name(x.seat)} (trick {x.trick})" for x in ref.open_suspects())
    return out


def contract_now(ref: Referee) -> Contract | None:
    """The contract as far as it is settled (trumps named before a kitty is exchanged)."""
    deal = ref.deal
    if deal is None or ref.phase not in (STEPS, PLAY, STOCK, HAND_OVER):
        return None
    return deal.contract or ref.game.contract(deal)


def _call_words(ref: Referee, contract: Contract) -> str:
    """The contract's name with the screen's name for whoever named trumps without an auction
    (a seat the match chose)."""
    call, by = contract.call, contract.declarer
    return f"{call} by {ref.name(by)}" if by is not None and not ref.game.has_auction else call


def _upcard(ref: Referee) -> str | None:
    deal, plan = ref.deal, ref.racks.plan
    pile = plan.turned_pile if plan is not None else None
    if deal is None or not ref.draws or pile is None or ref.phase not in (PLAY, STOCK):
        return None
    stock = deal.piles.get(pile, ())
    return str(stock[0]) if stock and stock[0] in ref.racks.upcards else None


def kitty_shown(ref: Referee) -> tuple[str, ...]:
    """The kitty as all may see it once taken up (none at no trump, as the rules say)."""
    deal = ref.deal
    taker = kitty_taker(ref.deal)
    if deal is None or taker is None:
        return ()
    pile = exchange_pile(ref.game, deal)
    if pile is None:
        return ()
    other = next((s for s in deal.seats if s != taker), taker)
    return tuple(str(c) for c in ref.game.visible_piles(deal, other).get(pile, ()))


def view(ref: Referee) -> RefereeView:
    deal = ref.deal
    in_hand = deal is not None and ref.phase in (STEPS, PLAY, STOCK, RACKS, HAND_OVER)
    trick: tuple[tuple[Seat, str], ...] = ()
    winner = None
    want = ref.expected_card()
    if in_hand and deal is not None:
        shown = deal.current
        # The trick just won stays in view for the people to see - but not once an AI's card is
        # asked for: its card goes where that trick lay.
        if not shown.cards and deal.tricks and want is None:
            shown = deal.tricks[-1]
            winner = shown.winner(deal.order)
        trick = tuple((s, str(c)) for s, c in shown.plays())
    sizes = ref.sizes()
    calls: dict[Seat, str] = {}
    auction: list[str] = []
    if in_hand and deal is not None:
        for a in deal.auction:
            calls[a.seat] = describe_action(a)
            if isinstance(a, Bid) and a.tricks is not None:
                calls[a.seat] = str(a.tricks)
            said = words.whole_said(deal, ref.game, a) if ref.whole_exchanges else None
            auction.append(f"{ref.name(a.seat)}: {said or describe_action(a)}")
        for d in deal.declarations:
            auction.append(f"{ref.name(d.seat)}: {words.said_of(d)}")
    scores = ref.match.game_score if ref.preview is None else ref.preview.game_after
    r = ref.racks
    scanning = ref.phase == AI_HANDS
    seats = []
    for s in seats_at(ref.players):
        rack = r.racks.get(s)
        scanned = len(r.rack_order.get(s, ())) if s in r.rerack else \
            len(rack) if rack is not None and scanning else None
        seats.append(SeatView(
            s, ref.name(s), ref.ai_seats.get(s), ref.phase != SETUP and r.plan is not None and sizes[s] == 0,
            calls.get(s), deal.taken[s] if in_hand and deal is not None else 0,
            scores[s] if not ref.game.partnerships and s < len(scores) else 0,
            scanned, len(r.rerack[s]) if s in r.rerack else sizes[s]))
    place = None
    expected_seat = deal.turn if want is not None and deal is not None else None
    if want is not None and expected_seat is not None:
        rack_cards = ref.rack(expected_seat)
        place = rack_cards.index(want) + 1 if want in rack_cards else None
    contract = contract_now(ref)
    turned = r.trump_card
    trump = contract.trump if contract is not None else turned.suit if turned is not None else r.trump
    if deal is not None and contract is None and trump is None and ref.phase in (PLAY, HAND_OVER):
        trump = deal.trump
    choices = ref.choices()
    enabled = [i for i, c in enumerate(choices) if c.enabled]
    focus = enabled[ref.choice_focus % len(enabled)] if enabled and not ref.touch else None
    side_tricks: tuple[int, ...] = ()
    if in_hand and deal is not None:
        game = ref.game
        # teams of alternate seats (six, eight) count their seats' tricks together
        side_tricks = deal.tricks_taken() if game.partnerships else tuple(
            sum(n for s, n in enumerate(deal.taken) if game.side_of(Seat(s)) == side)
            for side in range(game.sides))
    count = deal.exchange_count() if deal is not None and ref.phase == STEPS and deal.step is not None \
        and deal.step.phase is Phase.EXCHANGE else 0
    kitty = r.racks.get("kitty", ())
    return RefereeView(
        title=ref.game.title, players=ref.players, phase=ref.phase, prompt=prompt(ref), dealer=ref.dealer,
        turn=referee_pass.to_play(ref) if in_hand and ref.phase not in (HAND_OVER, RACKS) else None,
        seats=tuple(seats), names=dict(ref.names), trump=trump,
        trump_card=str(turned) if turned is not None else None,
        trumps_on_screen=ref.trumps_on_screen(), trump_choice=ref.trump_choice,
        contract=_call_words(ref, contract) if contract is not None and contract.call else None,
        hand_size=max(sizes), trick=trick, trick_winner=winner,
        trick_number=deal.trick_number if in_hand and deal is not None else 1,
        expected_card=str(want) if want is not None else None,
        expected_place=place, expected_seat=expected_seat,
        expected_shown=str(want) if want is not None and place is None else None,
        choices=tuple(choices), choice_focus=focus, auction=tuple(auction), kitty=kitty_shown(ref),
        upcard=_upcard(ref), kitty_count=len(kitty), discards=len(r.discards), discard_count=count,
        whole_hands=ref.whole_exchanges,
        scanned={s: len(h) for s, h in r.racks.items() if isinstance(s, Seat)} if scanning else {},
        messages=ref.current_messages(), message=ref.messages[-1] if ref.messages else None,
        badges=tuple(badges(ref)),
        revokes=tuple(rv.describe(ref.name(rv.seat)) for rv in deal.revokes) if deal is not None else (),
        taken=ref.current_taken(),
        summary=tuple(ref.summary_lines()) if ref.phase == HAND_OVER else (),
        match_over=ref.match_ends(), match_word=ref.match_word,
        hand_number=ref.match.hand_number + (0 if deal is not None else 1),
        sides=ref.side_names(), side_tricks=side_tricks, side_scores=tuple(scores),
        games_won=ref.match.games_won, target=ref.rules.target,
        setup_dealer=ref.setup_dealer, readers=ref.readers.seats(),
        asking=ref.readers.asking if ref.phase == READERS else None,
        player_range=scan_plan.player_counts(ref.game),
        ring=ref.game.play_ring(deal) if in_hand and deal is not None else (),
        face_up=tuple((s, tuple(str(c) for c in sorted(deal.hand(s) or ())))
                      for s in deal.seats if ref.face_up(s)) if in_hand and deal is not None else (),
        passes_to=referee_pass.passing(ref) if ref.phase == STEPS else None,
    )


__all__ = ["badges", "contract_now", "kitty_shown", "prompt", "view", "wanted"]
