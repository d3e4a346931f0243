"""Sealed records: versioned JSON objects with a check value, the form of everything stored.

The game save, the statistics and the page's own records (table, settings) are all sealed
records; opening one checks size, JSON, kind, version and check value before any field is
read, so a truncated, edited or foreign record is refused with :class:`SaveError`.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from .errors import SaveError

MAX_TEXT = 200_000


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
    if len(text) > MAX_TEXT:
        raise SaveError("the saved record is too large")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise SaveError(f"the saved record is not valid JSON ({exc.__class__.__name__})") from None
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
