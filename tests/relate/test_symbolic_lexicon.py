"""The general-English normaliser behind symbolic alignment."""

from __future__ import annotations

import pytest

from prme_cli.relate.symbolic import lexicon


@pytest.mark.parametrize(
    ("forms", "same"),
    [
        (("finish", "finished", "finishing", "finishes"), True),
        (("bake", "baked", "baking", "bakes"), True),
        (("buy", "bought", "buying"), True),
        (("go", "went", "gone", "goes"), True),
        (("study", "studied", "studies"), True),
        (("plan", "planned", "planning"), True),
        (("hang", "hung", "hanging"), True),
        (("class", "classes"), True),
        (("start", "finish"), False),
    ],
)
def test_keys(forms: tuple[str, ...], same: bool) -> None:
    keys = {lexicon.key(f) for f in forms}
    assert (len(keys) == 1) is same


@pytest.mark.parametrize("word", ["morning", "evening", "wedding", "news", "glass", "thesis"])
def test_words_that_only_look_inflected(word: str) -> None:
    assert lexicon.lemma(word) == word


def test_nominalisations_meet_their_verbs() -> None:
    assert lexicon.key("completion") == lexicon.key("completed")
    assert lexicon.key("purchase") == lexicon.key("purchased")
    assert lexicon.key("arrival") == lexicon.key("arrived")


def test_relatedness_grades() -> None:
    assert lexicon.relatedness(lexicon.key("buy"), lexicon.key("bought")) == 1.0
    assert lexicon.relatedness(lexicon.key("buy"), lexicon.key("purchase")) == 0.7
    assert 0 < lexicon.relatedness(lexicon.key("buy"), lexicon.key("got")) < 0.7
    assert lexicon.relatedness(lexicon.key("buy"), lexicon.key("sell")) == 0.0


def test_aspects() -> None:
    assert lexicon.aspect_of([lexicon.key("started")]) == {"start"}
    assert lexicon.aspect_of([lexicon.key("completed")]) == {"finish"}
    assert lexicon.aspect_of([lexicon.key("delivered")]) == {"receive"}
    assert lexicon.aspect_of([lexicon.key("visited")]) == set()


def test_modal_and_negation_cues() -> None:
    assert lexicon.MODAL_RE.search("I'm planning to repaint the shed")
    assert lexicon.MODAL_RE.search("I will call the plumber")
    assert not lexicon.MODAL_RE.search("I repainted the shed")
    assert lexicon.NEGATION_RE.search("I didn't go to the gym")
    assert not lexicon.NEGATION_RE.search("I went to the gym")


def test_content_keys_drop_function_words() -> None:
    assert lexicon.content_keys("I went to the market with my sister") == [
        lexicon.key("went"),
        lexicon.key("market"),
        lexicon.key("sister"),
    ]
