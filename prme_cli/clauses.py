"""A small clause grammar for English sentences: where each clause is, and what it attaches to.

Events are told clause by clause, and a time expression dates the event of *its* clause — or,
when it stands in a verbless piece of its own ("Yesterday, …", "last weekend – we …", "…,
last Sunday."), the clause that piece modifies. Cutting sentences at punctuation alone gets
both wrong: "a scarf I made last week" has no comma, yet "last week" dates the making, not
what the sentence's main verb says; "Yesterday, I went" has a comma, yet "Yesterday" dates
the going. No parser with a model installs offline from the package index (spaCy and stanza
download their models at run time), so this module is a written grammar, kept small:

::

    sentence    := piece (boundary piece)*
    boundary    := ";" | ":" | dash | "(" … ")"              -- always a cut
                 | "," [coordinator]                        -- a cut, see *verbless* below
                 | coordinator  (subject finite | finite)    -- "and we went", "and bought"
                 | subordinator (subject finite | -ing)      -- "because she", "after finishing"
                 | relative                                  -- "who", "which", "whom", "where",
                                                             -- "that" after a noun
                 | noun ^ subject finite                     -- a reduced relative: "the scarf
                                                             -- ^I made"
    verbless    := a piece with no finite verb: the first one of a sentence modifies the
                   clause after it ("Yesterday, I …"), one followed by a clause that opens
                   with its subject modifies that clause ("…, and on Sunday, we …"), any
                   other joins the clause before it ("I went to the fair, yesterday",
                   "bread, milk and eggs")

A *finite* verb is an auxiliary or modal ("was", "had", "will", "'ve"), a simple-past form
("went", "baked") not after a determiner, or a verb form right after a subject ("I walk", "she
runs"); a sentence that opens with a simple-past form has the writer as its elided subject
("Got back from Lisbon"). A coordinator never starts a clause before the current clause has
its own finite verb, so "my friends and I went" is one subject, not two clauses.

Word classes come from the one word normaliser (:mod:`prme_cli.words`: is this a simple-past
form, can this word be a verb) and from the closed classes of English below (pronouns,
auxiliaries, conjunctions, relative words), which are grammar, not vocabulary.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from prme_cli import lazyre, words

#: Tokens: words (apostrophes and hyphens inside), numbers, and the punctuation that can cut.
_TOKEN = lazyre.compile(
    r"(?P<word>[A-Za-z0-9][A-Za-z0-9'\u2019&+#./-]*[A-Za-z0-9]|[A-Za-z0-9])"
    r"|(?P<dash>\s[-\u2013\u2014]{1,2}\s|[\u2013\u2014]{1,2})"
    r"|(?P<punct>[,;:()!?])"
)


def _words(text: str) -> frozenset[str]:
    """The words of a word-list literal (kept as prose so the list stays readable)."""
    return frozenset(text.split())


SUBJECT_PRONOUNS = frozenset(["i", "we", "you", "he", "she", "they", "it"])
_SUBJECT_FORMS = frozenset(
    ["i'm", "i've", "i'd", "i'll", "we're", "we've", "we'd", "we'll", "you're", "you've"]
    + ["he's", "she's", "they're", "they've", "it's", "there's", "that's", "he'd", "she'd"]
    + ["they'd", "they'll", "he'll", "she'll", "it'll", "let's"]
)
AUXILIARIES = _words(
    "am is are was were be been being have has had do does did will would shall should "
    "can could may might must 'm 're 've 'd 'll don't doesn't didn't won't wouldn't can't "
    "couldn't shouldn't isn't aren't wasn't weren't haven't hasn't hadn't gonna wanna"
)
COORDINATORS = frozenset(["and", "but", "or", "so", "yet", "then", "plus"])
SUBORDINATORS = _words(
    "after before because since while when whenever although though if unless until till "
    "once whereas as whether"
)
RELATIVES = frozenset(["who", "whom", "whose", "which", "where"])
DETERMINERS = _words(
    "the a an my our your his her their its this that these those some any every each "
    "no another one two three several many few"
)
#: Verbs after which "that" opens what is said or known, not a relative clause.
_SAYING = _words(
    "say said says tell told think thought know knew realise realised realize realized "
    "hope hoped feel felt believe believed mean meant guess guessed notice noticed "
    "learn learned learnt hear heard read find found decide decided agree agreed "
    "mention mentioned remember remembered forget forgot promise promised wish wished "
    "is was are were sure glad happy"
)
_ADVERBS = _words(
    "just finally also already actually then really still even only first once recently "
    "never always often usually sometimes ever again soon later now today yesterday "
    "tonight eventually officially initially originally successfully definitely probably "
    "maybe perhaps quickly nearly almost not n't"
)


@dataclass(slots=True)
class Token:
    """A word or a cutting mark, with the word facts the grammar asks about (looked up once
    per distinct word) and whether it is a finite verb here (set by :func:`tokens`)."""

    start: int
    end: int
    text: str
    low: str
    kind: str  # word | dash | punct
    past: bool = False  # a simple-past form ("went", "baked")
    verb: bool = False  # can be a verb
    noun: bool = False  # can be a noun
    common: bool = False  # a dictionary word (so a capital at a sentence's start is no name)
    finite: bool = False


@lru_cache(maxsize=65536)
def _word_facts(low: str) -> tuple[bool, bool, bool, bool]:
    """(simple past, can be a verb, can be a noun, in the dictionary) of a lower-case word."""
    if not low[:1].isalpha():
        return False, False, False, False
    found = words.lemmas(low)
    return words.is_simple_past(low), "VERB" in found, "NOUN" in found, bool(found)


_NO_FACTS = (False, False, False, False)


@dataclass(frozen=True, slots=True)
class Clause:
    """One clause of a sentence: ``start``/``end`` are offsets in the sentence.

    ``kind`` is ``main``, ``coordinate``, ``subordinate``, ``relative``, ``complement``,
    ``aside`` (after a colon, a dash or in brackets) or ``adverbial`` (a verbless piece: a
    time, a place, a greeting). ``link`` is the word that opens it ("and", "who", "because",
    ""). ``attaches`` is the index of the clause a verbless adverbial modifies (its own index
    otherwise). ``antecedent`` is the span of the noun a relative clause is about.
    ``verb`` is the span of its first finite verb, if any."""

    start: int
    end: int
    kind: str
    link: str = ""
    attaches: int = 0
    antecedent: tuple[int, int] | None = None
    verb: tuple[int, int] | None = None


_QUOTED = lazyre.compile(r"\"[^\"]+\"|\u201c[^\u201d]+\u201d|(?<![\w])'[^']+'(?![\w])")


def tokens(sentence: str) -> list[Token]:
    """Words and cutting punctuation; punctuation inside a quotation ("'Sapiens: A Brief
    History'") is part of a title, not a boundary, and is dropped."""
    quoted = (
        [m.span() for m in _QUOTED.finditer(sentence)]
        if '"' in sentence or "'" in sentence or "\u201c" in sentence
        else ()
    )
    out: list[Token] = []
    entry = _word_entry
    previous: Token | None = None  # the word before, adverbs skipped; None after a mark
    for m in _TOKEN.finditer(sentence):
        kind = m.lastgroup or "word"
        start, end = m.span()
        if kind == "word":
            cut, text, low, past, verb, noun, common = entry(m.group(0))
            finite = _finite(low, text, past, verb, noun, previous, bool(out))
            tok = Token(start, end - cut, text, low, kind, past, verb, noun, common, finite)
            out.append(tok)
            if low not in _ADVERBS:  # "I just went": the subject is before the adverb
                previous = tok
            continue
        if quoted and any(a < start < b for a, b in quoted):
            continue
        text = m.group(0)
        if kind == "dash":
            stripped = text.strip()
            start += text.index(stripped)
            end = start + len(stripped)
            text = stripped
        out.append(Token(start, end, text, text, kind))
        previous = None
    return out


@lru_cache(maxsize=65536)
def _word_entry(raw: str) -> tuple[int, str, str, bool, bool, bool, bool]:
    """(characters cut from its end, text, lower case, then :func:`_word_facts`) of a word
    as the token pattern matched it: worked out once per distinct spelling."""
    text = raw
    while text.endswith((".", "/", "-")):  # a sentence's last dot is no part of a word
        text = text[:-1]
    low = text.lower()
    if "\u2019" in low:
        low = low.replace("\u2019", "'")
    return (len(raw) - len(text), text, low, *_word_facts(low))


# --------------------------------------------------------------------------- word classes


def _is_subject(toks: list[Token], i: int) -> bool:
    """A subject pronoun, a contracted subject, or a capitalised name not opening the
    sentence."""
    tok = toks[i]
    if tok.kind != "word":
        return False
    if tok.low in SUBJECT_PRONOUNS or tok.low in _SUBJECT_FORMS or tok.low == "there":
        return True
    return i > 0 and _is_name(tok)


def _is_name(tok: Token) -> bool:
    return tok.kind == "word" and tok.text[:1].isupper() and tok.text[1:2].islower()


def _common_word(low: str) -> bool:
    """A word of the dictionary ("last", "today"): capitalised at a sentence's start it is
    no name."""
    return _word_facts(low)[3]


def _can_be_verb(low: str) -> bool:
    return _word_facts(low)[1]


def _can_be_noun(low: str) -> bool:
    return _word_facts(low)[2]


def _is_past(low: str) -> bool:
    return _word_facts(low)[0]


def is_finite(toks: list[Token], i: int) -> bool:
    """Is ``toks[i]`` a finite verb (or the auxiliary that makes one) in this context?"""
    return i < len(toks) and toks[i].finite


_DETERMINING = DETERMINERS - {"that", "this"}


def _finite(
    low: str,
    text: str,
    past: bool,
    verb: bool,
    noun: bool,
    previous: Token | None,
    inside: bool,
) -> bool:
    """:func:`is_finite`, computed once per token by :func:`tokens` from the word (its
    lower case, its text and :func:`_word_facts`), the word before it (adverbs skipped,
    ``None`` after punctuation or at the start) and whether it is the sentence's first
    (``inside`` is False then)."""
    if low in DETERMINERS or not low[:1].isalpha():
        return False
    if low in _SUBJECT_FORMS:
        return True  # "I'm", "we've": subject and auxiliary in one
    if inside and text[:1].isupper() and not text.isupper():
        return False  # a capitalised word inside a sentence names something ("Time Management")
    if low in AUXILIARIES:
        # "the will", "a can" are nouns; "that can" opens a relative clause, which is a clause
        return previous is None or previous.low not in _DETERMINING
    if previous is None:
        return past
    before = previous.low
    if before in ("that", "which", "who"):
        # "that incorporates", "who called": a relative pronoun before a verb-only form
        return past or verb and not noun
    if before in DETERMINERS:
        return False  # "the painted fence", "a set table"
    if past:
        return True
    if before.endswith(("'s", "\u2019s")):
        return False  # "Farah's book launch": after a possessive, a base form is a noun
    if before in SUBJECT_PRONOUNS or (
        _is_name(previous) and (previous.start > 0 or not previous.common)
    ):
        return verb and not low.endswith("ing")
    return False


def _finite_ahead(toks: list[Token], i: int, reach: int = 4) -> bool:
    """A subject and a finite verb (or a finite verb alone) within ``reach`` words from
    ``i``, before any punctuation."""
    for j in range(i, min(len(toks), i + reach)):
        if toks[j].kind != "word":
            return False
        if is_finite(toks, j) or toks[j].low in _SUBJECT_FORMS:
            return True
    return False


def _opens_clause(toks: list[Token], i: int) -> bool:
    """Does a subject + finite verb (or a finite verb of an elided subject) start at
    ``i``?"""
    if i >= len(toks) or toks[i].kind != "word":
        return False
    if toks[i].low in _SUBJECT_FORMS:
        return True
    if _is_subject(toks, i) or (toks[i].low in DETERMINERS and toks[i].low != "that"):
        return _finite_ahead(toks, i + 1, 5)
    return is_finite(toks, i)


# --------------------------------------------------------------------------- the grammar


@dataclass(slots=True)
class _Piece:
    first: int  # token index where it starts
    kind: str
    link: str = ""
    antecedent: tuple[int, int] | None = None
    after_punct: bool = False


def _cuts(toks: list[Token]) -> list[_Piece]:
    """Where clauses begin (token indexes), by the boundary rules of the module docstring."""
    pieces = [_Piece(0, "main")]
    has_verb = False
    depth = 0
    i = 0
    n = len(toks)
    while i < n:
        tok = toks[i]
        if tok.kind in ("dash", "punct"):
            value = tok.text
            if value == "(":
                depth += 1
                pieces.append(_Piece(i + 1, "aside", "(", after_punct=True))
                has_verb = False
            elif value == ")":
                depth = max(0, depth - 1)
                pieces.append(_Piece(i + 1, "main", ")", after_punct=True))
                has_verb = False
            elif value in (";", ":") or tok.kind == "dash":
                pieces.append(
                    _Piece(
                        i + 1, "aside" if value != ";" else "coordinate", value, after_punct=True
                    )
                )
                has_verb = False
            elif value == ",":
                nxt = toks[i + 1] if i + 1 < n else None
                if nxt is not None and nxt.kind == "word" and nxt.low in RELATIVES:
                    pieces.append(_relative(toks, i + 1))
                    i += 2
                    has_verb = False
                    continue
                link = nxt.low if nxt is not None and nxt.low in COORDINATORS else ""
                kind = "coordinate" if link else "main"
                if nxt is not None and nxt.low in SUBORDINATORS:
                    kind, link = "subordinate", nxt.low
                pieces.append(_Piece(i + 1, kind, link, after_punct=True))
                has_verb = False
            i += 1
            continue
        low = tok.low
        if low not in _CUE_WORDS:  # no boundary rule starts at this word
            if tok.finite or (not has_verb and i == pieces[-1].first and tok.past):
                has_verb = True
            i += 1
            continue
        if (
            low in COORDINATORS
            and i > 0
            and toks[i - 1].kind == "word"
            and (has_verb or _only_adverbs(toks, pieces[-1].first, i))
            and not (_is_past(toks[i - 1].low) and i + 1 < n and _is_past(toks[i + 1].low))
            and (
                _opens_clause(toks, i + 1)
                or (i + 1 < n and toks[i + 1].low == "then" and _opens_clause(toks, i + 2))
            )
        ):
            # "…, today and I'm in the mood" cuts; "my friends and I went" and "polished and
            # conditioned" do not
            pieces.append(_Piece(i, "coordinate", low))
            has_verb = False
            i += 1
            continue
        if low in SUBORDINATORS and (i == 0 or toks[i - 1].kind == "word"):
            nxt = toks[i + 1] if i + 1 < n else None
            if nxt is not None and (
                _opens_clause(toks, i + 1)
                or (nxt.low.endswith("ing") and _can_be_verb(nxt.low) and low != "as")
            ):
                if i == 0:
                    pieces[0] = _Piece(0, "subordinate", low)
                else:
                    pieces.append(_Piece(i, "subordinate", low))
                has_verb = False
                i += 1
                continue
        if low in RELATIVES and i > 0 and toks[i - 1].kind == "word":
            resume = None if has_verb else _resume_point(toks, i + 1)
            if has_verb or resume is not None:
                pieces.append(_relative(toks, i))
                if resume is not None:
                    pieces.append(_Piece(resume, "main", "resume"))
                    i = resume
                else:
                    i += 1
                has_verb = False
                continue
        if (
            low in _THAT_LESS
            and (has_verb or is_finite(toks, i))
            and i + 2 < n
            and toks[i + 1].low in _ANY_SUBJECT
            and _finite_ahead(toks, i + 2, 3)
        ):
            # a complement without "that": "I wish I had gone", "she said she started"
            pieces.append(_Piece(i + 1, "complement", ""))
            has_verb = False
            i += 1
            continue
        if low == "that" and i > 0 and toks[i - 1].kind == "word":
            previous = toks[i - 1]
            if (
                previous.low in _SAYING
                or previous.low in _OBJECT_PRONOUNS
                or _is_past(previous.low)
                and previous.low not in _NOUNISH
            ):
                if _opens_clause(toks, i + 1):
                    pieces.append(_Piece(i, "complement", "that"))
                    has_verb = False
                    i += 1
                    continue
            elif _opens_clause(toks, i + 1) or is_finite(toks, i + 1):
                resume = None if has_verb else _resume_point(toks, i + 1)
                if has_verb or resume is not None:
                    pieces.append(_relative(toks, i))
                    if resume is not None:
                        pieces.append(_Piece(resume, "main", "resume"))
                        i = resume
                    else:
                        i += 1
                    has_verb = False
                    continue
        if (
            i > 0
            and toks[i - 1].kind == "word"
            and tok.low in _RELATIVE_SUBJECTS
            and i + 1 < n
            and is_finite(toks, i + 1)
            and _is_noun_end(toks, i - 1)
            and not _fronted_time(toks, pieces[-1].first, i)
        ):
            # a reduced relative: "the scarf I made", "the guy we met"; inside a subject
            # ("the scarf I made last week broke") only when the main verb follows it
            resume = None if has_verb else _resume_point(toks, i)
            if has_verb or resume is not None:
                antecedent = (toks[i - 1].start, toks[i - 1].end)
                pieces.append(_Piece(i, "relative", "", antecedent=antecedent))
                if resume is not None:
                    pieces.append(_Piece(resume, "main", "resume"))
                    i = resume
                else:
                    i += 1
                has_verb = False
                continue
        if is_finite(toks, i) or (not has_verb and i == pieces[-1].first and _is_past(low)):
            has_verb = True
        i += 1
    return pieces


_OBJECT_PRONOUNS = frozenset(["me", "him", "her", "us", "them", "you"])
#: Verbs of saying, thinking and wishing that take a clause without "that".
_THAT_LESS = _words(
    "say said says think thought know knew wish wished hope hoped guess guessed "
    "remember remembered realised realized believe believed suppose supposed feel felt"
)
#: Pronouns that open a reduced relative clause after a noun ("the scarf I made").
_RELATIVE_SUBJECTS = SUBJECT_PRONOUNS - {"it"}
_ANY_SUBJECT = SUBJECT_PRONOUNS | _SUBJECT_FORMS
#: The words at which a boundary rule of :func:`_cuts` may start a clause; at any other
#: word only whether the clause has its verb yet can change.
_CUE_WORDS = COORDINATORS | SUBORDINATORS | RELATIVES | _THAT_LESS | {"that"} | _RELATIVE_SUBJECTS
#: Past forms that are usually nouns or adjectives before "that" ("the one that", "so
#: tired that").
_NOUNISH = frozenset(["tired", "excited", "surprised", "worried", "pleased", "interested"])


def _fronted_time(toks: list[Token], first: int, i: int) -> bool:
    """Is what stands before ``toks[i]`` a time adverbial opening a clause ("On Saturday I
    drove …", "…, and that evening we had …", "Sunday we went …"), so that the pronoun at
    ``i`` is the clause's subject, not a reduced relative's ("the scarf I made")? Read back
    from ``i`` over time words and their openers to the piece's start, a mark or a
    conjunction: the words open with a preposition, a demonstrative or "last"/"next", or
    with the time word itself, and hold a weekday, a month or a part of the day; "the day I
    met her" keeps its relative."""
    from prme_cli.timeexpr import lexicon

    def timed(w: str) -> bool:
        return w in lexicon.WEEKDAYS or w in lexicon.MONTHS or w in lexicon.PARTS

    j = i - 1
    while j >= first and toks[j].kind == "word":
        low = toks[j].low
        if not (low in _TIME_OPENERS or timed(low) or low.isdigit()):
            break
        j -= 1
    said = [t.low for t in toks[j + 1 : i]]
    if not said or len(said) > 4 or not any(timed(w) for w in said):
        return False
    if not (said[0] in _TIME_OPENERS or timed(said[0])):
        return False
    return j < first or toks[j].kind != "word" or toks[j].low in COORDINATORS


#: What may stand before a fronted time word: "on Saturday", "that evening", "last night".
_TIME_OPENERS = _words("on in at by that this last next early late one every each")


def _is_noun_end(toks: list[Token], i: int) -> bool:
    """Can ``toks[i]`` end a noun phrase (so that a pronoun after it opens a reduced
    relative clause)? Not a verb form, a preposition or a function word."""
    tok = toks[i]
    low = tok.low
    if low in AUXILIARIES or low in _ADVERBS or low in SUBORDINATORS or low in COORDINATORS:
        return False
    if low in _FUNCTION or low in SUBJECT_PRONOUNS or low in _SUBJECT_FORMS:
        return False
    if tok.past or low in _SAYING or tok.finite:
        return False
    return tok.noun or _is_name(tok)


_FUNCTION = _words(
    "to of in on at by for from with about into onto over under up down out off through "
    "across after before during since until around like than as via per the a an my our "
    "your his her their its this these those me him them us some any every each no"
)


def _only_adverbs(toks: list[Token], first: int, i: int) -> bool:
    """Is the piece from ``first`` to ``i`` made only of adverbs ("today", "then")?"""
    words_ = [t for t in toks[first:i] if t.kind == "word"]
    return bool(words_) and all(t.low in _ADVERBS for t in words_)


def _resume_point(toks: list[Token], i: int) -> int | None:
    """Where the main clause resumes after a relative clause inside its subject ("The desk
    that I ordered ^arrived today"): the first finite verb after the relative clause's own
    verb group, before any punctuation; None when there is none (then it is no relative
    clause inside a subject)."""
    own = None
    for k in range(i, len(toks)):
        tok = toks[k]
        if tok.kind != "word":
            return None
        if not is_finite(toks, k):
            continue
        if own is None:
            own = k
            continue
        previous = toks[k - 1]
        if (
            previous.low in AUXILIARIES
            or previous.low in _SUBJECT_FORMS
            or k == own + 1
            and (toks[own].low in AUXILIARIES)
        ):
            continue  # the same verb group: "that I had ordered"
        return k
    return None


def _relative(toks: list[Token], i: int) -> _Piece:
    """A relative clause opening at ``toks[i]``; its antecedent is the noun before it."""
    j = i - 1
    while j >= 0 and toks[j].kind != "word":
        j -= 1
    antecedent = (toks[j].start, toks[j].end) if j >= 0 else None
    return _Piece(i, "relative", toks[i].low, antecedent=antecedent)


def split(sentence: str, toks: list[Token] | None = None) -> list[Clause]:
    """The clauses of ``sentence``, left to right (offsets in the sentence); ``toks`` are
    its :func:`tokens` when the caller has them already."""
    if toks is None:
        toks = tokens(sentence)
    if not toks:
        return [Clause(0, len(sentence), "main")] if sentence.strip() else []
    pieces = _cuts(toks)
    spans: list[tuple[_Piece, int, int]] = []
    verbs: list[tuple[int, int] | None] = []
    for n, piece in enumerate(pieces):
        last = pieces[n + 1].first if n + 1 < len(pieces) else len(toks)
        words_in = [t for t in toks[piece.first : last] if t.kind == "word"]
        if not words_in:
            continue
        spans.append((piece, words_in[0].start, words_in[-1].end))
        # its first finite verb, or a past form opening it ("Got back from Lisbon")
        verb = None
        for k, t in enumerate(words_in):
            if t.finite or (k == 0 and t.past):
                verb = (t.start, t.end)
                break
        verbs.append(verb)
    return _attach(toks, spans, verbs)


_TIME_NOUNS = _words(
    "time times day days date week weekend month year moment night morning evening afternoon"
)
_BE = frozenset(["is", "was", "were", "are", "'s", "been", "be"])


def _attach(toks: list[Token], spans, verbs) -> list[Clause]:
    """Turn pieces into clauses: verbless pieces become adverbials of the clause they modify,
    or join the clause before them (see the module docstring)."""
    merged: list[list] = []  # [piece, start, end, verb, fronting]
    for k, (piece, a, b) in enumerate(spans):
        verb = verbs[k]
        if verb is not None or piece.kind in ("relative", "subordinate", "complement"):
            merged.append([piece, a, b, verb, False])
            continue
        fronting = (
            not merged or piece.link in COORDINATORS or piece.kind == "aside" or merged[-1][4]
        ) and _clause_follows(spans, verbs, k)
        if fronting or not merged:
            merged.append([piece, a, b, None, fronting])
        else:
            merged[-1][2] = b  # "I went to the fair, yesterday", "bread, milk and eggs"
    out: list[Clause] = []
    for k, (piece, a, b, verb, fronting) in enumerate(merged):
        kind = piece.kind
        attaches = k
        resumed = (
            None  # (only a verbless piece can be a resumed clause's subject)
            if verb is not None
            else next((j for j in range(k + 1, len(merged)) if merged[j][0].link == "resume"), None)
        )
        if (
            verb is None
            and resumed is not None
            and all(merged[j][0].kind == "relative" for j in range(k + 1, resumed))
        ):
            kind, attaches = "subject", resumed  # "The desk | that I ordered | arrived today"
        elif verb is None and len(merged) > 1 and kind != "relative":
            kind = "adverbial"
            attaches = _target(merged, k, fronting)
        elif piece.link == "resume" and _copular_time(toks, merged, k):
            attaches = k - 1  # "The last time I did it | was two weeks ago"
        out.append(Clause(a, b, kind, piece.link, attaches, piece.antecedent, verb))
    return out


def _clause_follows(spans, verbs, k: int) -> bool:
    """Is there a clause with its own verb after the verbless piece ``k`` (with only other
    verbless pieces between)?"""
    for j in range(k + 1, len(spans)):
        if verbs[j] is not None:
            return spans[j][0].kind in ("main", "coordinate", "aside", "subordinate")
    return False


def _target(merged, k: int, fronting: bool) -> int:
    """The clause a verbless piece modifies: the next main clause when it fronts one, else
    the nearest clause before it with a verb."""
    if fronting:
        for j in range(k + 1, len(merged)):
            if merged[j][3] is not None and merged[j][0].kind in ("main", "coordinate", "aside"):
                return j
        for j in range(k + 1, len(merged)):
            if merged[j][3] is not None:
                return j
    for j in range(k - 1, -1, -1):
        if merged[j][3] is not None:
            return j
    return k


def _copular_time(toks: list[Token], merged, k: int) -> bool:
    """A resumed main clause that only says when its subject was ("The last time I did it
    was two weeks ago", "the day we met was a Monday"): the subject's head is a time noun
    and the clause is a form of "be" with no verb after it. Its time dates the relative
    clause's event."""
    if k < 2 or merged[k - 1][0].kind != "relative":
        return False
    subject = [
        t for t in toks if merged[k - 2][1] <= t.start < merged[k - 2][2] and t.kind == "word"
    ]
    if not subject or subject[-1].low not in _TIME_NOUNS:
        return False
    inside = [t for t in toks if merged[k][1] <= t.start < merged[k][2] and t.kind == "word"]
    return (
        bool(inside)
        and inside[0].low in _BE
        and not (len(inside) > 1 and (_is_past(inside[1].low) or inside[1].low.endswith("ing")))
    )


def clause_at(clauses: list[Clause], offset: int) -> int | None:
    """The index of the clause holding ``offset``, or None (between clauses)."""
    for n, c in enumerate(clauses):
        if c.start <= offset < c.end:
            return n
    return None


def event_clause(clauses: list[Clause], offset: int) -> int | None:
    """The clause whose event a word at ``offset`` (a time expression) modifies: its own
    clause, or for a verbless piece the clause it attaches to."""
    n = clause_at(clauses, offset)
    if n is None:
        return None
    return clauses[n].attaches
