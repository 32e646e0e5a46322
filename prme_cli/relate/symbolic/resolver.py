"""The symbolic resolver: deterministic, offline, zero tokens.

Steps (each explained in the resolution's ``explanation``):

1. :func:`question.parse` splits the question into an operation and event phrases ("between
   A and B", "since A when B", "how long had I been A when B", "how many days before B did
   I A", "which … first, A or B", "what is the order of A, B and C", "did I A before B",
   "how many weeks ago did I A", "when did I A", "what date did I A", "how many days did I
   spend on A" — from a clause telling A's start to one telling its end), first or third
   person.
2. Every packed record is cut into headings and sentences (:mod:`segment`); every phrase is
   aligned to every sentence (:mod:`align`): content coverage weighted by rarity (titles and
   names weigh most, everyday synonyms count less than the same word), and refusal of
   sentences whose aspect (start/finish, order/receive), modality (plan, wish, question),
   negation, doer (someone else, or "you") or head noun does not fit, or that tell of
   arranging the thing ("booked the flight") rather than the thing.
3. The time each aligned sentence gives is found (:mod:`timefind`) in the event's own
   clause — or a fronted "Yesterday, I …", a back-referring "I did it two weeks ago" or a
   following "It was on Saturday." — as an org fact of a heading (CLOSED of a DONE heading,
   never SCHEDULED for a doing), an explicit or relative phrase read against the note's
   time, or the note's own day when the words license it ("today", "this morning"). It is
   read by the same interpreter validation uses.
4. The best dated sentence wins only when it is clearly the best, and no sentence written
   after the reported day denies the same event ("I didn't return the van on Saturday after
   all") on that day or without naming another.

When to trust it: it answers only when one sentence (or heading) clearly tells the asked
event and dates it in its own clause, no other sentence of similar strength gives another
day for it, no much closer sentence leaves it undated, and the date is as precise as the
unit asked. It refuses (``unsupported``) on hedged or vague times ("about", "a few", "I
think", "mid-February"), habits ("every Monday"), spans ("for the past 6 months"), dates
counted from another event ("two days later"), reports a later sentence denies, coming
events, a bare weekday outside a
past-tense report ("I'm playing squash on Sunday") or in a note written on that weekday,
year-less dates that read as
nearly a year back, two operands in one record, and overlapping dates in an order. Refusing
costs a little coverage; a wrong citation costs trust.
"""

from __future__ import annotations

import itertools
import re
import time as _time
from dataclasses import dataclass, replace
from datetime import datetime, timedelta, tzinfo
from functools import lru_cache
from typing import TYPE_CHECKING

from prme_cli import denial, lazyre, org
from prme_cli import words as words_module
from prme_cli.relate import interpret, validate
from prme_cli.relate.symbolic import again, align, kin, lexicon, segment, structure, timefind
from prme_cli.relate.symbolic.question import EventPhrase, QuestionFrame

if TYPE_CHECKING:
    from collections.abc import Sequence

    from prme_cli.relate.frame import EventDescription, Frame
from prme_cli.relate.types import (
    EvidenceRecord,
    Operand,
    ProviderAudit,
    Resolution,
    ResolveRequest,
)

#: Below this coverage a sentence is not about the phrase's event at all.
MIN_COVERAGE = 0.6
#: A rival within this much coverage of the best, with another date, makes the answer unsure.
RIVAL_MARGIN = 0.25
#: An undated sentence this much stronger than the best dated one suggests the dated one is
#: about something else.
UNDATED_MARGIN = 0.3
#: A question asking for time logged ("How long did I clock on …", "… logged on …", "…
#: put in on …", "How much time did I spend on …"): its answer is the CLOCK lines' sum (or
#: a stated length), whatever unit it is asked in.
#: A span asked as the asker's effort: "how long have I spent on …", "how long did the
#: runbook take me" — its CLOCK lines, when it has them, not its first to its last day.
_EFFORT = lazyre.compile(r"\bspen[dt]\b|\btake\s+(?:me|us)\b", re.IGNORECASE)
_LOGGED_TIME = lazyre.compile(
    r"\b(?:clock|clocked|log|logged|put\s+in)\s+(?:on|at|into|for)\b|^\W*how\s+much\s+time\b",
    re.IGNORECASE,
)
#: Speakers whose words are not the notes' own account of events.
_NON_WITNESS_SPEAKERS = frozenset(
    {"assistant", "ai", "bot", "chatgpt", "model", "system", "gpt", "claude", "llm"}
)
#: The alignment's problems a confirming reply answers (see ``_answered_yes``).
_SECOND_PERSON = "the doer is 'you'"
_ASKED = "a question, not a report"
#: A yes/no question about a past deed ("Did you go …?", "Were you at …?"): a yes tells it.
_PAST_YES_NO = lazyre.compile(r"\W*(?:did|were|was|had)\s+you\b", re.IGNORECASE)
#: A question that asks for something else than a yes ("How is it?", "What was it like?").
_WH_QUESTION = lazyre.compile(r"\W*(?:how|what|where|who|which|why)\b[^.!]*\?\W*$", re.IGNORECASE)
#: Words that take part of a yes back ("Yes, but …", "I did, actually on Monday").
_RESERVATION = lazyre.compile(r"\b(?:but|actually|though|although|except|well)\b", re.IGNORECASE)
#: A yes that hands the deed to someone else: "Yes, my sister did", "Yes, Tom has", "yes,
#: they did".
_ANOTHER_DOER = lazyre.compile(
    r"\b(?i:(?:my|his|her|their|our|your)\s+[a-z]+|he|she|they)\s+(?i:did|does|has|had|was|were)\b"
    r"|\b[A-Z][a-z]+\s+(?i:did|does|has|had)\b"
)
#: "Name:" labels under which the first person is still the notes' writer.
_WRITER_LABELS = frozenset({"user", "me", "i", "myself"})
#: Words quoted from someone else, opened after their verb of saying: 'Alex said: "I moved
#: the meeting …"', 'Nina told me, "I sold the boat …"'. The first person inside is theirs.
_QUOTED_SPEECH = lazyre.compile(
    r"(?P<who>\b(?:(?i:my|his|her|their|our|the)\s+[a-z]+|[A-Z][\w-]*(?:\s+[A-Z][\w-]*)?"
    r"|(?i:he|she|they)))\s+(?i:said|says|told\s+(?:me|us|him|her|them)|asked(?:\s+me)?|"
    r"wrote|writes|texted|replied|added|announced|shouted|explained)\s*[:,]?\s*[\"\u201c]"
)


@dataclass(slots=True)
class Candidate:
    record: EvidenceRecord
    sentence: segment.Sentence
    match: align.Match
    mention: timefind.Mention | None
    why_undated: str = ""
    #: the sentence tells another of the question's events better than this one
    claimed: bool = False
    #: where the quote must start so that it shows what a pronoun refers back to
    context_start: int | None = None
    #: for a yes to the turn before, told as a statement (:func:`_answer_unit`): the real
    #: record text and where the answer stands in it
    answered: tuple[str, int, int] | None = None
    #: where the quote must end so that it shows the name the next sentence gives the thing
    context_end: int | None = None

    @property
    def coverage(self) -> float:
        return self.match.coverage

    @property
    def window(self) -> tuple[datetime, datetime, str] | None:
        return self.mention.window if self.mention else None


@dataclass(slots=True)
class _Unit:
    record: EvidenceRecord
    seg: segment.Segmented
    first_person: bool = True
    #: the writer capitalises names, so a question's name must meet a capitalised word
    capitalises: bool = True
    #: a yes to the turn before told as a statement: only this sentence is read, and the
    #: real record text with where the answer stands in it
    only: int | None = None
    answered: tuple[str, int, int] | None = None


