"""Find the times a sentence (or an org heading) gives, and read them the way validation will.

Three kinds of evidence, in the order they are trusted:

- **org facts** of a heading: ``CLOSED:`` and a ``State "DONE"`` note say when a task was
  done, ``SCHEDULED:``/``DEADLINE:`` when it was planned or due (a plan, not a doing),
  ``CLOCK:`` when it was worked on, an active stamp when an appointment is;
- **words in the sentence**: explicit dates ("on February 1st") and relative phrases ("last
  Sunday", "two weeks ago"), found by the project's one expression finder
  (:func:`prme_cli.timeexpr.find_expressions`) and read against the record's own time;
- **the record's own time**, only when the sentence says the event happened when the note was
  written ("today", "this morning", "just now", "I just got back from …"), as
  :func:`prme_cli.relate.interpret.licences` finds them (one rule for resolver and validation).

A phrase is dated by :func:`prme_cli.relate.interpret.interpret` itself, so the resolver never
proposes a reading that validation would read differently.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, tzinfo

from prme_cli import lazyre
from prme_cli.events import NO_FILE_KEYWORDS, FileKeywords, is_cancel_state
from prme_cli.relate import interpret as interp
from prme_cli.relate.period import heading_period, title_span
from prme_cli.relate.symbolic import lexicon
from prme_cli.relate.symbolic.segment import Heading, OrgFact
from prme_cli.relate.types import EvidenceRecord, Operand

#: Words before an expression that turn it into something other than the event's date:
#: a span ("for the past 6 months"), a start of a habit ("every Friday since 3/27"), a
#: deadline ("by Friday"), a comparison ("than last year").
_NOT_A_DATE_BEFORE = lazyre.compile(
    r"(?:\b(?:since|until|till|by|for|every|each|per|than|from|through|throughout|over|"
    r"within|the\s+past|the\s+last|of|like|as\s+of|before|after|prior\s+to|ahead\s+of)\s+"
    r"(?:the\s+)?$)",
    re.IGNORECASE,
)
#: "moved the team meeting to Friday", "pushed the dentist back to Monday", "from 9 to 5":
#: a time right after "to" is where something was moved, or the far end of a range; it
#: never dates the clause's own deed.
_TO_BEFORE = lazyre.compile(r"\bto\s+(?:the\s+)?$", re.IGNORECASE)
# "a week ago today", "two days ago yesterday", "a week from today": a length counted from
# the note's day
_LONGER_TIME = lazyre.compile(
    r"\b(?:ago|from)\s*,?\s+(?:today|yesterday|tonight|this\s+(?:morning|afternoon|evening))\b",
    re.IGNORECASE,
)
#: "fixed the roof the day after the storm on Tuesday", "called the insurer before the
#: inspection on Friday", "repainted the hall after the flood in March": a time right after
#: a noun governed by "after"/"before" dates that other event, from which the deed is
#: counted. Not a routine of the same day ("after work on Friday"); and a bare "after" with
#: a day ("lunch with Joss after the talk yesterday") keeps the deed on that day.
_AFTER_AN_EVENT = lazyre.compile(
    r"(?P<offset>\b(?:the|a|an|one|two|three|four|five|six|\d+|few|couple\s+of)\s+"
    r"(?:days?|weeks?|months?|years?|morning|evening|night|weekend)\s+)?"
    r"\b(?P<rel>after|before|following)\s+(?:the|my|our|his|her|their|a|an|this|that)\s+"
    r"(?:[\w'-]+\s+){0,2}(?P<noun>[\w'-]+)\s+(?:on\s+|in\s+|at\s+)?$",
    re.IGNORECASE,
)
_SAME_DAY_ROUTINES = frozenset(
    [
        "breakfast",
        "brunch",
        "lunch",
        "dinner",
        "supper",
        "work",
        "school",
        "church",
        "class",
        "classes",
        "shift",
    ]
)
_A_DAY = lazyre.compile(
    r"\b(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day|yesterday|today|tonight|last\s+night)\b"
    r"|\b\d{1,2}(?:st|nd|rd|th)?\b",
    re.IGNORECASE,
)


#: "on Thursday after test-driving it", "yesterday before leaving": a day named as the
#: deed's own ("on" + a weekday, a deictic day), then a clause of its own ("after" + a
#: gerund) — not a day counted from another event ("the Monday after the party").
_OWN_DAY_THEN_CLAUSE = lazyre.compile(
    r"(?:.*\bon\s+(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)|"
    r"\s*(?:yesterday|today|this\s+(?:morning|afternoon|evening)))"
    r"\s*,?\s*(?:after|before)\s+[a-z-]+ing\b",
    re.IGNORECASE,
)


def _counted_from_another(before: str, phrase: str) -> str | None:
    """The noun of the other event the expression dates (see :data:`_AFTER_AN_EVENT`), or
    None when the expression may date the deed."""
    m = _AFTER_AN_EVENT.search(before)
    if m is None or m["noun"].lower() in _SAME_DAY_ROUTINES:
        return None
    if m["offset"] or m["rel"].lower() != "after" or not _A_DAY.search(phrase):
        return m["noun"]
    return None


_FUTURE_WORDS = lazyre.compile(
    r"^(?:tomorrow|next\b|in\s+\d+|in\s+(?:a|an|one|two|three|four|five|"
    r"six|seven|eight|nine|ten)\b|this\s+coming|the\s+coming|upcoming)",
    re.IGNORECASE,
)
#: "after lunch", "before dinner": a bound inside the day the clause is told of, which still
#: dates the deed to that day (the meal is that day's).
_MEAL_BOUND = lazyre.compile(
    r"\b(?:after|before)\s+(?:breakfast|lunch|lunchtime|dinner|supper|tea)$", re.IGNORECASE
)
_SPAN_WORDS = lazyre.compile(
    r"^(?:(?:the\s+)?(?:last|past)\s+(?:\d+|a|an|one|two|three|four|five|"
    r"six|seven|eight|nine|ten|few|couple)\s)",
    re.IGNORECASE,
)
_WEEKDAY_PLURAL = lazyre.compile(
    r"^(?:mondays|tuesdays|wednesdays|thursdays|fridays|saturdays|"
    r"sundays|weekends|mornings|evenings|nights)\b",
    re.IGNORECASE,
)
_DAYS_MONTHS = (
    r"monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|"
    r"march|april|may|june|july|august|september|october|november|december|"
    r"mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun|jan|feb|mar|apr|jun|jul|aug|"
    r"sep|sept|oct|nov|dec"
)
_BARE_NAME = lazyre.compile(rf"(?:{_DAYS_MONTHS})", re.IGNORECASE)
#: A day of a named month ("February 25th", "the 3rd of May", "25 Feb 2031"): a calendar date.
_MONTH = (
    r"(?:january|february|march|april|may|june|july|august|september|october|november|"
    r"december|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)\.?"
)
_MONTH_DAY = lazyre.compile(
    rf"(?:(?:the\s+)?\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?{_MONTH}|"
    rf"{_MONTH}\s+(?:the\s+)?\d{{1,2}}(?:st|nd|rd|th)?)(?:,?\s+\d{{4}})?",
    re.IGNORECASE,
)
_DATE_LEAD = lazyre.compile(
    r"\b(?:on|in|last|this|since|by|during|until|till|early|late|mid|"
    r"every|past)\s+$|\bon\s+the\s+$",  # "on the Saturday" (of a trip: read as a bare day)
    re.IGNORECASE,
)
_DATE_FOLLOW = lazyre.compile(
    r"(?:\s*[,.;:!?)]|\s*$|\s+(?:morning|afternoon|evening|night)\b)", re.IGNORECASE
)
#: A verb in the simple past right before a weekday ("Started Monday and …", "we moved
#: Friday"): English leaves out the "on" of a date, never of a name ("Cyber Monday").
_PAST_VERB_LEAD = lazyre.compile(r"\b[a-z]{3,}ed\s+$", re.IGNORECASE)
#: A capitalised word after a weekday makes it part of a name ("Sunday League").
_NAME_GOES_ON = lazyre.compile(r"\s+[A-Z]")
_FULL_WEEKDAY = lazyre.compile(
    r"(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)", re.IGNORECASE
)
_VAGUE_EXPR = lazyre.compile(
    r"\b(?:few|couple|several|some|recently|lately|a\s+while|the\s+other\s+day)\b",
    re.IGNORECASE,
)
#: "at some point yesterday", "sometime last week": somewhere inside the time that follows
#: (the time engine reads it so), not around it; the time after it may still be vague.
_INSIDE = lazyre.compile(
    r"^(?:at\s+some\s+(?:point|stage|time)|some\s*time)\s+(?=\S)", re.IGNORECASE
)
#: Words that say only "some time before the note", not when: never a date, never a rival.
_BEFORE_NOW_ONLY = lazyre.compile(
    r"(?:recently|lately|the\s+other\s+day|a\s+while\s+(?:ago|back)|not\s+long\s+ago)",
    re.IGNORECASE,
)
#: "the day", "nights": a part of the day in general, never a date of its own.
_DAY_IN_GENERAL = lazyre.compile(
    r"(?:the\s+)?(?:day|days|night|nights|mornings|evenings|afternoons|weekends)",
    re.IGNORECASE,
)
#: "in one weekend", "in 25 minutes", "in two days": an amount when the clause is past.
_AMOUNT_IN = lazyre.compile(
    r"in\s+(?:\d+|an?|one|two|three|four|five|six|seven|eight|nine|ten|a\s+couple\s+of)\s",
    re.IGNORECASE,
)


def _past_before(before: str) -> bool:
    """The nearest word before that tells a tense tells the past."""
    found = re.findall(r"[a-z]+|'[a-z]+", before.lower())
    for i in range(len(found) - 1, -1, -1):
        tense = interp.tense_of(found[i], found[i - 1] if i else "")
        if tense:
            return tense == "past"
    return False


#: A number glued by a hyphen to the word it modifies ("20th-century", "3-day") is no time.
_GLUED_MODIFIER = lazyre.compile(r"-[A-Za-z]")
_HEDGE_BEFORE = lazyre.compile(
    r"\b(?:about|around|roughly|approximately|almost|nearly|over|"
    r"more\s+than|less\s+than|at\s+least|sometime|maybe|probably|"
    r"early|mid|late)[\s-]+$",
    re.IGNORECASE,
)
#: Words in a clause that put its event ahead of the note: a date there is a plan's date,
#: and interpretation reads dates as past-leaning.
FUTURE_CUE = lazyre.compile(
    r"\b(?:upcoming|coming\s+up|scheduled\s+(?:for|on)|planned\s+(?:for|on)|due\s+(?:on|by)|"
    r"tomorrow|will|shall|(?<!been\s)going\s+to|gonna|(?:i|we|you|he|she|they)'ll|next\s+\w+|"
    r"looking\s+forward)\b",
    re.IGNORECASE,
)
_HEDGE_AFTER = lazyre.compile(
    r"\s*,?\s*(?:i\s+think|i\s+guess|i\s+believe|maybe|probably|or\s+so|"
    r"or\s+something|if\s+i\s+remember|give\s+or\s+take|ish\b|"
    r"or\s+(?:the\s+)?(?:day|week)\s+(?:before|after))",
    re.IGNORECASE,
)
#: "…yesterday, I think it went well": an opinion about another clause with a subject and a
#: verb of its own, not a hedge on the date. A verb of being or happening ("I think it was
#: Tuesday") or a modal keeps the hedge.
_OPINION_AFTER = lazyre.compile(
    r"\s*,?\s*i\s+(?:think|guess|believe)\s+(?:that\s+)?(?:it|he|she|they|we|you|"
    r"(?:the|my|our|his|her|their)\s+[a-z]+)\s+(?!(?:was|were|is|are|be|been|happened|did|"
    r"might|may|could|would|must|should|will|had)\b)[a-z]+\s+\w",
    re.IGNORECASE,
)
_LICENCE = lazyre.compile(
    r"(?<![\w'])(?:earlier\s+today|today|tonight|this\s+morning|this\s+afternoon|this\s+evening|"
    r"just\s+now|right\s+now|a\s+moment\s+ago|moments\s+ago)(?![\w'])",
    re.IGNORECASE,
)


@dataclass(frozen=True, slots=True)
class Mention:
    """A time a unit of text gives. Offsets are in the record text.

    ``kind``: ``licence`` (the note's own day), ``text`` (a phrase), or an org fact kind
    (``closed``, ``state``, ``scheduled``, ``deadline``, ``clock``, ``active``).
    ``quote_start``/``quote_end`` delimit the quote that carries it (a sentence, or a heading
    through its stamp). ``window`` is ``(start, end, grain)`` as interpretation reads it.
    """

    expression: str
    start: int
    end: int
    basis: str
    kind: str
    quote_start: int
    quote_end: int
    window: tuple[datetime, datetime, str] | None
    vague: bool = False
    future: bool = False
    #: why this time cannot date the event ("" when it can)
    problem: str = ""
    #: what the time means, for the explanation
    meaning: str = ""
    #: for a recent-past "just" licence, the verb it covers ("got" of "just got back"): the
    #: licence dates only the event that verb tells
    covers: str = ""
    #: the date follows "since": it bounds an ongoing state, and dates only its start
    since: bool = False
    #: a year-less calendar date told as coming ("my upcoming meeting on January 17th"),
    #: read forward: an appointment's date
    coming: bool = False
    #: hedged words the time engine reads as a widened interval ("about a month ago"): they
    #: may order events whose intervals do not overlap, never date or count one
    approximate: bool = False
    #: the time counts from the one told before it ("two days later", "the next day"): its
    #: words ("next") tell no coming event, and its window is read from that time
    counted: bool = False

    def quote(self, text: str) -> str:
        return text[self.quote_start : self.quote_end]


def date_operand(
    record: EvidenceRecord,
    quote: str,
    expression: str,
    basis: str,
    *,
    question_date: datetime,
    tz: tzinfo,
    name: str = "probe",
) -> tuple[datetime, datetime, str] | None:
    """Read a cited time exactly as the stage will; ``None`` when it cannot be read."""
    dated = read_operand(
        record, quote, expression, basis, question_date=question_date, tz=tz, name=name
    )
    if dated is None:
        return None
    assert dated.start is not None and dated.end is not None and dated.grain is not None
    return dated.start, dated.end, dated.grain


def read_operand(
    record: EvidenceRecord,
    quote: str,
    expression: str,
    basis: str,
    *,
    question_date: datetime,
    tz: tzinfo,
    name: str = "probe",
) -> interp.Dated | None:
    """:func:`date_operand`'s reading in full (with whether it is approximate)."""
    probe = Operand(name, record.id, quote, expression, basis)
    try:
        dated = interp.interpret(probe, record, question_date=question_date, tz=tz)
    except interp.InterpretError:
        return None
    except Exception:  # noqa: BLE001 - an unreadable phrase is simply not evidence
        return None
    if not dated.is_window or dated.grain is None:
        return None
    return dated


#: What a finish's length means ("I just finished the novel in 12 days"): the start.
FINISHED_SPAN = "a length counted back from a finish on the note's day: the activity's start"
#: What a journal licence means: the entry's day dates a past deed of the writer's in it.
JOURNAL_DEED = "the journal entry's day: a past-tense deed of the writer's in it"
RECENT_DEED = "the note's own day: 'just' with a past verb tells a very recent event"
NEWS_DEED = "news in the present perfect: on or shortly before the note's day"
ENTRY_DEED = "the journal entry's day: a sentence without a verb naming what happened"


def _anchor_of_a_longer_time(start: int, end: int, found: list[tuple[int, int, str]]) -> bool:
    """The licence word is the anchor a longer expression counts from ("today" in "a week ago
    today", "yesterday" in "two weeks ago yesterday", "today" in "a week from today"): that
    expression dates the deed, not the note's own day."""
    return any(
        a <= start and end <= b and (a, b) != (start, end) and _LONGER_TIME.search(phrase)
        for a, b, phrase in found
    )


def sentence_mentions(
    record: EvidenceRecord,
    start: int,
    end: int,
    *,
    question_date: datetime,
    tz: tzinfo,
    name: str = "",
) -> list[Mention]:
    """Times given by the words of the sentence ``record.text[start:end]``; in a journal
    entry, a time the asked event's ``name`` holds too ("… for the first time this year")
    is the question's restriction, not a time the sentence gives."""
    from prme_cli import timeexpr

    text = record.text
    sentence = text[start:end]
    out: list[Mention] = []
    taken: list[tuple[int, int]] = []
    journal = interp.is_journal_entry(record)
    echoed = interp.echoed_times(name) if journal and name else ()
    try:
        found = [
            _counted_or_core(sentence, a, b)
            for a, b, _ in timeexpr.find_expressions(sentence, _near_writing(record, question_date))
        ]
    except Exception:  # noqa: BLE001 - the finder is conservative; a failure finds nothing
        found = []
    found = [f for f in found if f[0] < f[1]]
    for lic in interp.licences(sentence, journal=journal, echoed=echoed, after=text[end:]):
        if _anchor_of_a_longer_time(lic.start, lic.end, found):
            continue
        window = date_operand(
            record,
            sentence,
            lic.phrase,
            "event_time",
            question_date=question_date,
            tz=tz,
            name=name or "probe",
        )
        meaning = {
            "recent": RECENT_DEED,
            "journal": JOURNAL_DEED,
            "news": NEWS_DEED,
            "entry": ENTRY_DEED,
        }.get(lic.kind, "the note's own day, licensed by the words")
        out.append(
            Mention(
                lic.phrase,
                start + lic.start,
                start + lic.end,
                "event_time",
                "licence",
                start,
                end,
                window,
                meaning=meaning,
                covers=lic.verb,
            )
        )
        taken.append((lic.start, lic.end))
    found = sorted(found + _numeric_dates(sentence, found))
    for a, b, phrase in found:
        if any(a < y and x < b for x, y in taken):
            continue
        if (
            _LICENCE.fullmatch(phrase)
            or (interp.licences(phrase) and not _LONGER_TIME.search(phrase))
            or interp.echo_key(phrase) in echoed
        ):
            continue
        before = sentence[:a]
        after = sentence[b : b + 12]
        vague = bool(
            _VAGUE_EXPR.search(_INSIDE.sub("", phrase))
            or _HEDGE_BEFORE.search(before)
            or (_HEDGE_AFTER.match(sentence[b:]) and not _OPINION_AFTER.match(sentence[b:]))
        )
        counted = timeexpr.counts_from_before(phrase)
        future = not counted and (
            bool(_FUTURE_WORDS.match(phrase))
            or bool(re.search(r"\b(?:next|coming|upcoming)\s*$", before, re.IGNORECASE))
        )
        reason = ""
        finished = None if counted else _finished_span(text, start, a, b)
        if finished is not None:
            # "I just finished the novel in 12 days": the reading began that long before the
            # note; like "since", it dates only that start
            a, b, phrase, quote = finished
            window = date_operand(
                record, quote, phrase, "text_expression", question_date=question_date, tz=tz
            )
            out.append(
                Mention(
                    phrase,
                    start + a,
                    start + b,
                    "text_expression",
                    "text",
                    start,
                    end,
                    window,
                    problem="" if window else interp.finished_problem(quote, phrase) or "",
                    since=True,
                    approximate=True,
                    meaning=FINISHED_SPAN,
                )
            )
            continue
        if counted:
            # "two days later", "the next morning", "the following Monday": read from the time
            # told before it in the entry (interpretation finds it, or refuses)
            if _TO_BEFORE.search(before) or _NOT_A_DATE_BEFORE.search(before):
                reason = "a span, habit or bound, not the event's date"
        elif _GLUED_MODIFIER.match(sentence[b : b + 2]):
            reason = "a modifier glued to a word ('20th-century'), not a date"
        elif phrase.strip().casefold() == "now":
            # "I painted it last year, now I'm bored of it": the writer's present, which
            # dates a state told in the present, never a deed (those need "just now" & co.)
            reason = "'now' is the writer's present, not when something happened"
        elif interp.points_back(phrase):
            reason = interp.POINTS_BACK_REASON
        elif _BEFORE_NOW_ONLY.fullmatch(phrase.strip()):
            reason = "says only that it was before the note, not when"
        elif _DAY_IN_GENERAL.fullmatch(phrase.strip()):
            reason = "a part of the day in general ('during the day'), not a date"
        elif _AMOUNT_IN.match(phrase) and _past_before(before):
            # "we watched the season in one weekend": how long it took, not when
            reason = "an amount of time it took, not when it happened"
        elif (
            _BARE_NAME.fullmatch(phrase)
            and not _DATE_LEAD.search(before)
            and not _DATE_FOLLOW.match(sentence[b:])
            and not (
                _PAST_VERB_LEAD.search(before)
                and _FULL_WEEKDAY.fullmatch(phrase)
                and not _NAME_GOES_ON.match(sentence[b:])
            )
        ):
            reason = "a day or month name used as a name, not a date"
        elif other_event := _counted_from_another(before, phrase):
            reason = f"the time of the {other_event} the deed is counted from, not of the deed"
        elif _TO_BEFORE.search(before):
            reason = f"a time something was moved to ('to {phrase}'), not when it happened"
        elif (
            _NOT_A_DATE_BEFORE.search(before) or _SPAN_WORDS.match(phrase)
        ) and not _MEAL_BOUND.search(f"{before}{phrase}"):
            reason = "a span, habit or bound, not the event's date"
        elif _WEEKDAY_PLURAL.match(sentence[a:]) or re.match(r"^s\b", after):
            reason = "a habit (plural day), not a date"
        elif (
            re.match(r"\s*(?:later|after|before|earlier|prior)\b", after, re.IGNORECASE)
            and not _MONTH_DAY.fullmatch(phrase.strip())
            and not _OWN_DAY_THEN_CLAUSE.match(f"{before[-4:]}{phrase}{sentence[b : b + 40]}")
        ):
            # "two days later", "the Monday after the party"; a month's day stays itself
            # ("it arrived on February 25th after a delay")
            reason = "counted from another event, not from the note"
        elif re.match(
            r"in\s+(?:\d|an?\b|one\b|two\b|three\b)", phrase, re.IGNORECASE
        ) and _DONE_IN.search(before):
            # "finished in 52 minutes", "did it in two hours": how long it took, not when
            reason = "an amount of time it took, not when it happened"
        if not reason and record.event_time is not None:
            # "on Sunday", "on the 25th" are read only in a past report, and not in a note
            # written on a Sunday (on the 25th)
            answer = interp.is_answered_statement(record, sentence)
            span = title_span(record)
            reason = (
                interp.bare_day_problem(
                    sentence,
                    phrase,
                    None if span is not None else record.event_time,
                    asked_past=answer,
                    in_period=span is not None,
                )
                or ""
            )
        window = None
        approximate = False
        since = bool(re.search(r"\bsince\s+(?:the\s+)?$", before, re.IGNORECASE))
        if reason.startswith("a span"):
            ongoing = _ongoing(sentence, a, b)
            if ongoing is not None:
                # "I've been learning Spanish for three weeks now": the state began three
                # weeks before the note; like "since", it dates only that start
                a, b, phrase = ongoing
                since = True
        if not reason or (since and reason.startswith("a span")):
            if vague:
                a, b, phrase = _hedged(sentence, a, b)
            dated = read_operand(
                record, sentence, phrase, "text_expression", question_date=question_date, tz=tz
            )
            if dated is not None:
                assert dated.start is not None and dated.end is not None and dated.grain
                window = (dated.start, dated.end, dated.grain)
                approximate = dated.approximate
            if window is None and counted:
                # the time it counts from is not told unambiguously: like any time pointing
                # back, it dates nothing and lends its clause no other time
                reason = interp.POINTS_BACK_REASON
            elif window is None:
                reason = reason or "not readable as a date"
            elif _far_back_without_year(phrase, window, record):
                # "my appointment on March 3rd", written on March 1st, is read (past-leaning)
                # as last year's: a date this far back was most likely a coming one.
                reason = "a date without a year that reads as nearly a year before the note"
                window = None
        coming = interp.told_as_coming(sentence, phrase)
        out.append(
            Mention(
                phrase,
                start + a,
                start + b,
                "text_expression",
                "text",
                start,
                end,
                window,
                vague=vague,
                future=future,
                problem=reason,
                since=since,
                coming=coming,
                approximate=approximate,
                counted=counted,
            )
        )
    out.sort(key=lambda m: m.start)
    return out


def _near_writing(record: EvidenceRecord, question_date: datetime) -> datetime:
    """A day near when the record was written: its own time, the first day of the week or
    month its heading fixes, else the question's day."""
    if record.event_time is not None:
        return record.event_time
    period = heading_period(record)
    return period[0] if period is not None else question_date


_IN_BEFORE = lazyre.compile(r"\bin\s+(?:(?:just|only)\s+)?$", re.IGNORECASE)


def _finished_span(text: str, start: int, a: int, b: int) -> tuple[int, int, str, str] | None:
    """The length "in just 14 days" around ``text[start + a : start + b]`` when it ends the
    clause of a finish (:func:`prme_cli.relate.interpret.finish_before`), with the quote it
    is read from: the sentence, and the one before it in the same paragraph, which may be
    what dates the finish ("I just finished the season. … I finished it in 14 days")."""
    phrase = text[start + a : start + b]
    lead = _IN_BEFORE.search(text[start : start + a])
    if lead is not None:
        a = lead.start()
        phrase = text[start + a : start + b]
    if interp.finished_length(phrase) is None:
        return None
    paragraph = max(text.rfind("\n", 0, start), 0)
    breaks = [m.end() for m in re.finditer(r"[.!?]+[\"')\]]*\s+", text[paragraph:start])]
    quote_start = paragraph + breaks[-2] if len(breaks) >= 2 else paragraph
    quote = text[quote_start : start + b].lstrip()
    if interp.finish_before(quote, phrase) is None:
        return None
    return a, b, phrase, quote


_FOR_BEFORE = lazyre.compile(r"\bfor\s+(?:the\s+(?:past|last)\s+)?$", re.IGNORECASE)
_NOW_AFTER = lazyre.compile(r"^\s+(?:now|so\s+far|already)\b", re.IGNORECASE)


def _ongoing(sentence: str, a: int, b: int) -> tuple[int, int, str] | None:
    """ "for three weeks now" around the length ``sentence[a:b]`` when its clause tells a
    state holding up to the note (:func:`prme_cli.relate.interpret.ongoing_problem`)."""
    lead = _FOR_BEFORE.search(sentence[:a])
    if lead is None and not re.match(r"the\s+(?:past|last)\s", sentence[a:b], re.IGNORECASE):
        return None
    if lead is None:
        lead_for = re.search(r"\bfor\s+$", sentence[:a], re.IGNORECASE)
        if lead_for is None:
            return None
        start = lead_for.start()
    else:
        start = lead.start()
    tail = _NOW_AFTER.match(sentence[b:])
    end = b + tail.end() if tail else b
    phrase = sentence[start:end]
    if interp.ongoing_length(phrase) is None or interp.ongoing_problem(sentence, phrase):
        return None
    return start, end, phrase


#: A hedge word right before an expression, or right after it, that the time engine reads as
#: part of it ("about a month ago", "two weeks ago or so"): the expression is cited with it.
_HEDGE_LEAD = lazyre.compile(r"\b(?:about|around|roughly|approximately)\s+$", re.IGNORECASE)
_HEDGE_TAIL = lazyre.compile(r"^\s*(?:or\s+so|-?ish)\b", re.IGNORECASE)


def _hedged(sentence: str, a: int, b: int) -> tuple[int, int, str]:
    """The expression at ``sentence[a:b]`` with the hedge words around it, so that it is read
    (and cited) as the vague expression it is: an approximate, widened interval."""
    lead = _HEDGE_LEAD.search(sentence[:a])
    if lead:
        a = lead.start()
    tail = _HEDGE_TAIL.match(sentence[b:])
    if tail:
        b += tail.end()
    return a, b, sentence[a:b]


#: Words the engine reads as part of an expression ("every Saturday", "since March 3rd",
#: "two days after") that this module's rules judge from the text around the date instead:
#: they are moved out of the phrase, so "every" is a habit and "after" counts from an event.
_LEAD_WORDS = lazyre.compile(
    r"^(?:(?:every|each|since|until|till|by|for|from|through|throughout|over|within|before|"
    r"after|prior\s+to|than|starting|beginning|around|about|approximately|roughly|between|"
    r"as\s+of|no\s+later\s+than|later\s+than|earlier\s+than|up\s+to)\s+)+",
    re.IGNORECASE,
)
_TAIL_WORDS = lazyre.compile(
    r"(?:\s+(?:later|after|afterwards|afterward|before|earlier|prior|or\s+so|-?ish))+$",
    re.IGNORECASE,
)


#: A part of the day that heads an event's name ("the jazz night on Thursday", "quiz
#: night on Friday"): the name's noun, not part of the time.
_NAMED_PART_OF_DAY = lazyre.compile(
    r"(?:night|evening|morning|afternoon)\s+(?=on\s)", re.IGNORECASE
)
#: Words before a part of the day that leave it a time ("the night on Thursday").
_NOT_A_MODIFIER = lazyre.compile(
    r"(?:\b(?:the|a|an|that|this|last|next|one|every|each|on|at|in|by|of|all|whole)|[^\w\s])\s*$",
    re.IGNORECASE,
)


def _counted_or_core(sentence: str, a: int, b: int) -> tuple[int, int, str]:
    """The engine's span as this module reads it: whole (without a leading relation word)
    when it counts from the time told before it ("two days later"), else its core."""
    from prme_cli import timeexpr

    lead = _LEAD_WORDS.match(sentence[a:b])
    start = a + (lead.end() if lead else 0)
    if timeexpr.counts_from_before(sentence[start:b]):
        return start, b, sentence[start:b]
    return _core(sentence, a, b)


def _core(sentence: str, a: int, b: int) -> tuple[int, int, str]:
    """The engine's span without the relation words this module judges itself."""
    phrase = sentence[a:b]
    lead = _LEAD_WORDS.match(phrase)
    if lead:
        a += lead.end()
    named = _NAMED_PART_OF_DAY.match(sentence, a)
    before = sentence[:a]
    if named and before.strip() and not _NOT_A_MODIFIER.search(before):
        a = named.end()  # "the jazz night on Thursday": the time is "on Thursday"
        lead = _LEAD_WORDS.match(sentence[a:b])
        if lead:
            a += lead.end()
    tail = _TAIL_WORDS.search(sentence[a:b])
    if tail:
        b = a + tail.start()
    return a, b, sentence[a:b]


#: Words before a numeric date that make it a date and not a fraction ("3/4 of the flour").
_NUMERIC_LEAD = lazyre.compile(
    r"\b(?:on|since|from|until|till|by|before|after|through|"
    r"starting|dated|of)\s+(?:the\s+)?$",
    re.IGNORECASE,
)


def _numeric_dates(sentence: str, taken: list[tuple[int, int, str]]) -> list[tuple[int, int, str]]:
    """Numeric dates ("on 3/27", "since the 3/8", "12/24/2023") the expression finder does not
    read: they are read by :func:`prme_cli.relate.interpret.numeric_date_words`. Only with a
    year or after a preposition of time, so a fraction is never a date."""
    out = []
    for m in interp.NUMERIC_DATE.finditer(sentence):
        if any(a < m.end() and m.start() < b for a, b, _ in taken):
            continue
        if m["year"] or _NUMERIC_LEAD.search(sentence[: m.start()]):
            out.append((m.start(), m.end(), m.group(0)))
    return out


#: A verb of doing (past) or a pronoun object right before "in 52 minutes".
_DONE_IN = lazyre.compile(
    r"(?:\b\w+ed|\b(?:ran|did|done|made|swam|rode|drove|won|it|them|that|"
    r"this|one|race|run|lap|laps|distance|course))\s+$",
    re.IGNORECASE,
)


_YEAR = lazyre.compile(r"\b\d{4}\b|'\d{2}\b")
_CALENDAR_DAY = lazyre.compile(
    rf"\b(?:{_DAYS_MONTHS})\b|\d(?:st|nd|rd|th)\b|\d+/\d+", re.IGNORECASE
)


def _far_back_without_year(phrase: str, window, record: EvidenceRecord) -> bool:
    if record.event_time is None or _YEAR.search(phrase) or not _CALENDAR_DAY.search(phrase):
        return False
    if re.search(r"\b(?:ago|last|yesterday)\b", phrase, re.IGNORECASE):
        return False
    return (record.event_time.date() - window[0].date()).days > 300


_FACT_MEANING = {
    "closed": "CLOSED: when the task was done",
    "state": "a logged state change",
    "scheduled": "SCHEDULED: when it was planned for (a plan, not a doing)",
    "deadline": "DEADLINE: when it was due (not when it was done)",
    "clock": "CLOCK: when it was worked on",
    "active": "an active stamp: when the appointment is",
}


def heading_mentions(
    record: EvidenceRecord, heading: Heading, *, question_date: datetime, tz: tzinfo
) -> list[Mention]:
    """The org facts of a heading as mentions quoted from the heading line through the
    stamp, so the quote shows both the event's title and its time."""
    out = []
    for fact in heading.facts:
        expression = record.text[fact.start : fact.end]
        quote = record.text[heading.start : fact.end]
        window = date_operand(
            record, quote, expression, "org_timestamp", question_date=question_date, tz=tz
        )
        kind = fact.kind
        finished = record.keywords.finished(fact.state)
        if kind == "state" and not (
            finished if finished is not None else fact.state.upper() in ("DONE",)
        ):
            kind = "state_other"
        out.append(
            Mention(
                expression,
                fact.start,
                fact.end,
                "org_timestamp",
                kind,
                heading.start,
                fact.end,
                window,
                meaning=_FACT_MEANING.get(kind, ""),
            )
        )
    return out


def fact_kind_fits(
    fact: OrgFact | Mention,
    aspects: set[str],
    todo: str | None,
    keywords: FileKeywords = NO_FILE_KEYWORDS,
) -> str | None:
    """Why an org fact cannot date an event of these aspects (``None`` when it can).
    ``keywords`` are the sets the heading's file declares: they say which of its keywords
    close a task done (``#+TODO: TODO | FITTED``), else DONE and COMPLETE(D) do."""
    kind = fact.kind
    done = keywords.finished(todo)
    if done is None:
        done = (todo or "").upper() in ("DONE",) or (todo or "").upper().startswith("COMPLET")
    if kind in ("closed", "state"):
        if not done:
            return "the task was closed without being done"
        if "start" in aspects or "plan" in aspects:
            return "CLOSED is when the task was finished, not when it began or was planned"
        return None
    if kind in ("scheduled", "deadline"):
        if "plan" in aspects:
            return None
        return "a SCHEDULED or DEADLINE stamp is a plan, not the doing"
    if kind == "active":
        if is_cancel_state(todo, keywords.open):
            return "the task was cancelled or skipped: its appointment did not take place"
        if aspects & {"start", "finish", "plan", "order", "receive"}:
            return "an appointment stamp does not say when it started, finished or arrived"
        return None
    if kind == "clock":
        return "a CLOCK line dates work on the task, not a single event"
    return "not a dating fact"


def licence_in(text: str) -> str | None:
    """The licence words in ``text`` ("today", "this morning", "just got back" …), if any."""
    found = interp.licences(text)
    return found[0].phrase if found else None


def grain_rank(grain: str) -> int:
    order = ("second", "minute", "hour", "day", "week", "month", "quarter", "year")
    return order.index(grain) if grain in order else len(order)


UNIT_GRAIN = {
    None: "day",
    "minutes": "minute",
    "hours": "hour",
    "days": "day",
    "weeks": "week",
    "months": "month",
    "years": "year",
}


def precise_enough(grain: str, unit: str | None) -> bool:
    """A day count needs day-precise dates, a week count week-precise ones, and so on."""
    return grain_rank(grain) <= grain_rank(UNIT_GRAIN.get(unit, "day"))


__all__ = [
    "Mention",
    "date_operand",
    "fact_kind_fits",
    "heading_mentions",
    "lexicon",
    "licence_in",
    "precise_enough",
    "sentence_mentions",
]
