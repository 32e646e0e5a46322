"""General-English word knowledge for the symbolic resolver and gate.

Everything here is ordinary English: function words, the irregular verbs every grammar book
lists (to tell a past form), small synonym sets for everyday verbs of doing,
and the cue words that mark aspect (starting vs finishing, ordering vs receiving), modality
(plans, wishes, questions) and negation. Nothing is shaped after particular questions or
notes: the symbolic method must behave the same on notes it has never seen.

Matching works on *keys*: :func:`key` maps every form of a word to the same string
(``bake``, ``baked``, ``baking`` -> ``bake``) through the one word normaliser of prme
(:mod:`prme_cli.words`, a lemma dictionary), so alignment reads words exactly as retrieval,
the question frame and the stored events do.
"""

from __future__ import annotations

import re

from prme_cli import lazyre
from prme_cli import words as words_module


def words_of(text: str) -> list[str]:
    """The whitespace-separated words of a word-list literal."""
    return text.split()


# --------------------------------------------------------------------------- function words

STOP_WORDS: frozenset[str] = words_module.FUNCTION_WORDS
"""Words that carry no event content. Aspect verbs (start, finish…) are *not* here: they are
handled by :data:`ASPECT_CUES`, since they change which event a sentence reports."""

PRONOUN_SUBJECTS: frozenset[str] = frozenset({"i", "we", "he", "she", "they", "you"})
FIRST_PERSON: frozenset[str] = frozenset(
    {"i", "i'm", "i've", "i'd", "i'll", "me", "my", "we", "we're", "we've", "our", "us", "myself"}
)

# --------------------------------------------------------------------------- irregular verbs

_IRREGULAR_TABLE = """
arise arose arisen|awake awoke awoken|be was were been|bear bore borne born|beat beat beaten|
become became become|begin began begun|bend bent bent|bet bet bet|bind bound bound|
bite bit bitten|bleed bled bled|blow blew blown|break broke broken|breed bred bred|
bring brought brought|broadcast broadcast broadcast|build built built|burn burnt burnt|
buy bought bought|catch caught caught|choose chose chosen|cling clung clung|come came come|
cost cost cost|creep crept crept|cut cut cut|deal dealt dealt|dig dug dug|do did done|
draw drew drawn|dream dreamt dreamt|drink drank drunk|drive drove driven|eat ate eaten|
fall fell fallen|feed fed fed|feel felt felt|fight fought fought|find found found|
flee fled fled|fly flew flown|forbid forbade forbidden|forget forgot forgotten|
forgive forgave forgiven|freeze froze frozen|get got gotten|give gave given|go went gone|
grind ground ground|grow grew grown|hang hung hung|have had had|hear heard heard|
hide hid hidden|hit hit hit|hold held held|hurt hurt hurt|keep kept kept|kneel knelt knelt|
know knew known|lay laid laid|lead led led|lean leant leant|leap leapt leapt|
learn learnt learnt|leave left left|lend lent lent|let let let|lie lay lain|light lit lit|
lose lost lost|make made made|mean meant meant|meet met met|pay paid paid|prove proved proven|
put put put|quit quit quit|read read read|ride rode ridden|ring rang rung|rise rose risen|
run ran run|say said said|see saw seen|seek sought sought|sell sold sold|send sent sent|
set set set|sew sewed sewn|shake shook shaken|shed shed shed|shine shone shone|
shoot shot shot|show showed shown|shrink shrank shrunk|shut shut shut|sing sang sung|
sink sank sunk|sit sat sat|sleep slept slept|slide slid slid|sling slung slung|
speak spoke spoken|speed sped sped|spend spent spent|spill spilt spilt|spin spun spun|
spit spat spat|split split split|spread spread spread|spring sprang sprung|stand stood stood|
steal stole stolen|stick stuck stuck|sting stung stung|stink stank stunk|strike struck struck|
string strung strung|strive strove striven|swear swore sworn|sweep swept swept|
swell swelled swollen|swim swam swum|swing swung swung|take took taken|teach taught taught|
tear tore torn|tell told told|think thought thought|throw threw thrown|thrust thrust thrust|
tread trod trodden|undergo underwent undergone|understand understood understood|
undertake undertook undertaken|upset upset upset|wake woke woken|wear wore worn|
weave wove woven|weep wept wept|win won won|wind wound wound|withdraw withdrew withdrawn|
write wrote written|overcome overcame overcome|rebuild rebuilt rebuilt|redo redid redone|
rewrite rewrote rewritten|mistake mistook mistaken|foresee foresaw foreseen|
withhold withheld withheld|uphold upheld upheld|outgrow outgrew outgrown|
"""


