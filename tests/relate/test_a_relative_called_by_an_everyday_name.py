"""A relative asked by the formal kin noun is told by its everyday name: "Ingrid's father"
is Ingrid's "my dad", "Kwame's mother" Kwame's "my mum".

The resolver's synonyms and the gate's own table (:data:`gate_words.KIN_ALIASES`) each read
"dad" for "father", "mum"/"mom" for "mother", "grandpa" for "grandfather", "gran" for
"grandmother" (pairs6: "When did Ingrid's father retire?" over Ingrid's "My dad retired
yesterday"). The other speaker's "my dad", and a relative of another kin ("my uncle"), stay
refused.
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
NOW = parse_now("2036-03-30T18:00", TZ)

NOTES = {
    "session-00.org": converted_session(
        "2036-03-07 Fri 20:00",
        "chat-d2e1a0000001",
        [
            ("Ines", "My dad retired yesterday, after thirty years at the port."),
            ("Tomas", "Tell him congratulations! My mum started her new job on Tuesday."),
            ("Ines", "Good for her! Does she like it?"),
            ("Tomas", "She loves it. My uncle sold his boat on Monday."),
            ("Ines", "And my gran moved into the care home on Wednesday."),
        ],
    ),
    "session-01.org": converted_session(
        "2036-03-21 Fri 20:00",
        "chat-d2e1a0000002",
        [
            ("Tomas", "My dad finally repainted the garage on Sunday."),
            ("Ines", "About time."),
        ],
    ),
}


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("kin-alias"), NOTES, NOW)


def ask(store: Store, q: str) -> dict[str, Any]:
    return ask_notes(store, q, now=NOW, tz=TZ)


@pytest.mark.parametrize(
    ("q", "day"),
    [
        ("When did Ines's father retire?", "2036-03-06"),
        ("When did Tomas's mother start her new job?", "2036-03-04"),
        ("When did Ines's grandmother move into the care home?", "2036-03-05"),
    ],
)
def test_the_everyday_name_tells_the_relative(store: Store, q: str, day: str) -> None:
    doc = ask(store, q)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["date"] == day


@pytest.mark.parametrize(
    "q",
    [
        "When did Ines's father repaint the garage?",  # Tomas's dad
        "When did Tomas's father sell his boat?",  # his uncle
        "When did Ines's mother move into the care home?",  # her gran
    ],
)
def test_another_relative_is_refused(store: Store, q: str) -> None:
    doc = ask(store, q)
    assert doc["status"] != "accepted", doc["value"]
