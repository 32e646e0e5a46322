"""Rule families of the eighth round of issue 9, found by probing the grammar with invented
phrases (every category of SPEC §4.2 in other wordings than the corpus's) and by the false
finds of the corpus's negative sentences.

Each rule is tested in several wordings with near-misses that must stay refused or unfound.
Reference: Wednesday 2026-06-10 14:00 UTC unless a case says otherwise.
"""

from __future__ import annotations

from datetime import UTC

import pytest

# the fifth round's reference time and readers (Wednesday 2026-06-10 14:00 UTC), shared
from test_timeexpr_round5 import WED, refused

from prme_cli.timeexpr import find, resolve


def bounds(expression: str) -> tuple[str | None, str | None]:
    """The window's start and end to the minute, ``None`` for an open side."""
    w = resolve(expression, WED, UTC)
    start = None if w.open_start else w.start.isoformat()[:16]
    end = None if w.open_end else w.end.isoformat()[:16]
    return start, end


def found(note: str) -> list[str]:
    return [f.text for f in find(note, WED, UTC)]


# ------------------------------------------------ a number that an amount word measures


@pytest.mark.parametrize(
    "note",
    [
        "Mortgages were at 6.45 percent",
        "The rate stood at 7.30 per cent for a while.",
        "Shares closed at 9.15 dollars.",
        "Set the thermostat to 6.30 degrees lower.",
        "Growth slowed to 2.15 % overall.",
    ],
)
def test_a_number_followed_by_a_unit_of_amount_is_not_a_clock_time(note: str) -> None:
    assert found(note) == []


@pytest.mark.parametrize(
    ("note", "texts"),
    [
        ("We met at 6.45 on Friday.", ["at 6.45 on Friday"]),
        ("Inflation hit 9.5 percent in 2022.", ["2022"]),
        ("The pound fell to 1.15 dollars on Friday.", ["Friday"]),
        ("Set the oven to 180 degrees at 6.45pm.", ["6.45pm"]),
    ],
)
def test_times_beside_amounts_are_still_found(note: str, texts: list[str]) -> None:
    assert found(note) == texts


# --------------------------------------------- bounds in other wordings ("through friday")


@pytest.mark.parametrize(
    ("expression", "expected"),
    [
        ("through friday", (None, "2026-06-06T00:00")),  # the most recent Friday, 06-05
        ("thru next tuesday", (None, "2026-06-17T00:00")),
        ("through june 3rd", (None, "2026-06-04T00:00")),
        ("through the end of the year", (None, "2027-01-01T00:00")),
        ("up until last week", (None, "2026-06-08T00:00")),
        ("up till noon", (None, "2026-06-10T12:01")),
        ("on or before june 1", (None, "2026-06-02T00:00")),
        ("on or after the 3rd", ("2026-06-03T00:00", None)),
        ("not later than friday", (None, "2026-06-06T00:00")),
        ("not earlier than 9am", ("2026-06-10T09:00", None)),
        ("as from monday", ("2026-06-08T00:00", None)),
        ("as from 1 january", ("2026-01-01T00:00", None)),
    ],
)
def test_other_wordings_of_an_open_bound_read_as_until_and_since(
    expression: str, expected: tuple[str | None, str | None]
) -> None:
    assert bounds(expression) == expected


@pytest.mark.parametrize("text", ["through", "on or", "as from", "up until", "through the"])
def test_a_bound_word_without_a_time_is_refused(text: str) -> None:
    assert refused(text)


@pytest.mark.parametrize(
    "note",
    [
        "I got through 3 chapters.",
        "We walked through the park.",
        "Read through the 2nd draft.",
        "Turn it on or off.",
    ],
)
def test_through_a_count_or_a_thing_is_not_a_time(note: str) -> None:
    assert found(note) == []


@pytest.mark.parametrize(
    ("note", "texts"),
    [
        ("The offer is valid through Friday.", ["through Friday"]),
        ("Submit on or before June 1.", ["on or before June 1"]),
        ("We talked through the night.", ["the night"]),  # during it: not a bound
        ("I worked through the weekend.", ["the weekend"]),
        ("Open Monday through Friday.", ["Monday through Friday"]),
    ],
)
def test_through_a_day_is_a_bound_and_through_a_period_is_the_period(
    note: str, texts: list[str]
) -> None:
    assert found(note) == texts


# --------------------------------------------- "last evening", the sun's other names


@pytest.mark.parametrize(
    ("expression", "expected"),
    [
        ("last evening", ("2026-06-09T18:00", "2026-06-10T00:00")),
        ("late last evening", ("2026-06-09T21:00", "2026-06-10T00:00")),
        ("last night", ("2026-06-09T18:00", "2026-06-10T04:00")),  # unchanged
        ("at daybreak", ("2026-06-10T05:00", "2026-06-10T07:00")),
        ("sunup tomorrow", ("2026-06-11T05:00", "2026-06-11T07:00")),
        ("before sundown", (None, "2026-06-10T18:00")),
        ("nightfall on friday", ("2026-06-05T18:00", "2026-06-05T20:00")),
    ],
)
def test_last_evening_is_yesterdays_and_the_suns_hours_have_other_names(
    expression: str, expected: tuple[str | None, str | None]
) -> None:
    assert bounds(expression) == expected


