"""A sentence that shares only the names of a question's event does not tell that event.

"When was Emeka's last day at Casa Bella?" was answered by "I handed in my notice at Casa
Bella on the 22nd" (the ninth unseen round's first run): "last" and "day" were left out as
function words, so only the names were left to match. The day or week that "first",
"last" or "final" names is now the event's own word, and a sentence whose matched words
are all names of the phrase ("Casa Bella", "Priya") while the phrase has other words
("last day", "meet") dates nothing. A sentence that tells the event with its names is
answered.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime
from typing import Any

import pytest
from notes_helpers import answer, answered, chat_session, notes_store, refused
from notes_helpers import ask as ask_notes

from prme_cli.store import Store
from prme_cli.timeexpr import parse_now, zone

TZ = zone("UTC")
NOW = parse_now("2031-06-30T20:00", TZ)

NOTES = {
    "journal.org": "* 2031\n** 2031-05 May\n"
    "*** 2031-05-14 Wednesday\n"
    "Handed in my notice at Casa Verde on the 12th.\n"
    "Priya's band played at the Lantern Rooms on Saturday.\n"
    "*** 2031-05-21 Wednesday\n"
    "Sent the Halvorsen invoice on Monday.\n",
    "work.org": "* 2031\n** 2031-06 June\n"
    "*** 2031-06-13 Friday\n"
    "My last day at the Harbour Office today, cake and speeches.\n"
    "Met Tomasz for coffee at the Lantern Rooms on Tuesday.\n",
}


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("names-only"), NOTES, NOW)


def ask(store: Store, question: str) -> dict[str, Any]:
    return ask_notes(store, question, now=NOW, tz=TZ)


@pytest.mark.parametrize(
    "question",
    [
        "When was my last day at Casa Verde?",
        "When did I meet Priya?",
        "When did I pay the Halvorsen invoice?",
    ],
)
def test_a_sentence_sharing_only_the_names_dates_nothing(store: Store, question: str) -> None:
    refused(ask(store, question))


@pytest.mark.parametrize(
    ("question", "day"),
    [
        ("When was my last day at the Harbour Office?", "2031-06-13"),
        ("When did I meet Tomasz for coffee?", "2031-06-10"),
        ("When did I send the Halvorsen invoice?", "2031-05-19"),
    ],
)
def test_a_sentence_telling_the_event_with_its_names_is_answered(
    store: Store, question: str, day: str
) -> None:
    answered(ask(store, question), day)


@pytest.mark.parametrize(
    ("turn", "question"),
    [
        (
            "And I did the thing: I handed in my notice at Casa Verde on the 12th.",
            "When was Oskar's last day at Casa Verde?",
        ),
        (
            "Big news: I signed the lease at Dunmore Court on Friday.",
            "When was Oskar's first week at Dunmore Court?",
        ),
    ],
)
def test_a_turn_sharing_only_the_names_dates_no_last_day(
    tmp_path, turn: str, question: str
) -> None:  # type: ignore[no-untyped-def]
    notes = chat_session(
        ("Oskar", turn), ("Wren", "Brave! How do you feel?"), stamp=datetime(2031, 5, 19, 18, 0)
    )
    refused(answer(tmp_path, notes, question, now=NOW, tz=TZ))
