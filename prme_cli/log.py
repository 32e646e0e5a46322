"""``prme log``: what happened, day by day, and where the time went (SPEC §5).

The view org users know as the agenda's log mode and the clocktable, and ``timew summary``'s
users as a summary: the union of CLOSED stamps, state changes, LOGBOOK notes and CLOCK
intervals inside a window, grouped by day, with the time clocked per task and per day and a
total. It reads the stamps ingest stored (every state change and note is a stamp of its own),
one entry per stamp, so a task closed on Tuesday after two clocked sessions shows three lines.

Choices worth knowing:

- A CLOSED stamp and the state change logged with it (same task, same minute) are one entry:
  org writes both when a task is marked done.
- A CLOCK interval counts only inside the window, and is split at midnight: the part of a
  late session after 00:00 belongs to the next day, as in a clocktable with ``:step day``.
- A running clock (``CLOCK: [a]`` without an end) counts up to ``now`` (within the window)
  and says so; one that started after ``now`` counts nothing.
- Durations are wall-clock differences, as org computes the ``=>`` of a CLOCK line.

Everything here is pure but :func:`build_log`, which reads the store once through
:func:`prme_cli.query.stamps_in_window`; the CLI only renders :meth:`Log.to_json`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta, tzinfo
from typing import TYPE_CHECKING, Any

from prme_cli.errors import UsageError

if TYPE_CHECKING:
    from prme_cli.model import Timestamp
    from prme_cli.query import Filters, Row
    from prme_cli.store import Store

#: The stamp kinds a log is made of, in the order entries of one minute are shown.
LOG_KINDS: tuple[str, ...] = ("clock", "state", "note", "closed")
_DAY = timedelta(days=1)


def log_kinds(bases: Sequence[str]) -> tuple[str, ...]:
    """The entry kinds ``--by`` asks for: ``event``/``any`` (the default) every one, else those
    named; any other basis is a usage error naming what a log can show."""
    if any(b in ("event", "any") for b in bases):
        return LOG_KINDS
    wrong = [b for b in bases if b not in LOG_KINDS]
    if wrong:
        raise UsageError(
            f"prme log shows {', '.join(sorted(LOG_KINDS))} entries, not --by {wrong[0]}"
        )
    return tuple(k for k in LOG_KINDS if k in bases)


def hours_minutes(seconds: int) -> str:
    """``9000`` → ``2:30``, as org writes clock sums (rounded down to the minute)."""
    minutes = max(seconds, 0) // 60
    return f"{minutes // 60}:{minutes % 60:02d}"


@dataclass
class Entry:
    """One thing that happened: a closing, a state change, a note, or (part of) a clock.

    ``start``/``end`` are naive wall-clock times (a clock's part within its day, ``end`` None
    for a point); ``seconds`` is the clocked time this entry counts."""

    kind: str
    start: datetime
    end: datetime | None
    row: Row
    stamp: Timestamp
    seconds: int = 0
    running: bool = False
    continued: bool = False  # a clock part after midnight, or one begun before the window
    state: str | None = None
    from_state: str | None = None
    text: str = ""

    def to_json(self, tz: tzinfo | None) -> dict[str, Any]:
        from prme_cli.query import wall_iso

        return {
            "kind": self.kind,
            "start": wall_iso(self.start, tz),
            "end": wall_iso(self.end, tz),
            "clocked_seconds": self.seconds,
            "clocked": hours_minutes(self.seconds) if self.kind == "clock" else None,
            "running": self.running,
            "continued": self.continued,
            "state": self.state,
            "from_state": self.from_state,
            "text": self.text,
            "has_time": self.stamp.has_time,
            "raw": self.stamp.raw,
            "line": self.stamp.line,
            "task": _task_json(self.row),
        }


@dataclass
class TaskTotal:
    """The clocked time and entries of one task (object) over a day or the window."""

    row: Row
    seconds: int = 0
    entries: int = 0

    def to_json(self) -> dict[str, Any]:
        return {
            **_task_json(self.row),
            "clocked_seconds": self.seconds,
            "clocked": hours_minutes(self.seconds),
            "entries": self.entries,
        }


@dataclass
class Day:
    day: date
    entries: list[Entry] = field(default_factory=list)
    tasks: list[TaskTotal] = field(default_factory=list)

    @property
    def seconds(self) -> int:
        return sum(e.seconds for e in self.entries)

    def to_json(self, tz: tzinfo | None) -> dict[str, Any]:
        return {
            "date": self.day.isoformat(),
            "clocked_seconds": self.seconds,
            "clocked": hours_minutes(self.seconds),
            "entries": [e.to_json(tz) for e in self.entries],
            "tasks": [t.to_json() for t in self.tasks],
        }


@dataclass
class Log:
    """A window's log: days (oldest first, or newest first with ``reverse``) and totals."""

    start: datetime
    end: datetime
    days: list[Day]
    tasks: list[TaskTotal]

    @property
    def entries(self) -> list[Entry]:
        return [e for day in self.days for e in day.entries]

    @property
    def seconds(self) -> int:
        return sum(day.seconds for day in self.days)

    def to_json(self, tz: tzinfo | None) -> dict[str, Any]:
        """The ``days``, ``tasks`` and ``total`` of the ``--format json`` document."""
        return {
            "count": len(self.entries),
            "total": {"clocked_seconds": self.seconds, "clocked": hours_minutes(self.seconds)},
            "days": [day.to_json(tz) for day in self.days],
            "tasks": [task.to_json() for task in self.tasks],
        }


