"""``python -m tools.learn_hard``: fit Hard's evaluation to the PIMC teacher (issue 24).

The recipe, reproducible from ``--seed``:

1. **record**: ``--deals`` hands of self-play by the frozen Hard (:mod:`tools.frozen_hard`)
   in all four seats; at every play decision where Hard's evaluation would decide (two
   or more cards allowed, no moon defence on), the teacher (:mod:`tools.teacher`) values
   every legal card, and the features of :mod:`hearts.cpu.hard_eval` are written next to
   those values (JSON lines under ``.cache/learn-hard/``, never committed);
2. **fit**: per situation (lead, follow, discard), ridge least squares of the card's value
   minus the mean value of the position's cards on its features, in pure Python;
3. **write** ``hearts/cpu/hard_weights.py``: the weights rounded to 4 decimals and their
   checksum (``tests/cpu/test_learned.py`` checks it).

``--compare N`` plays the live Hard against the frozen one on N duplicate deals (one vs
three and three vs one) for a quick look before a teacher tournament.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from collections.abc import Iterable, Sequence
from pathlib import Path

from hearts import Game
from hearts.cards import DECK, Card
from hearts.cpu import hard, hard_eval, moonwatch
from hearts.cpu.knowledge import Knowledge
from hearts.driver import Policy, drive, hand_done, per_seat
from hearts.enums import Level
from hearts.rng import SeedStream

from . import frozen_hard, teacher
from .tournament import Result, deal_for, mean_and_se

ROOT = Path(__file__).resolve().parent.parent
TABLE = ROOT / "hearts" / "cpu" / "hard_weights.py"
DATA = ROOT / ".cache" / "learn-hard"
RIDGE = 1.0
Sample = tuple[int, list[list[float]], list[float]]  # situation, feature rows, card values


def frozen_policy() -> Policy:
    fh = frozen_hard.hard()
    return Policy(
        lambda g, s: fh.choose_pass(g.seat_view(s, Level.HARD)),
        lambda g, s: fh.choose_play(g.seat_view(s, Level.HARD)),
    )


def decides_by_evaluation(game: Game, seat: int) -> bool:
    """Hard's evaluation, not a rule, makes this decision."""
    view = game.seat_view(seat, Level.HARD)
    return (
        len(view.legal) > 1
        and hard.apparent_shooter(view) is None
        and moonwatch.watched_seat(view) is None
    )


def sample_of(game: Game, seat: int, worlds: int, teacher_seed: int) -> Sample:
    """The features of every legal card and the teacher's value of it."""
    tv = teacher.teacher_view(game, seat)
    view = tv.view
    k = Knowledge(view)
    where, rows = hard_eval.features(
        view, view.legal, k, hard.rule_choice(view, view.legal, k, None)
    )
    values = teacher.evaluate(tv, worlds, teacher_seed)
    return where, rows, [values[c] for c in view.legal]


def record(seed: int, deals: int, worlds: int, out: Path) -> int:
    """Self-play ``deals`` hands, a sample per evaluated decision into ``out``; the count."""
    out.parent.mkdir(parents=True, exist_ok=True)
    count = 0
    began = time.perf_counter()
    frozen = frozen_policy()
    with out.open("w") as f:
        for index in range(deals):
            cards = SeedStream(seed, "learn-hard", "deal", index).shuffled(DECK)
            hands = [tuple(sorted(cards[i * 13 : (i + 1) * 13])) for i in range(4)]
            game_seed = SeedStream(seed, "learn-hard", "game", index).below(1 << 31)
            game = Game.from_deal(hands, hand_number=index % 4 + 1, seed=game_seed)

            def choose_play(g: Game, s: int, index: int = index) -> Card:
                nonlocal count
                if decides_by_evaluation(g, s):
                    where, rows, values = sample_of(g, s, worlds, index)
                    f.write(json.dumps({"s": where, "x": rows, "v": values}) + "\n")
                    count += 1
                return frozen.choose_play(g, s)

            drive(game, Policy(frozen.choose_pass, choose_play), until=hand_done)
            if (index + 1) % 20 == 0:
                print(
                    f"  … {index + 1} deals, {count:,} positions, "
                    f"{time.perf_counter() - began:.0f} s",
                    file=sys.stderr,
                    flush=True,
                )
    return count


def read(path: Path) -> Iterable[Sample]:
    with path.open() as f:
        for line in f:
            d = json.loads(line)
            yield d["s"], d["x"], d["v"]


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """``x`` with ``a x = b`` (Gaussian elimination, partial pivoting; ``a`` is regular)."""
    n = len(b)
    m = [[*row, b[i]] for i, row in enumerate(a)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[pivot] = m[pivot], m[col]
        for r in range(col + 1, n):
            f = m[r][col] / m[col][col]
            if f:
                for j in range(col, n + 1):
                    m[r][j] -= f * m[col][j]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][j] * x[j] for j in range(r + 1, n))) / m[r][r]
    return x


