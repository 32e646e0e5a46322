"""The in-text finder (SPEC §4.4), ``prme when --find``, and the engine's properties.

Notes are invented for these tests; the reference is Sunday 2026-11-29 14:30 in Berlin.
"""

from __future__ import annotations

import json
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from prme_cli.errors import TimeExpressionError
from prme_cli.timeexpr import find, resolve

BERLIN = ZoneInfo("Europe/Berlin")
SUN = datetime(2026, 11, 29, 14, 30, tzinfo=BERLIN)
ROOT = Path(__file__).resolve().parents[1]


def texts(note: str, now: datetime = SUN) -> list[str]:
    return [f.text for f in find(note, now, BERLIN)]


def starts(note: str, now: datetime = SUN) -> list[str]:
    return [
        f.start.isoformat()[:16] if f.start else f"{f.seconds}s" for f in find(note, now, BERLIN)
    ]


@pytest.mark.parametrize(
    "note",
    [
        "May I ask what this is for?",
        "This may take a while, she may call back.",
        "We march on, and they march with us.",
        "I got a second opinion from another doctor.",
        "Sun Microsystems was bought by Oracle.",
        "The 5 of us went hiking.",
        "Call me at (206) 555-1212 or visit example.com/id-2010-2015.",
        "Good night, everyone.",
        "Mumbai reported its daily infections.",
        "Wait a second, I need a minute to think.",
        "Dinner with mom was lovely.",
        "I bought it for $12 and sold it for $15.",
        "The 2nd option is better than the first one.",
        "I read 2000 pages and wrote 300.",
        "Fall is my favourite season and I fall asleep early.",
    ],
)
def test_words_that_only_look_like_time_are_not_found(note: str) -> None:
    assert texts(note) == []


@pytest.mark.parametrize(
    ("note", "found"),
    [
        ("In May we repainted the shed.", ["May"]),
        ("It may rain tomorrow.", ["tomorrow"]),
        ("We marched on March 3rd.", ["March 3rd"]),
        ("Got a second opinion on Tuesday.", ["Tuesday"]),
        ("I read 2000 pages in 2019.", ["2019"]),
        ("Meet me at 5 tomorrow afternoon, then dinner at 7pm.", ["5 tomorrow afternoon", "7pm"]),
        ("Ran for 45 minutes before work.", ["45 minutes"]),
    ],
)
def test_times_in_prose_are_found_with_their_words(note: str, found: list[str]) -> None:
    assert texts(note) == found


@pytest.mark.parametrize(
    ("note", "expected"),
    [
        ("Flew to Lisbon on June 2nd and came back two days later.", ["2026-06-02T00:00", "2026-06-04T00:00"]),
        ("Met Ana last Friday; the following Monday she called.", ["2026-11-27T00:00", "2026-11-30T00:00"]),
        ("Started on 3 March, and the next morning I was exhausted.", ["2026-03-03T00:00", "2026-03-04T04:00"]),
        ("The party was on 2 May. The day after, we cleaned up.", ["2026-05-02T00:00", "2026-05-03T00:00"]),
        ("We landed at 9am on Friday and an hour later we ate.", ["2026-11-27T09:00", "2026-11-27T10:00"]),
        ("It was on 10 October; a week earlier I had signed.", ["2026-10-10T00:00", "2026-10-03T00:00"]),
    ],
)  # fmt: skip
def test_relative_expressions_are_anchored_at_the_previous_one(
    note: str, expected: list[str]
) -> None:
    assert starts(note) == expected


def found(note: str) -> list[tuple[str, str]]:
    return list(zip(texts(note), starts(note), strict=True))


@pytest.mark.parametrize(
    ("note", "expected"),
    [
        ("Table booked next Tuesday for 8pm.", [("next Tuesday for 8pm", "2026-12-01T20:00")]),
        # a clause of the future ("I'll") leans forward: the coming October 14
        ("I'll go back October 14 for 8:00:31am", [("October 14 for 8:00:31am", "2027-10-14T08:00")]),
        ("Dentist on 2026-12-03 for 3:15 pm, bring the card.", [("2026-12-03 for 3:15 pm", "2026-12-03T15:15")]),
        # "for" before a count or a length is no clock time of that day
        ("Booked a table Friday for 8 people.", [("Friday", "2026-11-27T00:00")]),
        ("On Monday for two hours we cleaned.", [("Monday", "2026-11-23T00:00"), ("two hours", "7200s")]),
    ],
)  # fmt: skip
def test_a_clock_time_after_for_is_one_expression_with_its_day(
    note: str, expected: list[tuple[str, str]]
) -> None:
    assert found(note) == expected


