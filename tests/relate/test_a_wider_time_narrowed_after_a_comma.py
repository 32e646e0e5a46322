"""A wider time right before the cited day, joined to it by a comma ("last weekend, on
Saturday", "this month, on the 3rd") is the same time told twice: the gate does not count it
as another date standing between the deed and its day.

The gate cut its nearness score to 0.6 for "I started scraping the hull last weekend, on
Saturday." (sessions6's "When did I start scraping the hull?"), so the answer was refused. A day
the wider time cannot hold ("last weekend, on Tuesday") stays refused.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from notes_helpers import ask as ask_notes
from notes_helpers import converted_session, notes_store

from prme_cli.store import Store
from prme_cli.timeexpr import parse_now, zone

TZ = zone("UTC")
NOW = parse_now("2035-04-30T18:00", TZ)

NOTES = {
    "session-00.org": converted_session(
        "2035-04-11 Wed 20:00",
        "chat-c4e1a0000001",
        [
            ("user", "I started scraping the hull last weekend, on Saturday. Slow going."),
            ("assistant", "Scraping is the worst part; it gets easier."),
            ("user", "And I tiled the bathroom floor this month, on the 3rd, with my uncle."),
            ("assistant", "Nice."),
            ("user", "I painted the rudder last weekend, on Tuesday, before the rain."),
        ],
    ),
}


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("narrowed"), NOTES, NOW)


def ask(store: Store, q: str) -> dict[str, Any]:
    return ask_notes(store, q, now=NOW, tz=TZ)


@pytest.mark.parametrize(
    ("q", "day"),
    [
        ("When did I start scraping the hull?", "2035-04-07"),
        ("When did I tile the bathroom floor?", "2035-04-03"),
    ],
)
def test_a_day_narrowing_a_wider_time_dates_the_deed(store: Store, q: str, day: str) -> None:
    doc = ask(store, q)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["date"] == day


def test_a_day_outside_the_wider_time_is_refused(store: Store) -> None:
    # a Tuesday is no day of a weekend: the two times disagree
    doc = ask(store, "When did I paint the rudder?")
    assert doc["status"] != "accepted", doc["value"]
