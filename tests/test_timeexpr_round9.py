"""Rule families of the ninth round of issue 9 (generalization): forms the hand-written probe
set (``tests/fixtures/timex_probes/``) found unread on its first run, each as a rule tested in
several wordings, with near-misses that must stay refused or unfound.

Reference: Wednesday 2026-09-16 10:15 in Europe/London (BST), the probe set's.
"""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from prme_cli.errors import TimeExpressionError
from prme_cli.timeexpr import find, resolve

LONDON = ZoneInfo("Europe/London")
NOW = datetime(2026, 9, 16, 10, 15, tzinfo=LONDON)
LATE = datetime(2026, 9, 16, 23, 15, tzinfo=LONDON)


def window(expression: str, now: datetime = NOW) -> tuple[str, str, str, str]:
    """Start and end to the minute (local), grain and kind."""
    w = resolve(expression, now, LONDON)
    return w.start.isoformat()[:16], w.end.isoformat()[:16], w.grain, w.kind


def refused(expression: str) -> bool:
    try:
        resolve(expression, NOW, LONDON)
    except TimeExpressionError:
        return True
    return False


def found(note: str) -> list[tuple[str, str, object]]:
    """Each find as (text, kind, start to the minute or the seconds of a duration)."""
    return [
        (
            f.text,
            f.kind,
            f.seconds if f.kind == "duration" else f.start and f.start.isoformat()[:16],
        )
        for f in find(note, NOW, LONDON)
    ]


# ------------------------------------------------------ a recurrence on several weekdays


@pytest.mark.parametrize(
    ("expression", "start"),
    [
        ("every tuesday and thursday", "2026-09-15T00:00"),  # Tuesday is the more recent
        ("Every Thursday and Tuesday", "2026-09-15T00:00"),
        ("every tuesday and friday", "2026-09-15T00:00"),
        ("each monday and friday", "2026-09-14T00:00"),
        ("every mon, wed & fri", "2026-09-16T00:00"),  # today is one of them
        ("tuesdays and thursdays", "2026-09-15T00:00"),
        ("on mondays, wednesdays and fridays", "2026-09-16T00:00"),
        ("fridays and saturdays", "2026-09-12T00:00"),
    ],
)
def test_a_recurrence_on_several_weekdays_is_its_most_recent_day(
    expression: str, start: str
) -> None:
    got = window(expression)
    assert got[0] == start and got[2] == "day" and got[3] == "set"


def test_a_recurrence_on_several_weekdays_takes_a_clock_time_for_each() -> None:
    assert window("every tuesday and thursday at 7am")[:2] == (
        "2026-09-15T07:00",
        "2026-09-15T07:01",
    )
    assert window("every monday and wednesday at 11am")[0] == "2026-09-14T11:00"  # 11 is ahead


@pytest.mark.parametrize(
    "expression", ["every monday and", "every monday and the", "tuesdays and thursday"]
)
def test_an_unfinished_list_of_weekdays_is_refused(expression: str) -> None:
    assert refused(expression)


def test_several_weekdays_are_found_apart_in_running_text() -> None:
    """As two times joined by "and" always are: each day by itself."""
    assert [f[0] for f in found("Yoga every tuesday and thursday at 7am.")] == [
        "every tuesday",
        "thursday at 7am",
    ]


# ------------------------------------------------ an ordinal weekday of every month/year


@pytest.mark.parametrize(
    ("expression", "start"),
    [
        ("the first monday of every month", "2026-09-07T00:00"),
        ("first monday of each month", "2026-09-07T00:00"),
        ("the 3rd wednesday of every month", "2026-09-16T00:00"),  # today
        ("the last friday of every month", "2026-08-28T00:00"),  # September's is ahead
        ("the second sunday of every year", "2026-01-11T00:00"),
    ],
)
def test_an_ordinal_weekday_of_every_period_is_its_most_recent_one(
    expression: str, start: str
) -> None:
    got = window(expression)
    assert got[0] == start and got[3] == "set"


def test_an_ordinal_weekday_of_every_unknown_unit_is_refused() -> None:
    assert refused("the first monday of every banana")


