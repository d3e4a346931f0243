"""``python -m hearts.bench``: engine speed — random-legal-play full hands per second."""

from __future__ import annotations

import argparse
import random
import statistics
import time

from .game import Game


def play_random_hand(game: Game, rng: random.Random) -> None:
    """Play the current hand of ``game`` to its end with uniformly random legal choices."""
    if game.phase == "pass":
        for seat in range(4):
            game.submit_pass(seat, rng.sample(game.hand(seat), 3))
    while game.phase == "play":
        if game.trick_waiting:
            game.gather_trick()
        else:
            seat = game.to_act
            assert seat is not None
            game.play(seat, rng.choice(game.legal_plays(seat)))


def hands_per_second(hands: int, seed: int) -> float:
    rng = random.Random(seed)
    start = time.perf_counter()
    for i in range(hands):
        play_random_hand(Game.new(seed + i), rng)
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
