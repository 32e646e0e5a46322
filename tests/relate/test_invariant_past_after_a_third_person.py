"""A verb whose past is its base form tells the past after a third-person singular subject.

"Ren quit on Friday, so I'm on my own now." — "quit", "cut", "hurt", "put", "set", "hit" are
the same word in the present and the past, so a bare weekday after them was refused as "not
told in the past tense" (pairs4's first run). After he, she, it, a name or a singular noun
("my sister"), the present would carry an -s ("Ren quits"), so the bare form is the past.
After I, we, you, they or a plural ("my parents cut the hedge on Saturday") it may be a
present or a plan and stays unread; "quits" and "will quit" stay unread too.
"""

from __future__ import annotations

import pytest
from notes_helpers import answer

from prme_cli.timeexpr import parse_now, zone

TZ = zone("UTC")
NOW = parse_now("2031-05-25T20:00", TZ)
# Monday 2031-05-19: Thursday 05-15, Friday 05-16, Saturday 05-17, Sunday 05-18.


def session(words: str) -> dict[str, str]:
    return {
        "chat.org": "#+TITLE: Chat of 2031-05-19\n* Chat [2031-05-19 Mon 18:00]\n"
        f"** Ana\nHow is everyone?\n** Cleo\n{words}\n** Ana\nOh!\n"
    }


@pytest.mark.parametrize(
    ("words", "question", "day"),
    [
        ("Ren quit on Friday, so I'm on my own now.", "When did Ren quit?", "2031-05-16"),
        (
            "My sister cut her hair short on Saturday.",
            "When did Cleo's sister cut her hair?",
            "2031-05-17",
        ),
        ("Tom hurt his knee on Sunday, at football.", "When did Tom hurt his knee?", "2031-05-18"),
    ],
)
def test_a_base_form_past_after_a_third_person_dates_the_deed(
    tmp_path_factory: pytest.TempPathFactory, words: str, question: str, day: str
) -> None:
    doc = answer(tmp_path_factory.mktemp("past"), session(words), question, now=NOW, tz=TZ)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["date"] == day


@pytest.mark.parametrize(
    ("words", "question"),
    [
        ("I quit on Friday, the contract ends then.", "When did Cleo quit?"),
        ("Ren quits on Friday, so I'll be on my own.", "When did Ren quit?"),
        ("Ren will quit on Friday.", "When did Ren quit?"),
        (
            "My parents cut the hedge on Saturday, every week.",
            "When did Cleo's parents cut the hedge?",
        ),
    ],
)
def test_a_base_form_after_another_subject_stays_unread(
    tmp_path_factory: pytest.TempPathFactory, words: str, question: str
) -> None:
    doc = answer(tmp_path_factory.mktemp("unread"), session(words), question, now=NOW, tz=TZ)
    assert doc["status"] != "accepted", doc.get("value")
