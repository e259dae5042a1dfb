"""Why a file was not indexed, in Romanian: the documents table showed the readers' English
reasons ("encrypted PDF (password required)") in a Romanian window (issue 10). The
reasons here are the ones a real ingest stores, not copies of the strings."""

from __future__ import annotations

import os
import zipfile
from pathlib import Path

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")

import pymupdf

from letadesk.config import Settings
from letadesk.domain import DocumentStatus
from letadesk.ingest.pipeline import ingest
from letadesk.store import corpus, matters
from letadesk.store.database import open_database
from letadesk.store.transaction import transaction
from letadesk.ui.doc_status import describe
from letadesk.ui.failure_reasons import translated_reason

pytestmark = pytest.mark.ui

# file name -> words its Romanian reason holds
EXPECTED = {
    "empty.txt": "fișier gol",
    "binary.txt": "date binare",
    "notes.xyz": "tip de fișier neacceptat .xyz",
    "archive.docx": "arhivă ZIP care nu este un document DOCX",
    "truncated.pdf": "PDF deteriorat sau ilizibil",
    "encrypted.pdf": "PDF criptat (necesită parolă)",
    "blank.txt": "niciun text extractibil",
    "pipe.txt": "nu este un fișier obișnuit",
    "link.txt": "legătură simbolică neurmată",
}


def _write_failing_files(folder: Path) -> None:
    folder.mkdir()
    (folder / "empty.txt").write_bytes(b"")
    (folder / "binary.txt").write_bytes(b"\x00\x01\x02binary\x00" * 50)
    (folder / "notes.xyz").write_text("not a document type LetaDesk reads")
    with zipfile.ZipFile(folder / "archive.docx", "w") as z:
        z.writestr("readme.txt", "a zip, not a Word file")
    doc = pymupdf.open()
    doc.new_page().insert_text((72, 72), "Confidential Information means all information.")
    good = doc.tobytes()
    doc.save(
        folder / "encrypted.pdf",
        encryption=pymupdf.PDF_ENCRYPT_AES_256,
        user_pw="u",
        owner_pw="o",
    )
    doc.close()
    (folder / "truncated.pdf").write_bytes(good[: len(good) // 2])
    (folder / "blank.txt").write_text("   \n\n   \n")
    os.mkfifo(folder / "pipe.txt")
    (folder / "link.txt").symlink_to(folder / "notes.xyz")


def test_every_failure_reason_of_a_real_ingest_reads_in_romanian(qtbot, tmp_path: Path) -> None:
    from PySide6.QtWidgets import QApplication

    from letadesk.ui.app import application
    from letadesk.ui.i18n import install_translator

    docs = tmp_path / "docs"
    _write_failing_files(docs)
    conn = open_database(tmp_path / "letadesk.sqlite3")
    with transaction(conn):
        matter = matters.ensure_matter(conn, "M")
    report = ingest(conn, matter, [docs], settings=Settings(ingest_timeout_s=60))
    stored = {Path(d.path).name: d for d in corpus.list_documents(conn)}
    conn.close()
    assert {Path(p).name for p, _ in report.failed} == set(EXPECTED)
    app = application("ro")
    try:
        for name, words in EXPECTED.items():
            doc = stored[name]
            assert doc.status == DocumentStatus.FAILED
            shown = describe(doc, []).detail
            assert words in shown, (name, doc.failure_reason, shown)
            assert shown != doc.failure_reason
    finally:
        install_translator(QApplication.instance() or app, "en")
    # in English the stored reason is shown as it is
    assert describe(stored["encrypted.pdf"], []).detail == "encrypted PDF (password required)"


def test_variable_parts_are_kept_and_an_unknown_reason_is_shown_as_it_is(qtbot) -> None:
    from PySide6.QtWidgets import QApplication

    from letadesk.ui.app import application
    from letadesk.ui.i18n import install_translator

    app = application("ro")
    try:
        assert translated_reason(
            "too large: at least 12,001 fragments > 12,000 per file "
            "(setting max_fragments_per_file)"
        ) == (
            "prea mare: cel puțin 12,001 fragmente > 12,000 pe fișier "
            "(setarea max_fragments_per_file)"
        )
        assert translated_reason("timed out after 60 s") == "timp depășit după 60 s"
        assert translated_reason("cannot read file (Permission denied)") == (
            "fișierul nu poate fi citit (Permission denied)"
        )
        assert translated_reason("a reason no reader gives") == "a reason no reader gives"
    finally:
        install_translator(QApplication.instance() or app, "en")
