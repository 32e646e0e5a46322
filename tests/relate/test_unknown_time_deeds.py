"""A deed whose writer says the time is unknown is not dated by its note's day.

"Lost my library card. No idea when exactly." in a journal day: the entry's day is when the
writer noticed the loss or wrote it down, not when it happened, and the writer says so. The
journal licence (a past deed of the writer's dated by its entry's day), the verbless-entry,
the present-perfect-news and the recent-past "just" licences all tie a deed to the note's
time; none holds when the deed's sentence, or the next one, says the time is unknown: "no
idea when", "can't say when", "not sure when", "who knows when", "God knows when", "I don't
remember when", "at some point" / "sometime" with no other time. The resolver drops such a
licence (:func:`prme_cli.relate.interpret.licences`); the gate rejects such a candidate by
its own pattern (:mod:`prme_cli.relate.symbolic.gate_words`).

The controls: the same deed without the hedge is still dated by its entry; "at some point
yesterday" is dated by "yesterday", at day grain (an explicit time still dates a deed); a
"when" clause about something still to come ("not sure when the new one will come") says
nothing about the past deed; "today … no idea when exactly" keeps the day "today" names.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from notes_helpers import GATE_THRESHOLD, gate_probability, notes_store
from notes_helpers import ask as ask_notes

from prme_cli.relate import interpret
from prme_cli.relate.symbolic import gate
from prme_cli.store import Store
from prme_cli.timeexpr import parse_now, zone

TZ = zone("UTC")
NOW = parse_now("2040-06-30T12:00", TZ)

#: A datetree journal: the hedge in the deed's sentence or in the next one.
DATETREE = """\
* 2040
** 2040-05 May
*** 2040-05-04 Friday
Lost my library card. No idea when exactly.
*** 2040-05-07 Monday
Chipped the blue mug at some point, can't say when.
*** 2040-05-09 Wednesday
Broke my reading glasses at some point, can't say when.
*** 2040-05-11 Friday
Misplaced the spare bike key. Who knows when.
*** 2040-05-14 Monday
Scratched the car door sometime. I don't remember when.
*** 2040-05-16 Wednesday
Cracked my phone screen. God knows when that happened.
*** 2040-05-18 Friday
Lost my gym badge.
*** 2040-05-20 Sunday
Tore my rain jacket at some point yesterday.
*** 2040-05-22 Tuesday
Dented the kettle. Not sure when the new one will come.
*** 2040-05-24 Thursday
Dropped my good pen somewhere. Must have been at some point on the walk.
*** 2040-05-26 Saturday
Sprained my wrist. Not quite sure when, the gardening maybe.
*** 2040-05-28 Monday
Burnt the saucepan today, no idea when exactly.
*** 2040-05-30 Wednesday
- Repainted the shed door.
- Lost the padlock key at some point.
*** 2040-05-31 Thursday
Scraped the car bumper sometime on Monday.
"""

#: An org-journal file per day: timed entry headings whose title is the deed.
ORG_JOURNAL = """\
* Sunday, 06/03/40
** 09:15 Lost the garage remote
Not sure when, honestly.
** 11:00 Repaired the garden hose
With tape and a clamp.
** 15:30 Bent the front bike wheel
I forget when exactly.
"""

#: An org-roam daily: a file dated by its name, an ID drawer and a title.
ROAM_DAILY = """\
:PROPERTIES:
:ID: 9e0c61d2-roam-daily
:END:
#+title: 2040-06-05

Dropped my watch in the lake at some point. Couldn't tell you when.

Returned the drill to Nadia.

