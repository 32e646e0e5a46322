"""Queries over the store: time windows, full-text, filters (SPEC §4.3, §5).

The time index (why it is logarithmic): every dated timestamp row carries a *span class* —
points, spans up to a day, spans up to 32 days, longer spans, repeaters — and the covering
index ``timestamps(span, hidden, start, stop, kind, obj, period)``. For a bounded class a stamp
overlapping ``[ws, we)`` must start in ``[ws - bound, we)``, so each class is one index range
scan whose size is the window's matches plus at most ``bound`` of slack, whatever the store's
size. Long spans (rare: multi-month ranges) are filtered on ``stop`` from the start of the
index; repeaters are pre-filtered in SQL by arithmetic on their fixed period (h/d/w) and
confirmed by :func:`prme_cli.orgtime.occurs_in`, the single home of occurrence rules.
``event_time`` has its own index and ``--by changed`` uses the index on ``version``.

Liveness: ``hidden`` is a copy of the object's deleted/archived flags kept exact by triggers
(see ``store._SCHEMA_HIDDEN``), and the event-time index carries the flags too, so the default
filters (and ``--include-deleted`` / ``--include-archived``) are applied inside the index
scans; ``objects`` is joined only when another filter (type, todo, tag, file) or text needs
it, instead of a random look-up of every matched object in that wide table.

Wall-clock: org times have no zone, so the window is turned into naive wall time in its own
zone (the user's ``--tz``) and compared with the stored wall seconds; days never shift over a
DST change.

Matches are merged per object by their minimum ``key = seconds * 4 + source`` (0 timestamp, 1
event_time, 2 version): the earliest time wins and, on a tie, a real timestamp beats the
synthetic ones. With a ``LIMIT`` and no text, the scans (each in ``start`` order) are read
merged in time order and reading stops once the first rows are settled (see
:func:`_settled_objects`); filters on ``objects`` (type, todo, tag, file) are then an
``EXISTS`` on each scanned row (a primary-key look-up), so only the rows read are looked up,
not every match in the window. Otherwise one ``GROUP BY`` computes every object's ``MIN(key)``
and ``LIMIT`` is applied in SQL. Either way a query's memory follows the rows it returns.

``--file`` patterns: a pattern with a glob character (``*?[``) is matched (case-sensitively,
as SQLite ``GLOB``) against the absolute path, the path relative to its ingest root, and any
path tail (``*.org`` and ``journal/*.org`` both work); a plain pattern is a substring of the
absolute path. Several patterns: any of them.
"""

from __future__ import annotations

import heapq
import json
import sqlite3
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timedelta, tzinfo
from typing import TYPE_CHECKING, Any

from .errors import UsageError
from .model import TIMESTAMP_KINDS, Timestamp
from .store import (
    HIDDEN_ARCHIVED,
    HIDDEN_DELETED,
    SPAN_BOUNDS,
    SPAN_DAY,
    SPAN_LONG,
    SPAN_MONTH,
    SPAN_POINT,
    SPAN_REPEAT,
    Store,
    display_instant,
    format_instant,
    from_wall_seconds,
    parse_instant,
    wall_seconds,
)

if TYPE_CHECKING:
    from .events import FileKeywords

BASES = ("event", "changed", "any")
#: Planning kinds: their repeaters say when something is planned, not that it happened, so
#: under ``event``/``any`` a repeating SCHEDULED/DEADLINE matches at its base date only; its
#: projected occurrences match only when the kind is asked for (``--by scheduled``).
PLAN_KINDS = ("scheduled", "deadline")
#: ``event_source`` values a heading takes from journal structure (datetree day or week,
#: daily-file name, ``#+DATE``): a heading matches by them. ``ancestor`` (an ordinary dated
#: parent's time) matches only with ``inherit``.
JOURNAL_SOURCES = ("datetree", "filename", "keyword")
INHERITED_SOURCES = (*JOURNAL_SOURCES, "ancestor")
_SRC_TIMESTAMP, _SRC_EVENT, _SRC_VERSION = 0, 1, 2
#: bm25 column weights: title, body, tags, outline path (both full-text indexes).
_BM25_WEIGHTS = "10.0, 1.0, 5.0, 2.0"
_GLOB_CHARS = frozenset("*?[")


@dataclass(frozen=True)
class Filters:
    """Filters shared by ``since``, ``range`` and ``query``.

    ``by`` is one time basis or several (their union: ``("closed", "clock")``). ``todos``
    and ``tags`` match without regard to case (``done`` finds ``DONE``). ``inherit`` lets a
    heading match by an ordinary dated ancestor's time (its ``event_time`` fallback), not
    only by its own time or its journal structure's.
    """

    by: str | tuple[str, ...] = "event"
    types: tuple[str, ...] = ()
    todos: tuple[str, ...] = ()
    tags: tuple[str, ...] = ()
    files: tuple[str, ...] = ()
    include_deleted: bool = False
    include_archived: bool = False
    inherit: bool = False

    @property
    def bases(self) -> tuple[str, ...]:
        """The time bases as a tuple, in the order given, without repeats."""
        values = (self.by,) if isinstance(self.by, str) else tuple(self.by)
        return tuple(dict.fromkeys(values)) or ("event",)


@dataclass(frozen=True)
class Basis:
    """What a set of ``--by`` values asks the window scans for (see :func:`basis`).

    ``kinds`` None means every timestamp kind. Repeaters of the kinds in ``base_only`` match
    at their base date only; every other repeater of a wanted kind projects its occurrences.
    """

    timestamps: bool
    event: bool
    version: bool
    kinds: tuple[str, ...] | None
    base_only: tuple[str, ...]


@dataclass
class Row:
    """One memory object as a query returns it.

    ``event_time`` and ``matched`` are naive wall-clock times; ``version``, ``first_seen``,
    ``last_seen`` and ``deleted_at`` are UTC instants as ISO text with ``Z``. ``matched`` is the
    earliest timestamp that put the row in the window: a real one, or a synthetic ``event``
    (its ``event_time``, ``label`` = the rule that gave it) or ``version`` (``--by changed``).
    For a repeater it is the matching occurrence. ``score`` is the relevance (``-bm25``,
    higher is better) when the query had text.
    """

    id: str
    type: str
    title: str
    path: list[str]
    file: str
    line: int
    level: int
    todo: str | None
    priority: str | None
    tags: list[str]
    properties: dict[str, str]
    body: str
    event_time: datetime | None
    version: str
    first_seen: str
    last_seen: str
    deleted_at: str | None
    matched: Timestamp | None = None
    score: float | None = None
    parent_id: str | None = None
    content_hash: str = ""
    event_source: str | None = None
    relpath: str = ""
    inherited: bool = False

    def to_json(self, tz: tzinfo | None) -> dict[str, Any]:
        """The documented, stable JSON shape of a result (see README)."""
        return {
            "id": self.id,
            "type": self.type,
            "title": self.title,
            "path": list(self.path),
            "file": self.file,
            "line": self.line,
            "level": self.level,
            "parent_id": self.parent_id,
            "todo": self.todo,
            "priority": self.priority,
            "tags": list(self.tags),
            "properties": dict(self.properties),
            "body": self.body,
            "event_time": wall_iso(self.event_time, tz),
            "event_source": self.event_source,
            "matched": timestamp_json(self.matched, tz) if self.matched else None,
            "version": self.version,
            "first_seen": self.first_seen,
            "last_seen": self.last_seen,
            "deleted_at": self.deleted_at,
            "content_hash": self.content_hash,
            "score": self.score,
            "relpath": self.relpath,
            "inherited": self.inherited,
        }


def wall_iso(value: datetime | None, tz: tzinfo | None) -> str | None:
    """A wall-clock time as ISO 8601 with the zone's offset (naive ISO when tz is None)."""
    if value is None:
        return None
    if tz is None:
        return value.isoformat()
    return value.replace(tzinfo=tz).isoformat()


