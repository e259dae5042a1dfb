"""Where the window finds its bundled files: sample matter and translations."""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parents[1]  # src/letadesk


def resources_dir() -> Path:
    """``letadesk/resources`` when installed, else the repository's ``resources``."""
    for candidate in (_PACKAGE / "resources", _PACKAGE.parents[1] / "resources"):
        if candidate.is_dir():
            return candidate
    return _PACKAGE.parents[1] / "resources"


def sample_matter_dir() -> Path:
    return resources_dir() / "sample_matter"


def translations_dir() -> Path:
    return resources_dir() / "i18n"


SAMPLE_MATTER = "Sample matter (fictional)"
