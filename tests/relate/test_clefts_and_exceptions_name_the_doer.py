"""A cleft names the doer ("It was my sister who …"), and an exception leaves one out
("Everyone but me …").

"It was my sister who sold the piano on Thursday" is the sister's deed; "Everyone but me
went to the concert on Friday", "Everyone except us went to the beach on Sunday" say the
writer did not go. The resolver read the writer as the doer of both (the third adversarial
probe round): its doer reading now takes the antecedent of "who" and the quantifier of an
exception. The gate, by its own reading, doubts a first-person question answered from
either, and a third-person one whose subject is not the cleft's. "It was me who …", and
the cleft's own person, are still answered.
"""

from __future__ import annotations

import pytest
from notes_helpers import GATE_THRESHOLD, answer, gate_probability, user_says

from prme_cli.timeexpr import parse_now, zone

TZ = zone("UTC")
NOW = parse_now("2031-05-20T20:00", TZ)


@pytest.mark.parametrize(
    ("words", "question"),
    [
        ("It was my sister who sold the piano on Thursday.", "When did I sell the piano?"),
        (
            "It was my brother Sam who repainted the gate on Saturday.",
            "When did I repaint the gate?",
        ),
        ("Everyone but me went to the concert on Friday.", "When did I go to the concert?"),
        ("Everyone except us went to the beach on Sunday.", "When did I go to the beach?"),
        ("All of my friends apart from me saw the film on Friday.", "When did I see the film?"),
    ],
)
def test_the_resolver_reads_the_doer_of_a_cleft_or_an_exception(
    tmp_path_factory: pytest.TempPathFactory, words: str, question: str
) -> None:
    doc = answer(tmp_path_factory.mktemp("doer"), user_says(words), question, now=NOW, tz=TZ)
    assert doc["status"] == "unsupported", doc.get("value")


@pytest.mark.parametrize(
    ("words", "question", "date"),
    [
        ("It was me who sold the piano on Thursday.", "When did I sell the piano?", "2031-05-15"),
        (
            "It was my brother Sam who repainted the gate on Saturday.",
            "When did Sam repaint the gate?",
            "2031-05-17",
        ),
    ],
)
def test_the_writer_or_the_clefts_own_person_is_still_answered(
    tmp_path_factory: pytest.TempPathFactory, words: str, question: str, date: str
) -> None:
    doc = answer(tmp_path_factory.mktemp("own"), user_says(words), question, now=NOW, tz=TZ)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["date"] == date


@pytest.mark.parametrize(
    ("quote", "name", "expression"),
    [
        ("It was my sister who sold the piano on Thursday.", "sell the piano", "on Thursday"),
        ("Everyone but me went to the concert on Friday.", "go to the concert", "on Friday"),
        ("Everyone except us went to the beach on Sunday.", "go to the beach", "on Sunday"),
    ],
)
def test_the_gate_doubts_a_cleft_or_an_exception_for_the_writer(
    quote: str, name: str, expression: str
) -> None:
    assert gate_probability(quote, name, expression) < GATE_THRESHOLD


@pytest.mark.parametrize(
    ("quote", "name", "expression"),
    [
        ("It was me who sold the piano on Thursday.", "sell the piano", "on Thursday"),
        ("Everyone including me went to the concert on Friday.", "go to the concert", "on Friday"),
    ],
)
def test_the_gate_still_accepts_the_writers_own_deed(
    quote: str, name: str, expression: str
) -> None:
    assert gate_probability(quote, name, expression) >= GATE_THRESHOLD
