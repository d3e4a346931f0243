"""The page's names that Python and the JavaScript both use, spelled once.

The ``window`` objects one side exposes and the other calls, the ids of the start's box,
the way on's buttons, and the classes and actions of the table that the scripts before
Python (static/boot/) and the motion layer read or set on what Python draws.
``scripts/build_contract.py`` generates them into the contract (``NAMES``, each group an
object of these attribute names); the lifecycle's states and events are
:mod:`hearts.web.lifecycle`'s.  ``tests/web/test_names.py`` fails when a script or a
module of ``hearts/web`` spells one of them by hand.
"""

from __future__ import annotations


class Globals:
    """``window.<name>``: who exposes it → who calls it."""

    boot = "heartsBoot"  # static/boot.js → hearts/web (the picture, the queued taps)
    lifecycle = "heartsLifecycle"  # static/lifecycle.mjs → everything that reports
    debug = "heartsDebug"  # hearts/web → tests and bug reports (read-only)
    watch = "heartsWatch"  # static/watch.mjs → the way on
    pwa = "heartsPWA"  # static/pwa.mjs → hearts/web, static/runtime.mjs
    handover = "heartsHandover"  # static/handover.mjs → hearts/web (the tab lock)
    motion = "heartsMotion"  # static/motion.mjs → hearts/web, static/interpreter.mjs
    sound = "heartsSound"  # static/sound.mjs → hearts/web


class Boot:
    """The start's progress and its way on (index.html's #boot)."""

    box = "boot"
    bar = "boot-bar"
    text = "boot-text"
    fill = "boot-fill"


class WayOn:
    """The way on's buttons (``<button data-boot>``)."""

    retry = "retry"
    setAside = "set-aside"
    startWithout = "start-without"


class Card:
    """A card's state as a class: drawn by hearts/web/render, set at once by
    static/boot/input.mjs before Python runs, read by static/motion.mjs."""

    selected = "selected"
    lifted = "lifted"
    playing = "playing"
    blocked = "blocked"
    winner = "winner"


class Pass:
    """The pass: the table's phase class, the count of chosen cards, its nudge (a fourth
    card: the two classes alternate, so that the animation runs again)."""

    phase = "phase-pass"
    count = "pass-count"
    nudges = ("nudge-0", "nudge-1")


class Intents:
    """``<button data-intent>`` values and intents the scripts before Python queue."""

    confirmPass = "confirm-pass"
    lower = "lower"


GROUPS = {
    "globals": Globals,
    "boot": Boot,
    "wayOn": WayOn,
    "card": Card,
    "pass": Pass,
    "intents": Intents,
}


def _names(group: type) -> dict[str, object]:
    return {
        key: list(value) if isinstance(value, tuple) else value
        for key, value in vars(group).items()
        if not key.startswith("_")
    }


def contract() -> dict[str, dict[str, object]]:
    """``NAMES`` as the contract exports it."""
    return {name: _names(group) for name, group in GROUPS.items()}


def spelled() -> set[str]:
    """Every name here: what no script and no other module may spell."""
    found: set[str] = set()
    for group in contract().values():
        for value in group.values():
            found.update(value if isinstance(value, list) else [str(value)])
    return found
