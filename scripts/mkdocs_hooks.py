"""MkDocs hooks (``hooks:`` in mkdocs.yml): generate docs/benchmarks.md from
benchmarks/results before each build, and fail the build when docs/cli.md no longer
matches the argument parser."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from mkdocs.exceptions import PluginError

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

import benchmarks_page
import cli_reference


def on_pre_build(config: Any) -> None:
    benchmarks_page.write()
    if cli_reference.main(["--check"]) != 0:
        raise PluginError("docs/cli.md is stale: run scripts/cli_reference.py")
