"""First ingest against ``orgparse.load`` alone, re-ingest against first ingest (issue #2).

usage: python bench/bench_ingest.py [--headings 100000] [--rounds 3] [--corpus DIR] [--quick]

For each corpus (the shared org corpus, and a generated corpus of ``--headings`` headings in a
temporary directory) and each round, in this order:

1. ``orgparse.load`` of every file ingest would read (same selection: ``walk_root``);
2. first ingest into a fresh store: ``Store.open`` (creation, migrations) + ``ingest_paths``
   + ``close`` (the final WAL checkpoint is part of the price);
3. re-ingest of the unchanged corpus into that store, open to close;
4. first ingest with the extraction of text events (the clauses of the notes' words,
   :mod:`prme_cli.textevents`) switched off: the last column is what that extraction costs.

Best of the rounds for each, so the ratios compare the least disturbed runs; the last two
columns compare the CPU time of this process instead, which a neighbour's load on a shared
machine disturbs much less (what waits on the disk is not in it). Targets: first
ingest <= 2x orgparse; re-ingest <= 10% of first ingest.

The rounds run in one process, so from the second round on the word facts (lemmas and word
classes, :mod:`prme_cli.words`) are in its memory. ``--cold`` also times each first ingest
the way a user's ``prme ingest`` runs it, in a new process (imports, the lemma dictionary's
loading and every word's first look-up included), against ``orgparse.load`` in a new process
(its import included), once per round.

It also checks item 6: every file of the shared corpus ingests without an error, and the
number of headings stored (ingested with ``include_archived`` so that nothing is skipped on
purpose) equals the number of heading lines in the files (org's rule, ``^\\*+[ \\t]``, after
CRLF/CR normalisation). orgparse's own count is printed alongside for information.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from _util import CORPUS, interleave, remove_store, scratch_dir, secs, table

from prme_cli.ingest import ingest_paths, walk_root
from prme_cli.store import Store

NOW = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)
_HEADING_RE = re.compile(r"^\*+[ \t]", re.MULTILINE)


def corpus_files(root: Path) -> list[str]:
    """Exactly the files ``prme ingest ROOT`` reads (default glob, no archives)."""
    return [p for p, _ in walk_root(str(root), glob="*.org", exclude=(), include_archived=False)]


def orgparse_all(files: list[str]) -> int:
    """Load every file with orgparse; returns the number of headings it saw."""
    import orgparse

    count = 0
    for path in files:
        root = orgparse.load(path)
        count += sum(1 for _ in root[1:])
    return count


def first_ingest(root: Path, store_path: Path) -> dict[str, Any]:
    remove_store(store_path)
    store = Store.open(store_path)
    try:
        report = ingest_paths(store, [root], now=NOW)
    finally:
        store.close()
    return {"errors": report.errors, "files": report.files_ingested, "nodes": report.nodes_added}


def reingest(root: Path, store_path: Path) -> dict[str, Any]:
    store = Store.open(store_path)
    try:
        report = ingest_paths(store, [root], now=NOW)
    finally:
        store.close()
    return {"unchanged": report.files_unchanged, "ingested": report.files_ingested}


_COLD_INGEST = """
import sys, time
t0 = time.perf_counter()
from datetime import UTC, datetime
from prme_cli.ingest import ingest_paths
from prme_cli.store import Store
store = Store.open(sys.argv[2])
try:
    ingest_paths(store, [sys.argv[1]], now=datetime(2026, 11, 29, 12, 0, tzinfo=UTC))
finally:
    store.close()
print(time.perf_counter() - t0)
"""
_COLD_ORGPARSE = """
import sys, time
t0 = time.perf_counter()
import orgparse
for path in sys.argv[1:]:
    orgparse.load(path)
