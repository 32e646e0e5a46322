"""A place's role in the question and in the note must agree: where someone went or was
("arrive in Gdańsk", "get to Leeds", "at the lake") is not where they came from ("arrived
from Gdańsk", "drove back from Leeds"), and the other way round.

Both the resolver (alignment) and the gate (its own reading of the quote) refuse an event
whose place stands after a preposition of the other role; the same place in the same role is
answered (the controls), whatever other places the sentence names.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from notes_helpers import GATE_THRESHOLD, gate_probability, notes_store
from notes_helpers import ask as ask_notes

from prme_cli.store import Store
from prme_cli.timeexpr import parse_now, zone

TZ = zone("Europe/Warsaw")
NOW = parse_now("2031-05-30T20:00", TZ)

NOTES = {
    "journal.org": """\
* 2031
** 2031-05 May
*** 2031-05-04 Sunday
My aunt arrived from Kraków this morning, staying a week.
*** 2031-05-09 Friday
Drove back from Leeds after the conference, four hours in the rain.
*** 2031-05-14 Wednesday
We got to Bristol in the evening; the hotel had kept our room.
*** 2031-05-20 Tuesday
Flew to Lisbon from Porto for the wedding.
""",
}


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("place_roles"), NOTES, NOW)


def ask(store: Store, question: str) -> dict[str, Any]:
    return ask_notes(store, question, now=NOW, tz=TZ)


@pytest.mark.parametrize(
    "question",
    [
        "When did my aunt arrive in Kraków?",  # they came from there
        "When did I drive to Leeds?",  # drove back from it
        "When did we leave Bristol?",  # got to it
        "When did I fly from Lisbon?",  # flew to it
    ],
)
def test_a_place_in_the_other_role_is_refused(store: Store, question: str) -> None:
    doc = ask(store, question)
    assert doc["status"] != "accepted", doc["value"]


@pytest.mark.parametrize(
    ("question", "date"),
    [
        ("When did my aunt arrive from Kraków?", "2031-05-04"),
        ("When did I drive back from Leeds?", "2031-05-09"),
        ("When did we get to Bristol?", "2031-05-14"),
        ("When did I fly to Lisbon?", "2031-05-20"),
    ],
)
def test_the_same_place_in_the_same_role_is_answered(
    store: Store, question: str, date: str
) -> None:
    doc = ask(store, question)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["date"] == date


@pytest.mark.parametrize(
    ("quote", "name"),
    [
        ("My aunt arrived from Kraków this morning.", "my aunt arrive in Kraków"),
        ("Drove back from Leeds this morning.", "drive to Leeds"),
        ("We got home from Rome this morning.", "get to Rome"),
    ],
)
def test_the_gate_doubts_the_other_end_of_a_journey(quote: str, name: str) -> None:
    assert gate_probability(quote, name, "this morning") < GATE_THRESHOLD


@pytest.mark.parametrize(
    ("quote", "name"),
    [
        ("My aunt arrived from Kraków this morning.", "my aunt arrive from Kraków"),
        ("Flew to Lisbon from Porto this morning.", "fly to Lisbon"),
    ],
)
def test_the_gate_accepts_the_same_end_of_a_journey(quote: str, name: str) -> None:
    assert gate_probability(quote, name, "this morning") >= GATE_THRESHOLD
