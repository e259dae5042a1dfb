"""The main window end to end: documents, asking, chips, the source viewer."""

from __future__ import annotations

import shutil
import threading
from pathlib import Path

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")

from PySide6.QtCore import QObject, Qt, Slot

from conftest import SAMPLE, wait_idle

pytestmark = pytest.mark.ui

QUESTION = "How long do the confidentiality obligations survive termination?"


def test_add_documents_shows_statuses(qtbot, window, tmp_path: Path) -> None:
    folder = tmp_path / "docs"
    shutil.copytree(SAMPLE, folder)
    shutil.copy(folder / "memo_intern.md", folder / "memo_copy.md")
    (folder / "broken.pdf").write_bytes(b"%PDF-1.4 this is not really a pdf")
    window.matters.create_matter("Acme v. Example")
    assert window.add_paths([str(folder)])
    assert not window.cancel_button.isHidden()
    wait_idle(qtbot, window)
    panel = window.documents
    assert panel.table.rowCount() == 5
    for name in ("contract_servicii.docx", "nda_example.pdf"):
        assert panel.status_of(name).status == "indexed"
    copies = [panel.status_of("memo_intern.md").status, panel.status_of("memo_copy.md").status]
    assert sorted(copies) == ["duplicate", "indexed"]
    broken = panel.status_of("broken.pdf")
    assert broken.status == "failed" and "pdf" in broken.detail.lower()
    row = panel.rows.index(broken)
    assert panel.table.item(row, 1).toolTip().endswith(broken.detail)
    assert panel.details.isHidden()  # nothing selected
    panel.table.selectRow(row)
    assert not panel.details.isHidden() and panel.details.wordWrap()
    assert panel.details.text().endswith(broken.detail) and "broken.pdf" in panel.details.text()
    bar = panel.table.horizontalScrollBar()
    assert bar.maximum() == 0  # the reason fits: no sideways scrolling
    (folder / "nda_example.pdf").write_bytes((folder / "nda_example.pdf").read_bytes() + b"\n")
    panel.refresh()
    assert panel.status_of("nda_example.pdf").status == "stale"


def test_ask_renders_claims_with_chips(qtbot, sample_window) -> None:
    win = sample_window
    assert win.ask(QUESTION, generate=False)
    wait_idle(qtbot, win)
    view = win.answer_view
    assert view.answer.disposition == "answered", view.answer
    assert view.chips and view.claim_labels
    assert all(c.kind == "extracted" for c in view.answer.claims)
    assert view.mode_label.text() == (
        "Verbatim passages from the sources (the language model was not used)."
    )
    assert "[1]" in view.chips[0].text()
    assert any("five (5) years" in label.text() for label in view.claim_labels)
    assert win.audit_view.records, "the answer left an audit record"


def _chip_for(view, kind_suffix: str):
    for chip in view.chips:
        ref = chip.source
        if ref.document and chip.toolTip():
            yield chip, ref


def test_chip_opens_text_source_with_span_highlighted(qtbot, sample_window) -> None:
    win = sample_window
    assert win.ask("Care este durata contractului de prestări servicii?", generate=False)
    wait_idle(qtbot, win)
    chip = win.answer_view.chips[0]
    ref = chip.source
    qtbot.mouseClick(chip, Qt.MouseButton.LeftButton)
    viewer = win.viewer
    doc = win.ws.documents.find(str(ref.document_id))
    assert doc.kind != "pdf"
    assert viewer.mode == "text"
    assert viewer.selection_range == (ref.start, ref.end)
    assert viewer.highlighted_text() == win.ws.documents.text(doc)[ref.start : ref.end]
    assert viewer.current_page == ref.page


