"""PBN files: games of tag pairs, their sections, and whist boards read from them.

A PBN file (Portable Bridge Notation, version 2.1) is a list of games
separated by empty lines; a game is tag pairs ``[Name "value"]``, some
followed by a section (the play's card lines, a table's rows). ``%`` starts a
line the reader skips, ``;`` a comment to the end of the line, ``{...}`` a
comment that may run over lines. A value ``#`` repeats the previous game's
value of the same tag.

:func:`parse_pbn` reads any such file; :func:`read_boards` takes the whist
deals from it (the dealer, the four hands, trumps where the file gives them),
whatever program wrote it: our exports, or hand records with no play. A
bad file raises :class:`~engine.errors.NotationError` naming the line and
what is wrong. :func:`format_game` writes a game back. Files are read and
written by device/; this module only turns text into values and back.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from engine.cards import STRAINS, SUITS, Card, parse_card
from engine.deal import Deal, DealRecord, describe_action
from engine.errors import NotationError, RulesError, WhistError
from engine.pbn import Hands, parse_hand
from engine.scoring import HandScore
from engine.seats import SEAT_NAMES, SEATS, Seat

UNKNOWN = "?"  # PBN's value for "not known"
REPEAT = "#"  # PBN's value for "as in the previous game"


@dataclass(frozen=True)
class Tag:
    """One tag pair; ``section`` holds the tokens of the lines after it (a play
    section's cards, a table's cells), one tuple a line."""

    name: str
    value: str
    line: int
    section: tuple[tuple[str, ...], ...] = ()


@dataclass(frozen=True)
class PbnGame:
    """One game of a PBN file: its tags in order; ``line`` is where it starts."""

    tags: tuple[Tag, ...]
    line: int

    def tag(self, name: str) -> Tag | None:
        """The tag called ``name`` (any case), or None."""
        low = name.lower()
        return next((t for t in self.tags if t.name.lower() == low), None)

    def value(self, name: str) -> str | None:
        """The tag's value; None when it is missing, empty or ``?``."""
        t = self.tag(name)
        if t is None or t.value.strip() in ("", UNKNOWN):
            return None
        return t.value.strip()


# ----- reading ---------------------------------------------------------------------


@dataclass(frozen=True)
class _Token:
    kind: str  # "[", "]", "str", "word", "blank"
    text: str
    line: int


def _tokens(text: str) -> list[_Token]:
    """The file as tokens; an empty line (outside a comment) is a "blank" token."""
    out: list[_Token] = []
    line = 1
    i, n = 0, len(text)
    at_line_start = True
    line_has_token = False
    while i < n:
        ch = text[i]
        if at_line_start and ch == "%":
            while i < n and text[i] != "\n":
                i += 1
            continue
        if ch == "\n":
            if at_line_start and not line_has_token:
                out.append(_Token("blank", "", line))
            line += 1
            i += 1
            at_line_start, line_has_token = True, False
            continue
        if ch in " \t\r\f\v\ufeff":
            i += 1
            continue
        at_line_start = False
        if ch == ";":
            while i < n and text[i] != "\n":
                i += 1
            continue
        if ch == "{":
            start = line
            i += 1
            while i < n and text[i] != "}":
                if text[i] == "\n":
                    line += 1
                i += 1
            if i >= n:
                raise NotationError(f"line {start}: a comment opened with {{ is never closed with }}")
            i += 1
            line_has_token = True  # a comment line does not end the game
            continue
        line_has_token = True
        if ch in "[]":
            out.append(_Token(ch, ch, line))
            i += 1
            continue
        if ch == '"':
            start = line
            i += 1
            buf = []
            while i < n and text[i] != '"':
                if text[i] == "\\" and i + 1 < n and text[i + 1] in '"\\':
                    i += 1
                elif text[i] == "\n":
                    raise NotationError(f"line {start}: a tag value's quotes are not closed on its line")
                buf.append(text[i])
                i += 1
            if i >= n:
                raise NotationError(f"line {start}: a tag value's quotes are not closed")
            i += 1
            out.append(_Token("str", "".join(buf), line))
            continue
        j = i
        while j < n and text[j] not in ' \t\r\n[]";{':
            j += 1
        out.append(_Token("word", text[i:j], line))
        i = j
    return out


