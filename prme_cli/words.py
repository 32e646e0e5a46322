"""The one word normaliser: lemmas, event keys and word classes of English words.

Events are matched by their predicate, and a predicate is told in many forms: "migrated",
"migrating", "the migration of", "Migrate the billing API". :func:`event_key` maps all of them
to one key (``migrate``), so a question's "the billing API migration" meets a task headed
"Migrate the billing API to v2".

Lemmas come from lemminflect's dictionary (installed with the package, no download): it knows
the irregular forms and which words are verbs, which a suffix stripper cannot ("meeting" is
also the noun, "sold" is "sell"). Nominalisations are folded into their verb by a few general
English derivational rules (-ation, -ition, -ion, -ment, -al, -ure, -ance/-ence, -ery), each
kept only when the dictionary confirms the base is a verb: "renovation" -> "renovate",
"inspection" -> "inspect", "arrival" -> "arrive", "delivery" -> "deliver", but "station" stays
a noun. A word that is itself a verb's base form names that verb already ("question",
"station", "pressure" stay), an adjective is no nominalisation ("final", "central"), and the
few event nouns no rule derives ("death", "sale", "flight", "birth") are listed. The
dictionary loads on first use (~0.2 s), so commands that never compare words do not pay for it.

This is the one word normaliser of prme: retrieval (:mod:`prme_cli.retrieval`: the forms of a
question word become its search terms), the events of the notes and the question
(:mod:`prme_cli.textevents`, :mod:`prme_cli.relate.frame`), the resolver's alignment and the
gate (:func:`key`) all read words through it, so "hung", "hanging" and "hangs" are one word
for all of them.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from typing import Any

from prme_cli import lazyre
from prme_cli.memo import Slot

#: Function words: articles, pronouns, prepositions, conjunctions, auxiliaries, and the vague
#: words any event can be told with (day, thing, recently). None of them says which event a
#: phrase names; the resolver's alignment and the gate both leave them out (a closed class of
#: English, not a table of meaning, so it lives with the normaliser).
_FUNCTION_TEXT = """
    a an the this that these those there here it its it's i me my mine myself we us our ours
    you your yours he him his she her hers they them their theirs one ones oneself
    who whom whose which what when where why how whether if then than so such
    and or but nor yet also too either neither both each every all any some no not
    of to in on at by for from with without about into onto over under up down out off
    through across after before during since until till upon within among between around
    as like via per
    am is are was were be been being do does did done doing have has had having
    will would shall should can could may might must ought
    just really very quite rather pretty much many more most less least lot lots
    still even ever never always often sometimes usually already again once twice
    day days week weeks month months year years time times date dates
    previous next other another same new own
    thing things something anything everything nothing stuff way ways kind sort
    recently lately finally actually basically definitely probably maybe perhaps
    ago now today tonight yesterday tomorrow
    mr mrs ms dr st
