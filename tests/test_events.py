"""Events extracted from org structure at ingest, kept in step with re-ingest and tombstones."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from prme_cli.events import title_predicate
from prme_cli.eventstore import events_for
from prme_cli.ingest import ingest_paths
from prme_cli.store import Store

NOW = datetime(2027, 4, 20, 19, 0, tzinfo=ZoneInfo("Europe/Amsterdam"))

GTD = """#+TODO: TODO NEXT STARTED WAITING | DONE CANCELLED
* DONE Repaint the hallway
CLOSED: [2027-02-14 Sun 17:05]
:PROPERTIES:
:CREATED:  [2027-01-30 Sat 10:12]
:END:
:LOGBOOK:
- State "DONE"       from "WAITING"    [2027-02-14 Sun 17:05]
- State "WAITING"    from "STARTED"    [2027-02-10 Wed 09:00]
- State "STARTED"    from "NEXT"       [2027-02-06 Sat 09:40]
- State "NEXT"       from "TODO"       [2027-02-01 Mon 08:00]
CLOCK: [2027-02-06 Sat 09:40]--[2027-02-06 Sat 12:10] =>  2:30
:END:
* CANCELLED Build a shed
CLOSED: [2027-03-10 Wed 20:00]
:LOGBOOK:
- State "CANCELLED"  from "STARTED"    [2027-03-10 Wed 20:00]
- State "STARTED"    from "TODO"       [2027-03-01 Mon 18:30]
:END:
* TODO Feed the sourdough starter
SCHEDULED: <2027-04-18 Sun .+1w>
:LOGBOOK:
- State "DONE"       from "TODO"       [2027-04-11 Sun 09:15]
- State "DONE"       from "TODO"       [2027-04-04 Sun 10:02]
:END:
* TODO Renew the parking permit
DEADLINE: <2027-05-01 Sat>
* Cycling week in Girona
<2027-03-08 Mon>--<2027-03-12 Fri>
* Quarterly planning meeting <2027-04-02 Fri 10:00>
"""


def _ingest(tmp_path: Path, text: str, name: str = "gtd.org") -> Store:
    folder = tmp_path / "notes"
    folder.mkdir(exist_ok=True)
    (folder / name).write_text(text, encoding="utf-8")
    store = Store.open(tmp_path / "s.sqlite3")
    assert not ingest_paths(store, [folder], now=NOW).errors
    return store


def _by_title(store: Store) -> dict[str, list[tuple[str, str | None, str]]]:
    ids = {r[0]: r[1] for r in store.conn.execute("SELECT id, title FROM objects")}
    found = events_for(store.conn, list(ids))
    return {ids[i]: [(e.kind, e.state, e.expression) for e in evs] for i, evs in found.items()}


def test_state_changes_give_start_end_and_cancel(tmp_path: Path) -> None:
    with _ingest(tmp_path, GTD) as store:
        events = _by_title(store)
    hall = events["Repaint the hallway"]
    # NEXT is the first active state after TODO; WAITING is not a start
    assert [e for e in hall if e[0] == "start"] == [("start", "NEXT", "[2027-02-01 Mon 08:00]")]
    assert ("end", "DONE", "[2027-02-14 Sun 17:05]") in hall
    assert ("created", None, "[2027-01-30 Sat 10:12]") in hall
    assert [e[0] for e in hall].count("clock") == 1
    shed = events["Build a shed"]
    assert {e[0] for e in shed} == {"start", "cancel"}  # a cancelled task has no end


OUTCOMES = """#+TODO: DRAFT SUBMITTED | ACCEPTED REJECTED
#+TODO: REPAIR | FIXED SCRAPPED
* ACCEPTED Send the essay to the quarterly
  CLOSED: [2027-03-20 Sat 10:00]
  :LOGBOOK:
  - State "ACCEPTED"   from "SUBMITTED"  [2027-03-20 Sat 10:00]
  - State "SUBMITTED"  from "DRAFT"      [2027-02-02 Tue 21:00]
  :END:
* SCRAPPED Mend the old radio
  CLOSED: [2027-03-05 Fri 16:00]
