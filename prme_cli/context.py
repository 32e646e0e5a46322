"""Token-budgeted context packing (SPEC §5 ``query --context``, §6.1, §6.7).

A *bundle* is the text handed to a reader (a person, an LLM, the relate resolver): the few
records that matter, each in the richest representation that fits, and never one token over
the budget. Records are independent of the store (:class:`ContextRecord`), so packing is a
pure function that tests can drive with arbitrary input.

Representations, richest first:

- ``full`` — heading (todo, title, tags), ``:ID:``, outline path, ``event_time``, source
  ``file:line`` and the node's whole body verbatim (planning line, drawers, timestamps);
- ``structured`` — heading, ``:ID:``, path, ``event_time``, every timestamp raw with its kind,
  and only the body lines that date or time something, still verbatim;
- ``reference`` — one line: id, ``event_time``, title.

Formats: ``reader`` (org-like text) and ``json`` (a JSON array of objects with stable keys).

Packing policy: records are taken in priority order (higher first; ties keep input order).
Each one gets the richest representation that still fits in what is left; one that fits in no
representation is *excluded* and reported in :attr:`Bundle.excluded_ids`, never silently
dropped. Lower-priority records keep filling the space a bigger record could not use, because
a reader would rather see a short note than nothing. The output keeps priority order.

How the budget is guaranteed
----------------------------
Token counts do not add up naively: cl100k's byte-pair merges can join the end of one piece to
the start of the next. The layout is chosen so that they *do* add up, and the result is then
checked anyway. cl100k first splits text into pre-tokens with a regular expression, and no
pre-token ever contains a newline followed by a non-space character. Every item (record,
header, guidance) is rendered to start and end with a non-space character, and items are
joined with a separator that ends in a newline (``"\\n\\n"`` for reader, ``",\\n"`` for json).
So the pre-tokens of item *i* plus its separator are the same inside the context as on their
own, and::

    count(context) == count(opening) + sum(count(item + joiner) for all but the last item)
                      + count(last_item + closing)

Packing decides with this exact sum (cached per item), then counts the finished context once.
If that count ever disagreed with the sum, packing is redone the slow way, counting the whole
candidate context at every step — so ``tokens.count(bundle.context) <= budget`` holds by
construction, not by hope.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any

from prme_cli import lazyre, tokens

if TYPE_CHECKING:
    from prme_cli.events import FileKeywords

REPRESENTATIONS: tuple[str, ...] = ("full", "structured", "reference")
FORMATS: tuple[str, ...] = ("reader", "json")

#: Bump when :func:`full_dump_text` changes, so token counts a store cached under the old
#: rendering are recomputed (fold it into the cache key).
DUMP_RENDER_VERSION = 1


@dataclass(frozen=True, slots=True)
class ContextRecord:
    """One memory object as packing sees it, independent of how it was stored.

    ``body`` is the node's own text including its planning line, drawers and timestamps
    verbatim: quotes cited by the relate stage must be found in it character for character.
    ``event_time`` is a naive wall-clock time (org has no zones). ``priority`` is the
    retrieval score: higher is packed first; equal scores keep input order.
    """

    id: str
    title: str
    path: tuple[str, ...]
    todo: str | None
    tags: tuple[str, ...]
    event_time: datetime | None
    file: str
    line: int
    body: str
    timestamps: tuple[tuple[str, str], ...]
    priority: float = 0.0
    #: org-structure events of the record (read by relate, never rendered)
    events: tuple[Any, ...] = ()
    event_source: str | None = None
    #: the id of the sibling heading just before it in its file (a chat's previous turn),
    #: read by relate for an answer to the turn before ("Did you …?" — "Yes, on Friday")
    previous: str | None = None
    #: the id of the live sibling right after it in its file (the next turn of a chat),
    #: read by relate, never rendered
    next_id: str = ""
    #: the TODO keyword sets its file declares itself (:class:`prme_cli.events.FileKeywords`;
    #: None: none, or not known), read by relate, never rendered
    keywords: FileKeywords | None = None


@dataclass(frozen=True, slots=True)
class PackedRecord:
    """A record as placed in a bundle.

    ``text`` is exactly this record's part of :attr:`Bundle.context` — what the resolver sees
    and what evidence quotes are checked against. ``tokens`` is ``tokens.count(text)`` on its
    own (separators are not included, so the sum can differ from ``tokens_used`` slightly).
    """

    id: str
    representation: str
    tokens: int
    text: str
    event_time: datetime | None = None


@dataclass(frozen=True)
class Bundle:
    """A packed context and its accounting.

    ``tokens_used == tokens.count(context) <= budget`` always. ``excluded_ids`` lists, in
    priority order, the records that fitted in no representation; after :func:`repack` it
    also ends with the records the relate stage displaced, which are listed again on their
    own in ``dropped_ids``. ``header`` and ``guidance`` are the caller's text blocks that
    precede the records (``None`` when absent or when the header did not fit).
    """

    context: str
    records: tuple[PackedRecord, ...]
    excluded_ids: tuple[str, ...]
    tokens_used: int
    budget: int
    full_dump_tokens: int
    fmt: str
    header: str | None = None
    guidance: str | None = None
    dropped_ids: tuple[str, ...] = field(default=())

    @property
    def ids(self) -> tuple[str, ...]:
        """Ids of the packed records, in context order."""
        return tuple(record.id for record in self.records)

    @property
    def saving(self) -> float | None:
        """Fraction of a full dump's tokens this context saves (None without a dump size)."""
        if self.full_dump_tokens <= 0:
            return None
        return 1.0 - self.tokens_used / self.full_dump_tokens

    def footer(self) -> str:
        """One line for stderr after ``query --context`` (SPEC §5): what was packed, what it
        cost, what a full dump would have cost and the saving."""
        parts = [f"context: {len(self.records)} nodes"]
        if self.excluded_ids:
            parts[0] += f" ({len(self.excluded_ids)} excluded)"
        parts.append(f"{self.tokens_used:,}/{self.budget:,} tokens")
        saving = self.saving
        if saving is not None:
            parts.append(f"full dump {self.full_dump_tokens:,} tokens")
            parts.append(f"saving {saving:.1%}")
        return "; ".join(parts)

    def to_json(self) -> dict[str, Any]:
        """The bundle's stable JSON shape (for ``--format json`` and receipts)."""
        return {
            "context": self.context,
            "records": [
                {"id": r.id, "representation": r.representation, "tokens": r.tokens}
                for r in self.records
            ],
            "excluded_ids": list(self.excluded_ids),
            "dropped_ids": list(self.dropped_ids),
            "tokens_used": self.tokens_used,
            "budget": self.budget,
            "full_dump_tokens": self.full_dump_tokens,
        }


