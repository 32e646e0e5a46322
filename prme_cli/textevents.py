"""Events told in words: each clause of a note becomes an event, extracted once, at ingest.

SPEC §6 ("Evidence the resolvers read"): notes are read as events, not as bags of words. For
every sentence of a heading's title and body (cut by the record segmenter the resolver uses,
so both see the same sentences), the clause grammar (:mod:`prme_cli.clauses`) finds the
clauses, and each clause with a verb or an event noun becomes an :class:`~prme_cli.events.Event`
of ``source = "text"`` with

- ``predicate``: the lemma of its main verb (an aspect verb's complement: "started knitting"
  -> ``knit``; a passive's participle: "was delivered" -> ``deliver``), or the event noun of a
  nominalisation ("the arrival of the desk" -> ``arrive``), by the one word normaliser
  (:mod:`prme_cli.words`);
- ``sense``: a small class of everyday synonyms (:data:`SENSES`: hurt / injured / sprained,
  had a coffee with / met, signed the contract / started the job, the arrival / arrived);
- ``participants``: the writer (``"I"``), the people it names, "we" as the writer and the
  people just named; a pronoun subject ("she", "they") is the person (or people) named in
  the sentence, turn or note just before, when there is exactly one such reading;
- ``object``: the head noun of its object ("a new kettle" -> ``kettle``; the subject of a
  passive or of an intransitive "arrive"), with ``ordinal`` its position in a series (first
  = 1, third = 3, last = -1, another = 0); "it" and "one" take the object said just before;
- ``kind`` (its aspect): ``start``, ``end``, ``ongoing`` (a state held since a time: "I've been
  going since March", "for three weeks now") or ``single``;
- ``modality`` (``asserted``, ``planned``, ``wished``, ``asked``) and ``polarity``
  (``positive``, ``negative``) of *that* clause: "I plan to ask Priya, who I met on Monday"
  is a plan to ask and an asserted meeting;
- ``times``: the time expressions attached to the clause (its own, or a fronted "Yesterday,"
  that modifies it), found by the one time engine (:func:`prme_cli.timeexpr.find`) anchored
  at the note's own time, each with its window, grain (precision) and whether it is
  approximate; the first dated one also fills ``start``/``end``/``grain``/``expression``.

The quote of a text event is its sentence, verbatim, with the clause's span inside it, so a
resolver can cite it and validation can check it character for character; its ``line``
counts from the heading's own line (0 = the title), so the events of a heading that has not
changed stay true when lines above it move, and ingest keeps them instead of extracting
them again.

Speed: the time engine costs about a millisecond a sentence, so at ingest it reads only the
sentences that can hold a date (:func:`might_hold_date`: a digit, a calendar name, a unit,
a deictic word, a part of the day after one, a holiday); a bare "one", "first" or "dinner"
dates nothing by itself. The resolver still reads every sentence it cites at relate time.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from functools import lru_cache
from typing import Any

from prme_cli import clauses as grammar
from prme_cli import lazyre, words
from prme_cli.events import Event, TimeRef

#: Speakers whose words are not the notes' account of events (an assistant's replies).
NON_WITNESS = frozenset(
    ["assistant", "ai", "bot", "chatgpt", "model", "system", "gpt", "claude", "llm"]
)

# --------------------------------------------------------------------------- sense classes


#: Everyday synonyms, by sense: a verb lemma alone, or a verb lemma with an object head (or a
#: particle, written ``verb+particle``). Resolver-side knowledge: the symbolic gate reads none
#: of it (it checks a cited quote by spelling, see :mod:`prme_cli.relate.symbolic.gate`).
def _entries(text: str) -> tuple[str, ...]:
    """The entries of a word-list literal (kept as prose so the table stays readable)."""
    return tuple(text.split())


SENSES: dict[str, tuple[str, ...]] = {
    "injure": _entries(
        "hurt injure sprain strain bruise fracture twist:ankle twist:knee twist:wrist "
        "twist:back pull:muscle break:arm break:leg break:wrist break:ankle break:toe "
        "break:finger break:bone break:rib cut:finger cut:hand"
    ),
    "meet": _entries(
        "meet have:coffee have:lunch have:dinner have:drink have:brunch have:breakfast "
        "have:tea grab:coffee grab:lunch grab:dinner grab:drink get:coffee get:lunch "
        "get:drink catch+up hang+out run+into bump+into lunch brunch dine encounter"
    ),
    "start_job": _entries(
        "start:job start:position start:role start:internship begin:job begin:position "
        "sign:contract accept:offer accept:job accept:position join:company join:firm "
        "onboard hire"
    ),
    "arrive": _entries(
        "arrive land deliver come+in turn+up show+up come:post come:package come:parcel "
        "come:delivery come:letter come:order check+in"
    ),
    "depart": _entries("depart embark set+off set+out head+off head+out"),
    "return": _entries(
        "return get+back come+back fly+back drive+back head+home get+home arrive+back "
        "arrive+home come+home fly+home drive+home walk+home walk+back make+back"
    ),
    "buy": _entries("buy purchase pick+up acquire"),
    "move_home": _entries("relocate move+in move:house move:flat move:apartment move+house"),
    "leave_job": _entries("resign retire quit:job leave:job"),
    "marry": _entries("marry wed"),
    "graduate": _entries("graduate"),
    "visit": _entries("visit tour explore stop+by drop+by"),
    "adopt": _entries("adopt rescue"),
    "repair": _entries("repair fix mend"),
    "donate": _entries("donate gift"),
    "plant": _entries("plant sow"),
    "publish": _entries("publish post upload"),
    "enrol": _entries(
        "register enrol enroll subscribe sign+up join:gym join:club join:class join:course"
    ),
    "attend": _entries("attend participate"),
    "replace": _entries("replace swap"),
    "reorganize": _entries("reorganize rearrange"),
    "phone": _entries("phone call ring+up"),
    "clean": _entries("clean wash"),
    "learn": _entries("learn study"),
    "reserve": _entries("reserve book"),
    "lose": _entries("lose misplace"),
    "watch": _entries("watch view stream binge see:film see:movie see:show see:play see:musical"),
    "race": _entries("race jog run:race run:marathon run:10k run:5k run:half run:relay"),
}


@lru_cache(maxsize=1)
def _sense_index() -> tuple[dict[str, str], dict[tuple[str, str], str], dict[tuple[str, str], str]]:
    alone: dict[str, str] = {}
    with_object: dict[tuple[str, str], str] = {}
    with_particle: dict[tuple[str, str], str] = {}
    for sense, entries in SENSES.items():
        for entry in entries:
            if ":" in entry:
                verb, noun = entry.split(":")
                with_object[(verb, noun)] = sense
            elif "+" in entry:
                verb, particle = entry.split("+")
                with_particle[(verb, particle)] = sense
            else:
                alone[entry] = sense
    return alone, with_object, with_particle


def sense_of(predicate: str, object_head: str = "", particle: str = "") -> str:
    """The sense class of a predicate (with its object head and particle), or ``""``."""
    alone, with_object, with_particle = _sense_index()
    if particle and (predicate, particle) in with_particle:
        return with_particle[(predicate, particle)]
    if object_head and (predicate, object_head) in with_object:
        return with_object[(predicate, object_head)]
    return alone.get(predicate, "")


# --------------------------------------------------------------------------- word classes

_START_VERBS = frozenset(["start", "begin", "commence"])
_END_VERBS = frozenset(["finish", "complete", "end", "stop", "quit"])
_ASPECT_VERBS = _START_VERBS | _END_VERBS
_PASSIVE_AUXILIARIES = frozenset(["was", "were", "been", "be", "is", "are", "got"])
#: Verbs whose "to" + verb complement is the event told ("going to paint", "managed to land").
_CATENATIVE = frozenset(
    _entries(
        "go want plan need have try hope decide manage intend mean wish like love expect "
        "arrange promise forget remember offer agree"
    )
)
#: The particles of phrasal verbs ("came round", "looked around"): no object of the verb.
_PARTICLES = frozenset(
    ["up", "down", "back", "off", "out", "in", "on", "over", "away", "home", "into"]
    + ["round", "around"]
)
_LIGHT = frozenset(["have", "take", "get", "make", "do", "give", "grab", "go"])
#: Positions in a series: ``last``/``final``/``latest`` count from the end (-1); the question
#: frame reads the same words (``relate/frame.py``).
SERIES_ORDINALS = {
    "first": 1,
    "second": 2,
    "third": 3,
    "fourth": 4,
    "fifth": 5,
    "sixth": 6,
    "seventh": 7,
    "eighth": 8,
    "ninth": 9,
    "tenth": 10,
    "last": -1,
    "final": -1,
    "latest": -1,
}
#: In a note, "another" names a member of the series whose position is not told (0).
_ORDINALS = {**SERIES_ORDINALS, "another": 0}
_PLANNED = lazyre.compile(
    r"\b(?:gonna|plan(?:s|ning|ned)?\s+to|intend(?:s|ed)?\s+to|will|shall|'ll|"
    r"scheduled|about\s+to|looking\s+forward)\b",
    re.IGNORECASE,
)
#: "going to" + a verb is a plan; "been going to the club" and "going to Paris" are not
_GOING_TO = lazyre.compile(r"(?<!been\s)\bgoing\s+to\s+(?P<next>[a-z]+)\b")
_WISHED = lazyre.compile(
    r"\b(?:wish(?:es|ed)?|hop(?:e|es|ed|ing)\s+to|want(?:s|ed)?\s+to|would\s+like|'d\s+like|"
    r"should|could|would|might|if|unless|thinking\s+(?:of|about)|considering|maybe)\b",
    re.IGNORECASE,
)
_NEGATED = lazyre.compile(
    r"\b(?:not|never|no\s+longer|n't|cannot|didn't|haven't|hasn't|wasn't|weren't|won't)\b|n't\b",
    re.IGNORECASE,
)
_ASKED = lazyre.compile(
    r"^(?:(?:when|what|where|why|how|who|which)\s+)?"
    r"(?:do|does|did|have|has|had|is|are|was|were|can|could|should|will|would)\s+"
    r"(?:i|you|we|he|she|they|it)\b",
    re.IGNORECASE,
)
_ONGOING = lazyre.compile(
    r"\b(?:(?:have|has|'ve|'s)\s+been\s+\w+ing|(?:for|since)\b.*\bnow\b|\bever\s+since\b)",
    re.IGNORECASE,
)
#: Words between an auxiliary and its verb ("have not yet finished", "was really").
_SKIPPABLE = frozenset(
    _entries(
        "not n't never just also already finally really still even only ever been being "
        "recently actually"
    )
)
#: Contracted auxiliaries by their base ("'ve" -> have).
_AUX_BASE = {"ve": "have", "d": "have", "s": "be", "m": "be", "re": "be", "ll": "will"}
#: Verbs whose complement clause is wished, not told: "I wish I had gone".
_WISHING = frozenset(["wish", "hope", "pray"])
#: Words without which the patterns above cannot match (checked first: they are cheap).
_ONGOING_CUES = frozenset(["been", "now", "since", "ever"])
_ASK_OPENERS = frozenset(
    [
        "and",
        "do",
        "does",
        "did",
        "have",
        "has",
        "had",
        "is",
        "are",
        "was",
        "were",
        "can",
        "could",
        "should",
        "will",
        "would",
        "when",
        "what",
        "where",
        "why",
        "how",
        "who",
        "which",
    ]
)
_PLAN_CUES = frozenset(
    [
        "going",
        "gonna",
        "plan",
        "plans",
        "planning",
        "planned",
        "intend",
        "intends",
        "intended",
        "will",
        "shall",
        "i'll",
        "we'll",
        "you'll",
        "he'll",
        "she'll",
        "they'll",
        "it'll",
        "scheduled",
        "about",
        "looking",
    ]
)
_WISH_CUES = frozenset(
    [
        "wish",
        "wishes",
        "wished",
        "hope",
        "hopes",
        "hoped",
        "hoping",
        "want",
        "wants",
        "wanted",
        "would",
        "like",
        "i'd",
        "we'd",
        "should",
        "could",
        "might",
        "if",
        "unless",
        "thinking",
        "considering",
        "maybe",
    ]
)
_NEGATION_CUES = frozenset(["not", "never", "no", "cannot"])
_SINCE = lazyre.compile(r"\bsince\s+$", re.IGNORECASE)
_STOP_NAMES = frozenset(
    _entries(
        "I I'm I've I'd I'll The A An My Our Your His Her Their This That These Those It "
        "We You He She They Yesterday Today Tonight Tomorrow Monday Tuesday Wednesday "
        "Thursday Friday Saturday Sunday January February March April May June July "
        "August September October November December Mr Mrs Ms Dr St Oh OK Ok Yes No So "
        "And But Then Also Just Last Next Christmas Easter"
    )
)
_PEOPLE_PRONOUNS = frozenset(["he", "she", "they"])
_OBJECT_PRONOUNS = frozenset(["it", "one", "them", "that", "me", "him", "her", "us", "you"])


# --------------------------------------------------------------------------- discourse


@dataclass(slots=True)
class Discourse:
    """What a note said just before: the people last named and the thing last spoken of,
    for pronouns, "we" and "one" (kept across the headings of a file, so a chat's turn can
    refer back to the previous turn)."""

    people: tuple[str, ...] = ()
    thing: str = ""
    speaker: str | None = None


@dataclass(frozen=True, slots=True)
class _Timing:
    found: Any  # prme_cli.timeexpr.Found
    clause: int


# --------------------------------------------------------------------------- time hints


@lru_cache(maxsize=1)
def _date_words() -> tuple[frozenset[str], re.Pattern[str], re.Pattern[str]]:
    """The words that make a sentence worth the time engine's reading at ingest: calendar
    names, units, deictic words; a part of the day after a deictic word; holiday names (one
    pattern of them all, found anywhere in the text, as a substring test would)."""
    from prme_cli.timeexpr import lexicon as lx

    units = {u for u in lx.UNITS if len(u) > 2} - {"second", "min", "mos", "sec"}
    names = set(lx.MONTHS) | set(lx.WEEKDAYS) | set(lx.WEEKDAY_PLURALS) | units | set(lx.SEASONS)
    names -= {"may", "march", "sat", "sun", "wed", "fall", "spring", "jan", "mar", "jun"}
    names |= {"may", "march"}  # kept: their verb readings are the finder's to refuse
    deictic = _entries(
        "today today's yesterday yesterday's tomorrow tonight tonite tmrw yday noon midnight "
        "recently lately currently ago fortnight weekend weekends"
    )
    parts = "|".join(sorted(p for p in lx.PARTS if " " not in p))  # not "the first thing"
    after_deictic = re.compile(
        rf"\b(?:this|last|yesterday|tomorrow|every|next|that|the|on|at|in)\s+(?:{parts})\b"
    )
    holidays = sorted(name for name in lx.HOLIDAYS if " " in name or len(name) > 5)
    return frozenset(names | set(deictic)), after_deictic, re.compile(_any_of(holidays))


def _any_of(literals: Sequence[str]) -> str:
    """A pattern that finds any of ``literals`` anywhere in a text, written as the trie of
    their characters ("christmas(?: (?:day|eve))?"): Python's engine tries a plain
    alternation of 100 names one by one at every character, the trie rejects a character in
    one step."""
    trie: dict[str, Any] = {}
    for literal in literals:
        node = trie
        for char in literal:
            node = node.setdefault(char, {})
        node[""] = {}

    def pattern(node: dict[str, Any]) -> str:
        branches = [re.escape(char) + pattern(node[char]) for char in sorted(node) if char]
        if not branches:
            return ""
        body = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
        return f"(?:{body})?" if "" in node else body

    return pattern(trie)


_DIGIT = lazyre.compile(r"\d")
_LETTERS = lazyre.compile(r"[^\W\d_]+(?:'[^\W\d_]+)*")
#: Digits in the shape of a date or a clock time: a year or ISO date, a day with its ordinal
#: suffix, a day/month pair, a clock time; other digits ("version 9.4", "$20") date nothing
#: unless a unit or a month stands by them, which the word check sees.
_DATE_DIGITS = lazyre.compile(
    r"(?<![\d.])(?:\d{4}(?!\d|\.\d)|\d{1,2}(?:st|nd|rd|th)\b|\d{1,2}/\d{1,2}(?![\d/]*\d{3})|"
    r"\d{1,2}[:.]\d{2}\s*(?:[ap]\.?m\b)?|\d{1,2}\s*[ap]\.?m\b)|[<\[]\d{4}-",
    re.IGNORECASE,
)


def might_hold_date(text: str) -> bool:
    """Does ``text`` hold digits shaped like a date or a clock time, a calendar name, a unit
    of time, a deictic word ("today", "ago"), a part of the day after one ("last night", "this
    morning") or a holiday name?
    Only such sentences are read by the time engine at ingest: a bare number word, ordinal
    or meal ("one", "first", "dinner") dates nothing by itself, and the engine costs about
    a millisecond a sentence. (The resolver reads every sentence it cites at relate time.)"""
    if _DIGIT.search(text) and _DATE_DIGITS.search(text):  # (every date shape has a digit)
        return True
    names, after_deictic, holidays = _date_words()
    low = text.casefold().replace("\u2019", "'")
    found = set(_LETTERS.findall(low))
    if not found.isdisjoint(names):
        return True
    if any(word[:-2] in names for word in found if word.endswith("'s")):
        return True
    if after_deictic.search(low):
        return True
    return holidays.search(low) is not None


def _find_times(sentence: str, anchor: datetime | None) -> list[Any]:
    if anchor is None or not might_hold_date(sentence):
        return []
    from prme_cli import timeexpr

    now = anchor.replace(tzinfo=UTC) if anchor.tzinfo is None else anchor
    try:
        return timeexpr.find(sentence, now, UTC)
    except Exception:  # noqa: BLE001 - a note the engine cannot read keeps its other events
        return []


def _time_ref(found: Any) -> TimeRef:
    def wall(moment: datetime | None) -> datetime | None:
        return None if moment is None else moment.replace(tzinfo=None)

    return TimeRef(
        found.text,
        found.offset,
        found.kind,
        wall(found.start),
        wall(found.end),
        found.grain,
        bool(found.approximate),
        None if found.seconds is None else str(found.seconds),
    )


# --------------------------------------------------------------------------- extraction


def sentence_events(
    sentence: str,
    *,
    anchor: datetime | None,
    discourse: Discourse,
    line: int = 0,
    index: int = 0,
    speaker: str | None = None,
    journal: bool = False,
) -> list[Event]:
    """The events of one sentence (see the module docstring); ``discourse`` is read for
    pronouns and updated with what this sentence names."""
    toks = grammar.tokens(sentence)
    found = grammar.split(sentence, toks)
    if not found:
        return []
    timings = []
    for f in _find_times(sentence, anchor):
        k = grammar.event_clause(found, f.offset)
        if k is None:
            k = next((n for n, c in enumerate(found) if f.offset < c.end), len(found) - 1)
        timings.append(_Timing(f, k))
    if timings:
        timed = [(t.found.offset, t.found.offset + t.found.length) for t in timings]
        toks = [
            t
            for i, t in enumerate(toks)
            if not any(a <= t.start < b for a, b in timed) or _pro_one(toks, i)
        ]
    named = _names(sentence, toks)
    people = [n for n in named if not _is_place(sentence, toks, n)]
    places = {words.lemma(w.lower()) for n in named if n not in people for w in n.split()}
    out: list[Event] = []
    previous_subject: tuple[str, ...] = ()
    governing = ""  # the predicate of the clause before (a complement's governing verb)
    starts = [t.start for t in toks]
    for n, clause in enumerate(found):
        if clause.kind in ("adverbial", "subject"):
            continue
        inside = toks[bisect_left(starts, clause.start) : bisect_left(starts, clause.end)]
        own = [t for t in inside if t.kind == "word"]
        subject_toks = own
        if clause.link == "resume":
            head = next((c for c in found if c.kind == "subject" and c.attaches == n), None)
            if head is not None:
                subject_toks = [
                    t for t in toks if head.start <= t.start < head.end and t.kind == "word"
                ] + own
        event = _clause_event(
            sentence,
            clause,
            own,
            subject_toks,
            people,
            discourse,
            previous_subject,
            n == 0 and journal,
            _antecedent(sentence, clause, toks),
        )
        if event is None:
            continue
        participants, obj, ordinal, fields = event
        comer = fields.pop("comer")
        previous_subject = participants or previous_subject
        if (
            clause.kind == "complement"
            and governing in _WISHING
            and fields["modality"] == "asserted"
        ):
            fields["modality"] = "wished"  # "I wish I had gone": the going did not happen
        governing = fields["predicate"]
        times = [t for t in timings if t.clause == n]
        text = sentence
        extra = fields.pop("extra", {})
        ev = Event(
            kind=fields.pop("aspect"),
            quote=text,
            expression="",
            start=None,
            end=None,
            grain="",
            source="text",
            object=obj,
            line=line,
            participants=participants,
            ordinal=ordinal,
            times=tuple(_time_ref(t.found) for t in times),
            speaker=speaker,
            sentence=index,
            clause_start=clause.start,
            clause_end=clause.end,
            **fields,
            **extra,
        )
        dated = next((t.found for t in times if t.found.start is not None), None)
        if dated is not None:
            ev = replace(
                ev,
                expression=dated.text,
                start=dated.start.replace(tzinfo=None),
                end=dated.end.replace(tzinfo=None) if dated.end is not None else None,
                grain=dated.grain or "day",
            )
        out.append(ev)
        if obj and not comer and obj not in places:
            discourse.thing = obj  # a place ("got back from Lisbon") is no thing either
    if people:
        discourse.people = tuple(people)
    return out


_PLACE_LEAD = frozenset(["in", "to", "from", "at", "near", "around", "into", "through", "via"])


def _is_place(sentence: str, toks: Sequence[grammar.Token], name: str) -> bool:
    """A name right after a preposition of place ("back from Lisbon", "in Leeds") is a
    place, not a person who takes part."""
    first = name.split()[0]
    for i, t in enumerate(toks):
        if t.text.startswith(first) and i > 0 and toks[i - 1].low in _PLACE_LEAD:
            return True
    return False


def _antecedent(sentence: str, clause: grammar.Clause, toks: Sequence[grammar.Token]) -> str:
    """The head of the noun a relative clause is about ("the desk that I ordered" ->
    ``desk``), or ``""``."""
    if clause.kind != "relative" or clause.antecedent is None:
        return ""
    a, b = clause.antecedent
    return sentence[a:b]


def _pro_one(toks: Sequence[grammar.Token], i: int) -> bool:
    """ "another one", "the first one": after a determiner "one" stands for a thing, even where
    the time engine reads it into a time ("another one last week")."""
    return (
        toks[i].low == "one"
        and i > 0
        and toks[i - 1].low in ("another", "the", "that", "this", "a", "new", "first", "last")
    )


def _planned(text: str) -> bool:
    """Does the clause tell a plan ("I'm going to paint", "we'll fly", "I plan to")?"""

    if _PLANNED.search(text):
        return True
    for m in _GOING_TO.finditer(text):
        nxt = m["next"]
        if nxt not in grammar.DETERMINERS and words.is_verb_lemma(nxt):
            return True
    return False


def _names(sentence: str, toks: Sequence[grammar.Token]) -> list[str]:
    """People and places named in a sentence: capitalised words that are no function word,
    month or day (a run of them is one name: "Noor Haddad")."""
    out: list[str] = []
    run: list[str] = []
    for i, t in enumerate(toks):
        if not t.text[:1].isupper():  # (a possessive's word starts as its token does)
            if run:
                out.append(" ".join(run))
                run = []
            continue
        word = t.text.removesuffix("'s").removesuffix("\u2019s")
        capital = (
            t.kind == "word"
            and word[:1].isupper()
            and word[1:2].islower()
            and word not in _STOP_NAMES
            and (i > 0 or not _common(word.lower()))
        )
        if capital:
            run.append(word)
            continue
        if run:
            out.append(" ".join(run))
            run = []
    if run:
        out.append(" ".join(run))
    return out


def _common(low: str) -> bool:

    return bool(words.lemmas(low))


def _clause_event(
    sentence: str,
    clause: grammar.Clause,
    own: list[grammar.Token],
    subject_toks: list[grammar.Token],
    named: list[str],
    discourse: Discourse,
    previous_subject: tuple[str, ...],
    journal_start: bool,
    antecedent: str = "",
) -> tuple[tuple[str, ...], str, int | None, dict[str, Any]] | None:

    if not own:
        return None
    text = sentence[clause.start : clause.end]
    lows = [t.low for t in own]
    # the verb group: auxiliaries, then the main verb
    verb_i = None
    passive = False
    aspect = "single"
    predicate = ""
    particle = ""
    first = 0
    if clause.verb is not None:
        first = next((i for i, t in enumerate(own) if t.start == clause.verb[0]), 0)
    auxiliary = None
    for i in range(first, len(own)):
        t = own[i]
        low = t.low
        if low in grammar.AUXILIARIES or low in _CONTRACTED:
            auxiliary = i
            continue
        if low in grammar.SUBJECT_PRONOUNS or (auxiliary is not None and low in _SKIPPABLE):
            continue
        if i > 0 and own[i - 1].low in grammar.DETERMINERS:
            if auxiliary is not None:
                break  # "I had a coffee": the auxiliary is the verb
            continue
        lemma = words.verb_lemma(low) if low[:1].isalpha() else None
        if lemma is None or t.text[:1].isupper() and t.start > 0:
            if auxiliary is not None:
                break
            continue
        if i == 0 and not t.finite and not (low.endswith("ing") or t.past or lemma == low):
            continue
        verb_i = i
        predicate = lemma
        passive = not _PASSIVE_AUXILIARIES.isdisjoint(lows[:i]) and (
            low.endswith(("ed", "en", "wn")) or words.is_simple_past(low)
        )
        break
    if verb_i is None and auxiliary is not None:
        # "I had a coffee with Lars", "it was lovely": the auxiliary is the main verb
        low = own[auxiliary].low.split("'")[-1] if "'" in own[auxiliary].low else own[auxiliary].low
        lemma = words.verb_lemma(_AUX_BASE.get(low, low)) or _AUX_BASE.get(low, "")
        if lemma in ("have", "be", "do", "get"):
            verb_i, predicate = auxiliary, lemma
    if verb_i is None:
        noun = _event_noun(own)
        if noun is None:
            return None
        predicate, verb_i = noun, None
    obj_start = (verb_i + 1) if verb_i is not None else 0
    if verb_i is not None:
        nxt = own[verb_i + 1].low if verb_i + 1 < len(own) else ""
        if predicate in _ASPECT_VERBS:
            aspect = "start" if predicate in _START_VERBS else "end"
            complement = own[verb_i + 2].low if nxt == "to" and verb_i + 2 < len(own) else nxt
            comp_lemma = words.verb_lemma(complement) if complement else None
            if comp_lemma and (complement.endswith("ing") or nxt == "to"):
                predicate = comp_lemma
                obj_start = verb_i + (3 if nxt == "to" else 2)
            else:
                predicate = ""
        elif nxt == "to" and predicate in _CATENATIVE and verb_i + 2 < len(own):
            # "going to paint", "managed to land", "want to visit": the event is the verb
            # after "to" (the modality says whether it happened)
            then = words.verb_lemma(own[verb_i + 2].low)
            if then and words.is_verb_lemma(own[verb_i + 2].low):
                predicate = then
                obj_start = verb_i + 3
        elif nxt in _PARTICLES and not (
            predicate in _UNACCUSATIVE and _time_follows(sentence, own[verb_i + 1])
        ):
            particle = nxt
            obj_start = verb_i + 2
    # the object head, with an ordinal
    obj, ordinal = _object_of(own[obj_start:], discourse)
    if obj and predicate in _UNACCUSATIVE and not passive and obj in _date_words()[0]:
        # "the bees came on Sunday", "the parcel arrived in May": the day is when it came,
        # not what came; what came is the subject
        obj = ""
    comer = False
    subject_came = False
    if passive or (not obj and predicate in _UNACCUSATIVE):
        subject_obj, subject_ordinal = _object_of(
            [t for t in subject_toks if verb_i is None or t.start < own[verb_i].start], discourse
        )
        if subject_obj:
            subject_came = not passive
            obj, ordinal = subject_obj, ordinal if ordinal is not None else subject_ordinal
            # "Dmitri came (round)": a named comer is what came, but no thing for a later
            # "another one" or "it" to take
            comer = not passive and subject_obj in {
                words.lemma(w.lower()) for n in named for w in n.split()
            }
    if antecedent:
        # "the desk that I ordered": the desk is what was ordered; "the man who called":
        # the man did it
        head = words.lemma(antecedent.lower()) if antecedent[:1].islower() else antecedent
        subject_here = verb_i is not None and any(
            t.low in grammar.SUBJECT_PRONOUNS or t.low in _CONTRACTED or t.text[:1].isupper()
            for t in own[:verb_i]
            if t.low not in _RELATIVE_WORDS
        )
        if subject_here or passive or predicate in _UNACCUSATIVE:
            obj = head
        elif antecedent[:1].isupper():
            named = [antecedent, *named]
    # participants
    participants = _participants(
        subject_toks
        if verb_i is None
        else [t for t in subject_toks if t.start < own[verb_i].start],
        own,
        named,
        discourse,
        previous_subject,
        journal_start and verb_i == 0,
        clause.link,
    )
    # aspect: an ongoing state (the regular expressions run only when a cue word is there)
    cues = set(lows)
    if aspect == "single" and cues & _ONGOING_CUES and _ONGOING.search(text):
        aspect = "ongoing"
    # modality and polarity of this clause only
    modality = "asserted"
    if (
        clause.kind in ("main", "coordinate", "aside")
        and lows[0] in _ASK_OPENERS
        and _ASKED.match(text.removeprefix("and "))
    ):
        modality = "asked"
    elif cues & _PLAN_CUES and _planned(text):
        modality = "planned"
    elif (cues & _WISH_CUES and _WISHED.search(text)) or clause.link in ("if", "unless"):
        modality = "wished"
    negated = not cues.isdisjoint(_NEGATION_CUES) or any(low.endswith("n't") for low in lows)
    polarity = "negative" if negated and _NEGATED.search(text) else "positive"
    sense = sense_of(predicate, obj, particle)
    after = own[verb_i + 1].low if verb_i is not None and verb_i + 1 < len(own) else ""
    if (
        not sense
        and predicate == "come"
        and not particle
        and obj
        and subject_came
        and (not after or after in _BARE_COMING_NEXT or after in _date_words()[0])
    ):
        # "The bees came on Sunday", "my parents came yesterday": a plain "came" told of its
        # subject, with nothing after it but its time, is an arrival ("the repeater should
        # come first", "came second" are placings, "came for dinner" a visit)
        sense = "arrive"
    if not sense and aspect == "start" and obj in ("job", "position", "role", "internship"):
        sense = "start_job"

    fields: dict[str, Any] = {
        "aspect": aspect,
        "predicate": words.event_key(predicate) if predicate else "",
        "sense": sense,
        "modality": modality,
        "polarity": polarity,
        "comer": comer,  # taken off again by sentence_events: not an event field
    }
    return participants, obj, ordinal, fields


#: What may follow a plain "came" that tells an arrival: a time's preposition or an adverb of
#: time ("came on Sunday", "came early", "came at last").
_BARE_COMING_NEXT = frozenset(["on", "in", "at", "early", "late", "today", "yesterday", "tonight"])


def _time_follows(sentence: str, tok: grammar.Token) -> bool:
    """Is the word after ``tok`` a calendar or deictic word ("came on Sunday", "arrived in
    May")? Then ``tok`` is the time's preposition, not a particle of the verb ("the lights
    came on")."""
    after = re.match(r"\s+(?:the\s+)?([A-Za-z]+|\d)", sentence[tok.start + len(tok.text) :])
    return after is not None and (after[1].isdigit() or after[1].lower() in _date_words()[0])


#: Verbs whose subject is what undergoes them: "the desk arrived" tells the desk's arrival.
_UNACCUSATIVE = frozenset(["arrive", "come", "land", "break", "happen", "open", "close", "die"])
_RELATIVE_WORDS = frozenset(["who", "whom", "which", "that", "where", "whose"])
_CONTRACTED = frozenset(
    ["i'm", "i've", "i'd", "i'll", "we're", "we've", "we'd", "we'll", "you're", "he's", "she's"]
    + ["they're", "they've", "it's", "that's", "there's", "let's"]
)


def _event_noun(own: list[grammar.Token]) -> str | None:
    """A verbless clause telling an event by its noun ("the arrival of the desk", "Dentist
    check-up"): the verb of the nominalisation, or the last event noun before a preposition."""

    for t in own:
        if t.low in ("of", "for", "to", "with", "at", "in", "on"):
            break
        verb = words.nominal_verb(t.low)
        if verb:
            return verb
    return None


def _object_of(toks: list[grammar.Token], discourse: Discourse) -> tuple[str, int | None]:
    """The head noun of the noun phrase that opens ``toks`` (up to a preposition or verb),
    and its ordinal; a pronoun object takes the thing said just before."""

    ordinal = None
    head = ""
    for i, t in enumerate(toks):
        low = t.low
        if low not in _OBJECT_FUNCTION_WORDS:
            pass  # none of the function-word rules below applies
        elif low in _ORDINALS and ordinal is None:
            ordinal = _ORDINALS[low]
            if low == "last" and i + 1 < len(toks) and toks[i + 1].low in ("night", "week"):
                ordinal = None
            continue
        elif low in _OBJECT_PRONOUNS and not head:
            if low == "one" or low == "it":
                return discourse.thing, ordinal
            continue  # "told me", "gave her a book": a person, not the thing
        elif low in _PHRASE_OPENERS:  # a subject, a determiner: the phrase starts (again)
            if head:
                break
            continue
        elif low in _PREPOSITION_STOPS or low in grammar.COORDINATORS:
            if head:
                break
            if low in _PREPOSITION_STOPS:
                continue
            break
        if not low[:1].isalpha():
            continue
        lemmas = words.lemmas(low)
        if "NOUN" in lemmas or "PROPN" in lemmas or t.text[:1].isupper():
            head = words.lemma(low)
            continue
        if head:
            break
        if "VERB" in lemmas and "ADJ" not in lemmas:
            nxt = toks[i + 1].low if i + 1 < len(toks) else ""
            if low.endswith("ing") and i > 0 and nxt and "NOUN" in words.lemmas(nxt):
                continue  # "the climbing gym", "a sewing machine": a gerund modifies the noun
            break
    return head, ordinal


_PREPOSITION_STOPS = frozenset(
    _entries(
        "of in on at by for from with about into onto over under during since until after "
        "before around through across like than as"
    )
)
_PHRASE_OPENERS = (
    grammar.SUBJECT_PRONOUNS
    | _CONTRACTED
    | grammar.DETERMINERS
    | frozenset(["to", "the", "a", "an", "some", "new", "old"])
)
#: Every word one of :func:`_object_of`'s function-word rules reads.
_OBJECT_FUNCTION_WORDS = frozenset(
    set(_ORDINALS) | _OBJECT_PRONOUNS | _PHRASE_OPENERS | _PREPOSITION_STOPS | grammar.COORDINATORS
)


def _participants(
    subject: list[grammar.Token],
    own: list[grammar.Token],
    named: list[str],
    discourse: Discourse,
    previous_subject: tuple[str, ...],
    elided_writer: bool,
    link: str,
) -> tuple[str, ...]:
    """Who takes part: the subject (resolved), then the people the clause names."""
    people: list[str] = []
    lows = [t.low for t in subject]
    first = next((t for t in subject if t.kind == "word"), None)
    subject_words = set(lows)
    subject_text = _text_of(subject)
    if not subject_words.isdisjoint(_WRITER_WORDS):
        people.append("I")
    if not subject_words.isdisjoint(_WE_WORDS):
        people.append("I")
        # "we": the writer and the people named just before (in this sentence or the last)
        before = [n for n in named if n in subject_text] or list(discourse.people)
        people.extend(before)
    pronoun = next(
        (low for low in lows if low in _PEOPLE_PRONOUNS or low.split("'")[0] in _PEOPLE_PRONOUNS),
        None,
    )
    if pronoun is not None and not people:
        base = pronoun.split("'")[0]
        candidates = list(discourse.people)
        if base in ("he", "she") and len(candidates) == 1 or base == "they" and candidates:
            people.extend(candidates)
    if not people and first is not None and subject_text:
        people.extend(n for n in named if n in subject_text)
    if not people and (elided_writer or (link in grammar.COORDINATORS and previous_subject)):
        people.extend(previous_subject or ("I",))
    if not people and not subject and elided_writer:
        people.append("I")
    if named:
        clause_text = _text_of(own)
        for name in named:
            if name in clause_text and name not in people:
                people.append(name)
    return tuple(dict.fromkeys(people))


_WRITER_WORDS = frozenset(["i", "i'm", "i've", "i'd", "i'll", "me", "myself"])
_WE_WORDS = frozenset(["we", "we're", "we've", "we'd", "we'll", "us"])


def _text_of(toks: list[grammar.Token]) -> str:
    return " ".join(t.text for t in toks)


# --------------------------------------------------------------------------- a node


def node_text_events(
    title: str,
    body: str,
    *,
    anchor: datetime | None,
    discourse: Discourse,
    first_line: int = 0,
    journal: bool = False,
) -> list[Event]:
    """The text events of one heading (its title and its body's sentences)."""
    from prme_cli.relate.symbolic import segment

    if title.strip().lower() in NON_WITNESS:
        discourse.speaker = title.strip()
        return []  # an assistant's turn: not the notes' account of events
    body = _prose(body)
    text = f"* {title}\n{body}" if title else body
    seg = segment.segment(text)
    speaker = seg.speaker
    if speaker and speaker.lower() in NON_WITNESS:
        discourse.speaker = speaker
        return []
    out: list[Event] = []
    counted, newlines = 0, 0  # lines are counted onwards from the last sentence's start
    for sentence in seg.sentences:
        who = sentence.speaker or speaker
        if who and who.lower() in NON_WITNESS:
            continue
        if sentence.heading is not None and (sentence.text == speaker or _is_label(sentence.text)):
            continue  # a speaker's label or a date heading tells no event
        if sentence.start < counted:
            counted, newlines = 0, 0
        newlines += text.count("\n", counted, sentence.start)
        counted = sentence.start
        line = first_line + newlines
        out.extend(
            sentence_events(
                sentence.text,
                anchor=anchor,
                discourse=discourse,
                line=line,
                index=sentence.index,
                speaker=who,
                journal=journal,
            )
        )
    discourse.speaker = speaker
    return out


_BLOCK = lazyre.compile(
    r"^[ \t]*#\+begin_(?!quote|verse|center)(\w+).*?^[ \t]*#\+end_\1[^\n]*$",
    re.IGNORECASE | re.MULTILINE | re.DOTALL,
)
_TABLE_LINE = lazyre.compile(r"^[ \t]*\|.*$", re.MULTILINE)


def _prose(body: str) -> str:
    """``body`` with its code, example and export blocks and its table lines blanked (kept as
    empty lines, so line numbers stay true): they tell no events, and reading them costs."""
    if "#+" in body or "#+".upper() in body:
        body = _BLOCK.sub(lambda m: "\n" * m.group(0).count("\n"), body)
    if "|" in body:
        body = _TABLE_LINE.sub("", body)
    return body


_LABEL = lazyre.compile(
    r"^(?:[\[<]\d{4}-\d{2}-\d{2}[^\]>]*[\]>]|\d{4}(?:-\d{2}(?:-\d{2})?)?)(?:\s.*)?$"
)


def _is_label(title: str) -> bool:
    """A datetree heading ("2026-10-28 Wednesday") or a bare stamp: no event of its own."""
    return bool(_LABEL.match(title.strip()))


def spans(event: Event) -> tuple[int, int]:
    """The clause's span inside the event's quote."""
    return event.clause_start or 0, event.clause_end or len(event.quote)


__all__ = [
    "NON_WITNESS",
    "SENSES",
    "Discourse",
    "might_hold_date",
    "node_text_events",
    "sense_of",
    "sentence_events",
    "spans",
]
