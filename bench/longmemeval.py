"""LongMemEval temporal-reasoning benchmark for ``prme relate``.

For each question of the oracle and S development splits: turn the question's chat sessions
into org notes with the corpus's own ``to_org.py``, ingest that folder into a store of its own,
run ``prme relate`` with ``--now`` at the question date, and score every answer with the
corpus's ``score.py``. Prints coverage (accepted / scored questions), precision (correct /
accepted), abstention breaches, a breakdown by operation and by question form, and the time
per question spent in the relate stage (retrieval, packing, resolving, gating) after ingest.

usage: python bench/longmemeval.py [--split oracle|s|both] [--part tune|held|all] [--cli]
                                   [--verbose] [--limit N]

The dev questions are split once, by a stable hash of the question id (``part_of``), into a
tuning part (~70%) and a held-out part (~30%) that is not looked at while tuning; every run
prints the figures of both parts separately. ``--verbose`` prints per-question lines only for
the tuning part unless ``--part held`` is asked for explicitly.

``--cli`` runs the installed ``prme`` command in a subprocess per question (slower; the
figures are the same); the default calls the library directly so the stage can be timed.
Nothing of the data set's evidence markers reaches prme: it sees only the org notes. After a
run, the bench reads them (``has_answer`` turns of the answer sessions) to score retrieval:
*evidence recall* is the share of gold turns packed in full into the context the resolver read,
and the share of questions whose every gold turn was (oracle notes hold only the evidence
sessions, so recall matters most on S).
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.util
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
from datetime import datetime
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from _util import corpora_dir

CORPUS = corpora_dir() / "longmemeval"
SPLITS = {"oracle": "oracle_dev.json", "s": "s_dev.json.gz"}
TZ = "UTC"  # the data set's dates carry no zone: wall-clock in, wall-clock out
HELD_SALT = "prme-heldout:"  # chosen once (issue 10); changing it would leak the held-out part


def part_of(question_id: str) -> str:
    """``held`` for ~30% of the questions (20 of 69 oracle, 20 of 68 S), else ``tune``."""
    digest = hashlib.sha256((HELD_SALT + question_id).encode("utf-8")).hexdigest()
    return "held" if int(digest, 16) % 10 < 3 else "tune"


def _load_scorer() -> Any:
    spec = importlib.util.spec_from_file_location("lme_score", CORPUS / "score.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def gold_evidence(split: str) -> dict[str, frozenset[str]]:
    """The record ids of each question's gold turns (scoring only, never shown to prme): the
    turns marked ``has_answer``, with the ids ``to_org.py`` gives them."""
    import gzip

    opener = gzip.open if SPLITS[split].endswith(".gz") else open
    with opener(CORPUS / SPLITS[split], "rt", encoding="utf-8") as fh:
        data = json.load(fh)
    out = {}
    for q in data:
        ids = set()
        for sid, turns in zip(q["haystack_session_ids"], q["haystack_sessions"], strict=True):
            opaque = "chat-" + hashlib.sha256(sid.encode()).hexdigest()[:12]
            ids |= {f"{opaque}-t{i}" for i, t in enumerate(turns) if t.get("has_answer")}
        out[q["question_id"]] = frozenset(ids)
    return out


def convert(split: str, out: Path) -> list[dict[str, Any]]:
    """Run the corpus's to_org.py; returns the questions.jsonl rows."""
    subprocess.run(
        [sys.executable, str(CORPUS / "to_org.py"), str(CORPUS / SPLITS[split]), str(out)],
        check=True,
    )
    with (out / "questions.jsonl").open(encoding="utf-8") as fh:
        return [json.loads(line) for line in fh]


