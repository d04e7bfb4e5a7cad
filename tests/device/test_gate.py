"""The gate turns away anything too large, too deep, not JSON or of the wrong shape, with a
reason naming the sender, and never lets another exception through."""

from __future__ import annotations

import json
import logging
from collections.abc import Mapping

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from device.gate import Limits, RefusalLog, Refused, decode, read, text
from engine.errors import NotationError

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=30)


def test_an_object_passes_whole() -> None:
    assert decode(b'{"seat": "N", "cards": [1, 2]}', "table 3", "a sign-in") == {"seat": "N", "cards": [1, 2]}


@pytest.mark.parametrize("raw, reason", [
    (b"[" * 5000, "nested deeper than"),
    (b'{"a": ' * 30 + b"1" + b"}" * 30, "nested deeper than"),
    (b"x" * 70_000, "over the limit"),
    (b"\xff\xfe{}", "not UTF-8"),
    (b"{nope", "not JSON"),
    (b'{"a": NaN}', "not JSON"),
    (b'{"a": 1, "a": 2}', "given twice"),
    (b"[1, 2]", "not an object"),
])
def test_hostile_messages_are_refused_with_a_reason_naming_the_sender(raw: bytes, reason: str) -> None:
    with pytest.raises(Refused) as info:
        decode(raw, "table 3", "a hand result")
    assert reason in str(info.value)
    assert "from table 3" in str(info.value)
    assert len(str(info.value)) < 300  # a 10 MB message does not make a 10 MB line of log


def test_a_deep_message_is_refused_before_the_parser_recurses() -> None:
    with pytest.raises(Refused, match="nested deeper than 24"):
        decode(b"[" * 200_000, "table 3", "a hand result", Limits(max_bytes=10**6))


def test_brackets_inside_strings_do_not_count_as_nesting() -> None:
    raw = json.dumps({"name": "[" * 100 + "{" * 100, "x": '\\"['}).encode()
    assert decode(raw, "phone", "a name")["name"] == "[" * 100 + "{" * 100


def test_a_schema_complaint_becomes_a_refusal() -> None:
    def seat(data: Mapping[str, object]) -> int:
        return int(str(data["seat"]))
    assert read(b'{"seat": "3"}', "phone 1", "a seat", seat) == 3
    with pytest.raises(Refused, match="the field 'seat' is missing"):
        read(b"{}", "phone 1", "a seat", seat)
    with pytest.raises(Refused, match="invalid literal"):
        read(b'{"seat": "three"}', "phone 1", "a seat", seat)


@given(st.binary(max_size=400))
@settings(max_examples=300)
def test_random_bytes_pass_or_are_refused(raw: bytes) -> None:
    try:
        assert isinstance(decode(raw, "fuzz", "a message", Limits(max_bytes=300)), dict)
    except Refused:
        pass


@given(json_values)
@settings(max_examples=300)
def test_random_json_objects_within_the_limits_pass_unchanged(value: object) -> None:
    raw = json.dumps({"v": value}).encode()
    try:
        assert decode(raw, "fuzz", "a message") == {"v": value}
    except Refused as exc:
        assert "nested deeper" in exc.reason or "over the limit" in exc.reason


def test_a_flood_from_one_sender_logs_a_few_lines(caplog: pytest.LogCaptureFixture) -> None:
    log = RefusalLog(logging.getLogger("gate-test"), max_senders=4)
    with caplog.at_level(logging.WARNING, "gate-test"):
        for _ in range(1000):
            try:
                decode(b"[" * 100, "table 9", "a result")
            except Refused as exc:
                log.note(exc)
        for n in range(10):
            log.note(Refused(f"table {n}", "a result", "bad"))
    assert log.count("table 9") == 1  # its flood forgotten: more senders came than it remembers
    assert log.count("table 0") == 0
    assert len(caplog.records) < 25


def test_a_schema_complaint_quoting_a_huge_field_stays_one_short_line() -> None:
    def name(data: Mapping[str, object]) -> str:
        raise ValueError(f"not a name: {data['n']!r}")
    with pytest.raises(Refused) as info:
        read(json.dumps({"n": "x" * 50_000}).encode(), "table 3", "a name", name)
    assert "not a name: 'xxx" in str(info.value) and len(str(info.value)) < 400


def test_the_log_says_which_refusals_it_wrote() -> None:
    log = RefusalLog(logging.getLogger("gate-test"))
    written = [log.note(Refused("table 1", "a result", "bad")) for _ in range(9)]
    assert written == [True, True, False, True, False, False, False, True, False]  # the 1st, 2nd, 4th, 8th


@given(st.text(max_size=40))
def test_a_name_shown_to_people_is_printable_and_not_blank_or_refused(value: str) -> None:
    try:
        name = text(value, "a name", 20)
    except NotationError as exc:
        assert "a name should be" in str(exc)
        assert not value.strip() or not value.strip().isprintable() or len(value.strip()) > 20
    else:
        assert name == value.strip() and name and name.isprintable() and len(name) <= 20


def test_a_token_is_taken_exactly_as_sent_and_only_as_text() -> None:
    assert text(" ab\tc ", "a token", 8, as_sent=True) == " ab\tc "
    with pytest.raises(NotationError, match="a token should be at most 4 characters"):
        text("abcde", "a token", 4, as_sent=True)
    with pytest.raises(NotationError, match="a token should be text"):
        text(12, "a token", 4, as_sent=True)
