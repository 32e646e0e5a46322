"""Compute a relation's value from dated operands (SPEC §6.5), in code and exactly.

Pure functions over :class:`~prme_cli.relate.interpret.Dated` values that
:mod:`~prme_cli.relate.validate` has already accepted. Nothing here touches floats:

- Day counts are differences of *calendar dates* on the user's wall clock, never of
  instants, so a DST change (a 23- or 25-hour day) never shifts a count. Hours and minutes,
  the only units where the instant matters, are differences of UTC instants.
- Weeks are days / 7. Months and years are counted as a calendar does: whole months (years)
  between the dates, plus the elapsed fraction of the next month (year) measured in its own
  days — 15 Jan to 20 Mar is 2 months and 5 of the 31 days from 15 Mar to 15 Apr.
- When the notes date an event only to a week, month or year, both ends are moved to the
  start of their period in the unit asked, so the result is a whole number of that unit
  instead of a falsely precise fraction.
- Quantities are ``Decimal`` strings. Rounding rule: a value that is exact with at most two
  decimal places is given exactly (``1.25`` hours, ``0.5`` weeks); any other value is rounded
  half-to-even to one decimal place (30 days = ``4.3`` weeks). Trailing zeros are dropped.
  The ``display`` string always carries the exact breakdown alongside.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, date, datetime, time, timedelta, tzinfo
from decimal import ROUND_HALF_EVEN, Decimal
from itertools import pairwise
from typing import Any

from dateutil.relativedelta import relativedelta

from prme_cli.relate.interpret import (
    CALENDAR_UNITS,
    EXACT_UNITS,
    GRAINS,
    Dated,
    combine_duration,
    period_start,
)
from prme_cli.relate.types import Resolution, pair_terms

_WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
_MONTHS = (
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
)
_SINGULAR = {
    "minutes": "minute",
    "hours": "hour",
    "days": "day",
    "weeks": "week",
    "months": "month",
    "years": "year",
}
_GRAIN_OF_UNIT = {plural: singular for plural, singular in _SINGULAR.items()}
_REPEATER_UNITS = {"h": "hour", "d": "day", "w": "week", "m": "month", "y": "year"}

_TWO_PLACES = Decimal("0.01")
_ONE_PLACE = Decimal("0.1")


# --------------------------------------------------------------------------- formatting


def format_quantity(value: Decimal) -> str:
    """A Decimal as a plain string under the module's rounding rule (see the docstring)."""
    if value == value.quantize(_TWO_PLACES):
        shown = value
    else:
        shown = value.quantize(_ONE_PLACE, rounding=ROUND_HALF_EVEN)
    text = format(shown, "f")
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _is_exact(value: Decimal) -> bool:
    return value == value.quantize(_TWO_PLACES)


def amount(value: Decimal | int, unit: str) -> str:
    """``"1 day"``, ``"2 days"``, ``"1.5 hours"``: a person's spelling of an amount."""
    number = format(Decimal(value).normalize(), "f") if isinstance(value, Decimal) else str(value)
    if "." in number:
        number = number.rstrip("0").rstrip(".")
    return f"{number} {_SINGULAR[unit] if number == '1' else unit}"


def _join_amounts(parts: list[tuple[Decimal | int, str]]) -> str:
    shown = [amount(value, unit) for value, unit in parts if value]
    return " ".join(shown) if shown else amount(0, parts[-1][1])


def long_date(day: date) -> str:
    """``Tuesday, 3 November 2026`` — English names regardless of the process locale."""
    return f"{_WEEKDAYS[day.weekday()]}, {day.day} {_MONTHS[day.month - 1]} {day.year}"


# --------------------------------------------------------------------------- calendar counts


def calendar_months(early: date, late: date) -> tuple[Decimal, relativedelta]:
    """Months from ``early`` to ``late`` (``early <= late``) as a calendar counts them."""
    delta = relativedelta(late, early)
    whole = delta.years * 12 + delta.months
    anchor = early + relativedelta(months=whole)
    following = early + relativedelta(months=whole + 1)
    fraction = Decimal((late - anchor).days) / Decimal((following - anchor).days)
    return whole + fraction, delta


