"""A terse journal's day dates more than "I" + a past verb:

- an adverb may open the deed ("Finally booked the ferry", "Eventually fixed the gate");
- a thing named without its determiner ("Car failed its MOT.", "Boiler broke again.") is the
  writer's own thing, and what happened to it happened that day — not a person ("Sister got
  engaged." is news heard, not dated by the entry);
- an arranging verb's "for" + a day ("Booked the ferry for Easter", "a table for Friday")
  dates the arranged event, so the booking keeps the entry's day and the ferry is not dated;
- an order item "the car failing its MOT" is the car's deed, as "when did the car fail";
- a verbless "Back at the swimming pool …" is the writer's return that day (not when it
  asks, or has a time of its own: "Back at choir next week?").
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from notes_helpers import ask as ask_notes
from notes_helpers import notes_store

from prme_cli.store import Store
from prme_cli.timeexpr import parse_now, zone

TZ = zone("Europe/London")
NOW = parse_now("2031-04-30T20:00", TZ)

NOTES = {
    "journal.org": """\
* 2031
** 2031-W07
*** 2031-02-10 Monday
Finally booked the ferry for Easter, cabin both ways.
*** 2031-02-12 Wednesday
Car failed its MOT. Garage can do it next week.
*** 2031-02-14 Friday
Eventually fixed the garden gate. Sister got engaged, she rang at lunch.
** 2031-W08
*** 2031-02-18 Wednesday
Boiler broke again. Booked a table at Rosa's for Saturday.
** 2031-W09
*** 2031-02-24 Monday
Back at the swimming pool after the flu, slow lengths only. Back at choir next week?
""",
}


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("terse_journal"), NOTES, NOW)


def ask(store: Store, question: str) -> dict[str, Any]:
    return ask_notes(store, question, now=NOW, tz=TZ)


@pytest.mark.parametrize(
    ("question", "date"),
    [
        ("When did I book the ferry for Easter?", "2031-02-10"),
        ("When did I fix the garden gate?", "2031-02-14"),
        ("When did the car fail its MOT?", "2031-02-12"),
        ("When did the boiler break?", "2031-02-18"),
        ("When did I book the table at Rosa's?", "2031-02-18"),
        ("When did I go back to the swimming pool?", "2031-02-24"),
    ],
)
def test_the_entry_day_dates_terse_deeds_and_things(store: Store, question: str, date: str) -> None:
    doc = ask(store, question)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["date"] == date


def test_an_order_item_of_a_things_gerund_is_the_things_deed(store: Store) -> None:
    doc = ask(store, "Which happened first, the car failing its MOT or booking the ferry?")
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["order"][0] == "booking the ferry"


@pytest.mark.parametrize(
    "question",
    [
        "When did my sister get engaged?",  # news heard: not the entry's day
        "When did I take the ferry?",  # only booked, for Easter
        "When did the garage fix the car?",  # only planned ("next week")
        "When did I go back to choir?",  # asked, with a time to come
        "When did I first go to the swimming pool?",  # back at it: not the first time
    ],
)
def test_news_heard_and_arranged_events_are_refused(store: Store, question: str) -> None:
    doc = ask(store, question)
    assert doc["status"] != "accepted", doc["value"]
