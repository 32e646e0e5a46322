#!/usr/bin/env python3
"""Development harness for the symbolic resolver and gate on LongMemEval (temporal split).

usage: python bench/symbolic_dev.py [--split oracle|s] [--only QID …] [--verbose]
                                    [--out DIR] [--data DIR]

For every question it builds the evidence records directly — one per *user* turn, id as
``to_org.py`` writes it (``chat-<hash>-t<n>``), ``event_time`` the session's date, text the
turn's words — and runs the relate steps in the stage's order: route -> symbolic resolver ->
validate (with the stage's operation-mismatch check) -> interpret -> compute -> symbolic
gate (threshold 0.85). Results go to ``DIR/results.jsonl`` in ``score.py``'s format, the
questions to ``DIR/questions.jsonl``; then ``score.py`` runs and a per-operation table and
timings are printed.

``--split s`` uses every user turn of the ~50 sessions per question (no retrieval, no
packing): a harsher test of precision among distractors than the real pipeline will give.

The data set's evidence markers (``has_answer``, ``answer_session_ids``) are never read to
build inputs; with ``--verbose`` they are used only to print, for error analysis, whether a
cited record was an evidence turn.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import importlib.util
import json
import re
import statistics
import subprocess
import sys
import time
from collections import defaultdict
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from prme_cli.relate.router import route
from prme_cli.relate.symbolic import SymbolicGate, SymbolicResolver
from prme_cli.relate.types import EvidenceRecord, ProviderAudit, ResolveRequest

DEFAULT_DATA = ROOT.parent / "shared" / "corpora" / "longmemeval"
THRESHOLD = 0.85
TZ = ZoneInfo("UTC")


def parse_date(text: str) -> datetime:
    """ "2023/02/20 (Mon) 22:35" -> naive wall clock, as to_org.py reads it."""
    m = re.match(r"(\d{4})/(\d{2})/(\d{2}) \(\w+\) (\d{2}):(\d{2})", text)
    if not m:
        raise ValueError(f"unexpected date {text!r}")
    return datetime(*map(int, m.groups()))


def load(path: Path) -> list[dict]:
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt", encoding="utf-8") as f:
        return json.load(f)


def records_of(q: dict) -> tuple[EvidenceRecord, ...]:
    """One record per user turn; nothing of the evidence markers goes in."""
    out = []
    for sid, date, turns in zip(
        q["haystack_session_ids"], q["haystack_dates"], q["haystack_sessions"], strict=True
    ):
        opaque = "chat-" + hashlib.sha256(sid.encode()).hexdigest()[:12]
        when = parse_date(date)
        for i, turn in enumerate(turns):
            if turn["role"] == "user":
                out.append(EvidenceRecord(f"{opaque}-t{i}", when, turn["content"]))
    return tuple(out)


def evidence_ids(q: dict) -> set[str]:
    """For error analysis printouts only: which record ids are marked as evidence."""
    ids = set()
    for sid, turns in zip(q["haystack_session_ids"], q["haystack_sessions"], strict=True):
        opaque = "chat-" + hashlib.sha256(sid.encode()).hexdigest()[:12]
        for i, turn in enumerate(turns):
            if turn.get("has_answer"):
                ids.add(f"{opaque}-t{i}")
    return ids


def run_one(q: dict, resolver: SymbolicResolver, gate: SymbolicGate) -> dict:
    """The stage's steps on one question; returns a relate-JSON-like result."""
    from prme_cli.relate.arithmetic import compute
    from prme_cli.relate.interpret import InterpretError, interpret
    from prme_cli.relate.validate import validate

    question = q["question"]
    qdate = parse_date(q["question_date"]).replace(tzinfo=TZ)
    result: dict = {
        "question": question,
        "reference_time": qdate.isoformat(),
        "status": None,
        "operation": None,
        "value": None,
        "evidence_ids": [],
        "metadata": {},
    }
    decision = route(question)
    result["metadata"]["route"] = {"operation": decision.operation, "unit": decision.unit}
    if not decision.routed:
        result["status"] = "not_routed"
        return result
    records = records_of(q)
    request = ResolveRequest(question, qdate, records)
    resolution = resolver.resolve(request, ProviderAudit("symbolic"))
    result["operation"] = resolution.operation
    result["metadata"]["explanation"] = list(resolution.explanation)
    result["metadata"]["operands"] = [
        {
            "name": o.name,
            "evidence_id": o.evidence_id,
            "quote": o.quote,
            "time_expression": o.time_expression,
            "time_basis": o.time_basis,
        }
        for o in resolution.operands
    ]
    if resolution.operation == "unsupported":
        result["status"] = "unsupported"
        return result
    by_id = {r.id: r for r in records}
    errors = [
        f"{e.code}: {e.message}" if hasattr(e, "code") else str(e)
        for e in validate(
            resolution, by_id, question=question, unit=decision.unit, question_date=qdate, tz=TZ
        )
    ]
    if not errors and decision.operation and resolution.operation != decision.operation:
        errors.append(
            f"operation_mismatch: router {decision.operation}, resolver {resolution.operation}"
        )
    if errors:
        result["status"] = "validation_rejected"
        result["metadata"]["validation_errors"] = errors
        return result
    try:
        dated = [
            interpret(o, by_id[o.evidence_id], question_date=qdate, tz=TZ)
            for o in resolution.operands
        ]
        value = compute(resolution, dated, unit=decision.unit, question_date=qdate, tz=TZ)
    except (InterpretError, ValueError) as exc:
        result["status"] = "validation_rejected"
        result["metadata"]["validation_errors"] = [f"uncomputable: {type(exc).__name__}"]
        return result
    verdict = gate.evaluate(question, resolution, by_id, ProviderAudit("symbolic"))
    result["metadata"]["gate"] = list(verdict.probabilities)
    result["metadata"]["candidate_value"] = value
    if any(not (p >= THRESHOLD) for p in verdict.probabilities):
        result["status"] = "gate_rejected"
        return result
    result["status"] = "accepted"
    result["value"] = value
    result["evidence_ids"] = [o.evidence_id for o in resolution.operands]
    return result


