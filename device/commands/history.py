"""``whist-table history``: the last deals from the store, or one deal card by card;
``--review`` adds the double-dummy review of one deal; ``--pbn`` and ``--json`` export them
(device.store.recall, device.store.export)."""

from __future__ import annotations

import argparse
import os
import sys
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from device.commands._number import number

if TYPE_CHECKING:
    from device.store import DealRow, Store
    from engine.deal import Deal
    from engine.game import Game, GameRules
    from engine.seats import Seat

HELP = "list the last deals, show one trick by trick, or export as PBN or JSON lines"
LAST = 10  # deals listed when --last is not given


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--last", type=number(int, low=1), default=None, metavar="N",
                        help=f"how many recent deals to list (default {LAST}; with --json: every hand)")
    parser.add_argument("--show", type=number(int, low=1), metavar="DEAL_ID",
                        help="show one deal: the hands and every trick")
    parser.add_argument("--rubber", type=number(int, low=1), metavar="MATCH_ID",
                        help="with --pbn or --json: export a whole rubber")
    parser.add_argument("--review", action="store_true",
                        help="with --show DEAL_ID: every card's double-dummy cost, as the review screen "
                        "shows it")
    parser.add_argument("--pbn", action="store_true",
                        help="print PBN instead (of --show DEAL_ID or --rubber MATCH_ID)")
    parser.add_argument("--json", action="store_true",
                        help="print one JSON object a line per hand: the deal, every action, the "
                        "tricks, the score and the totals after it")
    parser.add_argument("--print", dest="page", metavar="FILE", default=None,
                        help="with --rubber: the score sheet and every hand as a printable page, "
                        "FILE.pdf or FILE.png (FILE-2.png... for more pages)")
    parser.add_argument("--usb", action="store_true",
                        help="copy the history (PBN, printable pages, JSON lines) to a new folder on "
                        "the USB stick mounted under /media or /run/media (or $WHIST_USB_ROOT)")
    add_store_arguments(parser)


def add_store_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--db", metavar="PATH",
                        help="the game store (default: [store] path from the config, "
                        "else the state directory's whist.sqlite3)")


def resolve_db(args: argparse.Namespace) -> Path:
    if args.db:
        return Path(args.db)
    from device.config import load_config

    return load_config(getattr(args, "config", None)).db_path()


def open_for_reading(args: argparse.Namespace) -> Store | None:
    """Open the store named by the arguments; None (and a message) if there is none."""
    from device.config import ConfigError
    from device.store import Store, StoreError

    try:
        path = resolve_db(args)
    except ConfigError as exc:
        print(f"whist-table: {exc}", file=sys.stderr)
        return None
    if not path.exists():
        print(f"No games recorded yet: there is no game store at {path} "
              "(use --db PATH to read another).", file=sys.stderr)
        return None
    try:
        # Only looking: nothing is written, not even SQLite's recovery of a WAL; a
        # damaged file is reported, not moved (that is the table's job, and a tool
        # run as root must not leave a fresh root-owned file behind).
        return Store(path, readonly=True)
    except StoreError as exc:
        print(f"whist-table: {exc}", file=sys.stderr)
        return None


def when(stamp: str | None) -> str:
    """A stored UTC timestamp as local date and time, minutes precision."""
    if not stamp:
        return "-"
    try:
        t = datetime.fromisoformat(stamp.replace("Z", "+00:00"))
    except ValueError:
        return stamp
    return t.astimezone().strftime("%Y-%m-%d %H:%M")


def _pair(value: object) -> str:
    from device.store.recall import side_pair

    pair = side_pair(value)
    return "-" if pair is None else f"{pair[0]}-{pair[1]}"


def _trump(record: dict[str, Any]) -> str:
    """The trumps in a narrow column, in the table's words: '♦ (♦4)', 'NT'."""
    from device import vocabulary
    from engine.cards import parse_card, parse_strain

    trump = str(record.get("trump") or "?")
    card = record.get("trump_card")
    short = vocabulary.trumps_short(parse_strain(trump)) if trump != "?" else trump
    return f"{short} ({vocabulary.card_word(parse_card(str(card)))})" if card else short


def _game(store: Store, match_id: int) -> Game:
    """The game a stored rubber was played at, at its size and with its sides (its rules)."""
    from device.store import recall
    from engine.games import game_of

    return game_of(recall.match_rules(store, match_id))


