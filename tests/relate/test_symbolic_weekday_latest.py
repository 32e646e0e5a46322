"""Held-out gaps fixed as general rules, each on notes of its own (other people, other words):

- "which did I … most recently (more recently, last, later), A or B" is an order whose answer
  is its latest option;
- "how many days were there between A and B" is the same interval as "… passed between …";
- a bare weekday ("I took the ferry on Tuesday") dates a past report as the latest such day
  before the note, and nothing else: not a present or coming clause, not a note written on
  that same weekday.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from notes_helpers import ask as ask_notes
from notes_helpers import notes_store

from prme_cli.store import Store
from prme_cli.timeexpr import parse_now, zone

TZ = zone("UTC")
NOW = parse_now("2025-07-30T12:00", TZ)

# 2025-07-09 is a Wednesday, 2025-07-16 a Wednesday, 2025-07-20 a Sunday.
NOTES = {
    "a.org": """\
* Chat [2025-07-09 Wed 19:00]
** user
We toured the glassblowing studio this morning, the kiln room was incredibly hot.
I'm seeing the orthodontist on Friday with my aunt.
I repotted the olive tree on Wednesday.
""",
    "b.org": """\
* Chat [2025-07-16 Wed 21:00]
** user
I took the night ferry to Jersey on Saturday and barely slept.
We have the pottery fair on Sunday, I still need to price everything.
""",
    "c.org": """\
* Chat [2025-07-20 Sun 20:00]
** user
We toured the paper mill yesterday, the marbled sheets were gorgeous.
I sold my old drum kit on Sunday and bought a keyboard.
""",
}


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("weekday"), NOTES, NOW)


def ask(store: Store, question: str) -> dict[str, Any]:
    return ask_notes(store, question, now=NOW, tz=TZ)


@pytest.mark.parametrize(
    ("question", "latest"),
    [
        (
            "Which did I tour most recently, the glassblowing studio or the paper mill?",
            "the paper mill",
        ),
        (
            "Which did we tour more recently: the paper mill or the glassblowing studio?",
            "the paper mill",
        ),
        ("Which did I tour first, the paper mill or the glassblowing studio?", "the paper mill"),
    ],
)
def test_most_recently_of_two_listed_options_is_an_order(
    store: Store, question: str, latest: str
) -> None:
    doc = ask(store, question)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["operation"] == "order"
    assert set(doc["value"]["order"]) == {"the glassblowing studio", "the paper mill"}
    assert doc["value"]["order"][-1] == latest


def test_most_recent_without_options_is_not_routed(store: Store) -> None:
    assert ask(store, "Which place did I tour most recently?")["status"] == "not_routed"


def test_a_bare_weekday_in_a_past_report_counts_days(store: Store) -> None:
    # Saturday before Wednesday 16 July is 12 July; the studio tour was 9 July
    doc = ask(
        store,
        "How many days were there between touring the glassblowing studio and "
        "taking the night ferry to Jersey?",
    )
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["days"] == 3


def test_a_bare_weekday_read_as_a_date(store: Store) -> None:
    doc = ask(store, "When did I take the night ferry to Jersey?")
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["date"] == "2025-07-12"


@pytest.mark.parametrize(
    "question",
    [
        # "I'm seeing the orthodontist on Friday": a plan, not a past Friday
        "When did I see the orthodontist?",
        # "We have the pottery fair on Sunday": a coming event
        "How many days ago was the pottery fair?",
        # "I repotted the olive tree on Wednesday", written on a Wednesday: today or a week ago?
        "When did I repot the olive tree?",
        # "I sold my old drum kit on Sunday", written on a Sunday
        "How many days ago did I sell my old drum kit?",
    ],
)
def test_a_bare_weekday_that_is_not_a_past_report_is_refused(store: Store, question: str) -> None:
    doc = ask(store, question)
    assert doc["status"] != "accepted", doc["value"]
