"""The gate's reading of events: the operand's name and the cited clause, each read by the
ingest event extractor (:mod:`prme_cli.textevents`), compared as structures.

The resolver aligns words with its own synonym and aspect tables
(:mod:`prme_cli.relate.symbolic.lexicon`); the gate never reads those. It reads the quote the
way ingest stored the note: :func:`prme_cli.textevents.sentence_events` gives each clause its
predicate (lemma or event noun), its sense class (the ingest table
:data:`prme_cli.textevents.SENSES`, which the resolver's alignment does not read), its object,
its aspect (start, end, ongoing, single), the clause's modality and polarity and the time
expressions attached to it. The operand's name is read by the same extractor, so "meet Sam"
and "I ran into Sam" meet by sense (``meet``), while "I ran a race with Sam" does not: the
resolver's "run" = "meet" synonym cannot fool the gate.

The extractor runs on the cited quote at gate time (a few clauses, well under a millisecond
each without the time engine's anchor), so a citation by any resolver, with or without a
store behind it, is judged the same way; the events it gives are the events ingest stored
for that sentence, up to pronouns resolved from earlier turns.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from datetime import datetime
from functools import lru_cache

from prme_cli import lazyre, textevents, words
from prme_cli.events import Event

#: Predicates whose event is a plan or a decision: a question about planning or deciding may
#: cite a plan. The gate's own list.
PLANNING_PREDICATES = frozenset(["plan", "intend", "schedule", "decide", "arrange"])
#: Light verbs: a name told with one ("take my driving test", "have the surgery", "go on
#: the trip") is named by its object, which the word check finds; the deed check leaves it.
LIGHT_PREDICATES = frozenset(
    ["have", "take", "get", "make", "do", "go", "give", "be", "hold", "try"]
)
#: Light verbs of a cited clause: "had a dentist appointment", "took my driving test" tell
#: the event by their object (not "got", "gave", "went": those tell a deed of their own).
CLAUSE_LIGHT_PREDICATES = frozenset(["have", "take", "do", "hold"])
#: Deeds that arrange or prepare another deed: told of a thing, they do not tell that a
#: light verb's deed was done to it ("booked the table" is no having of dinner, "ordered the
#: e-reader" no getting of it, "applied for the job" no getting of it).
ARRANGING_PREDICATES = PLANNING_PREDICATES | frozenset(["book", "reserve", "order", "apply"])
#: Deeds of looking at or trying a thing: "saw the puppy", "tried on the dress", "looked at
#: the flat", "test-drove the car" tell no getting, having or taking of it.
INSPECTING_PREDICATES = frozenset(
    ["see", "look", "view", "visit", "try", "test", "browse", "inspect", "tour", "check"]
)
#: Deeds that seek or lead up to getting a thing without getting it: arranging, looking at
#: or trying it, and asking for it ("a request for the allotment", "an enquiry about the
#: puppy", "a bid on the house"). The gate's own list; "enquiry" and "inquiry" are listed as
#: the nouns the normaliser keeps them as.
LEADING_UP_PREDICATES = (
    ARRANGING_PREDICATES
    | INSPECTING_PREDICATES
    | frozenset(["request", "enquire", "inquire", "enquiry", "inquiry", "bid", "quote"])
)
#: Prepositions after a noun of such a deed that make the thing its aim or its object ("the
#: application for the job", "a viewing of the flat", "a bid on the house").
NOUN_AIM_PREPOSITIONS = frozenset(["for", "about", "of", "on"])
#: Prepositions after a verb that make the thing its aim or its topic, not what it does
#: to it ("applied for the job", "asked about the puppy"; "worked at the bakery" is a
#: place, so "at" is not one of them).
AIM_PREPOSITIONS = frozenset(["for", "about"])
#: Words a name may open with before its verb: its subject ("I met Priya", "Tom ran …").
_OPENERS = frozenset(["i", "we", "he", "she", "they", "you", "my", "our", "just", "first"])
_DETERMINERS = frozenset(["the", "a", "an", "my", "our", "his", "her", "their", "this", "that"])
#: Verbs that carry no deed of their own: a clause told with them ("Today was great") says
#: nothing against the event told in the next clause.
_EMPTY_PREDICATES = frozenset(["", "be", "do"])
#: What one deed entails, by the ingest sense class: coming back from something says one
#: went there (visited, attended it). The gate's own, keyed by sense, not by words.
ENTAILED_BY_SENSE: dict[str, frozenset[str]] = {
    "return": frozenset(["visit", "attend", "go", "trip", "journey", "vacation", "holiday"]),
    # a thing that arrived (was delivered) was received
    "arrive": frozenset(["receive"]),
    # relocating is moving; what was watched or visited was seen
    "move_home": frozenset(["move"]),
    # a thing bought (picked up) was got
    "buy": frozenset(["get"]),
    "watch": frozenset(["see"]),
    "visit": frozenset(["see"]),
}
#: What a deed entails, by its predicate: going to (taking someone to) something is visiting
#: or attending it; attending a show is seeing it. One way only: seeing is not attending.
ENTAILED_BY_PREDICATE: dict[str, frozenset[str]] = {
    "go": frozenset(["visit", "attend", "see", "participate"]),
    "take": frozenset(["visit", "attend", "participate"]),
    # a thing ordered was bought; a thing received arrived (was delivered)
    "order": frozenset(["buy", "purchase"]),
    "receive": frozenset(["arrive", "deliver", "get"]),
    # grabbing, winning, adopting a thing is getting it (ordering it is not)
    "grab": frozenset(["get"]),
    "win": frozenset(["get"]),
    "adopt": frozenset(["get"]),
    "attend": frozenset(["see", "watch", "visit"]),
    # seeing a film is watching it, seeing a place visiting it
    "see": frozenset(["watch", "visit"]),
    # going to the doctor is seeing the doctor; giving blood is donating it
    "give": frozenset(["donate"]),
    # flying, driving, sailing somewhere is travelling (going) there
    # (a trip or a journey is made by them)
    "fly": frozenset(["travel", "go", "trip", "journey"]),
    "drive": frozenset(["travel", "go", "trip", "journey"]),
    "sail": frozenset(["travel", "go", "trip", "journey"]),
    "ride": frozenset(["travel", "go", "trip", "journey"]),
    "travel": frozenset(["trip", "journey"]),
    # what is baked, cooked, knitted or built is made
    "bake": frozenset(["make", "cook", "prepare"]),
    "cook": frozenset(["make", "prepare"]),
    "make": frozenset(["prepare"]),
    "prepare": frozenset(["make"]),
    "knit": frozenset(["make"]),
    "sew": frozenset(["make"]),
    "build": frozenset(["make"]),
    # "got a smoker": a thing got is bought or received (the weakest everyday equivalent)
    "get": frozenset(["buy", "purchase", "receive", "acquire"]),
}


@dataclass(frozen=True, slots=True)
class Reading:
    """One event as the gate compares it."""

    predicate: str
    sense: str
    kind: str
    modality: str
    polarity: str
    object: str
    ordinal: int | None
    participants: tuple[str, ...]
    start: int
    end: int
    times: tuple[str, ...]


#: Verbs that open or close what they govern, beyond the extractor's start and finish
#: verbs: "launched my online store" starts it, "wrapped up the plan" finishes it.
STARTING = frozenset(["start", "begin", "commence", "launch", "kick"])
ENDING = frozenset(["finish", "complete", "end", "wrap", "conclude"])


def _kind_of(event: Event) -> str:
    if event.kind == "single" and event.predicate in STARTING:
        return "start"
    if event.kind == "single" and event.predicate in ENDING:
        return "end"
    return event.kind


def _reading(event: Event) -> Reading:
    start, end = textevents.spans(event)
    return Reading(
        event.predicate,
        event.sense,
        _kind_of(event),
        event.modality,
        event.polarity,
        event.object,
        event.ordinal,
        event.participants,
        start,
        end,
        tuple(t.text for t in event.times),
    )


@lru_cache(maxsize=4096)
def _read(text: str, anchor: datetime | None) -> tuple[Reading, ...]:
    found = textevents.sentence_events(text, anchor=anchor, discourse=textevents.Discourse())
    return tuple(_reading(e) for e in found)


def name_event(name: str, *, described: bool = False) -> Reading | None:
    """The event the operand's name tells ("meet Priya" -> ``meet``, sense ``meet``), or None
    when the name is a plain noun phrase ("the Lyon conference", "my third 10k race") or
    tells no deed. A name that opens with its verb ("make the scarf I gave Aoife") tells
    that verb's deed, whatever its relative clause says. With ``described``, a noun phrase's
    relative clause ("the three museums I visited") gives its deed too: a deed that
    describes the event, for finding the name's words, never one the quote must tell."""
    found = _read(name, None)
    if not found:
        return None
    first = found[0]
    if not first.predicate:
        return first  # an aspect verb with its object ("finish the bookshelf")
    toks = [w for _, _, w in words.tokens(name)]
    noun_phrase = toks and toks[0].lower() in _DETERMINERS and not _ends_in_a_bare_verb(toks)
    if noun_phrase and not described:
        return None  # a noun phrase ("the team meeting I was preparing for")
    content = [
        i
        for i, w in enumerate(toks)
        if w.lower() not in _OPENERS and w.lower() not in textevents.SERIES_ORDINALS
    ]
    leading = toks[content[0]] if content else ""
    titled = leading[:1].isupper() and (content[0] > 0 or _titled(toks)) if content else False
    if content and leading.lower() not in _DETERMINERS and not titled:
        lead = leading.lower()
        verb = words.verb_lemma(lead)
        if verb and verb != first.predicate and (words.is_verb_lemma(lead) or lead != verb):
            chosen = next((r for r in found if r.predicate == verb), None)
            return chosen or _replace_deed(first, verb)
    for i, word in enumerate(toks):
        low = word.lower()
        if word[:1].isupper() and word != "I" and (i > 0 or _titled(toks)):
            continue  # a title ("Marketing Professionals"), not a deed
        if low in textevents.SERIES_ORDINALS or first.predicate not in (
            words.verb_lemma(low),
            words.key(low),
        ):
            continue
        told_as_verb = (
            words.is_simple_past(low)
            or low.endswith("ing")
            or (content and i == content[0])
            or (i == len(toks) - 1 and _ends_in_a_bare_verb(toks))
        )
        if told_as_verb:
            return first
    return None  # a noun read as the deed ("the canoe trip", "the fig tree")


