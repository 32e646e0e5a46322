"""Time-window ``select`` at 10k, 100k and 1M objects against two linear scans (issue #2).

usage: python bench/bench_query.py [--sizes 10000,100000,1000000] [--build sql|ingest]
                                   [--rounds 5] [--keep DIR] [--quick]

Stores are built by SQL by default (``stores.build_by_sql``: real ``timestamp_row`` rows, no
org parsing; a 1M store in about a minute). ``--build ingest`` generates an org corpus and
ingests it for real instead (slow at 1M, and the generator is repeater-heavy).

For each store and window the same question is answered three ways, interleaved round by round:

- ``select``: the library call the CLI makes (``query.select``), rows fully built, best of N;
- **seed scan** (the baseline of the >= 100x target): what the original Lisp
  ``memory-objects-since`` does — visit every object of the store and filter in the host
  language. Here: read every object's timestamps and ``event_time`` from SQLite and test each
  in Python (integer overlap test; ``orgtime.occurs_in`` for repeaters), keep each object's
  earliest match, sort, limit, then build the rows;
- **SQL scan**: one SQL statement doing the same match over the tables with ``NOT INDEXED``
  (repeaters left out, which only flatters it): what a schema without the time index costs.

Both ratios are printed side by side; the 100x target is against the seed scan. The limited
week windows are also run with filters that need the ``objects`` table (``FILTERS``). The rows of
``select`` and of the seed scan are compared (same ids in the same order) as a correctness
check. Finally, peak RSS of a child process running one limited query shows that a query's
memory follows the rows it returns, not the store.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from datetime import datetime, timedelta
from functools import partial
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

from _util import child_peak_rss_mb, interleave, ms, remove_store, scratch_dir, table
from stores import build_by_ingest, build_by_sql

from prme_cli.model import Timestamp
from prme_cli.query import Filters, select
from prme_cli.store import Store, from_wall_seconds, wall_seconds

TZ = ZoneInfo("Europe/Paris")
# Windows inside the stores' ten years (2017-2026); reverse = newest first.
WINDOWS: list[tuple[str, datetime, timedelta, int | None, bool]] = [
    ("1 hour", datetime(2024, 3, 12, 9, 0), timedelta(hours=1), None, False),
    ("1 day, limit 100", datetime(2024, 7, 1), timedelta(days=1), 100, False),
    ("1 week, limit 100", datetime(2019, 2, 4), timedelta(weeks=1), 100, False),
    ("1 week, limit 100, reverse", datetime(2019, 2, 4), timedelta(weeks=1), 100, True),
]
NO_FILTERS = Filters()
# Filters that need the objects table (see stores.build_by_sql for the mix: 10% DONE, 20%
# tagged work, every object a heading), on the limited windows above.
FILTERS: list[tuple[str, Filters]] = [
    ("todo DONE", Filters(todos=("DONE",))),
    ("type heading", Filters(types=("heading",))),
    ("tag work", Filters(tags=("work",))),
]
FILTERED_WINDOWS = [w for w in WINDOWS if w[3] is not None and w[2] >= timedelta(weeks=1)]


def _passes(filters: Filters, kind: str, todo: str | None, tags: str) -> bool:
    """The seed scan's filter test, in Python (``tags`` is the stored JSON list)."""
    if filters.types and kind not in filters.types:
        return False
    if filters.todos and todo not in filters.todos:
        return False
    return not filters.tags or set(filters.tags) <= set(json.loads(tags))


def _filter_sql(filters: Filters) -> str:
    """The SQL scan's filter conditions on ``o`` (values are fixed bench constants)."""
    out = ""
    for column, values in (("o.type", filters.types), ("o.todo", filters.todos)):
        if values:
            out += f" AND {column} IN ({', '.join(repr(v) for v in values)})"
    for tag in filters.tags:
        out += f" AND EXISTS (SELECT 1 FROM json_each(o.tags) WHERE value = {tag!r})"
    return out