def parse_pbn(text: str) -> tuple[PbnGame, ...]:
    """Every game of a PBN file, in order. Raises NotationError with the line."""
    if not isinstance(text, str):
        raise NotationError(f"a PBN file is text, not {type(text).__name__}")
    games: list[PbnGame] = []
    tags: list[Tag] = []
    previous: dict[str, str] = {}
    start = 0
    toks = _tokens(text)
    i = 0

    def close() -> None:
        nonlocal tags
        if tags:
            games.append(PbnGame(tuple(tags), start))
            previous.update({t.name: t.value for t in tags})
        tags = []

    while i < len(toks):
        tok = toks[i]
        if tok.kind == "blank":
            close()
            i += 1
            continue
        if tok.kind != "[":
            where = f"after the tag {tags[-1].name}" if tags else "before any tag"
            raise NotationError(f"line {tok.line}: {tok.text!r} {where}: a game is tag pairs "
                                "like [Deal \"N:...\"], a tag's section follows it")
        if not tags:
            start = tok.line
        name, value, end = (toks[i + 1] if i + 1 < len(toks) else None,
                            toks[i + 2] if i + 2 < len(toks) else None,
                            toks[i + 3] if i + 3 < len(toks) else None)
        if name is None or name.kind != "word" or not name.text[:1].isalnum():
            raise NotationError(f"line {tok.line}: a tag pair needs a name after '[': "
                                "write [Name \"value\"]")
        if value is None or value.kind != "str":
            raise NotationError(f"line {tok.line}: the tag {name.text} needs its value in double "
                                f"quotes: [{name.text} \"...\"]")
        if end is None or end.kind != "]":
            raise NotationError(f"line {tok.line}: the tag {name.text} is not closed with ']'")
        text_value = value.text
        if text_value == REPEAT:
            if name.text not in previous:
                raise NotationError(f"line {tok.line}: the tag {name.text} is \"#\" (as before), "
                                    "but no earlier game has it")
            text_value = previous[name.text]
        i += 4
        rows: dict[int, list[str]] = {}
        while i < len(toks) and toks[i].kind in ("word", "str"):
            rows.setdefault(toks[i].line, []).append(toks[i].text)
            i += 1
        tags.append(Tag(name.text, text_value, tok.line, tuple(tuple(r) for r in rows.values())))
    close()
    return tuple(games)


# ----- writing ---------------------------------------------------------------------


def format_tag(name: str, value: object, section: Iterable[Sequence[str]] = ()) -> str:
    """``[Name "value"]`` and its section's lines (no final newline)."""
    if not name[:1].isalnum() or any(not (c.isalnum() or c == "_") for c in name):
        raise NotationError(f"{name!r} cannot be a PBN tag name: letters, digits and _ only")
    text = str(value)
    if '"' in text or "\n" in text:
        # Readers differ on escaped quotes; a value is written without them.
        raise NotationError(f"the value of {name} must not hold a double quote or a line break: {text!r}")
    lines = [f'[{name} "{text}"]']
    lines += [" ".join(row) for row in section]
    return "\n".join(lines)


def format_game(tags: Iterable[Tag]) -> str:
    """One game: every tag and section, a line each, ending with a newline."""
    return "\n".join(format_tag(t.name, t.value, t.section) for t in tags) + "\n"


def format_file(games: Iterable[PbnGame], creator: str = "whist-table") -> str:
    """A whole file: the version line, then the games separated by empty lines."""
    return f"% PBN 2.1\n% EXPORT\n% Creator: {creator}\n\n" + "\n".join(
        format_game(g.tags) for g in games)


# ----- whist boards ----------------------------------------------------------------


