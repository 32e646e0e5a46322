"""A question whose doer is a thing or a place named by a noun phrase, with a verb the
question analyser's own lexicon does not list ("When did the library close for the refit?",
"When did the stoneware clay from the supplier arrive?", "How many days after the library
closed did the first seedlings appear?"), is framed: the dictionary says which word is the
verb (its bare form, followed by a preposition or an object, or ending the phrase when it is
no noun as well: "the big storm" is not a deed), and the
name may open with an ordinal and carry one "of"/"from" modifier, whose head noun is the
doer's.

The frame only routes the question: what dates the deed is the resolver's as ever, so a
thing's deed told as a plan ("will reopen") or never told stays refused, and a phrase with
no verb after the name is not guessed at.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from notes_helpers import ask as ask_notes
from notes_helpers import notes_store

from prme_cli.relate import frame
from prme_cli.store import Store
from prme_cli.timeexpr import parse_now, zone

TZ = zone("Europe/Dublin")
NOW = parse_now("2031-07-01T20:00", TZ)

NOTES = {
    "journal.org": """\
* 2031
** 2031-05 May
*** 2031-05-12 Monday
The library closed for the refit this morning. Three weeks without it.
*** 2031-05-20 Tuesday
The stoneware clay from the Kilkenny supplier arrived today, two sacks.
*** 2031-06-02 Monday
The library reopened today, with a new café corner.
*** 2031-06-09 Monday
The first seedlings appeared in the cold frame this morning.
The bakery will reopen on the 14th, says the sign.
""",
}


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("thing_doers"), NOTES, NOW)


def ask(store: Store, question: str) -> dict[str, Any]:
    return ask_notes(store, question, now=NOW, tz=TZ)


@pytest.mark.parametrize(
    ("question", "phrase", "doer"),
    [
        (
            "When did the library close for the refit?",
            "the library close for the refit",
            "the library",
        ),
        ("When did the pharmacy reopen?", "the pharmacy reopen", "the pharmacy"),
        (
            "When did the stoneware clay from Northcote arrive?",
            "the stoneware clay from Northcote arrive",
            "the stoneware clay",
        ),
        ("When did the lid of the old jar vanish?", "the lid of the old jar vanish", "the lid"),
        ("When did the first swallows appear?", "the first swallows appear", "the first swallows"),
    ],
)
def test_a_things_deed_is_framed_with_its_doer(question: str, phrase: str, doer: str) -> None:
    parsed = frame.analyse(question)
    assert parsed is not None and len(parsed.events) == 1
    assert parsed.events[0].text == phrase
    assert parsed.events[0].participants == (doer,)


def test_the_second_event_of_an_after_question_may_be_a_things_deed() -> None:
    parsed = frame.analyse(
        "How many days after inoculating the agar plates did the first hyphae appear?"
    )
    assert parsed is not None and parsed.operation == "elapsed_between"
    assert [e.text for e in parsed.events] == [
        "inoculating the agar plates",
        "the first hyphae appear",
    ]
    assert parsed.events[1].participants == ("the first hyphae",)


@pytest.mark.parametrize(
    "question",
    [
        "When did the red kitchen chairs?",  # "chairs" is no bare verb
        "When did the new oven for the bakery?",  # "for" joins no name, no verb follows
        "When did the old town hall of the city of light?",  # no verb at all
        "When did the first snow fall?",  # "fall" closing it may be the name's own noun
    ],
)
def test_a_name_without_a_verb_gives_no_event(question: str) -> None:
    parsed = frame.analyse(question)
    assert parsed is None or not parsed.events


@pytest.mark.parametrize(
    ("question", "date"),
    [
        ("When did the library close for the refit?", "2031-05-12"),
        ("When did the library reopen?", "2031-06-02"),
        ("When did the stoneware clay from the Kilkenny supplier arrive?", "2031-05-20"),
        ("When did the first seedlings appear?", "2031-06-09"),
    ],
)
def test_a_things_deed_told_on_its_day_is_dated(store: Store, question: str, date: str) -> None:
    doc = ask(store, question)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["date"] == date


@pytest.mark.parametrize(
    ("question", "days"),
    [
        ("How many days after the library closed for the refit did the library reopen?", 21),
        ("How many days after the library closed did the first seedlings appear?", 28),
    ],
)
def test_days_after_a_things_deed(store: Store, question: str, days: int) -> None:
    doc = ask(store, question)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["days"] == days


@pytest.mark.parametrize(
    "question",
    [
        "When did the bakery reopen?",  # only a plan: "will reopen"
        "When did the post office reopen?",  # never told
        "When did the library burn down?",  # another deed of the library
    ],
)
def test_a_things_deed_not_told_as_done_is_refused(store: Store, question: str) -> None:
    doc = ask(store, question)
    assert doc["status"] != "accepted", doc["value"]
