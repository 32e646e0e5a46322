"""The symbolic gate: an independent, offline check of each cited operand.

It shares no code and no word tables with the resolver's alignment (a test checks its
imports: :mod:`prme_cli.words`, the data types, the ingest event extractor, validation's
licence reading and its own modules). The resolver scores every sentence of every record
against the question with rarity weights, its synonym and aspect tables
(:mod:`lexicon`), clause segmentation, doer and head-noun checks, and compares rival
sentences; the gate reads only the one cited quote and asks, with a different and
deliberately literal method:

1. **Is the named event in the quote?** The operand name's specific words are looked for in
   the quote by a five-letter prefix of their normalised form, weighted by length (long
   words are specific), doubled for names, titles and numbers; calendar words ("in June"),
   generic nouns ("event") and bracketed asides ("(MoMA)") do not count, ordinals
   ("first") count little, and the name's leading verb weighs half because the deed and
   its aspect are judged separately. Nouns and names must be there as written; the name's
   verb may be told by another verb of its *ingest sense class* ("ran into Sam" for "met
   Sam", "got back" for "returned": :data:`prme_cli.textevents.SENSES`, read through
   :mod:`gate_event`) or by a deed that entails it ("got back from the fair" for "visited
   the fair", "baked" for "made"), at 0.7 credit; a thing got "for her birthday" is a gift
   (:mod:`gate_words`; not when the expression right after the occasion may be the
   occasion's own date, nor for the writer's own occasion when the name's gift is somebody
   else's); "my first pottery class" says the pottery course started (the one name word the
   member does not write is the series); a DONE heading says "finished" of its title. A
   bare verb ("finishing" in "between finishing and hanging the frame") borrows the object
   of the operand after it. This gives a coverage ``c`` in [0, 1].
2. **Is the time near the event?** The token distance from the cited expression to the
   nearest matched word (proximity 1 within 12 tokens, 0.9 within 25, else 0.75), times 0.6
   when another date word stands between them (not a wider time the cited one narrows after a
   comma: "last weekend, on Saturday").
3. **Is it the named deed, asserted at that time?** The name and the quote are read as
   events by the ingest extractor (:mod:`gate_event`): the clause the expression is
   attached to must tell the name's deed — its predicate, its sense class or a deed that
   entails it — not only share a name with it ("Priya sent me the slides yesterday" is no
   meeting with Priya; cap 0.3); a clause with no deed of its own ("the workshop yesterday
   was great"), an aspect verb alone ("Started The Overstory") or an expression opening its
   clause defer to the clause beside it. The aspect of the clauses around the event
   (started, finished, a deed of planning) must agree with the name's; negation and plans
   or wishes within a few words before the event or the expression cap it; for an org
   stamp, the keyword right before it (CLOSED or a "State DONE" note of a DONE heading
   dates the doing, SCHEDULED/DEADLINE only a plan, CLOCK only work); for ``event_time``,
   words that tie the event to the note's own day ("today", "this morning", "just now"),
   and for a recent-past "just" a verb after it that is the name's own, of its sense
   class, or one of coming back followed by the name's words. When an interval's two
   operands carry one name (the span of one event: "how many days did I spend on the canoe
   trip"), the first quote must tell the event's start (a start verb, an arrival, setting
   off) and the second its end (a finish, a return), each and only that (cap 0.3); so
   must the two dated operands of a sum's span term.

The probability is ``(0.3 + 0.7 c) * proximity``, at most 0.98, capped by the strongest
warning (aspect clash 0.2, negation 0.25, the writer saying beside the cited clause that
they took no part in the occasion whose attendance is asked 0.25 — by the shared reading
of :mod:`prme_cli.denial`, on the gate's own cut of the record —, plan 0.3, another deed 0.3, wrong kind of org
stamp 0.2, CLOCK 0.4, unlicensed note time 0.05; a broken citation gets 0). **Meaning:** a
value at or above the stage's 0.85 threshold says that at least about four fifths of the
name's specific words (by the weighting above) are in the quote near the expression, that
the clause the expression belongs to tells the named deed, and that nothing in the quote
says the event did not happen then, happened in another aspect, or was only planned. It is
a rule score, not a learned or calibrated likelihood; it errs on the side of refusing.
"""

from __future__ import annotations

import bisect
import itertools
import re
import time as _time
from dataclasses import dataclass, replace
from datetime import UTC, datetime

from prme_cli import denial, lazyre, org, words
from prme_cli.events import NO_FILE_KEYWORDS
from prme_cli.relate import interpret
from prme_cli.relate.symbolic import (
    gate_again,
    gate_anchor,
    gate_event,
    gate_structure,
    gate_words,
)
from prme_cli.relate.types import (
    EvidenceRecord,
    GateVerdict,
    Operand,
    ProviderAudit,
    Resolution,
    span_end,
)


def words_of(text: str) -> list[str]:
    """The whitespace-separated words of one of the gate's word-list literals."""
    return text.split()


_TOKEN = lazyre.compile(r"[A-Za-z0-9][A-Za-z0-9'\u2019#+&-]*")
_DETERMINERS = frozenset(words_of("the a an my our his her their your this that these those"))
_SUBJECTS = frozenset(words_of("i we he she they"))
_NEGATION = lazyre.compile(
    r"^(?:not|never|no|didn't|don't|doesn't|haven't|hasn't|hadn't|wasn't|"
    r"weren't|won't|can't|couldn't|cannot|nor|neither|without)$"
)
_PLAN_WORDS = frozenset(
    words_of(
        "plan plans planned planning planing going gonna will 'll want wants "
        "wanted hope hoping hoped intend intending thinking considering "
        "upcoming tomorrow next soon would might maybe should"
    )
)
#: The plan words that tell an arranged, coming event (not a wish or a supposition): a
#: question about a plan may cite them.
_ARRANGED_WORDS = frozenset(
    words_of(
        "plan plans planned planning going gonna will 'll intend intending upcoming tomorrow next soon"
    )
)
#: A question about a coming event: "When will Ivo …", "When is Rosa going to …", "When is
#: Rosa moving …" (a present progressive asked with "when" is an arrangement).
_PLAN_QUESTION = lazyre.compile(
    r"^\s*when\s+(?:will|shall)\s|^\s*when\s+(?:am|is|are)\s+\S+(?:\s+and\s+\S+)?\s+"
    r"(?:going|planning|due|supposed)\s+to\s|^\s*when\s+(?:am|is|are)\s+"
    r"(?:I|we|(?-i:[A-Z][\w'-]*)(?<!'s))(?:\s+and\s+(?-i:[A-Z][\w'-]*))?\s+[a-z]+ing\b",
    re.IGNORECASE,
)


#: A reply's opening yes, and the words that take a yes back or deny: the gate's own.
_YES = lazyre.compile(
    r"\W*(?:yes|yeah|yep|yup|i\s+did|i\s+sure\s+did|i\s+have|that's\s+right|exactly|correct)\b",
    re.IGNORECASE,
)
_TAKEN_BACK = lazyre.compile(
    r"\b(?:not|no|never|but|actually|though|although|except|well)\b|n't\b", re.IGNORECASE
)
_OTHER_DOER = lazyre.compile(r"\b(?:i|we|he|she|they|my|our)\b", re.IGNORECASE)


def _other_owner(name: str, possessor: re.Match[str], quote: str) -> str:
    """ "Rosa's photos in the gallery show" against "Ivo's photos were in the gallery show":
    the quote gives the owned noun another named owner (the gate's own reading)."""
    rest = name[possessor.end() - 1 :].split()
    if not rest:
        return ""
    owned = re.escape(rest[0])
    owner = possessor["name"].split()[0]
    for m in re.finditer(rf"\b([A-Z][\w.-]*)['\u2019]s\s+(?:[\w-]+\s+){{0,2}}{owned}\b", quote):
        if m.group(1) != owner:
            return f"the quote's {rest[0]} are {m.group(1)}'s, not {owner}'s"
    return ""


#: "my van", "our old boat": the asker's own thing, its noun within two words.
_MINE = lazyre.compile(r"^(?:my|our)\s+(?:[\w-]+\s+){0,2}?(?P<owned>[a-z][\w-]*)\b(?!['\u2019])")


def _not_mine(name: str, quote: str) -> str:
    """ "my van broke down" against "Oskar's van broke down on the 12th": the quote gives the
    asker's thing a named owner and never calls it the writer's ("my van"), so it tells of
    someone else's (the gate's own reading)."""
    mine = _MINE.match(name)
    if mine is None:
        return ""
    owned = re.escape(mine["owned"])
    near = rf"\s+(?:[\w-]+\s+){{0,2}}{owned}\b"
    if re.search(rf"\b(?:my|our){near}", quote, re.IGNORECASE):
        return ""
    m = re.search(rf"\b([A-Z][\w.-]*)['\u2019]s{near}", quote)
    if m is None:
        return ""
    return f"the quote's {mine['owned']} is {m.group(1)}'s, not the writer's"


def _sentence_start(quote: str, at: int) -> int:
    """Where the sentence holding offset ``at`` of the quote starts (after the last sentence
    end or line break before it)."""
    return max((m.end() for m in re.finditer(r"[.!?](?=\s)|\n", quote[:at])), default=0)


def _told_to_you(quote: str, where: int) -> bool:
    """Does the expression's sentence tell a deed of "you" (a "you" before the expression,
    no other person after it)?"""
    start = _sentence_start(quote, where)
    told = quote[start:where]
    you = [m.end() for m in re.finditer(r"\byou\b", told, re.IGNORECASE)]
    return bool(you) and not _OTHER_DOER.search(told[you[0] :])


#: A yes/no question about a past deed of the one addressed ("Did you finish …?").
_PAST_QUESTION = lazyre.compile(r"\W*(?:did|were|was|had)\s+you\b", re.IGNORECASE)


def _yes_to_a_past_question(
    question: str,
    quote: str,
    where: int,
    record: EvidenceRecord,
    following: EvidenceRecord | None,
) -> bool:
    """ "Did you finish the marathon on Sunday?" answered by the asked person's plain yes."""
    subject = _question_subject(question)
    start = _sentence_start(quote, where)
    return (
        subject is not None
        and bool(_PAST_QUESTION.match(quote[start:]))
        and _confirmed_by_them(quote, where, record, following, subject)
    )


def _confirmed_by_them(
    quote: str,
    where: int,
    record: EvidenceRecord,
    following: EvidenceRecord | None,
    subject: str,
) -> bool:
    """A deed told to the subject in the second person by the other speaker ("You went
    back to the climbing gym last Sunday, didn't you?") that the subject's own next turn
    confirms ("I did! …"): the cited turn is headed by another name, the next one by the
    subject's; the expression's sentence has "you" before it and no other person between;
    the reply opens with a yes that nothing takes back and gives no time of its own."""
    if following is None or record.title.strip().lower() == subject.lower():
        return False
    if following.title.strip().lower() != subject.lower() or not _told_to_you(quote, where):
        return False
    reply = _turn_words(following.text)
    first = re.split(r"(?<=[.!?])\s", reply, maxsplit=1)[0]
    if not _YES.match(first) or _TAKEN_BACK.search(first):
        return False
    toks = [w for _, _, w in _tokens(first)]
    if any(
        b.lower() in ("did", "does", "has", "had")
        and (a.lower() in _OTHERS or (a[:1].isupper() and len(a) > 1))
        for a, b in itertools.pairwise(toks[1:])
    ):
        return False  # "Yes, my sister did, I stayed": the deed is someone else's
    return not any(_DATE_WORD.match(w) or w.isdigit() for _, _, w in _tokens(reply))


#: Who, named in a yes, takes the deed from the one asked ("Yes, my sister did").
_OTHERS = frozenset(words_of("he she they sister brother mum dad mother father wife husband"))


def _asks_a_plan(question: str) -> bool:
    """Does the question ask when a coming event is planned (the gate's own reading)?"""
    return bool(_PLAN_QUESTION.match(question))


_DATE_WORD = lazyre.compile(
    r"^(?:today|yesterday|tonight|tomorrow|ago|last|monday|tuesday|wednesday|thursday|friday|"
    r"saturday|sunday|january|february|march|april|may|june|july|august|september|october|"
    r"november|december|\d{1,2}(?:st|nd|rd|th)|\d{4}-\d{2}-\d{2})$",
    re.IGNORECASE,
)


#: A wider time right before the cited one, joined by a comma: "last weekend, on Saturday"
_NARROWED_BY = lazyre.compile(
    r"\b(?:last|this|that)\s+(?:weekend|week|month)\s*,\s*(?:on\s+|in\s+)?$", re.IGNORECASE
)


@dataclass(frozen=True, slots=True)
class OperandCheck:
    """The gate's reading of one operand, kept for explanations and tests."""

    probability: float
    coverage: float
    proximity: float
    warnings: tuple[str, ...]


def _stem(word: str) -> str:
    """The first five letters of the word's key (:func:`prme_cli.words.key`, the normaliser
    retrieval and alignment use): a prefix, so derived words of one root still meet."""
    return words.key(word.strip("'-"))[:5]


_HOW_LONG_BEEN = lazyre.compile(
    r"how\s+(?:long|many\s+\w+)\s+(?:have|has|had)\s+\S+(?:\s+\S+)?\s+been\b", re.IGNORECASE
)
_PERFECT_BEFORE = lazyre.compile(
    r"\b(?:have|has|'ve|'s)\s+(?:\w+\s+)?(?:been|had|\w+ed)\b[^.!?]*$", re.IGNORECASE
)


def _state_since(quote: str, where: int, expression: str) -> bool:
    """The expression is the length ("for two months now") or the start ("since March") of a
    state the quote tells in the present perfect: it says when that state started."""
    before = quote[:where]
    if not _PERFECT_BEFORE.search(before):
        return False
    return expression.lower().startswith("for ") or bool(
        re.search(r"\bsince\s+(?:the\s+)?$", before, re.IGNORECASE)
    )


#: Forms of using a thing one has (using, wearing, driving, riding, owning, carrying): such
#: a state starts when the thing was got; and the words that say it was got. The gate's own
#: tables, not the resolver's synonyms; ordering is not having.
_USE_FORMS = frozenset(
    words_of(
        "use uses used using wear wears wore worn wearing drive drives drove driven driving "
        "ride rides rode ridden riding own owns owned owning carry carries carried carrying"
    )
)
_GOT_WORDS = frozenset(words_of("got bought purchased received acquired"))
_GOT_KEYS = frozenset(words_of("get buy purchase receive acquire"))


#: The gate's own reading of a meeting told as time spent together: "had", "grabbed" or
#: "went for" with at most three words up to "with", and a capitalised name after it.
_SAT_WITH = lazyre.compile(
    r"\b(?:had|grabbed|went\s+for)\s+(?:[A-Za-z]+\s+){1,3}?(?P<with>with)\s+[A-Z][a-z]+"
)


#: The gate's own list of verbs that call off, miss or only arrange what they govern.
_UNDOING = lazyre.compile(
    r"^(?:cancel|postpon|reschedul|skip|miss|book|schedul|plann|regist|sign|order|bought|"
    r"buy|reserv|prepar|arrang|forg[eo]t|avoid|dropp|quit)",
    re.IGNORECASE,
)


#: The verbs that open and close a lasting activity, for a span's two quotes.
_BOUNDARY_VERBS = {
    "start": frozenset(words_of("started began commenced")),
    "end": frozenset(words_of("finished completed ended")),
}


#: Activities on a work that "started X" abbreviates (the gate's own list).
_WORKS = frozenset(
    words_of("read watch listen write knit sew crochet paint draw learn study binge draft build")
)


def _names_a_work(name: str) -> bool:
    """The name opens with an activity on a work ("read", "knitting", "listening to"), in
    any of the verb's forms."""
    lead = name.split()[0].lower() if name.split() else ""
    return lead in _WORKS or words.verb_lemma(lead) in _WORKS


def _verb_takes_the_name(verb: str, after: str, name: str) -> bool:
    """A name without a verb ("my first open-water mile") is done by a deed whose object is
    the name itself: after the verb, the name's own words, word for word once its leading
    determiner is set aside ("Swam my first open-water mile: 41 minutes")."""
    words = name.split()
    if not words or words[0].lower() not in _DETERMINERS or _UNDOING.match(verb):
        return False
    from prme_cli import words as normaliser

    rest = " ".join(words[1:]).lower()
    told = re.sub(r"\s+", " ", after).strip().lower()
    told = re.sub(r"^(?:my|our|the|a|an|his|her|their)\s+", "", told)
    if not rest or not told.startswith(rest):
        return False
    following = re.match(r"[a-z][a-z'-]*", told[len(rest) :].lstrip())
    # "Watched my first pottery class video": what was watched is a video
    return not (
        following
        and told[len(rest) : len(rest) + 1] == " "
        and "NOUN" in normaliser.lemmas(following.group(0))
        and not gate_words.is_function_word(following.group(0))
    )


#: "my first pottery class", "the last Italian lesson": an ordinal member of a series, named
#: by the words before its noun.
_SERIES_MEMBER = lazyre.compile(
    r"\b(?P<which>first|last|final)\s+"
    r"(?!(?:two|three|four|five|six|seven|eight|nine|ten|few|couple|several|\d+)\b)"
    r"(?P<mods>(?:[A-Za-z][\w'-]*\s+){1,2}?)(?P<part>[A-Za-z][\w-]*)\b",
    re.IGNORECASE,
)
#: The keys of the aspect verbs a name may ask for ("start the course", "finish the book").
_ASPECT_KEYS = frozenset(words_of("start begin finish complete end"))
_ASPECT_WORDS = frozenset(words_of("start started starting begin began finish finished end ended"))


def _series_ends(quote: str, name: str) -> list[tuple[int, tuple[str, ...]]]:
    """The gate's reading of a series' first or last member: "First pottery class tonight"
    tells that the pottery course started when the name's words, but for one (what the
    series is called: "course"), are the member's own words before its noun ("pottery");
    "the last episode of Severance" that Severance finished. The series is the one name
    word the quote does not write (or none); there is no list of series nouns."""
    wanted = [
        w
        for _, _, w in _tokens(name.lower())
        if not gate_words.is_function_word(w) and w not in _ASPECT_WORDS and w not in _ORDINALS
    ]
    out: list[tuple[int, tuple[str, ...]]] = []
    for m in _SERIES_MEMBER.finditer(quote):
        member = {w.lower() for w in m["mods"].split()}
        of = re.match(r"\s+of\s+(?:the\s+)?((?:[\w'-]+\s*){1,4})", quote[m.end("part") :])
        if m["part"].lower() == "of":
            of = re.match(r"\s*(?:the\s+)?((?:[\w'-]+\s*){1,4})", quote[m.end("part") :])
        member |= {w.lower().strip("'") for w in (of.group(1).split() if of else [])}
        missing = [w for w in wanted if w not in member]
        if len(missing) > 1 or len(missing) == len(wanted) or m["part"].lower() in missing:
            continue
        boundary = "started" if m["which"].lower() == "first" else "finished"
        out.append((m.start("part"), (boundary, *missing)))
    return out


def _deed_hits(
    qtoks: list[tuple[int, int, str]],
    events: tuple[gate_event.Reading, ...],
    told: gate_event.Reading,
) -> list[int]:
    """Token indexes where a clause of the quote tells the name's deed by its sense class or
    a deed that entails it (the clause's first word), or a verb of the quote does."""
    out = []
    for clause in events:
        if clause.predicate == told.predicate or not gate_event.same_deed(told, clause):
            continue
        first = next(
            (i for i, (a, b, _) in enumerate(qtoks) if clause.start <= a < clause.end), None
        )
        if first is not None:
            out.append(first)
    for i, (a, b, w) in enumerate(qtoks):
        # "drove up to see my parents": a verb of the name's deed the reading did not pick
        verb = words.key(w) if b > a and words.verb_lemma(w) else ""
        if verb and verb != told.predicate and gate_event.writes_deed(told, [verb]):
            out.append(i)
    return sorted(set(out))


def _tokens(text: str) -> list[tuple[int, int, str]]:
    return [(m.start(), m.end(), m.group(0)) for m in _TOKEN.finditer(text)]


#: "it" or "one" as the object of the verb before it ("bought it", "got one").
_OBJECT_PRONOUN = lazyre.compile(r"\b(?P<verb>[A-Za-z]+)\s+(?P<pronoun>it|one)\b", re.IGNORECASE)
#: Words that bring a new thing into the talk ("a new toaster", "the hammock").
_INTRODUCING = frozenset(words_of("a an the my our this"))
_WHOM_FOR = frozenset(words_of("for to from with"))
_DESCRIBING = frozenset(words_of("new old own other"))
#: After "the", words that say the thing asked again rather than bring a new one: "The
#: very one.", "The same one.", "The one, yes."
_SAID_BACK = frozenset(words_of("very same one"))
#: "for a while", "after a bit", "in a moment": a spell of time, no thing a pronoun stands for.
_SPELLS_OF_TIME = frozenset(words_of("while bit moment"))


def _pronoun_stands_for_another(
    quote: str, clause: gate_event.Reading | None, names: list[tuple[str, float, bool, str]]
) -> str | None:
    """ "I returned the blender and picked out a new toaster. I bought it on Monday": when
    the cited clause tells its deed on "it" (or "one") as the verb's object and names none
    of the name's words itself, the pronoun stands for the name's thing only if no other
    thing was brought in between the name's last word and the pronoun (a determiner and a
    word that is no date: "a new toaster", "the hammock"; whom a thing is for, "for my
    niece", is no other thing). The gate's own reading of the quote's order of mentions,
    not the resolver's noun phrases. A warning, or None when it does not apply."""
    if clause is None:
        return None
    text = quote[clause.start : clause.end]
    pronoun = next(
        (
            m
            for m in _OBJECT_PRONOUN.finditer(text)
            if m["verb"].lower() not in words.FUNCTION_WORDS
        ),
        None,
    )
    if pronoun is None:
        return None
    stems = {stem for stem, _, leading, _ in names if not leading}  # not the name's verb
    if any(_stem(w) in stems for _, _, w in _tokens(text[: pronoun.start("pronoun")])):
        return None  # the clause names the thing itself
    toks = _tokens(quote[: clause.start + pronoun.start("verb")])
    last = max((i for i, (_, _, w) in enumerate(toks) if _stem(w) in stems), default=None)
    if last is None:
        return None  # the name's thing is not told here: the coverage decides
    for i in range(last + 1, len(toks)):
        word = toks[i][2]
        if word.lower() not in _INTRODUCING or i + 1 >= len(toks):
            continue
        if i > 0 and toks[i - 1][2].lower() in _WHOM_FOR and word.lower() in ("my", "our"):
            continue
        k = i + 1
        while k + 1 < len(toks) and toks[k][2].lower() in _DESCRIBING:
            k += 1  # "a new toaster"
        following = toks[k][2]
        if (
            following.lower() in words.FUNCTION_WORDS
            or _DATE_WORD.match(following)
            or following.lower() in _SPELLS_OF_TIME
        ):
            continue
        return f"'{pronoun['pronoun']}' stands for the {following}, not the named thing"
    return None


