"""A heading's title may name the one person the pronoun opening its body stands for, as
the sentences before a pronoun in a paragraph may ("* Oma Ilse again" / "She took the kids to
the puppet theatre on Sunday"): only planning lines and drawers may stand between them.

A title naming two people ("Tea with Ines and Omar"), a title that names a person only as
someone's owner ("Rosa's party": whose "she"?) and a body whose pronoun comes after another
sentence do not say who the pronoun is, so the deed is not that person's; nor does a chat
turn's heading ("** Greta"), which names who speaks.
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
NOW = parse_now("2031-07-01T20:00", TZ)

NOTES = {
    "family.org": """\
#+title: Family log

* Oma Ilse visiting                                              :family:
:PROPERTIES:
:WHEN:     [2031-04-25 Fri]--[2031-04-29 Tue]
:END:
She took the kids to the puppet theatre on Sunday while we painted the hallway.

* Bertram came by
[2031-05-14 Wed]
He fixed the garden gate this morning, then stayed for lunch.

* Tea with Ines and Omar
[2031-05-20 Tue]
She repotted the big fern this morning.

* Rosa's party
[2031-06-07 Sat]
She baked the lemon cake today.

* Visit from Aunt Wilma
[2031-06-10 Tue]
The kids were at school all day. She cleaned the attic windows this afternoon.
""",
    "chat.org": """\
* Chat [2031-06-12 Thu 19:40]
** Greta
She sold her old piano yesterday, my neighbour I mean.
""",
}


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("title_pronoun"), NOTES, NOW)


def ask(store: Store, question: str) -> dict[str, Any]:
    return ask_notes(store, question, now=NOW, tz=TZ)


@pytest.mark.parametrize(
    ("question", "date"),
    [
        ("When did Oma Ilse take the kids to the puppet theatre?", "2031-04-27"),
        ("When did Bertram fix the garden gate?", "2031-05-14"),
    ],
)
def test_the_one_person_a_title_names_is_the_bodys_pronoun(
    store: Store, question: str, date: str
) -> None:
    doc = ask(store, question)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["date"] == date


@pytest.mark.parametrize(
    "question",
    [
        "When did Ines repot the big fern?",  # the title names two people
        "When did Omar repot the big fern?",
        "When did Rosa bake the lemon cake?",  # Rosa is named as an owner: whose "she"?
        "When did Aunt Wilma clean the attic windows?",  # another sentence comes first
        "When did Greta sell her old piano?",  # a turn's heading names who speaks
    ],
)
def test_a_title_that_does_not_say_who_the_pronoun_is_dates_no_deed_of_theirs(
    store: Store, question: str
) -> None:
    doc = ask(store, question)
    assert doc["status"] != "accepted", doc["value"]
