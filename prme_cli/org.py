"""The org file reader: one pass over the lines, no node tree (SPEC §3, §4.1).

Why hand-written: orgparse's node tree computes ``tags`` by walking ancestors for every node
(quadratic on large files) and re-parses text per attribute. Here each line is looked at once,
the outline is kept as a stack, and inherited tags, paths and archive state are derived from the
parent as each heading is met. All time forms are read by :mod:`prme_cli.orgtime`.

Choices the rest of prme relies on:

- ``body`` is the node's text verbatim, from the line after the heading up to the next heading,
  trailing blank lines dropped. It *includes* the planning line, the property drawer, LOGBOOK and
  other drawers: body line ``i`` (0-based) is file line ``node.line + 1 + i``, and relate can
  quote planning lines and timestamps exactly as written.
- Headings are lines matching ``^\\*+[ \\t]``, also inside ``#+begin_src`` blocks: org-mode reads
  them as headings too (that is why it escapes them as ``,*``). Such a heading ends the block
  and is reported as a warning.
- Timestamps inside ``src``/``example``/``export``/``comment`` blocks and dynamic blocks
  (``#+BEGIN: clocktable``) are code or generated output, not time references: not extracted.
  ``#+KEYWORD:`` lines are metadata and not scanned either (``#+DATE:`` becomes ``keyword``).
- Planning lines are recognised right under the heading (org's syntax) and, like org's agenda
  does, anywhere else in the entry's own text.
- A property drawer is read wherever it is in the entry's own text (org only honours it right
  after the heading; people and scripts misplace it, and losing an ``:ID:`` is worse).
- In-buffer settings (``#+TODO:``, ``#+FILETAGS:``, ``#+TITLE:``, ``#+DATE:``) apply to the
  whole file wherever they are, as in org; lines inside blocks do not count. File ``#+TODO:``
  lines replace the configured keywords, as they do in Emacs.
- ``*.org_archive`` files are read with every node marked ``archived``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from functools import lru_cache
from pathlib import PurePath

from prme_cli import orgtime
from prme_cli.model import Node, ParsedFile, Timestamp

_SKIPPED_BLOCKS = frozenset({"src", "example", "export", "comment"})
_IN_BUFFER_RE = re.compile(
    r"^[ \t]*#\+(?:(?P<key>TITLE|DATE|FILETAGS|TODO|SEQ_TODO|TYP_TODO):[ \t]*(?P<value>.*?)"
    r"|(?P<block>begin|end)(?:_(?P<name>\S+)|:).*?)[ \t]*$",
    re.MULTILINE | re.IGNORECASE,
)
_BLOCK_LINE_RE = re.compile(r"#\+(begin|end)(?:_(\S+)|:)", re.IGNORECASE)
_DRAWER_RE = re.compile(r":([\w-]+):[ \t]*$")
_PROPERTY_RE = re.compile(r":(\S+?):(?:[ \t]+(.*?))?[ \t]*$")
_TAGS_RE = re.compile(r":(?:[\w@#%]+:)+")
_PRIORITY_RE = re.compile(r"\[#([A-Za-z0-9]+)\][ \t]*")
_KEY_ANNOTATION_RE = re.compile(r"\(.*\)$")
#: Outline paths are stored with every heading, so a path holds at most this many titles: the
#: first two and the last ones, with "…" for those skipped. A 10,000-deep outline would
#: otherwise store 50 million titles (quadratic); ``parent_id`` still links every ancestor.
MAX_PATH_TITLES = 32
_PATH_HEAD = 2
ELIDED = "…"
#: A title longer than this is shortened in its descendants' paths (never in its own title).
MAX_PATH_TITLE_CHARS = 256


@dataclass(slots=True)
class _Settings:
    """In-buffer settings gathered before the scan (they apply file-wide)."""

    title: str | None = None
    date: tuple[int, str] | None = None  # (line, value)
    filetags: list[str] = field(default_factory=list)
    todo: list[str] = field(default_factory=list)
    done: list[str] = field(default_factory=list)


def _todo_sequence(value: str, settings: _Settings) -> None:
    """Add one ``#+TODO:`` line: words before ``|`` are open, after are done (else the last)."""
    words = [_KEY_ANNOTATION_RE.sub("", w) for w in value.split()]
    if "|" in words:
        bar = words.index("|")
        todo, done = words[:bar], words[bar + 1 :]
    else:
        todo, done = words[:-1], words[-1:]
    settings.todo.extend(w for w in todo if w and w != "|")
    settings.done.extend(w for w in done if w and w != "|")