def run_library(
    question: dict[str, Any], folder: Path, store_path: Path
) -> tuple[dict[str, Any], float, frozenset[str]]:
    from prme_cli import config
    from prme_cli.ingest import ingest_paths
    from prme_cli.service import relate
    from prme_cli.store import Store
    from prme_cli.timeexpr import parse_now, zone

    tz = zone(TZ)
    now = parse_now(question["question_date"], tz)
    cfg = config.load(environ={})
    with Store.open(store_path) as store:
        report = ingest_paths(store, [folder], now=now)
        if report.errors:
            raise RuntimeError(f"{question['question_id']}: ingest errors {report.errors[:2]}")
        started = time.perf_counter()
        result = relate(
            store,
            cfg,
            question["question"],
            now=now,
            tz=tz,
            budget=int(cfg["context"]["budget"]),
            owner="bench",
        )
        elapsed = time.perf_counter() - started
    full = frozenset(r.id for r in result.bundle.records if r.representation == "full")
    return result.document, elapsed, full


def run_cli(
    question: dict[str, Any], folder: Path, store_path: Path
) -> tuple[dict[str, Any], float, frozenset[str] | None]:
    exe = shutil.which("prme") or str(Path(sys.executable).parent / "prme")
    base = [exe, "--store", str(store_path), "--now", question["question_date"], "--tz", TZ]
    subprocess.run([*base, "ingest", str(folder)], check=True, capture_output=True)
    started = time.perf_counter()
    proc = subprocess.run(
        [*base, "relate", question["question"], "--format", "json"],
        check=False,
        capture_output=True,
        text=True,
    )
    elapsed = time.perf_counter() - started
    if proc.returncode not in (0, 1):
        raise RuntimeError(
            f"{question['question_id']}: relate exited {proc.returncode}: {proc.stderr}"
        )
    return json.loads(proc.stdout), elapsed, None  # the packed records are not printed


def evaluate(
    split: str, *, part: str, use_cli: bool, verbose: bool, limit: int | None
) -> list[dict[str, Any]]:
    scorer = _load_scorer()
    gold = gold_evidence(split)
    with tempfile.TemporaryDirectory(prefix=f"prme-lme-{split}-") as tmp:
        root = Path(tmp)
        questions = convert(split, root / "notes")
        if part != "all":
            questions = [q for q in questions if part_of(q["question_id"]) == part]
        if limit:
            questions = questions[:limit]
        results_path = root / "results.jsonl"
        timings: list[float] = []
        rows = []
        with results_path.open("w", encoding="utf-8") as out:
            for q in questions:
                folder = root / "notes" / q["folder"]
                store_path = root / "stores" / f"{q['question_id']}.sqlite3"
                store_path.parent.mkdir(parents=True, exist_ok=True)
                runner = run_cli if use_cli else run_library
                doc, elapsed, packed = runner(q, folder, store_path)
                timings.append(elapsed)
                out.write(json.dumps({"question_id": q["question_id"], "result": doc}) + "\n")
                kind = scorer.kind_of(q)
                accepted = doc.get("status") == "accepted"
                if kind in scorer.SCORERS:
                    ok = accepted and scorer.SCORERS[kind](q, doc.get("value"))
                else:
                    ok = kind == "abstain" and not accepted
                wanted = gold.get(q["question_id"], frozenset())
                found = None if packed is None else (len(wanted & packed), len(wanted))
                rows.append((q, doc, kind, accepted, ok, elapsed, found))
        summaries = []
        for name in ("tune", "held") if part == "all" else (part,):
            chosen = [q for q in questions if part_of(q["question_id"]) == name]
            part_questions = root / f"questions-{name}.jsonl"
            with part_questions.open("w", encoding="utf-8") as out:
                out.writelines(json.dumps(q) + "\n" for q in chosen)
            print(f"\n== {split} {name}: score.py ({len(chosen)} questions) ==")
            sys.stdout.flush()
            show = verbose and (name == "tune" or part == "held")
            args = [sys.executable, str(CORPUS / "score.py"), str(part_questions)]
            args += [str(results_path)] + (["--verbose"] if show else [])
            subprocess.run(args, check=True)
            picked = [(r, t) for r, t in zip(rows, timings) if part_of(r[0]["question_id"]) == name]
            summaries.append(
                _summary(f"{split} {name}", [r for r, _ in picked], [t for _, t in picked])
            )
    return summaries


