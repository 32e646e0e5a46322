"""``prme since … --format json`` end to end against a minimal sqlite3 process (issue #2).

usage: python bench/bench_cli.py [--objects 100000] [--rounds 10] [--store PATH] [--quick]

Both contenders are fresh processes started the same way (``subprocess.run``, output captured),
interleaved round by round, best of N:

- ``prme --store S --now … --tz … since yesterday --format json`` (the installed console
  script: interpreter start, imports, time resolution, store checks, query, JSON rendering);
- a minimal Python process that opens the same store with :mod:`sqlite3`, runs one SQL
  statement answering the same window through the same time index (points, day spans,
  ``event_time``), and prints the rows with :mod:`json`.

Target: prme <= 5x the minimal process. The store (built by SQL, see ``stores.py``) has
``--objects`` objects. The script also lists the heavy modules the ``since`` path imports
(httpx, tiktoken, orgparse, rich: there must be none), read from ``sys.modules`` of an
in-process run of the CLI, and prints the largest imports by cumulative time
(``-X importtime``) so a regression is easy to locate.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

from _util import interleave, ms, scratch_dir, table
from stores import build_by_sql

HEAVY = ("httpx", "tiktoken", "orgparse", "rich")
NOW = "2024-07-02T00:00:00"
TZ = "Europe/Paris"
WHEN = "yesterday"

_MINIMAL = r"""
import json, sqlite3, sys
conn = sqlite3.connect("file:" + sys.argv[1] + "?mode=ro", uri=True)
ws, we = int(sys.argv[2]), int(sys.argv[3])
rows = conn.execute(
    "WITH m(obj, k) AS ("
    "SELECT obj, start FROM timestamps WHERE span = 0 AND start >= :ws AND start < :we "
    "UNION ALL SELECT obj, start FROM timestamps WHERE span = 1 AND start >= :ws - 86400 "
    "AND start < :we AND stop > :ws "
    "UNION ALL SELECT pk, event_time FROM objects WHERE event_time >= :ws AND event_time < :we) "
    "SELECT o.id, o.title, o.path, f.path, o.line, o.todo, o.tags, o.body, o.version, min(m.k) "
    "FROM m JOIN objects o ON o.pk = m.obj JOIN files f ON f.file_id = o.file_id "
    "WHERE o.deleted_at IS NULL AND o.archived = 0 GROUP BY o.pk ORDER BY min(m.k), o.pk",
    {"ws": ws, "we": we},
).fetchall()
json.dump({"count": len(rows), "results": rows}, sys.stdout)
"""

_IN_PROCESS = r"""
import json, sys
from prme_cli.cli import main
args, names = json.loads(sys.argv[1]), json.loads(sys.argv[2])
sys.argv = ["prme", *args]
try:
    main()
except SystemExit:
    pass
