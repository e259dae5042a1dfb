"""Small file utilities shared across layers."""

from __future__ import annotations

import hashlib
from importlib import resources
from pathlib import Path

BUILD_BUNDLE_FILE = "BUILD_BUNDLE"  # written into the package by installers/build-linux.sh


def sha256_of(path: Path) -> str:
    """The SHA-256 of a file's bytes, read in 1 MiB blocks."""
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def bundle_stamp() -> str:
    """The package file an installer build stamped into the package (its name, version
    and architecture, and when it was built); "" when it runs from a source checkout."""
    stamped = resources.files("letadesk") / BUILD_BUNDLE_FILE
    return stamped.read_text(encoding="utf-8").strip() if stamped.is_file() else ""


def installed_bundle() -> str:
    """Which bundle this is (:func:`bundle_stamp`), or that it runs from source."""
    return bundle_stamp() or "none: run from a source checkout, not an installed package"