@pytest.mark.parametrize(
    ("note", "expected"),
    [
        ("See you tomorrow, November 30th.", [("tomorrow, November 30th", "2026-11-30T00:00")]),
        ("Tune in tomorrow, Nov 30, at 7pm.", [("tomorrow, Nov 30, at 7pm", "2026-11-30T19:00")]),
        ("The review is next Tuesday, 1 December.", [("next Tuesday, 1 December", "2026-12-01T00:00")]),
        # a date written with its year wins over a relative day beside it
        ("Tune in tomorrow, 13/04/27, at 7 PM.", [("tomorrow, 13/04/27, at 7 PM", "2027-04-13T19:00")]),
        # a date that is another day is another expression
        ("See you tomorrow, December 5th.", [("tomorrow", "2026-11-30T00:00"), ("December 5th", "2025-12-05T00:00")]),
    ],
)  # fmt: skip
def test_a_relative_day_and_its_date_beside_it_are_one_expression(
    note: str, expected: list[tuple[str, str]]
) -> None:
    assert found(note) == expected


@pytest.mark.parametrize(
    ("note", "expected"),
    [
        ("In 2019 we moved in March and sold the car on June 3.",
         [("2019", "2019-01-01T00:00"), ("March", "2019-03-01T00:00"), ("June 3", "2019-06-03T00:00")]),
        ("Back in 2021 we adopted the dog in May.", [("2021", "2021-01-01T00:00"), ("May", "2021-05-01T00:00")]),
        ("During 2018 I started running on March 3 and ran my first race on the 20th of May.",
         [("2018", "2018-01-01T00:00"), ("March 3", "2018-03-03T00:00"), ("the 20th of May", "2018-05-20T00:00")]),
        ("2024: moved house in March.", [("2024", "2024-01-01T00:00"), ("March", "2024-03-01T00:00")]),
        ("In the year 2019 we moved in March.", [("the year 2019", "2019-01-01T00:00"), ("March", "2019-03-01T00:00")]),
        ("- 2024: moved house in March.", [("2024", "2024-01-01T00:00"), ("March", "2024-03-01T00:00")]),
        # the year stays in its sentence, dates it only when it opens it, and a turn to the
        # future leaves it
        ("We moved in 2019. In March the roof leaked.", [("2019", "2019-01-01T00:00"), ("March", "2026-03-01T00:00")]),
        ("The house, built in 1990, was sold in March.", [("1990", "1990-01-01T00:00"), ("March", "2026-03-01T00:00")]),
        ("My son, born in 2015, started school in September.",
         [("2015", "2015-01-01T00:00"), ("September", "2026-09-01T00:00")]),
        ("I graduated in 2015 and will start a job in March.",  # the coming March
         [("2015", "2015-01-01T00:00"), ("March", "2027-03-01T00:00")]),
    ],
)  # fmt: skip
def test_a_year_written_earlier_in_the_sentence_dates_its_later_days(
    note: str, expected: list[tuple[str, str]]
) -> None:
    assert found(note) == expected


@pytest.mark.parametrize(
    ("note", "expected"),
    [
        ("The exhibition ran Nov-Feb 5th, 2025.", [("Nov-Feb 5th, 2025", "2024-11-01T00:00")]),
        ("It ran from November 20 to February 2025.", [("from November 20 to February 2025", "2024-11-20T00:00")]),
        ("The course ran September to November 2025.", [("September to November 2025", "2025-09-01T00:00")]),
    ],
)  # fmt: skip
def test_a_range_with_its_year_at_the_end_starts_in_that_year_or_the_one_before(
    note: str, expected: list[tuple[str, str]]
) -> None:
    assert found(note) == expected


