"""A sentence that names what the one before told of ("We adopted a rescue greyhound today!
Named him Biscuit.", "Bought a little sailing dinghy today. We called her Petrel.") gives
that thing's name to the event: "When did we adopt Biscuit?" is told, and the quote runs
through the naming so that it shows the name.

Only a naming that opens its sentence (or, see test_naming_clause_in_next_sentence, a later
clause of it by the writer) and ends with the name counts; another person's naming
("Our neighbour named him Rocket") or a naming of another thing is no naming of this one, and
the event must still be told ("Looked at a greyhound today. Named him Pip." adopts no one).
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
NOW = parse_now("2031-06-30T20:00", TZ)

NOTES = {
    "2031-05-08.org": "#+title: 2031-05-08\n\nWe adopted a rescue greyhound today! Named him Biscuit.\n",
    "2031-05-20.org": "#+title: 2031-05-20\n\nBought a little sailing dinghy today. We called her Petrel.\n",
    "2031-06-02.org": (
        "#+title: 2031-06-02\n\nLooked at a second greyhound today. Named him Pip.\n\n"
        "Met a beagle puppy at the park today. Our neighbour named him Rocket.\n"
    ),
}


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("naming"), NOTES, NOW)


def ask(store: Store, question: str) -> dict[str, Any]:
    return ask_notes(store, question, now=NOW, tz=TZ)


@pytest.mark.parametrize(
    ("question", "date"),
    [
        ("When did we adopt Biscuit?", "2031-05-08"),
        ("When did I buy Petrel?", "2031-05-20"),
    ],
)
def test_the_next_sentences_name_is_the_things(store: Store, question: str, date: str) -> None:
    doc = ask(store, question)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["date"] == date
    (operand,) = doc["metadata"]["operands"]
    assert "Biscuit" in operand["quote"] or "Petrel" in operand["quote"]


@pytest.mark.parametrize(
    "question",
    [
        "When did we adopt Pip?",  # only looked at him
        "When did I meet Rocket?",  # someone else named the puppy
        "When did we adopt Petrel?",  # the dinghy was bought, not adopted
    ],
)
def test_a_naming_without_the_event_or_by_someone_else_is_refused(
    store: Store, question: str
) -> None:
    doc = ask(store, question)
    assert doc["status"] != "accepted", doc["value"]
