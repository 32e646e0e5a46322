"""The store under crashes, full disks, read-only places and concurrent runs (issue 8):
healthy stores always open, damaged or foreign ones are still refused, writes that cannot
happen say why, and a backup is a consistent copy taken while an ingest runs."""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from prme_cli import store as store_mod
from prme_cli.errors import StoreError
from prme_cli.ingest import ingest_paths
from prme_cli.store import Store

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "sample_org"
T0 = datetime(2026, 11, 1, 9, 0, tzinfo=UTC)
T1 = datetime(2026, 11, 2, 9, 0, tzinfo=UTC)


def prme(*args: str, stdin: str | None = None, timeout: float = 120) -> Any:
    exe = Path(sys.executable).with_name("prme")
    return subprocess.run(
        [str(exe), "--now", "2026-11-27T20:00", "--tz", "UTC", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


def counts(path: Path) -> tuple[int, int]:
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return conn.execute(
            "SELECT (SELECT count(*) FROM objects), (SELECT count(*) FROM files)"
        ).fetchone()
    finally:
        conn.close()


# -- a checkpoint cut short ------------------------------------------------------------------


def _crash_copy_with_torn_checkpoint(tmp_path: Path) -> tuple[Path, tuple[int, int]]:
    """A store as a crash (or a full disk) in the middle of a WAL checkpoint leaves it: the
    WAL holds every committed frame, the main file already has the new page 1 (whose header
    counts the grown database) but not yet the pages past its old end."""
    live = tmp_path / "live.sqlite3"
    with Store.open(live) as store:
        ingest_paths(store, [SAMPLE], now=T0)
    store = Store.open(live)
    try:
        store.conn.execute("PRAGMA wal_autocheckpoint = 0")
        copies = []
        for i in range(3):
            shutil.copytree(SAMPLE, tmp_path / f"more{i}")
            copies.append(tmp_path / f"more{i}")
        ingest_paths(store, copies, now=T1)
        store.conn.execute("PRAGMA wal_autocheckpoint = 0")
        crash = tmp_path / "crash.sqlite3"
        shutil.copyfile(live, crash)  # the process dies here: no checkpoint, WAL kept
        shutil.copyfile(f"{live}-wal", f"{crash}-wal")
        expected = (
            store.conn.execute("SELECT count(*) FROM objects").fetchone()[0],
            store.conn.execute("SELECT count(*) FROM files").fetchone()[0],
        )
    finally:
        store.close()
    wal = Path(f"{crash}-wal").read_bytes()
    page_size = int.from_bytes(wal[8:12], "big")
    salts = wal[16:24]
    page1, offset = None, 32
    while offset + 24 + page_size <= len(wal):
        if wal[offset + 8 : offset + 16] == salts and wal[offset : offset + 4] == b"\0\0\0\1":
            page1 = wal[offset + 24 : offset + 24 + page_size]
        offset += 24 + page_size
    assert page1 is not None
    with crash.open("r+b") as fh:
        fh.write(page1)  # the checkpoint wrote page 1 first, then died
    header_pages = int.from_bytes(page1[28:32], "big")
    assert crash.stat().st_size < header_pages * page_size  # looks truncated by the header
    return crash, expected


def test_a_store_cut_short_in_a_checkpoint_opens_and_is_whole(tmp_path: Path) -> None:
    crash, expected = _crash_copy_with_torn_checkpoint(tmp_path)
    probe = tmp_path / "probe.sqlite3"  # SQLite itself reads it as healthy
    shutil.copyfile(crash, probe)
    shutil.copyfile(f"{crash}-wal", f"{probe}-wal")
    conn = sqlite3.connect(probe)
    assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    conn.close()
    with Store.open(crash, create=False) as store:
        assert store.integrity_check() == []
        assert (
            store.conn.execute("SELECT count(*) FROM objects").fetchone()[0],
            store.conn.execute("SELECT count(*) FROM files").fetchone()[0],
        ) == expected
    # and every command works on it, ingest included
    assert prme("--store", str(crash), "doctor").returncode in (0, 4)
    assert prme("--store", str(crash), "ingest", str(SAMPLE)).returncode == 0
    assert prme("--store", str(crash), "stats").returncode == 0


def test_a_really_truncated_store_is_still_refused(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite3"
    with Store.open(path) as store:
        ingest_paths(store, [SAMPLE], now=T0)
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])
    with pytest.raises(StoreError, match="truncated or corrupt"):
        Store.open(path)
    assert path.read_bytes() == data[: len(data) // 2]
    # A WAL beside it that does not make it whole does not rescue it either.
    Path(f"{path}-wal").write_bytes(b"\x37\x7f\x06\x82" + b"\0" * 28)
    with pytest.raises(StoreError):
        Store.open(path)


def test_a_store_appears_only_once_complete(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Creation builds the schema under another name and links it into place, so a reader or a
    second ingest never meets an empty or half-made file ("empty file, not a prme store")."""
    path = tmp_path / "new.sqlite3"
    seen: list[bool] = []

    def look(conn: sqlite3.Connection) -> None:
        seen.append(path.exists())

    monkeypatch.setattr(store_mod, "MIGRATIONS", [*store_mod.MIGRATIONS, ("0019_look", look)])
    Store.open(path).close()
    assert seen == [False]
    assert path.exists() and sorted(p.name for p in tmp_path.iterdir()) == ["new.sqlite3"]


# -- permissions and read-only places -------------------------------------------------------


def test_a_store_under_a_folder_the_user_cannot_search_is_exit_three(other_user: Any) -> None:
    locked = other_user.workdir / "locked"
    (locked / "inner").mkdir(parents=True)
    store = locked / "inner" / "memory.sqlite3"
    with Store.open(store) as s:
        ingest_paths(s, [SAMPLE], now=T0)
    locked.chmod(0o700)  # owned by root (or by us when not root, then made unsearchable)
    if not other_user.is_root:
        locked.chmod(0)
    for args in (("since", "today"), ("ingest", str(SAMPLE)), ("doctor",), ("stats",)):
        done = other_user.run("--store", str(store), *args)
        assert done.returncode == 3, (args, done.stderr)
        assert "Traceback" not in done.stderr
        said = done.stdout if args == ("doctor",) else done.stderr  # doctor reports on stdout
        assert f"{store}: cannot reach the store: Permission denied" in said, said


READS: list[tuple[str, ...]] = [
    ("--format", "json", "since", "2026-11-01"),
    ("--format", "json", "stats"),
    ("--format", "json", "query", "frame"),
    ("query", "frame", "--context", "--budget", "300"),
    ("--format", "json", "doctor"),
    ("relate", "How long between the two frames?"),
]
WRITES: list[tuple[str, ...]] = [
    ("ingest", str(SAMPLE)),
    ("forget", str(SAMPLE)),
    ("purge", "--tombstones"),
]


def _check_read_only(run: Any, store: Path, reads: list[tuple[str, ...]] = READS) -> None:
    for args in reads:
        done = run("--store", str(store), *args)
        assert done.returncode in ((0, 1) if args[0] == "relate" else (0,)), (args, done.stderr)
        assert "Traceback" not in done.stderr
    for args in WRITES if len(reads) == len(READS) else WRITES[:1]:
        done = run("--store", str(store), *args)
        assert done.returncode == 3, (args, done.stderr)
        assert "read-only location" in done.stderr and "Traceback" not in done.stderr


def _in_process(*args: str) -> Any:
    """``prme`` run in this process (a read-only mount is read-only for root too)."""
    import contextlib
    import io

    from prme_cli.cli import main

    out, err = io.StringIO(), io.StringIO()
    code = 0
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            main(["--now", "2026-11-27T20:00", "--tz", "UTC", *args])
        except SystemExit as done:
            code = int(done.code or 0)
    return subprocess.CompletedProcess(args, code, out.getvalue(), err.getvalue())


@pytest.fixture
def read_only_mount(tmp_path: Path) -> Iterator[Path]:
    if os.geteuid() != 0 or shutil.which("mount") is None:
        pytest.skip("mounting a read-only file system needs root")
    point = tmp_path / "ro"
    point.mkdir()
    mount = ["mount", "-t", "tmpfs", "-o", "size=16m", "tmpfs", str(point)]
    if subprocess.run(mount, check=False).returncode:
        pytest.skip("cannot mount a tmpfs here")
    try:
        yield point
    finally:
        subprocess.run(["umount", "-l", str(point)], check=False)


def test_a_store_on_a_read_only_file_system_reads_and_refuses_writes(
    read_only_mount: Path,
) -> None:
    store = read_only_mount / "memory.sqlite3"
    assert prme("--store", str(store), "ingest", str(SAMPLE)).returncode == 0
    subprocess.run(["mount", "-o", "remount,ro", str(read_only_mount)], check=True)
    _check_read_only(_in_process, store)
    with Store.open(store, create=False) as s:
        assert s.read_only and s.integrity_check() == []


def test_a_read_only_store_whose_wal_cannot_be_read_says_so(read_only_mount: Path) -> None:
    store = read_only_mount / "memory.sqlite3"
    keep = Store.open(store)
    ingest_paths(keep, [SAMPLE], now=T0)
    keep.conn.execute("PRAGMA wal_checkpoint(PASSIVE)")
    with keep.transaction() as conn:
        conn.execute("UPDATE objects SET title = title || ' (edited)'")
    copy = Path(str(read_only_mount) + "-copy")
    copy.mkdir()
    for suffix in ("", "-wal"):
        shutil.copyfile(f"{store}{suffix}", copy / f"memory.sqlite3{suffix}")
    keep.close()
    shutil.rmtree(read_only_mount / "x", ignore_errors=True)
    for p in read_only_mount.iterdir():
        p.unlink()
    for suffix in ("", "-wal"):
        shutil.copyfile(copy / f"memory.sqlite3{suffix}", f"{store}{suffix}")
    shutil.rmtree(copy)
    subprocess.run(["mount", "-o", "remount,ro", str(read_only_mount)], check=True)
    done = prme("--store", str(store), "since", "2026-11-01")
    assert done.returncode == 3
    assert "read-only location" in done.stderr and "write-ahead log" in done.stderr


def test_a_store_in_a_read_only_folder_reads_and_refuses_writes(other_user: Any) -> None:
    folder = other_user.workdir / "shared"
    folder.mkdir()
    store = folder / "memory.sqlite3"
    with Store.open(store) as s:
        ingest_paths(s, [SAMPLE], now=T0)
    if other_user.is_root:
        os.chown(folder, 0, 0)  # root's folder and file: the other user may only read
        os.chown(store, 0, 0)
    folder.chmod(0o755)
    store.chmod(0o644)
    if not other_user.is_root:
        folder.chmod(0o555)
        store.chmod(0o444)
    _check_read_only(other_user.run, store, [READS[0], READS[4]])
    create = other_user.run("--store", str(folder / "new.sqlite3"), "ingest", str(SAMPLE))
    assert create.returncode == 3 and "read-only location" in create.stderr


# -- concurrent ingests ----------------------------------------------------------------------


@pytest.mark.parametrize("fresh", [True, False])
def test_two_ingests_at_once_both_succeed(tmp_path: Path, fresh: bool) -> None:
    notes = tmp_path / "notes"
    for i in range(4):
        shutil.copytree(SAMPLE, notes / f"copy{i}")
    store = tmp_path / "memory.sqlite3"
    expected_store = tmp_path / "alone.sqlite3"
    assert prme("--store", str(expected_store), "ingest", str(notes)).returncode == 0
    if not fresh:
        assert prme("--store", str(store), "ingest", str(notes / "copy0")).returncode == 0
    exe = Path(sys.executable).with_name("prme")
    for _trial in range(2):
        procs = [
            subprocess.Popen(
                [
                    str(exe),
                    "--store",
                    str(store),
                    "--now",
                    "2026-11-27T20:00",
                    "ingest",
                    str(notes),
                ],
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
            for _ in range(2)
        ]
        outcomes = [(p.wait(timeout=120), p.stderr.read() if p.stderr else "") for p in procs]
        for code, err in outcomes:
            assert code == 0, err
        assert counts(store)[0] == counts(expected_store)[0]
    with Store.open(store) as s:
        assert s.integrity_check() == []


def test_an_ingest_waits_for_the_one_running(tmp_path: Path) -> None:
    path = tmp_path / "memory.sqlite3"
    notes = tmp_path / "notes"
    shutil.copytree(SAMPLE, notes)
    holder = Store.open(path)
    waited: list[int | None] = []
    released = threading.Event()

    def hold() -> None:
        with holder.run_lock():
            released.wait(10)

    thread = threading.Thread(target=hold)
    thread.start()
    time.sleep(0.2)
    with Store.open(path) as store:
        timer = threading.Timer(0.5, released.set)
        timer.start()
        started = time.monotonic()
        report = ingest_paths(store, [notes], now=T0, on_wait=lambda pid: waited.append(pid))
        assert time.monotonic() - started >= 0.4
    thread.join()
    holder.close()
    assert waited == [os.getpid()] and report.files_ingested > 0


def test_a_waiting_ingest_says_so_on_a_terminal(tmp_path: Path) -> None:
    import pty

    path = tmp_path / "memory.sqlite3"
    holder = Store.open(path)
    exe = Path(sys.executable).with_name("prme")
    with holder.run_lock():
        primary, secondary = pty.openpty()
        proc = subprocess.Popen(
            [str(exe), "--store", str(path), "ingest", str(SAMPLE)],
            stdout=subprocess.DEVNULL,
            stderr=secondary,
        )
        os.close(secondary)
        buf = b""
        deadline = time.monotonic() + 30
        while b"waiting for another" not in buf and time.monotonic() < deadline:
            try:
                buf += os.read(primary, 1024)
            except OSError:
                break
    assert proc.wait(timeout=60) == 0
    os.close(primary)
    holder.close()
    assert b"waiting for another ingest" in buf


# -- backup and doctor facts -----------------------------------------------------------------


def test_backup_is_a_whole_copy_and_refuses_to_overwrite(tmp_path: Path) -> None:
    store = tmp_path / "memory.sqlite3"
    assert prme("--store", str(store), "ingest", str(SAMPLE)).returncode == 0
    target = tmp_path / "backups" / "copy.sqlite3"
    done = prme("--store", str(store), "backup", str(target))
    assert done.returncode == 0, done.stderr
    assert counts(target) == counts(store)
    assert not Path(f"{target}-wal").exists()
    with Store.open(target, create=False) as copy:
        assert copy.integrity_check() == []
    again = prme("--store", str(store), "backup", str(target))
    assert again.returncode == 2 and "exists" in again.stderr
    assert prme("--store", str(store), "backup", "--force", str(target)).returncode == 0
    into_dir = prme("--store", str(store), "backup", str(tmp_path / "backups"))
    assert into_dir.returncode == 0 and counts(tmp_path / "backups" / "memory.sqlite3")
    missing = prme("--store", str(tmp_path / "none.sqlite3"), "backup", str(tmp_path / "b"))
    assert missing.returncode == 3


def test_backup_while_an_ingest_runs_is_consistent(tmp_path: Path) -> None:
    notes = tmp_path / "notes"
    for i in range(20):
        shutil.copytree(SAMPLE, notes / f"copy{i:02d}")
    store = tmp_path / "memory.sqlite3"
    assert prme("--store", str(store), "ingest", str(notes / "copy00")).returncode == 0
    exe = Path(sys.executable).with_name("prme")
    writer = subprocess.Popen(
        [str(exe), "--store", str(store), "ingest", str(notes)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    copies = []
    try:
        for i in range(3):
            target = tmp_path / f"b{i}.sqlite3"
            done = prme("--store", str(store), "backup", str(target))
            assert done.returncode == 0, done.stderr
            copies.append(target)
    finally:
        assert writer.wait(timeout=300) == 0
    for target in copies:
        with Store.open(target, create=False) as copy:
            assert copy.integrity_check() == []
            # every file wholly there or not at all: its object count is the sample's
            per_file = copy.conn.execute("SELECT count(*) FROM objects GROUP BY file_id").fetchall()
            assert per_file


def test_doctor_reports_wal_checkpoint_and_free_pages(tmp_path: Path) -> None:
    store = tmp_path / "memory.sqlite3"
    assert prme("--store", str(store), "ingest", str(SAMPLE)).returncode == 0
    done = prme("--store", str(store), "--format", "json", "doctor")
    checks = {c["name"]: c for c in json.loads(done.stdout)}
    facts = checks["storage"]
    assert facts["ok"] is True
    assert set(facts["facts"]) >= {
        "wal_bytes",
        "last_checkpoint",
        "free_pages",
        "page_size",
        "pages",
        "read_only",
    }
    assert facts["facts"]["wal_bytes"] == 0  # closed cleanly: the WAL was checkpointed
    assert "WAL" in facts["detail"] and "free" in facts["detail"]


def test_a_query_sees_one_snapshot_while_an_ingest_commits(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A query is two statements (keys, then rows): an ingest committing in between once made
    rows vanish under it (KeyError in a reader during the load test)."""
    from prme_cli import query as query_mod
    from prme_cli.query import Filters, select

    path = tmp_path / "memory.sqlite3"
    with Store.open(path) as s:
        ingest_paths(s, [SAMPLE], now=T0)
    real = query_mod._load_rows

    def load_after_a_commit(conn: sqlite3.Connection, pks: list[int]) -> Any:
        other = sqlite3.connect(path, isolation_level=None)
        other.execute("PRAGMA foreign_keys = ON")
        other.execute(f"DELETE FROM objects WHERE pk IN ({','.join(map(str, pks[:3]))})")
        other.close()
        return real(conn, pks)

    monkeypatch.setattr(query_mod, "_load_rows", load_after_a_commit)
    window = (datetime(2026, 11, 1, tzinfo=UTC), datetime(2026, 12, 1, tzinfo=UTC))
    with Store.open(path, create=False) as reader:
        for limit in (None, 5):
            rows = select(reader, window=window, filters=Filters(), limit=limit)
            assert rows
        assert select(reader, text="frame", window=window)