@pytest.mark.parametrize("text", ["last morning", "last afternoon", "the crack of sundown"])
def test_last_with_a_daytime_part_is_refused(text: str) -> None:
    assert refused(text)


@pytest.mark.parametrize(
    ("note", "texts"),
    [
        ("Last evening we ate out.", ["Last evening"]),
        ("We left at daybreak.", ["at daybreak"]),
        ("We watched the sundown from the pier.", []),  # the event, as "the sunset"
        ("Daybreak is a film I like.", []),
    ],
)
def test_the_suns_hours_in_prose_are_times_only_after_a_preposition(
    note: str, texts: list[str]
) -> None:
    assert found(note) == texts


# ------------------------------------------------- the middle of the current week, month, year


@pytest.mark.parametrize(
    ("expression", "expected"),
    [
        ("mid-month", ("2026-06-11T00:00", "2026-06-21T00:00")),
        ("mid month", ("2026-06-11T00:00", "2026-06-21T00:00")),
        ("midmonth", ("2026-06-11T00:00", "2026-06-21T00:00")),
        ("mid-year", ("2026-05-01T00:00", "2026-09-01T00:00")),
        ("midyear", ("2026-05-01T00:00", "2026-09-01T00:00")),
        ("mid year", ("2026-05-01T00:00", "2026-09-01T00:00")),
        ("mid-week", ("2026-06-10T00:00", "2026-06-13T00:00")),  # as before
    ],
)
def test_mid_and_a_unit_is_the_middle_of_the_current_one(
    expression: str, expected: tuple[str | None, str | None]
) -> None:
    assert bounds(expression) == expected
    assert resolve(expression, WED, UTC).approximate


@pytest.mark.parametrize(
    ("note", "texts"),
    [
        ("Payments are due mid-month.", ["mid-month"]),
        ("The mid-year review went well.", []),
        ("The midyear budget is out.", []),
        ("A mid-month payment bounced.", []),
    ],
)
def test_mid_and_a_unit_before_a_noun_is_a_modifier(note: str, texts: list[str]) -> None:
    assert found(note) == texts


# ------------------------------ "first of next month", "the last of the month", "X so far"


@pytest.mark.parametrize(
    ("expression", "day"),
    [
        ("first of next month", "2026-07-01"),
        ("1st of next month", "2026-07-01"),
        ("fifteenth of last month", "2026-05-15"),
        ("the last of the month", "2026-06-30"),
        ("the last of february", "2026-02-28"),
        ("the last of next month", "2026-07-31"),
    ],
)
def test_an_ordinal_of_a_relative_month_and_the_last_of_a_month(expression: str, day: str) -> None:
    assert bounds(expression)[0] == f"{day}T00:00"
    assert resolve(expression, WED, UTC).grain == "day"


@pytest.mark.parametrize(
    "text", ["first of all", "the last of all", "the last of us", "first of the", "this so far"]
)
def test_an_ordinal_of_no_period_is_refused(text: str) -> None:
    assert refused(text)


@pytest.mark.parametrize(
    ("expression", "start"),
    [
        ("this year so far", "2026-01-01T00:00"),
        ("this month so far", "2026-06-01T00:00"),
        ("this week so far", "2026-06-08T00:00"),
        ("the quarter so far", "2026-04-01T00:00"),
    ],
)
def test_a_period_so_far_runs_from_its_start_to_now(expression: str, start: str) -> None:
    assert bounds(expression) == (start, "2026-06-10T14:00")


@pytest.mark.parametrize(
    ("note", "texts"),
    [
        ("First of all, thanks.", []),
        ("We ate the last of the cake.", []),
        ("Rent is due on the first of next month.", ["the first of next month"]),
        ("This year so far has been odd.", ["This year so far"]),
    ],
)
def test_ordinals_of_things_are_not_found(note: str, texts: list[str]) -> None:
    assert found(note) == texts


# --------------------------------------- "in 1h30": hours and minutes written together


@pytest.mark.parametrize(
    ("expression", "start"),
    [
        ("in 1h30", "2026-06-10T15:30"),
        ("in 2h45", "2026-06-10T16:45"),
        ("1h30 ago", "2026-06-10T12:30"),
        ("in 1h30m", "2026-06-10T15:30"),  # as before
    ],
)
def test_hours_and_minutes_glued_after_in_or_before_ago_are_a_length(
    expression: str, start: str
) -> None:
    assert bounds(expression)[0] == start


