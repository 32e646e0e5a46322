"""What a note says did not happen, or happened otherwise than its dates say: one reading,
shared by the resolver's alignment and structure family and by the symbolic gate.

Two readers need it and must not keep two copies of its words (a third list would drift):

- the text path (:mod:`prme_cli.relate.symbolic.align`) reads a clause that only denies
  the event its sentence told ("I had tickets for the concert on Thursday, but I didn't
  go"): :func:`denies`;
- org structure trusts a heading's range, stamp or CLOSED only when the heading's own body
  does not say otherwise (:func:`read_body`): the resolver's structure family refuses such a
  date, and the gate, which re-reads the cited record itself, refuses an answer citing it;
- an occasion the writer took no part in ("Priya's wedding today. I couldn't go.") dates
  no attendance at it: :func:`attendance` reads the question's name, :func:`writer_is_doer`
  the cited clause, :func:`took_no_part` / :func:`absence` the words beside it and
  :func:`body_absence` a heading's body (see the section at the end).

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
from functools import lru_cache

from prme_cli import lazyre

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
DENYING_CLAUSE = lazyre.compile(
    rf"{_OPENING}(?:(?:{_PERSON}\s+)?{_DENIED_DEED}|{_THING_OFF})\W*$", re.IGNORECASE
)
#: A clause with no subject that only calls off: "Cancelled.", "Fell through".
_BARE_OFF = lazyre.compile(
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
#: back a week", "rescheduled for the 3rd", "they moved me to Monday the 3rd".
_MONTHS = r"jan\w*|feb\w*|mar\w*|apr\w*|may|jun\w*|jul\w*|aug\w*|sep\w*|oct\w*|nov\w*|dec\w*"
_DAYS = r"mon\w*|tue\w*|wed\w*|thu\w*|fri\w*|sat\w*|sun\w*"
_MOVED = lazyre.compile(
    r"^\W*(?:(?:and|but|so)\s+)?(?:(?:i|we)\s+(?:had\s+to\s+)?)?"
    rf"(?:(?:the\s+|our\s+|my\s+)?(?:{_NOT_AUX}[\w'-]+\s+)?(?P<thing>{_NOT_AUX}[\w'-]+)\s+"
    r"(?:(?:was|is|got|gets|has\s+been|had\s+been|will\s+be)\s+)?)?"
    r"(?:(?:postponed|rescheduled|re-?booked|put\s+off)\b"
    r"|(?:moved|pushed|shifted|brought)"
    rf"(?:\s+(?:it|this|that|them|(?P<me>me|us)|(?:the|our|my)\s+(?:[\w'-]+\s+)?"
    rf"(?P<object>{_NOT_PARTICLE}[\w'-]+)))?"
    r"(?:\s+(?:back|forward|on))?\s+(?:(?:to|till|until|for|by)\s+)?"
    rf"(?:<|\[|next\b|the\s+\d|\d|a\s+week|a\s+month|a\s+day|later\b|(?:{_MONTHS})\b|"
    r"(?:the\s+)?(?:following|next)\s+(?:day|week|weekend|month|(?:" + _DAYS + r"))\b|"
    rf"(?:{_DAYS})\b|spring|summer|autumn|fall|winter))",
    re.IGNORECASE,
)
#: The event ended otherwise than its range: "came back a day early", "flew home two days
#: early", "cut it short", "stayed two extra days", "left on the Friday instead".
_ENDED_OTHERWISE = lazyre.compile(
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
_MARKED_LATE = lazyre.compile(
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
_WENT_AFTER_ALL = lazyre.compile(
    r"\b(?:(?:went|made\s+it|did\s+go|did\s+it|flew|drove)\s+(?:anyway|after\s+all|regardless|"
    r"in\s+the\s+end)|still\s+(?:went|made\s+it)|went\s+ahead)\b",
    re.IGNORECASE,
)
#: Where a body's sentence divides into clauses for this reading: punctuation, dashes and
#: the conjunctions that open a clause of their own.
_CLAUSE_CUT = lazyre.compile(
    r"[,;:.!?()\n]+|\s+[-\u2013\u2014]+\s+|\s+(?=(?:but|because|so|though|although|and|since|"
    r"as|while)\s)",
    re.IGNORECASE,
)
#: What opens a line of a body without being words: list bullets, checkboxes, a LOGBOOK
#: note's head, a leading stamp ("- [2035-04-21 Sat] Etna by jeep").
_LINE_HEAD = lazyre.compile(
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
_ORG_LOG_LINE = lazyre.compile(
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


_MID_SENTENCE = lazyre.compile(r"[^\W_],?$")


def _clauses(lines: list[str]) -> list[str]:
    out: list[str] = []
    for line in _paragraphs(lines):
        line = _LINE_HEAD.sub("", line)
        out.extend(p.strip() for p in _CLAUSE_CUT.split(line) if p and p.strip())
    return out


_STAMPS = lazyre.compile(r"[<\[]\d{4}-\d{2}-\d{2}[^>\]]*[>\]](?:--[<\[][^>\]]*[>\]])?")


def _event_words(title: str) -> frozenset[str]:
    plain = _STAMPS.sub(" ", title)
    return frozenset(w.lower() for w in re.findall(r"[A-Za-z][\w'-]+", plain)) | TRIP_WORDS


@lru_cache(maxsize=512)
def read_body(text: str, title: str) -> BodyReading:
    """What the body of the heading whose record text is ``text`` says against the dates
    of that heading's event (``title`` names the event): see the module docstring. Cached:
    the structure reading, the resolver's choice among dated sentences and the gate each
    read the same heading's body for one question."""
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
            # "they moved me to Monday the 3rd": the writer's appointment was moved
            thing = "i" if m.group("me") else (m.group("object") or m.group("thing") or "it")
            thing = thing.lower()
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


