"""Identity as org knows it (issue 11, point 6): org-roam file nodes, ids as links and
prefixes, derived ids that survive configuring TODO keywords, dates in file names and
``#+DATE`` forms, CUSTOM_ID unique per file. The notes are invented in the shape of org-roam
and org-journal collections."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from prme_cli.errors import UsageError
from prme_cli.ingest import ingest_paths
from prme_cli.org import parse_org
from prme_cli.query import resolve_id
from prme_cli.store import Store

T0 = datetime(2026, 11, 20, 9, 0, tzinfo=UTC)
T1 = datetime(2026, 11, 21, 9, 0, tzinfo=UTC)
T2 = datetime(2026, 11, 22, 9, 0, tzinfo=UTC)

ROAM_NOTE = """\
:PROPERTIES:
:ID:       7F3C2A10-5B4E-4D7A-9C11-0E2B3D4F5A6B
:END:
#+title: Spaced repetition
#+filetags: :learning:

* Why it works
Retrieval practice, then the spacing effect. See [[id:2b9d6e44-aaaa-4bbb-8ccc-123456789abc][Forgetting curve]].
"""

ROAM_OTHER = """\
:PROPERTIES:
:ID:       2b9d6e44-aaaa-4bbb-8ccc-123456789abc
:END:
#+title: Forgetting curve
"""


@pytest.fixture
def store(tmp_path: Path) -> Any:
    s = Store.open(tmp_path / "memory.sqlite3")
    yield s
    s.close()


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def ids_by_title(store: Store) -> dict[str, str]:
    return {t: i for i, t in store.conn.execute("SELECT id, title FROM objects")}


def test_a_file_level_id_is_the_file_objects_id(store: Store, tmp_path: Path) -> None:
    roam = tmp_path / "roam"
    write(roam / "20230109101324-spaced_repetition.org", ROAM_NOTE)
    write(roam / "20230110090000-forgetting_curve.org", ROAM_OTHER)
    report = ingest_paths(store, [roam], now=T0)
    assert report.errors == [] and report.warnings == []
    ids = ids_by_title(store)
    assert ids["Spaced repetition"] == "7F3C2A10-5B4E-4D7A-9C11-0E2B3D4F5A6B"
    assert ids["Forgetting curve"] == "2b9d6e44-aaaa-4bbb-8ccc-123456789abc"
    # the heading's parent is the file object, by that id
    parent = store.conn.execute(
        "SELECT parent_id FROM objects WHERE title = 'Why it works'"
    ).fetchone()[0]
    assert parent == ids["Spaced repetition"]


def test_a_renamed_roam_file_keeps_its_id_and_history(store: Store, tmp_path: Path) -> None:
    roam = tmp_path / "roam"
    old = write(roam / "20230109101324-spaced_repetition.org", ROAM_NOTE)
    ingest_paths(store, [roam], now=T0)
    old.rename(roam / "20230109101324-spacing.org")
    report = ingest_paths(store, [roam], now=T1)
    assert report.warnings == []
    row = store.conn.execute(
        "SELECT first_seen, deleted_at FROM objects WHERE id = ?",
        ("7F3C2A10-5B4E-4D7A-9C11-0E2B3D4F5A6B",),
    ).fetchone()
    assert row == ("2026-11-20T09:00:00.000000Z", None)


@pytest.mark.parametrize(
    "written",
    [
        "7F3C2A10-5B4E-4D7A-9C11-0E2B3D4F5A6B",
        "id:7F3C2A10-5B4E-4D7A-9C11-0E2B3D4F5A6B",
        "ID:7f3c2a10-5b4e-4d7a-9c11-0e2b3d4f5a6b",
        "[[id:7F3C2A10-5B4E-4D7A-9C11-0E2B3D4F5A6B][Spaced repetition]]",
        "[[id:7f3c2a10-5b4e-4d7a-9c11-0e2b3d4f5a6b]]",
        "7F3C2A",
        "7f3c2a10-5b",
    ],
)
def test_show_reads_ids_as_org_writes_them(store: Store, tmp_path: Path, written: str) -> None:
    write(tmp_path / "roam" / "a.org", ROAM_NOTE)
    write(tmp_path / "roam" / "b.org", ROAM_OTHER)
    ingest_paths(store, [tmp_path / "roam"], now=T0)
    assert resolve_id(store, written) == "7F3C2A10-5B4E-4D7A-9C11-0E2B3D4F5A6B"


def test_an_ambiguous_prefix_names_the_candidates(store: Store, tmp_path: Path) -> None:
    text = "".join(f"* Note {i}\n:PROPERTIES:\n:ID: ab12{i}\n:END:\n" for i in range(3))
    write(tmp_path / "n" / "notes.org", text)
    ingest_paths(store, [tmp_path / "n"], now=T0)
    with pytest.raises(UsageError, match="ambiguous: ab120, ab121, ab122"):
        resolve_id(store, "ab12")
    assert resolve_id(store, "AB121") == "ab121"
    assert resolve_id(store, "zz") is None


def test_show_finds_a_file_by_its_path(store: Store, tmp_path: Path) -> None:
    path = write(tmp_path / "n" / "journal" / "2026-11-20.org", "* Standup\n")
    ingest_paths(store, [tmp_path / "n"], now=T0)
    assert resolve_id(store, str(path)) == str(path)
    assert resolve_id(store, "journal/2026-11-20.org") == str(path)
    assert resolve_id(store, "2026-11-20.org") == str(path)


GTD = """\
* NEXT Call the plumber about the boiler
** WAITING [#A] Quote from Ana
* PROJ Kitchen shelves
** TODO Buy brackets
** Measure the alcove
* Plain note
"""


@pytest.mark.parametrize(
    "later",
    [
        ["TODO", "NEXT", "WAITING", "PROJ", "|", "DONE"],
        ["TODO", "NEXT", "|", "DONE", "CANCELLED"],
        ["PROJ", "TODO", "|", "DONE"],
    ],
)
def test_derived_ids_survive_configuring_keywords_later(
    store: Store, tmp_path: Path, later: list[str]
) -> None:
    f = write(tmp_path / "n" / "gtd.org", GTD)
    ingest_paths(store, [f.parent], now=T0)
    before = {line: i for i, line in store.conn.execute("SELECT id, line FROM objects")}
    report = ingest_paths(store, [f.parent], now=T1, todo_keywords=later)
    assert report.nodes_tombstoned == 0 and report.nodes_added == 0
    after = {line: i for i, line in store.conn.execute("SELECT id, line FROM objects")}
    assert after == before
    titles = {t for (t,) in store.conn.execute("SELECT title FROM objects")}
    if "NEXT" in later:
        assert "Call the plumber about the boiler" in titles  # the keyword left the title
    # and back to the defaults
    ingest_paths(store, [f.parent], now=T2)
    assert {line: i for i, line in store.conn.execute("SELECT id, line FROM objects")} == before


def test_same_keyword_free_titles_among_siblings_stay_apart(store: Store, tmp_path: Path) -> None:
    f = write(tmp_path / "n" / "a.org", "* NASA launch\n* ESA launch\n* launch\n")
    ingest_paths(store, [f.parent], now=T0)
    assert len({i for (i,) in store.conn.execute("SELECT id FROM objects")}) == 4


def test_a_custom_id_reused_in_another_file_is_no_duplicate(store: Store, tmp_path: Path) -> None:
    one = "* Introduction\n:PROPERTIES:\n:CUSTOM_ID: intro\n:END:\n"
    write(tmp_path / "n" / "thesis.org", one)
    write(tmp_path / "n" / "paper.org", one.replace("Introduction", "Intro to the paper"))
    report = ingest_paths(store, [tmp_path / "n"], now=T0)
    assert report.warnings == []
    ids = ids_by_title(store)
    assert "intro" in (ids["Introduction"], ids["Intro to the paper"])
    assert ids["Introduction"] != ids["Intro to the paper"]
    with pytest.raises(UsageError, match="CUSTOM_ID '#intro' is ambiguous"):
        resolve_id(store, "#intro")
    # inside one file org requires it unique: a repeat is still worth a warning
    two = one.replace("intro", "methods")
    write(tmp_path / "m" / "dup.org", two + two.replace("Introduction", "Again"))
    report = ingest_paths(store, [tmp_path / "m"], now=T1)
    assert any("duplicate CUSTOM_ID id 'methods'" in w for w in report.warnings)


@pytest.mark.parametrize(
    ("name", "day"),
    [
        ("journal_2025-03-04.org", datetime(2025, 3, 4)),
        ("20250304-note.org", datetime(2025, 3, 4)),
        ("20230109101324-x.org", datetime(2023, 1, 9, 10, 13, 24)),
        ("standup-2025_03_04.org", datetime(2025, 3, 4)),
    ],
)
def test_a_date_anywhere_in_the_file_name_dates_the_file(name: str, day: datetime) -> None:
    parsed = parse_org("* Entry\n", name)
    assert parsed.nodes[0].event_time == day
    assert parsed.nodes[0].event_source == "filename"
    assert parsed.nodes[1].event_source == "filename"  # journal structure: its headings too


@pytest.mark.parametrize(
    ("value", "start", "has_time"),
    [
        ("2023.01.12", datetime(2023, 1, 12), False),
        ("2010-10-02 Sat", datetime(2010, 10, 2), False),
        ("April 22, 2013", datetime(2013, 4, 22), False),
        ("22 April 2013", datetime(2013, 4, 22), False),
        ("2013/04/22", datetime(2013, 4, 22), False),
        ("<2013-04-22 Mon>", datetime(2013, 4, 22), False),
        ("[2013-04-22 Mon 10:30]", datetime(2013, 4, 22, 10, 30), True),
        ("2013-04-22 Mon 10:30", datetime(2013, 4, 22, 10, 30), True),
    ],
)
def test_date_keyword_forms_org_accepts(value: str, start: datetime, has_time: bool) -> None:
    node = parse_org(f"#+TITLE: x\n#+DATE: {value}\n* Entry\n", "x.org").nodes[0]
    (stamp,) = [t for t in node.timestamps if t.kind == "keyword"]
    assert (stamp.start, stamp.has_time) == (start, has_time)
    assert node.event_time == start


@pytest.mark.parametrize("value", ["today", "April 22", "someday", "next week"])
def test_a_date_keyword_that_is_no_absolute_day_is_a_warning(value: str) -> None:
    parsed = parse_org(f"#+DATE: {value}\n", "x.org")
    assert parsed.nodes[0].event_time is None
    assert any("#+DATE" in w for w in parsed.warnings)


def test_a_numeric_date_keyword_follows_dayfirst() -> None:
    text = "#+DATE: 03/11/2026\n"
    assert parse_org(text, "x.org").nodes[0].event_time == datetime(2026, 3, 11)
    assert parse_org(text, "x.org", dayfirst=True).nodes[0].event_time == datetime(2026, 11, 3)
