"""``python -m tools.teacher_diagnose``: where Hard's play parts from the teacher.

Self-play by today's Hard; at every lead or follow Hard chooses (two or more cards, no
moon defence, not trick 1; the rules' card or the learned one that overrules it), the
PIMC teacher (:mod:`tools.teacher`) values every legal card.  Decisions are bucketed by
situation, and for each bucket the report gives the teacher's mean gain of a simple
alternative (the lowest card, the highest, the highest duck, the top exit, …) over Hard's
card, ± SE, with ``*`` where it exceeds 2 SE: the
places where a rule might pay, to be screened at the table next (:mod:`tools.screen`).

The mean gain of a fixed alternative is unbiased; the "regret" (best mean minus Hard's)
is not: the maximum of 16-world means is inflated by their noise.
"""

from __future__ import annotations

import argparse
import multiprocessing
from collections import defaultdict
from collections.abc import Sequence

from hearts import Game, bots
from hearts.cards import HEARTS, RANK_OF, SPADES, SUIT_OF, Card
from hearts.cpu import hard, moonwatch
from hearts.cpu.hard_lead import burdened
from hearts.cpu.knowledge import Knowledge
from hearts.cpu.seatview import SeatView
from hearts.cpu.tables import BELOW, QS
from hearts.driver import cpu, hand_done, take_step
from hearts.enums import Level
from hearts.rules import trick_points, winning_play
from hearts.steps import StepKind

from . import teacher
from .tournament import deal_for, mean_and_se, worker_map

SUITS = "CDSH"
Bucket = tuple[str, ...]
Row = tuple[Bucket, dict[str, float]]  # bucket, gain of each alternative over Hard's card


def lead_kind(c: Card, k: Knowledge) -> str:
    out = k.out_in(SUIT_OF[c])
    if not out:
        return "sure-win"
    return "exit" if not out & BELOW[c] else SUITS[SUIT_OF[c]]


def queen(view: SeatView, k: Knowledge) -> str:
    return "Q-out" if k.queen_out else "Q-mine" if QS in view.hand else "Q-gone"


def lead_case(view: SeatView, k: Knowledge, pick: Card) -> tuple[Bucket, dict[str, Card]]:
    legal = view.legal
    bucket = (
        "broken" if view.hearts_broken else "unbroken",
        queen(view, k),
        "burdened" if burdened(view, k) else "free",
        "led " + lead_kind(pick, k),
    )
    options = {
        "lowest": min(legal, key=RANK_OF.__getitem__),
        "highest": max(legal, key=RANK_OF.__getitem__),
    }
    exits = [c for c in legal if lead_kind(c, k) == "exit"]
    if exits:
        options["top exit"] = max(exits, key=RANK_OF.__getitem__)
    for suit, name in enumerate(SUITS):
        plain = [c for c in legal if SUIT_OF[c] == suit and lead_kind(c, k) == name]
        if plain:
            options["low " + name] = min(plain)
            options["high " + name] = max(plain)
    return bucket, options


def follow_case(view: SeatView, k: Knowledge, pick: Card) -> tuple[Bucket, dict[str, Card]]:
    legal, trick = view.legal, view.current_trick
    _, winning = winning_play(trick)
    suit = SUIT_OF[winning]
    ducks = [c for c in legal if c < winning]
    wins = [c for c in legal if c > winning]
    safe = [c for c in legal if c != QS] or list(legal)
    bucket = (
        f"seat {len(trick) + 1}",
        "H" if suit == HEARTS else "S" if suit == SPADES else "CD",
        "points" if trick_points(trick) else "clean",
        queen(view, k),
        "can duck" if ducks else "must win",
    )
    options = {"lowest": min(safe), "highest": max(safe)}
    if ducks:
        options |= {"top duck": max(ducks), "low duck": min(ducks)}
    if wins:
        options |= {"low winner": min(wins), "top winner": max(wins)}
    return bucket, options


def hard_chooses(view: SeatView, situation: str) -> bool:
    """A lead or a follow (as ``situation`` asks) with a choice, outside the moon defence."""
    trick = view.current_trick
    if len(view.legal) < 2 or not view.tricks:
        return False
    if hard.apparent_shooter(view) is not None or moonwatch.watched_seat(view) is not None:
        return False
    if situation == "lead":
        return not trick
    return bool(trick) and SUIT_OF[view.legal[0]] == SUIT_OF[trick[0][1]]


def diagnose_deal(job: tuple[str, int, int, int]) -> list[Row]:
    situation, seed, worlds, index = job
    hands, hand_number, game_seed = deal_for(seed, index)
    game = Game.from_deal(hands, hand_number=hand_number, seed=game_seed)
    policy = cpu(Level.HARD)
    case = lead_case if situation == "lead" else follow_case
    rows: list[Row] = []
    while not hand_done(game):
        step = game.next_step
        if step is not None and step.kind == StepKind.PLAY and step.seat is not None:
            view = bots.seat_view(game, step.seat, Level.HARD)
            if hard_chooses(view, situation):
                pick = hard.choose_play(view)
                values = teacher.evaluate(teacher.teacher_view(game, step.seat), worlds, index)
                bucket, options = case(view, Knowledge(view), pick)
                rows.append((bucket, {n: values[c] - values[pick] for n, c in options.items()}))
        take_step(game, policy)
    return rows


def diagnose(situation: str, deals: int, seed: int, worlds: int, workers: int) -> list[Row]:
    jobs = [(situation, seed, worlds, i) for i in range(deals)]
    rows: list[Row] = []
    with worker_map(diagnose_deal, jobs, workers) as parts:
        for part in parts:
            rows.extend(part)
    return rows


def summary(rows: list[Row], top: int) -> list[str]:
    """The ``top`` buckets by number of decisions, each alternative's mean gain ± SE."""
    buckets: dict[Bucket, list[dict[str, float]]] = defaultdict(list)
    for bucket, gains in rows:
        buckets[bucket].append(gains)
    lines = [f"{len(rows):,} decisions in {len(buckets)} buckets"]
    for bucket, cases in sorted(buckets.items(), key=lambda kv: -len(kv[1]))[:top]:
        by_option: dict[str, list[float]] = defaultdict(list)
        for gains in cases:
            for name, gain in gains.items():
                by_option[name].append(gain)
        parts = []
        for name, gains_of in by_option.items():
            mean, se = mean_and_se(gains_of)
            flag = " *" if se and mean > 2 * se else ""
            parts.append(f"{name} {mean:+.2f}±{se:.2f} (n {len(gains_of)}){flag}")
        lines.append(f"{', '.join(bucket)}: n {len(cases)}")
        lines.append("    " + "; ".join(parts))
    return lines


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--situation", choices=("lead", "follow"), default="follow")
    parser.add_argument("--deals", type=int, default=400)
    parser.add_argument("--seed", type=int, default=77)
    parser.add_argument("--worlds", type=int, default=teacher.WORLDS)
    parser.add_argument("--top", type=int, default=25)
    parser.add_argument("--workers", type=int, default=min(2, multiprocessing.cpu_count()))
    args = parser.parse_args(argv)
    rows = diagnose(args.situation, args.deals, args.seed, args.worlds, args.workers)
    print("\n".join(summary(rows, args.top)))


if __name__ == "__main__":
    main()
