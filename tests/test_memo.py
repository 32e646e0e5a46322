"""The store's memo of computed facts (prme_cli/memo.py): what one command learns, the next
reads; a new store answers its misses without a query per key."""

from __future__ import annotations

from pathlib import Path

from prme_cli.memo import StoreMemo
from prme_cli.store import Store


def test_a_fact_put_is_read_back_before_and_after_it_is_written(tmp_path: Path) -> None:
    with Store.open(tmp_path / "s.sqlite3") as store:
        memo = StoreMemo(store, "word_cache", "facts")
        assert memo.get("kettle") is None  # a new store holds nothing
        memo.put("kettle", '{"verb": false}')
        assert memo.get("kettle") == '{"verb": false}'
        memo.flush()
        assert memo.get("kettle") == '{"verb": false}'  # now from the table
        assert memo.get("teapot") is None
        later = StoreMemo(store, "word_cache", "facts")
        assert later.get("kettle") == '{"verb": false}'
        assert later.get("teapot") is None


def test_a_memo_of_an_empty_table_asks_the_store_once(tmp_path: Path) -> None:
    with Store.open(tmp_path / "s.sqlite3") as store:
        statements: list[str] = []
        store.conn.set_trace_callback(statements.append)
        memo = StoreMemo(store, "word_cache", "facts")
        for word in ("went", "bought", "kettle", "teapot"):
            assert memo.get(word) is None
        store.conn.set_trace_callback(None)
        assert len([s for s in statements if "word_cache" in s]) == 1


def test_a_memo_of_a_table_with_rows_reads_each_key(tmp_path: Path) -> None:
    with Store.open(tmp_path / "s.sqlite3") as store:
        first = StoreMemo(store, "word_cache", "facts")
        first.put("went", "go")
        first.flush()
        memo = StoreMemo(store, "word_cache", "facts")
        assert memo.get("bought") is None
        assert memo.get("went") == "go"