def test_chip_opens_pdf_page_with_quote_highlighted(qtbot, sample_window) -> None:
    import pymupdf

    win = sample_window
    win.ask(QUESTION, generate=False)
    wait_idle(qtbot, win)
    chips = [
        c
        for c in win.answer_view.chips
        if win.ws.documents.find(str(c.source.document_id)).kind == "pdf"
    ]
    assert chips, "the NDA (a PDF) is cited"
    ref = chips[0].source
    qtbot.mouseClick(chips[0], Qt.MouseButton.LeftButton)
    viewer = win.viewer
    assert viewer.mode == "pdf"
    assert viewer.current_page == ref.page
    assert viewer.highlight_rects
    assert viewer.page_image.pixmap() is not None and not viewer.page_image.pixmap().isNull()
    with pymupdf.open(win.ws.documents.find(str(ref.document_id)).path) as pdf:
        words = pdf[ref.page - 1].get_text("words")
    quote_words = set(ref.quote.split()[:4])
    targets = [pymupdf.Rect(w[:4]) for w in words if w[4] in quote_words]
    assert targets
    assert any(pymupdf.Rect(r).intersects(t) for r in viewer.highlight_rects for t in targets)


def test_refusal_shows_reason(qtbot, sample_window) -> None:
    win = sample_window
    assert win.ask("What is the capital of France?", generate=False)
    wait_idle(qtbot, win)
    view = win.answer_view
    assert view.answer.disposition == "refused"
    assert view.refusal_label is not None
    assert view.refusal_label.text() == view.answer.reason and view.answer.reason
    assert not view.claim_labels


def test_refusal_lists_nearest_sources_as_chips(qtbot, sample_window) -> None:
    win = sample_window
    win.ask(
        "Which court has jurisdiction over appeals against the arbitration award?", generate=False
    )
    wait_idle(qtbot, win)
    view = win.answer_view
    assert view.answer.disposition == "refused", view.answer.claims
    if view.answer.nearest_sources:
        assert len(view.chips) == len(view.answer.nearest_sources)
        qtbot.mouseClick(view.chips[0], Qt.MouseButton.LeftButton)
        assert win.viewer.document is not None


def test_stages_are_shown_while_answering(qtbot, sample_window) -> None:
    win = sample_window
    seen: list[str] = []
    win.engine.stage.connect(seen.append)
    win.ask(QUESTION, generate=False)
    wait_idle(qtbot, win)
    assert "searching" in seen


def test_cancel_ingest_leaves_consistent_state(qtbot, window, tmp_path: Path) -> None:
    folder = tmp_path / "many"
    folder.mkdir()
    for i in range(60):
        (folder / f"note_{i:02d}.txt").write_text(
            f"Section 1. Term\n1.1 Note {i} remains in force for {i + 1} years.\n" * 20,
            encoding="utf-8",
        )
    window.matters.create_matter("Many")
    window.documents_engine.ingest_progress.connect(lambda *_: window.cancel())
    window.add_paths([str(folder)])
    wait_idle(qtbot, window)
    report = window.last_report
    assert report is not None and report.cancelled
    docs = window.ws.documents.all("Many")
    assert len(docs) < 60
    for doc in docs:
        assert doc.status == "failed" or (
            doc.status == "indexed" and window.ws.documents.fragments(doc)
        )


class _LabelTexts(QObject):
    """The status line each time the engine reports indexing progress."""

    def __init__(self, window) -> None:
        super().__init__()
        self.window = window
        self.seen: list[str] = []
        self.two_seen = threading.Event()

    @Slot(int, int, str)
    def record(self, *_: object) -> None:
        self.seen.append(self.window.work_label.text())
        if len(self.seen) >= 2:
            self.two_seen.set()


def test_indexing_progress_counts_passages_in_the_status_line(window) -> None:
    window._embed_progress(512, 4000, "")
    assert window.work_label.text() == "Indexing passages 512/4,000"
    assert (window.progress.value(), window.progress.maximum()) == (512, 4000)


def _articles(folder: Path, name: str, count: int) -> None:
    folder.mkdir(exist_ok=True)
    (folder / name).write_text(
        "\n".join(
            f"Articolul {k}\nTermenul de plată al facturii {k} din {name} este de {k} zile."
            for k in range(1, count + 1)
        ),
        encoding="utf-8",
    )