* FIXED Repair the gate latch
  CLOSED: [2027-03-06 Sat 12:00]
"""


def test_a_closing_by_another_outcome_is_an_outcome_event_not_an_end(tmp_path: Path) -> None:
    with _ingest(tmp_path, OUTCOMES) as store:
        events = _by_title(store)
    essay = events["Send the essay to the quarterly"]
    assert ("outcome", "ACCEPTED", "[2027-03-20 Sat 10:00]") in essay
    assert "end" not in {e[0] for e in essay}
    assert {e[0] for e in events["Mend the old radio"]} == {"outcome"}
    assert ("end", "FIXED", "[2027-03-06 Sat 12:00]") in events["Repair the gate latch"]


def test_repeats_plans_ranges_and_meetings(tmp_path: Path) -> None:
    with _ingest(tmp_path, GTD) as store:
        events = _by_title(store)
    starter = events["Feed the sourdough starter"]
    assert [e[0] for e in starter].count("repeat") == 2
    assert not any(e[0] == "end" for e in starter)
    assert [e[0] for e in events["Renew the parking permit"]] == ["deadline"]
    assert [e[0] for e in events["Cycling week in Girona"]] == ["range"]
    meeting = events["Quarterly planning meeting <2027-04-02 Fri 10:00>"]
    assert [e[0] for e in meeting] == ["single"]


def test_journal_days_date_entries_but_not_containers(tmp_path: Path) -> None:
    journal = (
        "* 2027\n** 2027-03 March\n*** 2027-03-13 Saturday\n**** Museum\nWent to the museum.\n"
    )
    with _ingest(tmp_path, journal, "journal.org") as store:
        events = _by_title(store)
    assert "2027" not in events and "2027-03 March" not in events
    assert [e[0] for e in events["Museum"]] == ["day"]
    assert [e[0] for e in events["2027-03-13 Saturday"]] == ["day"]


def test_reingest_replaces_events_and_tombstones_hide_them(tmp_path: Path) -> None:
    with _ingest(tmp_path, GTD) as store:
        pass
    edited = GTD.replace("[2027-02-14 Sun 17:05]", "[2027-02-15 Mon 17:05]")
    edited = edited.replace("* CANCELLED Build a shed", "* Gone").split("* Gone")[0]
    with _ingest(tmp_path, edited) as store:
        events = _by_title(store)
        dead = store.conn.execute("SELECT count(*) FROM events").fetchone()[0]
    assert ("end", "DONE", "[2027-02-15 Mon 17:05]") in events["Repaint the hallway"]
    assert ("end", "DONE", "[2027-02-14 Sun 17:05]") not in events["Repaint the hallway"]
    assert "Build a shed" not in events  # tombstoned: its events are not read
    assert dead > sum(len(v) for v in events.values())  # kept with the tombstone


def test_a_store_from_before_events_is_read_again(tmp_path: Path) -> None:
    with _ingest(tmp_path, GTD) as store, store.transaction() as conn:
        # what a store written before migration 0020 looks like
        conn.execute("DROP TABLE events")
        conn.execute("DELETE FROM migrations WHERE name IN ('0020_events', '0022_text_events')")
    with Store.open(tmp_path / "s.sqlite3") as store:
        assert store.conn.execute("SELECT count(*) FROM events").fetchone()[0] == 0
        report = ingest_paths(store, [tmp_path / "notes"], now=NOW)
        assert report.files_ingested == 1 and report.nodes_changed == 0
        assert "Repaint the hallway" in _by_title(store)


@pytest.mark.parametrize(
    ("title", "predicate"),
    [
        ("Migrate the billing service to Postgres", "migrate"),
        ("Renovate the kitchen", "renovate"),
        ("Dentist check-up", "check-up"),
        ("Kickoff meeting for version 2.0 <2026-06-29 Mon 10:00>", "meet"),
        ("Car inspection", "inspect"),
        ("Porto", ""),
    ],
)
def test_title_predicate_is_the_verb_or_event_noun(title: str, predicate: str) -> None:
    assert title_predicate(title)[0] == predicate
