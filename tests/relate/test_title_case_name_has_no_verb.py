"""A name in title case ("Slow Horses", "Game of Thrones", "Dark Matter") is a title: its
first word is no verb, even when it could be one ("slow", "game"), so a sentence telling
another deed on the title is not read as missing that verb. A phrase in ordinary case keeps
its leading verb ("paint the fence"), and so does a one-word capitalised phrase with its own
verb in the question.
"""

from __future__ import annotations

from collections import Counter

import pytest

from prme_cli.relate.symbolic import align
from prme_cli.relate.symbolic.question import parse


def _verb_of(question: str, index: int = 0) -> str | None:
    frame = parse(question)
    assert frame is not None
    return align.model_phrase(frame.phrases[index], Counter(), 10).verb_key


@pytest.mark.parametrize(
    "question",
    [
        "Which show did I start watching first, 'Slow Horses' or 'Dark Matter'?",
        "Which show did I start watching first, 'Game of Thrones' or 'The Crown'?",
    ],
)
def test_a_title_gives_the_question_no_verb(question: str) -> None:
    assert _verb_of(question, 0) is None


@pytest.mark.parametrize(
    ("question", "verb"),
    [
        ("When did I paint the fence?", "paint"),
        ("Which did I do first, paint the fence or clean the gutters?", "paint"),
    ],
)
def test_an_ordinary_phrase_keeps_its_verb(question: str, verb: str) -> None:
    assert _verb_of(question) == verb
