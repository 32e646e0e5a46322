"""Check a resolver's citations in code before anything is computed (SPEC §6.4).

The resolution crosses a trust boundary: a model may have produced it. Every rule here
turns a way a citation can be wrong into a stable ``code``; an empty list means valid.

Decisions worth knowing:

- **Verbatim** means an exact, case-sensitive substring of the record text. The one
  tolerance: runs of whitespace (spaces, tabs, newlines) may collapse to a single space,
  because a quote spanning an org planning line and its body is naturally copied onto one
  line. Nothing else is normalised — not case, not quote marks, not punctuation. The same
  rule places the time expression inside the quote.
- **Repeated records** are rejected for every operation, as the SPEC says: two operands
  citing one record give the gate and the reader a single piece of evidence for two claims.
  The cost: an ``elapsed_between`` whose two events are both in one note ("started the
  puzzle on Monday, finished it today") is refused rather than computed.
- **Operand names** must be the question's own words (case and whitespace aside), since the
  SPEC asks the resolver to copy them verbatim; a renamed event is a re-interpreted one.
- **Precision** follows the unit asked: each operand's window must lie inside a single
  period of that unit (a day for a day count or when no unit is named; a week for weeks — so
  "last week" works but a week straddling two months does not serve a month count; an hour
  for hours). An absolute date needs a day; a schedule needs a clock time.
- **Order**: windows that share a date (both inside one calendar day, e.g. two notes dated
  only to the same day, or a day and a time on it) are a tie (``order_tie``); other
  overlapping windows ("March" against "March 3rd") are ``order_overlap``.
- **Durations**: minutes, hours, days and weeks convert exactly; months and years convert
  exactly into each other (a year is 12 months); mixing the two families is refused, also
  against the unit the question asks for. Approximate amounts ("about 3 weeks") are refused.
- **Operation**: a question whose construction admits several operations ("how many days
  did I spend on the walking tour": a stated duration, or the span from its start to its
  end) routes with no single operation, so the stage cannot compare; here the resolution's
  operation must be one of those the router lists (``operation_not_asked``).
- **Approximate times** ("about a month ago", "a few days ago": the time engine's widened
  interval) may order events whose intervals do not overlap; any other operation refuses
  them (``approximate_time``): a day count, a date or a span would pretend to a precision
  the words do not have.
- **Every event of a kind** ("the order of the three museums I visited"): each operand is
  named by the question's phrase for the kind, and a count the question gives must be the
  number cited (``count_not_established``); the stage also refuses when a record that names
  the kind was left out of the packed context (``kind_incomplete``).
- **Ongoing states**: "for three weeks now" (in an asserted present perfect) and "since
  March" date only when the state began; they serve a question asking for that start ("when
  did I start …", "how long have I been …") and nothing else (``state_start_only``).
- **Future elapsed-since**: an event whose date (in ``tz``) is after the question's date is
  refused; with hours or minutes asked, an instant after the question's is refused too.

Messages name operands by position and record ids, never quote record text, so nothing
sensitive from a note leaks into metadata or receipts.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime, tzinfo
from typing import Any

from prme_cli import lazyre
from prme_cli.relate.interpret import (
    CALENDAR_UNITS,
    EXACT_UNITS,
    Dated,
    ExpressionResolver,
    InterpretError,
    fits_in,
    interpret,
)
from prme_cli.relate.router import route
from prme_cli.relate.types import (
    DATING_BASES,
    OPERATIONS,
    TIME_BASES,
    EvidenceRecord,
    Operand,
    Resolution,
    duration_terms,
)
from prme_cli.timeexpr.lexicon import NUMBERS

#: Every code :func:`validate` can return, for callers that document or count them.
CODES: tuple[str, ...] = (
    "unknown_operation",
    "operands_on_unsupported",
    "operand_count",
    "unknown_basis",
    "basis_mismatch",
    "unknown_record",
    "repeated_record",
    "name_not_in_question",
    "quote_not_verbatim",
    "expression_not_in_quote",
    "uninterpretable_expression",
    "unlicensed_event_time",
    "precision_too_coarse",
    "inexact_duration_units",
    "future_elapsed",
    "order_tie",
    "order_overlap",
    "operation_not_asked",
    "false_premise",
    "plan_for_a_deed",
    "ordinal_not_established",
    "part_not_whole",
    "approximate_time",
    "state_start_only",
    "count_not_established",
    "span_unpaired",
    "span_reversed",
)

_DATING_BASES = DATING_BASES
#: Which bases can serve each operation.
ALLOWED_BASES: dict[str, frozenset[str]] = {
    "elapsed_between": _DATING_BASES,
    "elapsed_since_question": _DATING_BASES,
    "order": _DATING_BASES,
    "absolute_date": _DATING_BASES,
    # a stated length or CLOCK line; or a span's two ends (:func:`duration_terms`)
    "duration_sum": frozenset({"duration"}) | _DATING_BASES,
    "schedule": frozenset({"time_of_day", "org_timestamp"}),
}
_UNIT_GRAIN = {
    "minutes": "minute",
    "hours": "hour",
    "days": "day",
    "weeks": "week",
    "months": "month",
    "years": "year",
}


@dataclass(frozen=True, slots=True)
class ValidationError:
    """One broken rule. ``operand`` is the 0-based operand index, or ``None`` for the whole
    resolution."""

    code: str
    message: str
    operand: int | None = None

    def to_json(self) -> dict[str, object]:
        return {"code": self.code, "message": self.message, "operand": self.operand}


# --------------------------------------------------------------------------- text checks


def _collapse(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def verbatim_in(needle: str, haystack: str) -> bool:
    """``needle`` appears in ``haystack`` exactly, or once runs of whitespace are collapsed."""
    if not needle.strip():
        return False
    return needle in haystack or _collapse(needle) in _collapse(haystack)


def _name_in_question(name: str, question: str) -> bool:
    def fold(text: str) -> str:
        return _collapse(text.replace("\u2019", "'").replace("\u2018", "'").lower())

    return bool(name.strip()) and fold(name) in fold(question)


def _label(index: int) -> str:
    return f"operand {index + 1}"


# --------------------------------------------------------------------------- per operand


def _check_operand(
    index: int,
    operand: Operand,
    operation: str,
    records: Mapping[str, EvidenceRecord],
    question: str,
) -> ValidationError | None:
    """The first textual rule the operand breaks, if any (later rules depend on earlier)."""
    who = _label(index)
    if operand.time_basis not in TIME_BASES:
        return ValidationError("unknown_basis", f"{who}: unknown time basis", index)
    if operand.time_basis not in ALLOWED_BASES[operation]:
        return ValidationError(
            "basis_mismatch",
            f"{who}: basis {operand.time_basis!r} cannot serve {operation}",
            index,
        )
    if operand.evidence_id not in records:
        return ValidationError(
            "unknown_record",
            f"{who}: record {operand.evidence_id!r} is not in the packed context",
            index,
        )
    if not _name_in_question(operand.name, question):
        return ValidationError(
            "name_not_in_question", f"{who}: its name is not the question's own words", index
        )
    if not verbatim_in(operand.quote, records[operand.evidence_id].text):
        return ValidationError(
            "quote_not_verbatim",
            f"{who}: the quote is not verbatim in record {operand.evidence_id!r}",
            index,
        )
    if not verbatim_in(operand.time_expression, operand.quote):
        return ValidationError(
            "expression_not_in_quote",
            f"{who}: the time expression is not inside the quote",
            index,
        )
    return None


_STRUCTURE_BASES = frozenset({"org_timestamp", "duration"})


#: A date that names its own year: an org timestamp, ISO, or day, month and year in words.
FULL_DATE = lazyre.compile(
    r"^[<\[]?\d{4}-\d{2}-\d{2}(?:\s[^\]>]*)?[>\]]?$"
    r"|^(?:[A-Za-z]+,?\s+)?\d{1,2}(?:st|nd|rd|th)?\s+[A-Za-z]+\.?,?\s+\d{4}$"
    r"|^(?:[A-Za-z]+,?\s+)?[A-Za-z]+\.?\s+\d{1,2}(?:st|nd|rd|th)?,?\s+\d{4}$"
)


#: A line opened by its own full org timestamp, after a list bullet or a table bar.
_DATED_ITEM = lazyre.compile(r"^(?:[-+*]\s+|\d+[.)]\s+|\|\s*)?[<\[]\d{4}-\d{2}-\d{2}[^\]>\n]*[\]>]")


def own_full_date(quote: str, expression: str) -> bool:
    """Does the quote, one line of its record, carry a full date of its own (``| [2041-03-08
    Fri] | Nine Bridges | …``, ``- 12 March 2041: planted the roses``), as its expression or
    as the stamp that opens it (``- [2041-02-20 Sun 17:00] Mixed the starter tonight``)? Such
    lines are separate pieces of evidence even in one record: a log table's rows, a dated
    list."""
    line = quote.strip()
    if "\n" in line:
        return False
    opening = _DATED_ITEM.match(line)  # "- [2041-03-08 Fri 17:00] Mixed the starter tonight"
    return FULL_DATE.match(expression.strip()) is not None or opening is not None


def _each_dated_apart(operands: tuple[Operand, ...], evidence_id: str) -> bool:
    """Every operand citing ``evidence_id`` quotes a line of its own with its own full date,
    and no two quote the same line (:func:`apart`)."""
    cited = [o for o in operands if o.evidence_id == evidence_id]
    return all(own_full_date(o.quote, o.time_expression) for o in cited) and apart(
        [(o.quote.strip(), o.time_expression) for o in cited]
    )


def apart(cited: list[tuple[str, str]]) -> bool:
    """Are these (line, date) citations separate pieces of evidence: no line cited twice,
    except a table row's cells ("| Salt and Iron | [started] | [finished] |": its two dates
    are each a column of their own)?"""
    if len(set(cited)) != len(cited):
        return False
    lines = [line for line, _ in cited]
    return all(lines.count(line) == 1 or line.count("|") >= 2 for line in lines)


def _repeated(operands: tuple[Operand, ...]) -> list[ValidationError]:
    """Two operands may cite one record only as two different org structures of it (a task's
    start and its end, its CLOCK lines) or as two lines each dated in full (a log table's
    rows): each is a piece of evidence of its own."""
    seen: dict[str, int] = {}
    quotes: dict[str, set[tuple[str, str]]] = {}
    errors = []
    for index, operand in enumerate(operands):
        cited = (operand.quote, operand.time_expression)
        structural = (
            operand.time_basis in _STRUCTURE_BASES
            and all(
                operands[i].time_basis in _STRUCTURE_BASES
                for i in range(len(operands))
                if operands[i].evidence_id == operand.evidence_id
            )
        ) or _each_dated_apart(operands, operand.evidence_id)
        if structural and cited not in quotes.setdefault(operand.evidence_id, set()):
            quotes[operand.evidence_id].add(cited)
            continue
        if operand.evidence_id in seen or structural:
            errors.append(
                ValidationError(
                    "repeated_record",
                    f"{_label(index)}: record {operand.evidence_id!r} is already "
                    f"cited by operand {seen.get(operand.evidence_id, 0) + 1}",
                    index,
                )
            )
        else:
            seen[operand.evidence_id] = index
    return errors


# --------------------------------------------------------------------------- per operation


def _precision(dated: list[Dated], grain: str, need: str) -> list[ValidationError]:
    errors = []
    for index, item in enumerate(dated):
        if item.start is None or item.end is None or not fits_in(item.start, item.end, grain):
            errors.append(
                ValidationError(
                    "precision_too_coarse",
                    f"operand {index + 1}: dated only to the {item.grain or 'unknown'}, "
                    f"but {need} needs each date inside one {grain}",
                    index,
                )
            )
    return errors


def _order(dated: list[Dated]) -> list[ValidationError]:
    errors = []
    for i, a in enumerate(dated):
        for j in range(i + 1, len(dated)):
            b = dated[j]
            assert a.start and a.end and b.start and b.end
            if a.start >= b.end or b.start >= a.end:
                continue
            same_day = fits_in(min(a.start, b.start), max(a.end, b.end), "day")
            code = "order_tie" if same_day else "order_overlap"
            what = "fall on the same date" if same_day else "overlap in time"
            errors.append(
                ValidationError(code, f"operands {i + 1} and {j + 1} {what}: no order", j)
            )
    return errors


def _future(
    dated: Dated, unit: str | None, question_date: datetime, tz: tzinfo
) -> ValidationError | None:
    moment = (
        question_date.replace(tzinfo=tz)
        if question_date.tzinfo is None
        else question_date.astimezone(tz)
    )
    assert dated.start is not None
    start = dated.start.astimezone(tz)
    if start.date() > moment.date() or (unit in ("minutes", "hours") and start > moment):
        return ValidationError(
            "future_elapsed", "operand 1 is dated after the question: nothing has elapsed", 0
        )
    return None


def _durations(
    dated: list[Dated], unit: str | None, operands: tuple[Operand, ...] = ()
) -> list[ValidationError]:
    spans = _spans(operands, dated, unit)
    if spans:
        return spans
    units = {item.unit for item in dated if item.unit}
    if any(item.quantity is None for item in dated):
        units.add("days")  # a span is a count of calendar days
    if unit is not None:
        units.add(unit)
    if units <= EXACT_UNITS.keys() or units <= CALENDAR_UNITS.keys():
        return []
    return [
        ValidationError(
            "inexact_duration_units",
            "months or years cannot be combined exactly with "
            + ", ".join(sorted(units & EXACT_UNITS.keys())),
        )
    ]


def _spans(
    operands: tuple[Operand, ...], dated: list[Dated], unit: str | None
) -> list[ValidationError]:
    """A sum's term without a stated length is one activity's span: its start and its end,
    two operands in a row with the one name, each dated to the day (the hour or minute when
    the question counts those), the end not before the start."""
    if not any(op.time_basis in _DATING_BASES for op in operands):
        return []
    terms = duration_terms(operands)
    if terms is None:
        return [
            ValidationError(
                "span_unpaired",
                "a dated operand of a sum must be one end of a span: the activity's start "
                "then its end, under the one name",
            )
        ]
    grain = {"minutes": "minute", "hours": "hour"}.get(unit or "", "day")
    errors = []
    for term in terms:
        if len(term) != 2:
            continue
        for index in term:
            item = dated[index]
            if item.start is None or item.end is None or not fits_in(item.start, item.end, grain):
                errors.append(
                    ValidationError(
                        "precision_too_coarse",
                        f"{_label(index)}: dated only to the {item.grain or 'unknown'}, but a "
                        f"span counted in a sum needs each end inside one {grain}",
                        index,
                    )
                )
        first, second = (dated[i] for i in term)
        if first.start is not None and second.start is not None and second.start < first.start:
            errors.append(
                ValidationError(
                    "span_reversed",
                    f"{_label(term[1])}: the end of '{operands[term[0]].name}' is dated before "
                    "its start",
                    term[1],
                )
            )
    return errors


def _false_premise(dated: list[Dated]) -> list[ValidationError]:
    first, second = dated
    assert first.start and first.end and second.start and second.end
    if first.start >= second.end:
        return [
            ValidationError(
                "false_premise",
                "the question puts operand 1 before operand 2, the evidence puts it after",
                0,
            )
        ]
    return []


def _operation_rules(
    operation: str,
    dated: list[Dated],
    unit: str | None,
    question_date: datetime,
    tz: tzinfo,
    frame: Any = None,
    operands: tuple[Operand, ...] = (),
) -> list[ValidationError]:
    if operation != "order":
        approximate = [
            ValidationError(
                "approximate_time",
                f"operand {i + 1}: a hedged time ('about', 'a few') is an uncertain interval; "
                f"it can order events, not serve {operation}",
                i,
            )
            for i, item in enumerate(dated)
            if item.approximate
        ]
        if approximate:
            return approximate
    if operation in ("elapsed_between", "elapsed_since_question"):
        from prme_cli.relate.arithmetic import evidence_unit

        # no unit asked: the answer is given in weeks when the evidence is week-precise
        asked = evidence_unit(unit, dated) or "days"
        errors = _precision(dated, _UNIT_GRAIN[asked], f"a count in {asked}")
        if not errors and operation == "elapsed_since_question":
            future = _future(dated[0], unit, question_date, tz)
            errors += [future] if future else []
        if not errors and operation == "elapsed_between" and frame is not None and frame.ordered:
            errors += _false_premise(dated)
        return errors
    if operation == "absolute_date":
        # answered at the precision the evidence has: a day, a week or weekend, a month
        need = "month"
        if frame is not None and frame.precision in ("day", "week"):
            need = frame.precision
        errors = _precision(dated, need, "a date")
        # a week (or weekend) is an answer of its own grain when no grain is asked, even
        # across a month's end ("last week" from Wednesday 6 April: 28 March – 3 April)
        unasked = frame is None or frame.precision == "evidence"
        if errors and need == "month" and unasked and not _precision(dated, "week", "a date"):
            errors = []
        if not errors and not (frame is not None and frame.planned):
            future = _future(dated[0], None, question_date, tz)
            errors += [future] if future else []
        return errors
    if operation == "order":
        return _order(dated)
    if operation == "duration_sum":
        return _durations(dated, unit, operands)
    if operation == "schedule":
        return [
            ValidationError("precision_too_coarse", f"operand {i + 1} names no clock time", i)
            for i, item in enumerate(dated)
            if not item.times
        ]
    return []


# --------------------------------------------------------------------------- entry point


def _asked_operations(question: str) -> tuple[str, ...]:
    """The operations a question admits when its route names several (the stage compares a
    single routed operation itself); empty when there is nothing to add to that check."""
    decision = route(question)
    return decision.operations if decision.operation is None else ()


def validate(
    resolution: Resolution,
    records: Mapping[str, EvidenceRecord],
    *,
    question: str,
    unit: str | None,
    question_date: datetime,
    tz: tzinfo,
    resolver: ExpressionResolver | None = None,
) -> list[ValidationError]:
    """Every rule ``resolution`` breaks against the packed ``records``; empty means valid.

    ``unit`` is the unit the question asks for (the router's), ``None`` meaning days.
    ``resolver`` replaces the time-expression resolver (tests inject a fixed one).
    """
    operation = resolution.operation
    operands = resolution.operands
    if operation not in OPERATIONS:
        return [ValidationError("unknown_operation", f"unknown operation {operation!r}")]
    if operation == "unsupported":
        if operands:
            return [
                ValidationError(
                    "operands_on_unsupported", "an unsupported resolution must cite no operands"
                )
            ]
        return []
    low, high = OPERATIONS[operation]
    errors: list[ValidationError] = []
    asked = _asked_operations(question)
    if asked and operation not in asked:
        errors.append(
            ValidationError(
                "operation_not_asked",
                f"the question admits {' or '.join(asked)}, the resolution gives {operation}",
            )
        )
    if len(operands) < low or (high is not None and len(operands) > high):
        wanted = f"{low}" if low == high else f"at least {low}"
        errors.append(
            ValidationError(
                "operand_count", f"{operation} needs {wanted} operands, got {len(operands)}"
            )
        )
    dated: list[Dated] = []
    for index, operand in enumerate(operands):
        error = _check_operand(index, operand, operation, records, question)
        if error is not None:
            errors.append(error)
            continue
        try:
            dated.append(
                interpret(
                    operand,
                    records[operand.evidence_id],
                    question_date=question_date,
                    tz=tz,
                    resolver=resolver,
                )
            )
        except InterpretError as err:
            errors.append(ValidationError(err.code, f"{_label(index)}: {err.reason}", index))
    errors += _repeated(operands)
    from prme_cli.relate.frame import analyse

    frame = analyse(question)
    if operation != "schedule":
        errors += _plans(operands, frame)
    errors += _ordinals(operands, frame)
    errors += _parts(operands, frame)
    errors += _states(operands, frame)
    errors += _kind_count(operation, operands, frame)
    if errors:
        return errors
    return _operation_rules(operation, dated, unit, question_date, tz, frame, operands)


_ORDINAL_WORDS = {
    "first": 1,
    "1st": 1,
    "second": 2,
    "2nd": 2,
    "third": 3,
    "3rd": 3,
    "fourth": 4,
    "4th": 4,
    "fifth": 5,
    "5th": 5,
    "sixth": 6,
    "seventh": 7,
    "eighth": 8,
    "ninth": 9,
    "tenth": 10,
    "last": -1,
    "final": -1,
    "latest": -1,
}
_ORDINAL_RE = lazyre.compile(r"\b(" + "|".join(_ORDINAL_WORDS) + r")\b", re.IGNORECASE)


def ordinal_told(quote: str, expression: str, *, licence: bool = False) -> int | None:
    """The ordinal the quote gives the event its expression dates: the nearest ordinal word
    before the expression in the quote ("my first pottery class on May 3rd and the second one
    yesterday": "first" for May 3rd, "second" for yesterday), else — when the expression is
    words licensing the note's own day (``licence``: "First bake in the new oven", "First
    day at the new job") — the first inside it, else the nearest after it in the
    expression's sentence; None when the quote gives none."""
    at = quote.find(expression)
    if at < 0:
        return None
    start = 0  # the whole quote before it: a resolver may cite the sentence that sets it up
    stop = re.search(r"[.!?](?:\s|$)", quote[at + len(expression) :])
    end = at + len(expression) + (stop.start() if stop else len(quote))
    before = list(_ORDINAL_RE.finditer(quote, start, at))
    if before:
        return _ORDINAL_WORDS[before[-1].group(1).lower()]
    inside = _ORDINAL_RE.search(quote, at, at + len(expression)) if licence else None
    if inside:
        return _ORDINAL_WORDS[inside.group(1).lower()]
    after = _ORDINAL_RE.search(quote, at + len(expression), end)
    return _ORDINAL_WORDS[after.group(1).lower()] if after else None


def _ordinals(operands: tuple[Operand, ...], frame: Any) -> list[ValidationError]:
    """An ordinal in the question ("my third pottery class") must be the one the quote gives
    the dated event; "the last time" is the latest found, and org structure (a task's latest
    completion) is judged by its own rules."""
    if frame is None:
        return []
    errors = []
    for index, operand in enumerate(operands):
        event = next((e for e in frame.events if e.text == operand.name), None)
        if event is None or event.ordinal is None or event.ordinal < 1:
            continue  # "for the last time" is the latest one found, not a word to find
        if operand.time_basis not in ("text_expression", "event_time"):
            continue
        told = ordinal_told(
            operand.quote, operand.time_expression, licence=operand.time_basis == "event_time"
        )
        if told != event.ordinal:
            errors.append(
                ValidationError(
                    "ordinal_not_established",
                    f"{_label(index)}: the quote does not make the dated event the one of the "
                    "series the question asks for",
                    index,
                )
            )
    return errors


#: "the second book of the Expanse series", "the third season of The Crown", "the last
#: chapter of the novel": an ordinal member (up to two words before its noun) "of" a whole.
_PART_OF_WHOLE = lazyre.compile(
    r"\b(?P<ord>" + "|".join(_ORDINAL_WORDS) + r")\s+(?:[A-Za-z][\w'\u2019-]*\s+){0,2}?"
    r"(?P<part>[A-Za-z][\w-]*)\s+of\s+(?P<whole>[^.,;:!?()\n]{1,80})",
    re.IGNORECASE,
)


#: "season 3 of Bluey", "book two of the Wayfarers series": a numbered part of a whole.
_NUMBERED_PART = lazyre.compile(
    r"\b(?P<part>[A-Za-z][\w-]*)\s+(?P<num>\d{1,3}|"
    + "|".join(w for w in NUMBERS if w.isalpha())
    + r")\s+of\s+(?P<whole>[^.,;:!?()\n]{1,80})",
    re.IGNORECASE,
)
_CALENDAR_PART = lazyre.compile(
    r"(?:day|week|weekend|month|year|morning|afternoon|evening|night|monday|tuesday|"
    r"wednesday|thursday|friday|saturday|sunday)s?",
    re.IGNORECASE,
)


def part_problem(
    sentence: str,
    expression: str,
    name: str,
    obj: tuple[str, ...],
    ordinal: int | None,
    aspect: str | None,
) -> str | None:
    """Why a sentence dates a part of the asked thing rather than the thing, or None.

    An event asked without an ordinal ("When did I start the Expanse series?", obj the name's
    word keys) is about the whole thing. A sentence that tells the deed on an ordinal part of
    it ("I began the second book of the Expanse series last Friday", "I watched the third
    season of The Crown", "I finished season 3 of Bluey") dates that part: starting a part other than the first is not
    starting the whole, finishing one other than the last is not finishing it, and any part
    is not the whole for a question with no start or end ("When did I read the trilogy?").
    Ordinals inside the time expression itself ("on the first Sunday of March") are the
    date's, not the thing's; a question that names an ordinal or a part (``name``, the
    event as the question words it) is judged by :func:`_ordinals` instead."""
    from prme_cli import words

    if ordinal is not None or not obj or _PART_OF_WHOLE.search(name) or _NUMBERED_PART.search(name):
        return None  # the question names a part itself ("finish season 3 of Bluey")
    at = sentence.find(expression) if expression else -1
    wanted = set(obj)
    found = [(m, _ORDINAL_WORDS[m["ord"].lower()]) for m in _PART_OF_WHOLE.finditer(sentence)]
    for m in _NUMBERED_PART.finditer(sentence):
        if "NOUN" not in words.lemmas(m["part"]):
            continue  # "visited 2 of the museums" counts things, it names no part
        if m["part"].lower() in words.FUNCTION_WORDS:
            continue  # "with two of my friends"
        num = m["num"].lower()
        # a number says which part, never that it is the last one
        found.append((m, int(num) if num.isdigit() else NUMBERS[num]))
    for m, told in found:
        if at >= 0 and m.start() < at + len(expression) and at < m.end("part"):
            continue
        if _CALENDAR_PART.fullmatch(m["part"]):
            continue  # "the first week of the course", "the second Sunday of May": a date
        whole = {words.event_key(w.lower()) for _, _, w in words.tokens(m["whole"])}
        if not whole & wanted:
            continue
        if (aspect == "start" and told == 1) or (aspect == "end" and told == -1):
            continue  # the first class starts the course, the last episode ends the show
        return (
            f"the sentence tells it of a part ('{m.group(0).strip()}'), not of the whole the "
            "question asks about"
        )
    return None


def _parts(operands: tuple[Operand, ...], frame: Any) -> list[ValidationError]:
    """An event asked as a whole must not be dated by a quote that tells only one ordinal
    part of it (:func:`part_problem`)."""
    if frame is None:
        return []
    errors = []
    for index, operand in enumerate(operands):
        event = next((e for e in frame.events if e.text == operand.name), None)
        if event is None or operand.time_basis not in ("text_expression", "event_time"):
            continue
        at = operand.quote.find(operand.time_expression)
        start = max(
            (m.end() for m in re.finditer(r"[.!?](?:\s|$)", operand.quote[: max(at, 0)])), default=0
        )
        stop = re.search(r"[.!?](?:\s|$)", operand.quote[max(at, 0) :])
        end = max(at, 0) + (stop.end() if stop else len(operand.quote) - max(at, 0))
        sentence = operand.quote[start:end] if at >= 0 else operand.quote
        problem = part_problem(
            sentence,
            operand.time_expression,
            event.text,
            event.object,
            event.ordinal,
            event.aspect,
        )
        if problem:
            errors.append(ValidationError("part_not_whole", f"{_label(index)}: {problem}", index))
    return errors


def _kind_count(operation: str, operands: tuple[Operand, ...], frame: Any) -> list[ValidationError]:
    """Every event of a kind ("the order of the three museums I visited"): each operand is
    one of them, named by the question's phrase for the kind, and a count the question gives
    must be the number of events cited."""
    kind = getattr(frame, "kind", None)
    if kind is None or operation != "order":
        return []
    errors = [
        ValidationError(
            "name_not_in_question",
            f"{_label(i)}: an event of the kind must be named '{kind.text}'",
            i,
        )
        for i, op in enumerate(operands)
        if op.name != kind.text
    ]
    if kind.count is not None and len(operands) != kind.count:
        errors.append(
            ValidationError(
                "count_not_established",
                f"the question counts {kind.count}, the resolution cites {len(operands)}",
            )
        )
    return errors


_SINCE_BEFORE = lazyre.compile(r"\bsince\s+(?:the\s+)?$", re.IGNORECASE)


def _states(operands: tuple[Operand, ...], frame: Any) -> list[ValidationError]:
    """An ongoing state's length ("I've been learning Spanish for three weeks now") or its
    "since" date dates only when the state began: the question must ask for that start
    ("when did I start …", "how long have I been …"), not for the state as a deed."""
    from prme_cli.relate.interpret import finish_before, ongoing_length

    errors = []
    for index, operand in enumerate(operands):
        if operand.time_basis != "text_expression":
            continue
        at = operand.quote.find(operand.time_expression)
        told = (
            ongoing_length(operand.time_expression) is not None
            or (at >= 0 and bool(_SINCE_BEFORE.search(operand.quote[:at])))
            or finish_before(operand.quote, operand.time_expression) is not None
        )
        if not told:
            continue
        event = (
            None
            if frame is None
            else next((e for e in frame.events if e.text == operand.name), None)
        )
        if event is None or event.aspect != "start":
            errors.append(
                ValidationError(
                    "state_start_only",
                    f"{_label(index)}: an ongoing state's length or 'since' date tells when "
                    "it began; the question does not ask for that start",
                    index,
                )
            )
    return errors


_PLANNING_STAMP = lazyre.compile(r"(?:SCHEDULED|DEADLINE):\s*$")


def _plans(operands: tuple[Operand, ...], frame: Any) -> list[ValidationError]:
    """SCHEDULED and DEADLINE are plans: evidence for a question asked as a plan only."""
    planned = frame is not None and frame.planned
    errors = []
    for index, operand in enumerate(operands):
        at = operand.quote.find(operand.time_expression)
        if at >= 0 and _PLANNING_STAMP.search(operand.quote[:at]) and not planned:
            errors.append(
                ValidationError(
                    "plan_for_a_deed",
                    f"{_label(index)}: a SCHEDULED or DEADLINE date is a plan, not a deed",
                    index,
                )
            )
    return errors
