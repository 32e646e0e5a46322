"""Each file's own TODO keyword sets are kept in the store (``files.todo_keywords``,
migration ``0029_file_todo_keywords``), for relate to read its headings by: written by every
ingest, changed when the file's keyword lines change, filled in for a store made before the
migration without reading its unchanged files again, and ``prme doctor`` stays quiet.

The notes are invented for these tests.
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

from prme_cli.events import FileKeywords
from prme_cli.ingest import ingest_paths
from prme_cli.query import file_keywords
from prme_cli.store import Store

NOW = datetime(2026, 11, 20, 9, 0, tzinfo=UTC)

ERRANDS = """#+TITLE: Errands
#+TODO: ORDER(o) SENT(s!) | ARRIVED(a!) RETURNED
#+TYP_TODO: ASK | ANSWERED
* ARRIVED Buy a rain jacket
* ASK Call the bank about the card
"""
PLAIN = """* DONE Sweep the chimney
  CLOSED: [2026-10-10 Sat 18:00]
"""


def _notes(root: Path) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    (root / "errands.org").write_text(ERRANDS, encoding="utf-8")
    (root / "plain.org").write_text(PLAIN, encoding="utf-8")
    return root


def _stored(db: Path) -> dict[str, list[str] | None]:
    with sqlite3.connect(db) as conn:
        return {
            Path(path).name: None if value is None else json.loads(value)
            for path, value in conn.execute("SELECT path, todo_keywords FROM files")
        }


def test_ingest_keeps_each_file_s_own_keyword_sets(tmp_path: Path) -> None:
    notes = _notes(tmp_path / "notes")
    db = tmp_path / "memory.sqlite3"
    with Store.open(db) as store:
        ingest_paths(store, [notes], now=NOW)
        found = file_keywords(store, [str(notes / "errands.org"), str(notes / "plain.org")])
    assert _stored(db) == {
        "errands.org": ["ORDER", "SENT", "ASK", "|", "ARRIVED", "RETURNED", "ANSWERED"],
        "plain.org": [],  # declares none: the configuration's keywords are not the file's
    }
    assert found == {
        str(notes / "errands.org"): FileKeywords.of(
            ["ORDER", "SENT", "ASK"], ["ARRIVED", "RETURNED", "ANSWERED"]
        )
    }


def test_a_changed_keyword_line_changes_what_is_stored(tmp_path: Path) -> None:
    notes = _notes(tmp_path / "notes")
    db = tmp_path / "memory.sqlite3"
    with Store.open(db) as store:
        ingest_paths(store, [notes], now=NOW)
        (notes / "plain.org").write_text("#+SEQ_TODO: TODO | SWEPT\n" + PLAIN, encoding="utf-8")
        (notes / "errands.org").write_text("#+TITLE: Errands\n* Buy a rain jacket\n")
        ingest_paths(store, [notes], now=NOW)
    assert _stored(db) == {"errands.org": [], "plain.org": ["TODO", "|", "SWEPT"]}


def _prme(*args: str, store: Path) -> subprocess.CompletedProcess[str]:
    exe = shutil.which("prme") or str(Path(sys.executable).parent / "prme")
    env = {k: v for k, v in os.environ.items() if not k.startswith("PRME_")}
    env.update(PRME_STORE=str(store), PRME_NOW=NOW.isoformat(), PRME_TZ="UTC")
    return subprocess.run(
        [exe, *args], capture_output=True, text=True, env=env, check=False, timeout=300
    )


def test_a_store_from_before_the_column_gets_the_sets_without_reading_files_again(
    tmp_path: Path,
) -> None:
    notes = _notes(tmp_path / "notes")
    db = tmp_path / "memory.sqlite3"
    assert _prme("ingest", str(notes), store=db).returncode == 0
    with sqlite3.connect(db) as conn:  # what a store of the previous release looks like
        conn.execute("ALTER TABLE files DROP COLUMN todo_keywords")
        conn.execute("DELETE FROM migrations WHERE name = '0029_file_todo_keywords'")
    doctor = _prme("doctor", store=db)  # migrates the store as it opens it
    assert doctor.returncode == 0, doctor.stdout + doctor.stderr
    assert not [line for line in doctor.stdout.splitlines() if not line.startswith("ok")]
    assert set(_stored(db).values()) == {None}

    again = _prme("ingest", store=db)
    assert again.returncode == 0, again.stderr
    summary = next(line for line in again.stderr.splitlines() if line.startswith("ingest: "))
    counts = {k: int(v) for k, v in (item.split("=") for item in summary.split()[1:])}
    assert counts["files_unchanged"] == 2 and counts["files_ingested"] == 0
    assert _stored(db) == {
        "errands.org": ["ORDER", "SENT", "ASK", "|", "ARRIVED", "RETURNED", "ANSWERED"],
        "plain.org": [],
    }
    doctor = _prme("doctor", store=db)
    assert not [line for line in doctor.stdout.splitlines() if not line.startswith("ok")]