def timestamp_json(ts: Timestamp, tz: tzinfo | None) -> dict[str, Any]:
    return {
        "kind": ts.kind,
        "start": wall_iso(ts.start, tz),
        "end": wall_iso(ts.end, tz),
        "has_time": ts.has_time,
        "repeater": ts.repeater,
        "warning": ts.warning,
        "raw": ts.raw,
        "line": ts.line,
        "label": ts.label,
    }


# -- SQL pieces ---------------------------------------------------------------------------------

_ROW_COLUMNS = (
    "o.pk, o.id, o.type, o.title, o.path, fl.path, o.line, o.level, o.todo, o.priority, o.tags, "
    "o.properties, o.body, o.event_time, o.version, o.first_seen, "
    "CASE WHEN o.deleted_at IS NULL THEN fl.last_seen ELSE o.last_seen END, o.deleted_at, "
    "o.parent_id, o.content_hash, o.event_source, fl.relpath"
)
_N_ROW = 22


def _json(text: str) -> Any:
    """``json.loads`` with the common empty values short-cut (rows are built per result)."""
    if text == "[]":
        return []
    if text == "{}":
        return {}
    return json.loads(text)


def _row(values: tuple[Any, ...] | list[Any]) -> Row:
    event_time = values[13]
    return Row(
        id=values[1],
        type=values[2],
        title=values[3],
        path=_json(values[4]),
        file=values[5],
        line=values[6],
        level=values[7],
        todo=values[8],
        priority=values[9],
        tags=_json(values[10]),
        properties=_json(values[11]),
        body=values[12],
        event_time=None if event_time is None else from_wall_seconds(event_time),
        version=display_instant(values[14]) or "",
        first_seen=display_instant(values[15]) or "",
        last_seen=display_instant(values[16]) or "",
        deleted_at=display_instant(values[17]),
        parent_id=values[18],
        content_hash=values[19],
        event_source=values[20],
        relpath=values[21] or "",
    )


def _filter_sql(filters: Filters, params: dict[str, Any], *, liveness: bool = True) -> str:
    """``AND …`` conditions on ``o`` (objects) and ``fl`` (files); without the deleted and
    archived conditions when ``liveness`` is false (a window query applies them in its index
    scans, see :func:`_hidden_sql`)."""
    parts: list[str] = []
    if liveness and not filters.include_deleted:
        parts.append("o.deleted_at IS NULL")
    if liveness and not filters.include_archived:
        parts.append("o.archived = 0")
    # TODO states and tags match without regard to (ASCII) case: people type `--todo done`
    # and `--tag Work` for DONE and :work:, and an empty answer would hide the typo.
    for name, values, column in (
        ("type", filters.types, "o.type"),
        ("todo", filters.todos, "o.todo COLLATE NOCASE"),
    ):
        if values:
            keys = []
            for i, value in enumerate(values):
                params[f"{name}{i}"] = value
                keys.append(f":{name}{i}")
            parts.append(f"{column} IN ({', '.join(keys)})")
    for i, tag in enumerate(filters.tags):
        params[f"tag{i}"] = tag
        parts.append(
            "EXISTS (SELECT 1 FROM json_each(o.tags) "
            f"WHERE json_each.value = :tag{i} COLLATE NOCASE)"
        )
    if filters.files:
        alts = []
        for i, pattern in enumerate(filters.files):
            params[f"file{i}"] = pattern
            if _GLOB_CHARS & set(pattern):
                alts.append(
                    f"(fl.path GLOB :file{i} OR fl.relpath GLOB :file{i} "
                    f"OR fl.path GLOB '*/' || :file{i})"
                )
            else:
                alts.append(f"instr(fl.path, :file{i}) > 0")
        parts.append("(" + " OR ".join(alts) + ")")
    return "".join(f" AND {p}" for p in parts)


def _hidden_sql(filters: Filters, column: str = "hidden") -> str:
    """The liveness filters on a ``timestamps`` row's copy of its object's flags."""
    if filters.include_deleted and filters.include_archived:
        return ""
    if filters.include_deleted:
        return f" AND {column} IN (0, {HIDDEN_DELETED})"
    if filters.include_archived:
        return f" AND {column} IN (0, {HIDDEN_ARCHIVED})"
    return f" AND {column} = 0"


def _live_sql(filters: Filters, prefix: str = "") -> str:
    """The liveness filters on an ``objects`` row (``prefix`` is its alias and a dot)."""
    parts = ""
    if not filters.include_deleted:
        parts += f" AND {prefix}deleted_at IS NULL"
    if not filters.include_archived:
        parts += f" AND {prefix}archived = 0"
    return parts


def _kinds_sql(column: str, kinds: Sequence[str] | None, *, negate: bool = False) -> str:
    """``AND column IN (…)`` for a set of timestamp kinds (literals: they are our own
    names, checked against :data:`TIMESTAMP_KINDS`); nothing for None (every kind)."""
    if kinds is None:
        return ""
    if not kinds:
        return "" if negate else " AND 0"
    names = ", ".join(f"'{k}'" for k in kinds if k in TIMESTAMP_KINDS)
    return f" AND {column} {'NOT IN' if negate else 'IN'} ({names})"


def _timestamp_matches(basis: Basis, cond: str) -> list[str]:
    """One index range scan per bounded span class (see module doc), each yielding ``(s,
    src, obj, ts)`` in ``start`` order; ``cond`` is appended to each (liveness, objects).
    Plus, for the planning kinds in ``basis.base_only``, a scan of their repeaters matched
    at the base date as written (whose span is unbounded: repeaters are few)."""
    cond = _kinds_sql("kind", basis.kinds) + cond
    # A datetree heading longer than a day (a year, month or week node) is an outline
    # container, not an event: it matches only a window that holds its whole period, so
    # `since yesterday` does not list "2026" and "2026-11 November" above the day's notes.
    container = " AND (kind != 'datetree' OR (start >= :ws AND stop <= :we))"
    head = f"SELECT start AS s, {_SRC_TIMESTAMP} AS src, obj, ts_id AS ts FROM timestamps"
    scans = [
        f"{head} WHERE span = {SPAN_POINT} AND start >= :ws AND start < :we{cond}",
        (
            f"{head} WHERE span = {SPAN_DAY} AND start >= :ws - {SPAN_BOUNDS[SPAN_DAY]} "
            f"AND start < :we AND stop > :ws{cond}"
        ),
        (
            f"{head} WHERE span = {SPAN_MONTH} AND start >= :ws - {SPAN_BOUNDS[SPAN_MONTH]} "
            f"AND start < :we AND stop > :ws{cond}{container}"
        ),
        f"{head} WHERE span = {SPAN_LONG} AND start < :we AND stop > :ws{cond}{container}",
    ]
    if basis.base_only:
        # A point's stop is start + 1, so `stop > :ws` is its `start >= :ws`.
        scans.append(
            f"{head} WHERE span = {SPAN_REPEAT} AND start < :we AND stop > :ws"
            f"{_kinds_sql('kind', basis.base_only)}{cond}"
        )
    return scans


def _object_timestamp_matches(basis: Basis, cond: str) -> str:
    """The matches of :func:`_timestamp_matches` as one scan, for a few objects picked in
    ``cond`` (read through the index on ``obj``). The classes' lower bounds on ``start`` are
    implied: a class's span is at most its bound, so ``stop > :ws`` implies them, and a point's
    ``stop`` is ``start + 1``."""
    spans = f"{SPAN_POINT}, {SPAN_DAY}, {SPAN_MONTH}, {SPAN_LONG}"
    if basis.base_only:
        spans_sql = (
            f"(span IN ({spans}) OR (span = {SPAN_REPEAT}{_kinds_sql('kind', basis.base_only)}))"
        )
    else:
        spans_sql = f"span IN ({spans})"
    return (
        f"SELECT start AS s, {_SRC_TIMESTAMP} AS src, obj, ts_id AS ts FROM timestamps "
        f"WHERE {spans_sql} "
        f"AND start < :we AND stop > :ws{_kinds_sql('kind', basis.kinds)}{cond} "
        f"AND (span != {SPAN_POINT} OR start >= :ws) AND (span IN ({SPAN_POINT}, {SPAN_DAY}) "
        "OR kind != 'datetree' OR (start >= :ws AND stop <= :we))"
    )


