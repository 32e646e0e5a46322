"""What the grammar reads an expression as: small frozen records, resolved by ``interpret``.

A node says *what was written* ("the Friday after next", "three days before Christmas"), never
when that is: the reference time, the zone and the past-leaning conventions are applied only
by :mod:`prme_cli.timeexpr.interpret`. That split lets one reading be resolved against the
command line's ``--now`` or against the previous expression in a note.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal


class Node:
    """Base of every reading."""

    __slots__ = ()


@dataclass(frozen=True, slots=True)
class Dur(Node):
    """A length of time: ``units`` maps a grain to a (possibly fractional) count."""

    units: tuple[tuple[str, Decimal], ...]
    approx: bool = False

    def plus(self, other: Dur) -> Dur:
        merged = dict(self.units)
        for grain, count in other.units:
            merged[grain] = merged.get(grain, Decimal(0)) + count
        return Dur(tuple(merged.items()), self.approx or other.approx)

    def finest(self) -> str:
        from prme_cli.timeexpr.calendar import GRAIN_ORDER

        return min((g for g, _ in self.units), key=GRAIN_ORDER.index)


@dataclass(frozen=True, slots=True)
class Clock(Node):
    """A time of day as written: ``meridiem`` is ``am``/``pm`` or ``""`` when not said."""

    hour: int
    minute: int = 0
    second: int | None = None
    meridiem: str = ""
    exact: bool = True  # written with minutes or a meridiem (not a bare "at 5")
    zero_padded: bool = False  # "05:00", "0730": a 24-hour clock, never moved to pm


@dataclass(frozen=True, slots=True)
class Now(Node):
    pass


@dataclass(frozen=True, slots=True)
class Prev(Node):
    """The expression before this one in the same text (or the reference time)."""


@dataclass(frozen=True, slots=True)
class RelDay(Node):
    days: int  # today 0, yesterday -1, tomorrow 1


@dataclass(frozen=True, slots=True)
class Date(Node):
    """A calendar date; a missing year (or month) is filled past-leaning."""

    day: int
    month: int | None = None
    year: int | None = None
    relation: str = ""  # "", "last", "next", "this" (``next 5/12``)


@dataclass(frozen=True, slots=True)
class Weekday(Node):
    weekday: int
    relation: str = ""  # "", last, this, next, coming, after_next
    count: int = 0  # "3 fridays from now" 3, "2 thursdays ago" -2


@dataclass(frozen=True, slots=True)
class InPeriod(Node):
    """A weekday or ordinal day inside a named period: ``monday of last week``."""

    inner: Node
    period: Node


@dataclass(frozen=True, slots=True)
class Nth(Node):
    """The n-th (negative from the end) ``what`` of a period: ``the first monday of last
    month``, ``last friday in october``, ``the second week of 2021``, ``the 15th day``."""

    n: int
    what: str  # a weekday name, "day", "week", "weekend", "month"
    weekday: int | None
    period: Node


@dataclass(frozen=True, slots=True)
class Holiday(Node):
    key: str
    year: int | None = None
    relation: str = ""


@dataclass(frozen=True, slots=True)
class Period(Node):
    """A calendar period relative to now: ``this week``, ``last month``, ``next quarter``."""

    grain: str  # day week weekend month quarter year decade century fortnight
    offset: int = 0
    working: bool = False  # "this working week": Monday to Friday
    bare: bool = False  # "weekend" alone: the most recent one (past-leaning)


@dataclass(frozen=True, slots=True)
class Month(Node):
    month: int
    year: int | None = None
    relation: str = ""
    count: int = 0  # "march after next" 2


@dataclass(frozen=True, slots=True)
class Year(Node):
    year: int


@dataclass(frozen=True, slots=True)
class Quarter(Node):
    quarter: int
    year: int | None = None
    relation: str = ""
    half: bool = False  # H1/H2


@dataclass(frozen=True, slots=True)
class Season(Node):
    month: int
    year: int | None = None
    relation: str = ""


@dataclass(frozen=True, slots=True)
class Decade(Node):
    start: int | None  # 1990; None: the decade of ``of`` (the nineties) chosen past-leaning
    twodigit: int = 0


@dataclass(frozen=True, slots=True)
class Century(Node):
    number: int


@dataclass(frozen=True, slots=True)
class IsoWeek(Node):
    year: int | None
    week: int


@dataclass(frozen=True, slots=True)
class Shift(Node):
    """``dur`` after (sign 1) or before (-1) ``base`` (``None``: now)."""

    dur: Dur
    sign: int
    base: Node | None = None


@dataclass(frozen=True, slots=True)
class Repeat(Node):
    """``3 fridays from now``, ``the week after next``: ``n`` steps of a named unit."""

    grain: str
    count: int


@dataclass(frozen=True, slots=True)
class Trailing(Node):
    """``last 3 days`` (sign -1), ``next 2 weeks`` (1): a span from now of whole units."""

    dur: Dur
    sign: int


@dataclass(frozen=True, slots=True)
class Edge(Node):
    """``beginning|middle|end of`` a window (``part``) or its first/last second (anchor)."""

    edge: str  # start mid end
    base: Node
    instant: bool = False


@dataclass(frozen=True, slots=True)
class Rest(Node):
    """``rest of the week``, ``earlier this month``, ``later this year``, ``year to date``."""

    side: (
        str  # "rest" (now to end), "earlier" (start to today), "later" (tomorrow to end), "todate"
    )
    base: Node


@dataclass(frozen=True, slots=True)
class Part(Node):
    """A part of the day (``morning``), narrowed by ``early``/``late``/``mid``."""

    name: str
    mod: str = ""


@dataclass(frozen=True, slots=True)
class ClockRange(Node):
    first: Clock
    last: Clock


@dataclass(frozen=True, slots=True)
class ClockFor(Node):
    """``from 9 for 2.5 hrs``: a clock time and how long from it."""

    clock: Clock
    dur: Dur


@dataclass(frozen=True, slots=True)
class Moment(Node):
    """A day with a part of it and/or a clock time (any order as written)."""

    day: Node | None
    part: Part | None = None
    time: Node | None = None  # Clock, ClockRange or ClockFor


@dataclass(frozen=True, slots=True)
class Between(Node):
    """``from A to B``, ``between A and B``, ``A - B``: ``[start(A), end(B))``."""

    first: Node
    last: Node
    tail: Node | None = None  # a shared year or month ("Feb 12-15, 2026", "from 4 to 23 of May")


@dataclass(frozen=True, slots=True)
class DurFrom(Node):
    """``3 days starting from next monday``, ``a week starting tomorrow``."""

    dur: Dur
    base: Node


@dataclass(frozen=True, slots=True)
class Open(Node):
    """``before X`` / ``after X`` / ``since X`` / ``until X``: one side left open."""

    side: str  # before after since until
    base: Node


@dataclass(frozen=True, slots=True)
class Approx(Node):
    base: Node


@dataclass(frozen=True, slots=True)
class Vague(Node):
    """``recently``, ``the other day``, ``lately``: a widened window back from now."""

    days_back: int
    days_to: int = 0


@dataclass(frozen=True, slots=True)
class Every(Node):
    """A recurrence (``every monday``, ``daily``): resolved as its most recent occurrence."""

    base: Node | None
    unit: str = ""


@dataclass(frozen=True, slots=True)
class Stamp(Node):
    """An org timestamp, ISO datetime or ``@epoch`` as written."""

    text: str
    kind: str  # org iso epoch


@dataclass(frozen=True, slots=True)
class DayNum(Node):
    """A bare day of the month inside a range (``Feb 12-15``): takes its month from the other
    side; alone it is ``the 15th`` (past-leaning)."""

    day: int


@dataclass(frozen=True, slots=True)
class WithYear(Node):
    """An expression given a year: ``easter 2018``, ``this friday 5/12``."""

    base: Node
    year: int


@dataclass(frozen=True, slots=True)
class Checked(Node):
    """A weekday written beside a date (``Tuesday, Jan 15``): the date, if they agree."""

    base: Node
    weekday: int = -1
    extra: tuple[int, ...] = field(default=())
