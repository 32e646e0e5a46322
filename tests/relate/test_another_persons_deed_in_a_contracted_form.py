"""Another person's deed told with a contracted 's is theirs, not the speaker's.

An unseen chat set (pairs3) answered "When did Luca get married?" with Luca's turn
"Chiara's getting married on the 14th of June" (Chiara is his sister), and read the date
back to the June before the chat. In "Chiara's getting married", "Tom's moved to Leeds",
"Mum's had her operation", "Dad's flying out Friday" the 's is a contracted "is" or "has"
(a verb form follows it), so the named one is the clause's subject; in "Tom's move to
Leeds" it is a possessive of the event noun, whose owner is again the one who moves. Such
a sentence answers a question about that person, never one about the speaker or the
writer (a name alone is no participant match). A contracted "is" with an -ing form and a
time is a present progressive, an arrangement: its year-less date is the coming one, so it
answers "When is Chiara getting married?" as planned and never "When did … get married?".
The speaker's own "I'm getting married", "we're getting married" and "my move to Leeds is
on …" stay answered. The notes below are invented for these rules.
"""

from __future__ import annotations

from datetime import datetime

import pytest
from notes_helpers import answer, chat_session

from prme_cli.timeexpr import parse_now, zone

TZ = zone("UTC")
NOW = parse_now("2031-03-01T20:00", TZ)
SESSION = datetime(2031, 2, 3, 18, 0)  # a Monday


def _turn(words: str, speaker: str = "Marco") -> dict[str, str]:
    """Ines asks, ``speaker`` answers with ``words``, Ines replies."""
    return chat_session(
        ("Ines", "Any news from your side?"), (speaker, words), ("Ines", "Lovely."), stamp=SESSION
    )


def _journal(line: str) -> dict[str, str]:
    """One datetree day of the writer's journal (Monday 10 February 2031) holding ``line``."""
    return {"journal.org": f"* 2031\n** 2031-02 February\n*** 2031-02-10 Monday\n{line}\n"}


OTHERS = [
    # a contracted "is" before an -ing form: the named one's arrangement
    (
        _turn("Finally, yes. Giulia's getting married on the 14th of June, in a vineyard."),
        "When did Marco get married?",
    ),
    (
        _turn("Finally, yes. Giulia's getting married on the 14th of June, in a vineyard."),
        "When is Marco getting married?",
    ),
    (_turn("Tom's moving to Leeds on the 3rd of March."), "When is Marco moving to Leeds?"),
    (_turn("Dad's flying out to Lagos on the 6th of March."), "When is Marco flying to Lagos?"),
    (
        _turn("Giulia's finally getting married on the 14th of June."),
        "When is Ines getting married?",
    ),
    # a contracted "has" before a participle: the named one's deed
    (_turn("Tom's moved to Leeds last Saturday."), "When did Marco move to Leeds?"),
    (
        _turn("My sister's started her new job at the bank last Monday."),
        "When did Marco start the new job at the bank?",
    ),
    # a possessive before the event noun: the owner's deed
    (_turn("Tom's move to Leeds was last Saturday."), "When did Marco move to Leeds?"),
    (_turn("Tom's move to Leeds is on the 3rd of March."), "When is Marco moving to Leeds?"),
    # the same in the writer's own notes
    (_journal("Priya's getting married on the 20th of June."), "When am I getting married?"),
    (_journal("Priya's getting married on the 20th of June."), "When did I get married?"),
    (_journal("My brother's moved to Bristol this week."), "When did I move to Bristol?"),
    (_journal("Ana's move to Porto was on Saturday."), "When did I move to Porto?"),
    (_journal("Mum's had her knee operation this morning."), "When did I have my knee operation?"),
]


