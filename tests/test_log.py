"""``prme log`` (issue 11, point 3): what happened by day, clocked time per task, per day, total.

The notes are invented in the shape of a GTD set with many CLOCK lines: tasks clocked over
several days, a session past midnight, a clock left running, a task closed with its state
change, notes taken in the LOGBOOK.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from prme_cli.errors import UsageError
from prme_cli.ingest import ingest_text
from prme_cli.log import build_log, hours_minutes, log_kinds
from prme_cli.query import Filters
from prme_cli.store import Store

TZ = ZoneInfo("Europe/London")
NOW = datetime(2026, 11, 27, 20, 0, tzinfo=TZ)

GTD = """\
#+TODO: TODO NEXT WAITING | DONE CANCELLED
* Thesis                                                               :phd:
** NEXT Write chapter 3
:LOGBOOK:
CLOCK: [2026-11-26 Thu 22:30]--[2026-11-27 Fri 01:15] =>  2:45
CLOCK: [2026-11-26 Thu 09:00]--[2026-11-26 Thu 12:30] =>  3:30
CLOCK: [2026-11-25 Wed 14:00]--[2026-11-25 Wed 15:00] =>  1:00
- Note taken on [2026-11-26 Thu 12:31] \\\\
  Related work section is too long;
  cut the survey part.
CLOCK: [2026-11-23 Mon 23:00]--[2026-11-24 Tue 00:30] =>  1:30
:END:
** DONE Submit the ethics form
CLOSED: [2026-11-26 Thu 16:05]
:LOGBOOK:
- State "DONE"       from "WAITING"    [2026-11-26 Thu 16:05]
CLOCK: [2026-11-26 Thu 15:20]--[2026-11-26 Thu 16:00] =>  0:40
- State "WAITING"    from "TODO"       [2026-11-25 Wed 10:10] \\\\
  Supervisor has to sign first.