class SymbolicResolver:
    """Aligns question phrases to records and their org timestamps or in-text expressions."""

    name = "symbolic"

    def __init__(
        self, *, min_coverage: float = MIN_COVERAGE, rival_margin: float = RIVAL_MARGIN
    ) -> None:
        self.min_coverage = min_coverage
        self.rival_margin = rival_margin
        self._context: tuple[str | None, bool, bool] = (None, False, False)
        self._segs: list[tuple[EvidenceRecord, segment.Segmented]] = []
        self._by_id: dict[str, tuple[EvidenceRecord, segment.Segmented]] = {}
        self._named: dict[str, bool] = {}

    def resolve(self, request: ResolveRequest, audit: ProviderAudit) -> Resolution:
        started = _time.perf_counter()
        audit.provider = self.name
        audit.model = None
        audit.attempts += 1
        try:
            return self._resolve(request)
        finally:
            audit.elapsed_ms += (_time.perf_counter() - started) * 1000.0

    # ------------------------------------------------------------------ orchestration

    def _resolve(self, request: ResolveRequest) -> Resolution:
        from prme_cli.relate.frame import analyse

        analysed = analyse(request.question, now=request.question_date)
        frame = analysed.question_frame() if analysed is not None else None
        if frame is None or analysed is None:
            return Resolution("unsupported", (), ("no supported question construction",))
        if analysed.kind is not None:
            return self._enumerate(analysed, frame, request)
        early = self._from_structure(analysed, request)
        if isinstance(early, Resolution):
            return early
        if "duration_sum" in analysed.operations and frame.phrases:
            stated = self._stated_durations(analysed, frame, request)
            if stated is not None:
                return stated
        return self._by_phrases(frame, request, early)

    def _by_phrases(
        self,
        frame: QuestionFrame,
        request: ResolveRequest,
        structural: list[structure.Pick | structure.Refusal | None],
    ) -> Resolution:
        """Each event phrase to the structure event that answers it, else to the sentence
        that tells it and the time that sentence gives; then the checks across them."""
        notes = [
            f"question: {frame.form} -> {frame.operation}"
            + (f", unit {frame.unit}" if frame.unit else "")
            + (f", subject {frame.subject}" if frame.subject else "")
        ]
        tz = request.question_date.tzinfo
        assert tz is not None, "question_date must be aware"
        units = self._units(request.records, frame)
        if not units:
            return Resolution("unsupported", (), tuple(notes + ["no records to read"]))
        df, n_docs = align.document_frequencies([s.text for u in units for s in u.seg.sentences])
        chosen: list[Candidate | structure.Pick] = []
        models = [
            align.model_phrase(_restriction(p, request.question_date, tz)[1], df, n_docs)
            for p in frame.phrases
        ]
        for i, phrase in enumerate(frame.phrases):
            found = structural[i] if i < len(structural) else None
            if isinstance(found, structure.Refusal):
                return Resolution("unsupported", (), (*notes, found.reason))
            if isinstance(found, structure.Pick):
                notes.append(found.note)
                chosen.append(found)
                continue
            others = [m for j, m in enumerate(models) if j != i]
            pick, why = self._align_phrase(phrase, frame, units, df, n_docs, request, tz, others)
            notes.extend(why)
            if pick is None:
                return Resolution("unsupported", (), tuple(notes))
            chosen.append(pick)
        for phrase, cand in zip(frame.phrases, chosen, strict=True):
            repeated = self._done_again(phrase, frame, cand, units, request)
            if repeated:
                return Resolution("unsupported", (), tuple(notes + [repeated]))
        problem = self._check_together(frame, chosen, request)
        if problem:
            return Resolution("unsupported", (), tuple(notes + [problem]))
        operands = []
        for phrase, cand in zip(frame.phrases, chosen, strict=True):
            if isinstance(cand, structure.Pick):
                operands.append(cand.operand)
                continue
            operands.append(_operand(phrase.text, cand, bool(_phrase_subject(phrase, frame))))
        return Resolution(frame.operation, tuple(operands), tuple(notes))

    def _done_again(
        self,
        phrase: EventPhrase,
        frame: QuestionFrame,
        chosen: Candidate | structure.Pick,
        units: list[_Unit],
        request: ResolveRequest,
    ) -> str:
        """Why the phrase's event has more than one answer ("" when it has one): the same
        doer tells the same deed on the same thing done again (:mod:`again`: "retook the
        test", "rebooked the test for the 2nd", "took it again") before the question's
        time, and the phrase names no ordinal ("first", "last") to pick one."""
        from prme_cli.relate.frame import describe

        if _ordinal_of(phrase.text) is not None or _MOST_RECENT.search(phrase.text):
            return ""
        subject = _phrase_subject(phrase, frame)
        described = describe(phrase, subject)
        if not described.predicate:
            return ""
        head = described.object[-1] if described.object else ""
        modifiers = frozenset(described.object[:-1])
        told: list[again.Told] = []
        for unit in units:
            if unit.answered is not None:
                continue
            previous = ""
            for sentence in unit.seg.sentences:
                own = self._first_person(sentence, subject)
                text = sentence.text
                told.append(
                    again.Told(text, previous, unit.record.event_time, bool(own), unit.record.id)
                )
                previous = text
        found = again.find(described.predicate, head, modifiers, told, subject)
        if not found:
            return ""
        deed_day = chosen.window[0] if chosen.window is not None else None
        for repeat in found:
            if again.called_off(repeat, told, head, modifiers):
                continue  # "I cancelled the retake": as far as the notes tell, done once
            record, _ = self._by_id[repeat.told.record_id]
            if self._still_to_come(repeat, record, request):
                continue  # a retake still to come when the question is asked
            if repeat.booking:
                written = record.event_time
                if deed_day is None or written is None:
                    continue
                if written.replace(tzinfo=deed_day.tzinfo) < deed_day:
                    continue  # booked again before the deed: a booking moved, no retake
            return (
                f"'{phrase.text}': done more than once — record {repeat.told.record_id} tells "
                f'it again: "{_short(repeat.told.text)}"; ask for the first or the last time'
            )
        return ""

    @staticmethod
    def _still_to_come(
        repeat: again.Again, record: EvidenceRecord, request: ResolveRequest
    ) -> bool:
        """Does the repetition's time fall after the question's? An arranged one ("rebooked
        it for the 20th of September") is read forward from its note."""
        tz = request.question_date.tzinfo
        assert tz is not None
        at = record.text.find(repeat.told.text)
        if at < 0:
            return False
        mentions = timefind.sentence_mentions(
            record, at, at + len(repeat.told.text), question_date=request.question_date, tz=tz
        )
        for m in mentions:
            start = m.window[0] if m.window is not None else None
            if repeat.arranged and m.kind == "text":
                try:
                    start = interpret.interpret_text_expression(
                        m.expression,
                        record.event_time,
                        question_date=request.question_date,
                        tz=tz,
                        coming=True,
                    ).start
                except interpret.InterpretError:
                    continue
            if start is not None and start >= request.question_date:
                return True
        return False

    # ------------------------------------------------------------------ stated durations

    def _stated_durations(
        self, analysed: Frame, frame: QuestionFrame, request: ResolveRequest
    ) -> Resolution | None:
        """ "How long did I spend repotting the tomatoes?" — "Spent two and a half hours
        repotting the tomatoes." A duration stated in the clause that tells the event (see
        :func:`stated_duration`) answers a span or a total. One per distinct event of the
        question (a span names its one event twice); None when some event has none, so the
        span from its start to its end is tried instead; refused when the notes state two
        different lengths for one event, or hedge the one they state."""
        names: list[EventPhrase] = []
        descriptions = {}
        for phrase, desc in zip(frame.phrases, analysed.events, strict=False):
            if not any(p.text == phrase.text for p in names):
                names.append(EventPhrase(phrase.text, shared=phrase.shared, doer=phrase.doer))
                descriptions[phrase.text] = desc
        several = len(names) > 1
        clocked = analysed.unit in ("hours", "minutes")
        tz = request.question_date.tzinfo
        assert tz is not None
        units = self._units(request.records, frame)
        if not units:
            return None
        df, n_docs = align.document_frequencies([s.text for u in units for s in u.seg.sentences])
        operands: list[Operand] = []
        notes = [f"question: {frame.form} -> duration_sum (a stated duration)"]
        for phrase in names:
            label = f"'{phrase.text}'"
            if several and clocked and phrase.text in descriptions:
                total = structure.clock_total(descriptions[phrase.text], request.records)
                if isinstance(total, structure.Refusal):
                    return Resolution("unsupported", (), (*notes, total.reason))
                if isinstance(total, tuple):
                    operands.extend(total[0])
                    notes.append(total[1])
                    continue
            cands = self._candidates(phrase, frame, units, df, n_docs, request, tz, []) or []
            told = [
                c
                for c in cands
                if not c.match.problems
                and _anchors_ok(c.match)
                and c.coverage >= self.min_coverage
                and not c.claimed
            ]
            found = []
            for cand in told:
                a, b = cand.match.clause
                model_keys = frozenset(t.key for t, *_ in cand.match.matched)
                stated = stated_duration(cand.sentence.text, a, b, model_keys)
                if stated is not None:
                    found.append((cand, stated))
            if not found and several:
                span = None if analysed.signs else self._span_of(phrase, analysed, request)
                if span is None or span.operation != "elapsed_between":
                    why = f" ({span.explanation[-1]})" if span and span.explanation else ""
                    return Resolution(
                        "unsupported",
                        (),
                        (*notes, f"{label}: no stated length or CLOCK lines, nor a span{why}"),
                    )
                operands.extend(span.operands)
                notes.append(f"{label}: no stated length; its span, from its start to its end:")
                notes.extend(f"  {line}" for line in span.explanation[1:])
                continue
            if not found:
                return None
            found.sort(key=lambda x: -x[0].coverage)
            best, (_, expression, hedged) = found[0]
            where = f'record {best.record.id}: "{_short(best.sentence.text)}"'
            if hedged:
                return Resolution(
                    "unsupported", (), (*notes, f"{label} -> {where}: '{expression}' is hedged")
                )
            amount = _length(expression)
            for other, (_, other_expression, _) in found[1:]:
                if other.coverage < best.coverage - self.rival_margin:
                    break
                if _length(other_expression) != amount:
                    rival = (
                        f"{label}: rival lengths — record {best.record.id} says "
                        f"'{expression}', record {other.record.id} says '{other_expression}'"
                    )
                    return Resolution("unsupported", (), (*notes, rival))
            begin = best.sentence.start
            speaker_at = best.sentence.speaker_at
            if _phrase_subject(phrase, frame) and speaker_at is not None and speaker_at < begin:
                begin = speaker_at  # "Lena: … I was in Kraków for 3 days": whose words
            quote = best.record.text[begin : best.sentence.end]
            notes.append(f"{label} -> {where} (coverage {best.coverage:.2f}): '{expression}'")
            operands.append(Operand(phrase.text, best.record.id, quote, expression, "duration"))
        return Resolution("duration_sum", tuple(operands), tuple(notes))

    def _span_of(
        self, phrase: EventPhrase, analysed: Frame, request: ResolveRequest
    ) -> Resolution | None:
        """A listed activity's start and end ("reading 'Middlemarch'" from "I started reading
        'Middlemarch' today" to "I finished reading …"), dated as "how long did X take"
        dates them: an ``elapsed_between`` resolution of its two ends, else the refusal.
        None when its own CLOCK lines would answer instead (work clocked is not the span)."""
        from prme_cli.relate.frame import span_frame

        sub = span_frame(phrase, analysed.unit, analysed.subject)
        frame = sub.question_frame()
        assert frame is not None
        early = self._from_structure(sub, request)
        if isinstance(early, Resolution):
            return None
        return self._by_phrases(frame, request, early)

    # ------------------------------------------------------------------ every event of a kind

    def _enumerate(self, analysed: Frame, frame: QuestionFrame, request: ResolveRequest):
        """ "The order of the three museums I visited": every event of the kind in the notes —
        headings that are one (a trip's date range, a museum visit's stamp) and sentences that
        tell one, each dated as a single event would be. Refused when one of them cannot be
        dated, when two tell one thing at two dates, when fewer than two are found, or when
        the question's count is not the number found."""
        kind = analysed.kind
        assert kind is not None
        name = kind.text
        notes = [f"question: {frame.form} -> order of every '{kind.noun}'"]
        members: list[Candidate | structure.Pick] = []
        from prme_cli.relate.frame import EventDescription

        desc = EventDescription(name, kind.verb, ("I",), (kind.noun,))
        headings = structure.kind_headings(kind.noun, kind.modifiers, request.records)
        for record in headings:
            found = structure.from_heading(desc, analysed, record, request.question_date)
            label = f'heading {record.id} "{record.title}"'
            if isinstance(found, structure.Refusal):
                if found.called_off:
                    notes.append(f"{label}: called off, not one of them")
                    continue
                return Resolution("unsupported", (), (*notes, found.reason))
            if found is None or found.window is None:
                return Resolution("unsupported", (), (*notes, f"{label}: no date for it"))
            if found.window[0] > request.question_date:
                notes.append(f"{label}: after the question, not one of them yet")
                continue
            notes.append(found.note)
            members.append(found)
        tz = request.question_date.tzinfo
        assert tz is not None
        units = self._units(request.records, frame)
        phrase = EventPhrase(_kind_phrase(kind), shared="")
        df, n_docs = align.document_frequencies([s.text for u in units for s in u.seg.sentences])
        cands = self._candidates(phrase, frame, units, df, n_docs, request, tz, []) or []
        told = [
            c
            for c in cands
            if not c.match.problems
            and _anchors_ok(c.match)
            and c.coverage >= self.min_coverage
            and _names_kind(c.sentence.text, kind)
        ]
        for cand in told:
            where = f'record {cand.record.id}: "{_short(cand.sentence.text)}"'
            if cand.sentence.heading is not None and _names_plural(cand.sentence.text, kind):
                notes.append(f"{where}: a heading that names them all, not one of them")
                continue
            if any(record.id == cand.record.id for record in headings):
                continue  # a heading read by its structure above
            if cand.window is None and cand.sentence.heading is not None:
                # a heading without a stamp names a topic or a plan ("* Travel", "* TODO
                # Visit the Print Museum"), not an event that took place
                notes.append(f"{where}: an undated heading, not one of them")
                continue
            if cand.window is None:
                return Resolution(
                    "unsupported",
                    (),
                    (
                        *notes,
                        f"{where} tells one of them without a usable time ({cand.why_undated})",
                    ),
                )
            assert cand.mention is not None
            if cand.window[0] > request.question_date:
                notes.append(f"{where}: after the question, not one of them yet")
                continue
            if cand.mention.vague and not cand.mention.approximate:
                return Resolution(
                    "unsupported", (), (*notes, f"{where}: '{cand.mention.expression}' is vague")
                )
            same = [
                x
                for x in members
                if x.window is not None
                and _overlaps(x.window, cand.window)
                and (isinstance(x, structure.Pick) or _same_member(x, cand, kind))
            ]
            if same:
                notes.append(f"{where}: the same one as another, at {_show(cand.window)}")
                continue
            notes.append(f"{where}: '{cand.mention.expression}' = {_show(cand.window)}")
            members.append(cand)
        if len(members) < 2:
            return Resolution(
                "unsupported", (), (*notes, f"{len(members)} found: no order of several")
            )
        if kind.count is not None and len(members) != kind.count:
            return Resolution(
                "unsupported",
                (),
                (*notes, f"the question counts {kind.count}, the notes tell {len(members)}"),
            )
        operands = [
            m.operand if isinstance(m, structure.Pick) else _operand(name, m, bool(frame.subject))
            for m in members
        ]
        return Resolution("order", tuple(operands), tuple(notes))

    def _from_structure(
        self, analysed: Frame, request: ResolveRequest
    ) -> Resolution | list[structure.Pick | structure.Refusal | None]:
        """Org structure first (:mod:`structure`): a CLOCK total, or per event the structure
        event that answers it (a refusal the structure forces, or None for the text path)."""
        records = request.records
        clocked = (
            analysed.unit in ("hours", "minutes")
            or (analysed.operation is None and _EFFORT.search(request.question) is not None)
            or _LOGGED_TIME.search(request.question) is not None
        )
        one_event = len({e.text for e in analysed.events}) == 1
        if "duration_sum" in analysed.operations and analysed.events and clocked and one_event:
            total = structure.clock_total(analysed.events[0], records)
            if isinstance(total, tuple):
                operands, note = total
                return Resolution("duration_sum", tuple(operands), (note,))
            if isinstance(total, structure.Refusal) and analysed.unit in ("hours", "minutes"):
                return Resolution("unsupported", (), (total.reason,))
            if analysed.unit in ("hours", "minutes"):
                return []
        return [
            structure.pick(desc, analysed, records, request.question_date)
            for desc in analysed.events
        ]

    def _units(self, records: tuple[EvidenceRecord, ...], frame: QuestionFrame) -> list[_Unit]:
        """Segment each record; decide, sentence by sentence, whose words count as the
        subject's own (see :meth:`_first_person`)."""
        segs = [(r, segment.segment(r.text, r.keywords)) for r in records]
        subject = frame.subject
        speakers = {s.speaker.lower() for _, seg in segs for s in seg.sentences if s.speaker}
        others = speakers - _NON_WITNESS_SPEAKERS - {"user", "me", "i"}
        self._segs = segs
        self._by_id = {r.id: (r, seg) for r, seg in segs}
        self._kin = kin.kin_names(segs)
        self._named = {}
        units = []
        for record, seg in segs:
            capitalises = align.writer_capitalises(segment.speaker_labels(record.text))
            units.append(_Unit(record, seg, True, capitalises))
            answer = _answer_unit(record, seg, capitalises)
            if answer is not None:
                units.append(answer)
        self._context = (subject, bool(others), self._named_in_text(subject))
        return units

    def _named_in_text(self, subject: str | None) -> bool:
        """Do the notes name ``subject`` in their words (not only as a speaker label)?"""
        if not subject:
            return False
        if subject not in self._named:
            low = subject.lower()
            self._named[subject] = False
            for record, seg in self._segs:
                body = segment.speaker_labels(record.text).lower()
                if seg.speaker:
                    body = body.replace(seg.speaker.lower(), "", 1)
                if low in body:
                    self._named[subject] = True
                    break
        return self._named[subject]

    def _answered_yes(self, unit: _Unit, sentence: segment.Sentence, subject: str) -> bool:
        """Is a deed told to the other speaker in the second person ("You went back to the
        climbing gym last Sunday, didn't you?", "You said you got the keys on Monday!") the
        subject's, by their own yes? In a chat of two (every turn read from the file is one
        of the two speakers'), the very next turn must be the subject's and open by
        confirming ("I did!", "Yes!") with no negation, no "but" or "actually" and no time of
        its own (a reply that gives a time is read on its own), and nothing but a
        wh-question ("How is it?") may follow the sentence in its turn, so the yes answers
        it."""
        from prme_cli import timeexpr

        speaker = (sentence.speaker or "").lower()
        if (
            not speaker
            or speaker == subject.lower()
            or speaker in _NON_WITNESS_SPEAKERS
            or sentence.labelled
        ):
            return False
        record = unit.record
        found = self._by_id.get(record.next_id) if record.next_id else None
        if found is None or (found[1].speaker or "").lower() != subject.lower():
            return False
        talkers = {(seg.speaker or "").lower() for r, seg in self._segs if r.file == record.file}
        if talkers - {speaker, subject.lower()}:
            return False
        after = [s for s in unit.seg.sentences if s.heading is None and s.start > sentence.start]
        if any(not _WH_QUESTION.match(s.text) for s in after):
            return False
        reply = [s for s in found[1].sentences if s.heading is None]
        if not reply or interpret.yes_opening(reply[0].text) is None:
            return False
        if lexicon.NEGATION_RE.search(reply[0].text) or _RESERVATION.search(reply[0].text):
            return False
        if _ANOTHER_DOER.search(reply[0].text):
            return False  # "Yes, my sister did, I stayed."
        try:
            return not any(timeexpr.find_expressions(s.text) for s in reply)
        except Exception:  # noqa: BLE001 - the finder is conservative; unsure means no yes
            return False

    def _partners_told(
        self, unit: _Unit, sentence: segment.Sentence, partners: tuple[str, ...]
    ) -> int | None:
        """Does ``sentence`` tell each of ``partners`` (the question's people beside its
        subject: "When did Maya and Lea …") taking part? A partner who says it, or is named
        in it ("Omar and I", "with Kasia"), does; a "we" takes in the people named nearest
        before it (:func:`_names_said_before`: "Lea came over. We went …") and the other
        speaker of a chat of two when the sentence says so ("you and me", "both of us", "the
        two of us", "together"; both head turns of the file, and no one else does). Returns
        None when a partner takes no part, else where the quote must start to show them
        (-1: the sentence itself does)."""
        text = sentence.text
        speaker = (sentence.speaker or "").lower()
        start = -1
        we = _WE.search(text)
        for partner in partners:
            low = partner.lower()
            if low == speaker or re.search(rf"\b{re.escape(partner)}\b", text):
                continue
            if we is None:
                return None
            named = _names_said_before(unit, sentence, we.start())
            if low in named:
                said = (sentence, *_sentences_before(unit, sentence))
                naming = next((x.text for x in said if x.start == named[low]), text)
                if _LEFT_OUT.search(text) or _LEFT_OUT.search(naming):
                    return None  # "Lea couldn't come. We went …", "… without her"
                if named[low] != sentence.start:
                    start = named[low] if start < 0 else min(start, named[low])
                continue
            talkers = {
                (seg.speaker or "").lower()
                for r, seg in self._segs
                if r.file == unit.record.file
                and r.title.strip() == (seg.speaker or "")
                and re.fullmatch(r"[A-Z][\w'-]*", r.title.strip())
            }
            if talkers == {speaker, low} and _BOTH_OF_US.search(text):
                continue
            return None
        return start

    def _asked_before(self, unit: _Unit, sentence: segment.Sentence) -> str | None:
        """The question that closes the packed turn just before, said by the other speaker,
        when ``sentence`` is one of the two sentences that open its own turn: what a
        reply's "it", "one" or object left out may stand for ("How was the driving test?"
        — "I failed it on Tuesday."). When words follow the question in that turn, a reply
        that opens with a yes still answers the question ("You finished the mural, didn't
        you? Marta posted a picture." — "Yes! I finished it on Sunday."). None for a turn
        that answers its own speaker or follows no question."""
        record = unit.record
        if sentence.heading is not None or unit.answered is not None or not record.previous:
            return None
        prose = [s for s in unit.seg.sentences if s.heading is None]
        if sentence not in prose[:2]:
            return None
        found = self._by_id.get(record.previous)
        if found is None:
            return None
        _, seg = found
        speaker, asker = (unit.seg.speaker or "").lower(), (seg.speaker or "").lower()
        if not speaker or not asker or speaker == asker or asker in _NON_WITNESS_SPEAKERS:
            return None
        asked = [s for s in seg.sentences if s.heading is None]
        if not asked:
            return None
        if asked[-1].text.rstrip().endswith("?"):
            return asked[-1].text
        if interpret.yes_opening(prose[0].text) is None:
            return None
        # "You finally finished the mural last Sunday, didn't you? Marta posted a picture."
        # — "Yes! I finished it on Sunday evening.": a yes answers the turn's last question,
        # whatever was said after it
        return next((s.text for s in reversed(asked) if s.text.rstrip().endswith("?")), None)

    def _first_person(self, sentence: segment.Sentence, subject: str | None = None) -> bool | None:
        """Whether a first-person sentence speaks for the subject (the question's, or the
        phrase's own, see :func:`_phrase_subject`): True (it does), False (only a sentence
        naming the subject counts) or None (skip: an assistant's or a bot's words are not
        the notes' account of events)."""
        frame_subject, has_other_speakers, named_in_text = self._context
        if subject is None:
            subject = frame_subject
        elif subject != frame_subject:
            named_in_text = self._named_in_text(subject)
        speaker = (sentence.speaker or "").lower()
        if speaker in _NON_WITNESS_SPEAKERS:
            return None
        quoted = _QUOTED_SPEECH.search(sentence.text)
        if (
            quoted is not None
            and quoted["who"].split()[-1].lower() not in ("i", "we")
            # the quotation runs to the sentence's end: what it holds is all theirs
            and re.fullmatch(r"[^\"\u201d]*[\"\u201d]?\W*", sentence.text[quoted.end() :])
        ):
            # 'Alex said: "I moved the team meeting to Friday."': Alex's "I", never the
            # writer's; the speaker's own, when the question is about them
            who = quoted["who"].split()[-1]
            return True if subject is not None and who.lower() == subject.lower() else None
        if subject is None:
            # "Jo: I spent three hours …" quoted in a journal entry: Jo's "I", not the writer's
            return None if sentence.labelled and speaker not in _WRITER_LABELS else True
        if speaker and speaker == subject.lower():
            return True
        # With other speakers around, or notes that name the subject, a first-person
        # sentence is someone else's; otherwise the notes' author may well be the subject.
        return not (has_other_speakers or named_in_text)

    # ------------------------------------------------------------------ one phrase

    def _align_phrase(
        self,
        phrase: EventPhrase,
        frame: QuestionFrame,
        units: list[_Unit],
        df,
        n_docs: int,
        request: ResolveRequest,
        tz: tzinfo,
        others: list[align.PhraseModel],
    ) -> tuple[Candidate | None, list[str]]:
        label = f"'{phrase.text}'"
        cands = self._candidates(phrase, frame, units, df, n_docs, request, tz, others)
        if cands is None:
            return None, [f"{label}: no content words to align"]
        ordinal = -1 if frame.form == "when did S last A" else _ordinal_of(phrase.text)
        return self._choose(label, cands, frame, ordinal)

    def _candidates(
        self,
        phrase: EventPhrase,
        frame: QuestionFrame,
        units: list[_Unit],
        df,
        n_docs: int,
        request: ResolveRequest,
        tz: tzinfo,
        others: list[align.PhraseModel],
    ) -> list[Candidate] | None:
        """Every sentence that may tell the phrase's event, with the time it gives (None when
        the phrase has no content words to align)."""
        restriction, model_phrase = _restriction(phrase, request.question_date, tz)
        model = align.model_phrase(model_phrase, df, n_docs)
        if not model.tokens:
            return None
        subject = _phrase_subject(phrase, frame)
        # An interval may end at a coming appointment ("how many days before my anniversary
        # did …"): its announced calendar date is its date. Only for a thing named as a noun
        # phrase, never for a deed ("when did I …").
        appointment = frame.operation == "elapsed_between" and model.head_key is not None
        ordinal = _ordinal_of(phrase.text)
        from prme_cli.relate.frame import describe

        described = describe(phrase, subject)
        part_of = ordinal is None and bool(described.object)
        asked_past = re.search(r"\bdid\b", request.question, re.IGNORECASE) is not None
        partners = _partners(request.question, frame)
        kin_asked = kin.asked_kin(phrase.text)
        kin_named = self._kin.get(kin_asked) if kin_asked else None
        cands: list[Candidate] = []
        for unit in units:
            for sentence in unit.seg.sentences:
                if unit.only is not None and sentence.index != unit.only:
                    continue
                first_person = self._first_person(sentence, subject)
                if first_person is None:
                    continue
                referred, context_start = _referred_back(
                    unit, sentence, model, self._asked_before(unit, sentence)
                )
                named, context_end = _named_next(unit, sentence, model)
                referred += named
                if not referred:
                    referred, context_start = _start_of_the_thing_before(unit, sentence, model)
                row_said = _row_context(unit.record, sentence)
                m = align.match(
                    model,
                    sentence.text,
                    subject=subject,
                    first_person=first_person,
                    implied=_implied(sentence)
                    + referred
                    + _use_started(phrase, sentence.text)
                    + _activity_of_boundary(phrase, sentence.text)
                    + _started_by_length(phrase, sentence.text)
                    + _kin_told_by_name(sentence.text, kin_asked, kin_named, model)
                    + _speaker_said_as_me(phrase.text, sentence)
                    + row_said,
                    capitalises=unit.capitalises,
                    appointment=appointment,
                    before=before[0] if (before := _paragraph_before(unit, sentence)) else "",
                    planned=frame.planned,
                )
                if m is None or m.coverage < self.min_coverage - self.rival_margin:
                    continue
                if (
                    subject
                    and _SECOND_PERSON in m.problems
                    and self._answered_yes(unit, sentence, subject)
                ):
                    # "Maya: You went back to the gym last Sunday, didn't you?" "Jonas: I did!"
                    m.confirmed_by = unit.record.next_id
                    m.problems = [
                        p
                        for p in m.problems
                        if p != _SECOND_PERSON
                        and not (
                            p == _ASKED
                            and (
                                _PAST_YES_NO.match(sentence.text)
                                or align.TAG_QUESTION.search(sentence.text)
                            )
                        )
                    ]
                about = _person_node_pronoun(unit, sentence, subject, m.problems)
                if about is not None:
                    # an org-roam node about Priya Nair: its "she" and "her" are Priya
                    m.problems = [p for p in m.problems if p not in about]
                    m.context_used = True
                    before = ("", _title_start(unit))
                other_owner = _another_owner(phrase, model, sentence, m, kin_named)
                if other_owner:
                    m.problems.append(other_owner)
                if (
                    subject is None or (sentence.speaker or "").lower() == subject.lower()
                ) and _claimed_by_another(sentence.text, m.focus):
                    # "Mum said I broke the vase on Sunday", "According to Jess, I left …"
                    # (the writer's, or in a chat the subject's own "I"): a claim, no report
                    continue
                if partners:
                    taking_part = self._partners_told(unit, sentence, partners)
                    if taking_part is None:
                        continue  # "When did Maya and Jonas …" from a "we" of Maya and Lea
                    if taking_part >= 0:
                        before = ("", taking_part)  # the quote shows who "we" are
                        m.context_used = True
                if ordinal is not None and _other_member(sentence.text, m.clause, ordinal):
                    continue  # "my first 10k race" is not "Ran my second 10k"
                if part_of and _part_told(sentence.text, m.clause, described):
                    continue  # "start the Expanse series" is not "began the second book of …"
                if asked_past and _present_state(m, sentence.text, model):
                    continue  # "my back still hurts today" is no injury told
                if not any(
                    t.text in referred or lexicon.key(t.text) in {lexicon.key(w) for w in referred}
                    for t, at, _, _ in m.matched
                    if at >= len(sentence.text)
                ):
                    context_start = None
                if m.context_used and before:
                    context_start = before[1]
                mention, why = self._date_of(
                    unit,
                    sentence,
                    m,
                    model,
                    request,
                    tz,
                    appointment=appointment,
                    planned=frame.planned,
                    name=phrase.text,
                )
                if (
                    mention is not None
                    and restriction is not None
                    and mention.window
                    and not _overlaps(mention.window, restriction)
                ):
                    continue  # outside the period the question names ("in June")
                claimed = any(
                    (
                        o := align.match(
                            other, sentence.text, subject=subject, first_person=first_person
                        )
                    )
                    is not None
                    and o.coverage > m.coverage + 1e-9
                    and not o.problems
                    for other in others
                )
                cands.append(
                    Candidate(
                        unit.record,
                        sentence,
                        m,
                        mention,
                        why,
                        claimed,
                        context_start,
                        unit.answered,
                        context_end,
                    )
                )
        return cands

    def _date_of(
        self,
        unit: _Unit,
        sentence: segment.Sentence,
        m: align.Match,
        model: align.PhraseModel,
        request: ResolveRequest,
        tz: tzinfo,
        *,
        appointment: bool = False,
        planned: bool = False,
        name: str = "",
    ) -> tuple[timefind.Mention | None, str]:
        """The time the sentence gives the event (or why none). A plan's date (``planned``)
        is a coming one: it may be in the future of the note, and must not lie before it."""
        record = unit.record
        absent = _took_no_part(unit, sentence, m, name or model.phrase.text)
        if absent:
            return None, absent
        if sentence.heading is not None:
            heading = sentence.heading
            mentions = timefind.heading_mentions(
                record, heading, question_date=request.question_date, tz=tz
            )
            usable = []
            for mention in mentions:
                unfit = timefind.fact_kind_fits(
                    mention, model.aspects, heading.todo, record.keywords
                )
                if unfit is None and mention.window is not None:
                    usable.append(mention)
            rank = {"closed": 0, "state": 1, "active": 2, "scheduled": 3, "deadline": 4}
            usable.sort(key=lambda x: rank.get(x.kind, 9))
            if usable:
                return usable[0], ""
            titled = _title_date(record, heading, model, request, tz)
            if titled is not None:
                return titled, ""
            entry = None if planned else _entry_title_date(unit, heading, request, tz, name)
            if entry is not None:
                return entry, ""
            if _time_told_unknown(record, heading.title_start, heading.title_end):
                return None, TIME_TOLD_UNKNOWN
            return None, "the heading carries no stamp that dates this kind of event"
        mentions = timefind.sentence_mentions(
            record,
            sentence.start,
            sentence.end,
            question_date=request.question_date,
            tz=tz,
            name=name or model.phrase.text,
        )
        row = org.table_row(record.text, record.text[sentence.start : sentence.end])
        if row is not None and _lists_plans(record.title):
            # "* Films to watch", "* Garden plan for spring": a row is a plan, not a deed
            return None, "a row of a list of things planned, not done"
        if row is not None:
            mentions, unfit = _row_columns(row, mentions, model)
            if not mentions:
                return None, unfit
        a, b = m.clause
        clause_start, clause_end = sentence.start + a, sentence.start + b
        focus = sentence.start + m.focus
        named = [
            (sentence.start + s0, sentence.start + e0)
            for t, s0, e0, r in m.matched
            if r == 1.0 and not _ordinal_of_another_word(sentence.text, s0, e0, model.phrase.text)
        ]
        # A date that is part of the event's own name ("the March 15th issue") is not when
        # the event happened.
        mentions = [
            x
            for x in mentions
            if x.covers or not any(x.start < e0 and s0 < x.end for s0, e0 in named)
        ]
        elsewhere = _deed_in_another_clause(sentence, m, mentions, _named_thing(model))
        if elsewhere:
            return None, elsewhere
        if "start" not in model.aspects:
            # "I just finished the novel in 12 days": its length dates only the start
            mentions = [x for x in mentions if x.meaning != timefind.FINISHED_SPAN]
        fronted = _fronted_clause(sentence, m.clause)
        linked = [
            x
            for x in mentions
            if clause_start <= x.start < clause_end
            or (fronted is not None and fronted[0] <= x.start < fronted[1])
        ]
        follow = None
        if not linked:
            # "I just got back from a day at Kew Gardens - we loved the orchid festival": the
            # event's name is told across two adjacent clauses (its anchor words in both), so
            # the neighbour's time is the event's.
            shared = _shared_clause(sentence, m)
            if shared is not None:
                linked = [x for x in mentions if shared[0] <= x.start < shared[1]]
        if not linked:
            # "…kept up with the hoof trimming, I did it two weeks ago": a clause that only
            # refers back to the event ("I did it", "it was", "that was") dates it.
            follow = _pro_form_clause(sentence, m.clause)
            if follow is not None:
                linked = [x for x in mentions if follow[0] <= x.start < follow[1]]
        if not linked and not mentions:
            # "Went to the pottery fair. It was on Saturday." — the next sentence of the same
            # paragraph opens by referring back: it dates this one; the quote spans both.
            carried = self._next_sentence_date(unit, sentence, request, tz)
            if carried is not None:
                follow, linked = carried
        if not linked:
            if mentions:
                return None, "its times belong to other clauses"
            if _time_told_unknown(record, sentence.start, sentence.end):
                return None, TIME_TOLD_UNKNOWN
            return None, "the sentence gives no time"
        if linked and all(x.meaning == timefind.JOURNAL_DEED for x in linked):
            # "Saskia's exhibition opened on Thursday; I went to the opening": the event
            # the deed is done at has a time of its own beside it, which the day does not
            beside = self._event_timed_beside(unit, sentence, m, linked[0], mentions, request, tz)
            if isinstance(beside, str):
                return None, beside
            if beside is not None:
                if self._corrected_next(unit, sentence, request, tz):
                    return None, "the next sentence takes the date back and gives another"
                disputed = self._disputed(unit, sentence, beside, request, tz)
                if disputed:
                    return None, disputed
                return beside, ""
        retold = _retold_in_relative(sentence, focus, model, mentions)
        if retold:
            return None, retold
        linked = _same_side_of_relative(linked, sentence, focus)
        if not linked:
            return None, "its times belong to a relative clause of another event"
        linked = [_recent_licence_fits(x, record.text, m, sentence, model) for x in linked]
        linked = [
            _since_dates_start(x, record.text[clause_start:clause_end], model) for x in linked
        ]
        back = [x for x in linked if x.problem == interpret.POINTS_BACK_REASON]
        if back:
            # "The boiler broke on Saturday and the plumber fixed it the next day": the
            # clause's own time counts from another one, so no other time dates its event
            return None, back[0].problem
        usable = [x for x in linked if not x.problem and x.window is not None]
        if not usable:
            return None, linked[0].problem or "its time cannot be read"
        usable = _without_the_finish(usable, record.text)
        opening = _LOG_ENTRY.match(sentence.text)
        if opening is not None and any(x.start != sentence.start for x in mentions):
            # "[2032-02-09 Mon] \\ Plumber rang back, coming Wednesday afternoon": the entry's
            # stamp dates it, and its other times are counted from the stamp, not from the
            # note; only a time in the event's own clause ("… \\ I drained the radiators
            # yesterday", read from the stamp) is the event's
            stamp = interpret.item_day_at(record.text, sentence.start + opening.start())
            own = [
                x
                for x in usable
                if x.start != sentence.start
                and x.window is not None
                and stamp is not None
                and x.window[0].date() <= stamp.date()  # "handover coming Friday": ahead
            ]
            if not own or len([x for x in linked if x.start != sentence.start]) != len(own):
                return None, "a log entry's stamp and another time in it"
            usable = own
        arranged = [
            x
            for x in usable
            if interpret.arranged_ahead(
                record.text[clause_start:clause_end], x.start - clause_start, x.expression
            )
        ]
        if arranged and len(arranged) < len(usable):
            # "Reserved two seats for the jazz concert next Saturday": the concert's day,
            # not the reserving's; the journal day still dates the deed
            usable = [x for x in usable if x not in arranged]
        if planned:
            if any(x.meaning in _DEED_MEANINGS for x in usable) or (
                any(x.kind == "licence" for x in usable)
                and _told_in_the_past(record.text[clause_start:clause_end])
            ):
                # "Took the grade 2 exam this afternoon", "Entered the fair's contest": the
                # note's day dates a deed told as done, never the date of a plan
                return None, "a deed told as done, not a plan"
            written = record.event_time.date() if record.event_time else None
            assert all(x.window for x in usable)
            if written is not None and any(x.window[0].date() < written for x in usable):  # type: ignore[index]
                return None, "a plan's date before the note that tells the plan"
        elif not model.modal and not (appointment and all(x.coming for x in usable)):
            written = record.event_time.date() if record.event_time else None
            if any(x.future for x in usable) or (
                written is not None
                and any(x.coming and x.window and x.window[0].date() > written for x in usable)
            ):
                # "Theo is running the Berlin marathon in September": told as coming, read
                # forward, it dates an arrangement, never a deed done
                return None, "the time is in the future of the note"
            lead = record.text[clause_start : max(x.end for x in usable)]
            for x in usable:
                if x.counted:  # "the next day" tells no coming event
                    a0, b0 = x.start - clause_start, x.end - clause_start
                    lead = lead[:a0] + " " * (b0 - a0) + lead[b0:]
            if timefind.FUTURE_CUE.search(lead):
                return None, "the clause speaks of a coming event"
        windows = {(x.window[0], x.window[1]) for x in usable if x.window}
        if len(windows) > 1:
            # Several dates in one clause: trust only the first one after the head.
            after = sorted((x for x in usable if x.start >= focus), key=lambda x: x.start)
            if len(after) >= 2 and re.fullmatch(
                r"[\s,]*(?:on|in|at|,)?[\s,]*", record.text[after[0].end : after[1].start]
            ):
                # "last month on May 15th": two readings of one date side by side; the finer
                # one stands if it lies inside the other, else the note contradicts itself.
                first, second = after[0].window, after[1].window
                assert first is not None and second is not None
                if first[0] <= second[0] and second[1] <= first[1]:
                    after = [after[1]]
                elif not (second[0] <= first[0] and first[1] <= second[1]):
                    return None, (
                        f"'{after[0].expression}' and '{after[1].expression}' give "
                        f"the event two different dates"
                    )
            usable = after[:1] if after else []
            if not usable:
                return None, "several dates in the event's clause"
            chosen = usable[0].window
            assert chosen is not None
            for other in windows:
                wider = other[1] - other[0] > chosen[1] - chosen[0]
                if wider and not (other[0] <= chosen[0] and chosen[1] <= other[1]):
                    # "Last year I ran the marathon in April": "in April" alone is this
                    # year's; a wider time of the clause that does not hold it says another
                    return None, "the clause gives the event two times that disagree"
        best = min(usable, key=lambda x: (_specificity(x), abs(x.start - focus)))
        if follow is not None:
            focus = follow[2]  # the pro-form stands for the event
        if best.covers and focus >= best.start:
            # A recent-past "just" holds its own verb: what may not intervene is another
            # verb between that verb and the event's words.
            between = record.text[best.end : max(focus, best.end)]
        elif best.counted:
            # "Two days after that I glazed the bowls": the expression's own words are no verb
            between = record.text[min(focus, best.end) : max(focus, best.start)]
        else:
            between = record.text[min(focus, best.start) : max(focus, best.end)]
        other_verb = align.intervening_verb(between, model)
        if other_verb:
            return None, (
                f"another verb ('{other_verb}') stands between the event and '{best.expression}'"
            )
        if self._corrected_next(unit, sentence, request, tz):
            restated = self._restated_next(unit, sentence, request, tz)
            if restated is not None:
                return restated, ""
            return None, "the next sentence takes the date back and gives another"
        later = self._corrected_later(unit, sentence, best, request, tz)
        if later:
            return None, later
        noted = self._corrected_by_later_note(unit, sentence, best, request, tz)
        if noted:
            return None, noted
        if self._corrected_within(unit, sentence, best, request, tz):
            restated = self._restated_within(unit, sentence, best, request, tz)
            if restated is not None:
                return restated, ""
            return None, "the sentence takes the date back and gives another"
        disputed = self._disputed(unit, sentence, best, request, tz)
        if disputed:
            return None, disputed
        other_end = _other_end_clause(sentence, best, model)
        if other_end:
            return None, other_end
        return best, ""

    def _event_timed_beside(
        self,
        unit: _Unit,
        sentence: segment.Sentence,
        m: align.Match,
        licence: timefind.Mention,
        mentions: list[timefind.Mention],
        request: ResolveRequest,
        tz: tzinfo,
    ) -> timefind.Mention | str | None:
        """A journal deed done at an event ("went to the opening", "made it to the launch",
        "went to it") whose own time another clause of the sentence, or the sentence before,
        tells: None when the deed's object is no event or no such time is told (the
        journal day stands); the event's time when the reading is safe — a deed of being
        at it (:data:`lexicon.ATTENDING`), told in the same sentence by a clause that names
        the event by its noun or by the verb the noun is made from ("opened" / "the
        opening"), with one time; else why the deed cannot be dated."""
        text = unit.record.text
        event = _event_object(text[licence.end : sentence.start + m.clause[1]])
        if event is None:
            return None
        own = [
            x
            for x in mentions
            if x.kind != "licence"
            and x.start >= licence.end
            and not _CLAUSE_BREAK_BETWEEN.search(text[licence.end : x.start])
        ]
        if own:
            # "… and we had a picnic at hers that weekend": the deed's own time, right after
            # it, counts from the event's ("that" weekend); the event's day is not the deed's
            return f"the deed's own time '{own[0].expression}' is counted from another one"
        clause_start, clause_end = sentence.start + m.clause[0], sentence.start + m.clause[1]
        beside = [
            x
            for x in mentions
            if x.kind != "licence"
            and x.window is not None
            and not (clause_start <= x.start < clause_end)
        ]
        earlier = False
        if not beside:
            # the sentence before: a time of a clause that names an event ("The regatta was
            # held on Saturday. I made it to the race"), or any time before an "it"/"there"
            for previous in _sentences_before(unit, sentence)[:1]:
                beside = [
                    x
                    for x in timefind.sentence_mentions(
                        unit.record,
                        previous.start,
                        previous.end,
                        question_date=request.question_date,
                        tz=tz,
                    )
                    if x.kind != "licence"
                    and x.window is not None
                    and (
                        event in ("it", "there")
                        or _names_an_occasion(previous, x.start - previous.start)
                    )
                ]
                earlier = bool(beside)
        day = licence.window
        if day is not None:
            # "Got up at seven and went to the party": a time on the note's own day tells
            # no other day for the event
            beside = [x for x in beside if not (x.window and day[0] <= x.window[0] < day[1])]
        if not beside:
            return None
        why = (
            f"the {event} the deed is done at has its own time ('{beside[0].expression}') told"
            " beside it; the note's day does not date the deed"
        )
        verb = lexicon.key(text[licence.start : licence.end].lower())
        if earlier or event in ("it", "there") or verb not in lexicon.ATTENDING:
            return why
        naming = []
        for x in beside:
            a, b = _clause_around(sentence, x.start - sentence.start)
            told = {lexicon.key(w.lower()) for _, _, w in lexicon.words(sentence.text[a:b])}
            if lexicon.key(event) in told:
                naming.append(x)
        usable = [x for x in naming if not x.problem and not x.vague and not x.future]
        if len({(x.window[0], x.window[1]) for x in usable if x.window}) != 1 or len(usable) != len(
            naming
        ):
            return why
        return usable[0]

    def _corrected_next(
        self, unit: _Unit, sentence: segment.Sentence, request: ResolveRequest, tz: tzinfo
    ) -> bool:
        """Does the next sentence of the same speaker correct this one's time ("I went to the
        opera on Sunday. Actually no, it was Monday.")?"""
        nxt = _next_of_same_speaker(unit, sentence)
        cue = _CORRECTION.match(nxt.text) if nxt is not None else None
        if nxt is None or cue is None:
            return False
        if _DAY_ORDINAL.search(nxt.text, cue.end()):
            # "No, it was the 19th": a day of the month the time engine leaves unread
            # without "on" still takes the date back
            return True
        return bool(
            timefind.sentence_mentions(
                unit.record, nxt.start, nxt.end, question_date=request.question_date, tz=tz
            )
        )

    def _restated_next(
        self, unit: _Unit, sentence: segment.Sentence, request: ResolveRequest, tz: tzinfo
    ) -> timefind.Mention | None:
        """The time a correction in the next sentence gives the event when it only restates
        it ("The interview was on the 2nd. No, it was on the 9th; …"): a cue, a pro-form
        ("it was", "that was") and one clear time that ends its clause; the quote spans
        both sentences. A correction that tells anything else ("No, it was Ana who went on
        Monday", "Actually, they rang on Friday") dates nothing."""
        nxt = _next_of_same_speaker(unit, sentence)
        if nxt is None:
            return None
        m = _RESTATED.match(nxt.text)
        if m is None:
            return None
        mentions = timefind.sentence_mentions(
            unit.record, nxt.start, nxt.end, question_date=request.question_date, tz=tz
        )
        at = nxt.start + m.end()
        told = [x for x in mentions if x.start >= at]
        if len(told) < 1 or told[0].start != at or told[0].window is None:
            return None
        first = told[0]
        if first.vague or first.future or first.problem:
            return None
        rest = unit.record.text[first.end : nxt.end]
        if not _RESTATED_END.match(rest) or self._disputed(unit, nxt, first, request, tz):
            return None
        return replace(first, quote_start=sentence.start, quote_end=nxt.end)

    def _corrected_later(
        self,
        unit: _Unit,
        sentence: segment.Sentence,
        best: timefind.Mention,
        request: ResolveRequest,
        tz: tzinfo,
    ) -> str:
        """Why a later turn of the same speaker takes this sentence's time back ("" when none
        does): "I got the job offer on Friday!" — "The one you wanted?" — "That one. Well, a
        correction: they called on Thursday evening." A sentence of theirs that opens with a
        strong cue of :data:`_CORRECTION` (not a bare "sorry" or "wait", which open apologies
        as often) or says "I said Friday", with a time after the cue that is not the cited
        one, corrects, within the session, the last sentence in which that speaker told a
        time, unless its own words name another of their dated sentences ("Actually, my
        sister's flight landed on Sunday" names the sister's flight); in a later session it
        must share the event's words and, unless it opens with a cue, repeat the cited time.
        As for a correction in the same turn, neither time is read: the correction's clause
        need not tell the deed, and one quote cannot show both turns."""
        speaker = (sentence.speaker or "").lower()
        record = unit.record
        if not speaker or best.window is None or unit.answered is not None:
            return ""
        told_at = (record.event_time, record.line, sentence.start)
        for other, seg in self._segs:
            same_file = other.file == record.file
            if (seg.speaker or "").lower() != speaker:
                continue
            if same_file and (other.line, other.id) < (record.line, record.id):
                continue
            if not same_file and not (
                other.event_time and record.event_time and other.event_time > record.event_time
            ):
                continue
            for said in seg.sentences:
                if said.heading is not None or (
                    other.id == record.id and said.start <= sentence.end
                ):
                    continue
                if (said.speaker or "").lower() != speaker:
                    continue
                cue = _correction_cue(said.text, best.expression, strong=True)
                if cue is None:
                    continue
                new = self._corrected_to(other, seg, said, cue, best, request, tz)
                if new is None:
                    continue
                own = _content_keys(other.text, said.start + cue, said.end, new)
                if same_file:
                    target = self._corrected_sentence(other, said, own, told_at, request, tz)
                    if target == (record.id, sentence.start):
                        return f"a later turn of {sentence.speaker} takes '{best.expression}' back"
                    continue
                event = _content_keys(record.text, sentence.start, sentence.end, [best])
                told = _content_keys(other.text, said.start, said.end, new)
                if told & event and (
                    _SAID_TIME.search(said.text) is None
                    or _correction_cue(said.text, best.expression, strong=True, said_only=True)
                ):
                    return f"a later session of {sentence.speaker} takes '{best.expression}' back"
        return ""

    def _corrected_by_later_note(
        self,
        unit: _Unit,
        sentence: segment.Sentence,
        best: timefind.Mention,
        request: ResolveRequest,
        tz: tzinfo,
    ) -> str:
        """Why a later note of the writer's takes this sentence's time back ("" when none
        does): "Picked the first courgettes on Wednesday" — next day's entry: "No, I got it
        wrong yesterday: the courgettes were Thursday, not Wednesday." A sentence of a note
        written later (a later day, or further down the same file), not a chat turn, that
        either opens with a strong correction cue and then gives another time, or says
        "<another time>, not <the cited time>", and shares a word of the event's sentence
        that is no function word, light verb or time."""
        record = unit.record
        if sentence.speaker or best.window is None or unit.answered is not None:
            return ""
        event = _content_keys(record.text, sentence.start, sentence.end, [best])
        cited = _bare_time(best.expression)
        refusing = re.compile(
            rf",?\s+(?:and\s+)?not\s+(?:on\s+|in\s+|at\s+)?{re.escape(cited)}\b", re.IGNORECASE
        )
        for other, seg in self._segs:
            if other.id == record.id or seg.speaker:
                continue
            if other.file == record.file:
                if (other.line, other.id) <= (record.line, record.id):
                    continue
            elif not (
                other.event_time and record.event_time and other.event_time > record.event_time
            ):
                continue
            for said in seg.sentences:
                if said.heading is not None or said.speaker:
                    continue
                new: list[timefind.Mention] | None = None
                cue = _correction_cue(said.text, best.expression, strong=True)
                if cue is not None:
                    new = self._corrected_to(other, seg, said, cue, best, request, tz)
                denied = refusing.search(said.text)
                if new is None and denied is not None:
                    given = [
                        m
                        for m in timefind.sentence_mentions(
                            other, said.start, said.end, question_date=request.question_date, tz=tz
                        )
                        if m.end <= said.start + denied.start()
                        and _bare_time(m.expression) != cited
                    ]
                    new = given or None
                if not new:
                    continue
                told = _content_keys(other.text, said.start, said.end, new)
                if told & event:
                    return f"a later note takes '{best.expression}' back"
        return ""

    def _corrected_to(
        self,
        record: EvidenceRecord,
        seg: segment.Segmented,
        said: segment.Sentence,
        cue: int,
        best: timefind.Mention,
        request: ResolveRequest,
        tz: tzinfo,
    ) -> list[timefind.Mention] | None:
        """The times a correction gives after its cue (in its own sentence, or in the next
        one when the cue stands alone: "Scratch that. It was Sunday."), when the first is
        not the cited time; else None."""
        at = said.start + cue
        mentions = [
            m
            for m in timefind.sentence_mentions(
                record, said.start, said.end, question_date=request.question_date, tz=tz
            )
            if m.start >= at
        ]
        if not mentions and said.index + 1 < len(seg.sentences):
            nxt = seg.sentences[said.index + 1]
            if nxt.speaker == said.speaker and not _content_keys(record.text, at, said.end, []):
                mentions = [
                    m
                    for m in timefind.sentence_mentions(
                        record, nxt.start, nxt.end, question_date=request.question_date, tz=tz
                    )
                ]
        if not mentions:
            return None
        first = min(mentions, key=lambda m: m.start)
        if first.expression.lower() == best.expression.lower():
            return None  # "Actually, it was Friday, in the evening": the same time again
        if first.window is not None and best.window is not None:
            a, b, _ = first.window
            if a < best.window[1] and best.window[0] < b:
                return None  # "Actually, Friday evening": the same time, told finer
        return mentions

    def _corrected_sentence(
        self,
        record: EvidenceRecord,
        correction: segment.Sentence,
        own: frozenset[str],
        told_at: tuple[datetime | None, int, int],
        request: ResolveRequest,
        tz: tzinfo,
    ) -> tuple[str, int] | None:
        """The speaker's earlier sentence of the session a correction takes back: the latest
        one whose words it shares, else the latest one that told a time (as (record id,
        sentence start)); None when none told a time."""
        speaker = (correction.speaker or "").lower()
        dated: list[tuple[tuple[int, str, int], frozenset[str]]] = []
        for other, seg in self._segs:
            if other.file != record.file or (seg.speaker or "").lower() != speaker:
                continue
            if (other.line, other.id) > (record.line, record.id):
                continue
            for s in seg.sentences:
                if s.heading is not None or (s.speaker or "").lower() != speaker:
                    continue
                if other.id == record.id and s.start >= correction.start:
                    continue
                if s.text.rstrip().endswith("?"):
                    continue  # "Free on Saturday?" asks; it told no time to take back
                found = timefind.sentence_mentions(
                    other, s.start, s.end, question_date=request.question_date, tz=tz
                )
                if found:
                    where = (other.line, other.id, s.start)
                    dated.append((where, _content_keys(other.text, s.start, s.end, found)))
        if not dated:
            return None
        dated.sort(key=lambda d: d[0])
        sharing = [d for d in dated if d[1] & own]
        where = (sharing or dated)[-1][0]
        return where[1], where[2]

    def _corrected_within(
        self,
        unit: _Unit,
        sentence: segment.Sentence,
        best: timefind.Mention,
        request: ResolveRequest,
        tz: tzinfo,
    ) -> bool:
        """Does the rest of the sentence take the time back and give another ("I went to
        the dentist on Monday, sorry, I mean Tuesday", "We repainted the fence last Saturday,
        no wait, it was last Sunday", "I posted it yesterday, or rather on Monday")? A cue
        after the time with another time after the cue: neither is read, as for a
        correction in the next sentence."""
        rest = unit.record.text[best.end : sentence.end]
        cue = _CORRECTION_INSIDE.search(rest)
        if cue is None:
            return False
        after = best.end + cue.end()
        mentions = timefind.sentence_mentions(
            unit.record, sentence.start, sentence.end, question_date=request.question_date, tz=tz
        )
        return any(m.start >= after for m in mentions)

    def _restated_within(
        self,
        unit: _Unit,
        sentence: segment.Sentence,
        best: timefind.Mention,
        request: ResolveRequest,
        tz: tzinfo,
    ) -> timefind.Mention | None:
        """The time a correction right after ``best`` gives the event when it only restates
        it ("The first picking was on Wednesday, no, it was Thursday the 30th, the day the
        hose split."): the cue follows the time at once, then a pro-form and one clear time
        that ends its clause (see :meth:`_restated_next`)."""
        text = unit.record.text
        m = _RESTATED_INSIDE.match(text, best.end, sentence.end)
        if m is None:
            return None
        mentions = timefind.sentence_mentions(
            unit.record, sentence.start, sentence.end, question_date=request.question_date, tz=tz
        )
        told = [x for x in mentions if x.start >= m.end()]
        if not told or told[0].start != m.end() or told[0].window is None:
            return None
        first = told[0]
        if first.vague or first.future or first.problem:
            return None
        if not _RESTATED_END.match(text, first.end, sentence.end) and first.end != sentence.end:
            return None
        return None if self._disputed(unit, sentence, first, request, tz) else first

    def _disputed(
        self,
        unit: _Unit,
        sentence: segment.Sentence,
        best: timefind.Mention,
        request: ResolveRequest,
        tz: tzinfo,
    ) -> str:
        """Why the time is disputed or hedged after it ("" when it is not): the rest of the
        sentence, or the same speaker's next sentence, offers another time as what it may
        have been ("…in April, but I think it was the end of March", "…on the 3rd, or was
        it the 4th?", "…last Sunday, unless it was Saturday", "…on Friday. Ana thinks it
        was last week.") or doubts the date ("…, but I'm not sure of the day"). Neither
        time is read: who is right, the notes do not settle."""
        text = unit.record.text
        rest = text[best.end : sentence.end]
        if _DOUBTED_DATE.search(rest):
            return "the sentence doubts its own date"
        cues = [cue for cue in _DISPUTE.finditer(rest) if _disputes(cue)]
        if cues:
            mentions = timefind.sentence_mentions(
                unit.record,
                sentence.start,
                sentence.end,
                question_date=request.question_date,
                tz=tz,
            )
            if any(_offers_time(text, best.end + cue.end(), mentions) for cue in cues):
                return "the sentence disputes its own date with another"
        nxt = _next_of_same_speaker(unit, sentence)
        if nxt is None:
            return ""
        if _DOUBTED_DATE.match(nxt.text):
            return "the next sentence doubts the date"
        opening = _DISPUTE.match(nxt.text)
        if opening is None or not _disputes(opening):
            return ""
        mentions = timefind.sentence_mentions(
            unit.record, nxt.start, nxt.end, question_date=request.question_date, tz=tz
        )
        if _offers_time(text, nxt.start + opening.end(), mentions):
            return "the next sentence disputes the date with another"
        return ""

    def _next_sentence_date(
        self, unit: _Unit, sentence: segment.Sentence, request: ResolveRequest, tz: tzinfo
    ):
        sentences = unit.seg.sentences
        index = sentence.index + 1
        if sentence.heading is not None or index >= len(sentences):
            return None
        nxt = sentences[index]
        gap = unit.record.text[sentence.end : nxt.start]
        if nxt.heading is not None or "\n\n" in gap or len(gap.strip(" .!?\n\"')")) > 0:
            return None
        spans = segment.clauses(nxt.text)
        a, b = spans[0]
        pro = _PRO_FORM.match(nxt.text[a:b])
        fragment = None if pro else _time_fragment(nxt.text)
        if fragment is not None:
            # "I signed up for the course. Yesterday, before I could change my mind.": a
            # sentence made of a time dates the one before; only that time, never one in
            # the clause hanging on it
            a, b = 0, fragment
            pro = re.match(r"", nxt.text)
        if not pro:
            # "I got promoted! They told me on Tuesday.": an outcome the speaker received,
            # dated by the next sentence telling when word of it came (of nothing else)
            pro = _NEWS_CAME.match(nxt.text[a:b])
            if pro is None or not _RECEIVED.search(sentence.text):
                return None
            if _NEWS_OF_ANOTHER.search(nxt.text[pro.end() :]):
                return None  # "They told me on Tuesday that the office is moving"
        mentions = timefind.sentence_mentions(
            unit.record, nxt.start, nxt.end, question_date=request.question_date, tz=tz
        )
        # "It was the day after the party, which was on Saturday": a time inside a relative
        # clause dates that clause's noun (the party), not the pro-form's event.
        relative = [(nxt.start + c, nxt.start + d) for c, d in interpret.relative_clauses(nxt.text)]
        linked = [
            replace(x, quote_start=sentence.start, quote_end=nxt.end)
            for x in mentions
            if nxt.start + a <= x.start < nxt.start + b
            and not any(c <= x.start < d for c, d in relative)
        ]
        if not linked:
            return None
        return (nxt.start + a, nxt.start + b, nxt.start + a + pro.end()), linked

    def _choose(
        self, label: str, cands: list[Candidate], frame: QuestionFrame, ordinal: int | None = None
    ) -> tuple[Candidate | None, list[str]]:
        notes: list[str] = []
        clean = [c for c in cands if not c.match.problems and _anchors_ok(c.match)]
        if not clean:
            why = _best_reason(cands)
            return None, [f"{label}: no sentence reports it{why}"]
        # A sentence that tells another of the question's events better is that event's
        # evidence, not this one's ("gave her the quilt" is not "finishing the quilt").
        dated = [
            c
            for c in clean
            if c.window is not None
            and c.coverage >= self.min_coverage
            and not c.claimed
            and not _stamp_moved_by_body(c)
        ]
        strongest = max(clean, key=lambda c: c.coverage)
        if not dated:
            return None, [
                (
                    f"{label}: best sentence (record {strongest.record.id}, coverage "
                    f"{strongest.coverage:.2f}) gives no usable time: "
                    f"{strongest.why_undated or 'too weak a match'}"
                )
            ]
        # Best coverage first; among equals the finest, clearest time.
        dated.sort(
            key=lambda c: (
                -round(c.coverage, 6),
                _precision_rank(c),
                c.mention.vague if c.mention else True,
            )
        )
        best = dated[0]
        assert best.mention is not None and best.window is not None
        if best.mention.vague and not (frame.operation == "order" and best.mention.approximate):
            # a hedged time the engine reads as a widened interval may still order events
            # whose intervals do not overlap; nothing else (SPEC §6)
            return None, [f"{label}: the time '{best.mention.expression}' is vague"]
        if (
            strongest.coverage > best.coverage + UNDATED_MARGIN - 1e-9
            and strongest.window is None
            and not strongest.claimed
        ):
            return None, [
                (
                    f"{label}: a much closer sentence (record {strongest.record.id}) gives "
                    f"no time, so the dated one may be about something else"
                )
            ]
        if ordinal == -1:
            # "When did I last pick broad beans?": of the sentences that tell the deed as
            # well as the best one, each with a clear time, the latest is the answer
            told = [
                c
                for c in dated
                if c.coverage >= best.coverage - self.rival_margin
                and not c.claimed
                and c.mention is not None
                and not c.mention.vague
            ]
            assert all(c.window is not None for c in told)
            best = max(told, key=lambda c: c.window[0])  # type: ignore[index]
            assert best.window is not None
            later = [
                c
                for c in dated
                if c.coverage >= best.coverage - self.rival_margin
                and not c.claimed
                and c.window is not None
                and (
                    c.window[0] > best.window[0]
                    or (c.mention is not None and c.mention.vague and c.window[1] > best.window[1])
                )
            ]
            if later:
                # "… a few days ago, I think": a vaguer telling may be the later one
                vaguer = later[0].mention.expression if later[0].mention else "?"
                return None, [f"{label}: a vaguer time ('{vaguer}') may be later than the latest"]
            dated = [best]
        assert best.mention is not None and best.window is not None
        for other in dated[1:]:
            if other.coverage < best.coverage - self.rival_margin:
                break
            if other.claimed:
                continue
            if _tells_ordinal(best, ordinal) and not _tells_ordinal(other, ordinal):
                continue  # "for the first time" asked and told: an untold ride is no rival
            if other.window is not None and not _same_days(other.window, best.window):
                if (
                    other.mention is not None
                    and other.mention.vague
                    and _covers(other.window, best.window)
                ):
                    continue  # "recently" does not contradict "on the 15th of April"
                return None, [
                    (
                        f"{label}: rival dates — record {best.record.id} says "
                        f"'{best.mention.expression}', record {other.record.id} says "
                        f"'{other.mention.expression if other.mention else '?'}'"
                    )
                ]
        denial = self._denied_later(best, cands)
        if denial is not None:
            return None, [
                (
                    f"{label}: a later sentence (record {denial.record.id}) denies it: "
                    f'"{_short(denial.sentence.text)}"'
                )
            ]
        # no unit asked and only a week to go by: the answer is given in weeks
        unit = frame.unit or ("weeks" if best.window[2] == "week" else None)
        if not timefind.precise_enough(best.window[2], unit) and frame.operation not in (
            "order",
            "absolute_date",  # answered at the evidence's precision, up to a month
        ):
            return None, [
                (
                    f"{label}: '{best.mention.expression}' is {best.window[2]}-precise, "
                    f"too coarse for {frame.unit or 'days'}"
                )
            ]
        matched = ", ".join(sorted({t.text for t, *_ in best.match.matched}))
        notes.append(
            f'{label} -> record {best.record.id}: "{_short(best.sentence.text)}" '
            f"(coverage {best.coverage:.2f}; matched {matched}); time '{best.mention.expression}'"
            f" [{best.mention.basis}] = {_show(best.window)}"
            + (f" ({best.mention.meaning})" if best.mention.meaning else "")
            + (
                f"; told to {frame.subject} and confirmed by the next turn, record "
                f"{best.match.confirmed_by}"
                if best.match.confirmed_by
                else ""
            )
        )
        return best, notes

    def _denied_later(self, best: Candidate, cands: list[Candidate]) -> Candidate | None:
        """A sentence written after the reported day that denies the same event, by the same
        doer and about as strongly ("I returned the van on Saturday" … days later "I didn't
        return the van on Saturday after all"): the notes take the report back. A denial
        dated to another day is another occurrence ("I didn't go to yoga on Wednesday")."""
        assert best.window is not None
        for c in cands:
            problems = c.match.problems
            if c is best or c.claimed or not problems or not _anchors_ok(c.match):
                continue
            if not all(p.startswith("negated") for p in problems):
                continue  # a plan, a wish, someone else's deed: no denial of this report
            if c.coverage < best.coverage - self.rival_margin:
                continue
            if c.window is not None and not _same_days(c.window, best.window):
                continue
            if c.record.id == best.record.id:
                if c.sentence.start > best.sentence.start:
                    return c
                continue
            written = c.record.event_time
            if (
                written is not None
                and written.replace(tzinfo=best.window[0].tzinfo) >= best.window[1]
            ):
                return c
        return None

    def _check_together(
        self,
        frame: QuestionFrame,
        chosen: list[Candidate | structure.Pick],
        request: ResolveRequest,
    ) -> str | None:
        ids = [c.record.id for c in chosen]
        structural = all(isinstance(c, structure.Pick) for c in chosen)
        if len(set(ids)) != len(ids) and not structural and not _each_dated_apart(chosen):
            return "two events cite the same record; the answer would not be independent"
        windows = [c.window for c in chosen]
        if frame.operation == "order":
            for i in range(len(windows)):
                for j in range(i + 1, len(windows)):
                    if _overlaps(windows[i], windows[j]):
                        return "two events' dates overlap, so their order is unknown"
        if [p.boundary for p in frame.phrases] == ["start", "end"]:
            start, end = windows
            if start is None or end is None or end[0] < start[0]:
                return "the event's end is dated before its start"
        if frame.operation == "elapsed_since_question":
            w = windows[0]
            if w is not None and w[0] > request.question_date:
                return "the event is after the question date"
        if frame.operation == "absolute_date":
            # answered at the evidence's precision: a day, a week or weekend, a month
            w = windows[0]
            if w is not None and timefind.grain_rank(w[2]) > timefind.grain_rank("month"):
                return "the date is coarser than a month"
        return None


