"""The one time-expression engine (SPEC §4.2, §4.4).

Every command that takes a time, ``prme when``, ``prme when --find`` and relate's dating of
note sentences turn text into windows here. The engine is a grammar in four parts, in the
shape of httpie's nested-JSON parser:

- :mod:`.tokens` cuts text into typed pieces with their offsets;
- :mod:`.lexicon` holds the words of time (months, units, holidays …), one table each;
- :mod:`.grammar` is the set of small rules that read tokens into :mod:`.nodes` (the BNF is
  in its docstring);
- :mod:`.interpret` turns a node into a window against a reference time and zone, with every
  convention of the README's table; :mod:`.calendar` does the arithmetic with dateutil;
- :mod:`.errors` says why text was refused; :mod:`.finder` finds expressions in running text.

A window is half-open, ``[start, end)``, aware in the zone, with a grain. Reference time and
zone are always arguments: no clock is read below :func:`parse_now`.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta, tzinfo
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from prme_cli.errors import EmptyWindowError, TimeExpressionError, UsageError
from prme_cli.timeexpr.records import Record, set_field
from prme_cli.timeexpr.zones import zone, zone_name

if TYPE_CHECKING:
    from prme_cli.timeexpr.finder import EventOffset, Found

#: Grains from finest to coarsest; a window's grain is always one of these.
GRAINS: tuple[str, ...] = ("second", "minute", "hour", "day", "week", "month", "quarter", "year")

#: brackets and quotes around a whole phrase
_ENCLOSING = {("(", ")"), ("[", "]"), ('"', '"'), ("\u201c", "\u201d")}
_LEADING = {"on", "in", "at", "during", "over", "within", "for", "the", "throughout"}
#: a hedge before a whole expression ("maybe tomorrow", "probably friday"): the time is the
#: writer's guess, so the window is marked approximate but not widened (as "any time next
#: week" is); in running text the finder leaves the hedge out of the span
_HEDGES = {"maybe", "probably", "possibly", "perhaps", "likely", "prob", "hopefully"}


@dataclass(init=False, repr=False, eq=False, slots=True)
class Window(Record):
    """A resolved expression: ``[start, end)`` in the zone, how precise and how vague (a
    frozen record, :mod:`.records`)."""

    expression: str
    start: datetime
    end: datetime
    grain: str
    approximate: bool = False
    kind: str = "point"

    def __init__(
        self,
        expression: str,
        start: datetime,
        end: datetime,
        grain: str,
        approximate: bool = False,
        kind: str = "point",
    ) -> None:
        set_field(self, "expression", expression)
        set_field(self, "start", start)
        set_field(self, "end", end)
        set_field(self, "grain", grain)
        set_field(self, "approximate", approximate)
        set_field(self, "kind", kind)

    @property
    def open_start(self) -> bool:
        return self.start.year == 1

    @property
    def open_end(self) -> bool:
        return self.end.year == 9999

    def to_json(self, now: datetime, tz_name: str) -> dict[str, Any]:
        """The ``prme when --format json`` object (SPEC §5); times carry the zone's offset."""
        zone_info = self.start.tzinfo
        shown_now = now.astimezone(zone_info) if zone_info is not None else now
        return {
            "expression": self.expression,
            "now": shown_now.isoformat(),
            "tz": tz_name,
            "start": None if self.open_start else self.start.isoformat(),
            "end": None if self.open_end else self.end.isoformat(),
            "grain": self.grain,
            "approximate": self.approximate,
            "kind": self.kind,
        }


def _aware(moment: datetime, tz: tzinfo) -> datetime:
    from prme_cli.timeexpr.calendar import localize

    return (localize(moment, tz) if moment.tzinfo is None else moment).astimezone(tz)


def context(
    now: datetime,
    tz: tzinfo,
    *,
    dayfirst: bool = False,
    week_start: int = 0,
    not_before: datetime | None = None,
) -> Any:
    """The interpretation context for a reference time (shared by resolve and find)."""
    from prme_cli.timeexpr.interpret import Context

    if not 0 <= week_start <= 6:
        raise UsageError(f"week start must be 0 (Monday) to 6 (Sunday), not {week_start}")
    local_now = _aware(now, tz)
    floor = _aware(not_before, tz).date() if not_before is not None else None
    return Context(local_now, tz, local_now.date(), dayfirst, week_start, floor)


