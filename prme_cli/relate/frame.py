"""The one question analyser: a temporal question becomes a typed :class:`Frame`, or nothing.

The router routes exactly when :func:`analyse` produces a frame, so routing and parsing
cannot disagree. A frame says what to compute (``operation``; ``operations`` when the
construction admits several), what kind of answer and at what precision (``answer``,
``precision``), the reference time and the windows the question restricts to, and each event
the question names as a structure (:class:`EventDescription`: predicate, participants,
object, ordinal, aspect).

Grammar (each line is a registered family in :data:`FAMILIES`, tried in order; the first
that matches gives the frame; ``X`` is one event, ``A``/``B`` two, ``L`` a list)::

    span        how long did X take|last (me|us)  |  how long was X  |  how many <unit> did X take|last
                how long did it take (me|for P) to V X
    plan        when am I|is S (going to|planning to) V X  |  when will S V X  |  when is S V-ing X
                when is X (due|planned|scheduled) (next|again)  |  when is my (next) N | the next N
    month       in|during which month did S V X  |  what month did S V X
    uninverted  (so) when was it that S V X  |  S V X when
    listed      <any lead> order <…> : L  |  in what|which order did S V L
    kind        what is the order of the N <plural noun> S V
    difference  how many <unit> (longer|shorter|faster|slower|more|less) …
    lastly      when did S last V X  |  how long ago did S last V X   (ordinal: the latest)
    ago_was     how long ago was X  (X a named event: "the Lyon conference")
    after_it    how many <unit> after|before A did it|she|they V  |  … was it|were they V-ed
    together    when did P and Q V X  |  when did P and I V X  |  when did P's N V X
    classic     the constructions of :mod:`prme_cli.relate.router` with the event phrases of
                :mod:`prme_cli.relate.symbolic.question` (between A and B, A before B,
                how long ago, which first A or B, when did S V X, …)

A subject may be a person or several ("When did Noor and Pieter …", "When did Pieter's
brother …"): participants keep every name; the first person is ``"I"``. A count of things
("how many times", "how many books") gives no frame.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import datetime
from functools import lru_cache

from prme_cli import lazyre
from prme_cli.relate.symbolic import lexicon
from prme_cli.relate.symbolic.question import EventPhrase, QuestionFrame
from prme_cli.textevents import SERIES_ORDINALS

_UNITS = "minutes|hours|days|weeks|months|years"
_AUX = r"(?:did|do|does|was|were|is|are|had|has|have|will)"
_ORDINALS = SERIES_ORDINALS
_DETERMINERS = frozenset(
    ["the", "a", "an", "my", "our", "your", "his", "her", "their", "this", "that", "these", "those"]
)
_START_WORDS = frozenset(["start", "started", "starting", "begin", "began", "begun", "beginning"])
_END_WORDS = frozenset(
    ["finish", "finished", "finishing", "complete", "completed", "completing", "end", "ended"]
)
#: A span of one activity: a stated duration ("the drive took three hours") or the time from
#: its start to its end (a task's STARTED and DONE, a trip's range).
SPAN_OPERATIONS: tuple[str, ...] = ("duration_sum", "elapsed_between")
_PRECISION = {
    "minutes": "minute",
    "hours": "hour",
    "days": "day",
    "weeks": "week",
    "months": "month",
    "years": "year",
}


@dataclass(frozen=True, slots=True)
class EventDescription:
    """One event the question names. ``text`` is verbatim from the question (the operand's
    name); the rest is what the resolvers and the gate compare with a note's events."""

    text: str
    predicate: str
    participants: tuple[str, ...]
    object: tuple[str, ...]
    ordinal: int | None = None
    aspect: str | None = None  # start | end | None
    #: "start"/"end" when two descriptions are the two ends of one lasting event
    boundary: str | None = None


@dataclass(frozen=True, slots=True)
class Kind:
    """Every event of a kind the question names ("the three museums I visited", "my
    trips"): ``text`` is the question's phrase for them, verbatim (every operand's name);
    ``noun`` the head noun's key ("museum"), ``modifiers`` the other content words of the
    noun phrase, ``verb`` the deed's key ("visit"; empty when the question names none),
    ``count`` the number the question gives (None when it gives none), ``pick`` what is asked:
    the whole order, or its first or last member."""

    text: str
    noun: str
    modifiers: tuple[str, ...]
    verb: str
    count: int | None
    pick: str  # all | first | last
    #: the verb as the question writes it, with its particle ("went to", "visit")
    verb_text: str = ""
    #: whose deeds they are, when the phrase names someone ("the concerts Tom went to")
    subject: str | None = None


