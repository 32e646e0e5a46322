"""The deed is told where its verb is, even when another clause names the thing more fully.

"The new library opened on Friday; I visited it on Saturday": the clause with the most of
the name's words ("new library") tells the opening, and the visit is in the next clause on
"it". Read from the first clause, "When did I visit the new library?" was answered with
Friday (the second adversarial probe round). The resolver now dates the deed in the one
clause of the sentence that tells its verb; the gate no longer lets a neighbouring clause
that tells the deed with a time of its own lend its deed to the cited clause.
"""

from __future__ import annotations

import pytest
from notes_helpers import GATE_THRESHOLD, answer, gate_for, journal_day

from prme_cli.timeexpr import parse_now, zone

TZ = zone("UTC")
NOW = parse_now("2031-05-20T20:00", TZ)


CASES = [
    (
        "The new library opened on Friday; I visited it on Saturday.",
        "When did I visit the new library?",
        "2031-05-17",
    ),
    (
        "The new climbing gym opened on Thursday and I joined it on Saturday.",
        "When did I join the new climbing gym?",
        "2031-05-17",
    ),
    (
        "The old oak by the river fell on Tuesday; we cleared it on Friday.",
        "When did I clear the old oak by the river?",
        "2031-05-16",
    ),
]


@pytest.mark.parametrize(("line", "question", "date"), CASES)
def test_the_resolver_dates_the_deed_in_the_clause_of_its_verb(
    tmp_path_factory: pytest.TempPathFactory, line: str, question: str, date: str
) -> None:
    doc = answer(tmp_path_factory.mktemp("verb"), journal_day(line), question, now=NOW, tz=TZ)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["date"] == date


@pytest.mark.parametrize(
    ("quote", "name", "wrong", "right"),
    [
        (CASES[0][0], "visit the new library", "Friday", "on Saturday"),
        (CASES[1][0], "join the new climbing gym", "on Thursday", "on Saturday"),
    ],
)
def test_the_gate_takes_the_time_of_the_clause_that_tells_the_deed(
    quote: str, name: str, wrong: str, right: str
) -> None:
    assert gate_for(f"When did I {name}?", quote, name, wrong) < GATE_THRESHOLD
    assert gate_for(f"When did I {name}?", quote, name, right) >= GATE_THRESHOLD