@pytest.mark.parametrize(
    "note",
    [
        "Upgrade to version 2.5 before the migration.",
        "Python 3.11 ships with a faster interpreter.",
        "It was 22.5 degrees in the greenhouse.",
        "The recipe needs 1/2 cup of sugar and 3/4 of the flour.",
        "The relay team placed between the 4th and 6th in every heat.",
        "He ranked around the 12th all season.",
        "He used to work at Sun Microsystems.",
        "We won 3-1 after a penalty.",
        "Read chapters 3-5 before class.",
        "We need a 3-4 person tent.",
        "The 2019 budget was approved.",
        "She ran the 1500 in under a minute flat.",
    ],
)
def test_versions_decimals_fractions_ranks_and_names_are_not_found(note: str) -> None:
    assert texts(note) == []


@pytest.mark.parametrize(
    ("note", "expected"),
    [
        ("This task should be done on 5.12", ["5.12"]),
        ("Can you set up a call between the 21st and 23rd?", ["between the 21st and 23rd"]),
        ("Meet around the 21st to plan it.", ["around the 21st"]),
        ("On Sat Mum came over.", ["Sat"]),
        ("See you on Sun Oct 18.", ["Sun Oct 18"]),
        ("He placed 3rd on the 4th.", ["the 4th"]),
    ],
)
def test_the_same_forms_are_found_where_the_context_makes_them_time(
    note: str, expected: list[str]
) -> None:
    assert texts(note) == expected


@pytest.mark.parametrize(
    ("note", "expected"),
    [
        ("Booked Dec 20-23 at the cabin, and back on the 24th.",
         [("Dec 20-23", "2025-12-20T00:00"), ("the 24th", "2025-12-24T00:00")]),
        ("We moved on 3 May and on the 20th we threw a party.",
         [("3 May", "2026-05-03T00:00"), ("the 20th", "2026-05-20T00:00")]),
        ("Today I called the dentist and on the 30th I go in.",
         [("Today", "2026-11-29T00:00"), ("the 30th", "2026-11-30T00:00")]),
        # a day earlier in the month than the anchor stays the most recent one
        ("It arrived on 20 November, though I had ordered it on the 2nd.",
         [("20 November", "2026-11-20T00:00"), ("the 2nd", "2026-11-02T00:00")]),
    ],
)  # fmt: skip
def test_a_bare_day_later_in_the_month_of_an_expression_before_it_is_in_that_month(
    note: str, expected: list[tuple[str, str]]
) -> None:
    assert found(note) == expected


def test_an_open_end_at_a_bare_day_takes_the_month_before_it() -> None:
    by = find("Landed on 12 October, and by the 15th we were in Porto.", SUN, BERLIN)[1]
    assert by.end is not None and by.end.isoformat()[:10] == "2026-10-16"


@pytest.mark.parametrize(
    ("note", "expected"),
    [
        ("Sprint 14 ends on Friday; retro the Monday after.",
         [("Friday", "2026-11-27T00:00"), ("the Monday after", "2026-11-30T00:00")]),
        ("We launched on 3 May. The day after, we cleaned up.",
         [("3 May", "2026-05-03T00:00"), ("The day after", "2026-05-04T00:00")]),
        # after what it names, it is that event's day, which no expression gives
        ("We launched on 3 May. The day after the party we cleaned up.", [("3 May", "2026-05-03T00:00")]),
        ("Moved in on 2 June; the Monday after my sister visited.", [("2 June", "2026-06-02T00:00")]),
    ],
)  # fmt: skip
def test_the_day_or_weekday_after_is_told_from_the_expression_before_unless_it_names_an_event(
    note: str, expected: list[tuple[str, str]]
) -> None:
    assert found(note) == expected


def test_an_open_or_vague_time_of_day_takes_the_day_before_it_in_its_sentence() -> None:
    rows = find("Mon 23 Nov: gym, then work until 6pm.", SUN, BERLIN)
    assert rows[1].text == "until 6pm" and rows[1].end is not None
    assert rows[1].end.isoformat()[:16] == "2026-11-23T18:01"
    rows = find("On Friday we met around 3pm and talked until 5pm.", SUN, BERLIN)
    assert [r.text for r in rows] == ["Friday", "around 3pm", "until 5pm"]
    assert rows[1].start is not None and rows[1].start.isoformat()[:10] == "2026-11-27"
    assert rows[2].end is not None and rows[2].end.isoformat()[:10] == "2026-11-27"


