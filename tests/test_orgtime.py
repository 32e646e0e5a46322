"""Tests for prme_cli.orgtime: every org time form of SPEC §4.1 and repeater occurrences."""

from __future__ import annotations

from calendar import monthrange
from datetime import date, timedelta
from datetime import datetime as dt

import pytest
from hypothesis import given
from hypothesis import strategies as st

from prme_cli.model import Timestamp
from prme_cli.orgtime import (
    StampError,
    datetree_timestamp,
    filename_timestamp,
    find_timestamps,
    occurs_in,
    parse_clock,
    parse_log_note,
    parse_planning,
    parse_property_value,
    parse_timestamp,
)

D = dt  # short alias for the tables

# raw, kind, start, end, has_time, repeater, warning
STAMPS = [
    ("<2026-11-29 Sun>", "active", D(2026, 11, 29), D(2026, 11, 30), False, None, None),
    (
        "<2026-11-29 Sun 09:30>",
        "active",
        D(2026, 11, 29, 9, 30),
        D(2026, 11, 29, 9, 30),
        True,
        None,
        None,
    ),
    (
        "<2026-11-29 Sun 09:30-11:00>",
        "active",
        D(2026, 11, 29, 9, 30),
        D(2026, 11, 29, 11),
        True,
        None,
        None,
    ),
    (
        "<2019-09-06 Fri 10:00--11:20>",
        "active",
        D(2019, 9, 6, 10),
        D(2019, 9, 6, 11, 20),
        True,
        None,
        None,
    ),
    (
        "<2026-11-29 Sun 22:00-01:00>",
        "active",
        D(2026, 11, 29, 22),
        D(2026, 11, 30, 1),
        True,
        None,
        None,
    ),
    ("<2026-11-29 Sun 24:00>", "active", D(2026, 11, 30), D(2026, 11, 30), True, None, None),
    ("[2026-11-29 Sun]", "inactive", D(2026, 11, 29), D(2026, 11, 30), False, None, None),
    (
        "[2026-11-29 Sun 9:05]",
        "inactive",
        D(2026, 11, 29, 9, 5),
        D(2026, 11, 29, 9, 5),
        True,
        None,
        None,
    ),
    (
        "[2026-11-29 Sun 09:30-11:00]",
        "inactive",
        D(2026, 11, 29, 9, 30),
        D(2026, 11, 29, 11),
        True,
        None,
        None,
    ),
    ("<2026-11-29>", "active", D(2026, 11, 29), D(2026, 11, 30), False, None, None),
    (
        "[2025-01-13 周一 11:23]",
        "inactive",
        D(2025, 1, 13, 11, 23),
        D(2025, 1, 13, 11, 23),
        True,
        None,
        None,
    ),
    ("<2026-03-02 lun.>", "active", D(2026, 3, 2), D(2026, 3, 3), False, None, None),
    ("<2024-07-12 ven.>", "active", D(2024, 7, 12), D(2024, 7, 13), False, None, None),
    ("<2026-03-04 Mi 10:00>", "active", D(2026, 3, 4, 10), D(2026, 3, 4, 10), True, None, None),
    # date ranges
    (
        "<2026-11-29 Sun>--<2026-12-01 Tue>",
        "range",
        D(2026, 11, 29),
        D(2026, 12, 2),
        False,
        None,
        None,
    ),
    (
        "[2026-11-29 Sun]--[2026-12-01 Tue]",
        "range",
        D(2026, 11, 29),
        D(2026, 12, 2),
        False,
        None,
        None,
    ),
    (
        "<2024-06-25 Tue 08:00>--<2024-06-26 Wed 08:00>",
        "range",
        D(2024, 6, 25, 8),
        D(2024, 6, 26, 8),
        True,
        None,
        None,
    ),
    (
        "<2026-11-29 Sun 10:00>--<2026-11-30 Mon>",
        "range",
        D(2026, 11, 29, 10),
        D(2026, 12, 1),
        True,
        None,
        None,
    ),
    # repeaters and warnings
    ("<2026-11-29 Sun +1w>", "active", D(2026, 11, 29), D(2026, 11, 30), False, "+1w", None),
    ("<2026-11-29 Sun ++1m>", "active", D(2026, 11, 29), D(2026, 11, 30), False, "++1m", None),
    ("<2026-11-29 Sun .+1d>", "active", D(2026, 11, 29), D(2026, 11, 30), False, ".+1d", None),
    (
        "<2026-11-29 Sun 07:00 .+2d/3d>",
        "active",
        D(2026, 11, 29, 7),
        D(2026, 11, 29, 7),
        True,
        ".+2d/3d",
        None,
    ),
    ("<2026-11-29 Sun +1y>", "active", D(2026, 11, 29), D(2026, 11, 30), False, "+1y", None),
    (
        "<2026-11-29 Sun 10:00 +2h>",
        "active",
        D(2026, 11, 29, 10),
        D(2026, 11, 29, 10),
        True,
        "+2h",
        None,
    ),
    ("<2026-11-29 Sun -3d>", "active", D(2026, 11, 29), D(2026, 11, 30), False, None, "-3d"),
    ("<2026-11-29 Sun --3d>", "active", D(2026, 11, 29), D(2026, 11, 30), False, None, "--3d"),
    ("<2026-11-29 Sun +1w -2d>", "active", D(2026, 11, 29), D(2026, 11, 30), False, "+1w", "-2d"),
    ("<2026-11-29 Sun -2d +1w>", "active", D(2026, 11, 29), D(2026, 11, 30), False, "+1w", "-2d"),
    (
        "<2024-06-25 Tue 08:00-09:00 ++7d>",
        "active",
        D(2024, 6, 25, 8),
        D(2024, 6, 25, 9),
        True,
        "++7d",
        None,
    ),
]


