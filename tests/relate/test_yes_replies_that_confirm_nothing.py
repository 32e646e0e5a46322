"""A reply that only looks like a yes confirms nothing.

"Did you paint the shed?" — "We did talk about it on Saturday.": "did" is an emphatic do of
another verb, not a yes. "Did you send the documents?" — "Yes, on Friday the landlord sent
them.": the yes goes on, past a time, with someone else's clause, whose time is theirs.
Both were read as the asked deed done on that day (the fourth adversarial probe round; the
second wording is the issue brief's own example). The one reader of an opening yes
(``interpret.yes_opening``) no longer takes "I/we did" before a bare verb, and the words
after a yes are someone else's clause even behind a leading time; the gate reads the reply
itself, before the statement built from it, by its own patterns. A plain "We did, on
Saturday." still answers.
"""

from __future__ import annotations

from datetime import datetime

import pytest
from notes_helpers import GATE_THRESHOLD, answer, chat_session, gate_probability

from prme_cli.relate import interpret
from prme_cli.timeexpr import parse_now, zone

TZ = zone("UTC")
NOW = parse_now("2031-05-20T20:00", TZ)

REPLIES = [
    (
        "Did you paint the shed?",
        "We did talk about it on Saturday.",
        "When did Cleo paint the shed?",
    ),
    (
        "Did you fix the gate?",
        "I did try on Sunday, it's still broken.",
        "When did Cleo fix the gate?",
    ),
    (
        "Did you send the documents?",
        "Yes, on Friday the landlord sent them.",
        "When did Cleo send the documents?",
    ),
    (
        "Did you book the hotel?",
        "Yes, yesterday my brother booked it.",
        "When did Cleo book the hotel?",
    ),
]


@pytest.mark.parametrize(("asked", "reply", "question"), REPLIES)
def test_the_resolver_takes_no_yes_from_such_a_reply(
    tmp_path_factory: pytest.TempPathFactory, asked: str, reply: str, question: str
) -> None:
    notes = chat_session(("Ana", asked), ("Cleo", reply))
    doc = answer(tmp_path_factory.mktemp("reply"), notes, question, now=NOW, tz=TZ)
    assert doc["status"] != "accepted", doc.get("value")


@pytest.mark.parametrize(
    ("asked", "reply", "question", "date"),
    [
        (
            "Did you paint the shed?",
            "We did, on Saturday.",
            "When did Cleo paint the shed?",
            "2031-05-17",
        ),
        (
            "Did you send the documents?",
            "Yes, on Friday!",
            "When did Cleo send the documents?",
            "2031-05-16",
        ),
    ],
)
def test_a_plain_yes_with_a_time_still_answers(
    tmp_path_factory: pytest.TempPathFactory, asked: str, reply: str, question: str, date: str
) -> None:
    notes = chat_session(("Ana", asked), ("Cleo", reply))
    doc = answer(tmp_path_factory.mktemp("yes"), notes, question, now=NOW, tz=TZ)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["date"] == date


TURN = ":ID: chat-1-t1\nsource: chat.org:5\n* Cleo\n:PROPERTIES:\n:ID: chat-1-t1\n:END:\n"


def _gate(reply: str, name: str, expression: str) -> float:
    return gate_probability(
        reply, name, expression, text=TURN + reply, asked=name, written=datetime(2031, 5, 19, 18)
    )


@pytest.mark.parametrize(
    ("reply", "name", "expression"),
    [
        ("We did talk about it on Saturday.", "paint the shed", "on Saturday"),
        ("Yes, on Friday the landlord sent them.", "send the documents", "Friday"),
    ],
)
def test_the_gate_reads_the_reply_itself_even_when_a_statement_is_made_of_it(
    monkeypatch: pytest.MonkeyPatch, reply: str, name: str, expression: str
) -> None:
    # a reader of yes answers that took these replies as a yes (as the shared one once did)
    # hands the gate the statement; the gate's own reading of the reply still doubts it
    def naive(record, quote):  # type: ignore[no-untyped-def]
        return f"I did {record.asked}, {quote.split(' ', 2)[-1]}"

    monkeypatch.setattr(interpret, "yes_answer", naive)
    assert _gate(reply, name, expression) < GATE_THRESHOLD


@pytest.mark.parametrize(
    ("reply", "name", "expression"),
    [
        ("We did, on Saturday.", "paint the shed", "on Saturday"),
        ("Yes, on Friday!", "send the documents", "Friday"),
    ],
)
def test_the_gate_still_accepts_a_plain_yes(reply: str, name: str, expression: str) -> None:
    assert _gate(reply, name, expression) >= GATE_THRESHOLD