# --------------------------------------------------------------------------- rendering

_WHITESPACE_RUN = lazyre.compile(r"\s+")

_MONTH = (
    r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?"
    r"|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?"
)
#: Date forms that involve a digit (checked only on lines that have one: the search is the
#: expensive part of rendering a structured record).
_NUMERIC_DATE = lazyre.compile(
    "|".join(
        [
            r"[<\[]\d{4}-\d{2}-\d{2}",  # org timestamp
            r"\b\d{4}-\d{1,2}(?:-\d{1,2})?\b",  # ISO date or month
            r"\b(?:19|20)\d{2}(?:\d{4})?\b",  # a year, or a compact date (org-roam dailies)
            r"\b\d{1,2}[/.]\d{1,2}[/.]\d{2,4}\b",  # numeric date
            r"\b\d{1,2}:\d{2}\b",  # clock time
            r"\b\d{1,2}\s?[ap]\.?m\b",  # 9am, 5 p.m
            rf"\b\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?{_MONTH}",  # 3 March, 3rd of March
            rf"\b{_MONTH}\s+\d{{1,2}}(?:st|nd|rd|th)?\b",  # March 3, May 3
        ]
    ),
    re.IGNORECASE,
)
_DIGIT = lazyre.compile(r"\d")
_WORD = lazyre.compile(r"[^\W\d_]+")
#: Words that make a line temporal on their own: named months and days, relative days, parts
#: of the day, and the units durations and counts are given in ("for three weeks"). "may" and
#: abbreviations are left to :data:`_NUMERIC_DATE`, which wants a day number beside them.
_DATE_WORD_LIST = (
    "january february march april june july august september october november december"
    " monday tuesday wednesday thursday friday saturday sunday"
    " today tonight yesterday tomorrow ago weekend weekends fortnight fortnights noon midnight"
    " morning afternoon evening night overnight"
    " minute minutes hour hours day days week weeks month months quarter year years"
    " daily weekly monthly yearly annually"
)
_DATE_WORDS = frozenset(_DATE_WORD_LIST.split())


