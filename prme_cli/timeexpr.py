"""The one time-expression resolver (SPEC §4.2).

Every command that takes a time, and the ``relate`` stage reading phrases inside notes, turn
text into a :class:`Window`: a half-open interval ``[start, end)`` of aware datetimes in the
user's zone, with a *grain* saying how precise the expression was. The reference time and the
zone are always arguments, so the same phrase resolves the same way in a test, in a cron job
and against a note's own date.

Semantics, where the SPEC leaves room (all documented here so the README can quote them):

- **Past-leaning, like a journal.** A bare weekday, month name, month-day (``nov 3``),
  day-ordinal (``the 3rd``), quarter (``q3``) or ``weekend`` is the most recent one, and the
  current one counts (``monday`` on a Monday is today). ``last X`` is strictly before the
  current one, ``next X`` strictly after, ``this monday`` is the Monday of the current week.
  With ``not_before`` (the UNTIL side of ``range A B``) those bare forms are instead the first
  one at or after that date.
- **``N units ago`` / ``in N units`` / ``N units from now`` are the whole calendar unit** that
  contains the shifted moment: ``3 days ago`` is that day, ``2 weeks ago`` that calendar week
  (so ``1 week ago`` == ``last week``), ``3 months ago`` that month, ``2 hours ago`` that clock
  hour. Days and longer are shifted on the wall-clock calendar; hours, minutes and seconds are
  shifted as elapsed time (``2 hours ago`` across a DST change is two real hours ago).
- **``last N units`` / ``past N units`` are exact spans ending now** (grain = the unit).
  ``past week|month|quarter|year`` (no number) is such a span too, whereas ``last`` /
  ``previous week|month|quarter|year|weekend`` is the previous calendar period. Below a week
  there is no calendar reading people use, so ``last hour`` / ``last day`` are spans as well.
- **A clock time alone is that minute today** (not past-leaning): ``since 9am`` and
  ``range 9am 5pm`` mean today's hours whatever the time now is. ``midnight`` is 00:00, the
  start of the day it names; ``noon`` is 12:00.
- **Parts of the day** (grain hour): morning 04-12, afternoon 12-18, evening 18-24, night
  18-04 of the next day. ``tonight`` is today's night, ``last night`` yesterday's.
- **Anchors and boundaries are one-second windows:** ``sod``/``start of X``/``beginning of X``
  is the first second of X, ``eod``/``end of X`` its last second, so ``range "start of last
  month" "end of last month"`` is exactly last month and ``since sow`` starts on Monday 00:00.
  X is any expression; a bare period word is the current one (``end of day`` == ``eod``).
- **Weeks** start on ``week_start`` (0 = Monday ... 6 = Sunday). A weekend is always Saturday
  and Sunday; ``this weekend`` is the one of the current Monday-based week. ISO weeks
  (``2026-W48``) are Monday-based by definition.
- **Absolute forms**: an ISO datetime without offset and an org timestamp are wall-clock
  times in the zone; with an offset the instant is converted to the zone. Sub-second digits
  are dropped (grain second). ``11/03/2026`` is month first unless ``dayfirst``;
  ``29.11.2026`` is always day first (nobody writes dots month first).
- **Never a guess:** unknown words, impossible dates (``february 30``), a weekday that does
  not match the date it names, and text the grammar can read in two different ways raise
  :class:`~prme_cli.errors.TimeExpressionError`.

DST: day and longer arithmetic happens on wall-clock dates and is localised afterwards, so a
day is always the calendar day (23 or 25 hours on transition days). A wall time that does not
exist (inside a spring-forward gap) maps to the instant the clock would show it, i.e. it is
pushed forward by the gap; an ambiguous one (fall-back) is its first occurrence.

Note that aware datetimes sharing a ``tzinfo`` compare by wall time and ignore ``fold``;
compare windows by ``.timestamp()`` (or in UTC) when the repeated hour matters.
"""

from __future__ import annotations

import os
import re
from collections.abc import Container, Iterator
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta, timezone, tzinfo
from decimal import Decimal
from zoneinfo import ZoneInfo

from prme_cli.errors import EmptyWindowError, TimeExpressionError, UsageError

#: Grains from finest to coarsest; a window's grain is always one of these.
GRAINS: tuple[str, ...] = ("second", "minute", "hour", "day", "week", "month", "quarter", "year")

_UTC = UTC
_SUB_DAY = {
    "second": timedelta(seconds=1),
    "minute": timedelta(minutes=1),
    "hour": timedelta(hours=1),
}


# --------------------------------------------------------------------------------------------
# Public types
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Window:
    """A resolved expression: ``[start, end)`` in the zone, and how precise it was."""

    expression: str
    start: datetime
    end: datetime
    grain: str

    def to_json(self, now: datetime, tz_name: str) -> dict[str, str]:
        """The ``prme when --format json`` object (SPEC §5); times carry the zone's offset."""
        zone_info = self.start.tzinfo
        shown_now = now.astimezone(zone_info) if zone_info is not None else now
        return {
            "expression": self.expression,
            "now": shown_now.isoformat(),
            "tz": tz_name,
            "start": self.start.isoformat(),
            "end": self.end.isoformat(),
            "grain": self.grain,
        }


@dataclass(frozen=True, slots=True)
class _Context:
    """Everything resolution depends on besides the text: no hidden clock, no hidden zone."""

    expression: str
    now: datetime
    tz: tzinfo
    today: date
    dayfirst: bool
    week_start: int
    not_before: date | None

    def fail(self, reason: str) -> TimeExpressionError:
        return TimeExpressionError(self.expression, reason)


_Span = tuple[datetime, datetime, str]


# --------------------------------------------------------------------------------------------
# Public API
# --------------------------------------------------------------------------------------------


def resolve(
    expression: str,
    now: datetime,
    tz: tzinfo,
    *,
    dayfirst: bool = False,
    week_start: int = 0,
    not_before: datetime | None = None,
) -> Window:
    """Resolve one expression against ``now`` in ``tz``.

    ``now`` should be aware; a naive ``now`` is taken as wall-clock time in ``tz``.
    ``not_before`` makes bare weekday/month/month-day/ordinal/quarter/weekend forms pick the
    first one at or after it instead of the most recent one (the UNTIL side of ``range``).
    Raises :class:`TimeExpressionError` for anything it cannot read with certainty.
    """
    if not 0 <= week_start <= 6:
        raise UsageError(f"week start must be 0 (Monday) to 6 (Sunday), not {week_start}")
    if now.tzinfo is None:
        now = _localize(now, tz)
    local_now = now.astimezone(tz)
    floor = None
    if not_before is not None:
        aware = not_before if not_before.tzinfo is not None else _localize(not_before, tz)
        floor = aware.astimezone(tz).date()
    ctx = _Context(expression, local_now, tz, local_now.date(), dayfirst, week_start, floor)
    text = _normalize(expression)
    if not text:
        raise ctx.fail("empty expression")
    try:
        start, end, grain = _resolve_text(text, ctx)
    except (ValueError, OverflowError, OSError) as exc:
        # Arithmetic ran off the calendar (year 0 or 10000, huge offsets): never a traceback.
        raise ctx.fail("date out of range") from exc
    if start.timestamp() >= end.timestamp():
        raise ctx.fail("the window is empty")
    return Window(expression, start, end, grain)


