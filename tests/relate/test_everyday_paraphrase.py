"""Everyday paraphrase: hurting a knee is injuring it; coffee with someone is meeting them.

"When did Marco injure his knee?" — Marco: "I hurt my knee at five-a-side yesterday".
"When did I meet Niamh?" — "Had coffee with Niamh this morning", "Grabbed lunch with Joss
after the talk yesterday". A pain told in the present ("my knee still hurts") is a state,
not the injury; coffee alone or with nobody named is no meeting; another person's injury
is not the asked one's. Notes: a two-person chat, an org-roam daily, a datetree journal.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from notes_helpers import ask as ask_notes
from notes_helpers import notes_store

from prme_cli.store import Store
from prme_cli.timeexpr import parse_now, zone

TZ = zone("Europe/Dublin")
NOW = parse_now("2029-07-01T20:00", TZ)

NOTES = {
    "chat.org": """\
* Chat [2029-06-20 Wed 21:00]
** Aoife
I hurt my ankle at the climbing wall yesterday, so no hiking this weekend.
** Cian
Ouch. My back still hurts today after the move.
""",
    "2029-06-25.org": """\
#+title: 2029-06-25

* Notes
Had coffee with Niamh this morning, she starts at the library next week.
Had a coffee at the station this afternoon.
""",
    "journal.org": """\
* 2029
** 2029-06 June
*** 2029-06-27 Wednesday
Grabbed lunch with Joss after the talk yesterday.
""",
}


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("paraphrase"), NOTES, NOW)


def ask(store: Store, question: str) -> dict[str, Any]:
    return ask_notes(store, question, now=NOW, tz=TZ)


@pytest.mark.parametrize(
    ("question", "day"),
    [
        ("When did Aoife injure her ankle?", "2029-06-19"),
        ("When did I meet Niamh?", "2029-06-25"),
        ("When did I meet Joss?", "2029-06-26"),
    ],
)
def test_an_everyday_paraphrase_tells_the_event(store: Store, question: str, day: str) -> None:
    doc = ask(store, question)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["date"] == day


@pytest.mark.parametrize(
    "question",
    [
        "When did Cian injure his back?",  # a pain told in the present
        "When did Cian injure his ankle?",  # Aoife's ankle
        "When did I meet the barista?",  # coffee with nobody named
    ],
)
def test_a_state_or_someone_elses_event_is_no_paraphrase(store: Store, question: str) -> None:
    doc = ask(store, question)
    assert doc["status"] != "accepted", doc["value"]
