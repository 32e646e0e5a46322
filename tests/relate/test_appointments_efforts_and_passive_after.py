"""Question forms: an appointment asked in the present, an effort asked with "take me", a
total said of one thing, and a second event done to the first one's thing in the passive.

- "When is my performance review?", "When is the next dentist appointment?": an appointment
  asked in the present is one still to come: answered with its planned date, marked planned.
- "How long did the runbook take me?", "How long have I spent on the letters?": the asker's
  effort — the task's CLOCK lines when it has them; "How long did it take to repaint the
  bedroom?" stays the span from its start to its end.
- "How much time did I clock on the migration in total?": a total of one thing.
- "How many days after I bought the dishwasher was it installed?": the second event is done
  to the first one's thing, by whoever did it; "When were my countertops installed?" asks
  of several things as "When was the dishwasher installed?" asks of one.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from notes_helpers import ask as ask_notes
from notes_helpers import minutes_of, notes_store

from prme_cli.relate.frame import analyse
from prme_cli.store import Store
from prme_cli.timeexpr import parse_now, zone

TZ = zone("Australia/Perth")
NOW = parse_now("2034-05-20T20:00", TZ)

NOTES = {
    "work.org": """\
#+TODO: TODO NEXT | DONE CANCELLED

* Appointments
** Annual review with Moana <2034-06-02 Fri 10:00>
** Dentist — check-up <2034-05-29 Mon 08:30>
** Dentist — filling <2034-04-11 Tue 09:00>
* Tasks
** DONE Write the deployment checklist
CLOSED: [2034-05-08 Mon 17:00]
:LOGBOOK:
CLOCK: [2034-05-08 Mon 14:00]--[2034-05-08 Mon 17:00] =>  3:00
CLOCK: [2034-05-04 Thu 09:30]--[2034-05-04 Thu 11:00] =>  1:30
:END:
** DONE Repaint the garden shed
CLOSED: [2034-05-14 Sun 16:00]
:LOGBOOK:
- State "DONE"       from "NEXT"       [2034-05-14 Sun 16:00]
- State "NEXT"       from "TODO"       [2034-05-06 Sat 09:00]
:END:
** NEXT Translate the letters
:LOGBOOK:
CLOCK: [2034-05-16 Tue 19:00]--[2034-05-16 Tue 20:15] =>  1:15
CLOCK: [2034-05-12 Fri 19:00]--[2034-05-12 Fri 19:45] =>  0:45
:END:
""",
    "journal.org": """\
* 2034
** 2034-05 May
*** 2034-05-12 Friday
The new countertops were installed on Thursday, two weeks late.
""",
    "things.org": """\
* Kitchen
** Dishwasher
:PROPERTIES:
:BOUGHT:    [2034-03-03 Fri]
:INSTALLED: [2034-03-10 Fri]
:END:
""",
}


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("forms"), NOTES, NOW)


def ask(store: Store, question: str) -> dict[str, Any]:
    return ask_notes(store, question, now=NOW, tz=TZ)


@pytest.mark.parametrize(
    ("question", "texts"),
    [
        ("When is my annual review?", ["my annual review"]),
        ("When is the next dentist appointment?", ["the next dentist appointment"]),
        ("How long did the deployment checklist take me?", ["the deployment checklist"] * 2),
        ("How much time did I clock on the letters in total?", ["the letters"]),
        (
            "How many days after I bought the dishwasher was it installed?",
            ["I bought the dishwasher", "installed"],
        ),
        ("How long after ordering the sofa was it delivered?", ["ordering the sofa", "delivered"]),
    ],
)
def test_each_form_frames_its_events_in_the_questions_own_words(
    question: str, texts: list[str]
) -> None:
    frame = analyse(question)
    assert frame is not None
    assert [e.text for e in frame.events] == texts
    assert all(t in question for t in texts)


@pytest.mark.parametrize(
    "question",
    [
        "When is the last time I saw Tom?",
        "When is it that I fly?",
        "When is he coming?",
        "When is the pub quiz?",  # may ask of one that took place
    ],
)
def test_a_clause_after_when_is_is_no_appointment(question: str) -> None:
    frame = analyse(question)
    assert frame is None or not frame.planned


@pytest.mark.parametrize(
    ("question", "day"),
    [
        ("When is my annual review?", "2034-06-02"),
        ("When is the next dentist check-up?", "2034-05-29"),
    ],
)
def test_an_appointment_asked_in_the_present_is_its_planned_date(
    store: Store, question: str, day: str
) -> None:
    doc = ask(store, question)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["date"] == day
    assert doc["value"].get("planned") is True or doc["metadata"].get("planned") is True


@pytest.mark.parametrize(
    ("question", "minutes"),
    [
        ("How long did the deployment checklist take me?", 270),
        ("How long have I spent on translating the letters?", 120),
        ("How much time did I clock on translating the letters in total?", 120),
    ],
)
def test_an_effort_is_the_sum_of_the_tasks_clock_lines(
    store: Store, question: str, minutes: int
) -> None:
    doc = ask(store, question)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert minutes_of(doc["value"]) == minutes


def test_a_span_asked_without_an_effort_is_its_start_to_its_end(store: Store) -> None:
    doc = ask(store, "How long did it take to repaint the garden shed?")
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["days"] == 8


def test_a_passive_after_is_the_days_from_the_first_deed_to_the_second(store: Store) -> None:
    doc = ask(store, "How many days after I bought the dishwasher was it installed?")
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["days"] == 7
    wrong_way = ask(store, "How many days before I bought the dishwasher was it installed?")
    assert wrong_way["status"] != "accepted", wrong_way["value"]


def test_an_appointment_already_past_is_not_answered_as_to_come(store: Store) -> None:
    doc = ask(store, "When is my dentist filling?")  # 2034-04-11, before the question
    assert doc["status"] != "accepted" or doc["value"]["date"] == "2034-04-11"


def test_a_plural_passive_question_asks_when_the_things_underwent_it(store: Store) -> None:
    frame = analyse("When were my countertops installed?")
    assert frame is not None and [e.text for e in frame.events] == ["my countertops installed"]
    doc = ask(store, "When were the new countertops installed?")
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["date"] == "2034-05-11"
    nothing = ask(store, "When were the cupboards painted?")
    assert nothing["status"] != "accepted", nothing["value"]
