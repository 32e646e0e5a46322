"""Rule families of the second probe round of issue 9: forms the second hand-written probe
set (``tests/fixtures/timex_probes2/``, sentences as people write them) found unread, misread
or falsely found on its first run, each as a grammar rule tested in several wordings of our
own, with near-misses that must stay unfound.

Reference: Thursday 2027-03-11 14:20 in Europe/Berlin, the set's.
"""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from prme_cli.errors import TimeExpressionError
from prme_cli.timeexpr import find, resolve

BERLIN = ZoneInfo("Europe/Berlin")
NOW = datetime(2027, 3, 11, 14, 20, tzinfo=BERLIN)


def start(expression: str) -> str:
    """The local start to the minute of one expression."""
    return resolve(expression, NOW, BERLIN).start.isoformat()[:16]


def found(text: str) -> list[tuple[str, str]]:
    """What find reports: each span and its start to the minute (or its length)."""
    return [
        (f.text, f.start.isoformat()[:16] if f.start is not None else f"{f.seconds}s")
        for f in find(text, NOW, BERLIN)
    ]


def refused(expression: str) -> bool:
    try:
        resolve(expression, NOW, BERLIN)
    except TimeExpressionError:
        return True
    return False


# ---------------------------------------------------------------- a dot after a short form


@pytest.mark.parametrize(
    ("expression", "expected"),
    [
        ("yest. evening", "2027-03-10T18:00"),
        ("yest. at 9am", "2027-03-10T09:00"),
        ("2 mos. ago", "2027-01-11T00:00"),
        ("3 hrs. ago", "2027-03-11T11:20"),
        ("in 20 mins.", "2027-03-11T14:40"),
        ("2 wks. ago", "2027-02-25T00:00"),
        ("St. Patrick's Day", "2026-03-17T00:00"),
        ("tmrw. 10am", "2027-03-12T10:00"),
    ],
)
def test_a_dot_after_a_short_form_is_not_a_full_stop(expression: str, expected: str) -> None:
    assert start(expression) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Sent it yest. evening.", [("yest. evening", "2027-03-10T18:00")]),
        ("On St. Patrick's Day we wore green.", [("St. Patrick's Day", "2026-03-17T00:00")]),
        ("Started the job 2 mos. ago, I think.", [("2 mos. ago", "2027-01-11T00:00")]),
    ],
)
def test_a_short_form_with_its_dot_is_found_whole(
    text: str, expected: list[tuple[str, str]]
) -> None:
    assert found(text) == expected


def test_a_full_stop_after_a_name_or_an_ordinal_still_ends_the_sentence() -> None:
    assert found("I met Tom. Then we ate at 3pm.") == [("3pm", "2027-03-11T15:00")]
    assert found("We left on the 1st. 2 hours later it rained.")[0] == (
        "the 1st",
        "2027-03-01T00:00",
    )


# ---------------------------------------------------------------- ages, modifiers, lateness


@pytest.mark.parametrize(
    "text",
    [
        "She is 34 years old.",
        "Our 3-year-old loves trains.",
        "The bread is a week old, so toast it.",
        "My nephew is six months old.",
    ],
)
def test_an_amount_of_time_before_old_is_an_age_not_a_time(text: str) -> None:
    assert found(text) == []


def test_an_amount_ago_is_still_a_time_beside_an_age() -> None:
    assert found("It was 34 years ago.") == [("34 years ago", "1993-03-11T00:00")]


@pytest.mark.parametrize(
    "text",
    [
        "The year-end report is attached.",
        "Send the quarter-end figures to Ana.",
        "Our month-end review slipped.",
    ],
)
def test_a_period_end_before_a_noun_is_a_modifier(text: str) -> None:
    assert found(text) == []


def test_a_period_end_standing_alone_is_still_a_time() -> None:
    assert [text for text, _ in found("We close the books at year-end.")] == ["year-end"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "The train was 25 minutes late this morning.",
            [("25 minutes", "1500s"), ("this morning", "2027-03-11T04:00")],
        ),
        (
            "She arrived two days early on Monday.",
            [("two days", "172800s"), ("Monday", "2027-03-08T00:00")],
        ),
        (
            "The bus was ten minutes late yesterday evening.",
            [("ten minutes", "600s"), ("yesterday evening", "2027-03-10T18:00")],
        ),
    ],
)
def test_late_or_early_after_an_amount_tells_how_late(
    text: str, expected: list[tuple[str, str]]
) -> None:
    assert found(text) == expected