@pytest.mark.parametrize(
    ("note", "expected"),
    [
        ("Tomorrow (Monday) I start the new job.", [("Tomorrow (Monday)", "2026-11-30T00:00")]),
        ("Tomorrow, Monday, I start.", [("Tomorrow, Monday", "2026-11-30T00:00")]),
        ("Monday (tomorrow) I start.", [("Monday (tomorrow)", "2026-11-30T00:00")]),
        # a weekday that is not that day is another expression
        ("Tomorrow, Tuesday, I start.", [("Tomorrow", "2026-11-30T00:00"), ("Tuesday", "2026-11-24T00:00")]),
    ],
)  # fmt: skip
def test_a_relative_day_and_its_weekday_beside_it_are_one_day(
    note: str, expected: list[tuple[str, str]]
) -> None:
    assert found(note) == expected


@pytest.mark.parametrize(
    "note",
    [
        # no year near (2024-2026) has 3 December on a Friday or a Monday, nor 17 December on
        # a Monday, nor 8 December on a Friday
        "From this friday 12/3 to next monday 12/17 I am away.",
        "Deliver it by next Friday 12/8, please.",
        "Moved the call to Monday, December 3.",
    ],
)
def test_a_weekday_that_disagrees_with_its_date_dates_nothing(note: str) -> None:
    assert texts(note) == []


def test_a_weekday_that_agrees_with_its_date_is_found_whole() -> None:
    assert found("Moved the call to Wednesday, December 2.") == [
        ("Wednesday, December 2", "2026-12-02T00:00")
    ]
    assert found("Call me Friday 12/4 at 3pm.") == [("Friday 12/4 at 3pm", "2026-12-04T15:00")]


def test_without_a_previous_expression_the_reference_time_anchors() -> None:
    assert starts("Two days later it rained.") == ["2026-12-01T00:00"]
    assert starts("The next morning was cold.") == ["2026-11-30T04:00"]


def test_found_rows_have_kinds_and_durations_have_seconds() -> None:
    found = find("For three hours on Monday, then every Friday, from 3 to 5pm.", SUN, BERLIN)
    kinds = {f.text: f.kind for f in found}
    assert kinds["three hours"] == "duration"
    assert kinds["Monday"] == "point"
    assert kinds["every Friday, from 3 to 5pm"] == "set"
    assert find("Meet from 3 to 5pm.", SUN, BERLIN)[0].kind == "interval"
    duration = next(f for f in found if f.kind == "duration")
    assert duration.seconds == 3 * 3600 and duration.start is None and duration.end is None


def test_offsets_and_lengths_point_into_the_text() -> None:
    note = "Yesterday evening I finished; around noon today I posted it."
    for f in find(note, SUN, BERLIN):
        assert note[f.offset : f.offset + f.length] == f.text
    vague = next(f for f in find(note, SUN, BERLIN) if "noon" in f.text)
    assert vague.approximate


def run_prme(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "prme_cli", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )


def test_when_find_jsonl_rows_carry_the_spec_fields() -> None:
    notes = "Fixed the fence yesterday at 5pm.\nNothing here.\nSpent two weeks in Norway.\n"
    out = run_prme("when", "--find", "-", "--now", "2026-11-29T14:30", "--tz", "Europe/Berlin",
                   "--format", "jsonl", stdin=notes)  # fmt: skip
    assert out.returncode == 0, out.stderr
    rows = [json.loads(line) for line in out.stdout.splitlines()]
    assert [r["line"] for r in rows] == [1, 3]
    first, second = rows
    assert set(first) >= {"line", "offset", "length", "text", "kind", "start", "end", "grain",
                          "approximate"}  # fmt: skip
    assert first["text"] == "yesterday at 5pm" and first["start"] == "2026-11-28T17:00:00+01:00"
    # a duration carries seconds instead of start and end (SPEC §4.4)
    assert second["kind"] == "duration" and second["seconds"] == 14 * 86400
    assert second.get("start") is None


