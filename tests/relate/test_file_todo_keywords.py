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
