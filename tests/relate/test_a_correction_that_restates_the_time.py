"""A correction that only restates the time dates the event at the new time.

"The recital was on the 4th. No, it was on the 11th; the 4th was the rehearsal." takes the
4th back and says when the recital was: a cue ("no", "actually", "sorry", "no wait"), a
pro-form ("it was", "that was") and one clear time ending its clause. The resolver quotes
both sentences; the gate, by its own pattern, lets the withdrawn time stand between the
event and the new one without counting it as a rival, and reads the cue's "no" as no
denial. The withdrawn time is never read. Near misses stay refused: a correction that tells
more than a time ("No, it was Ana who returned it on Tuesday"), one that hedges its new
time ("…on the 5th, or maybe the 6th") and a correction with no pro-form ("No, on
Thursday evening", in the tests of a bare no). Invented notes.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from notes_helpers import ask, notes_store

from prme_cli.store import Store
from prme_cli.timeexpr import parse_now, zone

TZ = zone("Europe/Warsaw")
NOW = parse_now("2034-12-20T20:00", TZ)

JOURNAL = """#+TITLE: Journal
* 2034
** 2034-11 November
*** 2034-11-20 Monday
Lena's piano recital was on the 4th. No, it was on the 11th; the 4th was the rehearsal.
We collected the puppy on Friday. Actually, it was Saturday, after the storm.
I returned the drill to the hire shop on Monday. No, it was Ana who returned it on Tuesday.
I paid the plumber on the 3rd. No, it was on the 5th, or maybe the 6th.
I sharpened the hedge shears on Wednesday, sorry, that was Thursday.
"""


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("restated"), {"journal.org": JOURNAL}, NOW)


def _ask(store: Store, question: str) -> dict[str, Any]:
    return ask(store, question, now=NOW, tz=TZ)


@pytest.mark.parametrize(
    ("question", "day"),
    [
        ("When was Lena's piano recital?", "2034-11-11"),
        ("When did we collect the puppy?", "2034-11-18"),
        ("When did I sharpen the hedge shears?", "2034-11-16"),
    ],
)
def test_a_restating_correction_dates_the_event_at_the_new_time(
    store: Store, question: str, day: str
) -> None:
    doc = _ask(store, question)
    assert doc["status"] == "accepted", doc["metadata"]["explanation"]
    assert doc["value"]["date"] == day


@pytest.mark.parametrize(
    "question",
    [
        "When did I return the drill to the hire shop?",
        "When did I pay the plumber?",
    ],
)
def test_a_correction_that_tells_more_or_hedges_dates_nothing(store: Store, question: str) -> None:
    assert _ask(store, question)["status"] != "accepted"
