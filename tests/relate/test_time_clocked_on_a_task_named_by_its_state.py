"""Time clocked on a task named by the state it was in.

A task kept with custom keywords says its activity in them: "* FIXED Bicycle: rear hub
grinding" whose LOGBOOK went from REPAIR to FIXED was the rear hub's repair, so "How many
minutes did the rear hub repair take?" is its CLOCK lines' sum, as if the title said
"repair". The resolver's structure reading and the gate's own check each read the state
names (the gate only the states the task was in before a change, and only for a CLOCK
duration). Near misses stay refused: a noun no state or title names ("the rear hub
service"), a participle keyword that names a deed (FIXED is no activity noun), and a task
whose states name another activity. Invented notes.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from notes_helpers import ask, notes_store

from prme_cli.store import Store
from prme_cli.timeexpr import parse_now, zone

TZ = zone("Europe/Madrid")
NOW = parse_now("2033-05-30T20:00", TZ)

TASKS = """#+TODO: TODO REPAIR REVIEW | FIXED DONE SCRAPPED
* Workshop
** FIXED Lawnmower: front wheel wobbling
:LOGBOOK:
- State "FIXED"      from "REPAIR"     [2033-04-12 Tue 16:40] \\\\
  New bearing; runs true.
CLOCK: [2033-04-12 Tue 14:50]--[2033-04-12 Tue 16:40] =>  1:50
:END:
** DONE Grant report for the allotment society
:LOGBOOK:
- State "DONE"       from "REVIEW"     [2033-04-20 Wed 18:00]
CLOCK: [2033-04-19 Tue 19:00]--[2033-04-19 Tue 20:30] =>  1:30
CLOCK: [2033-04-20 Wed 17:00]--[2033-04-20 Wed 18:00] =>  1:00
:END:
** SCRAPPED Old kettle: switch sticks
:LOGBOOK:
- State "SCRAPPED"   from "TODO"       [2033-05-02 Mon 10:00]
CLOCK: [2033-05-02 Mon 09:30]--[2033-05-02 Mon 10:00] =>  0:30
:END:
"""


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("state-named"), {"tasks.org": TASKS}, NOW)


def _ask(store: Store, question: str) -> dict[str, Any]:
    return ask(store, question, now=NOW, tz=TZ)


@pytest.mark.parametrize(
    ("question", "quantity", "unit"),
    [
        ("How many minutes did the front wheel repair take?", "110", "minutes"),
        ("How many minutes did the lawnmower repair take?", "110", "minutes"),
        ("How many hours did the grant report review take?", "2.5", "hours"),
    ],
)
def test_a_state_the_task_was_in_names_its_clocked_activity(
    store: Store, question: str, quantity: str, unit: str
) -> None:
    doc = _ask(store, question)
    assert doc["status"] == "accepted", doc["metadata"]["explanation"]
    assert doc["value"]["unit"] == unit
    assert float(doc["value"]["quantity"]) == float(quantity)


@pytest.mark.parametrize(
    "question",
    [
        # no state or title word says "service"
        "How many minutes did the front wheel service take?",
        # the kettle was never in REPAIR: its clocked half hour is no repair
        "How many minutes did the kettle repair take?",
    ],
)
def test_an_activity_no_state_names_stays_refused(store: Store, question: str) -> None:
    assert _ask(store, question)["status"] != "accepted"


def test_the_gate_reads_the_state_for_clocked_work_only() -> None:
    from notes_helpers import gate_check

    from prme_cli.relate.types import EvidenceRecord, Operand

    text = (
        "** FIXED Lawnmower: front wheel wobbling\n:LOGBOOK:\n"
        '- State "FIXED"      from "REPAIR"     [2033-04-12 Tue 16:40]\n'
        "CLOCK: [2033-04-12 Tue 14:50]--[2033-04-12 Tue 16:40] =>  1:50\n:END:\n"
    )
    record = EvidenceRecord(
        id="r1", event_time=None, text=text, title="Lawnmower: front wheel wobbling"
    )
    clock = "CLOCK: [2033-04-12 Tue 14:50]--[2033-04-12 Tue 16:40] =>  1:50"
    work = Operand("the front wheel repair", "r1", clock, "=>  1:50", "duration")
    question = "How many minutes did the front wheel repair take?"
    from prme_cli.relate.symbolic.gate import SymbolicGate
    from prme_cli.relate.types import Resolution

    verdict = SymbolicGate().check(question, Resolution("duration_sum", (work,)), work, record)
    assert verdict.probability >= 0.85
    # a state's noun does not name the stamp of a change: "when did I repair it" is a deed
    change = Operand(
        "the front wheel repair",
        "r1",
        '- State "FIXED"      from "REPAIR"     [2033-04-12 Tue 16:40]',
        "[2033-04-12 Tue 16:40]",
        "org_timestamp",
    )
    assert gate_check("When did the front wheel repair start?", record, change) < 0.85