"""
FUNCTION_WORDS: frozenset[str] = frozenset(_FUNCTION_TEXT.split())

_WORD = lazyre.compile(r"[A-Za-z0-9][A-Za-z0-9'\u2019&+#-]*[A-Za-z0-9+#]|[A-Za-z0-9]")

#: Derivational endings of event nouns and the verb endings they come from, most specific
#: first. A rule applies only when the dictionary knows the result as a verb.
_NOMINAL_RULES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("ssion", ("t", "ss")),  # submission -> submit, discussion -> discuss
    ("ication", ("y",)),  # application -> apply
    ("ation", ("ate", "e", "")),  # migration -> migrate, registration -> register
    ("ition", ("ish", "e")),  # demolition -> demolish, definition -> define
    ("tion", ("te", "t")),  # completion -> complete, inspection -> inspect
    ("sion", ("de", "se")),  # decision -> decide, revision -> revise
    ("ion", ("e", "")),
    ("ment", ("",)),  # payment -> pay, appointment -> appoint
    ("ance", ("",)),  # attendance -> attend (not balance -> bale)
    ("ence", ("",)),
    ("al", ("e",)),  # arrival -> arrive, removal -> remove (not signal -> sign)
    ("ure", ("", "e")),  # departure -> depart
    ("ery", ("er",)),  # delivery -> deliver, recovery -> recover
)

#: Event nouns whose verb no derivational rule reaches (general English).
_IRREGULAR_NOMINALS: dict[str, str] = {
    "death": "die",
    "sale": "sell",
    "loss": "lose",
    "flight": "fly",
    "birth": "bear",
    "growth": "grow",
    "marriage": "marry",
    "receipt": "receive",
    "surgery": "operate",
    "renewal": "renew",
    "cancellation": "cancel",
    "registration": "register",
    "publication": "publish",
    "introduction": "introduce",
    "production": "produce",
    "subscription": "subscribe",
    "department": "department",  # not "depart"
}
#: Event nouns spelt as their verb ("my visit", "the move", "the repair"): no ending shows
#: them, and most nouns that are also verbs ("set", "ring", "book") name things.
_ZERO_NOMINALS = frozenset(["visit", "move", "repair", "launch", "purchase", "interview", "hire"])
#: One activity in two spellings: the British verb and its noun.
_SPELLINGS = {"practise": "practice", "licence": "license"}
#: Nouns that look like a form of a rarer verb and are not ("evening" is not "even" + -ing).
_NOT_VERB_FORMS = frozenset(["evening", "wicked", "during", "thing"])


@lru_cache(maxsize=1)
def _lemminflect() -> Any:
    import lemminflect  # type: ignore[import-untyped]

    return lemminflect


#: A persistent memo of word facts, consulted while a command runs against a store
#: (:func:`prme_cli.memo.remembered`), so the dictionary (and numpy) load only for a word
#: never looked up before.
_BACKING = Slot()
backed_by = _BACKING.using


@lru_cache(maxsize=65536)
def _facts(word: str) -> tuple[dict[str, tuple[str, ...]], bool, bool]:
    """(lemmas by part of speech, is a verb's base form, is a simple past form) of a clean
    lower-case word."""
    backing = _BACKING.memo
    if backing is not None:
        stored = backing.get(word)
        if stored is not None:
            data = json.loads(stored)
            lemmas_ = {k: tuple(v) for k, v in data["lemmas"].items()}
            return lemmas_, bool(data["verb"]), bool(data["past"])
    lib = _lemminflect()
    found = {k: tuple(v) for k, v in lib.getAllLemmas(word).items()}
    verb = word.isascii() and bool(lib.getAllInflections(word, upos="VERB"))
    bases = found.get("VERB", ())
    past = any(word in {f.lower() for f in lib.getInflection(b, tag="VBD")} for b in bases)
    if backing is not None:
        facts = {"lemmas": found, "verb": verb, "past": past}
        backing.put(word, json.dumps(facts, sort_keys=True))
    return found, verb, past


@lru_cache(maxsize=4096)
def past_form(verb: str) -> str:
    """The simple past of a verb given in any form ("sign" -> "signed", "seen" -> "saw"),
    or the word itself when the dictionary knows no verb by it."""
    w = _clean(verb)
    base = verb_lemma(w) or w
    backing = _BACKING.memo
    key = f"VBD:{base}"  # no word has a colon: kept beside the word facts
    if backing is not None:
        stored = backing.get(key)
        if stored is not None:
            return str(stored) or w
    found = _lemminflect().getInflection(base, tag="VBD")
    past = found[0] if found else ""
    if backing is not None:
        backing.put(key, past)
    return past or w


def is_simple_past(word: str) -> bool:
    """True when ``word`` is the simple past of a verb ("baked", "went", "ran"), compound
    and prefixed verbs included ("test-drove", "rebooked")."""
    w = _clean(word)
    if not w or not w[0].isalpha():
        return False
    if _facts(w)[2]:
        return True
    parts = None if _facts(w)[0] else _compound_parts(w)
    return parts is not None and "VERB" in lemmas(w) and _facts(parts[1])[2]


def tokens(text: str) -> list[tuple[int, int, str]]:
    """Words of ``text`` with their character spans (apostrophes and hyphens kept inside)."""
    return [(m.start(), m.end(), m.group(0)) for m in _WORD.finditer(text)]


def _clean(word: str) -> str:
    w = word.lower().replace("\u2019", "'")
    w = w.removesuffix("'s")
    return w.strip("'")


@lru_cache(maxsize=65536)
def lemmas(word: str) -> dict[str, tuple[str, ...]]:
    """Every lemma of ``word`` by universal part of speech (``VERB``, ``NOUN``, ``ADJ``…);
    a compound or prefixed verb the dictionary does not list is read by its head
    (:func:`_compound_lemmas`)."""
    w = _clean(word)
    if not w or not w[0].isalpha():
        return {}
    found = _facts(w)[0]
    if not found:
        return _compound_lemmas(w)
    return dict(found)


#: Prefixes that make a verb of a verb: "rebooked", "preordered", "misread", "outbid",
#: "overcooked", "co-hosted". A closed class of English word formation (the dictionary
#: lists the common ones, "unpack", "redo"; these read the rest).
_VERB_PREFIXES = ("pre", "re", "un", "mis", "dis", "over", "under", "out", "co")


def _compound_parts(w: str) -> tuple[str, str] | None:
    """(modifier, head) of a compound the dictionary does not list: a hyphenated word
    ("test-drove" -> "test-", "drove"; "double-checked", "window-shopped") or a verb
    prefix on a word ("rebooked" -> "re", "booked"). English compounds are headed on the
    right: the head says what kind of word the compound is."""
    if "-" in w:
        modifier, _, head = w.rpartition("-")
        if head.isalpha() and modifier.replace("-", "").isalpha() and not modifier.endswith("-"):
            return modifier + "-", head
        return None
    for prefix in _VERB_PREFIXES:
        if w.startswith(prefix) and len(w) - len(prefix) >= 4 and w.isalpha():
            return prefix, w[len(prefix) :]
    return None


def _compound_lemmas(w: str) -> dict[str, tuple[str, ...]]:
    """The lemmas of a compound or prefixed verb form, read by its head verb:
    "test-drove" -> ``test-drive``, "pre-ordered" -> ``pre-order``, "rebooked" ->
    ``rebook``. A hyphenated compound whose head is also a noun is that noun too ("took
    it for a test-drive", "bought ice-cream"), and a participle head is an adjective too
    ("a well-known café"), so a noun phrase is not cut at it. A deed told with a compound
    verb is the compound's own deed: test-driving a car is neither driving nor buying it."""
    parts = _compound_parts(w)
    if parts is None:
        return {}
    modifier, head = parts
    if not _facts(head)[0] and not _facts(head)[1]:
        return {}  # an unknown head ("Costco"): no reading
    bases = _facts(head)[0].get("VERB", ())
    if not bases or (not modifier.endswith("-") and head in bases):
        return {}  # a prefix is read on an inflected verb only ("rebooked", not "until")
    out: dict[str, tuple[str, ...]] = {"VERB": tuple(modifier + b for b in bases)}
    nouns = _facts(head)[0].get("NOUN", ())
    if modifier.endswith("-") and nouns:
        out["NOUN"] = tuple(modifier + n for n in nouns)  # "a test-drive", "ice-cream"
    if head.endswith(("ed", "en", "wn")) and head not in bases:
        out["ADJ"] = (w,)
    return out


@lru_cache(maxsize=65536)
def is_verb_lemma(word: str) -> bool:
    """True when ``word`` is the base form of a verb the dictionary knows, or a compound
    or prefixed verb on one ("test-drive", "rebook")."""
    w = _clean(word)
    if not w or not w[0].isalpha():
        return False
    if _facts(w)[1]:
        return True
    parts = None if _facts(w)[0] else _compound_parts(w)
    return parts is not None and w in lemmas(w).get("VERB", ()) and _facts(parts[1])[1]


def is_compound_verb(word: str) -> bool:
    """True when ``word`` is a compound or prefixed verb the dictionary does not list
    ("test-drive", "pre-ordered", "rebooked"): a deed of its own kind, told on a thing
    another deed is done to ("test-drove the Yaris" is no buying of it)."""
    w = _clean(word)
    parts = _compound_parts(w) if w and not _facts(w)[0] else None
    return parts is not None and bool(_facts(parts[1])[0].get("VERB"))


@lru_cache(maxsize=65536)
def verb_lemma(word: str) -> str | None:
    """The verb ``word`` is a form of ("went" -> "go", "meeting" -> "meet"), or None."""
    found = lemmas(word).get("VERB")
    return found[0] if found else None


@lru_cache(maxsize=65536)
def nominal_verb(noun: str) -> str | None:
    """The verb an event noun is made from ("renovation" -> "renovate"), or None."""
    w = _clean(noun)
    if w in _IRREGULAR_NOMINALS:
        verb = _IRREGULAR_NOMINALS[w]
        return verb if verb != w else None
    if is_verb_lemma(w):
        return None  # "question", "station": the word names its own verb
    for ending, replacements in _NOMINAL_RULES:
        if not w.endswith(ending):
            continue
        # only the most specific ending applies: "station" is not "state" + "-ion"
        stem = w[: -len(ending)]
        if len(stem) < 3:
            return None
        if ending == "al" and (len(stem) < 4 or "ADJ" in lemmas(w)):
            return None  # "final", "central", "coral" are no event nouns
        if ending == "ery" and not stem.endswith("v"):
            return None  # delivery, recovery, discovery; not "pottery", "battery"
        return next((stem + t for t in replacements if is_verb_lemma(stem + t)), None)
    return None


def _unknown_word_lemmas(w: str) -> dict[str, tuple[str, ...]]:
    """Lemmas of an inflected word the dictionary does not list ("kombuchas", "glamping",
    "photoshopped"), by lemminflect's rules for unknown words; other unknown words (names,
    codes) are left as they are."""
    if len(w) < 5 or not w.isalpha() or not w.isascii():
        return {}
    if w.endswith("s") and not w.endswith(("ss", "us", "is")):
        upos = "NOUN"
    elif w.endswith(("ed", "ing")):
        upos = "VERB"
    else:
        return {}
    backing = _BACKING.memo
    if backing is not None:
        stored = backing.get("unknown:" + w)
        if stored is not None:
            return {k: tuple(v) for k, v in json.loads(stored).items()}
    found = {k: tuple(v) for k, v in _lemminflect().getAllLemmasOOV(w, upos).items()}
    found = {k: v for k, v in found.items() if v and v[0] != w}
    if backing is not None:
        backing.put("unknown:" + w, json.dumps(found, sort_keys=True))
    return found


@lru_cache(maxsize=65536)
def lemma(word: str) -> str:
    """The dictionary form: a verb's base when the word is a verb form, else the noun's
    singular, else the word itself (lower-cased, possessive dropped; adjectives and adverbs
    keep their degree)."""
    w = _clean(word)
    found = lemmas(w)
    if not found and w.endswith("ve") and "NOUN" in lemmas(w + "s"):
        # "hoove", "knive", "scarve": a singular written back from the plural
        found = {"NOUN": lemmas(w + "s")["NOUN"]}
    if not found:
        found = _unknown_word_lemmas(w)
    for pos in ("VERB", "NOUN"):
        if found.get(pos):
            if pos == "VERB" and "NOUN" in found and w in found["NOUN"]:
                return w  # "meeting", "training": the form itself is a noun
            return found[pos][0]
    # an adjective or adverb stays as written: its degree ("later", "latest", "earlier")
    # is no form of an event word, and those are the words temporal questions relate by
    return w


@lru_cache(maxsize=65536)
def event_key(word: str) -> str:
    """The key events are matched by: the verb of a nominalisation, else the lemma."""
    w = _clean(word)
    base = lemma(w)
    if w in _NOT_VERB_FORMS or base in _NOT_VERB_FORMS:
        return base
    # "meetings" -> meeting -> meet: the plural of a verbal noun keys as its verb does
    found = nominal_verb(base) or verb_lemma(w) or verb_lemma(base) or base
    if found.endswith("ise") and len(found) > 5 and is_verb_lemma(found[:-3] + "ize"):
        return found[:-3] + "ize"  # organise / organize: one verb in two spellings
    return _SPELLINGS.get(found, found)


def is_event_noun(word: str) -> bool:
    """True when ``word`` is a noun made from a verb ("renovation", "arrival", "booking",
    "the death of"): it names that verb's event."""
    w = _clean(word)
    if w in _ZERO_NOMINALS:
        return True
    if not w or not w[0].isalpha() or "NOUN" not in lemmas(w) and w not in _IRREGULAR_NOMINALS:
        return False
    return event_key(w) != lemma(w)


#: The matching key of a word, the same for all its forms ("hung", "hanging", "hangs" ->
#: ``hang``; "cities" -> ``city``; "went" -> ``go``; "the renovation" -> ``renovate``).
key = event_key


@lru_cache(maxsize=65536)
def forms(word: str) -> tuple[str, ...]:
    """Every inflected form of the word's key and of the word itself (lower case, the word
    first): what a search must look for to find any form of it ("hanging" -> hanging,
    hang, hung, hangs…; "city" -> city, cities). Kept in the store's memo like the other
    word facts, so a command that searches loads no dictionary for a word seen before."""
    w = _clean(word)
    if not w or not w[0].isalpha():
        return (w,) if w else ()
    backing = _BACKING.memo
    if backing is not None:
        stored = backing.get("forms:" + w)
        if stored is not None:
            return tuple(json.loads(stored))
    out = [w]
    lib = _lemminflect()
    key_ = event_key(w)
    british = key_[:-3] + "ise" if key_.endswith("ize") else ""
    bases = (key_, lemma(w), british) if british and is_verb_lemma(british) else (key_, lemma(w))
    for base in dict.fromkeys(bases):
        if base not in out:
            out.append(base)
        for tag, found in lib.getAllInflections(base).items():
            if tag.startswith(("VB", "NN")):  # not "elder" for "old"
                out.extend(f.lower() for f in found if f.lower() not in out)
    if backing is not None:
        backing.put("forms:" + w, json.dumps(out))
    return tuple(out)


def keys(text: str) -> list[str]:
    """The event keys of every word of ``text``, in order."""
    return [event_key(w) for _, _, w in tokens(text)]


def _listed(text: str) -> list[str]:
    """The whitespace-separated words of a word-list literal."""
    return text.split()


#: Adverbs that stand between a contracted 's and its verb ("Tom's just moved", "Chiara's
#: finally getting married") and never between a possessive and its noun: after one of them
#: the 's is "is" or "has". A closed class of English.
_CLITIC_ADVERBS = frozenset(
    _listed(
        "just already finally now still also never not always probably definitely "
        "apparently recently officially suddenly actually"
    )
)
#: Words a possessive's noun phrase never opens with: determiners, object pronouns,
#: prepositions and particles. "Tom's a teacher", "the wedding's on the 14th", "Tom's in
#: Leeds", "Dad's off to Lagos": after them the 's is "is".
_NO_NOUN_AFTER = frozenset(
    _listed(
        "a an the this that these those my your his her our their its it me him us them "
        "on in at to from with by for of into onto off out up down over away here there "
        "so very too quite such"
    )
)
#: Words after an -ing form that make it a verb with its object, particle or complement
#: ("Tom's painting the fence", "Dad's flying out Friday", "Sam's meeting her on Friday").
_VERB_COMPLEMENTS = frozenset(
    _listed(
        "a an the this that these those my your his her our their its it me him us them "
        "out up down off away back over home"
    )
)
#: The clitic's readings a word after it fixes: "been", "got" and "had" are never a
#: possessive's noun ("Mum's had her operation", "Sam's got the keys", "Jo's been ill").
_PERFECT_CLITIC = frozenset(_listed("been got gotten gone had"))
#: Pronouns and other words whose 's is always a contraction ("he's", "that's", "where's").
_CONTRACTING = frozenset(
    _listed(
        "he she it that there here what who where how when why everyone everybody nobody "
        "someone somebody something nothing everything"
    )
)


def _is_participle(word: str) -> bool:
    """A verb's past participle or simple past ("moved", "started", "gone", "married")."""
    verb = verb_lemma(word)
    if verb is None:
        return False
    return is_simple_past(word) or word in {
        f.lower() for f in _lemminflect().getInflection(verb, tag="VBN")
    }


def is_past_participle(word: str) -> bool:
    """True when ``word`` is a verb's past participle or simple past ("bought", "returned",
    "serviced"): a property or keyword so named tells a deed done."""
    return _is_participle(_clean(word))


def _is_noun_only(word: str) -> bool:
    found = lemmas(word)
    return "NOUN" in found and "VERB" not in found and word not in _NO_NOUN_AFTER


#: Prepositions before a name with 's make it an elliptical possessive, never a subject:
#: "at Hartley's", "to my mum's", "from the baker's" (the shop, the home).
_PLACE_LEAD = frozenset(
    _listed("at to from in into by near with of for round past outside behind beside")
)
_LEAD_DETERMINERS = frozenset(_listed("the a my your his her our their"))


def clitic_s(owner: str, after: list[str], before: list[str] | None = None) -> str:
    """What the 's on ``owner`` is ("Chiara" of "Chiara's"), read by English grammar from the
    words right after it (``after``, in order): ``"is"`` ("Chiara's getting married",
    "the wedding's on the 14th", "Tom's a teacher"), ``"has"`` ("Tom's moved to Leeds",
    "Mum's had her operation", "my sister's just started") or ``"possessive"`` ("Chiara's
    wedding", "Tom's used car", "Tom's painting sold").

    A possessive is followed by its noun phrase: a noun, or an adjective or participle before
    one. An adverb such as "just" never stands between a possessive and its noun, nor does a
    determiner, a pronoun or a preposition; "been", "got", "had" are verbs. After a
    preposition (``before``: the words before the owner) the 's is a possessive whose noun
    is understood ("at Hartley's on Friday", "to my mum's"). An -ing form that
    is no noun ("getting", "moving") is a progressive; one that is also a noun ("wedding",
    "painting", "meeting") is a verb only when an object or particle follows it ("Tom's
    painting sold" is his painting)."""
    lead = [w.lower() for w in (before or [])][-2:]
    if lead and lead[-1] in _LEAD_DETERMINERS:
        lead = lead[:-1]
    if lead and lead[-1] in _PLACE_LEAD:
        return "possessive"  # "tried it on at Hartley's on Friday"
    low = [w.lower().replace("\u2019", "'") for w in after]
    if owner.lower() in _CONTRACTING:
        return "has" if low and (low[0] in _PERFECT_CLITIC or _is_participle(low[0])) else "is"
    i = 0
    while i < len(low) and low[i] in _CLITIC_ADVERBS:
        i += 1
    if i >= len(low):
        return "is" if i else "possessive"
    word = low[i]
    nxt = low[i + 1] if i + 1 < len(low) else ""
    if word in _PERFECT_CLITIC:
        return "has"
    if word in _NO_NOUN_AFTER:
        return "is"
    adverb_between = i > 0
    if word.endswith("ing") and verb_lemma(word) is not None:
        noun = word in lemmas(word).get("NOUN", ())
        if adverb_between or not noun or nxt in _VERB_COMPLEMENTS or word == "being":
            return "is"
        return "possessive"
    if _is_participle(word):
        if not adverb_between and "ADJ" in lemmas(word) and _is_noun_only(nxt):
            return "possessive"  # "Tom's used car", "my sister's married friends"
        return "has"
    return "is" if adverb_between else "possessive"


_CLITIC = lazyre.compile(r"\b(?P<owner>[A-Za-z][\w-]*)['\u2019]s\b")


def expand_clitics(text: str) -> str:
    """``text`` with every contracted 's written out ("Chiara's getting married" ->
    "Chiara is getting married", "Tom's moved" -> "Tom has moved"); possessives stay."""

    def repl(m: re.Match[str]) -> str:
        after = [w for _, _, w in tokens(text[m.end() : m.end() + 60])][:3]
        before = [w for _, _, w in tokens(text[max(0, m.start() - 40) : m.start()])][-2:]
        reading = clitic_s(m["owner"], after, before)
        return m.group(0) if reading == "possessive" else f"{m['owner']} {reading}"

    return _CLITIC.sub(repl, text)
