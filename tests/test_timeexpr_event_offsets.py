"""An amount counted from an event the text names right after it ("two days after the
party", "a week before the move", "the day after we moved") is one piece of the engine's
reading: ``find`` dates nothing of it, ``event_offsets`` reports it (the amount with its
preposition, and where the event's words begin). A day of its own set beside such a count
after a comma ("on Friday, two days after the party") is found alone. A count standing alone
("the day after.", "the day after, we …", "the day after at noon") counts from the time told
before it, and is no such piece.

The sentences are invented for these tests.
"""

from __future__ import annotations

import pytest

from prme_cli import timeexpr

TZ = timeexpr.zone("UTC")
NOW = timeexpr.parse_now("2031-05-14T12:00", TZ)


def _found(text: str) -> list[str]:
    return [f.text for f in timeexpr.find(text, NOW, TZ)]


def _pieces(text: str) -> list[tuple[str, str]]:
    """(amount, first word of the event) of each piece."""
    return [(p.text, text[p.event :].split()[0]) for p in timeexpr.event_offsets(text)]


@pytest.mark.parametrize(
    ("text", "pieces"),
    [
        ("We repainted the shed two days after the storm.", [("two days after", "the")]),
        ("A week before the move I sold the piano.", [("A week before", "the")]),
        ("The day after we moved, the boiler broke.", [("The day after", "we")]),
        ("She called the Monday after I sent the form.", [("the Monday after", "I")]),
        (
            "Three days before the exam and a month after the wedding.",
            [("Three days before", "the"), ("a month after", "the")],
        ),
    ],
)
def test_an_amount_counted_from_a_named_event_is_one_piece_and_dates_nothing(
    text: str, pieces: list[tuple[str, str]]
) -> None:
    assert _pieces(text) == pieces
    assert _found(text) == []


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("I left on Friday, two days after the party.", "Friday"),
        ("We planted the beans on Saturday, the day after the frost.", "Saturday"),
        ("I posted it on Tuesday, three days before the deadline.", "Tuesday"),
    ],
)
def test_a_day_of_its_own_beside_such_a_count_is_found_alone(text: str, day: str) -> None:
    assert _found(text) == [day]
    assert len(_pieces(text)) == 1


@pytest.mark.parametrize(
    "text",
    [
        "We got home on Sunday. The day after, we unpacked.",
        "We got home on Sunday. The day after at noon the van came.",
        "We got home on Sunday. The day after was quiet.",
        "We got home on Sunday and left again two days after.",
        "We got home on Sunday. Two days later we unpacked.",
    ],
)
def test_a_count_standing_alone_counts_from_the_time_before_it(text: str) -> None:
    assert timeexpr.event_offsets(text) == ()
    assert len(_found(text)) == 2