def _read_settings(text: str) -> _Settings:
    """Collect in-buffer settings outside blocks, in one regex pass over the text."""
    settings = _Settings()
    if "#+" not in text:
        return settings
    block: str | None = None
    for m in _IN_BUFFER_RE.finditer(text):
        if m["block"] is not None:
            name = (m["name"] or ":").lower()
            if m["block"].lower() == "begin" and block is None:
                block = name
            elif m["block"].lower() == "end" and block == name:
                block = None
            continue
        if block is not None:
            continue
        key, value = m["key"].upper(), m["value"]
        if key == "TITLE" and settings.title is None and value:
            settings.title = value
        elif key == "DATE" and settings.date is None and value:
            settings.date = (text.count("\n", 0, m.start()) + 1, value)
        elif key == "FILETAGS":
            settings.filetags.extend(t for t in re.split(r"[:\s]+", value) if t)
        elif key != "TITLE" and key != "DATE":
            _todo_sequence(value, settings)
    return settings


def _split_tags(rest: str) -> tuple[str, tuple[str, ...]]:
    """Split trailing ``:a:b:`` tags off a heading's text (whitespace before them required)."""
    stripped = rest.rstrip(" \t")
    if not stripped.endswith(":"):
        return stripped, ()
    cut = max(stripped.rfind(" "), stripped.rfind("\t"))
    candidate = stripped[cut + 1 :]
    if _TAGS_RE.fullmatch(candidate) is None:
        return stripped, ()
    tags = tuple(dict.fromkeys(t for t in candidate.split(":") if t))
    return stripped[: cut + 1].rstrip(" \t") if cut >= 0 else "", tags


#: A leading word in capitals (``TODO``, ``NEXT``, ``WAITING``, ``PROJ``): a TODO keyword
#: whether or not it is configured. Two letters at least, so "I" and "A" stay in titles.
_KEYWORD_LIKE_RE = re.compile(r"[A-Z][A-Z0-9_-]*[A-Z0-9](?:[ \t]+|$)")


def _id_title(text: str) -> str:
    """A heading's text (tags already split off) as its derived id sees it: without a leading
    capitals word and a ``[#A]`` priority cookie. Configuring ``NEXT`` as a keyword later moves
    ``NEXT`` out of the title; this key is the same before and after, so the id stays."""
    m = _KEYWORD_LIKE_RE.match(text)
    if m is not None:
        text = text[m.end() :]
    if text.startswith("[#"):
        cookie = _PRIORITY_RE.match(text)
        if cookie is not None:
            text = text[cookie.end() :]
    return text


def id_key(nodes: Sequence[Node], index: int) -> tuple[str, ...]:
    """The id key of ``nodes[index]`` spelled out (the id titles from the top-level ancestor
    down to the node itself): what its derived id hangs on."""
    key: list[str] = []
    while index:
        node = nodes[index]
        key.append(node.id_title)
        index = node.parent or 0
    return tuple(reversed(key))


def _dedupe(base: tuple[str, ...], extra: Sequence[str]) -> tuple[str, ...]:
    """``base`` followed by the items of ``extra`` not already in it (first occurrence wins)."""
    new = [t for t in dict.fromkeys(extra) if t not in base]
    return base + tuple(new) if new else base


