"""The page's test hooks from its query string (``?seed=N``, ``?cadence=MS``, ``?lang=``),
and which language the page speaks."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from .. import i18n
from .schedule import DEFAULT_TIMING, Timing


class Params(NamedTuple):
    """The page's test hooks: ``?seed=N``, ``?cadence=MS``, ``?lang=en|de``."""

    seed: int | None = None
    timing: Timing = DEFAULT_TIMING
    lang: str | None = None

    @classmethod
    def from_query(cls, query: dict[str, str]) -> Params:
        seed = _int(query.get("seed"))
        cadence = _int(query.get("cadence"))
        lang = query.get("lang")
        return cls(
            seed=seed if seed is not None and 0 <= seed < 2**63 else None,
            timing=DEFAULT_TIMING if cadence is None else Timing.from_cadence(cadence),
            lang=None if lang is None else i18n.supported_language(lang),
        )


def _int(text: str | None) -> int | None:
    if text is None or not text.strip().isdigit() or len(text) > 19:
        return None
    return int(text)


def choose_lang(url: str | None, saved: str | None, browser: Sequence[str]) -> str:
    """The page's language: ``?lang=`` first, then the player's own choice, then the first
    the browser prefers that the game speaks (English if none).  static/boot/language.mjs
    chooses the same before Python runs (both run tests/shared_cases/language.json)."""
    return url or saved or i18n.pick_language(browser)
