#!/usr/bin/env python3
"""An external Regalia bot in plain Python (standard library only), speaking regalia-bot/1.

Run it in a seat with ``regalia play el-grande --seats human,cmd:"python3 examples/random_bot.py"``
or ``regalia tournament el-grande --bots greedy,cmd:"python3 examples/random_bot.py"``.

It picks a random legal action; with ``--samples N`` it first asks Regalia for N determinized
samples of its information set each turn (a real bot would search them), to show the exchange.
A bot in any language does the same: read a JSON object a line, answer one a line, flush.
"""

from __future__ import annotations

import argparse
import json
import random
import sys


def send(message: dict[str, object]) -> None:
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--samples", type=int, default=0,
                        help="determinized samples to ask for each turn (to show how)")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    for line in sys.stdin:
        message = json.loads(line)
        kind = message.get("type")
        if kind == "hello":
            send({"type": "ready", "name": "example random bot"})
        elif kind == "turn":
            turn = message["id"]
            for _ in range(args.samples):
                send({"type": "sample", "id": turn})
                reply = json.loads(sys.stdin.readline())
                assert reply["type"] == "sample" and "state" in reply
            send({"type": "action", "id": turn, "action": rng.choice(message["legal"])})
        elif kind == "over":
            break


if __name__ == "__main__":
    main()
