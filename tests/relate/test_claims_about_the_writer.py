"""Another's word about the writer, told without a verb of saying, is no report of the deed.

"According to Jess, I left my gym bag on the bus on Wednesday", "Per my sister, I …", "If
you ask Tom, I …", "Apparently I …", "I'm told I …", "…, or so Jess says": the writer tells
the deed only as someone else has it (the round-3 adversarial set accepted the first). The
resolver skips such a deed and the gate doubts it by its own reading, in a journal, in a
user's chat turn and in a named speaker's turn of a two-person chat ("Ines: Marco says I
broke the printer" does not tell when Ines broke it). A date read from the writer's own
record ("according to my diary", "according to the receipt") still answers, and so does the
writer's own clause beside a claim ("Jess said I looked tired, and I left my scarf …").
"""

from __future__ import annotations

import pytest
from notes_helpers import (
    GATE_THRESHOLD,
    answer,
    answered,
    gate_for,
    gate_probability,
    records_in,
    refused,
)

from prme_cli.timeexpr import parse_now, zone

TZ = zone("UTC")
NOW = parse_now("2031-05-20T20:00", TZ)
# The notes are written on Monday 2031-05-19: Wednesday 05-14, Thursday 05-15, Friday
# 05-16, Saturday 05-17, Sunday 05-18.

HEARSAY = [
    (
        "According to Jess, I left my gym bag on the bus on Wednesday.",
        "When did I leave my gym bag on the bus?",
    ),
    ("Per my sister, I lost my keys at the market on Saturday.", "When did I lose my keys?"),
    (
        "Apparently I locked the shed on Friday; I have no memory of it.",
        "When did I lock the shed?",
    ),
    ("If you ask Tom, I scratched the car on Sunday.", "When did I scratch the car?"),
    ("I'm told I snored all night on Thursday.", "When did I snore all night?"),
    ("In Dad's view, we wasted the whole of Saturday.", "When did we waste the whole day?"),
    (
        "I left my hat on the train on Wednesday, according to Jess.",
        "When did I leave my hat on the train?",
    ),
    ("I dented the bin on Friday, or so my neighbour says.", "When did I dent the bin?"),
    ("My parents are convinced I took the car on Thursday.", "When did I take the car?"),
]

OWN_RECORD_OR_CLAUSE = [
    (
        "According to the receipt, I paid the plumber on Wednesday.",
        "When did I pay the plumber?",
        "2031-05-14",
    ),
    (
        "I left my umbrella on the tram on Wednesday, according to my diary.",
        "When did I leave my umbrella on the tram?",
        "2031-05-14",
    ),
    (
        "Jess said I looked tired, and I left my scarf on the bus on Wednesday.",
        "When did I leave my scarf on the bus?",
        "2031-05-14",
    ),
    (
        "According to Tom the shop was shut, so I bought the paint on Friday.",
        "When did I buy the paint?",
        "2031-05-16",
    ),
]


@pytest.mark.parametrize(("line", "question"), HEARSAY)
@pytest.mark.parametrize("kind", ["journal", "chat"])
def test_the_resolver_refuses_anothers_word_about_the_writer(
    tmp_path_factory: pytest.TempPathFactory, kind: str, line: str, question: str
) -> None:
    notes = records_in(kind, line)
    refused(answer(tmp_path_factory.mktemp("hearsay"), notes, question, now=NOW, tz=TZ))


@pytest.mark.parametrize(("line", "question", "date"), OWN_RECORD_OR_CLAUSE)
@pytest.mark.parametrize("kind", ["journal", "chat"])
def test_the_writers_own_record_or_clause_still_answers(
    tmp_path_factory: pytest.TempPathFactory, kind: str, line: str, question: str, date: str
) -> None:
    doc = answer(tmp_path_factory.mktemp("own"), records_in(kind, line), question, now=NOW, tz=TZ)
    answered(doc, date)


PAIR = [
    (
        "According to my brother, I left my gym bag on the bus on Wednesday.",
        "When did Ines leave her gym bag on the bus?",
    ),
    ("Apparently I lost my keys at the market on Saturday.", "When did Ines lose her keys?"),
    ("Marco says I broke the printer on Thursday.", "When did Ines break the printer?"),
]


