"""A heading that names a day is that day's entry inside a file or week dated as a whole.

People keep one file per week (``#+DATE:`` the week's Monday, one heading per day: "Mon 26
Feb", "Tuesday 6th", "Fri 1 June", "Wednesday"), as org-journal's weekly files do. Ingest
reads each such title with the one time engine, leaning forward from the file's date within a
plausible span (:func:`prme_cli.org.heading_day`), and dates the heading — and the headings
under it — by that day, as a datetree day. A title whose day cannot be placed (it disagrees
with itself, lies months after the file's date, or is unreadable) is dated neither by itself
nor by the file: relate refuses its deeds. The gate checks the same by its own method: the
day a record is dated by must carry the weekday, month and day its nearest day-naming
heading says.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime, timedelta

import pytest
from notes_helpers import ask, gate_check, notes_store

from prme_cli.org import (
    KEYWORD_DAY_SPAN,
    NAMED_DAY,
    NO_DAY,
    UNPLACED_DAY,
    heading_day,
    parse_org,
)
from prme_cli.relate.types import EvidenceRecord, Operand
from prme_cli.store import Store
from prme_cli.timeexpr import parse_now, zone

TZ = zone("UTC")
NOW = parse_now("2038-06-30T20:00", TZ)

#: 2038-03-01 is a Monday.
WEEK = """#+TITLE: Week of 1 March 2038
#+DATE: 2038-03-01

* Wednesday 3rd
Repainted the garden bench, dark green this time.
* Fri 5 March
Posted the tax forms at the main post office.
* Sat 6th
Took the bikes in for a service.
"""

#: Another style: ISO-ish day headings, a weekday alone, a child heading under a day.
WEEK_ISO = """#+TITLE: KW 11
#+DATE: [2038-03-15 Mon]

* Tue 16/3
Sharpened the lawnmower blades.
* Thursday
Returned the library books.
** Evening
Baked the rye loaf, the first in months.
* 2038-03-20 Sat
Cleared the gutters on the shed.
"""

#: Headings whose day cannot be placed: the weekday disagrees with the date, a day months
#: after the file's date, a month alone.
WRONG = """#+TITLE: Week of 5 April 2038
#+DATE: 2038-04-05

* Tuesday 9th
Fixed the squeaky hinge on the pantry door.
* Fri 7 April
Hung the new curtains in the study.
* Sat 20 November
Cleaned the chimney flue.
* May plans
Bought the seed potatoes for the allotment.
"""

DAYLESS = """#+TITLE: Kitchen notes
#+DATE: 2038-04-12

