"""Who the notes say a speaker's relative is: "my brother Felix", "Oh, your sister!".

A chat between two friends names a relative once by kin and name ("I went hiking with my
brother Felix") and afterwards by name alone ("Felix passed his driving test on Tuesday").
A question asks by kin ("When did Jonas's brother pass his driving test?"). This module
reads, from the packed chat turns, which names the notes give which speaker's kin, in
three shapes:

- the speaker's own words: "my brother Felix", "my older sister Ana's wedding", "Marta, my
  older sister, …" (the kin is the speaker's);
- anyone's "Jonas's brother Felix" (the kin is Jonas's);
- the other speaker's reply right after a turn that names one person as a doer ("Priti flew
  to Toronto on Thursday." — "Oh, your sister!"): the kin is the first speaker's.

Kin nouns are the resolver's person nouns (:mod:`lexicon`); a kin given two names ("my
sister Elin and my sister Tova") names no one relative and is left out. The gate reads the
same identities by its own method (:func:`prme_cli.relate.symbolic.gate._kin_named`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from prme_cli import lazyre
from prme_cli import words as words_module
from prme_cli.relate.symbolic import lexicon
from prme_cli.relate.symbolic.segment import Segmented
from prme_cli.relate.types import EvidenceRecord

#: The singular nouns for a person of someone's a name can be given.
KIN_NOUNS = frozenset(lexicon.FEMALE_PERSONS | lexicon.MALE_PERSONS | lexicon.ANY_PERSONS)

_NAME = r"[A-Z][a-z\u00e0-\u00ff]+(?:-[A-Z][a-z\u00e0-\u00ff]+)?"
#: "my brother Felix", "my older sister, Ana": the speaker's kin, named after it.
_MY_KIN_NAME = lazyre.compile(
    rf"\b(?i:my|our)\s+(?:(?P<adj>[a-z]+)\s+)?(?P<kin>[a-z-]+),?\s+(?P<name>{_NAME})\b"
)
#: "Marta, my older sister,": the name before it, set off by a comma.
_NAME_MY_KIN = lazyre.compile(
    rf"\b(?P<name>{_NAME}),\s+(?i:my|our)\s+(?:(?P<adj>[a-z]+)\s+)?(?P<kin>[a-z-]+)\b"
)
#: "Jonas's brother Felix": someone's kin, named after it.
_OWNERS_KIN_NAME = lazyre.compile(
    rf"\b(?P<owner>{_NAME})['\u2019]s\s+(?:(?P<adj>[a-z]+)\s+)?(?P<kin>[a-z-]+),?\s+"
    rf"(?P<name>{_NAME})\b"
)
#: "Oh, your sister!", "Your cousin? …": the other speaker's kin said back to them.
_YOUR_KIN = lazyre.compile(r"\b(?i:your)\s+(?:(?P<adj>[a-z]+)\s+)?(?P<kin>[a-z-]+)\b")
#: A name opening a clause as its doer: "Priti flew to Toronto", "and Kojo started …".
_DOER_NAME = lazyre.compile(
    rf"(?:^|[.!?;]\s+|,\s+(?:and|but|so)\s+|\band\s+)(?P<name>{_NAME})\s+(?P<verb>[a-z]+)\b"
)


#: A capitalised word inside a sentence (not its first word): someone else named.
_SOMEONE_BEFORE = lazyre.compile(rf"(?<=[^.!?\s]\s){_NAME}\b")


def _kin(match: re.Match[str]) -> str | None:
    """The kin noun a match names, when its describing word (if any) is no noun of its own
    ("my older sister", not "my sister's friend" or "my brother Felix's")."""
    kin = match["kin"].lower()
    if kin not in KIN_NOUNS:
        return None
    adj = match["adj"]
    if adj is not None and (adj.lower() in words_module.FUNCTION_WORDS or adj.lower() in KIN_NOUNS):
        return None  # "my friend's brother …", "my the …": not one describing word
    return kin


def _is_name(word: str) -> bool:
    """A capitalised word that can be a person's name: no function word, no calendar word."""
    from prme_cli.timeexpr import lexicon as lx

    low = word.lower()
    lemmas = words_module.lemmas(low)
    return not (
        low in words_module.FUNCTION_WORDS
        or low in lx.VOCABULARY
        or low in lx.WEEKDAYS
        or low in lx.MONTHS
        or low in KIN_NOUNS
        or (lemmas and not ({"NOUN", "PROPN"} & set(lemmas)))
    )


