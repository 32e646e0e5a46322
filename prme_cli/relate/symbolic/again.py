"""A deed done again: when a plain "when did X do Y" has more than one answer.

"I failed my driving test this morning" answers "When did I take my driving test?" only
while the notes tell no other taking of the same test. When the same doer later tells a
*repetition* of the same deed on the same thing — a re- verb of it ("retook", "resat",
"redid", "revisited"), a booking made again ("rebooked the test for the 2nd"), the deed with
"again", "a second time", "once more", "for the third time", "twice", or "another go at
the test" — the deed happened (at least) twice, and a question that names no ordinal has
no single answer. The resolver then refuses; "first", "last", "the second time" still
answer (they pick one), and so does another predicate ("when did I *pass* it": passing is
not taking).

What counts, and what does not (precision first: a wrong date is the worst answer):

- the thing must be the asked one: its head noun ("the test"), with no other modifier
  ("the theory test" is another test than the driving test); a re- noun holding the head
  ("a retest") names it too;
- the doer must be the asked one: a first-person sentence that speaks for them (or a
  diary line with no subject), or a sentence that names them before the verb;
- a repetition told as coming ("I'll retake it in May", "rebooked it for the 9th") counts
  only when its time is before the question (a retake after the question's date is no
  second answer); a rebooking counts only when written after the deed it repeats (moving
  a booking before the first try is no retake);
- a negated or asked repetition ("I won't take it again", "Will you resit it?") does not
  count, and neither does one the same doer later calls off ("I cancelled the retake"): as
  far as the notes tell, the deed then happened once.

The resolver's reading (its lexicon for word keys and synonyms); the gate has its own
(:mod:`gate_again`), with no shared word table.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime

from prme_cli import lazyre
from prme_cli.relate.symbolic import lexicon, segment

#: Phrases that say a deed is done once more.
REPEAT_RE = lazyre.compile(
    r"\b(?:again|once\s+more|one\s+more\s+time|twice|(?:a\s+)?(?:second|third|fourth|2nd|3rd)"
    r"\s+(?:time|try|attempt|go|sitting)|for\s+the\s+(?:second|third|fourth|fifth|\w+th)\s+time|"
    r"another\s+(?:go|try|attempt|shot|crack|stab|sitting))\b",
    re.IGNORECASE,
)
#: "another go at the test", "a second attempt at the exam": the attempt noun is the deed.
_ATTEMPT_AT = lazyre.compile(
    r"\b(?:another|(?:a\s+)?(?:second|third|fourth))\s+(?:go|try|attempt|shot|crack|stab)\s+at\b",
    re.IGNORECASE,
)
#: Verbs whose object is an attempt, and the outcomes that tell the attempt was made:
#: failing or passing a test is taking it.
_ATTEMPT_KEYS = frozenset(lexicon.key(w) for w in lexicon.words_of("take sit do attempt try"))
_OUTCOME_KEYS = frozenset(lexicon.key(w) for w in lexicon.words_of("fail pass flunk ace bomb"))
#: Verbs that arrange a thing; "re" before them books it again.
_BOOKING_KEYS = frozenset(lexicon.key(w) for w in lexicon.words_of("book schedule register enter"))
#: Verbs that call a thing off.
_CALLED_OFF = lazyre.compile(
    r"\b(?:cancel+(?:ed|led|s|ing)?|called\s+off|call\s+off|scrapped|withdr[ae]w|pulled\s+out)\b",
    re.IGNORECASE,
)
#: Words that may stand between a doer and the verb ("I finally retook", "I've resat").
_BETWEEN_DOER = frozenset(
    lexicon.words_of(
        "finally just also then eventually have had 've 'd actually already "
        "successfully officially will shall would 'll going to gonna"
    )
)
_NEGATED = lazyre.compile(
    r"\b(?:not|never|no|won't|wont|didn't|don't|can't|cannot|isn't|wasn't|haven't|hadn't|"
    r"shouldn't|wouldn't|nor)\b|n't\b",
    re.IGNORECASE,
)
_COMING = lazyre.compile(
    r"\b(?:will|'ll|shall|going\s+to|gonna|plan(?:ning)?\s+to|want\s+to|hope\s+to|"
    r"booked|rebooked|scheduled|rescheduled)\b",
    re.IGNORECASE,
)
_MODIFIER_STOP = frozenset(lexicon.words_of("the a an my our his her their your this that same"))
_STAMP = lazyre.compile(r"[<\[]\d{4}-\d\d-\d\d[^\]>\n]*[\]>]")
#: Words that open a clause before its verb and name no doer.
_OPENERS = frozenset(lexicon.words_of("and but so then today yesterday finally well oh"))


@dataclass(frozen=True, slots=True)
class Told:
    """One sentence of the notes as this check reads it: its words, the sentence before it
    (what a bare "it" may stand for), when its note was written, whether it speaks for the
    asked doer (first person, or a diary line with no subject), and its record."""

    text: str
    before: str
    written: datetime | None
    own: bool
    record_id: str = ""


@dataclass(frozen=True, slots=True)
class Again:
    """A repetition found: the sentence; whether it is only arranged (a plan or a booking,
    which counts only when timed before the question); whether it books the thing again
    ("rebooked the test", which counts only when written after the deed: moving a booking
    before the first try is no retake)."""

    told: Told
    arranged: bool
    booking: bool = False


def deed_keys(predicate: str) -> frozenset[str]:
    """The asked predicate and the verbs the lexicon lets stand for it."""
    if not predicate:
        return frozenset()
    return frozenset({predicate} | set(lexicon.SYNONYMS.get(predicate, ())))


def _re_word(word: str, keys: frozenset[str], head: str) -> str | None:
    """ "retook" -> "deed", "rebooked" -> "booking", "retest" (head "test") -> "thing";
    None for a word that is no re- form of these ("read", "return")."""
    low = word.lower()
    if not low.startswith("re") or len(low) < 5 or lexicon.key(low) in keys:
        return None  # "rescheduled" told for "when did I reschedule …" is the deed itself
    rest = low[3:] if low[2] == "-" else low[2:]
    k = lexicon.key(rest)
    if k in keys:
        return "deed"
    if k in _BOOKING_KEYS:
        return "booking"
    if head and (k == head or rest == head):
        return "thing"
    return None


def _names_the_thing(text: str, head: str, modifiers: frozenset[str]) -> bool:
    """Does ``text`` name the asked thing by its head noun, with no modifier the question
    does not give it ("the theory test" is not "my driving test")?"""
    toks = [w for _, _, w in lexicon.words(text)]
    for i, w in enumerate(toks):
        if lexicon.key(w) != head:
            continue
        for j in range(i - 1, max(-1, i - 4), -1):
            low = toks[j].lower()
            if low in _MODIFIER_STOP or lexicon.is_stop(low):
                break
            if lexicon.key(low) not in modifiers and not low.isdigit():
                return False  # another kind of the thing
        return True
    return False


def _thing_told(clause: str, end: int, told: Told, head: str, modifiers: frozenset[str]) -> bool:
    """The thing after the verb ending at ``end``: named, or "it"/"one" when the sentence
    before names it ("How was the test?" — "I took it again on Monday.")."""
    if not head:
        return True
    rest = clause[end:]
    if _names_the_thing(rest, head, modifiers):
        return True
    return bool(re.match(r"\s+(?:it|one)\b", rest, re.IGNORECASE)) and (
        _names_the_thing(told.text[: told.text.find(clause)], head, modifiers)
        or _names_the_thing(told.before, head, modifiers)
    )


def _doer_fits(before: str, own: bool, subject: str | None) -> bool:
    """The word right before the verb (past adverbs and auxiliaries): the asked doer ("I",
    "we", "my retake", the subject's name), or none at all (a diary line: "Retook the theory
    exam.")."""
    before = _STAMP.sub(" ", before)
    toks = [w for _, _, w in lexicon.words(before) if not w[:1].isdigit()]
    while toks and (toks[-1].lower() in _BETWEEN_DOER or toks[-1].lower().endswith("ly")):
        toks.pop()
    if not toks or toks[-1].lower() in _OPENERS:
        return own
    last = toks[-1].lower()
    if last in ("i", "we", "my", "our", "i've", "we've", "i'd", "i'll", "we'll"):
        return own
    return bool(subject) and last == (subject or "").lower()


def find(
    predicate: str,
    head: str,
    modifiers: frozenset[str],
    sentences: list[Told],
    subject: str | None,
) -> list[Again]:
    """Every sentence that tells the asked deed (``predicate``, with its lexicon synonyms) on
    the asked thing (``head`` noun key, ``modifiers`` the question's other words for it)
    done again by the asked doer, told as done or as arranged."""
    keys = deed_keys(predicate)
    attempt = predicate in _ATTEMPT_KEYS
    outcome = predicate in _OUTCOME_KEYS
    out: list[Again] = []
    for told in sentences:
        if told.text.rstrip().endswith("?"):
            continue
        for a, b in segment.clauses(told.text):
            found = _again_in(told.text[a:b], told, keys, attempt, head, modifiers, subject)
            if found is not None and not (outcome and found.booking):
                # booking a test again is taking it again, not failing or passing it again
                out.append(found)
                break
    return out


def _again_in(
    clause: str,
    told: Told,
    keys: frozenset[str],
    attempt: bool,
    head: str,
    modifiers: frozenset[str],
    subject: str | None,
) -> Again | None:
    """The repetition the clause tells by the asked doer, if any."""
    cue = REPEAT_RE.search(clause)
    toks = lexicon.words(clause)
    for i, (at, end, word) in enumerate(toks):
        kind = _re_word(word, keys, head)
        k = lexicon.key(word)
        if kind is None:
            if cue is None or not _verb_form(word):
                continue
            if k not in keys and not (attempt and k in _OUTCOME_KEYS):
                continue
            if not _cue_of(clause, end, cue, head, modifiers):
                continue  # "bought it on Friday, after test-driving it twice"
            kind = "again"
        # "booked a resit", "passed the retest": a re- noun, whose deed is the verb before
        noun = kind == "thing" or (i > 0 and toks[i - 1][2].lower() in _MODIFIER_STOP)
        if noun and kind != "again":
            named = _names_the_thing(told.text, head, modifiers) or _names_the_thing(
                told.before, head, modifiers
            )
            if head and kind != "thing" and not named:
                continue
            lead = _first_words(clause[:at])
        else:
            if not _thing_told(clause, end, told, head, modifiers):
                continue
            lead = clause[:at]
        if not _doer_fits(lead, told.own, subject):
            continue
        stop = max(at, cue.start()) if kind == "again" and cue else at
        if _NEGATED.search(clause[:stop]):
            return None
        coming = bool(_COMING.search(clause[:at]))
        return Again(told, kind == "booking" or coming, kind == "booking")
    attempt_at = _ATTEMPT_AT.search(clause)
    if attempt_at and head and _names_the_thing(clause[attempt_at.end() :], head, modifiers):
        before = clause[: attempt_at.start()]
        if _NEGATED.search(before) or not _doer_fits(_first_words(before), told.own, subject):
            return None
        return Again(told, bool(_COMING.search(before)), False)
    return None


#: Words that open another deed between a verb and a repetition cue.
_ANOTHER_DEED = frozenset(
    lexicon.words_of("after before when while since because until then and but having")
)


def _cue_of(
    clause: str, end: int, cue: re.Match[str], head: str, modifiers: frozenset[str]
) -> bool:
    """Does the repetition cue belong to the verb ending at ``end``: after it, with no
    other deed in between (only the thing and its time: "did the taster again", not "bought
    it on Friday, after test-driving it twice")?"""
    if cue.start() < end:
        return False
    for _, _, w in lexicon.words(clause[end : cue.start()]):
        low = w.lower()
        k = lexicon.key(low)
        if low in _ANOTHER_DEED or low.rpartition("-")[2].endswith(("ing", "ed")):
            return False
        if low.endswith(("ing", "ed")) and k != head and k not in modifiers:
            return False
    return True


def _first_words(before: str) -> str:
    """The clause's words up to its first verb-looking word: where the doer of a deed
    told before a re- noun stands ("I booked a retest", "Booked a retest")."""
    for at, _, word in lexicon.words(before):
        if _verb_form(word) and word.lower() not in _BETWEEN_DOER:
            return before[:at]
    return before


def _verb_form(word: str) -> bool:
    """Is ``word`` written as a verb form ("took", "failed", "sitting"; not "test")?"""
    low = word.lower()
    return (
        low.endswith(("ed", "ing"))
        or lexicon.lemma(low) != low
        or lexicon.key(low) in (_ATTEMPT_KEYS | _OUTCOME_KEYS)
    )


def called_off(again: Again, later: list[Told], head: str, modifiers: frozenset[str]) -> bool:
    """Did the doer call the repetition off in a sentence written after it ("I cancelled
    the retake", "Called off the test.")?"""
    told = again.told
    for other in later:
        if not other.own or other is told:
            continue
        if told.written and other.written and other.written < told.written:
            continue
        m = _CALLED_OFF.search(other.text)
        if m is None or _NEGATED.search(other.text[: m.start()]):
            continue
        rest = other.text[m.end() :]
        if (head and _names_the_thing(rest, head, modifiers)) or re.search(
            r"\bre-?(?:take|sit|test|book\w*)\b|\b(?:it|that)\b", rest, re.IGNORECASE
        ):
            return True
    return False
