""" "He", "him", "she" or "her" stands for the one name said just before, whatever its gender.

"We adopted Pip! We went back on Tuesday to walk him, and brought him home on Thursday": a
name the word tables cannot give a gender (a pet's, a nickname) is what a personal pronoun
stands for when it is the only name said in the sentences just before (same turn, same
speaker) or in the other speaker's question that the reply opens on ("And Biscuit?" —
"We took him to the vet on Monday."). Refused: two names said before the pronoun (either may
be meant), the speaker's or the addressee's own name, a pronoun in a later sentence of the
reply, and the usual near-misses (another deed, a plan). The gate checks by its own reading
that no other name stands between the name and the pronoun.
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
NOW = parse_now("2031-06-30T12:00", TZ)

NOTES = {
    "chat-femke-arjun.org": """\
* Chat [2031-06-21 Sat 11:00]
** Arjun
Any news from the shelter?
** Femke
We adopted Mochi! We visited on Tuesday to meet him, and brought him home on Thursday.
** Arjun
Lovely. And Biscuit?
** Femke
We took him to the vet on Monday. He was limping a bit.
** Arjun
Poor thing. How are Juno and Kiki?
** Femke
We groomed her on Friday, the other one hides.
""",
    "chat-ravi-tess.org": """\
* Chat [2031-06-24 Tue 20:00]
** Tess
Did anything happen with the new parrot?
** Ravi
We named it Kiwi. I'm taking her to the vet on Friday.
** Tess
Cute. I saw Bruno and Lotte at the market.
** Ravi
Bruno and Lotte moved in March. I drove her to the station on Sunday.
** Tess
What about Olly?
** Ravi
I walked him on Saturday. Well, Olly walked me.
""",
}


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("pronoun-for-a-name"), NOTES, NOW)


def ask(store: Store, question: str) -> dict[str, Any]:
    return ask_notes(store, question, now=NOW, tz=TZ)


@pytest.mark.parametrize(
    ("question", "date"),
    [
        ("When did Femke bring Mochi home?", "2031-06-19"),  # "him" in the same turn
        ("When did Femke take Biscuit to the vet?", "2031-06-16"),  # "And Biscuit?" — "him"
        ("When did Ravi walk Olly?", "2031-06-21"),  # "What about Olly?" — "him"
    ],
)
def test_a_pronoun_stands_for_the_one_name_said_before(
    store: Store, question: str, date: str
) -> None:
    doc = ask(store, question)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["date"] == date


@pytest.mark.parametrize(
    "question",
    [
        "When did Femke groom Juno?",  # "Juno and Kiki?" — "her": either of two
        "When did Femke groom Kiki?",
        "When did Ravi drive Lotte to the station?",  # two names before "her"
        "When did Ravi take Kiwi to the vet?",  # "I'm taking her … on Friday": a plan
        "When did Femke take Mochi to the vet?",  # another deed, on another name
        "When did Arjun take Biscuit to the vet?",  # the asker did nothing
    ],
)
def test_a_pronoun_with_more_than_one_name_before_it_is_refused(
    store: Store, question: str
) -> None:
    doc = ask(store, question)
    assert doc["status"] != "accepted", (doc["value"], doc["metadata"].get("operands"))
    control = ask(store, "When did Femke bring Mochi home?")
    assert control["status"] == "accepted", control["metadata"].get("explanation")


@pytest.mark.parametrize(
    ("told", "accepted"),
    [
        ("We adopted Lotte in May. I drove her to the station on Sunday.", True),
        ("Lotte came over in May. I drove her to the station on Sunday.", True),
        ("Bruno and Lotte moved in May. I drove her to the station on Sunday.", False),
        ("Lotte moved in May, then Mirja came. I drove her to the station on Sunday.", False),
    ],
)
def test_the_gate_reads_whom_the_pronoun_may_stand_for(told: str, accepted: bool) -> None:
    """The gate alone, on one quote: another name said with or after the name leaves the
    pronoun open."""
    from notes_helpers import GATE_THRESHOLD, gate_probability

    p = gate_probability(told, "drive Lotte to the station", "on Sunday")
    assert (p >= GATE_THRESHOLD) is accepted, p
