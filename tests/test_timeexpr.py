"""Tests for :mod:`prme_cli.timeexpr`, the one time-expression resolver (SPEC §4.2).

Expected windows are written out by hand from a calendar: 2026-11-29 is a Sunday, Berlin is
UTC+01:00 in winter and +02:00 in summer (2026 transitions: 29 March, 25 October); New York
is -05:00/-04:00 (8 March, 1 November). Windows are compared as ISO strings because aware
datetimes sharing a zone compare by wall time and would hide a wrong offset.
"""

from __future__ import annotations

import os
import subprocess
import sys
from datetime import UTC, date, datetime, time, timedelta, timezone
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from prme_cli.errors import TimeExpressionError, UsageError
from prme_cli.timeexpr import (
    GRAINS,
    Window,
    find_expressions,
    parse_now,
    resolve,
    resolve_range,
    zone,
    zone_name,
)

ROOT = Path(__file__).resolve().parents[1]
BERLIN = ZoneInfo("Europe/Berlin")
NEW_YORK = ZoneInfo("America/New_York")
#: Sunday 29 November 2026, 14:30 in Berlin.
SUN = datetime(2026, 11, 29, 14, 30, tzinfo=BERLIN)
#: Monday 30 November 2026, 10:00 in Berlin (for the "today counts" weekday rule).
MON = datetime(2026, 11, 30, 10, 0, tzinfo=BERLIN)


def span(expression: str, now: datetime = SUN, tz: ZoneInfo = BERLIN, **options: object):
    window = resolve(expression, now, tz, **options)  # type: ignore[arg-type]
    return window.start.isoformat(), window.end.isoformat(), window.grain


def day(iso: str, offset: str = "+01:00") -> tuple[str, str, str]:
    """The whole Berlin day ``iso`` (both ends in the same offset)."""
    start = date.fromisoformat(iso)
    end = start + timedelta(days=1)
    return f"{start}T00:00:00{offset}", f"{end}T00:00:00{offset}", "day"


# --------------------------------------------------------------------------------------------
# Relative days, offsets, periods
# --------------------------------------------------------------------------------------------

RELATIVE_CASES = [
    ("now", ("2026-11-29T14:30:00+01:00", "2026-11-29T14:30:01+01:00", "second")),
    ("right now", ("2026-11-29T14:30:00+01:00", "2026-11-29T14:30:01+01:00", "second")),
    ("today", day("2026-11-29")),
    ("yesterday", day("2026-11-28")),
    ("tomorrow", day("2026-11-30")),
    ("the day before yesterday", day("2026-11-27")),
    ("day before yesterday", day("2026-11-27")),
    ("the day after tomorrow", day("2026-12-01")),
    ("day-after-tomorrow", day("2026-12-01")),
    # N days and longer ago: that day (SPEC §4.2); hours and shorter: that instant (minute)
    ("3 days ago", day("2026-11-26")),
    ("three days ago", day("2026-11-26")),
    ("0 days ago", day("2026-11-29")),
    ("a day ago", day("2026-11-28")),
    ("twenty-one days ago", day("2026-11-08")),
    ("a couple of days ago", day("2026-11-27")),
    ("2 weeks ago", day("2026-11-15")),
    ("three weeks ago", day("2026-11-08")),
    ("a week ago", day("2026-11-22")),
    ("a fortnight ago", day("2026-11-15")),
    ("an hour ago", ("2026-11-29T13:30:00+01:00", "2026-11-29T13:31:00+01:00", "minute")),
    ("2 hours ago", ("2026-11-29T12:30:00+01:00", "2026-11-29T12:31:00+01:00", "minute")),
    ("2h ago", ("2026-11-29T12:30:00+01:00", "2026-11-29T12:31:00+01:00", "minute")),
    ("5 minutes ago", ("2026-11-29T14:25:00+01:00", "2026-11-29T14:26:00+01:00", "minute")),
    ("10 mins ago", ("2026-11-29T14:20:00+01:00", "2026-11-29T14:21:00+01:00", "minute")),
    ("30 seconds ago", ("2026-11-29T14:29:30+01:00", "2026-11-29T14:29:31+01:00", "second")),
    ("3 months ago", day("2026-08-29", "+02:00")),
    ("a month ago", day("2026-10-29")),
    ("2 quarters ago", day("2026-05-29", "+02:00")),
    ("2 years ago", day("2024-11-29")),
    ("in 3 days", day("2026-12-02")),
    ("3 days from now", day("2026-12-02")),
    ("3 days from today", day("2026-12-02")),
    ("in 2 weeks", day("2026-12-13")),
    ("in an hour", ("2026-11-29T15:30:00+01:00", "2026-11-29T15:31:00+01:00", "minute")),
    ("a month from now", day("2026-12-29")),
    ("the week before last", ("2026-11-09T00:00:00+01:00", "2026-11-16T00:00:00+01:00", "week")),
    ("the month after next", ("2027-01-01T00:00:00+01:00", "2027-02-01T00:00:00+01:00", "month")),
    # calendar periods
    ("this week", ("2026-11-23T00:00:00+01:00", "2026-11-30T00:00:00+01:00", "week")),
    ("last week", ("2026-11-16T00:00:00+01:00", "2026-11-23T00:00:00+01:00", "week")),
    ("previous week", ("2026-11-16T00:00:00+01:00", "2026-11-23T00:00:00+01:00", "week")),
    ("next week", ("2026-11-30T00:00:00+01:00", "2026-12-07T00:00:00+01:00", "week")),
    ("this month", ("2026-11-01T00:00:00+01:00", "2026-12-01T00:00:00+01:00", "month")),
    ("last month", ("2026-10-01T00:00:00+02:00", "2026-11-01T00:00:00+01:00", "month")),
    ("next month", ("2026-12-01T00:00:00+01:00", "2027-01-01T00:00:00+01:00", "month")),
    ("this quarter", ("2026-10-01T00:00:00+02:00", "2027-01-01T00:00:00+01:00", "quarter")),
    ("last quarter", ("2026-07-01T00:00:00+02:00", "2026-10-01T00:00:00+02:00", "quarter")),
    ("next quarter", ("2027-01-01T00:00:00+01:00", "2027-04-01T00:00:00+02:00", "quarter")),
    ("this year", ("2026-01-01T00:00:00+01:00", "2027-01-01T00:00:00+01:00", "year")),
    ("last year", ("2025-01-01T00:00:00+01:00", "2026-01-01T00:00:00+01:00", "year")),
    ("next year", ("2027-01-01T00:00:00+01:00", "2028-01-01T00:00:00+01:00", "year")),
    ("this weekend", ("2026-11-28T00:00:00+01:00", "2026-11-30T00:00:00+01:00", "day")),
    ("weekend", ("2026-11-28T00:00:00+01:00", "2026-11-30T00:00:00+01:00", "day")),
    ("last weekend", ("2026-11-21T00:00:00+01:00", "2026-11-23T00:00:00+01:00", "day")),
    ("past weekend", ("2026-11-21T00:00:00+01:00", "2026-11-23T00:00:00+01:00", "day")),
    ("next weekend", ("2026-12-05T00:00:00+01:00", "2026-12-07T00:00:00+01:00", "day")),
    # spans back from today: whole days that end where today begins (hours: from now)
    ("last 3 days", ("2026-11-26T00:00:00+01:00", "2026-11-29T00:00:00+01:00", "day")),
    ("past 3 days", ("2026-11-26T00:00:00+01:00", "2026-11-29T00:00:00+01:00", "day")),
    ("the last seven days", ("2026-11-22T00:00:00+01:00", "2026-11-29T00:00:00+01:00", "day")),
    ("last two weeks", ("2026-11-15T00:00:00+01:00", "2026-11-29T00:00:00+01:00", "week")),
    ("last 6 months", ("2026-05-29T00:00:00+02:00", "2026-11-29T00:00:00+01:00", "month")),
    ("past 24 hours", ("2026-11-28T14:30:00+01:00", "2026-11-29T14:30:00+01:00", "hour")),
    ("past week", ("2026-11-22T00:00:00+01:00", "2026-11-29T00:00:00+01:00", "week")),
    ("the past month", ("2026-10-29T00:00:00+01:00", "2026-11-29T00:00:00+01:00", "month")),
    ("past year", ("2025-11-29T00:00:00+01:00", "2026-11-29T00:00:00+01:00", "year")),
    ("last hour", ("2026-11-29T13:30:00+01:00", "2026-11-29T14:30:00+01:00", "hour")),
    ("past fortnight", ("2026-11-15T00:00:00+01:00", "2026-11-29T00:00:00+01:00", "week")),
    ("in the last 3 days", ("2026-11-26T00:00:00+01:00", "2026-11-29T00:00:00+01:00", "day")),
    ("over the past week", ("2026-11-22T00:00:00+01:00", "2026-11-29T00:00:00+01:00", "week")),
]