def fit(samples: Iterable[Sample], ridge: float = RIDGE) -> tuple[tuple[float, ...], ...]:
    """Per situation, ridge least squares of the centred card values on the features."""
    n = hard_eval.FEATURES
    xtx = [[[0.0] * n for _ in range(n)] for _ in range(3)]
    xty = [[0.0] * n for _ in range(3)]
    for where, rows, values in samples:
        mean_v = sum(values) / len(values)
        means = [sum(r[j] for r in rows) / len(rows) for j in range(n)]
        a, b = xtx[where], xty[where]
        for row, v in zip(rows, values, strict=True):
            x = [row[j] - means[j] for j in range(n)]  # centred: only differences count
            y = v - mean_v
            for i in range(n):
                if x[i]:
                    b[i] += x[i] * y
                    ai = a[i]
                    for j in range(n):
                        ai[j] += x[i] * x[j]
    weights = []
    for where in range(3):
        a = [
            [a_ij + (ridge if i == j else 0.0) for j, a_ij in enumerate(row)]
            for i, row in enumerate(xtx[where])
        ]
        weights.append(tuple(round(w, 4) for w in solve(a, xty[where])))
    return tuple(weights)


def regret(
    samples: Iterable[Sample], weights: Sequence[Sequence[float]]
) -> tuple[float, float, int]:
    """Mean teacher-value loss against the teacher's best card: (the rules', the fit's, n)."""
    rules = learned = 0.0
    n = 0
    for where, rows, values in samples:
        best = max(values)
        scores = [sum(w * x for w, x in zip(weights[where], row, strict=True)) for row in rows]
        pick = max(range(len(rows)), key=lambda i: (rows[i][0], -i))  # the rules' card
        mine = max(range(len(rows)), key=lambda i: scores[i])
        rules += best - values[pick]
        learned += best - values[mine]
        n += 1
    return rules / max(n, 1), learned / max(n, 1), n


def checksum(weights: Sequence[Sequence[float]], use: Sequence[bool]) -> str:
    """The digest of the table as written (repr of each float, the situations used)."""
    text = ";".join(",".join(repr(w) for w in ws) for ws in weights) + repr(tuple(use))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def write_table(
    weights: tuple[tuple[float, ...], ...], use: tuple[bool, bool, bool], note: str
) -> None:
    lines = [
        '"""Hard\'s learned weights (issue 24), one vector per situation: lead, follow, discard.',
        "",
        "Written by ``make learn-hard`` (tools/learn_hard.py); do not edit by hand.",
        f"{note}",
        '"""',
        "",
        "WEIGHTS: tuple[tuple[float, ...], ...] = (",
    ]
    for ws in weights:
        lines.append("    (")
        lines.extend(f"        {w!r}," for w in ws)
        lines.append("    ),")
    lines += [
        ")",
        "# Per situation: the fitted weights decide only where they beat the rules on the",
        "# held-out positions (the teacher's value lost against its best card).",
        f"USE: tuple[bool, bool, bool] = {use!r}",
        f'CHECKSUM = "{checksum(weights, use)}"',
        "",
    ]
    TABLE.write_text("\n".join(lines))


def compare(deals: int, seed: int) -> None:
    """The live Hard vs the frozen one: one vs three and three vs one, duplicate deals."""
    live = Policy(lambda g, s: g.cpu_pass(s, Level.HARD), lambda g, s: g.cpu_play(s, Level.HARD))
    frozen = frozen_policy()
    for name, tested, field in (
        ("live vs 3 frozen", live, frozen),
        ("frozen vs 3 live", frozen, live),
    ):
        scores: list[int] = []
        for index in range(deals):
            hands, hand_number, game_seed = deal_for(seed, index)
            for rotation in range(4):
                seats = [tested if s == rotation else field for s in range(4)]
                game = Game.from_deal(hands, hand_number=hand_number, seed=game_seed)
                scores.extend(drive(game, per_seat(seats), until=hand_done).hand_points)
        mean, se = mean_and_se(Result("a", "b", scores).per_deal())
        print(f"{name}: {mean:+.3f} ± {se:.3f} pts/hand over {deals:,} deals", flush=True)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=24)
    parser.add_argument("--deals", type=int, default=600)
    parser.add_argument("--worlds", type=int, default=teacher.WORLDS)
    parser.add_argument("--fit-only", action="store_true", help="fit the recorded data again")
    parser.add_argument("--compare", type=int, default=0, help="only compare, over N deals")
    args = parser.parse_args(argv)
    if args.compare:
        compare(args.compare, 2024)
        return
    data = DATA / f"seed{args.seed}-deals{args.deals}-worlds{args.worlds}.jsonl"
    began = time.perf_counter()
    if not args.fit_only:
        count = record(args.seed, args.deals, args.worlds, data)
        print(f"recorded {count:,} positions in {time.perf_counter() - began:.0f} s", flush=True)
    samples = list(read(data))
    held_out = samples[4::5]  # every fifth position judges the fit; the rest trains it
    weights = fit(s for i, s in enumerate(samples) if i % 5 != 4)
    use = []
    for where, name in enumerate(("lead", "follow", "discard")):
        rules, learned, n = regret((s for s in held_out if s[0] == where), weights)
        use.append(learned < rules)
        print(
            f"{name}: held-out regret against the teacher's best card over {n:,} positions: "
            f"rules {rules:.3f}, learned {learned:.3f} pts/decision -> "
            f"{'learned' if use[-1] else 'rules'}",
            flush=True,
        )
    note = (
        f"Recipe: seed {args.seed}, {args.deals} self-play deals, teacher {args.worlds} worlds,"
        f" ridge {RIDGE}."
    )
    write_table(weights, (use[0], use[1], use[2]), note)
    print(f"wrote {TABLE.relative_to(ROOT)} (checksum {checksum(weights, use)})", flush=True)


if __name__ == "__main__":
    main()