def calendar_years(early: date, late: date) -> tuple[Decimal, relativedelta]:
    """Years from ``early`` to ``late`` (``early <= late``) as a calendar counts them."""
    delta = relativedelta(late, early)
    anchor = early + relativedelta(years=delta.years)
    following = early + relativedelta(years=delta.years + 1)
    fraction = Decimal((late - anchor).days) / Decimal((following - anchor).days)
    return delta.years + fraction, delta


def _weeks_and_days(days: int) -> str:
    return _join_amounts([(days // 7, "weeks"), (days % 7, "days")])


def _minutes_breakdown(minutes: Decimal) -> str:
    """150 minutes -> ``2 hours 30 minutes``; larger amounts add days and weeks."""
    whole = int(minutes)
    rest = minutes - whole
    parts: list[tuple[Decimal | int, str]] = [
        (whole // (60 * 24 * 7), "weeks"),
        (whole // (60 * 24) % 7, "days"),
        (whole // 60 % 24, "hours"),
        (whole % 60 + rest, "minutes"),
    ]
    return _join_amounts(parts)


# --------------------------------------------------------------------------- elapsed


def _coarsest(grains: Sequence[str]) -> str:
    return max(grains, key=GRAINS.index)


def _anchor(window_start: datetime, coarsest: str, unit: str) -> datetime:
    """Where an event sits on the time line for counting in ``unit``.

    Events dated more coarsely than a day are moved to the start of their period in the unit
    asked (validation has checked that each lies inside one such period)."""
    if GRAINS.index(coarsest) > GRAINS.index("day"):
        return period_start(window_start, _GRAIN_OF_UNIT[unit])
    if coarsest == "hour" and unit == "minutes":
        return period_start(window_start, "hour")
    return window_start


def evidence_unit(unit: str | None, dated: Sequence[Dated]) -> str | None:
    """The unit of an elapsed answer: the one asked, else weeks when the evidence is only
    week-precise ("how long had I been a member" from "three weeks ago"), else days."""
    if unit is not None:
        return unit
    if any(item.grain == "week" for item in dated):
        return "weeks"
    return None


def _within_one_day(a: Dated, b: Dated, coarsest: str) -> str | None:
    """Minutes (or hours) for two ends told to the minute (or hour) on one calendar day when
    no unit is asked: "how long did renewing the certificates take" from 09:40 to 11:05 is 85
    minutes, not "0 days"."""
    if a.start is None or b.start is None or a.start.date() != b.start.date():
        return None
    timed = [item.grain in ("minute", "hour") or bool(item.times) for item in (a, b)]
    if not all(timed) or coarsest not in ("minute", "hour", "day"):
        return None
    return "hours" if coarsest == "hour" else "minutes"


def elapsed_value(
    first: datetime, second: datetime, *, unit: str | None, coarsest: str = "day"
) -> dict[str, Any]:
    """The elapsed value between two wall-clock-aware moments, in the unit asked.

    ``days`` is the calendar-date difference; for minutes and hours the quantity is the real
    elapsed time between UTC instants (a night across a DST change is 7 or 9 hours, not 8).
    """
    unit = unit or "days"
    a = _anchor(first, coarsest, unit)
    b = _anchor(second, coarsest, unit)
    early, late = (a, b) if a <= b else (b, a)
    days = (late.date() - early.date()).days
    if unit in ("minutes", "hours"):
        seconds = Decimal(int((late.astimezone(UTC) - early.astimezone(UTC)).total_seconds()))
        minutes = seconds / 60
        quantity = minutes if unit == "minutes" else minutes / 60
        display = f"{amount(Decimal(format_quantity(quantity)), unit)}"
        breakdown = _minutes_breakdown(minutes)
        if breakdown != display:
            display += f" ({breakdown})"
    elif unit in ("days", "weeks"):
        quantity = Decimal(days) if unit == "days" else Decimal(days) / 7
        display = amount(days, "days")
        if days >= 7:
            display += f" ({_weeks_and_days(days)})"
    elif unit == "months":
        quantity, delta = calendar_months(early.date(), late.date())
        breakdown = _join_amounts(
            [(delta.years * 12 + delta.months, "months"), (delta.days, "days")]
        )
        display = _calendar_display(quantity, unit, breakdown, days)
    elif unit == "years":
        quantity, delta = calendar_years(early.date(), late.date())
        breakdown = _join_amounts(
            [(delta.years, "years"), (delta.months, "months"), (delta.days, "days")]
        )
        display = _calendar_display(quantity, unit, breakdown, days)
    else:
        raise ValueError(f"unknown unit {unit!r}")
    if GRAINS.index(coarsest) > GRAINS.index("day"):
        display += (
            f", counted from {_SINGULAR[unit]} to {_SINGULAR[unit]}: the notes date "
            f"these events only to the {coarsest}"
        )
    return {"days": days, "quantity": format_quantity(quantity), "unit": unit, "display": display}


def _calendar_display(quantity: Decimal, unit: str, breakdown: str, days: int) -> str:
    """``2.2 months (2 months 5 days; 64 days)`` — the rounded count, then the exact one."""
    head = amount(Decimal(format_quantity(quantity)), unit)
    total = amount(days, "days")
    exact = breakdown if breakdown == total else f"{breakdown}; {total}"
    return f"{head} ({exact})"


def _question_moment(question_date: datetime, tz: tzinfo) -> datetime:
    if question_date.tzinfo is None:
        return question_date.replace(tzinfo=tz)
    return question_date.astimezone(tz)


def _window_start(item: Dated) -> datetime:
    if item.start is None or item.grain is None:
        raise ValueError("operand is not a dated event")
    return item.start


# --------------------------------------------------------------------------- order & dates


def date_label(item: Dated) -> str:
    """How an event's date is written in an order: as precisely as the notes date it (a
    hedged time as the interval it stands for, first and last day: ``2029-05-10/2029-05-12``)."""
    start = _window_start(item)
    grain = item.grain
    if item.approximate and item.end is not None:
        last = (item.end - timedelta(microseconds=1)).date()
        return f"{start.date().isoformat()}/{last.isoformat()}"
    if grain in ("minute", "hour"):
        return start.isoformat(timespec="minutes")
    if grain == "day":
        return start.date().isoformat()
    if grain == "week":
        year, week, _ = start.date().isocalendar()
        return f"{year}-W{week:02d}"
    if grain == "month":
        return f"{start.year}-{start.month:02d}"
    return f"{start.year}"


def order_value(
    names: Sequence[str], dated: Sequence[Dated], labels: Sequence[str] | None = None
) -> dict[str, Any]:
    """Names earliest first. Refuses overlapping windows (validation rejects them first).

    ``labels`` say what each event is when the operands share one name: every event of a
    kind ("the three museums I visited") is listed by its heading or its quote, and the
    kind's name is kept under ``"of"``."""
    shown = list(labels) if labels is not None else list(names)
    pairs = sorted(zip(shown, dated, strict=True), key=lambda p: _window_start(p[1]))
    for (_, a), (_, b) in pairwise(pairs):
        if a.end is None or a.end > _window_start(b):
            raise ValueError("events overlap: their order is not determined")
    dates = [date_label(item) for _, item in pairs]
    display = ", then ".join(f"{name} ({_human_label(item)})" for name, item in pairs)
    value: dict[str, Any] = {"order": [name for name, _ in pairs], "dates": dates}
    if labels is not None and names:
        value["of"] = names[0]
        display = f"{names[0]}: {display}"
    value["display"] = display
    return value


def _human_label(item: Dated) -> str:
    """The same precision as :func:`date_label`, written for a person (``dates`` keeps ISO)."""
    start = _window_start(item)
    if item.approximate and item.end is not None:
        last = (item.end - timedelta(microseconds=1)).date()
        return f"some time between {start.day} {start:%b} and {last.day} {last:%b %Y}"
    day = f"{start.day} {start:%b %Y}"
    if item.grain in ("minute", "hour"):
        return f"{day}, {start:%H:%M}"
    if item.grain == "day":
        return day
    if item.grain == "week":
        return f"the week of {day}"
    if item.grain == "month":
        return f"{start:%B %Y}"
    return f"{start.year}"


def absolute_date_value(
    item: Dated, *, precision: str | None = None, planned: bool = False
) -> dict[str, Any]:
    """The date of one event at the precision the evidence has (SPEC §6): a day (with its
    clock time when the evidence has one), a week, a weekend or a month; ``precision``
    "month" reports the month that holds a finer date. ``planned`` marks a plan's date."""
    start = _window_start(item)
    end = item.end or start
    grain = item.grain or "day"
    if grain in ("minute", "hour", "second"):
        grain_name = "day"
    elif grain == "week" and start.weekday() == 5 and (end - start) <= timedelta(days=2, hours=1):
        grain_name = "weekend"
    else:
        grain_name = grain
    if precision == "month" and grain_name in ("day", "week", "weekend"):
        first = start.replace(day=1, hour=0, minute=0, second=0, microsecond=0)
        if (end - timedelta(microseconds=1)).month == start.month:
            start, end, grain_name = first, _next_month(first), "month"
    if grain_name == "day":
        display = long_date(start.date())
        if item.grain == "minute":
            display += f", {start.strftime('%H:%M')}"
        day_start = start.replace(hour=0, minute=0, second=0, microsecond=0)
        window = (day_start, day_start + timedelta(days=1))
    elif grain_name == "weekend":
        last = (end - timedelta(microseconds=1)).date()
        if last.month == start.month:
            display = f"the weekend of {start.day}–{last.day} {last:%B %Y}"
        else:  # across a month's end: both months named
            display = f"the weekend of {start.day} {start:%B} – {last.day} {last:%B %Y}"
        window = (start, end)
    elif grain_name == "week":
        display = f"the week of {long_date(start.date())}"
        window = (start, end)
    elif grain_name == "month":
        display = f"{start:%B %Y}"
        first = start.replace(day=1, hour=0, minute=0, second=0, microsecond=0)
        if (start, end) != (first, _next_month(first)):
            # a window inside one month ("on or shortly before 12 June"): the month is the
            # answer's grain, the days the notes allow are said beside it
            last = (end - timedelta(microseconds=1)).date()
            display += f" (between {start.day} and {last.day} {last:%B})"
            start = first
        window = (start, _next_month(start))
    else:
        display = f"{start.year}"
        window = (start, end)
    value: dict[str, Any] = {
        "date": start.date().isoformat(),
        "start": window[0].isoformat(),
        "end": window[1].isoformat(),
        "grain": grain_name,
        "display": display + (" (planned)" if planned else ""),
    }
    if planned:
        value["planned"] = True
    return value


def _next_month(first: datetime) -> datetime:
    return (first + timedelta(days=32)).replace(day=1)


# --------------------------------------------------------------------------- durations & times


def _unit_table(unit: str) -> dict[str, Decimal]:
    return EXACT_UNITS if unit in EXACT_UNITS else CALENDAR_UNITS


def duration_value(
    dated: Sequence[Dated], *, unit: str | None, terms: Sequence[tuple[int, ...]] | None = None
) -> dict[str, Any]:
    """Exact sum of durations, in the unit asked, else the coarsest operand unit in which the
    total is exact (2 h + 30 min is 2.5 hours; 3 weeks + 2 days is 23 days). A term of two
    operands (``terms``, :func:`prme_cli.relate.types.duration_terms`) is a span: the
    calendar days from its start's date to its end's, or the real time between them when the
    question counts hours or minutes."""
    parts: list[tuple[Decimal, str]] = []
    for term in terms if terms is not None else [(i,) for i in range(len(dated))]:
        if len(term) == 2:
            first, second = (_window_start(dated[i]) for i in term)
            if unit in ("minutes", "hours"):
                seconds = (second.astimezone(UTC) - first.astimezone(UTC)).total_seconds()
                parts.append((Decimal(int(seconds)) / 60, "minutes"))
            else:
                parts.append((Decimal((second.date() - first.date()).days), "days"))
            continue
        item = dated[term[0]]
        if item.quantity is None or item.unit is None:
            raise ValueError("operand is not a duration")
        parts.append((item.quantity, item.unit))
    total, finest = combine_duration(parts)
    table = _unit_table(finest)
    if unit is not None and unit not in table:
        raise ValueError(f"a total in {finest} cannot be given exactly in {unit}")
    base = total * table[finest]  # in minutes or in months
    if unit is None:
        candidates = sorted({u for _, u in parts}, key=lambda u: table[u], reverse=True)
        unit = next(u for u in candidates if _is_exact(base / table[u]))
    quantity = base / table[unit]
    display = amount(Decimal(format_quantity(quantity)), unit)
    if table is EXACT_UNITS:
        breakdown = _minutes_breakdown(base)
    else:
        breakdown = _join_amounts([(int(base) // 12, "years"), (base % 12, "months")])
    if breakdown != display:
        display += f" ({breakdown})"
    return {"quantity": format_quantity(quantity), "unit": unit, "display": display}


def _repeater_words(repeater: str | None) -> str:
    if not repeater:
        return ""
    digits = "".join(ch for ch in repeater if ch.isdigit())
    unit = _REPEATER_UNITS.get(repeater.split("/")[0][-1])
    if not digits or unit is None:
        return f" (repeats {repeater})"
    return f" every {unit}" if digits == "1" else f" every {digits} {unit}s"


def schedule_value(dated: Sequence[Dated]) -> dict[str, Any]:
    times: list[str] = []
    shown: list[str] = []
    for item in dated:
        if not item.times:
            raise ValueError("operand names no clock time")
        for moment in item.times:
            label = _hhmm(moment)
            if label not in times:
                times.append(label)
                shown.append(label + _repeater_words(item.repeater))
    return {"times": times, "display": ", ".join(shown)}


def _hhmm(moment: time) -> str:
    return f"{moment.hour:02d}:{moment.minute:02d}"


# --------------------------------------------------------------------------- entry point


def compute(
    resolution: Resolution,
    dated: Sequence[Dated],
    *,
    unit: str | None,
    question_date: datetime,
    tz: tzinfo,
    precision: str | None = None,
    planned: bool = False,
    labels: Sequence[str] | None = None,
) -> dict[str, Any]:
    """The SPEC's ``value`` for a validated resolution; ``dated`` follows its operands
    (``labels`` too, for an order of every event of a kind).

    Raises ``ValueError`` for inputs validation should have refused.
    """
    operation = resolution.operation
    names = [operand.name for operand in resolution.operands]
    if len(dated) != len(names):
        raise ValueError("one dated value is needed per operand")
    if operation == "elapsed_between":
        a, b = dated
        coarsest = _coarsest([a.grain or "day", b.grain or "day"])
        unit = evidence_unit(unit, dated) or _within_one_day(a, b, coarsest)
        return elapsed_value(_window_start(a), _window_start(b), unit=unit, coarsest=coarsest)
    if operation == "elapsed_since_question":
        (a,) = dated
        coarsest = _coarsest([a.grain or "day", "minute"])
        moment = _question_moment(question_date, tz)
        unit = evidence_unit(unit, dated)
        return elapsed_value(_window_start(a), moment, unit=unit, coarsest=coarsest)
    if operation == "order":
        return order_value(names, dated, labels)
    if operation == "absolute_date":
        (a,) = dated
        return absolute_date_value(a, precision=precision, planned=planned)
    if operation == "duration_sum":
        # a dated value (no quantity) is one end of a span, as validation required
        terms = pair_terms(names, [item.quantity is None for item in dated])
        if terms is None:
            raise ValueError("a dated operand of a sum without its partner")
        return duration_value(dated, unit=unit, terms=terms)
    if operation == "schedule":
        return schedule_value(dated)
    raise ValueError(f"nothing to compute for operation {operation!r}")
