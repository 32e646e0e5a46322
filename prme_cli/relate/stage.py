"""The relate stage: route → resolve → validate → compute → gate → repack (SPEC §6).

Runs after ordinary retrieval and packing, on the bundle that packing produced. Every path
ends in exactly one of the eight statuses. Whatever goes wrong, the caller gets the original
context back byte for byte (``failure_policy="fallback"``), or a :class:`ProviderError`
when a provider failed under ``failure_policy="raise"``. Nothing inferred is written back as
a fact: the only thing that changes is the text handed to the downstream reader, and that
text labels the inference as such.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, tzinfo
from typing import Any

from prme_cli.canonical import sha256_json, sha256_text
from prme_cli.errors import PrmeError, ProviderError
from prme_cli.events import NO_FILE_KEYWORDS
from prme_cli.relate.types import (
    EvidenceRecord,
    Gate,
    ProviderAudit,
    Resolution,
    Resolver,
    ResolveRequest,
)

GUIDANCE_TITLE = "Temporal relation (inferred, verify against the cited records)"


canonical_sha256 = sha256_json
text_sha256 = sha256_text


@dataclass
class StageOutcome:
    """What the stage decided. ``context`` is the text to hand on (original unless accepted)."""

    status: str
    operation: str | None
    value: dict[str, Any] | None
    evidence_ids: list[str]
    context: str
    tokens_used: int
    budget: int
    metadata: dict[str, Any] = field(default_factory=dict)
    excluded_ids: list[str] = field(default_factory=list)
    #: The bundle to hand on: the repacked one when accepted, else the original.
    bundle: Any = None

    @property
    def accepted(self) -> bool:
        return self.status == "accepted"


def evidence_records(bundle: Any, records_by_id: Mapping[str, Any]) -> tuple[EvidenceRecord, ...]:
    """The packed records as the resolver sees them: id, event_time, the packed text."""
    from prme_cli.relate.interpret import closing_question

    packed_text = {packed.id: packed.text for packed in bundle.records}
    out = []
    for packed in bundle.records:
        source = records_by_id.get(packed.id)
        before = getattr(source, "previous", None)
        asked = ""
        asked_when = False
        if before is not None and before in packed_text:
            other = records_by_id.get(before)
            if getattr(other, "title", None) != getattr(source, "title", None):
                asked = _when_asked(source, other, packed_text[before], records_by_id)
                asked_when = bool(asked)
                asked = asked or closing_question(packed_text[before]) or ""
        event_time = getattr(source, "event_time", None)
        out.append(
            EvidenceRecord(
                id=packed.id,
                event_time=event_time,
                text=packed.text,
                representation=packed.representation,
                title=getattr(source, "title", "") or "",
                events=tuple(getattr(source, "events", ()) or ()),
                event_source=getattr(source, "event_source", None),
                path=tuple(getattr(source, "path", ()) or ()),
                file=getattr(source, "file", "") or "",
                previous=before,
                asked=asked,
                asked_when=asked_when,
                next_id=getattr(source, "next_id", "") or "",
                full_text=_whole_heading(source) if packed.representation != "full" else "",
                line=getattr(source, "line", 0) or 0,
                keywords=getattr(source, "keywords", None) or NO_FILE_KEYWORDS,
            )
        )
    return tuple(out)


def _when_asked(source: Any, other: Any, asking: str, records_by_id: Mapping[str, Any]) -> str:
    """The answerer's own deed a bare "When?" in the turn before asks the time of: the turn
    before that one, said by the same speaker as ``source`` ("I bought a kiln!" — "When?"
    — "On Monday."), :func:`interpret.when_asked_deed`; "" when there is none."""
    from prme_cli.relate.interpret import when_asked_deed

    told = records_by_id.get(getattr(other, "previous", None) or "")
    if told is None or getattr(told, "title", None) != getattr(source, "title", None):
        return ""
    return when_asked_deed(asking, getattr(told, "body", "") or "") or ""


def _whole_heading(source: Any) -> str:
    """A record's heading line and its whole own body (title and body as stored)."""
    if source is None:
        return ""
    body = getattr(source, "body", "") or ""
    title = getattr(source, "title", "") or ""
    return f"* {title}\n{body}" if title else body