@dataclass(frozen=True, slots=True)
class Frame:
    operation: str | None
    operations: tuple[str, ...]
    unit: str | None
    answer: str  # duration | date | order | total | schedule
    precision: str  # the finest grain the answer needs: day, week, month, ...; "evidence"
    events: tuple[EventDescription, ...]
    form: str
    reason: str
    #: the phrases the text alignment works with (same order as ``events``), and the
    #: operation they were parsed for (``operation`` may be None when several can answer)
    phrases: tuple[EventPhrase, ...] = ()
    phrase_operation: str | None = None
    subject: str | None = None
    latest: bool = False
    planned: bool = False
    #: the construction gives its two events in time order ("how long before B did I A",
    #: "how many days after A did I B", a span's start and end); "between A and B" does not
    ordered: bool = False
    reference_time: datetime | None = None
    windows: tuple[tuple[datetime, datetime, str], ...] = ()
    notes: tuple[str, ...] = field(default_factory=tuple)
    #: an order of every event of a kind ("the order of the three museums I visited")
    kind: Kind | None = None
    #: a difference of lengths ("how many minutes longer was A than B"): the sign of each
    #: event's length in the sum (+1 for A, -1 for B; reversed for "shorter", "faster")
    signs: tuple[int, ...] = ()

    def question_frame(self) -> QuestionFrame | None:
        """The frame as the text alignment reads it (None without event phrases)."""
        operation = self.operation or self.phrase_operation
        if not self.phrases or operation is None:
            return None
        return QuestionFrame(
            operation,
            self.phrases,
            self.unit,
            self.form,
            self.subject,
            self.latest,
            self.notes,
            self.planned,
        )


# --------------------------------------------------------------------------- descriptions


def _participants(subject: str | None) -> tuple[str, ...]:
    if not subject or subject.lower() in ("i", "we", "me"):
        return ("I",)
    names = re.split(r"\s+and\s+|\s*,\s*", subject)
    return tuple("I" if n.lower() in ("i", "me", "we") else n for n in names if n)


def _capitalised(word: str) -> bool:
    """Is ``word`` written with a capital initial and lower-case after it ("Game", not
    "I", "TV" or "game")?"""
    return len(word) > 1 and word[0].isupper() and word[1:].islower()


def describe(phrase: EventPhrase, subject: str | None) -> EventDescription:
    """The structure of one event phrase, by the one word normaliser."""
    from prme_cli import words

    predicate = ""
    obj: list[str] = []
    ordinal = None
    aspect = phrase.aspect if phrase.aspect in ("start",) else None
    if phrase.aspect == "finish":
        aspect = "end"
    previous = ""
    for _, _, word in words.tokens(f"{phrase.text} {phrase.shared}"):
        low = word.lower()
        if low in _ORDINALS and ordinal is None:
            ordinal = _ORDINALS[low]
        elif low in _START_WORDS:
            aspect = aspect or "start"
        elif low in _END_WORDS:
            aspect = aspect or "end"
        elif (
            not predicate
            and words.verb_lemma(low)
            and previous not in _DETERMINERS
            # a capitalised word inside a question is a name or a title ('Game of
            # Thrones', "Walk for Hunger"), never the deed
            and not _capitalised(word)
            and ("NOUN" not in words.lemmas(low) or not previous)
        ):
            predicate = words.event_key(low)
        elif not lexicon.is_stop(low):
            obj.append(words.event_key(low))
        previous = low
    doer = phrase.doer or ""
    people = _participants(subject) if not doer else (doer,)
    return EventDescription(
        phrase.text, predicate, people, tuple(obj), ordinal, aspect, phrase.boundary
    )


# --------------------------------------------------------------------------- families

Family = Callable[[str, str], "Frame | None"]


def _frame(
    operation: str,
    phrases: tuple[EventPhrase, ...],
    *,
    form: str,
    unit: str | None = None,
    subject: str | None = None,
    operations: tuple[str, ...] | None = None,
    latest: bool = False,
    planned: bool = False,
    precision: str | None = None,
) -> Frame:
    answer = {
        "elapsed_between": "duration",
        "elapsed_since_question": "duration",
        "duration_sum": "total",
        "order": "order",
        "absolute_date": "date",
        "schedule": "schedule",
    }.get(operation, "duration")
    if precision is None:
        precision = _PRECISION.get(unit or "", "day") if answer == "duration" else "evidence"
    phrases = _resolve_pronouns(phrases)
    return Frame(
        operation=operation,
        operations=operations or (operation,),
        unit=unit,
        answer=answer,
        precision=precision,
        events=tuple(describe(p, subject) for p in phrases),
        form=form,
        reason=form,
        phrases=phrases,
        phrase_operation=operation,
        subject=subject,
        latest=latest,
        planned=planned,
        ordered=operation == "elapsed_between" and not form.startswith("between"),
    )


_PRONOUN_OBJECT = lazyre.compile(r"\b(?:it|them|this|that|one)\b", re.IGNORECASE)