#: A clause opened by someone else's person as its subject: "My sister had …", "Her
#: partner took …", "Our neighbour had …" (after "and", "but", "so", "then", "also").
_ANOTHERS_SUBJECT = lazyre.compile(
    r"^\W*(?:(?:and|but|so|then|also|oh|well|plus)\s+)*(?:my|our|his|her|their|your)\s+"
    r"(?:(?:little|big|older|younger|best|new|old|eldest|youngest)\s+)?(?P<who>[a-z]+)\b",
    re.IGNORECASE,
)


#: A clause opening with "and"/"then" and its verb, its subject left out ("… and broke
#: his wrist").
_ELIDED_SUBJECT = lazyre.compile(
    r"^\W*(?:and|then)\s+(?:then\s+|also\s+)?[a-z]+ed\b|^\W*(?:and|then)\s+(?!(?:i|we|he|she|they|you|my|our|his|her|their|the|a)\b)[a-z]+\b",
    re.IGNORECASE,
)


def _clause_of_another(
    quote: str, clause: gate_event.Reading | None, subject: str | None, name: str
) -> str:
    """A warning when the cited clause opens with a person of someone's as its subject ("My
    sister had the baby", "Her partner took …": :data:`gate_words.PERSON_NOUNS`) while the
    question asks the writer's or the speaker's own deed; not when the subject takes the
    writer in ("My sister and I went …") or is the one asked about by name ("My brother
    Felix took …" for Felix). "" when it does not apply."""
    if clause is None:
        return ""
    text = quote[clause.start : clause.end]
    before = quote[_sentence_start(quote, clause.start) : clause.start]
    if _ELIDED_SUBJECT.match(text) or re.search(r"\b(?:and|then)\s*$", before):
        # "My dad slipped on the dock and broke his wrist": the clause shares the subject
        # its sentence opened with
        opened = _ANOTHERS_SUBJECT.match(before)
        if opened is not None and not re.search(r"\b(?:I|we)\b", before[opened.end() :]):
            text = before + text
    m = _ANOTHERS_SUBJECT.match(text)
    if m is None or m["who"].lower() not in gate_words.PERSON_NOUNS:
        return ""
    name_words = {w.lower().replace("\u2019", "'").removesuffix("'s") for _, _, w in _tokens(name)}
    if m["who"].lower() in name_words:
        return ""  # "When did my sister have the baby?": the question asks about her
    if re.match(
        r"['\u2019]s\b|\s*,?\s*(?:[A-Z][\w-]*\s+)?(?:and|&)\s+(?:I|me|we)\b", text[m.end() :]
    ):
        return ""  # "my sister's car", "My sister and I went …"
    apposed = re.match(r"\s*,?\s*([A-Z][\w-]*)(['\u2019]s\b)?", text[m.end() :])
    if apposed and (
        apposed.group(2) or apposed.group(1).lower() in {(subject or "").lower()} | name_words
    ):
        return ""  # "My brother Felix took …" for a question about Felix; "my friend Rachel's …"
    return f"the cited clause is the deed of {m.group(0).strip()}"


#: A clause whose subject is "he", "she" or "they" (past a conjunction or an adverb).
_THIRD_SUBJECT = lazyre.compile(
    r"^\W*(?:(?:and|but|so|then|also|oh|well|plus|just|finally|already)\s+)*"
    r"(?P<who>he|she|they)\b(?!\s+and\s+(?:I|me)\b)",
    re.IGNORECASE,
)
#: The speaker as the object of a clause ("they called me", "she told us"): the clause
#: tells the speaker's news, not another's deed alone.
_TO_THE_SPEAKER = lazyre.compile(r"\b(?:me|us)\b", re.IGNORECASE)
#: What opens a name that says whose deed it is ("my sister have …", "the plumber come").
_NAME_OF_A_DOER = frozenset(words_of("my our his her their your the a an"))


def _third_persons_deed(
    quote: str,
    clause: gate_event.Reading | None,
    subject: str | None,
    name: str,
    record: EvidenceRecord,
) -> str:
    """A warning when the cited clause's subject is "he", "she" or "they" while the
    question asks the deed of the one speaking — the writer, or the speaker of the cited
    turn ("Anh: She had her knee replaced on Monday" is someone else's knee): a speaker
    tells their own deeds with "I". "" when the name says whose deed it is ("my sister
    have the baby") or the question asks someone else."""
    if clause is None or not name.strip():
        return ""
    first = name.split()[0]
    if first[:1].isupper() or first.lower() in _NAME_OF_A_DOER:
        return ""
    text = quote[clause.start : clause.end]
    m = _THIRD_SUBJECT.match(text)
    if m is None or _TO_THE_SPEAKER.search(text):
        return ""  # "They called me on Monday": word reaching the speaker, read elsewhere
    if subject is not None:
        head = re.match(r"\s*\*+\s+([^\n]+?)\s*\n", quote)
        speaker = (head.group(1) if head else record.title or "").strip()
        if not _SPEAKER_NAME.fullmatch(speaker) or speaker.lower() != subject.lower():
            return ""
        body = quote[head.end() if head else 0 : clause.start]
        if re.search(rf"\b{re.escape(subject.split()[0])}\b", body, re.IGNORECASE):
            return ""  # "Lena called: she started her new job": she is the Lena just named
    return f"the cited clause is the deed of '{m['who']}', not of the one speaking"


#: Two people a question joins as the doers: "When did Maya and Lea …", "… Tomas and I …".
_TWO_DOERS = lazyre.compile(
    r"\b(?:did|do|does|have|has|had)\s+([A-Z][\w-]*)\s+and\s+([A-Z][\w-]*|I)\s"
)
#: What says the two speakers are the "we": "you and me", "both of us", "together".
_YOU_AND_ME = lazyre.compile(
    r"\b(?:you\s+and\s+(?:me|i)|(?:me|i)\s+and\s+you|both\s+of\s+us|the\s+two\s+of\s+us|"
    r"together)\b",
    re.IGNORECASE,
)
#: A sentence that names someone as not taking part: "Lea couldn't come", "without her".
_NOT_TAKING_PART = lazyre.compile(
    r"\b(?:not|never|without|except|stayed|instead|apart\s+from)\b|n't\b", re.IGNORECASE
)


#: Where the gate cuts a note into sentences and a sentence into clauses, for the reading
#: of a writer who took no part (its own cut: stops and line ends; commas, dashes and the
#: conjunctions that open a clause).
_SENTENCE_EDGE = lazyre.compile(r"[.!?]+(?=[\s\"')]|$)|\n")
_CLAUSE_EDGE_AT = lazyre.compile(
    r"[,;:()]|\s[-\u2013\u2014]+\s|\s(?=(?:but|though|although|and|so|because|while)\s)",
    re.IGNORECASE,
)


def _no_part_beside(name: str, record: EvidenceRecord, quote: str, where: int) -> str:
    """Why the cited time does not date the attendance the name asks ("go to Priya's
    wedding"), by the gate's own cut of the record: the clause holding the expression
    names the occasion and tells no deed of the writer's ("Priya's wedding today."), and
    the rest of its sentence or the next sentence says the writer took no part ("I
    couldn't go, stuck in bed with flu."), by the shared reading
    (:func:`prme_cli.denial.absence`); "" otherwise."""
    attending = denial.attendance(name)
    if attending is None or where < 0:
        return ""
    text = record.text
    at = text.find(quote) + where
    edges = [m.end() for m in _SENTENCE_EDGE.finditer(text)]
    start = max([e for e in edges if e <= at] or [0])
    end = min([e for e in edges if e > at] or [len(text)])
    sentence = text[start:end]
    cuts = [0, *(m.start() for m in _CLAUSE_EDGE_AT.finditer(sentence)), len(sentence)]
    offset = at - start
    a = max(c for c in cuts if c <= offset)
    b = min([c for c in cuts if c > offset] or [len(sentence)])
    clause = sentence[a:b]
    said = denial.absence(clause, attending.words, remote_is_part=attending.seeing)
    if not said and denial.writer_is_doer(clause):
        return ""
    after = text[end:]
    nxt = re.match(r"[\s.!?\"')]*", after)
    rest = after[nxt.end() if nxt else 0 :]
    following = ""
    if rest and not rest.startswith(("*", ":", "#+")):
        stop = _SENTENCE_EDGE.search(rest)
        following = rest[: stop.end() if stop else len(rest)]
    said = said or denial.absence(
        "\n".join([sentence[:a], sentence[b:], following]),
        attending.words,
        remote_is_part=attending.seeing,
    )
    return f"the writer says they took no part: '{said}'" if said else ""


def _partner_absent(
    question: str,
    quote: str,
    record: EvidenceRecord,
    preceding: EvidenceRecord | None,
    following: EvidenceRecord | None,
) -> str:
    """For "When did A and B …?", the one of A and B the quote does not tell taking part
    (as a warning; "" when both are): each must head the quote's turn, or be named in the
    quote in a sentence that does not leave them out ("Lea couldn't come", "without her"),
    or be the other speaker of the turns around it when the quote's "we" says so ("you and
    me", "both of us", "together"). The gate's own reading, not the resolver's."""
    m = _TWO_DOERS.search(question)
    if m is None:
        return ""
    head = re.match(r"\s*\*+\s+([^\n]+?)\s*\n", quote)
    speaker = (head.group(1) if head else record.title).strip().lower()
    around = {r.title.strip().lower() for r in (preceding, following) if r is not None}
    sentences = re.split(r"(?<=[.!?])\s+", quote)
    for name in (m.group(1), m.group(2)):
        if name == "I" or name.lower() == speaker:
            continue
        said = [x for x in sentences if re.search(rf"\b{re.escape(name)}\b", x)]
        if said and not any(_NOT_TAKING_PART.search(x) for x in said):
            continue
        if (
            not said
            and name.lower() in around
            and re.search(r"\b(?:we|us|our)\b", quote, re.IGNORECASE)
            and _YOU_AND_ME.search(quote)
        ):
            continue
        return f"the quote does not tell {name} taking part"
    return ""


#: "him" or "her" as the object of a verb ("brought him home", "drove her to the station").
_PERSON_OBJECT = lazyre.compile(r"\b(?P<verb>[A-Za-z]+)\s+(?P<pronoun>him|her)\b", re.IGNORECASE)


def _person_pronoun_for_another(
    quote: str,
    clause: gate_event.Reading | None,
    names: list[tuple[str, float, bool, str]],
    speaker: str,
) -> str | None:
    """ "Bruno and Lotte moved in March. I drove her to the station on Sunday": when the
    cited clause tells its deed on "him" or "her" and names none of the name's own names,
    the pronoun stands for the name's name only if no other name (a capitalised word, that
    opens no sentence or is no dictionary word but a noun, no date word and no speaker's)
    is said from the start of the
    sentence of that name's last mention to the pronoun. The gate's own reading of the quote's order of names. A
    warning, or None when it does not apply."""
    if clause is None:
        return None
    text = quote[clause.start : clause.end]
    pronoun = next(
        (m for m in _PERSON_OBJECT.finditer(text) if m["verb"].lower() not in words.FUNCTION_WORDS),
        None,
    )
    if pronoun is None:
        return None
    wanted = {stem for stem, _, leading, word in names if not leading and word[:1].isalpha()}
    capitalised = {_stem(w) for _, _, w in _tokens(quote) if w[:1].isupper() and _stem(w) in wanted}
    if not capitalised or any(_stem(w) in capitalised for _, _, w in _tokens(text)):
        return None  # no name of the name's before it, or the clause names it itself
    toks = _tokens(quote[: clause.start + pronoun.start("verb")])
    last = max((i for i, (_, _, w) in enumerate(toks) if _stem(w) in capitalised), default=None)
    if last is None:
        return None
    begin = last
    while begin > 0 and not re.search(r"[.!?:\n]\s*$", quote[: toks[begin][0]]):
        begin -= 1  # from the start of the sentence that names it: "Bruno and Lotte …"
    for i in range(begin, len(toks)):
        at, _, word = toks[i]
        if i == last or _stem(word) in capitalised:
            continue
        opens = i == 0 or re.search(r"[.!?:\n]\s*$", quote[:at]) is not None
        lemmas = set(words.lemmas(word.lower()))
        if (
            word[:1].isupper()
            and (not opens or not lemmas or bool(lemmas & {"NOUN", "PROPN"}))
            and word.lower() not in words.FUNCTION_WORDS
            and word.lower() != speaker.strip().lower()
            and not _DATE_WORD.match(word)
            and word != "I"
        ):
            return f"'{pronoun['pronoun']}' may stand for {word}, not the named one"
    return None


_WHERE_TO = lazyre.compile(r"\b(in|at|to|into|reached)\s+(?:the\s+)?([A-Z][\w\u00c0-\u024f-]*)")
_WHERE_FROM = lazyre.compile(r"\b(from|out\s+of)\s+(?:the\s+)?([A-Z][\w\u00c0-\u024f-]*)")


#: The determiners that open the thing a question asks the other speaker about; "my", "his",
#: "her", "their", "our" make it the asker's or a third's, not the answerer's.
_ASKED_OPENERS = frozenset(words_of("the a an this that your"))
_NOT_ANSWERERS = frozenset(words_of("my our his her their its"))
#: In a reply, the thing said again: "it" or "one" as the object of a verb ("failed it",
#: "bought one"; "him" or "her" for a name, "walked him"), or a verb of "I"/"we" with no object before a time, a preposition or the
#: sentence's end ("I started last Wednesday").
_SAID_AGAIN = lazyre.compile(
    r"\b(?P<verb>[A-Za-z]+)\s+(?P<pronoun>it|one|him|her)\b"
    r"|\b(?:I|[Ww]e)\s+(?:[a-z]+ly\s+)?(?P<bare>[a-z]+ed)(?=\s*[,.;:!?]|\s*$|\s+(?:on|last|"
    r"this|yesterday|in|at|a|two|three|four|five|earlier|after|before|as)\b)"
)


def _later_turns(
    record: EvidenceRecord, records: dict[str, EvidenceRecord]
) -> tuple[EvidenceRecord, ...]:
    """The turns after ``record`` headed by the same speaker's name: later in its own file
    (by line), or in a file of a later day (a later session), in order."""
    speaker = record.title.strip()
    if not _SPEAKER_NAME.fullmatch(speaker):
        return ()
    out = [
        other
        for other in records.values()
        if other.title.strip() == speaker and _written_after(other, record)
    ]
    return tuple(sorted(out, key=lambda r: (r.file != record.file, r.event_time or 0, r.line)))


def _written_after(other: EvidenceRecord, record: EvidenceRecord) -> bool:
    """Was ``other`` written after ``record``: further down the same file, or in a file of
    a later day?"""
    if other.id == record.id:
        return False
    if other.file == record.file:
        return other.line > record.line
    return bool(other.event_time and record.event_time and other.event_time > record.event_time)


def _later_notes(
    record: EvidenceRecord, records: dict[str, EvidenceRecord]
) -> tuple[EvidenceRecord, ...]:
    """The notes written after ``record`` that are no chat turns: further down its own file,
    or in a file of a later day (a later journal entry)."""
    return tuple(
        other
        for other in records.values()
        if not _SPEAKER_NAME.fullmatch(other.title.strip()) and _written_after(other, record)
    )


#: A chat turn's heading: one capitalised name (or the generic user label).
_SPEAKER_NAME = lazyre.compile(r"[A-Z][\w'-]*|user")
#: A sentence of a later turn that takes a time back, read by the gate on its own: its
#: opening (past a filler or an "About the test:" lead) withdraws what was said, or it says
#: "I said <time>" before giving another.
_WITHDRAWS = lazyre.compile(
    r"^\W*(?:(?:well|oh|ah|um|uh|hmm|so|ok|okay|and|but|that\s+one)\W+)*"
    r"(?:(?:about|re|regarding)\s+[^.,:;!?]{1,40}[:,\u2014\u2013-]\s*)?(?:(?:oh|well|so)\W+)?"
    r"(?:actually|(?:a\s+)?correction|no\W+wait|wait\W+no|(?:sorry\W+)?i\s+meant?(?!\s+to\b)|"
    r"scratch\s+that|i\s+misspoke|my\s+mistake|my\s+bad|i\s+was\s+wrong|or\s+rather|"
    r"make\s+that|let\s+me\s+correct|i\s+(?:got|had)\s+(?:that|it|this|the\s+(?:day|date))\s+wrong)\b",
    re.IGNORECASE,
)
_I_SAID = lazyre.compile(
    r"\b(?:i|we)\s+(?:said|told\s+you|wrote|mentioned)\s+(?:on\s+)?", re.IGNORECASE
)
#: Words too light to tell which event a correction is about (the gate's own list).
_LIGHT_CORRECTION_WORDS = frozenset(
    words_of(
        "got get gets have had has did done went made said mean meant think wrong "
        "last time earlier before other evening morning night afternoon"
    )
)


def _content_stems(text: str) -> set[str]:
    """The gate's stems of the words of ``text`` that can name an event: no function
    word, light verb, calendar word or number."""
    out = set()
    for _, _, w in _tokens(text):
        low = w.lower()
        if (
            len(low) < 3
            or not low[0].isalpha()
            or low in words.FUNCTION_WORDS
            or low in _LIGHT_CORRECTION_WORDS
            or _DATE_WORD.match(low)
        ):
            continue
        out.add(_stem(low))
    return out


#: A sentence opening with a bare "no" before a time ("No, it was the 19th"): read with
#: :data:`_WITHDRAWS`, the gate's own openings of a correction.
_BARE_NO = lazyre.compile(r"^\W*no\s*,\s*(?:it\s+was\s+|that\s+was\s+|on\s+)?", re.IGNORECASE)


def _taken_back_next(operand: Operand, record: EvidenceRecord) -> bool:
    """Does the sentence right after the cited time's sentence, in the same record, take
    it back ("… on the 18th. No, it was the 19th", "… on Friday. Actually, Thursday"): open
    with a withdrawal or a bare "no," and give another time word?"""
    text = record.text
    begin = text.find(operand.quote)
    at = operand.quote.find(operand.time_expression)
    if begin < 0 or at < 0:
        return False
    end = begin + at + len(operand.time_expression)
    stop = re.compile(r"[.!?](?:\s+|$)").search(text, end)
    if stop is None:
        return False
    following = text[stop.end() :]
    following = re.split(r"(?<=[.!?])\s", following, maxsplit=1)[0]
    opening = _WITHDRAWS.match(following) or _BARE_NO.match(following)
    if opening is None:
        return False
    given = _TIME_IN.search(following, opening.end())
    return given is not None and not following[given.start() :].lower().startswith(
        operand.time_expression.lower()
    )


def _taken_back_later(
    operand: Operand, record: EvidenceRecord, later: tuple[EvidenceRecord, ...]
) -> str:
    """Why a later turn of the same speaker takes the cited time back ("" when none does):
    a sentence that withdraws (:data:`_WITHDRAWS`) or says "I said <the cited time>", then
    gives a time word that is not the cited expression. In the cited turn's session it
    counts unless its own words name a dated sentence of the speaker that the cited one
    does not ("Actually, my sister's flight landed on Sunday"); in a later session it must
    name a word of the operand."""
    expression = operand.time_expression.lower()
    quote = operand.quote
    at = quote.find(operand.time_expression)
    cited = quote[_sentence_start(quote, at) :]
    cited = re.split(r"(?<=[.!?])\s", cited, maxsplit=1)[0]
    cited_stems = _content_stems(cited)
    name_stems = {_stem(w) for w, _, _, _ in _name_words(operand.name)}
    told: list[tuple[str, set[str]]] = []  # the speaker's sentences of the session, in order
    for turn in [record, *(r for r in later if r.file == record.file)]:
        told += [(x, _content_stems(x)) for x in re.split(r"(?<=[.!?])\s+", _turn_words(turn.text))]
    for turn in later:
        for sentence in re.split(r"(?<=[.!?])\s+", _turn_words(turn.text)):
            said = None
            for m in _I_SAID.finditer(sentence):
                if sentence[m.end() :].lower().startswith(expression):
                    said = m.end() + len(expression)
            opening = _WITHDRAWS.match(sentence)
            start = said if said is not None else (opening.end() if opening else None)
            if start is None:
                continue
            rest = sentence[start:]
            given = _TIME_IN.search(rest)
            if given is None or rest[given.start() :].lower().startswith(expression):
                continue
            own = _content_stems(rest[: given.start()] + " " + rest[given.end() :])
            if turn.file != record.file:
                if _content_stems(sentence) & name_stems:
                    return (
                        f"a later session of {record.title.strip()} takes "
                        f"'{operand.time_expression}' back"
                    )
                continue
            before = told[: next(i for i, t in enumerate(told) if t[0] == sentence)]
            elsewhere = set().union(
                *(stems - cited_stems for x, stems in before if x != cited and _TIME_IN.search(x))
            )
            if own & elsewhere and not own & cited_stems:
                continue  # it takes back another of the speaker's times
            return f"a later turn of {record.title.strip()} takes '{operand.time_expression}' back"
    return ""


def _taken_back_by_a_later_note(operand: Operand, later: tuple[EvidenceRecord, ...]) -> str:
    """Why a note written later takes the cited time back ("" when none does): one of its
    sentences withdraws (:data:`_WITHDRAWS`) and then gives a time word that is not the
    cited expression, or puts another time before "not <the cited time>" ("the courgettes
    were Thursday, not Wednesday"), and it names a word of the operand's event."""
    expression = operand.time_expression.strip().lower()
    bare = re.sub(r"^(?:on|in|at|during|by)\s+", "", expression)
    name_stems = {_stem(w) for w, _, _, _ in _name_words(operand.name)}
    denial = re.compile(rf"\bnot\s+(?:on\s+|in\s+|at\s+)?{re.escape(bare)}\b", re.IGNORECASE)
    for note in later:
        for sentence in re.split(r"(?<=[.!?])\s+", _turn_words(note.text)):
            if not _content_stems(sentence) & name_stems:
                continue
            opening = _WITHDRAWS.match(sentence)
            if opening is not None:
                given = _TIME_IN.search(sentence, opening.end())
                if given and not sentence[given.start() :].lower().startswith(bare):
                    return f"a later note takes '{operand.time_expression}' back"
            refused = denial.search(sentence)
            if refused is not None:
                given = _TIME_IN.search(sentence[: refused.start()])
                if given and not sentence[given.start() :].lower().startswith(bare):
                    return f"a later note takes '{operand.time_expression}' back"
    return ""


