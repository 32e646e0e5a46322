"""One reader of a turn's opening yes (``interpret.yes_opening``), for both of the resolver's
readings across turns: a yes to the question before ("Did you …?" — "Yes, on Friday") and a
reply confirming a deed told to its speaker ("You went …, didn't you?" — "That's right").
"I have" is a yes only standing alone: "I have to dash" confirms nothing."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from notes_helpers import ask as ask_notes
from notes_helpers import notes_store
from test_two_person_chats import session

from prme_cli.relate.interpret import yes_opening
from prme_cli.store import Store
from prme_cli.timeexpr import parse_now, zone

TZ = zone("UTC")
NOW = parse_now("2032-06-20T20:00", TZ)


@pytest.mark.parametrize(
    ("turn", "rest"),
    [
        ("Yes, on Friday!", "on Friday!"),
        ("Yeah, I did, last Saturday.", "last Saturday."),
        ("I did! Two days ago.", "Two days ago."),
        ("I sure did, on Monday", "on Monday"),
        ("We did, on Sunday", "on Sunday"),
        ("That's right, it was great.", "it was great."),
        ("That\u2019s true!", ""),
        ("Exactly. Loved it.", "Loved it."),
        ("I have!", ""),
        ("I have, last week", "last week"),
    ],
)
def test_a_turn_opening_with_a_yes_gives_the_words_after_it(turn: str, rest: str) -> None:
    at = yes_opening(turn)
    assert at is not None and turn[at:] == rest


@pytest.mark.parametrize(
    "turn",
    [
        "I have to dash, talk later.",
        "I have a dog to walk first.",
        "Yesterday I went to the market.",
        "Correctly, I think.",
        "No, that was the hallway.",
        "Maybe, I can't remember.",
        "Well, sort of.",
    ],
)
def test_a_turn_without_an_opening_yes_gives_none(turn: str) -> None:
    assert yes_opening(turn) is None


CHATS = {
    "c0.org": session(
        "2032-04-10 12:00",
        ("Ana", "You went to the climbing wall last Sunday, didn't you?"),
        ("Leo", "That's right, my forearms are still dead."),
    ),
    "c1.org": session(
        "2032-04-24 12:00",
        ("Leo", "You sold the old van on Monday, didn't you?"),
        ("Ana", "Exactly! It went to a farmer."),
    ),
    "c2.org": session(
        "2032-05-08 12:00",
        ("Ana", "You planted the apple tree on Wednesday, didn't you?"),
        ("Leo", "I have to dash, talk later."),
    ),
    "c3.org": session(
        "2032-05-22 12:00",
        ("Leo", "You repainted the shed on Tuesday, didn't you?"),
        ("Ana", "I have a lot of paint left over, come and see."),
    ),
}


@pytest.fixture(scope="module")
def chats(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("yes"), CHATS, NOW)


def ask(store: Store, question: str) -> dict[str, Any]:
    return ask_notes(store, question, now=NOW, tz=TZ)


@pytest.mark.parametrize(
    ("question", "day"),
    [
        ("When did Leo go to the climbing wall?", "2032-04-04"),
        ("When did Ana sell the old van?", "2032-04-19"),
    ],
)
def test_a_confirming_reply_in_other_words_than_yes_confirms(
    chats: Store, question: str, day: str
) -> None:
    doc = ask(chats, question)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["date"] == day


@pytest.mark.parametrize(
    "question",
    ["When did Leo plant the apple tree?", "When did Ana repaint the shed?"],
)
def test_i_have_followed_by_more_words_confirms_nothing(chats: Store, question: str) -> None:
    doc = ask(chats, question)
    assert doc["status"] != "accepted", doc["value"]
