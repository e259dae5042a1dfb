"""The Draft check tab: a draft with a planted wrong deadline and a missing article,
checked against a real law in the matter; clauses beside findings, chips that open the
provision, and the Word export."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame

from conftest import wait_idle
from corpus_factory import LEGEA_50_2020 as LEGEA
from corpus_factory import write_text

pytestmark = pytest.mark.ui


DRAFT = """CONTRACT

Clauza 1
Plata se face în termen de 10 zile de la primirea facturii,
conform art. 2 alin. (1) din Legea nr. 50/2020.

Clauza 2
Contractul poate fi reziliat în condițiile art. 9 din Legea nr. 50/2020.

Clauza 3
Contractul se încheie în două exemplare originale, câte unul pentru fiecare parte.
"""


def test_check_a_draft_in_the_window(qtbot, window, tmp_path: Path) -> None:
    window.matters.create_matter("Plăți")
    assert window.add_paths([str(write_text(tmp_path / "law", "legea_50-2020.txt", LEGEA))])
    wait_idle(qtbot, window)
    view = window.draft_view
    assert view.check(write_text(tmp_path, "proiect.txt", DRAFT))
    assert not view.open_button.isEnabled() and not view.cancel_button.isHidden()
    qtbot.waitUntil(lambda: not view.busy, timeout=60_000)
    assert not view.last_error, view.last_error
    texts = [view.clauses.item(i).text() for i in range(view.clauses.count())]
    assert len(texts) == 3
    # each clause named by its heading, then its own words, what to review said in words
    # (it read "✗ 1 · 2. 1. Conform…", and took the headings for part of the clause)
    assert texts[0].startswith("\u2717 1 to review — Clauza 1: Plata se face")
    assert texts[1].startswith("\u2717 1 to review — Clauza 2: Contractul poate fi")
    assert texts[2].startswith("Clauza 3: Contractul se încheie")
    assert view.clauses.item(0).toolTip() == "Clause 1 of the draft\nClauza 1"
    assert "2 findings to review in 3 clauses" in view.status.text()
    findings = view.findings
    assert [label.text() for label in findings.claim_labels] == [
        "Cites art. 2 alin. (1) of Legea nr. 50/2020",
        "The draft says: 10 zile\nart. 2 alin. (1) says: 30 de zile",
    ]
    # a finding citing a document no person verified says so, as an answer's claim does;
    # the deadline that differs is drawn as its own kind (≠, the two values), neither as
    # a plain citation nor as a provision missing from the matter
    assert [(b.objectName(), b.text()) for b in findings.badges] == [
        ("unverifiedBadge", "unverified source"),
        ("mismatchBadge", "\u2260 the value differs"),
        ("unverifiedBadge", "unverified source"),
    ]
    rows = [f.objectName() for f in findings.widget().findChildren(QFrame) if type(f) is QFrame]
    assert [name for name in rows if name.startswith("claim")] == ["claim", "claimMismatch"]
    qtbot.mouseClick(findings.chips[0], Qt.MouseButton.LeftButton)
    assert window.viewer.document is not None
    assert "30 de zile" in window.viewer.highlighted_text()
    view.clauses.setCurrentRow(1)
    assert findings.claim_labels[0].text().startswith("No such provision: Legea nr. 50/2020")
    assert findings.badges[0].objectName() == "errorBadge"  # ✗, not ≠
    rows = [f.objectName() for f in findings.widget().findChildren(QFrame) if type(f) is QFrame]
    assert [name for name in rows if name.startswith("claim")] == ["claimError"]
    saved = view.export_docx(tmp_path / "check.docx")
    assert saved is not None and saved.stat().st_size > 0
    window.matters.create_matter("Altul")
    assert view.clauses.count() == 0 and not view.export_button.isEnabled()