def _event_matches(cond: str, *, inherit: bool = False) -> str:
    """Objects whose ``event_time`` falls in the window — without ``inherit``, only those
    whose ``event_time`` is their own or their journal structure's (not ``ancestor``); the
    event-time index carries ``event_source`` so the condition is read from the index."""
    source = "" if inherit else " AND event_source IS NOT 'ancestor'"
    return (
        f"SELECT event_time AS s, {_SRC_EVENT} AS src, pk AS obj, NULL AS ts FROM objects "
        f"WHERE event_time >= :ws AND event_time < :we{source}{cond}"
    )


def _version_matches(cond: str) -> str:
    return (
        f"SELECT unixepoch(version) + :offset AS s, {_SRC_VERSION} AS src, pk AS obj, NULL AS ts "
        "FROM objects "
        f"WHERE version >= :vs AND version < :ve{cond}"
    )


def fts_expression(text: str, *, raw: bool = False) -> str:
    """Plain words → each quoted as an FTS5 phrase and ANDed (``don't``, ``e-mail``, ``C++``
    are safe); ``raw`` passes an FTS5 expression through. Nothing searchable → UsageError."""
    if raw:
        if not text.strip():
            raise UsageError("empty full-text query")
        return text
    phrases = [
        '"' + word.replace('"', '""') + '"'
        for word in text.split()
        if any(ch.isalnum() for ch in word)
    ]
    if not phrases:
        raise UsageError(f"nothing to search for in {text!r} (no letters or digits)")
    return " AND ".join(phrases)


def fts_target(text: str, *, raw: bool = False) -> tuple[str, str]:
    """The full-text index a query reads and its FTS5 expression: plain words with CJK text
    go to the CJK bigram index (``objects_cjk``, see cjk.py), each word as its phrase there;
    other words, and raw ``--fts`` expressions, to the ``unicode61`` index."""
    from .cjk import has_cjk, query_phrase

    if raw or not has_cjk(text):
        return "objects_fts", fts_expression(text, raw=raw)
    words = [w for w in text.split() if any(ch.isalnum() for ch in w)]
    return "objects_cjk", " AND ".join(query_phrase(w) for w in words)


def basis(bases: Sequence[str]) -> Basis:
    """What the union of ``--by`` values asks for (SPEC §4.3).

    ``event`` and ``any`` want every timestamp kind and ``event_time``; ``changed`` and
    ``any`` the version; a kind its timestamps. Repeaters project their occurrences, except
    SCHEDULED/DEADLINE under ``event``/``any``, which match at their base date unless their
    kind is also asked for by name (agenda questions).
    """
    wants_ts = wants_event = wants_version = False
    every_kind = False
    named: list[str] = []
    for by in bases:
        if by in ("event", "any"):
            wants_ts = wants_event = every_kind = True
            wants_version = wants_version or by == "any"
        elif by == "changed":
            wants_version = True
        elif by in TIMESTAMP_KINDS:
            wants_ts = True
            named.append(by)
        else:
            raise UsageError(f"unknown --by {by!r} (event, changed, any or a timestamp kind)")
    base_only = tuple(k for k in PLAN_KINDS if k not in named) if every_kind else ()
    return Basis(
        timestamps=wants_ts,
        event=wants_event,
        version=wants_version,
        kinds=None if every_kind else tuple(dict.fromkeys(named)),
        base_only=base_only,
    )


def _check_filters(filters: Filters) -> None:
    for t in filters.types:
        if t not in ("heading", "file"):
            raise UsageError(f"unknown type {t!r} (heading or file)")


# -- select -------------------------------------------------------------------------------------


def select(
    store: Store,
    *,
    window: tuple[datetime, datetime] | None = None,
    text: str | None = None,
    fts: bool = False,
    filters: Filters = Filters(),
    reverse: bool = False,
    limit: int | None = None,
) -> list[Row]:
    """Objects matching a time window and/or text, filtered, ordered, limited (SPEC §4.3).

    ``window`` is aware ``(start, end)``, end exclusive, in the user's zone. Without text rows
    are ordered by their matched time (oldest first; ``reverse`` newest first); with text by
    relevance first. Without a window, rows are ordered by ``event_time`` (undated last).
    """
    if limit is not None and limit <= 0:
        limit = None
    plan = _plan(window, text, fts, filters)
    direction = "DESC" if reverse else "ASC"
    # One snapshot for the key scan and the row loads: an ingest committing in between must
    # not make a row vanish between the two (readers failed with KeyError under load).
    with store.snapshot(), _fts_errors(text):
        if window is None:
            return _select_unwindowed(
                store,
                plan.params,
                plan.where,
                plan.fts_cte,
                plan.fts_join,
                plan.rank_col,
                direction,
                limit,
                by_version=filters.bases == ("changed",),
            )
        ordered, ws_wall, we_wall = _windowed_keys(
            store,
            window,
            plan.params,
            plan.where,
            plan.fts_cte,
            plan.fts_join,
            plan.rank_col,
            direction,
            limit,
            wanted=plan.wanted,
            reverse=reverse,
            filters=filters,
        )
        return _windowed_rows(store.conn, ordered, ws_wall, we_wall, window[0].tzinfo)


def count(
    store: Store,
    *,
    window: tuple[datetime, datetime] | None = None,
    text: str | None = None,
    fts: bool = False,
    filters: Filters = Filters(),
) -> int:
    """How many objects :func:`select` would return without a limit (``query``'s ``total``),
    without loading their rows."""
    plan = _plan(window, text, fts, filters)
    with _fts_errors(text):
        if window is None:
            sql = (
                (f"WITH {plan.fts_cte} " if plan.fts_cte else "")
                + "SELECT count(*) FROM objects o JOIN files fl ON fl.file_id = o.file_id"
                f"{plan.fts_join} WHERE 1{plan.where}"
            )
            return int(store.conn.execute(sql, plan.params).fetchone()[0])
        ordered, _, _ = _windowed_keys(
            store,
            window,
            plan.params,
            plan.where,
            plan.fts_cte,
            plan.fts_join,
            plan.rank_col,
            "ASC",
            None,
            wanted=plan.wanted,
            reverse=False,
            filters=filters,
        )
        return len(ordered)


def matched_total(
    store: Store,
    shown: int,
    limit: int | None,
    *,
    window: tuple[datetime, datetime] | None = None,
    text: str | None = None,
    fts: bool = False,
    filters: Filters = Filters(),
) -> int:
    """How many matched in all, when :func:`select` returned ``shown`` rows under ``limit``:
    counted only when the limit was reached (else nothing was cut). The ``total`` of a
    results document, the same for every front end."""
    if limit is None or shown < limit:
        return shown
    return count(store, window=window, text=text, fts=fts, filters=filters)


@dataclass
class _Plan:
    """The SQL pieces shared by :func:`select` and :func:`count`."""

    wanted: Basis
    params: dict[str, Any]
    where: str
    fts_cte: str
    fts_join: str
    rank_col: str


def _plan(
    window: tuple[datetime, datetime] | None, text: str | None, fts: bool, filters: Filters
) -> _Plan:
    wanted = basis(filters.bases)
    _check_filters(filters)
    params: dict[str, Any] = {}
    # Windowed: liveness is applied in the index scans, objects joined only for other filters.
    where = _filter_sql(filters, params, liveness=window is None)
    fts_cte = ""
    fts_join = ""
    rank_col = "NULL"
    if text is not None:
        table, params["q"] = fts_target(text, raw=fts)
        fts_cte = (
            f"f AS MATERIALIZED (SELECT rowid AS obj, bm25({table}, {_BM25_WEIGHTS}) AS rank "
            f"FROM {table} WHERE {table} MATCH :q)"
        )
        fts_join = " JOIN f ON f.obj = o.pk"
        rank_col = "f.rank"
    return _Plan(wanted, params, where, fts_cte, fts_join, rank_col)


