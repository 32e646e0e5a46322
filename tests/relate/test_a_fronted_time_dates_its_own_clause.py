"""A time adverbial opening a clause dates that clause, not a relative clause after it.

"Mowed the lawn in the morning; that evening we had the Okafors round for dinner": the
clause grammar read "we had the Okafors" as a reduced relative of the noun "evening" (as
in "the scarf I made"), so the deed's own time was taken for another event's and the
question refused (four questions of the ninth unseen round's first run). A pronoun after a
fronted time — a weekday, a month or a part of the day, alone or after "on", "that",
"last" … — is the clause's subject; "the day I met her" keeps its relative clause.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from notes_helpers import answered, notes_store
from notes_helpers import ask as ask_notes

from prme_cli.store import Store
from prme_cli.timeexpr import parse_now, zone

TZ = zone("UTC")
NOW = parse_now("2031-07-30T20:00", TZ)

NOTES = {
    "log.org": "* [2031-07-14 Mon] Power cut\n"
    "The power went at lunch and stayed off. That evening I read by candlelight.\n"
    "* [2031-07-16 Wed] Visitors\n"
    "Mum came up on Monday by coach; on Tuesday we drove to Tintagel and walked the cliffs.\n",
    "journal.org": "* 2031\n** 2031-07 July\n"
    "*** 2031-07-21 Monday\n"
    "On Friday I took the old mattress to the tip; the day after I mended the fence.\n",
}


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("fronted-time"), NOTES, NOW)


def ask(store: Store, question: str) -> dict[str, Any]:
    return ask_notes(store, question, now=NOW, tz=TZ)


@pytest.mark.parametrize(
    ("question", "day"),
    [
        ("When did I read by candlelight?", "2031-07-14"),
        ("When did I take the old mattress to the tip?", "2031-07-18"),
        ("When did Mum and I drive to Tintagel?", "2031-07-15"),
    ],
)
def test_a_fronted_time_dates_the_deed_of_its_clause(store: Store, question: str, day: str) -> None:
    answered(ask(store, question), day)
