"""Ingest under hostile input and odd places: huge repeaters, special files, racy mtimes,
unreadable folders, concurrent runs, interrupts, pathological outlines (issue 8)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from prme_cli.ingest import ingest_paths, ingest_text
from prme_cli.query import Filters, select
from prme_cli.store import Store

T0 = datetime(2026, 11, 1, 9, 0, tzinfo=UTC)
T1 = T0 + timedelta(days=1)


@pytest.fixture
def store(tmp_path: Path) -> Any:
    s = Store.open(tmp_path / "store" / "memory.sqlite3")
    yield s
    s.close()


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def live_titles(store: Store) -> set[str]:
    rows = store.conn.execute(
        "SELECT title FROM objects WHERE type = 'heading' AND deleted_at IS NULL"
    )
    return {r[0] for r in rows}


# -- repeaters that no calendar can hold -----------------------------------------------------


HUGE_REPEATERS = """\
* TODO Days beyond any calendar
SCHEDULED: <2026-11-02 Mon +106751991167301d>
* Hours beyond it
<2026-11-03 Tue 10:00 ++99999999999999999h>
* Months beyond it
DEADLINE: <2026-11-04 Wed .+99999999999m -2d>
* Weekly, as usual
<2026-11-05 Thu +1w>
"""


def test_a_repeater_too_large_for_the_calendar_is_a_warning_not_an_abort(store: Store) -> None:
    report = ingest_text(store, HUGE_REPEATERS, "huge.org", now=T0)
    assert report.errors == []
    assert report.files_ingested == 1
    assert live_titles(store) == {
        "Days beyond any calendar",
        "Hours beyond it",
        "Months beyond it",
        "Weekly, as usual",
    }
    too_large = [w for w in report.warnings if "too large" in w]
    assert len(too_large) == 3
    assert any("huge.org:2:" in w and "+106751991167301d" in w for w in too_large)
    assert store.integrity_check() == []
    # Each such stamp still dates its heading once, at the date written.
    window = (datetime(2026, 11, 2, tzinfo=UTC), datetime(2026, 11, 5, tzinfo=UTC))
    rows = select(store, window=window, filters=Filters(by="event"))
    assert {r.title for r in rows} == {
        "Days beyond any calendar",
        "Hours beyond it",
        "Months beyond it",
    }
    # The ordinary weekly one keeps repeating.
    later = (datetime(2026, 12, 3, tzinfo=UTC), datetime(2026, 12, 4, tzinfo=UTC))
    assert [r.title for r in select(store, window=later, filters=Filters(by="active"))] == [
        "Weekly, as usual"
    ]


# -- special files and the size cap ----------------------------------------------------------


def _prme(*args: str, timeout: float = 60, memory_mb: int | None = None) -> Any:
    """The installed ``prme`` in a subprocess (a hang or a runaway read cannot take the suite
    down with it: a timeout, and an address-space limit when asked)."""
    import resource
    import subprocess
    import sys

    def limit() -> None:
        if memory_mb is not None:
            size = memory_mb * 1024 * 1024
            resource.setrlimit(resource.RLIMIT_AS, (size, size))

    prme = Path(sys.executable).with_name("prme")
    return subprocess.run(
        [str(prme), "--now", "2026-11-27T20:00", "--tz", "UTC", *args],
        check=False,
        capture_output=True,
        text=True,
        timeout=timeout,
        preexec_fn=limit,
    )


def test_fifos_and_devices_named_org_are_skipped_with_a_warning(tmp_path: Path) -> None:
    import os

    notes = tmp_path / "notes"
    write(notes / "real.org", "* Real heading\n<2026-11-20 Fri>\n")
    os.mkfifo(notes / "pipe.org")
    os.symlink("/dev/zero", notes / "zero.org")
    store = tmp_path / "s.sqlite3"
    done = _prme("--store", str(store), "ingest", str(notes), timeout=60, memory_mb=1500)
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    for name, kind in (("pipe.org", "FIFO"), ("zero.org", "character device")):
        assert f"prme: warning: {notes / name}: not a regular file ({kind}); skipped" in (
            done.stderr
        )
    with Store.open(store) as s:
        assert live_titles(s) == {"Real heading"}
    # The same holds for a special file named on the command line.
    done = _prme("--store", str(store), "ingest", str(notes / "pipe.org"), timeout=60)
    assert done.returncode == 0 and "not a regular file (FIFO)" in done.stderr


def test_a_file_over_the_size_cap_is_an_error_that_keeps_its_notes(
    store: Store, tmp_path: Path
) -> None:
    notes = tmp_path / "notes"
    big = write(notes / "big.org", "* Kept heading\nsmall at first\n")
    write(notes / "other.org", "* Other\n")
    ingest_paths(store, [notes], now=T0, max_file_bytes=1000)
    big.write_text("* Kept heading\n" + "x" * 2000 + "\n", encoding="utf-8")
    report = ingest_paths(store, [notes], now=T1, max_file_bytes=1000)
    assert report.errors == [
        f"{big}: larger than the size cap (2016 bytes > 1000; ingest.max_file_mb); not read"
    ]
    assert live_titles(store) == {"Kept heading", "Other"}
    report = ingest_paths(store, [notes], now=T1, max_file_bytes=10_000)
    assert report.errors == [] and report.files_ingested == 1


def test_the_size_cap_is_configurable(tmp_path: Path) -> None:
    from prme_cli import config

    cfg = config.load(environ={"XDG_CONFIG_HOME": str(tmp_path), "PRME_INGEST__MAX_FILE_MB": "7"})
    assert cfg["ingest"]["max_file_mb"] == 7
    assert config.load(environ={"XDG_CONFIG_HOME": str(tmp_path)})["ingest"]["max_file_mb"] == 100
    from prme_cli.errors import UsageError

    with pytest.raises(UsageError, match="max_file_mb"):
        config.load(environ={"XDG_CONFIG_HOME": str(tmp_path), "PRME_INGEST__MAX_FILE_MB": "0"})


# -- edits within the file system's mtime resolution ------------------------------------------


def _todo(store: Store, title: str) -> str | None:
    row = store.conn.execute(
        "SELECT todo FROM objects WHERE title = ? AND deleted_at IS NULL", (title,)
    ).fetchone()
    return None if row is None else row[0]


@pytest.mark.parametrize("rounds", range(5))
def test_a_same_size_edit_within_one_mtime_tick_is_ingested(
    rounds: int, store: Store, tmp_path: Path
) -> None:
    """On a 1-second file system (ext2, FAT, exFAT, many network shares) TODO→DONE saved
    twice in one second keeps size and mtime: the first ingest must not trust them."""
    import os
    import time

    note = write(tmp_path / "n" / "task.org", f"* TODO Task {rounds}\n")
    tick = int(time.time()) * 1_000_000_000  # what a 1-second file system records
    os.utime(note, ns=(tick, tick))
    ingest_paths(store, [note.parent], now=T0)
    note.write_text(f"* DONE Task {rounds}\n", encoding="utf-8")  # same size
    os.utime(note, ns=(tick, tick))
    report = ingest_paths(store, [note.parent], now=T1)
    assert report.files_ingested == 1
    assert _todo(store, f"Task {rounds}") == "DONE"


def test_an_old_mtime_keeps_the_cheap_skip(
    store: Store, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import os
    import time

    note = write(tmp_path / "n" / "task.org", "* TODO Task\n")
    old = (int(time.time()) - 3600) * 1_000_000_000
    os.utime(note, ns=(old, old))
    assert ingest_paths(store, [note.parent], now=T0).files_ingested == 1
    real_open = os.open
    opened: list[str] = []

    def spy(file: Any, *args: Any, **kwargs: Any) -> Any:
        opened.append(str(file))
        return real_open(file, *args, **kwargs)

    monkeypatch.setattr(os, "open", spy)
    report = ingest_paths(store, [note.parent], now=T1)
    assert report.files_unchanged == 1 and str(note) not in opened
    monkeypatch.undo()
    # The spy sees reads: a changed file is opened.
    note.write_text("* DONE Task\n", encoding="utf-8")
    monkeypatch.setattr(os, "open", spy)
    assert ingest_paths(store, [note.parent], now=T1).files_ingested == 1
    assert str(note) in opened


def test_a_racy_file_unchanged_on_the_next_run_is_hashed_once_then_skipped(
    store: Store, tmp_path: Path
) -> None:
    import os
    import time

    note = write(tmp_path / "n" / "task.org", "* TODO Task\n")
    now_ns = time.time_ns()
    os.utime(note, ns=(now_ns, now_ns))
    ingest_paths(store, [note.parent], now=T0)
    recorded = store.conn.execute("SELECT mtime_ns FROM files").fetchone()[0]
    assert recorded is None  # racy: not trusted next time
    report = ingest_paths(store, [note.parent], now=T1)
    assert (report.files_unchanged, report.files_ingested) == (1, 0)  # hashed, same content
    old = now_ns - 3600 * 1_000_000_000
    os.utime(note, ns=(old, old))
    ingest_paths(store, [note.parent], now=T1)
    assert store.conn.execute("SELECT mtime_ns FROM files").fetchone()[0] == old


# -- folders that cannot be read ---------------------------------------------------------------


@pytest.mark.parametrize("how", ["explicit root", "re-ingest of known roots"])
def test_an_unreadable_subdirectory_is_an_error_that_keeps_its_notes(
    other_user: Any, how: str
) -> None:
    import json

    notes = other_user.workdir / "notes"
    write(notes / "top.org", "* Top heading\n<2026-11-20 Fri>\n")
    write(notes / "private" / "deep" / "kept.org", "* Private heading\n<2026-11-20 Fri>\n")
    write(notes / "private" / "also.org", "* Also private\n<2026-11-20 Fri>\n")
    other_user.own(notes)
    store = str(other_user.workdir / "s.sqlite3")
    first = other_user.run("--store", store, "ingest", str(notes))
    assert first.returncode == 0, first.stderr
    (notes / "private").chmod(0)
    args = ("ingest", str(notes)) if how == "explicit root" else ("ingest",)
    again = other_user.run("--store", store, *args)
    assert again.returncode == 2, again.stderr
    assert f"prme: error: {notes / 'private'}: cannot read directory" in again.stderr
    assert "notes are kept" in again.stderr and "Traceback" not in again.stderr
    found = other_user.run("--store", store, "--format", "json", "since", "2026-11-01")
    titles = {r["title"] for r in json.loads(found.stdout)["results"]}
    assert titles >= {"Top heading", "Private heading", "Also private"}
    (notes / "private").chmod(0o755)
    (notes / "private" / "also.org").unlink()  # gone for real once readable again
    healed = other_user.run("--store", store, *args)
    assert healed.returncode == 0, healed.stderr
    found = other_user.run("--store", store, "--format", "json", "since", "2026-11-01")
    titles = {r["title"] for r in json.loads(found.stdout)["results"]}
    assert "Private heading" in titles and "Also private" not in titles


# -- Ctrl-C ------------------------------------------------------------------------------------


def test_ctrl_c_during_ingest_says_what_was_committed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from prme_cli import ingest as ingest_mod
    from prme_cli.cli import main

    notes = tmp_path / "notes"
    for name in ("a", "b", "c", "d"):
        write(notes / f"{name}.org", f"* Heading {name}\n** Child {name}\n")
    real = ingest_mod._parse

    def parse(text: str, path: str, todo: Any, done: Any, *rest: Any) -> Any:
        if path.endswith("c.org"):
            raise KeyboardInterrupt
        return real(text, path, todo, done, *rest)

    monkeypatch.setattr(ingest_mod, "_parse", parse)
    store = tmp_path / "s.sqlite3"
    with pytest.raises(SystemExit) as done:
        main(["--store", str(store), "--now", "2026-11-27T20:00", "ingest", str(notes)])
    err = capsys.readouterr().err.splitlines()
    assert done.value.code == 130
    assert err[0] == "prme: interrupted"
    assert err[1].startswith("prme: committed before the interrupt: 2 files ingested, ")
    assert "nodes 6 added" in err[1]  # two files: file object and two headings each
    assert "rolled back" in err[2]
    with Store.open(store) as s:
        assert live_titles(s) == {"Heading a", "Child a", "Heading b", "Child b"}
        assert s.integrity_check() == []


def test_a_real_sigint_during_ingest_exits_130_with_a_consistent_store(tmp_path: Path) -> None:
    import signal
    import subprocess
    import sys
    import time

    notes = tmp_path / "notes"
    for i in range(40):
        write(notes / f"n{i:02d}.org", f"* Heading {i}\n<2026-11-20 Fri>\n** Child {i}\n")
    store = tmp_path / "s.sqlite3"
    # The child marks the tenth file it parses, so the signal lands mid-ingest however slow
    # the machine is to start the process (a fixed sleep sent it before any file was in).
    started = tmp_path / "started"
    slow = (
        "import itertools, pathlib, time, prme_cli.ingest as m\n"
        "real = m._parse\n"
        "calls = itertools.count(1)\n"
        f"marker = pathlib.Path({str(started)!r})\n"
        "def parse(*a):\n"
        "    if next(calls) == 10:\n"
        "        marker.touch()\n"
        "    time.sleep(0.1)\n"
        "    return real(*a)\n"
        "m._parse = parse\n"
        "from prme_cli.cli import main\n"
        "main()\n"
    )
    proc = subprocess.Popen(
        [sys.executable, "-c", slow, "--store", str(store), "ingest", str(notes)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        # A background test run ignores SIGINT and a child inherits that; undo it for the child.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),  # noqa: PLW1509
    )
    deadline = time.monotonic() + 60
    while not started.exists() and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.02)
    assert started.exists(), "the ingest never reached its tenth file"
    proc.send_signal(signal.SIGINT)
    _out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    lines = err.splitlines()
    assert lines[0] == "prme: interrupted" and "Traceback" not in err
    committed = int(lines[1].split("interrupt: ")[1].split(" files")[0])
    with Store.open(store) as s:
        assert s.integrity_check() == []
        files = s.conn.execute("SELECT count(*) FROM files").fetchone()[0]
        headings = s.conn.execute("SELECT count(*) FROM objects WHERE type = 'heading'")
        assert headings.fetchone()[0] == 2 * files  # every file wholly in, or not at all
    assert 0 < committed < 40 and committed <= files <= committed + 1


# -- pathological outlines: sizes linear in the file -----------------------------------------


def _deep_outline(depth: int, title: str = "Heading") -> str:
    return "".join("*" * d + f" {title} {d}\nBody {d}.\n" for d in range(1, depth + 1))


def test_outline_paths_are_bounded_so_a_deep_outline_stays_linear() -> None:
    from prme_cli.org import MAX_PATH_TITLES, parse_org

    for depth in (200, 400):
        nodes = parse_org(_deep_outline(depth), "deep.org").nodes
        assert len(nodes) == depth + 1
        assert max(len(n.path) for n in nodes) <= MAX_PATH_TITLES
        assert sum(len(n.path) for n in nodes) <= MAX_PATH_TITLES * len(nodes)
    deepest = nodes[-1]
    # The elided path keeps where it starts and where it ends, and says it skipped.
    assert deepest.path[:2] == ("Heading 1", "Heading 2") and "…" in deepest.path
    assert deepest.path[-1] == "Heading 399"
    shallow = parse_org(_deep_outline(12), "x.org").nodes[-1]
    assert shallow.path == tuple(f"Heading {d}" for d in range(1, 12))  # untouched


def test_a_store_grows_linearly_with_the_depth_of_an_outline(tmp_path: Path) -> None:
    """A 10,000-deep outline once made a 50 MB file a 707 MB store: every heading stored its
    whole outline path, so the stored text grew with the square of the depth. Doubling the
    depth must (about) double what is stored, in the paths and in the file on disk."""
    stored: dict[int, tuple[int, int]] = {}
    for depth in (600, 1200):
        path = tmp_path / f"deep-{depth}.sqlite3"
        with Store.open(path) as deep_store:
            ingest_text(deep_store, _deep_outline(depth), "deep.org", now=T0)
            paths = deep_store.conn.execute("SELECT sum(length(path)) FROM objects").fetchone()
            deep_store.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        stored[depth] = (int(paths[0]), path.stat().st_size)
    for i, what in enumerate(("outline paths", "store file")):
        ratio = stored[1200][i] / stored[600][i]
        assert ratio < 2.6, f"{what} grew {ratio:.1f}x for twice the depth: {stored}"


def test_a_long_title_is_shortened_in_descendants_paths_only() -> None:
    from prme_cli.org import MAX_PATH_TITLE_CHARS, parse_org

    long_title = "word " * 2000
    text = f"* {long_title.strip()}\n** Child\n*** Grandchild\n"
    nodes = parse_org(text, "x.org").nodes
    assert nodes[1].title == long_title.strip()  # the heading's own title is whole
    assert len(nodes[3].path[0]) <= MAX_PATH_TITLE_CHARS and nodes[3].path[0].endswith("…")


def _full_path(nodes: list[Any], i: int) -> tuple[str, ...]:
    out: list[str] = []
    parent = nodes[i].parent
    while parent:
        out.append(nodes[parent].title)
        parent = nodes[parent].parent
    return tuple(reversed(out))


def test_derived_ids_are_unchanged_and_stay_distinct_in_deep_outlines(store: Store) -> None:
    """Ids hash the whole outline path as before (computed incrementally now), so ids stored
    by earlier versions stay valid, and deep headings with equal elided paths stay apart."""
    import hashlib

    from prme_cli.ingest import ingest_text as ingest_one
    from prme_cli.org import parse_org

    text = (
        "* Project\n** Notes\n*** Notes\n* Project\n** Notes\n"
        + _deep_outline(80, "Level")
        + _deep_outline(80, "Level")
    )
    ingest_one(store, text, "ids.org", now=T0)
    nodes = parse_org(text, "ids.org").nodes
    stored = [
        r[0]
        for r in store.conn.execute("SELECT id FROM objects WHERE type = 'heading' ORDER BY seq")
    ]
    seen: dict[tuple[tuple[str, ...], str], int] = {}
    expected = []
    for i, node in enumerate(nodes[1:], 1):
        path = _full_path(nodes, i)
        occurrence = seen.get((path, node.title), 0)
        seen[(path, node.title)] = occurrence + 1
        key = "\x1f".join(["", "ids.org", *path, "\x1e", node.title, str(occurrence)])
        expected.append(hashlib.sha256(key.encode("utf-8")).hexdigest()[:20])
    assert stored == expected
    assert len(set(stored)) == len(stored)


def test_ingest_reads_a_file_a_top_level_subtree_at_a_time() -> None:
    from prme_cli.org import OrgStream, parse_org

    text = "#+TITLE: T\npreamble\n* A\n** A1\n*** A11\n* B\n* C\n** C1\n"
    stream = OrgStream(text, "t.org", todo_keywords=("TODO",), done_keywords=("DONE",))
    batches = [[node.title for _, node in batch] for batch in stream.batches()]
    assert batches == [["T"], ["A", "A1", "A11"], ["B"], ["C", "C1"]]
    whole = parse_org(text, "t.org").nodes
    assert [n.title for n in whole] == ["T", "A", "A1", "A11", "B", "C", "C1"]
