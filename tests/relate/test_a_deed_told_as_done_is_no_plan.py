"""A plan question ("When am I going to …", "When is X planned?") is answered only with a
plan's date. The day of a note that dates a deed told as done — a journal entry's
past-tense deed, a verbless entry, a recent "just", present-perfect news, or "today" / "this
afternoon" in a clause told in the past ("Took the grade 2 exam this afternoon") — is
never that date: the question then assumes something that already happened, and is refused
rather than answered with the day it was done.

A plan told as a plan (SCHEDULED, "I'm seeing the dentist this afternoon", "the fair is on
Saturday 19 July") is still answered.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from notes_helpers import ask as ask_notes
from notes_helpers import notes_store

from prme_cli.store import Store
from prme_cli.timeexpr import parse_now, zone

TZ = zone("Europe/Dublin")
NOW = parse_now("2031-06-12T20:00", TZ)

NOTES = {
    "journal.org": """\
* 2031
** 2031-06 June
*** 2031-06-03 Tuesday
Entered the harvest fair baking contest.
*** 2031-06-07 Saturday
Took the grade 2 piano exam this afternoon. Hands shaking the whole time.
Just signed up for the pottery course.
*** 2031-06-12 Thursday
I'm seeing the dentist this afternoon, finally.
""",
    "plans.org": """\
* TODO Dinner with Aoife
SCHEDULED: <2031-07-12 Sat 19:00>
""",
}


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("deed_no_plan"), NOTES, NOW)


def ask(store: Store, question: str) -> dict[str, Any]:
    return ask_notes(store, question, now=NOW, tz=TZ)


@pytest.mark.parametrize(
    "question",
    [
        "When am I going to take the grade 2 piano exam?",  # "Took … this afternoon"
        "When is the harvest fair baking contest planned?",  # "Entered …": a journal deed
        "When am I going to enter the harvest fair baking contest?",
        "When am I going to sign up for the pottery course?",  # "Just signed up"
    ],
)
def test_a_deed_told_as_done_does_not_date_a_plan(store: Store, question: str) -> None:
    doc = ask(store, question)
    assert doc["status"] != "accepted", doc["value"]


@pytest.mark.parametrize(
    ("question", "date"),
    [
        ("When am I going to have dinner with Aoife?", "2031-07-12"),
        ("When am I seeing the dentist?", "2031-06-12"),
    ],
)
def test_a_plan_told_as_a_plan_is_still_answered(store: Store, question: str, date: str) -> None:
    doc = ask(store, question)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["date"] == date
    assert doc["value"].get("planned") is True


@pytest.mark.parametrize(
    ("quote", "expression", "done"),
    [
        ("Took the grade 2 piano exam this afternoon.", "this afternoon", True),
        ("Sat the grade 2 piano exam today, finally.", "today", True),
        ("I'm taking the grade 2 piano exam this afternoon.", "this afternoon", False),
        ("I will take the grade 2 piano exam today.", "today", False),
    ],
)
def test_the_gate_reads_a_deed_told_as_done_on_its_own(
    quote: str, expression: str, done: bool
) -> None:
    from datetime import datetime

    from notes_helpers import GATE_THRESHOLD, gate_check

    from prme_cli.relate.types import EvidenceRecord, Operand

    record = EvidenceRecord("r1", datetime(2031, 6, 7, 18, 0, tzinfo=TZ), quote)
    operand = Operand("take the grade 2 piano exam", "r1", quote, expression, "event_time")
    probability = gate_check("When am I going to take the grade 2 piano exam?", record, operand)
    assert (probability < GATE_THRESHOLD) is done