def test_when_find_table_shows_the_text_and_each_resolution() -> None:
    out = run_prme("when", "--find", "Painted the shed last Saturday.", "--now", "2026-11-29T14:30",
                   "--tz", "Europe/Berlin", "--format", "table", "--no-color")  # fmt: skip
    assert out.returncode == 0, out.stderr
    assert "Painted the shed last Saturday." in out.stdout
    assert "last Saturday" in out.stdout and "2026-11-28" in out.stdout


def test_when_find_with_nothing_found_exits_1() -> None:
    out = run_prme("when", "--find", "no times here", "--format", "jsonl")
    assert out.returncode == 1 and out.stdout == ""


def test_when_help_lists_the_families_with_examples() -> None:
    out = run_prme("when", "--help")
    assert out.returncode == 0
    for family in ("weekdays", "holidays", "intervals", "vague", "parts of day", "--find"):
        assert family in out.stdout
    assert "a week before black friday" in out.stdout


def test_a_typo_is_exit_2_with_did_you_mean() -> None:
    out = run_prme("when", "tomorow", "--format", "json")
    assert out.returncode == 2
    assert "did you mean 'tomorrow'?" in out.stderr
    assert "Traceback" not in out.stderr


def test_nested_input_on_the_command_line_is_exit_2() -> None:
    out = run_prme("when", "start of " * 1000 + "today")
    assert out.returncode == 2 and "Traceback" not in out.stderr


# ---------------------------------------------------------------------------------- properties

ZONES = [BERLIN, ZoneInfo("America/New_York"), ZoneInfo("Australia/Lord_Howe"), ZoneInfo("UTC")]
zones = st.sampled_from(ZONES)
walls = st.datetimes(min_value=datetime(1995, 1, 1), max_value=datetime(2035, 12, 31))
DAY_RELATIVE = ["yesterday", "3 days ago", "next monday", "last friday", "in two weeks",
                "the day after tomorrow", "tomorrow evening", "a week before christmas"]  # fmt: skip
ABSOLUTE = ["2026-03-29", "3 November 2026 09:30", "<2026-10-25 Sun 02:30>", "christmas 2026",
            "the 1990s", "Q3 2026", "2026-W13"]  # fmt: skip


def aware(wall: datetime, tz: ZoneInfo) -> datetime:
    return wall.replace(tzinfo=tz).astimezone(UTC).astimezone(tz)


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(DAY_RELATIVE), walls, zones, st.integers(min_value=1, max_value=60))
def test_moving_now_by_whole_weeks_moves_day_relative_windows_by_weeks(
    expression: str, wall: datetime, tz: ZoneInfo, weeks: int
) -> None:
    if expression == "a week before christmas":
        return  # a holiday moves by years, not weeks
    now = aware(wall, tz)
    later = aware(wall + timedelta(weeks=weeks), tz)
    a, b = resolve(expression, now, tz), resolve(expression, later, tz)
    assert b.start.date() - a.start.date() == timedelta(weeks=weeks)
    assert (b.start.time(), b.end.time()) == (a.start.time(), a.end.time()) or tz is not ZONES[0]


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(DAY_RELATIVE + ABSOLUTE), walls, zones)
def test_the_zone_of_now_does_not_matter_only_its_instant(
    expression: str, wall: datetime, tz: ZoneInfo
) -> None:
    now = aware(wall, tz)
    assert resolve(expression, now, tz) == resolve(expression, now.astimezone(UTC), tz)


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(ABSOLUTE), walls, walls, zones)
def test_absolute_expressions_commute_with_now(
    expression: str, one: datetime, two: datetime, tz: ZoneInfo
) -> None:
    a, b = resolve(expression, aware(one, tz), tz), resolve(expression, aware(two, tz), tz)
    assert (a.start, a.end, a.grain) == (b.start, b.end, b.grain)


@settings(max_examples=120, deadline=None)
@given(st.sampled_from(["March 3rd", "last friday", "christmas", "2 May 2026", "yesterday"]),
       st.integers(min_value=1, max_value=20), walls, zones)  # fmt: skip
def test_an_anchored_offset_is_the_anchor_shifted(
    anchor: str, days: int, wall: datetime, tz: ZoneInfo
) -> None:
    now = aware(wall, tz)
    note = f"It happened {anchor}. {days} days later we met again."
    first, second = find(note, now, tz)
    base = resolve(anchor, now, tz)
    assert first.start == base.start
    assert second.start is not None
    assert second.start.date() == base.start.date() + timedelta(days=days)
    # and the same as saying it outright
    assert second.start == resolve(f"{days} days after {anchor}", now, tz).start