def _task_json(row: Row) -> dict[str, Any]:
    return {
        "id": row.id,
        "type": row.type,
        "title": row.title,
        "todo": row.todo,
        "path": list(row.path),
        "tags": list(row.tags),
        "file": row.file,
        "relpath": row.relpath,
        "line": row.line,
    }


def _body_line(row: Row, line: int) -> tuple[int, list[str]]:
    """The index of file line ``line`` in ``row.body`` and the body's lines."""
    lines = row.body.split("\n")
    first = row.line + 1 if row.type == "heading" else 1
    return line - first, lines


def _note_text(row: Row, stamp: Timestamp) -> str:
    """The words of a LOGBOOK note or state change: the rest of its line after the stamp
    and the indented lines under it (a note taken with ``C-c C-z``)."""
    index, lines = _body_line(row, stamp.line)
    if not 0 <= index < len(lines):
        return ""
    head = lines[index]
    after = head.split(stamp.raw, 1)[1] if stamp.raw in head else ""
    parts = [after.strip().removesuffix("\\\\").strip()]
    indent = len(head) - len(head.lstrip())
    for more in lines[index + 1 :]:
        stripped = more.strip()
        deeper = len(more) - len(more.lstrip()) > indent
        if not stripped or not deeper or stripped.startswith(":") and stripped.endswith(":"):
            break
        parts.append(stripped.removesuffix("\\\\").strip())
    return " ".join(p for p in parts if p)


def _states(row: Row, stamp: Timestamp) -> tuple[str | None, str | None]:
    from prme_cli.orgtime import parse_state_change

    index, lines = _body_line(row, stamp.line)
    found = parse_state_change(lines[index]) if 0 <= index < len(lines) else None
    if found is None:
        return stamp.label, None
    return found


def _clock_parts(
    row: Row, stamp: Timestamp, ws: datetime, we: datetime, now: datetime
) -> list[Entry]:
    """A CLOCK stamp as entries, one per day it covers inside the window."""
    if stamp.start is None:
        return []
    start, end = stamp.start, stamp.end
    running = "]-" not in stamp.raw and ">-" not in stamp.raw  # `CLOCK: [a]`, still open
    if running or end is None:
        end = max(min(now, we), start)
    a, b = max(start, ws), min(end, we)
    if b < a:
        return []
    parts: list[Entry] = []
    cursor = a
    while True:
        midnight = datetime.combine(cursor.date(), datetime.min.time()) + _DAY
        piece_end = min(b, midnight)
        parts.append(
            Entry(
                kind="clock",
                start=cursor,
                end=piece_end,
                row=row,
                stamp=stamp,
                seconds=int((piece_end - cursor).total_seconds()),
                running=running and piece_end == b,
                continued=cursor > start,
            )
        )
        if piece_end >= b:
            return parts
        cursor = piece_end


