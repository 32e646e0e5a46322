"""A heading that names a day is an entry of its own inside a file dated as a whole.

An unseen org set (strangers3) kept one file per week, ``#+DATE:`` the week's Monday and one
heading per day ("Friday 9th", "Wed 28 Feb"): every past-tense deed in the file was dated by
the Monday, three wrong answers accepted. The journal day of ``#+DATE`` or a daily file's
name dates the deeds of a heading only when that heading does not name a day of its own;
the resolver and the gate both read it so (``interpret.is_journal_entry``). A heading with
no day in its title stays dated by the file, and a datetree day is its own heading.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from notes_helpers import ask, notes_store

from prme_cli.store import Store
from prme_cli.timeexpr import parse_now, zone

TZ = zone("UTC")
NOW = parse_now("2038-06-30T20:00", TZ)

WEEK = """#+TITLE: Week of 1 March 2038
#+DATE: 2038-03-01

* Wednesday 3rd
Repainted the garden bench, dark green this time.
* Fri 5 March
Posted the tax forms at the main post office.
* Sat 6th
Took the bikes in for a service.
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


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    notes = {"2038-W09.org": WEEK, "kitchen.org": DAYLESS, "journal.org": DATETREE}
    yield from notes_store(tmp_path_factory.mktemp("weeks"), notes, NOW)


@pytest.mark.parametrize(
    "question",
    [
        "When did I repaint the garden bench?",  # under "Wednesday 3rd"
        "When did I post the tax forms?",  # under "Fri 5 March"
        "When did I take the bikes in for a service?",  # under "Sat 6th"
    ],
)
def test_a_deed_under_a_day_heading_is_not_dated_by_the_files_date(
    store: Store, question: str
) -> None:
    doc = ask(store, question, now=NOW, tz=TZ)
    assert doc["status"] != "accepted" or doc["value"]["date"] != "2038-03-01", doc


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
