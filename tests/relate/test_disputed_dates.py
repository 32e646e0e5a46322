"""A date disputed or hedged after it, in its sentence or the next, dates nothing.

"Mateo says he moved to Bologna in April, but I think it was the end of March" (the
round-3 adversarial set accepted April), "I painted the door on Wednesday, but I think it
was Thursday", "…on Friday, though I'm fairly sure it was last week", "…on the 3rd, or was
it the 4th?", "…last Sunday, unless it was Saturday", "…on Friday. Ana thinks it was
Thursday.": another time is offered as what it may have been, and the notes do not settle
which, so the resolver reads neither and the gate doubts the quote by its own reading. A
date doubted with no other given ("…, but I'm not sure of the day") is hedged the same way.
Another clause's time after a contrast ("…, but it was delivered on Friday"), a contrast
with no time ("…, but it was closed") and a restatement ("It was Saturday because …") leave
the date alone.
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

DISPUTED = [
    ("I painted the door on Wednesday, but I think it was Thursday.", "When did I paint the door?"),
    (
        "I repaired the fence on Friday, though I'm fairly sure it was last week.",
        "When did I repair the fence?",
    ),
    ("I planted the tulips on the 3rd, or was it the 4th?", "When did I plant the tulips?"),
    ("I washed the car last Sunday, unless it was Saturday.", "When did I wash the car?"),
    ("I cleaned the oven on Wednesday, or maybe Thursday.", "When did I clean the oven?"),
    ("I fixed the tap on Friday. Ana thinks it was Thursday.", "When did I fix the tap?"),
    ("I sold the lamp on Saturday. Or was it Friday?", "When did I sell the lamp?"),
    ("I mended the chair on Thursday, but I'm not sure of the day.", "When did I mend the chair?"),
    (
        "Mateo says he moved to Bologna in April, but I think it was the end of March.",
        "When did Mateo move to Bologna?",
    ),
    (
        "Lena says she sold her bike on Wednesday, but I think it was Thursday.",
        "When did Lena sell her bike?",
    ),
    (
        "Omar claims he repaired the gate on Friday, though I'm fairly sure it was last week.",
        "When did Omar repair the gate?",
    ),
]

KEPT = [
    (
        "I bought the bike on Wednesday, but it was delivered on Friday.",
        "When did I buy the bike?",
        "2031-05-14",
    ),
    (
        "I visited the museum on Wednesday, but it was closed.",
        "When did I visit the museum?",
        "2031-05-14",
    ),
    (
        "I baked bread on Saturday. It was Saturday because the shop was shut.",
        "When did I bake bread?",
        "2031-05-17",
    ),
    ("Omar repaired the gate on Friday.", "When did Omar repair the gate?", "2031-05-16"),
]


@pytest.mark.parametrize(("line", "question"), DISPUTED)
@pytest.mark.parametrize("kind", ["journal", "chat"])
def test_a_disputed_or_hedged_date_is_refused(
    tmp_path_factory: pytest.TempPathFactory, kind: str, line: str, question: str
) -> None:
    notes = records_in(kind, line)
    refused(answer(tmp_path_factory.mktemp("disputed"), notes, question, now=NOW, tz=TZ))


@pytest.mark.parametrize(("line", "question", "date"), KEPT)
@pytest.mark.parametrize("kind", ["journal", "chat"])
def test_a_date_neither_disputed_nor_hedged_still_answers(
    tmp_path_factory: pytest.TempPathFactory, kind: str, line: str, question: str, date: str
) -> None:
    doc = answer(tmp_path_factory.mktemp("kept"), records_in(kind, line), question, now=NOW, tz=TZ)
    answered(doc, date)


def test_a_date_disputed_in_a_two_person_chat_is_refused(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    line = "Mateo says he moved to Bologna in April, but I think it was the end of March."
    notes = records_in("pair", line, reply="Ha, typical Mateo.")
    question = "When did Mateo move to Bologna?"
    refused(answer(tmp_path_factory.mktemp("pair"), notes, question, now=NOW, tz=TZ))


def test_a_date_told_plainly_in_a_two_person_chat_still_answers(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    line = "Mateo moved to Bologna on Friday, but it was raining all day."
    notes = records_in("pair", line, reply="Ha, typical Mateo.")
    question = "When did Mateo move to Bologna?"
    answered(
        answer(tmp_path_factory.mktemp("pair-kept"), notes, question, now=NOW, tz=TZ), "2031-05-16"
    )


@pytest.mark.parametrize(
    ("body", "accepted"),
    [
        ("I painted the shed on Wednesday, unless it was Thursday.", False),
        ("I painted the shed on Wednesday. Or was it Thursday?", False),
        ("I painted the shed on Wednesday.", True),
    ],
)
def test_a_date_disputed_in_a_dated_org_heading_body_is_refused(
    tmp_path_factory: pytest.TempPathFactory, body: str, accepted: bool
) -> None:
    notes = records_in("heading", body)
    doc = answer(
        tmp_path_factory.mktemp("org"), notes, "When did I paint the shed?", now=NOW, tz=TZ
    )
    answered(doc, "2031-05-14") if accepted else refused(doc)


GATE_DISPUTED = [
    (
        "I painted the door on Wednesday, but I think it was Thursday.",
        "paint the door",
        "on Wednesday",
    ),
    (
        "I repaired the fence on Friday, though I'm fairly sure it was last week.",
        "repair the fence",
        "on Friday",
    ),
    ("I planted the tulips on the 3rd, or was it the 4th?", "plant the tulips", "on the 3rd"),
    ("I washed the car last Sunday, unless it was Saturday.", "wash the car", "last Sunday"),
    ("I cleaned the oven on Wednesday, or maybe Thursday.", "clean the oven", "on Wednesday"),
    ("I fixed the tap on Friday. Ana thinks it was Thursday.", "fix the tap", "on Friday"),
    (
        "I mended the chair on Thursday, but I'm not sure of the day.",
        "mend the chair",
        "on Thursday",
    ),
]
GATE_KEPT = [
    (
        "I bought the bike on Wednesday, but it was delivered on Friday.",
        "buy the bike",
        "on Wednesday",
    ),
    ("I visited the museum on Wednesday, but it was closed.", "visit the museum", "on Wednesday"),
    ("I sold the lamp on Saturday, and it's this colour now.", "sell the lamp", "on Saturday"),
]


@pytest.mark.parametrize(("quote", "name", "expression"), GATE_DISPUTED)
def test_the_gate_doubts_a_quote_that_disputes_its_date(
    quote: str, name: str, expression: str
) -> None:
    assert gate_probability(quote, name, expression) < GATE_THRESHOLD


@pytest.mark.parametrize(("quote", "name", "expression"), GATE_KEPT)
def test_the_gate_accepts_a_quote_whose_date_stands(quote: str, name: str, expression: str) -> None:
    assert gate_probability(quote, name, expression) >= GATE_THRESHOLD


def test_the_gate_doubts_a_third_persons_date_the_writer_disputes() -> None:
    question = "When did Mateo move to Bologna?"
    disputed = "Mateo says he moved to Bologna in April, but I think it was the end of March."
    plain = "Mateo says he moved to Bologna in April."
    assert gate_for(question, disputed, "move to Bologna", "in April") < GATE_THRESHOLD
    assert gate_for(question, plain, "move to Bologna", "in April") >= GATE_THRESHOLD
