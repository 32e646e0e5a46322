"""The README documents every command and opens with the two commands CI relies on."""

from __future__ import annotations

import re
from pathlib import Path

import typer

from prme_cli.cli import app

ROOT = Path(__file__).resolve().parents[1]
README = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
CI = (Path(__file__).resolve().parents[1] / ".ci" / "run").read_text(encoding="utf-8")


def _commands() -> list[str]:
    group = typer.main.get_command(app)
    names = []
    for name, command in group.commands.items():  # type: ignore[attr-defined]
        sub = getattr(command, "commands", None)
        names.extend(f"{name} {s}" for s in sub) if sub else names.append(name)
    return names


def test_every_command_is_in_the_readme() -> None:
    missing = [name for name in _commands() if f"prme {name}" not in README]
    assert not missing, f"commands missing from README.md: {missing}"


def test_readme_opens_with_install_and_test_commands() -> None:
    blocks = re.findall(r"```sh\n(.*?)\n```", README, flags=re.DOTALL)
    assert len(blocks) >= 2
    first, second = blocks[0], blocks[1]
    assert "pip install" in first and "ingest sample_org" in first and "--now" in first
    assert "pytest" in second
    # .ci/run runs exactly the README's test command
    assert second.strip() in CI


def test_readme_first_command_gives_the_same_rows_twice_and_in_two_clones(
    tmp_path: Path,
) -> None:
    """The first command keeps its store in the checkout: a rerun, or a second clone, must
    not pile copies of the sample into a shared store (it once wrote /tmp/prme-sample)."""
    import json
    import os
    import shutil
    import subprocess
    import sys

    first = re.findall(r"```sh\n(.*?)\n```", README, flags=re.DOTALL)[0]
    run = first.split("pip install . && ", 1)[1]
    store = re.search(r"--store (\S+)", run)
    assert store and not os.path.isabs(store.group(1)), "the store must live in the checkout"
    bindir = Path(sys.executable).parent
    env = {k: v for k, v in os.environ.items() if not k.startswith("PRME_")}
    env.update(PATH=f"{bindir}{os.pathsep}{env.get('PATH', '')}", HOME=str(tmp_path))
    outputs = []
    for clone in ("clone-a", "clone-a", "clone-b"):
        checkout = tmp_path / clone
        if not checkout.exists():
            shutil.copytree(ROOT / "sample_org", checkout / "sample_org")
        done = subprocess.run(
            ["bash", "-c", run], cwd=checkout, env=env, capture_output=True, text=True, check=False
        )
        assert done.returncode == 0, done.stderr
        outputs.append(done.stdout.replace(str(checkout), "CHECKOUT"))
        rows = subprocess.run(
            ["bash", "-c", run.replace("--format table", "--format json")],
            cwd=checkout, env=env, capture_output=True, text=True, check=True,
        )  # fmt: skip
        assert json.loads(rows.stdout)["count"] == 19
    assert outputs[0] == outputs[1] == outputs[2]
