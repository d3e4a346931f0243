"""The rulebook of Hearts as pure functions: the one place where the rules live.

Seats are 0 (you), 1 (CPU 1, your left), 2 (CPU 2, across), 3 (CPU 3, your right); play
goes 0 → 1 → 2 → 3 (R1).
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import HEARTS, POINTS_OF, SUIT_OF, TWO_OF_CLUBS, Card

SEATS = (0, 1, 2, 3)
PASS_CYCLE = ("left", "right", "across", "hold")
_PASS_OFFSET = {"left": 1, "right": 3, "across": 2, "hold": 0}
GAME_END_SCORE = 100
HAND_POINTS = 26


def pass_direction(hand_number: int) -> str:
    """Left, right, across, hold — repeating from hand 1 (R8)."""
    return PASS_CYCLE[(hand_number - 1) % 4]


def pass_target(seat: int, direction: str) -> int:
    """The seat that receives ``seat``'s three cards (left = the next seat in play order)."""
    return (seat + _PASS_OFFSET[direction]) % 4


def legal_plays(
    hand: Sequence[Card], trick: Sequence[Card], first_trick: bool, hearts_broken: bool
) -> tuple[Card, ...]:
    """The cards of ``hand`` that may be played now, read top to bottom as the rulebook.

    ``hand`` is in display order; so is the result.  ``trick`` holds the cards already
    played to the current trick, in play order.
    """
    if trick:
        led = SUIT_OF[trick[0]]
        following = tuple([c for c in hand if SUIT_OF[c] == led])
        if following:
            return following  # R13: follow suit, no exception
        if first_trick:
            # R14: no points on trick 1, unless the seat has nothing else.
            return tuple([c for c in hand if not POINTS_OF[c]]) or tuple(hand)
        return tuple(hand)
    if first_trick:
        return (TWO_OF_CLUBS,) if TWO_OF_CLUBS in hand else ()  # R12
    if hearts_broken:
        return tuple(hand)
    # R15/R16: no heart lead before hearts are broken (Q♠ may lead), unless all hearts.
    return tuple([c for c in hand if SUIT_OF[c] != HEARTS]) or tuple(hand)


def trick_winner(plays: Sequence[tuple[int, Card]]) -> int:
    """The seat whose card is the highest of the led suit (R19: no trump)."""
    led = SUIT_OF[plays[0][1]]
    best_seat, best_card = plays[0]
    for seat, card in plays[1:]:
        if SUIT_OF[card] == led and card > best_card:
            best_seat, best_card = seat, card
    return best_seat


def trick_points(cards: Sequence[Card]) -> int:
    """Hearts 1 each, Q♠ 13 (R32)."""
    return sum(POINTS_OF[c] for c in cards)


def shooter(points_taken: Sequence[int]) -> int | None:
    """The seat that took all 26 points this hand, if any (R33; Q♠ alone is not, R34)."""
    for seat, points in enumerate(points_taken):
        if points == HAND_POINTS:
            return seat
    return None


def hand_score(points_taken: Sequence[int]) -> tuple[int, int, int, int]:
    """The points each seat scores for a finished hand: the moon gives the others 26 (R33)."""
    moon = shooter(points_taken)
    if moon is None:
        return (points_taken[0], points_taken[1], points_taken[2], points_taken[3])
    a, b, c, d = (0 if seat == moon else HAND_POINTS for seat in SEATS)
    return (a, b, c, d)


def game_over(scores: Sequence[int]) -> bool:
    """The game ends the moment any seat has 100 or more (R4)."""
    return max(scores) >= GAME_END_SCORE


def result_for_you(scores: Sequence[int]) -> str:
    """``"win"`` (you alone lowest), ``"draw"`` (you tied for lowest) or ``"loss"`` (R4)."""
    lowest = min(scores)
    if scores[0] > lowest:
        return "loss"
    return "win" if list(scores).count(lowest) == 1 else "draw"
