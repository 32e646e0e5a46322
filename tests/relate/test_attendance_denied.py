"""An event the writer did not attend is not the writer's deed.

A journal day "Priya's wedding today. I couldn't go, stuck in bed with flu." answered "When
did I go to Priya's wedding?" with that day: the cited clause names the wedding and its day,
but tells no deed of the writer's, and the next sentence says the writer took no part. A
question about the writer's attendance — go to, attend, be at, visit or see an occasion
(a wedding, funeral, concert, graduation, party, match, show, class …) — is refused when the
cited clause has no first-person doer and the same or the next sentence says the writer
took no part ("I couldn't go / make it", "missed it", "skipped it", "stayed home", "watched
it on the stream instead", "I wasn't there", "had to cancel", "didn't end up going", "gave it
a miss"). The event itself still has its day ("When was Priya's wedding?"), and a sentence
that names something else ("couldn't go to the gym after") or a clause that tells the
writer's own deed ("Went to Priya's wedding today") keeps the answer. A heading whose body
says so is read the same way. Both sides read it through the one shared reading
(:func:`prme_cli.denial.took_no_part`); the gate on its own citation.

Notes are invented for these rules: a datetree journal, an org-journal day file, a daily
file, a GTD heading with an appointment stamp, a user/assistant chat and a chat between two
named friends.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest
from notes_helpers import (
    GATE_THRESHOLD,
    answer,
    answered,
    chat_session,
    gate_check,
    gate_verdict,
    user_says,
)

from prme_cli import denial
from prme_cli.relate.types import EvidenceRecord, Operand
from prme_cli.timeexpr import parse_now, zone

TZ = zone("UTC")
NOW = parse_now("2040-06-01T12:00", TZ)
#: The Monday after Saturday 2040-05-12, when the chats are written.
CHAT_DAY = datetime(2040, 5, 14, 18, 0)


def datetree(line: str) -> dict[str, str]:
    """One datetree day, Saturday 2040-05-12, holding ``line``."""
    return {"journal.org": f"* 2040\n** 2040-05 May\n*** 2040-05-12 Saturday\n{line}\n"}


def org_journal(body: str) -> dict[str, str]:
    """One org-journal day heading (US locale), Saturday 05/12/40, with a timed entry."""
    return {"journal.org": f"* Saturday, 05/12/40\n** 21:00 Evening\n{body}\n"}


def daily_file(body: str) -> dict[str, str]:
    """An org-roam style daily file for 2040-05-12."""
    return {"2040-05-12.org": f"#+title: 2040-05-12\n\n* Log\n{body}\n"}


def gtd(title: str, body: str) -> dict[str, str]:
    """A GTD file's heading stamped with Tuesday 2040-05-15, with ``body`` under it."""
    return {"family.org": f"* Family\n** {title} <2040-05-15 Tue>\n{body}\n"}


def ask(tmp: Path, notes: dict[str, str], question: str) -> dict:
    return answer(tmp, notes, question, now=NOW, tz=TZ)


DENIED = [
    # a datetree journal, in several wordings
    (
        datetree("Priya's wedding today. I couldn't go, stuck in bed with flu."),
        "When did I go to Priya's wedding?",
    ),
    (
        datetree("Priya's wedding today. I couldn't go, stuck in bed with flu."),
        "When did I attend Priya's wedding?",
    ),
    (
        datetree("Priya's wedding today. Missed it, stuck in bed with flu."),
        "When did I go to Priya's wedding?",
    ),
    (
        datetree("Jonah's graduation ceremony this morning. I missed it, my train broke down."),
        "When did I go to Jonah's graduation ceremony?",
    ),
    (
        datetree("Office party tonight. Didn't end up going, too tired."),
        "When did I go to the office party?",
    ),
    (
        datetree("Cousin Bea's christening party today. Had to cancel, the car wouldn't start."),
        "When did I go to cousin Bea's christening party?",
    ),
    (
        datetree("Aunt Rosa's funeral today. I wasn't there, they wouldn't let me off work."),
        "When did I go to Aunt Rosa's funeral?",
    ),
    (
        datetree("Rowing club regatta today. Stayed home, the weather was awful."),
        "When did I go to the rowing club regatta?",
    ),
    (
        datetree("The Carver Street jazz concert tonight. Didn't go in the end, too tired."),
        "When did I go to the Carver Street jazz concert?",
    ),
    # an org-journal day file
    (
        org_journal("The Halle concert tonight. I stayed home with the kids."),
        "When did I go to the Halle concert?",
    ),
    (
        org_journal("Tomas's funeral today. I wasn't there, the trains were on strike."),
        "When did I go to Tomas's funeral?",
    ),
    (
        org_journal("Rafa's leaving party at the pub tonight. Gave it a miss, too tired."),
        "When did I go to Rafa's leaving party?",
    ),
    # a daily file
    (
        daily_file(
            "Nadia's graduation today. Watched the livestream instead, couldn't get the day off."
        ),
        "When did I attend Nadia's graduation?",
    ),
    # a GTD heading whose body says the writer was not there
    (gtd("Lena's graduation", "Missed it, flight delayed."), "When did I go to Lena's graduation?"),
    (
        gtd("Lena's graduation", "I wasn't there, flight delayed."),
        "When did I go to Lena's graduation?",
    ),
    (
        gtd("Lena's graduation", "Watched it on a video call instead, my flight was delayed."),
        "When did I attend Lena's graduation?",
    ),
    (gtd("Lena's graduation", "Didn't end up going."), "When did I go to Lena's graduation?"),
    # a user's chat turn
    (
        user_says(
            "Kwame's birthday party was on Saturday. I couldn't make it, my shift ran late.",
            stamp=CHAT_DAY,
        ),
        "When did I go to Kwame's birthday party?",
    ),
    (
        user_says(
            "Kwame's party was on Saturday. I couldn't make it to Kwame's party, my shift ran late.",
            stamp=CHAT_DAY,
        ),
        "When did I go to Kwame's party?",
    ),
    # a chat between two named friends
    (
        chat_session(
            (
                "Ines",
                "Kwame's party on Saturday was great, I heard. I missed it, my shift ran late.",
            ),
            ("Bruno", "Oh no!"),
            stamp=CHAT_DAY,
        ),
        "When did Ines go to Kwame's party?",
    ),
    (
        chat_session(
            ("Bruno", "How are you?"),
            ("Ines", "Kwame's party was on Saturday. I couldn't make it, my shift ran late."),
            stamp=CHAT_DAY,
        ),
        "When did Ines attend Kwame's party?",
    ),
]


