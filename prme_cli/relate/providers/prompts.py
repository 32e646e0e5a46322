"""What the model providers are told, and the JSON shapes they must answer in.

The instructions, schemas and generation options here are part of the registered protocol:
changing a word changes :data:`PROTOCOL_SHA256`, which audits carry so that a run can say
whether it used the confirmed prompts. Parsing is strict on purpose: a model's output crosses
a trust boundary, so anything outside the schema is a violation (one repair, then a provider
error), never a best guess.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from typing import Any

from prme_cli.relate.types import (
    OPERATIONS,
    TIME_BASES,
    EvidenceRecord,
    Operand,
    Resolution,
    ResolveRequest,
)

#: A fixed sampling seed: with temperature 0 it makes repeated runs as repeatable as the
#: provider allows.
DEFAULT_SEED = 20_260_101

OPERAND_FIELDS: tuple[str, ...] = ("name", "evidence_id", "quote", "time_expression", "time_basis")


class SchemaViolation(Exception):
    """A model's output does not match the schema. ``problem`` is our own wording and never
    echoes the model's values, so it is safe in one-line error messages."""

    def __init__(self, problem: str) -> None:
        super().__init__(problem)
        self.problem = problem


# --- resolver --------------------------------------------------------------------------------

RESOLUTION_SCHEMA: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "required": ["operation", "operands"],
    "properties": {
        "operation": {"type": "string", "enum": list(OPERATIONS)},
        "operands": {
            "type": "array",
            "items": {
                "type": "object",
                "additionalProperties": False,
                "required": list(OPERAND_FIELDS),
                "properties": {
                    "name": {"type": "string"},
                    "evidence_id": {"type": "string"},
                    "quote": {"type": "string"},
                    "time_expression": {"type": "string"},
                    "time_basis": {"type": "string", "enum": list(TIME_BASES)},
                },
            },
        },
    },
}

RESOLVER_INSTRUCTIONS = """\
You align a temporal question with the records that date its events. You never answer the \
question and never compute anything: code does the arithmetic from what you cite.

Input: a JSON object with "question", "question_date" (when the question is asked), \
"frame" (what the question asks, as prme's question analyser read it: the operations that \
can answer it, the unit, whether it asks for a plan, and each event with its predicate, \
people, ordinal and aspect) and "records", each {"id", "event_time", "text", "events"}. A \
record's "events" are what its org structure states (a task's start, end, cancel, CLOCK \
lines, a date range, a plan), each with the verbatim line ("quote") and stamp \
("expression") to cite; prefer them to words when both speak, and never cite a plan or a \
cancel as a deed.

Reply with one JSON object {"operation", "operands"} and nothing else.

operation, one of:
- "elapsed_between": time between two events (exactly 2 operands)
- "elapsed_since_question": time from one event until the question date (1 operand)
- "order": which events came first (2 or more operands)
- "absolute_date": the date of one event (1 operand)
- "duration_sum": total of durations stated in the records (1 or more operands)
- "schedule": when planned events are scheduled (1 or more operands)
- "unsupported": the records cannot date the events the question names (no operands)

Each operand is one event the question names, with the fewest operands the operation needs:
- "name": the question's own phrase for the event, copied verbatim from the question
- "evidence_id": the id of the one record that dates this event; never cite a record twice
- "quote": a passage copied character for character from that record's text that states \
the event and its time
- "time_expression": the words inside the quote that give the time, copied verbatim: an \
org timestamp such as <2026-11-03 Tue>, a phrase such as "on 3 March 2026" or "last week", \
a duration such as "for 3 hours", or a clock time
- "time_basis": "org_timestamp" for an org timestamp, "text_expression" for a date phrase, \
"duration" for a length of time, "time_of_day" for a clock time, "event_time" only when the \
quote itself says the event happened on the record's own date (today, this morning, \
tonight), "none" when the quote carries no time

Match the event exactly: ordering is not receiving, planning is not doing, starting is not \
finishing. If any event the question names is missing, undated or ambiguous in the records, \
answer {"operation": "unsupported", "operands": []}.
"""


def resolver_payload(request: ResolveRequest) -> dict[str, Any]:
    """The user message for a resolver: the question, its date, the frame the question
    analyser gives (the same the symbolic resolver and validation use) and the packed
    records with their org-structure events. Nothing else of the store goes out."""
    return {
        "question": request.question,
        "question_date": request.question_date.isoformat(),
        "frame": frame_json(request.question),
        "records": [_record_json(record) for record in request.records],
    }


def frame_json(question: str) -> dict[str, Any] | None:
    from prme_cli.relate.frame import analyse

    frame = analyse(question)
    if frame is None:
        return None
    return {
        "operations": list(frame.operations),
        "unit": frame.unit,
        "precision": frame.precision,
        "planned": frame.planned,
        "events": [
            {
                "name": e.text,
                "predicate": e.predicate,
                "participants": list(e.participants),
                "ordinal": e.ordinal,
                "aspect": e.aspect,
            }
            for e in frame.events
        ],
    }