#: A sentence telling when word of something reached the speaker, read by the gate on its
#: own: "They told me on Tuesday", "The email came on Thursday", "I heard on Wednesday".
_WORD_CAME = lazyre.compile(
    r"^\W*(?:(?:and|so)\s+)?(?:(?:they|he|she|(?:the|my|our)\s+\w+|(?-i:[A-Z][a-z]+))\s+"
    r"(?:told|called|rang|phoned|emailed|texted|wrote|messaged|let)\b(?:\s+(?:me|us)\b)?"
    r"(?:\s+know\b)?|(?:the|an|their)\s+(?:email|e-mail|letter|call|news|message|text|results?|"
    r"confirmation)\s+(?:came|arrived|landed)\b|(?:i|we)\s+(?:heard|found\s+out)\b|"
    r"(?:i|we)\s+got\s+(?:the|their|an?)\s+(?:call|email|news|letter|message|text)\b)",
    re.IGNORECASE,
)
#: A word after the news verb that makes it news of another thing.
_WORD_OF = frozenset(words_of("that about whether if how what why"))
#: The verbs by which others accept or choose the speaker, and the posts one is given: the
#: gate's own lists for an outcome received.
_ACCEPTING = frozenset(words_of("accepted approved offered hired promoted picked chose selected"))
_POSTS = frozenset(
    words_of("job offer place role post position part grant scholarship promotion contract visa")
)


def _news_of_the_outcome(quote: str, where: int, name: str) -> str | None:
    """None when the expression's sentence tells no news arriving (or tells the named event
    itself: "When did Mum call?"); else "" when it dates the outcome the sentence before it
    tells as received ("I got promoted! They told me on Tuesday."), or why it does not (the
    sentence before tells a deed, or the news is of another thing: "They told me on Tuesday
    that the office is moving")."""
    start = _sentence_start(quote, where)
    came = _WORD_CAME.match(quote[start:])
    if came is None or start + came.end() > where:
        return None
    between = [w.lower() for _, _, w in _tokens(quote[start + came.end() : where])]
    if len(between) > 2 or _SUBJECTS & set(between) or "you" in between:
        return None  # "She told me she got engaged last weekend": what was told is dated
    said = _content_stems(came.group(0))
    if said & _content_stems(name):
        return None
    after = [w.lower() for _, _, w in _tokens(quote[start + came.end() :])]
    if _WORD_OF & set(after):
        return "the news told is of another thing"
    before = quote[:start].rstrip()
    told = re.split(r"(?<=[.!?])\s+|\n", before)[-1] if before else ""
    toks = [w for _, _, w in _tokens(told)]
    low = [w.lower() for w in toks]
    received = any(
        a in ("got", "gotten", "was", "were", "been") and re.fullmatch(r"[a-z]+(?:ed|en)", b)
        for a, b in itertools.pairwise(low)
    )
    received = received or any(
        b in _ACCEPTING and (a in ("they", "he", "she") or (t[:1].isupper() and a != "i"))
        for (t, a), b in zip(zip(toks, low, strict=True), low[1:], strict=False)
    )
    received = received or any(
        a in ("got", "landed", "won") and _POSTS & set(low[i + 1 : i + 4])
        for i, a in enumerate(low)
    )
    if not received:
        return "a call or message that tells no outcome received"
    return ""


def _turn_words(text: str) -> str:
    """A chat turn's own words: its text after the heading and drawer lines."""
    lines = text.split("\n")
    heading = max((i for i, line in enumerate(lines) if line.startswith("*")), default=-1)
    body = [
        line for line in lines[heading + 1 :] if line.strip() and not line.lstrip().startswith(":")
    ]
    return " ".join(body).strip()


#: The gate's own readings of a relative named by kin and name in a chat turn (a name is a
#: capitalised word, a second part joined by a hyphen allowed).
_GATE_NAME = r"[A-Z][a-z\u00e0-\u00ff]+(?:-[A-Z][a-z\u00e0-\u00ff]+)?"
#: "my brother Felix", "our cousin, Kojo", "my older sister Ana's wedding".
_GATE_MY_KIN = lazyre.compile(
    rf"\b(?i:my|our)\s+(?:(?P<adj>[a-z]+)\s+)?(?P<kin>[a-z-]+),?\s+(?P<name>{_GATE_NAME})\b"
)
#: "Marta, my older sister, …".
_GATE_NAME_MY_KIN = lazyre.compile(
    rf"\b(?P<name>{_GATE_NAME}),\s+(?i:my|our)\s+(?:(?P<adj>[a-z]+)\s+)?(?P<kin>[a-z-]+)\b"
)
#: "Jonas's brother Felix".
_GATE_OWNERS_KIN = lazyre.compile(
    rf"\b(?P<owner>{_GATE_NAME})['\u2019]s\s+(?:(?P<adj>[a-z]+)\s+)?(?P<kin>[a-z-]+),?\s+"
    rf"(?P<name>{_GATE_NAME})\b"
)
#: "Oh, your sister!" opening the other speaker's reply.
_GATE_YOUR_KIN = lazyre.compile(r"\b(?i:your)\s+(?:(?P<adj>[a-z]+)\s+)?(?P<kin>[a-z-]+)\b")
#: A name inside a sentence, not its first word: someone else named before "your sister".
_GATE_NAMED_INSIDE = lazyre.compile(rf"(?<=[^.!?\s]\s){_GATE_NAME}\b")
#: A name opening a clause, and the word after it: "Priti flew …", "…, and Kojo started".
_GATE_CLAUSE_NAME = lazyre.compile(
    rf"(?:^|[.!?;]\s+|,\s+(?:and|but|so)\s+|\band\s+)(?P<name>{_GATE_NAME})\s+(?P<verb>[a-z]+)\b"
)
#: "What a name is not": the normaliser's function words and the gate's calendar words.
_GATE_NOT_NAMES = frozenset(
    words_of(
        "yesterday today tonight tomorrow morning evening afternoon night weekend week month year"
    )
)


def _gate_kin(m: re.Match[str]) -> str | None:
    """The kin noun of a reading ("my older sister"), none when a describing word before it
    is a function word or a person noun itself ("my friend's brother")."""
    kin = m["kin"].lower()
    if (
        kin not in gate_words.PERSON_NOUNS
        or kin.endswith("s")
        and kin[:-1] in (gate_words.PERSON_NOUNS)
    ):
        return None  # a plural ("my cousins") names no one relative
    adj = (m["adj"] or "").lower()
    if adj and (adj in words.FUNCTION_WORDS or adj in gate_words.PERSON_NOUNS):
        return None
    return kin


def _gate_is_name(word: str) -> bool:
    low = word.lower()
    if low in words.FUNCTION_WORDS or low in _GATE_NOT_NAMES or _DATE_WORD.match(low):
        return False
    if low in gate_words.PERSON_NOUNS:
        return False
    found = words.lemmas(low)
    return not found or bool({"NOUN", "PROPN"} & set(found))


def _kin_named(records: dict[str, EvidenceRecord]) -> dict[tuple[str, str], str]:
    """(possessor, kin) -> the one name the packed chat turns give that person's relative,
    by the gate's own reading: the possessor's "my brother Felix" or "Felix, my brother";
    anyone's "Jonas's brother Felix"; the other speaker's "Oh, your sister!" opening the
    reply to a turn that names one person as a clause's doer ("Priti flew to Toronto …").
    A kin given two names names no one. Possessor and kin are lower-case."""
    found: dict[tuple[str, str], set[str]] = {}

    def add(owner: str, kin: str | None, name: str) -> None:
        if kin and _gate_is_name(name) and name.lower() != owner.lower():
            found.setdefault((owner.lower(), kin), set()).add(name)

    speakers = {r.title.strip().lower() for r in records.values() if r.title}
    for record in records.values():
        speaker = record.title.strip()
        if not _SPEAKER_NAME.fullmatch(speaker) or speaker == "user":
            continue
        said = _turn_words(record.text)
        for m in _GATE_MY_KIN.finditer(said):
            add(speaker, _gate_kin(m), m["name"])
        for m in _GATE_NAME_MY_KIN.finditer(said):
            add(speaker, _gate_kin(m), m["name"])
        for m in _GATE_OWNERS_KIN.finditer(said):
            add(m["owner"], _gate_kin(m), m["name"])
        before = records.get(record.previous or "")
        if before is None:
            continue
        asker = before.title.strip()
        if not _SPEAKER_NAME.fullmatch(asker) or asker in (speaker, "user"):
            continue
        first = re.match(r"[^.!?]*[.!?]*", said)
        opening = first.group(0) if first else said
        yours = _GATE_YOUR_KIN.search(opening)
        if yours is None or _GATE_NAMED_INSIDE.search(opening[: yours.start()]):
            continue
        doers = {
            m["name"]
            for m in _GATE_CLAUSE_NAME.finditer(_turn_words(before.text))
            if m["name"].lower() not in speakers
            and _gate_is_name(m["name"])
            and (words.lemmas(m["verb"]).get("VERB") or m["verb"] in ("is", "was", "has", "had"))
        }
        if len(doers) == 1:
            add(asker, _gate_kin(yours), next(iter(doers)))
    return {key: next(iter(names)) for key, names in found.items() if len(names) == 1}


#: An operand name that asks for a named person's relative: "Jonas's brother pass …",
#: "Lucía's sister's wedding".
_GATE_ASKED_KIN = lazyre.compile(
    rf"^(?:the\s+)?(?P<owner>{_GATE_NAME})['\u2019]s\s+(?:(?P<adj>[a-z]+)\s+)?"
    r"(?P<kin>[a-z-]+?)(?:['\u2019]s)?\b"
)


def _kin_in_quote(
    name: str, quote: str, where: int, kin: dict[tuple[str, str], str]
) -> tuple[str, str, list[int]] | None:
    """For a name asking for someone's relative: (kin noun, the relative's name or "",
    where the quote names the relative by name). None for any other name."""
    m = _GATE_ASKED_KIN.match(name)
    if m is None:
        return None
    noun = _gate_kin(m)
    if noun is None and m["adj"]:
        # "Jonas's brother pass …": the first word is the kin, no describing word before it
        noun = m["adj"] if m["adj"] in gate_words.PERSON_NOUNS else None
    if noun is None:
        return None
    called = kin.get((m["owner"].lower(), noun), "")
    at = [x.start() for x in re.finditer(rf"\b{re.escape(called)}\b", quote)] if called else []
    for alias in gate_words.KIN_ALIASES.get(noun, ()):
        # "My dad retired yesterday" for "Ingrid's father retire": the everyday name
        at += [x.start() for x in re.finditer(rf"\b{alias}\b", quote, re.IGNORECASE)]
    return noun, called, sorted(at)


def _kin_not_the_doer(quote: str, where: int, noun: str, called: str) -> str:
    """Why the expression's sentence does not tell the asked relative's deed ("" when it
    may): it names neither the kin ("my brother passed …") nor the relative's name, nor
    opens with a he, she or they (judged by the pronoun checks)."""
    start = _sentence_start(quote, where)
    stop = re.search(r"[.!?](?:\s|$)", quote[where:])
    sentence = quote[start : where + (stop.end() if stop else len(quote) - where)]
    if any(
        re.search(rf"\b{re.escape(w)}\b", sentence, re.IGNORECASE)
        for w in (noun, *gate_words.KIN_ALIASES.get(noun, ()))
    ):
        return ""
    if called and re.search(rf"\b{re.escape(called)}\b", sentence):
        return ""
    if re.match(r"\W*(?:he|she|they)\b", sentence, re.IGNORECASE):
        return ""
    return f"the sentence names no {noun} of the one asked about"


#: Prepositions that tie a noun phrase to the thing before it: "the dinghy from the ad".
_MODIFYING = frozenset(words_of("from of in at on with"))


def _modified_phrase(toks: list[str]) -> list[str]:
    """The words of a thing's phrase that ``toks`` close with a modifying preposition
    ("… the dinghy from" -> ["dinghy"]): after an opener ("the", "a", "your" …), describing
    words and nouns only, at most four; [] when ``toks`` end otherwise."""
    if len(toks) < 3 or toks[-1].lower() not in _MODIFYING:
        return []
    for j in range(len(toks) - 2, max(-1, len(toks) - 7), -1):
        low = toks[j].lower()
        if low in _ASKED_OPENERS:
            found = toks[j + 1 : -1]
            return found if found and len(found) <= 4 else []
        if low in _NOT_ANSWERERS or toks[j].endswith("'s"):
            return []
        if gate_words.is_function_word(low) and low not in _DESCRIBING:
            return []
    return []


def _thing_asked_before(
    quote: str, record: EvidenceRecord, preceding: EvidenceRecord | None
) -> list[tuple[int, str]]:
    """Where, in a reply's quote, the thing the other speaker just asked about is said
    again, with that thing's words: "How was the driving test?" — "I failed it on
    Tuesday." gives [(at "it", "driving"), (at "it", "test")].

    The gate's own reading of the turn before, not the resolver's noun phrases: the turn
    before is headed by another name and its last sentence is a question ending in a thing
    opened by "the", "a", "this" or "your" (the answerer's or nobody's; "How's my bike?" is
    the asker's), or in a name ("Did you decide about Kalymnos?"); the quote stands in the
    reply's first two sentences and its first "it"/"one" after a verb, or a verb told by
    "I"/"we" with no object, stands for that thing. Nothing when any of it fails."""
    if preceding is None or not record.title.strip() or not preceding.title.strip():
        return []
    if record.title.strip().lower() == preceding.title.strip().lower():
        return []
    said_before = re.split(r"(?<=[.!?])\s+", _turn_words(preceding.text))
    asked = said_before[-1]
    if not asked.endswith("?"):
        # "You finished the mural, didn't you? Marta posted a picture." — "Yes! I finished
        # it on Sunday": a reply opening with a yes answers the turn's last question
        if not _GATE_YES.match(_turn_words(record.text)):
            return []
        asked = next((x for x in reversed(said_before) if x.endswith("?")), "")
        if not asked:
            return []
    # "…, didn't you?", "…, right?": the tag asks nothing of its own; a time told after
    # the thing ("the mural last Sunday") is no part of it
    asked = _GATE_TAG.sub("?", asked)
    toks = [w for _, _, w in _tokens(asked)]
    while len(toks) > 1 and toks[-1].lower() in _ASKED_ONLY:
        toks.pop()  # "Have you booked the ferry yet?"
    timed = next(
        (
            i
            for i, w in enumerate(toks)
            if i > 0
            and (_DATE_WORD.match(w) or w.lower() in _TIME_LEADS)
            and not gate_words.is_function_word(toks[i - 1].lower())
        ),
        None,
    )
    if timed is not None and all(
        _DATE_WORD.match(w) or w.lower() in _TIME_LEADS or w.lower() in _TIME_UNITS
        for w in toks[timed:]
    ):
        toks = toks[:timed]  # "the shed last weekend": the time after the thing
    thing: list[str] = []
    for i in range(len(toks) - 1, -1, -1):
        low = toks[i].lower()
        if low in _NOT_ANSWERERS or toks[i].endswith("'s"):
            return []
        if low in _ASKED_OPENERS:
            thing = toks[i + 1 :]
            outer = _modified_phrase(toks[:i])
            if outer:
                # "Not the dinghy from the harbour ad?": one phrase, whose head is the
                # first noun ("it" is the dinghy); all its words but the preposition
                thing = [*outer, *thing]
            break
        if low in _DESCRIBING:
            continue  # "a new kettle"
        if gate_words.is_function_word(low):
            named = toks[i + 1 :]
            outer = _modified_phrase(toks[: i + 1]) if low in _MODIFYING else []
            if outer and len(named) <= 3 and all(w[:1].isupper() for w in named):
                thing = [*outer, *named]  # "… the flat on Agricola Street?": one thing
            elif i == len(toks) - 2 and toks[-1][:1].isupper():
                thing = toks[-1:]  # "… about Kalymnos?"
            break
    if not thing or any(
        gate_words.is_function_word(w.lower()) and w.lower() not in _DESCRIBING for w in thing
    ):
        return []
    own = _turn_words(record.text)
    at = record.text.find(quote)
    opening = record.text.find(own[:20]) if own else -1
    if at < 0 or opening < 0:
        return []
    if len(re.findall(r"[.!?](?:\s|$)", record.text[opening : max(at, opening)])) > 1:
        return []  # past the reply's first two sentences
    said = next(
        (
            m
            for m in _SAID_AGAIN.finditer(quote)
            if not m["verb"] or m["verb"].lower() not in words.FUNCTION_WORDS
        ),
        None,
    )
    if said is None:
        return []
    if (said["pronoun"] or "").lower() in ("him", "her") and not (
        len(thing) == 1 and thing[0][:1].isupper()
    ):
        return []  # "him" or "her" is someone named ("What about Olly?"), not a thing
    lead = quote[: said.start()]
    if said["bare"] and not _OPENS_SENTENCE.search(lead):
        return []  # "I took up running instead, I started on Monday": its own thing first
    rest = re.split(r"(?<=[.!?])\s", quote[said.start() :], maxsplit=1)[0]
    if said["bare"] and _LESS_THAN_ASKED.search(rest):
        return []  # "I ran on Sunday, but only 10k": not the thing asked
    prose = " ".join(line for line in lead.split("\n") if not line.lstrip().startswith(("*", ":")))
    toks = [w for _, _, w in _tokens(prose)]
    for a, b in itertools.pairwise(toks):
        if (
            a.lower() in _INTRODUCING
            and b.lower() not in _DESCRIBING
            and b.lower() not in _SAID_BACK
            and not _DATE_WORD.match(b)
        ):
            return []  # "… sold me an amp and I plugged it in": "it" is the amp
    where = said.start("pronoun") if said["pronoun"] else said.end("bare")
    return [(where, w) for w in thing]


#: A reply opening with a yes, by the gate's own reading ("Yes!", "Yeah, …", "I did!").
_GATE_YES = lazyre.compile(
    r"\W*(?:yes|yeah|yep|yup|(?:i|we)\s+did\b(?!\s+not)|that's\s+right|exactly)\b(?!\s*,?\s*but\b)",
    re.IGNORECASE,
)
#: A question tag closing a statement: "…, didn't you?", "…, right?".
_GATE_TAG = lazyre.compile(
    r",\s*(?:(?:didn't|did|haven't|hasn't|hadn't|weren't|wasn't|aren't|isn't|don't|doesn't)\s+"
    r"(?:you|he|she|they|we|it)|right|no|yeah|eh|correct)\s*\?\s*$",
    re.IGNORECASE,
)
#: Words that open a time before a calendar word: "on", "last", "this", "next".
_TIME_LEADS = frozenset(words_of("on last this next"))
_ASKED_ONLY = frozenset(words_of("yet already ever"))
_TIME_UNITS = frozenset(words_of("week weekend month year morning afternoon evening night"))
#: In a reply whose verb has no object, what makes the deed less or else than the thing
#: asked about: "I ran on Sunday, but only 10k", "I started, then stopped, not really".
_LESS_THAN_ASKED = lazyre.compile(
    r"\b(?:but|only|instead|though|although|not|never|almost|nearly)\b|n't\b", re.IGNORECASE
)
#: Where a verb's "I"/"we" opens its sentence: after the turn's heading, a sentence's end or
#: a short opening word ("Yes, I started …", "Oh, we booked …").
_OPENS_SENTENCE = lazyre.compile(r"(?:^|\n|[.!?]\s+)(?:[A-Za-z]+,\s*)?$")


def _other_end_of_journey(name: str, quote: str) -> str | None:
    """A place the name is at or goes to ("arrive in Gdańsk") that the quote only has as
    the place something came from ("arrived from Gdańsk"), or the other way round: the quote
    tells the journey's other end."""
    for there, back in ((_WHERE_TO, _WHERE_FROM), (_WHERE_FROM, _WHERE_TO)):
        for m in there.finditer(name):
            place = m.group(2)
            if any(o.group(2) == place for o in there.finditer(quote)):
                continue
            if re.search(rf"\b(?:back|home)\s+from\s+(?:the\s+)?{re.escape(place)}", quote) and (
                re.search(r"\b(?:go|went|gone|been)\s+to\b", name)
            ):
                continue  # back from a place one went to
            if any(o.group(2) == place for o in back.finditer(quote)):
                return f"'{place}' is the other end of the journey in the quote"
    return None


#: Nouns any event can be called by; they say nothing about which event.
_ORDINALS = frozenset(words_of("first second third fourth fifth last final"))
_GENERIC = frozenset(words_of("event events thing things activity time day occasion one"))
#: How many the question counts ("the three museums I visited") says nothing about which.
_CARDINALS = frozenset(words_of("two three four five six seven eight nine ten both"))


#: A bracketed aside in a name: an acronym or a gloss of the words before it.
_ASIDE = lazyre.compile(r"\([^()]*\)")


def _name_words(name: str) -> list[tuple[str, float, bool, str]]:
    """(stem, weight, is_leading_verb, word) for the specific words of an operand name. Calendar
    words ("in June") restrict the date; they are not the event's content."""
    out = []
    toks = _tokens(name)
    first_content = True
    asides = [m.span() for m in _ASIDE.finditer(name)]
    for i, (at, _, word) in enumerate(toks):
        low = word.lower().strip("'")
        if any(a <= at < b for a, b in asides):
            continue  # "the Museum of Modern Art (MoMA)": an aside, the words before say it
        if (
            low in _SUBJECTS
            or low in _DETERMINERS
            or gate_words.is_function_word(low.removesuffix("'s"))
            or low in _GENERIC
            or (low in _CARDINALS and word.islower())
            or _DATE_WORD.match(low)
        ):
            if low in _DETERMINERS:
                first_content = False  # "the purchase …": a noun phrase, no leading verb
            continue
        weight = float(min(len(low), 8))
        if low in _ORDINALS:
            weight = 1.0  # "the first …" picks one of a series; notes rarely repeat it
        if word[:1].isupper() and i > 0 or any(c.isdigit() for c in word):
            weight *= 2.0
        leading = first_content and i <= 1
        if leading:
            weight *= 0.5  # a leading verb: its aspect is judged separately
        first_content = False
        out.append((_stem(low), weight, leading, low))
    return out


def _aspects(*phrases: str) -> set[str]:
    """The aspects a name (and the question's words shared by an order's names) asks for,
    by the ingest extractor's reading: ``start`` or ``finish`` (its aspect verb), ``plan`` (a
    deed of planning or deciding)."""
    out: set[str] = set()
    for n, phrase in enumerate(phrases):
        # the name, then the question's shared words ("Which did I start first, …")
        told = gate_event.name_event(phrase) if n == 0 else gate_event.question_deed(phrase)
        if told is None:
            continue
        if told.kind == "start":
            out.add("start")
        elif told.kind == "end":
            out.add("finish")
        if told.predicate in gate_event.PLANNING_PREDICATES:
            out.add("plan")
    return out


#: The cap for a deed the notes tell done again, asked with no ordinal.
_AGAIN_CAP = 0.3


