"""Dated properties named by a deed: ``:BOUGHT: [..]``, ``:STARTED:`` / ``:FINISHED:``.

Org users keep facts about things and books in property drawers (a household inventory with
``:BOUGHT:`` and ``:RETURNED:``, a reading log with ``:STARTED:`` and ``:FINISHED:``). A dated
property whose name is a verb's participle is that deed, dated by its stamp (SPEC §6, org
structure as events; :func:`prme_cli.events.property_deed`): the resolver answers from it and
the gate reads the property's name itself. Another property (``:ORDERED:`` for "buy",
``:REMINDER:``, ``:LAST_SEEN:``, ``:DUE:``) dates no such deed.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from notes_helpers import ask as ask_notes
from notes_helpers import notes_store

from prme_cli.events import property_deed
from prme_cli.store import Store
from prme_cli.timeexpr import parse_now, zone

TZ = zone("America/Winnipeg")
NOW = parse_now("2033-06-30T20:00", TZ)

NOTES = {
    "things.org": """\
#+TITLE: Things in the house

* Kitchen
** Espresso machine (Gaggia)
:PROPERTIES:
:ORDERED:  [2033-01-09 Sun]
:BOUGHT:   [2033-01-12 Wed]
:RETURNED: [2033-02-20 Sun]
:END:
Sent back: the boiler leaked.
** Chest freezer
:PROPERTIES:
:DELIVERED: [2033-03-02 Wed]
:REMINDER: [2033-09-01 Thu]
:END:
* Garden
** Plum tree
:PROPERTIES:
:PLANTED: <2033-04-16 Sat>
:LAST_SEEN: [2033-05-01 Sun]
:END:
""",
    "reading.org": """\
#+TITLE: Reading log
#+TODO: READING | FINISHED ABANDONED

* FINISHED The Copper Stair
:PROPERTIES:
:STARTED:  [2033-02-01 Tue]
:FINISHED: [2033-02-27 Sun]
:END:
* FINISHED Tidewater
:PROPERTIES:
:STARTED:  [2033-03-05 Sat]
:FINISHED: [2033-04-10 Sun]
:END:
* READING A Year of Salt
:PROPERTIES:
:STARTED: [2033-05-20 Fri]
:DUE: [2033-07-15 Fri]
:END:
""",
}


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("properties"), NOTES, NOW)


def ask(store: Store, question: str) -> dict[str, Any]:
    return ask_notes(store, question, now=NOW, tz=TZ)


@pytest.mark.parametrize(
    ("name", "kind"),
    [
        ("BOUGHT", "step"),
        ("RETURNED", "step"),
        ("Planted", "step"),
        ("STARTED", "start"),
        ("FINISHED", "end"),
        ("COMPLETED", "end"),
        ("LAST_SEEN", None),
        ("REMINDER", None),
        ("READ", None),
        ("READING", None),
        ("BOOKCLUB", None),
        ("DUE", None),
    ],
)
def test_a_property_named_by_a_participle_is_a_deed(name: str, kind: str | None) -> None:
    assert property_deed(name) == kind


@pytest.mark.parametrize(
    ("question", "day"),
    [
        ("When did I buy the espresso machine?", "2033-01-12"),
        ("When did I return the Gaggia espresso machine?", "2033-02-20"),
        ("When was the chest freezer delivered?", "2033-03-02"),
        ("When did I plant the plum tree?", "2033-04-16"),
        ("When did I finish The Copper Stair?", "2033-02-27"),
        ("When did I start Tidewater?", "2033-03-05"),
        ("When did I begin The Copper Stair?", "2033-02-01"),
    ],
)
def test_a_deed_property_dates_its_deed(store: Store, question: str, day: str) -> None:
    doc = ask(store, question)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["date"] == day
    assert doc["metadata"]["operands"][0]["time_basis"] == "org_timestamp"


def test_deed_properties_order_the_deeds_they_name(store: Store) -> None:
    doc = ask(store, "Which did I do first, return the espresso machine or plant the plum tree?")
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert "espresso" in doc["value"]["order"][0]
    finished = ask(store, "Which did I finish first, Tidewater or The Copper Stair?")
    assert finished["status"] == "accepted", finished["metadata"].get("explanation")
    assert "Copper" in finished["value"]["order"][0]


def test_bought_and_returned_properties_span_the_days_between(store: Store) -> None:
    doc = ask(
        store,
        "How many days were there between buying the espresso machine and returning it?",
    )
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["days"] == 39


@pytest.mark.parametrize(
    "question",
    [
        "When did I buy the chest freezer?",  # delivered is not bought
        "When did I finish A Year of Salt?",  # still reading; its DUE date is no finish
        "When did I last see the plum tree?",  # LAST_SEEN names no deed of the writer's
        "When did I order the chest freezer?",  # no ORDERED property on it
        "When did I renew the chest freezer's warranty?",  # a REMINDER dates nothing done
    ],
)
def test_a_property_that_names_another_deed_or_none_dates_nothing(
    store: Store, question: str
) -> None:
    doc = ask(store, question)
    assert doc["status"] != "accepted", doc["value"]


def test_the_gate_reads_the_propertys_own_name() -> None:
    from datetime import datetime

    from notes_helpers import GATE_THRESHOLD, gate_check

    from prme_cli.relate.types import EvidenceRecord, Operand

    text = (
        "* Espresso machine (Gaggia)\n:PROPERTIES:\n:ORDERED:  [2033-01-09 Sun]\n"
        ":BOUGHT:   [2033-01-12 Wed]\n:END:\n"
    )
    record = EvidenceRecord("r1", datetime(2033, 1, 12), text, title="Espresso machine (Gaggia)")
    bought = Operand(
        "buy the espresso machine",
        "r1",
        ":BOUGHT:   [2033-01-12 Wed]",
        "[2033-01-12 Wed]",
        "org_timestamp",
    )
    ordered = Operand(
        "buy the espresso machine",
        "r1",
        ":ORDERED:  [2033-01-09 Sun]",
        "[2033-01-09 Sun]",
        "org_timestamp",
    )
    question = "When did I buy the espresso machine?"
    assert gate_check(question, record, bought) >= GATE_THRESHOLD
    assert gate_check(question, record, ordered) < GATE_THRESHOLD
