"""The gate: a deed done to a thing is not another deed on the same thing.

"I test-drove a Yaris yesterday!" answered "When did Elif buy the Yaris?" on an unseen set
(tests/fixtures/pair_chats2): the extractor read no predicate from the hyphenated verb, the
gate took the missing reading for agreement, and the object's rare word carried the rest.
The gate now refuses an answer whose cited clause tells a deed of another sense on the
name's thing — a compound or prefixed verb ("test-drove", "pre-ordered", "rebooked",
"window-shopped"), a particle or prepositional verb ("looked at", "applied for", "tried
on"), a deed of arranging ("booked the flight" is no flying) — and a quote whose deed it
cannot read at all. The notes below are invented for these rules; each wording is asked as
the deed done (refused) and as the deed told (accepted), so a gate that accepts everything
fails the first half and one that refuses everything the second.
"""

from __future__ import annotations

import pytest
from notes_helpers import GATE_THRESHOLD as THRESHOLD
from notes_helpers import gate_probability as _check

#: (quote, the name asked, the expression cited): the quote tells another deed on the thing.
MISMATCHED = [
    # compound and prefixed verbs, first and third person
    ("I test-drove a Yaris yesterday!", "buy the Yaris", "yesterday"),
    ("Mira test-drove the Kona on Saturday.", "Mira buy the Kona", "Saturday"),
    ("Test-drove the Golf on Monday, lovely gearbox.", "buy the Golf", "Monday"),
    ("I pre-ordered the Kindle Scribe on Thursday.", "buy the Kindle Scribe", "Thursday"),
    ("I pre-ordered the Kindle Scribe on Thursday.", "get the Kindle Scribe", "Thursday"),
    ("We preordered the stroller in March.", "get the stroller", "March"),
    ("I rebooked the ferry to Santander yesterday.", "take the ferry to Santander", "yesterday"),
    ("I re-booked the dentist appointment on Friday.", "have the dentist appointment", "Friday"),
    ("I window-shopped for a sofa on Thursday.", "buy a sofa", "Thursday"),
    ("We house-hunted in Didsbury last weekend.", "buy a house in Didsbury", "last weekend"),
    ("I double-checked the hotel booking on Friday.", "book the hotel", "Friday"),
    # particle and prepositional verbs
    ("We looked at a flat on Elm Street on Friday.", "rent the flat on Elm Street", "Friday"),
    ("Dana looked at a flat in Leeds on Wednesday.", "Dana rent the flat in Leeds", "Wednesday"),
    ("I applied for the archivist job this morning.", "get the archivist job", "this morning"),
    ("I tried on the green dress on Saturday.", "buy the green dress", "Saturday"),
    ("I asked about the beagle puppy on Tuesday.", "adopt the beagle puppy", "Tuesday"),
    ("I went to see the bungalow on Saturday.", "buy the bungalow", "Saturday"),
    # a deed of arranging
    ("I booked the flight to Porto yesterday, it leaves in May.", "fly to Porto", "yesterday"),
    ("I ordered the standing desk on Monday.", "get the standing desk", "Monday"),
]


@pytest.mark.parametrize(("quote", "name", "expression"), MISMATCHED)
def test_a_deed_of_another_sense_on_the_thing_is_refused(
    quote: str, name: str, expression: str
) -> None:
    assert _check(quote, name, expression) < THRESHOLD


#: The same things, asked as the deed the quote tells, or told with the name's own verb.
TOLD = [
    ("I test-drove a Yaris yesterday!", "test-drive the Yaris", "yesterday"),
    ("Mira test-drove the Kona on Saturday.", "Mira test-drive the Kona", "Saturday"),
    ("I pre-ordered the Kindle Scribe on Thursday.", "pre-order the Kindle Scribe", "Thursday"),
    ("I window-shopped for a sofa on Thursday.", "window-shop for a sofa", "Thursday"),
    ("We looked at a flat on Elm Street on Friday.", "look at the flat on Elm Street", "Friday"),
    (
        "I applied for the archivist job this morning.",
        "apply for the archivist job",
        "this morning",
    ),
    ("I tried on the green dress on Saturday.", "try on the green dress", "Saturday"),
    ("I booked the flight to Porto yesterday.", "book the flight to Porto", "yesterday"),
    # the asked deed told beside the other one, or by a synonym the project reads as one
    ("I bought the Yaris on Monday after test-driving it.", "buy the Yaris", "Monday"),
    ("Bought the Kona outright on Friday after the test drive.", "buy the Kona", "Friday"),
    ("I picked up the Yaris from the dealer on Monday.", "pick up the Yaris", "Monday"),
    ("I signed up for the gym on Monday.", "sign up for the gym", "Monday"),
    ("I caught the flight to Porto yesterday.", "fly to Porto", "yesterday"),
    ("I got the archivist job this morning!", "get the archivist job", "this morning"),
    ("We had the party on Saturday.", "have the party", "Saturday"),
]


@pytest.mark.parametrize(("quote", "name", "expression"), TOLD)
def test_the_deed_told_on_the_thing_passes(quote: str, name: str, expression: str) -> None:
    assert _check(quote, name, expression) >= THRESHOLD


@pytest.mark.parametrize(
    ("quote", "name", "expression"),
    [
        # two sentences in one quote: each is read as a sentence of its own
        (
            "Sofas are a scam. My sister Dana looked at a flat in Leeds on Wednesday.",
            "Dana rent the flat in Leeds",
            "Wednesday",
        ),
        (
            "Bright in the morning. Also, I applied for the archivist job this morning.",
            "get the archivist job",
            "this morning",
        ),
    ],
)
def test_a_quote_of_two_sentences_is_read_sentence_by_sentence(
    quote: str, name: str, expression: str
) -> None:
    assert _check(quote, name, expression) < THRESHOLD


def test_a_second_sentence_that_tells_the_deed_still_passes() -> None:
    quote = "Sofas are a scam. My sister Dana rented a flat in Leeds on Wednesday."
    assert _check(quote, "Dana rent the flat in Leeds", "Wednesday") >= THRESHOLD


def test_an_unreadable_deed_is_no_agreement() -> None:
    # no clause the extractor can read where the expression is, and the name's verb unwritten
    assert _check("Kona: Saturday!", "buy the Kona", "Saturday") < THRESHOLD
    assert _check("Kona bought: Saturday!", "buy the Kona", "Saturday") >= THRESHOLD


@pytest.mark.parametrize(
    ("quote", "name", "expression"),
    [
        ("I picked up the camera bag from the shop yesterday.", "get the new camera", "yesterday"),
        ("We bought the phone case on Monday.", "buy the phone", "Monday"),
        ("I fixed the bike rack on Sunday.", "fix the bike", "Sunday"),
    ],
)
def test_a_thing_named_after_the_thing_is_another_thing(
    quote: str, name: str, expression: str
) -> None:
    # a noun before a noun names a kind of the second: a camera bag is no camera
    assert _check(quote, name, expression) < THRESHOLD
    told = quote.replace(" bag", "").replace(" case", "").replace(" rack", "")
    assert _check(told, name, expression) >= THRESHOLD