def _resolve_pronouns(phrases: tuple[EventPhrase, ...]) -> tuple[EventPhrase, ...]:
    """ "How many days after I started the billing migration did I finish it?": an event told
    through a pronoun borrows the other event's words (without its subject and verb)."""
    if len(phrases) != 2:
        return phrases
    out = list(phrases)
    for i, phrase in enumerate(phrases):
        other = phrases[1 - i]
        rest = _PRONOUN_OBJECT.sub(" ", phrase.text).split()
        if not _PRONOUN_OBJECT.search(phrase.text) or len(rest) > 2 or phrase.shared:
            continue
        borrowed = _thing_of(other.text)
        if borrowed:
            out[i] = replace(phrase, shared=borrowed)
    return tuple(out)


def _thing_of(text: str) -> str:
    """The words of an event phrase after its subject and verb ("I bought the dishwasher" ->
    "the dishwasher"): what a pronoun or a passive in the other event stands for; "" when
    nothing follows the verb."""
    told = text.split()
    while told and told[0].lower() in ("i", "we", "he", "she", "they", "did", "had"):
        told = told[1:]
    return " ".join(told[1:]) if len(told) > 1 else ""


def _clean(question: str) -> str:
    text = question.replace("\u2019", "'").replace("\u2018", "'")
    return re.sub(r"\s+", " ", text.strip()).rstrip(" ?!.")


def _subject_of(raw: str | None) -> str | None:
    if raw is None or raw.lower() in ("i", "we", "me", "the user", "the narrator"):
        return None
    return raw


_SUBJECT = r"(?P<subj>I|we|(?-i:[A-Z][\w'-]*(?:\s+(?:and\s+)?[A-Z][\w'-]*)*))"


def _span(q: str, low: str) -> Frame | None:
    """How long did X take / last; how long was X; how long did it take me to V X."""
    m = re.match(
        rf"how (?:long|many (?P<unit>{_UNITS})) did it take (?:me |us |(?:for )?(?P<who>"
        rf"[A-Z][\w'-]*) )?to (?P<x>.+)$",
        q,
        re.IGNORECASE,
    )
    if m and not re.match(r"(?:finish|complete)\b", m["x"], re.IGNORECASE):
        x = m["x"]
        if re.search(r"\b(?:after|before|since|from)\b", x, re.IGNORECASE):
            # "how long did it take Noor to sign the contract after passing her test": an
            # interval between two events
            rel = re.search(r"\s(?P<rel>after|since|from)\s+(?P<a>.+)$", x, re.IGNORECASE)
            if rel is None:
                return None
            b = x[: rel.start()].strip()
            a = rel["a"].strip()
            return _frame(
                "elapsed_between",
                (EventPhrase(a), EventPhrase(b)),
                form="how long did it take P to B after A",
                unit=_unit(m),
                subject=_subject_of(m["who"]),
            )
        return _one_span(
            x,
            "how long did it take to A (a stated duration, or its start to its end)",
            _unit(m),
            _subject_of(m["who"]),
        )
    m = re.match(
        rf"how (?:long|many (?P<unit>{_UNITS})) (?:did|was|were) (?P<x>(?:the|my|our|"
        rf"his|her|their|(?:(?-i:[A-Z][\w'.-]*) )?(?-i:[A-Z][\w'-]*)'s|[a-z]+ing) .+?)"
        rf"(?: (?P<verb>take|last|go on|run))?(?: (?:me|us|him|her|them))?$",
        q,
        re.IGNORECASE,
    )
    if m and (
        m["verb"] or re.match(r"how long (?:was|were)\b", q, re.IGNORECASE) and _noun_led(m["x"])
    ):
        x = m["x"]
        return _one_span(
            x, "how long did X last (a stated duration, or its start to its end)", _unit(m)
        )
    return None


def _noun_led(x: str) -> bool:
    """ "How long was the trip": a noun phrase; "how long was renewing …" is no English."""
    return not re.match(r"[a-z]+ing\b", x)


def _one_span(
    x: str, form: str, unit: str | None, subject: str | None = None, shared: str = ""
) -> Frame:
    """The length of one lasting event ``x``: a stated duration, or its start to its end
    (no single operation: the notes decide which)."""
    return replace(
        _frame(
            "elapsed_between",
            (
                EventPhrase(x, shared=shared, aspect="start", boundary="start"),
                EventPhrase(x, shared=shared, aspect="finish", boundary="end"),
            ),
            form=form,
            unit=unit,
            subject=subject,
            operations=SPAN_OPERATIONS,
        ),
        operation=None,
    )


def _stay(q: str, low: str) -> Frame | None:
    """ "How long was Lena in Kraków?", "How many days were we at the cabin?": the length of
    a stay — a stated one ("I was in Kraków for 3 days") or its arrival to its departure."""
    m = re.match(
        rf"how (?:long|many (?P<unit>{_UNITS})) (?:was|were) {_SUBJECT} "
        rf"(?P<x>(?:in|at|away|abroad|off|on holiday|on vacation)\b.*)$",
        q,
        re.IGNORECASE,
    )
    if not m:
        return None
    return _one_span(
        m["x"],
        "how long was P in X (a stated duration, or its start to its end)",
        _unit(m),
        _subject_of(m["subj"]),
    )