def _record_json(record: EvidenceRecord) -> dict[str, Any]:
    data: dict[str, Any] = {
        "id": record.id,
        "event_time": record.event_time.isoformat() if record.event_time else None,
        "text": record.text,
    }
    structure = [
        {"kind": e.kind, "state": e.state, "quote": e.quote, "expression": e.expression}
        for e in record.events
        if e.kind != "day" and e.quote and e.quote in record.text
    ]
    if structure:
        data["events"] = structure
    return data


def resolver_messages(request: ResolveRequest) -> list[dict[str, str]]:
    payload = json.dumps(resolver_payload(request), ensure_ascii=False, indent=1)
    return [
        {"role": "system", "content": RESOLVER_INSTRUCTIONS},
        {"role": "user", "content": payload},
    ]


def parse_resolution(raw: str) -> Resolution:
    """Parse a resolver's output strictly against :data:`RESOLUTION_SCHEMA`."""
    data = _load_object(raw)
    _exact_keys(data, ("operation", "operands"), "the answer")
    operation = data["operation"]
    if not isinstance(operation, str) or operation not in OPERATIONS:
        raise SchemaViolation("operation is not one of the known operations")
    operands = data["operands"]
    if not isinstance(operands, list):
        raise SchemaViolation("operands is not an array")
    parsed: list[Operand] = []
    for index, item in enumerate(operands):
        where = f"operands[{index}]"
        if not isinstance(item, dict):
            raise SchemaViolation(f"{where} is not an object")
        _exact_keys(item, OPERAND_FIELDS, where)
        for key in OPERAND_FIELDS:
            if not isinstance(item[key], str):
                raise SchemaViolation(f"{where}.{key} is not a string")
        if item["time_basis"] not in TIME_BASES:
            raise SchemaViolation(f"{where}.time_basis is not one of the known bases")
        parsed.append(Operand(**{key: item[key] for key in OPERAND_FIELDS}))
    return Resolution(operation=operation, operands=tuple(parsed))


def resolution_json(resolution: Resolution) -> dict[str, Any]:
    """The schema-shaped form of a parsed resolution (what the response hash covers)."""
    return {
        "operation": resolution.operation,
        "operands": [
            {key: getattr(op, key) for key in OPERAND_FIELDS} for op in resolution.operands
        ],
    }


# --- gates -----------------------------------------------------------------------------------

GATE_INSTRUCTION_OCCURRED = (
    "Consider state.operands[{index}]. Does its evidence_quote explicitly establish that the "
    "event named in its name happened at the time given by its proposed_time_expression?"
)
GATE_INSTRUCTION_SCHEDULED = (
    "Consider state.operands[{index}]. Does its evidence_quote explicitly establish that the "
    "event named in its name is scheduled for the time given by its proposed_time_expression?"
)
GATE_INSTRUCTION_DURATION = (
    "Consider state.operands[{index}]. Does its evidence_quote explicitly establish that the "
    "event named in its name lasted the duration given by its proposed_time_expression?"
)
GATE_CRITERION_TRUE = (
    "The quote itself states that this very event, not a related one, took place at the "
    "proposed time (or is scheduled for it, or lasted it, as asked). Distinctions hold: "
    "ordering is not receiving, planning or scheduling is not doing, starting is not "
    "finishing, and a time attached to another event in the quote does not count."
)
GATE_CRITERION_FALSE = (
    "The quote does not establish it: it describes a different or merely related event, a "
    "plan where the event must have happened (or the reverse), a start where the event is a "
    "finish (or the reverse), the time belongs to something else, or the time is only implied "
    "or guessed."
)


def gate_instruction(index: int, operation: str, operand: Operand) -> str:
    """The per-operand question: what "dates the event" means depends on the operation."""
    if operation == "schedule":
        template = GATE_INSTRUCTION_SCHEDULED
    elif operand.time_basis == "duration":
        template = GATE_INSTRUCTION_DURATION
    else:
        template = GATE_INSTRUCTION_OCCURRED
    return template.format(index=index)


def gate_state(question: str, resolution: Resolution) -> dict[str, Any]:
    """What a gate sees: the question, the operation and each operand's exact quote."""
    return {
        "question": question,
        "operation": resolution.operation,
        "operands": [
            {
                "name": op.name,
                "evidence_quote": op.quote,
                "proposed_time_expression": op.time_expression,
            }
            for op in resolution.operands
        ],
    }


