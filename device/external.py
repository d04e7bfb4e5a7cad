"""An external seat: a program that plays by reading and writing JSON lines.

``cmd:PROGRAM`` at a seat starts PROGRAM (split like a shell would) and talks
to it the way a chess GUI talks to a UCI engine: each time the seat is to act
it writes the seat's observation (``Observation.to_json()``, compact, one
line, see docs/observation.md) to the program's standard input and reads one
line back from its standard output: an action such as
``{"type": "play", "seat": "S", "card": "HQ"}``. tests/bots/random_bot.py is
the smallest such program.

The table never waits on the program for long and never trusts it: an answer
that is not an action (:class:`BadAnswer`), one not among the observation's
``legal`` actions (:class:`IllegalAnswer`), none within the time limit
(:class:`LateAnswer`) or a program that has died (:class:`BotExited`) is
reported, with the line the program sent and the end of what it wrote to
standard error, and the table's own AI plays that move instead; after the
program died, every move. Reader threads only fill queues, so nothing blocks
past the move's deadline.

Nothing a program does can grow the table's memory or outlive its match: each
answer line passes device.gate (a size and a nesting limit, then the JSON
parser), at most ``MAX_QUEUED`` lines wait unread (a program that writes more
than it is asked for is stopped, :class:`Flooded`, and the table's AI plays on),
and the program runs in a process group of its own, ended with it, so a child
it started is not left running.
"""

from __future__ import annotations

import json
import os
import queue
import selectors
import shlex
import signal
import subprocess
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import IO

from device.gate import Limits, Refused, decode
from engine.actions import Action, action_from_dict
from engine.errors import NotationError
from engine.observation import Observation

PREFIX = "cmd:"
TIMEOUT = 2.0  # seconds an external program has for one move
STDERR_LINES = 8  # lines of the program's standard error kept for reports
MAX_LINE = 1 << 16  # longer lines are cut: a program printing without end cannot fill memory
CLOSE_GRACE = 1.0  # seconds a program has to exit once its input is closed
MAX_QUEUED = 64  # answer lines waiting unread: a program is asked one at a time, so more is a flood
ANSWER = Limits(max_bytes=MAX_LINE, max_depth=8)  # an action is one flat object

Fallback = Callable[[Observation, int | str | None], Action]


class ExternalSeatError(RuntimeError):
    """Something wrong with an external seat's program; ``line`` is what it sent
    (None if nothing) and ``stderr`` the end of its standard error."""

    kind = "error"

    def __init__(self, message: str, line: str | None = None, stderr: str = "") -> None:
        super().__init__(message)
        self.line = line
        self.stderr = stderr


class BadAnswer(ExternalSeatError, ValueError):
    """A line that is not an action's JSON form."""

    kind = "bad"


class IllegalAnswer(ExternalSeatError, ValueError):
    """An action that is not among the observation's legal actions."""

    kind = "illegal"


class LateAnswer(ExternalSeatError, TimeoutError):
    """No answer within the time limit."""

    kind = "late"


class BotExited(ExternalSeatError, ChildProcessError):
    """The program is not running (it exited, or could not be started)."""

    kind = "exited"


class Flooded(ExternalSeatError):
    """The program wrote far more lines than it was asked for; it was stopped."""

    kind = "flood"


@dataclass(frozen=True)
class Fault:
    """One reported misbehaviour: what went wrong, the line sent, the stderr tail."""

    kind: str
    message: str
    line: str | None
    stderr: str
    move: int  # the external seat's 1-based move number
    skipped: int = 0  # later moves the table's AI also played while a late program caught up

    def to_json(self) -> dict[str, object]:
        return {"kind": self.kind, "move": self.move, "message": self.message, "line": self.line,
                "stderr": self.stderr, "skipped": self.skipped}

    def describe(self) -> str:
        sent = "nothing" if self.line is None else repr(self.line)
        text = f"move {self.move}: {self.message} (sent {sent})"
        if self.skipped:
            text += f"; the table's AI also played its next {self.skipped} move(s) while it caught up"
        if self.stderr:
            text += f"; its stderr ends: {self.stderr!r}"
        return text


def is_external(spec: str) -> bool:
    return spec.startswith(PREFIX)


