"""``python -m tools.learn_pass``: fit Hard's pass to what a search finds it worth.

The recipe, reproducible from ``--seed`` and ``--field``:

1. **record**: :mod:`tools.pass_teacher` values every candidate pass of ``--deals`` deals
   (Hard's rule pass and every three of the six cards it most wants to be rid of), each
   played out in the same ``--worlds`` random layouts by today's Hard in the seat and the
   field in the others (JSON lines under ``.cache/pass-teacher/``, never committed; kept
   and reused unless ``--record``);
2. **fit**: per decision, each candidate's row of :func:`hearts.cpu.hard_pass_eval.features`
   minus the rule pass's, against its mean payoff minus the rule pass's; ridge least
   squares in pure Python (:func:`tools.learn_hard.solve`) on four decisions in five;
3. **choose**: the weights decide only if, on the held-out fifth, the candidates they
   pick beat the rule pass (the recorded means) *and* Hard passing by them beats Hard
   passing by the rules in play, ``--check-deals`` duplicate deals against three of each
   field, by more than the standard error;
4. **write** ``hearts/cpu/hard_pass_weights.py`` with its checksum and the digest of the
   feature schema (:func:`hearts.cpu.hard_pass_eval.schema`;
   ``tests/cpu/test_learned_pass.py`` checks both).

The roll-outs are played by today's Hard, so run it after ``make learn-hard`` changes the
play table.  Unlike the split test of ``tools.pass_teacher`` (one decision's best pass on
half its layouts, valued on the other half), the fit pools thousands of decisions, so
what it learns is not drowned by one decision's noise (docs/strength.md).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import multiprocessing
import time
from collections.abc import Sequence
from pathlib import Path

from hearts import bots
from hearts.cards import parse_cards
from hearts.cpu import hard, hard_pass_eval, hard_passing
from hearts.cpu.hard_pass_eval import PassTable
from hearts.driver import Policy, cpu
from hearts.enums import Level

from . import pass_teacher
from .learn_hard import duplicate_scores, schema_digest, solve
from .tournament import Result, mean_and_se, worker_map

ROOT = Path(__file__).resolve().parent.parent
TABLE = ROOT / "hearts" / "cpu" / "hard_pass_weights.py"
RIDGE = 10.0
MARGIN = 0.0
CHECK_DEALS = 4000
Decision = tuple[list[list[float]], list[float]]  # rows and means, minus the rule pass's


def decisions(records: Sequence[pass_teacher.PassRecord], seed: int) -> list[Decision]:
    """Each record's candidates as feature rows and mean payoffs, minus the rule pass's."""
    out = []
    for record in records:
        view = pass_teacher.pass_view(seed, record["deal"])
        passes = [parse_cards(p) for p in record["passes"]]
        own = hard_passing.choose_pass(view)
        if frozenset(passes[0]) != frozenset(own):
            raise SystemExit(f"deal {record['deal']}: the record's first pass is not the rules'")
        danger = hard_passing.keep_danger(list(view.hand), 3)
        rows = []
        for p in passes:
            a, b, c = p
            rows.append(
                hard_pass_eval.features(view.hand, (a, b, c), own, view.pass_direction, danger)
            )
        means = record["means"]
        out.append(
            (
                [[x - x0 for x, x0 in zip(row, rows[0], strict=True)] for row in rows],
                [m - means[0] for m in means],
            )
        )
    return out


def fit(data: Sequence[Decision], ridge: float = RIDGE) -> tuple[float, ...]:
    """Ridge least squares of the candidates' gains over the rule pass on their rows."""
    n = hard_pass_eval.FEATURES
    xtx = [[0.0] * n for _ in range(n)]
    xty = [0.0] * n
    for rows, gains in data:
        for row, y in zip(rows, gains, strict=True):
            x = [(j, v) for j, v in enumerate(row) if v]
            for i, xi in x:
                xty[i] += xi * y
                a = xtx[i]
                for j, xj in x:
                    a[j] += xi * xj
    for i in range(n):
        xtx[i][i] += ridge
    return tuple(round(w, 4) for w in solve(xtx, xty))


def held_out_gain(data: Sequence[Decision], weights: Sequence[float]) -> tuple[float, float]:
    """The recorded gain of the candidate ``weights`` pick over the rule pass: mean ± SE."""
    gains = []
    table = tuple(weights)
    for rows, means in data:
        scores = [hard_pass_eval.score(row, table) for row in rows]
        best = max(range(len(rows)), key=lambda i: (scores[i], -i))
        gains.append(means[best] if scores[best] - scores[0] > MARGIN else 0.0)
    return mean_and_se(gains)


