"""Org tables kept as logs (films seen, books read, runs) are evidence row by row: a row's
full date dates the thing its cells name, and the table's header row says what that date
is the day of — a column headed "Started" or "Finished" dates that part of it, a plain
"Date" column the deed the heading names ("* Films watched", "* Runs"). Two rows of one
table are separate evidence for an order or a difference. A deed neither the header nor the
heading names ("When did I buy …?" over films watched) is not dated by a row.

The notes are invented for these tests.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from notes_helpers import GATE_THRESHOLD, answer, gate_check

from prme_cli.relate.types import EvidenceRecord, Operand

NOW = datetime(2040, 6, 1, 12, 0, tzinfo=UTC)

FILMS = """#+title: Film log

* Films watched
| Date             | Film             | Where      | With  | Stars |
|------------------+------------------+------------+-------+-------|
| [2040-03-02 Fri] | The Long Harbour | Rio cinema | Ana   |     4 |
| [2040-03-16 Fri] | Night Orchard    | home       |       |     3 |
| [2040-04-05 Thu] | Paper Moons      | Barbican   | Tomas |     5 |
"""

BOOKS = """* Reading
| Title           | Started          | Finished         | Pages |
|-----------------+------------------+------------------+-------|
| Salt and Iron   | [2040-01-04 Wed] | [2040-01-20 Fri] |   312 |
| The Quiet Coast | [2040-02-01 Wed] |                  |       |
"""

RUNS = """* Runs
| When             | Route            |   km |
|------------------+------------------+------|
| <2040-05-03 Thu> | canal towpath    | 10.2 |
| <2040-05-11 Fri> | Hampstead hills  |  8.5 |
"""


def _answer(tmp_path: Path, notes: dict[str, str], question: str) -> dict:
    return answer(tmp_path, notes, question, now=NOW, tz=UTC)


@pytest.mark.parametrize(
    ("notes", "question", "day"),
    [
        ({"films.org": FILMS}, "When did I watch Paper Moons?", "Thursday, 5 April 2040"),
        ({"films.org": FILMS}, "On what day did I watch Night Orchard?", "Friday, 16 March"),
        ({"books.org": BOOKS}, "When did I finish Salt and Iron?", "Friday, 20 January"),
        ({"books.org": BOOKS}, "When did I start Salt and Iron?", "Wednesday, 4 January"),
        ({"books.org": BOOKS}, "When did I begin The Quiet Coast?", "Wednesday, 1 February"),
        ({"runs.org": RUNS}, "When did I run the canal towpath?", "Thursday, 3 May"),
    ],
)
def test_a_row_s_date_dates_what_its_column_and_heading_say(
    tmp_path: Path, notes: dict[str, str], question: str, day: str
) -> None:
    doc = _answer(tmp_path, notes, question)
    assert doc["status"] == "accepted", doc
    assert doc["value"]["display"].startswith(day), doc["value"]


@pytest.mark.parametrize(
    ("notes", "question"),
    [
        # watched, not bought: neither header nor heading names buying
        ({"films.org": FILMS}, "When did I buy Paper Moons?"),
        # its Finished cell is empty
        ({"books.org": BOOKS}, "When did I finish The Quiet Coast?"),
        # a start and an end: no one day of reading it
        ({"books.org": BOOKS}, "When did I read Salt and Iron?"),
        ({"runs.org": RUNS}, "When did I cycle the canal towpath?"),
    ],
)
def test_a_row_dates_no_deed_its_table_does_not_name(
    tmp_path: Path, notes: dict[str, str], question: str
) -> None:
    doc = _answer(tmp_path, notes, question)
    assert doc["status"] != "accepted", doc


def test_two_rows_of_one_table_are_two_pieces_of_evidence(tmp_path: Path) -> None:
    notes = {"films.org": FILMS, "books.org": BOOKS}
    order = _answer(tmp_path, notes, "Which did I watch first, Paper Moons or Night Orchard?")
    assert order["status"] == "accepted", order
    assert order["value"]["order"][0] == "Night Orchard"
    (tmp_path / "b").mkdir()
    days = _answer(
        tmp_path / "b",
        notes,
        "How many days after I finished Salt and Iron did I start The Quiet Coast?",
    )
    assert days["status"] == "accepted", days
    assert days["value"]["days"] == 12


def _books_record() -> EvidenceRecord:
    return EvidenceRecord("b", None, BOOKS, title="Reading")


@pytest.mark.parametrize(
    ("name", "expression", "accepted"),
    [
        ("finish Salt and Iron", "[2040-01-20 Fri]", True),
        ("finish Salt and Iron", "[2040-01-04 Wed]", False),  # the Started column
        ("start Salt and Iron", "[2040-01-04 Wed]", True),
        ("start Salt and Iron", "[2040-01-20 Fri]", False),
    ],
)
def test_the_gate_reads_the_column_of_the_cited_date(
    name: str, expression: str, accepted: bool
) -> None:
    quote = "| Salt and Iron   | [2040-01-04 Wed] | [2040-01-20 Fri] |   312 |"
    operand = Operand(name, "b", quote, expression, "text_expression")
    probability = gate_check(f"When did I {name}?", _books_record(), operand)
    assert (probability >= GATE_THRESHOLD) is accepted, probability


@pytest.mark.parametrize(("verb", "accepted"), [("watch", True), ("buy", False), ("sell", False)])
def test_the_gate_reads_the_heading_over_a_plain_date_column(verb: str, accepted: bool) -> None:
    record = EvidenceRecord("f", None, FILMS.split("\n", 2)[2], title="Films watched")
    quote = "[2040-04-05 Thu] | Paper Moons      | Barbican   | Tomas |     5"
    operand = Operand(f"{verb} Paper Moons", "f", quote, "[2040-04-05 Thu]", "text_expression")
    probability = gate_check(f"When did I {verb} Paper Moons?", record, operand)
    assert (probability >= GATE_THRESHOLD) is accepted, probability


@pytest.mark.parametrize(
    "question",
    [
        "How many days did it take me to read Salt and Iron?",
        "How long did it take me to read Salt and Iron?",
    ],
)
def test_a_row_s_start_and_finish_cells_span_its_event(tmp_path: Path, question: str) -> None:
    doc = _answer(tmp_path, {"books.org": BOOKS}, question)
    assert doc["status"] == "accepted", doc
    assert doc["value"]["days"] == 16


def test_a_row_with_no_finish_spans_nothing(tmp_path: Path) -> None:
    doc = _answer(
        tmp_path, {"books.org": BOOKS}, "How many days did it take me to read The Quiet Coast?"
    )
    assert doc["status"] != "accepted", doc


PLANS = """* Films to watch
| Date             | Film        |
|------------------+-------------|
| <2040-05-20 Sun> | Paper Moons |