class SymbolicGate:
    """Judges per operand whether the quote dates the named event at the expression."""

    name = "symbolic"

    def evaluate(
        self,
        question: str,
        resolution: Resolution,
        records: dict[str, EvidenceRecord],
        audit: ProviderAudit,
    ) -> GateVerdict:
        started = _time.perf_counter()
        audit.provider = self.name
        audit.attempts += 1
        try:
            kin = _kin_named(records)
            probs = tuple(
                min(
                    self.check(
                        question,
                        resolution,
                        op,
                        (record := records.get(op.evidence_id)),
                        following=records.get(record.next_id)
                        if record and record.next_id
                        else None,
                        preceding=records.get(record.previous)
                        if record and record.previous
                        else None,
                        later=(_later_turns(record, records) or _later_notes(record, records))
                        if record
                        else (),
                        kin=kin,
                    ).probability,
                    _AGAIN_CAP
                    if record and self._done_again(question, op, record, records)
                    else 1.0,
                )
                for op in resolution.operands
            )
        finally:
            audit.elapsed_ms += (_time.perf_counter() - started) * 1000.0
        return GateVerdict(probs)

    @staticmethod
    def _done_again(
        question: str, operand: Operand, record: EvidenceRecord, records: dict[str, EvidenceRecord]
    ) -> str:
        """The same doer tells the cited deed again (:mod:`gate_again`): a question with no
        "first" or "last" has more than one answer."""
        possessor = _POSSESSOR.match(operand.name)
        subject = possessor["name"].split()[0] if possessor else _question_subject(question)
        return gate_again.done_again(question, operand, record, records, subject)

    def check(
        self,
        question: str,
        resolution: Resolution,
        operand: Operand,
        record: EvidenceRecord | None,
        *,
        following: EvidenceRecord | None = None,
        preceding: EvidenceRecord | None = None,
        later: tuple[EvidenceRecord, ...] = (),
        kin: dict[tuple[str, str], str] | None = None,
    ) -> OperandCheck:
        """The probability for one operand, with the reasons behind it (``following``: the
        record right after the cited one, the turn that answers a chat turn; ``preceding``:
        the one right before it, the turn a reply answers; ``later``: the same speaker's
        later turns, which may take the cited time back; ``kin``: the relatives the packed
        turns name, :func:`_kin_named`)."""
        quote = operand.quote
        if record is None or not quote or quote not in record.text:
            return OperandCheck(0.0, 0.0, 0.0, ("quote not in the record",))
        if later and operand.time_basis == "text_expression" and operand.time_expression:
            if _SPEAKER_NAME.fullmatch(record.title.strip()):
                taken = _taken_back_later(operand, record, later)
            else:
                taken = _taken_back_by_a_later_note(operand, later)
            if taken:
                return OperandCheck(0.2, 0.0, 0.0, (taken,))
        if operand.time_basis == "text_expression" and _taken_back_next(operand, record):
            return OperandCheck(0.2, 0.0, 0.0, ("the next sentence takes the time back",))
        statement = interpret.yes_answer(record, quote)
        if statement is not None:
            unsure = _yes_not_the_askeds(quote.rpartition("\n")[2])
            if unsure:
                # the gate's own reading of the reply, before the statement built from it
                return OperandCheck(0.3, 0.0, 0.0, (unsure,))
            # "Did you sign the contract?" — "Yes, on Friday!": judged as the statement the
            # yes makes, "I signed the contract, on Friday!", read by the same checks
            said = replace(record, text=record.text.replace(quote, statement, 1), asked="")
            return self.check(
                question, resolution, replace(operand, quote=statement), said, kin=kin
            )
        if gate_structure.is_structure_quote(operand, record):
            # "between finishing and mounting the bookshelf": the bare verb's object is the
            # next name's, as the text path reads it
            shared_object = _elided_object(operand, resolution)
            head_word = operand.name.split(None, 1)[0] if operand.name.strip() else ""
            if span_end(resolution, operand) is not None or not (
                head_word.islower() and words.verb_lemma(head_word)
            ):
                # the two ends of one span, or a name that is a thing ("Tallinn"): its own
                shared_object = ""
            cited = (
                replace(operand, name=operand.name + shared_object) if shared_object else operand
            )
            found = gate_structure.check(question, resolution, cited, record)
            return OperandCheck(found.probability, 1.0, 1.0, found.reasons)
        where = quote.find(operand.time_expression) if operand.time_expression else -1
        if where < 0:
            return OperandCheck(0.0, 0.0, 0.0, ("expression not in the quote",))
        operand = _one_named_again(operand, resolution)
        names = _name_words(operand.name + _elided_object(operand, resolution))
        if not names:
            return OperandCheck(0.0, 0.0, 0.0, ("the name has no specific words",))
        qtoks = _tokens(quote)
        for at, word in _thing_asked_before(quote, record, preceding):
            # "How was the driving test?" — "I failed it on Tuesday.": the reply's "it"
            # (or its verb told with no object) says the question's thing
            qtoks.insert(bisect.bisect_right([a for a, _, _ in qtoks], at), (at, at, word))
        kin_read = _kin_in_quote(operand.name, quote, where, kin or {})
        if kin_read is not None:
            kin_noun, _, kin_at = kin_read
            for at in kin_at:
                # "Felix passed his driving test" for "Jonas's brother pass …", when the
                # turns call Felix Jonas's brother: the name says the kin
                qtoks.insert(bisect.bisect_right([a for a, _, _ in qtoks], at), (at, at, kin_noun))
        if _done_heading(quote, record):
            # A DONE heading says "finished" of its title without writing it.
            qtoks.append((len(quote), len(quote), "finished"))
        row_words = _row_date_words(record, quote, operand.time_expression)
        log_entry = _DATED_LOG_ENTRY.match(quote)
        if (
            log_entry
            and not re.search(r"(?:ed|ing)$", log_entry["word"].lower())
            and not any(re.search(r"(?:ed|ing)$", w.lower()) for w in row_words)
        ):
            # "| [2032-05-14 Fri] | new tyres |": a dated log row naming a thing says it was
            # got or had that day (only those light verbs)
            qtoks += [(log_entry.end(), log_entry.end(), w) for w in ("get", "have")]
        for word in row_words:
            # "| [2040-04-05 Fri] | Paper Moons |" under "* Watched", or in a "Finished"
            # column: the table says what the row's date is the day of
            qtoks.append((where, where, word))
        for sat in _SAT_WITH.finditer(quote):
            # "Had coffee with Niamh": time spent with someone named is meeting them
            qtoks.append((sat.start("with"), sat.start("with"), "met"))
        if _state_since(quote, where, operand.time_expression):
            # "I've been working at the bakery for two months now" says when it started
            qtoks += [(where, where, "started"), (where, where, "began")]
        for at, entailed in _series_ends(quote, operand.name):
            # "First pottery class tonight" says the pottery course started.
            qtoks += [(at, at, w) for w in entailed]
        events = gate_event.quote_events(quote, record.event_time)
        told = gate_event.name_event(operand.name)
        described = told or gate_event.name_event(operand.name, described=True)
        doing = _clause_doing_the_head(operand.name, quote, events)
        elided = _elided_deeds(operand.name, qtoks, events)
        stems = [_stem(w) for _, _, w in qtoks]
        total = sum(w for _, w, _, _ in names)
        got = 0.0
        positions = []
        matched: set[str] = set()
        for stem, weight, leading, word in names:
            hits = [i for i, s in enumerate(stems) if s == stem and len(stem) >= 2]
            credit = 1.0
            if not hits and described is not None and described.predicate == words.key(word):
                # The name's deed told by another verb of its ingest sense class ("ran into
                # Sam" for "met Sam", "got back" for "returned"), or by a deed that entails
                # it ("got back from the fair" for "visited the fair"); nouns and names must
                # be there as written.
                hits = _deed_hits(qtoks, events, described)
                credit = 0.7
            if not hits and not leading and word.isalpha() and (word.islower()):
                # "my trip to Lisbon" told as "I flew to Lisbon", "my visit to the zoo" as
                # "Took the kids to the zoo": a deed that entails the name's event noun
                hits = _deed_hits(qtoks, events, gate_event.deed_of(words.key(word)))
                credit = 0.7
            if not hits and words.key(word) in _ASPECT_KEYS:
                # "start the diet" told as "began the keto diet": the extractor's aspect
                kind = "start" if words.key(word) in ("start", "begin") else "end"
                hits = [
                    n
                    for r in events
                    if r.kind == kind
                    for n, (a, b, _) in enumerate(qtoks)
                    if a == r.start and b > a
                ]
                credit = 0.7
            if not hits and word in elided:
                # "finish reading The Hobbit" told as "finished The Hobbit": the deed
                # elided after an aspect verb of the name's aspect
                hits = elided[word]
                credit = 0.7
            if not hits and doing is not None and word == names[-1][3]:
                # "my third 10k race" told as "Ran my third 10k": the head is the deed done
                hits = [i for i, (a, b, _) in enumerate(qtoks) if a == doing.start and b > a]
                credit = 0.7
            if not hits and _HOW_LONG_BEEN.match(question.strip()) and word.lower() in _USE_FORMS:
                # "how long had I been using the new rug": the use began when the thing was
                # got ("I got a new area rug a month ago")
                hits = [i for i, (_, _, w) in enumerate(qtoks) if w.lower() in _GOT_WORDS]
                credit = 0.7
            if not hits and word in gate_words.GIFT_NOUNS:
                # "ordered it for my best friend's birthday" tells a gift without the word;
                # not when the expression dates the occasion ("… birthday on the 15th").
                hits = _occasion_hits(quote, qtoks, where, operand.name)
                credit = 0.7
            if hits:
                got += weight * credit
                positions.extend(hits)
                matched.add(word)
        coverage = got / total
        positions.extend(_same_thing_again(quote, qtoks, positions))
        expr_index = next(
            (i for i, (a, b, _) in enumerate(qtoks) if a <= where < b or a >= where), len(qtoks) - 1
        )
        expr_end = where + len(operand.time_expression)
        expr_last = max([i for i, (a, _, _) in enumerate(qtoks) if a < expr_end] or [expr_index])
        proximity = 0.0
        if positions:
            nearest = min(positions, key=lambda i: min(abs(i - expr_index), abs(i - expr_last)))
            distance = min(abs(nearest - expr_index), abs(nearest - expr_last))
            proximity = 1.0 if distance <= 12 else 0.9 if distance <= 25 else 0.75
            narrowed = None
            if nearest > expr_last:
                between = [w for _, _, w in qtoks[expr_last + 1 : nearest]]
            else:
                between = [w for _, _, w in qtoks[nearest + 1 : expr_index]]
                narrowed = _NARROWED_BY.search(quote[:where])
            habit = {  # "every Sunday" is a habit, "on a Sunday" no particular day
                i
                for i, w in enumerate(between)
                if i > 0
                and (
                    between[i - 1].lower() in ("every", "each", "a", "one")
                    or (w.lower() == "last" and between[i - 1].lower() == "at")
                )
            }  # "every Monday", "on a Sunday" and "at last" are no date between
            if narrowed is not None:
                # "last weekend, on Saturday": the wider time the cited one narrows is the
                # same time told twice, no other date between the deed and its day
                habit |= {
                    i
                    for i, (a, _, _) in enumerate(qtoks[nearest + 1 : expr_index])
                    if a >= narrowed.start()
                }
            finish = (
                interpret.finish_before(quote, operand.time_expression)
                if operand.time_basis == "text_expression"
                else None
            )
            if finish is not None and qtoks[nearest][0] >= finish.start() and nearest < expr_index:
                habit = set(range(len(between)))  # "finished it today, in three weeks": the
                # day between is the finish's, which the length counts back from
            if nearest < expr_index and _RESTATED_BEFORE.search(quote[qtoks[nearest][1] : where]):
                habit = set(range(len(between)))  # "…was on the 2nd. No, it was on the 9th":
                # the day between is the one taken back, the expression restates the event's
            if (
                any(_DATE_WORD.match(w) for i, w in enumerate(between) if i not in habit)
                and operand.time_basis != "org_timestamp"
            ):
                proximity *= 0.6
        else:
            nearest = expr_index
        if positions and operand.time_basis == "org_timestamp" and _heading_own_stamp(quote, where):
            # A stamp on the heading's own planning or state lines belongs to that heading,
            # however many property or metadata lines a packed record puts in between.
            proximity = 1.0
        probability = (0.3 + 0.7 * coverage) * proximity
        warnings: list[str] = []
        cap = 1.0

        # Aspect: the name's own (and, for an order, the question's shared verb), against
        # the aspect of the quote's clauses around the event and the expression.
        frame_words = _frame_words(question, resolution) if resolution.operation == "order" else []
        name_words = [w for _, _, w in _tokens(operand.name)] + frame_words
        wanted = _aspects(operand.name, " ".join(frame_words))
        if _HOW_LONG_BEEN.match(question.strip()):
            wanted |= {"start"}  # "how long have I been learning X": counted from its start
        lo, hi = max(0, min(nearest, expr_index) - 8), max(nearest, expr_last) + 1
        around = (qtoks[lo][0], qtoks[hi - 1][1]) if qtoks[lo:hi] else (where, expr_end)
        heading_words: list[str] | None = None
        if operand.time_basis == "org_timestamp":
            # The stamp's own line says what kind of time it is (judged below); the event's
            # words are the heading title's, not the other planning keywords around it.
            heading_words = [w for _, _, w in _tokens(quote.split("\n", 1)[0])]
            around = (0, len(quote.split("\n", 1)[0]))
        seen = _aspects_told(events, around)
        if row_words and operand.time_basis == "text_expression":
            seen = seen | {a for w in row_words for a in _aspects(w)}  # "Started", "Finished"
        if (
            "finish" in seen
            and operand.time_basis == "text_expression"
            and interpret.finish_before(quote, operand.time_expression) is not None
        ):
            seen = seen | {"start"}  # "finished the novel in 12 days": the length spans it
        clashes: set[str] = set()
        for aspect in wanted or {"none"}:
            clashes |= _ASPECT_CLASHES.get(aspect, set())
        if seen & clashes and not seen & wanted:
            cap = min(cap, 0.2)
            warnings.append(
                f"aspect {'/'.join(sorted(seen))} in the quote, "
                f"{'/'.join(sorted(wanted)) or 'plain'} in the name"
            )
        asked = [w for _, _, w in _tokens(operand.name) if words.key(w) in _ASPECT_KEYS]
        if (
            asked
            and operand.time_basis in ("text_expression", "event_time")
            and not seen & wanted
            and not matched & {w.lower() for w in asked}
        ):
            # "finish Severance" is not told by "Watched an episode of Severance"
            cap = min(cap, 0.3)
            warnings.append(f"the quote does not tell the '{asked[0]}' the name asks")
        # The deed: the clause the expression is attached to must tell the name's deed (its
        # predicate or its ingest sense class), not only share a name with it.
        clause = gate_event.cited_clause(events, where, operand.time_expression)
        if row_words:
            clause = None  # a table row has no clauses: its header and heading tell the deed
        using = bool(_HOW_LONG_BEEN.match(question.strip())) and any(
            w.lower() in _USE_FORMS for w in name_words
        )
        mismatch = _other_deed(operand, told, clause, qtoks, where, _beside(events, clause), using)
        news = _news_of_the_outcome(quote, where, operand.name)
        if news:
            cap = min(cap, 0.3)
            warnings.append(news)
        elif news is not None:
            mismatch = ""  # "I got promoted! They told me on Tuesday.": the news dates it
        if mismatch:
            cap = min(cap, 0.3)
            warnings.append(mismatch)
        prelude = _leading_up(operand, told or described, clause)
        if prelude:
            cap = min(cap, 0.3)
            warnings.append(prelude)
        elsewhere = _timed_clause_not_the_gatherings(operand, told, clause, events, quote)
        if elsewhere:
            cap = min(cap, 0.3)
            warnings.append(elsewhere)
        other_thing = _another_thing(told, clause, quote)
        if other_thing:
            cap = min(cap, 0.3)
            warnings.append(other_thing)
        other_end = _other_end_of_journey(operand.name, quote)
        if other_end:
            cap = min(cap, 0.3)
            warnings.append(other_end)
        no_part = _no_part_beside(operand.name, record, quote, where)
        if no_part:
            cap = min(cap, 0.25)
            warnings.append(no_part)
        absent = _partner_absent(question, quote, record, preceding, following)
        if absent:
            cap = min(cap, 0.3)
            warnings.append(absent)
        stands_for = _pronoun_stands_for_another(
            quote, clause, names
        ) or _person_pronoun_for_another(quote, clause, names, record.title)
        if stands_for:
            cap = min(cap, 0.3)
            warnings.append(stands_for)
        if (
            _HOW_LONG_BEEN.match(question.strip())
            and any(w.lower() in _USE_FORMS for w in name_words)
            and any(_stem(w) in ("order", "preor", "pre-o") for _, _, w in qtoks)
            and not any(w.lower() in _GOT_WORDS for _, _, w in qtoks)
        ):
            # using a thing starts when it is got, not when it is ordered
            cap = min(cap, 0.3)
            warnings.append("ordered, not yet had")
        # One end of a lasting event: the same name twice in an interval is the event's span,
        # the first quote must tell its start and the second its end.
        boundary = span_end(resolution, operand)
        if boundary is not None:
            # From just before the name's first word to the expression: "got back from an
            # amazing solo camping trip to … today" tells the end before the name starts.
            ends = _boundaries_told(
                events, _boundary_window(quote, [qtoks[i] for i in positions], where, expr_end)
            )
            if row_words:
                # a table row tells each end by its column's header ("Started", "Finished")
                told_by_column = {a for w in row_words for a in _aspects(w)}
                ends = {"start" if a == "start" else "end" for a in told_by_column} & {
                    "start",
                    "end",
                }
            if ends != {boundary}:
                cap = min(cap, 0.3)
                warnings.append(f"the quote does not tell the {boundary} of the named event")
        # Modality and negation just before the event words or the expression.
        # (within the sentence: "No! I ran my first 5k race this morning." answers the turn
        # before, it denies nothing after it)
        lead = [
            w.lower()
            for a, _, w in qtoks[max(0, nearest - 6) : nearest]
            if a >= _sentence_start(quote, qtoks[nearest][0] if nearest < len(qtoks) else a)
        ]
        lead += [
            w.lower()
            for a, _, w in qtoks[max(0, expr_index - 3) : expr_index]
            if a >= _sentence_start(quote, qtoks[expr_index][0] if expr_index < len(qtoks) else a)
        ]
        if gate_anchor.offset_of(operand.time_expression) is not None:
            # "the next morning" counts from the time before it: its "next" plans nothing
            lead = [
                w.lower()
                for a, _, w in qtoks[max(0, nearest - 6) : nearest]
                if a >= _sentence_start(quote, qtoks[nearest][0] if nearest < len(qtoks) else a)
                and not where <= a < expr_end
            ] + [
                w.lower()
                for a, _, w in qtoks[max(0, expr_index - 3) : expr_index]
                if a
                >= _sentence_start(quote, qtoks[expr_index][0] if expr_index < len(qtoks) else a)
            ]
        if heading_words is not None:
            lead = [w.lower() for w in heading_words]
        elif _RESTATED_BEFORE.search(quote[:where]) and "no" in lead:
            # "…on Wednesday, no, it was Thursday": the "no" takes back the time before,
            # it denies nothing of the event the expression dates
            lead = (
                lead[: len(lead) - 1 - lead[::-1].index("no")]
                + lead[len(lead) - lead[::-1].index("no") :]
            )
        if any(_NEGATION.match(w) for w in lead):
            cap = min(cap, 0.25)
            warnings.append("negated")
        if any(w == "waiting" and nxt in ("on", "for") for w, nxt in itertools.pairwise(lead)):
            # "Waiting on DNS access from Viktor": what is waited for has not come
            cap = min(cap, 0.25)
            warnings.append("still waited for")
        first = min(positions) if positions else 0
        if (
            0 < first < len(qtoks)
            and qtoks[first][2].lower().endswith("ing")
            and qtoks[first - 1][2].lower() in ("about", "of")
        ):
            # "I talked about moving to Leeds on Friday": the deed is what was talked about
            cap = min(cap, 0.3)
            warnings.append("the deed is a topic of talk or thought, not told as done")
        plan_asked = _asks_a_plan(question)
        if plan_asked and operand.time_basis == "event_time" and _told_as_done(quote, where):
            # "Took the grade 2 exam this afternoon" dates a deed, never a plan's day
            cap = min(cap, 0.3)
            warnings.append("told as done, not planned")
        if plan_asked and any(w in _PLAN_WORDS and w not in _ARRANGED_WORDS for w in lead):
            # "When is Rosa going to sail?" is not told by "I'd love to sail next summer"
            cap = min(cap, 0.3)
            warnings.append("wished or supposed, not arranged")
        elif (
            not plan_asked
            and not wanted & {"plan", "decide"}
            and any(w in _PLAN_WORDS for w in lead)
            and not _only_motion_going(lead, [w.lower() for _, _, w in qtoks])
            and not _announced_appointment(resolution, operand, lead)
        ):
            cap = min(cap, 0.3)
            warnings.append("planned, not done")
        elif (
            clause is not None
            and not wanted & {"plan", "decide"}
            and clause.modality != ("planned" if plan_asked else "asserted")
            and not (plan_asked and clause.modality == "asserted")
            and gate_event.same_deed(told or described or clause, clause)
            and not _announced_appointment(resolution, operand, lead)
            and not (
                clause.modality == "asked"
                and _yes_to_a_past_question(question, quote, where, record, following)
            )
        ):
            # "We're planning to take the kids to the zoo next Sunday": the clause the
            # expression belongs to is a plan (a wish, a question), as the extractor read it
            cap = min(cap, 0.3)
            warnings.append(f"the cited clause is {clause.modality}, not told as done")
        if clause is not None and clause.polarity == "negative" and "negated" not in warnings:
            cap = min(cap, 0.25)
            warnings.append("the cited clause is negated")
        # Whose deed: a question about someone named needs a quote that names them (as
        # speaker or as doer); a first-person quote alone could be anybody's.
        possessor = _POSSESSOR.match(operand.name)
        named = _named_doer(operand.name, told)  # "Tom ran the half marathon": Tom's
        subject = (
            possessor["name"].split()[0]
            if possessor
            else named.split()[0]
            if named
            else _question_subject(question)
        )
        if re.match(r"(?:my|our)\s", operand.name, re.IGNORECASE):
            subject = None  # "my anniversary" is the asker's, whoever the question is about
        if possessor:
            other = _other_owner(operand.name, possessor, quote)
            if other:
                cap = min(cap, 0.3)
                warnings.append(other)
        elif other := _not_mine(operand.name, quote):
            cap = min(cap, 0.3)
            warnings.append(other)
        second = subject is not None and _told_to_you(quote, where)
        if second and not _confirmed_by_them(quote, where, record, following, subject or ""):
            # "Ana: You went to the climbing wall last Sunday" is not Ana's deed, and it is
            # Leo's only by his own yes
            cap = min(cap, 0.3)
            warnings.append("a deed told to 'you' that the one addressed does not confirm")
        elif subject and subject.lower() not in quote.lower() and not second:
            cap = min(cap, 0.3)
            warnings.append(f"the quote does not name {subject}")
        else:
            # "Chiara's getting married", "Tom's move to Leeds": the clause is the deed of
            # the one named before the 's, not of the speaker or the writer
            whose = _clause_doer(quote, where, clause, operand.name, question, told, described)
            if (
                whose
                and not _doer_is_asked(whose, subject, quote)
                and not (kin_read and whose == kin_read[1])  # "Marta's wedding", Marta the kin
            ):
                cap = min(cap, 0.3)
                asked_doer = subject or "the writer"
                warnings.append(f"the deed is {whose}'s, not {asked_doer}'s")
        pronoun_subject = subject or _question_subject(question)
        if pronoun_subject:
            named_before = _pronoun_after_another_name(quote, where, pronoun_subject)
            if named_before:
                cap = min(cap, 0.3)
                warnings.append(named_before)
        if kin_read and (not_kin := _kin_not_the_doer(quote, where, kin_read[0], kin_read[1])):
            # "Also my brother Ruben is here. Nico passed his test on Wednesday."
            cap = min(cap, 0.3)
            warnings.append(not_kin)
        if not possessor and not named and not second:
            others = _clause_of_another(quote, clause, subject, operand.name) or (
                _third_persons_deed(quote, clause, subject, operand.name, record)
            )
            if others:
                # "Ottilie: My sister had the baby on Sunday" is no answer to "When did
                # Ottilie have the baby?", nor "Anh: She had her knee replaced on Monday" to
                # "When did Anh have her knee replaced?"
                cap = min(cap, 0.3)
                warnings.append(others)
        # "since D" bounds a state that still holds: D is its start and nothing else.
        if _state_since(quote, where, operand.time_expression) and "start" not in wanted:
            cap = min(cap, 0.3)
            warnings.append("a state's length or 'since' date dates only its start")
        elif (
            re.search(r"\bsince\s+(?:the\s+)?$", quote[:where], re.IGNORECASE)
            and "start" not in wanted
        ):
            cap = min(cap, 0.3)
            warnings.append("a 'since' date dates only the start of what still goes on")
        # What the words around the expression make of it (the gate's own reading).
        if operand.time_basis == "text_expression":
            # (an interval may end at an appointment announced as coming: its date stands)
            coming = plan_asked or _announced_appointment(resolution, operand, lead)
            confirmed = (second and "a deed told to 'you'" not in " ".join(warnings)) or (
                _yes_to_a_past_question(question, quote, where, record, following)
            )
            for why in _time_not_the_deeds(
                quote, where, operand.time_expression, coming, subject, confirmed, operand.name
            ):
                cap = min(cap, 0.3)
                warnings.append(why)
        # What kind of time it is.
        shared = (
            tuple(_frame_words(question, resolution)) if resolution.operation == "order" else ()
        )
        use = bool(_HOW_LONG_BEEN.match(question.strip())) and any(
            w.lower() in _USE_FORMS for w in name_words
        )
        basis_cap, why = _basis_check(operand, quote, where, wanted, record, shared, use, boundary)
        if operand.time_basis == "text_expression":
            # "two days later", "the next morning": the day it gives must count from the
            # time the entry told just before it, by the gate's own reading
            anchor_cap, anchor_why = gate_anchor.check(operand, record)
            if anchor_cap < basis_cap:
                basis_cap, why = anchor_cap, anchor_why
            if record is not None:
                note_why = _log_note_day_unfit(operand, record)
                if note_why and 0.2 < basis_cap:
                    basis_cap, why = 0.2, note_why
        if why:
            warnings.append(why)
        cap = min(cap, basis_cap)
        probability = round(max(0.0, min(probability, cap, 0.98)), 4)
        return OperandCheck(probability, round(coverage, 4), proximity, tuple(warnings))


