"""A bare "no," after a time takes it back when another time follows in the sentence.

"The first picking was on Wednesday, no, it was Thursday the 30th" withdraws Wednesday (the
fifth unseen round's first run answered Wednesday: the resolver's cue table held "no,"
behind a word boundary that a comma never has, and the gate had no check of its own for a
time taken back inside its sentence). The withdrawn time is never read. A correction that
only restates the time ("no, it was Thursday the 30th": a cue, "it was", the time) dates
the event at the new time; one that tells more ("no, on Thursday evening" leaves open
whose evening) dates nothing. A "no" that corrects nothing ("…on Wednesday, no kidding",
"…on Friday, no less, and I paid in March") leaves the date, and the gate, reading by its
own pattern, refuses the withdrawn time whatever the resolver did.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime
from typing import Any

import pytest
from notes_helpers import GATE_THRESHOLD, gate_probability, notes_store
from notes_helpers import ask as ask_notes

from prme_cli.store import Store
from prme_cli.timeexpr import parse_now, zone

TZ = zone("UTC")
NOW = parse_now("2039-09-01T20:00", TZ)
# Saturday 2 July 2039: Wednesday 29 June, Thursday 30 June, Friday 1 July.

NOTES = {
    # an org-roam daily
    "2039-07-02.org": "#+title: 2039-07-02\n"
    "The first picking of broad beans was on Wednesday, no, it was Thursday the 30th.\n"
    "I hung the new gate on Wednesday, no kidding, in the rain.\n",
    # a datetree day
    "journal.org": "* 2039\n** 2039-07 July\n*** 2039-07-02 Saturday\n"
    "I sharpened the shears on Wednesday - no - it was Thursday.\n"
    "I bought the water butt on Friday, no less, and I paid for the hose in June.\n",
    # a chat turn
    "chat.org": "* Chat [2039-07-02 Sat 19:00]\n** user\n"
    "I mowed the orchard on Wednesday, no, on Thursday evening.\n",
}


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("bare-no"), NOTES, NOW)


def ask(store: Store, question: str) -> dict[str, Any]:
    return ask_notes(store, question, now=NOW, tz=TZ)


@pytest.mark.parametrize(
    "question",
    [
        "When did I mow the orchard?",
    ],
)
def test_a_time_followed_by_no_and_another_time_dates_nothing(store: Store, question: str) -> None:
    doc = ask(store, question)
    assert doc["status"] != "accepted", doc["value"]


@pytest.mark.parametrize(
    "question",
    [
        "When did I first pick broad beans?",
        "When did I sharpen the shears?",
    ],
)
def test_a_no_that_restates_the_time_dates_the_event_at_the_new_time(
    store: Store, question: str
) -> None:
    doc = ask(store, question)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["date"] == "2039-06-30"


@pytest.mark.parametrize(
    ("question", "day"),
    [
        ("When did I hang the new gate?", "2039-06-29"),
        ("When did I buy the water butt?", "2039-07-01"),
    ],
)
def test_a_no_that_corrects_nothing_leaves_the_date(store: Store, question: str, day: str) -> None:
    doc = ask(store, question)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["date"] == day


WRITTEN = datetime(2039, 7, 2, 19, 0)


@pytest.mark.parametrize(
    ("quote", "name"),
    [
        (
            "I picked the broad beans on Wednesday, no, it was Thursday the 30th.",
            "pick the broad beans",
        ),
        ("I sharpened the shears on Wednesday - no - it was Thursday.", "sharpen the shears"),
        ("I mowed the orchard on Wednesday, no, on Thursday evening.", "mow the orchard"),
    ],
)
def test_the_gate_refuses_a_time_taken_back_by_a_bare_no(quote: str, name: str) -> None:
    assert gate_probability(quote, name, "Wednesday", written=WRITTEN) < GATE_THRESHOLD


@pytest.mark.parametrize(
    ("quote", "name"),
    [
        ("I hung the new gate on Wednesday, no kidding, in the rain.", "hang the new gate"),
        ("I picked the broad beans on Wednesday.", "pick the broad beans"),
        ("I went to the optician on Wednesday, sorry for the late reply.", "go to the optician"),
    ],
)
def test_the_gate_keeps_a_time_no_one_takes_back(quote: str, name: str) -> None:
    assert gate_probability(quote, name, "Wednesday", written=WRITTEN) >= GATE_THRESHOLD
