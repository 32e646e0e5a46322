"""Shell completion of option values (``prme --install-completion`` installs it).

Typer calls these while the user presses TAB, before any command runs, so they must be quick
and must never fail or print: every error means "no suggestions". TODO states and tags come
from the store (what ``--todo``/``--tag`` can match), falling back to the configured keywords;
time words are the single-word expressions the time engine reads (a test resolves each one),
since a shell completes one word at a time.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

#: Set by the shell's completion script while the user presses TAB (Typer's protocol).
COMPLETING = "_PRME_COMPLETE" in os.environ


def hook(function: Callable[..., Any]) -> Callable[..., Any] | None:
    """``function`` while the shell is completing, else None: Typer inspects every completion
    callback's signature each time the command line is built, which would cost every
    ``prme since`` run several milliseconds for suggestions nobody asked for."""
    return function if COMPLETING else None


def time_words() -> tuple[str, ...]:
    """One-word time expressions worth offering after WHEN, SINCE, UNTIL, ``--since``,
    ``--until``; the names come from the time engine's lexicon, imported only when completing
    (every command imports this module)."""
    from prme_cli.timeexpr.lexicon import MONTH_NAMES, WEEKDAY_NAMES

    anchors = (f"{edge}o{grain}" for grain in "dwmqy" for edge in "se")  # sod eod … eoy
    return (
        "today",
        "yesterday",
        "tomorrow",
        "now",
        *WEEKDAY_NAMES,
        *MONTH_NAMES,
        *("-1d", "-7d", "-1w", "-2w", "-1m"),
        *anchors,
    )


def __getattr__(name: str) -> Any:
    if name == "TIME_WORDS":  # the tuple, for callers that name it
        return time_words()
    raise AttributeError(name)


_BY_HELP = {
    "event": "any time the note carries (default)",
    "changed": "when the note was last edited (ingest version)",
    "any": "event or changed",
}


def _matching(values: Any, incomplete: str) -> list[str]:
    lowered = incomplete.lower()
    return [v for v in values if str(v).lower().startswith(lowered)]


def complete_by(incomplete: str) -> list[tuple[str, str]]:
    """``--by``: the bases and the timestamp kinds."""
    from prme_cli.options import BY_CHOICES

    return [
        (value, _BY_HELP.get(value, f"a {value} timestamp"))
        for value in _matching(BY_CHOICES, incomplete)
    ]


def complete_format(incomplete: str) -> list[str]:
    """``--format``."""
    from prme_cli.cli.render import FORMATS

    return _matching(FORMATS, incomplete)


def complete_when(incomplete: str) -> list[str]:
    """WHEN, SINCE, UNTIL, ``--since``, ``--until``: one-word time expressions."""
    return _matching(time_words(), incomplete)


def _store_values(ctx: Any, field: str) -> list[str]:
    """What the store holds for ``field`` (``todo``, ``tag``); [] when it cannot be read."""
    try:
        from prme_cli import config
        from prme_cli.query import known_values
        from prme_cli.store import Store

        root = ctx.find_root() if ctx is not None else None
        given = (root.params.get("store") if root is not None else None) or None
        cfg = config.load(flags={"store": str(given) if given else None})
        with Store.open(config.store_path(cfg), create=False) as store:
            return known_values(store, field)
    except Exception:  # noqa: BLE001 - completion must never fail
        return []


def _configured_keywords() -> list[str]:
    try:
        from prme_cli import config
        from prme_cli.ingest import split_todo_keywords

        todo, done = split_todo_keywords(config.load()["org"]["todo_keywords"])
    except Exception:  # noqa: BLE001 - completion must never fail
        return []
    return [*todo, *done]


def complete_todo(ctx: Any, incomplete: str) -> list[str]:
    """``--todo``: the states in the store, then the configured keywords."""
    values = _store_values(ctx, "todo")
    values += [k for k in _configured_keywords() if k not in values]
    return _matching(values, incomplete)


def complete_tag(ctx: Any, incomplete: str) -> list[str]:
    """``--tag``: the tags in the store, most used first."""
    return _matching(_store_values(ctx, "tag"), incomplete)