def _irregular_forms() -> dict[str, str]:
    forms: dict[str, str] = {}
    for entry in _IRREGULAR_TABLE.replace("\n", "").split("|"):
        words = entry.split()
        if not words:
            continue
        base = words[0]
        for form in words[1:]:
            # "lay" is both the past of "lie" and a verb of its own; "found" / "wound" /
            # "ground" are common nouns or verbs too: keep the first reading only.
            forms.setdefault(form, base)
    # Words whose irregular reading is far rarer than their own.
    for word in (
        "lay",
        "found",
        "ground",
        "wound",
        "left",
        "saw",
        "lit",
        "rose",
        "bore",
        "felt",
        "spat",
        "bound",
        "shed",
        "stuck",
        "born",
    ):
        forms.pop(word, None)
    forms.update({"left": "leave", "saw": "see", "felt": "feel", "born": "bear"})
    forms.update(
        {
            "is": "be",
            "are": "be",
            "am": "be",
            "was": "be",
            "were": "be",
            "been": "be",
            "has": "have",
            "had": "have",
            "does": "do",
            "did": "do",
            "done": "do",
            "went": "go",
            "gone": "go",
            "goes": "go",
        }
    )
    return forms


IRREGULAR: dict[str, str] = _irregular_forms()

#: Nouns and adverbs that end like inflections but are not (``morning`` is not ``morn+ing``).
NOT_INFLECTED: frozenset[str] = frozenset(
    words_of(
        """
    morning evening wedding ceiling during thing nothing something anything everything
    king ring spring string sibling pudding icing clothing bring sing swing sling wing
    ping ding cling fling sting thong earring offspring lightning
    news series species glass class grass mass pass bass boss loss moss kiss miss dress
    press stress business address process access success progress fitness wellness
    this his its is was has does gas bus yes us plus thus bonus campus status virus
    census chorus focus genus lotus canvas atlas alias christmas lens analysis thesis
    basis crisis oasis axis tennis iris physics mathematics economics politics ethics
    athletics gymnastics aerobics pants jeans glasses scissors clothes
    need feed seed weed speed bleed breed greed deed heed creed steed reed
    bed red shed fed led wed sped bred bled fled
    hundred kindred sacred naked wicked wretched rugged ragged beloved
    """
    )
)


def lemma(word: str) -> str:
    """The dictionary form of ``word`` (:func:`prme_cli.words.lemma`, the one normaliser)."""
    return words_module.lemma(word)


def key(word: str) -> str:
    """The matching key of ``word``, the same for every form of it ("baked", "baking" ->
    ``bake``; "the renovation" -> ``renovate``): :func:`prme_cli.words.key`, the one word
    normaliser retrieval, the question frame, the events of the notes and the gate share."""
    return words_module.key(word)


# --------------------------------------------------------------------------- synonyms

_SYNONYM_SETS = [
    "buy purchase acquire order pick",  # "pick up" is handled as a phrasal verb
    "receive arrive deliver",
    "arrive come",
    "start begin commence launch",
    "finish complete end wrap conclude",
    "attend participate join go visit take",
    "visit tour see explore",
    "watch see view stream binge",
    "meet encounter bump run",
    "injure hurt",
    "fix repair mend service",
    "cancel drop quit stop",
    "move relocate",
    "give gift donate present",
    "make bake cook prepare",
    "sell sold",
    "plant sow",
    "post share publish upload",
    "sign register enroll enrol subscribe join",
    "travel fly trip drive",
    "call phone ring",
    "read finish",
    "listen hear",
    "adopt rescue",
    "hire employ",
    "replace swap change",
    "clean wash",
    "learn study",
    "run jog race",
    "graduate complete",
    "book reserve",
    "decide choose",
    "lose misplace",
    "break malfunction fail",
    "rearrange reorganize reorganise arrange",
    "invest spend buy",
    "win earn",
    # the everyday and the formal name of one relative: "my dad" is "Ingrid's father"
    "father dad daddy",
    "mother mum mom mummy",
    "grandfather grandpa granddad",
    "grandmother grandma granny gran",
]

