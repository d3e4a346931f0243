"""Build worlds that a seat cannot tell apart from the real one (R23).

For a pending decision of seat ``s`` the hidden cards are the other seats' unplayed cards
and every passed card (even the seat's own pass, and which of its cards it received).  A
*twin* of a game keeps everything ``s`` saw (its own hand, every play by whom in which
trick, points, scores, seed, hand number) and re-deals all of that hidden information at
random, consistently with the plays: a seat that showed out of a suit gets no card of it,
and the twin is accepted only if the original actions replay legally in it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from hearts import rules
from hearts.cards import SUIT_OF, Card
from hearts.enums import Direction, Phase
from hearts.errors import IllegalPlay
from hearts.game import Game
from hearts.rules import Plays
from hearts.steps import StepKind


def _shown_voids(tricks: Sequence[Plays]) -> list[set[int]]:
    voids: list[set[int]] = [set(), set(), set(), set()]
    for trick in tricks:
        led = SUIT_OF[trick[0][1]]
        for seat, card in trick[1:]:
            if SUIT_OF[card] != led:
                voids[seat].add(led)
    return voids


def _deal_hidden(
    rng: random.Random, pool: list[Card], need: dict[int, int], voids: list[set[int]]
) -> dict[int, list[Card]] | None:
    cards = pool[:]
    rng.shuffle(cards)
    got: dict[int, list[Card]] = {t: [] for t in need}
    for card in cards:
        seats = [t for t in need if len(got[t]) < need[t] and SUIT_OF[card] not in voids[t]]
        if not seats:
            return None
        got[rng.choice(seats)].append(card)
    return got


def twin(game: Game, seat: int, rng: random.Random, tries: int = 200) -> Game | None:
    """A random world that ``seat`` cannot tell from ``game`` (None if none was found)."""
    hands = [list(game.hand(t)) for t in range(4)]
    direction = game.pass_direction
    actions = list(game.actions)
    for _ in range(tries):
        start: list[list[Card]]
        passes: dict[int, list[Card]]
        if game.phase == Phase.PASS:
            start = _twin_pass_phase(hands, seat, rng)
            passes = {t: sorted(rng.sample(start[t], 3)) for t in range(4) if game.has_passed(t)}
        else:
            found = _twin_play_phase(game, hands, seat, direction, rng)
            if found is None:
                continue
            start, passes = found
        alt = Game.from_deal(
            start,
            hand_number=game.hand_number,
            scores=game.scores,
            seed=game.seed,
            level=game.level,
        )
        try:
            for action in actions:
                if action.kind == StepKind.PASS and action.seat is not None:
                    alt.submit_pass(action.seat, passes[action.seat])
                else:
                    alt.apply(action)
        except IllegalPlay:
            continue
        return alt
    return None


def _twin_pass_phase(hands: list[list[Card]], seat: int, rng: random.Random) -> list[list[Card]]:
    others = [t for t in range(4) if t != seat]
    pool = [c for t in others for c in hands[t]]
    rng.shuffle(pool)
    start = [list(h) for h in hands]
    for i, t in enumerate(others):
        start[t] = pool[i * 13 : (i + 1) * 13]
    return start


def _twin_play_phase(
    game: Game, hands: list[list[Card]], seat: int, direction: Direction, rng: random.Random
) -> tuple[list[list[Card]], dict[int, list[Card]]] | None:
    tricks = (*game.tricks, game.current_trick) if game.current_trick else game.tricks
    played: list[list[Card]] = [[], [], [], []]
    for trick in tricks:
        for t, card in trick:
            played[t].append(card)
    others = [t for t in range(4) if t != seat]
    pool = [c for t in others for c in hands[t]]
    dealt = _deal_hidden(rng, pool, {t: len(hands[t]) for t in others}, _shown_voids(tricks))
    if dealt is None:
        return None
    post = [list(hands[t]) + played[t] if t == seat else dealt[t] + played[t] for t in range(4)]
    if direction == "hold":
        return post, {}
    # Re-choose every pass (the seat's own included): each seat passed 3 cards that its
    # receiver now holds; its starting hand is what it kept plus what it passed.
    passes = {t: sorted(rng.sample(post[rules.pass_target(t, direction)], 3)) for t in range(4)}
    start: list[list[Card]] = []
    for t in range(4):
        source = next(u for u in range(4) if rules.pass_target(u, direction) == t)
        kept = [c for c in post[t] if c not in passes[source]]
        start.append(sorted(kept + passes[t]))
    return start, passes


def hidden_differs(a: Game, b: Game, seat: int) -> bool:
    """Whether the twin really changed something ``seat`` must not see."""
    other = any(a.hand(t) != b.hand(t) for t in range(4) if t != seat)
    sa, sb = a.state(), b.state()
    return other or sa["passed"] != sb["passed"] or sa["received"] != sb["received"]
