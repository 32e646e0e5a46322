"""An appointment stamp under a skipped or cancelled keyword did not take place.

An unseen org set (strangers3) had a runner's ``#+TODO: PLAN | RAN SKIPPED`` file with
``* SKIPPED Spring 10k in Arvika`` and an active stamp ``<… Sun 10:00>``: "When did I run the
Spring 10k?" was answered with the stamp. The keyword after ``|`` closes the task, but a
skipped, cancelled, dropped or missed one closes it without the appointment happening. The
resolver refuses such a stamp, and the gate, by its own list of states, scores it low; the
same race under a done keyword (``RAN``, ``DONE``) stays answered.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from notes_helpers import GATE_THRESHOLD, ask, notes_store, org_stamp_gate

from prme_cli.store import Store
from prme_cli.timeexpr import parse_now, zone

TZ = zone("UTC")
NOW = parse_now("2037-12-20T20:00", TZ)

RACES = """#+TITLE: Races
#+TODO: PLAN | RAN SKIPPED MISSED CANCELLED

* SKIPPED Harbour 10k in Tønsberg
CLOSED: [2037-05-16 Sun 08:00]
<2037-05-16 Sun 10:00>
Knee again. Watched from the bridge.
* CANCELLED Hill relay with the club
<2037-06-06 Sun 09:00>
* MISSED Forest half marathon
<2037-07-11 Sun 09:30>
Overslept.
* RAN Autumn 5k in the park
CLOSED: [2037-09-19 Sun 11:00]
<2037-09-19 Sun 10:00>
* Lake swim with Oda
<2037-08-07 Sat 07:00>
"""


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("races"), {"races.org": RACES}, NOW)


@pytest.mark.parametrize(
    "question",
    [
        "When did I run the Harbour 10k in Tønsberg?",
        "When did I run the hill relay with the club?",
        "When did I run the Forest half marathon?",
    ],
)
def test_the_resolver_refuses_the_stamp_of_a_skipped_or_cancelled_race(
    store: Store, question: str
) -> None:
    doc = ask(store, question, now=NOW, tz=TZ)
    assert doc["status"] == "unsupported", doc.get("value")


@pytest.mark.parametrize(
    ("question", "day"),
    [
        ("When did I run the Autumn 5k in the park?", "2037-09-19"),
        ("When did I swim in the lake with Oda?", "2037-08-07"),
    ],
)
def test_a_race_run_or_an_appointment_without_keyword_stays_answered(
    store: Store, question: str, day: str
) -> None:
    doc = ask(store, question, now=NOW, tz=TZ)
    assert doc["status"] == "accepted", doc
    assert doc["value"]["date"] == day


def _gate(keyword: str) -> float:
    stamp = "<2037-05-16 Sun 10:00>"
    return org_stamp_gate(
        "When was the Harbour 10k in Tønsberg?",
        f"{keyword} Harbour 10k in Tønsberg".strip(),
        stamp,
        stamp,
        "the Harbour 10k in Tønsberg",
    )


@pytest.mark.parametrize("keyword", ["SKIPPED", "CANCELLED", "MISSED", "DROPPED"])
def test_the_gate_refuses_an_appointment_stamp_under_a_closing_keyword_that_is_not_done(
    keyword: str,
) -> None:
    assert _gate(keyword) < GATE_THRESHOLD


def test_the_gate_passes_the_same_stamp_without_a_cancelling_keyword() -> None:
    assert _gate("") >= GATE_THRESHOLD
