"""The search teacher of a PIMC player (never shipped, never imported by ``hearts/``).

Perfect-information Monte Carlo: for a play decision the teacher samples ``worlds`` deals
of the cards it cannot see, each consistent with everything its seat saw (its
:class:`TeacherView`), plays every legal card in every world and the rest of the hand out
with the frozen Hard (:mod:`tools.frozen_hard`) in all four seats, and plays the card with
the best mean payoff (the mean of the other seats' hand scores minus its own, the moon
applied: the tournament's payoff).  The same worlds serve every candidate (common random
numbers), so the comparison between candidates is sharper than the sampling noise.

What a world respects:

* the cards still out (neither played nor in the teacher's hand) go to the other seats,
  each as many as it has left to play;
* a seat that did not follow a suit holds none of it; a seat that led a heart before a
  heart fell holds nothing but hearts (R15);
* the cards the teacher passed are in the receiver's hand until that seat plays them
  (the cards it received are in its own hand: they constrain nothing else).

It passes as the frozen Hard does (passing is not searched).  The only input it reads is
the :class:`TeacherView`: the seat's :class:`~hearts.cpu.seatview.SeatView` plus its own
pass and what it received; sampling is seeded from ``view.tiebreak`` (a digest of the game
seed and the position) and the teacher's own seed, so a decision is reproducible.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import NamedTuple

from hearts import Game, bots
from hearts.cards import DECK, HEARTS, POINTS_OF, SUIT_OF, Card, parse_cards
from hearts.cpu.seatview import SeatView
from hearts.driver import Policy
from hearts.enums import Direction, Level, Phase
from hearts.rng import SeedStream
from hearts.rules import HAND_POINTS, hand_score, legal_plays, pass_target, trick_winner

from . import frozen_hard

WORLDS = 16
NON_HEARTS = 0b0111  # void flags (bit = suit) for clubs, diamonds, spades
SAMPLE_TRIES = 200


class TeacherView(NamedTuple):
    """What the teacher's seat knows: its view, and its own side of this hand's exchange."""

    view: SeatView
    passed: tuple[Card, ...]  # the three cards it passed (empty in a hold hand)
    passed_to: int | None  # the seat that received them
    received: tuple[Card, ...]  # the three cards it received


def teacher_view(game: Game, seat: int) -> TeacherView:
    """The seat's view plus its own pass and receipt: nothing else of the game is read."""
    view = bots.seat_view(game, seat, Level.HARD)
    if view.pass_direction == Direction.HOLD or view.phase != Phase.PLAY:
        return TeacherView(view, (), None, ())
    passed = game.state()["passed"]
    assert isinstance(passed, list)
    own = passed[seat]
    return TeacherView(
        view,
        parse_cards(own) if own else (),
        pass_target(seat, view.pass_direction),
        game.received(seat),
    )


class Constraints(NamedTuple):
    """What a world must satisfy: who holds how many, voids, cards known to be placed."""

    out: tuple[Card, ...]  # unseen cards, to be dealt to the other seats
    need: tuple[int, int, int, int]  # cards each seat still holds (the teacher's own: 0)
    voids: tuple[int, int, int, int]  # void flags per seat (bit = suit)
    placed: tuple[tuple[Card, int], ...]  # (card, seat) known to lie in that seat's hand


def constraints(tv: TeacherView) -> Constraints:
    """Read the facts a world must respect from the teacher's view."""
    view = tv.view
    seen = set(view.hand)
    played = [0, 0, 0, 0]
    voids = [0, 0, 0, 0]
    broken = False
    tricks = (*view.tricks, view.current_trick) if view.current_trick else view.tricks
    for trick in tricks:
        lead_seat, lead = trick[0]
        led = SUIT_OF[lead]
        if led == HEARTS and not broken:
            voids[lead_seat] |= NON_HEARTS
        for s, card in trick:
            seen.add(card)
            played[s] += 1
            if SUIT_OF[card] != led:
                voids[s] |= 1 << led
            if SUIT_OF[card] == HEARTS:
                broken = True
    need = [0 if s == view.seat else 13 - played[s] for s in range(4)]
    placed = tuple(
        (c, tv.passed_to) for c in tv.passed if c not in seen and tv.passed_to is not None
    )
    out = tuple(c for c in DECK if c not in seen)
    a, b, c, d = need
    v0, v1, v2, v3 = voids
    return Constraints(out, (a, b, c, d), (v0, v1, v2, v3), placed)


