"""Getting a thing: "picked up", "grabbed", "bought" tell it; ordering it does not.

"When did I get the new kayak?" is told by "Picked up the new kayak from the dealer" or
"Grabbed a second-hand tent at the flea market" (general verbs of acquisition stand for one
another, as "got" stands for "bought"), but not by "Ordered a new phone case": an order is
not the thing got — "I pre-ordered the e-reader on March 3rd, and it arrived on March 20th"
does not make March 3rd the day the e-reader was got, so "which did I get first" must not
put the e-reader before headphones got on March 10th.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from notes_helpers import ask as ask_notes
from notes_helpers import notes_store

from prme_cli.store import Store
from prme_cli.timeexpr import parse_now, zone

TZ = zone("Europe/Oslo")
NOW = parse_now("2031-04-30T20:00", TZ)

NOTES = {
    "journal.org": """\
* 2031
** 2031-04 April
*** 2031-04-05 Saturday
Picked up the new kayak from the dealer by the lake.
*** 2031-04-12 Saturday
Grabbed a second-hand tent at the flea market.
*** 2031-04-19 Saturday
Ordered a new phone case.
""",
    "s1.org": """\
* Chat [2031-03-25 Tue 20:00]
** user
I pre-ordered the e-reader on March 3rd, and it arrived on March 20th. Any tips?
** assistant
Charge it fully before the first use.
""",
    "s2.org": """\
* Chat [2031-03-11 Tue 20:00]
** user
I got my new headphones on March 10th and the noise cancelling is great.
** assistant
Enjoy the quiet.
""",
}


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("getting_things"), NOTES, NOW)


def ask(store: Store, question: str) -> dict[str, Any]:
    return ask_notes(store, question, now=NOW, tz=TZ)


@pytest.mark.parametrize(
    ("question", "date"),
    [
        ("When did I get the new kayak?", "2031-04-05"),
        ("When did I get the tent?", "2031-04-12"),
    ],
)
def test_a_general_verb_of_getting_tells_getting(store: Store, question: str, date: str) -> None:
    doc = ask(store, question)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["date"] == date


def test_an_order_is_not_the_thing_got(store: Store) -> None:
    doc = ask(store, "When did I get the new phone case?")
    assert doc["status"] != "accepted", doc["value"]
    first = ask(store, "Which did I get first, the e-reader or the new headphones?")
    if first["status"] == "accepted":
        assert first["value"]["order"][0] == "the new headphones", first["value"]
