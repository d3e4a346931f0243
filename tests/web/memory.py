"""A dict with the ``hearts.web.safe_storage.Storage`` interface: the tests' localStorage."""

from __future__ import annotations


class MemoryStorage:
    def __init__(self, data: dict[str, str] | None = None) -> None:
        self.data: dict[str, str] = dict(data or {})

    def get(self, key: str) -> str | None:
        return self.data.get(key)

    def set(self, key: str, value: str) -> None:
        self.data[key] = value

    def remove(self, key: str) -> None:
        self.data.pop(key, None)
