"""Text search in scripts written without spaces (SPEC §5 ``query``): Chinese, Japanese, Korean.

FTS5's ``unicode61`` tokenizer splits words at spaces and punctuation, so a Chinese sentence is
one long "word" and ``query 专利`` finds only notes where 专利 stands between punctuation marks
(9 of 71 in a real journal). FTS5's trigram tokenizer finds substrings, but only of three
characters or more, and most Chinese words have two. So prme keeps a second FTS5 index
(``objects_cjk``, same columns and BM25 weights as ``objects_fts``) over the notes that
contain CJK text, in which every run of CJK characters is written as its overlapping
character pairs (bigrams, as Lucene's CJK analyzer and most CJK search engines index) plus
its last character alone:

    我们讨论了专利申请  ->  我们 们讨 讨论 论了 了专 专利 利申 申请 请

A query word in CJK becomes the phrase of its bigrams (``专利申请`` -> ``"专利 利申 申请"``),
which matches exactly the runs that contain it; a single character becomes a prefix token
(``"猫"*``), which every run containing it produces (as the first of a pair, or as the last
character). Text in other scripts is kept as it is, so a mixed query (``专利 draft``) is
answered from the same index, and ranking stays BM25.

Scripts covered: Han (CJK Unified Ideographs and their extensions, compatibility
ideographs), Hiragana, Katakana (also half-width), Bopomofo and Hangul.
"""

from __future__ import annotations

import re

from prme_cli import lazyre

_CJK_CLASS = (
    "\u1100-\u11ff"  # Hangul Jamo
    "\u3005-\u3007"  # 々 〆 〇
    "\u3040-\u309f"  # Hiragana
    "\u30a0-\u30ff"  # Katakana (with ー)
    "\u3100-\u312f"  # Bopomofo
    "\u3130-\u318f"  # Hangul compatibility Jamo
    "\u31f0-\u31ff"  # Katakana phonetic extensions
    "\u3400-\u4dbf"  # CJK Extension A
    "\u4e00-\u9fff"  # CJK Unified Ideographs
    "\uac00-\ud7af"  # Hangul syllables
    "\uf900-\ufaff"  # CJK compatibility ideographs
    "\uff66-\uff9f"  # half-width Katakana
    "\U00020000-\U0003134f"  # CJK Extensions B-G
)
_CJK_RUN = lazyre.compile(f"[{_CJK_CLASS}]+")


def has_cjk(text: str) -> bool:
    """Whether ``text`` holds a character of a script written without spaces."""
    return _CJK_RUN.search(text) is not None


def _pairs(run: str) -> list[str]:
    return [run[i : i + 2] for i in range(len(run) - 1)]


def index_text(text: str) -> str:
    """``text`` as the CJK index stores it: each CJK run as its bigrams and its last
    character, space-separated from the rest; other text unchanged."""

    def spell(match: re.Match[str]) -> str:
        run = match.group()
        return " " + " ".join([*_pairs(run), run[-1]]) + " "

    return _CJK_RUN.sub(spell, text)


def query_phrase(word: str) -> str:
    """One query word as an FTS5 phrase over the CJK index (quotes doubled, so any text is
    safe): its CJK runs as bigrams, the rest as written; a word ending in a lone CJK
    character ends in a prefix token, which finds that character wherever it stands."""
    parts: list[str] = []
    position = 0
    prefix = False
    for match in _CJK_RUN.finditer(word):
        if match.start() > position:
            parts.append(word[position : match.start()])
        run = match.group()
        parts.extend(_pairs(run) if len(run) > 1 else [run])
        prefix = len(run) == 1 and match.end() == len(word)
        position = match.end()
    if position < len(word):
        parts.append(word[position:])
    phrase = '"' + " ".join(parts).replace('"', '""') + '"'
    return phrase + " *" if prefix else phrase
