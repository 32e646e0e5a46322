"""Candidate retrieval for a natural-language question (SPEC §6.1).

A question is not an FTS expression: "How many days passed between finishing and hanging the
frame?" must find notes about the frame, not notes containing "days" and "passed". So the
question is reduced to its content words (general-English stop words and the scaffolding of
temporal questions removed), each word becomes a prefix term so that "finishing" still finds
"finished", and the terms are ORed: BM25 then favours records that share more and rarer words.
Time windows the question names ("last month", "in March") add the records dated inside them.

A question about several events ("which came first, A or B", "between A and B", "the order
of A, B and C") is also asked once per event, and a record's score is the best of its
normalised scores: otherwise the event told in the most (and longest) records crowds the
others out of the packing budget, and the resolver never sees the one sentence that dates
the rarer event.

Ranking never uses ids or file names; every live record is a candidate whatever its time.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, tzinfo
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from prme_cli.query import Row
    from prme_cli.store import Store


#: Function words of English and the vocabulary every temporal question shares; removing them
#: leaves the words that name the events.
def _word_list(text: str) -> list[str]:
    """The words of a word-list literal (kept as prose so the list stays readable)."""
    return text.split()


STOP_WORDS = frozenset(
    _word_list(
        """
    a about above after again against ago all also am an and any are as at be been before
    being below between both but by can could did do does doing done down during each either
    else ever few for from further had has have having he her here hers herself him himself his
    how i if in into is it its itself just me more most my myself no nor not now of off on once
    only or other our ours ourselves out over own same she should so some such than that the
    their theirs them themselves then there these they this those through to too under until
    up very was we were what when where which while who whom why will with would you your
    yours yourself yourselves let lets get got
    long many much time times day days week weeks month months year years hour hours minute
    minutes passed pass elapsed since first last earlier later recently happen happened
    order date exactly approximately total spend spent take took event events
    """
    )
)

_WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)*", re.UNICODE)


def question_terms(question: str) -> list[str]:
    """Content words of a question, lower-cased, in order, without duplicates."""
    seen: list[str] = []
    for match in _WORD.finditer(question.lower()):
        word = match.group().replace("’", "'")
        word = word.split("'")[0] if word.endswith(("'s", "'re", "'ve", "'ll", "'d")) else word
        if len(word) < 2 or word in STOP_WORDS or word.isdigit() and len(word) < 3:
            continue
        if word not in seen:
            seen.append(word)
    return seen


def _stem(word: str) -> str:
    """A crude English stem for a prefix query: enough for finished/finishing → finish*."""
    for suffix in ("ings", "ing", "edly", "ed", "es", "s", "ly"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 4:
            word = word[: -len(suffix)]
            break
    if len(word) >= 5 and word[-1] == word[-2]:  # planned → plann → plan
        word = word[:-1]
    return word


def fts_match(terms: Sequence[str]) -> str:
    """An FTS5 expression ORing each term as a prefix (terms are quoted: punctuation is safe)."""
    parts = []
    for term in terms:
        stem = _stem(term)
        quoted = '"' + stem.replace('"', '""') + '"'
        parts.append(quoted + ("*" if len(stem) >= 3 else ""))
    return " OR ".join(parts)


def event_queries(question: str) -> list[list[str]]:
    """The content words of each event a question names, when it names two or more (the
    symbolic question parser's split; general English constructions only). Shared words
    ("the frame" of "between finishing and hanging the frame") join every event."""
    from prme_cli.relate.frame import analyse, kind_terms
    from prme_cli.relate.symbolic.question import parse

    try:
        kind = analyse(question)
        if kind is not None and kind.kind is not None:
            # every event of a kind ("my trips"): its noun and the nouns that name one
            # ("Weekend in Belfast"), asked on their own so no member is crowded out
            return [kind_terms(kind.kind)]
        frame = parse(question)
    except Exception:  # noqa: BLE001 - retrieval must not fail on a question it can't split
        return []
    if frame is None or len(frame.phrases) < 2:
        return []
    out = []
    for phrase in frame.phrases:
        terms = question_terms(f"{phrase.text} {phrase.shared}")
        if terms:
            out.append(terms)
    return out if len(out) >= 2 else []


@dataclass(frozen=True)
class Candidate:
    row: Row
    score: float
    reasons: tuple[str, ...]


def candidates(
    store: Store,
    question: str,
    *,
    question_date: datetime,
    tz: tzinfo,
    limit: int = 200,
) -> list[Candidate]:
    """Ranked candidates for ``question``: FTS relevance plus the windows it names."""
    from prme_cli.errors import PrmeError
    from prme_cli.query import Filters, select
    from prme_cli.timeexpr import find_expressions, resolve

    scored: dict[str, Candidate] = {}
    terms = question_terms(question)
    queries = [(terms, "text")] if terms else []
    queries += [(event, f"event {n + 1}") for n, event in enumerate(event_queries(question))]
    for query, reason in queries:
        rows = select(store, text=fts_match(query), fts=True, filters=Filters(), limit=limit)
        top = max((r.score or 0.0 for r in rows), default=0.0) or 1.0
        for row in rows:
            score = (row.score or 0.0) / top
            previous = scored.get(row.id)
            if previous is None:
                scored[row.id] = Candidate(row, score, (reason,))
            elif score > previous.score:
                scored[row.id] = Candidate(row, score, previous.reasons + (reason,))
    for start, end, phrase in find_expressions(question):
        try:
            window = resolve(question[start:end], question_date, tz)
        except PrmeError:
            continue
        # Relate dates a note by its event_time fallback chain (SPEC §3), so a bullet under a
        # dated meeting is a candidate for the meeting's window here, as it always was.
        rows = select(
            store, window=(window.start, window.end), filters=Filters(inherit=True), limit=limit
        )
        for row in rows:
            previous = scored.get(row.id)
            if previous is None:
                scored[row.id] = Candidate(row, 0.25, (f"window {phrase}",))
            else:
                scored[row.id] = Candidate(
                    row, previous.score + 0.25, previous.reasons + (f"window {phrase}",)
                )
    # A stable sort on the score alone: ties keep retrieval order (BM25, then time), so
    # neither ids nor file names ever decide what is packed.
    ranked = sorted(scored.values(), key=lambda c: -c.score)
    return ranked[:limit]
