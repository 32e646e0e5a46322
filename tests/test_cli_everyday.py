"""What a user sees in the first hour: a table that fits, totals, hints, honest ingest times,
moved roots, the relate view (issue 11, points 4 and 7)."""

from __future__ import annotations

import re
import shutil
import sqlite3
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "sample_org"


@pytest.fixture
def notes(tmp_path: Path) -> Path:
    target = tmp_path / "notes"
    shutil.copytree(SAMPLE, target)
    return target


@pytest.fixture
def sample(cli: Any, notes: Path) -> Any:
    assert cli("ingest", str(notes)).code == 0
    return cli


# -- the table ----------------------------------------------------------------------------------


@pytest.mark.parametrize("width", [60, 80, 100, 132, 200])
def test_the_table_fits_the_terminal_and_keeps_every_file_line(sample: Any, width: int) -> None:
    shown = sample("range", "monday", "today", "--format", "table", env={"COLUMNS": str(width)})
    assert shown.code == 0, shown.err
    lines = shown.out.splitlines()
    assert all(len(line) <= width for line in lines), max(map(len, lines))
    rows = sample("range", "monday", "today", "--format", "json").json()["results"]
    header = next(line for line in lines if line.startswith("id "))
    column = "".join(line[header.index("where") :].strip() for line in lines[1:])
    for row in rows:  # a long file:line may wrap inside its column, never be cut
        assert f"{row['relpath']}:{row['line']}" in column
        assert row["file"] not in shown.out  # root-relative, not the absolute path
    if width >= 80:  # wide enough: nothing that identifies a row wraps
        for row in rows:
            assert f"{row['relpath']}:{row['line']}" in shown.out
    assert "19 results" in shown.out


def test_titles_wrap_instead_of_being_cut(cli: Any) -> None:
    long_title = "Call the landlord about the boiler, the damp in the bathroom and the lease"
    note = f"* {long_title}\n<2026-11-27 Fri 09:00>\n"
    assert cli("ingest", "-", "--name", "flat.org", stdin=note).code == 0
    shown = cli("since", "today", "--format", "table", env={"COLUMNS": "60"})
    assert shown.code == 0
    assert all(len(line) <= 60 for line in shown.out.splitlines())
    words = re.findall(r"[\w,]+", shown.out)
    for word in long_title.split():
        assert word in words


def test_every_short_id_in_the_table_is_accepted_by_show(sample: Any) -> None:
    table = sample("range", "monday", "today", "--format", "table", env={"COLUMNS": "120"})
    rows = sample("range", "monday", "today", "--format", "json").json()["results"]
    handles = [line.split()[0] for line in table.out.splitlines()[3:] if line.strip()][: len(rows)]
    assert len(handles) == len(rows)
    for handle, row in zip(handles, rows, strict=True):
        assert len(handle) < len(row["id"]) or row["type"] == "file"
        shown = sample("show", handle, "--format", "json")
        assert shown.code == 0, (handle, shown.err)
        assert shown.json()["id"] == row["id"]


def test_the_table_says_how_many_of_how_many(sample: Any) -> None:
    shown = sample("query", "--since", "2026-09-01", "--format", "table", env={"COLUMNS": "120"})
    total = sample("query", "--since", "2026-09-01", "-n", "0", "--format", "json").json()["count"]
    assert total > 20
    assert f"20 of {total}" in shown.out
    piped = sample("query", "--since", "2026-09-01")  # tsv: the rows, and a note on stderr
    assert len(piped.out.splitlines()) == 20
    assert f"20 of {total}" in piped.err


def test_query_json_carries_total_and_truncated(sample: Any) -> None:
    doc = sample("query", "--since", "2026-09-01", "--format", "json").json()
    assert doc["count"] == 20 and doc["total"] > 20 and doc["truncated"] is True
    everything = sample("query", "--since", "2026-09-01", "-n", "0", "--format", "json").json()
    assert everything["total"] == everything["count"] == doc["total"]
    assert everything["truncated"] is False
    text = sample("query", "frame", "-n", "3", "--format", "json").json()
    alltext = sample("query", "frame", "-n", "0", "--format", "json").json()
    assert text["count"] == 3 and text["total"] == alltext["count"] > 3
    small = sample("since", "yesterday", "-n", "2", "--format", "json").json()
    full = sample("since", "yesterday", "--format", "json").json()
    assert small["truncated"] is True and small["total"] == full["count"] == full["total"]


# -- filters that find nothing ------------------------------------------------------------------


def test_an_unknown_todo_state_names_the_states_that_exist(sample: Any) -> None:
    found = sample("since", "2026-09-01", "--todo", "done", "--format", "json").json()
    assert found["count"] > 0  # case does not matter
    missing = sample("since", "2026-09-01", "--todo", "FINISHED")
    assert missing.code == 1
    assert "FINISHED" in missing.err and "DONE" in missing.err and "NEXT" in missing.err


