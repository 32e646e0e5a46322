"""Rule families of the fourth round of issue 9: everyday forms the grammar did not read.

Each family is written in several wordings invented for it, with near-misses that must stay
unread or unfound (a false find dates a note wrongly, which is worse than a miss). Reference:
Saturday 2026-10-03 11:00 in London (BST, +01:00), unless a case says otherwise.
"""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from prme_cli.errors import TimeExpressionError
from prme_cli.timeexpr import find, resolve

LONDON = ZoneInfo("Europe/London")
SAT = datetime(2026, 10, 3, 11, 0, tzinfo=LONDON)
#: Wednesday 2026-10-07 for the mid-week cases
WED = datetime(2026, 10, 7, 11, 0, tzinfo=LONDON)


def span(expression: str, now: datetime = SAT) -> tuple[str, str, bool]:
    w = resolve(expression, now, LONDON)
    return w.start.isoformat()[:16], w.end.isoformat()[:16], w.approximate


def found(text: str, now: datetime = SAT) -> list[tuple[str, str | None, float | None]]:
    return [
        (
            f.text,
            f.start.isoformat()[:16] if f.start else None,
            float(f.seconds) if f.seconds is not None else None,
        )
        for f in find(text, now, LONDON)
    ]


# ------------------------------------------------------------------ hedged amounts


@pytest.mark.parametrize(
    ("expression", "nominal"),
    [
        ("a little over a week ago", "2026-09-26T00:00"),
        ("a little more than a week ago", "2026-09-26T00:00"),
        ("just over two weeks ago", "2026-09-19T00:00"),
        ("just under a month ago", "2026-09-03T00:00"),
        ("slightly less than three days ago", "2026-09-30T00:00"),
        ("a bit over a fortnight ago", "2026-09-19T00:00"),
        ("some two weeks ago", "2026-09-19T00:00"),
        ("not quite a year ago", "2025-10-03T00:00"),
        ("a good two hours ago", "2026-10-03T09:00"),
        ("in just under an hour", "2026-10-03T12:00"),
    ],
)
def test_a_hedged_amount_is_read_approximately_around_the_amount_said(
    expression: str, nominal: str
) -> None:
    start, end, approximate = span(expression)
    assert approximate
    assert start <= nominal < end


def test_the_same_amount_without_a_hedge_stays_exact() -> None:
    assert span("a week ago") == ("2026-09-26T00:00", "2026-09-27T00:00", False)
    assert span("two hours ago")[2] is False


@pytest.mark.parametrize(
    ("text", "phrase", "seconds"),
    [
        ("The call lasted just under two hours.", "just under two hours", 7200.0),
        ("We queued for a good ten minutes.", "a good ten minutes", 600.0),
        ("The drive took a little over three hours.", "a little over three hours", 10800.0),
        ("She was away for some three weeks.", "some three weeks", 1814400.0),
    ],
)
def test_a_hedged_duration_in_a_note_is_the_whole_phrase(
    text: str, phrase: str, seconds: float
) -> None:
    hits = find(text, SAT, LONDON)
    assert [(f.text, float(f.seconds or 0), f.approximate) for f in hits] == [
        (phrase, seconds, True)
    ]


@pytest.mark.parametrize(
    "text",
    [
        "Some days are harder than others.",
        "He waited a good while.",
        "It is well over budget.",
        "She lives just over the bridge.",
        "Every second counts.",
    ],
)
def test_hedge_words_without_an_amount_are_not_times(text: str) -> None:
    assert found(text) == []


# ------------------------------------------------------------------ a week on a day


@pytest.mark.parametrize(
    ("expression", "start", "now"),
    [
        ("tuesday week", "2026-10-13T00:00", SAT),  # the Tuesday after the coming one
        ("Tuesday week at 3pm", "2026-10-13T15:00", SAT),
        ("a week on friday", "2026-10-16T00:00", SAT),
        ("saturday week", "2026-10-10T00:00", SAT),  # today counts as the first Saturday
        ("friday week", "2026-10-16T00:00", WED),
        ("a week today", "2026-10-10T00:00", SAT),
        ("a week tomorrow", "2026-10-11T00:00", SAT),
        ("tomorrow week", "2026-10-11T00:00", SAT),
        ("two weeks today", "2026-10-17T00:00", SAT),
        ("a fortnight today", "2026-10-17T00:00", SAT),
        ("a week yesterday", "2026-09-25T00:00", SAT),  # from a day behind: back
    ],
)
def test_a_week_on_a_day_counts_from_that_day(expression: str, start: str, now: datetime) -> None:
    assert span(expression, now)[0] == start


