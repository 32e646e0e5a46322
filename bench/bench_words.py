"""The word normaliser: a kept library (lemminflect) against the written grammar it replaced.

usage: python bench/bench_words.py

Both map a word to the key events are matched by. The written grammar is the one relate's
text alignment grew (``relate/symbolic/lexicon.py``: an irregular-verb table, suffix
stripping and a hand list of nominalisations); the library is lemminflect's dictionary with a
few derivational rules checked against it (``prme_cli/words.py``). The test words were
written for this comparison: irregular pasts, nominalisations, nouns that look like verb
forms, and nouns that must stay nouns. A pair counts as right when the two words of the pair
get the same key (``same``) or different keys (``apart``). Prints accuracy and the time to
load and to normalise every word once.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

SAME = [
    ("went", "go"),
    ("bought", "buy"),
    ("ran", "run"),
    ("sold", "sell"),
    ("met", "meet"),
    ("migration", "migrate"),
    ("renovation", "renovate"),
    ("inspection", "inspect"),
    ("arrival", "arrive"),
    ("delivery", "deliver"),
    ("departure", "depart"),
    ("payment", "pay"),
    ("completion", "complete"),
    ("submission", "submit"),
    ("application", "apply"),
    ("attendance", "attend"),
    ("removal", "remove"),
    ("approval", "approve"),
    ("performance", "perform"),
    ("proposal", "propose"),
    ("recovery", "recover"),
    ("injured", "injure"),
    ("hurt", "hurts"),
    ("visited", "visit"),
    ("adopted", "adoption"),
    ("shipped", "ship"),
    ("baked", "baking"),
    ("flew", "fly"),
    ("caught", "catch"),
    ("construction", "construct"),
    ("registration", "register"),
    ("closure", "close"),
]
APART = [
    ("station", "state"),
    ("party", "part"),
    ("signal", "sign"),
    ("balance", "bale"),
    ("meeting", "meat"),
    ("news", "new"),
    ("nation", "nate"),
    ("feeling", "feel"),
    ("building", "build"),
    ("sewing", "sew"),
    ("ceiling", "ceil"),
]


def grammar_key(word: str) -> str:
    from prme_cli.relate.symbolic import lexicon

    return lexicon.key(word)


def library_key(word: str) -> str:
    from prme_cli import words

    return words.event_key(word)


def score(key: object) -> tuple[int, int, float]:
    started = time.perf_counter()
    same = sum(key(a) == key(b) for a, b in SAME)  # type: ignore[operator]
    apart = sum(key(a) != key(b) for a, b in APART)  # type: ignore[operator]
    return same, apart, time.perf_counter() - started


def main() -> None:
    for name, key in (("written grammar", grammar_key), ("lemminflect", library_key)):
        same, apart, first = score(key)
        print(
            f"{name:16} same {same}/{len(SAME)}  apart {apart}/{len(APART)}  "
            f"right {(same + apart) / (len(SAME) + len(APART)):.0%}  "
            f"first pass (load included) {first * 1000:.0f} ms"
        )


if __name__ == "__main__":
    main()
