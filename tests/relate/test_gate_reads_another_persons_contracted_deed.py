"""The gate: a clause whose 's makes another person its doer is not the asked one's deed.

"Chiara's getting married on the 14th of June", Luca's turn, answered "When did Luca get
married?" on an unseen chat set (pairs3), and the gate agreed: the quote named Luca (the
turn's heading) and told the deed. The gate now reads a clitic 's in the cited clause by
its own rule: a contracted "is" or "has" ("Chiara's getting married", "Tom's moved", "Mum's
had her operation") makes the word before it the clause's subject, and a possessive right
before the name's own event noun ("Tom's move to Leeds") makes its owner the doer. When that
doer is not the one asked about (the speaker, the writer), the answer is doubted; a
contracted "is" before an -ing form with a time is a present progressive, an arrangement,
which a past question does not accept either. The notes are invented for these rules; each
quote is also asked about its own doer (accepted), so a gate that accepts everything fails
the first half and one that refuses everything the second.
"""

from __future__ import annotations

import pytest
from notes_helpers import GATE_THRESHOLD, gate_for

#: (question, quote, the name asked, the expression cited): the quote's deed is another's.
ANOTHERS = [
    (
        "When did I get married?",
        "Chiara's getting married on the 14th of June.",
        "get married",
        "the 14th of June",
    ),
    (
        "When did Luca get married?",
        "** Luca\nFinally, yes. Chiara's getting married on the 14th of June.",
        "get married",
        "the 14th of June",
    ),
    ("When did I move to Leeds?", "Tom's moved to Leeds on the 3rd.", "move to Leeds", "the 3rd"),
    (
        "When did Marco move to Leeds?",
        "** Marco\nTom's move to Leeds was on the 3rd.",
        "move to Leeds",
        "the 3rd",
    ),
    (
        "When did I have my knee operation?",
        "Mum's had her knee operation this morning.",
        "have my knee operation",
        "this morning",
    ),
    (
        "When did Marco start the new job?",
        "** Marco\nMy sister's started her new job on Monday.",
        "start the new job",
        "Monday",
    ),
    (
        "When did I fly to Lagos?",
        "Dad's just flown out to Lagos, on Friday.",
        "fly to Lagos",
        "Friday",
    ),
]


@pytest.mark.parametrize(("question", "quote", "name", "expression"), ANOTHERS)
def test_another_persons_contracted_deed_is_doubted(
    question: str, quote: str, name: str, expression: str
) -> None:
    assert gate_for(question, quote, name, expression) < GATE_THRESHOLD


#: The same quotes asked about their own doer, and the asker's own deed told plainly.
OWN = [
    ("When did Tom move to Leeds?", "Tom's moved to Leeds on the 3rd.", "move to Leeds", "the 3rd"),
    (
        "When did Tom move to Leeds?",
        "** Marco\nTom's move to Leeds was on the 3rd.",
        "move to Leeds",
        "the 3rd",
    ),
    (
        "When did Mum have her knee operation?",
        "Mum's had her knee operation this morning.",
        "have her knee operation",
        "this morning",
    ),
    ("When did I move to Leeds?", "My move to Leeds was on the 3rd.", "move to Leeds", "the 3rd"),
    ("When did I move to Leeds?", "I moved to Leeds on the 3rd.", "move to Leeds", "the 3rd"),
    (
        "When did I go to Chiara's wedding?",
        "I went to Chiara's wedding on the 14th of June.",
        "go to Chiara's wedding",
        "the 14th of June",
    ),
    (
        "When did the parcel arrive?",
        "The parcel's arrived on Monday, finally.",
        "the parcel arrive",
        "Monday",
    ),
    (
        "When is Chiara getting married?",
        "Chiara's getting married on the 14th of June.",
        "getting married",
        "the 14th of June",
    ),
]


@pytest.mark.parametrize(("question", "quote", "name", "expression"), OWN)
def test_the_deed_of_the_one_asked_about_passes(
    question: str, quote: str, name: str, expression: str
) -> None:
    assert gate_for(question, quote, name, expression) >= GATE_THRESHOLD


@pytest.mark.parametrize(
    ("question", "quote", "name", "expression"),
    [
        (
            "When did Chiara get married?",
            "Chiara's getting married on the 14th of June.",
            "get married",
            "the 14th of June",
        ),
        (
            "When did Tom move to Leeds?",
            "Tom's moving to Leeds on the 3rd of March.",
            "move to Leeds",
            "the 3rd of March",
        ),
        (
            "When did Sam paint the fence?",
            "Sam's painting the fence on Saturday.",
            "paint the fence",
            "Saturday",
        ),
    ],
)
def test_a_contracted_progressive_with_a_time_is_doubted_as_a_deed(
    question: str, quote: str, name: str, expression: str
) -> None:
    assert gate_for(question, quote, name, expression) < GATE_THRESHOLD


def test_a_possessive_before_a_noun_is_no_progressive() -> None:
    # "Sam's painting sold": his painting, a thing; the sale is told in the past
    quote = "Sam's painting sold at the auction on Saturday."
    assert gate_for("When did Sam's painting sell?", quote, "Sam's painting sell", "Saturday") >= (
        GATE_THRESHOLD
    )