def resolve_range(
    since: str,
    until: str,
    now: datetime,
    tz: tzinfo,
    *,
    dayfirst: bool = False,
    week_start: int = 0,
) -> tuple[Window, Window]:
    """Resolve ``range SINCE UNTIL``: the result is ``[first.start, second.end)``, inclusive.

    The UNTIL side is resolved with ``not_before = start(SINCE)``, so ``range friday monday``
    runs forward to the next Monday instead of back to the previous one.
    """
    first = resolve(since, now, tz, dayfirst=dayfirst, week_start=week_start)
    second = resolve(
        until, now, tz, dayfirst=dayfirst, week_start=week_start, not_before=first.start
    )
    if second.end.timestamp() <= first.start.timestamp():
        raise EmptyWindowError(
            since,
            until,
            f"{until!r} ends at {second.end.isoformat()}, before {since!r} starts at "
            f"{first.start.isoformat()}",
        )
    return first, second


def since_window(
    expression: str, now: datetime, tz: tzinfo, *, dayfirst: bool = False, week_start: int = 0
) -> tuple[datetime, datetime]:
    """The window of ``since WHEN``: ``[start(WHEN), now]``, now included.

    The end is ``now`` (to the second) plus one microsecond, so a note stamped this very second
    is included. An expression that starts after ``now`` is a usage error naming ``range``.
    """
    if now.tzinfo is None:
        now = _localize(now, tz)
    win = resolve(expression, now, tz, dayfirst=dayfirst, week_start=week_start)
    end = now.astimezone(tz).replace(microsecond=0) + timedelta(microseconds=1)
    if win.start > end:
        raise UsageError(
            f"{expression!r} starts after now ({win.start.isoformat()}); use `prme range`"
        )
    return win.start, end


def range_window(
    since: str,
    until: str,
    now: datetime,
    tz: tzinfo,
    *,
    dayfirst: bool = False,
    week_start: int = 0,
) -> tuple[datetime, datetime]:
    """The window of ``range SINCE UNTIL``: ``[start(SINCE), end(UNTIL))``."""
    first, last = resolve_range(since, until, now, tz, dayfirst=dayfirst, week_start=week_start)
    return first.start, last.end


#: Two far-apart reference instants: an expression is absolute when both agree on it.
_PROBE_NOWS = (
    datetime(2001, 2, 3, 4, 5, 6, tzinfo=_UTC),
    datetime(2033, 9, 8, 7, 6, 5, tzinfo=_UTC),
)


def parse_now(text: str | None, tz: tzinfo) -> datetime:
    """The reference time from ``--now`` / ``PRME_NOW``; ``None`` or blank is the real clock.

    Accepts any *absolute* expression (ISO date or datetime with or without offset, org
    timestamp, ``@epoch``, ``3 November 2026 09:30``...) and returns its start, aware in
    ``tz``. A relative phrase (``yesterday``) would make ``--now`` itself depend on the clock
    it exists to fix, so it is refused.
    """
    if text is None or not text.strip():
        return datetime.now(tz).replace(microsecond=0)
    first, second = (resolve(text, probe, tz) for probe in _PROBE_NOWS)
    if first.start.timestamp() != second.start.timestamp():
        raise TimeExpressionError(
            text, "the reference time must be absolute (e.g. 2026-11-29T14:30 or 2026-11-29)"
        )
    return first.start


def zone(name: str | None) -> ZoneInfo:
    """The zone for ``--tz`` / ``PRME_TZ``; ``None`` is the system zone, else UTC.

    The system zone is ``TZ``, then the ``/etc/localtime`` link, ``/etc/timezone``, the
    ``/etc/localtime`` file itself, and finally UTC. A name that is not an IANA zone is a
    :class:`UsageError` (a POSIX ``TZ`` string would be silently misread otherwise).
    """
    if name is not None:
        return _named_zone(name.strip(), name)
    env = os.environ.get("TZ", "").strip()
    if env:
        key = env.lstrip(":")
        if "/zoneinfo/" in key:
            key = key.split("/zoneinfo/", 1)[1]
        return _named_zone(key, env, source="TZ")
    return _system_zone()


def zone_name(tz: tzinfo) -> str:
    """The name to print for a zone (the IANA key when there is one)."""
    key = getattr(tz, "key", None)
    return key if isinstance(key, str) else str(tz)


@dataclass(frozen=True, slots=True)
class Found:
    """One time expression found in free text (SPEC §4.4): where it is and what it means.

    ``offset`` and ``length`` are characters within the text. ``kind`` is ``point``,
    ``interval``, ``duration`` or ``set``; a duration carries ``seconds`` and no window, the
    others ``start``/``end``/``grain``. ``approximate`` marks vague expressions, whose window
    is widened.
    """

    offset: int
    length: int
    text: str
    kind: str
    start: datetime | None
    end: datetime | None
    grain: str | None
    approximate: bool = False
    seconds: Decimal | None = None


def find(
    text: str, now: datetime, tz: tzinfo, *, dayfirst: bool = False, week_start: int = 0
) -> list[Found]:
    """Every time expression in ``text``, left to right, resolved against ``now`` in ``tz``."""
    found = []
    for start, end, phrase in find_expressions(text):
        try:
            window = resolve(phrase, now, tz, dayfirst=dayfirst, week_start=week_start)
        except TimeExpressionError:
            continue
        found.append(
            Found(start, end - start, text[start:end], "point", window.start, window.end,
                  window.grain)
        )  # fmt: skip
    return found


def find_expressions(text: str) -> list[tuple[int, int, str]]:
    """Spans ``(start, end, phrase)`` of time expressions inside free text, left to right.

    Conservative: a span is reported only when :func:`resolve` accepts it, the longest such
    span wins, and words that are usually not times in prose are skipped when they stand
    alone (``may``, ``march``, ``sun``, ``now``, a bare number, ``the 2nd``). A leading
    preposition is left out of the span when the rest means the same (``in March`` ->
    ``March``) but kept when it matters (``in 3 days``).
    """
    tokens = [(m.start(), m.end()) for m in _FIND_TOKEN.finditer(text)]
    found: list[tuple[int, int, str]] = []
    i = 0
    while i < len(tokens):
        hit = _longest_expression(text, tokens, i)
        if hit is None:
            i += 1
            continue
        j, span_start = hit
        found.append((span_start, tokens[j][1], text[span_start : tokens[j][1]]))
        i = j + 1
    return found


# --------------------------------------------------------------------------------------------
# Zones
# --------------------------------------------------------------------------------------------


def _named_zone(key: str, shown: str, *, source: str = "") -> ZoneInfo:
    """Load an IANA zone by name, forgiving letter case only (``europe/berlin``)."""
    found = _try_zone(key)
    if found is None and key:
        from zoneinfo import available_timezones  # only on the error path: it lists the disk

        matches = [k for k in available_timezones() if k.casefold() == key.casefold()]
        if len(matches) == 1:
            found = _try_zone(matches[0])
    if found is None:
        where = f" (from {source}; set --tz or PRME_TZ)" if source else ""
        raise UsageError(f"unknown time zone {shown!r}{where}")
    return found


def _try_zone(key: str) -> ZoneInfo | None:
    if not key:
        return None
    try:
        return ZoneInfo(key)
    except (ValueError, OSError):  # ZoneInfoNotFoundError is a KeyError...
        return None
    except KeyError:
        return None


def _system_zone() -> ZoneInfo:
    link = "/etc/localtime"
    try:
        target = os.path.realpath(link)
    except OSError:
        target = ""
    if "/zoneinfo/" in target:
        key = target.split("/zoneinfo/", 1)[1]
        for prefix in ("posix/", "right/"):
            key = key.removeprefix(prefix)
        found = _try_zone(key)
        if found is not None:
            return found
    try:
        with open("/etc/timezone", encoding="utf-8") as handle:
            found = _try_zone(handle.read().strip())
        if found is not None:
            return found
    except OSError:
        pass
    try:
        with open(link, "rb") as handle:
            return ZoneInfo.from_file(handle, key="localtime")
    except (OSError, ValueError):
        return ZoneInfo("UTC")


