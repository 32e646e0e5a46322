"""A heading's own body is read before its dates are trusted.

A trip heading with a range ``<a>--<b>`` whose body says "I did not go in the end" answered
"How many days was I in …?" with the range (an unseen org set, strangers2): the resolver's
structure family and the gate's structure check trusted a heading's range, stamp or CLOSED
without reading what was written under it. Both now read the body by the one shared reading
(:mod:`prme_cli.denial`): a body that calls the event off or moves it refuses the heading's
dates; one that says it ended otherwise ("came back a day early") refuses the range's end;
one that says a done task was ticked off late ("finally did it on …") refuses its CLOSED.
Near-misses stay answered: a negation about something else ("did not sleep much", "didn't
go to the castle", "Ana did not come"), a wish ("I never want to leave"), a denial taken back
("thought I'd cancel, but went anyway") and a denial in a child heading about its own event.

Resolver tests assert the status ``unsupported`` (the resolver itself refused, whatever the
gate would say); gate tests give the gate a citation of the heading's own line.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from notes_helpers import GATE_THRESHOLD, ask, gate_verdict, notes_store

from prme_cli import denial
from prme_cli.relate.types import EvidenceRecord, Operand
from prme_cli.store import Store
from prme_cli.timeexpr import parse_now, zone

TZ = zone("UTC")
NOW = parse_now("2036-12-20T20:00", TZ)

TRIPS = """#+TITLE: Away

* Trips
** Trip to Lyon
<2036-02-06 Fri>--<2036-02-09 Mon>
I did not go in the end: the strike closed the line for the whole week.
** Weekend in Galway <2036-02-20 Fri>--<2036-02-22 Sun>
Booked it in January. We never went, work ate the week.
** Hamburg visit <2036-03-06 Fri>--<2036-03-08 Sun>
- trip cancelled, Jonas was ill
** Day trip to Delft <2036-03-21 Sat>
Called it off, the wind was brutal.
** Wedding in Leeds
<2036-04-04 Sat>--<2036-04-05 Sun>
We didn't make it: the car broke down on the ring road.
** Holiday in Dorset <2036-04-18 Sat>--<2036-04-25 Sat>
Ended up staying home with a fever.
** Trip to Valencia
<2036-05-01 Fri>--<2036-05-04 Mon>
Postponed to <2036-05-22 Fri>--<2036-05-25 Mon> because of the heat warning.
** Concert in Rotterdam <2036-05-16 Sat>
:LOGBOOK:
- Note taken on [2036-05-16 Sat 22:10] \\\\
  Skipped it, the sitter cancelled at six.
:END:
** Trip to Graz
<2036-06-05 Fri>--<2036-06-08 Mon>
I did not sleep much in the hostel, but the Schlossberg was worth it.
It did not rain once.
** Weekend in York
<2036-06-19 Fri>--<2036-06-21 Sun>
Didn't go to the minster but loved the walls and the Shambles.
** Trip to Tromsø
<2036-07-03 Fri>--<2036-07-06 Mon>
Midnight sun, whales. I never want to leave this place.
** Trip to Basel
<2036-07-17 Fri>--<2036-07-19 Sun>
Mara did not come in the end, so I went alone.
** Naples trip <2036-08-07 Fri>--<2036-08-11 Tue>
Thought I'd cancel because of the cold I caught, but went anyway.
*** Day trip to Pompeii <2036-08-09 Sun>
We never made it to Pompeii: the train was cancelled, so we stayed in town.
** Trip to Riga
<2036-09-02 Wed>--<2036-09-06 Sun>
Came back a day early, on the Saturday: the ferry timetable changed.
** Sardinia trip
<2036-09-12 Sat>--<2036-09-19 Sat>
- [2036-09-13 Sun] the Gola di Gorropu
- flew home two days early because of the storm
** Weekend in Tallinn (cancelled)
<2036-10-02 Fri>--<2036-10-04 Sun>
Ferry booked, hotel booked.
"""

TASKS = """#+TITLE: Tasks
#+TODO: TODO NEXT | DONE CANCELLED

