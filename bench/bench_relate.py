"""Relate latency with the symbolic providers on a 10k-object store (target ≤ 150 ms/question).

Builds a store from ``sample_org/`` plus a generated corpus bringing it to about 10,000
objects, then times ``service.relate`` (retrieval, packing, routing, resolving, validating,
computing, gating, repacking and the receipt) inside the library for a set of questions,
best of N runs each, and prints the answers so a wrong one is visible. Then times the
installed ``prme relate`` end to end (a new process per question: start-up, imports, store,
the stage and the receipt; target ≤ 400 ms), median of N runs each.

With ``--compare TREE`` (another checkout, e.g. ``git worktree add /tmp/before main``) the
end-to-end runs alternate between that tree's code and this one's (``python -m prme_cli``
with each tree first on ``PYTHONPATH``, the same store, the same compiled-pattern cache
folder), and the figures end with the ratio of their medians: on a shared, noisy machine
the ratio says more than either absolute figure.

usage: python bench/bench_relate.py [--objects 10000] [--repeat 5] [--compare TREE]
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from gen_corpus import generate

SAMPLE = HERE.parent / "sample_org"
TZ = ZoneInfo("Europe/London")
NOW = datetime(2026, 11, 27, 20, 0, tzinfo=TZ)
QUESTIONS = [
    "How long passed between finishing and hanging the frame?",
    "How many days ago did I get back from Lisbon?",
    "Which did I do first, book the flights or renew my passport?",
    "When did I finish the frame?",
    "How many weeks passed between my first pottery class and my last pottery class?",
    "How many days ago did I enrol in the pottery course?",
    "How many days ago did I hone the plane iron?",
    "What did I do in March?",
]


def main() -> None:
    from prme_cli import config
    from prme_cli.ingest import ingest_paths
    from prme_cli.query import stats
    from prme_cli.service import relate
    from prme_cli.store import Store

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--objects", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--compare", type=Path, help="another checkout to time side by side")
    args = parser.parse_args()
    cfg = config.load(environ={})
    with tempfile.TemporaryDirectory() as tmp:
        extra = Path(tmp) / "generated"
        generate(extra, max(args.objects - 260, 0), max(args.objects // 1000, 1))
        store = Store.open(Path(tmp) / "r.sqlite3")
        ingest_paths(store, [SAMPLE, extra], now=NOW)
        objects = stats(store)["objects"]
        print(f"store: {objects} objects")
        timings = []
        for question in QUESTIONS:
            best = float("inf")
            for _ in range(args.repeat):
                started = time.perf_counter()
                result = relate(
                    store,
                    cfg,
                    question,
                    now=NOW,
                    tz=TZ,
                    budget=4096,
                    owner="bench",
                    save_receipt=False,
                )
                best = min(best, time.perf_counter() - started)
            timings.append(best * 1000)
            doc = result.document
            answer = (doc["value"] or {}).get("display", "")
            print(f"  {best * 1000:6.1f} ms  {doc['status']:20} {answer[:34]:34} {question}")
        store.close()
        exe = shutil.which("prme") or str(Path(sys.executable).parent / "prme")
        base = [exe, "--store", str(Path(tmp) / "r.sqlite3"), "--now", NOW.isoformat()]
        base += ["--tz", "Europe/London", "relate", "--format", "json"]
        subprocess.run([*base, QUESTIONS[0]], capture_output=True, check=False)  # warm caches
        ends = []
        for question in QUESTIONS:
            runs = []
            for _ in range(args.repeat):
                started = time.perf_counter()
                subprocess.run([*base, question], capture_output=True, check=False)
                runs.append(time.perf_counter() - started)
            ends.append(statistics.median(runs) * 1000)
            print(f"  {ends[-1]:6.1f} ms  prme relate  {question}")
        if args.compare is not None:
            compared = _side_by_side(args.compare, base[1:], args.repeat)
    print("\n== figures ==")
    if args.compare is not None:
        before, after = compared
        print(
            f"side by side (python -m prme_cli, alternating): {args.compare} median "
            f"{before:.0f} ms, this tree {after:.0f} ms, ratio {after / before:.2f}"
        )
    print(
        f"relate (symbolic) on {objects} objects: median {statistics.median(timings):.0f} ms, "
        f"max {max(timings):.0f} ms per question (target ≤ 150 ms)"
    )
    print(
        f"prme relate end to end on {objects} objects: median {statistics.median(ends):.0f} ms, "
        f"max {max(ends):.0f} ms per question (target ≤ 400 ms)"
    )


def _side_by_side(other: Path, args: list[str], repeat: int) -> tuple[float, float]:
    """Median end-to-end time of every question with ``other``'s code and with this tree's,
    the two run alternately so that the machine's load falls on both alike."""
    trees = {"other": other.resolve(), "this": HERE.parent}
    times: dict[str, list[float]] = {"other": [], "this": []}
    for question in QUESTIONS:
        for tree in trees.values():  # warm each tree's byte code and pattern cache once
            _run_tree(tree, [*args, question])
        for _ in range(repeat):
            for name, tree in trees.items():
                times[name].append(_run_tree(tree, [*args, question]))
    return statistics.median(times["other"]) * 1000, statistics.median(times["this"]) * 1000


def _run_tree(tree: Path, args: list[str]) -> float:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    started = time.perf_counter()
    command = [sys.executable, "-m", "prme_cli", *args]
    # the tree as the working folder: ``-m`` puts that first on the path, before PYTHONPATH
    subprocess.run(command, capture_output=True, env=env, cwd=tree, check=False)
    return time.perf_counter() - started


if __name__ == "__main__":
    main()
