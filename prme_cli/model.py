"""The data model shared by the org reader, the store and the queries (SPEC §3, §4.1).

Times on org timestamps are *wall-clock* ``datetime`` objects without a zone: org carries
none, and a note written at 09:30 means 09:30 in whatever zone the user lives in. Queries
convert their window into the same wall-clock frame, which is what keeps days stable across
DST transitions. Instants that really are instants (ingest ``version``, ``first_seen``...) are
UTC and live in the store, not here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

#: Every kind of time reference ingest records, in SPEC order.
TIMESTAMP_KINDS: tuple[str, ...] = (
    "closed",
    "scheduled",
    "deadline",
    "active",
    "inactive",
    "range",
    "clock",
    "state",
    "note",
    "created",
    "property",
    "datetree",
    "filename",
    "keyword",
    "diary",
)


@dataclass(frozen=True, slots=True)
class Timestamp:
    """One time reference on a node.

    ``start``/``end`` form a half-open wall-clock interval ``[start, end)``:

    - a date-only stamp covers its whole day (``end`` = next midnight);
    - a stamp with a time is a point (``end == start``);
    - a time range ``09:30-11:00``, a date range ``<a>--<b>`` and a closed CLOCK span their
      interval (a date-only range ends at the midnight after ``b``);
    - an open CLOCK is a point at its start;
    - a diary sexp has ``start = end = None`` and never matches a window.

    ``repeater`` (``"+1w"``, ``".+2d/3d"``) and ``warning`` (``"-3d"``) are kept as written.
    ``label`` says more about where it came from: the property name for ``property``/``created``,
    the new state for ``state`` (``"DONE"``), ``"rescheduled"``/``"refiled"``/... for notes,
    the recorded duration for ``clock``.
    """

    kind: str
    start: datetime | None
    end: datetime | None
    has_time: bool
    raw: str
    line: int
    repeater: str | None = None
    warning: str | None = None
    label: str | None = None


@dataclass(slots=True)
class Node:
    """One memory object as read from a file: a heading, or the file's preamble (level 0).

    ``path`` is the outline path of the *ancestors'* titles (org's notion; in an outline deeper
    than 32 levels the middle titles give way to "…", and a title longer than 256 characters
    is shortened in it), ``tags`` the full effective set (``#+FILETAGS`` + inherited + own,
    first occurrence order), ``own_tags`` only those written on the heading. ``parent``
    indexes :attr:`ParsedFile.nodes`; the file node is index 0 and is the parent of every
    level-1 heading.

    The derived id hangs on the node's *id key*: each title (ancestors' and its own) as
    written, without a leading all-capitals word or a ``[#A]`` cookie, so the id does not
    depend on which TODO keywords are configured. ``id_title`` is the node's own part of it;
    ``key_id`` names the whole key within the file (equal numbers, equal keys; 0 is the empty
    key of the file node), so no node holds a tuple as long as its depth;
    :func:`prme_cli.org.id_key` spells the key out. ``occurrence`` counts earlier nodes of the
    file with the same key. ``archived`` is true inside an ``:ARCHIVE:``-tagged or ``COMMENT``
    subtree.
    """

    kind: str  # "heading" or "file"
    line: int
    level: int
    title: str
    todo: str | None = None
    priority: str | None = None
    own_tags: tuple[str, ...] = ()
    tags: tuple[str, ...] = ()
    properties: dict[str, str] = field(default_factory=dict)
    body: str = ""
    timestamps: list[Timestamp] = field(default_factory=list)
    path: tuple[str, ...] = ()
    parent: int | None = None
    event_time: datetime | None = None
    event_source: str | None = None  # which rule of SPEC §3 gave event_time (a kind name)
    archived: bool = False
    occurrence: int = 0
    id_title: str = ""
    key_id: int = 0


@dataclass(slots=True)
class ParsedFile:
    """A whole org file: ``nodes[0]`` is the file object, headings follow in file order."""

    path: str
    nodes: list[Node]
    todo_keywords: tuple[str, ...]
    done_keywords: tuple[str, ...]
    warnings: list[str] = field(default_factory=list)
