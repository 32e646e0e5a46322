"""Exact arithmetic on dated operands (arithmetic.py, SPEC §6.5 and the JSON value shapes)."""

from __future__ import annotations

from datetime import date, datetime, time, timedelta
from decimal import Decimal
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given
from hypothesis import strategies as st

from prme_cli.relate.arithmetic import (
    calendar_months,
    calendar_years,
    compute,
    elapsed_value,
    format_quantity,
    long_date,
)
from prme_cli.relate.interpret import Dated
from prme_cli.relate.types import Operand, Resolution

TZ = ZoneInfo("Europe/Berlin")
NEW_YORK = ZoneInfo("America/New_York")
QUESTION_DATE = datetime(2026, 11, 20, 12, 0, tzinfo=TZ)


def day(y: int, m: int, d: int, tz: ZoneInfo = TZ) -> Dated:
    start = datetime(y, m, d, tzinfo=tz)
    end = datetime.combine(date(y, m, d) + timedelta(days=1), time(), tzinfo=tz)
    return Dated(start=start, end=end, grain="day", basis="org_timestamp")


def minute(y: int, m: int, d: int, hh: int, mm: int, tz: ZoneInfo = TZ) -> Dated:
    start = datetime(y, m, d, hh, mm, tzinfo=tz)
    return Dated(
        start=start,
        end=start + timedelta(minutes=1),
        grain="minute",
        times=(time(hh, mm),),
        basis="org_timestamp",
    )


def period(start: datetime, end: datetime, grain: str) -> Dated:
    return Dated(start=start, end=end, grain=grain, basis="text_expression")


def duration(quantity: str, unit: str) -> Dated:
    return Dated(quantity=Decimal(quantity), unit=unit, basis="duration")


def resolution(operation: str, *names: str) -> Resolution:
    return Resolution(
        operation,
        tuple(Operand(n, f"r{i}", "q", "q", "org_timestamp") for i, n in enumerate(names)),
    )


def run(
    operation: str,
    dated: list[Dated],
    unit: str | None = None,
    question_date: datetime = QUESTION_DATE,
) -> dict[str, object]:
    names = [f"event {i}" for i in range(len(dated))]
    return compute(
        resolution(operation, *names), dated, unit=unit, question_date=question_date, tz=TZ
    )


# --------------------------------------------------------------------------- elapsed


def test_spec_example_shape() -> None:
    value = run("elapsed_between", [day(2026, 1, 1), day(2026, 1, 31)], unit="weeks")
    assert value == {
        "days": 30,
        "quantity": "4.3",
        "unit": "weeks",
        "display": "30 days (4 weeks 2 days)",
    }


def test_days_when_no_unit_is_asked() -> None:
    value = run("elapsed_between", [day(2026, 1, 31), day(2026, 1, 1)])
    assert (value["days"], value["quantity"], value["unit"]) == (30, "30", "days")


@pytest.mark.parametrize(
    ("a", "b", "days"),
    [
        ((2026, 1, 31), (2026, 2, 1), 1),  # month end
        ((2026, 2, 28), (2026, 3, 1), 1),  # common year
        ((2024, 2, 28), (2024, 3, 1), 2),  # leap year
        ((2023, 12, 31), (2024, 1, 1), 1),  # year end
        ((2024, 1, 1), (2025, 1, 1), 366),  # a leap year long
        ((2026, 3, 28), (2026, 3, 30), 2),  # Berlin spring-forward in between
        ((2026, 10, 24), (2026, 10, 26), 2),  # Berlin fall-back in between
    ],
)
def test_calendar_day_differences(
    a: tuple[int, int, int], b: tuple[int, int, int], days: int
) -> None:
    assert run("elapsed_between", [day(*a), day(*b)])["days"] == days


def test_dst_does_not_shift_days_even_with_times() -> None:
    # 23:30 before the spring-forward night to 00:30 after it: one calendar day apart.
    value = run("elapsed_between", [minute(2026, 3, 28, 23, 30), minute(2026, 3, 29, 0, 30)])
    assert value["days"] == 1


