"""Calendar arithmetic, done by python-dateutil rather than by hand.

Day-and-longer arithmetic happens on wall-clock dates (``relativedelta``) and is localised
afterwards, so a day is always the calendar day (23 or 25 hours on a DST change); hours and
shorter are elapsed time through UTC. Holidays come from ``easter``/``rrule`` rules for the
common Western ones and from the ``holidays`` library for the rest (lunar and national
calendars nobody should re-derive, and the bank holidays of England and Wales, which were
moved now and then), imported only when such a name is read.
"""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta, timezone, tzinfo
from functools import lru_cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from decimal import Decimal

    from dateutil.relativedelta import relativedelta as RelativeDelta

GRAIN_ORDER = ("second", "minute", "hour", "day", "week", "month", "quarter", "year")
#: the units a length may be written in, finest first (a decade is a unit, not a grain)
UNIT_ORDER = (*GRAIN_ORDER, "decade", "century")
SUB_DAY = {
    "second": timedelta(seconds=1),
    "minute": timedelta(minutes=1),
    "hour": timedelta(hours=1),
}
_MONTHS_OF = {"month": 1, "quarter": 3, "year": 12, "decade": 120, "century": 1200}


_RELATIVEDELTA: Any = None


def relativedelta(**units: Any) -> RelativeDelta:
    """dateutil's ``relativedelta(**units)``, its module imported at first use: a window of
    days or hours needs none, and dateutil's import (with ``calendar`` and ``six``) was a
    tenth of what the engine added to ``prme since today``."""
    global _RELATIVEDELTA
    if _RELATIVEDELTA is None:
        from dateutil.relativedelta import relativedelta as loaded

        _RELATIVEDELTA = loaded
    return _RELATIVEDELTA(**units)  # type: ignore[no-any-return]


_UTC_KEYS = {"UTC", "Etc/UTC", "Etc/GMT", "GMT", "Etc/Universal", "Universal", "Zulu"}


def localize(wall: datetime, tz: tzinfo) -> datetime:
    """Attach ``tz`` to a wall time: first occurrence if repeated, pushed past a gap."""
    aware = wall.replace(tzinfo=tz, fold=0)
    if isinstance(tz, timezone) or getattr(tz, "key", None) in _UTC_KEYS:
        return aware  # UTC or a fixed offset: no gaps, no repeats
    return aware.astimezone(UTC).astimezone(tz)


def at(day: date, tz: tzinfo, clock: time = time()) -> datetime:
    return localize(datetime.combine(day, clock), tz)


def plus(instant: datetime, delta: timedelta, tz: tzinfo) -> datetime:
    """Elapsed-time arithmetic (through UTC), for seconds, minutes and hours."""
    return (instant.astimezone(UTC) + delta).astimezone(tz)


def coarser(a: str, b: str) -> str:
    return a if GRAIN_ORDER.index(a) >= GRAIN_ORDER.index(b) else b


def finer(a: str, b: str) -> str:
    return a if GRAIN_ORDER.index(a) <= GRAIN_ORDER.index(b) else b


