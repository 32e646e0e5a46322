"""The ``prme`` command line: a thin Typer layer over the library.

Only this package imports typer and rich. ``app`` holds the commands and the one error
boundary (:func:`main`); ``render`` writes rows in every output format; ``ingest_ui``,
``relate_view`` and ``doctor`` are the terminal faces of ingest, relate and the store checks.
No library module imports from here.
"""

from prme_cli.cli.app import State, app, main

__all__ = ["State", "app", "main"]
