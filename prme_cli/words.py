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
a noun. The dictionary loads on first use (~0.2 s), so commands that never compare words do
not pay for it.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from typing import Any

from prme_cli.memo import Slot

_WORD = re.compile(r"[A-Za-z0-9][A-Za-z0-9'\u2019&+#-]*[A-Za-z0-9+#]|[A-Za-z0-9]")

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


def is_simple_past(word: str) -> bool:
    """True when ``word`` is the simple past of a verb ("baked", "went", "ran")."""
    w = _clean(word)
    return bool(w) and w[0].isalpha() and _facts(w)[2]


def tokens(text: str) -> list[tuple[int, int, str]]:
    """Words of ``text`` with their character spans (apostrophes and hyphens kept inside)."""
    return [(m.start(), m.end(), m.group(0)) for m in _WORD.finditer(text)]


def _clean(word: str) -> str:
    w = word.lower().replace("\u2019", "'")
    w = w.removesuffix("'s")
    return w.strip("'")


@lru_cache(maxsize=65536)
def lemmas(word: str) -> dict[str, tuple[str, ...]]:
    """Every lemma of ``word`` by universal part of speech (``VERB``, ``NOUN``, ``ADJ``…)."""
    w = _clean(word)
    if not w or not w[0].isalpha():
        return {}
    return dict(_facts(w)[0])


@lru_cache(maxsize=65536)
def is_verb_lemma(word: str) -> bool:
    """True when ``word`` is the base form of a verb the dictionary knows."""
    w = _clean(word)
    return bool(w) and w[0].isalpha() and _facts(w)[1]


@lru_cache(maxsize=65536)
def verb_lemma(word: str) -> str | None:
    """The verb ``word`` is a form of ("went" -> "go", "meeting" -> "meet"), or None."""
    found = lemmas(word).get("VERB")
    return found[0] if found else None


@lru_cache(maxsize=65536)
def nominal_verb(noun: str) -> str | None:
    """The verb an event noun is made from ("renovation" -> "renovate"), or None."""
    w = _clean(noun)
    for ending, replacements in _NOMINAL_RULES:
        if not w.endswith(ending):
            continue
        # only the most specific ending applies: "station" is not "state" + "-ion"
        stem = w[: -len(ending)]
        if len(stem) < 3:
            return None
        return next((stem + t for t in replacements if is_verb_lemma(stem + t)), None)
    return None


@lru_cache(maxsize=65536)
def lemma(word: str) -> str:
    """The dictionary form: a verb's base when the word is a verb form, else the noun's
    singular, else the word itself (lower-cased, possessive dropped)."""
    w = _clean(word)
    found = lemmas(w)
    for pos in ("VERB", "NOUN", "ADJ", "ADV"):
        if found.get(pos):
            if pos == "VERB" and "NOUN" in found and w in found["NOUN"]:
                return w  # "meeting", "training": the form itself is a noun
            return found[pos][0]
    return w


@lru_cache(maxsize=65536)
def event_key(word: str) -> str:
    """The key events are matched by: the verb of a nominalisation, else the lemma."""
    w = _clean(word)
    base = lemma(w)
    return nominal_verb(base) or verb_lemma(w) or base


def keys(text: str) -> list[str]:
    """The event keys of every word of ``text``, in order."""
    return [event_key(w) for _, _, w in tokens(text)]
