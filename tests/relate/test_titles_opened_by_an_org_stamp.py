"""A heading whose title opens with an inactive org stamp, the way a capture template files
a meeting or a log entry ("* [2031-04-21 Mon 14:00] Call with the architect"), dates the
event its title names, as a title opening with a bare day does.

It dates only that event: a title naming something that came in ("Revised plans in") does
not date when another person sent it, a stamp after the question's day is not a past deed,
and a title that opens with a stamp but names a plan (SCHEDULED ahead) is no deed.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from notes_helpers import ask as ask_notes
from notes_helpers import notes_store

from prme_cli.store import Store
from prme_cli.timeexpr import parse_now, zone

TZ = zone("Europe/Lisbon")
NOW = parse_now("2031-07-01T20:00", TZ)

NOTES = {
    "meetings.org": """\
#+title: Meeting notes: the school extension

* [2031-04-21 Mon 14:00] Call with the architect
- She will send the revised drawings by Friday the 25th.

* [2031-04-29 Tue 16:30] Revised drawings in
- Read them over lunch.

* [2031-05-13 Tue 10:00] Governors' meeting
- Phase 1 approved.

* [2031-06-02 Mon] Site visit with the builder
Walked the whole plot; the old shed goes first.

* [2031-07-15 Tue 09:00] Handover
""",
    "log.org": """\
* [2031-03-08 Sat 11:20]: Vet appointment
The cat's booster jab; she sulked all afternoon.
* [2031-05-30 Fri] - Bike service
New chain and brake pads.
""",
}


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("stamped_titles"), NOTES, NOW)


def ask(store: Store, question: str) -> dict[str, Any]:
    return ask_notes(store, question, now=NOW, tz=TZ)


@pytest.mark.parametrize(
    ("question", "date"),
    [
        ("When was the call with the architect?", "2031-04-21"),
        ("When was the governors' meeting?", "2031-05-13"),
        ("When was the site visit with the builder?", "2031-06-02"),
        ("When was the vet appointment?", "2031-03-08"),
        ("When was the bike service?", "2031-05-30"),
    ],
)
def test_a_stamp_opening_a_title_dates_the_event_it_names(
    store: Store, question: str, date: str
) -> None:
    doc = ask(store, question)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["date"] == date


def test_days_between_two_stamped_titles(store: Store) -> None:
    doc = ask(
        store,
        "How many days were there between the call with the architect and the governors' meeting?",
    )
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["days"] == 22


def test_an_order_of_stamped_titles(store: Store) -> None:
    doc = ask(store, "Which came first, the site visit with the builder or the governors' meeting?")
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert "governors" in doc["value"]["order"][0]


@pytest.mark.parametrize(
    "question",
    [
        "When did the architect send the revised drawings?",  # they came in; sent earlier
        "When was the handover?",  # the stamp lies after the question's day
        "When did I finish the site visit with the builder?",  # a dated title is no end
        "When was the school inspection?",  # never told
    ],
)
def test_what_a_stamped_title_does_not_tell_is_refused(store: Store, question: str) -> None:
    doc = ask(store, question)
    assert doc["status"] != "accepted", doc["value"]
