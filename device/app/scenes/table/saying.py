"""What the table says: the status line (whose turn, what to do, the news of the last
move) and, for the demo, which does not score at the table, the hand just played."""

from __future__ import annotations

from typing import TYPE_CHECKING

from device.app.render import text
from device.app.scenes.table import words
from engine.game import Phase
from engine.seats import Seat

if TYPE_CHECKING:
    from device.app.scenes.table.table_protocol import TableScene


def status(t: TableScene) -> str:
    deal = t.deal
    if t.overlay is not None:
        return ""  # the last trick says it itself, and nothing may show through it
    seating = t.seating
    step = t.step()
    hinted = t.hint.text()
    if hinted and step:
        return hinted
    if step and deal is not None:  # what the table asks of you comes before any news
        acting_for = deal.turn if deal.turn != t.you else None
        prompt = words.step_prompt(deal, step, seating, acting_for)
        wide = t.g is not None and text.width(prompt, t.px(18), True) > t.g.said.w
        if ". " in prompt and wide:
            prompt = prompt.split(". ", 1)[1]  # the calls so far only where they fit one line
        return prompt
    if deal is not None and deal.is_over and not seating.partners:
        return t.event if t._finished and t.event else t.preview()
    if t.message and t.app.clock < t.message_until:
        return t.message
    if deal is None:
        return t.event or "Tap Deal to start"
    if t.dealing is not None:
        return "Dealing…"
    if t.held is not None:
        return seating.says(t.held.winner(deal.order), "win", "wins") + " the trick"
    now = t.app.clock
    moving = [s for s in t.slides if s.progress(now) < 1]
    if moving:
        s = moving[-1]
        return f"{seating.says(s.seat, 'play')} {words.short(s.card)}"
    turn = deal.turn
    if turn is None:
        return t.preview() if not seating.partners else "Hand over"
    actor = t.actor(deal)
    if actor in t.human_seats:
        if hinted:
            return hinted
        whose = "" if turn == t.you else f" for {seating.name(turn)}"
        if t.selected is not None:
            return f"Tap {words.short(t.selected)} again to play it{whose}"
        return f"Your turn{whose}: tap a raised card"
    if t.thinking_seat is not None:
        return f"{seating.name(turn)} is thinking…"
    if (t.human_seats and deal.tricks and not deal.current.cards and now < t.next_ai_at
            and deal.last_trick_viewable and deal.phase == Phase.PLAY):
        return f"{seating.name(turn)} leads next · Last trick is open"
    return words.others_step(deal, seating, turn)


def preview(t: TableScene) -> str:
    """The hand just played, before it is scored: who is knocked out, else 'Hand over'."""
    deal = t.deal
    match = t.session.match
    if deal is None or not deal.is_over:
        return ""
    score = match.game.score_hand(deal, match.game_score, match.rules, len(match.hands) + 1, None)
    # each seat's points for the hand, by the names round the table
    people = [s for s in t.seating.seats if s not in t.seating.hands]
    points = " · ".join(f"{t.seating.name(s)} {score.points[deal.game.side_of(s)]:+d}" for s in people
                        if deal.game.side_of(s) < len(score.points))
    return _out_words(t, score.notes) or (f"Hand over: {points}" if points else "Hand over")


def _out_words(t: TableScene, notes: tuple[str, ...] | list[str]) -> str:
    for note in notes:
        if note.startswith("out: "):
            seats = [Seat.parse_at(s.strip(), t.seating.players) for s in note[5:].split(",")]
            return "Knocked out: " + ", ".join(t.seating.name(s) for s in seats)
    return ""


__all__ = ["preview", "status"]
