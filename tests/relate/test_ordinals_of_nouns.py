"""An ordinal that counts a noun is not a day of the month.

"I swam in the sea on the second day of my Crete trip" does not say the swim was on the 2nd
of the month: "the second" counts the days of the trip. A bare ordinal directly followed by a
noun ("the second day", "the 3rd floor", "the 4th morning of the conference") dates nothing; "on the second",
"on the 3rd we left", "on the fifth, then …" stay days of the month (read, like every bare
day of the month, only in a past report). Spelled ordinals ("the second") are judged by the
same rule as numerals ("the 2nd"), in the resolver and in validation.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime
from typing import Any

import pytest
from notes_helpers import ask as ask_notes
from notes_helpers import notes_store

from prme_cli.relate import interpret
from prme_cli.store import Store
from prme_cli.timeexpr import parse_now, zone

TZ = zone("UTC")
NOW = parse_now("2025-09-30T12:00", TZ)

NOTES = {
    "counted.org": """\
* Chat [2025-09-10 Wed 19:00]
** user
I swam in the sea on the second day of my Crete trip and the water was warm.
We repainted the hallway on the third day of the half-term break.
I lost my scarf on the 4th morning of the conference.
""",
    "dated.org": """\
* Chat [2025-09-10 Wed 19:00]
** user
I moved into the new flat on the second, my back still aches.
I finished the mural on the fifth, then flew home.
We collected the puppy on the 3rd and named her Pip.
""",
}


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("ordinals"), NOTES, NOW)


def ask(store: Store, question: str) -> dict[str, Any]:
    return ask_notes(store, question, now=NOW, tz=TZ)


@pytest.mark.parametrize(
    "question",
    [
        "When did I swim in the sea?",
        "When did we repaint the hallway?",
        "When did I lose my scarf?",
    ],
)
def test_an_ordinal_of_a_noun_dates_nothing(store: Store, question: str) -> None:
    doc = ask(store, question)
    assert doc["status"] != "accepted", doc["value"]


@pytest.mark.parametrize(
    ("question", "day"),
    [
        ("When did I move into the new flat?", "2025-09-02"),
        ("When did I finish the mural?", "2025-09-05"),
        ("When did we collect the puppy?", "2025-09-03"),
    ],
)
def test_a_bare_ordinal_in_a_past_report_is_a_day_of_the_month(
    store: Store, question: str, day: str
) -> None:
    doc = ask(store, question)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["date"] == day


REFERENCE = datetime(2025, 9, 10, 19, 0, tzinfo=TZ)


@pytest.mark.parametrize(
    ("quote", "expression"),
    [
        ("I swam on the second day of the trip.", "the second"),
        ("I swam on the 2nd day of the trip.", "the 2nd"),
        ("We met on the third floor landing.", "the third"),
        ("I lost my scarf on the 4th morning of the conference.", "the 4th morning"),
    ],
)
def test_validation_refuses_an_ordinal_of_a_noun(quote: str, expression: str) -> None:
    problem = interpret.bare_day_problem(quote, expression, REFERENCE)
    assert problem is not None and "ordinal of that noun" in problem


@pytest.mark.parametrize(
    ("quote", "expression"),
    [
        ("I left on the second.", "the second"),
        ("I left on the 2nd, before the storm.", "the 2nd"),
        ("We left on the third and drove all night.", "the third"),
    ],
)
def test_validation_reads_a_bare_ordinal_of_a_past_report(quote: str, expression: str) -> None:
    assert interpret.bare_day_problem(quote, expression, REFERENCE) is None
    assert interpret.bare_month_day(expression) in (2, 3)