@dataclass(frozen=True)
class Board:
    """A deal as a file gives it: ``trump`` and ``trump_card`` None where it gives none."""

    number: int | None
    line: int
    dealer: Seat | None
    hands: Hands
    trump: int | None = None
    trump_card: Card | None = None
    game: str | None = None  # the WhistGame tag, where the file was written by a whist table

    @property
    def where(self) -> str:
        board = f"board {self.number}" if self.number is not None else "a board"
        return f"{board} (line {self.line})"


def _deal_hands(tag: Tag) -> Hands:
    """The Deal tag's hands: a hand may be "-" (not given) when the others
    hold 39 cards, and the missing one is the rest of the pack."""
    text = tag.value.strip()
    if len(text) < 2 or text[1] != ":":
        raise NotationError(f"line {tag.line}: the Deal {text!r} must start with a seat and a colon, "
                            "e.g. N:AKQ.J98.7654.32 ...")
    try:
        first = Seat.parse(text[0])
    except WhistError as exc:
        raise NotationError(f"line {tag.line}: the Deal starts with {text[0]!r}: {exc}") from exc
    parts = text[2:].split()
    if len(parts) != 4:
        raise NotationError(f"line {tag.line}: the Deal has {len(parts)} hand(s); it needs 4 "
                            "(\"-\" for one not given)")
    hands: list[frozenset[Card] | None] = [None] * 4
    owner: dict[Card, Seat] = {}
    for k, part in enumerate(parts):
        seat = first.offset(k)
        if part == "-":
            continue
        try:
            given = parse_hand(part)
        except NotationError as exc:
            raise NotationError(f"line {tag.line}: {SEAT_NAMES[seat]}'s hand: {exc}") from exc
        for card in sorted(given, reverse=True):
            if card in owner:
                raise NotationError(f"line {tag.line}: {card} is in both {SEAT_NAMES[owner[card]]}'s "
                                    f"and {SEAT_NAMES[seat]}'s hands")
            owner[card] = seat
        hands[seat] = given
    missing = [s for s in SEATS if hands[s] is None]
    if len(missing) > 1:
        raise NotationError(f"line {tag.line}: the Deal gives {4 - len(missing)} hands; a deal to "
                            "play needs all four (or three, the fourth being the rest)")
    if missing:
        rest = frozenset(Card(i) for i in range(52)) - frozenset(owner)
        hands[missing[0]] = rest
    for seat in SEATS:
        hand = hands[seat]
        assert hand is not None
        if len(hand) != 13:
            raise NotationError(f"line {tag.line}: {SEAT_NAMES[seat]} has {len(hand)} cards; "
                                "each hand needs 13")
    n, e, s, w = (h for h in hands if h is not None)
    return (n, e, s, w)


def _strain_of_contract(value: str) -> int | None:
    """The strain of a contract like ``1H``, ``4SX``, ``3NT``; None for a pass."""
    v = value.strip().upper()
    if not v or v in ("PASS", "AP") or not v[0].isdigit():
        return None
    body = v[1:].rstrip("X")
    if body in ("NT", "N"):
        return 4
    if len(body) == 1 and body in SUITS:
        return SUITS.index(body)
    raise NotationError(f"{value!r} is not a contract: a level and a strain, e.g. 1H, 3NT, 4SX")