def sample_world(tv: TeacherView, k: Constraints, rng: random.Random) -> list[list[Card]]:
    """The four hands of one world consistent with ``k`` (the teacher's own as it is).

    Known cards first, then the rest most constrained first (fewest seats that may hold
    it), each to an allowed seat with probability in proportion to the room it has left.
    A dead end (rare: strong voids) starts over; ``RuntimeError`` if none is found.
    """
    seat = tv.view.seat
    others = [s for s in range(4) if s != seat]
    placed_cards = {c for c, _ in k.placed}
    free = [c for c in k.out if c not in placed_cards]
    allowed = {c: [s for s in others if not k.voids[s] >> SUIT_OF[c] & 1] for c in free}
    for _ in range(SAMPLE_TRIES):
        hands: list[list[Card]] = [[], [], [], []]
        hands[seat] = list(tv.view.hand)
        room = list(k.need)
        for c, s in k.placed:
            hands[s].append(c)
            room[s] -= 1
        rng.shuffle(free)
        free.sort(key=lambda c: len(allowed[c]))
        for c in free:
            seats = [s for s in allowed[c] if room[s] > 0]
            if not seats:
                break
            pick = rng.randrange(sum(room[s] for s in seats))
            for s in seats:
                pick -= room[s]
                if pick < 0:
                    break
            hands[s].append(c)
            room[s] -= 1
        else:
            for h in hands:
                h.sort()
            return hands
    raise RuntimeError("no world consistent with what the seat saw")


def payoff(points: Sequence[int], seat: int) -> float:
    """The tournament's payoff of ``seat``: the others' mean score minus its own."""
    return (sum(points) - points[seat]) / 3 - points[seat]


def play_out(
    view: SeatView,
    hands: list[list[Card]],
    first: Card,
    choose: Callable[[SeatView], Card],
    salt: int,
) -> tuple[int, int, int, int]:
    """Play ``first`` for ``view.seat`` in the world ``hands``, then the hand out by ``choose``.

    Returns the hand's scores (the moon applied).  ``hands`` is not changed.
    """
    cards = [list(h) for h in hands]
    tricks = view.tricks
    trick = list(view.current_trick)
    broken = view.hearts_broken
    taken = list(view.points_taken)
    seat, card = view.seat, first
    ply = 0
    while True:
        cards[seat].remove(card)
        trick.append((seat, card))
        if SUIT_OF[card] == HEARTS:
            broken = True
        if len(trick) == 4:
            done = tuple(trick)
            winner = trick_winner(done)
            taken[winner] += sum(POINTS_OF[c] for _, c in done)
            tricks = (*tricks, done)
            if len(tricks) == 13 or sum(taken) == HAND_POINTS:
                return hand_score(taken)  # every point is taken: nothing can change now
            trick = []
            seat = winner
        else:
            seat = (seat + 1) % 4
        hand = cards[seat]
        legal = legal_plays(hand, [c for _, c in trick], not tricks, broken)
        if len(legal) == 1:
            card = legal[0]
            continue
        ply += 1
        card = choose(
            SeatView(
                seat=seat,
                level=Level.HARD,
                phase=Phase.PLAY,
                hand_number=view.hand_number,
                pass_direction=view.pass_direction,
                hand=tuple(hand),
                legal=legal,
                tricks=tricks,
                current_trick=tuple(trick),
                hearts_broken=broken,
                points_taken=(taken[0], taken[1], taken[2], taken[3]),
                scores=view.scores,
                tiebreak=salt * 1_000_003 + ply,
            )
        )


def evaluate(tv: TeacherView, worlds: int = WORLDS, seed: int = 0) -> dict[Card, float]:
    """The mean payoff of every legal card over ``worlds`` sampled worlds."""
    view = tv.view
    choose = frozen_hard.hard().choose_play
    rng = random.Random(SeedStream(view.tiebreak, "teacher", seed).below(1 << 32))
    k = constraints(tv)
    totals = dict.fromkeys(view.legal, 0.0)
    for _ in range(worlds):
        hands = sample_world(tv, k, rng)
        salt = rng.randrange(1 << 30)
        for card in view.legal:
            totals[card] += payoff(play_out(view, hands, card, choose, salt), view.seat)
    return {card: total / worlds for card, total in totals.items()}


def choose_play(tv: TeacherView, worlds: int = WORLDS, seed: int = 0) -> Card:
    """The legal card with the best mean payoff (ties broken from the view's seed, R24)."""
    legal = tv.view.legal
    if len(legal) == 1:
        return legal[0]
    values = evaluate(tv, worlds, seed)
    top = max(values.values())
    ties = [c for c in legal if values[c] == top]
    return ties[0] if len(ties) == 1 else SeedStream(tv.view.tiebreak, "tie").choice(ties)


def choose_pass(view: SeatView) -> tuple[Card, Card, Card]:
    """The frozen Hard's pass."""
    cards: tuple[Card, Card, Card] = frozen_hard.hard().choose_pass(view)
    return cards


def policy(worlds: int = WORLDS, seed: int = 0) -> Policy:
    """The teacher as a seat of :func:`hearts.driver.drive`."""
    return Policy(
        lambda g, s: choose_pass(bots.seat_view(g, s, Level.HARD)),
        lambda g, s: choose_play(teacher_view(g, s), worlds, seed),
    )