def test_an_unknown_tag_names_the_tags_that_exist(sample: Any) -> None:
    assert sample("since", "2026-09-01", "--tag", "WORK").code == 0
    missing = sample("since", "2026-09-01", "--tag", "wrok")
    assert missing.code == 1
    assert "'wrok'" in missing.err and "work" in missing.err and "woodworking" in missing.err
    # a known tag that just has nothing in the window: no hint to mislead
    quiet = sample("range", "2020-01-01", "2020-01-02", "--tag", "work")
    assert quiet.code == 1 and "tags in the store" not in quiet.err


def test_by_is_repeatable_and_means_any_of_them(sample: Any) -> None:
    def ids(*by: str) -> set[str]:
        args = [x for b in by for x in ("--by", b)]
        doc = sample("since", "2026-09-01", *args, "-n", "0", "--format", "json").json()
        return {r["id"] for r in doc["results"]}

    closed, clock = ids("closed"), ids("clock")
    assert closed and clock and closed != clock
    assert ids("closed", "clock") == closed | clock
    doc = sample("since", "yesterday", "--by", "closed", "--by", "clock", "--format", "json")
    assert doc.json()["query"]["bases"] == ["closed", "clock"]
    assert doc.json()["query"]["by"] == "closed,clock"


# -- ingest time ---------------------------------------------------------------------------------


def _versions(store: Path) -> set[str]:
    with sqlite3.connect(store) as conn:
        return {r[0] for r in conn.execute("SELECT DISTINCT version FROM objects")}


def test_prme_now_in_the_environment_never_sets_ingest_versions(cli: Any, notes: Path) -> None:
    done = cli("ingest", str(notes), now=None, env={"PRME_NOW": "2020-01-01T00:00"})
    assert done.code == 0, done.err
    versions = _versions(cli.store)
    assert versions and not any(v.startswith("2020-") for v in versions)
    # while queries still read PRME_NOW as their reference time
    doc = cli("since", "today", "--format", "json", now=None, env={"PRME_NOW": "2026-11-27"})
    assert doc.json()["query"]["now"].startswith("2026-11-27")


def test_an_explicit_now_sets_versions_and_may_not_go_back(cli: Any, notes: Path) -> None:
    assert cli("ingest", str(notes), now="2026-11-27T20:00").code == 0
    assert _versions(cli.store) == {"2026-11-27T20:00:00.000000Z"}
    (notes / "projects.org").write_text(
        (notes / "projects.org").read_text() + "\n* New note\n", encoding="utf-8"
    )
    before = (cli.store.read_bytes(), _versions(cli.store))
    back = cli("ingest", str(notes), now="2026-11-20T09:00")
    assert back.code == 2
    assert "earlier than this store's last ingest 2026-11-27T20:00:00Z" in back.err
    assert _versions(cli.store) == before[1]
    same = cli("ingest", str(notes), now="2026-11-27T20:00")  # the same instant is fine
    assert same.code == 0, same.err


# -- moved roots ---------------------------------------------------------------------------------


def test_a_moved_root_is_detected_and_forget_is_suggested(cli: Any, notes: Path) -> None:
    assert cli("ingest", str(notes)).code == 0
    moved = notes.parent / "org-moved"
    notes.rename(moved)
    again = cli("ingest", str(moved), now="2026-11-28T08:00")
    assert again.code == 0, again.err
    assert f"prme forget {notes}" in again.err and "no longer exists" in again.err
    cron = cli("ingest", now="2026-11-28T09:00")
    assert cron.code == 2
    assert f"same files are under {moved}" in cron.err and f"prme forget {notes}" in cron.err
    assert cli("forget", str(notes)).code == 0
    assert cli("ingest", now="2026-11-28T10:00").code == 0


def test_an_unrelated_new_root_is_not_called_moved(cli: Any, notes: Path, tmp_path: Path) -> None:
    assert cli("ingest", str(notes)).code == 0
    other = tmp_path / "other"
    other.mkdir()
    (other / "journal.org").write_text("* Something else\n", encoding="utf-8")
    done = cli("ingest", str(other))
    assert done.code == 0 and "forget" not in done.err


# -- relate in a terminal ------------------------------------------------------------------------

QUESTION = "How many days passed between gluing up the frame and finishing it?"


def test_relate_on_a_terminal_shows_the_answer_and_the_evidence(sample: Any) -> None:
    shown = sample("relate", QUESTION, "--format", "table", env={"COLUMNS": "100"})
    assert shown.code == 0, shown.err
    assert "answer: 6 days" in shown.out
    assert "evidence" in shown.out and "projects.org:75" in shown.out
    assert "# Temporal relation" not in shown.out  # the packed context only on request
    assert "--context" in shown.out
    full = sample("relate", QUESTION, "--format", "table", "--context", env={"COLUMNS": "100"})
    assert "# Temporal relation" in full.out
    doc = sample("relate", QUESTION, "--format", "json").json()
    handle = re.search(r"(\S+)\s+2026-10-10 11:20\s+DONE Finish", shown.out)
    assert handle is not None
    assert sample("show", handle.group(1), "--format", "json").json()["id"] in doc["evidence_ids"]


def test_relate_piped_is_still_the_context(sample: Any) -> None:
    piped = sample("relate", QUESTION)
    doc = sample("relate", QUESTION, "--format", "json").json()
    assert piped.out == doc["context"]
    assert piped.err.startswith("relate: accepted")
