"""A past verb told with no object takes its thing from the sentence just before.

"First week at the observatory done. Started Monday and I love the night shifts." The second
sentence tells the start, dated by a weekday with no "on" before it; what was started is the
last thing the same speaker named in the sentence before. The verb must be in the past
("Start Monday" is a plan), told by "I" or "we" or by nobody, with nothing after it but its
time; the sentence before must name no one else, whose deed a verb with no doer would go on
telling. A weekday right after a past verb is a date ("Started Monday"), never a name.
The near-misses must be refused by the resolver itself.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from notes_helpers import ask, notes_store

from prme_cli.store import Store
from prme_cli.timeexpr import parse_now, zone

TZ = zone("UTC")
NOW = parse_now("2043-03-30T20:00", TZ)


def _chat(stamp: str, *turns: tuple[str, str]) -> str:
    out = [f"* Chat [{stamp}]"]
    for who, said in turns:
        out += [f"** {who}", said]
    return "\n".join(out) + "\n"


NOTES = {
    "c1.org": _chat(
        "2043-03-08 Sun 19:00",
        ("Odile", "So, how is the new job?"),
        ("Ines", "First week at the observatory done. Started Monday and I love the night shifts."),
    ),
    "c2.org": _chat(
        "2043-03-15 Sun 19:00",
        ("Ines", "Any news?"),
        ("Odile", "The pottery course is over at last. I finished on Thursday."),
    ),
    "c3.org": _chat(
        "2043-03-22 Sun 19:00",
        ("Odile", "And the choir?"),
        ("Ines", "Tomas loved his first rehearsal at the choir. Joined Tuesday."),
    ),
    "c4.org": _chat(
        "2043-03-22 Sun 20:00",
        ("Ines", "And the climbing?"),
        ("Odile", "The first aid course was fun. I finished on Friday with the rescue drill."),
    ),
}


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("bare"), NOTES, NOW)


@pytest.mark.parametrize(
    "question, day",
    [
        ("When did Ines start at the observatory?", "2043-03-02"),
        ("When did Odile finish the pottery course?", "2043-03-12"),
    ],
)
def test_the_thing_of_the_sentence_before(store: Store, question: str, day: str) -> None:
    doc = ask(store, question, now=NOW, tz=TZ)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["date"] == day


def test_someone_else_named_before_keeps_the_deed_theirs(store: Store) -> None:
    doc = ask(store, "When did Ines join the choir?", now=NOW, tz=TZ)
    # the resolver itself refuses (no later check has to catch it)
    assert doc["status"] == "unsupported", doc["metadata"].get("explanation")


def test_a_verb_with_a_thing_of_its_own_is_not_given_another(store: Store) -> None:
    doc = ask(store, "When did Odile finish the first aid course?", now=NOW, tz=TZ)
    # the resolver itself refuses (no later check has to catch it)
    assert doc["status"] == "unsupported", doc["metadata"].get("explanation")


def _times(text: str) -> list[tuple[str, bool]]:
    """Each time the sentence finder reads in ``text``, with whether it gives a date."""
    from datetime import datetime

    from prme_cli.relate.symbolic.timefind import sentence_mentions
    from prme_cli.relate.types import EvidenceRecord

    record = EvidenceRecord("r", datetime(2043, 3, 8, 19, 0), text)
    found = sentence_mentions(record, 0, len(text), question_date=NOW, tz=TZ)
    return [(m.expression, m.window is not None) for m in found]


@pytest.mark.parametrize(
    "text", ["Started Monday and I love it.", "We moved Friday and the flat is a mess."]
)
def test_a_weekday_right_after_a_past_verb_is_a_date(text: str) -> None:
    assert any(dated for _, dated in _times(text)), _times(text)


@pytest.mark.parametrize(
    "text", ["I visited May and her kids.", "I played Sunday League football for years."]
)
def test_a_month_or_a_named_day_after_a_past_verb_stays_a_name(text: str) -> None:
    assert not any(dated for _, dated in _times(text)), _times(text)