class _Reader:
    """State of the single pass: the outline stack and the entry being read."""

    def __init__(
        self,
        path: str,
        todo: Sequence[str],
        done: Sequence[str],
        settings: _Settings,
        dayfirst: bool = False,
    ) -> None:
        self.path = path
        self.dayfirst = dayfirst
        self.keywords = frozenset(todo) | frozenset(done)
        self.settings = settings
        self.problems: orgtime.Problems = []  # (line, message), from here and from orgtime
        # Nodes not yet handed out, by index (the file node stays: every heading may need it).
        self.nodes: dict[int, Node] = {}
        self.count = 0
        self.batch_start = 0
        self.ready: list[tuple[int, Node]] = []
        self.stack: list[int] = []  # indices of open headings, shallowest first
        # Derived ids hang on the full outline path of id titles (see ``_id_title``); that
        # path is named by a number, not held as a tuple per node (quadratic in a deep
        # outline): 0 is the empty path, and (parent's number, own id title) names each longer
        # one, so equal numbers mean equal paths.
        self.key_ids: dict[tuple[int, str], int] = {}
        self.seen: dict[int, int] = {}
        self.pending_years: dict[int, Timestamp] = {}
        self.datetree: dict[int, Timestamp] = {}
        self.lone_first: dict[int, Timestamp] = {}
        self.entry_lines: list[str] = []
        self.at_end = False
        self._start_file_node()

    # ------------------------------------------------------------------ entries

    def _start_file_node(self) -> None:
        """Node 0: the file object, carrying #+TITLE, #+FILETAGS, #+DATE and the file name."""
        name = PurePath(self.path).name
        if name.endswith(".org_archive"):
            stem = name[: -len(".org_archive")]
        else:
            stem = name[:-4] if name.endswith(".org") else PurePath(name).stem
        node = Node(
            kind="file",
            line=1,
            level=0,
            title=self.settings.title or stem,
            tags=tuple(dict.fromkeys(self.settings.filetags)),
            archived=name.endswith(".org_archive"),
        )
        if self.settings.date is not None:
            line, value = self.settings.date
            found = orgtime.find_timestamps(value, line, self.problems)
            ts = next((t for t in found if t.kind != "diary"), None)
            if ts is not None:
                node.timestamps.append(
                    Timestamp(
                        "keyword",
                        ts.start,
                        ts.end,
                        ts.has_time,
                        ts.raw,
                        line,
                        ts.repeater,
                        ts.warning,
                        "DATE",
                    )
                )
            elif (bare := orgtime.parse_bare_date(value, "keyword", line, "DATE")) is not None:
                node.timestamps.append(bare)
            elif (written := _written_date(value, line, self.dayfirst)) is not None:
                node.timestamps.append(written)
            else:
                self.warn(line, f"#+DATE: value is not a date: {value}")
        if (fts := orgtime.filename_timestamp(self.path)) is not None:
            node.timestamps.append(fts)
        self._add(node)
        self._begin_entry(1, 0)

    def _add(self, node: Node) -> int:
        index = self.count
        self.nodes[index] = node
        self.count += 1
        return index

    def _begin_entry(self, first_body_line: int, index: int) -> None:
        """Reset the per-entry state for the text that follows a heading (or the file start)."""
        self.index = index
        self.body_start = first_body_line  # 1-based file line of the first body line
        self.drawer: str | None = None
        self.drawer_line = 0
        self.block: str | None = None
        self.block_line = 0
        self.first_content = True
        self.entry_lines = []

    def _end_entry(self, next_line: int) -> None:
        """Close the current entry at ``next_line`` (exclusive): body text and drawer checks.

        ``entry_lines`` holds the entry's own lines (only those: the file is never held as a
        list of lines), so memory follows the entry, not the file."""
        if self.drawer in ("PROPERTIES", "LOGBOOK"):
            self.warn(self.drawer_line, f":{self.drawer}: drawer is not closed by :END:")
        if self.block is not None:
            where = "end of file" if self.at_end else "heading"
            self.warn(
                self.block_line,
                f"#+begin_{self.block} block not closed before the {where} at line "
                f"{next_line}" + ("" if self.at_end else "; org-mode reads that line as a heading"),
            )
        lines = self.entry_lines
        end = len(lines)
        while end and not lines[end - 1].strip():
            end -= 1
        if end:
            self.nodes[self.index].body = "\n".join(lines[:end])

    def warn(self, line: int, message: str) -> None:
        """Record a warning for ``line`` (malformed input never raises)."""
        self.problems.append((line, message))

    # ------------------------------------------------------------------ headings

    def heading(self, lineno: int, level: int, rest: str) -> None:
        """Start a new heading node: outline position, todo, priority, tags, title stamps.

        A heading that opens a new top-level subtree closes the previous one, which is then
        final (nothing later in the file changes it) and handed out as a batch."""
        self._end_entry(lineno)
        stack, nodes = self.stack, self.nodes
        while stack and nodes[stack[-1]].level >= level:
            stack.pop()
        if not stack:
            self._close_batch()
        parent_index = stack[-1] if stack else 0
        parent = nodes[parent_index]
        text, own_tags = _split_tags(rest)
        text = text.strip(" \t")
        todo, priority, title = self._split_heading(text)
        commented = title == "COMMENT" or title.startswith(("COMMENT ", "COMMENT\t"))
        path = _child_path(parent.path, len(stack) - 1, parent.title) if parent_index else ()
        id_title = _id_title(text)
        key_id = self.key_ids.setdefault((parent.key_id, id_title), len(self.key_ids) + 1)
        occurrence = self.seen.get(key_id, 0)
        self.seen[key_id] = occurrence + 1
        node = Node(
            kind="heading",
            line=lineno,
            level=level,
            title=title,
            todo=todo,
            priority=priority,
            own_tags=own_tags,
            tags=_dedupe(parent.tags, own_tags),
            path=path,
            parent=parent_index,
            occurrence=occurrence,
            archived=parent.archived or commented or "ARCHIVE" in own_tags,
            id_title=id_title,
            key_id=key_id,
        )
        index = self._add(node)
        stack.append(index)
        self._datetree(index, node, parent_index)
        if "<" in title or "[" in title:
            node.timestamps.extend(orgtime.find_timestamps(title, lineno, self.problems))
        self._begin_entry(lineno + 1, index)

    def _split_heading(self, text: str) -> tuple[str | None, str | None, str]:
        """Take the TODO keyword and ``[#A]`` priority off the front of a heading's text."""
        todo = priority = None
        word, _, after = text.partition(" ")
        if "\t" in word:
            word, _, tail = word.partition("\t")
            after = tail + (" " + after if after else "")
        if word in self.keywords:
            todo, text = word, after.lstrip(" \t")
        if text.startswith("[#"):
            m = _PRIORITY_RE.match(text)
            if m is not None:
                priority, text = m[1], text[m.end() :]
        return todo, priority, text

    def _datetree(self, index: int, node: Node, parent_index: int) -> None:
        """Recognise datetree / week-tree headings; a bare year needs a dated child to count."""
        title = node.title
        if not title[:1].isdigit():
            # an org-journal day ("* Wednesday, 03/11/37") stands for its day the same way
            if title[:1].isalpha() and title[-1:].isdigit():
                journal_day = orgtime.journal_day_timestamp(title, node.line)
                if journal_day is not None:
                    node.timestamps.append(journal_day)
                    self.datetree[index] = journal_day
            return
        ts = orgtime.datetree_timestamp(title, node.line)
        if ts is None:
            return
        if ts.label == "year":
            self.pending_years[index] = ts
            return
        node.timestamps.append(ts)
        self.datetree[index] = ts
        year_ts = self.pending_years.pop(parent_index, None)
        if year_ts is not None:
            if title[:4] == self.nodes[parent_index].title.strip():
                self.nodes[parent_index].timestamps.insert(0, year_ts)
                self.datetree[parent_index] = year_ts
            else:
                self.pending_years[parent_index] = year_ts

    # ------------------------------------------------------------------ body lines

    def body_line(self, lineno: int, line: str) -> None:
        """Read one line of an entry's own text: blocks, drawers, planning, clocks, notes."""
        s = line.lstrip(" \t")
        if not s:
            return
        c = s[0]
        if self.block is not None:
            if c == "#":
                m = _BLOCK_LINE_RE.match(s)
                if m is not None and m[1].lower() == "end" and (m[2] or ":").lower() == self.block:
                    self.block = None
            return
        if self.drawer == "PROPERTIES":
            self._property_line(lineno, s)
            return
        if c == ":":
            if self._drawer_line(lineno, s):
                return
        elif c == "#":
            self._hash_line(lineno, s)
            return
        node = self.nodes[self.index]
        if c == "C" and s.startswith("CLOCK:"):
            clock = orgtime.parse_clock(s, lineno, self.problems)
            if clock is not None:
                node.timestamps.append(clock)
            return
        if c in "SDC" and orgtime.is_planning_line(s):
            node.timestamps.extend(orgtime.parse_planning(s, lineno, self.problems))
            return
        if c in "-+":
            note = orgtime.parse_log_note(s, lineno, self.problems)
            if note is not None:
                node.timestamps.append(note[0])
                s = s[note[1] :]
        if "<" in s or "[" in s:
            found = orgtime.find_timestamps(s, lineno, self.problems)
            node.timestamps.extend(found)
            if (
                self.first_content
                and self.drawer is None
                and len(found) == 1
                and found[0].raw == s.rstrip()
            ):
                self.lone_first[self.index] = found[0]
        if self.drawer is None:
            self.first_content = False

    def _drawer_line(self, lineno: int, s: str) -> bool:
        """Handle ``:NAME:`` / ``:END:`` lines; True when the line was a drawer delimiter."""
        m = _DRAWER_RE.match(s)
        if m is None:
            return False
        name = m[1].upper()
        if name == "END":
            if self.drawer is None:
                self.warn(lineno, ":END: without an open drawer")
            self.drawer = None
        elif self.drawer is None:
            self.drawer, self.drawer_line = name, lineno
        return True

    def _property_line(self, lineno: int, s: str) -> None:
        """One line inside ``:PROPERTIES:``: a ``:KEY: value`` pair, or ``:END:``."""
        m = _PROPERTY_RE.match(s)
        if m is None:
            self.warn(lineno, f"not a property line inside :PROPERTIES: {s.rstrip()!r}")
            return
        key, value = m[1], m[2] or ""
        if key.upper() == "END":
            self.drawer = None
            return
        props = self.nodes[self.index].properties
        if key.endswith("+") and len(key) > 1:
            key = key[:-1]
            value = f"{props[key]} {value}" if props.get(key) else value
        props[key] = value
        if "<" in value or "[" in value or key.upper() == "CREATED":
            self.nodes[self.index].timestamps.extend(
                orgtime.parse_property_value(key, value, lineno, self.problems)
            )

    def _hash_line(self, lineno: int, s: str) -> None:
        """``#+begin_…`` opens a block whose text is not scanned; other ``#`` lines are metadata."""
        m = _BLOCK_LINE_RE.match(s)
        if m is None or m[1].lower() != "begin":
            return
        name = (m[2] or ":").lower()  # ":" is a dynamic block, #+BEGIN: clocktable
        if name in _SKIPPED_BLOCKS or name == ":":
            self.block, self.block_line = name, lineno

    # ------------------------------------------------------------------ finishing

    def _close_batch(self) -> None:
        """Hand out every node since the last batch: a complete top-level subtree (or the
        file node alone), whose event times can now be settled, in file order."""
        nodes = self.nodes
        for index in range(self.batch_start, self.count):
            self._event_time(index, nodes[index])
        for index in range(self.batch_start, self.count):
            node = nodes[index] if index == 0 else nodes.pop(index)
            self.ready.append((index, node))
            self.datetree.pop(index, None)
            self.lone_first.pop(index, None)
            self.pending_years.pop(index, None)
        self.batch_start = self.count

    def finish(self, lines: int) -> list[str]:
        """Close the last entry and batch (the file has ``lines`` lines); return
        ``file:line: message`` warnings."""
        self.at_end = True
        self._end_entry(lines + 1)
        self._close_batch()
        self.problems.sort(key=lambda problem: problem[0])
        return [f"{self.path}:{line}: {message}" for line, message in self.problems]

    def _event_time(self, index: int, node: Node) -> None:
        """Apply SPEC §3's precedence for ``event_time``; ``event_source`` names the rule."""
        if index == 0:
            for ts in node.timestamps:
                if ts.kind in ("keyword", "filename") and ts.start is not None:
                    node.event_time, node.event_source = ts.start, ts.kind
                    return
            return
        parent = self.nodes[node.parent or 0]
        if index not in self.datetree and node.parent in self.datetree:
            self.datetree[index] = self.datetree[node.parent or 0]
        chosen = _own_event(node, self.lone_first.get(index))
        if chosen is None:
            tree = self.datetree.get(index)
            chosen = tree or _file_date(self.nodes[0])
            if chosen is not None and (tree is None or tree not in node.timestamps):
                # a day heading inside a file or week dated as a whole: that day's entry
                named = _day_heading(node, chosen)
                if named is not None:
                    node.timestamps.append(named)
                    self.datetree[index] = chosen = named
        if chosen is None:
            chosen = next((t for t in node.timestamps if t.kind == "created" and t.start), None)
        if chosen is not None:
            node.event_time, node.event_source = chosen.start, chosen.kind
        elif parent.event_time is not None:
            node.event_time, node.event_source = parent.event_time, "ancestor"