# --------------------------------------------------------------------------------------------
# Calendar helpers (pure, wall-clock)
# --------------------------------------------------------------------------------------------


def _localize(wall: datetime, tz: tzinfo) -> datetime:
    """Attach ``tz`` to a wall time: first occurrence if repeated, pushed past a gap."""
    aware = wall.replace(tzinfo=tz, fold=0)
    return aware.astimezone(_UTC).astimezone(tz)


def _at(day: date, tz: tzinfo, clock: time = time()) -> datetime:
    return _localize(datetime.combine(day, clock), tz)


def _plus(instant: datetime, delta: timedelta, tz: tzinfo) -> datetime:
    """Elapsed-time arithmetic (through UTC), for seconds, minutes and hours."""
    return (instant.astimezone(_UTC) + delta).astimezone(tz)


def _days_in_month(year: int, month: int) -> int:
    if month == 12:
        return 31
    return (date(year, month + 1, 1) - date(year, month, 1)).days


def _add_months(year: int, month: int, count: int) -> tuple[int, int]:
    index = year * 12 + (month - 1) + count
    return index // 12, index % 12 + 1


def _shift_months(day: date, count: int) -> date:
    """Calendar month arithmetic, clamping the day (Jan 31 + 1 month = Feb 28/29)."""
    year, month = _add_months(day.year, day.month, count)
    return date(year, month, min(day.day, _days_in_month(year, month)))


