"""One test family per rule family of the grammar (:mod:`prme_cli.timeexpr.grammar`).

Each family is written in more than one wording, and every case names a window that only the
rule under test produces: removing the rule makes its cases unreadable or wrong. Reference:
Sunday 2026-11-29 14:30 in Berlin (UTC+01:00; summer time ended 25 October 2026).
"""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from prme_cli.errors import TimeExpressionError
from prme_cli.timeexpr import resolve

BERLIN = ZoneInfo("Europe/Berlin")
SUN = datetime(2026, 11, 29, 14, 30, tzinfo=BERLIN)
#: Wednesday 17 June 2026 09:40 (summer time, +02:00) for mid-week and mid-month rules
WED = datetime(2026, 6, 17, 9, 40, tzinfo=BERLIN)


def starts(expression: str, now: datetime = SUN, **options: object) -> str:
    return resolve(expression, now, BERLIN, **options).start.isoformat()[:16]  # type: ignore[arg-type]


def window(expression: str, now: datetime = SUN) -> tuple[str, str]:
    w = resolve(expression, now, BERLIN)
    return w.start.isoformat()[:16], w.end.isoformat()[:16]


def family(cases: list[tuple[str, str]], now: datetime = SUN) -> list[tuple[str, str, datetime]]:
    return [(expression, expected, now) for expression, expected in cases]


