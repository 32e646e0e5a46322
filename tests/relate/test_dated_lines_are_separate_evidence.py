"""Two lines of one record that each carry a full date of their own — a dated list's items
(``- [2040-02-20 Tue 17:00] Mixed the starter tonight``), a log table's rows — are separate
pieces of evidence: an order or a difference may cite both. Two sentences of one undated
paragraph are not: they lean on one date, so the answer would not be independent.

The notes are invented for these tests.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from notes_helpers import answer

from prme_cli.relate.validate import own_full_date

NOW = datetime(2040, 6, 1, 12, 0, tzinfo=UTC)

LOG = """#+title: Rye bread log

* Log
- [2040-02-20 Tue 17:00] Mixed the rye starter tonight, a jar with a loose lid.
- [2040-02-22 Thu 08:10] The starter doubled overnight for the first time.
- [2040-02-25 Sun 19:30] Baked the first loaf this evening. Dense but edible.
"""


def _answer(tmp_path: Path, notes: dict[str, str], question: str) -> dict:
    return answer(tmp_path, notes, question, now=NOW, tz=UTC)


def test_two_dated_items_of_one_list_answer_a_difference(tmp_path: Path) -> None:
    doc = _answer(
        tmp_path,
        {"bread.org": LOG},
        "How many days after mixing the rye starter did I bake the first loaf?",
    )
    assert doc["status"] == "accepted", doc
    assert doc["value"]["days"] == 5


def test_two_dated_items_of_one_list_answer_an_order(tmp_path: Path) -> None:
    doc = _answer(
        tmp_path,
        {"bread.org": LOG},
        "Which came first, baking the first loaf or mixing the rye starter?",
    )
    assert doc["status"] == "accepted", doc
    assert "mixing" in doc["value"]["order"][0]


def test_two_sentences_of_one_undated_paragraph_are_one_piece_of_evidence(
    tmp_path: Path,
) -> None:
    chat = (
        "* 2040-02-25 session\n** user\nI mixed the rye starter this morning and I baked the "
        "first loaf tonight.\n"
    )
    doc = _answer(
        tmp_path,
        {"session.org": chat},
        "How many days after mixing the rye starter did I bake the first loaf?",
    )
    assert doc["status"] != "accepted" or doc["value"]["days"] == 0, doc


@pytest.mark.parametrize(
    ("quote", "expression", "own"),
    [
        ("- [2040-02-20 Tue 17:00] Mixed the starter tonight.", "tonight", True),
        ("| [2040-03-02 Fri] | The Long Harbour | Rio |", "[2040-03-02 Fri]", True),
        ("Planted the roses on 12 March 2040.", "12 March 2040", True),
        ("Mixed the starter tonight.", "tonight", False),
        ("Planted the roses on the 12th.", "the 12th", False),
        ("- [2040-02-20 Tue] Mixed it.\n- [2040-02-21 Wed] Fed it.", "[2040-02-20 Tue]", False),
    ],
)
def test_a_line_dated_in_full_by_its_expression_or_its_opening_stamp(
    quote: str, expression: str, own: bool
) -> None:
    assert own_full_date(quote, expression) is own