def _summary(split: str, rows: list[tuple[Any, ...]], timings: list[float]) -> dict[str, Any]:
    scored = ("numeric", "choice", "order", "date")
    by_op: dict[str, Counter[str]] = defaultdict(Counter)
    by_form: dict[str, Counter[str]] = defaultdict(Counter)
    statuses: Counter[str] = Counter()
    for q, doc, kind, accepted, ok, *_ in rows:
        statuses[doc.get("status", "?")] += 1
        op = (
            doc.get("operation")
            or (doc.get("metadata") or {}).get("route", {}).get("operation")
            or "-"
        )
        for table, key in ((by_op, op), (by_form, kind)):
            table[key]["n"] += 1
            table[key]["accepted"] += accepted
            table[key]["correct"] += bool(ok and accepted)
    n = sum(1 for r in rows if r[2] in scored)
    acc = sum(1 for r in rows if r[2] in scored and r[3])
    cor = sum(1 for r in rows if r[2] in scored and r[3] and r[4])
    breaches = sum(1 for r in rows if r[2] == "abstain" and r[3])
    print(f"\n== {split}: prme summary ==")
    print(
        f"coverage {acc}/{n} = {acc / max(n, 1):.1%}   precision {cor}/{acc} = "
        f"{cor / max(acc, 1):.1%}   abstention breaches {breaches}"
    )
    recall = [r[6] for r in rows if r[6] is not None and r[6][1]]
    got, wanted = sum(f for f, _ in recall), sum(w for _, w in recall)
    whole = sum(1 for f, w in recall if f == w)
    if recall:
        print(
            f"evidence recall (gold turns packed in full) {got}/{wanted} = "
            f"{got / max(wanted, 1):.1%}   questions with every gold turn {whole}/{len(recall)}"
        )
    print("statuses: " + ", ".join(f"{k} {v}" for k, v in statuses.most_common()))
    for title, table in (("by operation", by_op), ("by question form", by_form)):
        print(f"{title}:")
        for key, c in sorted(table.items()):
            print(f"  {key:24} n {c['n']:3}  accepted {c['accepted']:3}  correct {c['correct']:3}")
    ms = [t * 1000 for t in timings]
    print(
        f"relate time per question (after ingest): median {statistics.median(ms):.0f} ms, "
        f"p95 {sorted(ms)[int(0.95 * (len(ms) - 1))]:.0f} ms, max {max(ms):.0f} ms"
    )
    return {
        "split": split,
        "coverage": acc / max(n, 1),
        "precision": cor / max(acc, 1),
        "accepted": acc,
        "scored": n,
        "correct": cor,
        "breaches": breaches,
        "median_ms": statistics.median(ms),
        "recall": f"{got}/{wanted}" if recall else "-",
        "whole": f"{whole}/{len(recall)}" if recall else "-",
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--split", choices=("oracle", "s", "both"), default="both")
    parser.add_argument(
        "--part", choices=("tune", "held", "all"), default="all", help="which part of the split"
    )
    parser.add_argument("--cli", action="store_true", help="run the installed prme command")
    parser.add_argument("--verbose", action="store_true", help="score.py's per-question lines")
    parser.add_argument("--limit", type=int, default=None)
    args = parser.parse_args()
    if not CORPUS.is_dir():
        sys.exit(f"LongMemEval corpus not found at {CORPUS}")
    os.environ.setdefault("PRME_OWNER", "bench")
    splits = ("oracle", "s") if args.split == "both" else (args.split,)
    summaries = [
        summary
        for s in splits
        for summary in evaluate(
            s, part=args.part, use_cli=args.cli, verbose=args.verbose, limit=args.limit
        )
    ]
    print("\n== figures ==")
    for s in summaries:
        print(
            f"{s['split']:12} coverage {s['accepted']}/{s['scored']} = {s['coverage']:.1%}  "
            f"precision {s['correct']}/{s['accepted']} = {s['precision']:.1%}  "
            f"abstention breaches {s['breaches']}  relate median {s['median_ms']:.0f} ms  "
            f"evidence recall {s['recall']} (all gold: {s['whole']})"
        )
    _ = datetime


if __name__ == "__main__":
    main()
