"""Time logged on one task whose name joins two nouns ("Strength & mobility", "Windows and
door", the way tasks are often named) is asked with that "and": "How much time did I spend
on strength and mobility?", "How long did I clock on the windows and door?". The question
is one operand with the whole name, summed from the CLOCK lines of the heading both words
name.

Two tasks each named by one of the words ("Kitchen", "Bathroom") are not that heading: the
one operand matches neither well enough, so the question is refused rather than answered
with one task's time; a second determiner ("the kitchen and the bathroom") or a list with
commas is several things, which this frame does not take.
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
NOW = parse_now("2031-07-01T20:00", TZ)

NOTES = {
    "projects.org": """\
* Training
** Strength & mobility
:LOGBOOK:
CLOCK: [2031-05-02 Fri 18:30]--[2031-05-02 Fri 19:15] =>  0:45
CLOCK: [2031-05-06 Tue 09:00]--[2031-05-06 Tue 09:40] =>  0:40
:END:
* Studio
** DONE Windows and door
CLOSED: [2031-05-10 Sat 16:00]
:LOGBOOK:
CLOCK: [2031-05-10 Sat 09:30]--[2031-05-10 Sat 16:00] =>  6:30
CLOCK: [2031-05-09 Fri 09:00]--[2031-05-09 Fri 15:15] =>  6:15
:END:
* Flat
** Kitchen
:LOGBOOK:
CLOCK: [2031-05-03 Sat 09:00]--[2031-05-03 Sat 11:00] =>  2:00
:END:
** Bathroom
:LOGBOOK:
CLOCK: [2031-05-04 Sun 09:00]--[2031-05-04 Sun 10:00] =>  1:00
:END:
""",
}


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("and_named_tasks"), NOTES, NOW)


def ask(store: Store, question: str) -> dict[str, Any]:
    return ask_notes(store, question, now=NOW, tz=TZ)


@pytest.mark.parametrize(
    ("question", "minutes"),
    [
        ("How much time did I spend on strength and mobility?", 85),
        ("How many minutes did I log on strength and mobility?", 85),
        ("How long did I clock on the windows and door?", 765),
        ("How much time did I put in on windows and door?", 765),
    ],
)
def test_the_clock_lines_of_a_task_named_with_and_are_summed(
    store: Store, question: str, minutes: int
) -> None:
    doc = ask(store, question)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["operation"] == "duration_sum"
    value = doc["value"]
    factor = {"minutes": 1, "hours": 60}[value["unit"]]
    assert float(value["quantity"]) * factor == minutes


@pytest.mark.parametrize(
    "question",
    [
        "How much time did I spend on the kitchen and bathroom?",  # two tasks, one each
        "How long did I clock on kitchen and bathroom?",
        "How much time did I spend on the kitchen and the bathroom?",  # two things
        "How much time did I spend on strength, mobility and windows?",  # a list
    ],
)
def test_two_tasks_are_not_one_task_named_with_and(store: Store, question: str) -> None:
    doc = ask(store, question)
    assert doc["status"] != "accepted", doc["value"]
