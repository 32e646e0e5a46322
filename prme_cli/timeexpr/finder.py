"""Finding time expressions in running text (SPEC §4.4).

The same grammar reads a note: at each token that can start an expression the longest reading
that resolves wins, so ``a week before Black Friday`` is one expression, not three. A few
words look like time only by accident, and are found only when the context makes them time:

- ``may`` and ``march`` (verbs), ``fall`` and ``spring``, ``sun``/``sat``/``wed`` and the other
  short day names, a lone year-like number (``2000 words``): a bare reading of one of them
  needs a word of time before it (``in May``, ``last March``, ``since 2019``, ``on Sat``);
- ``a second``/``a minute``/``one day`` as idioms (``a second opinion``, ``one day I will``)
  are not durations;
- a capitalised short day name followed by another capitalised word is a name (``Sun
  Microsystems``).

A relative expression after another one (``two days later``, ``the next morning``, ``the
following Monday``) is anchored at the previous expression's window.
"""

from __future__ import annotations

from calendar import monthrange
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import TYPE_CHECKING

from prme_cli.timeexpr import calendar as cal
from prme_cli.timeexpr import grammar, interpret
from prme_cli.timeexpr import lexicon as lx
from prme_cli.timeexpr import nodes as n
from prme_cli.timeexpr.records import Record, set_field
from prme_cli.timeexpr.tokens import Token, tokenize

if TYPE_CHECKING:
    from decimal import Decimal


@dataclass(init=False, repr=False, eq=False, slots=True)
class Found(Record):
    """One time expression found in free text (SPEC §4.4): where it is and what it means.

    ``offset`` and ``length`` are characters within the text. ``kind`` is ``point``,
    ``interval``, ``duration`` or ``set``; a duration carries ``seconds`` and no window. A
    frozen record (:mod:`~prme_cli.timeexpr.records`).
    """

    offset: int
    length: int
    text: str
    kind: str
    start: datetime | None
    end: datetime | None
    grain: str | None
    approximate: bool = False
    seconds: Decimal | None = None

    def __init__(
        self,
        offset: int,
        length: int,
        text: str,
        kind: str,
        start: datetime | None,
        end: datetime | None,
        grain: str | None,
        approximate: bool = False,
        seconds: Decimal | None = None,
    ) -> None:
        set_field(self, "offset", offset)
        set_field(self, "length", length)
        set_field(self, "text", text)
        set_field(self, "kind", kind)
        set_field(self, "start", start)
        set_field(self, "end", end)
        set_field(self, "grain", grain)
        set_field(self, "approximate", approximate)
        set_field(self, "seconds", seconds)


@dataclass(init=False, repr=False, eq=False, slots=True)
class EventOffset(Record):
    """An amount counted from an event the text names right after it: ``two days after the
    party``, ``a week before the move``, ``the day after I opened the kiln``. It has no time
    of its own (the event's day is not told by it), so :func:`find_all` dates nothing of it;
    it is reported apart, as one piece, for a reader who must know that the words are a time
    counted from an event and not from the time told before them. ``offset``/``length`` are
    the amount with its preposition (``two days after``) in the text; ``event`` is where the
    words naming the event begin (a frozen record)."""

    offset: int
    length: int
    text: str
    event: int

    def __init__(self, offset: int, length: int, text: str, event: int) -> None:
        set_field(self, "offset", offset)
        set_field(self, "length", length)
        set_field(self, "text", text)
        set_field(self, "event", event)


#: words after which a bare month, season, short day name or year is a time
_TIME_LEAD = {
    "in",
    "on",
    "of",
    "since",
    "until",
    "till",
    "by",
    "before",
    "after",
    "during",
    "last",
    "next",
    "this",
    "early",
    "late",
    "mid",
    "from",
    "to",
    "through",
    "between",
    "and",
    "every",
    "each",
    "past",
    "coming",
    "that",
    "year",
    "around",
    "about",
    "circa",
    "throughout",
    "for",
    "at",
    "starting",
    "beginning",
    "end",
    "as",
    "than",
    "(",
    "/",
    "ending",
    "following",
    "previous",
    "spring",
    "summer",
    "autumn",
    "fall",
    "winter",
}
#: words that are also everyday English: a bare reading of one needs a word of time before it
#: ("tue", "thu", "fri", "thurs" are nothing else and need none)
_AMBIGUOUS = {
    "may",
    "march",
    "fall",
    "spring",
    "sun",
    "sat",
    "wed",
    "mon",
    "mar",
    "jan",
    "jun",
    "jul",
    "aug",
    "sep",
    "oct",
    "nov",
    "dec",
    "feb",
    "apr",
    "sept",
    "now",
    "second",
    "present",
    "current",
    "august",
    "summer",
    "winter",
    "autumn",
    "tu",
}
_MONTH_LEAD = {
    "in",
    "of",
    "since",
    "until",
    "till",
    "early",
    "late",
    "mid",
    "by",
    "from",
    "to",
    "through",
    "during",
    "before",
    "after",
    "last",
    "next",
    "every",
    "each",
}
#: words before a capitalised "May release", "March offsite" that make it the month
_DETERMINERS = {"the", "a", "an", "our", "my", "your", "their", "his", "her", "its", "each"}
_ORDINAL_LEAD = {"on", "by", "since", "until", "till", "from", "before", "after", "through"}
_IDIOM_DURATIONS = {"second", "minute", "day", "moment", "night", "year"}
_SENTENCE_END = {".", "!", "?", ";"}
_MAX_SPAN = 24
#: how far ahead of a start position a time-bearing word must be ("in a couple of days")
_CORE_REACH = 4


def _core(tok: Token) -> bool:
    if tok.kind in ("num", "org", "iso"):
        return True
    if tok.kind == "sym":
        return tok.value in "@\u00bd\u00bc"
    return tok.value in lx.CORE_WORDS or tok.value.removesuffix("'s") in lx.CORE_WORDS


def _startable(tok: Token) -> bool:
    if tok.kind in ("num", "org", "iso"):
        return True
    if tok.kind == "sym":
        return tok.value in "@+-<>=\u00bd\u00bc'"
    word = tok.value.removesuffix("'s")
    if tok.value in lx.NEVER_FIRST:
        return False
    return word in lx.VOCABULARY or tok.value in lx.VOCABULARY or word in lx.HOLIDAY_FIRST_WORDS


#: per word (and symbol) seen, whether it carries time (:func:`_core`), may begin a reading
#: (:func:`_startable`), and is prose (neither: no reading holds it): a note repeats the
#: same few hundred words, so each is looked up in the lexicon once
_TOKEN_CLASS: dict[str, tuple[bool, bool, bool]] = {}
_TIME_TOKEN = (True, True, False)  # a number, an org timestamp, an ISO datetime


def _classes(toks: list[Token]) -> list[tuple[bool, bool, bool]]:
    """:func:`_core`, :func:`_startable` and whether it is prose, for each token."""
    table = _TOKEN_CLASS
    out = []
    for tok in toks:
        kind = tok.kind
        if kind in ("num", "org", "iso"):
            out.append(_TIME_TOKEN)
            continue
        key = tok.value if kind == "word" else "\x00" + tok.value
        found = table.get(key)
        if found is None:
            startable = _startable(tok)
            prose = kind == "word" and not startable and tok.value not in lx.VOCABULARY
            found = (_core(tok), startable, prose)
            if len(table) < 50_000:
                table[key] = found
        out.append(found)
    return out


def _may_start(toks: list[Token], i: int) -> bool:
    """A cheap look at the token after a start position, for starts that read only one way:
    a sign or an apostrophe starts a reading only glued to what follows (``-7d``, ``'74``),
    ``on`` only ``on fridays`` (``on Monday`` is found at ``Monday``), ``to`` only ``to date``."""
    tok = toks[i]
    after = toks[i + 1] if i + 1 < len(toks) else None
    if tok.kind == "sym" and tok.value in "+-'<>=":
        return after is not None and (after.glued or tok.value in "<>=")
    if tok.kind == "word" and tok.value == "on":
        if after is not None and after.value == "or":  # "on or before june 1"
            return i + 2 < len(toks) and toks[i + 2].value in ("before", "after")
        return after is not None and after.value in lx.WEEKDAY_PLURALS
    if tok.kind == "word" and tok.value == "to":
        return after is not None and after.value == "date"
    if tok.kind == "word" and tok.value in ("may", "march") and tok.text.islower():
        # every reading of a lowercase "may"/"march" is refused unless a day follows or a
        # word of time comes before (see _plausible): no need to read them
        lead = toks[i - 1].value if i > 0 else ""
        return lead in _MONTH_LEAD or (
            after is not None
            and (after.kind == "num" or (tok.value == "march" and after.value in lx.ORDINAL_WORDS))
        )
    if tok.kind == "word" and tok.value == "last" and i > 0 and _verb_last(toks[i - 1].value):
        return False  # "the meeting will last two hours": the verb, then how long
    if tok.kind == "word" and tok.value == "about" and i > 0:
        return toks[i - 1].value not in ("how", "what")  # "how about 2019 Q1": a suggestion
    if tok.kind == "num" and after is not None and after.kind == "word" and not after.glued:
        # "2000 pages", "the 5 of us": a number before a word that is no time word reads
        # only as a bare number, year or hour, which needs a word of time before it
        before = toks[i - 1] if i > 0 else None
        if after.value not in lx.VOCABULARY and (before is None or before.value not in _TIME_LEAD):
            return after.value.removesuffix("'s") in lx.VOCABULARY
    return True