def test_a_week_on_a_day_in_a_note() -> None:
    assert found("The plumber comes Tuesday week, finally.") == [
        ("Tuesday week", "2026-10-13T00:00", None)
    ]


@pytest.mark.parametrize("expression", ["a week", "a week on", "week tuesday"])
def test_a_week_without_its_day_is_not_a_date(expression: str) -> None:
    with pytest.raises(TimeExpressionError):
        resolve(expression, SAT, LONDON)


# ------------------------------------------------------------------ every n-th


@pytest.mark.parametrize(
    ("expression", "start"),
    [
        ("every second thursday", "2026-10-01T00:00"),
        ("every third thursday", "2026-10-01T00:00"),
        ("every other thursday", "2026-10-01T00:00"),
        ("every second week", "2026-09-28T00:00"),
        ("fortnightly", "2026-10-03T00:00"),
    ],
)
def test_every_nth_is_a_recurrence_at_its_most_recent_occurrence(
    expression: str, start: str
) -> None:
    window = resolve(expression, SAT, LONDON)
    assert window.kind == "set"
    assert window.start.isoformat()[:16] == start


def test_every_second_thursday_in_a_note_is_one_recurrence() -> None:
    hits = find("Recycling goes out every second Thursday.", SAT, LONDON)
    assert [(f.text, f.kind) for f in hits] == [("every second Thursday", "set")]


# ------------------------------------------------------------------ the holidays


@pytest.mark.parametrize(
    "expression",
    [
        "the holidays",
        "over the holidays",
        "the christmas holidays",
        "the xmas holidays",
        "the festive season",
        "the holiday season",
    ],
)
def test_the_holidays_are_christmas_eve_through_new_years_day(expression: str) -> None:
    assert span(expression) == ("2025-12-24T00:00", "2026-01-02T00:00", True)


def test_the_holidays_are_past_leaning_and_this_years_once_begun() -> None:
    late_december = datetime(2026, 12, 28, 9, 0, tzinfo=LONDON)
    assert span("the holidays", late_december)[0] == "2026-12-24T00:00"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I haven't run since the holidays.", [("since the holidays", "2025-12-24T00:00")]),
        ("We painted the hall over the holidays.", [("the holidays", "2025-12-24T00:00")]),
        (
            "Mum visited during the christmas holidays.",
            [("the christmas holidays", "2025-12-24T00:00")],
        ),
        ("The holidays in Spain were lovely.", []),  # any break: not dated
        ("We went to Crete for the holidays.", []),
    ],
)
def test_the_holidays_in_a_note_need_a_word_that_makes_them_christmas(
    text: str, expected: list[tuple[str, str]]
) -> None:
    assert [(t, s) for t, s, _ in found(text)] == expected


# ------------------------------------------------------------------ the coming weekend


@pytest.mark.parametrize(
    ("expression", "now", "start"),
    [
        ("the coming weekend", WED, "2026-10-10T00:00"),
        ("this coming weekend", WED, "2026-10-10T00:00"),
        ("upcoming weekend", WED, "2026-10-10T00:00"),
        ("the coming weekend", SAT, "2026-10-10T00:00"),  # the one after today's
        ("next weekend", WED, "2026-10-17T00:00"),  # next week's, as `next friday` is
    ],
)
def test_the_coming_weekend_is_the_first_after_today(
    expression: str, now: datetime, start: str
) -> None:
    assert span(expression, now)[0] == start


# ------------------------------------------------------------------ compound amounts


@pytest.mark.parametrize(
    ("expression", "start"),
    [
        ("in an hour and a quarter", "2026-10-03T12:15"),
        ("an hour and a quarter ago", "2026-10-03T09:45"),
        ("two hours and three quarters ago", "2026-10-03T08:15"),
        ("in a day and 5 hours", "2026-10-04T16:00"),
    ],
)
def test_a_compound_amount_is_written_coarse_to_fine(expression: str, start: str) -> None:
    assert span(expression)[0] == start


