"""Rule families of the fifth round of issue 9: wordings other parsers' users write.

The round's unseen set (``tests/fixtures/timex/own_round5.json``) showed what the grammar did
not read; each family here is written in other wordings than that set's, with near-misses
that must stay refused. Reference: Wednesday 2026-06-10 14:00 UTC unless a case says otherwise.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from prme_cli.errors import TimeExpressionError
from prme_cli.timeexpr import find, resolve

WED = datetime(2026, 6, 10, 14, 0, tzinfo=UTC)


def span(expression: str, now: datetime = WED) -> tuple[str, str, bool, str]:
    w = resolve(expression, now, UTC)
    return w.start.isoformat()[:16], w.end.isoformat()[:16], w.approximate, w.kind


def starts(expression: str, now: datetime = WED) -> str:
    return span(expression, now)[0]


def refused(expression: str) -> bool:
    try:
        resolve(expression, WED, UTC)
    except TimeExpressionError:
        return True
    return False


# ------------------------------------------------------------ ordinals counted from the end


@pytest.mark.parametrize(
    ("expression", "day"),
    [
        ("the final monday of the month", "2026-06-29"),
        ("the final day of july", "2025-07-31"),  # past-leaning: last July
        ("the penultimate day of the month", "2026-06-29"),
        ("the second to last friday of june", "2026-06-19"),
        ("the second-to-last sunday of may", "2026-05-24"),
        ("the 3rd to last day of this month", "2026-06-28"),
    ],
)
def test_an_ordinal_from_the_end_counts_back_from_the_last(expression: str, day: str) -> None:
    assert starts(expression) == f"{day}T00:00"


@pytest.mark.parametrize("text", ["final", "the final", "penultimate", "second to last"])
def test_an_ordinal_from_the_end_alone_is_no_time(text: str) -> None:
    assert refused(text)


def test_a_range_from_an_ordinal_to_an_ordinal_stays_a_range() -> None:
    assert span("from the 2nd to the 5th")[:2] == ("2026-06-02T00:00", "2026-06-06T00:00")


# ------------------------------------------------------------ British "gone", "a week last"


@pytest.mark.parametrize(
    ("expression", "day"),
    [
        ("tuesday gone", "2026-06-09"),
        ("monday just gone", "2026-06-08"),
        ("wednesday gone", "2026-06-03"),  # strictly before today, as "last wednesday"
        ("a week last friday", "2026-05-29"),
        ("a fortnight last thursday", "2026-05-21"),
    ],
)
def test_british_day_just_gone_and_a_week_last_day(expression: str, day: str) -> None:
    assert starts(expression) == f"{day}T00:00"


@pytest.mark.parametrize("text", ["gone", "long gone", "a week last", "just gone"])
def test_gone_without_a_day_is_no_time(text: str) -> None:
    assert refused(text)


# ------------------------------------------------------------ periods without "the"


@pytest.mark.parametrize(
    ("expression", "window"),
    [
        ("weekend after next", ("2026-06-27T00:00", "2026-06-29T00:00")),  # next is 20-21
        ("month before last", ("2026-04-01T00:00", "2026-05-01T00:00")),
        ("year after next", ("2028-01-01T00:00", "2029-01-01T00:00")),
        ("last mth", ("2026-05-01T00:00", "2026-06-01T00:00")),
        ("next mth", ("2026-07-01T00:00", "2026-08-01T00:00")),
    ],
)
def test_a_period_after_next_or_before_last_needs_no_article(
    expression: str, window: tuple[str, str]
) -> None:
    assert span(expression)[:2] == window


@pytest.mark.parametrize("text", ["month", "year", "weekend after"])
def test_a_bare_unit_is_no_time(text: str) -> None:
    assert refused(text)


# ------------------------------------------------------------ fiscal and calendar years


@pytest.mark.parametrize(
    ("expression", "window"),
    [
        ("FY24", ("2024-01-01T00:00", "2025-01-01T00:00")),
        ("fy 2025", ("2025-01-01T00:00", "2026-01-01T00:00")),
        ("Q3 FY24", ("2024-07-01T00:00", "2024-10-01T00:00")),
        ("q1 fy2025", ("2025-01-01T00:00", "2025-04-01T00:00")),
        ("march FY23", ("2023-03-01T00:00", "2023-04-01T00:00")),
        ("CY2019", ("2019-01-01T00:00", "2020-01-01T00:00")),
    ],
)
def test_a_fiscal_year_is_read_as_the_calendar_year(
    expression: str, window: tuple[str, str]
) -> None:
    assert span(expression)[:2] == window


@pytest.mark.parametrize("text", ["fy", "q3 fy", "fy q3"])
def test_fy_without_a_year_is_no_time(text: str) -> None:
    assert refused(text)


# ------------------------------------------------------------ festivals of several days


@pytest.mark.parametrize(
    ("expression", "window"),
    [
        ("hanukkah", ("2025-12-15T00:00", "2025-12-23T00:00")),  # eight days
        ("chanukah 2024", ("2024-12-26T00:00", "2025-01-03T00:00")),  # into the next year
        ("passover", ("2026-04-02T00:00", "2026-04-09T00:00")),
        ("last sukkot", ("2025-10-07T00:00", "2025-10-13T00:00")),  # the library's six days
        ("purim", ("2026-03-03T00:00", "2026-03-04T00:00")),  # one day
    ],
)
def test_a_festival_is_all_of_its_days(expression: str, window: tuple[str, str]) -> None:
    assert span(expression)[:2] == window


@pytest.mark.parametrize(
    ("expression", "day"),
    [
        ("the day after hanukkah", "2025-12-23"),  # after its last day
        ("two days before passover", "2026-03-31"),  # before its first
        ("a week after the christmas holidays", "2026-01-08"),
        ("the day after christmas", "2025-12-26"),  # one day: unchanged
    ],
)
def test_days_after_a_run_of_days_count_from_its_end(expression: str, day: str) -> None:
    assert starts(expression) == f"{day}T00:00"


# ------------------------------------------------------------ working days


@pytest.mark.parametrize(
    ("expression", "window", "approximate"),
    [
        # from Wednesday 10 June: working days 1 Thu 11, 2 Fri 12, 3 Mon 15, 4 Tue 16, 5 Wed 17
        ("within 3 to 5 working days", ("2026-06-15T00:00", "2026-06-18T00:00"), True),
        ("in 2-4 business days", ("2026-06-12T00:00", "2026-06-17T00:00"), True),
        ("in two to three working days", ("2026-06-12T00:00", "2026-06-16T00:00"), True),
        ("within 3 working days", ("2026-06-10T00:00", "2026-06-16T00:00"), False),
    ],
)
def test_a_range_of_working_days_skips_the_weekend(
    expression: str, window: tuple[str, str], approximate: bool
) -> None:
    assert span(expression)[:3] == (*window, approximate)


@pytest.mark.parametrize(
    ("expression", "day"),
    [
        ("the last business day of the month", "2026-06-30"),
        ("the first working day of next month", "2026-07-01"),
        ("the last weekday of may", "2026-05-29"),
        ("the second business day of august", "2025-08-04"),  # past-leaning: last August
    ],
)
def test_the_nth_working_day_of_a_period(expression: str, day: str) -> None:
    assert starts(expression) == f"{day}T00:00"


def test_a_range_of_working_days_needs_the_word_working_or_business() -> None:
    assert not refused("within 3 to 5 days")  # calendar days: an approximate span
    assert span("within 3 to 5 days")[:2] == ("2026-06-13T00:00", "2026-06-16T00:00")
    assert refused("within 3 to 5")


# ------------------------------------------------------------ recurrences


@pytest.mark.parametrize(
    ("expression", "day", "now"),
    [
        ("every weekday", "2026-06-10", WED),  # today is one
        ("each working day", "2026-06-12", datetime(2026, 6, 14, 9, 0, tzinfo=UTC)),  # a Sunday
        ("every business day", "2026-06-10", WED),
        ("on weekdays", "2026-06-12", datetime(2026, 6, 13, 9, 0, tzinfo=UTC)),  # a Saturday
        ("on weekends", "2026-06-06", WED),
        ("every weekend", "2026-06-06", WED),
        ("weekly on mondays", "2026-06-08", WED),
        ("fortnightly on a friday", "2026-06-05", WED),
    ],
)
def test_a_recurrence_of_working_days_weekends_or_a_weekday(
    expression: str, day: str, now: datetime
) -> None:
    start, _, _, kind = span(expression, now)
    assert (start, kind) == (f"{day}T00:00", "set")


# ------------------------------------------------------------ parts of the day


@pytest.mark.parametrize(
    ("expression", "start"),
    [
        ("11 at night", "2026-06-10T23:00"),
        ("ten at night", "2026-06-10T22:00"),
        ("first thing next tuesday", "2026-06-16T07:00"),
        ("first thing on friday", "2026-06-05T07:00"),
        ("night before last", "2026-06-08T18:00"),
        ("evening after next", "2026-06-12T18:00"),
    ],
)
def test_parts_of_the_day_in_more_wordings(expression: str, start: str) -> None:
    assert starts(expression) == start


@pytest.mark.parametrize("text", ["11 at home", "night before", "first thing I did"])
def test_parts_of_the_day_near_misses(text: str) -> None:
    assert refused(text)


# ------------------------------------------------------------ years and decades in words


@pytest.mark.parametrize(
    ("expression", "window"),
    [
        ("the nineteen-seventies", ("1970-01-01T00:00", "1980-01-01T00:00")),
        ("nineteen-ninety", ("1990-01-01T00:00", "1991-01-01T00:00")),
        ("twenty-twenty", ("2020-01-01T00:00", "2021-01-01T00:00")),
    ],
)
def test_a_hyphen_inside_a_year_or_decade_in_words(
    expression: str, window: tuple[str, str]
) -> None:
    assert span(expression)[:2] == window


def test_a_number_in_words_with_a_hyphen_is_no_year() -> None:
    assert refused("twenty-five")


# ------------------------------------------------------------ the sun


def test_the_sun_is_not_sunday() -> None:
    assert refused("the sun")
    assert starts("sun") == "2026-06-07T00:00"  # the abbreviation alone still is
    assert [f.text for f in find("We sat in the sun all morning.", WED, UTC)] == ["all morning"]


# ------------------------------------------------------------ "sharp", "twelve noon"


@pytest.mark.parametrize(
    ("expression", "start"),
    [
        ("4pm sharp", "2026-06-10T16:00"),
        ("at 8 sharp", "2026-06-10T08:00"),
        ("tomorrow at ten sharp", "2026-06-11T10:00"),
        ("9:45 on the dot", "2026-06-10T09:45"),
        ("twelve noon", "2026-06-10T12:00"),
        ("twelve midnight", "2026-06-10T00:00"),
    ],
)
def test_sharp_and_twelve_noon_are_clock_times(expression: str, start: str) -> None:
    assert starts(expression) == start


def test_a_count_before_sharp_is_no_clock_time() -> None:
    assert [f.text for f in find("Buy 5 sharp knives and 3 sharp pencils.", WED, UTC)] == []
    assert [f.text for f in find("Be there at 9 sharp.", WED, UTC)] == ["9 sharp"]
    assert refused("sharp")


# ------------------------------------------------------------ this coming / this past


@pytest.mark.parametrize(
    ("expression", "window"),
    [
        ("this coming july", ("2026-07-01T00:00", "2026-08-01T00:00")),
        ("this past march", ("2026-03-01T00:00", "2026-04-01T00:00")),
        ("this past winter", ("2025-12-01T00:00", "2026-03-01T00:00")),
        ("this coming autumn", ("2026-09-01T00:00", "2026-12-01T00:00")),
        ("this coming halloween", ("2026-10-31T00:00", "2026-11-01T00:00")),
        ("this past easter", ("2026-04-05T00:00", "2026-04-06T00:00")),
        ("the coming august", ("2026-08-01T00:00", "2026-09-01T00:00")),
    ],
)
def test_this_coming_and_this_past_before_months_seasons_and_holidays(
    expression: str, window: tuple[str, str]
) -> None:
    assert span(expression)[:2] == window


@pytest.mark.parametrize(
    ("expression", "window"),
    [
        ("throughout 2025", ("2025-01-01T00:00", "2026-01-01T00:00")),
        ("throughout the spring", ("2026-03-01T00:00", "2026-06-01T00:00")),
        ("the past decade", ("2010-01-01T00:00", "2020-01-01T00:00")),
        ("over the past century", ("1900-01-01T00:00", "2000-01-01T00:00")),
    ],
)
def test_throughout_a_period_and_the_past_decade(expression: str, window: tuple[str, str]) -> None:
    assert span(expression)[:2] == window


# ------------------------------------------------------------ spans beside a day


@pytest.mark.parametrize(
    ("expression", "window"),
    [
        ("the three days before christmas", ("2025-12-22T00:00", "2025-12-25T00:00")),
        ("in the two weeks after easter", ("2026-04-06T00:00", "2026-04-20T00:00")),
        ("the 10 days before june 1st", ("2026-05-22T00:00", "2026-06-01T00:00")),
        ("the two days after hanukkah", ("2025-12-23T00:00", "2025-12-25T00:00")),
        ("the five days after monday", ("2026-06-09T00:00", "2026-06-14T00:00")),
    ],
)
def test_the_span_next_to_a_day_leaves_the_day_out(
    expression: str, window: tuple[str, str]
) -> None:
    assert span(expression)[:2] == window


def test_without_the_a_count_before_a_day_is_that_one_day() -> None:
    assert span("three days before christmas")[:2] == ("2025-12-22T00:00", "2025-12-23T00:00")


@pytest.mark.parametrize(
    ("expression", "window"),
    [
        ("the last days of may", ("2026-05-29T00:00", "2026-06-01T00:00")),
        ("the first days of the month", ("2026-06-01T00:00", "2026-06-04T00:00")),
        ("the first weeks of the year", ("2026-01-01T00:00", "2026-01-15T00:00")),
        ("the last few days of april", ("2026-04-28T00:00", "2026-05-01T00:00")),
    ],
)
def test_the_first_or_last_days_of_a_period_are_a_few_of_them(
    expression: str, window: tuple[str, str]
) -> None:
    start, end, approximate, _ = span(expression)
    assert (start, end, approximate) == (*window, True)


# ------------------------------------------------------------ holidays in a year, "eve"


@pytest.mark.parametrize(
    ("expression", "day"),
    [
        ("christmas last year", "2025-12-25"),
        ("easter next year", "2027-03-28"),
        ("halloween this year", "2026-10-31"),
        ("thanksgiving eve", "2025-11-26"),
        ("easter eve", "2026-04-04"),
        ("christmas eve", "2025-12-24"),  # a name of its own, not the day before it
    ],
)
def test_a_holiday_in_a_relative_year_and_its_eve(expression: str, day: str) -> None:
    assert starts(expression) == f"{day}T00:00"


# ------------------------------------------------------------ two times joined by or / and


@pytest.mark.parametrize(
    ("expression", "window", "approximate"),
    [
        ("thu or fri", ("2026-06-04T00:00", "2026-06-06T00:00"), True),
        ("monday or wednesday next week", ("2026-06-15T00:00", "2026-06-18T00:00"), True),
        ("next tuesday or thursday", ("2026-06-16T00:00", "2026-06-19T00:00"), True),
        ("the 7th and 8th", ("2026-06-07T00:00", "2026-06-09T00:00"), False),
        ("4 and 5 july", ("2025-07-04T00:00", "2025-07-06T00:00"), False),
        ("2019 or 2020", ("2019-01-01T00:00", "2021-01-01T00:00"), True),
    ],
)
def test_two_times_joined_by_or_or_and_are_the_window_holding_both(
    expression: str, window: tuple[str, str], approximate: bool
) -> None:
    start, end, approx, kind = span(expression)
    assert (start, end, approx, kind) == (*window, approximate, "interval")


@pytest.mark.parametrize(
    "text",
    [
        "monday and friday",  # both days, not the week between them
        "5 or 6",  # counts
        "tuesday or",
        "june 3 or 4",  # a bare number on the right is no day
        "rock and roll",
    ],
)
def test_two_times_joined_near_misses_stay_refused(text: str) -> None:
    assert refused(text)


def test_in_running_text_two_joined_times_are_found_apart() -> None:
    texts = [f.text for f in find("We could meet on Thursday or Friday.", WED, UTC)]
    assert texts == ["Thursday", "Friday"]


# ------------------------------------------------------------ halves of any period, all of


@pytest.mark.parametrize(
    ("expression", "window"),
    [
        ("the second half of the month", ("2026-06-16T00:00", "2026-07-01T00:00")),
        ("the first half of may", ("2026-05-01T00:00", "2026-05-16T00:00")),
        ("the latter half of july", ("2025-07-16T00:00", "2025-08-01T00:00")),
        ("the back half of the year", ("2026-07-01T00:00", "2027-01-01T00:00")),
        ("the first half of next week", ("2026-06-15T00:00", "2026-06-18T00:00")),
    ],
)
def test_a_half_of_a_month_or_week_is_counted_in_days(
    expression: str, window: tuple[str, str]
) -> None:
    assert span(expression)[:2] == window


@pytest.mark.parametrize(
    ("expression", "window"),
    [
        ("all day tomorrow", ("2026-06-11T00:00", "2026-06-12T00:00")),
        ("the whole day on monday", ("2026-06-08T00:00", "2026-06-09T00:00")),
        ("the whole of next month", ("2026-07-01T00:00", "2026-08-01T00:00")),
        ("all of 2024", ("2024-01-01T00:00", "2025-01-01T00:00")),
    ],
)
def test_all_day_and_the_whole_of_a_period_are_the_period(
    expression: str, window: tuple[str, str]
) -> None:
    assert span(expression)[:2] == window


@pytest.mark.parametrize("text", ["the whole of", "the back half", "half of june", "all of"])
def test_halves_and_wholes_without_a_period_are_refused(text: str) -> None:
    assert refused(text)


@pytest.mark.parametrize(
    ("expression", "same_as"),
    [
        ("month end", "the end of the month"),
        ("by month-end", "by the end of the month"),
        ("year end", "the end of the year"),
        ("the quarter end", "the end of the quarter"),
    ],
)
def test_month_end_reads_as_the_end_of_the_month(expression: str, same_as: str) -> None:
    assert span(expression) == span(same_as)


# ------------------------------------------------------------ days of a month, clocks without a colon


@pytest.mark.parametrize(
    ("expression", "window"),
    [
        ("4-23 in next month", ("2026-07-04T00:00", "2026-07-24T00:00")),
        ("12-15 of this month", ("2026-06-12T00:00", "2026-06-16T00:00")),
        ("on 15", ("2026-05-15T00:00", "2026-05-16T00:00")),  # the most recent 15th
        ("on 9", ("2026-06-09T00:00", "2026-06-10T00:00")),
    ],
)
def test_bare_days_of_the_month_with_a_month_or_after_on(
    expression: str, window: tuple[str, str]
) -> None:
    assert span(expression)[:2] == window


@pytest.mark.parametrize(
    ("expression", "start"),
    [
        ("at 730", "2026-06-10T07:30"),
        ("tomorrow at 615pm", "2026-06-11T18:15"),
        ("at 945 tomorrow", "2026-06-11T09:45"),
    ],
)
def test_a_three_digit_clock_after_at(expression: str, start: str) -> None:
    assert starts(expression) == start


@pytest.mark.parametrize("text", ["4-23", "730", "at 760", "on 32", "in 15", "15"])
def test_bare_numbers_without_a_month_or_at_stay_refused(text: str) -> None:
    assert refused(text)


def test_a_three_digit_number_in_running_text_is_no_clock() -> None:
    assert find("There were 730 people at 215 Main St.", WED, UTC) == []


@pytest.mark.parametrize(
    ("expression", "window"),
    [
        ("2019-20", ("2019-01-01T00:00", "2021-01-01T00:00")),
        ("2024/25", ("2024-01-01T00:00", "2026-01-01T00:00")),
        ("2011-12", ("2011-12-01T00:00", "2012-01-01T00:00")),  # ISO: a month when it is one
    ],
)
def test_a_year_and_the_next_ones_last_digits_are_both_years(
    expression: str, window: tuple[str, str]
) -> None:
    assert span(expression)[:2] == window


def test_a_year_and_an_earlier_years_digits_are_refused() -> None:
    # a later year's digits that cannot be a month are a run of years ("2019-21", see
    # tests/test_timeexpr_range_sides.py); an earlier year's are nothing
    assert refused("2019-18")


# ------------------------------------------------------------ more recurrences, yest, eod


@pytest.mark.parametrize(
    ("expression", "window"),
    [
        ("once a week", ("2026-06-08T00:00", "2026-06-15T00:00")),
        ("twice a month", ("2026-06-01T00:00", "2026-07-01T00:00")),
        ("3 times a day", ("2026-06-10T00:00", "2026-06-11T00:00")),
        ("four times per year", ("2026-01-01T00:00", "2027-01-01T00:00")),
    ],
)
def test_n_times_a_unit_is_a_recurrence_of_that_unit(
    expression: str, window: tuple[str, str]
) -> None:
    start, end, _, kind = span(expression)
    assert (start, end, kind) == (*window, "set")


def test_twice_a_week_ago_is_a_week_ago() -> None:
    found = [(f.text, f.kind) for f in find("He called twice a week ago.", WED, UTC)]
    assert found == [("a week ago", "point")]


@pytest.mark.parametrize(
    ("expression", "start"),
    [
        ("yest 5pm", "2026-06-09T17:00"),
        ("yest", "2026-06-09T00:00"),
        ("thursday eod", "2026-06-04T23:59"),
        ("tomorrow eod", "2026-06-11T23:59"),
    ],
)
def test_yest_and_a_day_before_eod(expression: str, start: str) -> None:
    assert starts(expression) == start


@pytest.mark.parametrize("text", ["once", "twice", "3 times", "times a day"])
def test_counts_of_times_without_a_unit_are_refused(text: str) -> None:
    assert refused(text)


@pytest.mark.parametrize(
    ("expression", "window"),
    [
        ("the prior week", ("2026-06-01T00:00", "2026-06-08T00:00")),
        ("the prior month", ("2026-05-01T00:00", "2026-06-01T00:00")),
        ("prior to monday", ("0001-01-02T00:00", "2026-06-08T00:00")),  # still "before"
    ],
)
def test_prior_is_previous_before_a_period_and_before_with_to(
    expression: str, window: tuple[str, str]
) -> None:
    w = resolve(expression, WED, UTC)
    assert (w.start.isoformat()[:16], w.end.isoformat()[:16]) == window


# ------------------------------------------------------------ hundreds, dozens, hyphened fractions


@pytest.mark.parametrize(
    ("expression", "start"),
    [
        ("a hundred days ago", "2026-03-02T00:00"),
        ("one hundred and twenty days from now", "2026-10-08T00:00"),
        ("two dozen days ago", "2026-05-17T00:00"),
        ("three hundred years ago", "1726-06-10T00:00"),
        ("a half-hour ago", "2026-06-10T13:30"),
        ("three-quarters of an hour ago", "2026-06-10T13:15"),
        ("a quarter-hour from now", "2026-06-10T14:15"),
    ],
)
def test_hundreds_dozens_and_hyphened_fractions_count(expression: str, start: str) -> None:
    assert starts(expression) == start


@pytest.mark.parametrize("text", ["a hundred", "two dozen", "nineteen hundred days ago"])
def test_hundreds_without_a_unit_or_past_nine_are_no_count(text: str) -> None:
    assert refused(text)


# ------------------------------------------------------------ at the latest, give or take


@pytest.mark.parametrize(
    ("expression", "start", "end"),
    [
        ("thursday at the latest", None, "2026-06-05T00:00"),
        ("noon at the very latest", None, "2026-06-10T12:01"),
        ("9am at the earliest", "2026-06-10T09:00", None),
        ("july, at the earliest", "2025-07-01T00:00", None),
    ],
)
def test_at_the_latest_and_at_the_earliest_are_open_ends(
    expression: str, start: str | None, end: str | None
) -> None:
    w = resolve(expression, WED, UTC)
    got_start = None if w.open_start else w.start.isoformat()[:16]
    got_end = None if w.open_end else w.end.isoformat()[:16]
    assert (got_start, got_end) == (start, end)


@pytest.mark.parametrize(
    ("expression", "contains"),
    [
        ("4pm give or take", "2026-06-10T16:20"),
        ("tuesday or thereabouts", "2026-06-10T12:00"),  # widened by a day
        ("1998, roughly", "1997-12-20T00:00"),
        ("close to midnight", "2026-06-09T23:50"),
    ],
)
def test_trailing_hedges_and_close_to_widen_the_window(expression: str, contains: str) -> None:
    w = resolve(expression, WED, UTC)
    instant = datetime.fromisoformat(contains).replace(tzinfo=UTC)
    assert w.approximate and w.start <= instant < w.end


@pytest.mark.parametrize("text", ["at the latest", "close to", "give or take", "roughly"])
def test_hedges_and_latest_without_a_time_are_refused(text: str) -> None:
    assert refused(text)


def test_roughly_speaking_is_no_hedge_in_running_text() -> None:
    found = [(f.text, f.approximate) for f in find("Done by June, roughly speaking.", WED, UTC)]
    assert found == [("by June", False)]


@pytest.mark.parametrize(
    ("expression", "start"),
    [
        ("thu @ 3", "2026-06-04T15:00"),
        ("tmrw @ 9", "2026-06-11T09:00"),
        ("tomorrow 0830", "2026-06-11T08:30"),
        ("monday 0915", "2026-06-08T09:15"),
    ],
)
def test_a_clock_after_an_at_sign_or_in_military_digits_after_a_day(
    expression: str, start: str
) -> None:
    assert starts(expression) == start


@pytest.mark.parametrize("text", ["tomorrow 1830", "tomorrow 2019", "@ 3"])
def test_four_digits_without_a_leading_zero_after_a_day_stay_refused(text: str) -> None:
    assert refused(text)  # a year or a count as much as a clock


# ------------------------------------------------------------ found by the round-6 probe


@pytest.mark.parametrize(
    ("expression", "start"),
    [
        ("ten to nine tonight", "2026-06-10T20:50"),
        ("twenty to seven tomorrow", "2026-06-11T18:40"),  # waking hours: 6:40 is pm
        ("quarter to ten this evening", "2026-06-10T21:45"),
    ],
)
def test_minutes_to_an_hour_in_words_beside_a_day_are_no_range(expression: str, start: str) -> None:
    assert starts(expression) == start


def test_a_range_of_hours_in_words_keeps_from() -> None:
    assert span("nine to five tomorrow")[:2] == ("2026-06-11T09:00", "2026-06-11T17:00")


@pytest.mark.parametrize(
    ("expression", "window"),
    [
        # Wednesday 10 June: the weekends before are 6-7, 30-31 May, 23-24 May
        ("the past 3 weekends", ("2026-05-23T00:00", "2026-06-08T00:00")),
        ("the next 2 weekends", ("2026-06-13T00:00", "2026-06-22T00:00")),
        ("last 2 weekends", ("2026-05-30T00:00", "2026-06-08T00:00")),
    ],
)
def test_a_span_of_weekends_runs_from_saturday_to_sunday(
    expression: str, window: tuple[str, str]
) -> None:
    assert span(expression)[:2] == window


def test_on_a_saturday_the_weekend_in_progress_is_not_one_of_the_past_ones() -> None:
    saturday = datetime(2026, 6, 13, 10, 0, tzinfo=UTC)
    assert span("the past 2 weekends", saturday)[:2] == ("2026-05-30T00:00", "2026-06-08T00:00")
    assert span("the next weekend", saturday)[:2] == ("2026-06-20T00:00", "2026-06-22T00:00")


@pytest.mark.parametrize(
    ("expression", "window", "approximate"),
    [
        ("at some point next week", ("2026-06-15T00:00", "2026-06-22T00:00"), True),
        ("at some point in july", ("2025-07-01T00:00", "2025-08-01T00:00"), True),
        ("each weekday morning", ("2026-06-10T04:00", "2026-06-10T12:00"), False),
        ("every weekday evening", ("2026-06-10T18:00", "2026-06-11T00:00"), False),  # today's
    ],
)
def test_at_some_point_and_a_part_of_every_working_day(
    expression: str, window: tuple[str, str], approximate: bool
) -> None:
    assert span(expression)[:3] == (*window, approximate)


def test_at_some_point_alone_is_no_time() -> None:
    assert refused("at some point")
