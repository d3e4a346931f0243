"""The tools' name for :mod:`hearts.driver`, the one step loop (moved there, issue 21).

tools/tournament.py, ismcts.py and bench.py (and issue 24's teacher) import it from here;
new code imports :mod:`hearts.driver` itself.
"""

from hearts.driver import (
    CPU,
    FIRST,
    FIRST_VS_CPU,
    Policy,
    Taken,
    Until,
    cpu,
    drive,
    game_over,
    hand_done,
    per_seat,
    phase_is,
    random_choices,
    take_step,
)

__all__ = [
    "CPU",
    "FIRST",
    "FIRST_VS_CPU",
    "Policy",
    "Taken",
    "Until",
    "cpu",
    "drive",
    "game_over",
    "hand_done",
    "per_seat",
    "phase_is",
    "random_choices",
    "take_step",
]