#: Two reference times far apart: a #+DATE that resolves alike at both is absolute.
_PROBES = (datetime(1975, 6, 15, 12, tzinfo=UTC), datetime(2090, 2, 10, 12, tzinfo=UTC))


def _written_date(value: str, line: int, dayfirst: bool) -> Timestamp | None:
    """A ``#+DATE:`` written in words or another order (``April 22, 2013``, ``22 April 2013``,
    ``03/11/2026``), read by the one time-expression engine; only an absolute day, or a time
    on one, counts (``today`` or ``April 22`` would date the file by the clock)."""
    from prme_cli.errors import PrmeError
    from prme_cli.timeexpr import resolve

    try:
        first, second = (resolve(value, probe, UTC, dayfirst=dayfirst) for probe in _PROBES)
    except (PrmeError, ValueError, OverflowError):
        return None
    if first.start != second.start or first.grain not in ("day", "hour", "minute", "second"):
        return None
    start = first.start.replace(tzinfo=None)
    if first.grain == "day":
        return Timestamp(
            "keyword", start, start + timedelta(days=1), False, value, line, label="DATE"
        )
    return Timestamp("keyword", start, start, True, value, line, label="DATE")


def _is_active(ts: Timestamp) -> bool:
    return ts.kind == "active" or (ts.kind == "range" and ts.label == "active")