def checksum(weights: Sequence[float], use: bool, margin: float) -> str:
    """The digest of the table as written (repr of each weight, whether used, the margin)."""
    text = ",".join(repr(w) for w in weights) + repr(use) + repr(margin)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def table_text(weights: tuple[float, ...], use: bool, note: str) -> str:
    """``hearts/cpu/hard_pass_weights.py`` as the recipe writes it."""
    lines = [
        '"""Hard\'s learned pass weights, one per fact of hard_pass_eval.features.',
        "",
        "Written by ``make learn-pass`` (tools/learn_pass.py); do not edit by hand.",
        note,
        '"""',
        "",
        "WEIGHTS: tuple[float, ...] = (",
        *(f"    {w!r}," for w in weights),
        ")",
        "# Whether the weights beat the rule pass on the held-out decisions and in play; the",
        "# best candidate replaces the rules' pass only if it scores more than MARGIN above it.",
        f"USE = {use!r}",
        f"MARGIN = {MARGIN!r}",
        f'CHECKSUM = "{checksum(weights, use, MARGIN)}"',
        "# The digest of the features the weights were fitted to (hard_pass_eval.schema(): the",
        "# columns in order); tests/cpu/test_learned_pass.py checks it.",
        f'SCHEMA = "{schema_digest(hard_pass_eval.schema())}"',
        "",
    ]
    return "\n".join(lines)


def write_table(weights: tuple[float, ...], use: bool, note: str) -> None:
    TABLE.write_text(table_text(weights, use, note))


def with_pass_table(weights: tuple[float, ...], use: bool) -> Policy:
    """The live Hard passing by ``weights`` (if ``use``; else by its rules)."""
    table = PassTable(weights, use, MARGIN)
    return Policy(
        lambda g, s: hard.choose_pass(bots.seat_view(g, s, Level.HARD), table),
        lambda g, s: bots.cpu_play(g, s, Level.HARD),
    )


CheckJob = tuple[tuple[float, ...], str, int, int, int]  # weights, field, seed, deals


def check_chunk(job: CheckJob) -> list[float]:
    """Per deal, Hard passing by the weights minus Hard passing by its rules, in one seat
    against three of ``field`` (each seat in turn, the same deals)."""
    weights, field, seed, start, stop = job
    learned, rules = with_pass_table(weights, True), with_pass_table(weights, False)
    field_policy = rules if field == "hard" else cpu(field)
    out = []
    for index in range(start, stop):
        a = Result("a", "b", duplicate_scores(learned, field_policy, seed, index, index + 1))
        b = Result("a", "b", duplicate_scores(rules, field_policy, seed, index, index + 1))
        out.append(a.per_deal()[0] - b.per_deal()[0])
    return out


def play_check(
    weights: tuple[float, ...], field: str, deals: int, seed: int, chunk: int = 100
) -> tuple[float, float]:
    """Hard's gain at the table from passing by ``weights``, paired by deal: mean ± SE."""
    jobs = [(weights, field, seed, a, min(a + chunk, deals)) for a in range(0, deals, chunk)]
    gains: list[float] = []
    with worker_map(check_chunk, jobs, min(len(jobs), multiprocessing.cpu_count())) as parts:
        for part in parts:
            gains.extend(part)
    return mean_and_se(gains)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=24)
    parser.add_argument("--field", choices=sorted(pass_teacher.LEVELS), default="medium")
    parser.add_argument("--deals", type=int, default=4000, help="deals (every 4th is a hold)")
    parser.add_argument("--worlds", type=int, default=pass_teacher.WORLDS)
    parser.add_argument("--record", action="store_true", help="record again though recorded")
    parser.add_argument("--check-deals", type=int, default=CHECK_DEALS)
    parser.add_argument("--check-seed", type=int, default=31)
    args = parser.parse_args(argv)
    path = pass_teacher.records_path(args.field, args.seed, args.deals, args.worlds)
    if args.record or not path.exists():
        began = time.perf_counter()
        records = pass_teacher.run(args.field, args.deals, args.seed, args.worlds, 2)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("".join(json.dumps(r) + "\n" for r in records))
        print(f"recorded {len(records):,} pass decisions in {time.perf_counter() - began:.0f} s")
    records = [json.loads(line) for line in path.read_text().splitlines()]
    data = decisions(records, args.seed)
    held_out = data[4::5]
    weights = fit([d for i, d in enumerate(data) if i % 5 != 4])
    gain, se = held_out_gain(held_out, weights)
    print(
        f"held-out: the learned pass gains {gain:+.3f} ± {se:.3f} pts over the rule pass "
        f"on {len(held_out):,} decisions",
        flush=True,
    )
    use = gain > se
    for field in ("hard", "medium"):
        if not use:
            break
        mean, se = play_check(weights, field, args.check_deals, args.check_seed)
        print(
            f"in play vs 3 {field}: {mean:+.3f} ± {se:.3f} pts/hand over "
            f"{args.check_deals:,} deals",
            flush=True,
        )
        use = mean > se
    note = (
        f"Recipe: seed {args.seed}, {args.deals} deals vs 3 {args.field}, {args.worlds} worlds,\n"
        f"ridge {RIDGE}, margin {MARGIN}, play check {args.check_deals} deals (seed "
        f"{args.check_seed})."
    )
    write_table(weights, use, note)
    print(
        f"wrote {TABLE.relative_to(ROOT)} (used: {use}; checksum {checksum(weights, use, MARGIN)})",
        flush=True,
    )


if __name__ == "__main__":
    main()
