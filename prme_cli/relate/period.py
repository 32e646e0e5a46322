"""The week or month a heading fixes, and reading a record's words inside it.

A diary kept one heading per month (``* March 2039``, ``* 2039-03 March``) or a weekly review
kept one heading per week (``* Week 19 (2039-05-09 – 2039-05-15)``, ``* 2039-W19``) says when
its notes were written only to that week or month. A record under such a heading has no day
of writing, so "on the 3rd" or "on Tuesday" cannot be read back from one: read from the
period's first day (where a datetree puts ``event_time``) "the 3rd" is last month's and
"Tuesday" last week's. What such words do tell is the one such day *inside* the period.

The rule here: a time the words name is read at both edges of the period — forward from its
first moment and back from its last — and counts only when both readings agree. "The 3rd"
under March, "Tuesday" under a week, "last week" under a week and "3 June 2039" anywhere
agree; "yesterday", "this morning", "next Friday" or "the 26th" under a week that holds no
26th do not, and date nothing (they need the day of writing the heading does not give).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta, tzinfo
from functools import lru_cache
from typing import Any

from prme_cli import orgtime
from prme_cli.relate.types import EvidenceRecord

#: A period this short or long is no week or month of notes (a day, a season, a year).
_SHORTEST = timedelta(days=2)
_LONGEST = timedelta(days=31)
#: Two moments far apart: a time read alike at both is absolute (names its own year).
_PROBES = (datetime(1975, 6, 15, 12, tzinfo=UTC), datetime(2090, 2, 10, 12, tzinfo=UTC))

Period = tuple[datetime, datetime, str]


def heading_period(record: EvidenceRecord) -> Period | None:
    """The week or month (naive ``start``, ``end``, grain) the nearest dated heading of the
    record fixes, when that is all that dates it; None otherwise.

    The nearest heading (the record's own title, then its ancestors') that names a time
    decides: a datetree month or week, or a title whose absolute times name one span of two
    to 31 days ("March 2039", "Week 19 (2039-05-09 – 2039-05-15)", "Trip, 2–9 June 2039").
    A title naming a day, a year or a relative time ("Tuesday", "Week 19") stops the search:
    the record is that day's, or its period is not told. A record with a day of its own (a
    stamp, a datetree day, a file's date) is read from that day, not from any period."""
    own = title_span(record)
    if own is not None:
        return own
    if record.event_time is not None and record.event_source != "datetree":
        return None
    for title in (record.title, *reversed(record.path)):
        found = title_period(title.strip())
        if found is None:
            continue
        start, _end, grain = found
        if grain == "day":
            return None
        if record.event_time is not None and record.event_time != start:
            return None  # ingest dated it otherwise (a day heading under the week)
        return found
    return None


def title_span(record: EvidenceRecord) -> Period | None:
    """The span of two to 31 days the record's own title stamps (``* Cousins in Ghent
    [2040-06-08 Fri]--[2040-06-10 Sun]``, active or inactive) when ingest dated the record by
    its first day: its body tells of days inside the span ("on Saturday morning I …"), which
    are read at both edges like a week's, not back from the first day."""
    if record.event_time is None:
        return None
    return _title_span(record.title, record.event_time)


@lru_cache(maxsize=4096)
def _title_span(title: str, event_time: datetime) -> Period | None:
    """:func:`title_span` of a title and the time ingest dated it by; cached, as the finder
    asks it for every phrase of the record's sentences."""
    ranges = [t for t in orgtime.find_timestamps(title) if "--" in t.raw and t.start]
    if len(ranges) != 1 or ranges[0].end is None or ranges[0].start is None:
        return None
    start = ranges[0].start.replace(hour=0, minute=0, second=0, microsecond=0)
    end = ranges[0].end
    if end > end.replace(hour=0, minute=0, second=0, microsecond=0):
        end = end.replace(hour=0, minute=0, second=0, microsecond=0) + timedelta(days=1)
    if not _SHORTEST <= end - start <= _LONGEST:
        return None
    if event_time.replace(tzinfo=None).date() != start.date():
        return None
    return start, end, "span"


