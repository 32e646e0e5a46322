"""The symbolic gate: an independent, offline check of each cited operand.

It does not reuse the resolver's alignment. The resolver scores every sentence of every
record against the question with rarity weights, clause segmentation, doer and head-noun
checks, and compares rival sentences; the gate reads only the one cited quote and asks,
with a different and deliberately literal method:

1. **Is the named event in the quote?** The operand name's specific words are looked for in
   the quote by a five-letter prefix of their normalised form, weighted by length (long
   words are specific), doubled for names, titles and numbers; calendar words ("in June")
   and generic nouns ("event") do not count, ordinals ("first") count little, and the
   name's leading verb weighs half because aspect is judged separately. Nouns and names
   must be there as written; a verb may be there as an everyday equivalent ("got" for
   "received", at 0.7 credit), a thing got "for her birthday" / "for Ana's party" is a
   gift or present (0.7 credit; not when the expression right after the occasion may be
   the occasion's own date, nor for the writer's own occasion when the name's gift is
   somebody else's), "my first pottery class" says the pottery course (classes, lessons)
   started and "the last episode" that the series (show) finished, and a DONE heading
   says "finished" of its title. A bare
   verb ("finishing" in "between finishing and hanging the frame") borrows the object of
   the operand after it. This gives a coverage ``c`` in [0, 1].
2. **Is the time near the event?** The token distance from the cited expression to the
   nearest matched word (proximity 1 within 12 tokens, 0.9 within 25, else 0.75), times 0.6
   when another date word stands between them.
3. **Does the quote assert it at that time?** Within a few words before the event or the
   expression: negation and plans or wishes; aspect cues against the name's (a quote about
   starting does not date finishing, ordering or buying is not receiving); for an org
   stamp, the keyword right before it (CLOSED or a "State DONE" note of a DONE heading dates
   the doing, SCHEDULED/DEADLINE only a plan, CLOCK only work); for ``event_time``, words
   that tie the event to the note's own day ("today", "this morning", "just now"), and for
   a recent-past "just" ("I just got back from …") a verb after it that is the name's own
   or one of coming back, followed by the name's words. When an interval's two operands
   carry one name (the span of one event: "how many days did I spend on the canoe trip"),
   the first quote must tell the event's start ("set off on", "started", "arrived in") and
   the second its end ("got back from", "finished"), each and only that (cap 0.3); so must
   the two dated operands of a sum's span term.

The probability is ``(0.3 + 0.7 c) * proximity``, at most 0.98, capped by the strongest
warning (aspect clash 0.2, negation 0.25, plan 0.3, wrong kind of org stamp 0.2, CLOCK 0.4,
unlicensed note time 0.05; a broken citation gets 0). **Meaning:** a value at or above the
stage's 0.85 threshold says that at least about four fifths of the name's specific words
(by the weighting above) are in the quote near the expression, and that nothing in the
quote says the event did not happen then, happened in another aspect, or was only planned.
It is a rule score, not a learned or calibrated likelihood: on the development split every
operand the resolver proposed and the gate passed was right, and the gate's refusals there
were all literal mismatches (an event told as "it"), so it errs on the side of refusing.
"""

from __future__ import annotations

import re
import time as _time
from dataclasses import dataclass

from prme_cli import words
from prme_cli.relate.symbolic import gate_structure, lexicon
from prme_cli.relate.symbolic.lexicon import words_of
from prme_cli.relate.types import (
    EvidenceRecord,
    GateVerdict,
    Operand,
    ProviderAudit,
    Resolution,
    span_end,
)

