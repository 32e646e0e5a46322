"""What recording the extraction rules' version costs a re-ingest, side by side with another
checkout (default ``/work/main``), and what re-reading a stale store costs.

usage: python bench/bench_events_version.py [--files 3000] [--headings 9000] [--rounds 5]
                                            [--against /work/main]

A generated tree of ``--files`` files (``gen_corpus``, seed 1) is ingested once by each
checkout into its own store; then, round by round and interleaved, each re-ingests its
unchanged tree (``ingest_paths`` in a new process, timed inside it, imports excluded): the
ratio this/other is the cost of the version check on the path cron takes every few minutes.
Last, this checkout's store is made to look as an older prme left it (every file's
``events_version`` NULL) and re-ingested: that one-time re-read after an upgrade is printed
against this checkout's first ingest of the same tree, with the files and headings it read
again. Times are wall and CPU seconds; the best of the rounds is kept.
"""

from __future__ import annotations

import argparse
import sqlite3
import sys
from pathlib import Path
from typing import Any

from _util import REPO, run_in_checkout, scratch_dir, table

_CHILD = r"""
import json, sys, time
from datetime import UTC, datetime
sys.path.insert(0, sys.argv[1])
from prme_cli.ingest import ingest_paths
from prme_cli.store import Store
store_path, tree = sys.argv[2], sys.argv[3]
now = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)
with Store.open(store_path) as store:
    c0, t0 = time.process_time(), time.perf_counter()
    report = ingest_paths(store, [tree], now=now)
    wall, cpu = time.perf_counter() - t0, time.process_time() - c0
print(json.dumps({"wall": wall, "cpu": cpu, "files_ingested": report.files_ingested,
                  "files_unchanged": report.files_unchanged,
                  "files_reextracted": getattr(report, "files_reextracted", None),
                  "nodes": report.nodes_added + report.nodes_unchanged + report.nodes_changed,
                  "checkout": sys.modules["prme_cli"].__file__}))
"""


def _ingest(checkout: Path, store: Path, tree: Path) -> dict[str, Any]:
    return run_in_checkout(_CHILD, checkout, str(store), str(tree))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", type=int, default=3000)
    parser.add_argument("--headings", type=int, default=9000)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--against", type=Path, default=Path("/work/main"))
    args = parser.parse_args(argv)
    import gen_corpus

    with scratch_dir("prme-bench-version-") as work:
        tree = work / "tree"
        made = gen_corpus.generate(tree, args.headings, args.files, seed=1)
        checkouts = {"this": REPO, "other": args.against.resolve()}
        stores = {name: work / f"{name}.sqlite3" for name in checkouts}
        first = {name: _ingest(path, stores[name], tree) for name, path in checkouts.items()}
        for name, doc in first.items():
            if not str(doc["checkout"]).startswith(str(checkouts[name])):
                raise SystemExit(f"{name}: imported {doc['checkout']}, not {checkouts[name]}")
        runs: dict[str, list[dict[str, float]]] = {name: [] for name in checkouts}
        for _ in range(args.rounds):
            for name, path in checkouts.items():
                runs[name].append(_ingest(path, stores[name], tree))
        best = {
            n: (min(r["wall"] for r in rs), min(r["cpu"] for r in rs)) for n, rs in runs.items()
        }
        print(
            f"{args.files} files, {made} headings; re-ingest of the unchanged tree, best of "
            f"{args.rounds} interleaved rounds (this = {REPO}, other = {checkouts['other']})"
        )
        rows = [
            [name, f"{w:.3f}", f"{c:.3f}", int(runs[name][-1]["files_unchanged"])]
            for name, (w, c) in best.items()
        ]
        print(table(["checkout", "wall s", "cpu s", "files unchanged"], rows))
        print(
            f"this/other: wall {best['this'][0] / best['other'][0]:.2f}x, "
            f"cpu {best['this'][1] / best['other'][1]:.2f}x"
        )
        with sqlite3.connect(stores["this"]) as conn:
            conn.execute("UPDATE files SET events_version = NULL")
        stale = _ingest(REPO, stores["this"], tree)
        unchanged = _ingest(REPO, stores["this"], tree)
        print(
            f"\nafter an upgrade (every file's events of other rules): the next ingest re-read "
            f"{int(stale['files_reextracted'] or 0)} files ({int(stale['nodes'])} objects) in "
            f"{stale['wall']:.2f} s wall / {stale['cpu']:.2f} s cpu = "
            f"{stale['cpu'] / first['this']['cpu']:.2f}x the first ingest's cpu "
            f"({first['this']['cpu']:.2f} s); the one after it re-read "
            f"{int(unchanged['files_reextracted'] or 0)} ({unchanged['cpu']:.3f} s cpu)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