def test_late_opening_a_time_is_still_its_edge() -> None:
    assert found("Late this morning it rained.") == [("Late this morning", "2027-03-11T08:00")]


# ---------------------------------------------------------------- over the season; a range at a full stop


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Over the winter I knitted three scarves.", [("the winter", "2026-12-01T00:00")]),
        ("I painted the fence over the summer.", [("the summer", "2026-06-01T00:00")]),
        ("We saved hard over the autumn.", [("the autumn", "2026-09-01T00:00")]),
    ],
)
def test_over_the_season_is_the_whole_season(text: str, expected: list[tuple[str, str]]) -> None:
    assert found(text) == expected


def test_the_season_as_a_noun_stays_unfound() -> None:
    assert found("The fall from the ladder hurt.") == []


@pytest.mark.parametrize(
    ("text", "span", "first", "last"),
    [
        ("We were in Spain Jan 2–9.", "Jan 2–9", "2027-01-02", "2027-01-10"),
        ("We stayed Feb 12-15.", "Feb 12-15", "2027-02-12", "2027-02-16"),
        ("The kids were off Mar 1-5!", "Mar 1-5", "2027-03-01", "2027-03-06"),
    ],
)
def test_a_range_of_days_ending_its_sentence_is_found(
    text: str, span: str, first: str, last: str
) -> None:
    (f,) = find(text, NOW, BERLIN)
    assert (f.text, f.start.date().isoformat(), f.end.date().isoformat()) == (span, first, last)


def test_a_dotted_clock_time_after_a_day_range_is_still_a_clock_time() -> None:
    (f,) = find("The shop: Feb 12-15.30 closed", NOW, BERLIN)
    assert f.start.isoformat()[:16] == "2027-02-12T15:30"


# ---------------------------------------------------------------- "@" for "at"


@pytest.mark.parametrize(
    ("expression", "expected"),
    [
        ("@ 3am", "2027-03-11T03:00"),
        ("@3pm", "2027-03-11T15:00"),
        ("@ noon", "2027-03-11T12:00"),
        ("@ 9:30", "2027-03-11T09:30"),
    ],
)
def test_an_at_sign_before_a_clock_time_is_at(expression: str, expected: str) -> None:
    assert start(expression) == expected


def test_an_at_sign_before_a_bare_hour_stays_refused() -> None:
    assert refused("@ 5")


def test_an_at_sign_in_a_handle_or_an_address_is_no_time() -> None:
    assert found("ping @john re: 5 items") == []
    assert found("sry, was asleep @ 3am lol") == [("@ 3am", "2027-03-11T03:00")]


# ---------------------------------------------------------------- a day of every month or year


@pytest.mark.parametrize(
    ("expression", "expected"),
    [
        ("the 1st of every month", "2027-03-01T00:00"),
        ("the 15th of each month", "2027-02-15T00:00"),
        ("1st of every month", "2027-03-01T00:00"),
        ("the twentieth of every month", "2027-02-20T00:00"),
        ("every year on 1 May", "2026-05-01T00:00"),
        ("each year on May 1st", "2026-05-01T00:00"),
        ("annually on June 3rd", "2026-06-03T00:00"),
        ("yearly on 25 december", "2026-12-25T00:00"),
        ("every year on 2 March", "2027-03-02T00:00"),
    ],
)
def test_a_date_of_every_month_or_year_is_a_recurrence(expression: str, expected: str) -> None:
    window = resolve(expression, NOW, BERLIN)
    assert (window.start.isoformat()[:16], window.kind) == (expected, "set")


def test_a_time_on_a_recurring_day_recurs() -> None:
    (f,) = find("We meet on the 15th of each month at 7pm.", NOW, BERLIN)
    assert (f.text, f.start.isoformat()[:16], f.kind) == (
        "the 15th of each month at 7pm",
        "2027-02-15T19:00",
        "set",
    )


@pytest.mark.parametrize(
    "expression", ["the 32nd of every month", "every year on the 3rd", "every year on 2026"]
)
def test_a_recurring_date_needs_a_real_day_and_month(expression: str) -> None:
    assert refused(expression)


# ---------------------------------------------------------------- a weekday picks the order of a numeric date