_TOTAL_TAIL = lazyre.compile(
    r",?\s+(?:in total|altogether|all together|combined|together|overall)$", re.IGNORECASE
)


_QUOTED = lazyre.compile(
    r"(?<![\w])(['\"\u201c\u2018])[^'\"\u201d\u2019]+['\"\u201d\u2019](?![\w])"
)


def _items(text: str) -> list[str]:
    """ "piano practice and the yoga class", "A, B and C": the items of a list, split at
    commas and "and" outside quotation marks ("'Romeo and Juliet'" stays one)."""
    masked = _QUOTED.sub(lambda m: "x" * len(m.group(0)), text)
    parts: list[str] = []
    start = 0
    for sep in re.finditer(r",\s*(?:and\s+)?|\s+and\s+", masked):
        parts.append(text[start : sep.start()])
        start = sep.end()
    parts.append(text[start:])
    return [p.strip() for p in parts if p.strip()]


_GERUND_LEAD = lazyre.compile(
    r"(?P<verb>[a-z]+ing(?:\s+(?:to|on|at|about|with|through|for))?)\s+\S", re.IGNORECASE
)


def _shared_verb(items: list[str]) -> list[tuple[str, str]]:
    """ "reading 'A' and listening to 'B' and 'C'": a list item that is only a quoted title,
    after an item led by a verb ("listening to"), is that verb's object too — each item with
    the verb it shares (the item itself stays the operand's verbatim name)."""
    from prme_cli import words

    out: list[tuple[str, str]] = []
    verb = ""
    for item in items:
        lead = _GERUND_LEAD.match(item)
        if lead and words.verb_lemma(lead["verb"].split()[0].lower()):
            verb = lead["verb"]
            out.append((item, ""))
        else:
            out.append((item, verb if _QUOTED.fullmatch(item) else ""))
    return out


def span_frame(phrase: EventPhrase, unit: str | None, subject: str | None = None) -> Frame:
    """The span of one activity of a listed total whose length no note states: its start to
    its end (the two boundary events the resolver dates)."""
    form = "the span of one listed activity (its start to its end)"
    return _one_span(phrase.text, form, unit, subject, phrase.shared)


def _total(q: str, low: str) -> Frame | None:
    """ "How many minutes did I spend on piano practice and the yoga class in total?": a sum
    of the time each listed activity took — each a stated duration or its CLOCK lines."""
    m = re.match(
        rf"how (?:long|many (?P<unit>{_UNITS}))(?: in total| altogether)? (?:did|do|have|had) "
        rf"{_SUBJECT} (?:spend|spent)(?: in total| altogether)? (?P<x>.+)$",
        q,
        re.IGNORECASE,
    )
    if not m:
        return None
    x = _TOTAL_TAIL.sub("", m["x"])
    x = re.sub(r"^(?:on|doing)\s+", "", x, flags=re.IGNORECASE)
    items = [re.sub(r"^(?:on|doing)\s+", "", i, flags=re.IGNORECASE) for i in _items(x)]
    if len(items) < 2:
        return None
    return _frame(
        "duration_sum",
        tuple(EventPhrase(i, shared=verb) for i, verb in _shared_verb(items)),
        form="how long did I spend on A and B in total",
        unit=_unit(m),
        subject=_subject_of(m["subj"]),
    )


_MORE = {"longer": 1, "more": 1, "slower": 1, "shorter": -1, "less": -1, "fewer": -1, "faster": -1}


def _difference(q: str, low: str) -> Frame | None:
    """ "How many minutes longer was the drive to Galway than the drive home?", "How many
    more hours did I spend on the garden shed than on the website relaunch?": a difference
    of two lengths, a sum with a negative term (SPEC §6). "longer", "more", "slower" take B
    from A; "shorter", "less", "faster" take A from B. A length the notes make the other
    way round is a false premise, refused."""
    m = re.match(
        rf"how many (?:(?P<more>more|fewer|less) (?P<unit1>{_UNITS})|(?P<unit2>{_UNITS}) "
        rf"(?P<cmp>longer|shorter|faster|slower|more|less)) (?:did|was|were) "
        rf"(?:(?:{_SUBJECT}) (?:spend|spent) (?:on )?)?(?P<a>.+?) than (?:on )?(?P<b>.+)$",
        q,
        re.IGNORECASE,
    )
    if not m:
        return None
    word = (m["more"] or m["cmp"]).lower()
    unit = (m["unit1"] or m["unit2"]).lower()
    a, b = m["a"].strip(), m["b"].strip()
    second = EventPhrase(b)
    if (
        re.match(r"(?:the|my|our|his|her|their)\s+\w+$", b, re.IGNORECASE)
        and len(a.split()) > 2
        and _ORDINALS.get(b.split()[-1].lower())
    ):
        # "my third 10k than my first": the second names its ordinal only, and shares the
        # first one's noun (its name stays the question's own words)
        second = EventPhrase(b, shared=a.split()[-1])
    sign = _MORE[word]
    frame = _frame(
        "duration_sum",
        (EventPhrase(a), second),
        form=f"how many {unit} {word}: A than B (a difference of lengths)",
        unit=unit,
        subject=_subject_of(m["subj"]),
    )
    return replace(frame, signs=(sign, -sign))