#: words after which "last" is the verb ("will last two hours", "didn't last a week")
_AUXILIARIES = {
    "will", "would", "should", "shall", "can", "could", "may", "might", "must", "to", "did",
    "does", "do", "won't", "wouldn't", "shouldn't", "can't", "cannot", "couldn't", "didn't",
    "doesn't", "don't", "mustn't", "never", "not", "ever", "usually", "rarely", "only",
}  # fmt: skip


def _verb_last(before: str) -> bool:
    return before in _AUXILIARIES or before.endswith("'ll")


def _sentence_ends(toks: list[Token]) -> list[int]:
    """For each position, how many sentence ends come before it (a full stop after "p",
    "Dec", "Tue" is an abbreviation; one glued to what follows is inside a word): a reading
    from ``i`` to ``j`` crosses a sentence when the counts at ``i`` and ``j - 1`` differ."""
    counts = [0]
    for k, tok in enumerate(toks):
        end = False
        if tok.kind == "sym" and tok.value in _SENTENCE_END and k + 1 < len(toks):
            before = toks[k - 1] if k > 0 else None
            abbreviation = (
                tok.value == "."
                and before is not None
                and before.kind == "word"
                and (
                    len(before.value) == 1
                    or before.value in lx.MONTHS
                    or before.value in lx.WEEKDAYS
                )
            )  # "3 p . m .", "Dec. 31", "Tue. 9am"
            end = not toks[k + 1].glued and not abbreviation
        counts.append(counts[-1] + end)
    return counts


def _named_month(toks: list[Token], i: int, j: int) -> bool:
    """A capitalised ``May`` or ``March`` after a determiner is the month, used as a modifier
    ("the May release", "our March offsite"); a verb ("will March") or a name ("Theresa May",
    "the March Hare") is not."""
    tok = toks[i]
    if tok.value not in ("may", "march") or not tok.text[:1].isupper() or i == 0:
        return False
    before = toks[i - 1]
    after = toks[j] if j < len(toks) else None
    if before.kind != "word" or before.value not in _DETERMINERS:
        return False
    return after is not None and after.kind == "word" and after.text.islower()


#: the words of a range of two bare numbers ("from 3 to 4", "between 9 and 5", "9-5")
_RANGE_WORDS = {"from", "between", "to", "and", "till", "until", "til", "through", "thru", "-"}


#: past forms that do not end in -ed, after which "in 27 minutes" is how long it took
_PAST_FORMS = {
    "ran", "run", "did", "done", "swam", "rode", "drove", "flew", "took", "made", "wrote",
    "written", "got", "won", "ate", "built", "read", "sold", "cut", "met", "went", "came",
}  # fmt: skip


def _how_long(toks: list[Token], i: int, past_anchor: bool = False) -> bool:
    """``in N units`` in a clause that tells a deed in the past or a measure ("we finished the
    report in two days", "ran 5k in 27 minutes") is how long it took, not an instant from now:
    a length dates nothing, where a wrong instant would date the sentence wrongly. A clause
    with a word of the future or the present ("I'll be done in 10 minutes") keeps the instant.
    ``past_anchor``: the sentence has already been dated in the past ("Yesterday's run: …")."""
    if toks[i].value != "in" or i == 0:
        return False
    before = toks[i - 1]
    if (
        i > 1
        and toks[i - 2].kind == "num"
        and before.kind == "word"
        and (before.glued or before.value in _MEASURES)
    ):
        return True  # "5k in 27 minutes", "10 km in an hour": a measure, then how long
    past = past_anchor
    for k in range(i - 1, max(-1, i - 12), -1):
        tok = toks[k]
        if tok.kind == "sym" and tok.value in ".;:!?,":
            break
        word = tok.value
        if word in _NOT_PAST or word.endswith("'ll"):
            return False
        if word in _PAST_FORMS or (len(word) > 4 and word.endswith("ed") and word != "need"):
            past = True
    return past


#: words after a number that make it an amount of something rather than a clock time or a
#: day ("interest at 6.45 percent", "up 2.5 points", "it was 9.30 dollars")
_QUANTITY_WORDS = {
    "percent", "per", "pct", "%", "degrees", "degree", "\u00b0", "dollars", "dollar", "euros",
    "euro", "pounds", "quid", "cents", "pence", "p.c.", "points", "pts", "bps", "basis",
    "kg", "kgs", "kilos", "grams", "lbs", "mph", "kph", "km/h", "feet", "ft", "inches",
    "litres", "liters", "times", "fold", "bucks", "yen", "francs", "rupees",
}  # fmt: skip


def _counts_a_quantity(toks: list[Token], j: int) -> bool:
    """Whether the reading ending before ``toks[j]`` ends in a number that the next word
    measures: a number followed by a unit of amount is that amount ("mortgages were at 6.45
    percent"), however a lead word before it ("at") made it look like a clock time."""
    if j == 0 or j >= len(toks) or toks[j - 1].kind != "num":
        return False
    after = toks[j]
    return after.value in _QUANTITY_WORDS and (after.kind == "word" or after.value == "%")


#: units of distance and count that a length of time measures ("5 km in 31 minutes")
_MEASURES = {"k", "km", "kms", "kilometres", "kilometers", "mi", "mile", "miles", "m",
             "metres", "meters", "laps", "lengths"}  # fmt: skip

#: words that make a clause's "in 2 hours" a time from now
_NOT_PAST = {"will", "shall", "going", "gonna", "be", "am", "is", "are", "'m", "can", "let's"}


def _bare_range(node: n.Node) -> bool:
    """Two bare days of no month, or two bare hours of no day, part or am/pm."""
    if isinstance(node, n.Between) and node.tail is None:
        return isinstance(node.first, n.DayNum) and isinstance(node.last, n.DayNum)
    if isinstance(node, n.Moment) and node.day is None and node.part is None:
        span = node.time
        return isinstance(span, n.ClockRange) and not (
            span.first.exact or span.last.exact or span.first.meridiem or span.last.meridiem
        )
    return False


def _bare(node: n.Node) -> bool:
    """A reading that is one bare name (no day, no year, no relation)."""
    if isinstance(node, n.Month):
        return node.year is None and node.relation == ""
    if isinstance(node, n.Season):
        return node.year is None and node.relation == ""
    if isinstance(node, n.Weekday):
        return node.relation == "" and node.count == 0
    if isinstance(node, n.Year):
        return True
    return bool(isinstance(node, (n.Now, n.Period)))


def _inside_a_word(node: n.Node, toks: list[Token], i: int, j: int) -> bool:
    """Whether ``toks[i:j]`` is part of a longer run of letters, digits and joiners: an id,
    a URL, a phone number (``cc23-413d``, ``138-2010-2015``, ``~3am3io``)."""

    def alnum(k: int) -> bool:
        return 0 <= k < len(toks) and toks[k].kind in ("word", "num")

    def joiner(k: int) -> bool:
        return 0 <= k < len(toks) and toks[k].kind == "sym" and toks[k].value in "-/._~#"

    year_first = toks[i].kind == "num" and len(toks[i].value) in (4, 8)
    if isinstance(node, n.Date) and node.year is not None and year_first:
        return False  # a dated file name: report-2018-09-23.txt
    first_glued = toks[i].glued and (
        alnum(i - 1) or (joiner(i - 1) and toks[i - 1].glued and alnum(i - 2))
    )
    after = j < len(toks) and toks[j].glued
    last_glued = after and (
        alnum(j) or (joiner(j) and j + 1 < len(toks) and toks[j + 1].glued and alnum(j + 1))
    )
    return bool(first_glued or last_glued)


