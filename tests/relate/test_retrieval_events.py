"""Question retrieval (prme_cli/retrieval.py) on a store ingested from notes written here.

A question about several events is also asked once per event, so the event told in many long
notes cannot crowd the rarer one out of the packing budget.
"""

from __future__ import annotations

from pathlib import Path

from prme_cli.ingest import ingest_paths
from prme_cli.retrieval import candidates, event_queries
from prme_cli.store import Store
from prme_cli.timeexpr import parse_now, zone

TZ = zone("Europe/Dublin")
NOW = parse_now("2025-06-01T12:00", TZ)


def _notes(folder: Path) -> None:
    """Twelve notes that tell the allotment chores in many words, thirty about something else,
    and one short note about the kiln whose words also turn up in the chore notes."""
    chores = [
        "Weeded the allotment beds.",
        "Turned the compost heap.",
        "Watered the runner beans.",
        "Mended the shed door.",
        "Painted the water butt.",
        "Bought bowls of soup at the community cafe.",
        "Fired up the barbecue.",
    ]
    lines = ["#+TITLE: Garden"]
    for day in range(1, 13):
        told = " ".join(chores[(day + k) % len(chores)] for k in range(1 + day % 5))
        lines += [f"* Allotment day {day}", f"[2025-04-{day:02d} Sat 18:00]", told]
    for day in range(1, 31):
        lines += [
            f"* Reading {day}",
            f"[2025-03-{day:02d} Sat 21:00]",
            "Read two chapters of the novel on the sofa, tea and biscuits.",
        ]
    lines += [
        "* Evening",
        "[2025-05-03 Sat 20:00]",
        "Fired my first bowls in the community kiln today.",
    ]
    (folder / "garden.org").write_text("\n".join(lines) + "\n", encoding="utf-8")


def test_event_queries_split_the_events_a_question_names() -> None:
    question = "Which did I do first, oil the shed hinges or fire my first bowls in the kiln?"
    events = event_queries(question)
    assert len(events) == 2
    assert "hinges" in events[0] and "kiln" in events[1]
    assert event_queries("When did I oil the shed hinges?") == []


def test_a_rare_event_is_ranked_among_the_first(tmp_path: Path) -> None:
    notes = tmp_path / "notes"
    notes.mkdir()
    _notes(notes)
    with Store.open(tmp_path / "s.sqlite3") as store:
        ingest_paths(store, [notes], now=NOW)
        question = (
            "Which did I do first, weed the allotment beds, turn the compost heap, water "
            "the runner beans and paint the water butt, or fire my first bowls in the "
            "community kiln?"
        )
        found = candidates(store, question, question_date=NOW, tz=TZ)
        titles = [c.row.title for c in found]
        assert "Evening" in titles[:5], titles[:6]