# ---------------------------------------------------------------- a quarter's year after a slash


@pytest.mark.parametrize("expression", ["Q2/2025", "Q2-2025", "q2/2025", "2025/Q2", "2025-Q2"])
def test_a_quarter_and_its_year_joined_by_a_slash_or_hyphen(expression: str) -> None:
    assert window(expression)[:3] == ("2025-04-01T00:00", "2025-07-01T00:00", "quarter")


def test_a_half_year_and_its_year_joined_by_a_slash() -> None:
    assert window("H1/2026")[:2] == ("2026-01-01T00:00", "2026-07-01T00:00")


def test_a_quarter_after_a_slash_is_found_in_running_text() -> None:
    assert found("Budget review in Q2/2025 went badly.") == [
        ("Q2/2025", "point", "2025-04-01T00:00")
    ]


# ------------------------------------------------------ a winter named by the two years it spans


@pytest.mark.parametrize(
    "expression",
    ["winter 2020/21", "winter 2020-21", "the winter of 2020/2021", "Winter 2020/2021"],
)
def test_a_winter_of_two_years_is_the_one_that_starts_in_the_first(expression: str) -> None:
    assert window(expression)[:2] == ("2020-12-01T00:00", "2021-03-01T00:00")


@pytest.mark.parametrize("expression", ["winter 2020/22", "winter 2020/19", "winter 2020/2022"])
def test_a_winter_of_two_years_that_do_not_follow_each_other_is_refused(expression: str) -> None:
    assert refused(expression)


def test_a_winter_of_two_years_is_one_expression_in_running_text() -> None:
    assert found("We rented the cabin in winter 2020/21.") == [
        ("winter 2020/21", "point", "2020-12-01T00:00")
    ]


# ------------------------------------------------- hours and minutes written apart (1h 30m)


@pytest.mark.parametrize(
    ("expression", "start"),
    [
        ("in 1h 30m", "2026-09-16T11:45"),
        ("in 2 hrs 15m", "2026-09-16T12:30"),
        ("1h 30m ago", "2026-09-16T08:45"),
        ("in 1hr 5min", "2026-09-16T11:20"),
    ],
)
def test_hours_and_minutes_written_apart_are_one_amount(expression: str, start: str) -> None:
    assert window(expression)[0] == start


def test_hours_and_minutes_written_apart_are_one_length_in_running_text() -> None:
    assert found("Worked on the report for 1h 30m.") == [("1h 30m", "duration", 5400)]
    assert found("Call back in 1h 30m.") == [("in 1h 30m", "point", "2026-09-16T11:45")]


def test_an_m_alone_stays_ambiguous() -> None:
    assert refused("3 m ago")  # minutes or months?


# ----------------------------------------------------------------------- "-ish" after am / pm


@pytest.mark.parametrize("expression", ["3pmish", "3pm-ish", "10amish"])
def test_ish_glued_to_a_clock_time_with_am_pm_is_vague(expression: str) -> None:
    w = resolve(expression, NOW, LONDON)
    hour = 15 if "pm" in expression else 10
    assert w.approximate and w.start < NOW.replace(hour=hour, minute=0) < w.end


def test_the_amish_are_no_time() -> None:
    assert refused("10 amish")
    assert found("We met 10 Amish families.") == []


# -------------------------------------------------------------------------------- x-mas


@pytest.mark.parametrize(
    ("expression", "day"),
    [("x-mas", "2025-12-25"), ("X-Mas", "2025-12-25"), ("x-mas eve", "2025-12-24"),
     ("x mas day", "2025-12-25"), ("2 days after x-mas", "2025-12-27")],
)  # fmt: skip
def test_x_mas_is_christmas(expression: str, day: str) -> None:
    assert window(expression)[0] == day + "T00:00"


def test_an_x_alone_is_no_holiday() -> None:
    assert refused("x")
    assert found("Mark the x on the map.") == []


# ------------------------------------------------------------------------ the era before a year


