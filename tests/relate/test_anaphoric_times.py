"""A time that points back to another time in the text is not read from the note's own.

"My daughter started school on Monday, and I started my new job the same day": "the same
day" is Monday, not the day the note was written, and "that evening", "that weekend", "the
next day", "the day before" likewise count from a time the text told before (or not at
all). They are read from the time told just before them in the entry, by validation
(``interpret.narrative_anchor``) and, by its own reading, by the gate
(``tests/relate/test_relative_times_anchored_at_the_previous_time.py``): the new job is
Monday's, the repair in "The boiler broke on Saturday and the plumber fixed it the next day"
Sunday's. "I packed the car the day before" follows a sentence that tells two days that
disagree (Saturday, and the Sunday "the next day" gives): refused. The clause cut being
coarse, "We landed in Rome on Friday and that evening …" is refused as well, a loss we accept
over a wrong day. The deictic expressions counted from the note ("the day before yesterday",
"this evening", "yesterday") are read as before.
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
        "When did we eat at the trattoria?",
        "When did I pack the car?",
    ],
)
def test_a_time_pointing_back_is_not_read_from_the_note(store: Store, question: str) -> None:
    doc = ask(store, question)
    assert doc["status"] != "accepted", doc["value"]


@pytest.mark.parametrize(
    ("question", "day"),
    [
        ("When did I start my new job?", "2025-09-08"),  # "the same day" as Monday
        ("When did the plumber fix the boiler?", "2025-09-07"),  # the day after Saturday
    ],
)
def test_a_time_pointing_back_is_read_from_the_time_before_it(
    store: Store, question: str, day: str
) -> None:
    doc = ask(store, question)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["date"] == day


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
