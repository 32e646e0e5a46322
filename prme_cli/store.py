"""The SQLite store: one connection helper, named migrations, integrity checks.

Design notes (why, not what):

- Never rely on :mod:`sqlite3`'s implicit transactions (sqlite-utils once lost writes to a
  "phantom" transaction). Connections run with ``isolation_level=None`` and every write goes
  through :meth:`Store.transaction`, an explicit ``BEGIN IMMEDIATE`` ... ``COMMIT``.
- A file that is not ours is never touched: :meth:`Store.open` first inspects the header bytes
  and then opens the file read-only (``mode=ro`` URI) to find prme's meta table before anything
  could write to it (WAL switch, migrations).
- WAL + ``busy_timeout`` so that a query never fails while an ingest holds the write lock
  (llm issue #789 is the cautionary tale).
- ``versions`` is a rowid table on purpose: SQLite 3.40's ``integrity_check`` misreports NOT
  NULL columns of WITHOUT ROWID tables.
- Migrations are a list of ``(name, step)``; each is applied with its bookkeeping row in the
  same transaction, so appending one is a one-line change.

Times in the store: wall-clock org times are INTEGER seconds since 1970-01-01 of the naive
wall time (see :func:`wall_seconds`); instants (``version``, ``first_seen``...) are TEXT in the
fixed-width UTC form ``YYYY-MM-DDTHH:MM:SS.ffffffZ`` so that text order is time order.
"""

from __future__ import annotations

import contextlib
import errno
import os
import secrets
import sqlite3
import stat
import urllib.parse
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Self

from .errors import StoreError, UsageError, sqlite_problem

APPLICATION = "prme"
META_TABLE = "prme_meta"
BUSY_TIMEOUT_MS = 5000
_SQLITE_MAGIC = b"SQLite format 3\x00"
_EPOCH = datetime(1970, 1, 1)
#: WAL size (pages) reached before a checkpoint during :meth:`Store.bulk_writes`.
BULK_WAL_PAGES = 16_384

# Span classes of the time index (see query.py): the bound is the longest span a class holds,
# so a window query scans ``start`` in ``[window_start - bound, window_end)`` only.
SPAN_POINT = 0
SPAN_DAY = 1
SPAN_MONTH = 2
SPAN_LONG = 3
SPAN_REPEAT = 4
SPAN_BOUNDS: dict[int, int] = {SPAN_POINT: 0, SPAN_DAY: 86_400, SPAN_MONTH: 32 * 86_400}
# Bits of ``timestamps.hidden`` (its object's liveness, see ``_SCHEMA_HIDDEN``).
HIDDEN_DELETED = 1
HIDDEN_ARCHIVED = 2


def wall_seconds(dt: datetime) -> int:
    """Seconds since 1970-01-01 of a naive wall-clock time (no zone: org has none)."""
    if dt.tzinfo is not None:
        dt = dt.replace(tzinfo=None)
    delta = dt - _EPOCH
    return delta.days * 86_400 + delta.seconds


def from_wall_seconds(value: int) -> datetime:
    """Inverse of :func:`wall_seconds`."""
    return _EPOCH + timedelta(seconds=value)


def format_instant(dt: datetime) -> str:
    """Fixed-width UTC text for an aware instant; text order equals time order."""
    if dt.tzinfo is None:
        raise ValueError("instants must be timezone-aware")
    return dt.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def display_instant(value: str | None) -> str | None:
    """The stored instant as users see it: whole seconds lose the ``.000000``."""
    if value is None:
        return None
    return value.replace(".000000Z", "Z")


def parse_instant(value: str) -> datetime:
    """Aware UTC datetime from stored (or displayed) instant text."""
    return datetime.fromisoformat(value)


