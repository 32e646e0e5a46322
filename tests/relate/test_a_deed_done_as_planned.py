"""A deed told as done "as planned" is a deed, not a plan.

"Took Mbegu for her second vaccine on Saturday, as planned." says the vaccine was given the
way it had been planned: the past verb tells the deed and "as planned" (or "as scheduled",
"as arranged") only says that it went to plan, so the clause's aspect is no plan. Near-misses
stay refused: a plan told as coming ("I'll take her on Saturday, as planned"), a plan
itself ("I planned to repaint the fence on Sunday"), and another deed done as planned ("I
sent the draft on the 21st as planned, and she replied yesterday" dates no reply on the
21st): the clause must tell the asked verb itself in the past.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from notes_helpers import ask, notes_store

from prme_cli.store import Store
from prme_cli.timeexpr import parse_now, zone

TZ = zone("UTC")
NOW = parse_now("2045-07-01T20:00", TZ)


def _session(stamp: str, *said: str) -> str:
    out = [f"* Chat [{stamp}]"]
    for n, text in enumerate(said):
        out += ["** user" if n % 2 == 0 else "** assistant", text]
    return "\n".join(out) + "\n"


NOTES = {
    "a.org": _session(
        "2045-06-05 Mon 18:00",
        "Took Mbegu for her second vaccine on Saturday, as planned. She hated the carrier.",
        "Glad she is healthy.",
    ),
    "b.org": _session(
        "2045-06-12 Mon 18:00",
        "We moved into the cottage on Thursday, as scheduled, and the boxes are everywhere.",
        "Congratulations!",
    ),
    "d.org": (
        "* Chat [2045-06-28 Wed 19:00]\n** Greta\nI sent the draft to my supervisor on the 21st"
        " as planned, and she replied yesterday with a page of comments.\n** Femi\nOof.\n"
    ),
    "c.org": _session(
        "2045-06-19 Mon 18:00",
        "I'll drive the van to Leeds on Saturday, as planned.",
        "Safe travels.",
        "I planned to repaint the fence on Sunday.",
        "Good luck.",
    ),
}


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("planned"), NOTES, NOW)


def test_another_deed_done_as_planned_dates_no_other_event(store: Store) -> None:
    doc = ask(store, "When did Greta's supervisor reply to the draft?", now=NOW, tz=TZ)
    assert not (doc["status"] == "accepted" and doc["value"]["date"] == "2045-06-21")


@pytest.mark.parametrize(
    "question, day",
    [
        ("When did I take Mbegu for her second vaccine?", "2045-06-03"),
        ("When did I move into the cottage?", "2045-06-08"),
    ],
)
def test_a_deed_done_as_planned_is_dated(store: Store, question: str, day: str) -> None:
    doc = ask(store, question, now=NOW, tz=TZ)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["date"] == day


@pytest.mark.parametrize(
    "question", ["When did I drive the van to Leeds?", "When did I repaint the fence?"]
)
def test_a_coming_deed_or_a_plan_stays_refused(store: Store, question: str) -> None:
    doc = ask(store, question, now=NOW, tz=TZ)
    assert doc["status"] != "accepted"
