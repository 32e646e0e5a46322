"""An event phrase with its own named subject inside a question about someone else.

"How many days after Omar repainted the boat did Lena sell her bike?" asks about Lena, but
"Omar repainted the boat" is Omar's deed: it is answered by what Omar says (or a sentence
naming Omar as the doer), never by Lena's own "I repainted the boat". Written here with
other people and other words than any data set.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from notes_helpers import ask as ask_notes
from notes_helpers import notes_store

from prme_cli.relate.symbolic import lexicon
from prme_cli.store import Store
from prme_cli.timeexpr import parse_now, zone

TZ = zone("UTC")
NOW = parse_now("2024-09-30T12:00", TZ)

CHAT = """\
#+TITLE: Lena and Omar
* Session 1 [2024-09-02 Mon 18:00]
Omar: I repainted the boat yesterday, the hull looks brand new.
Lena: Nice! I'm thinking of selling my bike soon.
* Session 2 [2024-09-12 Thu 20:00]
Lena: I sold my bike this morning to a student from the college.
Omar: Good price?
* Session 3 [2024-09-14 Sat 09:00]
Lena: I planted the apple saplings yesterday along the fence.
Omar: I'll come and see them.
"""


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("named"), {"chat.org": CHAT}, NOW)


def ask(store: Store, question: str) -> dict[str, Any]:
    return ask_notes(store, question, now=NOW, tz=TZ)


def test_a_named_clause_is_that_person_s_deed(store: Store) -> None:
    # Omar repainted the boat on 1 September; Lena sold her bike on 12 September
    doc = ask(store, "How many days after Omar repainted the boat did Lena sell her bike?")
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["days"] == 11


@pytest.mark.parametrize(
    "question",
    [
        # Lena planted the saplings, not Omar
        "How many days after Omar planted the apple saplings did Lena sell her bike?",
        # the bike was Lena's sale, not Omar's
        "How many days after Lena planted the apple saplings did Omar sell his bike?",
    ],
)
def test_someone_else_s_deed_does_not_answer(store: Store, question: str) -> None:
    doc = ask(store, question)
    assert doc["status"] != "accepted", doc["value"]


@pytest.mark.parametrize(
    ("phrase", "name"),
    [
        ("Omar repainted the boat", "Omar"),
        ("Lena Park sold her bike", "Lena Park"),
        ("Omar's regatta", None),  # a possessive is handled on its own
        ("Greek lessons started", None),  # a capitalised word, not a doer with a past verb
        ("The ferry left", None),
        ("I sold my bike", None),
        ("Omar sells boats", None),  # not a past deed
        ("get the job offer", None),
    ],
)
def test_named_doer(phrase: str, name: str | None) -> None:
    assert lexicon.named_doer(phrase) == name
