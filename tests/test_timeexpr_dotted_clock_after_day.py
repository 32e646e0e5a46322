"""A clock written with a dot right after its day: ``friday 14.30``, ``tomorrow 9.15``.

British notes write clock times with a dot. ``at 14.30`` was read, ``friday 14.30`` and
``tomorrow 9.15`` were not. After a day, a dotted pair is now that day's clock time; before
a day (``rose 14.30 on friday``) or alone it stays unread (an amount as likely), and after a
weekday a pair that could be a day and a month (``friday 9.10``) is left to the date rules,
which refuse it when the weekday disagrees. Invented phrases.

Reference: Wednesday 2026-06-17 09:40 UTC.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from prme_cli.errors import TimeExpressionError
from prme_cli.timeexpr import find, resolve

NOW = datetime(2026, 6, 17, 9, 40, tzinfo=UTC)


def start(expression: str) -> str:
    return resolve(expression, NOW, UTC).start.isoformat()[:16]


@pytest.mark.parametrize(
    ("expression", "expected"),
    [
        ("friday 14.30", "2026-06-12T14:30"),
        ("Fri 9.45", "2026-06-12T09:45"),
        ("tomorrow 9.15", "2026-06-18T09:15"),
        ("yesterday 10.12", "2026-06-16T10:12"),  # no weekday: no date to weigh it against
        ("june 3 14.30", "2026-06-03T14:30"),
        ("3 June 20.45", "2026-06-03T20:45"),
        ("tuesday 3.50", "2026-06-16T15:50"),  # waking hours, as "tuesday 3:50"
    ],
)
def test_a_dotted_clock_after_its_day_is_that_days_time(expression: str, expected: str) -> None:
    assert start(expression) == expected


@pytest.mark.parametrize(
    "expression",
    [
        "friday 9.10",  # 9 October? a Friday in another year; not taken for 09:10
        "monday 3.11",
        "14.30 on friday",  # before the day: as likely an amount
        "friday 14.75",  # no such minute
        "14.30",  # alone
    ],
)
def test_a_dotted_pair_that_may_be_a_date_or_amount_is_refused(expression: str) -> None:
    with pytest.raises(TimeExpressionError):
        resolve(expression, NOW, UTC)


def test_a_weekday_and_a_dotted_date_on_it_stay_a_date() -> None:
    w = resolve("thursday 12.05", NOW, UTC)  # 5 December 2024 is a Thursday
    assert (w.start.isoformat()[:10], w.grain) == ("2024-12-05", "day")


def test_in_a_note_the_dotted_clock_after_a_day_is_found_and_an_amount_is_not() -> None:
    assert [f.text for f in find("Fri 14.30 dentist, then lunch.", NOW, UTC)] == ["Fri 14.30"]
    assert [f.text for f in find("Rates rose 14.30 on Friday.", NOW, UTC)] == ["Friday"]
