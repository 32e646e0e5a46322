"""What a note says did not happen, or happened otherwise than its dates say: one reading,
shared by the resolver's alignment and structure family and by the symbolic gate.

Two readers need it and must not keep two copies of its words (a third list would drift):

- the text path (:mod:`prme_cli.relate.symbolic.align`) reads a clause that only denies
  the event its sentence told ("I had tickets for the concert on Thursday, but I didn't
  go"): :func:`denies`;
- org structure trusts a heading's range, stamp or CLOSED only when the heading's own body
  does not say otherwise (:func:`read_body`): the resolver's structure family refuses such a
  date, and the gate, which re-reads the cited record itself, refuses an answer citing it.

**Scope** (the README's relate section says the same): the body is the heading's own text,
its list items and LOGBOOK notes — never its child headings, which speak for their own
events. It is cut into clauses at punctuation and conjunctions. A clause calls the
heading's event off only when it says nothing but that: the writer (I, we, or no subject
at all, as notes are written) did not go, never went, did not make it, skipped / cancelled
/ called it off, had to cancel, decided not to go, stayed home; or the event itself — "it",
"this", a word of the heading's title or a word for a trip — was cancelled, called off,
postponed or moved, didn't happen or fell through. A clause that names anything else
("didn't go *to the castle*", "did not *sleep much*", "*Ana* did not come", "the *boat*
tour was cancelled") or that is not asserted ("thought I'd cancel", "almost cancelled it")
says nothing about the heading. A later clause telling it went ahead ("but went
anyway", "made it after all") takes an earlier denial back: the body's last word wins.
Apart from a denial, the body may change the dates: the event **moved** ("postponed to <…>", "moved to June"), it
**ended otherwise** ("came back a day early", "flew home two days early", "cut it short",
"stayed two extra days": the range's end is not its end), or a done task was **marked done
late** ("finally did it on <…>", "forgot to tick it off", "only marked it done today": its
CLOSED stamp is when it was ticked off, not when it was done).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

#: A word that is not an auxiliary (the subject before "was cancelled" is not "was").
_NOT_AUX = r"(?!(?:was|got|is|has|had)\b)"
_NOT_PARTICLE = r"(?!(?:to|till|until|for|by|back|forward|on)\b)"
#: People who may deny a deed in a clause of their own: "I didn't go", "she never did".
_PERSON = r"(?P<who>i|we|he|she|they|you)"
#: Words that may open a denying clause: a conjunction, an adverb of outcome.
_OPENING = (
    r"\W*(?:(?:and|but|so|though|yet)\s+)?"
    r"(?:(?:then|in\s+the\s+end|after\s+all|sadly|eventually|unfortunately|alas),?\s+)?"
)
#: A deed denied, told with no object of its own (or "it" for the event).
_DENIED_DEED = (
    r"(?:(?:had\s+to|just|then|totally|eventually|sadly)\s+)?"
    r"(?:(?:skipped|missed|cancell?ed|canceled|postponed|dropped|forgot|called\s+off|scrapped|"
    r"ditched|bailed\s+on)\s+(?:it|that|this|them)"
    r"|called\s+(?:it|that|this|them)\s+off|gave\s+(?:it|that|this)\s+a\s+miss"
    r"|(?:had|have|decided|chose)\s+to\s+(?:cancel|skip|drop|scrap|postpone|call\s+off)"
    r"(?:\s+(?:it|that|this|them))?"
    r"|(?:had|have|decided|chose)\s+to\s+call\s+(?:it|that|this|them)\s+off"
    r"|(?:decided|chose)\s+(?:not\s+to\s+go|against\s+(?:it|going))"
    r"|(?:didn't|did\s+not|never\s+did|never\s+made\s+it|didn't\s+make\s+it|"
    r"did\s+not\s+make\s+it|couldn't\s+make\s+it|could\s+not\s+make\s+it|didn't\s+go|"
    r"did\s+not\s+go|couldn't\s+go|could\s+not\s+go|never\s+went|never\s+got\s+there|"
    r"didn't\s+get\s+there)"
    r"(?:\s+there|\s+(?:to|for|into|on)\s+(?P<target>(?:the\s+)?[\w'-]+(?:\s+[\w'-]+){0,2}))?"
    r"|(?:ended\s+up\s+)?(?:stayed|staying)\s+(?:at\s+)?home\b"
    r"(?:\s+(?:instead|with|because|due\s+to|for)\b[^.;]*)?"
    r"|stayed\s+home\s+instead)"
    r"(?:\s+(?:in\s+the\s+end|after\s+all|either|at\s+all))?"
)
#: Who called the event off, told after the verb: "cancelled by the clinic", "called off by
#: the organisers" (the event is still the subject, so the clause still denies it).
_AGENT = r"(?:\s+by\s+(?:the\s+|my\s+|our\s+|his\s+|her\s+|their\s+)?[\w'-]+(?:\s+[\w'-]+)?)"
#: When it was called off, which leaves it called off: "the day before", "last minute".
_WHEN_OFF = (
    r"(?:\s+(?:the\s+(?:day|night|evening|morning)\s+before|at\s+(?:the\s+)?last\s+minute"
    r"|last[\s-]+minute|that\s+morning|again))"
)
#: The event called off, as the subject: "it was cancelled", "trip cancelled", "the concert
#: got called off", "it didn't happen", "it fell through", or the bare "Cancelled." of a
#: note. ``thing`` is checked by the caller (what may stand for the event).
_THING_OFF = (
    r"(?:(?:the\s+|our\s+|my\s+)?"
    rf"(?:(?P<modifier>{_NOT_AUX}[\w'-]+)\s+)?(?P<thing>{_NOT_AUX}[\w'-]+)\s+)?"
    r"(?:(?:(?:was|got|is|has\s+been|had\s+been)\s+)?"
    r"(?:cancell?ed|canceled|called\s+off|scrapped|postponed)"
    rf"{_AGENT}?{_WHEN_OFF}?"
    r"|(?:didn't|did\s+not|never)\s+happen(?:ed)?|fell\s+through)"
    r"(?:\s+(?:in\s+the\s+end|after\s+all|either|at\s+all))?"
)
DENYING_CLAUSE = re.compile(
    rf"{_OPENING}(?:(?:{_PERSON}\s+)?{_DENIED_DEED}|{_THING_OFF})\W*$", re.IGNORECASE
)
#: A clause with no subject that only calls off: "Cancelled.", "Fell through".
_BARE_OFF = re.compile(
    r"\W*(?:(?:cancell?ed|canceled|called\s+off|scrapped|postponed)|(?:didn't|did\s+not|never)\s+"
    r"happen(?:ed)?|fell\s+through)",
    re.IGNORECASE,
)
#: What stands for the event in a clause about it without naming it.
_SELF = frozenset(["it", "that", "this"])
#: Words for a stay away, by which a body names its trip heading ("trip cancelled").
TRIP_WORDS = frozenset(
    [
        "trip",
        "journey",
        "holiday",
        "vacation",
        "stay",
        "visit",
        "break",
        "getaway",
        "tour",
        "weekend",
        "travel",
    ]
)

#: The event moved to another time: "Postponed to <…>", "we moved it to June", "pushed
#: back a week", "rescheduled for the 3rd".
_MONTHS = r"jan\w*|feb\w*|mar\w*|apr\w*|may|jun\w*|jul\w*|aug\w*|sep\w*|oct\w*|nov\w*|dec\w*"
_DAYS = r"mon\w*|tue\w*|wed\w*|thu\w*|fri\w*|sat\w*|sun\w*"
_MOVED = re.compile(
    r"^\W*(?:(?:and|but|so)\s+)?(?:(?:i|we)\s+(?:had\s+to\s+)?)?"
    rf"(?:(?:the\s+|our\s+|my\s+)?(?:{_NOT_AUX}[\w'-]+\s+)?(?P<thing>{_NOT_AUX}[\w'-]+)\s+"
    r"(?:(?:was|is|got|gets|has\s+been|had\s+been|will\s+be)\s+)?)?"
    r"(?:(?:postponed|rescheduled|re-?booked|put\s+off)\b"
    r"|(?:moved|pushed|shifted|brought)"
    rf"(?:\s+(?:it|this|that|them|(?:the|our|my)\s+(?:[\w'-]+\s+)?(?P<object>{_NOT_PARTICLE}[\w'-]+)))?"
    r"(?:\s+(?:back|forward|on))?\s+(?:(?:to|till|until|for|by)\s+)?"
    rf"(?:<|\[|next\b|the\s+\d|\d|a\s+week|a\s+month|a\s+day|later\b|(?:{_MONTHS})\b|"
    r"(?:the\s+)?(?:following|next)\s+(?:day|week|weekend|month|(?:" + _DAYS + r"))\b|"
    rf"(?:{_DAYS})\b|spring|summer|autumn|fall|winter))",
    re.IGNORECASE,
)
#: The event ended otherwise than its range: "came back a day early", "flew home two days
#: early", "cut it short", "stayed two extra days", "left on the Friday instead".
_ENDED_OTHERWISE = re.compile(
    r"\b(?:(?:came|got|flew|drove|went|headed|travell?ed|sailed|took\s+the\s+\w+)\s+"
    r"(?:back|home)\b[^.;:]{0,30}?\b(?:early|earlier|late|later|sooner)\b"
    r"|(?:returned|left)\s+(?:(?:a|one|two|three|\d+|a\s+few|a\s+couple\s+of)\s+days?\s+)?"
    r"(?:early|earlier|sooner|late|later)\b"
    r"|cut\s+(?:it|this|the\s+\w+|our\s+\w+|things)\s+short"
    r"|stayed\s+(?:on\s+)?(?:an?|one|two|three|four|five|\d+|a\s+few|a\s+couple\s+of)\s+"
    r"(?:extra|more)\s+(?:days?|nights?)"
    r"|extended\s+(?:it|the\s+\w+|our\s+stay|my\s+stay))",
    re.IGNORECASE,
)
#: A done task ticked off later than it was done: "forgot to tick it off", "only marked it
#: done today", "closed it late"; or the body dates the deed itself: "finally did it on …".
_MARKED_LATE = re.compile(
    r"\b(?:forg[eo]t(?:ten)?\s+to\s+(?:tick|mark|check|close|cross)"
    r"|(?:only|just)\s+(?:now\s+)?(?:ticked|marked|checked|closed|crossed)\s+(?:it|this|them)"
    r"|(?:ticked|marked|checked|closed|crossed)\s+(?:it|this|them)\s+(?:off\s+|done\s+)?"
    r"(?:late|later|afterwards|only\s+today)\b)",
    re.IGNORECASE,
)
_DONE_ON = (
    r"\b(?:(?:actually|really|finally|eventually)\s+)?(?:did|done|finished|completed|sorted)"
    r"(?:\s+(?:it|this|that|them))(?:\s+(?:off|up|out))?\s+(?:back\s+)?"
    r"(?:on|last|yesterday|in|the|at|<|\[)"
)
#: A denial taken back: "but went anyway", "made it after all", "still went", "went ahead".
_WENT_AFTER_ALL = re.compile(
    r"\b(?:(?:went|made\s+it|did\s+go|did\s+it|flew|drove)\s+(?:anyway|after\s+all|regardless|"
    r"in\s+the\s+end)|still\s+(?:went|made\s+it)|went\s+ahead)\b",
    re.IGNORECASE,
)
#: Where a body's sentence divides into clauses for this reading: punctuation, dashes and
#: the conjunctions that open a clause of their own.
_CLAUSE_CUT = re.compile(
    r"[,;:.!?()\n]+|\s+[-\u2013\u2014]+\s+|\s+(?=(?:but|because|so|though|although|and|since|"
    r"as|while)\s)",
    re.IGNORECASE,
)
#: What opens a line of a body without being words: list bullets, checkboxes, a LOGBOOK
#: note's head, a leading stamp ("- [2035-04-21 Sat] Etna by jeep").
_LINE_HEAD = re.compile(
    r"^\s*(?:[-+*]\s+|\d+[.)]\s+)?(?:\[[ xX-]\]\s+)?"
    r"(?:Note\s+taken\s+on\s+)?(?:[<\[]\d{4}-\d{2}-\d{2}[^>\]\n]*[>\]]\s*(?:\\\\)?\s*)?"
)


def denies(clause: str, event_words: Iterable[str] = (), *, writer_only: bool = False) -> bool:
    """Does ``clause`` say nothing but that the event did not happen? Its subject is a
    person (only the writer — I, we, none — when ``writer_only``), or the event itself:
    "it", "this", "that" or one of ``event_words`` (lower case)."""
    m = DENYING_CLAUSE.match(clause)
    if m is None:
        return False
    named = {w.lower() for w in event_words}
    thing = m.group("thing")
    if thing is None and m.group("who") is None and _BARE_OFF.match(clause):
        return True  # "Cancelled.", "Didn't happen in the end": a note about its own event
    if thing is not None:
        # "our Porto trip got cancelled" is the Porto trip; "the boat tour was cancelled",
        # in the notes of a trip, is another thing
        modifier = (m.group("modifier") or "").lower()
        if modifier and modifier not in named:
            return False
        return thing.lower() in _SELF or thing.lower() in named
    target = m.group("target")
    if target is not None:
        # "we never made it to Tivoli" denies the Tivoli trip, "didn't go to the castle"
        # is about the castle, not the weekend it was part of
        told = {w.lower() for w in re.findall(r"[\w'-]+", target)} - {"the"}
        if not told <= named:
            return False
    who = m.group("who")
    return not writer_only or who is None or who.lower() in ("i", "we")


@dataclass(frozen=True, slots=True)
class BodyReading:
    """What a heading's own body says against its dates (each the verbatim clause, or "")."""

    denied: str = ""
    moved: str = ""
    ended_otherwise: str = ""
    marked_late: str = ""

    def reason(self) -> str:
        """One line for an explanation or a gate reason; "" when the body says nothing."""
        if self.denied:
            return f"its body says it did not take place: '{self.denied}'"
        if self.moved:
            return f"its body says it was moved: '{self.moved}'"
        return ""


