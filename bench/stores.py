"""Benchmark stores of N objects, built two ways.

- :func:`build_by_sql` writes rows straight into a fresh store (no org text, no parsing), so a
  1M-object store takes about a minute instead of the many minutes a real ingest of a
  generated 1M-heading corpus takes. The time index rows come from the real
  ``ingest.timestamp_row``, so span classes and repeater periods are exactly what ingest
  writes. The mix imitates a long-lived notes store: N objects over ten years, each with a
  capture stamp (its ``event_time``); 20% also a date-only SCHEDULED, 30% a CLOCK span of
  0.5-3 h, 1% a 3-day range, 0.1% a range of 40-400 days, 0.2% a repeater (weekly,
  daily-habit or monthly: the SQL-arithmetic and the calendar paths). For the filtered
  queries, from a second random stream (so the time rows do not depend on it): 10% of the
  objects are ``DONE`` and 15% ``TODO``; 20% carry the tag ``work`` besides ``bench``.
- :func:`build_by_ingest` generates an org corpus with ``gen_corpus.py`` and runs the real
  ``ingest_paths``. That generator gives ~10% of its headings a repeater (``.+1d``, ``+1w``,
  ``++1m``), far more than real notes, which makes windows much more expensive: see the
  README of ``bench/``.
"""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from prme_cli.ingest import ingest_paths, timestamp_row
from prme_cli.model import Timestamp
from prme_cli.store import Store, wall_seconds

BASE = datetime(2017, 1, 1)
YEARS = 10
NOW_TEXT = "2026-11-29T12:00:00.000000Z"
_BATCH = 50_000


def build_by_sql(path: Path, n: int, *, seed: int = 11) -> None:
    """Create the store at ``path`` holding ``n`` heading objects (see module doc)."""
    rng = random.Random(seed)
    attrs = random.Random(seed + 1)
    seconds = YEARS * 365 * 86_400
    files = max(1, n // 1000)
    with Store.open(path) as store:
        with store.transaction() as conn:
            conn.executemany(
                "INSERT INTO files(file_id, path, root, relpath, first_seen, last_seen) "
                "VALUES (?,?,?,?,?,?)",
                [
                    (
                        i + 1,
                        f"/bench/notes-{i:05d}.org",
                        "/bench",
                        f"notes-{i:05d}.org",
                        *[NOW_TEXT] * 2,
                    )
                    for i in range(files)
                ],
            )
        objects: list[tuple[Any, ...]] = []
        stamps: list[tuple[Any, ...]] = []
        versions: list[tuple[Any, ...]] = []
        for pk in range(1, n + 1):
            when = BASE + timedelta(minutes=rng.randrange(seconds // 60))
            day = when.replace(hour=0, minute=0)
            r = attrs.random()
            todo = "DONE" if r < 0.1 else "TODO" if r < 0.25 else None
            tags = '["bench", "work"]' if attrs.random() < 0.2 else '["bench"]'
            objects.append(
                (
                    pk,
                    f"bench-{pk}",
                    pk % files + 1,
                    pk,
                    pk,
                    f"Note {pk} about {rng.choice(_WORDS)}",
                    todo,
                    tags,
                    wall_seconds(when),
                    f"h{pk}",
                    NOW_TEXT,
                    NOW_TEXT,
                    NOW_TEXT,
                )
            )
            versions.append((pk, f"h{pk}", NOW_TEXT))
            stamps.append(timestamp_row(pk, Timestamp("inactive", when, when, True, "[c]", pk)))
            extra = _extra_stamp(rng, pk, when, day)
            if extra is not None:
                stamps.append(timestamp_row(pk, extra))
            if len(objects) >= _BATCH:
                _flush(store, objects, stamps, versions)
        _flush(store, objects, stamps, versions)
        store.conn.execute("ANALYZE")


_WORDS = ("garden", "frame", "kiln", "report", "release", "dentist", "trip", "budget")


def _extra_stamp(rng: random.Random, line: int, when: datetime, day: datetime) -> Timestamp | None:
    r = rng.random()
    if r < 0.001:
        end = day + timedelta(days=rng.randrange(40, 400))
        return Timestamp("range", day, end, False, "<a>--<b>", line)
    if r < 0.003:
        repeater = rng.choice(("+1w", ".+1d", "++1m"))
        return Timestamp("scheduled", day, day + timedelta(days=1), False, "<r>", line, repeater)
    if r < 0.2:
        return Timestamp("scheduled", day, day + timedelta(days=1), False, "<s>", line)
    if r < 0.5:
        end = when + timedelta(minutes=rng.randrange(30, 180))
        return Timestamp("clock", when, end, True, "CLOCK: [a]--[b]", line)
    if r < 0.51:
        return Timestamp("range", day, day + timedelta(days=3), False, "<a>--<b>", line)
    return None


def _flush(
    store: Store,
    objects: list[tuple[Any, ...]],
    stamps: list[tuple[Any, ...]],
    versions: list[tuple[Any, ...]],
) -> None:
    with store.transaction() as conn:
        conn.executemany(
            "INSERT INTO objects(pk, id, file_id, type, seq, line, level, path, title, todo, "
            "tags, own_tags, properties, body, event_time, event_source, content_hash, version, "
            "first_seen, last_seen) VALUES (?,?,?,'heading',?,?,1,'[]',?,?,?,'[]',"
            "'{}','',?,'inactive',?,?,?,?)",
            objects,
        )
        conn.executemany(
            'INSERT INTO timestamps(obj, kind, start, "end", stop, span, period, has_time, '
            "raw, line, repeater, warning, label) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)",
            stamps,
        )
        conn.executemany(
            "INSERT INTO versions(obj, content_hash, version) VALUES (?,?,?)", versions
        )
    objects.clear()
    stamps.clear()
    versions.clear()


def build_by_ingest(path: Path, corpus_dir: Path, n: int) -> None:
    """Generate ``n`` headings with gen_corpus.py and ingest them for real."""
    import gen_corpus

    gen_corpus.generate(corpus_dir, n, max(1, n // 1000))
    with Store.open(path) as store:
        ingest_paths(store, [corpus_dir], now=datetime(2026, 11, 29, 12, tzinfo=UTC))
        store.conn.execute("ANALYZE")
