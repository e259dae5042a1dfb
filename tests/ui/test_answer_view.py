"""The answer view over several documents: each document's name above its claims, the
documents without an answer last, in the interface language."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")

from PySide6.QtWidgets import QLabel

from conftest import wait_idle
from corpus_factory import GOVERNING_LAW_MATTER, write_matter
from letadesk.domain import Answer, Citation, Claim, DocumentId, FragmentId, UnansweredDocument

pytestmark = pytest.mark.ui

CONTRACTS = {
    "SOFTWARE LICENSE AGREEMENT",
    "MASTER SERVICES AGREEMENT",
    "EXCLUSIVE DISTRIBUTION AGREEMENT",
}


def reading_order(view) -> list[tuple[str, str]]:
    """The page's group titles and claim texts, top to bottom, as (object name, text)."""
    layout = view.widget().layout()
    out = []
    for i in range(layout.count()):
        widget = layout.itemAt(i).widget()
        if widget is not None and widget.objectName() == "groupTitle":
            out.append(("groupTitle", widget.text()))
        elif widget is not None and widget.objectName() == "claim":
            out.append(("claim", widget.findChild(QLabel, "claimText").text()))
    return out


@pytest.mark.model  # it asks: the judge
def test_grouped_answer_names_each_document(qtbot, window, tmp_path: Path) -> None:
    window.matters.create_matter("Contracts")
    assert window.add_paths([str(write_matter(tmp_path / "docs", GOVERNING_LAW_MATTER))])
    wait_idle(qtbot, window)
    assert window.ask("What is the governing law?", generate=False)
    wait_idle(qtbot, window)
    view = window.answer_view
    answer = view.answer
    assert answer.disposition == "answered", answer
    assert [label.text() for label in view.group_labels] == [g.document for g in answer.groups]
    assert {label.text() for label in view.group_labels} == CONTRACTS
    assert view.unanswered_label is not None
    assert view.unanswered_label.text() == "No answer in: OFFICE LEASE"
    order = reading_order(view)
    assert order[0] == ("groupTitle", answer.groups[0].document)
    current = ""
    for kind, text in order:
        if kind == "groupTitle":
            current = text
            continue
        claim = next(c for c in answer.claims if c.text == text)
        assert {c.document for c in claim.citations} == {current}
    assert len(view.chips) == sum(len(c.citations) for c in answer.claims)


def test_unanswered_documents_read_in_romanian(qtbot) -> None:
    from PySide6.QtWidgets import QApplication

    from letadesk.ui.answer_view import AnswerView
    from letadesk.ui.app import application
    from letadesk.ui.i18n import install_translator

    app = application("en")
    try:
        install_translator(QApplication.instance() or app, "ro")
        view = AnswerView()
        qtbot.addWidget(view)
        unanswered = (
            UnansweredDocument(DocumentId(4), "OFFICE LEASE"),
            UnansweredDocument(DocumentId(5), "NDA"),
        )
        view.show_answer(Answer("", "answered", "r", (), unanswered=unanswered))
        assert view.unanswered_label is not None
        assert view.unanswered_label.text() == "Niciun răspuns în: OFFICE LEASE; NDA"
    finally:
        install_translator(QApplication.instance() or app, "en")


def test_the_ask_panel_refuses_a_question_over_the_cap(qtbot) -> None:
    """Issue 15: the window says the question is too long (and asks nothing); an empty
    one is not asked either."""
    from letadesk.limits import MAX_QUESTION_CHARS
    from letadesk.ui.ask_panel import AskPanel

    panel = AskPanel()
    qtbot.addWidget(panel)
    asked: list[str] = []
    panel.ask_requested.connect(lambda text, *_: asked.append(text))
    for text in ("   ", "x" * (MAX_QUESTION_CHARS + 1)):
        panel.question.setText(text)
        panel.submit()
    assert asked == []
    assert "too long: 2001 characters (at most 2000)" in panel.stage_label.text()
    panel.question.setText("  When may the contract be terminated?  ")
    panel.submit()
    assert asked == ["When may the contract be terminated?"]
    assert panel.stage_label.text() == ""


def test_a_refusal_shows_its_question_back(qtbot) -> None:
    from letadesk.ui.answer_view import AnswerView

    view = AnswerView()
    qtbot.addWidget(view)
    clarify = "Do you mean art. 6 alin. (1) of Contract? Ask again naming it."
    view.show_answer(Answer("", "refused", "no source", (), clarify=clarify))
    assert view.clarify_label is not None and view.clarify_label.text() == clarify
    view.show_answer(Answer("", "refused", "no source", ()))
    assert view.clarify_label is None


