"""In a chat turn, the speaker's "my" and "me" stand for the speaker's name in the asked phrase.

"Which came first, Ines selling her car or the start of Omar's Spanish course?" — in Omar's
turn, "My Spanish course started on Monday" tells Omar's course: the name is said by the
first person in the same role (a possessive as "my" before the owned noun, a person after a
preposition as "with me", after a verb as "visited me"). The quote then opens at the
speaker's heading, so the gate reads whose words they are by itself.

Refused: another speaker's "my" (Dev's "my Spanish course" is not Omar's), "my" before
another noun ("My Spanish teacher"), "my" before someone else's ("My friend's yoga course"),
and a "me" after another verb ("Tom called me").
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from notes_helpers import ask as ask_notes
from notes_helpers import converted_session, notes_store

from prme_cli.store import Store
from prme_cli.timeexpr import parse_now, zone

TZ = zone("UTC")
NOW = parse_now("2031-06-30T20:00", TZ)

NOTES = {
    "ines-omar.org": converted_session(
        "2031-03-12 Wed 19:00",
        "chat-io",
        [
            ("Ines", "I sold my car on Friday, finally. How's the course?"),
            ("Omar", "Good! My Spanish course started on Monday. The teacher is strict."),
            ("Ines", "Strict is good."),
            ("Omar", "Karim went climbing with me on Saturday, he says hi."),
        ],
    ),
    "ana-tom.org": converted_session(
        "2031-04-06 Sun 18:00",
        "chat-at",
        [
            ("Tom", "How was your weekend?"),
            ("Ana", "Lovely. Luca visited me on Saturday with a cake."),
            ("Tom", "My pottery course started on Thursday, by the way."),
            (
                "Ana",
                "My pottery teacher started a new job on Tuesday. Also Noor called me on Friday.",
            ),
            ("Tom", "Did you sign up for anything?"),
            ("Ana", "My friend's yoga course started on Monday, I only watched."),
        ],
    ),
}


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("my-me"), NOTES, NOW)


def ask(store: Store, question: str) -> dict[str, Any]:
    return ask_notes(store, question, now=NOW, tz=TZ)


def test_my_before_the_owned_noun_is_the_speakers_possessive(store: Store) -> None:
    doc = ask(
        store, "Which came first, Ines selling her car or the start of Omar's Spanish course?"
    )
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert [x.split()[0] for x in doc["value"]["order"]] == ["Ines", "the"]
    assert doc["value"]["dates"] == ["2031-03-07", "2031-03-10"]


@pytest.mark.parametrize(
    ("question", "day"),
    [
        ("When did Karim go climbing with Omar?", "2031-03-08"),  # "with me"
        ("When did Luca visit Ana?", "2031-04-05"),  # "visited me"
    ],
)
def test_me_after_the_names_preposition_or_verb_is_the_speaker(
    store: Store, question: str, day: str
) -> None:
    doc = ask(store, question)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["date"] == day


@pytest.mark.parametrize(
    "question",
    [
        # Tom's "My pottery course", not Ana's; Ana's "My pottery teacher" is another noun
        "Which came first, Luca visiting Ana or the start of Ana's pottery course?",
        # "called me", not "visited me"
        "When did Noor visit Ana?",
        # "My friend's yoga course" is the friend's
        "Which came first, Luca visiting Ana or the start of Ana's yoga course?",
    ],
)
def test_another_speakers_my_or_another_role_is_refused(store: Store, question: str) -> None:
    doc = ask(store, question)
    assert doc["status"] != "accepted", doc["value"]