_SCHEMA_INITIAL = """
CREATE TABLE prme_meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
CREATE TABLE migrations (
    name       TEXT PRIMARY KEY,
    applied_at TEXT NOT NULL
);
CREATE TABLE roots (
    path             TEXT PRIMARY KEY,
    kind             TEXT NOT NULL CHECK (kind IN ('dir', 'file')),
    glob             TEXT NOT NULL,
    exclude          TEXT NOT NULL DEFAULT '[]',
    include_archived INTEGER NOT NULL DEFAULT 0,
    todo_keywords    TEXT NOT NULL,
    first_ingested   TEXT NOT NULL,
    last_ingested    TEXT NOT NULL
);
CREATE TABLE files (
    file_id     INTEGER PRIMARY KEY,
    path        TEXT NOT NULL UNIQUE,
    root        TEXT,
    relpath     TEXT NOT NULL,
    size        INTEGER,
    mtime_ns    INTEGER,
    sha256      TEXT,
    settings    TEXT,
    first_seen  TEXT NOT NULL,
    last_seen   TEXT NOT NULL,
    deleted_at  TEXT
);
CREATE TABLE objects (
    pk           INTEGER PRIMARY KEY,
    id           TEXT NOT NULL UNIQUE,
    file_id      INTEGER NOT NULL REFERENCES files(file_id) ON DELETE CASCADE,
    type         TEXT NOT NULL CHECK (type IN ('heading', 'file')),
    seq          INTEGER NOT NULL,
    line         INTEGER NOT NULL,
    level        INTEGER NOT NULL,
    parent_id    TEXT,
    path         TEXT NOT NULL,
    title        TEXT NOT NULL,
    todo         TEXT,
    priority     TEXT,
    tags         TEXT NOT NULL,
    own_tags     TEXT NOT NULL,
    properties   TEXT NOT NULL,
    body         TEXT NOT NULL,
    event_time   INTEGER,
    event_source TEXT,
    archived     INTEGER NOT NULL DEFAULT 0,
    content_hash TEXT NOT NULL,
    version      TEXT NOT NULL,
    first_seen   TEXT NOT NULL,
    last_seen    TEXT NOT NULL,
    deleted_at   TEXT
);
CREATE INDEX objects_file ON objects(file_id, seq);
CREATE INDEX objects_event ON objects(event_time) WHERE event_time IS NOT NULL;
CREATE INDEX objects_version ON objects(version);
CREATE INDEX objects_deleted ON objects(deleted_at) WHERE deleted_at IS NOT NULL;
CREATE TABLE timestamps (
    ts_id     INTEGER PRIMARY KEY,
    obj       INTEGER NOT NULL REFERENCES objects(pk) ON DELETE CASCADE,
    kind      TEXT NOT NULL,
    start     INTEGER,
    "end"     INTEGER,
    stop      INTEGER,
    span      INTEGER,
    period    INTEGER,
    has_time  INTEGER NOT NULL,
    raw       TEXT NOT NULL,
    line      INTEGER NOT NULL,
    repeater  TEXT,
    warning   TEXT,
    label     TEXT
);
CREATE INDEX timestamps_obj ON timestamps(obj);
CREATE INDEX timestamps_window ON timestamps(span, start, stop, kind, obj, period);
CREATE TABLE versions (
    obj          INTEGER NOT NULL REFERENCES objects(pk) ON DELETE CASCADE,
    content_hash TEXT NOT NULL,
    version      TEXT NOT NULL,
    PRIMARY KEY (obj, version)
);
CREATE VIRTUAL TABLE objects_fts USING fts5(
    title, body, tags, path,
    content='objects', content_rowid='pk',
    tokenize='unicode61 remove_diacritics 2'
);
-- No insert trigger: ingest indexes each file's new rows with one INSERT ... SELECT.
CREATE TRIGGER objects_fts_delete AFTER DELETE ON objects BEGIN
    INSERT INTO objects_fts(objects_fts, rowid, title, body, tags, path)
    VALUES ('delete', old.pk, old.title, old.body, old.tags, old.path);
END;
CREATE TRIGGER objects_fts_update AFTER UPDATE OF title, body, tags, path ON objects
WHEN old.title IS NOT new.title OR old.body IS NOT new.body
  OR old.tags IS NOT new.tags OR old.path IS NOT new.path
BEGIN
    INSERT INTO objects_fts(objects_fts, rowid, title, body, tags, path)
    VALUES ('delete', old.pk, old.title, old.body, old.tags, old.path);
    INSERT INTO objects_fts(rowid, title, body, tags, path)
    VALUES (new.pk, new.title, new.body, new.tags, new.path);
END;
INSERT INTO prme_meta(key, value) VALUES ('application', 'prme');
"""

MigrationStep = str | Callable[[sqlite3.Connection], None]

#: Applied in order; append new ones at the end, never edit or reorder applied ones.
_SCHEMA_RELATE = """
CREATE TABLE receipts (
    id                   TEXT PRIMARY KEY,
    owner                TEXT NOT NULL,
    created_at           TEXT NOT NULL,
    question             TEXT NOT NULL,
    reference_time       TEXT NOT NULL,
    status               TEXT NOT NULL,
    configuration_sha256 TEXT NOT NULL,
    body                 TEXT NOT NULL,
    checksum             TEXT NOT NULL
);
CREATE INDEX receipts_owner ON receipts(owner, created_at);
CREATE TABLE token_cache (
    key    TEXT PRIMARY KEY,
    tokens INTEGER NOT NULL
) WITHOUT ROWID;
"""

#: Stores created before 0001 lost its insert trigger still have it; ingest now adds a file's
#: rows to the FTS index itself, so the trigger would index them twice. ``pgsz`` 4050 fills a
#: 4 KiB page per FTS leaf instead of ~1000 bytes (fewer, larger blobs to write).
_SCHEMA_FTS_BULK = """
DROP TRIGGER IF EXISTS objects_fts_insert;
INSERT INTO objects_fts(objects_fts, rank) VALUES ('pgsz', 4050);
"""

#: Liveness in the time index. ``timestamps.hidden`` copies its object's flags (``HIDDEN_DELETED``
#: | ``HIDDEN_ARCHIVED``; 0 = live) so a window query applies the default filters during the
#: index scan instead of looking up every matched object in the wide ``objects`` table; the
#: event-time index carries the flags for the same reason. Ingest writes the copy with each
#: stamp (a trigger checking every inserted stamp cost 4% of ingest); the trigger below follows
#: every later change of an object's flags (tombstone, revival, archiving), whoever makes it;
#: deletes cascade; :meth:`Store.integrity_check` reports any difference.
_SCHEMA_HIDDEN = """
ALTER TABLE timestamps ADD COLUMN hidden INTEGER NOT NULL DEFAULT 0;
UPDATE timestamps SET hidden = (SELECT (o.deleted_at IS NOT NULL) + 2 * (o.archived != 0)
                                FROM objects o WHERE o.pk = timestamps.obj);
DROP INDEX timestamps_window;
CREATE INDEX timestamps_window ON timestamps(span, hidden, start, stop, kind, obj, period);
DROP INDEX objects_event;
CREATE INDEX objects_event ON objects(event_time, archived, deleted_at)
WHERE event_time IS NOT NULL;
CREATE TRIGGER objects_hidden_update AFTER UPDATE OF deleted_at, archived ON objects
WHEN (old.deleted_at IS NOT NULL) + 2 * (old.archived != 0)
  != (new.deleted_at IS NOT NULL) + 2 * (new.archived != 0)
BEGIN
    UPDATE timestamps SET hidden = (new.deleted_at IS NOT NULL) + 2 * (new.archived != 0)
    WHERE obj = new.pk;
END;
"""

