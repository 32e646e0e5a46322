""" "After lunch", "before dinner" in a journal entry bound the deed inside the entry's day:
they date it to that day (the meal is that day's), where other bounds ("since May", "until
Friday") date nothing.

The notes are invented for these tests.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from notes_helpers import answer

NOW = datetime(2040, 6, 1, 12, 0, tzinfo=UTC)


def _answer(tmp_path: Path, line: str, question: str) -> dict:
    notes = {"journal.org": f"* 2040\n** 2040-05 May\n*** 2040-05-04 Friday\n{line}\n"}
    return answer(tmp_path, notes, question, now=NOW, tz=UTC)


@pytest.mark.parametrize(
    ("line", "question"),
    [
        ("Went round to the bike shop after lunch.", "When did I go to the bike shop?"),
        ("Repotted the lemon tree before dinner.", "When did I repot the lemon tree?"),
        ("I phoned the landlord after breakfast.", "When did I phone the landlord?"),
    ],
)
def test_a_meal_bound_dates_the_deed_to_the_entry_s_day(
    tmp_path: Path, line: str, question: str
) -> None:
    doc = _answer(tmp_path, line, question)
    assert doc["status"] == "accepted", doc
    assert doc["value"]["date"] == "2040-05-04", doc["value"]


@pytest.mark.parametrize(
    ("line", "question"),
    [
        ("I have repotted a plant every week since May.", "When did I repot a plant?"),
        ("Phoned the landlord every day until Friday.", "When did I phone the landlord?"),
    ],
)
def test_other_bounds_date_nothing(tmp_path: Path, line: str, question: str) -> None:
    doc = _answer(tmp_path, line, question)
    assert doc["status"] != "accepted", doc