# ------------------------------------------------------------------ weekday and day number


@pytest.mark.parametrize(
    ("expression", "start"),
    [
        ("Sat 12th", "2026-09-12T00:00"),
        ("wednesday the 30th", "2026-09-30T00:00"),
        ("Saturday 3", "2026-10-03T00:00"),  # today counts
        ("thursday the 1st", "2026-10-01T00:00"),
    ],
)
def test_a_weekday_beside_a_day_number_is_the_most_recent_such_day(
    expression: str, start: str
) -> None:
    assert span(expression)[0] == start


# ------------------------------------------------------------------ clock times in words


@pytest.mark.parametrize(
    ("expression", "start", "end"),
    [
        ("five to midnight", "2026-10-03T23:55", "2026-10-03T23:56"),
        ("ten till noon", "2026-10-03T11:50", "2026-10-03T11:51"),
        ("from five to midnight", "2026-10-03T17:00", "2026-10-04T00:00"),  # a range
        ("from nine to five", "2026-10-03T09:00", "2026-10-03T17:00"),
        ("from eight till ten", "2026-10-03T08:00", "2026-10-03T10:00"),
        ("between two and four", "2026-10-03T14:00", "2026-10-03T16:00"),
        ("at five", "2026-10-03T17:00", "2026-10-03T17:01"),  # alone: waking hours
        ("at 9", "2026-10-03T09:00", "2026-10-03T09:01"),
    ],
)
def test_hours_told_in_words(expression: str, start: str, end: str) -> None:
    assert span(expression)[:2] == (start, end)


@pytest.mark.parametrize(
    "text",
    [
        "The queue grew from three to four people.",
        "We counted between two and four herons.",
        "They live at 5 Mill Lane.",
    ],
)
def test_numbers_in_words_or_an_address_are_not_hours_in_a_note(text: str) -> None:
    assert found(text) == []


# ------------------------------------------------------------------ edges and parts


@pytest.mark.parametrize(
    ("expression", "start", "end"),
    [
        ("towards the end of the month", "2026-10-21T00:00", "2026-11-01T00:00"),
        ("toward the beginning of next week", "2026-10-05T00:00", "2026-10-08T00:00"),
        ("the tail end of last year", "2025-09-01T00:00", "2026-01-01T00:00"),
        ("late in 2024", "2024-09-01T00:00", "2025-01-01T00:00"),
        ("early in 2025", "2025-01-01T00:00", "2025-05-01T00:00"),
        ("late summer", "2026-08-01T00:00", "2026-09-01T00:00"),  # a season's thirds are months
        ("late in the summer", "2026-08-01T00:00", "2026-09-01T00:00"),
        ("early spring 2024", "2024-03-01T00:00", "2024-04-01T00:00"),
        ("midwinter", "2025-12-01T00:00", "2026-03-01T00:00"),  # not an edge: the season
    ],
)
def test_edges_of_periods(expression: str, start: str, end: str) -> None:
    try:
        got = span(expression)
    except TimeExpressionError:
        assert expression == "midwinter"  # not read is also right for it
        return
    assert got[:2] == (start, end)


@pytest.mark.parametrize(
    ("expression", "start", "end"),
    [
        ("in the small hours of sunday", "2026-09-27T00:00", "2026-09-27T04:00"),
        ("the wee hours", "2026-10-03T00:00", "2026-10-03T04:00"),
        ("yesterday at this time", "2026-10-02T11:00", "2026-10-02T11:00"),
        ("tomorrow at the same time", "2026-10-04T11:00", "2026-10-04T11:00"),
        ("in 1990s", "1990-01-01T00:00", "2000-01-01T00:00"),
        ("within the next day and 5 hours", "2026-10-03T11:00", "2026-10-04T16:00"),
    ],
)
def test_parts_same_times_decades_and_compound_spans(expression: str, start: str, end: str) -> None:
    assert span(expression)[:2] == (start, end)


def test_the_other_month_is_vague_and_weeks_back() -> None:
    start, end, approximate = span("the other month")
    assert approximate
    assert "2026-07" <= start[:7] and end <= "2026-09-30"


