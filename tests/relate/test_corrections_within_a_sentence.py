"""A time the same sentence takes back and replaces dates nothing.

"I went to the dentist on Monday, sorry, I mean Tuesday": the writer withdrew Monday, so the
resolver must not answer Monday (and does not guess that the correction is the whole truth:
"I mean Tuesday" could name another visit). Only a correction that restates the time
with a pro-form and nothing else ("…last Saturday, no wait, it was last Sunday") dates the
event, at the new time. The cue must stand
after the time and be followed by another time; a cue with no time after it ("…on Monday,
sorry for the late reply"), a time after no cue ("…on Friday, and yesterday I bought a
helmet") and a cue before the time ("Actually, I repainted the fence last Saturday") leave
the date alone.
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
NOW = parse_now("2025-09-30T12:00", TZ)
# 2025-09-10 is a Wednesday: Monday 09-08, yesterday 09-09, last Saturday 09-06, Friday 09-05.

NOTES = {
    "taken-back.org": """\
* Chat [2025-09-10 Wed 19:00]
** user
I went to the dentist on Monday, sorry, I mean Tuesday.
We repainted the fence last Saturday, no wait, it was last Sunday.
I posted the parcel yesterday, or rather on Monday.
I sold the rowing machine on Friday - correction, Thursday.
I watched the Andor finale on Monday night... wait, I mean yesterday.
""",
    "kept.org": """\
* Chat [2025-09-10 Wed 19:00]
** user
I went to the optician on Monday, sorry for the late reply about it.
I sold the old scooter on Friday, and yesterday I bought a helmet.
""",
    "cue-first.org": """\
* Chat [2025-09-10 Wed 19:00]
** user
Actually, I repainted the garden bench last Saturday.
""",
}


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("corrections"), NOTES, NOW)


def ask(store: Store, question: str) -> dict[str, Any]:
    return ask_notes(store, question, now=NOW, tz=TZ)


@pytest.mark.parametrize(
    "question",
    [
        "When did I go to the dentist?",
        "When did I post the parcel?",
        "When did I sell the rowing machine?",
        "When did I watch the Andor finale?",
    ],
)
def test_a_time_taken_back_in_its_own_sentence_dates_nothing(store: Store, question: str) -> None:
    doc = ask(store, question)
    assert doc["status"] != "accepted", doc["value"]


def test_a_correction_that_restates_the_time_dates_the_event_at_the_new_time(
    store: Store,
) -> None:
    # "…last Saturday, no wait, it was last Sunday": a cue, "it was", the time — nothing else
    doc = ask(store, "When did we repaint the fence?")
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["date"] == "2025-09-07"


@pytest.mark.parametrize(
    ("question", "day"),
    [
        ("When did I go to the optician?", "2025-09-08"),
        ("When did I sell the old scooter?", "2025-09-05"),
        ("When did I repaint the garden bench?", "2025-09-06"),
    ],
)
def test_a_cue_without_a_new_time_or_before_the_time_leaves_it(
    store: Store, question: str, day: str
) -> None:
    doc = ask(store, question)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["date"] == day