@pytest.mark.parametrize(("line", "question"), PAIR)
def test_a_claim_about_a_named_speaker_in_their_own_turn_is_refused(
    tmp_path_factory: pytest.TempPathFactory, line: str, question: str
) -> None:
    notes = records_in("pair", line)
    refused(answer(tmp_path_factory.mktemp("pair"), notes, question, now=NOW, tz=TZ))


def test_a_named_speakers_own_report_still_answers(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    notes = records_in("pair", "I left my gym bag on the bus on Wednesday, according to my phone.")
    question = "When did Ines leave her gym bag on the bus?"
    answered(
        answer(tmp_path_factory.mktemp("pair-own"), notes, question, now=NOW, tz=TZ), "2031-05-14"
    )


@pytest.mark.parametrize(
    ("body", "accepted"),
    [
        ("According to Jess, I painted the shed on Wednesday.", False),
        ("Apparently we painted the shed on Wednesday.", False),
        ("I painted the shed on Wednesday, according to my notes.", True),
    ],
)
def test_anothers_word_in_a_dated_org_heading_body_is_refused(
    tmp_path_factory: pytest.TempPathFactory, body: str, accepted: bool
) -> None:
    notes = records_in("heading", body)
    question = (
        "When did we paint the shed?"
        if body.startswith("Apparently we")
        else ("When did I paint the shed?")
    )
    doc = answer(tmp_path_factory.mktemp("org"), notes, question, now=NOW, tz=TZ)
    answered(doc, "2031-05-14") if accepted else refused(doc)


GATE_HEARSAY = [
    ("According to Jess, I left my gym bag on the bus on Wednesday.", "leave my gym bag"),
    ("Per my sister, I lost my keys at the market on Saturday.", "lose my keys"),
    ("Apparently I locked the shed on Friday; I have no memory of it.", "lock the shed"),
    ("If you ask Tom, I scratched the car on Sunday.", "scratch the car"),
    ("We supposedly woke the neighbours on Thursday.", "wake the neighbours"),
    ("I left my hat on the train on Wednesday, according to Jess.", "leave my hat"),
    ("I left my hat on the train on Wednesday, or so Jess says.", "leave my hat"),
    ("Jess reckons I broke the printer on Thursday.", "break the printer"),
    ("My mum swears I called her on Tuesday.", "call my mum"),
    ("My parents are convinced I took the car on Thursday.", "take the car"),
]


def _expression(quote: str) -> str:
    for day in ("Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"):
        if day in quote:
            return f"on {day}"
    raise AssertionError(quote)


@pytest.mark.parametrize(("quote", "name"), GATE_HEARSAY)
def test_the_gate_doubts_anothers_word_about_the_writer(quote: str, name: str) -> None:
    assert gate_probability(quote, name, _expression(quote)) < GATE_THRESHOLD


@pytest.mark.parametrize(
    ("quote", "name"),
    [
        ("According to the receipt, I paid the plumber on Wednesday.", "pay the plumber"),
        (
            "I left my umbrella on the tram on Wednesday, according to my diary.",
            "leave my umbrella",
        ),
        (
            "Jess said I looked tired, and I left my scarf on the bus on Wednesday.",
            "leave my scarf",
        ),
        ("Apparently the shop shut early, so I bought the paint on Friday.", "buy the paint"),
    ],
)
def test_the_gate_accepts_the_writers_own_record_or_clause(quote: str, name: str) -> None:
    assert gate_probability(quote, name, _expression(quote)) >= GATE_THRESHOLD


@pytest.mark.parametrize(("line", "question"), PAIR)
def test_the_gate_doubts_a_claim_in_a_named_speakers_turn(line: str, question: str) -> None:
    quote = f"* Ines\n{line}"
    name = question.removeprefix("When did Ines ").removesuffix("?")
    assert gate_for(question, quote, name, _expression(line)) < GATE_THRESHOLD


def test_the_gate_accepts_a_named_speakers_own_report() -> None:
    question = "When did Ines leave her gym bag on the bus?"
    quote = "* Ines\nI left my gym bag on the bus on Wednesday."
    assert gate_for(question, quote, "leave her gym bag on the bus", "on Wednesday") >= (
        GATE_THRESHOLD
    )
