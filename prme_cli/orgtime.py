"""The one extractor for every org time form (SPEC §4.1), and repeater occurrence math.

Everything here is pure: functions take a line (or a value) and its 1-based file line number
and return :class:`~prme_cli.model.Timestamp` objects. Nothing raises on bad input; malformed
constructs are reported through an optional ``problems`` list of ``(line, message)`` pairs so
the org reader can turn them into ``file:line: message`` warnings.

Interval conventions (see :class:`~prme_cli.model.Timestamp`): wall-clock naive datetimes,
half-open ``[start, end)``; a date-only stamp covers its day, a stamp with a time is a point,
a time range / date range / closed clock spans its interval, a diary sexp has no interval.

Decisions worth knowing:

- A time range whose end is before its start (``<… 22:00-01:00>``) crosses midnight.
- ``24:00`` is accepted and means the next midnight, as Emacs' time arithmetic does.
- The day name is ignored (org does the same): any word in any language is accepted.
- Monthly and yearly repeaters clamp the day to the month's end (Jan 31 ``+1m`` gives Feb 28,
  then Mar 31; Feb 29 ``+1y`` gives Feb 28 in common years), each occurrence counted from the
  base date so the clamping never drifts. Org's agenda overflows instead (Feb 31 = Mar 3),
  which nobody means.
- ``.+`` and ``++`` repeaters are projected like ``+`` from the stamp as written: the stamp is
  the last completion/anchor org recorded, so later occurrences are base + k·step.
"""

from __future__ import annotations

import calendar
import re
from collections.abc import Iterator
from datetime import date, datetime, timedelta
from pathlib import PurePath

from prme_cli.model import Timestamp

#: ``(line, message)`` pairs collected while scanning; the reader prefixes the file name.
Problems = list[tuple[int, str]]

_DAY = timedelta(days=1)

# One org timestamp. The day name is org's class (anything but digits, brackets, +, -,
# whitespace), so `周一`, `lun.` and `Mi` all pass. Modifiers (repeater, habit, warning)
# may come in any order, as org accepts.
_STAMP_SRC = (
    r"(?P<open>[<\[])"
    r"(?P<y>\d{4})-(?P<mo>\d{2})-(?P<d>\d{2})"
    r"(?:[ \t]+(?P<dow>[^\]\[<>\s\d+-]+))?"
    r"(?:[ \t]+(?P<h>\d{1,2}):(?P<mi>\d{2})(?:--?(?P<h2>\d{1,2}):(?P<mi2>\d{2}))?)?"
    r"(?P<mods>(?:[ \t]+(?:(?:\.\+|\+\+|\+)\d+[hdwmy](?:/\d+[hdwmy])?|--?\d+[hdwmy]))*)"
    r"[ \t]*(?P<close>[>\]])"
)
_STAMP_RE = re.compile(_STAMP_SRC)
_DIARY_SRC = r"(?P<diary><%%\(.*?\)(?:[ \t]+\d{1,2}:\d{2}(?:-\d{1,2}:\d{2})?)?>)"
_ANY_RE = re.compile(_DIARY_SRC + "|" + _STAMP_SRC)
_RANGE_SEP_RE = re.compile(r"-{1,3}(?=[<\[]\d)")
_REPEATER_RE = re.compile(r"(\.\+|\+\+|\+)(\d+)([hdwmy])(?:/(\d+)([hdwmy]))?")
_WARNING_RE = re.compile(r"--?\d+[hdwmy]")
_CLOSERS = {"<": ">", "[": "]"}

_PLANNING_RE = re.compile(r"(SCHEDULED|DEADLINE|CLOSED):[ \t]*")
_PLANNING_START_RE = re.compile(r"[ \t]*(?:SCHEDULED|DEADLINE|CLOSED):")
_CLOCK_RE = re.compile(r"[ \t]*CLOCK:[ \t]*")
_DURATION_RE = re.compile(r"[ \t]*=>[ \t]*(?P<dur>\S*)[ \t]*$")
_DURATION_OK_RE = re.compile(r"(\d+):([0-5]\d)")

