"""Reading one operand's words as a time, per basis (interpret.py)."""

from __future__ import annotations

from datetime import date, datetime, time, timedelta
from decimal import Decimal
from types import SimpleNamespace
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from prme_cli.relate.interpret import (
    InterpretError,
    fits_in,
    grain_of_window,
    interpret,
    interpret_duration,
    interpret_time_of_day,
    licence_phrase,
    licences,
    numeric_date_words,
    period_start,
)
from prme_cli.relate.types import EvidenceRecord, Operand

TZ = ZoneInfo("Europe/Berlin")
QUESTION_DATE = datetime(2026, 11, 20, 12, 0, tzinfo=TZ)


NOTE_TIME = datetime(2026, 10, 2, 17, 40)


def record(text: str, event_time: datetime | None = NOTE_TIME) -> EvidenceRecord:
    return EvidenceRecord(id="r1", event_time=event_time, text=text)


def read(
    expression: str,
    basis: str,
    *,
    quote: str | None = None,
    event_time: datetime | None = datetime(2026, 10, 2, 17, 40),
    **kwargs: Any,
) -> Any:
    quote = quote if quote is not None else expression
    operand = Operand(
        name="x", evidence_id="r1", quote=quote, time_expression=expression, time_basis=basis
    )
    return interpret(
        operand, record(quote, event_time), question_date=QUESTION_DATE, tz=TZ, **kwargs
    )


def local(year: int, month: int, day: int, hour: int = 0, minute: int = 0) -> datetime:
    return datetime(year, month, day, hour, minute, tzinfo=TZ)


# --------------------------------------------------------------------------- org_timestamp


def test_org_date_only_is_a_day() -> None:
    dated = read("<2026-10-02 Fri>", "org_timestamp")
    assert (dated.start, dated.end, dated.grain) == (local(2026, 10, 2), local(2026, 10, 3), "day")
    assert dated.times == ()


def test_org_stamp_with_time_is_a_minute() -> None:
    dated = read("[2026-10-02 Fri 17:40]", "org_timestamp")
    assert dated.start == local(2026, 10, 2, 17, 40)
    assert dated.grain == "minute"
    assert dated.times == (time(17, 40),)


def test_org_day_name_in_any_language() -> None:
    dated = read("[2025-01-13 周一 11:23]", "org_timestamp")
    assert dated.start == local(2025, 1, 13, 11, 23)


def test_org_time_range_spans_hours_within_a_day() -> None:
    dated = read("<2026-10-02 Fri 09:30-11:00>", "org_timestamp")
    assert (dated.start, dated.end) == (local(2026, 10, 2, 9, 30), local(2026, 10, 2, 11))
    assert dated.grain == "day"


def test_org_date_range_is_only_as_precise_as_its_span() -> None:
    dated = read("<2026-10-02 Fri>--<2026-10-04 Sun>", "org_timestamp")
    assert dated.end == local(2026, 10, 5)
    assert dated.grain == "week"


def test_org_planning_line_and_repeater() -> None:
    dated = read("SCHEDULED: <2026-10-05 Mon 09:00 +1w>", "org_timestamp")
    assert dated.start == local(2026, 10, 5, 9)
    assert dated.repeater == "+1w"


@pytest.mark.parametrize(
    "expression",
    ["<%%(diary-float t 4 2)>", "tomorrow", "<2026-02-30 Mon>", "<2026-10-02> and <2026-10-03>"],
)
def test_org_refusals(expression: str) -> None:
    with pytest.raises(InterpretError):
        read(expression, "org_timestamp")


# --------------------------------------------------------------------------- text_expression


def test_relative_phrase_is_read_as_of_the_record() -> None:
    # The note was written on Friday 2 October 2026: its "last Sunday" is 27 September.
    dated = read("last Sunday", "text_expression", quote="I moved in last Sunday")
    assert (dated.start.date(), dated.grain) == (date(2026, 9, 27), "day")


def test_yesterday_and_weeks_ago() -> None:
    assert read("yesterday", "text_expression").start.date() == date(2026, 10, 1)
    # SPEC §4.2: "two weeks ago" is the day fourteen days back, not that calendar week
    two_weeks = read("two weeks ago", "text_expression")
    assert two_weeks.grain == "day"
    assert two_weeks.start.date() == date(2026, 9, 18)