@pytest.mark.parametrize(("expression", "expected"), RELATIVE_CASES)
def test_relative(expression: str, expected: tuple[str, str, str]) -> None:
    assert span(expression) == expected


def test_last_n_months_clamps_the_day() -> None:
    # 31 March minus one month has no 31 February: the span starts on the last day of February.
    now = datetime(2026, 3, 31, 8, 0, tzinfo=BERLIN)
    assert span("last month", now)[:2] == ("2026-02-01T00:00:00+01:00", "2026-03-01T00:00:00+01:00")
    assert span("past 1 month", now)[0] == "2026-02-28T00:00:00+01:00"


# --------------------------------------------------------------------------------------------
# Weekdays, months, ordinals: past-leaning
# --------------------------------------------------------------------------------------------

WEEKDAY_CASES = [
    # reference Sunday 2026-11-29
    ("sunday", SUN, day("2026-11-29")),
    ("monday", SUN, day("2026-11-23")),
    ("mon", SUN, day("2026-11-23")),
    ("Friday", SUN, day("2026-11-27")),
    ("saturday", SUN, day("2026-11-28")),
    ("last sunday", SUN, day("2026-11-22")),
    ("last monday", SUN, day("2026-11-23")),
    ("next sunday", SUN, day("2026-12-06")),
    ("next monday", SUN, day("2026-11-30")),
    ("this monday", SUN, day("2026-11-23")),
    ("monday of last week", SUN, day("2026-11-16")),
    ("monday last week", SUN, day("2026-11-16")),
    ("last week monday", SUN, day("2026-11-16")),
    ("friday of next week", SUN, day("2026-12-04")),
    ("on thursday", SUN, day("2026-11-26")),
    ("thurs", SUN, day("2026-11-26")),
    # reference Monday 2026-11-30: today counts for the bare name
    ("monday", MON, day("2026-11-30")),
    ("last monday", MON, day("2026-11-23")),
    ("next monday", MON, day("2026-12-07")),
    ("this monday", MON, day("2026-11-30")),
    ("tuesday", MON, day("2026-11-24")),
    # "next <weekday>" is that day of next week (as the development corpus reads it);
    # "coming tuesday" is the first one after today
    ("next tuesday", MON, day("2026-12-08")),
    ("coming tuesday", MON, day("2026-12-01")),
    ("sunday", MON, day("2026-11-29")),
    ("monday of last week", MON, day("2026-11-23")),
    ("last weekend", MON, ("2026-11-28T00:00:00+01:00", "2026-11-30T00:00:00+01:00", "day")),
    ("this weekend", MON, ("2026-12-05T00:00:00+01:00", "2026-12-07T00:00:00+01:00", "day")),
    ("weekend", MON, ("2026-11-28T00:00:00+01:00", "2026-11-30T00:00:00+01:00", "day")),
]


@pytest.mark.parametrize(("expression", "now", "expected"), WEEKDAY_CASES)
def test_weekdays(expression: str, now: datetime, expected: tuple[str, str, str]) -> None:
    assert span(expression, now) == expected


CALENDAR_CASES = [
    ("november", ("2026-11-01T00:00:00+01:00", "2026-12-01T00:00:00+01:00", "month")),
    ("in march", ("2026-03-01T00:00:00+01:00", "2026-04-01T00:00:00+02:00", "month")),
    ("december", ("2025-12-01T00:00:00+01:00", "2026-01-01T00:00:00+01:00", "month")),
    ("last november", ("2025-11-01T00:00:00+01:00", "2025-12-01T00:00:00+01:00", "month")),
    ("last march", ("2026-03-01T00:00:00+01:00", "2026-04-01T00:00:00+02:00", "month")),
    ("next march", ("2027-03-01T00:00:00+01:00", "2027-04-01T00:00:00+02:00", "month")),
    ("next november", ("2027-11-01T00:00:00+01:00", "2027-12-01T00:00:00+01:00", "month")),
    ("this december", ("2026-12-01T00:00:00+01:00", "2027-01-01T00:00:00+01:00", "month")),
    ("march 2025", ("2025-03-01T00:00:00+01:00", "2025-04-01T00:00:00+02:00", "month")),
    ("march of last year", ("2025-03-01T00:00:00+01:00", "2025-04-01T00:00:00+02:00", "month")),
    ("sept", ("2026-09-01T00:00:00+02:00", "2026-10-01T00:00:00+02:00", "month")),
    ("the 3rd", day("2026-11-03")),
    ("3rd", day("2026-11-03")),
    ("the 30th", day("2026-10-30")),
    ("the 31st", day("2026-10-31")),
    ("the first", day("2026-11-01")),
    ("march 3rd", day("2026-03-03", "+01:00")),
    ("march 3", day("2026-03-03")),
    ("3rd of march", day("2026-03-03")),
    ("the 3rd of march", day("2026-03-03")),
    ("march third", day("2026-03-03")),
    ("Nov 3", day("2026-11-03")),
    ("3 nov", day("2026-11-03")),
    ("dec 25", day("2025-12-25")),
    ("feb 29", day("2024-02-29")),
    ("3 November 2026", day("2026-11-03")),
    ("November 3rd, 2026", day("2026-11-03")),
    ("november 3rd 2026", day("2026-11-03")),
    ("3rd of november, 2025", day("2025-11-03")),
    ("sunday, november 29", day("2026-11-29")),
    ("Sunday, November 29, 2026", day("2026-11-29")),
]


@pytest.mark.parametrize(("expression", "expected"), CALENDAR_CASES)
def test_calendar_words(expression: str, expected: tuple[str, str, str]) -> None:
    assert span(expression) == expected


