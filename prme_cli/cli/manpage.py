"""``prme.1``, the manual page, generated from the command line's own help.

Every command, argument and option, with its help text, comes from the Typer app, so the
manual cannot drift from ``prme COMMAND --help``; the few sections help has no place for
(exit status, environment, files, examples) are written here once. The page is committed as
``man/prme.1`` and installed with the package into ``share/man/man1`` (``man prme`` works in
an activated virtual environment); ``tests/test_manpage.py`` fails when it is out of date.

Regenerate it with::

    python -m prme_cli.cli.manpage --write man/prme.1
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

_EXIT_STATUS = (
    ("0", "Results."),
    (
        "1",
        (
            "No results (like grep); also show of an unknown id, and relate without an "
            "accepted relation (its context is still printed)."
        ),
    ),
    (
        "2",
        (
            "Usage or bad input: an unknown time expression, an empty window, a bad option or "
            "setting, a file that cannot be read or decoded during ingest."
        ),
    ),
    ("3", "Store error: not a prme store, corrupt, newer schema, cannot be written."),
    ("4", "Provider error under failure_policy = raise, or an unreachable provider in doctor."),
    ("130", "Interrupted (Ctrl-C)."),
)

_ENVIRONMENT = (
    ("PRME_STORE", "The store, as --store."),
    ("PRME_NOW", "The reference time of reading commands, as --now (never ingest versions)."),
    ("PRME_TZ", "The time zone, as --tz."),
    ("PRME_DAYFIRST", "true: numeric dates are day first, as --dayfirst."),
    ("PRME_OWNER", "The owner of relate receipts."),
    ("PRME_CONFIG", "The configuration file to read instead of the default one."),
    (
        "PRME_SECTION__KEY",
        "Any setting, by its path in upper case (PRME_TEMPORAL_RELATION__ENABLED=true).",
    ),
    ("NO_COLOR", "No colours."),
)

_FILES = (
    ("$XDG_CONFIG_HOME/prme/config.toml", "The configuration file (prme config show)."),
    ("$XDG_DATA_HOME/prme/memory.sqlite3", "The default store."),
)

_EXAMPLES = (
    ("prme ingest ~/org", "Read your notes (again: only what changed)."),
    ("prme since today", "What happened today."),
    ("prme range 'last monday' yesterday --todo DONE", "What you finished."),
    ("prme log 'last week' --by-task", "Clocked time per task."),
    ("prme query frame --since 'this month' --context --budget 1500", "Context for an LLM."),
    ("prme relate 'How long passed between finishing and hanging the frame?'", "An answer."),
    ("prme when 'last friday' eom --format json", "How expressions resolve."),
)


def _escape(text: str) -> str:
    """Text safe in a roff line: backslashes and hyphens escaped, no line starting with a
    control character."""
    out = text.replace("\\", "\\e").replace("-", "\\-")
    # groff reads ASCII: every other character as its named Unicode escape (— is \[u2014])
    out = "".join(ch if ord(ch) < 128 else f"\\[u{ord(ch):04X}]" for ch in out)
    lines = []
    for line in out.split("\n"):
        stripped = line.strip()
        if stripped[:1] in (".", "'"):
            stripped = "\\&" + stripped
        lines.append(stripped)
    return "\n".join(lines)


def _bold(text: str) -> str:
    return f"\\fB{_escape(text)}\\fR"


def _italic(text: str) -> str:
    return f"\\fI{_escape(text)}\\fR"


def _param_heading(param: Any) -> str:
    names = ", ".join(_bold(name) for name in [*param.opts, *param.secondary_opts])
    if getattr(param, "is_flag", False) or getattr(param, "count", False):
        return names
    metavar = param.metavar or param.name.upper()
    return f"{names} {_italic(metavar)}"


def _params(command: Any, kind: str) -> list[Any]:
    return [
        p
        for p in command.params
        if p.param_type_name == kind
        and not getattr(p, "hidden", False)
        and p.name not in ("install_completion", "show_completion")
    ]


def _synopsis(name: str, command: Any) -> str:
    parts = [_bold(f"prme {name}".strip())]
    if _params(command, "option"):
        parts.append("[\\fIOPTIONS\\fR]")
    for arg in _params(command, "argument"):
        metavar = arg.metavar or arg.name.upper()
        shown = _italic(metavar) + ("..." if arg.nargs == -1 else "")
        parts.append(shown if arg.required else f"[{shown}]")
    return " ".join(parts)


def _describe(command: Any) -> list[str]:
    lines = []
    text = (command.help or "").strip()
    if text:
        lines.append(_escape(" ".join(text.split())))
    for arg in _params(command, "argument"):
        if getattr(arg, "help", None):
            lines += [".TP", _italic(arg.metavar or arg.name.upper()), _escape(arg.help)]
    for option in _params(command, "option"):
        lines += [".TP", _param_heading(option), _escape(option.help or "")]
    return lines


def _commands(group: Any, prefix: str = "") -> Iterable[tuple[str, Any]]:
    for name, command in sorted(group.commands.items()):
        full = f"{prefix}{name}"
        sub = getattr(command, "commands", None)
        if sub:
            yield from _commands(command, f"{full} ")
        else:
            yield full, command


def render(app: Any | None = None) -> str:
    """The whole manual page as roff text."""
    import typer

    from prme_cli import __version__

    if app is None:
        from prme_cli.cli.app import app as prme_app

        app = prme_app
    root = typer.main.get_command(app)
    summary = (root.help or "").strip().split("\n")[0].rstrip(".")
    out = [
        f'.TH PRME 1 "" "prme {__version__}" "User Commands"',
        ".SH NAME",
        f"prme \\- {_escape(summary[0].lower() + summary[1:])}",
        ".SH SYNOPSIS",
        f"{_bold('prme')} [\\fIGLOBAL OPTIONS\\fR] \\fICOMMAND\\fR [\\fIARGS\\fR]...",
        ".SH DESCRIPTION",
        _escape(" ".join((root.help or "").split())),
        ".SH GLOBAL OPTIONS",
    ]
    for option in _params(root, "option"):
        out += [".TP", _param_heading(option), _escape(option.help or "")]
    out.append(".SH COMMANDS")
    for name, command in _commands(root):
        out += [f'.SS "{_escape("prme " + name)}"', _synopsis(name, command), ".PP"]
        out += _describe(command)
    out.append(".SH EXIT STATUS")
    for code, meaning in _EXIT_STATUS:
        out += [".TP", _bold(code), _escape(meaning)]
    out.append(".SH ENVIRONMENT")
    for name, meaning in _ENVIRONMENT:
        out += [".TP", _bold(name), _escape(meaning)]
    out.append(".SH FILES")
    for path, meaning in _FILES:
        out += [".TP", _italic(path), _escape(meaning)]
    out.append(".SH EXAMPLES")
    for example, meaning in _EXAMPLES:
        out += [".TP", _bold(example), _escape(meaning)]
    out += [
        ".SH SEE ALSO",
        "The README of prme, for time expressions, JSON schemas and configuration.",
        "",
    ]
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Print (or write) prme's manual page.")
    parser.add_argument("--write", metavar="PATH", help="write it to PATH instead of stdout")
    args = parser.parse_args(argv)
    text = render()
    if args.write:
        Path(args.write).write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