@pytest.mark.parametrize(("raw", "kind", "start", "end", "has_time", "rep", "warn"), STAMPS)
def test_stamp_forms(raw, kind, start, end, has_time, rep, warn):
    [ts] = find_timestamps(f"text {raw} more", 7)
    assert (ts.kind, ts.start, ts.end, ts.has_time) == (kind, start, end, has_time)
    assert (ts.repeater, ts.warning, ts.raw, ts.line) == (rep, warn, raw, 7)
    assert parse_timestamp(raw) == ts.__class__(**{**_fields(ts), "line": 0})


def _fields(ts: Timestamp) -> dict:
    return {name: getattr(ts, name) for name in Timestamp.__slots__}


def test_range_label_says_active_or_inactive():
    assert find_timestamps("<2026-01-01>--<2026-01-02>")[0].label == "active"
    assert find_timestamps("[2026-01-01]--[2026-01-02]")[0].label == "inactive"


@pytest.mark.parametrize(
    "raw",
    [
        "<%%(diary-float t 4 2)>",
        "<%%(org-anniversary 1956  5 14)>",
        "<%%(memq (calendar-day-of-week date) '(1 2 3 4 5)) 09:00>",
    ],
)
def test_diary_sexp_kept_raw(raw):
    [ts] = find_timestamps(f"* x {raw} y")
    assert (ts.kind, ts.start, ts.end, ts.raw) == ("diary", None, None, raw)
    assert occurs_in(ts, D(1900, 1, 1), D(2100, 1, 1)) is None


@pytest.mark.parametrize(
    ("text", "count"),
    [
        ("no stamps here", 0),
        ("[[file:2026-01-01 notes.org][link]]", 0),
        ("<2026-01-01 Thu]", 0),  # mismatched brackets are not a stamp
        ("[2026-01-01 Thu>", 0),
        ("<2026-01-01 Thu 9:00 nonsense>", 0),
        ("<2026-01-01>--[2026-01-02]", 2),  # mixed brackets: two stamps, not a range
        ("a <2026-01-01> b [2026-01-02 Fri 10:00] c <2026-01-03>--<2026-01-04>", 3),
    ],
)
def test_what_is_and_is_not_a_stamp(text, count):
    assert len(find_timestamps(text)) == count


@pytest.mark.parametrize(
    "raw",
    [
        "<2026-02-30 Mon>",
        "<2026-13-01>",
        "[2026-01-01 Thu 25:00]",
        "<2026-01-01 Thu 10:61>",
        "<2026-01-05>--<2026-01-01>",
        "<0000-01-01>",
        "<9999-12-31 Fri 24:00>",
    ],
)
def test_bad_stamps_are_problems_not_exceptions(raw):
    problems: list = []
    assert find_timestamps(f"x {raw} y", 3, problems) == []
    assert problems and problems[0][0] == 3 and raw in problems[0][1]
    with pytest.raises(StampError):
        parse_timestamp(raw)


