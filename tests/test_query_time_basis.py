"""What carries the time (SPEC §3, §4.3): own stamps and journal structure match, an ordinary
dated parent does not (unless --inherit); repeating plans match where something happened.

The notes are invented in the shape of real collections: a dated meeting with dozens of
undated bullet headings under it, daily habits abandoned years ago, a journal datetree, a
daily file and a ``#+DATE`` note.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from prme_cli import config as config_module
from prme_cli.ingest import ingest_text
from prme_cli.query import Filters, all_records, select
from prme_cli.service import context_for_query
from prme_cli.store import Store

TZ = ZoneInfo("Europe/Berlin")
NOW = datetime(2026, 11, 26, 20, 0, tzinfo=TZ)
INGESTED = datetime(2026, 11, 26, 19, 0, tzinfo=UTC)

_POINTS = [
    "Budget frozen until January",
    "Chen to draft the hiring plan",
    "Ana moves to the data team",
    "Offsite in March, venue open",
]
MEETING = (
    "#+TITLE: Work\n"
    "* Roadmap meeting with the platform team\n"
    "<2026-11-26 Thu 10:00-11:30>\n"
    + "".join(f"** {_POINTS[i % 4]} ({i})\n- said by someone\n" for i in range(45))
    + "** Follow-up call booked\n<2026-11-30 Mon 09:00>\n"
    "* Older project\n"
    "<2026-10-02 Fri>\n"
    "** Lessons learned\n"
)

HABITS = """\
#+TITLE: Habits
* Habits                                                              :habit:
** TODO Practise scales
SCHEDULED: <2019-03-02 Sat .+1d>
:PROPERTIES:
:STYLE:    habit
:LAST_REPEAT: [2019-03-01 Fri 08:10]
:END:
:LOGBOOK:
- State "DONE"       from "TODO"       [2019-03-01 Fri 08:10]
- State "DONE"       from "TODO"       [2019-02-28 Thu 08:05]
:END:
** TODO Stretch
SCHEDULED: <2021-06-01 Tue .+2d/3d>
:PROPERTIES:
:STYLE:    habit
:END:
** TODO Water the plants
SCHEDULED: <2026-11-28 Sat .+3d>
:PROPERTIES:
:LAST_REPEAT: [2026-11-25 Wed 19:00]
:END:
:LOGBOOK:
- State "DONE"       from "TODO"       [2026-11-25 Wed 19:00]
- State "DONE"       from "TODO"       [2026-11-22 Sun 18:30]
:END:
** TODO Pay rent
DEADLINE: <2026-11-26 Thu +1m>
"""

JOURNAL = """\
* 2026
** 2026-11 November
*** 2026-11-25 Wednesday
**** Lunch with Ana at the noodle place
**** Evening: fixed the bike light
[2026-11-25 Wed 21:10]
***** Needed a new battery holder
*** 2026-11-26 Thursday
**** Quiet day, read most of the afternoon
"""

DATED_NOTE = """\
#+TITLE: Reading notes
#+DATE: 2026-11-26
* Chapter one
** The narrator's brother
"""


@pytest.fixture
def store(tmp_path: Path) -> Any:
    s = Store.open(tmp_path / "memory.sqlite3")
    for text, name in (
        (MEETING, "work.org"),
        (HABITS, "habits.org"),
        (JOURNAL, "journal.org"),
        (DATED_NOTE, "reading.org"),
    ):
        assert ingest_text(s, text, name, now=INGESTED).errors == []
    yield s
    s.close()


def since_yesterday() -> tuple[datetime, datetime]:
    return datetime(2026, 11, 25, tzinfo=TZ), NOW


def titles(rows: list[Any]) -> list[str]:
    return [r.title for r in rows]


def by_title(rows: list[Any]) -> dict[str, Any]:
    return {r.title: r for r in rows}


def test_a_dated_meeting_lists_itself_not_its_undated_bullets(store: Store) -> None:
    rows = select(store, window=since_yesterday(), filters=Filters(files=("work.org",)))
    assert titles(rows) == ["Roadmap meeting with the platform team"]
    assert rows[0].matched is not None and rows[0].matched.kind == "active"
    assert rows[0].inherited is False


def test_inherit_adds_the_bullets_and_says_they_inherited(store: Store) -> None:
    rows = select(
        store, window=since_yesterday(), filters=Filters(files=("work.org",), inherit=True)
    )
    assert len(rows) == 46
    found = by_title(rows)
    bullet = found["Budget frozen until January (0)"]
    assert bullet.inherited is True
    assert bullet.matched is not None and bullet.matched.kind == "event"
    assert bullet.matched.label == "ancestor"
    assert bullet.to_json(TZ)["inherited"] is True
    assert found["Roadmap meeting with the platform team"].to_json(TZ)["inherited"] is False


def test_a_child_with_its_own_time_matches_by_it_not_by_the_parent(store: Store) -> None:
    rows = select(store, window=since_yesterday(), filters=Filters(inherit=True))
    assert "Follow-up call booked" not in titles(rows)  # its own time is next Monday
    monday = (datetime(2026, 11, 30, tzinfo=TZ), datetime(2026, 12, 1, tzinfo=TZ))
    assert "Follow-up call booked" in titles(select(store, window=monday))
    # and an old dated project's undated child stays out of today either way
    assert "Lessons learned" not in titles(rows)


def test_journal_days_date_their_entries_and_say_so(store: Store) -> None:
    rows = by_title(select(store, window=since_yesterday(), filters=Filters(files=("journal",))))
    lunch = rows["Lunch with Ana at the noodle place"]
    assert lunch.inherited is True and lunch.matched is not None
    assert (lunch.matched.kind, lunch.matched.label) == ("event", "datetree")
    day = rows["2026-11-25 Wednesday"]
    assert day.inherited is False and day.matched is not None and day.matched.kind == "datetree"
    # an entry with its own stamp matches by it; its undated child by the journal day
    light = rows["Evening: fixed the bike light"]
    assert light.inherited is False and light.matched is not None
    assert light.matched.kind == "inactive"
    assert rows["Needed a new battery holder"].inherited is True


def test_a_date_keyword_dates_the_headings_of_its_file(store: Store) -> None:
    rows = by_title(select(store, window=since_yesterday(), filters=Filters(files=("reading",))))
    brother = rows["The narrator's brother"]
    assert brother.inherited is True and brother.matched is not None
    assert brother.matched.label == "keyword"
    assert rows["Reading notes"].inherited is False  # the file object carries #+DATE itself


def test_habits_abandoned_years_ago_do_not_fill_today(store: Store) -> None:
    today = (datetime(2026, 11, 26, tzinfo=TZ), NOW)
    shown = titles(select(store, window=today, filters=Filters(files=("habits.org",))))
    assert "Practise scales" not in shown
    assert "Stretch" not in shown
    # the projections are still there for agenda questions
    agenda = titles(select(store, window=today, filters=Filters(by="scheduled")))
    assert {"Practise scales", "Stretch"} <= set(agenda)


def test_a_repeating_plan_matches_at_its_base_date_and_its_completions(store: Store) -> None:
    old = (datetime(2019, 3, 1, tzinfo=TZ), datetime(2019, 3, 3, tzinfo=TZ))
    rows = by_title(select(store, window=old))
    scales = rows["Practise scales"]
    assert scales.matched is not None and scales.matched.kind in ("state", "property")
    assert scales.matched.start == datetime(2019, 3, 1, 8, 10)  # done on Mar 1
    base_only = (datetime(2019, 3, 2, tzinfo=TZ), datetime(2019, 3, 3, tzinfo=TZ))
    base = by_title(select(store, window=base_only))["Practise scales"].matched
    assert base is not None and (base.kind, base.start) == ("scheduled", datetime(2019, 3, 2))
    # completions recorded in the LOGBOOK and LAST_REPEAT match under the default basis
    plants = by_title(select(store, window=since_yesterday()))["Water the plants"].matched
    assert plants is not None and plants.kind in ("state", "property")
    assert plants.start == datetime(2026, 11, 25, 19, 0)


def test_a_repeating_deadline_projects_only_when_deadlines_are_asked_for(store: Store) -> None:
    next_month = (datetime(2026, 12, 26, tzinfo=TZ), datetime(2026, 12, 27, tzinfo=TZ))
    assert "Pay rent" not in titles(select(store, window=next_month))
    assert "Pay rent" in titles(select(store, window=next_month, filters=Filters(by="deadline")))
    # union: event plus deadline projects deadlines, not schedules
    both = Filters(by=("event", "deadline"))
    assert "Pay rent" in titles(select(store, window=next_month, filters=both))
    far = (datetime(2026, 11, 27, tzinfo=TZ), datetime(2026, 11, 28, tzinfo=TZ))
    assert "Practise scales" not in titles(select(store, window=far, filters=both))


def test_limited_windows_agree_with_unlimited_ones(store: Store) -> None:
    window = (datetime(2019, 1, 1, tzinfo=TZ), NOW)
    for filters in (Filters(), Filters(inherit=True), Filters(by=("event", "scheduled"))):
        full = select(store, window=window, filters=filters)
        for reverse in (False, True):
            ordered = select(store, window=window, filters=filters, reverse=reverse)
            for limit in (1, 3, 10):
                limited = select(
                    store, window=window, filters=filters, reverse=reverse, limit=limit
                )
                assert [r.id for r in limited] == [r.id for r in ordered][:limit]
        assert len(full) == len({r.id for r in full})


def _context_titles(store: Store, *, reverse: bool = False) -> list[str]:
    window = (datetime(2026, 11, 20, tzinfo=TZ), NOW)
    outcome = context_for_query(
        store,
        config_module.defaults(),
        text=None,
        window=window,
        filters=Filters(),
        fts=False,
        budget=4096,
        limit=None,
        now=NOW,
        tz=TZ,
        reverse=reverse,
    )
    names = {row.id: row.title for row in all_records(store)}
    return [names[record.id] for record in outcome.bundle.records]


def test_context_for_a_window_packs_what_happened_newest_first(store: Store) -> None:
    packed = _context_titles(store)
    # newest first: the 26th before the 25th before the 22nd
    assert packed.index("Quiet day, read most of the afternoon") < packed.index(
        "Lunch with Ana at the noodle place"
    )
    # the rent deadline (a plan) comes after everything that happened, although it is today
    assert packed[-1] == "Pay rent"
    oldest_first = _context_titles(store, reverse=True)
    assert oldest_first.index("Water the plants") < oldest_first.index(
        "Quiet day, read most of the afternoon"
    )
    assert oldest_first[-1] == "Pay rent"
    # abandoned habits never reach the context
    assert "Practise scales" not in packed and "Stretch" not in packed
