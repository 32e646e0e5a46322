"""Two readings of the gate's about words that are no thing and no date.

"for a while", "for a bit", "in a moment" are spells of time: an "it" or "one" after them
still stands for the thing named before ("I've been meaning to try the climbing wall for a
while, and I finally tried it two weeks ago"); a thing brought in between still takes the
pronoun ("… then picked a red canoe and I launched it on Sunday" launched the canoe).

"on a Sunday", "one Sunday morning" name no particular day, so between the event and its
time they are no other date that might be the event's; "on Sunday" is one.
"""

from __future__ import annotations

import pytest
from notes_helpers import GATE_THRESHOLD, gate_probability


@pytest.mark.parametrize(
    ("quote", "name", "expression"),
    [
        (
            (
                "I have been meaning to try the climbing wall for a while, and I finally tried it "
                "two weeks ago."
            ),
            "try the climbing wall",
            "two weeks ago",
        ),
        (
            "I had wanted a new kettle for a bit, and I finally bought one on Monday.",
            "buy a new kettle",
            "on Monday",
        ),
        (
            (
                'I have been meaning to check out "Slow Horses" for a while, and I finally started '
                "it about a month ago."
            ),
            "start watching Slow Horses",
            "about a month ago",
        ),
    ],
)
def test_a_spell_of_time_takes_no_pronoun(quote: str, name: str, expression: str) -> None:
    assert gate_probability(quote, name, expression) >= GATE_THRESHOLD


def test_a_thing_brought_in_after_the_spell_still_takes_it() -> None:
    quote = (
        "I looked at the blue kayak for a while, then picked a red canoe and I launched it "
        "on Sunday."
    )
    assert gate_probability(quote, "launch the blue kayak", "on Sunday") < GATE_THRESHOLD
    assert gate_probability(quote, "launch the red canoe", "on Sunday") >= GATE_THRESHOLD


@pytest.mark.parametrize(
    ("quote", "expression"),
    [
        ("I repainted the garden shed on a Sunday, three weeks ago.", "three weeks ago"),
        (
            "I repainted the garden shed on one Sunday morning, about three weeks ago.",
            "about three weeks ago",
        ),
    ],
)
def test_an_indefinite_day_between_is_no_other_date(quote: str, expression: str) -> None:
    assert gate_probability(quote, "repaint the garden shed", expression) >= GATE_THRESHOLD


def test_a_particular_day_between_is_another_date() -> None:
    quote = "I repainted the garden shed on Sunday, three weeks ago."
    assert gate_probability(quote, "repaint the garden shed", "three weeks ago") < GATE_THRESHOLD
