"""Events stay true after an upgrade: each file records the extraction rules its events were
read with (``files.events_version``, :data:`prme_cli.events.EXTRACTION_VERSION`); an ingest
re-reads the files read by other rules although their bytes are unchanged, never the files of
the current rules, and ``prme doctor`` says when a store holds such files.

The notes are invented for these tests. A store "made by an older prme" is made the way one
would look: the same rows with another version (or, before migration ``0028``, no column),
and events the old rules would have stored (a predicate no rule of today writes, a missing
row).
"""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from prme_cli import eventstore
from prme_cli import ingest as ingest_mod
from prme_cli.events import EXTRACTION_VERSION
from prme_cli.ingest import IngestInterrupted, ingest_paths, ingest_text, stale_event_files
from prme_cli.store import Store

NOW = datetime(2026, 11, 20, 9, 0, tzinfo=UTC)
OLD_RULE = "old-rule-predicate"

GARDEN = """#+TITLE: Garden log
* 2026-10-03 Sat
I repotted the fig tree and Maren helped me carry it to the porch.
* 2026-10-05 Mon
We planted garlic along the fence after lunch.
* 2026-10-09 Fri
Yesterday I pruned the roses; the neighbour lent me his shears.
"""

BIKE = """* DONE Replace the bike chain
  CLOSED: [2026-10-10 Sat 18:00]
  :LOGBOOK:
  - State "DONE"       from "TODO"       [2026-10-10 Sat 18:00]
  :END:
Bought the chain at the shop on Friday and fitted it on Saturday.
* Ride to the lake
I cycled to the lake with Ines last Sunday.
"""


def _notes(root: Path) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    (root / "garden.org").write_text(GARDEN, encoding="utf-8")
    (root / "bike.org").write_text(BIKE, encoding="utf-8")
    return root


def _event_rows(db: Path, name: str) -> list[tuple[Any, ...]]:
    """Every stored event of the file called ``name``, with its row id first."""
    with sqlite3.connect(db) as conn:
        return conn.execute(
            "SELECT e.* FROM events e JOIN objects o ON o.pk = e.obj "
            "JOIN files f ON f.file_id = o.file_id WHERE f.path LIKE ? ORDER BY e.event_id",
            ("%/" + name,),
        ).fetchall()


def _without_ids(rows: list[tuple[Any, ...]]) -> list[tuple[Any, ...]]:
    return [row[1:] for row in rows]


def _versions(db: Path) -> dict[str, int | None]:
    with sqlite3.connect(db) as conn:
        return {
            Path(path).name: version
            for path, version in conn.execute("SELECT path, events_version FROM files")
        }


def _age(db: Path, name: str, version: int | None) -> None:
    """Make ``name``'s events look as an older prme left them: another version, a predicate
    no current rule writes, and one text event fewer."""
    with sqlite3.connect(db) as conn:
        file_id = conn.execute(
            "SELECT file_id FROM files WHERE path LIKE ?", ("%/" + name,)
        ).fetchone()[0]
        conn.execute("UPDATE files SET events_version = ? WHERE file_id = ?", (version, file_id))
        objs = "SELECT pk FROM objects WHERE file_id = ?"
        conn.execute(
            f"UPDATE events SET predicate = ? WHERE obj IN ({objs}) AND source = 'text'",
            (OLD_RULE, file_id),
        )
        conn.execute(
            f"DELETE FROM events WHERE event_id = (SELECT max(event_id) FROM events "
            f"WHERE obj IN ({objs}) AND source = 'text')",
            (file_id,),
        )


def _summary(stderr: str) -> dict[str, int]:
    line = next(line for line in stderr.splitlines() if line.startswith("ingest: "))
    return {k: int(v) for k, v in (item.split("=") for item in line.split()[1:])}


def _prme(*args: str, store: Path) -> subprocess.CompletedProcess[str]:
    exe = shutil.which("prme") or str(Path(sys.executable).parent / "prme")
    env = {k: v for k, v in os.environ.items() if not k.startswith("PRME_")}
    env.update(PRME_STORE=str(store), PRME_NOW=NOW.isoformat(), PRME_TZ="UTC")
    return subprocess.run(
        [exe, *args], capture_output=True, text=True, env=env, check=False, timeout=300
    )


# -- the installed prme on a real store file --------------------------------------------------


