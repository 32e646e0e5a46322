"""A yes/no question or a statement with a question tag asks whether something happened.

"Was it Ben who broke the window on Friday?" (answered "No, it was Dan."), "Tom sold his
car in March, right?" (answered "No, that was Lea."): neither tells the event, and the
next turn may deny it. Read as reports they answered "When did Ben break the window?" and
"When did Tom sell his car?" (the third adversarial probe round). The resolver reads a
sentence that opens with an auxiliary and ends in "?", or ends in a tag ("…, right?",
"…, didn't he?"), as a question; the gate, by its own reading, doubts a time in one.
A tag question to the one who answers and whose own next turn confirms it ("You sold your
car in March, right?" — "I did!") is still answered, and so is the plain statement.
"""

from __future__ import annotations

import pytest
from notes_helpers import GATE_THRESHOLD, answer, chat_session, gate_for

from prme_cli.timeexpr import parse_now, zone

TZ = zone("UTC")
NOW = parse_now("2031-05-20T20:00", TZ)


ASKED = [
    (
        chat_session(
            ("Ana", "Was it Ben who broke the window on Friday?"), ("Cleo", "No, it was Dan.")
        ),
        "When did Ben break the window?",
    ),
    (
        chat_session(("Ana", "Did Ben break the window on Friday?"), ("Cleo", "No idea.")),
        "When did Ben break the window?",
    ),
    (
        chat_session(("Ana", "Tom sold his car in March, right?"), ("Cleo", "No, that was Lea.")),
        "When did Tom sell his car?",
    ),
    (
        chat_session(("Ana", "Tom sold his car in March, didn't he?"), ("Cleo", "Not sure.")),
        "When did Tom sell his car?",
    ),
]


@pytest.mark.parametrize(("notes", "question"), ASKED)
def test_the_resolver_does_not_read_a_question_as_a_report(
    tmp_path_factory: pytest.TempPathFactory, notes: dict[str, str], question: str
) -> None:
    doc = answer(tmp_path_factory.mktemp("asked"), notes, question, now=NOW, tz=TZ)
    assert doc["status"] == "unsupported", doc.get("value")


@pytest.mark.parametrize(
    ("notes", "question", "date"),
    [
        (
            chat_session(("Ana", "Ben broke the window on Friday."), ("Cleo", "Oh no.")),
            "When did Ben break the window?",
            "2031-05-16",
        ),
        (
            chat_session(("Ana", "You sold your car in March, right?"), ("Cleo", "I did!")),
            "When did Cleo sell her car?",
            "2031-03-01",
        ),
        (
            chat_session(("Ana", "Tom sold his car in March."), ("Cleo", "Finally.")),
            "When did Tom sell his car?",
            "2031-03-01",
        ),
    ],
)
def test_a_statement_or_a_confirmed_tag_question_is_still_answered(
    tmp_path_factory: pytest.TempPathFactory, notes: dict[str, str], question: str, date: str
) -> None:
    doc = answer(tmp_path_factory.mktemp("told"), notes, question, now=NOW, tz=TZ)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["date"] == date


@pytest.mark.parametrize(
    ("question", "quote", "name", "expression"),
    [
        (
            "When did Ben break the window?",
            "Was it Ben who broke the window on Friday?",
            "break the window",
            "on Friday",
        ),
        (
            "When did Tom sell his car?",
            "Tom sold his car in March, right?",
            "sell his car",
            "in March",
        ),
        (
            "When did Tom paint the shed?",
            "So did Tom paint the shed on Sunday?",
            "paint the shed",
            "on Sunday",
        ),
    ],
)
def test_the_gate_doubts_a_time_in_a_question(
    question: str, quote: str, name: str, expression: str
) -> None:
    assert gate_for(question, quote, name, expression) < GATE_THRESHOLD


@pytest.mark.parametrize(
    ("question", "quote", "name", "expression"),
    [
        (
            "When did Ben break the window?",
            "Ben broke the window on Friday.",
            "break the window",
            "on Friday",
        ),
        (
            "When did Tom sell his car?",
            "Tom sold his car in March, sadly.",
            "sell his car",
            "in March",
        ),
    ],
)
def test_the_gate_still_accepts_a_statement(
    question: str, quote: str, name: str, expression: str
) -> None:
    assert gate_for(question, quote, name, expression) >= GATE_THRESHOLD