@pytest.mark.parametrize("expression", ["AD 2014", "ad 2014", "in AD 2014", "2014 AD"])
def test_ad_before_or_after_a_year(expression: str) -> None:
    assert window(expression)[:3] == ("2014-01-01T00:00", "2015-01-01T00:00", "year")


def test_ad_before_a_short_year_needs_capitals() -> None:
    assert window("AD 79")[0].startswith("0079-01-01")
    assert refused("ad 79")


# --------------------------------------------- a two-digit year right after a day and month


@pytest.mark.parametrize("expression", ["31 Oct 74", "31 October 74", "31st Oct 74"])
def test_a_two_digit_year_after_a_day_and_month(expression: str) -> None:
    assert window(expression)[0] == "1974-10-31T00:00"


def test_a_number_after_a_day_and_month_inside_a_sentence_is_a_count() -> None:
    assert found("On 3 May 74 people came.") == [("3 May", "point", "2026-05-03T00:00")]
    assert found("Born 31 Oct 74. Then school.")[0][0] == "31 Oct 74"


# ------------------------------------------------------- "that" after a day or a period beside


@pytest.mark.parametrize(
    ("expression", "start", "grain"),
    [
        ("the day after that", "2026-09-17T00:00", "day"),
        ("the day before that", "2026-09-15T00:00", "day"),
        ("the day after then", "2026-09-17T00:00", "day"),
        ("the week after that", "2026-09-21T00:00", "week"),
        ("the month before that", "2026-08-01T00:00", "month"),
        ("the monday after that", "2026-09-21T00:00", "day"),
    ],
)
def test_that_after_a_day_or_period_beside_is_the_expression_before(
    expression: str, start: str, grain: str
) -> None:
    got = window(expression)  # alone, "that" is the reference time
    assert got[0] == start and got[2] == grain


def test_that_after_a_day_beside_is_anchored_in_running_text() -> None:
    assert found("On Monday I called the bank; the day after that they wrote back.") == [
        ("Monday", "point", "2026-09-14T00:00"),
        ("the day after that", "point", "2026-09-15T00:00"),
    ]
    assert [f[2] for f in found("We met on 3 March. The week after that we moved.")] == [
        "2026-03-03T00:00",
        "2026-03-09T00:00",
    ]


def test_the_day_after_the_event_stays_undated() -> None:
    assert found("The day after the party we slept in.") == []


# ------------------------------------------------------------- late at night, early in the day


@pytest.mark.parametrize(
    ("expression", "start", "end"),
    [
        ("late at night", "2026-09-16T23:00", "2026-09-17T04:00"),
        ("friday late at night", "2026-09-11T23:00", "2026-09-12T04:00"),
        ("late at night on friday", "2026-09-11T23:00", "2026-09-12T04:00"),
        ("yesterday late at night", "2026-09-15T23:00", "2026-09-16T04:00"),
        ("late in the evening", "2026-09-16T21:00", "2026-09-17T00:00"),
    ],
)
def test_early_or_late_at_a_part_of_the_day(expression: str, start: str, end: str) -> None:
    assert window(expression, LATE)[:2] == (start, end)


def test_earlier_tonight_is_the_night_up_to_now() -> None:
    assert window("earlier tonight", LATE)[:2] == ("2026-09-16T18:00", "2026-09-16T23:15")
    assert refused("earlier tonight")  # at 10:15 no part of tonight has passed


def test_late_at_a_clock_time_or_a_place_is_no_part_of_the_day() -> None:
    assert refused("late at 5")
    assert found("She stayed late at the office.") == []


# ------------------------------------ an amount after "for" before an anchor stays a point


@pytest.mark.parametrize(
    ("note", "start"),
    [
        ("Set an alarm for two hours before the flight at 9pm.", None),
        ("We walked for three hours before lunch.", "2026-09-16T09:00"),
        ("Set a reminder for 3 days before christmas.", "2025-12-22T00:00"),
    ],
)
def test_an_amount_before_an_anchor_after_for_is_the_time_it_names(
    note: str, start: str | None
) -> None:
    """ "for three hours before lunch" starts at 09:00 (when the walk began); "a reminder for
    3 days before christmas" is that day: the point reading serves both."""
    got = found(note)
    assert got and got[0][1] == "point"
    if start is not None:
        assert got[0][2] == start