def seed_scan(
    store: Store,
    ws: datetime,
    we: datetime,
    limit: int | None,
    reverse: bool,
    filters: Filters = NO_FILTERS,
) -> list[str]:
    """Visit every object and filter in Python, as the seed's ``memory-objects-since``."""
    from prme_cli.orgtime import occurs_in

    conn = store.conn
    lo, hi = wall_seconds(ws), wall_seconds(we)
    best: dict[int, int] = {}
    live = {
        pk: ev
        for pk, ev, kind, todo, tags in conn.execute(
            "SELECT pk, event_time, type, todo, tags FROM objects "
            "WHERE deleted_at IS NULL AND archived = 0"
        )
        if _passes(filters, kind, todo, tags)
    }
    for obj, start, end, stop, repeater, has_time in conn.execute(
        'SELECT obj, start, "end", stop, repeater, has_time FROM timestamps'
    ):
        if start is None or obj not in live:
            continue
        if repeater:
            ts = Timestamp(
                "scheduled",
                from_wall_seconds(start),
                from_wall_seconds(end),
                bool(has_time),
                "",
                0,
                repeater,
            )
            hit = occurs_in(ts, ws, we)
            if hit is None:
                continue
            key = wall_seconds(hit) * 4
        elif start < hi and stop > lo and (start >= lo or end > lo or start == end):
            if start == end and start < lo:
                continue
            key = start * 4
        else:
            continue
        if key < best.get(obj, key + 1):
            best[obj] = key
    for pk, ev in live.items():
        if ev is not None and lo <= ev < hi:
            key = ev * 4 + 1
            if key < best.get(pk, key + 1):
                best[pk] = key
    order = sorted(best.items(), key=lambda kv: (kv[1], kv[0]), reverse=reverse)
    if limit is not None:
        order = order[:limit]
    pks = [pk for pk, _ in order]
    ids = {}
    for i in range(0, len(pks), 500):
        chunk = pks[i : i + 500]
        marks = ",".join("?" * len(chunk))
        for pk, oid in conn.execute(f"SELECT pk, id FROM objects WHERE pk IN ({marks})", chunk):
            ids[pk] = oid
    return [ids[pk] for pk in pks]


def sql_scan(
    store: Store,
    ws: datetime,
    we: datetime,
    limit: int | None,
    reverse: bool,
    filters: Filters = NO_FILTERS,
) -> int:
    """The same match as one SQL statement without the indexes (repeaters left out)."""
    lo, hi = wall_seconds(ws), wall_seconds(we)
    direction = "DESC" if reverse else "ASC"
    sql = (
        "WITH m(obj, k) AS ("
        "SELECT obj, start * 4 FROM timestamps NOT INDEXED WHERE span IS NOT NULL AND span != 4 "
        'AND start < :we AND stop > :ws AND (start >= :ws OR "end" > :ws) '
        "UNION ALL SELECT pk, event_time * 4 + 1 FROM objects NOT INDEXED "
        "WHERE event_time >= :ws AND event_time < :we) "
        "SELECT o.pk, o.id, o.title, o.body, min(m.k) AS k FROM m JOIN objects o ON o.pk = m.obj "
        f"WHERE o.deleted_at IS NULL AND o.archived = 0{_filter_sql(filters)} GROUP BY o.pk ORDER BY k {direction}, "
        f"o.pk {direction}" + (" LIMIT :limit" if limit else "")
    )
    return len(store.conn.execute(sql, {"ws": lo, "we": hi, "limit": limit}).fetchall())


def _select_many(
    store: Store,
    window: tuple[datetime, datetime],
    limit: int | None,
    reverse: bool,
    filters: Filters,
) -> None:
    """Ten calls, so the timer's resolution and loop overhead do not matter."""
    for _ in range(10):
        select(store, window=window, limit=limit, reverse=reverse, filters=filters)


def run_windows(store: Store, size: int, rounds: int) -> list[dict[str, Any]]:
    out = []
    cases = [(w, "", Filters()) for w in WINDOWS] + [
        (w, label, f) for label, f in FILTERS for w in FILTERED_WINDOWS
    ]
    for (name, start, length, limit, reverse), label, filters in cases:
        ws, we = start, start + length
        window = (ws.replace(tzinfo=TZ), we.replace(tzinfo=TZ))
        # The first call warms the cache.
        rows = select(store, window=window, limit=limit, reverse=reverse, filters=filters)
        expected = seed_scan(store, ws, we, limit, reverse, filters)
        same = [r.id for r in rows] == expected
        times = interleave(
            [
                ("select x10", partial(_select_many, store, window, limit, reverse, filters)),
                ("seed scan", partial(seed_scan, store, ws, we, limit, reverse, filters)),
                ("sql scan", partial(sql_scan, store, ws, we, limit, reverse, filters)),
            ],
            rounds,
        )
        lib_best = times["select x10"].best / 10
        out.append(
            {
                "objects": size,
                "window": name + (f", --{label}" if label else ""),
                "rows": len(rows),
                "select_s": lib_best,
                "seed_scan_s": times["seed scan"].best,
                "sql_scan_s": times["sql scan"].best,
                "vs_seed": times["seed scan"].best / lib_best,
                "vs_sql": times["sql scan"].best / lib_best,
                "same_rows_as_seed_scan": same,
            }
        )
    return out


