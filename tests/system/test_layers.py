"""The import contracts in pyproject.toml (``[tool.importlinter]``): the real tree keeps
them, and a deliberate violation in a copy of it is caught by ``lint-imports``."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LINT_IMPORTS = Path(sys.executable).with_name("lint-imports")


def _lint(tree: Path) -> subprocess.CompletedProcess[str]:
    """``lint-imports`` with ``tree``'s contracts on ``tree/src``'s ``letadesk``."""
    env = {**os.environ, "PYTHONPATH": str(tree / "src")}
    return subprocess.run(
        [str(LINT_IMPORTS), "--no-cache", "--no-logo", "--config", str(tree / "pyproject.toml")],
        cwd=tree,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def _copy_tree(tmp_path: Path) -> Path:
    tree = tmp_path / "tree"
    shutil.copytree(
        ROOT / "src" / "letadesk",
        tree / "src" / "letadesk",
        ignore=shutil.ignore_patterns("__pycache__", "weights"),
    )
    shutil.copy(ROOT / "pyproject.toml", tree / "pyproject.toml")
    return tree


def test_the_tree_keeps_every_contract() -> None:
    result = _lint(ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 broken" in result.stdout


@pytest.mark.parametrize(
    ("module", "line", "contract", "shown"),
    [
        # the store reaching up into the answer layer
        (
            "store/corpus.py",
            "from letadesk.answer import ask",
            "Layers",
            "letadesk.store.corpus -> letadesk.answer.ask",
        ),
        # an engine imported outside its adapter
        (
            "answer/scoring.py",
            "import tantivy",
            "tantivy only in the lexical index",
            "letadesk.answer.scoring -> tantivy",
        ),
        # SQL outside store: index/sync.py was excused from this contract until it
        # called store functions (issue 12); now it is held to it
        (
            "index/sync.py",
            "import apsw",
            "apsw only in store",
            "letadesk.index.sync -> apsw",
        ),
        # the window reaching past Workspace into the store
        (
            "ui/matters_panel.py",
            "from letadesk.store import corpus",
            "ui talks to Workspace",
            "letadesk.ui.matters_panel -> letadesk.store.corpus",
        ),
    ],
)
def test_a_violation_fails_lint_imports(
    tmp_path: Path, module: str, line: str, contract: str, shown: str
) -> None:
    tree = _copy_tree(tmp_path)
    assert _lint(tree).returncode == 0  # the copy as it is keeps them
    target = tree / "src" / "letadesk" / module
    target.write_text(target.read_text(encoding="utf-8") + f"\n{line}  # noqa\n", encoding="utf-8")
    result = _lint(tree)
    assert result.returncode == 1, result.stdout + result.stderr
    broken = result.stdout.split("Broken contracts", 1)[1]
    assert contract in broken
    assert shown in broken