@contextmanager
def _fts_errors(text: str | None) -> Iterator[None]:
    """A malformed FTS5 expression is the user's input error, not a store error."""
    try:
        yield
    except sqlite3.OperationalError as exc:
        message = str(exc)
        if text is not None and "locked" not in message and "busy" not in message:
            raise UsageError(f"invalid full-text query {text!r}: {message}") from exc
        raise


def _select_unwindowed(
    store: Store,
    params: dict[str, Any],
    where: str,
    fts_cte: str,
    fts_join: str,
    rank_col: str,
    direction: str,
    limit: int | None,
    *,
    by_version: bool,
) -> list[Row]:
    time_col = "o.version" if by_version else "o.event_time"
    order = f"{time_col} IS NULL, {time_col} {direction}, o.pk {direction}"
    if fts_cte:
        order = f"f.rank, {order}"
    sql = (
        (f"WITH {fts_cte} " if fts_cte else "")
        + f"SELECT {_ROW_COLUMNS}, {rank_col} FROM objects o "
        f"JOIN files fl ON fl.file_id = o.file_id{fts_join} WHERE 1{where} ORDER BY {order}"
    )
    if limit is not None:
        sql += " LIMIT :limit"
        params["limit"] = limit
    rows = []
    for values in store.conn.execute(sql, params):
        row = _row(values)
        if values[_N_ROW] is not None:
            row.score = -float(values[_N_ROW])
        rows.append(row)
    return rows


_Keys = list[tuple[int, tuple[Any, int, Any]]]


def _windowed_keys(
    store: Store,
    window: tuple[datetime, datetime],
    params: dict[str, Any],
    where: str,
    fts_cte: str,
    fts_join: str,
    rank_col: str,
    direction: str,
    limit: int | None,
    *,
    wanted: Basis,
    reverse: bool,
    filters: Filters,
) -> tuple[_Keys, datetime, datetime]:
    """Step one of a window query: the keys of the matching objects ``[(obj, (rank, key,
    ref))]``, filtered, ordered and limited in SQL, merged with repeater occurrences; step two
    (:func:`_windowed_rows`) loads the full rows of the survivors only, so the sorter never
    carries bodies. Also returns the window in wall-clock time.

    ``where`` holds the filters other than liveness: the deleted/archived filters are applied
    during the index scans (``timestamps.hidden``, the flags in the event-time index), so
    ``objects`` is joined only when another filter or the text needs it."""
    start, end = window
    if start.tzinfo is None or end.tzinfo is None:
        raise ValueError("query windows must be timezone-aware")
    tz = start.tzinfo
    ws_wall, we_wall = start.replace(tzinfo=None), end.astimezone(tz).replace(tzinfo=None)
    params.update(ws=wall_seconds(ws_wall), we=wall_seconds(we_wall))
    want_ts, want_event, want_version = wanted.timestamps, wanted.event, wanted.version
    if want_version:
        offset = start.utcoffset() or timedelta(0)
        params.update(
            vs=format_instant(start), ve=format_instant(end), offset=int(offset.total_seconds())
        )
    if params["we"] <= params["ws"] and not want_version:
        return [], ws_wall, we_wall
    hidden = _hidden_sql(filters)
    live = _live_sql(filters)

    def arms(ts_extra: str = "", obj_extra: str = "") -> list[str]:
        parts = []
        if want_ts:
            parts.extend(_timestamp_matches(wanted, hidden + ts_extra))
        if want_event:
            parts.append(_event_matches(live + obj_extra, inherit=filters.inherit))
        if want_version:
            parts.append(_version_matches(live + obj_extra))
        return parts

    conn = store.conn
    joined = bool(where or fts_cte)
    joins = _joins(where, fts_join)
    # Repeaters first: in reverse order their count bounds how far past LIMIT the SQL must
    # look (an object's repeater may lower its key below the LIMIT's last key).
    repeats = (
        _repeater_matches(
            conn,
            params,
            joins if joined else "",
            where,
            hidden,
            fts_cte,
            rank_col,
            ws_wall,
            we_wall,
            wanted=wanted,
            limit=None if reverse else limit,
        )
        if want_ts
        else {}
    )
    found: dict[int, tuple[Any, int, Any]]

    def best_of(objs: list[int]) -> dict[int, tuple[int, Any]]:
        """Each object's earliest match in the window, repeaters included: ``{obj: (key,
        ref)}`` (one index look-up per object and scan instead of the window's scans)."""
        out: dict[int, tuple[int, Any]] = {}
        for i in range(0, len(objs), 500):
            chunk = objs[i : i + 500]
            marks = ", ".join(f":obj{j}" for j in range(len(chunk)))
            extra = dict(params, **{f"obj{j}": obj for j, obj in enumerate(chunk)})
            parts = []
            if want_ts:
                parts.append(_object_timestamp_matches(wanted, f"{hidden} AND obj IN ({marks})"))
            if want_event:
                parts.append(_event_matches(f"{live} AND pk IN ({marks})", inherit=filters.inherit))
            if want_version:
                parts.append(_version_matches(f"{live} AND pk IN ({marks})"))
            m = " UNION ALL ".join(parts)
            for obj, key, ts_id in conn.execute(
                f"SELECT obj, min(s * 4 + src), ts FROM ({m}) GROUP BY obj", extra
            ):
                out[obj] = (key, ts_id)
        for obj in objs:
            rep = repeats.get(obj)
            if rep is not None and (obj not in out or rep[1] < out[obj][0]):
                out[obj] = (rep[1], rep[2])
        return out

    if limit is not None and not fts_cte:
        # No text: read the index scans merged in time order (with the repeaters'
        # occurrences) and stop as soon as the first ``limit`` objects are settled. Filters on
        # ``objects`` are checked on each scanned row in SQL (a primary-key look-up; the scans
        # keep their index order), so only the passing rows reach Python and stopping early
        # spares the look-ups of the rest of the window, unlike a join of all its matches.
        ts_extra = obj_extra = ""
        if where:
            exists = f" AND EXISTS (SELECT 1 FROM objects o{joins} WHERE o.pk = @{where})"
            ts_extra, obj_extra = exists.replace("@", "obj"), exists.replace("@", "objects.pk")
        found = _settled_objects(
            conn,
            " UNION ALL ".join(arms(ts_extra, obj_extra)),
            params,
            repeats,
            limit,
            reverse,
            best_of,
        )
    else:
        m = " UNION ALL ".join(arms())
        ctes = [
            f"m(s, src, obj, ts) AS ({m})",
            "best AS (SELECT obj, min(s * 4 + src) AS k, ts FROM m GROUP BY obj)",
        ]
        if fts_cte:
            ctes.insert(0, fts_cte)
        order = f"b.k {direction}, b.obj {direction}"
        if fts_cte:
            order = f"f.rank, {order}"
        join_sql = f" JOIN objects o ON o.pk = b.obj{joins} WHERE 1{where}" if joined else ""
        sql = (
            f"WITH {', '.join(ctes)} SELECT b.obj, {rank_col}, b.k, b.ts FROM best b{join_sql} "
            f"ORDER BY {order}"
        )
        if limit is not None:
            sql += " LIMIT :limit"
            params["limit"] = limit + (len(repeats) if reverse else 0)
        found = {obj: (rank, key, ts_id) for obj, rank, key, ts_id in conn.execute(sql, params)}
        # A repeating object beyond LIMIT may still have an earlier non-repeating match: its
        # key is the minimum of both, so fetch those objects' own best matches too (they
        # passed the filters in the repeater query).
        missing = [obj for obj in repeats if obj not in found]
        for obj, (key, ref) in best_of(missing).items():
            found[obj] = (repeats[obj][0], key, ref)
        for obj, (rank, key, ref) in repeats.items():
            have = found.get(obj)
            if have is None or key < have[1]:
                found[obj] = (rank, key, ref)
    ordered = sorted(
        found.items(),
        key=lambda item: (
            item[1][0] if item[1][0] is not None else 0.0,
            -item[1][1] if reverse else item[1][1],
            -item[0] if reverse else item[0],
        ),
    )
    if limit is not None:
        ordered = ordered[:limit]
    return ordered, ws_wall, we_wall


