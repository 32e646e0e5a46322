"""The library's public API and its layering: usable without the command line."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

import prme_cli

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "prme_cli"
README = (ROOT / "README.md").read_text(encoding="utf-8")


def _imported_modules(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def test_no_library_module_imports_the_cli_typer_or_rich() -> None:
    offenders = []
    for path in PACKAGE.rglob("*.py"):
        if (PACKAGE / "cli") in path.parents or path.name == "__main__.py":
            continue
        for name in _imported_modules(path):
            if name.startswith(("prme_cli.cli", "typer", "rich")):
                offenders.append(f"{path.relative_to(ROOT)} imports {name}")
    assert not offenders, offenders


def test_every_public_name_resolves_and_is_documented() -> None:
    for name in prme_cli.__all__:
        value = getattr(prme_cli, name)
        assert value.__doc__, f"{name} has no docstring"
        assert f"`{name}" in README, f"{name} is not in the README"


def test_unknown_public_name_is_an_attribute_error() -> None:
    try:
        prme_cli.no_such_thing  # noqa: B018
    except AttributeError as exc:
        assert "no_such_thing" in str(exc)
    else:
        raise AssertionError("expected AttributeError")


def test_importing_the_package_loads_nothing_heavy() -> None:
    code = "import sys, prme_cli; print(sorted(m for m in sys.modules if m.startswith('prme_cli')))"
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    )
    assert done.stdout.strip() == "['prme_cli']"


def test_readme_library_example_runs_without_the_cli(tmp_path: Path) -> None:
    blocks = re.findall(r"```python\n(.*?)\n```", README, flags=re.DOTALL)
    example = next(block for block in blocks if "from prme_cli import" in block)
    (tmp_path / "sample_org").symlink_to(ROOT / "sample_org")
    code = example + "\nimport sys\nprint('CLI', [m for m in sys.modules if 'typer' in m])\n"
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=False, cwd=tmp_path
    )
    assert done.returncode == 0, done.stderr
    assert "accepted" in done.stdout and "6 days" in done.stdout
    assert done.stdout.strip().endswith("CLI []")
