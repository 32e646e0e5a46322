"""A weekday told with its part of the day or its clock time, then the week it is in.

``sunday last week`` was read, ``sunday morning last week`` was not, nor ``friday 9am next
week`` or ``wednesday afternoon of next week``: the week after a weekday's part of the day
or time is now that weekday's week, as it is after the bare weekday. Invented phrases in
several wordings; near-misses that keep two expressions apart.

Reference: Wednesday 2026-06-17 09:40 UTC (this week runs Monday 15 to Sunday 21).
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from prme_cli.timeexpr import find, resolve

NOW = datetime(2026, 6, 17, 9, 40, tzinfo=UTC)


def window(expression: str) -> tuple[str, str]:
    w = resolve(expression, NOW, UTC)
    return w.start.isoformat()[:16], w.end.isoformat()[:16]


@pytest.mark.parametrize(
    ("expression", "expected"),
    [
        ("sunday morning last week", ("2026-06-14T04:00", "2026-06-14T12:00")),
        ("Monday evening last week", ("2026-06-08T18:00", "2026-06-09T00:00")),
        ("friday night next week", ("2026-06-26T18:00", "2026-06-27T04:00")),
        ("wednesday afternoon of next week", ("2026-06-24T12:00", "2026-06-24T18:00")),
        ("sunday morning the week before last", ("2026-06-07T04:00", "2026-06-07T12:00")),
        ("tues am next week", ("2026-06-23T04:00", "2026-06-23T12:00")),
    ],
)
def test_a_weekdays_part_of_the_day_then_its_week(
    expression: str, expected: tuple[str, str]
) -> None:
    assert window(expression) == expected


@pytest.mark.parametrize(
    ("expression", "expected"),
    [
        ("Tuesday at 3pm next week", ("2026-06-23T15:00", "2026-06-23T15:01")),
        ("friday 9am next week", ("2026-06-26T09:00", "2026-06-26T09:01")),
        ("thursday at noon this week", ("2026-06-18T12:00", "2026-06-18T12:01")),
        ("monday 14:30 last week", ("2026-06-08T14:30", "2026-06-08T14:31")),
    ],
)
def test_a_weekdays_clock_time_then_its_week(expression: str, expected: tuple[str, str]) -> None:
    assert window(expression) == expected


@pytest.mark.parametrize(
    ("expression", "expected"),
    [
        ("last sunday morning", ("2026-06-14T04:00", "2026-06-14T12:00")),  # as before
        ("sunday last week", ("2026-06-14T00:00", "2026-06-15T00:00")),  # as before
        ("monday morning", ("2026-06-15T04:00", "2026-06-15T12:00")),  # this week's, today counting
    ],
)
def test_weekday_readings_without_a_week_after_are_unchanged(
    expression: str, expected: tuple[str, str]
) -> None:
    assert window(expression) == expected


def test_a_note_finds_the_weekday_its_part_and_its_week_as_one() -> None:
    got = find("On Sunday morning last week we hiked up the hill.", NOW, UTC)
    assert [(f.text, f.start.isoformat()[:16]) for f in got] == [
        ("Sunday morning last week", "2026-06-14T04:00")
    ]


@pytest.mark.parametrize(
    "note",
    [
        "On Monday evening, last week's guests left.",  # a comma: two times
        "Sunday morning. Last week we hiked.",  # two sentences
    ],
)
def test_a_week_after_a_break_stays_its_own_expression(note: str) -> None:
    assert len(find(note, NOW, UTC)) == 2
