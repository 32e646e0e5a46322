"""Machine-written times: org timestamps, ISO 8601 datetimes and ``@epoch`` seconds.

They are one token each (see :mod:`~prme_cli.timeexpr.tokens`), read here exactly: an ISO
datetime without an offset and an org stamp are wall-clock times in the zone, an offset is
converted to the zone, sub-second digits are dropped.
"""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta, timezone, tzinfo

from prme_cli import lazyre
from prme_cli.timeexpr import calendar as cal

_ORG = (
    r"([<\[])(\d{4})-(\d{2})-(\d{2})(?: [^\s\d<>\[\]]+)?"
    r"(?: (\d{1,2}):(\d{2})(?:-(\d{1,2}):(\d{2}))?)?"
    r"(?: (?:\+\+|\.\+|\+)\d+[hdwmy](?:/\d+[hdwmy])?| --?\d+[hdwmy])* ?([>\]])"
)
_ORG_ONE = lazyre.compile(_ORG)
_ORG_RANGE = lazyre.compile(f"{_ORG}--{_ORG}")
_ISO = lazyre.compile(
    r"(\d{4})-(\d{2})-(\d{2})[tT ](\d{2}):(\d{2})(?::(\d{2})(?:[.,]\d+)?)?"
    r" ?([zZ]|[+-]\d{2}(?::?\d{2})?)?"
)

Read = tuple[datetime, datetime, str]


class StampError(Exception):
    """An impossible stamp (month 13, 25:00, brackets that do not match)."""


def _checked_date(year: int, month: int, day: int) -> date:
    try:
        if not 1 <= year <= 9998:
            raise ValueError
        return date(year, month, day)
    except ValueError:
        raise StampError(f"there is no day {year:04d}-{month:02d}-{day:02d}") from None


def _checked_time(hour: int, minute: int, second: int = 0) -> time:
    if hour > 23 or minute > 59 or second > 59:
        raise StampError(f"{hour:02d}:{minute:02d} is not a time of day")
    return time(hour, minute, second)


def _minute(start: datetime, tz: tzinfo, grain: str = "minute") -> Read:
    step = timedelta(seconds=1) if grain == "second" else timedelta(minutes=1)
    return start, cal.plus(start, step, tz), grain


def _org(groups: tuple[str | None, ...], tz: tzinfo) -> Read:
    opening, year, month, day, hour, minute, end_hour, end_minute, closing = groups
    if (opening, closing) not in (("<", ">"), ("[", "]")):
        raise StampError("org timestamp brackets do not match")
    on = _checked_date(int(year or 0), int(month or 0), int(day or 0))
    if hour is None:
        return cal.at(on, tz), cal.at(on + timedelta(days=1), tz), "day"
    start = cal.at(on, tz, _checked_time(int(hour), int(minute or 0)))
    if end_hour is None:
        return _minute(start, tz)
    end = cal.at(on, tz, _checked_time(int(end_hour), int(end_minute or 0)))
    if end <= start:
        raise StampError("the time range ends before it starts")
    return start, end, "minute"


def read(text: str, kind: str, tz: tzinfo) -> Read:
    """Read one stamp of ``kind`` (``org``, ``iso`` or ``epoch``) in ``tz``."""
    if kind == "epoch":
        instant = datetime.fromtimestamp(int(text.lstrip("@")), tz)
        return _minute(instant, tz, "second")
    if kind in ("org", "orgrange"):
        if text.startswith(("<%%", "[%%")):
            raise StampError("diary sexps are not expanded")
        if match := _ORG_RANGE.fullmatch(text):
            first, second = _org(match.groups()[:9], tz), _org(match.groups()[9:], tz)
            grain = cal.finer(first[2], second[2])
            return first[0], second[1], grain
        if match := _ORG_ONE.fullmatch(text):
            return _org(match.groups(), tz)
        raise StampError("not an org timestamp")
    match = _ISO.fullmatch(text)
    if match is None:
        raise StampError("not an ISO datetime")
    y, mo, d, hh, mi, ss, offset = match.groups()
    on = _checked_date(int(y), int(mo), int(d))
    clock = _checked_time(int(hh), int(mi), int(ss or 0))
    grain = "minute" if ss is None else "second"
    if offset is None:
        return _minute(cal.at(on, tz, clock), tz, grain)
    if offset in ("z", "Z"):
        fixed: tzinfo = UTC
    else:
        digits = offset[1:].replace(":", "")
        hours, minutes = int(digits[:2]), int(digits[2:] or 0)
        if hours > 23 or minutes > 59:
            raise StampError(f"bad UTC offset {offset}")
        sign = -1 if offset[0] == "-" else 1
        fixed = timezone(sign * timedelta(hours=hours, minutes=minutes))
    return _minute(datetime.combine(on, clock, tzinfo=fixed).astimezone(tz), tz, grain)