class ExternalSeat:
    """A running ``cmd:PROGRAM`` player; use it as a context manager.

    A player of device.driver: ``act(observation, seed)`` returns the program's
    action when it is legal, else ``fallback(observation, seed)``; each
    misbehaviour is a :class:`Fault` in ``faults`` (and passed to ``on_fault``).
    """

    def __init__(self, command: str, fallback: Fallback, *, timeout: float = TIMEOUT,
                 on_fault: Callable[[Fault], None] | None = None) -> None:
        text = command[len(PREFIX):] if is_external(command) else command
        self.argv = shlex.split(text)
        if not self.argv:
            raise ValueError(f"{command!r}: give the program to run after {PREFIX} "
                             f"(e.g. {PREFIX}python tests/bots/random_bot.py)")
        self.name = command
        self.fallback = fallback
        self.timeout = timeout
        self.on_fault = on_fault
        self.faults: list[Fault] = []
        self.moves = 0
        self.dead = False
        # None: standard output closed (or, with _flooded, no longer read); one place is kept for it
        self._answers: queue.Queue[str | None] = queue.Queue(maxsize=MAX_QUEUED + 1)
        self._flooded = False
        self._outbox: queue.Queue[str | None] = queue.Queue()  # None: close standard input
        self._stderr: deque[str] = deque(maxlen=STDERR_LINES)
        self._stderr_lock = threading.Lock()
        self._asked = 0  # observations written
        self._heard = 0  # answers read (late ones included)
        self._late: dict[int, int] = {}  # observation number -> its late fault's index in faults
        try:
            # a session of its own: its process group is the program and all it starts
            self.process: subprocess.Popen[bytes] | None = subprocess.Popen(
                self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                start_new_session=True)
        except OSError as exc:
            self.process = None
            self.dead = True
            self._report(BotExited(f"{self.argv[0]!r} could not be started: {exc}"))
            return
        assert self.process.stdin and self.process.stdout and self.process.stderr
        self._group = self.process.pid
        self._reader = threading.Thread(target=self._pump, args=(self.process.stdout, self.process.stderr),
                                        daemon=True)
        self._writer = threading.Thread(target=self._write, args=(self.process.stdin,), daemon=True)
        self._reader.start()
        self._writer.start()

    # -- the threads: each only moves lines between pipes and queues ----------------
    def _pump(self, stdout: IO[bytes], stderr: IO[bytes]) -> None:
        """One thread reads both outputs, standard error first whenever both have
        something: what the program wrote there before an answer is in its report."""
        names = {stdout.fileno(): "out", stderr.fileno(): "err"}
        pending = {"out": b"", "err": b""}
        with selectors.DefaultSelector() as selector:
            for fd in names:
                selector.register(fd, selectors.EVENT_READ)
            while selector.get_map() and not self._flooded:
                ready = [names[key.fd] for key, _ in selector.select()]
                for name in sorted(ready, key=lambda n: n != "err"):
                    fd = stdout.fileno() if name == "out" else stderr.fileno()
                    chunk = os.read(fd, MAX_LINE)
                    if not chunk:
                        selector.unregister(fd)
                        if pending[name]:
                            self._line(name, pending[name])
                        if name == "out":
                            self._answers.put(None)
                        continue
                    *lines, pending[name] = (pending[name] + chunk).split(b"\n")
                    for raw in lines:
                        if self._flooded:
                            break
                        self._line(name, raw)
                    if len(pending[name]) > MAX_LINE:  # a line without end: cut it
                        self._line(name, pending[name])
                        pending[name] = b""

    def _line(self, name: str, raw: bytes) -> None:
        text = raw.decode("utf-8", "replace").rstrip("\r")
        if name == "out":
            if self._flooded:
                return
            if self._answers.qsize() < MAX_QUEUED:
                self._answers.put(text)
                return
            # Its lines are no longer read; the program is stopped before its pipe fills.
            self._flooded = True
            self._end_group(signal.SIGKILL)
            self._answers.put(None)
        else:
            with self._stderr_lock:
                self._stderr.append(text)

    def _write(self, stream: IO[bytes]) -> None:
        try:
            while (line := self._outbox.get()) is not None:
                stream.write(line.encode() + b"\n")
                stream.flush()
        except (BrokenPipeError, OSError):
            pass  # the program is gone: the reader sees its output end
        finally:
            try:
                stream.close()
            except OSError:
                pass

    # -- a move --------------------------------------------------------------------
    @property
    def label(self) -> str:
        return self.name

    def act(self, observation: Observation, seed: int | str | None = None) -> Action:
        """The program's action for this observation, or the fallback's."""
        self.moves += 1
        try:
            if self._flooded and not self.dead:
                self._stop_flood()
            if not self.dead:
                self._catch_up()
            if self.dead:
                return self.fallback(observation, seed)
            if self._heard < self._asked:
                # Still on an earlier observation: it gets no new one until it has answered.
                self._skip()
                return self.fallback(observation, seed)
            return self._ask(observation)
        except ExternalSeatError as exc:
            self._report(exc)
            return self.fallback(observation, seed)

    def _catch_up(self) -> None:
        """Read, without waiting, the answers that came after their deadline."""
        while self._heard < self._asked:
            try:
                line = self._answers.get_nowait()
            except queue.Empty:
                return
            self._take(line)

    def _take(self, line: str | None) -> None:
        if line is None:
            if self._flooded:
                self._stop_flood()
            self.dead = True
            raise BotExited(self._exit_text(), None, self.stderr_tail())
        self._heard += 1
        self._note_late(self._heard, line)  # when it answers an observation whose time ran out

    def _stop_flood(self) -> None:
        """The lines it flooded are dropped unread: none answers anything."""
        self.dead = True
        raise Flooded(f"the program wrote over {MAX_QUEUED} lines it was not asked for and was "
                      "stopped; the table's AI plays this seat from now on", None, self.stderr_tail())

    def _ask(self, observation: Observation) -> Action:
        self._outbox.put(json.dumps(observation.to_json(), separators=(",", ":")))
        self._asked += 1
        deadline = time.monotonic() + self.timeout
        while True:
            try:
                line = self._answers.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                raise LateAnswer(f"no answer within {self.timeout:g} s", None, self.stderr_tail()) from None
            self._take(line)
            if line is not None and self._heard == self._asked:
                return self._read(line, observation)

    def _read(self, line: str, observation: Observation) -> Action:
        try:
            data = decode(line, self.name, "an answer", ANSWER)
        except Refused as exc:
            raise BadAnswer(f"the answer is {exc.reason}", line, self.stderr_tail()) from None
        try:
            action = action_from_dict(dict(data), observation.players)
        except NotationError as exc:
            raise BadAnswer(f"the answer is not an action: {exc}", line, self.stderr_tail()) from None
        if action not in observation.legal:
            offered = ", ".join(json.dumps(a.to_dict(observation.players)) for a in observation.legal[:6])
            more = ", ..." if len(observation.legal) > 6 else ""
            raise IllegalAnswer(f"not a legal action now (legal: {offered}{more})", line, self.stderr_tail())
        return action

    def _note_late(self, number: int, line: str) -> None:
        index = self._late.pop(number, None)
        if index is not None:
            fault = self.faults[index]
            self.faults[index] = replace(fault, message=f"{fault.message}; it answered later", line=line)

    def _skip(self) -> None:
        if self._late:
            index = self._late[max(self._late)]
            self.faults[index] = replace(self.faults[index], skipped=self.faults[index].skipped + 1)

    def _report(self, exc: ExternalSeatError) -> None:
        fault = Fault(exc.kind, str(exc), exc.line, exc.stderr, self.moves)
        self.faults.append(fault)
        if isinstance(exc, LateAnswer):
            self._late[self._asked] = len(self.faults) - 1
        if self.on_fault is not None:
            self.on_fault(fault)

    def _exit_text(self) -> str:
        code = None
        if self.process is not None:
            try:
                code = self.process.wait(timeout=CLOSE_GRACE)
            except subprocess.TimeoutExpired:
                pass
            self._reader.join(timeout=CLOSE_GRACE)  # its last words on stderr
        how = "closed its output" if code is None else f"exited with status {code}"
        return f"the program {how}; the table's AI plays this seat from now on"

    def stderr_tail(self) -> str:
        with self._stderr_lock:
            return "\n".join(self._stderr)

    # -- the end -------------------------------------------------------------------
    def _end_group(self, sig: signal.Signals) -> None:
        try:
            os.killpg(self._group, sig)
        except ProcessLookupError:
            pass  # nothing of it is left

    def close(self) -> None:
        """Close the program's input, give it a moment to exit, then stop it and everything
        it started (its process group)."""
        process = self.process
        if process is None:
            return
        self.process = None
        self._outbox.put(None)
        try:
            process.wait(timeout=CLOSE_GRACE)
        except subprocess.TimeoutExpired:
            self._end_group(signal.SIGTERM)
            try:
                process.wait(timeout=CLOSE_GRACE)
            except subprocess.TimeoutExpired:
                self._end_group(signal.SIGKILL)
                process.wait()
        self._end_group(signal.SIGKILL)  # what it started and left behind
        for thread in (self._reader, self._writer):
            thread.join(timeout=CLOSE_GRACE)
        while self._late:  # late answers that came in the end still go with their reports
            try:
                line = self._answers.get_nowait()
            except queue.Empty:
                break
            if line is None:
                break
            self._heard += 1
            self._note_late(self._heard, line)
        for stream in (process.stdout, process.stderr):
            if stream is not None:
                stream.close()

    def __enter__(self) -> ExternalSeat:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


__all__ = ["BadAnswer", "BotExited", "ExternalSeat", "ExternalSeatError", "Fault", "Flooded", "IllegalAnswer",
           "LateAnswer", "PREFIX", "TIMEOUT", "is_external"]
