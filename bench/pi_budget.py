"""The smallest Pi's budgets (issue 45), each figure beside its budget, for every game.

- peak RSS (VmHWM) of the app at the menu, once its AI worker has set the solver up, and
  after one hand of the game with hard AI seats, solving on four threads as on every Pi
  from the Zero 2 W up (the window on SDL's dummy driver, or Xvfb when DISPLAY is set);
- peak RSS of the headless demo playing one hand;
- processor time a move by kind (the deal's phase), p50/p99/max, hard and expert at
  fixed work, and the clock time of the same moves timed (40 ms) beside their budget
  (bench/move_cpu.py);
- the classic solver's time on full deals beside DDS's, same positions, same process
  (bench/solver.py's run_set), each deal's quickest of --passes solves: the median and the
  worst per-position ratio, judged, and the slowest deal beside DDS's slowest.

Each measurement runs in a child process of its own, so one's memory is not another's.

    python bench/pi_budget.py [--quick] [--games classic bid ...] [--deals N]
        [--skip memory moves solver] [--seed 1] [--passes 3]

BENCH_QUICK=1 or --quick: two games' memory, a few deals of hard moves, a few full deals.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import re
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
HERE = ROOT / "bench"

MIB = 1 << 20
MENU_MB = 150
GAME_MB = 200
HEADLESS_MB = 100
P99_MS = 50.0
MAX_MS = 100.0
MEDIAN_RATIO = 1.0
WORST_RATIO = 1.5
PI_CORES = 4  # every Pi from the Zero 2 W up
RESULT = "RESULT "


def peak_mb() -> float:
    """This process's peak resident set (VmHWM) in MiB."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError("no VmHWM in /proc/self/status: this benchmark needs Linux")


BOARDS = {"zero2w": 512, "pi4-1gb": 1024, "pi4": 4096}  # a Pi's name -> its memory in MB


def as_on_a_pi(board: str) -> None:
    """Size the AI as device.machine does on a four-core Pi with the board's memory, solving
    on four threads where the memory allows (a Pi itself leaves one core to the screen)."""
    import device.machine
    from engine.search import pimc
    from engine.search.sizes import Board

    device.machine.board = lambda: Board(PI_CORES, BOARDS[board] << 20)
    pimc.threads_for = lambda cores: cores


def child_app(game: str, board: str, hand_seconds: float) -> dict[str, object]:
    if not os.environ.get("DISPLAY"):
        os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    as_on_a_pi(board)
    from device.app.testing import make_app, tap_button
    from engine.ai import choose_action
    from engine.search import pimc

    app = make_app((800, 480), level="hard", synchronous=False, game=game, pace="instant")
    start = time.monotonic()
    while pimc.default_searcher()._pool is None and time.monotonic() - start < 30:  # warmed up
        app.step(1 / 60)
        time.sleep(0.01)
    for _ in range(30):  # the menu drawn a while, its surfaces made
        app.step(1 / 60)
    menu = peak_mb()
    tap_button(app, "play")
    moves = 0
    start = time.monotonic()
    last = None
    over = False
    while time.monotonic() - start < hand_seconds:
        app.step(1 / 60)
        deal = app.session.deal
        if deal is None:  # before the deal, or the hand result shown (the deal then let go)
            app.scene.ensure_layout(app.size)
            names = {b.name for b in app.scene.buttons.buttons if b.visible and b.enabled}
            if last is not None and last.tricks:
                over = True
                break
            for name in ("deal", "next hand"):  # a hand thrown in (all passed) is no hand played
                if name in names:
                    tap_button(app, name)
                    break
            continue
        last = deal
        if deal.is_over and deal.tricks:
            over = True
            break
        if deal is not None and getattr(app.scene, "waiting_for_human", False) and deal.turn is not None:
            # the person's part, by the textbook bot (cheap): through the four-seat table's act,
            # which animates it, or straight into the match (the other tables show the match)
            action = choose_action(deal.observe(deal.turn), "rules", moves)
            act = getattr(app.scene, "act", None)
            if act is not None:
                act(deal.turn, action)
            else:
                app.session.match.apply(action)
            moves += 1
        time.sleep(0.002)
    hand = peak_mb()
    app.close()
    return {"menu": menu, "hand": hand, "hand_over": over, "driver": os.environ.get("SDL_VIDEODRIVER", "x11")}