NUMBERS = family(
    [
        ("three days ago", "2026-11-26T00:00"),
        ("twenty-one days ago", "2026-11-08T00:00"),
        ("twenty one days ago", "2026-11-08T00:00"),
        ("a couple of days ago", "2026-11-27T00:00"),
        ("a dozen days ago", "2026-11-17T00:00"),
        ("in 2.5 hours", "2026-11-29T17:00"),
        ("in two and a half hours", "2026-11-29T17:00"),
        ("an hour and a half ago", "2026-11-29T13:00"),
        ("half an hour ago", "2026-11-29T14:00"),
        ("a quarter of an hour ago", "2026-11-29T14:15"),
        ("three quarters of an hour ago", "2026-11-29T13:45"),
        ("1/4h ago", "2026-11-29T14:15"),
        ("\u00bd hour ago", "2026-11-29T14:00"),
        ("a fortnight ago", "2026-11-15T00:00"),
    ]
)
UNITS = family(
    [
        ("3h ago", "2026-11-29T11:30"),
        ("10 mins ago", "2026-11-29T14:20"),
        ("2 wks ago", "2026-11-15T00:00"),
        ("a yr ago", "2025-11-29T00:00"),
        ("last qtr", "2026-07-01T00:00"),
        ("2 years 1 month 3 days ago", "2024-10-26T00:00"),
        ("in 1h30m", "2026-11-29T16:00"),
    ]
)
WEEKDAYS = family(
    [
        ("sunday", "2026-11-29T00:00"),  # today counts
        ("friday", "2026-11-27T00:00"),
        ("last sunday", "2026-11-22T00:00"),
        ("this past friday", "2026-11-27T00:00"),
        ("coming tuesday", "2026-12-01T00:00"),
        ("this coming tuesday", "2026-12-01T00:00"),
        ("upcoming friday", "2026-12-04T00:00"),
        ("friday after next", "2026-12-11T00:00"),
        ("3 fridays from now", "2026-12-18T00:00"),
        ("2 thursdays ago", "2026-11-19T00:00"),
        ("monday of last week", "2026-11-16T00:00"),
        ("last week's sunday", "2026-11-22T00:00"),
        ("next week on tuesday", "2026-12-01T00:00"),
        ("in 3 days on friday", "2026-12-04T00:00"),
    ]
)
MONTHS = family(
    [
        ("december", "2025-12-01T00:00"),  # past-leaning
        ("next march", "2027-03-01T00:00"),
        ("march after next", "2028-03-01T00:00"),
        ("2017 april", "2017-04-01T00:00"),
        ("april of 87", "1987-04-01T00:00"),
        ("march of last year", "2025-03-01T00:00"),
        ("Dec/2018", "2018-12-01T00:00"),
        ("2/2013", "2013-02-01T00:00"),
    ]
)
ORDINALS = family(
    [
        ("the first monday of last month", "2026-10-05T00:00"),
        ("last friday in october", "2026-10-30T00:00"),
        ("the 20th of next month", "2026-12-20T00:00"),
        ("the 15th day of next month", "2026-12-15T00:00"),
        ("twenty third day of september", "2026-09-23T00:00"),
        ("the second week of 2021", "2021-01-11T00:00"),
        ("the last week of july", "2026-07-27T00:00"),
        ("the 9th month of next year", "2027-09-01T00:00"),
        ("monday 21", "2026-09-21T00:00"),  # the most recent 21st that is a Monday
        ("friday the 26th", "2026-06-26T00:00"),
        ("Fri 26th", "2026-06-26T00:00"),
        ("tuesday the 10th", "2026-11-10T00:00"),
    ]
)
DATES = family(
    [
        ("Oct/2", "2026-10-02T00:00"),
        ("10/31/74", "1974-10-31T00:00"),
        ("31-Oct-74", "1974-10-31T00:00"),
        ("10.31.1974", "1974-10-31T00:00"),
        ("2019/aug/01", "2019-08-01T00:00"),
        ("23/Sep/2020", "2020-09-23T00:00"),
        ("20161016", "2016-10-16T00:00"),
        ("2016 10 16", "2016-10-16T00:00"),
        ("May twenty nine", "2026-05-29T00:00"),
        ("january first two thousand and thirty two", "2032-01-01T00:00"),
        ("fifteen August nineteen hundred ninety three", "1993-08-15T00:00"),
        ("Dec. 31, 1994", "1994-12-31T00:00"),
        ("Tuesday, Jan 15, 2019", "2019-01-15T00:00"),
    ]
)
PARTS = family(
    [
        ("late last night", "2026-11-28T23:00"),
        ("early this morning", "2026-11-29T04:00"),
        ("the morning of march 3rd", "2026-03-03T04:00"),
        ("tomorrow at lunch", "2026-11-30T12:00"),
        ("friday night", "2026-11-27T18:00"),
        ("tomorrow am", "2026-11-30T04:00"),
        ("the next morning", "2026-11-30T04:00"),  # nothing before it: from today
    ]
)
CLOCKS = family(
    [
        ("half past seven", "2026-11-29T07:30"),
        ("quarter to five", "2026-11-29T16:45"),  # no am/pm: waking hours (1-6 are pm)
        ("20 minutes to 2pm", "2026-11-29T13:40"),
        ("ten past eight", "2026-11-29T08:10"),
        ("four twenty-three a m", "2026-11-29T04:23"),
        ("seven thirty pm", "2026-11-29T19:30"),
        ("five-thirty tomorrow evening", "2026-11-30T17:30"),
        ("3 p . m .", "2026-11-29T15:00"),
        ("16h00", "2026-11-29T16:00"),
        ("1140 a.m.", "2026-11-29T11:40"),
        ("9 tomorrow morning", "2026-11-30T09:00"),
        ("at 5 tomorrow afternoon", "2026-11-30T17:00"),
        ("3 in the afternoon", "2026-11-29T15:00"),
        ("in the morning at 7", "2026-11-29T07:00"),
        ("sat at 5", "2026-11-28T17:00"),
        ("12 noon", "2026-11-29T12:00"),
    ]
)
HOLIDAYS = family(
    [
        ("easter", "2026-04-05T00:00"),
        ("good friday 2027", "2027-03-26T00:00"),
        ("thanksgiving", "2026-11-26T00:00"),
        ("black friday", "2026-11-27T00:00"),
        ("memorial day", "2026-05-25T00:00"),
        ("labor day", "2026-09-07T00:00"),
        ("mother's day", "2026-05-10T00:00"),
        ("fathers day", "2026-06-21T00:00"),
        ("christmas", "2025-12-25T00:00"),  # past-leaning: this year's is still to come
        ("next christmas", "2026-12-25T00:00"),
        ("new year's eve", "2025-12-31T00:00"),
        ("boxing day 2026", "2026-12-26T00:00"),
        ("st patrick's day", "2026-03-17T00:00"),
        ("halloween", "2026-10-31T00:00"),
        ("valentine's day", "2026-02-14T00:00"),
    ]
)
OFFSETS = family(
    [
        ("a week before black friday", "2026-11-20T00:00"),
        ("two days after christmas", "2025-12-27T00:00"),
        ("three weeks after march 3rd", "2026-03-24T00:00"),
        ("4 months from tomorrow", "2027-03-30T00:00"),
        ("16 days from 01/02/2018", "2018-01-18T00:00"),
        ("two days before yesterday", "2026-11-26T00:00"),
        ("-7d", "2026-11-22T00:00"),
        ("+2w", "2026-12-13T00:00"),
        ("now-3d", "2026-11-26T00:00"),
        ("today+2d", "2026-12-01T00:00"),
        ("-fri", "2026-11-27T00:00"),
    ]
)
SPANS = family(
    [
        ("next 3 days", "2026-11-30T00:00"),
        ("upcoming two weeks", "2026-11-30T00:00"),
        ("5 past years", "2021-11-29T00:00"),
        ("last 24 hours", "2026-11-28T14:30"),
        ("rest of the week", "2026-11-29T14:30"),
        ("year to date", "2026-01-01T00:00"),
        ("the past two quarters", "2026-04-01T00:00"),
        ("next 4 business days", "2026-11-30T00:00"),
        ("within 9 months", "2026-11-29T00:00"),
        ("all week", "2026-11-23T00:00"),
        ("this past weekend", "2026-11-28T00:00"),
    ]
)
PERIODS = family(
    [
        ("this winter", "2026-12-01T00:00"),
        ("last summer", "2026-06-01T00:00"),
        ("summer of 2019", "2019-06-01T00:00"),
        ("the 1990s", "1990-01-01T00:00"),
        ("the nineties", "1990-01-01T00:00"),
        ("21st century", "2000-01-01T00:00"),
        ("2019 H2", "2019-07-01T00:00"),
        ("q3 2026", "2026-07-01T00:00"),
        ("week 31", "2026-07-27T00:00"),
        ("2014 AD", "2014-01-01T00:00"),
        ("this working week", "2026-11-23T00:00"),
        ("cy18", "2018-01-01T00:00"),
    ]
)
INTERVALS = family(
    [
        ("from 3 to 4pm", "2026-11-29T15:00"),
        ("between 1 and 2:30", "2026-11-29T13:00"),
        ("1pm-2pm tomorrow", "2026-11-30T13:00"),
        ("Feb 12-15", "2026-02-12T00:00"),
        ("1960 - 1961", "1960-01-01T00:00"),
        ("later than 9:30 but before 11:00 on Thursday", "2026-11-26T09:30"),
        ("next monday 6-8", "2026-11-30T18:00"),
        ("3:00 to 4:00 tomorrow", "2026-11-30T15:00"),
        ("between 3 and 12 of Sept", "2026-09-03T00:00"),
        ("Nov-Feb 2017", "2016-11-01T00:00"),
        ("from april twenty-seventh to the third", "2026-04-27T00:00"),
        ("tuesday at 2:00 - 2:30 pm", "2026-11-24T14:00"),
        ("from 2pm till tomorrow 4:30pm", "2026-11-29T14:00"),
    ]
)
EDGES = family(
    [
        ("beginning of next month", "2026-12-01T00:00"),
        ("end of the week", "2026-11-26T00:00"),
        ("mid may", "2026-05-11T00:00"),
        ("early march", "2026-03-01T00:00"),
        ("late last year", "2025-09-01T00:00"),
        ("eod", "2026-11-29T23:59"),
        ("BOM", "2026-11-01T00:00"),
        ("EOY", "2026-12-31T23:59"),
        ("the end of today", "2026-11-29T23:59"),
    ]
)
OPEN = family(
    [
        ("after 6pm", "2026-11-29T18:00"),
        ("since tomorrow", "2026-11-30T00:00"),
        ("2018 or later", "2018-01-01T00:00"),
        ("after 2016", "2017-01-01T00:00"),
        ("less than 3 days after tomorrow", "2026-11-30T00:00"),
    ]
)
EVERY = [
    (e, x, SUN) for e, x in [("every monday", "2026-11-23T00:00"), ("daily", "2026-11-29T00:00")]
]


