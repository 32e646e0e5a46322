"""The deed is told where its verb is, even when another clause names the thing more fully.

"The new library opened on Friday; I visited it on Saturday": the clause with the most of
the name's words ("new library") tells the opening, and the visit is in the next clause on
"it". Read from the first clause, "When did I visit the new library?" was answered with
Friday (the second adversarial probe round). The resolver now dates the deed in the one
clause of the sentence that tells its verb; the gate no longer lets a neighbouring clause
that tells the deed with a time of its own lend its deed to the cited clause.
"""

from __future__ import annotations

from datetime import datetime

import pytest
from notes_helpers import GATE_THRESHOLD, notes_store
from notes_helpers import ask as ask_notes

from prme_cli.relate.symbolic.gate import SymbolicGate
from prme_cli.relate.types import EvidenceRecord, Operand, Resolution
from prme_cli.timeexpr import parse_now, zone

TZ = zone("UTC")
NOW = parse_now("2031-05-20T20:00", TZ)


def journal(line: str) -> dict[str, str]:
    """One datetree day, Monday 2031-05-19, holding ``line``."""
    return {"journal.org": f"* 2031\n** 2031-05 May\n*** 2031-05-19 Monday\n{line}\n"}


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
    for store in notes_store(tmp_path_factory.mktemp("verb"), journal(line), NOW):
        doc = ask_notes(store, question, now=NOW, tz=TZ)
        assert doc["status"] == "accepted", doc["metadata"].get("explanation")
        assert doc["value"]["date"] == date


def _gate(quote: str, name: str, expression: str) -> float:
    record = EvidenceRecord(id="r1", event_time=datetime(2031, 5, 19, 10), text=quote, asked="")
    operand = Operand(name, "r1", quote, expression, "text_expression")
    resolution = Resolution("absolute_date", (operand,))
    return SymbolicGate().check(f"When did I {name}?", resolution, operand, record).probability


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
    assert _gate(quote, name, wrong) < GATE_THRESHOLD
    assert _gate(quote, name, right) >= GATE_THRESHOLD
