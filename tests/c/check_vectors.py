"""The C core built on its own (tests/c/vectors.c, no Python) for the Pi's
CPUs, with sanitizers and at two optimisation levels, checked against DDS's
exact values.

    python tests/c/check_vectors.py [--deals N] [TARGET ...]

Targets: aarch64 (64-bit Pi OS) and armhf (32-bit Pi OS) are built with
Debian's cross compilers and run under qemu-user; sanitize is this machine's
gcc with -fsanitize=address,undefined; O0 and O3 are this machine's gcc
unoptimised and optimised. Every build is plain C99 with -Wall -Wextra
-pedantic -Werror. The positions: for every tenth deal of list100, the
opening lead (FUT: every card's value) and the value before and after every
card of the recorded play (TRACE); for every other one of those deals the 20
full-deal solves of TABLE; and a few seeded layouts of the AI's sampler,
which must come out the same on every CPU. Every build must also reach the
same number of positions: the search's order may not depend on the CPU or the
optimiser (a difference is undefined behaviour or a compiler fault; gcc 12's
ipa-modref once dropped a store in a variant of the solver, every value
still right, only the order wrong: bench/RESULTS.md, 2026-12-06). Prints per
target how many values matched, the positions reached and how long the run
took; exit status 1 on any difference. tests/engine/test_solver_cross.py
runs the same in `make test`.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from engine.ddsformat import fut_expected, parse_dds_vectors, trace_pairs  # noqa: E402
from engine.pbn import parse_hands  # noqa: E402

VECTORS = ROOT / ".." / "shared" / "dds-hands" / "list100.txt"
CSRC = ROOT / "engine" / "csrc"
SOURCES = (CSRC / "solver.c", CSRC / "deals.c", ROOT / "tests" / "c" / "vectors.c")
WARNINGS = ("-std=c99", "-Wall", "-Wextra", "-pedantic", "-Werror")
DEALS = 10  # every tenth deal of list100: about 400 positions, seconds under qemu


@dataclass(frozen=True)
class Target:
    name: str
    cc: str
    flags: tuple[str, ...]
    emulator: tuple[str, ...]  # empty: runs here

    def missing(self) -> list[str]:
        """The tools this machine lacks to build and run the target."""
        return [t for t in (self.cc, *self.emulator[:1]) if shutil.which(t) is None]


TARGETS = {
    "aarch64": Target("aarch64", "aarch64-linux-gnu-gcc", ("-O3",),
                      ("qemu-aarch64", "-L", "/usr/aarch64-linux-gnu")),
    "armhf": Target("armhf", "arm-linux-gnueabihf-gcc", ("-O3",),
                    ("qemu-arm", "-L", "/usr/arm-linux-gnueabihf")),
    # stops at the first report: a finding is a failure, not a warning
    "sanitize": Target("sanitize", "gcc", ("-O1", "-g", "-fno-omit-frame-pointer",
                                           "-fsanitize=address,undefined",
                                           "-fno-sanitize-recover=all"), ()),
    "O0": Target("O0", "gcc", ("-O0",), ()),
    "O3": Target("O3", "gcc", ("-O3", "-fno-wrapv"), ()),
}

# The sampler's layout of the 39 cards North cannot see (North holds the
# spades) for these seeds, as the x86-64 build deals them; a kept game
# replays its AI's moves from seeds, so every CPU must deal the same.
SAMPLER_LAYOUTS = {
    1: "1fff f402921250000 bc610d0a000 b410ce0a4000",
    2: "1fff 1406ca41a8000 4368043a50000 a891318406000",
    2024: "1fff 681a986048000 6c42182b2000 9121461d04000",
    2**64 - 1: "1fff 117844b404000 2a870302d0000 c400b8492a000",
}

Position = tuple[tuple[int, ...], int, int, tuple[int, ...]]


def deal_indices(n: int = DEALS) -> list[int]:
    """n deals spread over list100."""
    return list(range(0, 100, max(1, 100 // n)))[:n]


def build(target: Target, out_dir: Path, sources: Sequence[Path] = SOURCES) -> list[str]:
    """A stand-alone driver (the last of ``sources``) built for ``target``: the command
    that runs it, under the target's emulator."""
    out_dir.mkdir(parents=True, exist_ok=True)
    exe = out_dir / sources[-1].stem
    cmd = [target.cc, *WARNINGS, *target.flags, f"-I{CSRC}", *map(str, sources), "-o", str(exe), "-lm"]
    done = subprocess.run(cmd, capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} failed:\n{done.stderr}")
    return [*target.emulator, str(exe)]


@dataclass(frozen=True)
class Query:
    """One line for the driver and the answer DDS (or x86-64) gives."""

    what: str
    line: str
    expected: str


@dataclass
class Outcome:
    positions: int  # lines the driver answered
    checks: int  # values compared (TRACE compares two per position)
    seconds: float
    wrong: list[str]
    reached: int  # trick-start positions the solver reached over the run


def hand_masks(pbn: str) -> tuple[int, ...]:
    return tuple(sum(1 << int(c) for c in cards) for cards in parse_hands(pbn))


def moves_line(hands: Sequence[int], trump: int, leader: int, trick: Sequence[int] = ()) -> str:
    return " ".join(["moves", *(f"{h:x}" for h in hands), str(trump), str(leader), *map(str, trick)])


