"""Events told in words (prme_cli/textevents.py): each clause becomes an event at ingest.

Every field is tested in more than one wording, with a control that the field is not given
where the words do not give it; the store tests check that text events are written at
ingest, replaced on re-ingest, skipped while tombstoned, and filled in for a store ingested
before migration 0022.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from prme_cli.events import COLUMNS, Event
from prme_cli.eventstore import events_for
from prme_cli.ingest import ingest_paths
from prme_cli.store import Store
from prme_cli.textevents import (
    Discourse,
    _any_of,
    might_hold_date,
    sense_of,
    sentence_events,
)

ANCHOR = datetime(2026, 10, 28, 21, 0)  # a Wednesday evening
NOW = datetime(2026, 11, 1, 12, 0, tzinfo=ZoneInfo("Europe/London"))


def events(*sentences: str, journal: bool = False) -> list[Event]:
    discourse = Discourse()
    out: list[Event] = []
    for s in sentences:
        out.extend(sentence_events(s, anchor=ANCHOR, discourse=discourse, journal=journal))
    return out


def clause(event: Event) -> str:
    return event.quote[event.clause_start : event.clause_end]


def the(found: list[Event], predicate: str) -> Event:
    hits = [e for e in found if e.predicate == predicate]
    assert hits, [(e.predicate, clause(e)) for e in found]
    return hits[0]


# --------------------------------------------------------------------------- speakers


@pytest.mark.parametrize(
    "body",
    [
        "SCHEDULED: <2026-11-03 Tue>\nI'm going to paint the fence on Saturday.",
        "DEADLINE: <2026-11-04 Wed>\nI'm going to paint the fence on Saturday.",
        (
            "CLOSED: [2026-10-30 Fri 10:00] SCHEDULED: <2026-10-29 Thu>\n"
            "I'm going to paint the fence on Saturday."
        ),
        (
            "SCHEDULED: <2026-11-03 Tue> DEADLINE: <2026-11-05 Thu>\n"
            ":PROPERTIES:\n:ID: fence-1\n:END:\nI'm going to paint the fence on Saturday."
        ),
        (
            ":LOGBOOK:\nCLOCK: [2026-10-28 Wed 09:00]--[2026-10-28 Wed 10:00] =>  1:00\n:END:\n"
            "I'm going to paint the fence on Saturday."
        ),
        "#+TITLE: Chores\nTODO: ask about paint\nI'm going to paint the fence on Saturday.",
    ],
)
def test_an_org_planning_or_keyword_line_is_no_speaker_label(body: str) -> None:
    from prme_cli.textevents import node_text_events

    found = node_text_events("Fix the fence", body, anchor=ANCHOR, discourse=Discourse())
    paint = the(found, "paint")
    assert paint.speaker is None  # the writer's own sentence, not said by "SCHEDULED"
    assert paint.participants == ("I",)


@pytest.mark.parametrize(
    ("body", "speaker"),
    [
        ("SCHEDULED: <2026-11-03 Tue>\nMarta: I'm going to paint the fence on Saturday.", "Marta"),
        ("DEADLINE: <2026-11-04 Wed>\nTomas Berg: I painted the fence yesterday.", "Tomas Berg"),
    ],
)
def test_a_name_label_after_a_planning_line_still_names_the_speaker(
    body: str, speaker: str
) -> None:
    from prme_cli.textevents import node_text_events

    found = node_text_events("Fix the fence", body, anchor=ANCHOR, discourse=Discourse())
    assert the(found, "paint").speaker == speaker


@pytest.mark.parametrize(
    ("sentences", "thing"),
    [
        (("Dmitri came round.", "I bought another one last week."), ""),
        (("Tomas came around yesterday.", "I ordered another one."), ""),
        (("I ordered a kettle.", "Marta Kowalski came round.", "I ordered another one."), "kettle"),
        (("I looked around the flat.", "I liked it."), "flat"),
        (("Got back from Lisbon.", "Dmitri came round.", "I bought another one."), ""),
    ],
)
def test_a_phrasal_particle_or_a_person_is_no_thing_for_one_to_take(
    sentences: tuple[str, ...], thing: str
) -> None:
    """ "came round": ``round`` is the verb's particle, not a thing; "Dmitri came": Dmitri is
    a person, not the thing "another one" or "it" stands for."""
    found = events(*sentences)
    assert found[-1].object == thing
    assert all(e.object != "round" and e.object != "around" for e in found)


# --------------------------------------------------------------------------- predicates


@pytest.mark.parametrize(
    ("sentence", "predicate"),
    [
        ("I repainted the shed yesterday.", "repaint"),
        ("We went to the coast on Sunday.", "go"),
        ("The parcel was delivered this morning.", "deliver"),
        ("I started knitting a scarf in January.", "knit"),
        ("I'm going to paint the fence on Saturday.", "paint"),
        ("I finally managed to renew my passport last week.", "renew"),
        # a compound or prefixed verb is its own predicate, not its head's
        ("I test-drove a Yaris yesterday!", "test-drive"),
        ("Mira window-shopped for a sofa on Thursday.", "window-shop"),
        ("We rebooked the ferry on Friday.", "rebook"),
    ],
)
def test_the_predicate_is_the_main_verb_lemma(sentence: str, predicate: str) -> None:
    assert events(sentence)[0].predicate == predicate


def test_a_verbless_clause_tells_its_event_by_the_noun() -> None:
    assert events("Arrival of the new sofa.")[0].predicate == "arrive"
    assert events("Inspection of the boiler.")[0].predicate == "inspect"


# --------------------------------------------------------------------------- sense classes


@pytest.mark.parametrize(
    ("sentence", "sense"),
    [
        ("I hurt my knee on Friday.", "injure"),
        ("I sprained my ankle at football.", "injure"),
        ("I twisted my ankle on the stairs.", "injure"),
        ("I had a coffee with Lars on Tuesday.", "meet"),
        ("I met Lars on Tuesday.", "meet"),
        ("We signed the contract on Friday.", "start_job"),
        ("She started her new job on Monday.", "start_job"),
        ("The desk arrived today.", "arrive"),
        ("I got back from Lisbon last night.", "return"),
    ],
)
def test_everyday_synonyms_share_a_sense(sentence: str, sense: str) -> None:
    assert events(sentence)[0].sense == sense


def test_a_sense_needs_its_object_where_the_verb_alone_is_general() -> None:
    assert events("I had a sandwich at noon.")[0].sense == ""
    assert events("I twisted the cap off the jar.")[0].sense == ""
    assert sense_of("have", "coffee") == "meet" and sense_of("have", "cold") == ""
    assert sense_of("get", particle="back") == "return" and sense_of("get") == ""


# --------------------------------------------------------------------------- participants


def test_the_writer_and_named_people_take_part() -> None:
    assert events("I met Priya for lunch.")[0].participants == ("I", "Priya")
    assert events("Yesterday my sister and I cleared out the attic.")[0].participants[0] == "I"


def test_we_is_the_writer_and_the_people_just_named() -> None:
    found = events("Noor and I went to the market on Saturday.", "We bought apples.")
    assert the(found, "buy").participants == ("I", "Noor")
    alone = events("We bought apples.")
    assert alone[0].participants == ("I",)


def test_a_pronoun_subject_is_the_one_person_named_just_before() -> None:
    found = events("I called Marta.", "She moved to Leeds in May.")
    assert the(found, "move").participants == ("Marta",)
    unsure = events("I called Marta and Ines.", "She moved to Leeds in May.")
    assert "Marta" not in the(unsure, "move").participants


def test_a_place_after_a_preposition_is_no_participant() -> None:
    found = events("I got back from Lisbon last night.")
    assert "Lisbon" not in found[0].participants
    assert found[0].participants == ("I",)


def test_a_journal_clause_without_a_subject_is_the_writers() -> None:
    assert events("Repainted the hallway.", journal=True)[0].participants == ("I",)


# --------------------------------------------------------------------------- objects


@pytest.mark.parametrize(
    ("sentence", "object_", "ordinal"),
    [
        ("I went to my third pottery class yesterday.", "class", 3),
        ("I finished the first chapter on Monday.", "chapter", 1),
        ("We watched the last episode tonight.", "episode", -1),
        ("I bought a new kettle.", "kettle", None),
    ],
)
def test_the_object_is_its_head_noun_with_its_ordinal(
    sentence: str, object_: str, ordinal: int | None
) -> None:
    e = events(sentence)[0]
    assert (e.object, e.ordinal) == (object_, ordinal)


def test_it_and_one_take_the_thing_said_before() -> None:
    found = events("I ordered a standing desk on Monday.", "It arrived today.")
    assert the(found, "arrive").object == "desk"
    again = events("I bought a scarf in May.", "I bought another one last week.")
    second = [e for e in again if e.predicate == "buy"][1]
    assert (second.object, second.ordinal) == ("scarf", 0)


def test_the_subject_of_arriving_or_of_a_passive_is_its_object() -> None:
    assert events("The new kettle arrived this morning.")[0].object == "kettle"
    assert events("The boiler was repaired on Thursday.")[0].object == "boiler"


def test_a_relative_clause_is_about_its_antecedent() -> None:
    found = events("The chair that I ordered in March arrived yesterday.")
    assert the(found, "order").object == "chair"
    assert the(found, "arrive").object == "chair"


# --------------------------------------------------------------------------- aspect


@pytest.mark.parametrize(
    ("sentence", "kind"),
    [
        ("I started the renovation in May.", "start"),
        ("We began painting on Saturday.", "start"),
        ("I finished the quilt yesterday.", "end"),
        ("I've been going to the climbing gym since March.", "ongoing"),
        ("I've been learning Dutch for three weeks now.", "ongoing"),
        ("I baked bread on Sunday.", "single"),
    ],
)
def test_aspect(sentence: str, kind: str) -> None:
    assert events(sentence)[0].kind == kind


# --------------------------------------------------------------------------- modality, polarity


@pytest.mark.parametrize(
    ("sentence", "modality"),
    [
        ("I'm going to paint the fence on Saturday.", "planned"),
        ("We'll fly to Rome next week.", "planned"),
        ("I plan to visit Ghent in June.", "planned"),
        ("I want to learn the cello.", "wished"),
        ("I wish I had gone to the concert.", "wished"),
        ("Did you go to the gym today?", "asked"),
        ("I went to the gym today.", "asserted"),
        ("I've been going to the club since March.", "asserted"),
    ],
)
def test_modality(sentence: str, modality: str) -> None:
    assert events(sentence)[-1].modality == modality


def test_modality_and_polarity_are_the_clauses_own() -> None:
    found = events("I plan to ask Priya, who I met on Monday, about the flat.")
    assert the(found, "ask").modality == "planned"
    met = the(found, "meet")
    assert met.modality == "asserted" and [t.text for t in met.times] == ["Monday"]
    mixed = events("I didn't go to yoga on Wednesday, but I swam on Thursday.")
    assert the(mixed, "go").polarity == "negative"
    assert the(mixed, "swim").polarity == "positive"


# --------------------------------------------------------------------------- times


def test_times_attach_to_their_own_clause_and_are_anchored_at_the_note() -> None:
    found = events("I ordered the desk on Monday, but it arrived today.")
    ordered, arrived = the(found, "order"), the(found, "arrive")
    assert ordered.start == datetime(2026, 10, 26) and ordered.grain == "day"
    assert arrived.start == datetime(2026, 10, 28)
    fronted = events("Last weekend – we finally took the kayaks out.")
    assert fronted[0].expression == "Last weekend"


def test_a_vague_time_is_marked_approximate() -> None:
    e = events("I joined the club about three weeks ago.")[0]
    assert e.times and e.times[0].approximate
    exact = events("I joined the club three weeks ago.")[0]
    assert exact.times and not exact.times[0].approximate


def test_only_sentences_that_can_hold_a_date_are_read_by_the_engine() -> None:
    assert might_hold_date("I met her last night.")
    assert might_hold_date("Back on the 3rd.")
    assert might_hold_date("We went there at Christmas.")
    assert might_hold_date("I did it two weeks ago.")
    assert might_hold_date("Meet at 10:30.") and might_hold_date("Due 3/27.")
    assert might_hold_date("Back in 2019.") and might_hold_date("Left at 5pm.")
    assert not might_hold_date("We had dinner and one more drink.")
    assert not might_hold_date("Org 9.4 added a cookie and costs $20.")
    assert not might_hold_date("The first thing I saw was a heron.")


def test_a_holiday_name_anywhere_in_a_sentence_makes_it_worth_reading() -> None:
    # inside other words too, as a plain substring test finds them
    assert might_hold_date("Back home for diwali.") and might_hold_date("Mid-Thanksgiving")
    assert might_hold_date("the BOXING DAY sales") and might_hold_date("xmas-ish, Christmastime")
    assert not might_hold_date("Boxing gloves and a Christ statue.")


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.sampled_from(["christmas", "christmas eve", "easter", "eid al", "day", "x"]))
    .map(" ".join)
    .map(lambda s: s[1:] if s else s)
)
def test_the_pattern_of_many_names_finds_what_a_substring_test_finds(text: str) -> None:
    names = ["christmas", "christmas day", "christmas eve", "easter monday", "eid al adha"]
    pattern = re.compile(_any_of(names))
    assert (pattern.search(text) is not None) == any(name in text for name in names)


# --------------------------------------------------------------------------- any text


_PIECES = st.sampled_from(
    [
        "I",
        "we",
        "she",
        "Noor",
        "the desk",
        "that",
        "who",
        "and",
        ",",
        ";",
        " - ",
        "(",
        ")",
        "yesterday",
        "went",
        "bought",
        "have",
        "been",
        "going",
        "to",
        "if",
        "because",
        "last week",
        "on Monday",
        "arrived",
        "?",
        "'",
        "it",
        "one",
        "another",
        "first",
        "started",
        "finished",
        "was",
        "delivered",
        "didn't",
        "will",
        "3/4",
        "2026-01-02",
    ]
)


@settings(max_examples=200, deadline=None)
@given(st.lists(_PIECES, max_size=20))
def test_any_sentence_gives_events_without_error(parts: list[str]) -> None:
    sentence = " ".join(parts)
    for e in sentence_events(sentence, anchor=ANCHOR, discourse=Discourse()):
        assert e.quote == sentence
        assert 0 <= (e.clause_start or 0) <= (e.clause_end or 0) <= len(sentence)
        assert e.modality in ("asserted", "planned", "wished", "asked")
        assert e.polarity in ("positive", "negative")


# --------------------------------------------------------------------------- the store

JOURNAL = """#+TITLE: Journal
* 2026
** 2026-10 October
*** 2026-10-28 Wednesday
**** Kettle
[2026-10-28 Wed 21:10]
I ordered a new kettle on Monday. It arrived today.
"""

CHAT = """#+TITLE: Chat
* Chat [2026-10-20 Tue 19:00]
** user
I met Priya at the market on Saturday.
** assistant
That sounds lovely! Did you buy anything?
** user
She sold me a teapot.
"""


def _write(root: Path, name: str, text: str) -> None:
    root.mkdir(exist_ok=True)
    (root / name).write_text(text, encoding="utf-8")


def _text_events(store: Store) -> dict[str, list[Event]]:
    ids = [r[0] for r in store.conn.execute("SELECT id FROM objects")]
    return events_for(store.conn, ids, "text")


def test_ingest_stores_the_text_events_of_every_heading(tmp_path: Path) -> None:
    notes = tmp_path / "notes"
    _write(notes, "journal.org", JOURNAL)
    with Store.open(tmp_path / "s.sqlite3") as store:
        ingest_paths(store, [notes], now=NOW)
        found = [e for es in _text_events(store).values() for e in es]
        arrive = next(e for e in found if e.predicate == "arrive")
        assert arrive.object == "kettle" and arrive.start == datetime(2026, 10, 28)
        assert arrive.quote == "It arrived today."
        order = next(e for e in found if e.predicate == "order")
        assert order.start == datetime(2026, 10, 26)
        # the org-structure events are read apart, as before
        org = events_for(store.conn, list(_text_events(store)), "org")
        assert all(e.source == "org" for es in org.values() for e in es)


def test_a_turn_refers_back_to_the_previous_turn_and_an_assistant_tells_nothing(
    tmp_path: Path,
) -> None:
    notes = tmp_path / "notes"
    _write(notes, "chat.org", CHAT)
    with Store.open(tmp_path / "s.sqlite3") as store:
        ingest_paths(store, [notes], now=NOW)
        found = [e for es in _text_events(store).values() for e in es]
        sold = next(e for e in found if e.predicate == "sell")
        assert sold.participants[0] == "Priya" and sold.speaker == "user"
        assert not any(e.speaker == "assistant" for e in found)


def test_text_events_follow_re_ingest_and_tombstones(tmp_path: Path) -> None:
    notes = tmp_path / "notes"
    _write(notes, "journal.org", JOURNAL)
    with Store.open(tmp_path / "s.sqlite3") as store:
        ingest_paths(store, [notes], now=NOW)
        _write(notes, "journal.org", JOURNAL.replace("It arrived today.", "It broke today."))
        ingest_paths(store, [notes], now=NOW)
        predicates = {e.predicate for es in _text_events(store).values() for e in es}
        assert "break" in predicates and "arrive" not in predicates
        _write(notes, "journal.org", JOURNAL.split("**** Kettle")[0])
        ingest_paths(store, [notes], now=NOW)
        predicates = {e.predicate for es in _text_events(store).values() for e in es}
        assert "break" not in predicates and "order" not in predicates


def test_a_store_from_before_text_events_gets_them_on_the_next_ingest(tmp_path: Path) -> None:
    notes = tmp_path / "notes"
    _write(notes, "journal.org", JOURNAL)
    path = tmp_path / "s.sqlite3"
    with Store.open(path) as store:
        ingest_paths(store, [notes], now=NOW)
    with Store.open(path) as store, store.transaction() as conn:
        conn.execute("DELETE FROM events WHERE source = 'text'")
        conn.execute("UPDATE files SET sha256 = NULL, size = NULL, mtime_ns = NULL")
    with Store.open(path) as store:
        assert not _text_events(store)
        ingest_paths(store, [notes], now=NOW)
        assert any(e.predicate == "arrive" for es in _text_events(store).values() for e in es)


def test_an_unchanged_heading_keeps_its_text_events_when_its_file_changes(
    tmp_path: Path,
) -> None:
    notes = tmp_path / "notes"
    _write(notes, "journal.org", JOURNAL)
    with Store.open(tmp_path / "s.sqlite3") as store:
        ingest_paths(store, [notes], now=NOW)
        before = {
            r[0] for r in store.conn.execute("SELECT event_id FROM events WHERE source = 'text'")
        }
        edited = JOURNAL + "* Inbox\nBuy milk.\n"  # after the kettle: its discourse stands
        _write(notes, "journal.org", edited)
        ingest_paths(store, [notes], now=NOW)
        after = {
            r[0] for r in store.conn.execute("SELECT event_id FROM events WHERE source = 'text'")
        }
        assert before <= after  # the kettle's events were kept, not extracted again
        found = [e for es in _text_events(store).values() for e in es]
        assert any(e.predicate == "buy" for e in found)
        assert any(e.predicate == "arrive" for e in found)


# A re-ingest stores what a first ingest of the new text stores: the discourse a heading's
# words are read with (people and the thing named by the headings above it) is the new
# file's, never the one left over from the skipped, unchanged headings.
REINGEST_V1 = """#+TITLE: Week
* Monday [2026-10-26 Mon]
Lunch with Marta Kowalski in Leeds. We talked about the allotment.
* Tuesday [2026-10-27 Tue]
She called in the morning. I bought a new spade.
* Wednesday [2026-10-28 Wed]
Dmitri Ivanov came round with his daughter.
* Thursday [2026-10-29 Thu]
He fixed the gate. I ordered another one for the shed.
"""

REINGEST_EDITS = {
    # a heading after one naming a person is edited: its "She" is still Marta
    "edit after a named person": REINGEST_V1.replace(
        "She called in the morning.", "She phoned at noon."
    ),
    # a heading naming someone else is inserted: the next heading's "She" is Priya now
    "insert a heading": REINGEST_V1.replace(
        "* Tuesday", "* Interlude [2026-10-26 Mon]\nPriya Shah came by with a parcel.\n* Tuesday"
    ),
    # the antecedent heading is deleted: the unchanged "She" has no Marta left to take
    "delete the antecedent": REINGEST_V1.replace(
        "* Monday [2026-10-26 Mon]\nLunch with Marta Kowalski in Leeds. "
        "We talked about the allotment.\n",
        "",
    ),
    # the person is renamed in the first heading only: every later pronoun follows
    "rename the antecedent": REINGEST_V1.replace("Marta Kowalski", "Agnieszka Nowak"),
    # the thing of "another one" changes two headings above it
    "change the thing": REINGEST_V1.replace("his daughter", "a wheelbarrow"),
}


def _stored_events(store: Store) -> list[tuple[object, ...]]:
    """Every stored event as ``(object id, heading line, *every events column)``: the event's
    ``event_id`` and its object's ``pk`` are rowids, which differ between two stores (or two
    runs) by the order they were written, and are left out."""
    columns = ", ".join(f"e.{c}" for c in COLUMNS)
    return sorted(
        (
            tuple(r)
            for r in store.conn.execute(
                f"SELECT o.id, o.line, {columns} FROM events e JOIN objects o ON o.pk = e.obj "
                "WHERE o.deleted_at IS NULL"
            )
        ),
        key=repr,
    )


@pytest.mark.parametrize("edit", sorted(REINGEST_EDITS))
def test_a_reingest_stores_the_events_a_first_ingest_of_the_new_text_stores(
    tmp_path: Path, edit: str
) -> None:
    v2 = REINGEST_EDITS[edit]
    assert v2 != REINGEST_V1
    again, fresh = tmp_path / "again", tmp_path / "fresh"
    _write(again, "week.org", REINGEST_V1)
    _write(fresh, "week.org", v2)
    with Store.open(tmp_path / "again.sqlite3") as store:
        ingest_paths(store, [again], now=NOW)
        _write(again, "week.org", v2)
        ingest_paths(store, [again], now=NOW)
        reingested = _stored_events(store)
    with Store.open(tmp_path / "fresh.sqlite3") as store:
        ingest_paths(store, [fresh], now=NOW)
        first = _stored_events(store)
    assert reingested == first


def _first_text_event(store: Store) -> dict[str, int]:
    """Each heading's first text event's id (a new id: the heading was read again)."""
    return dict(
        store.conn.execute(
            "SELECT o.title, min(e.event_id) FROM events e JOIN objects o ON o.pk = e.obj "
            "WHERE e.source = 'text' GROUP BY o.title"
        ).fetchall()
    )


def test_a_reingest_rereads_only_until_the_discourse_is_the_same_again(tmp_path: Path) -> None:
    """The cost side: an edit re-reads the headings whose discourse it changed, not the rest
    of the file (here the Thursday heading names Dmitri again, so Friday's reading stands)."""
    v1 = REINGEST_V1 + "* Friday [2026-10-30 Fri]\nDmitri Ivanov came round again.\n"
    v2 = v1.replace("She called in the morning.", "Priya Shah called in the morning.")
    notes = tmp_path / "notes"
    _write(notes, "week.org", v1)
    with Store.open(tmp_path / "s.sqlite3") as store:
        ingest_paths(store, [notes], now=NOW)
        ids = _first_text_event(store)
        _write(notes, "week.org", v2)
        ingest_paths(store, [notes], now=NOW)
        again = _first_text_event(store)
    kept = {t for t in ids if again.get(t) == ids[t]}
    assert "Monday [2026-10-26 Mon]" in kept  # above the edit
    assert "Tuesday [2026-10-27 Tue]" not in kept  # the edit
    assert "Friday [2026-10-30 Fri]" in kept  # the discourse before it is the same again


# --------------------------------------------------------------------------- whole rows

#: Invented notes whose every stored event is pinned below, column by column. They hold the
#: readings that depend on what came before, so a memo or a faster path that reuses a result
#: in the wrong context fails here: the same sentence ("She called yesterday.") under two
#: journal days names a different person and a different day; "another one" and "it" take the
#: thing said just before; a chat turn's "She" is the person of the previous user turn.
PINNED = """#+TITLE: Pinned notes
* 2026-10-27 Tuesday
[2026-10-27 Tue 20:00]
Lunch with Marta Kowalski in Leeds. She called yesterday. We booked the second pottery class.
* 2026-10-28 Wednesday
[2026-10-28 Wed 21:10]
Got back from Lisbon. Dmitri came round. She called yesterday. I bought another one last week,
and the desk that I ordered arrived this morning.
* TODO Renew passport
SCHEDULED: <2026-11-03 Tue>
I'm going to paint the fence on Saturday; I wish I had gone.
* Chat [2026-10-20 Tue 19:00]
** user
I met Priya at the market on Saturday.
** assistant
That sounds lovely! Did you buy anything?
** user
She sold me a teapot. It broke on Sunday.
"""

#: ``(title, *events columns)`` in the order ingest writes them. This is what prme stores
#: today, pinned as a net under speed work. "Dmitri came round" has no thing ``round`` (a
#: phrasal particle), and Lisbon and Dmitri are names, no things, so "another one" after it
#: takes the thing the day before named (the class, as the discourse runs on across
#: headings); the body line after ``SCHEDULED:`` is the writer's (no speaker): a planning line
#: is org's, not a "Name:" turn label.
PINNED_ROWS = [
    (
        "2026-10-27 Tuesday",
        "org",
        "day",
        "",
        "2026-10-27 Tuesday",
        None,
        "asserted",
        "positive",
        1793059200,
        1793145600,
        "day",
        None,
        "2026-10-27 Tuesday",
        "2026-10-27 Tuesday",
        2,
        "",
        "",
        None,
        "",
        None,
        None,
        None,
        None,
    ),
    (
        "2026-10-27 Tuesday",
        "text",
        "single",
        "lunch",
        "kowalski",
        None,
        "asserted",
        "positive",
        None,
        None,
        "",
        None,
        "Lunch with Marta Kowalski in Leeds.",
        "",
        2,
        "meet",  # lunch with someone: the sense class of meeting
        "Marta Kowalski",
        None,
        "",
        None,
        1,
        0,
        34,
    ),
    (
        "2026-10-27 Tuesday",
        "text",
        "single",
        "call",
        "",
        None,
        "asserted",
        "positive",
        1792972800,
        1793059200,
        "day",
        None,
        "She called yesterday.",
        "yesterday",
        2,
        "phone",
        "Marta Kowalski",
        None,
        '[["yesterday",11,"point","2026-10-26T00:00:00","2026-10-27T00:00:00","day",false,null]]',
        None,
        2,
        0,
        20,
    ),
    (
        "2026-10-27 Tuesday",
        "text",
        "single",
        "book",
        "class",
        None,
        "asserted",
        "positive",
        None,
        None,
        "",
        None,
        "We booked the second pottery class.",
        "",
        2,
        "reserve",
        "I\x1fMarta Kowalski",
        2,
        "",
        None,
        3,
        0,
        34,
    ),
    (
        "2026-10-28 Wednesday",
        "org",
        "day",
        "",
        "2026-10-28 Wednesday",
        None,
        "asserted",
        "positive",
        1793145600,
        1793232000,
        "day",
        None,
        "2026-10-28 Wednesday",
        "2026-10-28 Wednesday",
        5,
        "",
        "",
        None,
        "",
        None,
        None,
        None,
        None,
    ),
    (
        "2026-10-28 Wednesday",
        "text",
        "single",
        "get",
        "lisbon",
        None,
        "asserted",
        "positive",
        None,
        None,
        "",
        None,
        "Got back from Lisbon.",
        "",
        2,
        "return",
        "",
        None,
        "",
        None,
        1,
        0,
        20,
    ),
    (
        "2026-10-28 Wednesday",
        "text",
        "single",
        "come",
        "dmitri",  # "came round": a particle; the one who came is what came
        None,
        "asserted",
        "positive",
        None,
        None,
        "",
        None,
        "Dmitri came round.",
        "",
        2,
        "",
        "Dmitri",
        None,
        "",
        None,
        2,
        0,
        17,
    ),
    (
        "2026-10-28 Wednesday",
        "text",
        "single",
        "call",
        "",
        None,
        "asserted",
        "positive",
        1793059200,
        1793145600,
        "day",
        None,
        "She called yesterday.",
        "yesterday",
        2,
        "phone",
        "Dmitri",
        None,
        '[["yesterday",11,"point","2026-10-27T00:00:00","2026-10-28T00:00:00","day",false,null]]',
        None,
        3,
        0,
        20,
    ),
    (
        "2026-10-28 Wednesday",
        "text",
        "single",
        "buy",
        "class",  # "another one": Lisbon and Dmitri are names; the thing is the day before's
        None,
        "asserted",
        "positive",
        1792540800,
        1793145600,
        "week",
        None,
        "I bought another one last week,\nand the desk that I ordered arrived this morning.",
        "one last week",
        2,
        "buy",
        "I",
        0,
        '[["one last week",17,"interval","2026-10-21T00:00:00","2026-10-28T00:00:00","week",false,null]]',
        None,
        4,
        0,
        44,
    ),
    (
        "2026-10-28 Wednesday",
        "text",
        "single",
        "order",
        "desk",
        None,
        "asserted",
        "positive",
        None,
        None,
        "",
        None,
        "I bought another one last week,\nand the desk that I ordered arrived this morning.",
        "",
        2,
        "",
        "I",
        None,
        "",
        None,
        4,
        45,
        59,
    ),
    (
        "2026-10-28 Wednesday",
        "text",
        "single",
        "arrive",
        "",
        None,
        "asserted",
        "positive",
        1793160000,
        1793188800,
        "hour",
        None,
        "I bought another one last week,\nand the desk that I ordered arrived this morning.",
        "this morning",
        2,
        "arrive",
        "",
        None,
        '[["this morning",68,"point","2026-10-28T04:00:00","2026-10-28T12:00:00","hour",false,null]]',
        None,
        4,
        60,
        80,
    ),
    (
        "Renew passport",
        "org",
        "plan",
        "renew",
        "passport",
        None,
        "planned",
        "positive",
        1793664000,
        1793750400,
        "day",
        None,
        "SCHEDULED: <2026-11-03 Tue>",
        "<2026-11-03 Tue>",
        10,
        "",
        "",
        None,
        "",
        None,
        None,
        None,
        None,
    ),
    (
        "Renew passport",
        "text",
        "single",
        "renew",
        "passport",
        None,
        "asserted",
        "positive",
        None,
        None,
        "",
        None,
        "Renew passport",
        "",
        0,
        "",
        "",
        None,
        "",
        None,
        0,
        0,
        14,
    ),
    (
        "Renew passport",
        "text",
        "single",
        "paint",
        "fence",
        None,
        "planned",
        "positive",
        1794009600,  # "I'm going to … on Saturday": the coming Saturday (a clause of the future)
        1794096000,
        "day",
        None,
        "I'm going to paint the fence on Saturday; I wish I had gone.",
        "Saturday",
        2,
        "",
        "I",
        None,
        '[["Saturday",32,"point","2026-11-07T00:00:00","2026-11-08T00:00:00","day",false,null]]',
        None,  # the planning line is org's, not a speaker's label
        1,
        0,
        40,
    ),
    (
        "Renew passport",
        "text",
        "single",
        "wish",
        "",
        None,
        "wished",
        "positive",
        None,
        None,
        "",
        None,
        "I'm going to paint the fence on Saturday; I wish I had gone.",
        "",
        2,
        "",
        "I",
        None,
        "",
        None,
        1,
        42,
        48,
    ),
    (
        "Renew passport",
        "text",
        "single",
        "go",
        "",
        None,
        "wished",
        "positive",
        None,
        None,
        "",
        None,
        "I'm going to paint the fence on Saturday; I wish I had gone.",
        "",
        2,
        "",
        "I",
        None,
        "",
        None,
        1,
        49,
        59,
    ),
    (
        "Chat [2026-10-20 Tue 19:00]",
        "text",
        "single",
        "chat",
        "",
        None,
        "asserted",
        "positive",
        1792522800,
        1792522860,
        "minute",
        None,
        "Chat [2026-10-20 Tue 19:00]",
        "[2026-10-20 Tue 19:00]",
        0,
        "",
        "",
        None,
        '[["[2026-10-20 Tue 19:00]",5,"point","2026-10-20T19:00:00","2026-10-20T19:01:00","minute",false,null]]',
        None,
        0,
        0,
        26,
    ),
    (
        "user",
        "text",
        "single",
        "meet",
        "priya",
        None,
        "asserted",
        "positive",
        1792195200,
        1792281600,
        "day",
        None,
        "I met Priya at the market on Saturday.",
        "Saturday",
        1,
        "meet",
        "I\x1fPriya",
        None,
        '[["Saturday",29,"point","2026-10-17T00:00:00","2026-10-18T00:00:00","day",false,null]]',
        "user",
        1,
        0,
        37,
    ),
    (
        "user",
        "text",
        "single",
        "sell",
        "teapot",
        None,
        "asserted",
        "positive",
        None,
        None,
        "",
        None,
        "She sold me a teapot.",
        "",
        1,
        "",
        "Priya",
        None,
        "",
        "user",
        1,
        0,
        20,
    ),
    (
        "user",
        "text",
        "single",
        "break",
        "teapot",
        None,
        "asserted",
        "positive",
        1792281600,
        1792368000,
        "day",
        None,
        "It broke on Sunday.",
        "Sunday",
        1,
        "",
        "",
        None,
        '[["Sunday",12,"point","2026-10-18T00:00:00","2026-10-19T00:00:00","day",false,null]]',
        "user",
        2,
        0,
        18,
    ),
]


def test_ingest_stores_exactly_these_event_rows_for_invented_notes(tmp_path: Path) -> None:
    notes = tmp_path / "notes"
    _write(notes, "pinned.org", PINNED)
    columns = ", ".join(f"e.{c}" for c in COLUMNS)
    with Store.open(tmp_path / "s.sqlite3") as store:
        ingest_paths(store, [notes], now=datetime(2026, 11, 1, 12, 0, tzinfo=UTC))
        stored = store.conn.execute(
            f"SELECT o.title, {columns} FROM events e JOIN objects o ON o.pk = e.obj "
            "ORDER BY o.pk, e.event_id"
        ).fetchall()
    assert [tuple(r) for r in stored] == PINNED_ROWS


@pytest.mark.parametrize(
    ("sentence", "thing"),
    [
        ("I joined the climbing gym on Monday.", "gym"),
        ("We bought a sewing machine at the market.", "machine"),
        ("She booked the driving lesson for May.", "lesson"),
    ],
)
def test_a_gerund_before_a_noun_modifies_the_object(sentence: str, thing: str) -> None:
    # "the climbing gym" is a gym: the object is its head noun, so "joined the climbing
    # gym" is read in the sense of joining a gym (enrolling)
    assert events(sentence)[0].object == thing