def _is_dated(line: str) -> bool:
    """Whether a body line dates or times something. Generous on purpose: a structured record
    that keeps one line too many costs a few tokens; one that drops the line a question is
    about loses the evidence."""
    if "<%%(" in line:  # diary sexp
        return True
    if _DIGIT.search(line) and _NUMERIC_DATE.search(line):
        return True
    return not _DATE_WORDS.isdisjoint(_WORD.findall(line.lower()))


def _one_line(text: str) -> str:
    """Collapse whitespace so a title or tag cannot break the one-line forms."""
    return _WHITESPACE_RUN.sub(" ", text).strip()


def _reader_time(value: datetime | None) -> str | None:
    """``2026-10-02 17:40``; a date alone when the time is midnight (date-only notes are far
    more common than events at exactly 00:00, and the date is what the reader needs)."""
    if value is None:
        return None
    if (value.hour, value.minute, value.second, value.microsecond) == (0, 0, 0, 0):
        return value.date().isoformat()
    if value.second == 0 and value.microsecond == 0:
        return value.strftime("%Y-%m-%d %H:%M")
    return value.isoformat(sep=" ")


def _heading(record: ContextRecord) -> str:
    parts = ["*"]
    if record.todo:
        parts.append(_one_line(record.todo))
    title = _one_line(record.title)
    if title:
        parts.append(title)
    tags = [_one_line(tag) for tag in record.tags if _one_line(tag)]
    if tags:
        parts.append(":" + ":".join(tags) + ":")
    return " ".join(parts)


def _dated_lines(record: ContextRecord) -> list[str]:
    """Body lines that carry a timestamp of the record or look like a date or a time."""
    raws = [raw for _, raw in record.timestamps if raw]
    kept = []
    for line in record.body.splitlines():
        if not line.strip():
            continue
        if any(raw in line for raw in raws) or _is_dated(line):
            kept.append(line)
    return kept


def _structured_lines(record: ContextRecord) -> list[str]:
    lines = [f"timestamp {_one_line(kind)}: {_one_line(raw)}" for kind, raw in record.timestamps]
    lines.extend(_dated_lines(record))
    return lines


def _reader_meta(record: ContextRecord) -> list[str]:
    lines = [f":ID: {_one_line(record.id)}"]
    if record.path:
        lines.append("path: " + " > ".join(_one_line(title) for title in record.path))
    when = _reader_time(record.event_time)
    if when is not None:
        lines.append(f"event_time: {when}")
    return lines


def _render_reader(record: ContextRecord, representation: str) -> str:
    if representation == "reference":
        parts = [f"- reference :ID: {_one_line(record.id)}"]
        when = _reader_time(record.event_time)
        if when is not None:
            parts.append(f"event_time: {when}")
        title = _one_line(record.title)
        if title:
            parts.append(title)
        return " | ".join(parts)
    # prme's own lines (id, outline path, event_time, source) come first, so the heading and
    # its text stay contiguous as in the file: a quote such as the heading plus its CLOSED
    # line is then the user's words only, never interleaved with derived metadata.
    lines = [*_reader_meta(record)]
    if representation == "full":
        lines.append(f"source: {record.file}:{record.line}")
        lines.append(_heading(record))
        text = "\n".join(lines)
        body = record.body.strip("\r\n")
        return _clean_item(f"{text}\n{body}" if body.strip() else text)
    lines.append(_heading(record))
    lines.append("[structured: timestamps and dated lines only]")
    lines.extend(_structured_lines(record))
    return _clean_item("\n".join(lines))


def _render_json(record: ContextRecord, representation: str) -> str:
    reference = representation == "reference"
    text: str | None
    if reference:
        text = None
    elif representation == "full":
        text = record.body
    else:
        text = "\n".join(_structured_lines(record))
    obj = {
        "id": record.id,
        "representation": representation,
        "title": record.title,
        "todo": None if reference else record.todo,
        "tags": None if reference else list(record.tags),
        "path": None if reference else list(record.path),
        "event_time": record.event_time.isoformat() if record.event_time else None,
        "source": f"{record.file}:{record.line}" if representation == "full" else None,
        "text": text,
    }
    return json.dumps(obj, ensure_ascii=False)


