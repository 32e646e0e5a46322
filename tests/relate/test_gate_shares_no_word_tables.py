"""The symbolic gate is a second opinion: it reads no word table the resolver reads.

If the gate and the resolver looked words up in one synonym table, a wrong synonym would fool
both. The gate's modules may import only the one word normaliser, the data types, the ingest
event extractor (whose sense classes the resolver does not read), the org timestamp reader,
validation's licence reading and the gate's own modules; the resolver's modules may not
import the gate's tables or the ingest sense classes. Checked on the source, imports inside
functions included.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import prme_cli

PACKAGE = Path(prme_cli.__file__).resolve().parent
SYMBOLIC = PACKAGE / "relate" / "symbolic"

GATE_MODULES = [
    "gate.py",
    "gate_again.py",
    "gate_anchor.py",
    "gate_event.py",
    "gate_words.py",
    "gate_structure.py",
]
#: What a gate module may import from prme (anything outside prme is allowed).
GATE_MAY_IMPORT = frozenset(
    [
        "prme_cli.words",  # the one word normaliser
        "prme_cli.textevents",  # the ingest event extractor and its sense classes
        "prme_cli.events",  # the event record
        "prme_cli.orgtime",  # the one org timestamp reader
        "prme_cli.lazyre",  # regular expressions compiled at first use (no words)
        "prme_cli.org",  # the org reader (a table's header row; no word tables)
        "prme_cli.denial",  # the one reading of a deed denied or a heading's dates changed
        "prme_cli.relate.types",
        "prme_cli.relate.interpret",  # validation's licence reading (SPEC §6.4)
        "prme_cli.relate.period",  # the week or month a heading fixes: org structure, no words
        "prme_cli.relate.symbolic.gate",
        "prme_cli.relate.symbolic.gate_again",
        "prme_cli.relate.symbolic.gate_anchor",
        "prme_cli.relate.symbolic.gate_event",
        "prme_cli.relate.symbolic.gate_words",
        "prme_cli.relate.symbolic.gate_structure",
    ]
)
RESOLVER_MODULES = [
    "again.py",
    "align.py",
    "resolver.py",
    "question.py",
    "segment.py",
    "structure.py",
    "timefind.py",
    "lexicon.py",
    "kin.py",
]
#: What the resolver's modules must not read: the gate's own modules and the sense classes.
RESOLVER_MUST_NOT = frozenset(
    [
        "prme_cli.relate.symbolic.gate",
        "prme_cli.relate.symbolic.gate_again",
        "prme_cli.relate.symbolic.gate_anchor",
        "prme_cli.relate.symbolic.gate_event",
        "prme_cli.relate.symbolic.gate_words",
        "prme_cli.relate.symbolic.gate_structure",
        "prme_cli.textevents.SENSES",
        "prme_cli.textevents.sense_of",
    ]
)


def imported(path: Path) -> set[str]:
    """Every prme name the file imports: ``module`` for an import, ``module.name`` for a
    from-import (a module or a name in it)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names if a.name.startswith("prme_cli")}
        elif (
            isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("prme_cli")
        ):
            out |= {f"{node.module}.{alias.name}" for alias in node.names}
    return out


def _module_of(name: str) -> str:
    """The module a dotted name lives in (``prme_cli.textevents.SENSES`` -> its module)."""
    parts = name.split(".")
    while parts and not (
        (PACKAGE.parent / ("/".join(parts) + ".py")).exists()
        or (PACKAGE.parent / "/".join(parts)).is_dir()
    ):
        parts.pop()
    return ".".join(parts)


@pytest.mark.parametrize("module", GATE_MODULES)
def test_a_gate_module_imports_only_what_the_gate_may_read(module: str) -> None:
    found = {_module_of(n) for n in imported(SYMBOLIC / module)} - {"prme_cli", ""}
    assert found <= GATE_MAY_IMPORT, sorted(found - GATE_MAY_IMPORT)


@pytest.mark.parametrize("module", GATE_MODULES)
def test_a_gate_module_never_names_the_resolvers_lexicon(module: str) -> None:
    source = (SYMBOLIC / module).read_text(encoding="utf-8")
    tree = ast.parse(source)
    names = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
    assert "lexicon" not in names
    assert not any("lexicon" in n for n in imported(SYMBOLIC / module))


@pytest.mark.parametrize("module", RESOLVER_MODULES)
def test_the_resolver_reads_neither_the_gates_tables_nor_the_sense_classes(module: str) -> None:
    found = imported(SYMBOLIC / module)
    assert not found & RESOLVER_MUST_NOT, sorted(found & RESOLVER_MUST_NOT)
    tree = ast.parse((SYMBOLIC / module).read_text(encoding="utf-8"))
    attributes = {n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute)}
    assert not attributes & {"SENSES", "sense_of", "sense"}, module


def test_the_check_sees_a_forbidden_import(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text(
        "from prme_cli.relate.symbolic import lexicon\n"
        "def f():\n    from prme_cli.relate.symbolic.align import clauses\n",
        encoding="utf-8",
    )
    found = {_module_of(n) for n in imported(bad)}
    assert "prme_cli.relate.symbolic.lexicon" in found
    assert "prme_cli.relate.symbolic.align" in found
    assert not found <= GATE_MAY_IMPORT
