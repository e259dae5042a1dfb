"""Shared fixtures: the real-data folder beside the project, temporary profiles."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from letadesk.workspace import Workspace

SHARED_DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data"


@pytest.fixture(scope="session")
def shared_data() -> Path:
    """``../shared/data`` next to the project; the test is skipped when it is absent."""
    if not SHARED_DATA.is_dir():
        pytest.skip("../shared/data not present")
    return SHARED_DATA


@pytest.fixture(autouse=True)
def _no_real_profile(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Tests never touch a real profile: the default data dir is a temporary one."""
    monkeypatch.setenv("LETADESK_DATA_DIR", str(tmp_path / "profile"))


@pytest.fixture
def workspace(tmp_path: Path) -> Iterator[Workspace]:
    ws = Workspace.open(tmp_path / "ws")
    yield ws
    ws.close()
