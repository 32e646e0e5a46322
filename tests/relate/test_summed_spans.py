"""Totals of several activities whose lengths are not stated: each one's start to its end.

SPEC §6: "how long did I spend on A and B in total" adds the time each listed activity took.
When the notes state no length for one ("spent two hours …") and have no CLOCK lines for it,
its span answers: from the day it was started to the day it was finished, both told as deeds
at day precision — in words ("I started reading 'Middlemarch' today", "Finished knitting the
blue scarf") or by org structure (a task's LOGBOOK start and DONE). A term of such a sum is
then two operands in a row with the one name, the start's and the end's. Refused: an activity
that was started and not finished, an end told only to the week, a start told vaguely ("about
a month ago"), an end only planned. A verb the question says once for several titles
("listening to 'The Overstory' and 'Piranesi'") is each one's verb.

Notes: a chat with an assistant (one file per session, the LongMemEval shape), a datetree
journal, a GTD file with LOGBOOK state changes.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime
from typing import Any

import pytest
from notes_helpers import ask as ask_notes
from notes_helpers import notes_store

from prme_cli.relate.frame import analyse
from prme_cli.relate.types import EvidenceRecord, Operand, Resolution
from prme_cli.relate.validate import validate
from prme_cli.store import Store
from prme_cli.timeexpr import parse_now, zone

TZ = zone("UTC")
NOW = parse_now("2031-04-01T12:00", TZ)


def _session(stamp: str, *turns: tuple[str, str]) -> str:
    body = "".join(f"** {role}\n{text}\n" for role, text in turns)
    return f"#+TITLE: Chat of {stamp[:10]}\n* Chat [{stamp}]\n{body}"


NOTES = {
    "s1.org": _session(
        "2031-01-04 Sat 10:00",
        ("user", "I started reading 'Middlemarch' today and I love the slow pace. Any tips?"),
        ("assistant", "Keep a list of the characters; there are many of them."),
    ),
    "s2.org": _session(
        "2031-01-25 Sat 18:30",
        ("user", 'I just finished reading "Middlemarch" today! What should I read next?'),
        ("assistant", "Try 'Daniel Deronda', or something shorter like 'Silas Marner'."),
    ),
    "s3.org": _session(
        "2031-02-01 Sat 09:15",
        ("user", "I started listening to 'The Overstory' on my commute today. Is it long?"),
        ("assistant", "It runs to about 23 hours in its unabridged recording."),
    ),
    "s4.org": _session(
        "2031-02-15 Sat 20:00",
        ("user", "I finished listening to 'The Overstory' today and it moved me a lot."),
        ("assistant", "It often does. You might like 'Braiding Sweetgrass' next."),
    ),
    "s5.org": _session(
        "2031-02-20 Thu 07:45",
        ("user", "Started listening to 'Piranesi' today on the train. So strange and lovely."),
        ("assistant", "Susanna Clarke's world-building is remarkable."),
    ),
    "s6.org": _session(
        "2031-03-06 Thu 21:10",
        ("user", "I just finished listening to 'Piranesi' today. What a strange book."),
        ("user", "I also started reading 'Stoner' today."),
        ("assistant", "'Stoner' is quiet and devastating; enjoy it."),
    ),
    "s7.org": _session(
        "2031-03-20 Thu 19:00",
        ("user", "I started reading 'Dune' about a month ago and I finished it today."),
        ("user", "I'll finish reading 'Stoner' next week, I think."),
        ("assistant", "Good plan."),
    ),
    "journal.org": """\
* 2031
** 2031-01 January
*** 2031-01-10 Friday
Started knitting the blue scarf tonight.
*** 2031-01-18 Saturday
Finished knitting the blue scarf, it is lovely.
** 2031-03 March
*** 2031-03-02 Sunday
Started painting the hallway.
*** 2031-03-24 Monday
Finished painting the hallway last week.
""",
    "gtd.org": """\
#+TODO: TODO STARTED | DONE CANCELLED