# ---------------------------------------------------------------------- helpers


_NUMBER = (
    r"(?:\d+(?:\.\d+)?|an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|"
    r"fifteen|twenty|thirty|forty|forty-five|fifty|sixty|ninety|half\s+an?)"
)
_LENGTH_UNIT = r"(?:minutes?|mins?|hours?|hrs?|days?|weeks?|months?|years?)"
_AMOUNT_TEXT = (
    rf"{_NUMBER}\s+(?:and\s+a\s+half\s+)?{_LENGTH_UNIT}(?:\s+and\s+a\s+half)?"
    rf"(?:\s+and\s+{_NUMBER}\s+{_LENGTH_UNIT})?"
)
_HEDGE_TEXT = (
    r"(?:about|around|roughly|approximately|nearly|almost|over|under|just\s+over|just\s+under|"
    r"more\s+than|less\s+than|at\s+least|at\s+most|up\s+to|close\s+to|some)"
)
#: A length told of the clause's event: "spent three hours (on) …", "… took (me) three
#: hours", "… lasted 75 minutes", "practised for 40 minutes", "ran the 10k in 52 minutes",
#: "Ran my first 10k: 54 minutes.", "… a personal best of 49 minutes". Past tense only:
#: "takes", "lasts", "spend" tell habits or plans.
_STATED = lazyre.compile(
    rf"(?:\b(?P<lead>spent|took(?:\s+(?:me|us|him|her|them|[A-Z][a-z]+))?|lasted|for|in|"
    rf"(?:time|best|pb|record)\s+of)|(?<=\w)(?P<colon>:))\s+"
    rf"(?P<hedge>{_HEDGE_TEXT}\s+)?(?P<amount>{_AMOUNT_TEXT})\b",
    re.IGNORECASE,
)
#: A verbless tail that tells the length of the clause before it ("Ran my first 10k along
#: the river: 54 minutes."): read as part of that clause.
_COLON_LENGTH = lazyre.compile(
    rf"\s*:\s*(?:{_HEDGE_TEXT}\s+)?{_AMOUNT_TEXT}\b(?=\s*(?:[.,;!)]|$))", re.IGNORECASE
)
#: Leads that tell a length only after a verb in the past ("walked for an hour", "ran it in
#: 52 minutes"): "for a week" or "in two weeks" alone tell a stay planned or a time ahead.
_LEADS_AFTER_A_PAST_VERB = frozenset(["for", "in", "colon", "of"])
#: What must follow a length told after a colon: the clause ends there ("…: 54 minutes.").
_CLAUSE_ENDS = lazyre.compile(r"^\s*(?:[.,;!)]|$)")
#: After a length: not the event's length but a date ("two hours ago"), a rate ("40 minutes
#: a day"), an ongoing state ("for three weeks now") or a hedge ("or so").
_NOT_A_LENGTH_AFTER = lazyre.compile(
    r"^\s*(?:ago|back|now|so\s+far|already|straight|a\s+day|"
    r"a\s+week|a\s+night|per\b|each\b|every\b|or\s+so|or\s+more|-?ish|at\s+a\s+time|"
    r"longer|shorter|more|less|extra|late|early|behind|ahead)",
    re.IGNORECASE,
)
#: In the clause: a habit, a plan, a wish, or a booking's length ("booked the cabin for
#: three nights" is what was arranged, not what happened).
_NOT_A_DEED = lazyre.compile(
    r"\b(?:every|each|usually|normally|always|often|daily|weekly|will|would|'ll|going\s+to|"
    r"plan|plans|planning|want|wants|hope|should|might|booked|reserved|rented|hired|scheduled|"
    r"paid|budgeted|signed\s+up|have\s+been|has\s+been|'ve\s+been|'s\s+been|not|never|"
    r"didn't|haven't|hasn't|wasn't)\b",
    re.IGNORECASE,
)