def floor(day: date, grain: str, week_start: int) -> date:
    """The first day of the ``grain`` period containing ``day``."""
    if grain == "day":
        return day
    if grain == "week":
        return day - timedelta(days=(day.weekday() - week_start) % 7)
    if grain == "month":
        return day.replace(day=1)
    if grain == "quarter":
        return date(day.year, (day.month - 1) // 3 * 3 + 1, 1)
    if grain == "decade":
        return date(day.year // 10 * 10 or 1, 1, 1)
    if grain == "century":
        return date(day.year // 100 * 100 or 1, 1, 1)
    return date(day.year, 1, 1)


def add(day: date, grain: str, count: int) -> date:
    """``count`` calendar units after ``day`` (months clamp: Jan 31 + 1 month = Feb 28)."""
    if grain == "day":
        return day + timedelta(days=count)
    if grain == "week":
        return day + timedelta(weeks=count)
    return day + relativedelta(months=_MONTHS_OF[grain] * count)


def shift_wall(wall: datetime, units: dict[str, Decimal], sign: int) -> datetime:
    """Move a wall time by calendar units (fractions of a unit spill into the next finer one)."""
    delta = relativedelta()
    for grain, count in units.items():
        delta += unit_delta(grain, count)
    return wall + delta * sign if sign > 0 else wall - delta


def unit_delta(grain: str, count: Decimal) -> RelativeDelta:
    """A relativedelta for ``count`` of ``grain``; a fractional month becomes days (30 a
    month), a fractional day hours, so ``2.5 hours`` is 2 h 30 min and ``1.5 years`` 18 months."""
    whole = int(count)
    frac = count - whole
    months = _MONTHS_OF.get(grain)
    if grain == "fortnight":
        return (
            relativedelta(weeks=2 * whole) + unit_delta("day", frac * 14)
            if frac
            else relativedelta(weeks=2 * whole)
        )
    if months is not None:
        rd = relativedelta(months=months * whole)
        if frac:
            extra = frac * months
            rd += relativedelta(months=int(extra)) + unit_delta("day", (extra - int(extra)) * 30)
        return rd
    seconds = {"second": 1, "minute": 60, "hour": 3600, "day": 86400, "week": 604800}[grain]
    if grain in ("day", "week") and not frac:
        return relativedelta(days=whole * (7 if grain == "week" else 1))
    total = count * seconds
    days, rest = divmod(int(total), 86400)
    return relativedelta(
        days=days, seconds=rest, microseconds=int((total - int(total)) * 1_000_000)
    )


def seconds_of(units: dict[str, Decimal]) -> Decimal:
    """A duration in seconds, counting a month as 30 days and a year as 365 (what people
    mean by "three months" as a length; calendar months differ by up to three days)."""
    from decimal import Decimal  # imported at first use, not with the engine

    per = {
        "second": 1,
        "minute": 60,
        "hour": 3600,
        "day": 86400,
        "week": 604800,
        "fortnight": 1209600,
        "month": 2592000,
        "quarter": 7776000,
        "year": 31536000,
        "decade": 315360000,
        "century": 3153600000,
    }
    return sum((count * per[grain] for grain, count in units.items()), Decimal(0))


# -------------------------------------------------------------------------------- holidays


def _nth_weekday(year: int, month: int, weekday: int, n: int) -> date:
    """The n-th (``-1`` last) weekday of a month, by rrule."""
    from dateutil.rrule import MONTHLY, rrule
    from dateutil.rrule import weekday as rr_weekday

    rule = rrule(
        MONTHLY, count=1, dtstart=datetime(year, month, 1), byweekday=rr_weekday(weekday, n)
    )
    return rule[0].date()


def _easter(year: int, days: int = 0) -> date:
    from dateutil.easter import easter

    return easter(year) + timedelta(days=days)


_FIXED = {
    "new_year": (1, 1),
    "new_year_eve": (12, 31),
    "valentine": (2, 14),
    "patrick": (3, 17),
    "april_fools": (4, 1),
    "groundhog": (2, 2),
    "earth_day": (4, 22),
    "independence": (7, 4),
    "halloween": (10, 31),
    "all_saints": (11, 1),
    "veterans": (11, 11),
    "christmas_eve": (12, 24),
    "christmas": (12, 25),
    "boxing": (12, 26),
    "juneteenth": (6, 19),
    "may_day": (5, 1),
    "womens_day": (3, 8),
    "bastille": (7, 14),
    "canada_day": (7, 1),
    "australia_day": (1, 26),
    "guy_fawkes": (11, 5),
    "tax_day": (4, 15),
    "cinco_de_mayo": (5, 5),
    "burns_night": (1, 25),
    "st_andrew": (11, 30),
    "st_george": (4, 23),
    "st_david": (3, 1),
    "anzac_day": (4, 25),
}
_EASTER = {
    "good_friday": -2,
    "maundy_thursday": -3,
    "palm_sunday": -7,
    "ash_wednesday": -46,
    "shrove_tuesday": -47,
    "easter": 0,
    "easter_monday": 1,
    "ascension": 39,
    "pentecost": 49,
    "whit_monday": 50,
    "mothering_sunday": -21,  # UK Mother's Day: the fourth Sunday of Lent
}
#: (month, weekday, n) — US observances by rule
_NTH = {
    "mother": (5, 6, 2),
    "father": (6, 6, 3),
    "memorial": (5, 0, -1),
    "labor": (9, 0, 1),
    "columbus": (10, 0, 2),
    "thanksgiving": (11, 3, 4),
    "mlk": (1, 0, 3),
    "presidents": (2, 0, 3),
    # Remembrance Sunday, the second Sunday of November (no bank holiday: the ``holidays``
    # library's tables do not hold it)
    "remembrance_sunday": (11, 6, 2),
}
#: the bank holidays of England and Wales, by the names the ``holidays`` library's GB tables
#: give them: they hold the ones that were moved (the early May holiday of 1995 and 2020 to
#: VE Day, the spring one of 2002, 2012 and 2022 to a jubilee) and none before the years they
#: were first held (1971, the early May one 1978), which no weekday rule knows
_BANK_HOLIDAYS = {
    "early_may_bank": "May Day",
    "spring_bank": "Spring Bank Holiday",
    "summer_bank": "Late Summer Bank Holiday",
}


@lru_cache(maxsize=512)
def holiday_days(key: str, year: int) -> tuple[date, int] | None:
    """The first day of a holiday in ``year`` and how many days it lasts (a festival of
    several days, ``hanukkah``, ``passover``, is all of them; other holidays are one day)."""
    if key.startswith("lib:"):
        _, country, name = key.split(":", 2)
        return _library_holiday(country, name, year)
    found = holiday_date(key, year)
    return None if found is None else (found, 1)


def holiday_date(key: str, year: int) -> date | None:
    """The date of a holiday of the Western calendar in ``year`` (``None`` when it has none
    that year; the other calendars' are :func:`holiday_days`')."""
    if key in _FIXED:
        month, day = _FIXED[key]
        return date(year, month, day)
    if key in _EASTER:
        return _easter(year, _EASTER[key])
    if key in _NTH:
        return _nth_weekday(year, *_NTH[key])
    if key in _BANK_HOLIDAYS:
        found = _library_holiday("GB", _BANK_HOLIDAYS[key], year, subdiv="ENG")
        return None if found is None else found[0]
    if key == "black_friday":
        return _nth_weekday(year, 11, 3, 4) + timedelta(days=1)
    if key == "election_day":  # US: the Tuesday after the first Monday of November
        return _nth_weekday(year, 11, 0, 1) + timedelta(days=1)
    if key == "cyber_monday":
        return _nth_weekday(year, 11, 3, 4) + timedelta(days=4)
    return None


#: festivals of several days in the ``holidays`` library's tables: every day of the run is the
#: holiday (each day's label names it: ``Pesach``, ``Pesach holiday``, ``Seventh day of
#: Pesach``)
_FESTIVALS = frozenset({"Hanukkah", "Pesach", "Sukkot"})


def _library_holiday(
    country: str, name: str, year: int, subdiv: str | None = None
) -> tuple[date, int] | None:
    """A holiday of another calendar (Islamic, Hindu, Chinese, Hebrew), or a country's own
    (the bank holidays of England, ``subdiv`` ``ENG``), from ``holidays``: its first day in
    ``year`` and its length in days. Public holidays first; a festival that is no public
    holiday (Hanukkah in Israel) from the country's other categories."""
    try:
        import holidays
    except ImportError:  # pragma: no cover - a declared dependency
        return None
    festival = name in _FESTIVALS
    years = [year - 1, year, year + 1] if festival else [year]

    def labelled(**categories: Any) -> dict[date, str]:
        table = holidays.country_holidays(country, subdiv=subdiv, years=years, **categories)
        return {d: label.split(" (estimated)")[0] for d, label in table.items()}

    try:
        labels = labelled()
        if festival or not any(label.startswith(name) for label in labels.values()):
            supported = holidays.country_holidays(country, subdiv=subdiv).supported_categories
            labels = labelled(categories=supported)
    except (NotImplementedError, KeyError, ValueError):
        return None
    if festival:
        # the first day of a run that begins in that year (a run from December goes on)
        named = {d for d, label in labels.items() if name in label}
        for first in sorted(
            d for d in named if d.year == year and d - timedelta(days=1) not in named
        ):
            length = 1
            while first + timedelta(days=length) in named:
                length += 1
            return first, length
        return None
    # the day itself ("Eid al-Fitr") before days named after it ("Eid al-Fitr Holiday")
    days = sorted(d for d, label in labels.items() if label == name) or sorted(
        d for d, label in labels.items() if label.startswith(name)
    )
    return (days[0], 1) if days else None