def test_scanning_continues_after_a_bad_stamp():
    found = find_timestamps("<2026-02-30 Mon> then <2026-03-01 Sun>", 1, [])
    assert [t.start for t in found] == [D(2026, 3, 1)]


def test_parse_timestamp_rejects_extra_text():
    with pytest.raises(ValueError):
        parse_timestamp("<2026-01-01> and more")
    assert parse_timestamp("  <2026-01-01 Thu>  ", kind="keyword").kind == "keyword"


# ------------------------------------------------------------------ planning


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("SCHEDULED: <2026-11-29 Sun>", [("scheduled", D(2026, 11, 29))]),
        ("  DEADLINE: <2026-12-01 Tue -3d>", [("deadline", D(2026, 12, 1))]),
        ("CLOSED: [2026-11-28 Sat 17:02]", [("closed", D(2026, 11, 28, 17, 2))]),
        (
            "CLOSED: [2026-11-28 Sat 17:02] SCHEDULED: <2026-11-27 Fri> DEADLINE: <2026-11-30 Mon>",
            [
                ("closed", D(2026, 11, 28, 17, 2)),
                ("scheduled", D(2026, 11, 27)),
                ("deadline", D(2026, 11, 30)),
            ],
        ),
        (
            "DEADLINE: <2026-11-30 Mon> SCHEDULED: <2026-11-27 Fri 10:00-11:00 +1w>",
            [("deadline", D(2026, 11, 30)), ("scheduled", D(2026, 11, 27, 10))],
        ),
        ("DEADLINE: <2019-09-06 Fri 10:00--11:20>", [("deadline", D(2019, 9, 6, 10))]),
    ],
)
def test_planning_lines(line, expected):
    got = parse_planning(line, 2)
    assert [(t.kind, t.start) for t in got] == expected
    assert all(t.line == 2 for t in got)


def test_planning_without_stamp_warns():
    problems: list = []
    assert parse_planning("DEADLINE: soon", 4, problems) == []
    assert problems == [(4, "DEADLINE: without a timestamp")]


# ------------------------------------------------------------------ clocks

CLOCKS = [
    (
        "CLOCK: [2026-11-29 Sun 09:00]--[2026-11-29 Sun 10:30] =>  1:30",
        D(2026, 11, 29, 9),
        D(2026, 11, 29, 10, 30),
        "1:30",
        0,
    ),
    (
        "  CLOCK: [2026-11-29 Sun 23:00]--[2026-11-30 Mon 01:00] => 2:00",
        D(2026, 11, 29, 23),
        D(2026, 11, 30, 1),
        "2:00",
        0,
    ),
    ("CLOCK: [2026-11-29 Sun 09:00]", D(2026, 11, 29, 9), D(2026, 11, 29, 9), None, 0),
    # malformed durations: interval recovered from the stamps, one problem noted
    (
        "CLOCK: [2026-11-29 Sun 09:00]--[2026-11-29 Sun 10:00] =>  1:0x",
        D(2026, 11, 29, 9),
        D(2026, 11, 29, 10),
        "1:0x",
        1,
    ),
    (
        "CLOCK: [2026-11-29 Sun 09:00]--[2026-11-29 Sun 10:00] =>",
        D(2026, 11, 29, 9),
        D(2026, 11, 29, 10),
        None,
        1,
    ),
    (
        "CLOCK: [2026-11-29 Sun 09:00]--[2026-11-29 Sun 10:00] =>  3:00",
        D(2026, 11, 29, 9),
        D(2026, 11, 29, 10),
        "3:00",
        1,
    ),
    (
        "CLOCK: [2026-11-29 Sun 09:00]--[2026-11-29 Sun 10:00]",
        D(2026, 11, 29, 9),
        D(2026, 11, 29, 10),
        None,
        0,
    ),
]


@pytest.mark.parametrize(("line", "start", "end", "label", "nproblems"), CLOCKS)
def test_clock_lines(line, start, end, label, nproblems):
    problems: list = []
    ts = parse_clock(line, 9, problems)
    assert ts is not None
    assert (ts.kind, ts.start, ts.end, ts.label, ts.line) == ("clock", start, end, label, 9)
    assert len(problems) == nproblems