_USE_VERB = lazyre.compile(
    r"^(?:using|wearing|driving|riding|owning|carrying|playing)\b", re.IGNORECASE
)
_GOT_THING = lazyre.compile(r"\b(?:got|bought|purchased|received|picked\s+up)\b", re.IGNORECASE)


#: "most recently", "the latest time": the phrase picks one of several.
_MOST_RECENT = lazyre.compile(
    r"\b(?:most\s+recent(?:ly)?|latest|previous|the\s+\w+\s+time)\b", re.IGNORECASE
)

#: Verbs that undo, miss or only arrange the thing they govern (keys): "Cancelled my first
#: pottery class" is no class.
_NOT_DOING = frozenset(
    lexicon.key(w)
    for w in lexicon.words_of(
        "cancel postpone reschedule skip miss book schedule plan register sign order buy "
        "reserve prepare arrange forget forgot avoid drop quit"
    )
)


def _governs_the_named_thing(
    mention: timefind.Mention,
    text: str,
    m: align.Match,
    sentence: segment.Sentence,
    model: align.PhraseModel,
) -> bool:
    """An event named as a noun ("my first 10k race", "the Dublin concert") is told by a
    journal deed whose verb governs that very noun phrase ("Ran my first 10k race", "Played
    the Dublin concert"): the name's first word follows the verb after at most a
    determiner. Not a verb that undoes, misses or only arranges it ("Cancelled …",
    "Booked …")."""
    if model.verb_key is not None or mention.kind != "licence":
        return False
    verb = lexicon.key(text[mention.start : mention.end].lower())
    if any(verb.startswith(k) for k in _NOT_DOING):
        return False
    after = text[mention.end : sentence.end]
    first = next((start for _, start, _, r in sorted(m.matched, key=lambda x: x[1]) if r), None)
    if first is None or sentence.start + first < mention.end:
        return False
    gap = text[mention.end : sentence.start + first].split()
    if len(gap) > 2 or not all(w.lower() in _GOVERNED_LEAD for w in gap) or not after:
        return False
    content = [w for w in model.phrase.text.split() if not lexicon.is_stop(w.lower())]
    # "Watched my first pottery class video" is a video, not the class
    return bool(content) and _got_the_thing(after, content[-1])


_BOUNDARY_LEMMAS = {"start": ("start", "begin"), "end": ("finish", "complete", "end")}
#: Activities that "started X" / "finished X" abbreviates (a book, a show, a scarf): not
#: "fix" or "drive" ("started the car" starts its engine).
_WORK_ACTIVITIES = frozenset(
    [
        "read",
        "watch",
        "listen",
        "write",
        "knit",
        "sew",
        "crochet",
        "paint",
        "draw",
        "learn",
        "study",
        "binge",
        "draft",
        "build",
        "translate",
    ]
)
_BOUNDARY_FORMS = {
    "start": re.compile(r"\b(?:started|began|begun)\s+", re.IGNORECASE),
    "end": re.compile(r"\b(?:finished|completed)\s+", re.IGNORECASE),
}


def _activity_of_boundary(phrase: EventPhrase, sentence: str) -> tuple[str, ...]:
    """ "Started The Overstory on the train" for the start of "read The Overstory": a verb
    of starting (finishing) whose object is the activity's object word for word says the
    activity started (finished), so the activity's verb is implied."""
    if phrase.boundary is None:
        return ()
    words_ = phrase.text.split()
    if len(words_) < 2 or words_[0].lower() not in _WORK_ACTIVITIES:
        return ()  # "Started the car" is no start of fixing it
    for m in _BOUNDARY_FORMS[phrase.boundary].finditer(sentence):
        if sentence[m.end() :].lower().startswith(" ".join(words_[1:]).lower()):
            return (words_[0].lower(),)
    return ()


def _opens_or_closes(
    mention: timefind.Mention, text: str, sentence: segment.Sentence, model: align.PhraseModel
) -> bool:
    """One end of a span ("how many days did it take me to read The Overstory"): a journal
    deed that starts (finishes) the very thing the name's object names — "Started The
    Overstory on the train" — tells that end, whatever the activity's own verb."""
    from prme_cli import words

    boundary = model.phrase.boundary
    if boundary is None or mention.kind != "licence":
        return False
    lead = model.phrase.text.split()[0].lower()
    if lead not in _WORK_ACTIVITIES and words.verb_lemma(lead) not in _WORK_ACTIVITIES:
        return False  # "knit the scarf", "knitting the scarf"
    verb = words.verb_lemma(text[mention.start : mention.end].lower())
    if verb not in _BOUNDARY_LEMMAS[boundary]:
        return False
    thing = [w for w in model.phrase.text.split()[1:] if not lexicon.is_stop(w.lower())]
    after = text[mention.end : sentence.end].lower()
    return bool(thing) and all(w.lower() in after for w in thing)


_GOVERNED_LEAD = frozenset(["my", "our", "the", "a", "an", "his", "her", "their"])


def _use_started(phrase: EventPhrase, sentence: str) -> tuple[str, ...]:
    """ "How long had I been using the new area rug when …": the use of a thing starts when
    it was got, so a sentence telling that it was got ("I got a new area rug a month ago")
    tells the start of using it. Only for the start of such a state."""
    if phrase.aspect != "start":
        return ()
    verb = _USE_VERB.match(phrase.text)
    got = _GOT_THING.search(sentence) if verb is not None else None
    if verb is None or got is None:
        return ()
    thing = [w for w in phrase.text.split()[1:] if not lexicon.is_stop(w.lower())]
    if not thing or not _got_the_thing(sentence[got.end() :], thing[-1]):
        return ()  # "I got a new phone case" does not start the use of the phone
    return (verb.group(0).lower(),)


def _without_the_finish(usable: list[timefind.Mention], text: str) -> list[timefind.Mention]:
    """A finish's length dates the start ("I finished the puzzle today, in three weeks"): the
    finish's own time ("today") is what it counts back from, not a second date of the start,
    so the times between the finishing verb and the length drop out."""
    spans = [x for x in usable if x.meaning == timefind.FINISHED_SPAN]
    if not spans:
        return usable
    span = spans[0]
    verb = interpret.finish_before(text[span.quote_start : span.end], span.expression)
    if verb is None:
        return usable
    finish_at = span.quote_start + verb.start()
    return [x for x in usable if x is span or not (finish_at <= x.start < span.start)]


def _started_by_length(phrase: EventPhrase, sentence: str) -> tuple[str, ...]:
    """ "When did I start the puzzle?" told by "I finished the puzzle today, in three weeks":
    a finish told with the activity's length tells its start as well, so the start verb is
    implied (:func:`interpret.tells_finish_with_length`; the length then dates it)."""
    lead = phrase.text.split()[:1]
    if phrase.aspect != "start" or not lead or lead[0].lower() not in ("start", "begin"):
        return ()
    return (lead[0].lower(),) if interpret.tells_finish_with_length(sentence) else ()


def _paragraph_before(unit: _Unit, sentence: segment.Sentence) -> tuple[str, int] | None:
    """The text of the sentences just before ``sentence`` (:func:`_sentences_before`) and
    where it starts, or None."""
    if sentence.heading is not None:
        return None
    before = _sentences_before(unit, sentence)
    if not before:
        return _title_before(unit, sentence)
    start = before[-1].start
    return unit.record.text[start : sentence.start], start


#: Lines that may stand between a heading and its body's first sentence: planning lines,
#: drawers and their contents, a line holding only a stamp, blank lines.
_ORG_LINE = lazyre.compile(
    r"\s*(?:(?:SCHEDULED|DEADLINE|CLOSED):.*|:[\w-]+:.*|CLOCK:.*|- State .*|[<\[]\d{4}-[^\n]*[>\]])?\s*"
)


def _title_before(unit: _Unit, sentence: segment.Sentence) -> tuple[str, int] | None:
    """The heading's title when ``sentence`` opens that heading's body ("* Oma Ilse again"
    / "She took the kids to the puppet theatre on Sunday"): like the sentences before in a
    paragraph, the title may name the one person a pronoun opening the body stands for.
    Only planning lines and drawers may stand between them, and neither may be said by a
    speaker (a turn headed "** Lena" is Lena speaking of someone else)."""
    index = sentence.index - 1
    if index < 0:
        return None
    previous = unit.seg.sentences[index]
    if previous.heading is None or sentence.speaker is not None or previous.speaker is not None:
        return None  # a chat turn's heading names who speaks, not whom "she" means
    record = unit.record
    gap = record.text[previous.heading.title_end : sentence.start]
    if not all(_ORG_LINE.fullmatch(line) for line in gap.split("\n")):
        return None
    start, end = previous.heading.title_start, previous.heading.title_end
    return record.text[start:end], start


def _present_state(m: align.Match, sentence: str, model: align.PhraseModel) -> bool:
    """The event's verb is met only by a present-tense third-person form ("my back still
    hurts", "the course starts on Monday"): a state, a habit or a timetable, never the past
    deed a question asks about."""
    from prme_cli import words

    if model.verb_key is None:
        return False
    for token, start, end, _ in m.matched:
        if not token.verb or start >= len(sentence):
            continue
        word = sentence[start:end].lower()
        lemma = words.verb_lemma(word)
        if lemma is None or words.is_simple_past(word) or word == lemma:
            return False
        return word in (f"{lemma}s", f"{lemma}es", f"{lemma[:-1]}ies")
    return False


def _got_the_thing(after: str, head: str) -> bool:
    """The thing got is ``head`` itself: it stands within the five words after the verb and
    no noun follows it ("a new phone case" is a case, not a phone)."""
    from prme_cli import words

    found = words.tokens(after)[:6]
    want = lexicon.key(head.lower())
    for i, (_, _, word) in enumerate(found):
        if lexicon.key(word.lower()) != want:
            continue
        if i + 1 >= len(found):
            return True
        nxt = found[i + 1][2].lower()
        return (
            lexicon.is_stop(nxt)
            or not nxt.isalpha()
            or "NOUN" not in words.lemmas(nxt)
            or nxt in _NUMBER_WORDS
        )
    return False


#: Someone else's saying, claiming or believing with the writer as the subject of what is
#: said: "Mum said I broke the vase", "Tom thinks we left the gate open", "My parents are
#: convinced I took the car".
_CLAIM_OF_ANOTHER = lazyre.compile(
    r"\b(?P<who>[A-Za-z][\w'-]*)\s+(?:said|says|say|claimed|claims|claim|thinks|think|"
    r"thought|believes|believe|believed|reckons|reckon|reckoned|insists|insist|insisted|"
    r"swears|swear|swore|maintains|maintained|remembers|remembered|recalls|recalled|"
    r"mentioned|told\s+(?:me|us|him|her|them)|(?:is|are|was|were)\s+(?:sure|convinced|"
    r"adamant|certain)|keeps\s+saying|kept\s+saying)\s+(?:that\s+)?(?:i|we)\b",
    re.IGNORECASE,
)
#: Another's word about the writer told by an adjunct instead of a verb of saying, opening
#: the writer's clause: "According to Jess, I left …", "Per my sister, I …", "If you ask
#: Tom, I …", "In Mum's view, we …", "As Jess tells it, I …"; and the hearsay adverbs
#: ("Apparently I …", "I'm told I …", "I supposedly …"), whose teller is left unsaid.
_HEARSAY_LEAD = lazyre.compile(
    r"(?:^|[,;:(]\s*|\b(?:and|but|so|then)\s+)[\s\"'\u201c]*(?:"
    r"(?:according\s+to|per|if\s+you\s+ask|in\s+the\s+(?:view|opinion|words|eyes)\s+of)"
    r"\s+(?P<source>[^,;:.!?]{1,40}?)\s*,?"
    r"|in\s+(?P<owner>[\w-]+(?:\s+[\w-]+)?)['\u2019]s?\s+(?:view|opinion|words|version|"
    r"account|telling|memory)\s*,?"
    r"|as\s+(?P<teller>[\w-]+(?:\s+[\w-]+)?)\s+(?:tells|told|remembers|remembered|has|"
    r"had)\s+it\s*,?"
    r"|(?:apparently|supposedly|allegedly|reportedly|evidently|so\s+i'?m\s+told|i'?m\s+told|"
    r"i\s+was\s+told|i'?ve\s+been\s+told|we\s+were\s+told|we'?re\s+told|"
    r"rumou?r\s+has\s+it|word\s+is|the\s+story\s+goes)\s*,?\s*(?:that\s+)?"
    r")\s*(?:i|we)\b",
    re.IGNORECASE,
)
_HEARSAY_ADVERB = lazyre.compile(
    r"\b(?:i|we)\s+(?:apparently|supposedly|allegedly|reportedly)\b", re.IGNORECASE
)
#: The same adjunct after the deed, closing its sentence: "I left it on the bus on Monday,
#: according to Jess", "…, or so Tom says", "…, Mum reckons".
_HEARSAY_TAIL = lazyre.compile(
    r",\s*(?:(?:according\s+to|per|if\s+you\s+ask)\s+(?P<source>[^,;:.!?]{1,40}?)"
    r"|(?:or\s+so\s+|at\s+least\s+(?:that'?s\s+what\s+)?)?(?P<who>[\w'-]+(?:\s+[\w'-]+)?)"
    r"\s+(?:says|said|claims|claimed|reckons|thinks|insists|swears|tells\s+me|told\s+me))"
    r"\s*[.!?\"'\u201d)]*\s*$",
    re.IGNORECASE,
)
#: Sources that are the writer's own records, not another's word: "according to my diary,
#: I …" reads the diary, a date the writer kept. Any other source (a name, a person, a
#: noun not listed here) is someone's word (precision first: an unknown source refuses).
_RECORD_SOURCES = frozenset(
    lexicon.words_of(
        """diary diaries journal journals calendar calendars agenda planner notes note log logs
    logbook records record receipt receipts invoice invoices bill bills statement statements
    email emails e-mail e-mails mail message messages text texts ticket tickets timestamp
    timestamps photo photos picture pictures app apps tracker history schedule timetable
    spreadsheet ledger minutes letter letters booking bookings confirmation order orders
    postmark label labels gps strava fitbit watch phone entry entries"""
    )
)
_WRITER = frozenset(["me", "us", "myself", "ourselves", "i", "we"])


def _someones_word(source: str) -> bool:
    """Is the source of an "according to" a person's word, not the writer's own record?"""
    head = source.strip().split()
    if not head:
        return False
    last = head[-1].lower().strip("'\u2019").removesuffix("'s")
    if len(head) == 1 and last in _WRITER:
        return False
    return last not in _RECORD_SOURCES


def _claimed_by_another(sentence: str, focus: int) -> bool:
    """Is the writer's deed at ``focus`` told only as what someone else says or believes of
    them ("Mum said I broke the vase on Sunday, but it was the cat", "According to Jess, I
    left my bag on the bus")? The claim must open the clause of the deed (no clause break
    between them) or close its sentence after it ("…, according to Jess")."""
    for m in _CLAIM_OF_ANOTHER.finditer(sentence, 0, focus + 1):
        if m["who"].lower() in ("i", "we") or m.end() > focus + 1:
            continue
        if not re.search(r"[,;:.!?]|\b(?:and|but|so|then)\b", sentence[m.end() : focus]):
            return True
    clause_open = re.compile(r"[,;:.!?]|\b(?:and|but|so|then)\b")
    for m in _HEARSAY_LEAD.finditer(sentence, 0, focus + 1):
        if m.end() > focus + 1 or clause_open.search(sentence[m.end() : focus]):
            continue
        source = m["source"] or m["owner"] or m["teller"]
        if source is None or _someones_word(source):
            return True
    for m in _HEARSAY_ADVERB.finditer(sentence, 0, focus + 1):
        if not clause_open.search(sentence[m.end() : focus]):
            return True
    tail = _HEARSAY_TAIL.search(sentence, focus)
    if tail:
        if tail["source"] is not None:
            return _someones_word(tail["source"])
        return tail["who"].lower() not in _WRITER
    return False


def _number_words() -> frozenset[str]:
    from prme_cli.timeexpr.lexicon import SMALL_NUMBERS

    return frozenset([*SMALL_NUMBERS, "a", "an"])


_NUMBER_WORDS = _number_words()


def _ordinal_of(text: str) -> int | None:
    """The position in a series the phrase names ("my third 10k race" -> 3), if any."""
    from prme_cli.relate.validate import _ORDINAL_RE, _ORDINAL_WORDS

    found = _ORDINAL_RE.search(text)
    return _ORDINAL_WORDS[found.group(1).lower()] if found else None


_NEXT_WORD = lazyre.compile(r"\W*(\w+)")


def _ordinal_of_another_word(sentence: str, start: int, end: int, phrase: str) -> bool:
    """Is the matched word ``sentence[start:end]`` an ordinal of the phrase ("my last
    welding class") standing, here, before another word than the one it qualifies in the
    phrase ("… was last night")? Then it opens a time, not the event's name, and a time
    it is part of dates the event; where it stands before the phrase's own next word
    ("Last day at the gallery" for "my last day at the gallery") it is the name's."""
    word = sentence[start:end]
    if _ordinal_of(word) is None:
        return False
    lowered = phrase.lower()
    at = re.search(rf"\b{re.escape(word.lower())}\b", lowered)
    if at is None:
        return False
    wanted = _NEXT_WORD.match(lowered, at.end())
    here = _NEXT_WORD.match(sentence, end)
    if wanted is None or here is None:
        return False
    return wanted.group(1) != here.group(1).lower()


def _tells_ordinal(cand: Candidate, ordinal: int | None) -> bool:
    """Does the candidate's sentence give the event the asked place in its series ("Cycled
    to work for the first time this year" for "… for the first time …")?"""
    from prme_cli.relate.validate import _ORDINAL_RE, _ORDINAL_WORDS

    if ordinal is None or ordinal < 1:
        return False
    told = {_ORDINAL_WORDS[m.group(1).lower()] for m in _ORDINAL_RE.finditer(cand.sentence.text)}
    return ordinal in told


def _other_member(sentence: str, clause: tuple[int, int], ordinal: int) -> bool:
    """The event's clause gives it another position in the series ("Ran my second 10k" for
    "my first 10k race"): ordinal words there, none of them the one asked."""
    from prme_cli.relate.validate import _ORDINAL_RE, _ORDINAL_WORDS

    told = {
        _ORDINAL_WORDS[m.group(1).lower()] for m in _ORDINAL_RE.finditer(sentence[slice(*clause)])
    }
    return bool(told) and ordinal not in told


def _part_told(sentence: str, clause: tuple[int, int], described: EventDescription) -> bool:
    """The event's clause tells the deed of an ordinal part of the asked whole ("began the
    second book of the Expanse series" for "start the Expanse series"): validation's rule,
    read here so that another sentence may be chosen instead."""
    from prme_cli.relate.validate import part_problem

    text = sentence[slice(*clause)]
    return (
        part_problem(text, "", described.text, described.object, None, described.aspect) is not None
    )


