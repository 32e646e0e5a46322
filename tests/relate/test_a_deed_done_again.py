"""A deed the same doer tells done again makes a plain "when did X do Y" ambiguous.

"I sat my French exam this afternoon" dates a sitting of the exam; when the same speaker
later says she rebooked the exam, or the notes say "Retook the … test", "did the … again",
"Had another go at …", a retake on a GTD heading or a resit booked in a LOGBOOK note, the
deed happened (at least) twice, and a question with no "first" or "last" has more than one
answer: relate refuses. The resolver (:mod:`prme_cli.relate.symbolic.again`) and the gate
(:mod:`prme_cli.relate.symbolic.gate_again`) each find the repetition on their own; each
test below runs with one of the two checks switched off, and once with both off (then the
first doing is answered, which is what the checks prevent).

Near-misses still answer: another thing retaken ("the theory test" is not "my driving
test"), another doer's retake, a booking moved before the one try, a rebooking for a day
after the question, a rebooking the doer then cancelled (decided: the notes then tell the
deed once), and another predicate ("when did I pass …": a retake is no second passing;
"when did Tom fail …": booking again is no second failure).
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date, datetime
from typing import Any

import pytest
from notes_helpers import ask as ask_notes
from notes_helpers import notes_store

from prme_cli.relate.symbolic import gate, gate_again, resolver
from prme_cli.relate.types import EvidenceRecord, Operand
from prme_cli.store import Store
from prme_cli.timeexpr import parse_now, zone

TZ = zone("UTC")
NOW = parse_now("2040-09-01T20:00", TZ)


def _chat(stamp: str, *turns: tuple[str, str]) -> str:
    out = [f"#+TITLE: Chat of {stamp[:10]}", f"* Chat [{stamp}]"]
    for who, said in turns:
        out += [f"** {who}", said]
    return "\n".join(out) + "\n"


def _journal(*days: tuple[str, str]) -> str:
    out = ["* 2040"]
    month = ""
    for day, line in days:
        d = date.fromisoformat(day)
        if day[:7] != month:
            month = day[:7]
            out.append(f"** {month} {d:%B}")
        out += [f"*** {day} {d:%A}", line]
    return "\n".join(out) + "\n"


NOTES = {
    # two people's chat across sessions: a rebooking after the first sitting
    "rosa-00.org": _chat(
        "2040-05-03 Fri 19:00",
        ("Emeka", "How did it go?"),
        ("Rosa", "I sat my French exam this afternoon. I froze on the listening part."),
    ),
    "rosa-01.org": _chat(
        "2040-05-20 Mon 19:00",
        ("Rosa", "I've rebooked the French exam for the 9th of June."),
        ("Emeka", "Good luck!"),
    ),
    # the same deed with "again", and "another go at", in later sessions
    "ines-00.org": _chat(
        "2040-05-04 Sat 19:00",
        ("Bruno", "Busy day?"),
        ("Ines", "I did the pottery taster at Clayworks this morning."),
    ),
    "ines-01.org": _chat(
        "2040-05-30 Thu 19:00",
        ("Ines", "I did the pottery taster again, with my cousin this time."),
        ("Bruno", "Fun!"),
    ),
    "kim-00.org": _chat(
        "2040-08-21 Wed 19:00", ("Kim", "I baked the rye loaf this morning."), ("Ada", "Yum")
    ),
    "kim-01.org": _chat(
        "2040-08-28 Wed 19:00",
        ("Kim", "Had another go at the rye loaf, much better crust."),
        ("Ada", "Yum"),
    ),
    # someone else does it again: no second answer for Kim
    "kim-02.org": _chat(
        "2040-08-12 Mon 19:00", ("Kim", "I climbed the north ridge on Saturday."), ("Ada", "Wow")
    ),
    "kim-03.org": _chat(
        "2040-08-20 Tue 19:00",
        ("Ada", "I climbed the north ridge again yesterday."),
        ("Kim", "Show-off"),
    ),
    # an org journal: a retake, another thing retaken, another doer's retake
    "journal.org": _journal(
        ("2040-03-02", "Took my motorbike theory test this morning. Failed by two points."),
        ("2040-03-23", "Retook the motorbike theory test today and passed."),
        ("2040-06-03", "Took my driving test this morning, nervous as anything."),
        ("2040-06-10", "Took my swimming test this morning."),
        ("2040-06-17", "Retook the theory test for the van licence and passed."),
        ("2040-06-20", "My sister retook her swimming test this afternoon."),
    ),
    # "twice" of another deed in the clause; "again" of a hyphenated thing
    "jon-00.org": _chat(
        "2040-04-14 Sat 19:00",
        ("Jon", "I sold the canoe on Friday, after repairing it twice."),
        ("Mia", "Finally."),
    ),
    "jon-01.org": _chat(
        "2040-04-15 Mon 19:00",
        ("Jon", "I did the pub-quiz warm-up this morning."),
        ("Mia", "And?"),
    ),
    "jon-02.org": _chat(
        "2040-04-22 Mon 19:00",
        ("Jon", "I did the pub-quiz warm-up again, even worse."),
        ("Mia", "Nerd."),
    ),
    # GTD: a retake as its own task, and a resit booked in a LOGBOOK note
    "tasks.org": "* Training\n"
    "** DONE Take the lifeguard assessment\nCLOSED: [2040-02-10 Sat 12:00]\n"
    "** DONE Retake the lifeguard assessment\nCLOSED: [2040-03-09 Sat 12:00]\n"
    "** DONE Sit the sailing theory exam\nCLOSED: [2040-04-02 Tue 17:00]\n:LOGBOOK:\n"
    '- State "DONE"       from "TODO"       [2040-04-02 Tue 17:00]\n'
    "- Note taken on [2040-03-05 Tue 17:00] \\\\\n"
    "  Failed the sailing theory exam, booked a resit.\n:END:\n",
    # bookings that give no second doing
    "tom-00.org": _chat(
        "2040-07-01 Mon 19:00",
        ("Tom", "I rebooked my climbing assessment for the 14th."),
        ("Ada", "ok"),
    ),
    "tom-01.org": _chat(
        "2040-07-14 Sun 19:00",
        ("Tom", "I did my climbing assessment this morning!"),
        ("Ada", "How was it?"),
    ),
    "tom-02.org": _chat(
        "2040-07-20 Sat 19:00", ("Tom", "I failed my scuba check-dive this morning."), ("Ada", "No")
    ),
    "tom-03.org": _chat(
        "2040-07-25 Thu 19:00",
        ("Tom", "I've rebooked the check-dive for the 20th of September."),
        ("Ada", "ok"),
    ),
    "tom-04.org": _chat(
        "2040-07-22 Mon 19:00", ("Tom", "I failed my kayak roll test this morning."), ("Ada", "No")
    ),
    "tom-05.org": _chat(
        "2040-07-26 Fri 19:00",
        ("Tom", "I rebooked the roll test for the 2nd of August."),
        ("Ada", "ok"),
    ),
    "tom-06.org": _chat(
        "2040-07-30 Tue 19:00",
        ("Tom", "I cancelled the roll test, my shoulder still hurts."),
        ("Ada", "ok"),
    ),
}

#: Questions whose deed the notes tell done twice, and the first doing's day.
DONE_AGAIN = [
    ("When did Rosa sit her French exam?", "2040-05-03"),
    ("When did Ines do the pottery taster?", "2040-05-04"),
    ("When did Kim bake the rye loaf?", "2040-08-21"),
    ("When did I take my motorbike theory test?", "2040-03-02"),
    ("When did I take the lifeguard assessment?", "2040-02-10"),
    ("When did I sit the sailing theory exam?", "2040-04-02"),
    ("When did Jon do the pub-quiz warm-up?", "2040-04-15"),
]

#: Questions with one answer although the notes tell a retake or a rebooking nearby.
DONE_ONCE = [
    ("When did I take my driving test?", "2040-06-03"),  # the theory test was retaken
    ("When did I take my swimming test?", "2040-06-10"),  # the sister's retake
    ("When did Kim climb the north ridge?", "2040-08-11"),  # Ada's climb again
    ("When did Tom do his climbing assessment?", "2040-07-14"),  # booking moved before it
    ("When did Tom do his scuba check-dive?", "2040-07-20"),  # rebooked after the question
    ("When did Tom take his kayak roll test?", "2040-07-22"),  # the rebooking cancelled
    ("When did Tom fail his scuba check-dive?", "2040-07-20"),  # booking is no failing
    ("When did I pass my motorbike theory test?", "2040-03-23"),  # passed once
    ("When did Jon sell the canoe?", "2040-04-13"),  # "twice" is the repairing's
]


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("done-again"), NOTES, NOW)


def ask(store: Store, question: str) -> dict[str, Any]:
    return ask_notes(store, question, now=NOW, tz=TZ)


def _without_resolver_check(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(resolver.SymbolicResolver, "_done_again", lambda *a, **k: "")


def _without_gate_check(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(gate.SymbolicGate, "_done_again", staticmethod(lambda *a, **k: ""))


@pytest.mark.parametrize(("question", "first"), DONE_AGAIN)
def test_a_deed_told_again_is_refused(store: Store, question: str, first: str) -> None:
    doc = ask(store, question)
    assert doc["status"] != "accepted", doc["value"]


@pytest.mark.parametrize(("question", "first"), DONE_AGAIN)
def test_the_resolver_alone_refuses_a_deed_told_again(
    store: Store, question: str, first: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    _without_gate_check(monkeypatch)
    doc = ask(store, question)
    assert doc["status"] == "unsupported", doc["value"]
    assert "done more than once" in " ".join(doc["metadata"]["explanation"])


@pytest.mark.parametrize(("question", "first"), DONE_AGAIN)
def test_the_gate_alone_refuses_a_deed_told_again(
    store: Store, question: str, first: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    _without_resolver_check(monkeypatch)
    doc = ask(store, question)
    assert doc["status"] == "gate_rejected", doc["value"]


@pytest.mark.parametrize(("question", "first"), DONE_AGAIN)
def test_without_either_check_the_first_doing_would_be_answered(
    store: Store, question: str, first: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    _without_resolver_check(monkeypatch)
    _without_gate_check(monkeypatch)
    doc = ask(store, question)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["date"] == first


@pytest.mark.parametrize(("question", "day"), DONE_ONCE)
def test_a_retake_of_another_thing_by_another_or_called_off_leaves_the_answer(
    store: Store, question: str, day: str
) -> None:
    doc = ask(store, question)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["date"] == day


@pytest.mark.parametrize(
    "question",
    ["When did Rosa first sit her French exam?", "When did I first take my motorbike theory test?"],
)
def test_a_question_asking_for_the_first_time_is_not_refused_as_repeated(
    store: Store, question: str
) -> None:
    doc = ask(store, question)
    assert "done more than once" not in " ".join(doc["metadata"]["explanation"])


def _turn(rid: str, file: str, when: datetime, speaker: str, text: str) -> EvidenceRecord:
    return EvidenceRecord(rid, when, f"** {speaker}\n{text}\n", title=speaker, file=file)


def test_the_gate_reads_a_retake_only_for_a_question_that_picks_none() -> None:
    records = {
        r.id: r
        for r in (
            _turn(
                "a1", "s0.org", datetime(2040, 1, 4, 18), "Noa", "I took my cello grade exam today."
            ),
            _turn("b1", "s0.org", datetime(2040, 1, 4, 18), "Lev", "Well done."),
            _turn(
                "a2",
                "s1.org",
                datetime(2040, 2, 9, 18),
                "Noa",
                "I retook the cello exam on Monday.",
            ),
            _turn("b2", "s1.org", datetime(2040, 2, 9, 18), "Lev", "And?"),
        )
    }
    operand = Operand(
        "take her cello grade exam",
        "a1",
        "I took my cello grade exam today.",
        "today",
        "event_time",
    )
    plain = gate_again.done_again(
        "When did Noa take her cello grade exam?", operand, records["a1"], records, "Noa"
    )
    assert plain
    first = replace_name(operand, "first take her cello grade exam")
    assert not gate_again.done_again(
        "When did Noa first take her cello grade exam?", first, records["a1"], records, "Noa"
    )
    # Lev's retake is no second taking of Noa's
    records["b2"] = _turn(
        "b2", "s1.org", datetime(2040, 2, 9, 18), "Lev", "I retook my cello exam."
    )
    del records["a2"]
    assert not gate_again.done_again(
        "When did Noa take her cello grade exam?", operand, records["a1"], records, "Noa"
    )


def replace_name(operand: Operand, name: str) -> Operand:
    return Operand(
        name, operand.evidence_id, operand.quote, operand.time_expression, operand.time_basis
    )
