"""Events: what a note says happened, when, to whom — extracted once, at ingest (SPEC §6).

relate reads notes as events, not as bags of words. This module holds the event record and
the extraction of events from **org structure**, which is preferred over words when both
speak:

- a task's LOGBOOK state changes: the first change into an *active* state (a not-done keyword
  other than the sequence's first, and not a waiting state such as WAITING or HOLD) is its
  **start**; the change into a done state — or its CLOSED stamp — its **end**; a change into
  a cancelled state (:data:`CANCEL_STATES`: CANCELLED, DROPPED, ABANDONED, KILLED, SKIPPED,
  MISSED, DELEGATED …) is a **cancel**, never a finish — unless the file's ``#+TODO`` lists
  the keyword as open (``TODO DELEGATED | DONE``: a wait; :func:`is_cancel_state`);
  a change into — or a CLOSED stamp under — a keyword naming another outcome
  (:data:`OUTCOME_STATES`: REJECTED, SCRAPPED, FAILED, ACCEPTED …) is an **outcome**: a
  failure or another party's verdict, which dates no deed of the writer's
  (:func:`closing_state`);
- every other state change is a **step** (``SUBMITTED`` after ``DRAFTING``, ``PAID`` after
  ``BOOKED``): a keyword that is a verb's participle names a deed of its own, dated by the
  change into it;
- a repeated task (a repeater on SCHEDULED or DEADLINE) has one **repeat** completion per
  done state change;
- CLOCK lines are **clock** intervals (their sum answers "how many hours did I spend on X");
- an active range ``<a>--<b>`` on a heading is the event's **range** (start and end);
- an active timestamp in a heading that is not a task is a **single** dated event (a meeting);
- SCHEDULED and DEADLINE are **plan** events: never evidence that something was done;
- ``:CREATED:`` is the **created** event of the note;
- an event-date property (``:WHEN:``, ``:EVENT_DATE:``; :data:`orgtime.EVENT_DATE_PROPERTIES`)
  is the heading's **single** dated event, or its **range** when it holds ``[a]--[b]``;
- a dated property named by a verb's participle is a deed (:func:`property_deed`):
  ``:STARTED:`` / ``:FINISHED:`` the heading's **start** / **end**, any other (``:BOUGHT:``,
  ``:RETURNED:``, ``:SERVICED:``) a **step** whose ``state`` is the property's name;
- a datetree day, daily-file name or ``#+DATE`` gives the entry's **day**: it dates the
  entry's past-tense first-person deeds (relate decides which clauses those are).

Every event keeps the verbatim line it comes from (``quote``) and the verbatim stamp inside it
(``expression``), so a resolver can cite it and validation can check it character for
character. The predicate of a heading's events is the heading's verb ("Migrate the billing
API" -> ``migrate``) or its event noun ("Dentist check-up" -> ``check-up``), by the one word
normaliser (:mod:`prme_cli.words`).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from prme_cli import lazyre, orgtime
from prme_cli.model import Node, Timestamp

#: The version of the extraction rules: what :func:`structure_events`, the text-event reader
#: (:mod:`prme_cli.textevents`, with the clause grammar of :mod:`prme_cli.clauses`) and the
#: time engine's readings attached to them store for the same note. **Bump it with every
#: change of those rules that changes a stored event** (``python bench/events_golden.py``
#: shows whether one did), so the stores of users who upgrade do not keep events read by
#: the old rules: ingest records the version each file's events were extracted with
#: (``files.events_version``) and re-reads, on the next ``prme ingest``, every file whose
#: version differs, even when its bytes have not changed; ``prme doctor`` reports a store
#: with such files. Unchanged files of the current version are never re-read.
#: 1: the version recorded by migration ``0028_events_version`` (older stores record none).
#: 2: a keyword the file's ``#+TODO`` lists as open (``TODO DELEGATED | DONE``) is no cancel.
#: 3: a calendar word after an unaccusative verb is its time, not its object, and a plain
#:    "came" with nothing after it but a time is an arrival ("the bees came on Sunday").
#: 4: an org-journal day heading (``* Wednesday, 03/11/37``) is a datetree day, dating the
#:    entries under it (:func:`prme_cli.orgtime.journal_day_timestamp`).
#: 5: a bare weekday or month in a clause told in the future ("the plumber will come on
#:    Monday") is the next one in the time engine's find, so such text events change.
#: 6: the time engine's find reads a length used as an adjective ("a ten-week course") as
#:    a duration, so the times stored with such text events change.
#: 7: a task closed by another outcome than the deed (REJECTED, SCRAPPED, ACCEPTED after
#:    SUBMITTED …) is an ``outcome`` event, no longer an ``end``.
#: 8: every other LOGBOOK state change is a ``step`` event (a keyword such as SUBMITTED or
#:    BOOKED names a deed of its own).
#: 9: a dated property named by a verb's participle is a deed: ``:STARTED:`` and
#:    ``:FINISHED:`` the heading's start and end, ``:BOUGHT:``, ``:RETURNED:`` … a ``step``;
#:    and find reads "in the evening out of spite", "spent the morning practising" as times
#:    again (a part of the day before an adverb or a spent doing is no noun's kind).
#: 10: find reads a stay's "last day" ("Last day at the gallery", "final day in Rome") as no
#:    time (it was the day before), so such text events lose that time.
EXTRACTION_VERSION = 10

#: Kinds of structure events, in the order a task lives through them.
STRUCTURE_KINDS: tuple[str, ...] = (
    "created",
    "plan",
    "deadline",
    "start",
    "step",
    "clock",
    "single",
    "range",
    "end",
    "cancel",
    "outcome",
    "repeat",
    "day",
)

#: The TODO keywords of a task closed without its event taking place: called off, dropped,
#: given up, an appointment skipped or missed (``#+TODO: PLAN | RAN SKIPPED``), or handed to
#: someone else (``DELEGATED``: its closing is the hand-over, never the writer's deed, and
#: says nothing of when the other person did it). The
#: library's one list (ingest's cancel events, the resolver's reading of a keyword); the
#: symbolic gate keeps its own on purpose (:mod:`prme_cli.relate.symbolic.gate_structure`).
CANCEL_STATES: frozenset[str] = frozenset(
    [
        "CANCELLED",
        "CANCELED",
        "CANCEL",
        "KILLED",
        "ABANDONED",
        "DROPPED",
        "WONTFIX",
        "WONTDO",
        "NOPE",
        "SKIPPED",
        "MISSED",
        "DELEGATED",
        "DELEGATE",
    ]
)


#: Closing keywords a file may declare that name another outcome than the task done by the
#: writer: a failure ("REPAIR | FIXED SCRAPPED", "SUBMITTED | ACCEPTED REJECTED") or another
#: party's verdict. A heading closed by one of them tells no date of the task's deed.
OUTCOME_STATES = lazyre.compile(
    r"^(?:REJECT\w*|SCRAP\w*|FAIL\w*|DECLIN\w*|DENIED|REFUSED|LOST|WITHDRAWN|RETURNED"
    r"|ACCEPTED|APPROVED|BROKEN|DEAD|OBSOLETE|DUPLICATE|INVALID)$",
    re.IGNORECASE,
)


def closing_state(keyword: str | None, open_keywords: Iterable[str] = ()) -> str | None:
    """How ``keyword`` closes its task when it is not the writer's deed done: ``"cancel"``
    (:data:`CANCEL_STATES`: the event did not take place) or ``"outcome"``
    (:data:`OUTCOME_STATES`: a failure or another party's verdict — ``ACCEPTED`` after
    ``SUBMITTED`` is the day the editor answered, not the day the writer sent it); ``None``
    for a keyword the file lists as open and for every other one (DONE, FIXED …: the deed)."""
    if keyword is None or keyword in open_keywords:
        return None
    if keyword.upper() in CANCEL_STATES:
        return "cancel"
    if OUTCOME_STATES.match(keyword):
        return "outcome"
    return None


def is_cancel_state(keyword: str | None, open_keywords: Iterable[str] = ()) -> bool:
    """Is ``keyword`` (any case) a state of :data:`CANCEL_STATES` that closes the task?

    The file's own keyword sequence decides whether a keyword is open or closed (``#+TODO``,
    ``#+SEQ_TODO``, ``#+TYP_TODO``, else the configured ``org.todo_keywords``, as the org
    reader parsed them, fast-access keys such as ``(d!)`` stripped): a keyword the file lists
    as *open* (before its ``|``: ``#+TODO: TODO DELEGATED | DONE``, "waiting for the person
    I handed it to") is never a cancel; one it lists as closed, or does not list, is read by
    its name — DELEGATED, CANCELLED … after the ``|`` close the task with a hand-over or a
    cancel, not with the deed."""
    return closing_state(keyword, open_keywords) == "cancel"


@dataclass(frozen=True, slots=True)
class FileKeywords:
    """The TODO keyword sets a file declares itself (its ``#+TODO:``, ``#+SEQ_TODO:`` and
    ``#+TYP_TODO:`` lines, all of them, fast-access keys stripped), as the org reader read
    them and the store keeps them (``files.todo_keywords``). Org reads a heading's first word
    as a keyword exactly when the file lists it, so a reader of the heading's text does too;
    a file that declares none (both sets empty) leaves the reader to the keywords seen in
    the wild. Kept apart from the configured keywords, which the user's own org may not
    share."""

    open: frozenset[str] = frozenset()
    done: frozenset[str] = frozenset()

    @classmethod
    def of(cls, open_keywords: Iterable[str], done_keywords: Iterable[str]) -> FileKeywords:
        return cls(frozenset(open_keywords), frozenset(done_keywords))

    @property
    def declared(self) -> bool:
        return bool(self.open or self.done)

    def lists(self, word: str | None) -> bool:
        """Is ``word`` one of the file's keywords?"""
        return word is not None and (word in self.open or word in self.done)

    def finished(self, word: str | None) -> bool | None:
        """Does the keyword close the task with the deed done? ``None`` when the file declares
        no keywords (the reader's defaults decide); a keyword after the ``|`` is done unless
        it is a cancel (:func:`is_cancel_state`) or names another outcome
        (:data:`OUTCOME_STATES`: SCRAPPED, REJECTED …), any other is not."""
        if not self.declared:
            return None
        return word is not None and word in self.done and closing_state(word, self.open) is None


#: A file that declares no keywords of its own.
NO_FILE_KEYWORDS = FileKeywords()


_WAITING = lazyre.compile(
    r"^(?:WAIT\w*|HOLD|ON-?HOLD|SOMEDAY|MAYBE|BLOCKED|DELEGATED)$", re.IGNORECASE
)


@dataclass(frozen=True, slots=True)
class TimeRef:
    """A time expression attached to a text event's clause, found by the time engine at
    ingest and anchored at the note's own time: ``at`` is its offset in the event's quote;
    ``start``/``end`` its wall-clock window (None for a duration or an unanchored note),
    ``grain`` its precision, ``approximate`` its uncertainty ("about three weeks ago")."""

    text: str
    at: int
    kind: str
    start: datetime | None
    end: datetime | None
    grain: str | None
    approximate: bool = False
    seconds: str | None = None

    def to_json(self) -> list[Any]:
        return [
            self.text,
            self.at,
            self.kind,
            self.start.isoformat() if self.start else None,
            self.end.isoformat() if self.end else None,
            self.grain,
            self.approximate,
            self.seconds,
        ]

    @classmethod
    def from_json(cls, item: Sequence[Any]) -> TimeRef:
        text, at, kind, start, end, grain, approximate, seconds = item
        return cls(
            text,
            at,
            kind,
            datetime.fromisoformat(start) if start else None,
            datetime.fromisoformat(end) if end else None,
            grain,
            bool(approximate),
            seconds,
        )


@dataclass(frozen=True, slots=True)
class Event:
    """One event. ``start``/``end`` are wall-clock (naive), half-open; ``seconds`` is a
    duration (a CLOCK line's length). ``quote`` is a verbatim line of the note and
    ``expression`` a verbatim part of it."""

    kind: str
    quote: str
    expression: str
    start: datetime | None
    end: datetime | None
    grain: str = "day"
    source: str = "org"
    predicate: str = ""
    object: str = ""
    state: str | None = None
    seconds: int | None = None
    modality: str = "asserted"  # asserted | planned | wished | asked
    polarity: str = "positive"  # positive | negative (a cancel, a negated clause)
    line: int = 0
    #: text events (``source = "text"``, :mod:`prme_cli.textevents`): the sense class of the
    #: predicate, who takes part, the object's ordinal in a series (1, 2, …; -1 last; 0
    #: another), the time expressions attached to the clause, who says it, and where the
    #: clause is: the sentence's index in the note and the clause's span inside ``quote``
    sense: str = ""
    participants: tuple[str, ...] = ()
    ordinal: int | None = None
    times: tuple[TimeRef, ...] = ()
    speaker: str | None = None
    sentence: int | None = None
    clause_start: int | None = None
    clause_end: int | None = None

    def to_row(self, obj: int) -> tuple[Any, ...]:
        return (
            obj,
            self.source,
            self.kind,
            self.predicate,
            self.object,
            self.state,
            self.modality,
            self.polarity,
            _wall(self.start),
            _wall(self.end),
            self.grain,
            self.seconds,
            self.quote,
            self.expression,
            self.line,
            self.sense,
            "\x1f".join(self.participants),
            self.ordinal,
            json.dumps([t.to_json() for t in self.times], separators=(",", ":"))
            if self.times
            else "",
            self.speaker,
            self.sentence,
            self.clause_start,
            self.clause_end,
        )

    @classmethod
    def from_row(cls, row: Sequence[Any]) -> Event:
        (source, kind, predicate, obj, state, modality, polarity, start, end, grain, seconds) = row[
            :11
        ]
        quote, expression, line = row[11:14]
        sense, participants, ordinal, times, speaker, sentence, clause_start, clause_end = row[
            14:22
        ]
        return cls(
            kind=kind,
            quote=quote,
            expression=expression,
            start=_from_wall(start),
            end=_from_wall(end),
            grain=grain,
            source=source,
            predicate=predicate,
            object=obj,
            state=state,
            seconds=seconds,
            modality=modality,
            polarity=polarity,
            line=line,
            sense=sense or "",
            participants=tuple(participants.split("\x1f")) if participants else (),
            ordinal=ordinal,
            times=tuple(TimeRef.from_json(t) for t in json.loads(times)) if times else (),
            speaker=speaker,
            sentence=sentence,
            clause_start=clause_start,
            clause_end=clause_end,
        )


#: Columns of the ``events`` table after ``obj``, in :meth:`Event.to_row` order.
COLUMNS: tuple[str, ...] = (
    "source",
    "kind",
    "predicate",
    "object",
    "state",
    "modality",
    "polarity",
    "start",
    '"end"',
    "grain",
    "seconds",
    "quote",
    "expression",
    "line",
    "sense",
    "participants",
    "ordinal",
    "times",
    "speaker",
    "sentence",
    "clause_start",
    "clause_end",
)


def _wall(moment: datetime | None) -> int | None:
    if moment is None:
        return None
    from prme_cli.store import wall_seconds

    return wall_seconds(moment)


def _from_wall(value: int | None) -> datetime | None:
    if value is None:
        return None
    from prme_cli.store import from_wall_seconds

    return from_wall_seconds(value)


# --------------------------------------------------------------------------- predicates


def title_predicate(title: str) -> tuple[str, str]:
    """(predicate, object) of a heading title: an imperative verb first ("Migrate the
    billing API to v2" -> ``migrate``, "the billing API to v2"), else the last word that is
    an event noun or a noun ("Dentist check-up" -> ``check-up``), else ``""``."""
    from prme_cli import words

    text = _strip_stamps(title)
    found = words.tokens(text)
    if not found:
        return "", text
    first = found[0][2]
    if words.is_verb_lemma(first.lower()):
        return words.event_key(first), text[found[0][1] :].strip()
    # the head of the first noun phrase: its last noun before a preposition
    head = ""
    for _, _, word in found:
        if word.lower() in _PREPOSITIONS:
            break
        if word[0].isalpha() and "NOUN" in words.lemmas(word):
            head = word
    return (words.event_key(head) if head else ""), text


_PREPOSITIONS = frozenset(
    [
        "for",
        "of",
        "in",
        "on",
        "at",
        "to",
        "from",
        "with",
        "by",
        "about",
        "into",
        "after",
        "before",
        "during",
        "over",
        "under",
    ]
)
_STAMP = lazyre.compile(r"[<\[]\d{4}-\d{2}-\d{2}[^>\]]*[>\]](?:--[<\[][^>\]]*[>\]])?")


def _strip_stamps(text: str) -> str:
    return " ".join(_STAMP.sub(" ", text).split())


# --------------------------------------------------------------------------- extraction


def _line_with(node: Node, ts: Timestamp) -> str:
    """The verbatim line of the node that holds ``ts`` (its heading title or a body line)."""
    if ts.line == node.line or not node.body:
        return node.title if ts.raw in node.title else ts.raw
    lines = node.body.splitlines()
    offset = ts.line - node.line - 1
    if 0 <= offset < len(lines) and ts.raw in lines[offset]:
        return lines[offset].strip()
    for line in lines:
        if ts.raw in line:
            return line.strip()
    return ts.raw


def _is_repeated(node: Node) -> bool:
    return any(t.kind in ("scheduled", "deadline") and t.repeater for t in node.timestamps)


def structure_events(
    node: Node, todo_keywords: Sequence[str], done_keywords: Sequence[str]
) -> list[Event]:
    """The events a heading's org structure states (see the module docstring)."""
    predicate, obj = title_predicate(node.title)
    todo = tuple(todo_keywords)
    done = tuple(done_keywords)
    first_open = todo[0] if todo else "TODO"
    out: list[Event] = []

    def add(kind: str, ts: Timestamp, **extra: Any) -> None:
        out.append(
            Event(
                kind=kind,
                quote=_line_with(node, ts),
                expression=ts.raw,
                start=ts.start,
                end=ts.end,
                grain="minute" if ts.has_time else "day",
                predicate=predicate,
                object=obj,
                line=ts.line,
                **extra,
            )
        )

    repeated = _is_repeated(node)
    task_closing = closing_state(node.todo, todo)
    states = sorted((t for t in node.timestamps if t.kind == "state" and t.start), key=_start)
    started = False
    for ts in states:
        state = ts.label or ""
        closing = closing_state(state, todo)
        if closing == "cancel":
            add("cancel", ts, state=state, polarity="negative")
        elif closing == "outcome":
            add("outcome", ts, state=state)
        elif state in done or (not todo and state == "DONE"):
            add("repeat" if repeated else "end", ts, state=state)
        elif not started and state != first_open and not _WAITING.match(state):
            started = True
            add("start", ts, state=state)
        else:
            # a later step of the sequence ("SUBMITTED" after "DRAFTING"): the keyword may
            # name a deed of its own, dated by this change (relate decides)
            add("step", ts, state=state)
    for ts in node.timestamps:
        if ts.start is None:
            continue
        if ts.kind == "closed" and not repeated:
            if task_closing == "cancel":
                add("cancel", ts, state=node.todo, polarity="negative")
            elif task_closing == "outcome":
                add("outcome", ts, state=node.todo)
            else:
                add("end", ts, state=node.todo)
        elif ts.kind == "clock" and ts.end is not None and ts.end > ts.start:
            seconds = int((ts.end - ts.start).total_seconds())
            add("clock", ts, seconds=seconds)
        elif ts.kind == "range" and ts.label == "active":
            add("range", ts)
        elif ts.kind == "active" and not node.todo and ts.line == node.line:
            add("single", ts)
        elif ts.kind == "scheduled":
            add("plan", ts, modality="planned")
        elif ts.kind == "deadline":
            add("deadline", ts, modality="planned")
        elif ts.kind == "created":
            add("created", ts)
        elif orgtime.is_event_date(ts):
            # ":WHEN: [a]--[b]" is the event's start and end, ":WHEN: [a]" its day
            add("range" if "--" in ts.raw else "single", ts)
        elif ts.kind == "property" and (deed := property_deed(ts.label or "")):
            # ":BOUGHT: [2045-01-03 Tue]", ":FINISHED: [2045-01-29 Sun]": a deed the
            # property's name tells, dated by its stamp
            add(deed, ts, state=(ts.label or "").upper())
        elif (
            ts.kind in ("datetree", "filename", "keyword")
            and ts.end is not None
            and ts.end - ts.start <= _ONE_DAY
        ):
            add("day", ts)
    return out


_ONE_DAY = datetime(2000, 1, 2) - datetime(2000, 1, 1)

#: The verbs whose participle, as a property's name, is the heading's own start or end
#: (``:STARTED:``, ``:FINISHED:`` of a book in a reading log); any other participle
#: (``:BOUGHT:``, ``:RETURNED:``, ``:SERVICED:``) is a ``step``: a deed of its own.
_PROPERTY_START = frozenset(["start", "begin"])
_PROPERTY_END = frozenset(["finish", "complete", "end"])


def property_deed(name: str) -> str | None:
    """The kind of event a dated property's name tells: ``start``, ``end`` or ``step`` for
    the past participle of a verb (``STARTED``, ``FINISHED``, ``BOUGHT``, ``SERVICED``),
    None for any other name (``LAST_REPEAT``, ``ARCHIVE_TIME``, ``BOOKCLUB``, ``READ``,
    whose tense cannot be told, or a gerund such as ``READING``)."""
    from prme_cli import words

    low = name.lower()
    if not low.isalpha() or low.endswith("ing"):
        return None
    key = words.event_key(low)
    if key == low or not words.is_verb_lemma(key) or not words.is_past_participle(low):
        return None
    if key in _PROPERTY_START:
        return "start"
    if key in _PROPERTY_END:
        return "end"
    return "step"


def _start(ts: Timestamp) -> datetime:
    assert ts.start is not None
    return ts.start


def rows_for(obj: int, events: Iterable[Event]) -> list[tuple[Any, ...]]:
    return [e.to_row(obj) for e in events]


def dumps(events: Sequence[Event]) -> str:
    """Events as JSON (for ``prme show`` and debugging)."""
    return json.dumps(
        [
            {
                "kind": e.kind,
                "predicate": e.predicate,
                "state": e.state,
                "start": e.start.isoformat() if e.start else None,
                "end": e.end.isoformat() if e.end else None,
                "quote": e.quote,
            }
            for e in events
        ]
    )