def _seat(game: Game, stored: str | Seat) -> str:
    """A seat (stored N E S W at four, else 0..n-1) in the table's words for its game: You,
    Left, Partner, Right beside a partner; You, Player 2 ... where each plays alone."""
    from device import vocabulary
    from engine.seats import Seat

    # the engine names seats 0..3 by their letters at any table, the store by number at others
    if not isinstance(stored, Seat):
        stored = Seat(int(stored)) if stored.isdigit() else Seat.parse(stored)
    return vocabulary.seat_word(game, stored)


def _by_side(value: object, game: Game) -> str:
    """A figure a side: "3-2" under the We-They heading, else each after its side's word
    (three teams, or each alone: "We 3 · T2 2 · T3 1")."""
    from device import vocabulary

    words = vocabulary.side_words(game, short=True)
    if words == (vocabulary.WE, vocabulary.THEY) or not isinstance(value, list):
        return _pair(value)
    return vocabulary.by_side(tuple(vocabulary.short_word(w) for w in words), tuple(int(v) for v in value))


def _card(text: str) -> str:
    from device import vocabulary
    from engine.cards import parse_card

    return vocabulary.card_word(parse_card(text))


def run(args: argparse.Namespace) -> int:
    store = open_for_reading(args)
    if store is None:
        return 1

    with store:
        if getattr(args, "usb", False):
            return _usb(store)
        if getattr(args, "page", None):
            return _page(store, args)
        if args.json:
            try:
                return _json(store, args)
            except BrokenPipeError:
                # Piped into `head` and the reader left: stop quietly, like other tools.
                sys.stdout = open(os.devnull, "w")
                return 0
        if args.pbn:
            if args.show is not None:
                deal = store.deal(args.show)
                if deal is None:
                    print(f"whist-table: there is no deal {args.show}", file=sys.stderr)
                    return 1
                from device.store.pbn_export import NotPbn, deal_text

                try:
                    sys.stdout.write(deal_text(store, deal))
                except NotPbn as exc:
                    print(f"whist-table: {exc}", file=sys.stderr)
                    return 1
                return 0
            if args.rubber is not None:
                row = store.match(args.rubber)
                if row is None or not store.deals_of_match(args.rubber):
                    print(f"whist-table: rubber {args.rubber} has no deals", file=sys.stderr)
                    return 1
                from device.store.matches import sheet_lines
                from device.store.pbn_export import NotPbn, rubber_text

                try:
                    sys.stdout.write(rubber_text(store, row, sheet_lines(store, row)))
                except NotPbn as exc:
                    print(f"whist-table: {exc}", file=sys.stderr)
                    return 1
                return 0
            print("whist-table: --pbn needs --show DEAL_ID or --rubber MATCH_ID",
                  file=sys.stderr)
            return 2
        if args.show is not None:
            return _show(store, args.show, args.review)
        return _list(store, LAST if args.last is None else args.last)


def is_misdeal(deal: DealRow) -> bool:
    """A deal thrown in before a card was played (the same dealer dealt again)."""
    return bool((deal.result or {}).get("misdeal"))


def hand_numbers(store: Store, deals: list[DealRow]) -> dict[int, int | None]:
    """Deal id -> its hand number in the rubber (1, 2, ...), misdeals skipped (None)."""
    out: dict[int, int | None] = {}
    for match_id in {d.match_id for d in deals}:
        n = 0
        for row in store.deals_of_match(match_id):
            if is_misdeal(row):
                out[row.id] = None
            else:
                n += 1
                out[row.id] = n
    return out


def _abandoned(store: Store, match_id: int) -> bool:
    """The rubber was given up at the table (its last hand never scored)."""
    row = store.match(match_id)
    return row is not None and bool((row.result or {}).get("abandoned"))


def _list(store: Store, last: int) -> int:
    deals = store.recent_deals(last)
    if not deals:
        print("No deals recorded yet.")
        return 0
    numbers = hand_numbers(store, deals)
    print(f"{'deal':>5}  {'rubber':>6}  {'hand':>4}  {'date':16}  {'dealer':8}  {'trump':8}  "
          f"{'tricks We-They':14}  points We-They")
    games = {m: _game(store, m) for m in {d.match_id for d in deals}}
    for d in reversed(deals):
        game = games[d.match_id]
        result = d.result or {}
        hand = numbers.get(d.id)
        if is_misdeal(d):
            tricks, points = "misdeal", "-"  # thrown in: not a hand, the dealer dealt again
        else:
            unscored = "abandoned" if _abandoned(store, d.match_id) else "in play"
            tricks = _by_side(result.get("tricks"), game) if d.finished else unscored
            points = _by_side(result.get("points"), game) if d.finished else "-"
        print(f"{d.id:>5}  {d.match_id:>6}  {'-' if hand is None else hand:>4}  {when(d.started):16}  "
              f"{_seat(game, d.dealer):8}  {_trump(d.record):8}  {tricks:14}  {points}")
    return 0