print(time.perf_counter() - t0)
"""


def _in_new_process(script: str, args: list[str]) -> float:
    """Seconds a script reports for its own work in a new interpreter (its start-up, the
    same for both, not counted)."""
    done = subprocess.run(
        [sys.executable, "-c", script, *args], check=True, capture_output=True, text=True
    )
    return float(done.stdout.split()[-1])


def measure_cold(root: Path, files: list[str], work: Path, rounds: int) -> dict[str, float]:
    """Best of ``rounds`` of orgparse and of a first ingest, each in a new process."""
    store_path = work / "cold.sqlite3"
    orgparse_runs, ingest_runs = [], []
    for _ in range(rounds):
        orgparse_runs.append(_in_new_process(_COLD_ORGPARSE, files))
        remove_store(store_path)
        ingest_runs.append(_in_new_process(_COLD_INGEST, [str(root), str(store_path)]))
    remove_store(store_path)
    return {"cold_orgparse_s": min(orgparse_runs), "cold_ingest_s": min(ingest_runs)}


def measure(label: str, root: Path, work: Path, rounds: int, cold: bool = False) -> dict[str, Any]:
    """Interleaved rounds of orgparse / first ingest / re-ingest on one corpus."""
    files = corpus_files(root)
    headings = sum(
        len(_HEADING_RE.findall(_normalise(Path(f).read_text(encoding="utf-8")))) for f in files
    )
    store_path = work / f"{label}.sqlite3"
    bare_path = work / f"{label}-bare.sqlite3"
    times = interleave(
        [
            ("orgparse.load", lambda: orgparse_all(files)),
            ("first ingest", lambda: first_ingest(root, store_path)),
            ("re-ingest", lambda: reingest(root, store_path)),
            ("without text events", lambda: _without_text_events(root, bare_path)),
        ],
        rounds,
    )
    op, first, again, bare = (
        times[k] for k in ("orgparse.load", "first ingest", "re-ingest", "without text events")
    )
    remove_store(store_path)
    remove_store(bare_path)
    extra = measure_cold(root, files, work, rounds) if cold else {}
    return {
        **extra,
        "corpus": label,
        "files": len(files),
        "headings": headings,
        "orgparse_s": op.best,
        "ingest_s": first.best,
        "reingest_s": again.best,
        "ingest_over_orgparse": first.best / op.best,
        "ingest_over_orgparse_cpu": first.best_cpu / op.best_cpu,
        "text_events_cost_cpu": first.best_cpu / bare.best_cpu - 1.0,
        "reingest_over_ingest": again.best / first.best,
        "without_text_events_s": bare.best,
        "text_events_cost": first.best / bare.best - 1.0,
        "rounds": rounds,
    }


def _without_text_events(root: Path, store_path: Path) -> dict[str, Any]:
    """First ingest with the clause events switched off: what extracting them costs."""
    from prme_cli import eventstore

    eventstore.TEXT_EVENTS = False
    try:
        return first_ingest(root, store_path)
    finally:
        eventstore.TEXT_EVENTS = True


def _normalise(text: str) -> str:
    text = text.removeprefix("\ufeff")
    return text.replace("\r\n", "\n").replace("\r", "\n") if "\r" in text else text


def check_corpus(root: Path, work: Path) -> dict[str, Any]:
    """Item 6: no errors, and stored headings == heading lines, file by file."""
    store_path = work / "check.sqlite3"
    remove_store(store_path)
    files = [p for p, _ in walk_root(str(root), glob="*.org", exclude=(), include_archived=True)]
    with Store.open(store_path) as store:
        report = ingest_paths(store, [root], now=NOW, include_archived=True)
        stored = dict(
            store.conn.execute(
                "SELECT f.path, count(o.pk) FROM files f LEFT JOIN objects o "
                "ON o.file_id = f.file_id AND o.type = 'heading' AND o.deleted_at IS NULL "
                "GROUP BY f.path"
            ).fetchall()
        )
    remove_store(store_path)
    mismatches = []
    total_lines = total_stored = 0
    for path in files:
        lines = len(_HEADING_RE.findall(_normalise(Path(path).read_text(encoding="utf-8"))))
        got = stored.get(path, 0)
        total_lines += lines
        total_stored += got
        if got != lines:
            mismatches.append(f"{path}: {lines} heading lines, {got} stored")
    return {
        "files": len(files),
        "files_failed": report.files_failed,
        "errors": report.errors,
        "warnings": len(report.warnings),
        "heading_lines": total_lines,
        "headings_stored": total_stored,
        "orgparse_headings": orgparse_all(files),
        "mismatches": mismatches,
        "ok": not report.errors and not report.files_failed and not mismatches,
    }


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--headings", type=int, default=100_000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--corpus", type=Path, default=CORPUS)
    parser.add_argument("--quick", action="store_true", help="10k headings, 2 rounds")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON too")
    parser.add_argument(
        "--cold", action="store_true", help="also time each in a new process (see above)"
    )
    args = parser.parse_args(argv)
    if args.quick:
        args.headings, args.rounds = min(args.headings, 10_000), 2
    import gen_corpus

    results = []
    with scratch_dir("prme-bench-ingest-") as work:
        check = check_corpus(args.corpus, work)
        results.append(measure("shared org corpus", args.corpus, work, args.rounds, args.cold))
        gen = work / "generated"
        gen_corpus.generate(gen, args.headings, max(1, args.headings // 1000))
        results.append(measure(f"generated {args.headings:,}", gen, work, args.rounds, args.cold))
    rows = [
        [
            r["corpus"],
            r["files"],
            f"{r['headings']:,}",
            secs(r["orgparse_s"]),
            secs(r["ingest_s"]),
            f"{r['ingest_over_orgparse']:.2f}x",
            f"{r['reingest_s'] * 1000:.1f} ms",
            f"{r['reingest_over_ingest'] * 100:.2f}%",
            secs(r["without_text_events_s"]),
            f"+{r['text_events_cost'] * 100:.0f}%",
            f"{r['ingest_over_orgparse_cpu']:.2f}x",
            f"+{r['text_events_cost_cpu'] * 100:.0f}%",
        ]
        for r in results
    ]
    print(f"ingest vs orgparse.load, best of {args.rounds} interleaved rounds")
    print(
        table(
            [
                "corpus",
                "files",
                "headings",
                "orgparse.load",
                "first ingest",
                "ratio (<= 2x)",
                "re-ingest",
                "re/first (<= 10%)",
                "without text events",
                "text events cost",
                "ratio, CPU time",
                "text events, CPU time",
            ],
            rows,
        )
    )
    print(
        f"\ncorpus check ({args.corpus}): {check['files']} files, "
        f"{check['files_failed']} failed, {len(check['errors'])} errors, "
        f"{check['warnings']} warnings; heading lines {check['heading_lines']}, stored "
        f"{check['headings_stored']} (orgparse sees {check['orgparse_headings']}) -> "
        + ("OK" if check["ok"] else "MISMATCH")
    )
    for line in check["errors"] + check["mismatches"]:
        print("  " + line)
    if args.cold:
        print("\nin a new process each (imports and the first look-up of every word included)")
        print(
            table(
                ["corpus", "orgparse.load", "first ingest", "ratio"],
                [
                    [
                        r["corpus"],
                        secs(r["cold_orgparse_s"]),
                        secs(r["cold_ingest_s"]),
                        f"{r['cold_ingest_s'] / r['cold_orgparse_s']:.2f}x",
                    ]
                    for r in results
                ],
            )
        )
    summary = {"ingest": results, "corpus_check": check}
    if args.json:
        print(json.dumps(summary, indent=2))
    return summary


if __name__ == "__main__":
    main(sys.argv[1:])