def child_demo(game: str, board: str) -> dict[str, object]:
    import contextlib
    import io

    as_on_a_pi(board)
    from device.cli import main

    with contextlib.redirect_stdout(io.StringIO()):
        rc = main(["demo", "--headless", "--game", game, "--hands", "1", "--seed", "1", "--delay", "0"])
    return {"demo": peak_mb(), "rc": rc}


def child_solver(full: int, seed: int, passes: int) -> dict[str, object]:
    """Both solvers on the same full deals, in this thread, timed by the thread's processor
    time (a loaded machine stretches the clock, not the work), every value checked. The
    deals are solved `passes` times over, in turn, and each solver's time of a deal is its
    quickest: a deal of a few milliseconds otherwise gets its ratio from the timer's and the
    caches' noise (the same deal's worst ratio read 1.38-1.63 in three runs; bench/RESULTS.md,
    2026-12-07, day). Neither solver may reuse what it found before: ours has its tables and
    kept answers emptied before each solve (untimed), and DDS starts afresh on a deal other
    than its last, which every deal is when there are two or more (one deal: one pass)."""
    import random
    import statistics

    sys.path.insert(0, str(HERE))
    from endplay.dds import solve_board
    from solver import dds_values, to_endplay  # bench/solver.py

    from engine import solver
    from engine.ddsformat import random_position

    rng = random.Random(seed)
    positions = [random_position(rng, None) for _ in range(full)]
    solver.solve_moves_masks(*random_position(random.Random(-1), None))  # the table set up, untimed
    deals = [to_endplay(pos) for pos in positions]
    ours, theirs = [math.inf] * full, [math.inf] * full
    differ: set[int] = set()
    for _ in range(passes if full > 1 else 1):
        for i, (pos, deal) in enumerate(zip(positions, deals, strict=True)):
            solver.clear_tables()
            t0 = time.thread_time()
            mine = solver.solve_moves_masks(*pos)
            t1 = time.thread_time()
            board = solve_board(deal)
            t2 = time.thread_time()
            if mine != dds_values(board):
                differ.add(i)
            ours[i] = min(ours[i], t1 - t0)
            theirs[i] = min(theirs[i], t2 - t1)
    ratios = [o / max(d, 1e-6) for o, d in zip(ours, theirs, strict=True)]
    return {"ours_med": statistics.median(ours), "dds_med": statistics.median(theirs),
            "ours_max": max(ours), "dds_max": max(theirs),
            "median_ratio": statistics.median(ratios), "max_ratio": max(ratios), "mismatches": len(differ),
            "table_mib": solver.table_size() >> 20}


def run_child(args: list[str]) -> dict[str, object]:
    proc = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--child", *args],
                          capture_output=True, text=True, cwd=ROOT)
    for line in reversed(proc.stdout.splitlines()):
        if line.startswith(RESULT):
            return dict(json.loads(line[len(RESULT):]))
    raise RuntimeError(f"child {' '.join(args)} failed (exit {proc.returncode}):\n{proc.stderr[-2000:]}")


KIND = re.compile(r"^\s+(\w+): (\d+) moves, p50 ([\d.]+) ms, p99 ([\d.]+) ms, max ([\d.]+) ms")


CLOCK = re.compile(r"^\s+by the clock .*: p99 ([\d.]+) ms, max ([\d.]+) ms, load average ([\d.]+)"
                   r".*processor time p99 ([\d.]+) ms")
OVERRUN = 1.25  # a timed move's clock time against its budget, at a load of 2
LOAD = 2.0