#: A person the plan question names: a capitalised name (or two joined by "and"), never a
#: determiner ("When is the …").
_PLANNER = r"(?-i:[A-Z][\w'-]*(?<!'s)(?:\s+and\s+[A-Z][\w'-]*)?)"


def _plan(q: str, low: str) -> Frame | None:
    """ "When am I going to replace the boiler?", "When will Noor fly to Oslo?", "When is
    Maya moving to the new flat?" (a present progressive asked with "when is" is a coming
    event: English tells arrangements so), "When is the MOT due?": a planned date."""
    m = re.match(
        rf"when (?:am|are|is) (?P<subj>I|we|{_PLANNER}) (?:going|planning|supposed|due) "
        rf"to (?P<x>.+)$"
        rf"|when (?:will|shall) (?P<subj2>I|we|{_PLANNER}) (?P<x2>.+)$"
        rf"|when (?:am|are|is) (?P<subj3>I|we|{_PLANNER}) (?P<x3>(?-i:[a-z]+ing)\b.*)$",
        q,
        re.IGNORECASE,
    )
    if m:
        x = m["x"] or m["x2"] or m["x3"]
        subject = _subject_of(m["subj"] or m["subj2"] or m["subj3"])
        return _frame(
            "absolute_date",
            (EventPhrase(x),),
            form="when am I going to A" if subject is None else "when is S going to A",
            subject=subject,
            planned=True,
        )
    m = re.match(
        r"when is (?P<x>.+?) (?:due|planned|scheduled)(?: next| again)?$", q, re.IGNORECASE
    )
    if m:
        return _frame(
            "absolute_date", (EventPhrase(m["x"]),), form="when is A planned", planned=True
        )
    m = re.match(
        r"when (?:is|are) (?P<x>(?:(?:my|our|his|her|their|(?-i:[A-Z][\w'-]*'s)) "
        r"(?:(?:next|upcoming|coming)\s+)?|the (?:next|upcoming|coming) )"
        r"(?-i:[a-z][\w'-]*)(?: [\w'-]+){0,5})$",
        q,
        re.IGNORECASE,
    )
    if m and not _VERB_INSIDE.search(m["x"]):
        # "When is my performance review?", "When is the next dentist appointment?": an
        # appointment of the asker's (or the next one) asked in the present is one still to
        # come; "When is the pub quiz?" may ask of one that took place, and is no plan
        return _frame(
            "absolute_date", (EventPhrase(m["x"]),), form="when is A (to come)", planned=True
        )
    return None


#: Words that make "when is …" no appointment: a clause ("the last time I …") or a verb
#: form ("when is the parcel arriving" is read by the progressive rule).
_VERB_INSIDE = lazyre.compile(
    r"\b(?:I|we|you|he|she|they|it|time|last|first|that|which|who|when)\b|(?-i:[a-z]+ing)$"
    r"|(?-i:[a-z]+ing)\s+(?!(?:with|at|in|on|for|about|of|to|from)\b)\w",
    re.IGNORECASE,
)


def _month(q: str, low: str) -> Frame | None:
    m = re.match(
        rf"(?:in |during )?(?:which|what) month (?:did|was|were) {_SUBJECT} (?P<x>.+)$",
        q,
        re.IGNORECASE,
    )
    if not m:
        return None
    return _frame(
        "absolute_date",
        (EventPhrase(m["x"]),),
        form="in which month did S A",
        subject=_subject_of(m["subj"]),
        precision="month",
    )


def _uninverted(q: str, low: str) -> Frame | None:
    m = re.match(
        rf"(?:so,? |and |but )?when (?:was|is) it that {_SUBJECT} (?P<x>.+)$", q, re.IGNORECASE
    )
    if not m:
        m = re.match(rf"(?:so,? )?{_SUBJECT} (?P<x>\w+ .+?),? when$", q, re.IGNORECASE)
        if not m or not re.match(r"\w+ed\b|\w+ (?:up|back|out)\b", m["x"]):
            return None
    return _frame(
        "absolute_date",
        (EventPhrase(m["x"]),),
        form="when was it that S A",
        subject=_subject_of(m["subj"]),
    )