# LOGBOOK note headings: org-log-note-headings' defaults, label for each.
_NOTE_RE = re.compile(
    r"[ \t]*[-+][ \t]+(?:"
    r"State[ \t]+\"(?P<state>[^\"]*)\"[ \t]+(?:from(?:[ \t]+\"(?P<old>[^\"]*)\")?[ \t]*)?"
    r"|(?P<note>Note taken on)[ \t]+"
    r"|(?P<rescheduled>Rescheduled from[ \t]+\"[^\"]*\"[ \t]+on)[ \t]+"
    r"|(?P<not_scheduled>Not scheduled, was[ \t]+\"[^\"]*\"[ \t]+on)[ \t]+"
    r"|(?P<new_deadline>New deadline from[ \t]+\"[^\"]*\"[ \t]+on)[ \t]+"
    r"|(?P<removed_deadline>Removed deadline, was[ \t]+\"[^\"]*\"[ \t]+on)[ \t]+"
    r"|(?P<refiled>Refiled on)[ \t]+"
    r"|(?P<closing>CLOSING NOTE)[ \t]+"
    r")(?=[<\[])"
)
_NOTE_LABELS = (
    "note",
    "rescheduled",
    "not_scheduled",
    "new_deadline",
    "removed_deadline",
    "refiled",
    "closing",
)

# A bare date, year first, as capture templates and #+DATE lines write it: 2026-11-29,
# 20261129, 2023.01.12, 2023/1/12, optionally a day name in any language (2010-10-02 Sat, as
# org writes a stamp without its brackets) and a time (T10:15, 10:15:30).
_ISO_LIKE_RE = re.compile(
    r"(\d{4})(?:-?(\d{2})-?(\d{2})|([./])(\d{1,2})\4(\d{1,2}))"
    r"(?:[ \t]+[^\d\s]+)?"
    r"(?:(?:T|[ \t]+)(\d{2}):?(\d{2})(?::?(\d{2}))?)?"
)


class StampError(ValueError):
    """A timestamp that looks like org syntax but names no real date or time."""


# --------------------------------------------------------------------------- single stamps


_SPAN_GROUPS = ("y", "mo", "d", "h", "mi", "h2", "mi2")


def _clock_time(y: int, mo: int, d: int, hour: str, minute: str) -> datetime:
    """``hour:minute`` on a day; ``24:00`` is the next midnight, as Emacs computes it."""
    h, m = int(hour), int(minute)
    if h == 24 and m == 0:
        return datetime(y, mo, d) + _DAY
    if h > 23 or m > 59:
        raise StampError(f"invalid time {hour}:{minute}")
    return datetime(y, mo, d, h, m)


def _span(m: re.Match[str]) -> tuple[datetime, datetime, bool]:
    """The ``[start, end)`` interval of one matched stamp and whether it carries a time."""
    ys, mos, ds, h, mi, h2, mi2 = m.group(*_SPAN_GROUPS)
    y, mo, d = int(ys), int(mos), int(ds)
    try:
        if h is None:
            day = datetime(y, mo, d)
            return day, day + _DAY, False
        start = _clock_time(y, mo, d, h, mi)
        if h2 is None:
            return start, start, True
        end = _clock_time(y, mo, d, h2, mi2)
        if end < start:  # 22:00-01:00 crosses midnight
            end += _DAY
        return start, end, True
    except StampError:
        raise
    except ValueError:
        raise StampError(f"invalid date {ys}-{mos}-{ds}") from None
    except OverflowError:
        raise StampError("date out of range") from None


def _modifiers(mods: str | None) -> tuple[str | None, str | None]:
    """Split the modifier text into (repeater, warning), each kept as written."""
    if not mods:
        return None, None
    repeater = warning = None
    for word in mods.split():
        if word.startswith("-"):
            warning = warning or word
        else:
            repeater = repeater or word
    return repeater, warning