def _doers_named(text: str, speakers: set[str]) -> set[str]:
    """The names a turn's text tells as doers: a name opening a clause, a verb after it."""
    found = set()
    for m in _DOER_NAME.finditer(text):
        name, verb = m["name"], m["verb"]
        if name.lower() in speakers or not _is_name(name):
            continue
        if "VERB" in words_module.lemmas(verb) or verb in ("is", "was", "has", "had"):
            found.add(name)
    return found


def _prose(seg: Segmented) -> str:
    return " ".join(s.text for s in seg.sentences if s.heading is None)


def kin_names(
    segs: Iterable[tuple[EvidenceRecord, Segmented]],
) -> dict[tuple[str, str], frozenset[str]]:
    """(possessor, kin) -> the one name the packed turns give that speaker's kin (lower-case
    possessor and kin; the name as written). Only chat turns count (a record headed by its
    speaker's name), and a kin given more than one name is left out."""
    segs = list(segs)
    by_id = {record.id: (record, seg) for record, seg in segs}
    speakers = {(seg.speaker or "").lower() for _, seg in segs if seg.speaker}
    found: dict[tuple[str, str], set[str]] = {}

    def add(owner: str, kin: str | None, name: str) -> None:
        if kin is None or not _is_name(name) or name.lower() == owner.lower():
            return
        found.setdefault((owner.lower(), kin), set()).add(name)

    for record, seg in segs:
        speaker = seg.speaker
        if not speaker or record.title.strip() != speaker:
            continue
        text = _prose(seg)
        for m in _MY_KIN_NAME.finditer(text):
            add(speaker, _kin(m), m["name"])
        for m in _NAME_MY_KIN.finditer(text):
            add(speaker, _kin(m), m["name"])
        for m in _OWNERS_KIN_NAME.finditer(text):
            add(m["owner"], _kin(m), m["name"])
        previous = by_id.get(record.previous or "")
        if previous is None:
            continue
        asker = previous[1].speaker
        if not asker or asker == speaker or previous[0].title.strip() != asker:
            continue
        first = next((s.text for s in seg.sentences if s.heading is None), "")
        said = _YOUR_KIN.search(first)
        if said is None or _SOMEONE_BEFORE.search(first[: said.start()]):
            continue  # "Oh, your sister!"; not "Wait, Sana is your sister?"
        doers = _doers_named(_prose(previous[1]), speakers)
        if len(doers) == 1:
            add(asker, _kin(said), next(iter(doers)))
    return {key: frozenset(names) for key, names in found.items() if len(names) == 1}


#: "Jonas's brother …", "Lucía's older sister's wedding": a question's kin of someone named.
_ASKED_KIN = lazyre.compile(
    rf"^(?:the\s+)?(?P<owner>{_NAME})['\u2019]s\s+(?:(?P<adj>[a-z]+)\s+)?(?P<kin>[a-z-]+?)"
    r"(?:['\u2019]s)?\b"
)


def asked_kin(phrase: str) -> tuple[str, str] | None:
    """(possessor, kin) of a phrase that opens with a named person's kin ("Jonas's brother
    pass his driving test" -> ("jonas", "brother")), else None."""
    m = _ASKED_KIN.match(phrase)
    if m is None:
        return None
    kin = _kin(m)
    if kin is None and m["adj"] and m["adj"] in KIN_NOUNS:
        kin = m["adj"]  # "Jonas's brother pass …": the first word is the kin itself
    return None if kin is None else (m["owner"].lower(), kin)


def asked_deed(phrase: str) -> str | None:
    """The key of the verb right after the kin of a phrase asking for someone's relative
    ("Dev's sister fly to Toronto" -> ``fly``); None when a noun follows ("Lucía's sister's
    wedding") or the phrase asks for no relative."""
    m = _ASKED_KIN.match(phrase)
    if m is None or asked_kin(phrase) is None:
        return None
    rest = phrase[m.end() :].split()
    if m["adj"] and m["adj"] in KIN_NOUNS and _kin(m) is None:
        rest = [m["kin"], *rest]  # the kin was read as "brother", the next word is the verb
    if not rest:
        return None
    word = rest[0].lower().strip(",.")
    return lexicon.key(word) if words_module.is_verb_lemma(word) else None
