"""A light verb with a particle is a deed of its own: "take out the canoe", "give away".

The gate lets a light verb ("take my driving test", "have a party") be told by any clause
about its object; with a particle after it ("take out", "set up", "give away") the verb says
the deed, so "I bought a canoe paddle in March" does not tell taking the paddle out (a
wrong acceptance found on invented notes, where the rare words of the object carried the
resolver's coverage without the verb).
"""

from __future__ import annotations

import pytest
from notes_helpers import GATE_THRESHOLD as THRESHOLD
from notes_helpers import gate_probability as _check


@pytest.mark.parametrize(
    ("quote", "name", "expression"),
    [
        ("I bought a canoe paddle in March.", "take out the canoe paddle", "March"),
        (
            "I found a sewing machine at the flea market in March.",
            "give away the sewing machine",
            "March",
        ),
        ("We ordered a gazebo for the garden in May.", "set up the gazebo", "May"),
    ],
)
def test_a_phrasal_deed_is_not_told_by_another_verb_on_its_object(
    quote: str, name: str, expression: str
) -> None:
    assert _check(quote, name, expression) < THRESHOLD


@pytest.mark.parametrize(
    ("quote", "name", "expression"),
    [
        ("I took out the canoe on Sunday.", "take out the canoe", "Sunday"),
        ("I took the canoe paddle out on the lake in March.", "take out the canoe paddle", "March"),
        ("I took my driving test on Monday.", "take my driving test", "Monday"),
        ("We set up the gazebo in May.", "set up the gazebo", "May"),
    ],
)
def test_a_phrasal_deed_told_by_its_own_verb_passes(quote: str, name: str, expression: str) -> None:
    assert _check(quote, name, expression) >= THRESHOLD