def _from_matches(
    a: re.Match[str], b: re.Match[str] | None, raw: str, line: int, kind: str | None
) -> Timestamp:
    """Build a Timestamp from one stamp or a ``<a>--<b>`` pair (raises StampError)."""
    start, end, has_time = _span(a)
    opener, mods = a.group("open", "mods")
    repeater, warning = _modifiers(mods) if mods else (None, None)
    active = opener == "<"
    label = None
    if b is not None:
        end = _span(b)[1]
        if end < start:
            raise StampError("range ends before it starts")
        if kind is None:
            kind, label = "range", ("active" if active else "inactive")
    elif kind is None:
        kind = "active" if active else "inactive"
    return Timestamp(kind, start, end, has_time, raw, line, repeater, warning, label)


_DIARY_TIME_RE = re.compile(r"\)[ \t]+\d{1,2}:\d{2}")


def _diary(raw: str, line: int) -> Timestamp:
    """A diary sexp: kept raw, never expanded, no interval (SPEC §4.1 item 11)."""
    return Timestamp("diary", None, None, _DIARY_TIME_RE.search(raw) is not None, raw, line)


def _scan(text: str, line: int, problems: Problems | None) -> Iterator[tuple[int, int, Timestamp]]:
    """Yield ``(start_col, end_col, Timestamp)`` for each stamp, range or diary in ``text``.

    Kinds are ``active``, ``inactive``, ``range`` or ``diary``; a bad date is a problem, not
    an exception, and scanning continues after it.
    """
    pos = 0
    search = _ANY_RE.search
    while True:
        m = search(text, pos)
        if m is None:
            return
        if m["diary"] is not None:
            yield m.start(), m.end(), _diary(m["diary"], line)
            pos = m.end()
            continue
        if _CLOSERS[m["open"]] != m["close"]:
            pos = m.start() + 1
            continue
        end_col = m.end()
        b = None
        sep = _RANGE_SEP_RE.match(text, end_col)
        if sep is not None:
            cand = _STAMP_RE.match(text, sep.end())
            if cand is not None and cand["open"] == m["open"] and cand["close"] == m["close"]:
                b, end_col = cand, cand.end()
        raw = text[m.start() : end_col]
        try:
            ts = _from_matches(m, b, raw, line, None)
        except StampError as err:
            if problems is not None:
                problems.append((line, f"{err}: {raw}"))
        else:
            yield m.start(), end_col, ts
        pos = end_col


def find_timestamps(text: str, line: int = 1, problems: Problems | None = None) -> list[Timestamp]:
    """All timestamps in one line of text, as ``active``/``inactive``/``range``/``diary``.

    This is the fast path the reader runs on every heading and body line: one compiled regex
    search per stamp, nothing when the line holds none.
    """
    if "<" not in text and "[" not in text:
        return []
    return [ts for _, _, ts in _scan(text, line, problems)]


def parse_timestamp(
    raw: str, *, kind: str | None = None, line: int = 0, label: str | None = None
) -> Timestamp:
    """Parse text that is exactly one org stamp, date range or diary sexp.

    For callers outside ingest (the command-line resolver accepts org timestamps). Raises
    :class:`StampError` (a ``ValueError``) naming what is wrong.
    """
    text = raw.strip()
    problems: Problems = []
    found = list(_scan(text, line, problems))
    if problems:
        raise StampError(problems[0][1])
    if len(found) != 1 or found[0][0] != 0 or found[0][1] != len(text):
        raise StampError(f"not an org timestamp: {raw!r}")
    ts = found[0][2]
    if kind is None and label is None:
        return ts
    return Timestamp(
        kind or ts.kind,
        ts.start,
        ts.end,
        ts.has_time,
        ts.raw,
        ts.line,
        ts.repeater,
        ts.warning,
        label if label is not None else ts.label,
    )