def _is_inactive(ts: Timestamp) -> bool:
    return ts.kind == "inactive" or (ts.kind == "range" and ts.label == "inactive")


def _own_event(node: Node, lone: Timestamp | None) -> Timestamp | None:
    """Rules 1–3 of SPEC §3: CLOSED; active in heading/planning; inactive in heading / %U line.

    An event-date property (``:WHEN:``, :data:`orgtime.EVENT_DATE_PROPERTIES`) comes after an
    active stamp in the heading and before SCHEDULED/DEADLINE: it says when the event is, where
    planning says when to work on it.

        The lone stamp on the first body line may also be active (org-capture's ``%T``): it names
        the entry's time as clearly as ``%U`` does.
    """
    stamps = node.timestamps
    for ts in stamps:
        if ts.kind == "closed" and ts.start is not None:
            return ts
    planning_line = node.line + 1
    for ts in stamps:
        if ts.line == node.line and _is_active(ts):
            return ts
    for ts in stamps:
        if orgtime.is_event_date(ts):
            return ts  # ":WHEN: [2035-04-12 Sat]": the day of the heading's event
    for ts in stamps:
        if ts.kind in ("scheduled", "deadline") or (ts.line == planning_line and _is_active(ts)):
            return ts
    for ts in stamps:
        if ts.line == node.line and _is_inactive(ts):
            return ts
    return lone