#: key -> keys it may stand for (weaker than an exact match).
SYNONYMS: dict[str, frozenset[str]] = {}
for _group in _SYNONYM_SETS:
    _keys = [key(w) for w in _group.split()]
    for _k in _keys:
        SYNONYMS[_k] = SYNONYMS.get(_k, frozenset()) | frozenset(k for k in _keys if k != _k)

#: Keys of verbs this module knows by name (irregular bases, synonym and aspect verbs).
KNOWN_VERB_KEYS: frozenset[str] = frozenset(
    {key(v) for v in IRREGULAR.values()}
    | set(SYNONYMS)
    | {
        key(w)
        for w in words_of(
            "start begin finish complete end order receive plan decide visit "
            "attend use try buy sell pay meet call move help work play watch learn teach "
            "practice practise rush prepare celebrate"
        )
    }
)

# "got" / "get": general acquisition; it can stand for buying or receiving, so it matches
# both weakly, never strongly (see :func:`relatedness`); the general verbs stand for one
# another too ("picked up the kayak", "grabbed a tent" for "got"). Ordering is not getting:
# "I pre-ordered the e-reader on March 3rd" is not the day it was got.
_GET_LIKE: frozenset[str] = frozenset(
    {key("get"), key("obtain"), key("pick"), key("score"), key("grab")}
)
# A thing's arrival is its getting ("the laptop arrived on the 25th" tells when I got it), one
# way only: "I got a call" does not tell when someone arrived.
_RECEIPT: frozenset[str] = frozenset(key(w) for w in words_of("arrive deliver"))
_GET_TARGETS: frozenset[str] = frozenset(
    key(w) for w in words_of("buy purchase receive acquire invest adopt win")
)


def is_receipt(question_key: str, sentence_key: str) -> bool:
    """Does the sentence's verb tell the getting the question asks about by the thing's own
    arrival ("when did I get the laptop" / "it arrived on the 25th")? Its doer is then the
    thing, and the writer the one who got it."""
    return question_key in _GET_LIKE and sentence_key in _RECEIPT


def relatedness(question_key: str, sentence_key: str) -> float:
    """How strongly a sentence word stands for a question word: 1 same key, 0.7 synonym,
    0.5 a general "get" for a specific acquisition verb, else 0."""
    if question_key == sentence_key:
        return 1.0
    if sentence_key in SYNONYMS.get(question_key, ()):
        return 0.7
    if question_key in _GET_LIKE and sentence_key in _GET_TARGETS:
        return 0.6
    if sentence_key in _GET_LIKE and question_key in _GET_TARGETS:
        return 0.6
    if question_key in _GET_LIKE and sentence_key in _GET_LIKE | _RECEIPT:
        return 0.6
    return 0.0


# --------------------------------------------------------------------------- aspect

#: Aspect classes of event verbs. A question that names one aspect must be answered by a
#: sentence of the same aspect: starting a book is not finishing it.
ASPECT_CUES: dict[str, frozenset[str]] = {
    "start": frozenset(key(w) for w in words_of("start begin commence kick embark")),
    "finish": frozenset(key(w) for w in words_of("finish complete end wrap conclude")),
    "order": frozenset(key(w) for w in words_of("order preorder pre-order buy purchase")),
    "receive": frozenset(key(w) for w in words_of("receive arrive deliver")),
    "plan": frozenset(key(w) for w in words_of("plan intend schedule")),
    "decide": frozenset(key(w) for w in words_of("decide")),
}
#: Aspects that exclude each other when the question names one and the sentence the other.
ASPECT_CLASHES: dict[str, frozenset[str]] = {
    "start": frozenset({"finish", "plan"}),
    "finish": frozenset({"start", "plan"}),
    "order": frozenset({"receive", "plan"}),
    "receive": frozenset({"order", "plan"}),
    "plan": frozenset(),
    "decide": frozenset({"plan"}),
    "none": frozenset({"plan"}),
}


def aspect_of(keys: list[str] | tuple[str, ...]) -> set[str]:
    """The aspect classes named by these word keys."""
    found = set()
    for k in keys:
        for aspect, cues in ASPECT_CUES.items():
            if k in cues:
                found.add(aspect)
    return found


