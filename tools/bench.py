"""``python -m tools.bench``: engine speed — random-legal-play full hands per second."""

from __future__ import annotations

import argparse
import random
import statistics
import time

from hearts import Game
from hearts.driver import drive, hand_done, random_choices


def hands_per_second(hands: int, seed: int) -> float:
    policy = random_choices(random.Random(seed))
    start = time.perf_counter()
    for i in range(hands):
        drive(Game.new(seed + i), policy, until=hand_done)
    return hands / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rates = [hands_per_second(args.hands, args.seed + run * args.hands) for run in range(args.runs)]
    print(f"random-legal full hands (deal, pass, 13 tricks): {args.runs} runs of {args.hands}")
    print(
        f"  median {statistics.median(rates):,.0f} hands/s   "
        f"(min {min(rates):,.0f}, max {max(rates):,.0f})   target >= 2,000 hands/s"
    )


if __name__ == "__main__":
    main()
