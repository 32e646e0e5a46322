"""The length of one task asked with a gerund as the subject ("How long did renewing the
certificates take?", "How many days did painting the fence take?"), and a span whose two ends
are told to the minute on one day answered in minutes, not as "0 days".

A "how long was …" question needs a noun phrase ("how long was the trip"); a gerund after
"was" is no span question. A task with no start and no end told is refused.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from notes_helpers import ask as ask_notes
from notes_helpers import notes_store

from prme_cli.store import Store
from prme_cli.timeexpr import parse_now, zone

TZ = zone("Europe/Lisbon")
NOW = parse_now("2031-03-30T20:00", TZ)

NOTES = {
    "tasks.org": """\
#+TODO: TODO NEXT | DONE CANCELLED

* DONE Renew the domain certificates
CLOSED: [2031-03-02 Sun 11:05]
:LOGBOOK:
CLOCK: [2031-03-02 Sun 09:40]--[2031-03-02 Sun 11:05] =>  1:25
:END:
* DONE Paint the garden fence
CLOSED: [2031-03-16 Sun 17:00]
:LOGBOOK:
- State "DONE"       from "NEXT"       [2031-03-16 Sun 17:00]
- State "NEXT"       from "TODO"       [2031-03-11 Tue 18:00]
:END:
* TODO Clear out the loft
""",
}


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("gerund_spans"), NOTES, NOW)


def ask(store: Store, question: str) -> dict[str, Any]:
    return ask_notes(store, question, now=NOW, tz=TZ)


@pytest.mark.parametrize(
    "question",
    [
        "How long did renewing the domain certificates take?",
        "How long did it take to renew the domain certificates?",
    ],
)
def test_a_span_within_one_day_is_given_in_minutes(store: Store, question: str) -> None:
    doc = ask(store, question)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert (doc["value"]["unit"], doc["value"]["quantity"]) == ("minutes", "85")


@pytest.mark.parametrize(
    "question",
    [
        "How long did painting the garden fence take?",
        "How many days did painting the garden fence take?",
    ],
)
def test_a_gerund_subject_asks_the_tasks_span(store: Store, question: str) -> None:
    doc = ask(store, question)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["days"] == 5


@pytest.mark.parametrize(
    "question",
    [
        "How long did clearing out the loft take?",  # a TODO: neither end told
        "How long did repainting the shed take?",  # never told
    ],
)
def test_a_gerund_span_without_its_ends_is_refused(store: Store, question: str) -> None:
    doc = ask(store, question)
    assert doc["status"] != "accepted", doc["value"]


def test_a_gerund_after_was_is_no_span_question() -> None:
    from prme_cli.relate.frame import analyse

    frame = analyse("How long was painting the garden fence?", now=NOW)
    assert (
        frame is None
        or frame.form != "how long did X last (a stated duration, or its start to its end)"
    )
