"""A title in quotation marks is one phrase: punctuation inside it does not cut the clause.

"I just started listening to 'Sapiens: A Brief History of Humankind' today": the colon is the
title's, so the clause that tells the start holds the whole title and its time. Outside the
quotation marks a colon, a dash or a semicolon still ends a clause ("I bought the tickets:
we see 'Hamlet' next Friday" keeps the purchase and the plan apart), and an apostrophe is no
quotation mark ("I'm", "the kids' room").
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from notes_helpers import ask as ask_notes
from notes_helpers import notes_store

from prme_cli.relate.symbolic.segment import clauses
from prme_cli.store import Store
from prme_cli.timeexpr import parse_now, zone


def _pieces(sentence: str) -> list[str]:
    return [sentence[a:b] for a, b in clauses(sentence)]


@pytest.mark.parametrize(
    ("sentence", "pieces"),
    [
        (
            "I just started listening to 'Sapiens: A Brief History of Humankind' today",
            ["I just started listening to 'Sapiens: A Brief History of Humankind' today"],
        ),
        (
            'We saw "Mission: Impossible - Fallout" at the Odeon last Friday',
            ['We saw "Mission: Impossible - Fallout" at the Odeon last Friday'],
        ),
        (
            "I bought the tickets: we see 'Hamlet' next Friday",
            ["I bought the tickets", "we see 'Hamlet' next Friday"],
        ),
        (
            "I'm tired - the kids' room took all day; we finished at nine",
            ["I'm tired", "the kids' room took all day", "we finished at nine"],
        ),
    ],
)
def test_quotation_marks_hold_a_title_together(sentence: str, pieces: list[str]) -> None:
    assert _pieces(sentence) == pieces


TZ = zone("UTC")
NOW = parse_now("2031-06-30T12:00", TZ)
NOTES = {
    "s1.org": """\
* Chat [2031-06-02 Mon 19:00]
** user
Speaking of habits, I just started listening to 'Sapiens: A Brief History of Humankind' today, and it made me think.
** assistant
It is a thought-provoking book.
""",
    "s2.org": """\
* Chat [2031-06-14 Sat 22:00]
** user
We watched "Mission: Impossible - Fallout" at the Odeon last night, what a ride!
** assistant
The helicopter chase is famous.
""",
    "s3.org": """\
* Chat [2031-06-20 Fri 08:00]
** user
I bought the tickets today: we see 'Hamlet: the Musical' next Friday.
""",
}


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("quoted_titles"), NOTES, NOW)


def ask(store: Store, question: str) -> dict[str, Any]:
    return ask_notes(store, question, now=NOW, tz=TZ)


@pytest.mark.parametrize(
    ("question", "date"),
    [
        (
            "When did I start listening to 'Sapiens: A Brief History of Humankind'?",
            "2031-06-02",
        ),
        ('When did we watch "Mission: Impossible - Fallout"?', "2031-06-13"),
    ],
)
def test_an_event_on_a_title_with_inner_punctuation_is_dated(
    store: Store, question: str, date: str
) -> None:
    doc = ask(store, question)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["date"] == date


def test_a_plan_after_a_colon_outside_the_quotes_is_still_its_own_clause(store: Store) -> None:
    doc = ask(store, "When did I see 'Hamlet: the Musical'?")
    assert doc["status"] != "accepted", doc["value"]
