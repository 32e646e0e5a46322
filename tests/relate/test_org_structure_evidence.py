"""Org structure as evidence, end to end on invented GTD, trip and journal notes.

Each rule family of SPEC §6's "Evidence the resolvers read" gets questions in more than one
wording, and the refusals it must make: a task's start and end from its LOGBOOK, CLOSED, CLOCK
sums, a trip's date range, an appointment stamp, CREATED, the latest completion of a repeated
task, a plan asked as a plan; a cancelled or unfinished task, a plan asked as a deed, a false
premise; a journal day dating the writer's own past deeds (not someone else's, not a plan).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from notes_helpers import ask, notes_store

from prme_cli.store import Store
from prme_cli.timeexpr import parse_now, zone

TZ = zone("Europe/Madrid")
NOW = parse_now("2027-06-30T20:00", TZ)

TASKS = """#+TITLE: Tasks
#+TODO: TODO NEXT STARTED WAITING | DONE CANCELLED

* DONE Reupholster the armchair
CLOSED: [2027-05-21 Fri 18:00]
:PROPERTIES:
:CREATED:  [2027-04-28 Wed 08:15]
:END:
:LOGBOOK:
- State "DONE"       from "STARTED"    [2027-05-21 Fri 18:00]
- State "STARTED"    from "TODO"       [2027-05-08 Sat 10:00]
CLOCK: [2027-05-21 Fri 14:00]--[2027-05-21 Fri 18:00] =>  4:00
CLOCK: [2027-05-15 Sat 09:00]--[2027-05-15 Sat 11:30] =>  2:30
CLOCK: [2027-05-08 Sat 10:00]--[2027-05-08 Sat 11:15] =>  1:15
:END:

* CANCELLED Build a pizza oven
CLOSED: [2027-06-02 Wed 19:00]
:LOGBOOK:
- State "CANCELLED"  from "STARTED"    [2027-06-02 Wed 19:00]
- State "STARTED"    from "TODO"       [2027-05-25 Tue 17:00]
:END:

* TODO Service the boiler
SCHEDULED: <2027-07-06 Tue>

* STARTED Translate the poetry collection
:LOGBOOK:
- State "STARTED"    from "TODO"       [2027-06-14 Mon 09:00]
:END:

* TODO Clean the aquarium filter
SCHEDULED: <2027-07-04 Sun .+1w>
:LOGBOOK:
- State "DONE"       from "TODO"       [2027-06-27 Sun 11:00]
- State "DONE"       from "TODO"       [2027-06-20 Sun 10:30]
:END:

* DONE Renew the library card
CLOSED: [2027-06-10 Thu 12:00]

* Budget review with Marisol <2027-06-07 Mon 15:00>
"""

TRIPS = """#+TITLE: Trips
* Sailing in the Cyclades
<2027-05-29 Sat>--<2027-06-05 Sat>
* Week in Tallinn
<2027-04-12 Mon>--<2027-04-16 Fri>
"""

JOURNAL = """#+TITLE: Journal
* 2027
** 2027-06 June
*** 2027-06-12 Saturday
Planted the tomato seedlings in the allotment.
Marisol repainted her kitchen, she says.
*** 2027-06-19 Saturday
We should repaint the shed one of these days.
Tested the new sprinkler; it leaks.
"""


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    notes = {"tasks.org": TASKS, "trips.org": TRIPS, "journal.org": JOURNAL}
    yield from notes_store(tmp_path_factory.mktemp("structure"), notes, NOW)


def _ask(store: Store, question: str) -> dict[str, Any]:
    return ask(store, question, now=NOW, tz=TZ)


def _accepted(store: Store, question: str) -> dict[str, Any]:
    doc = _ask(store, question)
    assert doc["status"] == "accepted", (question, doc["metadata"].get("explanation"))
    return doc["value"]


@pytest.mark.parametrize(
    ("question", "days"),
    [
        ("How long did it take to reupholster the armchair?", 13),
        ("How many days did the armchair reupholstering take?", 13),
        ("How many days after I started reupholstering the armchair did I finish it?", 13),
        ("How many days before I renewed the library card did I reupholster the armchair?", 20),
    ],
)
def test_a_tasks_start_and_end_come_from_its_logbook(
    store: Store, question: str, days: int
) -> None:
    assert _accepted(store, question)["days"] == days


@pytest.mark.parametrize(
    "question",
    [
        "How many hours did I spend on the armchair?",
        "How many hours did I spend reupholstering the armchair?",
    ],
)
def test_clock_lines_sum_to_the_time_spent(store: Store, question: str) -> None:
    value = _accepted(store, question)
    assert (value["quantity"], value["unit"]) == ("7.75", "hours")


@pytest.mark.parametrize(
    ("question", "date"),
    [
        ("When did I start reupholstering the armchair?", "2027-05-08"),
        ("When did I finish reupholstering the armchair?", "2027-05-21"),
        ("What date did I renew the library card?", "2027-06-10"),
        ("When did I create the task for the armchair?", "2027-04-28"),
        ("When did I last clean the aquarium filter?", "2027-06-27"),
        ("When did I get back from the Cyclades?", "2027-06-05"),
        ("When was the budget review with Marisol?", "2027-06-07"),
    ],
)
def test_structure_dates_the_asked_part_of_the_event(
    store: Store, question: str, date: str
) -> None:
    assert _accepted(store, question)["date"] == date


def test_trips_are_ordered_and_measured_by_their_ranges(store: Store) -> None:
    value = _accepted(store, "Which trip came first, Tallinn or the Cyclades?")
    assert value["order"][0] == "Tallinn"
    assert _accepted(store, "How long was the sailing trip in the Cyclades?")["days"] == 7


def test_a_plan_is_answered_as_a_plan(store: Store) -> None:
    value = _accepted(store, "When am I going to service the boiler?")
    assert value["date"] == "2027-07-06" and value["planned"] is True


@pytest.mark.parametrize(
    "question",
    [
        "When did I service the boiler?",  # only planned
        "When did I finish building the pizza oven?",  # cancelled
        "How many days ago did I build the pizza oven?",
        "When did I finish translating the poetry collection?",  # only started
        "How many days after renewing the library card did I finish the armchair?",  # premise
        "When did I repaint the shed?",  # a wish in the journal
        "When did I repaint the kitchen?",  # Marisol's, not mine
    ],
)
def test_structure_refuses_what_it_does_not_establish(store: Store, question: str) -> None:
    assert _ask(store, question)["status"] != "accepted", question


@pytest.mark.parametrize(
    ("question", "date"),
    [
        ("When did I plant the tomato seedlings?", "2027-06-12"),
        ("What date did I test the new sprinkler?", "2027-06-19"),
    ],
)
def test_a_journal_day_dates_the_writers_past_deeds(store: Store, question: str, date: str) -> None:
    assert _accepted(store, question)["date"] == date


def test_a_weekday_after_an_arranging_verbs_purpose_is_not_the_arranging(tmp_path: Path) -> None:
    notes = {
        "2027-06-22.org": "#+title: 2027-06-22\n* Notes\n"
        "Reserved a court for the club tournament on Friday.\n"
        "Bought tickets for Nadia's recital on Sunday.\n"
    }
    for store in notes_store(tmp_path, notes, NOW):
        for question in (
            "When did I reserve the court?",
            "When did I have the club tournament?",
            "When did I go to Nadia's recital?",
        ):
            assert _ask(store, question)["status"] != "accepted", question
