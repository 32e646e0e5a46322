"""A second hand-written unseen set, in LongMemEval's shape, through the real pipeline.

``tests/fixtures/heldout/unseen_2.json`` holds 24 invented questions over dated chats (first
person with an assistant, and Amara and Luis talking), with people, activities, wording and
time phrases unlike the other fixtures, and gold answers written by hand (every date checked
with Python). 16 are scored: days between two events, days / weeks / months ago, which came
first, the order of three, when did X. 8 must be refused: a plan, a negation, a hedged
"roughly ten days ago", an event never mentioned, a month-precise date for a day count, the
other speaker's deed, a counterfactual wish ("if only I had …, I would have …") and a date
retracted in a later session.

It runs exactly like ``test_heldout_set.py`` (the corpus's ``to_org.py``, a store per
question, ``relate`` at the question's date, the corpus's ``score.py``; skipped without the
corpus scripts). Refusals are allowed; a wrong acceptance or an acceptance on a question to be
refused is not. First run, before anything was changed for it: see the commit message.
"""

from __future__ import annotations

import json
from pathlib import Path

from test_heldout_set import HELDOUT, SCORED, _run

FIXTURE = HELDOUT / "unseen_2.json"


def test_unseen_2_has_no_wrong_acceptance(tmp_path: Path) -> None:
    rows = _run(FIXTURE, tmp_path)
    assert len(rows) == 24
    scored = [r for r in rows if r[2] in SCORED]
    refusals = [r for r in rows if r[2] == "abstain"]
    assert (len(scored), len(refusals)) == (16, 8)
    accepted = [r for r in scored if r[3]]
    correct = [r for r in accepted if r[4]]
    breaches = [r for r in refusals if r[3]]
    for q, doc, kind, _acc, ok in rows:
        print(
            f"{q['question_id']:9} {kind:8} {doc.get('status'):20} {'OK' if ok else '--'} "
            f"{json.dumps(doc.get('value'))[:60]} | gold: {str(q['answer'])[:40]}"
        )
    print(
        f"unseen_2: coverage {len(accepted)}/{len(scored)}  precision "
        f"{len(correct)}/{len(accepted)}  abstention breaches {len(breaches)}"
    )
    wrong = [(r[0]["question_id"], r[1].get("value")) for r in accepted if not r[4]]
    assert not wrong, wrong
    assert not breaches, [(r[0]["question_id"], r[1].get("value")) for r in breaches]
