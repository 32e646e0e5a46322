"""Find-mode reading rules of issue 9: a numeric date whose dashes are not a range, a bracket
that is the note's and not the date's, lengths written as adjectives or with a spaced ``h``,
two bare hours after a day of their sentence, a range of months running now in a clause of
the future, and the weeks of a month. Each in several wordings of our own, with near-misses
that must stay unfound or keep their reading.

Reference: Wednesday 2026-12-02 10:00 UTC.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from prme_cli.timeexpr import find, resolve

NOW = datetime(2026, 12, 2, 10, 0, tzinfo=UTC)


def found(text: str, now: datetime = NOW) -> list[tuple[str, str, str]]:
    """Each span find reports, with its start and end to the minute (or its length)."""
    out = []
    for f in find(text, now, UTC):
        if f.start is None and f.seconds is not None:
            out.append((f.text, f"{f.seconds}s", ""))
        else:
            start = f.start.isoformat()[:16] if f.start is not None else ""
            end = f.end.isoformat()[:16] if f.end is not None else ""
            out.append((f.text, start, end))
    return out


# ------------------------------------------------- a dashed date with its year is no range


@pytest.mark.parametrize(
    ("text", "span", "day"),
    [
        ("The review is on Fri 09-03-2027 in the big room.", "Fri 09-03-2027", "2027-09-03"),
        ("Board meeting Friday 3-9-2027, room 4.", "Friday 3-9-2027", "2027-09-03"),
        ("Dentist Tue 3-9-2027 at the clinic.", "Tue 3-9-2027", "2027-03-09"),
        ("Check-up Thu 11/03/2027 then lunch.", "Thu 11/03/2027", "2027-03-11"),
        ("The lease ends 09-03-2027.", "09-03-2027", "2027-09-03"),
    ],
)
def test_a_dashed_date_with_its_year_is_one_day_not_a_range(text: str, span: str, day: str) -> None:
    (hit,) = found(text)
    assert hit[0] == span
    assert hit[1] == f"{day}T00:00"


@pytest.mark.parametrize(
    ("text", "span", "start", "end"),
    [
        ("Sales rose in 2014-2018 overall.", "2014-2018", "2014-01-01T00:00", "2019-01-01T00:00"),
        ("Trip from 2019-01-01-2019-01-07 booked.", "from 2019-01-01-2019-01-07",
         "2019-01-01T00:00", "2019-01-08T00:00"),
        ("The term is 10/1-11/2/2017.", "10/1-11/2/2017", "2017-10-01T00:00", "2017-11-03T00:00"),
        ("Office hours Fri 9-5 as usual.", "Fri 9-5", "2026-11-27T09:00", "2026-11-27T17:00"),
    ],
)  # fmt: skip
def test_dashes_between_whole_sides_still_join_a_range(
    text: str, span: str, start: str, end: str
) -> None:
    assert (span, start, end) in found(text)


def test_a_weekday_that_fits_neither_order_dates_nothing() -> None:
    assert found("Review on Wednesday 3-9-2027 maybe.") == []


# ------------------------------------------------- the note's bracket is not the date's


@pytest.mark.parametrize(
    ("text", "span"),
    [
        ("We reviewed it (Fri 09-03-2027) with the team.", "Fri 09-03-2027"),
        ("Deadline (Tuesday 3/11) is firm.", "Tuesday 3/11"),
        ("Lunch [Tue 11/03] was fine.", "Tue 11/03"),
    ],
)
def test_a_closing_bracket_around_a_weekday_and_date_stays_outside(text: str, span: str) -> None:
    assert [hit[0] for hit in found(text)][:1] == [span]


def test_a_bracket_opened_after_the_weekday_is_the_dates() -> None:
    (hit,) = found("Meet Friday (9/3/2027) in Leeds.")
    assert hit[:2] == ("Friday (9/3/2027)", "2027-09-03T00:00")


# ------------------------------------------------- lengths as adjectives, a spaced h


@pytest.mark.parametrize(
    ("text", "span", "seconds"),
    [
        ("After a 10-minute break we went on.", "10-minute", "600s"),
        ("We booked a two-hour slot.", "two-hour", "7200s"),
        ("The 3-day course was useful.", "3-day", "259200s"),
        ("She took a twenty-minute walk.", "twenty-minute", "1200s"),
        ("The film runs 2 h 15 min.", "2 h 15 min", "8100s"),
        ("It took 1 h 5 m in the end.", "1 h 5 m", "3900s"),
    ],
)
def test_a_length_written_as_an_adjective_or_with_a_spaced_h_is_a_duration(
    text: str, span: str, seconds: str
) -> None:
    assert found(text) == [(span, seconds, "")]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("We meet in 10-minute slots.", [("10-minute", "600s", "")]),  # no instant from now
        ("She has a 3-year-old daughter.", []),  # an age
        ("A 2-week-old puppy slept.", []),
        ("See section 2 h of the form.", []),  # a spaced h needs the minutes after it
    ],
)
def test_a_hyphened_length_builds_no_time_and_ages_stay_unfound(
    text: str, expected: list[tuple[str, str, str]]
) -> None:
    assert found(text) == expected


# ------------------------------------------------- two bare hours after a day said before


@pytest.mark.parametrize(
    ("text", "span", "start", "end"),
    [
        ("Yesterday I worked 9 to 5, then went home.", "9 to 5",
         "2026-12-01T09:00", "2026-12-01T17:00"),
        ("Office hours yesterday were 10 to 12.", "10 to 12",
         "2026-12-01T10:00", "2026-12-01T12:00"),
        ("On Monday the shop opened 10 till 4.", "10 till 4",
         "2026-11-30T10:00", "2026-11-30T16:00"),
        ("On Monday the desk was staffed 8-1.", "8-1",
         "2026-11-30T08:00", "2026-11-30T13:00"),
    ],
)  # fmt: skip
def test_two_bare_hours_after_a_day_of_their_sentence_are_that_days(
    text: str, span: str, start: str, end: str
) -> None:
    assert (span, start, end) in found(text)


@pytest.mark.parametrize(
    "text",
    [
        "I work 9 to 5.",  # no day said before: a job, not a time
        "Yesterday I counted 3 to 4 birds.",  # a noun it counts
        "Yesterday the score went 2 to 3.",  # a verb of change
        "Yesterday we met at 10 to 12.",  # a clock time (11:50) may be meant
        "Yesterday the ratio was 5 to 3.",  # runs backwards in waking hours
        "Yesterday the kids were 9 to 11 years old.",
    ],
)
def test_two_bare_numbers_that_are_no_hours_stay_unfound(text: str) -> None:
    assert [hit[0] for hit in found(text) if "to" in hit[0] or "-" in hit[0]] == []


# ------------------------------------------------- a range of months running now, looking ahead


SEPTEMBER = datetime(2018, 9, 7, 12, 0, tzinfo=UTC)


@pytest.mark.parametrize(
    ("text", "start", "end"),
    [
        ("What will happen between August and October?", "2018-08-01T00:00", "2018-11-01T00:00"),
        ("We will be closed from May to September.", "2018-05-01T00:00", "2018-10-01T00:00"),
        ("I'll travel from Sept 1 to Sept 30.", "2018-09-01T00:00", "2018-10-01T00:00"),
    ],
)
def test_a_range_of_months_running_now_is_the_coming_one(text: str, start: str, end: str) -> None:
    ((_, got_start, got_end),) = found(text, SEPTEMBER)
    assert (got_start, got_end) == (start, end)


@pytest.mark.parametrize(
    ("text", "start"),
    [
        ("We will be in Spain from June to August.", "2019-06-01T00:00"),  # over: next year's
        ("We will be shut from December to February.", "2018-12-01T00:00"),  # not begun
        ("I'll be away from Monday to Friday.", "2018-09-10T00:00"),  # weekdays: next week
    ],
)
def test_a_range_that_is_over_or_to_come_keeps_the_next_one(text: str, start: str) -> None:
    ((_, got_start, _),) = found(text, SEPTEMBER)
    assert got_start == start


# ------------------------------------------------- the weeks of a month hold most of their days


@pytest.mark.parametrize(
    ("expression", "start"),
    [
        ("the last week of july 2017", "2017-07-24"),  # 31 July is a Monday: August's week
        ("the first week of august 2017", "2017-07-31"),
        ("the first week of july 2016", "2016-07-04"),  # 1 July a Friday: June's last week
        ("the last week of november 2016", "2016-11-21"),  # 30 Nov a Wednesday
        ("the last week of july 2016", "2016-07-25"),  # the same under either rule
        ("the first week of october 2026", "2026-09-28"),
    ],
)
def test_a_months_week_is_the_one_holding_most_of_its_days(expression: str, start: str) -> None:
    assert resolve(expression, NOW, UTC).start.isoformat()[:10] == start


# ------------------------------------------------- two clock times after a day are that day's


@pytest.mark.parametrize(
    ("text", "span", "start", "end"),
    [
        ("Mon 23 Nov: dentist 14:00-14:45", "14:00-14:45", "2026-11-23T14:00", "2026-11-23T14:45"),
        ("Yesterday: gym 7:30-8:15, then work.", "7:30-8:15", "2026-12-01T07:30",
         "2026-12-01T08:15"),
        ("On 3 March we met 9:00 - 10:30 at the office.", "9:00 - 10:30", "2026-03-03T09:00",
         "2026-03-03T10:30"),
    ],
)  # fmt: skip
def test_a_range_of_two_clock_times_after_a_day_is_on_that_day(
    text: str, span: str, start: str, end: str
) -> None:
    assert (span, start, end) in found(text)


def test_a_range_of_clock_times_with_no_day_before_is_today() -> None:
    assert found("Gym 7:30-8:15 then work.") == [
        ("7:30-8:15", "2026-12-02T07:30", "2026-12-02T08:15")
    ]


# ------------------------------------------------- a listed weekday shares the relation before it


@pytest.mark.parametrize(
    ("text", "span", "start"),
    [
        ("Next Wed or Thu afternoon?", "Thu afternoon", "2026-12-10T12:00"),
        ("We could do next Monday, Tuesday or Wednesday.", "Wednesday", "2026-12-09T00:00"),
        ("Are you free this Sat or Sun?", "Sun", "2026-12-06T00:00"),
        ("Shall we say next Friday and Saturday?", "Saturday", "2026-12-12T00:00"),
    ],
)
def test_a_bare_weekday_listed_after_one_with_a_relation_shares_it(
    text: str, span: str, start: str
) -> None:
    assert [hit[1] for hit in found(text) if hit[0] == span] == [start]


@pytest.mark.parametrize(
    ("text", "span", "start"),
    [
        ("I saw him on Monday and Tuesday.", "Tuesday", "2026-12-01T00:00"),  # no relation
        ("Next Wed, and Thursday last week", "Thursday last week", "2026-11-26T00:00"),
        ("Next Friday. Saturday was quiet.", "Saturday", "2026-11-28T00:00"),  # no list
    ],
)
def test_a_weekday_not_listed_or_with_its_own_relation_keeps_its_reading(
    text: str, span: str, start: str
) -> None:
    assert [hit[1] for hit in found(text) if hit[0] == span] == [start]


# ------------------------------------------------- a relative year opening a sentence frames it


@pytest.mark.parametrize(
    ("text", "span", "start"),
    [
        ("Last year in June we went to Crete.", "June", "2025-06-01T00:00"),
        ("Last year, in March, the roof leaked.", "March", "2025-03-01T00:00"),
        ("Next year in May we will marry.", "May", "2027-05-01T00:00"),
        ("Last year on 3 May I fell off my bike.", "Last year on 3 May", "2025-05-03T00:00"),
    ],
)
def test_a_relative_year_opening_a_sentence_is_the_year_of_its_months(
    text: str, span: str, start: str
) -> None:
    assert [hit[1] for hit in found(text) if hit[0] == span] == [start]


@pytest.mark.parametrize(
    ("text", "span", "start"),
    [
        ("The house was built last year and sold in March.", "March", "2026-03-01T00:00"),
        ("Over the past year in March we hiked.", "March", "2026-03-01T00:00"),  # from today
        ("Last year was hard. In March we moved.", "March", "2026-03-01T00:00"),  # next sentence
    ],
)
def test_a_year_that_does_not_open_the_sentence_frames_nothing(
    text: str, span: str, start: str
) -> None:
    assert [hit[1] for hit in found(text) if hit[0] == span] == [start]


# ------------------------------------------------- meals beside clock times


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Tea at 4pm, dinner at 8.", [("4pm", "2026-12-02T16:00"), ("8", "2026-12-02T20:00")]),
        ("Lunch at 1pm, supper at 7.", [("1pm", "2026-12-02T13:00"),
                                        ("7", "2026-12-02T19:00")]),
        ("Dinner at 8.", [("8", "2026-12-02T20:00")]),
        ("Breakfast at 7:30 then gym.", [("7:30", "2026-12-02T07:30")]),
        ("Dinner at 8 on Friday.", [("at 8 on Friday", "2026-11-27T20:00")]),
    ],
)  # fmt: skip
def test_a_meal_at_a_clock_time_is_that_time_and_a_listed_meal_starts_anew(
    text: str, expected: list[tuple[str, str]]
) -> None:
    assert [hit[:2] for hit in found(text)] == expected


@pytest.mark.parametrize(
    "text",
    ["Dinner with mom was lovely.", "Lunch at Joe's was fine.", "Breakfast at the hotel."],
)
def test_a_meal_without_a_clock_time_opening_a_phrase_stays_the_event(text: str) -> None:
    assert found(text) == []


@pytest.mark.parametrize(
    "text", ["He wore a 24-hour watch.", "Set it to the 12-hour clock.", "Use 24-hour time."]
)
def test_a_hyphened_number_of_hours_naming_a_kind_of_clock_is_no_length(text: str) -> None:
    assert found(text) == []