#: LOGBOOK lines org writes itself when a plan changes or a heading moves: a planning
#: stamp rescheduled is not the event moved (its done state still tells when it was done).
_ORG_LOG_LINE = re.compile(
    r"-\s*(?:Rescheduled\s+from|Not\s+scheduled|New\s+deadline\s+from|Removed\s+deadline|"
    r"Refiled\s+on)",
    re.IGNORECASE,
)


def body_lines(text: str) -> list[str]:
    """The lines of a record's own heading body: after its first heading line, up to the
    next heading (a child's), without planning lines, drawers' markers or properties."""
    lines = text.split("\n")
    start = next((i + 1 for i, line in enumerate(lines) if re.match(r"\*+\s", line)), None)
    if start is None:
        return []
    out = []
    for line in lines[start:]:
        if re.match(r"\*+\s", line):
            break  # a child heading speaks for its own event
        stripped = line.strip()
        if re.match(r"(?:SCHEDULED|DEADLINE|CLOSED):|:[\w-]+:(?:\s|$)|CLOCK:", stripped):
            continue
        if _ORG_LOG_LINE.match(stripped):
            continue  # "- Rescheduled from "<…>" on […]": org's record of a plan changed
        if re.match(r'-\s*State\s+"', stripped):
            stripped = re.sub(r'^-\s*State\s+"[^"]*"(?:\s+from\s+"[^"]*")?\s*', "", stripped)
        out.append(stripped)
    return out