_RSS_CHILD = """
import sys
from datetime import datetime
from zoneinfo import ZoneInfo
from prme_cli.store import Store
from prme_cli.query import select
tz = ZoneInfo("Europe/Paris")
with Store.open(sys.argv[1], create=False) as store:
    rows = select(store, window=(datetime(2019, 2, 4, tzinfo=tz), datetime(2019, 2, 11, tzinfo=tz)),
                  limit=int(sys.argv[2]) or None)
    print(len(rows))
"""


def query_rss(store_path: Path, limit: int) -> float:
    return child_peak_rss_mb([sys.executable, "-c", _RSS_CHILD, str(store_path), str(limit)])


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="10000,100000,1000000")
    parser.add_argument("--build", choices=("sql", "ingest"), default="sql")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--keep", type=Path, help="build stores here and reuse them next time")
    parser.add_argument("--quick", action="store_true", help="10k and 100k only, 3 rounds")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    sizes = [int(s) for s in args.sizes.split(",")]
    if args.quick:
        sizes, args.rounds = [s for s in sizes if s <= 100_000], 3
    results: list[dict[str, Any]] = []
    rss: list[dict[str, Any]] = []
    builds: list[str] = []
    with scratch_dir("prme-bench-query-", args.keep) as work:
        for size in sizes:
            path = work / f"{args.build}-{size}.sqlite3"
            if args.keep is None or not path.exists():
                remove_store(path)
                t0 = time.perf_counter()
                if args.build == "sql":
                    build_by_sql(path, size)
                else:
                    build_by_ingest(path, work / f"corpus-{size}", size)
                builds.append(
                    f"{size:,} objects built by {args.build} in {time.perf_counter() - t0:.0f} s"
                )
            with Store.open(path, create=False) as store:
                results.extend(run_windows(store, size, args.rounds))
            rss.append(
                {
                    "objects": size,
                    "limit_100_mb": query_rss(path, 100),
                    "unlimited_mb": query_rss(path, 0),
                }
            )
            if args.keep is None:
                remove_store(path)
    for line in builds:
        print(line)
    print(
        f"\ntime-window select vs linear scans (best of {args.rounds} rounds; select best of "
        "10x rounds). 'vs seed scan' is the >= 100x target: every object's timestamps read "
        "and filtered in Python, as the seed's memory-objects-since does; 'vs SQL scan' is "
        "the same match in SQL without the time index."
    )
    print(
        table(
            [
                "objects",
                "window",
                "rows",
                "select",
                "seed scan",
                "SQL scan",
                "vs seed scan",
                "vs SQL scan",
                "same rows",
            ],
            [
                [
                    f"{r['objects']:,}",
                    r["window"],
                    r["rows"],
                    ms(r["select_s"]),
                    ms(r["seed_scan_s"]),
                    ms(r["sql_scan_s"]),
                    f"{r['vs_seed']:.0f}x",
                    f"{r['vs_sql']:.0f}x",
                    "yes" if r["same_rows_as_seed_scan"] else "NO",
                ]
                for r in results
            ],
        )
    )
    print(
        "\npeak RSS of a child process running one 1-week query (Python + sqlite3 baseline included)"
    )
    print(
        table(
            ["objects", "LIMIT 100", "no limit"],
            [
                [f"{r['objects']:,}", f"{r['limit_100_mb']:.1f} MB", f"{r['unlimited_mb']:.1f} MB"]
                for r in rss
            ],
        )
    )
    summary = {"windows": results, "rss": rss, "build": args.build}
    if args.json:
        print(json.dumps(summary, indent=2))
    return summary


if __name__ == "__main__":
    main(sys.argv[1:])
