"""What someone else says or believes the writer did is their claim, not the writer's report.

"Mum said I broke the vase on Sunday, but it was the cat", "Tom thinks we left the gate
open on Friday", "My boss insists I sent the invoice on Monday": the writer's deed is told
only as another person's claim, so it does not answer "When did I …?" (the second
adversarial probe round accepted the first). The resolver skips a deed whose clause is
opened by such a claim; the gate doubts it by its own reading. The writer's own clause
after a claim closed by a comma, and the writer's own saying, still count.
"""

from __future__ import annotations

import pytest
from notes_helpers import GATE_THRESHOLD, answer, gate_probability, journal_day

from prme_cli.timeexpr import parse_now, zone

TZ = zone("UTC")
NOW = parse_now("2031-05-20T20:00", TZ)


CLAIMS = [
    ("Mum said I broke the vase on Sunday, but it was the cat.", "When did I break the vase?"),
    ("Tom thinks we left the gate open on Friday.", "When did I leave the gate open?"),
    ("My boss insists I sent the invoice on Monday the 12th.", "When did I send the invoice?"),
]


@pytest.mark.parametrize(("line", "question"), CLAIMS)
def test_the_resolver_refuses_another_persons_claim_about_the_writer(
    tmp_path_factory: pytest.TempPathFactory, line: str, question: str
) -> None:
    doc = answer(tmp_path_factory.mktemp("claim"), journal_day(line), question, now=NOW, tz=TZ)
    assert doc["status"] == "unsupported", doc.get("value")


@pytest.mark.parametrize(
    ("line", "question", "date"),
    [
        (
            "Mum said it was fine, so I broke the vase on Sunday.",
            "When did I break the vase?",
            "2031-05-18",
        ),
        # the writer's own saying, and a claim closed before the writer's clause
        ("I told Mum I sent the invoice on Friday.", "When did I send the invoice?", "2031-05-16"),
        (
            "Tom thinks it's late, but I sent the invoice on Friday.",
            "When did I send the invoice?",
            "2031-05-16",
        ),
    ],
)
def test_the_writers_own_clause_beside_a_claim_still_counts(
    tmp_path_factory: pytest.TempPathFactory, line: str, question: str, date: str
) -> None:
    doc = answer(tmp_path_factory.mktemp("own"), journal_day(line), question, now=NOW, tz=TZ)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["date"] == date


@pytest.mark.parametrize(
    ("quote", "name", "expression"),
    [
        ("Mum said I broke the vase on Sunday, but it was the cat.", "break the vase", "on Sunday"),
        ("Tom thinks we left the gate open on Friday.", "leave the gate open", "on Friday"),
    ],
)
def test_the_gate_doubts_another_persons_claim_about_the_writer(
    quote: str, name: str, expression: str
) -> None:
    assert gate_probability(quote, name, expression) < GATE_THRESHOLD


def test_the_gate_still_accepts_the_writers_own_clause_after_a_claim() -> None:
    quote = "Mum said it was fine, so I broke the vase on Sunday."
    assert gate_probability(quote, "break the vase", "on Sunday") >= GATE_THRESHOLD
