"""Enrolling a real deck: tag -> card, guided card by card, refusals, re-enrolment."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from device.enrolment import ENROL_ORDER, Enrolment, EnrolmentError, EnrolmentFlow
from engine.errors import NotationError


def tag_of(i: int) -> str:
    return f"{0x0A00000000 + i:010X}"


def test_the_flow_asks_for_all_52_cards_in_turn():
    enrolment = Enrolment()
    flow = EnrolmentFlow(enrolment)
    asked = []
    while (card := flow.next_card()) is not None:
        asked.append(card)
        result = flow.scan(tag_of(len(asked)))
        assert result.accepted, result.message
        assert result.card == card
    assert asked == list(ENROL_ORDER)
    assert len(set(asked)) == 52
    assert asked[:3] == ["SA", "SK", "SQ"] and asked[-1] == "C2"
    assert enrolment.complete and flow.done
    assert flow.progress == (52, 52)
    assert enrolment.card_for(tag_of(3)) == "SQ"
    assert enrolment.card_for(tag_of(3).lower()) == "SQ"
    assert enrolment.card_for("FFFFFFFFFF") is None


def test_prompt_names_the_card_to_lay():
    flow = EnrolmentFlow(Enrolment())
    assert flow.prompt() == "lay the ace of spades (SA) on the reader (0 of 52 enrolled)"


def test_a_tag_scanned_for_a_second_card_is_refused():
    flow = EnrolmentFlow(Enrolment())
    assert flow.scan(tag_of(1)).accepted  # SA
    again = flow.scan(tag_of(1))  # the ace is still on the reader
    assert not again.accepted
    assert again.card == "SK"  # still asking for the king
    assert "already SA (ace of spades)" in again.message
    assert "lay the king of spades (SK)" in again.message
    assert flow.next_card() == "SK"


def test_a_card_given_a_second_tag_is_refused_outside_re_enrolment():
    enrolment = Enrolment({tag_of(1): "SA"})
    with pytest.raises(EnrolmentError, match="already has tag 0A00000001"):
        enrolment.enrol(tag_of(2), "SA")
    with pytest.raises(EnrolmentError, match="already enrolled as SA"):
        enrolment.enrol(tag_of(1), "HK")
    # Both are ValueErrors a caller can catch as bad notation.
    assert issubclass(EnrolmentError, NotationError)
    assert issubclass(EnrolmentError, ValueError)
    assert enrolment.to_dict()["tags"] == {tag_of(1): "SA"}


def test_one_card_can_be_re_enrolled():
    enrolment = Enrolment({tag_of(1): "SA", tag_of(2): "SK"})
    flow = EnrolmentFlow(enrolment)
    assert flow.next_card() == "SQ"  # only the missing cards are asked
    assert flow.reenrol("ks") == "SK"
    assert flow.next_card() == "SK"
    refused = flow.scan(tag_of(1))  # that is the ace's tag
    assert not refused.accepted and "already SA" in refused.message
    result = flow.scan(tag_of(99))
    assert result.accepted and result.replaced_tag == tag_of(2)
    assert "old tag 0A00000002 is forgotten" in result.message
    assert enrolment.card_for(tag_of(99)) == "SK"
    assert enrolment.card_for(tag_of(2)) is None  # the old sticker means nothing now
    assert flow.next_card() == "SQ"


def test_skip_comes_back_to_the_card_later():
    flow = EnrolmentFlow(Enrolment(), order=["SA", "SK", "SQ"])
    assert flow.skip() == "SK"
    flow.scan(tag_of(1))
    flow.scan(tag_of(2))
    assert flow.next_card() == "SA"


def test_scanning_when_everything_is_enrolled_explains():
    enrolment = Enrolment({tag_of(i): c for i, c in enumerate(ENROL_ORDER)})
    flow = EnrolmentFlow(enrolment)
    assert flow.done and flow.next_card() is None
    result = flow.scan(tag_of(0))
    assert not result.accepted and "that is SA (ace of spades)" in result.message


def test_round_trip_through_json(tmp_path):
    changes = []
    enrolment = Enrolment(on_change=lambda e: changes.append(len(e)))
    enrolment.enrol(tag_of(5), "HT")
    enrolment.enrol(tag_of(6), "sa")
    enrolment.forget("HT")
    assert changes == [1, 2, 1]
    path = tmp_path / "deck.json"
    enrolment.save_json(path)
    assert json.loads(path.read_text()) == {"version": 1, "tags": {tag_of(6): "SA"}}
    again = Enrolment.load_json(path)
    assert again == enrolment
    assert Enrolment.from_dict(json.loads(json.dumps(again.to_dict()))) == enrolment


def test_broken_data_is_refused_with_a_reason(tmp_path):
    with pytest.raises(EnrolmentError, match="not a card"):
        Enrolment.from_dict({"version": 1, "tags": {tag_of(1): "ZZ"}})
    with pytest.raises(EnrolmentError, match="version"):
        Enrolment.from_dict({"version": 7, "tags": {}})
    with pytest.raises(EnrolmentError, match="maps tag ids to cards"):
        Enrolment.from_dict({"tags": ["AB"]})
    path = tmp_path / "deck.json"
    path.write_text("{not json")
    with pytest.raises(EnrolmentError, match="not a valid enrolment file"):
        Enrolment.load_json(path)
    flow = EnrolmentFlow(Enrolment())
    assert not flow.scan("   ").accepted


@settings(max_examples=100, deadline=None)
@given(
    steps=st.lists(
        st.tuples(st.integers(0, 60), st.sampled_from(ENROL_ORDER), st.booleans()), max_size=80
    )
)
def test_one_tag_per_card_and_one_card_per_tag_whatever_happens(steps):
    enrolment = Enrolment()
    for tag_i, card, replace in steps:
        try:
            enrolment.enrol(tag_of(tag_i), card, replace=replace)
        except EnrolmentError:
            pass
    tags = enrolment.to_dict()["tags"]
    assert len(set(tags.values())) == len(tags)
    for tag, card in tags.items():
        assert enrolment.card_for(tag) == card and enrolment.tag_for(card) == tag
