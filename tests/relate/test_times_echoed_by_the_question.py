"""A time the question's own event holds too is its restriction, not the note's date.

"When did I swim in the sea for the first time this year?" over a journal entry "Swam in
the sea for the first time this year." — the entry's "this year" echoes the question's; it
says which first swim, not when. The entry's day dates the deed, as for any past-tense
journal deed, when the echoed time, read at the question's date and at the entry's, holds
that day ("this year" in last year's journal is another year's first swim), and an entry
that calls the deed another ordinal, or a time the question does not echo ("this month"
asked of "this year"), still refuses. An untold member of the series ("Swam in the sea.") is
no rival of the one told first. A time after an arranging verb's "for" ("Booked the sleeper
train for Christmas") stays the arranged event's, and the booking keeps its entry's day.
Invented notes.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from notes_helpers import ask, notes_store

from prme_cli.store import Store
from prme_cli.timeexpr import parse_now, zone

TZ = zone("Europe/Athens")
NOW = parse_now("2031-09-20T21:00", TZ)

JOURNAL = """#+TITLE: Journal
* 2030
** 2030-07 July
*** 2030-07-02 Tuesday
Swam in the sea for the first time this year. Cold!
** 2030-11 November
*** 2030-11-02 Saturday
Booked the sleeper train for Christmas.
* 2031
** 2031-05 May
*** 2031-05-24 Saturday
Swam in the sea for the first time this year. Brave, the water was 18 degrees.
*** 2031-06-08 Sunday
Swam in the sea. Much warmer.
** 2031-06 June
*** 2031-06-15 Sunday
Picked cherries for the first time this summer.
"""

DAILY = """:PROPERTIES:
:ID:       0d7c1e55-2222-4b7e-8f00-000000000002
:END:
#+title: 2031-04-12

Ran the river loop for the first time in 2031, 9 km.
"""


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    notes = {"journal.org": JOURNAL, "2031-04-12.org": DAILY}
    yield from notes_store(tmp_path_factory.mktemp("echo"), notes, NOW)


def _ask(store: Store, question: str) -> dict[str, Any]:
    return ask(store, question, now=NOW, tz=TZ)


@pytest.mark.parametrize(
    ("question", "date"),
    [
        ("When did I swim in the sea for the first time this year?", "2031-05-24"),
        ("When did I pick cherries for the first time this summer?", "2031-06-15"),
        ("When did I run the river loop for the first time in 2031?", "2031-04-12"),
        # the arranged event's time, not a restriction: the booking is the entry's
        ("When did I book the sleeper train for Christmas?", "2030-11-02"),
    ],
)
def test_an_echoed_time_leaves_the_entry_day_to_date_the_deed(
    store: Store, question: str, date: str
) -> None:
    doc = _ask(store, question)
    assert doc["status"] == "accepted", (question, doc["metadata"].get("explanation"))
    assert doc["value"]["date"] == date and doc["value"]["grain"] == "day"


@pytest.mark.parametrize(
    "question",
    [
        "When did I swim in the sea for the first time in 2030?",  # last year's entry
        "When did I swim in the sea for the first time this month?",  # not echoed
        "When did I swim in the sea for the second time this year?",  # not told second
        "When did I pick cherries for the first time this year?",  # summer is not echoed
        "When did I run the river loop for the first time in 2030?",  # another year
    ],
)
def test_an_echo_that_does_not_hold_the_entry_day_refuses(store: Store, question: str) -> None:
    assert _ask(store, question)["status"] != "accepted", question
