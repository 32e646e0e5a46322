"""A journal entry's past deeds joined by "and" or "then" with no subject of their own share
the writer and the entry's day: "Drove out to the coast early and swam off the north beach"
dates the swim as it dates the drive. A joined clause with a subject of its own ("and Ilse
picked it up"), or one that is not told in the past ("and will book the ferry"), is not the
writer's deed of that day. The resolver and the gate each read the joining.

The notes are invented for these tests.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from notes_helpers import answer

NOW = datetime(2040, 6, 1, 12, 0, tzinfo=UTC)


def _day(day: str, *lines: str) -> dict[str, str]:
    return {"journal.org": f"* 2040\n** 2040-05 May\n*** {day}\n" + "\n".join(lines) + "\n"}


def _answer(tmp_path: Path, notes: dict[str, str], question: str) -> dict:
    return answer(tmp_path, notes, question, now=NOW, tz=UTC)


@pytest.mark.parametrize(
    ("line", "question"),
    [
        (
            "Drove out to the coast early and swam off the north beach.",
            "When did I swim off the north beach?",
        ),
        (
            "I walked to the market and picked up a sourdough starter from Ilse.",
            "When did I pick up a sourdough starter from Ilse?",
        ),
        (
            "Cycled over to Marnix's, then repaired his garden gate with him.",
            "When did I repair Marnix's garden gate?",
        ),
        (
            "Took the early train to Utrecht and then interviewed at the library.",
            "When did I interview at the library?",
        ),
        # a verb of doing, then a colon: the deed done
        ("Finally did it: booked the ferry to Texel.", "When did I book the ferry to Texel?"),
        (
            "Did it — signed up for the pottery course at the Kunsthuis.",
            "When did I sign up for the pottery course at the Kunsthuis?",
        ),
    ],
)
def test_a_past_deed_joined_to_the_entry_s_first_deed_is_dated_by_the_entry(
    tmp_path: Path, line: str, question: str
) -> None:
    doc = _answer(tmp_path, _day("2040-05-09 Wednesday", line), question)
    assert doc["status"] == "accepted", doc
    assert doc["value"]["date"] == "2040-05-09", doc["value"]


@pytest.mark.parametrize(
    ("line", "question"),
    [
        # the joined clause has a subject of its own: Ilse's deed
        (
            "I walked to the market and Ilse picked up the sourdough starter.",
            "When did I pick up the sourdough starter?",
        ),
        # not told in the past: a plan
        (
            "Drove out to the coast and will swim off the north beach tomorrow.",
            "When did I swim off the north beach?",
        ),
        # after the colon someone else does it
        ("Finally did it: Ilse booked the ferry to Texel.", "When did I book the ferry to Texel?"),
        # wanted to, did not
        (
            "Drove out to the coast and wanted to swim off the north beach, but it was closed.",
            "When did I swim off the north beach?",
        ),
    ],
)
def test_a_joined_clause_that_is_not_the_writer_s_past_deed_is_not_dated(
    tmp_path: Path, line: str, question: str
) -> None:
    doc = _answer(tmp_path, _day("2040-05-09 Wednesday", line), question)
    assert doc["status"] != "accepted", doc


@pytest.mark.parametrize(
    ("quote", "accepted"),
    [
        ("I walked to the market and picked up a sourdough starter from Ilse.", True),
        ("I walked to the market and Ilse picked up a sourdough starter for me.", False),
        ("I walked to the market and will pick up a sourdough starter from Ilse.", False),
    ],
)
def test_the_gate_reads_the_joined_deed_by_itself(quote: str, accepted: bool) -> None:
    from notes_helpers import GATE_THRESHOLD, gate_check

    from prme_cli.relate.types import EvidenceRecord, Operand

    record = EvidenceRecord(
        "d", datetime(2040, 5, 14), quote, title="2040-05-14 Monday", event_source="datetree"
    )
    name = "pick up a sourdough starter from Ilse"
    operand = Operand(name, "d", quote, "walked", "event_time")
    probability = gate_check(f"When did I {name}?", record, operand)
    assert (probability >= GATE_THRESHOLD) is accepted, probability
