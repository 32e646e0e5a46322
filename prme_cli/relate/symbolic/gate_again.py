"""The gate's own reading of a deed done again (no word table shared with the resolver).

A cited "I failed my driving test this morning" dates *a* taking of the test. When the same
speaker (in a chat) or the same writer (in notes with no speakers) tells the same deed on
the same thing again — a re- verb of the name's verb ("retook", "resat"), a booking made
again ("rebooked the test"), the verb with "again", "a second time", "once more" or
"twice", "my second driving test", "another go at the test" — a question that names no
ordinal ("first", "last", "the second time") has more than one answer, and the operand is
capped below the threshold.

Read literally, word by word, with the one normaliser (:mod:`prme_cli.words`) and the
ingest sense classes (:mod:`prme_cli.textevents`) for verbs of one deed; the thing must
be the name's head noun with no modifier the name does not give it ("the theory test" is
another test), or "it" when the sentence before names it; the doer must be the one who
says it ("I", "we", a diary line with no subject) or the question's named subject. A
repetition that is only arranged (a booking, "I'll retake it") counts when it is written
after the cited note and its time, read forward from its note, falls before the last note
of the records (a time after every note may still be to come when the question is asked:
the resolver, which knows the question's time, judges that); a negated, asked or later
cancelled repetition does not count.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime

from prme_cli import lazyre, textevents, words
from prme_cli.relate import interpret
from prme_cli.relate.types import EvidenceRecord, Operand

#: A question that picks one of several doings.
_PICKS_ONE = lazyre.compile(
    r"\b(?:first|last|latest|final|second|third|fourth|1st|2nd|3rd|4th|previous|"
    r"most\s+recent(?:ly)?|recently)\b|\btime\s+(?:before|after)\b",
    re.IGNORECASE,
)
#: Words telling a deed done once more (the gate's own list).
_ONCE_MORE = lazyre.compile(
    r"\b(?:again|once\s+more|one\s+more\s+time|twice|second\s+(?:time|try|attempt|go)|"
    r"third\s+(?:time|try|attempt|go)|for\s+the\s+\w+\s+time|another\s+(?:go|try|attempt|"
    r"shot|crack))\b",
    re.IGNORECASE,
)
_ANOTHER_GO_AT = lazyre.compile(
    r"\b(?:another|second|third)\s+(?:go|try|attempt|shot|crack)\s+at\b", re.IGNORECASE
)
_ORDINAL_BEFORE = frozenset(["second", "third", "fourth", "2nd", "3rd", "4th"])
#: Verbs of an attempt, and the outcomes that say it was made (failing a test is taking it).
_ATTEMPTING = frozenset(["take", "sit", "do", "attempt", "try"])
_OUTCOMES = frozenset(["fail", "pass", "flunk", "ace", "bomb"])
#: Verbs of arranging: "re" before them books the thing again.
_ARRANGING = frozenset(["book", "schedule", "register", "enter", "arrange"])
_NOT = lazyre.compile(r"\b(?:not|never|no|nor|cannot)\b|n['\u2019]t\b", re.IGNORECASE)
_AHEAD = lazyre.compile(
    r"\b(?:will|shall|going\s+to|gonna|plan(?:ning)?\s+to|want\s+to|hope\s+to|booked|"
    r"rebooked|scheduled)\b|['\u2019]ll\b",
    re.IGNORECASE,
)
_CALL_OFF = lazyre.compile(
    r"\b(?:cancel(?:l?ed|s|l?ing)?|call(?:ed)?\s+off|scrapped|pulled\s+out\s+of)\b", re.IGNORECASE
)
#: Words that stand between a doer and its verb, or open a clause before the verb.
_IN_BETWEEN = frozenset(
    [
        "finally",
        "just",
        "also",
        "then",
        "eventually",
        "have",
        "had",
        "'ve",
        "'d",
        "actually",
        "already",
        "will",
        "shall",
        "would",
        "'ll",
        "and",
        "but",
        "so",
        "today",
        "yesterday",
        "well",
        "oh",
        "ok",
        "okay",
    ]
)
_NOUN_PHRASE_STOP = frozenset(
    ["the", "a", "an", "my", "our", "his", "her", "their", "your", "this", "that", "same"]
)
_CLAUSE_CUT = lazyre.compile(r"[,;:\u2014]|\s(?:and|but|so|because|while)\s", re.IGNORECASE)
_CHAT_TITLE = lazyre.compile(r"[A-Z][\w'-]*|user")
_STAMP = lazyre.compile(r"[<\[]\d{4}-\d\d-\d\d[^\]>\n]*[\]>]")


def done_again(
    question: str,
    operand: Operand,
    record: EvidenceRecord,
    records: dict[str, EvidenceRecord],
    subject: str | None,
) -> str:
    """Why the cited deed has more than one answer ("" when the notes tell it once)."""
    if _PICKS_ONE.search(question) or _PICKS_ONE.search(operand.name):
        return ""
    toks = [w for _, _, w in words.tokens(operand.name)]
    if len(toks) < 2:
        return ""
    verb = words.verb_lemma(toks[0].lower())
    if verb is None:
        return ""
    head = words.key(toks[-1])
    modifiers = frozenset(words.key(w) for w in toks[1:-1] if w.lower() not in words.FUNCTION_WORDS)
    voice = _same_voice(record, records)
    last = max((r.event_time for r in records.values() if r.event_time), default=None)
    for other in voice:
        for sentence, before in _sentences(other.text):
            found = _told_again(sentence, before, verb, head, modifiers, subject)
            if found is None:
                continue
            arranged, booking = found
            if booking and (verb in _OUTCOMES or not _written_after(other, record)):
                continue  # booked again: a new try, not a new outcome; or a booking moved
            if arranged and not _timed_before(sentence, other, last):
                continue
            if _called_off(other, voice, head, modifiers):
                continue
            who = other.title.strip() if _chat(other, records) else "the notes"
            return f"{who} tell the deed again: '{sentence.strip()[:60]}'"
    return ""


def _chat(record: EvidenceRecord, records: dict[str, EvidenceRecord]) -> bool:
    """Is ``record`` a chat turn: titled with one name, in a file of two or more such
    titles?"""
    title = record.title.strip()
    if not _CHAT_TITLE.fullmatch(title):
        return False
    same_file = {
        r.title.strip()
        for r in records.values()
        if r.file == record.file and _CHAT_TITLE.fullmatch(r.title.strip())
    }
    return len(same_file) >= 2


def _same_voice(record: EvidenceRecord, records: dict[str, EvidenceRecord]) -> list[EvidenceRecord]:
    """The records said by the cited one's speaker (a chat), else every record that is no
    chat turn (one writer's notes), by the time they were written."""
    if _chat(record, records):
        speaker = record.title.strip()
        out = [r for r in records.values() if r.title.strip() == speaker]
    else:
        out = [r for r in records.values() if not _chat(r, records)]
    return sorted(out, key=lambda r: (r.event_time or datetime.min, r.file, r.line))


def _sentences(text: str) -> list[tuple[str, str]]:
    """The record's sentences (heading titles without stars and keywords, body lines
    without drawers and stamps), each with the sentence before it."""
    out: list[tuple[str, str]] = []
    previous = ""
    for line in text.split("\n"):
        line = line.strip()
        if not line or re.fullmatch(r":[\w-]+:.*", line) or line.startswith("#+"):
            continue
        line = re.sub(r"^\*+\s+(?:[A-Z]{3,}\s+)?", "", line)
        line = _STAMP.sub(" ", re.sub(r"^[-+]\s+", "", line))
        line = re.sub(
            r"^\s*(?:CLOSED|SCHEDULED|DEADLINE|State\s+\"\w+\"\s+from\s+\"\w*\")[:\s]*", "", line
        )
        line = re.sub(r"^\s*Note\s+taken\s+on\b", "", line).replace("\\\\", " ")
        for part in re.split(r"(?<=[.!?])\s+", line):
            if part.strip():
                out.append((part, previous))
                previous = part
    return out


def _told_again(
    sentence: str,
    before: str,
    verb: str,
    head: str,
    modifiers: frozenset[str],
    subject: str | None,
) -> tuple[bool, bool] | None:
    """None when the sentence tells no repetition of the deed by the doer; else whether
    the repetition is only arranged, and whether it is a booking made again."""
    if sentence.rstrip().endswith("?"):
        return None
    for clause in _CLAUSE_CUT.split(sentence):
        found = _in_clause(clause, sentence, before, verb, head, modifiers, subject)
        if found is not None:
            return found
    return None


def _in_clause(
    clause: str,
    sentence: str,
    before: str,
    verb: str,
    head: str,
    modifiers: frozenset[str],
    subject: str | None,
) -> tuple[bool, bool] | None:
    toks = words.tokens(clause)
    once_more = _ONCE_MORE.search(clause)
    for i, (at, end, word) in enumerate(toks):
        low = word.lower()
        kind = _re_form(low, verb, head)
        if kind is None:
            lemma = words.verb_lemma(low)
            if lemma is None or not _same_deed(verb, lemma):
                continue
            ordinal = any(
                t.lower() in _ORDINAL_BEFORE and words.key(n) == head
                for (_, _, t), (_, _, n) in zip(toks[i + 1 :], toks[i + 2 : i + 6], strict=False)
            )
            if not ordinal and (once_more is None or not _said_of(clause, end, once_more)):
                continue
            kind = "again"
        noun = kind == "thing" or (
            kind != "again" and i > 0 and toks[i - 1][2].lower() in _NOUN_PHRASE_STOP
        )
        if noun:
            # "booked a resit", "passed the retest": a re- noun, whose doer stands before
            # the clause's first verb, and whose thing the sentence may name elsewhere
            if kind != "thing" and not (
                _names(sentence, head, modifiers) or _names(before, head, modifiers)
            ):
                continue
            verbs = [j for j, t in enumerate(toks[:i]) if words.verb_lemma(t[2].lower())]
            lead = toks[: verbs[0]] if verbs else toks[:i]
        else:
            if not _the_thing(clause[end:], sentence, before, head, modifiers):
                continue
            lead = toks[:i]
        if not _doer(lead, subject):
            continue
        if _NOT.search(clause[:at]) or (
            once_more is not None and _NOT.search(clause[: once_more.start()])
        ):
            return None
        return kind == "booking" or bool(_AHEAD.search(clause[:at])), kind == "booking"
    go_at = _ANOTHER_GO_AT.search(clause)
    if go_at and _the_thing(clause[go_at.end() :], sentence, before, head, modifiers):
        lead = words.tokens(clause[: go_at.start()])
        if _NOT.search(clause[: go_at.start()]):
            return None
        shown = [t for t in lead if words.verb_lemma(t[2].lower())]
        if _doer(lead[: lead.index(shown[0])] if shown else lead, subject):
            return bool(_AHEAD.search(clause[: go_at.start()])), False
    return None


#: Words after which another deed is told ("…, after test-driving it twice").
_OTHER_DEED_OPENERS = frozenset(
    ["after", "before", "when", "while", "since", "because", "until", "then", "and", "but"]
)


def _said_of(clause: str, end: int, once_more: re.Match[str]) -> bool:
    """The "again" words come after the verb, with no other verb or deed opener between
    (the gate's own reading)."""
    if once_more.start() < end:
        return False
    between = [w.lower() for _, _, w in words.tokens(clause[end : once_more.start()])]
    return not any(
        w in _OTHER_DEED_OPENERS
        or (w.endswith("ing") and words.verb_lemma(w.rpartition("-")[2]) is not None)
        for w in between
    )


def _same_deed(verb: str, lemma: str) -> bool:
    """One deed: one verb, one ingest sense class, or an attempt's outcome."""
    if lemma == verb:
        return True
    sense = textevents.sense_of(verb)
    if sense and sense == textevents.sense_of(lemma):
        return True
    return verb in _ATTEMPTING and lemma in _OUTCOMES


def _re_form(low: str, verb: str, head: str) -> str | None:
    """ "retook" -> "deed", "rebooked" -> "booking", "retest" -> "thing" (for the head
    "test"); None for any other word ("read", "return")."""
    if not low.startswith("re") or len(low) < 5:
        return None
    rest = low[3:] if low[2] == "-" else low[2:]
    lemma = words.verb_lemma(rest) or words.key(rest)
    if lemma == verb or (
        textevents.sense_of(verb) and textevents.sense_of(verb) == textevents.sense_of(lemma)
    ):
        return "deed"
    if lemma in _ARRANGING:
        return "booking"
    if words.key(rest) == head:
        return "thing"
    return None


def _the_thing(
    after: str, sentence: str, before: str, head: str, modifiers: frozenset[str]
) -> bool:
    """The name's thing after the verb, or "it"/"one" for it when the sentence (or the one
    before) names it."""
    if _names(after, head, modifiers):
        return True
    if re.match(r"\W*(?:it|one)\b", after, re.IGNORECASE):
        return _names(sentence.replace(after, ""), head, modifiers) or _names(
            before, head, modifiers
        )
    return False


def _names(text: str, head: str, modifiers: frozenset[str]) -> bool:
    """``text`` names the head noun with no modifier the name does not give it."""
    toks = [w for _, _, w in words.tokens(text)]
    for i, w in enumerate(toks):
        if words.key(w) != head:
            continue
        for j in range(i - 1, max(-1, i - 4), -1):
            low = toks[j].lower()
            if low in _NOUN_PHRASE_STOP or low in words.FUNCTION_WORDS:
                break
            if words.key(low) not in modifiers and low not in _ORDINAL_BEFORE:
                return False
        return True
    return False


def _doer(lead: list[tuple[int, int, str]], subject: str | None) -> bool:
    """The words before the verb end in the one who speaks or writes ("I", "we"), the
    subject's name, or nothing (a diary line)."""
    rest = [w for _, _, w in lead]
    while rest and (rest[-1].lower() in _IN_BETWEEN or rest[-1].lower().endswith("ly")):
        rest.pop()
    if not rest:
        return True
    last = re.sub(r"['\u2019](?:ve|d|ll|m|re)$", "", rest[-1].lower())
    return last in ("i", "we", "my", "our") or (subject is not None and last == subject.lower())


def _written_after(other: EvidenceRecord, cited: EvidenceRecord) -> bool:
    """Is ``other`` a note written after the cited one (a booking made again after the
    deed, not a booking moved before it)?"""
    if other.event_time is None or cited.event_time is None or other.id == cited.id:
        return False
    return other.event_time > cited.event_time


def _timed_before(sentence: str, other: EvidenceRecord, last: datetime | None) -> bool:
    """An arranged repetition counts when no time it gives, read forward from its note,
    falls at or after the last note (then it may still be to come when asked)."""
    if other.event_time is None:
        return True
    found = textevents.sentence_events(
        sentence, anchor=other.event_time, discourse=textevents.Discourse()
    )
    times = [t.text for r in found for t in r.times]
    return not any(
        (start := _forward_start(t, other.event_time, last)) is not None
        and last is not None
        and start >= last
        for t in times
    )


def _forward_start(expression: str, written: datetime, last: datetime | None) -> datetime | None:
    """When ``expression`` starts, read forward from its note (validation's reading);
    None when it cannot be read."""
    try:
        dated = interpret.interpret_text_expression(
            expression,
            written,
            question_date=(last or written).replace(tzinfo=UTC),
            tz=UTC,
            coming=True,
        )
    except Exception:  # noqa: BLE001 - an unread time leaves the repetition counted
        return None
    return dated.start.replace(tzinfo=None) if dated.start is not None else None


def _called_off(
    other: EvidenceRecord, voice: list[EvidenceRecord], head: str, modifiers: frozenset[str]
) -> bool:
    """A later record of the same voice calls the repetition off ("I cancelled the
    retake", "Called off the test")."""
    for later in voice:
        if later.event_time is None or other.event_time is None:
            continue
        if later.event_time < other.event_time or later.id == other.id:
            continue
        for sentence, _ in _sentences(later.text):
            m = _CALL_OFF.search(sentence)
            if m is None or _NOT.search(sentence[: m.start()]):
                continue
            rest = sentence[m.end() :]
            if _names(rest, head, modifiers) or re.search(
                r"\bre-?\w+|\b(?:it|that)\b", rest, re.IGNORECASE
            ):
                return True
    return False