def _plausible(
    node: n.Node, toks: list[Token], i: int, j: int, text: str, listed: bool = False
) -> bool:
    """Whether a reading of ``toks[i:j]`` is a time in this context (see the module doc).

    ``listed``: the reading follows another expression and a conjunction (``Mon or Tue``,
    ``Wednesday, Thursday or Friday``), which makes a short name a time as a lead word does."""
    if _inside_a_word(node, toks, i, j):
        return False
    before_tok = toks[i - 1] if i > 0 else None
    if (
        before_tok is not None
        and before_tok.kind == "sym"
        and before_tok.value in "$\u20ac\u00a3\u00a5"
    ):
        return False  # "$12 December 27": an amount of money, not the 12th
    opening = toks[i + 1] if toks[i].value in ("the", "this", "that") and i + 1 < j else toks[i]
    if opening.value in lx.EVENT_PARTS and not _meal_at_a_clock(node, toks, i, j):
        return (
            False  # "Dinner with mom", "the sunset yesterday": a meal opening a phrase is the event
        )
    if toks[i].value == "about" and before_tok is not None and before_tok.value in ("how", "what"):
        return False  # "how about 2019 Q1" suggests a time; it does not hedge it
    for k in range(i, j):
        tok = toks[k]
        if tok.kind == "word" and tok.value in ("may", "march") and tok.text.islower():
            # "this may take longer", "we march on": a month only before a day or a year, or
            # after a word of time ("march eighteenth" too; "may first" is too often a verb)
            after = toks[k + 1] if k + 1 < len(toks) else None
            lead_word = toks[k - 1].value if k > 0 else ""
            day_follows = after is not None and (
                after.kind == "num" or (tok.value == "march" and after.value in lx.ORDINAL_WORDS)
            )
            if not day_follows and lead_word not in _MONTH_LEAD:
                return False
    if _school_break(node, toks, i):
        return False
    if _part_as_modifier(toks, i, j):
        return False  # "the evening pottery course", "the night bus": a kind of thing
    if (
        isinstance(node, n.Edge)
        and isinstance(node.base, n.Period)
        and (toks[i].value.startswith("mid") or toks[j - 1].value == "end")
        and _modifies(toks, j)
    ):
        return False  # "the mid-year review", "the year-end report": a modifier, not a time
    if (
        before_tok is not None
        and before_tok.value in _POSSESSIVES
        and toks[i].value in ("last", "first", "final")
        and i + 1 < j
        and toks[i + 1].value in lx.UNITS
    ):
        return False  # "my last day there", "her first week": a day of someone's, counted
    if _final_day_of_a_stay(toks, i, j):
        return False  # "Last day at the gallery.", "Final day in Rome": a stay's last day
    if _an_age(toks, j):
        return False  # "she is 34 years old", "a 3-year-old", "the bread is a week old"
    if toks[i].value in ("late", "early") and i > 0 and toks[i - 1].value in lx.UNITS:
        return False  # "25 minutes late this morning": how late, then the time on its own
    if _counts_a_quantity(toks, j):
        return False  # "at 6.45 percent", "rose to 7.30 dollars", "3 to 4 degrees": amounts
    if (
        i > 0
        and toks[i - 1].value == "good"
        and toks[i].value in ("night", "morning", "evening", "afternoon", "day")
    ):
        return False  # a greeting
    if toks[i].value in _RECURRENCE_WORDS and j - i == 1 and _adjective(toks, i, j):
        return False  # "daily infections", "the quarterly report": an adjective
    if _bare_range(node) and all(
        tok.kind == "num" or tok.value in _RANGE_WORDS or tok.value in lx.NUMBERS
        for tok in toks[i:j]
    ):
        return False  # "grew from 3 to 4 people", "went from 9 to 5": numbers, not days or hours
    if isinstance(node, (n.Rest, n.Open)) and toks[i].value == "to":
        after = toks[j] if j < len(toks) else None
        if after is not None and after.kind in ("word", "num"):
            return False  # "equals to date 1", "up to date equipment"
        if i > 0 and toks[i - 1].value in ("up", "equals", "equal", "than"):
            return False  # "keep it up to date"
    first = toks[i]
    before = toks[i - 1] if i > 0 else None
    lead = listed or (
        before is not None
        and (before.value in _TIME_LEAD or before.value.rstrip(",") in _TIME_LEAD)
    )
    if first.value == "now" and j - i == 1 and not lead:
        # "I'll go back now", "we now live in Lisbon" are the present moment; a sentence
        # opening "Now, …", "now that …" and "now and then" are not times
        following = toks[j] if j < len(toks) else None
        sentence_start = before is None or (before.kind == "sym" and before.value in _SENTENCE_END)
        return not sentence_start and (
            following is None or following.value not in ("that", "and", ",")
        )
    word = first.value
    before_day = before.value if before is not None else ""
    if isinstance(node, n.Year) and j - i == 2 and word == "the":
        return False  # "the 2019 budget", "ran the 1500": a year or a number naming a thing
    if isinstance(node, n.Decade) and not lead and _modifies(toks, j):
        return False  # "the sixties generation", "the 1990s style": a decade naming a thing
    if _ranked(node, before_day):
        return False  # "placed between the 4th and 6th", "finished around the 12th": a rank
    if j - i == 1 or (j - i == 2 and toks[j - 1].kind == "sym"):
        listing = (  # "Mon or Tue", "Sat, Sun": a list of day names is a list of days
            j + 1 < len(toks)
            and toks[j].value in _LIST_JOINERS
            and toks[j + 1].value in lx.WEEKDAYS
            and first.value in lx.WEEKDAYS
        )
        if (
            word in _AMBIGUOUS
            and _bare(node)
            and not lead
            and not listing
            and not _named_month(toks, i, j)
            and not _capital_month(toks, i, j)
        ):
            return False
        if (
            before is not None
            and before.value in ("a", "an")
            and isinstance(node, (n.Weekday, n.Month, n.Season))
            and _bare(node)
        ):
            return False  # "fell on a Saturday", "a May evening": a kind of day, not a date
        if isinstance(node, n.Year) and not lead and not _dateline(toks, i, j):
            return False
        follows = toks[j].value if j < len(toks) else ""
        modifies = follows in lx.UNITS or follows in lx.PARTS or follows in lx.PART_ALIASES
        if isinstance(node, n.Period) and node.bare and not lead and modifies:
            return False  # "avoid weekend days", "weekend mornings": a modifier, not a time
        if (
            word in ("may", "march")
            and first.text.islower()
            and _bare(node)
            and (
                before is None
                or before.value
                not in (
                    "in",
                    "of",
                    "since",
                    "until",
                    "last",
                    "next",
                    "this",
                    "early",
                    "late",
                    "mid",
                    "by",
                )
            )
        ):
            return False
        if (
            first.kind == "word"
            and (first.value in lx.MONTHS or first.value in _NAME_TIMES)
            and first.text[:1].isupper()
            and not lead
            and _names_follow(toks, j)
        ):
            return False  # "April Jones", "June Carter", "Noon Street": a name
        if (
            first.kind == "word"
            and first.value in lx.WEEKDAYS
            and len(first.value) <= 4
            and first.text[:1].isupper()
        ):
            after = toks[j] if j < len(toks) else None
            if (
                after is not None
                and after.kind == "word"
                and after.text[:1].isupper()
                and (not lead or (after.value not in lx.VOCABULARY and before_day != "on"))
            ):
                return False  # "Sun Microsystems", "at Sun Life": a name ("on Sat Mum came")
    if (
        j - i == 2
        and word == "the"
        and toks[i + 1].value in _AMBIGUOUS
        and _bare(node)
        and not lead
        and not (before is not None and before.value == "over")
    ):
        # "the fall from the ladder", "the march past": the noun, not the season; "over the
        # winter" is the whole season ("over" leads no bare number: "over 20" is an amount)
        return False
    if (
        isinstance(node, n.Dur)
        and toks[j - 1].value == "second"
        and word in ("a", "the")
        and j - i == 2
        and (_modifies(toks, j) or (j < len(toks) and toks[j].value in lx.UNITS))
    ):
        return False  # "a second helping", "a second week in Rome": the ordinal
    if (
        isinstance(node, n.Every)
        and node.base is None
        and node.unit in ("second", "minute")
        and j - i == 2
    ):
        return False  # "every second counts", "every minute of it": an idiom
    if (
        isinstance(node, n.Dur)
        and j - i == 2
        and word == "some"
        and (before is None or before.value not in ("for", "in", "within", "after", "over"))
    ):
        return False  # "some days are harder": which days, not how long
    if (
        isinstance(node, n.Dur)
        and (
            j - i == 2
            and word in ("a", "one", "the", "some")
            and toks[i + 1].value in _IDIOM_DURATIONS
        )
        and not (word == "one" and before is not None and before.value in ("a", "the"))
        and (
            before is None
            or before.value
            not in (
                "for",
                "in",
                "within",
                "about",
                "around",
                "over",
                "than",
                "after",
                "takes",
                "took",
                "spent",
            )
        )
    ):
        return False
    if (
        isinstance(node, n.Moment)
        and node.day is None
        and node.part is None
        and isinstance(node.time, n.Clock)
    ):
        clock = node.time
        if not clock.exact:
            return False
    if (
        isinstance(node, n.Moment)
        and isinstance(node.time, n.Clock)
        and not node.time.exact
        and node.part is not None
        and (toks[j - 1].value in lx.PARTS or toks[j - 1].value in lx.PART_ALIASES)
        and (toks[j - 2].kind == "num" or toks[j - 2].value in lx.NUMBERS)
        and _modifies(toks, j)
    ):
        return False  # "at 2 morning sessions", "at three night markets": a count of things
    if (
        isinstance(node, n.Dur)
        and toks[j - 1].value == "night"
        and _modifies(toks, j)
        and (before is None or before.value not in _DETERMINERS)
    ):
        return False  # "three night markets" counts markets; "a two night stay" is a length
    if (
        isinstance(node, n.Moment)
        and isinstance(node.time, n.Clock)
        and not node.time.exact
        and first.kind == "num"
        and before is not None
        and before.kind == "word"
        and not lead
    ):
        return False  # "building 4 this afternoon", "room 5 tomorrow": a number, not an hour
    if (
        isinstance(node, (n.Date,))
        and node.month is None
        and toks[i].kind == "word"
        and toks[i].value == "the"
    ):
        second = toks[i + 1] if i + 1 < len(toks) else None
        if (
            second is not None
            and second.kind == "word"
            and (before is None or before.value not in ("on", "by", "since", "until", "from"))
        ):
            return False  # "the second time", "the first thing"
    if (
        isinstance(node, n.Date)
        and node.month is None
        and toks[i].kind == "word"
        and toks[i].value in lx.ORDINAL_WORDS
    ):
        return lead and before is not None and before.value in ("on", "by", "since", "until")
    strong_lead = before is not None and (
        before.value in _ORDINAL_LEAD or before.value in lx.WEEKDAYS
    )  # "on 5.12", "Friday 7.6"
    if isinstance(node, n.Date) and node.year is None and first.kind == "num" and j - i == 3:
        # "3/4 of the starter" is a fraction: a year-less numeric date needs a word of time
        after = toks[j] if j < len(toks) else None
        fraction = after is not None and (
            after.value == "of" or (after.kind == "word" and after.value not in lx.VOCABULARY)
        )
        of_what = after is not None and after.value == "of" and not strong_lead
        if toks[i + 1].value == "/" and fraction and (not lead or of_what):
            return False  # "3/4 of the flour", "and 1/2 of it": a fraction
        if toks[i + 1].value == "." and toks[i + 2].glued and not strong_lead:
            return False  # "version 2.5", "Python 3.11", "22.5 degrees": a decimal number
    # "the 2nd option": a lone day ordinal is a date only after a word of time ("on the 2nd"),
    # and not before a noun it counts ("on the 3rd floor", "near the second roundabout")
    inner = node.base if isinstance(node, n.Approx) else node
    lone_ordinal = isinstance(inner, n.Date) and inner.month is None and inner.relation == ""
    if lone_ordinal and _modifies(toks, j):
        return False
    lone_ordinal = lone_ordinal and inner is node
    return not (lone_ordinal and (before is None or before.value not in _ORDINAL_LEAD))