def _length(expression: str) -> tuple[object, str]:
    """A stated amount in a comparable form: minutes for minutes..weeks, else as written."""
    dated = interpret.interpret_duration(expression)
    factor = interpret.EXACT_UNITS.get(dated.unit or "")
    if factor is not None and dated.quantity is not None:
        return dated.quantity * factor, "minutes"
    return dated.quantity, dated.unit or ""


def stated_duration(
    sentence: str, a: int, b: int, name_keys: frozenset[str] | None = None
) -> tuple[int, str, bool] | None:
    """The length the clause ``sentence[a:b]`` states for its own event: (offset, the
    amount verbatim, whether it is hedged), or None. "Spent two and a half hours repotting
    the tomatoes", "My flu lasted three days", "The drive to Galway took three hours",
    "Practised piano for 40 minutes", "Ran the 10k in 52 minutes", "Ran my first 10k: 54
    minutes." Not a habit ("for 40 minutes every evening"), a plan,
    a negation, a booking's length, an ongoing state ("for three weeks now"), a date ("three
    hours ago") or a rate ("40 minutes a day"); "for" only after a verb in the past."""
    tail = _COLON_LENGTH.match(sentence, b)
    clause = sentence[a : tail.end() if tail else b]
    if _NOT_A_DEED.search(clause):
        return None
    found = None
    for m in _STATED.finditer(clause):
        if _NOT_A_LENGTH_AFTER.match(clause[m.end() :]):
            return None
        if name_keys is not None and _shared_with_another(clause[m.end() :], name_keys):
            return None  # "Spent two hours on the essay and the slides": both together
        lead = "colon" if m["colon"] else m["lead"].lower().split()[-1]
        if lead == "colon" and not _CLAUSE_ENDS.match(clause[m.end() :]):
            continue  # "Results: 3 days late …" is no length told at the end of a clause
        if lead in _LEADS_AFTER_A_PAST_VERB and not _past_verb_before(
            clause[: m.start()], name_keys
        ):
            continue
        if found is not None:
            return None  # two lengths in one clause: which is the event's?
        found = (a + m.start("amount"), m["amount"], m["hedge"] is not None)
    return found


def _shared_with_another(after: str, name_keys: frozenset[str]) -> bool:
    """The length is told of the event and something else together ("… on the essay and the
    slides"): a conjunct after the amount that names none of the event's words."""
    phrase = re.split(r"[,;:]", after)[0]
    for conjunct in re.split(r"\s+(?:and|&)\s+", phrase)[1:]:
        if not re.match(r"(?:the|my|our|his|her|their|a|an)\s", conjunct, re.IGNORECASE):
            continue  # "… and back", "and then …": no second thing
        keys = {lexicon.key(w.lower()) for _, _, w in lexicon.words(conjunct)}
        content = {k for k in keys if not lexicon.is_stop(k)}
        if content and not content & name_keys:
            return True
    return False


def _past_verb_before(before: str, name_keys: frozenset[str] | None = None) -> bool:
    """A verb in the past before "for …" ("practised piano for 40 minutes", "I was in
    Kraków for 3 days"): being or staying somewhere, or — when the event's name is given —
    the event's own verb ("waited for two hours for the repair" is the wait's length, not
    the repair's)."""
    from prme_cli import words

    told = words.tokens(before)
    for at in range(len(told) - 1, -1, -1):
        low = told[at][2].lower()
        if low in ("was", "were", "stayed"):
            return True
        if words.is_simple_past(low):
            if name_keys is None or any(
                lexicon.relatedness(lexicon.key(low), k) >= 0.6 for k in name_keys
            ):
                return True
            # "Ran my third 10k, a personal best of 49 minutes": the verb's object, between
            # it and the amount, is the thing asked
            return any(lexicon.key(w.lower()) in name_keys for _, _, w in told[at + 1 :])
    return False


def _operand(name: str, cand: Candidate, named_subject: bool) -> Operand:
    """The operand a dated sentence gives, quoted so that it shows what it needs to."""
    mention = cand.mention
    assert mention is not None
    quote = mention.quote(cand.record.text)
    if cand.context_start is not None and cand.context_start < mention.quote_start:
        # Quote from the sentence a pronoun refers back to ("… for my sister this weekend.
        # … I got her a necklace last weekend"), so the quote names her.
        quote = cand.record.text[cand.context_start : mention.quote_end]
    if cand.context_end is not None and cand.context_end > mention.quote_end:
        # Quote through the next sentence that names the thing ("We adopted a rescue
        # greyhound today! Named him Biscuit."), so the quote shows the name.
        begin = cand.record.text.find(quote)
        if begin >= 0:
            quote = cand.record.text[begin : cand.context_end]
    at = cand.sentence.speaker_at
    speaker = (cand.sentence.speaker or "").lower()
    as_me = (
        bool(speaker)
        and bool(_speaker_said_as_me(name, cand.sentence))
        and any(
            start >= len(cand.sentence.text) and t.text == speaker
            for t, start, _, _ in cand.match.matched
        )
    )  # "My pottery class …" read as Hana's (:func:`_speaker_said_as_me`), not another
    # implied word that happens to be the speaker heading's ("* Reading" over a table)
    if (named_subject or as_me) and at is not None and at < mention.quote_start:
        # Quote from the speaker's name, so the quote itself shows whose words these are
        # ("Caroline: … I went to a support group yesterday").
        quote = cand.record.text[at : mention.quote_end]
    if cand.answered is not None:
        # A yes to the turn before: quote the answer as written, from where the quote
        # starts (at or before the answer) to the answer's end.
        text, start, end = cand.answered
        begin = min(cand.record.text.find(quote), start)
        quote = text[begin:end]
    return Operand(
        name=name,
        evidence_id=cand.record.id,
        quote=quote,
        time_expression=mention.expression,
        time_basis=mention.basis,
    )


def _answer_unit(record: EvidenceRecord, seg: segment.Segmented, capitalises: bool) -> _Unit | None:
    """A record that opens with a yes to the other speaker's past question ("Did you sign
    the contract?" — "Yes, on Friday!"), read as the statement the yes makes ("I signed the
    contract, on Friday!", :func:`interpret.answered_statement`): a unit over the record
    with the answer replaced by the statement, of which only that sentence is read. The
    question closes the packed turn just before, said by another speaker (``record.asked``);
    a yes taken back or moved ahead ("Yes, but I didn't …", "Yes, next week") is none."""
    if not record.asked:
        return None
    first = next((x for x in seg.sentences if x.heading is None), None)
    if first is None:
        return None
    statement = interpret.answered_statement(record.asked, first.text, when=record.asked_when)
    if statement is None:
        return None
    text = record.text[: first.start] + statement + record.text[first.end :]
    told = segment.segment(text, record.keywords)
    at = next((x.index for x in told.sentences if x.start == first.start), None)
    if at is None:
        return None
    unit = _Unit(replace(record, text=text), told, True, capitalises)
    unit.only, unit.answered = at, (record.text, first.start, first.end)
    return unit


def _member_names(text: str, kind) -> frozenset[str]:
    """The capitalised words beside the kind's noun ("the *Hunt* Museum", "the *Arctic
    Monkeys* concert"): what tells one member from another."""
    from prme_cli import words

    found = words.tokens(text)
    out = set()
    for i, (_, _, w) in enumerate(found):
        if words.event_key(w) != kind.noun:
            continue
        for j in range(max(1, i - 4), min(len(found), i + 5)):
            near = found[j][2]  # the sentence's first word is capitalised anyway
            if near[:1].isupper() and near != "I" and j != i:
                out.add(near.lower())
    return frozenset(out)


def _same_member(a: Candidate, b: Candidate, kind) -> bool:
    """Two sentences on overlapping dates tell the same event unless they name different
    ones ("the flea market" and "the farmers' market" on one day are two)."""
    names_a = _member_names(a.sentence.text, kind)
    names_b = _member_names(b.sentence.text, kind)
    if names_a or names_b:
        return names_a == names_b
    return _content(a.sentence.text, kind) == _content(b.sentence.text, kind)


def _content(text: str, kind) -> frozenset[str]:
    """The lower-case words right before the kind's noun ("flea" of "the flea market")."""
    from prme_cli import words

    found = words.tokens(text)
    out = set()
    for i, (_, _, w) in enumerate(found):
        if words.event_key(w) == kind.noun and i > 0:
            before = found[i - 1][2].lower()
            if not lexicon.is_stop(before):
                out.add(before)
    return frozenset(out)


def _names_kind(text: str, kind) -> bool:
    """Does ``text`` name the kind's noun itself ("museum", "concert")? A sentence tells one
    event of the kind only by naming it; "toured the Museum of Flight" is no trip."""
    from prme_cli import words

    return any(words.event_key(w) == kind.noun for _, _, w in words.tokens(text))


def _names_plural(text: str, kind) -> bool:
    """Does ``text`` name the kind in the plural ("* Trips", "Museums to see")?"""
    from prme_cli import words

    return any(
        w.lower().endswith("s") and words.event_key(w) == kind.noun and w.lower() != kind.noun
        for _, _, w in words.tokens(text)
    )


def _kind_phrase(kind) -> str:
    """A single event of the kind, as a phrase to align: "visit the museum"."""
    from prme_cli import words

    head = kind.text.split()
    nouns = [w for w in head if words.event_key(w) in (kind.noun, *kind.modifiers)]
    singular = [words.lemma(w) if words.event_key(w) == kind.noun else w for w in nouns]
    verb = kind.verb_text or ""
    return " ".join(x for x in (verb, "the", *singular) if x)


_POSSESSOR = lazyre.compile(r"^(?:the\s+)?(?P<name>[A-Z][\w.-]*(?:\s+[A-Z][\w.-]*)?)'s\s+\w")


#: A possessive determiner right before a noun ("Ivo's photos", "my new sketches").
_OWNER_BEFORE = lazyre.compile(
    r"(?:\b(?P<name>[A-Z][\w.-]*)['\u2019]s|\b(?P<word>my|our|your|his|her|their))"
    r"\s+(?:[\w-]+\s+){0,2}$",
    re.IGNORECASE,
)


#: Prepositions before a person in a phrase ("propose to Hana", "dinner with Ana").
_PERSON_PREPOSITIONS = frozenset(lexicon.words_of("to with for from at of about by"))


def _speaker_said_as_me(name: str, sentence: segment.Sentence) -> tuple[str, ...]:
    """The speaker's name, when the phrase names the speaker of the sentence's turn and the
    sentence says them in the same role by the first person: "Hana's pottery class" as "My
    pottery class started last week" in Hana's turn, "the dinner with Ana" as "dinner with
    me", "Tom visit Ana" as "Tom visited me". The "my" must stand before the owned noun
    (the last word after the possessive, before any function word; up to two words
    between), the "me" right after the preposition or the verb the name follows."""
    speaker = sentence.speaker or ""
    if not re.fullmatch(r"[A-Z][\w'-]*", speaker) or speaker.lower() in _NON_WITNESS_SPEAKERS:
        return ()
    said = re.search(rf"(?<![\w'-]){re.escape(speaker)}(?P<s>['\u2019]s)?(?![\w-])", name)
    if said is None or said.start() == 0 and not said["s"]:
        return ()  # the phrase's doer, not another role: judged as the subject
    text = sentence.text
    if said["s"]:
        after = [w for _, _, w in lexicon.words(name[said.end() :])]
        # the owned noun: the last word before a function word ("Hana's pottery class",
        # "Ana's trip to Kyoto")
        head = list(itertools.takewhile(lambda w: not lexicon.is_stop(w.lower()), after))
        if not head:
            return ()
        owned = head[-1]
        toks = [w for _, _, w in lexicon.words(text)]
        persons = lexicon.FEMALE_PERSONS | lexicon.MALE_PERSONS | lexicon.ANY_PERSONS
        for i, w in enumerate(toks):
            if w.lower() != "my":
                continue
            for j, x in enumerate(toks[i + 1 : i + 4]):
                between = toks[i + 1 : i + 1 + j]
                if any(b.endswith(("'s", "\u2019s")) or b.lower() in persons for b in between):
                    break  # "my friend's pottery class" is the friend's
                if lexicon.key(x.lower()) == lexicon.key(owned.lower()):
                    return (speaker.lower(),)
        return ()
    before = [w for _, _, w in lexicon.words(name[: said.start()])]
    if not before:
        return ()
    lead = before[-1].lower()
    if lead in _PERSON_PREPOSITIONS:
        told = re.search(rf"\b{re.escape(lead)}\s+me\b", text, re.IGNORECASE)
        return (speaker.lower(),) if told else ()
    if words_module.verb_lemma(lead) is None:
        return ()
    for m in re.finditer(r"\b([A-Za-z]+)\s+me\b", text):
        if lexicon.key(m.group(1).lower()) == lexicon.key(lead):
            return (speaker.lower(),)
    return ()


def _kin_told_by_name(
    text: str,
    asked: tuple[str, str] | None,
    names: frozenset[str] | None,
    model: align.PhraseModel,
) -> tuple[str, ...]:
    """The kin word of a phrase that asks for someone's relative ("Jonas's brother pass his
    driving test") when the sentence names the one the notes call so (:mod:`kin`: "my
    brother Felix" said elsewhere; "Felix passed his driving test on Tuesday") and does not
    say the kin itself. For a deed, only a sentence that tells its verb: the identity says
    whose deed it is, not which ("Priti called on Tuesday" tells no flight of hers)."""
    if asked is None or not names:
        return ()
    word = asked[1]
    if re.search(rf"\b{re.escape(word)}\b", text, re.IGNORECASE):
        return ()
    verb = kin.asked_deed(model.phrase.text)
    if verb is not None and all(lexicon.key(w.lower()) != verb for _, _, w in lexicon.words(text)):
        return ()
    if any(re.search(rf"\b{re.escape(n)}\b", text) for n in names):
        return (word,)
    return ()


def _another_owner(
    phrase: EventPhrase,
    model: align.PhraseModel,
    sentence: segment.Sentence,
    m: align.Match,
    kin_named: frozenset[str] | None = None,
) -> str:
    """ "When were Rosa's photos in the show?" is not told by Rosa's "Ivo's photos were in the
    show yesterday": the phrase names an owner, and the sentence gives the head noun another
    one — another name's possessive, in the owner's own turn "his", "her", "your" or
    "their", in another speaker's turn "my" or "our". Empty when it does not."""
    owner = _POSSESSOR.match(phrase.text)
    if owner is None:
        return ""
    name = owner["name"].split()[0]
    # the owned noun: the phrase's head, else the word right after the possessive
    owned = model.head_key or lexicon.key(phrase.text[owner.end() - 1 :].split()[0].lower())
    heads = [
        start
        for token, start, _, r in m.matched
        if token.key == owned and r == 1.0 and start < len(sentence.text)
    ]
    if not heads:
        return ""
    found = _OWNER_BEFORE.search(sentence.text[: heads[0]])
    if found is None:
        return ""
    own_turn = (sentence.speaker or "").lower() == name.lower()
    word = (found["word"] or "").lower()
    if found["name"] and kin_named and found["name"] in kin_named:
        return ""  # "Ana's wedding" for "Maya's sister's wedding": the notes call Ana so
    if found["name"] and found["name"] != name:
        return f"the {phrase.text.split()[-1]} is {found['name']}'s, not {name}'s"
    if own_turn and word in ("your", "his", "her", "their"):
        return f"'{word}' in {name}'s own words: another owner's"
    if not own_turn and word in ("my", "our"):
        return f"'{word}' in another speaker's words: not {name}'s"
    return ""


#: A sentence that opens by taking back what was just said, after a filler ("Well, a
#: correction: …", "Oh, sorry, I mean …") or a lead naming the thing ("About the driving
#: test: actually …"). The bare apologies and interjections (``weak``) open other sentences
#: as often ("Sorry, I was out yesterday"): only the next sentence of the same turn reads
#: them as a correction.
_CORRECTION = lazyre.compile(
    r"\s*(?:(?:well|oh|ah|um|uh|hmm|ok|okay|so|and|but|no(?!\W+wait\b)|that\s+one|hang\s+on)\W+)*"
    r"(?:(?P<strong>actually|(?:a\s+)?correction|no\s+wait|wait,?\s+no|i\s+mean(?!\s+to\b)|"
    r"i\s+meant(?!\s+to\b)|scratch\s+that|or\s+rather|make\s+that|let\s+me\s+correct|"
    r"i\s+was\s+wrong|my\s+mistake|my\s+bad|i\s+misspoke|"
    r"i\s+(?:got|had)\s+(?:that|it|this|the\s+(?:day|date))\s+wrong|"
    r"sorry,?\s+(?:i\s+mean|i\s+meant|my\s+mistake|correction)(?!\s+to\b))"
    r"|(?P<weak>sorry|oops|wait))\b|(?P<bare_no>no\s*,)",
    re.IGNORECASE,
)
#: "I said Friday last time, it was Thursday": the speaker names the time they take back.
_SAID_TIME = lazyre.compile(
    r"\b(?:i|we)\s+(?:said|told\s+you|wrote|mentioned)\s+(?:it\s+was\s+)?(?:on\s+)?"
    r"(?P<said>[^,.;:!?]{1,30}?)\s*(?:last\s+time|earlier|before|the\s+other\s+day)?\s*"
    r"(?:[,;:\u2014\u2013-]|\bbut\b)",
    re.IGNORECASE,
)
#: A lead before a correction cue that names what it is about: "About the test: …".
_ABOUT_LEAD = lazyre.compile(
    r"\s*(?:about|re|regarding|on)\s+[^.,:;!?]{1,40}[:,\u2014\u2013-]\s*", re.IGNORECASE
)


#: A correction inside a sentence, after a time it takes back: "…on Monday, sorry, I mean
#: Tuesday", "…last Saturday, no wait, it was Sunday", "…yesterday, or rather on Monday",
#: "…on Wednesday, no, it was Thursday" (a bare "no" is a cue with its comma or dash).
_CORRECTION_INSIDE = lazyre.compile(
    r"(?:[,;:(]|\.\.\.|\u2026|\s[-\u2013\u2014])\s*(?:(?:sorry|oops|correction|wait|no\s+wait|"
    r"i\s+mean|i\s+meant|or\s+rather|make\s+that|scratch\s+that|actually|my\s+mistake)\b|"
    r"no\s*[,;:\u2014\u2013-])",
    re.IGNORECASE,
)


#: A time disputed or hedged after it by another the writer or someone offers instead: a
#: contrast ("but", "though", "unless", "or", "if not"), words of belief or doubt, and a
#: frame that puts another time ("it was", "was it", "it might have been", "maybe"):
#: "…, but I think it was the end of March", "…, though I'm fairly sure it was last week",
#: "… — or was it the 4th?", "…, unless it was Saturday", "…, or maybe Tuesday".
_DISPUTE = lazyre.compile(
    r"[\s,;:(\u2014\u2013-]*(?:(?P<contrast>\b(?:but|though|although|unless|yet|or|"
    r"then\s+again|mind\s+you)\b)?[\s,]*(?P<lead>(?:[\w'\u2019]+\s+){0,6}?)"
    r"(?P<frame>\bit\s+(?:was|were|might|may|could|must|would)(?:\s+(?:well\s+)?have\s+been|"
    r"\s+be)?\b|\bit['\u2019]s\b|\bwas\s+it\b|\b(?:might|may|could)\s+have\s+been\b|"
    r"\b(?:maybe|perhaps|possibly|probably)\b)|(?P<bare>\b(?:or|if\s+not)\b))",
    re.IGNORECASE,
)
_BELIEF = lazyre.compile(
    r"\b(?:think|thinks|thought|reckon\w*|believe\w*|sure|certain|positive|convinced|say|"
    r"says|said|insist\w*|swear\w*|swore|claim\w*|remember\w*|recall\w*|maybe|perhaps|"
    r"possibly|probably|might|could|guess|suppose|wonder\w*)\b",
    re.IGNORECASE,
)
#: The date itself doubted, no other given: "…, but I'm not sure of the day", "…, though I
#: might be wrong", "Not sure that was the right day."
_DOUBTED_DATE = lazyre.compile(
    r"[\s,;:(\u2014\u2013-]*(?:(?:but|though|although|and)\s+)?(?:"
    r"(?:i'?m|i\s+am|we'?re|we\s+are)?\s*not\s+(?:so\s+|entirely\s+|completely\s+|100%\s+)?"
    r"(?:sure|certain|positive)\s+(?:about|of|on|it\s+was)\s+(?:the|that|which|what)\s+"
    r"(?:\w+\s+)?(?:date|day|week|month|time)"
    r"|(?:i|we)\s+(?:might|may|could)\s+(?:be|have\s+been)\s+wrong\s+about\s+(?:the|that)\s+"
    r"(?:date|day|week|month|time)"
    r"|(?:i|we)\s+(?:can'?t|cannot|don'?t|do\s+not)\s+(?:quite\s+|really\s+)?remember\s+"
    r"(?:which|what|the\s+exact)\s+(?:date|day|week|month))\b",
    re.IGNORECASE,
)
#: What may stand between a dispute's frame and the other time it offers.
_BEFORE_OTHER_TIME = lazyre.compile(
    r"[\s,]*(?:(?:actually|really|probably|maybe|perhaps|possibly|definitely|more\s+like|"
    r"closer\s+to|nearer|on|in|at|during|around|about|rather)\s*,?\s*)*",
    re.IGNORECASE,
)


def _correction_cue(
    text: str, expression: str, *, strong: bool, said_only: bool = False
) -> int | None:
    """Where the correction's own words start in a sentence that takes a time back (None
    when it does not): after an opening cue of :data:`_CORRECTION` (``strong``: no bare
    apology), behind a lead that names the thing ("About the test: actually, …"), or after
    "I said <the cited time>" (``said_only``: only that)."""
    said = _SAID_TIME.search(text)
    if said is not None and said["said"].strip().lower() == expression.strip().lower():
        return said.end()
    if said_only:
        return None
    lead = _ABOUT_LEAD.match(text)
    for at in (0, lead.end()) if lead else (0,):
        cue = _CORRECTION.match(text, at)
        if cue is not None and (cue["strong"] or not strong):
            return cue.end()
    return None


def _bare_time(expression: str) -> str:
    """A time expression without its leading preposition, in lower case ("on Wednesday"
    -> "wednesday"), as a later note names the time it takes back."""
    return re.sub(r"^(?:on|in|at|during|by)\s+", "", expression.strip().lower())


#: Verbs too light to tell which event a correction speaks of.
_LIGHT_KEYS = frozenset(["get", "go", "have", "do", "be", "make", "say", "mean", "think", "wrong"])


def _content_keys(
    text: str, start: int, end: int, mentions: Sequence[timefind.Mention]
) -> frozenset[str]:
    """The word keys of ``text[start:end]`` that can tell one event from another: no
    function word, light verb, number or the words of a time."""
    blanks = [(m.start, m.end) for m in mentions]
    out = set()
    for a, b, w in words_module.tokens(text[start:end]):
        if any(x <= start + a < y for x, y in blanks) or not w[:1].isalpha() or len(w) < 3:
            continue
        low = w.lower()
        if low in words_module.FUNCTION_WORDS:
            continue
        k = words_module.key(low)
        if k not in _LIGHT_KEYS and k not in words_module.FUNCTION_WORDS:
            out.add(k)
    return frozenset(out)


def _next_of_same_speaker(unit: _Unit, sentence: segment.Sentence) -> segment.Sentence | None:
    """The sentence after ``sentence`` when the same speaker says it under the same heading
    (a correction or a dispute of its time can stand there)."""
    sentences = unit.seg.sentences
    index = sentence.index + 1
    if sentence.heading is not None or index >= len(sentences):
        return None
    nxt = sentences[index]
    if nxt.heading is not None or nxt.speaker != sentence.speaker:
        return None
    return nxt


#: A correction that only restates the time: "No, it was on the 9th", "Actually, it was
#: Thursday", "Sorry, that was last Sunday" — a cue, a pro-form, the time next.
_RESTATED = lazyre.compile(
    r"\s*(?:no|actually|sorry|correction|no\s+wait|wait,?\s+no)\s*[,:\u2014\u2013-]?\s*"
    r"(?:it|that)\s+was\s+(?:actually\s+)?(?:on\s+|in\s+)?",
    re.IGNORECASE,
)
#: The same inside the sentence, right after the time it takes back: "…on Wednesday, no,
#: it was Thursday the 30th", "…last Saturday - sorry, it was Sunday".
_RESTATED_INSIDE = lazyre.compile(
    r"\s*(?:[,;:]|\s[-\u2013\u2014])\s*(?:no|actually|sorry|correction|no\s+wait|wait,?\s+no)"
    r"\s*[,:\u2014\u2013-]?\s*(?:it|that)\s+was\s+(?:actually\s+)?(?:on\s+|in\s+)?",
    re.IGNORECASE,
)
#: What may end a restating correction after its time: its sentence's end, or a clause of
#: its own after a semicolon, colon or dash ("…; the 2nd was when they rang").
_RESTATED_END = lazyre.compile(r"\s*(?:[.!,]|[;:\u2014\u2013]|\s-\s|$)")