def _together(q: str, low: str) -> Frame | None:
    """ "When did Noor and Pieter …", "When did Tomas and I …", "When did Pieter's brother …":
    several people, or someone named through another (the text is read as the named
    person's account)."""
    m = re.match(
        r"(?P<lead>when|what date|on what (?:date|day)) did (?P<subj>(?-i:[A-Z][\w-]*)(?: and "
        r"(?-i:[A-Z][\w-]*|I))+|(?-i:[A-Z][\w-]*)'s \w+) (?P<x>.+)$",
        q,
        re.IGNORECASE,
    )
    if not m:
        return None
    subj = m["subj"]
    names = _participants(subj.replace("'s ", " 's ").split(" 's ")[0] if "'s " in subj else subj)
    reader = next((n for n in names if n != "I"), None) if "I" not in names else None
    phrase = EventPhrase(m["x"]) if "'s " not in subj else EventPhrase(f"{subj} {m['x']}")
    frame = _frame("absolute_date", (phrase,), form="when did A and B V X", subject=reader)
    people = _participants(subj) if "'s " not in subj else (subj,)
    return replace(frame, events=tuple(replace(e, participants=people) for e in frame.events))


def _listed(q: str, low: str) -> Frame | None:
    """An order of listed events after any lead phrase with "order"."""
    from prme_cli.relate.symbolic.question import _options

    m = re.search(r"\border\b[^:]*:\s*(?P<items>.+)$", q, re.IGNORECASE)
    shared = ""
    subject = None
    among = re.match(
        r"who\s+(?P<verb>[a-z]+(?:\s+(?:up|back|out|off|home))?)\s+(?:first|earliest)"
        r"(?:,?\s+(?:and\s+)?(?:second|next|then|third|last))*\s+among\s+(?P<items>.+)$",
        q,
        re.IGNORECASE,
    )
    if among:
        # "Who graduated first, second and third among Emma, Rachel and Alex?": each listed
        # person's own deed
        people = [i.strip(" .") for i in _options_of(among["items"])]
        if len(people) < 2 or any(not p[:1].isupper() for p in people):
            return None
        verb = among["verb"]
        phrases = tuple(EventPhrase(p, shared=verb, doer=p) for p in people)
        return _frame("order", phrases, form="who V first among A, B and C")
    if not m:
        # "the order of my trips to Bruges, Brno and the Picos de Europa": each item is one
        # of the plural noun's events, the noun and its preposition shared
        m = re.search(
            r"\border of (?:my|our|the|his|her|their) (?P<noun>[a-z]+s) (?P<prep>to|in|at|"
            r"with|for|from) (?P<items>.+)$",
            q,
            re.IGNORECASE,
        )
        if m:
            shared = f"{m['noun'][:-1]} {m['prep']}"
    if not m:
        m = re.match(
            rf"in (?:what|which) order did {_SUBJECT} (?P<verb>\w+(?: (?:to|up|back))?) "
            r"(?P<items>.+)$",
            q,
            re.IGNORECASE,
        )
        if not m:
            return None
        shared = m["verb"]
        subject = _subject_of(m["subj"])
    items = [i.strip(" .") for i in _options(m["items"])]
    if len(items) == 1 and " and " in items[0]:
        items = [x.strip() for x in items[0].split(" and ")]
    if len(items) == 2 and " and " in items[-1]:
        items = [items[0], *items[-1].split(" and ")]
    if len(items) < 2 or any(i not in q for i in items):
        return None
    if len(items) == 1:
        return None
    if any(" and " in i for i in items):
        last = items.pop()
        items.extend(x.strip() for x in last.split(" and "))
    phrases = tuple(EventPhrase(i, shared=shared) for i in items if i)
    return _frame("order", phrases, form="the order of: A, B, C", subject=subject)


_COUNTS = {
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "both": 2,
}
_KIND_SUBJECT = r"(?:I|we|you|he|she|they|(?-i:[A-Z][\w'-]*))"
_PARTICLE = r"(?:\s+(?:to|up|back|out|off))?"
_DIRECTION = {
    "first": "first",
    "earliest": "first",
    "last": "last",
    "latest": "last",
    "most recently": "last",
}
#: The noun phrase of a kind: a determiner, a count, the nouns, then (optionally) the
#: relative clause that says the deed ("the three museums I visited", "my trips").
_KIND_NP = lazyre.compile(
    r"(?P<np>(?:the|my|our|all\s+(?:the|my|our))\s+(?:(?P<count>\d+|two|three|four|five|six|"
    r"seven|eight|nine|ten|both)\s+)?(?P<nouns>[a-z][\w'-]*(?:\s+[a-z][\w'-]*){0,2}?)"
    rf"(?:\s+(?:that\s+|which\s+)?(?P<subj>{_KIND_SUBJECT})\s+(?:have\s+|'ve\s+)?"
    rf"(?P<verb>[a-z]+{_PARTICLE})(?P<rest>(?:\s+.+)?))?)$",
    re.IGNORECASE,
)


