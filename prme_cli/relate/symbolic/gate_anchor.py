"""The gate's own reading of a time counted from the one told before it.

"Emailed Prof. Oduya a one-page summary two days later" dates the email two days after the
time the entry told just before it (the dated list item above it), not after the note's own
date. Validation reads such a time with the time engine and the entry's sentences
(:func:`prme_cli.relate.interpret.narrative_anchor`); the gate checks the day it gives by a
method of its own, literal and narrow, sharing no word table with the resolver or the engine:

1. **The offset**, read from the expression's words by this module's own small grammar: an
   amount and a unit with "later", "after (that)", "afterwards" or "on"; "the next", "the
   following" or "the previous" day or part of the day; "that" or "the same" day or part of
   the day; "the day after"/"the day before"; "the following Monday". Anything else it does
   not read is no such time to this module (the other checks of the gate stand alone).
2. **The anchor**, read from the entry's text before the expression: the nearest dated
   thing — an org stamp or an ISO date (a heading's, a list item's, a sentence's), a month
   and a day written in words, or "on" and a weekday (the latest one before the note's day;
   none on that weekday itself) — with nothing time-like between it and the expression
   that this module cannot read ("this morning", "on Friday", "the day after the party"),
   no other item or second sentence between (a dated item's own sentences aside), no second
   date in its sentence, and not a range. With nothing time-like before it in the entry, the
   entry's own day, and only for a journal entry.
3. **The day**: the anchor moved by the offset must be the day validation reads for the
   operand; any disagreement, or an anchor this module cannot find, refuses.
"""

from __future__ import annotations

import re
from calendar import monthrange
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta

from prme_cli import lazyre, orgtime
from prme_cli.relate import interpret
from prme_cli.relate.period import heading_period, title_span
from prme_cli.relate.types import EvidenceRecord, Operand

