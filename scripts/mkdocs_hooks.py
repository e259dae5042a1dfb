"""MkDocs hooks (``hooks:`` in mkdocs.yml): generate docs/benchmarks.md from
benchmarks/results before each build, fail the build when docs/cli.md no longer matches
the argument parser, and list IT's pages that are being written in the nav once they
exist (a nav entry for a missing page would fail the strict build)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from mkdocs.exceptions import PluginError

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

import benchmarks_page
import cli_reference

# (nav section, title, page): listed under the section when the page exists
OPTIONAL_PAGES = [
    ("For IT", "Firm server runbook", "firm-server-runbook.md"),
    ("For IT", "Workstation security", "security-workstation.md"),
]


def listed(nav: list[Any]) -> set[str]:
    """Every page named anywhere in ``nav``."""
    pages: set[str] = set()
    for entry in nav:
        for value in entry.values() if isinstance(entry, dict) else [entry]:
            pages |= listed(value) if isinstance(value, list) else {str(value)}
    return pages


def with_optional_pages(nav: list[Any], docs_dir: Path) -> list[Any]:
    """``nav`` with each of :data:`OPTIONAL_PAGES` that exists and is not listed yet
    added at the end of its section."""
    present = listed(nav)
    for section, title, page in OPTIONAL_PAGES:
        if page in present or not (docs_dir / page).is_file():
            continue
        for entry in nav:
            if isinstance(entry, dict) and isinstance(entry.get(section), list):
                entry[section].append({title: page})
    return nav


def on_config(config: Any) -> Any:
    if config["nav"] is not None:
        config["nav"] = with_optional_pages(config["nav"], Path(config["docs_dir"]))
    return config


def on_pre_build(config: Any) -> None:
    benchmarks_page.write()
    if cli_reference.main(["--check"]) != 0:
        raise PluginError("docs/cli.md is stale: run scripts/cli_reference.py")
