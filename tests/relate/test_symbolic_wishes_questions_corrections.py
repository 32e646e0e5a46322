"""Rules found by the chat probes (``tests/fixtures/chat_sets/probes.json``), each on notes of
its own.

- a counterfactual wish or regret ("I wish we had…", "I should have…") reports nothing;
- a question ("Did I lock the garage yesterday?") is not a report, whatever its tense;
- a date the next sentence takes back ("…on Tuesday. Sorry, I mean Wednesday.") is refused.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from notes_helpers import ask as ask_notes
from notes_helpers import notes_store

from prme_cli.ingest import ingest_paths
from prme_cli.store import Store
from prme_cli.timeexpr import parse_now, zone

TZ = zone("UTC")
NOW = parse_now("2025-05-20T12:00", TZ)

NOTES = """\
* Chat [2025-05-10 Sat 18:00]
** user
I wish we had visited the lighthouse yesterday, the sunset photos from it look unreal.
I should have called the landlord on Thursday about the boiler.
Did I lock the garage yesterday? I can't remember.
I toured the glassworks on Tuesday. Sorry, I mean Wednesday.
I toured the cider farm on Monday. Actually it was the best tour of the trip.
"""


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("rules"), {"chat.org": NOTES}, NOW)


def ask(store: Store, question: str) -> dict[str, Any]:
    return ask_notes(store, question, now=NOW, tz=TZ)


@pytest.mark.parametrize(
    "question",
    [
        "When did I visit the lighthouse?",
        "How many days ago did I call the landlord?",
        "When did I lock the garage?",
        "When did I tour the glassworks?",
    ],
)
def test_refused(store: Store, question: str) -> None:
    doc = ask(store, question)
    assert doc["status"] != "accepted", doc["value"]


def test_a_correction_cue_without_a_date_leaves_the_date_alone(store: Store) -> None:
    doc = ask(store, "When did I tour the cider farm?")
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["date"] == "2025-05-05"


# --------------------------------------------------------------------------- hedge scope

HEDGE_NOTES = """\
* Chat [2025-05-14 Wed 20:00]
** user
I had the viva at the university yesterday, I think it went brilliantly.
I collected the new glasses on Monday, I think.
I returned the rental van two days ago, I think it was.
I sat the driving theory test on Saturday, I think it was Friday actually.
"""


@pytest.fixture(scope="module")
def hedge_store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    root = tmp_path_factory.mktemp("hedge")
    (root / "notes").mkdir()
    (root / "notes" / "chat.org").write_text(HEDGE_NOTES, encoding="utf-8")
    with Store.open(root / "prme.sqlite3") as st:
        assert not ingest_paths(st, [root / "notes"], now=NOW).errors
        yield st


def test_an_opinion_about_another_clause_is_not_a_hedge_on_the_date(hedge_store: Store) -> None:
    doc = ask(hedge_store, "When did I have the viva at the university?")
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["date"] == "2025-05-13"


@pytest.mark.parametrize(
    "question",
    [
        "When did I collect the new glasses?",  # "…on Monday, I think."
        "When did I return the rental van?",  # "…two days ago, I think it was."
        "When did I sit the driving theory test?",  # "…I think it was Friday actually."
    ],
)
def test_i_think_about_the_date_stays_a_hedge(hedge_store: Store, question: str) -> None:
    doc = ask(hedge_store, question)
    assert doc["status"] != "accepted", doc["value"]