#: A heading matches a window by its ``event_time`` only when that time is its own or its
#: journal structure's, not an ordinary dated ancestor's (``event_source = 'ancestor'``, see
#: query.py): the event-time index carries the source so the check stays inside the index.
_SCHEMA_EVENT_SOURCE = """
DROP INDEX IF EXISTS objects_event;
CREATE INDEX objects_event ON objects(event_time, archived, deleted_at, event_source)
WHERE event_time IS NOT NULL;
"""

#: A second full-text index for scripts written without spaces (see cjk.py): the objects
#: holding CJK text, each CJK run written as its character pairs. Ingest writes its rows (the
#: text is transformed in Python); deleting or re-texting an object drops its row here.
_SCHEMA_CJK = """
CREATE VIRTUAL TABLE objects_cjk USING fts5(
    title, body, tags, path,
    tokenize='unicode61 remove_diacritics 2'
);
CREATE TRIGGER objects_cjk_delete AFTER DELETE ON objects BEGIN
    DELETE FROM objects_cjk WHERE rowid = old.pk;
END;
CREATE TRIGGER objects_cjk_update AFTER UPDATE OF title, body, tags, path ON objects
WHEN old.title IS NOT new.title OR old.body IS NOT new.body
  OR old.tags IS NOT new.tags OR old.path IS NOT new.path
BEGIN
    DELETE FROM objects_cjk WHERE rowid = old.pk;
END;
"""


def _migrate_cjk(conn: sqlite3.Connection) -> None:
    """Create the CJK index and fill it from the objects already stored."""
    from .cjk import has_cjk, index_text

    for statement in _split_sql(_SCHEMA_CJK):
        conn.execute(statement)
    rows = conn.execute("SELECT pk, title, body, tags, path FROM objects")
    batch: list[tuple[object, ...]] = []
    for pk, *texts in rows:
        if any(has_cjk(t) for t in texts):
            batch.append((pk, *(index_text(t) for t in texts)))
    conn.executemany(
        "INSERT INTO objects_cjk(rowid, title, body, tags, path) VALUES (?,?,?,?,?)", batch
    )


#: Events (issue 10, SPEC §6 "Evidence the resolvers read"): what each object's org structure
#: states happened, extracted at ingest (:mod:`prme_cli.events`) and replaced with the object's
#: timestamps; deletes cascade, tombstoned objects' events are skipped by a join. Files ingested
#: before this migration are read again on the next ingest (their events would be missing).
_SCHEMA_EVENTS = """
CREATE TABLE events (
    event_id   INTEGER PRIMARY KEY,
    obj        INTEGER NOT NULL REFERENCES objects(pk) ON DELETE CASCADE,
    source     TEXT NOT NULL,
    kind       TEXT NOT NULL,
    predicate  TEXT NOT NULL,
    object     TEXT NOT NULL,
    state      TEXT,
    modality   TEXT NOT NULL,
    polarity   TEXT NOT NULL,
    start      INTEGER,
    "end"      INTEGER,
    grain      TEXT NOT NULL,
    seconds    INTEGER,
    quote      TEXT NOT NULL,
    expression TEXT NOT NULL,
    line       INTEGER NOT NULL
);
CREATE INDEX events_obj ON events(obj);
CREATE INDEX events_predicate ON events(predicate, kind);
UPDATE files SET size = NULL, mtime_ns = NULL, sha256 = NULL;
"""

#: Word facts from the lemma dictionary (issue 10, :mod:`prme_cli.memo`): the dictionary
#: loads only for a word no command has looked up before.
_SCHEMA_WORDS = """
CREATE TABLE word_cache (
    key   TEXT PRIMARY KEY,
    facts TEXT NOT NULL
) WITHOUT ROWID;
"""

#: Text events (issue 10): each clause of a note's words becomes an event too
#: (:mod:`prme_cli.textevents`): its sense class, participants, ordinal, attached time
#: expressions, speaker and clause span. Files are read again on the next ingest, so stores
#: ingested before this migration get their text events.
_SCHEMA_TEXT_EVENTS = """
ALTER TABLE events ADD COLUMN sense TEXT NOT NULL DEFAULT '';
ALTER TABLE events ADD COLUMN participants TEXT NOT NULL DEFAULT '';
ALTER TABLE events ADD COLUMN ordinal INTEGER;
ALTER TABLE events ADD COLUMN times TEXT NOT NULL DEFAULT '';
ALTER TABLE events ADD COLUMN speaker TEXT;
ALTER TABLE events ADD COLUMN sentence INTEGER;
ALTER TABLE events ADD COLUMN clause_start INTEGER;
ALTER TABLE events ADD COLUMN clause_end INTEGER;
CREATE INDEX events_sense ON events(sense) WHERE sense != '';
UPDATE files SET size = NULL, mtime_ns = NULL, sha256 = NULL;
"""

