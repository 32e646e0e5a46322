"""Hedged times in orders (SPEC §6: "an order whose intervals do not overlap may be accepted,
a day count may not").

A hedged time ("about a month ago", "a few days ago", "roughly two weeks ago", "three weeks
ago or so") is read by the time engine as a widened interval. Two events whose intervals do
not overlap are in a known order; any other operation — a day count, a date, a span — is
refused, by the resolver and by validation (``approximate_time``). Overlapping intervals and
a hedge the engine does not widen ("on Monday, I think") are refused for orders too.
Notes in several wordings: a first-person chat, an org-roam daily, a datetree journal and a
two-person chat told in the third person.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from notes_helpers import ask as ask_notes
from notes_helpers import notes_store

from prme_cli.relate.types import EvidenceRecord, Operand, Resolution
from prme_cli.relate.validate import validate
from prme_cli.store import Store
from prme_cli.timeexpr import parse_now, zone

TZ = zone("UTC")
NOW = parse_now("2026-03-20T12:00", TZ)

NOTES = {
    "chat-a.org": """\
* Chat [2026-03-10 Tue 19:00]
** user
I picked up a secondhand kayak about a month ago, it has been great on the canal.
""",
    "chat-b.org": """\
* Chat [2026-03-12 Thu 20:00]
** user
We adopted a rescue greyhound a few days ago and she sleeps all day.
""",
    "chat-c.org": """\
* Chat [2026-03-13 Fri 08:00]
** user
I lost my gloves on Monday, I think, somewhere near the station.
""",
    "2026-03-15.org": """\
#+title: 2026-03-15

* Notes
Repainted the porch roughly two weeks ago and it still smells of paint.
""",
    "journal.org": """\
* 2026
** 2026-03 March
*** 2026-03-18 Wednesday
Sold the sofa about five weeks ago, the flat feels bigger.
""",
    "chat-d.org": """\
* Chat [2026-03-16 Mon 21:00]
** Tom
I ran the canal half marathon about a month ago and my legs have only just forgiven me.
** Priya
Nice! I started the pottery course a few days ago.
""",
}


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("vague"), NOTES, NOW)


def ask(store: Store, question: str) -> dict[str, Any]:
    return ask_notes(store, question, now=NOW, tz=TZ)


@pytest.mark.parametrize(
    ("question", "first"),
    [
        ("Which did I do first, pick up the kayak or adopt the greyhound?", "kayak"),
        ("Which came first: adopting the greyhound or repainting the porch?", "porch"),
        ("Which did I do first, sell the sofa or adopt the greyhound?", "sofa"),
        (
            "Which happened first, Tom running the half marathon or Priya starting the pottery course?",
            "tom",
        ),
    ],
)
def test_hedged_times_whose_intervals_do_not_overlap_are_ordered(
    store: Store, question: str, first: str
) -> None:
    doc = ask(store, question)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert first in doc["value"]["order"][0].lower()
    hedged = [o for o in doc["metadata"]["operands"] if o["time_basis"] == "text_expression"]
    # the hedge is cited with the expression, so it is read as the widened interval
    assert any(
        o["time_expression"].lower().startswith(("about", "roughly", "a few")) for o in hedged
    )
    assert "/" in " ".join(doc["value"]["dates"])  # an interval, first and last day


@pytest.mark.parametrize(
    "question",
    [
        "How many days ago did I pick up the kayak?",
        "When did we adopt the greyhound?",
        "How many weeks ago did I repaint the porch?",
        "How many days passed between selling the sofa and adopting the greyhound?",
        "When did Tom run the half marathon?",
    ],
)
def test_hedged_times_give_no_count_and_no_date(store: Store, question: str) -> None:
    doc = ask(store, question)
    assert doc["status"] != "accepted", doc["value"]


def test_hedged_intervals_that_overlap_are_not_ordered(store: Store) -> None:
    # about five weeks before 03-18 and about a month before 03-10: both around 02-10
    doc = ask(store, "Which did I do first, sell the sofa or pick up the kayak?")
    assert doc["status"] != "accepted", doc["value"]


def test_a_hedge_the_engine_does_not_widen_is_not_read_for_an_order(store: Store) -> None:
    doc = ask(store, "Which did I do first, lose my gloves or adopt the greyhound?")
    assert doc["status"] != "accepted", doc["value"]


# --------------------------------------------------------------------------- validation

VTZ = ZoneInfo("Europe/Berlin")
QDATE = datetime(2026, 3, 20, 12, 0, tzinfo=VTZ)
RECORDS = {
    "kayak": EvidenceRecord(
        "kayak", datetime(2026, 3, 10, 19, 0), "I picked up a kayak about a month ago."
    ),
    "dog": EvidenceRecord("dog", datetime(2026, 3, 12, 20, 0), "We adopted a dog on March 11th."),
}
KAYAK = Operand(
    "pick up the kayak",
    "kayak",
    "I picked up a kayak about a month ago.",
    "about a month ago",
    "text_expression",
)
DOG = Operand(
    "adopt the dog", "dog", "We adopted a dog on March 11th.", "on March 11th", "text_expression"
)


def test_validation_accepts_a_hedged_time_in_an_order() -> None:
    question = "Which did I do first, pick up the kayak or adopt the dog?"
    resolution = Resolution("order", (KAYAK, DOG))
    assert (
        validate(resolution, RECORDS, question=question, unit=None, question_date=QDATE, tz=VTZ)
        == []
    )


@pytest.mark.parametrize(
    ("question", "operation", "operands"),
    [
        ("How many days ago did I pick up the kayak?", "elapsed_since_question", (KAYAK,)),
        ("When did I pick up the kayak?", "absolute_date", (KAYAK,)),
        (
            "How many days passed between picking up the kayak and adopting the dog?",
            "elapsed_between",
            (replace(KAYAK, name="picking up the kayak"), replace(DOG, name="adopting the dog")),
        ),
    ],
)
def test_validation_refuses_a_hedged_time_for_anything_but_an_order(
    question: str, operation: str, operands: tuple[Operand, ...]
) -> None:
    codes = [
        e.code
        for e in validate(
            Resolution(operation, operands),
            RECORDS,
            question=question,
            unit=None,
            question_date=QDATE,
            tz=VTZ,
        )
    ]
    assert "approximate_time" in codes, codes