@pytest.mark.parametrize(("notes", "question"), DENIED)
def test_attendance_the_writer_says_they_took_no_part_in_is_refused(
    tmp_path: Path, notes: dict[str, str], question: str
) -> None:
    doc = ask(tmp_path, notes, question)
    # the resolver itself refuses, whatever the gate would say
    assert doc["status"] == "unsupported", (doc["status"], doc.get("value"))


KEPT = [
    # the writer was there
    (
        datetree("Priya's wedding today. Danced till two."),
        "When did I go to Priya's wedding?",
        "2040-05-12",
    ),
    (
        datetree("Priya's wedding today. Danced till two."),
        "When did I attend Priya's wedding?",
        "2040-05-12",
    ),
    # the clause tells the writer's own deed; what was missed is something else
    (
        datetree("Went to Priya's wedding today. Missed the first dance, stuck in traffic."),
        "When did I go to Priya's wedding?",
        "2040-05-12",
    ),
    # the denial names another place
    (
        datetree("Priya's wedding today. I couldn't go to the gym after."),
        "When did I go to Priya's wedding?",
        "2040-05-12",
    ),
    # the event itself still has its day
    (
        datetree("Priya's wedding today. I couldn't go, stuck in bed with flu."),
        "When was Priya's wedding?",
        "2040-05-12",
    ),
    (
        org_journal("The Halle concert tonight. I stayed home with the kids."),
        "When was the Halle concert?",
        "2040-05-12",
    ),
    (
        user_says(
            "Kwame's party was on Saturday. I had a blast, danced all night.", stamp=CHAT_DAY
        ),
        "When did I go to Kwame's party?",
        "2040-05-12",
    ),
]


@pytest.mark.parametrize(("notes", "question", "date"), KEPT)
def test_attendance_told_or_the_event_itself_is_still_answered(
    tmp_path: Path, notes: dict[str, str], question: str, date: str
) -> None:
    answered(ask(tmp_path, notes, question), date)


def test_a_heading_the_writer_missed_still_dates_the_event_itself(tmp_path: Path) -> None:
    notes = gtd("Lena's graduation", "Watched it on a video call instead, my flight was delayed.")
    answered(ask(tmp_path, notes, "When was Lena's graduation?"), "2040-05-15")


# --------------------------------------------------------------------------- the reading


WEDDING = frozenset({"priya", "wedding"})


@pytest.mark.parametrize(
    "words",
    [
        "I couldn't go, stuck in bed with flu.",
        "Couldn't make it.",
        "I didn't go.",
        "Missed it, my train broke down.",
        "We skipped it.",
        "I stayed home with the kids.",
        "Watched it on a video call instead.",
        "Watched the livestream instead.",
        "I wasn't there.",
        "Had to cancel, the car wouldn't start.",
        "Didn't end up going.",
        "Gave it a miss.",
        "Sadly I couldn't make it to Priya's wedding.",
        "Sam and I couldn't go.",
    ],
)
def test_took_no_part_reads_the_writer_staying_away(words: str) -> None:
    assert denial.took_no_part(words, WEDDING)


@pytest.mark.parametrize(
    "words",
    [
        "Danced till two.",
        "I couldn't go to the gym after.",  # another place
        "Missed the first dance, stuck in traffic.",  # another thing
        "Ana couldn't make it.",  # someone else
        "We nearly didn't go.",  # not asserted
        "I couldn't go at first, but went anyway.",  # taken back
        "Watched it.",  # no word of distance: maybe there
        "I didn't go to bed till three.",
    ],
)
def test_took_no_part_leaves_other_words_alone(words: str) -> None:
    assert not denial.took_no_part(words, WEDDING)