_TOKEN = re.compile(r"[A-Za-z0-9][A-Za-z0-9'\u2019#+&-]*")
_DETERMINERS = frozenset(words_of("the a an my our his her their your this that these those"))
_SUBJECTS = frozenset(words_of("i we he she they"))
_NEGATION = re.compile(
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
_DATE_WORD = re.compile(
    r"^(?:today|yesterday|tonight|tomorrow|ago|last|monday|tuesday|wednesday|thursday|friday|"
    r"saturday|sunday|january|february|march|april|may|june|july|august|september|october|"
    r"november|december|\d{1,2}(?:st|nd|rd|th)|\d{4}-\d{2}-\d{2})$",
    re.IGNORECASE,
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


_HOW_LONG_BEEN = re.compile(
    r"how\s+(?:long|many\s+\w+)\s+(?:have|has|had)\s+\S+(?:\s+\S+)?\s+been\b", re.IGNORECASE
)
_PERFECT_BEFORE = re.compile(
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


#: The gate's own reading of a meeting told as time spent together: "had", "grabbed" or
#: "went for" with at most three words up to "with", and a capitalised name after it.
_SAT_WITH = re.compile(
    r"\b(?:had|grabbed|went\s+for)\s+(?:[A-Za-z]+\s+){1,3}?(?P<with>with)\s+[A-Z][a-z]+"
)


#: The gate's own list of verbs that call off, miss or only arrange what they govern.
_UNDOING = re.compile(
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
        and not lexicon.is_stop(following.group(0))
    )


def _tokens(text: str) -> list[tuple[int, int, str]]:
    return [(m.start(), m.end(), m.group(0)) for m in _TOKEN.finditer(text)]


#: Nouns any event can be called by; they say nothing about which event.
_ORDINALS = frozenset(words_of("first second third fourth fifth last final"))
_GENERIC = frozenset(words_of("event events thing things activity time day occasion one"))
#: How many the question counts ("the three museums I visited") says nothing about which.
_CARDINALS = frozenset(words_of("two three four five six seven eight nine ten both"))


def _name_words(name: str) -> list[tuple[str, float, bool, str]]:
    """(stem, weight, is_leading_verb, word) for the specific words of an operand name. Calendar
    words ("in June") restrict the date; they are not the event's content."""
    out = []
    toks = _tokens(name)
    first_content = True
    aliases = lexicon.restated_acronyms(name)
    for i, (_, _, word) in enumerate(toks):
        low = word.lower().strip("'")
        if low in aliases:
            continue  # an acronym in brackets restating the words before it
        if (
            low in _SUBJECTS
            or low in _DETERMINERS
            or lexicon.is_stop(low.removesuffix("'s"))
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


def _aspects(words: list[str]) -> set[str]:
    return lexicon.aspect_of([lexicon.key(w) for w in words])


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
            probs = tuple(
                self.check(question, resolution, op, records.get(op.evidence_id)).probability
                for op in resolution.operands
            )
        finally:
            audit.elapsed_ms += (_time.perf_counter() - started) * 1000.0
        return GateVerdict(probs)

    def check(
        self, question: str, resolution: Resolution, operand: Operand, record: EvidenceRecord | None
    ) -> OperandCheck:
        """The probability for one operand, with the reasons behind it."""
        quote = operand.quote
        if record is None or not quote or quote not in record.text:
            return OperandCheck(0.0, 0.0, 0.0, ("quote not in the record",))
        if gate_structure.is_structure_quote(operand, record):
            found = gate_structure.check(question, resolution, operand, record)
            return OperandCheck(found.probability, 1.0, 1.0, found.reasons)
        where = quote.find(operand.time_expression) if operand.time_expression else -1
        if where < 0:
            return OperandCheck(0.0, 0.0, 0.0, ("expression not in the quote",))
        names = _name_words(operand.name + _elided_object(operand, resolution))
        if not names:
            return OperandCheck(0.0, 0.0, 0.0, ("the name has no specific words",))
        qtoks = _tokens(quote)
        if _DONE_HEADING.match(quote):
            # A DONE heading says "finished" of its title without writing it.
            qtoks.append((len(quote), len(quote), "finished"))
        for sat in _SAT_WITH.finditer(quote):
            # "Had coffee with Niamh": time spent with someone named is meeting them
            qtoks.append((sat.start("with"), sat.start("with"), "met"))
        returned = _RETURN_AT.search(quote)
        if returned:
            # "I got back from the fair" says I went to (visited, attended) it.
            qtoks += [
                (returned.start(), returned.start(), w)
                for w in lexicon.entailed_by_return(returned.group(0))
            ]
        if _state_since(quote, where, operand.time_expression):
            # "I've been working at the bakery for two months now" says when it started
            qtoks += [(where, where, "started"), (where, where, "began")]
        for at, entailed in lexicon.entailed_by_endpoint(quote):
            # "First pottery class tonight" says the pottery course started.
            qtoks += [(at, at, w) for w in entailed]
        stems = [_stem(w) for _, _, w in qtoks]
        total = sum(w for _, w, _, _ in names)
        got = 0.0
        positions = []
        for stem, weight, _, word in names:
            hits = [i for i, s in enumerate(stems) if s == stem and len(stem) >= 2]
            credit = 1.0
            verb = lexicon.key(word)
            if not hits and (verb in lexicon.SYNONYMS or verb in lexicon.GET_LIKE_MAP):
                # A verb may be told with an everyday equivalent ("got" for "received");
                # nouns and names must be there as written.
                hits = [
                    i
                    for i, (_, _, w) in enumerate(qtoks)
                    if lexicon.relatedness(verb, lexicon.key(w)) >= 0.6
                ]
                credit = 0.7
            if not hits and _HOW_LONG_BEEN.match(question.strip()) and word.lower() in _USE_FORMS:
                # "how long had I been using the new rug": the use began when the thing was
                # got ("I got a new area rug a month ago")
                hits = [i for i, (_, _, w) in enumerate(qtoks) if w.lower() in _GOT_WORDS]
                credit = 0.7
            if not hits and word in lexicon.GIFT_NOUNS:
                # "ordered it for my best friend's birthday" tells a gift without the word;
                # not when the expression dates the occasion ("… birthday on the 15th").
                hits = _occasion_hits(quote, qtoks, where, operand.name)
                credit = 0.7
            if hits:
                got += weight * credit
                positions.extend(hits)
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
            if nearest > expr_last:
                between = [w for _, _, w in qtoks[expr_last + 1 : nearest]]
            else:
                between = [w for _, _, w in qtoks[nearest + 1 : expr_index]]
            habit = {
                i
                for i, w in enumerate(between)
                if i > 0 and between[i - 1].lower() in ("every", "each")
            }
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

        # Aspect: the name's own cues (and, for an order, the question's shared verb).
        name_words = [w for _, _, w in _tokens(operand.name)]
        if resolution.operation == "order":
            name_words += _frame_words(question, resolution)
        wanted = _aspects(name_words)
        if _HOW_LONG_BEEN.match(question.strip()):
            wanted |= {"start"}  # "how long have I been learning X": counted from its start
        lo, hi = max(0, min(nearest, expr_index) - 8), max(nearest, expr_last) + 1
        window_words = [w for _, _, w in qtoks[lo:hi]]
        heading_words: list[str] | None = None
        if operand.time_basis == "org_timestamp":
            # The stamp's own line says what kind of time it is (judged below); the event's
            # words are the heading title's, not the other planning keywords around it.
            heading_words = [w for _, _, w in _tokens(quote.split("\n", 1)[0])]
            window_words = heading_words
        seen = lexicon.aspect_in_words(window_words)
        clashes: set[str] = set()
        for aspect in wanted or {"none"}:
            clashes |= lexicon.ASPECT_CLASHES.get(aspect, frozenset())
        if seen & clashes and not seen & wanted:
            cap = min(cap, 0.2)
            warnings.append(
                f"aspect {'/'.join(sorted(seen))} in the quote, "
                f"{'/'.join(sorted(wanted)) or 'plain'} in the name"
            )
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
            told = lexicon.boundaries_in(
                _boundary_window(quote, [qtoks[i] for i in positions], where, expr_end)
            )
            if told != {boundary}:
                cap = min(cap, 0.3)
                warnings.append(f"the quote does not tell the {boundary} of the named event")
        # Modality and negation just before the event words or the expression.
        lead = [w.lower() for _, _, w in qtoks[max(0, nearest - 6) : nearest]]
        lead += [w.lower() for _, _, w in qtoks[max(0, expr_index - 3) : expr_index]]
        if heading_words is not None:
            lead = [w.lower() for w in heading_words]
        if any(_NEGATION.match(w) for w in lead):
            cap = min(cap, 0.25)
            warnings.append("negated")
        if (
            not wanted & {"plan", "decide"}
            and any(w in _PLAN_WORDS for w in lead)
            and not _only_motion_going(lead, [w.lower() for _, _, w in qtoks])
            and not _announced_appointment(resolution, operand, lead)
        ):
            cap = min(cap, 0.3)
            warnings.append("planned, not done")
        # Whose deed: a question about someone named needs a quote that names them (as
        # speaker or as doer); a first-person quote alone could be anybody's.
        possessor = _POSSESSOR.match(operand.name)
        named = lexicon.named_doer(operand.name)  # "Tom ran the half marathon": Tom's
        subject = (
            possessor["name"].split()[0]
            if possessor
            else named.split()[0]
            if named
            else _question_subject(question)
        )
        if re.match(r"(?:my|our)\s", operand.name, re.IGNORECASE):
            subject = None  # "my anniversary" is the asker's, whoever the question is about
        if subject and subject.lower() not in quote.lower():
            cap = min(cap, 0.3)
            warnings.append(f"the quote does not name {subject}")
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
        # What kind of time it is.
        shared = (
            tuple(_frame_words(question, resolution)) if resolution.operation == "order" else ()
        )
        use = bool(_HOW_LONG_BEEN.match(question.strip())) and any(
            w.lower() in _USE_FORMS for w in name_words
        )
        basis_cap, why = _basis_check(operand, quote, where, wanted, record, shared, use, boundary)
        if why:
            warnings.append(why)
        cap = min(cap, basis_cap)
        probability = round(max(0.0, min(probability, cap, 0.98)), 4)
        return OperandCheck(probability, round(coverage, 4), proximity, tuple(warnings))


#: "my new laptop, a Dell XPS 13": a noun and, set beside it, the thing's name.
_APPOSED = re.compile(
    r"\b(?P<noun>[a-z][\w-]*),\s+(?:(?:a|an|the)\s+)?"
    r"(?P<name>[A-Z][\w-]*(?:\s+[A-Z0-9][\w-]*){0,3})"
)
#: Words that open another noun phrase: an "it" after one may stand for that instead.
_OTHER_PHRASE = re.compile(
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


_DONE_HEADING = re.compile(r"\*+[ \t]+DONE\b")
_RETURN_AT = re.compile(
    r"\b(?:(?:got|came|flew|drove|walked)\s+(?:back|home)\s+from|"
    r"returned\s+from|came\s+from|been\s+(?:to|at))\b",
    re.IGNORECASE,
)


_HEADING_LINE = re.compile(r"\*+[ \t]")
#: Lines of an org entry that are structure, not prose: properties, drawers, planning and
#: state lines, and the metadata a packed record carries (path, event_time, source).
_STRUCTURE_LINE = re.compile(
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
_NOUN_PHRASE = re.compile(r"(?:the|a|an|my|our|his|her|their|your|this|that)\s", re.IGNORECASE)


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


def _licence_check(
    operand: Operand,
    quote: str,
    journal: bool = False,
    shared: tuple[str, ...] = (),
    use: bool = False,
    boundary: str | None = None,
) -> tuple[float, str]:
    """The note's own time dates the event only if the quote says so. The licence words are
    validation's (:func:`prme_cli.relate.interpret.licences`); the gate adds its own literal
    reading of a recent-past "just": the verb after it must be one of the name's verbs (or
    an everyday equivalent) or a verb of coming back, with name words after it."""
    from prme_cli.relate.interpret import licences

    found = [
        x
        for x in licences(quote, journal=journal)
        if x.phrase in operand.time_expression or operand.time_expression in x.phrase
    ] or licences(quote, journal=journal)
    if not found:
        return 0.05, "the quote does not tie the event to the note's own time"
    licence = found[0]
    if licence.kind == "journal" and not _past_form(licence.verb):
        return 0.05, "the journal deed is not told in the past tense"
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
    verb = lexicon.key(licence.verb)
    names = [lexicon.key(w.lower()) for _, _, w in _tokens(operand.name)]
    names += [lexicon.key(w.lower()) for w in shared]  # an order's shared verb
    if any(lexicon.relatedness(n, verb) > 0 or n[:5] == verb[:5] for n in names):
        return 1.0, ""
    after = quote[licence.start :]
    if lexicon.reports_return(after):
        rest = {_stem(w) for _, _, w in _tokens(after[len(licence.phrase) :][:160])}
        if any(stem in rest for stem, *_ in _name_words(operand.name)):
            return 1.0, ""
    return 0.3, f"'{licence.phrase}' tells another action than the named event"


def _boundary_window(
    quote: str, hits: list[tuple[int, int, str]], where: int, expr_end: int
) -> str:
    """The quote from six words before the name's first word found to the later of the
    expression and the name's last word found (character offsets: the entailed words the
    gate adds for a return have no place of their own)."""
    real = _tokens(quote)
    first = min([a for a, b, _ in hits if b > a] + [where])
    last = max([b for a, b, _ in hits if b > a] + [expr_end])
    index = next((i for i, (a, _, _) in enumerate(real) if a >= first), 0)
    return quote[real[max(0, index - 6)][0] if real else 0 : last]


def _occasion_hits(
    quote: str, qtoks: list[tuple[int, int, str]], where: int, name: str
) -> list[int]:
    """Token indexes of the occasion words a thing is given for ("for her birthday"), unless
    the time expression follows the occasion (then it may be the occasion's own date), or
    the name's gift is somebody else's ("her gift") and the occasion the writer's own."""
    others = bool(re.search(r"\b(?:her|his|their)\b|\w's\b", name, re.IGNORECASE))
    out = []
    for start, end in lexicon.given_for_occasion(quote):
        if others and lexicon.occasion_is_own(quote, (start, end)):
            continue
        between = quote[end:where]
        if where >= end and len(between.split()) <= 3 and not re.search(r"[,;:.!?()]", between):
            continue  # "for my aunt's birthday party on May 3rd": the party's date
        out += [i for i, (a, b, _) in enumerate(qtoks) if start <= a < end and b > a]
    return out


def _elided_object(operand: Operand, resolution: Resolution) -> str:
    """For "between finishing and hanging the frame": a bare verb shares the object of the
    operand that follows it; the object is appended to its name for matching."""
    if len([w for w in _tokens(operand.name) if not lexicon.is_stop(w[2])]) > 1:
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
_POSSESSOR = re.compile(
    r"^(?:the\s+)?(?P<name>(?!(?:I|My|The|A|An|This|That)\b)"
    r"[A-Z][\w.-]*)'s\s+\w"
)
_SUBJECT = re.compile(
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


_STAMP_KEYWORD = re.compile(
    r"(?:\btimestamp\s+)?\b(?P<kind>CLOSED|SCHEDULED|DEADLINE|CLOCK)\s*:|State\s+\"(?P<kind2>DONE)\"",
    re.IGNORECASE,
)


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
    from prme_cli.relate.interpret import JOURNAL_SOURCES

    basis = operand.time_basis
    if basis == "event_time":
        journal = record is not None and record.event_source in JOURNAL_SOURCES
        return _licence_check(operand, quote, journal, shared, use, boundary)
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
            if not re.match(r"\*+\s+DONE\b", first_line):
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
        return 1.0, ""
    if basis == "duration":
        return _length_check(quote, where, operand.time_expression)
    return 0.5, f"basis {basis} is not one the symbolic gate can judge"


#: The gate's own reading of a stated length: the words that tell one right before the
#: amount, the hedges that make it approximate, the words after it that make it a date,
#: a rate or a state still going on.
_LENGTH_LEADS = frozenset(words_of("spent took lasted for me us him her them"))
_LENGTH_HEDGES = frozenset(
    words_of("about around roughly approximately nearly almost over under than least most some")
)
_NOT_LENGTH_AFTER = re.compile(
    r"^\s*(?:ago|earlier|later|now|so\s+far|a\s+day|a\s+week|a\s+night|per\b|each\b|every\b|"
    r"or\s+so|-?ish|longer|shorter|more|less|extra|late|early)",
    re.IGNORECASE,
)


def _length_check(quote: str, where: int, expression: str) -> tuple[float, str]:
    """A length cited from words ("Spent two and a half hours repotting the tomatoes"): the
    amount must follow a word that tells a length ("spent", "took", "lasted", "for"), with no
    hedge before it and no "ago", "a day" or "now" after it."""
    before = [w.lower() for _, _, w in _tokens(quote[:where])][-2:]
    if before and before[-1] in _LENGTH_HEDGES:
        return 0.3, "a hedged length"
    if not before or before[-1] not in _LENGTH_LEADS:
        return 0.4, "the amount is not told as the event's length"
    if _NOT_LENGTH_AFTER.match(quote[where + len(expression) :]):
        return 0.3, "a date, a rate or a state still going on, not a length"
    return 1.0, ""