_NUMBERS = {
    "a": 1,
    "an": 1,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
}
_UNITS = {"day": 1, "days": 1, "week": 7, "weeks": 7, "fortnight": 14, "fortnights": 14}
_PARTS = frozenset(["day", "morning", "afternoon", "evening", "night"])
#: The gate's own calendar words (shared by the gate's modules, never with the resolver).
DAY_NAMES = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
MONTH_NAMES = (
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

_AMOUNT_LATER = lazyre.compile(
    r"^(?P<n>\d+|[a-z]+)\s+(?P<unit>[a-z]+)\s+(?P<dir>later|afterwards?|after(?:\s+that)?|on|"
    r"earlier|before(?:\s+that)?)$"
)
_NEXT_PART = lazyre.compile(r"^the\s+(?P<rel>next|following|previous)\s+(?P<part>[a-z]+)$")
_SAME_PART = lazyre.compile(r"^(?:that|the\s+same|that\s+same)\s+(?P<part>[a-z]+)$")
_PART_AFTER = lazyre.compile(r"^the\s+(?P<part>[a-z]+)\s+(?P<rel>after|before)$")
_FOLLOWING_DAY_NAME = lazyre.compile(r"^the\s+(?:following|next)\s+(?P<name>[a-z]+)$")


@dataclass(frozen=True, slots=True)
class Offset:
    """How far from its anchor a counted time lies: ``days`` exactly, or (``weekday``) the
    first such weekday after the anchor."""

    days: int = 0
    weekday: int | None = None

    def apply(self, anchor: date) -> date:
        if self.weekday is not None:
            ahead = (self.weekday - anchor.weekday()) % 7 or 7
            return anchor + timedelta(days=ahead)
        return anchor + timedelta(days=self.days)


def offset_of(expression: str) -> Offset | None:
    """The offset ``expression`` counts from the time before it, or None when it is not such
    a time this module reads."""
    words = " ".join(re.findall(r"[a-z0-9]+", expression.lower()))
    m = _AMOUNT_LATER.match(words)
    if m is not None:
        count = int(m["n"]) if m["n"].isdigit() else _NUMBERS.get(m["n"])
        unit = _UNITS.get(m["unit"])
        if count is None or unit is None:
            return None
        sign = -1 if m["dir"].startswith(("earlier", "before")) else 1
        return Offset(days=sign * count * unit)
    m = _NEXT_PART.match(words)
    if m is not None and m["part"] in _PARTS:
        return Offset(days=-1 if m["rel"] == "previous" else 1)
    m = _SAME_PART.match(words)
    if m is not None and m["part"] in _PARTS:
        return Offset(days=0)
    m = _PART_AFTER.match(words)
    if m is not None and m["part"] in _PARTS:
        return Offset(days=1 if m["rel"] == "after" else -1)
    m = _FOLLOWING_DAY_NAME.match(words)
    if m is not None and m["name"] in DAY_NAMES:
        return Offset(weekday=DAY_NAMES.index(m["name"]))
    return None


#: The lines of an entry that tell no time of its narrative (the gate's own list).
_SKIPPED_LINE = lazyre.compile(
    r"^[ \t]*(?:#\+|:[A-Za-z_-]+:|(?:SCHEDULED|DEADLINE|CLOSED|CLOCK):|-[ \t]+State[ \t]|"
    r"(?:event_time|source|path)[ \t]*:)"
)
_ISO_DAY = lazyre.compile(
    r"\b(?P<day>\d{4}-\d{2}-\d{2})\b(?:[ \t]+(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\b)?",
    re.IGNORECASE,
)
_MONTH_WORD = "|".join(
    sorted({w for name in MONTH_NAMES for w in (name, name[:3], name[:4])}, key=len, reverse=True)
)
_MONTH_DAY = lazyre.compile(
    rf"\b(?:(?P<d1>\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?(?P<m1>{_MONTH_WORD})\.?|"
    rf"(?P<m2>{_MONTH_WORD})\.?\s+(?:the\s+)?(?P<d2>\d{{1,2}})(?:st|nd|rd|th)?)\b"
    r"(?:,?\s+(?P<y>\d{4})\b)?",
    re.IGNORECASE,
)


def names_a_month_day(text: str) -> bool:
    """Does ``text`` name a day of a month ("February 25th", "3 of May")? The gate's own
    reading, one table of month names for its modules."""
    return _MONTH_DAY.search(text) is not None


#: "on Wednesday", "on Thursday evening": in a past report the latest such day before the note
_ON_WEEKDAY = lazyre.compile(
    r"\bon\s+(?P<name>monday|tuesday|wednesday|thursday|friday|saturday|sunday)"
    r"(?:\s+(?:morning|afternoon|evening|night))?\b",
    re.IGNORECASE,
)
#: Words that make a stretch of text time-like when this module cannot read them.
_TIME_LIKE = lazyre.compile(
    r"\b(?:today|tonight|yesterday|tomorrow|morning|afternoon|evening|night|noon|midnight|"
    r"ago|later|earlier|before|after|afterwards|since|until|last|next|following|previous|"
    r"week|weekend|month|year|(?:mon|tues|wednes|thurs|fri|satur|sun)days?|"
    r"january|february|march|april|june|july|august|september|october|november|december|"
    r"\d{1,2}(?:st|nd|rd|th)|\d{1,2}[:.]\d{2}|\d{1,2}\s*(?:am|pm))\b",
    re.IGNORECASE,
)
#: Words right before a date that make it a bound or an aim ("for 20 March", "by the 3rd").
_AIMS = frozenset(
    ["for", "by", "until", "till", "since", "from", "to", "within", "before", "after", "due"]
)
#: Words that open a relative clause ("Ana, who moved here on 3 May").
_RELATIVE_WORDS = frozenset(["who", "whom", "whose", "which", "where", "when"])
_ITEM = lazyre.compile(r"^[ \t]*(?:[-+][ \t]|\d+[.)][ \t]|\|)", re.MULTILINE)
_SENTENCE_END = lazyre.compile(r"[.!?](?=\s)")
_ABBREVIATED = lazyre.compile(
    r"\b(?:Mr|Mrs|Ms|Dr|Prof|St|Jr|Sr|vs|etc|approx|No)\.$", re.IGNORECASE
)


def _visible(text: str) -> str:
    """``text`` with its skipped lines blanked, same length."""
    return "\n".join(
        " " * len(line) if _SKIPPED_LINE.match(line) else line for line in text.split("\n")
    )


def _sentence_ends(text: str) -> int:
    return sum(1 for m in _SENTENCE_END.finditer(text) if not _ABBREVIATED.search(text[: m.end()]))


def _month_day(m: re.Match[str], near: date) -> date | None:
    month_word = (m["m1"] or m["m2"] or "").lower()
    month = next(
        (i + 1 for i, name in enumerate(MONTH_NAMES) if month_word in (name, name[:3], name[:4])),
        None,
    )
    if month is None:
        return None
    day = int(m["d1"] or m["d2"])
    if not 1 <= day <= 31:
        return None
    if m["y"]:
        year = int(m["y"])
    else:
        # the one on or before the entry's day, within the year before it
        year = near.year if (month, day) <= (near.month, near.day) else near.year - 1
    if day > monthrange(year, month)[1]:
        return None
    return date(year, month, day)


def anchor_day(record: EvidenceRecord, at: int) -> tuple[date | None, str]:
    """The day the time at offset ``at`` of ``record.text`` counts from, or (None, why)."""
    text = _visible(record.text)
    before = text[:at]
    near = record.event_time.date() if record.event_time is not None else None
    found: list[tuple[int, int, date | None, str]] = []
    line_at = 0
    for line in before.split("\n"):
        pos = 0
        for stamp in orgtime.find_timestamps(line):  # the one org timestamp reader
            a = line.find(stamp.raw, pos)
            if a < 0 or stamp.start is None:
                continue
            pos = a + len(stamp.raw)
            kind = "range" if stamp.kind == "range" else "stamp"
            found.append((line_at + a, line_at + pos, stamp.start.date(), kind))
        line_at += len(line) + 1
    for m in _ISO_DAY.finditer(before):
        if not any(a <= m.start() < b for a, b, _, _ in found):
            found.append((m.start(), m.end(), _day(m["day"]), "stamp"))
    span = title_span(record)
    if span is not None:
        # a trip's own range: "on Saturday" is the Saturday inside it
        found += _days_in_period(before, span)
    elif near is not None:
        for m in _MONTH_DAY.finditer(before):
            day = _month_day(m, near)
            if day is not None:
                found.append((m.start(), m.end(), day, "words"))
        for m in _ON_WEEKDAY.finditer(before):
            back = (near.weekday() - DAY_NAMES.index(m["name"].lower())) % 7
            # on the note's own weekday, "on Wednesday" may be today or a week ago
            found.append(
                (m.start(), m.end(), near - timedelta(days=back) if back else None, "words")
            )
    elif (span := heading_period(record)) is not None:
        found += _days_in_period(before, span)
    found.sort()
    last_end = found[-1][1] if found else 0
    unread = [m for m in _TIME_LIKE.finditer(before, last_end)]
    if unread:
        return None, f"'{unread[-1].group()}' before it is a time the gate does not read"
    if not found:
        if record.event_time is not None and interpret.is_journal_entry(record):
            return record.event_time.date(), ""
        return None, "nothing dated before it in its entry"
    start, end, day, kind = found[-1]
    if kind == "range":
        return None, "it counts from a range"
    lead = before[max(0, start - 12) : start].lower().split()
    if lead and lead[-1] in _AIMS or lead[-2:-1] and lead[-2] in _AIMS and lead[-1] == "the":
        return None, f"the date before it follows '{lead[-1]}': a bound or an aim"
    if day is None:
        return None, "the date before it cannot be read"
    line_start = before.rfind("\n", 0, start) + 1
    dated_item = bool(_ITEM.match(before[line_start:start] + " ")) and not before[
        line_start:start
    ].strip(" \t-+|[<")
    between = before[end:]
    items = len(_ITEM.findall(between))
    here = before.rfind("\n") + 1
    own_item = bool(_ITEM.match(before[here:]))
    if items > (1 if own_item else 0) or (items and not dated_item and not own_item):
        return None, "another item stands between the date and the expression"
    if not dated_item and _sentence_ends(between) > 1:
        return None, "another sentence stands between the date and the expression"
    if not dated_item and "\n\n" in between.replace(" ", ""):
        return None, "another paragraph stands between the date and the expression"
    sentence_start = max(
        [line_start]
        + [m.end() for m in _SENTENCE_END.finditer(before, 0, start) if m.end() >= line_start]
    )
    if any(
        w in _RELATIVE_WORDS for w in re.findall(r"[a-z]+", before[sentence_start:start].lower())
    ):
        return None, "the date before it may be a relative clause's"
    rivals = [f for f in found[:-1] if f[0] >= sentence_start and f[2] != day]
    if rivals:
        return None, "two dates before it disagree"
    return day, ""


#: "on the 4th", "on Tuesday the 10th": a day named by its number in the month.
_ON_DAY_NUMBER = lazyre.compile(
    r"\bon\s+(?:(?P<name>monday|tuesday|wednesday|thursday|friday|saturday|sunday)\s+)?"
    r"the\s+(?P<d>\d{1,2})(?:st|nd|rd|th)\b",
    re.IGNORECASE,
)


def _days_in_period(
    before: str, span: tuple[datetime, datetime, str]
) -> list[tuple[int, int, date | None, str]]:
    """The days an entry dated only by a week's or a month's heading names before the
    expression: "on the 4th", "on Wednesday", a month and a day — each the one such day
    inside the period, or None (unreadable) when the period holds none or several."""
    first, last = span[0].date(), (span[1] - timedelta(days=1)).date()
    days = [first + timedelta(days=k) for k in range((last - first).days + 1)]
    out: list[tuple[int, int, date | None, str]] = []

    def only(fits: list[date]) -> date | None:
        return fits[0] if len(fits) == 1 else None

    for m in _ON_DAY_NUMBER.finditer(before):
        number = int(m["d"])
        fits = [d for d in days if d.day == number]
        if m["name"]:
            fits = [d for d in fits if DAY_NAMES[d.weekday()] == m["name"].lower()]
        out.append((m.start(), m.end(), only(fits), "words"))
    for m in _MONTH_DAY.finditer(before):
        day = _month_day(m, last)
        out.append((m.start(), m.end(), day if day in days or m["y"] else None, "words"))
    for m in _ON_WEEKDAY.finditer(before):
        if any(a <= m.start() < b for a, b, _, _ in out):
            continue
        fits = [d for d in days if DAY_NAMES[d.weekday()] == m["name"].lower()]
        out.append((m.start(), m.end(), only(fits), "words"))
    return out


def _day(text: str) -> date | None:
    try:
        return date.fromisoformat(text)
    except ValueError:
        return None


#: "the day after I opened the kiln", "two days before the storm": a word (not a
#: conjunction or punctuation) right after a closing "after"/"before" is its object.
_PREPOSITION_THEN_OBJECT = lazyre.compile(
    r"\b(?:after|before)\s+(?!(?:and|but|or|so|then|too|again|also)\b)[a-z]", re.IGNORECASE
)


def _object_follows(expression: str, text_from_it: str) -> bool:
    """Does the expression end in "after"/"before" with an object after it in the text?"""
    if not re.search(r"\b(?:after|before)\W*$", expression, re.IGNORECASE):
        return False
    cut = len(expression.rstrip(" \t\n,.;:!?"))
    m = _PREPOSITION_THEN_OBJECT.search(text_from_it, max(cut - 6, 0))
    return m is not None and m.start() < cut


def check(operand: Operand, record: EvidenceRecord) -> tuple[float, str]:
    """(cap, why) for a text-dated operand whose expression counts from the time before it
    or from an event named after it; (1.0, "") for any other operand."""
    begin = record.text.find(operand.quote)
    inner = operand.quote.find(operand.time_expression)
    if (
        begin >= 0
        and inner >= 0
        and _object_follows(operand.time_expression, record.text[begin + inner :])
    ):
        return 0.2, (
            f"'{operand.time_expression.strip()}' counts from the event named after it, not from a"
            " time told before it"
        )
    offset = offset_of(operand.time_expression)
    if offset is None:
        return 1.0, ""
    if begin < 0 or inner < 0:
        return 0.0, "the expression is not in the record"
    day, why = anchor_day(record, begin + inner)
    if day is None:
        return 0.2, f"what '{operand.time_expression}' counts from: {why}"
    expected = offset.apply(day)
    written = record.event_time or datetime.combine(day, datetime.min.time())
    try:
        dated = interpret.interpret(
            operand, record, question_date=written.replace(tzinfo=UTC), tz=UTC
        )
    except interpret.InterpretError as exc:
        return 0.2, f"validation does not read '{operand.time_expression}': {exc}"
    if dated.start is None or dated.start.date() != expected:
        return 0.2, (
            f"'{operand.time_expression}' counted from {day.isoformat()} is "
            f"{expected.isoformat()}, not the day read"
        )
    return 1.0, ""