def entries_for(
    found: Sequence[tuple[Row, Timestamp]], ws: datetime, we: datetime, now: datetime
) -> list[Entry]:
    """Entries from the stamps in the window (naive wall-clock ``ws``/``we``/``now``), in time
    order; a CLOSED stamp absorbs the state change logged with it."""
    entries: list[Entry] = []
    closed: dict[tuple[str, datetime], Entry] = {}
    changes: list[Entry] = []
    for row, stamp in found:
        if stamp.start is None:
            continue
        if stamp.kind == "clock":
            entries.extend(_clock_parts(row, stamp, ws, we, now))
        elif stamp.kind == "closed":
            entry = Entry("closed", stamp.start, None, row, stamp, state=row.todo)
            closed[(row.id, stamp.start.replace(second=0))] = entry
            entries.append(entry)
        elif stamp.kind == "state":
            new, old = _states(row, stamp)
            change = Entry("state", stamp.start, None, row, stamp, state=new, from_state=old)
            change.text = _note_text(row, stamp)
            changes.append(change)
        elif stamp.kind == "note":
            entry = Entry("note", stamp.start, None, row, stamp, state=stamp.label)
            entry.text = _note_text(row, stamp)
            entries.append(entry)
    for change in changes:
        twin = closed.get((change.row.id, change.start.replace(second=0)))
        if twin is not None:
            twin.state, twin.from_state = change.state, change.from_state
            twin.text = twin.text or change.text
        else:
            entries.append(change)
    order = {kind: i for i, kind in enumerate(LOG_KINDS)}
    entries.sort(key=lambda e: (e.start, order[e.kind], e.row.line))
    return entries


def _totals(entries: Sequence[Entry]) -> list[TaskTotal]:
    """Per task: clocked time and entries, most clocked first (then most entries, then the
    first seen)."""
    totals: dict[str, TaskTotal] = {}
    for entry in entries:
        total = totals.setdefault(entry.row.id, TaskTotal(entry.row))
        total.seconds += entry.seconds
        total.entries += 0 if entry.continued else 1
    return sorted(totals.values(), key=lambda t: (-t.seconds, -t.entries))


def assemble(entries: Sequence[Entry], start: datetime, end: datetime, *, reverse: bool) -> Log:
    """Group entries by day and total them (pure: the tests drive it directly)."""
    days: dict[date, Day] = {}
    for entry in entries:
        days.setdefault(entry.start.date(), Day(entry.start.date())).entries.append(entry)
    ordered = sorted(days.values(), key=lambda d: d.day, reverse=reverse)
    for day in ordered:
        day.tasks = [t for t in _totals(day.entries) if t.seconds]
        if reverse:
            day.entries.reverse()
    return Log(start, end, ordered, _totals(entries))


def build_log(
    store: Store,
    window: tuple[datetime, datetime],
    *,
    now: datetime,
    filters: Filters | None = None,
    reverse: bool = False,
) -> Log:
    """``prme log``: the window's entries of the kinds ``filters.by`` asks for (all four by
    default), grouped by day, with clocked totals. ``window`` is aware, in the user's zone;
    ``now`` bounds running clocks."""
    from prme_cli.query import Filters, stamps_in_window

    filters = filters if filters is not None else Filters()
    kinds = log_kinds(filters.bases)
    start, end = window
    tz = start.tzinfo
    ws = start.replace(tzinfo=None)
    we = end.astimezone(tz).replace(tzinfo=None)
    wall_now = now.astimezone(tz).replace(tzinfo=None)
    found = stamps_in_window(store, window, kinds, filters)
    return assemble(entries_for(found, ws, we, wall_now), ws, we, reverse=reverse)