ALL_FAMILIES = (
    NUMBERS + UNITS + WEEKDAYS + MONTHS + ORDINALS + DATES + PARTS + CLOCKS + HOLIDAYS + OFFSETS
    + SPANS + PERIODS + INTERVALS + EDGES + OPEN + EVERY
)  # fmt: skip


@pytest.mark.parametrize(("expression", "expected", "now"), ALL_FAMILIES)
def test_rule_family_reads_its_wordings(expression: str, expected: str, now: datetime) -> None:
    assert starts(expression, now) == expected


@pytest.mark.parametrize(
    ("expression", "expected"),
    [
        ("from 3 to 4pm", ("2026-11-29T15:00", "2026-11-29T16:00")),
        ("Feb 12-15", ("2026-02-12T00:00", "2026-02-16T00:00")),  # ranges include their end
        ("from monday to wednesday", ("2026-11-23T00:00", "2026-11-26T00:00")),
        ("next 3 days", ("2026-11-30T00:00", "2026-12-03T00:00")),
        ("last 3 days", ("2026-11-26T00:00", "2026-11-29T00:00")),  # whole days before today
        ("the past 2 weeks", ("2026-11-15T00:00", "2026-11-29T00:00")),
        ("5 past years", ("2021-11-29T00:00", "2026-11-29T00:00")),
        ("previous 4 business days", ("2026-11-24T00:00", "2026-11-29T00:00")),
        ("the next two decades", ("2030-01-01T00:00", "2050-01-01T00:00")),  # whole decades
        ("the last decade", ("2010-01-01T00:00", "2020-01-01T00:00")),
        ("late last night", ("2026-11-28T23:00", "2026-11-29T04:00")),
        ("next 4 business days", ("2026-11-30T00:00", "2026-12-04T00:00")),
        ("the past two quarters", ("2026-04-01T00:00", "2026-10-01T00:00")),
        ("labor day weekend", ("2026-09-05T00:00", "2026-09-08T00:00")),
        ("weekend of thanksgiving", ("2026-11-26T00:00", "2026-11-30T00:00")),
    ],
)
def test_windows_end_where_the_convention_says(expression: str, expected: tuple[str, str]) -> None:
    assert window(expression) == expected


def test_mid_week_references() -> None:
    # Wednesday 17 June 2026: "next friday" is next week's, "this friday" this week's
    assert starts("next friday", WED) == "2026-06-26T00:00"
    assert starts("this friday", WED) == "2026-06-19T00:00"
    assert starts("last wednesday", WED) == "2026-06-10T00:00"
    assert starts("the last friday of this month", WED) == "2026-06-26T00:00"
    assert starts("the second tuesday in may", WED) == "2026-05-12T00:00"
    assert starts("the weekend", WED) == "2026-06-13T00:00"  # the most recent one
    assert starts("over the weekend", WED) == "2026-06-13T00:00"
    friday = datetime(2026, 6, 19, 9, 0, tzinfo=BERLIN)
    assert starts("the weekend", friday) == "2026-06-20T00:00"  # from Friday: the coming one
    assert starts("weekend", friday) == "2026-06-20T00:00"


@pytest.mark.parametrize(
    "expression",
    ["around 3pm", "3pm-ish", "about a week ago", "a few days ago", "recently", "the other day",
     "circa 1990", "noonish"],
)  # fmt: skip
def test_vague_expressions_are_approximate_and_widened(expression: str) -> None:
    w = resolve(expression, SUN, BERLIN)
    assert w.approximate
    plain = expression.replace("around ", "").replace("-ish", "").replace("about ", "")
    plain = plain.replace("circa ", "").replace("ish", "").replace("sometime ", "")
    if plain not in ("a few days ago", "recently", "the other day"):
        exact = resolve(plain, SUN, BERLIN)
        assert not exact.approximate
        assert w.start < exact.start and exact.end < w.end  # widened on both sides


