"""Ingest: ids, hashes, versions, tombstones, skips, transactions, errors, roots."""

from __future__ import annotations

import os
import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from prme_cli import ingest as ingest_mod
from prme_cli.errors import UsageError
from prme_cli.ingest import (
    content_hash,
    forget,
    ingest_paths,
    ingest_text,
    known_roots,
    purge_tombstones,
    reingest_roots,
    split_todo_keywords,
)
from prme_cli.model import Node, Timestamp
from prme_cli.store import Store

T0 = datetime(2026, 11, 1, 9, 0, tzinfo=UTC)
T1 = T0 + timedelta(days=1)
T2 = T0 + timedelta(days=2)
T3 = T0 + timedelta(days=3)


@pytest.fixture
def store(tmp_path: Path) -> Any:
    s = Store.open(tmp_path / "store" / "memory.sqlite3")
    yield s
    s.close()


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def objects(store: Store, *, live_only: bool = True) -> dict[str, dict[str, Any]]:
    cur = store.conn.execute(
        "SELECT * FROM objects" + (" WHERE deleted_at IS NULL" if live_only else "")
    )
    names = [d[0] for d in cur.description]
    return {r[1]: dict(zip(names, r, strict=True)) for r in cur}


def by_title(store: Store, title: str, *, live_only: bool = True) -> dict[str, Any]:
    found = [o for o in objects(store, live_only=live_only).values() if o["title"] == title]
    assert len(found) == 1, (title, found)
    return found[0]


def snapshot(store: Store) -> dict[str, list[tuple[Any, ...]]]:
    tables = ("objects", "timestamps", "versions")
    return {t: store.conn.execute(f"SELECT * FROM {t} ORDER BY 1, 2").fetchall() for t in tables}


NOTES = """\
#+TITLE: Notes
* Project
:PROPERTIES:
:ID: proj-1
:END:
Some words.
** TODO Write report :work:
SCHEDULED: <2026-11-03 Tue>
** Meeting
:PROPERTIES:
:CUSTOM_ID: meet
:END:
<2026-11-02 Mon 10:00-11:00>
* Plain heading
Body text.
* Plain heading
Second one, same title.
"""


def test_ids_from_id_custom_id_and_derived(store: Store, tmp_path: Path) -> None:
    f = write(tmp_path / "notes" / "a.org", NOTES)
    report = ingest_paths(store, [f.parent], now=T0)
    assert report.errors == [] and report.files_ingested == 1
    objs = objects(store)
    assert "proj-1" in objs and "meet" in objs
    assert objs[str(f)]["type"] == "file"
    plain = [o for o in objs.values() if o["title"] == "Plain heading"]
    assert len(plain) == 2 and plain[0]["id"] != plain[1]["id"]
    assert report.nodes_added == len(objs) == 6
    report_row = by_title(store, "Write report")
    assert report_row["parent_id"] == "proj-1"
    assert report_row["todo"] == "TODO"
    assert store.integrity_check() == []


def test_derived_ids_stable_when_sibling_inserted_and_text_changes(
    store: Store, tmp_path: Path
) -> None:
    f = write(tmp_path / "n" / "a.org", NOTES)
    ingest_paths(store, [f.parent], now=T0)
    before = {o["title"] + str(o["seq"]): o["id"] for o in objects(store).values()}
    plain_ids = sorted(o["id"] for o in objects(store).values() if o["title"] == "Plain heading")
    edited = NOTES.replace("* Project", "* Inserted above\nnew text\n* Project").replace(
        "Body text.", "Body text, edited."
    )
    write(f, edited)
    report = ingest_paths(store, [f.parent], now=T1)
    assert report.nodes_added == 1 and report.nodes_changed == 1
    after = objects(store)
    assert sorted(o["id"] for o in after.values() if o["title"] == "Plain heading") == plain_ids
    assert set(before.values()) <= set(after)