@pytest.mark.parametrize(("notes", "question"), OTHERS)
def test_another_persons_contracted_deed_does_not_answer_for_the_speaker(
    tmp_path_factory: pytest.TempPathFactory, notes: dict[str, str], question: str
) -> None:
    doc = answer(tmp_path_factory.mktemp("other"), notes, question, now=NOW, tz=TZ)
    assert doc["status"] == "unsupported", doc.get("value")  # the resolver's own refusal


OWN = [
    # the named one asked about: their arrangement is answered as planned
    (
        _turn("Finally, yes. Giulia's getting married on the 14th of June, in a vineyard."),
        "When is Giulia getting married?",
        "2031-06-14",
    ),
    (
        _turn("Tom's moving to Leeds on the 3rd of March."),
        "When is Tom moving to Leeds?",
        "2031-03-03",
    ),
    (
        _turn("Tom's move to Leeds is on the 3rd of March."),
        "When is Tom moving to Leeds?",
        "2031-03-03",
    ),
    (
        _journal("Priya's getting married on the 20th of June."),
        "When is Priya getting married?",
        "2031-06-20",
    ),
    # the speaker's own arrangement, told in the first person or as their own event noun
    (
        _turn("Finally, yes. I'm getting married on the 14th of June, in a vineyard."),
        "When is Marco getting married?",
        "2031-06-14",
    ),
    (
        _turn("Finally, yes. We're getting married on the 14th of June, in a vineyard."),
        "When is Marco getting married?",
        "2031-06-14",
    ),
    (
        _turn("My move to Leeds is on the 3rd of March."),
        "When is Marco moving to Leeds?",
        "2031-03-03",
    ),
    (
        _journal("I'm getting married on the 20th of June."),
        "When am I getting married?",
        "2031-06-20",
    ),
]


@pytest.mark.parametrize(("notes", "question", "day"), OWN)
def test_the_plan_of_the_one_asked_about_is_answered_as_planned(
    tmp_path_factory: pytest.TempPathFactory, notes: dict[str, str], question: str, day: str
) -> None:
    doc = answer(tmp_path_factory.mktemp("own"), notes, question, now=NOW, tz=TZ)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["date"] == day
    assert doc["value"].get("planned") is True


DONE = [
    (_turn("Tom's moved to Leeds last Saturday."), "When did Tom move to Leeds?", "2031-02-01"),
    (_turn("Tom's move to Leeds was last Saturday."), "When did Tom move to Leeds?", "2031-02-01"),
    (_turn("I got married last Saturday."), "When did Marco get married?", "2031-02-01"),
    (_journal("My move to Porto was on Saturday."), "When did I move to Porto?", "2031-02-08"),
    (
        _journal("Mum's had her knee operation this morning."),
        "When did Mum have her knee operation?",
        "2031-02-10",
    ),
    (
        _journal("My brother's moved to Bristol this week."),
        "When did my brother move to Bristol?",
        "2031-02-10",
    ),
]


@pytest.mark.parametrize(("notes", "question", "day"), DONE)
def test_the_deed_of_the_one_asked_about_is_answered(
    tmp_path_factory: pytest.TempPathFactory, notes: dict[str, str], question: str, day: str
) -> None:
    doc = answer(tmp_path_factory.mktemp("done"), notes, question, now=NOW, tz=TZ)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["date"] == day


@pytest.mark.parametrize(
    ("notes", "question"),
    [
        (
            _turn("Finally, yes. Giulia's getting married on the 14th of June, in a vineyard."),
            "When did Giulia get married?",
        ),
        (_turn("Tom's moving to Leeds on the 3rd of March."), "When did Tom move to Leeds?"),
        (_journal("Priya's getting married on the 20th of June."), "When did Priya get married?"),
    ],
)
def test_a_contracted_progressive_with_a_date_is_a_plan_not_a_deed(
    tmp_path_factory: pytest.TempPathFactory, notes: dict[str, str], question: str
) -> None:
    doc = answer(tmp_path_factory.mktemp("plan"), notes, question, now=NOW, tz=TZ)
    assert doc["status"] == "unsupported", doc.get("value")
