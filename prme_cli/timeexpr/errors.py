"""Why an expression was refused, said so a person can fix it (with a did-you-mean for typos)."""

from __future__ import annotations

from prme_cli.timeexpr import lexicon as lx
from prme_cli.timeexpr.tokens import Token


def suggestion(word: str) -> str | None:
    """The time word ``word`` was most likely meant to be (``tomorow`` -> ``tomorrow``)."""
    if len(word) < 3:
        return None
    import difflib  # only on the error path

    close = difflib.get_close_matches(word, lx.SUGGESTABLE, n=1, cutoff=0.75)
    return close[0] if close else None


def explain(tokens: list[Token], refusals: list[str]) -> str:
    """The reason shown for an unreadable expression: an unknown word first (with what it
    probably was), else the last thing that made a reading fail, else a pointer to help."""
    for tok in tokens:
        if tok.kind != "word":
            continue
        word = tok.value.removesuffix("'s").removesuffix("'")
        if word in lx.VOCABULARY or tok.value in lx.VOCABULARY:
            continue
        if tok.glued and (len(word) == 1 or word in lx.ORDINAL_SUFFIXES):
            continue
        guess = suggestion(word)
        if guess is not None:
            return f"unknown word {tok.text!r} (did you mean {guess!r}?)"
        return f"unknown word {tok.text!r}"
    if refusals:
        return refusals[-1]
    return "not a time expression prme knows (see `prme when --help`)"