* Home
** DONE Build the bookshelf
:LOGBOOK:
- State "DONE"       from "STARTED"    [2031-02-05 Wed 17:00]
- State "STARTED"    from "TODO"       [2031-02-02 Sun 10:00]
:END:
""",
}


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("summed_spans"), NOTES, NOW)


def ask(store: Store, question: str) -> dict[str, Any]:
    return ask_notes(store, question, now=NOW, tz=TZ)


@pytest.mark.parametrize(
    ("question", "unit", "quantity"),
    [
        # 01-04 -> 01-25 (21 days) + 02-01 -> 02-15 (14) + 02-20 -> 03-06 (14) = 49 days
        (
            (
                "How many weeks in total do I spent on reading 'Middlemarch' and listening to "
                "'The Overstory' and 'Piranesi'?"
            ),
            "weeks",
            "7",
        ),
        (
            (
                "How many days did I spend on reading 'Middlemarch' and listening to "
                "'The Overstory' altogether?"
            ),
            "days",
            "35",
        ),
        # journal 01-10 -> 01-18 (8 days) + LOGBOOK 02-02 -> 02-05 (3 days)
        (
            (
                "How many days did I spend knitting the blue scarf and building the bookshelf "
                "in total?"
            ),
            "days",
            "11",
        ),
    ],
)
def test_a_total_adds_each_activitys_start_to_its_end(
    store: Store, question: str, unit: str, quantity: str
) -> None:
    doc = ask(store, question)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["operation"] == "duration_sum"
    assert (doc["value"]["unit"], doc["value"]["quantity"]) == (unit, quantity)
    operands = doc["metadata"]["operands"]
    names = [op["name"] for op in operands]
    assert len(operands) % 2 == 0 and names[0::2] == names[1::2]
    assert all(op["time_basis"] != "duration" for op in operands)


@pytest.mark.parametrize(
    "question",
    [
        # 'Stoner' was started, and its end is only planned
        "How many weeks in total did I spend reading 'Middlemarch' and 'Stoner'?",
        # the hallway's end is told only to the week
        "How many days did I spend knitting the blue scarf and painting the hallway in total?",
        # 'Dune' was started "about a month ago": no day count
        "How many days did I spend reading 'Middlemarch' and 'Dune' in total?",
        # nothing tells a start of 'Daniel Deronda' (only the assistant names it)
        "How many weeks did I spend reading 'Middlemarch' and 'Daniel Deronda' in total?",
        # ends told to the day cannot count hours, and days do not make whole months
        (
            "How many hours did I spend reading 'Middlemarch' and listening to "
            "'The Overstory' in total?"
        ),
        (
            "How many months did I spend reading 'Middlemarch' and listening to "
            "'The Overstory' in total?"
        ),
        # a difference is taken of stated lengths, not of spans
        ("How many more days did I spend reading 'Middlemarch' than listening to 'The Overstory'?"),
    ],
)
def test_a_total_with_an_unfinished_vague_or_unstarted_activity_is_refused(
    store: Store, question: str
) -> None:
    doc = ask(store, question)
    assert doc["status"] != "accepted", doc["value"]


def test_a_verb_said_once_for_several_titles_is_each_ones_verb() -> None:
    frame = analyse("How many weeks in total did I spend reading 'A' and listening to 'B' and 'C'?")
    assert frame is not None
    assert [(p.text, p.shared) for p in frame.phrases] == [
        ("reading 'A'", ""),
        ("listening to 'B'", ""),
        ("'C'", "listening to"),
    ]
    plain = analyse("How many minutes did I spend on piano practice and the yoga class in total?")
    assert plain is not None
    assert [(p.text, p.shared) for p in plain.phrases] == [
        ("piano practice", ""),
        ("the yoga class", ""),
    ]


def _record(rid: str, day: int, text: str) -> EvidenceRecord:
    return EvidenceRecord(rid, datetime(2031, 1, day, 12), text)


def test_validation_needs_a_span_to_be_a_start_and_an_end_in_time_order() -> None:
    start = _record("r1", 4, "I started reading 'Middlemarch' today.")
    end = _record("r2", 25, "I finished reading 'Middlemarch' today.")
    records = {"r1": start, "r2": end}
    question = "How many days did I spend reading 'Middlemarch' and 'Dune' in total?"
    name = "reading 'Middlemarch'"
    a = Operand(name, "r1", start.text, "today", "event_time")
    b = Operand(name, "r2", end.text, "today", "event_time")

    def errors(*operands: Operand) -> list[str]:
        found = validate(
            Resolution("duration_sum", operands),
            records,
            question=question,
            unit="days",
            question_date=NOW,
            tz=TZ,
        )
        return [e.code for e in found]

    assert errors(a, b) == []
    assert "span_reversed" in errors(b, a)
    assert "span_unpaired" in errors(a)
    other = Operand("'Dune'", "r2", end.text, "today", "event_time")
    assert "span_unpaired" in errors(a, other)