#: What a heading's text events were read with: the discourse (people last named, thing
#: last spoken of, speaker) before it and after it. A re-ingest keeps an unchanged heading's
#: text events only when the discourse before it is the one they were read with, and carries
#: on from the discourse after it without reading the heading again, so a re-ingest stores
#: what a first ingest of the new text would.
_SCHEMA_DISCOURSE = """
CREATE TABLE text_discourse (
    obj     INTEGER PRIMARY KEY REFERENCES objects(pk) ON DELETE CASCADE,
    before  TEXT NOT NULL,
    after   TEXT NOT NULL
);
"""

#: The version of the event-extraction rules each file's events were read with
#: (:data:`prme_cli.events.EXTRACTION_VERSION`): a file whose version differs is read again on
#: the next ingest although its bytes are unchanged. Stores from before record none (NULL):
#: their files are re-read once.
_SCHEMA_EVENTS_VERSION = """
ALTER TABLE files ADD COLUMN events_version INTEGER;
"""

#: The TODO keyword sets each file was read with (its own ``#+TODO:``/``#+SEQ_TODO:``/
#: ``#+TYP_TODO:`` lines, else the configured ``org.todo_keywords``), as JSON in org's
#: notation (``["TODO", "NEXT", "|", "DONE"]``): relate reads a heading's keyword by the
#: same sets the org reader used. Stores from before record none (NULL, read by the
#: defaults); the next ingest fills them in without reading unchanged files again.
_SCHEMA_FILE_TODO_KEYWORDS = """
ALTER TABLE files ADD COLUMN todo_keywords TEXT;
"""

#: Applied in order; append new ones at the end, never edit or reorder applied ones.
MIGRATIONS: list[tuple[str, MigrationStep]] = [
    ("0001_initial", _SCHEMA_INITIAL),
    ("0002_receipts_and_token_cache", _SCHEMA_RELATE),
    ("0003_fts_bulk_insert", _SCHEMA_FTS_BULK),
    ("0004_liveness_in_time_index", _SCHEMA_HIDDEN),
    ("0005_event_source_in_event_index", _SCHEMA_EVENT_SOURCE),
    ("0006_cjk_search_index", _migrate_cjk),
    ("0020_events", _SCHEMA_EVENTS),
    ("0021_word_cache", _SCHEMA_WORDS),
    ("0022_text_events", _SCHEMA_TEXT_EVENTS),
    ("0023_text_discourse", _SCHEMA_DISCOURSE),
    ("0028_events_version", _SCHEMA_EVENTS_VERSION),
    ("0029_file_todo_keywords", _SCHEMA_FILE_TODO_KEYWORDS),
]


def _split_sql(script: str) -> Iterator[str]:
    """Statements of a script, so they can run inside our own transaction.

    ``executescript`` would COMMIT first, which would break "migration and bookkeeping row in
    one transaction".
    """
    buf = ""
    for line in script.splitlines(keepends=True):
        buf += line
        if sqlite3.complete_statement(buf):
            if buf.strip():
                yield buf
            buf = ""
    if buf.strip():
        yield buf


def _not_prme(path: Path, why: str) -> StoreError:
    return StoreError(f"{path}: {why}; not touching it (choose another --store)")


def _stat(path: Path) -> os.stat_result | None:
    """The store file's status, None when it does not exist; a path the user may not reach
    (a folder above it without search permission) is a store error, not a traceback."""
    try:
        return path.stat()
    except (FileNotFoundError, NotADirectoryError):
        return None
    except OSError as exc:
        raise StoreError(f"{path}: cannot reach the store: {exc.strerror or exc}") from exc


def store_exists(path: str | Path) -> bool:
    """Whether a store file exists at ``path`` (StoreError when it cannot even be looked at)."""
    return _stat(Path(path).expanduser()) is not None


def _wal_bytes(path: Path) -> int:
    try:
        return os.stat(f"{path}-wal").st_size
    except OSError:
        return 0


def _writable(path: Path) -> bool:
    """Whether SQLite can write the store where it is: the file, and its folder (for the
    ``-wal``/``-shm`` files) unless both already exist and are writable."""
    if not os.access(path, os.W_OK):
        return False
    if os.access(path.parent, os.W_OK | os.X_OK):
        return True
    return all(os.access(f"{path}{s}", os.W_OK) for s in ("-wal", "-shm"))


def _uri(path: Path, query: str) -> str:
    return "file:" + urllib.parse.quote(str(path.absolute())) + "?" + query


def _connect_read_only(path: Path, *, writable_location: bool) -> sqlite3.Connection:
    """A read-only connection that works where SQLite cannot write.

    ``mode=ro`` reads the WAL, but needs a ``-shm`` file it can create or find. In a read-only
    place without one (a read-only mount, a folder of someone else's) the store is opened
    ``immutable`` instead, which is exact only when no WAL holds frames: with a WAL there the
    store cannot be read faithfully, and that is said rather than guessed around.
    """
    timeout = BUSY_TIMEOUT_MS / 1000
    conn = sqlite3.connect(_uri(path, "mode=ro"), uri=True, isolation_level=None, timeout=timeout)
    try:
        conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
        return conn
    except sqlite3.OperationalError:
        conn.close()
        if writable_location:
            raise
    wal = _wal_bytes(path)
    if wal > 32:
        raise StoreError(
            f"{path}: read-only location, and the store's write-ahead log ({wal} bytes) holds "
            "changes that cannot be read without write access there; open it once where it "
            "can be written (or copy it with its -wal file to such a place)"
        )
    return sqlite3.connect(
        _uri(path, "mode=ro&immutable=1"), uri=True, isolation_level=None, timeout=timeout
    )


