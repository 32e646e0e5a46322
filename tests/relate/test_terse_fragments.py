"""Terse daily notes written in lower-case fragments ("fixed the puncture. rode 30k to the
coast.") are several sentences: a dot before a lower-case word ends one, unless it ends a
short word that is often an abbreviation ("approx.", "km.", "a.m.", "ofc.") or a short
capitalised word ("Ltd.", "Inc.", a name: "with Jo. felt good" stays one sentence). Each fragment's deed is
then the writer's, dated by the daily file's day; a word of the fragment before is not its
doer ("the doer is 'puncture'" was the old reading).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from notes_helpers import ask as ask_notes
from notes_helpers import notes_store

from prme_cli.relate.symbolic import segment
from prme_cli.store import Store
from prme_cli.timeexpr import parse_now, zone

TZ = zone("Europe/Oslo")
NOW = parse_now("2031-08-20T21:00", TZ)

NOTES = {
    "2031-08-02.org": "#+title: 2031-08-02\n\nfixed the puncture. rode 30k to the coast. back by six.\n",
    "2031-08-09.org": "#+title: 2031-08-09\n\nslept badly. no swim, too cold. painted the gate.\n",
}


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("terse"), NOTES, NOW)


def ask(store: Store, question: str) -> dict[str, Any]:
    return ask_notes(store, question, now=NOW, tz=TZ)


@pytest.mark.parametrize(
    ("text", "pieces"),
    [
        ("fixed bike. rode 20k. back by 11.", ["fixed bike.", "rode 20k.", "back by 11."]),
        ("shins ok. cold.", ["shins ok.", "cold."]),
        ("Walked approx. three km. felt fine.", ["Walked approx. three km. felt fine."]),
        ("Left at 8 a.m. then drove.", ["Left at 8 a.m. then drove."]),
        ("We walked 3 km. Then we ate.", ["We walked 3 km.", "Then we ate."]),
        ("from Network Theory Ltd. publishing", ["from Network Theory Ltd. publishing"]),
        ("but can ofc. be used", ["but can ofc. be used"]),
        ("Ran with Jo. felt good.", ["Ran with Jo. felt good."]),  # a name: not told apart
    ],
)
def test_a_dot_before_a_lower_case_word_ends_a_fragment(text: str, pieces: list[str]) -> None:
    assert [s.text for s in segment.segment(text).sentences] == pieces


@pytest.mark.parametrize(
    ("question", "date"),
    [
        ("When did I ride to the coast?", "2031-08-02"),
        ("When did I fix the puncture?", "2031-08-02"),
        ("When did I paint the gate?", "2031-08-09"),
    ],
)
def test_a_fragment_is_the_writers_deed_on_the_days_note(
    store: Store, question: str, date: str
) -> None:
    doc = ask(store, question)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["date"] == date


@pytest.mark.parametrize(
    "question",
    ["When did I go for a swim?", "When did I ride to the lake?"],
)
def test_a_negated_or_untold_fragment_is_refused(store: Store, question: str) -> None:
    doc = ask(store, question)
    assert doc["status"] != "accepted", doc["value"]