# --------------------------------------------------------------------------- attendance
#
# "Priya's wedding today. I couldn't go, stuck in bed with flu.": the event took place, the
# writer took no part in it. A question about the writer's attendance (go to, attend, be
# at, visit, see an occasion) is not answered by the event's day then; a question about the
# event itself ("When was Priya's wedding?") still is. Both the resolver and the gate read
# it here: :func:`attendance` (the question's side), :func:`writer_is_doer` (the cited
# clause) and :func:`took_no_part` (the words beside it).

#: Occasions one goes to, attends or is at: the head nouns of an attendance question.
_OCCASIONS = (
    "wedding funeral concert graduation party match game show conference meetup class gig "
    "festival fair fete recital ceremony reception service memorial wake christening "
    "baptism mitzvah reunion premiere screening performance play musical opera ballet "
    "exhibition opening launch lecture talk seminar workshop lesson session rehearsal "
    "practice training meeting dinner lunch brunch barbecue bbq picnic gala ball dance "
    "disco prom celebration parade rally protest race marathon tournament final derby quiz "
    "regatta fireworks carnival shower convention summit hackathon symposium"
)
#: The verbs by which a question asks for the writer's presence at an occasion, with the
#: occasion after them ("go to Priya's wedding", "at the concert" of "when was I at …").
_ATTENDING = lazyre.compile(
    r"^\s*(?P<verb>(?:go|goes|going|went|gone|get|got|come|came)\s+(?:along\s+|out\s+|down\s+)?to"
    r"|attend(?:s|ed|ing)?|(?:be|been|being|was|were)\s+at|at|visit(?:s|ed|ing)?"
    r"|(?P<seeing>see|sees|seeing|saw|seen)|ma(?:k|d)e\s+it\s+to|(?:turn|show)(?:ed)?\s+up\s+(?:at|to|for)"
    r"|join(?:ed)?)\s+(?P<object>\S.*?)\s*$",
    re.IGNORECASE,
)
#: Where an occasion's noun phrase ends in a question's name: "the concert with Sam".
_PHRASE_END = lazyre.compile(
    r"\s+(?:with|in|at|on|for|of|near|by|from|last|this|after|before)\b.*$", re.IGNORECASE
)
#: Words of a noun phrase that name nothing of the occasion itself.
_DETERMINERS = frozenset(
    ["the", "a", "an", "my", "our", "his", "her", "their", "your", "its", "this", "that"]
)
_LINKS = frozenset(["with", "in", "at", "on", "for", "of", "near", "by", "from", "and"])


