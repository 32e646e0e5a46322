"""Retrieval ranks an assistant's turn at half its score.

An assistant's or a bot's words are no account of the writer's deeds (the resolvers read
none of their dates), and its long advice, full of the question's words, used to take the
packing budget from the turns that tell the events: on LongMemEval's tuning part the gold
turns packed went from 83/97 to 90/97 (S) with the share. Near-miss: a turn of a named
speaker keeps its whole score.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from notes_helpers import notes_store

from prme_cli.retrieval import NON_WITNESS_SHARE, candidates
from prme_cli.store import Store
from prme_cli.timeexpr import parse_now, zone

TZ = zone("UTC")
NOW = parse_now("2046-02-20T20:00", TZ)

ADVICE = "For a marathon, build your long run slowly; marathon training needs rest. "
NOTES = {
    "s1.org": (
        "* Chat [2046-02-10 Sat 10:00]\n"
        "** user\nI ran my first marathon in Rotterdam last Sunday.\n"
        f"** assistant\n{ADVICE * 3}\n"
    ),
    "s2.org": (
        "* Chat [2046-02-11 Sun 10:00]\n"
        "** Maya\nHow is the marathon training going? Marathon season is close.\n"
        "** Jonas\nSlowly.\n"
    ),
}


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("assistant"), NOTES, NOW)


@pytest.mark.parametrize(
    "question", ["When did I run my first marathon?", "How many days ago did I run the marathon?"]
)
def test_the_users_turn_outranks_the_assistants_advice(store: Store, question: str) -> None:
    found = candidates(store, question, question_date=NOW, tz=TZ)
    titles = [c.row.title for c in found]
    assert titles.index("user") < titles.index("assistant")
    advice = next(c for c in found if c.row.title == "assistant")
    assert advice.score <= 1.0 * NON_WITNESS_SHARE + 1e-9


def test_a_named_speakers_turn_keeps_its_score(store: Store) -> None:
    found = candidates(
        store, "When did Maya start the marathon training?", question_date=NOW, tz=TZ
    )
    maya = next(c for c in found if c.row.title == "Maya")
    assert maya.score > NON_WITNESS_SHARE
