"""Where the window finds its bundled files: sample matter and translations.

They are package data of ``letadesk`` (``src/letadesk/resources/``, shipped in the
wheel by ``[tool.setuptools.package-data]``), found through :mod:`importlib.resources`,
so a source checkout, an editable install and an installed wheel read them alike.
"""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path


def resources_dir() -> Path:
    """The ``resources`` folder inside the installed ``letadesk`` package.

    A plain path: Qt's translator and the ingest readers open real files. pip always
    installs ``letadesk`` unpacked, so the package is a folder on disk."""
    return Path(str(files("letadesk").joinpath("resources")))


def sample_matter_dir() -> Path:
    return resources_dir() / "sample_matter"


def translations_dir() -> Path:
    return resources_dir() / "i18n"


SAMPLE_MATTER = "Sample matter (fictional)"
