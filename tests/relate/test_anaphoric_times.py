"""A time that points back to another time in the text is not read from the note's own.

"My daughter started school on Monday, and I started my new job the same day": "the same
day" is Monday, not the day the note was written, and "that evening", "that weekend", "the
next day", "the day before" likewise count from a time the text told before (or not at
all). relate does not resolve such anaphors, so it dates nothing by them — in the resolver
and in validation (``interpret``) — and a clause that holds one borrows no other clause's
time ("The boiler broke on Saturday and the plumber fixed it the next day" does not date
the repair on Saturday; the clause cut being coarse, "We landed in Rome on Friday and that
evening …" is refused as well, a loss we accept over a wrong day). The deictic expressions counted from the note ("the day before
yesterday", "this evening", "yesterday") are read as before.
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
WRITTEN = datetime(2025, 9, 10, 19, 0, tzinfo=TZ)  # a Wednesday

NOTES = {
    "anaphoric.org": """\
* Chat [2025-09-10 Wed 19:00]
** user
My daughter started school on Monday, and I started my new job the same day.
We landed in Rome on Friday and that evening we ate at a tiny trattoria.
The boiler broke on Saturday and the plumber fixed it the next day.
I packed the car the day before, then we drove to Wales.
""",
    "deictic.org": """\
* Chat [2025-09-10 Wed 19:00]
** user
I repaired the garden hose the day before yesterday.
I baked a rhubarb crumble this evening.
""",
}


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("anaphoric"), NOTES, NOW)


def ask(store: Store, question: str) -> dict[str, Any]:
    return ask_notes(store, question, now=NOW, tz=TZ)


@pytest.mark.parametrize(
    "question",
    [
        "When did I start my new job?",
        "When did we eat at the trattoria?",
        "When did the plumber fix the boiler?",
        "When did I pack the car?",
    ],
)
def test_a_time_pointing_back_is_not_read_from_the_note(store: Store, question: str) -> None:
    doc = ask(store, question)
    assert doc["status"] != "accepted", doc["value"]


@pytest.mark.parametrize(
    ("question", "day"),
    [
        ("When did I repair the garden hose?", "2025-09-08"),
        ("When did I bake a rhubarb crumble?", "2025-09-10"),
    ],
)
def test_a_time_counted_from_the_note_is_read(store: Store, question: str, day: str) -> None:
    doc = ask(store, question)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["date"] == day


@pytest.mark.parametrize(
    "expression",
    [
        "the same day",
        "that day",
        "that evening",
        "the same week",
        "that weekend",
        "the next day",
        "the following morning",
        "the day before",
        "the night after",
    ],
)
def test_interpretation_refuses_an_anaphoric_time(expression: str) -> None:
    with pytest.raises(interpret.InterpretError, match="points back"):
        interpret.interpret_text_expression(expression, WRITTEN, question_date=NOW, tz=TZ)


@pytest.mark.parametrize(
    "expression", ["the day before yesterday", "this evening", "yesterday", "last weekend"]
)
def test_interpretation_reads_a_deictic_time(expression: str) -> None:
    dated = interpret.interpret_text_expression(expression, WRITTEN, question_date=NOW, tz=TZ)
    assert dated.start is not None and dated.start <= WRITTEN