def test_ordinal_early_in_month_leans_back() -> None:
    now = datetime(2026, 11, 2, 9, 0, tzinfo=BERLIN)
    # the 3rd has not come yet this month: the most recent one is 3 October (summer time)
    assert span("the 3rd", now) == ("2026-10-03T00:00:00+02:00", "2026-10-04T00:00:00+02:00", "day")


# --------------------------------------------------------------------------------------------
# Clock times and parts of the day
# --------------------------------------------------------------------------------------------

CLOCK_CASES = [
    ("9am", ("2026-11-29T09:00:00+01:00", "2026-11-29T09:01:00+01:00", "minute")),
    ("9 am", ("2026-11-29T09:00:00+01:00", "2026-11-29T09:01:00+01:00", "minute")),
    ("9 a.m.", ("2026-11-29T09:00:00+01:00", "2026-11-29T09:01:00+01:00", "minute")),
    ("9:30pm", ("2026-11-29T21:30:00+01:00", "2026-11-29T21:31:00+01:00", "minute")),
    ("12am", ("2026-11-29T00:00:00+01:00", "2026-11-29T00:01:00+01:00", "minute")),
    ("12pm", ("2026-11-29T12:00:00+01:00", "2026-11-29T12:01:00+01:00", "minute")),
    ("14:30", ("2026-11-29T14:30:00+01:00", "2026-11-29T14:31:00+01:00", "minute")),
    ("21:00", ("2026-11-29T21:00:00+01:00", "2026-11-29T21:01:00+01:00", "minute")),
    ("14:30:15", ("2026-11-29T14:30:15+01:00", "2026-11-29T14:30:16+01:00", "second")),
    ("noon", ("2026-11-29T12:00:00+01:00", "2026-11-29T12:01:00+01:00", "minute")),
    ("midnight", ("2026-11-29T00:00:00+01:00", "2026-11-29T00:01:00+01:00", "minute")),
    ("at 5pm", ("2026-11-29T17:00:00+01:00", "2026-11-29T17:01:00+01:00", "minute")),
    ("this morning", ("2026-11-29T04:00:00+01:00", "2026-11-29T12:00:00+01:00", "hour")),
    ("this afternoon", ("2026-11-29T12:00:00+01:00", "2026-11-29T18:00:00+01:00", "hour")),
    ("this evening", ("2026-11-29T18:00:00+01:00", "2026-11-30T00:00:00+01:00", "hour")),
    ("tonight", ("2026-11-29T18:00:00+01:00", "2026-11-30T04:00:00+01:00", "hour")),
    ("last night", ("2026-11-28T18:00:00+01:00", "2026-11-29T04:00:00+01:00", "hour")),
    ("yesterday evening", ("2026-11-28T18:00:00+01:00", "2026-11-29T00:00:00+01:00", "hour")),
    ("tomorrow morning", ("2026-11-30T04:00:00+01:00", "2026-11-30T12:00:00+01:00", "hour")),
    ("friday afternoon", ("2026-11-27T12:00:00+01:00", "2026-11-27T18:00:00+01:00", "hour")),
    ("saturday night", ("2026-11-28T18:00:00+01:00", "2026-11-29T04:00:00+01:00", "hour")),
    (
        "the morning of march 3rd",
        ("2026-03-03T04:00:00+01:00", "2026-03-03T12:00:00+01:00", "hour"),
    ),
    ("tomorrow at 5pm", ("2026-11-30T17:00:00+01:00", "2026-11-30T17:01:00+01:00", "minute")),
    ("5pm tomorrow", ("2026-11-30T17:00:00+01:00", "2026-11-30T17:01:00+01:00", "minute")),
    ("yesterday at noon", ("2026-11-28T12:00:00+01:00", "2026-11-28T12:01:00+01:00", "minute")),
    ("monday 9:00", ("2026-11-23T09:00:00+01:00", "2026-11-23T09:01:00+01:00", "minute")),
    ("9am on monday", ("2026-11-23T09:00:00+01:00", "2026-11-23T09:01:00+01:00", "minute")),
    ("3 days ago at noon", ("2026-11-26T12:00:00+01:00", "2026-11-26T12:01:00+01:00", "minute")),
    ("march 3rd at 9:15", ("2026-03-03T09:15:00+01:00", "2026-03-03T09:16:00+01:00", "minute")),
    ("2026-11-03 at 9am", ("2026-11-03T09:00:00+01:00", "2026-11-03T09:01:00+01:00", "minute")),
]


@pytest.mark.parametrize(("expression", "expected"), CLOCK_CASES)
def test_clock_and_parts_of_day(expression: str, expected: tuple[str, str, str]) -> None:
    assert span(expression) == expected


def test_a_clock_time_alone_is_today_even_when_later_than_now() -> None:
    # Not past-leaning: `range 9am 5pm` must mean today's working hours at 14:30.
    assert span("5pm")[0] == "2026-11-29T17:00:00+01:00"


# --------------------------------------------------------------------------------------------
# Absolute forms
# --------------------------------------------------------------------------------------------

ABSOLUTE_CASES = [
    ("2026-11-03", day("2026-11-03")),
    ("2026-7-4", day("2026-07-04", "+02:00")),
    ("2026-11-03T09:30", ("2026-11-03T09:30:00+01:00", "2026-11-03T09:31:00+01:00", "minute")),
    ("2026-11-03 09:30", ("2026-11-03T09:30:00+01:00", "2026-11-03T09:31:00+01:00", "minute")),
    ("2026-11-03T09:30:15", ("2026-11-03T09:30:15+01:00", "2026-11-03T09:30:16+01:00", "second")),
    (
        "2026-11-03T09:30:15.250",
        ("2026-11-03T09:30:15+01:00", "2026-11-03T09:30:16+01:00", "second"),
    ),
    # an offset-bearing instant is converted into the zone
    (
        "2026-11-03T09:30:15+00:00",
        ("2026-11-03T10:30:15+01:00", "2026-11-03T10:30:16+01:00", "second"),
    ),
    ("2026-11-03T09:30Z", ("2026-11-03T10:30:00+01:00", "2026-11-03T10:31:00+01:00", "minute")),
    ("2026-11-03T09:30-0500", ("2026-11-03T15:30:00+01:00", "2026-11-03T15:31:00+01:00", "minute")),
    ("2026-11", ("2026-11-01T00:00:00+01:00", "2026-12-01T00:00:00+01:00", "month")),
    ("2026", ("2026-01-01T00:00:00+01:00", "2027-01-01T00:00:00+01:00", "year")),
    ("in 2025", ("2025-01-01T00:00:00+01:00", "2026-01-01T00:00:00+01:00", "year")),
    ("2026-W48", ("2026-11-23T00:00:00+01:00", "2026-11-30T00:00:00+01:00", "week")),
    ("2026-W01", ("2025-12-29T00:00:00+01:00", "2026-01-05T00:00:00+01:00", "week")),
    ("2026-Q2", ("2026-04-01T00:00:00+02:00", "2026-07-01T00:00:00+02:00", "quarter")),
    ("Q4 2026", ("2026-10-01T00:00:00+02:00", "2027-01-01T00:00:00+01:00", "quarter")),
    ("q4", ("2026-10-01T00:00:00+02:00", "2027-01-01T00:00:00+01:00", "quarter")),
    ("q1", ("2026-01-01T00:00:00+01:00", "2026-04-01T00:00:00+02:00", "quarter")),
    ("11/03/2026", day("2026-11-03")),
    ("2026/11/03", day("2026-11-03")),
    ("03.11.2026", day("2026-11-03")),
    (
        "<2026-11-29 Sun 09:30>",
        ("2026-11-29T09:30:00+01:00", "2026-11-29T09:31:00+01:00", "minute"),
    ),
    ("[2026-11-29 Sun]", day("2026-11-29")),
    ("<2026-11-29>", day("2026-11-29")),
    ("[2026-11-29 So 09:30]", ("2026-11-29T09:30:00+01:00", "2026-11-29T09:31:00+01:00", "minute")),
    (
        "[2025-01-13 周一 11:23]",
        ("2025-01-13T11:23:00+01:00", "2025-01-13T11:24:00+01:00", "minute"),
    ),
    (
        "<2026-11-29 Sun 09:30-11:00>",
        ("2026-11-29T09:30:00+01:00", "2026-11-29T11:00:00+01:00", "minute"),
    ),
    (
        "<2026-11-29 Sun 09:30 +1w>",
        ("2026-11-29T09:30:00+01:00", "2026-11-29T09:31:00+01:00", "minute"),
    ),
    ("<2026-11-29 Sun .+2d/3d -1d>", day("2026-11-29")),
    (
        "<2026-11-01 Sun>--<2026-11-03 Tue>",
        ("2026-11-01T00:00:00+01:00", "2026-11-04T00:00:00+01:00", "day"),
    ),
    (
        "[2026-11-01 Sun 10:00]--[2026-11-01 Sun 11:30]",
        ("2026-11-01T10:00:00+01:00", "2026-11-01T11:31:00+01:00", "minute"),
    ),
]