def title_period(title: str) -> tuple[datetime, datetime, str] | None:
    """What a heading title dates: ``(start, end, grain)`` with grain ``day`` for a title
    that names a day or any time other than one week or month span (the caller stops there),
    ``week``/``month`` (or ``span``) for a period, None for a title that names no time."""
    if not title:
        return None
    return _title_period(title)


@lru_cache(maxsize=4096)
def _title_period(title: str) -> tuple[datetime, datetime, str] | None:
    from prme_cli.errors import PrmeError
    from prme_cli.orgtime import datetree_timestamp
    from prme_cli.timeexpr import find, resolve
    from prme_cli.timeexpr.finder import may_hold_time

    if title[:1].isdigit():
        stamp = datetree_timestamp(title, 0)
        if stamp is not None and stamp.start is not None and stamp.end is not None:
            grain = stamp.label if stamp.label in ("week", "month") else "day"
            return stamp.start, stamp.end, grain
    if not may_hold_time(title):
        return None
    try:
        found = [f for f in find(title, _PROBES[0], UTC) if f.kind in ("point", "interval")]
    except (PrmeError, ValueError, OverflowError):
        return None
    if not found:
        return None
    absolute: set[tuple[datetime, datetime]] = set()
    relative: list[str] = []
    for f in found:
        try:
            first, second = (resolve(f.text, probe, UTC) for probe in _PROBES)
        except (PrmeError, ValueError, OverflowError):
            return _NOT_A_PERIOD
        if (first.start, first.end) == (second.start, second.end) and not (
            first.open_start or first.open_end
        ):
            absolute.add((first.start.replace(tzinfo=None), first.end.replace(tzinfo=None)))
        else:
            relative.append(f.text)
    if len(absolute) != 1:
        return _NOT_A_PERIOD
    start, end = absolute.pop()
    if not _SHORTEST <= end - start <= _LONGEST:
        return _NOT_A_PERIOD
    for text in relative:
        # "Week 19 (2039-05-09 – 2039-05-15)": the week number read in that week is it
        try:
            again = resolve(text, start.replace(tzinfo=UTC), UTC)
        except (PrmeError, ValueError, OverflowError):
            return _NOT_A_PERIOD
        if (again.start.replace(tzinfo=None), again.end.replace(tzinfo=None)) != (start, end):
            return _NOT_A_PERIOD
    grain = "month" if start.day == 1 and _next_month(start) == end else "week"
    if grain == "week" and end - start != timedelta(days=7):
        grain = "span"
    return start, end, grain


#: What a title that names some time other than one period gives: it stops the search.
_NOT_A_PERIOD = (datetime.min, datetime.min, "day")


def _next_month(start: datetime) -> datetime:
    return datetime(start.year + start.month // 12, start.month % 12 + 1, 1)


def read_in_period(
    candidates: list[str],
    period: Period,
    tz: tzinfo,
    resolve: Callable[..., Any],
) -> tuple[datetime, datetime, bool] | None:
    """The window the words name wherever in ``period`` they were written: read forward
    from its first moment and back from its last, the two readings must agree. None when
    they do not (the words count from a day of writing the period does not fix); the
    engine's error when no candidate reads at all."""
    start, end, _ = period
    first = start.replace(tzinfo=tz)
    last = (end - timedelta(seconds=1)).replace(tzinfo=tz)
    failure: Exception | None = None
    for candidate in candidates:
        try:
            forward = resolve(candidate, first, tz, not_before=first)
            backward = resolve(candidate, last, tz)
        except Exception as err:  # noqa: BLE001 - the engine's refusal; try the next form
            failure = err
            continue
        if (forward.start, forward.end) != (backward.start, backward.end):
            return None
        approximate = bool(getattr(forward, "approximate", False)) or bool(
            getattr(backward, "approximate", False)
        )
        return forward.start, forward.end, approximate
    if failure is not None:
        raise failure
    return None
