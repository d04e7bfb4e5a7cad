"""The smallest external player: a random legal action, stdlib only.

    whist-table arena --game classic hard cmd:"python tests/bots/random_bot.py"

An external seat (``cmd:PROGRAM``) reads one observation a line on standard
input (JSON, see docs/observation.md) and answers each with one action a line
on standard output (JSON: ``{"type": "play", "seat": "S", "card": "HQ"}``).
The observation's ``legal`` list holds every action the seat may take, each
already in that form, so this player only picks one. Flush after every line:
the table waits for it (2 seconds by default). Optional argument: a seed
(default 0, so a match repeats).
"""

import json
import random
import sys


def main() -> None:
    rng = random.Random(sys.argv[1] if len(sys.argv) > 1 else 0)
    for line in sys.stdin:
        observation = json.loads(line)
        action = rng.choice(observation["legal"])
        print(json.dumps(action), flush=True)


if __name__ == "__main__":
    main()