@pytest.mark.parametrize(("expression", "expected"), ABSOLUTE_CASES)
def test_absolute(expression: str, expected: tuple[str, str, str]) -> None:
    assert span(expression) == expected


def test_epoch_is_that_second() -> None:
    instant = datetime(2026, 11, 29, 13, 30, 5, tzinfo=UTC)
    assert span(f"@{int(instant.timestamp())}") == (
        "2026-11-29T14:30:05+01:00",
        "2026-11-29T14:30:06+01:00",
        "second",
    )


def test_dayfirst_swaps_slash_dates_only() -> None:
    assert span("11/03/2026", dayfirst=True) == day("2026-03-11")
    assert span("03.11.2026", dayfirst=False) == day("2026-11-03")  # dots are always day first
    assert span("2026-03-11", dayfirst=True) == day("2026-03-11")


def test_absolute_forms_do_not_depend_on_now() -> None:
    other_now = datetime(1999, 1, 1, tzinfo=UTC)
    for expression, expected in ABSOLUTE_CASES:
        if expression.lower() not in {"q4", "q1"}:
            assert span(expression, other_now) == expected, expression


# --------------------------------------------------------------------------------------------
# Anchors and boundaries
# --------------------------------------------------------------------------------------------

ANCHOR_CASES = [
    ("sod", ("2026-11-29T00:00:00+01:00", "2026-11-29T00:00:01+01:00", "second")),
    ("eod", ("2026-11-29T23:59:59+01:00", "2026-11-30T00:00:00+01:00", "second")),
    ("sow", ("2026-11-23T00:00:00+01:00", "2026-11-23T00:00:01+01:00", "second")),
    ("eow", ("2026-11-29T23:59:59+01:00", "2026-11-30T00:00:00+01:00", "second")),
    ("som", ("2026-11-01T00:00:00+01:00", "2026-11-01T00:00:01+01:00", "second")),
    ("eom", ("2026-11-30T23:59:59+01:00", "2026-12-01T00:00:00+01:00", "second")),
    ("soq", ("2026-10-01T00:00:00+02:00", "2026-10-01T00:00:01+02:00", "second")),
    ("eoq", ("2026-12-31T23:59:59+01:00", "2027-01-01T00:00:00+01:00", "second")),
    ("soy", ("2026-01-01T00:00:00+01:00", "2026-01-01T00:00:01+01:00", "second")),
    ("EOY", ("2026-12-31T23:59:59+01:00", "2027-01-01T00:00:00+01:00", "second")),
    # the words "beginning|middle|end of X" are a part of X (approximate): a month's first,
    # middle or last ten days, a week's first three or last four days, a year's thirds; the
    # abbreviations above are the first or last second
    ("beginning of last month", ("2026-10-01T00:00:00+02:00", "2026-10-11T00:00:00+02:00", "day")),
    ("end of last month", ("2026-10-21T00:00:00+02:00", "2026-11-01T00:00:00+01:00", "day")),
    ("start of the week", ("2026-11-23T00:00:00+01:00", "2026-11-26T00:00:00+01:00", "day")),
    # a day's edges are its first and last second (end of day is a deadline)
    ("end of day", ("2026-11-29T23:59:59+01:00", "2026-11-30T00:00:00+01:00", "second")),
    ("end of the month", ("2026-11-21T00:00:00+01:00", "2026-12-01T00:00:00+01:00", "day")),
    ("beginning of time", None),
    ("the end of this week", ("2026-11-26T00:00:00+01:00", "2026-11-30T00:00:00+01:00", "day")),
    ("start of 2026", ("2026-01-01T00:00:00+01:00", "2026-05-01T00:00:00+02:00", "month")),
    ("middle of 2026", ("2026-05-01T00:00:00+02:00", "2026-09-01T00:00:00+02:00", "month")),
    ("end of november", ("2026-11-21T00:00:00+01:00", "2026-12-01T00:00:00+01:00", "day")),
    ("end of yesterday", ("2026-11-28T23:59:59+01:00", "2026-11-29T00:00:00+01:00", "second")),
    ("middle of the day", ("2026-11-29T08:00:00+01:00", "2026-11-29T16:00:00+01:00", "hour")),
]


@pytest.mark.parametrize(("expression", "expected"), ANCHOR_CASES)
def test_anchors_and_boundaries(expression: str, expected: tuple[str, str, str] | None) -> None:
    if expected is None:
        with pytest.raises(TimeExpressionError):
            resolve(expression, SUN, BERLIN)
    else:
        assert span(expression) == expected


def test_week_start_moves_weeks_but_not_weekends() -> None:
    assert span("this week", week_start=6) == (
        "2026-11-29T00:00:00+01:00",
        "2026-12-06T00:00:00+01:00",
        "week",
    )
    assert span("last week", week_start=6) == (
        "2026-11-22T00:00:00+01:00",
        "2026-11-29T00:00:00+01:00",
        "week",
    )
    assert span("sow", week_start=6)[0] == "2026-11-29T00:00:00+01:00"
    assert span("this monday", week_start=6) == day("2026-11-30")
    assert span("2 weeks ago", week_start=6)[0] == "2026-11-15T00:00:00+01:00"
    assert span("this weekend", week_start=6) == span("this weekend")
    with pytest.raises(UsageError):
        resolve("today", SUN, BERLIN, week_start=7)