def load_scorer(data: Path):
    spec = importlib.util.spec_from_file_location("lme_score", data / "score.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--split", choices=("oracle", "s"), default="oracle")
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--out", type=Path, default=Path("/tmp/prme-symbolic-dev"))
    parser.add_argument("--only", nargs="*", default=None)
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()

    source = args.data / ("oracle_dev.json" if args.split == "oracle" else "s_dev.json.gz")
    questions = load(source)
    if args.only:
        questions = [q for q in questions if any(q["question_id"].startswith(o) for o in args.only)]
    args.out.mkdir(parents=True, exist_ok=True)
    scorer = load_scorer(args.data)
    resolver, gate = SymbolicResolver(), SymbolicGate()
    timings: list[float] = []
    per_op: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    with (
        open(args.out / "questions.jsonl", "w", encoding="utf-8") as qf,
        open(args.out / "results.jsonl", "w", encoding="utf-8") as rf,
    ):
        for q in questions:
            qf.write(
                json.dumps(
                    {
                        "question_id": q["question_id"],
                        "question": q["question"],
                        "question_date": parse_date(q["question_date"]).isoformat(
                            timespec="minutes"
                        ),
                        "answer": q["answer"],
                        "question_type": q["question_type"],
                    },
                    ensure_ascii=False,
                )
                + "\n"
            )
            started = time.perf_counter()
            result = run_one(q, resolver, gate)
            timings.append((time.perf_counter() - started) * 1000.0)
            rf.write(
                json.dumps(
                    {"question_id": q["question_id"], "result": result},
                    ensure_ascii=False,
                    default=str,
                )
                + "\n"
            )
            kind = scorer.kind_of(q)
            accepted = result["status"] == "accepted"
            ok = accepted and kind in scorer.SCORERS and scorer.SCORERS[kind](q, result["value"])
            op = result["operation"] or result["metadata"]["route"]["operation"] or "-"
            tally = per_op[op]
            tally["questions"] += 1
            tally["scored"] += kind in scorer.SCORERS
            tally["accepted"] += accepted and kind in scorer.SCORERS
            tally["correct"] += bool(ok)
            tally["abstain_breach"] += accepted and kind == "abstain"
            _print_line(q, kind, result, ok, args.verbose)
    print()
    print(
        f"{'operation':24} {'questions':>9} {'scored':>6} {'accepted':>8} {'correct':>7} "
        f"{'abst.breach':>11}"
    )
    for op, t in sorted(per_op.items()):
        print(
            f"{op:24} {t['questions']:9} {t['scored']:6} {t['accepted']:8} {t['correct']:7} "
            f"{t['abstain_breach']:11}"
        )
    print(
        f"time per question: median {statistics.median(timings):.1f} ms, max {max(timings):.1f} ms"
    )
    print()
    cmd = [
        sys.executable,
        str(args.data / "score.py"),
        str(args.out / "questions.jsonl"),
        str(args.out / "results.jsonl"),
    ]
    return subprocess.call(cmd)


def _print_line(q: dict, kind: str, result: dict, ok: bool, verbose: bool) -> None:
    status = result["status"]
    mark = "OK " if ok else ("-- " if status == "accepted" and kind != "other" else "   ")
    if status == "accepted" and kind == "abstain":
        mark = "!! "
    value = result.get("value") or result["metadata"].get("candidate_value") or {}
    shown = value.get("display", "") if isinstance(value, dict) else ""
    print(
        f"{mark}{q['question_id'][:16]:16} {kind:8} {status:20} {shown[:38]:38} | "
        f"gold: {str(q['answer'])[:40]}"
    )
    if verbose and (status != "not_routed"):
        for line in result["metadata"].get("explanation", []):
            print(f"      {line[:220]}")
        for err in result["metadata"].get("validation_errors", []) or []:
            print(f"      validation: {err}")
        if result["metadata"].get("gate"):
            print(f"      gate: {result['metadata']['gate']}")
        gold_ids = evidence_ids(q)
        for o in result["metadata"].get("operands", []):
            marker = "evidence" if o["evidence_id"] in gold_ids else "NOT-EVIDENCE"
            print(f"      cited {o['evidence_id']} ({marker}) '{o['time_expression']}'")


if __name__ == "__main__":
    raise SystemExit(main())
