"""Retrieval ranks the short reply to a hit that asks something close behind the hit.

In a chat the turn that answers is often the one without the question's words: "And the
van?" — "Finally fixed. Collected it on Thursday." When many turns share the question's words,
the reply ranked by its own words (or at the plain neighbour share) falls below the packing
budget. A hit that ends by asking brings the turn right after it among the first candidates,
when that reply is short (a long one, an assistant's advice, costs too much of the budget to
be raised). Near-misses: a hit that asks nothing, and a long reply, are not raised.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from notes_helpers import notes_store

from prme_cli.retrieval import ANSWER_WORDS, candidates
from prme_cli.store import Store
from prme_cli.timeexpr import parse_now, zone

TZ = zone("UTC")
NOW = parse_now("2042-06-30T20:00", TZ)


def _session(day: int, *turns: tuple[str, str]) -> str:
    out = [f"* Chat [2042-06-{day:02d} Mon 19:00]"]
    for who, said in turns:
        out += [f"** {who}", said]
    return "\n".join(out) + "\n"


def _filler(n: int) -> tuple[tuple[str, str], ...]:
    """Turns that share the question's words (the kayak, the club) and date nothing."""
    return (
        ("Odile", f"The kayak club meets again on the river, session {n}; the kayak is fine."),
        ("Pavel", f"My kayak and the club kayak both need wax, remark {n}."),
    )


LONG = " ".join(["It was a long day at the harbour with much to tell about the weather."] * 6)
NOTES = {
    **{f"f{n:02d}.org": _session(n, *_filler(n), *_filler(n + 40)) for n in range(1, 13)},
    "ask.org": _session(
        14,
        ("Odile", "And did the kayak club ever fix your kayak?"),
        ("Pavel", "Collected it on Thursday, good as new."),
    ),
    "ask2.org": _session(
        15,
        ("Odile", "What happened with the kayak at the club"),
        ("Pavel", "Sorted on Tuesday, all good."),
    ),
    "long.org": _session(
        16,
        ("Odile", "How was the kayak club trip, did the kayak hold up?"),
        ("Pavel", LONG),
    ),
}


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("replies"), NOTES, NOW)


def _rank(store: Store, question: str, said: str) -> tuple[int, bool]:
    """Where the record holding ``said`` ranks, and whether it was raised as a reply."""
    found = candidates(store, question, question_date=NOW, tz=TZ)
    for i, c in enumerate(found):
        if said in (c.row.body or c.row.title):
            return i, any(r.startswith("answers ") for r in c.reasons)
    return len(found), False


@pytest.mark.parametrize(
    "question",
    ["When did the club fix the kayak?", "When was the kayak fixed at the club?"],
)
def test_the_short_reply_to_an_asking_hit_ranks_near_it(store: Store, question: str) -> None:
    rank, raised = _rank(store, question, "Collected it on Thursday")
    assert raised and rank < 12


def test_a_reply_to_a_hit_that_asks_nothing_is_not_raised(store: Store) -> None:
    rank, raised = _rank(store, "When was the kayak at the club repaired?", "Sorted on Tuesday")
    assert not raised and rank > 12


def test_a_long_reply_is_not_raised(store: Store) -> None:
    assert len(LONG.split()) > ANSWER_WORDS
    _, raised = _rank(store, "When did the kayak club trip happen?", "long day at the harbour")
    assert not raised