* The tiles
Ordered the blue tiles from the shop in Lund.
"""

DATETREE = """* 2038
** 2038-05 May
*** 2038-05-07 Friday
Planted the tomato seedlings out.
"""

#: A week tree: a day heading under ``2038-W22`` (Monday 2038-05-31); notes under a week or
#: a month that name no day; a datetree day's child.
WEEK_TREE = """* 2038
** 2038-W22
*** Thu 3 June
Varnished the front door.
*** Odds and ends
Oiled the squeaky gate.
*** 2038-06-04 Friday
**** Garden
Mowed the back lawn.
** 2038-W23
Descaled the kettle.
** 2038-07 July
*** House
Replaced the bathroom fan.
"""


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    notes = {
        "2038-W09.org": WEEK,
        "week11.org": WEEK_ISO,
        "2038-W14.org": WRONG,
        "kitchen.org": DAYLESS,
        "journal.org": DATETREE,
        "weektree.org": WEEK_TREE,
    }
    yield from notes_store(tmp_path_factory.mktemp("weeks"), notes, NOW)


@pytest.mark.parametrize(
    ("question", "day"),
    [
        ("When did I repaint the garden bench?", "2038-03-03"),  # "Wednesday 3rd"
        ("When did I post the tax forms?", "2038-03-05"),  # "Fri 5 March"
        ("When did I take the bikes in for a service?", "2038-03-06"),  # "Sat 6th"
        ("When did I sharpen the lawnmower blades?", "2038-03-16"),  # "Tue 16/3"
        ("When did I return the library books?", "2038-03-18"),  # "Thursday" after Monday 15th
        ("When did I bake the rye loaf?", "2038-03-18"),  # under "Thursday" / "Evening"
        ("When did I clear the gutters on the shed?", "2038-03-20"),  # "2038-03-20 Sat"
        ("When did I varnish the front door?", "2038-06-03"),  # a week tree's "Thu 3 June"
        ("When did I mow the back lawn?", "2038-06-04"),  # under a datetree day
    ],
)
def test_a_deed_under_a_day_heading_is_dated_by_that_day(
    store: Store, question: str, day: str
) -> None:
    doc = ask(store, question, now=NOW, tz=TZ)
    assert doc["status"] == "accepted", doc
    assert doc["value"]["date"] == day


@pytest.mark.parametrize(
    "question",
    [
        "When did I fix the squeaky hinge?",  # "Tuesday 9th": 2038-04-09 is a Friday
        "When did I hang the new curtains?",  # "Fri 7 April": 2038-04-07 is a Wednesday
        "When did I clean the chimney flue?",  # "Sat 20 November": months after the file
        "When did I buy the seed potatoes?",  # "May plans": a month, not a day
    ],
)
def test_a_heading_whose_day_cannot_be_placed_is_refused(store: Store, question: str) -> None:
    doc = ask(store, question, now=NOW, tz=TZ)
    assert doc["status"] != "accepted", doc


@pytest.mark.parametrize(
    "question",
    [
        "When did I oil the squeaky gate?",  # under "2038-W22" / "Odds and ends"
        "When did I descale the kettle?",  # the body of "2038-W23" itself
        "When did I replace the bathroom fan?",  # under "2038-07 July" / "House"
    ],
)
def test_a_note_under_a_datetree_week_or_month_is_not_dated_by_its_first_day(
    store: Store, question: str
) -> None:
    doc = ask(store, question, now=NOW, tz=TZ)
    assert doc["status"] != "accepted", doc


@pytest.mark.parametrize(
    ("question", "day"),
    [
        ("When did I order the blue tiles?", "2038-04-12"),
        ("When did I plant the tomato seedlings out?", "2038-05-07"),
    ],
)
def test_a_heading_without_a_day_and_a_datetree_day_keep_their_journal_date(
    store: Store, question: str, day: str
) -> None:
    doc = ask(store, question, now=NOW, tz=TZ)
    assert doc["status"] == "accepted", doc
    assert doc["value"]["date"] == day


# --------------------------------------------------------------------------- ingest's dating

MONDAY = datetime(2038, 3, 1)


@pytest.mark.parametrize(
    ("title", "day"),
    [
        ("Mon 1 Mar", datetime(2038, 3, 1)),
        ("Wednesday 3rd", datetime(2038, 3, 3)),
        ("Fri 5 March", datetime(2038, 3, 5)),
        ("Sunday", datetime(2038, 3, 7)),  # a weekday alone: the first on or after Monday
        ("Tuesday standup", datetime(2038, 3, 2)),
        ("Friday 9th April", datetime(2038, 4, 9)),  # within six weeks
        ("Monday, 8 March 2038", datetime(2038, 3, 8)),
    ],
)
def test_heading_day_reads_a_title_forward_from_the_files_date(title: str, day: datetime) -> None:
    assert heading_day(title, MONDAY, KEYWORD_DAY_SPAN) == (NAMED_DAY, day)


@pytest.mark.parametrize(
    "title",
    [
        "Wednesday 9th",  # 2038-03-09 is a Tuesday; the next Wednesday 9th is months away
        "Thu 5 March",  # 2038-03-05 is a Friday
        "Sat 20 November",  # past the span
        "Mon 22 Feb",  # before the file's date (next year's is past the span)
        "March",  # a month, not a day
        "Mon 1 Mar or Tue 2 Mar",  # two days
        "the 14th",  # an ordinal the engine does not place alone
    ],
)
def test_heading_day_refuses_what_it_cannot_place(title: str) -> None:
    assert heading_day(title, MONDAY, KEYWORD_DAY_SPAN) == (UNPLACED_DAY, None)


@pytest.mark.parametrize("title", ["The tiles", "Chapter 11", "Ideas for the garden"])
def test_heading_day_finds_no_day_in_a_plain_title(title: str) -> None:
    assert heading_day(title, MONDAY, KEYWORD_DAY_SPAN) == (NO_DAY, None)


def test_a_daily_files_name_dates_only_its_own_day() -> None:
    text = "* Monday prep\nLaid out the slides.\n* Today\nWrote the summary.\n"
    parsed = parse_org(text, "/notes/2038-03-07.org")  # a Sunday
    prep, today = parsed.nodes[1], parsed.nodes[2]
    # "Monday" would be the next day: outside a daily file's one day, so not re-dated
    assert (prep.event_time, prep.event_source) == (datetime(2038, 3, 7), "filename")
    # the file's own day named again changes nothing
    assert (today.event_time, today.event_source) == (datetime(2038, 3, 7), "filename")


def test_ingest_dates_day_headings_and_their_children_as_datetree_days() -> None:
    parsed = parse_org(WEEK_ISO, "/notes/week11.org")
    got = {n.title: (n.event_time, n.event_source) for n in parsed.nodes[1:]}
    assert got["Thursday"] == (datetime(2038, 3, 18), "datetree")
    assert got["Evening"] == (datetime(2038, 3, 18), "datetree")
    assert got["2038-03-20 Sat"] == (datetime(2038, 3, 20), "datetree")
    wrong = {n.title: (n.event_time, n.event_source) for n in parse_org(WRONG, "/w.org").nodes}
    assert wrong["Tuesday 9th"] == (datetime(2038, 4, 5), "keyword")


# --------------------------------------------------------------------------- the gate


def _gate(title: str, when: datetime, source: str, path: tuple[str, ...] = ()) -> float:
    quote = "Fixed the squeaky hinge on the pantry door."
    record = EvidenceRecord(
        id="r1", event_time=when, text=quote, title=title, event_source=source, path=path
    )
    operand = Operand("fix the squeaky hinge", "r1", quote, "Fixed", "event_time")
    return gate_check("When did I fix the squeaky hinge?", record, operand)


@pytest.mark.parametrize(
    ("title", "when", "source", "path"),
    [
        ("Friday 9th", datetime(2038, 4, 9), "datetree", ()),
        ("Mon 26 Feb", datetime(2035, 2, 26), "datetree", ()),
        ("Pantry", datetime(2038, 4, 9), "datetree", ("Fri 9 April",)),
        ("Pantry", datetime(2038, 4, 12), "keyword", ()),
        ("Garden", datetime(2038, 6, 4), "datetree", ("2038", "2038-W22", "2038-06-04 Friday")),
        # a datetree day's ISO date decides, whatever its (mistyped) day name says
        ("2038-04-13 Wednesday", datetime(2038, 4, 13), "datetree", ()),
    ],
)
def test_gate_accepts_a_day_the_heading_names(
    title: str, when: datetime, source: str, path: tuple[str, ...]
) -> None:
    assert _gate(title, when, source, path) >= 0.85


@pytest.mark.parametrize(
    ("title", "when", "source", "path"),
    [
        # a week's file dated by its Monday, a heading naming Friday
        ("Friday 9th", datetime(2038, 4, 5), "keyword", ()),
        ("Fri 9 April", datetime(2038, 4, 5), "datetree", ()),  # even as a datetree day
        ("Wed 28 Feb", datetime(2035, 2, 26), "keyword", ()),
        ("Pantry", datetime(2038, 4, 5), "datetree", ("Thursday",)),  # the parent's day
        ("2038-04-13 Tuesday", datetime(2038, 4, 12), "datetree", ()),
        # a note under a datetree week or month: the period's first day is not its day
        ("Odds and ends", datetime(2038, 5, 31), "datetree", ("2038", "2038-W22")),
        ("House", datetime(2038, 7, 1), "datetree", ("2038", "2038-07 July")),
        ("2038-W23", datetime(2038, 6, 7), "datetree", ("2038",)),
    ],
)
def test_gate_refuses_a_day_the_heading_does_not_name(
    title: str, when: datetime, source: str, path: tuple[str, ...]
) -> None:
    assert _gate(title, when, source, path) < 0.85


def test_span_of_a_keyword_date_is_about_six_weeks() -> None:
    assert timedelta(weeks=5) < KEYWORD_DAY_SPAN <= timedelta(weeks=7)


@pytest.mark.parametrize(
    ("title", "when", "path", "agrees"),
    [
        ("Friday 9th", datetime(2038, 4, 9), (), True),
        ("Friday 9th", datetime(2038, 4, 5), (), False),
        ("Pantry", datetime(2038, 4, 9), ("Fri 9 April",), True),
        ("2038-04-13 Wednesday", datetime(2038, 4, 13), (), True),
        ("Odds and ends", datetime(2038, 5, 31), ("2038", "2038-W22"), False),
        ("House", datetime(2038, 7, 1), ("2038", "2038-07 July"), False),
        ("Garden", datetime(2038, 6, 4), ("2038", "2038-W22", "2038-06-04 Friday"), True),
    ],
)
def test_the_gates_own_reading_of_day_headings(
    title: str, when: datetime, path: tuple[str, ...], agrees: bool
) -> None:
    # the gate's own method alone, without the resolver's reading it also consults
    from prme_cli.relate.symbolic.gate import _day_heading_agrees

    record = EvidenceRecord(
        id="r1", event_time=when, text="x", title=title, event_source="datetree", path=path
    )
    assert _day_heading_agrees(record) is agrees