@pytest.mark.parametrize("line", ["CLOCK: garbage", "CLOCK: [2026-11-31 Mon 10:00]"])
def test_unreadable_clock_warns(line):
    problems: list = []
    assert parse_clock(line, 5, problems) is None
    assert len(problems) == 1 and problems[0][0] == 5


def test_not_a_clock_line():
    assert parse_clock("Clocked: nothing", 1) is None


# ------------------------------------------------------------------ logbook notes

NOTES = [
    ('- State "DONE"       from "TODO"       [2026-11-29 Sun 10:00]', "state", "DONE"),
    ('- State "TODO"       from              [2026-11-29 Sun 10:00]', "state", "TODO"),
    ('  - State "WAIT"       from "NEXT"       [2026-11-29 Sun 10:00] \\', "state", "WAIT"),
    ("- Note taken on [2026-11-29 Sun 10:00] \\", "note", "note"),
    ('- Rescheduled from "[2026-11-20 Fri]" on [2026-11-29 Sun 10:00]', "note", "rescheduled"),
    ('- Rescheduled from "<2026-11-20 Fri>" on [2026-11-29 Sun 10:00]', "note", "rescheduled"),
    ('- Not scheduled, was "[2026-11-20 Fri]" on [2026-11-29 Sun 10:00]', "note", "not_scheduled"),
    ('- New deadline from "[2026-11-20 Fri]" on [2026-11-29 Sun 10:00]', "note", "new_deadline"),
    (
        '- Removed deadline, was "[2026-11-20 Fri]" on [2026-11-29 Sun 10:00]',
        "note",
        "removed_deadline",
    ),
    ("- Refiled on [2026-11-29 Sun 10:00]", "note", "refiled"),
    ("- Refiled on [2026-11-29 Sun 10:00] from [[file:a.org][A]]", "note", "refiled"),
    ("- CLOSING NOTE [2026-11-29 Sun 10:00] \\", "note", "closing"),
]


@pytest.mark.parametrize(("line", "kind", "label"), NOTES)
def test_logbook_notes(line, kind, label):
    found = parse_log_note(line, 12)
    assert found is not None
    ts, end = found
    assert (ts.kind, ts.label, ts.start, ts.line) == (kind, label, D(2026, 11, 29, 10), 12)
    assert line[:end].endswith("[2026-11-29 Sun 10:00]")


@pytest.mark.parametrize(
    "line", ["- plain list item [2026-11-29]", "State DONE [2026-11-29]", "- Note taken on someday"]
)
def test_not_a_logbook_note(line):
    assert parse_log_note(line, 1) is None


# ------------------------------------------------------------------ properties and names


def test_property_values():
    [c] = parse_property_value("CREATED", "[2026-11-20 Fri 10:00]", 4)
    assert (c.kind, c.label, c.start) == ("created", "CREATED", D(2026, 11, 20, 10))
    [b] = parse_property_value("Created", "2026-11-20", 4)
    assert (b.kind, b.start, b.end) == ("created", D(2026, 11, 20), D(2026, 11, 21))
    [p] = parse_property_value("LAST_REPEAT", "[2026-11-21 Sat 08:00]", 5)
    assert (p.kind, p.label) == ("property", "LAST_REPEAT")
    assert parse_property_value("ID", "abc", 6) == []


DATETREES = [
    ("2026", "year", D(2026, 1, 1), D(2027, 1, 1)),
    ("2026-11 November", "month", D(2026, 11, 1), D(2026, 12, 1)),
    ("2026-12 December", "month", D(2026, 12, 1), D(2027, 1, 1)),
    ("2026-11", "month", D(2026, 11, 1), D(2026, 12, 1)),
    ("2026-11-29 Sunday", "day", D(2026, 11, 29), D(2026, 11, 30)),
    ("2025-01-13 星期一", "day", D(2025, 1, 13), D(2025, 1, 14)),
    ("2026-11-29", "day", D(2026, 11, 29), D(2026, 11, 30)),
    ("2026-W48", "week", D(2026, 11, 23), D(2026, 11, 30)),
    ("2026-W01", "week", D(2025, 12, 29), D(2026, 1, 5)),
]


@pytest.mark.parametrize(("title", "label", "start", "end"), DATETREES)
def test_datetree_titles(title, label, start, end):
    ts = datetree_timestamp(title, 3)
    assert ts is not None
    assert (ts.kind, ts.label, ts.start, ts.end, ts.line) == ("datetree", label, start, end, 3)


