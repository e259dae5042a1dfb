"""A conversation, not a log (issue 40): each matter's questions and answers of the
session are a thread; a follow-up is asked of the previous question's document and on
its date unless it names another document or another date is set, and the window says
which. History stays the audit log."""

from __future__ import annotations

from datetime import date

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")

from conftest import wait_idle
from letadesk.domain import (
    Answer,
    Citation,
    Claim,
    Document,
    DocumentId,
    DocumentStatus,
    MatterId,
)
from letadesk.ui.conversation import Scope, Thread, Turn, named_document

pytestmark = pytest.mark.ui


def _doc(i: int, title: str, path: str) -> Document:
    return Document(
        DocumentId(i), MatterId(1), path, title, "txt", "en", "", 0, DocumentStatus.INDEXED
    )


DOCS = [
    _doc(1, "contract_servicii.docx", "/m/contract_servicii.docx"),
    _doc(2, "NDA", "/m/nda_example.pdf"),
    _doc(3, "EhaveInc License Agreement", "/m/EhaveInc_20190515_20-F_EX-4.44_License.pdf"),
]


def _answer(*document_ids: int) -> Answer:
    cites = tuple(
        Citation(1, DocumentId(i), DOCS[i - 1].title, 1, "1", "", "q", 0, 1) for i in document_ids
    )
    return Answer("q", "answered", "", (Claim("c", "extracted", cites),) if cites else ())


def test_a_follow_up_inherits_the_one_document_answered_from_and_the_date() -> None:
    thread = Thread()
    on = date(2024, 1, 31)
    thread.add(Turn("What is the governing law?", _answer(3), Scope(as_of=on)))
    follow = thread.follow_up("and for the licensee?", None, DOCS)
    assert follow.scope == Scope("3", "EhaveInc License Agreement", on)
    assert follow.kept_document and follow.kept_date and not follow.named


def test_a_follow_up_that_names_another_document_or_date_takes_them() -> None:
    thread = Thread()
    thread.add(Turn("Care este termenul?", _answer(1), Scope(as_of=date(2024, 1, 1))))
    follow = thread.follow_up("și în NDA?", date(2025, 6, 1), DOCS)
    assert follow.scope == Scope("2", "NDA", date(2025, 6, 1))
    assert follow.named == "NDA" and not follow.kept_document and not follow.kept_date


def test_an_answer_from_several_documents_leaves_the_follow_up_on_the_matter() -> None:
    thread = Thread()
    thread.add(Turn("What is the term?", _answer(1, 2), Scope()))
    assert thread.follow_up("and the notice period?", None, DOCS).scope == Scope()


def test_naming_a_document_by_its_file_name_words() -> None:
    assert named_document("what does contract servicii say?", DOCS) == DOCS[0]
    assert named_document("what about the nda example?", DOCS) == DOCS[1]
    assert named_document("what is the term?", DOCS) is None


@pytest.mark.parametrize("language", ["en", "ro"])
def test_the_window_keeps_the_thread_and_says_what_a_follow_up_inherits(
    qtbot, sample_window, language: str
) -> None:
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QApplication

    from letadesk.ui.i18n import install_translator

    win = sample_window
    install_translator(QApplication.instance(), language)
    try:
        nda = next(d for d in win.ws.documents.all(win.matter) if d.kind == "pdf")
        win.documents.ask_about.emit(str(nda.id), nda.title)  # the documents' menu
        panel = win.ask_panel
        assert not panel.follow_up.isHidden() and panel.follow_up.isChecked()
        first = "How long do the confidentiality obligations survive termination?"
        panel.set_question(first)
        panel.submit()
        wait_idle(qtbot, win)
        answer = win.answer_view.answer
        assert answer.answered
        assert {c.document for cl in answer.claims for c in cl.citations} == {nda.title}
        # the first chip is two Tabs from the question box (it took seven)
        win.show()
        qtbot.waitExposed(win)
        panel.question.setFocus()
        qtbot.waitUntil(panel.question.hasFocus, timeout=2000)
        for _ in range(2):
            qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
        assert QApplication.focusWidget() is win.answer_view.chips[0]
        assert nda.title in panel.follow_up_where.full_text()
        panel.set_question("And what may the receiving party disclose?")
        panel.submit()  # asked as the lawyer does: the Follow-up box ticked
        wait_idle(qtbot, win)
        second = win.answer_view.answer
        assert second.question == "And what may the receiving party disclose?"
        assert {c.document for cl in second.claims for c in cl.citations} <= {nda.title}
        note = win.answer_view.follow_up_label
        assert note is not None and nda.title in note.text() and first[:40] in note.text()
        said = {"en": "Follow-up to “", "ro": "Continuare la „"}[language]
        assert note.text().startswith(said)
        thread = win.conversation
        assert thread.list.count() == 2 and not thread.head.isHidden()
        thread.list.setCurrentRow(0)  # the first answer again, from the thread
        assert win.answer_view.answer is answer
        assert len(win.ws.audit.entries(matter=win.matter)) == 2  # History: the audit log
        thread.new_button.click()
        assert thread.list.count() == 0 and panel.follow_up.isHidden()
    finally:
        install_translator(QApplication.instance(), "en")


def test_a_question_back_s_provision_asks_again_of_that_document(qtbot, sample_window) -> None:
    # before: the clarifying question was text only; nothing could be clicked
    from letadesk.domain import Passage, Scores

    win = sample_window
    nda = next(d for d in win.ws.documents.all(win.matter) if d.kind == "pdf")
    fragment = next(f for f in win.ws.documents.fragments(nda) if f.locator)
    question = "How long do the confidentiality obligations survive termination?"
    refusal = Answer(
        question,
        "refused",
        "No source.",
        (),
        nearest_sources=(Passage(fragment, nda, Scores(fused=0.1)),),
        clarify=f"Do you mean {fragment.locator} of {nda.title}?",
    )
    win.answer_view.show_answer(refusal)
    (button,) = win.answer_view.clarify_buttons
    assert fragment.locator in button.full_text() and nda.title in button.full_text()
    button.click()
    assert win.asking
    wait_idle(qtbot, win)
    answer = win.answer_view.answer
    assert answer.question == question
    assert {c.document for cl in answer.claims for c in cl.citations} <= {nda.title}
    assert win.answer_view.follow_up_label.text() == f"Asked of {nda.title} only."


def test_the_thread_is_there_after_a_restart_until_a_new_conversation(
    qtbot, sample_window, profile
) -> None:
    from letadesk.ui.main_window import MainWindow

    win = sample_window
    for question in (
        "How long do the confidentiality obligations survive termination?",
        "What is the governing law?",
    ):
        assert win.ask(question, generate=False)
        wait_idle(qtbot, win)
    win.close()  # saves the state, shuts down

    def reopened() -> MainWindow:
        again = MainWindow(profile)
        qtbot.addWidget(again)
        return again

    second = reopened()
    lines = [second.conversation.list.item(i).text() for i in range(2)]
    assert second.conversation.list.count() == 2
    assert lines[0].startswith("1. How long do the confidentiality")
    assert lines[1].startswith("2. What is the governing law?")
    assert not second.ask_panel.follow_up.isHidden()  # a follow-up is offered at once
    second.conversation.new_button.click()
    second.close()
    third = reopened()
    assert third.conversation.list.count() == 0 and third.conversation.head.isHidden()
    assert len(third.ws.audit.entries(matter=third.matter)) == 2  # History keeps both
    third.shutdown()