#: Words after which an aspect word is a verb ("I plan to", "to start", "we've finished").
_VERB_LEFT = frozenset(
    words_of(
        "i we you he she they it who which that to and or but then just finally already also "
        "still never recently actually only will would could should might must can may did do "
        "does didn't don't doesn't i'll we'll i'd we'd i've we've i'm we're you're they're "
        "have has had am is are was were be been being"
    )
)


def aspect_in_words(words: list[str] | tuple[str, ...]) -> set[str]:
    """The aspect classes that the words of a clause *assert*, in order.

    A cue word counts as a verb when it is inflected ("finished", "starting", "began") or
    stands where a verb stands (first, or after a pronoun, an auxiliary, "to" or an adverb);
    a bare cue after anything else is a noun: "a business plan", "the end of the film",
    "my order arrived" name things and say nothing about starting, finishing or ordering.
    """
    found: set[str] = set()
    for i, word in enumerate(words):
        low = word.lower().replace("\u2019", "'")
        k = key(low)
        aspects = {a for a, cues in ASPECT_CUES.items() if k in cues}
        if not aspects:
            continue
        inflected = low != lemma(low) or low.endswith(("ed", "ing")) or low in IRREGULAR
        if inflected or i == 0 or words[i - 1].lower().replace("\u2019", "'") in _VERB_LEFT:
            found |= aspects
    return found


# --------------------------------------------------------------------------- people

#: Nouns for people, by the pronoun that can stand for them (general English kinship and
#: social roles). A pronoun refers back only to a noun it agrees with: "her" is never "my
#: brother".
FEMALE_PERSONS: frozenset[str] = frozenset(
    words_of(
        "sister mother mom mum mommy mama daughter wife aunt niece grandmother grandma granny "
        "girlfriend fiancee woman girl lady queen stepmother stepdaughter stepsister "
        "sister-in-law mother-in-law daughter-in-law goddaughter godmother"
    )
)
MALE_PERSONS: frozenset[str] = frozenset(
    words_of(
        "brother father dad daddy papa son husband uncle nephew grandfather grandpa boyfriend "
        "fiance man boy guy king stepfather stepson stepbrother brother-in-law father-in-law "
        "son-in-law godson godfather"
    )
)
ANY_PERSONS: frozenset[str] = frozenset(
    words_of(
        "friend neighbor neighbour colleague coworker co-worker boss manager partner cousin "
        "teacher tutor coach doctor dentist roommate flatmate classmate mentor client "
        "kid child baby parent grandparent sibling spouse landlord landlady"
    )
)
PLURAL_PERSONS: frozenset[str] = frozenset(
    words_of(
        "parents friends kids children grandparents siblings cousins neighbors neighbours "
        "colleagues coworkers classmates family team"
    )
)
_FEMALE_PRONOUNS = frozenset(words_of("she her hers herself"))
_MALE_PRONOUNS = frozenset(words_of("he him his himself"))
_PLURAL_PRONOUNS = frozenset(words_of("they them their theirs themselves"))
PERSONAL_PRONOUNS: frozenset[str] = _FEMALE_PRONOUNS | _MALE_PRONOUNS | _PLURAL_PRONOUNS


def pronoun_can_mean(pronoun: str, word: str, *, capitalised: bool) -> bool:
    """Can ``pronoun`` stand for ``word`` (a noun said just before)? "her" for "sister" or
    "friend", "him" for "brother", "their" for "parents" or a name ("ShopRite … their
    rewards program"); never a thing ("her" is not "the necklace")."""
    p, w = pronoun.lower(), word.lower()
    if p in _FEMALE_PRONOUNS:
        return w in FEMALE_PERSONS or w in ANY_PERSONS
    if p in _MALE_PRONOUNS:
        return w in MALE_PERSONS or w in ANY_PERSONS
    if p in _PLURAL_PRONOUNS:
        return w in PLURAL_PERSONS or capitalised
    return False


# --------------------------------------------------------------------------- modality, negation

