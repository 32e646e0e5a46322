"""The ``prme`` console script and ``python -m prme_cli``.

The command line's own error boundary (:func:`prme_cli.cli.app.main`) starts once typer and
the commands are loaded; a Ctrl-C while they load (the first tenth of a second or so) would
otherwise print a Python traceback. Importing them here, under a guard, closes that window.
"""

from __future__ import annotations

import sys


def main() -> None:
    try:
        from prme_cli.cli import main as run
    except KeyboardInterrupt:
        sys.stderr.write("prme: interrupted\n")
        sys.exit(130)
    run()


if __name__ == "__main__":
    main()
