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

import re

from prme_cli import words

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
_FOR_OCCASION = re.compile(
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