def question_deed(text: str) -> Reading | None:
    """The deed the question's own words outside the operand names tell ("Which did I *get*
    first, …"): the first clause with a verb, as the extractor reads it."""
    found = _read(text, None) if text.strip() else ()
    return next((r for r in found if r.predicate and words.is_verb_lemma(r.predicate)), None)


def deed_of(key: str) -> Reading:
    """A name word read as a deed of its own ("my *trip* to Lisbon", "my *visit* to the
    zoo"): its key as the predicate, with its ingest sense class."""
    return Reading(
        key, textevents.sense_of(key), "single", "asserted", "positive", "", None, (), 0, 0, ()
    )


def _ends_in_a_bare_verb(toks: list[str]) -> bool:
    """ "the package arrive": a subject noun phrase and its verb's base form (how a question
    "when did the package arrive" names its event)."""
    last = toks[-1].lower()
    return (
        len(toks) > 1
        and toks[0].lower() in _DETERMINERS
        and words.is_verb_lemma(last)
        and "NOUN" not in words.lemmas(last)
    )


def _titled(toks: list[str]) -> bool:
    """Is the name written as a title (its second word capitalised too)?"""
    return len(toks) > 1 and toks[1][:1].isupper()


def _replace_deed(r: Reading, predicate: str) -> Reading:
    return replace(r, predicate=predicate, sense=textevents.sense_of(predicate))


