"""Ingest org files into the store (SPEC §3, §5 ``prme ingest``).

Why it is shaped like this:

- **One transaction per file.** A crash or Ctrl-C between files leaves every file either fully
  old or fully new; never half-written.
- **Cheap skips.** A file whose size and ``mtime_ns`` are unchanged (and that was ingested with
  the same settings) is not even read; if they changed, the sha256 of its bytes decides. A
  skipped file only gets its ``last_seen`` touched, batched into one transaction per many
  files, so re-ingesting an unchanged corpus costs a ``stat`` per file. An object's effective
  ``last_seen`` is therefore its file's while it is live (see ``query``).
- **No per-row SELECTs in the hot loop.** The file's existing ids, hashes and versions are
  loaded once; foreign id conflicts are looked up in batches; rows are written with
  ``executemany`` and primary keys assigned here so timestamps can be inserted in bulk too.
- **Streaming.** Files are read, parsed and written one at a time; nothing of the corpus is
  kept but the list of paths and the ``files`` table's bookkeeping.

Keys: a file object's id is its absolute path (``os.path.abspath``, symlinks not resolved, so
the path users typed is the path they see). Text from stdin is keyed by the name given
(default ``stdin.org``) verbatim, not joined to the working directory, so piping the same
notes from anywhere updates the same objects.
"""

from __future__ import annotations

import dataclasses
import fnmatch
import hashlib
import json
import os
import stat
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime
from json.encoder import encode_basestring as _quote
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from .errors import UsageError
from .events import EXTRACTION_VERSION
from .eventstore import (
    discourse_state,
    node_event_rows,
    restore_discourse,
    text_discourses,
    text_event_objects,
    write_discourses,
    write_events,
)
from .model import Node, ParsedFile, Timestamp
from .orgtime import repeater_fits_calendar
from .store import (
    HIDDEN_ARCHIVED,
    SPAN_BOUNDS,
    SPAN_DAY,
    SPAN_LONG,
    SPAN_MONTH,
    SPAN_POINT,
    SPAN_REPEAT,
    Store,
    format_instant,
    wall_seconds,
)
from .textevents import Discourse

if TYPE_CHECKING:
    from .org import OrgStream

#: Bumped when what ingest stores for the same file changes, so files get re-read.
#: 2: derived ids without TODO-like keywords, file-level :ID:, #+DATE and dates anywhere in
#: file names, headings dated by #+DATE, the CJK index.
INGEST_FORMAT = 2
DEFAULT_TODO_KEYWORDS: tuple[str, ...] = ("TODO", "|", "DONE")
DEFAULT_GLOB = "*.org"
#: Files larger than this are not read (``ingest.max_file_mb``, in MiB): an org file is never
#: that large, a ``*.org`` link to a log or a device might be.
DEFAULT_MAX_FILE_MB = 100
DEFAULT_MAX_FILE_BYTES = DEFAULT_MAX_FILE_MB * 1024 * 1024
#: A recorded mtime less than this much older than the moment it was observed is *racy*: an
#: edit within the same tick of a coarse file system (FAT's 2 s, ext2/exFAT/many network
#: shares' 1 s) would keep size and mtime, so the file is hashed next time (as git does).
RACY_WINDOW_NS = 3_000_000_000
_TOUCH_BATCH = 1000
_LOOKUP_CHUNK = 500
_FIXED_UNITS = {"h": 3600, "d": 86_400, "w": 7 * 86_400}


_COUNTERS = (
    "files_scanned",
    "files_unchanged",
    "files_ingested",
    "files_failed",
    "files_tombstoned",
    "nodes_added",
    "nodes_changed",
    "nodes_unchanged",
    "nodes_tombstoned",
    "nodes_revived",
    "files_reextracted",
)


@dataclass
class IngestReport:
    """What one ingest run did; ``errors`` are ``path: reason`` lines (exit 2 in the CLI)."""

    files_scanned: int = 0
    files_unchanged: int = 0
    files_ingested: int = 0
    files_failed: int = 0
    files_tombstoned: int = 0
    nodes_added: int = 0
    nodes_changed: int = 0
    nodes_unchanged: int = 0
    nodes_tombstoned: int = 0
    errors: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    #: Subset of ``nodes_added``: tombstoned objects that came back.
    nodes_revived: int = 0
    #: Subset of ``files_ingested``: unchanged files read again only because their events
    #: were extracted by older rules (:data:`prme_cli.events.EXTRACTION_VERSION`).
    files_reextracted: int = 0
    #: Things the user must act on that are not errors: a root that looks moved (the same
    #: files under a new path), with the ``prme forget`` that removes the old copy.
    notices: list[str] = field(default_factory=list)

    def merge(self, other: IngestReport) -> None:
        """Add another run's counts (``reingest_roots`` runs one per root)."""
        for name in _COUNTERS:
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.errors.extend(other.errors)
        self.warnings.extend(other.warnings)
        self.notices.extend(other.notices)


class IngestInterrupted(KeyboardInterrupt):
    """Ctrl-C during an ingest run. Still a :class:`KeyboardInterrupt` (so it stops
    everything), carrying the :class:`IngestReport` of what was committed before it: every
    file counted there is wholly in the store, the file being written was rolled back."""

    def __init__(self, report: IngestReport) -> None:
        super().__init__("ingest interrupted")
        self.report = report


@contextmanager
def _exclusive_run(
    store: Store, report: IngestReport, on_wait: Callable[[int | None], None] | None
) -> Iterator[None]:
    """One writing run at a time (the store's run lock), and Ctrl-C reported with what was
    committed. A read-only store fails here, before any work, saying so."""
    store.require_writable()
    try:
        with store.run_lock(on_wait):
            yield
    except IngestInterrupted:
        raise
    except KeyboardInterrupt as exc:
        raise IngestInterrupted(report) from exc


