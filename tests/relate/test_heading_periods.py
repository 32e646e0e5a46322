"""A heading that fixes a week or a month dates the bare days written beneath it.

A diary kept one heading per month ("* September 2041", "* 2041-10 October") or a weekly
review kept one heading per week ("* Week 38 (2041-09-16 – 2041-09-22)", "* 2041-W40")
gives its notes no day of writing. "On the 4th" or "on Wednesday" there is the one such day
inside the period: read back from a datetree's first day (where ``event_time`` sits) it was
last month's 4th, last week's Wednesday. Words that need the day of writing ("yesterday",
"the 27th" under a week that holds none) date nothing; a heading with a stamp of its own is
read from its stamp; a future clause stays a plan.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime
from typing import Any

import pytest
from notes_helpers import ask as ask_notes
from notes_helpers import notes_store

from prme_cli.relate.period import title_period
from prme_cli.store import Store
from prme_cli.timeexpr import parse_now, zone

TZ = zone("UTC")
NOW = parse_now("2041-12-01T20:00", TZ)
# September 2041: Wednesday the 4th, Tuesday the 10th; week 38 runs Monday 16 to Sunday 22;
# week 40 Monday 30 September to Sunday 6 October.

NOTES = {
    "diary.org": "#+title: Diary\n\n"
    "* September 2041\n"
    "On the 4th I repaired the shed roof, at last.\n\n"
    "Tuesday the 10th Lena and I walked the coast path to the lighthouse.\n\n"
    "Yesterday I painted the garden gate.\n\n"
    "I'm seeing the optician on the 28th.\n"
    "** [2041-09-25 Wed] Bank\n"
    "Rang the bank about the loan on Monday.\n"
    "* 2041-10 October\n"
    "I sold the rowing machine on the 12th, to a neighbour.\n"
    "* Spring 2041\n"
    "On the 3rd I planted the apple tree.\n"
    "* November\n"
    "On the 6th I cleared the gutters.\n",
    "weekly.org": "#+title: Weekly reviews\n\n"
    "* Week 38 (2041-09-16 – 2041-09-22)\n"
    "** Done\n"
    "- Renewed the parking permit on Wednesday.\n"
    "- Posted the birthday parcel on the 27th.\n"
    "- Fixed the bathroom tap last week.\n"
    "* 2041-W40\n"
    "- Collected the new glasses on Friday.\n",
}


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("heading-periods"), NOTES, NOW)


def ask(store: Store, question: str) -> dict[str, Any]:
    return ask_notes(store, question, now=NOW, tz=TZ)


@pytest.mark.parametrize(
    ("question", "day"),
    [
        ("When did I repair the shed roof?", "2041-09-04"),
        ("When did Lena and I walk the coast path to the lighthouse?", "2041-09-10"),
        ("When did I sell the rowing machine?", "2041-10-12"),
        ("When did I renew the parking permit?", "2041-09-18"),
        ("When did I collect the new glasses?", "2041-10-04"),
        ("When did I fix the bathroom tap?", None),  # "last week": week 37, not a day
        ("When did I ring the bank about the loan?", "2041-09-23"),  # from its own stamp
    ],
)
def test_bare_days_under_a_week_or_month_heading_are_that_periods_days(
    store: Store, question: str, day: str | None
) -> None:
    doc = ask(store, question)
    if day is None:
        assert doc["status"] != "accepted" or doc["value"]["grain"] == "week", doc
        if doc["status"] == "accepted":
            assert doc["value"]["start"].startswith("2041-09-09"), doc
        return
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["date"] == day


@pytest.mark.parametrize(
    "question",
    [
        "When did I paint the garden gate?",  # "yesterday": the day of writing is not told
        "When did I post the birthday parcel?",  # the 27th: not in week 38
        "When did I see the optician?",  # told as coming
        "When did I plant the apple tree?",  # a season is no month of notes
        "When did I clear the gutters?",  # "November" without a year fixes no month
    ],
)
def test_times_the_period_does_not_fix_date_nothing(store: Store, question: str) -> None:
    doc = ask(store, question)
    assert doc["status"] != "accepted", doc["value"]


@pytest.mark.parametrize(
    ("title", "expected"),
    [
        ("March 2039", (datetime(2039, 3, 1), datetime(2039, 4, 1), "month")),
        ("2039-03 March", (datetime(2039, 3, 1), datetime(2039, 4, 1), "month")),
        ("Notes, June 2039", (datetime(2039, 6, 1), datetime(2039, 7, 1), "month")),
        ("2039-W19", (datetime(2039, 5, 9), datetime(2039, 5, 16), "week")),
        (
            "Week 19 (2039-05-09 – 2039-05-15)",
            (datetime(2039, 5, 9), datetime(2039, 5, 16), "week"),
        ),
        ("Week of 9 May 2039", (datetime(2039, 5, 9), datetime(2039, 5, 16), "week")),
    ],
)
def test_titles_that_fix_a_week_or_a_month(
    title: str, expected: tuple[datetime, datetime, str]
) -> None:
    assert title_period(title) == expected


@pytest.mark.parametrize(
    "title",
    [
        "Week 20 (2039-05-09 – 2039-05-15)",  # the number and the dates disagree
        "Spring 2039",
        "2039",
        "2039-05-09 Monday",
        "Tuesday",
        "Week 19",
        "May",
    ],
)
def test_titles_that_fix_no_week_or_month(title: str) -> None:
    found = title_period(title)
    assert found is None or found[2] == "day", found


COUNTED_NOTES = {
    "diary.org": "* September 2041\n"
    "On the 4th I returned the keys of the old studio to Mr Okafor, and the deposit came "
    "back a week later, all of it.\n",
    "weekly.org": "* Week 45 (2041-11-04 – 2041-11-10)\n"
    "** Next\n"
    "- My cousin's christening in Porto on Friday the 20th of December. Flights booked.\n"
    "- The boiler service on Friday the 21st of December.\n",
}


@pytest.fixture(scope="module")
def counted(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("heading-periods-counted"), COUNTED_NOTES, NOW)


def test_a_time_counted_from_a_bare_day_of_the_month_heading(counted: Store) -> None:
    # the gate reads "on the 4th" inside the heading's month to check "a week later"
    doc = ask(counted, "When did my deposit come back?")
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["date"] == "2041-09-11"


def test_a_weekday_beside_a_date_is_found_near_the_notes_year(counted: Store) -> None:
    # Friday 20 December is a Friday in 2041, not in the finder's default 2020
    doc = ask(counted, "When am I going to my cousin's christening in Porto?")
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["date"] == "2041-12-20"
    # the 21st of December 2041 is a Saturday: the words disagree, nothing is dated
    assert ask(counted, "When is the boiler service?")["status"] != "accepted"
