"""``python -m tools.ismcts``: one of our levels against three OpenSpiel ISMCTS bots.

A benchmark, not a level: OpenSpiel (``open-spiel`` from PyPI, ``requirements-ismcts.txt``)
is a development-only dependency that ``hearts/`` never imports.  Duplicate deals come
from :func:`tools.tournament.deal_for`; each deal is played four times with our level
rotated through every seat and an information-set Monte Carlo tree search bot
(``pyspiel.ISMCTSBot``, random roll-outs) in each other seat.  The payoff, its standard
error (unit: the deal), moons and games are :class:`tools.tournament.Result`'s.

Our engine is the judge: the game is driven by :func:`hearts.driver.drive` on a
``hearts.Game``, and an OpenSpiel hearts state is kept in step with it action by action,
asserting at every play that both rule books allow exactly the same cards and at the end
that both score the hand alike.  OpenSpiel's parameters are set to our rules (Q♠ does not
break hearts, R16; no points on the first trick, R14; 2♣ leads, R12; no J♦, R6), its
players 0-3 are our seats (play order +1; a left pass goes to +1, across +2, right +3,
hold is its "no pass") and it is dealt our exact deal by chance actions.

OpenSpiel's ISMCTS cannot pass (its re-sampling needs a finished exchange), so the bots
pass by a fixed rule: Q♠, K♠, A♠, then their highest cards.  Opponents are named
``ismcts-SIMS`` (e.g. ``ismcts-1000``).
"""

from __future__ import annotations

import argparse
import multiprocessing
import time
from collections.abc import Sequence
from typing import Any

from hearts import Game
from hearts.cards import DECK, HEARTS, RANK_OF, SPADES, SUIT_OF, Card, parse_cards
from hearts.driver import Policy, drive, hand_done, per_seat
from hearts.enums import LEVELS, Direction
from hearts.rng import SeedStream
from hearts.rules import pass_target
from hearts.steps import StepKind

from .tournament import ChunkResult, Job, deal_for, empty_times, report, run, timed_cpu

PARAMETERS = {  # our rules, stated in full (R6, R12-R16, R33)
    "pass_cards": True,
    "qs_breaks_hearts": False,
    "must_break_hearts": True,
    "no_pts_on_first_trick": True,
    "can_lead_any_club": False,
    "can_lead_hearts_instead_of_qs": False,
    "jd_bonus": False,
    "avoid_all_tricks_bonus": False,
}
UCT_C = 2.0  # OpenSpiel's usual exploration constant for its MCTS examples
PASS_DIRECTION = {Direction.HOLD: 0, Direction.LEFT: 1, Direction.ACROSS: 2, Direction.RIGHT: 3}
_OS_SUIT = {0: 0, 1: 1, SPADES: 3, HEARTS: 2}  # OpenSpiel orders suits C, D, H, S
CHUNK = 5  # deals per work unit (a hand takes about a second)
FIRST_PASSED = parse_cards("QS KS AS")


def os_card(card: Card) -> int:
    """OpenSpiel's action for ``card``: rank index × 4 + suit (C, D, H, S)."""
    return (RANK_OF[card] - 2) * 4 + _OS_SUIT[SUIT_OF[card]]


OUR_CARD: dict[int, Card] = {}  # filled below: OpenSpiel action → our card


def ismcts_pass(hand: Sequence[Card]) -> tuple[Card, Card, Card]:
    """Q♠, K♠, A♠ (those held), then the highest cards (hearts before spades before …)."""
    first = [c for c in FIRST_PASSED if c in hand]
    rest = sorted((c for c in hand if c not in first), key=lambda c: (RANK_OF[c], c), reverse=True)
    a, b, c = (first + rest)[:3]
    return (a, b, c)


def sims_of(opponent: str) -> int:
    name, _, sims = opponent.partition("-")
    if name != "ismcts" or not sims.isdigit():
        raise ValueError(f"expected an opponent ismcts-SIMS, not {opponent!r}")
    return int(sims)


