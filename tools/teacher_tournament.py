"""``python -m tools.teacher_tournament``: a level against the PIMC teacher.

Two pairings on the same duplicate deals (:func:`tools.tournament.deal_for`, seats
rotated): our level in one seat against three teachers, and one teacher against three of
our level.  Payoff ± SE (unit: the deal), games, moons and decision times are
:class:`tools.tournament.Result`'s and :func:`tools.tournament.report`'s.  Deal by deal both
pairings are played, so a run stopped by ``--minutes`` still holds both on the same deals;
the report names how many deals were played.  The teacher is slow (about a second of pure
Python per teacher seat and hand), so ``--workers`` processes play the deals, in order.
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
import time
from collections.abc import Sequence

from hearts import Game
from hearts.driver import Policy, drive, hand_done, per_seat
from hearts.enums import LEVELS

from . import teacher
from .tournament import (
    Result,
    Times,
    add_times,
    deal_for,
    empty_times,
    report,
    timed_cpu,
    worker_map,
)

TEACHER = "teacher"


def play_deal(
    level: str, worlds: int, seed: int, index: int, times: dict[str, list[int]]
) -> tuple[list[int], list[int]]:
    """Deal ``index`` in four rotations for both pairings: (level vs 3 teachers, teacher vs 3)."""
    hands, hand_number, game_seed = deal_for(seed, index)
    ours = timed_cpu(level, times)
    theirs = teacher.policy(worlds)
    scores: tuple[list[int], list[int]] = ([], [])
    for pairing, (tested, field) in enumerate(((ours, theirs), (theirs, ours))):
        for rotation in range(4):
            seats: list[Policy] = [tested if s == rotation else field for s in range(4)]
            game = Game.from_deal(hands, hand_number=hand_number, seed=game_seed)
            scores[pairing].extend(drive(game, per_seat(seats), until=hand_done).hand_points)
    return scores


DealJob = tuple[str, int, int, int]  # level, worlds, run seed, deal index
DealResult = tuple[list[int], list[int], Times]


def play_job(job: DealJob) -> DealResult:
    """One deal's both pairings, with the decision times of our level (a worker's unit)."""
    level, worlds, seed, index = job
    times = empty_times()
    a, b = play_deal(level, worlds, seed, index, times)
    return a, b, times


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=500, help="duplicate deals (default 500)")
    parser.add_argument("--level", choices=LEVELS, default="hard")
    parser.add_argument("--worlds", type=int, default=teacher.WORLDS)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument(
        "--minutes", type=float, default=0.0, help="stop after the deal that passes this (0: none)"
    )
    parser.add_argument("--workers", type=int, default=min(2, multiprocessing.cpu_count()))
    args = parser.parse_args(argv)
    print(
        f"teacher tournament: {args.level} vs PIMC teacher ({args.worlds} worlds, frozen Hard "
        f"roll-outs), up to {args.deals:,} deals x 4 rotations, seed {args.seed}",
        flush=True,
    )
    began = time.perf_counter()
    times = empty_times()
    collected: tuple[list[int], list[int]] = ([], [])
    played = 0
    jobs = [(args.level, args.worlds, args.seed, index) for index in range(args.deals)]
    with worker_map(play_job, jobs, args.workers) as outcomes:
        for a, b, deal_times in outcomes:
            add_times(times, deal_times)
            collected[0].extend(a)
            collected[1].extend(b)
            played += 1
            elapsed = time.perf_counter() - began
            if played % 10 == 0:
                r = Result(args.level, TEACHER, collected[0]).payoff()
                t = Result(TEACHER, args.level, collected[1]).payoff()
                print(
                    f"  … {played} deals, {elapsed:.0f} s: {args.level} vs 3 teachers "
                    f"{r[0]:+.2f} ± {r[1]:.2f}, teacher vs 3 {t[0]:+.2f} ± {t[1]:.2f}",
                    file=sys.stderr,
                    flush=True,
                )
            if args.minutes and elapsed > 60 * args.minutes:
                break
    results = [
        Result(args.level, TEACHER, collected[0]),
        Result(TEACHER, args.level, collected[1]),
    ]
    report(results, times)
    print(f"\n{played:,} deals; runtime {time.perf_counter() - began:.0f} s", flush=True)


if __name__ == "__main__":
    main()
