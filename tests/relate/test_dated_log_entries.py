"""Logs kept the way many people keep them: a list item or a table row opened by an org
stamp ("- [2031-02-03 Mon] called the plumber", "| [2031-01-09 Thu] | new tyres |"), and a
heading whose title opens with its day ("* 2031-05-19 Boiler service").

The stamp dates its own item or row only (each row is a sentence of its own, so a table's
other dates are not rivals); its words are a date, never the deed's doer. A row or item that
names only a thing says it was got or had that day (the light verbs, not what was done to it:
"ordered" is not told). A dated title dates the event it names, not its start, its end or a
plan; a weekday after the day is a datetree day, not an event.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from notes_helpers import ask as ask_notes
from notes_helpers import notes_store

from prme_cli.store import Store
from prme_cli.timeexpr import parse_now, zone

TZ = zone("America/Toronto")
NOW = parse_now("2031-07-01T20:00", TZ)

NOTES = {
    "log.org": """\
#+TITLE: Household log

* Van
| When             | Done                     | Cost |
|------------------+--------------------------+------|
| [2031-01-09 Thu] | winter tyres fitted      |  90  |
| [2031-03-21 Fri] | new wiper blades         |  25  |
| [2031-06-02 Mon] | annual inspection passed | 120  |

* Errands
- [2031-02-03 Mon] rang the roofer about the gutter
- [2031-04-14 Mon] renewed the parking permit
+ [2031-05-08 Thu] Returned the rented carpet cleaner.

* 2031-05-19 Chimney sweep
Came at eight, soot everywhere.
* 2031-06-11 Flu jab
At the pharmacy.
* 2031-06-20 Plan the garden party
SCHEDULED: <2031-07-12 Sat>
""",
}


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("dated_log"), NOTES, NOW)


def ask(store: Store, question: str) -> dict[str, Any]:
    return ask_notes(store, question, now=NOW, tz=TZ)


@pytest.mark.parametrize(
    ("question", "date"),
    [
        ("When did I ring the roofer?", "2031-02-03"),
        ("When did I renew the parking permit?", "2031-04-14"),
        ("When did I return the carpet cleaner?", "2031-05-08"),
        ("When did I get new wiper blades?", "2031-03-21"),
        ("When did I get the winter tyres fitted?", "2031-01-09"),
        ("When was the chimney sweep?", "2031-05-19"),
        ("When did I have the flu jab?", "2031-06-11"),
    ],
)
def test_a_stamp_opening_an_item_row_or_title_dates_it(
    store: Store, question: str, date: str
) -> None:
    doc = ask(store, question)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["date"] == date


def test_an_order_reads_the_dated_rows_and_titles(store: Store) -> None:
    doc = ask(store, "Which came first, the chimney sweep or the new wiper blades?")
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert "wiper" in doc["value"]["order"][0]


@pytest.mark.parametrize(
    "question",
    [
        "When did I order new wiper blades?",  # a row naming a thing: got, not ordered
        "When did I finish the chimney sweep?",  # a dated title is not an end
        "When did the roofer fix the gutter?",  # only rung about it
        "When did I plan the garden party?",  # a title of a plan, SCHEDULED ahead
        "When did I renew the van insurance?",  # never told
    ],
)
def test_what_the_log_does_not_tell_is_refused(store: Store, question: str) -> None:
    doc = ask(store, question)
    assert doc["status"] != "accepted", doc["value"]


@pytest.mark.parametrize(
    "question",
    [
        "How many days after the chimney sweep was my flu jab?",
        "How many days before the flu jab was the chimney sweep?",
    ],
)
def test_days_between_two_dated_titles_asked_with_was(store: Store, question: str) -> None:
    doc = ask(store, question)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["days"] == 23


def test_the_order_a_was_question_assumes_must_hold(store: Store) -> None:
    doc = ask(store, "How many days after the flu jab was the chimney sweep?")
    assert doc["status"] != "accepted", doc["value"]