def test_yearless_date_is_the_latest_not_after_the_record() -> None:
    dated = read("on February 1st", "text_expression", event_time=datetime(2026, 1, 20, 8))
    assert dated.start.date() == date(2025, 2, 1)
    dated = read("on February 1st", "text_expression", event_time=datetime(2026, 2, 1, 8))
    assert dated.start.date() == date(2026, 2, 1)


def test_explicit_dates() -> None:
    assert read("March 3rd, 2026", "text_expression").start.date() == date(2026, 3, 3)
    assert read("2026-10-02", "text_expression").grain == "day"
    assert read("in March", "text_expression").grain == "month"


def test_last_night_belongs_to_its_evening() -> None:
    dated = read("last night", "text_expression", quote="the concert last night")
    assert dated.grain == "day"
    assert dated.start.date() == date(2026, 10, 1)


def test_absolute_date_needs_no_record_time_but_relative_does() -> None:
    assert read("March 3rd, 2026", "text_expression", event_time=None).start == local(2026, 3, 3)
    with pytest.raises(InterpretError):
        read("last Sunday", "text_expression", event_time=None)


def test_date_only_record_widens_clock_relative_phrases() -> None:
    # Written some time on 2 October: "two hours ago" may be 1 October or 2 October.
    dated = read("two hours ago", "text_expression", event_time=datetime(2026, 10, 2))
    assert dated.start.date() == date(2026, 10, 1)
    assert dated.end.date() == date(2026, 10, 2)
    assert dated.grain != "day"


def test_unknown_words_are_refused() -> None:
    with pytest.raises(InterpretError) as err:
        read("when the moon was blue", "text_expression")
    assert err.value.code == "uninterpretable_expression"


def test_injected_resolver_gets_the_record_time_as_now() -> None:
    calls: list[tuple[str, datetime]] = []

    def fake(expression: str, now: datetime, tz: Any) -> Any:
        calls.append((expression, now))
        return SimpleNamespace(start=now - timedelta(days=1), end=now)

    read("one day ago", "text_expression", resolver=fake)
    assert calls[0] == ("one day ago", local(2026, 10, 2, 17, 40))


# --------------------------------------------------------------------------- event_time


@pytest.mark.parametrize(
    "quote",
    [
        "Fixed the fence today.",
        "We are going out tonight",
        "Ran 5k this morning",
        "Met Ana this afternoon",
        "Cooked dinner this evening",
        "Earlier today I called mum",
        "Finished the book just now",
        "The parcel arrived a moment ago",
    ],
)
def test_licensed_event_time_gives_the_note_day(quote: str) -> None:
    dated = read("", "event_time", quote=quote)
    assert dated.start.date() == date(2026, 10, 2)
    assert dated.grain in ("day", "minute")


def test_just_now_keeps_the_clock_time() -> None:
    dated = read("just now", "event_time", quote="Finished the book just now")
    assert (dated.start, dated.grain) == (local(2026, 10, 2, 17, 40), "minute")
    day_only = read(
        "just now",
        "event_time",
        quote="Finished the book just now",
        event_time=datetime(2026, 10, 2),
    )
    assert day_only.grain == "day"


def test_today_is_a_day_even_when_the_note_has_a_time() -> None:
    dated = read("today", "event_time", quote="Ran 10k today")
    assert (dated.start, dated.end) == (local(2026, 10, 2), local(2026, 10, 3))


@pytest.mark.parametrize(
    "quote",
    [
        "Fixed the fence.",
        "Yesterday I fixed the fence",
        "todays weather was bad",
        "On Saturday we hiked",
        "The meeting is scheduled",
    ],
)
def test_unlicensed_event_time(quote: str) -> None:
    with pytest.raises(InterpretError) as err:
        read("", "event_time", quote=quote)
    assert err.value.code == "unlicensed_event_time"
    assert licence_phrase(quote) is None


@pytest.mark.parametrize(
    ("quote", "phrase"),
    [
        ("I just got back from the ferry terminal.", "just got back"),
        ("We've just finished tiling the bathroom", "just finished"),
        ("Nadia just bought a kayak!", "just bought"),
        ("I have just been to the optician", "just been"),
        ("i just recently sold the piano", "just recently sold"),
        ("I\u2019ve just repainted the gate", "just repainted"),
    ],
)
def test_recent_past_just_licenses_the_note_day(quote: str, phrase: str) -> None:
    found = licences(quote)
    assert [(x.phrase, x.kind) for x in found] == [(phrase, "recent")]
    dated = read(phrase, "event_time", quote=quote)
    assert (dated.start, dated.end, dated.grain) == (local(2026, 10, 2), local(2026, 10, 3), "day")


