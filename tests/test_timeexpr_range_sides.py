"""What one side of a range lends the other: a bare day before a day of a relative month.

``from the 4th to the 9th of next month`` had started on the most recent 4th (this month's or
last month's) and ended in next month: a window of five weeks for a span of six days, a
wrong answer. The bare first day now takes the month of the side that names one. Phrases
invented for the rule, in several wordings, with the near-misses that keep their reading.

Reference: Wednesday 2026-06-17 09:40 UTC.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from prme_cli.errors import TimeExpressionError
from prme_cli.timeexpr import find, resolve

NOW = datetime(2026, 6, 17, 9, 40, tzinfo=UTC)


def days(expression: str) -> tuple[str, str]:
    """The window's first day and the day after its last."""
    w = resolve(expression, NOW, UTC)
    return w.start.date().isoformat(), w.end.date().isoformat()


@pytest.mark.parametrize(
    "expression",
    [
        "from the 4th to the 9th of next month",
        "between the 4th and the 9th of next month",
        "between the 4th and 9th of next month",
        "the 4th to the 9th of next month",
        "the 4th-9th of next month",
        "from the fourth to the ninth of next month",
        "4th - 9th of next month",
    ],
)
def test_bare_first_day_takes_the_next_month_of_the_last_side(expression: str) -> None:
    assert days(expression) == ("2026-07-04", "2026-07-10")


@pytest.mark.parametrize(
    ("expression", "expected"),
    [
        ("from the 4th to the 9th of last month", ("2026-05-04", "2026-05-10")),
        ("between the 10th and the 12th of last month", ("2026-05-10", "2026-05-13")),
        ("from the 4th to the 9th of this month", ("2026-06-04", "2026-06-10")),
        ("from the 20th to the 25th of the month after next", ("2026-08-20", "2026-08-26")),
    ],
)
def test_bare_first_day_takes_any_relative_month_of_the_last_side(
    expression: str, expected: tuple[str, str]
) -> None:
    assert days(expression) == expected


@pytest.mark.parametrize(
    ("expression", "expected"),
    [
        # the first day is the larger: it is in the month before the named one
        ("from the 27th to the 3rd of next month", ("2026-06-27", "2026-07-04")),
        ("between the 28th and the 2nd of this month", ("2026-05-28", "2026-06-03")),
    ],
)
def test_a_larger_first_day_is_in_the_month_before(
    expression: str, expected: tuple[str, str]
) -> None:
    assert days(expression) == expected


@pytest.mark.parametrize(
    ("expression", "expected"),
    [
        # the first side names its own month: nothing is lent
        ("from the 4th of this month to the 9th of next month", ("2026-06-04", "2026-07-10")),
        ("from may 30 to the 2nd of next month", ("2026-05-30", "2026-07-03")),
        # a named month was lent before the rule and still is
        ("between the 4th and the 9th of march", ("2026-03-04", "2026-03-10")),
        # weekdays lend their week, not a month
        ("tuesday to thursday next week", ("2026-06-23", "2026-06-26")),
    ],
)
def test_sides_that_name_their_own_time_keep_it(expression: str, expected: tuple[str, str]) -> None:
    assert days(expression) == expected


def test_running_text_reads_the_range_in_the_named_month() -> None:
    note = "I'll be in Lisbon from the 4th to the 9th of next month, back on the 10th."
    got = find(note, NOW, UTC)
    assert got[0].text == "from the 4th to the 9th of next month"
    assert (got[0].start.date().isoformat(), got[0].end.date().isoformat()) == (
        "2026-07-04",
        "2026-07-10",
    )


# ------------------------------------------------- a run of years with a two-digit end


@pytest.mark.parametrize(
    ("expression", "expected"),
    [
        ("2011-13", ("2011-01-01", "2014-01-01")),
        ("2019-21", ("2019-01-01", "2022-01-01")),
        ("1994-97", ("1994-01-01", "1998-01-01")),
        ("1998/99", ("1998-01-01", "2000-01-01")),
        ("2019-20", ("2019-01-01", "2021-01-01")),  # the next year, as before
        ("1999-00", ("1999-01-01", "2001-01-01")),  # over the century, the next year only
    ],
)
def test_a_year_and_two_digits_that_cannot_be_a_month_are_a_run_of_years(
    expression: str, expected: tuple[str, str]
) -> None:
    assert days(expression) == expected


@pytest.mark.parametrize(
    ("expression", "expected"),
    [
        ("2019-05", ("2019-05-01", "2019-06-01")),  # a month of the year
        ("2010-12", ("2010-12-01", "2011-01-01")),  # December, not 2010 to 2012
        ("2019-11", ("2019-11-01", "2019-12-01")),
    ],
)
def test_two_digits_that_can_be_a_month_stay_the_month(
    expression: str, expected: tuple[str, str]
) -> None:
    assert days(expression) == expected


@pytest.mark.parametrize("expression", ["2019-18", "2019-13"])
def test_two_digits_before_the_year_or_past_december_are_refused(expression: str) -> None:
    with pytest.raises(TimeExpressionError):
        resolve(expression, NOW, UTC)


@pytest.mark.parametrize("expression", ["1530-44", "2150-60", "1990-19", "2001-45"])
def test_runs_outside_these_two_centuries_or_over_twenty_years_are_refused(
    expression: str,
) -> None:
    with pytest.raises(TimeExpressionError):
        resolve(expression, NOW, UTC)


def test_in_a_note_only_the_next_years_short_form_is_found() -> None:
    # a run to a later year is read as a whole phrase; inside a sentence "1994-97" is as
    # often a code, a score or a page range, and stays unfound, as "Dial 1200-45" does
    assert find("We lived there 1994-97.", NOW, UTC) == []
    assert [f.text for f in find("Dial 1200-45 now.", NOW, UTC)] == ["now"]
    assert [f.text for f in find("We met in 2019-20 twice.", NOW, UTC)] == ["2019-20"]
    assert days("during 2011-13") == ("2011-01-01", "2014-01-01")