def _stamp_at(
    text: str, pos: int, line: int, kind: str, label: str | None, problems: Problems | None
) -> tuple[Timestamp | None, int]:
    """Parse the stamp (or range) starting at ``pos`` as ``kind``; return it and its end."""
    m = _STAMP_RE.match(text, pos)
    if m is None or _CLOSERS[m["open"]] != m["close"]:
        return None, pos
    end_col = m.end()
    b = None
    sep = _RANGE_SEP_RE.match(text, end_col)
    if sep is not None:
        cand = _STAMP_RE.match(text, sep.end())
        if cand is not None and cand["open"] == m["open"] and cand["close"] == m["close"]:
            b, end_col = cand, cand.end()
    raw = text[pos:end_col]
    try:
        ts = _from_matches(m, b, raw, line, kind)
    except StampError as err:
        if problems is not None:
            problems.append((line, f"{err}: {raw}"))
        return None, end_col
    if label is not None:
        ts = Timestamp(
            ts.kind, ts.start, ts.end, ts.has_time, ts.raw, ts.line, ts.repeater, ts.warning, label
        )
    return ts, end_col


# --------------------------------------------------------------------------- line forms


def is_planning_line(text: str) -> bool:
    """True when the line starts with SCHEDULED:, DEADLINE: or CLOSED: (org's planning line)."""
    return _PLANNING_START_RE.match(text) is not None


def parse_planning(text: str, line: int, problems: Problems | None = None) -> list[Timestamp]:
    """The ``closed``/``scheduled``/``deadline`` stamps of a planning line, in any order.

    Anything else on the line that looks like a stamp is returned with its plain kind, so no
    time reference on the line is lost.
    """
    out: list[Timestamp] = []
    pos = 0
    claimed: list[tuple[int, int]] = []
    for m in _PLANNING_RE.finditer(text):
        if m.start() < pos:
            continue
        ts, pos = _stamp_at(text, m.end(), line, m[1].lower(), None, problems)
        if ts is None:
            if pos == m.end() and problems is not None:
                problems.append((line, f"{m[1]}: without a timestamp"))
            continue
        claimed.append((m.end(), pos))
        out.append(ts)
    for s, _, ts in _scan(text, line, None):
        if not any(a <= s < b for a, b in claimed):
            out.append(ts)
    return out


def _clock_duration(text: str) -> tuple[str | None, timedelta | None, bool]:
    """Read ``=> H:MM``: (duration as written, its value, whether it is well formed)."""
    m = _DURATION_RE.match(text)
    if m is None:
        return None, None, not text.strip()
    raw = m["dur"]
    ok = _DURATION_OK_RE.fullmatch(raw)
    if ok is None:
        return raw or None, None, False
    return raw, timedelta(hours=int(ok[1]), minutes=int(ok[2])), True


def parse_clock(text: str, line: int, problems: Problems | None = None) -> Timestamp | None:
    """A ``CLOCK:`` line as a ``clock`` stamp, or None when the line is no clock line.

    Closed clocks span ``[a, b)``; open clocks are a point at ``a``. The duration after ``=>``
    is kept in ``label``; when it is malformed or disagrees with the stamps, the interval comes
    from the stamps (org recomputes it the same way) and a problem is noted.
    """
    head = _CLOCK_RE.match(text)
    if head is None:
        return None
    ts, pos = _stamp_at(text, head.end(), line, "clock", None, problems)
    if ts is None:
        if pos == head.end() and problems is not None:
            problems.append((line, "CLOCK: line without a readable timestamp"))
        return None
    if "]-" not in ts.raw and ">-" not in ts.raw:  # open clock: a point at its start
        if ts.has_time:
            ts = Timestamp("clock", ts.start, ts.start, True, ts.raw, line)
        rest = text[pos:].strip()
        if rest and problems is not None:
            problems.append((line, f"unexpected text after open CLOCK: {rest}"))
        return ts
    raw_dur, dur, well_formed = _clock_duration(text[pos:])
    if problems is not None:
        if not well_formed:
            shown = raw_dur or text[pos:].strip()
            problems.append((line, f"malformed CLOCK duration {shown!r}; using the stamps"))
        elif (
            dur is not None
            and ts.end is not None
            and ts.start is not None
            and dur != ts.end - ts.start
        ):
            problems.append((line, f"CLOCK duration {raw_dur} disagrees with its timestamps"))
    return Timestamp(
        "clock", ts.start, ts.end, ts.has_time, ts.raw, line, ts.repeater, ts.warning, raw_dur
    )


