"""Edges of a period said three more ways, and a deadline at the end of one: the middle, the
beginning and the end of a part of the day are that part's own halves (not thirds of the whole
day), ``the middle of the night`` is the small hours, ``before the end of X`` runs to X's end,
and ``the early / latter / first part of X`` and ``the mid of X`` are X's edges.

Reference: Monday 2030-04-08 15:40 in America/Chicago (an invented one, a Monday after the
change to daylight saving).
"""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from prme_cli.errors import TimeExpressionError
from prme_cli.timeexpr import find, resolve

CHICAGO = ZoneInfo("America/Chicago")
NOW = datetime(2030, 4, 8, 15, 40, tzinfo=CHICAGO)


def window(expression: str) -> tuple[str | None, str | None]:
    """The local start and end to the minute (``None`` for an open side)."""
    span = resolve(expression, NOW, CHICAGO)
    start = None if span.open_start else span.start.isoformat()[:16]
    end = None if span.open_end else span.end.isoformat()[:16]
    return start, end


def refused(expression: str) -> bool:
    try:
        resolve(expression, NOW, CHICAGO)
    except TimeExpressionError:
        return True
    return False


# ------------------------------------------------------------- edges of a part of the day


@pytest.mark.parametrize(
    ("expression", "expected"),
    [
        ("the middle of the morning", ("2030-04-08T06:00", "2030-04-08T10:00")),
        ("the middle of the afternoon", ("2030-04-08T13:30", "2030-04-08T16:30")),
        ("the beginning of the evening", ("2030-04-08T18:00", "2030-04-08T21:00")),
        ("the end of the evening", ("2030-04-08T21:00", "2030-04-09T00:00")),
        ("the start of the afternoon", ("2030-04-08T12:00", "2030-04-08T15:00")),
        ("the end of saturday morning", ("2030-04-06T08:00", "2030-04-06T12:00")),
    ],
)
def test_an_edge_of_a_part_of_the_day_is_a_half_of_that_part(
    expression: str, expected: tuple[str, str]
) -> None:
    assert window(expression) == expected


@pytest.mark.parametrize(
    ("expression", "twin"),
    [
        ("the middle of the morning", "mid-morning"),
        ("the beginning of the evening", "early evening"),
        ("the end of the afternoon", "late afternoon"),
    ],
)
def test_an_edge_of_a_part_reads_as_its_early_mid_or_late(expression: str, twin: str) -> None:
    assert window(expression) == window(twin)


@pytest.mark.parametrize(
    ("expression", "expected"),
    [
        ("the middle of the night", ("2030-04-09T00:00", "2030-04-09T04:00")),
        ("in the middle of the night", ("2030-04-09T00:00", "2030-04-09T04:00")),
        ("the middle of last night", ("2030-04-08T00:00", "2030-04-08T04:00")),
        ("the middle of friday night", ("2030-04-06T00:00", "2030-04-06T04:00")),
    ],
)
def test_the_middle_of_a_night_is_its_small_hours(
    expression: str, expected: tuple[str, str]
) -> None:
    assert window(expression) == expected


def test_a_note_woken_in_the_middle_of_the_night_is_dated_in_the_small_hours() -> None:
    found = find("The baby woke us in the middle of last night.", NOW, CHICAGO)
    assert [(f.start.isoformat()[:16], f.end.isoformat()[:16]) for f in found] == [
        ("2030-04-08T00:00", "2030-04-08T04:00")
    ]


def test_the_edges_of_a_whole_day_stay_its_thirds_and_its_last_second() -> None:
    assert window("the middle of the day") == ("2030-04-08T08:00", "2030-04-08T16:00")
    assert window("the end of the day") == ("2030-04-08T23:59", "2030-04-09T00:00")


# ------------------------------------------------------------------ a deadline at an end


@pytest.mark.parametrize(
    ("expression", "end"),
    [
        ("before the end of march", "2030-04-01T00:00"),
        ("before the end of this year", "2031-01-01T00:00"),
        ("before end of next month", "2030-06-01T00:00"),
        ("before the end of the week", "2030-04-15T00:00"),
        ("before the end of 2028", "2029-01-01T00:00"),
    ],
)
def test_before_the_end_of_a_period_runs_to_its_end(expression: str, end: str) -> None:
    assert window(expression) == (None, end)


@pytest.mark.parametrize(
    ("expression", "end"),
    [
        ("before the start of march", "2030-03-01T00:00"),  # its start, as before
        ("before the middle of march", "2030-03-11T00:00"),  # where the middle begins
        ("before march", "2030-03-01T00:00"),
    ],
)
def test_before_another_edge_still_ends_where_it_begins(expression: str, end: str) -> None:
    assert window(expression) == (None, end)


# ------------------------------------------------------------------- "the X part of" a period


@pytest.mark.parametrize(
    ("expression", "twin"),
    [
        ("the early part of next month", "the beginning of next month"),
        ("the first part of june", "the beginning of june"),
        ("the latter part of the week", "the end of the week"),
        ("the later part of the year", "the end of the year"),
        ("the last part of 2027", "the end of 2027"),
        ("the middle part of the summer", "the middle of the summer"),
        ("the mid of the month", "the middle of the month"),
        ("the early part of the evening", "early evening"),
    ],
)
def test_a_part_of_a_period_is_that_edge_of_it(expression: str, twin: str) -> None:
    assert window(expression) == window(twin)


@pytest.mark.parametrize(
    "expression",
    ["part of the week", "the part of the week", "the best part of the week", "the mid of"],
)
def test_a_part_without_an_edge_word_is_refused(expression: str) -> None:
    assert refused(expression)


@pytest.mark.parametrize(
    "sentence",
    [
        "The last part of the film dragged.",
        "The first part of the report is missing.",
        "We skipped the middle part of the song.",
    ],
)
def test_a_part_of_a_thing_is_not_found(sentence: str) -> None:
    assert find(sentence, NOW, CHICAGO) == []