@pytest.mark.parametrize(
    ("expression", "plain"),
    [("sometime next week", "next week"), ("sometime in March", "march"),
     ("sometime tomorrow afternoon", "tomorrow afternoon"), ("sometime around 3pm", "around 3pm")],
)  # fmt: skip
def test_sometime_is_approximate_inside_its_window(expression: str, plain: str) -> None:
    vague, exact = resolve(expression, SUN, BERLIN), resolve(plain, SUN, BERLIN)
    assert vague.approximate
    assert (vague.start, vague.end) == (exact.start, exact.end)  # somewhere inside, not around


def test_exact_expressions_are_not_approximate() -> None:
    for expression in ("3pm", "yesterday", "last week", "a week ago", "march 2026"):
        assert not resolve(expression, SUN, BERLIN).approximate


@pytest.mark.parametrize(
    ("typo", "meant"),
    [("tomorow", "tomorrow"), ("yesterdy", "yesterday"), ("next wensday", "wednesday"),
     ("last fridy", "friday"), ("in two weeeks", "weeks"), ("thanksgivng", "thanksgiving")],
)  # fmt: skip
def test_a_typo_gets_a_did_you_mean(typo: str, meant: str) -> None:
    with pytest.raises(TimeExpressionError) as caught:
        resolve(typo, SUN, BERLIN)
    assert f"did you mean {meant!r}?" in str(caught.value)


@pytest.mark.parametrize(
    "text",
    ["start of " * 1000 + "today", "end of " * 25 + "the week", "(" * 500 + "today",
     "the day after " * 40 + "tomorrow", "3 " * 2000],
)  # fmt: skip
def test_deeply_nested_input_is_a_time_expression_error(text: str) -> None:
    with pytest.raises(TimeExpressionError):
        resolve(text, SUN, BERLIN)


@pytest.mark.parametrize("expression", ["5", "18", "lunch meeting", "second", "may"])
def test_bare_numbers_and_lone_ambiguous_words_stay_errors(expression: str) -> None:
    if expression == "may":
        assert starts("may") == "2026-05-01T00:00"  # on the command line a month name is read
        return
    with pytest.raises(TimeExpressionError):
        resolve(expression, SUN, BERLIN)


def test_holidays_of_other_calendars_come_from_the_holidays_library() -> None:
    import holidays

    def first(country: str, name: str) -> str:
        table = holidays.country_holidays(country, years=2026)
        return min(d for d, label in table.items() if label.startswith(name)).isoformat()

    # the day of Eid itself, not the public holidays around it (Saudi Arabia's start earlier)
    assert starts("eid al fitr 2026")[:10] == first("TR", "Eid al-Fitr") == "2026-03-20"
    assert starts("eid al adha 2022")[:10] == "2022-07-09"
    assert starts("diwali 2026")[:10] == first("IN", "Diwali")
    assert starts("the 5") == "2026-11-05T00:00"  # "the 17 from 2pm to 4pm" needs it


def _readme_examples() -> list[str]:
    """Every example in the README's table of what is read (running-text-only row aside)."""
    import re
    from pathlib import Path

    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    section = readme.split("What is read (", 1)[1].split("The conventions (", 1)[0]
    examples = []
    for line in section.splitlines():
        if not line.startswith("| ") or line.startswith("| family") or "running text" in line:
            continue
        cells = line.split("|")
        for example in re.findall(r"`([^`]+)`", cells[2]):
            skipped = ("null", "set", "<a>--<b>", "for 2.5 hours")  # JSON words, a text duration
            if example.startswith("--") or example in skipped or "…" in example:
                continue  # options and JSON words named in the table
            if example.startswith("sod "):
                examples += example.split()  # the anchor list
            else:
                examples.append(example)
    return examples


@pytest.mark.parametrize("expression", _readme_examples())
def test_every_example_in_the_readme_table_is_read(expression: str) -> None:
    resolve(expression, SUN, BERLIN)


@pytest.mark.parametrize(
    ("expression", "expected"),
    [
        # measured from the anchor's start: the three days from tomorrow on, not four
        ("less than 3 days after tomorrow", ("2026-11-30T00:00", "2026-12-03T00:00")),
        ("less than two weeks before friday", ("2026-11-13T00:00", "2026-11-27T00:00")),
        ("less than 2 hours ago", ("2026-11-29T12:30", "2026-11-29T14:30")),
        ("more than 2 weeks after today", ("2026-12-13T00:00", "9999-12-30T00:00")),
        ("more than a week before christmas", ("0001-01-02T00:00", "2025-12-18T00:00")),
    ],
)
def test_more_and_less_than_a_length_from_an_anchor(
    expression: str, expected: tuple[str, str]
) -> None:
    w = resolve(expression, SUN, BERLIN)
    shown = (
        "0001-01-02T00:00" if w.open_start else w.start.isoformat()[:16],
        "9999-12-30T00:00" if w.open_end else w.end.isoformat()[:16],
    )
    assert shown == expected