class Mirror:
    """An OpenSpiel hearts state kept in step with a ``hearts.Game``'s action log."""

    def __init__(self, game: Game, pyspiel: Any) -> None:
        self.game = game
        self.state = pyspiel.load_game("hearts", PARAMETERS).new_initial_state()
        self.state.apply_action(PASS_DIRECTION[game.pass_direction])
        hands = [game.hand(seat) for seat in range(4)]
        for i in range(13):
            for seat in range(4):  # OpenSpiel deals card k to player k mod 4
                self.state.apply_action(os_card(hands[seat][i]))
        self.synced = 0
        self.passes: dict[int, tuple[Card, ...]] = {}

    def sync(self) -> Any:
        """Apply the game's new actions to the OpenSpiel state (asserting agreement)."""
        actions = self.game.actions
        for action in actions[self.synced :]:
            if action.kind == StepKind.PASS and action.seat is not None:
                self.passes[action.seat] = action.cards
                if len(self.passes) == 4:  # OpenSpiel takes the passes in player order
                    for seat in range(4):
                        for card in self.passes[seat]:
                            self.state.apply_action(os_card(card))
            elif action.kind == StepKind.PLAY and action.seat is not None:
                self.apply_play(action.seat, action.cards[0])
        self.synced = len(actions)
        return self.state

    def apply_play(self, seat: int, card: Card) -> None:
        state = self.state
        assert state.current_player() == seat, (state.current_player(), seat)
        assert os_card(card) in state.legal_actions()
        state.apply_action(os_card(card))

    def check_legal(self, seat: int) -> None:
        """Both rule books allow exactly the same cards to ``seat`` now."""
        assert self.state.current_player() == seat, (self.state.current_player(), seat)
        theirs = sorted(OUR_CARD[a] for a in self.state.legal_actions())
        assert theirs == list(self.game.legal_plays(seat)), (theirs, self.game.legal_plays(seat))

    def check_score(self) -> None:
        """OpenSpiel scores the finished hand as our engine does (26 − points, moon applied)."""
        assert self.state.is_terminal()
        points = tuple(round(26 - r) for r in self.state.returns())
        assert points == self.game.hand_points, (points, self.game.hand_points)


def ismcts_policy(mirror: Mirror, bot: Any) -> Policy:
    def choose_pass(game: Game, seat: int) -> tuple[Card, Card, Card]:
        return ismcts_pass(game.hand(seat))

    def choose_play(game: Game, seat: int) -> Card:
        mirror.sync()
        mirror.check_legal(seat)
        return OUR_CARD[bot.step(mirror.state)]

    return Policy(choose_pass, choose_play)


def checked(policy: Policy, mirror: Mirror) -> Policy:
    """``policy`` with the rule books compared before each of its plays."""

    def choose_play(game: Game, seat: int) -> Card:
        mirror.sync()
        mirror.check_legal(seat)
        return policy.choose_play(game, seat)

    return Policy(policy.choose_pass, choose_play)


def play_hand(
    hands: Sequence[Sequence[Card]],
    hand_number: int,
    game_seed: int,
    tested: str,
    tested_seat: int,
    sims: int,
    bot_seed: int,
    times: dict[str, list[int]],
) -> tuple[int, int, int, int]:
    """One hand, ``tested`` in ``tested_seat`` and ISMCTS-``sims`` bots in the others."""
    import pyspiel

    game = Game.from_deal(hands, hand_number=hand_number, seed=game_seed)
    mirror = Mirror(game, pyspiel)
    evaluator = pyspiel.RandomRolloutEvaluator(1, bot_seed)
    bot = pyspiel.ISMCTSBot(
        bot_seed, evaluator, UCT_C, sims, -1, pyspiel.ISMCTSFinalPolicyType.MAX_VISIT_COUNT
    )
    ours = checked(timed_cpu(tested, times), mirror)
    theirs = ismcts_policy(mirror, bot)
    drive(game, per_seat([ours if s == tested_seat else theirs for s in range(4)]), hand_done)
    mirror.sync()
    mirror.check_score()
    return game.hand_points


def play_chunk(job: Job) -> ChunkResult:
    """Deals ``start`` … ``stop - 1`` of the run, each in four rotations (16 scores a deal)."""
    tested, opponent, seed, start, stop = job
    sims = sims_of(opponent)
    times = empty_times()
    scores: list[int] = []
    for index in range(start, stop):
        hands, hand_number, game_seed = deal_for(seed, index)
        for rotation in range(4):
            bot_seed = SeedStream(seed, "ismcts", index, rotation).below(1 << 31)
            scores.extend(
                play_hand(hands, hand_number, game_seed, tested, rotation, sims, bot_seed, times)
            )
    return scores, times


for _action in range(52):
    OUR_CARD[_action] = next(c for c in DECK if os_card(c) == _action)
assert all(pass_target(0, d) == n for d, n in PASS_DIRECTION.items() if n)  # left = +1 …


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=500, help="duplicate deals (default 500)")
    parser.add_argument("--sims", type=int, default=1000, help="ISMCTS simulations per move")
    parser.add_argument("--level", action="append", choices=LEVELS, help="default: hard")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--workers", type=int, default=min(2, multiprocessing.cpu_count()))
    args = parser.parse_args(argv)
    levels = args.level or ["hard"]
    pairings = [(level, f"ismcts-{args.sims}") for level in levels]
    began = time.perf_counter()
    print(
        f"ISMCTS benchmark: {args.deals:,} deals x 4 rotations, {args.sims} simulations a move, "
        f"UCT c {UCT_C}, seed {args.seed}, {args.workers} worker(s)",
        flush=True,
    )
    results, times = run(pairings, args.deals, args.seed, args.workers, play_chunk, CHUNK)
    report(results, times)
    print(f"\nruntime {time.perf_counter() - began:.0f} s", flush=True)


if __name__ == "__main__":
    main()
