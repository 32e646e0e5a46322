"""Someone else's dated conversations, asked about in the third person, through the library.

The notes are a chat between two people written here in the shape long-conversation data sets
use: one heading per session, stamped with its date, one "Name: words" line per turn. The
questions name the person ("When did Aiyana go to the pottery fair?"); an event told by the
other speaker must never answer for her.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from notes_helpers import ask as ask_notes

from prme_cli.ingest import ingest_paths
from prme_cli.store import Store
from prme_cli.timeexpr import parse_now, zone

TZ = zone("UTC")
NOW = parse_now("2024-07-01T12:00", TZ)

CHAT = """\
#+TITLE: Aiyana and Bertrand
* Session 1 [2024-05-08 Wed 13:56]
Aiyana: Hey Bertrand! I went to a pottery fair yesterday, the glazes were unreal.
Bertrand: Sounds great. I ran the harbour 10k race last Sunday, finished in 52 minutes.
Aiyana: Wow, well done! Did your knee hold up?
Bertrand: Mostly. I booked a physio appointment for next Tuesday just in case.
* Session 2 [2024-05-25 Sat 10:00]
Aiyana: We went camping at Lake Oru on May 18th, the kids loved the canoe.
Bertrand: Jealous! I adopted a rescue greyhound today, she is called Pixel.
Aiyana: Pixel! I want to meet her. I'm thinking of going to the pottery fair again in June.
* Session 3 [2024-06-20 Thu 19:30]
Bertrand: Pixel and I just got back from the dog agility class, she was the fastest.
Aiyana: Ha, amazing. I finally finished painting the mural at the library yesterday.
"""


@pytest.fixture(scope="module")
def chat_store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    root = tmp_path_factory.mktemp("chat")
    (root / "notes").mkdir()
    (root / "notes" / "chat.org").write_text(CHAT, encoding="utf-8")
    with Store.open(root / "prme.sqlite3") as store:
        report = ingest_paths(store, [root / "notes"], now=NOW)
        assert not report.errors
        yield store


def ask(store: Store, question: str) -> dict[str, Any]:
    return ask_notes(store, question, now=NOW, tz=TZ)


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("When did Aiyana go to the pottery fair?", {"date": "2024-05-07"}),
        ("When did Bertrand run the harbour 10k race?", {"date": "2024-05-05"}),
        ("When did Bertrand adopt the rescue greyhound?", {"date": "2024-05-25"}),
        ("When did Aiyana finish painting the mural at the library?", {"date": "2024-06-19"}),
        ("How many days ago did Bertrand go to the dog agility class?", {"days": 11}),
        (
            "How many days after Bertrand's 10k race did Aiyana go camping at Lake Oru?",
            {"days": 13},
        ),
        (
            "Which did Aiyana do first, go camping at Lake Oru or go to the pottery fair?",
            {"order": ["go to the pottery fair", "go camping at Lake Oru"]},
        ),
    ],
)
def test_answered_for_the_named_person(
    chat_store: Store, question: str, expected: dict[str, Any]
) -> None:
    doc = ask(chat_store, question)
    if doc["status"] != "accepted":
        pytest.fail(
            f"{doc['status']}: {doc['metadata'].get('explanation')} "
            f"{doc['metadata'].get('validation_errors')}"
        )
    for key, value in expected.items():
        assert doc["value"][key] == value, doc["value"]


@pytest.mark.parametrize(
    "question",
    [
        # the other speaker's deeds
        "When did Bertrand go to the pottery fair?",
        "When did Aiyana adopt the rescue greyhound?",
        "When did Aiyana run the harbour 10k race?",
        # a plan, not a deed
        "When did Bertrand go to the physio appointment?",
        # never said
        "When did Aiyana go to the dog agility class?",
    ],
)
def test_refused_when_the_person_did_not_do_it(chat_store: Store, question: str) -> None:
    doc = ask(chat_store, question)
    assert doc["status"] != "accepted", (doc["value"], doc["metadata"].get("operands"))


WRITER_NOTES = """\
* 2027
** 2027-04 April
*** 2027-04-10 Saturday
We visited Tomasz in Bristol last weekend.
I called Marek yesterday about the van.
Marek called me this morning about the keys.
"""


@pytest.fixture(scope="module")
def journal_store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    from notes_helpers import notes_store

    yield from notes_store(
        tmp_path_factory.mktemp("writer"),
        {"journal.org": WRITER_NOTES},
        parse_now("2027-06-30T12:00", TZ),
    )


@pytest.mark.parametrize(
    ("question", "ok"),
    [
        ("When did Tomasz visit us in Bristol?", False),  # we visited him
        ("When did Marek call me about the van?", False),  # I called him
        ("When did Marek call me about the keys?", True),  # he called me
    ],
)
def test_the_writers_deed_is_not_the_deed_of_the_person_it_names(
    journal_store: Store, question: str, ok: bool
) -> None:
    doc = ask_notes(journal_store, question, now=parse_now("2027-06-30T12:00", TZ), tz=TZ)
    assert (doc["status"] == "accepted") is ok, doc["metadata"].get("explanation")
    if ok:
        assert doc["value"]["date"] == "2027-04-10"
