"""The words of time: one table per kind of piece, and nothing else.

Every English word the engine knows lives here, so the grammar reads ``MONTHS`` and
``UNITS`` instead of spelling names out, and the did-you-mean of an error message can offer
any of them. Tables are plain dicts and sets built at import (a few hundred entries), but for
the two only the finder and an error message read, built at their first use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

MONTH_NAMES = [
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
]
MONTHS: dict[str, int] = {name: i + 1 for i, name in enumerate(MONTH_NAMES)}
MONTHS.update({name[:3]: i + 1 for i, name in enumerate(MONTH_NAMES)})
MONTHS.update({"sept": 9})

WEEKDAY_NAMES = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
WEEKDAYS: dict[str, int] = {name: i for i, name in enumerate(WEEKDAY_NAMES)}
WEEKDAYS.update({name[:3]: i for i, name in enumerate(WEEKDAY_NAMES)})
WEEKDAYS.update({"tues": 1, "tu": 1, "weds": 2, "thur": 3, "thurs": 3, "thu": 3})
#: plural weekdays are habits ("on mondays"): a recurrence, not a date
WEEKDAY_PLURALS: dict[str, int] = {name + "s": i for i, name in enumerate(WEEKDAY_NAMES)}

#: Unit words -> grain. ``m`` is absent: minute or month? Only compact forms decide it.
UNITS: dict[str, str] = {}
for _grain, _words in (
    ("second", ("second", "sec", "secs", "seconds", "s")),
    ("minute", ("minute", "minutes", "min", "mins", "mn")),
    ("hour", ("hour", "hours", "hr", "hrs", "h")),
    ("day", ("day", "days", "d")),
    ("week", ("week", "weeks", "wk", "wks", "w")),
    ("month", ("month", "months", "mo", "mos", "mth", "mths")),
    ("quarter", ("quarter", "quarters", "qtr", "qtrs")),
    ("year", ("year", "years", "yr", "yrs", "y")),
    ("decade", ("decade", "decades")),
    ("century", ("century", "centuries")),
    ("fortnight", ("fortnight", "fortnights")),
    ("night", ("night", "nights")),
    ("weekend", ("weekend", "weekends", "wknd", "wknds", "wkend", "wkends")),
):
    for _word in _words:
        UNITS[_word] = _grain
#: single letters are units only glued to a number ("3h", "10D"), never alone
LETTER_UNITS = {"s", "h", "d", "w", "y", "m", "q"}
#: the singular word a unit stands for alone ("past week", "next hour")
UNIT_WORDS = {
    "second",
    "minute",
    "hour",
    "day",
    "week",
    "month",
    "quarter",
    "year",
    "decade",
    "century",
    "fortnight",
    "weekend",
    "sec",
    "min",
    "hr",
    "wk",
    "yr",
    "qtr",
    "mo",
}

SMALL_NUMBERS = [
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
]
NUMBERS: dict[str, int] = {word: i for i, word in enumerate(SMALL_NUMBERS)}
NUMBERS.update({"oh": 0, "nought": 0})
TENS: dict[str, int] = {
    word: (i + 2) * 10
    for i, word in enumerate(
        ["twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]
    )
}
ORDINAL_WORDS: dict[str, int] = {
    word: i + 1
    for i, word in enumerate(
        [
            "first",
            "second",
            "third",
            "fourth",
            "fifth",
            "sixth",
            "seventh",
            "eighth",
            "ninth",
            "tenth",
            "eleventh",
            "twelfth",
            "thirteenth",
            "fourteenth",
            "fifteenth",
            "sixteenth",
            "seventeenth",
            "eighteenth",
            "nineteenth",
            "twentieth",
        ]
    )
}
ORDINAL_WORDS.update({"thirtieth": 30, "1st": 1})
ORDINAL_SUFFIXES = {"st", "nd", "rd", "th"}
#: tens as ordinals ("the twentieth") and the ordinals that may follow a tens word
TENS_ORDINALS = {"twentieth": 20, "thirtieth": 30}

#: vague counts: a number people do not mean exactly (their reading is approximate)
VAGUE_COUNTS = {"few": 3, "several": 3, "some": 3, "couple": 2}

#: parts of the day as [start hour, end hour) of the day they name (night runs past midnight)
PARTS: dict[str, tuple[int, int]] = {
    "morning": (4, 12),
    "afternoon": (12, 18),
    "evening": (18, 24),
    "night": (18, 28),
    "nighttime": (18, 28),
    "daytime": (8, 18),
    "midday": (11, 14),
    "breakfast": (6, 10),
    "lunch": (12, 14),
    "lunchtime": (12, 14),
    "brunch": (10, 13),
    "dinner": (18, 21),
    "dinnertime": (18, 21),
    "supper": (18, 21),
    "teatime": (15, 17),
    "first thing": (7, 10),  # "first thing tomorrow": the start of the working day
    "small hours": (0, 4),  # "in the small hours of sunday", "the wee hours": after midnight
    "dawn": (5, 7),
    "sunrise": (5, 7),
    "dusk": (18, 20),
    "sunset": (18, 20),
    "daybreak": (5, 7),  # other names of the same hours of the sun
    "sunup": (5, 7),
    "sundown": (18, 20),
    "nightfall": (18, 20),
}
#: parts named by a meal or by the sun: in prose they are usually the event itself ("her
#: birthday dinner on Friday", "we watched the sunset"), so they are a time only after a
#: preposition ("at lunch", "over dinner", "before dawn")
EVENT_PARTS = frozenset(
    {"breakfast", "lunch", "lunchtime", "brunch", "dinner", "dinnertime", "supper", "teatime",
     "dawn", "sunrise", "dusk", "sunset", "daybreak", "sunup", "sundown", "nightfall"}
)  # fmt: skip
PART_ALIASES = {
    "mornings": "morning",
    "evenings": "evening",
    "nights": "night",
    "afternoons": "afternoon",
    "morn": "morning",
    "nite": "night",
    "arvo": "afternoon",  # Australian English
    "am": "morning",
    "pm": "afternoon",
}

#: relation words before a weekday, month, period or holiday
RELATIONS: dict[str, str] = {
    "last": "last",
    "previous": "last",
    "prev": "last",
    "past": "last",
    "preceding": "last",
    "prior": "last",
    "this": "this",
    "current": "this",
    "present": "this",
    "same": "this",
    "that": "this",
    "next": "next",
    "nxt": "next",
    "following": "next",
    "subsequent": "next",
    "coming": "coming",
    "upcoming": "coming",
    "forthcoming": "coming",
}

#: zones written after a clock time ("3pm ET", "14:05 GMT"): a fixed offset, or an IANA zone
#: for the US generic names, whose offset depends on the date (IST is left out: India,
#: Ireland or Israel?)
ZONES: dict[str, str] = {
    "utc": "+00:00",
    "gmt": "+00:00",
    "z": "+00:00",
    "bst": "+01:00",
    "cet": "+01:00",
    "cest": "+02:00",
    "eet": "+02:00",
    "eest": "+03:00",
    "est": "-05:00",
    "edt": "-04:00",
    "cst": "-06:00",
    "cdt": "-05:00",
    "mst": "-07:00",
    "mdt": "-06:00",
    "pst": "-08:00",
    "pdt": "-07:00",
    "jst": "+09:00",
    "aest": "+10:00",
    "aedt": "+11:00",
    "et": "America/New_York",
    "ct": "America/Chicago",
    "mt": "America/Denver",
    "pt": "America/Los_Angeles",
}
#: chat spellings cut as a digit and a word ("2nite"), read as the word they stand for
#: ("2day", "2night" are left out: "a 2day course", "a 2night stay" are lengths)
CHAT_DAYS = {"nite": "tonight", "moro": "tomorrow", "morrow": "tomorrow", "mrw": "tomorrow",
             "mro": "tomorrow"}  # fmt: skip

#: short forms of time words that people write with a dot ("yest. evening", "2 mos. ago",
#: "St. Patrick's Day", "20 mins. later"): the dot marks the short form, so it is no full stop
#: and no part of the expression (weekday and month short forms keep their own dot rules)
ABBREVIATION_DOTS = frozenset(
    {"yest", "tmrw", "tmw", "min", "mins", "hr", "hrs", "sec", "secs", "wk", "wks",
     "mo", "mos", "mth", "mths", "yr", "yrs", "qtr", "qtrs", "wknd", "st", "approx", "hol",
     "hols"}
)  # fmt: skip

#: seasons as (first month, months long); winter starts in December (meteorological)
SEASONS: dict[str, int] = {"spring": 3, "summer": 6, "autumn": 9, "fall": 9, "winter": 12}
#: seasons counted ("two summers ago")
SEASON_PLURALS: dict[str, int] = {
    "springs": 3,
    "summers": 6,
    "autumns": 9,
    "falls": 9,
    "winters": 12,
}

#: words that make an expression vague: its reading is approximate and widened
HEDGES = {
    "around",
    "about",
    "approximately",
    "approx",
    "roughly",
    "circa",
    "ca",
    "near",
    "nearly",
    "almost",
    "sometime",
    "some time",
    "give or take",
}

#: holidays: name (words, possessive ``'s`` dropped) -> rule key (see calendar.holiday_days)
HOLIDAYS: dict[str, str] = {
    "new year": "new_year",
    "new years": "new_year",
    "new years day": "new_year",
    "new year day": "new_year",
    "new years eve": "new_year_eve",
    "new year eve": "new_year_eve",
    "nye": "new_year_eve",
    "valentines": "valentine",
    "valentines day": "valentine",
    "valentine day": "valentine",
    "saint valentines day": "valentine",
    "st valentines day": "valentine",
    "st patricks day": "patrick",
    "st patrick day": "patrick",
    "saint patricks day": "patrick",
    "saint patrick": "patrick",
    "st patricks": "patrick",
    "saint patricks": "patrick",
    "saint patrick day": "patrick",
    "patricks day": "patrick",
    "april fools day": "april_fools",
    "april fools": "april_fools",
    "groundhog day": "groundhog",
    "earth day": "earth_day",
    "good friday": "good_friday",
    "maundy thursday": "maundy_thursday",
    "holy thursday": "maundy_thursday",
    "palm sunday": "palm_sunday",
    "ash wednesday": "ash_wednesday",
    "shrove tuesday": "shrove_tuesday",
    "mardi gras": "shrove_tuesday",
    "pancake day": "shrove_tuesday",
    "easter": "easter",
    "easter sunday": "easter",
    "easter day": "easter",
    "easter monday": "easter_monday",
    "ascension day": "ascension",
    "whit sunday": "pentecost",
    "pentecost": "pentecost",
    "whitsun": "pentecost",
    "whit monday": "whit_monday",
    "mothering sunday": "mothering_sunday",
    "early may bank holiday": "early_may_bank",
    "may day bank holiday": "early_may_bank",
    "may bank holiday": "early_may_bank",
    "spring bank holiday": "spring_bank",
    "late may bank holiday": "spring_bank",
    "whitsun bank holiday": "spring_bank",
    "summer bank holiday": "summer_bank",
    "late summer bank holiday": "summer_bank",
    "august bank holiday": "summer_bank",
    "remembrance sunday": "remembrance_sunday",
    "hogmanay": "new_year_eve",
    "mothers day": "mother",
    "mother day": "mother",
    "fathers day": "father",
    "father day": "father",
    "memorial day": "memorial",
    "independence day": "independence",
    "fourth of july": "independence",
    "4th of july": "independence",
    "july fourth": "independence",
    "july 4th": "independence",
    "labor day": "labor",
    "labour day": "labor",
    "columbus day": "columbus",
    "halloween": "halloween",
    "hallowe'en": "halloween",
    "all saints day": "all_saints",
    "veterans day": "veterans",
    "armistice day": "veterans",
    "remembrance day": "veterans",
    "thanksgiving": "thanksgiving",
    "thanksgiving day": "thanksgiving",
    "black friday": "black_friday",
    "cyber monday": "cyber_monday",
    "christmas eve": "christmas_eve",
    "xmas eve": "christmas_eve",
    "christmas": "christmas",
    "christmas day": "christmas",
    "xmas": "christmas",
    "xmas day": "christmas",
    "x mas": "christmas",  # "x-mas", "X-Mas day"
    "x mas day": "christmas",
    "x mas eve": "christmas_eve",
    "boxing day": "boxing",
    "martin luther king day": "mlk",
    "martin luther king jr day": "mlk",
    "mlk day": "mlk",
    "presidents day": "presidents",
    "president day": "presidents",
    "washingtons birthday": "presidents",
    "juneteenth": "juneteenth",
    "may day": "may_day",
    "international workers day": "may_day",
    "workers day": "may_day",
    "international womens day": "womens_day",
    "womens day": "womens_day",
    "bastille day": "bastille",
    "canada day": "canada_day",
    "australia day": "australia_day",
    "guy fawkes night": "guy_fawkes",
    "guy fawkes": "guy_fawkes",
    "cinco de mayo": "cinco_de_mayo",
    "burns night": "burns_night",
    "st andrews day": "st_andrew",
    "st andrew day": "st_andrew",
    "saint andrews day": "st_andrew",
    "saint andrew day": "st_andrew",
    "st georges day": "st_george",
    "st george day": "st_george",
    "saint georges day": "st_george",
    "saint george day": "st_george",
    "st davids day": "st_david",
    "st david day": "st_david",
    "saint davids day": "st_david",
    "saint david day": "st_david",
    "anzac day": "anzac_day",
    "election day": "election_day",
    "bonfire night": "guy_fawkes",
    "tax day": "tax_day",
    "eid al fitr": "lib:TR:Eid al-Fitr",
    "eid ul fitr": "lib:TR:Eid al-Fitr",
    "eid al adha": "lib:TR:Eid al-Adha",
    "eid ul adha": "lib:TR:Eid al-Adha",
    "diwali": "lib:IN:Diwali",
    "deepavali": "lib:IN:Diwali",
    "holi": "lib:IN:Holi",
    "chinese new year": "lib:CN:Chinese New Year (Spring Festival)",
    "lunar new year": "lib:CN:Chinese New Year (Spring Festival)",
    "spring festival": "lib:CN:Chinese New Year (Spring Festival)",
    "rosh hashanah": "lib:IL:Rosh Hashanah",
    "yom kippur": "lib:IL:Yom Kippur",
    "passover": "lib:IL:Pesach",
    "pesach": "lib:IL:Pesach",
    "sukkot": "lib:IL:Sukkot",
    "purim": "lib:IL:Purim",
    "shavuot": "lib:IL:Shavuot",
    "hanukkah": "lib:IL:Hanukkah",
    "chanukah": "lib:IL:Hanukkah",
}
#: the first word of every holiday name, so the grammar only looks a name up where one can start
HOLIDAY_FIRST_WORDS = {name.split()[0] for name in HOLIDAYS}
HOLIDAY_MAX_WORDS = max(len(name.split()) for name in HOLIDAYS)

#: period anchors of taskwarrior: ``sow`` start of week ... ``eoy`` end of year
ANCHORS: dict[str, tuple[str, str]] = {
    f"{edge}o{letter}": (edge, grain)
    for edge in ("s", "e")
    for letter, grain in (
        ("d", "day"),
        ("w", "week"),
        ("m", "month"),
        ("q", "quarter"),
        ("y", "year"),
    )
}
ANCHORS.update(
    {
        f"bo{letter}": ("s", grain)
        for letter, grain in (
            ("d", "day"),
            ("w", "week"),
            ("m", "month"),
            ("q", "quarter"),
            ("y", "year"),
        )
    }
)

#: the words that carry time by themselves ("today", "noon", "fortnightly", "eoy" …), beside
#: the names and numbers of the tables above: the finder starts an expression only near one
#: of them (:data:`CORE_WORDS`), and they belong to the vocabulary
#: Words that count or measure what a number before them is ("30 km", "12 people", "8
#: laps"): such a number is an amount, never a day of the month ("Saturday, 30 km").
_MEASURES = """
    km kms k kilometre kilometres kilometer kilometers mi mile miles m metre metres meter meters
    kg kgs kilo kilos lb lbs pound pounds g gram grams litre litres liter liters l ml
    laps lap reps rep lengths sets people guests kids quid euros dollars
