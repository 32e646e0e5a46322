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

from prme_cli import lazyre

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

_WORD = lazyre.compile(r"[^\W_]+(?:['’][^\W_]+)*", re.UNICODE)


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


def _prefixes(term: str) -> list[tuple[str, bool]]:
    """The search terms of a question word, each with whether it is a prefix: every form of
    it by the one word normaliser (:func:`prme_cli.words.forms`: "hanging" finds "hung",
    "cities" finds "city", "the renovation" finds "renovated"), shortest first, without a
    form another one covers. Forms that share the word's root are prefixes (``renovat*``
    also finds "renovation"); an irregular form ("ran", "met") is searched as itself, or
    "ran" would find "random" and "met" "method"."""
    import os.path

    from prme_cli import words

    found = list(words.forms(term) or (term,))
    root = words.key(term)[:4]
    regular = [f for f in found if f[:4] == root]
    stem = os.path.commonprefix(regular) if len(regular) > 1 else ""
    if len(stem) >= 5:
        found.append(stem)  # "renovat" finds the renovation too, "arriv" the arrival
    found.sort(key=len)
    kept: list[tuple[str, bool]] = []
    for form in found:
        if any(prefix and form.startswith(k) for k, prefix in kept):
            continue
        prefix = len(form) >= 3 and (form[:4] == root or form == term)
        if (form, False) in kept:
            continue
        kept.append((form, prefix))
    return kept


def fts_match(terms: Sequence[str]) -> str:
    """An FTS5 expression ORing each term, as a group of its forms (quoted: punctuation is
    safe)."""
    parts = []
    for term in terms:
        alternatives = [
            '"' + form.replace('"', '""') + '"' + ("*" if prefix else "")
            for form, prefix in _prefixes(term)
        ]
        parts.append(
            alternatives[0] if len(alternatives) == 1 else f"({' OR '.join(alternatives)})"
        )
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
    for row, score, reason in _event_hits(store, question, question_date, limit):
        previous = scored.get(row.id)
        if previous is None:
            scored[row.id] = Candidate(row, score, (reason,))
        else:
            scored[row.id] = Candidate(row, previous.score + score, previous.reasons + (reason,))
    scored = {k: _as_witness(c) for k, c in scored.items()}
    # A stable sort on the score alone: ties keep retrieval order (BM25, then time), so
    # neither ids nor file names ever decide what is packed.
    ranked = sorted(scored.values(), key=lambda c: -c.score)[:limit]
    return _with_neighbours(store, ranked, limit)


#: The share of its score a turn of an assistant or a bot keeps (:data:`prme_cli.textevents.
#: NON_WITNESS`): its words are no account of the writer's deeds (the resolvers read none of
#: its dates), and its long advice would otherwise take the packing budget from the turns
#: that tell them.
NON_WITNESS_SHARE = 0.5


def _as_witness(candidate: Candidate) -> Candidate:
    """``candidate`` at :data:`NON_WITNESS_SHARE` of its score when its heading is a turn of
    an assistant or a bot."""
    from prme_cli.textevents import NON_WITNESS

    if candidate.row.title.strip().lower() not in NON_WITNESS:
        return candidate
    return Candidate(candidate.row, candidate.score * NON_WITNESS_SHARE, candidate.reasons)


#: Predicates too common to tell one event from another ("be", "have", "do", "get"…).
_LIGHT_PREDICATES = frozenset(["be", "have", "do", "get", "go", "make", "take", "say", "come"])
#: What an event match adds to a record's score: the predicate (or its sense class) alone,
#: with the asked object too, with a named participant too.
EVENT_PREDICATE, EVENT_OBJECT, EVENT_PARTICIPANT = 0.2, 0.2, 0.1
#: How many top candidates bring their neighbours, and the share of the hit's score those
#: get (measured on LongMemEval's tuning part: more hits or a larger share displaced gold
#: turns of other hits from the packing budget).
NEIGHBOUR_HITS, NEIGHBOUR_SHARE = 3, 0.25
#: A hit that ends by asking something brings the turn right after it (its answer: "How's the
#: new job?" — "I started on Wednesday.") close behind it, among this many top hits, at this
#: share of the hit's score, when the reply is at most this many words: a short reply costs
#: little of the packing budget, so it cannot crowd out other evidence, while a long one (an
#: assistant's advice) is left to the plain neighbour share.
ANSWER_HITS, ANSWER_SHARE, ANSWER_WORDS = 10, 0.9, 40