def render_record(record: ContextRecord, representation: str, fmt: str) -> str:
    """Render one record; the text always starts and ends with a non-space character and
    always carries the record's id, so evidence can cite it."""
    if representation not in REPRESENTATIONS:
        raise ValueError(f"unknown representation {representation!r}")
    _check_fmt(fmt)
    if fmt == "json":
        return _render_json(record, representation)
    return _render_reader(record, representation)


def full_dump_text(record: ContextRecord) -> str:
    """The text a "dump everything" baseline would show for ``record``: its full reader form.

    The store sums ``tokens.count(full_dump_text(r))`` over live records (cached per content
    hash, with :data:`DUMP_RENDER_VERSION` in the key) to report what ``--context`` saved.
    """
    return render_record(record, "full", "reader")


def _block_item(text: str, representation: str, fmt: str) -> str:
    """A header or guidance block as an item of the context."""
    if fmt == "json":
        obj = {
            "id": None,
            "representation": representation,
            "title": None,
            "todo": None,
            "tags": None,
            "path": None,
            "event_time": None,
            "source": None,
            "text": text.strip(),
        }
        return json.dumps(obj, ensure_ascii=False)
    return _clean_item(text)


def _clean_item(text: str) -> str:
    # The counting argument in the module docstring needs items that neither start nor end
    # with whitespace; trailing blank lines carry nothing a reader or a quote needs.
    return text.strip()


def _check_fmt(fmt: str) -> None:
    if fmt not in FORMATS:
        raise ValueError(f"unknown context format {fmt!r} (expected one of {', '.join(FORMATS)})")


def _check_budget(budget: object) -> int:
    if isinstance(budget, bool) or not isinstance(budget, int):
        # ValueError, not TypeError: every bad budget is one kind of usage error to callers.
        raise ValueError(f"budget must be an integer, got {budget!r}")  # noqa: TRY004
    if budget < 0:
        raise ValueError(f"budget must be >= 0, got {budget}")
    return budget


# --------------------------------------------------------------------------- layout


@dataclass(frozen=True, slots=True)
class _Layout:
    """How items are framed: ``opening + item (joiner item)* closing``, or ``empty``."""

    opening: str
    joiner: str
    closing: str
    empty: str

    def render(self, items: Sequence[str]) -> str:
        if not items:
            return self.empty
        return self.opening + self.joiner.join(items) + self.closing


_LAYOUTS: dict[str, _Layout] = {
    # Reader: records separated by a blank line; the context ends with a newline so it can be
    # written to stdout as is.
    "reader": _Layout(opening="", joiner="\n\n", closing="\n", empty=""),
    # JSON: one object per line inside an array; still valid JSON, still diff-friendly.
    "json": _Layout(opening="[\n", joiner=",\n", closing="\n]\n", empty="[]\n"),
}


class _Assembler:
    """Builds a context item by item, knowing the exact token cost of each step.

    ``exact_sum`` uses the additive identity from the module docstring (fast, per-item
    counts cached). With ``exact_sum=False`` every question is answered by counting the whole
    candidate text — the fallback if the identity were ever violated.
    """

    def __init__(self, layout: _Layout, *, exact_sum: bool = True) -> None:
        self.layout = layout
        self.exact_sum = exact_sum
        self.items: list[str] = []
        self._prefix_cost = tokens.count(layout.opening)

    def fits(self, item: str, budget: int) -> bool:
        """Whether appending ``item`` keeps the context within ``budget``."""
        if self.exact_sum:
            room = budget - self._prefix_cost
            text = item + self.layout.closing
            # Every token covers at most max_token_bytes() bytes, and a character is at least
            # one byte, so a text this long cannot fit: skip tokenizing it.
            if room <= 0 or len(text) > room * tokens.max_token_bytes():
                return False
        return self.cost_with(item) <= budget

    def cost_with(self, item: str) -> int:
        """Tokens of the whole context if ``item`` were appended now."""
        if self.exact_sum:
            return self._prefix_cost + tokens.count(item + self.layout.closing)
        return tokens.count(self.layout.render([*self.items, item]))

    def floor(self) -> int:
        """A lower bound for :meth:`cost_with` of any item (each costs at least a token)."""
        return self._prefix_cost + 1 if self.exact_sum else 1

    def add(self, item: str) -> None:
        self.items.append(item)
        if self.exact_sum:
            self._prefix_cost += tokens.count(item + self.layout.joiner)

    def text(self) -> str:
        return self.layout.render(self.items)


