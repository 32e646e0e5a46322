"""Data passed between the steps of the relate stage.

These are deliberately plain frozen dataclasses: the resolver's output crosses a trust
boundary (a model may have produced it), so nothing here computes; validation and arithmetic
are separate pure functions.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Protocol

from prme_cli.events import NO_FILE_KEYWORDS, FileKeywords

#: operation -> (minimum operands, maximum operands or None for unbounded)
OPERATIONS: dict[str, tuple[int, int | None]] = {
    "elapsed_between": (2, 2),
    "elapsed_since_question": (1, 1),
    "order": (2, None),
    "absolute_date": (1, 1),
    "duration_sum": (1, None),
    "schedule": (1, None),
    "unsupported": (0, 0),
}

TIME_BASES: tuple[str, ...] = (
    "event_time",
    "text_expression",
    "org_timestamp",
    "duration",
    "time_of_day",
    "none",
)

STATUSES: tuple[str, ...] = (
    "not_routed",
    "empty_context",
    "unsupported",
    "validation_rejected",
    "gate_rejected",
    "packing_rejected",
    "provider_error",
    "accepted",
)

#: The bases that date an event (as opposed to a length, a clock time or nothing).
DATING_BASES: frozenset[str] = frozenset({"event_time", "text_expression", "org_timestamp"})

#: Units a question may ask for, smallest first.
UNITS: tuple[str, ...] = ("minutes", "hours", "days", "weeks", "months", "years")


@dataclass(frozen=True, slots=True)
class EvidenceRecord:
    """A packed record as the resolver sees it: ``text`` keeps planning lines and timestamps
    verbatim so that quotes can be checked character for character."""

    id: str
    event_time: datetime | None  # naive wall-clock
    text: str
    representation: str = "full"  # full | structured | reference
    #: the heading's title, the org-structure events extracted at ingest
    #: (:class:`prme_cli.events.Event`) and which rule gave ``event_time`` (``datetree``,
    #: ``filename``, ``keyword`` for a journal entry's day)
    title: str = ""
    events: tuple[Any, ...] = ()
    event_source: str | None = None
    #: the titles of the heading's ancestors and its file: a project's tasks are the
    #: records whose path continues the project's own
    path: tuple[str, ...] = ()
    file: str = ""
    #: the id of the heading just before it in its file (a chat's previous turn), if any
    previous: str | None = None
    #: the deed the past question closing that previous turn asks about, when it is packed
    #: and said by another speaker ("Did you sign the contract?" -> "sign the contract"):
    #: what a yes opening this record answers (:func:`interpret.answered_statement`)
    asked: str = ""
    #: ``asked`` is the answerer's own deed told two turns before, which the other speaker's
    #: bare "When?" in the previous turn asks the time of ("I bought a kiln!" — "When?" —
    #: "On Monday, secondhand."): a reply opening with a time answers it
    #: (:func:`interpret.when_asked_deed`)
    asked_when: bool = False
    #: the record right after it in its file (the turn that answers a chat turn), by id
    next_id: str = ""
    #: the heading's whole own text when ``text`` was packed shorter (structured or
    #: reference): what its body says against its dates ("I did not go in the end") is read
    #: from it, never quoted from it
    full_text: str = ""
    #: the heading's line in its file: the order of a chat's turns (a later turn of the
    #: same speaker can take back a time told in an earlier one)
    line: int = 0
    #: the TODO keyword sets its file declares itself: a heading's keyword is read by them
    keywords: FileKeywords = NO_FILE_KEYWORDS

    @property
    def whole_text(self) -> str:
        """The heading's own text as written: ``full_text`` when packing shortened it."""
        return self.full_text or self.text


@dataclass(frozen=True, slots=True)
class Operand:
    """One event the question names, tied to the record and words that date it.

    ``name`` is the question's own phrase for the event, verbatim; ``quote`` is verbatim from
    the record; ``time_expression`` is verbatim inside ``quote``.
    """

    name: str
    evidence_id: str
    quote: str
    time_expression: str
    time_basis: str