#: The anchor time expressions are read at when the record has no time of its own: the
#: gate asks which clause an expression is attached to, not which day it names.
_NO_ANCHOR = datetime(2000, 1, 1, 12, 0)


def quote_events(quote: str, anchor: datetime | None = None) -> tuple[Reading, ...]:
    """Every clause event of the cited quote, line by line, with spans in the quote; the
    time expressions are found by the time engine, so they are attached to their clause."""
    out: list[Reading] = []
    offset = 0
    for line in quote.split("\n"):
        for at, part in _sentences(line):
            for r in _read(part, anchor or _NO_ANCHOR):
                out.append(_shifted(r, offset + at))
        offset += len(line) + 1
    return tuple(out)


#: Where one sentence ends and the next begins: a full stop, "!" or "?" and a capital.
_SENTENCE_END = lazyre.compile(r"(?<=[.!?])\s+(?=[\"'\u201c(]?[A-Z])")
#: Titles written with a full stop ("Dr. Okafor"): no sentence ends after them.
_TITLES = frozenset(["mr", "mrs", "ms", "dr", "st", "prof"])


def _sentences(line: str) -> list[tuple[int, str]]:
    """The sentences of one line with their offsets: the extractor reads one sentence at a
    time (ingest cuts sentences before it reads them), so a quote of two sentences ("Sofas
    are a scam. My sister looked at a flat on Wednesday.") is read as two."""
    out: list[tuple[int, str]] = []
    start = 0
    for m in _SENTENCE_END.finditer(line):
        before = line[start : m.start()].rstrip(".!?").rsplit(None, 1)
        if before and before[-1].lower() in _TITLES:
            continue
        out.append((start, line[start : m.start()]))
        start = m.end()
    out.append((start, line[start:]))
    return [(at, text) for at, text in out if text.strip()]


