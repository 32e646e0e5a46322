"""The store side of events: rows written with each object at ingest, read for relate.

Extraction is pure (:mod:`prme_cli.events`); this module holds the SQL, so ingest calls two
functions and the query layer one. An object's events are replaced whenever its timestamps
are (every re-ingest of its file), deleted with it (foreign-key cascade) and skipped while it
is tombstoned (:func:`events_for` reads live objects only).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from prme_cli.events import COLUMNS, Event, structure_events
from prme_cli.model import Node, ParsedFile
from prme_cli.textevents import Discourse, node_text_events

_INSERT = (
    f"INSERT INTO events(obj, {', '.join(COLUMNS)}) VALUES ({', '.join('?' * (len(COLUMNS) + 1))})"
)
_JOURNAL_SOURCES = frozenset({"datetree", "filename", "keyword"})


#: Whether ingest extracts text events (clause by clause, :mod:`prme_cli.textevents`); the
#: ingest benchmark turns it off to measure what it costs.
TEXT_EVENTS = True


def node_event_rows(
    pk: int,
    node: Node,
    parsed: ParsedFile,
    discourse: Discourse | None = None,
    *,
    text: bool = True,
) -> list[tuple[Any, ...]]:
    """The ``events`` rows of one node: its org structure, the journal day it sits in, and
    (with ``text``) the events its words tell (``discourse`` carries pronoun antecedents
    from the file's previous headings)."""
    found = structure_events(node, parsed.todo_keywords, parsed.done_keywords)
    container = any(
        t.kind in _JOURNAL_SOURCES and t.label not in (None, "day") for t in node.timestamps
    )
    if (
        node.event_source in _JOURNAL_SOURCES
        and node.event_time is not None
        and not container
        and not any(e.kind == "day" for e in found)
    ):
        day = node.event_time.replace(hour=0, minute=0, second=0, microsecond=0)
        found.append(
            Event(
                kind="day",
                quote="",
                expression=node.event_source,
                start=day,
                end=None,
                line=node.line,
            )
        )
    if text and TEXT_EVENTS and (node.title or node.body):
        try:
            found.extend(
                node_text_events(
                    node.title if node.kind == "heading" else "",
                    node.body,
                    anchor=node.event_time,
                    discourse=discourse if discourse is not None else Discourse(),
                    first_line=0,  # lines of text events count from the heading
                    journal=node.event_source in _JOURNAL_SOURCES,
                )
            )
        except (ValueError, IndexError, KeyError, OverflowError):
            # Words the grammar cannot read never cost the note: it is stored with its org
            # events, and relate reads its text as text (tests fuzz the grammar for this).
            pass
    return [e.to_row(pk) for e in found]


def discourse_state(discourse: Discourse) -> str:
    """``discourse`` as stored in ``text_discourse`` (compared as text, so it must be
    canonical)."""
    return json.dumps([list(discourse.people), discourse.thing, discourse.speaker])


def restore_discourse(discourse: Discourse, state: str) -> None:
    """Set ``discourse`` to a state ``discourse_state`` wrote."""
    people, thing, speaker = json.loads(state)
    discourse.people, discourse.thing, discourse.speaker = tuple(people), thing, speaker


def text_discourses(conn: Any, file_id: int) -> dict[int, tuple[str, str]]:
    """Each object of a file -> the discourse before and after its text events were read."""
    return {
        pk: (before, after)
        for pk, before, after in conn.execute(
            "SELECT d.obj, d.before, d.after FROM text_discourse d "
            "JOIN objects o ON o.pk = d.obj WHERE o.file_id = ?",
            (file_id,),
        )
    }


def write_discourses(conn: Any, rows: Sequence[tuple[int, str, str]]) -> None:
    """Record what the (re-)read headings' text events were read with."""
    if rows:
        conn.executemany(
            "INSERT OR REPLACE INTO text_discourse (obj, before, after) VALUES (?, ?, ?)", rows
        )


def text_event_objects(conn: Any, file_id: int) -> set[int]:
    """The objects of a file that have text events stored (so an unchanged one keeps them)."""
    return {
        pk
        for (pk,) in conn.execute(
            "SELECT DISTINCT e.obj FROM events e JOIN objects o ON o.pk = e.obj "
            "WHERE o.file_id = ? AND e.source = 'text'",
            (file_id,),
        )
    }


def write_events(
    conn: Any,
    stale_pks: Sequence[tuple[int]],
    rows: Sequence[tuple[Any, ...]],
    kept_text: Sequence[tuple[int]] = (),
) -> None:
    """Replace the events of re-written objects (``stale_pks``) and add ``rows``; objects in
    ``kept_text`` (unchanged headings) keep their text events and lose only their org ones."""
    keep = {k for (k,) in kept_text}
    whole = [p for p in stale_pks if p[0] not in keep]
    if whole:
        conn.executemany("DELETE FROM events WHERE obj = ?", whole)
    if kept_text:
        conn.executemany("DELETE FROM events WHERE obj = ? AND source = 'org'", kept_text)
    if rows:
        conn.executemany(_INSERT, rows)


def events_for(conn: Any, ids: Sequence[str], source: str = "org") -> dict[str, list[Event]]:
    """Events of the given live objects, by object id, in line order: the org-structure
    events (``source = "org"``, the default) or the events told in words (``"text"``)."""
    out: dict[str, list[Event]] = {}
    columns = ", ".join(f"e.{c}" for c in COLUMNS)
    for start in range(0, len(ids), 500):
        chunk = list(ids[start : start + 500])
        marks = ",".join("?" * len(chunk))
        sql = (
            f"SELECT o.id, {columns} FROM events e JOIN objects o ON o.pk = e.obj "
            f"WHERE o.id IN ({marks}) AND o.deleted_at IS NULL AND e.source = ? "
            "ORDER BY e.obj, e.line, e.event_id"
        )
        for row in conn.execute(sql, [*chunk, source]):
            out.setdefault(row[0], []).append(Event.from_row(row[1:]))
    return out


def objects_by_event(
    conn: Any, predicates: Sequence[str], senses: Sequence[str]
) -> list[tuple[str, str, str, str, str]]:
    """``(object id, predicate, object, sense, participants)`` of the events of live,
    unarchived objects whose predicate or sense is among those given (both indexed), for
    retrieval by event."""
    out: list[tuple[str, str, str, str, str]] = []
    for column, values in (("predicate", predicates), ("sense", senses)):
        values = [v for v in dict.fromkeys(values) if v]
        if not values:
            continue
        marks = ",".join("?" * len(values))
        sql = (
            "SELECT o.id, e.predicate, e.object, e.sense, e.participants FROM events e "
            f"JOIN objects o ON o.pk = e.obj WHERE e.{column} IN ({marks}) "
            "AND o.deleted_at IS NULL AND o.archived = 0"
        )
        out.extend(tuple(row) for row in conn.execute(sql, values))
    return out