def test_an_older_version_s_events_are_rewritten_by_the_next_ingest(tmp_path: Path) -> None:
    notes = _notes(tmp_path / "notes")
    db = tmp_path / "memory.sqlite3"
    first = _prme("ingest", str(notes), store=db)
    assert first.returncode == 0, first.stderr
    fresh = _event_rows(db, "garden.org")
    bike = _event_rows(db, "bike.org")
    assert any(row[2] == "text" for row in fresh), "the garden notes must have text events"
    assert _versions(db) == {"garden.org": EXTRACTION_VERSION, "bike.org": EXTRACTION_VERSION}

    _age(db, "garden.org", EXTRACTION_VERSION - 1)
    assert _without_ids(_event_rows(db, "garden.org")) != _without_ids(fresh)
    again = _prme("ingest", store=db)  # re-ingest every known root, as cron does
    assert again.returncode == 0, again.stderr
    counts = _summary(again.stderr)
    assert counts["files_reextracted"] == 1
    assert counts["files_unchanged"] == 1 and counts["files_ingested"] == 1
    assert "were read again" in again.stderr
    rewritten = _event_rows(db, "garden.org")
    assert _without_ids(rewritten) == _without_ids(fresh)
    assert all(OLD_RULE not in row for row in rewritten)
    assert _versions(db)["garden.org"] == EXTRACTION_VERSION
    # the file of the current rules was not touched: the very same rows
    assert _event_rows(db, "bike.org") == bike

    third = _prme("ingest", store=db)
    assert third.returncode == 0, third.stderr
    assert _summary(third.stderr)["files_reextracted"] == 0
    assert _summary(third.stderr)["files_unchanged"] == 2
    assert _event_rows(db, "garden.org") == rewritten


def test_a_store_from_before_the_version_column_is_reported_then_read_again(
    tmp_path: Path,
) -> None:
    notes = _notes(tmp_path / "notes")
    db = tmp_path / "memory.sqlite3"
    assert _prme("ingest", str(notes), store=db).returncode == 0
    with sqlite3.connect(db) as conn:  # what a store of the previous release looks like
        conn.execute("ALTER TABLE files DROP COLUMN events_version")
        conn.execute("DELETE FROM migrations WHERE name = '0028_events_version'")
    doctor = _prme("doctor", store=db)
    assert doctor.returncode == 0, doctor.stdout + doctor.stderr  # a warning, not a failure
    line = next(line for line in doctor.stdout.splitlines() if "events:" in line)
    assert line.startswith("warn")
    assert "2 of 2 files" in line and "`prme ingest`" in line

    again = _prme("ingest", store=db)
    assert again.returncode == 0, again.stderr
    assert _summary(again.stderr)["files_reextracted"] == 2
    assert set(_versions(db).values()) == {EXTRACTION_VERSION}
    doctor = _prme("doctor", "--format", "json", store=db)
    check = next(c for c in json.loads(doctor.stdout) if c["name"] == "events")
    assert check["ok"] and "2 files read by extraction rules" in check["detail"]


def test_doctor_names_stdin_files_that_only_a_pipe_can_refresh(tmp_path: Path) -> None:
    db = tmp_path / "memory.sqlite3"
    piped = subprocess.run(
        [shutil.which("prme") or str(Path(sys.executable).parent / "prme"), "ingest", "-"],
        input=BIKE,
        capture_output=True,
        text=True,
        env={**os.environ, "PRME_STORE": str(db), "PRME_NOW": NOW.isoformat(), "PRME_TZ": "UTC"},
        check=False,
    )
    assert piped.returncode == 0, piped.stderr
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE files SET events_version = ?", (EXTRACTION_VERSION - 1,))
    doctor = _prme("doctor", store=db)
    line = next(line for line in doctor.stdout.splitlines() if "events:" in line)
    assert "1 of 1 files" in line and "stdin" in line and "--name" in line


