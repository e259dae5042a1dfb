"""Window tests: a temporary profile, a fast stand-in embedder, helpers to wait for
the engine thread. Never touches the real profile."""

from __future__ import annotations

import contextlib
import hashlib
import re
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

import numpy as np
import pytest

with contextlib.suppress(ImportError):  # without PySide6 only Qt-free tests run here
    import letadesk.ui  # noqa: F401  (pins None/True/False: see letadesk.ui.qt_compat)

SAMPLE = Path(__file__).resolve().parents[2] / "resources" / "sample_matter"
_WORD = re.compile(r"\w+", re.UNICODE)


class HashEmbedder:
    """Bag of hashed words: deterministic, instant, good enough for wiring tests."""

    name = "test-hash-v1"
    dim = 64

    def _vec(self, text: str) -> np.ndarray:
        v = np.zeros(self.dim, dtype=np.float32)
        for w in _WORD.findall(text.lower()):
            v[int(hashlib.md5(w.encode()).hexdigest(), 16) % self.dim] += 1.0
        n = float(np.linalg.norm(v))
        return v / n if n else v

    def embed_passages(self, texts: Sequence[str], *, batch_size: int = 32,
                       progress: Callable[[int, int], None] | None = None) -> np.ndarray:
        out = np.stack([self._vec(t) for t in texts]) if texts else np.zeros((0, self.dim),
                                                                              np.float32)
        if progress:
            progress(len(texts), len(texts))
        return out.astype(np.float32)

    def embed_query(self, text: str) -> np.ndarray:
        return self._vec(text)


@pytest.fixture(autouse=True)
def _isolated(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from letadesk.index import embedder

    monkeypatch.setenv("LETADESK_DATA_DIR", str(tmp_path / "never-used"))
    monkeypatch.setattr(embedder, "make_embedder", lambda *a, **k: HashEmbedder())


@pytest.fixture
def profile(tmp_path: Path) -> Path:
    path = tmp_path / "profile"
    path.mkdir()
    return path


@pytest.fixture
def window(qtbot, profile: Path) -> Iterator[object]:
    from letadesk.ui.app import application
    from letadesk.ui.main_window import MainWindow

    application("en")
    win = MainWindow(profile)
    qtbot.addWidget(win)
    yield win
    win.shutdown()


def wait_idle(qtbot, win, timeout: int = 60_000) -> None:
    qtbot.waitUntil(lambda: win.task == "", timeout=timeout)


@pytest.fixture
def sample_window(qtbot, window):
    """The window with the fictional sample matter ingested and selected."""
    assert window.load_sample_matter()
    wait_idle(qtbot, window)
    assert not window.last_error, window.last_error
    return window
