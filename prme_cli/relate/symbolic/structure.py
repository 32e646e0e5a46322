"""Org structure as evidence: answer an event from a task's or heading's structure events.

When a question's event is a heading of the notes — a task ("Migrate the billing API to
v2"), an appointment ("Kickoff meeting … <2026-06-29 Mon 10:00>"), a trip with a date range —
the structure says what happened and when better than any sentence (SPEC §6: "preferred over
words when both speak"). This family matches an :class:`EventDescription` to the headings
among the packed records and picks the structure event its aspect asks for:

- a **start** ("started", "began") is the task's first change into an active state, else its
  first CLOCK line, else its range's first day;
- an **end** ("finished", "got back from", or doing what the task says: "fix the gutter") is
  its CLOSED stamp or done state change, or its range's last day; a cancelled task has no end
  and an open one is not done: both are refused with the reason, whatever the words say;
  so is one closed by another outcome (REJECTED, SCRAPPED, ACCEPTED after SUBMITTED: a
  verdict or a failure, dated when it came, not when the deed was done);
- a heading without aspect is dated by its range's start, its appointment stamp, or its end;
- "created the ticket" is its ``:CREATED:``; "last" (an ordinal of -1) is the latest of a
  repeated task's completions up to the question time;
- a plan asked as a plan ("when am I going to …") is its SCHEDULED or DEADLINE date;
- "how many hours did I spend on X" is the sum of X's CLOCK lines.

A heading is the event only when every content word of the event's name is in its title
(titles name tasks tersely, so a partial match is someone else's task), the title's own verb
is not another verb ("Order a standing desk" is not the desk's arrival), and no other heading
matches as well. Every answer is an operand citing the structure line verbatim
(``- State "DONE" from "STARTED" [2026-07-24 Fri 17:10]``, ``CLOSED: [...]``, ``CLOCK: … =>
4:10``, the range) with its org stamp, so validation reads it by the org extractor.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from prme_cli import denial, lazyre, words
from prme_cli.events import Event
from prme_cli.relate.symbolic import lexicon
from prme_cli.relate.types import EvidenceRecord, Operand

if TYPE_CHECKING:
    from prme_cli.relate.frame import EventDescription, Frame

#: Words of an event's name that say which part of a task or trip is meant, not what it is.
_RETURN = frozenset({"return", "back", "home"})
_DEPART = frozenset({"leave", "depart", "set", "off"})
#: Verbs that say only that an event took place ("go to the dentist", "have the check-up").
_LIGHT = frozenset(
    ["go", "get", "come", "have", "do", "take", "attend", "make", "work", "be"]
)  # event keys
#: Nouns that refer to a task itself.
_TASK_NOUNS = frozenset(
    ["task", "ticket", "item", "todo", "issue", "card", "entry", "project", "job"]
)
#: Nouns for a trip as a whole: the one list (:data:`prme_cli.denial.TRIP_WORDS`).
TRIP_NOUNS = denial.TRIP_WORDS
_CREATE = frozenset(["create", "add", "open", "file", "log", "note", "jot"])
_PARTICLES = frozenset(
    ["from", "to", "for", "of", "on", "in", "at", "with", "up", "out", "over", "about"]
)


@dataclass(slots=True)
class Pick:
    """An operand found in structure (``record`` and ``window`` as the text path's
    candidates have them, so the resolver's joint checks apply to both)."""

    record: EvidenceRecord
    operand: Operand
    window: tuple[datetime, datetime, str] | None
    note: str


@dataclass(slots=True)
class Refusal:
    """The heading is the event, and its structure says it cannot be answered;
    ``called_off`` when the event did not take place (a cancelled task, a body that says so):
    an order of every event of a kind leaves it out."""

    reason: str
    called_off: bool = False


#: An org timestamp in a title, which tells no deed ("Lena's graduation <2040-05-15 Tue>").
_STAMP = lazyre.compile(r"[<\[]\d{4}-\d{2}-\d{2}[^>\]]*[>\]]")


def _title_keys(record: EvidenceRecord) -> set[str]:
    title = re.sub(r"[<\[]\d{4}-\d{2}-\d{2}[^>\]]*[>\]]", " ", record.title)
    return {
        words.event_key(w)
        for _, _, w in words.tokens(title)
        if not lexicon.is_stop(w.lower()) and w.lower() not in _PARTICLES
    }


def _activity_keywords(record: EvidenceRecord) -> set[str]:
    """Nouns the heading's LOGBOOK states name: a task that went from ``REPAIR`` to
    ``FIXED`` under "Bicycle: rear hub grinding" is the rear hub's repair, as its title
    would say. Only a keyword that is a noun as written ("repair", "review"), the activity
    the task was in; not a participle ("SUBMITTED" is a deed, :func:`state_deeds`) nor
    the generic ``TODO``/``DONE``."""
    found: set[str] = set()
    for event in record.events:
        state = (event.state or "").lower()
        if not state or not _STATE_LINE.match(event.quote):
            continue
        for keyword in re.findall(r'from\s+"([A-Za-z]+)"', event.quote) + [state]:
            low = keyword.lower()
            if low not in _GENERIC_STATES and words.event_key(low) == low:
                found.add(low)
    return found


#: Keywords that name no activity of their own.
_GENERIC_STATES = frozenset(
    [
        "todo",
        "done",
        "next",
        "waiting",
        "hold",
        "someday",
        "cancelled",
        "canceled",
        "started",
        "wait",
        "doing",
        "active",
        "inbox",
    ]
)


def _title_verb(record: EvidenceRecord) -> str | None:
    found = words.tokens(record.title)
    if found and words.is_verb_lemma(found[0][2].lower()):
        return words.event_key(found[0][2])
    return None


_STATE_LINE = lazyre.compile(r'^\s*-\s*State\s+"')
#: A property line naming its deed (``:BOUGHT: [2045-01-03 Tue]``, events.property_deed).
_PROPERTY_LINE = lazyre.compile(r"^\s*:[A-Za-z]+:\s")


def state_deeds(events: Sequence[Event]) -> dict[str, list[Event]]:
    """The deeds a task's state changes name, by the verb's key: a keyword that is a verb's
    participle or gerund (``SUBMITTED`` -> submit, ``BOOKED`` -> book, ``SENT`` -> send,
    ``DRAFTING`` -> draft) is that deed, done — or, for a gerund, begun — at the change into
    it; a dated property so named (``:BOUGHT: [..]``) is that deed on its day. A bare verb (``REPAIR``, ``APPLY``, ``TODO``) names what is still to do, not a deed."""
    out: dict[str, list[Event]] = {}
    for event in events:
        if not event.state or not (
            _STATE_LINE.match(event.quote) or _PROPERTY_LINE.match(event.quote)
        ):
            continue  # a CLOSED stamp carries its heading's keyword, not a change into it
        low = event.state.lower()
        key = words.event_key(low)
        if key == low or not words.is_verb_lemma(key):
            continue
        out.setdefault(key, []).append(event)
    return out


def _state_deed(
    desc: EventDescription, by_kind: dict[str, list[Event]], now: datetime
) -> tuple[Event | None, str]:
    """The state change that is the asked deed itself ("When did I submit the article?" ->
    ``- State "SUBMITTED" …``), or why the changes cannot say; ``(None, "")`` when no
    keyword names the deed."""
    events = [e for kind in by_kind.values() for e in kind]
    found = state_deeds(events).get(desc.predicate, [])
    if not found:
        return None, ""
    keyword = found[0].state or ""
    begun = keyword.lower().endswith("ing")
    if begun and desc.aspect != "start":
        return None, f"the change into {keyword} is when it began, not when it was done"
    if not begun and desc.aspect == "start":
        return None, f"the change into {keyword} is the deed done, not its start"
    past = sorted(
        (e for e in found if e.start is not None and e.start <= now), key=lambda e: e.start or now
    )
    if not past:
        return None, f"no change into {keyword} before the question"
    if len(past) > 1 and desc.ordinal not in (1, -1):
        return None, f"changed into {keyword} {len(past)} times; which one is not asked"
    return (past[-1] if desc.ordinal == -1 else past[0]), ""


def _needed(desc: EventDescription, has_range: bool) -> tuple[set[str], str | None, bool, bool]:
    """(keys the title must hold, the aspect asked, a creation asked, a return asked)."""
    keys = set(desc.object)
    if desc.predicate:
        keys.add(desc.predicate)
    aspect = desc.aspect
    created = bool(keys & _CREATE)
    back = bool(keys & _RETURN)
    if back:
        aspect = "end"
    if keys & _DEPART and has_range:
        aspect = aspect or "start"
    drop = _LIGHT | _RETURN | _DEPART | _CREATE | _TASK_NOUNS | {"it", "them", "one"}
    if has_range:
        drop |= TRIP_NOUNS
    return {k for k in keys - drop if k not in _PARTICLES}, aspect, created, back


def _window(event: Event, which: str = "start") -> tuple[datetime, datetime, str] | None:
    if event.start is None:
        return None
    if event.kind == "range" and which == "end" and event.end is not None:
        last = event.end - timedelta(days=1)
        return (last, event.end, "day")
    if event.kind == "range":
        return (event.start, event.start + timedelta(days=1), "day")
    end = event.end if event.end and event.end > event.start else event.start
    return (event.start, end + timedelta(minutes=1), event.grain)


def _range_parts(expression: str) -> tuple[str, str]:
    first, _, second = expression.partition("--")
    return first, second or first


def _operand(desc: EventDescription, record: EvidenceRecord, event: Event, part: str) -> Operand:
    expression = event.expression
    if event.kind == "range":
        first, second = _range_parts(expression)
        expression = second if part == "end" else first
    return Operand(desc.text, record.id, event.quote, expression, "org_timestamp")


def _match(
    desc: EventDescription, records: Sequence[EvidenceRecord]
) -> tuple[EvidenceRecord | None, str]:
    scored: list[tuple[float, EvidenceRecord]] = []
    for record in records:
        events = [e for e in record.events if e.kind != "day"]
        if not events or not record.title:
            continue
        has_range = any(e.kind == "range" for e in events)
        need, _, _, _ = _needed(desc, has_range)
        # "submit the article" under "* Tram article" whose LOGBOOK changed into SUBMITTED
        by_state = bool(desc.predicate) and desc.predicate in state_deeds(events)
        if by_state:
            need.discard(desc.predicate)
        if not need:
            continue
        title = _title_keys(record) | _activity_keywords(record)
        covered = len(need & title) / len(need)
        verb = _title_verb(record)
        other_verb = verb and verb not in need and verb not in _LIGHT
        if (
            other_verb
            and not by_state
            and desc.predicate not in ("", verb, *_LIGHT, *_CREATE, *_RETURN)
        ):
            continue  # "Order a standing desk" is not the desk's arrival
        if covered >= 1.0:
            scored.append((covered, record))
    if not scored:
        return None, ""
    if len(scored) > 1:
        return None, ""  # several headings name it: the words decide (the text path)
    return scored[0][1], ""


def _latest(events: list[Event], now: datetime) -> Event | None:
    past = [e for e in events if e.start is not None and e.start <= now]
    return max(past, key=lambda e: e.start or now) if past else None


def pick(
    desc: EventDescription,
    frame: Frame,
    records: Sequence[EvidenceRecord],
    now: datetime,
) -> Pick | Refusal | None:
    """The structure event that answers ``desc``, a refusal the structure forces, or None
    when no heading is this event (the text path then reads the sentences)."""
    record, why = _match(desc, records)
    if record is None:
        return Refusal(why) if why else None
    return from_heading(desc, frame, record, now)


def from_heading(
    desc: EventDescription, frame: Frame, record: EvidenceRecord, now: datetime
) -> Pick | Refusal | None:
    """The structure event of the heading ``record`` that answers ``desc`` (see :func:`pick`,
    which first finds the one heading that is the event)."""
    events = [e for e in record.events if e.kind != "day"]
    by_kind: dict[str, list[Event]] = {}
    for e in events:
        by_kind.setdefault(e.kind, []).append(e)
    has_range = "range" in by_kind
    _, aspect, created, _ = _needed(desc, has_range)
    if desc.boundary:
        aspect = "start" if desc.boundary == "start" else "end"
    label = f"'{desc.text}' -> heading {record.id} \"{record.title}\""
    wall_now = now.replace(tzinfo=None)

    def done(event: Event, part: str, why: str) -> Pick:
        window = _window(event, part)
        if window is not None and now.tzinfo is not None:
            window = (
                window[0].replace(tzinfo=now.tzinfo),
                window[1].replace(tzinfo=now.tzinfo),
                window[2],
            )
        return Pick(record, _operand(desc, record, event, part), window, f"{label}: {why}")

    if frame.planned:
        plans = by_kind.get("plan", []) + by_kind.get("deadline", [])
        if len(plans) == 1:
            return done(plans[0], "start", "its planned date (SCHEDULED/DEADLINE)")
        coming = [
            e for e in by_kind.get("single", []) if e.start is not None and e.start > wall_now
        ]
        if not plans and len(coming) == 1:
            # "When is my annual review?" over "* Annual review <2034-06-02 Fri>": an
            # appointment's stamp still ahead is its planned date
            return done(coming[0], "start", "the stamp of an appointment still to come")
        return Refusal(f"{label}: no single planned date")
    if created:
        if "created" in by_kind:
            return done(by_kind["created"][0], "start", "its CREATED property")
        return Refusal(f"{label}: no CREATED date")
    step, unsaid = _state_deed(desc, by_kind, wall_now) if desc.predicate else (None, "")
    if step is not None:
        # the keyword is the deed: SUBMITTED dates submitting, whatever came after it
        told = "its :{}: property" if _PROPERTY_LINE.match(step.quote) else "its change into {}"
        return done(step, "start", told.format(step.state))
    if unsaid:
        return Refusal(f"{label}: {unsaid}")
    if "cancel" in by_kind and aspect != "start":
        return Refusal(f"{label}: the task was cancelled, which is not a finish", True)
    if "outcome" in by_kind and "end" not in by_kind and aspect != "start":
        # "SUBMITTED | ACCEPTED REJECTED", "REPAIR | FIXED SCRAPPED": the closing is a verdict
        # or a failure, dated when it came, not when the task's deed was done
        state = by_kind["outcome"][-1].state
        return Refusal(f"{label}: closed as {state}, another outcome than the deed")
    body = denial.read_body(record.whole_text, record.title)
    dated_by_stamp = not ({"start", "end", "repeat"} & set(by_kind))
    if body.denied or (body.moved and dated_by_stamp):
        # "I did not go in the end", "Postponed to <…>": the heading's range or stamp is not
        # the event's time (the body's own new dates are left to the words, if they can be
        # cited); a moved plan does not undo a task's done state change
        return Refusal(f"{label}: {body.reason()}", bool(body.denied))
    attending = denial.attendance(desc.text)
    if attending is not None and not denial.writer_is_doer(_STAMP.sub(" ", record.title)):
        # "Lena's graduation <…>" / "I wasn't there, flight delayed": the event took place,
        # the attendance asked did not (the event itself keeps its date)
        absent = denial.body_absence(record.whole_text, record.title, attending)
        if absent:
            return Refusal(f"{label}: its body says the writer took no part: '{absent}'")
    if "repeat" in by_kind and aspect != "start":
        if desc.ordinal != -1 and len(by_kind["repeat"]) > 1:
            return Refusal(f"{label}: a repeated task; which completion is not asked")
        latest = _latest(by_kind["repeat"], wall_now)
        if latest is None:
            return Refusal(f"{label}: no completion before the question")
        return done(latest, "start", "its latest completion in the LOGBOOK")
    if aspect == "start":
        for kind, why in (("start", "its first change into an active state"),):
            if kind in by_kind:
                return done(by_kind[kind][0], "start", why)
        if "clock" in by_kind:
            first = min(by_kind["clock"], key=lambda e: e.start or wall_now)
            return done(first, "start", "its first CLOCK line")
        if has_range:
            return done(by_kind["range"][0], "start", "the first day of its date range")
        return None
    if aspect == "end" or "end" in by_kind:
        ends = by_kind.get("end", [])
        if ends and body.marked_late:
            return Refusal(
                f"{label}: its body says it was done at another time than it was marked done: "
                f"'{body.marked_late}'"
            )
        if ends:
            closed = [e for e in ends if e.quote.lstrip().startswith("CLOSED")]
            chosen = closed[0] if closed else max(ends, key=lambda e: e.start or wall_now)
            return done(chosen, "start", "CLOSED / its change into a done state")
        if has_range and body.ended_otherwise:
            return Refusal(
                f"{label}: its body says it ended otherwise than its range: "
                f"'{body.ended_otherwise}'"
            )
        if has_range:
            return done(by_kind["range"][0], "end", "the last day of its date range")
        if "plan" in by_kind or "deadline" in by_kind or "start" in by_kind:
            return Refusal(f"{label}: the task is not done (planned or only started)")
        return None
    if has_range:
        return done(by_kind["range"][0], "start", "the first day of its date range")
    if "single" in by_kind:
        single = by_kind["single"][0]
        if single.start is not None and single.start > wall_now:
            return Refusal(f"{label}: the appointment is after the question")
        return done(single, "start", "the timestamp of the appointment")
    if "plan" in by_kind or "deadline" in by_kind or "start" in by_kind:
        return Refusal(f"{label}: the task is not done (planned or only started)")
    return None


def kind_headings(noun: str, modifiers: Sequence[str], records: Sequence[EvidenceRecord]):
    """The headings among ``records`` that are events of a kind ("museum", "trip"): the
    title holds the kind's noun and its modifiers, or — for a trip — the heading spans a
    date range and its title names a stay away ("Weekend in Belfast"). A title led by
    another verb ("Book the Porto trip") is a task about the thing, not the thing."""
    out = []
    for record in records:
        events = [e for e in record.events if e.kind != "day"]
        if not events or not record.title:
            continue
        title = _title_keys(record)
        if not set(modifiers) <= title:
            continue
        trip = noun in TRIP_NOUNS and any(e.kind == "range" for e in events)
        if noun not in title and not (trip and title & TRIP_NOUNS):
            continue
        verb = _title_verb(record)
        if verb and verb not in _LIGHT and verb != noun and verb not in TRIP_NOUNS:
            continue
        out.append(record)
    return out


def clock_total(
    desc: EventDescription, records: Sequence[EvidenceRecord]
) -> tuple[list[Operand], str] | Refusal | None:
    """The CLOCK lines of the heading ``desc`` names: each ``=> H:MM`` is one duration. A
    heading without CLOCK lines of its own (a project: "* Website relaunch" over its tasks)
    sums the CLOCK lines of the headings below it among the records; an open clock (no
    ``=>``) is refused, as the time spent is not known yet."""
    record, why = _match(desc, records)
    if record is None and not why:
        record = _project(desc, records)
    if record is None:
        return Refusal(why) if why else None
    clocked = [(record, e) for e in record.events if e.kind == "clock"]
    below = ""
    tasks: list[EvidenceRecord] = []
    if not clocked:
        inside = record.path + (record.title,)
        tasks = [r for r in records if r.file == record.file and r.path[: len(inside)] == inside]
        clocked = [(r, e) for r in tasks for e in r.events if e.kind == "clock"]
        below = f" and the {len(tasks)} headings below it"
    if not clocked:
        return None
    running = [r for r in (tasks if below else [record]) if _OPEN_CLOCK.search(r.text)]
    if running:
        return Refusal(
            f"'{desc.text}': a CLOCK line of heading {running[0].id} is still running, so the "
            "time spent is not known yet"
        )
    operands = []
    for where, event in clocked:
        m = re.search(r"=>\s*\d+:[0-5]\d", event.quote)
        if m is None:
            return Refusal(f"'{desc.text}': a CLOCK line of heading {where.id} has no duration")
        operands.append(Operand(desc.text, where.id, event.quote, m.group(0), "duration"))
    return (
        operands,
        f"'{desc.text}' -> heading {record.id}{below}: the sum of {len(clocked)} CLOCK lines",
    )


#: A CLOCK line that was started and not stopped: "CLOCK: [2029-06-18 Mon 09:00]".
_OPEN_CLOCK = lazyre.compile(r"^[ \t]*CLOCK:[ \t]*\[[^\]\n]*\][ \t]*$", re.MULTILINE)


def _project(desc: EventDescription, records: Sequence[EvidenceRecord]) -> EvidenceRecord | None:
    """The one heading without org events whose title names ``desc`` whole ("the garden
    shed" -> "* Garden shed"), when some record lies below it: a project over its tasks."""
    need, _, _, _ = _needed(desc, False)
    if not need:
        return None
    found = [
        r
        for r in records
        if r.title
        and need <= _title_keys(r)
        and any(
            o.file == r.file and o.path[: len(r.path) + 1] == (*r.path, r.title) for o in records
        )
    ]
    return found[0] if len(found) == 1 else None
