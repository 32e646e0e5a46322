""" "When did I last pick broad beans?" over notes that tell the deed several times, each
with a clear time of its own: the latest of the sentences that tell it as well as the best
one is the answer (before, two such sentences were rival dates and the question was
refused). "How many days ago did I last …" counts from it.

A plan for a coming time is no telling of the deed, a vague time ("a few days ago") is not
taken as the latest, and a deed never told stays refused.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from notes_helpers import ask as ask_notes
from notes_helpers import notes_store

from prme_cli.store import Store
from prme_cli.timeexpr import parse_now, zone

TZ = zone("Europe/Amsterdam")
NOW = parse_now("2031-07-20T20:00", TZ)

NOTES = {
    "allotment.org": """\
#+title: Allotment

- [2031-06-30 Mon 18:00] Picked the first broad beans today, a small bowl.
- [2031-07-02 Wed 08:30] Picked another kilo of broad beans this morning.
- [2031-07-09 Wed 19:10] Picked the last of the broad beans today and pulled the plants.
""",
    "weekly.org": """\
* Week 26 (2031-06-23 – 2031-06-29)
Ran the river loop on Sunday: 49:40.
* Week 27 (2031-06-30 – 2031-07-06)
Ran the river loop on Wednesday, slow in the heat.
I will run the river loop again next Saturday.
* Week 28 (2031-07-07 – 2031-07-13)
Watered the leeks on Monday.
Watered the leeks again a few days ago, I think.
""",
}


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("latest_deed"), NOTES, NOW)


def ask(store: Store, question: str) -> dict[str, Any]:
    return ask_notes(store, question, now=NOW, tz=TZ)


@pytest.mark.parametrize(
    ("question", "date"),
    [
        ("When did I last pick broad beans?", "2031-07-09"),
        ("When did I last pick the broad beans?", "2031-07-09"),
        ("When did I last run the river loop?", "2031-07-02"),  # not the plan for Saturday
    ],
)
def test_the_latest_telling_of_a_deed_answers_when_it_was_last_done(
    store: Store, question: str, date: str
) -> None:
    doc = ask(store, question)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["date"] == date


def test_how_long_ago_it_was_last_done(store: Store) -> None:
    doc = ask(store, "How many days ago did I last pick broad beans?")
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["days"] == 11


@pytest.mark.parametrize(
    "question",
    [
        "When did I last dig the potatoes?",  # never told
        "When did I last water the leeks?",  # the vague telling may be the later one
        "When did I first pick broad beans?",  # the first is asked: this rule does not pick
    ],
)
def test_what_the_latest_rule_does_not_answer(store: Store, question: str) -> None:
    doc = ask(store, question)
    if question.startswith("When did I first"):
        assert doc["status"] != "accepted" or doc["value"]["date"] == "2031-06-30"
    else:
        assert doc["status"] != "accepted", doc["value"]
