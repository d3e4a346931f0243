"""The page's test hooks from its query string (``?seed=N``, ``?cadence=MS``, ``?lang=``),
and which language the page speaks.

One rule for every number: ASCII digits only, no sign, space or exponent, and
within the parameter's range (:data:`SEED_RANGE`, :data:`CADENCE_RANGE`); anything else
is ignored as if the parameter were absent, never an error.  ``str.isdigit()`` is not that
rule: it is true for "²", "①" or "٣", which ``int()`` refuses.  tests/shared_cases/
params.json holds the hostile values (static/boot/language.mjs reads ``?lang=`` the same).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import NamedTuple
from urllib.parse import parse_qsl

from .. import i18n
from .schedule import DEFAULT_TIMING, Timing

SEED_RANGE = range(0, 2**63)
"""``?seed=``: a game seed, any non-negative 63-bit number."""
CADENCE_RANGE = range(0, 10_001)
"""``?cadence=``: the CPU's cadence in milliseconds, 0 (no waits, no flights) to 10 s."""

# A value below 2**63 has at most 19 digits; a longer text is refused before int() reads it
_DIGITS = re.compile(r"[0-9]{1,19}")


class Params(NamedTuple):
    """The page's test hooks: ``?seed=N``, ``?cadence=MS``, ``?lang=en|de``."""

    seed: int | None = None
    timing: Timing = DEFAULT_TIMING
    lang: str | None = None

    @classmethod
    def from_query(cls, query: dict[str, str]) -> Params:
        cadence = number(query.get("cadence"), CADENCE_RANGE)
        lang = query.get("lang")
        return cls(
            seed=number(query.get("seed"), SEED_RANGE),
            timing=DEFAULT_TIMING if cadence is None else Timing.from_cadence(cadence),
            lang=None if lang is None else i18n.supported_language(lang),
        )


def number(text: str | None, allowed: range) -> int | None:
    """``text`` as a number if it is ASCII digits only and within ``allowed``, else None."""
    if text is None or _DIGITS.fullmatch(text) is None:
        return None
    value = int(text)
    return value if value in allowed else None


def parse_query(search: str) -> dict[str, str]:
    """A query string (``location.search``) as names and values, decoded as the browser's
    ``URLSearchParams`` decodes it: the first of a repeated name counts, as ``get`` does."""
    found: dict[str, str] = {}
    pairs = parse_qsl(search.removeprefix("?"), keep_blank_values=True, errors="replace")
    for name, value in pairs:
        found.setdefault(name, value)
    return found


def choose_lang(url: str | None, saved: str | None, browser: Sequence[str]) -> str:
    """The page's language: ``?lang=`` first, then the player's own choice, then the first
    the browser prefers that the game speaks (English if none).  static/boot/language.mjs
    chooses the same before Python runs (both run tests/shared_cases/language.json)."""
    return url or saved or i18n.pick_language(browser)
