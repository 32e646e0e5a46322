"""A LOGBOOK change into a keyword that is a verb's participle dates that deed of the task
("When did I submit the essay?" over ``- State "SUBMITTED" from "DRAFTING" [...]``); a
gerund keyword (DRAFTING) dates only the deed's start; a bare verb keyword (APPLY, REPAIR)
names what is still to do. The gate reads the same line by itself, and a verb the heading
and its keywords do not name is no event of the task at all — even when the quote runs from
the heading down to the LOGBOOK line.

The notes are invented for these tests.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from notes_helpers import GATE_THRESHOLD, answer, gate_check

from prme_cli.events import FileKeywords
from prme_cli.relate.types import EvidenceRecord, Operand

NOW = datetime(2026, 11, 2, 9, 0, tzinfo=UTC)

ESSAY = """#+TODO: IDEA DRAFTING SUBMITTED | PUBLISHED REJECTED
* PUBLISHED Essay on river ferries for the Gazette
  :LOGBOOK:
  - State "PUBLISHED"  from "SUBMITTED"  [2026-10-20 Tue 09:00]
  - State "SUBMITTED"  from "DRAFTING"   [2026-10-02 Fri 22:10]
  - State "DRAFTING"   from "IDEA"       [2026-09-11 Fri 19:00]
  :END:
"""

PLUMBER = """#+SEQ_TODO: CALL BOOKED PAID | DONE CANCELLED
* DONE Plumber for the kitchen sink
  CLOSED: [2026-10-10 Sat 15:00]
  :LOGBOOK:
  - State "DONE"       from "PAID"       [2026-10-10 Sat 15:00]
  - State "PAID"       from "BOOKED"     [2026-10-03 Sat 11:00]
  - State "BOOKED"     from "CALL"       [2026-09-30 Wed 08:30]
  :END:
"""

PRIZE = """#+TODO: WRITE SENT | SHORTLISTED REJECTED
* REJECTED Poem cycle for the Lantern prize
  :LOGBOOK:
  - State "REJECTED"   from "SENT"       [2026-10-20 Tue 10:00]
  - State "SENT"       from "SENT"       [2026-10-12 Mon 10:00]
  - State "SENT"       from "WRITE"      [2026-10-01 Thu 10:00]
  :END:
"""


def _answer(tmp_path: Path, notes: dict[str, str], question: str) -> dict:
    return answer(tmp_path, notes, question, now=NOW, tz=UTC)


@pytest.mark.parametrize(
    ("notes", "question", "day"),
    [
        (
            {"essay.org": ESSAY},
            "When did I submit the essay on river ferries?",
            "Friday, 2 October",
        ),
        (
            {"essay.org": ESSAY},
            "When did I start drafting the essay on river ferries?",
            "Friday, 11 September",
        ),
        (
            {"house.org": PLUMBER},
            "When did I book the plumber for the kitchen sink?",
            "Wednesday, 30 September",
        ),
        (
            {"house.org": PLUMBER},
            "On what day did I pay the plumber for the kitchen sink?",
            "Saturday, 3 October",
        ),
        (
            {"poems.org": PRIZE},
            "When did I first send the poem cycle for the Lantern prize?",
            "Thursday, 1 October",
        ),
    ],
)
def test_a_change_into_a_participle_keyword_dates_that_deed(
    tmp_path: Path, notes: dict[str, str], question: str, day: str
) -> None:
    doc = _answer(tmp_path, notes, question)
    assert doc["status"] == "accepted", doc
    assert doc["value"]["display"].startswith(day), doc["value"]


@pytest.mark.parametrize(
    ("notes", "question"),
    [
        # DRAFTING is when drafting began: it does not say when the draft was done
        ({"essay.org": ESSAY}, "When did I draft the essay on river ferries?"),
        # sent twice: which sending is not asked
        ({"poems.org": PRIZE}, "When did I send the poem cycle for the Lantern prize?"),
        # no keyword, title or body names losing or framing it
        ({"essay.org": ESSAY}, "When did I lose the essay on river ferries?"),
        ({"house.org": PLUMBER}, "When did I pay for the plumber's van?"),
        ({"house.org": PLUMBER}, "When did I lose the plumber for the kitchen sink?"),
    ],
)
def test_a_state_change_dates_no_other_deed(
    tmp_path: Path, notes: dict[str, str], question: str
) -> None:
    doc = _answer(tmp_path, notes, question)
    assert doc["status"] != "accepted", doc


def test_the_days_between_two_keyword_deeds_of_two_tasks(tmp_path: Path) -> None:
    notes = {"essay.org": ESSAY, "house.org": PLUMBER}
    doc = _answer(
        tmp_path,
        notes,
        "How many days before submitting the essay on river ferries did I book the plumber "
        "for the kitchen sink?",
    )
    assert doc["status"] == "accepted", doc
    assert doc["value"]["days"] == 2
    # the other way round is a false premise: booked on 30 September, submitted on 2 October
    (tmp_path / "again").mkdir()
    wrong_way = _answer(
        tmp_path / "again",  # a store of its own
        notes,
        "How many days after submitting the essay on river ferries did I book the plumber "
        "for the kitchen sink?",
    )
    assert wrong_way["status"] != "accepted", wrong_way


def _logbook_record(state: str) -> EvidenceRecord:
    return EvidenceRecord(
        "h",
        None,
        "* PUBLISHED Essay on river ferries\n  :LOGBOOK:\n"
        f'  - State "{state}"  from "DRAFTING"   [2026-10-02 Fri 22:10]\n  :END:\n',
        title="PUBLISHED Essay on river ferries",
        keywords=FileKeywords.of(["IDEA", "DRAFTING", "SUBMITTED"], ["PUBLISHED"]),
    )


@pytest.mark.parametrize(
    ("state", "question", "accepted"),
    [
        ("SUBMITTED", "When did I submit the essay on river ferries?", True),
        ("SUBMITTED", "When did I lose the essay on river ferries?", False),
        ("SUBMITTED", "When did I start submitting the essay on river ferries?", False),
        ("DRAFTING", "When did I start drafting the essay on river ferries?", True),
        ("DRAFTING", "When did I draft the essay on river ferries?", False),
    ],
)
def test_the_gate_reads_the_keyword_of_the_cited_state_line(
    state: str, question: str, accepted: bool
) -> None:
    stamp = "[2026-10-02 Fri 22:10]"
    record = _logbook_record(state)
    line = f'- State "{state}"  from "DRAFTING"   {stamp}'
    name = question.removeprefix("When did I ").removesuffix("?")
    probability = gate_check(question, record, Operand(name, "h", line, stamp, "org_timestamp"))
    assert (probability >= GATE_THRESHOLD) is accepted, probability


def test_the_gate_reads_a_quote_from_the_heading_down_to_its_logbook_line() -> None:
    """The line holding the stamp asserts the event, not the heading it starts from: a verb
    the heading and the keyword do not name is no deed of the task."""
    stamp = "[2026-10-02 Fri 22:10]"
    record = _logbook_record("SUBMITTED")
    quote = (
        '* PUBLISHED Essay on river ferries\n  :LOGBOOK:\n  - State "SUBMITTED"  from '
        f'"DRAFTING"   {stamp}'
    )
    for verb, accepted in (("lose", False), ("frame", False), ("submit", True)):
        operand = Operand(f"{verb} the essay on river ferries", "h", quote, stamp, "org_timestamp")
        probability = gate_check(f"When did I {verb} the essay on river ferries?", record, operand)
        assert (probability >= GATE_THRESHOLD) is accepted, (verb, probability)