def read_board(game: PbnGame) -> Board:
    """The whist deal of one game: its Deal, Dealer and trumps (a TrumpCard,
    a Trump tag, else a Contract's suit)."""
    deal = game.tag("Deal")
    if deal is None or deal.value.strip() in ("", UNKNOWN):
        raise NotationError(f"line {game.line}: this game has no Deal tag: each board needs its "
                            "four hands, [Deal \"N:... ... ... ...\"]")
    hands = _deal_hands(deal)
    number: int | None = None
    board_tag = game.tag("Board")
    if board_tag is not None and board_tag.value.strip() not in ("", UNKNOWN):
        try:
            number = int(board_tag.value.strip())
        except ValueError:
            raise NotationError(f"line {board_tag.line}: the Board {board_tag.value!r} "
                                "is not a number") from None
    dealer: Seat | None = None
    dealer_tag = game.tag("Dealer")
    if dealer_tag is not None and game.value("Dealer") is not None:
        try:
            dealer = Seat.parse(dealer_tag.value.strip())
        except WhistError as exc:
            raise NotationError(f"line {dealer_tag.line}: the Dealer: {exc}") from exc
    trump: int | None = None
    turned: Card | None = None
    try:
        if game.value("TrumpCard") is not None:
            turned = parse_card(game.value("TrumpCard") or "")
            trump = turned.suit
        elif game.value("Trump") is not None:
            trump = STRAINS.index(_one_strain(game.value("Trump") or ""))
        elif game.value("Contract") is not None:
            trump = _strain_of_contract(game.value("Contract") or "")
    except NotationError as exc:
        which = next(t for t in ("TrumpCard", "Trump", "Contract") if game.value(t) is not None)
        tag = game.tag(which)
        assert tag is not None
        raise NotationError(f"line {tag.line}: the {which}: {exc}") from exc
    if turned is not None and dealer is not None and turned not in hands[dealer]:
        tag = game.tag("TrumpCard")
        assert tag is not None
        raise NotationError(f"line {tag.line}: the turned card {turned} is not in the dealer "
                            f"{SEAT_NAMES[dealer]}'s hand")
    return Board(number, game.line, dealer, hands, trump, turned, game.value("WhistGame"))


def _one_strain(text: str) -> str:
    t = text.strip().upper()
    t = {"NT": "N", "NOTRUMP": "N", "NOTRUMPS": "N"}.get(t, t)
    if len(t) != 1 or t not in STRAINS:
        raise NotationError(f"{text!r} is not a trump: use S, H, D, C or N (no trump)")
    return t


def read_boards(text: str) -> tuple[Board, ...]:
    """Every board of a PBN file that holds a deal. A file with none is an error."""
    games = parse_pbn(text)
    boards = tuple(read_board(g) for g in games if g.tag("Deal") is not None or g.tag("Board") is not None)
    if not boards:
        raise NotationError("the file holds no deal: a PBN board has a [Deal \"N:...\"] tag")
    return boards


def turned_for(board: Board, dealer: Seat, seed: int | str | None) -> Card:
    """The card turned for trumps when a file gives no trumps: classic whist turns
    the dealer's last card; which of the dealer's 13 that was, a file of hands does
    not say, so it is drawn from them (the same each time for the same seed)."""
    cards = sorted(board.hands[dealer])
    return random.Random(f"{seed}:turned:{board.number}:{board.line}").choice(cards)


def check_board_game(game: str) -> None:
    """Refuse a game whose hands a file of deals cannot give (a file holds four hands of 13)."""
    from engine.games import GAMES, get_game  # the registry's games import this module

    if not get_game(game).plays_boards:
        titles = " or ".join(g.title for g in GAMES.values() if g.plays_boards)
        raise NotationError(f"deals from a file are played in {titles}, not {game}")


def board_record(board: Board, game: str, rules: object, hand_number: int,
                 seed: int | str | None = None, dealer: Seat | None = None) -> DealRecord:
    """The deal record to play ``board`` as hand ``hand_number`` (0-based) of a
    match of ``game`` under ``rules``: the file's dealer (else ``dealer``), the
    file's trumps where the game lets a deal choose them, else the rules'."""
    seat = board.dealer if board.dealer is not None else dealer
    if seat is None:
        raise NotationError(f"{board.where} names no dealer and none was given")
    from engine.games import get_game  # the registry's games import this module

    check_board_game(game)
    try:
        return get_game(game).board_record(board.hands, seat, rules, hand_number, board.trump,
                                           board.trump_card, lambda: turned_for(board, seat, seed))
    except RulesError as exc:
        raise NotationError(f"{board.where}: {exc}") from exc


def tags_text(values: Mapping[str, object]) -> str:
    """Settings as one tag value: ``key=value`` pairs separated by spaces."""
    out = []
    for k, v in values.items():
        text = str(v).lower() if isinstance(v, bool) else str(v)
        if " " in text or "=" in text or '"' in text:
            raise NotationError(f"the setting {k}={text!r} cannot be written in a tag value")
        out.append(f"{k}={text}")
    return " ".join(out)


