"""Two question forms over org structure: a CLOCK sum asked "so far", a plan asked in the
present progressive.

"How many hours have I spent on the tiling so far?" asks the same CLOCK sum as "did I
spend": "so far" (up to now, to date) is the frame's time, not words of the task's title.
"When are we repainting the hallway?" asks a coming arrangement, as "when are we going to"
does: the heading's SCHEDULED date answers it, marked planned, and the gate reads the
progressive as a plan question by itself. The past ("did we", "were we") is still a deed
that a plan never answers. Invented notes.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from notes_helpers import ask, notes_store

from prme_cli.relate.symbolic.gate_structure import _PLAN_QUESTION
from prme_cli.store import Store
from prme_cli.timeexpr import parse_now, zone

TZ = zone("Europe/Lisbon")
NOW = parse_now("2029-10-12T21:00", TZ)

TASKS = """#+TITLE: House
#+TODO: TODO NEXT WAITING | DONE CANCELLED

* NEXT Tile the bathroom floor
:LOGBOOK:
CLOCK: [2029-10-06 Sat 09:00]--[2029-10-06 Sat 12:30] =>  3:30
CLOCK: [2029-10-07 Sun 10:00]--[2029-10-07 Sun 11:15] =>  1:15
:END:

* TODO Repaint the hallway
SCHEDULED: <2029-10-20 Sat>

* TODO Insulate the loft
SCHEDULED: <2029-11-03 Sat>

* TODO Fix the garden gate
"""


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("upto"), {"house.org": TASKS}, NOW)


def _ask(store: Store, question: str) -> dict[str, Any]:
    return ask(store, question, now=NOW, tz=TZ)


@pytest.mark.parametrize(
    "question",
    [
        "How many hours have I spent on tiling the bathroom floor so far?",
        "How many hours have I spent on the bathroom floor tiling to date?",
        "How many minutes did I spend on the bathroom floor tiling up to now?",
        "How many hours have I spent tiling the bathroom floor until now?",
    ],
)
def test_a_clock_sum_asked_so_far_sums_the_clock_lines(store: Store, question: str) -> None:
    doc = _ask(store, question)
    assert doc["status"] == "accepted", (question, doc["metadata"].get("explanation"))
    minutes = {"hours": 60, "minutes": 1}[doc["value"]["unit"]]
    assert float(doc["value"]["quantity"]) * minutes == 285


@pytest.mark.parametrize(
    "question",
    [
        "How many hours have I spent on the garden gate so far?",  # never clocked
        "How many hours have I spent on the loft insulation so far?",  # only planned
        "How many hours will I spend on the bathroom floor so far?",
    ],
)
def test_so_far_does_not_answer_what_was_never_clocked(store: Store, question: str) -> None:
    assert _ask(store, question)["status"] != "accepted", question


@pytest.mark.parametrize(
    ("question", "date"),
    [
        ("When are we repainting the hallway?", "2029-10-20"),
        ("When am I repainting the hallway?", "2029-10-20"),
        ("When are we insulating the loft?", "2029-11-03"),
        ("When am I going to insulate the loft?", "2029-11-03"),
    ],
)
def test_a_plan_asked_in_the_progressive_is_answered_planned(
    store: Store, question: str, date: str
) -> None:
    doc = _ask(store, question)
    assert doc["status"] == "accepted", (question, doc["metadata"].get("explanation"))
    assert doc["value"]["date"] == date and doc["value"]["planned"] is True


@pytest.mark.parametrize(
    "question",
    [
        "When did we repaint the hallway?",
        "When were we repainting the hallway?",
        "When did I insulate the loft?",
        "When are we fixing the garden gate?",  # no date at all
    ],
)
def test_a_plan_does_not_answer_a_deed(store: Store, question: str) -> None:
    assert _ask(store, question)["status"] != "accepted", question


@pytest.mark.parametrize(
    ("question", "plan"),
    [
        ("When are we repainting the hallway?", True),
        ("When is Ines moving the piano?", True),
        ("When are Ines and Omar collecting the keys?", True),
        ("When did we repaint the hallway?", False),
        ("When were we repainting the hallway?", False),
        ("When is Ines's party?", False),
        ("When was the hallway repainted?", False),
    ],
)
def test_the_structure_gate_reads_a_progressive_plan_question(question: str, plan: bool) -> None:
    assert bool(_PLAN_QUESTION.search(question)) is plan