#: The gate's own readings of a time that is not the cited deed's: a destination after "to"
#: ("moved the meeting to Friday"); a present progressive, which with a time tells an
#: arrangement ("Theo is running the marathon in September"); words within quotation marks
#: opened after someone else's verb of saying, whose "I" is theirs.
_TO_LEAD = lazyre.compile(r"\bto\s+(?:the\s+)?$", re.IGNORECASE)
_PROGRESSIVE = lazyre.compile(
    r"\b(?:am|is|are)\s+(?:\w+ly\s+)?(?P<verb>[a-z]{2,}ing)\b|'(?:m|re)\s+(?P<verb2>[a-z]{2,}ing)\b",
    re.IGNORECASE,
)
_NOT_DOING = frozenset(
    words_of(
        "thinking wondering considering hoping missing remembering recovering feeling "
        "loving enjoying being something anything nothing everything amazing boring "
        "interesting exciting annoying tiring"
    )
)
_PAST_TIME_WORDS = lazyre.compile(
    r"\b(?:ago|last|yesterday|earlier|previous|before|past)\b", re.IGNORECASE
)
_CLAUSE_EDGE = lazyre.compile(
    r"[.!?;:,\u2014]|\b(?:and|but|so|because|while|then)\b", re.IGNORECASE
)
_SAYING = lazyre.compile(
    r"(?P<who>\b[A-Za-z][\w-]*)\s+(?:said|says|told\s+\w+|asked|asks|wrote|texted|replied|"
    r"added|announced|explained|shouted)\s*[:,]?\s*[\"\u201c]"
)


#: "the day after the storm on Tuesday": the noun after "after"/"before" owns the time (not
#: a routine of the day: "after work on Friday").
_COUNTED_FROM = lazyre.compile(
    r"(?P<by>\b(?:the|a|an|one|two|three|\d+|few)\s+(?:day|days|week|weeks|month|months|"
    r"morning|night)\s+)?\b(?P<how>after|before|following)\s+"
    r"(?:the|my|our|his|her|their|a|an|this|that)\s+"
    r"(?:\S+\s+){0,2}?(?P<noun>[A-Za-z'-]+)\s+(?:(?:on|in|at)\s+)?$",
    re.IGNORECASE,
)
#: "the Wednesday after the deadline", "the morning before my exam": a day picked out by
#: "the" and an "after"/"before" right behind it (no comma between) that governs another
#: event is counted from that event; set off by a comma ("on Wednesday, two days before the
#: deadline") the count says the day again, and "on Friday after the test drive" keeps the
#: deed on its own day
_COUNTED_ON = lazyre.compile(
    r"\s+(?:after|before|following)\s+(?:the|my|our|his|her|their|a|an|this|that)\s+"
    r"(?:\S+\s+){0,2}?(?P<noun>[A-Za-z'-]+)\b",
    re.IGNORECASE,
)
_THE_BEFORE = lazyre.compile(r"\bthe\s+$", re.IGNORECASE)
#: a day named by the expression: with a bare "after" the deed stays on it
_DAY_NAMED = lazyre.compile(
    r"day\b|yesterday|tonight|last night|\d{1,2}(?:st|nd|rd|th)?\b", re.IGNORECASE
)
_SAME_DAY = frozenset(
    words_of("breakfast brunch lunch dinner supper work school church class shift")
)
#: "Mum said I broke the vase": someone else's claim about the writer.
_CLAIMING = lazyre.compile(
    r"\b(?P<who>[A-Za-z][\w'-]*)\s+(?:said|says|claims|claimed|thinks|thought|insists|"
    r"insisted|swears|swore|believes|believed|reckons|reckoned|maintains|remembers|recalls|"
    r"told\s+\w+|(?:is|are|was|were)\s+(?:sure|convinced|adamant|certain)|keeps\s+saying|"
    r"kept\s+saying)\s+(?:that\s+)?(?:I|we)\b",
    re.IGNORECASE,
)


#: "According to Jess, I …", "Per my sister, I …", "Apparently I …", "If you ask Tom, I …":
#: another's word about the writer by an adjunct, read by the gate on its own. The adjunct
#: leads the writer's "I"/"we" (``source``: whose word, when it is said), or closes the
#: sentence after the deed ("…, according to Jess", "…, or so Tom says").
_HEARSAY = lazyre.compile(
    r"(?:(?:according\s+to|per|if\s+you\s+ask|in\s+the\s+(?:view|opinion|words)\s+of)\s+"
    r"(?P<source>[^,;:.!?]{1,40}?)|in\s+(?P<owner>[^,;:.!?\s]+(?:\s+[^,;:.!?\s]+)?)['\u2019]s?\s+"
    r"(?:view|opinion|words|version|account|telling)|as\s+(?P<teller>\w+(?:\s+\w+)?)\s+"
    r"(?:tells|told|remembers|has|had)\s+it|apparently|supposedly|allegedly|reportedly|"
    r"evidently|(?:i|we)(?:'m|'re|\s+am|\s+are|\s+was|\s+were|'ve\s+been|\s+have\s+been)"
    r"\s+told|rumou?r\s+has\s+it|word\s+is)\s*,?\s*(?:that\s+)?(?:I|we)\b"
    r"|\b(?:I|we)\s+(?:apparently|supposedly|allegedly|reportedly)\b",
    re.IGNORECASE,
)
_HEARSAY_AFTER = lazyre.compile(
    r"^[^.;!?]*?,\s*(?:(?:according\s+to|per|if\s+you\s+ask)\s+(?P<source>[^,;:.!?]{1,40}?)"
    r"|(?:or\s+so\s+|at\s+least\s+)?(?P<who>\w+(?:\s+\w+)?)\s+(?:says|said|claims|"
    r"reckons|thinks|insists|swears|told\s+me))\s*(?:[.!?]|$)",
    re.IGNORECASE,
)
#: What a writer keeps: a date read from one's own diary or receipt is the writer's record,
#: not another's word (the gate's own list; any other source is somebody).
_KEPT = lazyre.compile(
    r"(?:diar(?:y|ies)|journals?|calendars?|agenda|planner|notes?|logs?|logbook|records?|"
    r"receipts?|invoices?|bills?|statements?|e-?mails?|mail|messages?|texts?|tickets?|"
    r"timestamps?|photos?|pictures?|apps?|tracker|history|schedule|timetable|spreadsheet|"
    r"ledger|minutes|letters?|bookings?|confirmation|orders?|postmark|labels?|gps|strava|"
    r"fitbit|watch|phone|entr(?:y|ies))",
    re.IGNORECASE,
)


#: Owners of a clitic 's that name no doer: an expletive or a question word ("it's",
#: "there's", "what's") or a time ("today's match", "last week's storm"). The gate's own.
_NOT_A_DOER_CLITIC = frozenset(
    words_of(
        "it there that this here what where when why how who which let today tomorrow "
        "yesterday tonight week month year weekend night morning evening afternoon day "
        "monday tuesday wednesday thursday friday saturday sunday"
    )
)
_CLITIC_OWNER = lazyre.compile(r"\b(?P<owner>[A-Za-z][\w-]*)['\u2019]s\b")
_THIRD_PRONOUNS = frozenset(words_of("he she they"))


def _clause_doer(
    quote: str,
    where: int,
    clause: gate_event.Reading | None,
    name: str,
    question: str,
    told: gate_event.Reading | None,
    described: gate_event.Reading | None,
) -> str:
    """The doer the cited clause names for its deed, when the gate can read one: a clitic
    's (:func:`_clitic_doer`), else a name right before the verb of the name's deed
    (:func:`_named_subject`). The clause is the extractor's, else the expression's
    sentence; "" when neither reading finds a doer."""
    start = _sentence_start(quote, where)
    end = len(quote)
    if clause is not None and clause.start <= where <= clause.end:
        start, end = max(start, clause.start), clause.end
    deed = told or described
    whose = _clitic_doer(quote, (start, end), name, deed.predicate if deed else "")
    if whose or clause is None or told is None or clause.predicate != told.predicate:
        return whose
    if not clause.start <= where <= clause.end:
        return ""  # "[2032-04-12 Mon] cancelled the gym": the stamp opens no clause's subject
    return _named_subject(quote, (start, end), f"{name} {question}", told.predicate)


def _clitic_doer(quote: str, span: tuple[int, int], name: str, predicate: str) -> str:
    """The doer a clitic 's makes of the clause at ``span``, by the gate's own reading: a
    contracted "is"/"has" makes the word before it the clause's subject ("Chiara's getting
    married", "Mum's had her operation"); a possessive right before the name's own event
    noun (``predicate``) makes its owner the doer ("Tom's move to Leeds"). Owners the name
    itself holds ("the parcel's arrived" for "the parcel arrive") and times ("today's
    match") are no other doer."""
    named = {words.key(w) for _, _, w in _tokens(name)}
    for m in _CLITIC_OWNER.finditer(quote, *span):
        owner = m["owner"]
        low = owner.lower()
        if low in _NOT_A_DOER_CLITIC or low in ("i", "we", "you") or words.key(low) in named:
            continue
        after = [w for _, _, w in _tokens(quote[m.end() : m.end() + 60])][:3]
        before = [w for _, _, w in _tokens(quote[max(0, m.start() - 40) : m.start()])][-2:]
        reading = words.clitic_s(owner, after, before)
        if reading != "possessive":
            return owner
        if owner[:1].islower() and before and before[-1].lower() in ("the", "a", "an", "this"):
            continue  # "the goat's hoove trimming": a thing's, as often done to it as by it
        owned = after[:3]
        for i, word in enumerate(owned):
            if predicate and words.key(word) == predicate:
                return owner  # "Tom's move to Leeds", "Tom's big move"
            if words.lemmas(word).get("VERB") and not words.lemmas(word).get("ADJ"):
                break
    return ""


#: Words between a subject and its verb that are no subject: adverbs and auxiliaries.
_BEFORE_VERB = frozenset(
    words_of(
        "just finally also already recently then never really actually officially "
        "eventually suddenly once did has had have was were is"
    )
)


def _named_subject(quote: str, span: tuple[int, int], name: str, predicate: str) -> str:
    """The person the clause at ``span`` names as the subject of the name's own deed
    ("Chiara got married on the 14th", "Yesterday Tom moved to Leeds"), by the gate's own
    reading: the capitalised word right before the clause's verb of ``predicate``
    (adverbs and auxiliaries between). "Tom and I moved" is the writer's too; a word the
    name or the question holds (``name``: both; "the Haddads" of "When did the Haddads
    adopt a puppy?") is the one asked."""
    toks = [t for t in _tokens(quote) if span[0] <= t[0] < span[1]]
    named = {w.lower() for _, _, w in _tokens(name)}
    for i, (a, _, w) in enumerate(toks):
        if words.key(w) != predicate or not (words.is_simple_past(w) or w.endswith("ing")):
            continue
        j = i - 1
        while j >= 0 and toks[j][2].lower() in _BEFORE_VERB:
            j -= 1
        if j < 0:
            return ""
        word = toks[j][2]
        if quote[toks[j][1] : toks[j][1] + 1] in ("]", ">"):
            return ""  # the day name of an org stamp ("[2032-04-12 Mon] cancelled …")
        first = toks[j][0] == _sentence_start(quote, toks[j][0]) or (
            toks[j][0] > 0 and quote[: toks[j][0]].rstrip().endswith((":", "\n"))
        )
        if not word[:1].isupper() or word.lower() in named:
            return ""
        if "'" in word or "\u2019" in word or word.lower() in words.FUNCTION_WORDS:
            return ""  # "I", "I'm", "We", "She": pronouns, judged by the other checks
        low = word.lower()
        if first and (
            low in words.FUNCTION_WORDS
            or _DATE_WORD.match(low)
            or (words.lemmas(low) and "NOUN" not in words.lemmas(low))
        ):
            return ""  # a sentence's first word that is no name ("Yesterday", "Finally")
        if j > 0 and toks[j - 1][2].lower() in ("and", "&", "with"):
            return ""  # "Ana and Tom moved": a group, judged by the word checks
        if j + 1 < len(toks) and toks[j + 1][2].lower() in ("and", "&"):
            return ""  # "Tom and I moved"
        return word
    return ""


_GATE_HE_SHE = lazyre.compile(r"\s*(?:he|she|they)\b", re.IGNORECASE)
_GATE_PERSON_PRONOUN = lazyre.compile(r"\b(?:he|she|him|her|they|them)\b", re.IGNORECASE)
_GATE_STAMP = lazyre.compile(r"[<\[]\d{4}-\d{2}-\d{2}[^\]>\n]*[\]>]")


def _pronoun_after_another_name(quote: str, where: int, subject: str) -> str:
    """Why a he, she or they opening the deed's sentence may not be ``subject`` ("" when it
    may): the sentence just before it, in the same line or list item, names another person
    — a capitalised word that opens no sentence, is no date word, not "I" and not the
    subject — either standing as a person ("coffee with Tom and her. He started at the bank
    last week": a name on its own before a comma, a function word or another name, not "the
    Ethiopian place"), or beside a personal pronoun ("Tom and her"), which says the sentence
    speaks of people. A pronoun sentence that itself names the subject before the time is
    the subject's. The gate's own reading of the quote's words."""
    start = _sentence_start(quote, where)
    opening = _GATE_HE_SHE.match(quote[start:where])
    if opening is None or subject.lower() in quote[start:where].lower():
        return ""
    head = quote[:start].rstrip()
    at = max((m.end() for m in re.finditer(r"[.!?]\s|\n", head)), default=0)
    previous = _GATE_STAMP.sub(" ", head[at:])
    # a pronoun beside the name counts in the same line or list item only
    people = "\n" not in quote[at:start] and _GATE_PERSON_PRONOUN.search(previous) is not None
    own = {w.lower() for w in subject.split()}
    calendar = set(_GATE_FULL_WEEKDAYS) | set(_GATE_FULL_MONTHS)
    toks = _tokens(previous)
    for i, (_, end, word) in enumerate(toks):
        if (
            i == 0
            or not word[:1].isupper()
            or word == "I"
            or word.lower() in own
            or word.lower() in words.FUNCTION_WORDS
            or word.lower() in calendar
            or _DATE_WORD.match(word)
        ):
            continue
        nxt = toks[i + 1][2] if i + 1 < len(toks) else ""
        alone = not nxt or re.match(r"\s*[,.;:!?)]", previous[end:]) is not None
        if people or alone or nxt.lower() in words.FUNCTION_WORDS or nxt[:1].isupper():
            pronoun = quote[start:where].split()[0]
            return f"'{pronoun}' may stand for {word}, named just before, not {subject}"
    return ""


def _doer_is_asked(doer: str, subject: str | None, quote: str) -> bool:
    """Is the clitic's doer the one asked about: the subject named, or, for a he/she/they,
    somebody the speaker may mean (not when the writer or the speaker is asked)?"""
    low = doer.lower()
    if subject is None:
        return False
    if low in _THIRD_PRONOUNS:
        return not _spoken_by(quote, subject)
    return low == subject.lower().split()[0] or subject.lower() in low


def _spoken_by(quote: str, name: str) -> bool:
    """Is the quote a turn of ``name`` (a chat turn headed "* Ines" or opened "Ines:"), so
    that its "I" is theirs?"""
    m = re.match(r"\s*(?:\*+\s+(?P<head>[^\n]+?)\s*\n|(?P<label>[A-Z][\w-]*):\s)", quote)
    if m is None:
        return False
    return (m["head"] or m["label"] or "").strip().lower() == name.lower()


def _hearsay(said_before: str, rest: str) -> str:
    """Whose word, not the writer's, the deed is told as ("" when it is the writer's)."""
    edge = re.compile(r"[.!?;:]|,\s*(?:and|but|so|then)\b|\b(?:and|but|so|then)\s+(?:I|we)\b")
    for m in _HEARSAY.finditer(said_before):
        if edge.search(said_before[m.end() :]):
            continue
        source = m["source"] or m["owner"] or m["teller"]
        if source is None:
            return "hearsay: the writer tells the deed as what they were told"
        last = source.split()[-1].lower().removesuffix("'s") if source.split() else ""
        if last in ("me", "us", "myself") or _KEPT.fullmatch(last):
            continue
        return f"the writer's deed as {source.strip()} tells it, not as the writer does"
    after = _HEARSAY_AFTER.match(rest)
    if after:
        source = after["source"] or after["who"]
        last = source.split()[-1].lower()
        if last not in ("i", "we", "me", "us") and not (after["source"] and _KEPT.fullmatch(last)):
            return f"the writer's deed as {source.strip()} tells it, not as the writer does"
    return ""


#: A date the quote disputes or hedges after it, read by the gate on its own: a word of
#: contrast or doubt, then another time offered as what it was ("…, but I think it was the
#: end of March", "…, or was it the 4th?", "…, unless it was Saturday", "…, or maybe
#: Tuesday"), or the date itself doubted ("…, but I'm not sure of the day").
_TIME_CORE = (
    r"(?:(?:last|next|this|that)\s+(?:week|weekend|month|year|morning|afternoon|evening|night|"
    r"spring|summer|autumn|fall|winter|time|\w+day)\b|(?:mon|tues|wednes|thurs|fri|satur|sun)days?|yesterday|"
    r"today|tonight|tomorrow|the\s+(?:day|week|weekend|month|night|morning|evening|end|start|"
    r"beginning|middle)\b|(?:the\s+)?\d{1,2}(?:st|nd|rd|th)\b|\d|(?:jan|feb|mar|apr|may|jun|"
    r"jul|aug|sep|oct|nov|dec)[a-z]*\b|(?:early|late|mid)\b|a\s+(?:day|week|month)\b)"
)
_TIME_WORD = (
    r"(?:on\s+|in\s+|at\s+|around\s+|about\s+|actually\s+|really\s+|more\s+like\s+)*" + _TIME_CORE
)
#: A time word anywhere in a sentence (a later turn's correction gives one).
_TIME_IN = lazyre.compile(r"\b" + _TIME_CORE, re.IGNORECASE)
_DISPUTING = lazyre.compile(
    r"\b(?:(?:but|though|although|unless|yet|or)\b[^.;!?]{0,50}?\b(?:it\s+(?:was|were|"
    r"might|may|could|must)(?:\s+(?:well\s+)?have\s+been|\s+be)?|it['\u2019]s|was\s+it|"
    r"(?:might|may|could)\s+have\s+been|maybe|perhaps|possibly|probably)|or|if\s+not|"
    r"(?:think|thinks|thought|reckons?|believes?|says|said|sure|swears?|insists?)\s+it\s+"
    r"(?:was|might\s+have\s+been|could\s+have\s+been))\s+" + _TIME_WORD,
    re.IGNORECASE,
)
_DATE_DOUBTED = lazyre.compile(
    r"\bnot\s+(?:so\s+|entirely\s+|completely\s+)?(?:sure|certain|positive)\s+(?:about|of|on|"
    r"it\s+was)\s+(?:the|that|which|what)\s+(?:\w+\s+)?(?:date|day|week|month|time)\b|"
    r"\b(?:might|may|could)\s+(?:be|have\s+been)\s+wrong\s+about\s+(?:the|that)\s+"
    r"(?:date|day|week|month)\b|\bremember\s+(?:which|what|the\s+exact)\s+"
    r"(?:date|day|week|month)\b",
    re.IGNORECASE,
)