def _inspect_existing(path: Path, *, writable: bool) -> int:
    """Check, without writing a byte, that ``path`` is a prme store; return its schema version.

    Reads the header to reject non-SQLite and truncated files cheaply (a full
    ``quick_check`` would make every query O(store)), then opens read-only to find our meta
    table and migrations.

    A main file shorter than its header says is normal after a crash or a full disk in the
    middle of a WAL checkpoint: the WAL still holds every frame. Then SQLite decides, with a
    ``quick_check`` through the WAL (only in that state), and the store is refused only if it
    is really damaged.
    """
    try:
        size = path.stat().st_size
        with path.open("rb") as fh:
            header = fh.read(100)
    except OSError as exc:
        raise StoreError(f"{path}: cannot read store: {exc.strerror or exc}") from exc
    if size == 0:
        raise _not_prme(path, "empty file, not a prme store")
    if len(header) < 100 or not header.startswith(_SQLITE_MAGIC):
        raise _not_prme(path, "not an SQLite database (so not a prme store)")
    page_size = int.from_bytes(header[16:18], "big")
    if page_size == 1:
        page_size = 65536
    page_count = int.from_bytes(header[28:32], "big")
    change_counter = header[24:28]
    valid_for = header[92:96]
    if page_size < 512 or page_size & (page_size - 1):
        raise _not_prme(path, "corrupt SQLite header")
    torn = change_counter == valid_for and page_count and size < page_count * page_size
    if torn and _wal_bytes(path) <= 32:
        raise _not_prme(path, "truncated or corrupt database file")
    try:
        conn = _connect_read_only(path, writable_location=writable)
    except sqlite3.Error as exc:
        raise _not_prme(path, f"unreadable or corrupt database ({exc})") from exc
    try:
        try:
            if torn:
                verdict = conn.execute("PRAGMA quick_check").fetchone()
                if verdict is None or verdict[0] != "ok":
                    raise _not_prme(path, "truncated or corrupt database file")
            names = {
                r[0]
                for r in conn.execute(
                    "SELECT name FROM sqlite_master WHERE type = 'table'"
                ).fetchall()
            }
        except sqlite3.DatabaseError as exc:
            raise _not_prme(path, f"unreadable or corrupt database ({exc})") from exc
        if META_TABLE not in names or "migrations" not in names:
            raise _not_prme(path, "an SQLite database of another application, not a prme store")
        try:
            app = conn.execute(
                f"SELECT value FROM {META_TABLE} WHERE key = 'application'"
            ).fetchone()
            applied = [r[0] for r in conn.execute("SELECT name FROM migrations")]
        except sqlite3.DatabaseError as exc:
            raise _not_prme(path, f"unreadable or corrupt prme store ({exc})") from exc
        if not app or app[0] != APPLICATION:
            raise _not_prme(path, "an SQLite database of another application, not a prme store")
    finally:
        conn.close()
    known = {name for name, _ in MIGRATIONS}
    unknown = sorted(set(applied) - known)
    if unknown:
        raise StoreError(
            f"{path}: store schema is newer than this prme (unknown migrations: "
            f"{', '.join(unknown)}); upgrade prme"
        )
    return len(applied)


def _read_only_location(path: Path, what: str) -> StoreError:
    return StoreError(f"{path}: read-only location: {what}")


def _lock_holder(fd: int) -> int | None:
    """The pid the lock's holder wrote into the lock file, if readable."""
    try:
        text = os.pread(fd, 32, 0).decode("ascii", "replace").strip()
    except OSError:
        return None
    return int(text) if text.isdigit() else None


