"""CJK text is findable (issue 11, point 5): every note containing a word, ranked by BM25.

The journal is invented in the shape of an org-journal collection kept partly in Chinese
(daily files named ``journal_YYYY-MM-DD.org``), with a few Japanese and Korean notes.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

import prme_cli.store as store_mod
from prme_cli.ingest import forget, ingest_paths
from prme_cli.query import select
from prme_cli.store import Store

T0 = datetime(2026, 11, 20, 9, 0, tzinfo=UTC)
T1 = datetime(2026, 11, 21, 9, 0, tzinfo=UTC)

# (file day, heading, body); "专利" (patent) appears in the first eight, in every position a
# sentence can put it, and nowhere else.
ENTRIES = [
    ("01", "专利申请", "今天终于把材料交上去了。"),
    ("02", "和导师开会", "讨论了专利的权利要求，还要改三处。"),
    ("03", "写代码", "下午写了解析器，晚上看了一篇关于专利检索的论文"),
    ("04", "读书", "读到一半，专利"),
    ("05", "Meeting notes", "Lawyer call: 专利 draft due Friday (第二版)."),
    ("06", "周末", "去爬山了。路上想到一个新的专利点子：用二元组建索引。"),
    ("07", "杂事", "专利费交了，专利号下周出来，专利证书要等三个月。"),
    ("08", "准备答辩", "把「专利」那一章删掉了?"),
    ("09", "天气", "下雨。买了一把新伞，专门放在办公室。"),
    ("10", "午饭", "和同事吃了拉面，利息的事没谈。"),
]
OTHERS = {
    "journal_2026-11-11.org": "* 会議メモ\n特許の件は来週までに決める。\n",
    "journal_2026-11-12.org": "* 회의\n특허 출원 서류를 준비했다.\n",
    "journal_2026-11-13.org": "* 猫\n猫が窓の外を見ている。\n",
}


def _journal(root: Path) -> Path:
    for day, title, body in ENTRIES:
        text = f"#+TITLE: 2026-11-{day}\n* {title}\n{body}\n"
        (root / f"journal_2026-11-{day}.org").write_text(text, encoding="utf-8")
    for name, text in OTHERS.items():
        (root / name).write_text(text, encoding="utf-8")
    return root


@pytest.fixture
def store(tmp_path: Path) -> Any:
    root = tmp_path / "journal"
    root.mkdir()
    s = Store.open(tmp_path / "memory.sqlite3")
    assert ingest_paths(s, [_journal(root)], now=T0).errors == []
    s.root = root  # type: ignore[attr-defined]
    yield s
    s.close()


def titles(rows: list[Any]) -> list[str]:
    return [r.title for r in rows if r.type == "heading"]


def test_every_note_containing_a_two_character_word_is_found(store: Store) -> None:
    found = titles(select(store, text="专利", limit=None))
    expected = [title for _, title, body in ENTRIES if "专利" in title + body]
    assert sorted(found) == sorted(expected) and len(found) == 8


@pytest.mark.parametrize(
    ("word", "expected"),
    [
        ("专利申请", {"专利申请"}),  # in a title
        ("权利要求", {"和导师开会"}),  # four characters mid-sentence
        ("二元组", {"周末"}),
        ("拉面", {"午饭"}),
        ("利息", {"午饭"}),  # 利 also follows 专 elsewhere: only the real pair counts
        ("特許", {"会議メモ"}),  # Japanese
        ("특허", {"회의"}),  # Korean
        ("猫", {"猫"}),  # one character: wherever it stands
        ("伞", {"天气"}),
    ],
)
def test_words_of_any_length_in_cjk_scripts(store: Store, word: str, expected: set[str]) -> None:
    assert set(titles(select(store, text=word, limit=None))) == expected


def test_a_word_across_a_sentence_break_does_not_match(store: Store) -> None:
    # "三处" and "下午" sit in different notes; "了。路" spans punctuation
    assert titles(select(store, text="处下", limit=None)) == []
    assert titles(select(store, text="了路", limit=None)) == []


def test_mixed_script_words_and_several_words(store: Store) -> None:
    assert titles(select(store, text="专利 draft", limit=None)) == ["Meeting notes"]
    assert titles(select(store, text="专利 证书", limit=None)) == ["杂事"]
    assert titles(select(store, text="专利 lawyer", limit=None)) == ["Meeting notes"]
    assert titles(select(store, text="专利 nonexistent", limit=None)) == []


def test_ranking_stays_bm25(store: Store) -> None:
    rows = select(store, text="专利", limit=None)
    scores = [r.score for r in rows]
    assert all(s is not None for s in scores) and scores == sorted(scores, reverse=True)
    order = titles(rows)
    assert order[0] == "专利申请"  # the title weighs most
    assert order.index("杂事") < order.index("读书")  # three mentions beat one


def test_the_index_follows_edits_tombstones_and_forget(store: Store) -> None:
    root: Path = store.root  # type: ignore[attr-defined]
    (root / "journal_2026-11-04.org").write_text("* 读书\n读完了。\n", encoding="utf-8")
    (root / "journal_2026-11-09.org").write_text("* 天气\n又是专利。\n", encoding="utf-8")
    (root / "journal_2026-11-07.org").unlink()
    ingest_paths(store, [root], now=T1)
    found = set(titles(select(store, text="专利", limit=None)))
    assert "读书" not in found and "杂事" not in found and "天气" in found
    assert len(found) == 7
    forget(store, root / "journal_2026-11-09.org")
    assert "天气" not in titles(select(store, text="专利", limit=None))
    assert store.integrity_check() == []


def test_an_older_store_gets_its_cjk_notes_indexed_by_the_migration(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = tmp_path / "journal"
    root.mkdir()
    full = list(store_mod.MIGRATIONS)
    names = [name for name, _ in full]
    monkeypatch.setattr(
        store_mod, "MIGRATIONS", [m for m in full if m[0] != "0006_cjk_search_index"]
    )
    path = tmp_path / "old.sqlite3"
    with Store.open(path) as old:
        old.conn.execute("CREATE VIRTUAL TABLE objects_cjk USING fts5(title, body, tags, path)")
        ingest_paths(old, [_journal(root)], now=T0)
        old.conn.execute("DROP TABLE objects_cjk")
    monkeypatch.setattr(store_mod, "MIGRATIONS", full)
    with Store.open(path) as upgraded:
        assert upgraded.schema_version == len(names)
        assert len(titles(select(upgraded, text="专利", limit=None))) == 8
        assert upgraded.integrity_check() == []


def test_query_on_the_command_line_finds_them_and_fits_the_table(cli: Any, tmp_path: Path) -> None:
    root = tmp_path / "cli-journal"
    root.mkdir()
    assert cli("ingest", str(_journal(root))).code == 0
    doc = cli("query", "专利", "--format", "json").json()
    assert doc["total"] == doc["count"] == 8
    table = cli("query", "专利", "--format", "table", env={"COLUMNS": "70"})
    from rich.cells import cell_len

    assert all(cell_len(line) <= 70 for line in table.out.splitlines())  # wide characters
    assert "8 results" in table.out