def test_hours_use_real_elapsed_time_across_dst() -> None:
    # 22:00 to 06:00 across the Berlin spring-forward is 7 hours, not 8.
    value = run(
        "elapsed_between", [minute(2026, 3, 28, 22, 0), minute(2026, 3, 29, 6, 0)], unit="hours"
    )
    assert (value["quantity"], value["days"]) == ("7", 1)
    fall = run(
        "elapsed_between", [minute(2026, 10, 24, 22, 0), minute(2026, 10, 25, 6, 0)], unit="minutes"
    )
    assert fall["quantity"] == "540"
    assert fall["display"] == "540 minutes (9 hours)"


def test_hours_with_fraction_are_exact() -> None:
    value = run(
        "elapsed_between", [minute(2026, 5, 1, 9, 0), minute(2026, 5, 1, 11, 15)], unit="hours"
    )
    assert value["quantity"] == "2.25"
    assert value["display"] == "2.25 hours (2 hours 15 minutes)"


def test_months_are_counted_by_the_calendar() -> None:
    value = run("elapsed_between", [day(2026, 1, 15), day(2026, 3, 20)], unit="months")
    # 2 whole months to 15 March, then 5 of the 31 days to 15 April.
    assert value["quantity"] == "2.2"
    assert value["days"] == 64
    assert value["display"] == "2.2 months (2 months 5 days; 64 days)"
    exact, _ = calendar_months(date(2026, 1, 15), date(2026, 3, 20))
    assert exact == 2 + Decimal(5) / Decimal(31)


def test_month_end_clamps_like_a_calendar() -> None:
    # Month end to month end is a month, as a calendar (and relativedelta) counts it.
    exact, delta = calendar_months(date(2026, 1, 31), date(2026, 2, 28))
    assert (exact, delta.months, delta.days) == (1, 1, 0)
    exact, _ = calendar_months(date(2026, 1, 30), date(2026, 2, 27))
    assert exact == Decimal(28) / Decimal(29)  # 28 of the 29 days from 30 Jan to 28 Feb
    exact, delta = calendar_months(date(2026, 1, 31), date(2026, 3, 31))
    assert exact == 2


def test_years_by_calendar_with_leap_days() -> None:
    exact, delta = calendar_years(date(2024, 2, 29), date(2025, 2, 28))
    assert delta.years == 1 and exact == 1
    value = run("elapsed_between", [day(2020, 6, 1), day(2026, 12, 1)], unit="years")
    assert value["quantity"] == "6.5"
    assert value["unit"] == "years"


def test_week_precise_events_count_whole_weeks() -> None:
    week_a = period(datetime(2026, 3, 2, tzinfo=TZ), datetime(2026, 3, 9, tzinfo=TZ), "week")
    week_b = period(datetime(2026, 5, 4, tzinfo=TZ), datetime(2026, 5, 11, tzinfo=TZ), "week")
    value = run("elapsed_between", [week_a, week_b], unit="weeks")
    assert (value["quantity"], value["days"]) == ("9", 63)
    assert "only to the week" in str(value["display"])


def test_month_precise_events_count_whole_months() -> None:
    march = period(datetime(2026, 3, 1, tzinfo=TZ), datetime(2026, 4, 1, tzinfo=TZ), "month")
    value = run("elapsed_between", [march, day(2026, 7, 19)], unit="months")
    assert value["quantity"] == "4"


def test_elapsed_since_question_uses_the_question_date_in_tz() -> None:
    value = run("elapsed_since_question", [day(2026, 11, 13)])
    assert (value["days"], value["quantity"]) == (7, "7")
    # 00:30 UTC on 21 Nov is still 20 Nov in New York: the calendar of --tz decides.
    late = datetime(2026, 11, 21, 0, 30, tzinfo=ZoneInfo("UTC"))
    names = resolution("elapsed_since_question", "x")
    value = compute(
        names, [day(2026, 11, 13, NEW_YORK)], unit=None, question_date=late, tz=NEW_YORK
    )
    assert value["days"] == 7


# --------------------------------------------------------------------------- rounding


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (Decimal(30) / 7, "4.3"),
        (Decimal("4.25"), "4.25"),
        (Decimal("4.250"), "4.25"),
        (Decimal(3), "3"),
        (Decimal("3.00"), "3"),
        (Decimal("0.05"), "0.05"),
        (Decimal("0.125"), "0.1"),  # not exact in two places: half-even to one
        (Decimal("0.15") + Decimal("0.001"), "0.2"),
        (Decimal(100), "100"),
        (Decimal(0), "0"),
    ],
)
def test_format_quantity(value: Decimal, text: str) -> None:
    assert format_quantity(value) == text