# ------------------------------------------------------------- "from X" as a whole phrase


@pytest.mark.parametrize(
    ("expression", "start"),
    [
        ("from next monday", "2026-09-21T00:00"),
        ("From tomorrow", "2026-09-17T00:00"),
        ("from 2019", "2019-01-01T00:00"),
        ("from 3pm", "2026-09-16T15:00"),
    ],
)
def test_from_x_alone_is_since_x(expression: str, start: str) -> None:
    w = resolve(expression, NOW, LONDON)
    assert w.start.isoformat()[:16] == start and w.open_end


def test_from_x_to_y_stays_a_range_and_from_in_a_sentence_is_a_source() -> None:
    assert window("from 3 to 4pm")[:2] == ("2026-09-16T15:00", "2026-09-16T16:00")
    assert window("from monday to wednesday")[:2] == ("2026-09-14T00:00", "2026-09-17T00:00")
    assert found("A letter from Monday.") == [("Monday", "point", "2026-09-14T00:00")]


# --------------------------------------------------------------- the year before month and day


@pytest.mark.parametrize("expression", ["2026 sept 3", "2026 September 3rd", "2026 Sep 3"])
def test_a_year_before_a_month_and_day(expression: str) -> None:
    assert window(expression)[:3] == ("2026-09-03T00:00", "2026-09-04T00:00", "day")


def test_a_year_before_a_month_alone_is_the_month_and_a_comma_parts_them() -> None:
    assert window("2026 sept")[2] == "month"
    assert refused("2026 sept 31")
    assert [f[0] for f in found("Since 2019, May 5 has been a holiday.")] == [
        "Since 2019",
        "May 5",
    ]


# ------------------------------------------------- conventions written down in this round


@pytest.mark.parametrize(
    ("expression", "day"),
    [("9.3.2026", "2026-03-09"), ("03.09.2026", "2026-09-03"), ("10.31.1974", "1974-10-31")],
)
def test_dotted_numeric_dates_are_day_first_unless_the_second_cannot_be_a_month(
    expression: str, day: str
) -> None:
    assert window(expression)[0] == day + "T00:00"


def test_slashed_numeric_dates_stay_month_first() -> None:
    assert window("9/3/2026")[0] == "2026-09-03T00:00"


# ------------------------------------------------------------- "on or about", "on or around"


@pytest.mark.parametrize(
    ("expression", "day"),
    [("on or about june 3", "2026-06-03"), ("on or around the 15th", "2026-09-15")],
)
def test_on_or_about_a_day_is_about_that_day(expression: str, day: str) -> None:
    w = resolve(expression, NOW, LONDON)
    assert w.approximate and w.start.isoformat()[:10] < day < w.end.isoformat()[:10]


def test_on_or_before_stays_a_bound() -> None:
    w = resolve("on or before june 3", NOW, LONDON)
    assert w.open_start and w.end.isoformat()[:10] == "2026-06-04"


# --------------------------------------------------------------------------- the same day


@pytest.mark.parametrize(
    ("expression", "day"),
    [
        ("the same day next week", "2026-09-23"),
        ("same day last year", "2025-09-16"),
        ("the same day next month", "2026-10-16"),
    ],
)
def test_the_same_day_a_unit_away(expression: str, day: str) -> None:
    start, _end, grain, _kind = window(expression)
    assert (start, grain) == (day + "T00:00", "day")


def test_the_same_day_alone_is_still_the_day_before_it() -> None:
    assert found("We met on 3 March. The same day, we left.")[1][2] == "2026-03-03T00:00"


# ------------------------------------------------- weekdays and weekends as recurrences


