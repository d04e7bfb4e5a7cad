"""The reader's byte-stream decoders: real frames, damaged frames, fuzzing."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from device.reader import (
    CardRead,
    Dropped,
    LinesParser,
    PlacementFilter,
    Rdm6300Parser,
    TagRead,
    make_parser,
    rdm6300_frame,
)
from device.reader import protocols as p

# A frame as an RDM6300 sends it for the tag 0x0A1B2C3D4E: the checksum is
# 0A ^ 1B ^ 2C ^ 3D ^ 4E = 0x4E... worked out by hand below, not by our code.
TAG = "0A1B2C3D4E"
FRAME = b"\x02" + b"0A1B2C3D4E" + b"%02X" % (0x0A ^ 0x1B ^ 0x2C ^ 0x3D ^ 0x4E) + b"\x03"


def feed_all(parser, chunks):
    out = []
    for chunk in chunks:
        out.extend(parser.feed(chunk))
    return out


def tags(results):
    return [r.tag for r in results if isinstance(r, TagRead)]


def is_subsequence(wanted, found):
    it = iter(found)
    return all(any(f == w for f in it) for w in wanted)


def reasons(results):
    return [r.reason for r in results if isinstance(r, Dropped)]


def test_frame_builder_matches_the_hand_made_frame():
    assert rdm6300_frame(TAG) == FRAME
    assert len(FRAME) == 14


def test_a_good_frame_is_a_tag():
    parser = Rdm6300Parser()
    assert parser.feed(FRAME) == [TagRead(TAG)]
    assert parser.dropped == 0


def test_lower_case_hex_is_read_as_the_same_tag():
    parser = Rdm6300Parser()
    assert parser.feed(FRAME.lower()) == [TagRead(TAG)]


def test_split_reads_make_one_frame():
    parser = Rdm6300Parser()
    results = feed_all(parser, [FRAME[:1], FRAME[1:6], FRAME[6:13], FRAME[13:]])
    assert results == [TagRead(TAG)]
    results = feed_all(parser, [bytes([b]) for b in FRAME * 2])
    assert tags(results) == [TAG, TAG]


def test_wrong_checksum_is_dropped_and_counted():
    bad = FRAME[:11] + (b"00" if FRAME[11:13] != b"00" else b"11") + b"\x03"
    parser = Rdm6300Parser()
    assert reasons(parser.feed(bad)) == [p.BAD_CHECKSUM]
    assert parser.dropped == 1
    assert parser.feed(FRAME) == [TagRead(TAG)]  # the next good frame still reads


def test_damaged_frames_each_give_their_reason():
    parser = Rdm6300Parser()
    assert reasons(parser.feed(b"\x020A1BZZ3D4E00\x03")) == [p.BAD_HEX]
    assert reasons(parser.feed(FRAME[:13] + b"\x7f")) == [p.NO_END_BYTE]
    assert reasons(parser.feed(b"hello")) == [p.NOISE]
    # A frame cut short by the next one: the half is dropped, the whole one read.
    results = parser.feed(FRAME[:7] + FRAME)
    assert reasons(results) == [p.HALF_FRAME] and tags(results) == [TAG]
    # A half frame at the end of a burst is dropped once the line goes quiet.
    assert parser.feed(FRAME[:9]) == []
    assert reasons(parser.idle()) == [p.HALF_FRAME]
    assert parser.idle() == []
    assert parser.dropped == 5


def test_repeated_frames_are_one_placement_until_the_tag_is_away():
    # The reader repeats the frame about every 50 ms while the tag lies there.
    seen = PlacementFilter(gap=0.3)
    t = 0.0
    counted = 0
    for _ in range(20):
        counted += seen.is_new(TAG, t)
        t += 0.05
    assert counted == 1
    t += 0.5  # lifted for half a second, then laid again
    assert seen.is_new(TAG, t)
    assert seen.is_new("1122334455", t + 0.05)  # another card counts at once
    assert seen.repeats == 19


def test_lines_read_card_codes_and_tags():
    parser = LinesParser()
    results = parser.feed(b"SQ\r\nqs\n10H\rD2\n0a1b2c3d4e\r\n")
    assert results == [
        CardRead("SQ", "SQ"),
        CardRead("SQ", "qs"),
        CardRead("HT", "10H"),
        CardRead("D2", "D2"),
        TagRead("0A1B2C3D4E"),
    ]
    assert parser.dropped == 0


def test_lines_drop_what_is_neither_card_nor_tag():
    parser = LinesParser()
    results = parser.feed(b"hello\n" + b"X" * 100 + b"\nS\xffQ\nSK\n")
    assert reasons(results) == [p.NOT_A_CARD, p.OVERLONG, p.GARBAGE]
    assert results[-1] == CardRead("SK", "SK")
    assert parser.feed(b"S") == []
    assert reasons(parser.idle()) == [f"{p.HALF_LINE} (no end of line)"]
    assert parser.dropped == 4


def test_lines_split_anywhere():
    parser = LinesParser()
    data = b"SA\r\nHK\n"
    assert feed_all(parser, [bytes([b]) for b in data]) == [
        CardRead("SA", "SA"),
        CardRead("HK", "HK"),
    ]


def test_unknown_protocol_is_refused_with_the_choices():
    try:
        make_parser("pn999")
    except ValueError as exc:
        assert "lines or rdm6300" in str(exc)
    else:
        raise AssertionError("no error")


# -- fuzzing -------------------------------------------------------------------

tag_hex = st.binary(min_size=5, max_size=5).map(lambda b: b.hex().upper())
# Any bytes at all, start bytes included: a real frame's start byte always
# resynchronises the decoder, so noise before it cannot hide it.
noise = st.binary(max_size=40)


@settings(max_examples=300, deadline=None)
@given(data=st.binary(max_size=300), cuts=st.lists(st.integers(0, 300), max_size=8))
def test_rdm6300_never_raises_on_arbitrary_bytes(data, cuts):
    parser = Rdm6300Parser()
    bounds = sorted({0, len(data), *[c for c in cuts if c <= len(data)]})
    results = feed_all(parser, [data[a:b] for a, b in zip(bounds, bounds[1:], strict=False)])
    results += parser.idle()
    assert all(isinstance(r, TagRead | Dropped) for r in results)
    assert parser.dropped == len(reasons(results))
    for r in results:
        if isinstance(r, TagRead):
            assert len(r.tag) == 10


@settings(max_examples=300, deadline=None)
@given(
    pieces=st.lists(st.tuples(noise, tag_hex), min_size=1, max_size=6),
    tail=noise,
    cut=st.integers(1, 13),
)
def test_rdm6300_finds_valid_frames_inside_noise(pieces, tail, cut):
    stream = b"".join(n + rdm6300_frame(t) for n, t in pieces) + tail
    parser = Rdm6300Parser()
    results = feed_all(parser, [stream[i : i + cut] for i in range(0, len(stream), cut)])
    results += parser.idle()
    assert is_subsequence([t for _, t in pieces], tags(results))
    assert parser.dropped == len(reasons(results))


@settings(max_examples=300, deadline=None)
@given(data=st.binary(max_size=300), cuts=st.lists(st.integers(0, 300), max_size=8))
def test_lines_never_raise_on_arbitrary_bytes(data, cuts):
    parser = LinesParser()
    bounds = sorted({0, len(data), *[c for c in cuts if c <= len(data)]})
    results = feed_all(parser, [data[a:b] for a, b in zip(bounds, bounds[1:], strict=False)])
    results += parser.idle()
    assert all(isinstance(r, TagRead | CardRead | Dropped) for r in results)
    assert parser.dropped == len(reasons(results))


card_codes = st.sampled_from(["SA", "HK", "DQ", "CJ", "ST", "10H", "2c", "qs", "H9"])
line_noise = st.binary(max_size=100)  # long enough to be an overlong line at times


@settings(max_examples=300, deadline=None)
@given(
    pieces=st.lists(st.tuples(line_noise, card_codes), min_size=1, max_size=6),
    cut=st.integers(1, 9),
)
def test_lines_find_card_codes_between_noise_lines(pieces, cut):
    # Whatever garbage came before, a line end makes the card its own line.
    stream = b"".join(n + b"\r\n" + c.encode() + b"\n" for n, c in pieces)
    parser = LinesParser()
    results = feed_all(parser, [stream[i : i + cut] for i in range(0, len(stream), cut)])
    found = [r.text for r in results if isinstance(r, CardRead)]
    # Every card line is found, in order (a noise line may happen to be a card too).
    assert is_subsequence([c for _, c in pieces], found)


# -- lines: only a whole, well-formed line in step counts ---------------------------


def test_lines_six_megabytes_of_noise_read_no_card():
    # Random bytes hold short printable lines now and then ("6H" between two
    # line ends, in this very stream): none may read as a card or a tag.
    import random

    data = random.Random(1).randbytes(6 * 1024 * 1024)
    parser = LinesParser()
    results = feed_all(parser, [data[i : i + 4096] for i in range(0, len(data), 4096)])
    results += parser.idle()
    assert [r for r in results if not isinstance(r, Dropped)] == []
    assert parser.dropped_bytes >= len(data) - 4096


def test_lines_a_card_inside_a_stream_of_garbage_waits_for_a_quiet_line():
    parser = LinesParser()
    garbage = b"\x00\xff" * 200
    results = parser.feed(garbage + b"\r\nH6\r\n" + b"\xfe" * 10 + b"\nSQ\n")
    assert not [r for r in results if isinstance(r, CardRead)]
    # The line goes quiet: what was skipped is reported, and the parser is back in step.
    skipped = parser.idle()
    assert reasons(skipped) == [p.OUT_OF_STEP] and skipped[0].nbytes > 0
    assert parser.feed(b"H6\r\n") == [CardRead("H6", "H6")]
    assert parser.dropped_bytes >= len(garbage)


high_bytes = st.binary(min_size=LinesParser.JUNK_LIMIT + 1, max_size=600).map(
    lambda b: bytes(x | 0x80 for x in b)  # never printable, never a line end
)


@settings(max_examples=100, deadline=None)
@given(garbage=high_bytes, card=card_codes, after=st.binary(max_size=50), cut=st.integers(1, 97))
def test_lines_after_a_burst_of_garbage_nothing_counts_until_quiet(garbage, card, after, cut):
    stream = garbage + b"\r\n" + card.encode() + b"\r\n" + after + b"\n" + card.encode() + b"\n"
    parser = LinesParser()
    results = feed_all(parser, [stream[i : i + cut] for i in range(0, len(stream), cut)])
    assert all(isinstance(r, Dropped) for r in results)
    results = parser.idle() + parser.feed(card.encode() + b"\r\n")
    assert [r.text for r in results if isinstance(r, CardRead)] == [card]
