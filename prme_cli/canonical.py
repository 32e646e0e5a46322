"""Canonical JSON, the one form every hash in prme is taken over (SPEC §6 metadata).

Sorted keys, compact separators, UTF-8 kept as is, no NaN: the same value always gives the
same bytes, so a request, a context, a configuration or a receipt hashes the same in every
run. Values JSON does not know (datetimes, paths, decimals) are written as their ``str``.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any


def canonical_json(value: Any) -> str:
    return json.dumps(
        value,
        sort_keys=True,
        separators=(",", ":"),
        ensure_ascii=False,
        allow_nan=False,
        default=str,
    )


def sha256_json(value: Any) -> str:
    """Hex sha256 of :func:`canonical_json`."""
    return hashlib.sha256(canonical_json(value).encode("utf-8")).hexdigest()


def sha256_text(text: str) -> str:
    """Hex sha256 of a text's UTF-8 bytes (contexts are hashed as the exact text printed)."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()
