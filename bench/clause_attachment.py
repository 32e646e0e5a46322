"""Clause attachment of time expressions: the clause grammar against punctuation.

usage: python bench/clause_attachment.py [--verbose]

Reads the hand-annotated sample ``tests/fixtures/clauses/attachment_sample.json`` (which verb
each time expression dates, and the verbs of the sentence's other events) and asks three
segmenters which clause each expression dates:

- ``punctuation``: the clause of ``relate.symbolic.segment.clauses`` that holds it (cuts at
  ";", dashes, ":", ", and/but/so…", "but/because/while", ", I/we/he…", " and I/we…", "then");
- ``punctuation + fronted``: the same, with the resolver's fronted-adverbial rule (a clause of
  at most five words dates the clause after it);
- ``grammar``: :func:`prme_cli.clauses.split` and :func:`prme_cli.clauses.event_clause`.

An attachment is right when the chosen clause holds the annotated verb and none of the other
events' verbs. Figures are printed for the real part (LongMemEval user turns, tuning part) and
the invented part separately.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "tests" / "fixtures" / "clauses" / "attachment_sample.json"
sys.path.insert(0, str(ROOT))

from prme_cli import clauses
from prme_cli.relate.symbolic import segment

_FILLERS = {"by", "the", "way", "so", "and", "well", "oh", "actually", "anyway", "also", "then"}


def _word_at(text: str, spec: str) -> int:
    word, _, nth = spec.partition("@")
    hits = [m.start() for m in re.finditer(rf"(?<![\w']){re.escape(word)}(?![\w'])", text)]
    return hits[int(nth or 1) - 1]


def punctuation(text: str, at: int, *, fronted: bool) -> tuple[int, int]:
    spans = segment.clauses(text)
    k = next(n for n, (a, b) in enumerate(spans) if a <= at < b or at < a)
    if fronted and k + 1 < len(spans):
        a, b = spans[k]
        words = [w for w in text[a:b].replace(",", " ").split() if w.lower() not in _FILLERS]
        if 0 < len(words) <= 5:
            return spans[k + 1]
    return spans[k]


def grammar(text: str, at: int) -> tuple[int, int]:
    found = clauses.split(text)
    k = clauses.event_clause(found, at)
    if k is None:
        k = next((n for n, c in enumerate(found) if at < c.end), len(found) - 1)
    c = found[k]
    return c.start, c.end


def score(items: list[dict], verbose: bool = False) -> dict[str, dict[str, tuple[int, int]]]:
    methods = {
        "punctuation": lambda t, a: punctuation(t, a, fronted=False),
        "punctuation + fronted": lambda t, a: punctuation(t, a, fronted=True),
        "grammar": grammar,
    }
    out: dict[str, dict[str, tuple[int, int]]] = {}
    for name, method in methods.items():
        for part in ("real", "invented", "held"):
            right = total = 0
            for item in items:
                if item["part"] != part:
                    continue
                text = item["text"]
                at = text.index(item["expression"])
                a, b = method(text, at)
                verb = _word_at(text, item["verb"])
                others = [_word_at(text, o) for o in item["others"]]
                ok = a <= verb < b and not any(a <= o < b for o in others)
                right += ok
                total += 1
                if verbose and not ok and name == "grammar":
                    print(f"  miss [{part}] {item['expression']!r} -> {text[a:b]!r}")
            out.setdefault(name, {})[part] = (right, total)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()
    items = json.loads(SAMPLE.read_text(encoding="utf-8"))["items"]
    figures = score(items, args.verbose)
    print(
        "| segmenter | real (LongMemEval oracle tuning turns) | invented | held out (LongMemEval-S turns) |"
    )
    print("|---|---|---|---|")
    for name, parts in figures.items():
        cells = [f"{r}/{t} = {100 * r / t:.0f} %" for r, t in parts.values()]
        print(f"| {name} | {' | '.join(cells)} |")


if __name__ == "__main__":
    main()