@pytest.mark.parametrize(
    ("expression", "start"),
    [
        ("the first week of october on friday", "2026-10-02T00:00"),
        ("1st week of Oct. on Friday", "2026-10-02T00:00"),
        # week 1 holds most of its days: the week of Sunday 1 November is October's last
        ("the second week of next month on tuesday", "2026-11-10T00:00"),
    ],
)
def test_a_weekday_inside_a_counted_week(expression: str, start: str) -> None:
    assert span(expression)[0] == start


# ------------------------------------------------------------------ words that only look like time


@pytest.mark.parametrize(
    "text",
    [
        "Our flat is on the 3rd floor.",
        "She came in on the 2nd attempt.",
        "He asked for a second helping.",
        "The fall from the ladder hurt.",
        "April Jones sent the slides.",
        "June Carter sang.",
        "We live near the second roundabout.",
        "Noon Street is closed.",
        "Summer Glau starred in it.",
    ],
)
def test_an_ordinal_before_a_noun_or_a_month_before_a_surname_is_no_time(text: str) -> None:
    assert found(text) == []


@pytest.mark.parametrize(
    ("text", "phrase"),
    [
        ("On the 3rd we left for Rome.", "the 3rd"),
        ("See you on the 2nd at noon.", "the 2nd at noon"),
        ("We met in the fall.", "the fall"),
        ("In April Jones left.", "April"),
        ("Hold on for a second.", "a second"),
        ("The boiler broke a little over a week ago.", "a little over a week ago"),
    ],
)
def test_the_same_words_are_times_where_the_sentence_makes_them_so(text: str, phrase: str) -> None:
    assert [t for t, _, _ in found(text)] == [phrase]


# ------------------------------------------------------------------ seasons, spans, counts


@pytest.mark.parametrize(
    ("expression", "start", "end"),
    [
        ("next year's summer", "2027-06-01T00:00", "2027-09-01T00:00"),
        ("summer next year", "2027-06-01T00:00", "2027-09-01T00:00"),
        ("last year's spring", "2025-03-01T00:00", "2025-06-01T00:00"),
        ("the winter of last year", "2025-12-01T00:00", "2026-03-01T00:00"),
        ("summer 2019 to spring 2020", "2019-06-01T00:00", "2020-06-01T00:00"),
        ("from autumn 2023 to summer 2024", "2023-09-01T00:00", "2024-09-01T00:00"),
    ],
)
def test_seasons_of_a_named_or_counted_year(expression: str, start: str, end: str) -> None:
    assert span(expression)[:2] == (start, end)


@pytest.mark.parametrize(
    ("expression", "start", "end"),
    [
        ("the last 2 weeks of june", "2026-06-17T00:00", "2026-07-01T00:00"),
        ("first two weeks of january", "2026-01-01T00:00", "2026-01-15T00:00"),
        ("the last three days of the month", "2026-10-29T00:00", "2026-11-01T00:00"),
        ("the first three months of 2025", "2025-01-01T00:00", "2025-04-01T00:00"),
        ("the last two months of last year", "2025-11-01T00:00", "2026-01-01T00:00"),
    ],
)
def test_the_first_or_last_n_units_of_a_period(expression: str, start: str, end: str) -> None:
    assert span(expression)[:2] == (start, end)


def test_more_units_than_the_period_holds_is_refused() -> None:
    with pytest.raises(TimeExpressionError):
        resolve("the last 40 days of february", SAT, LONDON)


@pytest.mark.parametrize(
    ("expression", "start", "end"),
    [
        ("two to three hours ago", "2026-10-03T08:00", "2026-10-03T09:00"),
        ("an hour or two ago", "2026-10-03T09:00", "2026-10-03T10:00"),
        ("20-30 minutes ago", "2026-10-03T10:30", "2026-10-03T10:40"),
        ("5-7 days ago", "2026-09-26T00:00", "2026-09-29T00:00"),
        ("in 2-3 days", "2026-10-05T00:00", "2026-10-07T00:00"),
        ("in two or three weeks", "2026-10-17T00:00", "2026-10-25T00:00"),
    ],
)
def test_a_range_of_amounts_is_the_window_between_them(
    expression: str, start: str, end: str
) -> None:
    got_start, got_end, approximate = span(expression)
    assert approximate
    assert got_start == start
    assert got_end[:13] == end[:13]