#: A time taken back inside its own sentence, by the gate's own pattern: right after it (a
#: few words on), a cue between commas or dashes and, before the sentence ends, another
#: time ("on Wednesday, no, it was Thursday", "on Monday - sorry, Tuesday", "yesterday,
#: or rather on Monday").
_TAKEN_BACK = lazyre.compile(
    r"^[^.!?;,]{0,20}?(?:[,;:(]|\s[-\u2013\u2014])\s*(?:no\s*[,;:\u2014\u2013-]|(?:no\s+wait|"
    r"nope|sorry|oops|wait|correction|i\s+mean|i\s+meant|or\s+rather|make\s+that|"
    r"scratch\s+that|actually|my\s+mistake)(?![\w'\u2019]))[^.!?]{0,40}?\b(?P<time>"
    + _TIME_CORE
    + ")",
    re.IGNORECASE,
)


#: A correction that only restates the event's time, right before the expression, by the
#: gate's own pattern: "… on the 2nd. No, it was on <the expression>", "…, no, it was
#: <the expression>", "… Actually, that was <the expression>".
_RESTATED_BEFORE = lazyre.compile(
    r"(?:[.,;!]|\s[-\u2013\u2014])\s*(?:no(?:\s+wait)?|actually|sorry|correction)\s*"
    r"[,:\u2013\u2014-]?\s*"
    r"(?:it|that)\s+was\s+(?:actually\s+)?(?:on\s+|in\s+)?$",
    re.IGNORECASE,
)


def _date_disputed(after: str) -> str:
    """Why the words after the expression dispute, hedge or take it back ("" when they do
    not): its own sentence and the next one of the quote."""
    taken = _TAKEN_BACK.search(after)
    if taken and taken["time"].lower() not in ("early", "late", "mid"):
        # "…, sorry for the late reply": a bare early/late/mid is no time of its own
        return "the quote takes its date back and gives another"
    said = " ".join(re.split(r"(?<=[.!?])\s+", after.strip())[:2])
    if _DATE_DOUBTED.search(said):
        return "the quote doubts its own date"
    if _DISPUTING.search(said):
        return "the quote disputes its date with another"
    return ""


#: A yes/no question or a statement with a question tag: asked, not told.
_ASKING = lazyre.compile(
    r"\W*(?:(?:so|and|but|oh|wait|well|hey)\W+)*(?:did|do|does|was|were|is|are|has|have|had|"
    r"can|could|will|would)\s[^?]*\?",
    re.IGNORECASE,
)
_TAGGED = lazyre.compile(
    r",\s*(?:right|yeah|correct|true|no|eh|huh|didn't\s+\w+|wasn't\s+it|isn't\s+it|"
    r"weren't\s+\w+|haven't\s+\w+|hasn't\s+\w+)\s*\?",
    re.IGNORECASE,
)
#: The verbs that call off or put off what the clause names.
_CALLED_OFF = lazyre.compile(
    r"\b(?:cancell?ed|called\s+off|postponed|scrapped|fell\s+through|rained\s+off|"
    r"put\s+off|axed)\b",
    re.IGNORECASE,
)
_MADE_UP = lazyre.compile(r"\b(?:dream\w*|imagin\w*|pretend\w*|fantas\w*)\b", re.IGNORECASE)
_CLEFT = lazyre.compile(
    r"\bit\s+(?:was|is|'s)\s+(?:not\s+me\s+but\s+)?(?P<who>(?:\w+\s+){0,2}?\w+)\s+who\b",
    re.IGNORECASE,
)
_LEFT_OUT = lazyre.compile(
    r"\b(?:but|except|besides|apart\s+from|other\s+than)\s+(?:me|us)\b", re.IGNORECASE
)


#: A reply whose "did" is an emphatic do of another verb ("We did talk about it"), and a
#: yes that goes on, past a time, with someone else's clause ("Yes, on Friday the landlord
#: sent them"): the gate's own reading of the reply.
_EMPHATIC_DID = lazyre.compile(r"\b(?:i|we)\s+did\s+(?P<verb>[a-z]+)\b", re.IGNORECASE)
_ANOTHERS_CLAUSE = lazyre.compile(
    r"^\W*(?:yes|yeah|yep|yup)\W+(?:(?:on|last|this|in)\s+\w+\s*,?\s*|yesterday\s*,?\s*)?"
    r"(?:(?:the|my|his|her|their|our|a|an)\s+[a-z]+|he|she|they|(?-i:(?!(?:I|We)\b)[A-Z][a-z]+))"
    r"\s+[a-z]+(?:ed|t|d)\b",
    re.IGNORECASE,
)


def _yes_not_the_askeds(reply: str) -> str:
    """Why a reply read as a yes does not confirm the asked deed ("" when it may)."""
    emphatic = _EMPHATIC_DID.search(reply[:40])
    if emphatic and words.is_verb_lemma(emphatic["verb"].lower()):
        return "an emphatic 'did' of another verb, not a yes"
    if _ANOTHERS_CLAUSE.match(reply):
        return "the yes goes on with someone else's clause and its time"
    return ""


#: A year told beside a year-less expression ("Last year I ran the marathon in April").
_OTHER_YEAR = lazyre.compile(
    r"\b(?:last|next|this)\s+year\b|\byears?\s+ago\b|\b(?:19|20)\d\d\b|\bthe\s+year\s+before\b",
    re.IGNORECASE,
)


def _time_not_the_deeds(
    quote: str,
    where: int,
    expression: str,
    coming: bool,
    subject: str | None,
    confirmed: bool = False,
    name: str = "",
) -> list[str]:
    """Why the expression at ``where`` does not date the named deed, read from the words of
    its own clause (empty when nothing speaks against it; ``coming``: a plan or an announced
    appointment is what is asked, so a progressive's arrangement is evidence)."""
    out = []
    before = quote[:where]
    if _TO_LEAD.search(before):
        out.append("a time after 'to' is where something was moved, not when it happened")
    clause = before[max((m.end() for m in _CLAUSE_EDGE.finditer(before)), default=0) :]
    progressive = [
        m
        # "Chiara's getting married on the 14th": a contracted "is", written out
        for m in _PROGRESSIVE.finditer(words.expand_clitics(clause))
        if (m["verb"] or m["verb2"]).lower() not in _NOT_DOING
    ]
    expression_words = quote[where : where + 40].split(".")[0]
    if progressive and not coming and not _PAST_TIME_WORDS.search(expression_words.split(",")[0]):
        out.append("a present progressive with a time tells an arrangement, not a deed done")
    counted = _COUNTED_FROM.search(clause)
    if (
        counted
        and counted["noun"].lower() not in _SAME_DAY
        and (
            counted["by"] or counted["how"].lower() != "after" or not _DAY_NAMED.search(expression)
        )
    ):
        out.append(f"the time dates the {counted['noun']}, which the deed is counted from")
    counted_on = _COUNTED_ON.match(quote, where + len(expression))
    if (
        counted_on
        and _THE_BEFORE.search(before)
        and counted_on["noun"].lower() not in _SAME_DAY
        and not gate_anchor.names_a_month_day(expression)  # "on February 25th after a delay"
    ):
        out.append(f"the time is counted from the {counted_on['noun']}, not the deed's own")
    own = subject is None or _spoken_by(quote, subject)
    if own:
        for m in _CLAIMING.finditer(clause):
            if m["who"].lower() not in ("i", "we"):
                out.append(f"the writer's deed as {m['who']} tells it, not as the writer does")
                break
    sentence = quote[_sentence_start(quote, where) :]
    sentence = re.split(r"(?<=[.!?])\s", sentence, maxsplit=1)[0]
    said_before = quote[_sentence_start(quote, where) : where]
    disputed = _date_disputed(quote[where + len(expression) :])
    if disputed:
        out.append(disputed)
    if own:
        told_by = _hearsay(said_before, sentence[where - _sentence_start(quote, where) :])
        if told_by:
            out.append(told_by)
    if not confirmed and (_ASKING.match(sentence) or _TAGGED.search(sentence)):
        out.append("the sentence asks whether it happened, it does not tell it")
    rest = re.split(r"[.;!?]|,\s*(?:so|but|and|then)\b", quote[where:], maxsplit=1)[0]
    if _OTHER_YEAR.search(sentence) and not _OTHER_YEAR.search(expression):
        out.append("another year in the sentence: the expression alone reads the wrong one")
    off = _CALLED_OFF.search(rest)
    if off and _stem(off.group(0).split()[0]) not in {_stem(w) for w in name.split()}:
        # (unless calling it off is the deed asked about: "postpone the dinner")
        out.append("the clause calls the event off")
    if _MADE_UP.search(said_before):
        out.append("dreamt, imagined or pretended, not told as done")
    cleft = _CLEFT.search(said_before)
    if cleft and (
        (subject is None and cleft["who"].lower() not in ("me", "i", "us", "we"))
        or (subject is not None and subject.lower() not in cleft["who"].lower())
    ):
        out.append(f"it was {cleft['who']} who did it")
    if subject is None and _LEFT_OUT.search(said_before):
        out.append("the writer is left out of who did it")
    for m in _SAYING.finditer(before):
        opened = before[m.end() :]
        if re.search(r"[\"\u201d]", opened):
            continue  # the quotation closed before the expression
        who = m["who"]
        if who.lower() in ("i", "we"):
            continue
        if subject is None or (who.lower() != subject.lower() and subject not in opened):
            out.append(f"words quoted from {who}: the 'I' in them is not the one asked about")
            break
    return out


#: "my new laptop, a Dell XPS 13": a noun and, set beside it, the thing's name.
_APPOSED = lazyre.compile(
    r"\b(?P<noun>[a-z][\w-]*),\s+(?:(?:a|an|the)\s+)?"
    r"(?P<name>[A-Z][\w-]*(?:\s+[A-Z0-9][\w-]*){0,3})"
)
#: Words that open another noun phrase: an "it" after one may stand for that instead.
_OTHER_PHRASE = lazyre.compile(
    r"\b(?:the|a|an|my|our|his|her|their|this|that|these|those|it|they)\b|[.?!;]", re.IGNORECASE
)


def _same_thing_again(
    quote: str, qtoks: list[tuple[int, int, str]], positions: list[int]
) -> list[int]:
    """Where the quote names a matched thing again, by its own reading of the quote.

    "… my new laptop, a Dell XPS 13? … I pre-ordered the laptop on January 28th, and it
    arrived on February 25th": the apposition makes the laptop the Dell; "the laptop" said
    later (the noun said nowhere else in the quote) and an "it" opening the next clause with
    no other noun phrase between are the same thing, so the date next to them is near the
    name. Only for a name the quote matched (``positions``)."""
    out: list[int] = []
    for a in _APPOSED.finditer(quote):
        if not any(a.start("name") <= qtoks[i][0] < a.end("name") for i in positions):
            continue
        noun = re.escape(a["noun"])
        later = list(re.finditer(rf"\bthe\s+{noun}\b", quote[a.end() :], re.IGNORECASE))
        if len(later) != 1 or len(re.findall(rf"\b{noun}\b", quote, re.IGNORECASE)) != 2:
            continue  # two of them named, or another said: not sure which "the laptop" is
        d_start, d_end = a.end() + later[0].start(), a.end() + later[0].end()
        out += [i for i, (b, e, _) in enumerate(qtoks) if d_start <= b and e == d_end]
        it = re.search(r"\bit\b", quote[d_end:], re.IGNORECASE)
        if it is not None and not _OTHER_PHRASE.search(quote, d_end, d_end + it.start()):
            out += [i for i, (b, _, _) in enumerate(qtoks) if b == d_end + it.start()]
    return out


_DONE_HEADING = lazyre.compile(r"\*+[ \t]+DONE\b")
_HEADING_KEYWORD = lazyre.compile(r"\*+[ \t]+(?P<kw>\S+)")


def _done_heading(text: str, record: EvidenceRecord | None) -> bool:
    """Does ``text`` open with the heading of a task closed done? DONE, or a keyword the
    record's file declares after its ``|`` that is no cancel (``#+TODO: TODO | FITTED``)."""
    keywords = record.keywords if record is not None else NO_FILE_KEYWORDS
    first = _HEADING_KEYWORD.match(text)
    if first is not None and keywords.lists(first["kw"]):
        return gate_structure.state_kind(first["kw"], keywords) == "end"
    return _DONE_HEADING.match(text) is not None


#: A heading over things still to do: its verb is no deed of the rows.
_TO_DO_HEADING = lazyre.compile(
    r"\bto-?do\b|\b(?:plans?|planned|wish\s*list|queue|upcoming|want)\b", re.IGNORECASE
)
#: Column headers that say only that the cell is a date, not what happened on it.
_DATE_HEADERS = frozenset(["date", "day", "when", "on", "dated"])


def _row_date_words(record: EvidenceRecord, quote: str, expression: str) -> list[str]:
    """What an org table says a row's date is the day of, when the quote is one row of a
    table with a header row (``| Date | Film |`` over ``|---+---|``): the header of the
    expression's column when it says more than "Date" ("Started", "Finished", "Watched"),
    the short unit heading a column of plain numbers ("| km |" over "20.0"), and the words
    of the heading the table stands under ("* Films watched", "* Reading") or of the line
    introducing it ("Films seen this spring:").
    Nothing for any other quote: a row's own words say the rest."""
    found = org.table_row(record.text, quote) if expression in quote else None
    header = found.header_of(expression) if found is not None else None
    if header is None:
        return []
    said = [w for w in re.findall(r"[A-Za-z]+", header) if w.lower() not in _DATE_HEADERS]
    assert found is not None
    for cell, unit in zip(found.cells, found.header, strict=False):
        if re.fullmatch(r"[0-9]+(?:\.[0-9]+)?", cell) and re.fullmatch(r"[A-Za-z]{1,6}", unit):
            said.append(unit)  # "| km |" over "20.0": the row tells 20.0 km
    caption = org.table_caption(record.text, quote)
    if any(w in gate_words.NEGATIONS for w in re.findall(r"[a-z']+", caption.lower())):
        return said  # "Mugs glazed but not fired yet:": the line denies its rows' deed
    heading = re.sub(r"[<\[][^>\]]*[>\]]", " ", f"{record.title} {caption}")
    if _TO_DO_HEADING.search(heading) or any(
        words.verb_lemma(m.group(1)) == m.group(1)
        for m in re.finditer(r"\bto\s+([a-z]+)\b", heading)
    ):
        return said  # "* Films to watch": the heading names what is still to be done
    return said + [
        w for w in re.findall(r"[A-Za-z]+", heading) if not gate_words.is_function_word(w)
    ]


_DATED_LOG_ENTRY = lazyre.compile(r"[<\[]\d{4}-\d\d-\d\d[^\]>\n]*[\]>][\s|:,-]*(?P<word>[A-Za-z]+)")
_RETURN_AT = lazyre.compile(
    r"\b(?:(?:got|came|flew|drove|walked)\s+(?:back|home)\s+from|"
    r"returned\s+from|came\s+from|been\s+(?:to|at))\b",
    re.IGNORECASE,
)


_HEADING_LINE = lazyre.compile(r"\*+[ \t]")
#: Lines of an org entry that are structure, not prose: properties, drawers, planning and
#: state lines, and the metadata a packed record carries (path, event_time, source).
_STRUCTURE_LINE = lazyre.compile(
    r"^[ \t]*(?::[\w@#%+-]+:.*|(?:path|event_time|source|timestamp[ \t]+\w+)[ \t]*:.*|"
    r"(?:CLOSED|SCHEDULED|DEADLINE|CLOCK):.*|[-+][ \t]+State[ \t].*|\[structured[:\]].*|)$"
)


def _heading_own_stamp(quote: str, where: int) -> bool:
    """Is the stamp at ``where`` on a structural line of the heading that opens the quote
    (no prose between the heading and the stamp's line)?"""
    if not _HEADING_LINE.match(quote):
        return False
    lines = quote[:where].split("\n")
    if len(lines) < 2:
        return False  # a stamp in the heading line itself is judged as words
    return all(_STRUCTURE_LINE.match(line) for line in lines[1:-1]) and bool(
        _STRUCTURE_LINE.match(lines[-1] + quote[where:].split("\n", 1)[0])
    )


_COMING_WORDS = frozenset(words_of("upcoming coming next soon"))
_NOUN_PHRASE = lazyre.compile(r"(?:the|a|an|my|our|his|her|their|your|this|that)\s", re.IGNORECASE)


def _announced_appointment(resolution: Resolution, operand: Operand, lead: list[str]) -> bool:
    """An interval may end at a coming appointment: a thing named by a noun phrase ("the team
    meeting") whose quote announces its calendar date as coming ("my upcoming team meeting on
    January 17th"). Its only plan words must be words of coming, not of wishing or intending."""
    from prme_cli.relate.interpret import told_as_coming

    if resolution.operation != "elapsed_between" or operand.time_basis != "text_expression":
        return False
    if not _NOUN_PHRASE.match(operand.name):
        return False
    if any(w in _PLAN_WORDS and w not in _COMING_WORDS for w in lead):
        return False
    return told_as_coming(operand.quote, operand.time_expression)


def _only_motion_going(lead: list[str], words: list[str]) -> bool:
    """Is every plan word of ``lead`` a "going" of motion ("I've been going to the club")
    rather than the future "going to" ("I'm going to paint")?"""
    plans = [w for w in lead if w in _PLAN_WORDS]
    if any(w != "going" for w in plans):
        return False
    return all(i > 0 and words[i - 1] == "been" for i, w in enumerate(words) if w == "going")


def _elided_deeds(
    name: str, qtoks: list[tuple[int, int, str]], events: tuple[gate_event.Reading, ...]
) -> dict[str, list[int]]:
    """The name's gerund after its aspect verb ("finish *reading* The Hobbit"), with the
    token indexes of the quote's clauses of that aspect with the deed elided ("finished The
    Hobbit": an aspect verb and its object, no verb of its own)."""
    toks = [w for _, _, w in _tokens(name)]
    out: dict[str, list[int]] = {}
    for i, word in enumerate(toks[:-1]):
        key = words.key(word)
        if key not in _ASPECT_KEYS or not toks[i + 1].lower().endswith("ing"):
            continue
        kind = "start" if key in ("start", "begin") else "end"
        hits = [
            n
            for r in events
            if r.kind == kind and not r.predicate
            for n, (a, b, _) in enumerate(qtoks)
            if a == r.start and b > a
        ]
        if hits:
            out[toks[i + 1].lower()] = hits
    return out


def _clause_doing_the_head(
    name: str, quote: str, events: tuple[gate_event.Reading, ...]
) -> gate_event.Reading | None:
    """For a noun-phrase name whose head is a deed noun ("my third 10k race": a race is
    raced), the clause that does it: it writes every other word of the name ("Ran my third
    10k") but not the head, and its verb does not only arrange it ("Booked my third 10k")."""
    if gate_event.name_event(name) is not None:
        return None
    wanted = [
        w.lower()
        for _, _, w in _tokens(name)
        if not gate_words.is_function_word(w) and w.lower() not in _DETERMINERS
    ]
    if len(wanted) < 2 or not words.is_verb_lemma(words.lemma(wanted[-1])):
        return None
    for clause in events:
        said = [w for a, _, w in _tokens(quote) if clause.start <= a < clause.end]
        if not said or _UNDOING.match(said[0]) or not clause.predicate:
            continue
        told = {w.lower() for w in said}
        if all(w in told for w in wanted[:-1]) and wanted[-1] not in told:
            return clause
    return None


def _licence_check(
    operand: Operand,
    quote: str,
    journal: bool = False,
    shared: tuple[str, ...] = (),
    use: bool = False,
    boundary: str | None = None,
    anchor: datetime | None = None,
    before: str = "",
    after: str = "",
) -> tuple[float, str]:
    """The note's own time dates the event only if the quote says so (``before``: the
    record's sentence before the quote, in the same paragraph; ``after``: the one after it,
    in its entry), and the writer does not say the time is unknown. The licence words are
    validation's (:func:`prme_cli.relate.interpret.licences`); the gate adds its own literal
    reading of a recent-past "just": the verb after it must be one of the name's verbs (or
    an everyday equivalent) or a verb of coming back, with name words after it."""
    from prme_cli.relate.interpret import echoed_times, licences

    # a time the asked name holds too ("for the first time this year") restricts the deed
    echoed = echoed_times(operand.name) if journal else ()
    found = [
        x
        for x in licences(quote, journal=journal, echoed=echoed)
        if x.phrase in operand.time_expression or operand.time_expression in x.phrase
    ] or licences(quote, journal=journal, echoed=echoed)
    if not found:
        return 0.05, "the quote does not tie the event to the note's own time"
    licence = found[0]
    unknown = _time_told_unknown(quote, licence.start, licence.kind, after)
    if unknown:
        return 0.1, unknown
    if licence.kind == "entry":
        # A journal sentence without a verb ("First bake in the new oven.") names its event
        # only by its words: every specific word of the name, its verb among them (light
        # ones aside: "have", "get"), must be in that sentence, its ordinal too.
        stop = re.search(r"[.;!?](?:\s|$)", quote[licence.start :])
        end = licence.start + stop.start() if stop else len(quote)
        in_sentence = {_stem(w) for _, _, w in _tokens(quote[licence.start : end])}
        missing = [
            word
            for stem, _, _, word in _name_words(operand.name)
            if stem not in in_sentence and word not in gate_structure._LIGHT
        ]
        if missing:
            return 0.3, f"the sentence without a verb does not name '{missing[0]}'"
        return 1.0, ""
    if licence.kind == "journal" and not _past_form(licence.verb):
        return 0.05, "the journal deed is not told in the past tense"
    if licence.kind == "journal":
        timed = _gathering_timed_beside(quote, licence.end, anchor, before)
        if timed:
            return 0.3, timed
    if licence.kind not in ("recent", "journal"):
        return 1.0, ""
    if use and licence.verb.lower() in _GOT_WORDS:
        return 1.0, ""  # the use of a thing starts when it was got
    if (
        boundary is not None
        and licence.verb.lower() in _BOUNDARY_VERBS[boundary]
        and _names_a_work(operand.name)
    ):
        # "Started The Overstory on the train" opens the span of reading it
        told = quote[licence.end :].lower()
        name = [w for _, _, w in _tokens(operand.name)][1:]
        if name and all(w.lower() in told for w in name):
            return 1.0, ""
    if _verb_takes_the_name(licence.verb, quote[licence.end :], operand.name):
        return 1.0, ""  # "Swam my first open-water mile" does the mile the name asks
    doing = _clause_doing_the_head(operand.name, quote, gate_event.quote_events(quote, anchor))
    if doing is not None and doing.start <= licence.end <= doing.end:
        return 1.0, ""  # "Ran my third 10k" does the name's race
    verb = words.key(licence.verb)
    names = [words.key(w.lower()) for _, _, w in _tokens(operand.name)]
    names += [words.key(w.lower()) for w in shared]  # an order's shared verb
    if any(n == verb or n[:5] == verb[:5] for n in names):
        return 1.0, ""
    # The clause of the licence's verb, as the ingest extractor reads it: the name's deed by
    # its sense class ("just ran into Sam"), or a return from what the name names ("just
    # got back from the fair").
    held = [r for r in gate_event.quote_events(quote, anchor) if r.start <= licence.end <= r.end]
    deeds = [gate_event.name_event(operand.name), gate_event.question_deed(" ".join(shared))]
    if any(
        d is not None and d.predicate and gate_event.same_deed(d, r) for d in deeds for r in held
    ):
        return 1.0, ""
    if any(r.sense == "return" for r in held):
        after = quote[licence.end :]
        rest = {_stem(w) for _, _, w in _tokens(after[:160])}
        if any(stem in rest for stem, *_ in _name_words(operand.name)):
            return 1.0, ""
    if _conjoined_past(quote[licence.end :], names, done=words.key(licence.verb) == "do"):
        return 1.0, ""  # "Walked to the market and picked up a starter": one doer, one day
    return 0.3, f"'{licence.phrase}' tells another action than the named event"


