"""Nights counted from now or from a day: ``two nights ago`` is a night, not a whole day.

``N nights ago`` had been the day N days back, midnight to midnight: it left out the small
hours after that night's midnight, where what the writer tells of may have happened ("two
nights ago the alarm went off at 3"). A count of nights before ``ago``, ``from now``,
``later``, ``before``/``after`` a day is now the night that begins on the day so far away,
18:00 to 04:00, as ``last night`` is yesterday's. Invented phrases, several wordings, and the
near-misses that stay as they were (a length of nights, a vague count, days).

Reference: Wednesday 2026-06-17 09:40 UTC.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from prme_cli.errors import TimeExpressionError
from prme_cli.timeexpr import find, resolve

NOW = datetime(2026, 6, 17, 9, 40, tzinfo=UTC)


def window(expression: str) -> tuple[str, str]:
    w = resolve(expression, NOW, UTC)
    return w.start.isoformat()[:16], w.end.isoformat()[:16]


@pytest.mark.parametrize(
    ("expression", "expected"),
    [
        ("two nights ago", ("2026-06-15T18:00", "2026-06-16T04:00")),
        ("2 nights ago", ("2026-06-15T18:00", "2026-06-16T04:00")),
        ("Two Nights Ago", ("2026-06-15T18:00", "2026-06-16T04:00")),
        ("a night ago", ("2026-06-16T18:00", "2026-06-17T04:00")),  # last night
        ("one night back", ("2026-06-16T18:00", "2026-06-17T04:00")),
        ("three nights ago", ("2026-06-14T18:00", "2026-06-15T04:00")),
        ("two nights from now", ("2026-06-19T18:00", "2026-06-20T04:00")),
        ("in two nights", ("2026-06-19T18:00", "2026-06-20T04:00")),
        ("in 3 nights", ("2026-06-20T18:00", "2026-06-21T04:00")),
        ("two nights before christmas", ("2025-12-23T18:00", "2025-12-24T04:00")),
        ("three nights after 3 may", ("2026-05-06T18:00", "2026-05-07T04:00")),
    ],
)
def test_a_count_of_nights_away_is_that_night(expression: str, expected: tuple[str, str]) -> None:
    assert window(expression) == expected


@pytest.mark.parametrize(
    ("expression", "expected"),
    [
        ("two days ago", ("2026-06-15T00:00", "2026-06-16T00:00")),  # days stay days
        ("a few nights ago", ("2026-06-13T00:00", "2026-06-16T00:00")),  # vague: days, wide
        ("the last 3 nights", ("2026-06-14T00:00", "2026-06-17T00:00")),  # a span of nights
        ("within two nights", ("2026-06-17T00:00", "2026-06-19T00:00")),
        ("in a few nights", ("2026-06-19T00:00", "2026-06-22T00:00")),
    ],
)
def test_days_vague_counts_and_spans_of_nights_keep_their_days(
    expression: str, expected: tuple[str, str]
) -> None:
    assert window(expression) == expected


def test_a_length_of_nights_in_a_note_stays_a_duration() -> None:
    got = find("We stayed three nights at the inn.", NOW, UTC)
    assert [(f.text, f.kind) for f in got] == [("three nights", "duration")]


@pytest.mark.parametrize(
    ("note", "expected"),
    [
        (
            "On 3 May we landed; two nights later we left.",
            ("two nights later", "2026-05-05T18:00", "2026-05-06T04:00"),
        ),
        (
            "Two nights ago the alarm went off.",
            ("Two nights ago", "2026-06-15T18:00", "2026-06-16T04:00"),
        ),
    ],
)
def test_nights_in_running_text_count_from_the_day_before_them(
    note: str, expected: tuple[str, str, str]
) -> None:
    last = find(note, NOW, UTC)[-1]
    assert (last.text, last.start.isoformat()[:16], last.end.isoformat()[:16]) == expected


# ------------------------------------------- mornings, afternoons and evenings counted


@pytest.mark.parametrize(
    ("expression", "expected"),
    [
        ("three mornings ago", ("2026-06-14T04:00", "2026-06-14T12:00")),
        ("Two Afternoons Ago", ("2026-06-15T12:00", "2026-06-15T18:00")),
        ("two evenings ago", ("2026-06-15T18:00", "2026-06-16T00:00")),
        ("a couple of evenings ago", ("2026-06-15T18:00", "2026-06-16T00:00")),
        ("one morning back", ("2026-06-16T04:00", "2026-06-16T12:00")),
        ("two evenings from now", ("2026-06-19T18:00", "2026-06-20T00:00")),
        ("two mornings before christmas", ("2025-12-23T04:00", "2025-12-23T12:00")),
    ],
)
def test_a_count_of_parts_of_the_day_away_is_that_part(
    expression: str, expected: tuple[str, str]
) -> None:
    assert window(expression) == expected


@pytest.mark.parametrize(
    "expression",
    [
        "a few evenings ago",  # how many evenings? no day to put one on
        "two morning ago",  # a count of two and a singular
        "two lunches ago",  # meals are not counted like days
    ],
)
def test_vague_or_mismatched_counts_of_parts_are_refused(expression: str) -> None:
    with pytest.raises(TimeExpressionError):
        resolve(expression, NOW, UTC)


def test_evenings_counted_in_a_note_count_from_the_day_before_them() -> None:
    got = find("On Friday we arrived; two evenings later the band played.", NOW, UTC)
    assert [(f.text, f.start.isoformat()[:16]) for f in got] == [
        ("Friday", "2026-06-12T00:00"),
        ("two evenings later", "2026-06-14T18:00"),
    ]