def parse_tags_text(text: str) -> dict[str, str]:
    """The other way: ``target=5 honours=false`` to a dict of texts."""
    out = {}
    for part in text.split():
        k, sep, v = part.partition("=")
        if not sep or not k:
            raise NotationError(f"{part!r} is not a setting: write key=value")
        out[k] = v
    return out


# ----- a played deal as tags -----------------------------------------------------------


def declarer_of(deal: Deal) -> Seat:
    """The seat PBN calls the declarer: the one on the first leader's right, so
    a reader that leads from the declarer's left finds our first leader (classic
    whist: the dealer; Norwegian whist: the bidder of a grand, the bidder's
    partner of a nullo)."""
    return deal.current.leader.offset(-1) if not deal.tricks else deal.tricks[0].leader.offset(-1)


def contract_of(deal: Deal) -> str:
    """A one-level contract in the hand's trumps: ``1H``, ``1NT``."""
    return "1NT" if deal.trump == 4 else f"1{SUITS[deal.trump]}"


def _pair(pair: Sequence[int]) -> str:
    return f"NS {pair[0]} EW {pair[1]}"


def play_tags(deal: Deal, score: HandScore | None = None, line: int = 0) -> list[Tag]:
    """The tags of a played hand after its Deal: the standard Declarer, Contract,
    Result and Play (with its section of card lines), then our own for what
    PBN has no word for (the trumps and the turned card, tricks, score, honours,
    revokes, a Norwegian auction). The play section has a column per seat from
    the first leader; a card not played is "-", a claim ends it with "*"."""
    declarer = declarer_of(deal)
    tricks = deal.tricks_taken()
    out = [Tag("Declarer", declarer.name, line), Tag("Contract", contract_of(deal), line)]
    if deal.is_over:
        out.append(Tag("Result", str(tricks[declarer.side]), line))
    first = declarer.offset(1)
    rows = []
    for trick in [*deal.tricks, *([deal.current] if deal.current.cards else [])]:
        by_seat = {seat: str(card) for seat, card in trick.plays()}
        rows.append(tuple(by_seat.get(first.offset(i), "-") for i in range(4)))
    if deal.claim is not None:
        rows.append(("*",))
    if deal.auction:
        words = " ".join(f"{a.seat.name} {describe_action(a).replace(' ', '-')}" for a in deal.auction)
        out.append(Tag("WhistAuction", words, line))
    out.append(Tag("Play", first.name, line, tuple(rows)))
    out.append(Tag("Trump", STRAINS[deal.trump], line))
    if deal.record.trump_card is not None:
        out.append(Tag("TrumpCard", str(deal.record.trump_card), line))
    out += [Tag("TricksNS", str(tricks[0]), line), Tag("TricksEW", str(tricks[1]), line)]
    if score is not None:
        out.append(Tag("Score", _pair(score.points), line))
        if score.honours != (0, 0) or score.honours_held != (0, 0):
            out.append(Tag("Honours", f"{_pair(score.honours)} held {_pair(score.honours_held)}", line))
        if score.revokes:
            text = "; ".join(f"{r.seat.name} {SUITS[r.suit]} trick {r.trick} proven {r.proven_in}"
                             for r in score.revokes)
            out.append(Tag("Revokes", f"{text}; penalty {_pair(score.penalty)}", line))
        out.append(Tag("GameScore", _pair(score.game_after), line))
        if score.game_won_by is not None:
            out.append(Tag("GameWon", "NS" if score.game_won_by == 0 else "EW", line))
    return out


__all__ = ["Board", "PbnGame", "Tag", "board_record", "check_board_game", "contract_of", "declarer_of",
           "format_file", "format_game", "format_tag", "parse_pbn", "parse_tags_text", "play_tags",
           "read_board", "read_boards", "tags_text", "turned_for"]