def _paragraphs(lines: list[str]) -> list[str]:
    """The body's lines with a wrapped sentence's lines joined ("… the party is moved to
    the" / "following Saturday."): a line goes on the one before it when that one stops
    mid-sentence (on a word or a comma, not on a stop, a colon or a stamp) and it goes on in
    lower case, not opening a list item, a table row or a dated entry of its own."""
    out: list[str] = []
    for line in lines:
        if out and _MID_SENTENCE.search(out[-1]) and line[:1].islower():
            out[-1] = f"{out[-1]} {line}"
        else:
            out.append(line)
    return out


_MID_SENTENCE = re.compile(r"[^\W_],?$")


def _clauses(lines: list[str]) -> list[str]:
    out: list[str] = []
    for line in _paragraphs(lines):
        line = _LINE_HEAD.sub("", line)
        out.extend(p.strip() for p in _CLAUSE_CUT.split(line) if p and p.strip())
    return out


_STAMPS = re.compile(r"[<\[]\d{4}-\d{2}-\d{2}[^>\]]*[>\]](?:--[<\[][^>\]]*[>\]])?")


def _event_words(title: str) -> frozenset[str]:
    plain = _STAMPS.sub(" ", title)
    return frozenset(w.lower() for w in re.findall(r"[A-Za-z][\w'-]+", plain)) | TRIP_WORDS


