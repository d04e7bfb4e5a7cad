"""The one input queue: bounded, and never silent about what it could not take."""

from __future__ import annotations

import logging

from device.events import Action, ButtonEvent, EventQueue

PRESS = ButtonEvent(Action.SELECT)


def test_a_full_queue_refuses_counts_and_says_so(caplog):
    events = EventQueue(maxsize=2)
    with caplog.at_level(logging.WARNING, logger="device.events"):
        assert events.post(PRESS) and events.post(PRESS)
        assert not events.post(PRESS)
        assert not events.post(PRESS)
    assert events.dropped == 2
    # Said once when the losses start, not once per event.
    assert [r.getMessage() for r in caplog.records] == [
        "input queue full (2 events): events are being dropped"
    ]
    caplog.clear()
    with caplog.at_level(logging.WARNING, logger="device.events"):
        assert events.drain() == [PRESS, PRESS]
        assert events.drain() == []
    # The consumer (the app, once a frame) hears how many were lost, once.
    assert [r.getMessage() for r in caplog.records] == [
        "2 input events were dropped: the queue was full"
    ]
    assert events.take_dropped() == 0


def test_take_dropped_counts_since_the_last_call():
    events = EventQueue(maxsize=1)
    events.post(PRESS)
    events.post(PRESS)
    assert events.take_dropped() == 1
    assert events.take_dropped() == 0
    events.post(PRESS)
    assert events.take_dropped() == 1
    assert events.dropped == 2


def test_has_room_keeps_half_the_queue_for_what_matters():
    events = EventQueue(maxsize=4)
    assert events.has_room()
    events.post(PRESS)
    assert events.has_room()
    events.post(PRESS)
    assert not events.has_room()
    assert events.has_room(share=0.75)
