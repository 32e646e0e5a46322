"""A relative asked about by kin ("Jonas's brother") is told by name in the chat's deed.

Two friends' chats name a relative once by kin and name, and later tell the relative's deed
by name alone: "I went hiking with my brother Felix" in March, then "Felix passed his
driving test the day before yesterday" in April. "When did Jonas's brother pass his driving
test?" is answered by the April turn, since the notes say that Felix is Jonas's brother. The
identity is read from the packed turns in three shapes: the possessor's own "my brother
Felix" (or "Felix, my older brother"), anyone's "Jonas's brother Felix", and the other
speaker's "Oh, your cousin!" replying to the possessor's turn that names that one person as
a doer. The resolver and the gate each read it by their own method.

Refused: the name is the other speaker's relative ("my brother Tomas" said by Maya), a
name the notes never give the kin ("Nico passed his test"), two names given the same kin
(which brother?), and "your sister!" said to the speaker who named the person (the sister
is the one addressed, not the one asked about).
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
    "jonas-maya-0.org": converted_session(
        "2031-03-01 Sat 10:00",
        "chat-jm0",
        [
            ("Maya", "How was your weekend?"),
            ("Jonas", "Good. I went hiking with my brother Felix up by the lake."),
            ("Maya", "Sounds lovely. Did it rain?"),
            ("Jonas", "Only a little. My feet still hurt."),
        ],
    ),
    "jonas-maya-1.org": converted_session(
        "2031-04-19 Sat 11:00",
        "chat-jm1",
        [
            ("Maya", "Any news from your side?"),
            (
                "Jonas",
                "Felix said he passed his driving test the day before yesterday. Fourth try!",
            ),
            ("Maya", "Finally! Tell him well done."),
        ],
    ),
    "lucia-ben-0.org": converted_session(
        "2031-02-08 Sat 09:00",
        "chat-lb0",
        [
            ("Ben", "What's the plan for March?"),
            ("Lucía", "Marta, my older sister, is getting married on the 15th. I'm a bridesmaid."),
            ("Ben", "Oh, that's exciting."),
        ],
    ),
    "lucia-ben-1.org": converted_session(
        "2031-03-21 Fri 18:00",
        "chat-lb1",
        [
            ("Ben", "How was the wedding? I want every detail."),
            ("Lucía", "Marta's wedding last Saturday was so lovely. It rained, then the sun came."),
            ("Ben", "Perfect timing."),
        ],
    ),
    "kwame-yuki-0.org": converted_session(
        "2031-05-10 Sat 12:00",
        "chat-ky0",
        [
            ("Yuki", "You look tired."),
            ("Kwame", "Kojo started his new job at the port on Monday, and I drove him every day."),
            ("Yuki", "Oh, your cousin! Tell him congratulations from me."),
            ("Kwame", "Will do."),
        ],
    ),
    "ines-omar-0.org": converted_session(
        "2031-05-17 Sat 12:00",
        "chat-io0",
        [
            ("Ines", "Sana flew to Lisbon on Thursday, she starts at the hospital next week."),
            ("Omar", "Oh, your sister! You'll miss her."),
            ("Ines", "I will."),
        ],
    ),
    "noor-pieter-0.org": converted_session(
        "2031-04-05 Sat 12:00",
        "chat-np0",
        [
            ("Noor", "My brother Tomas is staying with me this month."),
            ("Pieter", "Nice. Tomas sold his old car on Tuesday, he told me."),
            ("Noor", "He did, finally."),
            ("Pieter", "Also my brother Ruben is here. Nico passed his driving test on Wednesday."),
        ],
    ),
    "rosa-ivo-0.org": converted_session(
        "2031-04-12 Sat 12:00",
        "chat-ri0",
        [
            ("Rosa", "Busy week. My sister Elin and my sister Tova both came over."),
            ("Ivo", "A full house!"),
            ("Rosa", "Elin moved to Bergen on Wednesday, so it was a goodbye too."),
        ],
    ),
}


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("kin"), NOTES, NOW)


def ask(store: Store, question: str) -> dict[str, Any]:
    return ask_notes(store, question, now=NOW, tz=TZ)


@pytest.mark.parametrize(
    ("question", "day"),
    [
        # the possessor's own "my brother Felix", a session before
        ("When did Jonas's brother pass his driving test?", "2031-04-17"),
        # "Marta, my older sister," said by the possessor; the deed told as "Marta's wedding"
        ("When was Lucía's sister's wedding?", "2031-03-15"),
        # the other speaker's "Oh, your cousin!" right after the turn naming Kojo
        ("When did Kwame's cousin start his new job at the port?", "2031-05-05"),
    ],
)
def test_a_relative_told_by_name_is_the_one_asked_by_kin(
    store: Store, question: str, day: str
) -> None:
    doc = ask(store, question)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["date"] == day


@pytest.mark.parametrize(
    "question",
    [
        # Tomas is Noor's brother ("My brother Tomas" in Noor's turn), not Pieter's
        "When did Pieter's brother sell his old car?",
        # Nico is never called anyone's brother
        "When did Pieter's brother pass his driving test?",
        # "your sister!" is said to Ines, who named Sana: Sana is Ines's sister, not Omar's
        "When did Omar's sister fly to Lisbon?",
        # two sisters named: which one is "Rosa's sister" the notes do not say
        "When did Rosa's sister move to Bergen?",
    ],
)
def test_a_name_the_notes_do_not_give_that_kin_is_refused(store: Store, question: str) -> None:
    doc = ask(store, question)
    assert doc["status"] != "accepted", doc["value"]


# --------------------------------------------------------------------------- the gate alone


def _turn(key: str, speaker: str, words: str, *, previous: str | None = None) -> Any:
    from datetime import datetime

    from prme_cli.relate.types import EvidenceRecord

    return EvidenceRecord(
        id=key,
        event_time=datetime(2031, 4, 19, 11, 0),
        text=f"* {speaker}\n:PROPERTIES:\n:ID: {key}\n:END:\n{words}",
        title=speaker,
        previous=previous,
        file="chat.org",
    )


DEED = "Felix passed his driving test on Thursday."


def _gate(*records: Any, name: str = "Jonas's brother pass his driving test") -> float:
    from prme_cli.relate.symbolic.gate import SymbolicGate
    from prme_cli.relate.types import Operand, ProviderAudit, Resolution

    cited = records[-1]
    operand = Operand(name, cited.id, cited.text, "Thursday", "text_expression")
    verdict = SymbolicGate().evaluate(
        f"When did {name.split(' ', 2)[0]} {name.split(' ', 2)[1]} ...?",
        Resolution("absolute_date", (operand,)),
        {r.id: r for r in records},
        ProviderAudit("symbolic"),
    )
    return verdict.probabilities[0]


@pytest.mark.parametrize(
    "identity",
    [
        ("Jonas", "I went hiking with my brother Felix last month."),
        ("Jonas", "Felix, my little brother, is staying with me."),
        ("Maya", "I saw Jonas's brother Felix at the market."),
    ],
)
def test_the_gate_reads_the_identity_from_the_packed_turns_by_itself(
    identity: tuple[str, str],
) -> None:
    said = _turn("t0", identity[0], identity[1])
    assert _gate(said, _turn("t1", "Jonas", DEED)) >= 0.85


@pytest.mark.parametrize(
    "identity",
    [
        None,  # the identity not among the packed turns
        ("Maya", "I went hiking with my brother Felix last month."),  # Maya's brother
        ("Jonas", "My brother Felix and my brother Nico both came."),  # which brother?
    ],
)
def test_the_gate_refuses_a_name_it_cannot_read_as_the_kin(
    identity: tuple[str, str] | None,
) -> None:
    records = [_turn("t0", identity[0], identity[1])] if identity else []
    assert _gate(*records, _turn("t1", "Jonas", DEED)) < 0.85


def test_the_gate_reads_your_kin_said_back_to_the_one_who_named_them() -> None:
    named = _turn("t0", "Dev", "Priti flew to Toronto on Thursday. She got a job there.")
    reply = _turn("t1", "Hana", "Oh, your sister! That's big.", previous="t0")
    assert _gate(reply, named, name="Dev's sister fly to Toronto") >= 0.85
    other = _turn("t1", "Hana", "Oh, Sana is your sister? I didn't know.", previous="t0")
    assert _gate(other, named, name="Dev's sister fly to Toronto") < 0.85