# --------------------------------------------------------------------------------------------
# Tolerance and refusal
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("expression", "same_as"),
    [
        ("  YESTERDAY  ", "yesterday"),
        ("Last   Monday", "last monday"),
        ("Tomorrow AT 5PM", "tomorrow at 5pm"),
        ("two weeks ago.", "2 weeks ago"),
        ("Three\tDays\nAgo", "3 days ago"),
        ("NOVEMBER 3RD, 2026", "2026-11-03"),
    ],
)
def test_case_and_space_tolerance(expression: str, same_as: str) -> None:
    assert span(expression) == span(same_as)


@pytest.mark.parametrize(
    ("expression", "reason"),
    [
        ("someday", "unknown word 'someday'"),
        ("blorp", "unknown word 'blorp'"),
        ("", "empty"),
        ("   ", "empty"),
        ("13/45/2026", "there is no month 45"),
        ("11/31/2026", "there is no November 31 in 2026"),
        ("february 30", "there is no February 30"),
        ("feb 29 2026", "there is no February 29 in 2026"),
        ("2026-02-30", "there is no February 30 in 2026"),
        ("2026-13", "no month 13"),
        ("the 32nd", "no month has a day 32"),
        ("25:00", "not a time of day"),
        ("13pm", "not a time of day"),
        # a weekday beside a year-less date picks that year, the next or the one before
        # ("monday, november 29" is 2027's); when none of them fits, it is an error
        ("friday, november 29", "is a Sunday, not a Friday"),
        ("friday, november 29, 2026", "is a Sunday, not a Friday"),
        ("last 0 days", "empty"),
        ("100000 years ago", "out of range"),
        ("99999999999999 days ago", "out of range"),
        ("<2026-11-29 Sun]", "brackets"),
        ("<%%(diary-float t 4 2)>", "diary"),
        ("2026-W54", "no ISO week 54"),
        ("yesterday tomorrow", ""),
        ("last", ""),
        ("3 m ago", ""),  # minutes or months?
        ("tomorow", "did you mean 'tomorrow'?"),
        ("next wensday", "did you mean 'wednesday'?"),
        ("start of " * 1000 + "today", ""),
        ("start of " * 30 + "today", "nested too deeply"),
        ("past d", ""),
        ("[2026-11-29 Sun 11:00-09:00]", "ends before it starts"),
    ],
)
def test_refusals_name_the_expression(expression: str, reason: str) -> None:
    with pytest.raises(TimeExpressionError) as caught:
        resolve(expression, SUN, BERLIN)
    assert caught.value.expression == expression
    assert repr(expression)[:40] in str(caught.value)
    assert reason in str(caught.value)


def test_refusal_is_a_usage_error_exit_2() -> None:
    with pytest.raises(UsageError) as caught:
        resolve("blorp", SUN, BERLIN)
    assert int(caught.value.exit_status) == 2


# --------------------------------------------------------------------------------------------
# not_before and ranges
# --------------------------------------------------------------------------------------------

NOT_BEFORE_CASES = [
    # bare weekday: first one at or after not_before (Monday 23 Nov)
    ("friday", datetime(2026, 11, 23, tzinfo=BERLIN), day("2026-11-27")),
    ("monday", datetime(2026, 11, 23, 9, tzinfo=BERLIN), day("2026-11-23")),
    ("monday", datetime(2026, 11, 27, tzinfo=BERLIN), day("2026-11-30")),
    (
        "friday 5pm",
        datetime(2026, 11, 23, tzinfo=BERLIN),
        ("2026-11-27T17:00:00+01:00", "2026-11-27T17:01:00+01:00", "minute"),
    ),
    (
        "march",
        datetime(2025, 12, 1, tzinfo=BERLIN),
        ("2026-03-01T00:00:00+01:00", "2026-04-01T00:00:00+02:00", "month"),
    ),
    (
        "november",
        datetime(2026, 11, 10, tzinfo=BERLIN),
        ("2026-11-01T00:00:00+01:00", "2026-12-01T00:00:00+01:00", "month"),
    ),
    (
        "january",
        datetime(2026, 11, 10, tzinfo=BERLIN),
        ("2027-01-01T00:00:00+01:00", "2027-02-01T00:00:00+01:00", "month"),
    ),
    ("dec 5", datetime(2026, 11, 20, tzinfo=BERLIN), day("2026-12-05")),
    ("the 3rd", datetime(2026, 11, 20, tzinfo=BERLIN), day("2026-12-03")),
    (
        "q1",
        datetime(2026, 11, 20, tzinfo=BERLIN),
        ("2027-01-01T00:00:00+01:00", "2027-04-01T00:00:00+02:00", "quarter"),
    ),
    (
        "weekend",
        datetime(2026, 11, 24, tzinfo=BERLIN),
        ("2026-11-28T00:00:00+01:00", "2026-11-30T00:00:00+01:00", "day"),
    ),
    # not bare: unaffected
    ("last friday", datetime(2026, 11, 1, tzinfo=BERLIN), day("2026-11-27")),
    ("yesterday", datetime(2026, 12, 25, tzinfo=BERLIN), day("2026-11-28")),
]


@pytest.mark.parametrize(("expression", "not_before", "expected"), NOT_BEFORE_CASES)
def test_not_before(expression: str, not_before: datetime, expected: tuple) -> None:
    assert span(expression, not_before=not_before) == expected


def test_range_is_inclusive_of_the_until_window() -> None:
    first, second = resolve_range("monday", "friday", SUN, BERLIN)
    assert first.start.isoformat() == "2026-11-23T00:00:00+01:00"
    assert second.end.isoformat() == "2026-11-28T00:00:00+01:00"  # all of Friday included


def test_range_until_weekday_runs_forward_from_since() -> None:
    # Past-leaning alone, "monday" would be 23 Nov, before Friday 27 Nov.
    first, second = resolve_range("friday", "monday", SUN, BERLIN)
    assert (first.start.isoformat(), second.end.isoformat()) == (
        "2026-11-27T00:00:00+01:00",
        "2026-12-01T00:00:00+01:00",
    )


def test_range_months_and_clock_times() -> None:
    first, second = resolve_range("march", "may", SUN, BERLIN)
    assert (first.start.isoformat(), second.end.isoformat()) == (
        "2026-03-01T00:00:00+01:00",
        "2026-06-01T00:00:00+02:00",
    )
    first, second = resolve_range("9am", "5pm", SUN, BERLIN)
    assert (first.start.isoformat(), second.end.isoformat()) == (
        "2026-11-29T09:00:00+01:00",
        "2026-11-29T17:01:00+01:00",
    )
    first, second = resolve_range("last monday", "yesterday", SUN, BERLIN)
    assert (first.start.isoformat(), second.end.isoformat()) == (
        "2026-11-23T00:00:00+01:00",
        "2026-11-29T00:00:00+01:00",
    )


def test_range_of_boundaries_is_exactly_the_period() -> None:
    first, second = resolve_range("start of last month", "end of last month", SUN, BERLIN)
    last_month = resolve("last month", SUN, BERLIN)
    assert first.start.isoformat() == last_month.start.isoformat()
    assert second.end.isoformat() == last_month.end.isoformat()


def test_reversed_range_names_both_expressions() -> None:
    with pytest.raises(TimeExpressionError) as caught:
        resolve_range("tomorrow", "yesterday", SUN, BERLIN)
    message = str(caught.value)
    assert "'tomorrow'" in message and "'yesterday'" in message
    with pytest.raises(TimeExpressionError):
        resolve_range("next week", "last monday", SUN, BERLIN)