* TODO Repaint the shed door
SCHEDULED: <2036-07-11 Sat>
Bought the paint, two tins of slate blue.
* TODO Hand in the tax form
DEADLINE: <2036-06-30 Tue>
* DONE Fix the kitchen tap
CLOSED: [2036-08-20 Thu 21:00]
Finally did it on <2036-08-12 Wed>, just forgot to tick it off.
* DONE Return the drill to Piet
CLOSED: [2036-09-03 Thu 18:00]
Took it back on the 28th of August; only marked it done today.
* DONE Renew the library card
CLOSED: [2036-03-02 Mon 10:15]
:LOGBOOK:
- State "DONE"       from "TODO"       [2036-03-02 Mon 10:15]
- Rescheduled from "<2036-02-24 Tue>" on [2036-02-20 Fri 12:03]
:END:
Collected it at the front desk, photo is awful.
* Dentist appointment <2036-10-14 Wed 09:00>
Moved to <2036-10-21 Wed 09:00>, the dentist is ill.
* Trip to Sofia <2036-11-06 Fri>--<2036-11-09 Mon>
We pushed it back to December.
"""


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    notes = {"away.org": TRIPS, "tasks.org": TASKS}
    yield from notes_store(tmp_path_factory.mktemp("bodies"), notes, NOW)


def _ask(store: Store, question: str) -> dict[str, Any]:
    return ask(store, question, now=NOW, tz=TZ)


def _assert_refused(store: Store, question: str) -> None:
    """The resolver itself refused (not the gate after it)."""
    doc = _ask(store, question)
    assert doc["status"] == "unsupported", doc.get("value")


# --------------------------------------------------------------------------- the resolver


@pytest.mark.parametrize(
    "question",
    [
        "How many days was I in Lyon?",  # "I did not go in the end"
        "When did I go to Lyon?",
        "When did I go to Galway?",  # "We never went"
        "How long was my Hamburg visit?",  # "- trip cancelled" (a list item)
        "When did I go on the day trip to Delft?",  # "Called it off"
        "When did I go to the wedding in Leeds?",  # "We didn't make it"
        "How long was the holiday in Dorset?",  # "Ended up staying home"
        "When did I go to Valencia?",  # "Postponed to <…>--<…>"
        "When did I go to the concert in Rotterdam?",  # "Skipped it" in a LOGBOOK note
        "When did I go to Pompeii?",  # the child heading's own denial
        "When did I go to the dentist appointment?",  # "Moved to <…>"
        "When did I go to Sofia?",  # "We pushed it back to December"
        "When did I go to Tallinn?",  # the title's own "(cancelled)"
    ],
)
def test_the_resolver_refuses_a_heading_whose_body_calls_it_off(
    store: Store, question: str
) -> None:
    _assert_refused(store, question)


@pytest.mark.parametrize(
    ("question", "field", "value"),
    [
        ("How many days was I in Graz?", "days", 3),  # "did not sleep much", "did not rain"
        ("When did I get back from York?", "date", "2036-06-21"),  # "didn't go to the minster"
        ("When did I go to Tromsø?", "date", "2036-07-03"),  # "I never want to leave"
        ("When did I get back from Basel?", "date", "2036-07-19"),  # "Mara did not come"
        ("How many days was I in Naples?", "days", 4),  # "… but went anyway"; Pompeii's own
        ("When did I go to Riga?", "date", "2036-09-02"),  # back early: the start still holds
        # org's own "- Rescheduled from …" line moved the plan, not the deed
        ("When did I renew the library card?", "date", "2036-03-02"),
    ],
)
def test_a_negation_about_something_else_leaves_the_heading_answered(
    store: Store, question: str, field: str, value: Any
) -> None:
    doc = _ask(store, question)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"][field] == value


@pytest.mark.parametrize(
    "question",
    [
        "When did I get back from Riga?",  # "Came back a day early"
        "How many days was I in Riga?",
        "When did I get back from Sardinia?",  # "flew home two days early"
    ],
)
def test_a_range_whose_body_says_it_ended_otherwise_gives_no_end(
    store: Store, question: str
) -> None:
    _assert_refused(store, question)


@pytest.mark.parametrize(
    "question",
    [
        "When did I fix the kitchen tap?",  # "Finally did it on <…>, just forgot to tick it off"
        "When did I return the drill to Piet?",  # "only marked it done today"
    ],
)
def test_a_closed_stamp_the_body_says_is_late_is_not_the_deed(store: Store, question: str) -> None:
    _assert_refused(store, question)


@pytest.mark.parametrize(
    "question", ["When did I repaint the shed door?", "When did I hand in the tax form?"]
)
def test_a_planning_stamp_alone_is_not_the_deed(store: Store, question: str) -> None:
    doc = _ask(store, question)
    assert doc["status"] != "accepted", doc.get("value")


# --------------------------------------------------------------------------- the gate


def _record(heading: str, stamp: str, body: str) -> EvidenceRecord:
    text = f"* {heading}\n{stamp}\n{body}"
    return EvidenceRecord("h", None, text, title=heading)


RANGE = "<2036-02-06 Fri>--<2036-02-09 Mon>"


def _range_operands(name: str) -> tuple[Operand, Operand]:
    first, second = RANGE.split("--")
    return (
        Operand(name, "h", RANGE, first, "org_timestamp"),
        Operand(name, "h", RANGE, second, "org_timestamp"),
    )


@pytest.mark.parametrize(
    "body",
    [
        "I did not go in the end: the strike closed the line.",
        "We never went, work ate the week.",
        "- trip cancelled, Jonas was ill",
        "Called it off, the wind was brutal.",
        "Sadly we couldn't make it in the end.",
        "Ended up staying home with a fever.",
        "Postponed to <2036-03-06 Fri>--<2036-03-09 Mon> because of the strike.",
    ],
)
def test_the_gate_refuses_a_range_whose_body_calls_the_trip_off(body: str) -> None:
    record = _record("Trip to Lyon", RANGE, body)
    found = gate_verdict("How many days was I in Lyon?", record, *_range_operands("in Lyon"))
    assert min(found) < GATE_THRESHOLD, found


@pytest.mark.parametrize(
    "body",
    [
        "I did not sleep much in the hostel, but the old town was worth it.",
        "It did not rain once.",
        "Didn't go to the basilica but loved the traboules.",
        "I never want to leave this place.",
        "Mara did not come in the end, so I went alone.",
        "Thought I'd cancel because of the cold, but went anyway.",
    ],
)
def test_the_gate_passes_a_range_whose_body_negates_something_else(body: str) -> None:
    record = _record("Trip to Lyon", RANGE, body)
    found = gate_verdict("How many days was I in Lyon?", record, *_range_operands("in Lyon"))
    assert min(found) >= GATE_THRESHOLD, found


@pytest.mark.parametrize(
    "body", ["Came back a day early, on the Sunday.", "Flew home two days early: the storm."]
)
def test_the_gate_refuses_the_end_of_a_range_the_body_says_ended_otherwise(body: str) -> None:
    record = _record("Trip to Lyon", RANGE, body)
    start, end = _range_operands("get back from Lyon")
    assert gate_verdict("When did I get back from Lyon?", record, end)[0] < GATE_THRESHOLD
    going = Operand("go to Lyon", "h", RANGE, start.time_expression, "org_timestamp")
    assert gate_verdict("When did I go to Lyon?", record, going)[0] >= GATE_THRESHOLD


@pytest.mark.parametrize(
    ("body", "late"),
    [
        ("Finally did it on <2036-08-12 Wed>, just forgot to tick it off.", True),
        ("Actually fixed it on the 12th; only marked it done today.", True),
        ("Took two goes, the washer was the wrong size.", False),
    ],
)
def test_the_gate_reads_a_closed_stamp_against_the_body(body: str, late: bool) -> None:
    closed = "CLOSED: [2036-08-20 Thu 21:00]"
    record = EvidenceRecord("h", None, f"* DONE Fix the kitchen tap\n{closed}\n{body}")
    operand = Operand("fix the kitchen tap", "h", closed, "[2036-08-20 Thu 21:00]", "org_timestamp")
    found = gate_verdict("When did I fix the kitchen tap?", record, operand)[0]
    assert (found < GATE_THRESHOLD) is late, found


# --------------------------------------------------------------------------- the scope rule


def test_a_child_headings_denial_is_not_its_parents() -> None:
    text = (
        "* Naples trip <2036-08-07 Fri>--<2036-08-11 Tue>\nLovely.\n"
        "** Day trip to Pompeii\nWe never made it to Pompeii.\n"
    )
    assert denial.read_body(text, "Naples trip").denied == ""
    child = "** Day trip to Pompeii <2036-08-09 Sun>\nWe never made it to Pompeii.\n"
    assert denial.read_body(child, "Day trip to Pompeii").denied


@pytest.mark.parametrize(
    ("clause", "denied"),
    [
        ("I did not go in the end", True),
        ("we never went", True),
        ("the trip was cancelled", True),
        ("it got called off", True),
        ("she couldn't make it", False),  # someone else's absence, not the writer's event
        ("didn't go to the castle", False),
        ("nearly called it off", False),
        ("Cancelled by the clinic the day before", True),  # who called it off, and when
        ("the trip was called off by the hosts", True),
        ("it got cancelled last minute", True),
        ("the boat tour was cancelled by the operator", False),  # another thing, with its agent
    ],
)
def test_only_a_clause_about_the_writers_event_denies_it(clause: str, denied: bool) -> None:
    assert denial.denies(clause, ["trip"], writer_only=True) is denied


@pytest.mark.parametrize(
    "body",
    [
        "Rebooked for <2039-03-29 Tue 10:00>.",
        "The clinic rang: re-booked for <2039-03-29 Tue>.",
        "We rebooked it for next month.",
    ],
)
def test_a_heading_rebooked_in_its_body_is_moved(body: str) -> None:
    text = f"* Dentist check-up <2039-02-15 Tue 10:00>\n{body}"
    assert denial.read_body(text, "Dentist check-up <2039-02-15 Tue 10:00>").moved != ""


def test_a_later_clause_takes_a_denial_back() -> None:
    text = "* Trip to Lyon\n<2036-02-06 Fri>--<2036-02-09 Mon>\nWe never went. Joke: went anyway."
    assert denial.read_body(text, "Trip to Lyon").denied == ""
    text = "* Trip to Lyon\n<2036-02-06 Fri>--<2036-02-09 Mon>\nWent anyway. No, we never went."
    assert denial.read_body(text, "Trip to Lyon").denied == "we never went"


@pytest.mark.parametrize(
    ("title", "denied"),
    [
        ("Trip to Lisbon (cancelled) <2036-02-06 Fri>--<2036-02-09 Mon>", True),
        ("Porto weekend – called off", True),
        ("Trip to Graz (no rain at all!)", False),
        ("Cancelled flights and other stories", False),
    ],
)
def test_a_titles_own_aside_can_call_it_off(title: str, denied: bool) -> None:
    text = f"* {title}\nTrams every day."
    assert bool(denial.read_body(text, title).denied) is denied


def test_a_record_without_a_heading_has_no_body() -> None:
    assert denial.read_body("I did not go in the end.", "") == denial.BodyReading()


def test_a_heading_packed_short_is_still_read_whole(tmp_path: Path) -> None:
    """Under a small budget the trip is packed *structured* (its stamps and dated lines
    only), so the packed text loses "I did not go in the end": the resolver reads the
    heading's whole stored body all the same."""
    from prme_cli import config
    from prme_cli.service import relate

    long_body = "Notes on the hotel and the museums we wanted to see. " * 30
    filler = "".join(f"** Note {i}\n{f'Trams and pastries, number {i}. ' * 6}\n" for i in range(40))
    notes = {
        "away.org": "* Trips\n** Trip to Lisbon\n<2036-02-06 Fri>--<2036-02-09 Mon>\n"
        f"{long_body}\nI did not go in the end: the strike closed the line.\n{filler}"
    }
    for store in notes_store(tmp_path, notes, NOW):
        cfg = config.load(environ={})
        found = relate(
            store,
            cfg,
            "How many days was I in Lisbon?",
            now=NOW,
            tz=TZ,
            budget=250,
            owner="tests",
            save_receipt=False,
        ).document
        assert found["status"] == "unsupported", found.get("value")
        assert "did not take place" in " ".join(found["metadata"]["explanation"])