class Store:
    """An open prme store. Use :meth:`open`; close it (or use ``with``) when done.

    ``read_only`` is true when the store lies where it cannot be written (a read-only mount,
    someone else's folder): every read works, every write raises a :class:`StoreError` saying
    "read-only location".
    """

    def __init__(self, path: Path, conn: sqlite3.Connection, *, read_only: bool = False) -> None:
        self.path = path
        self.conn = conn
        self.read_only = read_only

    @classmethod
    def open(cls, path: str | Path, *, create: bool = True) -> Store:
        """Open (or create) the store at ``path`` and bring its schema up to date.

        Raises :class:`StoreError` when the file is missing and ``create`` is false, when it
        exists but is not a prme store (left byte-for-byte untouched), when its schema is
        newer than this code, or when it cannot be reached or created where it is.
        """
        path = Path(path).expanduser()
        status = _stat(path)
        if status is not None and stat.S_ISDIR(status.st_mode):
            raise StoreError(f"{path}: is a directory, not a prme store")
        if status is None:
            if not create:
                raise StoreError(f"no store at {path}; run `prme ingest` first")
            cls._create(path)
            writable = True
        else:
            writable = _writable(path)
            _inspect_existing(path, writable=writable)
        if not writable:
            return cls._open_read_only(path)
        try:
            conn = sqlite3.connect(
                str(path),
                isolation_level=None,
                timeout=BUSY_TIMEOUT_MS / 1000,
                check_same_thread=False,
            )
        except sqlite3.Error as exc:
            raise StoreError(f"{path}: cannot open store: {exc}") from exc
        store = cls(path, conn)
        try:
            store._prepare(wal=True)
            store._migrate()
        except sqlite3.Error as exc:
            conn.close()
            raise StoreError(f"{path}: cannot prepare store: {exc}") from exc
        except BaseException:
            conn.close()
            raise
        return store

    def _prepare(self, *, wal: bool) -> None:
        conn = self.conn
        conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        conn.execute("PRAGMA foreign_keys = ON")
        if wal:
            mode = conn.execute("PRAGMA journal_mode").fetchone()[0]
            if str(mode).lower() != "wal":
                conn.execute("PRAGMA journal_mode = WAL")
            # WAL + NORMAL: a crash never corrupts, at worst the last commits are lost on
            # power failure; ingest commits once per file, so FULL would fsync thousands of
            # times.
            conn.execute("PRAGMA synchronous = NORMAL")
        # 16 MB of page cache (8x SQLite's default): ingest updates several indexes and the
        # FTS index per file. More bought no speed and cost peak memory: a 200,000-heading
        # file peaked at 298 MB with 64 MB, 245 MB with 16 (bench/torture.py --only sizes).
        conn.execute("PRAGMA cache_size = -16384")
        conn.execute("PRAGMA temp_store = MEMORY")

    @classmethod
    def _create(cls, path: Path) -> None:
        """Make a new store so that it appears at ``path`` only once complete.

        The schema is built under a temporary name in the same folder (rollback journal, so
        nothing stays in a WAL beside it) and hard-linked into place, which fails if another
        process got there first, whose store is then used. A reader or a second ingest can
        never meet an empty or half-made file.
        """
        folder = path.parent
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            if exc.errno in (errno.EROFS, errno.EACCES, errno.EPERM):
                raise _read_only_location(path, f"cannot create a store in {folder}") from exc
            raise StoreError(f"{path}: cannot create store directory: {exc}") from exc
        if not os.access(folder, os.W_OK | os.X_OK):
            raise _read_only_location(path, f"cannot create a store in {folder}")
        temp = folder / f".{path.name}.creating-{os.getpid()}-{secrets.token_hex(4)}"
        try:
            try:
                conn = sqlite3.connect(str(temp), isolation_level=None)
            except sqlite3.Error as exc:
                raise StoreError(f"{path}: cannot create store: {exc}") from exc
            building = cls(temp, conn)
            try:
                building._prepare(wal=False)
                building._migrate()
            except sqlite3.Error as exc:
                raise StoreError(f"{path}: cannot create store: {exc}") from exc
            finally:
                conn.close()
            try:
                os.link(temp, path)
            except FileExistsError:
                pass  # another process created it meanwhile: use theirs
            except OSError:
                # No hard links here (FAT, some network shares): rename, if still free.
                if _stat(path) is None:
                    os.replace(temp, path)
        except OSError as exc:
            raise StoreError(f"{path}: cannot create store: {exc.strerror or exc}") from exc
        finally:
            for suffix in ("", "-journal", "-wal", "-shm"):
                with contextlib.suppress(OSError):
                    os.unlink(f"{temp}{suffix}")

    @classmethod
    def _open_read_only(cls, path: Path) -> Store:
        try:
            conn = _connect_read_only(path, writable_location=False)
        except sqlite3.Error as exc:
            raise StoreError(f"{path}: cannot open store: {exc}") from exc
        store = cls(path, conn, read_only=True)
        try:
            store._prepare(wal=False)
            applied = {name for name, _ in store.migrations()}
        except sqlite3.Error as exc:
            conn.close()
            raise StoreError(f"{path}: cannot open store: {exc}") from exc
        pending = [name for name, _ in MIGRATIONS if name not in applied]
        if pending:
            conn.close()
            raise _read_only_location(
                path,
                f"the store needs upgrading ({', '.join(pending)}) and cannot be written there",
            )
        return store

    def require_writable(self) -> None:
        """Raise the "read-only location" error now, before any work, if writes must fail."""
        if self.read_only:
            raise _read_only_location(
                self.path, "cannot write the store there (read-only file system or folder)"
            )

    def _migrate(self) -> None:
        for name, step in MIGRATIONS:
            if self._is_applied(name):
                continue
            with self.transaction() as conn:
                # Re-check under the write lock: another process may have just applied it.
                if self._is_applied(name):
                    continue
                if isinstance(step, str):
                    for statement in _split_sql(step):
                        conn.execute(statement)
                else:
                    step(conn)
                conn.execute(
                    "INSERT INTO migrations(name, applied_at) VALUES (?, ?)",
                    (name, format_instant(datetime.now(UTC))),
                )
                conn.execute(
                    f"INSERT OR REPLACE INTO {META_TABLE}(key, value) VALUES ('schema_version', ?)",
                    (str(self._count_applied()),),
                )
        unknown = {n for n, _ in self.migrations()} - {n for n, _ in MIGRATIONS}
        if unknown:
            raise StoreError(f"{self.path}: store schema is newer than this prme; upgrade prme")

    def _is_applied(self, name: str) -> bool:
        exists = self.conn.execute(
            "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'migrations'"
        ).fetchone()
        if not exists:
            return False
        return (
            self.conn.execute("SELECT 1 FROM migrations WHERE name = ?", (name,)).fetchone()
            is not None
        )

    def _count_applied(self) -> int:
        return int(self.conn.execute("SELECT count(*) FROM migrations").fetchone()[0])

    @property
    def schema_version(self) -> int:
        """Number of migrations applied (the latest this code knows is ``len(MIGRATIONS)``)."""
        return self._count_applied()

    def migrations(self) -> list[tuple[str, str]]:
        """Applied migrations as ``(name, applied_at)``, oldest first."""
        return [
            (r[0], r[1])
            for r in self.conn.execute("SELECT name, applied_at FROM migrations ORDER BY name")
        ]

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """``BEGIN IMMEDIATE`` … ``COMMIT``; ``ROLLBACK`` on any exception, Ctrl-C included.

        IMMEDIATE takes the write lock up front, so a conflicting writer waits on the busy
        timeout here instead of failing half-way through with SQLITE_BUSY on upgrade.
        """
        self.require_writable()
        conn = self.conn
        if conn.in_transaction:
            raise StoreError("internal error: nested store transaction")
        try:
            conn.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as exc:
            raise StoreError(f"{self.path}: cannot start a write: {sqlite_problem(exc)}") from exc
        try:
            yield conn
        except BaseException:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise
        try:
            conn.execute("COMMIT")
        except sqlite3.Error as exc:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise StoreError(f"{self.path}: cannot commit: {sqlite_problem(exc)}") from exc

    @contextmanager
    def snapshot(self) -> Iterator[sqlite3.Connection]:
        """A read transaction: every statement inside sees the store as of its first read.

        A long-lived reader (the MCP server) answering while ``prme ingest`` commits file after
        file would otherwise see one file's old rows and another's new ones within one answer.
        Deferred, so it takes no lock; ended at once, so the next call sees the latest ingest.
        Inside another snapshot or transaction it is that one's view (a query made of several
        statements takes its own snapshot, and may be called inside a caller's).
        """
        conn = self.conn
        if conn.in_transaction:
            yield conn
            return
        conn.execute("BEGIN DEFERRED")
        try:
            yield conn
        finally:
            if conn.in_transaction:
                conn.execute("COMMIT")

    @contextmanager
    def bulk_writes(self) -> Iterator[None]:
        """Many write transactions in a row (an ingest run): checkpoint the WAL rarely.

        By default SQLite copies the WAL back into the database every 1000 pages, so a long
        ingest rewrites the same hot pages (index interiors, FTS segments) and fsyncs over and
        over. Letting the WAL grow to ``BULK_WAL_PAGES`` for the run (the default comes back
        afterwards, and the next commit or close checkpoints) cut first-ingest time by ~10%.
        """
        conn = self.conn
        previous = int(conn.execute("PRAGMA wal_autocheckpoint").fetchone()[0])
        conn.execute(f"PRAGMA wal_autocheckpoint = {BULK_WAL_PAGES}")
        try:
            yield
        finally:
            conn.execute(f"PRAGMA wal_autocheckpoint = {previous}")

    @contextmanager
    def run_lock(self, on_wait: Callable[[int | None], None] | None = None) -> Iterator[None]:
        """Hold the store's run lock: one ingest (or forget, or purge) at a time.

        SQLite's write lock covers one transaction; an ingest is many, and two runs reading
        the files table at their start would each insert the same new files
        (``UNIQUE constraint failed: files.path``). The lock is an exclusive ``flock`` on
        ``<store>.lock`` beside the store (the file stays; the lock goes with the process, so a
        killed run never leaves it held). A second run waits; ``on_wait`` is told first, with
        the holder's pid when known. Readers never take it.
        """
        self.require_writable()
        try:
            import fcntl
        except ImportError:  # no flock (Windows): SQLite's own locking still protects data
            yield
            return
        lock_path = f"{self.path}.lock"
        try:
            fd = os.open(lock_path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as exc:
            if exc.errno in (errno.EROFS, errno.EACCES, errno.EPERM):
                raise _read_only_location(self.path, f"cannot create {lock_path}") from exc
            raise StoreError(f"{lock_path}: cannot create the run lock: {exc.strerror}") from exc
        try:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                if on_wait is not None:
                    on_wait(_lock_holder(fd))
                fcntl.flock(fd, fcntl.LOCK_EX)
            with contextlib.suppress(OSError):
                os.ftruncate(fd, 0)
                os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
            yield
        finally:
            os.close(fd)

    def backup(self, target: str | Path, *, force: bool = False) -> Path:
        """Write a consistent copy of the store to ``target`` (a file, or a folder to put a
        file of the store's name in); return the path written.

        SQLite's online backup copies every page in one step inside one read transaction, so
        the copy is the store as of one instant, even while an ingest writes (WAL lets the
        writer go on). The copy is checked (``quick_check``), synced, and moved into place
        atomically; an existing file is replaced only with ``force``.
        """
        target = Path(target).expanduser()
        if target.is_dir():
            target = target / self.path.name
        if target.exists():
            if not force:
                raise UsageError(f"{target}: exists; give --force to replace it")
            if target.resolve() == self.path.resolve():
                raise UsageError(f"{target}: is the store itself")
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise UsageError(f"{target}: cannot create its folder: {exc.strerror}") from exc
        temp = target.parent / f".{target.name}.backup-{os.getpid()}-{secrets.token_hex(4)}"
        try:
            copy = sqlite3.connect(str(temp), isolation_level=None)
            try:
                self.conn.backup(copy)
                # A backup is one self-contained file: no WAL to carry along.
                copy.execute("PRAGMA journal_mode = DELETE")
                verdict = copy.execute("PRAGMA quick_check").fetchone()[0]
            finally:
                copy.close()
            if verdict != "ok":
                raise StoreError(f"{target}: the copy does not check out ({verdict})")
            with open(temp, "rb+") as fh:
                os.fsync(fh.fileno())
            if force:
                os.replace(temp, target)
            else:
                os.link(temp, target)
            with contextlib.suppress(OSError):
                dir_fd = os.open(target.parent, os.O_RDONLY)
                try:
                    os.fsync(dir_fd)
                finally:
                    os.close(dir_fd)
        except FileExistsError as exc:
            raise UsageError(f"{target}: exists; give --force to replace it") from exc
        except OSError as exc:
            if exc.errno in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)):
                raise StoreError(f"{target}: disk full: the backup was not written") from exc
            raise UsageError(f"{target}: cannot write the backup: {exc.strerror}") from exc
        finally:
            for suffix in ("", "-journal", "-wal", "-shm"):
                with contextlib.suppress(OSError):
                    os.unlink(f"{temp}{suffix}")
        return target

    def storage_facts(self) -> dict[str, object]:
        """Facts for ``prme doctor``: size, pages, free pages, WAL size and the time of the
        last checkpoint (in WAL mode only a checkpoint writes the main file, so its mtime is
        when the last one ended)."""
        conn = self.conn
        page_size = int(conn.execute("PRAGMA page_size").fetchone()[0])
        pages = int(conn.execute("PRAGMA page_count").fetchone()[0])
        free = int(conn.execute("PRAGMA freelist_count").fetchone()[0])
        mode = str(conn.execute("PRAGMA journal_mode").fetchone()[0]).lower()
        wal = _wal_bytes(self.path)
        try:
            mtime = os.stat(self.path).st_mtime
            checkpoint: str | None = format_instant(datetime.fromtimestamp(mtime, UTC))
        except OSError:
            checkpoint = None
        return {
            "bytes": self.size_bytes(),
            "page_size": page_size,
            "pages": pages,
            "free_pages": free,
            "journal_mode": mode,
            "wal_bytes": wal,
            "wal_frames": max(0, (wal - 32) // (page_size + 24)) if wal else 0,
            "last_checkpoint": display_instant(checkpoint),
            "read_only": self.read_only,
        }

    def integrity_check(self) -> list[str]:
        """Problems found, ``[]`` when the store is sound.

        SQLite's own check, the FTS index against its content, foreign keys, and prme's
        invariants (every object's current version recorded in its history, no span class
        missing for a dated timestamp, every timestamp's liveness flags equal to its object's).
        """
        problems: list[str] = []
        conn = self.conn
        try:
            for (msg,) in conn.execute("PRAGMA integrity_check"):
                if msg != "ok":
                    problems.append(f"sqlite: {msg}")
            for row in conn.execute("PRAGMA foreign_key_check"):
                problems.append(f"foreign key: table {row[0]} rowid {row[1]} -> {row[2]}")
            # FTS5's check is a write statement: a read-only store skips it (SQLite's own
            # check above still reads every page of the index).
            if not self.read_only:
                for table in ("objects_fts", "objects_cjk"):
                    try:
                        conn.execute(f"INSERT INTO {table}({table}) VALUES ('integrity-check')")
                    except sqlite3.DatabaseError as exc:
                        problems.append(f"full-text index {table}: {exc}")
            missing = conn.execute(
                "SELECT count(*) FROM objects o WHERE NOT EXISTS (SELECT 1 FROM versions v "
                "WHERE v.obj = o.pk AND v.version = o.version "
                "AND v.content_hash = o.content_hash)"
            ).fetchone()[0]
            if missing:
                problems.append(f"{missing} object(s) without their current version in history")
            unindexed = conn.execute(
                "SELECT count(*) FROM timestamps WHERE start IS NOT NULL AND span IS NULL"
            ).fetchone()[0]
            if unindexed:
                problems.append(f"{unindexed} dated timestamp(s) missing from the time index")
            stale_flags = conn.execute(
                "SELECT count(*) FROM timestamps t JOIN objects o ON o.pk = t.obj "
                "WHERE t.hidden != (o.deleted_at IS NOT NULL) + 2 * (o.archived != 0)"
            ).fetchone()[0]
            if stale_flags:
                problems.append(
                    f"{stale_flags} timestamp(s) whose liveness flags differ from their object's"
                )
            live_in_dead = conn.execute(
                "SELECT count(*) FROM objects o JOIN files f ON f.file_id = o.file_id "
                "WHERE f.deleted_at IS NOT NULL AND o.deleted_at IS NULL"
            ).fetchone()[0]
            if live_in_dead:
                problems.append(f"{live_in_dead} live object(s) in tombstoned files")
        except sqlite3.DatabaseError as exc:
            problems.append(f"sqlite: {exc}")
        return problems

    def meta(self, key: str) -> str | None:
        row = self.conn.execute(f"SELECT value FROM {META_TABLE} WHERE key = ?", (key,)).fetchone()
        return None if row is None else str(row[0])

    def size_bytes(self) -> int:
        """Bytes on disk including the WAL, for ``stats``/``doctor``."""
        total = 0
        for suffix in ("", "-wal"):
            try:
                total += os.stat(str(self.path) + suffix).st_size
            except OSError:
                pass
        return total

    def close(self) -> None:
        try:
            if self.conn.in_transaction:
                self.conn.execute("ROLLBACK")
        finally:
            self.conn.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
