"""Words quoted after someone else's verb of saying are theirs: their "I" is not the writer.

'Alex said: "I moved the team meeting on Friday."', 'Nina told me, "I sold the boat on
Monday."', 'My sister wrote, "I finally booked the flights yesterday."': the first person
inside the quotation marks is the one quoted. Read as the writer's own sentence it answered
"When did I …?" with the quoted person's deed (round 2 of the adversarial set). The
resolver skips such a sentence for a question about the writer and reads it as the quoted
person's words for a question about them; the gate, by its own reading, doubts a time
inside a quotation opened after another person's verb of saying unless the question is
about that person. The writer quoting themself, and a quotation closed before the time,
are unchanged. (A "Name:" line is the same idea in another shape:
``test_quoted_speakers.py``.)
"""

from __future__ import annotations

import pytest
from notes_helpers import GATE_THRESHOLD, answer, gate_probability, journal_day

from prme_cli.timeexpr import parse_now, zone

TZ = zone("UTC")
NOW = parse_now("2031-05-20T20:00", TZ)


def journal(*lines: str) -> dict[str, str]:
    """One datetree day, Wednesday 2031-05-14, holding ``lines``."""
    return journal_day(*lines, day="2031-05-14 Wednesday")


QUOTED = [
    ('Alex said: "I moved the team meeting on Friday."', "When did I move the team meeting?"),
    ('Nina told me, "I sold the boat on Monday."', "When did I sell the boat?"),
    ('My sister wrote, "I finally booked the flights yesterday."', "When did I book the flights?"),
    ("Omar texted: \u201cI fixed the boiler on Saturday.\u201d", "When did I fix the boiler?"),
]


@pytest.mark.parametrize(("line", "question"), QUOTED)
def test_the_resolver_does_not_take_a_quoted_i_for_the_writer(
    tmp_path_factory: pytest.TempPathFactory, line: str, question: str
) -> None:
    doc = answer(tmp_path_factory.mktemp("quoted"), journal(line), question, now=NOW, tz=TZ)
    assert doc["status"] == "unsupported", doc.get("value")


@pytest.mark.parametrize(
    ("line", "question", "date"),
    [
        (
            'Nina told me, "I sold the boat on Monday."',
            "When did Nina sell the boat?",
            "2031-05-12",
        ),
        # the writer quoting themself is the writer
        ('I told Nina, "I sold the boat on Monday."', "When did I sell the boat?", "2031-05-12"),
        # the quotation closes before the writer's own clause and its time
        (
            'Nina said "sell it", so I sold the boat on Monday.',
            "When did I sell the boat?",
            "2031-05-12",
        ),
    ],
)
def test_the_quoted_persons_and_the_writers_own_deeds_are_still_answered(
    tmp_path_factory: pytest.TempPathFactory, line: str, question: str, date: str
) -> None:
    doc = answer(tmp_path_factory.mktemp("own"), journal(line), question, now=NOW, tz=TZ)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["date"] == date


@pytest.mark.parametrize(
    ("quote", "name", "expression"),
    [
        ('Alex said: "I moved the team meeting on Friday."', "move the team meeting", "on Friday"),
        ('Nina told me, "I sold the boat on Monday."', "sell the boat", "on Monday"),
        (
            "Omar texted: \u201cI fixed the boiler on Saturday.\u201d",
            "fix the boiler",
            "on Saturday",
        ),
    ],
)
def test_the_gate_doubts_a_time_inside_someone_elses_quoted_words(
    quote: str, name: str, expression: str
) -> None:
    assert gate_probability(quote, name, expression) < GATE_THRESHOLD


@pytest.mark.parametrize(
    ("quote", "name", "expression"),
    [
        ('I told Nina, "I sold the boat on Monday."', "sell the boat", "on Monday"),
        ('Nina said "sell it", so I sold the boat on Monday.', "sell the boat", "on Monday"),
    ],
)
def test_the_gate_still_accepts_the_writers_own_words(
    quote: str, name: str, expression: str
) -> None:
    assert gate_probability(quote, name, expression) >= GATE_THRESHOLD
