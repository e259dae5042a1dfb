"""The window's bundled files are package data, found inside the imported ``letadesk``
package: the same in a source checkout, an editable install and an installed wheel
(``tests/release/test_wheel.py`` checks the last)."""

from __future__ import annotations

from pathlib import Path

import letadesk
from letadesk.ui.resources import resources_dir, sample_matter_dir, translations_dir

PACKAGE = Path(letadesk.__file__).resolve().parent


def test_the_resources_are_inside_the_package() -> None:
    assert resources_dir().resolve() == PACKAGE / "resources"


def test_the_sample_matter_is_found() -> None:
    names = sorted(path.name for path in sample_matter_dir().iterdir())
    assert names == ["contract_servicii.docx", "memo_intern.md", "nda_example.pdf"]


def test_the_compiled_romanian_translation_is_found() -> None:
    assert (translations_dir() / "letadesk_ro.qm").stat().st_size > 0
