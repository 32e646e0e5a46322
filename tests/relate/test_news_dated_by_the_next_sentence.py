"""News the speaker received, dated by the next sentence that says when word of it came.

"I got promoted! They told me on Tuesday." — "My paper got accepted! The email came on
Thursday." — "They accepted the offer! The agent called on Friday." The outcome is told
with no time; the next sentence of the same turn says when the news reached the speaker,
and that is when the outcome happened as far as the notes know (pairs4 and pairs3 had five
such questions refused as "the sentence gives no time"). Only an outcome the speaker
*received* is dated so — told in the passive or with "got" and a participle ("got
accepted", "was offered"), by another's act of acceptance ("They accepted the offer"), or
"got the job/offer/place/…" — and only by a next sentence that opens by telling the news
arrive ("They told me …", "The email came …", "I heard …", "The agent rang …"). The quote
spans both sentences and the gate reads them by its own patterns.

Near-misses stay refused: the speaker's own deed followed by someone calling ("I ran the
half marathon! Mum called on Sunday."); news of something else ("They told me on Tuesday
that the office is moving"); the news sentence in the other speaker's turn; a coming call
("They'll ring on Monday"); a thing got, not news ("I got the keys! The agent called on
Friday."); a news sentence that is not the next one.
"""

from __future__ import annotations

from datetime import datetime

import pytest
from notes_helpers import GATE_THRESHOLD, answer

from prme_cli.relate.symbolic.gate import SymbolicGate
from prme_cli.relate.types import EvidenceRecord, Operand, Resolution
from prme_cli.timeexpr import parse_now, zone

TZ = zone("UTC")
NOW = parse_now("2031-05-25T20:00", TZ)
# The session is on Monday 2031-05-19: Tuesday 05-13, Wednesday 05-14, Thursday 05-15,
# Friday 05-16, Sunday 05-18, yesterday 05-18.
MONDAY = datetime(2031, 5, 19, 18, 0)


def session(*turns: tuple[str, str]) -> dict[str, str]:
    out = [f"#+TITLE: Chat of {MONDAY:%Y-%m-%d}", f"* Chat [{MONDAY:%Y-%m-%d %a %H:%M}]"]
    for speaker, words in turns:
        out += [f"** {speaker}", words]
    return {"chat.org": "\n".join(out) + "\n"}


DATED = [
    ("I got promoted! They told me on Tuesday.", "When did Cleo get promoted?", "2031-05-13"),
    (
        "My grant application got approved! The email came on Thursday.",
        "When was Cleo's grant application approved?",
        "2031-05-15",
    ),
    (
        "They accepted my offer on the cottage! The agent rang on Friday.",
        "When was Cleo's offer on the cottage accepted?",
        "2031-05-16",
    ),
    (
        "I got the job at the museum! I heard on Wednesday.",
        "When did Cleo get the job at the museum?",
        "2031-05-14",
    ),
    (
        "I was offered the teaching post. They called me yesterday.",
        "When was Cleo offered the teaching post?",
        "2031-05-18",
    ),
]


@pytest.mark.parametrize(("said", "question", "day"), DATED)
def test_news_received_is_dated_by_the_next_sentence_saying_when_word_came(
    tmp_path_factory: pytest.TempPathFactory, said: str, question: str, day: str
) -> None:
    notes = session(("Ana", "Any news?"), ("Cleo", said), ("Ana", "Wonderful!"))
    doc = answer(tmp_path_factory.mktemp("news"), notes, question, now=NOW, tz=TZ)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["date"] == day


UNDATED = [
    (
        (("Cleo", "I ran the half marathon! Mum called on Sunday."),),
        "When did Cleo run the half marathon?",
    ),
    (
        (("Cleo", "I got promoted! They told me on Tuesday that the office is moving."),),
        "When did Cleo get promoted?",
    ),
    (
        (("Cleo", "My grant application got approved!"), ("Ana", "They told me on Thursday!")),
        "When was Cleo's grant application approved?",
    ),
    (
        (("Cleo", "I got the job at the museum! They'll ring on Monday with the details."),),
        "When did Cleo get the job at the museum?",
    ),
    (
        (("Cleo", "I got the keys to the cottage! The agent called on Friday."),),
        "When did Cleo get the keys to the cottage?",
    ),
    (
        (
            (
                "Cleo",
                "I was offered the teaching post. We had a little party. They called me yesterday.",
            ),
        ),
        "When was Cleo offered the teaching post?",
    ),
]


@pytest.mark.parametrize(("turns", "question"), UNDATED)
def test_no_news_sentence_right_after_it_leaves_the_outcome_undated(
    tmp_path_factory: pytest.TempPathFactory, turns: tuple[tuple[str, str], ...], question: str
) -> None:
    notes = session(("Ana", "Any news?"), *turns)
    doc = answer(tmp_path_factory.mktemp("undated"), notes, question, now=NOW, tz=TZ)
    assert doc["status"] != "accepted", doc.get("value")


def _gate(quote: str, question: str, name: str, expression: str) -> float:
    quote = f"* Cleo\n{quote}"  # a turn's quote starts at its heading, which names the speaker
    record = EvidenceRecord(
        id="r1", event_time=MONDAY, text=quote, title="Cleo", file="c.org", line=3
    )
    operand = Operand(name, "r1", quote, expression, "text_expression")
    resolution = Resolution("absolute_date", (operand,))
    return SymbolicGate().check(question, resolution, operand, record).probability


@pytest.mark.parametrize(
    ("quote", "question", "name", "expression"),
    [
        (
            "I got promoted! They told me on Tuesday.",
            "When did Cleo get promoted?",
            "get promoted",
            "Tuesday",
        ),
        (
            "My grant application got approved! The email came on Thursday.",
            "When was Cleo's grant application approved?",
            "Cleo's grant application approved",
            "Thursday",
        ),
        (
            "I got the job at the museum! I heard on Wednesday.",
            "When did Cleo get the job at the museum?",
            "get the job at the museum",
            "Wednesday",
        ),
    ],
)
def test_the_gate_reads_the_news_sentence_as_dating_the_outcome(
    quote: str, question: str, name: str, expression: str
) -> None:
    assert _gate(quote, question, name, expression) >= GATE_THRESHOLD


@pytest.mark.parametrize(
    ("quote", "question", "name", "expression"),
    [
        (
            "I ran the half marathon! Mum called on Sunday.",
            "When did Cleo run the half marathon?",
            "run the half marathon",
            "Sunday",
        ),
        (
            "I got the keys to the cottage! The agent called on Friday.",
            "When did Cleo get the keys to the cottage?",
            "get the keys to the cottage",
            "Friday",
        ),
        (
            "I got promoted! They told me on Tuesday that the office is moving.",
            "When did Cleo get promoted?",
            "get promoted",
            "Tuesday",
        ),
    ],
)
def test_the_gate_refuses_a_call_that_tells_no_news_of_the_outcome(
    quote: str, question: str, name: str, expression: str
) -> None:
    assert _gate(quote, question, name, expression) < GATE_THRESHOLD
