"""Deterministic randomness derived from a game seed.

Scheme (version 1), identical on every CPython 3.11+ and on Pyodide because it uses only
SHA-256 and integer arithmetic — never ``hash()`` of a str (salted per process) and never
the ``random`` module (whose derived methods may change between Python versions):

* A stream is named by the game seed and a purpose path, e.g. ``(seed, "deal", 3)``.
* Block ``k`` of the stream is ``sha256(f"hearts/1/{seed}/{purpose…}/{k}")``; its 32 bytes
  are read as eight big-endian 32-bit words.
* :func:`digest64` is the first 8 bytes of ``sha256(f"hearts/1/{seed}/{purpose…}")``, read
  as one big-endian integer: a one-way value, such as the seed of a CPU's tie-breaks.
* ``below(n)`` draws words and rejects those at or above the largest multiple of ``n``
  below 2**32, so every value is exactly uniform.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")
_WORD = 1 << 32


def _name(seed: int, purpose: tuple[object, ...]) -> str:
    """The text a purpose is named by: ``hearts/1/{seed}/{purpose…}``."""
    parts = "/".join(str(part) for part in purpose)
    return f"hearts/1/{int(seed)}/{parts}"


def digest64(seed: int, *purpose: object) -> int:
    """A one-way 64-bit value for one named purpose: the first 8 bytes, big-endian, of
    ``sha256(f"hearts/1/{seed}/{purpose…}")``.  It seeds a stream of its own without
    revealing ``seed`` (the CPU's tie-breaks, R24: a seat must not learn the deal)."""
    return int.from_bytes(hashlib.sha256(_name(seed, purpose).encode()).digest()[:8], "big")


class SeedStream:
    """An endless, reproducible sequence of uniform integers for one named purpose."""

    __slots__ = ("_block", "_prefix", "_words")

    def __init__(self, seed: int, *purpose: object) -> None:
        self._prefix = _name(seed, purpose) + "/"
        self._block = 0
        self._words: list[int] = []

    def _next_word(self) -> int:
        if not self._words:
            digest = hashlib.sha256(f"{self._prefix}{self._block}".encode()).digest()
            self._block += 1
            self._words = [int.from_bytes(digest[i : i + 4], "big") for i in range(28, -1, -4)]
        return self._words.pop()

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (``n`` between 1 and 2**32)."""
        if not 0 < n <= _WORD:
            raise ValueError(f"n out of range: {n}")
        limit = _WORD - _WORD % n
        while True:
            word = self._next_word()
            if word < limit:
                return word % n

    def choice(self, options: Sequence[T]) -> T:
        """One element of a non-empty sequence."""
        return options[self.below(len(options))]

    def shuffled(self, items: Sequence[T]) -> list[T]:
        """A Fisher–Yates shuffle of ``items`` (a new list)."""
        result = list(items)
        for i in range(len(result) - 1, 0, -1):
            j = self.below(i + 1)
            result[i], result[j] = result[j], result[i]
        return result