@pytest.mark.parametrize(
    ("expression", "start"),
    [
        ("9h30", "2026-06-10T09:30"),
        ("at 16h45", "2026-06-10T16:45"),
        ("in 16h00", "2026-06-10T16:00"),
    ],
)
def test_hours_and_minutes_glued_elsewhere_stay_a_clock_time(expression: str, start: str) -> None:
    assert bounds(expression)[0] == start


@pytest.mark.parametrize(
    ("note", "seconds"),
    [("Ran for 1h30, then slept.", 5400), ("It took 2h15 to get there.", 8100)],
)
def test_a_glued_length_in_prose_is_a_duration(note: str, seconds: int) -> None:
    rows = find(note, WED, UTC)
    assert [(f.kind, f.seconds) for f in rows] == [("duration", seconds)]


# ------------------------------------ "under an hour ago", "in under 10 minutes", "prior"


@pytest.mark.parametrize(
    ("expression", "expected"),
    [
        ("under an hour ago", ("2026-06-10T13:00", "2026-06-10T14:00")),
        ("less than an hour ago", ("2026-06-10T13:00", "2026-06-10T14:00")),  # as before
        ("under 2 weeks ago", ("2026-05-27T00:00", "2026-06-10T00:00")),
        ("in under 10 minutes", ("2026-06-10T14:00", "2026-06-10T14:10")),
        ("in less than a week", ("2026-06-10T00:00", "2026-06-17T00:00")),
        ("in no more than 3 days", ("2026-06-10T00:00", "2026-06-13T00:00")),
        ("within the hour", ("2026-06-10T14:00", "2026-06-10T15:00")),
        ("the prior three days", ("2026-06-07T00:00", "2026-06-10T00:00")),
        ("in the prior 24 hours", ("2026-06-09T14:00", "2026-06-10T14:00")),
    ],
)
def test_less_than_an_amount_from_now_or_ago_and_the_prior_n_units(
    expression: str, expected: tuple[str | None, str | None]
) -> None:
    assert bounds(expression) == expected


@pytest.mark.parametrize("text", ["under a week", "in under", "under the bridge", "within the"])
def test_an_amount_without_ago_or_in_is_a_length_not_a_time(text: str) -> None:
    assert refused(text)


@pytest.mark.parametrize(
    ("note", "kind"),
    [
        ("We finished in under a week.", "duration"),  # a deed in the past: how long it took
        ("Ran 5k in under 25 minutes.", "duration"),
        ("I'll be there in under 10 minutes.", "interval"),
    ],
)
def test_in_under_an_amount_in_prose_is_a_length_after_a_past_deed(note: str, kind: str) -> None:
    # after a past deed the amount alone is found, as a length always was ("a week")
    assert [f.kind for f in find(note, WED, UTC)] == [kind]


# --------------------------------------- "the last quarter of 2025", "2025/11"


@pytest.mark.parametrize(
    ("expression", "expected"),
    [
        ("the last quarter of 2025", ("2025-10-01T00:00", "2026-01-01T00:00")),
        ("the final quarter of 2024", ("2024-10-01T00:00", "2025-01-01T00:00")),
        ("last quarter of 2019", ("2019-10-01T00:00", "2020-01-01T00:00")),
        ("the second quarter of 2025", ("2025-04-01T00:00", "2025-07-01T00:00")),  # as before
        ("2025/11", ("2025-11-01T00:00", "2025-12-01T00:00")),
        ("2024/3", ("2024-03-01T00:00", "2024-04-01T00:00")),
        ("2011/12", ("2011-01-01T00:00", "2013-01-01T00:00")),  # a school year, as before
    ],
)
def test_a_quarter_counted_in_a_written_year_and_a_year_slash_month(
    expression: str, expected: tuple[str | None, str | None]
) -> None:
    assert bounds(expression) == expected


@pytest.mark.parametrize("text", ["2025/13", "2025/00", "the fifth quarter of 2025"])
def test_no_such_month_or_quarter_is_refused(text: str) -> None:
    assert refused(text)


# ------------------------------------ "October 14 for 8am" as a phrase, as in running text


@pytest.mark.parametrize(
    ("expression", "start"),
    [
        ("October 14 for 8:00:31am", "2025-10-14T08:00"),
        ("next tuesday for 7:30", "2026-06-16T07:30"),
        ("friday for 8pm", "2026-06-05T20:00"),
        ("tomorrow for 9am", "2026-06-11T09:00"),
    ],
)
def test_a_clock_time_after_for_is_booked_on_the_day_before_it(expression: str, start: str) -> None:
    assert bounds(expression)[0] == start


@pytest.mark.parametrize(
    "text", ["friday for 8", "friday for 8 people", "monday for 2.5 hours", "monday for 10 minutes"]
)
def test_a_count_or_a_length_after_for_is_no_clock_time(text: str) -> None:
    assert refused(text)
