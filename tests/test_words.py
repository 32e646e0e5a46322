"""The one word normaliser (prme_cli/words.py) and the modules that read words through it.

Retrieval, the question frame, the events stored at ingest, the resolver's alignment and the
gate must see the same word in every form of it: otherwise a question's "hanging" finds no
note saying "hung", or the gate refuses what alignment matched.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from prme_cli import words
from prme_cli.relate.frame import analyse
from prme_cli.relate.symbolic import gate, lexicon
from prme_cli.retrieval import _prefixes
from prme_cli.textevents import Discourse, node_text_events

PACKAGE = Path(words.__file__).resolve().parent

GROUPS = [
    ("hung", "hanging", "hangs", "hang"),
    ("cities", "city"),
    ("went", "go", "goes", "gone"),
    ("renovation", "renovated", "renovating"),
    ("arrival", "arrived"),
    ("meetings", "meeting", "met"),
    ("bought", "buying", "buy"),
    ("organised", "organize", "organisation"),  # British and American spelling
    ("kombuchas", "kombucha"),  # a word the dictionary does not list
]


@pytest.mark.parametrize(
    "group",
    [*GROUPS, ("hooves", "hoof", "hoove"), ("knives", "knive")],  # a singular from the plural
    ids=lambda g: "/".join(g),
)
def test_every_form_of_a_word_has_one_key(group: tuple[str, ...]) -> None:
    assert len({words.key(w) for w in group}) == 1


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("station", "state"),
        ("evening", "even"),
        ("final", "fine"),
        ("question", "quest"),
        ("pottery", "potter"),
    ],
)
def test_words_that_only_look_derived_keep_their_own_key(first: str, second: str) -> None:
    assert words.key(first) != words.key(second)


@pytest.mark.parametrize("group", GROUPS, ids=lambda g: "/".join(g))
def test_alignment_gate_and_retrieval_agree_on_the_forms(group: tuple[str, ...]) -> None:
    # alignment's key and the gate's stem are the normaliser's key
    assert {lexicon.key(w) for w in group} == {words.key(group[0])}
    assert len({gate._stem(w) for w in group}) == 1
    # retrieval searches for a prefix of every form, whichever form the question used
    for asked in group:
        prefixes = _prefixes(asked)
        for told in group:
            assert any(told.startswith(p) if star else told == p for p, star in prefixes), (
                asked,
                told,
                prefixes,
            )


@pytest.mark.parametrize(
    ("question", "note"),
    [
        ("When did I hang the mirror?", "Hung the mirror in the hall."),
        ("When did I go to Porto?", "I went to Porto with Ana."),
        ("When did I buy the kettle?", "Bought a new kettle at the market."),
    ],
)
def test_question_frame_and_stored_events_agree(question: str, note: str) -> None:
    frame = analyse(question)
    assert frame is not None
    told = node_text_events("", note, anchor=None, discourse=Discourse())
    assert frame.events[0].predicate in {e.predicate for e in told}


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            found |= {f"{node.module}.{a.name}" for a in node.names}
    return found


def test_only_the_normaliser_reads_the_lemma_dictionary() -> None:
    users = [
        p.relative_to(PACKAGE).as_posix()
        for p in PACKAGE.rglob("*.py")
        if "lemminflect" in _imports(p)
    ]
    assert users == ["words.py"]


def test_the_gate_reads_none_of_the_resolvers_tables() -> None:
    """The gates may share the normaliser and read the ingest event extractor (whose sense
    classes the resolver's alignment does not read), never the resolver's own modules: its
    alignment, structure family, question parser, frame or word tables (``lexicon``). The
    full list of what a gate may import is checked in
    ``tests/relate/test_gate_shares_no_word_tables.py``."""
    resolver_side = {
        "prme_cli.relate.symbolic.align",
        "prme_cli.relate.symbolic.resolver",
        "prme_cli.relate.symbolic.structure",
        "prme_cli.relate.symbolic.question",
        "prme_cli.relate.symbolic.lexicon",
        "prme_cli.relate.frame",
    }
    for name in ("gate.py", "gate_structure.py", "gate_event.py", "gate_words.py"):
        found = _imports(PACKAGE / "relate" / "symbolic" / name)
        assert not {i for i in found if i.rsplit(".", 1)[0] in resolver_side}, name
        assert not found & resolver_side, name
        assert not any("lexicon" in i for i in found), name


def test_no_relate_code_spells_a_key_the_old_way() -> None:
    """Keys compared with written strings must be built with the normaliser
    (``lexicon.key("schedule")``): the suffix stripper it replaced wrote "schedul" and
    "participat", which no key of the normaliser ever equals."""
    stale = []
    for path in (PACKAGE / "relate").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                for word in node.value.split():
                    if (
                        len(word) >= 4
                        and word.isalpha()
                        and word.islower()
                        and not words.lemmas(word)
                        and words.is_verb_lemma(word + "e")
                    ):
                        stale.append(f"{path.name}:{node.lineno} {word}")
    assert not stale


@pytest.mark.parametrize(
    ("word", "verb", "head"),
    [
        ("test-drove", "test-drive", "drove"),
        ("test-driving", "test-drive", "driving"),
        ("pre-ordered", "pre-order", "ordered"),
        ("double-checked", "double-check", "checked"),
        ("window-shopped", "window-shop", "shopped"),
        ("house-hunted", "house-hunt", "hunted"),
        ("spring-cleaned", "spring-clean", "cleaned"),
        ("rebooked", "rebook", "booked"),
        ("preordered", "preorder", "ordered"),
        ("re-booked", "re-book", "booked"),
    ],
)
def test_a_compound_or_prefixed_verb_is_read_by_its_head(word: str, verb: str, head: str) -> None:
    # a compound the dictionary does not list is the verb its right-hand head is, with
    # its modifier: its own deed, not the head's ("test-drove" is no "drove")
    assert words.verb_lemma(word) == verb
    assert words.key(word) == verb
    assert words.is_compound_verb(verb)
    assert words.key(word) != words.key(head)


def test_a_compound_s_simple_past_and_base_are_known() -> None:
    assert words.is_simple_past("test-drove") and words.is_simple_past("rebooked")
    assert words.is_verb_lemma("test-drive") and not words.is_simple_past("test-drive")


@pytest.mark.parametrize("word", ["until", "check-up", "mother-in-law", "twenty-one", "costco"])
def test_no_verb_is_read_where_no_verb_heads_the_word(word: str) -> None:
    # a prefix is read only on an inflected verb ("until" is no "un" + "til"), and a
    # hyphenated word whose head is no verb stays as the dictionary has it
    assert not words.is_compound_verb(word) or words.lemmas(word)
    assert words.verb_lemma(word) is None


def test_a_participle_compound_is_an_adjective_too() -> None:
    # "a well-known cafe": the noun phrase is not cut at the compound
    assert "ADJ" in words.lemmas("well-known")
