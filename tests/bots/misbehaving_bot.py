"""An external player that goes wrong on purpose, for the external seat's tests.

    python tests/bots/misbehaving_bot.py MODE [MOVE]

Plays the first legal action until move MOVE (1-based, default 1), where it
misbehaves as MODE says, then (if still running) plays legally again:
garbage (prints a line that is not JSON), illegal (a card it holds but may
not play, else a claim: never legal), slow (sleeps 3 seconds before
answering), exit (exits with status 3), flood (writes short lines without end
instead of an answer), orphan (starts a child that sleeps ten minutes, says its
process id on standard error, and answers). Each time it says on standard error
what it did.
"""

import json
import subprocess
import sys
import time


def main() -> None:
    mode = sys.argv[1]
    bad_move = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    for move, line in enumerate(sys.stdin, start=1):
        observation = json.loads(line)
        answer = json.dumps(observation["legal"][0])
        if move == bad_move:
            print(f"misbehaving_bot: {mode} at move {move}", file=sys.stderr, flush=True)
            if mode == "garbage":
                answer = "the queen of hearts, please"
            elif mode == "illegal":
                # a card it holds but may not play (it must follow suit), else a claim (never legal)
                seat = observation["seat"]
                barred = sorted(set(observation["hand"]) - {a.get("card") for a in observation["legal"]})
                wrong = {"type": "play", "seat": seat, "card": barred[0]} if barred else \
                    {"type": "claim", "seat": seat, "tricks": 13}
                answer = json.dumps(wrong)
            elif mode == "slow":
                time.sleep(3)
            elif mode == "exit":
                sys.exit(3)
            elif mode == "flood":
                while True:
                    sys.stdout.write("{}\n" * 4096)
            elif mode == "orphan":
                child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"])
                print(f"misbehaving_bot: child {child.pid}", file=sys.stderr, flush=True)
        print(answer, flush=True)


if __name__ == "__main__":
    main()
