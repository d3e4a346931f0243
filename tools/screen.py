"""``python -m tools.screen``: screen Hard rule variants at the table.

A variant is a pass and a play function of the ``SeatView``.  On the same duplicate
deals (:func:`tools.tournament.deal_for`, the tested seat rotated through all four), each
variant and today's Hard play the tested seat against three of a field (Hard, Medium);
the figure is the variant's payoff minus Hard's in the same seat, paired by deal, ± its
standard error.  A change is worth keeping only when it gains against both fields: a
rule tuned to beat Hard alone tends to lose to Medium (docs/strength.md, "How strength is
measured").

Variants come from a Python file that defines ``VARIANTS: dict[str, Variant]``; it is
loaded in every worker, so a variant can patch a module's rule constants inside its own
call (:func:`patched`).  Hard's learned tables are values, never patched: a variant passes
one (``hard.choose_play(view, table)``, ``hard.choose_pass(view, table)``).  Never used by
the game.
"""

from __future__ import annotations

import argparse
import importlib.util
import multiprocessing
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType
from typing import Any, NamedTuple

from hearts import Game, bots
from hearts.cards import Card
from hearts.cpu import hard
from hearts.cpu.seatview import SeatView
from hearts.driver import Policy, cpu, drive, hand_done, per_seat
from hearts.enums import Level

from .tournament import deal_for, mean_and_se, worker_map


class Variant(NamedTuple):
    choose_pass: Callable[[SeatView], tuple[Card, Card, Card]] = hard.choose_pass
    choose_play: Callable[[SeatView], Card] = hard.choose_play


BASE = "hard"
FIELDS = ("hard", "medium")


@contextmanager
def patched(module: ModuleType, **values: Any) -> Iterator[None]:
    """Module constants set to ``values`` for the duration of the block."""
    old = {name: getattr(module, name) for name in values}
    for name, value in values.items():
        setattr(module, name, value)
    try:
        yield
    finally:
        for name, value in old.items():
            setattr(module, name, value)


def with_constants(module: ModuleType, **values: Any) -> Variant:
    """Hard with ``module``'s constants set to ``values`` while it passes and plays."""

    def choose_pass(view: SeatView) -> tuple[Card, Card, Card]:
        with patched(module, **values):
            return hard.choose_pass(view)

    def choose_play(view: SeatView) -> Card:
        with patched(module, **values):
            return hard.choose_play(view)

    return Variant(choose_pass, choose_play)


def as_policy(variant: Variant) -> Policy:
    return Policy(
        lambda g, s: variant.choose_pass(bots.seat_view(g, s, Level.HARD)),
        lambda g, s: variant.choose_play(bots.seat_view(g, s, Level.HARD)),
    )


def load_variants(path: str) -> dict[str, Variant]:
    spec = importlib.util.spec_from_file_location("screen_variants", path)
    if spec is None or spec.loader is None:
        raise SystemExit(f"cannot load variants from {path}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    variants: dict[str, Variant] = module.VARIANTS
    return variants


def payoffs(policies: Sequence[Policy], field: Policy, seed: int, index: int) -> list[float]:
    """Each policy's payoff in the tested seat on deal ``index``, mean over the 4 rotations."""
    hands, hand_number, game_seed = deal_for(seed, index)
    out = []
    for tested in policies:
        total = 0.0
        for rotation in range(4):
            seats = [tested if s == rotation else field for s in range(4)]
            game = Game.from_deal(hands, hand_number=hand_number, seed=game_seed)
            points = drive(game, per_seat(seats), until=hand_done).hand_points
            total += (sum(points) - points[rotation]) / 3 - points[rotation]
        out.append(total / 4)
    return out


Job = tuple[str | None, list[str], str, int, int, int]  # variants file, names, field, seed, deals


def play_chunk(job: Job) -> list[list[float]]:
    path, names, field, seed, start, stop = job
    variants = load_variants(path) if path else {}
    policies = [cpu(BASE)] + [as_policy(variants[name]) for name in names]
    return [payoffs(policies, cpu(field), seed, i) for i in range(start, stop)]


def screen(
    path: str | None,
    names: list[str],
    field: str,
    deals: int,
    seed: int,
    workers: int = 2,
    chunk: int = 50,
) -> dict[str, tuple[float, float]]:
    """Each variant's paired change over Hard against 3 of ``field``: mean and SE."""
    jobs: list[Job] = [
        (path, names, field, seed, a, min(a + chunk, deals)) for a in range(0, deals, chunk)
    ]
    rows: list[list[float]] = []
    with worker_map(play_chunk, jobs, workers) as parts:
        for part in parts:
            rows.extend(part)
    return {name: mean_and_se([row[j] - row[0] for row in rows]) for j, name in enumerate(names, 1)}


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("variants", help="a Python file defining VARIANTS: dict[str, Variant]")
    parser.add_argument("--deals", type=int, default=4000)
    parser.add_argument("--seed", type=int, default=31)
    parser.add_argument("--field", action="append", choices=FIELDS)
    parser.add_argument("--workers", type=int, default=min(2, multiprocessing.cpu_count()))
    args = parser.parse_args(argv)
    path = str(Path(args.variants).resolve())
    names = list(load_variants(path))
    began = time.perf_counter()
    print(f"screen: {len(names)} variant(s) minus Hard, {args.deals:,} deals, seed {args.seed}")
    for field in args.field or FIELDS:
        changes = screen(path, names, field, args.deals, args.seed, args.workers)
        print(f"vs 3 {field} ({time.perf_counter() - began:.0f} s)")
        for name, (mean, se) in changes.items():
            print(f"  {name:<28} {mean:+.3f} ± {se:.3f}")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
