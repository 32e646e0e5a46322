"""A start told with no object ("I started on Monday as planned.", "We began yesterday from
the north gate") started the thing the sentence just before told of, when that sentence
tells no deed of its own: "First week at the library done! I started on Monday as planned."
dates the start at the library; "We're back from the Rwenzori! We began on Tuesday from the
north gate …" the start of the Rwenzori trek.

Not when the sentence before tells another deed ("My sister joined a choir at the library.
I started on Monday." — what did I start?), not when the start has an object of its own
("I started the night shift on Monday"), and not for a question that asks no start.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from notes_helpers import ask as ask_notes
from notes_helpers import converted_session, notes_store

from prme_cli.store import Store
from prme_cli.timeexpr import parse_now, zone

TZ = zone("Europe/Dublin")
NOW = parse_now("2035-09-30T20:00", TZ)


def _user(stamp: str, key: str, text: str) -> str:
    return converted_session(stamp, key, [("user", text), ("assistant", "Well done!")])


NOTES = {
    "a.org": _user(
        "2035-06-09 Sat 10:00",
        "chat-bb01",
        "First week at the county library done! I started on Monday as planned.",
    ),
    "b.org": _user(
        "2035-07-14 Sat 10:00",
        "chat-bb02",
        "We're back from the Rwenzori trek! We began on Tuesday from the north gate and "
        "camped by the lakes.",
    ),
    "c.org": _user(
        "2035-08-11 Sat 10:00",
        "chat-bb03",
        "My sister joined the harbour rowing club. I started on Wednesday.",
    ),
    "d.org": _user(
        "2035-09-01 Sat 10:00",
        "chat-bb04",
        "A busy month at the bakery. I started the night shift on Thursday.",
    ),
}


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("bare-start"), NOTES, NOW)


def ask(store: Store, question: str) -> dict[str, Any]:
    return ask_notes(store, question, now=NOW, tz=TZ)


@pytest.mark.parametrize(
    ("question", "date"),
    [
        ("When did I start at the county library?", "2035-06-04"),
        ("When did I start the Rwenzori trek?", "2035-07-10"),
    ],
)
def test_a_bare_start_started_the_thing_told_before(store: Store, question: str, date: str) -> None:
    doc = ask(store, question)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["date"] == date


@pytest.mark.parametrize(
    "question",
    [
        "When did I start at the harbour rowing club?",  # the sentence before is my sister's deed
        "When did I start at the bakery?",  # the start has its own object: the night shift
        "When did I finish the Rwenzori trek?",  # a start tells no finish
    ],
)
def test_no_thing_before_or_no_start_asked(store: Store, question: str) -> None:
    doc = ask(store, question)
    assert doc["status"] != "accepted", doc["value"]
