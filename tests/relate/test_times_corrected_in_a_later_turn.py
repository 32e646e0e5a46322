"""A time the same speaker corrects in a later turn, or a later session, dates nothing.

"I got the job offer on Friday!" — "The one you wanted?" — "That one. Well, a correction:
they called on Thursday evening." The speaker took Friday back two turns later, so Friday
must not be answered (pairs4's first run accepted it). As for a correction inside one
sentence or in the next sentence of the same turn, neither time is read: the correction's
clause need not tell the same deed ("they called"), and one cited quote cannot show both
turns. A correction counts when the same speaker opens a later sentence with a cue
("actually", "sorry, I mean", "a correction:", "no wait, it was", "I misspoke", "scratch
that") or says "I said Friday … it was …", and a time follows the cue that is not the cited
one; in the same session it corrects the last time that speaker told unless its words name
another of their dated sentences, and in a later session it must repeat the cited time or
name the event.

Near-misses keep the answer: the *other* speaker's "actually" with a time of their own; a
correction whose words name a different event the speaker dated; "actually" as a filler
with no new time; a correction told before the time it would correct.

The gate reads the same speaker's later turns by its own patterns and refuses the cited
time such a turn takes back (checked on the gate alone, with the resolver bypassed).
"""

from __future__ import annotations

from datetime import datetime

import pytest
from notes_helpers import GATE_THRESHOLD, answer

from prme_cli.relate.symbolic.gate import SymbolicGate
from prme_cli.relate.types import EvidenceRecord, Operand, Resolution
from prme_cli.timeexpr import parse_now, zone

TZ = zone("UTC")
NOW = parse_now("2031-05-25T20:00", TZ)
# The sessions are on Monday 2031-05-19 (Friday 05-16, Thursday 05-15, Saturday 05-17,
# Sunday 05-18) and Monday 2031-05-12 (Friday 05-09, Thursday 05-08).
MONDAY = datetime(2031, 5, 19, 18, 0)
EARLIER_MONDAY = datetime(2031, 5, 12, 18, 0)


def session(*turns: tuple[str, str], stamp: datetime = MONDAY) -> str:
    """One chat session: a dated heading, a child heading per turn titled with the speaker."""
    out = [f"#+TITLE: Chat of {stamp:%Y-%m-%d}", f"* Chat [{stamp:%Y-%m-%d %a %H:%M}]"]
    for speaker, words in turns:
        out += [f"** {speaker}", words]
    return "\n".join(out) + "\n"


def two_sessions(*later: tuple[str, str]) -> dict[str, str]:
    """Cleo's driving test told as Friday in one session, and ``later`` turns a week on."""
    return {
        "session-01.org": session(
            ("Cleo", "I passed my driving test on Friday!"),
            ("Ana", "Amazing, first go?"),
            ("Cleo", "Second go."),
            stamp=EARLIER_MONDAY,
        ),
        "session-02.org": session(*later),
    }


#: (turns, question): the first Cleo turn's time is corrected by a later Cleo turn.
CORRECTED = [
    (
        (
            ("Cleo", "I sold the rowing machine on Friday!"),
            ("Ana", "Nice, how much did you get for it?"),
            ("Cleo", "Eighty quid. Oh, sorry, I mean Thursday, not Friday."),
        ),
        "When did Cleo sell the rowing machine?",
    ),
    (
        (
            ("Cleo", "We repainted the garden fence on Saturday."),
            ("Ana", "What colour did you go for?"),
            ("Cleo", "Sage green. Actually, scratch that, it was Sunday."),
        ),
        "When did Cleo repaint the garden fence?",
    ),
    (
        (
            ("Cleo", "I got the keys to the new flat on Friday!"),
            ("Ana", "Finally! The one near the canal?"),
            ("Cleo", "That one. Well, a correction: the agent handed them over on Thursday."),
        ),
        "When did Cleo get the keys to the new flat?",
    ),
    (
        (
            ("Cleo", "I passed the theory exam on Friday."),
            ("Ana", "Congratulations!"),
            ("Cleo", "Thanks. I misspoke earlier, it was Thursday."),
        ),
        "When did Cleo pass the theory exam?",
    ),
    (
        (
            ("Cleo", "I returned the hired van on Saturday."),
            ("Ana", "Was it expensive?"),
            ("Cleo", "Not too bad."),
            ("Ana", "Good."),
            ("Cleo", "No wait, it was Sunday when I returned it."),
        ),
        "When did Cleo return the hired van?",
    ),
]


@pytest.mark.parametrize(("turns", "question"), CORRECTED)
def test_a_time_the_same_speaker_corrects_in_a_later_turn_is_refused(
    tmp_path_factory: pytest.TempPathFactory, turns: tuple[tuple[str, str], ...], question: str
) -> None:
    notes = {"chat.org": session(*turns)}
    doc = answer(tmp_path_factory.mktemp("corrected"), notes, question, now=NOW, tz=TZ)
    assert doc["status"] != "accepted", doc.get("value")