@pytest.mark.parametrize(
    ("expression", "start", "end"),
    [
        ("any time next week", "2026-10-05T00:00", "2026-10-12T00:00"),
        ("some time in june", "2026-06-01T00:00", "2026-07-01T00:00"),
        ("anytime next month", "2026-11-01T00:00", "2026-12-01T00:00"),
    ],
)
def test_any_time_or_some_time_in_a_period_is_inside_it(
    expression: str, start: str, end: str
) -> None:
    assert span(expression) == (start, end, True)


def test_midweek_is_the_middle_of_this_week() -> None:
    start, end, approximate = span("midweek", WED)
    assert approximate and start <= "2026-10-07T00:00" < end
    assert span("mid-week", WED)[:2] == (start, end)


@pytest.mark.parametrize(
    ("expression", "start", "end"),
    [
        ("two weeks after 2011", "2011-01-15T00:00", "2011-01-16T00:00"),
        ("ten days after march", "2026-03-11T00:00", "2026-03-12T00:00"),
        ("a month after march", "2026-04-01T00:00", "2026-05-01T00:00"),  # same grain: a month
    ],
)
def test_days_counted_from_a_month_or_a_year_are_a_day(
    expression: str, start: str, end: str
) -> None:
    assert span(expression)[:2] == (start, end)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "We tiled the bathroom for the last 3 months and 2 weeks ago the grout cracked.",
            ["for the last 3 months", "2 weeks ago"],
        ),
        (
            "Over the past month and 3 days ago the lease ended.",
            ["Over the past month", "3 days ago"],
        ),
        (
            "Over the last 3 months and 2 weeks we moved twice.",
            ["Over the last 3 months and 2 weeks"],
        ),
    ],
)
def test_amounts_joined_up_to_an_ago_count_back_from_now(text: str, expected: list[str]) -> None:
    assert [t for t, _, _ in found(text)] == expected


# ------------------------------------------------------------------ vague amounts from now


@pytest.mark.parametrize(
    ("expression", "nominal"),
    [
        ("a few minutes ago", "2026-10-03T10:57"),
        ("about 5 minutes ago", "2026-10-03T10:55"),
        ("roughly ten minutes ago", "2026-10-03T10:50"),
    ],
)
def test_a_vague_amount_ago_is_vague_by_the_amount_and_stays_in_the_past(
    expression: str, nominal: str
) -> None:
    start, end, approximate = span(expression)
    assert approximate
    assert start <= nominal < end <= "2026-10-03T11:00"


@pytest.mark.parametrize(
    ("expression", "nominal"),
    [
        ("in a few minutes", "2026-10-03T11:03"),
        ("in about 10 minutes", "2026-10-03T11:10"),
        ("a few minutes from now", "2026-10-03T11:03"),
    ],
)
def test_a_vague_amount_from_now_stays_in_the_future(expression: str, nominal: str) -> None:
    start, end, approximate = span(expression)
    assert approximate
    assert "2026-10-03T11:00" <= start <= nominal < end


@pytest.mark.parametrize(
    ("expression", "start"),
    [
        ("in 4 more weeks", "2026-10-31T00:00"),
        ("in two extra days", "2026-10-05T00:00"),
        ("in the early hours of sunday", "2026-09-27T00:00"),
        ("at dinner time", "2026-10-03T18:00"),
        ("lunch time tomorrow", "2026-10-04T12:00"),
    ],
)
def test_more_amounts_early_hours_and_meal_times(expression: str, start: str) -> None:
    assert span(expression)[0] == start


@pytest.mark.parametrize("text", ["We need 4 more chairs.", "The dinner time was chaotic."])
def test_more_of_a_thing_or_a_meal_as_the_subject_is_no_time(text: str) -> None:
    assert found(text) == []


