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


# ---------------------------------------------------- minutes to an hour, with am or pm


@pytest.mark.parametrize(
    ("expression", "expected"),
    [
        ("ten to nine p.m.", "2030-04-08T20:50"),
        ("five to seven pm", "2030-04-08T18:55"),
        ("ten to eight a.m.", "2030-04-08T07:50"),
        ("tomorrow ten to nine pm", "2030-04-09T20:50"),
        ("ten to twelve pm", "2030-04-08T11:50"),  # before noon
        ("twenty to twelve a.m.", "2030-04-08T23:40"),  # before midnight
    ],
)
def test_minutes_to_an_hour_in_words_keep_their_am_or_pm(expression: str, expected: str) -> None:
    assert window(expression)[0] == expected


def test_minutes_to_an_hour_in_words_are_found_as_one_clock_time() -> None:
    found = find("The film starts at ten to nine p.m. on Friday.", NOW, CHICAGO)
    assert [f.start.isoformat()[:16] for f in found] == ["2030-04-05T20:50"]


@pytest.mark.parametrize(
    ("expression", "expected"),
    [
        ("from ten to nine pm", ("2030-04-08T10:00", "2030-04-08T21:00")),  # "from": a range
        ("4 to 6pm", ("2030-04-08T16:00", "2030-04-08T18:00")),  # digits: a range
        ("ten to nine", ("2030-04-08T08:50", "2030-04-08T08:51")),
    ],
)
def test_a_range_of_hours_stays_a_range(expression: str, expected: tuple[str, str]) -> None:
    assert window(expression) == expected


# ----------------------------------------------------------- after X but before Y (dates)


@pytest.mark.parametrize(
    ("expression", "expected"),
    [
        ("after 2012 but before 2015", ("2013-01-01T00:00", "2015-01-01T00:00")),
        ("after 2012 and before 2015", ("2013-01-01T00:00", "2015-01-01T00:00")),
        ("since march but before june", ("2030-03-01T00:00", "2030-06-01T00:00")),
        ("after june 3 but before june 10", ("2029-06-04T00:00", "2029-06-10T00:00")),
    ],
)
def test_after_one_date_but_before_another_is_the_window_between(
    expression: str, expected: tuple[str, str]
) -> None:
    assert window(expression) == expected


def test_after_a_date_but_before_an_earlier_one_is_refused() -> None:
    assert refused("after 2015 but before 2012")


def test_a_clock_window_with_a_day_keeps_its_day() -> None:
    assert window("later than 9:30 but before 11:00 on Thursday") == (
        "2030-04-04T09:30",
        "2030-04-04T11:00",
    )


def test_after_a_date_but_before_it_in_a_note_is_one_expression() -> None:
    found = find("After 2012 but before 2015 we lived in Leeds.", NOW, CHICAGO)
    assert [(f.text, f.start.isoformat()[:10], f.end.isoformat()[:10]) for f in found] == [
        ("After 2012 but before 2015", "2013-01-01", "2015-01-01")
    ]


# ------------------------------------------------------------ the end of the day <a day>


@pytest.mark.parametrize(
    ("expression", "expected"),
    [
        ("end of the day friday", "2030-04-05T23:59"),
        ("the end of the day on thursday", "2030-04-04T23:59"),
        ("end of day tomorrow", "2030-04-09T23:59"),
    ],
)
def test_the_end_of_the_day_before_a_day_is_that_days_end(expression: str, expected: str) -> None:
    assert window(expression)[0] == expected


def test_the_idiom_at_the_end_of_the_day_does_not_take_the_day_after_its_comma() -> None:
    found = find("At the end of the day, Friday was fine.", NOW, CHICAGO)
    assert [f.text for f in found] == ["the end of the day", "Friday"]


# ------------------------------------------- a weekday, then hours (not a day of the month)


@pytest.mark.parametrize(
    ("expression", "expected"),
    [
        ("Tuesday 1 to 3pm", ("2030-04-02T13:00", "2030-04-02T15:00")),
        ("Friday 3 to 5pm", ("2030-04-05T15:00", "2030-04-05T17:00")),
        ("Tue 5-7pm", ("2030-04-02T17:00", "2030-04-02T19:00")),  # not Tuesday 7 May
        ("Tues 4-9 pm", ("2030-04-02T16:00", "2030-04-02T21:00")),  # not Tuesday 9 April
        ("wed 9-11am", ("2030-04-03T09:00", "2030-04-03T11:00")),
        ("friday 12 noon", ("2030-04-05T12:00", "2030-04-05T12:01")),
    ],
)
def test_a_number_after_a_weekday_before_am_pm_or_noon_is_an_hour(
    expression: str, expected: tuple[str, str]
) -> None:
    assert window(expression) == expected


@pytest.mark.parametrize(
    ("expression", "expected"),
    [
        ("friday the 12th at noon", "2030-04-12T12:00"),  # an ordinal stays the date
        ("Fri 12th", "2030-04-12T00:00"),
        ("tues pm", "2030-04-02T12:00"),
    ],
)
def test_a_weekday_with_a_date_or_a_half_of_the_day_keeps_it(
    expression: str, expected: str
) -> None:
    assert window(expression)[0] == expected


# ------------------------------------- a phrase read as running text reads the same alone


@pytest.mark.parametrize(
    ("expression", "expected"),
    [
        ("tomorrow, 9 April", ("2030-04-09T00:00", "2030-04-10T00:00")),
        ("tomorrow, 22/05/31, at 6 PM", ("2031-05-22T18:00", "2031-05-22T18:01")),
        ("Tomorrow, April 9th.", ("2030-04-09T00:00", "2030-04-10T00:00")),
    ],
)
def test_a_relative_day_and_the_date_beside_it_read_alone_as_in_a_note(
    expression: str, expected: tuple[str, str]
) -> None:
    assert window(expression) == expected
    sentence = f"We meet {expression.rstrip('.')} in the hall."
    found = find(sentence, NOW, CHICAGO)
    assert [(f.start.isoformat()[:16], f.end.isoformat()[:16]) for f in found] == [expected]


@pytest.mark.parametrize(
    "expression",
    ["for two hours", "tomorrow and the day after", "5", "the sun", "tomorrow, or not"],
)
def test_what_find_splits_or_measures_stays_refused_alone(expression: str) -> None:
    assert refused(expression)
