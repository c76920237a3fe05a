"""Key-value storage the app writes saves and settings to.

The browser glue wraps ``localStorage`` with this interface; tests and the "storage is off"
fallback use :class:`MemoryStorage`. Any failure (storage disabled, quota exceeded) is a
:class:`StorageError`, so the app can keep the game playable and say that saving is off.
"""

from __future__ import annotations


class StorageError(Exception):
    """Storage is unavailable or full."""


class MemoryStorage:
    """A dict-backed storage. ``fail`` makes every call raise (storage disabled);
    ``quota`` (characters, keys + values) makes writes past it raise (storage full)."""

    def __init__(self, data: dict[str, str] | None = None, fail: bool = False,
                 quota: int | None = None):
        self.data = dict(data or {})
        self.fail = fail
        self.quota = quota

    def _check(self) -> None:
        if self.fail:
            raise StorageError("storage is unavailable")

    def get(self, key: str) -> str | None:
        self._check()
        return self.data.get(key)

    def set(self, key: str, value: str) -> None:
        self._check()
        if self.quota is not None:
            used = sum(len(k) + len(v) for k, v in self.data.items() if k != key)
            if used + len(key) + len(value) > self.quota:
                raise StorageError("storage is full")
        self.data[key] = value

    def remove(self, key: str) -> None:
        self._check()
        self.data.pop(key, None)

    def keys(self) -> list[str]:
        self._check()
        return list(self.data)