def test_duplicate_ids_get_derived_ids_and_warnings(store: Store, tmp_path: Path) -> None:
    a = write(
        tmp_path / "n" / "a.org",
        "* One\n:PROPERTIES:\n:ID: same\n:END:\n* Two\n:PROPERTIES:\n:ID: same\n:END:\n",
    )
    b = write(tmp_path / "n" / "b.org", "* Three\n:PROPERTIES:\n:ID: same\n:END:\n")
    report = ingest_paths(store, [a.parent], now=T0)
    objs = objects(store)
    assert objs["same"]["title"] == "One"
    assert by_title(store, "Two")["id"] != "same"
    assert by_title(store, "Three")["id"] != "same"
    dup = [w for w in report.warnings if "duplicate" in w and "'same'" in w]
    assert len(dup) == 2
    assert any(str(b) in w and str(a) in w for w in dup)
    # Stable on re-ingest: the same derived ids, nothing changes.
    ids = set(objs)
    os.utime(a, ns=(1, 1))
    os.utime(b, ns=(1, 1))
    report = ingest_paths(store, [a.parent], now=T1)
    assert set(objects(store)) == ids
    assert report.nodes_added == 0 and report.nodes_tombstoned == 0


def test_content_hash_ignores_position_and_children(store: Store, tmp_path: Path) -> None:
    f = write(tmp_path / "n" / "a.org", "* Alpha\nalpha body\n* Beta\nbeta body\n")
    ingest_paths(store, [f], now=T0)
    alpha = by_title(store, "Alpha")
    write(f, "* Beta\nbeta body\n\n\n* Alpha\nalpha body\n** New child\nchild\n")
    report = ingest_paths(store, [f], now=T1)
    moved = by_title(store, "Alpha")
    assert moved["content_hash"] == alpha["content_hash"]
    assert moved["version"] == alpha["version"]
    assert moved["line"] != alpha["line"]
    assert report.nodes_added == 1 and report.nodes_changed == 0


def test_content_hash_unit() -> None:
    ts = Timestamp("active", datetime(2026, 1, 1), datetime(2026, 1, 2), False, "<2026-01-01>", 3)
    a = Node(kind="heading", line=3, level=1, title="A", body="x", timestamps=[ts])
    b = Node(
        kind="heading",
        line=30,
        level=2,
        title="A",
        body="x",
        path=("P",),
        parent=4,
        timestamps=[Timestamp("active", ts.start, ts.end, False, ts.raw, 99)],
    )
    assert content_hash(a) == content_hash(b)
    c = Node(kind="heading", line=3, level=1, title="A", body="y", timestamps=[ts])
    assert content_hash(a) != content_hash(c)


def test_version_kept_renewed_and_renewed_back(store: Store, tmp_path: Path) -> None:
    f = write(tmp_path / "n" / "a.org", "* Alpha\nfirst\n")
    ingest_paths(store, [f], now=T0)
    v0 = by_title(store, "Alpha")["version"]
    write(f, "* Alpha\nsecond\n")
    ingest_paths(store, [f], now=T1)
    v1 = by_title(store, "Alpha")["version"]
    write(f, "* Alpha\nfirst\n")
    report = ingest_paths(store, [f], now=T2)
    v2 = by_title(store, "Alpha")["version"]
    assert v0 < v1 < v2
    assert v2.startswith("2026-11-03T09:00:00")
    assert report.nodes_changed == 1
    pk = by_title(store, "Alpha")["pk"]
    history = store.conn.execute(
        "SELECT version, content_hash FROM versions WHERE obj = ? ORDER BY version", (pk,)
    ).fetchall()
    assert [h[0] for h in history] == [v0, v1, v2]
    assert history[0][1] == history[2][1] != history[1][1]
    # Unchanged content keeps its version.
    write(f, "* Alpha\nfirst\n* Other\n")
    ingest_paths(store, [f], now=T3)
    assert by_title(store, "Alpha")["version"] == v2


def test_tombstone_and_revival(store: Store, tmp_path: Path) -> None:
    f = write(tmp_path / "n" / "a.org", "* Keep\n* Gone\ngone body\n")
    ingest_paths(store, [f], now=T0)
    gone = by_title(store, "Gone")
    write(f, "* Keep\n")
    report = ingest_paths(store, [f], now=T1)
    assert report.nodes_tombstoned == 1
    dead = by_title(store, "Gone", live_only=False)
    assert dead["deleted_at"] is not None and dead["id"] == gone["id"]
    assert (
        store.conn.execute(
            "SELECT count(*) FROM timestamps WHERE obj = ?", (dead["pk"],)
        ).fetchone()[0]
        == store.conn.execute(
            "SELECT count(*) FROM timestamps WHERE obj = ?", (gone["pk"],)
        ).fetchone()[0]
    )
    write(f, "* Keep\n* Gone\ngone body\n")
    report = ingest_paths(store, [f], now=T2)
    back = by_title(store, "Gone")
    assert back["deleted_at"] is None and back["id"] == gone["id"]
    assert back["version"] == gone["version"]  # same content: same version
    assert report.nodes_added == 1 and report.nodes_revived == 1
    assert store.integrity_check() == []