@pytest.mark.parametrize(
    ("expression", "day"),
    [
        ("Thu 11/03", "2027-03-11"),
        ("Wed 10/03/2027", "2027-03-10"),
        ("Thursday 11/3", "2027-03-11"),
        ("Tue 09/03/2027", "2027-03-09"),
        ("Thu 03/11", "2027-03-11"),  # month first agrees already
    ],
)
def test_a_weekday_beside_a_numeric_date_picks_the_order_it_agrees_with(
    expression: str, day: str
) -> None:
    assert start(expression) == day + "T00:00"


@pytest.mark.parametrize("expression", ["Sun 11/03/2027", "Sat 13/14/2027"])
def test_a_weekday_that_agrees_with_neither_order_is_refused(expression: str) -> None:
    assert refused(expression)


def test_a_weekday_picks_the_order_in_running_text() -> None:
    assert found("Met on Wed 10/03 at the cafe.") == [("Wed 10/03", "2027-03-10T00:00")]


# ---------------------------------------------------------------- two bounds, the second a bare hour


@pytest.mark.parametrize(
    ("expression", "first", "last"),
    [
        ("later than 9:30 but before 11 on Tuesday", "2027-03-09T09:30", "2027-03-09T11:00"),
        ("after 2:15 and before 4 tomorrow", "2027-03-12T14:15", "2027-03-12T16:00"),
        ("later than 8pm but before 1", "2027-03-11T20:00", "2027-03-12T01:00"),
        ("later than 9:30 but before 11:00 on Tuesday", "2027-03-09T09:30", "2027-03-09T11:00"),
    ],
)
def test_two_bounds_of_a_clock_range_the_second_a_bare_hour(
    expression: str, first: str, last: str
) -> None:
    window = resolve(expression, NOW, BERLIN)
    assert (window.start.isoformat()[:16], window.end.isoformat()[:16]) == (first, last)


# ---------------------------------------------------------------- the turn of the year


@pytest.mark.parametrize(
    ("expression", "first", "last"),
    [
        ("the turn of the year", "2026-12-30", "2027-01-03"),
        ("the turn of year", "2026-12-30", "2027-01-03"),
        ("the turn of the month", "2027-02-27", "2027-03-03"),
    ],
)
def test_the_turn_of_a_year_or_month_is_the_days_either_side(
    expression: str, first: str, last: str
) -> None:
    window = resolve(expression, NOW, BERLIN)
    assert (window.start.date().isoformat(), window.end.date().isoformat()) == (first, last)
    assert window.approximate


def test_the_turn_of_the_year_in_running_text() -> None:
    assert [t for t, _ in found("At the turn of the year we moved.")] == ["the turn of the year"]


@pytest.mark.parametrize("text", ["It was the turn of the tide.", "Take a turn of the wheel."])
def test_a_turn_of_something_else_is_no_time(text: str) -> None:
    assert found(text) == []


# ---------------------------------------------------------------- a bare name in a clause of the future


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I'll see you on Saturday.", [("Saturday", "2027-03-13T00:00")]),
        ("The plumber will come on Monday.", [("Monday", "2027-03-15T00:00")]),
        ("Her recital will be on 12 March.", [("12 March", "2027-03-12T00:00")]),
        ("I'm going to Berlin at Easter.", [("Easter", "2027-03-28T00:00")]),
        ("We will repaint in June.", [("June", "2027-06-01T00:00")]),
        ("Let's have lunch Friday.", [("Friday", "2027-03-12T00:00")]),
        ("She will call on Thursday at 3pm.", [("Thursday at 3pm", "2027-03-11T15:00")]),
        ("We shall meet on the 3rd.", [("the 3rd", "2027-04-03T00:00")]),
    ],
)
def test_a_bare_name_in_a_clause_of_the_future_is_the_next_one(
    text: str, expected: list[tuple[str, str]]
) -> None:
    assert found(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("On Monday I told him I'll come.", [("Monday", "2027-03-08T00:00")]),
        ("I told him on Monday that I'll come.", [("Monday", "2027-03-08T00:00")]),
        ("We were going to the gym on Monday.", [("Monday", "2027-03-08T00:00")]),
        ("I'll check what we did on Tuesday.", [("Tuesday", "2027-03-09T00:00")]),
        ("I'll tell you about the party we had on Saturday.", [("Saturday", "2027-03-06T00:00")]),
        ("The plumber came on Monday.", [("Monday", "2027-03-08T00:00")]),
    ],
)
def test_a_bare_name_outside_a_clause_of_the_future_stays_the_last_one(
    text: str, expected: list[tuple[str, str]]
) -> None:
    assert found(text) == expected