def _period_floor(day: date, grain: str, week_start: int) -> date:
    if grain == "day":
        return day
    if grain == "week":
        return day - timedelta(days=(day.weekday() - week_start) % 7)
    if grain == "month":
        return day.replace(day=1)
    if grain == "quarter":
        return date(day.year, (day.month - 1) // 3 * 3 + 1, 1)
    return date(day.year, 1, 1)


def _period_add(start: date, grain: str, count: int) -> date:
    if grain == "day":
        return start + timedelta(days=count)
    if grain == "week":
        return start + timedelta(weeks=count)
    months = {"month": 1, "quarter": 3, "year": 12}[grain]
    return _shift_months(start, months * count)


def _period(start: date, grain: str, ctx: _Context) -> _Span:
    """The whole calendar period of ``grain`` beginning on ``start``."""
    return _at(start, ctx.tz), _at(_period_add(start, grain, 1), ctx.tz), grain


def _period_containing(day: date, grain: str, ctx: _Context) -> _Span:
    return _period(_period_floor(day, grain, ctx.week_start), grain, ctx)


def _day_span(day: date, ctx: _Context) -> _Span:
    return _period(day, "day", ctx)


def _sub_day_span(instant: datetime, grain: str, ctx: _Context) -> _Span:
    """The clock second/minute/hour containing an instant (``fold`` survives the floor)."""
    local = instant.astimezone(ctx.tz)
    if grain == "second":
        floored = local.replace(microsecond=0)
    elif grain == "minute":
        floored = local.replace(second=0, microsecond=0)
    else:
        floored = local.replace(minute=0, second=0, microsecond=0)
    start = floored.astimezone(_UTC).astimezone(ctx.tz)
    return start, _plus(start, _SUB_DAY[grain], ctx.tz), grain


def _offset_span(grain: str, count: int, ctx: _Context) -> _Span:
    """``count`` whole units from now (negative = ago), as the unit containing that moment."""
    if grain in _SUB_DAY:
        return _sub_day_span(_plus(ctx.now, _SUB_DAY[grain] * count, ctx.tz), grain, ctx)
    base = _period_floor(ctx.today, grain, ctx.week_start)
    return _period(_period_add(base, grain, count), grain, ctx)


def _trailing_span(grain: str, count: int, ctx: _Context) -> _Span:
    """``last N units``: the exact span ending now (wall-clock for days and longer)."""
    if grain in _SUB_DAY:
        return _plus(ctx.now, -_SUB_DAY[grain] * count, ctx.tz), ctx.now, grain
    wall = ctx.now.replace(tzinfo=None)
    if grain in ("day", "week"):
        back = wall - timedelta(days=count * (7 if grain == "week" else 1))
    else:
        months = {"month": 1, "quarter": 3, "year": 12}[grain] * count
        moved = _shift_months(wall.date(), -months)
        back = datetime.combine(moved, wall.time())
    return _localize(back, ctx.tz), ctx.now, grain


def _point(instant: datetime, grain: str, ctx: _Context) -> _Span:
    step = _SUB_DAY["minute" if grain == "minute" else "second"]
    return instant, _plus(instant, step, ctx.tz), grain


def _clock_span(day: date, clock: time, grain: str, ctx: _Context) -> _Span:
    return _point(_at(day, ctx.tz, clock), grain, ctx)


_PARTS: dict[str, tuple[int, int]] = {
    "morning": (4, 12),
    "afternoon": (12, 18),
    "evening": (18, 24),
    "night": (18, 28),
}


def _part_span(day: date, part: str, ctx: _Context) -> _Span:
    first, last = _PARTS[part]
    start = _at(day, ctx.tz, time(first))
    end = _at(day + timedelta(days=last // 24), ctx.tz, time(last % 24))
    return start, end, "hour"


def _weekend_span(saturday: date, ctx: _Context) -> _Span:
    return _at(saturday, ctx.tz), _at(saturday + timedelta(days=2), ctx.tz), "day"


def _saturday_of(day: date) -> date:
    return day - timedelta(days=day.weekday()) + timedelta(days=5)


# --------------------------------------------------------------------------------------------
# Past-leaning choices (and their not_before mirror images)
# --------------------------------------------------------------------------------------------


def _weekday_bare(weekday: int, ctx: _Context) -> date:
    if ctx.not_before is not None:
        return ctx.not_before + timedelta(days=(weekday - ctx.not_before.weekday()) % 7)
    return ctx.today - timedelta(days=(ctx.today.weekday() - weekday) % 7)


def _weekday_last(weekday: int, ctx: _Context) -> date:
    return ctx.today - timedelta(days=(ctx.today.weekday() - weekday - 1) % 7 + 1)


def _weekday_next(weekday: int, ctx: _Context) -> date:
    return ctx.today + timedelta(days=(weekday - ctx.today.weekday() - 1) % 7 + 1)


def _weekday_in_week(weekday: int, weeks: int, ctx: _Context) -> date:
    start = _period_floor(ctx.today, "week", ctx.week_start) + timedelta(weeks=weeks)
    return start + timedelta(days=(weekday - ctx.week_start) % 7)


def _month_bare(month: int, ctx: _Context) -> tuple[int, int]:
    if ctx.not_before is not None:
        floor = ctx.not_before
        return (floor.year if month >= floor.month else floor.year + 1), month
    return (ctx.today.year if month <= ctx.today.month else ctx.today.year - 1), month


def _month_relative(month: int, direction: int, ctx: _Context) -> tuple[int, int]:
    year, current = ctx.today.year, ctx.today.month
    if direction < 0:
        return (year if month < current else year - 1), month
    if direction > 0:
        return (year if month > current else year + 1), month
    return year, month


def _month_day_bare(month: int, day: int, ctx: _Context) -> date:
    """Most recent (or first from ``not_before``) ``month day``; Feb 29 looks years away."""
    anchor = ctx.not_before or ctx.today
    step = 1 if ctx.not_before is not None else -1
    for years in range(9):
        year = anchor.year + step * years
        if day > _days_in_month(year, month):
            continue
        candidate = date(year, month, day)
        if (candidate >= anchor) if step > 0 else (candidate <= anchor):
            return candidate
    raise ctx.fail(f"no {_MONTH_NAMES[month - 1]} {day} near {anchor.year}")


def _day_of_month_bare(day: int, ctx: _Context) -> date:
    """``the 3rd``: the most recent (or first from ``not_before``) 3rd of a month."""
    anchor = ctx.not_before or ctx.today
    step = 1 if ctx.not_before is not None else -1
    for months in range(13):
        year, month = _add_months(anchor.year, anchor.month, step * months)
        if day > _days_in_month(year, month):
            continue
        candidate = date(year, month, day)
        if (candidate >= anchor) if step > 0 else (candidate <= anchor):
            return candidate
    raise ctx.fail(f"no month has a day {day}")


def _quarter_bare(quarter: int, ctx: _Context) -> int:
    if ctx.not_before is not None:
        floor = ctx.not_before
        return floor.year if quarter >= (floor.month - 1) // 3 + 1 else floor.year + 1
    current = (ctx.today.month - 1) // 3 + 1
    return ctx.today.year if quarter <= current else ctx.today.year - 1


def _weekend_bare(ctx: _Context) -> date:
    if ctx.not_before is not None:
        return _saturday_of(ctx.not_before)  # its Sunday is never before not_before
    saturday = _saturday_of(ctx.today)
    return saturday if saturday <= ctx.today else saturday - timedelta(days=7)


# --------------------------------------------------------------------------------------------
# Text normalisation and whole-string forms
# --------------------------------------------------------------------------------------------


def _normalize(expression: str) -> str:
    """Lower-case, one space between words, ``a.m.`` -> ``am``, ``day-after`` -> ``day after``."""
    text = " ".join(expression.split()).casefold()
    text = re.sub(r"(?<=\d)\s*([ap])\.\s?m\b\.?", r"\1m", text)
    text = re.sub(r"(?<=[a-z])-(?=[a-z])", " ", text)
    return text.rstrip(".!?;").strip()


_ANCHORS: dict[str, tuple[str, str]] = {
    f"{edge}o{letter}": (edge, grain)
    for edge in ("s", "e")
    for letter, grain in (
        ("d", "day"),
        ("w", "week"),
        ("m", "month"),
        ("q", "quarter"),
        ("y", "year"),
    )
}

_BOUNDARY = re.compile(r"(?:the )?(?:very )?(beginning|start|end) of (?:the )?(.+)")
_EPOCH = re.compile(r"@(-?\d{1,12})(?:\.\d+)?")
_ISO_DATETIME = re.compile(
    r"(\d{4})-(\d{2})-(\d{2})[t ](\d{2}):(\d{2})(?::(\d{2})(?:[.,]\d+)?)?"
    r" ?(z|[+-]\d{2}(?::?\d{2})?)?"
)
_ORG_STAMP = (
    r"([<\[])(\d{4})-(\d{2})-(\d{2})(?: [^\s\d<>\[\]]+)?"
    r"(?: (\d{1,2}):(\d{2})(?:-(\d{1,2}):(\d{2}))?)?"
    r"(?: (?:\+\+|\.\+|\+)\d+[hdwmy](?:/\d+[hdwmy])?| --?\d+[hdwmy])* ?([>\]])"
)
_ORG_ONE = re.compile(_ORG_STAMP)
_ORG_RANGE = re.compile(f"{_ORG_STAMP}--{_ORG_STAMP}")


def _resolve_text(text: str, ctx: _Context) -> _Span:
    """Try the whole-string forms first, then the word grammar."""
    if text in _ANCHORS:
        edge, grain = _ANCHORS[text]
        return _boundary(edge, _period_containing(ctx.today, grain, ctx), ctx)
    if match := _BOUNDARY.fullmatch(text):
        edge, inner = ("e" if match.group(1) == "end" else "s"), match.group(2)
        if inner in ("day", "week", "month", "quarter", "year"):  # "end of day" == eod
            return _boundary(edge, _period_containing(ctx.today, inner, ctx), ctx)
        return _boundary(edge, _resolve_text(inner, ctx), ctx)
    if match := _EPOCH.fullmatch(text):
        instant = datetime.fromtimestamp(int(match.group(1)), ctx.tz)
        return _point(instant, "second", ctx)
    if text.startswith(("<%%", "[%%")):
        raise ctx.fail("diary sexps are not expanded")
    if match := _ORG_RANGE.fullmatch(text):
        first, second = _org_stamp(match.groups()[:9], ctx), _org_stamp(match.groups()[9:], ctx)
        grain = first[2] if GRAINS.index(first[2]) < GRAINS.index(second[2]) else second[2]
        return first[0], second[1], grain
    if match := _ORG_ONE.fullmatch(text):
        return _org_stamp(match.groups(), ctx)
    if match := _ISO_DATETIME.fullmatch(text):
        return _iso_datetime(match, ctx)
    return _parse_words(text, ctx)


def _boundary(edge: str, span: _Span, ctx: _Context) -> _Span:
    """The first (``s``) or last (``e``) second of a window."""
    start, end, _ = span
    if edge == "s":
        return start, _plus(start, timedelta(seconds=1), ctx.tz), "second"
    return _plus(end, timedelta(seconds=-1), ctx.tz), end, "second"


def _checked_date(year: int, month: int, day: int, ctx: _Context) -> date:
    if not 1 <= month <= 12:
        raise ctx.fail(f"there is no month {month}")
    if not 1 <= year <= 9999 or not 1 <= day <= _days_in_month(year, month):
        raise ctx.fail(f"there is no day {day} in {_MONTH_NAMES[month - 1]} {year}")
    return date(year, month, day)


def _checked_time(hour: int, minute: int, second: int, ctx: _Context) -> time:
    if hour > 23 or minute > 59 or second > 59:
        raise ctx.fail(f"{hour:02d}:{minute:02d} is not a time of day")
    return time(hour, minute, second)


def _org_stamp(groups: tuple[str | None, ...], ctx: _Context) -> _Span:
    opening, year, month, day, hour, minute, end_hour, end_minute, closing = groups
    if (opening, closing) not in (("<", ">"), ("[", "]")):
        raise ctx.fail("org timestamp brackets do not match")
    on = _checked_date(int(year or 0), int(month or 0), int(day or 0), ctx)
    if hour is None:
        return _day_span(on, ctx)
    start = _at(on, ctx.tz, _checked_time(int(hour), int(minute or 0), 0, ctx))
    if end_hour is None:
        return _point(start, "minute", ctx)
    end = _at(on, ctx.tz, _checked_time(int(end_hour), int(end_minute or 0), 0, ctx))
    if end.timestamp() <= start.timestamp():
        raise ctx.fail("the time range ends before it starts")
    return start, end, "minute"


def _iso_datetime(match: re.Match[str], ctx: _Context) -> _Span:
    year, month, day, hour, minute, second, offset = match.groups()
    on = _checked_date(int(year), int(month), int(day), ctx)
    clock = _checked_time(int(hour), int(minute), int(second or 0), ctx)
    grain = "minute" if second is None else "second"
    if offset is None:
        return _point(_at(on, ctx.tz, clock), grain, ctx)
    if offset == "z":
        fixed: tzinfo = _UTC
    else:
        digits = offset[1:].replace(":", "")
        hours, minutes = int(digits[:2]), int(digits[2:] or 0)
        if hours > 23 or minutes > 59:
            raise ctx.fail(f"bad UTC offset {offset}")
        sign = -1 if offset[0] == "-" else 1
        fixed = timezone(sign * timedelta(hours=hours, minutes=minutes))
    instant = datetime.combine(on, clock, tzinfo=fixed).astimezone(ctx.tz)
    return _point(instant, grain, ctx)


# --------------------------------------------------------------------------------------------
# Tokens
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Token:
    kind: str  # word num ord clock date ym isoweek isoq quarter comma
    value: object
    raw: str


_TOKEN_RE = re.compile(
    r"""
    (?P<space>\s+)
    |(?P<isodate>(?P<iy>\d{4})-(?P<im>\d{1,2})-(?P<id>\d{1,2}))(?![\d:])
    |(?P<ydate>(?P<yy>\d{4})/(?P<ym2>\d{1,2})/(?P<yd>\d{1,2}))(?!\d)
    |(?P<sdate>(?P<sa>\d{1,2})/(?P<sb>\d{1,2})/(?P<sy>\d{4}))(?!\d)
    |(?P<ddate>(?P<da>\d{1,2})\.(?P<db>\d{1,2})\.(?P<dy>\d{4}))(?!\d)
    |(?P<isoweek>(?P<wy>\d{4})-w(?P<wn>\d{1,2}))(?![\w-])
    |(?P<isoq>(?P<qy>\d{4})-q(?P<qn>[1-4]))(?![\w-])
    |(?P<ym>(?P<my>\d{4})-(?P<mm>\d{1,2}))(?![\w-])
    |(?P<clock>(?P<ch>\d{1,2}):(?P<cm>\d{2})(?::(?P<cs>\d{2}))?(?:\s?(?P<cap>[ap])m)?
              |(?P<ah>\d{1,2})\s?(?P<aap>[ap])m)(?![\w:])
    |(?P<ord>(?P<on>\d{1,2})(?:st|nd|rd|th))(?![\w])
    |(?P<num>\d+)(?![\d:])
    |(?P<quarter>q(?P<qq>[1-4]))(?![\w])
    |(?P<word>[a-z]+)
    |(?P<comma>,)
    """,
    re.VERBOSE,
)


def _tokenize(text: str, ctx: _Context) -> list[_Token]:
    tokens: list[_Token] = []
    position = 0
    while position < len(text):
        match = _TOKEN_RE.match(text, position)
        if match is None:
            raise ctx.fail(f"unexpected {text[position]!r}")
        position = match.end()
        kind = match.lastgroup
        if kind == "space" or kind is None:
            continue
        tokens.append(_Token(*_token_value(kind, match, ctx), match.group(0)))
    return tokens


def _token_value(kind: str, match: re.Match[str], ctx: _Context) -> tuple[str, object]:
    """Turn a matched lexeme into a typed value, rejecting impossible dates and times."""
    g = match.group
    if kind == "clock" and g("ah") is not None:
        return "clock", (_twelve_hour(int(g("ah")), 0, g("aap"), ctx), "minute")
    if kind == "clock":
        hour, minute, second = int(g("ch")), int(g("cm")), int(g("cs") or 0)
        if g("cap") is not None:
            return "clock", (
                _twelve_hour(hour, minute, g("cap"), ctx, second),
                "minute" if g("cs") is None else "second",
            )
        grain = "minute" if g("cs") is None else "second"
        return "clock", (_checked_time(hour, minute, second, ctx), grain)
    if kind == "isodate":
        return "date", _checked_date(int(g("iy")), int(g("im")), int(g("id")), ctx)
    if kind == "ydate":
        return "date", _checked_date(int(g("yy")), int(g("ym2")), int(g("yd")), ctx)
    if kind == "sdate":
        first, second = int(g("sa")), int(g("sb"))
        month, day = (second, first) if ctx.dayfirst else (first, second)
        return "date", _checked_date(int(g("sy")), month, day, ctx)
    if kind == "ddate":
        return "date", _checked_date(int(g("dy")), int(g("db")), int(g("da")), ctx)
    if kind == "isoweek":
        year, week = int(g("wy")), int(g("wn"))
        try:
            return "isoweek", date.fromisocalendar(year, week, 1)
        except ValueError:
            raise ctx.fail(f"{year} has no ISO week {week}") from None
    if kind == "isoq":
        return "isoq", (int(g("qy")), int(g("qn")))
    if kind == "ym":
        year, month = int(g("my")), int(g("mm"))
        _checked_date(year, month, 1, ctx)
        return "ym", (year, month)
    if kind == "ord":
        return "ord", int(g("on"))
    if kind == "num":
        return "num", int(g("num"))
    if kind == "quarter":
        return "quarter", int(g("qq"))
    return kind, g(kind)


def _twelve_hour(hour: int, minute: int, half: str, ctx: _Context, second: int = 0) -> time:
    if not 1 <= hour <= 12:
        raise ctx.fail(f"{hour}{half}m is not a time of day")
    return _checked_time(hour % 12 + (12 if half == "p" else 0), minute, second, ctx)


# --------------------------------------------------------------------------------------------
# Vocabulary
# --------------------------------------------------------------------------------------------

_MONTH_NAMES = (
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
)
_MONTHS: dict[str, int] = {name: i + 1 for i, name in enumerate(_MONTH_NAMES)}
_MONTHS.update({name[:3]: i + 1 for i, name in enumerate(_MONTH_NAMES)})
_MONTHS.update({"sept": 9})

_WEEKDAY_NAMES = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_WEEKDAYS: dict[str, int] = {name: i for i, name in enumerate(_WEEKDAY_NAMES)}
_WEEKDAYS.update({name[:3]: i for i, name in enumerate(_WEEKDAY_NAMES)})
_WEEKDAYS.update({"tues": 1, "weds": 2, "thur": 3, "thurs": 3})

#: Unit words -> (grain, multiplier, usable without a number?). Only the full singular word
#: stands alone (``past week``, not ``past w``). ``m`` is absent: minute or month? Never guess.
_UNITS: dict[str, tuple[str, int, bool]] = {}
for _grain, _words in (
    ("second", ("second", "sec", "s")),
    ("minute", ("minute", "min")),
    ("hour", ("hour", "hr", "h")),
    ("day", ("day", "d")),
    ("week", ("week", "wk", "w")),
    ("month", ("month", "mo")),
    ("quarter", ("quarter", "qtr")),
    ("year", ("year", "yr", "y")),
):
    for _word in _words:
        _UNITS[_word] = (_grain, 1, _word == _grain)
        if len(_word) > 1:
            _UNITS[_word + "s"] = (_grain, 1, False)
_UNITS["fortnight"] = ("week", 2, True)
_UNITS["fortnights"] = ("week", 2, False)

_SMALL_NUMBERS = (
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
)
_NUMBERS: dict[str, int] = {word: i for i, word in enumerate(_SMALL_NUMBERS)}
_TENS: dict[str, int] = {
    word: (i + 2) * 10
    for i, word in enumerate(
        ("twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")
    )
}
_ORDINAL_WORDS: dict[str, int] = {
    word: i + 1
    for i, word in enumerate(
        (
            "first",
            "second",
            "third",
            "fourth",
            "fifth",
            "sixth",
            "seventh",
            "eighth",
            "ninth",
            "tenth",
            "eleventh",
            "twelfth",
            "thirteenth",
            "fourteenth",
            "fifteenth",
            "sixteenth",
            "seventeenth",
            "eighteenth",
            "nineteenth",
            "twentieth",
        )
    )
}
_ORDINAL_WORDS["thirtieth"] = 30

_PERIODS = {"week", "month", "quarter", "year"}
_BACK = {"last", "previous", "prev"}
_THIS = {"this", "current"}
_FORWARD = {"next", "coming"}
_RELATIVE: dict[str, int] = {
    **{w: -1 for w in _BACK},
    **{w: 0 for w in _THIS},
    **{w: 1 for w in _FORWARD},
}
_PREPOSITIONS = {"in", "on", "at", "during", "over", "within"}

_VOCABULARY = (
    set(_MONTHS)
    | set(_WEEKDAYS)
    | set(_UNITS)
    | set(_NUMBERS)
    | set(_TENS)
    | set(_ORDINAL_WORDS)
    | set(_PARTS)
    | _PERIODS
    | set(_RELATIVE)
    | _PREPOSITIONS
    | {
        "now",
        "right",
        "today",
        "yesterday",
        "tomorrow",
        "tonight",
        "the",
        "day",
        "before",
        "after",
        "ago",
        "from",
        "of",
        "a",
        "an",
        "couple",
        "past",
        "noon",
        "midday",
        "midnight",
        "weekend",
        "later",
        "hence",
        "beginning",
        "start",
        "end",
        "very",
    }
    | set(_ANCHORS)
)


# --------------------------------------------------------------------------------------------
# The word grammar: small generator-based parsers that yield every reading (value, next index)
# --------------------------------------------------------------------------------------------


class _Grammar:
    """Recursive descent with full backtracking over a handful of tokens.

    Every rule yields all the ways it can read tokens from position ``i``; the top level keeps
    readings that consume everything. Two readings that disagree make the text ambiguous,
    which is an error rather than a coin toss.
    """

    def __init__(self, tokens: list[_Token], ctx: _Context) -> None:
        self.tokens = tokens
        self.ctx = ctx
        #: Why a reading was dropped, reported when no reading survives.
        self.complaints: list[str] = []

    # -- token tests -------------------------------------------------------------------------

    def word(self, i: int, *words: str) -> bool:
        return (
            i < len(self.tokens)
            and self.tokens[i].kind == "word"
            and (self.tokens[i].value in words)
        )

    def word_in(self, i: int, table: Container[str]) -> str | None:
        if i < len(self.tokens) and self.tokens[i].kind == "word":
            value = self.tokens[i].value
            if isinstance(value, str) and value in table:
                return value
        return None

    def kind(self, i: int, kind: str) -> object | None:
        if i < len(self.tokens) and self.tokens[i].kind == kind:
            return self.tokens[i].value
        return None

    def skip(self, i: int, *words: str) -> int:
        """Step over an optional filler word."""
        return i + 1 if self.word(i, *words) else i

    def year(self, i: int) -> int | None:
        if i < len(self.tokens) and self.tokens[i].kind == "num" and len(self.tokens[i].raw) == 4:
            return int(self.tokens[i].value)  # type: ignore[call-overload]
        return None

    # -- numbers, units, ordinals ------------------------------------------------------------

    def number(self, i: int) -> Iterator[tuple[int, int]]:
        value = self.kind(i, "num")
        if isinstance(value, int):
            yield value, i + 1
        if self.word(i, "a", "an"):
            yield 1, i + 1
        if self.word(i, "a") and self.word(i + 1, "couple"):
            yield 2, self.skip(i + 2, "of")
        if (word := self.word_in(i, _NUMBERS)) is not None:
            yield _NUMBERS[word], i + 1
        if (word := self.word_in(i, _TENS)) is not None:
            yield _TENS[word], i + 1
            if (unit := self.word_in(i + 1, _NUMBERS)) is not None and 0 < _NUMBERS[unit] < 10:
                yield _TENS[word] + _NUMBERS[unit], i + 2

    def quantity(self, i: int) -> Iterator[tuple[tuple[str, int], int]]:
        for count, j in self.number(i):
            if (unit := self.word_in(i=j, table=_UNITS_SET)) is not None:
                grain, multiplier, _ = _UNITS[unit]
                yield (grain, count * multiplier), j + 1

    def unit(self, i: int) -> tuple[str, int, bool] | None:
        word = self.word_in(i, _UNITS_SET)
        return _UNITS[word] if word is not None else None

    def ordinal(self, i: int) -> Iterator[tuple[int, int]]:
        value = self.kind(i, "ord")
        if isinstance(value, int):
            yield value, i + 1
        if (word := self.word_in(i, _ORDINAL_WORDS)) is not None:
            yield _ORDINAL_WORDS[word], i + 1
        unit = self.word_in(i + 1, _ORDINAL_WORDS)
        if self.word(i, "twenty") and unit is not None and _ORDINAL_WORDS[unit] < 10:
            yield 20 + _ORDINAL_WORDS[unit], i + 2
        if self.word(i, "thirty") and self.word(i + 1, "first"):
            yield 31, i + 2

    def day_number(self, i: int) -> Iterator[tuple[int, int]]:
        """A day of the month as ``3rd``, ``third`` or a plain ``3``."""
        yield from self.ordinal(i)
        value = self.kind(i, "num")
        if isinstance(value, int) and len(self.tokens[i].raw) <= 2:
            yield value, i + 1

    # -- top level ---------------------------------------------------------------------------

    def expression(self) -> Iterator[_Span]:
        end = len(self.tokens)
        starts = [0]
        if self.word_in(0, _PREPOSITIONS) is not None:
            starts.append(1)
        for start in starts:
            for rule in (
                self.now,
                self.span,
                self.offset,
                self.period,
                self.month,
                self.quarter,
                self.coarse_token,
                self.day_and_time,
            ):
                for value, j in rule(start):
                    if j == end:
                        yield value

    def now(self, i: int) -> Iterator[tuple[_Span, int]]:
        j = self.skip(i, "right")
        if self.word(j, "now"):
            yield _sub_day_span(self.ctx.now, "second", self.ctx), j + 1

    def span(self, i: int) -> Iterator[tuple[_Span, int]]:
        """``last 3 days``, ``the past week``, ``last hour``: exact spans ending now."""
        k = self.skip(i, "the")
        if not self.word(k, "last", "past", "previous"):
            return
        for (grain, count), j in self.quantity(k + 1):
            yield _trailing_span(grain, count, self.ctx), j
        unit = self.unit(k + 1)
        if unit is None or not unit[2]:
            return
        grain, multiplier, _ = unit
        if self.word(k, "past") or grain in _SUB_DAY or grain == "day" or multiplier > 1:
            yield _trailing_span(grain, multiplier, self.ctx), k + 2

    def offset(self, i: int) -> Iterator[tuple[_Span, int]]:
        """``2 weeks ago``, ``in 3 hours``, ``a month from now``, ``the week before last``."""
        ctx = self.ctx
        for (grain, count), j in self.quantity(i):
            if grain == "day":
                continue  # a day is a day(): it can take a clock time ("3 days ago at noon")
            if self.word(j, "ago"):
                yield _offset_span(grain, -count, ctx), j + 1
            if self.word(j, "from") and self.word(j + 1, "now"):
                yield _offset_span(grain, count, ctx), j + 2
            if self.word(j, "from") and self.word(j + 1, "today") and grain not in _SUB_DAY:
                yield _offset_span(grain, count, ctx), j + 2
            if self.word(j, "later", "hence"):
                yield _offset_span(grain, count, ctx), j + 1
        if self.word(i, "in"):
            for (grain, count), j in self.quantity(i + 1):
                if grain != "day":
                    yield _offset_span(grain, count, ctx), j
        k = self.skip(i, "the")
        unit = self.unit(k)
        if unit is not None and unit[2] and unit[1] == 1:
            if self.word(k + 1, "before") and self.word(k + 2, "last"):
                yield _offset_span(unit[0], -2, ctx), k + 3
            if self.word(k + 1, "after") and self.word(k + 2, "next"):
                yield _offset_span(unit[0], 2, ctx), k + 3

    def period(self, i: int) -> Iterator[tuple[_Span, int]]:
        """``last week``, ``this quarter``, ``next year``, ``this weekend``, ``weekend``."""
        ctx = self.ctx
        k = self.skip(i, "the")
        if self.word(k, "weekend"):
            yield _weekend_span(_weekend_bare(ctx), ctx), k + 1
        relation = self.word_in(k, _RELATIVE)
        direction = _RELATIVE[relation] if relation is not None else None
        if direction is None and self.word(k, "past"):
            direction = -1 if self.word(k + 1, "weekend") else None
        if direction is None:
            return
        if (grain := self.word_in(k + 1, _PERIODS)) is not None:
            yield _offset_span(grain, direction, ctx), k + 2
        if self.word(k + 1, "weekend"):
            saturday = _saturday_of(ctx.today) + timedelta(weeks=direction)
            yield _weekend_span(saturday, ctx), k + 2

    def month(self, i: int) -> Iterator[tuple[_Span, int]]:
        """``november``, ``last march``, ``next march``, ``march 2026``, ``march last year``."""
        ctx = self.ctx
        relation = self.word_in(i, _RELATIVE)
        k = i + 1 if relation is not None else i
        name = self.word_in(k, _MONTHS)
        if name is None:
            return
        month = _MONTHS[name]
        j = k + 1
        if relation is not None:
            year, month = _month_relative(month, _RELATIVE[relation], ctx)
            yield _period(date(year, month, 1), "month", ctx), j
            return
        year, month = _month_bare(month, ctx)
        yield _period(date(year, month, 1), "month", ctx), j
        after = j + 1 if self.kind(j, "comma") is not None or self.word(j, "of") else j
        if (explicit := self.year(after)) is not None:
            yield _period(_checked_date(explicit, month, 1, ctx), "month", ctx), after + 1
        m = self.skip(j, "of")
        if (rel := self.word_in(m, _RELATIVE)) is not None and self.word(m + 1, "year"):
            year = ctx.today.year + _RELATIVE[rel]
            yield _period(date(year, month, 1), "month", ctx), m + 2

    def quarter(self, i: int) -> Iterator[tuple[_Span, int]]:
        """``q3`` (most recent), ``q3 2026``, ``2026-q3``."""
        ctx = self.ctx
        value = self.kind(i, "quarter")
        if isinstance(value, int):
            start = date(_quarter_bare(value, ctx), value * 3 - 2, 1)
            yield _period(start, "quarter", ctx), i + 1
            if (year := self.year(i + 1)) is not None:
                yield _period(date(year, value * 3 - 2, 1), "quarter", ctx), i + 2
        pair = self.kind(i, "isoq")
        if isinstance(pair, tuple):
            yield _period(date(pair[0], pair[1] * 3 - 2, 1), "quarter", ctx), i + 1

    def coarse_token(self, i: int) -> Iterator[tuple[_Span, int]]:
        """``2026``, ``2026-11``, ``2026-W48``."""
        ctx = self.ctx
        if (year := self.year(i)) is not None:
            yield _period(_checked_date(year, 1, 1, ctx), "year", ctx), i + 1
        pair = self.kind(i, "ym")
        if isinstance(pair, tuple):
            yield _period(date(pair[0], pair[1], 1), "month", ctx), i + 1
        monday = self.kind(i, "isoweek")
        if isinstance(monday, date):
            yield _period(monday, "week", ctx), i + 1

    # -- days and times of day ---------------------------------------------------------------

    def day_and_time(self, i: int) -> Iterator[tuple[_Span, int]]:
        """A day, a clock time, or both (``tomorrow at 5pm``, ``9am monday``, ``friday
        afternoon``, ``tonight``, ``last night``)."""
        ctx = self.ctx
        for day, j in self.day(i):
            yield _day_span(day, ctx), j
            for (clock, grain), k in self.clock(self.skip(j, "at")):
                yield _clock_span(day, clock, grain, ctx), k
            if (part := self.word_in(j, _PARTS)) is not None:
                yield _part_span(day, part, ctx), j + 1
        for (clock, grain), j in self.clock(i):
            yield _clock_span(ctx.today, clock, grain, ctx), j
            for day, k in self.day(self.skip(j, "on")):
                yield _clock_span(day, clock, grain, ctx), k
        k = self.skip(i, "the")
        if (part := self.word_in(k, _PARTS)) is not None and self.word(k + 1, "of"):
            for day, j in self.day(k + 2):
                yield _part_span(day, part, ctx), j
        if self.word(i, "this") and (part := self.word_in(i + 1, _PARTS)) is not None:
            yield _part_span(ctx.today, part, ctx), i + 2
        if self.word(i, "tonight"):
            yield _part_span(ctx.today, "night", ctx), i + 1
        if self.word(i, "last") and self.word(i + 1, "night"):
            yield _part_span(ctx.today - timedelta(days=1), "night", ctx), i + 2

    def clock(self, i: int) -> Iterator[tuple[tuple[time, str], int]]:
        value = self.kind(i, "clock")
        if isinstance(value, tuple):
            yield value, i + 1
        if self.word(i, "noon", "midday"):
            yield (time(12), "minute"), i + 1
        if self.word(i, "midnight"):
            yield (time(0), "minute"), i + 1

    def day(self, i: int) -> Iterator[tuple[date, int]]:
        """Anything naming one calendar day."""
        today = self.ctx.today
        for word, delta in (("today", 0), ("yesterday", -1), ("tomorrow", 1)):
            if self.word(i, word):
                yield today + timedelta(days=delta), i + 1
        k = self.skip(i, "the")
        if self.word(k, "day") and self.word(k + 1, "before") and self.word(k + 2, "yesterday"):
            yield today - timedelta(days=2), k + 3
        if self.word(k, "day") and self.word(k + 1, "after") and self.word(k + 2, "tomorrow"):
            yield today + timedelta(days=2), k + 3
        for (grain, count), j in self.quantity(i):
            if grain == "day" and self.word(j, "ago"):
                yield today - timedelta(days=count), j + 1
            if grain == "day" and self.word(j, "from") and self.word(j + 1, "now", "today"):
                yield today + timedelta(days=count), j + 2
            if grain == "day" and self.word(j, "later", "hence"):
                yield today + timedelta(days=count), j + 1
        if self.word(i, "in"):
            for (grain, count), j in self.quantity(i + 1):
                if grain == "day":
                    yield today + timedelta(days=count), j
        yield from self.weekday(i)
        yield from self.calendar_day(i)

    def weekday(self, i: int) -> Iterator[tuple[date, int]]:
        ctx = self.ctx
        relation = self.word_in(i, _RELATIVE) or ("last" if self.word(i, "past") else None)
        k = i + 1 if relation is not None else i
        if relation is not None and self.word(k, "week"):
            # "last week monday"
            if (name := self.word_in(k + 1, _WEEKDAYS)) is not None:
                yield _weekday_in_week(_WEEKDAYS[name], _RELATIVE[relation], ctx), k + 2
            return
        name = self.word_in(k, _WEEKDAYS)
        if name is None:
            return
        weekday, j = _WEEKDAYS[name], k + 1
        if relation is not None:
            direction = _RELATIVE[relation]
            if direction < 0:
                yield _weekday_last(weekday, ctx), j
            elif direction > 0:
                yield _weekday_next(weekday, ctx), j
            else:
                yield _weekday_in_week(weekday, 0, ctx), j
            return
        yield _weekday_bare(weekday, ctx), j
        m = self.skip(self.skip(j, "of"), "the")
        if (which := self.word_in(m, _RELATIVE)) is not None and self.word(m + 1, "week"):
            yield _weekday_in_week(weekday, _RELATIVE[which], ctx), m + 2
        for day, e in self.calendar_day(
            j + 1 if self.kind(j, "comma") is not None else j, explicit_month=True
        ):
            if day.weekday() == weekday:
                yield day, e
            else:  # only an error if no other reading works ("sunday, nov 29, 2026")
                actual, named = _WEEKDAY_NAMES[day.weekday()], _WEEKDAY_NAMES[weekday]
                self.complaints.append(
                    f"{day.isoformat()} is a {actual.title()}, not a {named.title()}"
                )

    def calendar_day(self, i: int, *, explicit_month: bool = False) -> Iterator[tuple[date, int]]:
        """``2026-11-03``, ``11/03/2026``, ``the 3rd``, ``march 3rd``, ``3rd of march 2026``."""
        ctx = self.ctx
        value = self.kind(i, "date")
        if isinstance(value, date):
            yield value, i + 1
        k = self.skip(i, "the")
        for day, j in self.day_number(k):
            m = self.skip(j, "of")
            if (name := self.word_in(m, _MONTHS)) is not None:
                yield from self.month_day(_MONTHS[name], day, m + 1)
            elif not explicit_month and self.tokens[k].kind != "num":
                if not 1 <= day <= 31:
                    raise ctx.fail(f"no month has a day {day}")
                yield _day_of_month_bare(day, ctx), j
        if (name := self.word_in(i, _MONTHS)) is not None:
            for day, j in self.day_number(self.skip(i + 1, "the")):
                yield from self.month_day(_MONTHS[name], day, j)

    def month_day(self, month: int, day: int, j: int) -> Iterator[tuple[date, int]]:
        """A month and a day, with or without a following year."""
        ctx = self.ctx
        if not 1 <= day <= _days_in_month(2000, month):  # 2000 is a leap year: Feb 29 exists
            raise ctx.fail(f"there is no {_MONTH_NAMES[month - 1]} {day}")
        yield _month_day_bare(month, day, ctx), j
        after = j + 1 if self.kind(j, "comma") is not None else j
        if (year := self.year(after)) is not None:
            yield _checked_date(year, month, day, ctx), after + 1


_UNITS_SET = set(_UNITS)


def _parse_words(text: str, ctx: _Context) -> _Span:
    tokens = _tokenize(text, ctx)
    readings: dict[tuple[float, float, str], _Span] = {}
    grammar = _Grammar(tokens, ctx)
    for start, end, grain in grammar.expression():
        readings.setdefault((start.timestamp(), end.timestamp(), grain), (start, end, grain))
    if len(readings) == 1:
        return next(iter(readings.values()))
    if readings:
        shown = "; ".join(f"{s.isoformat()}..{e.isoformat()}" for s, e, _ in readings.values())
        raise ctx.fail(f"ambiguous, it could mean {shown}")
    unknown = [t.raw for t in tokens if t.kind == "word" and t.raw not in _VOCABULARY]
    if unknown:
        raise ctx.fail(f"unknown word {unknown[0]!r}")
    if grammar.complaints:
        raise ctx.fail(grammar.complaints[-1])
    raise ctx.fail("not a time expression prme knows (see `prme when --help`)")


# --------------------------------------------------------------------------------------------
# Finding expressions inside prose
# --------------------------------------------------------------------------------------------

_FIND_TOKEN = re.compile(
    r"""
    [<\[]\d{4}-\d{2}-\d{2}[^<>\[\]\n]{0,40}[>\]](?:--[<\[]\d{4}-\d{2}-\d{2}[^<>\[\]\n]{0,40}[>\]])?
    |@\d{1,12}
    |\d[\w:/.+\-]*\w
    |\d
    |[^\W\d_]+
    |,
    """,
    re.VERBOSE,
)
_FIND_MAX_TOKENS = 9
#: Words that are times only in context: alone in prose they are usually something else.
_PROSE_AMBIGUOUS = {
    "now",
    "may",
    "march",
    "second",
    "the",
    "a",
    "an",
    "sat",
    "sun",
    "wed",
    "mar",
    "jan",
    "feb",
    "apr",
    "jun",
    "jul",
    "aug",
    "sep",
    "sept",
    "oct",
    "nov",
    "dec",
    "mon",
    "tue",
    "tues",
    "thu",
    "thur",
    "thurs",
    "fri",
    "weds",
    "midnight",
    "noon",
    "midday",
    "weekend",
}
_FIND_REFERENCE = datetime(2020, 6, 15, 12, 0, tzinfo=_UTC)


def _longest_expression(text: str, tokens: list[tuple[int, int]], i: int) -> tuple[int, int] | None:
    """The last token index and start offset of the longest expression starting at ``i``."""
    first = text[tokens[i][0] : tokens[i][1]]
    if not _could_start(first):
        return None
    stop = i + 1
    while stop < min(len(tokens), i + _FIND_MAX_TOKENS) and (
        text[tokens[stop][0]] == "," or _could_start(text[tokens[stop][0] : tokens[stop][1]])
    ):
        stop += 1  # no expression goes on past a word outside the vocabulary
    for j in range(stop - 1, i - 1, -1):
        candidate = text[tokens[i][0] : tokens[j][1]]
        if "\n" in candidate or re.search(r"[.;!?]\s", candidate) or candidate.endswith(","):
            continue
        if not _acceptable(candidate):
            continue
        window = _try_resolve(candidate)
        if window is None:
            continue
        span_start = tokens[i][0]
        if j > i and first.casefold() in _PREPOSITIONS:
            shorter = _try_resolve(text[tokens[i + 1][0] : tokens[j][1]])
            if shorter is not None and _same(shorter, window):
                span_start = tokens[i + 1][0]
        return j, span_start
    return None


def _could_start(token: str) -> bool:
    lowered = token.casefold()
    return (
        token[0] in "<[@"
        or token[0].isdigit()
        or lowered in _VOCABULARY
        or (re.fullmatch(r"q[1-4]", lowered) is not None)
    )


def _acceptable(candidate: str) -> bool:
    """Reject readings that are too likely to be prose: a lone ambiguous word or number
    (``may``, ``sun``, ``now``, ``2000``) unless a preposition introduces it, a lower-case
    ``may``/``march`` even then, and a lone ordinal (``the 2nd``)."""
    words = [w.strip(",") for w in candidate.split()]
    content = [w for w in words if w.casefold() not in {"the", "of", *_PREPOSITIONS}]
    lowered = [w.casefold() for w in content]
    if lowered and all(
        re.fullmatch(r"\d{1,2}(st|nd|rd|th)", w) or w in _ORDINAL_WORDS for w in lowered
    ):
        return False
    if len(content) != 1:
        return True
    introduced = len(words) > 1
    if lowered[0] in {"may", "march"}:
        return introduced and content[0][:1].isupper()
    if lowered[0].isdigit() or lowered[0] in _PROSE_AMBIGUOUS:
        return introduced
    return True


def _try_resolve(candidate: str) -> Window | None:
    try:
        return resolve(candidate, _FIND_REFERENCE, _UTC)
    except (TimeExpressionError, UsageError):
        return None


def _same(a: Window, b: Window) -> bool:
    return (a.start.timestamp(), a.end.timestamp(), a.grain) == (
        b.start.timestamp(),
        b.end.timestamp(),
        b.grain,
    )
