"""A task closed by handing it to someone else was not done by the writer.

An unseen org set (strangers4) had a GTD file with ``#+TODO: TODO NEXT HOLD | DONE DELEGATED
CANCELLED`` and ``** DELEGATED Electrical rough-in`` closed on the day it was handed to the
electrician: "When did I do the electrical rough-in?" was answered with that CLOSED stamp.
A keyword after ``|`` closes the task, but a delegated one closes it with a hand-over, not
with the deed — and its stamp does not say when the other person did it either. The resolver
reads such a closing as a cancel (``events.CANCEL_STATES``), and the gate, by its own list of
states, scores it low; the same kind of task under ``DONE`` stays answered.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from notes_helpers import GATE_THRESHOLD, ask, notes_store, org_stamp_gate

from prme_cli.store import Store
from prme_cli.timeexpr import parse_now, zone

TZ = zone("UTC")
NOW = parse_now("2037-12-20T20:00", TZ)

WORKSHOP = """#+TITLE: Workshop build
#+TODO: TODO NEXT | DONE DELEGATED CANCELLED

* DELEGATED Wire the workbench sockets
CLOSED: [2037-04-09 Thu 17:00]
Handed to Ravi, who has the licence.
* TODO Paint the shed door
:LOGBOOK:
- State "DELEGATED"  from "TODO"       [2037-05-02 Sat 09:00] \\\\
  My nephew will do it for pocket money.
:END:
* DONE Fit the pegboard
CLOSED: [2037-04-11 Sat 15:30]
"""

GARDEN = """#+TITLE: Garden
#+SEQ_TODO: TODO WAIT | DONE DELEGATE

* DELEGATE Prune the plum tree
CLOSED: [2037-06-20 Sat 10:00]
Asked the arborist next door.
* DONE Mulch the beds
CLOSED: [2037-06-21 Sun 12:00]
"""


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    notes = {"workshop.org": WORKSHOP, "garden.org": GARDEN}
    yield from notes_store(tmp_path_factory.mktemp("delegated"), notes, NOW)


@pytest.mark.parametrize(
    "question",
    [
        "When did I wire the workbench sockets?",
        "When did I paint the shed door?",
        "When did I prune the plum tree?",
    ],
)
def test_the_resolver_refuses_the_closing_of_a_delegated_task(store: Store, question: str) -> None:
    doc = ask(store, question, now=NOW, tz=TZ)
    assert doc["status"] == "unsupported", doc.get("value")


@pytest.mark.parametrize(
    ("question", "day"),
    [
        ("When did I fit the pegboard?", "2037-04-11"),
        ("When did I mulch the beds?", "2037-06-21"),
    ],
)
def test_a_task_closed_as_done_stays_answered(store: Store, question: str, day: str) -> None:
    doc = ask(store, question, now=NOW, tz=TZ)
    assert doc["status"] == "accepted", doc
    assert doc["value"]["date"] == day


def _gate(keyword: str) -> float:
    stamp = "[2037-04-09 Thu 17:00]"
    return org_stamp_gate(
        "When did I wire the workbench sockets?",
        f"{keyword} Wire the workbench sockets",
        f"CLOSED: {stamp}",
        stamp,
        "wire the workbench sockets",
    )


@pytest.mark.parametrize("keyword", ["DELEGATED", "DELEGATE"])
def test_the_gate_refuses_the_closing_stamp_of_a_delegated_task(keyword: str) -> None:
    assert _gate(keyword) < GATE_THRESHOLD


def test_the_gate_passes_the_same_closing_stamp_under_done() -> None:
    assert _gate("DONE") >= GATE_THRESHOLD