def test_a_cancelled_add_says_what_is_indexed_and_what_is_pending(
    qtbot, window, tmp_path: Path
) -> None:
    # before: "Added 3, failed 0" and every document "Indexed" while passages were
    # missing from the index (issue 10)
    from letadesk.index.sync import EMBED_BATCH

    folder = tmp_path / "notes"
    for i in range(3):
        _articles(folder, f"note_{i}.txt", 40)  # more than a batch, less than two
    window.matters.create_matter("Notes")
    texts = _LabelTexts(window)
    window.documents_engine.embed_progress.connect(texts.record)  # queued, after the window's slot

    def cancel_after_two_batches(done: int, _total: int, _what: str) -> None:
        if done >= 2 * EMBED_BATCH:
            # The window shows no progress once a cancel is asked: wait (in the engine's
            # thread) until it has shown the first two, as a user's click would come after.
            assert texts.two_seen.wait(30)
            window._documents_engine.cancel()  # in its thread: takes effect before batch 3

    window.documents_engine.embed_progress.connect(
        cancel_after_two_batches, Qt.ConnectionType.DirectConnection
    )
    assert window.add_paths([str(folder)])
    wait_idle(qtbot, window)
    report = window.last_report
    assert report is not None and report.cancelled
    assert report.indexed == [str(folder / "note_0.txt")]
    assert window.work_label.text() == (
        "Cancelled: 1 document(s) fully indexed, 2 pending (the next add resumes them), "
        "0 not read, 0 failed."
    )
    # per batch, from the start of the indexing (it was per 256 passages)
    assert texts.seen[:2] == ["Indexing passages 0/120", f"Indexing passages {EMBED_BATCH}/120"]
    panel = window.documents
    assert panel.status_of("note_0.txt").status == "indexed"
    for name in ("note_1.txt", "note_2.txt"):
        row = panel.status_of(name)
        assert (row.status, row.label) == ("pending", "Partly indexed")
        assert "not yet indexed" in row.detail
    assert window.ws.doctor().consistent
    window.documents_engine.embed_progress.disconnect(cancel_after_two_batches)
    assert window.add_paths([str(folder)])  # nothing new: the indexing resumes
    wait_idle(qtbot, window)
    assert not window.last_report.cancelled and window.last_report.pending == []
    assert {r.status for r in panel.rows} == {"indexed"}
    assert window.ws.documents.pending("Notes") == {}


class _HeldIngest:
    """Keeps the documents engine inside an ingest (after its first file) until
    released, as a long add of many files does."""

    def __init__(self, window) -> None:
        self.inside = threading.Event()
        self.release = threading.Event()
        window.documents_engine.ingest_progress.connect(
            self._hold, Qt.ConnectionType.DirectConnection
        )

    def _hold(self, *_: object) -> None:  # in the engine's thread
        self.inside.set()
        assert self.release.wait(60)


def _hold_an_ingest(qtbot, window, tmp_path: Path, matter: str) -> _HeldIngest:
    _articles(tmp_path / "long", "long.txt", 5)
    window.matters.create_matter(matter)
    held = _HeldIngest(window)
    assert window.add_paths([str(tmp_path / "long")], matter)
    qtbot.waitUntil(held.inside.is_set, timeout=30_000)
    return held