@pytest.mark.parametrize(
    "quote",
    [
        "I just wanted to say thanks for the tips",
        "I just need a new charger",
        "I had just left the house when it started to hail",
        "She'd just parked when it hit",
        "It is just fine",
        "I've just been busy lately",
        "I just thought you should know",
        "That was just awful",
        "just in time for the party",
    ],
)
def test_just_meaning_only_or_an_earlier_past_is_no_licence(quote: str) -> None:
    assert licences(quote) == []
    with pytest.raises(InterpretError) as err:
        read("just", "event_time", quote=quote)
    assert err.value.code == "unlicensed_event_time"


def test_event_time_needs_a_record_time() -> None:
    with pytest.raises(InterpretError):
        read("today", "event_time", quote="did it today", event_time=None)


# --------------------------------------------------------------------------- duration


@pytest.mark.parametrize(
    ("expression", "quantity", "unit"),
    [
        ("3 weeks", "3", "weeks"),
        ("2 hours 30 minutes", "150", "minutes"),
        ("1:15", "75", "minutes"),
        ("=>  1:15", "75", "minutes"),
        ("26:05", "1565", "minutes"),
        ("2h30m", "150", "minutes"),
        ("an hour and a half", "1.5", "hours"),
        ("one and a half hours", "1.5", "hours"),
        ("half an hour", "0.5", "hours"),
        ("3 weeks and 2 days", "23", "days"),
        ("twenty-five minutes", "25", "minutes"),
        ("a fortnight", "2", "weeks"),
        ("for 3 days", "3", "days"),
        ("1 year 2 months", "14", "months"),
        ("2 years", "2", "years"),
        ("1.5 hours", "1.5", "hours"),
    ],
)
def test_durations_are_exact(expression: str, quantity: str, unit: str) -> None:
    dated = interpret_duration(expression)
    assert dated.quantity == Decimal(quantity)
    assert dated.unit == unit
    assert dated.start is None


@pytest.mark.parametrize(
    ("expression", "code"),
    [
        ("3 months and 2 days", "inexact_duration_units"),
        ("a year and 3 weeks", "inexact_duration_units"),
        ("about 3 weeks", "uninterpretable_expression"),
        ("a few hours", "uninterpretable_expression"),
        ("3 apples", "uninterpretable_expression"),
        ("weeks", "uninterpretable_expression"),
        ("2 hours of fun", "uninterpretable_expression"),
    ],
)
def test_duration_refusals(expression: str, code: str) -> None:
    with pytest.raises(InterpretError) as err:
        interpret_duration(expression)
    assert err.value.code == code


# --------------------------------------------------------------------------- time_of_day


@pytest.mark.parametrize(
    ("expression", "times"),
    [
        ("at 9am", (time(9),)),
        ("18:30", (time(18, 30),)),
        ("9:30 p.m. and 4pm", (time(21, 30), time(16))),
        ("at noon", (time(12),)),
        ("midnight", (time(0),)),
        ("at 7 o'clock", (time(7),)),
        ("12am", (time(0),)),
    ],
)
def test_times_of_day(expression: str, times: tuple[time, ...]) -> None:
    assert interpret_time_of_day(expression).times == times


@pytest.mark.parametrize("expression", ["at 9", "every day", "13pm", "25:00"])
def test_time_of_day_refusals(expression: str) -> None:
    with pytest.raises(InterpretError):
        interpret_time_of_day(expression)


# --------------------------------------------------------------------------- none / unknown


def test_none_and_unknown_bases() -> None:
    with pytest.raises(InterpretError) as err:
        read("x", "none")
    assert err.value.code == "uninterpretable_expression"
    with pytest.raises(InterpretError) as err:
        read("x", "vibes")
    assert err.value.code == "unknown_basis"


# --------------------------------------------------------------------------- calendar periods


