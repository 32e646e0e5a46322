"""Lengths stated in words, CLOCK sums over a project, and sums of several activities.

SPEC §6: ``duration_sum`` adds stated durations and CLOCK intervals. A length told in the
clause that tells the event ("Spent two and a half hours repotting the tomatoes", "My flu
lasted three days", "The ferry took ninety minutes", "I was in Porto for 4 days") answers
"how long did I spend …", "how long did X last", "how long was P in X"; a project heading
without CLOCK lines of its own adds up the CLOCK lines of the tasks below it; "… on A and B
in total" adds each one's length. Refused: a hedged length ("about two hours"), a habit
("for 30 minutes every morning"), a booking's length, a plan, two different lengths for one
event, a clock still running, a list item with no length. Notes: a datetree journal, an
org-roam daily, a GTD projects file, a two-person chat.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from notes_helpers import ask as ask_notes
from notes_helpers import minutes_of, notes_store

from prme_cli.relate.symbolic.resolver import stated_duration
from prme_cli.store import Store
from prme_cli.timeexpr import parse_now, zone

TZ = zone("Europe/Lisbon")
NOW = parse_now("2027-09-30T20:00", TZ)

NOTES = {
    "journal.org": """\
* 2027
** 2027-09 September
*** 2027-09-04 Saturday
Spent two and a half hours repotting the tomatoes.
The ferry to the island took ninety minutes; the ferry back took two hours.
*** 2027-09-11 Saturday
My flu lasted three days, and I'm back at work.
Stretched for 30 minutes every morning this week.
*** 2027-09-18 Saturday
The concert lasted about two hours.
Booked the mountain cabin for three nights.
The board meeting will take three hours next week.
We waited for two hours for the boiler repair.
Spent two hours on the essay and the slides.
""",
    "2027-09-20.org": """\
#+title: 2027-09-20

* Notes
Practised the violin for 45 minutes before dinner.
Weeded the herb bed for an hour and a half.
""",
    "2027-09-25.org": """\
#+title: 2027-09-25

* Notes
Weeded the herb bed for twenty minutes, the rest is for tomorrow.
""",
    "projects.org": """\
#+TODO: TODO STARTED | DONE CANCELLED

* Kitchen shelves
** DONE Cut the boards
CLOSED: [2027-09-05 Sun 16:00]
:LOGBOOK:
CLOCK: [2027-09-05 Sun 13:30]--[2027-09-05 Sun 16:00] =>  2:30
:END:
** DONE Oil and hang the shelves
CLOSED: [2027-09-12 Sun 12:00]
:LOGBOOK:
CLOCK: [2027-09-12 Sun 10:15]--[2027-09-12 Sun 12:00] =>  1:45
CLOCK: [2027-09-11 Sat 17:00]--[2027-09-11 Sat 17:30] =>  0:30
:END:

* Bike repair
** DONE Replace the chain
:LOGBOOK:
CLOCK: [2027-09-19 Sun 10:00]--[2027-09-19 Sun 11:00] =>  1:00
:END:

* Tax return
** DONE Gather the receipts
:LOGBOOK:
CLOCK: [2027-09-14 Tue 19:00]--[2027-09-14 Tue 20:00] =>  1:00
:END:
** STARTED Fill in the forms
:LOGBOOK:
CLOCK: [2027-09-29 Wed 19:00]
:END:
""",
    "chat.org": """\