def test_range_same_day_is_fine() -> None:
    first, second = resolve_range("today", "today", SUN, BERLIN)
    assert second.end.timestamp() - first.start.timestamp() == 24 * 3600


# --------------------------------------------------------------------------------------------
# DST: days stay calendar days
# --------------------------------------------------------------------------------------------

DST_CASES = [
    # Berlin spring forward, Sunday 29 March 2026 02:00 -> 03:00: a 23-hour day
    (
        "yesterday",
        datetime(2026, 3, 30, 12, tzinfo=BERLIN),
        BERLIN,
        ("2026-03-29T00:00:00+01:00", "2026-03-30T00:00:00+02:00", "day"),
        23,
    ),
    (
        "today",
        datetime(2026, 3, 29, 12, tzinfo=BERLIN),
        BERLIN,
        ("2026-03-29T00:00:00+01:00", "2026-03-30T00:00:00+02:00", "day"),
        23,
    ),
    (
        "this week",
        datetime(2026, 3, 29, 12, tzinfo=BERLIN),
        BERLIN,
        ("2026-03-23T00:00:00+01:00", "2026-03-30T00:00:00+02:00", "week"),
        167,
    ),
    (
        "past day",
        datetime(2026, 3, 30, 12, tzinfo=BERLIN),
        BERLIN,
        ("2026-03-29T00:00:00+01:00", "2026-03-30T00:00:00+02:00", "day"),
        23,
    ),
    (
        "last 24 hours",
        datetime(2026, 3, 29, 12, tzinfo=BERLIN),
        BERLIN,
        ("2026-03-28T11:00:00+01:00", "2026-03-29T12:00:00+02:00", "hour"),
        24,
    ),
    (
        "last night",
        datetime(2026, 3, 29, 12, tzinfo=BERLIN),
        BERLIN,
        ("2026-03-28T18:00:00+01:00", "2026-03-29T04:00:00+02:00", "hour"),
        9,
    ),
    # 02:30 does not exist that night: pushed forward by the gap
    (
        "2:30am",
        datetime(2026, 3, 29, 12, tzinfo=BERLIN),
        BERLIN,
        ("2026-03-29T03:30:00+02:00", "2026-03-29T03:31:00+02:00", "minute"),
        None,
    ),
    # Berlin fall back, Sunday 25 October 2026 03:00 -> 02:00: a 25-hour day
    (
        "yesterday",
        datetime(2026, 10, 26, 9, tzinfo=BERLIN),
        BERLIN,
        ("2026-10-25T00:00:00+02:00", "2026-10-26T00:00:00+01:00", "day"),
        25,
    ),
    (
        "3 days ago",
        datetime(2026, 10, 28, 9, tzinfo=BERLIN),
        BERLIN,
        ("2026-10-25T00:00:00+02:00", "2026-10-26T00:00:00+01:00", "day"),
        25,
    ),
    (
        "last month",
        datetime(2026, 11, 5, 9, tzinfo=BERLIN),
        BERLIN,
        ("2026-10-01T00:00:00+02:00", "2026-11-01T00:00:00+01:00", "month"),
        31 * 24 + 1,
    ),
    # the repeated hour: 02:30 is its first occurrence
    (
        "2:30am",
        datetime(2026, 10, 25, 12, tzinfo=BERLIN),
        BERLIN,
        ("2026-10-25T02:30:00+02:00", "2026-10-25T02:31:00+02:00", "minute"),
        None,
    ),
    # New York spring forward, Sunday 8 March 2026
    (
        "yesterday",
        datetime(2026, 3, 9, 12, tzinfo=NEW_YORK),
        NEW_YORK,
        ("2026-03-08T00:00:00-05:00", "2026-03-09T00:00:00-04:00", "day"),
        23,
    ),
    # New York fall back, Sunday 1 November 2026
    (
        "yesterday",
        datetime(2026, 11, 2, 12, tzinfo=NEW_YORK),
        NEW_YORK,
        ("2026-11-01T00:00:00-04:00", "2026-11-02T00:00:00-05:00", "day"),
        25,
    ),
    (
        "last night",
        datetime(2026, 11, 2, 12, tzinfo=NEW_YORK),
        NEW_YORK,
        ("2026-11-01T18:00:00-05:00", "2026-11-02T04:00:00-05:00", "hour"),
        10,
    ),
    (
        "last sunday",
        datetime(2026, 11, 4, 12, tzinfo=NEW_YORK),
        NEW_YORK,
        ("2026-11-01T00:00:00-04:00", "2026-11-02T00:00:00-05:00", "day"),
        25,
    ),
]


@pytest.mark.parametrize(("expression", "now", "tz", "expected", "hours"), DST_CASES)
def test_dst(
    expression: str, now: datetime, tz: ZoneInfo, expected: tuple, hours: int | None
) -> None:
    window = resolve(expression, now, tz)
    assert (window.start.isoformat(), window.end.isoformat(), window.grain) == expected
    if hours is not None:
        assert window.end.timestamp() - window.start.timestamp() == hours * 3600


def test_hours_ago_walks_through_the_repeated_hour() -> None:
    # 03:30 CET on 25 Oct 2026 is 02:30 UTC; the two 02:00 hours are different hours.
    now = datetime(2026, 10, 25, 3, 30, tzinfo=BERLIN)
    one, two = resolve("an hour ago", now, BERLIN), resolve("2 hours ago", now, BERLIN)
    assert one.start.isoformat() == "2026-10-25T02:30:00+01:00"
    assert two.start.isoformat() == "2026-10-25T02:30:00+02:00"
    assert one.start.timestamp() - two.start.timestamp() == 3600


def test_now_is_converted_into_the_zone() -> None:
    utc_now = datetime(2026, 11, 29, 23, 30, tzinfo=UTC)  # already 30 Nov 00:30 in Berlin
    assert span("today", utc_now) == day("2026-11-30")
    naive = datetime(2026, 11, 29, 23, 30)  # naive = wall clock in the zone
    assert span("today", naive) == day("2026-11-29")


def test_fixed_offset_zones_work_too() -> None:
    plus_five = timezone(timedelta(hours=5))
    window = resolve("yesterday", datetime(2026, 11, 29, 1, tzinfo=plus_five), plus_five)
    assert window.start.isoformat() == "2026-11-28T00:00:00+05:00"


# --------------------------------------------------------------------------------------------
# Window JSON, parse_now, zone
# --------------------------------------------------------------------------------------------


def test_to_json_shape() -> None:
    window = resolve("yesterday", SUN, BERLIN)
    assert isinstance(window, Window)
    assert window.to_json(SUN.astimezone(UTC), "Europe/Berlin") == {
        "expression": "yesterday",
        "now": "2026-11-29T14:30:00+01:00",
        "tz": "Europe/Berlin",
        "start": "2026-11-28T00:00:00+01:00",
        "end": "2026-11-29T00:00:00+01:00",
        "grain": "day",
        "approximate": False,
        "kind": "point",
    }


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("2026-11-29T14:30", "2026-11-29T14:30:00+01:00"),
        ("2026-11-29T14:30:45", "2026-11-29T14:30:45+01:00"),
        ("2026-11-29", "2026-11-29T00:00:00+01:00"),
        ("2026-11-29T13:30:00Z", "2026-11-29T14:30:00+01:00"),
        ("2026-11-29T14:30:00-05:00", "2026-11-29T20:30:00+01:00"),
        ("3 November 2026", "2026-11-03T00:00:00+01:00"),
        ("<2026-11-29 Sun 09:30>", "2026-11-29T09:30:00+01:00"),
    ],
)
def test_parse_now(text: str, expected: str) -> None:
    assert parse_now(text, BERLIN).isoformat() == expected