def _event_hits(
    store: Store, question: str, question_date: datetime, limit: int
) -> list[tuple[Row, float, str]]:
    """Records whose stored events (SPEC §6 "Evidence the resolvers read") tell an event of
    the question: the same predicate by the word normaliser, or the same sense class
    ("sprained" for "hurt", "had coffee with" for "met"), scored up when the object and a
    named participant match too. A predicate told in very many records weighs less; at most
    ``limit`` records are read."""
    from prme_cli import words
    from prme_cli.query import objects_by_event, rows_for_ids
    from prme_cli.relate.frame import analyse
    from prme_cli.textevents import sense_of

    try:
        frame = analyse(question, now=question_date)
    except Exception:  # noqa: BLE001 - retrieval must not fail on a question it can't frame
        return []
    if frame is None:
        return []
    wanted = [
        (e, sense_of(e.predicate, e.object[0] if e.object else ""))
        for e in frame.events
        if e.predicate and e.predicate not in _LIGHT_PREDICATES
    ]
    if not wanted:
        return []
    found = objects_by_event(store, [e.predicate for e, _ in wanted], [s for _, s in wanted])
    best: dict[str, float] = {}
    for description, sense in wanted:
        names = {p.lower() for p in description.participants if p != "I"}
        hits: dict[str, float] = {}
        for obj_id, predicate, obj, ev_sense, participants in found:
            if predicate != description.predicate and not (sense and ev_sense == sense):
                continue
            score = EVENT_PREDICATE
            if obj and words.key(obj) in description.object:
                score += EVENT_OBJECT
            if names and names & {p.lower() for p in participants.split("\x1f") if p}:
                score += EVENT_PARTICIPANT
            hits[obj_id] = max(hits.get(obj_id, 0.0), score)
        rarity = min(1.0, 20 / max(len(hits), 1))
        for obj_id, score in hits.items():
            best[obj_id] = max(best.get(obj_id, 0.0), score * rarity)
    chosen = sorted(best, key=lambda k: -best[k])[:limit]  # stable: ties keep store order
    rows = rows_for_ids(store, chosen, live=True)
    return [(row, best[row.id], "event") for row in rows]


def _with_neighbours(store: Store, ranked: list[Candidate], limit: int) -> list[Candidate]:
    """``ranked`` with the records beside its best hits (the turn before and after a chat
    turn, the sibling headings of an entry) just after them, at a share of the hit's score:
    an event is often told across turns ("we went on Monday" answering "did you visit
    them?"), and packing takes them only while the budget lasts. The short reply to a hit
    that asks something (:func:`_answers`) ranks close behind the hit."""
    from prme_cli.query import adjacent_siblings, neighbours, rows_for_ids

    top = [c for c in ranked[:NEIGHBOUR_HITS] if c.score > 0]
    beside = neighbours(store, [c.row.id for c in top])
    have = {c.row.id: c for c in ranked}
    extra: dict[str, Candidate] = {}
    wanted: dict[str, tuple[float, str]] = {}
    for hit in top:
        for other in beside.get(hit.row.id, ()):
            if other in have or other in wanted:
                continue
            wanted[other] = (hit.score * NEIGHBOUR_SHARE, f"beside {hit.row.id}")
    for row in rows_for_ids(store, list(wanted), live=True):
        score, reason = wanted[row.id]
        extra[row.id] = Candidate(row, score, (reason,))
    # The turn right after a top hit, when it asks something ("I bought a kiln!" — "When?"),
    # brings its own answer too, close behind the hit: the hit's deed is dated two turns on.
    after = adjacent_siblings(store, [c.row.id for c in top], after=True)
    asked_after = [
        Candidate(turn.row, hit.score, (f"after {hit.row.id}",))
        for hit in top
        if (turn := extra.get(after.get(hit.row.id, "")) or have.get(after.get(hit.row.id, "")))
    ]
    for answer in _answers(store, [*ranked[:ANSWER_HITS], *asked_after]):
        known = extra.get(answer.row.id) or have.get(answer.row.id)
        if known is None or known.score < answer.score:
            extra[answer.row.id] = answer
    raised = {k for k in extra if k in have}
    merged = sorted(
        [*(c for c in ranked if c.row.id not in raised), *extra.values()], key=lambda c: -c.score
    )
    return merged[:limit]


_LAST_WORDS = lazyre.compile(r"[\s\"'’”)\]]*$")


def _asks(text: str) -> bool:
    """Does a record's text end by asking something (its last character a question mark,
    closing quotes and brackets aside)?"""
    return _LAST_WORDS.sub("", text).endswith("?")


def _answers(store: Store, hits: Sequence[Candidate]) -> list[Candidate]:
    """The short record right after each hit whose text ends with a question: the reply that
    answers it, at :data:`ANSWER_SHARE` of the hit's score (see :data:`ANSWER_HITS`)."""
    from prme_cli.query import adjacent_siblings, rows_for_ids

    asking = [c for c in hits if c.score > 0 and _asks(c.row.body or c.row.title)]
    following = adjacent_siblings(store, [c.row.id for c in asking], after=True)
    replies = {r.id: r for r in rows_for_ids(store, list(following.values()), live=True)}
    out = []
    for hit in asking:
        reply = replies.get(following.get(hit.row.id, ""))
        if reply is None or len(_WORD.findall(reply.body or reply.title)) > ANSWER_WORDS:
            continue
        out.append(Candidate(reply, hit.score * ANSWER_SHARE, (f"answers {hit.row.id}",)))
    return out