@pytest.mark.parametrize(
    ("expression", "expected"),
    [
        # a bare day on the right of a range is the first such day on or after the start
        ("from april 27th to the third", ("2026-04-27T00:00", "2026-05-04T00:00")),
        ("Oct 30 - the 2nd", ("2026-10-30T00:00", "2026-11-03T00:00")),
        # a bare day on the left borrows the right side's month, the month before when larger
        ("from the 28th to March 2", ("2026-02-28T00:00", "2026-03-03T00:00")),
        ("from the twenty-seventh to the third of april", ("2026-03-27T00:00", "2026-04-04T00:00")),
        ("between the 3rd and the 9th of june", ("2026-06-03T00:00", "2026-06-10T00:00")),
    ],
)
def test_a_bare_day_in_a_range_takes_its_month_from_the_other_side(
    expression: str, expected: tuple[str, str]
) -> None:
    assert window(expression) == expected


@pytest.mark.parametrize(
    ("expression", "expected"),
    [
        ("two months from today on Tuesday", "2027-02-02T00:00"),  # Fri 29 Jan, then Tuesday
        ("in 3 days on friday", "2026-12-04T00:00"),
        ("a month from now, on monday", "2027-01-04T00:00"),
        ("in two weeks on friday", "2026-12-11T00:00"),  # weeks name a week: its Friday
    ],
)
def test_a_weekday_after_a_shifted_day_is_the_first_on_or_after_it(
    expression: str, expected: str
) -> None:
    assert starts(expression) == expected


def test_a_weekday_after_a_shift_in_days_is_that_weeks() -> None:
    # Wednesday 17 June: in 3 days is Saturday 20; "on Friday" is that week's Friday, the 19th
    assert starts("in 3 days on friday", WED) == "2026-06-19T00:00"
    assert starts("a month from now on friday", WED) == "2026-07-17T00:00"  # Fri 17 July


@pytest.mark.parametrize(
    ("expression", "now", "expected"),
    [
        ("12/12/30", datetime(2016, 11, 7, tzinfo=BERLIN), "1930-12-12T00:00"),
        ("12/12/36", SUN, "2036-12-12T00:00"),  # ten years ahead at most
        ("12/12/37", SUN, "1937-12-12T00:00"),
        ("'74", SUN, "1974-01-01T00:00"),
        ("april of 99", SUN, "1999-04-01T00:00"),
    ],
)
def test_two_digit_years_lean_to_the_past(expression: str, now: datetime, expected: str) -> None:
    assert starts(expression, now) == expected


def test_first_word_table_drops_no_reading() -> None:
    """The grammar skips a rule where its first words cannot begin, or where the token after
    a number rules it out (speed): with both tables switched off, every position of these
    texts must read exactly the same."""
    from prme_cli.timeexpr import grammar
    from prme_cli.timeexpr.tokens import tokenize

    texts = (
        [expression for expression, _, _ in ALL_FAMILIES]
        + _readme_examples()
        + [
            "We shipped three weeks ago; the bug came in two days later.",
            "the day before yesterday, or the day after tomorrow, the other day",
            "the first monday of last month at 9am, or the day after christmas",
            "between the 3rd and the 9th of june 2027, sometime around 3pm-ish",
            "q3 2026, the 1990s, '74, 2019 H2, week 31, nineteen eighty six",
            "half past seven tomorrow morning, 20 minutes to 2pm, four twenty-three a m",
            "every monday at 10, each morning, daily, on fridays, tonight, late last night",
            "labor day weekend, the weekend of thanksgiving, mother's day, st. patrick's day",
            "rest of the week, year to date, earlier this month, eod, EOY, mid-april",
            "in a fortnight's time, 1/4h ago, 2.5 hours, a couple of days, next 4 business days",
        ]
    )

    def readings() -> list[list[str]]:
        out = []
        for text in texts:
            parser = grammar.Grammar(tokenize(text))
            out += [
                sorted(map(repr, parser.expression(i) + parser.duration(i)))
                for i in range(parser.size)
            ]
        return out

    with_table = readings()
    saved = {name: box[0] for name, box in grammar.FIRST.items()}
    after_number = dict(grammar.AFTER_NUMBER)
    try:
        for box in grammar.FIRST.values():
            box[0] = (None, False)
        grammar.AFTER_NUMBER.clear()
        grammar.reset_first_words()
        without = readings()
    finally:
        for name, box in grammar.FIRST.items():
            box[0] = saved[name]
        grammar.AFTER_NUMBER.update(after_number)
        grammar.reset_first_words()
    assert with_table == without
    assert sum(1 for box in grammar.FIRST.values() if box[0][0] is not None) > 30


# ------------------------------------------------------------ families added for issue 9's breadth