@pytest.mark.parametrize(
    ("text", "dayfirst", "expected"),
    [
        ("03/11/2026", False, "2026-03-11T00:00:00+01:00"),
        ("03/11/2026", True, "2026-11-03T00:00:00+01:00"),
        ("03.11.2026 09:30", True, "2026-11-03T09:30:00+01:00"),
        ("11/03/2026 14:00", True, "2026-03-11T14:00:00+01:00"),
        ("2026-11-03", True, "2026-11-03T00:00:00+01:00"),  # ISO is never reordered
    ],
)
def test_parse_now_honours_dayfirst(text: str, dayfirst: bool, expected: str) -> None:
    assert parse_now(text, BERLIN, dayfirst=dayfirst).isoformat() == expected


@pytest.mark.parametrize("text", ["yesterday", "monday", "nov 3", "9am", "blorp"])
def test_parse_now_refuses_relative_or_unknown(text: str) -> None:
    with pytest.raises(TimeExpressionError):
        parse_now(text, BERLIN)


def test_parse_now_kept_for_a_text_is_still_read_per_zone_and_refusals_repeat() -> None:
    """The absolute ``--now`` is remembered (MCP reads it per call); the zone and dayfirst
    are part of what it is remembered by, and a refused text is refused every time."""
    tokyo = ZoneInfo("Asia/Tokyo")
    assert parse_now("2026-11-29 09:30", BERLIN).isoformat() == "2026-11-29T09:30:00+01:00"
    assert parse_now("2026-11-29 09:30", tokyo).isoformat() == "2026-11-29T09:30:00+09:00"
    assert parse_now("03/11/2026", BERLIN, dayfirst=True).month == 11
    assert parse_now("03/11/2026", BERLIN).month == 3
    for _ in range(2):
        with pytest.raises(TimeExpressionError):
            parse_now("yesterday", BERLIN)


def test_parse_now_none_is_the_real_clock() -> None:
    before = datetime.now(UTC).replace(microsecond=0)
    value = parse_now(None, BERLIN)
    after = datetime.now(UTC)
    assert value.tzinfo is BERLIN and value.microsecond == 0
    assert before <= value <= after
    assert parse_now("  ", BERLIN).tzinfo is BERLIN


def test_zone_by_name() -> None:
    assert zone("Europe/Berlin") is BERLIN
    assert zone("  america/new_york ").key == "America/New_York"
    assert zone_name(zone("UTC")) == "UTC"


@pytest.mark.parametrize("name", ["Mars/Olympus_Mons", "", "../../etc/passwd", "Europe"])
def test_unknown_zone_is_a_usage_error_naming_it(name: str) -> None:
    with pytest.raises(UsageError) as caught:
        zone(name)
    assert repr(name) in str(caught.value)


