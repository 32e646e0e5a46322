"""Rule families of the seventh round of issue 9, found by its two probes.

``tests/fixtures/timex/own_round7.json`` (other parsers' test categories) and
``own_round7b.json`` (a sentence-level recogniser's test wording) were written before the
engine ran on them; what they showed unread is built here as general rules, each tested in
other wordings than the probes' and with near-misses that must stay refused or keep another
value. Reference: Wednesday 2026-06-10 14:00 UTC unless a case says otherwise.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

# the fifth round's reference time and readers (Wednesday 2026-06-10 14:00 UTC), shared
from test_timeexpr_round5 import WED, refused, span, starts

from prme_cli.errors import TimeExpressionError
from prme_cli.timeexpr import find, resolve

# ------------------------------------------------------------------- a hedge before a time


@pytest.mark.parametrize(
    ("expression", "plain"),
    [
        ("maybe tomorrow", "tomorrow"),
        ("probably on friday", "on friday"),
        ("possibly next week", "next week"),
        ("perhaps, the 3rd", "the 3rd"),
        ("likely in june", "in june"),
    ],
)
def test_a_hedge_marks_the_time_approximate_without_widening_it(
    expression: str, plain: str
) -> None:
    hedged, bare = span(expression), span(plain)
    assert hedged[:2] == bare[:2]
    assert hedged[2] is True and bare[2] is False


@pytest.mark.parametrize("text", ["maybe", "probably", "perhaps so", "maybe the party"])
def test_a_hedge_without_a_time_is_refused(text: str) -> None:
    assert refused(text)


# -------------------------------------------------------- holidays counted and in a year


@pytest.mark.parametrize(
    ("expression", "day"),
    [
        ("the christmas before last", "2024-12-25"),
        ("halloween before last", "2024-10-31"),
        ("the easter after next", "2028-04-16"),  # next: 2027-03-28
        ("thanksgiving after next", "2027-11-25"),  # next: 2026-11-26
        ("this year's easter", "2026-04-05"),
        ("last year's halloween", "2025-10-31"),
        ("next year's christmas eve", "2027-12-24"),
    ],
)
def test_a_holiday_before_last_after_next_or_of_a_year(expression: str, day: str) -> None:
    assert starts(expression) == f"{day}T00:00"


def test_last_and_next_holiday_keep_their_one_step() -> None:
    assert starts("last christmas") == "2025-12-25T00:00"
    assert starts("next easter") == "2027-03-28T00:00"


@pytest.mark.parametrize("text", ["the christmas party before last", "this year's party"])
def test_a_holiday_word_beside_an_event_stays_refused(text: str) -> None:
    assert refused(text)


# ------------------------------------------------------------ a clock time and its name


@pytest.mark.parametrize(
    ("expression", "start"),
    [
        ("12:00 noon", "2026-06-10T12:00"),
        ("tomorrow at 12:00 midnight", "2026-06-11T00:00"),
        ("00:00 midnight", "2026-06-10T00:00"),
        ("12:00 midday on friday", "2026-06-05T12:00"),
    ],
)
def test_a_clock_time_written_with_the_name_of_its_hour(expression: str, start: str) -> None:
    assert starts(expression) == start


@pytest.mark.parametrize("text", ["11:00 noon", "12:30 midnight", "13:00 noon"])
def test_a_clock_time_that_is_not_the_hour_named_is_refused(text: str) -> None:
    assert refused(text)


# ------------------------------------------------------------------ eve after a day: evening


@pytest.mark.parametrize(
    ("expression", "window"),
    [
        ("tue eve", ("2026-06-09T18:00", "2026-06-10T00:00")),
        ("tomorrow eve", ("2026-06-11T18:00", "2026-06-12T00:00")),
        ("saturday eve", ("2026-06-06T18:00", "2026-06-07T00:00")),
    ],
)
def test_eve_after_a_day_is_its_evening(expression: str, window: tuple[str, str]) -> None:
    assert span(expression)[:2] == window


def test_eve_after_a_day_takes_a_clock_time() -> None:
    assert starts("fri eve at 8") == "2026-06-05T20:00"


def test_eve_after_a_holiday_is_still_the_day_before_or_a_name() -> None:
    assert span("thanksgiving eve")[:2] == ("2025-11-26T00:00", "2025-11-27T00:00")
    assert span("christmas eve")[:2] == ("2025-12-24T00:00", "2025-12-25T00:00")
    assert refused("eve")
    assert [f.text for f in find("Eve came over on Tuesday.", WED, UTC)] == ["Tuesday"]


# --------------------------------------------------------------------- the month of a month


@pytest.mark.parametrize(
    ("expression", "start"),
    [
        ("the month of july", "2025-07-01T00:00"),
        ("in the month of may", "2026-05-01T00:00"),
        ("month of march 2020", "2020-03-01T00:00"),
    ],
)
def test_the_month_of_a_month_is_that_month(expression: str, start: str) -> None:
    assert starts(expression) == start
    assert span(expression)[1][8:10] == "01"  # a whole month


@pytest.mark.parametrize("text", ["the month of", "month of sundays", "the month of the party"])
def test_the_month_of_without_a_month_is_refused(text: str) -> None:
    assert refused(text)


# ------------------------------------------------------------------ recurrences with a time


@pytest.mark.parametrize(
    ("expression", "start"),
    [
        ("every day at 9am", "2026-06-10T09:00"),
        ("daily at 7:30", "2026-06-10T07:30"),
        ("each weekday at 8", "2026-06-10T08:00"),
        ("nightly at 10", "2026-06-10T22:00"),  # at night
        ("4pm every monday", "2026-06-08T16:00"),
        ("at 9 every morning", "2026-06-10T09:00"),
        ("noon every day", "2026-06-10T12:00"),
        ("9am daily", "2026-06-10T09:00"),
    ],
)
def test_a_recurrence_takes_a_clock_time_on_either_side(expression: str, start: str) -> None:
    assert span(expression)[0] == start
    assert span(expression)[3] == "set"


@pytest.mark.parametrize("text", ["every month at 9", "5 every monday", "daily at"])
def test_a_recurrence_with_no_day_grain_or_a_bare_count_is_refused(text: str) -> None:
    assert refused(text)


# ----------------------------------------------------------------- a plural unit before ago


@pytest.mark.parametrize(
    ("expression", "inside"),
    [
        ("years ago", "2023-06-10T12:00"),
        ("months ago", "2026-03-10T12:00"),
        ("weeks ago", "2026-05-20T12:00"),
    ],
)
def test_a_plural_unit_ago_is_some_of_them_approximate(expression: str, inside: str) -> None:
    w = resolve(expression, WED, UTC)
    assert w.approximate
    assert w.start.isoformat()[:16] <= inside < w.end.isoformat()[:16]
    assert span(expression)[:2] == span(f"some {expression}")[:2]


def test_a_counted_unit_ago_stays_exact() -> None:
    assert span("3 years ago")[:3] == ("2023-06-10T00:00", "2023-06-11T00:00", False)
    assert refused("years")
    assert refused("the years ago")


# --------------------------------------------------- a day of the month after a clock time


@pytest.mark.parametrize(
    ("expression", "start"),
    [
        ("8pm on 15", "2026-05-15T20:00"),  # the most recent 15th
        ("at seven on 3", "2026-06-03T07:00"),
        ("at 7:30 on 3", "2026-06-03T07:30"),
    ],
)
def test_a_bare_day_number_after_a_clock_time_and_on(expression: str, start: str) -> None:
    assert starts(expression) == start


@pytest.mark.parametrize("text", ["5 on 15", "8pm on 45", "on 15 people"])
def test_a_bare_number_after_on_without_a_clock_time_stays_refused(text: str) -> None:
    assert refused(text)


# ---------------------------------------------------- an hour before a weekday and its part


@pytest.mark.parametrize(
    ("expression", "start"),
    [
        ("7 on sunday morning", "2026-06-07T07:00"),
        ("3 friday afternoon", "2026-06-05T15:00"),
        ("at 9 on saturday evening", "2026-06-06T21:00"),
    ],
)
def test_an_hour_before_a_weekday_and_a_part_of_it(expression: str, start: str) -> None:
    assert starts(expression) == start


@pytest.mark.parametrize("text", ["5 sunday mornings", "2 on friday"])
def test_a_count_before_a_weekday_stays_refused(text: str) -> None:
    assert refused(text)


# ------------------------------------------------------- a numeric date and its year after


@pytest.mark.parametrize(
    ("expression", "day"),
    [("08/12, 2015", "2015-08-12"), ("3/4,2019", "2019-03-04"), ("Oct/2, 2019", "2019-10-02")],
)
def test_a_numeric_date_takes_a_year_after_a_comma(expression: str, day: str) -> None:
    assert span(expression)[:2] == (f"{day}T00:00", f"{day[:8]}{int(day[8:]) + 1:02d}T00:00")


def test_a_numeric_date_with_a_two_digit_number_after_a_comma_stays_refused() -> None:
    assert refused("08/12, 15")


# ------------------------------------------------------------------- ISO week written W42


@pytest.mark.parametrize(
    ("expression", "window"),
    [
        ("W42", ("2026-10-12T00:00", "2026-10-19T00:00")),  # as "week 42": this year's
        ("W42 2025", ("2025-10-13T00:00", "2025-10-20T00:00")),
        ("W1", ("2025-12-29T00:00", "2026-01-05T00:00")),  # ISO week 1 of 2026
    ],
)
def test_a_week_number_written_w_and_digits(expression: str, window: tuple[str, str]) -> None:
    assert span(expression)[:2] == window
    assert span(expression)[:2] == span(expression.replace("W", "week ", 1))[:2]


def test_a_week_number_past_the_year_or_inside_a_name_stays_unread() -> None:
    assert refused("W54")
    assert refused("room W42")
    assert [f.text for f in find("Meet in room W12 at noon.", WED, UTC)] == ["noon"]


# ------------------------------------------------------------ this hour, this minute


def test_this_hour_and_this_minute_are_the_ones_now_is_in() -> None:
    assert span("this hour")[:2] == ("2026-06-10T14:00", "2026-06-10T15:00")
    at = datetime(2026, 6, 10, 14, 37, 20, tzinfo=UTC)
    assert span("this minute", at)[:2] == ("2026-06-10T14:37", "2026-06-10T14:38")


def test_next_and_last_hour_stay_spans_from_now() -> None:
    at = datetime(2026, 6, 10, 14, 37, tzinfo=UTC)
    assert span("next hour", at)[:2] == ("2026-06-10T14:37", "2026-06-10T15:37")
    assert span("the last hour", at)[:2] == ("2026-06-10T13:37", "2026-06-10T14:37")
    assert refused("this working hour")


# ---------------------------------------------------- a full month name with a dot


@pytest.mark.parametrize(
    ("expression", "day"),
    [
        ("October. 2", "2025-10-02"),
        ("December. 31, 1994", "1994-12-31"),
        ("on May. 4", "2026-05-04"),
    ],
)
def test_a_full_month_name_with_a_dot_before_its_day(expression: str, day: str) -> None:
    assert starts(expression) == f"{day}T00:00"


def test_a_full_month_name_ending_a_sentence_keeps_the_next_count_apart() -> None:
    found = find("We moved in October. 2 weeks later we sold it.", WED, UTC)
    assert [f.text for f in found] == ["October", "2 weeks later"]
    found = find("We moved in October. 3, maybe 4 boxes were lost.", WED, UTC)
    assert [f.text for f in found] == ["October"]


# ------------------------------------------------------- a holiday's weekend, possessive


@pytest.mark.parametrize(
    ("expression", "window"),
    [
        ("mother's day weekend", ("2026-05-09T00:00", "2026-05-11T00:00")),
        ("father's day weekend", ("2025-06-14T00:00", "2025-06-16T00:00")),
        ("valentine's day weekend", ("2026-02-14T00:00", "2026-02-16T00:00")),
    ],
)
def test_a_possessive_holidays_weekend(expression: str, window: tuple[str, str]) -> None:
    assert span(expression)[:2] == window


# ------------------------------------------------------------- in N units time, no apostrophe


@pytest.mark.parametrize(
    ("expression", "day"),
    [
        ("in 3 weeks time", "2026-07-01"),
        ("in two days time", "2026-06-12"),
        ("in a weeks time", "2026-06-17"),
    ],
)
def test_in_n_units_time_without_the_apostrophe(expression: str, day: str) -> None:
    assert starts(expression) == f"{day}T00:00"
    assert span(expression) == span(expression.replace("s time", "s' time"))


def test_in_a_singular_unit_time_stays_refused() -> None:
    assert refused("in 3 week time")


# ----------------------------------------------------- a clock range ending at a named hour


@pytest.mark.parametrize(
    ("expression", "window"),
    [
        ("10am-noon", ("2026-06-10T10:00", "2026-06-10T12:00")),
        ("tomorrow 9-noon", ("2026-06-11T09:00", "2026-06-11T12:00")),
        ("8pm-midnight", ("2026-06-10T20:00", "2026-06-11T00:00")),
    ],
)
def test_a_dashed_clock_range_to_noon_or_midnight(expression: str, window: tuple[str, str]) -> None:
    assert span(expression)[:2] == window


def test_a_dashed_range_to_noon_from_an_afternoon_hour_is_refused() -> None:
    assert refused("14-noon")
    assert refused("tomorrow 15-noon")


# ---------------------------------------------------------------- a whole part of the day


@pytest.mark.parametrize(
    ("expression", "window"),
    [
        ("all morning", ("2026-06-10T04:00", "2026-06-10T12:00")),
        ("the whole evening", ("2026-06-10T18:00", "2026-06-11T00:00")),
        ("all afternoon long", ("2026-06-10T12:00", "2026-06-10T18:00")),
        ("all night on friday", ("2026-06-05T18:00", "2026-06-06T04:00")),
        ("the entire afternoon tomorrow", ("2026-06-11T12:00", "2026-06-11T18:00")),
    ],
)
def test_all_or_the_whole_part_of_a_day(expression: str, window: tuple[str, str]) -> None:
    assert span(expression)[:2] == window


def test_all_before_a_plural_part_stays_refused() -> None:
    assert refused("all mornings")


# ------------------------------------------------------------- mid-day, the lunch hour


@pytest.mark.parametrize(
    ("expression", "start"),
    [("mid-day", "2026-06-10T12:00"), ("mid day tomorrow", "2026-06-11T12:00")],
)
def test_mid_day_is_noon(expression: str, start: str) -> None:
    assert starts(expression) == start


def test_the_lunch_hour_is_lunch() -> None:
    assert (
        span("the lunch hour")[:2]
        == span("at lunch")[:2]
        == ("2026-06-10T12:00", "2026-06-10T14:00")
    )
    assert refused("lunch hours")


# ------------------------------------------------------------- an hour written 21h


@pytest.mark.parametrize(
    ("expression", "start"),
    [("at 21h", "2026-06-10T21:00"), ("at 9h", "2026-06-10T09:00"), ("21h", "2026-06-10T21:00")],
)
def test_an_hour_written_with_h_after_at_or_alone(expression: str, start: str) -> None:
    assert starts(expression) == start


def test_an_hour_written_with_h_keeps_its_other_readings() -> None:
    assert span("from 13h to 15h")[:2] == ("2026-06-10T13:00", "2026-06-10T15:00")
    assert starts("in 13h") == "2026-06-11T03:00"  # thirteen hours from now
    assert refused("9h")  # nine hours or nine o'clock?
    assert refused("at 25h")


# ------------------------------------------------- the year of, a year before its season


@pytest.mark.parametrize(
    ("expression", "window"),
    [
        ("the year of 2016", ("2016-01-01T00:00", "2017-01-01T00:00")),
        ("in 2016 fall", ("2016-09-01T00:00", "2016-12-01T00:00")),
        ("2019 winter", ("2019-12-01T00:00", "2020-03-01T00:00")),
    ],
)
def test_the_year_of_and_a_season_after_its_year(expression: str, window: tuple[str, str]) -> None:
    assert span(expression)[:2] == window


@pytest.mark.parametrize("text", ["the year of the dog", "2016 summers"])
def test_a_year_before_what_is_no_season_stays_refused(text: str) -> None:
    assert refused(text)


# ------------------------------------------------------ a monthly day of the month


@pytest.mark.parametrize(
    ("expression", "day"),
    [
        ("monthly on the 1st", "2026-06-01"),
        ("every month on the 15th", "2026-05-15"),  # the most recent 15th
        ("each month on the 3rd", "2026-06-03"),
    ],
)
def test_a_monthly_recurrence_on_a_day_of_the_month(expression: str, day: str) -> None:
    assert span(expression)[0] == f"{day}T00:00"
    assert span(expression)[3] == "set"


def test_a_monthly_recurrence_on_a_weekday_stays_refused() -> None:
    assert refused("monthly on friday")  # which of its fridays?


# ------------------------------------------------ a weekday after a date (no brackets)


@pytest.mark.parametrize(
    ("expression", "start"),
    [
        ("2026-06-09 Tue", "2026-06-09T00:00"),  # an org date without its brackets
        ("2026-06-08 Mon 14:00", "2026-06-08T14:00"),
        ("9 June Tuesday", "2026-06-09T00:00"),
        ("June 9, Tuesday", "2026-06-09T00:00"),
    ],
)
def test_a_weekday_after_a_date_must_agree_with_it(expression: str, start: str) -> None:
    assert starts(expression) == start


def test_a_weekday_after_a_date_that_it_is_not_is_refused() -> None:
    with pytest.raises(TimeExpressionError, match="is a Tuesday, not a Wednesday"):
        resolve("2026-06-09 Wed", WED, UTC)


def test_an_iso_date_with_its_weekday_is_never_a_range_from_its_year() -> None:
    # it had read as "2026 to Tue 03:00-09:00", from 2026-01-01: a wrong date in notes
    found = find("Call with Bob, 2026-06-09 Tue, about the lease.", WED, UTC)
    assert [(f.text, f.start.isoformat()[:10] if f.start else None) for f in found] == [
        ("2026-06-09 Tue", "2026-06-09")
    ]
    assert span("2019-2020")[:2] == ("2019-01-01T00:00", "2021-01-01T00:00")


# ------------------------------------------------------- abbreviations people type


@pytest.mark.parametrize(
    ("expression", "window"),
    [
        ("tues a.m.", ("2026-06-09T04:00", "2026-06-09T12:00")),
        ("fri p.m.", ("2026-06-05T12:00", "2026-06-05T18:00")),
        ("wk of 6/1", ("2026-06-01T00:00", "2026-06-08T00:00")),
        ("1st wk of june", span("the first week of june")[:2]),
        ("nxt week", ("2026-06-15T00:00", "2026-06-22T00:00")),
    ],
)
def test_abbreviated_words_read_as_their_full_forms(
    expression: str, window: tuple[str, str]
) -> None:
    assert span(expression)[:2] == window


def test_ca_with_a_dot_is_circa() -> None:
    assert span("ca. 1990") == span("circa 1990")
    assert refused("ca.")


# ------------------------------------------------------------------- prior and prior to


@pytest.mark.parametrize(
    ("expression", "same_as"),
    [
        ("the day prior to christmas", "the day before christmas"),
        ("the friday prior to easter", "the friday before easter"),
        ("the week prior to easter", "the week before easter"),
        ("the day prior", "the day before"),
        ("the week prior", "the week before"),
    ],
)
def test_prior_to_reads_as_before(expression: str, same_as: str) -> None:
    assert span(expression) == span(same_as)


def test_prior_alone_is_no_time() -> None:
    assert refused("prior")
    assert refused("the day prior to the party")


# ------------------------------------------------------------------ more vague words


@pytest.mark.parametrize(
    ("expression", "same_as"),
    [
        ("the other night", "the other day"),
        ("the other weekend", "the other week"),
        ("not so long ago", "not long ago"),
        ("just recently", "recently"),
        ("very recently", "recently"),
        ("a good while ago", "a while ago"),
    ],
)
def test_vague_words_read_as_their_plainer_forms(expression: str, same_as: str) -> None:
    assert span(expression) == span(same_as)
    assert span(expression)[2] is True


def test_the_other_plural_stays_refused() -> None:
    assert refused("the other nights")


# ------------------------------------------------------ next month's 15th, monday first thing


@pytest.mark.parametrize(
    ("expression", "same_as"),
    [
        ("next month's 15th", "the 15th of next month"),
        ("last month's 3rd", "the 3rd of last month"),
        ("monday first thing", "first thing monday"),
        ("tomorrow first thing", "first thing tomorrow"),
    ],
)
def test_a_possessive_month_or_first_thing_after_the_day(expression: str, same_as: str) -> None:
    assert span(expression) == span(same_as)


def test_first_after_a_weekday_in_prose_is_an_adverb() -> None:
    # it had read "Monday first" as the nearest Monday the 1st (three months away)
    for text in ("On Monday first I saw the cat.", "On Monday first thing I saw was the cat."):
        assert [f.text for f in find(text, WED, UTC)] == ["Monday"]
    assert refused("friday second")
    assert starts("monday the first") == "2026-06-01T00:00"
    assert starts("sunday twenty-first") == "2026-06-21T00:00"


# ----------------------------------------------------------- British holidays by rule


@pytest.mark.parametrize(
    ("expression", "day"),
    [
        ("whit monday", "2026-05-25"),  # Easter 2026-04-05 + 50
        ("mothering sunday", "2026-03-15"),  # Easter - 21
        ("the early may bank holiday", "2026-05-04"),
        ("the may bank holiday", "2026-05-04"),
        ("spring bank holiday", "2026-05-25"),
        ("august bank holiday 2025", "2025-08-25"),
        ("remembrance sunday", "2025-11-09"),
        ("hogmanay", "2025-12-31"),
    ],
)
def test_british_holidays_by_rule(expression: str, day: str) -> None:
    assert starts(expression) == f"{day}T00:00"


def test_early_and_late_before_a_month_stay_edges_of_it() -> None:
    assert span("early may")[:3] == ("2026-05-01T00:00", "2026-05-11T00:00", True)
    assert span("late august")[2] is True
    assert refused("bank holiday")


def test_a_month_that_begins_a_holiday_name_still_dates_its_weekend() -> None:
    # "may" (May Day) and "august" (the August bank holiday) begin holiday names; a date in
    # their month before "weekend" is still that date's weekend
    assert span("august 4th weekend")[:2] == span("the weekend of august 4th")[:2]
    assert span("may 5th weekend")[:2] == span("the weekend of may 5th")[:2]
    assert starts("may 5th weekend") == "2026-05-09T00:00"  # Tue 5 May 2026: that week's