@pytest.mark.parametrize(
    ("expression", "start", "end"),
    [
        ("weekends", "2026-09-12T00:00", "2026-09-14T00:00"),
        ("weekdays", "2026-09-16T00:00", "2026-09-17T00:00"),
        ("weekday evenings", "2026-09-16T18:00", "2026-09-17T00:00"),
        ("on weekday mornings", "2026-09-16T04:00", "2026-09-16T12:00"),
        ("on weekend mornings", "2026-09-13T04:00", "2026-09-13T12:00"),
        ("weekend afternoons", "2026-09-13T12:00", "2026-09-13T18:00"),
    ],
)
def test_weekdays_and_weekends_with_a_part_of_the_day_recur(
    expression: str, start: str, end: str
) -> None:
    assert window(expression) == (start, end, window(expression)[2], "set")


def test_weekends_in_a_sentence_and_one_weekday_morning_are_no_recurrence() -> None:
    assert found("Weekends are for rest.") == []
    assert refused("weekday morning")


# ---------------------------------------------------------- more ways to say how often


@pytest.mark.parametrize(
    ("expression", "grain"),
    [
        ("thrice a week", "week"),
        ("twice yearly", "year"),
        ("once weekly", "week"),
        ("once every two weeks", "week"),
        ("once every 3 days", "day"),
    ],
)
def test_how_often_in_other_words(expression: str, grain: str) -> None:
    got = window(expression)
    assert got[2] == grain and got[3] == "set"


def test_once_every_vague_count_is_refused() -> None:
    assert refused("once every few days")


# ------------------------------------------------ typographic dashes, quotes and brackets


@pytest.mark.parametrize(
    ("expression", "start", "end"),
    [
        ("9\u20135 tomorrow", "2026-09-17T09:00", "2026-09-17T17:00"),  # en dash
        ("3\u20134 pm", "2026-09-16T15:00", "2026-09-16T16:00"),
        ("Mon\u2013Fri", "2026-09-14T00:00", "2026-09-19T00:00"),
        ("2026\u201009\u201003", "2026-09-03T00:00", "2026-09-04T00:00"),  # hyphen U+2010
        ("1990\u22121995", "1990-01-01T00:00", "1996-01-01T00:00"),  # minus sign
    ],
)
def test_the_dashes_of_ranges_and_dates_read_as_a_hyphen(
    expression: str, start: str, end: str
) -> None:
    assert window(expression)[:2] == (start, end)


def test_an_em_dash_is_no_range() -> None:
    assert refused("1990\u20141995")
    assert found("We left at 5 \u2014 6 was too late.") == []


@pytest.mark.parametrize(
    ("expression", "start"),
    [
        ("the \u201990s", "1990-01-01T00:00"),
        ("summer \u201919", "2019-06-01T00:00"),
        ("\u201999", "1999-01-01T00:00"),
        ("new year\u2019s eve", "2025-12-31T00:00"),
    ],
)
def test_a_curly_apostrophe_reads_as_a_straight_one(expression: str, start: str) -> None:
    assert window(expression)[0] == start


@pytest.mark.parametrize(
    "expression", ["(next friday)", '"next friday"', "\u201cnext friday\u201d", "[next friday]"]
)
def test_brackets_or_quotes_around_a_whole_phrase(expression: str) -> None:
    assert window(expression)[0] == "2026-09-25T00:00"


def test_an_unbalanced_bracket_is_still_refused() -> None:
    assert refused("(next friday")
    assert refused("next friday)")


# ------------------------------------ a dash glued between two clock times is no zone offset


@pytest.mark.parametrize(
    "expression", ["Wednesdays 18:30-20:30", "Wednesdays 18:30\u201320:30", "wednesday 18:30-20:30"]
)
def test_a_dash_glued_between_clock_times_is_a_range_not_an_offset(expression: str) -> None:
    """It had been 18:30 at UTC-20:30, Thursday 16:00: a wrong reading."""
    assert window(expression)[:2] == ("2026-09-16T18:30", "2026-09-16T20:30")


@pytest.mark.parametrize(
    ("expression", "start"),
    [("10:00 +05:30", "2026-09-16T05:30"), ("10:15 +0000", "2026-09-16T11:15")],
)
def test_an_offset_after_a_clock_time_is_still_read(expression: str, start: str) -> None:
    assert window(expression)[0] == start
