"""The ``prme`` console script and ``python -m prme_cli``.

A Ctrl-C while the command line loads is recorded (``prme_cli/__init__.py`` guards from its
first line when it runs as ``prme``; ``python -m prme_cli`` guards here) and answered by the
error boundary once it runs (:mod:`prme_cli.interrupts`). Where no guard was put in place (a
program of another name calling this ``main``), a Ctrl-C while loading still ends as
``prme: interrupted`` and 130 rather than a traceback.
"""

from __future__ import annotations

import sys

if __name__ == "__main__":
    import prme_cli

    prme_cli._guard_loading()


def main() -> None:
    try:
        from prme_cli.cli import main as run
    except KeyboardInterrupt:
        sys.stderr.write("prme: interrupted\n")
        sys.exit(130)
    run()


if __name__ == "__main__":
    main()