def _sequence_cost(layout: _Layout, items: Sequence[str], *, exact_sum: bool) -> int:
    if not items or not exact_sum:
        return tokens.count(layout.render(items))
    total = tokens.count(layout.opening)
    total += sum(tokens.count(item + layout.joiner) for item in items[:-1])
    return total + tokens.count(items[-1] + layout.closing)


def _finish(
    layout: _Layout, items: Sequence[str], budget: int, *, exact_sum: bool = False
) -> tuple[str, int] | None:
    """The final text and its real count, or None if it (unexpectedly) exceeds the budget.

    With the exact-sum layout and every part's count known without the encoder (kept in the
    store), the sum is the count (see the module docstring) and the encoder is not loaded
    just to confirm it; once it is loaded the whole text is counted as a check."""
    text = layout.render(items)
    if exact_sum and items and not tokens.encoder_loaded():
        used = _sequence_cost(layout, items, exact_sum=True)
    else:
        used = tokens.count(text)
    if not items and used > budget:
        return "", 0  # even an empty JSON array does not fit: print nothing
    return (text, used) if used <= budget else None


# --------------------------------------------------------------------------- packing


def _priority_key(indexed: tuple[int, ContextRecord]) -> tuple[float, int]:
    index, record = indexed
    priority = record.priority
    if isinstance(priority, float) and math.isnan(priority):
        priority = -math.inf  # a NaN score must not scramble the order of the others
    return (-priority, index)


def _ordered(records: Sequence[ContextRecord]) -> list[ContextRecord]:
    seen: set[str] = set()
    for record in records:
        if record.id in seen:
            raise ValueError(f"duplicate record id {record.id!r} in context input")
        seen.add(record.id)
    return [record for _, record in sorted(enumerate(records), key=_priority_key)]


def _greedy(
    ordered: Sequence[ContextRecord], budget: int, fmt: str, *, exact_sum: bool
) -> tuple[list[str], list[PackedRecord], list[str]]:
    assembler = _Assembler(_LAYOUTS[fmt], exact_sum=exact_sum)
    packed: list[PackedRecord] = []
    excluded: list[str] = []
    for record in ordered:
        if assembler.floor() > budget:
            excluded.append(record.id)
            continue
        for representation in REPRESENTATIONS:
            text = render_record(record, representation, fmt)
            if assembler.fits(text, budget):
                assembler.add(text)
                packed.append(
                    PackedRecord(
                        id=record.id,
                        representation=representation,
                        tokens=tokens.count(text),
                        text=text,
                        event_time=record.event_time,
                    )
                )
                break
        else:
            excluded.append(record.id)
    return assembler.items, packed, excluded


def pack(
    records: Sequence[ContextRecord],
    budget: int,
    *,
    fmt: str = "reader",
    full_dump_tokens: int = 0,
    header: str | None = None,
) -> Bundle:
    """Pack ``records`` into at most ``budget`` cl100k tokens (see the module docstring).

    ``header`` is an optional block placed first (e.g. what the query was). Records are what
    the budget is for, so they are packed first and the header is added only if it fits in
    what they leave; it never costs a record its place or its representation. Raises
    ValueError for a negative or non-integer budget, an unknown format or duplicate ids.
    """
    budget = _check_budget(budget)
    _check_fmt(fmt)
    ordered = _ordered(records)
    layout = _LAYOUTS[fmt]
    items, packed, excluded = _greedy(ordered, budget, fmt, exact_sum=True)
    finished = _finish(layout, items, budget, exact_sum=True)
    if finished is None:  # the additive identity failed: redo it counting whole texts
        items, packed, excluded = _greedy(ordered, budget, fmt, exact_sum=False)
        finished = _finish(layout, items, budget)
        assert finished is not None, "slow packing path exceeded its budget"
    context, used = finished
    header_used = None
    if header is not None and header.strip():
        with_header = _finish(
            layout, [_block_item(header, "header", fmt), *items], budget, exact_sum=True
        )
        if with_header is not None:
            context, used = with_header
            header_used = header.strip()
    return Bundle(
        context=context,
        records=tuple(packed),
        excluded_ids=tuple(excluded),
        tokens_used=used,
        budget=budget,
        full_dump_tokens=full_dump_tokens,
        fmt=fmt,
        header=header_used,
    )


