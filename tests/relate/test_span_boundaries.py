"""The two ends of an activity told by verbs of starting and finishing its object.

"How many days did it take me to read The Overstory?" — "Started The Overstory on the
train." (a daily file) opens the reading and "Finished reading The Overstory." closes it:
a verb of starting (finishing) whose object is the activity's own object, word for word,
tells that end even without the activity's verb. Not a start of something else ("Started a
review of Middlemarch"), and not a span with one end missing. Notes: org-roam dailies and a
datetree journal.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from notes_helpers import ask as ask_notes
from notes_helpers import notes_store

from prme_cli.store import Store
from prme_cli.timeexpr import parse_now, zone

TZ = zone("Europe/Berlin")
NOW = parse_now("2026-10-30T20:00", TZ)

NOTES = {
    "2026-06-18.org": "#+title: 2026-06-18\n\n* Notes\nStarted The Overstory on the train.\n",
    "2026-09-14.org": "#+title: 2026-09-14\n\n* Notes\nFinished reading The Overstory.\n",
    "journal.org": """\
* 2026
** 2026-07 July
*** 2026-07-04 Saturday
Began Middlemarch on the balcony.
Started a review of Stoner for the club.
Started the van this morning, first try.
*** 2026-07-20 Monday
Finished fixing the van, new starter motor.
*** 2026-08-01 Saturday
Finished Middlemarch at last, what a book.
""",
}


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("boundaries"), NOTES, NOW)


def ask(store: Store, question: str) -> dict[str, Any]:
    return ask_notes(store, question, now=NOW, tz=TZ)


@pytest.mark.parametrize(
    ("question", "days"),
    [
        ("How many days did it take me to read The Overstory?", 88),
        ("How many days did it take me to read Middlemarch?", 28),
    ],
)
def test_starting_and_finishing_the_object_are_the_activitys_ends(
    store: Store, question: str, days: int
) -> None:
    doc = ask(store, question)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["days"] == days


@pytest.mark.parametrize(
    "question",
    [
        "How many days did it take me to read Stoner?",  # a review was started
        "How many days did it take me to fix the van?",  # starting the van is no repair
    ],
)
def test_a_start_of_something_else_or_a_missing_end_is_refused(store: Store, question: str) -> None:
    doc = ask(store, question)
    assert doc["status"] != "accepted", doc["value"]
