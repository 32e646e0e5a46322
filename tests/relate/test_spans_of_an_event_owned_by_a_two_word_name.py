""" "How long did Oma Ilse's visit last?": an event owned by a name of two capitalised words
("Oma Ilse's", "Uncle Bertram's", "Mr Adeyemi's") is framed as the span of one event, as
"Wanda's visit" was: its start to its end (an event-date range on the heading, an active
range), or a stated length.

Two visits that the question does not tell apart are not one span, and "Sara and Tom's
visit" (two owners) is not framed this way.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from notes_helpers import ask as ask_notes
from notes_helpers import notes_store

from prme_cli.relate import frame
from prme_cli.store import Store
from prme_cli.timeexpr import parse_now, zone

TZ = zone("Europe/Berlin")
NOW = parse_now("2031-07-01T20:00", TZ)

NOTES = {
    "family.org": """\
#+title: Family log

* Oma Ilse visiting                                            :family:visit:
:PROPERTIES:
:WHEN:     [2031-02-10 Mon]--[2031-02-13 Thu]
:END:
Brought far too many sweets.

* Uncle Bertram's visit
<2031-04-04 Fri>--<2031-04-06 Sun>

* Tante Greet visiting
:PROPERTIES:
:WHEN:     [2031-05-02 Fri]--[2031-05-04 Sun]
:END:

* Tante Greet visiting again
:PROPERTIES:
:WHEN:     [2031-06-06 Fri]--[2031-06-10 Tue]
:END:
""",
}


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("two_word_owner_span"), NOTES, NOW)


def ask(store: Store, question: str) -> dict[str, Any]:
    return ask_notes(store, question, now=NOW, tz=TZ)


@pytest.mark.parametrize(
    "question",
    [
        "How long did Oma Ilse's visit last?",
        "How many days did Mr Adeyemi's stay take?",
        "How long was Uncle Bertram's visit?",
    ],
)
def test_an_event_owned_by_a_two_word_name_is_framed_as_a_span(question: str) -> None:
    parsed = frame.analyse(question)
    assert parsed is not None and parsed.events
    assert "'s " in parsed.events[0].text


@pytest.mark.parametrize(
    ("question", "days"),
    [
        ("How long did Oma Ilse's visit last?", 3),
        ("How many days did Oma Ilse's visit last?", 3),
        ("How long did Uncle Bertram's visit last?", 2),
    ],
)
def test_the_span_of_an_event_owned_by_a_two_word_name(
    store: Store, question: str, days: int
) -> None:
    doc = ask(store, question)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["days"] == days


def test_two_owners_are_not_framed_as_one_span() -> None:
    assert frame.analyse("How long did Sara and Tom's visit last?") is None


def test_two_visits_the_question_does_not_tell_apart_are_refused(store: Store) -> None:
    doc = ask(store, "How long did Tante Greet's visit last?")
    assert doc["status"] != "accepted", doc["value"]
