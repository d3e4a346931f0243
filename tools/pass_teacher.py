"""``python -m tools.pass_teacher``: what a search finds in Hard's pass (never shipped).

The play teacher (:mod:`tools.teacher`) passes like the frozen Hard, so it says nothing
about passing.  This one searches the pass: for a seat's pass decision it deals ``worlds``
random layouts of the 39 cards it cannot see (nothing is known before the exchange), lets
the other seats pass as their level does (a Hard field by its rules, :data:`FIELD_PASS`),
and for every candidate pass plays the hand out (today's Hard in the tested seat, the
field's level in the others), the same worlds for every candidate (common random numbers).
The payoff is the tournament's: the other seats' mean hand score minus the tested seat's.

The candidates are every three cards among the six the first round of Hard's pass scores
most dangerous to keep, plus Hard's rule pass (:func:`candidates`).  Picking the best of
many noisy means flatters the pick, so the worlds are split in halves: the pass that is
best on one half is valued on the other against the rule pass, and the two ways are
averaged.  That split gain is a floor, not the head-room: one decision's layouts are too
few to pick well (+0.05 a pass vs 3 Medium over 3,000 decisions), while a fit pooled over
all of them (:mod:`tools.learn_pass`, which reads these records) gains +0.3 a hand.  The
roll-outs are played blind, by the levels themselves, so a gain is what Hard can win at
the table; ``--variants FILE.py`` values pass rules on the records (:func:`offline_gains`)
without a new search.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TypedDict

from hearts.cards import DECK, TWO_OF_CLUBS, Card, format_cards, parse_cards
from hearts.cpu import hard, hard_pass_eval, hard_passing, medium
from hearts.cpu.seatview import SeatView
from hearts.enums import Direction, Level, Phase
from hearts.rng import SeedStream
from hearts.rules import pass_direction, pass_target

from . import screen
from .teacher import payoff, play_out
from .tournament import deal_for, mean_and_se, worker_map

WORLDS = 32
CACHE = Path(".cache/pass-teacher")
Pass = tuple[Card, Card, Card]
LEVELS = {"hard": hard, "medium": medium}
# The field's pass: Hard's rules, not its learned pass, so that the records (and the pass
# table fitted to them) do not depend on the table they are recorded for.
FIELD_PASS = {"hard": hard_passing.choose_pass, "medium": medium.choose_pass}


class PassRecord(TypedDict):
    """One pass decision: the candidates (Hard's first) and their mean payoffs."""

    deal: int
    seat: int
    direction: str
    hand: str
    passes: list[str]
    means: list[float]
    split_gain: float


def view_at(seat: int, hand: Sequence[Card], hand_number: int, phase: Phase, salt: int) -> SeatView:
    """A seat's view at the start of the hand: before the exchange, or leading trick 1."""
    return SeatView(
        seat=seat,
        level=Level.HARD,
        phase=phase,
        hand_number=hand_number,
        pass_direction=pass_direction(hand_number),
        hand=tuple(sorted(hand)),
        legal=(TWO_OF_CLUBS,) if phase == Phase.PLAY else (),
        tricks=(),
        current_trick=(),
        hearts_broken=False,
        points_taken=(0, 0, 0, 0),
        scores=(0, 0, 0, 0),
        tiebreak=salt,
    )


def candidates(view: SeatView) -> list[Pass]:
    """Hard's rule pass first, then every other three of its six most dangerous cards
    (:func:`hearts.cpu.hard_pass_eval.candidates`: the learned pass chooses among these)."""
    danger = hard_passing.keep_danger(list(view.hand), 3)
    return hard_pass_eval.candidates(view, hard_passing.choose_pass(view), danger)


def values(
    view: SeatView, passes: Sequence[Pass], field: str, worlds: int, rng: random.Random
) -> list[list[float]]:
    """``values[w][i]``: the payoff of pass ``i`` in world ``w``."""
    seat = view.seat
    tested_play, field_level = hard.choose_play, LEVELS[field]

    def choose(v: SeatView) -> Card:
        return tested_play(v) if v.seat == seat else field_level.choose_play(v)

    unseen = [c for c in DECK if c not in view.hand]
    out = []
    for _ in range(worlds):
        rng.shuffle(unseen)
        hands = [list(view.hand) if s == seat else [] for s in range(4)]
        others = [s for s in range(4) if s != seat]
        for i, s in enumerate(others):
            hands[s] = sorted(unseen[i * 13 : (i + 1) * 13])
        their = {
            s: FIELD_PASS[field](
                view_at(s, hands[s], view.hand_number, Phase.PASS, rng.randrange(1 << 60))
            )
            for s in others
        }
        salt = rng.randrange(1 << 30)
        row = []
        for mine in passes:
            after = [list(h) for h in hands]
            for s, cards in (*their.items(), (seat, mine)):
                to = pass_target(s, view.pass_direction)
                for c in cards:
                    after[s].remove(c)
                    after[to].append(c)
            lead = next(s for s in range(4) if TWO_OF_CLUBS in after[s])
            start = view_at(lead, after[lead], view.hand_number, Phase.PLAY, salt)
            points = play_out(start, after, TWO_OF_CLUBS, choose, salt)
            row.append(payoff(points, seat))
        out.append(row)
    return out


def column_means(table: Sequence[Sequence[float]]) -> list[float]:
    """Each pass's mean payoff over the worlds of ``table``."""
    return [sum(col) / len(table) for col in zip(*table, strict=True)]


def split_gain(table: list[list[float]]) -> float:
    """The pass best on one half of the worlds, valued on the other, minus pass 0 (Hard's)."""
    half = len(table) // 2
    gains = []
    for pick_on, judge_on in ((table[:half], table[half:]), (table[half:], table[:half])):
        means = column_means(pick_on)
        best = max(range(len(means)), key=means.__getitem__)
        judged = [row[best] - row[0] for row in judge_on]
        gains.append(sum(judged) / len(judged))
    return sum(gains) / 2


Job = tuple[str, int, int, int, int]  # field, seed, worlds, first deal, stop


def decide_chunk(job: Job) -> list[PassRecord]:
    field, seed, worlds, start, stop = job
    records: list[PassRecord] = []
    for index in range(start, stop):
        view = pass_view(seed, index)
        if view.pass_direction == Direction.HOLD:
            continue
        passes = candidates(view)
        rng = random.Random(SeedStream(seed, "pass-teacher", index).below(1 << 32))
        table = values(view, passes, field, worlds, rng)
        means = column_means(table)
        records.append(
            {
                "deal": index,
                "seat": view.seat,
                "direction": view.pass_direction.value,
                "hand": format_cards(view.hand),
                "passes": [format_cards(p) for p in passes],
                "means": [round(m, 4) for m in means],
                "split_gain": round(split_gain(table), 4),
            }
        )
    return records


def pass_view(seed: int, index: int) -> SeatView:
    """The view of deal ``index``'s pass decision, as :func:`decide_chunk` builds it."""
    hands, hand_number, game_seed = deal_for(seed, index)
    seat = index // 4 % 4
    salt = SeedStream(game_seed, "pass-teacher", seat).below(1 << 31)
    return view_at(seat, hands[seat], hand_number, Phase.PASS, salt)


def offline_gains(
    records: Sequence[PassRecord], seed: int, choose_pass: Callable[[SeatView], Pass]
) -> tuple[list[float], int]:
    """A pass rule's gain over Hard's at each recorded decision where its pass was valued
    (its mean minus Hard's, the same worlds), and how many of its passes were not."""
    gains, unvalued = [], 0
    for record in records:
        passes = [frozenset(parse_cards(p)) for p in record["passes"]]
        mine = frozenset(choose_pass(pass_view(seed, record["deal"])))
        if mine in passes:
            gains.append(record["means"][passes.index(mine)] - record["means"][0])
        else:
            unvalued += 1
    return gains, unvalued


def run(
    field: str, deals: int, seed: int, worlds: int, workers: int, chunk: int = 8
) -> list[PassRecord]:
    jobs: list[Job] = [
        (field, seed, worlds, a, min(a + chunk, deals)) for a in range(0, deals, chunk)
    ]
    records: list[PassRecord] = []
    with worker_map(decide_chunk, jobs, workers) as parts:
        for part in parts:
            records.extend(part)
    return records


def records_path(field: str, seed: int, deals: int, worlds: int) -> Path:
    return CACHE / f"{field}-{seed}-{deals}-{worlds}.jsonl"


def print_offline(variants: str, field: str, seed: int, deals: int, worlds: int) -> None:
    path = records_path(field, seed, deals, worlds)
    records: list[PassRecord] = [json.loads(line) for line in path.read_text().splitlines()]
    print(f"pass rules valued on {path} ({len(records)} decisions), gain over Hard's pass:")
    for name, variant in screen.load_variants(variants).items():
        gains, unvalued = offline_gains(records, seed, variant.choose_pass)
        gain, se = mean_and_se(gains)
        print(f"  {name:28s} {gain:+.4f} ± {se:.4f}   ({unvalued} passes not among the candidates)")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=400, help="deals (every 4th is a hold)")
    parser.add_argument("--seed", type=int, default=24)
    parser.add_argument("--worlds", type=int, default=WORLDS)
    parser.add_argument("--field", choices=sorted(LEVELS), default="hard")
    parser.add_argument("--workers", type=int, default=min(2, multiprocessing.cpu_count()))
    parser.add_argument(
        "--variants",
        metavar="FILE.py",
        help="value these pass rules (tools.screen's VARIANTS) on the records instead of searching",
    )
    args = parser.parse_args(argv)
    if args.variants:
        print_offline(args.variants, args.field, args.seed, args.deals, args.worlds)
        return
    began = time.perf_counter()
    records = run(args.field, args.deals, args.seed, args.worlds, args.workers)
    CACHE.mkdir(parents=True, exist_ok=True)
    out = records_path(args.field, args.seed, args.deals, args.worlds)
    out.write_text("".join(json.dumps(r) + "\n" for r in records))
    gain, se = mean_and_se([r["split_gain"] for r in records])
    best = [max(r["means"]) - r["means"][0] for r in records]
    print(
        f"pass teacher vs 3 {args.field}: {len(records)} pass decisions, {args.worlds} worlds, "
        f"{time.perf_counter() - began:.0f} s -> {out}"
    )
    print(
        "  best pass on half the worlds, valued on the other half, minus Hard's: "
        f"{gain:+.3f} ± {se:.3f}"
    )
    print(f"  best mean minus Hard's over all worlds (biased upward): {sum(best) / len(best):+.3f}")
    kept = sum(1 for r in records if max(r["means"]) == r["means"][0])
    print(f"  Hard's pass is the search's best in {kept} of {len(records)}")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