def _windowed_rows(
    conn: sqlite3.Connection,
    ordered: _Keys,
    ws_wall: datetime,
    we_wall: datetime,
    tz: tzinfo | None,
) -> list[Row]:
    """Step two of a window query: the rows of ``ordered``, each with what matched."""
    full = _load_rows(conn, [obj for obj, _ in ordered])
    ts_ids = [
        info[2] if isinstance(info[2], int) else info[2][0]
        for _, info in ordered
        if info[2] is not None
    ]
    stamps = _load_timestamps(conn, ts_ids)
    rows: list[Row] = []
    for obj, (rank, key, ref) in ordered:
        row = full[obj]
        source = key % 4
        if isinstance(ref, tuple):
            matched = _occurrence(stamps[ref[0]], ws_wall, we_wall)
            if matched is None:  # SQL and occurs_in disagree: trust the one home of the rules
                continue
            row.matched = matched
        elif source == _SRC_TIMESTAMP and ref is not None:
            row.matched = stamps.get(ref)
        elif source == _SRC_EVENT and row.event_time is not None:
            row.matched = Timestamp(
                kind="event",
                start=row.event_time,
                end=row.event_time,
                has_time=True,
                raw="",
                line=row.line,
                label=row.event_source,
            )
            # A heading dated only by its journal day or file, or (--inherit) an ancestor.
            row.inherited = row.type == "heading" and row.event_source in INHERITED_SOURCES
        elif source == _SRC_VERSION:
            wall = parse_instant(row.version).astimezone(tz).replace(tzinfo=None)
            row.matched = Timestamp(
                kind="version", start=wall, end=wall, has_time=True, raw=row.version, line=0
            )
        if rank is not None:
            row.score = -float(rank)
        rows.append(row)
    return rows


def _joins(where: str, fts_join: str) -> str:
    """Join files only when a ``--file`` filter needs it; FTS only for text."""
    return (" JOIN files fl ON fl.file_id = o.file_id" if "fl." in where else "") + fts_join


def _settled_objects(
    conn: sqlite3.Connection,
    matches: str,
    params: dict[str, Any],
    repeats: dict[int, tuple[Any, int, tuple[int]]],
    limit: int,
    reverse: bool,
    best_of: Callable[[list[int]], dict[int, tuple[int, Any]]],
) -> dict[int, tuple[None, int, Any]]:
    """Objects whose key (earliest match) puts them in the first ``limit`` rows in either
    order, ``{obj: (None, key, ref)}``, from the match scans merged in time order, stopping
    early; the full GROUP BY of the window is never built. Extra objects may be returned with
    keys that sort them after those rows.

    Each scan of ``matches`` is an index range in ``start`` order, so SQLite merges them
    without sorting; the repeaters' occurrences (``repeats``, computed beforehand) are merged
    in here. Rows are read a second ``s`` at a time; once every row of seconds up to (down to)
    ``s`` is read:

    - oldest first: an object's first row is its key, and an object not yet seen has every
      key after ``s``: with ``limit`` objects seen, the order is settled;
    - newest first: an object not yet seen has every key before ``s``, but a seen one may
      still have an earlier match further on: its key so far is only an upper bound. See
      :func:`_newest_settled`; if they are not settled yet, read on and check again later
      (reading the whole stream gives exact keys anyway).

    ``matches`` may be filtered (the other filters, row by row): the rules hold for the
    objects it yields, as the repeaters passed the same filters.
    """
    cursor = conn.execute(f"{matches} ORDER BY 1{' DESC' if reverse else ''}", params)
    extra = sorted(((key >> 2, key & 3, obj, ref) for obj, (_, key, ref) in repeats.items()))
    if reverse:
        extra.reverse()
    rows = heapq.merge(cursor, extra, key=lambda row: row[0], reverse=reverse)
    seen: dict[int, tuple[int, Any]] = {}
    exact: dict[int, tuple[int, Any]] = {}
    current: int | None = None
    check_at = limit
    target: int | None = None  # newest first: read down to this key, the order is settled
    for s, src, obj, ref in rows:
        if (
            s != current
            and current is not None
            and (len(seen) >= check_at or (target is not None and current * 4 <= target))
        ):
            if not reverse:
                break
            if _newest_settled(seen, exact, current * 4, limit, best_of):
                seen = exact
                break
            # Every object seen is exact now: the limit-th key is settled once reading
            # reaches it (objects found later may settle it sooner: check again then).
            target = heapq.nlargest(limit, (k for k, _ in exact.values()))[-1]
            check_at = 2 * len(seen)
        current = s
        key = s * 4 + src
        have = seen.get(obj)
        if have is None or key < have[0]:
            seen[obj] = (key, ref)
    cursor.close()
    return {obj: (None, key, ref) for obj, (key, ref) in seen.items()}


def _newest_settled(
    seen: dict[int, tuple[int, Any]],
    exact: dict[int, tuple[int, Any]],
    floor: int,
    limit: int,
    best_of: Callable[[list[int]], dict[int, tuple[int, Any]]],
) -> bool:
    """Whether the newest-first order's first ``limit`` objects are settled among ``seen``
    (keys so far, upper bounds) given that every object not seen has a key below ``floor``.

    Exact keys are looked up (into ``exact``, and ``seen`` updated) in batches, in the order of
    the bounds, newest first, until the ``limit``-th exact ``(key, obj)`` is at or above
    ``floor``. Then nothing else can come before it: an object not seen is below ``floor``; an
    exact key at or above ``floor`` was already read, so it equals that object's bound, and
    every object not looked up has a lower bound (the order).
    """
    order = sorted(seen, key=lambda o: (seen[o][0], o), reverse=True)
    done = 0
    batch = limit + limit // 4 + 8
    while True:
        chunk = order[done : done + batch]
        found = best_of([o for o in chunk if o not in exact])
        for o in chunk:  # a look-up always finds the row that put it here; keep it if not
            found.setdefault(o, exact.get(o, seen[o]))
        exact.update(found)
        seen.update(found)
        done += len(chunk)
        batch *= 2
        top = heapq.nlargest(limit, (exact[o][0] for o in order[:done]))
        if len(top) == limit and top[-1] >= floor:
            return True
        if done >= len(order):
            return False


def _occurrence(base: Timestamp, ws: datetime, we: datetime) -> Timestamp | None:
    """The repeater's occurrence in the window as a Timestamp of its own."""
    from .orgtime import occurs_in

    occurrence = occurs_in(base, ws, we)
    if occurrence is None or base.start is None or base.end is None:
        return None
    return Timestamp(
        kind=base.kind,
        start=occurrence,
        end=occurrence + (base.end - base.start),
        has_time=base.has_time,
        raw=base.raw,
        line=base.line,
        repeater=base.repeater,
        warning=base.warning,
        label=base.label,
    )


_FIRST_OCCURRENCE = (
    "(t.start + (CASE WHEN :ws - t.stop < 0 THEN 0 ELSE (:ws - t.stop) / t.period + 1 END)"
    " * t.period)"
)


def _calendar_days(ws: datetime, we: datetime) -> list[int] | None:
    """Days of the month on which a month/year repeater lasting at most a day must be based
    to have an occurrence overlapping ``[ws, we)``; None when any day may (long windows).

    Occurrences fall on the base's day of the month, clamped to the month's last day, so a
    window covering a month's last day admits every base day from there to 31. The day before
    the window counts too (an occurrence that starts late that day may reach into it). A
    superset on purpose: ``occurs_in`` still decides, this only spares it the hopeless rows.
    """
    if (we - ws).days >= 31 or ws.date() == ws.date().min or we.date() == we.date().min:
        return None  # long windows, and windows at the calendar's very start, admit any day
    first = (ws - timedelta(days=1)).date()
    last = (we - timedelta(microseconds=1)).date()
    if (last - first).days >= 31:
        return None
    days: set[int] = set()
    day = first
    while day <= last:
        days.add(day.day)
        following = day + timedelta(days=1)
        if following.month != day.month:
            days.update(range(day.day, 32))
        day = following
    return sorted(days)


