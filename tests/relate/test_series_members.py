"""Members of a series, and journal deeds that state their length.

"Ran my first 10k race along the river: 54 minutes." in a journal entry is the writer's
past deed, dated by the entry's day — also for "my first 10k race" asked as a noun, since
the deed's verb governs that noun phrase (not a verb that cancels or books it): a length ("54 minutes", "for two hours") says how long,
not when, so it does not take the day away (a date of its own would). An ordinal in the
question ("my second 10k") names one member of a series: a sentence that gives the event
another position ("Ran my third 10k") is another member, not a rival and not an answer.
Notes: a datetree journal and an org-roam daily.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from notes_helpers import ask as ask_notes
from notes_helpers import notes_store

from prme_cli.store import Store
from prme_cli.timeexpr import parse_now, zone

TZ = zone("Europe/Amsterdam")
NOW = parse_now("2027-05-01T12:00", TZ)

NOTES = {
    "journal.org": """\
* 2027
** 2027-02 February
*** 2027-02-07 Sunday
Swam my first open-water mile: 41 minutes, freezing.
*** 2027-03 March
*** 2027-03-14 Sunday
Swam my second open-water mile, 38 minutes this time.
*** 2027-04-11 Sunday
Swam my third open-water mile in the lake, a personal best of 35 minutes.
*** 2027-04-24 Saturday
Cancelled my fourth open-water mile, the lake was closed.
""",
    "2027-04-20.org": """\
#+title: 2027-04-20

* Notes
Taught my first yoga class for an hour and a half, nervous but fine.
Watched my second yoga class video before bed.
""",
}


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("series"), NOTES, NOW)


def ask(store: Store, question: str) -> dict[str, Any]:
    return ask_notes(store, question, now=NOW, tz=TZ)


@pytest.mark.parametrize(
    ("question", "day"),
    [
        ("When did I swim my second open-water mile?", "2027-03-14"),
        ("When did I swim my third open-water mile?", "2027-04-11"),
        ("When did I teach my first yoga class?", "2027-04-20"),
    ],
)
def test_a_member_of_a_series_is_dated_by_its_journal_day_despite_its_length(
    store: Store, question: str, day: str
) -> None:
    doc = ask(store, question)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["date"] == day


@pytest.mark.parametrize(
    "question",
    [
        "When did I swim my fourth open-water mile?",  # cancelled
        "How many days passed between my first open-water mile and my fourth open-water mile?",
        "When did I teach my second yoga class?",  # only the first
        "How many days ago was my second yoga class?",  # a video of it was watched
    ],
)
def test_a_member_the_notes_do_not_tell_is_refused(store: Store, question: str) -> None:
    doc = ask(store, question)
    assert doc["status"] != "accepted", doc["value"]


def test_a_noun_event_is_told_by_the_journal_deed_whose_verb_governs_it(store: Store) -> None:
    doc = ask(
        store, "How many days passed between my first open-water mile and my third open-water mile?"
    )
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["days"] == 63  # 2027-02-07 to 2027-04-11
