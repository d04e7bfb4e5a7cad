"""DDS's test-vector format (the deals its own test suite solves), parsed from text.

Each deal is a group of lines: ``PBN dealer vul trump first "deal"``, ``FUT``
(every card group's score from the opening position), ``TABLE`` (20 values:
strain by declarer), ``PLAY`` (cards as played) and ``TRACE`` (the value after
each card). See shared/dds-hands/FORMAT.md.
"""

from __future__ import annotations

from engine.cards import Card


def parse_dds_vectors(text: str) -> list[dict[str, object]]:
    deals: list[dict[str, object]] = []
    for line in text.splitlines():
        parts = line.split()
        if not parts:
            continue
        if parts[0] == "PBN":
            deals.append({"dealer": int(parts[1]), "trump": int(parts[3]),
                          "first": int(parts[4]), "pbn": line.split('"')[1]})
        elif parts[0] == "FUT":
            n = int(parts[1])
            v = [int(x) for x in parts[2:2 + 4 * n]]
            deals[-1]["fut"] = list(zip(v[:n], v[n:2 * n], v[2 * n:3 * n], v[3 * n:], strict=True))
        elif parts[0] == "TABLE":
            deals[-1]["table"] = [int(x) for x in parts[1:21]]
        elif parts[0] == "PLAY":
            cards = line.split('"')[1]
            deals[-1]["play"] = [int(Card(cards[i:i + 2])) for i in range(0, len(cards), 2)]
        elif parts[0] == "TRACE":
            deals[-1]["trace"] = [int(x) for x in parts[2:]]
    return deals


def trick_winner(trick: list[int], leader: int, trump: int) -> int:
    """Seat (0..3) winning a complete trick of card ints led by ``leader``."""
    from engine.seats import Seat
    from engine.trick import Trick

    return int(Trick(Seat(leader), tuple(Card(c) for c in trick)).winner(trump))