def _meal_at_a_clock(node: n.Node, toks: list[Token], i: int, j: int) -> bool:
    """``Dinner at 8``, ``lunch @ 1pm``: a meal said with ``at`` and a clock time is that
    time (the meal puts a bare hour in its part of the day), though a meal opening a phrase
    is otherwise the event itself ("Dinner with mom")."""
    return (
        isinstance(node, n.Moment)
        and node.part is not None
        and (node.day is None or isinstance(node.day, n.Prev))  # Prev: the day before's
        and isinstance(node.time, n.Clock)
        and j - i >= 3
        and toks[i].value in lx.EVENT_PARTS
        and toks[i + 1].value in ("at", "@")
        and toks[i + 2].kind == "num"
    )


#: words that may follow a date or a length in a sentence without being counted by it
#: ("on the 3rd we left", "for a second I froze"): pronouns, determiners, conjunctions,
#: prepositions, auxiliaries
_CLAUSE_WORDS = {
    "i", "we", "you", "he", "she", "they", "it", "there", "everyone", "everything", "nothing",
    "someone", "something", "nobody", "my", "our", "your", "his", "her", "their", "its",
    "the", "a", "an", "this", "that", "these", "those", "and", "or", "but", "so", "then",
    "if", "when", "while", "as", "because", "at", "in", "on", "of", "to", "from", "for",
    "with", "by", "before", "after", "until", "till", "through", "since", "about", "around",
    "is", "was", "were", "are", "will", "would", "could", "should", "had", "has", "have",
    "did", "do", "does", "be", "been", "not", "too", "also", "only", "just", "again",
    "longer", "more", "less", "later", "earlier", "ago", "please", "now",
}  # fmt: skip


#: words that make a following "last day", "first week" someone's ("my last day there");
#: not "her" ("I saw her last weekend") nor a name's "'s" ("from Tiffany's last weekend")
_POSSESSIVES = {"my", "your", "his", "our", "their", "its"}


#: words that may stand before a bare part of the day without anchoring it to a day
_BARE_PART_LEAD = {
    "the", "a", "an", "for", "in", "on", "at", "during", "my", "our", "your", "his", "her",
    "their",
}  # fmt: skip
_DETERMINING = {"the", "a", "an", "my", "our", "your", "his", "her", "their"}
#: the parts of the day named by the clock (not by a meal): "morning", "evening", "night" …
_CLOCK_PARTS = frozenset(["morning", "afternoon", "evening", "night", "nighttime", "daytime"])


def _part_as_modifier(toks: list[Token], i: int, j: int) -> bool:
    """Whether ``toks[i:j]`` is only a part of the day (``the evening``, ``night``, ``for
    the morning``) standing before a noun it qualifies: "the evening pottery course", "took
    the night bus", "my morning run", "an afternoon nap" name a kind of thing, not a time.
    A day anchoring the part ("this morning", "yesterday evening", "Monday night") makes it
    a time whatever follows."""
    last = toks[j - 1]
    if last.kind != "word" or last.value not in _CLOCK_PARTS or not last.text.islower():
        return False
    if any(t.value not in _BARE_PART_LEAD for t in toks[i : j - 1]):
        return False
    # a determiner or possessive right before it ("the night bus", "my morning run"); a
    # count ("four afternoon classes", "2 morning sessions") is left to the other rules
    det = toks[j - 2] if j - 2 >= 0 else None
    if det is None or det.value not in _DETERMINING:
        return False
    after = toks[j].value if j < len(toks) else ""
    if after in _PARTICLES:
        return False  # "made it in the evening out of spite": an adverb goes on, no noun
    spend = toks[j - 3].value if j - 3 >= 0 else ""
    if after.endswith("ing") and spend in _SPEND_TIME:
        return False  # "spent the morning practising": the time spent doing something
    return _modifies(toks, j)


#: adverbs and particles that go on after a time ("in the evening out of spite", "the night
#: away"): the part of the day before them qualifies no noun
_PARTICLES = {
    "out", "off", "up", "down", "back", "away", "over", "together", "alone", "instead",
    "anyway", "outside", "inside", "indoors", "outdoors", "home", "here", "there",
}  # fmt: skip
#: verbs that take a length of time and then what it was spent doing ("spent the morning
#: practising", "passed the evening reading")
_SPEND_TIME = {"spent", "spend", "spending", "spends", "passed", "pass", "passing"}


#: what follows a stay's last day ("Last day at the gallery", "last day of term")
_STAY_AFTER = {"at", "of", "in", "with", "on"}


def _final_day_of_a_stay(toks: list[Token], i: int, j: int) -> bool:
    """Whether ``toks[i:j]`` is only "last day" / "final day" with a place or a stay after
    it ("Last day at the gallery.", "Final day in Rome", "last day of term"): English says
    "yesterday" for the day before, so this is the last day of something, not a time. A
    period the expression takes in ("the last day of the month") is longer than two words
    and stays a time; "last week at the gym" is the week before and stays one too."""
    if j - i != 2 or toks[i].value not in ("last", "final") or toks[i + 1].value != "day":
        return False
    return j < len(toks) and toks[j].value in _STAY_AFTER


def _an_age(toks: list[Token], j: int) -> bool:
    """Whether the reading ``toks[:j]`` is followed by ``old`` (or ``-old``): an amount of
    time then tells an age ("34 years old", "a 3-year-old", "six months old"), not a time."""
    k = j + 1 if j < len(toks) and toks[j].value == "-" and toks[j].glued else j
    return k < len(toks) and toks[k].value == "old" and toks[j - 1].value in lx.UNITS


def _modifies(toks: list[Token], j: int) -> bool:
    """Whether the word after ``toks[:j]`` is a noun the reading counts or qualifies ("3rd
    floor", "second helping"): a lowercase word that is neither a time word nor one of the
    words a clause goes on with."""
    after = toks[j] if j < len(toks) else None
    if after is None or after.kind != "word" or after.glued or not after.text.islower():
        return False
    word = after.value
    if word == "time":
        return True  # "a second time", "the 3rd time": how many times, not when
    return word not in _CLAUSE_WORDS and word not in lx.VOCABULARY


#: words after which an ordinal is a place in an order, not a day ("placed 3rd", "finished
#: between the 4th and 6th", "ranked around the 12th")
_RANK_WORDS = {
    "placed", "place", "placing", "ranked", "rank", "ranks", "ranking", "finished", "finish",
    "finishing", "came", "come", "comes", "seeded", "rated", "positioned", "position",
}  # fmt: skip


def _ordinal_days(node: n.Node) -> bool:
    """Whether a reading is only days of no month: ``the 4th``, ``between the 4th and 6th``."""
    if isinstance(node, n.Approx):
        return _ordinal_days(node.base)
    if isinstance(node, n.Between):
        return node.tail is None and _ordinal_days(node.first) and _ordinal_days(node.last)
    if isinstance(node, n.Date):
        return node.month is None and node.relation == ""
    return isinstance(node, n.DayNum)


def _ranked(node: n.Node, before: str) -> bool:
    return before in _RANK_WORDS and _ordinal_days(node)


def _dateline(toks: list[Token], i: int, j: int) -> bool:
    """A year opening a line before a colon ("2019: moved to Lisbon") is the line's date."""
    bullet = all(tok.value in ("-", "*", "+") for tok in toks[:i])
    return bullet and j < len(toks) and toks[j].value == ":"


#: recurrence words that are also adjectives ("daily infections", "the quarterly report")
_RECURRENCE_WORDS = {
    "daily", "weekly", "fortnightly", "monthly", "yearly", "nightly", "hourly", "annually",
    "quarterly", "biweekly", "bimonthly", "biannually", "semiannually",
}  # fmt: skip


def _adjective(toks: list[Token], i: int, j: int) -> bool:
    """Whether a recurrence word ``toks[i]`` qualifies a noun: after a determiner ("the weekly
    meeting") or before a word that is neither a time word nor one a clause goes on with
    ("daily infections"; "we meet weekly with the team" is how often)."""
    before = toks[i - 1] if i > 0 else None
    if before is not None and before.value in _DETERMINERS:
        return True
    after = toks[j] if j < len(toks) else None
    return (
        after is not None
        and after.kind == "word"
        and after.value not in _TIME_LEAD
        and after.value not in _CLAUSE_WORDS
    )


