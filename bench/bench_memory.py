"""Peak RSS of ingesting many headings spread over many files (issue #2, SPEC §7).

usage: python bench/bench_memory.py [--headings 1000000] [--files 1000] [--quick] [--keep DIR]

Generates ``--headings`` headings over ``--files`` files with ``gen_corpus.py`` (in a
temporary directory unless ``--keep``), then ingests them into a fresh store in a child
process and reads that child's peak RSS from ``getrusage(RUSAGE_CHILDREN).ru_maxrss``.
Target: under 300 MB for 1M headings. Memory should be bounded by the largest file: ingest
streams file by file, and SQLite's page cache is capped (16 MiB, ``store.py``). The default
size takes a few minutes; ``--quick`` ingests 100k headings.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

from _util import child_peak_rss_mb, scratch_dir, table

_CHILD = r"""
import sys
from datetime import UTC, datetime
from prme_cli.ingest import ingest_paths
from prme_cli.store import Store
with Store.open(sys.argv[1]) as store:
    report = ingest_paths(store, [sys.argv[2]], now=datetime(2026, 11, 29, 12, tzinfo=UTC))
    headings = store.conn.execute(
        "SELECT count(*) FROM objects WHERE type = 'heading' AND deleted_at IS NULL"
    ).fetchone()[0]
print(report.files_ingested, headings, len(report.errors), file=sys.stderr)
if report.errors:
    sys.exit(2)
"""

_BASELINE = "import sqlite3, prme_cli.ingest, prme_cli.org, prme_cli.store"


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--headings", type=int, default=1_000_000)
    parser.add_argument("--files", type=int, default=0, help="default: one per 1000 headings")
    parser.add_argument("--quick", action="store_true", help="100k headings")
    parser.add_argument("--keep", type=Path, help="generate the corpus here (reused if present)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if args.quick:
        args.headings = min(args.headings, 100_000)
    files = args.files or max(1, args.headings // 1000)
    import gen_corpus

    with scratch_dir("prme-bench-memory-", args.keep) as work:
        corpus = work / f"corpus-{args.headings}-{files}"
        if not corpus.exists():
            gen_corpus.generate(corpus, args.headings, files)
        largest = max(p.stat().st_size for p in corpus.glob("*.org"))
        store = work / f"memory-{args.headings}.sqlite3"
        for suffix in ("", "-wal", "-shm"):
            Path(str(store) + suffix).unlink(missing_ok=True)
        baseline = child_peak_rss_mb([sys.executable, "-c", _BASELINE])
        t0 = time.perf_counter()
        peak = child_peak_rss_mb([sys.executable, "-c", _CHILD, str(store), str(corpus)])
        elapsed = time.perf_counter() - t0
        store_mb = (
            sum(
                Path(str(store) + s).stat().st_size
                for s in ("", "-wal")
                if Path(str(store) + s).exists()
            )
            / 2**20
        )
    print(
        f"ingest of {args.headings:,} headings in {files:,} files (largest {largest / 1024:.0f} KiB)"
    )
    print(
        table(
            ["headings", "files", "peak RSS", "of which imports", "target", "ingest time", "store"],
            [
                [
                    f"{args.headings:,}",
                    f"{files:,}",
                    f"{peak:.0f} MB",
                    f"{baseline:.0f} MB",
                    "< 300 MB",
                    f"{elapsed:.0f} s",
                    f"{store_mb:.0f} MB",
                ]
            ],
        )
    )
    summary = {
        "headings": args.headings,
        "files": files,
        "peak_rss_mb": peak,
        "import_rss_mb": baseline,
        "ingest_s": elapsed,
        "store_mb": store_mb,
    }
    if args.json:
        print(json.dumps(summary, indent=2))
    return summary


if __name__ == "__main__":
    main(sys.argv[1:])