_HEDGED_FRAME = lazyre.compile(
    r"was|maybe|perhaps|possibly|probably|might|may|could", re.IGNORECASE
)
_DAY_ORDINAL = lazyre.compile(r"(?:the\s+)?(?:[12]?\d|3[01])(?:st|nd|rd|th)\b", re.IGNORECASE)


def _disputes(cue: re.Match[str]) -> bool:
    """Does the matched frame dispute the time before it? A contrast ("but", "unless",
    "or") opens it, words of belief or doubt lead to it ("Ana thinks it was"), or it asks
    or hedges ("was it", "maybe"); a bare "It was <time>" restates, it does not dispute."""
    if cue["bare"]:
        return True
    return bool(cue["contrast"] or _BELIEF.search(cue["lead"]) or _HEDGED_FRAME.match(cue["frame"]))


def _offers_time(text: str, at: int, mentions: list[timefind.Mention]) -> bool:
    """Does a time start right at ``at`` (past a few filler words): the other time a
    dispute offers ("…it was the end of March"), not a time of another clause ("but it was
    delivered on Friday")?"""
    gap = _BEFORE_OTHER_TIME.match(text, at)
    near = gap.end() if gap else at
    if _DAY_ORDINAL.match(text, near):
        return True  # "…or was it the 4th?": a day of the month the engine reads only after "on"
    return any(at <= m.start <= near + 4 for m in mentions)


def _covers(outer: tuple[datetime, datetime, str], inner: tuple[datetime, datetime, str]) -> bool:
    """A vague window that holds a precise one does not contradict it."""
    return outer[0] <= inner[0] and inner[1] <= outer[1]


def _phrase_subject(phrase: EventPhrase, frame: QuestionFrame) -> str | None:
    """Whose event a phrase names: "Bertrand's race" is Bertrand's even in "How many days
    after Bertrand's race did Aiyana go camping?", and so is "Bertrand ran the relay" (a
    clause with its own named subject), "my anniversary" the asker's; otherwise the
    question's subject."""
    m = _POSSESSOR.match(phrase.text)
    if m and m["name"].split()[0] not in ("I", "My", "The", "A", "An", "This", "That"):
        return m["name"]
    if phrase.doer and phrase.doer == phrase.text and re.fullmatch(r"[A-Z][\w'-]+", phrase.doer):
        return phrase.doer  # "who graduated first among Emma, Rachel and Alex": Emma's deed
    named = lexicon.named_doer(phrase.text)
    if named:
        return named  # "Tom ran the half marathon" in a question about Priya is Tom's
    if re.match(r"(?:my|our)\s", phrase.text, re.IGNORECASE):
        return None  # "my anniversary" in a question about Rachel is the asker's own
    return frame.subject


def _referred_back(
    unit: _Unit, sentence: segment.Sentence, model: align.PhraseModel, asked: str | None = None
) -> tuple[tuple[str, ...], int | None]:
    """Words of the event's name that the sentence says only through a personal pronoun.

    "I'm planning a dinner for my sister. … I got her a necklace last weekend": "her" can
    stand for "sister" said in one of the two sentences before, in the same paragraph and
    by the same speaker, when the pronoun agrees with it (:func:`lexicon.pronoun_can_mean`).
    Returns those words and where the quote must then start; nothing when the sentence has
    no such pronoun."""
    if sentence.heading is not None:
        return (), None
    pronouns = {
        w.lower()
        for _, _, w in lexicon.words(sentence.text)
        if w.lower() in lexicon.PERSONAL_PRONOUNS
    }
    own = {lexicon.key(w.lower()) for _, _, w in lexicon.words(sentence.text)}
    if not pronouns:
        described = _described_back(unit, sentence, model, own)
        if described[0]:
            return described
        thing = _thing_referred_back(unit, sentence, model, own, asked)
        if thing[0]:
            return thing
        if asked is not None:
            left = _object_left_to_the_question(sentence, model, own, asked)
            if left:
                return left, None
        before = _sentences_before(unit, sentence)
        if before:
            left = _object_left_to_the_sentence_before(sentence, model, own, before[0].text)
            if left:
                return left, before[0].start
        return (), None
    found: list[str] = []
    start: int | None = None
    for previous in _sentences_before(unit, sentence):
        for _, _, word in lexicon.words(previous.text):
            k = lexicon.key(word.lower())
            if k not in model.own_keys or k in own or word.lower() in found:
                continue
            if any(
                lexicon.pronoun_can_mean(p, word, capitalised=word[:1].isupper()) for p in pronouns
            ):
                found.append(word.lower())
                start = previous.start
    if not found and pronouns & _ONE_PERSON_PRONOUNS:
        named = _only_name_before(unit, sentence, asked)
        if named is not None:
            word, start = named
            k = lexicon.key(word.lower())
            if k in model.own_keys and k not in own:
                return (word.lower(),), start
    return tuple(found), start


#: What leaves someone named out of a "we": "Lea couldn't come", "without her", "stayed".
_LEFT_OUT = lazyre.compile(
    r"\b(?:not|never|without|except|stayed|instead|apart\s+from)\b|n't\b", re.IGNORECASE
)
#: A first person plural: the speaker and others.
_WE = lazyre.compile(r"\b(?:we|us|our|ours|ourselves)\b", re.IGNORECASE)
#: What makes a "we" the two speakers of a chat.
_BOTH_OF_US = lazyre.compile(
    r"\b(?:you\s+and\s+(?:me|i)|(?:me|i)\s+and\s+you|both\s+of\s+us|the\s+two\s+of\s+us|"
    r"together)\b",
    re.IGNORECASE,
)
#: What makes a verb told with no object something less or else than the thing asked.
_TAKEN_BACK = lazyre.compile(
    r"\b(?:but|only|instead|though|although|not|never|almost|nearly)\b|n't\b", re.IGNORECASE
)
#: The people a "when did A and B …" question joins: "Maya and Lea", "Tomas and I".
_JOINED = lazyre.compile(
    r"\b(?:did|do|does|have|has|had)\s+(?P<people>[A-Z][\w-]*(?:\s*,\s*[A-Z][\w-]*)*"
    r"(?:\s+and\s+(?:[A-Z][\w-]*|I)))\s"
)


def _partners(question: str, frame: QuestionFrame) -> tuple[str, ...]:
    """The people a question joins to its subject ("When did Maya and Lea go …" gives
    ("Lea",) for the subject Maya; "When did Tomas and I …" gives ("Tomas",)); none for any
    other question."""
    if frame.form != "when did A and B V X":
        return ()
    m = _JOINED.search(question)
    if m is None:
        return ()
    names = [n for n in re.split(r"\s*,\s*|\s+and\s+", m["people"]) if n]
    subject = (frame.subject or "").lower()
    return tuple(n for n in names if n != "I" and n.lower() != subject)


#: The pronouns of one person or animal, whose gender a name need not tell.
_ONE_PERSON_PRONOUNS = frozenset(lexicon.words_of("he him his she her hers"))


def _only_name_before(
    unit: _Unit, sentence: segment.Sentence, asked: str | None
) -> tuple[str, int | None] | None:
    """The one name said before a personal pronoun, with where the quote must start (None
    when it is in the other speaker's question before the turn): "We adopted Mochi! … brought
    him home" — a pet's or a nickname's gender is in no word table. With two names ("Juno
    and Kiki?" — "We groomed her") either may be meant, and None is returned."""
    first = next(
        m.start()
        for m in re.finditer(r"\b\w+\b", sentence.text)
        if m.group(0).lower() in lexicon.PERSONAL_PRONOUNS
    )
    names = _names_said_before(unit, sentence, first, asked)
    if len(names) != 1:
        return None
    word, start = next(iter(names.items()))
    return word, None if start in (sentence.start, _ANOTHER_TURN) else start


def _names_said_before(
    unit: _Unit, sentence: segment.Sentence, upto: int, asked: str | None = None
) -> dict[str, int]:
    """The names (lower-cased) said nearest before ``upto`` in ``sentence``, with where the
    text naming them starts: the capitalised words (no function word, time word or
    speaker's name) of the sentence up to ``upto``, else of the one or two sentences before
    it in the turn, else of the question closing the turn before (``asked``; start
    ``_ANOTHER_TURN``). Only the nearest text that names anyone counts: what a pronoun or a
    "we" may take in."""
    from prme_cli.timeexpr import lexicon as lx

    texts = [(sentence.text[:upto], sentence.start)]
    texts += [(p.text, p.start) for p in _sentences_before(unit, sentence)]
    if asked is not None:
        texts.append((asked, _ANOTHER_TURN))
    speakers = {(unit.seg.speaker or "").lower(), (sentence.speaker or "").lower()}
    names: dict[str, int] = {}
    for text, start in texts:
        for i, (_, _, word) in enumerate(lexicon.words(text)):
            low = word.lower()
            if not word[:1].isupper() or low in words_module.FUNCTION_WORDS or low in speakers:
                continue
            if low in lx.WEEKDAYS or low in lx.MONTHS or low in lx.UNITS or low == "i":
                continue
            if (
                i == 0
                and (lemmas := words_module.lemmas(low))
                and not ({"NOUN", "PROPN"} & set(lemmas))
            ):
                continue  # "Lovely. …": a sentence's first word, no name
            names.setdefault(low, start)
        if names:
            break
    return names


#: A thing pronoun: "it", or "one" right after a verb ("I got one from my aunt").
_THING_PRONOUN = lazyre.compile(r"\b(?:it|one)\b", re.IGNORECASE)
#: The words that open a noun phrase a thing pronoun may stand for.
_PHRASE_DETERMINERS = frozenset(lexicon.words_of("a an the my our this his her their your its"))
#: A phrase opened by one of these is someone else's thing: "it" after it is not the
#: writer's ("… showed me her new bike, and I rode it").
_OTHERS_DETERMINERS = frozenset(lexicon.words_of("his her their your its"))
#: Describing words that are function words elsewhere but stay inside a noun phrase.
_PHRASE_ADJECTIVES = frozenset(["new", "old", "own", "other", "same"])
_PHRASE_BREAK = lazyre.compile(r"[,.;:!?()\[\]\"]|\s[-\u2013\u2014]+\s")


def _noun_phrases(text: str) -> list[tuple[str, list[str]]]:
    """The noun phrases of ``text`` that a determiner or a possessive opens ("my new rice
    cooker", "a cast iron skillet", "the quilt"), in order: the opening word and the
    phrase's words, the head last. A phrase ends at punctuation, a function word ("the quilt for my niece"
    is "the quilt" and "my niece") or a word that can only be a verb."""
    out: list[tuple[str, list[str]]] = []
    found = lexicon.words(text)
    i = 0
    while i < len(found):
        _, end, word = found[i]
        i += 1
        if word.lower() not in _PHRASE_DETERMINERS:
            continue
        taken: list[str] = []
        noun_seen = False
        while i < len(found) and len(taken) < 5:
            a, b, nxt = found[i]
            low = nxt.lower()
            if _PHRASE_BREAK.search(text[end:a]):
                break
            if low in words_module.FUNCTION_WORDS and low not in _PHRASE_ADJECTIVES:
                break
            if noun_seen and _opens_a_time(low, found[i + 1][2] if i + 1 < len(found) else ""):
                break  # "the mural last Sunday", "the lamp yesterday": a time ends the phrase
            lemmas = words_module.lemmas(low.removesuffix("'s"))
            known = bool(lemmas) and nxt[:1].islower()
            if known and not ({"NOUN", "PROPN", "ADJ"} & set(lemmas)):
                break  # "I bought it": a verb ends the phrase
            if known and noun_seen and not ({"NOUN", "PROPN"} & set(lemmas)):
                break  # "a brass floor lamp online": a describing word after the noun
            noun_seen = noun_seen or not known or bool({"NOUN", "PROPN"} & set(lemmas))
            taken.append(nxt)
            end = b
            i += 1
        if taken and taken[-1].lower() not in _PHRASE_ADJECTIVES:
            out.append((word.lower(), taken))
    return out


_DAY_WORDS = frozenset(lexicon.words_of("yesterday today tonight tomorrow"))


def _opens_a_time(word: str, following: str) -> bool:
    """Does ``word`` (then ``following``) open a time expression after a noun: a day or
    month name, "yesterday", or "last"/"this"/"next" before a calendar word ("the mural
    last Sunday")?"""
    from prme_cli.timeexpr import lexicon as lx

    if word in lx.WEEKDAYS or word in lx.MONTHS or word in _DAY_WORDS:
        return True
    nxt = following.lower()
    return word in lx.RELATIONS and (
        nxt in lx.WEEKDAYS or nxt in lx.MONTHS or nxt in lx.UNITS or nxt in lx.PARTS
    )


def _is_person_or_time(phrase: list[str]) -> bool:
    """A phrase "it" cannot stand for: a person ("my niece", "my friend Sam") or a time
    ("this morning", "the weekend")."""
    from prme_cli.timeexpr import lexicon as lx

    head = phrase[-1].lower().removesuffix("'s")
    if head in lx.UNITS or head in lx.PARTS or head in lx.WEEKDAYS or head in lx.MONTHS:
        return True
    persons = lexicon.ANY_PERSONS | lexicon.FEMALE_PERSONS | lexicon.MALE_PERSONS
    return any(w.lower().removesuffix("'s") in persons | lexicon.PLURAL_PERSONS for w in phrase)


def _thing_referred_back(
    unit: _Unit,
    sentence: segment.Sentence,
    model: align.PhraseModel,
    own: set[str],
    asked: str | None = None,
) -> tuple[tuple[str, ...], int | None]:
    """Words of the event's name that the sentence says only through "it" or "one".

    "I'm having trouble with my new rice cooker. I bought it two weeks ago": "it" stands for
    the thing the nearest noun phrase before it names — earlier in the sentence, else in
    the one or two sentences before (same paragraph, same speaker) — leaving out people and
    times ("for my niece", "this morning"). Only that phrase: when another thing was named
    after the asked one ("… the blender and a new toaster. I bought it …") "it" is the other
    thing and nothing is returned. The phrase's head must be a word of the event's name; its
    words of the name are returned with where the quote must start, as for a person.

    In a reply that opens its turn, the question closing the other speaker's turn before
    (``asked``, see ``SymbolicResolver._asked_before``) comes after the reply's own sentences:
    "How was the driving test?" — "I failed it on Tuesday." Its thing must be the answerer's
    or nobody's ("the", "a", "your"), never the asker's ("my bike") or a third's; the quote
    stays in the reply's own turn."""
    if sentence.heading is not None:
        return (), None
    pronoun = None
    for m in _THING_PRONOUN.finditer(sentence.text):
        if m.group(0).lower() == "one" and not _pronoun_one(sentence.text, m):
            continue
        pronoun = m
        break
    if pronoun is None:
        return (), None
    texts = [(sentence.text[: pronoun.start()], sentence.start)]
    texts += [(p.text, p.start) for p in _sentences_before(unit, sentence)]
    nearest = _nearest_thing(tuple(texts))
    if nearest is None and asked is not None:
        named = _ASKED_NAME.search(asked)
        nearest = (
            ("", (named["name"],), _ANOTHER_TURN)  # "Did you decide about Kalymnos?"
            if named
            else _nearest_thing(((asked, _ANOTHER_TURN),))
        )
    if nearest is None:
        return (), None
    opening, phrase, start = nearest
    if opening in (_ASKERS_DETERMINERS if start == _ANOTHER_TURN else _OTHERS_DETERMINERS):
        return (), None
    if _is_plural(phrase[-1]):
        return (), None  # "it" is one thing: "the concert tickets ... I booked it"
    keys = [lexicon.key(w.lower().removesuffix("'s")) for w in phrase]
    if keys[-1] not in model.own_keys or keys[-1] in own:
        return (), None
    parts = [p for w in phrase for p in re.split(r"[-/]", w.lower().removesuffix("'s")) if p]
    found = tuple(p for p in parts if (k := lexicon.key(p)) in model.own_keys and k not in own)
    return found, start if start not in (sentence.start, _ANOTHER_TURN) else None


#: ``start`` of the question turn's text among a pronoun's texts: not in the record.
_ANOTHER_TURN = -1
#: A question that closes on a name after a preposition: "Did you decide about Kalymnos?"
_ASKED_NAME = lazyre.compile(r"\b(?:about|with|of|on|for|from|to)\s+(?P<name>[A-Z][\w-]+)\s*\?\s*$")
#: In the other speaker's question, "your" is the answerer's; these are the asker's or a
#: third's ("How's my bike?" — "I fixed it" fixed the asker's bike).
_ASKERS_DETERMINERS = frozenset(lexicon.words_of("my our his her their its"))
#: A first-person verb told with no object after it: "I started last Wednesday", "We
#: booked on Monday", "I finally did on Friday".
_VERB_WITHOUT_OBJECT = lazyre.compile(
    r"^(?:[a-z]+,\s*)?(?:i|we)\s+(?:(?:finally|just|already|actually|eventually)\s+)?"
    r"(?P<verb>[a-z]+)(?=\s*(?:[,.;:!?]|$)|\s+(?:on|last|this|yesterday|today|in|at|a|"
    r"two|three|four|five|six|earlier|after|before|as|early|late)\b)",
    re.IGNORECASE,
)


def _object_left_to_the_question(
    sentence: segment.Sentence, model: align.PhraseModel, own: set[str], asked: str
) -> tuple[str, ...]:
    """Words of the event's name a reply leaves to the question it answers by telling its
    verb with no object: "And the pottery course?" — "I started last Wednesday". The verb
    must be the name's own (its key), told by "I" or "we" opening the sentence (after at
    most a word like "Yes,") and followed by a time, a preposition or the sentence's end
    ("I took up running, I started on Monday" has a thing of its own); the object is the question's last noun phrase, the
    answerer's or nobody's, whose head is a word of the name the reply does not say."""
    verb = model.verb_key
    if verb is None:
        return ()
    told = next(
        (
            m
            for m in _VERB_WITHOUT_OBJECT.finditer(sentence.text)
            if lexicon.key(m["verb"].lower()) == verb
        ),
        None,
    )
    if told is None or _TAKEN_BACK.search(sentence.text):
        return ()  # "I ran on Sunday, but only 10k": what was done is not the thing asked
    phrases = [(d, p) for d, p in _noun_phrases(asked) if not _is_person_or_time(p)]
    if not phrases or phrases[-1][0] in _ASKERS_DETERMINERS:
        return ()
    phrase = phrases[-1][1]
    keys = [lexicon.key(w.lower().removesuffix("'s")) for w in phrase]
    if keys[-1] not in model.own_keys or keys[-1] in own:
        return ()
    parts = [p for w in phrase for p in re.split(r"[-/]", w.lower().removesuffix("'s")) if p]
    return tuple(p for p in parts if (k := lexicon.key(p)) in model.own_keys and k not in own)


#: A sentence that is only a past verb with its time, the doer "I" or "we" or left out:
#: "Started Monday.", "We finally moved in on the 3rd", "Collected it on Thursday" is not
#: one (its "it" is read by :func:`_thing_referred_back`).
_BARE_PAST_DEED = lazyre.compile(
    r"^(?:(?:yes|so|and|well|ok|okay),?\s+)?(?:(?:i|we)\s+)?"
    r"(?:(?:finally|just|already|actually|eventually)\s+)?(?P<verb>[a-z]+)(?P<rest>[^,;:!?.]*)",
    re.IGNORECASE,
)
#: What may follow such a verb besides its time: the preposition of the time, "as planned".
_AFTER_A_BARE_DEED = frozenset(
    lexicon.words_of("on at in last this the of as planned finally then already just")
)


#: A third person in the sentence before, whose deed a verb with no doer may go on telling:
#: a pronoun of theirs, or a capitalised word after the sentence's first (outside the thing).
_THIRD_PERSON = lazyre.compile(
    r"\b(?:he|she|they|him|her|them|his|hers|their|theirs)\b", re.IGNORECASE
)
_CAPITALISED = lazyre.compile(r"(?<=\S\s)[A-Z][\w'-]*")


def _object_left_to_the_sentence_before(
    sentence: segment.Sentence, model: align.PhraseModel, own: set[str], before: str
) -> tuple[str, ...]:
    """Words of the event's name a speaker leaves to the sentence just before, by telling
    the verb with no object: "First week at the brewery done. Started Monday and I already
    smell like malt." The sentence must open with the name's own verb in the past ("Start
    Monday" is a plan), after at most "I" or "we", and say nothing else before its first
    comma, "and" or stop but a time and its preposition; the object is the last noun phrase
    of the sentence before, no person or time and nobody else's ("his", "your"), whose head
    is a word of the name the sentence does not say."""
    from prme_cli import timeexpr

    verb = model.verb_key
    m = _BARE_PAST_DEED.match(sentence.text.strip())
    if verb is None or m is None or lexicon.key(m["verb"].lower()) != verb:
        return ()
    low = m["verb"].lower()
    if low == lexicon.lemma(low) or _TAKEN_BACK.search(sentence.text):
        return ()  # not told in the past ("start", "put"), or taken back ("but only …")
    rest = re.split(r"\band\b", m["rest"], maxsplit=1)[0]
    times = timeexpr.find_expressions(rest)
    if not times:
        return ()
    for a, b, _ in reversed(times):
        rest = rest[:a] + " " + rest[b:]
    if any(w.lower() not in _AFTER_A_BARE_DEED for _, _, w in lexicon.words(rest)):
        return ()  # "Started Monday on the sequel": a thing of its own
    phrases = [(d, p) for d, p in _noun_phrases(before) if not _is_person_or_time(p)]
    if not phrases or phrases[-1][0].lower() in _OTHERS_DETERMINERS:
        return ()
    phrase = phrases[-1][1]
    names = {w for w in _CAPITALISED.findall(before) if w not in phrase}
    first = lexicon.words(before)[:1]
    if first and first[0][2][:1].isupper() and first[0][2] not in phrase:
        known = words_module.lemmas(first[0][2].lower())
        if first[0][2].lower() not in words_module.FUNCTION_WORDS and (
            not known or "PROPN" in known
        ):
            names.add(first[0][2])  # "Tomas loved …": a name opens the sentence
    if _THIRD_PERSON.search(before) or names:
        return ()  # "Tomas loved his week at the brewery. Started Monday.": his start
    keys = [lexicon.key(w.lower().removesuffix("'s")) for w in phrase]
    if keys[-1] not in model.own_keys or keys[-1] in own:
        return ()
    parts = [p for w in phrase for p in re.split(r"[-/]", w.lower().removesuffix("'s")) if p]
    return tuple(p for p in parts if (k := lexicon.key(p)) in model.own_keys and k not in own)


def _is_plural(word: str) -> bool:
    """ "shoes", "tickets": a dictionary noun whose lemma drops an "s" (a name is one)."""
    low = word.lower()
    return word[:1].islower() and low.endswith("s") and words_module.lemma(low) != low


@lru_cache(maxsize=4096)
def _nearest_thing(texts: tuple[tuple[str, int], ...]) -> tuple[str, tuple[str, ...], int] | None:
    """The nearest noun phrase that is no person or time in ``texts`` (the sentence up to
    the pronoun, then the sentences before it, nearest first, with where each starts): its
    opening word, its words and where its text starts. Kept per texts: every phrase of a
    question asks the same sentences."""
    for text, start in texts:
        phrases = [(d, p) for d, p in _noun_phrases(text) if not _is_person_or_time(p)]
        if phrases:
            opening, words_ = phrases[-1]
            if len(phrases) > 1 and _modifies(text, phrases[-2][1], opening, words_):
                # "the dinghy from the harbour ad": one phrase, whose head is the first
                # ("it" is the dinghy); its words kept with that head last
                opening, words_ = phrases[-2][0], [*words_, *phrases[-2][1]]
            named = _named_modifier(text, words_[-1])
            return opening, (*named, *words_), start
    return None


def _named_modifier(text: str, head: str) -> tuple[str, ...]:
    """The capitalised name a modifying preposition ties to the phrase ending at ``head``
    ("the flat on Agricola Street", "the job at Kestrel"): words of the same thing, given
    before the head so that the head stays last."""
    m = re.search(
        rf"\b{re.escape(head)}\s+(?:{_MODIFYING_PREPOSITIONS})\s+"
        r"(?P<name>[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*){0,2})",
        text,
    )
    return tuple(m["name"].split()) if m else ()


