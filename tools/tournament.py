"""``python -m tools.tournament``: the measured strength order of the CPU levels.

Duplicate deals: deal ``i`` (from ``--seed``) is played four times, the tested player in
each seat once and the opponent level in the other three; the pass direction is fixed by
the deal's index (left, right, across, hold).  Per pairing it prints

* payoff in points per hand: the mean of the other seats' points minus the tested seat's
  points (hand scores, the moon applied), with its standard error.  The four rotations of
  a deal are correlated, so the unit of the standard error is the deal (mean of its four);
* game-win rate: each rotation's hands, in deal order, chained into games to 100 (R4);
  won = alone lowest, drawn = tied lowest (three equal opponents make 25 % the even mark);
* moons conceded per 1,000 hands (an opponent of the tested player shot the moon);
* for the scripted moon-shooter, how often it takes all 26 points against each level;
* CPU decision time per level (median and 99th percentile, view building included).

Pairings are ``TESTED:OPPONENT`` with players easy, medium, hard, random, shooter and
opportunist (see :mod:`tools.scripted`); with ``opportunist:X`` and ``medium:X`` both run
(or X = medium, where Medium's own payoff is 0 by symmetry), the report adds the
opportunist's payoff change over Medium in that seat, paired by deal.
The CPUs ignore the game score, so chaining hands into games is exact.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import statistics
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import TextIO, TypeVar

from hearts import Game, bots
from hearts.cards import DECK, Card
from hearts.driver import Policy, drive, hand_done, per_seat
from hearts.enums import LEVELS
from hearts.rng import SeedStream
from hearts.rules import GAME_END_SCORE

from . import scripted

PLAYERS = (*LEVELS, "random", "shooter", "opportunist")
DEFAULT_PAIRINGS = (
    "medium:easy",
    "easy:medium",
    "hard:medium",
    "medium:hard",
    "easy:random",
    "shooter:easy",
    "shooter:medium",
    "shooter:hard",
    "opportunist:medium",
    "opportunist:hard",
)
TIME_BINS = 20_001  # microseconds 0 … 20,000 (the last bin collects anything slower)
CHUNK = 250  # deals per work unit

_SCRIPTED: dict[str, Policy] = {
    "random": Policy(
        lambda g, s: scripted.random_pass(bots.seat_view(g, s)),
        lambda g, s: scripted.random_play(bots.seat_view(g, s)),
    ),
    "shooter": Policy(
        lambda g, s: scripted.shooter_pass(bots.seat_view(g, s)),
        lambda g, s: scripted.shooter_play(bots.seat_view(g, s)),
    ),
    "opportunist": Policy(
        lambda g, s: scripted.opportunist_pass(bots.seat_view(g, s)),
        lambda g, s: scripted.opportunist_play(bots.seat_view(g, s)),
    ),
}


def timed_cpu(level: str, times: dict[str, list[int]]) -> Policy:
    """A CPU level whose decision times go into ``times[level]`` (1-µs bins)."""
    histogram = times[level]
    clock = time.perf_counter_ns

    def record(start: int) -> None:
        histogram[min((clock() - start) // 1000, TIME_BINS - 1)] += 1

    def choose_pass(game: Game, seat: int) -> tuple[Card, Card, Card]:
        start = clock()
        cards = bots.cpu_pass(game, seat, level)
        record(start)
        return cards

    def choose_play(game: Game, seat: int) -> Card:
        start = clock()
        card = bots.cpu_play(game, seat, level)
        record(start)
        return card

    return Policy(choose_pass, choose_play)


def deal_for(seed: int, index: int) -> tuple[list[tuple[Card, ...]], int, int]:
    """Deal ``index`` of a run: the four hands, its hand number (pass direction), its game seed."""
    cards = SeedStream(seed, "tournament", "deal", index).shuffled(DECK)
    hands = [tuple(sorted(cards[i * 13 : (i + 1) * 13])) for i in range(4)]
    game_seed = SeedStream(seed, "tournament", "game", index).below(1 << 31)
    return hands, index % 4 + 1, game_seed


def play_hand(
    hands: Sequence[Sequence[Card]],
    hand_number: int,
    game_seed: int,
    kinds: Sequence[str],
    times: dict[str, list[int]],
) -> tuple[int, int, int, int]:
    """Play one hand with the given player in each seat; returns the hand's scores."""
    game = Game.from_deal(hands, hand_number=hand_number, seed=game_seed)
    seats = [_SCRIPTED[kind] if kind in _SCRIPTED else timed_cpu(kind, times) for kind in kinds]
    return drive(game, per_seat(seats), until=hand_done).hand_points


Times = dict[str, list[int]]  # per level, a histogram of decision times in 1-µs bins
J = TypeVar("J")
R = TypeVar("R")


def empty_times() -> Times:
    return {level: [0] * TIME_BINS for level in LEVELS}


