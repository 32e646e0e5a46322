"""The word normaliser's reading of a clitic 's: a contracted "is" or "has", or a possessive.

"Chiara's getting married" (is), "Tom's moved to Leeds" (has) and "Chiara's wedding"
(possessive) are told apart by the words after the 's, by English grammar: a possessive is
followed by its noun phrase, never by a determiner, a pronoun, a preposition or an adverb
such as "just"; an -ing form that is no noun is a progressive, one that is also a noun is a
verb only with an object or particle after it; a participle is a perfect, unless an
adjective reading of it stands before a noun ("Tom's used car").
"""

from __future__ import annotations

import pytest

from prme_cli import words


def _reading(text: str) -> str:
    owner, _, rest = text.partition("'s ")
    return words.clitic_s(owner.split()[-1], rest.split())


@pytest.mark.parametrize(
    "text",
    [
        "Chiara's getting married on the 14th",
        "Tom's moving to Leeds",
        "Dad's flying out Friday",
        "Tom's painting the fence",
        "Sam's meeting her on Friday",
        "Chiara's finally getting married",
        "the wedding's on the 14th",
        "Tom's in Leeds",
        "Tom's a teacher",
        "he's getting married",
    ],
)
def test_a_contracted_is(text: str) -> None:
    assert _reading(text) == "is"


@pytest.mark.parametrize(
    "text",
    [
        "Tom's moved to Leeds",
        "my sister's started her new job",
        "Mum's had her operation",
        "Sam's got the keys",
        "Jo's been ill",
        "Tom's just moved",
        "Tom's used the car",
    ],
)
def test_a_contracted_has(text: str) -> None:
    assert _reading(text) == "has"


@pytest.mark.parametrize(
    "text",
    [
        "Chiara's wedding is on the 14th",
        "Tom's move to Leeds was last week",
        "Tom's painting sold for a fortune",
        "Tom's used car",
        "Tom's new job",
        "Tom's running shoes",
        "Tom's birthday",
        "Tom's meeting on Friday",
    ],
)
def test_a_possessive(text: str) -> None:
    assert _reading(text) == "possessive"


def test_expand_clitics_writes_out_contractions_and_keeps_possessives() -> None:
    assert words.expand_clitics("Chiara's getting married") == "Chiara is getting married"
    assert words.expand_clitics("Tom's moved, Tom's car") == "Tom has moved, Tom's car"
    assert words.expand_clitics("My wedding's on the 14th") == "My wedding is on the 14th"


@pytest.mark.parametrize(
    ("before", "owner", "after"),
    [
        ("tried on a coat at", "Hartley", "on Friday"),
        ("we went to my", "mum", "for lunch"),
        ("bought bread from the", "baker", "this morning"),
    ],
)
def test_a_possessive_after_a_preposition_names_a_place(
    before: str, owner: str, after: str
) -> None:
    assert words.clitic_s(owner, after.split(), before.split()) == "possessive"
    assert words.clitic_s(owner, after.split()) == "is"  # without the preposition: "Mum's on"