@dataclass(frozen=True, slots=True)
class Attendance:
    """An attendance asked: the occasion's words (lower case, no 's) and whether the
    question asks to *see* it (watching it remotely then is seeing it)."""

    words: frozenset[str]
    seeing: bool = False


def _plain_words(text: str) -> list[str]:
    return [
        re.sub(r"['\u2019]s$", "", w.lower()) for w in re.findall(r"[A-Za-z][\w'\u2019-]*", text)
    ]


@lru_cache(maxsize=1)
def _occasion_keys() -> frozenset[str]:
    """The occasions by the one word normaliser's key ("parties" -> party), read once."""
    from prme_cli import words

    return frozenset(_OCCASIONS.split()) | {words.key(w) for w in _OCCASIONS.split()}


def is_occasion(word: str) -> bool:
    """Does ``word`` name an occasion one goes to or attends ("weddings", "the match")?"""
    from prme_cli import words

    low = word.lower()
    return low in _occasion_keys() or words.key(low) in _occasion_keys()


def attendance(name: str) -> Attendance | None:
    """The occasion whose attendance the event name asks ("go to Priya's wedding", "attend
    the Halle concert", "at Kwame's party", "see the derby match"), or None when the name
    asks anything else ("go to Leeds", "see the dentist", "Priya's wedding")."""
    m = _ATTENDING.match(name)
    if m is None:
        return None
    occasion = _PHRASE_END.sub("", m.group("object"))
    told = [w for w in _plain_words(occasion) if w not in _DETERMINERS]
    if not told or not is_occasion(told[-1]):
        return None
    named = frozenset(_plain_words(m.group("object"))) - _DETERMINERS - _LINKS
    return Attendance(named, bool(m["seeing"]))


#: A first-person doer in a clause: I or we, but not in a parenthesis of hearsay or
#: opinion ("…, I heard", "I think"), which tells no deed of the writer's at the event.
_HEARSAY_I = lazyre.compile(
    r"\b(?:i|we)\s+(?:heard|hear|think|thought|guess|gather|believe|reckon|suppose|"
    r"understand|was\s+told|were\s+told|am\s+told|'m\s+told|'re\s+told)\b",
    re.IGNORECASE,
)
_FIRST_PERSON = lazyre.compile(r"\b(?:I|i|we|We|WE)\b(?!['\u2019](?:d|ll)\b)")
_LEAD_WORDS = lazyre.compile(
    r"^\W*(?:(?:and|but|so|then|also|finally|just|today|tonight|yesterday)\W+)*", re.IGNORECASE
)


def writer_is_doer(clause: str) -> bool:
    """Does the clause tell a deed of the writer's: a first-person subject ("I went", "we
    danced", "Sam and I"), or a clause that opens on a past verb with no subject, as notes
    are written ("Went to Priya's wedding today", "Danced till two")? A clause that only
    names the event ("Priya's wedding today", "Kwame's party was on Saturday, I heard")
    does not."""
    from prme_cli import words

    plain = _HEARSAY_I.sub(" ", clause)
    if _FIRST_PERSON.search(plain):
        return True
    rest = _LEAD_WORDS.sub("", plain)
    first = re.match(r"[A-Za-z][\w'-]*", rest)
    return first is not None and words.is_simple_past(first.group(0))


