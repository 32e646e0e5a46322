"""An event named as a noun with "of" ("the arrival of the standing desk") is that thing's.

"The arrival of X", "the delivery of X", "the end of X": the event noun nominalises a verb
whose subject undergoes it (X arrived, X was delivered, X ended), so the thing after "of" is
the event's doer exactly as in "the desk's arrival" or "when did the desk arrive": a
sentence must tell that very thing arriving ("The standing desk arrived this morning"), and
the writer's own deed ("I ordered the bookcase today", "I arrived at my sister's") is not
it. A noun whose "of" names the thing acted on ("the purchase of the coffee maker") is the
writer's deed as before.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from notes_helpers import ask as ask_notes
from notes_helpers import notes_store

from prme_cli.store import Store
from prme_cli.timeexpr import parse_now, zone

TZ = zone("Europe/Vienna")
NOW = parse_now("2031-08-30T20:00", TZ)


def _session(stamp: str, text: str) -> str:
    return f"* Chat [{stamp}]\n** user\n{text}\n** assistant\nNoted, thanks.\n"


NOTES = {
    "journal.org": """\
* 2031
** 2031-08 August
*** 2031-08-12 Tuesday
The standing desk arrived this morning; assembly took an hour.
""",
    "home.org": """\
#+TODO: TODO STARTED | DONE CANCELLED
* Kitchen
** DONE Renovate the kitchen
CLOSED: [2031-08-14 Thu 18:00]
:LOGBOOK:
- State "DONE"       from "STARTED"    [2031-08-14 Thu 18:00]
- State "STARTED"    from "TODO"       [2031-07-28 Mon 08:00]
:END:
""",
    "s1.org": _session("2031-08-20 Wed 19:00", "The new sofa was delivered today, it is huge!"),
    "s2.org": _session("2031-08-22 Fri 09:00", "I ordered the oak bookcase today, finally."),
    "s3.org": _session("2031-08-24 Sun 21:00", "I arrived at my sister's flat in Graz today."),
    "s4.org": _session("2031-08-26 Tue 18:00", "I bought a new coffee maker today."),
}


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("event_nouns"), NOTES, NOW)


def ask(store: Store, question: str) -> dict[str, Any]:
    return ask_notes(store, question, now=NOW, tz=TZ)


@pytest.mark.parametrize(
    ("question", "first"),
    [
        (
            (
                "Which happened first, the end of the kitchen renovation or the arrival of "
                "the standing desk?"
            ),
            "the arrival of the standing desk",
        ),
        (
            "Which came first, the delivery of the new sofa or the arrival of the standing desk?",
            "the arrival of the standing desk",
        ),
        (
            (
                "Which happened first, the purchase of the coffee maker or the delivery of "
                "the new sofa?"
            ),
            "the delivery of the new sofa",
        ),
    ],
)
def test_an_event_noun_of_a_thing_is_told_by_the_thing_undergoing_it(
    store: Store, question: str, first: str
) -> None:
    doc = ask(store, question)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["order"][0] == first


def test_the_days_between_two_arrivals_told_as_nouns(store: Store) -> None:
    doc = ask(
        store,
        "How many days passed between the arrival of the standing desk and the delivery of "
        "the new sofa?",
    )
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["days"] == 8


@pytest.mark.parametrize(
    "question",
    [
        # only ordered
        "Which happened first, the arrival of the oak bookcase or the delivery of the new sofa?",
        # the writer arrived at the sister's, the sister did not arrive
        "Which happened first, the arrival of my sister or the delivery of the new sofa?",
    ],
)
def test_the_writers_own_deed_is_not_the_things_event(store: Store, question: str) -> None:
    doc = ask(store, question)
    assert doc["status"] != "accepted", doc["value"]