def _repeater_matches(
    conn: sqlite3.Connection,
    params: dict[str, Any],
    joins: str,
    where: str,
    hidden: str,
    fts_cte: str,
    rank_col: str,
    ws_wall: datetime,
    we_wall: datetime,
    *,
    wanted: Basis,
    limit: int | None,
) -> dict[int, tuple[Any, int, tuple[int]]]:
    """Objects with a repeater occurring in the window: ``{obj: (rank, key, (ts_id,))}``.

    Only repeaters that project do: those of the wanted kinds, except the planning kinds
    ``wanted.base_only`` (matched at their base date by :func:`_timestamp_matches`).

    Fixed-period (h/d/w) repeaters get their first occurrence not wholly before the window by
    integer arithmetic in SQL (the same rule as ``orgtime.occurs_in``, which confirms the rows
    finally shown), so they can be ordered and limited there. Month/year repeaters are few and
    go through ``occurs_in`` directly. ``hidden`` is the liveness condition on the stamps;
    ``objects`` is joined only for the other filters (``where``) or the text.
    """
    from .orgtime import occurs_in

    if wanted.kinds is None:
        kind_sql = _kinds_sql("t.kind", wanted.base_only or None, negate=True)
    else:
        kind_sql = _kinds_sql("t.kind", wanted.kinds)
    kind_sql += hidden.replace("hidden", "t.hidden")
    joined = bool(where or fts_cte)
    with_fts = f"WITH {fts_cte} " if fts_cte else ""
    order = "f.rank, k, r.obj" if fts_cte else "k, r.obj"
    fixed = (
        f"{with_fts}SELECT r.obj, {rank_col}, min(r.k) AS k, r.ts_id FROM ("
        f"SELECT t.obj AS obj, t.ts_id AS ts_id, {_FIRST_OCCURRENCE} * 4 AS k FROM timestamps t "
        f"WHERE t.span = {SPAN_REPEAT} AND t.period IS NOT NULL AND t.start < :we{kind_sql} "
        f"AND {_FIRST_OCCURRENCE} < :we) r"
        + (f" JOIN objects o ON o.pk = r.obj{joins}" if joined else "")
        + f" WHERE 1{where} GROUP BY r.obj ORDER BY {order}"
    )
    rparams = dict(params)
    if limit is not None:
        fixed += " LIMIT :rlimit"
        rparams["rlimit"] = limit
    out: dict[int, tuple[Any, int, tuple[int]]] = {}
    for obj, rank, key, ts_id in conn.execute(fixed, rparams):
        out[obj] = (rank, key, (ts_id,))
    days = _calendar_days(ws_wall, we_wall)
    day_sql = (
        ""
        if days is None
        else f" AND (t.\"end\" - t.start > 86400 OR CAST(strftime('%d', t.start, 'unixepoch') "
        f"AS INTEGER) IN ({','.join(map(str, days))}))"
    )
    calendar = (
        f'{with_fts}SELECT t.obj, {rank_col}, t.ts_id, t.kind, t.start, t."end", t.has_time, '
        "t.raw, t.line, t.repeater, t.warning, t.label FROM timestamps t"
        + (f" JOIN objects o ON o.pk = t.obj{joins}" if joined else "")
        + f" WHERE t.span = {SPAN_REPEAT} "
        f"AND t.period IS NULL AND t.start < :we{day_sql}{kind_sql}{where}"
    )
    for obj, rank, ts_id, *fields in conn.execute(calendar, params):
        occurrence = occurs_in(_stamp(fields), ws_wall, we_wall)
        if occurrence is None:
            continue
        key = wall_seconds(occurrence) * 4 + _SRC_TIMESTAMP
        if obj not in out or key < out[obj][1]:
            out[obj] = (rank, key, (ts_id,))
    return out


def _rows_in(conn: sqlite3.Connection, sql: str, keys: Sequence[Any]) -> Iterator[Any]:
    """Rows of ``sql`` (whose ``{marks}`` is an ``IN`` list) for ``keys``, 500 at a time:
    SQLite caps the number of bound parameters."""
    keys = list(keys)
    for i in range(0, len(keys), 500):
        chunk = keys[i : i + 500]
        yield from conn.execute(sql.format(marks=",".join("?" * len(chunk))), chunk)


def _load_rows(conn: sqlite3.Connection, pks: list[int]) -> dict[int, Row]:
    sql = (
        f"SELECT {_ROW_COLUMNS} FROM objects o JOIN files fl ON fl.file_id = o.file_id "
        "WHERE o.pk IN ({marks})"
    )
    return {values[0]: _row(values) for values in _rows_in(conn, sql, pks)}


def _load_timestamps(conn: sqlite3.Connection, ts_ids: list[int]) -> dict[int, Timestamp]:
    sql = (
        'SELECT ts_id, kind, start, "end", has_time, raw, line, repeater, warning, label '
        "FROM timestamps WHERE ts_id IN ({marks})"
    )
    return {r[0]: _stamp(r[1:]) for r in _rows_in(conn, sql, ts_ids)}


def _stamp(r: tuple[Any, ...] | list[Any]) -> Timestamp:
    kind, start, end, has_time, raw, line, repeater, warning, label = r
    return Timestamp(
        kind=kind,
        start=None if start is None else from_wall_seconds(start),
        end=None if end is None else from_wall_seconds(end),
        has_time=bool(has_time),
        raw=raw,
        line=line,
        repeater=repeater,
        warning=warning,
        label=label,
    )


def stamps_in_window(
    store: Store,
    window: tuple[datetime, datetime],
    kinds: Sequence[str],
    filters: Filters = Filters(),
) -> list[tuple[Row, Timestamp]]:
    """Every timestamp of the given kinds overlapping ``window``, with its object's row, in
    time order (``prme log``: one entry per stamp, not one row per object). The filters other
    than ``by`` and ``inherit`` apply as in :func:`select`; repeaters are not projected."""
    start, end = window
    tz = start.tzinfo
    ws_wall, we_wall = start.replace(tzinfo=None), end.astimezone(tz).replace(tzinfo=None)
    params: dict[str, Any] = {"ws": wall_seconds(ws_wall), "we": wall_seconds(we_wall)}
    where = _filter_sql(filters, params, liveness=False)
    cond = _hidden_sql(filters)
    if where:
        joins = _joins(where, "")
        cond += f" AND EXISTS (SELECT 1 FROM objects o{joins} WHERE o.pk = obj{where})"
    wanted = Basis(timestamps=True, event=False, version=False, kinds=tuple(kinds), base_only=())
    scans = " UNION ALL ".join(_timestamp_matches(wanted, cond))
    found = store.conn.execute(f"SELECT obj, ts FROM ({scans}) ORDER BY s, ts", params).fetchall()
    rows = _load_rows(store.conn, list(dict.fromkeys(obj for obj, _ in found)))
    stamps = _load_timestamps(store.conn, [ts for _, ts in found])
    return [(rows[obj], stamps[ts]) for obj, ts in found]


def rows_for_ids(store: Store, ids: Sequence[str], *, live: bool = False) -> list[Row]:
    """The rows of the given objects, in the order of ``ids``; unknown ids are left out.

    Tombstoned and archived ones too by default (relate's evidence, shown beside its
    answer); only live ones with ``live`` (candidates relate's retrieval found by their
    events or beside another hit)."""
    only_live = " AND o.deleted_at IS NULL AND o.archived = 0" if live else ""
    sql = (
        f"SELECT {_ROW_COLUMNS} FROM objects o JOIN files fl ON fl.file_id = o.file_id "
        "WHERE o.id IN ({marks})" + only_live
    )
    found = {values[1]: _row(values) for values in _rows_in(store.conn, sql, list(ids))}
    return [found[i] for i in dict.fromkeys(ids) if i in found]