* Garden plan for spring
| Date             | Job                   |
|------------------+-----------------------|
| <2040-05-10 Thu> | paint the fence       |

* Trip to Lisbon
| Day              | What                     |
|------------------+--------------------------|
| [2040-04-02 Mon] | tiled the azulejo panel  |
"""


@pytest.mark.parametrize(
    "question", ["When did I watch Paper Moons?", "When did I paint the fence?"]
)
def test_a_row_of_a_list_of_things_to_do_dates_no_deed(tmp_path: Path, question: str) -> None:
    doc = _answer(tmp_path, {"lists.org": PLANS}, question)
    assert doc["status"] != "accepted", doc


def test_to_before_a_place_is_no_list_of_plans(tmp_path: Path) -> None:
    doc = _answer(tmp_path, {"lists.org": PLANS}, "When did I tile the azulejo panel?")
    assert doc["status"] == "accepted", doc
    assert doc["value"]["date"] == "2040-04-02"


@pytest.mark.parametrize(
    ("title", "accepted"), [("Films watched", True), ("Films to watch", False)]
)
def test_the_gate_reads_a_heading_of_things_to_do_as_no_deed(title: str, accepted: bool) -> None:
    text = f"* {title}\n| Date             | Film        |\n|---+---|\n| <2040-05-20 Sun> | Paper Moons |\n"
    record = EvidenceRecord("p", None, text, title=title)
    quote = "<2040-05-20 Sun> | Paper Moons |"
    operand = Operand("watch Paper Moons", "p", quote, "<2040-05-20 Sun>", "text_expression")
    probability = gate_check("When did I watch Paper Moons?", record, operand)
    assert (probability >= GATE_THRESHOLD) is accepted, probability