def _conjoined_past(after: str, names: list[str], *, done: bool = False) -> bool:
    """Does the licence's sentence go on, with no subject of its own, to the name's verb in
    the past ("… to the coast early and swam off the north beach", "… and then picked up
    …")? Deeds joined so share the writer and the entry's day. After a verb of doing
    (``done``: "Finally did it: booked the ferry") a colon opens the deed done."""
    if done:
        told = re.match(
            r"\s*(?:it|that)?\s*(?:at\s+last|finally)?\s*[:\u2013\u2014-]\s*(\w+)", after
        )
        if told and _past_form(told.group(1)) and words.key(told.group(1).lower()) in names:
            return True
    sentence = re.split(r"[.;:!?\n]", after, maxsplit=1)[0]
    for joined in re.finditer(r"\b(?:and|then)\s+(?:then\s+)?(?P<verb>[A-Za-z']+)", sentence):
        verb = joined["verb"]
        if _past_form(verb) and words.key(verb.lower()) in names:
            return True
    return False


#: After a deed's verb, the words that lead to what it is done at ("went *to the*
#: opening", "made *it to the* launch", "was *at the* party").
_TO_THE_EVENT = frozenset(
    words_of("it to at for into in up along out over round down back the a an my our his her")
    + words_of("their this that")
)


def _gathering_gone_to(quote: str, clause: gate_event.Reading) -> str:
    """What the clause's deed is done at, by the gate's own reading of the words after its
    verb: a gathering (:func:`gate_words.is_gathering`: "went to the opening", "made it to
    the launch") heading the next few words (a noun made from a verb as a modifier, "the
    teaching post", is not one), or "it" for a bare "it"/"there" ("went to it",
    "was there"); "" for anything else."""
    toks = list(words.tokens(quote[clause.start : clause.end]))
    at = next((i for i, (_, _, w) in enumerate(toks) if words.key(w) == clause.predicate), None)
    if at is None:
        return ""
    rest = [w.lower() for _, _, w in toks[at + 1 : at + 8]]
    lead = 0
    while lead < len(rest) and rest[lead] in _TO_THE_EVENT:
        lead += 1
    led = rest[:lead]
    if led and led[-1] in ("it", "there") and (lead == len(rest) or rest[lead] in _OBJECT_ENDS):
        return "it"
    if rest[lead : lead + 1] == ["there"]:
        return "it"
    head = ""  # English noun phrases end in their head: "the pottery fair", not "the
    # teaching post" (a post, though "teaching" is made from a verb)
    for w in rest[lead : lead + 4]:
        if gate_words.is_function_word(w) or w in _OBJECT_ENDS:
            break
        head = w
    return head if head and gate_words.is_gathering(head) else ""


#: Times that name the note's own day or an hour of it ("at seven", "this morning"): they
#: give a gathering no other day than the journal's.
_OWN_DAY = lazyre.compile(
    r"\s*(?:at\s+)?(?:today|tonight|this\s+(?:morning|afternoon|evening)|\d{1,2}(?::\d\d)?"
    r"\s*(?:am|pm|a\.m\.|p\.m\.|h|o'clock)?|(?:one|two|three|four|five|six|seven|eight|nine|"
    r"ten|eleven|twelve|noon|midday|midnight)(?:\s+o'clock)?)\s*$",
    re.IGNORECASE,
)


def _gathering_timed_beside(quote: str, verb_end: int, anchor: datetime | None, before: str) -> str:
    """Why a journal day does not date the deed whose verb ends at ``verb_end``: the deed
    is done at a gathering ("went to the opening", "went to it") whose own time another
    clause of the quote, or the sentence before it, tells ("Saskia's exhibition opened on
    Thursday; I went to the opening"). "" when it is not."""
    events = gate_event.quote_events(quote, anchor)
    held = [r for r in events if r.start <= verb_end <= r.end]
    gone_to = _gathering_gone_to(quote, held[0]) if held else ""
    if not gone_to:
        return ""
    timed = [r for r in events if r is not held[0] and any(not _OWN_DAY.match(t) for t in r.times)]
    if not timed and before:
        # the sentence before dates a gathering ("The regatta was held on Saturday."), or
        # anything at all before an "it" or "there"
        timed = [
            r
            for r in gate_event.quote_events(before, anchor)
            if any(not _OWN_DAY.match(t) for t in r.times)
            and (
                gone_to == "it"
                or any(
                    gate_words.is_gathering(w) for _, _, w in words.tokens(before[r.start : r.end])
                )
            )
        ]
    if not timed:
        return ""
    return (
        f"the deed is done at an event whose own time ('{timed[0].times[0]}') is told beside"
        " it: the note's day does not date it"
    )


#: Licences that date a deed by the note's own time with no time word of the deed's (a
#: journal deed, a verbless entry sentence, news, the recent-past "just"), which the
#: writer's "no idea when" undoes; "today" or "this morning" names its day itself.
_NOTE_DAY_LICENCES = frozenset(words_of("journal entry news recent"))


def _time_told_unknown(quote: str, at: int, kind: str, after: str) -> str:
    """Why the note's time does not date the deed the licence at offset ``at`` of ``quote``
    stands for ("" when it does): the deed's sentence or the next one says the time is
    unknown ("Lost my library card. No idea when exactly.", "Broke my glasses at some
    point"), by the gate's own reading (:func:`gate_words.says_time_unknown`)."""
    if kind not in _NOTE_DAY_LICENCES:
        return ""
    ends = [m.end() for m in re.finditer(r"[.;!?](?=\s|$)", quote)]
    start = max((e for e in ends if e <= at), default=0)
    end = min((e for e in ends if e > at), default=len(quote))
    rest = quote[end:].strip()
    stop = re.search(r"[.;!?](?=\s|$)", rest)
    following = rest[: stop.end()] if stop else rest
    if gate_words.says_time_unknown(quote[start:end], following or after):
        return "the writer says the deed's time is unknown: the note's day is not its day"
    return ""


def _sentence_after(record: EvidenceRecord, quote: str) -> str:
    """The record's sentence right after the quote, in the same entry (org drawers and
    planning lines skipped; a heading or a new list item is another entry)."""
    begin = record.text.find(quote)
    if begin < 0:
        return ""
    kept: list[str] = []
    inside = False  # in a drawer (:PROPERTIES: or :LOGBOOK: up to :END:)
    for n, line in enumerate(record.text[begin + len(quote) :].split("\n")):
        bare = line.strip()
        if not kept and (inside or re.fullmatch(r":[A-Za-z_-]+:", bare)):
            inside = bare.upper() != ":END:"
            continue
        if n and (re.match(r"\*+\s", line) or re.match(r"[-+]\s|\d+[.)]\s", bare)):
            break
        if not bare and kept:
            break  # a blank line ends the paragraph
        if not kept and (bare.startswith(("SCHEDULED", "DEADLINE", "CLOSED"))):
            continue
        if bare:
            kept.append(bare)
        if re.search(r"[.;!?](?:\s|$)", bare):
            break
    text = " ".join(kept)
    stop = re.search(r"[.;!?](?=\s|$)", text)
    return text[: stop.end()] if stop else text


def _sentence_before(record: EvidenceRecord, quote: str) -> str:
    """The record's text right before the quote, back to the start of its paragraph (at
    most one sentence): where the event a deed is done at may be dated."""
    begin = record.text.find(quote)
    if begin <= 0:
        return ""
    text = record.text[:begin]
    paragraph = text[text.rfind("\n\n") + 2 :] if "\n\n" in text else text
    paragraph = paragraph[paragraph.rfind("\n*") + 1 :] if "\n*" in paragraph else paragraph
    sentences = re.split(r"(?<=[.!?])\s+", paragraph.strip())
    last = sentences[-1] if sentences else ""
    return "" if last.startswith(("#+", "*", ":")) else last


def _timed_clause_not_the_gatherings(
    operand: Operand,
    told: gate_event.Reading | None,
    clause: gate_event.Reading | None,
    events: tuple[gate_event.Reading, ...],
    quote: str,
) -> str:
    """Why a time cited from one clause does not date a deed another clause tells done at
    a gathering, with no time of its own ("The car broke down on Saturday, and I went to
    the party"): the timed clause must name that gathering, by its noun or by the verb the
    noun is made from ("Saskia's exhibition opened on Thursday; I went to the opening"), or
    refer back to it after the deed ("Went to the pottery fair. It was on Saturday.")."""
    if told is None or clause is None or not told.predicate:
        return ""
    if operand.time_basis != "text_expression" or gate_event.same_deed(told, clause):
        return ""
    for r in events:
        if r is clause or r.times or not gate_event.same_deed(told, r):
            continue
        gathering = _gathering_gone_to(quote, r)
        if not gathering:
            continue
        written = [w.lower() for _, _, w in words.tokens(quote[clause.start : clause.end])]
        if written[:1] in (["it"], ["that"], ["this"]) and clause.start > r.start:
            continue  # "Went to the pottery fair. It was on Saturday": it is the fair
        said = {words.key(w) for w in written}
        if gathering == "it" or words.key(gathering) not in said:
            return (
                f"the time is told of '{clause.predicate or clause.kind}', not of the"
                f" {'event' if gathering == 'it' else gathering} the deed is done at"
            )
    return ""


def _boundary_window(
    quote: str, hits: list[tuple[int, int, str]], where: int, expr_end: int
) -> tuple[int, int]:
    """The span of the quote from six words before the name's first word found to the later
    of the expression and the name's last word found (words the gate adds without a place
    of their own do not count)."""
    real = _tokens(quote)
    first = min([a for a, b, _ in hits if b > a] + [where])
    last = max([b for a, b, _ in hits if b > a] + [expr_end])
    index = next((i for i, (a, _, _) in enumerate(real) if a >= first), 0)
    return (real[max(0, index - 6)][0] if real else 0, last)


def _overlapping(
    events: tuple[gate_event.Reading, ...], span: tuple[int, int]
) -> list[gate_event.Reading]:
    return [r for r in events if r.start < span[1] and span[0] < r.end]


#: Aspects that exclude each other when the name asks one and the quote tells the other.
_ASPECT_CLASHES: dict[str, set[str]] = {
    "start": {"finish", "plan"},
    "finish": {"start", "plan"},
    "plan": set(),
    "none": {"plan"},
}


def _aspects_told(events: tuple[gate_event.Reading, ...], span: tuple[int, int]) -> set[str]:
    """The aspects the quote's clauses within ``span`` assert, as the ingest extractor read
    them: started, finished, or a deed of planning."""
    out: set[str] = set()
    for r in _overlapping(events, span):
        if r.kind == "start":
            out.add("start")
        elif r.kind == "end":
            out.add("finish")
        if r.predicate in _PLAN_PREDICATES:
            out.add("plan")
    return out


#: Predicates of a clause that plans rather than does (deciding is not planning).
_PLAN_PREDICATES = frozenset(words_of("plan intend schedule"))


def _boundaries_told(events: tuple[gate_event.Reading, ...], span: tuple[int, int]) -> set[str]:
    """Which ends of a lasting event the clauses within ``span`` tell."""
    return {b for r in _overlapping(events, span) if (b := gate_event.boundary(r)) is not None}


def _is_person(name: str, word: str) -> bool:
    """Is ``word`` written capitalised in the name (a person or a title, not a thing)?"""
    return any(w.lower() == word and w[:1].isupper() for _, _, w in _tokens(name))


def _beside(
    events: tuple[gate_event.Reading, ...], clause: gate_event.Reading | None
) -> list[gate_event.Reading]:
    """The clauses right before and right after ``clause`` in the quote."""
    if clause is None or clause not in events:
        return []
    at = events.index(clause)
    return [events[i] for i in (at - 1, at + 1) if 0 <= i < len(events)]


def _place_words(name: str, told: gate_event.Reading | None) -> list[str]:
    """The name's words after its verb, function words dropped ("participated in the
    Spring Fling Market" -> spring, fling, market)."""
    toks = [w for _, _, w in _tokens(name)]
    if told is None:
        return []
    at = next((i for i, w in enumerate(toks) if words.key(w) == told.predicate), None)
    if at is None:
        return []
    return [w.lower() for w in toks[at + 1 :] if not gate_words.is_function_word(w)]


def _words_between(qtoks: list[tuple[int, int, str]], start: int, end: int) -> bool:
    """Is there a word other than a function word between ``start`` and ``end``?"""
    return any(
        start <= a < end and b > a and not gate_words.is_function_word(w) for a, b, w in qtoks
    )


def _other_deed(
    operand: Operand,
    told: gate_event.Reading | None,
    clause: gate_event.Reading | None,
    qtoks: list[tuple[int, int, str]],
    where: int,
    neighbours: list[gate_event.Reading],
    use: bool = False,
) -> str:
    """Why the cited clause does not tell the name's deed ("" when it does or cannot be
    judged): the name tells a deed ("meet Priya"), the clause the expression is attached to
    tells another ("Priya sent me the slides yesterday"), and the name's verb is not written
    in that clause either. A clause with no deed of its own ("the workshop yesterday was
    great") or an aspect verb alone ("Started The Overstory") is left to the word checks."""
    if told is None or not told.predicate:
        return ""
    if operand.time_basis not in ("text_expression", "event_time"):
        return ""
    light = told.predicate in gate_event.LIGHT_PREDICATES and not _phrasal(operand.name, told)
    if clause is None:
        return "" if light else _unread_deed(operand, told, qtoks)
    if light:
        # "take my driving test": the object names the event, unless the clause does
        # another deed to it ("applied for the job" for "get the job")
        return _own_deed_on_the_thing(operand, told, clause)
    if clause.predicate in gate_event.CLAUSE_LIGHT_PREDICATES:
        return ""  # "had a dentist appointment": so does the clause's
    if gate_event.same_deed(told, clause):
        return ""
    place = _place_words(operand.name, told)
    if gate_event.present_at(told, clause, operand.quote, place):
        return ""  # a deed at the named event says one was at it
    things = {words.key(w) for w in place if not _is_person(operand.name, w)}
    said = {words.key(w) for a, _, w in qtoks if clause.start <= a < clause.end}
    if things & said and any(gate_event.same_deed(told, r) and not r.times for r in neighbours):
        return (
            ""  # "fixed | that broken fence … three weeks ago": the clause goes on with the thing
        )
    opens = not _words_between(qtoks, clause.start, where)
    if opens and any(
        r.end <= clause.start and gate_event.same_deed(told, r) and not r.times for r in neighbours
    ):
        return ""  # an expression that opens its clause may tell when the one before happened
    if not clause.predicate and clause.kind in ("start", "end"):
        return ""  # "Started The Overstory": the deed elided after an aspect verb
    if use and clause.predicate in _GOT_KEYS:
        return ""  # using a thing is counted from getting it
    if not gate_event.tells_a_deed(clause, operand.quote):
        return ""  # "The workshop yesterday was great": the event told as a noun
    if clause.predicate == "back" and re.search(r"\bback\b", operand.name, re.IGNORECASE):
        return ""  # "Back at the climbing gym": a verbless return, as "go back to" asks
    verb = _stem(told.predicate)
    written = [w for a, _, w in qtoks if clause.start <= a < clause.end]
    if gate_event.deed_of_its_own(clause, operand.quote) or (
        clause.object
        and words.key(clause.object) == told.predicate
        and clause.predicate not in gate_event.LIGHT_PREDICATES
        and not words.is_event_noun(clause.object)
    ):
        # the clause does a deed of its own to the thing ("booked the flight", "double-
        # checked the hotel booking"), or to people named by the name's verb ("photographed
        # the graduates" for "graduate"; not a light verb's, "got a call from Tomas", nor
        # the deed's own noun, "sent off the application"): the name's verb counts only
        # where it is a verb
        written = [w for i, w in enumerate(written) if _verb_use(written, i)]
    if any(_stem(w) == verb for w in written):
        return ""  # the clause writes the name's verb; its reading picked another word
    if gate_event.writes_deed(told, [words.key(w) for w in written if words.verb_lemma(w)]):
        return ""  # "drove up to see my parents": the deed in a verb of its own
    if operand.time_basis == "event_time" and _conjoined_past(
        operand.quote[clause.start :], [told.predicate]
    ):
        return ""  # "walked to the market and picked up a starter": one doer, one day
    return f"the cited clause tells '{clause.predicate or clause.kind}', not '{told.predicate}'"


def _another_thing(
    told: gate_event.Reading | None, clause: gate_event.Reading | None, quote: str
) -> str:
    """Why the clause's thing is not the name's: the name's thing only modifies the head of
    another ("picked up the camera bag" for "get the new camera", "bought the phone case"
    for "buy the phone"). A noun before a noun names a kind of the second."""
    if told is None or clause is None or not told.object or not clause.object:
        return ""
    if told.object == clause.object or not told.object.isalpha() or not told.object.islower():
        return ""
    if gate_words.is_function_word(clause.object):
        return ""  # "took the canoe paddle out": a particle, no thing
    written = [w for _, _, w in words.tokens(quote[clause.start : clause.end])]
    for first, second in itertools.pairwise(written):
        if not (first.islower() and second.islower()):
            continue  # a name ("Bumped into Sam outside"), not a thing named after a thing
        found = words.lemmas(second)
        if "NOUN" not in found or "ADV" in found or "ADJ" in found:
            continue
        if words.lemma(first) == told.object and words.lemma(second) == clause.object:
            return f"the cited clause is about a {first} {second}, not the {first}"
    return ""


def _verb_use(written: list[str], i: int) -> bool:
    """Is the word at ``i`` used as a verb: a verb form not inside a noun phrase (not after
    a determiner or a noun: "the flight", "the hotel booking")?"""
    if not words.verb_lemma(written[i]):
        return False
    if i == 0:
        return True
    before = written[i - 1].lower()
    if before in _DETERMINERS:
        return False
    if gate_words.is_function_word(before):
        return True  # "I started", "and booked"
    found = words.lemmas(before)
    return not ("NOUN" in found and "VERB" not in found)


def _unread_deed(
    operand: Operand, told: gate_event.Reading, qtoks: list[tuple[int, int, str]]
) -> str:
    """Why a quote whose clause the gate cannot read does not tell the name's deed: the
    extractor found no event where the expression is, and no word of the quote writes the
    name's verb or a deed of its sense. An unread predicate is no agreement."""
    verb = _stem(told.predicate)
    written = [w for _, _, w in qtoks]
    if any(_stem(w) == verb for w in written):
        return ""
    if gate_event.writes_deed(told, [words.key(w) for w in written if words.verb_lemma(w)]):
        return ""
    return f"no deed can be read where the quote is cited, and it does not write '{told.predicate}'"


def _leading_up(
    operand: Operand, told: gate_event.Reading | None, clause: gate_event.Reading | None
) -> str:
    """Why the cited clause tells only a deed leading up to the name's, told as a noun with
    the name's thing as its aim ("sent off the application for the Porto job" is no getting
    of the job): :func:`~prme_cli.relate.symbolic.gate_event.leading_up_noun`."""
    if told is None or clause is None or not told.predicate:
        return ""
    if operand.time_basis not in ("text_expression", "event_time"):
        return ""
    named = [w for _, _, w in _tokens(operand.name)]
    thing = {
        words.key(w)
        for w in named
        if words.key(w) != told.predicate and not gate_words.is_function_word(w)
    }
    noun = gate_event.leading_up_noun(told, clause, operand.quote, thing)
    if not noun:
        return ""
    return f"the cited clause tells the {noun.lower()}, a deed leading up to '{told.predicate}'"


def _own_deed_on_the_thing(
    operand: Operand, told: gate_event.Reading, clause: gate_event.Reading
) -> str:
    """Why a clause does not tell a light verb's deed ("get the job", "have the party",
    "take the ferry") on the name's thing: it tells a deed of its own done to that thing
    (:func:`~prme_cli.relate.symbolic.gate_event.deed_of_its_own`), which neither is nor
    entails the name's. "" when it tells the name's deed or another thing."""
    if gate_event.same_deed(told, clause):
        return ""
    thing = {words.key(w) for _, _, w in words.tokens(operand.name)}
    objects = [o for o in (clause.object, *_coordinated_objects(clause, operand.quote)) if o]
    hit = next((o for o in objects if words.key(o) in thing or o in thing), None)
    if hit is None:
        return ""  # another thing: the word checks judge it
    if clause.predicate in thing:
        return ""  # "make the hotel booking" told by "booked the hotel"
    if not gate_event.deed_of_its_own(clause, operand.quote) and not _not_having(told, clause, hit):
        return ""
    return f"the cited clause does '{clause.predicate}' to the {hit}, not '{told.predicate}'"


def _not_having(told: gate_event.Reading, clause: gate_event.Reading, thing: str) -> bool:
    """Is the clause's deed on the thing another than having it, for a name told with
    "have" ("have my baby" is not "held the baby", nor "visited Noa and the baby")? Any
    verb of the clause but "have", "be", "do" is, except the ways of having a gathering
    ("threw the party", "hosted the dinner": :data:`gate_words.HOSTING_KEYS`)."""
    if told.predicate != "have" or clause.predicate in ("", "have", "be", "do"):
        return False
    return not (gate_words.is_gathering(thing) and clause.predicate in gate_words.HOSTING_KEYS)


#: Words that end a verb's object: a preposition or a time word after the last member.
_OBJECT_ENDS = frozenset(
    words_of(
        "to at in on with for from of by into onto over after before during about since "
        "until yesterday today tonight last this next ago"
    )
)