* Chat [2027-09-22 Wed 21:00]
** Ines
I was in Porto for 4 days for the tile fair, back this afternoon.
** Omar
Nice! I stayed in Braga for a week in June, remember?
""",
}


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("durations"), NOTES, NOW)


def ask(store: Store, question: str) -> dict[str, Any]:
    return ask_notes(store, question, now=NOW, tz=TZ)


@pytest.mark.parametrize(
    ("question", "minutes"),
    [
        ("How long did I spend repotting the tomatoes?", 150),
        ("How long did my flu last?", 3 * 1440),
        ("How many minutes did the ferry to the island take?", 90),
        ("How long was Ines in Porto?", 4 * 1440),
        ("How many minutes did I spend practising the violin?", 45),
    ],
)
def test_a_length_stated_in_the_events_clause_answers_it(
    store: Store, question: str, minutes: int
) -> None:
    doc = ask(store, question)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["operation"] == "duration_sum"
    assert minutes_of(doc["value"]) == minutes
    assert all(op["time_basis"] == "duration" for op in doc["metadata"]["operands"])


@pytest.mark.parametrize(
    ("question", "minutes"),
    [
        ("How many hours did I spend on the kitchen shelves?", 150 + 105 + 30),
        ("How many minutes did I spend on the kitchen shelves?", 285),
    ],
)
def test_a_project_sums_the_clock_lines_of_the_tasks_below_it(
    store: Store, question: str, minutes: int
) -> None:
    doc = ask(store, question)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert minutes_of(doc["value"]) == minutes
    assert len(doc["metadata"]["operands"]) == 3


def test_a_sum_adds_the_length_of_each_listed_activity(store: Store) -> None:
    doc = ask(
        store,
        "How many minutes did I spend on repotting the tomatoes and practising the violin "
        "in total?",
    )
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert minutes_of(doc["value"]) == 150 + 45
    both = ask(
        store, "How many hours did I spend on the kitchen shelves and the garden fence in total?"
    )
    assert both["status"] != "accepted", both["value"]  # nothing tells the fence's length


@pytest.mark.parametrize(
    "question",
    [
        "How long did the concert last?",  # about two hours
        "How many minutes did I spend stretching?",  # every morning: a habit
        "How long was I at the mountain cabin?",  # a booking's length
        "How long did the board meeting take?",  # a plan
        "How long did I spend weeding the herb bed?",  # two days, two lengths
        "How many hours did I spend on the tax return?",  # a clock still running
        "How long was Omar in Porto?",  # Ines's stay, not Omar's
        "How long did the boiler repair take?",  # the wait's length, not the repair's
        "How long did I spend on the essay?",  # two hours for the essay and the slides
        "How many minutes did I spend on the ferry to the island and the concert in total?",
    ],
)
def test_a_length_that_is_hedged_habitual_planned_rival_or_running_is_refused(
    store: Store, question: str
) -> None:
    doc = ask(store, question)
    assert doc["status"] != "accepted", doc["value"]


@pytest.mark.parametrize(
    ("sentence", "amount"),
    [
        ("Spent two and a half hours repotting the tomatoes.", "two and a half hours"),
        ("The drive home took two hours and a half.", "two hours and a half"),
        ("It took me 3 days to paint the fence.", "3 days"),
        ("We walked for an hour along the river.", "an hour"),
        ("I've been walking for an hour now.", None),
        ("I got back three hours ago.", None),
        ("Walked for two hours before breakfast.", "two hours"),
        ("I practise for 40 minutes a day.", None),
        ("I didn't spend three hours on it.", None),
        ("The meeting lasted two hours longer than planned.", None),
    ],
)
def test_the_length_must_be_told_of_the_clauses_own_event(
    sentence: str, amount: str | None
) -> None:
    found = stated_duration(sentence, 0, len(sentence))
    assert (found[1] if found else None) == amount


def test_validation_refuses_a_hedged_length_from_any_resolver() -> None:
    from datetime import datetime

    from prme_cli.relate.types import EvidenceRecord, Operand, Resolution
    from prme_cli.relate.validate import validate

    text = "The concert lasted about two hours."
    record = EvidenceRecord("r1", datetime(2027, 9, 18), text)
    for quote, ok in ((text, False), ("The concert lasted two hours.", True)):
        record = EvidenceRecord("r1", datetime(2027, 9, 18), quote)
        op = Operand("the concert", "r1", quote, "two hours", "duration")
        errors = validate(
            Resolution("duration_sum", (op,)),
            {"r1": record},
            question="How long did the concert last?",
            unit=None,
            question_date=NOW,
            tz=TZ,
        )
        assert (not errors) is ok, errors


@pytest.mark.parametrize(
    ("question", "minutes"),
    [
        ("How many minutes longer was the ferry back than the ferry to the island?", 30),
        ("How many minutes shorter was the ferry to the island than the ferry back?", 30),
        ("How many more minutes did I spend on the kitchen shelves than on the bike repair?", 225),
    ],
)
def test_a_difference_of_lengths_is_a_sum_with_a_negative_term(
    store: Store, question: str, minutes: int
) -> None:
    doc = ask(store, question)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert minutes_of(doc["value"]) == minutes


@pytest.mark.parametrize(
    "question",
    [
        # the notes make the ferry back the longer one: a false premise
        "How many minutes longer was the ferry to the island than the ferry back?",
        # a clock still running on the tax return
        "How many more minutes did I spend on the kitchen shelves than on the tax return?",
        # nothing tells the fence's length
        "How many minutes longer was the ferry back than the garden fence?",
    ],
)
def test_a_difference_the_notes_do_not_support_is_refused(store: Store, question: str) -> None:
    doc = ask(store, question)
    assert doc["status"] != "accepted", doc["value"]


# A result told at the end of a deed: "in 52 minutes", "…: 54 minutes.", "a best of …"

RESULTS = {
    "journal.org": """\
