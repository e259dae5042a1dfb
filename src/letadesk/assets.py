"""Where LetaDesk finds its bundled files: translations, review templates, the sample matter.

They live once, in the repository's top-level ``resources/`` folder, and ship inside the
package as ``letadesk/resources/`` (``pyproject.toml`` maps the folder into the wheel as
package data; ``installers/letadesk.spec`` copies it into the frozen tree at the same
place). :func:`resources_dir` is the one place that resolves them:

- an installed wheel or a frozen build: the ``resources`` folder inside the package,
  found through :mod:`importlib.resources`;
- a source checkout (``src/`` on the path, an editable install): the package holds no
  ``resources`` folder, and the checkout's top-level one answers.
"""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path

_CHECKOUT = Path(__file__).resolve().parents[2] / "resources"


def resources_dir() -> Path:
    """The folder of bundled files: the package's own copy when it has one, else the
    source checkout's.

    A plain path: Qt's translator and the ingest readers open real files. pip installs
    ``letadesk`` unpacked and PyInstaller's one-dir build is a folder, so the package is a
    folder on disk."""
    packaged = Path(str(files("letadesk").joinpath("resources")))
    if packaged.is_dir() or not _CHECKOUT.is_dir():
        return packaged
    return _CHECKOUT


def resource(*parts: str) -> Path:
    """One bundled file or folder, by its path under ``resources/``."""
    return resources_dir().joinpath(*parts)