def _capital_month(toks: list[Token], i: int, j: int) -> bool:
    """A capitalised ``August`` inside a sentence, after a lowercase word and before no name,
    is the month ("we spent August in Brittany"): the adjective is written lowercase, and a
    name has another name beside it ("August Strindberg")."""
    tok = toks[i]
    if tok.value != "august" or tok.text != "August" or i == 0:
        return False
    before = toks[i - 1]
    return before.kind == "word" and before.text.islower() and not _names_follow(toks, j)


#: time words that are also names, alone and capitalised before another name
_NAME_TIMES = {"noon", "midnight", "summer", "winter", "autumn", "spring", "dawn"}


def _names_follow(toks: list[Token], j: int) -> bool:
    """Whether a capitalised word that is no time word follows: a surname after a first name
    that is also a month ("April Jones")."""
    after = toks[j] if j < len(toks) else None
    return (
        after is not None
        and after.kind == "word"
        and after.text[:1].isupper()
        and after.value not in lx.VOCABULARY
    )


#: words after which a bare "the holidays" is the Christmas season: elsewhere it may be any
#: school or summer break ("the holidays in Spain", "for the holidays" in British English)
_HOLIDAYS_LEAD = {"over", "during", "since", "after", "before", "until", "till", "through",
                  "throughout", "by"}  # fmt: skip


def _school_break(node: n.Node, toks: list[Token], i: int) -> bool:
    """Whether ``toks[i:]`` reads "the holidays" alone without a word that makes it the
    Christmas season (``over the holidays``; ``the christmas holidays`` needs none)."""
    if not (isinstance(node, n.Approx) and isinstance(node.base, n.Between)):
        return False
    first = node.base.first
    if not (isinstance(first, n.Holiday) and first.key == "christmas_eve"):
        return False
    k = i + 1 if toks[i].value == "the" else i
    if k >= len(toks) or toks[k].value != "holidays":
        return False
    return i == 0 or toks[i - 1].value not in _HOLIDAYS_LEAD


def _kind_of(node: n.Node) -> str:
    if isinstance(node, n.Every):
        return "set"
    return ""


#: nouns a hyphened number of hours names a kind of (``a 24-hour watch``)
_KINDS_OF_CLOCK = {"clock", "clocks", "watch", "watches", "format", "notation", "time", "dial"}

#: words a reading may begin with that a longer reading starting after them can do without:
#: "in two days later" is "two days later"; "in the year to date" is "the year to date"
_CONNECTORS = {"in", "on", "at", "for", "during", "the", "by", "over", "of"}
#: joiners of a list of expressions ("Mon or Tue", "Wednesday, Thursday or Friday")
_LIST_JOINERS = {"or", "and", ",", "&", "/"}

Hit = tuple[n.Node, int, "interpret.Span | None", "Decimal | None"]


#: whitespace-separated chunks of text seen so far, by whether a token of them carries time
#: (:func:`_core`): a note repeats the same few hundred words, so each is tokenized once
_CHUNKS_WITH_TIME: set[str] = set()
_CHUNKS_WITHOUT: set[str] = set()


def may_hold_time(text: str) -> bool:
    """False only when :func:`find_all` cannot find anything in ``text``: every reading holds
    a token that carries time (a number, a stamp, a time word; :func:`_core`), and no token
    of text spans a space unless it holds a digit (an org stamp, an ISO date and time). So a
    chunk between spaces is checked once, by the tokenizer itself, and a title such as "Review
    the budget report" costs two set look-ups instead of a reading."""
    chunks = text.split()
    if _CHUNKS_WITHOUT.issuperset(chunks):
        return False
    if not _CHUNKS_WITH_TIME.isdisjoint(chunks):
        return True
    for chunk in chunks:
        if chunk in _CHUNKS_WITHOUT:
            continue
        timed = any(c.isdigit() for c in chunk) or any(_core(t) for t in tokenize(chunk))
        if len(_CHUNKS_WITH_TIME) + len(_CHUNKS_WITHOUT) < 50_000:
            (_CHUNKS_WITH_TIME if timed else _CHUNKS_WITHOUT).add(chunk)
        if timed:
            return True
    return False