def parse_moves(answer: str) -> dict[int, int]:
    return {int(c): int(v) for c, v in (pair.split("=") for pair in answer.split())}


def same(line: str, answer: str, expected: str) -> bool:
    # the solver lists a position's cards in its search order
    if line.startswith("moves"):
        return parse_moves(answer) == parse_moves(expected)
    return answer == expected


def trace_positions(deal: dict, masks: tuple[int, ...]) -> list[Position]:
    """The positions trace_pairs solves: its replay follows the recorded
    play whatever the values, so a pass with stand-in values finds them."""
    seen: list[Position] = []

    def record(hands: tuple[int, ...], trump: int, leader: int, trick: tuple[int, ...]) -> dict[int, int]:
        seen.append((hands, trump, leader, trick))
        return {-1: 0}

    for _ in trace_pairs(deal, masks, record):
        pass
    return seen


def deal_queries(deal: dict, index: int, table: bool) -> list[Query]:
    """FUT and (if asked) TABLE, with DDS's answers."""
    masks = hand_masks(deal["pbn"])
    trump, first = deal["trump"], deal["first"]
    fut = " ".join(f"{c}={v}" for c, v in sorted(fut_expected(deal).items()))
    queries = [Query(f"deal {index} FUT", moves_line(masks, trump, first), fut)]
    if table:
        for strain in range(5):
            for declarer in range(4):
                # TABLE counts the declarer's tricks; the driver the leader's side's
                value = 13 - deal["table"][strain * 4 + declarer]
                line = " ".join(["tricks", *(f"{h:x}" for h in masks), str(strain), str((declarer + 1) % 4)])
                queries.append(Query(f"deal {index} TABLE strain {strain} declarer {declarer}", line,
                                     str(value)))
    return queries


def check(command: Sequence[str], deal_indices: Sequence[int], vectors: Path = VECTORS) -> Outcome:
    """Run the driver once on every position and compare its answers."""
    deals = parse_dds_vectors(vectors.read_text())
    queries: list[Query] = []
    for n, i in enumerate(deal_indices):
        queries += deal_queries(deals[i], i, table=n % 2 == 0)
    traced = {i: trace_positions(deals[i], hand_masks(deals[i]["pbn"])) for i in deal_indices}
    trace_lines = sorted({moves_line(*p) for ps in traced.values() for p in ps})
    queries += [Query(f"sampler seed {seed}", f"deal {seed}", layout)
                for seed, layout in SAMPLER_LAYOUTS.items()]
    lines = [q.line for q in queries] + trace_lines + ["positions"]
    start = time.monotonic()
    done = subprocess.run(command, input="\n".join(lines) + "\n", capture_output=True, text=True)
    seconds = time.monotonic() - start
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} failed ({done.returncode}):\n{done.stderr[-3000:]}")
    answers = done.stdout.splitlines()
    if len(answers) != len(lines):
        raise RuntimeError(f"the driver answered {len(answers)} lines of {len(lines)}")
    wrong = [f"{q.what}: expected {q.expected!r}, got {a!r}"
             for q, a in zip(queries, answers, strict=False) if not same(q.line, a, q.expected)]
    checks = len(queries)
    solved = dict(zip(trace_lines, answers[len(queries):-1], strict=True))

    def lookup(hands: tuple[int, ...], trump: int, leader: int, trick: tuple[int, ...]) -> dict[int, int]:
        return parse_moves(solved[moves_line(hands, trump, leader, trick)])

    for i in deal_indices:
        for what, expected, got in trace_pairs(deals[i], hand_masks(deals[i]["pbn"]), lookup):
            checks += 1
            if got != expected:
                wrong.append(f"deal {i} TRACE {what}: expected {expected}, got {got}")
    return Outcome(len(lines) - 1, checks, seconds, wrong, int(answers[-1]))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=DEALS, help=f"deals of list100 (default {DEALS})")
    ap.add_argument("--build-dir", type=Path, default=ROOT / "build" / "c")
    ap.add_argument("targets", nargs="*", help=f"of {', '.join(TARGETS)} (default: all)")
    args = ap.parse_args(argv)
    unknown = [t for t in args.targets if t not in TARGETS]
    if unknown:
        ap.error(f"unknown target {unknown[0]}: the targets are {', '.join(TARGETS)}")
    if not VECTORS.exists():
        print(f"{VECTORS} not found (the shared folder sits beside the clone)")
        return 2
    indices = deal_indices(args.deals)
    status = 0
    reached: dict[str, int] = {}
    for name in args.targets or TARGETS:
        target = TARGETS[name]
        if target.missing():
            print(f"{name}: missing {', '.join(target.missing())} (.ci/run installs them)")
            status = 1
            continue
        outcome = check(build(target, args.build_dir / name), indices)
        for line in outcome.wrong[:20]:
            print(line)
        print(f"{name}: {outcome.checks - len(outcome.wrong)}/{outcome.checks} values as expected, "
              f"{outcome.positions} positions from {len(indices)} deals of list100, "
              f"{outcome.reached:,} positions reached, {outcome.seconds:.1f} s", flush=True)
        status |= bool(outcome.wrong)
        reached[name] = outcome.reached
    if len(set(reached.values())) > 1:
        print("the builds reached different numbers of positions: the search's order depends on the "
              "build (undefined behaviour or a compiler fault)")
        status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