#: A clause with one of these does not report a past event of its own: plans, wishes,
#: suggestions, hypotheticals, questions about the future.
_MODAL_PATTERNS = [
    (
        r"\b(?:am|'m|are|'re|is|'s|was|were)\s+(?:(?:really|also|still|now|so)\s+)?"
        r"(?:planning|going|hoping|thinking|considering|looking\s+forward|about|trying\s+to\s+decide)\b"
    ),
    r"\bgonna\b|\bwanna\b",
    r"\b(?:i|we|he|she|they|you)\s*(?:will|'ll|shall|would|'d|might|may|could|should|can)\b",
    r"\b(?:will|shall)\s+(?:be\s+)?\w+",
    (
        r"\b(?:want|wants|wanted|hope|hopes|hoped|plan|plans|planned|intend|intends|intended|"
        r"need|needs|aim|aims|wish|wishes|expect|expects|would\s+like|'d\s+like|have\s+to|"
        r"has\s+to|got\s+to|trying|supposed|meant)\s+to\b"
    ),
    r"\b(?:thinking|dreaming)\s+(?:of|about)\b",
    # what is dreamt, imagined or pretended did not happen: "I keep dreaming that I lost …"
    (
        r"\b(?:dream|dreams|dreamt|dreamed|dreaming|imagine|imagines|imagined|imagining|"
        r"pretend|pretends|pretended|pretending|fantasi[sz]e[sd]?|fantasi[sz]ing)\b"
    ),
    # Counterfactual wishes and regrets: "I wish I had gone", "if only we had left".
    (
        r"\bwish(?:es|ed)?\s+(?:i|we|he|she|they|you|it)\b|\bif\s+only\b|"
        r"\b(?:should|could|would|might)\s+have\s+\w+"
    ),
    r"\b(?:considering|contemplating|debating)\b",
    (
        r"\b(?:upcoming|tomorrow|next\s+(?:week|month|year|weekend|time|monday|tuesday|wednesday|"
        r"thursday|friday|saturday|sunday)|soon|later\s+(?:this|today|tonight))\b"
    ),
    r"\b(?:if|whether|unless|in\s+case)\b",
    r"\bwaiting\s+(?:on|for)\b",
    r"\bshould\s+i\b|\bcan\s+i\b|\bdo\s+you\s+think\b|\bany\s+(?:tips|advice|suggestions)\b",
]
MODAL_RE = lazyre.compile("|".join(_MODAL_PATTERNS), re.IGNORECASE)

#: The modal cues that tell an arranged, coming event (not a wish, a hypothesis or a
#: question): a question about a plan ("When is Dev driving to Scotland?") may cite them.
PLAN_CUE_RE = lazyre.compile(
    r"(?:am|'m|are|'re|is|'s)\s+(?:(?:really|also|still|now|so)\s+)?(?:planning|going)"
    r"|(?:i|we|he|she|they|you)\s*(?:will|'ll|shall)|(?:will|shall)\s+(?:be\s+)?\w+"
    r"|gonna|(?:plan|plans|planned|intend|intends|intended)\s+to"
    r"|upcoming|tomorrow|next\s+\w+|soon|later\s+(?:this|today|tonight)",
    re.IGNORECASE,
)

#: The modal cues that only say an event is ahead (not wished, planned or supposed).
COMING_RE = lazyre.compile(r"upcoming|coming\s+up|soon|next\s+\w+|forthcoming", re.IGNORECASE)

_NEGATION_PATTERNS = [
    r"\b(?:not|never|no\s+longer|neither|nor)\b",
    r"\b\w+n't\b|\bcannot\b",
    r"\b(?:yet\s+to|failed\s+to|forgot\s+to|instead\s+of|rather\s+than|without)\b",
    r"\b(?:called\s+off|cancelled|canceled|postponed|skipped|missed)\b",
]
NEGATION_RE = lazyre.compile("|".join(_NEGATION_PATTERNS), re.IGNORECASE)

#: Verbs that arrange an event rather than make it happen: "booked the flight" dates the
#: booking, not the flight; "ordered the sofa" the order, not the delivery.
ARRANGING: frozenset[str] = frozenset(
    key(w)
    for w in words_of(
        "book reserve order preorder pay plan schedule reschedule cancel postpone register "
        "arrange organise organize confirm research buy purchase sign enrol enroll rebook"
    )
)

