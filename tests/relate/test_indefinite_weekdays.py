"""A weekday after an indefinite or pointing determiner names no particular day.

"I went to the lake on Sunday" in a past report is the latest Sunday before the note; "on a
Sunday afternoon", "one Sunday", "some Monday", "another Friday", "that Saturday", "on the
Monday, the day after the storm" are not: they speak of *a* Sunday (any one, one the writer
has in mind, or the one of a time told elsewhere), so the resolver must not
date the event by the latest such day, and validation must refuse a resolver that does. Each
refusal has a control: the same deed told with a plain "on Sunday" is answered.
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
# 2025-09-10 is a Wednesday; the Sunday before it is 2025-09-07, the Saturday 2025-09-06,
# the Monday 2025-09-08, the Friday 2025-09-05.
WRITTEN = "[2025-09-10 Wed 19:00]"

NOTES = {
    "indefinite.org": f"""\
* Chat {WRITTEN}
** user
I started the second season of the baking show on a Sunday afternoon and loved it.
One Saturday I repainted the garden gate with my neighbour.
I signed up for the choir on some Monday, I forget which.
We cleaned out the attic on another Friday, not the one you mean.
The plumber came over that Sunday to look at the boiler.
I fixed the porch light on the Monday, the day after the storm.
""",
    "plain.org": f"""\
* Chat {WRITTEN}
** user
I sanded the oak bookshelf on Sunday and oiled it the same evening.
I planted the lemon tree on Saturday in a bigger pot.
""",
}


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("indefinite"), NOTES, NOW)


def ask(store: Store, question: str) -> dict[str, Any]:
    return ask_notes(store, question, now=NOW, tz=TZ)


@pytest.mark.parametrize(
    "question",
    [
        "When did I start the second season of the baking show?",
        "When did I repaint the garden gate?",
        "When did I sign up for the choir?",
        "When did we clean out the attic?",
        "When did the plumber come over?",
        "When did I fix the porch light?",
    ],
)
def test_a_weekday_after_an_indefinite_or_pointing_word_dates_nothing(
    store: Store, question: str
) -> None:
    doc = ask(store, question)
    assert doc["status"] != "accepted", doc["value"]


@pytest.mark.parametrize(
    ("question", "day"),
    [
        ("When did I sand the oak bookshelf?", "2025-09-07"),
        ("When did I plant the lemon tree?", "2025-09-06"),
    ],
)
def test_a_plain_weekday_in_a_past_report_is_still_the_latest_such_day(
    store: Store, question: str, day: str
) -> None:
    doc = ask(store, question)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["date"] == day


REFERENCE = datetime(2025, 9, 10, 19, 0, tzinfo=TZ)


@pytest.mark.parametrize(
    ("quote", "expression"),
    [
        ("I started the show on a Sunday afternoon.", "Sunday afternoon"),
        ("I started the show on an ordinary Sunday.", "Sunday"),
        ("One Saturday I repainted the gate.", "Saturday"),
        ("I joined the choir on some Monday.", "Monday"),
        ("We cleaned the attic on another Friday.", "Friday"),
        ("The plumber came that Sunday.", "Sunday"),
        ("I went to the lake on any Sunday I could.", "Sunday"),
        ("We drove to the coast and on the Sunday we swam.", "Sunday"),
        ("I fixed the light on the following Monday.", "Monday"),
    ],
)
def test_validation_refuses_an_indefinite_weekday(quote: str, expression: str) -> None:
    problem = interpret.bare_day_problem(quote, expression, REFERENCE)
    assert problem is not None
    assert "no particular day" in problem


@pytest.mark.parametrize(
    ("quote", "expression"),
    [
        ("I went to the lake on Sunday.", "Sunday"),
        ("On Saturday I repainted the gate.", "Saturday"),
        ("I went to the lake on Sunday with a friend.", "Sunday"),
        ("I took a walk Sunday and then napped.", "Sunday"),
    ],
)
def test_validation_reads_a_plain_weekday_of_a_past_report(quote: str, expression: str) -> None:
    assert interpret.bare_day_problem(quote, expression, REFERENCE) is None