@pytest.mark.parametrize(
    ("expression", "start", "end"),
    [
        ("this day last year", "2025-10-03T00:00", "2025-10-04T00:00"),
        ("on this day last year", "2025-10-03T00:00", "2025-10-04T00:00"),
        ("this day next week", "2026-10-10T00:00", "2026-10-11T00:00"),
        ("noon-3pm", "2026-10-03T12:00", "2026-10-03T15:00"),
        ("the next 2 weeks from today", "2026-10-04T00:00", "2026-10-18T00:00"),
    ],
)
def test_this_day_a_unit_away_noon_ranges_and_spans_counted_on(
    expression: str, start: str, end: str
) -> None:
    assert span(expression)[:2] == (start, end)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "We moved on 3 May. Two weeks after that the roof leaked.",
            [("3 May", "2026-05-03T00:00"), ("Two weeks after that", "2026-05-17T00:00")],
        ),
        (
            "The audit ended on 20 August; 3 days before that we shredded nothing.",
            [("20 August", "2026-08-20T00:00"), ("3 days before that", "2026-08-17T00:00")],
        ),
    ],
)
def test_an_amount_before_or_after_that_counts_from_the_expression_before(
    text: str, expected: list[tuple[str, str]]
) -> None:
    assert [(t, s) for t, s, _ in found(text)] == expected


@pytest.mark.parametrize(
    ("expression", "start"),
    [
        ("next month on the 2nd", "2026-11-02T00:00"),
        ("this month on the 15th", "2026-10-15T00:00"),
        ("last month, on the 3rd", "2026-09-03T00:00"),
    ],
)
def test_a_day_of_a_counted_month_named_after_it(expression: str, start: str) -> None:
    assert span(expression)[0] == start


def test_a_day_the_month_does_not_have_is_refused() -> None:
    with pytest.raises(TimeExpressionError):
        resolve("next month on the 31st", SAT, LONDON)  # November has 30 days


@pytest.mark.parametrize(
    ("expression", "start"),
    [
        ("cinco de mayo", "2026-05-05T00:00"),
        ("burns night", "2026-01-25T00:00"),
        ("st andrew's day", "2025-11-30T00:00"),
        ("Saint George's Day", "2026-04-23T00:00"),
        ("anzac day", "2026-04-25T00:00"),
        ("election day", "2025-11-04T00:00"),  # the Tuesday after the first Monday
        ("election day 2024", "2024-11-05T00:00"),
        ("4th of july weekend", "2026-07-04T00:00"),
        ("twelve o'clock noon", "2026-10-03T12:00"),
        ("12 o'clock midnight", "2026-10-03T00:00"),
        ("late tonight", "2026-10-03T23:00"),
        ("early tonight", "2026-10-03T18:00"),
    ],
)
def test_more_holidays_holiday_weekends_and_told_hours(expression: str, start: str) -> None:
    assert span(expression)[0] == start


@pytest.mark.parametrize("text", ["We met Andrew George on Friday.", "Guy Ritchie films run long."])
def test_saints_names_alone_are_no_holidays(text: str) -> None:
    assert [t for t, _, _ in found(text)] in ([], ["Friday"])


@pytest.mark.parametrize(
    ("expression", "start", "now"),
    [
        ("a week from wednesday", "2026-10-14T00:00", SAT),  # from the coming Wednesday
        ("two weeks from friday", "2026-10-23T00:00", SAT),
        ("a week from saturday", "2026-10-10T00:00", SAT),  # today is the first Saturday
        ("a week from monday", "2026-10-19T00:00", WED),
    ],
)
def test_an_amount_from_a_weekday_counts_from_the_coming_one(
    expression: str, start: str, now: datetime
) -> None:
    assert span(expression, now)[0] == start


@pytest.mark.parametrize(
    ("expression", "start", "end"),
    [
        ("starting at noon for three hours", "2026-10-03T12:00", "2026-10-03T15:00"),
        ("1980s-1990s", "1980-01-01T00:00", "2000-01-01T00:00"),
        ("the 1980s to the 1990s", "1980-01-01T00:00", "2000-01-01T00:00"),
    ],
)
def test_a_start_with_its_length_and_a_range_of_decades(
    expression: str, start: str, end: str
) -> None:
    assert span(expression)[:2] == (start, end)


def test_seconds_in_a_range_are_not_decades() -> None:
    assert found("Wait 10s-20s then retry.") == []