def test_the_history_shows_the_recorded_answer_as_the_answer_tab_did(qtbot, sample_window) -> None:
    """The audit record read back (answer_from_record) is the typed Answer the Answer tab
    showed: the same claims and citations, and the same page in the History tab."""
    from letadesk.answer.from_record import answer_from_record
    from letadesk.answer.record import answer_json

    win = sample_window
    assert win.ask("How long do the confidentiality obligations survive?", generate=False)
    wait_idle(qtbot, win)
    live = win.answer_view.answer
    assert live is not None and live.answered and live.claims
    history = win.audit_view
    assert history.select_record(live.audit_id)
    shown = history.detail.answer
    assert shown == answer_from_record(history.current_record())
    assert (shown.question, shown.claims, shown.mode) == (live.question, live.claims, live.mode)
    assert answer_json(shown) == answer_json(live)
    assert [c.source for c in history.detail.chips] == [c.source for c in win.answer_view.chips]
    assert [c.full_text() for c in history.detail.chips] == [
        c.full_text() for c in win.answer_view.chips
    ]
    assert [label.text() for label in history.detail.claim_labels] == [
        label.text() for label in win.answer_view.claim_labels
    ]
    opened = []
    history.source_clicked.connect(lambda *args: opened.append(args))
    history.detail.chips[0].click()
    assert opened == [(live.claims[0].citations[0], live.claims[0].citations, 0)]
    assert win.viewer.document is not None
    assert win.viewer.document.id == live.claims[0].citations[0].document_id


def test_how_an_acronym_was_read_shows_under_the_question(qtbot) -> None:
    from letadesk.ui.answer_view import AnswerView

    view = AnswerView()
    qtbot.addWidget(view)
    reading = (
        "CNSC citit ca \u201eConsiliul Național de Soluționare a Contestațiilor\u201d, "
        "cum îl scriu documentele acestui dosar"
    )
    for disposition in ("refused", "answered"):
        view.show_answer(
            Answer("Unde depun contestația la CNSC?", disposition, "r", (), readings=(reading,))
        )
        assert [label.text() for label in view.reading_labels] == [reading]
        layout = view.widget().layout()
        texts = [layout.itemAt(i).widget().text() for i in range(2)]
        assert texts == ["Unde depun contestația la CNSC?", reading]  # under the question
    view.show_answer(Answer("q", "answered", "r", ()))
    assert view.reading_labels == []


HIDDEN = "The Receiving Party <span style='font-size:1px'>shall not</span> disclose it."


def test_a_quote_that_looks_like_markup_is_shown_as_written(qtbot) -> None:
    """A document's text that looks like HTML is shown as written, never rendered: a
    QLabel left to guess renders "<span style='font-size:1px'>shall not</span>" at one
    pixel, and the verbatim quote reads as its opposite."""
    from PySide6.QtCore import Qt

    from letadesk.ui.answer_view import AnswerView

    view = AnswerView()
    qtbot.addWidget(view)
    cite = Citation(FragmentId(1), DocumentId(1), "<b>NDA</b>", 1, "1", "Section 2", HIDDEN, 0, 9)
    view.show_answer(Answer("q", "answered", "r", (Claim(HIDDEN, "extracted", (cite,)),)))
    [label] = view.claim_labels
    assert label.textFormat() == Qt.TextFormat.PlainText
    assert label.text().replace("\u200b", "") == HIDDEN
    [chip] = view.chips  # its tooltip quotes the source: escaped, so shown as written
    assert "&lt;span style=&#x27;font-size:1px&#x27;&gt;shall not&lt;/span&gt;" in chip.toolTip()
    view.show_answer(Answer("q", "refused", f"no source: {HIDDEN}", ()))
    assert view.refusal_label.textFormat() == Qt.TextFormat.PlainText


def test_the_short_answer_reads_a_line_break_of_its_quote_as_a_space(qtbot) -> None:
    from letadesk.domain import ShortAnswer
    from letadesk.ui.answer_view import AnswerView

    view = AnswerView()
    qtbot.addWidget(view)
    quote = "This Agreement is made between Example Holdings Ltd and Sample\nVentures LLC."
    start = quote.index("Example")
    value = quote[start : quote.index(".")]
    short = ShortAnswer(value, "parties", 0, 0, start, start + len(value), "")
    citation = Citation(FragmentId(1), DocumentId(1), "NDA", 1, "", "", quote, 0, len(quote))
    view.show_answer(
        Answer(
            "Who are the parties?",
            "answered",
            "",
            (Claim(quote, "extracted", (citation,)),),
            short_answer=short,
        )
    )
    assert view.short_label is not None
    assert view.short_label.text() == "Example Holdings Ltd and Sample Ventures LLC"
