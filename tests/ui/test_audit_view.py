"""History: a memo is written only for a record that holds an answer or a refusal; the
record of a cancelled question offered one too (issue 40)."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")

from conftest import wait_idle
from letadesk.answer.ask import AskCancelled

pytestmark = pytest.mark.ui


def test_no_memo_for_a_cancelled_question(qtbot, window, tmp_path: Path) -> None:
    doc = tmp_path / "contract.txt"
    doc.write_text("Articolul 1\nTermenul de plată este de 30 de zile.\n", encoding="utf-8")
    window.matters.create_matter("M")
    assert window.add_paths([str(doc)])
    wait_idle(qtbot, window)
    with pytest.raises(AskCancelled):
        window.ws.ask("Care este termenul de plată?", matter="M", cancelled=lambda: True)
    history = window.audit_view
    history.refresh()
    record = history.current_record()
    assert record is not None and record["final"]["disposition"] == "cancelled"
    assert not history.word_button.isEnabled() and not history.markdown_button.isEnabled()
    assert history.export_docx(tmp_path / "memo.docx") is None
    assert history.export_markdown(tmp_path / "memo.md") is None
    assert not (tmp_path / "memo.docx").exists() and not (tmp_path / "memo.md").exists()