@dataclass(frozen=True, slots=True)
class Resolution:
    """The resolver's whole answer: which operation, which operands. No value, no arithmetic."""

    operation: str
    operands: tuple[Operand, ...] = ()
    #: Human-readable reasons for each choice (the symbolic resolver explains itself).
    explanation: tuple[str, ...] = ()


def pair_terms(names: Sequence[str], dated: Sequence[bool]) -> list[tuple[int, ...]] | None:
    """The terms of a sum, as indexes: an item that is not ``dated`` (a length) is one term;
    a dated one is a span's start, paired with the dated item after it under the same name
    (case and spacing aside), its end. None when a dated item has no such partner."""
    terms: list[tuple[int, ...]] = []
    keys = [" ".join(name.lower().split()) for name in names]
    i = 0
    while i < len(names):
        if not dated[i]:
            terms.append((i,))
            i += 1
        elif i + 1 < len(names) and dated[i + 1] and keys[i + 1] == keys[i]:
            terms.append((i, i + 1))
            i += 2
        else:
            return None
    return terms


def duration_terms(operands: tuple[Operand, ...]) -> list[tuple[int, ...]] | None:
    """The terms of a ``duration_sum``, as operand indexes: a stated duration or a CLOCK line
    is one operand; the span of one activity whose length no note states is two operands in
    a row with the one name, each dating an event — its start, then its end. None when a
    dating operand has no such partner (validation refuses it: ``span_unpaired``)."""
    return pair_terms(
        [op.name for op in operands], [op.time_basis in DATING_BASES for op in operands]
    )


def span_end(resolution: Resolution, operand: Operand) -> str | None:
    """ "start" or "end" when ``operand`` is one end of a span: an interval whose two operands
    carry one name ("how many days did I spend on the walking tour"), or a sum's term of two
    dated operands (:func:`duration_terms`)."""
    operands = resolution.operands
    if resolution.operation == "duration_sum":
        for term in duration_terms(operands) or []:
            if len(term) == 2 and any(operand is operands[i] for i in term):
                return "start" if operand is operands[term[0]] else "end"
        return None
    if resolution.operation != "elapsed_between" or len(operands) != 2:
        return None
    first, second = (" ".join(o.name.lower().split()) for o in operands)
    if first != second:
        return None
    return "start" if operand is operands[0] else "end"


@dataclass(frozen=True, slots=True)
class ResolveRequest:
    question: str
    question_date: datetime  # aware
    records: tuple[EvidenceRecord, ...]


@dataclass(slots=True)
class ProviderAudit:
    """What a provider call cost and which model answered; never holds credentials."""

    provider: str
    model: str | None = None
    digest: str | None = None
    version: str | None = None
    request_sha256: str | None = None
    response_sha256: str | None = None
    attempts: int = 0
    schema_repairs: int = 0
    input_tokens: int = 0
    output_tokens: int = 0
    elapsed_ms: float = 0.0
    extra: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        data = {
            "provider": self.provider,
            "model": self.model,
            "digest": self.digest,
            "version": self.version,
            "request_sha256": self.request_sha256,
            "response_sha256": self.response_sha256,
            "attempts": self.attempts,
            "schema_repairs": self.schema_repairs,
            "tokens": {"input": self.input_tokens, "output": self.output_tokens},
            "elapsed_ms": round(self.elapsed_ms, 3),
        }
        data.update(self.extra)
        return data


@dataclass(frozen=True, slots=True)
class GateVerdict:
    """One probability per operand, in operand order, in [0, 1]."""

    probabilities: tuple[float, ...]


class Resolver(Protocol):
    """Turns a question and packed records into a :class:`Resolution`.

    Raises :class:`prme_cli.errors.ProviderError` when the provider fails; returns an
    ``unsupported`` resolution when it cannot align the question."""

    name: str

    def resolve(self, request: ResolveRequest, audit: ProviderAudit) -> Resolution: ...


class Gate(Protocol):
    """Judges independently whether each quote dates its named event at the proposed time."""

    name: str

    def evaluate(
        self,
        question: str,
        resolution: Resolution,
        records: dict[str, EvidenceRecord],
        audit: ProviderAudit,
    ) -> GateVerdict: ...