# --------------------------------------------------------------------------- order


def test_order_of_three_events() -> None:
    value = run("order", [day(2026, 5, 3), minute(2026, 1, 2, 9, 30), day(2026, 2, 10)])
    assert value["order"] == ["event 1", "event 2", "event 0"]
    assert value["dates"] == ["2026-01-02T09:30+01:00", "2026-02-10", "2026-05-03"]
    # `dates` stay ISO for scripts; the display is written for a person, as precise
    assert value["display"] == (
        "event 1 (2 Jan 2026, 09:30), then event 2 (10 Feb 2026), then event 0 (3 May 2026)"
    )


def test_order_labels_coarse_dates_as_coarse() -> None:
    march = period(datetime(2026, 3, 1, tzinfo=TZ), datetime(2026, 4, 1, tzinfo=TZ), "month")
    value = run("order", [day(2026, 7, 1), march])
    assert value["dates"] == ["2026-03", "2026-07-01"]


def test_order_refuses_overlaps() -> None:
    with pytest.raises(ValueError):
        run("order", [day(2026, 5, 3), minute(2026, 5, 3, 9, 0)])


# --------------------------------------------------------------------------- absolute date


def test_absolute_date_at_the_precision_of_the_evidence() -> None:
    weekend = period(datetime(2027, 1, 23, tzinfo=TZ), datetime(2027, 1, 25, tzinfo=TZ), "week")
    value = run("absolute_date", [weekend])
    assert (value["grain"], value["date"]) == ("weekend", "2027-01-23")
    assert value["display"] == "the weekend of 23–24 January 2027"
    march = period(datetime(2026, 3, 1, tzinfo=TZ), datetime(2026, 4, 1, tzinfo=TZ), "month")
    assert run("absolute_date", [march])["display"] == "March 2026"
    week = period(datetime(2026, 3, 2, tzinfo=TZ), datetime(2026, 3, 9, tzinfo=TZ), "week")
    assert run("absolute_date", [week])["grain"] == "week"


def test_absolute_date_asked_by_month_and_planned() -> None:
    resolution = Resolution("absolute_date", (Operand("x", "r", "q", "e", "org_timestamp"),))
    value = compute(
        resolution,
        [day(2026, 11, 3)],
        unit=None,
        question_date=QUESTION_DATE,
        tz=TZ,
        precision="month",
    )
    assert (value["grain"], value["display"]) == ("month", "November 2026")
    value = compute(
        resolution, [day(2026, 11, 3)], unit=None, question_date=QUESTION_DATE, tz=TZ, planned=True
    )
    assert value["planned"] is True and value["display"].endswith("(planned)")


def test_absolute_date() -> None:
    assert run("absolute_date", [day(2026, 11, 3)]) == {
        "date": "2026-11-03",
        "start": "2026-11-03T00:00:00+01:00",
        "end": "2026-11-04T00:00:00+01:00",
        "grain": "day",
        "display": "Tuesday, 3 November 2026",
    }
    with_time = run("absolute_date", [minute(2026, 11, 3, 17, 40)])
    assert with_time["display"] == "Tuesday, 3 November 2026, 17:40"


def test_long_date_is_english_whatever_the_locale() -> None:
    assert long_date(date(2024, 2, 29)) == "Thursday, 29 February 2024"


# --------------------------------------------------------------------------- durations


def test_duration_sum_in_the_unit_asked() -> None:
    value = run("duration_sum", [duration("3", "weeks"), duration("17.5", "days")], unit="weeks")
    assert value == {
        "quantity": "5.5",
        "unit": "weeks",
        "display": "5.5 weeks (5 weeks 3 days 12 hours)",
    }