def _print_review(deal: Deal) -> None:
    """The review screen's List view in the terminal (device.review)."""
    from device.review import CardCost, review_lines
    from engine.ai import review

    print()
    if not deal.is_over:
        print("Review: the hand was not played to the end")
        return
    try:
        rows = [CardCost.of(r) for r in review(deal)]
    except ValueError as exc:  # a real-card deal with a hand never seen
        print(f"Review: {exc}")
        return
    for style, line in review_lines(deal, rows):
        print({"h": "", "b": "", "": "", "dim": "  ", "bad": "    "}.get(style, "  ") + line)


def _show(store: Store, deal_id: int, review: bool = False) -> int:
    from device import vocabulary
    from device.store import recall
    from engine.cards import parse_strain
    from engine.games import game_of

    deal = store.deal(deal_id)
    if deal is None:
        print(f"whist-table: there is no deal {deal_id}", file=sys.stderr)
        return 1
    trump = str(deal.record.get("trump") or "?")
    trump_name = vocabulary.trumps_word(parse_strain(trump)) if trump != "?" else trump
    card = deal.record.get("trump_card")
    hand = hand_numbers(store, [deal]).get(deal.id)
    which = "a misdeal, thrown in before play" if hand is None else f"hand {hand}"
    print(f"Deal {deal.id}: rubber {deal.match_id}, {which}, {when(deal.started)}")
    rules = recall.match_rules(store, deal.match_id)
    game = game_of(rules)
    print(f"Dealer {_seat(game, deal.dealer)}; trumps {trump_name}"
          + (f" (turned {_card(str(card))})" if card else ""))
    try:
        replayed = recall.replay(deal, rules)
    except recall.RecallError as exc:
        print(f"Deal: {exc}")
        replayed = None
    if replayed is not None:
        _print_hands(game, rules, replayed.deal)
        played = replayed.deal
        for ex in played.exchanges:  # cards passed to another seat before the play
            taker = game.exchange_to(played, ex.seat)
            if taker is not None:
                cards = " ".join(_card(str(c)) for c in ex.discard)
                print(f"Pass: {_seat(game, str(int(ex.seat)))} {cards} to {_seat(game, str(int(taker)))}")
        for i, t in enumerate(recall.tricks_in(replayed.deal), 1):
            plays = ", ".join(f"{_seat(game, seat)} {_card(c)}" for seat, c in t.plays)
            end = f" -> {_seat(game, t.winner)}" if t.winner else " (unfinished)"
            print(f"Trick {i:>2} ({vocabulary.verb(_seat(game, t.leader), 'lead')}): {plays}{end}")
        if replayed.refused:
            print(f"Stopped: {replayed.refused}")
        if review:
            _print_review(replayed.deal)
    for other in recall.other_actions(deal):
        print(f"Action: {_describe(other)}")
    result = deal.result or {}
    side = recall.side_name(result.get("game_won_by", result.get("game_winner")))
    won = {"NS": vocabulary.WE, "EW": vocabulary.THEY}.get(side or "")
    to = None if won is None else vocabulary.object_word(won)
    if is_misdeal(deal):
        print("Result: misdeal (the same dealer dealt again)")
    elif deal.finished and vocabulary.side_words(game) != (vocabulary.WE, vocabulary.THEY):
        print(f"Result: tricks {_by_seat(game, result.get('tricks'))}; "
              f"points {_by_seat(game, result.get('points'))}")
    elif deal.finished:
        print(f"Result: tricks We-They {_pair(result.get('tricks'))}, "
              f"points We-They {_pair(result.get('points'))}"
              + (f", game to {to}" if to else ""))
    else:
        print("Result: not finished (the hand is still in play)")
    return 0


