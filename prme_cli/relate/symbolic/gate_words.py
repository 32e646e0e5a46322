"""The symbolic gate's own word lists: what only the gate reads.

The gate must be a second opinion, so it shares no word tables of meaning with the
resolver (:mod:`prme_cli.relate.symbolic.lexicon` is the resolver's; a test checks that no
gate module imports it). Words are normalised by the one normaliser (:mod:`prme_cli.words`)
and events read by the ingest extractor (:mod:`prme_cli.relate.symbolic.gate_event`); what
is left is here: which words name no event (the normaliser's closed class of function
words, which alignment leaves out too: grammar, not meaning), and the reading of a thing
given for an occasion (only the gate asks whether a "birthday" purchase is a gift).
"""

from __future__ import annotations

import itertools
import re

from prme_cli import lazyre, words

#: Nouns for people of someone's: "my sister", "her partner", "our neighbour" as a clause's
#: subject tell that person's deed, not the speaker's.
PERSON_NOUNS: frozenset[str] = frozenset(
    [
        "sister",
        "brother",
        "mum",
        "mom",
        "mother",
        "dad",
        "father",
        "parents",
        "wife",
        "husband",
        "partner",
        "son",
        "daughter",
        "kid",
        "kids",
        "child",
        "children",
        "baby",
        "friend",
        "friends",
        "neighbour",
        "neighbor",
        "neighbours",
        "neighbors",
        "boss",
        "colleague",
        "colleagues",
        "cousin",
        "aunt",
        "uncle",
        "niece",
        "nephew",
        "gran",
        "grandma",
        "grandmother",
        "granny",
        "nan",
        "grandpa",
        "grandfather",
        "grandad",
        "grandparents",
        "flatmate",
        "roommate",
        "housemate",
        "girlfriend",
        "boyfriend",
        "fiance",
        "fiancee",
        "fiancé",
        "fiancée",
        "stepmother",
        "stepfather",
        "stepdad",
        "stepmum",
        "in-laws",
        "manager",
        "teacher",
        "coach",
        "doctor",
        "landlord",
        "landlady",
    ]
)


def is_function_word(word: str) -> bool:
    """A word that names no event (:data:`prme_cli.words.FUNCTION_WORDS`, the normaliser's
    closed class), possessive dropped."""
    low = word.lower().replace("\u2019", "'").removesuffix("'s").strip("'")
    return low in words.FUNCTION_WORDS


#: Nouns for a thing given, and the occasions things are given for: "a silver ring for my
#: aunt's sixtieth birthday" is a gift without the word.
GIFT_NOUNS: frozenset[str] = frozenset(["gift", "gifts", "present", "presents"])

#: The everyday names of a relative the formal kin noun asks for: "my dad" is "Ingrid's
#: father" when Ingrid says it.
KIN_ALIASES: dict[str, tuple[str, ...]] = {
    "father": ("dad", "daddy"),
    "mother": ("mum", "mom", "mummy"),
    "grandfather": ("grandpa", "granddad"),
    "grandmother": ("grandma", "granny", "gran"),
}
_OCCASIONS = (
    r"birthday|anniversary|graduation|wedding|christmas|hanukkah|eid|diwali|"
    r"retirement|housewarming|shower|valentine'?s|mother'?s\s+day|father'?s\s+day|"
    r"name\s+day|christening|baptism|bar\s+mitzvah|bat\s+mitzvah|farewell"
)
#: a party or celebration is an occasion when it is somebody's ("for her party", "for Ana's
#: leaving do"), not any gathering ("for the office party" buys snacks, not a present)
_THEIR_PARTY = (
    r"(?:(?:my|his|her|their|our|your)|[\w-]+['\u2019]s)\s+(?:[\w-]+\s+)?"
    r"(?:party|celebration|do)"
)
_FOR_OCCASION = lazyre.compile(
    rf"\bfor\s+(?:(?:[\w'\u2019-]+\s+){{0,4}}?(?P<occasion>(?:{_OCCASIONS}))\b|"
    rf"(?P<party>{_THEIR_PARTY})\b)",
    re.IGNORECASE,
)