#: How far after a file's ``#+DATE`` a heading may name its day and still be that file's
#: entry: a week's file (``#+DATE`` its Monday, "Friday 9th"), a trip or a month's notes. A
#: daily file's name dates one day only; a datetree week or month, its own span.
KEYWORD_DAY_SPAN = timedelta(weeks=6)
#: What :func:`heading_day` says of a title: it names no day, a day in the span, or one it
#: cannot place there (unreadable, disagreeing with itself, or outside the span).
NO_DAY, NAMED_DAY, UNPLACED_DAY = "none", "day", "unplaced"


def day_span(source: str | None) -> timedelta:
    """How far after its container's date a day-naming heading may fall: ``#+DATE`` six
    weeks, a daily file's name (and anything else) its one day."""
    if source == "keyword":
        return KEYWORD_DAY_SPAN
    return timedelta(days=1)


def heading_day(title: str, anchor: datetime, span: timedelta) -> tuple[str, datetime | None]:
    """The day a heading's title names inside a container dated ``anchor`` (a file's
    ``#+DATE`` or name, a datetree week): "Friday 9th", "Wed 28 Feb", "Tuesday standup".

    The title is read by the one time engine leaning *forward* from ``anchor`` (the first
    Friday the 9th on or after it; a weekday alone, the first such weekday on or after it),
    and the day must fall in ``[anchor, anchor + span)``. ``(NO_DAY, None)`` when the title
    names no time; ``(NAMED_DAY, day)``; ``(UNPLACED_DAY, None)`` when it names one that
    cannot be placed there — unreadable ("Fri 5 March" where the 5th is a Monday), two
    different days, coarser than a day ("March"), or outside the span ("Tuesday 9th" where
    the next Tuesday the 9th is months away). A caller dates nothing by an unplaced title,
    neither by it nor by the container."""
    from prme_cli.timeexpr.finder import may_hold_time

    if not may_hold_time(title):
        return NO_DAY, None  # most headings: no word of them can name a time
    return _heading_day(title, anchor, span)


@lru_cache(maxsize=4096)
def _heading_day(title: str, anchor: datetime, span: timedelta) -> tuple[str, datetime | None]:
    """:func:`heading_day` of a title that may name a time, read by the time engine."""
    from prme_cli.errors import PrmeError
    from prme_cli.timeexpr import day_words, find, resolve

    start = anchor.replace(hour=0, minute=0, second=0, microsecond=0)
    now = start.replace(tzinfo=UTC)
    named = day_words(title)
    try:
        found = [f for f in find(title, now, UTC) if f.kind in ("point", "interval")]
    except (PrmeError, ValueError, OverflowError):
        return (UNPLACED_DAY, None) if named else (NO_DAY, None)
    if not found and not named:
        return NO_DAY, None
    days = set()
    for f in found:
        try:
            window = resolve(f.text, now, UTC, not_before=now)
        except (PrmeError, ValueError, OverflowError):
            return UNPLACED_DAY, None
        if window.open_start or window.open_end:
            return UNPLACED_DAY, None
        first = window.start.replace(tzinfo=None)
        last = window.end.replace(tzinfo=None) - timedelta(microseconds=1)
        if first.date() != last.date():
            return UNPLACED_DAY, None
        day = datetime(first.year, first.month, first.day)
        if not start <= day < start + span:
            return UNPLACED_DAY, None
        days.add(day)
    spans = [(f.offset, f.offset + f.length) for f in found]
    read = all(any(a <= lo and hi <= b for a, b in spans) for lo, hi in named)
    if len(days) != 1 or not read:
        return UNPLACED_DAY, None
    return NAMED_DAY, days.pop()


