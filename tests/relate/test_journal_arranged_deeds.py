"""A journal deed of arranging is dated by its entry's day when its only time is one still to
come, the arranged event's.

"Reserved two seats for the jazz concert next Saturday." in a daily file: "next Saturday"
points after the writing, so it closes the purpose phrase ("for" + the thing arranged) and
dates the concert; the reserving has no time of its own and the entry's day dates it (SPEC
§6: a journal day dates its past-tense deeds; their own time expressions win). A time the
deed may own stays its own: "Ordered a cake yesterday for Mum's party", "Signed up for the
pottery course four days ago", and "Booked a table for the team dinner on Friday" may say
when the booking was made or when the dinner is, so it is refused (as
``test_org_structure_evidence`` requires). The arranged event itself is not dated by the
booking ("When did I go to the jazz concert?" is refused: the notes never say it took place).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from notes_helpers import ask as ask_notes
from notes_helpers import notes_store

from prme_cli.store import Store
from prme_cli.timeexpr import parse_now, zone

TZ = zone("Europe/Dublin")
NOW = parse_now("2031-10-31T20:00", TZ)

NOTES = {
    "2031-10-07.org": """\
#+title: 2031-10-07

* Log
Reserved two seats for the jazz concert next Saturday.
Booked a table for the team dinner on Friday.
Repotted the fig.
""",
    "journal.org": """\
* 2031
** 2031-10 October
*** 2031-10-09 Thursday
Ordered a cake yesterday for Mum's party on the 14th.
*** 2031-10-16 Thursday
Scheduled the boiler service for next Tuesday, finally.
*** 2031-10-23 Thursday
Signed up for the pottery course four days ago and I love it already.
""",
}


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("arranged_deeds"), NOTES, NOW)


def ask(store: Store, question: str) -> dict[str, Any]:
    return ask_notes(store, question, now=NOW, tz=TZ)


@pytest.mark.parametrize(
    ("question", "date"),
    [
        ("When did I reserve the seats for the jazz concert?", "2031-10-07"),
        ("When did I schedule the boiler service?", "2031-10-16"),
        ("When did I order the cake for Mum's party?", "2031-10-08"),  # its own "yesterday"
        # "four days ago" is counted from the writing: the signing up's own time
        ("When did I sign up for the pottery course?", "2031-10-19"),
    ],
)
def test_an_arranging_deed_is_dated_by_its_entry_or_its_own_time(
    store: Store, question: str, date: str
) -> None:
    doc = ask(store, question)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["date"] == date


@pytest.mark.parametrize(
    "question",
    [
        "When did I go to the jazz concert?",  # arranged, never told as done
        "When did I have the boiler serviced?",
        "When did I book the table for the team dinner?",  # "on Friday": whose?
    ],
)
def test_the_arranged_event_is_not_dated_by_the_arranging(store: Store, question: str) -> None:
    doc = ask(store, question)
    assert doc["status"] != "accepted", doc["value"]
