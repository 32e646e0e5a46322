"""A relative time inside a dated list item counts from the item's stamp, not from the
note's own time. An org-roam node is dated by its file name (the day it was made), a task
by its CLOSED stamp; "- [2031-03-12 Wed] lunch with Priya. Priya started at the hospital two
weeks ago." says Priya started about 26 February, whatever day the node was created (the old
reading counted from the file name and accepted a day in December: a wrong answer).

The anchor is the item holding the time expression, through its continuation lines; a
sentence outside every dated item keeps the note's own time.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from notes_helpers import ask as ask_notes
from notes_helpers import notes_store

from prme_cli.relate.interpret import item_anchor
from prme_cli.store import Store
from prme_cli.timeexpr import parse_now, zone

TZ = zone("Europe/Oslo")
NOW = parse_now("2031-06-30T20:00", TZ)

NOTES = {
    "20310110093000-priya.org": """\
:PROPERTIES:
:ID:       3c9e1a52-7d4b-4f0e-9a61-0b8e2f6d1c44
:END:
#+title: Priya Nair

Friend from uni. Priya sold her old car three days ago.

- [2031-03-12 Wed] lunch with Priya at the Ethiopian place. Priya started at the
  hospital two weeks ago.
- [2031-04-02 Wed] coffee. Priya ran her first marathon last Sunday.
""",
}


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("item_anchor"), NOTES, NOW)


def ask(store: Store, question: str) -> dict[str, Any]:
    return ask_notes(store, question, now=NOW, tz=TZ)


@pytest.mark.parametrize(
    ("question", "date"),
    [
        ("When did Priya start at the hospital?", "2031-02-26"),
        ("When did Priya run her first marathon?", "2031-03-30"),
        ("When did Priya sell her old car?", "2031-01-07"),  # outside the items: the node's day
    ],
)
def test_a_relative_time_counts_from_its_items_stamp(
    store: Store, question: str, date: str
) -> None:
    doc = ask(store, question)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["date"] == date


@pytest.mark.parametrize(
    ("text", "quote", "expression", "day"),
    [
        (
            "- [2031-03-12 Wed] lunch. She left\n  two weeks ago.\n",
            "She left\n  two weeks ago.",
            "two weeks ago",
            "2031-03-12",
        ),
        (
            "| [2031-01-09 Thu] | tyres, a week late |\n",
            "tyres, a week late",
            "a week",
            "2031-01-09",
        ),
        (
            "- [2031-03-12 Wed] lunch.\n- coffee two days ago.\n",
            "coffee two days ago.",
            "two days ago",
            None,
        ),
        (
            "- [2031-03-12 Wed] lunch.\n\nMoved two days ago.\n",
            "Moved two days ago.",
            "two days ago",
            None,
        ),
    ],
)
def test_the_anchor_is_the_dated_item_holding_the_expression(
    text: str, quote: str, expression: str, day: str | None
) -> None:
    found = item_anchor(text, quote, expression)
    assert (found.date().isoformat() if found else None) == day
