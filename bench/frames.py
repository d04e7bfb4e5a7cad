"""Frame times of the table scene during play, and the time to the first frame.

    SDL_VIDEODRIVER=dummy python bench/frames.py [--frames N] [--sizes 800x480,1920x1080] [--rotations 0,90]

For each size the table is played at normal animation speed with the AI in
its worker thread (as in the real app) and South played by posted taps; the
loop is paced at 60 fps like the app's own. Printed: median and 99th
percentile of the frame time (input, update, draw, present; the wait for the
next frame excluded), at each screen rotation, against the budgets (median 4 ms at 800x480, 8 ms at
1920x1080), and the time from process start to the first frame (budget 1.5 s)
measured in a fresh process.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

BUDGETS = {(800, 480): 4.0, (1920, 1080): 8.0}
FIRST_FRAME_BUDGET = 1.5

_FIRST_FRAME_CHILD = """
import os, sys, time
sys.path.insert(0, {root!r})
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
from device.app.main import app_from_args
class A: size = {size!r}; fullscreen = False; config = None; seed = None
app = app_from_args(A(), persist=False)
app.step(1 / 60)
import resource
ru = resource.getrusage(resource.RUSAGE_SELF)
print(time.time(), ru.ru_utime + ru.ru_stime)
"""


def first_frame(size: str) -> tuple[float, float]:
    """(wall seconds from process start to the first frame, CPU seconds the process used)."""
    root = str(Path(__file__).resolve().parent.parent)
    start = time.time()
    env = dict(os.environ, XDG_CONFIG_HOME="/nonexistent")  # defaults, not the user's settings
    out = subprocess.run([sys.executable, "-c", _FIRST_FRAME_CHILD.format(root=root, size=size)],
                         capture_output=True, text=True, check=True, env=env)
    done, cpu = out.stdout.strip().splitlines()[-1].split()
    return float(done) - start, float(cpu)


def play_frames(size: tuple[int, int], frames: int, level: str, pace: bool, rotation: int = 0) -> list[float]:
    from device.app.testing import make_app, tap

    app = make_app(size, rotation, animation="normal", seed=11, level=level, synchronous=False)
    app.go("table")
    app.scene.shuffle_and_deal()
    times: list[float] = []
    next_tick = time.perf_counter()
    try:
        for _ in range(frames):
            scene = app.scene
            if scene.name in ("summary", "celebration"):
                scene.next_hand()
            elif scene.name == "table" and scene.waiting_for_human and scene.app.clock > getattr(
                    scene, "_bench_wait", 0):
                card = scene.deal.legal_moves()[0]
                # A human takes a moment: select, then play a few frames later.
                if scene.selected == card:
                    tap(app, *scene.tap_point(card), steps=0)
                else:
                    tap(app, *scene.tap_point(card), steps=0)
                scene._bench_wait = scene.app.clock + 0.25
            t0 = time.perf_counter()
            app.step(1 / 60)
            times.append((time.perf_counter() - t0) * 1000)
            if pace:
                next_tick += 1 / 60
                delay = next_tick - time.perf_counter()
                if delay > 0:
                    time.sleep(delay)
                else:
                    next_tick = time.perf_counter()
    finally:
        app.close()
    return times


def pct(values: list[float], p: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, int(round(p / 100 * (len(s) - 1))))]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--frames", type=int, default=900, help="frames per size (default 900 = 15 s)")
    ap.add_argument("--sizes", default="800x480,1920x1080")
    ap.add_argument("--rotations", default="0,90", help="screen rotations to measure (0, 90, 180, 270)")
    ap.add_argument("--level", default="hard", help="AI level of the three AI seats")
    ap.add_argument("--no-pace", action="store_true", help="run frames back to back")
    args = ap.parse_args(argv)
    ok = True
    print(f"table scene during play, {args.frames} frames per size, AI {args.level} in its worker thread")
    print(f"{'size':>10} {'rotation':>8} {'median ms':>10} {'p99 ms':>8} {'max ms':>8} {'median budget':>14}")
    for text in args.sizes.split(","):
        w, h = (int(x) for x in text.split("x"))
        for rotation in (int(r) for r in args.rotations.split(",")):
            times = play_frames((w, h), args.frames, args.level, not args.no_pace, rotation)
            med, p99 = statistics.median(times), pct(times, 99)
            budget = BUDGETS.get((w, h))
            verdict = "" if budget is None else ("ok" if med <= budget else "OVER")
            ok &= verdict != "OVER"
            print(f"{text:>10} {rotation:>8} {med:>10.2f} {p99:>8.2f} {max(times):>8.2f} {budget or '-':>14} "
                  f"{verdict}")
    runs = [first_frame("800x480") for _ in range(3)]
    walls = [r[0] for r in runs]
    cpus = [r[1] for r in runs]
    med = statistics.median(walls)
    verdict = "ok" if med <= FIRST_FRAME_BUDGET else "OVER"
    ok &= verdict == "ok"
    print(f"process start to first frame (800x480, 3 runs): median {med:.2f} s "
          f"(best {min(walls):.2f}, worst {max(walls):.2f}), budget {FIRST_FRAME_BUDGET} s {verdict}; "
          f"CPU used {statistics.median(cpus):.2f} s")
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"load average during the run: {load:.2f} on {os.cpu_count()} cores "
          "(figures from a busy machine are slower than a quiet one's)")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