def test_duration_sum_without_a_unit_picks_an_exact_one() -> None:
    value = run("duration_sum", [duration("2", "hours"), duration("30", "minutes")])
    assert (value["quantity"], value["unit"]) == ("2.5", "hours")
    value = run("duration_sum", [duration("3", "weeks"), duration("2", "days")])
    assert (value["quantity"], value["unit"]) == ("23", "days")
    value = run(
        "duration_sum", [duration("75", "minutes"), duration("45", "minutes")], unit="hours"
    )
    assert value["quantity"] == "2"


def test_duration_sum_is_exact_decimal() -> None:
    value = run("duration_sum", [duration("0.1", "hours"), duration("0.2", "hours")])
    assert value["quantity"] == "0.3"  # 0.1 + 0.2 in floats is 0.30000000000000004


def test_calendar_durations() -> None:
    value = run("duration_sum", [duration("1", "years"), duration("6", "months")], unit="years")
    assert value["quantity"] == "1.5"
    assert value["display"] == "1.5 years (1 year 6 months)"


def test_duration_units_that_do_not_mix_are_refused() -> None:
    with pytest.raises(ValueError):
        run("duration_sum", [duration("3", "months"), duration("2", "days")])
    with pytest.raises(ValueError):
        run("duration_sum", [duration("3", "weeks")], unit="months")


# --------------------------------------------------------------------------- schedule


def test_schedule_times() -> None:
    weekly = Dated(
        start=datetime(2026, 10, 5, 9, tzinfo=TZ),
        end=datetime(2026, 10, 5, 9, 1, tzinfo=TZ),
        grain="minute",
        times=(time(9, 0),),
        repeater="+1w",
        basis="org_timestamp",
    )
    evening = Dated(times=(time(18, 30), time(9, 0)), basis="time_of_day")
    value = run("schedule", [weekly, evening])
    assert value == {"times": ["09:00", "18:30"], "display": "09:00 every week, 18:30"}


def test_unsupported_operation_has_no_value() -> None:
    with pytest.raises(ValueError):
        run("unsupported", [])


# --------------------------------------------------------------------------- properties

dates = st.dates(min_value=date(1900, 1, 1), max_value=date(2200, 12, 31))
units = st.sampled_from([None, "days", "weeks", "months", "years"])


def _at(d: date) -> datetime:
    return datetime(d.year, d.month, d.day, tzinfo=TZ)


@given(dates, dates, units)
def test_elapsed_is_symmetric(a: date, b: date, unit: str | None) -> None:
    assert elapsed_value(_at(a), _at(b), unit=unit) == elapsed_value(_at(b), _at(a), unit=unit)


@given(dates, st.integers(min_value=0, max_value=20000))
def test_adding_n_days_gives_n(a: date, n: int) -> None:
    b = a + timedelta(days=n)
    value = elapsed_value(_at(a), _at(b), unit="weeks")
    assert value["days"] == n
    assert abs(Decimal(str(value["quantity"])) - Decimal(n) / 7) <= Decimal("0.05")
    assert elapsed_value(_at(a), _at(b), unit="days")["quantity"] == str(n)


@given(dates, st.integers(min_value=0, max_value=2400))
def test_adding_n_months_gives_n(a: date, n: int) -> None:
    from dateutil.relativedelta import relativedelta

    b = a + relativedelta(months=n)
    exact, _ = calendar_months(a, b)
    assert exact == n


@given(dates, dates)
def test_month_count_lies_between_whole_months(a: date, b: date) -> None:
    early, late = min(a, b), max(a, b)
    exact, delta = calendar_months(early, late)
    whole = delta.years * 12 + delta.months
    assert whole <= exact < whole + 1


@given(st.lists(st.decimals(min_value=0, max_value=10000, places=2), min_size=1, max_size=6))
def test_duration_sum_in_hours_is_exact(amounts: list[Decimal]) -> None:
    value = run("duration_sum", [duration(str(x), "hours") for x in amounts], unit="hours")
    assert Decimal(str(value["quantity"])) == sum(amounts, Decimal(0))


def test_no_unit_asked_and_week_precise_evidence_is_answered_in_weeks() -> None:
    last_week = period(datetime(2026, 11, 2, tzinfo=TZ), datetime(2026, 11, 9, tzinfo=TZ), "week")
    value = run("elapsed_since_question", [last_week])
    assert value["unit"] == "weeks"
    assert run("elapsed_since_question", [day(2026, 11, 2)])["unit"] == "days"
