"""A cache backend for what an app server keeps in its own memory: Django's LocMemCache, but
holding the objects themselves rather than pickled copies.

LocMemCache pickles every value on `set` and unpickles it on every `get`, so each read makes
a new copy: about 0.4 ms for a house's tables, on every question dealt.  What is kept here is
keyed by a serial that every change moves on (trainer.core.auth and .config), so a change
makes a new entry under a new key and handing out the one object (as the module dictionaries
before this did) is safe: callers treat values as read-only.  The one thing written in place
is a paytable version's `first_used_at` (houses.services.mark_used), which only catches up
with the database, so the next question dealt does not mark it again.

Least recently used entries go first past `OPTIONS["MAX_ENTRIES"]`; entries with the same
LOCATION are shared by every thread of the process, as LocMemCache's are.

    CACHES = {"local": {"BACKEND": "trainer.core.localcache.ObjectCache", "LOCATION": "local"}}
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from typing import Any

from django.core.cache.backends.base import DEFAULT_TIMEOUT, BaseCache

#: LOCATION -> (key -> (expiry or None, value)), with its lock
_STORES: dict[str, tuple[OrderedDict[str, tuple[float | None, Any]], threading.Lock]] = {}
_STORES_LOCK = threading.Lock()


class ObjectCache(BaseCache):
    def __init__(self, name: str, params: dict) -> None:
        super().__init__(params)
        self.max_entries = int(params.get("OPTIONS", {}).get("MAX_ENTRIES", 300))
        with _STORES_LOCK:
            self.store, self.lock = _STORES.setdefault(name, (OrderedDict(), threading.Lock()))

    def _live(self, key: str):
        """The entry under `key` if it has not expired (the lock held)."""
        entry = self.store.get(key)
        if entry is not None and entry[0] is not None and entry[0] <= time.time():
            del self.store[key]
            return None
        return entry

    def _put(self, key: str, value, timeout) -> None:
        self.store[key] = (self.get_backend_timeout(timeout), value)
        self.store.move_to_end(key)
        while len(self.store) > self.max_entries:
            self.store.popitem(last=False)

    def add(self, key, value, timeout=DEFAULT_TIMEOUT, version=None) -> bool:
        key = self.make_and_validate_key(key, version=version)
        with self.lock:
            if self._live(key) is not None:
                return False
            self._put(key, value, timeout)
            return True

    def get(self, key, default=None, version=None):
        key = self.make_and_validate_key(key, version=version)
        with self.lock:
            entry = self._live(key)
            if entry is None:
                return default
            self.store.move_to_end(key)
            return entry[1]

    def set(self, key, value, timeout=DEFAULT_TIMEOUT, version=None) -> None:
        key = self.make_and_validate_key(key, version=version)
        with self.lock:
            self._put(key, value, timeout)

    def touch(self, key, timeout=DEFAULT_TIMEOUT, version=None) -> bool:
        key = self.make_and_validate_key(key, version=version)
        with self.lock:
            entry = self._live(key)
            if entry is None:
                return False
            self._put(key, entry[1], timeout)
            return True

    def delete(self, key, version=None) -> bool:
        key = self.make_and_validate_key(key, version=version)
        with self.lock:
            return self.store.pop(key, None) is not None

    def has_key(self, key, version=None) -> bool:
        key = self.make_and_validate_key(key, version=version)
        with self.lock:
            return self._live(key) is not None

    def clear(self) -> None:
        with self.lock:
            self.store.clear()