JUDGE_INSTRUCTIONS = """\
You are an independent checker. You get a JSON object with "state" ({"question", \
"operation", "operands": [{"name", "evidence_quote", "proposed_time_expression"}]}) and \
"questions", one per operand, each with instructions and criteria for true and false.

For every operand, in order, give the probability (a number from 0 to 1) that the criterion \
for true holds. Judge only from the evidence_quote; do not use outside knowledge and do not \
give the benefit of the doubt.

Reply with one JSON object {"probabilities": [...]} holding exactly one number per operand, \
in operand order, and nothing else.
"""


def gate_questions(resolution: Resolution) -> dict[str, dict[str, Any]]:
    return {
        f"operand_{index}": {
            "type": "noul",
            "instructions": gate_instruction(index, resolution.operation, operand),
            "criteria": {"true": GATE_CRITERION_TRUE, "false": GATE_CRITERION_FALSE},
        }
        for index, operand in enumerate(resolution.operands)
    }


def judge_schema(count: int) -> dict[str, Any]:
    return {
        "type": "object",
        "additionalProperties": False,
        "required": ["probabilities"],
        "properties": {
            "probabilities": {
                "type": "array",
                "minItems": count,
                "maxItems": count,
                "items": {"type": "number", "minimum": 0, "maximum": 1},
            }
        },
    }


def judge_messages(question: str, resolution: Resolution) -> list[dict[str, str]]:
    payload = {"state": gate_state(question, resolution), "questions": gate_questions(resolution)}
    return [
        {"role": "system", "content": JUDGE_INSTRUCTIONS},
        {"role": "user", "content": json.dumps(payload, ensure_ascii=False, indent=1)},
    ]


def probability(value: Any) -> float | None:
    """A probability as a float, or ``None`` if it is not a real number in [0, 1]."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    number = float(value)
    if math.isnan(number) or not 0.0 <= number <= 1.0:
        return None
    return number


def parse_probabilities(raw: str, count: int) -> tuple[float, ...]:
    """Parse a judge's ``{"probabilities": [...]}`` strictly: one number in [0, 1] per operand."""
    data = _load_object(raw)
    _exact_keys(data, ("probabilities",), "the answer")
    values = data["probabilities"]
    if not isinstance(values, list):
        raise SchemaViolation("probabilities is not an array")
    if len(values) != count:
        raise SchemaViolation(f"probabilities must hold exactly {count} numbers")
    parsed: list[float] = []
    for index, value in enumerate(values):
        number = probability(value)
        if number is None:
            raise SchemaViolation(f"probabilities[{index}] is not a number between 0 and 1")
        parsed.append(number)
    return tuple(parsed)


# --- repair ----------------------------------------------------------------------------------

REPAIR_INSTRUCTION = (
    "Your previous reply was rejected: {problem}. Reply again with only one JSON object that "
    "matches the required schema exactly, with no other text."
)


def repair_messages(
    messages: Sequence[Mapping[str, str]], invalid_output: str, problem: str
) -> list[dict[str, str]]:
    """The one repair request: the original conversation, the invalid output, the problem."""
    return [dict(message) for message in messages] + [
        {"role": "assistant", "content": invalid_output},
        {"role": "user", "content": REPAIR_INSTRUCTION.format(problem=problem)},
    ]


# --- helpers ---------------------------------------------------------------------------------


def _load_object(raw: str) -> dict[str, Any]:
    try:
        data = json.loads(raw)
    except (TypeError, ValueError) as exc:
        raise SchemaViolation("the reply is not valid JSON") from exc
    if not isinstance(data, dict):
        raise SchemaViolation("the reply is not a JSON object")
    return data


def _exact_keys(data: Mapping[str, Any], keys: Sequence[str], where: str) -> None:
    missing = [key for key in keys if key not in data]
    if missing:
        raise SchemaViolation(f"{where} lacks {', '.join(missing)}")
    if len(data) != len(keys):
        raise SchemaViolation(f"{where} has fields the schema does not allow")


def _protocol_sha256() -> str:
    import hashlib

    material = json.dumps(
        {
            "resolver": RESOLVER_INSTRUCTIONS,
            "resolution_schema": RESOLUTION_SCHEMA,
            "judge": JUDGE_INSTRUCTIONS,
            "gate": [
                GATE_INSTRUCTION_OCCURRED,
                GATE_INSTRUCTION_SCHEDULED,
                GATE_INSTRUCTION_DURATION,
                GATE_CRITERION_TRUE,
                GATE_CRITERION_FALSE,
            ],
            "repair": REPAIR_INSTRUCTION,
            "seed": DEFAULT_SEED,
        },
        sort_keys=True,
        separators=(",", ":"),
    )
    return hashlib.sha256(material.encode("utf-8")).hexdigest()


#: Identity of the prompts, schemas and default seed; recorded in audits as ``prompt_sha256``.
PROTOCOL_SHA256 = _protocol_sha256()