def parse_log_note(
    text: str, line: int, problems: Problems | None = None
) -> tuple[Timestamp, int] | None:
    """A LOGBOOK note heading (inside a drawer or not) as ``state``/``note``, with its end column.

    ``state`` carries the new state as label; ``note`` carries ``note``, ``rescheduled``,
    ``not_scheduled``, ``new_deadline``, ``removed_deadline``, ``refiled`` or ``closing``. The
    old value quoted in rescheduling notes is history, not a time the entry happened at, so it
    is not returned as a separate stamp (it stays verbatim in the body).
    """
    m = _NOTE_RE.match(text)
    if m is None:
        return None
    if m["state"] is not None:
        kind, label = "state", m["state"]
    else:
        kind = "note"
        label = next(name for name in _NOTE_LABELS if m[name] is not None)
    ts, end = _stamp_at(text, m.end(), line, kind, label, problems)
    if ts is None:
        return None
    return ts, end


def parse_state_change(text: str) -> tuple[str, str | None] | None:
    """``- State "DONE" from "TODO" [ts]`` → ``("DONE", "TODO")`` (the old state None when
    the line gives none); None for any other line (``prme log`` shows both states)."""
    m = _NOTE_RE.match(text)
    if m is None or m["state"] is None:
        return None
    return m["state"], m["old"] or None


#: Properties whose stamp is the date of the heading's event, as people write them in
#: family logs and event notes (``:WHEN: [2035-04-12 Sat]``, ``:EVENT_DATE: <…>``, a
#: ``[a]--[b]`` range for an event of several days). ``CREATED`` says when the note was
#: made, ``REMINDER``, ``LAST_REPEAT`` and the like something else: not these.
EVENT_DATE_PROPERTIES = frozenset({"WHEN", "DATE", "EVENT_DATE", "EVENT_TIME"})


def is_event_date(ts: Timestamp) -> bool:
    """Is ``ts`` the stamp of an event-date property (:data:`EVENT_DATE_PROPERTIES`)?"""
    return (
        ts.kind == "property"
        and ts.start is not None
        and (ts.label or "").upper() in EVENT_DATE_PROPERTIES
    )


def parse_property_value(
    key: str, value: str, line: int, problems: Problems | None = None
) -> list[Timestamp]:
    """Timestamps in a property value: ``created`` for CREATED, else ``property`` (label = key).

    CREATED also accepts bare ISO forms (``2026-11-29``, ``20261129T101500``) that some capture
    setups write.
    """
    kind = "created" if key.upper() == "CREATED" else "property"
    found = find_timestamps(value, line, problems)
    if not found and kind == "created":
        bare = parse_bare_date(value, "created", line)
        return (
            [Timestamp("created", bare.start, bare.end, bare.has_time, bare.raw, line, label=key)]
            if bare
            else []
        )
    return [
        Timestamp(kind, ts.start, ts.end, ts.has_time, ts.raw, line, ts.repeater, ts.warning, key)
        for ts in found
        if ts.kind != "diary"
    ]