def resolve(
    expression: str,
    now: datetime,
    tz: tzinfo,
    *,
    dayfirst: bool = False,
    week_start: int = 0,
    not_before: datetime | None = None,
    anchor: tuple[datetime, datetime, str] | None = None,
) -> Window:
    """Resolve one expression against ``now`` in ``tz``.

    ``not_before`` makes bare weekday/month/date/holiday forms pick the first one at or after
    it instead of the most recent one (the UNTIL side of ``range``). ``anchor`` (start, end,
    grain) is the time told before the expression in running text, which ``two days later``,
    ``the next morning`` or ``the following Monday`` count from (without one they count from
    ``now``). Raises :class:`TimeExpressionError` for anything it cannot read.
    """
    from prme_cli.timeexpr import grammar, interpret, tokens

    ctx = context(now, tz, dayfirst=dayfirst, week_start=week_start, not_before=not_before)
    if anchor is not None:
        ctx = ctx.anchored(interpret.Span(_aware(anchor[0], tz), _aware(anchor[1], tz), anchor[2]))
    toks = tokens.tokenize(expression)
    while toks and toks[-1].kind == "sym" and toks[-1].value in ".!?;,":
        toks.pop()
    while (
        len(toks) > 2
        and toks[0].kind == "sym"
        and toks[-1].kind == "sym"
        and (toks[0].value, toks[-1].value) in _ENCLOSING
    ):
        toks = toks[1:-1]  # "(next friday)", "\u201cnext friday\u201d": the phrase inside
    if not toks:
        raise TimeExpressionError(expression, "empty expression")
    if len(toks) > tokens.MAX_TOKENS:
        raise TimeExpressionError(expression, f"longer than {tokens.MAX_TOKENS} words and numbers")
    parser = grammar.Grammar(toks, dayfirst=dayfirst)
    refusals: list[str] = []
    starts = [0]
    hedged = toks[0].kind == "word" and toks[0].value in _HEDGES and len(toks) > 1
    if hedged:
        starts = [2 if toks[1].value == "," and len(toks) > 2 else 1]
    if toks[starts[0]].kind == "word" and toks[starts[0]].value in _LEADING:
        starts.append(starts[0] + 1)
    elif not hedged and toks[0].value == "back" and len(toks) > 2 and toks[1].value in _LEADING:
        starts.append(2)  # "back in January", "back on the 3rd"
    try:
        for first in starts:
            for node, end in parser.expression(first):
                if end != len(toks):
                    continue
                try:
                    span = interpret.resolve(node, ctx)
                except interpret.Refused as exc:
                    refusals.append(str(exc))
                    continue
                except (ValueError, OverflowError, OSError):
                    # arithmetic ran off the calendar (year 0 or 10000, huge counts)
                    refusals.append("date out of range")
                    continue
                if span.start.timestamp() >= span.end.timestamp():
                    refusals.append("the window is empty")
                    continue
                return Window(
                    expression,
                    span.start,
                    span.end,
                    span.grain,
                    span.approximate or hedged,
                    span.kind,
                )
    except grammar.TooDeep:
        raise TimeExpressionError(expression, "nested too deeply to be a time expression") from None
    either = _either(
        expression,
        toks,
        lambda text: resolve(
            text, now, tz, dayfirst=dayfirst, week_start=week_start, not_before=not_before
        ),
    )
    if either is not None:
        return either
    if not_before is None and anchor is None:
        whole = _found_whole(expression, now, tz, dayfirst, week_start)
        if whole is not None:
            return whole
    from prme_cli.timeexpr import errors  # only on the error path

    raise TimeExpressionError(expression, errors.explain(toks, refusals))


#: Two reference times far apart, to tell an expression read from the time told before it
_PROBE_REFERENCE = datetime(2020, 6, 15, 12, 0, tzinfo=UTC)
_PROBE_ANCHOR = (
    datetime(2017, 2, 8, 0, 0, tzinfo=UTC),
    datetime(2017, 2, 9, 0, 0, tzinfo=UTC),
    "day",
)