def guidance_block(
    operation: str,
    value: Mapping[str, Any],
    resolution: Resolution,
    dates: Sequence[str],
) -> str:
    """The block added to the context on acceptance: labelled as inference, citing every id."""
    lines = [
        f"# {GUIDANCE_TITLE}",
        f"operation: {operation}",
        f"result: {value.get('display', '')}",
    ]
    lines.append("evidence:")
    for operand, date in zip(resolution.operands, dates, strict=True):
        quote = " ".join(operand.quote.split())
        lines.append(
            f'- {operand.name}: record {operand.evidence_id}, "{quote}" '
            f"({operand.time_expression} → {date})"
        )
    return "\n".join(lines) + "\n"


def run_stage(
    *,
    question: str,
    question_date: datetime,
    tz: tzinfo,
    bundle: Any,
    context_records: Sequence[Any],
    resolver: Resolver,
    gate: Gate,
    threshold: float,
    failure_policy: str,
    configuration_sha256: str,
    on_egress: Callable[[Any], None] | None = None,
) -> StageOutcome:
    """Run the stage on a packed ``bundle`` (see :mod:`prme_cli.context`).

    ``context_records`` are the :class:`~prme_cli.context.ContextRecord` objects the bundle was
    packed from (repacking may only use these). ``on_egress(provider)`` is called just before
    each provider is first used, so a caller can say what leaves the machine only when
    something does.
    """
    from prme_cli.relate.router import route

    started = time.perf_counter()
    control = bundle.context
    meta: dict[str, Any] = {
        "route": None,
        "operation": None,
        "operands": [],
        "value": None,
        "evidence_ids": [],
        "validation_errors": [],
        "resolver": None,
        "gate": None,
        "control_context_sha256": text_sha256(control),
        "result_context_sha256": text_sha256(control),
        "guidance_sha256": None,
        "dropped_record_ids": [],
        "configuration_sha256": configuration_sha256,
        "error": None,
        "elapsed_ms": 0.0,
    }

    def finish(status: str, **changes: Any) -> StageOutcome:
        meta["elapsed_ms"] = round((time.perf_counter() - started) * 1000, 3)
        outcome = StageOutcome(
            status=status,
            operation=meta["operation"],
            value=None,
            evidence_ids=[],
            context=control,
            tokens_used=bundle.tokens_used,
            budget=bundle.budget,
            metadata=meta,
            excluded_ids=list(bundle.excluded_ids),
            bundle=bundle,
        )
        for key, value in changes.items():
            setattr(outcome, key, value)
        return outcome

    decision = route(question)
    meta["route"] = {
        "routed": decision.routed,
        "operation": decision.operation,
        "unit": decision.unit,
        "reason": decision.reason,
        "operations": list(decision.operations),
    }
    if not decision.routed:
        return finish("not_routed")
    if not bundle.records:
        return finish("empty_context")

    records_by_id = {r.id: r for r in context_records}
    evidence = evidence_records(bundle, records_by_id)
    request = ResolveRequest(question=question, question_date=question_date, records=evidence)

    resolver_audit = ProviderAudit(provider=resolver.name)
    meta["resolver"] = resolver_audit
    if on_egress is not None:
        on_egress(resolver)
    try:
        resolution = resolver.resolve(request, resolver_audit)
    except ProviderError as exc:
        return _provider_failure(finish, meta, "resolver", exc, failure_policy)
    finally:
        meta["resolver"] = resolver_audit.to_json()
    meta["operation"] = resolution.operation
    meta["operands"] = [
        {
            "name": op.name,
            "evidence_id": op.evidence_id,
            "quote": op.quote,
            "time_expression": op.time_expression,
            "time_basis": op.time_basis,
        }
        for op in resolution.operands
    ]
    meta["explanation"] = list(resolution.explanation)

    if resolution.operation == "unsupported" and not resolution.operands:
        return finish("unsupported")

    from prme_cli.relate.arithmetic import compute
    from prme_cli.relate.interpret import InterpretError, interpret
    from prme_cli.relate.validate import validate

    evidence_by_id = {r.id: r for r in evidence}
    errors: list[Any] = list(
        validate(
            resolution,
            evidence_by_id,
            question=question,
            unit=decision.unit,
            question_date=question_date,
            tz=tz,
        )
    )
    if not errors:
        errors += _kind_left_out(question, bundle, records_by_id)
    if not errors and resolution.operation == "duration_sum":
        errors += _clock_left_out(resolution, bundle, records_by_id)
    if not errors and decision.operation and resolution.operation != decision.operation:
        errors.append(
            _error_dict(
                "operation_mismatch",
                f"the question asks for {decision.operation}, the resolution gives "
                f"{resolution.operation}",
            )
        )
    if errors:
        meta["validation_errors"] = [_error_dict_from(e) for e in errors]
        return finish("validation_rejected")

    try:
        dated = [
            interpret(op, evidence_by_id[op.evidence_id], question_date=question_date, tz=tz)
            for op in resolution.operands
        ]
        from prme_cli.relate.frame import analyse

        frame = analyse(question, now=question_date)
        signed = _signed(frame, resolution, dated)
        if isinstance(signed, str):
            meta["validation_errors"] = [_error_dict("false_premise", signed)]
            return finish("validation_rejected")
        dated = signed
        value = compute(
            resolution,
            dated,
            unit=decision.unit,
            question_date=question_date,
            tz=tz,
            precision=frame.precision if frame is not None else None,
            planned=bool(frame is not None and frame.planned),
            labels=(
                [operand_label(op, evidence_by_id[op.evidence_id]) for op in resolution.operands]
                if frame is not None and frame.kind is not None
                else None
            ),
        )
    except (InterpretError, ValueError) as exc:
        meta["validation_errors"] = [_error_dict("uncomputable", type(exc).__name__)]
        return finish("validation_rejected")
    if frame is not None and frame.signs and _not_positive(value):
        meta["validation_errors"] = [
            _error_dict(
                "false_premise",
                "the question asks how much longer (or shorter) the first is; the evidence "
                "makes it the other way round, or the same",
            )
        ]
        return finish("validation_rejected")

    evidence_ids = [op.evidence_id for op in resolution.operands]
    meta["evidence_ids"] = evidence_ids

    gate_audit = ProviderAudit(provider=gate.name)
    if on_egress is not None:
        on_egress(gate)
    try:
        verdict = gate.evaluate(question, resolution, evidence_by_id, gate_audit)
    except ProviderError as exc:
        meta["gate"] = _gate_meta(gate_audit, None, threshold)
        return _provider_failure(finish, meta, "gate", exc, failure_policy)
    meta["gate"] = _gate_meta(gate_audit, list(verdict.probabilities), threshold)
    if len(verdict.probabilities) != len(resolution.operands) or any(
        not (p >= threshold) for p in verdict.probabilities
    ):
        return finish("gate_rejected")

    from prme_cli.context import repack

    dates = [_date_label(d) for d in dated]
    guidance = guidance_block(resolution.operation, value, resolution, dates)
    meta["guidance_sha256"] = text_sha256(guidance)
    repacked = repack(
        context_records,
        bundle,
        keep_ids=set(evidence_ids),
        guidance=guidance,
        budget=bundle.budget,
    )
    if repacked is None:
        return finish("packing_rejected")
    dropped = [i for i in repacked.excluded_ids if i not in set(bundle.excluded_ids)]
    meta["dropped_record_ids"] = dropped
    meta["value"] = value
    meta["result_context_sha256"] = text_sha256(repacked.context)
    return finish(
        "accepted",
        value=value,
        evidence_ids=evidence_ids,
        context=repacked.context,
        tokens_used=repacked.tokens_used,
        excluded_ids=list(repacked.excluded_ids),
        bundle=repacked,
    )


