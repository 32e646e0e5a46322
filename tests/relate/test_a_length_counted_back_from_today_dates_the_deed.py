"""A length counted back from the note's day ("a week ago today", "two days ago yesterday")
dates the deed it follows, not the note's own day.

The resolver read the "today" of "I did a discovery flight last Saturday, a week ago today" as
a licence of the note's own day and cited it (the gate refused), so the question went
unanswered (sessions7's "When did I do my discovery flight?"). A licence word that is the
anchor of a longer expression counting back from it is no licence: the whole expression
dates the deed. A plain "today" still dates a deed told as the note's own, and a plan
counted forward stays refused.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from notes_helpers import ask as ask_notes
from notes_helpers import converted_session, notes_store

from prme_cli.store import Store
from prme_cli.timeexpr import parse_now, zone

TZ = zone("UTC")
NOW = parse_now("2033-05-30T18:00", TZ)

NOTES = {
    "session-00.org": converted_session(
        "2033-05-14 Sat 20:00",
        "chat-a9e1a0000001",
        [
            ("user", "I went on a glider ride last Saturday, a week ago today, out of Dunstable."),
            ("assistant", "That sounds like a lovely day out."),
            ("user", "And I repotted the fig two days ago yesterday, so the 11th."),
            ("assistant", "Figs like a bigger pot in spring."),
            ("user", "I baked the sourdough today, finally."),
        ],
    ),
    "session-01.org": converted_session(
        "2033-05-20 Fri 09:00",
        "chat-a9e1a0000002",
        [
            ("user", "I sold the old bike a fortnight ago today. Good riddance."),
            ("assistant", "Did you get a fair price?"),
            ("user", "I'm repainting the shed a week from today."),
        ],
    ),
}


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("ago-today"), NOTES, NOW)


def ask(store: Store, q: str) -> dict[str, Any]:
    return ask_notes(store, q, now=NOW, tz=TZ)


@pytest.mark.parametrize(
    ("q", "day"),
    [
        ("When did I go on a glider ride?", "2033-05-07"),
        ("When did I repot the fig?", "2033-05-11"),
        ("When did I sell the old bike?", "2033-05-06"),
        ("When did I bake the sourdough?", "2033-05-14"),
    ],
)
def test_a_length_back_from_the_notes_day_dates_the_deed(store: Store, q: str, day: str) -> None:
    doc = ask(store, q)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["date"] == day


def test_a_length_forward_from_today_is_a_plan_and_refused(store: Store) -> None:
    doc = ask(store, "When did I repaint the shed?")
    assert doc["status"] != "accepted", doc["value"]
