""" "From now on" is from today forward (a rate or a habit that starts now), so the amount
before it is no shift: "four runs a week from now on" is no day a week ahead, while "a week
from now", "a week from now, on the quay" and "two weeks from now on Friday" still are.

Notes are invented for these tests; the reference is Thursday 2026-11-19 21:00 UTC.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from prme_cli.timeexpr import find

THU = datetime(2026, 11, 19, 21, 0, tzinfo=UTC)


def days_ahead(note: str) -> list[str]:
    """The days found in ``note`` that lie after the reference day."""
    return [
        f.start.date().isoformat()
        for f in find(note, THU, UTC)
        if f.start is not None and f.start.date() > THU.date()
    ]


@pytest.mark.parametrize(
    "note",
    [
        "She wants four runs a week from now on.",
        "Two lessons a month from now onwards, the school says.",
        "One walk a day from now on, and no more excuses.",
    ],
)
def test_a_rate_from_now_on_names_no_day_ahead(note: str) -> None:
    assert days_ahead(note) == []


@pytest.mark.parametrize(
    ("note", "day"),
    [
        ("We meet again a week from now.", "2026-11-26"),
        ("We meet a week from now, on the quay.", "2026-11-26"),
        ("The exam is two weeks from now on Friday.", "2026-12-04"),
    ],
)
def test_a_shift_from_now_still_names_its_day(note: str, day: str) -> None:
    assert days_ahead(note)[:1] == [day]