def parse_bare_date(text: str, kind: str, line: int, label: str | None = None) -> Timestamp | None:
    """A year-first date or date-time without brackets (``#+DATE: 2026-11-29``, ``2023.01.12``,
    ``2010-10-02 Sat``, ``20261129T101500``), or None."""
    m = _ISO_LIKE_RE.fullmatch(text.strip())
    if m is None:
        return None
    month, day_of_month = (m[2], m[3]) if m[2] is not None else (m[5], m[6])
    try:
        day = datetime(int(m[1]), int(month), int(day_of_month))
        if m[7] is None:
            return Timestamp(kind, day, day + _DAY, False, text.strip(), line, label=label)
        point = day.replace(hour=int(m[7]), minute=int(m[8]), second=int(m[9] or 0))
    except (ValueError, OverflowError):
        return None
    return Timestamp(kind, point, point, True, text.strip(), line, label=label)


# --------------------------------------------------------------------------- dates from names

_DT_YEAR_RE = re.compile(r"(\d{4})")
_DT_MONTH_RE = re.compile(r"(\d{4})-(\d{2})(?:[ \t]+[^\d\s]\S*)?")
_DT_DAY_RE = re.compile(r"(\d{4})-(\d{2})-(\d{2})(?:[ \t]+[^\d\s]\S*)?")
_DT_WEEK_RE = re.compile(r"(\d{4})-W(\d{2})")


