"""Fixtures of the CLI's tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from corpus_factory import GOVERNING_LAW_MATTER, write_matter
from letadesk.workspace import Workspace


@pytest.fixture(scope="module")
def profile(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A profile whose matter "M" holds the four contracts of GOVERNING_LAW_MATTER (one per
    test module: a module's records stay its own)."""
    root = tmp_path_factory.mktemp("governing_law")
    with Workspace.open(root / "profile") as ws:
        ws.documents.ingest([write_matter(root / "docs", GOVERNING_LAW_MATTER)], matter="M")
    return root / "profile"