#: Deeds that lead up to another deed on the same thing and never tell it: arranging it
#: ("booked the flight" is no flying), looking at or trying it ("looked at a flat" is no
#: renting, "tried on the dress" no buying), asking or applying for it ("applied for the
#: job" is no getting). The resolver's own list (the gate reads its own).
PRELIMINARY_DEEDS: frozenset[str] = frozenset(
    key(w)
    for w in words_of(
        "book reserve rebook preorder plan schedule reschedule arrange apply look view see "
        "try test inspect browse tour check visit consider research compare shortlist ask "
        "enquire inquire"
    )
)
#: Nouns of a deed that leads up to another, followed by the thing as its aim ("the
#: application for the job", "a booking for the ferry", "an offer on …" is not one).
PRELIMINARY_NOUNS: frozenset[str] = frozenset(
    words_of(
        "application applications booking bookings reservation reservations enquiry inquiry "
        "enquiries inquiries request requests bid bids quote quotes viewing viewings"
    )
)
#: Prepositions that make the thing a verb's aim or topic ("applied for the job", "asked
#: about the puppy"), not what the verb does to it ("working at the bakery" is a place).
AIM_PREPOSITIONS: frozenset[str] = frozenset(words_of("for about"))

#: Nouns of occasions: events that happen at a time of their own, which a deed may be done
#: at ("went to the party", "made it to the launch"). The nouns made from verbs ("the
#: opening", "the screening") are found by the normaliser; these are the others. The
#: resolver's own list (the gate reads its own).
OCCASION_NOUNS: frozenset[str] = frozenset(
    key(w)
    for w in words_of(
        "party parties exhibition exhibitions show premiere concert gig recital match game "
        "derby final race marathon festival fair funeral wake wedding ceremony reception "
        "gala ball dinner lunch brunch barbecue picnic housewarming christening recital "
        "service mass vigil parade rally protest conference lecture talk seminar workshop "
        "tournament quiz auction sale play musical opera ballet fireworks regatta tournament "
        "graduation meetup screening premiere"
    )
)
#: Deeds that are how an occasion is had ("threw the party", "hosted the dinner", "ate
#: lunch with Sam"): for an occasion noun they tell the name's "have". The resolver's own.
HAVING_AN_OCCASION: frozenset[str] = frozenset(
    key(w) for w in words_of("have host throw hold celebrate eat enjoy attend")
)

#: Deeds of being at an occasion: going to it, attending it, making it to it, being there.
#: Done at an event, they take its time. The resolver's own.
ATTENDING: frozenset[str] = frozenset(
    key(w) for w in words_of("go attend make come get be join turn show")
)


def is_occasion(word: str) -> bool:
    """Does the noun name an occasion, an event with a time of its own ("the party", "the
    opening", "the match")?"""
    low = word.lower()
    return key(low) in OCCASION_NOUNS or words_module.is_event_noun(low)


#: Verbs whose object is a plan, not an event: "I'm thinking of X" does not report X.
PLANNING_HEADS: frozenset[str] = frozenset(
    key(w) for w in words_of("plan intend consider think hope want wish schedule")
)

#: Words that say an event happened at the moment the note was written (coordinated with
#: :func:`prme_cli.relate.interpret.licence_phrase`; that function has the final word).
LICENCE_WORDS: tuple[str, ...] = (
    "today",
    "today's",
    "tonight",
    "this morning",
    "this afternoon",
    "this evening",
    "earlier today",
    "just now",
    "right now",
    "a moment ago",
    "moments ago",
)

#: "I just got back from the fair", "just came from the service", "have just been to the
#: dentist", "just returned from Oslo": verbs of coming back from (or having been at) a place
#: or event report that event as over, so a recent-past "just" on them dates the event.
_RETURN_PHRASE = lazyre.compile(
    r"^(?:just\s+(?:recently\s+)?)?(?:(?:got|get|came|come|flew|drove|walked|made\s+it)\s+"
    r"(?:back|home)|returned|arrived\s+(?:back|home)|(?:came|come)\s+(?:back\s+)?from|"
    r"been\s+(?:to|at))\b",
    re.IGNORECASE,
)


def reports_return(text: str) -> bool:
    """Does ``text`` open with a verb of coming back from (or having been at) something?"""
    return bool(_RETURN_PHRASE.match(text.strip()))


_RETURN_ANYWHERE = lazyre.compile(
    r"\b(?:(?:got|get|came|come|flew|drove|walked)\s+(?:back|home)\s+from|returned\s+from|"
    r"(?:came|come)\s+from|been\s+(?:to|at))\b",
    re.IGNORECASE,
)
#: What coming back from somewhere entails: one went there, visited it, attended it.
VISIT_WORDS: tuple[str, ...] = ("visit", "attend", "go")