def test_system_zone_follows_tz(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TZ", "Asia/Kolkata")
    assert zone(None).key == "Asia/Kolkata"
    monkeypatch.setenv("TZ", ":America/New_York")
    assert zone(None).key == "America/New_York"
    monkeypatch.setenv("TZ", "Nowhere/Land")
    with pytest.raises(UsageError, match="TZ"):
        zone(None)
    monkeypatch.delenv("TZ")
    assert isinstance(zone(None), ZoneInfo)


def test_import_is_light() -> None:
    code = (
        "import sys, prme_cli.timeexpr; "
        "heavy = {'dateutil', 'typer', 'rich', 'httpx', 'tiktoken', 'orgparse'}; "
        "print(sorted(m for m in heavy if m in sys.modules))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"


# --------------------------------------------------------------------------------------------
# find_expressions
# --------------------------------------------------------------------------------------------

FIND_CASES = [
    ("I finished it two weeks ago.", ["two weeks ago"]),
    ("We met last Sunday and again yesterday evening.", ["last Sunday", "yesterday evening"]),
    ("I may go in May.", ["May"]),
    ("We march on; in March we rest.", ["March"]),
    ("Hung the frame on 2026-11-03 at 9am.", ["2026-11-03 at 9am"]),
    (
        "Closed <2026-11-29 Sun 09:30> and noted [2026-11-28 Sat].",
        ["<2026-11-29 Sun 09:30>", "[2026-11-28 Sat]"],
    ),
    ("March 3rd, 2026 was fine.", ["March 3rd, 2026"]),
    ("We leave in 3 days.", ["in 3 days"]),
    ("It took 2000 bricks in 2026.", ["2026"]),
    ("The 2nd option is better. Now we know.", []),
    ("The sun sat low; I was sad.", []),
    ("Nothing temporal here at all.", []),
    ("Call me tomorrow at 5pm, or friday afternoon", ["tomorrow at 5pm", "friday afternoon"]),
    ("Send it by end of day, then sleep.", ["by end of day"]),
    (
        "a fortnight ago, and the day before yesterday",
        ["a fortnight ago", "the day before yesterday"],
    ),
]


#: A meal or the sun inside a noun phrase is the event, not its time; after a preposition
#: it is the part of the day it names.
MEAL_CASES = [
    ("Booked a table for Ingrid's birthday dinner on Friday.", ["on Friday"], ["Friday"]),
    ("Our team lunch on Monday ran long.", ["on Monday"], ["Monday"]),
    ("We photographed the sunset yesterday.", ["yesterday"], ["yesterday"]),
    ("We met at lunch on Friday.", ["at lunch on Friday"], ["at lunch on Friday"]),
    ("Let's talk over dinner tomorrow.", ["over dinner tomorrow"], ["over dinner tomorrow"]),
]


@pytest.mark.parametrize(("text", "either", "or_"), MEAL_CASES)
def test_find_reads_a_meal_as_a_time_only_after_a_preposition(
    text: str, either: list[str], or_: list[str]
) -> None:
    phrases = [phrase for _, _, phrase in find_expressions(text)]
    assert phrases in (either, or_)


def test_a_meal_after_a_day_and_at_is_its_part_of_the_day() -> None:
    lunch = ("2026-11-30T12:00:00+01:00", "2026-11-30T14:00:00+01:00")
    assert span("tomorrow at lunch")[:2] == lunch
    assert span("at lunch tomorrow")[:2] == lunch


@pytest.mark.parametrize(("text", "phrases"), FIND_CASES)
def test_find_expressions(text: str, phrases: list[str]) -> None:
    found = find_expressions(text)
    assert [phrase for _, _, phrase in found] == phrases
    for start, end, phrase in found:
        assert text[start:end] == phrase


# --------------------------------------------------------------------------------------------
# Properties
# --------------------------------------------------------------------------------------------

ZONES = [
    BERLIN,
    NEW_YORK,
    ZoneInfo("Australia/Sydney"),
    ZoneInfo("Asia/Kolkata"),
    ZoneInfo("UTC"),
    ZoneInfo("America/St_Johns"),
]
zones = st.sampled_from(ZONES)
wall_times = st.datetimes(min_value=datetime(1990, 1, 1), max_value=datetime(2040, 12, 31))


def aware(wall: datetime, tz: ZoneInfo) -> datetime:
    return wall.replace(tzinfo=tz).astimezone(UTC).astimezone(tz)


@settings(max_examples=300, deadline=None)
@given(wall_times, zones, st.integers(min_value=1, max_value=4000))
def test_n_days_ago_is_a_whole_day_adjacent_to_the_next(
    wall: datetime, tz: ZoneInfo, n: int
) -> None:
    now = aware(wall, tz)
    window = resolve(f"{n} days ago", now, tz)
    newer = resolve(f"{n - 1} days ago", now, tz)
    expected_day = now.date() - timedelta(days=n)
    assert window.grain == "day"
    assert window.start.date() == expected_day and window.start.time() == time(0)
    assert window.end.timestamp() == newer.start.timestamp()
    assert 22 * 3600 <= window.end.timestamp() - window.start.timestamp() <= 26 * 3600


@settings(max_examples=200, deadline=None)
@given(
    wall_times,
    zones,
    st.integers(min_value=1, max_value=300),
    st.sampled_from(["weeks", "months", "years", "hours", "minutes"]),
)
def test_n_units_ago_is_the_day_or_instant_that_far_back(
    wall: datetime, tz: ZoneInfo, n: int, unit: str
) -> None:
    from dateutil.relativedelta import relativedelta

    now = aware(wall, tz)
    window = resolve(f"{n} {unit} ago", now, tz)
    if unit in ("hours", "minutes"):
        # an instant: the minute that many elapsed hours/minutes before now
        back = (now.astimezone(UTC) - timedelta(**{unit: n})).astimezone(tz)
        assert window.grain == "minute"
        assert window.start.timestamp() == back.replace(second=0, microsecond=0).timestamp()
    else:
        assert window.grain == "day"
        assert window.start.date() == now.date() - relativedelta(**{unit: n})


EXPRESSIONS = [
    e
    for e, _ in RELATIVE_CASES + CALENDAR_CASES + CLOCK_CASES + ANCHOR_CASES
    # a yearless date with a weekday is valid only in years where they agree
    if e not in {"beginning of time", "sunday, november 29"}
] + [e for e, _, _ in WEEKDAY_CASES]


def _aligned(window: Window) -> bool:
    """Whether the window starts on a boundary of its grain (spans measured back from now or
    from today are exempt)."""
    start = window.start
    if window.grain == "second":
        return start.microsecond == 0
    if window.grain == "minute":
        return start.second == 0
    if window.grain == "hour":
        return start.minute == 0
    if start.time() != time(0):
        return False
    if window.grain == "month":
        return start.day == 1
    if window.grain == "quarter":
        return start.day == 1 and start.month in (1, 4, 7, 10)
    if window.grain == "year":
        return (start.month, start.day) == (1, 1)
    return True


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(EXPRESSIONS), wall_times, zones)
def test_every_window_is_nonempty_and_honours_its_grain(
    expression: str, wall: datetime, tz: ZoneInfo
) -> None:
    now = aware(wall, tz)
    window = resolve(expression, now, tz)
    assert window.grain in GRAINS
    assert window.start.timestamp() < window.end.timestamp()
    assert window.start.tzinfo is tz and window.end.tzinfo is tz
    today = datetime.combine(now.date(), time(0))
    spans_ending_now = window.end.timestamp() in (
        now.timestamp(),
        aware(today, tz).timestamp(),
    ) and expression not in {"now", "right now"}
    if not spans_ending_now:
        assert _aligned(window), (expression, window)


@settings(max_examples=200, deadline=None)
@given(
    st.sampled_from(["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]),
    wall_times,
    zones,
)
def test_bare_weekday_is_within_the_last_week_and_last_is_strictly_before(
    name: str, wall: datetime, tz: ZoneInfo
) -> None:
    now = aware(wall, tz)
    today = now.date()
    bare = resolve(name, now, tz).start.date()
    last = resolve(f"last {name}", now, tz).start.date()
    following = resolve(f"next {name}", now, tz).start.date()
    assert bare.strftime("%A").lower() == name
    assert today - timedelta(days=6) <= bare <= today
    assert today - timedelta(days=7) <= last < today
    # next <weekday> is that day of next week: after this week, within the next one
    week_end = today + timedelta(days=7 - today.weekday())
    assert week_end <= following < week_end + timedelta(days=7)


@settings(max_examples=200, deadline=None)
@given(
    st.sampled_from(
        ["monday", "friday", "sunday", "march", "december", "the 31st", "feb 29", "weekend", "q2"]
    ),
    wall_times,
    st.dates(min_value=date(1995, 1, 1), max_value=date(2035, 1, 1)),
)
def test_not_before_never_goes_back(name: str, wall: datetime, floor: date) -> None:
    now = aware(wall, BERLIN)
    not_before = datetime.combine(floor, time(0), tzinfo=BERLIN)
    window = resolve(name, now, BERLIN, not_before=not_before)
    assert window.end.timestamp() > not_before.timestamp()
    assert window.start.date() <= floor + timedelta(days=366 * 8)


vocabulary_words = st.sampled_from(
    [
        "last",
        "next",
        "this",
        "past",
        "the",
        "of",
        "at",
        "in",
        "on",
        "ago",
        "from",
        "now",
        "a",
        "day",
        "days",
        "week",
        "weeks",
        "month",
        "year",
        "weekend",
        "monday",
        "friday",
        "march",
        "may",
        "3",
        "12",
        "2026",
        "3rd",
        "31st",
        "9am",
        "14:30",
        ",",
        "noon",
        "morning",
        "night",
        "tonight",
        "yesterday",
        "tomorrow",
        "before",
        "after",
        "end",
        "start",
        "q3",
        "2026-11-03",
        "eod",
        "sow",
        "two",
        "twenty",
        "first",
        "fortnight",
        "hours",
    ]
)


@settings(max_examples=500, deadline=None)
@given(
    st.one_of(
        st.text(max_size=40), st.lists(vocabulary_words, min_size=1, max_size=6).map(" ".join)
    ),
    wall_times,
    zones,
)
def test_arbitrary_text_only_ever_raises_time_expression_error(
    text: str, wall: datetime, tz: ZoneInfo
) -> None:
    now = aware(wall, tz)
    try:
        window = resolve(text, now, tz)
    except TimeExpressionError as error:
        assert error.expression == text
        return
    assert window.start.timestamp() < window.end.timestamp()
    assert window.grain in GRAINS


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.one_of(vocabulary_words, st.sampled_from(["I", "went", "home", ".", "and"])), max_size=15
    ).map(" ".join)
)
def test_found_expressions_resolve_and_do_not_overlap(text: str) -> None:
    previous_end = -1
    from prme_cli.timeexpr import find

    for found in find(text, SUN, BERLIN):
        start, end = found.offset, found.offset + found.length
        assert text[start:end] == found.text
        assert start >= previous_end
        previous_end = end
        if found.kind == "duration":
            assert found.seconds is not None and found.start is None
        elif found.start is not None and found.end is not None:  # open ends are None
            assert found.start < found.end


def test_grain_names_are_the_spec_list() -> None:
    assert GRAINS == ("second", "minute", "hour", "day", "week", "month", "quarter", "year")