def test_a_clause_of_the_future_leaves_explicit_times_alone() -> None:
    assert found("I will be back on 3 May 2026.") == [("3 May 2026", "2026-05-03T00:00")]
    assert [t for t, _ in found("He will say it was last Friday.")] == ["last Friday"]


def test_a_whole_phrase_keeps_its_past_leaning_reading() -> None:
    assert start("Saturday") == "2027-03-06T00:00"


# ---------------------------------------------------------------- an hour told after dinner


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Dinner was at half past seven.", [("half past seven", "2027-03-11T19:30")]),
        ("Dinner at 8:15 with Jo.", [("8:15", "2027-03-11T20:15")]),
        ("Dinner with mom on Friday at 8.", [("Friday at 8", "2027-03-05T20:00")]),
        ("Supper is at quarter to seven.", [("quarter to seven", "2027-03-11T18:45")]),
    ],
)
def test_an_hour_without_am_pm_after_dinner_is_in_the_evening(
    text: str, expected: list[tuple[str, str]]
) -> None:
    assert found(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Breakfast at 7:30, then a walk.", [("7:30", "2027-03-11T07:30")]),
        ("Dinner was at 7am oddly.", [("7am", "2027-03-11T07:00")]),
        ("Dinner at 19:30.", [("19:30", "2027-03-11T19:30")]),
        ("At half past seven I fed the cat.", [("half past seven", "2027-03-11T07:30")]),
    ],
)
def test_an_hour_with_am_pm_or_away_from_dinner_keeps_its_reading(
    text: str, expected: list[tuple[str, str]]
) -> None:
    assert found(text) == expected


# ---------------------------------------------------------------- someone's last day


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("It was my last day there.", []),
        ("His first week was hard.", []),
        ("Our last month in Rome was bliss.", []),
        ("My last day was Friday.", [("Friday", "2027-03-05T00:00")]),
        ("Their final year at school flew by.", []),
    ],
)
def test_a_last_or_first_unit_after_a_possessive_is_someones_not_a_time(
    text: str, expected: list[tuple[str, str]]
) -> None:
    assert found(text) == expected


def test_a_last_unit_without_a_possessive_is_still_a_time() -> None:
    assert found("Last month was expensive.") == [("Last month", "2027-02-01T00:00")]
    # "her" is as often the object ("saw her"), and a name's "'s" may be a shop's
    assert found("I saw her last weekend.") == [("last weekend", "2027-03-06T00:00")]
    assert found("I got it from Tiffany's last weekend.") == [("last weekend", "2027-03-06T00:00")]
    assert found("The last day of the month.") == [
        ("The last day of the month", "2027-03-31T00:00")
    ]


# ---------------------------------------------------------------- hours of a day said before


@pytest.mark.parametrize(
    ("text", "span", "first", "last"),
    [
        ("On Monday we met from 2 to 4.", "from 2 to 4", "2027-03-08T14:00", "2027-03-08T16:00"),
        ("Yesterday I worked from 9 to 5.", "from 9 to 5", "2027-03-10T09:00", "2027-03-10T17:00"),
        ("Last Tuesday the shop was open from 10 to 12, then shut.", "from 10 to 12",
         "2027-03-09T10:00", "2027-03-09T12:00"),
    ],
)  # fmt: skip
def test_a_range_of_bare_hours_after_a_day_in_its_sentence_is_that_days(
    text: str, span: str, first: str, last: str
) -> None:
    (f,) = [f for f in find(text, NOW, BERLIN) if f.text == span]
    assert (f.start.isoformat()[:16], f.end.isoformat()[:16]) == (first, last)


@pytest.mark.parametrize(
    "text",
    [
        "Yesterday the team grew from 3 to 4 people.",
        "On Friday the score went from 2 to 3.",
        "Yesterday the kids were aged from 9 to 12.",
        "From 3 to 4 we waited.",  # no day said before it
    ],
)
def test_a_range_of_bare_numbers_that_counts_stays_unfound(text: str) -> None:
    assert [t for t, _ in found(text) if "to" in t] == []