def read_body(text: str, title: str) -> BodyReading:
    """What the body of the heading whose record text is ``text`` says against the dates
    of that heading's event (``title`` names the event): see the module docstring."""
    lines = body_lines(text)
    # "Trip to Lisbon (cancelled)", "Porto weekend – called off": a title's own aside
    aside = _clauses([_STAMPS.sub(" ", title)])[1:]
    if not lines and not aside:
        return BodyReading()
    clauses = aside + _clauses(lines)
    named = _event_words(title)
    denied = ""
    for clause in clauses:
        if denies(clause, named, writer_only=True):
            denied = clause
        elif denied and _WENT_AFTER_ALL.search(clause):
            denied = ""  # "… but went anyway": the last word wins
    moved = ended = late = ""
    for clause in clauses:
        m = _MOVED.match(clause)
        if m and not moved:
            thing = (m.group("object") or m.group("thing") or "it").lower()
            if thing in _SELF or thing in named or thing in ("i", "we"):
                moved = clause
        if not ended and _ENDED_OTHERWISE.search(clause):
            ended = clause
    whole = " ".join(lines)
    verb = _title_verb_past(title)
    done_on = re.compile(
        _DONE_ON if not verb else _DONE_ON.replace("|sorted)", f"|sorted|{re.escape(verb)})"),
        re.IGNORECASE,
    )
    found = _MARKED_LATE.search(whole) or done_on.search(whole)
    if found:
        late = whole[found.start() : found.end()]
    return BodyReading(denied, moved, ended, late)


def _title_verb_past(title: str) -> str:
    """The simple past of the verb a task's title opens with ("Fix the tap" -> "fixed")."""
    from prme_cli import words

    found = re.findall(r"[A-Za-z][\w'-]*", re.sub(r"^[A-Z]{2,}\s+", "", title.strip()))
    if found and words.is_verb_lemma(found[0].lower()):
        return words.past_form(found[0].lower())
    return ""