BESIDE = family(
    [
        ("the monday after easter", "2026-04-06T00:00"),
        ("the tuesday after labor day", "2026-09-08T00:00"),
        ("the friday before christmas", "2025-12-19T00:00"),
        ("the day after thanksgiving", "2026-11-27T00:00"),
        ("the day before new year's eve", "2025-12-30T00:00"),
        ("the week after christmas", "2025-12-29T00:00"),
        ("the weekend before easter", "2026-03-28T00:00"),
        ("the weekend after thanksgiving", "2026-11-28T00:00"),
        ("the month after march 3rd", "2026-04-01T00:00"),
        ("the morning after christmas", "2025-12-26T04:00"),
        ("the night before christmas", "2025-12-24T18:00"),
        ("the night before last", "2026-11-27T18:00"),
        ("the evening after next", "2026-12-01T18:00"),
    ]
)
COUNTED = family(
    [
        ("three weekends ago", "2026-11-07T00:00"),
        ("two weekends from now", "2026-12-12T00:00"),
        ("two summers ago", "2025-06-01T00:00"),
        ("in two winters", "2027-12-01T00:00"),
        ("the summer before last", "2025-06-01T00:00"),
        ("the winter after next", "2027-12-01T00:00"),
        ("a year ago today", "2025-11-29T00:00"),
        ("two years ago yesterday", "2024-11-28T00:00"),
        ("in 3 working days", "2026-12-02T00:00"),
        ("in 3 weekdays", "2026-12-02T00:00"),
        ("2 business days ago", "2026-11-26T00:00"),
        ("five working days from now", "2026-12-04T00:00"),
        ("Q4 last year", "2025-10-01T00:00"),
        ("q2 of this year", "2026-04-01T00:00"),
        ("H1 next year", "2027-01-01T00:00"),
    ]
)
SAME_TIME = family(
    [
        ("same time tomorrow", "2026-11-30T14:30"),
        ("this time next week", "2026-12-06T14:30"),
        ("this time last year", "2025-11-29T00:00"),
        ("at the same time next month", "2026-12-29T00:00"),
    ]
)
CLOCK_FORMS = family(
    [
        ("1930 hrs", "2026-11-29T19:30"),
        ("at 0815 hours", "2026-11-29T08:15"),
        ("half three", "2026-11-29T15:30"),  # British: half past
        ("half 6 tomorrow", "2026-11-30T18:30"),
        ("tomorrow at COB", "2026-11-30T17:00"),
        ("EOB friday", "2026-11-27T17:00"),
        ("first thing tomorrow", "2026-11-30T07:00"),
        ("first thing monday", "2026-11-23T07:00"),
        ("late last nite", "2026-11-28T23:00"),
        ("tomorrow arvo", "2026-11-30T12:00"),
        ("2nite", "2026-11-29T18:00"),
        ("2moro", "2026-11-30T00:00"),
    ]
)
#: a zone written after the time: that wall time there, shown in the reference zone (Berlin is
#: UTC+01:00 on the reference day)
ZONES = family(
    [
        ("3pm ET", "2026-11-29T21:00"),
        ("14:05 GMT", "2026-11-29T15:05"),
        ("noon UTC", "2026-11-29T13:00"),
        ("9am (UTC+2)", "2026-11-29T08:00"),
        ("10:15 +0000", "2026-11-29T11:15"),
        ("9 to 10:30 CST", "2026-11-29T16:00"),
    ]
)
POSSESSIVES = family(
    [
        ("yesterday's", "2026-11-28T00:00"),
        ("Monday's", "2026-11-23T00:00"),
        ("back in January", "2026-01-01T00:00"),
        ("back in 2019", "2019-01-01T00:00"),
        ("back on the 3rd", "2026-11-03T00:00"),
        ("last wknd", "2026-11-21T00:00"),
        ("the weekend", "2026-11-28T00:00"),  # today is its Sunday
        ("summer of '19", "2019-06-01T00:00"),
        ("christmas '19", "2019-12-25T00:00"),
        ("week 5 of '21", "2021-02-01T00:00"),
    ]
)
RECURRING = family(
    [
        ("mondays at 10", "2026-11-23T10:00"),
        ("tuesday evenings", "2026-11-24T18:00"),
        ("on fridays from 2 to 4", "2026-11-27T14:00"),
    ]
)


@pytest.mark.parametrize(
    ("expression", "expected", "now"),
    BESIDE + COUNTED + SAME_TIME + CLOCK_FORMS + ZONES + POSSESSIVES + RECURRING,
)
def test_added_families_read_their_wordings(expression: str, expected: str, now: datetime) -> None:
    assert starts(expression, now) == expected


@pytest.mark.parametrize(
    ("expression", "expected"),
    [
        ("just after midnight", ("2026-11-29T00:00", "2026-11-29T00:30")),
        ("a little after 5pm", ("2026-11-29T17:00", "2026-11-29T17:30")),
        ("shortly before christmas", ("2025-12-22T00:00", "2025-12-25T00:00")),
        ("not long before easter", ("2026-04-02T00:00", "2026-04-05T00:00")),
        ("soon after the 3rd", ("2026-11-04T00:00", "2026-11-07T00:00")),
        ("in an hour or so", ("2026-11-29T15:00", "2026-11-29T16:01")),
    ],
)
def test_near_an_anchor_is_a_little_way_from_it_and_approximate(
    expression: str, expected: tuple[str, str]
) -> None:
    assert window(expression) == expected
    assert resolve(expression, SUN, BERLIN).approximate


@pytest.mark.parametrize(
    ("expression", "expected"),
    [
        ("H1 next year", ("2027-01-01T00:00", "2027-07-01T00:00")),
        ("the week after christmas", ("2025-12-29T00:00", "2026-01-05T00:00")),
        ("the weekend before easter", ("2026-03-28T00:00", "2026-03-30T00:00")),
        ("in 3 working days", ("2026-12-02T00:00", "2026-12-03T00:00")),  # the day, not a span
        ("fri 9-5", ("2026-11-27T09:00", "2026-11-27T17:00")),  # office hours, not 5 September
        ("Tue 9-1", ("2026-11-24T09:00", "2026-11-24T13:00")),  # 1 Sept 2026 is a far Tuesday
        ("Friday 11-27", ("2026-11-27T00:00", "2026-11-28T00:00")),  # a near date that agrees
    ],
)
def test_added_windows_end_where_the_convention_says(
    expression: str, expected: tuple[str, str]
) -> None:
    assert window(expression) == expected


