"""The thing the other speaker asks about keeps the name a preposition ties to it.

"Any news on the flat on Agricola Street?" — "I got it this morning.": the reply's "it" is
the flat on Agricola Street, the whole phrase, so the question "When did Tobiah get the flat
on Agricola Street?" is answered by the reply, for the resolver (its noun phrases) and for
the gate (its own reading of the turn before). Near-misses: a question naming another street
(the name is part of the thing and must agree), and the asker's own flat ("my flat on …"),
which the answerer's "I got it" does not tell.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from notes_helpers import ask, notes_store

from prme_cli.store import Store
from prme_cli.timeexpr import parse_now, zone

TZ = zone("UTC")
NOW = parse_now("2044-05-30T20:00", TZ)


def _chat(stamp: str, *turns: tuple[str, str]) -> str:
    out = [f"* Chat [{stamp}]"]
    for who, said in turns:
        out += [f"** {who}", said]
    return "\n".join(out) + "\n"


NOTES = {
    "a.org": _chat(
        "2044-05-12 Thu 19:00",
        ("Niamh", "Nan is doing well. Any news on the flat on Agricola Street?"),
        ("Tobiah", "I got it this morning. The landlord called at eight."),
    ),
    "b.org": _chat(
        "2044-05-20 Fri 19:00",
        ("Tobiah", "Did you hear back about the room at Harbour House?"),
        ("Niamh", "We booked it yesterday, for the whole family."),
    ),
    "c.org": _chat(
        "2044-05-25 Wed 19:00",
        ("Niamh", "Have you seen my flat on Gottingen Street?"),
        ("Tobiah", "I painted it on Monday, as you asked."),
    ),
}


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("named"), NOTES, NOW)


@pytest.mark.parametrize(
    "question, day",
    [
        ("When did Tobiah get the flat on Agricola Street?", "2044-05-12"),
        ("When did Niamh book the room at Harbour House?", "2044-05-19"),
    ],
)
def test_the_reply_tells_the_named_thing(store: Store, question: str, day: str) -> None:
    doc = ask(store, question, now=NOW, tz=TZ)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["date"] == day


@pytest.mark.parametrize(
    "question",
    [
        "When did Tobiah get the flat on Robie Street?",
        "When did Tobiah paint the flat on Gottingen Street?",
    ],
)
def test_another_name_or_the_askers_own_thing_is_refused(store: Store, question: str) -> None:
    doc = ask(store, question, now=NOW, tz=TZ)
    assert doc["status"] != "accepted"