def _print_hands(game: Game, rules: GameRules, deal: Deal) -> None:
    """Every dealt hand and pile in the table's words, and the PBN Deal where PBN can say it."""
    from device import vocabulary
    from device.store.pbn_export import NotPbn, check_pbn
    from engine.cards import sort_hand
    from engine.pbn import format_hands

    record = deal.record
    hands = record.hands()
    if any(h is None for h in hands):
        print("Deal: (the cards were not recorded: a real deck)")
        return
    try:
        check_pbn(rules)
    except NotPbn:
        pass  # the hands below say it all
    else:
        print(f"Deal: {format_hands([h for h in hands if h is not None], record.dealer.name)}")
    words = vocabulary.seat_words(game)
    width = max(len(w) for w in words)
    for word, held in zip(words, hands, strict=True):
        print(f"  {word:{width}}  {' '.join(vocabulary.card_word(c) for c in sort_hand(held or ()))}")
    for name, pile in record.piles:
        print(f"  {name}: {' '.join(vocabulary.card_word(c) for c in sort_hand(pile))}")


def _by_seat(game: Game, value: object) -> str:
    """A result's figure for each side (a seat where each plays alone) in the table's words."""
    from device import vocabulary

    if isinstance(value, list):  # stored in side order
        return ", ".join(f"{w} {v}" for w, v in zip(vocabulary.side_words(game), value, strict=False))
    if isinstance(value, dict):
        return ", ".join(f"{_seat(game, str(k))} {v}" for k, v in value.items())
    return "-"


def _usb(store: Store) -> int:
    import os

    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from device.app.render.page import print_rubber
    from device.share.usb import ExportError, export_history, find_stick

    stick = find_stick()
    if stick is None:
        print("whist-table: no USB stick found (nothing mounted under /media or /run/media; "
              "WHIST_USB_ROOT names a directory to use instead)", file=sys.stderr)
        return 1
    try:
        done = export_history(store, stick, pages=print_rubber)
    except ExportError as exc:
        print(f"whist-table: {exc}", file=sys.stderr)
        return 1
    print(f"{done.describe()}: {len(done.files)} files")
    return 0


def _page(store: Store, args: argparse.Namespace) -> int:
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from device.app.render.page import rubber_pages, rubber_print, save_pages

    if args.rubber is None:
        print("whist-table: --print needs --rubber MATCH_ID", file=sys.stderr)
        return 2
    row = store.match(args.rubber)
    if row is None:
        print(f"whist-table: there is no rubber {args.rubber}", file=sys.stderr)
        return 1
    from device.store.pbn_export import NotPbn, check_pbn
    from device.store.recall import match_rules

    try:
        check_pbn(match_rules(store, row.id))
    except NotPbn as exc:
        print(f"whist-table: {exc}", file=sys.stderr)
        return 1
    try:
        written = save_pages(rubber_pages(rubber_print(store, row)), Path(args.page))
    except (ValueError, KeyError, TypeError) as exc:
        print(f"whist-table: rubber {args.rubber} cannot be replayed: {exc}", file=sys.stderr)
        return 1
    except OSError as exc:
        print(f"whist-table: cannot write {args.page}: {exc.strerror or exc}", file=sys.stderr)
        return 1
    for path in written:
        print(path)
    return 0


def _describe(action: object) -> str:
    if isinstance(action, dict):
        return ", ".join(f"{k}={v}" for k, v in action.items())
    return str(action)


def _json(store: Store, args: argparse.Namespace) -> int:
    """One JSON line per hand: of one deal (--show), one rubber (--rubber), the last
    N deals (--last) or the whole store."""
    import json

    from device.store.export import hand_record
    from device.store.recall import game_of, recall_match

    if args.show is not None:
        deal = store.deal(args.show)
        if deal is None:
            print(f"whist-table: there is no deal {args.show}", file=sys.stderr)
            return 1
        wanted: set[int] | None = {deal.id}
        rubbers = [deal.match_id]
    elif args.rubber is not None:
        wanted, rubbers = None, [args.rubber]
    elif args.last is not None:
        recent = store.recent_deals(args.last)
        wanted = {d.id for d in recent}
        rubbers = sorted({d.match_id for d in recent})
    else:
        wanted, rubbers = None, [m.id for m in reversed(store.matches())]
    code = 0
    for match_id in rubbers:
        row = store.match(match_id)
        if row is None:
            print(f"whist-table: there is no rubber {match_id}", file=sys.stderr)
            return 1
        try:
            hands = recall_match(store, row)
        except (ValueError, KeyError, TypeError) as exc:  # a stored rubber the engine refuses
            print(f"whist-table: rubber {match_id} cannot be replayed: {exc}", file=sys.stderr)
            code = 1
            continue
        game = game_of(row)
        for hand in hands:
            if wanted is None or hand.row.id in wanted:
                print(json.dumps(hand_record(game, match_id, hand).to_json(), separators=(",", ":")))
    return code