#: A second round of wordings, written after the rules (the first ten must be refused, the
#: second ten answered): one trip each, the question always "When did I get back from X?".
NOT_TAKEN = [
    "Never made it there.",
    "We had to cancel it.",
    "Didn't happen in the end.",
    "We couldn't go because of the snow.",
    "Cancelled: the flights were grounded.",
    "Decided not to go after all.",
    "We missed it, the train was late.",
    "Gave it a miss, too tired.",
    "Stayed home instead.",
    "It fell through, the hosts had covid.",
]
TAKEN = [
    "We didn't go to the beach once, too cold.",
    "I didn't want to come home.",
    "Never went to bed before two.",
    "The boat tour was cancelled but the rest was lovely.",
    "I did not expect the food to be this good.",
    "Nothing went wrong for once.",
    "My sister couldn't make it, so I went with Tom.",
    "Almost cancelled it, glad I didn't.",
    "Didn't see the cathedral, queue too long.",
    "No rain, no delays.",
]
PLACES = [
    "Oslo Turin Cadiz Bern Leiden Aarhus Poznan Split Bilbao Nantes",
    "Lille Bremen Parma Krems Lucca Arles Ronda Evora Tartu Kotor",
]


@pytest.fixture(scope="module")
def wordings(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    lines = ["#+TITLE: Trips", "* Trips"]
    places = PLACES[0].split() + PLACES[1].split()
    for i, body in enumerate(NOT_TAKEN + TAKEN):
        month, day = 1 + i // 2, 3 + (i % 2) * 10
        lines += [
            f"** Trip to {places[i]}",
            f"<2036-{month:02d}-{day:02d}>--<2036-{month:02d}-{day + 3:02d}>",
            body,
        ]
    notes = {"trips.org": "\n".join(lines) + "\n"}
    yield from notes_store(tmp_path_factory.mktemp("wordings"), notes, NOW)


@pytest.mark.parametrize("i", range(len(NOT_TAKEN)), ids=NOT_TAKEN)
def test_other_wordings_of_a_trip_not_taken_are_refused(wordings: Store, i: int) -> None:
    place = (PLACES[0].split() + PLACES[1].split())[i]
    _assert_refused(wordings, f"When did I get back from {place}?")


@pytest.mark.parametrize("i", range(len(TAKEN)), ids=TAKEN)
def test_other_negations_on_a_trip_taken_leave_it_answered(wordings: Store, i: int) -> None:
    j = len(NOT_TAKEN) + i
    place = (PLACES[0].split() + PLACES[1].split())[j]
    doc = _ask(wordings, f"When did I get back from {place}?")
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    month, day = 1 + j // 2, 3 + (j % 2) * 10 + 3
    assert doc["value"]["date"] == f"2036-{month:02d}-{day:02d}"


ORDERED_TRIPS = """#+TITLE: Travel

* Trip to Sligo
<2036-06-11 Fri>--<2036-06-13 Sun>
Rain, pubs, a seal.
* Weekend in Cork
<2036-05-01 Fri>--<2036-05-03 Sun>
We never went: the ferry strike.
* Holiday in Crete
<2036-08-09 Sat>--<2036-08-16 Sat>
Hot, lovely.
"""


@pytest.mark.parametrize(
    "question", ["What is the order of my trips?", "Which of my trips came first?"]
)
def test_an_order_of_every_trip_leaves_out_one_its_body_calls_off(
    tmp_path: Path, question: str
) -> None:
    for notes in notes_store(tmp_path, {"travel.org": ORDERED_TRIPS}, NOW):
        doc = ask(notes, question, now=NOW, tz=TZ)
        assert doc["status"] == "accepted", doc["metadata"].get("explanation")
        assert doc["value"]["order"] == ["Trip to Sligo", "Holiday in Crete"]


# An appointment moved by a note in its LOGBOOK, with the new one on a heading of its own

APPOINTMENTS = """\
* Appointments
** Eye test <2036-03-30 Mon 17:15>
:LOGBOOK:
- Note taken on [2036-03-27 Fri 10:02] \\\\
  Optician rang: they moved me to Friday the 3rd, same time.
:END:
** Eye test <2036-04-03 Fri 17:15>
New prescription.
** Physio <2036-05-04 Mon 09:00>
Clinic phoned and moved us to the 6th.
** Physio <2036-05-06 Wed 09:00>
Knee much better.
** Dentist <2036-06-10 Wed 08:30>
They moved me up the waiting list, lucky.
"""


@pytest.fixture(scope="module")
def appointments(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(
        tmp_path_factory.mktemp("moved"), {"appointments.org": APPOINTMENTS}, NOW
    )


@pytest.mark.parametrize(
    ("question", "day"),
    [
        ("When did I have my eye test?", "2036-04-03"),
        ("When did I have physio?", "2036-05-06"),
        ("When did I go to the dentist?", "2036-06-10"),  # moved up a list, not to a day
    ],
)
def test_an_appointment_moved_by_its_body_leaves_the_new_one_no_rival(
    appointments: Store, question: str, day: str
) -> None:
    doc = ask(appointments, question, now=NOW, tz=TZ)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["date"] == day


@pytest.mark.parametrize(
    "line",
    ["Optician rang: they moved me to Friday the 3rd.", "Clinic phoned and moved us to the 6th."],
)
def test_the_body_reading_hears_the_writers_appointment_moved(line: str) -> None:
    body = denial.read_body(f"** Eye test <2036-03-30 Mon>\n{line}\n", "Eye test <2036-03-30 Mon>")
    assert body.moved
    kept = denial.read_body(
        "** Dentist <2036-06-10 Wed>\nThey moved me up the waiting list.\n", "Dentist"
    )
    assert not kept.moved