def find_all(
    text: str,
    ctx: interpret.Context,
    dayfirst: bool = False,
    counted_from_events: list[EventOffset] | None = None,
) -> list[Found]:
    """Every expression in ``text`` (see the module docstring); the amounts counted from an
    event named after them (:class:`EventOffset`), which date nothing, are added to
    ``counted_from_events`` when it is given."""
    toks = tokenize(text)
    parser = grammar.Grammar(toks, dayfirst=dayfirst)
    found: list[Found] = []
    anchor: interpret.Span | None = None
    size = len(toks)
    classes = _classes(toks)
    ends = _sentence_ends(toks)
    # the nearest token that carries time, within reach and before any prose word (an
    # expression is made of time words, numbers and symbols): "for the data team" has none
    # (read backwards: how far the next time-bearing token is, none past a prose word)
    reach = [False] * size
    #: tokens no reading holds: words that are neither time words nor able to begin one
    prose = [False] * size
    far = _CORE_REACH
    for k in range(size - 1, -1, -1):
        core, _, is_prose = classes[k]
        if core:
            far = 0
        elif is_prose:
            far = _CORE_REACH
            prose[k] = True
        elif far < _CORE_REACH:
            far += 1
        reach[k] = far < _CORE_REACH
    for k in range(size - 2):  # "a little over a week ago": the hedge is two words long
        if toks[k].value == "a" and toks[k + 1].value in ("little", "bit", "tad", "good"):
            reach[k] = reach[k] or reach[k + 2]
    last_end = -1  # token index where the previous expression ended
    last_node: n.Node | None = None  # the reading of the previous expression
    anchor_sentence = -1  # the sentence the anchor was found in
    #: a year written earlier in the sentence ("In 2019 we moved in March"), and that sentence
    year: int | None = None
    year_sentence = year_end = -1
    #: the day of that year when it was written as a day ("2026-11-17: …"), else None
    frame_day: date | None = None
    #: best readings by position; a position is read with the anchor current when the loop
    #: reaches it (a look-ahead from a connector is the next position, before any new anchor)
    best: dict[int, Hit | None] = {}
    #: the grammar's readings by position, longest first (they do not depend on the anchor,
    #: so they outlive it)
    parsed: dict[int, list[tuple[n.Node, int]]] = {}
    #: where an amount counted from an event named after it ends, by its first token
    from_event: dict[int, int] = {}

    def best_at(i: int) -> Hit | None:
        if i not in best:
            best[i] = read_at(i)
        return best[i]

    def readings_at(i: int) -> list[tuple[n.Node, int]]:
        """The grammar's readings from token ``i`` inside its sentence, longest first."""
        found_here = parsed.get(i)
        if found_here is not None:
            return found_here
        found_here = []
        if i < size and reach[i] and classes[i][1] and _may_start(toks, i):
            try:
                found_here = list(parser.expression(i))
                found_here += parser.duration(i)
                found_here += [
                    (dur, j)
                    for dur, j in parser.hyphened_length(i)
                    if j >= size or toks[j].value not in _KINDS_OF_CLOCK
                ]  # "a 24-hour watch", "the 12-hour clock": a kind of clock, no length
            except grammar.TooDeep:
                parser.forget()
                found_here = []
            sentence = ends[i]
            found_here = [
                (node, j)
                for node, j in found_here
                if j - i <= _MAX_SPAN and ends[max(j - 1, i)] == sentence
            ]
            found_here.sort(key=lambda r: -r[1])
        parsed[i] = found_here
        return found_here

    def read_at(i: int) -> Hit | None:
        """The longest plausible reading that resolves from token ``i``."""
        readings = readings_at(i)
        if (
            not readings
            and i + 2 < size
            and anchor is not None
            and anchor.grain == "day"
            and anchor_sentence == ends[i]
        ):
            readings = _two_bare_hours(toks, i)  # "Yesterday I worked 9 to 5"
        if i >= size or not (readings or toks[i].value == "at"):
            return None
        if (
            not readings
            and anchor is not None
            and 0 <= ends[i] - anchor_sentence <= 1
            and toks[i].value == "at"
            and i + 1 < size
            and toks[i + 1].kind == "num"
            and len(toks[i + 1].value) <= 2
        ):
            # "… next Saturday afternoon? We could meet at 2": the grammar reads a bare
            # "at 2" only as a whole phrase; after a dated expression it is an hour of that day
            readings = [(n.Moment(None, None, n.Clock(int(toks[i + 1].value), exact=False)), i + 2)]
        listed = last_end == i - 1 and i > 0 and toks[i - 1].value in _LIST_JOINERS
        local = None  # the context with the current anchor, made when a reading needs it
        contradicted = 0  # the end of a longer reading whose weekday and date disagree
        forward: bool | None = None  # whether a clause of the future leads here (looked up once)
        for node, j in readings:
            while j > i and toks[j - 1].kind == "sym" and toks[j - 1].value in ",.;:!?(":
                j -= 1
            if j <= i:
                continue
            if _names_its_anchor(node, toks, j):
                # "the day after the party": after the party, not after the time before it;
                # nothing shorter of it ("the day") is dated either
                from_event[i] = j
                return (node, j, None, None)
            if isinstance(node, n.InPeriod) and _names_its_anchor(node.period, toks, j):
                # "on Friday, two days after the party": the day of its own is the time; the
                # count beside it is the party's, found on its own after the comma
                continue
            near = anchor is not None and 0 <= ends[i] - anchor_sentence <= 1
            on_a_day = near and anchor.grain in ("day", "hour", "minute", "second")  # type: ignore[union-attr]
            plausible = _plausible(node, toks, i, j, text, listed)
            in_part = not plausible and on_a_day and _hour_on_that_day(node, toks, i, j)
            day_hours = (
                not plausible
                and on_a_day
                and anchor.grain == "day"  # type: ignore[union-attr]
                and anchor_sentence == ends[i]
                and _hours_of_that_day(node, toks, i, j)
            )
            if not plausible and not in_part and not day_hours:
                continue
            if _part_of_a_thing(toks, i, j):
                # "the fourth quarter of the game", "the first week of school": a part of
                # something that is no time; nothing shorter of it ("the fourth") is dated
                return (node, j, None, None)
            if contradicted > j:
                # "from this friday 5/12 …" where 5/12 is a Sunday: the text contradicts
                # itself, and a part of it ("this friday") would date it wrongly
                return (node, contradicted, None, None)
            past = (
                anchor is not None
                and anchor_sentence == ends[i]
                and anchor.end <= ctx.now
                and not _turns_future(toks, last_end, i)
            )  # "Yesterday's run: 5 km in 31 minutes": a deed of the past
            if isinstance(node, n.Shift) and node.base is None and _how_long(toks, i, past):
                node = node.dur  # "ran 5k in 27 minutes", "finished in two days": a length
            if isinstance(node, n.DurFrom) and toks[i].value == "in" and _how_long(toks, i, past):
                # "we finished in under a week": how long it took, found as the amount alone
                # ("a week"), as a length always was: no window from now
                continue
            if isinstance(node, n.Dur):
                return (node, j, None, cal.seconds_of(dict(node.units)))
            if listed and last_node is not None:
                node = _shares_relation(node, last_node)  # "next Wed or Thu afternoon"
            node = _at_dinner(node, toks, i)
            if on_a_day:
                # "8 March: a long walk in the afternoon", "Mon 23 Nov: … work until 6pm",
                # "free next Saturday? We could meet at 2": a time of day with no day of its
                # own is on that day (in its sentence or the next)
                node = _on_that_day(node)
            if near:
                node = _later_in_month(node, anchor)  # type: ignore[arg-type]  # "back on the 24th"
            if local is None:
                local = ctx.anchored(anchor) if anchor is not ctx.anchor else ctx
            read = None
            if year is not None and year_sentence == ends[i]:
                future = _turns_future(toks, year_end, i)
                # "In 2019 … in March": March of 2019; "2026-11-17: Priya will send it, review
                # on 1 Dec": after a written day, a clause of the future is at or after it, in
                # the half year after it (further ahead, "will revisit what happened on 3 Nov"
                # is more likely told back: it keeps its ordinary reading)
                for filled_year in (year, year + 1) if future and frame_day else (year,):
                    if future and not frame_day:
                        break
                    filled = _in_year(node, filled_year)
                    again = _resolved(filled, local) if filled is not None else None
                    if again is not None and (
                        not future or _soon_after(again.start.date(), frame_day)  # type: ignore[arg-type]
                    ):
                        read, node = again, filled  # type: ignore[assignment]
                        break
            if read is None and forward is None:
                forward = _future_clause(toks, ends, i)
            if read is None and forward:
                # "the plumber will come on Monday", "I'll see you on Saturday": a bare name
                # in a clause of the future is the next one, today included
                read = _resolved(node, local.leaning_forward())
            if read is None:
                read = _resolved(node, local)
            if read is None:
                if _weekday_disagrees(node, local):
                    contradicted = max(contradicted, j)
                continue
            if _small_hours_range(node, read):
                continue  # "won 3-1 on Sunday": a score, not 03:00 to 13:00
            if on_a_day:
                read = _in_that_part(node, read, anchor)  # type: ignore[arg-type]
            if in_part and not (
                anchor.grain == "hour"  # type: ignore[union-attr]
                and anchor.start <= read.start <= anchor.end  # type: ignore[union-attr]
            ):
                continue  # "this morning … the plumber is coming at 3": the part does not say
            return (node, j, read, None)
        return None

    def joined(node: n.Node, j: int, span: interpret.Span) -> Hit | None:
        """What follows a day and makes one expression with it (read with that day as the
        anchor): a clock time after ``for`` (``October 14 for 8am``, ``next Tuesday for
        7:30``), or after a comma the date of a relative day (``tomorrow, October 15th``,
        ``next Tuesday, 20 October, at 9``) — the date is taken in the year that makes it
        that day; one written with its year wins (``tomorrow, 13/04/21``: the writer's date
        outlives a wrong reference). A date that is another day stays apart."""
        if j + 1 >= size or span.grain != "day" or span.kind != "point":
            return None
        joiner = toks[j].value
        if joiner not in ("for", ",", "(") or ends[j + 1] != ends[j]:
            return None
        hit = best_at(j + 1)
        if hit is None or hit[2] is None:
            return None
        later, end = hit[0], hit[1]
        if joiner == "(":
            if end >= size or toks[end].value != ")":
                return None
            end += 1  # "tomorrow (Monday)": the brackets are part of it
        if joiner == "for":
            if isinstance(later, n.Moment) and isinstance(later.day, n.Prev) and later.time:
                return hit
            return None
        if joiner == "(" and not isinstance(later, (n.RelDay, n.Weekday)):
            return None
        if not isinstance(node, (n.RelDay, n.Weekday)):
            return None
        weekday = _same_weekday(node, span, later, hit[2])
        if weekday is not None:
            return (weekday[0], end, weekday[1], None)
        day = later.day if isinstance(later, n.Moment) else later
        if not isinstance(day, n.Date) or day.month is None or day.relation:
            return None
        if day.year is not None:
            return hit
        local = ctx.anchored(span)
        wanted = span.start.date()
        for year in (wanted.year, wanted.year + 1, wanted.year - 1):
            filled = _in_year(later, year)
            again = _resolved(filled, local) if filled is not None else None
            if again is not None and again.start.date() == wanted:
                return (filled, end, again, None)  # type: ignore[return-value]
        return None

    i = 0
    while i < size:
        hit = best_at(i)
        if hit is None:
            i += 1
            continue
        if hit[2] is None and hit[3] is None:
            if counted_from_events is not None and from_event.get(i) == hit[1]:
                start_offset, end_offset = toks[i].start, toks[hit[1] - 1].end
                counted_from_events.append(
                    EventOffset(
                        start_offset,
                        end_offset - start_offset,
                        text[start_offset:end_offset],
                        toks[hit[1]].start,
                    )
                )
            i = hit[1]  # a weekday and a date that disagree, "the day after the party": undated
            continue
        meal_at = toks[i].value in lx.EVENT_PARTS and i + 1 < size and toks[i + 1].value == "at"
        if toks[i].kind == "word" and (toks[i].value in _CONNECTORS or meal_at):
            # ("Dinner at 8 on Friday": the reading from "at" reaches further than the meal's)
            # no reading from the next token reaches past the connector's own when that one
            # ends before a prose word (a reading is made of time words, numbers and symbols)
            # or at the end of the sentence; else a look at its readings first
            edge = hit[1]
            closed = edge >= size or prose[edge] or ends[edge + 1] != ends[edge]
            later = [] if closed else readings_at(i + 1)
            after = best_at(i + 1) if later and later[0][1] > edge else None
            if after is not None and after[1] > hit[1]:
                i += 1  # the reading after the connector reaches further: start there
                continue
        node, j, span, length = hit
        if (
            span is not None
            and span.grain == "day"
            and j - i > 1
            and toks[j - 1].value in lx.WEEKDAYS
        ):
            # "last week, on Sunday the 1st": the weekday it ends with begins a date of its own
            dated = best_at(j - 1)
            if dated is not None and dated[1] > j and dated[2] is not None:
                if dated[2].grain != "day" or dated[2].start.date() != span.start.date():
                    i = dated[1]  # the text gives the day two ways that disagree: undated
                    continue
                j = dated[1]  # the same day told twice: one expression
        if span is not None:
            anchor = span
            anchor_sentence = ends[i]
            best.clear()  # positions read ahead were read with the old anchor
            extra = joined(node, j, span)
            if extra is not None:
                node, j, span, _ = extra
                anchor = span
                best.clear()
            framing = _written_year(node) or _calendar_year(span)
            if framing and _frames(toks, ends, i, j) and span is not None:
                year, year_sentence, year_end = span.start.year, ends[i], j
                frame_day = span.start.date() if span.grain == "day" else None
        first = i
        if toks[i].kind == "word" and toks[i].value in ("on", "at", "during") and j - i > 1:
            keep = toks[i + 1].value in lx.EVENT_PARTS  # "at lunch": the "at" makes it a time
            first = i + 1 if not keep and _same_reading(parser, i + 1, j, node) else i
        if _meal_at_a_clock(node, toks, i, j):
            first = i + 2  # "Dinner at 8": the clock time is found, as "dinner at 8:15" always was
        start_offset, end_offset = toks[first].start, toks[j - 1].end
        phrase = text[start_offset:end_offset]
        if span is None:
            from decimal import Decimal  # imported at the first length found, not with the engine

            found.append(
                Found(
                    start_offset,
                    end_offset - start_offset,
                    phrase,
                    "duration",
                    None,
                    None,
                    node.finest() if isinstance(node, n.Dur) else None,
                    bool(getattr(node, "approx", False)),
                    Decimal(length or 0),
                )
            )
        else:
            kind = _kind_of(node) or span.kind
            found.append(
                Found(
                    start_offset,
                    end_offset - start_offset,
                    phrase,
                    kind,
                    None if span.start == interpret.OPEN_START else span.start,
                    None if span.end == interpret.OPEN_END else span.end,
                    span.grain,
                    span.approximate,
                )
            )
        last_end = j
        last_node = node
        for k in [k for k in best if k > j]:
            del best[k]  # read ahead ("next Monday, Tuesday") before this one was listed
        i = j
    return found


