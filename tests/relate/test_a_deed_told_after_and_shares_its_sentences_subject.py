"""A clause after "and" with no subject of its own is the deed of the sentence's subject.

"My dad slipped on the dock and broke his wrist the day before yesterday", in Dashiell's
turn, answered "When did Dashiell break his wrist?" (the ninth unseen round's first run):
the clause "and broke his wrist" has no subject, and a missing subject was read as the
writer's, as in journal style ("Went to the shop and bought milk"). When the sentence
opens with a person of someone's ("My dad", "My older sister", "On Sunday my mum") telling
a past deed, the later clause shares that subject. The speaker's own "I … and broke my
wrist", journal style with no subject at all, and "… and we painted" (a new subject that
takes the speaker in) stay the speaker's. The gate reads the shared subject by its own
pattern.
"""

from __future__ import annotations

from datetime import datetime

import pytest
from notes_helpers import (
    GATE_THRESHOLD,
    answer,
    answered,
    chat_session,
    gate_probability,
    journal_day,
    refused,
)

from prme_cli.timeexpr import parse_now, zone

TZ = zone("UTC")
NOW = parse_now("2031-06-30T20:00", TZ)
STAMP = datetime(2031, 5, 19, 18, 0)  # Monday 19 May 2031


@pytest.mark.parametrize(
    ("notes", "question"),
    [
        (
            chat_session(
                ("Tove", "My dad slipped on the ice and broke his wrist the day before yesterday."),
                ("Ilse", "Oh no, is he okay?"),
                stamp=STAMP,
            ),
            "When did Tove break her wrist?",
        ),
        (
            journal_day("My older sister fell off her bike and cracked a rib on Saturday."),
            "When did I crack a rib?",
        ),
        (
            journal_day("On Sunday my neighbour tripped over the hose and sprained his ankle."),
            "When did I sprain my ankle?",
        ),
    ],
)
def test_a_clause_after_and_is_the_deed_of_the_person_the_sentence_opens_with(
    tmp_path, notes: dict[str, str], question: str
) -> None:  # type: ignore[no-untyped-def]
    refused(answer(tmp_path, notes, question, now=NOW, tz=TZ))


@pytest.mark.parametrize(
    ("notes", "question", "day"),
    [
        (
            chat_session(
                ("Tove", "I slipped on the ice and broke my wrist the day before yesterday."),
                ("Ilse", "Oh no, are you okay?"),
                stamp=STAMP,
            ),
            "When did Tove break her wrist?",
            "2031-05-17",
        ),
        (
            journal_day("Cycled to the coast and cracked a rib on Saturday."),
            "When did I crack a rib?",
            "2031-05-17",
        ),
        (
            journal_day("My sister came round and we painted the fence on Sunday."),
            "When did I paint the fence?",
            "2031-05-18",
        ),
    ],
)
def test_the_speakers_own_clause_after_and_stays_theirs(
    tmp_path, notes: dict[str, str], question: str, day: str
) -> None:  # type: ignore[no-untyped-def]
    answered(answer(tmp_path, notes, question, now=NOW, tz=TZ), day)


@pytest.mark.parametrize(
    ("quote", "name"),
    [
        ("My dad slipped on the ice and broke his wrist on Saturday.", "break my wrist"),
        ("My older sister fell off her bike and cracked a rib on Saturday.", "crack a rib"),
    ],
)
def test_the_gate_refuses_a_clause_that_shares_another_persons_subject(
    quote: str, name: str
) -> None:
    assert gate_probability(quote, name, "on Saturday", written=STAMP) < GATE_THRESHOLD


@pytest.mark.parametrize(
    ("quote", "name"),
    [
        ("I slipped on the ice and broke my wrist on Saturday.", "break my wrist"),
        ("Cycled to the coast and cracked a rib on Saturday.", "crack a rib"),
    ],
)
def test_the_gate_keeps_the_writers_own_clause_after_and(quote: str, name: str) -> None:
    assert gate_probability(quote, name, "on Saturday", written=STAMP) >= GATE_THRESHOLD
