"""Decompose a temporal question into its operation and the phrases that name its events.

Each construction is a pattern over the question's own words ("between A and B", "how long
had I been A when B", "which … first, A or B", "when did I A" …). Every phrase keeps its
character span in the question, so an operand's ``name`` is always a verbatim substring.

A phrase can carry *shared* words that the question states once for several events: the verb
of "Which book did I finish reading first, A or B" belongs to both options, and the object of
"between finishing and hanging the frame" to both gerunds. Shared words help alignment; they
never become part of an operand's name.

A subject may be a thing or another person named by a noun phrase ("When did the new kettle
arrive?", "How many days ago did my sister visit?"): the phrase is then the noun phrase with
its verb ("the new kettle arrive"), and :attr:`EventPhrase.doer` holds the noun phrase, split
before the first verb the lexicon knows. "the plumber's visit" names its doer the same way, and
so do the options of "Which arrived first, the desk or the chair?".
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from prme_cli import lazyre
from prme_cli.relate.symbolic import lexicon

_UNIT = r"(?:minutes|hours|days|weeks|months|years)"
_HOW = rf"how\s+(?:long|much\s+time|many\s+(?P<unit>{_UNIT}))"
_SUBJ = (
    r"(?P<subj>i|we|the\s+narrator|the\s+user|the\s+author"
    r"|(?-i:the\s+[A-Z][\w'-]*s)"  # a family: "the Bakkers", "the Smiths"
    r"|(?-i:[A-Z][\w'.-]*(?:\s+[A-Z][\w'.-]*)?))"
)
_AUX = r"(?:did|do|does|had|has|have|was|were|is|are)"
_PASSED = (
    r"(?:\s+(?:had|has|have))?(?:\s+(?:passed|elapsed|gone\s+by|gone|went\s+by|been|"
    r"lapsed|there\s+been))?(?:\s+(?:was|is|were|are)\s+(?:it|there))?"
)
_DAY_OF = (
    r"(?:(?:the\s+)?(?:day|date|time|moment|week|month|year)\s+(?:when\s+|that\s+|on\s+which\s+)?)"
)
_END = r"\s*[?.!]*\s*$"


@dataclass(frozen=True, slots=True)
class EventPhrase:
    """One event the question names.

    ``text`` is verbatim from the question (it becomes the operand name); ``shared`` holds
    words stated once for several events; ``aspect`` forces an aspect ("start" for the A of
    "how long had I been A when B", whose start is what counts).
    """

    text: str
    shared: str = ""
    aspect: str | None = None
    #: "start" or "end" for the two ends of one lasting event ("how many days did I spend on
    #: the walking tour"): the evidence must tell that boundary outright
    boundary: str | None = None
    #: the noun phrase whose deed the event is, a prefix of ``text``: "the new kettle" of
    #: "the new kettle arrive", "the plumber" of "the plumber's visit", or the whole option
    #: of "which arrived first, the desk or the chair"; empty when the doer is the asker (or
    #: the named person of :attr:`QuestionFrame.subject`)
    doer: str = ""


@dataclass(frozen=True, slots=True)
class QuestionFrame:
    operation: str
    phrases: tuple[EventPhrase, ...]
    unit: str | None
    form: str
    #: third-person subject as written ("Caroline"), or None for the first person
    subject: str | None = None
    #: an order question asking which came *last* ("most recently", "later")
    latest: bool = False
    notes: tuple[str, ...] = field(default_factory=tuple)
    #: a question about a coming event ("When is Maya moving …?"): its plan is the evidence
    planned: bool = False


def _clean(text: str) -> str:
    return (
        text.replace("\u2019", "'")
        .replace("\u2018", "'")
        .replace("\u201c", '"')
        .replace("\u201d", '"')
    )


#: "… on the returns webhook so far": up to the question's time, which the frame already is;
#: the words are not the event's.
_UP_TO_NOW = lazyre.compile(
    r",?\s+(?:so\s+far|up\s+(?:to|till|until)\s+now|until\s+now|till\s+now|to\s+date)$",
    re.IGNORECASE,
)


def _strip_phrase(phrase: str) -> str:
    """Trim edge punctuation, a leading "the day (that) / the time" and a closing "so far"
    that are frame, not event; what remains is still a verbatim substring."""
    text = phrase.strip(" ,;:?!.")
    changed = True
    while changed:
        changed = False
        m = _UP_TO_NOW.search(text)
        if m and m.start() > 0:
            text = text[: m.start()]
            changed = True
        m = re.match(rf"{_DAY_OF}", text, re.IGNORECASE)
        if m and m.end() < len(text):
            text = text[m.end() :]
            changed = True
        m = re.match(r"(?:when|that)\s+", text, re.IGNORECASE)
        if m and m.end() < len(text):
            text = text[m.end() :]
            changed = True
    return text.strip(" ,;:?!.")


def _subject(raw: str | None) -> str | None:
    if not raw:
        return None
    low = raw.lower()
    if low in ("i", "we", "the narrator", "the user", "the author"):
        return None
    return re.sub(r"^the\s+", "", raw)  # "the Bakkers" are named as "Bakkers"


_DETERMINER = r"(?:the|my|our|his|her|their|your|a|an)"
#: Words that cannot stand inside a thing's or person's name before its verb.
_NOT_IN_NP = frozenset(
    lexicon.words_of(
        "i me we us you he him she it they them this that these those who whom which what when "
        "where why how and or but if to of in on at by for from with about into after before "
        "time day week month year last first next ago"
    )
)
#: Adjectives among the stop words that still belong to a thing's name ("the new kettle").
_NP_ADJECTIVES = frozenset(lexicon.words_of("new old other own same"))


def _np_deed(text: str) -> str | None:
    """For "the new kettle arrive" (what follows "When did …"): the noun phrase that does or
    undergoes the verb, split before a verb this module knows (:func:`_np_deed_by_name`) or,
    failing that, one the dictionary knows (:func:`_np_deed_by_dictionary`)."""
    return _np_deed_by_name(text) or _np_deed_by_dictionary(text)


def _np_deed_by_name(text: str) -> str | None:
    """For "the new kettle arrive" (what follows "When did …"): the noun phrase that does or
    undergoes the verb ("the new kettle"), or None when ``text`` is not a determiner, one to
    four words of a name and then a verb the lexicon knows. The verb is the first known verb
    after the name's first word, so "the water heater break" splits before "break"; a name
    with no known verb after it is not guessed at."""
    m = re.match(rf"{_DETERMINER}\s+", text, re.IGNORECASE)
    if not m:
        return None
    words = list(re.finditer(r"[A-Za-z][\w'-]*", text[m.end() :]))
    for i, w in enumerate(words[:5]):
        low = w.group(0).lower()
        if i > 0 and _verb_before_its_object(
            low, words[i + 1].group(0) if i + 1 < len(words) else ""
        ):
            return text[: m.end() + words[i - 1].end()]
        if low in _NOT_IN_NP or (lexicon.is_stop(low) and low not in _NP_ADJECTIVES):
            return None
        if i == 0 or low.endswith("'s"):
            continue
        if lexicon.key(low) in lexicon.KNOWN_VERB_KEYS:
            return text[: m.end() + words[i - 1].end()]
    return None


#: Words that may follow an intransitive verb at the end of a thing's deed ("the library
#: close for the refit", "the clay arrive at last"): prepositions and time adverbs.
_AFTER_INTRANSITIVE = frozenset(
    lexicon.words_of(
        "for to at in on from with after before by again early late back up down out first last"
    )
)
#: Words that join a modifier into a thing's name ("the clay from Northcote", "the roof of
#: the shed"); what follows them is still the name.
_NP_LINKS = frozenset(lexicon.words_of("of from"))
_NP_DETERMINERS = frozenset(lexicon.words_of("the a an my our his her their"))
#: Series ordinals that may open a thing's name ("the first hyphae", "the second batch").
_NP_ORDINALS = frozenset(lexicon.words_of("first second third fourth fifth last next"))
#: Adverbs that may stand between a doer and its verb ("my parents first visit the flat").
_PRE_VERB_ADVERBS = frozenset(lexicon.words_of("first finally last"))


def _np_deed_by_dictionary(text: str) -> str | None:
    """The doer of "the library close for the refit", "the clay from Northcote arrive" or
    "the first hyphae appear", whose verb this module does not know by name: a determiner,
    one to seven words of a name (an ordinal may open it, one "of"/"from" modifier may
    extend it), then a word the dictionary knows only in its bare verb form here (its own
    lemma) that is followed by a preposition, an object or "first", or ends the phrase and
    is no noun as well ("the big storm" names a storm, not a deed). The doer returned is the
    name up to its modifier ("the stoneware clay"), whose last word is the head noun the
    note's subject must share. A word that could be the name's own noun ("the book club
    meet": "club") is not taken as the verb unless what follows fits a verb. None when no
    such split exists."""
    m = re.match(rf"{_DETERMINER}\s+", text, re.IGNORECASE)
    if not m:
        return None
    found = list(re.finditer(r"[A-Za-z][\w'-]*", text[m.end() :]))[:8]
    linked = False
    last_name = -1
    head = -1  # the last name word before the "of"/"from" modifier: the doer's head noun
    for i, w in enumerate(found):
        low = w.group(0).lower()
        following = found[i + 1].group(0).lower() if i + 1 < len(found) else ""
        if i == 0 and low in _NP_ORDINALS:
            continue
        if last_name >= 0 and low in _PRE_VERB_ADVERBS:
            continue
        if (
            last_name >= 0
            and _bare_verb(low)
            and (
                (not following and not _also_a_noun(low))
                or following in _AFTER_INTRANSITIVE
                or following in _OBJECT_OPENERS
            )
        ):
            return text[: m.end() + found[head if linked else last_name].end()]
        if low in _NP_LINKS and last_name >= 0 and not linked:
            linked, head = True, last_name
            continue
        if linked and found[i - 1].group(0).lower() in _NP_LINKS and low in _NP_DETERMINERS:
            continue  # "the roof of the shed"
        if low in _NOT_IN_NP or (lexicon.is_stop(low) and low not in _NP_ADJECTIVES):
            return None
        if i - last_name > 1 and not (
            linked or found[i - 1].group(0).lower() in _NP_ORDINALS | _NP_DETERMINERS
        ):
            return None  # an adverb between name words: not one name
        last_name = i
        if i >= 7:
            return None
    return None


def _also_a_noun(word: str) -> bool:
    """Is ``word`` a noun as well ("storm", "bus", "fall")? Closing a phrase, it may be the
    name's own last noun ("the big storm", "the school bus"), so it is not read as a verb."""
    from prme_cli import words

    return "NOUN" in words.lemmas(word)


def _bare_verb(word: str) -> bool:
    """Is ``word`` a verb in its bare form ("close", "reopen", "appear"), as the dictionary
    lists it? An inflected form ("plates", "closed") or a word that is no verb is not."""
    from prme_cli import words

    return word in words.lemmas(word).get("VERB", ())


#: Words that open a verb's object ("pass the recheck", "offer me the job", "have her
#: baby"): no word of a name stands right before one of them.
_OBJECT_OPENERS = frozenset(
    lexicon.words_of("the a an my our his her their its your me us him them this that these those")
)


def _verb_before_its_object(word: str, following: str) -> bool:
    """ "my car pass the recheck", "the council offer me the job", "my sister Noa have her
    baby": a word the dictionary knows as a verb, right before a determiner or an object
    pronoun, is the deed's verb even when this module does not know it by name (a noun of a
    name is never followed by "the" or "me")."""
    from prme_cli import words as words_module

    return following.lower() in _OBJECT_OPENERS and "VERB" in words_module.lemmas(word)


_POSSESSIVE_NP = lazyre.compile(rf"^{_DETERMINER}\s+(?-i:[a-z][\w-]*)(?='s\s+\w)", re.IGNORECASE)


def _with_doer(phrase: EventPhrase) -> EventPhrase:
    """ "the plumber's visit": a common noun's event is that thing's or person's deed (a
    capitalised owner is a person the resolver already treats as the subject)."""
    if phrase.doer:
        return phrase
    m = _POSSESSIVE_NP.match(phrase.text)
    if not m:
        return phrase
    return EventPhrase(phrase.text, phrase.shared, phrase.aspect, phrase.boundary, m.group(0))


def _split_and(text: str) -> tuple[str, str] | None:
    """Split "A and B" where the two events are joined: prefer an "and" followed by a fresh
    event start ("and the day I…", "and when…", "and my…"), else the only "and"."""
    positions = [m for m in re.finditer(r"\s+and\s+", text)]
    if not positions:
        return None
    marked = [
        m
        for m in positions
        if re.match(
            rf"\s+and\s+(?:{_DAY_OF}|when\b|my\b|the\b|i\b|a\b|an\b|our\b)",
            text[m.start() :],
            re.IGNORECASE,
        )
    ]
    strong = [
        m for m in positions if re.match(rf"\s+and\s+{_DAY_OF}", text[m.start() :], re.IGNORECASE)
    ]
    for pool in (
        strong,
        marked if len(marked) == 1 else [],
        positions if len(positions) == 1 else [],
    ):
        if pool:
            m = pool[-1] if pool is strong else pool[0]
            return text[: m.start()], text[m.end() :]
    return None


def _share_object(first: str, second: str) -> tuple[str, str]:
    """For "finishing and hanging the frame": a bare first verb borrows the second phrase's
    object (the words after its first word)."""
    first_keys = lexicon.content_keys(first)
    if len(first_keys) <= 1 and len(first.split()) <= 2:
        rest = second.split(None, 1)
        if len(rest) == 2:
            return rest[1], ""
    return "", ""


_OBJECT_PRONOUN = lazyre.compile(r"\b(?:it|them|this|that|one)\b", re.IGNORECASE)


def _antecedent(phrase: str, earlier: str) -> str:
    """For "… the day I bought my new racket and the day I received it": a phrase whose
    object is a pronoun borrows the earlier phrase's words after its verb."""
    if not _OBJECT_PRONOUN.search(phrase) or len(lexicon.content_keys(phrase)) > 2:
        return ""
    words = earlier.split()
    # Drop a leading subject and the verb: what is left is the thing the pronoun stands for.
    while words and words[0].lower() in ("i", "we", "my", "the", "a", "an"):
        words = words[1:]
    return " ".join(words[1:]) if len(words) > 1 else ""


def _options(text: str) -> list[str]:
    """The options of "A or B" / "A, B, or C" / quoted 'A', 'B', and 'C'."""
    quoted = re.findall(r"'([^']+?)'(?=\s*(?:,|and\b|or\b|\?|$))|\"([^\"]+)\"", text)
    items = [a or b for a, b in quoted]
    if len(items) >= 2 and re.fullmatch(
        r"(?:\s*(?:,|and|or|then)?\s*(?:'[^']+?'|\"[^\"]+\"))+\s*[?.!]*\s*",
        text,
    ):
        return items
    parts = re.split(r",\s*(?:or\s+|and\s+)?|\s+or\s+", text.strip(" ?.!"))
    return [p for p in (x.strip() for x in parts) if p]


def parse(question: str) -> QuestionFrame | None:
    """The frame of ``question``, or None when no supported construction matches."""
    q = _clean(question).strip()
    for parser in _PARSERS:
        frame = parser(q)
        if frame is not None:
            if frame.subject is None:
                phrases = tuple(_with_doer(p) for p in frame.phrases)
                frame = QuestionFrame(
                    frame.operation,
                    phrases,
                    frame.unit,
                    frame.form,
                    frame.subject,
                    frame.latest,
                    frame.notes,
                )
            return frame
    return None


# --------------------------------------------------------------------------- constructions


def _verbatim(question: str, text: str) -> str:
    """Guard: every phrase must be a substring of the cleaned question."""
    assert text in question, (text, question)
    return text


def _between(q: str) -> QuestionFrame | None:
    m = re.search(
        rf"\b{_HOW}(?:,?\s+in\s+{_UNIT},?)?{_PASSED}\s+between\s+(?P<rest>.+?){_END}",
        q,
        re.IGNORECASE,
    )
    if not m:
        return None
    split = _split_and(m.group("rest"))
    if split is None:
        return None
    a, b = (_strip_phrase(x) for x in split)
    if not a or not b:
        return None
    shared_a, _ = _share_object(a, b)
    phrases = (
        EventPhrase(_verbatim(q, a), shared=shared_a),
        EventPhrase(_verbatim(q, b), shared=_antecedent(b, a)),
    )
    return QuestionFrame("elapsed_between", phrases, _unit(m), "between A and B")


def _since_when(q: str) -> QuestionFrame | None:
    m = re.search(
        rf"\b{_HOW}{_PASSED}\s+since\s+(?P<a>.+?)\s+(?:when|by\s+the\s+time)\s+"
        rf"(?P<b>.+?){_END}",
        q,
        re.IGNORECASE,
    )
    if not m:
        return None
    a, b = _strip_phrase(m.group("a")), _strip_phrase(m.group("b"))
    return QuestionFrame(
        "elapsed_between", (EventPhrase(a), EventPhrase(b)), _unit(m), "since A when B"
    )


def _been_when(q: str) -> QuestionFrame | None:
    m = re.search(
        rf"\bhow\s+(?:long|many\s+(?P<unit>{_UNIT}))\s+(?:had|have|has)\s+{_SUBJ}\s+"
        rf"been\s+(?P<a>.+?)\s+(?:when|before|by\s+the\s+time)\s+(?P<b>.+?){_END}",
        q,
        re.IGNORECASE,
    )
    if not m:
        return None
    a, b = _strip_phrase(m.group("a")), _strip_phrase(m.group("b"))
    return QuestionFrame(
        "elapsed_between",
        (EventPhrase(a, aspect="start"), EventPhrase(b)),
        _unit(m),
        "how long had I been A when B",
        subject=_subject(m["subj"]),
    )


def _before_after(q: str) -> QuestionFrame | None:
    m = re.search(
        rf"\b{_HOW}\s+(?P<rel>before|after)\s+(?P<b>.+?)\s+(?:did|had|was|were)\s+"
        rf"{_SUBJ}\s+(?P<a>.+?){_END}",
        q,
        re.IGNORECASE,
    )
    if not m:
        # "How many days after the dentist was my eye test?": the second event is named as a
        # noun phrase, the subject of "was"
        m = re.search(
            rf"\b{_HOW}\s+(?P<rel>before|after)\s+(?P<b>.+?)\s+(?:was|were)\s+"
            rf"(?P<subj>)(?P<a>(?:the|my|our|his|her|their)\s+.+?){_END}",
            q,
            re.IGNORECASE,
        )
    doer = ""
    if not m:
        # "How many days after inoculating the plates did the first hyphae appear?": the
        # second event is a thing's deed, its doer a noun phrase
        m = re.search(
            rf"\b{_HOW}\s+(?P<rel>before|after)\s+(?P<b>.+?)\s+did\s+"
            rf"(?P<subj>)(?P<a>{_DETERMINER}\s+.+?){_END}",
            q,
            re.IGNORECASE,
        )
        doer = (_np_deed(_strip_phrase(m.group("a"))) or "") if m else ""
        if not doer:
            return None
    if not m:
        return None
    b, a = _strip_phrase(m.group("b")), _strip_phrase(m.group("a"))
    if doer:
        phrase_a = EventPhrase(a, doer=doer)
        phrases = (
            (phrase_a, EventPhrase(b))
            if m["rel"].lower() == "before"
            else (
                EventPhrase(b),
                phrase_a,
            )
        )
        return QuestionFrame("elapsed_between", phrases, _unit(m), f"how long {m['rel']} B did X A")
    if m.group("rel").lower() == "before":
        phrases = (EventPhrase(a), EventPhrase(b))
    else:
        phrases = (EventPhrase(b), EventPhrase(a))
    return QuestionFrame(
        "elapsed_between",
        phrases,
        _unit(m),
        f"how long {m['rel']} B did I A",
        subject=_subject(m["subj"]),
    )


def _ago_when(q: str) -> QuestionFrame | None:
    m = re.search(
        rf"\b{_HOW}\s+ago\s+(?:did|had|was|were)\s+{_SUBJ}\s+(?P<a>.+?)\s+when\s+"
        rf"(?P<b>.+?){_END}",
        q,
        re.IGNORECASE,
    )
    if not m:
        return None
    a, b = _strip_phrase(m.group("a")), _strip_phrase(m.group("b"))
    return QuestionFrame(
        "elapsed_between",
        (EventPhrase(a), EventPhrase(b)),
        _unit(m),
        "how long ago did I A when B",
        subject=_subject(m["subj"]),
    )


def _take_to_finish(q: str) -> QuestionFrame | None:
    m = re.search(
        rf"\b{_HOW}\s+did\s+it\s+take\s+(?:me|us|him|her|them|(?P<subj>[A-Z]\w+))\s+"
        r"to\s+(?P<b>(?:finish|complete)\s+(?:reading\s+|watching\s+|listening\s+to\s+)?"
        rf"(?P<a>.+?)){_END}",
        q,
        re.IGNORECASE,
    )
    if not m:
        return None
    a, b = _strip_phrase(m.group("a")), _strip_phrase(m.group("b"))
    return QuestionFrame(
        "elapsed_between",
        (EventPhrase(a, shared="start", aspect="start"), EventPhrase(b, aspect="finish")),
        _unit(m),
        "how long did it take to finish A",
        subject=m["subj"],
    )


#: A total said of one thing at the end of the question ("… on the migration in total").
_IN_TOTAL = lazyre.compile(
    r"\s+(?:in\s+total|in\s+all|altogether|overall|combined)$", re.IGNORECASE
)
_SEVERAL = lazyre.compile(
    r"\s(?:and|or)\s|,|\b(?:in\s+total|in\s+all|altogether|combined|total|"
    r"overall|each|every|per|a\s+(?:day|week|month))\b",
    re.IGNORECASE,
)


_COMPOUND = lazyre.compile(
    r"^(?:(?:the|my|our)\s+)?[\w'-]+(?:\s+[\w'-]+)?\s+(?:and|&)\s+[\w'-]+(?:\s+[\w'-]+)?\s*[?.!]*$",
    re.IGNORECASE,
)


def _one_compound_name(text: str) -> bool:
    """ "strength and mobility", "the windows and door": two short nouns joined by one "and",
    the way a task is often named. Time logged on it is one operand with that whole name, so
    the resolver must find a heading (or a stated length) named by both words; a list with
    commas, a second determiner ("the windows and the door") or a rate is several things."""
    m = _COMPOUND.match(text.strip())
    if m is None:
        return False
    second = re.split(r"\s+(?:and|&)\s+", text.strip(), maxsplit=1, flags=re.IGNORECASE)[1]
    return not re.match(rf"{_DETERMINER}\s", second, re.IGNORECASE) and not _SEVERAL.search(second)


def _spent_on(q: str) -> QuestionFrame | None:
    """ "How many days did I spend on my walking tour?": one lasting thing, measured from its
    start to its end. Both operands carry the question's one name for it; the first must be
    told as its start ("set off on …"), the second as its end ("got back from …"). Several
    things ("A and B") or a rate ("a day") are a total of stated durations, not a span."""
    m = re.search(
        rf"\bhow\s+(?:long|(?P<much>much\s+time)|many\s+(?P<unit>{_UNIT}))\s+"
        rf"(?:did|do|does|had|have|has)\s+"
        rf"{_SUBJ}\s+(?P<verb>spend|spent|clock|clocked|log|logged|put\s+in)\s+"
        rf"(?:(?:on|at|in|into|with|during|for)\s+)?(?P<a>.+?){_END}",
        q,
        re.IGNORECASE,
    )
    if not m:
        return None
    logged = bool(m["much"]) or not m["verb"].lower().startswith("spen")
    one = _IN_TOTAL.sub("", m.group("a"))  # "… on the billing migration in total": one thing
    logged = logged or one != m.group("a")
    if _SEVERAL.search(one) and not (logged and _one_compound_name(one)):
        return None
    a = _verbatim(q, _strip_phrase(one))
    if not a:
        return None
    if logged:
        # "how many minutes did I clock on the permit application?", "how much time did I
        # spend on the shelves?": time logged or stated, never a start-to-end span
        return QuestionFrame(
            "duration_sum",
            (EventPhrase(a),),
            _unit(m),
            "how long did I clock on A (its CLOCK lines or a stated length)",
            subject=_subject(m["subj"]),
        )
    return QuestionFrame(
        "elapsed_between",
        (
            EventPhrase(a, aspect="start", boundary="start"),
            EventPhrase(a, aspect="finish", boundary="end"),
        ),
        _unit(m),
        "how long did I spend on A (its start to its end)",
        subject=_subject(m["subj"]),
    )


def _ago(q: str) -> QuestionFrame | None:
    m = re.search(
        rf"\b{_HOW}\s+ago\s+(?:did|had|was|were)\s+{_SUBJ}\s+(?P<a>.+?){_END}", q, re.IGNORECASE
    )
    if not m:
        # "How many days ago did the parcel arrive?": a thing or person named by a noun
        # phrase, then its verb
        m = re.search(
            rf"\b{_HOW}\s+ago\s+(?:did|had)\s+(?P<a>{_DETERMINER}\s.+?){_END}", q, re.IGNORECASE
        )
        if m:
            a = _strip_phrase(m.group("a"))
            doer = _np_deed(a)
            if doer is None:
                return None
            return QuestionFrame(
                "elapsed_since_question",
                (EventPhrase(a, doer=doer),),
                _unit(m),
                "how long ago did X A",
            )
    if not m:
        m = re.search(
            rf"\b{_HOW}\s+(?:has\s+it\s+been|is\s+it|has\s+passed|have\s+passed)\s+"
            rf"since\s+(?:{_SUBJ}\s+)?(?P<a>.+?){_END}",
            q,
            re.IGNORECASE,
        )
    if not m:
        return None
    a = _strip_phrase(m.group("a"))
    subj = m.groupdict().get("subj")
    doer = (_np_deed(a) or "") if subj is None else ""
    return QuestionFrame(
        "elapsed_since_question",
        (EventPhrase(a, doer=doer),),
        _unit(m),
        "how long ago did I A",
        subject=_subject(subj),
    )


def _been_since(q: str) -> QuestionFrame | None:
    m = re.search(
        rf"\bhow\s+(?:long|many\s+(?P<unit>{_UNIT}))\s+(?:have|has)\s+{_SUBJ}\s+"
        rf"been\s+(?P<a>.+?){_END}",
        q,
        re.IGNORECASE,
    )
    if not m or re.search(r"\bwhen\b", m.group("a"), re.IGNORECASE):
        return None
    a = _strip_phrase(m.group("a"))
    return QuestionFrame(
        "elapsed_since_question",
        (EventPhrase(a, aspect="start"),),
        _unit(m),
        "how long have I been A",
        subject=_subject(m["subj"]),
    )


#: Verbs any event does: with them the options of "which … first" are events, not doers.
_EVENT_VERBS = frozenset(
    lexicon.key(w) for w in lexicon.words_of("happen occur take place come start begin end finish")
)

_ORDER_WORDS = r"(?P<dir>first|earlier|sooner|most\s+recently|last|later|more\s+recently)"


def _which_first(q: str) -> QuestionFrame | None:
    m = re.match(
        rf"(?:which|what|who)\b(?P<head>.*?)\b{_ORDER_WORDS}\b(?P<mid>[^,:]*)[,:]\s*"
        rf"(?P<opts>.+?\s+or\s+.+?){_END}",
        q,
        re.IGNORECASE,
    )
    if not m:
        return None
    opts = _options(m.group("opts"))
    if len(opts) < 2:
        return None
    head = m.group("head")
    verb = ""
    subj = None
    vm = re.search(
        rf"\b(?:did|do|does|have|had|was|were)\s+{_SUBJ}\s+(?P<verb>.+)$",
        head.strip(),
        re.IGNORECASE,
    )
    vm_aux = vm is not None
    if vm:
        verb = vm.group("verb")
        subj = _subject(vm.group("subj"))
    else:
        vm = re.search(r"\b(?:\w+\s+)?(?P<verb>\w+(?:ed|ened))\s*$", head.strip())
        verb = vm.group("verb") if vm else ""
    shared = " ".join(x for x in (verb, m.group("mid")) if x.strip())
    # "Which arrived first, the desk or the chair?": no subject, an active verb of its own
    # (not "happened", not a passive "was delivered"): each option is the verb's doer.
    doers = (
        subj is None
        and not vm_aux
        and re.fullmatch(r"\s*\w+\s*", head) is not None
        and bool(verb)
        and lexicon.key(verb) not in _EVENT_VERBS
    )
    phrases = tuple(
        EventPhrase(
            _verbatim(q, o := _strip_phrase(o_raw)),
            shared=shared,
            doer=o if doers and re.match(rf"{_DETERMINER}\s", o, re.IGNORECASE) else "",
        )
        for o_raw in opts
    )
    latest = bool(
        re.match(r"most\s+recently|last|later|more\s+recently", m.group("dir"), re.IGNORECASE)
    )
    return QuestionFrame("order", phrases, None, "which first, A or B", subject=subj, latest=latest)


def _order_of(q: str) -> QuestionFrame | None:
    m = re.search(
        r"\b(?:what\s+(?:is|was)\s+the\s+(?:chronological\s+|right\s+|correct\s+)?"
        r"order\s+of|in\s+what\s+order\s+did\s+(?:i|we)|put\s+(?:these|the\s+"
        r"following)(?:\s+events)?\s+in\s+order)\b[^:]*:\s*(?P<items>[^'\"].+?)" + _END,
        q,
        re.IGNORECASE,
    )
    if m:
        items = _options(m.group("items"))
        if len(items) >= 2:
            phrases = tuple(EventPhrase(_verbatim(q, _strip_phrase(i))) for i in items)
            return QuestionFrame("order", phrases, None, "what is the order of: A, B, C")
    m = re.search(
        r"\b(?:what\s+(?:is|was)\s+the\s+(?:chronological\s+)?order\s+of|in\s+what\s+"
        r"order\s+did\s+(?:i|we))\b[^:'\"]*?[:]?\s*(?P<items>(?:'|\").+?){_END}".replace(
            "{_END}", _END
        ),
        q,
        re.IGNORECASE,
    )
    if not m:
        return None
    items = _options(m.group("items"))
    if len(items) < 2:
        return None
    phrases = tuple(EventPhrase(_verbatim(q, _strip_phrase(i))) for i in items)
    return QuestionFrame("order", phrases, None, "what is the order of A, B, C")


def _when(q: str) -> QuestionFrame | None:
    m = re.match(
        rf"(?:when|on\s+what\s+(?:date|day)|what\s+date|(?:on\s+)?(?:what|which)\s+"
        rf"day(?:\s+of\s+the\s+week)?|which\s+date)\s+"
        rf"(?:did|do|does|was|were|had|has|have)\s+{_SUBJ}\s+(?P<a>.+?){_END}",
        q,
        re.IGNORECASE,
    )
    if not m:
        m = re.match(
            rf"what\s+(?:was|is)\s+the\s+(?:exact\s+)?date\s+(?:on\s+which|when|that)\s+"
            rf"{_SUBJ}\s+(?P<a>.+?){_END}",
            q,
            re.IGNORECASE,
        )
    if not m:
        m = re.match(
            rf"(?:when|on\s+what\s+(?:date|day)|what\s+date|(?:on\s+)?(?:what|which)\s+"
            rf"day(?:\s+of\s+the\s+week)?|which\s+date)\s+(?:did|do|does|had|has|have)\s+"
            rf"(?P<a>{_DETERMINER}\s.+?){_END}",
            q,
            re.IGNORECASE,
        )
        if m:
            a = _strip_phrase(m.group("a"))
            doer = _np_deed(a)
            if doer is None:
                return None
            return QuestionFrame(
                "absolute_date", (EventPhrase(a, doer=doer),), None, "when did X A"
            )
    if not m:
        m = re.match(rf"when\s+(?:was|were)\s+(?P<a>.+?){_END}", q, re.IGNORECASE)
        if m:
            a = _strip_phrase(m.group("a"))
            return QuestionFrame(
                "absolute_date", (EventPhrase(a, doer=_np_deed(a) or ""),), None, "when was A"
            )
        return None
    a = _strip_phrase(m.group("a"))
    subj = m.group("subj")
    if subj and re.fullmatch(r"(?-i:[A-Z][\w.-]*)['\u2019]s", subj):
        # "When were Hana's bowls in the exhibition?": the owner is no doer; the event is the
        # owned thing's, and whose it is the phrase says ("Hana's bowls …")
        a = q[m.start("subj") : m.end("a")].strip()
        return QuestionFrame("absolute_date", (EventPhrase(a),), None, "when was P's X")
    return QuestionFrame(
        "absolute_date", (EventPhrase(a),), None, "when did I A", subject=_subject(subj)
    )


def _did_before(q: str) -> QuestionFrame | None:
    """ "Did I A before B?" / "Was A after B?": an order of two events (the reader turns the
    computed order into yes or no)."""
    m = re.match(
        rf"(?:did|was|were|had|have)\s+(?:{_SUBJ}\s+)?(?P<a>.+?)\s+(?P<rel>before|after|"
        rf"earlier\s+than|later\s+than|prior\s+to)\s+(?P<b>.+?){_END}",
        q,
        re.IGNORECASE,
    )
    if not m:
        return None
    a, b = _strip_phrase(m.group("a")), _strip_phrase(m.group("b"))
    a = re.sub(r"\s+(?:happen|occur|take\s+place|come)$", "", a, flags=re.IGNORECASE)
    if not a or not b:
        return None
    return QuestionFrame(
        "order",
        (EventPhrase(a), EventPhrase(b)),
        None,
        "did I A before B",
        subject=_subject(m.groupdict().get("subj")),
    )


def _unit(m: re.Match[str]) -> str | None:
    unit = m.groupdict().get("unit")
    return unit.lower() if unit else None


# Most specific first: "how many days ago did I A when B" before "how many days ago did I A".
_PARSERS = (
    _take_to_finish,
    _spent_on,
    _been_when,
    _since_when,
    _ago_when,
    _before_after,
    _between,
    _ago,
    _been_since,
    _order_of,
    _which_first,
    _when,
    _did_before,
)
