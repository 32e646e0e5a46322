"""News told in the present perfect, dated by its note (SPEC §6: "on or shortly before that
day — usable where that precision suffices").

"Guess what, I've sold my first painting!" in a chat turn, or "We've officially moved into the
new house!" in a daily note, says the event happened on the note's day or in the days just
before it: the seven days up to the note. That interval orders events outside it and answers
"in which month" when it lies inside one month; a day count, a week count across two weeks or
a month question across two months is refused. A present perfect needs a cue that it is news
("finally", "officially", "at last", "guess what", an exclamation): "I've booked the flights
for August." alone is not dated. Notes: two-person chats, a first-person chat, org-roam
dailies, a datetree journal.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from notes_helpers import ask as ask_notes
from notes_helpers import notes_store

from prme_cli.relate.interpret import licences
from prme_cli.store import Store
from prme_cli.timeexpr import parse_now, zone

TZ = zone("UTC")
NOW = parse_now("2026-06-20T12:00", TZ)

NOTES = {
    "chat-a.org": """\
* Chat [2026-05-08 Fri 19:00]
** Ana
Guess what, I've sold my first painting!
** Ben
Amazing. I've finally fixed the old bike, so we can ride to the coast.
""",
    "chat-b.org": """\
* Chat [2026-05-15 Fri 09:00]
** user
I've booked the flights for August.
""",
    "chat-c.org": """\
* Chat [2026-05-16 Sat 10:00]
** user
I've finally booked the ferry to Mull!
""",
    "2026-05-12.org": """\
#+title: 2026-05-12

* Notes
We've officially moved into the new house!
""",
    "2026-06-03.org": """\
#+title: 2026-06-03

* Notes
I've finally repainted the shed, two coats.
""",
    "journal.org": """\
* 2026
** 2026-05 May
*** 2026-05-03 Sunday
Visited the tile museum in Lisbon.
** 2026-06 June
*** 2026-06-14 Sunday
Planted the runner beans.
""",
}


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("news"), NOTES, NOW)


def ask(store: Store, question: str) -> dict[str, Any]:
    return ask_notes(store, question, now=NOW, tz=TZ)


@pytest.mark.parametrize(
    ("question", "month"),
    [
        ("In which month did Ana sell her first painting?", "2026-05"),
        ("When did Ben fix the old bike?", "2026-05"),
        ("In which month did we move into the new house?", "2026-05"),
        ("When did I book the ferry to Mull?", "2026-05"),
    ],
)
def test_news_inside_one_month_answers_with_that_month(
    store: Store, question: str, month: str
) -> None:
    doc = ask(store, question)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["grain"] == "month"
    assert doc["value"]["date"].startswith(month)
    assert doc["metadata"]["operands"][0]["time_basis"] == "event_time"


@pytest.mark.parametrize(
    ("question", "first"),
    [
        ("Which did I do first, visit the tile museum or move into the new house?", "museum"),
        ("Which did I do first, repaint the shed or plant the runner beans?", "shed"),
    ],
)
def test_news_orders_events_outside_its_days(store: Store, question: str, first: str) -> None:
    doc = ask(store, question)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert first in doc["value"]["order"][0]


@pytest.mark.parametrize(
    "question",
    [
        "How many days ago did we move into the new house?",
        "How many weeks ago did Ana sell her first painting?",
        "In which month did I repaint the shed?",
        "Which happened first, Ana selling her first painting or Ben fixing the old bike?",
        "When did I book the flights?",
    ],
)
def test_news_is_refused_where_its_days_do_not_suffice(store: Store, question: str) -> None:
    doc = ask(store, question)
    assert doc["status"] != "accepted", doc["value"]


@pytest.mark.parametrize(
    ("text", "verb"),
    [
        ("I've finally launched the site!", "launched"),
        ("Guess what, we have passed the inspection.", "passed"),
        ("Lena's officially started at the clinic", "started"),
        ("I've booked the flights for August.", None),
        ("Have you finished the report?", None),
        ("I've been to the dentist!", None),
        ("I've lived here since March!", None),
        ("She's excited!", None),
    ],
)
def test_news_needs_an_event_verb_and_a_cue(text: str, verb: str | None) -> None:
    found = [x.verb for x in licences(text) if x.kind == "news"]
    assert found == ([verb] if verb else [])
