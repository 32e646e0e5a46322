"""The gate reads what "it" or "one" stands for, by its own method.

When the clause the expression dates tells its deed on a pronoun and names none of the
operand's nouns itself, the pronoun stands for the last noun of the dictionary said before
it in the quote (a noun for whom the thing is, "for my niece", left out); that noun must be
a word of the operand's name. "I returned the blender and picked out a new toaster. I
bought it on Monday" dates buying the toaster, not the blender. The resolver reads the
pronoun through noun phrases and its own person table; the gate shares neither.
"""

from __future__ import annotations

import pytest
from notes_helpers import GATE_THRESHOLD as THRESHOLD
from notes_helpers import gate_probability as _check


@pytest.mark.parametrize(
    ("quote", "name", "expression"),
    [
        (
            "I returned the blender and picked out a new toaster. I bought it on Monday.",
            "buy the toaster",
            "Monday",
        ),
        (
            "I'm having trouble with my new rice cooker. I bought it on Monday, sadly.",
            "buy the rice cooker",
            "Monday",
        ),
        (
            "Do you know how to season a cast iron skillet? I got one from my aunt last Sunday.",
            "get the cast iron skillet",
            "last Sunday",
        ),
        (
            "Finished the patchwork quilt for my niece. I started it on February 2nd.",
            "start the patchwork quilt",
            "February 2nd",
        ),
    ],
)
def test_a_pronoun_for_the_named_thing_passes(quote: str, name: str, expression: str) -> None:
    assert _check(quote, name, expression) >= THRESHOLD


@pytest.mark.parametrize(
    ("quote", "name", "expression"),
    [
        (
            "I returned the blender and picked out a new toaster. I bought it on Monday.",
            "buy the blender",
            "Monday",
        ),
        (
            "My brother has a rice cooker and a new toaster. I bought it on Monday.",
            "buy the rice cooker",
            "Monday",
        ),
        (
            "We looked at a kayak, then at a paddleboard. I rented one on Saturday.",
            "rent the kayak",
            "Saturday",
        ),
        (
            "The tent was too small, so I took the hammock instead. I set it up on Friday.",
            "set up the tent",
            "Friday",
        ),
    ],
)
def test_a_pronoun_for_another_thing_is_refused(quote: str, name: str, expression: str) -> None:
    assert _check(quote, name, expression) < THRESHOLD


def test_a_named_thing_needs_no_pronoun_reading() -> None:
    quote = "I love my new toaster. I bought the rice cooker on Monday."
    assert _check(quote, "buy the rice cooker", "Monday") >= THRESHOLD
