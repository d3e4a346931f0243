"""Sealed records: versioned JSON objects with a check value, the form of everything stored.

The game save, the statistics and the page's own records (table, settings) are all sealed
records; opening one checks size, nesting, JSON, kind, version and check value before any
field is read, so a truncated, edited or foreign record is refused with :class:`SaveError`.

Size and nesting are checked before the JSON parser sees the text (:func:`parse_json`):
``json.loads`` recurses once per level, and the browser's Python (Pyodide, in WebAssembly)
has a far smaller stack than CPython's, so a record 8,000 brackets deep is a fatal error
there, not a ``RecursionError``.  No record the game writes is nested deeper
than 3; :data:`MAX_DEPTH` leaves room, and the check is a few regular expressions, not a
loop over every character in Python.
"""

from __future__ import annotations

import hashlib
import json
import re
from typing import Any

from .errors import SaveError

MAX_TEXT = 200_000  # characters: a real table record is under 40,000
MAX_DEPTH = 8  # nested arrays and objects: every record of the game needs 3 at most
# A JSON string (escapes and all); one without its closing quote runs to the end of the
# text, so every quote starts at most one match and the scan stays linear.
_STRINGS = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"?', re.DOTALL)
_NOT_BRACKETS = re.compile(r"[^\[\]{}]+")
_INNERMOST = re.compile(r"[\[{][\]}]")  # an empty array or object: one level's pair


def nesting_within(text: str, depth: int = MAX_DEPTH) -> bool:
    """``True`` if the arrays and objects of JSON ``text`` nest at most ``depth`` deep.

    Brackets inside strings do not count.  Without recursion: the strings and everything
    but brackets are removed, then the innermost pairs, one level per pass; text that is
    not balanced JSON is ``False`` too (the parser would refuse it anyway).
    """
    brackets = _NOT_BRACKETS.sub("", _STRINGS.sub("", text))
    for _ in range(depth):
        if not brackets:
            return True
        brackets = _INNERMOST.sub("", brackets)
    return not brackets


def limits_problem(text: str, max_text: int = MAX_TEXT, max_depth: int = MAX_DEPTH) -> str | None:
    """Why ``text`` may not reach the JSON parser (too large, too deep), or ``None``.

    static/boot/records.mjs checks the same before Python runs, by another algorithm (a
    loop); tests/shared_cases/nesting.json holds the cases both must agree on."""
    if len(text) > max_text:
        return "the saved record is too large"
    if not nesting_within(text, max_depth):
        return "the saved record is nested too deeply (or its brackets do not match)"
    return None


def parse_json(text: str, max_text: int = MAX_TEXT, max_depth: int = MAX_DEPTH) -> object:
    """Stored JSON, parsed only once it is known to be within size and nesting limits;
    :class:`SaveError` if it is too large, too deep or not JSON."""
    if (problem := limits_problem(text, max_text, max_depth)) is not None:
        raise SaveError(problem)
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise SaveError(f"the saved record is not valid JSON ({exc.__class__.__name__})") from None


def _canonical(body: dict[str, Any]) -> str:
    return json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True)


def checksum(body: dict[str, Any]) -> str:
    """The check value of a record body: SHA-256 of its canonical JSON, 16 hex digits."""
    return _check(_canonical(body))


def _check(canonical: str) -> str:
    return hashlib.sha256(canonical.encode()).hexdigest()[:16]


def seal(body: dict[str, Any]) -> str:
    """A record as stored: its body plus the check value, compact JSON."""
    return sealed(body)[0]


def sealed(body: dict[str, Any]) -> tuple[str, str]:
    """The stored record and its check value.

    The stored text is the canonical JSON with the check value added as a last member, so
    the body is encoded once per save (the table is saved after every move).
    """
    if not body or "check" in body:
        raise ValueError("a record body is a non-empty object without a check value")
    canonical = _canonical(body)
    check = _check(canonical)
    return f'{canonical[:-1]},"check":"{check}"}}', check


def open_record(text: object, kind: str, version: int | tuple[int, ...]) -> dict[str, Any]:
    """The body of a sealed record after checking size, JSON, kind, version and check value.

    ``version`` may name several versions a reader migrates from; the body's ``"v"`` says
    which one it is.
    """
    versions = version if isinstance(version, tuple) else (version,)
    if not isinstance(text, str):
        raise SaveError(f"a saved record is text, not {type(text).__name__}")
    data = parse_json(text)
    if not isinstance(data, dict):
        raise SaveError("the saved record is not a JSON object")
    if data.get("kind") != kind:
        raise SaveError(f"not a {kind} record")
    if type(data.get("v")) is not int or data.get("v") not in versions:
        readable = " or ".join(str(v) for v in versions)
        raise SaveError(f"unknown {kind} version {data.get('v')!r} (this build reads {readable})")
    body = {k: v for k, v in data.items() if k != "check"}
    if data.get("check") != checksum(body):
        raise SaveError("the saved record fails its check value (corrupted or edited)")
    return body