def _coordinated_objects(clause: gate_event.Reading, quote: str) -> list[str]:
    """The head of every member of the clause's object, the gate's own reading: the words
    after the clause's verb up to a preposition or a time word, cut at "and", "&" and
    commas, each member's last word ("visited Noa and the baby" -> Noa, baby). The
    extractor keeps only the first member as the object."""
    text = quote[clause.start : clause.end]
    toks = list(words.tokens(text))
    at = next((i for i, (_, _, w) in enumerate(toks) if words.key(w) == clause.predicate), None)
    if at is None:
        return []
    heads: list[str] = []
    last = ""
    prev_end = toks[at][1]
    for a, b, w in toks[at + 1 :]:
        low = w.lower()
        gap = text[prev_end:a]
        prev_end = b
        if low in _OBJECT_ENDS or any(c in gap for c in ".;:!?"):
            break
        if low in ("and", "&") or "," in gap:
            if last:
                heads.append(last)
            last = "" if low in ("and", "&") else low
            continue
        last = low
    if last:
        heads.append(last)
    return heads


#: A particle after a verb makes a phrasal verb of it ("take out", "give away", "set up").
_PARTICLE = lazyre.compile(
    r"\b([A-Za-z]+)\s+(?:out|up|off|apart|back|down|over|away)\b", re.IGNORECASE
)


def _phrasal(name: str, told: gate_event.Reading) -> bool:
    """Does the name's light verb come with a particle ("take out the canoe", "give away
    the sewing machine")? Then the verb says the deed, not its object: "I bought a canoe
    paddle" does not tell taking it out."""
    return any(words.key(m.group(1)) == told.predicate for m in _PARTICLE.finditer(name))


_NOT_DOERS = frozenset(
    words_of("i my the a an this that our your his her their we you he she they it when what")
)


def _named_doer(name: str, told: gate_event.Reading | None) -> str | None:
    """The person a name opens with as the doer of its deed ("Tom ran the half marathon" ->
    Tom, "Lena passing her driving test" -> Lena): a capitalised first word right before a
    verb told in the past or as a gerund (by the one normaliser's dictionary). "Greek
    lessons started" names nobody ("lessons" is no verb form)."""
    m = re.match(r"(?P<name>[A-Z][a-z][\w.-]*(?:\s+[A-Z][a-z][\w.-]*)?)\s+(?P<verb>[a-z]+)\b", name)
    if not m or m["name"].split()[0].lower() in _NOT_DOERS:
        return None
    verb = m["verb"]
    if words.verb_lemma(verb) is None or verb in ("is", "are", "am", "has", "does", "goes"):
        return None
    told_as_deed = words.is_simple_past(verb) or (len(verb) > 4 and verb.endswith("ing"))
    if not told_as_deed and told is not None and told.predicate:
        told_as_deed = verb.endswith("ed") and words.verb_lemma(verb) == told.predicate
    return m["name"] if told_as_deed else None


def _occasion_hits(
    quote: str, qtoks: list[tuple[int, int, str]], where: int, name: str
) -> list[int]:
    """Token indexes of the occasion words a thing is given for ("for her birthday"), unless
    the time expression follows the occasion (then it may be the occasion's own date), or
    the name's gift is somebody else's ("her gift") and the occasion the writer's own."""
    others = bool(re.search(r"\b(?:her|his|their)\b|\w's\b", name, re.IGNORECASE))
    out = []
    for start, end in gate_words.given_for_occasion(quote):
        if others and gate_words.occasion_is_own(quote, (start, end)):
            continue
        between = quote[end:where]
        if where >= end and len(between.split()) <= 3 and not re.search(r"[,;:.!?()]", between):
            continue  # "for my aunt's birthday party on May 3rd": the party's date
        out += [i for i, (a, b, _) in enumerate(qtoks) if start <= a < end and b > a]
    return out


#: "my last one", "the second one": an ordinal before "one" that stands for a thing named
#: by another operand of the question (the gate's own reading).
_ORDINAL_ONE = lazyre.compile(
    r"(?P<det>my|our|the|his|her|their)\s+(?P<ord>first|second|third|fourth|fifth|last|"
    r"final|latest|next|previous)\s+one",
    re.IGNORECASE,
)
_ORDINAL_NAMED = lazyre.compile(
    r"(?:my|our|the|his|her|their)\s+(?:first|second|third|fourth|fifth|last|final|latest|"
    r"next|previous)\s+(?P<thing>(?!one\b)[a-z][\w' -]*)",
    re.IGNORECASE,
)


def _one_named_again(operand: Operand, resolution: Resolution) -> Operand:
    """ "between my first welding class and my last one": "one" is the thing the other
    operand names after its ordinal, so the name is read as "my last welding class". Only
    when exactly one other operand names a thing so."""
    m = _ORDINAL_ONE.fullmatch(operand.name.strip())
    if m is None:
        return operand
    things = {
        found["thing"].strip()
        for op in resolution.operands
        if op is not operand
        for found in [_ORDINAL_NAMED.fullmatch(op.name.strip())]
        if found is not None
    }
    if len(things) != 1:
        return operand
    return replace(operand, name=f"{m['det']} {m['ord']} {things.pop()}")


def _elided_object(operand: Operand, resolution: Resolution) -> str:
    """For "between finishing and hanging the frame": a bare verb shares the object of the
    operand that follows it; the object is appended to its name for matching."""
    if len([w for w in _tokens(operand.name) if not gate_words.is_function_word(w[2])]) > 1:
        return ""
    if operand.name.split(None, 1)[0].lower() in _DETERMINERS:
        return ""  # "the desk" of "which arrived first, the desk or the chair" is a thing
    names = [op.name for op in resolution.operands]
    if operand.name not in names:
        return ""
    later = names[names.index(operand.name) + 1 :]
    for name in later:
        parts = name.split(None, 1)
        if len(parts) == 2:
            return " " + parts[1]
    return ""


#: "Bertrand's race": an event named by whose it is.
_POSSESSOR = lazyre.compile(
    r"^(?:the\s+)?(?P<name>(?!(?:I|My|The|A|An|This|That)\b)"
    r"[A-Z][\w.-]*)'s\s+\w"
)
_SUBJECT = lazyre.compile(
    r"\b(?:did|does|do|was|were|has|have|had|is)\s+"
    r"(?P<name>[A-Z][\w'.-]*(?:\s+[A-Z][\w'.-]*)?)"
)


def _question_subject(question: str) -> str | None:
    """The person a question asks about, when it is named ("When did Caroline …")."""
    for m in _SUBJECT.finditer(question):
        name = m.group("name")
        if name.split()[0] not in ("I", "The", "A", "An", "My", "It", "This", "That"):
            return name.split()[0]
    return None


def _frame_words(question: str, resolution: Resolution) -> list[str]:
    """The question's words outside every operand name (the verb an order shares)."""
    rest = question
    for op in resolution.operands:
        rest = rest.replace(op.name, " ")
    return [w for _, _, w in _tokens(rest)]


_STAMP_KEYWORD = lazyre.compile(
    r"(?:\btimestamp\s+)?\b(?P<kind>CLOSED|SCHEDULED|DEADLINE|CLOCK)\s*:|State\s+\"(?P<kind2>DONE)\"",
    re.IGNORECASE,
)


def _told_as_done(quote: str, where: int) -> bool:
    """Does the sentence of ``quote`` holding offset ``where`` tell something done: a verb
    in the simple past (the gate's own reading, :func:`_past_form`) and no plan word?"""
    start = _sentence_start(quote, where)
    stop = re.compile(r"[.!?](?:\s|$)").search(quote, where)
    said = [w.lower() for _, _, w in _tokens(quote[start : stop.end() if stop else len(quote)])]
    return any(_past_form(w) for w in said) and not any(w in _PLAN_WORDS for w in said)


def _past_form(word: str) -> bool:
    """The gate's own reading of a past tense: the dictionary's simple past of the word's verb
    (lemminflect, through the one word normaliser), not the resolver's tables."""
    return words.is_simple_past(word)


def _basis_check(
    operand: Operand,
    quote: str,
    where: int,
    wanted: set[str],
    record: EvidenceRecord | None = None,
    shared: tuple[str, ...] = (),
    use: bool = False,
    boundary: str | None = None,
) -> tuple[float, str]:
    from prme_cli.relate.interpret import is_journal_entry

    basis = operand.time_basis
    if basis == "event_time":
        journal = record is not None and is_journal_entry(record) and _day_heading_agrees(record)
        anchor = record.event_time if record is not None else None
        unfit = _entry_heading_unfit(record, quote) if record is not None else None
        if unfit:
            return 0.1, unfit
        before = _sentence_before(record, quote) if record is not None else ""
        after = _sentence_after(record, quote) if record is not None else ""
        return _licence_check(operand, quote, journal, shared, use, boundary, anchor, before, after)
    if basis == "org_timestamp":
        line_start = quote.rfind("\n", 0, where) + 1
        line = quote[line_start:where]
        first_line = quote.split("\n", 1)[0]
        # The keyword right before the stamp says what kind of time it is ("CLOSED: [..]
        # SCHEDULED: <..>" holds two stamps of two kinds on one line).
        keywords = list(_STAMP_KEYWORD.finditer(line))
        last = keywords[-1] if keywords else None
        kind = (last.group("kind") or last.group("kind2") or "").lower() if last else ""
        if kind in ("closed", "done"):
            if not _done_heading(first_line, record):
                return 0.2, "a closing stamp of a task that is not DONE"
            if wanted & {"start", "plan"}:
                return 0.2, "a closing stamp does not date a start or a plan"
            return 1.0, ""
        if kind in ("scheduled", "deadline"):
            if "plan" in wanted:
                return 1.0, ""
            return 0.2, "a SCHEDULED/DEADLINE stamp dates a plan, not the event"
        if kind == "clock":
            return 0.4, "a CLOCK line dates work, not one event"
        return 0.9, ""
    if basis in ("text_expression",):
        if record is not None:
            unsure = _weekday_in_range_unsure(record, operand.time_expression)
            if unsure:
                return 0.2, unsure
        return 1.0, ""
    if basis == "duration":
        return _length_check(quote, where, operand.time_expression)
    return 0.5, f"basis {basis} is not one the symbolic gate can judge"


#: A LOGBOOK note as the gate reads it: its line, up to its stamp and the "\\" that continues
#: it ("- State "DONE" from "NEXT" [2039-04-12 Tue 18:00] \\", "- Note taken on [...] \\").
_GATE_LOG_NOTE = lazyre.compile(
    r"^[ \t]*-[ \t]+(?:State[ \t]+\"[^\"\n]*\"(?:[ \t]+from[ \t]+\"[^\"\n]*\")?|Note[ \t]+taken[ \t]+on)"
    r"[ \t]+\[(\d{4})-(\d{2})-(\d{2})[^\]\n]*\][ \t]*\\\\[ \t]*$",
    re.MULTILINE,
)
#: Days a note's own deictic words count back from its stamp, by the gate's own table.
_GATE_NOTE_DAYS = {"yesterday": -1, "today": 0, "this morning": 0, "this afternoon": 0}


def _log_note_day_unfit(operand: Operand, record: EvidenceRecord) -> str:
    """Why a deictic time in a LOGBOOK note ("I drained the radiators yesterday" under
    "- State "DONE" … [2039-04-12 Tue] \\") is not read from the note's stamp ("" when it
    is, or when it is no such time): the day validation reads must be the stamp's day moved
    by the gate's own count of the word."""
    from datetime import date, timedelta

    shift = _GATE_NOTE_DAYS.get(operand.time_expression.strip().lower())
    text = record.text
    at = text.find(operand.quote)
    if at < 0:
        return ""
    at += max(operand.quote.find(operand.time_expression), 0)
    notes = [m for m in _GATE_LOG_NOTE.finditer(text) if m.start() < at]
    if not notes:
        return ""
    note = notes[-1]
    between = text[note.end() : at]
    if re.search(r"\n[ \t]*(?:[-+*]|\d+[.)])[ \t]|\n[ \t]*\n|\n[ \t]*:END:", between):
        return ""  # the time is not inside that note
    stamp = date(int(note[1]), int(note[2]), int(note[3]))
    if shift is None and _GATE_STAMP.fullmatch(operand.time_expression.strip()):
        return ""  # the note's own stamp, or another stamp written in it
    try:
        dated = interpret.interpret(
            operand, record, question_date=datetime(9999, 1, 1, tzinfo=UTC), tz=UTC
        )
    except interpret.InterpretError as exc:
        return f"validation does not read '{operand.time_expression}': {exc}"
    if dated.start is None or dated.start.date() > stamp:
        return f"'{operand.time_expression}' lies after the LOGBOOK note it is told in"
    if shift is None:
        return ""
    expected = stamp + timedelta(days=shift)
    if dated.start.date() != expected:
        return (
            f"'{operand.time_expression}' in a LOGBOOK note of {note[1]}-{note[2]}-{note[3]} is "
            f"{expected.isoformat()}, not the day read"
        )
    return ""


#: The gate's own reading of an event-date range property ("`:WHEN: [a]--[b]`") and of a
#: bare weekday ("Sunday", "on Sunday", "Sunday morning").
_GATE_RANGE_PROPERTY = lazyre.compile(
    r"^[ \t]*:(?:WHEN|DATE|EVENT_DATE|EVENT_TIME):[ \t]+[<\[](\d{4})-(\d{2})-(\d{2})[^\n]*?"
    r"--[<\[](\d{4})-(\d{2})-(\d{2})",
    re.MULTILINE | re.IGNORECASE,
)
_GATE_BARE_WEEKDAY = lazyre.compile(
    r"(?:on\s+)?(?P<day>[a-z]+)(?:\s+(?:morning|afternoon|evening|night))?", re.IGNORECASE
)


def _weekday_in_range_unsure(record: EvidenceRecord, expression: str) -> str:
    """Why a bare weekday in an entry dated by an event-date range cannot name one day ("" if
    it can, or is no such case): the range must hold exactly one such weekday, which is the
    day the entry's words mean (its first day is no time of writing to count back from)."""
    from datetime import date, timedelta

    m = _GATE_BARE_WEEKDAY.fullmatch(expression.strip())
    if m is None or m["day"].lower() not in _GATE_FULL_WEEKDAYS:
        return ""
    span = _GATE_RANGE_PROPERTY.search(record.whole_text)
    if span is None:
        return ""
    first = date(int(span[1]), int(span[2]), int(span[3]))
    last = date(int(span[4]), int(span[5]), int(span[6]))
    wanted = _GATE_FULL_WEEKDAYS.index(m["day"].lower())
    count = sum(
        1 for k in range((last - first).days + 1) if (first + timedelta(k)).weekday() == wanted
    )
    if count != 1:
        return f"the entry's range holds {count} {m['day']}s: the weekday names no one day"
    return ""


#: A heading line as the gate reads it: its stars, what stands before the quoted words.
_GATE_HEADING_LINE = lazyre.compile(r"\*+[ \t]+")
#: What may stand before an entry's title on its heading line: the entry's time of day.
_GATE_ENTRY_CLOCK = lazyre.compile(
    r"(?:\d{1,2}:\d{2}(?:[ \t]*[-\u2013][ \t]*\d{1,2}:\d{2})?[ \t]+)?"
)
_GATE_PLANNING = lazyre.compile(r"[ \t]*(?:SCHEDULED|DEADLINE|CLOSED):")


def _entry_heading_unfit(record: EvidenceRecord, quote: str) -> str:
    """Why a heading title quoted as dated by the note's own day cannot be ("" when it can,
    or when the quote is no heading's). The gate's own reading of the record's lines: the
    quote must be the title of the record's own (first) heading, with nothing before it on
    the line but the stars and a time of day (a TODO keyword makes it a task, a bullet or a
    word a title of something else), and no planning line under it (a SCHEDULED or
    DEADLINE heading is a plan)."""
    text = record.text
    lines = text.split("\n")
    first = next((k for k, line in enumerate(lines) if _GATE_HEADING_LINE.match(line)), None)
    for k, line in enumerate(lines):
        stars = _GATE_HEADING_LINE.match(line)
        if stars is None or quote.strip() not in line:
            continue
        at = line.index(quote.strip())
        if k != first:
            return "the quoted title is not the record's own heading"
        if _GATE_ENTRY_CLOCK.fullmatch(line[stars.end() : at]) is None:
            return "the quoted title follows a keyword or other words on its heading line"
        if k + 1 < len(lines) and _GATE_PLANNING.match(lines[k + 1]):
            return "the quoted heading is planned (SCHEDULED or DEADLINE), not told as done"
        return ""
    return ""


#: The gate's own calendar words, to check a day heading against the day a record is dated
#: by (the resolver reads titles with the time engine; the gate compares names with the
#: date, the other way round).
_GATE_FULL_WEEKDAYS = gate_anchor.DAY_NAMES
_GATE_FULL_MONTHS = gate_anchor.MONTH_NAMES
_GATE_CALENDAR_WORD = lazyre.compile(
    r"(?P<iso>\d{4}-\d{2}-\d{2})|(?<!\d)(?:(?P<ord>\d{1,2})(?:st|nd|rd|th)\b|(?P<num>\d{1,2})\b)|"
    r"\d+|(?P<word>[a-z]+)",
    re.IGNORECASE,
)


#: The gate's own reading of a datetree heading longer than a day: a week ``2035-W10``, a
#: month ``2035-03 March``, a year ``2035``.
_GATE_PERIOD_HEADING = lazyre.compile(r"\s*\d{4}(?:-W\d{1,2}\b|-\d{2}(?![-\d])|\s*$)")


def _calendar_names(title: str) -> tuple[set[int], set[int], set[int], set[str]] | None:
    """The weekdays, months, days of the month and ISO dates a title names, or None when it
    names none. A weekday or month counts as its full name or a cut of it of three letters or
    more ("Tues", "Sept"; "may" only whole); a bare number counts as a day of the month only
    beside a month name ("1 June", "Feb 28"), an ordinal ("9th") anywhere."""
    weekdays: set[int] = set()
    months: set[int] = set()
    days: set[int] = set()
    isos: set[str] = set()
    found = list(_GATE_CALENDAR_WORD.finditer(title))
    month_at: set[int] = set()
    for k, m in enumerate(found):
        word = (m["word"] or "").lower()
        if len(word) < 3:
            continue
        for i, name in enumerate(_GATE_FULL_WEEKDAYS):
            if name.startswith(word):
                weekdays.add(i)
        for i, name in enumerate(_GATE_FULL_MONTHS):
            if name.startswith(word):
                months.add(i + 1)
                month_at.add(k)
    for k, m in enumerate(found):
        if m["iso"]:
            isos.add(m["iso"])
        elif m["ord"]:
            days.add(int(m["ord"]))
        elif m["num"] and (k - 1 in month_at or k + 1 in month_at):
            days.add(int(m["num"]))
    if not (weekdays or months or days or isos):
        return None
    return weekdays, months, days, isos


#: The gate's own reading of a numeric date in a day heading (org-journal's "Wednesday,
#: 03/11/37", "Friday, 14.05.2038"): two numbers and a year, in either order.
_GATE_NUMERIC_DATE = lazyre.compile(r"(?<![\d/.])(\d{1,2})([/.])(\d{1,2})\2(\d{4}|\d{2})(?![\d/.])")


def _numeric_date_fits(m: re.Match[str], when: datetime) -> bool:
    """Do the two numbers of ``m`` name ``when``'s month and day (in either order) and its
    year (a two-digit year, its last two digits)?"""
    year = m[4]
    if (int(year) if len(year) == 4 else int(year) % 100) != (
        when.year if len(year) == 4 else when.year % 100
    ):
        return False
    return sorted((int(m[1]), int(m[3]))) == sorted((when.month, when.day))


def _day_heading_agrees(record: EvidenceRecord) -> bool:
    """The gate's own check of a journal day against the headings above the record: the
    nearest of the record's title and its ancestors' titles that names a weekday, a month or
    a day must name the very day ``event_time`` is ("Friday 9th" only dates a Friday the
    9th; an ISO date, that date), and a datetree week or month above it dates no day of
    its own. A week's file dated by its Monday does not date Friday's heading."""
    when = record.event_time
    if when is None:
        return False
    for title in (record.title, *reversed(record.path)):
        if _GATE_PERIOD_HEADING.match(title or ""):
            return False  # a datetree week, month or year: no one day of it is named
        numeric = _GATE_NUMERIC_DATE.search(title or "")
        if numeric is not None and not _numeric_date_fits(numeric, when):
            return False  # "Wednesday, 03/17/38" does not date the 10th
        names = _calendar_names(title or "")
        if names is None:
            continue
        weekdays, months, days, isos = names
        if isos:
            # a datetree day's ISO date is the date (its day name is decoration, in any
            # language and sometimes mistyped), as ingest reads it
            return isos == {when.strftime("%Y-%m-%d")}
        return weekdays <= {when.weekday()} and months <= {when.month} and days <= {when.day}
    return True


#: The gate's own reading of a stated length: the words that tell one right before the
#: amount, the hedges that make it approximate, the words after it that make it a date,
#: a rate or a state still going on.
_LENGTH_LEADS = frozenset(words_of("spent took lasted for me us him her them"))
#: Words that tell a length only after a deed in the past: "ran the 10k in 52 minutes",
#: "a personal best of 49 minutes" (the word before "of" says it is a result).
_LENGTH_AFTER_A_DEED = frozenset(words_of("in"))
_RESULT_OF = frozenset(words_of("time best pb record"))
_LENGTH_HEDGES = frozenset(
    words_of("about around roughly approximately nearly almost over under than least most some")
)
_NOT_LENGTH_AFTER = lazyre.compile(
    r"^\s*(?:ago|earlier|later|now|so\s+far|a\s+day|a\s+week|a\s+night|per\b|each\b|every\b|"
    r"or\s+so|-?ish|longer|shorter|more|less|extra|late|early)",
    re.IGNORECASE,
)
#: The end of the clause a length after a colon must close ("…the river: 54 minutes.").
_GATE_CLAUSE_END = lazyre.compile(r"^\s*(?:[.,;!)]|$)")


def _length_check(quote: str, where: int, expression: str) -> tuple[float, str]:
    """A length cited from words ("Spent two and a half hours repotting the tomatoes"): the
    amount must follow a word that tells a length ("spent", "took", "lasted", "for"), or
    close a deed told in the past ("Ran the 10k in 52 minutes", "Ran my first 10k: 54
    minutes.", "…, a personal best of 49 minutes"), with no hedge before it and no "ago",
    "a day" or "now" after it."""
    told = [w.lower() for _, _, w in _tokens(quote[:where])]
    before = told[-2:]
    after = quote[where + len(expression) :]
    if before and before[-1] in _LENGTH_HEDGES:
        return 0.3, "a hedged length"
    colon = quote[:where].rstrip().endswith(":") and _GATE_CLAUSE_END.match(after) is not None
    result = len(before) == 2 and before[-1] == "of" and before[-2] in _RESULT_OF
    closing = colon or result or (bool(before) and before[-1] in _LENGTH_AFTER_A_DEED)
    if closing:
        if not any(words.is_simple_past(w) for w in told[:-1]):
            return 0.4, "the amount closes no deed told in the past"
    elif not before or before[-1] not in _LENGTH_LEADS:
        return 0.4, "the amount is not told as the event's length"
    if _NOT_LENGTH_AFTER.match(after):
        return 0.3, "a date, a rate or a state still going on, not a length"
    return 1.0, ""
