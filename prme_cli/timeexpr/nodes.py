"""What the grammar reads an expression as: small frozen records, resolved by ``interpret``.

A node says *what was written* ("the Friday after next", "three days before Christmas"), never
when that is: the reference time, the zone and the past-leaning conventions are applied only
by :mod:`prme_cli.timeexpr.interpret`. That split lets one reading be resolved against the
command line's ``--now`` or against the previous expression in a note.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

if TYPE_CHECKING:
    from decimal import Decimal

#: a year written with two digits (``'74``) is stored as this plus the digits, until the
#: interpretation picks its century from the reference time
SHORT_YEAR = 100_000


_REQUIRED = object()


class Node:
    """Base of every reading: a small immutable record.

    Not a dataclass on purpose: generating ~40 dataclasses costs more at import than the rest
    of the engine together, and ``prme since today`` pays for every import. Each subclass
    lists its fields in ``__slots__`` and their defaults in ``_defaults``.
    """

    _fields: ClassVar[tuple[str, ...]] = ()
    _defaults: ClassVar[dict[str, Any]] = {}
    #: the field values in order, and the hash once computed: readings are compared and
    #: hashed often while a note is read (duplicates are dropped)
    __slots__ = ("_h", "_v")
    _v: tuple[Any, ...]
    _h: int | None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        # each class builds its own (a subclass of a record class has fields of its own)
        cls.__init__ = Node.__init__  # type: ignore[method-assign]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        # the first record of a class builds that class's own ``__init__`` (see
        # :func:`_initializer`) and is made by it; every later one calls it directly
        cls = type(self)
        init = _initializer(cls)
        cls.__init__ = init  # type: ignore[method-assign]
        init(self, *args, **kwargs)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable")

    def _values(self) -> tuple[Any, ...]:
        return self._v

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and other._v == self._v  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        found = self._h
        if found is None:
            found = hash((type(self).__name__, self._v))
            object.__setattr__(self, "_h", found)
        return found

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._fields)
        return f"{type(self).__name__}({shown})"

    def replace(self, **changes: Any) -> Any:
        """A copy with some fields changed (``dataclasses.replace`` for records)."""
        values = {name: getattr(self, name) for name in self._fields}
        values.update(changes)
        return type(self)(**values)


#: the units of :data:`prme_cli.timeexpr.calendar.UNIT_ORDER` (a test keeps them equal; the
#: calendar module is not imported here, it brings dateutil's arithmetic with it)
_UNIT_NAMES = frozenset(
    ("second", "minute", "hour", "day", "week", "month", "quarter", "year", "decade", "century")
)

_SET_VALUES = Node.__dict__["_v"].__set__
_SET_HASH = Node.__dict__["_h"].__set__


def _initializer(cls: type[Node]) -> Any:
    """The ``__init__`` of one record class, written out for its fields and compiled once,
    at the class's first use.

    A note is read into thousands of records, and a generic ``__init__`` (a loop over the
    field names, ``object.__setattr__`` for each) cost a tenth of ``prme when --find``; this
    one sets each slot through its own descriptor. Building it lazily keeps the import as
    cheap as before: a command compiles only the few classes it makes (one ``exec`` each).
    """
    names = cls._fields
    env: dict[str, Any] = {
        "_REQUIRED": _REQUIRED,
        "_set_values": _SET_VALUES,
        "_set_hash": _SET_HASH,
    }
    params, body = [], []
    for k, name in enumerate(names):
        env[f"_set{k}"] = getattr(cls, name).__set__
        if name in cls._defaults:
            env[f"_default{k}"] = cls._defaults[name]
            params.append(f"{name}=_default{k}")
        else:
            params.append(f"{name}=_REQUIRED")
            body.append(
                f"    if {name} is _REQUIRED:\n"
                f"        raise TypeError({cls.__name__ + ' needs ' + repr(name)!r})"
            )
        body.append(f"    _set{k}(self, {name})")
    values = "".join(f"{name}, " for name in names)
    body.append(f"    _set_values(self, ({values}))")
    body.append("    _set_hash(self, None)")
    source = f"def __init__(self, {', '.join(params)}):\n" + "\n".join(body) + "\n"
    exec(compile(source, f"<{cls.__name__} record>", "exec"), env)  # noqa: S102
    init = env["__init__"]
    init.__qualname__ = f"{cls.__name__}.__init__"
    return init


class Dur(Node):
    """A length of time: ``units`` maps a grain to a (possibly fractional) count."""

    _fields = ("units", "approx")
    __slots__ = _fields
    _defaults: ClassVar[dict[str, Any]] = {"approx": False}

    units: tuple[tuple[str, Decimal], ...]
    approx: bool

    def plus(self, other: Dur) -> Dur:
        from decimal import Decimal  # imported at first use, not with the engine

        merged = dict(self.units)
        for grain, count in other.units:
            merged[grain] = merged.get(grain, Decimal(0)) + count
        return Dur(tuple(merged.items()), self.approx or other.approx)

    def finest(self) -> str:
        units = self.units
        if len(units) == 1 and units[0][0] in _UNIT_NAMES:
            return units[0][0]  # one unit (nearly every length): no order to look up
        from prme_cli.timeexpr.calendar import UNIT_ORDER

        return min((g for g, _ in units), key=UNIT_ORDER.index)


class Clock(Node):
    """A time of day as written: ``meridiem`` is ``am``/``pm`` or ``""`` when not said."""

    _fields = ("hour", "minute", "second", "meridiem", "exact", "zero_padded", "zone")
    __slots__ = _fields
    _defaults: ClassVar[dict[str, Any]] = {
        "minute": 0,
        "second": None,
        "meridiem": "",
        "exact": True,
        "zero_padded": False,
        "zone": "",
    }

    hour: int
    minute: int
    second: int | None
    meridiem: str
    exact: bool  # written with minutes or a meridiem (not a bare "at 5")
    zero_padded: bool  # "05:00", "0730": a 24-hour clock, never moved to pm
    zone: str  # "": the reference zone; "+05:30", "America/New_York" ("3pm ET")


class Now(Node):
    __slots__ = ()


class Prev(Node):
    """The expression before this one in the same text (or the reference time)."""

    __slots__ = ()


class RelDay(Node):
    _fields = ("days",)
    __slots__ = _fields
    days: int  # today 0, yesterday -1, tomorrow 1


class Date(Node):
    """A calendar date; a missing year (or month) is filled past-leaning."""

    _fields = ("day", "month", "year", "relation")
    __slots__ = _fields
    _defaults: ClassVar[dict[str, Any]] = {"month": None, "year": None, "relation": ""}

    day: int
    month: int | None
    year: int | None
    relation: str  # "", "last", "next", "this" (``next 5/12``)


class Weekday(Node):
    _fields = ("weekday", "relation", "count")
    __slots__ = _fields
    _defaults: ClassVar[dict[str, Any]] = {"relation": "", "count": 0}
    weekday: int
    relation: str  # "", last, this, next, coming, after_next, on_or_after (inside a day)
    count: int  # "3 fridays from now" 3, "2 thursdays ago" -2


class InPeriod(Node):
    """A weekday or ordinal day inside a named period: ``monday of last week``."""

    _fields = ("inner", "period")
    __slots__ = _fields

    inner: Node
    period: Node


class Nth(Node):
    """The n-th (negative from the end) ``what`` of a period: ``the first monday of last
    month``, ``last friday in october``, ``the second week of 2021``, ``the 15th day``."""

    _fields = ("n", "what", "weekday", "period")
    __slots__ = _fields

    n: int
    what: str  # a weekday name, "day", "week", "weekend", "month"
    weekday: int | None
    period: Node


class Holiday(Node):
    _fields = ("key", "year", "relation", "count")
    __slots__ = _fields
    _defaults: ClassVar[dict[str, Any]] = {"year": None, "relation": "", "count": 1}
    key: str
    year: int | None
    relation: str
    count: int  # "last christmas" 1, "the christmas before last" 2


class Period(Node):
    """A calendar period relative to now: ``this week``, ``last month``, ``next quarter``."""

    _fields = ("grain", "offset", "working", "bare")
    __slots__ = _fields
    _defaults: ClassVar[dict[str, Any]] = {"offset": 0, "working": False, "bare": False}

    grain: str  # day week weekend month quarter year decade century fortnight
    offset: int
    working: bool  # "this working week": Monday to Friday
    bare: bool  # "weekend" alone: the most recent one (past-leaning)


class Month(Node):
    _fields = ("month", "year", "relation", "count")
    __slots__ = _fields
    _defaults: ClassVar[dict[str, Any]] = {"year": None, "relation": "", "count": 0}
    month: int
    year: int | None
    relation: str
    count: int  # "march after next" 2


class Year(Node):
    _fields = ("year",)
    __slots__ = _fields
    year: int


class Quarter(Node):
    _fields = ("quarter", "year", "relation", "half")
    __slots__ = _fields
    _defaults: ClassVar[dict[str, Any]] = {"year": None, "relation": "", "half": False}
    quarter: int
    year: int | None
    relation: str
    half: bool  # H1/H2


class Season(Node):
    _fields = ("month", "year", "relation", "count")
    __slots__ = _fields
    _defaults: ClassVar[dict[str, Any]] = {"year": None, "relation": "", "count": 1}
    month: int
    year: int | None
    relation: str
    count: int  # "last summer" 1, "the summer before last" / "two summers ago" 2


class Decade(Node):
    _fields = ("start", "twodigit")
    __slots__ = _fields
    _defaults: ClassVar[dict[str, Any]] = {"twodigit": 0}
    start: int | None  # 1990; None: the decade of ``of`` (the nineties) chosen past-leaning
    twodigit: int


class Century(Node):
    _fields = ("number",)
    __slots__ = _fields
    number: int


class IsoWeek(Node):
    _fields = ("year", "week")
    __slots__ = _fields
    year: int | None
    week: int


class WeekdayFrom(Node):
    """``the monday after easter`` (sign 1), ``the friday before christmas`` (-1): the first
    such weekday strictly after (before) the anchor."""

    _fields = ("weekday", "sign", "base")
    __slots__ = _fields

    weekday: int
    sign: int
    base: Node


class PeriodFrom(Node):
    """``the week after christmas``, ``the month before the move``: the period next to the
    one holding the anchor."""

    _fields = ("grain", "sign", "base")
    __slots__ = _fields

    grain: str  # week weekend month year
    sign: int
    base: Node


class SpanBeside(Node):
    """``the three days before christmas``, ``the two weeks after easter``: that long next to
    a day, the day itself left out."""

    _fields = ("dur", "sign", "base")
    __slots__ = _fields

    dur: Dur
    sign: int
    base: Node


class Near(Node):
    """``just after midnight``, ``shortly before christmas``: a little after the anchor ends
    (a point: after it) or before it starts; approximate."""

    _fields = ("side", "base")
    __slots__ = _fields

    side: str  # after before
    base: Node


class Shift(Node):
    """``dur`` after (sign 1) or before (-1) ``base`` (``None``: now)."""

    _fields = ("dur", "sign", "base")
    __slots__ = _fields
    _defaults: ClassVar[dict[str, Any]] = {"base": None}

    dur: Dur
    sign: int
    base: Node | None


class Repeat(Node):
    """``3 fridays from now``, ``the week after next``: ``n`` steps of a named unit."""

    _fields = ("grain", "count")
    __slots__ = _fields

    grain: str
    count: int


class Trailing(Node):
    """``last 3 days`` (sign -1), ``next 2 weeks`` (1): a span from now of whole units."""

    _fields = ("dur", "sign")
    __slots__ = _fields

    dur: Dur
    sign: int


class BusinessDays(Node):
    """``next 4 business days`` (sign 1), ``previous 4 working days`` (-1); with ``point``
    the day itself: ``in 3 working days``, ``2 business days ago``."""

    _fields = ("count", "sign", "point")
    __slots__ = _fields
    _defaults: ClassVar[dict[str, Any]] = {"point": False}

    count: int
    sign: int
    point: bool


class Edge(Node):
    """``beginning|middle|end of`` a window (``part``) or its first/last second (anchor)."""

    _fields = ("edge", "base", "instant")
    __slots__ = _fields
    _defaults: ClassVar[dict[str, Any]] = {"instant": False}

    edge: str  # start mid end
    base: Node
    instant: bool


class Rest(Node):
    """``rest of the week``, ``earlier this month``, ``later this year``, ``year to date``."""

    _fields = ("side", "base")
    __slots__ = _fields

    side: (
        str  # "rest" (now to end), "earlier" (start to today), "later" (tomorrow to end), "todate"
    )
    base: Node


class Part(Node):
    """A part of the day (``morning``), narrowed by ``early``/``late``/``mid``."""

    _fields = ("name", "mod")
    __slots__ = _fields
    _defaults: ClassVar[dict[str, Any]] = {"mod": ""}

    name: str
    mod: str


class ClockRange(Node):
    _fields = ("first", "last")
    __slots__ = _fields
    first: Clock
    last: Clock


class ClockFor(Node):
    """``from 9 for 2.5 hrs``: a clock time and how long from it."""

    _fields = ("clock", "dur")
    __slots__ = _fields

    clock: Clock
    dur: Dur


class Moment(Node):
    """A day with a part of it and/or a clock time (any order as written)."""

    _fields = ("day", "part", "time")
    __slots__ = _fields
    _defaults: ClassVar[dict[str, Any]] = {"part": None, "time": None}

    day: Node | None
    part: Part | None
    time: Node | None  # Clock, ClockRange or ClockFor


class Between(Node):
    """``from A to B``, ``between A and B``, ``A - B``: ``[start(A), end(B))``."""

    _fields = ("first", "last", "tail")
    __slots__ = _fields
    _defaults: ClassVar[dict[str, Any]] = {"tail": None}

    first: Node
    last: Node
    tail: Node | None  # a shared year or month ("Feb 12-15, 2026", "from 4 to 23 of May")


class DurFrom(Node):
    """``3 days starting from next monday``, ``a week starting tomorrow``."""

    _fields = ("dur", "base")
    __slots__ = _fields

    dur: Dur
    base: Node


class Open(Node):
    """``before X`` / ``after X`` / ``since X`` / ``until X``: one side left open."""

    _fields = ("side", "base")
    __slots__ = _fields

    side: str  # before after since until
    base: Node


class Approx(Node):
    """A vague expression: ``around 3pm`` is widened; ``sometime next week`` is inside its
    window (``widen`` false), and only marked approximate."""

    _fields = ("base", "widen")
    __slots__ = _fields
    _defaults: ClassVar[dict[str, Any]] = {"widen": True}
    base: Node
    widen: bool


class Vague(Node):
    """``recently``, ``the other day``, ``lately``: a widened window back from now."""

    _fields = ("days_back", "days_to")
    __slots__ = _fields
    _defaults: ClassVar[dict[str, Any]] = {"days_to": 0}

    days_back: int
    days_to: int


class Every(Node):
    """A recurrence (``every monday``, ``daily``): resolved as its most recent occurrence;
    ``also`` holds the other days of one on several (``every tuesday and thursday``)."""

    _fields = ("base", "unit", "also")
    __slots__ = _fields
    _defaults: ClassVar[dict[str, Any]] = {"unit": "", "also": ()}

    base: Node | None
    unit: str  # with a base: "" or "days" (the base and ``also`` were joined by "and")
    also: tuple[Node, ...]


class Stamp(Node):
    """An org timestamp, ISO datetime or ``@epoch`` as written."""

    _fields = ("text", "kind")
    __slots__ = _fields

    text: str
    kind: str  # org iso epoch


class DayNum(Node):
    """A bare day of the month inside a range (``Feb 12-15``): takes its month from the other
    side; alone it is ``the 15th`` (past-leaning)."""

    _fields = ("day",)
    __slots__ = _fields

    day: int


class WithYear(Node):
    """An expression given a year: ``easter 2018``, ``this friday 5/12``."""

    _fields = ("base", "year")
    __slots__ = _fields

    base: Node
    year: int


class Checked(Node):
    """A weekday written beside a date (``Tuesday, Jan 15``): the date, if they agree. With
    ``near``, only a date within two months of today (``fri 9-5`` is more likely hours)."""

    _fields = ("base", "weekday", "near")
    __slots__ = _fields
    _defaults: ClassVar[dict[str, Any]] = {"weekday": -1, "near": False}

    base: Node
    weekday: int
    near: bool