def add_times(times: Times, more: Times) -> None:
    """Add the histograms ``more`` into ``times``."""
    for level in LEVELS:
        times[level] = [a + b for a, b in zip(times[level], more[level], strict=True)]


@contextmanager
def worker_map(play: Callable[[J], R], jobs: Sequence[J], workers: int) -> Iterator[Iterator[R]]:
    """``play`` over ``jobs``, results in job order: in ``workers`` processes, or in this one."""
    if workers <= 1:
        yield map(play, jobs)
        return
    pool = multiprocessing.get_context().Pool(workers)
    try:
        yield pool.imap(play, jobs)
    finally:
        pool.terminate()  # every result taken, or a run stopped early leaves jobs in flight
        pool.join()


Job = tuple[str, str, int, int, int]  # tested, opponent, run seed, first deal, stop
ChunkResult = tuple[list[int], dict[str, list[int]]]  # 16 scores per deal, decision times


def play_chunk(job: Job) -> ChunkResult:
    """Deals ``start`` … ``stop - 1``, each in four rotations: 16 scores per deal."""
    tested, opponent, seed, start, stop = job
    times = empty_times()
    scores: list[int] = []
    for index in range(start, stop):
        hands, hand_number, game_seed = deal_for(seed, index)
        for rotation in range(4):
            kinds = [tested if seat == rotation else opponent for seat in range(4)]
            scores.extend(play_hand(hands, hand_number, game_seed, kinds, times))
    return scores, times


class Result:
    """The scores of one pairing, deal by deal, and what they add up to."""

    def __init__(self, tested: str, opponent: str, scores: list[int]) -> None:
        self.tested, self.opponent = tested, opponent
        self.deals = len(scores) // 16
        self.hand_scores = [tuple(scores[i : i + 4]) for i in range(0, len(scores), 4)]

    def rotation_scores(self, rotation: int) -> Iterator[tuple[int, ...]]:
        return (self.hand_scores[d * 4 + rotation] for d in range(self.deals))

    def per_deal(self) -> list[float]:
        """The payoff of each deal: the mean over its four rotations."""
        per_deal = []
        for d in range(self.deals):
            total = 0.0
            for rotation in range(4):
                s = self.hand_scores[d * 4 + rotation]
                total += (sum(s) - s[rotation]) / 3 - s[rotation]
            per_deal.append(total / 4)
        return per_deal

    def payoff(self) -> tuple[float, float]:
        return mean_and_se(self.per_deal())

    def moons(self) -> tuple[int, int]:
        """(moons shot by the tested player, moons conceded to an opponent)."""
        shot = conceded = 0
        for d in range(self.deals):
            for rotation in range(4):
                s = self.hand_scores[d * 4 + rotation]
                if sum(s) == 78:
                    if s[rotation] == 0:
                        shot += 1
                    else:
                        conceded += 1
        return shot, conceded

    def games(self) -> tuple[int, int, int]:
        """(games, won, drawn) for the tested player over hands chained into games to 100."""
        games = won = drawn = 0
        for rotation in range(4):
            totals = [0, 0, 0, 0]
            for s in self.rotation_scores(rotation):
                for seat in range(4):
                    totals[seat] += s[seat]
                if max(totals) >= GAME_END_SCORE:
                    lowest = min(totals)
                    games += 1
                    if totals[rotation] == lowest:
                        if totals.count(lowest) == 1:
                            won += 1
                        else:
                            drawn += 1
                    totals = [0, 0, 0, 0]
        return games, won, drawn


def mean_and_se(values: Sequence[float]) -> tuple[float, float]:
    """The mean and its standard error."""
    mean = statistics.fmean(values)
    se = statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return mean, se


def paired_change(a: Result, b: Result) -> tuple[float, float]:
    """Payoff of ``a`` minus payoff of ``b`` on the same deals, with the SE of the paired change."""
    return mean_and_se([x - y for x, y in zip(a.per_deal(), b.per_deal(), strict=True)])


def quantile(histogram: Sequence[int], q: float) -> float:
    """The ``q`` quantile (in microseconds) of a 1-µs histogram."""
    total = sum(histogram)
    if not total:
        return math.nan
    rank = q * (total - 1)
    seen = 0
    for value, count in enumerate(histogram):
        seen += count
        if seen > rank:
            return value + 0.5
    return len(histogram) - 0.5


