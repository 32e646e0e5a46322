"""The gate judges a yes to the turn before as the statement it makes.

A record that answers the turn before carries that turn's closing past question
(``EvidenceRecord.asked``: "Did you sign the lease?" -> "sign the lease"). A quote that opens
the record's prose with a yes ("Yes, on Friday!") is judged as "I signed the lease, on
Friday!" by the same checks as any quote; a yes in the middle of a turn, a yes with nothing
asked before it, a yes taken back or moved ahead, or a question about another deed is not.
"""

from __future__ import annotations

from datetime import datetime

import pytest
from notes_helpers import GATE_THRESHOLD as THRESHOLD
from notes_helpers import gate_probability

TURN = ":ID: chat-1-t1\nsource: chat.org:5\n* Noor\n:PROPERTIES:\n:ID: chat-1-t1\n:END:\n"


def _check(body: str, quote: str, name: str, expression: str, asked: str) -> float:
    return gate_probability(
        quote, name, expression, text=TURN + body, asked=asked, written=datetime(2031, 3, 17, 19)
    )


@pytest.mark.parametrize(
    ("body", "quote", "name", "expression", "asked"),
    [
        (
            "Yes, on Friday! I move in May.",
            "Yes, on Friday!",
            "sign the lease",
            "Friday",
            "sign the lease",
        ),
        (
            "Yeah, I did, two days ago.",
            "Yeah, I did, two days ago.",
            "book the caterer",
            "two days ago",
            "book the caterer too",
        ),
        (
            "Yes, last week. I liked it.",
            "Yes, last week.",
            "look at the tents",
            "last week",
            "looked at the tents",
        ),
    ],
)
def test_a_yes_to_the_asked_deed_passes(
    body: str, quote: str, name: str, expression: str, asked: str
) -> None:
    assert _check(body, quote, name, expression, asked) >= THRESHOLD


@pytest.mark.parametrize(
    ("body", "quote", "name", "expression", "asked"),
    [
        # nothing asked before the turn
        ("Yes, on Friday!", "Yes, on Friday!", "sign the lease", "Friday", ""),
        # another deed asked
        ("Yes, on Friday!", "Yes, on Friday!", "sign the lease", "Friday", "paint the fence"),
        # the yes is not where the turn's prose opens
        (
            "I was nervous. Yes, on Friday!",
            "Yes, on Friday!",
            "sign the lease",
            "Friday",
            "sign the lease",
        ),
        # a yes moved ahead, and one taken back
        (
            "Yes, I will on Friday.",
            "Yes, I will on Friday.",
            "sign the lease",
            "Friday",
            "sign the lease",
        ),
        (
            "Yes, but I didn't sign it on Friday.",
            "Yes, but I didn't sign it on Friday.",
            "sign the lease",
            "Friday",
            "sign the lease",
        ),
    ],
)
def test_a_yes_that_does_not_answer_the_name_is_refused(
    body: str, quote: str, name: str, expression: str, asked: str
) -> None:
    assert _check(body, quote, name, expression, asked) < THRESHOLD
