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


def checksum(body: dict[str, Any]) -> str:
    """The check value of a record body: SHA-256 of its canonical JSON, 16 hex digits."""
    canonical = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(canonical.encode()).hexdigest()[:16]


def seal(body: dict[str, Any]) -> str:
    """A record as stored: its body plus the check value, compact JSON."""
    return sealed(body)[0]


def sealed(body: dict[str, Any]) -> tuple[str, str]:
    """The stored record and its check value."""
    check = checksum(body)
    return json.dumps({**body, "check": check}, separators=(",", ":")), check


def open_record(text: object, kind: str, version: int) -> dict[str, Any]:
    """The body of a sealed record after checking size, JSON, kind, version and check value."""
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
    if data.get("v") != version or type(data.get("v")) is not int:
        raise SaveError(f"unknown {kind} version {data.get('v')!r} (this build reads {version})")
    body = {k: v for k, v in data.items() if k != "check"}
    if data.get("check") != checksum(body):
        raise SaveError("the saved record fails its check value (corrupted or edited)")
    return body