def _day_heading(node: Node, base: Timestamp) -> Timestamp | None:
    """The day a heading names inside its dated container ``base`` (see :func:`heading_day`),
    as the datetree day it stands for: a week file's "Friday 9th" is that Friday's entry."""
    if base.start is None or not node.title:
        return None
    if base.kind == "datetree":
        if base.label not in ("week", "month") or base.end is None:
            return None
        span = base.end - base.start
    else:
        span = day_span(base.kind)
    status, day = heading_day(node.title, base.start, span)
    if status != NAMED_DAY or day is None:
        return None
    if base.kind != "datetree" and day == base.start.replace(hour=0, minute=0, second=0):
        return None  # the file's own day ("Today", "Evening", "Mon 26 Feb" on the 26th)
    return Timestamp(
        "datetree", day, day + timedelta(days=1), False, node.title, node.line, label="day"
    )


def _file_date(file_node: Node) -> Timestamp | None:
    """The file's own date, ``#+DATE:`` before the file name's (SPEC §3 rule 4 for headings
    outside any datetree): journal structure, so the headings match by it (query.py)."""
    for kind in ("keyword", "filename"):
        for ts in file_node.timestamps:
            if ts.kind == kind and ts.start is not None:
                return ts
    return None


def _normalise(text: str) -> str:
    """Make lines end the way Emacs reads them: drop a BOM; CRLF, CR and LF all end a line."""
    text = text.removeprefix("\ufeff")
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text


def _lines(text: str) -> Iterator[str]:
    """The lines of ``text`` exactly as ``text.split("\\n")`` gives them, one at a time (a
    200,000-heading file is never held as a list of a million strings)."""
    start, find = 0, text.find
    while True:
        end = find("\n", start)
        if end < 0:
            yield text[start:]
            return
        yield text[start:end]
        start = end + 1


def _child_path(parent_path: tuple[str, ...], depth: int, title: str) -> tuple[str, ...]:
    """The bounded outline path of a child whose parent has ``parent_path`` (``depth`` titles
    in full) and ``title``: at most :data:`MAX_PATH_TITLES` titles, each at most
    :data:`MAX_PATH_TITLE_CHARS` characters, computed from the parent's in constant time."""
    if len(title) > MAX_PATH_TITLE_CHARS:
        title = title[: MAX_PATH_TITLE_CHARS - 1] + ELIDED
    if depth + 1 <= MAX_PATH_TITLES:
        return (*parent_path, title)
    tail = parent_path[_PATH_HEAD + 1 :] if depth > MAX_PATH_TITLES else parent_path[_PATH_HEAD:]
    keep = MAX_PATH_TITLES - _PATH_HEAD - 1
    return (*parent_path[:_PATH_HEAD], ELIDED, *(*tail, title)[-keep:])


class OrgStream:
    """One org file read a top-level subtree at a time, for memory that follows the largest
    subtree rather than the file (ingest writes each batch and lets it go).

    ``todo_keywords``/``done_keywords`` are known at once (in-buffer settings are read first);
    ``warnings`` is complete once :meth:`batches` is exhausted.
    """

    def __init__(
        self,
        text: str,
        path: str,
        *,
        todo_keywords: Sequence[str] = ("TODO",),
        done_keywords: Sequence[str] = ("DONE",),
        dayfirst: bool = False,
    ) -> None:
        self.path = path
        self.dayfirst = dayfirst
        self._text = _normalise(text)
        self._settings = _read_settings(self._text)
        own = self._settings.todo or self._settings.done
        #: the file declares its keywords itself (``#+TODO:`` lines), not the configuration
        self.own_keywords = bool(own)
        self.todo_keywords = tuple(self._settings.todo) if own else tuple(todo_keywords)
        self.done_keywords = tuple(self._settings.done) if own else tuple(done_keywords)
        self.warnings: list[str] = []

    def batches(self) -> Iterator[list[tuple[int, Node]]]:
        """``(index, node)`` pairs in file order, a batch per finished subtree; the first batch
        is the file node alone. ``index`` is the node's position in the file (``seq``) and
        what ``Node.parent`` refers to."""
        reader = _Reader(
            self.path, self.todo_keywords, self.done_keywords, self._settings, self.dayfirst
        )
        heading, body_line = reader.heading, reader.body_line
        entry = reader.entry_lines
        ready = reader.ready
        lineno = 0
        for lineno, line in enumerate(_lines(self._text), 1):
            if line[:1] == "*":
                level = len(line) - len(line.lstrip("*"))
                if level < len(line) and line[level] in " \t":
                    heading(lineno, level, line[level + 1 :])
                    entry = reader.entry_lines
                    if ready:
                        yield list(ready)
                        ready.clear()
                    continue
            entry.append(line)
            body_line(lineno, line)
        self.warnings = reader.finish(lineno)
        if ready:
            yield list(ready)
            ready.clear()


