"""What one dreams, imagines or pretends did not happen.

"I keep dreaming that I lost my passport on Friday", "I imagined I had won the race on
Sunday", "The kids pretended they baked the cake on Sunday": the deed lives in a dream or
a game. The resolver took the first as a report (the third adversarial probe round); its
modal cues now hold the verbs of dreaming, imagining and pretending, and the gate, by its
own reading, doubts a time after one. A deed told plainly beside a dream is still
answered.
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
        ("I keep dreaming that I lost my passport on Friday.", "When did I lose my passport?"),
        ("I imagined I had won the race on Sunday.", "When did I win the race?"),
        ("The kids pretended they baked the cake on Sunday.", "When did the kids bake the cake?"),
    ],
)
def test_the_resolver_refuses_a_dreamt_or_imagined_deed(
    tmp_path_factory: pytest.TempPathFactory, words: str, question: str
) -> None:
    doc = answer(tmp_path_factory.mktemp("dream"), user_says(words), question, now=NOW, tz=TZ)
    assert doc["status"] == "unsupported", doc.get("value")


@pytest.mark.parametrize(
    ("words", "question", "date"),
    [
        (
            "I lost my passport on Friday, and I keep dreaming about it.",
            "When did I lose my passport?",
            "2031-05-16",
        ),
        ("I won the race on Sunday!", "When did I win the race?", "2031-05-18"),
    ],
)
def test_a_deed_told_plainly_beside_a_dream_is_still_answered(
    tmp_path_factory: pytest.TempPathFactory, words: str, question: str, date: str
) -> None:
    doc = answer(tmp_path_factory.mktemp("plain"), user_says(words), question, now=NOW, tz=TZ)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["date"] == date


@pytest.mark.parametrize(
    ("quote", "name", "expression"),
    [
        ("I keep dreaming that I lost my passport on Friday.", "lose my passport", "on Friday"),
        ("I imagined I had won the race on Sunday.", "win the race", "on Sunday"),
    ],
)
def test_the_gate_doubts_a_dreamt_or_imagined_deed(quote: str, name: str, expression: str) -> None:
    assert gate_probability(quote, name, expression) < GATE_THRESHOLD


def test_the_gate_still_accepts_the_deed_told_plainly() -> None:
    assert (
        gate_probability("I won the race on Sunday!", "win the race", "on Sunday") >= GATE_THRESHOLD
    )