def given_for_occasion(text: str) -> list[tuple[int, int]]:
    """Where ``text`` says a thing is for someone's occasion ("for my best friend's
    birthday", "for her party"): the spans of the occasion words. Such a thing is a gift or
    present."""
    return [
        m.span("occasion") if m.group("occasion") else m.span("party")
        for m in _FOR_OCCASION.finditer(text)
    ]


def occasion_is_own(text: str, span: tuple[int, int]) -> bool:
    """Is the occasion at ``span`` the writer's own ("for my birthday", "for our wedding")?
    A thing got for it is no gift to somebody else; "for my sister's birthday" is hers."""
    piece = text[text.rfind("for", 0, span[0]) : span[1]]
    return bool(re.search(r"\b(?:my|our)\b", piece, re.IGNORECASE)) and not re.search(
        r"\w['\u2019]s\b", piece
    )


def _listed(text: str) -> list[str]:
    """The whitespace-separated words of one of this module's word-list literals."""
    return text.split()


#: Events with a time of their own that one goes to, is at or has: the gate's own list,
#: keyed by the normaliser ("parties" -> party). Nouns made from verbs ("the opening", "the
#: launch") are the normaliser's event nouns and need no entry.
_GATHERINGS: frozenset[str] = frozenset(
    words.key(w)
    for w in _listed(
        "party exhibition show premiere concert gig recital match game derby final race "
        "marathon festival fair funeral wake wedding ceremony reception gala ball dinner "
        "lunch brunch barbecue bbq picnic housewarming christening service vigil parade "
        "rally protest conference lecture talk seminar workshop tournament quiz auction play "
        "musical opera ballet fireworks regatta meetup"
    )
)
#: How one has a gathering: "threw the party", "hosted the dinner", "ate lunch".
HOSTING_KEYS: frozenset[str] = frozenset(
    words.key(w) for w in _listed("have host throw hold celebrate eat enjoy attend")
)


def is_gathering(word: str) -> bool:
    """Does the noun name an event with a time of its own (the gate's reading)?"""
    low = word.lower()
    return words.key(low) in _GATHERINGS or words.is_event_noun(low)


#: Words of knowing a time, read back from a "when": "no *idea* when", "can't *say* when",
#: "not *sure* when", "who *knows* when", "I don't *remember* when" — each with what must
#: stand before it for the writer to be saying they do not know: a "no"/"not" (``neg``), a
#: "who"/"God"/"nobody" (``who``) or nothing (the word says it alone: "unsure", "forgot").
_KNOWING: dict[str, str] = {
    **dict.fromkeys(_listed("idea clue notion"), "no"),
    **dict.fromkeys(_listed("sure certain say tell remember recall know"), "neg"),
    **dict.fromkeys(_listed("knows"), "who"),
    **dict.fromkeys(_listed("unsure uncertain unclear unknown forget forgot forgotten"), ""),
}
_NO = frozenset(_listed("no not"))
_NEG = frozenset(_listed("not never no cannot"))
#: Words that deny or defer what a line says ("not fired yet", "still to do").
NEGATIONS = frozenset(_listed("not never no cannot yet still unless until isn't aren't wasn't"))
_WHO = frozenset(_listed("who god heaven lord goodness nobody"))
#: Words between the knowing word and its "when": "no idea *exactly* when", "can't *tell
#: you* when", "not sure *of the* date".
_BETWEEN = frozenset(_listed("exactly precisely quite really even you of the for certain"))
#: What the unknown time is of: "when", "what day", "which date", "the date".
_WHAT_TIME = frozenset(_listed("when day date"))
#: Words of a "when" clause about what is still to come ("not sure when the new one *will*
#: come", "no idea when they *can* fix it"): a time not yet, not the past deed's.
_COMING_WORDS = frozenset(_listed("will shall won't gonna can could should would might may"))
#: "at some point", "sometime": the writer gives no time.
_SOME_POINT = lazyre.compile(
    r"(?<![\w'\u2019])(?:at\s+some\s+(?:point|stage|time)|some\s*time)(?![\w'\u2019])",
    re.IGNORECASE,
)
#: Words before "some time" that make it an amount ("spent some time", "for some time").
_LENGTH_BEFORE = frozenset(
    _listed(
        "spend spent spending take took taken taking need needed have had having give gave "
        "find found get got make made save saved waste wasted kill killed for in after with"
    )
)
#: A clause about what is still to do, where "at some point" is a plan's ("I'll replace it
#: at some point", "need to call them sometime").
_TO_DO = lazyre.compile(
    r"(?<![\w'\u2019])(?:will|shall|gonna|going\s+to|need\s+to|have\s+to|want\s+to|should)"
    r"(?![\w'\u2019])|['\u2019]ll\b",
    re.IGNORECASE,
)


