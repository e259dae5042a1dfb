"""The window's bundled files: the top-level ``resources/`` folder, found through
:mod:`letadesk.assets` (``tests/toplevel/test_assets.py``; the installed wheel in
``tests/release/test_wheel.py``)."""

from __future__ import annotations

from letadesk.assets import resources_dir
from letadesk.ui.resources import sample_matter_dir, translations_dir


def test_the_window_reads_the_bundled_folder() -> None:
    assert sample_matter_dir() == resources_dir() / "sample_matter"
    assert translations_dir() == resources_dir() / "i18n"


def test_the_sample_matter_is_found() -> None:
    names = sorted(path.name for path in sample_matter_dir().iterdir())
    assert names == ["contract_servicii.docx", "memo_intern.md", "nda_example.pdf"]


def test_the_compiled_romanian_translations_are_found() -> None:
    assert (translations_dir() / "letadesk_ro.qm").stat().st_size > 0
    assert (translations_dir() / "qt_ro.qm").stat().st_size > 0
