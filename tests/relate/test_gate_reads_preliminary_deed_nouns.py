"""The gate: a deed leading up to another, told as a noun, does not date that other deed.

"I sent off the application for the Porto job this morning" answered "When did Ana get the
Porto job?" on an unseen chat set (pairs3); the resolver was taught to refuse it (its own
list of such nouns, tests/relate/test_preliminary_deed_nouns.py), but the gate still gave
it 0.93: the job's words were all there and "sent" is no deed of getting the gate knew to
doubt. The gate now reads the cited clause's object by the ingest extractor and its deed by
the normaliser's key ("application" -> apply, "booking" -> book, "viewing" -> view), and
doubts an answer whose clause tells a deed of arranging, asking for or looking at the
name's thing (its own list), with the thing as that noun's aim ("… for the job", "… of the
flat", "… on the cottage"). Asked as that deed itself, or told with the name's own deed,
the same quotes pass, so a gate that accepts everything fails the first half and one that
refuses everything the second. The notes are invented for this rule.
"""

from __future__ import annotations

import pytest
from notes_helpers import GATE_THRESHOLD, gate_for

LEADING_UP = [
    (
        "When did I get the Lisbon job?",
        "I sent off the application for the Lisbon job this morning.",
        "get the Lisbon job",
        "this morning",
    ),
    (
        "When did Ana get the Porto job?",
        "** Ana\nI sent off the application for the Porto job this morning.",
        "get the Porto job",
        "this morning",
    ),
    (
        "When did I get the bakery job?",
        "Submitted my application for the bakery job on Monday.",
        "get the bakery job",
        "Monday",
    ),
    (
        "When did I get the corner allotment?",
        "Put in a request for the corner allotment today.",
        "get the corner allotment",
        "today",
    ),
    (
        "When did I take the ferry to Texel?",
        "Made a booking for the ferry to Texel this morning.",
        "take the ferry to Texel",
        "this morning",
    ),
    (
        "When did I get the beagle puppy?",
        "Sent an enquiry about the beagle puppy on Tuesday.",
        "get the beagle puppy",
        "Tuesday",
    ),
    (
        "When did we buy the cottage?",
        "We put in a bid on the cottage on Monday.",
        "buy the cottage",
        "Monday",
    ),
]


@pytest.mark.parametrize(("question", "quote", "name", "expression"), LEADING_UP)
def test_a_deed_leading_up_told_as_a_noun_is_doubted(
    question: str, quote: str, name: str, expression: str
) -> None:
    assert gate_for(question, quote, name, expression) < GATE_THRESHOLD


TOLD = [
    (
        "When did I apply for the Lisbon job?",
        "I sent off the application for the Lisbon job this morning.",
        "apply for the Lisbon job",
        "this morning",
    ),
    (
        "When did I send off the application?",
        "I sent off the application for the Lisbon job this morning.",
        "send off the application",
        "this morning",
    ),
    (
        "When did I book the ferry to Texel?",
        "Made a booking for the ferry to Texel this morning.",
        "book the ferry to Texel",
        "this morning",
    ),
    (
        "When did I get the Gdansk job?",
        "Got the Gdansk job today, after the application for it in May!",
        "get the Gdansk job",
        "today",
    ),
    (
        "When did I buy the new sofa?",
        "Placed an order for the new sofa on Tuesday.",
        "buy the new sofa",
        "Tuesday",
    ),
    (
        "When did we buy the cottage?",
        "We bought the cottage on Monday.",
        "buy the cottage",
        "Monday",
    ),
]


@pytest.mark.parametrize(("question", "quote", "name", "expression"), TOLD)
def test_the_deed_itself_or_the_noun_asked_passes(
    question: str, quote: str, name: str, expression: str
) -> None:
    assert gate_for(question, quote, name, expression) >= GATE_THRESHOLD