@settings(max_examples=120, deadline=None)
@given(st.sampled_from(["today", "yesterday", "tomorrow", "sunday", "the day after tomorrow"]),
       st.sampled_from([datetime(2026, 3, 29, 12), datetime(2026, 10, 25, 12),
                        datetime(2026, 3, 8, 12), datetime(2026, 11, 1, 12)]),
       st.sampled_from([BERLIN, ZoneInfo("America/New_York")]))  # fmt: skip
def test_days_around_dst_changes_keep_their_23_or_25_hours(
    expression: str, wall: datetime, tz: ZoneInfo
) -> None:
    w = resolve(expression, aware(wall, tz), tz)
    hours = (w.end.timestamp() - w.start.timestamp()) / 3600
    assert hours in (23, 24, 25)
    assert w.start.hour == 0 and w.end.hour == 0
    assert (w.end.date() - w.start.date()).days == 1


GRAIN_SPAN = {"second": 1, "minute": 60, "hour": 3600}


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(DAY_RELATIVE + ABSOLUTE + ["9am", "14:30:15", "now", "2 hours ago",
                                                  "last week", "this month", "q2"]),
       walls, zones)  # fmt: skip
def test_windows_are_non_empty_and_hold_what_their_grain_says(
    expression: str, wall: datetime, tz: ZoneInfo
) -> None:
    w = resolve(expression, aware(wall, tz), tz)
    length = w.end.timestamp() - w.start.timestamp()
    assert length > 0
    if w.grain in ("second", "minute") and w.kind == "point":
        assert length == GRAIN_SPAN[w.grain]
    if w.grain == "hour":
        assert length % 3600 == 0
    if w.grain == "day" and w.kind == "point":
        assert w.start.time() == datetime.min.time() and (w.end.date() - w.start.date()).days >= 1
    if w.grain == "month" and w.kind == "point":
        assert w.start.day == 1


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=60), zones)
def test_finding_in_arbitrary_text_never_raises(text: str, tz: ZoneInfo) -> None:
    for f in find(text, SUN, tz):
        assert text[f.offset : f.offset + f.length] == f.text


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(["start", "of", "the", "end", "next", "3", "day", "after", "-",
                                 "(", "between", "and", "monday", "ago", "in"]),
                max_size=80).map(" ".join))  # fmt: skip
def test_resolving_word_salad_raises_only_time_expression_errors(text: str) -> None:
    try:
        resolve(text, SUN, BERLIN)
    except TimeExpressionError:
        pass


@pytest.mark.parametrize(
    ("note", "expected"),
    [
        # a connector yields to a longer reading that starts after it
        ("The first bug came in two days later.", []),  # nothing to anchor at: from now
        ("We shipped three weeks ago; the first bug came in two days later.",
         ["2026-11-08T00:00", "2026-11-10T00:00"]),
        ("Up 20% in the year to date.", ["2026-01-01T00:00"]),
        # a possessive length: in a fortnight's time, in two weeks' time, a week's holiday
        ("We meet again in a fortnight\u2019s time.", ["2026-12-13T00:00"]),
        ("Back in two weeks' time, after a week's holiday.", ["2026-12-13T00:00", "604800s"]),
    ],
)  # fmt: skip
def test_the_reading_that_reaches_furthest_wins(note: str, expected: list[str]) -> None:
    got = starts(note)
    if expected:
        assert got == expected
    else:
        assert got == ["2026-12-01T00:00"]


@pytest.mark.parametrize(
    ("note", "expected"),
    [
        ("I'll go back now.", ["now"]),
        ("We now live in Lisbon.", ["now"]),
        ("Now, where was I?", []),
        ("Now that it rains, we stay in.", []),
        ("We see them now and then.", []),
        ("We're not open at this time.", ["at this time"]),
    ],
)
def test_now_in_running_text(note: str, expected: list[str]) -> None:
    assert texts(note) == expected