@pytest.mark.parametrize(
    ("expression", "expected"),
    [
        # a range of two bare numbers is hours when they run forward in waking hours
        ("from 9 to 5", ("2026-11-29T09:00", "2026-11-29T17:00")),
        ("from 9 until 5", ("2026-11-29T09:00", "2026-11-29T17:00")),
        ("between 1 and 3", ("2026-11-29T13:00", "2026-11-29T15:00")),
        ("from 10 to 12", ("2026-11-29T10:00", "2026-11-29T12:00")),
        # ... and days when they cannot be hours
        ("between 3 and 12", ("2026-11-03T00:00", "2026-11-13T00:00")),
        ("from 2 to 28", ("2026-11-02T00:00", "2026-11-29T00:00")),
        # inside a part of the day a range runs forward, so these are clock times
        ("ten to six in the evening", ("2026-11-29T17:50", "2026-11-29T17:51")),
        ("ten to six in the morning", ("2026-11-29T05:50", "2026-11-29T05:51")),
        ("from 10 to 2 at night", ("2026-11-29T22:00", "2026-11-30T02:00")),
        ("from 7 to 9 in the evening", ("2026-11-29T19:00", "2026-11-29T21:00")),
        # ... or starts in the morning when it then reaches into the part
        ("from 11 to 1 in the afternoon", ("2026-11-29T11:00", "2026-11-29T13:00")),
        ("between 10 and 2 in the afternoon", ("2026-11-29T10:00", "2026-11-29T14:00")),
        # a range that passes midnight ends in the small hours, not the next afternoon
        ("from 8pm to 1", ("2026-11-29T20:00", "2026-11-30T01:00")),
        ("from 9pm to 3", ("2026-11-29T21:00", "2026-11-30T03:00")),
        # weekdays of a range share the week named after them
        ("monday to friday next week", ("2026-11-30T00:00", "2026-12-05T00:00")),
        ("from tuesday to thursday last week", ("2026-11-17T00:00", "2026-11-20T00:00")),
        # midnight of a night is the one after the day
        ("midnight tonight", ("2026-11-30T00:00", "2026-11-30T00:01")),
        ("tonight at midnight", ("2026-11-30T00:00", "2026-11-30T00:01")),
        ("00:30 tonight", ("2026-11-30T00:30", "2026-11-30T00:31")),
        # a quarter before a clock time is fifteen minutes
        ("a quarter after noon", ("2026-11-29T12:15", "2026-11-29T12:16")),
        ("a quarter after 3", ("2026-11-29T15:15", "2026-11-29T15:16")),
        # early or late in a day, or in its part
        ("early tomorrow", ("2026-11-30T08:00", "2026-11-30T13:00")),
        ("late tomorrow", ("2026-11-30T18:00", "2026-12-01T00:00")),
        ("early monday", ("2026-11-23T08:00", "2026-11-23T13:00")),
        ("early tomorrow morning", ("2026-11-30T04:00", "2026-11-30T08:00")),
        ("late yesterday afternoon", ("2026-11-28T15:00", "2026-11-28T18:00")),
        ("late friday night", ("2026-11-27T23:00", "2026-11-28T04:00")),
        # counts said in fives: nine minutes to five is not how the time is told
        ("twenty-five past ten", ("2026-11-29T10:25", "2026-11-29T10:26")),
        ("7 minutes to 3", ("2026-11-29T14:53", "2026-11-29T14:54")),
        ("10 past 9", ("2026-11-29T09:10", "2026-11-29T09:11")),
        ("20 to 2pm", ("2026-11-29T13:40", "2026-11-29T13:41")),  # told with am/pm
        ("10 to 6pm", ("2026-11-29T10:00", "2026-11-29T18:00")),  # a range that runs forward
    ],
)
def test_clock_and_range_readings_that_make_sense(
    expression: str, expected: tuple[str, str]
) -> None:
    assert window(expression) == expected


@pytest.mark.parametrize(
    ("expression", "start", "end"),
    [
        ("to date", None, "2026-11-29T14:30"),
        ("so far", None, "2026-11-29T14:30"),
        ("until now", None, "2026-11-29T14:30"),
        ("up to now", None, "2026-11-29T14:30"),
        ("so far this year", "2026-01-01T00:00", "2026-11-29T14:30"),
        ("so far today", "2026-11-29T00:00", "2026-11-29T14:30"),
        ("from now on", "2026-11-29T14:30", None),
        ("from today onwards", "2026-11-29T00:00", None),
        ("from monday onward", "2026-11-23T00:00", None),
        ("as of today", "2026-11-29T00:00", None),
        ("as of last week", "2026-11-16T00:00", None),
        ("any time after 2pm", "2026-11-29T14:00", None),
        ("anytime before noon", None, "2026-11-29T12:00"),
    ],
)
def test_open_sides_up_to_now_and_from_now_on(
    expression: str, start: str | None, end: str | None
) -> None:
    w = resolve(expression, SUN, BERLIN)
    assert (None if w.open_start else w.start.isoformat()[:16]) == start
    assert (None if w.open_end else w.end.isoformat()[:16]) == end


