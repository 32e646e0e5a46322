"""A wider time in the event's clause that does not hold the finer one says another date.

"Last year I ran the marathon in April; this year I skipped it": "in April" alone reads as
this year's April, but "Last year" puts the run a year before. The resolver took the
finer time after the verb and answered April of the note's year (the fourth adversarial
probe round). It now refuses when a wider time of the clause does not hold the one it
would cite; the gate, by its own reading, doubts a year-less expression beside another
year. A wider time that holds the finer one ("Last week … on Tuesday") and a year told
with the date still answer.
"""

from __future__ import annotations

import pytest
from notes_helpers import GATE_THRESHOLD, answer, gate_for, user_says

from prme_cli.timeexpr import parse_now, zone

TZ = zone("UTC")
NOW = parse_now("2031-05-20T20:00", TZ)


@pytest.mark.parametrize(
    ("words", "question"),
    [
        (
            "Last year I ran the marathon in April; this year I skipped it.",
            "When did I run the marathon?",
        ),
        ("Two years ago I visited Lisbon in March.", "When did I visit Lisbon?"),
    ],
)
def test_the_resolver_refuses_a_finer_time_a_wider_one_contradicts(
    tmp_path_factory: pytest.TempPathFactory, words: str, question: str
) -> None:
    doc = answer(tmp_path_factory.mktemp("wider"), user_says(words), question, now=NOW, tz=TZ)
    assert doc["status"] != "accepted", doc.get("value")


@pytest.mark.parametrize(
    ("words", "question", "date"),
    [
        ("I ran the marathon in April.", "When did I run the marathon?", "2031-04"),
        ("Last week I visited Lisbon on Tuesday.", "When did I visit Lisbon?", "2031-05-13"),
    ],
)
def test_a_time_the_clause_agrees_with_is_still_answered(
    tmp_path_factory: pytest.TempPathFactory, words: str, question: str, date: str
) -> None:
    doc = answer(tmp_path_factory.mktemp("agree"), user_says(words), question, now=NOW, tz=TZ)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["date"].startswith(date)


def test_the_gate_doubts_a_year_less_time_beside_another_year() -> None:
    quote = "Last year I ran the marathon in April; this year I skipped it."
    assert gate_for("When did I run the marathon?", quote, "run the marathon", "in April") < (
        GATE_THRESHOLD
    )


@pytest.mark.parametrize(
    ("quote", "expression"),
    [
        ("I ran the marathon in April.", "in April"),
        ("I ran the marathon in April 2029.", "in April 2029"),
    ],
)
def test_the_gate_still_accepts_a_time_with_no_other_year(quote: str, expression: str) -> None:
    assert gate_for("When did I run the marathon?", quote, "run the marathon", expression) >= (
        GATE_THRESHOLD
    )