def datetree_timestamp(title: str, line: int) -> Timestamp | None:
    """The interval a datetree / week-tree heading title names, or None.

    ``2026`` is the year, ``2026-11 November`` the month, ``2026-W48`` the ISO week (Monday to
    Monday), ``2026-11-29 Sunday`` the day (day name in any language). ``label`` says which.
    A bare year is ambiguous (a book called *1984*); the reader only keeps it when a child
    confirms the tree.
    """
    t = title.strip()
    if not t or not t[0].isdigit():
        return None
    try:
        if m := _DT_DAY_RE.fullmatch(t):
            start = datetime(int(m[1]), int(m[2]), int(m[3]))
            return Timestamp("datetree", start, start + _DAY, False, t, line, label="day")
        if m := _DT_MONTH_RE.fullmatch(t):
            y, mo = int(m[1]), int(m[2])
            start = datetime(y, mo, 1)
            end = datetime(y + mo // 12, mo % 12 + 1, 1)
            return Timestamp("datetree", start, end, False, t, line, label="month")
        if m := _DT_WEEK_RE.fullmatch(t):
            start = datetime.combine(
                date.fromisocalendar(int(m[1]), int(m[2]), 1), datetime.min.time()
            )
            return Timestamp("datetree", start, start + 7 * _DAY, False, t, line, label="week")
        if m := _DT_YEAR_RE.fullmatch(t):
            y = int(m[1])
            return Timestamp(
                "datetree", datetime(y, 1, 1), datetime(y + 1, 1, 1), False, t, line, label="year"
            )
    except (ValueError, OverflowError):
        return None
    return None


#: An org-journal day heading: a weekday, then a date in the shapes ``org-journal-date-format``
#: gives (``%A, %x`` in a US, British or German locale, or a spelled month): "Wednesday,
#: 03/11/37", "Wed, 11.03.2037", "Wednesday, 2037-03-11", "Wednesday, 11 March 2037",
#: "Wednesday, March 11, 2037".
_JOURNAL_DAY_RE = re.compile(
    r"(?P<wd>[A-Za-z]{3,9})\.?,?[ \t]+(?:"
    r"(?P<a>\d{1,2})(?P<sep>[/.])(?P<b>\d{1,2})(?P=sep)(?P<y>\d{4}|\d{2})"
    r"|(?P<iy>\d{4})-(?P<im>\d{2})-(?P<id>\d{2})"
    r"|(?P<dd>\d{1,2})\.?[ \t]+(?P<dm>[A-Za-z]{3,9})\.?,?[ \t]+(?P<dy>\d{4})"
    r"|(?P<mm>[A-Za-z]{3,9})\.?[ \t]+(?P<md>\d{1,2})(?:st|nd|rd|th)?,?[ \t]+(?P<my>\d{4})"
    r")"
)


def journal_day_timestamp(title: str, line: int) -> Timestamp | None:
    """The day an org-journal day heading names ("Wednesday, 03/11/37"), or None.

    org-journal writes each day as ``* <weekday>, <date>`` in the user's locale, so a numeric
    date may be month first (US) or day first (elsewhere): the weekday decides. A reading
    counts only when that day falls on the named weekday; when both orders do and give two
    days (or neither does), the heading is not a day — a wrong day would date every entry
    under it. Two-digit years are read as POSIX ``%y`` reads them (69–99 → 19xx, else 20xx).
    """
    m = _JOURNAL_DAY_RE.fullmatch(title.strip())
    if m is None:
        return None
    from prme_cli.timeexpr.lexicon import MONTHS, WEEKDAYS

    weekday = WEEKDAYS.get(m["wd"].lower())
    if weekday is None:
        return None
    candidates: list[tuple[int, int, int]] = []
    if m["a"] is not None:
        year = int(m["y"])
        if len(m["y"]) == 2:
            year += 1900 if year >= 69 else 2000
        first, second = int(m["a"]), int(m["b"])
        orders = [(second, first)] if m["sep"] == "." else [(first, second), (second, first)]
        candidates = [(year, mo, d) for mo, d in orders]
    elif m["iy"] is not None:
        candidates = [(int(m["iy"]), int(m["im"]), int(m["id"]))]
    elif m["dd"] is not None:
        month = MONTHS.get(m["dm"].lower())
        candidates = [(int(m["dy"]), month, int(m["dd"]))] if month else []
    else:
        month = MONTHS.get(m["mm"].lower())
        candidates = [(int(m["my"]), month, int(m["md"]))] if month else []
    days = set()
    for y, mo, d in candidates:
        try:
            day = datetime(y, mo, d)
        except (ValueError, OverflowError):
            continue
        if day.weekday() == weekday:
            days.add(day)
    if len(days) != 1:
        return None
    start = days.pop()
    return Timestamp("datetree", start, start + _DAY, False, title.strip(), line, label="day")


_FILE_STAMP_RE = re.compile(r"(?<!\d)(\d{4})(\d{2})(\d{2})T?(\d{2})(\d{2})(\d{2})(?!\d)")
_FILE_DAY_RE = re.compile(r"(?<!\d)(\d{4})([-_.]?)(\d{2})\2(\d{2})(?!\d)")
#: Years a file name's digits are read as (a date outside them is a version or an id).
_FILE_YEARS = range(1900, 2200)


def filename_timestamp(path: str) -> Timestamp | None:
    """The date a journal / daily file name carries, as a ``filename`` stamp on line 0.

    The first date anywhere in the name counts: ``2026-11-29.org``, ``20261129``,
    ``journal_2026-11-29.org``, ``20261129-note.org``, ``notes.2026.11.29.org`` (org-journal,
    org-roam-dailies and people's own schemes) give the day (label ``day``); 14 digits
    (org-roam ``20261129101530-x.org``, denote ``20261129T101530--x.org``) give that instant
    (label ``prefix``). Digits that make no real date (``12345678``, ``2026-13-45``) or a year
    outside 1900–2199 are not a date. Line 0 means "from the file name, not the text".
    """
    name = PurePath(path).name
    for m in _FILE_STAMP_RE.finditer(name):
        y, mo, d, h, mi, se = (int(g) for g in m.groups())
        try:
            if y in _FILE_YEARS:
                point = datetime(y, mo, d, h, mi, se)
                return Timestamp("filename", point, point, True, name, 0, label="prefix")
        except ValueError:
            continue
    for m in _FILE_DAY_RE.finditer(name):
        try:
            if int(m[1]) in _FILE_YEARS:
                day = datetime(int(m[1]), int(m[3]), int(m[4]))
                return Timestamp("filename", day, day + _DAY, False, name, 0, label="day")
        except ValueError:
            continue
    return None


# --------------------------------------------------------------------------- occurrences


def _add_months(dt: datetime, months: int) -> datetime:
    """``dt`` moved by whole calendar months, the day clamped to the target month's end."""
    y, m0 = divmod(dt.month - 1 + months, 12)
    year, month = dt.year + y, m0 + 1
    day = min(dt.day, calendar.monthrange(year, month)[1]) if 1 <= year <= 9999 else dt.day
    return dt.replace(year=year, month=month, day=day)


def _step(repeater: str | None) -> tuple[int, str] | None:
    """``(n, unit)`` of a repeater such as ``.+2d/3d``; None when absent or zero."""
    if not repeater:
        return None
    m = _REPEATER_RE.match(repeater)
    if m is None or int(m[2]) == 0:
        return None
    return int(m[2]), m[3]


#: Days in the years a ``datetime`` holds (1–9999): a longer interval never repeats.
_CALENDAR_DAYS = 3_652_059
_UNIT_DAYS = {"h": 1 / 24, "d": 1, "w": 7, "m": 28, "y": 365}


def repeater_fits_calendar(repeater: str | None) -> bool:
    """Whether a repeater's interval is short enough to repeat at all within the calendar.

    ``+106751991167301d`` is well-formed org but cannot occur twice between year 1 and 9999,
    and its period in seconds does not fit a 64-bit integer: ingest keeps such a stamp as a
    one-time stamp and warns.
    """
    step = _step(repeater)
    return step is None or step[0] * _UNIT_DAYS[step[1]] < _CALENDAR_DAYS


def _overlaps(s: datetime, e: datetime, start: datetime, end: datetime) -> bool:
    """Half-open overlap; a point (``s == e``) must lie inside ``[start, end)``."""
    if s == e:
        return start <= s < end
    return s < end and e > start


def occurs_in(ts: Timestamp, start: datetime, end: datetime) -> datetime | None:
    """The first occurrence of ``ts`` whose interval overlaps ``[start, end)``, else None.

    Non-repeating stamps have one occurrence; repeaters step from the stamp as written (hours,
    days, weeks exactly; months and years by the calendar, day clamped). Diary sexps never
    occur. The answer is computed, not iterated, so a ``+1h`` repeater from 1990 is cheap.
    """
    if ts.start is None or ts.end is None or end <= start:
        return None
    step = _step(ts.repeater)
    if step is None:
        return ts.start if _overlaps(ts.start, ts.end, start, end) else None
    n, unit = step
    try:
        if unit in "hdw":
            first = _first_exact(ts.start, ts.end, start, n, unit)
        else:
            first = _first_calendar(ts.start, ts.end, start, n * (12 if unit == "y" else 1))
    except (OverflowError, ValueError):
        return None
    return first if _overlaps(first, first + (ts.end - ts.start), start, end) else None


def _first_exact(s0: datetime, e0: datetime, start: datetime, n: int, unit: str) -> datetime:
    """First occurrence not wholly before ``start`` for an h/d/w repeater."""
    delta = timedelta(hours=n) if unit == "h" else timedelta(days=n * (7 if unit == "w" else 1))
    if s0 == e0:  # a point: need s_k >= start
        k = 0 if s0 >= start else -((s0 - start) // delta)
    else:  # an interval: need e_k > start
        k = 0 if e0 > start else (start - e0) // delta + 1
    return s0 + k * delta


def _first_calendar(s0: datetime, e0: datetime, start: datetime, months: int) -> datetime:
    """First occurrence not wholly before ``start`` for a month/year repeater."""
    dur = e0 - s0
    gap = (start.year - s0.year) * 12 + start.month - s0.month - dur.days // 28 - 1
    k = max(0, gap // months - 1)
    while True:
        s = _add_months(s0, k * months)
        if (s >= start) if not dur else (s + dur > start):
            return s
        k += 1
