"""The rulebook of Hearts as pure functions: the one place where the rules live.

Seats are 0 (you), 1 (CPU 1, your left), 2 (CPU 2, across), 3 (CPU 3, your right); play
goes 0 → 1 → 2 → 3 (R1).
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import HEARTS, POINTS_OF, SUIT_OF, SUIT_SYMBOLS, TWO_OF_CLUBS, Card
from .enums import Direction, Result

SEATS = (0, 1, 2, 3)
PASS_CYCLE = (Direction.LEFT, Direction.RIGHT, Direction.ACROSS, Direction.HOLD)  # R8
_PASS_OFFSET = {Direction.LEFT: 1, Direction.RIGHT: 3, Direction.ACROSS: 2, Direction.HOLD: 0}
GAME_END_SCORE = 100
HAND_POINTS = 26
Plays = tuple[tuple[int, Card], ...]  # a trick, (seat, card) in play order


def pass_direction(hand_number: int) -> Direction:
    """Left, right, across, hold — repeating from hand 1 (R8)."""
    return PASS_CYCLE[(hand_number - 1) % 4]


def pass_target(seat: int, direction: Direction) -> int:
    """The seat that receives ``seat``'s three cards (left = the next seat in play order)."""
    return (seat + _PASS_OFFSET[direction]) % 4


def _allowed(
    hand: Sequence[Card], trick: Sequence[Card], first_trick: bool, hearts_broken: bool
) -> tuple[tuple[Card, ...], str]:
    """The playable cards and the rule that narrowed them down ("" if none did).

    One ordered fallback chain, read top to bottom: it is the whole rulebook of play.
    """
    if trick:
        led = SUIT_OF[trick[0]]
        following = tuple([c for c in hand if SUIT_OF[c] == led])
        if following:
            return following, "follow"  # R13: follow suit, no exception
        if first_trick:
            # R14: no points on trick 1, unless the seat has nothing else.
            plain = tuple([c for c in hand if not POINTS_OF[c]])
            return (plain, "first_trick") if plain else (tuple(hand), "")
        return tuple(hand), ""
    if first_trick:
        return ((TWO_OF_CLUBS,) if TWO_OF_CLUBS in hand else ()), "two_of_clubs"  # R12
    if hearts_broken:
        return tuple(hand), ""
    # R15/R16: no heart lead before hearts are broken (Q♠ may lead), unless all hearts.
    plain = tuple([c for c in hand if SUIT_OF[c] != HEARTS])
    return (plain, "hearts_unbroken") if plain else (tuple(hand), "")


def legal_plays(
    hand: Sequence[Card], trick: Sequence[Card], first_trick: bool, hearts_broken: bool
) -> tuple[Card, ...]:
    """The cards of ``hand`` that may be played now (display order in, display order out).

    ``trick`` holds the cards already played to the current trick, in play order.
    """
    return _allowed(hand, trick, first_trick, hearts_broken)[0]


def why_illegal(
    card: Card, hand: Sequence[Card], trick: Sequence[Card], first_trick: bool, hearts_broken: bool
) -> str | None:
    """Why ``card`` may not be played now, for the refusal's message; ``None`` if it may.

    The engine speaks no language to the player: this is a developer's message, naming
    cards by their text form and suits by their symbols; the page never shows it, since
    a card the rules refuse does not respond to taps (R18)."""
    if card not in hand:
        return "that hand does not hold it"
    allowed, rule = _allowed(hand, trick, first_trick, hearts_broken)
    if card in allowed:
        return None
    if rule == "follow":
        return f"it does not follow suit ({SUIT_SYMBOLS[SUIT_OF[trick[0]]]} was led)"
    if rule == "first_trick":
        return "it carries points, which the first trick does not allow"
    if rule == "two_of_clubs":
        return "the 2♣ must open the hand"
    return "hearts are not broken yet, so it may not lead"


def winning_play(plays: Sequence[tuple[int, Card]]) -> tuple[int, Card]:
    """The (seat, card) that wins — or, mid-trick, is winning — a trick (R19: no trump)."""
    best_seat, best_card = plays[0]
    led = SUIT_OF[best_card]
    for seat, card in plays[1:]:
        if SUIT_OF[card] == led and card > best_card:
            best_seat, best_card = seat, card
    return best_seat, best_card


def trick_winner(plays: Sequence[tuple[int, Card]]) -> int:
    """The seat whose card is the highest of the led suit."""
    return winning_play(plays)[0]


def trick_points(plays: Sequence[tuple[int, Card]]) -> int:
    """What a trick costs its taker: hearts 1 each, Q♠ 13 (R32)."""
    return sum(POINTS_OF[card] for _, card in plays)


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


def result_for_you(scores: Sequence[int]) -> Result:
    """Win (you alone lowest), draw (you tied for lowest) or loss (R4)."""
    lowest = min(scores)
    if scores[0] > lowest:
        return Result.LOSS
    return Result.WIN if list(scores).count(lowest) == 1 else Result.DRAW
