"""The store: creation, pragmas, migrations, refusing foreign files, concurrency."""

from __future__ import annotations

import hashlib
import os
import sqlite3
import threading
from pathlib import Path

import pytest

from prme_cli import store as store_mod
from prme_cli.errors import StoreError
from prme_cli.store import Store


def sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_open_creates_parents_schema_and_pragmas(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "er" / "memory.sqlite3"
    with Store.open(path) as store:
        conn = store.conn
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert conn.execute("PRAGMA busy_timeout").fetchone()[0] >= 5000
        assert conn.execute("PRAGMA foreign_keys").fetchone()[0] == 1
        assert conn.isolation_level is None
        assert store.schema_version == len(store_mod.MIGRATIONS)
        assert [name for name, _ in store.migrations()] == [n for n, _ in store_mod.MIGRATIONS]
        assert store.meta("application") == "prme"
        assert store.integrity_check() == []
    assert path.exists()


def test_open_missing_without_create(tmp_path: Path) -> None:
    path = tmp_path / "none.sqlite3"
    with pytest.raises(StoreError, match="no store at .*prme ingest"):
        Store.open(path, create=False)
    assert not path.exists()


def test_reopen_is_idempotent(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite3"
    with Store.open(path) as store:
        first = store.migrations()
    with Store.open(path, create=False) as store:
        assert store.migrations() == first
        assert store.conn.execute("SELECT count(*) FROM migrations").fetchone()[0] == len(first)


def test_appended_migration_is_applied_once_with_its_row(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "s.sqlite3"
    Store.open(path).close()
    extra = ("0099_receipts_test", "CREATE TABLE receipts_test (id INTEGER PRIMARY KEY);")
    monkeypatch.setattr(store_mod, "MIGRATIONS", [*store_mod.MIGRATIONS, extra])
    with Store.open(path) as store:
        assert "0099_receipts_test" in dict(store.migrations())
        store.conn.execute("SELECT * FROM receipts_test").fetchall()
        assert store.meta("schema_version") == str(len(store_mod.MIGRATIONS))
    with Store.open(path) as store:
        assert len(store.migrations()) == len(store_mod.MIGRATIONS)


def test_failing_migration_leaves_no_trace(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "s.sqlite3"
    Store.open(path).close()

    def broken(conn: sqlite3.Connection) -> None:
        conn.execute("CREATE TABLE half_done (x)")
        raise RuntimeError("boom")

    monkeypatch.setattr(store_mod, "MIGRATIONS", [*store_mod.MIGRATIONS, ("0098_broken", broken)])
    with pytest.raises(RuntimeError):
        Store.open(path)
    monkeypatch.undo()
    with Store.open(path) as store:
        names = {r[0] for r in store.conn.execute("SELECT name FROM sqlite_master")}
        assert "half_done" not in names
        assert "0098_broken" not in dict(store.migrations())


def _other_sqlite(path: Path) -> None:
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)")
    conn.execute("INSERT INTO notes(body) VALUES ('not prme')")
    conn.commit()
    conn.close()


@pytest.mark.parametrize(
    "kind", ["other_sqlite", "random_bytes", "empty", "text", "truncated_prme", "meta_other_app"]
)
def test_not_a_prme_store_is_refused_and_untouched(tmp_path: Path, kind: str) -> None:
    path = tmp_path / "victim.sqlite3"
    if kind == "other_sqlite":
        _other_sqlite(path)
    elif kind == "random_bytes":
        path.write_bytes(os.urandom(8192))
    elif kind == "empty":
        path.write_bytes(b"")
    elif kind == "text":
        path.write_text("* TODO this is an org file, not a store\n")
    elif kind == "truncated_prme":
        full = tmp_path / "full.sqlite3"
        with Store.open(full) as store:
            store.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        data = full.read_bytes()
        path.write_bytes(data[: len(data) // 2])
    elif kind == "meta_other_app":
        conn = sqlite3.connect(path)
        conn.execute("CREATE TABLE prme_meta (key TEXT PRIMARY KEY, value TEXT)")
        conn.execute("CREATE TABLE migrations (name TEXT PRIMARY KEY, applied_at TEXT)")
        conn.execute("INSERT INTO prme_meta VALUES ('application', 'someone-else')")
        conn.commit()
        conn.close()
    before = sha(path)
    with pytest.raises(StoreError):
        Store.open(path)
    with pytest.raises(StoreError):
        Store.open(path, create=False)
    assert sha(path) == before
    assert not Path(str(path) + "-wal").exists()


def test_newer_schema_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite3"
    with Store.open(path) as store, store.transaction() as conn:
        conn.execute(
            "INSERT INTO migrations(name, applied_at) VALUES ('9999_from_the_future', 'x')"
        )
    with pytest.raises(StoreError, match="newer"):
        Store.open(path)


def test_directory_is_refused(tmp_path: Path) -> None:
    with pytest.raises(StoreError):
        Store.open(tmp_path)


def test_transaction_rolls_back_on_any_exception(tmp_path: Path) -> None:
    with Store.open(tmp_path / "s.sqlite3") as store:
        for exc in (ValueError("x"), KeyboardInterrupt()):
            with pytest.raises(type(exc)), store.transaction() as conn:
                conn.execute(
                    "INSERT INTO roots VALUES ('/r', 'dir', '*.org', '[]', 0, '[]', 'a', 'a')"
                )
                raise exc
            assert not store.conn.in_transaction
            assert store.conn.execute("SELECT count(*) FROM roots").fetchone()[0] == 0
        with store.transaction() as conn:
            conn.execute("INSERT INTO roots VALUES ('/r', 'dir', '*.org', '[]', 0, '[]', 'a', 'a')")
        assert store.conn.execute("SELECT count(*) FROM roots").fetchone()[0] == 1


def test_reader_during_open_write_transaction(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite3"
    writer = Store.open(path)
    with writer.transaction() as conn:
        conn.execute("INSERT INTO roots VALUES ('/r', 'dir', '*.org', '[]', 0, '[]', 'a', 'a')")
        # A second process opening the store and reading while the write lock is held.
        reader = Store.open(path, create=False)
        assert reader.conn.execute("SELECT count(*) FROM roots").fetchone()[0] == 0
        reader.close()
    reader = Store.open(path, create=False)
    assert reader.conn.execute("SELECT count(*) FROM roots").fetchone()[0] == 1
    reader.close()
    writer.close()


def test_second_writer_waits_instead_of_failing(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite3"
    first = Store.open(path)
    second = Store.open(path)
    started = threading.Event()
    release = threading.Event()

    def hold() -> None:
        with first.transaction() as conn:
            conn.execute("INSERT INTO roots VALUES ('/a', 'dir', '*', '[]', 0, '[]', 'a', 'a')")
            started.set()
            release.wait(5)

    t = threading.Thread(target=hold)
    t.start()
    started.wait(5)
    threading.Timer(0.3, release.set).start()
    with second.transaction() as conn:  # blocks on busy_timeout, then succeeds
        conn.execute("INSERT INTO roots VALUES ('/b', 'dir', '*', '[]', 0, '[]', 'a', 'a')")
    t.join()
    assert second.conn.execute("SELECT count(*) FROM roots").fetchone()[0] == 2
    first.close()
    second.close()


def test_integrity_check_reports_broken_invariants(tmp_path: Path) -> None:
    with Store.open(tmp_path / "s.sqlite3") as store:
        with store.transaction() as conn:
            conn.execute(
                "INSERT INTO files(file_id, path, relpath, first_seen, last_seen) "
                "VALUES (1, '/f.org', 'f.org', 'x', 'x')"
            )
            conn.execute(
                "INSERT INTO objects(pk, id, file_id, type, seq, line, level, path, title, tags, "
                "own_tags, properties, body, content_hash, version, first_seen, last_seen) "
                "VALUES (1, 'a', 1, 'heading', 1, 1, 1, '[]', 't', '[]', '[]', '{}', '', 'h', "
                "'v', 'x', 'x')"
            )
        problems = store.integrity_check()
        assert any("version" in p for p in problems)


def _object_with_stamp(conn: sqlite3.Connection, pk: int, **flags: object) -> None:
    deleted_at = flags.get("deleted_at")
    archived = flags.get("archived", 0)
    conn.execute(
        "INSERT INTO objects(pk, id, file_id, type, seq, line, level, path, title, tags, "
        "own_tags, properties, body, archived, content_hash, version, first_seen, last_seen, "
        "deleted_at) VALUES (?, ?, 1, 'heading', ?, 1, 1, '[]', 't', '[]', '[]', '{}', '', ?, "
        "'h', 'v', 'x', 'x', ?)",
        (pk, f"o{pk}", pk, archived, deleted_at),
    )
    conn.execute("INSERT INTO versions(obj, content_hash, version) VALUES (?, 'h', 'v')", (pk,))
    conn.execute(
        'INSERT INTO timestamps(obj, kind, start, "end", stop, span, has_time, raw, line) '
        "VALUES (?, 'active', 100, 100, 101, 0, 1, '<x>', 1)",
        (pk,),
    )


def _hidden(conn: sqlite3.Connection) -> dict[int, int]:
    return dict(conn.execute("SELECT obj, hidden FROM timestamps ORDER BY obj"))


def test_time_index_liveness_copy_follows_flag_changes(tmp_path: Path) -> None:
    """``timestamps.hidden`` follows any later change of its object's flags (a trigger), and
    the integrity check reports a stamp written with the wrong copy."""
    with Store.open(tmp_path / "s.sqlite3") as store:
        with store.transaction() as conn:
            conn.execute(
                "INSERT INTO files(file_id, path, relpath, first_seen, last_seen) "
                "VALUES (1, '/f.org', 'f.org', 'x', 'x')"
            )
            for pk in (1, 2, 3, 4):
                _object_with_stamp(conn, pk)
            conn.execute("UPDATE objects SET deleted_at = 'y' WHERE pk IN (2, 4)")
            conn.execute("UPDATE objects SET archived = 1 WHERE pk IN (3, 4)")
        assert _hidden(store.conn) == {1: 0, 2: 1, 3: 2, 4: 3}
        with store.transaction() as conn:
            conn.execute("UPDATE objects SET deleted_at = 'y' WHERE pk = 1")
            conn.execute("UPDATE objects SET deleted_at = NULL WHERE pk IN (2, 4)")
            conn.execute("UPDATE objects SET archived = 0 WHERE pk = 3")
            conn.execute("UPDATE objects SET line = 2, archived = 1 WHERE pk = 4")
        assert _hidden(store.conn) == {1: 1, 2: 0, 3: 0, 4: 2}
        assert store.integrity_check() == []
        with store.transaction() as conn:
            _object_with_stamp(conn, 5, deleted_at="x")  # its stamp left with the default 0
        assert any("liveness" in p for p in store.integrity_check())


def test_liveness_migration_backfills_an_older_store(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "s.sqlite3"
    full = list(store_mod.MIGRATIONS)
    liveness = [name for name, _ in full].index("0004_liveness_in_time_index")
    monkeypatch.setattr(store_mod, "MIGRATIONS", full[:liveness])
    with Store.open(path) as store, store.transaction() as conn:
        conn.execute(
            "INSERT INTO files(file_id, path, relpath, first_seen, last_seen) "
            "VALUES (1, '/f.org', 'f.org', 'x', 'x')"
        )
        _object_with_stamp(conn, 1)
        _object_with_stamp(conn, 2, deleted_at="x")
        _object_with_stamp(conn, 3, archived=1)
    monkeypatch.setattr(store_mod, "MIGRATIONS", full)
    with Store.open(path) as store:
        assert store.schema_version == len(full)
        assert _hidden(store.conn) == {1: 0, 2: 1, 3: 2}
        assert store.integrity_check() == []
