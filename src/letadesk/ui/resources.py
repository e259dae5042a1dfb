"""Where the window finds its bundled files: sample matter and translations.

They are the top-level ``resources/`` folder, shipped in the package as package data and
resolved by :func:`letadesk.assets.resources_dir` (a wheel, a frozen build and a source
checkout alike).
"""

from __future__ import annotations

from pathlib import Path

from letadesk.assets import resource


def sample_matter_dir() -> Path:
    return resource("sample_matter")


def translations_dir() -> Path:
    return resource("i18n")


SAMPLE_MATTER = "Sample matter (fictional)"