@pytest.mark.parametrize(
    ("expression", "expected"),
    [
        ("in the coming days", ("2026-11-30T00:00", "2026-12-03T00:00")),
        ("over the coming weeks", ("2026-11-30T00:00", "2026-12-21T00:00")),
        ("the coming months", ("2026-11-30T00:00", "2027-02-28T00:00")),
        ("in recent weeks", ("2026-11-08T00:00", "2026-11-29T00:00")),
        ("recent days", ("2026-11-26T00:00", "2026-11-29T00:00")),
        ("in recent years", ("2023-11-29T00:00", "2026-11-29T00:00")),
    ],
)
def test_coming_and_recent_periods_are_a_few_and_approximate(
    expression: str, expected: tuple[str, str]
) -> None:
    assert window(expression) == expected
    assert resolve(expression, SUN, BERLIN).approximate


@pytest.mark.parametrize(
    "expression", ["9 till 5", "nine to five", "10 to 6", "from 27 to 3", "6pm-2pm"]
)
def test_ranges_and_clocks_that_make_no_sense_are_refused(expression: str) -> None:
    with pytest.raises(TimeExpressionError):
        resolve(expression, SUN, BERLIN)


@pytest.mark.parametrize(
    ("expression", "expected"),
    [
        ("in the 1800s", ("1800-01-01T00:00", "1900-01-01T00:00")),  # a round hundred: a century
        ("the 1900s", ("1900-01-01T00:00", "2000-01-01T00:00")),
        ("the 2000s", ("2000-01-01T00:00", "2010-01-01T00:00")),  # said of the decade
        ("1990's", ("1990-01-01T00:00", "2000-01-01T00:00")),
        ("the 1980's", ("1980-01-01T00:00", "1990-01-01T00:00")),
        ("mid-morning", ("2026-11-29T06:00", "2026-11-29T10:00")),
        ("mid afternoon", ("2026-11-29T13:30", "2026-11-29T16:30")),
        ("the first half of next year", ("2027-01-01T00:00", "2027-07-01T00:00")),
        ("the second half of the year", ("2026-07-01T00:00", "2027-01-01T00:00")),
        ("the last quarter of last year", ("2025-10-01T00:00", "2026-01-01T00:00")),
        ("EOD friday", ("2026-11-27T23:59", "2026-11-28T00:00")),
        ("eod tomorrow", ("2026-11-30T23:59", "2026-12-01T00:00")),
        ("end of day on monday", ("2026-11-23T23:59", "2026-11-24T00:00")),
    ],
)
def test_centuries_halves_and_ends_of_named_days(
    expression: str, expected: tuple[str, str]
) -> None:
    assert window(expression) == expected


@pytest.mark.parametrize(
    ("expression", "end"),
    [("over a year ago", "2025-11-29T00:00"), ("over two weeks ago", "2026-11-15T00:00")],
)
def test_over_a_length_ago_is_more_than_it(expression: str, end: str) -> None:
    w = resolve(expression, SUN, BERLIN)
    assert w.open_start and w.end.isoformat()[:16] == end


def test_zone_names_follow_or_ignore_daylight_saving_as_they_say() -> None:
    # Wednesday 17 June 2026: New York is on EDT (-04:00), Berlin on CEST (+02:00)
    assert starts("3pm ET", WED) == "2026-06-17T21:00"  # the generic name follows DST
    assert starts("3pm EST", WED) == "2026-06-17T22:00"  # a fixed offset
    assert starts("3pm ET") == "2026-11-29T21:00"  # in November New York is on EST
    with pytest.raises(TimeExpressionError):
        resolve("3pm IST", SUN, BERLIN)  # India, Ireland or Israel: not guessed


def test_the_midnight_of_a_night_is_after_the_day() -> None:
    assert starts("friday night at 12:30") == "2026-11-28T00:30"
    assert starts("midnight") == "2026-11-29T00:00"  # bare: the start of today


@pytest.mark.parametrize(
    ("expression", "expected"),
    [
        ("christmas week", ("2025-12-22T00:00", "2025-12-29T00:00")),
        ("thanksgiving week", ("2026-11-23T00:00", "2026-11-30T00:00")),
        ("the week ending friday", ("2026-11-21T00:00", "2026-11-28T00:00")),  # seven days
        ("week ending 6/5", ("2026-05-30T00:00", "2026-06-06T00:00")),
        ("the week ending 5 june", ("2026-05-30T00:00", "2026-06-06T00:00")),
        ("late in the month", ("2026-11-21T00:00", "2026-12-01T00:00")),
        ("early in the year", ("2026-01-01T00:00", "2026-05-01T00:00")),
        ("from 2019 to present", ("2019-01-01T00:00", "2026-11-29T14:30")),
        ("2019 to date", ("2019-01-01T00:00", "2026-11-29T14:30")),
        ("from march to the present", ("2026-03-01T00:00", "2026-11-29T14:30")),
    ],
)
def test_weeks_of_a_day_parts_of_the_current_period_and_ranges_to_now(
    expression: str, expected: tuple[str, str]
) -> None:
    assert window(expression) == expected
