"""A thing pronoun stands for the whole noun phrase before it, head and modifier together.

"Is that the kayak from the rental shop?" — "The same one. I bought it on Saturday.": the
last noun phrase of the question is "the kayak from the rental shop", one phrase whose head
is its first noun (the resolver's ``_nearest_thing``, the gate's ``_thing_asked_before``
each read it their own way), so "it" is the kayak, not the shop. "The same one", "the very
one" say the asked thing again and bring in no new one. Refused: the modifier's noun asked
as the thing ("When did Ida glue the teapot?" from "the lid of the teapot … glued it"), a
"no" that names another thing ("No, a different one."), and a question never answered.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from notes_helpers import ask as ask_notes
from notes_helpers import notes_store

from prme_cli.store import Store
from prme_cli.timeexpr import parse_now, zone

TZ = zone("UTC")
NOW = parse_now("2031-11-20T12:00", TZ)

NOTES = {
    "chat-ida-milan.org": """\
* Chat [2031-11-14 Fri 18:00]
** Milan
Is that the kayak from the rental shop?
** Ida
The same one. I bought it on Saturday, for half the price.
** Milan
Nice! What about the bike with the broken chain?
** Ida
I fixed it yesterday.
** Milan
And the lamp from the flea market?
** Ida
No, a different one. I sold it on Tuesday.
** Milan
Where's the rug from the hallway?
""",
    "chat-sara-tom.org": """\
* Chat [2031-11-16 Sun 11:00]
** Sara
I found the lid of the blue teapot under the sofa. I glued it back together yesterday.
** Tom
Good as new?
""",
}


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("modified-phrase"), NOTES, NOW)


def ask(store: Store, question: str) -> dict[str, Any]:
    return ask_notes(store, question, now=NOW, tz=TZ)


@pytest.mark.parametrize(
    ("question", "date"),
    [
        ("When did Ida buy the kayak?", "2031-11-08"),  # "The same one. I bought it on Saturday"
        ("When did Ida fix the bike?", "2031-11-13"),  # "I fixed it yesterday."
    ],
)
def test_it_is_the_head_of_the_phrase_asked(store: Store, question: str, date: str) -> None:
    doc = ask(store, question)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["date"] == date


@pytest.mark.parametrize(
    "question",
    [
        "When did Sara glue the teapot?",  # "it" is the lid of the teapot
        "When did Ida sell the lamp?",  # "No, a different one."
        "When did Ida buy the rental shop?",  # the modifier's noun is not the thing
        "When did Ida clean the rug?",  # a question never answered
    ],
)
def test_the_modifiers_noun_or_another_thing_is_refused(store: Store, question: str) -> None:
    doc = ask(store, question)
    assert doc["status"] != "accepted", (doc["value"], doc["metadata"].get("operands"))
    control = ask(store, "When did Ida buy the kayak?")
    assert control["status"] == "accepted", control["metadata"].get("explanation")
