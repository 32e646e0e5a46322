"""Facts computed once and kept in the store: token counts of rendered texts, word facts.

Loading the cl100k encoder (~0.4 s) and the lemma dictionary (~0.5 s with numpy) costs more
than a whole ``prme relate`` may take, and both compute the same answers for the same inputs
every time. So their results are kept in the store, keyed by what they depend on, and the
heavy module is loaded only when an input has never been seen (SPEC §7, issue 10's
end-to-end target).

A :class:`StoreMemo` reads lazily (one primary-key look-up per miss of the process cache) and
writes everything it learned in one transaction when it closes. Writing is best effort: a
store that is busy (an ingest holds the lock) or read-only costs a recount next time, never a
failed command.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from prme_cli.store import Store


class Slot:
    """Where a module finds the memo to consult while a command runs against a store."""

    def __init__(self) -> None:
        self.memo: Any = None

    @contextmanager
    def using(self, memo: Any) -> Iterator[None]:
        """Consult ``memo`` (``get(key)`` / ``put(key, value)``) inside the block."""
        previous, self.memo = self.memo, memo
        try:
            yield
        finally:
            self.memo = previous


class StoreMemo:
    """A key -> value memo over one table of the store (``key`` TEXT PRIMARY KEY)."""

    def __init__(self, store: Store, table: str, value: str, prefix: str = "") -> None:
        self._conn = store.conn
        self._store = store
        self._table = table
        self._value = value
        self._prefix = prefix
        self._pending: dict[str, Any] = {}
        self._empty: bool | None = None  # the table held no row when first consulted

    def get(self, key: str) -> Any | None:
        full = self._prefix + key
        if full in self._pending:
            return self._pending[full]
        if self._empty is None:
            # A new store's first ingest looks up thousands of words that cannot be there:
            # one query says so for all of them (a row another process adds meanwhile is
            # only a fact computed once more).
            try:
                row = self._conn.execute(f"SELECT 1 FROM {self._table} LIMIT 1").fetchone()
            except sqlite3.Error:
                return None
            self._empty = row is None
        if self._empty:
            return None
        try:
            row = self._conn.execute(
                f"SELECT {self._value} FROM {self._table} WHERE key = ?", (full,)
            ).fetchone()
        except sqlite3.Error:
            return None
        return None if row is None else row[0]

    def put(self, key: str, value: Any) -> None:
        self._pending[self._prefix + key] = value

    def flush(self) -> None:
        if not self._pending:
            return
        from prme_cli.errors import StoreError

        conn = self._conn
        timeout = conn.execute("PRAGMA busy_timeout").fetchone()[0]
        conn.execute("PRAGMA busy_timeout = 0")
        try:
            if conn.in_transaction:
                return  # inside a caller's transaction: write nothing behind its back
            with self._store.transaction() as tx:
                tx.executemany(
                    f"INSERT OR REPLACE INTO {self._table}(key, {self._value}) VALUES (?, ?)",
                    list(self._pending.items()),
                )
            self._pending.clear()
            self._empty = None  # what was pending is in the table now
        except (sqlite3.Error, StoreError):
            pass
        finally:
            conn.execute(f"PRAGMA busy_timeout = {int(timeout)}")


@contextmanager
def remembered(store: Store) -> Iterator[None]:
    """Keep token counts and word facts in ``store`` for the duration of the block."""
    from prme_cli import tokens, words

    counts = StoreMemo(store, "token_cache", "tokens", prefix="count:")
    facts = StoreMemo(store, "word_cache", "facts")
    with tokens.backed_by(counts), words.backed_by(facts):
        try:
            yield
        finally:
            counts.flush()
            facts.flush()
