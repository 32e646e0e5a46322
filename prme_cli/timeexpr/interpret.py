"""Interpretation: a reading (:mod:`~prme_cli.timeexpr.nodes`) becomes a window in time.

All the conventions of SPEC §4.2 live here and nowhere else — past-leaning bare names, what
``next`` and ``last`` mean, parts of the day, how vague words widen a window — each in the
function of the node it applies to. ``Context`` carries everything a reading depends on
besides its words: the reference time, the zone, the week start, ``dayfirst``, the floor of a
``range`` end, and in running text the previous expression (the anchor of ``two days later``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta, timezone, tzinfo
from typing import TYPE_CHECKING

from prme_cli.timeexpr import calendar as cal
from prme_cli.timeexpr import nodes as n
from prme_cli.timeexpr.records import Record, set_field

if TYPE_CHECKING:
    from decimal import Decimal

#: open ends of ``before X`` / ``after X``: printed as ``null``
OPEN_START = datetime(1, 1, 2, tzinfo=UTC)
OPEN_END = datetime(9999, 12, 30, tzinfo=UTC)


class Refused(Exception):
    """A reading that cannot stand (an impossible date, a weekday that does not match)."""


@dataclass(init=False, repr=False, eq=False, slots=True)
class Span(Record):
    """A reading's window, ``[start, end)`` with its grain (a frozen record,
    :mod:`~prme_cli.timeexpr.records`)."""

    start: datetime
    end: datetime
    grain: str
    approximate: bool = False
    kind: str = "point"  # point interval set

    def __init__(
        self,
        start: datetime,
        end: datetime,
        grain: str,
        approximate: bool = False,
        kind: str = "point",
    ) -> None:
        set_field(self, "start", start)
        set_field(self, "end", end)
        set_field(self, "grain", grain)
        set_field(self, "approximate", approximate)
        set_field(self, "kind", kind)


@dataclass(init=False, repr=False, eq=False, slots=True)
class Context(Record):
    """What a reading depends on besides its words (see the module docstring; a frozen
    record)."""

    now: datetime
    tz: tzinfo
    today: date
    dayfirst: bool = False
    week_start: int = 0
    not_before: date | None = None
    anchor: Span | None = None

    def __init__(
        self,
        now: datetime,
        tz: tzinfo,
        today: date,
        dayfirst: bool = False,
        week_start: int = 0,
        not_before: date | None = None,
        anchor: Span | None = None,
    ) -> None:
        set_field(self, "now", now)
        set_field(self, "tz", tz)
        set_field(self, "today", today)
        set_field(self, "dayfirst", dayfirst)
        set_field(self, "week_start", week_start)
        set_field(self, "not_before", not_before)
        set_field(self, "anchor", anchor)

    def leaning_forward(self) -> Context:
        """This context with bare names leaning forward from today (``not_before``)."""
        return Context(
            self.now, self.tz, self.today, self.dayfirst, self.week_start, self.today, self.anchor
        )

    def anchored(self, anchor: Span | None) -> Context:
        """This context with another anchor (``dataclasses.replace``, without its cost: the
        finder makes one for nearly every expression of a note)."""
        return Context(
            self.now, self.tz, self.today, self.dayfirst, self.week_start, self.not_before, anchor
        )


def resolve(node: n.Node, ctx: Context) -> Span:
    """The window of one reading."""
    handler = _HANDLERS.get(type(node))
    if handler is None:  # pragma: no cover - every node type has a handler
        raise Refused(f"nothing resolves a {type(node).__name__}")
    return handler(node, ctx)


# ----------------------------------------------------------------------------- small helpers


def day_span(day: date, ctx: Context, grain: str = "day") -> Span:
    return Span(cal.at(day, ctx.tz), cal.at(day + timedelta(days=1), ctx.tz), grain)


def period_span(start: date, grain: str, ctx: Context, count: int = 1) -> Span:
    shown = {"decade": "year", "century": "year", "fortnight": "week"}.get(grain, grain)
    unit = "week" if grain == "fortnight" else grain
    count = count * 2 if grain == "fortnight" else count
    return Span(cal.at(start, ctx.tz), cal.at(cal.add(start, unit, count), ctx.tz), shown)


def _point(instant: datetime, grain: str, ctx: Context) -> Span:
    step = timedelta(seconds=1) if grain == "second" else timedelta(minutes=1)
    return Span(instant, cal.plus(instant, step, ctx.tz), grain)


def _date(year: int, month: int, day: int) -> date:
    from prme_cli.timeexpr.lexicon import MONTH_NAMES

    if not 1 <= month <= 12:
        raise Refused(f"there is no month {month}")
    if not 1 <= year <= 9998:
        raise Refused(f"year {year} is out of range")
    try:
        return date(year, month, day)
    except ValueError:
        raise Refused(f"there is no {MONTH_NAMES[month - 1].title()} {day} in {year}") from None


def _day_of(node: n.Node, ctx: Context) -> date:
    span = resolve(node, ctx)
    if span.grain not in ("day",) or (span.end - span.start) > timedelta(hours=26):
        raise Refused("a time of day needs a single day")
    return span.start.date()


def _forward(ctx: Context) -> bool:
    return ctx.not_before is not None


def _base_day(ctx: Context) -> date:
    return ctx.not_before or ctx.today


# ------------------------------------------------------------------------------- day handlers


def _now(node: n.Now, ctx: Context) -> Span:
    return _point(ctx.now.replace(microsecond=0), "second", ctx)


def _prev(node: n.Prev, ctx: Context) -> Span:
    if ctx.anchor is not None:
        return ctx.anchor
    return day_span(ctx.today, ctx)


def _relday(node: n.RelDay, ctx: Context) -> Span:
    return day_span(ctx.today + timedelta(days=node.days), ctx)


def near_year(short: int, ctx: Context) -> int:
    """A two-digit year (``'74``, ``12/12/30``): the one in the 90 years before the reference
    year and the 10 after it (written dates are mostly of the past: ``12/12/30`` written in
    2016 is 1930; ``'34`` in 2026 is 2034)."""
    year = ctx.today.year // 100 * 100 + short
    if year > ctx.today.year + 10:
        year -= 100
    elif year <= ctx.today.year - 90:
        year += 100
    return year


def full_year(year: int | None, ctx: Context) -> int | None:
    """A year as written, with a two-digit one (``'19``) given its century."""
    if year is not None and year >= n.SHORT_YEAR:
        return near_year(year - n.SHORT_YEAR, ctx)
    return year


def _date_node(node: n.Date, ctx: Context) -> Span:
    if node.year is not None and node.year >= n.SHORT_YEAR:  # a two-digit year
        node = node.replace(year=near_year(node.year - n.SHORT_YEAR, ctx))
    if node.month is None:
        return day_span(_day_of_month(node.day, ctx, node.relation), ctx)
    if node.year is not None:
        return day_span(_date(node.year, node.month, node.day), ctx)
    if not 1 <= node.month <= 12:
        raise Refused(f"there is no month {node.month}")
    if not 1 <= node.day <= (29 if node.month == 2 else 30 if node.month in (4, 6, 9, 11) else 31):
        from prme_cli.timeexpr.lexicon import MONTH_NAMES

        raise Refused(f"there is no {MONTH_NAMES[node.month - 1].title()} {node.day}")
    return day_span(_month_day(node.month, node.day, node.relation, ctx), ctx)


def _month_day(month: int, day: int, relation: str, ctx: Context) -> date:
    """A year-less month and day: most recent (today counts), or per ``relation``."""
    today = ctx.today
    forward = _forward(ctx) or relation in ("next", "coming")
    anchor = _base_day(ctx) if relation == "" else today
    if relation == "this":
        return _date(today.year, month, day)
    for years in range(9):
        year = anchor.year + (years if forward else -years)
        try:
            candidate = date(year, month, day)
        except ValueError:
            continue
        if relation in ("next", "coming") and candidate > today:
            return candidate
        if relation == "last" and candidate < today:
            return candidate
        if relation == "" and (candidate >= anchor if forward else candidate <= anchor):
            return candidate
    raise Refused(f"no {month}/{day} near {anchor.year}")


def _day_of_month(day: int, ctx: Context, relation: str = "") -> date:
    """``the 3rd``: the most recent 3rd of a month (or the first from a range's start)."""
    if not 1 <= day <= 31:
        raise Refused(f"no month has a day {day}")
    anchor = _base_day(ctx)
    forward = _forward(ctx) or relation == "next"
    for months in range(13):
        first = cal.add(anchor.replace(day=1), "month", months if forward else -months)
        try:
            candidate = first.replace(day=day)
        except ValueError:
            continue
        if relation == "next" and candidate <= ctx.today:
            continue
        if (candidate >= anchor) if forward else (candidate <= anchor):
            return candidate
    raise Refused(f"no month has a day {day}")


def weekday_date(weekday: int, relation: str, count: int, ctx: Context) -> date:
    today = ctx.today
    week = cal.floor(today, "week", ctx.week_start)
    in_week = (weekday - ctx.week_start) % 7
    if count > 0:  # "3 fridays from now"
        return today + timedelta(days=(weekday - today.weekday() - 1) % 7 + 1 + 7 * (count - 1))
    if count < 0:  # "2 thursdays ago"
        return today - timedelta(days=(today.weekday() - weekday - 1) % 7 + 1 + 7 * (-count - 1))
    if relation == "":
        if ctx.not_before is not None:
            return ctx.not_before + timedelta(days=(weekday - ctx.not_before.weekday()) % 7)
        return today - timedelta(days=(today.weekday() - weekday) % 7)
    if relation == "last":
        return today - timedelta(days=(today.weekday() - weekday - 1) % 7 + 1)
    if relation == "coming":
        return today + timedelta(days=(weekday - today.weekday() - 1) % 7 + 1)
    if relation == "soonest":  # "tuesday week" counts from the first one, today included
        return today + timedelta(days=(weekday - today.weekday()) % 7)
    if relation == "this":
        return week + timedelta(days=in_week)
    if relation == "this_past":
        return today - timedelta(days=(today.weekday() - weekday - 1) % 7 + 1)
    if relation == "next":
        return week + timedelta(days=7 + in_week)
    if relation == "after_next":
        return week + timedelta(days=14 + in_week)
    raise Refused(f"unknown relation {relation}")


def _weekday(node: n.Weekday, ctx: Context) -> Span:
    if node.relation == "following":  # the first one after the previous expression
        base = ctx.anchor.start.date() if ctx.anchor is not None else ctx.today
        return day_span(base + timedelta(days=(node.weekday - base.weekday() - 1) % 7 + 1), ctx)
    return day_span(weekday_date(node.weekday, node.relation, node.count, ctx), ctx)


def _in_period(node: n.InPeriod, ctx: Context) -> Span:
    period = resolve(node.period, ctx)
    first = period.start.date()
    inner = node.inner
    if isinstance(inner, n.Weekday) and inner.relation == "on_or_after":
        # "two months from today on Tuesday": the first Tuesday at or after that day
        return day_span(first + timedelta(days=(inner.weekday - first.weekday()) % 7), ctx)
    if isinstance(inner, n.Weekday):
        week = cal.floor(first, "week", ctx.week_start)
        if period.grain in ("week", "day") or (period.end - period.start) <= timedelta(days=8):
            return day_span(week + timedelta(days=(inner.weekday - ctx.week_start) % 7), ctx)
        raise Refused(
            "a weekday of a period longer than a week: say which one (the first monday of …)"
        )
    if isinstance(inner, n.Month) and period.grain == "year":
        return period_span(date(first.year, inner.month, 1), "month", ctx)
    if isinstance(inner, n.Holiday) and period.grain == "year":  # christmas last year
        return resolve(inner.replace(year=first.year, relation=""), ctx)
    if isinstance(inner, n.Season) and period.grain == "year":
        return resolve(n.Season(inner.month, first.year), ctx)  # the one starting that year
    if isinstance(inner, n.Date) and inner.month is not None and period.grain == "year":
        return day_span(_date(first.year, inner.month, inner.day), ctx)
    if isinstance(inner, n.Date) and inner.month is None:
        if period.grain != "month":
            raise Refused("a day of the month needs a month")
        return day_span(_date(first.year, first.month, inner.day), ctx)
    if isinstance(inner, n.Part):
        return _part_on(first, inner, ctx)
    raise Refused("cannot place that inside a period")


def _nth(node: n.Nth, ctx: Context) -> Span:
    period = resolve(node.period, ctx)
    first, last = period.start.date(), (period.end - timedelta(seconds=1)).date()
    if node.what == "weekday" and node.weekday is not None:
        days = [first + timedelta(days=i) for i in range((last - first).days + 1)]
        matching = [d for d in days if d.weekday() == node.weekday]
        index = node.n - 1 if node.n > 0 else node.n
        if not matching or not -len(matching) <= index < len(matching):
            raise Refused(f"there is no such weekday number {node.n} in that period")
        return day_span(matching[index], ctx)
    if node.what == "workday":  # Monday to Friday (holidays are not known to be off)
        days = [first + timedelta(days=i) for i in range((last - first).days + 1)]
        working = [d for d in days if d.weekday() < 5]
        index = node.n - 1 if node.n > 0 else node.n
        if not -len(working) <= index < len(working):
            raise Refused(f"that period has no working day {node.n}")
        return day_span(working[index], ctx)
    if node.what == "day":
        day = (
            first + timedelta(days=node.n - 1) if node.n > 0 else last + timedelta(days=node.n + 1)
        )
        if not first <= day <= last:
            raise Refused(f"that period has no day {node.n}")
        return day_span(day, ctx)
    if node.what == "week":
        # weeks of a year, a quarter or a month are ISO-like: a week is the period's that holds
        # most of its days (the first holds the 4th, the last the day three before the last),
        # so the week of Mon 31 July is August's first, not July's last
        whole = (last - first).days >= 27
        if node.n > 0:
            day = (first + timedelta(days=3) if whole else first) + timedelta(weeks=node.n - 1)
        else:
            day = (last - timedelta(days=3) if whole else last) - timedelta(weeks=-node.n - 1)
        start = cal.floor(day, "week", ctx.week_start)
        if start > last or start + timedelta(days=7) <= first:
            raise Refused(f"that period has no week {node.n}")
        return Span(cal.at(start, ctx.tz), cal.at(start + timedelta(days=7), ctx.tz), "week")
    if node.what == "weekend":
        saturdays = [
            first + timedelta(days=i)
            for i in range((last - first).days + 1)
            if (first + timedelta(days=i)).weekday() == 5
        ]
        index = node.n - 1 if node.n > 0 else node.n
        if not -len(saturdays) <= index < len(saturdays):
            raise Refused(f"that period has no weekend {node.n}")
        return _weekend(saturdays[index], ctx)
    if node.what == "half" and period.grain != "year":
        # half of a month, week, season or quarter: by its days (the 1st-15th of a month)
        count_ = (last - first).days + 1
        middle = first + timedelta(days=count_ // 2)
        start, end = (first, middle) if node.n == 1 else (middle, last + timedelta(days=1))
        return Span(cal.at(start, ctx.tz), cal.at(end, ctx.tz), "day", kind="interval")
    if node.what in ("month", "quarter", "half"):
        count = {"month": 12, "quarter": 4, "half": 2}[node.what]
        if period.grain != "year":
            raise Refused(f"a {node.what} number needs a year")
        index = node.n if node.n > 0 else count + 1 + node.n
        if not 1 <= index <= count:
            raise Refused(f"a year has no {node.what} {node.n}")
        step = {"month": 1, "quarter": 3, "half": 6}[node.what]
        start = date(first.year, (index - 1) * step + 1, 1)
        if node.what == "half":  # H1 next year: six months
            return Span(cal.at(start, ctx.tz), cal.at(cal.add(start, "month", 6), ctx.tz), "month")
        return period_span(start, node.what, ctx)
    if node.what in ("days", "weeks", "months"):  # "first ten days of last year"
        count = abs(node.n)
        if node.what == "months":
            head, tail = (
                cal.add(first, "month", count),
                cal.add(last + timedelta(days=1), "month", -count),
            )
        else:
            length = timedelta(days=count * (7 if node.what == "weeks" else 1))
            head, tail = first + length, last + timedelta(days=1) - length
        start, end = (first, head) if node.n > 0 else (tail, last + timedelta(days=1))
        if start < first or end > last + timedelta(days=1) or start >= end:
            raise Refused(f"that period is shorter than {count} {node.what}")
        return Span(
            cal.at(start, ctx.tz),
            cal.at(end, ctx.tz),
            "month" if node.what == "months" else "day",
            kind="interval",
        )
    raise Refused(f"cannot count {node.what}s in a period")


def _holiday(node: n.Holiday, ctx: Context) -> Span:
    def on(year: int) -> date | None:
        found = cal.holiday_days(node.key, year)
        return None if found is None else found[0]

    def span(first: date) -> Span:
        found = cal.holiday_days(node.key, first.year)
        length = found[1] if found is not None and found[0] == first else 1
        return Span(cal.at(first, ctx.tz), cal.at(first + timedelta(days=length), ctx.tz), "day")

    def on_or_refuse(year: int) -> date:
        # "the christmas before last": the one a year before the last one
        found = on(year)
        if found is None:
            raise Refused(f"no date for that holiday in {year}")
        return found

    if node.year is not None:
        year = full_year(node.year, ctx) or node.year
        found = on(year)
        if found is None:
            raise Refused(f"no date for that holiday in {year}")
        return span(found)
    today = ctx.today
    anchor = _base_day(ctx)
    relation = node.relation
    if relation == "this":
        found = on(today.year)
        if found is None:
            raise Refused("no date for that holiday this year")
        return span(found)
    forward = relation in ("next", "coming") or (relation == "" and _forward(ctx))
    for years in range(3):
        year = anchor.year + (years if forward else -years)
        found = on(year)
        if found is None:
            continue
        if relation in ("next", "coming") and found > today:
            return span(on_or_refuse(found.year + node.count - 1))
        if relation == "last" and found < today:
            return span(on_or_refuse(found.year - node.count + 1))
        if relation == "" and (found >= anchor if forward else found <= anchor):
            return span(found)
    raise Refused("no date for that holiday near the reference time")


def _weekend(saturday: date, ctx: Context) -> Span:
    return Span(cal.at(saturday, ctx.tz), cal.at(saturday + timedelta(days=2), ctx.tz), "day")


def _saturday_of(day: date) -> date:
    return day - timedelta(days=day.weekday()) + timedelta(days=5)


def _period(node: n.Period, ctx: Context) -> Span:
    today = ctx.today
    if node.grain == "weekend":
        saturday = _saturday_of(today) + timedelta(weeks=node.offset)
        if node.bare:
            if ctx.not_before is not None:
                saturday = _saturday_of(ctx.not_before)  # its Sunday is never before the floor
            elif saturday > today and today.weekday() < 4:
                # the most recent one; from Friday on, the one that is beginning (a Friday
                # note's "plans for the weekend" are tomorrow's)
                saturday -= timedelta(days=7)
        return _weekend(saturday, ctx)
    if node.grain == "day":
        return day_span(today + timedelta(days=node.offset), ctx)
    if node.grain == "fortnight":
        start = cal.floor(today, "week", ctx.week_start) + timedelta(weeks=2 * node.offset)
        return Span(cal.at(start, ctx.tz), cal.at(start + timedelta(weeks=2), ctx.tz), "week")
    if node.grain in ("hour", "minute"):  # "this hour", "this minute": the one now is in
        step = timedelta(hours=1) if node.grain == "hour" else timedelta(minutes=1)
        floor = ctx.now.replace(second=0, microsecond=0)
        if node.grain == "hour":
            floor = floor.replace(minute=0)
        first = cal.plus(floor, step * node.offset, ctx.tz)
        return Span(first, cal.plus(first, step, ctx.tz), node.grain)
    start = cal.add(cal.floor(today, node.grain, ctx.week_start), node.grain, node.offset)
    if node.working and node.grain == "week":
        monday = start + timedelta(days=(0 - start.weekday()) % 7)
        return Span(cal.at(monday, ctx.tz), cal.at(monday + timedelta(days=5), ctx.tz), "day")
    return period_span(start, node.grain, ctx)


def _month(node: n.Month, ctx: Context) -> Span:
    if node.year is not None and node.year >= n.SHORT_YEAR:  # "April of 87"
        node = node.replace(year=near_year(node.year - n.SHORT_YEAR, ctx))
    today = ctx.today
    month = node.month
    if not 1 <= month <= 12:
        raise Refused(f"there is no month {month}")
    if node.year is not None:
        return period_span(date(node.year, month, 1), "month", ctx)
    relation = node.relation
    if relation == "":
        if ctx.not_before is not None:
            floor = ctx.not_before
            year = floor.year if month >= floor.month else floor.year + 1
        else:
            year = today.year if month <= today.month else today.year - 1
    elif relation == "last":
        year = today.year if month < today.month else today.year - 1
    elif relation in ("next", "coming"):
        year = today.year if month > today.month else today.year + 1
        year += node.count
    else:
        year = today.year
    return period_span(date(year, month, 1), "month", ctx)


def _year(node: n.Year, ctx: Context) -> Span:
    if node.year >= n.SHORT_YEAR:  # "'74"
        node = n.Year(near_year(node.year - n.SHORT_YEAR, ctx))
    if node.year < 1:
        raise Refused(f"{-node.year} BC is before year 1, where Python's calendar starts")
    if node.year > 9998:
        raise Refused(f"year {node.year} is outside the calendar prme can hold")
    return period_span(date(node.year, 1, 1), "year", ctx)


def _quarter(node: n.Quarter, ctx: Context) -> Span:
    months = 6 if node.half else 3
    grain = "quarter"
    count = 12 // months
    if not 1 <= node.quarter <= count:
        raise Refused(f"a year has no {'half' if node.half else 'quarter'} {node.quarter}")
    start_month = (node.quarter - 1) * months + 1
    if node.year is not None:
        year = full_year(node.year, ctx) or node.year
    else:
        today = _base_day(ctx)
        current = (today.month - 1) // months + 1
        if _forward(ctx) or node.relation in ("next", "coming"):
            year = today.year if node.quarter >= current else today.year + 1
        elif node.relation == "this":
            year = today.year
        else:
            year = today.year if node.quarter <= current else today.year - 1
    start = date(year, start_month, 1)
    end = start + cal.relativedelta(months=months)
    return Span(cal.at(start, ctx.tz), cal.at(end, ctx.tz), "month" if node.half else grain)


def _season(node: n.Season, ctx: Context) -> Span:
    def starting(year: int) -> date:
        return date(year, node.month, 1)

    today = ctx.today
    if node.year is not None:
        start = starting(full_year(node.year, ctx) or node.year)
    else:
        # the season that started most recently (today counts), then per relation
        year = today.year if starting(today.year) <= today else today.year - 1
        current = starting(year)
        contains = today < current + cal.relativedelta(months=3)
        relation = node.relation
        if relation == "" and _forward(ctx):
            floor = ctx.not_before or today
            start = (
                starting(floor.year) if starting(floor.year) >= floor else starting(floor.year + 1)
            )
            if contains and floor <= current + cal.relativedelta(months=3):
                start = current
        elif relation == "":
            start = current
        elif relation == "last":  # "last summer"; "two summers ago": count 2
            start = starting(year - node.count if contains else year - node.count + 1)
        elif relation in ("next", "coming"):
            start = starting(year + node.count)
        else:  # this: the one we are in, else this year's
            start = current if contains else starting(today.year)
    end = start + cal.relativedelta(months=3)
    return Span(cal.at(start, ctx.tz), cal.at(end, ctx.tz), "month")


def _decade(node: n.Decade, ctx: Context) -> Span:
    if node.start is not None:
        start = node.start
    else:
        year = ctx.today.year
        start = year // 100 * 100 + node.twodigit
        if start > year:
            start -= 100
    return Span(cal.at(date(start, 1, 1), ctx.tz), cal.at(date(start + 10, 1, 1), ctx.tz), "year")


def _century(node: n.Century, ctx: Context) -> Span:
    first = max((node.number - 1) * 100, 1)
    if not 1 <= node.number <= 99:
        raise Refused(f"no century {node.number}")
    return Span(
        cal.at(date(first, 1, 1), ctx.tz), cal.at(date(node.number * 100, 1, 1), ctx.tz), "year"
    )


def _isoweek(node: n.IsoWeek, ctx: Context) -> Span:
    year = full_year(node.year, ctx) if node.year is not None else ctx.today.year
    assert year is not None
    try:
        monday = date.fromisocalendar(year, node.week, 1)
    except ValueError:
        raise Refused(f"{year} has no ISO week {node.week}") from None
    return Span(cal.at(monday, ctx.tz), cal.at(monday + timedelta(days=7), ctx.tz), "week")


# ------------------------------------------------------------------------- offsets and spans


def _widen(span: Span, ctx: Context, at_most: timedelta | None = None) -> Span:
    """A vague expression's window, widened by about a third of its grain each side (by no
    more than ``at_most`` below a day: "a few minutes ago" is not half an hour wide)."""
    pad = {
        "second": timedelta(minutes=15),
        "minute": timedelta(minutes=30),
        "hour": timedelta(hours=1),
        "day": timedelta(days=1),
        "week": timedelta(days=2),
        "month": timedelta(days=7),
        "quarter": timedelta(days=15),
        "year": timedelta(days=30),
    }[span.grain]
    if at_most is not None and pad < timedelta(days=1):
        pad = min(pad, at_most)
    if pad >= timedelta(days=1):
        start = cal.at(span.start.date() - pad, ctx.tz) if span.start != OPEN_START else span.start
        end = cal.at(span.end.date() + pad, ctx.tz) if span.end != OPEN_END else span.end
    else:
        start = cal.plus(span.start, -pad, ctx.tz) if span.start != OPEN_START else span.start
        end = cal.plus(span.end, pad, ctx.tz) if span.end != OPEN_END else span.end
    return Span(start, end, span.grain, True, span.kind)


def _units(dur: n.Dur) -> dict[str, Decimal]:
    return dict(dur.units)


def _sub_day(dur: n.Dur) -> bool:
    return any(g in cal.SUB_DAY for g, _ in dur.units) or any(
        g == "day" and c != int(c) for g, c in dur.units
    )


def _move(instant: datetime, dur: n.Dur, sign: int, ctx: Context) -> datetime:
    """Wall-clock move for calendar units, elapsed time for the rest."""
    units = _units(dur)
    whole = {g: c for g, c in units.items() if g not in cal.SUB_DAY}
    elapsed = {g: c for g, c in units.items() if g in cal.SUB_DAY}
    wall = instant.astimezone(ctx.tz).replace(tzinfo=None)
    moved = cal.localize(cal.shift_wall(wall, whole, sign), ctx.tz) if whole else instant
    if elapsed:
        seconds = cal.seconds_of(elapsed)
        moved = cal.plus(moved, timedelta(seconds=float(seconds)) * sign, ctx.tz)
    return moved


def _shift(node: n.Shift, ctx: Context) -> Span:
    if isinstance(node.base, n.Prev) and ctx.anchor is None:
        node = n.Shift(node.dur, node.sign)  # "30 minutes later" with nothing before: from now
    if node.base is None:
        if any(g == "second" for g, _ in node.dur.units):
            moved = _move(ctx.now.replace(microsecond=0), node.dur, node.sign, ctx)
            span = _point(moved, "second", ctx)
        elif _sub_day(node.dur):
            moved = _move(ctx.now.replace(second=0, microsecond=0), node.dur, node.sign, ctx)
            span = _point(moved, "minute", ctx)
        else:
            moved = _move(cal.at(ctx.today, ctx.tz), node.dur, node.sign, ctx)
            span = day_span(moved.date(), ctx)
    else:
        base = resolve(node.base, ctx)
        start = _move(base.start, node.dur, node.sign, ctx)
        if base.grain in ("minute", "second") or _sub_day(node.dur):
            end = cal.plus(start, base.end - base.start, ctx.tz)
            grain = cal.finer(base.grain, "minute") if _sub_day(node.dur) else base.grain
            span = Span(start, end, grain, base.approximate, base.kind)
        elif (
            node.dur.finest() in ("day", "week")
            and base.grain == "day"
            and base.end - base.start > timedelta(hours=26)
            and base.kind != "set"
        ):
            # "the day after hanukkah", "two days before labor day weekend": counted from
            # the last day of a run of days (after) or from its first (before)
            edge = (
                base.start
                if node.sign < 0
                else cal.at((base.end - timedelta(seconds=1)).date(), ctx.tz)
            )
            day = day_span(_move(edge, node.dur, node.sign, ctx).date(), ctx)
            span = Span(day.start, day.end, "day", base.approximate)
        elif node.dur.finest() in ("day", "week") and base.grain in ("month", "quarter", "year"):
            # "two weeks after 2011", "ten days after march": a day counted from its start
            day = day_span(start.date(), ctx)
            span = Span(day.start, day.end, "day", base.approximate)
        else:
            end = _move(base.end, node.dur, node.sign, ctx)
            span = Span(start, end, base.grain, base.approximate, base.kind)
    if not node.dur.approx:
        return span
    # vague by about a third of the amount, never reaching past now ("a few minutes ago")
    length = timedelta(seconds=float(cal.seconds_of(_units(node.dur))))
    wide = _widen(span, ctx, timedelta(minutes=max(1, int(length.total_seconds() // 180))))
    if node.base is None and _sub_day(node.dur):
        if node.sign < 0 and wide.end > ctx.now:
            wide = Span(wide.start, max(ctx.now, span.end), wide.grain, True, wide.kind)
        elif node.sign > 0 and wide.start < ctx.now:
            wide = Span(min(ctx.now, span.start), wide.end, wide.grain, True, wide.kind)
    return wide


def _weekday_from(node: n.WeekdayFrom, ctx: Context) -> Span:
    """``the monday after easter``: the first Monday strictly after it (before: before)."""
    base = resolve(node.base, ctx)
    if node.sign > 0:
        day = (base.end - timedelta(seconds=1)).date()
        return day_span(day + timedelta(days=(node.weekday - day.weekday() - 1) % 7 + 1), ctx)
    day = base.start.date()
    return day_span(day - timedelta(days=(day.weekday() - node.weekday - 1) % 7 + 1), ctx)


def _span_beside(node: n.SpanBeside, ctx: Context) -> Span:
    """``the three days before christmas`` [Dec 22, Dec 25); ``the two weeks after easter``
    from the day after it, fourteen days (after a run of days: after its last one)."""
    base = resolve(node.base, ctx)
    if node.sign < 0:
        end = cal.at(base.start.date(), ctx.tz)
        start = cal.at(_move(end, node.dur, -1, ctx).date(), ctx.tz)
    else:
        start = cal.at((base.end - timedelta(seconds=1)).date() + timedelta(days=1), ctx.tz)
        end = cal.at(_move(start, node.dur, 1, ctx).date(), ctx.tz)
    return Span(start, end, "day", base.approximate, "interval")


def _period_from(node: n.PeriodFrom, ctx: Context) -> Span:
    """``the week after christmas``: the calendar period after (before) the one holding it."""
    day = resolve(node.base, ctx).start.date()
    if node.grain == "weekend":
        saturday = _saturday_of(day)  # the weekend of that week
        if day.weekday() < 5 and node.sign > 0:
            return _weekend(saturday, ctx)  # a weekday: the weekend after is its week's
        return _weekend(saturday + timedelta(weeks=node.sign), ctx)
    start = cal.add(cal.floor(day, node.grain, ctx.week_start), node.grain, node.sign)
    return period_span(start, node.grain, ctx)


_NEAR = {
    "second": timedelta(minutes=30),
    "minute": timedelta(minutes=30),
    "hour": timedelta(hours=1),
    "day": timedelta(days=3),
    "week": timedelta(weeks=1),
    "month": timedelta(days=30),
    "quarter": timedelta(days=30),
    "year": timedelta(days=90),
}


def _near(node: n.Near, ctx: Context) -> Span:
    """``just after midnight`` [00:00, 00:30); ``shortly before christmas`` the three days
    before it: a little way from the anchor, approximate."""
    base = resolve(node.base, ctx)
    pad = _NEAR[base.grain]
    point = base.grain in ("second", "minute")
    if node.side == "after":
        start = base.start if point else base.end
        end = cal.plus(start, pad, ctx.tz)
    else:
        end = base.start
        start = cal.plus(end, -pad, ctx.tz)
    if pad >= timedelta(days=1):
        start, end = cal.at(start.date(), ctx.tz), cal.at(end.date(), ctx.tz)
    grain = "minute" if point else base.grain
    return Span(start, end, grain, True, "interval")


def _repeat(node: n.Repeat, ctx: Context) -> Span:
    """``the week after next`` (2), ``the month before last`` (-2): whole periods."""
    return _period(n.Period(node.grain, node.count), ctx)


def _business_days(node: n.BusinessDays, ctx: Context) -> Span:
    """``next 4 business days``: from tomorrow through the fourth weekday; ``previous 4
    business days``: from the fourth weekday back up to today (weekends are skipped)."""
    day = ctx.today
    counted = 0
    while counted < node.count:
        day += timedelta(days=node.sign)
        if day.weekday() < 5:
            counted += 1
    if node.point:  # "in 3 working days": that day
        return day_span(day, ctx)
    if node.sign > 0:
        start = cal.at(ctx.today + timedelta(days=1), ctx.tz)
        return Span(start, cal.at(day + timedelta(days=1), ctx.tz), "day", False, "interval")
    return Span(cal.at(day, ctx.tz), cal.at(ctx.today, ctx.tz), "day", False, "interval")


def _trailing(node: n.Trailing, ctx: Context) -> Span:
    if all(count == 0 for _, count in node.dur.units):
        raise Refused("a span of zero length is empty")
    if len(node.dur.units) == 1 and node.dur.units[0][0] == "weekend":
        # "the past 3 weekends": the three before today (one in progress not counted), from
        # the first Saturday to the last Sunday; "the next 2 weekends" from the coming one
        count = int(node.dur.units[0][1])
        if count < 1 or count != node.dur.units[0][1]:
            raise Refused("weekends are counted whole")
        this_saturday = _saturday_of(ctx.today)
        if node.sign < 0:
            last_saturday = this_saturday - timedelta(weeks=1)
            first_saturday = last_saturday - timedelta(weeks=count - 1)
        else:
            first_saturday = this_saturday + timedelta(weeks=1 if ctx.today.weekday() >= 5 else 0)
            last_saturday = first_saturday + timedelta(weeks=count - 1)
        end = last_saturday + timedelta(days=2)
        start = cal.at(first_saturday, ctx.tz)
        return Span(start, cal.at(end, ctx.tz), "day", node.dur.approx, "interval")
    finest = node.dur.finest()
    grain = {
        "fortnight": "week",
        "decade": "year",
        "century": "year",
        "night": "day",
        "weekend": "day",
    }.get(finest, finest)
    if node.sign == 0:  # within N units: from now (today for days and longer)
        if _sub_day(node.dur):
            return Span(
                ctx.now, _move(ctx.now, node.dur, 1, ctx), grain, node.dur.approx, "interval"
            )
        start = cal.at(ctx.today, ctx.tz)
        return Span(start, _move(start, node.dur, 1, ctx), grain, node.dur.approx, "interval")
    if _sub_day(node.dur):
        other = _move(ctx.now, node.dur, node.sign, ctx)
        first, last = (other, ctx.now) if node.sign < 0 else (ctx.now, other)
        return Span(first, last, grain, node.dur.approx, "interval")
    if finest in ("quarter", "decade"):
        # "the past two quarters", "next 3 quarters", "the next two decades": whole calendar
        # periods, this one excluded
        current = cal.floor(ctx.today, finest, ctx.week_start)
        count = int(sum(c for _, c in node.dur.units))
        if node.sign < 0:
            first_p, last_p = cal.add(current, finest, -count), current
        else:
            first_p = cal.add(current, finest, 1)
            last_p = cal.add(first_p, finest, count)
        shown = "quarter" if finest == "quarter" else "year"
        return Span(cal.at(first_p, ctx.tz), cal.at(last_p, ctx.tz), shown, False, "interval")
    today_start = cal.at(ctx.today, ctx.tz)
    if node.sign < 0:
        # "last 3 days", "the past week", "5 past years": whole days before today, today not
        # included (the N days that end where today begins, as common parsers read it)
        start = _move(today_start, node.dur, -1, ctx)
        return Span(start, today_start, grain, node.dur.approx, "interval")
    tomorrow = cal.at(ctx.today + timedelta(days=1), ctx.tz)
    return Span(tomorrow, _move(tomorrow, node.dur, 1, ctx), grain, node.dur.approx, "interval")


_THIRDS = {
    "year": (("month", 0, 4), ("month", 4, 8), ("month", 8, 12)),
    "quarter": (("month", 0, 1), ("month", 1, 2), ("month", 2, 3)),
    "month": (("day", 0, 10), ("day", 10, 20), ("day", 20, 31)),
    "week": (("day", 0, 3), ("day", 2, 5), ("day", 3, 7)),
    "day": (("hour", 0, 8), ("hour", 8, 16), ("hour", 16, 24)),
}


def _edge_of_hours(edge: str, base: Span, ctx: Context) -> Span:
    """``the beginning of the evening``, ``the middle of the morning``, ``the end of the
    afternoon``: a part of the day's own first half, middle half or second half, as
    ``early evening``, ``mid-morning`` and ``late afternoon`` are (not the thirds of the
    whole day). ``the middle of the night`` is the small hours, 00:00-04:00: the dead of
    night people mean by it, not the 20:30-01:30 the halves of 18-04 would give."""
    from prme_cli.timeexpr.lexicon import PARTS

    length = base.end - base.start
    first, last = PARTS["night"]
    if edge == "mid" and (base.start.hour, length) == (first, timedelta(hours=last - first)):
        midnight = cal.at(base.start.date() + timedelta(days=1), ctx.tz)
        return Span(midnight, cal.at(midnight.date(), ctx.tz, time(4)), "hour", True)
    lo, hi = {"start": (0, 2), "mid": (1, 3), "end": (2, 4)}[edge]
    start = cal.plus(base.start, length * lo / 4, ctx.tz)
    return Span(start, cal.plus(base.start, length * hi / 4, ctx.tz), "hour", True)


def _edge(node: n.Edge, ctx: Context) -> Span:
    base = resolve(node.base, ctx)
    if node.edge == "week_of":
        monday = cal.floor(base.start.date(), "week", ctx.week_start)
        return Span(cal.at(monday, ctx.tz), cal.at(monday + timedelta(days=7), ctx.tz), "week")
    if node.edge == "weekend_of":
        day = base.start.date()
        if day.weekday() == 0:  # a Monday holiday: the long weekend before it
            return Span(
                cal.at(day - timedelta(days=2), ctx.tz),
                cal.at(day + timedelta(days=1), ctx.tz),
                "day",
            )
        if day.weekday() in (3, 4):  # a Thursday or Friday: the long weekend it starts
            monday = day + timedelta(days=7 - day.weekday())
            return Span(cal.at(day, ctx.tz), cal.at(monday, ctx.tz), "day")
        saturday = (
            day - timedelta(days=(day.weekday() - 5) % 7)
            if day.weekday() >= 5
            else _saturday_of(day)
        )
        return _weekend(saturday, ctx)
    if node.instant or base.grain in ("second", "minute"):
        if node.edge == "end":
            return Span(cal.plus(base.end, timedelta(seconds=-1), ctx.tz), base.end, "second")
        return Span(base.start, cal.plus(base.start, timedelta(seconds=1), ctx.tz), "second")
    which = {"start": 0, "mid": 1, "end": 2}[node.edge]
    length = base.end - base.start
    grain = base.grain
    if grain == "hour" and length < timedelta(hours=24):
        return _edge_of_hours(node.edge, base, ctx)
    if grain == "day" and length <= timedelta(hours=25) and node.edge != "mid":
        # "end of today", "end of the day": the deadline, the day's last second
        return _edge(n.Edge(node.edge, node.base, True), ctx)
    if grain == "year" and length > timedelta(days=370):  # a decade or a century
        years = round(length.days / 365.25)
        first = base.start.year + (0, years * 3 // 10, years * 7 // 10)[which]
        last = base.start.year + (years * 3 // 10, years * 7 // 10, years)[which]
        return Span(
            cal.at(date(first, 1, 1), ctx.tz), cal.at(date(last, 1, 1), ctx.tz), "year", True
        )
    if grain == "month" and length > timedelta(days=32):
        # a season or a span of months: its first, middle or last third in whole months
        months = round(length.days / 30.44)
        cuts = (0, months // 3, months - months // 3, months)
        first_day = base.start.date()
        start = first_day + cal.relativedelta(months=cuts[which])
        end = first_day + cal.relativedelta(months=cuts[which + 1])
        return Span(cal.at(start, ctx.tz), cal.at(end, ctx.tz), "month", True)
    if grain not in _THIRDS:
        grain = (
            "day"
            if length <= timedelta(hours=25)
            else "week"
            if length <= timedelta(days=8)
            else "month"
        )
    unit, lo, hi = _THIRDS[grain][which]
    first_day = base.start.date()
    if unit == "month":
        start, end = (
            first_day + cal.relativedelta(months=lo),
            first_day + cal.relativedelta(months=hi),
        )
        return Span(cal.at(start, ctx.tz), cal.at(end, ctx.tz), "month", True)
    if unit == "day":
        last_day = (base.end - timedelta(seconds=1)).date()
        start = first_day + timedelta(days=lo)
        end = min(first_day + timedelta(days=hi), last_day + timedelta(days=1))
        return Span(cal.at(start, ctx.tz), cal.at(end, ctx.tz), "day", True)
    start_dt = cal.at(first_day, ctx.tz, time(lo))
    end_dt = cal.at(first_day + timedelta(days=hi // 24), ctx.tz, time(hi % 24))
    return Span(start_dt, end_dt, "hour", True)


def _rest(node: n.Rest, ctx: Context) -> Span:
    base = resolve(node.base, ctx)
    today_start = cal.at(ctx.today, ctx.tz)
    tomorrow = cal.at(ctx.today + timedelta(days=1), ctx.tz)
    short = base.end - base.start <= timedelta(hours=25)
    if node.side == "rest":
        start, end = max(ctx.now, base.start), base.end
    elif node.side == "todate":
        start, end = base.start, min(ctx.now, base.end)
    elif node.side == "earlier":
        start, end = base.start, min(ctx.now if short else today_start, base.end)
    else:
        start, end = max(ctx.now if short else tomorrow, base.start), base.end
    if end <= start:
        raise Refused("that part of the period is empty")
    grain = "minute" if short else "day"
    return Span(start, end, grain, False, "interval")


# ------------------------------------------------------------------------- times of the day


def _part_hours(part: n.Part) -> tuple[float, float]:
    from prme_cli.timeexpr.lexicon import PARTS

    first, last = PARTS[part.name]
    middle = (first + last) / 2
    if part.mod == "early":
        return first, middle
    if part.mod == "late":
        return middle, last
    if part.mod == "mid":
        quarter = (last - first) / 4
        return first + quarter, last - quarter
    return first, last


def _hour_time(day: date, hours: float, ctx: Context) -> datetime:
    whole = int(hours)
    minutes = round((hours - whole) * 60)
    return cal.at(day + timedelta(days=whole // 24), ctx.tz, time(whole % 24, minutes))


def _part_on(day: date, part: n.Part, ctx: Context) -> Span:
    first, last = _part_hours(part)
    return Span(_hour_time(day, first, ctx), _hour_time(day, last, ctx), "hour")


def _part_node(node: n.Part, ctx: Context) -> Span:
    return _part_on(ctx.today, node, ctx)


def clock_hour(clock: n.Clock, part: n.Part | None) -> int:
    """The 24-hour hour a clock time means (a hour past 24 is the next day's)."""
    hour = clock.hour
    if clock.meridiem:
        if not 1 <= hour <= 12:
            raise Refused(f"{hour}{clock.meridiem} is not a time of day")
        return hour % 12 + (12 if clock.meridiem == "pm" else 0)
    if hour > 23:
        raise Refused(f"{hour}:{clock.minute:02d} is not a time of day")
    if hour == 0 and part is not None and _part_hours(part)[1] >= 24:
        return 24  # "midnight tonight", "00:30 tonight": the night's, after the day ends
    if hour > 12 or clock.zero_padded or hour == 0:
        return hour
    if part is not None:
        first, last = _part_hours(part)
        for candidate in (hour % 12, hour % 12 + 12, hour % 12 + 24):
            if first <= candidate + clock.minute / 60 < last or (candidate == first):
                return candidate
        return hour % 12 + 12 if first >= 12 else hour
    # no am/pm and no part of the day: waking hours (1-6 are afternoon, 7-12 as written)
    return hour + 12 if 1 <= hour <= 6 else hour


def _clock_at(day: date, clock: n.Clock, part: n.Part | None, ctx: Context) -> datetime:
    hour = clock_hour(clock, part)
    if clock.minute > 59 or (clock.second or 0) > 59:
        raise Refused(f"{clock.hour}:{clock.minute:02d} is not a time of day")
    wall = time(hour % 24, clock.minute, clock.second or 0)
    if clock.zone:  # "3pm ET", "10:15 +0000": that wall time there, shown in the zone
        return cal.at(day + timedelta(days=hour // 24), _written_zone(clock.zone), wall).astimezone(
            ctx.tz
        )
    return cal.at(day + timedelta(days=hour // 24), ctx.tz, wall)


def _written_zone(name: str) -> tzinfo:
    """The zone a clock time was written in: ``+05:30`` or an IANA name."""
    if name[:1] in "+-":
        sign = 1 if name[0] == "+" else -1
        hours, minutes = int(name[1:3]), int(name[4:6] or 0)
        return timezone(sign * timedelta(hours=hours, minutes=minutes))
    from zoneinfo import ZoneInfo

    return ZoneInfo(name)


def _clock_range(day: date, node: n.ClockRange, part: n.Part | None, ctx: Context) -> Span:
    first, last = node.first, node.last
    if last.zone and not first.zone:  # "9 to 10:30 CST": both in that zone
        first = first.replace(zone=last.zone)
    if last.meridiem and not first.meridiem and not first.zero_padded and first.hour <= 12:
        same = first.replace(meridiem=last.meridiem)
        other = first.replace(meridiem="am" if last.meridiem == "pm" else "pm")
        end_hour = clock_hour(last, None)
        first = same if clock_hour(same, None) <= end_hour else other
    start = _clock_at(day, first, part, ctx)
    end = _clock_at(day, last, part, ctx)
    if part is not None and end <= start and not first.meridiem and first.hour <= 12:
        # "from 11 to 1 in the afternoon": the start in the morning, if the range then
        # reaches into the part; "ten to six in the evening" is no range (it is 17:50)
        morning = _clock_at(day, first.replace(hour=first.hour % 12, zero_padded=True), None, ctx)
        if morning < end and end > cal.at(day, ctx.tz, time(int(_part_hours(part)[0]) % 24)):
            start = morning
    if part is not None and end <= start:
        raise Refused("that range runs backwards inside its part of the day")
    if end <= start and not last.meridiem and last.hour <= 12 and not last.zero_padded:
        end = _clock_at(day, last.replace(hour=last.hour % 12 + 12), None, ctx)
        if end <= start:  # "from 8pm to 1": one in the night, not the next afternoon
            night = last.replace(hour=last.hour % 12, zero_padded=True)
            end = _clock_at(day + timedelta(days=1), night, None, ctx)
    if end <= start and last.meridiem == "pm":
        raise Refused("a range cannot run back to an afternoon hour")  # "20 to 2pm"
    if end <= start:
        end = cal.localize(end.replace(tzinfo=None) + timedelta(days=1), ctx.tz)
    grain = "second" if first.second is not None or last.second is not None else "minute"
    return Span(start, end, grain, False, "interval")


def _moment(node: n.Moment, ctx: Context) -> Span:
    if isinstance(node.day, n.Every) and node.day.base is not None:
        # "the 15th of each month at 7pm": a time on a recurring day recurs too
        timed = n.Moment(node.day.base, node.part, node.time)
        also = tuple(n.Moment(d, node.part, node.time) for d in node.day.also)
        return _every(n.Every(timed, node.day.unit, also), ctx)
    if node.day is None:
        day = ctx.today
    elif isinstance(node.day, n.Prev) and ctx.anchor is not None:
        day = ctx.anchor.start.date()
    else:
        day = _day_of(node.day, ctx)
    part, what = node.part, node.time
    if what is None:
        if part is None:
            return day_span(day, ctx)
        return _part_on(day, part, ctx)
    if isinstance(what, n.Clock):
        instant = _clock_at(day, what, part, ctx)
        return _point(instant, "second" if what.second is not None else "minute", ctx)
    if isinstance(what, n.ClockRange):
        return _clock_range(day, what, part, ctx)
    if isinstance(what, n.ClockFor):
        start = _clock_at(day, what.clock, part, ctx)
        return Span(start, _move(start, what.dur, 1, ctx), "minute", False, "interval")
    if isinstance(what, n.Open):
        inner = n.Moment(node.day, part, what.base)
        span = _moment(inner, ctx)
        bounds = day_span(day, ctx)
        if what.side in ("before", "until"):
            end = span.start if what.side == "before" else span.end
            return Span(bounds.start, end, span.grain, span.approximate, "interval")
        point = span.grain in ("second", "minute")
        start = span.end if what.side == "after" and not point else span.start
        return Span(start, bounds.end, span.grain, span.approximate, "interval")
    if isinstance(what, n.Approx):
        return _widen(_moment(n.Moment(node.day, part, what.base), ctx), ctx)
    raise Refused("cannot place that in a day")


# ------------------------------------------------------------------------------- intervals


def _fill(node: n.Node, tail: n.Node | None, other: n.Node) -> n.Node:
    """Give one side of a range what it leaves out (its month, its year) from the other side
    or from a shared tail: ``Feb 12-15`` -> Feb 15; ``Nov-Feb 2017`` -> Nov 2016."""
    if getattr(node, "relation", "") != "":
        return node  # "from this May to Oct 2020": this May is this year's
    if isinstance(tail, n.Year):
        if (
            isinstance(node, (n.Date, n.Month))
            and node.year is None
            and (not isinstance(node, n.Date) or node.month)
        ):
            return node.replace(year=tail.year)
        if isinstance(node, n.Quarter) and node.year is None:
            return node.replace(year=tail.year)
    if isinstance(tail, n.Period) and tail.grain == "week" and isinstance(node, n.Weekday):
        return n.InPeriod(node, tail)  # "monday to friday next week": both of next week
    if (
        isinstance(node, n.Weekday)
        and isinstance(other, n.InPeriod)
        and isinstance(other.inner, n.Weekday)
    ):
        return n.InPeriod(node, other.period)  # "tuesday to thursday last week"
    if _bare_day(node) and _day_in_month_period(other):
        return _day_in_month_before(node, other)  # "from the 4th to the 9th of next month"
    if isinstance(tail, n.Month) and isinstance(node, (n.DayNum, n.Date)):
        day = node.day
        month_year = tail.year
        if isinstance(node, n.Date) and node.month is not None:
            return node
        return n.Date(day, tail.month, month_year)
    return node


def _bare_day(node: n.Node) -> bool:
    return isinstance(node, n.DayNum) or (isinstance(node, n.Date) and node.month is None)


def _day_in_month_period(node: n.Node) -> bool:
    """``the 9th of next month``, ``the 20th of last month``: a bare day inside a month named
    relative to now (the side a range's bare first day takes its month from)."""
    return (
        isinstance(node, n.InPeriod)
        and _bare_day(node.inner)
        and isinstance(node.period, n.Period)
        and node.period.grain == "month"
    )


def _day_in_month_before(node: n.Node, other: n.Node) -> n.Node:
    """The bare first day of ``from the 4th to the 9th of next month`` in the other side's
    month — not the most recent 4th, months before its end; when it is the larger day
    (``from the 27th to the 3rd of next month``) in the month before that one."""
    assert isinstance(other, n.InPeriod) and isinstance(other.period, n.Period)
    day = node.day  # type: ignore[attr-defined]
    period = other.period
    if day > other.inner.day:  # type: ignore[attr-defined]
        period = period.replace(offset=period.offset - 1)
    return n.InPeriod(n.Date(day, None, None), period)


def _between(node: n.Between, ctx: Context) -> Span:
    if (
        isinstance(node.first, n.Checked)
        and isinstance(node.first.base, n.Date)
        and node.first.base.month is None
        and isinstance(node.last, n.Moment)
        and node.last.day is None
    ):
        # "Tuesday 1 to 3pm" is 13:00-15:00 on Tuesday, not from a Tuesday the 1st to 3pm
        raise Refused("a weekday and a number before a clock time: the hours of that day")
    span = _between_sides(node, ctx)
    if (
        ctx.not_before is not None
        and ctx.not_before == ctx.today
        and span.start > ctx.now
        and _bare_calendar_name(node.first)
    ):
        # leaning forward, "what will happen between August and October" in September is
        # the range running now, not next year's: a range of months or dates that has begun
        # and not ended is the coming one (weekdays keep theirs: "I'll be away from Monday to
        # Friday" on a Wednesday is next week)
        try:
            running = _between_sides(node, dataclasses.replace(ctx, not_before=None))
        except Refused:
            return span
        if running.start <= ctx.now < running.end:
            return running
    return span


def _bare_calendar_name(node: n.Node) -> bool:
    """A month, season or date of no year and no relation (``August``, ``May 3``)."""
    if isinstance(node, (n.Month, n.Season)):
        return node.year is None and node.relation == ""
    return (
        isinstance(node, n.Date)
        and node.year is None
        and node.month is not None
        and not node.relation
    )


def _between_sides(node: n.Between, ctx: Context) -> Span:
    tail = node.tail
    if isinstance(tail, n.Period) and tail.grain == "month":
        month_start = resolve(tail, ctx).start.date()
        tail = n.Month(month_start.month, month_start.year)  # "from 4-23 in next month"
    first = _fill(node.first, tail, node.last)
    last = _fill(node.last, tail, node.first)
    if _bare_day(first) and isinstance(last, n.Date) and last.month is not None:
        # "from the 27th to April 3": the 27th before the 3rd (of March when it is larger)
        month, year = last.month, last.year
        if first.day > last.day:  # type: ignore[attr-defined]
            month, year = (12, year - 1 if year else None) if month == 1 else (month - 1, year)
        first = n.Date(first.day, month, year)  # type: ignore[attr-defined]
    elif (
        isinstance(first, n.Date)
        and isinstance(last, n.Date)
        and tail is not None
        and first.month == last.month
        and first.day > last.day
        and node.first != first
    ):
        # "from the twenty-seventh to the third of april": both borrowed April; the first
        # side is the month before
        month, year = first.month or 1, first.year
        first = first.replace(
            month=12 if month == 1 else month - 1,
            year=(year - 1 if month == 1 and year is not None and year < n.SHORT_YEAR else year),
        )
    if isinstance(last, n.Moment) and last.day is None and isinstance(first, n.Moment):
        last = last.replace(day=first.day)  # "Tuesday at 2:00 - 2:30 pm": the same Tuesday
    if (
        isinstance(first, (n.Month, n.Date))
        and isinstance(last, (n.Month, n.Date))
        and first.year is None
        and last.year is not None
        and first.month is not None
        and last.month is not None
        and (isinstance(first, n.Date) or first.relation == "")
    ):
        # "Nov-Feb 2027", "Nov-Feb 5th, 2027", "from Dec 20 to Jan 4, 2027": the year written
        # at the end is the start's too, or the one before when the start's month is later
        first = first.replace(year=last.year if first.month <= last.month else last.year - 1)
    a = resolve(first, ctx)
    floor = dataclasses.replace(ctx, not_before=a.start.date())
    if _bare_day(last):
        # "Feb 12-15", "from april 27th to the third": the first such day on or after the start
        b = day_span(_day_of_month(last.day, floor), ctx)  # type: ignore[attr-defined]
    else:
        b = resolve(last, floor)
    end = b.start if b.grain in ("second", "minute") and b.kind == "point" else b.end
    if end <= a.start and isinstance(last, n.Moment) and isinstance(last.time, n.Clock):
        clock = last.time
        if not clock.meridiem and not clock.zero_padded and clock.hour <= 12 and last.part is None:
            end = cal.plus(end, timedelta(hours=12), ctx.tz)  # "between now and eight o'clock"
    if end <= a.start:
        raise Refused("the range ends before it starts")
    grain = cal.finer(a.grain, b.grain)
    return Span(a.start, end, grain, a.approximate or b.approximate, "interval")


def _durfrom(node: n.DurFrom, ctx: Context) -> Span:
    base = resolve(node.base, ctx)
    grain = node.dur.finest()
    grain = grain if grain in cal.GRAIN_ORDER else "day"
    return Span(base.start, _move(base.start, node.dur, 1, ctx), grain, node.dur.approx, "interval")


def _open(node: n.Open, ctx: Context) -> Span:
    edge = node.base
    if node.side == "before" and isinstance(edge, n.Edge) and edge.edge == "end":
        # "before the end of August", "before the end of the year": a deadline, by the
        # last day of it (as "by the end of August"), not before its last ten days begin
        whole = resolve(edge.base, ctx)
        if whole.grain not in ("second", "minute"):
            return Span(OPEN_START, whole.end, whole.grain, False, "interval")
    base = resolve(node.base, ctx)
    if node.side == "before":
        return Span(OPEN_START, base.start, base.grain, base.approximate, "interval")
    if node.side == "until":
        return Span(OPEN_START, base.end, base.grain, base.approximate, "interval")
    if node.side == "after":
        start = base.start if base.grain in ("second", "minute") else base.end
        return Span(start, OPEN_END, base.grain, base.approximate, "interval")
    return Span(base.start, OPEN_END, base.grain, base.approximate, "interval")


def _approx(node: n.Approx, ctx: Context) -> Span:
    span = resolve(node.base, ctx)
    if not node.widen:  # "sometime next week": somewhere inside it, not around it
        return dataclasses.replace(span, approximate=True)
    return _widen(span, ctx)


def _vague(node: n.Vague, ctx: Context) -> Span:
    start = cal.at(ctx.today - timedelta(days=node.days_back), ctx.tz)
    end = ctx.now if node.days_to == 0 else cal.at(ctx.today - timedelta(days=node.days_to), ctx.tz)
    return Span(start, end, "day", True, "interval")


def _every(node: n.Every, ctx: Context) -> Span:
    if node.base is None and node.unit == "weekday":  # the most recent working day, today too
        span = day_span(ctx.today - timedelta(days=max(0, ctx.today.weekday() - 4)), ctx)
    elif node.base is None and node.unit == "weekend":
        span = _period(n.Period("weekend", 0, False, True), ctx)
    elif node.base is None:
        grain = node.unit if node.unit in cal.GRAIN_ORDER else "day"
        span = _period(n.Period(grain if grain not in cal.SUB_DAY else "day", 0), ctx)
        if grain in cal.SUB_DAY:
            span = Span(
                cal.plus(ctx.now.replace(minute=0, second=0, microsecond=0), timedelta(0), ctx.tz),
                cal.plus(
                    ctx.now.replace(minute=0, second=0, microsecond=0), timedelta(hours=1), ctx.tz
                ),
                "hour",
            )
    else:
        span = resolve(node.base, ctx)
        # on several days: the most recent occurrence of any of them (each is past-leaning)
        for other in node.also:
            found = resolve(other, ctx)
            if span.start > ctx.now or span.start < found.start <= ctx.now:
                span = found
    return dataclasses.replace(span, kind="set")


def _daynum(node: n.DayNum, ctx: Context) -> Span:
    return day_span(_day_of_month(node.day, ctx), ctx)


def _with_year(node: n.WithYear, ctx: Context) -> Span:
    base = node.base
    if isinstance(base, (n.Holiday, n.Month, n.Quarter, n.Season)) or (
        isinstance(base, n.Date) and base.month
    ):
        return resolve(base.replace(year=node.year, relation=""), ctx)
    if isinstance(base, n.Checked):
        return resolve(base.replace(base=n.WithYear(base.base, node.year)), ctx)
    if isinstance(base, n.IsoWeek):
        return resolve(base.replace(year=node.year), ctx)
    raise Refused("a year does not go with that")


def _near_enough(node: n.Checked, day: date, ctx: Context) -> None:
    if node.near and abs((day - ctx.today).days) > 62:
        raise Refused("a weekday beside a date that far off: hours are meant (fri 9-5)")


def _checked(node: n.Checked, ctx: Context) -> Span:
    base = node.base
    if isinstance(base, n.Date) and base.year is None and base.month is None:
        # "Monday 21", "friday the 26th": people name a near date this way (a note's "moved
        # it to Tuesday 29th" is weeks ahead, not the Tuesday 29th of last year), so it is
        # the nearest 21st that falls on a Monday, before or after the day (the earlier on a
        # tie); from a range's start, the first one on or after it. Within two years.
        anchor = _base_day(ctx)
        candidates: list[date] = []
        found_at: int | None = None
        for distance in range(25):  # months away, nearest first, two more once one is found
            for months in (-distance, distance) if distance else (0,):
                index = anchor.year * 12 + anchor.month - 1 + months
                try:
                    candidate = date(index // 12, index % 12 + 1, base.day)
                except ValueError:
                    continue
                if candidate.weekday() == node.weekday and (
                    not _forward(ctx) or candidate >= anchor
                ):
                    candidates.append(candidate)
            if candidates and found_at is None:
                found_at = distance
            if found_at is not None and distance >= found_at + 2:
                break
        if not candidates:
            raise Refused("no such date falls on that weekday within two years")
        return day_span(min(candidates, key=lambda d: (abs((d - anchor).days), d)), ctx)
    if isinstance(base, n.Date) and base.year is None and base.relation == "":
        # "Tuesday March 7": the past-leaning date if it is a Tuesday, else the next or the
        # previous year's, if one of them is (people write the weekday to say which year)
        first_try = resolve(base, ctx).start.date()
        for year in (first_try.year, first_try.year + 1, first_try.year - 1):
            try:
                candidate = date(year, first_try.month, first_try.day)
            except ValueError:
                continue
            if candidate.weekday() == node.weekday:
                _near_enough(node, candidate, ctx)
                return day_span(candidate, ctx)
    span = resolve(base, ctx)
    _near_enough(node, span.start.date(), ctx)
    if span.grain == "day" and span.start.date().weekday() != node.weekday:
        from prme_cli.timeexpr.lexicon import WEEKDAY_NAMES

        actual = WEEKDAY_NAMES[span.start.date().weekday()].title()
        raise Refused(
            f"{span.start.date().isoformat()} is a {actual}, not a {WEEKDAY_NAMES[node.weekday].title()}"
        )
    return span


# ---------------------------------------------------------------------------- stamps


def _stamp(node: n.Stamp, ctx: Context) -> Span:
    from prme_cli.timeexpr import stamps

    try:
        start, end, grain = stamps.read(node.text, node.kind, ctx.tz)
    except stamps.StampError as exc:
        raise Refused(str(exc)) from None
    return Span(start, end, grain, False, "interval" if node.kind == "orgrange" else "point")


_HANDLERS: dict[type, Callable[..., Span]] = {
    n.Now: _now,
    n.Prev: _prev,
    n.RelDay: _relday,
    n.Date: _date_node,
    n.Weekday: _weekday,
    n.InPeriod: _in_period,
    n.Nth: _nth,
    n.Holiday: _holiday,
    n.Period: _period,
    n.Month: _month,
    n.Year: _year,
    n.Quarter: _quarter,
    n.Season: _season,
    n.Decade: _decade,
    n.Century: _century,
    n.IsoWeek: _isoweek,
    n.Shift: _shift,
    n.Repeat: _repeat,
    n.WeekdayFrom: _weekday_from,
    n.PeriodFrom: _period_from,
    n.SpanBeside: _span_beside,
    n.Near: _near,
    n.Trailing: _trailing,
    n.BusinessDays: _business_days,
    n.Edge: _edge,
    n.Rest: _rest,
    n.Part: _part_node,
    n.Moment: _moment,
    n.Between: _between,
    n.DurFrom: _durfrom,
    n.Open: _open,
    n.Approx: _approx,
    n.Vague: _vague,
    n.Every: _every,
    n.Stamp: _stamp,
    n.DayNum: _daynum,
    n.WithYear: _with_year,
    n.Checked: _checked,
}

_ = timezone  # re-exported for stamps