* 2027
** 2027-08 August
*** 2027-08-07 Saturday
Ran my first 5k along the canal: 31 minutes.
*** 2027-08-21 Saturday
Ran my second 5k, a personal best of 28 minutes.
Swam across the lake in 47 minutes, Tomas kept pace in the canoe.
*** 2027-08-28 Saturday
We'll drive to the coast in two hours if the traffic is kind.
Results of the blood test back in two weeks, the nurse said.
*** 2027-08-30 Monday
Finished the thousand-piece jigsaw in three days.
""",
}


@pytest.fixture(scope="module")
def results_store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("results"), RESULTS, NOW)


@pytest.mark.parametrize(
    ("sentence", "amount"),
    [
        ("Ran the Bridge 10k in 52 minutes.", "52 minutes"),
        ("Swam my first mile: 41 minutes.", "41 minutes"),
        ("Cycled the loop again, a personal best of 38 minutes.", "38 minutes"),
        ("Finished the jigsaw in three days.", "three days"),
        ("Drove up to Inverness: about seven hours.", "seven hours"),
        ("I'll be at the station in 20 minutes.", None),
        ("We're moving in two weeks.", None),
        ("Reminder: 20 minutes before the train leaves.", None),
        ("Results back in two weeks, they said.", None),
    ],
)
def test_a_result_closing_a_past_deed_is_its_length(sentence: str, amount: str | None) -> None:
    found = stated_duration(sentence, 0, len(sentence))
    assert (found[1] if found else None) == amount


@pytest.mark.parametrize(
    ("question", "minutes"),
    [
        ("How many minutes faster was my second 5k than my first?", 3),
        ("How long did the swim across the lake take?", 47),
        ("How long did the jigsaw take?", 3 * 1440),
    ],
)
def test_a_result_told_after_the_deed_answers_its_length(
    results_store: Store, question: str, minutes: int
) -> None:
    doc = ask(results_store, question)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert minutes_of(doc["value"]) == minutes


@pytest.mark.parametrize(
    "question",
    [
        "How long did the drive to the coast take?",  # a plan: "We'll drive … in two hours"
        "How long did the blood test results take?",  # a time ahead, told by the nurse
        "How many minutes slower was my second 5k than my first?",  # the notes say faster
    ],
)
def test_a_time_ahead_or_a_false_premise_is_no_result(results_store: Store, question: str) -> None:
    doc = ask(results_store, question)
    assert doc["status"] != "accepted", doc["value"]


@pytest.mark.parametrize(
    ("name", "quote", "amount", "accepted"),
    [
        ("my first 5k", "Ran my first 5k along the canal: 31 minutes.", "31 minutes", True),
        ("my second 5k", "Ran my second 5k, a personal best of 28 minutes.", "28 minutes", True),
        ("the swim", "Swam across the lake in 47 minutes.", "47 minutes", True),
        ("the swim", "Swim across the lake in 47 minutes, if it holds.", "47 minutes", False),
        ("the swim", "Note for the swim: 47 minutes of warm-up first.", "47 minutes", False),
        ("my second 5k", "My second 5k: a personal best of 28 minutes?", "28 minutes", False),
    ],
)
def test_the_gate_reads_a_result_only_where_it_closes_a_past_deed(
    name: str, quote: str, amount: str, accepted: bool
) -> None:
    from datetime import datetime

    from notes_helpers import GATE_THRESHOLD, gate_check

    from prme_cli.relate.types import EvidenceRecord, Operand

    record = EvidenceRecord("r1", datetime(2027, 8, 21), quote)
    operand = Operand(name, "r1", quote, amount, "duration")
    probability = gate_check(f"How long did {name} take?", record, operand, "duration_sum")
    assert (probability >= GATE_THRESHOLD) is accepted, probability
