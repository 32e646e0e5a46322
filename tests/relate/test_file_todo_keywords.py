"""A heading's TODO keyword is read by the keyword sets its file declares (``#+TODO:``,
``#+SEQ_TODO:``, ``#+TYP_TODO:``, several lines, fast-access keys stripped), as the org
reader and the event reader read them: a change into a state the file lists after its ``|``
dates the task's doing; the same words in a file that declares no such set, or lists the
state as open, or a cancel, date nothing.

The notes are invented for these tests.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from notes_helpers import ask, notes_store

from prme_cli.events import FileKeywords
from prme_cli.relate.symbolic import segment

NOW = datetime(2026, 11, 2, 9, 0, tzinfo=UTC)


def _task(header: str, state: str, title: str, before: str) -> str:
    return (
        f"{header}* {state} {title}\n"
        "  :LOGBOOK:\n"
        f'  - State "{state}"       from "{before}"       [2026-10-14 Wed 12:00]\n'
        "  :END:\n"
    )


def _answer(tmp_path: Path, notes: dict[str, str], question: str) -> dict:
    stores: Iterator = notes_store(tmp_path, notes, NOW)
    store = next(stores)
    try:
        return ask(store, question, now=NOW, tz=UTC)
    finally:
        stores.close()


@pytest.mark.parametrize(
    ("header", "state", "title", "before", "question"),
    [
        (
            "#+SEQ_TODO: ORDER SENT | ARRIVED\n",
            "ARRIVED",
            "Buy a rain jacket",
            "SENT",
            "When did I buy the rain jacket?",
        ),
        (
            "#+TODO: ORDER(o) SENT(s!) | ARRIVED(a!)\n",
            "ARRIVED",
            "Order new hiking boots",
            "SENT",
            "When did I order the new hiking boots?",
        ),
        (
            "#+TYP_TODO: DRAFT | POSTED\n",
            "POSTED",
            "Write the letter to the council",
            "DRAFT",
            "When did I write the letter to the council?",
        ),
        (
            "#+TODO: TODO | DONE\n#+TODO: ASKED | ANSWERED\n",
            "ANSWERED",
            "Email the landlord about the boiler",
            "ASKED",
            "When did I email the landlord about the boiler?",
        ),
    ],
)
def test_a_change_into_a_done_state_the_file_declares_dates_the_task(
    tmp_path: Path, header: str, state: str, title: str, before: str, question: str
) -> None:
    doc = _answer(tmp_path, {"tasks.org": _task(header, state, title, before)}, question)
    assert doc["status"] == "accepted", doc
    assert doc["value"]["display"].startswith("Wednesday, 14 October 2026")


@pytest.mark.parametrize(
    "notes",
    [
        # no keyword line: ARRIVED is no state the reader knows to be done
        {"tasks.org": _task("", "ARRIVED", "Buy a rain jacket", "SENT")},
        # the file lists it as open: arriving is a step before done
        {
            "tasks.org": _task(
                "#+TODO: ORDER ARRIVED | DONE\n", "ARRIVED", "Buy a rain jacket", "ORDER"
            )
        },
        # after the bar, but a cancel: the jacket was never bought
        {
            "tasks.org": _task(
                "#+TODO: TODO | DONE CANCELLED\n", "CANCELLED", "Buy a rain jacket", "TODO"
            )
        },
        # another file declares the set: a file's keywords are its own
        {
            "list.org": "#+TODO: ORDER SENT | ARRIVED\n* Shopping list\nSocks and a torch.\n",
            "tasks.org": _task("", "ARRIVED", "Buy a rain jacket", "SENT"),
        },
    ],
)
def test_the_same_change_dates_nothing_unless_its_own_file_lists_it_done(
    tmp_path: Path, notes: dict[str, str]
) -> None:
    doc = _answer(tmp_path, notes, "When did I buy the rain jacket?")
    assert doc["status"] != "accepted", doc


def test_the_segmenter_reads_a_heading_by_its_file_s_keywords() -> None:
    text = "* Wait_x Call the bank\n* FIXED the tap\n* PACKED [#B] Boxes for the move :home:\n"
    declared = FileKeywords.of(["Wait_x"], ["PACKED"])
    headings = segment.segment(text, declared).headings
    assert [(h.todo, h.done, text[h.title_start : h.title_end]) for h in headings] == [
        ("Wait_x", False, "Call the bank"),
        (None, None, "FIXED the tap"),  # not one of the file's keywords: a word of the title
        ("PACKED", True, "Boxes for the move"),
    ]
    # a file that declares none is read by the keywords seen in the wild
    undeclared = segment.segment(text).headings
    assert [(h.todo, h.done) for h in undeclared] == [(None, None), ("FIXED", None), (None, None)]


@pytest.mark.parametrize(
    ("header", "state", "title", "before", "question"),
    [
        (
            "#+TODO: MEND | MENDED BINNED SCRAPPED\n",
            "SCRAPPED",
            "Old desk lamp",
            "MEND",
            "When did I mend the old desk lamp?",
        ),
        (
            "#+TODO: PITCH SENT | ACCEPTED REJECTED\n",
            "REJECTED",
            "Essay for the cycling magazine",
            "SENT",
            "When did I send the essay for the cycling magazine?",
        ),
        (
            "#+SEQ_TODO: TRY | WORKED FAILED\n",
            "FAILED",
            "Fix the leaking tap",
            "TRY",
            "When did I fix the leaking tap?",
        ),
    ],
)
def test_a_closing_state_that_names_another_outcome_dates_no_deed(
    tmp_path: Path, header: str, state: str, title: str, before: str, question: str
) -> None:
    """SCRAPPED, REJECTED, FAILED close the task by another outcome than the deed asked: the
    change into them is no date of mending, sending or fixing."""
    doc = _answer(tmp_path, {"tasks.org": _task(header, state, title, before)}, question)
    assert doc["status"] != "accepted", doc


def test_a_closing_state_of_success_beside_an_outcome_state_still_dates_the_task(
    tmp_path: Path,
) -> None:
    header = "#+TODO: MEND | MENDED SCRAPPED\n"
    doc = _answer(
        tmp_path,
        {"tasks.org": _task(header, "MENDED", "Mend the old desk lamp", "MEND")},
        "When did I mend the old desk lamp?",
    )
    assert doc["status"] == "accepted", doc


def _closed_task(header: str, keyword: str, title: str, closed: str) -> str:
    return f"{header}* {keyword} {title}\n  CLOSED: [{closed}]\n"


@pytest.mark.parametrize(
    ("notes", "question"),
    [
        # an editor's verdict closes the submission: the day it came, not the day it was sent
        (
            {
                "tasks.org": _closed_task(
                    "#+TODO: DRAFT SUBMITTED | ACCEPTED REJECTED\n",
                    "ACCEPTED",
                    "Send the short story to Harbour Review",
                    "2026-10-14 Wed 12:00",
                )
            },
            "When did I send the short story to Harbour Review?",
        ),
        (
            {
                "tasks.org": _task(
                    "#+TODO: APPLY WAITING | APPROVED DENIED\n",
                    "APPROVED",
                    "Apply for the allotment plot",
                    "WAITING",
                )
            },
            "When did I apply for the allotment plot?",
        ),
        (
            {
                "grants.org": _closed_task(
                    "#+SEQ_TODO: WRITE SENT | GRANTED REFUSED\n",
                    "REFUSED",
                    "Write the bursary application",
                    "2026-10-14 Wed 09:30",
                )
            },
            "When did I write the bursary application?",
        ),
    ],
)
def test_a_task_closed_by_a_verdict_is_refused_for_the_writer_s_deed(
    tmp_path: Path, notes: dict[str, str], question: str
) -> None:
    """ACCEPTED, APPROVED, REFUSED after a submission is another party's answer, stored as an
    outcome event: neither its CLOSED stamp nor its state change dates sending, applying or
    writing."""
    doc = _answer(tmp_path, notes, question)
    assert doc["status"] != "accepted", doc


def test_a_closed_task_under_a_done_keyword_is_still_dated_by_its_closed_stamp(
    tmp_path: Path,
) -> None:
    header = "#+TODO: DRAFT SUBMITTED | SENT ACCEPTED\n"
    doc = _answer(
        tmp_path,
        {"tasks.org": _closed_task(header, "SENT", "Send the short story", "2026-10-14 Wed 12:00")},
        "When did I send the short story?",
    )
    assert doc["status"] == "accepted", doc
    assert doc["value"]["display"].startswith("Wednesday, 14 October 2026")


@pytest.mark.parametrize(
    ("keyword", "accepted"), [("ACCEPTED", False), ("APPROVED", False), ("DONE", True)]
)
def test_the_gate_reads_a_closing_verdict_as_no_date_of_the_deed(
    keyword: str, accepted: bool
) -> None:
    """The gate's own reading of the CLOSED line, with the file's keyword sets: a verdict
    keyword is no finish, a done one is."""
    from notes_helpers import GATE_THRESHOLD, gate_check

    from prme_cli.relate.types import EvidenceRecord, Operand

    stamp = "[2026-10-14 Wed 12:00]"
    title = "Send the grant report to the council"
    record = EvidenceRecord(
        "h",
        None,
        f"* {keyword} {title}\n  CLOSED: {stamp}\n",
        title=f"{keyword} {title}",
        keywords=FileKeywords.of(["TODO", "SUBMITTED"], ["DONE", "ACCEPTED", "APPROVED"]),
    )
    operand = Operand(
        "send the grant report to the council", "h", f"CLOSED: {stamp}", stamp, "org_timestamp"
    )
    probability = gate_check("When did I send the grant report to the council?", record, operand)
    assert (probability >= GATE_THRESHOLD) is accepted, probability