:END:
* Admin                                                               :admin:
** TODO Expenses
:LOGBOOK:
CLOCK: [2026-11-27 Fri 19:30]
:END:
** CANCELLED Book the conference hotel
CLOSED: [2026-11-25 Wed 09:00]
:LOGBOOK:
- State "CANCELLED"  from "TODO"       [2026-11-25 Wed 09:00]
:END:
* Habits                                                              :habit:
** TODO Practise scales
SCHEDULED: <2019-03-02 Sat .+1d>
:LOGBOOK:
- State "DONE"       from "TODO"       [2019-03-01 Fri 08:10]
:END:
"""


@pytest.fixture
def store(tmp_path: Path) -> Any:
    s = Store.open(tmp_path / "memory.sqlite3")
    assert ingest_text(s, GTD, "gtd.org", now=datetime(2026, 11, 27, 19, tzinfo=UTC)).errors == []
    yield s
    s.close()


def day(d: int) -> tuple[datetime, datetime]:
    return datetime(2026, 11, d, tzinfo=TZ), datetime(2026, 11, d + 1, tzinfo=TZ)


def week() -> tuple[datetime, datetime]:
    return datetime(2026, 11, 23, tzinfo=TZ), datetime(2026, 11, 28, tzinfo=TZ)


def test_a_day_holds_its_clocks_closings_state_changes_and_notes(store: Store) -> None:
    log = build_log(store, day(26), now=NOW)
    (only,) = log.days
    kinds = [(e.kind, e.row.title) for e in only.entries]
    assert kinds == [
        ("clock", "Write chapter 3"),
        ("note", "Write chapter 3"),
        ("clock", "Submit the ethics form"),
        ("closed", "Submit the ethics form"),
        ("clock", "Write chapter 3"),
    ]
    closed = only.entries[3]
    assert (closed.from_state, closed.state) == ("WAITING", "DONE")  # merged with its change
    note = only.entries[1]
    assert note.text == "Related work section is too long; cut the survey part."
    # 3:30 + 0:40 + the part of the late session before midnight (1:30)
    assert hours_minutes(only.seconds) == "5:40"
    per_task = {t.row.title: hours_minutes(t.seconds) for t in only.tasks}
    assert per_task == {"Write chapter 3": "5:00", "Submit the ethics form": "0:40"}


def test_a_session_past_midnight_is_split_between_the_days(store: Store) -> None:
    log = build_log(
        store, (datetime(2026, 11, 26, tzinfo=TZ), datetime(2026, 11, 28, tzinfo=TZ)), now=NOW
    )
    by_day = {d.day.isoformat(): d for d in log.days}
    friday = [e for e in by_day["2026-11-27"].entries if e.row.title == "Write chapter 3"]
    assert len(friday) == 1 and friday[0].continued
    assert (friday[0].start, friday[0].end) == (
        datetime(2026, 11, 27),
        datetime(2026, 11, 27, 1, 15),
    )
    assert hours_minutes(friday[0].seconds) == "1:15"
    chapter = next(t for t in log.tasks if t.row.title == "Write chapter 3")
    assert hours_minutes(chapter.seconds) == "6:15"  # 3:30 + 2:45 over the 26th and 27th
    assert chapter.entries == 3  # two sessions and a note; the continued part is no entry


def test_clocks_count_only_inside_the_window(store: Store) -> None:
    tuesday = build_log(store, day(24), now=NOW)
    (part,) = tuesday.entries
    assert part.continued and hours_minutes(part.seconds) == "0:30"
    monday = build_log(store, day(23), now=NOW)
    assert hours_minutes(monday.seconds) == "1:00"


def test_a_running_clock_counts_up_to_now(store: Store) -> None:
    friday = build_log(store, day(27), now=NOW)
    running = [e for e in friday.entries if e.running]
    assert [e.row.title for e in running] == ["Expenses"]
    assert hours_minutes(running[0].seconds) == "0:30"  # 19:30 until now, 20:00
    earlier = build_log(store, day(27), now=datetime(2026, 11, 27, 19, 0, tzinfo=TZ))
    assert all(e.seconds == 0 for e in earlier.entries if e.row.title == "Expenses")


def test_the_week_totals_and_the_order_of_tasks(store: Store) -> None:
    log = build_log(store, week(), now=NOW)
    assert [d.day.day for d in log.days] == [23, 24, 25, 26, 27]
    assert hours_minutes(log.seconds) == "9:55"  # 1:30 + 1:00 + 3:30 + 2:45 + 0:40 + 0:30
    assert [t.row.title for t in log.tasks][:3] == [
        "Write chapter 3",
        "Submit the ethics form",
        "Expenses",
    ]
    cancelled = [e for e in log.entries if e.row.title == "Book the conference hotel"]
    assert [(e.kind, e.from_state, e.state) for e in cancelled] == [("closed", "TODO", "CANCELLED")]
    newest = build_log(store, week(), now=NOW, reverse=True)
    assert [d.day.day for d in newest.days] == [27, 26, 25, 24, 23]
    assert newest.days[0].entries[0].start > newest.days[0].entries[-1].start


def test_filters_and_kinds(store: Store) -> None:
    phd = build_log(store, week(), now=NOW, filters=Filters(tags=("PHD",)))
    assert {e.row.title for e in phd.entries} == {"Write chapter 3", "Submit the ethics form"}
    clocks = build_log(store, week(), now=NOW, filters=Filters(by="clock"))
    assert {e.kind for e in clocks.entries} == {"clock"}
    closings = build_log(store, week(), now=NOW, filters=Filters(by=("closed", "note")))
    assert {e.kind for e in closings.entries} == {"closed", "note"}
    with pytest.raises(UsageError, match="not --by scheduled"):
        log_kinds(("scheduled",))
    # a habit's old completions stay in their own day, never in this week
    assert "Practise scales" not in {e.row.title for e in build_log(store, week(), now=NOW).entries}


def test_the_json_document(store: Store) -> None:
    doc = build_log(store, day(26), now=NOW).to_json(TZ)
    assert doc["count"] == 5 and doc["total"] == {"clocked_seconds": 20400, "clocked": "5:40"}
    (entry, *_rest) = doc["days"][0]["entries"]
    assert entry["start"] == "2026-11-26T09:00:00+00:00"
    assert entry["end"] == "2026-11-26T12:30:00+00:00"
    assert entry["clocked"] == "3:30" and entry["task"]["title"] == "Write chapter 3"
    assert {"id", "file", "relpath", "line", "path", "tags", "todo"} <= set(entry["task"])


# -- the command ----------------------------------------------------------------------------------


@pytest.fixture
def logged(cli: Any) -> Any:
    assert cli("ingest", "-", "--name", "gtd.org", stdin=GTD).code == 0
    return cli


def test_log_defaults_to_today(logged: Any) -> None:
    doc = logged("log", "--format", "json").json()
    assert [d["date"] for d in doc["days"]] == ["2026-11-27"]
    assert doc["query"]["window"]["since"] == "today"
    yesterday = logged("log", "yesterday", "--format", "json").json()
    assert [d["date"] for d in yesterday["days"]] == ["2026-11-26"]
    assert yesterday["total"]["clocked"] == "5:40"


def test_log_over_a_window_by_task_and_as_tsv(logged: Any) -> None:
    doc = logged("log", "monday", "today", "--by-task", "--format", "json").json()
    assert doc["query"]["by_task"] is True and doc["total"]["clocked"] == "9:55"
    rows = logged("log", "monday", "today", "--by-task").out.splitlines()
    assert rows[0].split("\t")[1:3] == ["8:45", "31500"]
    entries = [line.split("\t") for line in logged("log", "monday", "today").out.splitlines()]
    assert all(len(fields) == 9 for fields in entries)
    assert ["2026-11-26", "09:00", "12:30", "clock", "", "3:30"] in [e[:6] for e in entries]
    assert ["2026-11-26", "16:05", "", "closed", "WAITING → DONE", ""] in [e[:6] for e in entries]
    table = logged("log", "monday", "today", "--format", "table", env={"COLUMNS": "100"})
    assert "Thu 2026-11-26" in table.out and "total clocked 9:55" in table.out
    assert all(len(line) <= 100 for line in table.out.splitlines())


def test_log_with_nothing_and_with_a_wrong_basis(logged: Any) -> None:
    assert logged("log", "2026-01-05").code == 1
    wrong = logged("log", "--by", "scheduled")
    assert wrong.code == 2 and "prme log shows" in wrong.err
    typo = logged("log", "monday", "today", "--tag", "phdd")
    assert typo.code == 1 and "tags in the store" in typo.err