def test_periods_on_the_wall_clock_across_dst() -> None:
    # Berlin springs forward on 29 March 2026: that day has 23 hours.
    start, end = local(2026, 3, 29), local(2026, 3, 30)
    assert fits_in(start, end, "day")
    assert grain_of_window(start, end) == "day"
    assert period_start(local(2026, 3, 29, 15), "week") == local(2026, 3, 23)
    assert period_start(local(2026, 3, 29, 15), "month") == local(2026, 3, 1)


def test_week_straddling_two_months_is_not_month_precise() -> None:
    start, end = local(2026, 3, 30), local(2026, 4, 6)
    assert grain_of_window(start, end) == "week"
    assert not fits_in(start, end, "month")
    assert fits_in(start, end, "year")


# --------------------------------------------------------------------------- numeric dates


@pytest.mark.parametrize(
    ("expression", "zone", "words"),
    [
        ("3/27", "Europe/Berlin", "March 27"),  # 27 cannot be a month
        ("27/3", "America/Chicago", "March 27"),
        ("3/8", "America/Chicago", "March 8"),  # month first in a US zone
        ("3/8", "Europe/Berlin", None),  # March 8th or 3 August: not guessed
        ("3/8", "UTC", None),
        ("4/4", "UTC", "April 4"),  # both readings agree
        ("12/24/2023", "Europe/Berlin", "December 24, 2023"),
        ("3/8/24", "America/New_York", "March 8, 2024"),
        ("13/13", "America/Chicago", None),
        ("7/45", "America/Chicago", None),
    ],
)
def test_numeric_date_order(expression: str, zone: str, words: str | None) -> None:
    assert numeric_date_words(expression, ZoneInfo(zone)) == words


def test_numeric_date_is_read_as_of_the_note() -> None:
    dated = read("on 3/27", "text_expression", event_time=datetime(2026, 4, 19, 8))
    assert (dated.start, dated.grain) == (local(2026, 3, 27), "day")
    with pytest.raises(InterpretError):
        read("3/8", "text_expression", event_time=datetime(2026, 4, 19, 8))  # Berlin: unsure


# --------------------------------------------------------------------------- bare weekdays


# NOTE_TIME is Friday 2 October 2026: "Tuesday" read back from it is 29 September.
@pytest.mark.parametrize(
    "quote",
    [
        "I took the ferry to the island on Tuesday.",
        "On Tuesday we finally cleared out the attic.",
        "We were painting the hallway on Tuesday evening, it took ages.",
        "My knee still aches because I ran the trail loop on Tuesday.",
        "Bought the lamp on Tuesday and it already flickers.",
    ],
)
def test_a_bare_weekday_in_a_past_report_is_the_latest_one_before_the_note(quote: str) -> None:
    expression = "Tuesday evening" if "Tuesday evening" in quote else "Tuesday"
    dated = read(expression, "text_expression", quote=quote)
    assert dated.start.date() == date(2026, 9, 29)


@pytest.mark.parametrize(
    "quote",
    [
        "I'm taking the ferry to the island on Tuesday.",  # present progressive = a plan
        "I take the ferry to the island on Tuesday.",  # present simple: a timetable
        "We have the quiz night on Tuesday.",
        "I will take the ferry on Tuesday.",
        "We're going to take the ferry on Tuesday.",
        "I usually took the ferry on Tuesday.",  # a habit
        "The boiler gets serviced on Tuesday.",
        "I'm so excited about the gig on Tuesday.",
        "Taking the ferry on Tuesday.",  # no tense at all
    ],
)
def test_a_bare_weekday_outside_a_past_report_is_refused(quote: str) -> None:
    with pytest.raises(InterpretError, match="weekday"):
        read("Tuesday", "text_expression", quote=quote)


def test_a_bare_weekday_written_on_that_weekday_is_refused() -> None:
    # Friday's note: "on Friday" is either today or a week ago
    with pytest.raises(InterpretError, match="that weekday"):
        read("Friday", "text_expression", quote="I took the ferry on Friday.")
    # "last Friday" says which one, and is not a bare weekday
    assert read(
        "last Friday", "text_expression", quote="I took the ferry last Friday."
    ).start.date() == date(2026, 9, 25)


def test_the_past_clause_must_be_the_weekday_s_own() -> None:
    # the past verb is in another clause; the weekday's own clause is a plan
    quote = "I went to the market yesterday and I'm seeing the dentist on Tuesday."
    with pytest.raises(InterpretError, match="weekday"):
        read("Tuesday", "text_expression", quote=quote)
