"""prme: evidence-bound temporal memory over org-mode notes.

The package is a library first (``org``, ``orgtime``, ``timeexpr``, ``store``, ``ingest``,
``query``, ``context``, ``relate``); ``cli`` is a thin Typer layer over it. Nothing heavy is
imported here so that ``prme since today`` starts fast.
"""

__version__ = "0.1.0"
