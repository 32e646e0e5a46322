"""A thing, a relative or an organisation asked about as the doer is split from its verb by
where the verb's object opens: "When did my car pass the recheck?", "When did the council
offer me the job?", "When did my sister Noa have her baby?".

The question parser cut "the new kettle arrive" into doer and verb only before a verb the
lexicon lists by name, so a verb it does not list ("pass", "offer") or a light one ("have")
left the question with no frame at all (sessions4's first run: "When did my sister Noa have
her baby?" was not framed). A word the dictionary knows as a verb, standing right before a
determiner or an object pronoun, is the deed's verb: no word of a name is followed by "the"
or "me". The doer is then checked as for any thing or person subject — someone else's baby,
or the writer's own offer, is refused — and a name with no such verb is still not guessed at.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from notes_helpers import ask as ask_notes
from notes_helpers import converted_session, notes_store

from prme_cli.relate.symbolic import question
from prme_cli.store import Store
from prme_cli.timeexpr import parse_now, zone

TZ = zone("UTC")
NOW = parse_now("2031-09-30T18:00", TZ)


NOTES = {
    "session-00.org": converted_session(
        "2031-08-10 Sun 09:00",
        "chat-0b1ec7000001",
        [
            ("user", "Big news: my sister Ines had her baby on Thursday! A girl, 3.4 kg."),
            ("assistant", "Congratulations to your sister! Are they both well?"),
            ("user", "Yes. My friend Lea is having her baby in October, so it's a busy year."),
        ],
    ),
    "session-01.org": converted_session(
        "2031-08-20 Wed 17:30",
        "chat-0b1ec7000002",
        [
            (
                "user",
                "My old van passed the safety inspection yesterday, after the new tyres went on.",
            ),
            ("assistant", "Great, that should keep it on the road for another year."),
            (
                "user",
                "I hope my motorbike passes the emissions test next week too.",
            ),
        ],
    ),
    "session-02.org": converted_session(
        "2031-09-06 Sat 12:00",
        "chat-0b1ec7000003",
        [
            (
                "user",
                (
                    "The landlord returned my deposit on Monday, all of it. I offered the museum "
                    "my old photos on Tuesday."
                ),
            ),
            ("assistant", "Good to have the deposit back."),
        ],
    ),
}


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("subjects"), NOTES, NOW)


def ask(store: Store, q: str) -> dict[str, Any]:
    return ask_notes(store, q, now=NOW, tz=TZ)


@pytest.mark.parametrize(
    ("text", "doer"),
    [
        ("When did my car pass the WOF recheck?", "my car"),
        ("When did the council offer me the job?", "the council"),
        ("When did my sister Noa have her baby?", "my sister Noa"),
        ("When did my sister have her baby?", "my sister"),
        ("How many days ago did my van pass its inspection?", "my van"),
        # a verb the lexicon lists still splits where it did
        ("When did the water heater break?", "the water heater"),
    ],
)
def test_the_doer_ends_before_a_verb_with_its_object(text: str, doer: str) -> None:
    frame = question.parse(text)
    assert frame is not None
    assert frame.phrases[0].doer == doer


@pytest.mark.parametrize(
    "text",
    [
        # no verb before an object: a name alone is not guessed at
        "When did the school bus?",
        "When did my brother's wedding photos?",
    ],
)
def test_a_name_with_no_verb_is_still_not_framed(text: str) -> None:
    assert question.parse(text) is None


@pytest.mark.parametrize(
    ("q", "day"),
    [
        ("When did my sister Ines have her baby?", "2031-08-07"),
        ("When did my sister have her baby?", "2031-08-07"),
        ("When did my old van pass the safety inspection?", "2031-08-19"),
        ("When did the landlord return my deposit?", "2031-09-01"),
    ],
)
def test_the_doers_deed_is_answered(store: Store, q: str, day: str) -> None:
    doc = ask(store, q)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["date"] == day


@pytest.mark.parametrize(
    "q",
    [
        # another person's baby, told as coming
        "When did my friend Lea have her baby?",
        # a hope, not a deed
        "When did my motorbike pass the emissions test?",
        # the writer offered; the museum did not
        "When did the museum offer me the photos?",
    ],
)
def test_another_doer_or_a_hope_is_refused(store: Store, q: str) -> None:
    doc = ask(store, q)
    assert doc["status"] != "accepted", doc["value"]