def test_an_add_disables_only_what_conflicts_with_it(qtbot, window, tmp_path: Path) -> None:
    # before: Ask and every matter button were disabled during any add (issue 10)
    window.matters.create_matter("Other")
    held = _hold_an_ingest(qtbot, window, tmp_path, "Long")
    try:
        assert window.task == "ingest" and window.work_matter == "Long"
        matters, ask = window.matters, window.ask_panel
        assert ask.ask_button.isEnabled() and ask.question.isEnabled()
        assert matters.new_button.isEnabled()
        assert not matters.rename_button.isEnabled()  # the matter being added to
        assert not matters.delete_button.isEnabled()
        matters.refresh(select="Other")
        assert window.matter == "Other"
        assert matters.rename_button.isEnabled()
        assert not matters.delete_button.isEnabled()  # deleting waits for the add
        assert not window.documents.add_files_button.isEnabled()
        assert not window.add_paths([str(tmp_path / "long")])  # one add at a time
        assert not window.settings_action.isEnabled()
    finally:
        held.release.set()
    wait_idle(qtbot, window)
    assert window.matters.delete_button.isEnabled()
    assert window.documents.add_files_button.isEnabled()
    assert window.last_report.added == 1


@pytest.mark.model  # the judge answers
def test_a_question_is_answered_while_another_matter_is_being_added_to(
    qtbot, sample_window, tmp_path: Path
) -> None:
    window = sample_window
    sample = window.matter
    held = _hold_an_ingest(qtbot, window, tmp_path, "Long")
    try:
        window.matters.refresh(select=sample)
        assert window.ask(QUESTION, generate=False)
        assert window.task == "ingest+ask"
        qtbot.waitUntil(lambda: not window.asking, timeout=120_000)
        assert window.work == "ingest"  # still adding
        assert not window.last_error, window.last_error
        assert window.answer_view.answer.disposition == "answered"
    finally:
        held.release.set()
    wait_idle(qtbot, window)


def test_matters_create_rename_delete(qtbot, window) -> None:
    panel = window.matters
    panel.create_matter("Alpha")
    panel.create_matter("Beta")
    assert panel.current() == "Beta"
    panel.rename_matter("Beta renamed")
    assert [m.name for m in window.ws.matters.all()] == ["Alpha", "Beta renamed"] or {
        m.name for m in window.ws.matters.all()
    } == {"Alpha", "Beta renamed"}
    panel.delete_matter(confirm=False)
    wait_idle(qtbot, window)
    assert {m.name for m in window.ws.matters.all()} == {"Alpha"}
    assert panel.current() == "Alpha"


def test_renaming_a_matter_to_a_taken_name_warns_with_a_clear_message(
    qtbot, window, monkeypatch: pytest.MonkeyPatch
) -> None:
    # before: the panel caught any exception and showed apsw's "UNIQUE constraint failed"
    warnings: list[str] = []
    monkeypatch.setattr(window.matters, "_error", lambda exc: warnings.append(str(exc)))
    panel = window.matters
    panel.create_matter("Alpha")
    panel.create_matter("Beta")
    panel.rename_matter("Alpha")
    assert warnings == ["cannot rename the matter to 'Alpha': another matter already has that name"]
    assert {m.name for m in window.ws.matters.all()} == {"Alpha", "Beta"}
    assert panel.current() == "Beta"


def test_a_source_check_arriving_after_its_matter_was_deleted_clears_the_list(
    qtbot, window
) -> None:
    # the start-up currency check can report after the user renamed or deleted the
    # matter it was shown for (seen in CI): the list empties instead of raising
    panel = window.matters
    panel.create_matter("Gamma")
    window.documents.set_matter("Gamma")
    panel.delete_matter(confirm=False)
    wait_idle(qtbot, window)
    window.documents.matter = "Gamma"  # the stale name the late report refreshes with
    window.documents.refresh()
    assert window.documents.rows == []
    assert window.documents.matter == ""


def test_drop_adds_files(qtbot, window) -> None:
    from PySide6.QtCore import QMimeData, QPointF, QUrl
    from PySide6.QtGui import QDropEvent

    received: list[list[str]] = []
    window.documents.add_requested.connect(received.append)
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(SAMPLE / "memo_intern.md"))])
    event = QDropEvent(
        QPointF(5, 5),
        Qt.DropAction.CopyAction,
        mime,
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
    )
    window.documents.dropEvent(event)
    assert received == [[str(SAMPLE / "memo_intern.md")]]
