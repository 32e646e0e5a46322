"""A relative time inside a LOGBOOK note counts from the note's own stamp.

A state-change note or a "Note taken on" note continues on the lines after its ``\\\\``:
"- State "DONE" from "NEXT" [2039-04-12 Tue 18:00] \\\\ / The fitter came at eight; I drained
the old radiators yesterday". Its "yesterday" is the day before the note's stamp (11 April),
not the day before the heading's CLOSED or the file's date. The resolver reads the event's
own clause's time from the stamp (a time in another clause, or a clock time alone, is still
refused); the gate checks by its own reading of the note line that the day read is the
stamp's day moved by the word.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime

import pytest
from notes_helpers import answered, ask, gate_check, notes_store, refused

from prme_cli.relate.types import EvidenceRecord, Operand
from prme_cli.store import Store
from prme_cli.timeexpr import parse_now, zone

TZ = zone("UTC")
NOW = parse_now("2039-06-01T20:00", TZ)

HOUSE = """#+TODO: TODO NEXT HOLD | DONE CANCELLED
* House
** DONE Replace the boiler
CLOSED: [2039-04-12 Tue 18:00]
:LOGBOOK:
- State "DONE"       from "NEXT"       [2039-04-12 Tue 18:00] \\\\
  The fitter came at eight; I drained the old radiators
  yesterday, so it went quickly.
- State "NEXT"       from "HOLD"       [2039-04-02 Sat 10:00] \\\\
  Finally got the quote signed.
:END:
** NEXT Fix the gutter
:LOGBOOK:
- Note taken on [2039-05-03 Tue 20:00] \\\\
  Bought the brackets this morning; the ladder is still at Ivo's.
- State "NEXT"       from "TODO"       [2039-05-07 Sat 09:30] \\\\
  Cleared the downpipe today, it was full of moss.
:END:
"""


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("logbook"), {"house.org": HOUSE}, NOW)


@pytest.mark.parametrize(
    ("question", "day"),
    [
        ("When did I drain the old radiators?", "2039-04-11"),  # yesterday, on the next line
        ("When did I buy the brackets?", "2039-05-03"),  # this morning, a "Note taken on"
        ("When did I clear the downpipe?", "2039-05-07"),  # today, a state change
    ],
)
def test_a_relative_time_in_a_logbook_note_counts_from_its_stamp(
    store: Store, question: str, day: str
) -> None:
    answered(ask(store, question, now=NOW, tz=TZ), day)


@pytest.mark.parametrize(
    "question",
    [
        "When did the fitter come?",  # "at eight": a clock time beside the stamp
        "When did I take the ladder to Ivo's?",  # told nowhere
    ],
)
def test_a_logbook_note_time_that_is_not_the_deeds_is_refused(store: Store, question: str) -> None:
    refused(ask(store, question, now=NOW, tz=TZ))


def test_the_gate_checks_the_day_against_the_notes_stamp(monkeypatch: pytest.MonkeyPatch) -> None:
    text = HOUSE.split("** NEXT", 1)[0].split("** DONE", 1)[1]
    record = EvidenceRecord(id="r1", event_time=datetime(2039, 4, 12, 18, 0), text="** DONE" + text)
    quote = "I drained the old radiators\n  yesterday, so it went quickly."
    operand = Operand("drain the old radiators", "r1", quote, "yesterday", "text_expression")
    question = "When did I drain the old radiators?"
    assert gate_check(question, record, operand) >= 0.85
    # validation counting from the record's own time instead (the same day here) still fits;
    # counting from a record dated a week later would not
    later = EvidenceRecord(id="r1", event_time=datetime(2039, 4, 19, 18, 0), text=record.text)
    from prme_cli.relate import interpret

    monkeypatch.setattr(interpret, "item_anchor", lambda *a, **k: None)
    assert gate_check(question, later, operand) < 0.85


def test_the_gate_refuses_a_time_after_the_notes_stamp() -> None:
    text = (
        "** NEXT Move flat\n:LOGBOOK:\n- Note taken on [2031-10-20 Mon 08:30] \\\\\n"
        "  Landlord rang back, handover coming Friday.\n:END:\n"
    )
    record = EvidenceRecord(id="r1", event_time=datetime(2031, 10, 20, 8, 30), text=text)
    quote = "Landlord rang back, handover coming Friday."
    operand = Operand("ring back", "r1", quote, "Friday", "text_expression")
    question = "When did the landlord ring back?"
    assert gate_check(question, record, operand) < 0.85
