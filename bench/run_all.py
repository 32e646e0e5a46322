"""Run every performance benchmark of issue #2 and print one compact table for the README.

usage: python bench/run_all.py [--quick] [--memory-headings N]

Default: ingest (shared corpus + 100k generated headings), time windows at 10k/100k/1M objects
(stores built by SQL), CLI end to end on 100k objects, and ingest memory at 100k headings
(about 6-8 minutes in all). ``--memory-headings 1000000`` runs the spec-sized memory
benchmark (several more minutes); ``--quick`` shrinks everything for a smoke run.
Each benchmark prints its own detailed tables first.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

import bench_cli
import bench_ingest
import bench_memory
import bench_query
from _util import table


def _verdict(ok: bool) -> str:
    return "met" if ok else "NOT met"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--memory-headings", type=int, default=100_000)
    args = parser.parse_args(argv)
    quick = ["--quick"] if args.quick else []
    print("== ingest ==")
    ingest: dict[str, Any] = bench_ingest.main(quick)
    print("\n== time windows ==")
    query: dict[str, Any] = bench_query.main(quick)
    print("\n== CLI end to end ==")
    cli: dict[str, Any] = bench_cli.main(quick)
    print("\n== ingest memory ==")
    memory: dict[str, Any] = bench_memory.main(
        ["--quick"] if args.quick else ["--headings", str(args.memory_headings)]
    )

    rows: list[list[str]] = []
    for r in ingest["ingest"]:
        rows.append(
            [
                f"1. first ingest / orgparse.load ({r['corpus']})",
                f"{r['ingest_over_orgparse']:.2f}x ({r['ingest_s']:.2f} s / {r['orgparse_s']:.2f} s)",
                "<= 2x",
                _verdict(r["ingest_over_orgparse"] <= 2),
            ]
        )
        rows.append(
            [
                f"2. re-ingest / first ingest ({r['corpus']})",
                f"{r['reingest_over_ingest'] * 100:.2f}% ({r['reingest_s'] * 1000:.1f} ms)",
                "<= 10%",
                _verdict(r["reingest_over_ingest"] <= 0.10),
            ]
        )
    biggest = max(w["objects"] for w in query["windows"])
    for w in query["windows"]:
        if w["objects"] != biggest:
            continue
        small = w["rows"] <= 100
        rows.append(
            [
                f"3. select {w['window']} @ {w['objects']:,} ({w['rows']} rows)",
                (
                    f"{w['select_s'] * 1000:.2f} ms; {w['vs_seed']:.0f}x seed scan, "
                    f"{w['vs_sql']:.0f}x SQL scan"
                ),
                "<= 5 ms, >= 100x seed scan" if small else "(> 100 rows: no target)",
                (
                    _verdict(w["select_s"] <= 0.005 and w["vs_seed"] >= 100)
                    if small and w["objects"] >= 1_000_000
                    else "(target at 1M)"
                    if small
                    else "-"
                ),
            ]
        )
    rows.append(
        [
            f"4. prme since --format json / minimal sqlite3 ({cli['objects']:,})",
            f"{cli['ratio']:.2f}x ({cli['prme_s'] * 1000:.0f} ms / {cli['minimal_s'] * 1000:.0f} ms)",
            "<= 5x",
            _verdict(cli["ratio"] <= 5),
        ]
    )
    rows.append(
        [
            "4. heavy imports on `since` (httpx, tiktoken, orgparse, rich)",
            ", ".join(cli["heavy_imports"]) or "none",
            "none",
            _verdict(not cli["heavy_imports"]),
        ]
    )
    rows.append(
        [
            f"5. ingest peak RSS ({memory['headings']:,} headings, {memory['files']:,} files)",
            f"{memory['peak_rss_mb']:.0f} MB",
            "< 300 MB (at 1M)",
            _verdict(memory["peak_rss_mb"] < 300),
        ]
    )
    rss = query["rss"]
    rows.append(
        [
            "5. query peak RSS, LIMIT 100, by store size",
            ", ".join(f"{r['objects']:,}: {r['limit_100_mb']:.0f} MB" for r in rss),
            "grows with rows, not store",
            "see table",
        ]
    )
    check = ingest["corpus_check"]
    rows.append(
        [
            "6. shared corpus: errors; headings stored / heading lines",
            f"{len(check['errors'])} errors; {check['headings_stored']} / {check['heading_lines']}",
            "0; equal",
            _verdict(check["ok"]),
        ]
    )
    print("\n== summary (python bench/run_all.py" + (" --quick" if args.quick else "") + ") ==")
    print(table(["target", "measured", "goal", "status"], rows))


if __name__ == "__main__":
    main(sys.argv[1:])