"""
MEASURE_WORDS = frozenset(_MEASURES.split())
TIME_BEARING_WORDS = frozenset(
    {
        "now",
        "today",
        "yesterday",
        "tomorrow",
        "tonight",
        "tonite",
        "tmrw",
        "tmr",
        "tmw",
        "yday",
        "yest",
        "noon",
        "midnight",
        "midday",
        "weekend",
        "weekends",
        "recently",
        "lately",
        "daily",
        "biweekly",
        "weekly",
        "monthly",
        "yearly",
        "annually",
        "hourly",
        "nightly",
        "quarterly",
        "fortnightly",
        "holidays",
        "festive",
        "ytd",
        "mtd",
        "qtd",
        "otd",
        "currently",
        "moment",
        "present",
        "time",
        "date",
        "couple",
        "few",
        "several",
        "dozen",
        "half",
        "fortnight",
        "nineties",
        "eighties",
        "seventies",
        "sixties",
        "fifties",
        "forties",
        "thirties",
        "twenties",
        "noughties",
        "eod",
        "eom",
        "eoy",
        "sod",
        "sow",
        "som",
        "soy",
    }
)

#: the other words the grammar uses (with the tables and :data:`RULE_WORDS`, the vocabulary of
#: the did-you-mean of unknown words)
FUNCTION_WORDS = {
    "day",
    "night",
    "the",
    "a",
    "an",
    "of",
    "in",
    "on",
    "at",
    "to",
    "from",
    "until",
    "till",
    "til",
    "through",
    "thru",
    "between",
    "and",
    "or",
    "before",
    "after",
    "ago",
    "later",
    "earlier",
    "hence",
    "since",
    "by",
    "during",
    "over",
    "within",
    "for",
    "next",
    "last",
    "this",
    "past",
    "end",
    "start",
    "beginning",
    "middle",
    "mid",
    "early",
    "late",
    "right",
    "quarter",
    "some",
    "every",
    "each",
    "weekday",
    "weekdays",
    "thrice",
    "o'clock",
    "oclock",
    "am",
    "pm",
    "around",
    "about",
    "approximately",
    "roughly",
    "circa",
    "ish",
    "back",
    "forward",
    "than",
    "no",
    "more",
    "less",
    "rest",
    "remainder",
    "all",
    "whole",
    "entire",
    "week",
    "month",
    "year",
    "season",
    "decade",
    "century",
    "ahead",
    "other",
    "recent",
    "soon",
    "while",
    "once",
    "twice",
    "hundred",
    "thousand",
    "bc",
    "ad",
    "bce",
    "ce",
}
#: other words rules begin or continue with ("as early as", "no later than", "ytd" …)
RULE_WORDS = {
    "afterward",
    "turn",  # "the turn of the year"
    "afterwards",
    "almost",
    "ampm",
    "any",
    "anytime",
    "approx",
    "as",
    "balance",
    "beyond",
    "business",
    "but",
    "ca",
    "calendar",
    "clock",
    "close",
    "commencing",
    "cy",
    "fiscal",
    "fy",
    "greater",
    "into",
    "just",
    "long",
    "m",
    "near",
    "nearly",
    "not",
    "o",
    "onward",
    "onwards",
    "overnight",
    "p",
    "prior",
    "q",
    "single",
    "so",
    "far",
    "ending",
    "sometime",
    "somewhere",
    "starting",
    "th",
    "threequarters",
    "thing",
    "cob",
    "eob",
    "shortly",
    "midweek",
    "midmonth",
    "midyear",
    "small",
    "wee",
    "towards",
    "toward",
    "halfway",
    "tail",
    "final",
    "penultimate",
    "sharp",
    "dot",
    "latter",
    "part",
    "point",
    "latest",
    "earliest",
    "thereabouts",
    "times",
    "former",
    "front",
    "throughout",
    "gone",
    "holiday",
    "little",
    "slightly",
    "bit",
    "tad",
    "well",
    "good",
    "under",
    "shy",
    "upwards",
    "quite",
    "hrs",
    "tonigh",
    "up",
    "very",
    "week's",
    "with",
    "work",
    "working",
}
VOCABULARY = (
    RULE_WORDS
    | set(MONTHS)
    | set(WEEKDAYS)
    | set(WEEKDAY_PLURALS)
    | set(UNITS)
    | set(NUMBERS)
    | set(TENS)
    | set(ORDINAL_WORDS)
    | set(PARTS)
    | set(PART_ALIASES)
    | set(RELATIONS)
    | set(SEASONS)
    | set(SEASON_PLURALS)
    | set(ANCHORS)
    | set(ZONES)
    | {w for name in HOLIDAYS for w in name.split()}
    | FUNCTION_WORDS
    | TIME_BEARING_WORDS
)
#: words long enough and close enough to a time word that a typo is the likely story
#: (``SUGGESTABLE``), and the words that carry time by themselves (``CORE_WORDS``): an
#: expression in running text has one of them near its start (the finder tries a position
#: only then, which keeps reading a note cheap). Only an error message and the finder read
#: them: each is built at its first use (:func:`__getattr__`), not with the engine
if TYPE_CHECKING:
    SUGGESTABLE: set[str]
    CORE_WORDS: set[str]


def _suggestable() -> set[str]:
    return {w for w in VOCABULARY if len(w) >= 4}


def _core_words() -> set[str]:
    return (
        set(MONTHS)
        | set(WEEKDAYS)
        | set(WEEKDAY_PLURALS)
        | {w for w in UNITS if len(w) > 1}
        | set(NUMBERS)
        | set(TENS)
        | set(ORDINAL_WORDS)
        | set(PARTS)
        | set(PART_ALIASES)
        | set(SEASONS)
        | set(ANCHORS)
        | {w for name in HOLIDAYS for w in name.split()}
        | TIME_BEARING_WORDS
    )


_BUILT_AT_FIRST_USE = {"SUGGESTABLE": _suggestable, "CORE_WORDS": _core_words}

if not TYPE_CHECKING:

    def __getattr__(name: str) -> Any:
        """A table built at first use, then kept as a plain module attribute."""
        build = _BUILT_AT_FIRST_USE.get(name)
        if build is None:
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
        table = globals()[name] = build()
        return table


#: words no reading begins with (they only join or follow): never a start position
NEVER_FIRST = {
    "days",
    "weeks",
    "months",
    "years",
    "hours",
    "minutes",
    "seconds",
    "mins",
    "hrs",
    "secs",
    "wks",
    "yrs",
    "decades",
    "centuries",
    "fortnights",
    "time",
    "date",
    "and",
    "of",
    "or",
    "but",
    "with",
    "so",
    "long",
    "very",
    "close",
    "into",
    "single",
    "work",
    "working",
    "business",
    "calendar",
    "fiscal",
    "clock",
    "m",
    "o",
    "p",
    "th",
    "than",
    "ago",
    "hence",
    "back",
    "forward",
    "ish",
    "am",
    "pm",
    "s",
    "d",
    "h",
    "w",
    "y",
}
