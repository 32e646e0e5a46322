"""The bank holidays of England and Wales come from the ``holidays`` library's GB tables.

The dates below were worked out by hand, from a calendar and the proclamations that moved a
holiday (VE Day's 75th anniversary moved the early May holiday of 2020 to Friday 8 May; the
Golden, Diamond and Platinum Jubilees moved the spring one of 2002, 2012 and 2022 into
June), not from the engine or the library. A weekday rule (the first or last Monday of the
month) gets every moved year wrong, so these tests fail on the rule the library replaced.
"""

from __future__ import annotations

import os
import subprocess
import sys
from datetime import date, datetime

import pytest

from prme_cli.errors import TimeExpressionError
from prme_cli.timeexpr import find, resolve, zone

LONDON = zone("Europe/London")
#: Tuesday 1 December 2026, 10:00 in London
NOW = datetime(2026, 12, 1, 10, 0, tzinfo=LONDON)


def day_of(expression: str, now: datetime = NOW) -> date:
    window = resolve(expression, now, LONDON)
    assert window.grain == "day", expression
    assert (window.end - window.start).days == 1, expression  # one whole London day
    return window.start.date()


@pytest.mark.parametrize(
    ("expression", "day"),
    [
        # the early May bank holiday: the first Monday of May, but Friday 8 May in 2020
        ("early may bank holiday 2019", date(2019, 5, 6)),
        ("the early may bank holiday 2020", date(2020, 5, 8)),
        ("may day bank holiday 2021", date(2021, 5, 3)),
        ("the may bank holiday in 2026", date(2026, 5, 4)),
        ("Early May Bank Holiday 2031", date(2031, 5, 5)),
        ("may bank holiday 1995", date(1995, 5, 8)),  # VE Day's 50th, a Monday
        # the spring bank holiday: the last Monday of May, but in June in jubilee years
        ("spring bank holiday 2021", date(2021, 5, 31)),
        ("Spring Bank Holiday 2022", date(2022, 6, 2)),  # a Thursday
        ("the spring bank holiday of 2012", date(2012, 6, 4)),
        ("whitsun bank holiday 2002", date(2002, 6, 4)),
        ("late may bank holiday 2026", date(2026, 5, 25)),
        ("Spring Bank Holiday 2031", date(2031, 5, 26)),
        # the August (late summer) bank holiday: the last Monday of August
        ("the august bank holiday 2022", date(2022, 8, 29)),
        ("summer bank holiday 2026", date(2026, 8, 31)),
        ("late summer bank holiday 2031", date(2031, 8, 25)),
        ("August Bank Holiday 1999", date(1999, 8, 30)),
        # not bank holidays, and not in the library: rules of their own
        ("remembrance sunday 2026", date(2026, 11, 8)),  # the second Sunday of November
        ("Remembrance Sunday 2031", date(2031, 11, 9)),
        ("mothering sunday 2031", date(2031, 3, 23)),  # Easter 2031 is 13 April
        # Boxing Day is the 26th by its name, also when the day off moves to a Monday
        ("boxing day 2026", date(2026, 12, 26)),  # a Saturday; the day off is Monday 28th
        ("Boxing Day 2027", date(2027, 12, 26)),  # a Sunday
        ("boxing day 2031", date(2031, 12, 26)),
    ],
)
def test_bank_holidays_of_a_given_year(expression: str, day: date) -> None:
    assert day_of(expression) == day


@pytest.mark.parametrize(
    ("expression", "day"),
    [
        # past-leaning, as every bare holiday: the most recent one (reference 1 Dec 2026)
        ("the august bank holiday", date(2026, 8, 31)),
        ("early may bank holiday", date(2026, 5, 4)),
        ("spring bank holiday", date(2026, 5, 25)),
        ("boxing day", date(2025, 12, 26)),
        ("next spring bank holiday", date(2027, 5, 31)),
        ("last august bank holiday", date(2026, 8, 31)),
        ("the may bank holiday after next", date(2028, 5, 1)),
    ],
)
def test_bank_holidays_counted_from_now(expression: str, day: date) -> None:
    assert day_of(expression) == day


def test_a_bare_bank_holiday_in_a_moved_year_is_the_moved_day() -> None:
    # in summer 2022 "the spring bank holiday" was the Thursday of the Platinum Jubilee
    assert day_of("the spring bank holiday", datetime(2022, 7, 1, tzinfo=LONDON)) == date(
        2022, 6, 2
    )
    assert day_of("the may bank holiday", datetime(2020, 6, 1, tzinfo=LONDON)) == date(2020, 5, 8)


def test_offsets_from_a_moved_bank_holiday_count_from_the_moved_day() -> None:
    assert day_of("two days after the spring bank holiday 2022") == date(2022, 6, 4)
    assert day_of("a week before the august bank holiday 2026") == date(2026, 8, 24)


def test_a_bank_holiday_before_there_were_any_is_refused() -> None:
    # the Banking and Financial Dealings Act 1971 set the spring and late summer holidays,
    # the early May one came in 1978: no year before them has one (never a guessed Monday)
    for expression in ("spring bank holiday 1960", "the may bank holiday 1975"):
        with pytest.raises(TimeExpressionError, match="no date for that holiday"):
            resolve(expression, NOW, LONDON)


def test_bank_holidays_found_in_running_text() -> None:
    text = "We closed for the spring bank holiday 2022 and again on the August bank holiday."
    found = [(f.text, f.start.date() if f.start else None) for f in find(text, NOW, LONDON)]
    assert found == [
        ("the spring bank holiday 2022", date(2022, 6, 2)),
        ("the August bank holiday", date(2026, 8, 31)),
    ]


def test_the_holiday_library_loads_only_for_a_holiday_that_needs_it() -> None:
    code = (
        "import sys; from datetime import datetime, timezone; "
        "from prme_cli.timeexpr import resolve, zone; "
        "now = datetime(2026, 12, 1, tzinfo=timezone.utc); "
        "[resolve(e, now, zone('UTC')) for e in ('today', 'boxing day', 'christmas', "
        "'remembrance sunday', 'mothering sunday', 'last week')]; "
        "print('holidays' in sys.modules); "
        "resolve('spring bank holiday', now, zone('UTC')); print('holidays' in sys.modules)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        env={k: v for k, v in os.environ.items() if k != "PYTHONPATH"},
    )
    assert out.stdout.split() == ["False", "True"]