def _low_words(text: str) -> list[str]:
    return [w.lower().replace("\u2019", "'") for _, _, w in words.tokens(text)]


def _not_known_when(said: list[str]) -> bool:
    """Do the words say the writer does not know when (a knowing word with its "no", "not"
    or "who" before it, read back from "when" / "day" / "date"), about a past time?"""
    for i, w in enumerate(said):
        if w not in _WHAT_TIME:
            continue
        if w != "when" and (i == 0 or said[i - 1] not in ("what", "which", "the")):
            continue  # "what day", "the date"; not "the day was great"
        j = i - 1
        while j >= 0 and (said[j] in _BETWEEN or (w != "when" and said[j] in ("what", "which"))):
            j -= 1
        if j < 0 or said[j] not in _KNOWING:
            continue
        need = _KNOWING[said[j]]
        before = said[max(0, j - 3) : j]
        negated = any(b in _NEG or b.endswith("n't") for b in before)
        if need == "no" and not any(b in _NO for b in before[-2:]):
            continue
        if need == "neg" and not negated:
            continue
        if need == "who" and not (before and before[-1] in _WHO):
            continue
        if w == "when":
            clause = said[i + 1 : i + 8]
            if clause[:1] == ["to"] or any(
                c in _COMING_WORDS and clause[k + 1 : k + 2] not in (["have"], ["'ve"])
                for k, c in enumerate(clause)
            ):
                continue
            if any(c.endswith("'ll") for c in clause):
                continue
        return True
    return any(a in ("date", "time", "day") and b == "unknown" for a, b in itertools.pairwise(said))


def _at_some_point(sentence: str) -> bool:
    """Does the sentence leave its deed's time open with "at some point" / "sometime" (not
    an amount of time, not a plan's "at some point")?"""
    for m in _SOME_POINT.finditer(sentence):
        before = _low_words(sentence[: m.start()])
        if m.group(0).lower().startswith("some") and before and before[-1] in _LENGTH_BEFORE:
            continue
        piece = re.split(r"[,;:]|\s(?:and|but|so)\s", sentence[: m.start()])[-1]
        if _TO_DO.search(piece):
            continue
        return True
    return False


def says_time_unknown(sentence: str, following: str = "") -> bool:
    """Does ``sentence``, or ``following`` (the next sentence of its entry), say the time of
    the sentence's deed is unknown — "no idea when", "can't say when", "not sure when",
    "who knows when", "I don't remember when", "at some point"? The next sentence speaks of
    its own deed when it opens with one of the writer's ("Misplaced the tent pegs, no clue
    when."). By the gate's own reading of the words: a knowing word read back from "when",
    with what negates it before it."""
    if _not_known_when(_low_words(sentence)) or _at_some_point(sentence):
        return True
    said = _low_words(following)
    if not said or not (_not_known_when(said) or _at_some_point(following)):
        return False
    return not _opens_with_own_deed(said)


def _opens_with_own_deed(said: list[str]) -> bool:
    """Does the sentence open with a past deed of the writer's ("Misplaced the pegs …",
    "Then I lost the key …"), not a comment on the one before ("No idea when", "Must have
    been at some point", "God knows when that happened")?"""
    at = 0
    while at < len(said) and said[at] in ("i", "we", "then", "also", "and"):
        at += 1
    if at >= len(said):
        return False
    first = said[at]
    return not is_function_word(first) and words.is_simple_past(first)