# -- in the library: the work counted, interrupts -----------------------------------------------


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Titles of the headings whose words the text-event reader reads."""
    read: list[str] = []
    real = eventstore.node_text_events

    def counting(title: str, body: str, **kwargs: Any) -> Any:
        read.append(title or body[:20])
        return real(title, body, **kwargs)

    monkeypatch.setattr(eventstore, "node_text_events", counting)
    return read


def test_unchanged_files_of_the_current_version_are_not_read_again(
    tmp_path: Path, counted: list[str]
) -> None:
    notes = _notes(tmp_path / "notes")
    with Store.open(tmp_path / "memory.sqlite3") as store:
        ingest_paths(store, [notes], now=NOW)
        assert len(counted) >= 5
        counted.clear()
        report = ingest_paths(store, [notes], now=NOW)
        assert (report.files_unchanged, report.files_ingested, report.files_reextracted) == (
            2,
            0,
            0,
        )
        assert counted == []
        # hashed instead of trusted by size and mtime: still nothing read again
        store.conn.execute("UPDATE files SET mtime_ns = NULL")
        report = ingest_paths(store, [notes], now=NOW)
        assert report.files_unchanged == 2 and counted == []
        assert stale_event_files(store) == (2, 0, 0)


def test_files_of_another_version_are_read_again_every_heading(
    tmp_path: Path, counted: list[str]
) -> None:
    notes = _notes(tmp_path / "notes")
    with Store.open(tmp_path / "memory.sqlite3") as store:
        ingest_paths(store, [notes], now=NOW)
        first = len(counted)
        counted.clear()
        store.conn.execute("UPDATE files SET events_version = ?", (EXTRACTION_VERSION + 1,))
        assert stale_event_files(store) == (2, 2, 0)
        report = ingest_paths(store, [notes], now=NOW)
        assert report.files_reextracted == 2 and report.files_ingested == 2
        # every heading read again, none kept by the unchanged-heading shortcut
        assert len(counted) == first
        # the objects themselves did not change: no new version, nothing added
        assert report.nodes_unchanged > 0 and report.nodes_changed == report.nodes_added == 0
        assert stale_event_files(store) == (2, 0, 0)


def test_a_changed_file_of_an_older_version_is_not_counted_as_reextracted(
    tmp_path: Path,
) -> None:
    notes = _notes(tmp_path / "notes")
    with Store.open(tmp_path / "memory.sqlite3") as store:
        ingest_paths(store, [notes], now=NOW)
        store.conn.execute("UPDATE files SET events_version = NULL")
        (notes / "bike.org").write_text(BIKE + "* Pump the tyres\n", encoding="utf-8")
        report = ingest_paths(store, [notes], now=NOW)
        assert report.files_ingested == 2 and report.files_reextracted == 1


def test_text_from_stdin_of_an_older_version_is_read_again_when_piped_again(
    tmp_path: Path, counted: list[str]
) -> None:
    with Store.open(tmp_path / "memory.sqlite3") as store:
        ingest_text(store, GARDEN, name="garden.org", now=NOW)
        store.conn.execute("UPDATE files SET events_version = 0")
        assert stale_event_files(store) == (1, 1, 1)
        counted.clear()
        report = ingest_text(store, GARDEN, name="garden.org", now=NOW)
        assert report.files_reextracted == 1 and len(counted) >= 3
        assert stale_event_files(store) == (1, 0, 0)


def test_an_interrupted_reextraction_leaves_each_file_old_or_new(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    notes = _notes(tmp_path / "notes")
    db = tmp_path / "memory.sqlite3"
    with Store.open(db) as store:
        ingest_paths(store, [notes], now=NOW)
    fresh = {name: _event_rows(db, name) for name in ("garden.org", "bike.org")}
    for name in fresh:
        _age(db, name, EXTRACTION_VERSION - 1)
    old = {name: _event_rows(db, name) for name in fresh}

    real = ingest_mod.node_event_rows

    def interrupting(pk: int, node: Any, *args: Any, **kwargs: Any) -> Any:
        if node.title == "Ride to the lake":  # bike.org's second heading: mid-file
            raise KeyboardInterrupt
        return real(pk, node, *args, **kwargs)

    monkeypatch.setattr(ingest_mod, "node_event_rows", interrupting)
    with Store.open(db) as store, pytest.raises(IngestInterrupted):
        ingest_paths(store, [notes], now=NOW)
    versions = _versions(db)
    # bike.org was being written: wholly as it was, its old version with it
    assert _event_rows(db, "bike.org") == old["bike.org"]
    assert versions["bike.org"] == EXTRACTION_VERSION - 1
    # garden.org (before or after it) is wholly old or wholly new, never a mix
    garden = _event_rows(db, "garden.org")
    if versions["garden.org"] == EXTRACTION_VERSION:
        assert _without_ids(garden) == _without_ids(fresh["garden.org"])
    else:
        assert garden == old["garden.org"]

    monkeypatch.setattr(ingest_mod, "node_event_rows", real)
    with Store.open(db) as store:
        report = ingest_paths(store, [notes], now=NOW)
        assert stale_event_files(store) == (2, 0, 0)
    assert report.files_reextracted == (2 if versions["garden.org"] != EXTRACTION_VERSION else 1)
    for name, rows in fresh.items():
        assert _without_ids(_event_rows(db, name)) == _without_ids(rows)
