"""The question analyser: one typed frame per temporal question, families in several wordings."""

from __future__ import annotations

import pytest

from prme_cli.relate.frame import FAMILIES, analyse
from prme_cli.relate.router import route


def _family(question: str) -> str:
    frame = analyse(question)
    assert frame is not None, question
    return next(n.split()[-1] for n in frame.notes if n.startswith("family "))


@pytest.mark.parametrize(
    ("question", "family", "operations"),
    [
        ("How long did the kitchen renovation take?", "span", ("duration_sum", "elapsed_between")),
        ("How long was the weekend in Bruges?", "span", ("duration_sum", "elapsed_between")),
        ("How many days did the Lisbon trip last?", "span", ("duration_sum", "elapsed_between")),
        (
            "How long did it take me to read Middlemarch?",
            "span",
            ("duration_sum", "elapsed_between"),
        ),
        (
            "How long did it take for Ana to sign the lease after viewing the flat?",
            "span",
            ("elapsed_between",),
        ),
        ("When am I going to replace the boiler?", "plan", ("absolute_date",)),
        ("When will we repaint the fence?", "plan", ("absolute_date",)),
        ("In which month did I repaint the bedroom?", "month", ("absolute_date",)),
        ("What month did Ana move house?", "month", ("absolute_date",)),
        ("So when was it that I signed the lease?", "uninverted", ("absolute_date",)),
        ("When did I last water the ferns?", "lastly", ("absolute_date",)),
        ("How many days ago did I last clean the gutters?", "lastly", ("elapsed_since_question",)),
        (
            "Tell me the order in which I did these: fixed the tap, sold the bike, baked bread.",
            "listed",
            ("order",),
        ),
        ("In what order did I visit Porto, Lyon and Ghent?", "listed", ("order",)),
        (
            "How many days passed between the dentist and the car service?",
            "classic",
            ("elapsed_between",),
        ),
    ],
)
def test_each_family_frames_its_construction(
    question: str, family: str, operations: tuple[str, ...]
) -> None:
    assert _family(question) == family
    frame = analyse(question)
    assert frame is not None and frame.operations == operations
    assert route(question).routed  # the router routes exactly when there is a frame


def test_events_are_structures() -> None:
    frame = analyse("How many days passed between my first 10k race and my third 10k race?")
    assert frame is not None
    first, third = frame.events
    assert (first.ordinal, third.ordinal) == (1, 3)
    frame = analyse("How many days after I started the billing migration did I finish it?")
    assert frame is not None
    assert {e.aspect for e in frame.events} == {"start", "end"}
    frame = analyse("When did Noor and Pieter get back from Texel?")
    assert frame is not None and frame.events[0].participants == ("Noor", "Pieter")
    assert analyse("In which month did I repaint the bedroom?").precision == "month"  # type: ignore[union-attr]
    assert analyse("When am I going to replace the boiler?").planned  # type: ignore[union-attr]


@pytest.mark.parametrize(
    "question",
    [
        "How long is the drive to the coast?",
        "How many times did I water the ferns?",
        "What did I do in March?",
        "How many books did I read last year?",
    ],
)
def test_no_frame_means_not_routed(question: str) -> None:
    assert analyse(question) is None
    assert not route(question).routed


def test_every_family_is_registered_once() -> None:
    names = [name for name, _ in FAMILIES]
    assert len(names) == len(set(names)) and names[-1] == "classic"