def split_todo_keywords(keywords: Sequence[str]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Org's ``TODO NEXT | DONE`` notation → (todo, done); no ``|`` means the last is done.

    Elements may themselves hold several space-separated words (``"TODO | DONE"`` from a
    config string). Fast-access keys such as ``TODO(t)`` or ``WAIT(w@/!)`` are stripped.
    """
    words: list[str] = []
    for item in keywords:
        words.extend(item.split())
    words = [w.split("(", 1)[0] if w != "|" else w for w in words]
    words = [w for w in words if w]
    if "|" in words:
        bar = words.index("|")
        todo = tuple(w for w in words[:bar] if w != "|")
        done = tuple(w for w in words[bar + 1 :] if w != "|")
    elif len(words) >= 2:
        todo, done = tuple(words[:-1]), (words[-1],)
    elif words:
        todo, done = tuple(words), ()
    else:
        todo, done = ("TODO",), ("DONE",)
    return todo, done


def keywords_json(stream: OrgStream) -> str:
    """The TODO keyword sets a file declares itself, as stored (``files.todo_keywords``): org's
    own notation, ``["TODO", "NEXT", "|", "DONE"]``, read back by
    :func:`split_todo_keywords`; ``[]`` when the file declares none (the configured ones
    are the configuration's, not the file's: :class:`prme_cli.events.FileKeywords`)."""
    if not stream.own_keywords:
        return "[]"
    return _dumps([*stream.todo_keywords, "|", *stream.done_keywords])


def _has_cjk(text: str) -> bool:
    from .cjk import has_cjk

    return has_cjk(text)


def _cjk_index_text(text: str) -> str:
    from .cjk import index_text

    return index_text(text)


def _parse(
    text: str, path: str, todo: tuple[str, ...], done: tuple[str, ...], dayfirst: bool = False
) -> OrgStream:
    """The org reader, imported lazily so read-only commands never pay for it. It reads the
    file a top-level subtree at a time as ingest writes it (memory follows the largest
    subtree, not the file)."""
    from .org import OrgStream

    return OrgStream(text, path, todo_keywords=todo, done_keywords=done, dayfirst=dayfirst)


class _ReaderFailed(Exception):
    """The org reader failed on a file (a defect): that file is an error, the run goes on."""

    def __init__(self, cause: Exception) -> None:
        super().__init__(f"{type(cause).__name__}: {cause}")


#: Nodes written per round of statements: bounds the rows held at once in a huge file.
_WRITE_CHUNK = 2000


def _chunks(stream: OrgStream) -> Iterator[list[tuple[int, Node]]]:
    """The stream's batches grouped into rounds of about :data:`_WRITE_CHUNK` nodes (whole
    subtrees: a node's parent is in its round or is the file node)."""
    batches = stream.batches()
    chunk: list[tuple[int, Node]] = []
    while True:
        try:
            batch = next(batches)
        except StopIteration:
            break
        except Exception as exc:  # a reader bug must not stop the other files
            raise _ReaderFailed(exc) from exc
        chunk.extend(batch)
        if len(chunk) >= _WRITE_CHUNK:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def content_hash(node: Node) -> str:
    """Hash of the node's own content: never its position, line numbers or children.

    Fields are joined with ASCII separators (cheaper than JSON in the hot loop); ``repr``
    keeps values unambiguous (quotes and escapes), so two different nodes cannot collide by
    shifting text between fields.
    """
    parts = [
        repr(node.title),
        repr(node.todo),
        repr(node.priority),
        repr(tuple(node.own_tags)),
        repr(sorted(node.properties.items())),
        repr(node.body),
    ]
    for ts in node.timestamps:
        parts.append(
            repr(
                (
                    ts.kind,
                    ts.start.isoformat() if ts.start else None,
                    ts.end.isoformat() if ts.end else None,
                    ts.has_time,
                    ts.raw,
                    ts.repeater,
                    ts.warning,
                    ts.label,
                )
            )
        )
    return hashlib.sha256("\x1f".join(parts).encode("utf-8")).hexdigest()


class _DerivedIds:
    """Derived ids (SPEC §3) of one file's nodes: 20 hex digits of sha256 over the file's path
    under its root at its first ingest, the node's id key (its ancestors' id titles, then its
    own: titles without a leading all-capitals word or ``[#A]`` cookie, so configuring TODO
    keywords later changes nothing) and its occurrence among nodes of the same key:
    ``sha256("\\x1f".join([salt, relpath, *ancestor_titles, "\\x1e", title, occurrence]))``.

    Computed incrementally: the hash state after each id key is kept by its number
    (``Node.key_id``) and extended by one title for a child. Same ids as hashing each key in
    full, but constant work per node where that is quadratic in a deep outline.
    """

    def __init__(self, relpath: str, salt: str = "") -> None:
        self._states = {0: hashlib.sha256(f"{salt}\x1f{relpath}".encode())}

    def _state(self, node: Node, nodes: dict[int, Node]) -> Any:
        """The hash state after ``node``'s own id key."""
        climb: list[Node] = []
        while node.key_id not in self._states:
            climb.append(node)
            node = nodes[node.parent or 0]
        state = self._states[node.key_id]
        for child in reversed(climb):
            state = state.copy()
            state.update(("\x1f" + child.id_title).encode("utf-8"))
            self._states[child.key_id] = state
        return state

    def of(self, node: Node, nodes: dict[int, Node]) -> str:
        state = self._state(nodes[node.parent or 0], nodes).copy()
        state.update(f"\x1f\x1e\x1f{node.id_title}\x1f{node.occurrence}".encode())
        return str(state.hexdigest()[:20])

    def forget(self) -> None:
        """Drop the kept states (between rounds: a round's keys rarely recur after it)."""
        self._states = {0: self._states[0]}


def _repeat_period(repeater: str | None) -> int | None:
    """Fixed period in seconds for h/d/w repeaters (months and years vary: ``None``)."""
    if not repeater:
        return None
    core = repeater.lstrip(".+").split("/", 1)[0]
    if len(core) < 2 or not core[:-1].isdigit():
        return None
    unit = _FIXED_UNITS.get(core[-1])
    if unit is None:
        return None
    period = int(core[:-1]) * unit
    return period or None


def timestamp_row(obj: int, ts: Timestamp) -> tuple[Any, ...]:
    """One ``timestamps`` row with its span class for the time index (see store.py)."""
    if ts.start is None:
        start = end = stop = span = period = None
    else:
        start = wall_seconds(ts.start)
        end = wall_seconds(ts.end) if ts.end is not None else start
        stop = max(end, start + 1)
        if ts.repeater:
            span = SPAN_REPEAT
            period = _repeat_period(ts.repeater)
        else:
            period = None
            length = end - start
            if length <= 0:
                span = SPAN_POINT
            elif length <= SPAN_BOUNDS[SPAN_DAY]:
                span = SPAN_DAY
            elif length <= SPAN_BOUNDS[SPAN_MONTH]:
                span = SPAN_MONTH
            else:
                span = SPAN_LONG
    return (
        obj,
        ts.kind,
        start,
        end,
        stop,
        span,
        period,
        int(ts.has_time),
        ts.raw,
        ts.line,
        ts.repeater,
        ts.warning,
        ts.label,
    )


def _storable(ts: Timestamp, path: str, counts: IngestReport) -> Timestamp:
    """``ts`` as the time index can hold it: a repeater too large to ever repeat within the
    calendar (``+106751991167301d``, whose period overflows SQLite's integers) is kept as a
    one-time stamp at its date, with a warning, instead of aborting the file on every run."""
    if ts.repeater is None or repeater_fits_calendar(ts.repeater):
        return ts
    counts.warnings.append(
        f"{path}:{ts.line}: repeater {ts.repeater} in {ts.raw} is too large to repeat within "
        "the calendar; kept as a one-time timestamp"
    )
    return dataclasses.replace(ts, repeater=None)


_TS_INSERT = (
    'INSERT INTO timestamps(obj, kind, start, "end", stop, span, period, has_time, raw, line, '
    "repeater, warning, label, hidden) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)"
)
_OBJ_INSERT = (
    "INSERT INTO objects(pk, id, file_id, type, seq, line, level, parent_id, path, title, todo, "
    "priority, tags, own_tags, properties, body, event_time, event_source, archived, "
    "content_hash, version, first_seen, last_seen) "
    "VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)"
)
_FTS_INSERT = (
    "INSERT INTO objects_fts(rowid, title, body, tags, path) "
    "SELECT pk, title, body, tags, path FROM objects WHERE pk BETWEEN ? AND ?"
)
_CJK_INSERT = "INSERT INTO objects_cjk(rowid, title, body, tags, path) VALUES (?,?,?,?,?)"
_OBJ_UPDATE = (
    "UPDATE objects SET id=?, file_id=?, type=?, seq=?, line=?, level=?, parent_id=?, path=?, "
    "title=?, todo=?, priority=?, tags=?, own_tags=?, properties=?, body=?, event_time=?, "
    "event_source=?, archived=?, content_hash=?, version=?, first_seen=?, last_seen=?, "
    "deleted_at=NULL WHERE pk=?"
)


_FILE_ROW = (
    "SELECT path, file_id, root, relpath, size, mtime_ns, sha256, settings, deleted_at, "
    "events_version, todo_keywords FROM files"
)


class _Content:
    """A file's bytes, handed over so that the receiver holds the only reference: once
    decoded they are dropped, and a large file is in memory once (as text), not twice."""

    __slots__ = ("_data",)

    def __init__(self, data: bytes) -> None:
        self._data = data

    def take(self) -> bytes:
        data, self._data = self._data, b""
        return data


@dataclass
class _FileRec:
    file_id: int
    root: str | None
    relpath: str
    size: int | None
    mtime_ns: int | None
    sha256: str | None
    settings: str | None
    deleted_at: str | None
    #: the extraction rules its events were read with (None: before migration 0028)
    events_version: int | None = None
    #: the TODO keyword sets it was read with, as JSON (None: before migration 0029)
    todo_keywords: str | None = None

    def current(self, settings: str) -> bool:
        """Is what is stored of the file what this run would store of the same bytes: live,
        ingested with the same settings, its events read by the current rules?"""
        return (
            self.deleted_at is None
            and self.settings == settings
            and self.events_version == EXTRACTION_VERSION
        )


@dataclass
class _Existing:
    pk: int
    file_id: int
    content_hash: str
    version: str
    deleted_at: str | None
    first_seen: str
    #: the stored event time (wall seconds), when read from this file's own rows: an
    #: unchanged heading at the same time keeps the text events extracted before
    event_time: int | None = None
    same_file: bool = False


def _dumps(value: Any) -> str:
    """Compact JSON, byte for byte what ``json.dumps(ensure_ascii=False, separators=(",",
    ":"))`` gives, with fast paths for the shapes ingest stores per node (lists of strings,
    string-to-string dicts): the generic encoder costs several microseconds a call."""
    if not value:  # most tags/paths/drawers are empty: skip the encoder
        return "[]" if isinstance(value, list | tuple) else "{}"
    if isinstance(value, list | tuple) and all(type(v) is str for v in value):
        return "[" + ",".join(map(_quote, value)) + "]"
    if isinstance(value, dict) and all(type(k) is str and type(v) is str for k, v in value.items()):
        return "{" + ",".join(_quote(k) + ":" + _quote(v) for k, v in value.items()) + "}"
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


class _JsonCache(dict[tuple[str, ...], str]):
    """Per-file memo of :func:`_dumps` for tuples that repeat across siblings (outline paths,
    inherited tags): a tuple hash is far cheaper than encoding again."""

    def __missing__(self, key: tuple[str, ...]) -> str:
        text = self[key] = _dumps(key)
        return text


def _prop(node: Node, name: str) -> str | None:
    for key, value in node.properties.items():
        if key.upper() == name:
            value = value.strip()
            return value or None
    return None


def last_ingest_time(store: Store) -> str | None:
    """The latest instant an ingest wrote into the store (stored text form), or None."""
    row = store.conn.execute(
        "SELECT max(t) FROM (SELECT max(last_seen) AS t FROM files "
        "UNION ALL SELECT max(deleted_at) FROM files "
        "UNION ALL SELECT max(version) FROM objects)"
    ).fetchone()
    return None if row is None or row[0] is None else str(row[0])


def check_ingest_time(store: Store, now: str) -> None:
    """Refuse an ingest time earlier than the store's last one: versions, ``last_seen`` and
    tombstones would go back in time (``--by changed`` and ``show`` history would lie)."""
    from .store import display_instant

    last = last_ingest_time(store)
    if last is not None and now < last:
        shown = display_instant(last)
        raise UsageError(
            f"ingest time {display_instant(now)} is earlier than this store's last ingest "
            f"{shown}: versions cannot go back in time (give --now {shown} or later, or use "
            "another --store)"
        )


class _Run:
    """State of one ingest run over many files (settings, the files table, the report)."""

    def __init__(
        self,
        store: Store,
        *,
        now: datetime,
        include_archived: bool,
        todo_keywords: Sequence[str],
        progress: Callable[[str], None] | None,
        report: IngestReport,
        dayfirst: bool = False,
        max_file_bytes: int = DEFAULT_MAX_FILE_BYTES,
        clock_ns: Callable[[], int] = time.time_ns,
    ) -> None:
        if now.tzinfo is None:
            raise ValueError("ingest time `now` must be timezone-aware")
        self.store = store
        self.max_file_bytes = max_file_bytes
        # The real clock, not `now`: racy mtimes are about when the file system was looked at.
        self.clock_ns = clock_ns
        self.now = format_instant(now)
        check_ingest_time(store, self.now)
        self.include_archived = include_archived
        self.todo, self.done = split_todo_keywords(todo_keywords)
        self.dayfirst = dayfirst
        # What the stored rows depend on besides the bytes: a change re-reads every file.
        self.settings = _dumps([INGEST_FORMAT, self.todo, self.done, include_archived, dayfirst])
        self.progress = progress
        self.report = report
        self.files: dict[str, _FileRec] = {}
        self.touches: list[tuple[Any, ...]] = []
        self.seen: set[str] = set()
        for row in store.conn.execute(_FILE_ROW):
            self.files[row[0]] = _FileRec(*row[1:])

    # -- files -------------------------------------------------------------------------------

    def ingest_file(self, path: str, root: str | None, relpath: str) -> None:
        """Ingest one file from disk (already known to be wanted)."""
        if path in self.seen:
            return
        self.seen.add(path)
        report = self.report
        report.files_scanned += 1
        if self.progress:
            self.progress(path)
        rec = self.files.get(path)
        try:
            st = os.stat(path)
            if not stat.S_ISREG(st.st_mode):
                self._skip_special(path, st.st_mode)
                return
            if (
                rec is not None
                and rec.current(self.settings)
                and rec.todo_keywords is not None
                and rec.size == st.st_size
                and rec.mtime_ns == st.st_mtime_ns
            ):
                self._touch(rec, st.st_size, st.st_mtime_ns)
                return
            read = self._read_regular(path)
        except OSError as exc:
            report.files_failed += 1
            report.errors.append(f"{path}: {exc.strerror or exc}")
            return
        if read is None:
            return
        content, st = read
        self._ingest_bytes(
            path, root, relpath, content, st.st_size, self._trusted_mtime(st.st_mtime_ns), rec
        )

    def _read_regular(self, path: str) -> tuple[_Content, os.stat_result] | None:
        """The bytes of a regular file and its status as opened, or None (reported).

        Opened without blocking and checked again after opening, so a FIFO swapped in after
        the ``stat`` cannot hang the run; read up to the size cap, so a file that grows (or a
        link to an endless device) cannot exhaust memory.
        """
        flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
        fd = os.open(path, flags)
        try:
            st = os.fstat(fd)
            if not stat.S_ISREG(st.st_mode):
                self._skip_special(path, st.st_mode)
                return None
            cap = self.max_file_bytes
            if st.st_size <= cap:
                with os.fdopen(os.dup(fd), "rb") as fh:
                    data = fh.read(cap + 1)
            if st.st_size > cap or len(data) > cap:
                self.report.files_failed += 1
                self.report.errors.append(
                    f"{path}: larger than the size cap ({max(st.st_size, cap + 1)} bytes > "
                    f"{cap}; ingest.max_file_mb); not read"
                )
                return None
        finally:
            os.close(fd)
        return _Content(data), st

    def _skip_special(self, path: str, mode: int) -> None:
        """A FIFO, device or socket named like an org file: never read (it could block or
        never end); its stored notes, if any, are kept."""
        self.report.warnings.append(f"{path}: not a regular file ({_file_kind(mode)}); skipped")

    def _trusted_mtime(self, mtime_ns: int) -> int | None:
        """``mtime_ns`` if it is clearly older than now, else None: a racy mtime is not
        recorded, so the next run hashes the file instead of trusting size and mtime."""
        return mtime_ns if mtime_ns < self.clock_ns() - RACY_WINDOW_NS else None

    def ingest_text(self, text: str, name: str) -> None:
        """Ingest text that has no file on disk (stdin), keyed by ``name``."""
        self.seen.add(name)
        self.report.files_scanned += 1
        if self.progress:
            self.progress(name)
        self._ingest_bytes(
            name,
            None,
            name,
            _Content(text.encode("utf-8")),
            None,
            None,
            self.files.get(name),
            text=text,
        )

    def _fill_keywords(self, rec: _FileRec, data: bytes, path: str) -> None:
        """Record the keyword sets of an unchanged file stored before migration 0029."""
        text = data.decode("utf-8", errors="replace").removeprefix("\ufeff")
        stream = _parse(text, path, self.todo, self.done, self.dayfirst)
        rec.todo_keywords = keywords_json(stream)
        with self.store.transaction() as conn:
            conn.execute(
                "UPDATE files SET todo_keywords=? WHERE file_id=?",
                (rec.todo_keywords, rec.file_id),
            )

    def _touch(self, rec: _FileRec, size: int | None, mtime_ns: int | None) -> None:
        """Record an unchanged file as seen (``mtime_ns`` None: racy, hash it next time)."""
        self.report.files_unchanged += 1
        rec.size, rec.mtime_ns = size, mtime_ns
        self.touches.append((self.now, size, mtime_ns, rec.file_id))
        if len(self.touches) >= _TOUCH_BATCH:
            self.flush()

    def flush(self) -> None:
        """Write the batched ``last_seen`` touches of unchanged files."""
        if not self.touches:
            return
        with self.store.transaction() as conn:
            conn.executemany(
                "UPDATE files SET last_seen=?, size=?, mtime_ns=? WHERE file_id=?", self.touches
            )
        self.touches.clear()

    def _ingest_bytes(
        self,
        path: str,
        root: str | None,
        relpath: str,
        content: _Content,
        size: int | None,
        mtime_ns: int | None,
        rec: _FileRec | None,
        text: str | None = None,
    ) -> None:
        report = self.report
        data = content.take()
        sha = hashlib.sha256(data).hexdigest()
        if rec is not None and rec.current(self.settings) and rec.sha256 == sha:
            if rec.todo_keywords is None:
                # a file stored before its keyword sets were: its in-buffer settings alone
                # are read, not its headings again
                self._fill_keywords(rec, data, path)
            self._touch(rec, size, mtime_ns)
            return
        if text is None:
            try:
                text = data.decode("utf-8")
            except UnicodeDecodeError as exc:
                report.files_failed += 1
                bad = data[exc.start : exc.start + 1].hex()
                report.errors.append(
                    f"{path}: not valid UTF-8 (byte 0x{bad} at offset {exc.start})"
                )
                return
        text = text.removeprefix("\ufeff")
        del data  # the text is what is read from here on (a large file is held once)
        stream = _parse(text, path, self.todo, self.done, self.dayfirst)
        counts = IngestReport()
        try:
            with self.store.transaction() as conn:
                # Re-read the file's row under the write lock: whatever wrote the store since
                # this run started (an older prme, a library caller without the run lock).
                row = conn.execute(_FILE_ROW + " WHERE path = ?", (path,)).fetchone()
                rec = None if row is None else _FileRec(*row[1:])
                # Events read by other rules than the current ones are all read again, the
                # unchanged headings' text events too; the file's new version is written in
                # the same transaction, so an interrupted run leaves old events or new.
                stale = rec is not None and rec.events_version != EXTRACTION_VERSION
                if (
                    stale
                    and rec is not None
                    and rec.deleted_at is None
                    and rec.sha256 == sha
                    and rec.settings == self.settings
                ):
                    counts.files_reextracted += 1
                keywords = keywords_json(stream)
                file_id, relpath = self._upsert_file(
                    conn, path, root, relpath, rec, size, mtime_ns, sha, keywords
                )
                self._write_nodes(
                    conn,
                    file_id,
                    path,
                    relpath,
                    stream,
                    counts,
                    cjk=_has_cjk(text),
                    reread_text=stale,
                )
        except _ReaderFailed as failed:
            report.files_failed += 1
            report.errors.append(f"{path}: cannot parse: {failed}")
            return
        report.warnings.extend(stream.warnings)
        report.files_ingested += 1
        report.merge(counts)
        self.files[path] = _FileRec(
            file_id,
            root if rec is None else rec.root,
            relpath,
            size,
            mtime_ns,
            sha,
            self.settings,
            None,
            EXTRACTION_VERSION,
            keywords,
        )

    def _upsert_file(
        self,
        conn: Any,
        path: str,
        root: str | None,
        relpath: str,
        rec: _FileRec | None,
        size: int | None,
        mtime_ns: int | None,
        sha: str,
        keywords: str,
    ) -> tuple[int, str]:
        if rec is None:
            cur = conn.execute(
                "INSERT INTO files(path, root, relpath, size, mtime_ns, sha256, settings, "
                "first_seen, last_seen, events_version, todo_keywords) "
                "VALUES (?,?,?,?,?,?,?,?,?,?,?)",
                (
                    path,
                    root,
                    relpath,
                    size,
                    mtime_ns,
                    sha,
                    self.settings,
                    self.now,
                    self.now,
                    EXTRACTION_VERSION,
                    keywords,
                ),
            )
            return int(cur.lastrowid), relpath
        conn.execute(
            "UPDATE files SET size=?, mtime_ns=?, sha256=?, settings=?, last_seen=?, "
            "deleted_at=NULL, events_version=?, todo_keywords=? WHERE file_id=?",
            (
                size,
                mtime_ns,
                sha,
                self.settings,
                self.now,
                EXTRACTION_VERSION,
                keywords,
                rec.file_id,
            ),
        )
        # The derived ids hang on the path relative to the root of the FIRST ingest.
        return rec.file_id, rec.relpath

    # -- nodes -------------------------------------------------------------------------------

    def _write_nodes(
        self,
        conn: Any,
        file_id: int,
        path: str,
        relpath: str,
        stream: OrgStream,
        counts: IngestReport,
        *,
        cjk: bool = False,
        reread_text: bool = False,
    ) -> None:
        """Write the file's nodes, a round of whole subtrees at a time, then tombstone the
        file's objects that no node claimed. Nothing of the file is held beyond a round but
        the ids given so far (to keep them unique). ``cjk`` says the file holds CJK text,
        whose objects also go into the CJK search index (see cjk.py); ``reread_text`` that
        its stored text events were read by older rules, so no heading keeps them."""
        now = self.now
        # Objects whose text events are stored: an unchanged one keeps them.
        told = set() if reread_text else text_event_objects(conn, file_id)
        read_with = text_discourses(conn, file_id)
        archive_file = path.endswith(".org_archive")
        # What node_event_rows reads of a parsed file: its TODO keywords.
        keywords = ParsedFile(path, [], stream.todo_keywords, stream.done_keywords)
        next_pk = int(conn.execute("SELECT coalesce(max(pk), 0) FROM objects").fetchone()[0])
        taken: dict[str, int] = {}  # every id given in this file so far -> its line
        file_node: Node | None = None
        file_oid: str | None = None
        derived = _DerivedIds(relpath)
        salted = _DerivedIds(relpath, salt=path)
        discourse = Discourse()  # pronoun antecedents, carried from heading to heading
        for chunk in _chunks(stream):
            if chunk[0][0] == 0:
                file_node = chunk[0][1]
            nodes = dict(chunk)
            if file_node is not None:
                nodes.setdefault(0, file_node)
            keep = [i for i, node in chunk if i == 0 or self.include_archived or not node.archived]
            ids, existing = self._assign_ids(
                conn, file_id, path, nodes, keep, taken, counts, derived, salted
            )
            if 0 in ids:
                file_oid = ids[0]
            next_pk = self._write_round(
                conn,
                file_id,
                path,
                nodes,
                keep,
                ids,
                file_oid,
                existing,
                next_pk,
                archive_file,
                keywords,
                counts,
                cjk=cjk,
                discourse=discourse,
                told=told,
                read_with=read_with,
            )
            derived.forget()
            salted.forget()
        gone = [
            (now, pk)
            for pk, oid in conn.execute(
                "SELECT pk, id FROM objects WHERE file_id = ? AND deleted_at IS NULL", (file_id,)
            ).fetchall()
            if oid not in taken
        ]
        if gone:
            conn.executemany("UPDATE objects SET deleted_at = ? WHERE pk = ?", gone)
            counts.nodes_tombstoned += len(gone)

    def _write_round(
        self,
        conn: Any,
        file_id: int,
        path: str,
        nodes: dict[int, Node],
        keep: list[int],
        ids: dict[int, str],
        file_oid: str | None,
        existing: dict[str, _Existing],
        next_pk: int,
        archive_file: bool,
        keywords: ParsedFile,
        counts: IngestReport,
        *,
        cjk: bool,
        discourse: Discourse,
        told: set[int],
        read_with: dict[int, tuple[str, str]],
    ) -> int:
        """Rows of one round: objects, versions, timestamps, events, CJK index rows; returns
        the last pk."""
        now = self.now
        inserts: list[tuple[Any, ...]] = []
        updates: list[tuple[Any, ...]] = []
        versions: list[tuple[Any, ...]] = []
        stamps: list[tuple[Any, ...]] = []
        stale_pks: list[tuple[int]] = []
        cjk_rows: list[tuple[Any, ...]] = []
        happened: list[tuple[Any, ...]] = []
        kept_text: list[tuple[int]] = []
        read: list[tuple[int, str, str]] = []  # (pk, discourse before, after) of re-read ones
        paths = _JsonCache()
        tag_sets = _JsonCache()
        first_new = next_pk + 1
        for i in keep:
            node = nodes[i]
            oid = ids[i]
            parent = node.parent
            parent_id = None if parent is None else (file_oid if parent == 0 else ids.get(parent))
            ex = existing.get(oid)
            if ex is None:
                next_pk += 1
                pk = next_pk
            else:
                pk = ex.pk
            chash = content_hash(node)
            archived = int(node.archived or (archive_file and i > 0))
            # The object is live once written: its stamps carry only the archived flag.
            hidden = HIDDEN_ARCHIVED if archived else 0
            stamps.extend(
                [
                    (*timestamp_row(pk, _storable(ts, path, counts)), hidden)
                    for ts in node.timestamps
                ]
            )
            # An unchanged heading at the same time, read with the same discourse before it
            # (who and what the headings above named), keeps its text events (extracting
            # them is the costly part of ingest) and hands on the discourse after it as it
            # was; any other gets them anew, so a re-ingest stores what a first ingest would.
            before = discourse_state(discourse)
            was_read = read_with.get(ex.pk) if ex is not None else None
            keep_text = (
                ex is not None
                and was_read is not None
                and was_read[0] == before
                and ex.same_file
                and ex.pk in told
                and ex.content_hash == chash
                and ex.event_time
                == (wall_seconds(node.event_time) if node.event_time is not None else None)
            )
            happened.extend(node_event_rows(pk, node, keywords, discourse, text=not keep_text))
            if keep_text and was_read is not None:
                kept_text.append((pk,))
                restore_discourse(discourse, was_read[1])
            else:
                read.append((pk, before, discourse_state(discourse)))
            if ex is None:
                version = now
                first_seen = now
                counts.nodes_added += 1
            else:
                first_seen = ex.first_seen
                stale_pks.append((pk,))
                if ex.content_hash == chash:
                    version = ex.version
                    if ex.deleted_at is not None:
                        counts.nodes_added += 1
                        counts.nodes_revived += 1
                    else:
                        counts.nodes_unchanged += 1
                else:
                    version = now
                    if ex.deleted_at is not None:
                        counts.nodes_added += 1
                        counts.nodes_revived += 1
                    else:
                        counts.nodes_changed += 1
            if version == now:
                versions.append((pk, chash, now))
            values = (
                oid,
                file_id,
                "file" if i == 0 else "heading",
                i,
                node.line,
                node.level,
                parent_id,
                paths[node.path],
                node.title,
                node.todo,
                node.priority,
                tag_sets[node.tags],
                tag_sets[node.own_tags],
                _dumps(node.properties),
                node.body,
                wall_seconds(node.event_time) if node.event_time is not None else None,
                node.event_source,
                archived,
                chash,
                version,
                first_seen,
                now,
            )
            if ex is None:
                inserts.append((pk, *values))
            else:
                updates.append((*values, pk))
            if cjk:
                searchable = (values[8], values[14], values[11], values[7])
                if any(_has_cjk(v) for v in searchable):
                    cjk_rows.append((pk, *map(_cjk_index_text, searchable)))
        if stale_pks:
            conn.executemany("DELETE FROM timestamps WHERE obj = ?", stale_pks)
        if updates:
            conn.executemany(_OBJ_UPDATE, updates)
        if inserts:
            conn.executemany(_OBJ_INSERT, inserts)
            # New rows of a round have consecutive keys: index them for full-text search in
            # one statement (cheaper than a per-row trigger), inside the file's transaction.
            conn.execute(_FTS_INSERT, (first_new, next_pk))
        if versions:
            conn.executemany(
                "INSERT OR REPLACE INTO versions(obj, content_hash, version) VALUES (?,?,?)",
                versions,
            )
        if stamps:
            conn.executemany(_TS_INSERT, stamps)
        if cjk_rows:
            # The update trigger dropped the rows whose text changed; rewrite them all.
            conn.executemany("DELETE FROM objects_cjk WHERE rowid = ?", [(r[0],) for r in cjk_rows])
            conn.executemany(_CJK_INSERT, cjk_rows)
        write_events(conn, stale_pks, happened, kept_text)
        write_discourses(conn, read)
        return next_pk

    def _assign_ids(
        self,
        conn: Any,
        file_id: int,
        path: str,
        nodes: dict[int, Node],
        keep: list[int],
        taken: dict[str, int],
        counts: IngestReport,
        derived: _DerivedIds,
        salted: _DerivedIds,
    ) -> tuple[dict[int, str], dict[str, _Existing]]:
        """Pick each node's id: ``:ID:``, else ``CUSTOM_ID``, else derived (SPEC §3); return
        the ids and the stored objects they name (this file's, or taken over).

        An explicit id already used earlier in this file, or held by a live object of another
        file, falls through to the next choice with a warning. An id held by a *tombstoned*
        object of another file is taken over (the heading moved here), keeping its history.
        ``taken`` (id -> line) carries the ids given in earlier rounds of the same file.
        """
        choices: dict[int, list[tuple[str, str]]] = {}
        for i in keep:
            node = nodes[i]
            if i == 0:
                # An org-roam file node: the file-level :ID: is the file object's id.
                salt_file = hashlib.sha256(("file\x1f" + path).encode("utf-8")).hexdigest()[:20]
                roam_id = _prop(node, "ID")
                choices[i] = [(":ID:", roam_id)] if roam_id else []
                choices[i] += [("file", path), ("derived", salt_file)]
                continue
            opts: list[tuple[str, str]] = []
            for label, name in ((":ID:", "ID"), ("CUSTOM_ID", "CUSTOM_ID")):
                value = _prop(node, name)
                if value is not None:
                    opts.append((label, value))
            opts.append(("derived", derived.of(node, nodes)))
            opts.append(("derived", ""))  # salted with the path: computed only if needed
            choices[i] = opts
        stored: dict[str, tuple[int, int, str, str, str | None, str, int | None]] = {}
        looked: set[str] = set()
        existing: dict[str, _Existing] = {}
        ids: dict[int, str] = {}
        step = dict.fromkeys(keep, 0)
        pending = list(keep)
        while pending:
            for i in pending:
                label, cand = choices[i][step[i]]
                if not cand:
                    choices[i][step[i]] = (label, salted.of(nodes[i], nodes))
            want = [choices[i][step[i]][1] for i in pending]
            self._lookup_foreign(conn, [c for c in want if c not in looked], stored)
            looked.update(want)
            again: list[int] = []
            for i in pending:
                label, cand = choices[i][step[i]]
                clash: str | None = None
                row = stored.get(cand)
                if cand in taken:
                    clash = f"also at line {taken[cand]}"
                elif row is not None and row[1] != file_id:
                    other_file, deleted_at = row[1], row[4]
                    # Held by a tombstoned object of another file, or by one whose file is
                    # gone from disk (renamed, moved; tombstoned later in the run): the heading
                    # or org-roam file node moved here and takes it over. Live: a clash.
                    if deleted_at is None and not self._vanished(conn, other_file):
                        other = conn.execute(
                            "SELECT path FROM files WHERE file_id = ?", (other_file,)
                        ).fetchone()
                        clash = f"already used in {other[0] if other else 'another file'}"
                if clash is None:
                    taken[cand] = nodes[i].line
                    ids[i] = cand
                    if row is not None:
                        existing[cand] = _Existing(*row, same_file=row[1] == file_id)
                    continue
                if step[i] + 1 >= len(choices[i]):  # cannot happen short of a hash collision
                    raise RuntimeError(f"{path}: no free id for line {nodes[i].line}")
                # A CUSTOM_ID is unique per file in org: one reused in another file is no
                # duplicate, it just cannot be the store-wide id (a derived one is used).
                if not (label == "CUSTOM_ID" and clash.startswith("already used in")):
                    counts.warnings.append(
                        f"{path}:{nodes[i].line}: duplicate {label} id {cand!r} ({clash}); "
                        f"using {'the file path' if i == 0 else 'a derived id'}"
                    )
                step[i] += 1
                again.append(i)
            pending = again
        return ids, existing

    def _vanished(self, conn: Any, file_id: int) -> bool:
        """Whether a stored file read from disk is no longer there."""
        row = conn.execute("SELECT path, root FROM files WHERE file_id = ?", (file_id,)).fetchone()
        return row is not None and row[1] is not None and not os.path.exists(row[0])

    def _lookup_foreign(
        self,
        conn: Any,
        ids: list[str],
        into: dict[str, tuple[int, int, str, str, str | None, str, int | None]],
    ) -> None:
        for start in range(0, len(ids), _LOOKUP_CHUNK):
            chunk = ids[start : start + _LOOKUP_CHUNK]
            marks = ",".join("?" * len(chunk))
            for row in conn.execute(
                "SELECT id, pk, file_id, content_hash, version, deleted_at, first_seen, "
                f"event_time FROM objects WHERE id IN ({marks})",
                chunk,
            ):
                into[row[0]] = tuple(row[1:])  # type: ignore[assignment]

    # -- tombstones --------------------------------------------------------------------------

    def tombstone_file(self, path: str) -> None:
        """A file that vanished from a re-ingested root: tombstone it and its objects."""
        rec = self.files.get(path)
        if rec is None or rec.deleted_at is not None:
            return
        with self.store.transaction() as conn:
            cur = conn.execute(
                "UPDATE objects SET deleted_at = ? WHERE file_id = ? AND deleted_at IS NULL",
                (self.now, rec.file_id),
            )
            self.report.nodes_tombstoned += max(cur.rowcount, 0)
            conn.execute(
                "UPDATE files SET deleted_at = ? WHERE file_id = ?", (self.now, rec.file_id)
            )
        rec.deleted_at = self.now
        self.report.files_tombstoned += 1

    def tombstone_under(self, root: str, *, is_dir: bool, keep: Sequence[str] = ()) -> None:
        """Tombstone the known files of ``root`` not seen in this run, except those under the
        folders ``keep`` (unreadable this time: absent from the walk, not from the disk)."""
        prefix = root.rstrip(os.sep) + os.sep
        kept = tuple(folder.rstrip(os.sep) + os.sep for folder in keep)
        for path, rec in list(self.files.items()):
            if rec.deleted_at is not None or path in self.seen:
                continue
            if kept and (path.startswith(kept) or path in keep):
                continue
            if path == root or (is_dir and path.startswith(prefix)):
                self.tombstone_file(path)


# -- walking --------------------------------------------------------------------------------


def _file_kind(mode: int) -> str:
    for test, name in (
        (stat.S_ISFIFO, "FIFO"),
        (stat.S_ISCHR, "character device"),
        (stat.S_ISBLK, "block device"),
        (stat.S_ISSOCK, "socket"),
        (stat.S_ISDIR, "directory"),
    ):
        if test(mode):
            return name
    return "special file"


def _is_skipped_name(name: str) -> bool:
    if name.startswith(".") or name.endswith(("~", ".gpg")):
        return True
    return name.startswith("#") and name.endswith("#")


def _excluded(rel: str, name: str, exclude: Sequence[str]) -> bool:
    return any(fnmatch.fnmatchcase(rel, pat) or fnmatch.fnmatchcase(name, pat) for pat in exclude)


def walk_root(
    root: str,
    *,
    glob: str,
    exclude: Sequence[str],
    include_archived: bool,
    on_error: Callable[[OSError], None] | None = None,
) -> Iterator[tuple[str, str]]:
    """``(absolute path, path relative to root)`` of the files to ingest, sorted.

    Hidden files and folders, editor backups (``*~``, ``#*#``) and ``*.gpg`` are skipped;
    ``*.org_archive`` files only with ``include_archived``. ``exclude`` patterns match the
    relative path or the bare name of a file or folder. ``glob`` matches the file name (or the
    relative path when it contains a ``/``). A folder that cannot be listed is passed to
    ``on_error`` (its ``filename`` is the folder), never silently taken as empty.
    """
    for dirpath, dirnames, filenames in os.walk(root, onerror=on_error):
        rel_dir = os.path.relpath(dirpath, root)
        rel_dir = "" if rel_dir == "." else rel_dir
        dirnames[:] = sorted(
            d
            for d in dirnames
            if not d.startswith(".") and not _excluded(os.path.join(rel_dir, d), d, exclude)
        )
        for name in sorted(filenames):
            if _is_skipped_name(name):
                continue
            rel = os.path.join(rel_dir, name)
            if name.endswith(".org_archive"):
                if not include_archived:
                    continue
            elif not fnmatch.fnmatchcase(rel if "/" in glob else name, glob):
                continue
            if _excluded(rel, name, exclude):
                continue
            yield os.path.join(dirpath, name), rel


def _abspath(path: str | Path) -> str:
    return os.path.abspath(os.path.expanduser(str(path)))


class _Root(NamedTuple):
    """One ingest root as planned: its files, and the folders under it that could not be
    listed (their stored files are kept, not tombstoned)."""

    path: str
    kind: str
    files: list[tuple[str, str]]
    unreadable: list[str]


def _plan_root(
    path: str, kind: str, *, glob: str, exclude: Sequence[str], include_archived: bool
) -> _Root:
    if kind == "file":
        return _Root(path, "file", [(path, os.path.basename(path))], [])
    failed: list[OSError] = []
    files = list(
        walk_root(
            path,
            glob=glob,
            exclude=exclude,
            include_archived=include_archived,
            on_error=failed.append,
        )
    )
    return _Root(path, "dir", files, [str(exc.filename or path) for exc in failed])


def _root_kind(path: str) -> tuple[str | None, str | None]:
    """``("dir" | "file", None)`` for a root that is there, else ``(None, why not)``: a root
    that cannot be reached for lack of permission is not "missing"."""
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return None, "no such file or directory"
    except OSError as exc:
        return None, f"cannot read ({exc.strerror or exc})"
    return ("dir" if stat.S_ISDIR(st.st_mode) else "file"), None


def _record_root(
    store: Store,
    path: str,
    kind: str,
    *,
    glob: str,
    exclude: Sequence[str],
    include_archived: bool,
    todo_keywords: Sequence[str],
    now: str,
) -> None:
    with store.transaction() as conn:
        conn.execute(
            "INSERT INTO roots(path, kind, glob, exclude, include_archived, todo_keywords, "
            "first_ingested, last_ingested) VALUES (?,?,?,?,?,?,?,?) "
            "ON CONFLICT(path) DO UPDATE SET kind=excluded.kind, glob=excluded.glob, "
            "exclude=excluded.exclude, include_archived=excluded.include_archived, "
            "todo_keywords=excluded.todo_keywords, last_ingested=excluded.last_ingested",
            (
                path,
                kind,
                glob,
                _dumps(list(exclude)),
                int(include_archived),
                _dumps(list(todo_keywords)),
                now,
                now,
            ),
        )


def ingest_paths(
    store: Store,
    paths: Sequence[str | Path],
    *,
    now: datetime,
    glob: str = "*.org",
    exclude: Sequence[str] = (),
    include_archived: bool = False,
    todo_keywords: Sequence[str] = DEFAULT_TODO_KEYWORDS,
    progress: Callable[[str], None] | None = None,
    on_total: Callable[[int], None] | None = None,
    dayfirst: bool = False,
    max_file_bytes: int = DEFAULT_MAX_FILE_BYTES,
    on_wait: Callable[[int | None], None] | None = None,
    report: IngestReport | None = None,
) -> IngestReport:
    """Ingest files and directories (recursively); record each PATH as a root for re-ingest.

    A PATH that does not exist gets an error line and the others go on. Files of a directory
    root that are no longer there (or no longer selected) are tombstoned. Another ingest of
    the same store runs first: this one waits for it (``on_wait`` is called once, with its
    pid when known). Ctrl-C raises :class:`IngestInterrupted` with what was committed.
    ``report``, when given, is filled in place (so a caller sees the counts even if the run is
    cut short).
    """
    report = IngestReport() if report is None else report
    with _exclusive_run(store, report, on_wait):
        _ingest_paths(
            store,
            paths,
            report,
            now=now,
            glob=glob,
            exclude=exclude,
            include_archived=include_archived,
            todo_keywords=todo_keywords,
            progress=progress,
            on_total=on_total,
            max_file_bytes=max_file_bytes,
            dayfirst=dayfirst,
        )
    return report


def _ingest_paths(
    store: Store,
    paths: Sequence[str | Path],
    report: IngestReport,
    *,
    now: datetime,
    glob: str,
    exclude: Sequence[str],
    include_archived: bool,
    todo_keywords: Sequence[str],
    progress: Callable[[str], None] | None,
    on_total: Callable[[int], None] | None,
    max_file_bytes: int,
    dayfirst: bool = False,
) -> None:
    run = _Run(
        store,
        now=now,
        include_archived=include_archived,
        todo_keywords=todo_keywords,
        progress=progress,
        report=report,
        dayfirst=dayfirst,
        max_file_bytes=max_file_bytes,
    )
    plan: list[_Root] = []
    for raw in paths:
        path = _abspath(raw)
        kind, why = _root_kind(path)
        if kind is None:
            report.files_failed += 1
            report.errors.append(f"{raw}: {why}")
            continue
        plan.append(
            _plan_root(path, kind, glob=glob, exclude=exclude, include_archived=include_archived)
        )
    from prme_cli.memo import remembered

    before = set(known_roots(store))
    with remembered(store):  # word facts of the headings' predicates, kept for relate
        _run_plan(
            run,
            plan,
            glob=glob,
            exclude=exclude,
            include_archived=include_archived,
            todo_keywords=todo_keywords,
            on_total=on_total,
        )
    for root in plan:
        if root.path not in before:
            report.notices.extend(_moved_notices(store, root.path))


def _covering_root(path: str, roots: Sequence[str]) -> str | None:
    """The known root a stored file belongs to (the deepest one covering it)."""
    covering = [r for r in roots if path == r or path.startswith(r.rstrip(os.sep) + os.sep)]
    return max(covering, key=len, default=None)


def same_files_elsewhere(store: Store, root: str) -> list[tuple[str, int, int]]:
    """Other known roots holding the same notes as ``root``: ``(other, same, total)`` where
    ``same`` of the ``total`` live files under ``root`` have a file under ``other`` with the
    same path relative to its root and the same bytes. The sign of a root that moved (or was
    copied): the store would hold every note twice."""
    conn = store.conn
    row = conn.execute("SELECT kind FROM roots WHERE path = ?", (root,)).fetchone()
    if row is None:
        return []
    base = root if row[0] == "dir" else os.path.dirname(root)
    roots = known_roots(store)
    mine = [
        (path, rel, sha)
        for path, rel, sha in conn.execute(
            "SELECT path, relpath, sha256 FROM files WHERE root = ? AND deleted_at IS NULL",
            (base,),
        )
        if _covering_root(path, roots) == root
    ]
    if not mine:
        return []
    keys = {(rel, sha) for _, rel, sha in mine if sha}
    counts: dict[str, int] = {}
    for path, rel, sha in conn.execute(
        "SELECT path, relpath, sha256 FROM files WHERE deleted_at IS NULL AND root IS NOT NULL "
        "AND root != ?",
        (base,),
    ):
        if (rel, sha) in keys:
            other = _covering_root(path, roots)
            if other is not None and other != root:
                counts[other] = counts.get(other, 0) + 1
    return sorted(((other, n, len(mine)) for other, n in counts.items()), key=lambda t: -t[1])


def _moved_notices(store: Store, new_root: str) -> list[str]:
    """Say so when a newly ingested root holds (at least half of) the files of an older one."""
    notices = []
    for old, same, total in same_files_elsewhere(store, new_root):
        if same * 2 < total:
            continue
        where = "which no longer exists" if not os.path.exists(old) else "still on disk"
        notices.append(
            f"{new_root}: {same} of {total} files are the same as under {old} ({where}), so "
            f"the store now holds those notes twice; if they moved, run `prme forget {old}` "
            "to drop the old copy"
        )
    return notices


def _run_plan(
    run: _Run,
    plan: list[_Root],
    *,
    glob: str,
    exclude: Sequence[str],
    include_archived: bool,
    todo_keywords: Sequence[str],
    on_total: Callable[[int], None] | None,
) -> None:
    if on_total:
        on_total(sum(len(root.files) for root in plan))
    with run.store.bulk_writes():
        _run_files(
            run,
            plan,
            glob=glob,
            exclude=exclude,
            include_archived=include_archived,
            todo_keywords=todo_keywords,
        )


def _run_files(
    run: _Run,
    plan: list[_Root],
    *,
    glob: str,
    exclude: Sequence[str],
    include_archived: bool,
    todo_keywords: Sequence[str],
) -> None:
    try:
        for root, kind, files, unreadable in plan:
            _record_root(
                run.store,
                root,
                kind,
                glob=glob,
                exclude=exclude,
                include_archived=include_archived,
                todo_keywords=todo_keywords,
                now=run.now,
            )
            base = root if kind == "dir" else os.path.dirname(root)
            for path, rel in files:
                run.ingest_file(path, base, rel)
            for folder in unreadable:
                run.report.errors.append(
                    f"{folder}: cannot read directory; its notes are kept "
                    "(fix its permissions, or --exclude it)"
                )
            if kind == "dir":
                run.tombstone_under(root, is_dir=True, keep=unreadable)
    finally:
        run.flush()


def ingest_text(
    store: Store,
    text: str,
    name: str,
    *,
    now: datetime,
    include_archived: bool = False,
    todo_keywords: Sequence[str] = DEFAULT_TODO_KEYWORDS,
    dayfirst: bool = False,
    on_wait: Callable[[int | None], None] | None = None,
    report: IngestReport | None = None,
) -> IngestReport:
    """Ingest text read from stdin as the file ``name`` (stored verbatim, default
    ``stdin.org`` in the CLI). Not recorded as a root: there is nothing to re-read later."""
    report = IngestReport() if report is None else report
    with _exclusive_run(store, report, on_wait):
        run = _Run(
            store,
            now=now,
            include_archived=include_archived,
            todo_keywords=todo_keywords,
            progress=None,
            report=report,
            dayfirst=dayfirst,
        )
        with store.bulk_writes():
            try:
                run.ingest_text(text, name)
            finally:
                run.flush()
    return report


def stale_event_files(store: Store) -> tuple[int, int, int]:
    """``(live files, those whose events were read by other extraction rules, those of them
    ingested from stdin)``: a file counted second is read again by the next ingest of its
    root; one from stdin only when it is piped again (it has no file to re-read)."""
    total, stale, piped = store.conn.execute(
        "SELECT count(*), coalesce(sum(events_version IS NOT ?), 0), "
        "coalesce(sum(events_version IS NOT ? AND root IS NULL), 0) "
        "FROM files WHERE deleted_at IS NULL",
        (EXTRACTION_VERSION, EXTRACTION_VERSION),
    ).fetchone()
    return int(total), int(stale), int(piped)


def known_roots(store: Store) -> list[str]:
    """Every root ingested before, sorted (directories and single files)."""
    return [r[0] for r in store.conn.execute("SELECT path FROM roots ORDER BY path")]


def reingest_roots(
    store: Store,
    *,
    now: datetime,
    glob: str | None = None,
    exclude: Sequence[str] = (),
    include_archived: bool | None = None,
    todo_keywords: Sequence[str] | None = None,
    progress: Callable[[str], None] | None = None,
    on_total: Callable[[int], None] | None = None,
    dayfirst: bool = False,
    max_file_bytes: int = DEFAULT_MAX_FILE_BYTES,
    on_wait: Callable[[int | None], None] | None = None,
    report: IngestReport | None = None,
) -> IngestReport:
    """``prme ingest`` without PATH: re-ingest every known root with the settings it was
    ingested with.

    Overrides, so that the CLI can pass its usual options through: ``glob`` replaces a root's
    glob unless it is None or the default ``*.org``; ``exclude`` patterns are added to the
    root's; ``include_archived=True`` forces archives in (False/None keeps the root's choice);
    ``todo_keywords`` (the current configuration) replaces the recorded keywords.

    A root that no longer exists gets a warning and its files are tombstoned (they revive if
    it comes back, e.g. an unmounted disk).
    """
    report = IngestReport() if report is None else report
    with _exclusive_run(store, report, on_wait):
        _reingest(
            store,
            report,
            now=now,
            glob=glob,
            exclude=exclude,
            include_archived=include_archived,
            todo_keywords=todo_keywords,
            progress=progress,
            on_total=on_total,
            max_file_bytes=max_file_bytes,
            dayfirst=dayfirst,
        )
    return report


def _reingest(
    store: Store,
    report: IngestReport,
    *,
    now: datetime,
    glob: str | None,
    exclude: Sequence[str],
    include_archived: bool | None,
    todo_keywords: Sequence[str] | None,
    progress: Callable[[str], None] | None,
    on_total: Callable[[int], None] | None,
    max_file_bytes: int,
    dayfirst: bool = False,
) -> None:
    rows = store.conn.execute(
        "SELECT path, kind, glob, exclude, include_archived, todo_keywords FROM roots ORDER BY path"
    ).fetchall()
    glob_override = glob if glob not in (None, DEFAULT_GLOB) else None
    groups: dict[tuple[Any, ...], list[_Root]] = {}
    vanished: list[tuple[str, str]] = []
    for path, kind, root_glob, exclude_json, arch, todo_json in rows:
        glob = root_glob if glob_override is None else glob_override
        root_exclude = tuple(json.loads(exclude_json)) + tuple(exclude)
        arch_b = bool(arch) or bool(include_archived)
        todo = tuple(json.loads(todo_json)) if todo_keywords is None else tuple(todo_keywords)
        key = (glob, root_exclude, arch_b, todo)
        found, why = _root_kind(path)
        if found == kind:
            groups.setdefault(key, []).append(
                _plan_root(path, kind, glob=glob, exclude=root_exclude, include_archived=arch_b)
            )
        else:
            vanished.append((path, why or f"no longer a {'directory' if kind == 'dir' else kind}"))
    total = sum(len(root.files) for plan in groups.values() for root in plan)
    if on_total:
        on_total(total)
    for (group_glob, group_exclude, arch_b, todo), plan in groups.items():
        run = _Run(
            store,
            now=now,
            include_archived=arch_b,
            todo_keywords=todo,
            progress=progress,
            report=report,  # shared: an interrupt reports every group committed so far
            max_file_bytes=max_file_bytes,
            dayfirst=dayfirst,
        )
        _run_plan(
            run,
            plan,
            glob=group_glob,
            exclude=group_exclude,
            include_archived=arch_b,
            todo_keywords=todo,
            on_total=None,
        )
    # A root that is gone altogether is far more often an unmounted disk or a renamed folder
    # than notes deleted on purpose: say so (exit 2) and leave its files as they are, rather
    # than tombstone everything under it from cron. `prme forget ROOT` removes it for good.
    for path, why in vanished:
        moved = [other for other, same, _total in same_files_elsewhere(store, path) if same]
        if why.startswith("no such") and moved:
            report.errors.append(
                f"{path}: ingest root no longer exists; its notes are kept, and the same files "
                f"are under {moved[0]}: if they moved there, run `prme forget {path}`"
            )
        elif why.startswith("no such"):
            report.errors.append(
                f"{path}: ingest root no longer exists; its notes are kept "
                "(`prme forget` it if it is gone for good)"
            )
        else:
            report.errors.append(f"{path}: ingest root {why}; its notes are kept")


def _under(column: str) -> str:
    return f"({column} = :p OR substr({column}, 1, length(:prefix)) = :prefix)"


def forget(store: Store, path: str | Path) -> int:
    """Remove a file, or every file under a root/directory, and its roots entry; returns the
    number of objects removed. Exact stored names (stdin) match before absolute paths."""
    if not str(path).strip():
        # `prme forget "$DIR"` with DIR unset must not match every stored path.
        raise UsageError("forget needs a file or directory path, not an empty string")
    candidates = [str(path)]
    absolute = _abspath(path)
    if absolute not in candidates:
        candidates.append(absolute)
    with store.run_lock(), store.transaction() as conn:
        removed = 0
        for cand in candidates:
            params = {"p": cand, "prefix": cand.rstrip(os.sep) + os.sep}
            removed += conn.execute(
                "SELECT count(*) FROM objects WHERE file_id IN "
                f"(SELECT file_id FROM files WHERE {_under('path')})",
                params,
            ).fetchone()[0]
            files = conn.execute(f"DELETE FROM files WHERE {_under('path')}", params).rowcount
            roots = conn.execute(f"DELETE FROM roots WHERE {_under('path')}", params).rowcount
            if files or roots:
                break
    return int(removed)


def purge_tombstones(store: Store) -> int:
    """Delete tombstoned objects (and files with nothing left); returns objects removed."""
    with store.run_lock(), store.transaction() as conn:
        removed = conn.execute("DELETE FROM objects WHERE deleted_at IS NOT NULL").rowcount
        conn.execute(
            "DELETE FROM files WHERE deleted_at IS NOT NULL AND NOT EXISTS "
            "(SELECT 1 FROM objects o WHERE o.file_id = files.file_id)"
        )
    return int(removed)