def _kind_of(np_text: str, verb_text: str | None, pick: str, *, plural: bool = True) -> Kind | None:
    """The :class:`Kind` of a noun phrase ("the three museums I visited"); ``verb_text`` is
    the deed when the question states it outside the phrase ("in what order did I visit
    the museums")."""
    from prme_cli import words

    m = _KIND_NP.match(np_text)
    if m is None:
        return None
    nouns = m["nouns"].split()
    if not nouns or any(n.lower() in _DETERMINERS or lexicon.is_stop(n.lower()) for n in nouns):
        return None
    head = nouns[-1].lower()
    if plural and not (head.endswith("s") or head in ("people", "children")):
        return None
    verb = m["verb"] or verb_text or ""
    verb_key = words.event_key(verb.split()[0]) if verb else ""
    count = None
    if m["count"]:
        count = int(m["count"]) if m["count"].isdigit() else _COUNTS[m["count"].lower()]
    return Kind(
        text=m["np"],
        noun=words.event_key(head),
        modifiers=tuple(words.event_key(n) for n in nouns[:-1]),
        verb=verb_key,
        count=count,
        pick=pick,
        verb_text=verb,
        subject=_subject_of(m["subj"]) if m["subj"] else None,
    )


def kind_terms(kind: Kind) -> list[str]:
    """The words that name one event of ``kind``, for retrieval: its head noun as the
    question writes it, its modifiers, and — for a trip — the nouns of a stay away."""
    from prme_cli.relate.symbolic.structure import TRIP_NOUNS

    words_ = [w.lower() for w in kind.text.split() if not lexicon.is_stop(w.lower())]
    head = [w for w in words_ if w.startswith(kind.noun[:4])]
    out = list(dict.fromkeys([*head, kind.noun, *kind.modifiers]))
    if kind.noun in TRIP_NOUNS:
        out += sorted(TRIP_NOUNS - set(out))
    return out


def _kind_frame(kind: Kind, subject: str | None, form: str) -> Frame:
    subject = subject or kind.subject
    phrase = EventPhrase(kind.text, shared="" if kind.verb_text in kind.text else kind.verb_text)
    frame = _frame("order", (phrase,), form=form, subject=subject)
    return replace(frame, kind=kind, latest=kind.pick == "last")


def _kind(q: str, low: str) -> Frame | None:
    """Every event of a kind: "what is the order of the three museums I visited", "in what
    order did I visit the museums", "which of my trips came first". A listed question ("A, B
    or C") is not this family's, and "which museum did I visit first" (a lone "first" or
    "most recently" after a singular noun) is not routed at all, as "last" alone is not."""
    if re.search(r",|\bor\b", q):
        return None
    m = re.match(
        r"(?:(?:what|which)\s+(?:is|was|were|are)|what's|tell\s+me|give\s+me|list)\s+the\s+"
        r"(?:chronological\s+)?order\s+of\s+(?P<np>.+)$",
        q,
        re.IGNORECASE,
    )
    if m:
        kind = _kind_of(m["np"], None, "all")
        return _kind_frame(kind, None, "the order of every X I V") if kind else None
    m = re.match(
        rf"in\s+(?:what|which)\s+order\s+did\s+(?P<subj>{_KIND_SUBJECT})\s+"
        rf"(?P<verb>[a-z]+{_PARTICLE})\s+(?P<np>.+)$",
        q,
        re.IGNORECASE,
    )
    if m:
        kind = _kind_of(m["np"], m["verb"], "all")
        subject = _subject_of(m["subj"])
        return _kind_frame(kind, subject, "in what order did I V every X") if kind else None
    m = re.match(
        r"which\s+of\s+(?P<np>.+?)\s+(?:(?:came|happened|was|were|took\s+place)|did\s+"
        rf"(?P<subj>{_KIND_SUBJECT})\s+(?P<verb>[a-z]+{_PARTICLE}))\s+"
        r"(?P<dir>first|earliest|last|latest|most\s+recently)$",
        q,
        re.IGNORECASE,
    )
    if m:
        pick = _DIRECTION[re.sub(r"\s+", " ", m["dir"].lower())]
        kind = _kind_of(m["np"], m["verb"], pick)
        subject = _subject_of(m["subj"]) if m["subj"] else None
        return _kind_frame(kind, subject, "which of my X came first") if kind else None
    return None


def _options_of(text: str) -> list[str]:
    """ "Emma, Rachel and Alex" -> the three."""
    from prme_cli.relate.symbolic.question import _options

    items = [i.strip(" .") for i in _options(text)]
    out: list[str] = []
    for item in items:
        out.extend(x.strip() for x in re.split(r"\s+and\s+", item) if x.strip())
    return out


def _ago_was(q: str, low: str) -> Frame | None:
    """ "How many weeks ago was the Lyon conference?": a named event, no verb."""
    m = re.match(
        rf"how (?:long|many (?P<unit>{_UNITS})) ago (?:was|were) (?P<x>(?:the|my|our|his|her|"
        rf"their|[A-Z][\w'-]*'s) .+)$",
        q,
        re.IGNORECASE,
    )
    if not m:
        return None
    return _frame(
        "elapsed_since_question", (EventPhrase(m["x"]),), form="how long ago was X", unit=_unit(m)
    )


