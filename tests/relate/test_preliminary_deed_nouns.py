"""A deed that leads up to another, told as a noun, is not that other deed.

An unseen chat set (pairs3) answered "When did Ana get the Porto job?" with the day she
wrote "I sent off the application for the Porto job this morning". The resolver already
refused "applied for the job"; the same deed named as a noun with the thing as its aim
("the application for …", "a booking for …", "a request for …", "the viewing for …") is
refused too, while a clause that tells the asked deed itself stays answered.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from notes_helpers import ask, notes_store

from prme_cli.store import Store
from prme_cli.timeexpr import parse_now, zone

TZ = zone("UTC")
NOW = parse_now("2039-09-30T20:00", TZ)

NOTES = {
    "2039-03-02.org": "#+TITLE: 2039-03-02\n\n* Morning\n"
    "I sent off the application for the Lisbon job this morning.\n",
    "2039-04-11.org": "#+TITLE: 2039-04-11\n\n* Evening\n"
    "Put in a request for the corner allotment today.\n",
    "2039-05-20.org": "#+TITLE: 2039-05-20\n\n* Lunch\n"
    "Made a booking for the ferry to Texel this morning.\n",
    "2039-06-08.org": "#+TITLE: 2039-06-08\n\n* Night\n"
    "Got the Gdansk job today, I start in August!\n",
}


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("prelim"), NOTES, NOW)


@pytest.mark.parametrize(
    "question",
    [
        "When did I get the Lisbon job?",
        "When did I get the corner allotment?",
        "When did I take the ferry to Texel?",
    ],
)
def test_a_deed_leading_up_told_as_a_noun_does_not_answer_the_deed(
    store: Store, question: str
) -> None:
    doc = ask(store, question, now=NOW, tz=TZ)
    assert doc["status"] != "accepted", doc.get("value")


def test_the_deed_itself_stays_answered(store: Store) -> None:
    doc = ask(store, "When did I get the Gdansk job?", now=NOW, tz=TZ)
    assert doc["status"] == "accepted", doc
    assert doc["value"]["date"] == "2039-06-08"