#: Prepositions that tie a noun phrase to the thing before it as its modifier: "the dinghy
#: from the ad", "the lid of the jar", "the flat on Elm Street".
_MODIFYING_PREPOSITIONS = "from|of|in|at|on|with"


def _modifies(text: str, head: list[str], opening: str, phrase: list[str]) -> bool:
    """Does the phrase ``opening phrase`` follow the phrase ending ``head`` right after one
    of :data:`_MODIFYING_PREPOSITIONS` (no comma, verb or other word between)?"""
    return (
        re.search(
            rf"\b{re.escape(head[-1])}\s+(?:{_MODIFYING_PREPOSITIONS})\s+"
            rf"{re.escape(opening)}\s+{re.escape(phrase[0])}\b",
            text,
            re.IGNORECASE,
        )
        is not None
    )


def _pronoun_one(text: str, m: re.Match[str]) -> bool:
    """ "I got one from my aunt": "one" after a verb, with no noun after it ("got one
    ticket" is a number; "no one", "one of", "at one" are no thing said again)."""
    before = text[: m.start()].split()
    if not before or "VERB" not in words_module.lemmas(before[-1].lower().strip(",")):
        return False
    after = text[m.end() :].split()
    if not after or not after[0][:1].isalpha():
        return True
    nxt = after[0].lower().strip(".,;:!?")
    return nxt in words_module.FUNCTION_WORDS or nxt in ("last", "this", "yesterday")


#: Verbs of taking part in an event: any deed done at or during it tells them (keys).
_TAKING_PART = frozenset(
    lexicon.key(w) for w in ("participate", "attend", "join", "take", "go", "do", "be", "have")
)
_DEFINITE = lazyre.compile(r"\bthe\s+((?:[\w'-]+\s+){0,3}?[\w'-]+)\b", re.IGNORECASE)


def _described_back(
    unit: _Unit, sentence: segment.Sentence, model: align.PhraseModel, own: set[str]
) -> tuple[tuple[str, ...], int | None]:
    """Words of the event's name that a definite description leaves to the paragraph.

    "I'm looking for decorative items for my living room. Since I rearranged the furniture
    three weeks ago, …": "the furniture" is the one the paragraph is about, so the name's
    describing words ("living room") said in one of the two sentences before — same
    paragraph, same speaker — are the thing's. Only describing words: the verb must be the
    sentence's own (a plan before "the X" does not make it a deed), and the description
    must name one of the name's words itself ("the furniture", "the Turbocharged Tuesdays
    event"). Returns the words and where the quote must start, as for a pronoun."""
    described: set[str] = set()
    for m in _DEFINITE.finditer(sentence.text):
        described_words = [w for _, _, w in lexicon.words(m.group(1))]
        keys = {lexicon.key(w.lower()) for w in described_words}
        if not keys & model.own_keys:
            apposed = _apposed(unit, sentence, m, model)
            if apposed is not None:
                return apposed
            continue
        names = {lexicon.key(w.lower()) for w in described_words if w[:1].isupper()}
        if names - model.own_keys or re.match(r"\s+of\b", sentence.text[m.end() :]):
            # "the Dublin race", "the museum of the city": a thing described its own way
            continue
        described |= keys
    if not (described & model.own_keys):
        return (), None
    verb = model.verb_key
    if (
        verb is not None
        and verb not in _TAKING_PART
        and not any(lexicon.relatedness(verb, k) >= 0.6 for k in own)
    ):
        # the sentence tells another deed on the thing ("I ran the race" is not "signed up
        # for the race"); any deed at an event is taking part in it
        return (), None
    wanted = model.own_keys - own - {verb}
    if not wanted:
        return (), None
    found: list[str] = []
    start: int | None = None
    for previous in _sentences_before(unit, sentence):
        for _, _, word in lexicon.words(previous.text):
            k = lexicon.key(word.lower())
            if k in wanted and word.lower() not in found:
                found.append(word.lower())
                start = previous.start
    return tuple(found), start


#: "my new laptop, a Dell XPS 13": a thing's noun and, set beside it, its name.
_APPOSITION = lazyre.compile(
    r"\b(?:my|our)\s+(?:(?:new|old|first|own)\s+)?(?P<head>[a-z][\w-]*),\s+"
    r"(?:(?:a|an|the)\s+)?(?P<name>[A-Z][\w-]*(?:\s+[A-Z0-9][\w-]*){0,3})"
    r"(?=\s*[,.?!;:]|\s*$|\s+(?:on|in|for|to|from|at|is|was|and|arrived|came)\b)"
)
#: A name set in a list ("an iPad Air and a Galaxy Tab S9"): not one thing's name.
_LISTED_NAME = lazyre.compile(r"\s*,?\s*(?:and|or)\s+(?:(?:a|an|the)\s+)?[A-Z]")


def _apposed(
    unit: _Unit, sentence: segment.Sentence, definite: re.Match[str], model: align.PhraseModel
) -> tuple[tuple[str, ...], int | None] | None:
    """The name a definite description stands for by an apposition said just before.

    "Which adapters suit my new laptop, a Dell XPS 13? I pre-ordered the laptop on January
    28th, and it arrived on February 25th": "the laptop" is the Dell, so the name's words are
    the sentence's (the quote then starts at the apposition, so the gate reads both). Only
    when the identity is unique: the noun is said once before the description, in the
    apposition itself, in the one or two sentences before (same paragraph and speaker) or
    earlier in the sentence — two laptops named, or another laptop said between, leave "the
    laptop" unresolved — and the name is not one of a list. The name must be the event's."""
    described = [w for _, _, w in lexicon.words(definite.group(1))]
    if len(described) != 1 or not described[0][:1].islower():
        return None
    head = lexicon.key(described[0].lower())
    texts = [(p.text, p.start) for p in reversed(_sentences_before(unit, sentence))]
    texts.append((sentence.text[: definite.start()], sentence.start))
    found: list[tuple[str, int]] = []
    mentions = 0
    for text, start in texts:
        mentions += sum(1 for _, _, w in lexicon.words(text) if lexicon.key(w.lower()) == head)
        for a in _APPOSITION.finditer(text):
            if lexicon.key(a["head"].lower()) != head:
                continue
            if _LISTED_NAME.match(text, a.end()):
                return None
            found.append((a["name"], start))
    if len(found) != 1 or mentions != 1:
        return None
    name, start = found[0]
    name_words = re.findall(r"[\w']+", name)  # "X-T5" as the question's words: x, t5
    keys = {lexicon.key(w.lower()) for w in name_words}
    if not keys <= model.own_keys:
        return None
    return tuple(w.lower() for w in name_words), start


#: A sentence that names what the one before told of: "Named him Biscuit.", "We called
#: her Luna.", "She's called Pip." — the name in capitals.
_NAMING = lazyre.compile(
    r"^(?:(?:we|i|and)\s+)?(?:named|called|christened)\s+(?:him|her|it|them)\s+"
    r"(?P<name>[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)?)\s*[.!]?$"
    r"|^(?:he|she|it)(?:'s|\s+is)\s+called\s+(?P<called>[A-Z][\w'-]*)\s*[.!]?$",
    re.IGNORECASE,
)


#: A start told with no object: "I started on Monday as planned.", "We began yesterday
#: from the north gate" — what started is the thing the sentence before told of.
_BARE_START = lazyre.compile(
    r"\b(?:i|we)\s+(?:(?:finally|only|just|officially|actually)\s+)?(?:started|began)"
    r"(?=\s*(?:$|[.,!;]|(?:on|last|yesterday|today|this|in|at|as|from|right)\b))",
    re.IGNORECASE,
)
#: Past forms that tell no deed of their own in the sentence before ("We were back from …").
_NO_DEED_PAST = frozenset({"was", "were", "had", "did"})


def _start_of_the_thing_before(
    unit: _Unit, sentence: segment.Sentence, model: align.PhraseModel
) -> tuple[tuple[str, ...], int | None]:
    """Words of the event's name that a bare start leaves to the sentence before: "First
    week at the council done! I started on Monday as planned." started at the council;
    "We're back from the Rwenzori! We started on Monday from the north gate" started the
    Rwenzori trip. Only for a start asked, a start verb with no object, and a sentence just
    before (same paragraph and speaker) that tells no deed of its own in the past — "My
    sister joined a choir. I started on Monday" leaves open what I started. Returns the
    words and where the quote must start, as for a pronoun."""
    if "start" not in model.aspects or sentence.heading is not None:
        return (), None
    if _BARE_START.search(sentence.text) is None:
        return (), None
    before = _sentences_before(unit, sentence)[:1]
    if not before:
        return (), None
    previous = before[0]
    said = [w for _, _, w in lexicon.words(previous.text)]
    if any(
        words_module.is_simple_past(w) and w.lower() not in _NO_DEED_PAST
        for w in said
        if w[:1].islower()
    ):
        return (), None
    own = {lexicon.key(w.lower()) for _, _, w in lexicon.words(sentence.text)}
    found = tuple(
        dict.fromkeys(
            w.lower()
            for w in said
            if lexicon.key(w.lower()) in model.own_keys and lexicon.key(w.lower()) not in own
        )
    )
    return (found, previous.start) if found else ((), None)


#: A naming clause later in the sentence, by the writer: "She's about two and I named her
#: Clover.", "It needs paint, so we've called it Osprey." — the name in capitals, ending its
#: clause.
_NAMING_CLAUSE = lazyre.compile(
    r"(?:,|;|\b(?i:and|so))\s+(?i:i|we)(?:(?i:'ve|\u2019ve|\s+have))?\s+"
    r"(?i:named|called|christened)\s+(?i:him|her|it|them)\s+"
    r"(?P<name>[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)?)\s*(?:[.!]\s*)?$"
)
#: What the words before the naming may tell without bringing in another thing the pronoun
#: could stand for: measures ("about a year old", "a bit shy").
_MEASURE_NOUNS = frozenset(
    [
        "year",
        "years",
        "month",
        "months",
        "week",
        "weeks",
        "day",
        "days",
        "bit",
        "little",
        "lot",
        "couple",
    ]
)
#: A noun phrase that may be another referent: an indefinite one ("a puppy"), a possessed
#: one ("my sister"), or a name inside the sentence.
_ANOTHER_REFERENT = lazyre.compile(
    r"\b(?i:a|an|another|some|one|two|three|my|our|his|her|their|your)\s+(?P<noun>[\w'-]+)"
    r"|(?<=\s)(?P<name>[A-Z][a-z][\w'-]*)"
)


def _naming_clause(text: str) -> str | None:
    """The name a writer's naming clause gives, after another clause of its sentence ("He's
    shy, and we named him Rocket."), when nothing said before it in the sentence could be
    what its pronoun stands for — an indefinite or possessed noun ("My sister got a puppy
    and we named him Rex") or another name — so that the pronoun is the thing the previous
    sentence told of. A naming by someone else ("… and the staff named her Pip") is none."""
    stripped = text.strip()
    m = _NAMING_CLAUSE.search(stripped)
    if m is None:
        return None
    for other in _ANOTHER_REFERENT.finditer(stripped[: m.start()]):
        if other["noun"] is None or other["noun"].lower() not in _MEASURE_NOUNS:
            return None
    return m["name"]


def _named_next(
    unit: _Unit, sentence: segment.Sentence, model: align.PhraseModel
) -> tuple[tuple[str, ...], int | None]:
    """The name the next sentence of the paragraph gives the thing or animal this one tells
    of ("We adopted a rescue greyhound today! Named him Biscuit."): words of the event's
    name the sentence says only through that naming, and where the quote must end."""
    if sentence.heading is not None:
        return (), None
    index = sentence.index + 1
    if index >= len(unit.seg.sentences):
        return (), None
    nxt = unit.seg.sentences[index]
    gap = unit.record.text[sentence.end : nxt.start]
    if nxt.heading is not None or "\n\n" in gap or nxt.speaker != sentence.speaker:
        return (), None
    m = _NAMING.match(nxt.text.strip())
    name = (m["name"] or m["called"]) if m is not None else _naming_clause(nxt.text)
    if name is None:
        return (), None
    own = {lexicon.key(w.lower()) for _, _, w in lexicon.words(sentence.text)}
    found = tuple(
        w.lower()
        for _, _, w in lexicon.words(name)
        if lexicon.key(w.lower()) in model.own_keys and lexicon.key(w.lower()) not in own
    )
    return (found, nxt.end) if found else ((), None)


_NODE_PRONOUNS = {
    "she": lexicon.FEMALE_PERSONS,
    "her": lexicon.FEMALE_PERSONS,
    "he": lexicon.MALE_PERSONS,
    "his": lexicon.MALE_PERSONS,
    "him": lexicon.MALE_PERSONS,
}


#: The packed record of a file's own node (an org-roam node: ``source: …/x.org:1``).
_FILE_NODE = lazyre.compile(r"^source: .+\.org:1$", re.MULTILINE)


def _title_start(unit: _Unit) -> int:
    """Where the record's first heading (an org-roam node's title) starts in its text."""
    return unit.seg.headings[0].start if unit.seg.headings else 0


def _person_node_pronoun(
    unit: _Unit, sentence: segment.Sentence, subject: str | None, problems: list[str]
) -> list[str] | None:
    """The problems to drop when ``sentence`` sits in an org-roam node about ``subject``
    (a file's own node with an ``:ID:``, titled by that person's name: "Priya Nair" for
    "Priya") and tells of them only through "she"/"her" (or "he"/"his"): the node's entries
    are about its title person. Not when the sentence names anyone else or speaks as "I" or
    "we", nor in a chat turn (a heading below the file's own node)."""
    if not subject or sentence.heading is not None or not unit.seg.headings:
        return None
    record = unit.record
    title = record.text[unit.seg.headings[0].title_start : unit.seg.headings[0].title_end]
    name = subject.split()
    if (
        not _FILE_NODE.search(record.text)
        or not re.search(r"^:PROPERTIES:\n(?:.*\n)*?:ID:", record.text, re.MULTILINE)
        or unit.seg.headings[0].level != 1
        or len(unit.seg.headings) != 1
        or title.split()[: len(name)] != name
        or not all(w[:1].isupper() for w in title.split())
        or words_module.lemmas(name[0].lower())
    ):
        return None
    told = re.sub(r"[<\[]\d{4}-\d{2}-\d{2}[^\]>\n]*[\]>]", " ", sentence.text)
    said = [w for _, _, w in lexicon.words(told)]
    pronouns = {w.lower() for w in said} & set(_NODE_PRONOUNS)
    others = [
        w
        for w in said
        if w[:1].isupper()
        and w.lower() not in _NODE_PRONOUNS
        and w not in name
        and w != "I"
        and not words_module.lemmas(w.lower())
    ]
    if not pronouns or others or re.search(r"\b(?:I|we)\b", sentence.text):
        return None
    if [w for w in _people_named_before(unit, sentence) if w not in name]:
        return None  # "coffee with Tom and her. He started at the bank": "He" may be Tom
    wanted = {
        f"the sentence does not name {subject}",
        *(f"the doer is '{w}', not {subject}" for w in said if w.lower() in pronouns),
    }
    found = [p for p in problems if p in wanted]
    return found or None


def _people_named_before(unit: _Unit, sentence: segment.Sentence) -> list[str]:
    """The names said in the sentences just before ``sentence`` (:func:`_names_said_before`)
    that stand as a noun phrase of their own — punctuation, a function word or another
    capitalised word goes on after them ("with Tom and her", "walked with Sam."), unlike a
    word that describes the noun after it ("the Ethiopian place"): who a "he" or "she" of
    ``sentence`` may be."""
    said = _names_said_before(unit, sentence, 0)
    texts = " ".join(p.text for p in _sentences_before(unit, sentence))
    found = list(lexicon.words(texts))
    out = []
    for i, (_, end, w) in enumerate(found):
        if w.lower() not in said or w.lower() in _NODE_PRONOUNS:
            continue
        after = found[i + 1][2] if i + 1 < len(found) else ""
        alone = not after or re.match(r"\s*[,.;:!?)]", texts[end:]) is not None
        if alone or after.lower() in lexicon.STOP_WORDS or after[:1].isupper():
            out.append(w)
    return out


def _sentences_before(unit: _Unit, sentence: segment.Sentence) -> list[segment.Sentence]:
    """The one or two sentences just before ``sentence`` in its paragraph and said by the
    same speaker, nearest first: where a pronoun's or a description's words may be."""
    out: list[segment.Sentence] = []
    later = sentence
    for back in (1, 2):
        index = sentence.index - back
        if index < 0:
            break
        previous = unit.seg.sentences[index]
        gap = unit.record.text[previous.end : later.start]
        if previous.heading is not None or "\n\n" in gap or previous.speaker != sentence.speaker:
            break
        out.append(previous)
        later = previous
    return out


#: The meanings of a note's day that date a deed told as done (a journal deed, a recent
#: "just", present-perfect news, a verbless entry): never a plan's date.
_DEED_MEANINGS = frozenset(
    {
        timefind.JOURNAL_DEED,
        timefind.RECENT_DEED,
        timefind.NEWS_DEED,
        timefind.ENTRY_DEED,
    }
)


def _told_in_the_past(clause: str) -> bool:
    """Does the clause hold a finite verb in the past ("Took the exam this afternoon")? Its
    "today" or "this afternoon" then dates something done, not something planned."""
    from prme_cli import clauses

    return any(t.past and t.finite for t in clauses.tokens(clause))


_STATE_SINCE = lazyre.compile(r"\b(?:for|since)\s+\S", re.IGNORECASE)


#: A heading title that opens with a calendar day or an inactive org stamp and goes on in
#: words ("2032-05-19 Boiler service", "[2039-04-21 Thu 14:00] Call with Hamid", the way an
#: org-capture template "* %U %?" files a meeting); a datetree day names only a weekday
#: after it.
_TITLE_DATE = lazyre.compile(
    r"(\d{4}-\d{2}-\d{2}|\[\d{4}-\d{2}-\d{2}[^\]\n]*\])(?:[ \t]*[:,-])?[ \t]+"
    r"(?!(?i:monday|tuesday|wednesday|thursday|friday|saturday|sunday)[ \t]*$)(?=\S)"
)


def _title_date(
    record: EvidenceRecord,
    heading: segment.Heading,
    model: align.PhraseModel,
    request: ResolveRequest,
    tz: tzinfo,
) -> timefind.Mention | None:
    """The day a heading's title opens with, dating the event its title names (a log kept
    as one dated heading per event). Like an appointment stamp it tells when the event was,
    not when it started, finished or was planned; a day after the note is not a deed's."""
    title = record.text[heading.title_start : heading.title_end]
    m = _TITLE_DATE.match(title)
    if m is None or model.aspects & {"start", "finish", "plan", "order", "receive"}:
        return None
    at = heading.title_start + m.start(1)
    found = [
        x
        for x in timefind.sentence_mentions(
            record,
            heading.title_start,
            heading.title_end,
            question_date=request.question_date,
            tz=tz,
        )
        if x.start == at and x.end == at + len(m.group(1)) and x.window is not None
    ]
    if not found or found[0].window is None:
        return None
    if timefind.grain_rank(found[0].window[2]) > timefind.grain_rank("day"):
        return None  # "2032-05 Garden": a month names no day of the event
    if found[0].window[0] > request.question_date:
        return None
    return replace(found[0], quote_start=heading.title_start, quote_end=heading.title_end)


def _entry_title_date(
    unit: _Unit,
    heading: segment.Heading,
    request: ResolveRequest,
    tz: tzinfo,
    name: str,
) -> timefind.Mention | None:
    """The journal day dating an entry heading's own title: under a datetree or
    org-journal day (or in a daily file) one heading per note is the way people log what
    they did — "**** 08:40 Signed the lease on the flat", "** 18:30 Farah's book launch".
    The title is read as a sentence of the entry (the same licences as its body: a past
    deed of the writer's, or a verbless phrase naming what happened), so a task, a title
    with an org stamp of its own, a plan or a title of another person's deed dates nothing."""
    record = unit.record
    if (
        not unit.seg.headings
        or unit.seg.headings[0] is not heading
        or heading.facts
        or heading.todo is not None
        or not interpret.is_journal_entry(record)
    ):
        return None
    for mention in timefind.sentence_mentions(
        record,
        heading.title_start,
        heading.title_end,
        question_date=request.question_date,
        tz=tz,
        name=name,
    ):
        if mention.kind != "licence" or mention.window is None:
            continue
        if mention.window[0] > request.question_date:
            return None
        return mention
    return None


#: Why a deed the note's day would date is not dated: the writer says its time is unknown.
TIME_TOLD_UNKNOWN = "the writer says its time is unknown ('no idea when', 'at some point')"


def _time_told_unknown(record: EvidenceRecord, start: int, end: int) -> bool:
    """Does the writer say the time of the deed told in ``record.text[start:end]`` is unknown,
    there or in the next sentence (:func:`prme_cli.relate.interpret.time_told_unknown`)?"""
    return interpret.time_told_unknown(
        record.text[start:end], record.text[end:], journal=interpret.is_journal_entry(record)
    )


def _implied(sentence: segment.Sentence) -> tuple[str, ...]:
    """A DONE heading says its title was finished (done, completed) without the words; a
    state told in the present perfect with its length or its start ("I've been working at
    the bakery for two months now", "… since March") says when it started."""
    heading = sentence.heading
    if heading is not None and (
        heading.done
        if heading.done is not None
        else (heading.todo or "").upper() in segment.DONE_KEYWORDS
    ):
        return ("finished", "completed")
    perfect = interpret.PERFECT_STATE.search(sentence.text)
    if perfect is not None and _STATE_SINCE.search(sentence.text, perfect.end()):
        return ("started", "began")
    if _log_entry_of_a_thing(sentence.text):
        return ("got", "had")
    return ()


#: A line over a table that says its rows are not (yet) done or only hoped for.
_NOT_DONE_CAPTION = lazyre.compile(
    r"\b(?:not|never|no|yet|still|until|unless|if|hope|hoped|want|wanted|should|would|"
    r"could|might|maybe|next|coming|soon)\b|n't\b",
    re.IGNORECASE,
)
#: A cell that is an amount ("20.0", "44:30"): its column's header is its unit ("km").
_AMOUNT_CELL = lazyre.compile(r"\d+(?:[.,:]\d+)?")


def _row_context(record: EvidenceRecord, sentence: segment.Sentence) -> tuple[str, ...]:
    """The words a table row says without writing them: the headers of its dated columns
    ("| crop | sown | where |": the row's crop was sown) and of its amounts ("| km |" over
    "20.0"), and the title of the heading the table sits under ("* Long runs": each row is
    a run) or the line that introduces it ("Firings in the gas kiln so far this year:"). A
    sentence that is no data row of a table with a header row says none."""
    if sentence.heading is not None:
        return ()
    row = org.table_row(record.text, sentence.text)
    if row is None:
        return ()
    said = [
        w
        for cell, header in zip(row.cells, row.header, strict=False)
        if _AMOUNT_CELL.fullmatch(cell) or re.search(r"\d{4}-\d{2}-\d{2}", cell)
        for w in re.findall(r"[A-Za-z][\w'-]*", header)
    ]
    caption = org.table_caption(record.text, sentence.text)
    if _NOT_DONE_CAPTION.search(caption) or _lists_plans(caption):
        caption = ""  # "Mugs glazed but not fired yet:": its rows are not done
    title = f"{record.title or ''} {caption}"
    said += re.findall(r"[A-Za-z][\w'-]*", re.sub(r"[<\[][^>\]]*[>\]]", " ", title))
    return tuple(w for w in said if not lexicon.is_stop(w.lower()))


#: A log entry: an org stamp opening a list item or a table row, then its text.
_LOG_ENTRY = lazyre.compile(
    r"^[<\[]\d{4}-\d{2}-\d{2}[^\]>\n]*[\]>][\s|:,\\-]*(?P<first>[A-Za-z][\w'-]*)"
)