def _shifted(r: Reading, by: int) -> Reading:
    return replace(r, start=r.start + by, end=r.end + by) if by else r


def cited_clause(events: tuple[Reading, ...], where: int, expression: str) -> Reading | None:
    """The clause the expression at ``where`` is attached to: the one whose attached times
    hold it, else the one whose span holds it, else the nearest before it."""
    for r in events:
        attached = any(expression in t or t in expression for t in r.times if t)
        if expression and attached and (r.start <= where <= r.end or len(events) == 1):
            return r
    for r in events:
        if r.start <= where < r.end:
            return r
    before = [r for r in events if r.start <= where]
    return before[-1] if before else (events[0] if events else None)


def same_deed(name: Reading, clause: Reading) -> bool:
    """Do the name and the clause tell the same deed: one predicate, or one sense class of
    the ingest table, or a deed the clause's sense entails ("got back from" -> visit)?"""
    if not name.predicate:
        return True  # an aspect verb with its object ("finish the bookshelf"): judged by kind
    if name.predicate == clause.predicate:
        return True
    if name.sense and name.sense == clause.sense:
        return True
    entailed = ENTAILED_BY_SENSE.get(clause.sense, frozenset()) | ENTAILED_BY_PREDICATE.get(
        clause.predicate, frozenset()
    )
    return name.predicate in entailed or name.sense in entailed


def deed_of_its_own(clause: Reading, quote: str) -> bool:
    """Does the clause tell a deed done to its thing that is no light verb's deed on it
    ("get the job", "have the party", "take the ferry")? A compound or prefixed verb
    ("test-drove", "pre-ordered", "rebooked"), a deed of arranging or of looking at or
    trying the thing, or a verb that takes the thing as its aim through a preposition
    ("applied for the job", "asked about the flat")."""
    p = clause.predicate
    if not p or p in LIGHT_PREDICATES or p in CLAUSE_LIGHT_PREDICATES:
        return False
    if words.is_compound_verb(p) or p in ARRANGING_PREDICATES or p in INSPECTING_PREDICATES:
        return True
    toks = [w for _, _, w in words.tokens(quote[clause.start : clause.end])]
    for i, w in enumerate(toks[:-1]):
        if words.key(w) == p and words.verb_lemma(w):
            nxt = toks[i + 1].lower()
            after = toks[i + 2].lower() if i + 2 < len(toks) else ""
            return nxt in AIM_PREPOSITIONS or (nxt in ("up", "down", "out") and after == "for")
    return False