def move_times(game: str, level: str, deals: int) -> tuple[dict[str, tuple[int, float, float, float]],
                                                          tuple[float, float, float, float]]:
    """Processor time by kind (n, p50, p99, max) at fixed work, and the timed moves' clock
    (p99, max, load average) with their processor time's p99 (every thread's)."""
    proc = subprocess.run([sys.executable, str(HERE / "move_cpu.py"), game, "--deals", str(deals),
                           "--level", level], capture_output=True, text=True, cwd=ROOT)
    if proc.returncode:
        raise RuntimeError(f"move_cpu.py {game} {level} failed:\n{proc.stderr[-2000:]}")
    kinds = {}
    clock = (math.nan, math.nan, math.nan, math.nan)
    for line in proc.stdout.splitlines():
        m = KIND.match(line)
        if m:
            kinds[m[1]] = (int(m[2]), float(m[3]), float(m[4]), float(m[5]))
        c = CLOCK.match(line)
        if c:
            clock = (float(c[1]), float(c[2]), float(c[3]), float(c[4]))
    return kinds, clock


def verdict(ok: bool) -> str:
    return "ok" if ok else "OVER"


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", default=os.environ.get("BENCH_QUICK") == "1")
    ap.add_argument("--games", nargs="*", default=None)
    ap.add_argument("--deals", type=int, default=None, help="deals a level for the move times")
    ap.add_argument("--levels", nargs="*", default=None, help="AI levels timed (default hard expert)")
    ap.add_argument("--full", type=int, default=None, help="full deals for the solver against DDS")
    ap.add_argument("--seed", type=int, default=1,
                    help="the full deals' seed (bench/dds_nodes.py's; default 1, the budget's)")
    ap.add_argument("--passes", type=int, default=3,
                    help="times the full deals are solved, each deal's quickest kept (default 3)")
    ap.add_argument("--boards", nargs="*", choices=list(BOARDS), default=None,
                    help="the Pis whose memory the AI is sized to (default zero2w pi4)")
    ap.add_argument("--skip", nargs="*", default=[], choices=["memory", "moves", "solver"])
    ap.add_argument("--child", nargs="+", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.passes < 1:
        raise SystemExit("pi_budget: --passes is how many times the deals are solved, 1 or more")
    if args.child:
        kind, *rest = args.child
        if kind == "app":
            result = child_app(rest[0], rest[1], float(rest[2]))
        elif kind == "demo":
            result = child_demo(rest[0], rest[1])
        else:
            result = child_solver(int(rest[0]), int(rest[1]), int(rest[2]))
        print(RESULT + json.dumps(result), flush=True)
        return 0

    sys.path.insert(0, str(ROOT))
    from engine.games import GAMES
    from engine.search.levels import DEFAULT_BUDGET as BUDGET

    games = args.games or (["classic", "bid"] if args.quick else list(GAMES))
    deals = args.deals or (3 if args.quick else 30)
    levels = args.levels or (["hard"] if args.quick else ["hard", "expert"])
    full = args.full or (5 if args.quick else 40)
    failed = []
    print(f"budgets: menu <= {MENU_MB} MB, a game's peak <= {GAME_MB} MB, headless <= {HEADLESS_MB} MB "
          f"(VmHWM, the AI sized to a {PI_CORES}-core Pi of that memory, "
          f"solving on up to {PI_CORES} threads); a move p99 <= {P99_MS:.0f} ms, "
          f"max <= {MAX_MS:.0f} ms processor time; full deals median <= {MEDIAN_RATIO}x DDS, "
          f"worst <= {WORST_RATIO}x", flush=True)
    if "memory" not in args.skip:
        boards = args.boards or (["zero2w"] if args.quick else ["zero2w", "pi4"])
        print(f"\n{'board':<9}{'game':<14}{'menu MB':>9}{'hand MB':>9}{'headless MB':>13}  verdict",
              flush=True)
        for board, game in ((b, g) for b in boards for g in games):
            app = run_child(["app", game, board, "60" if args.quick else "180"])
            demo = run_child(["demo", game, board])
            menu, hand, headless = float(app["menu"]), float(app["hand"]), float(demo["demo"])  # type: ignore[arg-type]
            ok = menu <= MENU_MB and hand <= GAME_MB and headless <= HEADLESS_MB and bool(app["hand_over"])
            note = "" if app["hand_over"] else " (the hand did not finish in time)"
            print(f"{board:<9}{game:<14}{menu:9.0f}{hand:9.0f}{headless:13.0f}  {verdict(ok)}{note}",
                  flush=True)
            if not ok:
                failed.append(f"memory {board} {game}")
    if "moves" not in args.skip:
        print(f"\nprocessor time a move at fixed work, {deals} deals a game and level (ms: p50 / p99 / max); "
              f"the clock of the same moves timed", flush=True)
        for game in games:
            for level in levels:
                kinds, (wall99, wall_max, load, timed_cpu) = move_times(game, level, deals)
                for kind, (n, p50, p99, top) in kinds.items():
                    ok = p99 <= P99_MS and top <= MAX_MS
                    print(f"{game:<14}{level:<8}{kind:<10}{n:6} moves {p50:7.1f} {p99:7.1f} {top:7.1f}  "
                          f"{verdict(ok)}", flush=True)
                    if not ok:
                        failed.append(f"moves {game} {level} {kind}")
                # a timed move (the budget is the clock's) within OVERRUN of it, judged at a load of LOAD
                limit = OVERRUN * 1000 * BUDGET
                # within it at a higher load is within it at LOAD; over it there is not judged
                judged = verdict(wall99 <= limit) if load <= LOAD or wall99 <= limit else \
                    f"not judged: load > {LOAD:.0f}"
                print(f"{game:<14}{level:<8}{'clock':<10}{'':>12} p99 {wall99:7.1f} max {wall_max:7.1f} "
                      f"(budget {1000 * BUDGET:.0f} ms, p99 <= {limit:.0f}; processor p99 {timed_cpu:.1f}, "
                      f"every thread's) load {load:.1f}  {judged}",
                      flush=True)
                if load <= LOAD and wall99 > limit:
                    failed.append(f"clock {game} {level}")
    if "solver" not in args.skip:
        try:
            row = run_child(["solver", str(full), str(args.seed), str(args.passes)])
        except RuntimeError as exc:
            print(f"\nsolver against DDS not measured: {exc}")
        else:
            got = {k: float(v) for k, v in row.items()}  # type: ignore[arg-type]
            med, worst = got["median_ratio"], got["max_ratio"]
            ok = med <= MEDIAN_RATIO and worst <= WORST_RATIO and got["mismatches"] == 0
            print(f"\nfull deals ({full}, seed {args.seed}, processor time, each deal's quickest of "
                  f"{args.passes} passes, "
                  f"table {got['table_mib']:.0f} MiB): "
                  f"ours median {1000 * got['ours_med']:.1f} ms, DDS {1000 * got['dds_med']:.1f} ms; "
                  f"per-position ratio median {med:.2f} (<= {MEDIAN_RATIO}), worst {worst:.2f} "
                  f"(<= {WORST_RATIO}); {got['mismatches']:.0f} values differ  {verdict(ok)}", flush=True)
            # the worst judged above is the worst of the deals' ratios, the stricter reading; the
            # issue that set the budget measured "the worst" as the slowest deal beside DDS's
            # slowest, shown here so both readings are on record
            print(f"slowest deal: ours {1000 * got['ours_max']:.1f} ms, DDS's slowest "
                  f"{1000 * got['dds_max']:.1f} ms ({got['ours_max'] / got['dds_max']:.2f}x)", flush=True)
            if not ok or math.isnan(med):
                failed.append("solver")
    print(f"\nover budget: {', '.join(failed)}" if failed else "\nevery figure within its budget")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
