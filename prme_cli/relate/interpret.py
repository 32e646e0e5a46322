"""Turn one cited operand into a time: a window, an exact duration, or clock times.

The resolver only *points* at words in a record; this module decides, in code, what those
words mean. Every basis has its own reading:

- ``org_timestamp``: an org stamp (``<2026-10-02 Fri>``, ``[2026-10-02 Fri 17:40]``, ranges,
  day names in any language), read by the one org extractor (:mod:`prme_cli.orgtime`);
- ``text_expression``: words such as "on February 1st", "March 3rd, 2026", "last Sunday",
  read by the one time-expression resolver (:mod:`prme_cli.timeexpr`) *as of the record's own
  time*, because "yesterday" in a note means the day before the note was written; a
  year-less calendar date is read back from the note, unless the quote tells it as coming
  ("my upcoming meeting on January 17th", "is coming up on July 22nd"): then forward; a
  bare weekday ("on Sunday") or bare day of the month ("on the 25th") is read (as the
  latest such day before the note) only in a past-tense report, never in a present, coming
  or habitual clause ("I'm having knee surgery on the 25th"), nor in a note written on that
  weekday or day of the month (see :func:`bare_day_problem`);
- ``event_time``: the record's own time, but only when the quote says the event happened
  then ("today", "this morning", "just now", "I just got back from …") — a note's date alone
  does not date every event it mentions (see *Licence* below);
- ``duration``: an amount of time ("3 weeks", "2 hours 30 minutes", "1:15"), exact Decimal;
- ``time_of_day``: clock times for schedules ("at 9am", "18:30");
- ``none``: dates nothing.

Windows are half-open ``[start, end)`` in ``tz`` (aware datetimes whose wall clock is the
user's); ``grain`` is the finest calendar period that contains the whole window, so "last
week" is week-grained and a date-only stamp is day-grained whatever its source called it.

**Licence** (SPEC §6.4: ``event_time`` needs words that tie the event to the note's time):

- "today", "tonight", "this morning / afternoon / evening", "earlier today" tie it to the
  note's *day*;
- "just now", "right now", "a moment ago" tie it to the note's *minute* when the note has a
  clock time (else its day);
- "just" right before a past-tense verb — "I just got back from the fair", "we've just
  finished the deck", "she just bought a kayak" — is the recent-past "just" of English
  ("a very short time ago"), the same statement as "just now": it ties the event that verb
  tells to the note's *day*, never to a minute. It is not a licence when "just" means
  "only" or "simply" (before a verb of wanting, thinking or feeling: "I just wanted to
  say"), after "had" ("I had just left when…" is relative to another past moment), or before
  a present form ("I just need…"). The licence covers the verb it precedes; whether that verb
  tells the asked event is the resolver's and the gate's business.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import UTC, date, datetime, time, timedelta, tzinfo
from decimal import Decimal, InvalidOperation
from functools import lru_cache
from typing import Any

from prme_cli import lazyre, words
from prme_cli.relate.period import Period, heading_period, read_in_period
from prme_cli.relate.types import TIME_BASES, EvidenceRecord, Operand
from prme_cli.timeexpr import lexicon

#: Grains from finest to coarsest; a window's grain is the first whose period contains it.
GRAINS: tuple[str, ...] = ("minute", "hour", "day", "week", "month", "year")

#: Duration units that convert exactly into each other (a week is 7 days, a day 24 hours...).
EXACT_UNITS: dict[str, Decimal] = {
    "minutes": Decimal(1),
    "hours": Decimal(60),
    "days": Decimal(60 * 24),
    "weeks": Decimal(60 * 24 * 7),
}
#: Calendar units: a year is exactly 12 months, but neither is a fixed number of days.
CALENDAR_UNITS: dict[str, Decimal] = {"months": Decimal(1), "years": Decimal(12)}

_MICRO = timedelta(microseconds=1)

#: Phrases that say an event happened at (or on the day of) the moment the note was written.
_LICENCE_DAY = (
    r"today|today's|tonight|this morning|this afternoon|this evening|this noon"
    r"|earlier today|so far today"
)
#: Phrases that pin the event to the very moment of writing, so a recorded clock time holds.
_LICENCE_MOMENT = r"just now|right now|a moment ago|moments ago|a minute ago|just a moment ago"
_LICENCE_RE = lazyre.compile(rf"(?<![\w'])(?:{_LICENCE_MOMENT}|{_LICENCE_DAY})(?![\w'])")
_MOMENT_RE = lazyre.compile(rf"(?<![\w'])(?:{_LICENCE_MOMENT})(?![\w'])")
#: "just" (optionally "just recently") before a word; the word is checked by
#: :func:`_recent_past_verb`. "had just" / "'d just" are relative to another past moment.
_JUST_RE = lazyre.compile(
    r"(?<![\w'])(?<!\bhad\s)(?<!'d\s)just\s+(?:recently\s+)?"
    r"(?P<verb>[a-z]+)(?P<particle>\s+(?:back|home|in|out|off|up))?"
    r"(?![\w'])"
)
#: Past forms after which "just" means "only" or "simply", or that report no event.
_NOT_AN_EVENT_AFTER_JUST = frozenset(
    {
        "wanted",
        "needed",
        "thought",
        "felt",
        "liked",
        "loved",
        "hated",
        "hoped",
        "wished",
        "wondered",
        "meant",
        "knew",
        "seemed",
        "was",
        "were",
        "had",
        "could",
        "would",
        "should",
        "might",
        "figured",
        "guessed",
        "assumed",
        "supposed",
        "happened",
        "realized",
        "realised",
        "noticed",
        "remembered",
    }
)


class InterpretError(ValueError):
    """An operand whose words do not date (or measure) anything exactly.

    ``code`` is the validation code this failure becomes; ``reason`` is a short message that
    names no record text.
    """

    def __init__(self, reason: str, code: str = "uninterpretable_expression") -> None:
        super().__init__(reason)
        self.reason = reason
        self.code = code


@dataclass(frozen=True, slots=True)
class Dated:
    """What an operand's words mean.

    A dated event has ``start``/``end`` (aware, in ``tz``, half-open) and ``grain``. A
    duration has ``quantity`` and ``unit`` instead. ``times`` holds clock times for
    schedules (also set for a stamp that carries a time); ``repeater`` is an org repeater as
    written (``+1w``).
    """

    start: datetime | None = None
    end: datetime | None = None
    grain: str | None = None
    quantity: Decimal | None = None
    unit: str | None = None
    times: tuple[time, ...] = ()
    repeater: str | None = None
    basis: str = ""
    #: the words are hedged ("about a month ago", "a few days ago") and the window is the
    #: time engine's widened interval: it may order events, never count days or date one
    approximate: bool = False

    @property
    def is_window(self) -> bool:
        return self.start is not None and self.end is not None


# --------------------------------------------------------------------------- calendar periods


def period_start(moment: datetime, grain: str) -> datetime:
    """The start of the ``grain`` period containing ``moment``, on the wall clock.

    Weeks start on Monday (SPEC §4.2's default). Works on the wall clock so a DST change
    never moves a day boundary.
    """
    if grain == "minute":
        return moment.replace(second=0, microsecond=0)
    if grain == "hour":
        return moment.replace(minute=0, second=0, microsecond=0)
    midnight = moment.replace(hour=0, minute=0, second=0, microsecond=0)
    if grain == "day":
        return midnight
    if grain == "week":
        monday = midnight.date() - timedelta(days=midnight.weekday())
        return midnight.replace(year=monday.year, month=monday.month, day=monday.day)
    if grain == "month":
        return midnight.replace(day=1)
    if grain == "year":
        return midnight.replace(month=1, day=1)
    raise ValueError(f"unknown grain {grain!r}")


def fits_in(start: datetime, end: datetime, grain: str) -> bool:
    """True when the whole window ``[start, end)`` lies inside one ``grain`` period."""
    last = end - _MICRO if end > start else start
    return period_start(start, grain) == period_start(last, grain)


def grain_of_window(start: datetime, end: datetime) -> str | None:
    """The finest grain whose single period contains the window, or ``None`` (over a year)."""
    for grain in GRAINS:
        if fits_in(start, end, grain):
            return grain
    return None


def _window(start: datetime, end: datetime, *, basis: str, **extra: Any) -> Dated:
    grain = grain_of_window(start, end)
    if grain is None:
        raise InterpretError("the expression spans more than a calendar year")
    return Dated(start=start, end=end, grain=grain, basis=basis, **extra)


def _localize(moment: datetime, tz: tzinfo) -> datetime:
    """Attach ``tz`` to a wall-clock time, or convert an aware one into ``tz``."""
    if moment.tzinfo is None:
        return moment.replace(tzinfo=tz)
    return moment.astimezone(tz)


def _has_clock_time(moment: datetime) -> bool:
    """A stored event_time at exactly midnight is how a date-only time is kept."""
    return (moment.hour, moment.minute, moment.second, moment.microsecond) != (0, 0, 0, 0)


# --------------------------------------------------------------------------- org timestamps


def _org_stamp(expression: str) -> Any:
    """The single org timestamp (or date range) in ``expression``."""
    from prme_cli import orgtime

    text = expression.strip()
    try:
        return orgtime.parse_timestamp(text)
    except ValueError:
        pass
    stamps = [ts for ts in orgtime.find_timestamps(text) if ts.kind != "diary"]
    if len(stamps) != 1:
        raise InterpretError("expected exactly one org timestamp in the expression")
    return stamps[0]


def interpret_org_timestamp(expression: str, tz: tzinfo) -> Dated:
    """Date an org stamp: a date-only stamp is its day, a stamp with a time is that minute,
    a range is the whole range (so it only serves operations that accept its span)."""
    stamp = _org_stamp(expression)
    if stamp.kind == "diary" or stamp.start is None or stamp.end is None:
        raise InterpretError("a diary sexp names no single date")
    start = _localize(stamp.start, tz)
    end = _localize(stamp.end, tz)
    if end <= start:  # a stamp with a time is a point: take its minute
        end = start + timedelta(minutes=1)
    times = (stamp.start.time(),) if stamp.has_time else ()
    return _window(start, end, basis="org_timestamp", times=times, repeater=stamp.repeater)


# --------------------------------------------------------------------------- text expressions

ExpressionResolver = Callable[..., Any]

_LEADING_PREPOSITION = lazyre.compile(r"^(?:on|in|at|during)\s+(?:the\s+)?", re.IGNORECASE)
_EDGE_PUNCTUATION = " \t\n,.;:!?()\"'"


def _default_resolver() -> ExpressionResolver:
    from prme_cli import timeexpr

    return timeexpr.resolve


def _candidates(expression: str) -> list[str]:
    """The expression as written, then without a leading "on"/"in"/"at"/"during" (which say
    nothing about the date). "before", "after", "since" and "by" are kept: they change it."""
    text = expression.strip(_EDGE_PUNCTUATION)
    out = [text]
    stripped = _LEADING_PREPOSITION.sub("", text)
    if stripped and stripped != text:
        out.append(stripped)
    return out


def _night_to_its_evening(start: datetime, end: datetime, tz: tzinfo) -> tuple[datetime, datetime]:
    """A night ("tonight", "last night": 18:00 to 04:00) belongs to the date of its evening,
    as people date it; any other window is left as it is."""
    crosses = start.date() != (end - _MICRO).date()
    if crosses and start.hour >= 18 and end - start <= timedelta(hours=12):
        midnight = datetime.combine(start.date() + timedelta(days=1), time())
        return start, _localize(midnight, tz)
    return start, end


#: A numeric calendar date: "3/27", "the 3/8", "12/24/2023", "24.12.23" is not read (a
#: decimal); "3/4" of a cup is kept out by the finder's context rule (timefind).
NUMERIC_DATE = lazyre.compile(
    r"(?<![\w/.])(?P<a>\d{1,2})/(?P<b>\d{1,2})(?:/(?P<year>\d{4}|\d{2}))?(?![\w/])"
)
_MONTH_NAMES = tuple(name.title() for name in lexicon.MONTH_NAMES)
#: IANA zones of the United States, where a numeric date is written month first ("3/8" is
#: March 8th). Elsewhere the day usually comes first; where neither is certain an ambiguous
#: date is not read at all.
_MONTH_FIRST_ZONES = lazyre.compile(
    r"^(?:America/(?:New_York|Chicago|Denver|Phoenix|Los_Angeles|Anchorage|Juneau|Sitka|"
    r"Yakutat|Nome|Metlakatla|Adak|Boise|Detroit|Menominee|Indiana/\w+|Kentucky/\w+|"
    r"North_Dakota/\w+|Indianapolis|Louisville|Puerto_Rico)|Pacific/(?:Honolulu|Guam)|"
    r"US/\w+|EST5EDT|CST6CDT|MST7MDT|PST8PDT)$"
)


def numeric_date_words(expression: str, tz: tzinfo) -> str | None:
    """ "3/27" as words the resolver reads ("March 27"), or None when it is not a date or
    its order is unknown.

    Which number is the month is settled, in this order, by magnitude (a number over 12
    cannot be a month: "3/27" is March 27th, "27/3" the 27th of March), then by the
    convention of the zone the user lives in (``--tz``: month first in United States zones).
    "3/8" read in ``UTC`` or ``Europe/London`` with nothing else to go on is refused rather
    than guessed.
    """
    m = NUMERIC_DATE.search(expression)
    if m is None:
        return None
    a, b = int(m["a"]), int(m["b"])
    if a > 12 and 1 <= b <= 12:
        month, day = b, a
    elif b > 12 and 1 <= a <= 12:
        month, day = a, b
    elif 1 <= a <= 12 and 1 <= b <= 12:
        if a == b or _MONTH_FIRST_ZONES.match(str(getattr(tz, "key", "") or "")):
            month, day = a, b
        else:
            return None
    else:
        return None
    if day > 31:
        return None
    words = f"{_MONTH_NAMES[month - 1]} {day}"
    if m["year"]:
        year = int(m["year"])
        words += f", {year + 2000 if year < 100 else year}"
    return words


def _resolve_once(
    expression: str, now: datetime, tz: tzinfo, resolver: ExpressionResolver
) -> tuple[datetime, datetime, bool]:
    """The window ``expression`` names as of ``now`` and whether the engine calls it
    approximate (a hedged expression, read as a widened interval)."""
    from prme_cli.errors import TimeExpressionError

    failure = ""
    candidates = _candidates(expression)
    if NUMERIC_DATE.search(expression):
        # Only a numeric date standing alone ("3/27", "on the 3/27") is read, as words.
        alone = [c for c in candidates if NUMERIC_DATE.fullmatch(c)]
        numeric = numeric_date_words(alone[0], tz) if alone else None
        if numeric is None:
            raise InterpretError("a numeric date whose month and day cannot be told apart")
        candidates = [numeric]
    for candidate in candidates:
        try:
            window = resolver(candidate, now, tz)
        except TimeExpressionError as err:
            failure = err.reason or "not a time expression"
            continue
        start, end = _night_to_its_evening(
            _localize(window.start, tz), _localize(window.end, tz), tz
        )
        approximate = bool(getattr(window, "approximate", False))
        return start, end, approximate and not _inside_exact(candidate, window, now, tz, resolver)
    raise InterpretError(f"not a time expression the resolver understands ({failure})")


#: "at some point yesterday", "sometime last week", "some time on Monday": somewhere inside
#: the time after it.
_INSIDE = lazyre.compile(
    r"(?:at\s+some\s+(?:point|stage|time)|some\s*time)\s+(?=\S)", re.IGNORECASE
)


def _inside_exact(
    expression: str, window: Any, now: datetime, tz: tzinfo, resolver: ExpressionResolver
) -> bool:
    """Is ``expression`` "somewhere inside" an exact day or a finer time ("at some point
    yesterday", "sometime on Monday")? The engine calls it approximate, but the event lies
    within that day, and a day is what a day-grained answer claims. Not "sometime around
    3pm" (the time after it is a hedge of its own), nor a coarser time ("sometime last
    month" stays the uncertain interval the engine reads)."""
    from prme_cli.errors import TimeExpressionError

    inside = _INSIDE.match(expression.strip())
    if inside is None:
        return False
    try:
        plain = resolver(expression.strip()[inside.end() :], now, tz)
    except TimeExpressionError:
        return False
    return (
        not getattr(plain, "approximate", False)
        and getattr(plain, "grain", None) in ("second", "minute", "hour", "day")
        and plain.start == window.start
        and plain.end == window.end
    )


#: Words that tell the date after them as a coming one: "my upcoming meeting on January 17th",
#: "our anniversary is coming up on July 22nd", "the recital is scheduled for May 3rd".
_COMING = lazyre.compile(
    r"\b(?:upcoming|coming\s+up|forthcoming|scheduled\s+(?:for|on)|planned\s+(?:for|on)|"
    r"set\s+for|due\s+(?:on|by)|will\s+be(?:\s+held)?(?:\s+on)?|is\s+(?:on|set\s+for)|"
    r"next)\b[^.!?;]*$",
    re.IGNORECASE,
)
_CALENDAR_DATE = lazyre.compile(
    r"\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+\d{1,2}"
    # a bare month ("in September", "early May"): the month of the writer's future
    r"|^\s*(?:(?:in|during)\s+)?(?:(?:early|mid|late)[\s-]+)?(?:january|february|march|april|"
    r"may|june|july|august|september|october|november|december)\s*$"
    r"|\b\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)"
    r"|^\s*(?:on\s+)?(?:the\s+)?\d{1,2}/\d{1,2}\s*$",
    re.IGNORECASE,
)


#: The writer's future in the date's own clause: "I'm flying to Seville on the 3rd of July",
#: "we're going to paint it on May 3rd", "I will start on June 15th" (not a present of
#: thinking, talking or remembering: "I'm still thinking about the party on July 3rd").
_FUTURATE = lazyre.compile(
    r"(?:'m|'re|\bam|\bare|\bis)\s+(?:(?:also|finally|actually|really|now|probably)\s+)?"
    r"(?!(?:still|thinking|talking|remembering|recovering|looking|wondering|trying|missing|"
    r"reading|writing|telling|asking|amazing|boring|interesting|annoying|exciting|"
    r"(?:some|any|every|no)thing|being)\b)[a-z]+ing\b"
    r"|\bgoing\s+to\b|\bgonna\b|\b(?:i|we)\s+will\b|\b(?:i|we)'ll\b"
    r"|\b(?:plan|plans|planning)\s+to\b[^.!?;,]*$",
    re.IGNORECASE,
)
_CLAUSE_START = lazyre.compile(
    r"[.!?;]|,\s+(?:(?:and|but|so)\b|(?=(?:i|we|you|he|she|they|my|our)\s))"
    r"|\b(?:and|but|because|when|while)\s",
    re.IGNORECASE,
)


def told_as_coming(quote: str, expression: str) -> bool:
    """Is ``expression`` a calendar date without a year that ``quote`` tells as a coming one
    ("my upcoming team meeting on January 17th", "I'm flying to Seville on the 3rd of
    July")? Such a date is read forward: the first such day on or after the note, not the
    last one before it."""
    if re.search(r"\b\d{4}\b|\bago\b|\blast\b|\byesterday\b", expression, re.IGNORECASE):
        return False
    if not _CALENDAR_DATE.search(expression):
        return False
    at = quote.find(expression)
    if at < 0:
        return False
    # "Chiara's getting married on the 14th", "the wedding's on the 14th": a contracted
    # "is" is read as the word it stands for (a possessive "Chiara's wedding" stays)
    before = words.expand_clitics(quote[max(0, at - 120) : at])
    if _COMING.search(before):
        return True
    clause = before[max((m.end() for m in _CLAUSE_START.finditer(before)), default=0) :]
    return bool(_FUTURATE.search(clause))


def _forward(
    window: tuple[datetime, datetime, bool],
    reference: datetime,
    expression: str,
    tz: tzinfo,
    resolve: ExpressionResolver,
) -> tuple[datetime, datetime, bool]:
    """The same month and day on or after ``reference``'s day (a coming date).

    Only when that coming day is the nearer of the two: "I'm meeting the architect on the
    18th of May" written on the 19th is no plan for a year later but a slip or a past told
    in the present ("On the 10th of May I'm walking home and …"), so its tense and its date
    disagree and it is no evidence."""
    start = window[0]
    if start.date() >= reference.date():
        return window
    for year in (reference.year, reference.year + 1):
        try:
            moved = _resolve_once(
                f"{expression.strip(_EDGE_PUNCTUATION)}, {year}", reference, tz, resolve
            )
        except InterpretError:
            continue
        if moved[0].date() >= reference.date():
            ahead = moved[0].date() - reference.date()
            if ahead > reference.date() - start.date():
                raise InterpretError(
                    "a date told as coming that lies nearer in the past than ahead"
                )
            return moved
    return window


#: Times that point back to another time of the text: "the same day", "that evening", "that
#: weekend", "the next day", "the following morning", "the day before", "the night after".
_POINTS_BACK = lazyre.compile(
    r"\b(?:(?:that|the\s+same|that\s+same|the\s+next|the\s+following|the\s+previous)\s+"
    r"(?:day|morning|afternoon|evening|night|week|weekend|month|year)|"
    r"the\s+(?:day|morning|afternoon|evening|night|week|weekend|month|year)\s+"
    r"(?:before|after))\b",
    re.IGNORECASE,
)
#: ... unless the note's own time is what it counts from ("the day before yesterday").
_FROM_THE_NOTE = lazyre.compile(
    r"\b(?:before|after)\s+(?:yesterday|today|tomorrow|tonight)\b", re.IGNORECASE
)

POINTS_BACK_REASON = "the expression points back to another time, not the note's"


def points_back(expression: str) -> bool:
    """Does the expression count from another time the text told ("the same day", "that
    evening", "the next day", "the day before") rather than from the note ("the day before
    yesterday")? relate does not resolve such anaphors: they date nothing, and a clause
    holding one gives its event no other clause's time."""
    return bool(_POINTS_BACK.search(expression)) and not _FROM_THE_NOTE.search(expression)


#: "the holidays", "our holiday": a holiday named by no name (the engine reads it as one).
_GENERIC_HOLIDAYS = lazyre.compile(
    r"\b(?:the|our|my|his|her|their|this|that|these|those)\s+holidays?\b", re.IGNORECASE
)


def interpret_text_expression(
    expression: str,
    reference: datetime | None,
    *,
    question_date: datetime,
    tz: tzinfo,
    resolver: ExpressionResolver | None = None,
    coming: bool = False,
    anchored: bool = False,
    period: Period | None = None,
) -> Dated:
    """Date a phrase in the record's words, as of the record's own time.

    A date-only reference (a note known only by its day) is tried at the first and the last
    moment of that day and the two windows are joined, so "two hours ago" in such a note
    widens honestly instead of inventing a clock time. With no record time at all only
    expressions that mean the same thing whenever they are read (absolute dates) are
    accepted. ``coming`` (see :func:`told_as_coming`) reads a year-less calendar date
    forward from the note instead of back. ``anchored`` says ``reference`` is the time told
    before the expression (:func:`narrative_anchor`), which an expression that points back
    ("the next day") counts from. ``period`` is the week or month a heading fixes when that
    is all that dates the record (:func:`prme_cli.relate.period.heading_period`): the words
    must name the same time wherever in it they were written.
    """
    if points_back(expression) and not anchored:
        # "I started my new job the same day" (as Monday), "that evening", "the next day":
        # counted from a time the text told before, which relate does not resolve
        raise InterpretError(POINTS_BACK_REASON)
    if _GENERIC_HOLIDAYS.search(expression):
        # "the third weekend of the holidays", "during the holidays": summer, Christmas,
        # school or a trip away — the words do not say which
        raise InterpretError("'the holidays' names no particular holiday")
    resolve = resolver or _default_resolver()
    if period is not None:
        read = read_in_period(_candidates(expression), period, tz, resolve)
        if read is None:
            raise InterpretError(
                f"a time counted from the day of writing, which the heading's {period[2]} "
                "does not fix"
            )
        start, end = _night_to_its_evening(_localize(read[0], tz), _localize(read[1], tz), tz)
        return _window(start, end, basis="text_expression", approximate=read[2])
    if coming and reference is not None:
        ref = _localize(reference, tz)
        start, end, vague = _forward(
            _resolve_once(expression, ref, tz, resolve), ref, expression, tz, resolve
        )
        return _window(start, end, basis="text_expression", approximate=vague)
    if reference is None:
        first = _resolve_once(expression, _localize(question_date, tz), tz, resolve)
        later = _localize(question_date, tz) - timedelta(days=2 * 366 + 3)
        second = _resolve_once(expression, later, tz, resolve)
        if first != second:
            raise InterpretError("a relative expression in a record with no time of its own")
        return _window(first[0], first[1], basis="text_expression", approximate=first[2])
    ref = _localize(reference, tz)
    if _has_clock_time(reference):
        start, end, vague = _resolve_once(expression, ref, tz, resolve)
    else:
        day_start = ref.replace(hour=0, minute=0, second=0, microsecond=0)
        day_end = ref.replace(hour=23, minute=59, second=59, microsecond=0)
        early = _resolve_once(expression, day_start, tz, resolve)
        late = _resolve_once(expression, day_end, tz, resolve)
        start, end = min(early[0], late[0]), max(early[1], late[1])
        vague = early[2] or late[2]
    return _window(start, end, basis="text_expression", approximate=vague)


# --------------------------------------------------------------------------- bare weekdays

#: weekday names and their short forms, 0 = Monday (the time engine's table)
_WEEKDAY_INDEX = lexicon.WEEKDAYS
_BARE_WEEKDAY = lazyre.compile(
    r"\s*(?:on\s+)?(?P<day>[a-z]+)\.?(?:\s+(?:morning|afternoon|evening|night))?\s*", re.IGNORECASE
)
#: Where a clause ends: sentence punctuation, or a conjunction that starts another clause.
_CLAUSE_BREAK = lazyre.compile(
    r"[.;!?\n]|\b(?:and|but|because|cause|while|whereas|although|though|then|which|who|"
    r"where|when|until|unless|if)\b"
    # a comma before a new subject starts another clause ("…on Saturday, my ears are …")
    r"|,(?=\s+(?:my|our|his|her|their|i|we|you|he|she|they|it)\s)",
    re.IGNORECASE,
)
#: Present, coming or habitual forms: "I'm going / playing", "is (gets) repainted", "I'm
#: excited", "will", "going to", "usually"; any of them in the clause leaves a bare weekday
#: unread.
_NOT_PAST_FORM = lazyre.compile(
    r"(?:\b(?:am|is|are|gets?)|'m|'re|\b(?:it|he|she|that|there|who|what)'s)\s+"
    r"(?:(?:so|really|very|also|still|just|now|finally|all|super)\s+)?[a-z]+(?:ing|ed|en)\b"
    r"|\b(?:will|shall|gonna|wanna)\b|'ll\b|\bgoing\s+to\b|\bnext\b|\btomorrow\b"
    r"|\b(?:this|coming|upcoming)\s+[a-z]+day\b"
    r"|\b(?:usually|always|often|normally|typically|generally|sometimes)\b",
    re.IGNORECASE,
)
#: Tense-bearing words that are not past (present auxiliaries, modals).
_PRESENT_WORDS = frozenset(
    {
        "am",
        "is",
        "are",
        "'m",
        "'re",
        "do",
        "does",
        "has",
        "have",
        "can",
        "may",
        "might",
        "must",
        "shall",
        "will",
        "'ll",
        "would",
        "could",
        "should",
        "'d",
        "need",
        "needs",
        "want",
        "wants",
        "plan",
        "plans",
        "hope",
        "hopes",
        "going",
        "gonna",
    }
)
_PAST_WORDS = frozenset({"was", "were", "did", "had", "didn", "wasn", "weren", "hadn"})
_PRONOUNS_S = frozenset({"it", "he", "she", "that", "there", "who", "what"})


# --------------------------------------------------------------------------- a yes to a question

#: A turn that opens with a yes ("Yes, on Friday!", "Yeah, I did, last Saturday.", "I did!
#: Two days ago.", "That's right.", "Exactly!"), and the words of that opening. "I have" is a
#: yes only when it stands alone ("I have!", not "I have a dog").
_YES_OPENING = lazyre.compile(
    r"^\W*(?:(?:yes|yeah|yep|yup)\b(?:[\s,!.\u2014-]+(?:i|we)\s+(?:sure\s+)?did\b)?"
    r"|(?:i|we)\s+(?:sure\s+)?did\b|(?:i|we)\s+have(?=\s*(?:[,!.\u2014-]|$))"
    r"|that's\s+(?:right|true)\b|exactly\b|correct\b|indeed\b)"
    r"[\s,!.\u2014-]*",
    re.IGNORECASE,
)


def yes_opening(text: str) -> int | None:
    """Where the words after a turn's opening yes start, or None when the turn does not open
    with one: the one reader of a yes for both of the resolver's readings across turns (a yes
    to the question before, :func:`answered_statement`; a reply confirming a deed said to its
    speaker, the symbolic resolver's ``_answered_yes``)."""
    m = _YES_OPENING.match(text.replace("\u2019", "'"))
    if m is None:
        return None
    emphatic = re.match(
        r"\W*(?:yes|yeah|yep|yup)?[\s,!.]*(?:i|we)\s+(?:sure\s+)?did\s+([a-z]+)",
        text,
        re.IGNORECASE,
    )
    if emphatic:
        from prme_cli import words

        if words.is_verb_lemma(emphatic.group(1).lower()):
            return None  # "We did talk about it on Saturday": an emphatic do, not a yes
    return m.end()


#: The words a reply made of a time may add to it: "Last Friday, finally!", "Yesterday, at
#: last.", "Only on Tuesday."
_TIME_FILLERS = frozenset(
    [
        "finally",
        "at",
        "last",
        "only",
        "just",
        "already",
        "actually",
        "eventually",
        "oh",
        "well",
        "so",
        "yep",
        "yes",
        "yeah",
    ]
)


def _opening_times(text: str) -> tuple[str, list[tuple[int, int, str]]] | None:
    """A turn's first sentence and the time expressions in it, or None when it asks (ends
    with "?"), cannot be read, or holds no time."""
    from prme_cli import timeexpr

    m = re.match(r"\s*([^.!?\n]+)([.!?]+|$)", text)
    if m is None or "?" in m.group(2):
        return None
    first = m.group(1)
    try:
        spans = timeexpr.find_expressions(first)
    except Exception:  # noqa: BLE001 - the finder is conservative; unsure means no time
        return None
    return (first, spans) if spans else None


def time_only_opening(text: str) -> bool:
    """Does a turn open with a sentence made only of time expressions and at most a word
    like "finally" ("Last Friday, finally!", "On Tuesday.", "Yesterday, at last.")? Such a
    reply to a past question says yes and when; a time asked back ("Last Monday?") or with
    other words of its own ("Tuesday, I think", "On Sunday my sister went") is none."""
    opened = _opening_times(text)
    if opened is None:
        return False
    first, spans = opened
    rest = first
    for start, end, _ in reversed(spans):
        rest = rest[:start] + " " + rest[end:]
    left = re.findall(r"[a-z']+", rest.lower())
    return all(w in _TIME_FILLERS or w == "on" for w in left)


def time_opening(text: str) -> bool:
    """Does a turn open with a time expression that ends its first sentence or is followed
    by a comma ("On Monday, secondhand, from a potter.", "Last night!")? The reply to a bare
    "When?" that gives the time first; "Monday I was ill" or "Monday?" is none."""
    opened = _opening_times(text)
    if opened is None:
        return False
    first, spans = opened
    start, end, _ = spans[0]
    lead = re.findall(r"[a-z']+", first[:start].lower())
    return all(w in ("on", "in", "at") for w in lead) and (
        not first[end:].strip() or first[end:].lstrip().startswith(",")
    )


#: A bare question of when, closing a turn: "When?", "An actual kiln? When?", "When was that?"
_WHEN_ASKED = lazyre.compile(
    r"(?:^|[.!?]\s+|\n\s*)(?:and\s+|so\s+|wait,?\s+)?when(?:\s+(?:was|did)\s+(?:that|this|it)"
    r"(?:\s+happen)?)?\s*\?+[\s!?]*$",
    re.IGNORECASE,
)

#: The answerer's own past deed closing a turn, told with no time: "I bought a kiln!"
_OWN_PAST_DEED = lazyre.compile(
    r"(?:^|[.!?]\s+|\n\s*)I\s+(?P<verb>[a-z]+)\b(?P<rest>[^.!?\n]{0,60})[.!]*\s*$"
)


def when_asked_deed(asking: str, told: str) -> str | None:
    """The deed a bare "When?" closing ``asking`` (the other speaker's turn) asks the time
    of: the past deed that closes ``told``, the answerer's turn just before it ("I bought a
    kiln!" -> "buy a kiln"), told in the first person, in the simple past, with no time and
    no negation of its own. None for any other pair: a deed already timed ("I bought a kiln
    on Monday!"), one not done ("I nearly bought a kiln"), a question of when something
    will happen ("When is it?")."""
    from prme_cli import timeexpr, words

    if not _WHEN_ASKED.search(asking.rstrip()):
        return None
    m = _OWN_PAST_DEED.search(told.rstrip())
    if m is None:
        return None
    verb, rest = m["verb"].lower(), m["rest"].strip().rstrip(",")
    base = words.verb_lemma(verb)
    if base is None or verb == base or words.past_form(base) != verb:
        return None  # "I was", "I nearly", "I have": no simple past deed of its own
    if re.search(r"\b(?:not|never|almost|nearly)\b", rest, re.IGNORECASE):
        return None
    try:
        if timeexpr.find_expressions(m.group(0)):
            return None  # already timed: the "When?" asks for more than its day
    except Exception:  # noqa: BLE001 - the finder is conservative; unsure means no deed
        return None
    return f"{base} {rest}".strip()


#: What takes a yes back or moves it ahead: "Yes, but I didn't …", "Yes, I will on Friday".
_YES_UNDONE = lazyre.compile(
    r"\b(?:not|never|no|will|shall|gonna|going\s+to|tomorrow|next|soon|later)\b|n't\b|'ll\b",
    re.IGNORECASE,
)
#: The words after a yes opening a clause of someone else's: a determiner or a pronoun of
#: another person ("the appointment was …", "she saw me …"), or a name with a verb of its
#: own ("Tom did …", "Mark paid …").
_OTHER_SUBJECT = lazyre.compile(
    r"(?i:(?:the|a|an|my|his|her|their|our|your|he|she|they|it|that|this|there)\b)"
    r"|[A-Z][a-z]+\s+(?i:(?:did|does|was|were|is|has|had|will|would|[a-z]+ed)\b)"
)
#: A time that opens the words after a yes ("Yes, on Friday the landlord sent them"): the
#: clause after it is still someone else's when its subject is.
_LEADING_TIME = lazyre.compile(
    r"^(?:(?:on|last|this|in|at|early|late)\s+[\w-]+(?:\s+(?:morning|afternoon|evening|night))?"
    r"|yesterday|today|tonight|earlier)\s*,?\s*",
    re.IGNORECASE,
)
#: A past question to the one who answers, closing the turn before: "Did you sign the
#: contract?", "So, have you finished the quilt?", "Did you end up buying the tent?".
_ASKED_DEED = lazyre.compile(
    r"(?:^|[.!?\n]\s*)(?:(?:so|and|but|oh|ok|okay|well|hey)[,\s]+)*"
    r"(?P<aux>did|have|had)\s+you\s+(?:(?:already|finally|actually|ever)\s+)?"
    r"(?P<deed>[A-Za-z][^.!?\n]*?)\s*\?\s*$",
    re.IGNORECASE,
)
_SECOND_TO_FIRST = {"your": "my", "yours": "mine", "yourself": "myself", "you": "me"}
#: A past question about a thing's deed, its subject a noun phrase opened by "the" or the
#: answerer's "your": "Did the tiles arrive?", "Has your passport come back?".
_ASKED_THINGS_DEED = lazyre.compile(
    r"(?:^|[.!?\n]\s*)(?:(?:so|and|but|oh|ok|okay|well|hey)[,\s]+)*"
    r"(?P<aux>did|has|have|had)\s+(?P<deed>(?:the|your)\s+[A-Za-z][^.!?\n]*?)\s*\?\s*$",
    re.IGNORECASE,
)
#: A question that is only a thing named, the topic a reply goes on about: "The new amp?",
#: "And your passport?", "What about the boiler?".
_ASKED_TOPIC = lazyre.compile(
    r"(?:^|[.!?\n]\s*)(?:(?:so|and|oh|ok|okay|well|hey|what\s+about|how\s+about)[,\s]+)*"
    r"(?P<topic>(?:the|your)\s+[A-Za-z][\w'-]*(?:\s+[A-Za-z][\w'-]*){0,3})\s*\?\s*$",
    re.IGNORECASE,
)
#: A subject noun phrase holds at most this many words ("the new kitchen fitter").
_SUBJECT_WORDS = 4
#: Describing words that are function words elsewhere but stay inside a noun phrase.
_PHRASE_ADJECTIVES = frozenset(["new", "old", "own", "other", "same", "first", "last"])
#: Words a yes to "Has the parcel arrived yet?" does not repeat.
_ASKED_ONLY = frozenset(["yet", "already", "ever"])
#: Adverbs a question puts before its verb ("Did the fitter finally come?").
_ASKED_ADVERBS = frozenset(["finally", "already", "actually", "ever", "really", "eventually"])


def _inside_phrase(word: str) -> bool:
    """May ``word`` stand inside a noun phrase after its determiner (no function word
    other than a describing one: "the man you met" holds a pronoun)?"""
    from prme_cli import words

    low = word.lower()
    return low in _PHRASE_ADJECTIVES or low not in words.FUNCTION_WORDS


def closing_question(text: str) -> str | None:
    """The past question to the other speaker that closes ``text`` (a turn), if any: the
    deed it asks about ("sign the contract"), with the asker's "your" made the answerer's
    "my". A question of alternatives ("… or …?") asks no one deed and is none.

    Two more shapes are kept with their subject, since the yes tells a thing's deed, not the
    answerer's: a thing's past deed ("Did the tiles arrive?" -> "the tiles arrived",
    :func:`_things_deed`) and a topic alone ("The new amp?" -> "the new amp?", its "?" kept:
    the reply gives the verb, "Arrived on Tuesday.")."""
    text = text.rstrip()
    m = _ASKED_DEED.search(text)
    if m is None:
        return _things_deed(text) or _topic(text)
    if re.search(r"\bor\b", m["deed"], re.IGNORECASE):
        # "Did you take the train or drive?" asks a choice: a yes tells neither deed
        return None
    return " ".join(_SECOND_TO_FIRST.get(w.lower(), w) for w in m["deed"].split())


def _mine(words_: list[str]) -> list[str]:
    """The asker's words made the answerer's: "your" -> "my"."""
    return [_SECOND_TO_FIRST.get(w.lower(), w) for w in words_]


def _things_deed(text: str) -> str | None:
    """ "Did the tiles arrive?" -> "the tiles arrived"; "Has your passport come back?" ->
    "my passport came back". The verb is the first word after the subject's head word that
    can only be a verb ("the heating bill come": "bill" may be a noun), else the first that
    can be one ("the hotel refund you"); a subject longer than four words, or holding a
    function word or a name, is none (no one reading)."""
    from prme_cli import words

    m = _ASKED_THINGS_DEED.search(text)
    if m is None or re.search(r"\bor\b", m["deed"], re.IGNORECASE):
        return None
    parts = [w for w in m["deed"].split() if w.lower() not in _ASKED_ADVERBS]
    base = m["aux"].lower() == "did"

    def verb_at(i: int, only: bool) -> bool:
        w = parts[i].lower()
        if w in words.FUNCTION_WORDS or not w.isalpha():
            return False
        found = words.lemmas(w)
        if "VERB" not in found or (only and ({"NOUN", "ADJ"} & set(found))):
            return False
        return words.is_verb_lemma(w) if base else True

    at = next((i for i in range(2, len(parts)) if verb_at(i, True)), None)
    if at is None:
        at = next((i for i in range(2, len(parts)) if verb_at(i, False)), None)
    if at is None or at > _SUBJECT_WORDS:
        return None
    subject = parts[:at]
    if not all(_inside_phrase(w) for w in subject[1:]) or any(w[:1].isupper() for w in subject[1:]):
        return None  # "Did the man you met call?", "Did the Smiths' van …": no one reading
    verb = words.past_form(parts[at].lower())
    tail = [w for w in parts[at + 1 :] if w.lower() not in _ASKED_ONLY]
    return " ".join([*_mine(subject), verb, *_mine(tail)])


def _topic(text: str) -> str | None:
    """ "The new amp?" -> "the new amp?": a thing named alone as a question (nouns and
    describing words only), its "?" kept to tell it from a deed."""
    from prme_cli import words

    m = _ASKED_TOPIC.search(text)
    if m is None:
        return None
    parts = m["topic"].split()
    for w in parts[1:]:
        found = words.lemmas(w.lower())
        if not _inside_phrase(w) or not ({"NOUN", "ADJ"} & set(found)):
            return None
        verb = found.get("VERB", ())
        if verb and w.lower() not in verb and "NOUN" not in found:
            return None  # "The van broke?": a past verb, a statement asked back  # "The one you sold?", "The van broke?": no thing named alone
    return " ".join(_mine(parts)) + "?"


_NOT_PROSE = lazyre.compile(r"\s*(?:\*|:|#\+|path:|event_time:|source:|$)")


def opens_turn(text: str, at: int) -> bool:
    """Is ``at`` where the prose of a record's text starts (every line before it a heading,
    a drawer, a keyword or one of prme's own lines)?"""
    head = text[:at]
    if head and not head.endswith("\n"):
        return False
    return all(_NOT_PROSE.match(line) for line in head.split("\n"))


def yes_answer(record: EvidenceRecord, quote: str) -> str | None:
    """The statement a quote's yes makes (:func:`answered_statement`) when the quote's last
    line opens the record's prose and the record answers the turn before
    (``record.asked``); else None."""
    if not record.asked:
        return None
    answer = quote.rpartition("\n")[2]
    at = record.text.find(quote)
    if at < 0 or not opens_turn(record.text, at + len(quote) - len(answer)):
        return None
    statement = answered_statement(record.asked, answer, when=record.asked_when)
    return None if statement is None else quote[: len(quote) - len(answer)] + statement


def answered_statement(asked: str, quote: str, *, when: bool = False) -> str | None:
    """The answer a yes gives, told as a statement: for ``asked`` "sign the contract" (see
    :func:`closing_question`) and ``quote`` "Yes, on Friday!", "I signed the contract, on
    Friday!". None unless the quote opens with a yes that nothing in it takes back or moves
    ahead ("Yes, but I didn't …", "Yes, I will next week"). The statement keeps the quote's
    words after the yes, so its time expressions stand in it verbatim; the resolver aligns
    and dates it, and the gate reads it, as if the answerer had said it. ``when`` says the
    turn before asked only when ``asked`` was done (:func:`when_asked_deed`): a reply that
    opens with a time and a comma ("On Monday, secondhand, from a potter") answers it."""
    if asked.endswith("?"):
        return _topic_statement(asked[:-1], quote)
    opened = yes_opening(quote)
    if opened is None and asked and (time_only_opening(quote) or (when and time_opening(quote))):
        opened = 0  # "Have you heard back?" — "Last Friday, finally!": the time is the yes
    if opened is None or not asked:
        return None
    rest = quote[opened:]
    if _YES_UNDONE.search(rest.split(".")[0].split("!")[0]):
        return None
    if _OTHER_SUBJECT.match(_LEADING_TIME.sub("", rest, count=1)):
        # "Yes, the landlord sent them on Friday", "Yes, Tom did on Friday": the words after
        # the yes tell someone else's clause, and its time is that clause's
        return None
    return f"{_told(asked)}, {rest}" if rest.strip() else None


def _told(asked: str) -> str:
    """The deed a yes to ``asked`` tells, before the yes's own words: "sign the contract"
    -> "I signed the contract"; a thing's deed kept with its subject, "the tiles arrived"
    -> "The tiles arrived"."""
    from prme_cli import words

    verb, _, tail = asked.partition(" ")
    if verb.lower() in ("the", "my"):
        return asked[:1].upper() + asked[1:]
    return f"I {words.past_form(verb.lower())}" + (f" {tail}" if tail else "")


def is_answered_statement(record: EvidenceRecord, quote: str) -> bool:
    """Is ``quote`` the statement a yes to the turn before makes (:func:`answered_statement`),
    standing where the reply opens ``record``'s prose (the resolver reads a reply so
    rewritten)? Then, like the yes itself, its time answers the question's past."""
    if not record.asked or record.asked.endswith("?"):
        return False
    at = record.text.find(quote)
    return at >= 0 and opens_turn(record.text, at) and quote.startswith(_told(record.asked) + ", ")


#: A reply that opens with a past verb and no subject, then a time, a preposition or the
#: sentence's end: "Arrived on Tuesday.", "Broke down again yesterday!", "Came back last
#: week." (a verb with an object of its own, "Sold it on Sunday", is the answerer's deed).
_SUBJECTLESS_PAST = lazyre.compile(
    r"\s*(?P<verb>[A-Za-z]+)(?P<particle>\s+(?:down|up|back|in|out|through|off|over))?"
    r"(?:\s+(?:again|finally|already|just))?"
    r"(?=\s*(?:[,.;!]|$)|\s+(?:on|last|this|yesterday|today|in|at|early|late|after|before|"
    r"two|three|four|five|six|a|an)\b)"
)


def _topic_statement(topic: str, quote: str) -> str | None:
    """ "The new amp?" — "Arrived on Tuesday. It's loud." -> "The new amp arrived on
    Tuesday. It's loud.": the topic is the subject of a reply that opens with a past verb
    and nothing before it. None for any other reply: a verb not in the past ("Arriving on
    Friday"), a verb with an object ("Sold it on Sunday" is the answerer's deed), a
    question back ("Arrived yesterday?"), or a reply that takes it back or moves it ahead."""
    from prme_cli import words

    m = _SUBJECTLESS_PAST.match(quote)
    if m is None:
        return None
    verb = m["verb"].lower()
    base = words.verb_lemma(verb)
    if base is None or verb == base or words.past_form(base) != verb:
        return None  # "Arriving", "Arrives", "Tomorrow": no past verb
    first = re.match(r"[^.!?\n]*[.!?]*", quote)
    said = first.group(0) if first else quote
    if "?" in said or _YES_UNDONE.search(said) or _RESERVED.search(said):
        return None  # "Arrived yesterday?", "Came back, but not the box", "Not yet."
    return f"{topic[:1].upper()}{topic[1:]} {quote.lstrip()[:1].lower()}{quote.lstrip()[1:]}"


#: Words that take part of a reply back: "Arrived on Monday, but broken", "though".
_RESERVED = lazyre.compile(
    r"\b(?:but|though|although|except|apparently|supposedly)\b", re.IGNORECASE
)


#: "the 25th", "on the 3rd", "the 14th in the evening": a day of the month with no month
_BARE_MONTH_DAY = lazyre.compile(
    r"\s*(?:on\s+)?the\s+(?:(?P<day>[0-3]?\d)(?:st|nd|rd|th)\.?|(?P<word>"
    + "|".join(w for w in lexicon.ORDINAL_WORDS if w.isalpha())
    + r"))(?:\s+(?:morning|afternoon|evening|night))?\s*",
    re.IGNORECASE,
)


def bare_month_day(expression: str) -> int | None:
    """The day of the month a bare "the 25th" / "on the 3rd" / "on the second" names, or
    ``None`` for any other expression ("the 3rd of July", "March 25th")."""
    m = _BARE_MONTH_DAY.fullmatch(expression)
    if m is None:
        return None
    day = lexicon.ORDINAL_WORDS[m["word"].lower()] if m["word"] else int(m["day"])
    return day if 1 <= day <= 31 else None


def bare_weekday(expression: str) -> int | None:
    """The weekday (0 = Monday) a bare "Sunday" / "on Sunday" / "Sunday morning" names, or
    ``None`` for any other expression ("last Sunday", "Sunday, May 11th")."""
    m = _BARE_WEEKDAY.fullmatch(expression)
    return _WEEKDAY_INDEX.get(m.group("day").lower()) if m else None


def _tense_of(word: str, previous: str) -> str | None:
    """``past``, ``present`` or ``None`` (tells no tense) for one word of a clause."""
    from prme_cli.relate.symbolic.lexicon import IRREGULAR, NOT_INFLECTED

    if word == "'s":
        return "present" if previous in _PRONOUNS_S else None
    if word in _PRESENT_WORDS:
        return "present"
    if word in _PAST_WORDS:
        return "past"
    if word in NOT_INFLECTED:
        return None
    base = IRREGULAR.get(word)
    if (
        base is not None
        and base != word
        and word not in ("is", "are", "am", "has", "does", "goes", "been")
    ):
        return "past"
    if len(word) > 4 and word.endswith("ed"):
        return "past"
    return None


#: Subjects after which a verb's bare form can only be its past (the present takes -s).
_THIRD_SINGULAR = frozenset({"he", "she", "it"})
_PLURAL_OR_OTHER = frozenset({"i", "we", "you", "they", "people", "folks", "kids"})


def _past_by_its_subject(words: list[str], i: int) -> bool:
    """Is ``words[i]`` a verb whose past is its base form ("quit", "cut", "hurt", "put")
    right after a third-person singular subject — he, she, it, a name ("Ren quit"), or a
    singular noun after a possessive or "the" ("my sister cut")? Then it is the past:
    the present would be "quits". After I, we, you, they or a plural it may be a present."""
    from prme_cli import words as words_module

    if i == 0:
        return False
    verb, subject = words[i].lower(), words[i - 1]
    if not words_module.is_verb_lemma(verb) or words_module.past_form(verb) != verb:
        return False
    low = subject.lower()
    if low in _THIRD_SINGULAR:
        return True
    if low in _PLURAL_OR_OTHER or low in _PAST_WORDS or low in _PRESENT_WORDS:
        return False
    if subject[:1].isupper():
        # a name ("Ren", "Tom"); not a capitalised function word or plural opening a sentence
        return low not in words_module.FUNCTION_WORDS and words_module.lemma(low) == low
    if i >= 2 and words[i - 2].lower() in ("my", "his", "her", "our", "their", "your", "the"):
        return not low.endswith("s") and words_module.lemma(low) == low
    return False


def tense_of(word: str, previous: str = "") -> str | None:
    """``past``, ``present`` or ``None`` for one word of a clause (after ``previous``)."""
    return _tense_of(word, previous)


def bare_day_problem(
    quote: str,
    expression: str,
    reference: datetime | None,
    *,
    asked_past: bool = False,
    in_period: bool = False,
) -> str | None:
    """Why a bare weekday ("I went to the climbing gym on Sunday") or a bare day of the
    month ("I moved in on the 17th") cannot be read in ``quote``, or ``None`` when it can
    (``asked_past``: the quote is a yes to a past question, which gives a clause with no
    tense of its own the question's).

    Read past-leaning, a bare weekday is the most recent such day (a bare day of the month
    the most recent such date), which is right only for a past-tense report. It is read only
    when (1) the word that carries the tense of its clause — the nearest one before the
    expression, or after it when the expression is fronted ("On Sunday I repainted the
    fence") — is a past form, and no present or coming form ("I'm playing squash on Sunday",
    "I'm having knee surgery on the 25th", "we have the recital on Sunday", "will", "going
    to") stands in the clause; and (2) the note was not written on that weekday (that day of
    the month) itself, where "on Sunday" may be the same day or the week before.
    ``in_period``: the record tells of the days of one week or one trip's range (read at
    both its edges), where "on the Sunday" is that period's Sunday, not an indefinite one.
    """
    weekday = bare_weekday(expression)
    month_day = bare_month_day(expression) if weekday is None else None
    if weekday is None and month_day is None:
        return None
    what, unit = (
        ("a bare weekday", "a week")
        if weekday is not None
        else ("a bare day of the month", "a month")
    )
    if reference is not None and (
        reference.weekday() == weekday if weekday is not None else reference.day == month_day
    ):
        return (
            f"{what} written on that {'weekday' if weekday is not None else 'day of the month'}:"
            f" the same day or {unit} before"
        )
    text = quote.replace("\u2019", "'")
    needle = expression.strip()
    spots = [m.start() for m in re.finditer(re.escape(needle), text, re.IGNORECASE)]
    if not spots:
        return f"{what} whose tense cannot be told"
    for at in spots:
        end = at + len(needle)
        left_break = max((m.end() for m in _CLAUSE_BREAK.finditer(text, 0, at)), default=0)
        right = _CLAUSE_BREAK.search(text, end)
        right_end = right.start() if right else len(text)
        clause = text[left_break:right_end]
        if _NOT_PAST_FORM.search(clause):
            return f"{what} in a present or coming clause, not a past report"
        if month_day is not None and (
            _noun_after(text[end:])
            or (_PART_OF_DAY_END.search(needle) and re.match(r"\s+of\b", text[end:]))
        ):
            return (
                f"{what} followed by a noun is an ordinal of that noun ('the second day of "
                "my trip'), not a date"
            )
        before = _words_before(text[left_break:], at - left_break)
        if weekday is not None and _indefinite_before(before, definite_ok=in_period):
            return (
                f"{what} after an indefinite or pointing word ('on a Sunday', 'one Sunday', "
                "'that Sunday', 'on the Sunday') names no particular day"
            )
        after = re.findall(r"[a-z]+|'[a-z]+", text[end:right_end].lower())
        tense = None
        cased = re.findall(r"[A-Za-z]+|'[A-Za-z]+", text[left_break:at])
        for i in range(len(before) - 1, -1, -1):
            tense = _tense_of(before[i], before[i - 1] if i else "")
            if tense is None and len(cased) == len(before) and _past_by_its_subject(cased, i):
                tense = "past"  # "Ren quit on Friday": the present would be "quits"
            if tense:
                break
        if tense is None:
            for i, word in enumerate(after):
                tense = _tense_of(word, after[i - 1] if i else "")
                if tense:
                    break
        if tense is None and asked_past:
            tense = "past"  # "Did you sign it?" — "Yes, on Friday!": the question's tense
        if tense != "past":
            return f"{what} in a clause not told in the past tense"
        if _arranged_for(before) and not (asked_past and _YES_JOIN.search(text, 0, at)):
            # "Did you sign up for the race?" — "Yes, on Tuesday.": the yes's time, set off
            # by the comma its statement puts after the deed, answers when of the signing up
            return (
                f"{what} after the 'for …' of an arranging verb dates what was "
                "arranged, not the arranging"
            )
    return None


#: Time words that point after the moment of writing ("next Saturday", "tomorrow", "in two
#: weeks"): in a past report they date what was arranged, never the deed.
_TO_COME = lazyre.compile(
    r"\b(?:next|tomorrow|coming|upcoming|following)\b|\bin\s+(?:a|an|\w+|\d+)\s+"
    r"(?:days?|weeks?|months?|years?)\b|\bfrom\s+now\b",
    re.IGNORECASE,
)


def arranged_ahead(text: str, at: int, phrase: str) -> bool:
    """The time ``phrase`` at offset ``at`` of ``text`` points after the writing and closes
    the "for …" of an arranging verb ("Reserved two seats for the jazz concert next
    Saturday"): it dates what was arranged, never the arranging."""
    # "Booked the ferry for Easter", "a table for Friday": a day right after the "for" of an
    # arranging verb is the arranged event's, whether or not it says it is to come
    for_it = re.search(r"\bfor\s+$", text[:at], re.IGNORECASE) is not None
    return (bool(_TO_COME.search(phrase)) or for_it) and _arranged_for(_words_before(text, at))


#: Determiners that make a weekday *a* Sunday rather than the latest one: any Sunday, one the
#: writer has in mind ("one Sunday"), or one pointed back to ("that Sunday", "on the Monday,
#: the day after the storm": the Monday of a time told elsewhere).
_INDEFINITE_DETERMINERS = frozenset(["a", "an", "one", "some", "any", "another", "that", "the"])


#: Words after "the second" that leave it a day of the month ("on the 2nd we left", "on the
#: 5th at noon", "the 5th last month"): pronouns, determiners, prepositions, conjunctions and
#: the deictic time words.
_NOT_A_NOUN_AFTER = frozenset(
    [
        "i",
        "we",
        "you",
        "he",
        "she",
        "they",
        "it",
        "me",
        "us",
        "him",
        "them",
        "my",
        "our",
        "your",
        "his",
        "her",
        "their",
        "this",
        "that",
        "these",
        "those",
        "a",
        "an",
        "the",
        "and",
        "or",
        "but",
        "so",
        "then",
        "at",
        "in",
        "on",
        "to",
        "for",
        "with",
        "by",
        "from",
        "of",
        "as",
        "last",
        "next",
    ]
)


#: "the 4th morning" followed by "of the conference" counts mornings, it is no date.
_PART_OF_DAY_END = lazyre.compile(r"(?:morning|afternoon|evening|night)$", re.IGNORECASE)


def _noun_after(rest: str) -> bool:
    """Is the word right after a bare ordinal a noun it counts ("on the second day of my
    trip", "the 3rd floor"), so that the ordinal is no day of the month? Only when nothing
    but a space stands between."""
    from prme_cli import words

    m = re.match(r" ([A-Za-z][a-z'-]*)", rest)
    if m is None:
        return False
    word = m.group(1).lower()
    return word not in _NOT_A_NOUN_AFTER and "NOUN" in words.lemmas(word)


def _indefinite_before(before: list[str], *, definite_ok: bool = False) -> bool:
    """Do the words just before a weekday make it indefinite or anaphoric: a determiner of
    :data:`_INDEFINITE_DETERMINERS`, possibly with up to two adjectives between ("on a rainy
    Sunday", "one cold grey Saturday")? A word that can be an adjective, or a participle ("the
    following Monday"), counts as one (when in doubt the weekday is left unread); a word with no adjective reading ("took a walk Sunday")
    ends the look back, and the weekday is read as before."""
    from prme_cli import words

    for i in range(len(before) - 1, max(len(before) - 4, -1), -1):
        word = before[i]
        if word == "the" and definite_ok:
            return False  # "on the Saturday" of a trip: the trip's Saturday
        if word in _INDEFINITE_DETERMINERS:
            return True
        if "ADJ" not in words.lemmas(word) and not word.endswith(("ing", "ed")):
            return False  # a participle modifies too: "the following Monday"
    return False


#: The comma :func:`answered_statement` puts between the asked deed and the yes's words,
#: right before the time: "I signed up for the race, on Tuesday."
_YES_JOIN = lazyre.compile(r",\s+(?:on\s+|last\s+|this\s+)?$", re.IGNORECASE)


def _words_before(text: str, at: int) -> list[str]:
    """The lower-case words of ``text`` before offset ``at``, as :func:`_arranged_for` reads
    them."""
    return re.findall(r"[a-z]+|'[a-z]+", text[:at].lower().replace("\u2019", "'"))


def _arranged_for(before: list[str]) -> bool:
    """ "Booked a table for Ingrid's dinner on Friday": the weekday closes a purpose phrase
    ("for" + a noun phrase, no verb of its own) of a verb of arranging (book, reserve, buy,
    order, schedule …), so it is the arranged event's day."""
    from prme_cli.relate.symbolic.lexicon import ARRANGING, key

    if "for" not in before:
        return False
    at = len(before) - 1 - before[::-1].index("for")
    if any(_tense_of(w, before[i - 1] if i else "") for i, w in enumerate(before[at + 1 :])):
        return False
    return any(
        key(w) in ARRANGING and _arranges(key(w), before[i + 1 : at + 1])
        for i, w in enumerate(before[:at])
    )


#: Arranging verbs that arrange only with a particle ("signed up for the race", "signed on
#: for the season"): "signed the lease for the bakery" is the signing itself.
_ARRANGE_WITH_PARTICLE = {"sign": ("up", "on")}
#: Verbs whose own complement is "for" ("paid for the bike", "registered for the course"):
#: right after them the "for" names what was paid for, not an event arranged for a day.
_FOR_COMPLEMENT = frozenset({"pay"})


def _arranges(verb: str, after: list[str]) -> bool:
    """Does the arranging verb ``verb`` (a key), with the words ``after`` it up to and
    including the purpose phrase's "for", arrange something for a day? Not "signed the lease
    for …" (a deed on a document: only "signed up for …" arranges) nor "paid for …" (the
    verb's own complement)."""
    particles = _ARRANGE_WITH_PARTICLE.get(verb)
    if particles is not None and not any(w in particles for w in after[:3]):
        return False
    return not (verb in _FOR_COMPLEMENT and after[:1] == ["for"])


# --------------------------------------------------------------------------- ongoing states

#: The length of an ongoing state up to the note: "(I've been learning Spanish) for three
#: weeks now", "for the past 6 months", "for two years so far". The state began that long
#: before the note (SPEC §6: the aspect "ongoing state since a time").
_ONGOING_LENGTH = lazyre.compile(
    r"for\s+(?:the\s+(?:past|last)\s+)?(?P<length>.+?)(?:\s+(?:now|so\s+far|already))?",
    re.IGNORECASE,
)
#: A present perfect that tells a state still holding: "I've been learning", "she has been
#: working", "we've lived", "I've had the car".
PERFECT_STATE = lazyre.compile(
    r"\b(?:have|has|'ve|'s)\s+(?:\w+\s+)?(?:been|had|\w+(?:ed|en|wn|ne))\b",
    re.IGNORECASE,
)
_NEGATED_PERFECT = lazyre.compile(
    r"\b(?:haven't|hasn't|have\s+not|has\s+not|'ve\s+not|never|not)\b", re.IGNORECASE
)
_CLAUSE_BEFORE = lazyre.compile(r"[.;!?]\s+|,\s+(?:and|but|so|then|because|while)\s+|\n")


def ongoing_length(expression: str) -> str | None:
    """The length in "for three weeks now" ("three weeks"), or None when ``expression`` is
    not the length of a state up to now."""
    m = _ONGOING_LENGTH.fullmatch(expression.strip(_EDGE_PUNCTUATION))
    return m["length"] if m else None


def ongoing_problem(quote: str, expression: str) -> str | None:
    """Why "for three weeks now" in ``quote`` does not tell an ongoing state's length (None
    when it does): its clause must be an asserted present perfect ("I've been learning
    Spanish for three weeks now", "Marco has worked there for two months"). "I haven't
    smoked for three weeks" tells when something stopped, "I was ill for three days" a
    finished span, "I've been to Rome for a week" a trip: none of them a start."""
    at = quote.find(expression)
    if at < 0:
        return "the expression is not in the quote"
    before = quote[:at]
    breaks = list(_CLAUSE_BEFORE.finditer(before))
    clause = before[breaks[-1].end() :] if breaks else before
    perfect = PERFECT_STATE.search(clause)
    if perfect is None:
        return "a span that is not told as a state holding up to the note"
    if _NEGATED_PERFECT.search(clause):
        return "a negated state: how long something has not happened, not when it began"
    if re.search(r"\bbeen\s+(?:to|on)\b", clause, re.IGNORECASE):
        return "a visit's length, not a state holding up to the note"
    return None


# --------------------------------------------------------------- a span finished with its length

#: The length of an activity told with its finish: "(I finished the novel) in just 12 days".
_FINISHED_IN = lazyre.compile(r"in\s+(?:just\s+|only\s+)?(?P<length>.+)", re.IGNORECASE)
#: The finishing verb of the clause the length belongs to, nothing but its object between:
#: "finished the whole season in", "completed it in just".
_FINISH_THEN_IN = lazyre.compile(
    r"\b(?P<verb>finished|completed)\b(?P<object>[^.;!?]*?)\s*$", re.IGNORECASE
)
#: Units long enough that counting back from the finish's day gives the start's day.
_DAY_UNITS = frozenset({"days", "weeks", "months"})
#: What the finish's object may be when an earlier sentence dates the finish: the thing
#: already told ("it", "them", "the whole season", "this one"), never a new one ("a puzzle").
_TOLD_THING = lazyre.compile(r"\s*(?:it|them|this|that|the|all)\b", re.IGNORECASE)
_NEGATION = lazyre.compile(
    r"\b(?:not|never|didn't|did\s+not|haven't|hasn't|couldn't)\b", re.IGNORECASE
)
_SENTENCE_BREAK = lazyre.compile(r"[.!?]+[\"')\]]*\s+")


def finished_length(expression: str) -> str | None:
    """The length in "in just 14 days" ("14 days") when it is a whole number of days, weeks
    or months; None otherwise (hours may cross midnight, "in about …" is a hedge)."""
    m = _FINISHED_IN.fullmatch(expression.strip(_EDGE_PUNCTUATION))
    if m is None or re.match(r"(?:about|around|under|over|less|more|nearly)\b", m["length"]):
        return None
    try:
        dated = interpret_duration(m["length"])
    except InterpretError:
        return None
    return m["length"] if dated.unit in _DAY_UNITS else None


_FINISH_WITH_LENGTH = lazyre.compile(
    r"\b(?:finished|completed)\b[^.;!?:]*?\b(?P<length>in\s+(?:(?:just|only)\s+)?"
    r"(?:\d+|an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|"
    r"a\s+couple\s+of)\s+(?:days?|weeks?|months?))\b",
    re.IGNORECASE,
)


def tells_finish_with_length(text: str) -> bool:
    """The text tells a finish with the activity's length ("I finished the novel in just
    12 days"): it tells the activity's start as well as its finish."""
    return any(
        finish_before(text[: m.end("length")], m["length"]) is not None
        for m in _FINISH_WITH_LENGTH.finditer(text)
    )


def finish_before(quote: str, expression: str) -> re.Match[str] | None:
    """The finishing verb whose clause ``expression`` (a length, "in 12 days") ends: "I
    finished the book in 12 days". None when the length belongs to no finish ("I'm
    leaving in 12 days")."""
    at = quote.find(expression)
    if at < 0 or finished_length(expression) is None:
        return None
    before = quote[:at]
    breaks = list(_CLAUSE_BEFORE.finditer(before))
    clause_start = breaks[-1].end() if breaks else 0
    m = _FINISH_THEN_IN.search(before, clause_start)
    if m is None or re.search(r"[,:]", m["object"].rstrip(", ")):
        return None  # "finished the puzzle today, in three weeks" is still one clause
    return m


def finished_problem(quote: str, expression: str) -> str | None:
    """Why the length at ``expression`` does not date the start of what was finished (None
    when it does): the finish must be told as done on the note's own day — "I just finished
    the novel in 12 days", "finished the puzzle today, in three days" — or the sentence
    before in the quote must tell that finish ("I just finished the third season. … I
    finished the whole season in just 14 days"), the finish here then naming the thing
    already told ("it", "the whole season"). Then the activity began that long before the
    note; a negated or unsure finish, or a finish on another day, dates no start."""
    verb = finish_before(quote, expression)
    if verb is None:
        return "a length that is not told with its finish"
    at = quote.find(expression)
    sentences = [0, *(b.end() for b in _SENTENCE_BREAK.finditer(quote[:at]))]
    own = quote[sentences[-1] : at + len(expression)]
    if _NEGATION.search(own):
        return "a negated finish"
    if _today_finish(own):
        return None
    if len(sentences) >= 2 and _TOLD_THING.match(verb["object"]):
        previous = quote[sentences[-2] : sentences[-1]]
        if _today_finish(previous) and not _NEGATION.search(previous):
            return None
    return "the finish is not told as done on the note's own day"


def _today_finish(text: str) -> bool:
    """The text tells a finish on the note's own day: "just finished", "just completed", or
    a finishing verb in a clause with "today", "tonight", "this morning" and the like."""
    for lic in licences(text):
        if lic.kind == "recent" and lic.verb.lower() in ("finished", "completed"):
            return True
        if lic.kind == "day" and re.search(
            r"\b(?:finished|completed)\b", text[: lic.start] + text[lic.end :], re.IGNORECASE
        ):
            return True
    return False


# --------------------------------------------------------------------------- event_time


@dataclass(frozen=True, slots=True)
class Licence:
    """Words that tie an event to the note's own time: ``start``/``end`` are offsets in the
    text searched, ``kind`` is ``day``, ``moment`` or ``recent`` ("just" + a past verb,
    whose ``verb`` is the event the licence covers)."""

    start: int
    end: int
    phrase: str
    kind: str
    verb: str = ""


def _recent_past_verb(word: str) -> bool:
    """A past-tense or past-participle form that can tell an event ("got", "finished",
    "been"), not a verb of wanting, thinking or feeling."""
    from prme_cli.relate.symbolic.lexicon import IRREGULAR

    if word in _NOT_AN_EVENT_AFTER_JUST:
        return False
    if word in IRREGULAR and word not in ("is", "are", "am", "has", "does", "goes"):
        return True
    return len(word) > 4 and word.endswith("ed")


#: Where a record's ``event_time`` is the day of a journal entry (SPEC §6: the datetree day,
#: daily-file date or ``#+DATE`` dates the entry's past-tense first-person deeds).
JOURNAL_SOURCES = frozenset({"datetree", "filename", "keyword"})


#: A heading title opened by its own inactive stamp, the way a capture template ("* %U
#: %?") files a log entry or a meeting's notes: the stamp is the entry's day.
_LOG_HEADING = lazyre.compile(r"\[\d{4}-\d{2}-\d{2}[^\]\n]*\]\s*\S")


def is_journal_entry(record: EvidenceRecord) -> bool:
    """Is ``record.event_time`` the day of the journal entry the record belongs to?

    A heading whose title opens with an inactive stamp (its ``event_time``) is an entry of
    that day, as a datetree day's is.

    A datetree day is (ingest also dates a day heading of a week file, "Friday 9th" under
    ``#+DATE:`` its Monday, as one: :func:`prme_cli.org.heading_day`). A file's ``#+DATE``
    or daily name dates a heading only when the heading's title names no day of its own, or
    names that same day; a title that names a day ingest could not place ("Tuesday 9th"
    where the 9th is no Tuesday, a day two months on) is an entry of some other day."""
    source = record.event_source
    if source == "inactive" and _LOG_HEADING.match(record.title or ""):
        return True  # "* [2039-06-25 Sat 09:00] Reopening": a log entry of its stamp's day
    if source not in JOURNAL_SOURCES:
        return False
    if source == "datetree":
        return _under_a_datetree_day(record)
    if not record.title or record.event_time is None:
        return True
    from prme_cli.org import NAMED_DAY, NO_DAY, day_span, heading_day

    status, day = heading_day(record.title, record.event_time, day_span(source))
    if status == NO_DAY:
        return True
    return status == NAMED_DAY and day is not None and day.date() == record.event_time.date()


def _under_a_datetree_day(record: EvidenceRecord) -> bool:
    """Is the datetree heading nearest the record (itself or an ancestor) a day? A note
    under a week or month of a datetree (``** 2035-W10`` / ``*** Notes``) happened some day
    of that week: its ``event_time`` (the week's Monday) is not its day. A heading that names
    a day under a week ("Thursday") was dated as that day by ingest."""
    from prme_cli.orgtime import datetree_timestamp
    from prme_cli.timeexpr import day_words

    for title in (record.title, *reversed(record.path)):
        stamp = datetree_timestamp(title.strip(), 0) if title[:1].isdigit() else None
        if stamp is not None:
            return stamp.label == "day"
        if title and day_words(title):
            return True
    return True


_CLAUSE_OPEN = lazyre.compile(
    r"(?:^|[.;!?]\s+|,\s+(?:and|then|so)\s+)(?P<subj>(?:I|we|We)\s+)?"
    r"(?:(?i:finally|eventually|also|then|again|at\s+last)\s+)?(?P<verb>[A-Za-z]+)\b"
)
_NOT_ASSERTED = lazyre.compile(
    r"\b(?:not|never|didn't|did\s+not|wasn't|couldn't|wouldn't|should|would|could|might|"
    r"if|hope|plan|planning|want|wanted|wish|need|needed)\b",
    re.IGNORECASE,
)


_WORD_AHEAD = lazyre.compile(r"[A-Za-z][\w'-]*")


def _thing_arrivals(text: str) -> list[tuple[int, str]]:
    """Clauses telling a thing's arrival or delivery in the past tense (``(offset, verb)``),
    by the verb's sense class (:func:`prme_cli.textevents.sense_of`: arrive, land,
    deliver): the first past-tense word within five words of a clause-opening determiner."""
    from prme_cli import words
    from prme_cli.textevents import sense_of

    found = []
    for m in re.finditer(r"(?:^|[.;!?]\s+)(?:the|our|my)\s+", text, re.IGNORECASE):
        for n, w in enumerate(_WORD_AHEAD.finditer(text, m.end())):
            low = w.group(0).lower()
            if n > 5 or re.search(r"[.;!?,]", text[m.end() : w.start()]):
                break
            if low in ("was", "were") or _tense_of(low, "") != "past":
                continue
            if sense_of(words.lemma(low)) == "arrive" and not _NOT_ASSERTED.search(
                text[m.end() : w.start()]
            ):
                found.append((w.start(), w.group(0)))
            break
    return found


def _bare_thing_deeds(text: str) -> list[tuple[int, str]]:
    """Clauses of a terse journal that drop the determiner of a thing's name: "Car failed its
    MOT.", "Boiler broke again." — a capitalised dictionary noun opening the sentence (not a
    name, not a person: "Sister got engaged" is news heard, not the day's event) and a
    past-tense verb right after it: what happened to the writer's own thing that day."""
    from prme_cli import words
    from prme_cli.relate.symbolic import lexicon

    found = []
    people = (
        lexicon.FEMALE_PERSONS | lexicon.MALE_PERSONS | lexicon.ANY_PERSONS | lexicon.PLURAL_PERSONS
    )
    for m in re.finditer(r"(?:^|[.;!?]\s+)(?P<noun>[A-Z][a-z]+)\s+(?P<verb>[a-z]+)\b", text):
        noun = m["noun"].lower()
        if noun in people or lexicon.is_stop(noun) or "NOUN" not in words.lemmas(noun):
            continue
        if "VERB" in words.lemmas(noun) and words.is_simple_past(noun):
            continue
        if _tense_of(m["verb"], "") == "past" and words.is_simple_past(m["verb"]):
            found.append((m.start("verb"), m["verb"]))
    return found


#: An amount of time before or after an event told as its object ("the day after the
#: landlord came round", "two days before the storm hit", "a week after I moved"): the
#: clause's time, counted from that event.
_COUNTED_FROM_AN_EVENT = lazyre.compile(
    r"\b(?:the|a|an|\d+|[a-z]+)\s+(?:day|week|month|year|night|morning|evening|afternoon|"
    r"fortnight)s?\s+(?:after|before)\s+(?!(?:and|but|or|so|then|too|again|also)\b)[A-Za-z]",
    re.IGNORECASE,
)


def _journal_deeds(text: str, echoed: tuple[str, ...] = ()) -> list[Licence]:
    """Clauses of a journal entry told as past deeds: the writer's own ("Baked my first
    sourdough loaf.", "we fixed the table": a past-tense verb opening the clause, with "I"
    or "we" or no subject, journal style) and a thing's arrival ("The new espresso grinder
    arrived.", "Our sofa was delivered"); nothing negating or hedging it, and no time
    expression of its own (its own time wins, SPEC §6) — one the asked event's own name
    holds too (``echoed``: "for the first time this year") restricts, it does not date."""

    out = []
    opened = [(m.start("verb"), m["verb"]) for m in _CLAUSE_OPEN.finditer(text)]
    for at, verb in sorted({*opened, *_thing_arrivals(text), *_bare_thing_deeds(text)}):
        low = verb.lower()
        if _tense_of(low, "") != "past" or low in _NOT_AN_EVENT_AFTER_JUST:
            continue
        rest = text[at:]
        stop = next(
            (
                m
                for m in re.finditer(r"[.;!?]|,\s+(?:and|then|so|but)\s+", rest)
                # "Emailed Prof. Oduya …": the dot of an abbreviation ends no clause
                if not (m.group() == "." and _ABBREVIATION_END.search(rest[: m.end()]))
            ),
            None,
        )
        clause = rest[: stop.start()] if stop else rest
        if _NOT_ASSERTED.search(clause):
            continue
        relative = relative_clauses(clause)
        own = clause[: relative[0][0]] if relative else clause
        try:
            # a time inside a relative clause ("the scarf I knitted last week") is that
            # clause's event's, not this deed's
            # a length ("Ran my first 10k: 54 minutes") says how long, not when
            # a time still to come closing the "for …" of an arranging verb ("Reserved two
            # seats for the jazz concert next Saturday") is the arranged event's: a past
            # deed cannot be then ("for the concert on Saturday" may be either's)
            phrases = _timed_phrases(own)
            timed = any(
                not is_length(phrase)
                and not arranged_ahead(own, start, phrase)
                and echo_key(phrase) not in echoed
                for start, phrase in phrases
            )
            # "I varnished the mast last week, on Sunday the 1st": a day the clause names
            # that the engine read in no phrase (a weekday and a date that disagree) is
            # still a time of the deed's own, not the entry's day
            timed = timed or _names_an_unread_day(own, phrases)
        except Exception:  # noqa: BLE001 - an unreadable clause licenses nothing
            timed = True
        if timed or _COUNTED_FROM_AN_EVENT.search(own):
            # "Got the deposit back the day after the landlord came round": the deed's day
            # counts from another event, which the engine does not date on its own
            continue
        out.append(Licence(at, at + len(verb), verb, "journal", low))
    return out


def _names_an_unread_day(text: str, phrases: list[tuple[int, str]]) -> bool:
    """Does ``text`` name a weekday or a month (by the engine's
    :func:`~prme_cli.timeexpr.day_words`) outside every phrase the engine read in it? An
    ordinal alone ("for Oma's 90th birthday") is no day named."""
    from prme_cli import timeexpr

    spans = [(start, start + len(phrase)) for start, phrase in phrases]
    return any(
        text[d:e].isalpha() and not any(a <= d < b for a, b in spans)
        for d, e in timeexpr.day_words(text)
    )


def _timed_phrases(text: str) -> list[tuple[int, str]]:
    """The time expressions of ``text`` that are not lengths by the engine's own reading
    ("Ran the 5k in 27 minutes": how long, not when), as (offset, phrase)."""
    from prme_cli import timeexpr

    return [
        (f.offset, f.text) for f in timeexpr.find(text, _PROBE_NOW, _UTC) if f.kind != "duration"
    ]


def is_length(phrase: str) -> bool:
    """``phrase`` is an amount of time and nothing else ("54 minutes", "for two hours",
    "a week"): a length, never a date."""
    try:
        interpret_duration(phrase)
    except InterpretError:
        return False
    return True


def relative_clauses(text: str) -> list[tuple[int, int]]:
    """The spans of ``text`` that are relative clauses ("the scarf [I knitted last week]",
    "the friend [who moved to Leeds]"), by the one clause grammar (:mod:`prme_cli.clauses`),
    so that a time inside one dates that clause's event only."""
    from prme_cli import clauses

    return [(c.start, c.end) for c in clauses.split(text) if c.kind == "relative"]


#: News told in the present perfect ("I've finally launched the site!", "Guess what, I've
#: passed my driving test!", "We've officially moved"): a perfect of an event verb, with a
#: cue that it is news — "finally", "officially", "at last", "guess what", or an
#: exclamation closing the sentence.
_NEWS_RE = lazyre.compile(
    r"(?<![\w'])(?P<subj>i|we|he|she|they|[a-z]+)(?:'ve|'s|\s+have|\s+has)\s+"
    r"(?P<adv>(?:finally|officially|at\s+last|now|already)\s+)?(?P<verb>[a-z]+)\b"
)
_NEWS_CUE = lazyre.compile(r"\b(?:guess\s+what|at\s+last|great\s+news|good\s+news)\b")
#: Participles that tell no event of their own ("I've been", "I've had", "I've got to").
_NOT_NEWS = frozenset({"been", "had", "got", "gotten", "done", "seen", "heard", "told"})
#: "On or shortly before" the note's day: the days a piece of news covers, the note's day
#: included (SPEC §6: usable where that precision suffices — an order, a month).
NEWS_DAYS = 7


def _news(low: str, text: str) -> list[Licence]:
    """Present-perfect news in ``low`` (the lower-cased ``text``): the note's day or shortly
    before. Not a state ("for", "since"), not a question, not a clause with a time of its
    own, not a perfect of a verb of being or having."""
    from prme_cli import timeexpr

    out = []
    for m in _NEWS_RE.finditer(low):
        verb = m["verb"]
        if verb in _NOT_NEWS or not _recent_past_verb(verb):
            continue
        if m["subj"] in ("it", "there", "that", "what", "who") or low[m.end() :].startswith(" to "):
            continue
        if "'s" in m.group(0) and not re.match(
            r"\s+(?:my|his|her|their|our|the|a|an|up|in|at|from)\b", low[m.end() :]
        ):
            continue  # "she's excited!" is a state; "Lena's passed her test" news
        stop = re.search(r"[.;!?]", low[m.end() :])
        end = m.end() + (stop.start() if stop else len(low) - m.end())
        sentence_start = max(low.rfind(".", 0, m.start()), low.rfind("?", 0, m.start()))
        sentence_start = max(sentence_start, low.rfind("!", 0, m.start())) + 1
        clause = low[m.start() : end]
        closes = low[end : end + 1]
        cue = bool(m["adv"] and m["adv"].strip() in ("finally", "officially", "at last"))
        cue = cue or bool(_NEWS_CUE.search(low[sentence_start:end])) or closes == "!"
        if not cue or closes == "?" or re.search(r"\b(?:for|since|ever|never)\b", clause):
            continue
        try:
            timed = bool(timeexpr.find_expressions(text[m.end() : end]))
        except Exception:  # noqa: BLE001 - an unreadable clause licenses nothing
            timed = True
        if timed:
            continue
        at = m.start("verb")
        start = m.start("adv") if m["adv"] else at
        out.append(Licence(start, m.end("verb"), text[start : m.end("verb")], "news", verb))
    return out


# ------------------------------------------------------------------ a time told unknown

#: The licences that date a deed by the note's own time without a time word of the deed's:
#: a journal deed, a verbless entry sentence, present-perfect news, the recent-past "just".
#: ("today", "this morning", "just now" name the day themselves and stay.)
_NOTE_TIME_KINDS = frozenset({"journal", "entry", "news", "recent"})

#: Words saying the writer does not know when something happened: "no idea when", "can't
#: say when", "not (quite) sure when", "I don't remember when", "who / God knows when",
#: "not sure of the date"; an adverb may come between ("no idea exactly when").
_UNKNOWN_WHEN = lazyre.compile(
    r"(?<![\w'])(?:"
    r"(?:no|not\s+an?|not\s+the\s+(?:faintest|slightest|foggiest))\s+(?:idea|clue|notion)"
    r"|(?:not|never)\s+(?:\w+\s+)?(?:sure|certain)|unsure|uncertain"
    r"|(?:can't|cannot|can\s+not|couldn't|could\s+not)\s+(?:say|tell(?:\s+you)?|remember|"
    r"recall|work\s+out|pin\s+(?:it\s+)?down)"
    r"|(?:don't|do\s+not|didn't|did\s+not|doesn't)\s+(?:\w+\s+)?(?:know|remember|recall)"
    r"|forget|forgot|(?:have|'ve)\s+forgotten"
    r"|(?:who|god|heaven|lord|goodness|nobody|no\s+one)\s+knows"
    r"|(?:hard|difficult|impossible)\s+to\s+(?:say|tell)|no\s+telling|lost\s+track\s+of"
    r"|unclear|unknown"
    r")(?:\s+(?:exactly|precisely|quite|really|even|for\s+sure|for\s+certain))*"
    r"\s+(?P<what>when|what\s+(?:day|date)|which\s+day|(?:of\s+)?the\s+(?:exact\s+)?(?:date|day))"
    r"(?![\w'])"
    r"|(?<![\w'])(?:date|day|time)\s+unknown(?![\w'])",
)
#: "at some point", "at some stage", "sometime", "some time": a time the writer does not
#: give ("Broke my glasses at some point"); with a time of its own ("at some point
#: yesterday") it is only "within" that time.
_SOME_TIME = lazyre.compile(r"(?<![\w'])(?:at\s+some\s+(?:point|stage|time)|some\s*time)(?![\w'])")
#: Words before "some time" that make it an amount of time ("spent some time in the
#: garden", "took some time off", "for some time"), not a hedge on when.
_SOME_TIME_IS_A_LENGTH = lazyre.compile(
    r"spend|spent|spending|take|took|taken|taking|need|needs|needed|have|has|had|having|"
    r"give|gave|given|find|found|get|got|make|made|save|saved|waste|wasted|kill|killed|"
    r"buy|bought|for|in|after|with|of"
)
#: A "when" clause about a thing still to come, not a past deed's time: "not sure when the
#: new one will come", "no idea when they can fix it", "don't know when to stop". ("Can't
#: remember when I last saw them" is the loss's time: it stays a hedge.)
_WHEN_OF_ANOTHER_TIME = lazyre.compile(
    r"^\s*(?:to\b|[^.;!?,]*?(?:'ll|(?<![\w'])(?:will|shall|won't|gonna|(?:is|are|am|was|were)\s+"
    r"(?:going\s+to|due)|(?:can|could|should|would|might|may)(?!\s+have)))(?![\w']))"
)
#: Words telling a sentence is about what is still to come ("I'll replace it at some
#: point", "need to call them sometime"): its "at some point" is no hedge on a past deed.
_STILL_TO_DO = lazyre.compile(
    r"'ll(?![\w'])|(?<![\w'])(?:will|shall|gonna|going\s+to|need\s+to|have\s+to|want\s+to|"
    r"plan\s+to|hope\s+to|should|must\s+(?!have\b)\w+|let's|soon)(?![\w'])"
)


def time_told_unknown(sentence: str, following: str = "", *, journal: bool = False) -> bool:
    """Does the writer say the time of ``sentence``'s deed is unknown, in that sentence or
    the next one (the first sentence of ``following``, the text after it in its entry)?
    The next sentence's words are about its own deed when it tells one the note's time
    would date ("Returned the drill. Misplaced the tent pegs, no clue when."; ``journal``:
    the text is a journal entry's).

    "Lost my library card. No idea when exactly.", "Broke my glasses at some point, can't
    say when.", "Cracked the screen. God knows when that happened.": the note's day is when
    the writer noticed or wrote, not when the deed was done. Not when the "when" is about a
    thing to come or an earlier time ("Not sure when the new one will come", "can't remember
    when I last did that"), nor when "at some point" / "sometime" comes with a time of its
    own ("at some point yesterday": within yesterday) or is an amount of time ("spent some
    time in the garden")."""
    if _says_unknown(sentence):
        return True
    told = next_sentence(following)
    if not told or not _says_unknown(told):
        return False
    return not any(x.kind in _NOTE_TIME_KINDS for x in _licences(told, journal, (), None))


def next_sentence(following: str) -> str:
    """The first sentence of ``following`` (the text after a sentence, in its record), within
    its entry: org drawers, planning lines and lone stamps skipped; a heading or a new list
    item is another entry and ends it."""
    lines: list[str] = []
    drawer = False
    for n, line in enumerate(following.split("\n")):
        bare = line.strip()
        if not lines and (drawer or re.fullmatch(r":[\w-]+:", bare)):
            drawer = bare.upper() != ":END:"  # a drawer's lines (:LOGBOOK: … :END:)
            continue
        if n and (re.match(r"\*+\s", line) or re.match(r"\s*(?:[-+]|\d+[.)])\s", line)):
            break
        if not bare:
            if lines:
                break  # the paragraph ends
            continue
        if not lines and (
            re.match(r"(?:SCHEDULED|DEADLINE|CLOSED):", bare)
            or re.fullmatch(r"[\[<]\d{4}-\d\d-\d\d[^\]>]*[\]>]", bare)
        ):
            continue
        lines.append(bare)
    text = " ".join(lines).strip()
    stop = re.search(r"[.;!?](?:\s|$)", text)
    return text[: stop.end()].strip() if stop else text


def _says_unknown(sentence: str) -> bool:
    low = sentence.lower().replace("\u2019", "'")
    for m in _UNKNOWN_WHEN.finditer(low):
        what = m.group("what")
        if what != "when" or not _WHEN_OF_ANOTHER_TIME.match(low[m.end() :]):
            return True
    for m in _SOME_TIME.finditer(low):
        before = re.findall(r"[a-z']+", low[: m.start()])
        if (
            m.group(0).startswith("some")
            and before
            and _SOME_TIME_IS_A_LENGTH.fullmatch(before[-1])
        ):
            continue
        a, b = _clause_around(low, m.start(), m.end())
        if _STILL_TO_DO.search(low[a:b]) or _has_time_of_its_own(sentence[a:b]):
            continue
        return True
    return False


def _clause_around(low: str, start: int, end: int) -> tuple[int, int]:
    """The span of the clause of ``low`` holding ``[start, end)``: between commas, semicolons,
    colons, dashes and the conjunctions that join clauses."""
    breaks = list(re.finditer(r"[,;:\u2013\u2014]|\s-\s|\s(?:and|but|so|then)\s", low))
    a = max((m.end() for m in breaks if m.end() <= start), default=0)
    b = min((m.start() for m in breaks if m.start() >= end), default=len(low))
    return a, b


def _has_time_of_its_own(sentence: str) -> bool:
    """Does ``sentence`` hold a time expression that is no length ("at some point
    yesterday", "sometime last week")?"""
    try:
        return bool(_timed_phrases(sentence))
    except Exception:  # noqa: BLE001 - an unreadable sentence is taken as timed: no hedge
        return True


def _told_unknown_at(text: str, at: int, after: str, journal: bool) -> bool:
    """Is the time of the deed at offset ``at`` of ``text`` told unknown, in its sentence or
    the next one (in ``text`` or, past its end, in ``after``)?"""
    starts = [m.end() for m in re.finditer(r"[.;!?](?:\s+|$)", text[:at])]
    start = starts[-1] if starts else 0
    stop = re.search(r"[.;!?](?:\s|$)", text[at:])
    end = at + stop.end() if stop else len(text)
    rest = text[end:]
    following = f"{rest} {after}" if rest.strip() else after
    return time_told_unknown(text[start:end], following, journal=journal)


def licences(
    text: str, *, journal: bool = False, echoed: tuple[str, ...] = (), after: str = ""
) -> list[Licence]:
    """Every licence in ``text``, in order (see the module docstring for what counts).

    ``journal`` says the text is a journal entry's: its past-tense first-person deeds are
    licensed too (kind ``journal``, the phrase is the clause's verb); ``echoed`` are the
    time expressions of the asked event's own name (:func:`echoed_times`), which do not make
    a deed's clause timed. ``after`` is the record's text after ``text``: a licence of the
    note's time with no time word of the deed's own (journal, entry, news, recent) is none
    when its sentence or the next one says the time is unknown (:func:`time_told_unknown`).
    Offsets are in ``text`` as given; matching ignores case and curly apostrophes.
    """
    return _licences(text, journal, echoed, after)


def _licences(
    text: str, journal: bool, echoed: tuple[str, ...], after: str | None
) -> list[Licence]:
    """:func:`licences`; ``after`` None keeps the licences whose time is told unknown."""
    low = text.lower().replace("\u2019", "'")
    found = [
        Licence(
            m.start(),
            m.end(),
            text[m.start() : m.end()],
            "moment" if _MOMENT_RE.fullmatch(m.group(0)) else "day",
        )
        for m in _LICENCE_RE.finditer(low)
    ]
    for m in _JUST_RE.finditer(low):
        if any(x.start <= m.start() < x.end for x in found):
            continue  # "just now" is already a moment
        verb = m.group("verb")
        if not _recent_past_verb(verb):
            continue
        if verb == "been" and not re.match(r"\s+(?:to|at|on|in)\b", low[m.end() :]):
            continue  # "I've just been busy" tells no event; "just been to the dentist" does
        found.append(Licence(m.start(), m.end(), text[m.start() : m.end()], "recent", verb))
    for news in _news(low, text):
        if not any(
            x.start <= news.start < x.end or news.start <= x.start < news.end for x in found
        ):
            found.append(news)
    found = _known_times(text, found, after, journal)
    if journal and not found:
        found = _journal_deeds(text, echoed) + _entry_day_phrases(text)
        found += [x for x in _entry_fragments(text) if not any(y.start == x.start for y in found)]
        found = _known_times(text, found, after, journal)
    return sorted(found, key=lambda x: x.start)


def _known_times(
    text: str, found: list[Licence], after: str | None, journal: bool
) -> list[Licence]:
    """``found`` without the licences of the note's time whose deed's time the writer says
    is unknown ("Lost my library card. No idea when exactly.")."""
    if after is None:
        return found
    return [
        x
        for x in found
        if x.kind not in _NOTE_TIME_KINDS or not _told_unknown_at(text, x.start, after, journal)
    ]


#: A journal sentence about the entry's own day without a verb: "First day at the new
#: job.", "Last day at the gallery.", "Back at the climbing gym after the knee thing." (the
#: writer is back that day).
_ENTRY_DAY = lazyre.compile(
    r"(?:^|[.;!?]\s+)(?P<phrase>(?:[Ff]irst|[Ll]ast|[Ff]inal)\s+day|[Bb]ack)\s+(?:at|in|on|to|with)\s+"
)


_PIECE_DASH = lazyre.compile(r"\s[\u2013\u2014-]\s|[\u2013\u2014]")


def _entry_day_phrases(text: str) -> list[Licence]:
    """Verbless sentences of a journal entry that are about the entry's own day; not when
    the sentence has a time of its own, hedges or asks ("Back at work next week?")."""
    from prme_cli import timeexpr

    out = []
    for m in _ENTRY_DAY.finditer(text):
        rest = text[m.end("phrase") :]
        stop = re.search(r"[.;!?]", rest)
        sentence = rest[: stop.start()] if stop else rest
        if _NOT_ASSERTED.search(sentence) or (stop is not None and stop.group(0) == "?"):
            continue
        # "Last day at the library after all — Birgit gave me the Friday off": a time told
        # after a dash belongs to the next clause, not to the day's verbless one
        dash = _PIECE_DASH.search(sentence)
        clause = sentence[: dash.start()] if dash else sentence
        try:
            timed = bool(timeexpr.find_expressions(clause))
        except Exception:  # noqa: BLE001 - an unreadable clause licenses nothing
            timed = True
        if not timed:
            at = m.start("phrase")
            out.append(Licence(at, m.end("phrase"), m["phrase"], "day", m["phrase"]))
    return out


#: A sentence of a journal entry (its piece before a comma, colon or dash) that names what
#: happened without a verb: "First bake in the new oven.", "Letter from the council: no to
#: the stall.", "Marta's birthday.", "Second sowing of peas, the first lot went to the slugs."
_SENTENCE = lazyre.compile(r"(?:^|(?<=[.;!?])\s+)(?P<s>[A-Z0-9][^.;!?]*)(?P<end>[.;!?]|$)")
_PIECE_END = lazyre.compile(r"[,:(\u2013\u2014]|\s-\s")
#: Words opening a piece that is no report of the day's event: a denial ("No festival for
#: us"), a hedge, a heading of thoughts.
_NOT_A_REPORT = frozenset(
    [
        "no",
        "not",
        "without",
        "maybe",
        "perhaps",
        "possibly",
        "probably",
        "ideas",
        "idea",
        "thoughts",
        "notes",
        "note",
        "todo",
        "reminder",
        "plan",
        "plans",
        "next",
        "hopefully",
    ]
)
#: Words after a leading verb that make it an imperative with its object ("Call the
#: plumber.", "Fix it."), a to-do, not a report.
_OBJECT_OPENERS = frozenset(
    [
        "the",
        "a",
        "an",
        "my",
        "our",
        "his",
        "her",
        "their",
        "your",
        "this",
        "that",
        "these",
        "those",
        "it",
        "him",
        "them",
        "us",
        "me",
        "some",
        "up",
        "out",
        "off",
        "back",
        "in",
    ]
)


def _entry_fragments(text: str) -> list[Licence]:
    """Verbless sentences of a journal entry that name the day's event by a noun phrase
    (kind ``entry``; the phrase, and what it covers, is the piece itself): no finite verb in the piece, no time
    of its own anywhere in the sentence, no hedge, denial or question, not an imperative
    ("Call the plumber.") and not a gerund ("Planning the festival"). Which event it names
    is the gate's to check word by word; whether the entry gives the event another day is
    :func:`interpret_event_time`'s."""
    from prme_cli import clauses, timeexpr, words

    out = []
    for m in _SENTENCE.finditer(text):
        sentence = m["s"]
        if m["end"] == "?" or _NOT_ASSERTED.search(sentence):
            continue
        cut = _PIECE_END.search(sentence)
        piece = sentence[: cut.start()] if cut else sentence
        piece = piece.rstrip()
        toks = [t for t in clauses.tokens(piece) if t.kind == "word"]
        if not toks or len(toks) > 8 or toks[0].low in _NOT_A_REPORT:
            continue
        if any(t.finite for t in toks) or any(t.low in _SUBJECTS for t in toks):
            continue
        if toks[0].low in _PREPOSITIONS or _verb_in_head(toks):
            continue  # "Chapter 4 needs rewriting", "First peas picked": a clause after all
        first = toks[0]
        if first.low.endswith("ing") and first.verb:
            continue  # "Planning the bread festival": an activity under way, not an event
        if (
            first.verb
            and words.is_verb_lemma(first.low)
            and (len(toks) == 1 or toks[1].low in _OBJECT_OPENERS or not first.noun)
        ):
            continue  # "Call the plumber.", "Fix it.": what is to be done
        if not any(t.noun and len(t.low) > 2 for t in toks):
            continue
        try:
            timed = bool(timeexpr.find_expressions(sentence))
        except Exception:  # noqa: BLE001 - an unreadable sentence licenses nothing
            timed = True
        if timed:
            continue
        at = m.start("s")
        out.append(Licence(at, at + len(piece), piece, "entry", piece))
    return out


_SUBJECTS = frozenset({"i", "we", "he", "she", "they", "you", "it", "there"})
_PREPOSITIONS = frozenset(
    ["in", "of", "from", "at", "with", "to", "for", "by", "on", "about", "after", "before"]
)


def _verb_in_head(toks: list[Any]) -> bool:
    """Does the noun phrase before a fragment's first preposition hold an inflected verb
    form ("Chapter 4 needs rewriting", "Chapter 4 rewrite done", "First peas picked")? A
    plural noun closing it ("Keys to the new flat") and a gerund after a determiner, an
    ordinal or a possessive ("Second sowing of peas") are nouns."""
    from prme_cli import clauses, words
    from prme_cli.relate.validate import _ORDINAL_WORDS

    head = []
    for t in toks:
        if t.low in _PREPOSITIONS:
            break
        head.append(t)
    for i, t in enumerate(head):
        if t.low.endswith("'s"):
            continue
        lemma = words.verb_lemma(t.low)
        if lemma is None or lemma == t.low:
            continue
        before = head[i - 1].low if i else ""
        if t.low.endswith("ing") and (
            before in clauses.DETERMINERS or before in _ORDINAL_WORDS or before.endswith("'s")
        ):
            continue
        if t.noun and i == len(head) - 1 and t.low.endswith("s"):
            continue
        return True
    return False


def _entry_tells_another_day(record: EvidenceRecord, quote: str, tz: tzinfo) -> bool:
    """Does the journal entry holding ``quote`` give a time on another day than its own
    ("Wanda's second visit. She's been here since Thursday evening")? Then a verbless
    sentence naming the event is not dated by the entry's day. Clock times, parts of the
    entry's day, lengths and wider windows holding the day ("this year") are the same
    day's."""
    from prme_cli import timeexpr

    if record.event_time is None:
        return True
    moment = _localize(record.event_time, tz)
    day = moment.replace(hour=0, minute=0, second=0, microsecond=0)
    next_day = _localize(day.replace(tzinfo=None) + timedelta(days=1), tz)
    prose = "\n".join(line for line in record.text.split("\n") if not _NOT_PROSE.match(line))
    try:
        found = timeexpr.find(prose, moment.replace(hour=12, minute=0), tz)
    except Exception:  # noqa: BLE001 - an unreadable entry dates nothing this way
        return True
    for f in found:
        if f.kind in ("duration", "set") or (f.start is None and f.end is None):
            continue
        if (f.end is not None and f.end <= day) or (f.start is not None and f.start >= next_day):
            return True  # "last week", "on Friday", "early April": another time
        if f.grain in ("day", "hour", "minute", "second") and (
            (f.start is not None and f.start < day) or (f.end is not None and f.end > next_day)
        ):
            return True  # "since Thursday evening" (open to now): from another day
    return False


@lru_cache(maxsize=1024)
def echoed_times(name: str) -> tuple[str, ...]:
    """The time expressions inside an asked event's own name, as :func:`echo_key` keeps them
    ("cycle to work for the first time this year" -> "this year"): the question's words."""
    from prme_cli import timeexpr

    try:
        return tuple(echo_key(phrase) for _, _, phrase in timeexpr.find_expressions(name))
    except Exception:  # noqa: BLE001 - an unreadable name echoes nothing
        return ()


def echo_key(phrase: str) -> str:
    """A time expression as an echo is compared: lower case, without a leading preposition
    ("in 2031" and "2031" are one echo)."""
    return re.sub(r"^(?:in|on|at|during)\s+", "", phrase.lower().strip())


def _echo_outside(
    record: EvidenceRecord,
    quote: str,
    name: str,
    echoed: tuple[str, ...],
    question_date: datetime,
    tz: tzinfo,
) -> str:
    """Why a journal deed whose only time echoes the question's ("Cycled to work for the
    first time this year." for "… for the first time this year?") is not dated by its entry
    (or ""): the echoed time, read in the question at its date and in the quote at the
    entry's, must hold the entry's day — "this year" in last year's journal is another
    year."""
    from prme_cli import timeexpr

    assert record.event_time is not None
    moment = _localize(record.event_time, tz)
    day = moment.replace(hour=0, minute=0, second=0, microsecond=0)
    try:
        asked = timeexpr.find(name, question_date, tz)
        told = timeexpr.find(quote, moment.replace(hour=12), tz)
    except Exception:  # noqa: BLE001 - unreadable: not shown to hold the day
        return "the echoed time cannot be read"
    for f in [*asked, *told]:
        if echo_key(f.text) not in echoed:
            continue
        if f.start is None or f.end is None or not f.start <= day < f.end:
            return f"'{f.text}' of the question does not hold the entry's day"
    return ""


def licence_phrase(quote: str) -> str | None:
    """The words in ``quote`` that place its event at the note's own time, if any."""
    found = licences(re.sub(r"\s+", " ", quote))
    return found[0].phrase.lower().replace("\u2019", "'") if found else None


#: A list item or table row that opens with an org stamp: a dated entry of a log.
_DATED_ITEM = lazyre.compile(
    r"^[ \t]*(?:[-+][ \t]+(?:State[ \t]+\"[^\"\n]*\"(?:[ \t]+from[ \t]+\"[^\"\n]*\")?[ \t]+|"
    r"Note[ \t]+taken[ \t]+on[ \t]+)?|\|[ \t]*)[\[<](?P<day>\d{4}-\d{2}-\d{2})[^\]>\n]*[\]>]"
)
_ITEM_START = lazyre.compile(r"^[ \t]*(?:[-+*][ \t]|\d+[.)][ \t]|\|)")


def item_anchor(text: str, quote: str, expression: str = "") -> datetime | None:
    """The day of the dated list item (or table row) of ``text`` that holds the time
    ``expression`` of ``quote`` (its end when no expression is in it), or None when that is
    not inside one: the lines from there back to the item's first line, with no blank line
    or other item between."""
    begin = text.find(quote) if quote else -1
    if begin < 0:
        return None
    inner = quote.rfind(expression) if expression else -1
    return item_day_at(text, begin + (inner if inner >= 0 else max(len(quote) - 1, 0)))


def item_day_at(text: str, at: int) -> datetime | None:
    """The day of the dated list item (or table row) holding offset ``at`` of ``text``, or
    None (see :func:`item_anchor`)."""
    line_start = text.rfind("\n", 0, at) + 1
    while True:
        end = text.find("\n", line_start)
        line = text[line_start : end if end >= 0 else len(text)]
        m = _DATED_ITEM.match(line)
        if m is not None:
            try:
                return datetime.strptime(m["day"], "%Y-%m-%d")
            except ValueError:
                return None
        if not line.strip() or _ITEM_START.match(line) or line_start == 0:
            return None
        line_start = text.rfind("\n", 0, line_start - 1) + 1


# --------------------------------------------------------------------------- narrative anchors

#: Lines that tell no time of the entry's narrative: drawers' lines, planning and CLOCK lines,
#: ``#+`` keywords (``#+DATE`` is the note's own date, the fallback) and a packed record's
#: metadata lines.
_NOT_NARRATIVE = lazyre.compile(
    r"^[ \t]*(?::[\w@#%+-]+:|#\+|(?:SCHEDULED|DEADLINE|CLOSED|CLOCK):|(?:path|event_time|source|"
    r"timestamp[ \t]+\w+)[ \t]*:|\[structured[:\]]|- reference :ID:|-[ \t]+State[ \t]+\")"
)
_HEADING_LINE = lazyre.compile(r"^\*+[ \t]")
#: Where a sentence of the narrative ends: after ., ! or ? and a space (not the dot of an
#: abbreviation), at a blank line, and before a list item, a table row or a heading.
_UNIT_BREAK = lazyre.compile(
    r"(?<=[.!?])[\"')\]]*[ \t]+|(?<=[.!?])[\"')\]]*\n|\n[ \t]*\n|\n(?=[ \t]*(?:[-+*][ \t]|\d+[.)][ \t]|\|))"
)
_ABBREVIATION_END = lazyre.compile(
    r"\b(?:Mr|Mrs|Ms|Dr|Prof|St|Jr|Sr|vs|etc|approx|No|Mt|Ave|e\.g|i\.e)\.$", re.IGNORECASE
)
#: A time right after these words bounds or aims at something ("for 20 March", "by Friday",
#: "until the 3rd"): it is not when the sentence's deed happened.
_BOUND_BEFORE = lazyre.compile(
    r"\b(?:for|by|until|till|since|from|to|within|before|after|ahead\s+of|due)\s+(?:the\s+)?$",
    re.IGNORECASE,
)
#: How many times told in a row, each counted from the one before, are followed back.
_ANCHOR_DEPTH = 4


def _narrative(text: str) -> tuple[str, list[tuple[int, int]]]:
    """``text`` with its lines that tell no narrative time blanked (same length), and the
    spans of heading titles whose words name a time other than an org stamp ("* Friday 9th"):
    such a day is read from a file's date in no safe direction, so it anchors nothing."""
    from prme_cli import orgtime

    out: list[str] = []
    undatable: list[tuple[int, int]] = []
    drawer = False
    at = 0
    for line in text.split("\n"):
        stripped = line.strip()
        if drawer:
            blank = True
            drawer = not re.fullmatch(r":END:", stripped, re.IGNORECASE)
        elif re.fullmatch(r":[A-Za-z_-]+:", stripped) and stripped.upper() != ":END:":
            blank, drawer = True, True
        else:
            blank = bool(_NOT_NARRATIVE.match(line))
        if blank:
            out.append(" " * len(line))
        elif _HEADING_LINE.match(line):
            kept = [" "] * len(line)
            pos = 0
            for stamp in orgtime.find_timestamps(line):  # the heading's own stamps
                a = line.find(stamp.raw, pos)
                if a >= 0:
                    pos = a + len(stamp.raw)
                    kept[a:pos] = line[a:pos]
            title = "".join(" " if kept[i] != " " else c for i, c in enumerate(line))
            if _finds_a_time(re.sub(r"^\*+", " ", title)):
                undatable.append((at, at + len(line)))
            out.append("".join(kept))
        else:
            out.append(line)
        at += len(line) + 1
    return "\n".join(out), undatable


def _finds_a_time(text: str) -> bool:
    from prme_cli import timeexpr

    try:
        return any(f.kind in ("point", "interval") for f in timeexpr.find(text, _PROBE_NOW, _UTC))
    except Exception:  # noqa: BLE001 - unreadable words name no time
        return False


def _units(text: str, end: int) -> list[tuple[int, int]]:
    """The sentences (list items, rows, heading lines) of ``text[:end]`` as spans, in order;
    the last one holds ``end``."""
    spans: list[tuple[int, int]] = []
    start = 0
    for m in _UNIT_BREAK.finditer(text, 0, end):
        if _ABBREVIATION_END.search(text[max(0, m.start() - 8) : m.start()]):
            continue  # "Prof. Oduya": the dot of an abbreviation ends no sentence
        if text[start : m.start()].strip():
            spans.append((start, m.start()))
        start = m.end()
    spans.append((start, end))
    return spans


def _times_in(text: str, start: int, end: int) -> list[tuple[int, str]]:
    """The times ``text[start:end]`` tells (offset, phrase): points and intervals, not lengths
    or recurrences."""
    from prme_cli import timeexpr

    try:
        found = timeexpr.find(text[start:end], _PROBE_NOW, _UTC)
    except Exception:  # noqa: BLE001 - the finder is conservative; a failure finds nothing
        return []
    return [(start + f.offset, f.text) for f in found if f.kind in ("point", "interval")]


def _read_from(
    expression: str,
    anchor: tuple[datetime, datetime, str],
    *,
    question_date: datetime,
    tz: tzinfo,
    resolver: ExpressionResolver | None = None,
) -> tuple[datetime, datetime, str]:
    """``expression`` read from the time told before it. A clock time anchors as itself, a day
    (or a part of one) as that day; an anchor longer than a day only when reading from its
    first and from its last day gives one answer (a range's "the next day" does not)."""
    start, end, grain = anchor
    if start.year <= 1 or end.year >= 9999:
        raise InterpretError("the time it counts from is open-ended", code="ambiguous_anchor")
    exact = grain in ("minute", "second") and end - start <= timedelta(hours=1)
    first = _localize(start, tz)
    if not exact:
        first = first.replace(hour=0, minute=0, second=0, microsecond=0).replace(tzinfo=None)
    dated = interpret_text_expression(
        expression, first, question_date=question_date, tz=tz, resolver=resolver, anchored=True
    )
    if end - start > timedelta(hours=25):
        last = _localize(end - timedelta(seconds=1), tz).replace(
            hour=0, minute=0, second=0, microsecond=0, tzinfo=None
        )
        other = interpret_text_expression(
            expression, last, question_date=question_date, tz=tz, resolver=resolver, anchored=True
        )
        if (other.start, other.end) != (dated.start, dated.end):
            raise InterpretError(
                "the time it counts from is longer than a day (its first day or its last?)",
                code="ambiguous_anchor",
            )
    assert dated.start is not None and dated.end is not None and dated.grain is not None
    return dated.start, dated.end, dated.grain


def _time_at(
    record: EvidenceRecord,
    text: str,
    at: int,
    phrase: str,
    *,
    question_date: datetime,
    tz: tzinfo,
    depth: int,
) -> tuple[datetime, datetime, str]:
    """The window of the time ``phrase`` told at ``at``: counted from the time before it, or
    from its dated item's day, or from the note's own time."""
    from prme_cli import timeexpr

    if timeexpr.counts_from_before(phrase):
        if depth >= _ANCHOR_DEPTH:
            raise InterpretError("too many times counted one from another", code="ambiguous_anchor")
        anchor = narrative_anchor(record, at, question_date=question_date, tz=tz, depth=depth + 1)
        return _read_from(phrase, anchor, question_date=question_date, tz=tz)
    item_day = item_day_at(record.text, at)
    reference = item_day or record.event_time
    period = heading_period(record) if item_day is None else None
    line_start = text.rfind("\n", 0, at) + 1
    line_end = text.find("\n", at)
    problem = bare_day_problem(
        text[line_start : line_end if line_end >= 0 else len(text)],
        phrase,
        None if period is not None else reference,
        in_period=period is not None,
    )
    if problem:
        # "I'm taking the ferry on Tuesday, and the next day …": read as the bare day is read
        raise InterpretError(f"the time it counts from: {problem}", code="ambiguous_anchor")
    dated = interpret_text_expression(
        phrase, reference, question_date=question_date, tz=tz, period=period
    )
    assert dated.start is not None and dated.end is not None and dated.grain is not None
    if dated.approximate:
        raise InterpretError("the time it counts from is approximate", code="ambiguous_anchor")
    if (
        reference is not None
        and not _WRITTEN_YEAR.search(phrase)
        and (reference.date() - dated.start.date()).days > 300
    ):
        # "Fired the bisque on the 10th of June" in a log dated 1 June: read past-leaning it
        # is last year's, most likely it is this year's — which, the words do not say
        raise InterpretError(
            "the time it counts from reads as nearly a year before the note",
            code="ambiguous_anchor",
        )
    return dated.start, dated.end, dated.grain


_WRITTEN_YEAR = lazyre.compile(r"\b\d{4}\b")


def _nested(a: tuple[datetime, datetime, str], b: tuple[datetime, datetime, str]) -> bool:
    return (a[0] <= b[0] and b[1] <= a[1]) or (b[0] <= a[0] and a[1] <= b[1])


def narrative_anchor(
    record: EvidenceRecord,
    at: int,
    *,
    question_date: datetime,
    tz: tzinfo,
    depth: int = 0,
) -> tuple[datetime, datetime, str]:
    """The time an expression at offset ``at`` of ``record.text`` that counts from an earlier
    moment ("two days later", "the next morning", "the following Monday") counts from: the
    time told before it in its own sentence, else in the sentence right before it, else the
    day of the dated list item right before it (each of its sentences is that day's); the
    heading's own stamp is such a sentence. When nothing in the entry before it is dated, a
    journal entry's own day (datetree, daily file, ``#+DATE``). Raises
    :class:`InterpretError` when that is ambiguous: the times of that sentence disagree, it
    is a range or a day-named heading, an undated sentence stands between a dated one and
    the expression, or nothing is dated before it in an entry that is no journal's (a chat
    turn counts from another turn)."""
    text, undatable = _narrative(record.text)
    if record.event_source == "datetree" or heading_period(record) is not None:
        # a datetree day's title is the entry's own day, the fallback below; a week's or
        # month's title is the period its bare days are read in (:mod:`.period`)
        undatable = []
    units = _units(text, at)
    own, before = units[-1], units[:-1]

    def anchor_of(unit: tuple[int, int]) -> tuple[datetime, datetime, str] | None:
        if any(a <= unit[0] < b for a, b in undatable):
            raise InterpretError(
                "the time before it is a heading's day name, read in no safe direction",
                code="ambiguous_anchor",
            )
        times = _times_in(text, unit[0], unit[1])
        if not times:
            return None
        relative = relative_clauses(text[unit[0] : unit[1]])
        for o, p in times:
            if _BOUND_BEFORE.search(text[unit[0] : o]):
                # "Booked the flight for 20 March. Two days later …": a time something is for,
                # by or until is not when the sentence's deed happened
                raise InterpretError(
                    f"the time before it ('{p}') is a bound or an aim, not when it happened",
                    code="ambiguous_anchor",
                )
            if any(a <= o - unit[0] < b for a, b in relative):
                # "Met Ana, who moved here on 3 May. Two days later …": another event's time
                raise InterpretError(
                    f"the time before it ('{p}') is a relative clause's, another event's",
                    code="ambiguous_anchor",
                )
        windows = [
            _time_at(record, text, o, p, question_date=question_date, tz=tz, depth=depth)
            for o, p in times
        ]
        if any(not _nested(w, windows[-1]) for w in windows[:-1]):
            raise InterpretError(
                "the sentence before it tells two times that disagree", code="ambiguous_anchor"
            )
        return windows[-1]

    found = anchor_of(own)
    if found is not None:
        return found
    if before:
        previous = before[-1]
        found = anchor_of(previous)
        if found is not None:
            return found
        day = item_day_at(record.text, previous[0])
        if day is not None:
            local = _localize(day, tz)
            return local, _localize(day + timedelta(days=1), tz), "day"
        if any(_times_in(text, a, b) or item_day_at(record.text, a) for a, b in before):
            raise InterpretError(
                "an undated sentence stands between the time before it and the expression",
                code="ambiguous_anchor",
            )
        if any(a <= u[0] < b for a, b in undatable for u in before):
            raise InterpretError(
                "the time before it is a heading's day name, read in no safe direction",
                code="ambiguous_anchor",
            )
    if record.event_time is None or not is_journal_entry(record):
        raise InterpretError(
            "nothing before it in its entry is dated: it counts from a time told elsewhere",
            code="ambiguous_anchor",
        )
    moment = _localize(record.event_time, tz)
    if _has_clock_time(record.event_time):
        return moment, moment + timedelta(minutes=1), "minute"
    return moment, _localize(record.event_time + timedelta(days=1), tz), "day"


_PROBE_NOW = datetime(2020, 6, 15, 12, 0, tzinfo=UTC)
_UTC = UTC


def interpret_event_time(
    record: EvidenceRecord,
    quote: str,
    tz: tzinfo,
    *,
    name: str = "",
    question_date: datetime | None = None,
) -> Dated:
    """Date an event by its record's time, only when the quote licenses it.

    "today", "tonight", "this morning" and the recent-past "just" ("I just got back") tie
    the event to the note's *day*; "just now" and "a moment ago" tie it to the note's
    recorded minute (when the note has a clock time).
    """
    journal = is_journal_entry(record)
    echoed = echoed_times(name) if journal and name and question_date is not None else ()
    at = record.text.find(quote)
    after = record.text[at + len(quote) :] if at >= 0 else ""
    found = licences(re.sub(r"\s+", " ", quote), journal=journal, echoed=echoed, after=after)
    phrase = found[0].phrase.lower() if found else None
    if phrase is None:
        raise InterpretError(
            "the quote does not say the event happened when the note was written "
            "(today, tonight, this morning, just now, ...)",
            code="unlicensed_event_time",
        )
    if record.event_time is None:
        raise InterpretError("the record has no event_time")
    if (
        found[0].kind == "journal"
        and echoed
        and question_date is not None
        and not licences(re.sub(r"\s+", " ", quote), journal=journal)
    ):
        # only the echo lets the entry's day date the deed: it must hold that day
        outside = _echo_outside(record, quote, name, echoed, question_date, tz)
        if outside:
            raise InterpretError(outside, code="unlicensed_event_time")
    if found[0].kind == "entry" and _entry_tells_another_day(record, quote, tz):
        raise InterpretError(
            "a verbless journal sentence, in an entry that gives another day",
            code="unlicensed_event_time",
        )
    moment = _localize(record.event_time, tz)
    if found[0].kind == "news":
        # on or shortly before the note's day: the week up to it, that day included
        last = moment.replace(hour=0, minute=0, second=0, microsecond=0).replace(tzinfo=None)
        start = _localize(last - timedelta(days=NEWS_DAYS - 1), tz)
        return _window(start, _localize(last + timedelta(days=1), tz), basis="event_time")
    if found[0].kind == "moment" and _has_clock_time(record.event_time):
        start = moment.replace(second=0, microsecond=0)
        return _window(
            start,
            start + timedelta(minutes=1),
            basis="event_time",
            times=(start.time().replace(tzinfo=None),),
        )
    start = moment.replace(hour=0, minute=0, second=0, microsecond=0)
    end = _localize(start.replace(tzinfo=None) + timedelta(days=1), tz)
    return _window(start, end, basis="event_time")


# --------------------------------------------------------------------------- durations

#: number words (the time engine's tables) and the article "a" as one
_NUMBER_WORDS: dict[str, int] = {
    **{word: value for word, value in lexicon.NUMBERS.items() if word not in ("oh", "nought")},
    **lexicon.TENS,
    "a": 1,
    "an": 1,
    "single": 1,
}
_UNIT_WORDS: dict[str, str] = {}
for _unit, _spellings in {
    "minutes": "minute minutes min mins",
    "hours": "hour hours hr hrs h",
    "days": "day days d",
    "weeks": "week weeks wk wks w",
    "months": "month months mo mos",
    "years": "year years yr yrs y",
    "fortnights": "fortnight fortnights",
}.items():
    for _spelling in _spellings.split():
        _UNIT_WORDS[_spelling] = _unit

_APPROXIMATE = lazyre.compile(
    r"\b(?:about|around|roughly|approximately|approx|nearly|almost|over|under|more than|"
    r"less than|at least|at most|a few|several|some|couple|or so|ish|plus)\b"
)
_CLOCK_DURATION = lazyre.compile(r"(?:=>\s*)?(\d+):([0-5]\d)")
# An amount is a number in digits ("2", "1.5", "3/4", glued or not: "2h") or in words
# ("twenty-five", "an"), then a unit word; "and a half" may follow either.
_AMOUNT = lazyre.compile(
    r"(?:(?<![\d./])(?P<digits>\d+(?:\.\d+)?(?:/\d+)?)\s*|(?<![a-z])(?P<words>[a-z]+(?:-[a-z]+)?)\s+)"
    r"(?P<half1>and\s+a\s+half\s+)?(?P<unit>[a-z]+)(?![a-z])(?P<half2>\s+and\s+a\s+half)?"
)
_HALF = lazyre.compile(r"^(?:a\s+)?half\s+(?:an?\s+)?(?P<unit>[a-z]+)$")


def _number(token: str) -> Decimal:
    """A number written in digits, a fraction or English words (``twenty-five``)."""
    if re.fullmatch(r"\d+(?:\.\d+)?", token):
        return Decimal(token)
    if re.fullmatch(r"\d+/\d+", token):
        top, bottom = token.split("/")
        if int(bottom) == 0:
            raise InterpretError("a fraction over zero")
        return Decimal(int(top)) / Decimal(int(bottom))
    parts = token.split("-")
    if all(p in _NUMBER_WORDS for p in parts) and len(parts) <= 2:
        return Decimal(sum(_NUMBER_WORDS[p] for p in parts))
    raise InterpretError("not a number")


def _duration_parts(expression: str) -> list[tuple[Decimal, str]]:
    text = re.sub(r"\s+", " ", expression.lower()).strip(_EDGE_PUNCTUATION)
    text = re.sub(r"^(?:for|took|lasted|spent)\s+", "", text)
    if _APPROXIMATE.search(text):
        raise InterpretError("an approximate amount is not exact")
    clock = _CLOCK_DURATION.fullmatch(text)
    if clock:
        return [(Decimal(int(clock[1]) * 60 + int(clock[2])), "minutes")]
    half = _HALF.fullmatch(text)
    if half and half["unit"] in _UNIT_WORDS:
        return [(Decimal("0.5"), _UNIT_WORDS[half["unit"]])]
    parts: list[tuple[Decimal, str]] = []
    pos = 0
    for match in _AMOUNT.finditer(text):
        gap = text[pos : match.start()]
        if gap.strip(" ,") not in ("", "and"):
            raise InterpretError("words in the duration that are not an amount")
        unit = _UNIT_WORDS.get(match["unit"])
        if match["unit"] == "m" and parts and parts[-1][1] == "hours":
            unit = "minutes"  # "2h30m": after hours, a bare m can only be minutes
        if unit is None:
            raise InterpretError("not a unit of time")
        value = _number(match["digits"] or match["words"])
        if match["half1"] or match["half2"]:
            value += Decimal("0.5")
        if unit == "fortnights":
            value, unit = value * 2, "weeks"
        parts.append((value, unit))
        pos = match.end()
    if not parts or text[pos:].strip(" ,."):
        raise InterpretError("not a duration")
    return parts


def combine_duration(parts: list[tuple[Decimal, str]]) -> tuple[Decimal, str]:
    """Add amounts exactly, in the finest unit named; refuse to mix calendar months or years
    with minutes..weeks (a month is not a fixed number of days)."""
    units = {unit for _, unit in parts}
    if units <= EXACT_UNITS.keys():
        table = EXACT_UNITS
    elif units <= CALENDAR_UNITS.keys():
        table = CALENDAR_UNITS
    else:
        raise InterpretError(
            "months or years mixed with days or hours cannot be added exactly",
            code="inexact_duration_units",
        )
    finest = min(units, key=lambda u: table[u])
    total = sum((value * table[unit] for value, unit in parts), Decimal(0))
    return total / table[finest], finest


def interpret_duration(expression: str) -> Dated:
    """An exact amount of time, e.g. ``"2 hours 30 minutes"`` -> 150 minutes."""
    try:
        quantity, unit = combine_duration(_duration_parts(expression))
    except InvalidOperation:
        raise InterpretError("not a duration") from None
    return Dated(quantity=quantity, unit=unit, basis="duration")


# --------------------------------------------------------------------------- times of day

_TIME_OF_DAY = lazyre.compile(
    r"(?<![\d:])(?P<h>\d{1,2})(?::(?P<m>[0-5]\d))?\s*(?P<ap>a\.?m\.?|p\.?m\.?|o'clock)?"
    r"(?![\d:])|\b(?P<word>noon|midday|midnight)\b"
)


def _clock(match: re.Match[str]) -> time | None:
    word = match["word"]
    if word:
        return time(0, 0) if word == "midnight" else time(12, 0)
    hour, minute = int(match["h"]), int(match["m"] or 0)
    meridiem = (match["ap"] or "").replace(".", "")
    if meridiem in ("am", "pm"):
        if not 1 <= hour <= 12:
            return None
        hour = hour % 12 + (12 if meridiem == "pm" else 0)
    elif match["m"] is None and meridiem != "o'clock":
        return None  # a bare number is not a clock time
    if hour > 23:
        return None
    return time(hour, minute)


def interpret_time_of_day(expression: str) -> Dated:
    """Clock times for a schedule: "at 9am", "18:30", "9:30 p.m. and 4pm", "noon"."""
    times = []
    for match in _TIME_OF_DAY.finditer(expression.lower()):
        value = _clock(match)
        if value is not None:
            times.append(value)
    if not times:
        raise InterpretError("no clock time in the expression")
    return Dated(times=tuple(times), basis="time_of_day")


# --------------------------------------------------------------------------- entry point


def interpret(
    operand: Operand,
    record: EvidenceRecord,
    *,
    question_date: datetime,
    tz: tzinfo,
    resolver: ExpressionResolver | None = None,
) -> Dated:
    """What ``operand`` says about time, read according to its basis.

    Raises :class:`InterpretError` when the words do not date or measure anything exactly.
    ``resolver`` replaces :func:`prme_cli.timeexpr.resolve` (tests inject a fixed one).
    """
    basis = operand.time_basis
    if basis not in TIME_BASES:
        raise InterpretError("unknown time basis", code="unknown_basis")
    item_day = item_anchor(record.text, operand.quote, operand.time_expression)
    if item_day is not None:
        # a sentence of a dated list item ("- [2032-03-12 Fri] lunch. She started two weeks
        # ago"): its relative times and its "today" count from the item's stamp, not from
        # the note's own time (an org-roam node's file name, a heading's CLOSED)
        record = replace(record, event_time=item_day, event_source="keyword")
    if basis == "none":
        raise InterpretError("basis 'none' dates nothing")
    if basis == "event_time":
        return interpret_event_time(
            record, operand.quote, tz, name=operand.name, question_date=question_date
        )
    if not operand.time_expression.strip():
        raise InterpretError("empty time expression")
    if basis == "org_timestamp":
        return interpret_org_timestamp(operand.time_expression, tz)
    if basis == "text_expression":
        length = ongoing_length(operand.time_expression)
        if length is not None:
            # "(I've been learning Spanish) for three weeks now": it began three weeks before
            # the note; validation lets it date only the state's start
            problem = ongoing_problem(operand.quote, operand.time_expression)
            if problem:
                raise InterpretError(problem)
            return interpret_text_expression(
                f"{length} ago",
                record.event_time,
                question_date=question_date,
                tz=tz,
                resolver=resolver,
                period=heading_period(record) if item_day is None else None,
            )
        finished = finished_length(operand.time_expression)
        if finished is not None and finish_before(operand.quote, operand.time_expression):
            # "I just finished the novel in 12 days": it began about that long before the
            # note; validation lets it date only the activity's start
            problem = finished_problem(operand.quote, operand.time_expression)
            if problem:
                raise InterpretError(problem)
            return interpret_text_expression(
                f"about {finished} ago",
                record.event_time,
                question_date=question_date,
                tz=tz,
                resolver=resolver,
            )
        counted = _counted_from_before(operand, record, question_date=question_date, tz=tz)
        if counted is not None:
            return counted
        in_range = day_in_event_range(record, operand.time_expression, tz)
        period = heading_period(record) if item_day is None else None
        asked_past = yes_answer(record, operand.quote) is not None or is_answered_statement(
            record, operand.quote
        )
        problem = bare_day_problem(
            operand.quote,
            operand.time_expression,
            None if in_range is not None or period is not None else record.event_time,
            asked_past=asked_past,
            in_period=period is not None,
        )
        if in_range is not None and not problem:
            return in_range
        if problem:
            raise InterpretError(problem)
        return interpret_text_expression(
            operand.time_expression,
            record.event_time,
            question_date=question_date,
            tz=tz,
            resolver=resolver,
            coming=told_as_coming(operand.quote, operand.time_expression),
            period=period,
        )
    if basis == "duration":
        dated = interpret_duration(operand.time_expression)
        at = operand.quote.find(operand.time_expression)
        if at > 0 and _HEDGED_LENGTH.search(operand.quote[:at]):
            # "about two hours": the amount is approximate, however exact its words
            return replace(dated, approximate=True)
        return dated
    return interpret_time_of_day(operand.time_expression)


#: An event-date property giving a range of days (``:WHEN: [2035-04-27 Fri]--[2035-05-01
#: Tue]``, :data:`prme_cli.orgtime.EVENT_DATE_PROPERTIES`): its first and last day.
_EVENT_RANGE = lazyre.compile(
    r"^[ \t]*:(?P<key>[A-Za-z_]+):[ \t]+[<\[](?P<a>\d{4}-\d{2}-\d{2})[^\]>\n]*[\]>]"
    r"--[<\[](?P<b>\d{4}-\d{2}-\d{2})[^\]>\n]*[\]>][ \t]*$",
    re.MULTILINE,
)


def event_range(record: EvidenceRecord) -> tuple[date, date] | None:
    """The first and last day of the range an event-date property of the record gives, when
    that property dates the record (``event_source`` ``property``); else None."""
    from prme_cli.orgtime import EVENT_DATE_PROPERTIES

    if record.event_source != "property":
        return None
    for m in _EVENT_RANGE.finditer(record.whole_text):
        if m["key"].upper() in EVENT_DATE_PROPERTIES:
            first, last = date.fromisoformat(m["a"]), date.fromisoformat(m["b"])
            return (first, last) if first <= last else None
    return None


def day_in_event_range(record: EvidenceRecord, expression: str, tz: tzinfo) -> Dated | None:
    """A bare weekday ("on Sunday") or day of the month ("on the 29th") in an entry dated by
    an event-date range (a visit, a trip: ``:WHEN: [Fri]--[Tue]``) is the one such day inside
    the range: the range is when the entry's events happened, and its first day is no time of
    writing to count back from. None for any other expression or entry; an error when the
    range holds no such day or more than one."""
    weekday = bare_weekday(expression)
    month_day = bare_month_day(expression) if weekday is None else None
    if weekday is None and month_day is None:
        return None
    span = event_range(record)
    if span is None:
        return None
    first, last = span
    days = [
        first + timedelta(days=k)
        for k in range((last - first).days + 1)
        if (
            (first + timedelta(days=k)).weekday() == weekday
            if weekday is not None
            else (first + timedelta(days=k)).day == month_day
        )
    ]
    if len(days) != 1:
        raise InterpretError(
            f"'{expression.strip()}' in an entry dated {first} to {last}: "
            + ("no such day in that range" if not days else "more than one such day in it"),
            code="ambiguous_anchor",
        )
    start = _localize(datetime.combine(days[0], time()), tz)
    end = _localize(datetime.combine(days[0] + timedelta(days=1), time()), tz)
    return Dated(start=start, end=end, grain="day", basis="text_expression")


def _counted_from_before(
    operand: Operand, record: EvidenceRecord, *, question_date: datetime, tz: tzinfo
) -> Dated | None:
    """An expression that counts from a time told before it, read from that time
    (:func:`narrative_anchor`); None for any other expression."""
    from prme_cli import timeexpr

    expression = operand.time_expression
    if not timeexpr.counts_from_before(expression.strip(_EDGE_PUNCTUATION)):
        return None
    begin = record.text.find(operand.quote)
    inner = operand.quote.find(expression)
    if begin < 0 or inner < 0:
        raise InterpretError("the expression is not in the record", code="ambiguous_anchor")
    event = _event_counted_from(record.text, begin + inner, expression)
    if event:
        raise InterpretError(
            f"'{expression.strip()}' counts from the event told after it ('{event}'), not from"
            " a time told before it",
            code="ambiguous_anchor",
        )
    anchor = narrative_anchor(record, begin + inner, question_date=question_date, tz=tz)
    start, end, _ = _read_from(expression, anchor, question_date=question_date, tz=tz)
    return _window(start, end, basis="text_expression")


def _event_counted_from(text: str, at: int, expression: str) -> str:
    """The first words of the event an expression at ``text[at:]`` counts from, when the
    time engine reads it as an amount counted from an event named right after it ("the day
    after I opened the kiln", "two days before the storm": :func:`timeexpr.event_offsets`),
    else "". A phrase standing alone ("the day after.", "the day after, we …") counts from
    the time told before it."""
    from prme_cli import timeexpr

    end = at + len(expression.rstrip(_EDGE_PUNCTUATION))
    line = text.rfind("\n", 0, at) + 1
    newline = text.find("\n", end)
    stop = -1 if newline < 0 else text.find("\n", newline + 1)  # its line and the next
    window = text[line : len(text) if stop < 0 else stop]
    for piece in timeexpr.event_offsets(window):
        if line + piece.offset + piece.length == end:
            return " ".join(window[piece.event :].split()[:5]).rstrip(_EDGE_PUNCTUATION)
    return ""


_HEDGED_LENGTH = lazyre.compile(
    r"\b(?:about|around|roughly|approximately|approx|nearly|almost|over|under|more\s+than|"
    r"less\s+than|at\s+least|at\s+most|close\s+to|up\s+to|some)\s+$",
    re.IGNORECASE,
)
