"""Which clause a time belongs to.

- A time in the clause that tells one end of an event does not date the other end told in a
  subordinate clause of the same sentence: "I finished the course today, long after starting
  it" dates the finish, not the start.
- A time inside a relative clause dates that clause's event, not the main one: "Gave Aoife
  the scarf I made last week" dates the making to last week and leaves the giving to the
  note's day (a journal deed).
- A fronted time dates the clause after it whoever the subject: "Yesterday my friends and I
  went to the aquarium".

Notes in a first-person chat, a datetree journal and org-roam dailies, each rule in more than
one wording, with controls that the other event of the same sentence is answered.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from notes_helpers import ask as ask_notes
from notes_helpers import notes_store

from prme_cli.relate.interpret import relative_clauses
from prme_cli.store import Store
from prme_cli.timeexpr import parse_now, zone

TZ = zone("UTC")
NOW = parse_now("2026-03-25T12:00", TZ)

NOTES = {
    "chat.org": """\
* Chat [2026-03-20 Fri 18:00]
** user
I finished the pottery course today, long after starting it.
""",
    "journal.org": """\
* 2026
** 2026-03 March
*** 2026-03-12 Thursday
Wrapped up the kitchen mural this morning, weeks after beginning it.
*** 2026-03-15 Sunday
Started the new jigsaw yesterday, right after finishing the old one.
*** 2026-03-18 Wednesday
Gave Aoife the scarf I knitted last week.
Yesterday my friends and I went to the aquarium in Galway.
""",
    "2026-03-22.org": """\
#+title: 2026-03-22

* Log
Sold the armchair I bought in January.
Last night Priya and I cooked the dumplings.
""",
}


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("clauses"), NOTES, NOW)


def ask(store: Store, question: str) -> dict[str, Any]:
    return ask_notes(store, question, now=NOW, tz=TZ)


@pytest.mark.parametrize(
    ("question", "day"),
    [
        ("When did I finish the pottery course?", "2026-03-20"),
        ("When did I wrap up the kitchen mural?", "2026-03-12"),
        ("When did I start the new jigsaw?", "2026-03-14"),
    ],
)
def test_the_clause_with_the_time_is_the_end_it_tells(
    store: Store, question: str, day: str
) -> None:
    doc = ask(store, question)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["date"] == day


@pytest.mark.parametrize(
    "question",
    [
        "When did I start the pottery course?",
        "When did I begin the kitchen mural?",
        "When did I finish the old jigsaw?",
    ],
)
def test_a_time_does_not_date_the_other_end_told_in_a_subordinate_clause(
    store: Store, question: str
) -> None:
    doc = ask(store, question)
    assert doc["status"] != "accepted", doc["value"]


@pytest.mark.parametrize(
    ("question", "grain", "day"),
    [
        ("When did I knit the scarf I gave Aoife?", "week", "2026-03-09"),
        ("When did I give Aoife the scarf?", "day", "2026-03-18"),
        ("When did I sell the armchair?", "day", "2026-03-22"),
        ("In which month did I buy the armchair?", "month", "2026-01-01"),
    ],
)
def test_a_relative_clause_keeps_its_time_to_itself(
    store: Store, question: str, grain: str, day: str
) -> None:
    doc = ask(store, question)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["grain"] == grain
    assert doc["value"]["date"] == day


@pytest.mark.parametrize(
    ("question", "day"),
    [
        ("When did I go to the aquarium in Galway?", "2026-03-17"),
        ("When did Priya and I cook the dumplings?", "2026-03-21"),
    ],
)
def test_a_fronted_time_dates_the_clause_after_it(store: Store, question: str, day: str) -> None:
    doc = ask(store, question)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["date"] == day


@pytest.mark.parametrize(
    ("text", "clause"),
    [
        ("Gave Aoife the scarf I knitted last week.", "I knitted last week"),
        (
            "Sold the armchair that we bought in January, and cleaned up.",
            "that we bought in January",
        ),
        ("Met the friend who moved to Leeds", "who moved to Leeds"),
        ("Yesterday my friends and I went to the aquarium.", None),
        ("Last night Priya and I cooked the dumplings.", None),
    ],
)
def test_relative_clauses_are_found_and_coordinated_subjects_are_not(
    text: str, clause: str | None
) -> None:
    found = [text[a:b] for a, b in relative_clauses(text)]
    assert found == ([clause] if clause else [])