@pytest.mark.parametrize(
    ("note", "expected"),
    [
        ("Can we do Mon or Tue?", ["Mon", "Tue"]),
        ("Free on Wednesday, Thu or Fri.", ["Wednesday", "Thu", "Fri"]),
        ("I was looking at 18 and 19 June.", ["18", "19 June"]),
        ("We camped on the 3rd and 4th of May.", ["the 3rd", "4th of May"]),
    ],
)
def test_lists_share_what_makes_their_items_times(note: str, expected: list[str]) -> None:
    assert texts(note) == expected


def test_a_listed_day_borrows_the_month_of_the_next() -> None:
    assert starts("We camped on the 3rd and 4th of May.") == [
        "2026-05-03T00:00",
        "2026-05-04T00:00",
    ]


@pytest.mark.parametrize(
    ("note", "expected"),
    [
        ("Book this lunch in my calendar.", []),  # the meal is the event
        ("Coffee in building 4 this afternoon.", ["this afternoon"]),  # a number, not 4pm
        ("Room 5 tomorrow morning.", ["tomorrow morning"]),
        ("Leave on 1/1/2016 and after 6pm.", ["1/1/2016", "after 6pm"]),
        ("It was a one second delay.", ["one second"]),
        ("Let's meet on march eighteenth nine thirty.", ["march eighteenth nine thirty"]),
        ("We march eighteen miles.", []),
        ("Leaving May/26(Tue)-11:30 AM.", ["May/26(Tue)-11:30 AM"]),
    ],
)
def test_context_decides_what_is_a_time(note: str, expected: list[str]) -> None:
    assert texts(note) == expected


@pytest.mark.parametrize(
    ("note", "expected"),
    [
        ("Call me on tue about the invoice.", ["tue"]),
        ("Thurs works for me.", ["Thurs"]),
        ("The May release slipped again.", ["May"]),
        ("Our March offsite is booked.", ["March"]),
        ("Theresa May spoke on Monday.", ["Monday"]),
        ("The band will March through town.", []),
        ("The March Hare was late.", []),
        ("Tu es belle.", []),
        ("The first thing I saw was a heron.", []),
        ("First thing I did was call mum.", []),
        ("I'll send it first thing tomorrow.", ["first thing tomorrow"]),
    ],
)
def test_abbreviations_and_capitalised_months_in_prose(note: str, expected: list[str]) -> None:
    assert texts(note) == expected


@pytest.mark.parametrize(
    ("note", "expected"),
    [
        (
            "8 March: a long walk in the afternoon.",
            ["2026-03-08T00:00", "2026-03-08T12:00"],
        ),
        (
            "On 3 June we hiked, and in the evening it rained.",
            ["2026-06-03T00:00", "2026-06-03T18:00"],
        ),
        # a new sentence: the part of the day is today's again
        ("On 3 June we hiked. I am tired this evening.", ["2026-06-03T00:00", "2026-11-29T18:00"]),
    ],
)
def test_a_part_of_the_day_belongs_to_the_date_of_its_sentence(
    note: str, expected: list[str]
) -> None:
    assert starts(note) == expected


@pytest.mark.parametrize(
    ("note", "expected"),
    [
        ("See you 2nite at the bar.", ["2026-11-29T18:00"]),
        ("The call is at 3pm ET.", ["2026-11-29T21:00"]),
        ("Send the draft by COB tomorrow.", ["None"]),  # open start, ends at 17:00
        ("We spent two summers ago in Rome.", ["2025-06-01T00:00"]),
        ("Monday's meeting ran long.", ["2026-11-23T00:00"]),
        ("The office is open fri 9-5.", ["2026-11-27T09:00"]),
    ],
)
def test_added_forms_are_found_in_prose(note: str, expected: list[str]) -> None:
    got = [f.start.isoformat()[:16] if f.start else "None" for f in find(note, SUN, BERLIN)]
    assert got == expected


@pytest.mark.parametrize(
    ("note", "expected"),
    [
        ("The team grew from 3 to 4 people.", []),
        ("Scores went from 9 to 5 overnight.", []),
        ("The shop is open from 10 to 6.", []),
        ("I worked from 9 to 5 today.", ["from 9 to 5 today"]),
        ("We met between 2 and 3 on Friday.", ["between 2 and 3 on Friday"]),
        ("Holiday from the 3rd to the 10th.", ["from the 3rd to the 10th"]),
        ("Away from 3 to 10 June.", ["from 3 to 10 June"]),
    ],
)
def test_bare_number_ranges_in_prose_need_a_day_or_a_month(note: str, expected: list[str]) -> None:
    assert texts(note) == expected