# --------------------------------------------------------------------------- repacking


def _dedupe_append(base: Iterable[str], extra: Iterable[str]) -> tuple[str, ...]:
    seen: set[str] = set()
    out: list[str] = []
    for item in (*base, *extra):
        if item not in seen:
            seen.add(item)
            out.append(item)
    return tuple(out)


def repack(
    bundle_records: Sequence[ContextRecord],
    original: Bundle,
    *,
    keep_ids: set[str] | frozenset[str],
    guidance: str,
    budget: int | None = None,
) -> Bundle | None:
    """Fit the relate stage's guidance into the original budget (SPEC §6.7).

    Only records already packed in ``original`` appear, each with exactly the text it had
    there (so cited records keep their representation byte for byte). ``guidance`` goes
    first and must name every id in ``keep_ids``. To make room, uncited records are
    *displaced* whole — lowest priority first — never downgraded, because a downgraded
    record would show the reader different evidence than the resolver saw. Displaced ids are
    appended to ``excluded_ids`` (no duplicates) and listed in ``dropped_ids`` in priority
    order. Returns None when the guidance and the cited records cannot fit even with every
    uncited record displaced: the stage reports ``packing_rejected``.

    ``bundle_records`` (the records the original was packed from) are accepted for the
    stage's convenience but not re-rendered: the texts stored in ``original`` are reused, so
    no record outside the original bundle can enter and no cited text can change.
    ``budget`` defaults to the original's.
    """
    budget = _check_budget(original.budget if budget is None else budget)
    fmt = original.fmt
    _check_fmt(fmt)
    packed_ids = [record.id for record in original.records]
    unknown = sorted(set(keep_ids) - set(packed_ids))
    if unknown:
        raise ValueError(f"cited ids not in the packed bundle: {', '.join(unknown)}")
    if not guidance or not guidance.strip():
        raise ValueError("guidance must not be empty")
    unnamed = sorted(i for i in keep_ids if i not in guidance)
    if unnamed:
        raise ValueError(f"guidance does not name evidence ids: {', '.join(unnamed)}")
    del bundle_records  # the packed texts in ``original`` are the source of truth
    kept = list(original.records)

    layout = _LAYOUTS[fmt]
    fixed = [_block_item(guidance, "guidance", fmt)]
    if original.header:
        fixed.append(_block_item(original.header, "header", fmt))

    def items_for(records: Sequence[PackedRecord]) -> list[str]:
        return [*fixed, *(record.text for record in records)]

    def attempt(exact_sum: bool) -> tuple[list[PackedRecord], list[str]] | None:
        current = list(kept)
        displaced: list[str] = []
        # Uncited records from the lowest priority up are the only ones we may give up.
        candidates = [r for r in reversed(current) if r.id not in keep_ids]
        while _sequence_cost(layout, items_for(current), exact_sum=exact_sum) > budget:
            if not candidates:
                return None
            victim = candidates.pop(0)
            current.remove(victim)
            displaced.append(victim.id)
        return current, displaced

    outcome = _attempt_twice(attempt, layout, items_for, budget)
    if outcome is None:
        return None
    current, displaced, context, used = outcome
    order = {record_id: n for n, record_id in enumerate(packed_ids)}
    dropped = sorted(displaced, key=order.__getitem__)
    return Bundle(
        context=context,
        records=tuple(current),
        excluded_ids=_dedupe_append(original.excluded_ids, dropped),
        tokens_used=used,
        budget=budget,
        full_dump_tokens=original.full_dump_tokens,
        fmt=fmt,
        header=original.header,
        guidance=guidance.strip(),
        dropped_ids=tuple(dropped),
    )


def _attempt_twice(
    attempt: Callable[[bool], tuple[list[PackedRecord], list[str]] | None],
    layout: _Layout,
    items_for: Callable[[Sequence[PackedRecord]], list[str]],
    budget: int,
) -> tuple[list[PackedRecord], list[str], str, int] | None:
    """Run a repack attempt with the additive sum, then with whole-text counts if needed."""
    for exact_sum in (True, False):
        result = attempt(exact_sum)
        if result is None:
            if exact_sum:
                continue  # make sure the slow path agrees before rejecting
            return None
        current, displaced = result
        finished = _finish(layout, items_for(current), budget, exact_sum=exact_sum)
        if finished is not None:
            return current, displaced, finished[0], finished[1]
    return None