Misplaced the tent pegs, no clue when.
"""

#: A chat session: the user's turns tell news in the present perfect.
CHAT = """\
#+TITLE: Chat of 2040-06-08
* Chat [2040-06-08 Fri 18:00]
** user
Guess what, I've lost my passport! No idea when it happened.
** assistant
Oh no, that is stressful.
** user
I've finally sold the old sofa!
** assistant
Congratulations.
** user
Ugh, I've just lost my bus pass, no clue when though.
** assistant
Check the lost property office.
** user
I lost my scarf at some point yesterday on the way home.
** assistant
Try the bus company.
"""

NOTES = {
    "journal.org": DATETREE,
    "20400603.org": ORG_JOURNAL,
    "2040-06-05.org": ROAM_DAILY,
    "chat.org": CHAT,
}

#: Deeds whose writer says the time is unknown, and the note's day that would date them.
UNKNOWN = [
    ("When did I lose my library card?", "2040-05-04"),
    ("When did I chip the blue mug?", "2040-05-07"),
    ("When did I break my reading glasses?", "2040-05-09"),
    ("When did I misplace the spare bike key?", "2040-05-11"),
    ("When did I scratch the car door?", "2040-05-14"),
    ("When did I crack my phone screen?", "2040-05-16"),
    ("When did I drop my good pen?", "2040-05-24"),
    ("When did I sprain my wrist?", "2040-05-26"),
    ("When did I lose the padlock key?", "2040-05-30"),
    ("When did I lose the garage remote?", "2040-06-03"),
    ("When did I bend the front bike wheel?", "2040-06-03"),
    ("When did I drop my watch in the lake?", "2040-06-05"),
    ("When did I misplace the tent pegs?", "2040-06-05"),
    ("When did I lose my passport?", "2040-06"),
    ("When did I lose my bus pass?", "2040-06-08"),
]

#: The same shapes without the hedge, or with a time of the deed's own: still answered.
DATED = [
    ("When did I lose my gym badge?", "2040-05-18"),  # the entry's day
    ("When did I tear my rain jacket?", "2040-05-19"),  # "at some point yesterday"
    ("When did I scrape the car bumper?", "2040-05-28"),  # "sometime on Monday"
    ("When did I dent the kettle?", "2040-05-22"),  # the "when" is the new one's coming
    ("When did I burn the saucepan?", "2040-05-28"),  # "today" names the day
    ("When did I repaint the shed door?", "2040-05-30"),  # the next list item is its own
    ("When did I repair the garden hose?", "2040-06-03"),  # an org-journal entry
    ("When did I return the drill to Nadia?", "2040-06-05"),  # an org-roam daily
    ("When did I sell the old sofa?", "2040-06"),  # news: the note's month
    ("When did I lose my scarf?", "2040-06-07"),  # a user turn's "yesterday"
]


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("unknown_time"), NOTES, NOW)


def ask(store: Store, question: str) -> dict[str, Any]:
    return ask_notes(store, question, now=NOW, tz=TZ)


def _day_of(doc: dict[str, Any]) -> str:
    """The answer's day, or its month for a month-grained answer."""
    value = doc["value"]
    return value["start"][:7] if value["grain"] == "month" else value["date"]