#: A clause that says the writer took no part, told with no object of its own, "it" for
#: the event, or the event named ("I couldn't make it to Kwame's party"): ``target`` and
#: ``object`` are checked by the caller.
_TIME_AFTER = (
    r"(?:\s+(?:in\s+the\s+end|after\s+all|either|at\s+all|this\s+time|today|tonight|"
    r"yesterday|this\s+(?:morning|afternoon|evening|year|time)|last\s+night|sadly|"
    r"unfortunately|though|instead|again|in\s+person))*"
)
_NO_PART = lazyre.compile(
    r"\W*(?:(?:and|but|so|though|yet|sadly|unfortunately|alas|in\s+the\s+end|then)\W+)*"
    r"(?:(?P<who>i|we|[\w'-]+\s+and\s+i)\s+)?"
    r"(?:(?:just|then|sadly|eventually|totally|really|simply|unfortunately|ultimately)\s+)?"
    r"(?:"
    # couldn't go, didn't make it, never got there, wasn't able to come, didn't end up going
    r"(?:couldn't|could\s+not|couldnt|can't|cannot|can\s+not|didn't|didnt|did\s+not|never|"
    r"wasn't\s+able\s+to|was\s+not\s+able\s+to|weren't\s+able\s+to|were\s+not\s+able\s+to|"
    r"was\s+unable\s+to|were\s+unable\s+to|failed\s+to|won't|will\s+not|"
    r"(?:didn't|did\s+not|never)\s+get\s+to|never\s+got\s+to)\s+"
    r"(?:(?:end\s+up|ended\s+up)\s+)?"
    r"(?:go|going|went|make\s+it|made\s+it|get\s+there|got\s+there|attend|attending|"
    r"turn\s+up|show\s+up|come|be\s+there|join|go\s+along)"
    r"(?:\s+there|\s+(?:to|for|into|at)\s+(?P<target>(?:the\s+)?[\w'-]+(?:\s+[\w'-]+){0,3}?))?"
    r"|ended\s+up\s+(?:not\s+going|skipping\s+it|missing\s+it|staying\s+(?:at\s+)?home|"
    r"staying\s+in)"
    # missed it, skipped Kwame's party, gave it a miss, sat it out, pulled out
    r"|(?:missed|skipped|ditched|bailed\s+on|blew\s+off)\s+(?:it|that|this|them|"
    r"(?P<object>(?:the\s+|his\s+|her\s+|their\s+|my\s+|our\s+)?[\w'-]+(?:\s+[\w'-]+){0,3}?))"
    r"|sat\s+(?:it|that|this)\s+out|gave\s+(?:it|that|this)\s+a\s+miss"
    r"|bailed|pulled\s+out|backed\s+out|dropped\s+out|cried\s+off"
    r"|(?:had|have|decided|chose)\s+to\s+(?:cancel|skip\s+it|miss\s+it|pull\s+out|back\s+out|"
    r"bail|give\s+it\s+a\s+miss|stay\s+(?:at\s+)?home|sit\s+it\s+out)"
    r"|(?:decided|chose)\s+(?:not\s+to\s+go|against\s+(?:it|going))"
    # stayed home (with the kids), stayed in
    r"|(?:stayed|staying|stuck|was\s+stuck)\s+(?:at\s+)?home(?:\s+(?:instead|with|because|"
    r"due\s+to|for|sick|ill|in\s+bed)\b[^.;]*)?|stayed\s+(?:in|behind|away)"
    # I wasn't there
    r"|(?:wasn't|was\s+not|weren't|were\s+not)\s+(?:there|at\s+it|able\s+to\s+(?:go|make\s+it|"
    r"come|be\s+there))"
    r"|(?P<remote>(?:watched|followed|joined|caught|saw|heard|listened\s+to|streamed)"
    r"(?:\s+(?:it|that|this|them|(?:the|a)\s+(?:live\s*-?\s*)?(?:stream|livestream|broadcast|"
    r"video|feed|coverage|recording)))?"
    r"(?:\s+(?:on|over|via|through|by)\s+(?:a\s+|the\s+|my\s+|our\s+)?(?:video\s+(?:call|link)|"
    r"live\s*-?\s*stream|stream|zoom|facetime|skype|teams|whatsapp|tv|telly|television|phone|"
    r"laptop|radio|screen|youtube|twitch)|\s+online|\s+remotely|\s+from\s+(?:home|bed))?)"
    r")" + _TIME_AFTER + r"\W*$",
    re.IGNORECASE,
)
#: A remote watching says the writer was not there only with a word of distance:
#: "watched it on a video call", "the livestream", "online", "instead".
_REMOTE_MARK = lazyre.compile(
    r"\b(?:stream|livestream|broadcast|feed|coverage|recording|video|zoom|facetime|skype|teams|"
    r"whatsapp|tv|telly|television|phone|laptop|radio|screen|youtube|twitch|online|remotely|"
    r"from\s+home|from\s+bed|instead)\b",
    re.IGNORECASE,
)
#: Words a named target may carry beside the event's own: times of the note's day.
_TARGET_TIME = frozenset(
    ["today", "tonight", "yesterday", "this", "morning", "afternoon", "evening", "night", "last"]
)