@lru_cache(maxsize=2048)
def counts_from_before(expression: str) -> bool:
    """Does ``expression`` count from a time the text told before it (``two days later``,
    ``the next morning``, ``that evening``, ``the following Monday``, ``a week after that``)
    rather than from the moment of writing (``two days ago``, ``tomorrow``, ``next Monday``)?
    Read by the grammar itself, not by a list of words: the reading moves when the time told
    before it moves. An expression the engine cannot read counts from nothing."""
    try:
        free = resolve(expression, _PROBE_REFERENCE, UTC)
        anchored = resolve(expression, _PROBE_REFERENCE, UTC, anchor=_PROBE_ANCHOR)
    except TimeExpressionError:
        return False
    return (free.start, free.end) != (anchored.start, anchored.end)


def _found_whole(
    expression: str, now: datetime, tz: tzinfo, dayfirst: bool, week_start: int
) -> Window | None:
    """The reading of running text when it is one expression over the whole phrase: the
    forms only find mode joins (``tomorrow, 13/04/21, at 7 PM``, ``tomorrow, October 15th``:
    a relative day and the date beside it) read the same alone, so one engine gives one
    answer. Only on the error path; a duration or a phrase find splits stays refused."""
    found = find(expression, now, tz, dayfirst=dayfirst, week_start=week_start)
    text = expression.strip().rstrip(".!?;,").rstrip()
    if len(found) != 1 or found[0].kind == "duration" or found[0].text != text:
        return None
    f = found[0]
    if f.start is None or f.end is None or f.grain is None:
        return None
    return Window(expression, f.start, f.end, f.grain, f.approximate, f.kind)


def _either(expression: str, toks: list[Any], read: Any) -> Window | None:
    """Two times joined by ``or`` or ``and``, as one phrase: ``mon or tue``, ``the 15th and
    16th``, ``tuesday or wednesday next week`` (what follows the second is shared: ``tuesday
    next week``). ``or`` is the window holding both, approximate (one of them is meant);
    ``and`` only when the two meet (``monday and tuesday``: both days). In running text the
    two are found apart; this is the phrase's reading when the grammar has none."""
    joins = [k for k, t in enumerate(toks) if t.value in ("or", "and", "&")]
    if len(joins) != 1 or not 0 < joins[0] < len(toks) - 1:
        return None
    k = joins[0]
    said_or = toks[k].value == "or"

    def text(first: int, last: int) -> str:
        return expression[toks[first].start : toks[last].end]

    rights = [text(k + 1, len(toks) - 1)]
    if toks[0].value in ("next", "last", "this", "coming", "previous"):  # next monday or tuesday
        rights.append(f"{toks[0].text} {rights[0]}")
    lefts = [text(0, k - 1)]
    if k + 2 < len(toks):  # the words after the second one's first belong to both
        lefts.insert(0, f"{text(0, k - 1)} {text(k + 2, len(toks) - 1)}")
    for right_text in rights:
        try:
            right = read(right_text)
        except TimeExpressionError:
            continue
        for candidate in lefts:
            try:
                left = read(candidate)
            except TimeExpressionError:
                continue
            if left.open_start or left.open_end or right.open_start or right.open_end:
                return None
            if not left.start < right.start or (not said_or and left.end != right.start):
                continue
            return Window(expression, left.start, right.end, left.grain, said_or, "interval")
    return None


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
    now = _aware(now, tz)
    win = resolve(expression, now, tz, dayfirst=dayfirst, week_start=week_start)
    end = now.replace(microsecond=0) + timedelta(microseconds=1)
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
    datetime(2001, 2, 3, 4, 5, 6, tzinfo=UTC),
    datetime(2033, 9, 8, 7, 6, 5, tzinfo=UTC),
)


def parse_now(text: str | None, tz: tzinfo, *, dayfirst: bool = False) -> datetime:
    """The reference time from ``--now`` / ``PRME_NOW``; ``None`` or blank is the real clock.

    Accepts any *absolute* expression (ISO date or datetime, org timestamp, ``@epoch``,
    ``3 November 2026 09:30``…) and returns its start, aware in ``tz``; numeric dates are read
    day first with ``dayfirst``, as every other time argument is. A relative phrase
    (``yesterday``) would make ``--now`` depend on the clock it exists to fix: refused.
    """
    if text is None or not text.strip():
        return datetime.now(tz).replace(microsecond=0)
    return _absolute_now(text, tz, dayfirst)


