"""End to end: where the resolver's synonym matches a wrong event, the gate refuses it.

The resolver's alignment reads "run" as a synonym of "meet" (for "ran into"), so for "When
did I meet Sam?" it cites "I ran a race with Sam this morning": a deed with Sam, not a
meeting. The gate reads the cited clause with the ingest event extractor (predicate ``run``,
no sense class) against the name ("meet Sam": sense ``meet``) and refuses; the same question
is answered when the notes tell the meeting ("ran into Sam", "had lunch with Sam"). Invented
notes: org-roam dailies and a two-person chat.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from notes_helpers import ask, notes_store

from prme_cli.store import Store
from prme_cli.timeexpr import parse_now, zone

TZ = zone("Europe/Lisbon")
NOW = parse_now("2027-05-20T20:00", TZ)


def _daily(day: str, line: str) -> str:
    return f"#+title: {day}\n\n* Notes\n{line}\n"


WRONG = {
    "race": _daily("2027-05-14", "I ran a race with Sam this morning, he beat me by a minute."),
    "loop": _daily("2027-05-14", "Ran the hill loop with Sam this morning before work."),
    "chat": (
        "* Chat [2027-05-14 Fri 19:00]\n** Rui\n"
        "Sam and I ran the canal 10k today, my legs are gone.\n** Ines\nWell done!\n"
    ),
}
RIGHT = {
    "into": _daily("2027-05-14", "I ran into Sam at the market this morning, he has a new dog."),
    "bumped": _daily("2027-05-14", "Bumped into Sam outside the library this afternoon."),
    "lunch": _daily("2027-05-14", "Had lunch with Sam today at the noodle bar."),
}


@pytest.fixture
def store_for(tmp_path: Path) -> Iterator[object]:
    opened: list[Iterator[Store]] = []

    def make(text: str) -> Store:
        name = "chat.org" if text.startswith("* Chat") else "2027-05-14.org"
        folder = tmp_path / str(len(opened))
        folder.mkdir()
        stores = notes_store(folder, {name: text}, NOW)
        opened.append(stores)
        return next(stores)

    yield make
    for stores in opened:
        for _ in stores:
            pass


@pytest.mark.parametrize("kind", sorted(WRONG))
def test_a_deed_with_sam_is_not_meeting_sam(store_for: object, kind: str) -> None:
    store = store_for(WRONG[kind])  # type: ignore[operator]
    for question in ("When did I meet Sam?", "How many days ago did I meet Sam?"):
        doc = ask(store, question, now=NOW, tz=TZ)
        assert doc["status"] != "accepted", (question, doc["value"])


@pytest.mark.parametrize("kind", sorted(RIGHT))
def test_a_meeting_told_in_everyday_words_is_answered(store_for: object, kind: str) -> None:
    store = store_for(RIGHT[kind])  # type: ignore[operator]
    doc = ask(store, "When did I meet Sam?", now=NOW, tz=TZ)
    assert doc["status"] == "accepted", doc["metadata"].get("validation_errors")
    assert doc["value"]["date"] == "2027-05-14"