def entailed_by_return(text: str) -> tuple[str, ...]:
    """The verbs a sentence entails by telling a return ("I got back from the fair" says I
    went to, visited, attended the fair), for matching a question's verb; else nothing."""
    return VISIT_WORDS if _RETURN_ANYWHERE.search(text) else ()


_MET_OVER = lazyre.compile(
    r"\b(?:had|grabbed|got|went\s+for)\s+(?:a\s+|an\s+|some\s+)?(?:quick\s+|long\s+)?"
    r"(?:coffee|coffees|tea|lunch|dinner|breakfast|brunch|drinks?|beers?|a\s+walk|chat)\s+with\b",
    re.IGNORECASE,
)
#: What sitting down with someone entails: one met them.
MEET_WORDS: tuple[str, ...] = ("met", "meet")


def entailed_by_meeting(text: str) -> tuple[str, ...]:
    """ "Had coffee with Niamh this morning" says I met Niamh: a meal, a drink or a walk had
    *with* someone is a meeting (for matching a question's "meet"); else nothing."""
    return MEET_WORDS if _MET_OVER.search(text) else ()


#: A journey or a stay opens when one sets off on it, leaves for it or arrives there, and
#: closes when one comes back from it (or checks out): the boundaries of an event that lasts.
_OPENS = lazyre.compile(
    r"\b(?:set(?:ting)?\s+(?:off|out)|left\s+for|leaving\s+for|head(?:ed|ing)?\s+"
    r"(?:off|out)|departed|arrived\s+(?:in|at)|checked\s+in(?:to)?)\b",
    re.IGNORECASE,
)
_CLOSES = lazyre.compile(
    r"\b(?:(?:got|get|came|come|flew|drove|walked|arrived|made\s+it)\s+(?:back|home)\s+from|"
    r"returned\s+(?:home\s+)?from|checked\s+out)\b",
    re.IGNORECASE,
)


def boundaries_in(text: str) -> set[str]:
    """Which boundary of a lasting event a clause asserts: ``start`` ("started", "began",
    "set off on", "left for", "arrived in") or ``end`` ("finished", "wrapped up", "got back
    from", "returned from"). The span of one event ("how many days did I spend on the
    walking tour") is measured between a clause of each kind."""
    found = set()
    aspects = aspect_in_words([w for _, _, w in words(text)])
    if "start" in aspects or _OPENS.search(text):
        found.add("start")
    if "finish" in aspects or _CLOSES.search(text):
        found.add("end")
    return found


#: The parts a series is made of, and what the series is called: a course's first class is
#: its start and its last class its end; so are a series' first and last episode.
_SERIES_OF: dict[str, tuple[str, ...]] = {
    "class": ("course", "classes", "lessons"),
    "lesson": ("course", "lessons", "classes"),
    "session": ("course", "sessions"),
    "lecture": ("course", "lectures"),
    "seminar": ("course", "seminars"),
    "episode": ("series", "season", "show"),
}
_ENDPOINT_PART = lazyre.compile(
    r"(?:\b(?:my|our|the|his|her|their)\s+|(?:^|(?<=[\n.!?*]))\s*)"
    r"(?P<which>first|last|final)\s+"
    r"(?!(?:two|three|four|five|six|seven|eight|nine|ten|few|couple|several|\d+)\b)"
    r"(?:[\w'\u2019-]+\s+){0,2}?"
    r"(?P<part>class|lesson|session|lecture|seminar|episode)(?:es|s)?\b(?!\s*-)",
    re.IGNORECASE,
)


def entailed_by_endpoint(text: str) -> list[tuple[int, tuple[str, ...]]]:
    """What "my first pottery class" / "the last episode" entails: starting (finishing) the
    series it is part of — the course, the lessons, the show — as (offset of the part,
    words). Only "first"/"last" as an ordinal of one part (after a determiner or opening
    the sentence), so "first-class", "the first three lessons" or "the class I liked
    first" entail nothing."""
    out = []
    for m in _ENDPOINT_PART.finditer(text):
        boundary = "started" if m["which"].lower() == "first" else "finished"
        out.append((m.start("part"), (boundary,) + _SERIES_OF[m["part"].lower()]))
    return out