@lru_cache(maxsize=64)
def _absolute_now(text: str, tz: tzinfo, dayfirst: bool) -> datetime:
    """An absolute ``--now``: a pure function of its arguments (a relative phrase is refused),
    so it is kept — ``prme mcp --now …`` reads it for every tool call, and resolving it twice
    through the grammar cost more than a small query."""
    first, second = (resolve(text, probe, tz, dayfirst=dayfirst) for probe in _PROBE_NOWS)
    if first.start.timestamp() != second.start.timestamp():
        raise TimeExpressionError(
            text, "the reference time must be absolute (e.g. 2026-11-29T14:30 or 2026-11-29)"
        )
    return first.start


def find(
    text: str, now: datetime, tz: tzinfo, *, dayfirst: bool = False, week_start: int = 0
) -> list[Found]:
    """Every time expression in ``text``, left to right, resolved against ``now`` in ``tz``;
    a relative one that follows another (``two days later``) is anchored at that one."""
    from prme_cli.timeexpr.finder import find_all

    return find_all(text, context(now, tz, dayfirst=dayfirst, week_start=week_start), dayfirst)


@lru_cache(maxsize=512)
def event_offsets(text: str) -> tuple[EventOffset, ...]:
    """The amounts in ``text`` counted from an event named right after them (``two days
    after the party``, ``the day after I opened the kiln``), left to right: the pieces
    :func:`find` dates nothing of, by the same scan (see
    :class:`~prme_cli.timeexpr.finder.EventOffset`). They do not depend on a reference time."""
    from prme_cli.timeexpr.finder import find_all

    out: list[EventOffset] = []
    find_all(text, context(_PROBE_REFERENCE, UTC), False, out)
    return tuple(out)


def may_hold_time(text: str) -> bool:
    """A cheap test before :func:`find` and :func:`day_words`: False when neither can find
    anything in ``text`` (no token of it carries time), True when they might."""
    from prme_cli.timeexpr.finder import may_hold_time as check

    return check(text)


def day_words(text: str) -> list[tuple[int, int]]:
    """Spans of the words in ``text`` that name a calendar day's parts by the engine's own
    lexicon: a weekday ("Fri", "Tuesday"), a month ("Feb", "June"), a day of the month with
    an ordinal ending ("9th"), an ISO date or org stamp. ``find`` reads whole expressions and
    says nothing of one it cannot read ("Fri 5 March" in a year where the 5th is a Monday);
    this says the text still *names* a day, so a caller that dates by such words can refuse
    rather than treat the text as naming none."""
    from prme_cli.timeexpr import lexicon, tokens

    toks = tokens.tokenize(text)
    out: list[tuple[int, int]] = []
    for k, tok in enumerate(toks):
        if tok.kind in ("org", "iso") or (
            tok.kind == "word" and (tok.value in lexicon.WEEKDAYS or tok.value in lexicon.MONTHS)
        ):
            out.append((tok.start, tok.end))
        elif (
            tok.kind == "num"
            and k + 1 < len(toks)
            and toks[k + 1].glued
            and toks[k + 1].value in lexicon.ORDINAL_SUFFIXES
        ):
            out.append((tok.start, toks[k + 1].end))
    return out


def __getattr__(name: str) -> Any:
    """``Found`` lives with the finder, which makes it: a command that finds nothing in text
    (``prme since today``) does not build the class."""
    if name == "Found":
        from prme_cli.timeexpr.finder import Found

        return Found
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def find_expressions(text: str, near: datetime | None = None) -> list[tuple[int, int, str]]:
    """Spans ``(start, end, phrase)`` of time expressions inside free text, left to right.

    ``near`` is a day close to when the text was written (a naive one is read as UTC): a
    weekday beside a date without a year ("Saturday the 30th of July") is only a time in
    a year where that date falls on that weekday, so the finder reads it near the text's
    own time; by default near a fixed day of 2020."""
    if near is None:
        near = datetime(2020, 6, 15, 12, 0, tzinfo=UTC)
    elif near.tzinfo is None:
        near = near.replace(tzinfo=UTC)
    found = find(text, near, UTC)
    return [(f.offset, f.offset + f.length, f.text) for f in found]


__all__ = [
    "GRAINS",
    "Found",
    "Window",
    "counts_from_before",
    "day_words",
    "event_offsets",
    "find",
    "find_expressions",
    "may_hold_time",
    "parse_now",
    "range_window",
    "resolve",
    "resolve_range",
    "since_window",
    "zone",
    "zone_name",
]
