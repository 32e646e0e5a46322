"""Why prme's reading of a corpus expression differs from the corpus: one class per convention.

``bench_timex.py`` runs the corpus's own ``score.py``; this module re-reads the same expressions
in process and sorts every difference the scorer counts into the README's documented
conventions (prme keeps SPEC §4.2 where the reference project reads otherwise), or into
``other`` — a difference no convention explains, which is a defect or a missing rule. A class
applies only when the corpus value is what prme's reading becomes under the reference
project's convention (e.g. ``range end``: same start, and the end one unit earlier), so a
wrong day is never explained away.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta

#: the classes, in the order they are tried and printed, with the README's wording
CLASSES: dict[str, str] = {
    "open start": "an open start (`before 2018`) is null: the scorer cannot score it",
    "range end": "ranges in words include their end (the corpus ends them one unit before)",
    "parts of the day": "SPEC's parts of the day (morning 04-12 …; the corpus 08-12 …) and meals",
    "waking hours": "an hour without am/pm is in waking hours (the corpus lists 3:00 first)",
    "widened": "vague words widen the window (the corpus keeps the bare time)",
    "past-leaning": "bare names, dates and anchors are the most recent, today counting (the corpus picks a later one)",
    "last weekday": "`last friday` is the most recent before today (the corpus: last week's)",
    "edges": "beginning/middle/end and early/mid/late are thirds (the corpus: halves)",
    "later/earlier this": "`later this week` is the rest after today (the corpus: a half)",
    "now": "`now` and `to date` in a range end now (the corpus: where today begins)",
    "after a day": "`after X` starts when X ends (the corpus: when it starts)",
    "weekday mismatch": "the corpus date is not on the weekday written beside it",
    "bare number": "a bare number (`18`, `6`) is refused: an hour? a day?",
    "zone": "a zone after a clock time is converted to `--tz` (the corpus ignores it)",
    "set": "a recurrence (`every week`) is a time (the corpus marks none)",
    "nearest weekday date": "a weekday beside a day of the month is the nearest such day, before or after (the corpus lists both; its scorer picks the earlier)",
    "one expression": "one expression where the corpus marks two (`christmas eve at 6 p.m.`)",
    "annotation": "the corpus marks a time in a sentence it calls negative",
    "other": "not explained by a convention: a missing rule or a defect",
}

_PARTS = re.compile(
    r"\b(morning|mornings|afternoon|evening|evenings|night|nights|night-time|nighttime|tonight|"
    r"tonite|daytime|day|am|pm|lunch|lunchtime|dinner|dinnertime|breakfast|supper|brunch)\b",
    re.IGNORECASE,
)
_HEDGE = re.compile(
    r"\b(around|about|approximately|approx|roughly|circa|ca|or so)\b|ish\b", re.IGNORECASE
)
_FUTURE = re.compile(
    r"\b(next|coming|upcoming|following|from now|tomorrow|tmrw|later|hence|after next)\b|\bin \d",
    re.IGNORECASE,
)
_EDGE = re.compile(
    r"\b(beginning|start|middle|mid|end|early|late|eo[dwmqy]|bo[dwmqy]|so[dwmqy])\b", re.IGNORECASE
)
#: what says morning or afternoon of an hour ("o'clock" does not: "7 o'clock" is either)
_MERIDIEM = re.compile(r"\b(a\.?\s?m|p\.?\s?m|noon|midnight)\b|\d(am|pm|a|p)\b", re.IGNORECASE)
#: zone names people write after a clock time (prme reads these and converts them)
_ZONE = re.compile(
    r"\d\s*(a\.?m\.?|p\.?m\.?)?\s*(utc|gmt|[ecmp][sd]?t|cet|cest|bst|aest)\b", re.IGNORECASE
)
#: a weekday and a bare day of the month ("Mon 13th", "Sunday 31", "friday the 26th")
_WEEKDAY_DAY = re.compile(
    r"^\s*(mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?,?\s+(the\s+)?\d{1,2}(st|nd|rd|th)?\s*$"
)
_WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]


def _parse(value: str | None) -> datetime | None:
    if not value:
        return None
    if "T" not in value:
        return None
    return datetime.fromisoformat(value[:19])


def _clock(value: str | None) -> str:
    return (value or "").split("T")[-1][:5]


def _one_unit_later(mine: datetime, theirs: datetime) -> bool:
    """Whether ``mine`` is one calendar unit (day, week, month, quarter, year) after ``theirs``."""
    if mine <= theirs or mine.time() != theirs.time():
        return False
    if mine - theirs in (timedelta(days=1), timedelta(days=7)):
        return True
    months = (mine.year - theirs.year) * 12 + mine.month - theirs.month
    return mine.day == theirs.day and months in (1, 3, 12)


def classify(
    kind: str,
    text: str,
    got_start: str | None,
    got_end: str | None,
    values: list[dict],
    ref: str,
    found: str | None = None,
) -> str:
    """The convention that explains why ``[got_start, got_end)`` differs from every reading
    in ``values`` (the corpus's), or ``other``. In running text ``found`` is the expression
    prme found over the corpus's span (it may reach further: "Friday, between 9-6 PT")."""
    starts = [v for v in values if v.get("start")]
    if found is not None and len(found) > len(text) and text.lower() in found.lower():
        gs_ = _parse(got_start)
        for v in starts:
            ws_ = _parse(v["start"])
            if gs_ is not None and ws_ is not None and gs_.date() == ws_.date():
                return "one expression"  # the same day, read with what follows it
        text = found
    low = text.lower()
    if not got_start or not starts:
        if not starts or re.search(r"\b(before|until|till|no later than|as late as)\b|<", low):
            return "open start"
        if re.fullmatch(r"\s*\d{1,2}\s*", text):
            return "bare number"
        named = [d for d, name in enumerate(_WEEKDAYS) if re.search(rf"\b{name[:3]}", low)]
        dates = [_parse(v["start"]) for v in starts]
        if (
            named
            and re.search(r"\d+/\d+", low)
            and all(d is not None and d.weekday() not in named for d in dates)
        ):
            return "weekday mismatch"  # refused: the date written is not on that weekday
        return "other"
    gs, ge = _parse(got_start), _parse(got_end)
    reference = datetime.fromisoformat(ref[:19])
    clock_kind = kind in ("time", "timerange")
    for v in starts:
        ws, we = _parse(v["start"]), _parse(v.get("end"))
        same_start = (
            _clock(got_start) == _clock(v["start"])
            if clock_kind or ws is None
            else (gs is not None and gs == ws)
        )
        if same_start and ge is not None and we is not None and _one_unit_later(ge, we):
            if re.search(r"\bnow\b|\bto date\b|current date", low):
                return "now"
            return "range end"
        ends_now = re.search(r"\bnow\b|\bto date\b|current date", low) and ge == reference
        if same_start and ge is not None and we is not None and ge > we and ends_now:
            return "now"
    if any(name in low for name in _WEEKDAYS) or re.search(
        r"\b(mon|tue|wed|thu|fri|sat|sun)\b", low
    ):
        for v in starts:
            ws = _parse(v["start"])
            named = [d for d, name in enumerate(_WEEKDAYS) if name[:3] in low]
            if (
                ws is not None
                and named
                and ws.weekday() not in named
                and gs
                and gs.weekday() in named
            ):
                return "weekday mismatch"
    if _PARTS.search(low) and not re.search(r"\d+\s*-\s*\d+", low):
        for v in starts:
            ws = _parse(v["start"])
            if clock_kind or ws is None or (gs is not None and gs.date() == ws.date()):
                return "parts of the day"
    if not _MERIDIEM.search(low):
        for v in starts:
            hours = int(_clock(got_start)[:2] or 0) - int(_clock(v["start"])[:2] or 0)
            same_minutes = _clock(got_start)[3:] == _clock(v["start"])[3:]
            ws = _parse(v["start"])
            same_day = clock_kind or ws is None or (gs is not None and gs.date() == ws.date())
            if abs(hours) == 12 and same_minutes and same_day:
                return "waking hours"
    if _ZONE.search(low):
        for v in starts:
            gh, wh = _clock(got_start)[:2], _clock(v["start"])[:2]
            if gh.isdigit() and wh.isdigit() and _clock(got_start)[3:] == _clock(v["start"])[3:]:
                return "zone"
    if _HEDGE.search(low):
        for v in starts:
            ws = _parse(v["start"])
            if ws is None and clock_kind:
                return "widened"
            if ws is not None and gs is not None and ge is not None and gs <= ws < ge:
                return "widened"
    if re.search(r"\b(later|earlier) (this|in the|previous|last|next)\b", low):
        return "later/earlier this"
    if re.search(r"\b(last|previous)\b", low) and any(name[:3] in low for name in _WEEKDAYS):
        for v in starts:
            ws = _parse(v["start"])
            if ws is not None and gs is not None and gs - ws == timedelta(days=7):
                return "last weekday"
    if _EDGE.search(low):
        for v in starts:
            ws = _parse(v["start"])
            if ws is not None and gs is not None and abs((gs - ws).days) <= 200:
                return "edges"
    if re.search(r"\bafter\b", low):
        for v in starts:
            ws = _parse(v["start"])
            if ws is not None and gs is not None and _one_unit_later(gs, ws):
                return "after a day"
    if not _FUTURE.search(low) and gs is not None and gs.date() <= reference.date():
        later = [v for v in starts if (_parse(v["start"]) or reference) > reference]
        if later and len(later) == len(starts):
            return "past-leaning"
    if not _FUTURE.search(low) and gs is not None:
        for v in starts:
            ws = _parse(v["start"])
            if ws is None:
                continue
            if gs.date() == reference.date() and gs - ws == timedelta(days=7):
                return "past-leaning"  # today counts: "Monday 8-9am" on a Monday is today's
            if abs((ws - gs).days - 364) <= 7:
                return "past-leaning"  # the anchor is the most recent ("after Christmas")
    if (
        _WEEKDAY_DAY.search(low)
        and gs is not None
        and any(_parse(v["start"]) == gs for v in starts)
    ):
        return "nearest weekday date"  # "Mon 13th": prme's is one of the corpus's readings
    return "other"
