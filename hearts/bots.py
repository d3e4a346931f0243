"""Where the game meets the CPU: a seat's view of a game, and a CPU's decision in it.

:class:`hearts.game.Game` knows no bots (like python-chess's board or OpenSpiel's state):
this module reads a game through its public accessors, builds the :class:`SeatView` of
one seat from what that seat may see (R23), and asks :mod:`hearts.cpu` what it would
pass or play.  It applies nothing: the caller applies the decision through the game's
public API, the way a human move is applied (:func:`hearts.driver.cpu` does so for
every driver of the game).
"""

from __future__ import annotations

from . import cpu
from .cards import Card
from .cpu.seatview import SeatView
from .enums import Level, Phase, level_of
from .errors import IllegalPlay
from .game import Game
from .rng import digest64


def seat_view(game: Game, seat: int, level: Level | str | None = None) -> SeatView:
    """What ``seat`` may know of ``game`` right now (R23), for a CPU decision at ``level``
    (the game's own level if ``None``)."""
    hand = game.hand(seat)  # refuses a seat that does not exist
    trick = game.current_trick
    position = f"{game.phase}/{game.hand_number}/{len(game.tricks)}/{len(trick)}"
    return SeatView(
        seat=seat,
        level=game.level if level is None else level_of(level),
        phase=game.phase,
        hand_number=game.hand_number,
        pass_direction=game.pass_direction,
        hand=hand,
        legal=game.legal_plays(seat),
        tricks=game.tricks,
        current_trick=trick,
        hearts_broken=game.hearts_broken,
        points_taken=game.points_taken,
        scores=game.scores,
        # A one-way digest of the seed and the decision's position (R24): the view
        # carries no seed, so it cannot reveal the deal.
        tiebreak=digest64(game.seed, "cpu", position, seat),
    )


def cpu_pass(game: Game, seat: int, level: Level | str | None = None) -> tuple[Card, Card, Card]:
    """The three cards a CPU at ``level`` would pass from ``seat`` (not applied)."""
    if game.phase != Phase.PASS or game.has_passed(seat):
        raise IllegalPlay(f"seat {seat} has no pass to make now")
    return cpu.choose_pass(seat_view(game, seat, level))


def cpu_play(game: Game, seat: int, level: Level | str | None = None) -> Card:
    """The card a CPU at ``level`` would play from ``seat`` now (not applied)."""
    game.require_turn(seat)
    return cpu.choose_play(seat_view(game, seat, level))