def test_watching_it_remotely_is_seeing_it() -> None:
    words = "Watched it on the stream instead."
    assert denial.took_no_part(words, {"derby", "match"})
    assert not denial.took_no_part(words, {"derby", "match"}, remote_is_part=True)
    assert denial.attendance("see the derby match") == denial.Attendance(
        frozenset({"derby", "match"}), seeing=True
    )


@pytest.mark.parametrize(
    ("name", "asked"),
    [
        ("go to Priya's wedding", True),
        ("attend the Halle concert", True),
        ("at Kwame's party", True),  # "When was I at Kwame's party?"
        ("visit the village fete", True),
        ("go to Leeds", False),  # a place, no occasion
        ("see the dentist", False),
        ("Priya's wedding", False),  # the event itself
    ],
)
def test_an_attendance_is_asked_of_an_occasion(name: str, asked: bool) -> None:
    assert (denial.attendance(name) is not None) is asked


# --------------------------------------------------------------------------- the gate


def journal_gate(text: str, quote: str, expression: str, question: str, name: str) -> float:
    """The gate's probability for a datetree entry of Saturday 2040-05-12 whose text is
    ``text``, cited by ``quote`` and dated by the entry's day (``expression`` licenses it)."""
    record = EvidenceRecord(
        id="r1",
        event_time=datetime(2040, 5, 12),
        event_source="datetree",
        text=f"* 2040-05-12 Saturday\n{text}\n",
        title="2040-05-12 Saturday",
        path=("2040", "2040-05 May"),
    )
    operand = Operand(name, "r1", quote, expression, "event_time")
    return gate_check(question, record, operand)


@pytest.mark.parametrize(
    ("text", "quote", "expression", "question", "name", "accepted"),
    [
        (
            "Priya's wedding today. I couldn't go, stuck in bed with flu.",
            "Priya's wedding today.",
            "today",
            "When did I go to Priya's wedding?",
            "go to Priya's wedding",
            False,
        ),
        (
            "Office party tonight. Didn't end up going, too tired.",
            "Office party tonight.",
            "tonight",
            "When did I go to the office party?",
            "go to the office party",
            False,
        ),
        (
            "Aunt Rosa's funeral today, though I wasn't there.",
            "Aunt Rosa's funeral today, though I wasn't there.",
            "today",
            "When did I go to Aunt Rosa's funeral?",
            "go to Aunt Rosa's funeral",
            False,
        ),
        (
            "Derby match at the stadium today. Watched it on the stream instead.",
            "Derby match at the stadium today.",
            "today",
            "When did I go to the derby match?",
            "go to the derby match",
            False,
        ),
        (
            "Priya's wedding today. Danced till two.",
            "Priya's wedding today.",
            "today",
            "When did I go to Priya's wedding?",
            "go to Priya's wedding",
            True,
        ),
        (
            "Priya's wedding today. I couldn't go to the gym after.",
            "Priya's wedding today.",
            "today",
            "When did I go to Priya's wedding?",
            "go to Priya's wedding",
            True,
        ),
        (
            "Priya's wedding today. I couldn't go, stuck in bed with flu.",
            "Priya's wedding today.",
            "today",
            "When was Priya's wedding?",
            "Priya's wedding",
            True,
        ),
    ],
)
def test_the_gate_refuses_attendance_the_next_words_deny(
    text: str, quote: str, expression: str, question: str, name: str, accepted: bool
) -> None:
    probability = journal_gate(text, quote, expression, question, name)
    assert (probability >= GATE_THRESHOLD) is accepted, probability


@pytest.mark.parametrize(
    ("body", "question", "name", "accepted"),
    [
        ("I wasn't there, flight delayed.", "When did I go to Lena's graduation?", "go to", False),
        ("Didn't end up going.", "When did I go to Lena's graduation?", "go to", False),
        (
            "Watched it on a video call instead.",
            "When did I go to Lena's graduation?",
            "go to",
            False,
        ),
        ("Great speeches, proud aunt.", "When did I go to Lena's graduation?", "go to", True),
        ("I wasn't there, flight delayed.", "When was Lena's graduation?", "", True),
    ],
)
def test_the_gate_refuses_a_heading_whose_body_says_the_writer_was_not_there(
    body: str, question: str, name: str, accepted: bool
) -> None:
    heading = "Lena's graduation <2040-05-15 Tue>"
    record = EvidenceRecord("h", None, f"* {heading}\n{body}\n", title=heading)
    full = f"{name} Lena's graduation".strip()
    operand = Operand(full, "h", "<2040-05-15 Tue>", "<2040-05-15 Tue>", "org_timestamp")
    probability = min(gate_verdict(question, record, operand))
    assert (probability >= GATE_THRESHOLD) is accepted, probability
