"""The AI off the UI thread.

Jobs (choose a card, a hint, a review) run on one worker thread; the scene
polls each frame and never blocks. In tests the worker runs synchronously so
a hand is deterministic. A job that fails is reported through ``poll`` (its
``error``), and the scene decides what to do instead.
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from device.moves import act_fixed as act_fixed  # the table's, the demo's and the referee's AI seats
from device.moves import fixed_samples
from engine import ai
from engine.actions import Action, Play
from engine.ai.family import plays_for_tricks
from engine.cards import parse_card
from engine.deal import Deal
from engine.observation import Observation

log = logging.getLogger(__name__)

THINKING_CUE_S = 0.3  # show "thinking" only when a move takes longer than this


def choose(observation: dict[str, Any], level: str = "hard", seed: int | str | None = None,
           budget: float | None = ai.DEFAULT_BUDGET, samples: int | None = None) -> str:
    """A legal card for the seat to move. ``budget``: thinking seconds, None for a
    fixed amount of work (``samples``; reproducible with a seed)."""
    return ai.choose_card(observation, level=level, seed=seed, budget=budget, samples=samples)


def choose_fixed(observation: dict[str, Any], level: str, seed: int | str | None) -> str:
    """``choose`` with a fixed amount of work: the same seed, the same card, on any
    machine and after any power cut. Every AI seat of a seeded or journalled game
    (the table, the demo, the referee) plays through this, seeded by
    ``engine.match.move_seed``."""
    return choose(observation, level, seed, None, fixed_samples(observation, level))


def act(observation: Observation, level: str, seed: int | str | None,
        budget: float | None = ai.DEFAULT_BUDGET) -> Action:
    """The AI's action for the seat to act, in any game and phase (a bid, a card)."""
    if plays_for_tricks(observation):
        return Play(observation.seat, parse_card(choose(observation.play_form(), level, seed, budget)))
    return ai.choose_action(observation, level, seed, budget=budget)


def hint(observation: dict[str, Any]) -> dict[str, Any]:
    """{"card": str, "values": {card: expected tricks, None where not valued}}."""
    # a fixed amount of work, as the table's own AI seats play: the same position
    # gives the same hint and values on every press, on any machine or load
    result = ai.hint(observation, budget=None)
    values = result["values"]
    assert isinstance(values, Mapping)
    return {"card": str(result["card"]), "values": dict(values)}


HINT_LEVEL = "hard"


def hint_action(observation: Observation, seed: int | str | None) -> Action:
    """The move the AI would make for the seat to act, in any game and phase (a bid,
    trumps, the discards, a card): the Hint where the most tricks is not the aim or
    the step is not a card (device.app.family_hint). A fixed amount of work seeded
    by the position, as the table's AI seats play: the same hint on every press."""
    return act_fixed(observation, HINT_LEVEL, seed)


def review(deal: Deal) -> list[dict[str, object]]:
    """The double-dummy cost of every card played (engine.ai.review)."""
    return ai.review(deal)


@dataclass
class Job:
    id: int
    fn: Callable[..., Any]
    args: tuple[Any, ...]
    started: float = field(default_factory=time.monotonic)
    done: bool = False
    result: Any = None
    error: BaseException | None = None


class AIWorker:
    """One thread running the AI's jobs (``synchronous``: at once, in tests)."""

    def __init__(self, synchronous: bool = False) -> None:
        self.synchronous = synchronous
        self._jobs: dict[int, Job] = {}
        self._next = 1
        self._lock = threading.Lock()
        self._queue: queue.Queue[Job | None] = queue.Queue()
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        """Start the worker now: it imports the AI and sets the solver up (tens of
        ms, longer on a Pi) while the menu stands still, not during the first deal."""
        if not self.synchronous:
            self._ensure_thread()

    def _ensure_thread(self) -> None:
        if self._thread is None or not self._thread.is_alive():
            self._thread = threading.Thread(target=self._loop, name="ai-worker", daemon=True)
            self._thread.start()

    def _run(self, job: Job) -> None:
        try:
            job.result = job.fn(*job.args)
        except Exception as exc:  # the thread's top: reported to the scene through poll(), and logged
            log.exception("AI job %d failed", job.id)
            job.error = exc
        with self._lock:
            job.done = True

    def _loop(self) -> None:
        try:  # the solver's one-off set-up now, not inside the first move
            ai.warm_up()
        except Exception:  # the thread's top: a failed set-up only makes the first move slower
            log.exception("AI warm-up failed")
        while True:
            job = self._queue.get()
            if job is None:
                return
            self._run(job)

    def submit(self, fn: Callable[..., Any], *args: Any) -> int:
        with self._lock:
            job = Job(self._next, fn, args)
            self._next += 1
            self._jobs[job.id] = job
        if self.synchronous:
            self._run(job)
        else:
            self._ensure_thread()
            self._queue.put(job)
        return job.id

    def poll(self, job_id: int) -> Job | None:
        """The finished job (removed from the worker), or None while it runs."""
        with self._lock:
            job = self._jobs.get(job_id)
            if job is None or not job.done:
                return None
            del self._jobs[job_id]
            return job

    def running_for(self, job_id: int) -> float:
        with self._lock:
            job = self._jobs.get(job_id)
        return 0.0 if job is None or job.done else time.monotonic() - job.started

    def forget(self, job_id: int | None) -> None:
        """Drop a job whose answer is no longer wanted (the hand moved on)."""
        if job_id is None:
            return
        with self._lock:
            self._jobs.pop(job_id, None)

    def close(self) -> None:
        if self._thread is not None and self._thread.is_alive():
            self._queue.put(None)


@dataclass
class WorkerPlayer:
    """The AI at a seat of the screen, as device.driver asks a player: the move is
    thought on the worker thread, and ``act`` answers None until it is ready (the
    screen asks once a frame and never waits). ``reproducible``: a fixed amount of
    work seeded by the move's seed (a seeded or journalled game), else ``budget``
    seconds a move. A failed job plays the first legal action, as the tables do."""

    worker: AIWorker
    level: str
    reproducible: bool = True
    budget: float | None = ai.DEFAULT_BUDGET
    job: int | None = None
    asked: Observation | None = None

    @property
    def label(self) -> str:
        return f"AI ({self.level})"

    @property
    def thinking_for(self) -> float:
        """Seconds the move in hand has taken so far (0 when none is)."""
        return 0.0 if self.job is None else self.worker.running_for(self.job)

    def act(self, observation: Observation, seed: int | str | None) -> Action | None:
        if self.job is not None and self.asked != observation:  # the hand moved on: ask again
            self.forget()
        if self.job is None:
            self.asked = observation
            if self.reproducible:
                self.job = self.worker.submit(act_fixed, observation, self.level, seed)
            else:
                self.job = self.worker.submit(act, observation, self.level, None, self.budget)
        job = self.worker.poll(self.job)
        if job is None:
            return None
        self.job = None
        return job.result if job.error is None else observation.legal[0]

    def forget(self) -> None:
        self.worker.forget(self.job)
        self.job = None
