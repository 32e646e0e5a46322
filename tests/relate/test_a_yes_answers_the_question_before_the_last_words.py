"""A reply that opens with a yes answers the other speaker's last question, words after it or not.

"You finally sold the piano, didn't you? Mum mentioned something." — "Yes! I sold it on
Thursday to a school.": the reply's "it" stands for the thing of the question, though a
statement closes the turn before. Only a yes ties the reply to that question (without one,
"it" may be the statement's thing). A question tag ("…, didn't you?", "…, right?") and a
time said after the thing ("the shed last weekend") are no part of the thing. The resolver
and the gate each read the turn before by their own method.

Refused: a reply with no yes, the asker's own thing ("You fixed my bike, didn't you?"), and
another deed on the thing.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from notes_helpers import ask as ask_notes
from notes_helpers import converted_session, notes_store

from prme_cli.store import Store
from prme_cli.timeexpr import parse_now, zone

TZ = zone("UTC")
NOW = parse_now("2031-06-30T20:00", TZ)

NOTES = {
    "noor-pieter.org": converted_session(
        "2031-05-17 Sat 10:00",
        "chat-np",
        [
            ("Pieter", "You finally sold the piano, didn't you? Mum mentioned something."),
            ("Noor", "Yes! I sold it on Thursday to a music school."),
            ("Pieter", "Good riddance, it took up half the room."),
            ("Noor", "Tell me about it."),
        ],
    ),
    "lena-karim.org": converted_session(
        "2031-05-20 Tue 19:00",
        "chat-lk",
        [
            ("Lena", "Have you booked the ferry yet? The prices go up in June."),
            ("Karim", "Yeah, I booked it yesterday, the early one."),
            ("Lena", "You repainted the shed last weekend, right? Sam sent me a photo."),
            ("Karim", "Yes, I painted it on Saturday, it took two coats."),
        ],
    ),
    "ana-luca.org": converted_session(
        "2031-05-24 Sat 09:00",
        "chat-al",
        [
            ("Ana", "You fixed my bike, didn't you? It rides so smoothly now."),
            ("Luca", "Yes, I fixed it on Friday, the chain was loose."),
            ("Ana", "Did you return the drill to Marek? He lent me his ladder too."),
            ("Luca", "I returned it on Wednesday."),
            ("Ana", "You mended the old tent, right? The hole is gone."),
            ("Luca", "Yes! I washed it on Thursday, the hole was only mud."),
        ],
    ),
}


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("yes-before"), NOTES, NOW)


def ask(store: Store, question: str) -> dict[str, Any]:
    return ask_notes(store, question, now=NOW, tz=TZ)


@pytest.mark.parametrize(
    ("question", "day"),
    [
        # a tag question, then a statement; "Yes!" and "it" in the reply
        ("When did Noor sell the piano?", "2031-05-15"),
        # a yes/no question, then a statement; "Yeah," and "it"
        ("When did Karim book the ferry?", "2031-05-19"),
        # a tag after a time told after the thing ("the shed last weekend, right?")
        ("When did Karim paint the shed?", "2031-05-17"),
    ],
)
def test_a_yes_reply_says_the_last_questions_thing(store: Store, question: str, day: str) -> None:
    doc = ask(store, question)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["date"] == day


@pytest.mark.parametrize(
    "question",
    [
        # the asker's bike ("You fixed my bike"), not Luca's
        "When did Luca fix his bike?",
        # no yes: "it" may be the ladder named after the question
        "When did Luca return the drill?",
        # a yes, but the reply tells another deed on the tent
        "When did Luca mend the old tent?",
    ],
)
def test_no_yes_or_another_thing_or_deed_is_refused(store: Store, question: str) -> None:
    doc = ask(store, question)
    assert doc["status"] != "accepted", doc["value"]