_ACRONYM = lazyre.compile(r"\(\s*(?P<acr>[A-Za-z]{2,8})\s*\)")


def restated_acronyms(text: str) -> frozenset[str]:
    """Acronyms in brackets that only restate the capitalised words before them ("the Museum
    of Modern Art (MoMA)", "Public Records Office (PRO)"), lower-cased: an alias, not more
    content to find."""
    out = set()
    for m in _ACRONYM.finditer(text):
        acronym = m["acr"].lower()
        before = re.findall(r"[A-Za-z][\w'-]*", text[: m.start()])
        capitals = "".join(w[0].lower() for w in before if w[:1].isupper())
        every = "".join(w[0].lower() for w in before)
        if capitals.endswith(acronym) or every.endswith(acronym):
            out.add(acronym)
    return frozenset(out)


#: Quantities that are vague even though a resolver can read them ("a few days ago").
VAGUE_RE = lazyre.compile(
    r"\b(?:a\s+few|a\s+couple(?:\s+of)?|couple\s+of|several|some|a\s+number\s+of|many|"
    r"about|around|roughly|approximately|almost|nearly|over|more\s+than|less\s+than|"
    r"or\s+so|ish|early|mid|late|sometime|some\s+time|recent|the\s+other)\b",
    re.IGNORECASE,
)

WORD_RE = lazyre.compile(r"[A-Za-z0-9][A-Za-z0-9'\u2019+#&.-]*[A-Za-z0-9+#]|[A-Za-z0-9]")


def words(text: str) -> list[tuple[int, int, str]]:
    """Word tokens with their character spans (``'s`` and hyphenated words kept whole)."""
    out = []
    for m in WORD_RE.finditer(text):
        token = m.group(0)
        # Sentence-final dots and abbreviations: keep "St." inside, drop a trailing dot.
        start, end = m.start(), m.end()
        while token.endswith("."):
            token, end = token[:-1], end - 1
        if token:
            out.append((start, end, token))
    return out


def is_stop(word: str) -> bool:
    """A function word, also in an irregular form ("was", "did", "had")."""
    low = word.lower()
    return low in STOP_WORDS or IRREGULAR.get(low, "\0") in STOP_WORDS


def content_keys(text: str) -> list[str]:
    """Keys of the content words of ``text``, in order (stop words and numbers of days
    dropped)."""
    out = []
    for _, _, token in words(text):
        low = token.lower().replace("\u2019", "'")
        for part in re.split(r"[-/]", low):
            part = part.strip("'.")
            base = part.removesuffix("'s")
            if not base or is_stop(base):
                continue
            out.append(key(base))
    return out


#: A phrase that opens with its own named subject and a past verb: "Tom ran the half
#: marathon", "Aiyana Lopez finished the relay".
_NAMED_DOER = lazyre.compile(
    r"(?P<name>[A-Z][a-z][\w.-]*(?:\s+[A-Z][a-z][\w.-]*)?)\s+"
    r"(?P<verb>[a-z]+)\b"
)
_NOT_A_NAME = frozenset(
    {
        "I",
        "My",
        "The",
        "A",
        "An",
        "This",
        "That",
        "Our",
        "Your",
        "His",
        "Her",
        "Their",
        "We",
        "You",
        "He",
        "She",
        "They",
        "It",
        "When",
        "What",
        "Which",
        "Who",
        "How",
        "Where",
        "Why",
        "After",
        "Before",
    }
)


def named_doer(phrase: str) -> str | None:
    """The name that does the deed of a phrase opening with a clause of its own ("Tom ran the
    half marathon" -> "Tom", "Lena passing her driving test" -> "Lena"), or None. Only a
    capitalised name followed by a past form or a gerund counts, so "Greek lessons started"
    or "the Tate visit" name nobody."""
    m = _NAMED_DOER.match(phrase)
    if not m or m["name"].split()[0] in _NOT_A_NAME:
        return None
    verb = m["verb"]
    base = IRREGULAR.get(verb)
    past = (
        base is not None and base != verb and verb not in ("is", "are", "am", "has", "does", "goes")
    ) or (len(verb) > 3 and verb.endswith("ed") and verb not in NOT_INFLECTED)
    gerund = len(verb) > 4 and verb.endswith("ing") and verb not in NOT_INFLECTED
    return m["name"] if past or gerund else None
