"""Question retrieval (prme_cli/retrieval.py) on a store ingested from notes written here.

A question about several events is also asked once per event, so the event told in many long
notes cannot crowd the rarer one out of the packing budget.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from notes_helpers import notes_store

from prme_cli.ingest import ingest_paths
from prme_cli.retrieval import Candidate, candidates, event_queries
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


def _found(tmp_path: Path, files: dict[str, str], question: str) -> list[Candidate]:
    """The candidates for ``question`` in a store ingested from ``files`` (name -> text)."""
    stores = notes_store(tmp_path, files, NOW)
    try:
        return candidates(store=next(stores), question=question, question_date=NOW, tz=TZ)
    finally:
        stores.close()


def _distractors(word_line: str, n: int = 25) -> str:
    """``n`` dated notes that share the question's object words but tell another event."""
    out = ["#+TITLE: Other days"]
    for day in range(1, n + 1):
        out += [f"* Day {day}", f"[2025-03-{day:02d} Mon 20:00]", word_line]
    return "\n".join(out) + "\n"


@pytest.mark.parametrize(
    ("question", "told", "thing"),
    [
        ("When did I hang the mirror?", "Hung the mirror in the hall.", "mirror"),
        (
            "How many days ago did I go to the flea market?",
            "Went to the flea market.",
            "flea market",
        ),
        ("When did I buy the bread knife?", "Bought a bread knife.", "bread knife"),
        ("When did I renovate the attic?", "The attic renovation is done.", "attic"),
    ],
)
def test_a_note_in_another_form_of_the_word_is_found_first(
    tmp_path: Path, question: str, told: str, thing: str
) -> None:
    # 25 notes name the thing twice without the event; only a form of the verb tells it
    files = {
        "other.org": _distractors(f"Cleaned the {thing}, then the {thing} again."),
        "day.org": f"* Saturday\n[2025-04-05 Sat 19:00]\n{told}\n",
    }
    found = _found(tmp_path, files, question)
    assert found[0].row.title == "Saturday", [c.row.title for c in found[:3]]


@pytest.mark.parametrize(
    ("question", "told"),
    [
        ("When did I hurt my ankle?", "Sprained my ankle on the stairs at work."),
        ("When did I injure my knee?", "I twisted my knee at five-a-side."),
    ],
)
def test_an_event_told_by_a_synonym_is_found_by_its_sense(
    tmp_path: Path, question: str, told: str
) -> None:
    part = "ankle" if "ankle" in question else "knee"
    files = {
        "other.org": _distractors(f"New support socks, my {part} feels warm in them."),
        "day.org": f"* Thursday\n[2025-04-03 Thu 19:00]\n{told}\n",
    }
    found = _found(tmp_path, files, question)
    assert found[0].row.title == "Thursday", [c.row.title for c in found[:3]]
    assert "event" in found[0].reasons


@pytest.mark.parametrize(
    "answer",
    ["Yes! On Saturday, with my sister.", "We did, last weekend. The stalls were lovely."],
)
def test_the_turn_after_a_hit_comes_with_it(tmp_path: Path, answer: str) -> None:
    chat = (
        "* Chat [2025-04-07 Mon 10:00]\n"
        "** assistant\nDid you make it to the pottery fair in the end?\n"
        f"** user\n{answer}\n"
        "** assistant\nLovely. Anything else on your mind?\n"
    )
    files = {"chat.org": chat, "other.org": _distractors("Read about glazes for an hour.")}
    found = _found(tmp_path, files, "When did I go to the pottery fair?")
    bodies = [c.row.body for c in found]
    hit = next(i for i, b in enumerate(bodies) if "pottery fair" in b)
    beside = next(i for i, b in enumerate(bodies) if answer.split()[0] in b)
    assert hit < beside <= hit + 2, bodies[:4]
    assert found[beside].reasons[0].startswith(("beside ", "answers "))
    assert not any("glazes" in b for b in bodies[:beside])