def _kind_left_out(
    question: str, bundle: Any, records_by_id: Mapping[str, Any]
) -> list[dict[str, str]]:
    """An order of every event of a kind needs every record that may tell one: when packing
    left out a record that names the kind (its noun, or for a trip a stay away), the order
    could be missing a member, so it is refused (``kind_incomplete``)."""
    from prme_cli import words
    from prme_cli.relate.frame import analyse, kind_terms

    frame = analyse(question)
    if frame is None or frame.kind is None or not bundle.excluded_ids:
        return []
    terms = {words.event_key(t) for t in kind_terms(frame.kind)} - set(frame.kind.modifiers)
    for record_id in bundle.excluded_ids:
        record = records_by_id.get(record_id)
        text = f"{getattr(record, 'title', '')} {getattr(record, 'body', '')}"
        if any(words.event_key(w) in terms for _, _, w in words.tokens(text)):
            return [
                _error_dict(
                    "kind_incomplete",
                    "a record that may tell one of the events was left out of the context",
                )
            ]
    return []


def _signed(frame: Any, resolution: Resolution, dated: list[Any]) -> list[Any] | str:
    """A difference of lengths is a sum with a negative term (SPEC §6): each operand's length
    takes the sign the question gives its event. Every event must have a length cited;
    else the reason (a difference of one length would be that length)."""
    if frame is None or not frame.signs:
        return dated
    from dataclasses import replace

    sign_of = {phrase.text: sign for phrase, sign in zip(frame.phrases, frame.signs, strict=True)}
    names = {operand.name for operand in resolution.operands}
    if names != set(sign_of):
        return "a difference needs a length cited for each of its two events"
    if any(item.quantity is None for item in dated):
        return "a difference is taken of stated lengths, not of spans from a start to an end"
    return [
        replace(item, quantity=-item.quantity)
        if sign_of[operand.name] < 0 and item.quantity is not None
        else item
        for operand, item in zip(resolution.operands, dated, strict=True)
    ]