@pytest.mark.parametrize(
    "title",
    [
        "2026 plans",
        "Meeting 2026-11-29",
        "2026-13 Nothing",
        "2026-W54",
        "2026-11-29 10:00",
        "12345",
        "",
    ],
)
def test_not_datetree_titles(title):
    assert datetree_timestamp(title, 1) is None


FILENAMES = [
    ("/notes/2026-11-29.org", "day", D(2026, 11, 29), D(2026, 11, 30)),
    ("journal/20261129", "day", D(2026, 11, 29), D(2026, 11, 30)),
    ("20261129.org", "day", D(2026, 11, 29), D(2026, 11, 30)),
    ("2026-11-29-standup.org", "day", D(2026, 11, 29), D(2026, 11, 30)),
    ("2026_11_29.org", "day", D(2026, 11, 29), D(2026, 11, 30)),
    ("20261129101530-frame.org", "prefix", D(2026, 11, 29, 10, 15, 30), None),
    ("20261129T101530--frame__art.org", "prefix", D(2026, 11, 29, 10, 15, 30), None),
    # a date anywhere in the name dates the file (issue 11): people name journals their way
    ("x2026-11-29.org", "day", D(2026, 11, 29), D(2026, 11, 30)),
    ("journal_2025-03-04.org", "day", D(2025, 3, 4), D(2025, 3, 5)),
    ("meeting-notes.2025.03.04.org", "day", D(2025, 3, 4), D(2025, 3, 5)),
    ("roam/reading-20230109101324.org", "prefix", D(2023, 1, 9, 10, 13, 24), None),
]


@pytest.mark.parametrize(("path", "label", "start", "end"), FILENAMES)
def test_filename_dates(path, label, start, end):
    ts = filename_timestamp(path)
    assert ts is not None
    assert (ts.kind, ts.label, ts.start, ts.line) == ("filename", label, start, 0)
    assert ts.end == (end or start)


@pytest.mark.parametrize(
    "path",
    [
        "notes.org",
        "2026-13-45.org",
        "123456789.org",
        "2026-1-2.org",
        "v20.org",
        "invoice-10000101.org",
        "id-99991231.org",
    ],
)
def test_no_filename_date(path):
    assert filename_timestamp(path) is None


# ------------------------------------------------------------------ occurrences


def _ts(raw: str) -> Timestamp:
    return parse_timestamp(raw)


OCCURS = [
    # no repeater: the stamp itself
    ("<2026-11-29 Sun>", D(2026, 11, 29, 12), D(2026, 11, 29, 13), D(2026, 11, 29)),
    ("<2026-11-29 Sun>", D(2026, 11, 30), D(2026, 12, 1), None),
    ("<2026-11-29 Sun 10:00>", D(2026, 11, 29, 10), D(2026, 11, 29, 11), D(2026, 11, 29, 10)),
    ("<2026-11-29 Sun 10:00>", D(2026, 11, 29, 9), D(2026, 11, 29, 10), None),  # half-open
    (
        "<2026-11-29 Sun 09:00-11:00>",
        D(2026, 11, 29, 10),
        D(2026, 11, 29, 10, 30),
        D(2026, 11, 29, 9),
    ),
    # weekly
    ("<2026-11-02 Mon +1w>", D(2026, 11, 29), D(2026, 12, 6), D(2026, 11, 30)),
    ("<2026-11-02 Mon +1w>", D(2026, 11, 24), D(2026, 11, 30), None),
    ("<2026-11-02 Mon +1w>", D(2026, 10, 1), D(2026, 12, 1), D(2026, 11, 2)),  # not before base
    ("<2026-11-02 Mon 10:00 +2w>", D(2026, 11, 16, 10), D(2026, 11, 16, 11), D(2026, 11, 16, 10)),
    ("<2026-11-02 Mon 10:00 +2w>", D(2026, 11, 9), D(2026, 11, 10), None),
    # monthly on the 31st: clamped to month end, never drifting
    ("<2026-01-31 Sat +1m>", D(2026, 2, 1), D(2026, 3, 1), D(2026, 2, 28)),
    ("<2026-01-31 Sat +1m>", D(2026, 3, 1), D(2026, 4, 1), D(2026, 3, 31)),
    ("<2026-01-31 Sat +1m>", D(2026, 4, 1), D(2026, 5, 1), D(2026, 4, 30)),
    ("<2026-01-31 Sat +1m>", D(2027, 12, 1), D(2028, 1, 1), D(2027, 12, 31)),
    # yearly on Feb 29
    ("<2024-02-29 Thu +1y>", D(2025, 1, 1), D(2026, 1, 1), D(2025, 2, 28)),
    ("<2024-02-29 Thu +1y>", D(2028, 2, 29), D(2028, 3, 1), D(2028, 2, 29)),
    ("<2024-02-29 Thu +1y>", D(2028, 2, 28), D(2028, 2, 29), None),
    # .+ and ++ project from the stamp as written
    ("<2026-11-01 Sun .+2d>", D(2026, 11, 4), D(2026, 11, 5), None),
    ("<2026-11-01 Sun .+2d>", D(2026, 11, 5), D(2026, 11, 6), D(2026, 11, 5)),
    ("<2026-11-01 Sun 07:00 .+2d/3d>", D(2026, 11, 3), D(2026, 11, 4), D(2026, 11, 3, 7)),
    ("<2026-11-01 Sun ++1m>", D(2027, 3, 15), D(2027, 4, 15), D(2027, 4, 1)),
    # hourly from long ago is computed, not iterated
    (
        "<1990-01-01 Mon 00:00 +1h>",
        D(2026, 11, 29, 10, 30),
        D(2026, 11, 29, 11, 30),
        D(2026, 11, 29, 11),
    ),
    # a range with a repeater
    ("<2026-11-02 Mon 09:00-17:00 +1w>", D(2026, 11, 9, 16), D(2026, 11, 9, 18), D(2026, 11, 9, 9)),
]