def neighbours(store: Store, ids: Sequence[str]) -> dict[str, list[str]]:
    """The live siblings just before and after each object in its file (the turns beside a
    chat turn, the headings beside a journal entry), by object id, the one before first."""
    sql = (
        "SELECT o.id, n.id FROM objects o JOIN objects n ON n.file_id = o.file_id "
        "AND n.parent_id IS o.parent_id AND n.level = o.level "
        "AND n.seq IN ((SELECT max(p.seq) FROM objects p WHERE p.file_id = o.file_id "
        "AND p.parent_id IS o.parent_id AND p.level = o.level AND p.seq < o.seq "
        "AND p.deleted_at IS NULL), "
        "(SELECT min(q.seq) FROM objects q WHERE q.file_id = o.file_id "
        "AND q.parent_id IS o.parent_id AND q.level = o.level AND q.seq > o.seq "
        "AND q.deleted_at IS NULL)) "
        "WHERE o.id IN ({marks}) AND n.deleted_at IS NULL AND n.archived = 0 ORDER BY o.id, n.seq"
    )
    out: dict[str, list[str]] = {}
    for own, other in _rows_in(store.conn, sql, list(ids)):
        out.setdefault(own, []).append(other)
    return out


def adjacent_siblings(store: Store, ids: Sequence[str], *, after: bool) -> dict[str, str]:
    """The live sibling right before each object in its file (the turn a chat turn answers),
    or with ``after`` the one right after it (the turn that answers it), by object id;
    objects with none on that side are left out."""
    pick, side = ("min", ">") if after else ("max", "<")
    sql = (
        "SELECT o.id, n.id FROM objects o JOIN objects n ON n.file_id = o.file_id "
        "AND n.parent_id IS o.parent_id AND n.level = o.level "
        f"AND n.seq = (SELECT {pick}(q.seq) FROM objects q WHERE q.file_id = o.file_id "
        f"AND q.parent_id IS o.parent_id AND q.level = o.level AND q.seq {side} o.seq "
        "AND q.deleted_at IS NULL) "
        "WHERE o.id IN ({marks}) AND n.deleted_at IS NULL AND n.archived = 0"
    )
    return dict(_rows_in(store.conn, sql, list(ids)))


def timestamps_for(store: Store, ids: Sequence[str]) -> dict[str, list[Timestamp]]:
    """Every timestamp of the given objects, in line order (for context packing)."""
    out: dict[str, list[Timestamp]] = {}
    sql = (
        'SELECT o.id, t.kind, t.start, t."end", t.has_time, t.raw, t.line, t.repeater, '
        "t.warning, t.label FROM timestamps t JOIN objects o ON o.pk = t.obj "
        "WHERE o.id IN ({marks}) ORDER BY t.obj, t.line, t.ts_id"
    )
    for r in _rows_in(store.conn, sql, ids):
        out.setdefault(r[0], []).append(_stamp(r[1:]))
    return out


def objects_by_event(
    store: Store, predicates: Sequence[str], senses: Sequence[str]
) -> list[tuple[str, str, str, str, str]]:
    """``(object id, predicate, object, sense, participants)`` of every live event whose
    predicate or sense class is one of those given (see :mod:`prme_cli.eventstore`)."""
    from prme_cli.eventstore import objects_by_event as read

    return read(store.conn, predicates, senses)


def events_for(store: Store, ids: Sequence[str], source: str = "org") -> dict[str, list[Any]]:
    """The events of the given live objects (see :mod:`prme_cli.eventstore`): org structure
    by default, the clauses of their words with ``source="text"``."""
    from prme_cli.eventstore import events_for as read

    return read(store.conn, ids, source)


def file_keywords(store: Store, paths: Sequence[str]) -> dict[str, FileKeywords]:
    """The TODO keyword sets each of these files declares itself (``files.todo_keywords``),
    for the files that declare some: relate reads their headings' keywords by them."""
    from prme_cli.events import FileKeywords
    from prme_cli.ingest import split_todo_keywords

    out: dict[str, FileKeywords] = {}
    wanted = sorted(set(paths))
    for k in range(0, len(wanted), 500):
        chunk = wanted[k : k + 500]
        marks = ",".join("?" * len(chunk))
        for path, stored in store.conn.execute(
            f"SELECT path, todo_keywords FROM files WHERE path IN ({marks}) "
            "AND todo_keywords IS NOT NULL AND todo_keywords != '[]'",
            chunk,
        ):
            out[path] = FileKeywords.of(*split_todo_keywords(json.loads(stored)))
    return out


# -- single objects, stats, streaming --------------------------------------------------------


def get_object(store: Store, id: str, tz: tzinfo | None = None) -> dict[str, Any] | None:
    """Everything about one object (tombstoned too), JSON-ready: fields, all timestamps,
    version history (``history``, oldest first), its file, its tombstone, its children's ids.

    Wall-clock times carry ``tz``'s offset when given, else they are naive ISO.
    """
    conn = store.conn
    values = conn.execute(
        f"SELECT {_ROW_COLUMNS}, o.own_tags, o.archived, fl.root, fl.relpath, fl.first_seen, "
        "fl.last_seen, fl.deleted_at, fl.sha256 FROM objects o "
        "JOIN files fl ON fl.file_id = o.file_id WHERE o.id = ?",
        (id,),
    ).fetchone()
    if values is None:
        return None
    row = _row(values)
    pk = values[0]
    extra = values[_N_ROW:]
    doc = row.to_json(tz)
    del doc["matched"], doc["score"]
    doc["own_tags"] = json.loads(extra[0])
    doc["archived"] = bool(extra[1])
    doc["timestamps"] = [
        timestamp_json(_stamp(r), tz)
        for r in conn.execute(
            'SELECT kind, start, "end", has_time, raw, line, repeater, warning, label '
            "FROM timestamps WHERE obj = ? ORDER BY line, ts_id",
            (pk,),
        )
    ]
    doc["history"] = [
        {"version": display_instant(v), "content_hash": h, "current": v == values[14]}
        for v, h in conn.execute(
            "SELECT version, content_hash FROM versions WHERE obj = ? ORDER BY version", (pk,)
        )
    ]
    doc["children"] = [
        r[0]
        for r in conn.execute(
            "SELECT id FROM objects WHERE parent_id = ? AND file_id = "
            "(SELECT file_id FROM objects WHERE pk = ?) ORDER BY seq",
            (row.id, pk),
        )
    ]
    doc["file_info"] = {
        "path": row.file,
        "root": extra[2],
        "relpath": extra[3],
        "first_seen": display_instant(extra[4]),
        "last_seen": display_instant(extra[5]),
        "deleted_at": display_instant(extra[6]),
        "sha256": extra[7],
    }
    return doc


# -- ids, vocabulary ---------------------------------------------------------------------------

#: The shortest id prefix a table shows (git shows 7 hex digits; prme's ids are 20 or a UUID).
SHORT_ID_MIN = 6
_PREFIX_END = "\U0010ffff"


def _prefix_count(conn: sqlite3.Connection, prefix: str, cap: int = 2) -> int:
    """How many ids start with ``prefix`` (exact case; through the unique index), up to cap."""
    return int(
        conn.execute(
            "SELECT count(*) FROM (SELECT 1 FROM objects WHERE id >= ? AND id < ? LIMIT ?)",
            (prefix, prefix + _PREFIX_END, cap),
        ).fetchone()[0]
    )


def short_ids(store: Store, results: Sequence[Mapping[str, Any]]) -> dict[str, str]:
    """A short handle per result that ``prme show`` accepts, ``{id: handle}``.

    A heading's handle is the shortest prefix of its id (at least :data:`SHORT_ID_MIN`
    characters) that no other object's id starts with, as git abbreviates commits; a file
    object's is its path relative to its ingest root (its id is the absolute path, unless the
    file has an ``:ID:``)."""
    import os

    conn = store.conn
    out: dict[str, str] = {}
    for result in results:
        oid = str(result["id"])
        if result.get("type") == "file" and oid == result.get("file"):
            relpath = str(result.get("relpath") or oid)
            name = os.path.basename(relpath)
            same = conn.execute(
                "SELECT count(*) FROM files WHERE relpath = ? OR substr(relpath, -?) = ?",
                (name, len(name) + 1, "/" + name),
            ).fetchone()[0]
            out[oid] = name if same <= 1 else relpath
            continue
        length = min(SHORT_ID_MIN, len(oid))
        while length < len(oid) and _prefix_count(conn, oid[:length]) > 1:
            length += 1
        out[oid] = oid[:length]
    return out


