"""Time logged on one task: "How many minutes did I clock on …", "How long did I log on …",
"How many hours did I put in on …", "How much time did I spend on …".

org users ask for their CLOCK lines' total in all these wordings. A verb of logging
("clock", "log", "put in") asks for the logged time only: the CLOCK lines' sum (or a stated
length), never the span from the task's first day to its CLOSED stamp — a task with no
CLOCK lines is refused, not answered with its span in days. "How much time did I spend …"
is the "spend" question without a unit.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from notes_helpers import ask, notes_store, refused

from prme_cli.store import Store
from prme_cli.timeexpr import parse_now, zone

TZ = zone("Europe/Oslo")
NOW = parse_now("2039-06-01T20:00", TZ)

GTD = """#+TODO: TODO NEXT HOLD | DONE CANCELLED
* Studio build
** DONE Sand the floorboards
CLOSED: [2039-03-12 Sat 17:10]
:LOGBOOK:
- State "DONE"       from "NEXT"       [2039-03-12 Sat 17:10] \\\\
  Two passes with the drum sander.
CLOCK: [2039-03-12 Sat 13:00]--[2039-03-12 Sat 17:10] =>  4:10
CLOCK: [2039-03-11 Fri 09:00]--[2039-03-11 Fri 11:30] =>  2:30
CLOCK: [2039-03-10 Thu 18:00]--[2039-03-10 Thu 19:20] =>  1:20
:END:
** DONE Hang the shelves
CLOSED: [2039-03-20 Sun 12:00]
:LOGBOOK:
CLOCK: [2039-03-14 Mon 10:00]--[2039-03-14 Mon 11:00] =>  1:00
CLOCK: [2039-03-20 Sun 09:00]--[2039-03-20 Sun 12:00] =>  3:00
:END:
** DONE Paint the studio door
CLOSED: [2039-03-25 Fri 16:00]
:LOGBOOK:
- State "DONE"       from "TODO"       [2039-03-25 Fri 16:00]
- State "NEXT"       from "TODO"       [2039-03-21 Mon 09:00]
:END:
"""


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("logged"), {"studio.org": GTD}, NOW)


@pytest.mark.parametrize(
    ("question", "minutes"),
    [
        ("How many minutes did I clock on the floorboards?", 480),
        ("How long did I log on hanging the shelves?", 240),
        ("How many hours did I put in on sanding the floorboards?", 480),
        ("How much time did I spend on the shelves?", 240),
        ("How long did I clock on the floorboards?", 480),
    ],
)
def test_the_time_logged_on_a_task_is_its_clock_lines_sum(
    store: Store, question: str, minutes: int
) -> None:
    doc = ask(store, question, now=NOW, tz=TZ)
    assert doc["status"] == "accepted", doc
    value = doc["value"]
    factor = {"minutes": 1, "hours": 60}[value["unit"]]
    assert float(value["quantity"]) * factor == minutes


@pytest.mark.parametrize(
    "question",
    [
        "How long did I clock on painting the studio door?",  # no CLOCK lines: no span either
        "How many hours did I log on the studio door?",
        "How long did Sten clock on the floorboards?",  # someone else's time
        "How many minutes did I clock on the roof?",  # no such task
    ],
)
def test_time_logged_on_a_task_without_clock_lines_is_refused(store: Store, question: str) -> None:
    refused(ask(store, question, now=NOW, tz=TZ))