def _names_only(phrase: str | None, event_words: frozenset[str]) -> bool:
    """Does the object or target the clause names stand for the event (its words, or none
    beyond a time of the day)?"""
    if phrase is None:
        return True
    told = set(_plain_words(phrase)) - _DETERMINERS - _TARGET_TIME
    return bool(told) and told <= event_words


def _no_part_clause(clause: str, event_words: frozenset[str], remote_is_part: bool) -> bool:
    m = _NO_PART.match(clause)
    if m is None:
        return denies(clause, event_words, writer_only=True)
    if m.group("remote") is not None and (remote_is_part or not _REMOTE_MARK.search(clause)):
        return False  # "watched it on the stream" is seeing it, not missing it
    who = (m.group("who") or "i").lower()
    if who not in ("i", "we") and not who.endswith(" i"):
        return False  # only the writer, alone or with others ("Sam and I couldn't go")
    return _names_only(m.group("target"), event_words) and _names_only(
        m.group("object"), event_words
    )


def absence(text: str, event_words: Iterable[str] = (), *, remote_is_part: bool = False) -> str:
    """The clause of ``text`` in which the writer says they took no part in the event
    ("I couldn't go", "missed it", "stayed home", "watched the livestream instead", "I
    wasn't there", "had to cancel", "didn't end up going", "gave it a miss"), or "": told of
    nothing else ("couldn't go to the gym after" names another place; ``event_words`` are
    the words that name the event), and not taken back after ("… but went anyway").
    ``remote_is_part``: watching it remotely counts as taking part (a question to *see*
    it)."""
    named = frozenset(w.lower() for w in event_words)
    found = ""
    for clause in _clauses(text.split("\n")):
        if _no_part_clause(clause, named, remote_is_part):
            found = clause
        elif found and _WENT_AFTER_ALL.search(clause):
            found = ""
    return found


def took_no_part(
    text: str, event_words: Iterable[str] = (), *, remote_is_part: bool = False
) -> bool:
    """Does ``text`` say the writer took no part in the event? See :func:`absence`."""
    return bool(absence(text, event_words, remote_is_part=remote_is_part))


def body_absence(text: str, title: str, attending: Attendance) -> str:
    """The clause of the body of the heading whose record text is ``text`` in which the
    writer says they took no part in the heading's event (``title`` names it), or ""."""
    lines = body_lines(text)
    if not lines:
        return ""
    return absence(
        "\n".join(lines), _event_words(title) | attending.words, remote_is_part=attending.seeing
    )