def _link_target(text: str) -> str:
    """``id:X``, ``[[id:X]]`` and ``[[id:X][description]]`` (org-roam links) → ``X``."""
    t = text.strip()
    if t.startswith("[[") and t.endswith("]]"):
        t = t[2:-2].split("][", 1)[0]
    if t[:3].lower() == "id:":
        t = t[3:]
    return t.strip()


def resolve_id(store: Store, text: str) -> str | None:
    """The id of the one object ``text`` names, as ``prme show`` reads it; None if none.

    Tried in order: the exact id; an org ``id:`` link; a unique id prefix (exact case, then
    any case, as git accepts abbreviations); ``#CUSTOM_ID``; a file path (absolute, relative
    to the working directory, or relative to its ingest root). An abbreviation or name that
    fits several objects is a :class:`UsageError` listing them.
    """
    import os

    conn = store.conn

    def one(ids: list[str], what: str) -> str | None:
        ids = list(dict.fromkeys(ids))
        if len(ids) > 1:
            shown = ", ".join(ids[:8]) + (f" … ({len(ids)} in all)" if len(ids) > 8 else "")
            raise UsageError(f"{what} {text!r} is ambiguous: {shown}")
        return ids[0] if ids else None

    def exact(candidate: str) -> str | None:
        row = conn.execute("SELECT id FROM objects WHERE id = ?", (candidate,)).fetchone()
        return None if row is None else str(row[0])

    if not text.strip():
        return None
    if (found := exact(text)) is not None:
        return found
    target = _link_target(text)
    if target and (found := exact(target)) is not None:
        return found
    if target:
        rows = conn.execute(
            "SELECT id FROM objects WHERE id >= ? AND id < ? LIMIT 9",
            (target, target + _PREFIX_END),
        ).fetchall()
        if rows:
            return one([r[0] for r in rows], "id prefix")
        escaped = target.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
        rows = conn.execute(
            "SELECT id FROM objects WHERE id LIKE ? ESCAPE '\\' LIMIT 9", (escaped + "%",)
        ).fetchall()
        if rows:
            exact_ci = [r[0] for r in rows if str(r[0]).lower() == target.lower()]
            return one(exact_ci or [r[0] for r in rows], "id prefix")
    if target.startswith("#") and len(target) > 1:
        custom = target[1:]
        rows = conn.execute(
            "SELECT o.id FROM objects o, json_each(o.properties) p "
            "WHERE instr(upper(o.properties), 'CUSTOM_ID') > 0 "
            "AND upper(p.key) = 'CUSTOM_ID' AND p.value = ?",
            (custom,),
        ).fetchall()
        if rows:
            return one([r[0] for r in rows], "CUSTOM_ID")
    path = os.path.abspath(os.path.expanduser(text))
    row = conn.execute(
        "SELECT o.id FROM objects o JOIN files fl ON fl.file_id = o.file_id "
        "WHERE o.type = 'file' AND fl.path = ?",
        (path,),
    ).fetchone()
    if row is not None:
        return str(row[0])
    rows = conn.execute(
        "SELECT o.id FROM objects o JOIN files fl ON fl.file_id = o.file_id "
        "WHERE o.type = 'file' AND fl.relpath = ?",
        (text,),
    ).fetchall()
    if not rows and "/" not in text:  # a bare file name, as the table shows it
        rows = conn.execute(
            "SELECT o.id FROM objects o JOIN files fl ON fl.file_id = o.file_id "
            "WHERE o.type = 'file' AND (fl.relpath = ? OR substr(fl.relpath, -?) = ?)",
            (text, len(text) + 1, "/" + text),
        ).fetchall()
    return one([r[0] for r in rows], "file") if rows else None


def known_values(store: Store, field: str) -> list[str]:
    """The TODO states (``field="todo"``) or tags (``"tag"``) of live objects, most used
    first: what ``--todo``/``--tag`` can match (hints, shell completion)."""
    if field == "todo":
        sql = (
            "SELECT todo FROM objects WHERE todo IS NOT NULL AND deleted_at IS NULL "
            "GROUP BY todo ORDER BY count(*) DESC, todo"
        )
    elif field == "tag":
        sql = (
            "SELECT j.value FROM objects o, json_each(o.tags) j "
            "WHERE o.tags != '[]' AND o.deleted_at IS NULL "
            "GROUP BY j.value ORDER BY count(*) DESC, j.value"
        )
    else:
        raise ValueError(f"unknown field {field!r}")
    return [str(r[0]) for r in store.conn.execute(sql)]


def unknown_filter_values(store: Store, filters: Filters, *, shown: int = 20) -> list[str]:
    """One line per ``--todo``/``--tag`` value no live object has, naming what exists (said
    when a query found nothing, so a typo is not mistaken for an empty week)."""
    lines = []
    for field, values, label in (
        ("todo", filters.todos, "TODO state"),
        ("tag", filters.tags, "tag"),
    ):
        if not values:
            continue
        known = known_values(store, field)
        folded = {k.lower() for k in known}
        for value in values:
            if value.lower() in folded:
                continue
            listing = ", ".join(known[:shown]) or "none"
            if len(known) > shown:
                listing += f" … ({len(known)} in all)"
            lines.append(f"no object has the {label} {value!r}; {label}s in the store: {listing}")
    return lines


def stats(store: Store, tz: tzinfo | None = None) -> dict[str, Any]:
    """Counts for ``prme stats`` (live objects unless said otherwise) plus store facts."""
    conn = store.conn

    def one(sql: str) -> Any:
        return conn.execute(sql).fetchone()[0]

    kinds = {
        k: n
        for k, n in conn.execute(
            "SELECT t.kind, count(*) FROM timestamps t JOIN objects o ON o.pk = t.obj "
            "WHERE o.deleted_at IS NULL GROUP BY t.kind ORDER BY t.kind"
        )
    }
    first, last = conn.execute(
        "SELECT min(event_time), max(event_time) FROM objects WHERE deleted_at IS NULL"
    ).fetchone()
    last_ingest = one("SELECT max(last_seen) FROM files")
    return {
        "files": one("SELECT count(*) FROM files WHERE deleted_at IS NULL"),
        "objects": one("SELECT count(*) FROM objects WHERE deleted_at IS NULL"),
        "headings": one(
            "SELECT count(*) FROM objects WHERE deleted_at IS NULL AND type = 'heading'"
        ),
        "tombstoned": one("SELECT count(*) FROM objects WHERE deleted_at IS NOT NULL"),
        "files_tombstoned": one("SELECT count(*) FROM files WHERE deleted_at IS NOT NULL"),
        "archived": one("SELECT count(*) FROM objects WHERE deleted_at IS NULL AND archived"),
        "timestamps": kinds,
        "versions": one("SELECT count(*) FROM versions"),
        "event_time_range": [
            None if first is None else wall_iso(from_wall_seconds(first), tz),
            None if last is None else wall_iso(from_wall_seconds(last), tz),
        ],
        "last_ingest": display_instant(last_ingest),
        "roots": [r[0] for r in conn.execute("SELECT path FROM roots ORDER BY path")],
        "store": str(store.path),
        "store_bytes": store.size_bytes(),
        "schema_version": store.schema_version,
    }


def all_records(store: Store, *, include_deleted: bool = False) -> Iterator[Row]:
    """Every object (live unless ``include_deleted``), streamed in file and outline order;
    archived objects are included only when they were ingested (``--include-archived``)."""
    where = "" if include_deleted else " WHERE o.deleted_at IS NULL"
    cursor = store.conn.execute(
        f"SELECT {_ROW_COLUMNS} FROM objects o JOIN files fl ON fl.file_id = o.file_id"
        f"{where} ORDER BY fl.path, o.seq"
    )
    for values in cursor:
        yield _row(values)