def _not_positive(value: dict[str, Any]) -> bool:
    from decimal import Decimal, InvalidOperation

    try:
        return Decimal(str(value.get("quantity"))) <= 0
    except InvalidOperation:
        return True


def _clock_left_out(
    resolution: Resolution, bundle: Any, records_by_id: Mapping[str, Any]
) -> list[dict[str, str]]:
    """A sum of CLOCK lines needs every clocked heading of the outline it adds up: when
    packing left out a record with CLOCK lines under the same top-level heading of the same
    file as a cited one, the sum could be short, so it is refused (``clock_incomplete``)."""
    roots = set()
    for operand in resolution.operands:
        record = records_by_id.get(operand.evidence_id)
        if record is None or not operand.quote.lstrip().startswith("CLOCK:"):
            continue
        path = tuple(getattr(record, "path", ()) or ())
        roots.add((getattr(record, "file", ""), path[0] if path else record.title))
    if not roots:
        return []
    for record_id in bundle.excluded_ids:
        record = records_by_id.get(record_id)
        if record is None or not any(
            getattr(e, "kind", "") == "clock" for e in getattr(record, "events", ())
        ):
            continue
        path = tuple(getattr(record, "path", ()) or ())
        if (getattr(record, "file", ""), path[0] if path else record.title) in roots:
            return [
                _error_dict(
                    "clock_incomplete",
                    "a heading with CLOCK lines of the same outline was left out of the context",
                )
            ]
    return []


def operand_label(operand: Any, record: EvidenceRecord) -> str:
    """What one event of a kind is, for the answer: its heading's title when the operand
    cites an org structure line, else its quote on one line."""
    quote = " ".join(operand.quote.split())
    if operand.time_basis == "org_timestamp" and record.title and record.title not in quote:
        return record.title
    return quote


def _date_label(dated: Any) -> str:
    """How the guidance names an operand's time: as precise as the evidence, no more."""
    if getattr(dated, "quantity", None) is not None:
        return f"{dated.quantity} {dated.unit}"
    start = getattr(dated, "start", None)
    if start is None:
        times = getattr(dated, "times", ())
        return ", ".join(t.strftime("%H:%M") for t in times) or "?"
    grain = getattr(dated, "grain", None) or "day"
    if grain in ("second", "minute"):
        return start.strftime("%Y-%m-%d %H:%M")
    if grain == "week":
        return f"the week of {start:%Y-%m-%d}"
    if grain == "month":
        return start.strftime("%Y-%m")
    if grain in ("quarter", "year"):
        return start.strftime("%Y") if grain == "year" else f"{start:%Y}-Q{(start.month + 2) // 3}"
    return start.strftime("%Y-%m-%d")


def _gate_meta(
    audit: ProviderAudit, probabilities: list[float] | None, threshold: float
) -> dict[str, Any]:
    data = audit.to_json()
    data["probabilities"] = probabilities
    data["minimum"] = min(probabilities) if probabilities else None
    data["threshold"] = threshold
    return data


def _error_dict(code: str, message: str) -> dict[str, str]:
    return {"code": code, "message": message}


def _error_dict_from(error: Any) -> dict[str, str]:
    if isinstance(error, dict):
        return {"code": str(error.get("code")), "message": str(error.get("message", ""))}
    return {
        "code": str(getattr(error, "code", "invalid")),
        "message": str(getattr(error, "message", "")),
    }


def _provider_failure(
    finish: Any, meta: dict[str, Any], stage: str, exc: PrmeError, failure_policy: str
) -> StageOutcome:
    """Record only the stage and the exception type: raw messages may carry server text."""
    meta["error"] = {"stage": stage, "type": getattr(exc, "error_type", type(exc).__name__)}
    if failure_policy == "raise":
        raise exc
    return finish("provider_error")
