"""Align a question's event phrase to the sentences that report it.

A sentence reports the event when (1) it shares enough of the phrase's content — weighted by
how rare each word is among the packed records, with titles and names weighing most — as
word keys, everyday synonyms or words the sentence entails ("got back from the fair" went
to it, "my first pottery class" started the pottery course); (2) its verb has the phrase's
aspect (finishing is not starting, ordering is not receiving); (3) it asserts the event: no negation, plan, wish or
question governs the matched words; (4) for a first-person question, the doer is the writer
("I …", or a journal sentence with no subject), not "you" or somebody else; for a thing's or
person's deed ("when did the new kettle arrive", "the plumber's visit") the subject before the
verb is that thing's head noun ("The kettle arrived", "The boiler was repaired"), never "I",
a pronoun or another noun ("The courier delivered the parcel" is refused).

The score is a coverage in [0, 1]; the resolver decides what is enough and compares rivals.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from dataclasses import dataclass, field

from prme_cli import denial, lazyre, words
from prme_cli.relate.symbolic import lexicon
from prme_cli.relate.symbolic.lexicon import words_of
from prme_cli.relate.symbolic.question import EventPhrase
from prme_cli.relate.symbolic.segment import clauses

#: Words a question uses for any event; they carry no content of their own.
_FRAME_WORDS = frozenset(
    lexicon.key(w)
    for w in words_of(
        "happen occur event events thing activity item task device group project "
        "trip gift book show service one ones do did doing regularly"
    )
)
_ADVERBS = frozenset(
    words_of(
        "just recently finally also already actually then really still even only first "
        "once newly officially eventually initially originally successfully"
    )
)
_AUXILIARIES = frozenset(
    words_of(
        "have has had 've 'd did do does was were am is are 'm be been being got get gotten "
        "went go to will shall 'll gonna going planning about supposed due meant"
    )
)
_ORDINALS = frozenset(words_of("first second third fourth fifth last final"))
_OTHER_SUBJECTS = lazyre.compile(
    r"^(?:you|he|she|they|it|this|that|there|who|which)$", re.IGNORECASE
)


@dataclass(frozen=True, slots=True)
class Token:
    key: str
    weight: float
    anchor: bool
    shared: bool
    verb: bool
    text: str
    #: a capitalised word of a name or title ("the Museum of Modern Art"): it must meet a
    #: capitalised word, unless the writer does not capitalise at all
    proper: bool = False


@dataclass(slots=True)
class PhraseModel:
    """What alignment needs to know about one event phrase."""

    phrase: EventPhrase
    tokens: list[Token]
    aspects: set[str]
    verb_key: str | None
    modal: bool
    own_keys: frozenset[str] = field(default_factory=frozenset)
    #: for a noun-phrase event ("the charity gala at the town hall"), the head noun: a
    #: sentence that lacks it is about another thing of the same kind
    head_key: str | None = None
    #: for an event that is a named thing's or person's deed ("the new kettle arrive", "the
    #: plumber's visit"), the key of that doer's head noun: the sentence's doer must be it
    doer_key: str | None = None

    @property
    def total(self) -> float:
        return sum(t.weight for t in self.tokens) or 1.0


@dataclass(slots=True)
class Match:
    coverage: float
    matched: list[tuple[Token, int, int, float]]  # token, start, end (in sentence), relatedness
    anchor_missing: int
    anchor_total: int
    clause: tuple[int, int]
    focus: int  # offset in the sentence of the event's head (verb, or best matched word)
    problems: list[str]
    #: the doer is a pronoun for the person the sentences before name (quote from there)
    context_used: bool = False
    #: the record whose yes makes a second-person deed the subject's ("I did!")
    confirmed_by: str = ""


def document_frequencies(texts: list[str]) -> tuple[Counter[str], int]:
    """How many sentences contain each key: rarer words say more about which event."""
    df: Counter[str] = Counter()
    for text in texts:
        df.update(set(lexicon.content_keys(text)))
    return df, len(texts)


def _quoted_spans(text: str) -> list[tuple[int, int]]:
    spans = []
    for m in re.finditer(
        r"(?<![\w])'([^']+?)'(?![\w])|\"([^\"]+)\"|\u201c([^\u201d]+)\u201d", text
    ):
        spans.append((m.start(), m.end()))
    return spans


_DETERMINER_WORDS = frozenset(
    words_of("the a an my our his her their your this that these those some any every each")
)


def _looks_like_verb(token: str, position: int, previous: str | None) -> bool:
    """Phrases come as noun phrases ("the charity gala", "my visit to …") or as verb phrases
    cut after the subject ("paint the fence", "I bought a gift"): a first word that no
    determiner precedes is the verb."""
    low = token.lower()
    if position == 0 and previous is None:
        return True
    if words.is_event_noun(low):
        return True
    if low in lexicon.IRREGULAR and (position == 0 or previous in ("i", "we", "to", "and")):
        # "the wooden chess set": inside a noun phrase an irregular form is a noun
        return True
    if previous is not None and previous.lower() in ("i", "we", "to", "and"):
        return True
    if position == 0 and low.endswith(("ing", "ed")):
        return True
    return lexicon.key(low) in lexicon.SYNONYMS and position == 0


def _title_named(text: str, verb_shared: bool) -> bool:
    """The phrase is a name in title case ("Slow Horses", "Game of Thrones"), so its first
    word is no verb: every content word is capitalised, and there are two of them or the
    question says the verb once for all its phrases ("which show did I start watching first,
    'Slow Horses' or …")."""
    content = [w for _, _, w in lexicon.words(text) if not lexicon.is_stop(w.lower())]
    if not content or not all(w[:1].isupper() for w in content):
        return False
    return len(content) >= 2 or verb_shared


#: "my last day at Casa Bella", "her first week at school": the day or week a first or
#: last names is the event itself, not a function word to leave out (else only the names
#: would be left to match, and any sentence about the place would do).
_ORDINAL_DAY = lazyre.compile(r"\b(?:first|last|final)\s+(day|week|night|shift)\b", re.IGNORECASE)


def model_phrase(phrase: EventPhrase, df: Counter[str], n_docs: int) -> PhraseModel:
    """Weigh each content word of the phrase (and its shared words, at half weight)."""
    tokens: list[Token] = []
    verb_key = None
    for source, shared in ((phrase.text, False), (phrase.shared, True)):
        if not source:
            continue
        quoted = _quoted_spans(source)
        toks = lexicon.words(source)
        noun_phrase = bool(_NP_START.match(source))
        # "the new kettle arrive": the doer's words are no verb; the first word after them is
        doer_end = len(phrase.doer) if not shared and phrase.doer else 0
        deed = doer_end > 0 and not source[doer_end:].startswith("'") and doer_end < len(source)
        previous = None
        position = 0
        aliases = lexicon.restated_acronyms(source)
        titled = not shared and _title_named(source, bool(phrase.shared))
        ordinal_days = {m.start(1) for m in _ORDINAL_DAY.finditer(source)}
        for start, end, word in toks:
            low = word.lower()
            if low in aliases:
                continue  # "(MoMA)" after "the Museum of Modern Art" names nothing new
            parts = [p for p in re.split(r"[-/]", low) if p]
            in_quote = any(a <= start < b for a, b in quoted)
            proper = word[:1].isupper() and (start > 0 or (not shared and titled)) and low != "i"
            for part in parts:
                base = part[:-2] if part.endswith("'s") else part.strip("'")
                if not base or (lexicon.is_stop(base) and start not in ordinal_days):
                    if base in ("i", "we") or base in _DETERMINER_WORDS:
                        previous = base
                    continue
                k = lexicon.key(base)
                is_verb = (
                    verb_key is None
                    and not in_quote
                    and not proper
                    and start >= doer_end
                    and (deed or _looks_like_verb(base, position, previous))
                    # "the meeting I was preparing for": a relative clause's verb
                    # qualifies the thing; it is not the event's verb
                    and not (noun_phrase and previous in ("i", "we"))
                )
                if (
                    k in _FRAME_WORDS
                    and not in_quote
                    and not (is_verb and not shared)
                    and (shared or _has_other_content(source, k))
                ):
                    previous = base
                    continue
                idf = math.log(1.0 + (n_docs + 1) / (df.get(k, 0) + 0.5))
                weight = max(0.4, min(idf, 4.0))
                anchor = in_quote or proper or any(c.isdigit() for c in base) or "#" in word
                if anchor:
                    weight *= 1.6
                if shared:
                    weight *= 0.5
                if base in _ORDINALS:
                    weight = 0.4  # tells events of a series apart when a note says it
                if is_verb and not shared:
                    verb_key = k
                tokens.append(
                    Token(
                        k,
                        weight,
                        anchor and not shared,
                        shared,
                        is_verb,
                        base,
                        proper and not shared and not in_quote,
                    )
                )
                previous = base
                position += 1
    keys = [t.key for t in tokens]
    aspects = lexicon.aspect_of(keys)
    if phrase.aspect:
        aspects.add(phrase.aspect)
    modal = bool(aspects & {"plan", "decide"}) or bool(
        re.search(
            r"\b(?:plan|planned|planning|decide|decided|intend|schedule|scheduled|book|"
            r"booked)\b",
            phrase.text,
            re.IGNORECASE,
        )
    )
    doer = phrase.doer
    if doer.lower() in ("it", "they", "he", "she") and phrase.shared:
        doer = phrase.shared  # "it arrive" after "ordering the standing desk": the desk
    if not doer:
        doer = _gerund_doer(phrase.text)  # "the car failing its MOT": the car's deed
    undergoer = "" if doer else _undergoer_of(phrase.text)
    doer = doer or undergoer
    doer_key = _head_noun(doer) if doer else None
    head_key = _head_noun(phrase.text)
    if (phrase.doer and not phrase.text[len(phrase.doer) :].startswith("'")) or undergoer:
        head_key = doer_key  # "the new kettle arrive" is about the kettle
    return PhraseModel(
        phrase, tokens, aspects, verb_key, modal, frozenset(keys), head_key, doer_key
    )


_NP_START = lazyre.compile(r"^(?:the|a|an|my|our|his|her|their|your|this|that)\s", re.IGNORECASE)
_NP_END = lazyre.compile(
    r"\s(?:of|at|in|on|for|to|from|with|about|by|during|near|across|"
    r"that|which|who|where|when|i|we|you)\s",
    re.IGNORECASE,
)


#: Verbs whose subject undergoes them, by the event nouns that nominalise them: "the arrival
#: of the desk" is the desk's (it arrived), "the delivery of the sofa" the sofa's (it was
#: delivered). "The purchase of the coffee maker" is not in it: its "of" names what was acted on.
_UNDERGONE = frozenset(lexicon.key(w) for w in words_of("arrive deliver land die depart"))
_EVENT_OF = lazyre.compile(
    r"(?:the|my|our|his|her|their|an?)\s+(?P<noun>[a-z]+)\s+of\s+"
    r"(?P<thing>(?:the|my|our|his|her|their)\s+\S.*)",
    re.IGNORECASE,
)


def _undergoer_of(text: str) -> str:
    """The thing after "of" in an event noun of :data:`_UNDERGONE` ("the arrival of the
    standing desk" -> "the standing desk"), else ``""``."""
    from prme_cli import words

    m = _EVENT_OF.fullmatch(text.strip())
    if m is None:
        return ""
    verb = words.nominal_verb(m["noun"].lower())
    return m["thing"] if verb is not None and lexicon.key(verb) in _UNDERGONE else ""


def _head_noun(text: str) -> str | None:
    """The head of a noun-phrase name: its last word before a modifier ("of…", "at…", a
    relative clause). None for a verb phrase ("bought a gift")."""
    if not _NP_START.match(text):
        return None
    cut = _NP_END.search(text)
    core = text[: cut.start()] if cut else text
    toks = [w for _, _, w in lexicon.words(core)]
    for word in reversed(toks):
        low = word.lower().strip("'\"")
        low = low.removesuffix("'s")
        if low and not lexicon.is_stop(low):
            return lexicon.key(low)
    return None


def _has_other_content(text: str, frame_key: str) -> bool:
    """Does ``text`` name something besides the frame word ("the trip" names nothing else,
    "the Lisbon trip" does)?"""
    return any(k != frame_key and k not in _FRAME_WORDS for k in lexicon.content_keys(text))


def _sentence_tokens(sentence: str) -> list[tuple[int, int, str, str]]:
    out = []
    for start, end, word in lexicon.words(sentence):
        low = word.lower().replace("\u2019", "'")
        offset = start
        for part in re.split(r"([-/])", low):
            if part in ("-", "/", ""):
                offset += len(part)
                continue
            base = part[:-2] if part.endswith("'s") else part.strip("'")
            out.append((offset, offset + len(part), base, lexicon.key(base) if base else ""))
            offset += len(part)
    return out


_GERUND_CLAUSE = lazyre.compile(
    r"^(?P<doer>(?:the|my|our)\s+(?:[a-z]+\s+){0,2}?[a-z]+)\s+(?P<ing>[a-z]+ing)"
    r"(?=\s+(?:its|their|his|her|the|a|an|my|our|down|up|out|back|off|on|in|at|to|from)\b|$)",
    re.IGNORECASE,
)


def _gerund_doer(text: str) -> str:
    """ "the car failing its MOT", "our flight landing": a noun phrase then a gerund with its
    object or particle is that thing's deed (its doer the noun phrase), as "the car failed
    its MOT" is; "the swimming lesson" has no gerund clause."""
    from prme_cli import words

    m = _GERUND_CLAUSE.match(text)
    if m is None or words.verb_lemma(m["ing"].lower()) is None:
        return ""
    if words.verb_lemma(m["doer"].split()[-1].lower()) is not None and m["doer"].split()[
        -1
    ].lower().endswith("ing"):
        return ""
    return m["doer"]


def writer_capitalises(text: str) -> bool:
    """Does the writer use capitals at all (other than "I")? One who starts sentences with
    capitals would write a museum's name with them too; one who writes all in lower case
    gives names no capitals either."""
    return bool(_CAPITAL.search(text))


_CAPITAL = lazyre.compile(r"(?<![\w'])(?!I\b|I')[A-Z][a-z]")


def match(
    model: PhraseModel,
    sentence: str,
    *,
    subject: str | None = None,
    first_person: bool = True,
    implied: tuple[str, ...] = (),
    capitalises: bool | None = None,
    appointment: bool = False,
    before: str = "",
    planned: bool = False,
) -> Match | None:
    """How well ``sentence`` reports the phrase's event, or None when it shares nothing.

    ``implied`` are words the sentence's context says without writing them: a DONE
    heading says "finished" of its title."""
    toks = _sentence_tokens(sentence)
    entailed = lexicon.entailed_by_return(sentence) + lexicon.entailed_by_meeting(sentence)
    entailed += tuple(w for _, words in lexicon.entailed_by_endpoint(sentence) for w in words)
    implied_keys = [lexicon.key(w) for w in implied + entailed]
    if not toks or not model.tokens:
        return None
    matched: list[tuple[Token, int, int, float]] = []
    got = 0.0
    anchors_missing = 0
    anchors = 0
    # A writer who capitalises names: a name in the question must meet a capitalised word
    # ("the Museum of Modern Art" is not "an art museum … modern art").
    if capitalises is None:
        capitalises = writer_capitalises(sentence)
    for t in model.tokens:
        best = 0.0
        where = (0, 0)
        for a, b, _, k in toks:
            r = lexicon.relatedness(t.key, k)
            if r and t.proper and capitalises and not sentence[a].isupper():
                r = min(r, 0.5)
            if r > best:
                best, where = r, (a, b)
                if r == 1.0:
                    break
        for k in implied_keys:
            r = lexicon.relatedness(t.key, k)
            if r > best:
                best, where = r, (len(sentence), len(sentence))
        if t.anchor:
            anchors += 1
            if best < 1.0:
                anchors_missing += 1
        if best > 0:
            matched.append((t, where[0], where[1], best))
            got += t.weight * best
    matched = _closest_occurrences(matched, toks)
    if not any(m[1] < len(sentence) for m in matched):
        # Only the implied words match (a DONE heading's "finished"): the sentence's own words
        # share nothing with the event, so it tells another task ("Dry fit" is not "finishing
        # the frame" because both are done).
        return None
    if all(m[0].proper for m in matched) and any(
        not t.proper and not t.shared and not t.verb for t in model.tokens
    ):
        # "Emeka's last day at Casa Bella" against "I handed in my notice at Casa Bella":
        # a sentence that shares only the phrase's names (and whose heading or table implies
        # none of its other words) tells another thing about them when the phrase has a
        # noun of its own ("last day"); a verb alone may be told another way ("go to Cradle
        # Mountain" by "drove up to Cradle Mountain", "run" by a RAN heading)
        return None
    coverage = got / model.total
    spans = clauses(sentence)
    clause = _best_clause(model, toks, spans)
    a, b = clause
    if not any(
        m[0].verb and a <= m[1] < b and _verb_form(sentence, toks, m[1]) for m in matched
    ) and any(m[0].verb and m[1] < len(sentence) and sentence[m[1]].islower() for m in matched):
        # "The new library opened on Friday; I visited it on Saturday": the deed's verb is
        # told in another clause, which is where the deed (and its time) is; the clause
        # with more of the name's nouns tells something else that happened to the thing
        told = [
            (c0, c1)
            for c0, c1 in spans
            if any(
                m[0].verb
                and c0 <= m[1] < c1
                and sentence[m[1]].islower()  # a verb, not a name read as one ("Omar …")
                and _verb_form(sentence, toks, m[1])
                for m in matched
            )
        ]
        if len(told) == 1:
            clause = told[0]
            a, b = clause
    in_clause = (
        [m for m in matched if a <= m[1] < b]
        or [m for m in matched if m[1] < len(sentence)]
        or matched
    )
    # The event's head: the matched verb, else the strongest matched content word.
    verb_hits = [m for m in in_clause if m[0].verb]
    # A thing named by a noun phrase is where its head noun is ("the team meeting I was
    # preparing for" is at "meeting").
    noun_hits = [
        m
        for m in in_clause
        if model.head_key is not None and m[0].key == model.head_key and m[1] < len(sentence)
    ]
    head = (
        verb_hits[0]
        if verb_hits
        else noun_hits[0]
        if noun_hits
        else max(in_clause, key=lambda m: m[0].weight * m[3])
    )
    focus = head[1]
    problems = _assertion_problems(
        model, sentence, toks, clause, head, matched, subject, first_person, appointment, planned
    )
    context_used = False
    if before and subject is not None:
        # "Dinner with Ingrid. She told me she got engaged last weekend!": a pronoun doer
        # stands for the one person the sentences just before name
        pronoun = _doer_word(problems)
        doer_problem = f"the doer is '{pronoun}', not {subject}"
        if pronoun and doer_problem in problems and _pronoun_from_context(pronoun, subject, before):
            problems = [p for p in problems if p != doer_problem]
            context_used = True
    if model.doer_key is not None and any(
        lexicon.relatedness(model.doer_key, k) >= 0.6 for k in implied_keys
    ):
        # "I ordered a brass floor lamp online. It arrived on May 20th": the sentences before
        # say what "it" stands for (the resolver's thing-pronoun reading supplies the words)
        problems = [p for p in problems if not _IT_DOER.fullmatch(p)]
    if model.head_key is not None:
        arranging = _arranging_verb(model, toks, clause, head)
        if arranging:
            problems.append(
                f"the sentence tells of arranging it ('{arranging}'), not of the event itself"
            )
    if model.head_key is not None:
        best_head = max((lexicon.relatedness(model.head_key, k) for *_, k in toks), default=0.0)
        if best_head < 0.6 and not any(
            lexicon.relatedness(model.head_key, k) >= 0.6 for k in implied_keys
        ):
            problems.append("the sentence lacks the head noun of the event's name")
    problems.extend(_only_an_owner(model, sentence, matched))
    problems.extend(_place_role(model, sentence, matched))
    other = _deed_of_its_own(model, sentence, toks, clause, matched)
    if other:
        problems.append(f"the sentence tells '{other}' of the thing, not the event's own verb")
    return Match(coverage, matched, anchors_missing, anchors, clause, focus, problems, context_used)


#: The preposition right before a place: where something went or was (``in``, ``at``,
#: ``to``, ``into``, ``reached``) against where it came from (``from``, ``out of``, ``left``).
_PLACE_PREPOSITION = lazyre.compile(
    r"\b(?P<prep>into|in|at|to|from|out\s+of|away\s+from)\s+(?:the\s+)?$", re.IGNORECASE
)
_SOURCE_PREPOSITIONS = frozenset(["from", "out of", "away from"])
_RETURN_FROM = lazyre.compile(
    r"\b(?:back|home|returned|returning)\s+from\s+(?:the\s+)?$", re.IGNORECASE
)
_GONE_TO = lazyre.compile(r"\b(?:go|went|gone|been|going)\s+to\b", re.IGNORECASE)


def _place_role(
    model: PhraseModel, sentence: str, matched: list[tuple[Token, int, int, float]]
) -> list[str]:
    """ "When did they arrive in Gdańsk?" is not told by "arrived from Gdańsk": a place the
    question puts after a preposition of location or goal stands in the sentence after one of
    source (or the other way round), so the sentence tells the other end of the journey."""
    phrase = model.phrase.text
    for token, a, b, r in matched:
        if r < 1.0 or a >= b or b > len(sentence) or token.verb:
            continue
        asked_at = re.search(rf"\b{re.escape(token.text)}", phrase, re.IGNORECASE)
        if asked_at is None:
            continue
        asked = _PLACE_PREPOSITION.search(phrase[: asked_at.start()])
        told = _PLACE_PREPOSITION.search(sentence[:a])
        if asked is None or told is None:
            continue
        asked_prep = " ".join(asked["prep"].lower().split())
        told_prep = " ".join(told["prep"].lower().split())
        if _RETURN_FROM.search(sentence[: told.end()]) and _GONE_TO.search(phrase):
            continue  # "got back from glassblowing" tells that I went to glassblowing
        if (asked_prep in _SOURCE_PREPOSITIONS) != (told_prep in _SOURCE_PREPOSITIONS):
            told_place = f"{told_prep} {sentence[a:b]}"
            return [
                f"role: the sentence has '{told_place}', the question '{asked_prep} {token.text}'"
            ]
    return []


_IT_DOER = lazyre.compile(r"the doer is '[Ii]t', not .*")


def _doer_word(problems: list[str]) -> str:
    for problem in problems:
        found = re.match(r"the doer is '([^']+)', not ", problem)
        if found:
            return found.group(1)
    return ""


def _pronoun_from_context(pronoun: str, subject: str, before: str) -> bool:
    """A personal pronoun opening the doer's place stands for ``subject`` when the sentences
    just before name exactly that person and nobody else (capitalised words that are not
    dictionary words; sentence-initial "Dinner" is not a name)."""
    from prme_cli import words

    if pronoun.lower() not in ("he", "she", "they"):
        return False
    if re.search(rf"\b{re.escape(subject.split()[0])}['\u2019]s\b", before):
        return False  # "Met Ingrid's sister. She …": whose "she"?
    names = {
        w
        for w in re.findall(r"\b[^\W\d_][\w-]*", before)
        if w[0].isupper() and w != "I" and not words.lemmas(w.lower())
    }
    return names == set(subject.split())


_POSSESSIVE_END = lazyre.compile(r"['\u2019]s$|s['\u2019]$")


def _owns_the_deed(model: PhraseModel, rest: str) -> bool:
    """ "Rachel's master's degree graduation": the owned noun phrase (up to four words) holds
    the event noun of the phrase's own verb, so the owner is the doer ("Rachel graduated")."""
    from prme_cli import words

    verbs = {t.key for t in model.tokens if t.verb}
    if not verbs:
        return False
    phrase = re.match(r"(?:['\u2019]s)?\s*([A-Za-z' -]+)", rest)
    owned = [w.lower() for _, _, w in words.tokens(phrase.group(1) if phrase else "")][:5]
    for i, w in enumerate(owned):
        verb = words.nominal_verb(w)
        if not verb or lexicon.key(verb) not in verbs:
            continue
        after = owned[i + 1 : i + 2]
        # the deed's noun heads the phrase ("Rachel's graduation"), or names its occasion
        # ("Rachel's graduation ceremony"); "Sam's graduation tutor" is a person
        if not after or after[0] in _OCCASIONS or lexicon.is_stop(after[0]):
            return True
    return False


#: Nouns of the occasion an event noun can modify ("the graduation ceremony").
_OCCASIONS = frozenset(
    ["ceremony", "party", "celebration", "day", "dinner", "service", "reception", "event"]
)


def _only_an_owner(
    model: PhraseModel, sentence: str, matched: list[tuple[Token, int, int, float]]
) -> list[str]:
    """ "When did I meet Priya?" is not told by "I met Priya's brother": a name the question
    makes the event's participant stands in the sentence only as the owner of another thing
    (a possessive before a noun), so the event is that thing's."""
    out = []
    for token, a, b, _ in matched:
        if token.verb or b > len(sentence) or a >= b or _POSSESSIVE_END.search(token.text):
            continue
        if not sentence[a:b][:1].isupper() or re.search(
            rf"\b{re.escape(token.text)}['\u2019]s\b", model.phrase.text, re.IGNORECASE
        ):
            continue  # not a name in the note, or the question names the owner too
        word = sentence[a:b]
        rest = sentence[b:]
        owner = (_POSSESSIVE_END.search(word) and re.match(r"\s+[A-Za-z]", rest)) or re.match(
            r"['\u2019]s\s+[A-Za-z]", rest
        )
        if owner and not _owns_the_deed(model, rest):
            out.append(f"'{token.text}' is only the owner of another thing here ('{word} …')")
    return out


def _closest_occurrences(
    matched: list[tuple[Token, int, int, float]], toks
) -> list[tuple[Token, int, int, float]]:
    """A word the sentence repeats ("interested in ancient civilizations, which is why I
    attended the Ancient Civilizations exhibit") is taken where the event's other words are,
    not at its first occurrence: the event is where its words cluster."""
    words = [m for m in matched if m[1] < m[2]]
    if len(words) < 2:
        return matched
    out = []
    for token, start, end, r in matched:
        if start >= end:
            out.append((token, start, end, r))
            continue
        others = sorted(m[1] for m in words if m[0] is not token)
        centre = others[len(others) // 2]
        same = [(a, b) for a, b, _, k in toks if lexicon.relatedness(token.key, k) == r]
        a, b = min(same, key=lambda span: abs(span[0] - centre)) if same else (start, end)
        out.append((token, a, b, r))
    return out


def _arranging_verb(model: PhraseModel, toks, clause, head) -> str | None:
    """A verb of booking, ordering or planning that governs the matched noun ("booked the
    flights"), when the phrase itself names no such act."""
    if model.own_keys & lexicon.ARRANGING:
        return None
    a, _ = clause
    before = [(w, k) for (s, e, w, k) in toks if a <= s < head[1]]
    for word, k in reversed(before[-6:]):
        if k in lexicon.ARRANGING and (word.endswith(("ed", "ing")) or word in lexicon.IRREGULAR):
            return word
    return None


#: Particles a verb of arranging takes before its aim: "signed up for", "put in for".
_SIGN_UP_PARTICLES = frozenset(["up", "in", "on"])


def _deed_of_its_own(model: PhraseModel, sentence: str, toks, clause, matched) -> str | None:
    """The verb of another deed the clause does to the phrase's thing, when the phrase's
    own verb is not told as a verb there: "I test-drove a Yaris" for "buy the Yaris",
    "booked the flight to Porto" for "fly to Porto", "applied for the job" for "get the
    job". Only a deed that leads up to another and never tells it counts: a compound or
    prefixed verb ("test-drove", "pre-ordered", "rebooked"), a deed of arranging, looking
    at, trying or asking (:data:`lexicon.PRELIMINARY_DEEDS`), or a verb whose aim the thing
    is ("looked at", "asked about"). Other verbs are left to the synonym reading."""
    verb = next((t for t in model.tokens if t.verb and not t.shared), None)
    if verb is None:
        return _other_verb_on_a_had_thing(model, sentence, toks, clause, matched)
    if lexicon.aspect_of([verb.key]) & {"start", "finish"}:
        return None  # an aspect verb ("start volunteering"): the aspect reading judges it
    for m in matched:
        if m[0] is verb and m[1] < len(sentence) and _verb_form(sentence, toks, m[1]):
            return None  # the phrase's verb is told as a verb ("bought it after test-driving")
    a, b = clause
    things = [m[1] for m in matched if not m[0].verb and a <= m[1] < b and m[1] < len(sentence)]
    if not things:
        return None
    for s0, e0, word in lexicon.words(sentence):
        inside = a <= s0 < b and "-" in word and any(s0 <= t < e0 for t in things)
        if inside and words.is_compound_verb(word.lower()) and words.is_simple_past(word):
            # "House-hunted in Chorlton": the thing inside the verb itself (not a compound
            # before a noun: "the knife-sharpening workshop")
            return word
    first = min(things)
    before = [(s0, w) for s0, _, w in lexicon.words(sentence) if a <= s0 < first][-6:]
    for i in range(len(before) - 1, -1, -1):
        word = before[i][1]
        low = word.lower().replace("\u2019", "'")
        nxt = before[i + 1][1].lower() if i + 1 < len(before) else ""
        if nxt in _SIGN_UP_PARTICLES and i + 2 < len(before):
            # "signed up for the exam", "put in for the job": the particle stands between
            # the verb and its aim
            nxt = before[i + 2][1].lower()
        if low in lexicon.PRELIMINARY_NOUNS and nxt in lexicon.AIM_PREPOSITIONS:
            k = lexicon.key(low)
            if lexicon.relatedness(verb.key, k) == 0 and k not in model.own_keys:
                # "sent off the application for the job" for "get the job": the deed told
                # is the one leading up to it, named as a noun
                return word
        if word[:1].isupper() and low != "i" or words.verb_lemma(low) is None:
            continue
        k = lexicon.key(low)
        if k in _AUXILIARIES or low in _AUXILIARIES or lexicon.is_stop(low):
            continue
        if lexicon.relatedness(verb.key, k) > 0 or k in model.own_keys:
            return None
        if (
            words.is_compound_verb(low)
            or k in lexicon.PRELIMINARY_DEEDS
            or nxt in lexicon.AIM_PREPOSITIONS
        ):
            return word
        return None  # the nearest verb is another, ordinary one: the synonyms judge it
    return None


#: A name that opens with "have" ("have my baby", "had the party"): the light verb carries
#: no content word of its own, so the name is told by its thing.
_HAVE_LEAD = lazyre.compile(
    r"^\s*(?:(?:i|we|you|he|she|they)\s+)?(?:have|has|had|having)\s", re.IGNORECASE
)


def _other_verb_on_a_had_thing(
    model: PhraseModel, sentence: str, toks, clause, matched
) -> str | None:
    """The verb of another deed the clause does to the thing of a name told with "have",
    which names no content verb ("I visited Noa and the baby yesterday" for "have my baby",
    "photographed Ines and the twins" for "have the twins"): the nearest verb before the
    thing, across the other members of a coordinated object ("Noa and the"), when it is
    neither "have" nor, for an occasion ("the barbecue", "the party"), a way of having
    one (:data:`lexicon.HAVING_AN_OCCASION`: "threw the party", "hosted the dinner")."""
    if not _HAVE_LEAD.match(model.phrase.text):
        return None
    a, b = clause
    things = [
        (m[1], m[0].text)
        for m in matched
        if not m[0].verb and a <= m[1] < b and m[1] < len(sentence)
    ]
    if not things:
        return None
    first, thing = min(things)
    before = [(s0, w) for s0, _, w in lexicon.words(sentence) if a <= s0 < first][-8:]
    for s0, word in reversed(before):
        low = word.lower().replace("\u2019", "'")
        if word[:1].isupper() and low != "i":
            continue  # another member of the object ("Noa and the baby")
        if lexicon.is_stop(low) or low in _AUXILIARIES or low in ("and", "&"):
            continue
        if words.verb_lemma(low) is None or not _verb_form(sentence, toks, s0):
            continue  # a noun or adjective of another member ("my nephew and the twins")
        k = lexicon.key(low)
        if k == "have" or lexicon.relatedness("have", k) > 0:
            return None
        if lexicon.aspect_of([k]) & {"start", "finish"}:
            return None  # "started the pottery course": the aspect reading judges it
        if lexicon.is_occasion(thing) and k in lexicon.HAVING_AN_OCCASION:
            return None
        return word
    return None


def _best_clause(model: PhraseModel, toks, spans: list[tuple[int, int]]) -> tuple[int, int]:
    """The clause that holds most of the phrase's content: that is where the event is told,
    and where its date must be."""
    if len(spans) == 1:
        return spans[0]
    best, best_score = spans[0], -1.0
    for a, b in spans:
        keys = [k for (s, e, _, k) in toks if a <= s < b]
        score = 0.0
        for t in model.tokens:
            score += t.weight * max((lexicon.relatedness(t.key, k) for k in keys), default=0.0)
        if score > best_score + 1e-9:
            best, best_score = (a, b), score
    return best


def _verb_form(sentence: str, toks, start: int) -> bool:
    """Is the sentence word at ``start`` used as a verb (inflected, or right after a
    pronoun or auxiliary) rather than as a noun ("a guided tour")?"""
    index = next((i for i, t in enumerate(toks) if t[0] == start), None)
    if index is None:
        return False
    word = toks[index][2]
    if word in lexicon.IRREGULAR or word.endswith("ed"):
        return True
    if index > 0 and toks[index - 1][2] in (
        "i",
        "we",
        "you",
        "he",
        "she",
        "they",
        "to",
        "just",
        "also",
        "finally",
        "recently",
        "did",
        "will",
        "would",
        "i've",
        "i'd",
        "i'll",
        "never",
    ):
        return True
    if (
        word.endswith("ing")
        and index > 0
        and toks[index - 1][2] in ("is", "are", "am", "was", "were", "i'm", "we're", "they're")
    ):
        # "Theo is running the marathon": a progressive, whose subject is the doer
        return True
    if index > 0 and _after_contracted_s(sentence, toks, index):
        # "Chiara's getting married", "Tom's moved to Leeds": the 's is "is" or "has", and
        # the word after it the verb whose subject is the one named before it
        return True
    return index == 0 and word.endswith("ing") is False


def _after_contracted_s(sentence: str, toks, index: int) -> bool:
    """Does the word at ``toks[index]`` follow a contracted 's ("is", "has"), read by the
    word normaliser's grammar of the clitic (:func:`prme_cli.words.clitic_s`)?"""
    s0, e0, base, _ = toks[index - 1]
    if not sentence[s0:e0].replace("\u2019", "'").lower().endswith("'s"):
        return False
    after = [sentence[a:b] for a, b, _, _ in toks[index : index + 3]]
    before = [t[2] for t in toks[max(0, index - 3) : index - 1]]
    return words.clitic_s(base, after, before) != "possessive"


#: "as planned", "as scheduled", "as arranged": the deed went the way it was planned.
_AS_PLANNED = lazyre.compile(
    r"\bas\s+(?:originally\s+)?(?:planned|scheduled|arranged)\b", re.IGNORECASE
)


def _done_as_planned(model: PhraseModel, sentence: str, clause, matched, clause_words) -> bool:
    """Does the clause tell the phrase's own verb done, in the past, "as planned" ("Took
    Mbegu for her second vaccine on Saturday, as planned.")? Then "planned" says only that
    the deed went to plan: the clause asserts no plan. Not when the plan word is the
    clause's only plan cue left out ("I planned it as planned" keeps its plan), nor when
    the verb the clause tells is another deed than the phrase's ("I sent the draft on the
    21st as planned" tells no reply)."""
    a, b = clause
    if model.verb_key is None or not _AS_PLANNED.search(sentence[a:b]):
        return False
    rest = _AS_PLANNED.sub(" ", sentence[a:b])
    if "plan" in lexicon.aspect_in_words([w for _, _, w in lexicon.words(rest)]):
        return False
    for t, start, _, _ in matched:
        if t.key != model.verb_key or not a <= start < b:
            continue
        told = sentence[start:].split(None, 1)[0].strip(".,;:!?").lower()
        if told != lexicon.lemma(told) and not told.endswith("ing"):
            return True  # "Took", "moved": the past of the phrase's own verb
    return False


def _assertion_problems(
    model: PhraseModel,
    sentence: str,
    toks,
    clause,
    head,
    matched,
    subject: str | None,
    first_person: bool,
    appointment: bool = False,
    planned: bool = False,
) -> list[str]:
    """Reasons the clause does not assert the phrase's event (empty when it does). For a
    question about a plan (``planned``) the clause may tell the event as arranged and coming
    ("I'm driving to Scotland next month", "we will move in July"), never as wished,
    hypothetical or asked."""
    problems = []
    a, b = clause
    clause_text = sentence[a:b]
    clause_words = [w for (s, e, w, _) in toks if a <= s < b]
    # Aspect: the clause's aspect verbs must not contradict the phrase's (nouns such as "a
    # business plan" or "the end" are not aspect verbs).
    seen = lexicon.aspect_in_words(clause_words)
    if "plan" in seen and _done_as_planned(model, sentence, clause, matched, clause_words):
        seen = seen - {"plan"}
    from prme_cli.relate.interpret import tells_finish_with_length

    lasted = "finish" in seen and tells_finish_with_length(clause_text)
    if lasted:
        seen = seen | {"start"}  # "finished the novel in 12 days" tells when it began too
    wanted = model.aspects or {"none"}
    clash: set[str] = set()
    for w in wanted:
        clash |= lexicon.ASPECT_CLASHES.get(w, frozenset())
    if seen & clash and not (seen & model.aspects):
        problems.append(
            f"aspect: the sentence says {'/'.join(sorted(seen))}, the question "
            f"{'/'.join(sorted(wanted))}"
        )
    for forced in ("start", "finish"):
        if forced in model.aspects and forced not in seen and seen & {"start", "finish"}:
            problems.append(f"aspect: the question needs {forced}")
    boundary = model.phrase.boundary
    if boundary is not None and sentence.count("|") < 2:
        # One end of a lasting event: the clause must tell that end, and only that end (a
        # table row tells it by its columns' headers, which the resolver reads).
        told = lexicon.boundaries_in(clause_text)
        if lasted and boundary == "start":
            told = {boundary}
        if told != {boundary}:
            problems.append(f"span: the clause does not tell the event's {boundary}")
    # Modality and negation governing the head (cues before it, in its clause).
    before = sentence[a : head[1]]
    window = before[-80:]
    if planned and not model.modal:
        wished = [
            m
            for m in lexicon.MODAL_RE.finditer(window)
            if not lexicon.PLAN_CUE_RE.fullmatch(m.group(0).strip())
        ]
        if wished:
            problems.append(
                f"not a plan: '{wished[0].group(0).strip()}' (a wish, hypothesis or question)"
            )
    elif not model.modal:
        modal = lexicon.MODAL_RE.search(window)
        if modal is None and model.doer_key is not None:
            modal = _THING_MODAL.search(window)  # "the parcel should arrive on Friday"
        if modal and appointment and lexicon.COMING_RE.fullmatch(modal.group(0).strip()):
            modal = None  # an appointment announced as coming is still its date
        if modal:
            problems.append(f"not asserted: '{modal.group(0).strip()}' (plan, wish or hypothesis)")
    topic = re.search(r"\b(?:about|of)\s+$", before, re.IGNORECASE)
    if topic and sentence[head[1] : head[2]].lower().endswith("ing"):
        # "I thought about selling the boat on Friday", "we talked of moving": a deed named
        # after "about"/"of" is the topic of the clause's own verb, not a deed it reports
        problems.append(f"not asserted: '{topic.group(0).strip()} …ing' (a topic, not a deed)")
    # an event told as a noun ("My flight to Oslo on Friday got cancelled") is undone by
    # its clause's own verb, however far after the noun phrase it comes
    as_noun = not _verb_form(sentence, toks, head[1])
    neg_scope = sentence[max(a, head[1] - 40) : b if as_noun else min(b, head[2] + 25)]
    for neg in lexicon.NEGATION_RE.finditer(neg_scope):
        word = neg.group(0).lower()
        if lexicon.key(word.split()[-1]) in model.own_keys:
            continue  # "cancelled" is the event itself when the question names cancelling
        problems.append(f"negated: '{neg.group(0)}'")
        break
    else:
        denied = _denied_elsewhere(model, sentence, clause, matched)
        if denied:
            problems.append(denied)
    if "?" in sentence[head[1] :] and (
        re.search(
            r"\b(?:should|could|can|would|will|do|does|did|is|"
            r"are|was|were)\s+(?:i|we|you)\b",
            clause_text,
            re.IGNORECASE,
        )
        or YES_NO_QUESTION.match(sentence)
        or TAG_QUESTION.search(sentence)
    ):
        problems.append("a question, not a report")
    # Who did it.
    if model.doer_key is not None:
        problems.extend(_doer_problems(model, sentence, toks, clause, head))
        return problems
    doer = None
    if head[0].verb and _verb_form(sentence, toks, head[1]):
        doer = _doer(sentence, toks, clause, head)
        if doer is not None and _own_thing_boundary(model, sentence, doer, head):
            doer = "I"  # "my Italian course started on Monday": I started my course
    else:
        owner = None
        if head[0].verb and head[1] < len(sentence):
            owner = _owner_of_the_deed(sentence, toks, clause, head)
        if owner is None and head[1] < len(sentence):
            # "Mum's had her knee operation": the light verb's object is the head, and the
            # clause's subject is the one whose 's is a contracted "has"
            owner = _contracted_subject(sentence, toks, clause, head)
        if owner is not None and not re.search(
            rf"\b{re.escape(owner)}['\u2019]s\b", model.phrase.text, re.IGNORECASE
        ):
            doer = owner  # (not "my cousin Marta's wedding": the question names its owner)
        if doer is None:
            doer = _light_verb_doer(sentence, toks, clause, head)
    if doer is not None and sentence.count("|") >= 2:
        doer = None  # a table row has no subject: its cells ("208" pages) are no doer
    if subject is None and first_person:
        if doer is not None and doer != "I" and not _thing_received(head, sentence, doer):
            problems.append(f"the doer is '{doer}', not the writer")
    elif subject is not None:
        names = subject.lower().split()
        in_sentence = any(n in sentence.lower() for n in names)
        if doer is not None and doer.lower() == "you":
            problems.append("the doer is 'you'")
        elif doer == "I" and not first_person:
            # "I called Marek yesterday" is the writer's deed, whoever else it names
            problems.append(f"the doer is the writer, not {subject}")
        elif (
            doer is not None
            and doer != "I"
            and doer.lower() not in names
            and not _pronoun_for(doer, subject, sentence)
        ):
            problems.append(f"the doer is '{doer}', not {subject}")
        elif not first_person and not in_sentence:
            problems.append(f"the sentence does not name {subject}")
    return problems


def _owner_of_the_deed(sentence: str, toks, clause, head) -> str | None:
    """Whose deed a deed told as a noun is, by its possessive: "Tom's move to Leeds" is
    Tom's moving, "my sister's wedding" the sister's, "my move" the writer's ("I"). Up to
    two modifiers may stand between ("Tom's big house move"), and of a chain of possessives
    the outermost owns it ("Rachel's master's degree graduation"); None when no possessive
    owns the noun ("the move", "after the move") or a thing's does ("the goat's hoove
    trimming" is done to the goat)."""
    a, _ = clause
    index = next((i for i, t in enumerate(toks) if t[0] == head[1]), None)
    if index is None or not words.is_event_noun(sentence[head[1] : head[2]]):
        return None  # a name or a thing is no deed told as a noun ("my friend Tomas")
    owner = None
    for back in range(1, 6):
        i = index - back
        if i < 0 or toks[i][0] < a:
            break
        s0, e0, base, _ = toks[i]
        raw = sentence[s0:e0].replace("\u2019", "'").lower()
        if base in ("my", "our"):
            return owner or "I"
        if raw.endswith("'s") and base:
            after = [sentence[x:y] for x, y, _, _ in toks[i + 1 : i + 4]]
            if words.clitic_s(base, after, [t[2] for t in toks[max(0, i - 2) : i]]) != (
                "possessive"
            ):
                break
            if base[:1].islower() and i > 0 and toks[i - 1][2] in _THING_DETERMINERS:
                # "the goat's hoove trimming", "the house's sale": a thing's possessive
                # names what the deed is done to as often as who does it
                break
            # "Rachel's master's degree graduation": the outermost possessive owns it
            owner = sentence[s0 : s0 + len(base)]
            continue
        if owner is None and back > 3:
            break
        if lexicon.is_stop(base) or (
            words.verb_lemma(base) is not None and base.endswith(("ed", "ing"))
        ):
            break  # "after the move", "I loved the move": no owner in front of it
    return owner


_THING_DETERMINERS = frozenset(words_of("the a an this that these those"))
#: Owners of a contracted 's that are no doer: "it's", "there's", "that's", "what's".
_NO_DOER_CLITICS = frozenset(
    words_of("it there that this here what where when why how who which let")
)


def _contracted_subject(sentence: str, toks, clause, head) -> str | None:
    """The subject of the clause before the head, when its verb is a contracted 's ("is",
    "has"): "Mum's had her operation", "Tom's got the keys", "she's having the baby in
    May". The contraction makes the word before it the clause's subject."""
    a, _ = clause
    for i, (s0, e0, base, _k) in enumerate(toks):
        if s0 < a or s0 >= head[1]:
            continue
        raw = sentence[s0:e0].replace("\u2019", "'").lower()
        if not raw.endswith("'s") or not base or base in _NO_DOER_CLITICS:
            continue
        after = [sentence[x:y] for x, y, _, _ in toks[i + 1 : i + 4]]
        if words.clitic_s(base, after, [t[2] for t in toks[max(0, i - 2) : i]]) != "possessive":
            return sentence[s0 : s0 + len(base)]
    return None


def _denied_elsewhere(
    model: PhraseModel, sentence: str, clause: tuple[int, int], matched
) -> str | None:
    """ "I had tickets for the concert on Thursday but I didn't go": the phrase's own verb
    ("go to the concert") is matched in another clause of the sentence, and a negation
    governs it there (before it in that clause, a few words at most), so the sentence denies
    the event whatever its best clause tells."""
    for a, b in clauses(sentence):
        if (a, b) != clause and denial.denies(sentence[a:b]):
            # "My dentist appointment was on Wednesday, but I cancelled it": a clause that
            # only denies what the sentence told ("skipped it", "we never did")
            return f"negated: '{sentence[a:b].strip()}'"
    for token, start, _end, _r in matched:
        if not token.verb or start >= len(sentence) or clause[0] <= start < clause[1]:
            continue
        own = next(((a, b) for a, b in clauses(sentence) if a <= start < b), None)
        if own is None:
            continue
        lead = sentence[max(own[0], start - 25) : start]
        neg = lexicon.NEGATION_RE.search(lead)
        if neg and lexicon.key(neg.group(0).lower().split()[-1]) not in model.own_keys:
            return f"negated: '{neg.group(0)}' before '{sentence[start:_end]}'"
    return None


def _own_thing_boundary(model: PhraseModel, sentence: str, doer: str, head) -> bool:
    """ "My Italian course started this week" tells that the writer started the course: the
    head verb starts or finishes, its subject is the phrase's own object ("start her Italian
    course") and the writer's ("my", "our" before it)."""
    told = sentence[head[1] : head[2]].lower()
    seen = lexicon.aspect_in_words([told])
    if not (seen & {"start", "finish"}) or not (seen & model.aspects):
        return False
    if lexicon.key(doer.lower()) not in model.own_keys:
        return False
    at = sentence.rfind(doer, 0, head[1])
    return at >= 0 and bool(
        re.search(r"\b(?:my|our)\s+(?:[\w-]+\s+){0,2}$", sentence[:at], re.IGNORECASE)
    )


def _thing_received(head, sentence: str, doer: str) -> bool:
    """ "I pre-ordered the laptop, and it arrived on the 25th": the doer of an arrival the
    question reads as the writer's getting is the thing itself ("it", "the drill"), not a
    person (a name, "he", "you")."""
    told = lexicon.key(sentence[head[1] : head[2]].lower())
    if not lexicon.is_receipt(head[0].key, told):
        return False
    low = doer.lower()
    if low in lexicon.PERSONAL_PRONOUNS or low in ("you", "we", "i"):
        return False
    return low in ("it", "this", "that") or not doer[:1].isupper() or low.startswith("the ")


def _pronoun_for(pronoun: str, subject: str, sentence: str) -> bool:
    """ "Lena called: she started her new job yesterday": a personal pronoun stands for the
    one person the sentence names before it (another name in between makes it unsure)."""
    low = pronoun.lower()
    if low not in ("he", "she", "they"):
        return False
    m = re.search(rf"\b{low}\b", sentence, re.IGNORECASE)
    if m is None:
        return False
    before = sentence[: m.start()]
    if subject.split()[0] not in before:
        return False
    names = {w for w in re.findall(r"(?<=[\s,;:(])[A-Z][a-z]+", " " + before)}
    return names <= set(subject.split())


#: Modal cues with a noun subject ("the parcel should arrive", "is due to arrive").
_THING_MODAL = lazyre.compile(
    r"\b(?:will|shall|would|should|might|could|must|ought\s+to|"
    r"(?:due|supposed|expected|scheduled|set|meant)\s+to)\b",
    re.IGNORECASE,
)


def _doer_problems(model: PhraseModel, sentence: str, toks, clause, head) -> list[str]:
    """For a named thing's or person's deed: the clause must tell the event (its verb, or
    the event noun of "the plumber's visit"), and the thing must do or undergo it — the
    subject before the verb ("The kettle arrived", "The boiler was repaired"), or, for an
    event told as a noun ("the kettle's arrival"), a word of the clause before it."""
    doer_name = model.phrase.doer
    doer_key = model.doer_key or ""  # only called for a question that names a doer
    a, _ = clause
    if head[1] >= len(sentence) or lexicon.relatedness(doer_key, head[0].key) >= 0.6:
        return [f"the sentence names {doer_name} but not what happened to it"]
    if _verb_form(sentence, toks, head[1]):
        doer = _doer(sentence, toks, clause, head)
        if doer is None and _doer_after_noun(sentence, toks, clause, head, doer_key):
            return []  # "Letter from the council": the noun the question names, not a verb
        if doer is None:
            return [f"the sentence does not say that {doer_name} did it"]
        if lexicon.relatedness(doer_key, lexicon.key(doer.lower().removesuffix("'s"))) < 0.6:
            if doer[:1].isupper() and _named_in_apposition(sentence, doer, doer_key, a):
                return []  # "My sister Marta moved …": Marta is the sister asked about
            return [f"the doer is '{doer}', not {doer_name}"]
        return []
    if not any(
        lexicon.relatedness(doer_key, k) >= 0.6 for (s0, _, _, k) in toks if a <= s0 < head[1]
    ) and not _doer_after_noun(sentence, toks, clause, head, doer_key):
        return [f"the sentence does not say that {doer_name} did it"]
    return []


#: "the letter from the council", "a visit by the plumber", "the arrival of the desk": the
#: one whose event noun it is, named after it (up to two words between: "from the town
#: council").
_DOER_AFTER = lazyre.compile(r"\s+(?:from|by|of)\s+(?:(?:the|a|an|my|our|his|her|their)\s+)?$")


def _doer_after_noun(sentence: str, toks, clause, head, doer_key: str) -> bool:
    """For an event told as a noun, is its doer the noun's "from", "by" or "of" phrase
    right after it in the clause ("Letter from the council" for "the council's letter";
    not "a letter to the council")?"""
    _, b = clause
    after = [t for t in toks if head[2] <= t[0] < b][:4]
    for n, (s0, _, _, k) in enumerate(after):
        if lexicon.relatedness(doer_key, k) < 0.6:
            continue
        lead = sentence[head[2] : s0]
        return bool(_DOER_AFTER.fullmatch(lead)) or (
            n > 0 and bool(_DOER_AFTER.search(sentence[head[2] : after[n - 1][0]]))
        )
    return False


def _named_in_apposition(sentence: str, name: str, doer_key: str, start: int) -> bool:
    """ "My sister Marta", "our neighbour Tom": the name stands right after a possessive
    and the asked doer's noun, in the subject before the verb."""
    at = sentence.find(name, start)
    if at < 0:
        return False
    lead = re.search(r"\b(?i:my|our|his|her|their)\s+(?P<noun>[a-z]+)\s+$", sentence[start:at])
    return lead is not None and lexicon.relatedness(doer_key, lexicon.key(lead["noun"])) >= 0.6


#: A yes/no question ("Was it Ben who broke the window on Friday?", "Did Tom sell it?"):
#: it asks whether the event happened, it does not tell it.
YES_NO_QUESTION = lazyre.compile(
    r"\W*(?:(?:so|and|but|oh|ok|okay|well|wait|hey)[,\s]+)*(?:did|do|does|was|were|is|are|"
    r"has|have|had|can|could|would|will|should)\b[^.!?]*\?",
    re.IGNORECASE,
)
#: A statement turned into a question by a tag ("Tom sold his car in March, right?",
#: "… didn't he?"): the speaker asks for it to be confirmed; the next turn may say no.
TAG_QUESTION = lazyre.compile(
    r",\s*(?:right|correct|yeah|yes|no|huh|eh|true|didn't\s+\w+|did\s+\w+|don't\s+\w+|"
    r"isn't\s+it|wasn't\s+it|weren't\s+\w+|aren't\s+\w+|hasn't\s+\w+|haven't\s+\w+|"
    r"hadn't\s+\w+|or\s+not)\s*\?\W*$",
    re.IGNORECASE,
)
_LINKS = frozenset(
    words_of(
        "and or but then so because after before when while as since that which who where "
        "at in on of for with from to by about into"
    )
)


def _excluded_before(before: list[tuple[int, str]], start: int) -> bool:
    """Is the word at ``start`` the object of an exception ("but me", "except us", "apart
    from me", "other than me")? ``before``: the sentence's words (a coordinator such as
    "but" may have cut the clause right before the pronoun)."""
    words = [w.lower() for s0, w in before if s0 < start]
    return bool(words) and (
        words[-1] in ("but", "except", "besides", "excluding")
        or words[-2:] in (["apart", "from"], ["other", "than"])
    )


#: An org timestamp inside a sentence ("- [2032-04-12 Mon] cancelled the gym"): its words
#: are a date, never the doer.
_ORG_STAMP = lazyre.compile(r"[<\[]\d{4}-\d{2}-\d{2}[^\]>\n]*[\]>]")


#: What may stand between a light verb and its noun: "had the baby", "took his test".
_NOUN_OPENERS = frozenset(words_of("a an the my his her their our your its this that"))
_PARTICLES = frozenset(words_of("back up out off away over down in on around through"))
#: Light verbs whose noun tells the deed ("had the baby", "took his driving test").
_LIGHT_VERBS = frozenset(words_of("had has took takes got gets gave made did"))


#: The third-person subject pronouns: a person other than the speaker.
_THIRD_PERSON = frozenset(["he", "she", "they"])


def _light_verb_doer(sentence: str, toks, clause, head) -> str | None:
    """The doer of a deed told by a light verb and its noun ("My sister had the baby on
    Sunday", "Dad took his driving test"): the subject of the clause's last light verb
    before the head noun, with only the noun's own words between them (not "got back from
    Rachel's graduation"), when it is "I" or a person — a name, or a word of the person
    tables ("sister", "neighbour"); None otherwise (a time word or a thing opening the
    clause says nothing of who)."""
    a, _ = clause
    light = [(s, e) for (s, e, w, _) in toks if a <= s < head[1] and w.lower() in _LIGHT_VERBS]
    if not light:
        return None
    s, e = light[-1]
    between = [w.lower() for (b, _, w, _) in toks if e <= b < head[1]]
    if any(
        w in _PARTICLES or (w in words.FUNCTION_WORDS and w not in _NOUN_OPENERS) for w in between
    ):
        return None  # "got back from Rachel's graduation": the noun is no light verb's object
    doer = _doer(sentence, toks, clause, (head[0], s, e))
    if doer is None or doer == "I":
        return doer
    if re.search(r"\bwith\s+(?:me|us)\b", sentence[clause[0] : clause[1]], re.IGNORECASE):
        return "I"  # "Sam had lunch with me on Friday": the writer had it too
    low = doer.lower()
    persons = (
        lexicon.ANY_PERSONS | lexicon.FEMALE_PERSONS | lexicon.MALE_PERSONS | lexicon.PLURAL_PERSONS
    )
    if low in persons or low in _THIRD_PERSON:
        return doer  # "She had her knee replaced on Monday": she, whoever she is, not I
    lemmas = set(words.lemmas(low))
    if doer[:1].isupper() and (not lemmas or "PROPN" in lemmas):
        return doer
    return None


def _doer(sentence: str, toks, clause, head) -> str | None:
    """The word in the subject position before the head verb, skipping adverbs and
    auxiliaries; None when the clause opens with the verb or the subject is elided after a
    conjunction (journal style: the writer)."""
    a, _ = clause
    stamps = [m.span() for m in _ORG_STAMP.finditer(sentence)]
    before = [
        (s, w)
        for (s, e, w, _) in toks
        if a <= s < head[1] and not any(x <= s < y for x, y in stamps)
    ]
    for start, w in reversed(before):
        low = w.lower()
        if (
            low in _ADVERBS
            or low in _AUXILIARIES
            or low in ("n't", "not", "never", "up", "around", "i've", "i'd", "i'm")
        ):
            if low.startswith("i'"):
                return "I"
            continue
        if low in ("me", "us") and _excluded_before([(s0, w0) for s0, _, w0, _ in toks], start):
            return "everyone"  # "Everyone but me went": the writer is left out
        if low in ("i", "we", "me", "we've", "we're", "we'd"):
            return "I"
        if low == "who":
            # "It was my sister who sold the piano": the relative's antecedent did it
            antecedent = [w for s0, w in before if s0 < start]
            if antecedent and antecedent[-1].lower() not in _LINKS:
                last = antecedent[-1]
                return "I" if last.lower() in ("me", "i", "us", "we") else last
            return None
        if low in _LINKS:
            if low in ("and", "then", "but", "so"):
                return _shared_subject(sentence[:start])
            return None
        return sentence[start : start + len(w)]
    link = re.search(r"\b(?:and|then|but|so)\s*$", sentence[:a], re.IGNORECASE)
    if link is not None:  # the clause opens with its verb after the conjunction
        return _shared_subject(sentence[: link.start()])
    return None


#: The subject opening a sentence whose later clause shares it ("My dad slipped on the
#: dock and broke his wrist"): a person of someone's, past a fronted time, with up to one
#: word before the person noun ("my older sister").
_OPENING_PERSON = [
    lazyre.compile(
        r"^\W*(?:(?:on|last|this|yesterday|today)\b[^,;]{0,25}?,?\s+)?"
        rf"(?P<who>(?:my|our|his|her|their|your)\s+{adjective}(?P<noun>[a-z]+))\s+"
        r"(?:(?:just|finally|also|then)\s+)?(?P<verb>[a-z]+)\b",
        re.IGNORECASE,
    )
    for adjective in ("", r"[a-z]+\s+")
]


def _shared_subject(before: str) -> str | None:
    """The doer of a clause whose subject is left out after "and"/"then" ("… and broke his
    wrist"): the sentence's opening subject when it is a person of someone's telling a
    past deed ("My dad slipped …"); None otherwise (journal style, or the writer's own
    "I …": the writer)."""
    persons = (
        lexicon.FEMALE_PERSONS | lexicon.MALE_PERSONS | lexicon.ANY_PERSONS | lexicon.PLURAL_PERSONS
    )
    for pattern in _OPENING_PERSON:
        m = pattern.match(before)
        if m is None or m["noun"].lower() not in persons:
            continue
        if not words.is_simple_past(m["verb"]) or re.search(r"\b(?:I|we)\b", before[m.end() :]):
            return None
        return m["who"]
    return None


_SUBORDINATE = lazyre.compile(
    r"\b(?:which|who|whom|where|that|when|while|because|after|before|"
    r"since|until|so)\s+(?:i|we|he|she|they|it|you)\b",
    re.IGNORECASE,
)
_FINITE_LEFT = frozenset(
    words_of(
        "i we you he she they it who which just finally also recently then already never "
        "actually had have has"
    )
)


def intervening_verb(text: str, model: PhraseModel) -> str | None:
    """A clause of its own, or a finite or infinitive verb that is not one of the phrase's
    words, in ``text`` (the words between an event's head and a date): the date may then
    belong to that other action ("finished it, which I had to rush for my meeting two weeks
    ago" dates the meeting)."""
    own = set(model.own_keys)
    # the phrase's own words, light verbs too ("take the bike in to have the derailleur
    # looked at": its "have" is no other action)
    said = {w.lower() for w in re.findall(r"[A-Za-z][\w'-]*", model.phrase.text)}
    for sub in _SUBORDINATE.finditer(text):
        rest = [k for (_, _, w, k) in _sentence_tokens(text[sub.end() :])[:3]]
        if not any(k in own for k in rest):
            return sub.group(0)  # a clause of its own, about another action
    toks = _sentence_tokens(text)
    for i, (_, _, word, k) in enumerate(toks):
        if i == 0 or not word or k in own or word in said:
            continue
        prev = toks[i - 1][2]
        past = (
            word in lexicon.IRREGULAR
            and lexicon.IRREGULAR[word] not in ("be", "have")
            and prev in _FINITE_LEFT
        )
        regular = (
            word.endswith("ed")
            and len(word) > 4
            and prev in _FINITE_LEFT
            and word not in lexicon.NOT_INFLECTED
        )
        infinitive = prev == "to" and k in lexicon.KNOWN_VERB_KEYS
        if past or regular or infinitive:
            if any(lexicon.relatedness(t, k) > 0 for t in own):
                continue
            return word
    return None