def leading_up_noun(name: Reading, clause: Reading, quote: str, thing: set[str]) -> str:
    """The noun of a deed that leads up to the name's one, told in the clause with the
    name's thing as its aim ("sent off the application for the Porto job" for "get the
    Porto job", "made a booking for the ferry" for "take the ferry", "a viewing of the flat"
    for "buy the flat"), or "". The clause's object is read by the extractor; the noun's
    deed by the normaliser's key (its verb: "application" -> apply), judged by the gate's
    own :data:`LEADING_UP_PREDICATES`; ``thing``: the keys of the name's words after its
    verb. Not when the name asks that deed itself ("send off the application", "book the
    ferry") or the clause tells the name's own deed."""
    noun = clause.object
    if not noun or same_deed(name, clause):
        return ""
    deed = words.key(noun)
    if deed not in LEADING_UP_PREDICATES or deed == name.predicate or deed in thing:
        return ""
    if name.predicate in ENTAILED_BY_PREDICATE.get(deed, frozenset()):
        return ""  # "placed an order for the sofa" tells buying it
    if noun in thing or words.key(noun) in thing:
        return ""
    text = quote[clause.start : clause.end]
    toks = [w for _, _, w in words.tokens(text)]
    for i, w in enumerate(toks):
        if w.lower() != noun.lower() and words.key(w) != deed:
            continue
        if i + 1 >= len(toks) or toks[i + 1].lower() not in NOUN_AIM_PREPOSITIONS:
            continue
        if any(words.key(x) in thing for x in toks[i + 2 : i + 7]):
            return w
    return ""


#: Deeds of being somewhere: any deed told "at the Spring Fling Market" says one was there.
PRESENCE_PREDICATES = frozenset(["attend", "participate", "visit", "go", "join", "be"])


def present_at(name: Reading, clause: Reading, quote: str, place: list[str]) -> bool:
    """Does the clause place its deed at what the name is being at ("had a conversation with
    a boutique owner at the Spring Fling Market" for "participated in the Spring Fling
    Market")? ``place`` is the name's words after its verb, function words dropped."""
    if name.predicate not in PRESENCE_PREDICATES or not place:
        return False
    text = quote[clause.start : clause.end].lower()
    for m in re.finditer(r"\b(?:at|in|to|from)\s+(?:the\s+|a\s+|an\s+)?", text):
        after = [w.lower() for _, _, w in words.tokens(text[m.end() :])][: len(place)]
        if after == place:
            return True
    return False


def writes_deed(name: Reading, keys: list[str]) -> bool:
    """Does a clause that writes these verb keys tell the name's deed in a verb the extractor
    did not take as its predicate ("drove up *to see* my parents" for "visit my parents")?"""
    for k in keys:
        if k == name.predicate or (name.sense and textevents.sense_of(k) == name.sense):
            return True
        if name.predicate in ENTAILED_BY_PREDICATE.get(k, frozenset()):
            return True
    return False


def tells_a_deed(clause: Reading, quote: str) -> bool:
    """Does the clause tell a deed of its own? Not "it was great" (a copula), "did it" (a
    pro-verb), "Last weekend was busy" (a comment on a time)."""
    if clause.kind in ("start", "end"):
        return True
    if clause.predicate in _EMPTY_PREDICATES:
        return False
    text = quote[clause.start : clause.end]
    for m in _COPULA.finditer(text):
        if words.key(m["word"]) == clause.predicate:
            return False
    return True


_COPULA = lazyre.compile(
    r"\b(?:was|were|is|are|am|'s|'re|been|be)\s+(?:(?:so|very|really|pretty|quite|too)\s+)?"
    r"(?P<word>[A-Za-z]+)",
    re.IGNORECASE,
)


def boundary(clause: Reading) -> str | None:
    """Which end of a lasting event the clause tells: its start (started, arrived, set off)
    or its end (finished, came back), by the clause's aspect and sense."""
    if clause.kind == "start" or clause.sense in ("arrive", "depart"):
        return "start"
    if clause.kind == "end" or clause.sense == "return":
        return "end"
    return None