def test_a_time_corrected_in_a_later_session_is_refused(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    notes = two_sessions(
        ("Ana", "How is the driving going?"),
        ("Cleo", "Good. About the driving test: I said Friday last time, it was Thursday."),
    )
    doc = answer(
        tmp_path_factory.mktemp("later-session"),
        notes,
        "When did Cleo pass her driving test?",
        now=NOW,
        tz=TZ,
    )
    assert doc["status"] != "accepted", doc.get("value")


#: (turns, question, day): no later turn of the same speaker takes the time back.
KEPT = [
    (
        (
            ("Cleo", "I sold the rowing machine on Friday!"),
            ("Ana", "Actually, I sold my old bike on Thursday."),
            ("Cleo", "Nice, we both cleared some space."),
        ),
        "When did Cleo sell the rowing machine?",
        "2031-05-16",
    ),
    (
        (
            ("Cleo", "I sold the rowing machine on Friday! And my sister flew in on Saturday."),
            ("Ana", "Lovely, how long is she staying?"),
            ("Cleo", "A week. Actually, my sister's flight landed on Sunday, not Saturday."),
        ),
        "When did Cleo sell the rowing machine?",
        "2031-05-16",
    ),
    (
        (
            ("Cleo", "I sold the rowing machine on Friday!"),
            ("Ana", "For how much?"),
            ("Cleo", "Actually, for more than I hoped."),
        ),
        "When did Cleo sell the rowing machine?",
        "2031-05-16",
    ),
    (
        (
            ("Cleo", "Sorry, I mean to ask: did you see the match on Thursday?"),
            ("Ana", "I did."),
            ("Cleo", "I repainted the garden fence on Saturday."),
        ),
        "When did Cleo repaint the garden fence?",
        "2031-05-17",
    ),
]


@pytest.mark.parametrize(("turns", "question", "day"), KEPT)
def test_an_actually_that_corrects_nothing_of_the_speakers_time_keeps_the_answer(
    tmp_path_factory: pytest.TempPathFactory,
    turns: tuple[tuple[str, str], ...],
    question: str,
    day: str,
) -> None:
    notes = {"chat.org": session(*turns)}
    doc = answer(tmp_path_factory.mktemp("kept"), notes, question, now=NOW, tz=TZ)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["date"] == day


def test_a_later_session_that_corrects_another_event_keeps_the_answer(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    notes = two_sessions(
        ("Ana", "How was the concert?"),
        ("Cleo", "About the concert: I said Saturday last time, it was Sunday."),
    )
    doc = answer(
        tmp_path_factory.mktemp("other-session"),
        notes,
        "When did Cleo pass her driving test?",
        now=NOW,
        tz=TZ,
    )
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["date"] == "2031-05-09"


# ---------------------------------------------------------------- the gate on its own


def _turns(
    turns: tuple[tuple[str, str], ...], *, file: str = "chat.org", stamp: datetime = MONDAY
) -> list[EvidenceRecord]:
    out = []
    for i, (speaker, words) in enumerate(turns):
        out.append(
            EvidenceRecord(
                id=f"{file}-t{i}",
                event_time=stamp,
                text=f"** {speaker}\n{words}",
                title=speaker,
                file=file,
                line=3 + 2 * i,
                previous=f"{file}-t{i - 1}" if i else None,
                next_id=f"{file}-t{i + 1}" if i + 1 < len(turns) else "",
            )
        )
    return out


def _gate(records: list[EvidenceRecord], question: str, name: str, expression: str) -> float:
    cited = records[0]
    quote = cited.text
    operand = Operand(name, cited.id, quote, expression, "text_expression")
    resolution = Resolution("absolute_date", (operand,))
    from prme_cli.relate.types import ProviderAudit

    verdict = SymbolicGate().evaluate(
        question, resolution, {r.id: r for r in records}, ProviderAudit("symbolic")
    )
    return verdict.probabilities[0]


@pytest.mark.parametrize(("turns", "question"), CORRECTED)
def test_the_gate_refuses_a_time_the_same_speaker_corrects_later(
    turns: tuple[tuple[str, str], ...], question: str
) -> None:
    records = _turns(turns)
    first = turns[0][1]
    expression = next(w for w in ("Friday", "Saturday") if w in first)
    name = question.removeprefix("When did Cleo ").rstrip("?")
    assert _gate(records, question, name, expression) < GATE_THRESHOLD


def test_the_gate_refuses_a_time_corrected_in_a_later_session() -> None:
    first = _turns(
        (("Cleo", "I passed my driving test on Friday!"), ("Ana", "Amazing!")),
        file="s1.org",
        stamp=EARLIER_MONDAY,
    )
    later = _turns(
        (
            ("Ana", "How is the driving going?"),
            ("Cleo", "Good. About the driving test: I said Friday last time, it was Thursday."),
        ),
        file="s2.org",
    )
    question = "When did Cleo pass her driving test?"
    assert _gate(first + later, question, "pass her driving test", "Friday") < GATE_THRESHOLD


@pytest.mark.parametrize(("turns", "question", "day"), KEPT[:3])
def test_the_gate_keeps_a_time_no_later_turn_of_the_speaker_takes_back(
    turns: tuple[tuple[str, str], ...], question: str, day: str
) -> None:
    records = _turns(turns)
    name = question.removeprefix("When did Cleo ").rstrip("?")
    assert day == "2031-05-16"
    assert _gate(records, question, name, "Friday") >= GATE_THRESHOLD