def _after_it(q: str, low: str) -> Frame | None:
    """ "How many days after ordering the standing desk did it arrive?": the second event's
    doer is the first one's thing."""
    m = re.match(
        rf"how (?:long|many (?P<unit>{_UNITS})) (?P<rel>after|before) (?P<b>.+?) did "
        r"(?P<a>(?:it|they|he|she) .+)$",
        q,
        re.IGNORECASE,
    )
    if not m:
        return _after_it_passive(q)
    a = EventPhrase(m["a"], doer=m["a"].split()[0])
    b = EventPhrase(m["b"])
    phrases = (b, a) if m["rel"].lower() == "after" else (a, b)
    return _frame(
        "elapsed_between", phrases, form=f"how long {m['rel'].lower()} B did it A", unit=_unit(m)
    )


def _after_it_passive(q: str) -> Frame | None:
    """ "How many days after I bought the dishwasher was it installed?", "How long after
    ordering the sofa was it delivered?": the second event is done to the first one's thing
    (its words after the first one's subject and verb), by whoever did it — the frame of
    "When was the dishwasher installed?"."""
    m = re.match(
        rf"how (?:long|many (?P<unit>{_UNITS})) (?P<rel>after|before) (?P<b>.+?) "
        r"(?:was|were) (?:it|they) (?P<v>(?-i:[a-z]+(?:ed|en|wn|ne|t)))$",
        q,
        re.IGNORECASE,
    )
    if not m:
        return None
    thing = _thing_of(m["b"])
    if not thing:
        return None
    a = EventPhrase(m["v"], shared=thing)
    b = EventPhrase(m["b"])
    phrases = (b, a) if m["rel"].lower() == "after" else (a, b)
    return _frame(
        "elapsed_between",
        phrases,
        form=f"how long {m['rel'].lower()} B was it A-ed",
        unit=_unit(m),
    )


def _lastly(q: str, low: str) -> Frame | None:
    m = re.match(
        rf"(?:when|how (?:long|many (?P<unit>{_UNITS})) ago) did {_SUBJECT} last (?P<x>.+)$",
        q,
        re.IGNORECASE,
    )
    if not m:
        return None
    op = "absolute_date" if low.startswith("when") else "elapsed_since_question"
    frame = _frame(
        op,
        (EventPhrase(m["x"]),),
        form="when did S last A",
        unit=_unit(m),
        subject=_subject_of(m["subj"]),
    )
    return replace(frame, events=tuple(replace(e, ordinal=-1) for e in frame.events))


def _classic(q: str, low: str) -> Frame | None:
    from prme_cli.relate import router
    from prme_cli.relate.symbolic import question

    decision = router.construction(low)
    if decision is None:
        return None
    operation, unit, operations, reason = decision
    parsed = question.parse(q)
    if parsed is not None and (operation is None or parsed.operation in operations):
        frame = _frame(
            parsed.operation,
            parsed.phrases,
            form=parsed.form,
            unit=unit if unit is not None else parsed.unit,
            subject=parsed.subject,
            operations=operations,
            latest=parsed.latest,
        )
        return replace(frame, operation=operation, reason=reason, notes=parsed.notes)
    op = operation or operations[0]
    return replace(
        _frame(op, (), form="unparsed", unit=unit, operations=operations),
        operation=operation,
        reason=reason,
    )


def _unit(m: re.Match[str]) -> str | None:
    unit = m.groupdict().get("unit")
    return unit.lower() if unit else None


#: The families, most specific first (see the module docstring's grammar).
FAMILIES: tuple[tuple[str, Family], ...] = (
    ("difference", _difference),
    ("total", _total),
    ("span", _span),
    ("stay", _stay),
    ("plan", _plan),
    ("month", _month),
    ("uninverted", _uninverted),
    ("lastly", _lastly),
    ("ago_was", _ago_was),
    ("after_it", _after_it),
    ("together", _together),
    ("listed", _listed),
    ("kind", _kind),
    ("classic", _classic),
)


def analyse(question: str, *, now: datetime | None = None) -> Frame | None:
    """The frame of ``question``, or None when it asks for no temporal relation."""
    frame = _analyse(question)
    return frame if frame is None or now is None else replace(frame, reference_time=now)


@lru_cache(maxsize=256)
def _analyse(question: str) -> Frame | None:
    # the router, validation, the stage and the resolvers all ask for the same frame
    from prme_cli.relate import router

    q = _clean(question)
    low = router.normalize_question(question)
    if not low or router.is_count(low):
        return None
    for name, family in FAMILIES:
        frame = family(q, low)
        if frame is not None:
            return replace(frame, notes=(*frame.notes, f"family {name}"))
    return None
