"""End-to-end CLI behaviour: exit codes, JSON schemas, bad input, store safety.

Most tests run ``prme_cli.cli.main`` in-process (fast); a few run the installed ``prme`` in a
subprocess, the way a user or a cron job does.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from prme_cli.cli import main

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "sample_org"
NOW = "2026-11-27T20:00"
TZ = "Europe/London"


class Result:
    def __init__(self, code: int, out: str, err: str) -> None:
        self.code, self.out, self.err = code, out, err

    def json(self) -> Any:
        return json.loads(self.out)


@pytest.fixture
def store(tmp_path: Path) -> Path:
    return tmp_path / "memory.sqlite3"


@pytest.fixture
def run(store: Path, capsys: pytest.CaptureFixture[str]) -> Any:
    def _run(*args: str, stdin: str | None = None, now: str = NOW) -> Result:
        argv = ["--store", str(store), "--now", now, "--tz", TZ, *args]
        old_stdin = sys.stdin
        if stdin is not None:
            import io

            sys.stdin = io.StringIO(stdin)
        try:
            main(argv)
            code = 0
        except SystemExit as exc:
            code = int(exc.code or 0)
        finally:
            sys.stdin = old_stdin
        captured = capsys.readouterr()
        return Result(code, captured.out, captured.err)

    return _run


@pytest.fixture
def notes(tmp_path: Path) -> Path:
    target = tmp_path / "notes"
    shutil.copytree(SAMPLE, target)
    return target


@pytest.fixture
def ingested(run: Any, notes: Path) -> Path:
    result = run("ingest", str(notes))
    assert result.code == 0, result.err
    return notes


def sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


# -- queries ------------------------------------------------------------------------------------


def test_since_json_schema_and_exit_zero(run: Any, ingested: Path) -> None:
    result = run("since", "yesterday", "--format", "json")
    assert result.code == 0, result.err
    doc = result.json()
    assert set(doc) == {"query", "count", "total", "truncated", "results"}
    assert doc["count"] == len(doc["results"]) > 0
    assert doc["query"]["window"]["start"] == "2026-11-26T00:00:00+00:00"
    assert doc["query"]["window"]["since"] == "yesterday"
    first = doc["results"][0]
    for key in ("id", "title", "path", "file", "line", "todo", "tags", "matched", "version"):
        assert key in first
    assert set(first["matched"]) >= {"kind", "start", "end", "raw"}
    assert first["version"].endswith("Z")
    starts = [r["matched"]["start"] for r in doc["results"]]
    assert starts == sorted(starts), "rows are sorted oldest first"


def test_no_results_exit_one(run: Any, ingested: Path) -> None:
    result = run("range", "2020-01-01", "2020-01-31", "--format", "json")
    assert result.code == 1
    assert result.json()["count"] == 0


def test_range_is_inclusive_of_its_last_day(run: Any, ingested: Path) -> None:
    # 2026-11-23 is a Monday, 2026-11-27 a Friday: Friday's entries must be in.
    result = run("range", "monday", "friday", "--format", "json")
    assert result.code == 0
    days = {r["matched"]["start"][:10] for r in result.json()["results"]}
    assert "2026-11-27" in days and min(days) >= "2026-11-23"


def test_filters_todo_and_tag(run: Any, ingested: Path) -> None:
    done = run("range", "2026-09-01", "2026-11-27", "--todo", "DONE", "--format", "json").json()
    assert done["count"] > 0 and all(r["todo"] == "DONE" for r in done["results"])
    tagged = run("since", "2026-09-01", "--tag", "woodworking", "--format", "json").json()
    assert tagged["count"] > 0 and all("woodworking" in r["tags"] for r in tagged["results"])


def test_global_options_after_subcommand(run: Any, ingested: Path) -> None:
    result = run("since", "yesterday", "--format", "ids")
    assert result.code == 0
    assert all(line and "\t" not in line for line in result.out.splitlines())


def test_query_text_limit_and_no_limit(run: Any, ingested: Path) -> None:
    limited = run("query", "frame", "--format", "json", "--max-results", "2").json()
    assert limited["count"] == 2
    everything = run("query", "frame", "--format", "json", "--max-results", "0").json()
    assert everything["count"] > 2
    assert all(r["score"] is not None for r in everything["results"])


def test_query_safe_words_and_bad_fts(run: Any, ingested: Path) -> None:
    assert run("query", "don't e-mail C++", "--format", "json").code in (0, 1)
    bad = run("query", '"unbalanced', "--fts", "--format", "json")
    assert bad.code == 2 and "prme: error" in bad.err


def test_show_known_and_unknown(run: Any, ingested: Path) -> None:
    some_id = run("since", "yesterday", "--format", "ids").out.split()[0]
    shown = run("show", some_id, "--format", "json")
    assert shown.code == 0
    obj = shown.json()
    assert obj["id"] == some_id and "timestamps" in obj and obj["history"]
    missing = run("show", "no-such-id")
    assert missing.code == 1 and "no-such-id" in missing.err


def _heading_lines(root: Path) -> int:
    return sum(
        1
        for f in root.rglob("*.org")
        for line in f.read_text().splitlines()
        if line.startswith("*") and line.lstrip("*")[:1] in (" ", "\t")
    )


def test_stats_json(run: Any, ingested: Path) -> None:
    doc = run("stats", "--format", "json").json()
    assert {"files", "objects", "headings", "tombstoned", "timestamps"} <= set(doc)
    # "Workbench rebuild" is tagged :ARCHIVE: and has two children: skipped by default.
    assert doc["headings"] == _heading_lines(ingested) - 3
    assert doc["files"] == len(list(ingested.rglob("*.org")))
    assert doc["timestamps"]["closed"] > 0 and doc["timestamps"]["clock"] > 0


def test_include_archived_stores_every_heading(run: Any, notes: Path) -> None:
    assert run("ingest", str(notes), "--include-archived").code == 0
    doc = run("stats", "--format", "json").json()
    assert doc["headings"] == _heading_lines(notes)


def test_query_context_json_respects_budget(run: Any, ingested: Path) -> None:
    result = run("query", "frame", "--context", "--budget", "300", "--format", "json")
    assert result.code == 0, result.err
    doc = result.json()
    assert {
        "context",
        "records",
        "excluded_ids",
        "tokens_used",
        "budget",
        "full_dump_tokens",
    } <= set(doc)
    assert doc["tokens_used"] <= 300 and doc["budget"] == 300
    assert doc["full_dump_tokens"] > doc["tokens_used"]
    assert "saving" in result.err


# -- time expressions ----------------------------------------------------------------------------


def test_unknown_time_expression_exits_two(run: Any, ingested: Path) -> None:
    result = run("since", "the day after never", "--format", "json")
    assert result.code == 2
    assert "the day after never" in result.err


def test_reversed_range_exits_two(run: Any, ingested: Path) -> None:
    result = run("range", "today", "last week")
    assert result.code == 2


def test_when_batch_marks_bad_lines(run: Any) -> None:
    result = run("when", "-", "--format", "jsonl", stdin="yesterday\nblorp\n2026-11\n")
    assert result.code == 2
    docs = [json.loads(line) for line in result.out.splitlines()]
    assert [d["expression"] for d in docs] == ["yesterday", "blorp", "2026-11"]
    assert "error" in docs[1] and "error" not in docs[0] and "error" not in docs[2]
    assert docs[0]["start"] == "2026-11-26T00:00:00+00:00" and docs[0]["grain"] == "day"
    assert docs[2]["grain"] == "month"


@pytest.mark.parametrize(
    ("flags", "expected"),
    [
        ((), "2026-03-11"),  # month first by default
        (("--dayfirst",), "2026-11-03"),  # the global option
        (("when", "--dayfirst"), "2026-11-03"),  # the when command's own option
    ],
)
def test_now_is_read_day_first_with_dayfirst(
    run: Any, flags: tuple[str, ...], expected: str
) -> None:
    args = [*flags, "today"] if "when" in flags else [*flags, "when", "today"]
    doc = run(*args, "--format", "json", now="03/11/2026 10:00").json()
    assert doc["start"].startswith(expected) and doc["now"].startswith(expected + "T10:00")


def test_find_honours_the_dayfirst_setting(run: Any) -> None:
    doc = run("--dayfirst", "when", "--find", "met on 03/11/2026", "--format", "jsonl").out
    assert json.loads(doc.splitlines()[0])["start"].startswith("2026-11-03")


def test_when_json_single_and_many(run: Any) -> None:
    one = run("when", "today", "--format", "json").json()
    assert one["expression"] == "today" and one["tz"] == TZ
    many = run("when", "today", "yesterday", "--format", "json").json()
    assert isinstance(many, list) and len(many) == 2


# -- ingest --------------------------------------------------------------------------------------


def test_unreadable_file_is_reported_and_the_rest_ingested(run: Any, tmp_path: Path) -> None:
    notes = tmp_path / "mixed"
    notes.mkdir()
    (notes / "good.org").write_text("* Good heading\n<2026-11-20 Fri>\n", encoding="utf-8")
    (notes / "bad.org").write_bytes(b"* Bad \xff\xfe heading\n")
    result = run("ingest", str(notes))
    assert result.code == 2
    assert "bad.org" in result.err
    found = run("range", "2026-11-20", "2026-11-20", "--format", "json").json()
    assert [r["title"] for r in found["results"]] == ["Good heading"]


def test_missing_path_is_an_error(run: Any, tmp_path: Path) -> None:
    result = run("ingest", str(tmp_path / "nope"))
    assert result.code == 2 and "nope" in result.err


def test_stdin_ingest_with_name(run: Any) -> None:
    result = run(
        "ingest", "-", "--name", "inbox.org", stdin="* Call the plumber\n<2026-11-27 Fri 09:00>\n"
    )
    assert result.code == 0, result.err
    doc = run("since", "today", "--format", "json").json()
    assert doc["results"][0]["title"] == "Call the plumber"
    assert doc["results"][0]["file"].endswith("inbox.org")


def test_reingest_without_paths_tombstones_and_versions(run: Any, notes: Path) -> None:
    assert run("ingest", str(notes)).code == 0
    daily = notes / "daily" / "2026-11-26.org"
    before = run("since", "yesterday", "--format", "json").json()
    ids_before = {r["id"] for r in before["results"] if r["file"] == str(daily)}
    assert ids_before
    daily.unlink()
    result = run("ingest", now="2026-11-28T09:00")
    assert result.code == 0, result.err
    after = run("since", "yesterday", "--format", "json", now="2026-11-28T09:00").json()
    assert not ids_before & {r["id"] for r in after["results"]}
    deleted = run(
        "since", "2026-11-26", "--include-deleted", "--format", "json", now="2026-11-28T09:00"
    ).json()
    assert ids_before <= {r["id"] for r in deleted["results"]}
    assert all(r["deleted_at"] for r in deleted["results"] if r["id"] in ids_before)


def test_nothing_to_reingest_is_a_usage_error(run: Any) -> None:
    assert run("ingest").code == 2


# -- store safety --------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["random", "other-sqlite", "empty-prme-header"])
def test_foreign_or_corrupt_store_exits_three_and_is_untouched(
    run: Any, store: Path, kind: str
) -> None:
    if kind == "random":
        store.write_bytes(os.urandom(4096))
    elif kind == "other-sqlite":
        conn = sqlite3.connect(store)
        conn.execute("CREATE TABLE notes (x)")
        conn.commit()
        conn.close()
    else:
        store.write_bytes(b"SQLite format 3\x00" + b"\x00" * 84)
    before = sha(store)
    for args in (("since", "today"), ("ingest", str(SAMPLE)), ("stats",)):
        result = run(*args)
        assert result.code == 3, (args, result.err)
        assert "prme: error" in result.err
    assert sha(store) == before
    assert not Path(str(store) + "-wal").exists()


def test_missing_store_for_a_query_exits_three(run: Any) -> None:
    result = run("since", "today")
    assert result.code == 3 and "prme ingest" in result.err


def test_doctor_json(run: Any, ingested: Path) -> None:
    result = run("doctor", "--format", "json")
    assert result.code == 0, result.out
    names = {c["name"] for c in result.json()}
    assert {"store", "integrity", "schema", "tokenizer"} <= names


def test_forget_removes_a_file(run: Any, ingested: Path) -> None:
    target = ingested / "course.org"
    assert run("forget", str(target)).code == 0
    doc = run("since", "2026-09-01", "--file", "course.org", "--format", "json")
    assert doc.code == 1


# -- the installed command ----------------------------------------------------------------------


def _prme(
    *args: str, env_store: Path, stdin: str | None = None
) -> subprocess.CompletedProcess[str]:
    exe = shutil.which("prme") or str(Path(sys.executable).parent / "prme")
    env = dict(os.environ, PRME_STORE=str(env_store), PRME_NOW=NOW, PRME_TZ=TZ)
    return subprocess.run(
        [exe, *args], capture_output=True, text=True, input=stdin, env=env, check=False
    )


def test_installed_prme_pipes_tsv_by_default(notes: Path, store: Path) -> None:
    assert _prme("ingest", str(notes), env_store=store).returncode == 0
    out = _prme("since", "yesterday", env_store=store)
    assert out.returncode == 0
    rows = [line.split("\t") for line in out.stdout.splitlines()]
    assert rows and all(len(r) == 8 for r in rows)
    assert out.stderr == ""


def test_since_path_imports_nothing_heavy(notes: Path, store: Path) -> None:
    assert _prme("ingest", str(notes), env_store=store).returncode == 0
    code = (
        "import sys, atexit\n"
        "atexit.register(lambda: sys.stderr.write('MODULES ' + ' '.join(sorted(sys.modules)) + '\\n'))\n"
        "from prme_cli.cli import main\n"
        "main(['since', 'yesterday', '--format', 'json'])\n"
    )
    env = dict(os.environ, PRME_STORE=str(store), PRME_NOW=NOW, PRME_TZ=TZ)
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=False
    )
    assert out.returncode == 0, out.stderr
    modules = set(out.stderr.split("MODULES ", 1)[1].split())
    for heavy in ("httpx", "tiktoken", "orgparse", "rich", "prme_cli.org", "prme_cli.context"):
        assert heavy not in modules, heavy
    # the time engine's calendar libraries load only for what needs them (months, holidays)
    for heavy in ("dateutil", "dateutil.relativedelta", "holidays", "prme_cli.timeexpr.finder"):
        assert heavy not in modules, heavy


def test_full_dump_count_is_cached_and_follows_changes(run: Any, notes: Path, store: Path) -> None:
    assert run("ingest", str(notes)).code == 0
    first = run("query", "frame", "--context", "--format", "json").json()["full_dump_tokens"]
    again = run("query", "frame", "--context", "--format", "json").json()["full_dump_tokens"]
    assert first == again > 0
    totals = (
        sqlite3.connect(store)
        .execute("SELECT count(*) FROM token_cache WHERE key LIKE 'total:%'")
        .fetchone()[0]
    )
    assert totals == 1
    (notes / "extra.org").write_text("* A new note about the frame\n" + "word " * 200 + "\n")
    assert run("ingest", str(notes), now="2026-11-27T21:00").code == 0
    later = run("query", "frame", "--context", "--format", "json", now="2026-11-27T21:00").json()
    assert later["full_dump_tokens"] > first + 150


def test_file_turned_unreadable_keeps_its_stored_notes(run: Any, tmp_path: Path) -> None:
    notes = tmp_path / "n"
    notes.mkdir()
    note = notes / "a.org"
    note.write_text("* Kept heading\n<2026-11-20 Fri>\n", encoding="utf-8")
    assert run("ingest", str(notes)).code == 0
    note.write_bytes(b"* Broken \xff\xfe\n")
    result = run("ingest", str(notes), now="2026-11-27T21:00")
    assert result.code == 2 and "a.org" in result.err
    kept = run("range", "2026-11-20", "2026-11-20", "--format", "json", now="2026-11-27T21:00")
    assert [r["title"] for r in kept.json()["results"]] == ["Kept heading"]
    assert kept.json()["results"][0]["deleted_at"] is None


def test_sqlite_failure_is_one_line_and_exit_three(
    run: Any, ingested: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import prme_cli.query

    def disk_full(*args: Any, **kwargs: Any) -> Any:
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(prme_cli.query, "select", disk_full)
    result = run("since", "yesterday")
    assert result.code == 3
    assert result.err.count("\n") == 1
    assert result.err.startswith("prme: error: store: disk full: database or disk is full")


def test_stdin_that_is_not_utf8_is_a_clear_error(
    store: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import io

    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"* caf\xe9\n")))
    with pytest.raises(SystemExit) as exit_:
        main(["--store", str(store), "ingest", "-"])
    assert exit_.value.code == 2
    assert "not UTF-8" in capsys.readouterr().err
    assert not store.exists()  # nothing was created for a failed run


def test_a_failed_ingest_creates_no_store(run: Any, store: Path) -> None:
    assert run("ingest").code == 2
    assert not store.exists()


def test_windows_at_the_start_of_the_calendar(run: Any, ingested: Path) -> None:
    assert run("since", "0001-01-01", "--format", "ids").code == 0
    assert run("range", "0001-01-01", "0001-01-02", "--format", "ids").code == 1


def test_query_context_ids_lists_the_packed_records(run: Any, ingested: Path) -> None:
    ids = run("query", "frame", "--context", "--budget", "400", "--format", "ids")
    doc = run("query", "frame", "--context", "--budget", "400", "--format", "json").json()
    assert ids.out.split() == [r["id"] for r in doc["records"]]
    assert run("query", "frame", "--context", "--format", "jsonl").code == 2


def test_piped_relate_prints_only_the_context(run: Any, ingested: Path) -> None:
    question = "How many days ago did I hone the plane iron?"
    doc = run("relate", question, "--format", "json").json()
    piped = run("relate", question, "--format", "tsv")
    assert piped.code == 1
    assert piped.out == doc["context"]
    assert "relate: unsupported" in piped.err


def test_stats_times_carry_the_zone_offset(run: Any, ingested: Path) -> None:
    first, last = run("stats", "--format", "json").json()["event_time_range"]
    assert first.endswith("+00:00") and last.endswith("+00:00")
