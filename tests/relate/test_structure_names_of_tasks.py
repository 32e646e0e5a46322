"""The gate's reading of a task's name against its heading: "the … task" names the task
itself (so "finishing it" after "creating the report task" needs only the report's words),
and a part word heading a compound noun ("the VAT return", "the year end review") asks for
no part of the event (so a DEADLINE answers "when is it due"). A plan still never dates a
deed, and a cancelled task was never done.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from notes_helpers import ask as ask_notes
from notes_helpers import notes_store

from prme_cli.store import Store
from prme_cli.timeexpr import parse_now, zone

TZ = zone("Europe/Berlin")
NOW = parse_now("2031-06-30T20:00", TZ)

NOTES = {
    "tasks.org": """\
#+TODO: TODO NEXT WAITING | DONE CANCELLED

* DONE Write the grant report
CLOSED: [2031-06-20 Fri 16:00]
:PROPERTIES:
:CREATED:  [2031-06-02 Mon 09:00]
:END:
* TODO VAT return for the second quarter
DEADLINE: <2031-07-10 Thu>
* CANCELLED Book the year end party
CLOSED: [2031-06-12 Thu 10:00]
""",
}


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("task_names"), NOTES, NOW)


def ask(store: Store, question: str) -> dict[str, Any]:
    return ask_notes(store, question, now=NOW, tz=TZ)


@pytest.mark.parametrize(
    "question",
    [
        "How many days passed between creating the grant report task and finishing it?",
        "How many days were there between creating the task for the grant report and finishing it?",
    ],
)
def test_the_task_noun_names_the_task_itself(store: Store, question: str) -> None:
    doc = ask(store, question)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["days"] == 18


@pytest.mark.parametrize(
    "question",
    ["When is the VAT return due?", "When is the VAT return for the second quarter due?"],
)
def test_a_compound_noun_asks_no_part_of_the_event(store: Store, question: str) -> None:
    doc = ask(store, question)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["date"] == "2031-07-10"
    assert doc["value"]["planned"] is True


@pytest.mark.parametrize(
    "question",
    [
        "When did I file the VAT return?",  # only a DEADLINE: a plan
        "When did I book the year end party?",  # cancelled
    ],
)
def test_a_plan_or_a_cancelled_task_dates_no_deed(store: Store, question: str) -> None:
    doc = ask(store, question)
    assert doc["status"] != "accepted", doc["value"]
