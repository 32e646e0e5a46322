"""A note kept in a task's LOGBOOK — the text under a state change ending in ``\\\\`` or under
"- Note taken on [stamp] \\\\" — is a sentence of its own, dated by its stamp: "Sent the
brief to Amara" under the change into WAITING on 14 June was done on 14 June.

What a note says is still read as English: a deed waited for ("Waiting on the keys from
the landlord") has not happened, and a note with a time of its own beside the stamp ("rang
back, coming Friday") is not dated by either (the other time is counted from the stamp,
which this reading does not do). The state lines' own facts are unchanged.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from notes_helpers import GATE_THRESHOLD, gate_probability, notes_store
from notes_helpers import ask as ask_notes

from prme_cli.store import Store
from prme_cli.timeexpr import parse_now, zone

TZ = zone("Europe/Dublin")
NOW = parse_now("2031-10-30T20:00", TZ)

NOTES = {
    "work.org": """\
#+TODO: TODO NEXT WAITING | DONE CANCELLED

* WAITING Photos for the autumn catalogue
:LOGBOOK:
- State "WAITING"    from "NEXT"       [2031-10-13 Mon 10:20] \\\\
  Emailed the shot list to Ciara.
- Note taken on [2031-10-08 Wed 16:00] \\\\
  Picked the twelve products with Sam.
- State "NEXT"       from "TODO"       [2031-10-06 Mon 09:00]
:END:
* DONE Move into the new office
CLOSED: [2031-10-24 Fri 17:00]
:LOGBOOK:
- State "DONE"       from "WAITING"    [2031-10-24 Fri 17:00]
- Note taken on [2031-10-20 Mon 08:30] \\\\
  Landlord rang back, handover coming Friday.
- State "WAITING"    from "TODO"       [2031-10-15 Wed 11:00] \\\\
  Waiting on the keys from the landlord.
:END:
""",
}


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("logbook_notes"), NOTES, NOW)


def ask(store: Store, question: str) -> dict[str, Any]:
    return ask_notes(store, question, now=NOW, tz=TZ)


@pytest.mark.parametrize(
    ("question", "date"),
    [
        ("When did I email the shot list to Ciara?", "2031-10-13"),
        ("When did I pick the twelve products with Sam?", "2031-10-08"),
        ("When did I move into the new office?", "2031-10-24"),  # the state facts still
    ],
)
def test_a_logbook_note_is_dated_by_its_stamp(store: Store, question: str, date: str) -> None:
    doc = ask(store, question)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["date"] == date


@pytest.mark.parametrize(
    "question",
    [
        "When did I get the keys from the landlord?",  # waited for
        "When did the landlord ring back?",  # a time of its own beside the stamp
        "When did Ciara send the photos?",  # never told
    ],
)
def test_a_note_of_waiting_or_with_a_time_of_its_own_is_refused(
    store: Store, question: str
) -> None:
    doc = ask(store, question)
    assert doc["status"] != "accepted", doc["value"]


@pytest.mark.parametrize(
    ("quote", "name"),
    [
        ("Waiting on the keys from the landlord today.", "get the keys from the landlord"),
        ("Still waiting for the parcel today.", "get the parcel"),
    ],
)
def test_the_gate_doubts_what_is_waited_for(quote: str, name: str) -> None:
    assert gate_probability(quote, name, "today") < GATE_THRESHOLD


def test_the_gate_accepts_the_same_deed_done() -> None:
    quote = "Got the keys from the landlord today."
    assert gate_probability(quote, "get the keys from the landlord", "today") >= GATE_THRESHOLD
