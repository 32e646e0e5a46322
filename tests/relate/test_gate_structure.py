"""The gate's own check of operands cited from org structure (``gate_structure``).

Each case cites a line of an invented task or trip; the gate must pass the right part of the
right heading and refuse a cancelled task, a plan cited for a deed, the wrong part of an event,
another heading, a partial stamp and an end dated before its start.
"""

from __future__ import annotations

from datetime import datetime

import pytest

from prme_cli.relate.symbolic import SymbolicGate
from prme_cli.relate.types import EvidenceRecord, Operand, Resolution

TASK = EvidenceRecord(
    "task",
    datetime(2027, 5, 21, 18, 0),
    "* DONE Reupholster the armchair\nCLOSED: [2027-05-21 Fri 18:00]\n:LOGBOOK:\n"
    '- State "DONE"       from "STARTED"    [2027-05-21 Fri 18:00]\n'
    '- State "STARTED"    from "TODO"       [2027-05-08 Sat 10:00]\n'
    "CLOCK: [2027-05-08 Sat 10:00]--[2027-05-08 Sat 11:15] =>  1:15\n:END:",
    title="Reupholster the armchair",
)
OVEN = EvidenceRecord(
    "oven",
    None,
    "* CANCELLED Build a pizza oven\nCLOSED: [2027-06-02 Wed 19:00]\n:LOGBOOK:\n"
    '- State "CANCELLED"  from "STARTED"    [2027-06-02 Wed 19:00]\n:END:',
    title="Build a pizza oven",
)
BOILER = EvidenceRecord(
    "boiler",
    None,
    "* TODO Service the boiler\nSCHEDULED: <2027-07-06 Tue>",
    title="Service the boiler",
)
TRIP = EvidenceRecord(
    "trip",
    None,
    "* Sailing in the Cyclades\n<2027-05-29 Sat>--<2027-06-05 Sat>",
    title="Sailing in the Cyclades",
)
RECORDS = {r.id: r for r in (TASK, OVEN, BOILER, TRIP)}
STARTED = '- State "STARTED"    from "TODO"       [2027-05-08 Sat 10:00]'


def probability(question: str, operation: str, *operands: Operand) -> list[float]:
    from prme_cli.relate.types import ProviderAudit

    verdict = SymbolicGate().evaluate(
        question, Resolution(operation, operands), RECORDS, ProviderAudit("symbolic")
    )
    return list(verdict.probabilities)


def op(
    name: str, record: str, quote: str, expression: str, basis: str = "org_timestamp"
) -> Operand:
    return Operand(name, record, quote, expression, basis)


def test_the_right_part_of_the_right_heading_passes() -> None:
    q = "When did I finish reupholstering the armchair?"
    closed = op(
        "finish reupholstering the armchair",
        "task",
        "CLOSED: [2027-05-21 Fri 18:00]",
        "[2027-05-21 Fri 18:00]",
    )
    assert probability(q, "absolute_date", closed)[0] >= 0.85
    q = "When did I start reupholstering the armchair?"
    start = op("start reupholstering the armchair", "task", STARTED, "[2027-05-08 Sat 10:00]")
    assert probability(q, "absolute_date", start)[0] >= 0.85
    q = "When did I get back from the Cyclades?"
    back = op(
        "get back from the Cyclades",
        "trip",
        "<2027-05-29 Sat>--<2027-06-05 Sat>",
        "<2027-06-05 Sat>",
    )
    assert probability(q, "absolute_date", back)[0] >= 0.85


@pytest.mark.parametrize(
    ("question", "operand"),
    [
        (  # starting is not finishing
            "When did I finish reupholstering the armchair?",
            op("finish reupholstering the armchair", "task", STARTED, "[2027-05-08 Sat 10:00]"),
        ),
        (  # a cancelled task was not built
            "When did I build the pizza oven?",
            op(
                "build the pizza oven",
                "oven",
                "CLOSED: [2027-06-02 Wed 19:00]",
                "[2027-06-02 Wed 19:00]",
            ),
        ),
        (
            "When did I finish building the pizza oven?",
            op(
                "finish building the pizza oven",
                "oven",
                '- State "CANCELLED"  from "STARTED"    [2027-06-02 Wed 19:00]',
                "[2027-06-02 Wed 19:00]",
            ),
        ),
        (  # a plan is not a deed
            "When did I service the boiler?",
            op("service the boiler", "boiler", "SCHEDULED: <2027-07-06 Tue>", "<2027-07-06 Tue>"),
        ),
        (  # another heading
            "When did I service the boiler?",
            op(
                "service the boiler",
                "task",
                "CLOSED: [2027-05-21 Fri 18:00]",
                "[2027-05-21 Fri 18:00]",
            ),
        ),
        (  # the first day of a trip is not its return
            "When did I get back from the Cyclades?",
            op(
                "get back from the Cyclades",
                "trip",
                "<2027-05-29 Sat>--<2027-06-05 Sat>",
                "<2027-05-29 Sat>",
            ),
        ),
        (  # part of a stamp is not a tagged phrase
            "When did I finish reupholstering the armchair?",
            op(
                "finish reupholstering the armchair",
                "task",
                "CLOSED: [2027-05-21 Fri 18:00]",
                "2027-05-21",
            ),
        ),
        (  # someone else's event: the writer's heading does not name her
            "When did Marisol finish reupholstering the armchair?",
            op(
                "finish reupholstering the armchair",
                "task",
                "CLOSED: [2027-05-21 Fri 18:00]",
                "[2027-05-21 Fri 18:00]",
            ),
        ),
        (  # CLOCK is work, not a finish
            "When did I finish reupholstering the armchair?",
            op(
                "finish reupholstering the armchair",
                "task",
                "CLOCK: [2027-05-08 Sat 10:00]--[2027-05-08 Sat 11:15] =>  1:15",
                "[2027-05-08 Sat 10:00]",
            ),
        ),
    ],
)
def test_structure_citations_that_do_not_date_the_event_are_refused(
    question: str, operand: Operand
) -> None:
    assert probability(question, "absolute_date", operand)[0] < 0.85


def test_a_span_whose_end_is_before_its_start_is_refused() -> None:
    q = "How long did it take to reupholster the armchair?"
    end = op(
        "reupholster the armchair",
        "task",
        "CLOSED: [2027-05-21 Fri 18:00]",
        "[2027-05-21 Fri 18:00]",
    )
    start = op("reupholster the armchair", "task", STARTED, "[2027-05-08 Sat 10:00]")
    assert min(probability(q, "elapsed_between", start, end)) >= 0.85
    assert max(probability(q, "elapsed_between", end, start)) < 0.85