heavy = sorted(m for m in sys.modules if m.split(".")[0] in names)
print(json.dumps(heavy), file=sys.__stderr__)
"""


def prme_argv(store: Path) -> list[str]:
    exe = shutil.which("prme") or str(Path(sys.executable).parent / "prme")
    return [
        exe,
        "--store",
        str(store),
        "--now",
        NOW,
        "--tz",
        TZ,
        "since",
        WHEN,
        "--format",
        "json",
    ]


#: Users run prme with compiled bytecode cached; a shell that sets PYTHONDONTWRITEBYTECODE
#: (as some sandboxes do) would make every run recompile the modules it imports.
_ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def run_quiet(argv: list[str]) -> str:
    out = subprocess.run(argv, capture_output=True, text=True, check=False, env=_ENV)
    if out.returncode not in (0, 1):
        raise RuntimeError(f"{argv[0]} exited {out.returncode}: {out.stderr[-1500:]}")
    return out.stdout


def window_seconds(store: Path) -> tuple[int, int, int]:
    """The window prme resolved (from its JSON) as wall seconds, and its row count."""
    from datetime import datetime

    from prme_cli.store import wall_seconds

    doc = json.loads(run_quiet(prme_argv(store)))
    query = doc["query"]
    start = query.get("start") or query["window"]["start"]
    end = query.get("end") or query["window"]["end"]
    ws = wall_seconds(datetime.fromisoformat(start).replace(tzinfo=None))
    we = wall_seconds(datetime.fromisoformat(end).replace(tzinfo=None))
    return ws, we, int(doc["count"])


def heavy_imports(store: Path) -> list[str]:
    out = subprocess.run(
        [sys.executable, "-c", _IN_PROCESS, json.dumps(prme_argv(store)[1:]), json.dumps(HEAVY)],
        capture_output=True,
        text=True,
        check=False,
    )
    return json.loads(out.stderr.strip().splitlines()[-1])


def top_imports(store: Path, n: int = 8) -> list[tuple[str, float]]:
    """Largest top-level imports of the ``since`` path by cumulative time (ms)."""
    env = dict(_ENV, PYTHONPROFILEIMPORTTIME="1")
    out = subprocess.run(prme_argv(store), capture_output=True, text=True, env=env, check=False)
    found: list[tuple[str, float]] = []
    for line in out.stderr.splitlines():
        m = re.match(r"import time:\s+\d+ \|\s+(\d+) \| ( *)(\S+)", line)
        if m and len(m.group(2)) <= 2:  # top-level and first-level imports
            found.append((m.group(3), int(m.group(1)) / 1000))
    return sorted(found, key=lambda item: -item[1])[:n]


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--objects", type=int, default=100_000)
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--store", type=Path, help="use this store instead of building one")
    parser.add_argument("--quick", action="store_true", help="10k objects, 5 rounds")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if args.quick:
        args.objects, args.rounds = min(args.objects, 10_000), 5
    with scratch_dir("prme-bench-cli-") as work:
        store = args.store
        if store is None:
            store = work / "store.sqlite3"
            build_by_sql(store, args.objects)
        ws, we, count = window_seconds(store)
        minimal = [sys.executable, "-c", _MINIMAL, str(store), str(ws), str(we)]
        python_only = [sys.executable, "-c", "pass"]
        times = interleave(
            [
                ("prme since --format json", lambda: run_quiet(prme_argv(store))),
                ("minimal sqlite3 process", lambda: run_quiet(minimal)),
                ("python -c pass", lambda: run_quiet(python_only)),
            ],
            args.rounds,
        )
        minimal_rows = json.loads(run_quiet(minimal))["count"]
        heavy = heavy_imports(store)
        top = top_imports(store)
    prme_t = times["prme since --format json"]
    base_t = times["minimal sqlite3 process"]
    bare_t = times["python -c pass"]
    ratio = prme_t.best / base_t.best
    print(
        f"`prme since {WHEN} --format json` on {args.objects:,} objects ({count} rows; the "
        f"minimal process returns {minimal_rows}), best of {args.rounds} interleaved rounds"
    )
    print(
        table(
            ["process", "best", "median"],
            [[t.name, ms(t.best), ms(t.median)] for t in (prme_t, base_t, bare_t)],
        )
    )
    print(f"ratio prme / minimal: {ratio:.2f}x (target <= 5x)")
    print("heavy modules imported by `since`: " + (", ".join(heavy) if heavy else "none"))
    print("largest imports (cumulative ms): " + ", ".join(f"{m} {t:.1f}" for m, t in top))
    summary = {
        "objects": args.objects,
        "rows": count,
        "prme_s": prme_t.best,
        "minimal_s": base_t.best,
        "python_startup_s": bare_t.best,
        "ratio": ratio,
        "heavy_imports": heavy,
        "top_imports_ms": top,
    }
    if args.json:
        print(json.dumps(summary, indent=2))
    return summary


if __name__ == "__main__":
    main(sys.argv[1:])