def _took_no_part(unit: _Unit, sentence: segment.Sentence, m: align.Match, name: str) -> str:
    """Why the sentence does not date the writer's attendance the name asks ("go to
    Priya's wedding"), or "": its clause names the occasion with no deed of the writer's
    ("Priya's wedding today.") and the rest of the sentence or the next one says the
    writer took no part ("I couldn't go, stuck in bed with flu."); for a heading, its own
    body says so ("Missed it, flight delayed"). The reading is the shared one
    (:mod:`prme_cli.denial`); the event itself keeps its day ("When was Priya's
    wedding?" asks no attendance)."""
    attending = denial.attendance(name)
    if attending is None:
        return ""
    text = unit.record.text
    heading = sentence.heading
    if heading is not None:
        title = text[heading.title_start : heading.title_end]
        if denial.writer_is_doer(title):
            return ""
        said = denial.body_absence(text[heading.start :], title, attending)
        return f"the writer says they took no part: '{said}'" if said else ""
    a, b = m.clause
    clause = sentence.text[a:b]
    said = denial.absence(clause, attending.words, remote_is_part=attending.seeing)
    if not said and denial.writer_is_doer(clause):
        return ""  # "Went to Priya's wedding today. Missed the first dance."
    beside = [sentence.text[:a], sentence.text[b:]]
    sentences = unit.seg.sentences
    following = sentences[sentence.index + 1] if sentence.index + 1 < len(sentences) else None
    if following is not None and following.heading is None:
        beside.append(following.text)
    said = said or denial.absence(
        "\n".join(beside), attending.words, remote_is_part=attending.seeing
    )
    return f"the writer says they took no part: '{said}'" if said else ""


def _log_entry_of_a_thing(text: str) -> bool:
    """ "| [2032-05-14 Fri] | new tyres, all four |", "- [2032-03-02] haircut": a dated log
    entry naming a thing, with no verb, says the writer got or had it that day (the light
    verbs only: what was done to it is not said)."""
    from prme_cli import words

    m = _LOG_ENTRY.match(text)
    if m is None:
        return False
    told = [w.lower() for _, _, w in words.tokens(text[m.start("first") :])]
    return not any(
        words.is_simple_past(w) or w.endswith("ing") or w in ("i", "we", "he", "she", "they")
        for w in told
    )


_PRO_FORM = lazyre.compile(
    r"^(?:(?:and|but|so)\s+)?(?:(?:i|we)\s+(?:did|finished|started|managed|got|had)\s+"
    r"(?:it|that|this|them)(?:\s+(?:done|finished))?|(?:it|that|this)\s+(?:was|happened))\b",
    re.IGNORECASE,
)


#: What may follow the time of a sentence made of a time alone: nothing, a word like
#: "finally", or a clause of time or reason that hangs on the sentence before ("Yesterday,
#: before I could change my mind.").
_FRAGMENT_REST = lazyre.compile(
    r"\s*(?:,?\s*(?:finally|at\s+last|in\s+the\s+end|after\s+all))?\s*"
    r"(?:,\s*(?:before|after|while|when|once|because|since|just\s+before|right\s+after)\b"
    r"[^.!?]*)?[.!]*\s*$",
    re.IGNORECASE,
)


#: What may stand before that time: "On Friday, finally.", "And yesterday, at last."
_FRAGMENT_OPENING = lazyre.compile(r"\s*(?:(?:and|so)\s+)?(?:on\s+)?", re.IGNORECASE)


def _time_fragment(text: str) -> int | None:
    """A sentence made of a time and no clause of its own ("Yesterday, before I could
    change my mind.", "On Friday, finally."): the time of the sentence before it. Where
    that time ends when it is one; None for a time that opens a clause ("Yesterday, my
    sister called"), a hedge ("Tuesday, I think") or a question."""
    from prme_cli import timeexpr

    try:
        spans = timeexpr.find_expressions(text)
    except Exception:  # noqa: BLE001 - the finder is conservative; unsure means no time
        return None
    if not spans or "?" in text or not _FRAGMENT_OPENING.fullmatch(text[: spans[0][0]]):
        return None
    if not _FRAGMENT_REST.fullmatch(text[spans[0][1] :]):
        return None
    return int(spans[0][1])


#: A deed's object that is an event: after the verb, an optional particle or preposition,
#: then a noun phrase of up to five words, or "it"/"there" for an event just named.
_DEED_OBJECT = lazyre.compile(
    r"^\s*(?:(?:up|along|out|over|round|down|back)\s+)?(?:(?:to|at|for|into|in)\s+)?"
    r"(?P<np>(?:[\w'\u2019-]+\s+){0,4}?[\w'\u2019-]+)?(?=\s*(?:$|[,;.!?]|\b(?:with|and|"
    r"after|before|on|at|in|for|from|to|until|till|by|but)\b))",
    re.IGNORECASE,
)


def _event_object(after: str) -> str | None:
    """The event a deed is done at, from the words after its verb ("to the opening with
    Ravi" -> opening, "it after work" -> it, "there with Mum" -> there, "it to the launch"
    -> launch): an occasion noun (:func:`lexicon.is_occasion`) heading the object, or a
    pro-form; None for any other thing."""
    made_it = re.match(r"\s*it\s+(?:to|in\s+time\s+for)\s+", after, re.IGNORECASE)
    if made_it:
        after = after[made_it.end() :]  # "made it to the launch"
    found = _DEED_OBJECT.match(after)
    if found is None or not found["np"]:
        return None
    np = found["np"].split()
    if len(np) == 1 and np[0].lower() in ("it", "there"):
        return np[0].lower()
    head = np[-1]
    return head.lower() if lexicon.is_occasion(head) else None


def _names_an_occasion(sentence: segment.Sentence, at: int) -> bool:
    """Does the clause holding sentence offset ``at`` name an occasion ("The regatta was
    held on Saturday", "the launch was last Friday")?"""
    a, b = _clause_around(sentence, at)
    return any(lexicon.is_occasion(w) for _, _, w in lexicon.words(sentence.text[a:b]))


def _clause_around(sentence: segment.Sentence, at: int) -> tuple[int, int]:
    """The clause of the sentence that holds offset ``at`` (sentence offsets)."""
    for a, b in segment.clauses(sentence.text):
        if a <= at < b:
            return a, b
    return 0, len(sentence.text)


#: A sentence opening by telling that news reached the speaker: "They told me", "The
#: email came", "The agent rang", "I heard", "We found out", "I got the call".
_NEWS_CAME = lazyre.compile(
    r"^(?:(?:and|so)\s+)?(?:(?:they|he|she|(?:the|my|our)\s+[a-z]+|[A-Z][a-z]+)\s+"
    r"(?:told|called|rang|phoned|emailed|e-mailed|texted|wrote|messaged|let)(?:\s+(?:me|us))?"
    r"(?:\s+know)?|(?:the|an|their)\s+(?:email|e-mail|letter|call|news|message|text|results?|"
    r"confirmation)\s+(?:came(?:\s+through|\s+in)?|arrived|landed)|(?:i|we)\s+(?:heard|found\s+out|"
    r"got\s+(?:the|their|an?)\s+(?:call|email|e-mail|news|letter|message|text)))\b",
    re.IGNORECASE,
)
#: Words after the news verb that make it news of another thing.
_NEWS_OF_ANOTHER = lazyre.compile(r"\b(?:that|about|whether|if|how|what|why)\b", re.IGNORECASE)
#: An outcome the speaker received rather than did: a participle after "got"/"was" ("got
#: promoted", "got accepted", "was offered"), another's act of acceptance ("They accepted
#: the offer", "They offered me the role"), or a post won ("I got the job").
_RECEIVED = lazyre.compile(
    r"\b(?:got|gotten|was|were|been)\s+(?:finally\s+|officially\s+)?[a-z]+(?:ed|en)\b(?!\s+(?:to|at|in)\b)"
    r"|\b(?:they|he|she|[A-Z][a-z]+)\s+(?:accepted|approved|offered|hired|promoted|picked|chose|"
    r"selected|took)\b|\b(?:[Ii]|[Ww]e)\s+(?:got|landed|won)\s+(?:the|a|an|my|our)\s+(?:[a-z]+\s+)?"
    r"(?:job|offer|place|role|post|position|part|grant|scholarship|promotion|contract|visa)\b",
)


def _pro_form_clause(sentence: segment.Sentence, clause: tuple[int, int]):
    """The clause right after ``clause`` when it opens by referring back to it ("I did it",
    "that was"): its start and end and the end of the pro-form, in record offsets; else
    None."""
    spans = segment.clauses(sentence.text)
    if clause not in spans:
        return None
    index = spans.index(clause)
    if index + 1 >= len(spans):
        return None
    a, b = spans[index + 1]
    pro = _PRO_FORM.match(sentence.text[a:b])
    if pro:
        return sentence.start + a, sentence.start + b, sentence.start + a + pro.end()
    return None


def _named_thing(model: align.PhraseModel) -> str | None:
    """The key of the thing a light verb's name does ("have a *picnic* at my sister's",
    "take the *ferry*"): its head noun, else the first content word after the light verb."""
    if model.head_key is not None:
        return model.head_key
    if model.verb_key is not None:
        return None
    keys = [t.key for t in model.tokens if not t.verb and not t.anchor]
    return keys[0] if keys else None


def _deed_in_another_clause(
    sentence: segment.Sentence,
    m: align.Match,
    mentions: list[timefind.Mention],
    head_key: str | None = None,
) -> str:
    """ "My aunt turned eighty on the 6th, and we had dinner at hers that Sunday", asked
    "when did I have dinner at my aunt's": the clause the match centres on (the aunt's) holds
    none of the name's verbs, another clause tells the deed ("had dinner") with a time of its
    own. The first clause's time is another event's; the deed's is the other clause's, read
    there or not at all — so the sentence does not date the event by its focus. Empty when
    the focused clause tells a verb of the name or holds no time, or no other clause both
    tells one and holds a time. A name whose verb is light ("have a picnic") is told by its
    head noun (``head_key``)."""
    spans = segment.clauses(sentence.text)
    if m.clause not in spans:
        return ""
    verbs = [(at, t) for t, at, _, r in m.matched if t.verb and r == 1.0]
    if not verbs and head_key is not None:
        # a light verb's deed is named by its head noun ("have a picnic at my sister's")
        verbs = [(at, t) for t, at, _, r in m.matched if t.key == head_key and r == 1.0]
    a, b = m.clause
    if not verbs or any(a <= at < b for at, _ in verbs):
        return ""
    if not any(sentence.start + a <= x.start < sentence.start + b for x in mentions):
        return ""  # "Bought the car today: a used Skoda": the focus gives no time to take
    for c, d in spans:
        if (c, d) == m.clause or not any(c <= at < d for at, _ in verbs):
            continue
        timed = [x for x in mentions if sentence.start + c <= x.start < sentence.start + d]
        if timed:
            return f"the deed is told in another clause than its focus, at '{timed[0].expression}'"
    return ""


def _shared_clause(sentence: segment.Sentence, m: align.Match) -> tuple[int, int] | None:
    """The clause next to the event's own that also holds an anchor word of the event's
    name (a title, a name, a quoted word), in record offsets; None otherwise."""
    spans = segment.clauses(sentence.text)
    if m.clause not in spans:
        return None
    index = spans.index(m.clause)
    for near in (index - 1, index + 1):
        if 0 <= near < len(spans):
            a, b = spans[near]
            if any(t.anchor and a <= at < b and r == 1.0 for t, at, _, r in m.matched):
                return sentence.start + a, sentence.start + b
    return None


def _retold_in_relative(
    sentence: segment.Sentence,
    focus: int,
    model: align.PhraseModel,
    mentions: list[timefind.Mention],
) -> str:
    """ "I just finished the novel, which I had to rush to finish for the meeting two weeks
    ago": a relative clause that tells the event's own verb again, with a time of its own,
    puts the event at another time than the main clause does — the sentence does not date
    it at one time. Empty when no relative clause does so."""
    verbs = {t.key for t in model.tokens if t.verb}
    if not verbs:
        return ""
    for a, b in interpret.relative_clauses(sentence.text):
        start, end = sentence.start + a, sentence.start + b
        if start <= focus < end:
            continue
        keys = {lexicon.key(w.lower()) for _, _, w in lexicon.words(sentence.text[a:b])}
        timed = [x for x in mentions if start <= x.start < end]
        if keys & verbs and timed:
            return (
                f"a relative clause tells the event again at '{timed[0].expression}': the "
                "sentence gives it two times"
            )
    return ""


def _same_side_of_relative(
    mentions: list[timefind.Mention], sentence: segment.Sentence, focus: int
) -> list[timefind.Mention]:
    """ "Gave Aoife the scarf I knitted last week": a time inside a relative clause dates the
    relative clause's event, a time outside it the main one; keep the mentions on the side
    of the event's words (``focus``, a record offset)."""
    spans = [
        (sentence.start + a, sentence.start + b)
        for a, b in interpret.relative_clauses(sentence.text)
    ]
    if not spans:
        return mentions
    inside = next(((a, b) for a, b in spans if a <= focus < b), None)
    if inside is None:
        return [x for x in mentions if not any(a <= x.start < b for a, b in spans)]
    return [x for x in mentions if inside[0] <= x.start < inside[1]]


def _other_end_clause(
    sentence: segment.Sentence, mention: timefind.Mention, model: align.PhraseModel
) -> str:
    """ "I finished the course today, long after starting it": the time stands in a clause
    that tells the other end of the event (finishing, for a start asked), while the asked
    aspect is told only elsewhere — the time is that other end's. Empty when it is not."""
    wanted = model.aspects & {"start", "finish"}
    if not wanted or sentence.heading is not None or mention.meaning == timefind.FINISHED_SPAN:
        return ""  # a finish's length counts back to the start: it belongs to the finish
    at = mention.start - sentence.start
    from prme_cli import clauses

    for piece in clauses.split(sentence.text):
        a, b = piece.start, piece.end
        if a <= at < b:
            told = lexicon.aspect_in_words([w for _, _, w in lexicon.words(sentence.text[a:b])])
            clash = set().union(*(lexicon.ASPECT_CLASHES.get(x, frozenset()) for x in wanted))
            if told & clash & {"start", "finish"} and not told & wanted:
                return (
                    f"'{mention.expression}' stands in the clause that tells the "
                    f"{'/'.join(sorted(told & clash))}, not the {'/'.join(sorted(wanted))}"
                )
            return ""
    return ""


def _fronted_clause(sentence: segment.Sentence, clause: tuple[int, int]):
    """A clause made only of a fronted time adverbial ("Yesterday, I went …", "On March 3,
    we …") dates the clause after it. Returns its span in record offsets, or None."""
    spans = segment.clauses(sentence.text)
    index = spans.index(clause) if clause in spans else -1
    if index <= 0:
        prefix = sentence.text[: clause[0]]
        if not prefix.strip():
            return None
        a, b = 0, clause[0]
    else:
        a, b = spans[index - 1]
    piece = sentence.text[a:b]
    words = [
        w
        for w in piece.replace(",", " ").split()
        if w.lower()
        not in (
            "by",
            "the",
            "way",
            "so",
            "and",
            "well",
            "oh",
            "actually",
            "anyway",
            "also",
            "then",
            "but",
        )
    ]
    if 0 < len(words) <= 5:
        return sentence.start + a, sentence.start + b
    return None


def _recent_licence_fits(
    mention: timefind.Mention,
    text: str,
    m: align.Match,
    sentence: segment.Sentence,
    model: align.PhraseModel,
) -> timefind.Mention:
    """A recent-past "just" dates only the event its verb tells: the asked event's own verb
    ("just finished the novel" for finishing it, "just got a kayak" for buying one), or a
    verb of coming back ("just got back from the fair") with the event after it. Any other
    verb ("I just realised I had lost the keys") leaves the asked event undated."""
    if not mention.covers:
        return mention
    inside = [
        (t, s0, e0, r)
        for t, s0, e0, r in m.matched
        if mention.start <= sentence.start + s0 < mention.end
    ]
    if any(r > 0 for *_, r in inside) and any(t.key in model.own_keys for t, *_ in inside):
        return mention
    focus = sentence.start + m.focus
    if lexicon.reports_return(text[mention.start : mention.end + 12]) and focus >= mention.end:
        return mention
    if _use_started(model.phrase, text[mention.start : sentence.end]):
        return mention  # "Bought the blue boots": the wearing of them starts there
    if _governs_the_named_thing(mention, text, m, sentence, model):
        return mention  # "Ran my first 10k race": the race asked about, done
    if _opens_or_closes(mention, text, sentence, model):
        return mention  # "Started The Overstory on the train": the reading's start
    if _coordinated_deed(mention, text, m, sentence):
        return mention  # "Walked to the market and picked up a starter": one doer, one day
    return replace(mention, problem=f"'{mention.expression}' tells another action than the event's")


_DID_IT = lazyre.compile(r"\s*(?:it|that)?\s*(?:at\s+last|finally)?\s*[:\u2013\u2014-]\s*")
_AND_THEN = lazyre.compile(
    r"(?:,\s*|\s)(?:and|then|and\s+then)\s+(?:(?:also|finally|quickly)\s+)?$"
)


def _coordinated_deed(
    mention: timefind.Mention, text: str, m: align.Match, sentence: segment.Sentence
) -> bool:
    """Is the asked event's verb a past deed coordinated with the licence's verb — "Drove
    out to the coast early and swam off the north beach", "I walked to the market and then
    picked up a starter" — with no subject of its own and no sentence break between? The
    coordinated deeds share their doer and the entry's day."""
    focus = sentence.start + m.focus
    if focus <= mention.end or focus > sentence.end:
        return False
    between = text[mention.end : focus]
    done = words_module.event_key(mention.expression) in ("do", "manage")
    if done and _DID_IT.fullmatch(between):
        pass  # "Finally did it: booked the ferry", "Done at last: paid the tax"
    elif re.search(r"[.;:!?()\n]", between) or not _AND_THEN.search(between):
        return False
    word = re.match(r"[A-Za-z']+", text[focus:])
    return word is not None and interpret.tense_of(word.group()) == "past"


def _since_dates_start(
    mention: timefind.Mention, clause: str, model: align.PhraseModel
) -> timefind.Mention:
    """ "I've been going to the Friday ceramics club since 3/27" bounds an ongoing activity:
    the date is when it *started*, so it dates the event only when the question asks for the
    start ("when I started going…", "how long have I been going…") and the clause is in
    the perfect, the tense of a state that began then and still holds."""
    if not mention.since or mention.window is None:
        return mention
    if "start" in model.aspects and interpret.PERFECT_STATE.search(clause):
        return replace(mention, problem="", meaning="since: when the ongoing activity began")
    return mention


def _specificity(mention: timefind.Mention) -> int:
    """Prefer a calendar date, then a relative phrase, then the note's own day."""
    if mention.kind == "licence":
        return 3 if mention.covers else 2
    if mention.window is not None and mention.window[2] in ("day", "hour", "minute"):
        return 0
    return 1


def _precision_rank(c: Candidate) -> int:
    return timefind.grain_rank(c.window[2]) if c.window else 99


def _same_days(a, b) -> bool:
    """Do two windows share a calendar day? Two clock times on one day agree about the
    date; only different days make rivals."""
    a0, a1 = a[0].date(), (a[1] - timedelta(microseconds=1)).date()
    b0, b1 = b[0].date(), (b[1] - timedelta(microseconds=1)).date()
    return a0 <= b1 and b0 <= a1


def _overlaps(a, b) -> bool:
    return a[0] < b[1] and b[0] < a[1]


def _row_columns(
    row: org.TableRow, mentions: list[timefind.Mention], model: align.PhraseModel
) -> tuple[list[timefind.Mention], str]:
    """The times of a table row that date the asked part of the event, by the headers of
    their columns (``| Book | Started | Finished |``): a start is read in a column whose
    header is a start ("Started", "Began"), a finish in one of a finish; an event asked
    with no part in a column headed by a plain date ("Date", "When") or the event's own
    verb ("Watched"), or in the row's one dated column. Why none fits, when none does."""
    asked = model.aspects & {"start", "finish"}
    if model.phrase.boundary is not None:
        # one end of a span read off one row ("how long did it take me to read X")
        asked = {"start"} if model.phrase.boundary == "start" else {"finish"}
    plain: list[timefind.Mention] = []
    fitting: list[timefind.Mention] = []
    for mention in mentions:
        header = row.header_of(mention.expression) or ""
        keys = [words_module.event_key(w) for w in re.findall(r"[A-Za-z]+", header)]
        told = lexicon.aspect_of(keys) & {"start", "finish"}
        if asked and told == asked:
            fitting.append(mention)
        elif not told and (not keys or set(keys) & _DATE_HEADER_KEYS or model.verb_key in keys):
            plain.append(mention)
    if asked:
        return fitting, "" if fitting else f"no column of the table tells the {min(asked)}"
    dated = [m for m in mentions if m.window is not None]
    if plain:
        return plain, ""
    if len(dated) == 1:
        return dated, ""
    return [], "the row's dates are the start and the end of it, not one day"


#: A heading over a table of things still to do ("Films to watch", "Garden plan", "To do").
_LIST_OF_PLANS = lazyre.compile(
    r"\bto-?do\b|\b(?:plans?|planned|planning|wish\s*list|wishlist|"
    r"queue|upcoming|ideas?|someday|maybe|want)\b",
    re.IGNORECASE,
)


def _lists_plans(title: str) -> bool:
    """Does a heading name a list of things still to do: a plan word ("Garden plan",
    "Wishlist", "To do") or "to" before a verb ("Films to watch"; not "Trip to Lisbon")?"""
    if _LIST_OF_PLANS.search(title):
        return True
    return any(
        words_module.is_verb_lemma(m.group(1)) for m in re.finditer(r"\bto\s+([a-z]+)\b", title)
    )


#: Column headers that say only that the cell is a date (by their keys).
_DATE_HEADER_KEYS = frozenset(["date", "day", "when", "on"])


#: What ends a clause between a deed and a later time (a comma, a semicolon, "and", "but").
_CLAUSE_BREAK_BETWEEN = lazyre.compile(r"[,;:.!?]|\b(?:and|but|while|when|because|so)\b")


def _stamp_moved_by_body(cand: Candidate) -> bool:
    """The candidate's time is its heading's own stamp, and the heading's body says the
    event was moved ("* Eye test <2045-03-30 Thu>" with "Optician rang: they moved me to
    Monday the 3rd"): that stamp is a stale plan, neither an answer nor a rival of the
    heading that holds the new date."""
    mention = cand.mention
    record = cand.record
    if mention is None or not record.title or mention.expression not in record.title:
        return False
    return bool(denial.read_body(record.whole_text, record.title).moved)


def _each_dated_apart(chosen: list[Candidate | structure.Pick]) -> bool:
    """Two events of one record told on lines of their own, each with its own full date (a
    log table's rows, a dated list): they are separate evidence, as validation reads them."""
    ids = [c.record.id for c in chosen]
    lines: list[tuple[str, str]] = []
    for c in chosen:
        if ids.count(c.record.id) == 1:
            continue
        if isinstance(c, structure.Pick) or c.mention is None:
            return False
        text = c.record.text
        start = text.rfind("\n", 0, c.mention.start) + 1
        end = text.find("\n", c.mention.end)
        line = text[start : end if end >= 0 else len(text)].strip()
        if not validate.own_full_date(line, c.mention.expression):
            return False
        lines.append((line, c.mention.expression))
    return validate.apart(lines)


def _anchors_ok(m: align.Match) -> bool:
    if m.anchor_total <= 2:
        return m.anchor_missing == 0
    return m.anchor_missing <= 1


def _best_reason(cands: list[Candidate]) -> str:
    if not cands:
        return ""
    top = max(cands, key=lambda c: c.coverage)
    if top.match.problems:
        return f" (closest, record {top.record.id}: {top.match.problems[0]})"
    return f" (closest, record {top.record.id}, misses a name or title)"


def _restriction(phrase: EventPhrase, question_date: datetime, tz: tzinfo):
    """A period named inside the phrase ("in June", "in February") limits which dates can
    be the event's; its words are not event content."""
    from prme_cli import timeexpr
    from prme_cli.errors import TimeExpressionError

    found = []
    for source in (phrase.text, phrase.shared):
        found += [(source, a, b, p) for a, b, p in timeexpr.find_expressions(source)]
    if not found:
        return None, phrase
    window = None
    text, shared = phrase.text, phrase.shared
    for source, a, b, p in found:
        lead = source[:a].rstrip().lower()
        if not lead.endswith((" in", " during", " on", " last", " this")) and lead not in (
            "in",
            "during",
            "on",
            "last",
            "this",
        ):
            continue  # "the March 15th issue": a name, not a period
        try:
            w = timeexpr.resolve(p, question_date, tz)
        except TimeExpressionError:
            w = None  # the finder only reports what the resolver reads; be safe anyway
        if w is None:
            continue
        window = (w.start, w.end, w.grain)
        if source is phrase.text:
            text = text.replace(source[a:b], " ")
        else:
            shared = shared.replace(source[a:b], " ")
    return window, replace(phrase, text=text, shared=shared)


def _short(text: str, n: int = 90) -> str:
    text = " ".join(text.split())
    return text if len(text) <= n else text[: n - 1] + "\u2026"


def _show(window) -> str:
    start, _, grain = window
    return f"{start.date().isoformat()} ({grain})"
