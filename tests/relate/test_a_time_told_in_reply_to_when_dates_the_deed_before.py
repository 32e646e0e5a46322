"""A deed told with no time, asked "When?" by the other speaker, is dated by the reply that
opens with a time: "I bought a kiln!" — "An actual kiln? When?" — "On Monday, secondhand."

Packing left the reply out (it names nothing of the question) and the resolver read the deed's
own turn, which gives no time (pairs6: "When did Ximena buy her kiln?"). Now the turn right
after a top hit, when it asks something, brings its own short answer close behind the hit
(:mod:`prme_cli.retrieval`), and a reply to a bare "When?" that opens with a time is read as
the deed told two turns before, in its teller's words, with that time
(:func:`prme_cli.relate.interpret.when_asked_deed`). A reply that is no time first ("Monday I
was at work"), a deed that was not done or already timed, a deed of the one who asks, and a
time in the future stay refused.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from notes_helpers import ask as ask_notes
from notes_helpers import converted_session, notes_store

from prme_cli.relate import interpret
from prme_cli.store import Store
from prme_cli.timeexpr import parse_now, zone

TZ = zone("UTC")
NOW = parse_now("2034-06-30T18:00", TZ)

NOTES = {
    "session-00.org": converted_session(
        "2034-06-09 Fri 20:00",
        "chat-b7e1a0000001",
        [
            ("Odile", "Guess what."),
            ("Kofi", "Go on."),
            ("Odile", "I sold my grandmother's piano!"),
            ("Kofi", "No way. When?"),
            ("Odile", "On Tuesday, to a music school in Lyon. They came with a van."),
            ("Kofi", "Good for you. I repainted the boat, by the way."),
            ("Odile", "Really? When was that?"),
            ("Kofi", "Last weekend, with my brother. It's blue now."),
        ],
    ),
    "session-01.org": converted_session(
        "2034-06-20 Tue 21:00",
        "chat-b7e1a0000002",
        [
            ("Odile", "I adopted a greyhound."),
            ("Kofi", "When did that happen?"),
            ("Odile", "Yesterday! She's asleep on my feet."),
            ("Kofi", "I nearly quit the choir."),
            ("Odile", "When?"),
            ("Kofi", "On Sunday, after the rehearsal."),
            ("Odile", "I planted the apple tree."),
            ("Kofi", "When?"),
            ("Odile", "Monday I was at work, so it must have been some evening."),
            ("Kofi", "I booked the ferry to Tangier."),
            ("Odile", "When?"),
            ("Kofi", "Next Friday, I think, if the weather holds."),
        ],
    ),
}


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("when-reply"), NOTES, NOW)


def ask(store: Store, q: str) -> dict[str, Any]:
    return ask_notes(store, q, now=NOW, tz=TZ)


@pytest.mark.parametrize(
    ("q", "day"),
    [
        ("When did Odile sell her grandmother's piano?", "2034-06-06"),
        ("When did Odile adopt a greyhound?", "2034-06-19"),
    ],
)
def test_the_reply_to_when_dates_the_deed(store: Store, q: str, day: str) -> None:
    doc = ask(store, q)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["date"] == day


@pytest.mark.parametrize(
    "q",
    [
        "When did Kofi quit the choir?",  # nearly: not done
        "When did Odile plant the apple tree?",  # the reply gives no time first
        "When did Kofi book the ferry to Tangier?",  # the reply's time is the trip's, ahead
        "When did Kofi sell the piano?",  # the other speaker's deed
    ],
)
def test_other_replies_to_when_are_refused(store: Store, q: str) -> None:
    doc = ask(store, q)
    assert doc["status"] != "accepted", doc["value"]


@pytest.mark.parametrize(
    ("asking", "told", "deed"),
    [
        ("No way. When?", "I sold my grandmother's piano!", "sell my grandmother's piano"),
        ("Really? When was that?", "I repainted the boat.", "repaint the boat"),
        ("When did that happen?", "Big news. I adopted a greyhound.", "adopt a greyhound"),
        ("When?", "I nearly quit the choir.", None),
        ("When?", "I sold the piano on Tuesday.", None),
        ("When is it?", "I booked the ferry.", None),
        ("When?", "I'm selling the piano.", None),
        ("Why?", "I sold the piano.", None),
    ],
)
def test_the_deed_a_bare_when_asks_about(asking: str, told: str, deed: str | None) -> None:
    assert interpret.when_asked_deed(asking, told) == deed


@pytest.mark.parametrize(
    ("reply", "opens"),
    [
        ("On Tuesday, to a music school.", True),
        ("Yesterday!", True),
        ("Last weekend, with my brother.", True),
        ("Monday I was at work.", False),
        ("Tuesday?", False),
        ("I think on Tuesday.", False),
    ],
)
def test_a_reply_that_opens_with_a_time(reply: str, opens: bool) -> None:
    assert interpret.time_opening(reply) is opens
