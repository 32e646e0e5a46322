"""A definite description takes its describing words from the paragraph before it.

"I'm looking for decorative items for my living room. Since I rearranged the furniture
three weeks ago, …": "the furniture" is the living room's, said one sentence before by the
same speaker in the same paragraph. The event's name ("rearranged my living room
furniture", "ran the Harbour Lights charity race") is then told whole across the
two sentences, and the quote starts at the earlier one so the gate reads both. Only
describing words travel: the verb must be the sentence's own (a plan said before "the X"
does not make the X a deed), and nothing crosses a paragraph or a change of speaker.
Notes: a datetree journal, a first-person chat, a two-person chat, an org-roam daily.
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
NOW = parse_now("2026-05-30T12:00", TZ)

NOTES = {
    "journal.org": """\
* 2026
** 2026-05 May
*** 2026-05-20 Wednesday
Looked at shelves for the spare bedroom again. I finally repainted the walls last
Saturday, a pale green.
""",
    "chat-a.org": """\
* Chat [2026-05-18 Mon 19:00]
** user
I'm signing up for another charity race next month. I ran the Harbour Lights race
yesterday in under an hour, and my knees are fine. The Quayside 5k is my favourite. I ran
the Docklands race on Sunday.
** assistant
Well done on the Harbour Lights race!
""",
    "chat-b.org": """\
* Chat [2026-05-25 Mon 09:00]
** Ines
We want new curtains for the attic studio.
** Omar
I cleaned the windows on Friday, so measure now.
""",
    "2026-05-27.org": """\
#+title: 2026-05-27

* Notes
I want to reorganise the garden shed one day.

I tidied the tools this morning.
""",
}


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("definite"), NOTES, NOW)


def ask(store: Store, question: str) -> dict[str, Any]:
    return ask_notes(store, question, now=NOW, tz=TZ)


@pytest.mark.parametrize(
    ("question", "day", "starts"),
    [
        ("When did I repaint the spare bedroom walls?", "2026-05-16", "Looked at shelves"),
        (
            "When did I run the Harbour Lights charity race?",
            "2026-05-17",
            "I'm signing up",
        ),
    ],
)
def test_a_definite_description_is_the_thing_the_paragraph_describes(
    store: Store, question: str, day: str, starts: str
) -> None:
    doc = ask(store, question)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["date"] == day
    (operand,) = doc["metadata"]["operands"]
    assert operand["quote"].startswith(starts)


@pytest.mark.parametrize(
    "question",
    [
        # another speaker said what the windows are: Omar's windows need not be the attic's
        "When did Omar clean the attic studio windows?",
        # a blank line ends the paragraph: the tools need not be the shed's
        "When did I tidy the garden shed tools?",
        # "the Docklands race" is described by a name of its own: not the Quayside 5k race
        "When did I run the Quayside 5k race?",
    ],
)
def test_describing_words_do_not_cross_a_paragraph_or_a_speaker(
    store: Store, question: str
) -> None:
    doc = ask(store, question)
    assert doc["status"] != "accepted", doc["value"]


def test_the_verb_is_the_sentences_own_not_the_plan_before_it(store: Store) -> None:
    # "signing up for another charity race" is a plan; the race is dated by "ran …
    # yesterday", never by the signing up
    doc = ask(store, "When did I sign up for the Harbour Lights charity race?")
    assert doc["status"] != "accepted", doc["value"]
