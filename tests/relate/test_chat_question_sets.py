"""Hand-written question sets over invented chats, in LongMemEval's shape, through the real
pipeline (they were written before the resolver was tuned on them, and now guard it).

``tests/fixtures/chat_sets/first_person_and_pairs.json`` holds 30 invented questions
(first-person chats with an assistant, and third-person chats between two named people), with
gold answers written by hand; 8 of them must be refused.
Each question is converted with the corpus's own ``to_org.py``, ingested into a store of its
own, asked with ``relate`` at the question's date, and scored with the corpus's ``score.py``.
``traps.json`` adds 16 questions written to catch wrong acceptances (dates counted
from another event, someone else's event, "the day before yesterday", a bare "on the 3rd",
a returned purchase, a plan, a rained-off event, a coarse "this past weekend").
``probes.json`` adds 16 more probes (a date corrected in the next sentence, a
counterfactual wish, a question that only seems to report, an attempt, "almost").
``second_set.json`` (24 questions, 8 to refuse) has other people, wording and time phrases:
a plan, a negation, a hedged "roughly ten days ago", an event never mentioned, a month-precise
date for a day count, the other speaker's deed, a counterfactual wish and a date retracted in
a later session.
A wrong acceptance or an acceptance on a refusal question fails, and so does coverage below
the figure each set reached (so a resolver that refuses everything fails too). Both corpus
scripts are optional: without them the test is skipped.
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from prme_cli import config
from prme_cli.ingest import ingest_paths
from prme_cli.service import relate
from prme_cli.store import Store
from prme_cli.timeexpr import parse_now, zone

_ROOT = Path(__file__).resolve().parents[2]
CORPUS = next(
    (
        p / "shared" / "corpora" / "longmemeval"
        for p in (_ROOT.parent, _ROOT.parent.parent, Path("/work"))
        if (p / "shared" / "corpora" / "longmemeval").is_dir()
    ),
    Path("/work/shared/corpora/longmemeval"),
)
SETS = Path(__file__).resolve().parents[1] / "fixtures" / "chat_sets"
SCORED = ("numeric", "choice", "order", "date")


def _module(name: str) -> ModuleType:
    path = CORPUS / f"{name}.py"
    if not path.is_file():
        pytest.skip(f"{path} not present")
    spec = importlib.util.spec_from_file_location(f"chat_sets_{name}", path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _run(fixture: Path, tmp: Path) -> list[tuple[dict[str, Any], dict[str, Any], str, bool, bool]]:
    to_org, score = _module("to_org"), _module("score")
    notes = tmp / "notes"
    to_org.main(str(fixture), str(notes))
    questions = [
        json.loads(line)
        for line in (notes / "questions.jsonl").read_text(encoding="utf-8").splitlines()
    ]
    tz = zone("UTC")
    cfg = config.load(environ={})
    rows = []
    for q in questions:
        now = parse_now(q["question_date"], tz)
        with Store.open(tmp / f"{q['question_id']}.sqlite3") as store:
            report = ingest_paths(store, [notes / q["folder"]], now=now)
            assert not report.errors, report.errors
            doc = relate(
                store,
                cfg,
                q["question"],
                now=now,
                tz=tz,
                budget=int(cfg["context"]["budget"]),
                owner="tests",
                save_receipt=False,
            ).document
        kind = score.kind_of(q)
        accepted = doc.get("status") == "accepted"
        if kind in score.SCORERS:
            ok = accepted and bool(score.SCORERS[kind](q, doc.get("value")))
        else:
            ok = kind == "abstain" and not accepted
        rows.append((q, doc, kind, accepted, ok))
    return rows


@pytest.mark.parametrize(
    ("name", "size", "floor"),
    [
        ("first_person_and_pairs.json", 30, 19),
        ("traps.json", 16, 3),
        ("probes.json", 16, 5),
        ("second_set.json", 24, 14),
    ],
)
def test_chat_set_has_no_wrong_acceptance_and_keeps_its_coverage(
    name: str, size: int, floor: int, tmp_path: Path
) -> None:
    rows = _run(SETS / name, tmp_path)
    assert len(rows) == size
    scored = [r for r in rows if r[2] in SCORED]
    accepted = [r for r in scored if r[3]]
    correct = [r for r in accepted if r[4]]
    breaches = [r for r in rows if r[2] == "abstain" and r[3]]
    for q, doc, kind, acc, ok in rows:
        print(
            f"{q['question_id']:10} {kind:8} {doc.get('status'):20} {'OK' if ok else '--'} "
            f"{json.dumps(doc.get('value'))[:60]} | gold: {str(q['answer'])[:40]}"
        )
    print(
        f"{name}: coverage {len(accepted)}/{len(scored)}  precision "
        f"{len(correct)}/{len(accepted)}  abstention breaches {len(breaches)}"
    )
    wrong = [(r[0]["question_id"], r[1].get("value")) for r in accepted if not r[4]]
    assert not wrong, wrong
    assert not breaches, [(r[0]["question_id"], r[1].get("value")) for r in breaches]
    assert len(scored) + sum(1 for r in rows if r[2] == "abstain") == size
    assert len(correct) >= floor, f"{name}: {len(correct)} right, the set reached {floor}"
