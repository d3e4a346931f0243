"""What the table is waiting for, and when: the scheduler's decisions as pure values (R22).

The engine answers "what is pending?" (a CPU pass, a CPU play, a finished trick to
gather); this module turns that into at most one timer.  Because the answer is read from
the game every time, a reload restarts the scheduler exactly where the game stands.
"""

from __future__ import annotations

from typing import NamedTuple

from ..game import Game
from ..steps import StepKind

CADENCE_MS = 450  # every CPU move (R22)
TRICK_PAUSE_MS = 1000  # a finished trick lies face up this long before it is gathered (R20)
CPU_SEATS = (1, 2, 3)


class Timing(NamedTuple):
    cadence_ms: int = CADENCE_MS
    pause_ms: int = TRICK_PAUSE_MS

    @classmethod
    def from_cadence(cls, cadence_ms: int) -> Timing:
        """``?cadence=MS``: the CPU cadence, with the trick pause scaled alongside."""
        cadence = max(0, min(int(cadence_ms), 10_000))
        return cls(cadence, round(cadence * TRICK_PAUSE_MS / CADENCE_MS))


class Pending(NamedTuple):
    """One step of the engine's (its :class:`~hearts.steps.StepKind`) the table waits for:
    a CPU seat's pass or play, or a trick to gather; ``key`` names it uniquely within a
    game."""

    kind: StepKind
    seat: int | None
    delay_ms: int
    key: tuple[int, str, int | None]


DEFAULT_TIMING = Timing()


def pending(game: Game, timing: Timing = DEFAULT_TIMING) -> Pending | None:
    """The next CPU step the game calls for, or ``None`` (your move, or a button to press).

    CPU seats confirm their passes one by one while you choose (R11); a finished trick
    waits for the pause and is gathered (R20); a CPU seat to act plays after the cadence.
    """
    step = game.next_step
    if step is None:
        return None
    position = len(game.actions)
    if step.kind == StepKind.PASS:
        seat = next((s for s in step.seats if s in CPU_SEATS), None)
        if seat is None:
            return None
        return Pending(step.kind, seat, timing.cadence_ms, (position, step.kind, seat))
    if step.kind == StepKind.GATHER:
        return Pending(step.kind, None, timing.pause_ms, (position, step.kind, None))
    if step.kind == StepKind.PLAY and step.seat in CPU_SEATS:
        seat = step.seat
        return Pending(step.kind, seat, timing.cadence_ms, (position, step.kind, seat))
    return None


class TimerPlan:
    """Keeps the one timer in step with what is pending.

    :meth:`sync` returns what the timer must do: whether to cancel the timer it has and
    which step (if any) to set a new timer for.  A timer whose step is still the pending
    one is kept, so tapping cards while CPU seats choose never delays them.
    """

    def __init__(self) -> None:
        self.current: Pending | None = None

    def sync(self, want: Pending | None) -> tuple[bool, Pending | None]:
        if want is not None and self.current is not None and want.key == self.current.key:
            return (False, None)
        cancel = self.current is not None
        self.current = want
        return (cancel, want)

    def fired(self) -> Pending | None:
        """The step whose timer just fired; there is no timer any more."""
        step, self.current = self.current, None
        return step