def run(
    pairings: Sequence[tuple[str, str]],
    deals: int,
    seed: int,
    workers: int,
    play: Callable[[Job], ChunkResult] = play_chunk,
    chunk: int = CHUNK,
) -> tuple[list[Result], dict[str, list[int]]]:
    """Every pairing over ``deals`` duplicate deals, ``chunk`` deals a work unit for ``play``."""
    jobs = [
        (tested, opponent, seed, start, min(start + chunk, deals))
        for tested, opponent in pairings
        for start in range(0, deals, chunk)
    ]
    collected: dict[tuple[str, str], list[int]] = {p: [] for p in pairings}
    times = empty_times()
    began = time.perf_counter()
    done = 0
    with worker_map(play, jobs, workers) as results:
        for job, (scores, chunk_times) in zip(jobs, results, strict=True):
            collected[(job[0], job[1])].extend(scores)
            add_times(times, chunk_times)
            done += 1
            if done % max(1, len(jobs) // 20) == 0 or done == len(jobs):
                elapsed = time.perf_counter() - began
                hands = sum(len(s) for s in collected.values()) // 4
                print(
                    f"  … {done}/{len(jobs)} chunks, {hands:,} hands, {elapsed:.0f} s "
                    f"({hands / elapsed:,.0f} hands/s), now {job[0]}:{job[1]}",
                    file=sys.stderr,
                    flush=True,
                )
    return [Result(t, o, collected[(t, o)]) for t, o in pairings], times


def report(results: list[Result], times: dict[str, list[int]], out: TextIO | None = None) -> None:
    out = out or sys.stdout
    print(
        "| pairing (1 tested vs 3) | payoff pts/hand ± SE | margin | game wins (draws) "
        "| moons conceded /1000 hands | deals (hands) |",
        file=out,
    )
    print("|---|---|---|---|---|---|", file=out)
    for r in results:
        mean, se = r.payoff()
        games, won, drawn = r.games()
        shot, conceded = r.moons()
        hands = r.deals * 4
        margin = f"{mean / se:+.1f} SE" if se else "n/a"
        wins = (
            f"{100 * won / games:.1f} % ({100 * drawn / games:.1f} %) of {games:,}"
            if games
            else "-"
        )
        print(
            f"| {r.tested} vs 3 {r.opponent} | {mean:+.3f} ± {se:.3f} | {margin} | {wins} "
            f"| {1000 * conceded / hands:.2f} | {r.deals:,} ({hands:,}) |",
            file=out,
        )
    shooters = [r for r in results if r.tested == "shooter"]
    if shooters:
        print(
            "\nScripted moon-shooter (always tries to take all 26) against 3 of a level:", file=out
        )
        for r in shooters:
            shot, _ = r.moons()
            hands = r.deals * 4
            p = shot / hands
            se = math.sqrt(p * (1 - p) / hands)
            print(
                f"  vs {r.opponent:<6}: moon in {100 * p:.2f} % ± {100 * se:.2f} %"
                f" of {hands:,} hands",
                file=out,
            )
    by_pairing = {(r.tested, r.opponent): r for r in results}
    for r in results:
        plain = by_pairing.get(("medium", r.opponent))
        if r.tested != "opportunist":
            continue
        if plain is not None and plain.deals == r.deals:
            change, se = paired_change(r, plain)
        elif r.opponent == "medium":
            change, se = r.payoff()  # Medium vs 3 Medium pays exactly 0 on every deal
        else:
            continue
        shot, _ = r.moons()
        print(
            f"\nOpportunist (Medium that tries a moon with a strong hand) vs 3 {r.opponent}: "
            f"moon in {100 * shot / (4 * r.deals):.2f} % of hands; payoff change against "
            f"Medium in that seat {change:+.3f} ± {se:.3f} pts/hand",
            file=out,
        )
    print("\nCPU decision time (pass and play, SeatView included):", file=out)
    for level in LEVELS:
        n = sum(times[level])
        if n:
            print(
                f"  {level:<6}: median {quantile(times[level], 0.5) / 1000:.3f} ms, "
                f"p99 {quantile(times[level], 0.99) / 1000:.3f} ms over {n:,} decisions",
                file=out,
            )


def parse_pairing(text: str) -> tuple[str, str]:
    tested, sep, opponent = text.partition(":")
    if not sep or tested not in PLAYERS or opponent not in PLAYERS:
        raise argparse.ArgumentTypeError(
            f"pairing {text!r}: expected TESTED:OPPONENT from {', '.join(PLAYERS)}"
        )
    return tested, opponent


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--hands",
        type=int,
        default=20_000,
        help="duplicate deals per pairing, each played 4 times (default 20000)",
    )
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument(
        "--pairing",
        type=parse_pairing,
        action="append",
        help="TESTED:OPPONENT (repeatable); default: " + ", ".join(DEFAULT_PAIRINGS),
    )
    parser.add_argument("--workers", type=int, default=min(2, multiprocessing.cpu_count()))
    args = parser.parse_args(argv)
    pairings = args.pairing or [parse_pairing(p) for p in DEFAULT_PAIRINGS]
    began = time.perf_counter()
    print(
        f"duplicate tournament: {args.hands:,} deals x 4 rotations per pairing, seed {args.seed}, "
        f"{args.workers} worker(s)",
        flush=True,
    )
    results, times = run(pairings, args.hands, args.seed, args.workers)
    report(results, times)
    print(f"\nruntime {time.perf_counter() - began:.0f} s", flush=True)


if __name__ == "__main__":
    main()