@pytest.mark.parametrize(
    ("note", "expected"),
    [
        ("We have raised $5k to date.", ["to date"]),
        ("Keep the wiki up to date.", []),
        ("The most up to date figures are in.", []),
        ("From now on I will walk.", ["From now on"]),
        ("Things changed in recent weeks.", ["in recent weeks"]),
        ("So far, so good.", []),
        ("He has been so far away.", []),
        ("I left early on Tuesday.", ["Tuesday"]),
        ("We arrived late Friday night and slept.", ["late Friday night"]),
    ],
)
def test_open_sides_and_early_late_in_prose(note: str, expected: list[str]) -> None:
    assert texts(note) == expected


@pytest.mark.parametrize(
    ("note", "expected"),
    [
        (
            "We moved on 3 June 2025. The week before, we packed everything.",
            ["2025-06-03T00:00", "2025-05-26T00:00"],
        ),
        (
            "The launch was in March 2024; the month after, sales doubled.",
            ["2024-03-01T00:00", "2024-04-01T00:00"],
        ),
        (
            "Flew home on Friday 20 November. The weekend after, I slept.",
            ["2026-11-20T00:00", "2026-11-21T00:00"],
        ),
    ],
)
def test_the_period_next_to_the_previous_expression(note: str, expected: list[str]) -> None:
    assert starts(note) == expected


@pytest.mark.parametrize(
    ("note", "seconds"),
    [
        ("Ran 5k this morning in 27 minutes.", 1620),
        ("I ran 10km in an hour.", 3600),
        ("We finished the report in two days.", 172800),
        ("The build completed in 3 hours.", 10800),
        ("He arrived in an hour, soaked.", 3600),
    ],
)
def test_in_a_length_after_a_past_deed_is_how_long_it_took(note: str, seconds: int) -> None:
    durations = [f for f in find(note, SUN, BERLIN) if f.kind == "duration"]
    assert [int(f.seconds) for f in durations] == [seconds]  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("note", "expected"),
    [
        ("I'll call you in 2 hours.", ["2026-11-29T16:30"]),
        ("The train leaves in 20 minutes.", ["2026-11-29T14:50"]),
        ("I'll be done in 10 minutes.", ["2026-11-29T14:40"]),
        ("I booked a table; we eat in 2 hours.", ["2026-11-29T16:30"]),
        ("I want to loan $10000 in 3 years.", ["2029-11-29T00:00"]),
    ],
)
def test_in_a_length_elsewhere_is_a_time_from_now(note: str, expected: list[str]) -> None:
    assert starts(note) == expected


@pytest.mark.parametrize(
    ("note", "expected"),
    [
        ("Rescheduling will avoid weekend days.", False),
        ("Weekend mornings are slow.", False),
        ("Weekend was great.", True),
        ("Weekend: hiking with Sam.", True),
    ],
)
def test_a_bare_weekend_before_a_unit_or_part_of_the_day_is_a_modifier(
    note: str, expected: bool
) -> None:
    assert ("Weekend" in texts(note) or "weekend" in texts(note)) == expected


@pytest.mark.parametrize(
    ("note", "start"),
    [
        ("Moved the appointment to Tuesday 29th, same time.", "2026-09-29T00:00"),
        ("The dentist is on Thursday the 24th at 10:20.", "2026-09-24T10:20"),
        ("Had the review on Monday 14th, it went fine.", "2026-09-14T00:00"),
        ("Booked the MOT for Fri 2nd.", "2026-10-02T00:00"),
    ],
)
def test_a_weekday_beside_a_day_of_the_month_is_the_nearest_such_day_in_a_note(
    note: str, start: str
) -> None:
    """A note of 18 September 2026: "Tuesday 29th" is eleven days ahead, not July 2025."""
    written = datetime(2026, 9, 18, 12, 5, tzinfo=BERLIN)
    assert starts(note, written) == [start]