def parse_org(
    text: str,
    path: str,
    *,
    todo_keywords: Sequence[str] = ("TODO",),
    done_keywords: Sequence[str] = ("DONE",),
    dayfirst: bool = False,
) -> ParsedFile:
    """Read one org file's text into its file node and headings, in file order.

    Never raises on any ``str``: malformed constructs become ``ParsedFile.warnings``. The
    keyword arguments are the configured TODO/done keywords, used when the file sets none,
    and whether a numeric ``#+DATE:`` such as ``03/11/2026`` is day first.
    """
    stream = OrgStream(
        text, path, todo_keywords=todo_keywords, done_keywords=done_keywords, dayfirst=dayfirst
    )
    nodes = [node for batch in stream.batches() for _, node in batch]
    return ParsedFile(
        path=path,
        nodes=nodes,
        todo_keywords=stream.todo_keywords,
        done_keywords=stream.done_keywords,
        warnings=stream.warnings,
    )


@dataclass(frozen=True, slots=True)
class TableRow:
    """One data row of an org table and the table's header row (``| Date | Film |`` above a
    ``|---+---|`` rule), cells stripped and their inner spaces collapsed. Tables are how
    people keep logs in org (films seen, books read, runs): the header says what each
    column's date is the day of."""

    header: tuple[str, ...]
    cells: tuple[str, ...]

    def column_of(self, text: str) -> int | None:
        """The index of the first cell holding ``text``."""
        return next((i for i, cell in enumerate(self.cells) if text in cell), None)

    def header_of(self, text: str) -> str | None:
        """The header over the cell holding ``text``."""
        column = self.column_of(text)
        if column is None or column >= len(self.header):
            return None
        return self.header[column]


def _cells(line: str) -> tuple[str, ...]:
    inner = line.strip().removeprefix("|").removesuffix("|")
    return tuple(" ".join(cell.split()) for cell in inner.split("|"))


def _filled(cells: tuple[str, ...]) -> tuple[str, ...]:
    """The cells up to the last one that holds something (a quote may drop empty ones)."""
    end = len(cells)
    while end and not cells[end - 1]:
        end -= 1
    return cells[:end]


def table_caption(text: str, row: str) -> str:
    """The line that introduces the table holding ``row`` ("Firings in the gas kiln so far
    this year:" just above ``| date | cone |``): the nearest line above the table, blank
    lines skipped, when it ends with a colon and is no heading, list item or drawer line;
    else "". Like a heading over a table, it says what each row is."""
    lines = text.splitlines()
    wanted = _filled(_cells(row))
    for at, line in enumerate(lines):
        if not line.lstrip().startswith("|") or _filled(_cells(line)) != wanted:
            continue
        top = at
        while top > 0 and lines[top - 1].lstrip().startswith("|"):
            top -= 1
        above = top - 1
        while above >= 0 and not lines[above].strip():
            above -= 1
        if above < 0:
            return ""
        caption = lines[above].strip()
        if caption.endswith(":") and not re.match(r"(?:\*+\s|[-+]\s|:\w)", caption):
            return caption.rstrip(":").strip()
        return ""
    return ""


def table_row(text: str, row: str) -> TableRow | None:
    """The table row of ``text`` whose cells are those of ``row`` (one line, a verbatim row
    or one with its padding collapsed or its outer bars dropped), with the header row of its
    table; None when ``row`` is no data row of a table that has a header row."""
    if "\n" in row.strip() or "|" not in row:
        return None
    wanted = _filled(_cells(row))
    if len(wanted) < 2:
        return None
    lines = text.splitlines()
    for at, line in enumerate(lines):
        if not line.lstrip().startswith("|") or _filled(_cells(line)) != wanted:
            continue
        top = at
        while top > 0 and lines[top - 1].lstrip().startswith("|"):
            top -= 1
        if top + 1 >= at or not re.match(r"\s*\|-", lines[top + 1]):
            return None  # no header row above a rule: the first row is data
        header, cells = _cells(lines[top]), _cells(line)
        if len(header) != len(cells):
            return None
        return TableRow(header, cells)
    return None