@pytest.mark.parametrize(("raw", "start", "end", "expected"), OCCURS)
def test_occurs_in(raw, start, end, expected):
    assert occurs_in(_ts(raw), start, end) == expected


def test_occurs_in_multiday_monthly_range():
    ts = _ts("<2026-01-20 Tue>--<2026-02-25 Wed>")
    ts = Timestamp(ts.kind, ts.start, ts.end, False, ts.raw, 1, "+1m")
    # the Feb occurrence (Feb 20 - Mar 26) covers Mar 1 even though Mar's starts later
    assert occurs_in(ts, D(2026, 3, 1), D(2026, 3, 2)) == D(2026, 2, 20)


def test_occurs_in_edge_cases():
    assert occurs_in(_ts("<2026-01-01 +0d>"), D(2026, 1, 2), D(2026, 1, 3)) is None
    assert occurs_in(_ts("<9999-12-01 +1m>"), D(9999, 12, 5), D(9999, 12, 31)) is None
    assert occurs_in(_ts("<2026-01-01>"), D(2026, 1, 2), D(2026, 1, 1)) is None


@given(st.text())
def test_find_timestamps_never_raises(text):
    find_timestamps(text, 1, [])
    parse_planning(text, 1, [])
    parse_clock(text, 1, [])
    parse_log_note(text, 1, [])


def _expected_on(base, rep: str, day) -> bool:
    """Independent statement of the rule: does a day-long occurrence fall on ``day``?"""
    n, unit = int(rep.lstrip(".+")[:-1]), rep[-1]
    if day < base:
        return False
    if unit in "dw":
        return (day - base).days % (n * (7 if unit == "w" else 1)) == 0
    months = (day.year - base.year) * 12 + day.month - base.month
    step = n * (12 if unit == "y" else 1)
    return months % step == 0 and day.day == min(base.day, monthrange(day.year, day.month)[1])


@given(
    st.dates(min_value=date(1900, 1, 1), max_value=date(2100, 1, 1)),
    st.sampled_from(["+1d", "+3d", "+1w", "+1m", "+2m", "+1y", ".+5d", "++1w", "+4y"]),
    st.dates(min_value=date(1900, 1, 1), max_value=date(2100, 1, 1)),
)
def test_occurs_in_agrees_with_the_rule(base, rep, day):
    ts = _ts(f"<{base.isoformat()} {rep}>")
    start = dt.combine(day, dt.min.time())
    got = occurs_in(ts, start, start + timedelta(days=1))
    assert (got == start) if _expected_on(base, rep, day) else got is None