def _without_resolver_rule(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(interpret, "time_told_unknown", lambda *a, **k: False)


def _without_gate_rule(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(gate, "_time_told_unknown", lambda *a, **k: "")


@pytest.mark.parametrize(("question", "day"), UNKNOWN)
def test_a_deed_whose_time_the_writer_does_not_know_is_refused(
    store: Store, question: str, day: str
) -> None:
    doc = ask(store, question)
    assert doc["status"] != "accepted", doc["value"]


@pytest.mark.parametrize(("question", "day"), DATED)
def test_the_same_deed_without_the_hedge_or_with_its_own_time_is_answered(
    store: Store, question: str, day: str
) -> None:
    doc = ask(store, question)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert _day_of(doc) == day


@pytest.mark.parametrize(("question", "day"), UNKNOWN)
def test_the_resolver_alone_refuses_a_deed_of_unknown_time(
    store: Store, question: str, day: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    _without_gate_rule(monkeypatch)
    doc = ask(store, question)
    assert doc["status"] == "unsupported", doc["value"]
    assert "time is unknown" in " ".join(doc["metadata"]["explanation"])


@pytest.mark.parametrize(("question", "day"), UNKNOWN)
def test_the_gate_alone_rejects_a_deed_of_unknown_time(
    store: Store, question: str, day: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    _without_resolver_rule(monkeypatch)
    doc = ask(store, question)
    assert doc["status"] == "gate_rejected", doc["value"]


@pytest.mark.parametrize(("question", "day"), UNKNOWN)
def test_without_either_rule_the_notes_day_would_be_answered(
    store: Store, question: str, day: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    _without_resolver_rule(monkeypatch)
    _without_gate_rule(monkeypatch)
    doc = ask(store, question)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert _day_of(doc) == day


@pytest.mark.parametrize(
    ("sentence", "following"),
    [
        ("Lost my library card.", "No idea when exactly."),
        ("Broke my reading glasses at some point, can't say when.", ""),
        ("Misplaced the key.", "Who knows when."),
        ("Scratched the door sometime.", ""),
        ("Cracked the screen.", "God knows when that happened."),
        ("Sprained my wrist.", "I don't remember when."),
        ("Chipped the mug.", "Heaven knows when, to be honest."),
        ("Lost the remote.", "I cannot say exactly when it went."),
        ("Lost the remote.", "Not sure of the date."),
    ],
)
def test_the_resolver_reads_a_time_told_unknown(sentence: str, following: str) -> None:
    assert interpret.time_told_unknown(sentence, following)


@pytest.mark.parametrize(
    ("sentence", "following"),
    [
        ("Lost my library card.", "Bought milk on the way home."),
        ("Dented the kettle.", "Not sure when the new one will come."),
        ("Spent some time in the garden.", ""),
        ("Took some time off work.", ""),
        ("Lost the remote.", "I know exactly when."),
        ("Tore my jacket at some point yesterday.", ""),
        ("Lost my card.", "I'll get a new one at some point."),
        ("Returned the drill.", "Misplaced the tent pegs, no clue when."),
    ],
)
def test_the_resolver_reads_no_hedge_where_the_time_is_known(sentence: str, following: str) -> None:
    assert not interpret.time_told_unknown(sentence, following, journal=True)


@pytest.mark.parametrize(
    ("sentence", "following"),
    [
        ("Lost my library card.", "No idea when exactly."),
        ("Broke my reading glasses at some point, can't say when.", ""),
        ("Misplaced the key.", "Who knows when."),
        ("Scratched the door sometime.", ""),
        ("Cracked the screen.", "God knows when that happened."),
        ("Sprained my wrist.", "I don't remember when."),
        ("Lost the remote.", "Couldn't tell you when."),
    ],
)
def test_the_gate_reads_a_time_told_unknown(sentence: str, following: str) -> None:
    from prme_cli.relate.symbolic import gate_words

    assert gate_words.says_time_unknown(sentence, following)


@pytest.mark.parametrize(
    ("sentence", "following"),
    [
        ("Lost my library card.", "Bought milk on the way home."),
        ("Dented the kettle.", "Not sure when the new one will come."),
        ("Spent some time in the garden.", ""),
        ("Lost my card.", "I'll get a new one at some point."),
        ("Returned the drill.", "Misplaced the tent pegs, no clue when."),
    ],
)
def test_the_gate_reads_no_hedge_where_the_time_is_known(sentence: str, following: str) -> None:
    from prme_cli.relate.symbolic import gate_words

    assert not gate_words.says_time_unknown(sentence, following)


@pytest.mark.parametrize(
    ("quote", "name", "expression"),
    [
        (
            "Tore my rain jacket at some point yesterday.",
            "tear my rain jacket",
            "at some point yesterday",
        ),
        ("Lost my scarf sometime yesterday on the bus.", "lose my scarf", "sometime yesterday"),
    ],
)
def test_the_gate_accepts_at_some_point_of_a_time_given(
    quote: str, name: str, expression: str
) -> None:
    assert gate_probability(quote, name, expression) >= GATE_THRESHOLD