def _hour_on_that_day(node: n.Node, toks: list[Token], i: int, j: int) -> bool:
    """``at 2`` alone after a part of the day ("Are you free next Saturday afternoon? We
    could meet at 2."): an hour in that part, not an address or a count; a noun after it
    keeps it a number ("at 3 parties"), and an hour outside the part stays unfound ("this
    morning … coming at 3": the part does not say which 3 it is, nor that it is a time)."""
    return (
        isinstance(node, n.Moment)
        and node.day is None
        and node.part is None
        and isinstance(node.time, n.Clock)
        and toks[i].value == "at"
        and j - i == 2
        and toks[i + 1].kind == "num"
        and 1 <= int(toks[i + 1].value) <= 12
        and not _modifies(toks, j)
        and not (j < len(toks) and toks[j].kind in ("num", "word") and toks[j].glued)
    )


#: verbs after which "from 3 to 4" is a change of an amount, not hours ("grew from 3 to 4")
_CHANGE_VERBS = {
    "grew", "grow", "grows", "went", "go", "goes", "rose", "rise", "rises", "fell", "fall",
    "falls", "increased", "decreased", "dropped", "jumped", "climbed", "changed", "moved",
    "slipped", "improved", "up", "down", "raised", "cut", "reduced", "aged", "ages",
}  # fmt: skip


def _hours_of_that_day(node: n.Node, toks: list[Token], i: int, j: int) -> bool:
    """A range of two bare hours after a day said earlier in its sentence ("Yesterday I
    worked 9 to 5", "Office hours yesterday were 10 to 12"): that day's hours, as the range
    reads in waking hours; a noun or a unit after it ("from 3 to 4 people") or a verb of
    change before it ("the score went from 2 to 3") keeps it an amount."""
    if not (isinstance(node, n.Moment) and _bare_range(node)):
        return False
    k = i + 1 if toks[i].value in ("from", "between") else i
    before = {toks[m].value for m in range(max(0, k - 2), k)}
    after = toks[j] if j < len(toks) else None
    return (
        not before & _CHANGE_VERBS
        and not _modifies(toks, j)
        and not (
            after is not None
            and (after.value in lx.UNITS or (after.glued and after.kind in ("word", "num")))
        )
    )


def _two_bare_hours(toks: list[Token], i: int) -> list[tuple[n.Node, int]]:
    """``9 to 5``, ``10 till 12``, ``9-5`` with no ``from`` before them: the grammar reads a
    range of two bare numbers only after ``from`` or ``between`` (alone, "10 to 12" may be
    11:50 and "3 to 4" a count), so find offers it as hours only here, where a day said
    earlier in the sentence makes them that day's hours (:func:`_hours_of_that_day` decides)
    and they run forward in waking hours; ``at 10 to 12`` stays the clock time it may be."""
    first, joiner, last = toks[i], toks[i + 1], toks[i + 2]
    if first.kind != "num" or last.kind != "num" or len(first.value) > 2 or len(last.value) > 2:
        return []
    dash = joiner.value in ("-", "\u2013") and joiner.glued and last.glued
    if not (dash or (joiner.kind == "word" and joiner.value in ("to", "till", "until", "til"))):
        return []
    if i > 0 and toks[i - 1].value in ("at", "@", "about", "around"):
        return []
    a, b = int(first.value), int(last.value)
    waking_a, waking_b = (h + 12 if 1 <= h <= 6 else h for h in (a, b))
    if not (1 <= a <= 12 and 1 <= b <= 12 and waking_a < waking_b):
        return []
    clocks = n.ClockRange(n.Clock(a, 0, None, "", False), n.Clock(b, 0, None, "", False))
    return [(n.Moment(None, None, clocks), i + 3)]


def _in_that_part(node: n.Node, read: interpret.Span, anchor: interpret.Span) -> interpret.Span:
    """A clock time with no am/pm put on a part of the day (``last night … woke at 4:45``,
    ``this evening … back at 9``): the reading inside that part, or in the three hours after
    it — the night ends at 04:00 and 4:45 is the next morning, not 16:45 the day before."""
    import dataclasses

    if not (
        isinstance(node, n.Moment)
        and isinstance(node.day, n.Prev)
        and node.part is None
        and isinstance(node.time, n.Clock)
        and not node.time.meridiem
        and not node.time.zero_padded
        and 1 <= node.time.hour <= 12
    ):
        return read
    if anchor.grain != "hour" or anchor.end - anchor.start < timedelta(hours=3):
        return read
    candidates = [read.start + timedelta(hours=12 * k) for k in range(-2, 4)]
    candidates = [c for c in candidates if c >= anchor.start]
    inside = [c for c in candidates if c < anchor.end]
    after = [c for c in candidates if anchor.end <= c < anchor.end + timedelta(hours=3)]
    chosen = (inside or after or [read.start])[0]
    shift = chosen - read.start
    return dataclasses.replace(read, start=read.start + shift, end=read.end + shift)


def _part_of_a_thing(toks: list[Token], i: int, j: int) -> bool:
    """Whether an ordinal part (``the fourth quarter``, ``the second half``, ``the last
    week``) goes on with ``of`` and a thing that is no time: the longest reading stopped
    before it, so what it is a part of is a game, a course, a trip."""
    if toks[i].value != "the" or j - i < 2 or j + 2 >= len(toks) or toks[j].value != "of":
        return False
    det, noun = toks[j + 1], toks[j + 2]
    return (
        det.value in _DETERMINERS
        and noun.kind == "word"
        and noun.text.islower()
        and noun.value not in lx.VOCABULARY
    )


def _small_hours_range(node: n.Node, read: interpret.Span) -> bool:
    """A range of two bare hours read as starting before 07:00 or running past midnight, with
    no part of the day that says so (``3-1`` as 03:00 to 13:00 or 15:00 to 01:00): in waking
    hours it runs backwards, so it is a score or a count, not a time (``5-7 on Friday`` runs
    forward, 17:00 to 19:00; ``10-2`` is 10:00 to 14:00)."""
    if not isinstance(node, n.Moment) or not isinstance(node.time, n.ClockRange):
        return False
    first, last = node.time.first, node.time.last
    if first.exact or last.exact or first.meridiem or last.meridiem:
        return False
    if read.end - read.start > timedelta(hours=12):
        return True  # "lost 2-1 on Tuesday night" as 02:00 to 01:00 the next day
    if node.part is not None and node.part.name in ("morning", "night"):
        return False
    midnight = read.end.replace(hour=0, minute=0, second=0, microsecond=0)
    return read.start.hour < 7 or (read.end.date() > read.start.date() and read.end > midnight)


def _resolved(node: n.Node, ctx: interpret.Context) -> interpret.Span | None:
    """The window of a reading, or None where it has none (refused, out of range, empty)."""
    try:
        read = interpret.resolve(node, ctx)
    except (interpret.Refused, ValueError, OverflowError):
        return None
    return read if read.start < read.end else None


def _soon_after(day: date, frame: date) -> bool:
    """Whether ``day`` is on ``frame`` or in the half year after it."""
    return timedelta(0) <= day - frame <= timedelta(days=183)


#: words that turn a clause to the future ("I graduated in 2015 and will start on June 3")
_FUTURE_WORDS = {"will", "shall", "going", "gonna", "won't", "wo", "soon"}


#: words that end the clause a time is read in, looking back from it ("I'll say, on Monday
#: …", "we will go and on Friday we met", "I'll check what we did on Tuesday", "I'll tell you
#: about the party we had on Saturday")
_CLAUSE_BREAKS = {
    ",", ";", ":", "(", "and", "but", "or", "then", "so", "because", "that", "what", "when",
    "where", "which", "who", "how", "did", "had", "was", "were", "said", "told",
}  # fmt: skip


def _future_clause(toks: list[Token], ends: list[int], i: int) -> bool:
    """Whether the clause before ``toks[i]`` tells the future: a ``will``, ``'ll``,
    ``shall``, ``going to`` (not ``was going to``) or ``let's`` before the time with no clause
    break between ("the plumber will come on Monday"; in "on Monday I told him I'll come" the
    ``'ll`` comes after, and Monday stays the one before)."""
    k = i - 1
    while k >= 0 and ends[k + 1] == ends[i] and toks[k].value not in _CLAUSE_BREAKS:
        word = toks[k].value
        if word in ("will", "shall", "let's", "lets") or word.endswith("'ll"):
            return True
        if word in ("going", "gonna"):
            return k == 0 or toks[k - 1].value not in ("was", "were")
        k -= 1
    return False


def _turns_future(toks: list[Token], start: int, end: int) -> bool:
    """Whether the words between a written year and a later date turn to the future: the
    date is then no longer of that year."""
    return any(tok.value in _FUTURE_WORDS or tok.value.endswith("'ll") for tok in toks[start:end])