def test_unchanged_file_is_skipped_without_rewriting_rows(store: Store, tmp_path: Path) -> None:
    f = write(tmp_path / "n" / "a.org", NOTES)
    ingest_paths(store, [f.parent], now=T0)
    before = snapshot(store)
    changes = store.conn.total_changes
    report = ingest_paths(store, [f.parent], now=T1)
    assert report.files_unchanged == 1 and report.files_ingested == 0
    assert snapshot(store) == before
    # Only the file's bookkeeping row was touched.
    assert store.conn.total_changes - changes <= 2
    last_seen = store.conn.execute("SELECT last_seen FROM files").fetchone()[0]
    assert last_seen.startswith("2026-11-02T09:00:00")
    # Touched mtime, same bytes: decided by the hash, still no object rewritten.
    os.utime(f, ns=(10**18, 10**18))
    report = ingest_paths(store, [f.parent], now=T2)
    assert report.files_unchanged == 1
    assert snapshot(store) == before


def test_crash_mid_file_leaves_old_state(
    store: Store, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    a = write(tmp_path / "n" / "a.org", "* Alpha\none\n* Beta\n")
    ingest_paths(store, [a.parent], now=T0)
    before = snapshot(store)
    files_before = store.conn.execute("SELECT * FROM files").fetchall()
    write(a, "* Alpha\nchanged\n* Gamma\n<2026-11-02 Mon>\n")
    # The timestamp insert is the last write of a file: break it so objects were already
    # updated and tombstoned inside the transaction when it fails.
    monkeypatch.setattr(ingest_mod, "_TS_INSERT", "INSERT INTO no_such_table VALUES (?)")
    with pytest.raises(sqlite3.OperationalError):
        ingest_paths(store, [a.parent], now=T1)
    assert not store.conn.in_transaction
    assert snapshot(store) == before
    assert store.conn.execute("SELECT * FROM files").fetchall() == files_before
    monkeypatch.undo()
    report = ingest_paths(store, [a.parent], now=T2)
    assert report.files_ingested == 1 and report.nodes_tombstoned == 1
    assert store.integrity_check() == []


def test_keyboard_interrupt_between_files_keeps_finished_files(
    store: Store, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write(tmp_path / "n" / "a.org", "* A\n")
    write(tmp_path / "n" / "b.org", "* B\n")
    real = ingest_mod._parse
    calls = []

    def parse(text: str, path: str, todo: Any, done: Any, *rest: Any) -> Any:
        calls.append(path)
        if path.endswith("b.org"):
            raise KeyboardInterrupt
        return real(text, path, todo, done, *rest)

    monkeypatch.setattr(ingest_mod, "_parse", parse)
    with pytest.raises(KeyboardInterrupt):
        ingest_paths(store, [tmp_path / "n"], now=T0)
    titles = {o["title"] for o in objects(store).values()}
    assert "A" in titles and "B" not in titles


def test_unreadable_and_non_utf8_files_are_errors_others_go_on(
    store: Store, tmp_path: Path
) -> None:
    root = tmp_path / "n"
    write(root / "good.org", "* Good\n")
    (root / "latin1.org").write_bytes("* Caf\xe9\n".encode("latin-1"))
    os.symlink(root / "nowhere", root / "broken.org")
    report = ingest_paths(store, [root, tmp_path / "missing-dir"], now=T0)
    assert report.files_ingested == 1
    assert {o["title"] for o in objects(store).values()} >= {"Good"}
    assert len(report.errors) == 3
    assert any(
        e.startswith(str(root / "latin1.org") + ": ") and "UTF-8" in e for e in report.errors
    )
    assert any(e.startswith(str(root / "broken.org") + ": ") for e in report.errors)
    assert any("missing-dir" in e for e in report.errors)


def test_stdin_text_keyed_by_name(store: Store) -> None:
    report = ingest_text(store, "* From stdin\n", "stdin.org", now=T0)
    assert report.files_ingested == 1
    objs = objects(store)
    assert "stdin.org" in objs and objs["stdin.org"]["type"] == "file"
    assert store.conn.execute("SELECT path FROM files").fetchall() == [("stdin.org",)]
    again = ingest_text(store, "* From stdin\n", "stdin.org", now=T1)
    assert again.files_unchanged == 1
    ingest_text(store, "* Other\n", "stdin.org", now=T2)
    assert by_title(store, "From stdin", live_only=False)["deleted_at"] is not None
    assert known_roots(store) == []


def test_walk_skips_hidden_backups_archives_and_excludes(store: Store, tmp_path: Path) -> None:
    root = tmp_path / "n"
    write(root / "a.org", "* a\n")
    write(root / "sub" / "b.org", "* b\n")
    write(root / ".hidden" / "c.org", "* c\n")
    write(root / ".dot.org", "* dot\n")
    write(root / "a.org~", "* backup\n")
    write(root / "#a.org#", "* autosave\n")
    write(root / "secret.org.gpg", "* gpg\n")
    write(root / "old.org_archive", "* archived file\n")
    write(root / "notes.txt", "* txt\n")
    write(root / "skipme" / "d.org", "* d\n")
    write(root / "sub" / "e.org", "* e\n")
    ingest_paths(store, [root], now=T0, exclude=["skipme", "sub/e.org"])
    assert {o["title"] for o in objects(store).values() if o["type"] == "heading"} == {"a", "b"}
    ingest_paths(store, [root], now=T1, include_archived=True, exclude=["skipme", "sub/e.org"])
    arch = by_title(store, "archived file")
    assert arch["archived"] == 1
    ingest_paths(store, [root], now=T2, glob="*.txt")
    titles = {o["title"] for o in objects(store).values() if o["type"] == "heading"}
    assert titles == {"txt"}  # the .org files are no longer selected: tombstoned


def test_archived_subtrees_skipped_unless_asked(store: Store, tmp_path: Path) -> None:
    f = write(
        tmp_path / "n" / "a.org",
        "* Live\n* Old stuff :ARCHIVE:\n** Inside\n* COMMENT Draft\n",
    )
    ingest_paths(store, [f], now=T0)
    assert {o["title"] for o in objects(store).values() if o["type"] == "heading"} == {"Live"}
    ingest_paths(store, [f], now=T1, include_archived=True)
    objs = objects(store)
    assert {o["title"] for o in objs.values() if o["archived"]} >= {"Old stuff", "Inside"}


def test_todo_keywords_configuration(store: Store, tmp_path: Path) -> None:
    f = write(tmp_path / "n" / "a.org", "* NEXT Call Bob\n* WAIT Parts\n")
    ingest_paths(store, [f], now=T0, todo_keywords=("TODO", "NEXT", "|", "DONE"))
    assert by_title(store, "Call Bob")["todo"] == "NEXT"
    # Other settings re-read the file even though it did not change.
    report = ingest_paths(store, [f], now=T1, todo_keywords=["TODO NEXT WAIT | DONE"])
    assert report.files_ingested == 1
    assert by_title(store, "Parts")["todo"] == "WAIT"


def test_split_todo_keywords() -> None:
    assert split_todo_keywords(["TODO", "|", "DONE"]) == (("TODO",), ("DONE",))
    assert split_todo_keywords(["TODO NEXT | DONE CANCELLED"]) == (
        ("TODO", "NEXT"),
        ("DONE", "CANCELLED"),
    )
    assert split_todo_keywords(["TODO", "NEXT", "DONE"]) == (("TODO", "NEXT"), ("DONE",))
    assert split_todo_keywords(["TODO(t)", "WAIT(w@/!)", "|", "DONE(d!)"]) == (
        ("TODO", "WAIT"),
        ("DONE",),
    )


def test_reingest_roots_adds_tombstones_and_handles_vanished_root(
    store: Store, tmp_path: Path
) -> None:
    root = tmp_path / "n"
    other = write(tmp_path / "single.org", "* Single\n")
    a = write(root / "a.org", "* A\n")
    write(root / "b.org", "* B\n")
    ingest_paths(store, [root, other], now=T0)
    assert known_roots(store) == sorted([str(root), str(other)])
    a.unlink()
    write(root / "c.org", "* C\n")
    report = reingest_roots(store, now=T1)
    assert report.files_tombstoned == 1 and report.files_unchanged == 2
    assert report.files_ingested == 1
    assert by_title(store, "A", live_only=False)["deleted_at"] is not None
    assert by_title(store, "C")["deleted_at"] is None
    for p in root.iterdir():
        p.unlink()
    root.rmdir()
    report = reingest_roots(store, now=T2)
    # A vanished root (an unmounted disk, a renamed folder) is an error and its notes stay.
    assert any("no longer exists" in e for e in report.errors)
    live = {o["title"] for o in objects(store).values() if o["type"] == "heading"}
    assert live == {"Single", "B", "C"}
    # The root comes back with b.org only: c.org vanished from an existing directory.
    root.mkdir()
    write(root / "b.org", "* B\n")
    report = reingest_roots(store, now=T3)
    assert not report.errors
    assert by_title(store, "B")["deleted_at"] is None
    assert by_title(store, "C", live_only=False)["deleted_at"] is not None


def test_forget_refuses_an_empty_path(store: Store, tmp_path: Path) -> None:
    ingest_paths(store, [write(tmp_path / "a.org", "* A\n")], now=T0)
    with pytest.raises(UsageError):
        forget(store, "")
    with pytest.raises(UsageError):
        forget(store, "   ")
    assert by_title(store, "A")["deleted_at"] is None


def test_derived_ids_use_relpath_of_first_ingest(store: Store, tmp_path: Path) -> None:
    f = write(tmp_path / "n" / "deep" / "a.org", "* Alpha\n")
    ingest_paths(store, [tmp_path / "n"], now=T0)
    alpha = by_title(store, "Alpha")["id"]
    write(f, "* Alpha\n* Beta\n")
    ingest_paths(store, [f], now=T1)  # same file through another root
    assert by_title(store, "Alpha")["id"] == alpha


def test_forget_file_and_root(store: Store, tmp_path: Path) -> None:
    root = tmp_path / "n"
    a = write(root / "a.org", "* A\n* A2\n")
    write(root / "sub" / "b.org", "* B\n")
    ingest_paths(store, [root], now=T0)
    assert forget(store, a) == 3  # file object + two headings
    assert "A" not in {o["title"] for o in objects(store, live_only=False).values()}
    assert forget(store, root) == 2
    assert objects(store, live_only=False) == {}
    assert known_roots(store) == []
    assert forget(store, root) == 0
    assert store.integrity_check() == []


def test_purge_tombstones(store: Store, tmp_path: Path) -> None:
    root = tmp_path / "n"
    f = write(root / "a.org", "* A\n* B\n")
    g = write(root / "g.org", "* G\n")
    ingest_paths(store, [root], now=T0)
    write(f, "* A\n")
    g.unlink()
    ingest_paths(store, [root], now=T1)
    assert purge_tombstones(store) == 3  # B, G and g.org's file object
    assert all(o["deleted_at"] is None for o in objects(store, live_only=False).values())
    assert store.conn.execute("SELECT count(*) FROM files").fetchone()[0] == 1
    assert store.integrity_check() == []
    assert purge_tombstones(store) == 0


def test_moved_heading_with_id_keeps_history(store: Store, tmp_path: Path) -> None:
    root = tmp_path / "n"
    a = write(root / "a.org", "* Moving\n:PROPERTIES:\n:ID: mv\n:END:\ntext\n")
    ingest_paths(store, [root], now=T0)
    a.write_text("")
    ingest_paths(store, [root], now=T1)
    write(root / "b.org", "* Moving\n:PROPERTIES:\n:ID: mv\n:END:\ntext\n")
    ingest_paths(store, [root], now=T2)
    moved = objects(store)["mv"]
    assert moved["deleted_at"] is None
    assert moved["version"].startswith("2026-11-01")  # unchanged content: original version
    path = store.conn.execute(
        "SELECT path FROM files WHERE file_id = ?", (moved["file_id"],)
    ).fetchone()[0]
    assert path.endswith("b.org")


@pytest.mark.parametrize(
    "value",
    [
        ("plain", "with space"),
        ['quote " and \\ backslash', "tab\tnew\nline", "\x00\x1f ctrl", "é ü 周一 \u2028"],
        {"ID": "x", "Weird:Key": 'v "q"', "EMPTY": ""},
        {"nested": ["not", "a", "string"]},
        [1, 2.5, None, True],
    ],
)
def test_fast_json_is_exactly_json_dumps(value: Any) -> None:
    import json

    expected = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    assert ingest_mod._dumps(value) == expected


def test_full_text_index_follows_inserts_changes_and_takeovers(
    store: Store, tmp_path: Path
) -> None:
    """The FTS rows are written by ingest itself (no insert trigger): adds, edits, moves and
    tombstones must keep the index equal to its content table."""
    root = tmp_path / "n"
    a = write(root / "a.org", "* Falcon\n:PROPERTIES:\n:ID: mv\n:END:\nsoaring\n* Otter\nriver\n")
    ingest_paths(store, [root], now=T0)

    def hits(word: str) -> set[str]:
        return {
            r[0]
            for r in store.conn.execute(
                "SELECT o.title FROM objects_fts JOIN objects o ON o.pk = objects_fts.rowid "
                "WHERE objects_fts MATCH ?",
                (word,),
            )
        }

    assert hits("soaring") == {"Falcon"} and hits("river") == {"Otter"}
    write(a, "* Otter\nocean\n")
    write(root / "b.org", "* Falcon\n:PROPERTIES:\n:ID: mv\n:END:\ngliding\n")
    ingest_paths(store, [root], now=T1)
    assert hits("ocean") == {"Otter"} and hits("river") == set()
    assert hits("gliding") == {"Falcon"} and hits("soaring") == set()
    assert store.integrity_check() == []
    trigger = store.conn.execute(
        "SELECT count(*) FROM sqlite_master WHERE type = 'trigger' AND name = 'objects_fts_insert'"
    ).fetchone()[0]
    assert trigger == 0


def hidden_flags(store: Store) -> dict[str, set[int]]:
    """The liveness copy on each object's timestamps, by title (see store._SCHEMA_HIDDEN)."""
    out: dict[str, set[int]] = {}
    for title, hidden in store.conn.execute(
        "SELECT o.title, t.hidden FROM timestamps t JOIN objects o ON o.pk = t.obj"
    ):
        out.setdefault(title, set()).add(hidden)
    return out


def test_time_index_liveness_follows_tombstone_revival_archive_forget_purge(
    store: Store, tmp_path: Path
) -> None:
    root = tmp_path / "n"
    f = write(root / "a.org", "* Keep\n<2026-11-02 Mon>\n* Gone\n<2026-11-03 Tue>\n")
    g = write(root / "g.org", "* Other\n[2026-11-04 Wed 10:00]\n")
    ingest_paths(store, [root], now=T0, include_archived=True)
    assert hidden_flags(store) == {"Keep": {0}, "Gone": {0}, "Other": {0}}
    write(f, "* Keep\n<2026-11-02 Mon>\n")  # Gone is tombstoned, its stamps stay
    ingest_paths(store, [root], now=T1, include_archived=True)
    assert hidden_flags(store)["Gone"] == {1}
    write(f, "* Keep :ARCHIVE:\n<2026-11-02 Mon>\n* Gone\n<2026-11-03 Tue>\n")  # revival
    ingest_paths(store, [root], now=T2, include_archived=True)
    assert hidden_flags(store) == {"Keep": {2}, "Gone": {0}, "Other": {0}}
    g.unlink()  # a vanished file tombstones its objects
    ingest_paths(store, [root], now=T3, include_archived=True)
    assert hidden_flags(store)["Other"] == {1}
    assert store.integrity_check() == []
    assert purge_tombstones(store) == 2  # Other and g.org's file object, stamps cascade
    assert "Other" not in hidden_flags(store)
    write(f, "* Keep\n<2026-11-02 Mon>\n* Gone\n<2026-11-03 Tue>\n")  # unarchived
    ingest_paths(store, [root], now=T3 + timedelta(days=1), include_archived=True)
    assert hidden_flags(store) == {"Keep": {0}, "Gone": {0}}
    forget(store, f)
    assert hidden_flags(store) == {}
    assert store.integrity_check() == []
