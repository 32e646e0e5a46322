"""A table row says its deed with words it does not write: the header of its dated column
("| crop | sown | where |": the row's crop was sown), the unit heading a column of amounts
("| km |" over "20.0") and the title of the heading the table sits under ("* Long runs": each
row is a run) or the line introducing it ("Firings in the gas kiln so far this year:"). The
resolver reads them so; the gate, by its own reading of the row, too. So "When did I sow the parsnips?" is told by
the row "| parsnips | 2031-04-02 | south bed |", and "my first 20 km run" by the row of the
runs table whose note says "first 20 ever!".

Those words add to the row's own; they do not replace them: a deed the headers do not name
("harvest the parsnips"), a thing no row names ("the carrots") and a table of plans ("* Sowing
plan") stay refused.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from notes_helpers import ask as ask_notes
from notes_helpers import notes_store

from prme_cli.store import Store
from prme_cli.timeexpr import parse_now, zone

TZ = zone("Europe/Amsterdam")
NOW = parse_now("2031-07-01T20:00", TZ)

NOTES = {
    "allotment.org": """\
#+title: Allotment

* Sowing table
| crop         | sown       | where      | note            |
|--------------+------------+------------+-----------------|
| broad beans  | 2031-03-26 | north bed  | Aquadulce       |
| parsnips     | 2031-04-02 | south bed  | slow to come up |
| leeks        | 2031-04-23 | seed tray  | windowsill      |

* Sowing plan
| crop     | sow by     |
|----------+------------|
| beetroot | 2031-07-20 |
""",
    "training.org": """\
* Long runs
| date             |   km | route               | note           |
|------------------+------+---------------------+----------------|
| [2031-03-16 Sun] | 16.0 | canal loop          |                |
| [2031-03-23 Sun] | 18.0 | canal and park      | calf tight     |
| [2031-03-30 Sun] | 20.0 | out to the pier     | first 20 ever! |
""",
    "2031-06-20.org": """\
#+title: 2031-06-20

Firings in the gas kiln so far this year:

| date       | cone | pieces | note                |
|------------+------+--------+---------------------|
| 2031-03-05 |   10 |     12 | celadon bowls       |
| 2031-05-27 |   10 |     18 | wood-ash test tiles |

Mugs glazed but not fired yet:

| date       | pieces | note        |
|------------+--------+-------------|
| 2031-06-18 |      9 | market mugs |
""",
}


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("row_context"), NOTES, NOW)


def ask(store: Store, question: str) -> dict[str, Any]:
    return ask_notes(store, question, now=NOW, tz=TZ)


@pytest.mark.parametrize(
    ("question", "date"),
    [
        ("When did I sow the parsnips?", "2031-04-02"),
        ("On what date did I sow the leeks?", "2031-04-23"),
        ("When did I sow the broad beans?", "2031-03-26"),
        ("When did I run my first 20 km?", "2031-03-30"),
        ("When did I fire the celadon bowls in the gas kiln?", "2031-03-05"),
        ("When did I fire the wood-ash test tiles?", "2031-05-27"),
    ],
)
def test_a_rows_header_and_heading_name_its_deed(store: Store, question: str, date: str) -> None:
    doc = ask(store, question)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["date"] == date


def test_days_between_two_rows_read_with_their_headers(store: Store) -> None:
    doc = ask(store, "How many days after I sowed the broad beans did I sow the leeks?")
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["days"] == 28


@pytest.mark.parametrize(
    "question",
    [
        "When did I harvest the parsnips?",  # the header says sown, not harvested
        "When did I sow the carrots?",  # no row names them
        "When did I sow the beetroot?",  # a table of plans
        "When did I run my first 25 km?",  # no row is 25 km
        "When did I cycle 20 km?",  # the rows are runs
        "When did I fire the market mugs?",  # the line over their table says not yet
    ],
)
def test_what_no_row_and_header_tell_is_refused(store: Store, question: str) -> None:
    doc = ask(store, question)
    assert doc["status"] != "accepted", doc["value"]


READING = {
    "books.org": """\
* Reading
| Book                  | Author     | Started          | Finished         |
|-----------------------+------------+------------------+------------------|
| The Cartographer's Dog | M. Ellery | [2031-02-24 Mon] | [2031-03-09 Sun] |
| Night Ferry to Aarhus | Signe Holm | [2031-03-10 Mon] | [2031-04-07 Mon] |
""",
}


@pytest.fixture(scope="module")
def reading(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("reading_rows"), READING, NOW)


def test_a_row_under_a_heading_read_as_a_speaker_still_spans_its_two_cells(
    reading: Store,
) -> None:
    # "* Reading" segments like a turn heading; the header's "Finished" says "reading",
    # which must not be taken for the speaker saying their own name (the quote stays the row)
    doc = ask(reading, "How many weeks did I spend reading Night Ferry to Aarhus?")
    assert doc["status"] == "accepted", doc["metadata"].get("validation_errors")
    assert doc["value"]["days"] == 28