def _weekday_disagrees(node: n.Node, ctx: interpret.Context) -> bool:
    """Whether a reading holds a weekday written beside a date that is not on it, in any
    year near (``friday 5/12`` when 5/12 is a Sunday; ``fri 9-5``, read as hours, is not)."""
    if isinstance(node, n.Checked):
        return not node.near and _resolved(node, ctx) is None
    return any(
        isinstance(part, n.Node) and _weekday_disagrees(part, ctx)
        for part in (getattr(node, name) for name in node._fields)
    )


#: what may stand before a year that frames its sentence ("Back in 2019, …", "- 2024: …")
_FRAMING = {"in", "during", "back", "throughout", "early", "late", "mid", "-", "*", "(", "["}


def _frames(toks: list[Token], ends: list[int], i: int, j: int) -> bool:
    """Whether the expression at ``toks[i]`` opens its sentence, so that its year is the
    sentence's: "In 2019 we moved in March" is March 2019, but in "The house, built in 1990,
    was sold in March" or "My son, born in 2015, started school in September" the year is
    another event's."""
    k = i
    while k > 0 and ends[k] == ends[k - 1]:
        k -= 1  # back to the sentence's first token
    return all(tok.value in _FRAMING for tok in toks[k:i]) or _heads_a_line(toks, k, i, j)


def _heads_a_line(toks: list[Token], k: int, i: int, j: int) -> bool:
    """Whether the expression ``toks[i:j]`` ends a short heading before a colon ("Meeting
    notes, 2026-11-17: …", "Standup 3 Nov: …"): the date of what the line goes on to say."""
    return j < len(toks) and toks[j].value == ":" and i - k <= 4


def _same_weekday(
    node: n.Node, span: interpret.Span, later: n.Node, read: interpret.Span | None
) -> tuple[n.Node, interpret.Span] | None:
    """A relative day and a bare weekday beside it that is that day (``tomorrow, Monday``,
    ``tomorrow (Monday)``, ``Monday (tomorrow)``): one expression, dated by the relative day
    — a bare weekday alone would be the most recent one. None when they are not one day."""
    if read is None:
        return None
    if isinstance(node, n.RelDay) and isinstance(later, n.Weekday):
        bare, relative = later, (node, span)
    elif isinstance(node, n.Weekday) and isinstance(later, n.RelDay):
        bare, relative = node, (later, read)
    else:
        return None
    if bare.relation or bare.count or relative[1].start.weekday() != bare.weekday:
        return None
    return relative


#: meals of the evening: an hour told without am/pm just after one is an evening hour
_EVENING_MEALS = {"dinner", "supper", "dinnertime", "suppertime"}


def _at_dinner(node: n.Node, toks: list[Token], i: int) -> n.Node:
    """A clock time without am/pm (``half past seven``, ``at 8``) told within a few words
    after ``dinner`` or ``supper`` ("dinner was at half past seven", "supper at 7") is in the
    evening, as a part of the day said with it would make it; anything else as it is."""
    if not (isinstance(node, n.Moment) and node.part is None and isinstance(node.time, n.Clock)):
        return node
    clock = node.time
    if clock.meridiem or clock.zero_padded or not 5 <= clock.hour <= 11:
        return node
    for k in range(max(0, i - 4), i):
        if toks[k].value in _EVENING_MEALS:
            return node.replace(part=n.Part("evening"))
    return node


#: relations a listed bare weekday shares with the one before it
_SHARED_RELATIONS = {"next", "last", "this", "coming", "previous", "past"}


def _listed_weekday(node: n.Node) -> n.Weekday | None:
    """The weekday a reading is, or is the day of (``Thu``, ``Thu afternoon``, ``Thu at 3``)."""
    if isinstance(node, n.Moment):
        node = node.day  # type: ignore[assignment]
    return node if isinstance(node, n.Weekday) else None


def _shares_relation(node: n.Node, before: n.Node) -> n.Node:
    """A bare weekday listed after one with a relation takes that relation, as English
    shares a modifier across a list (``next Wed or Thu afternoon``, ``last Mon and Tue``,
    ``this Sat, Sun``): alone, the second would be the most recent one."""
    first, second = _listed_weekday(before), _listed_weekday(node)
    if first is None or second is None or first.relation not in _SHARED_RELATIONS:
        return node
    if second.relation or second.count or first.count:
        return node
    shared = second.replace(relation=first.relation)
    return node.replace(day=shared) if isinstance(node, n.Moment) else shared


def _on_that_day(node: n.Node) -> n.Node:
    """A time of day with no day (``in the afternoon``, ``until 6pm``, ``around 3``) put on
    the previous expression's day; anything else as it is."""
    if isinstance(node, n.Moment) and node.day is None:
        return node.replace(day=n.Prev())
    if isinstance(node, (n.Open, n.Approx)) and isinstance(node.base, n.Moment):
        base = _on_that_day(node.base)
        return node if base is node.base else node.replace(base=base)
    if (
        isinstance(node, n.Between)
        and node.tail is None
        and isinstance(node.first, n.Moment)
        and isinstance(node.last, n.Moment)
        and node.first.day is None
        and node.last.day is None
    ):
        # "Mon 23 Nov: dentist 14:00-14:45": two clock times, the range's end on its start's day
        return node.replace(first=_on_that_day(node.first))
    return node


def _later_in_month(node: n.Node, anchor: interpret.Span) -> n.Node:
    """A bare day of the month after a dated expression of its sentence, later in that
    expression's month, is in that month (``Dec 20-23 at the cabin, back on the 24th``;
    ``Landed on 12 October, and by the 15th …``); an earlier one stays the most recent."""
    if isinstance(node, n.Moment) and node.day is not None:
        day = _later_in_month(node.day, anchor)
        return node if day is node.day else node.replace(day=day)
    if isinstance(node, (n.Open, n.Approx)):  # "by the 15th", "around the 24th"
        base = _later_in_month(node.base, anchor)
        return node if base is node.base else node.replace(base=base)
    if not (isinstance(node, n.Date) and node.month is None and node.relation == ""):
        return node
    if anchor.grain not in ("day", "week", "month") or anchor.start == interpret.OPEN_START:
        return node
    first = anchor.start.date()
    if not first.day <= node.day <= monthrange(first.year, first.month)[1]:
        return node
    return n.Date(node.day, first.month, first.year)


def _from_previous(node: n.Node) -> bool:
    """Whether a reading is told from the previous expression (``the day after``, ``the
    Monday after``)."""
    if isinstance(node, n.Weekday):
        return node.relation == "following"
    if isinstance(node, n.Shift):
        return isinstance(node.base, n.Prev)
    return isinstance(node, n.Prev)


def _names_its_anchor(node: n.Node, toks: list[Token], j: int) -> bool:
    """Whether ``the day after`` / ``the Monday after`` goes on with what it is after (``the
    day after the party``, ``the Monday after we moved``): an event, not the expression
    before it — reading it from that expression would date the sentence wrongly."""
    if j >= len(toks) or toks[j - 1].value not in ("after", "before"):
        return False
    after = toks[j]
    return _from_previous(node) and after.kind == "word" and after.value not in _GOES_ON


#: words after "the day after" that go on with the sentence, not name what it is after
#: ("the day after at noon", "the day after, and …", "the day after was a Sunday"); a
#: pronoun begins the event's clause ("the day after we moved", "… after I opened the kiln")
_GOES_ON = {"at", "on", "in", "and", "or", "but", "so", "then", "too", "also", "again", "as",
            "well", "was", "were", "is"}  # fmt: skip


def _written_year(node: n.Node) -> bool:
    """Whether a reading writes out its year: ``2019``, ``March 2019``, ``3 June 2019 at 5``."""
    if isinstance(node, n.Moment):
        return node.day is not None and _written_year(node.day)
    if isinstance(node, n.Year):
        return True
    if isinstance(node, n.Month):
        return node.year is not None
    return isinstance(node, n.Date) and node.year is not None and node.month is not None


def _calendar_year(span: interpret.Span | None) -> bool:
    """Whether a window is one whole calendar year (``last year``, ``next year``, ``this
    year``): opening a sentence it frames it as a written year does ("Last year in June we
    went to Crete" is June of last year); ``the past year`` runs from today, and frames none."""
    if span is None or span.grain != "year":
        return False
    start, end = span.start, span.end
    whole = (start.month, start.day, start.hour, start.minute) == (1, 1, 0, 0)
    return whole and (end.year, end.month, end.day) == (start.year + 1, 1, 1)


def _in_year(node: n.Node, year: int) -> n.Node | None:
    """``node`` in ``year`` where it names a month, or a day of a month, with no year and no
    relation of its own (``March``, ``June 3``, ``June 3 at 5pm``, ``from March to May``);
    None where it names none."""
    if isinstance(node, n.Month):
        plain = node.year is None and node.relation == "" and node.count == 0
        return node.replace(year=year) if plain else None
    if isinstance(node, n.Date):
        plain = node.year is None and node.month is not None and node.relation == ""
        return node.replace(year=year) if plain else None
    if isinstance(node, n.Moment) and node.day is not None:
        day = _in_year(node.day, year)
        return None if day is None else node.replace(day=day)
    if isinstance(node, n.Between) and node.tail is None:
        first, last = _in_year(node.first, year), _in_year(node.last, year)
        if first is None and last is None:
            return None
        return node.replace(first=first or node.first, last=last or node.last)
    return None


def _same_reading(parser: grammar.Grammar, i: int, j: int, node: n.Node) -> bool:
    try:
        return any(end == j for _, end in parser.expression(i))
    except grammar.TooDeep:
        parser.depth = 0
        return False
