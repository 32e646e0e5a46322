"""A naming clause later in the next sentence ("He is three years old and we named him
Biscuit.", "It needs paint, and I've called her Petrel.") gives the thing the previous
sentence told of its name, as a naming that opens the sentence does: "When did we adopt
Biscuit?" is told by the sentence before, and the quote runs through the naming.

Only the writer's naming ("I" or "we"), and only when nothing said before it in its sentence
could be what its pronoun stands for: "My sister got a kitten and we named her Luna" names
the kitten, not the puppy adopted in the sentence before; "Tom brought a hamster, and we
named it Nibbles" names the hamster.
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
NOW = parse_now("2033-03-30T20:00", TZ)


def _note(day: str, text: str) -> str:
    return f"#+title: {day}\n#+date: [{day}]\n\n{text}\n"


NOTES = {
    "a.org": _note(
        "2033-02-08",
        "We adopted a rescue greyhound on Saturday! He is three years old and we named him Biscuit.",
    ),
    "b.org": _note(
        "2033-02-20",
        "I bought a little sailing dinghy yesterday. It needs paint, and I've called her Petrel.",
    ),
    "c.org": _note(
        "2033-03-03",
        "I adopted a kitten from the shelter on Tuesday. She's a bit shy, so I named her Clover.",
    ),
    "d.org": _note(
        "2033-03-10",
        "I adopted a puppy on Monday. My sister got a kitten and we named her Luna.",
    ),
    "e.org": _note(
        "2033-03-17",
        "I bought a canoe on Sunday. Tom brought a hamster over, and we named it Nibbles.",
    ),
    "f.org": _note(
        "2033-03-24",
        "I adopted an old tabby on Wednesday. She is calm, and the vet named her Pixel.",
    ),
}


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("naming-clause"), NOTES, NOW)


def ask(store: Store, question: str) -> dict[str, Any]:
    return ask_notes(store, question, now=NOW, tz=TZ)


@pytest.mark.parametrize(
    ("question", "date", "name"),
    [
        ("When did we adopt Biscuit?", "2033-02-05", "Biscuit"),
        ("When did I buy Petrel?", "2033-02-19", "Petrel"),
        ("When did I adopt Clover?", "2033-03-01", "Clover"),
    ],
)
def test_a_writers_naming_clause_names_the_thing_just_told(
    store: Store, question: str, date: str, name: str
) -> None:
    doc = ask(store, question)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["date"] == date
    (operand,) = doc["metadata"]["operands"]
    assert name in operand["quote"]


@pytest.mark.parametrize(
    "question",
    [
        "When did I adopt Luna?",  # the kitten my sister got
        "When did I buy Nibbles?",  # Tom's hamster
        "When did I adopt Pixel?",  # the vet's naming, not the writer's
    ],
)
def test_a_naming_of_another_thing_or_by_another_is_no_name(store: Store, question: str) -> None:
    doc = ask(store, question)
    assert doc["status"] != "accepted", doc["value"]
