"""The review grid's questions picked and edited in the window (issue 10): before, a grid
asked every question of a template, and changing one meant writing a JSON file by hand."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")

from PySide6.QtCore import Qt

from letadesk.errors import ConfigError
from letadesk.review.templates import Question, load_template
from letadesk.ui.question_editor import QuestionEditor
from letadesk.workspace import Workspace

pytestmark = pytest.mark.ui

OWN = "Does this agreement allow the supplier to subcontract?"


def _editor(qtbot) -> QuestionEditor:
    editor = QuestionEditor(load_template("cuad"))
    qtbot.addWidget(editor)
    return editor


def _tick_only(editor: QuestionEditor, rows: set[int]) -> None:
    for i in range(editor.list.count()):
        state = Qt.CheckState.Checked if i in rows else Qt.CheckState.Unchecked
        editor.list.item(i).setCheckState(state)


def test_pick_reword_and_add_questions(qtbot) -> None:
    cuad = load_template("cuad")
    editor = _editor(qtbot)
    assert editor.chosen() == cuad  # all ticked at first, as the template has them
    _tick_only(editor, {0, 2})
    editor.list.item(2).setText("Which State's law governs this contract?")
    editor.new_question.setText(OWN)
    assert editor.add_question()
    assert not editor.add_question("   ")  # blank: nothing added
    chosen = editor.chosen()
    assert chosen == [
        cuad[0],  # unedited: keeps its short label
        Question(
            "Which State's law governs this contract?", "Which State's law governs this contract?"
        ),
        Question(OWN, OWN),
    ]


def test_a_wrong_choice_keeps_the_dialog_open_with_the_reason(qtbot) -> None:
    editor = _editor(qtbot)
    editor.show()
    _tick_only(editor, set())
    editor._accept()
    assert editor.isVisible() and "holds no question" in editor.error.text()
    _tick_only(editor, {0})
    editor.add_question(editor.list.item(0).text())  # the same question twice
    editor._accept()
    assert editor.isVisible() and "is there twice" in editor.error.text()
    with pytest.raises(ConfigError):
        editor.chosen()


def test_save_as_a_template_file_every_question_ticked_or_not(qtbot, tmp_path: Path) -> None:
    editor = _editor(qtbot)
    _tick_only(editor, {1})
    editor.add_question(OWN)
    editor.list.setCurrentRow(0)
    editor.remove_selected()
    written = editor.save_as(tmp_path / "firm.json")
    assert written == tmp_path / "firm.json"
    saved = load_template(str(written))
    assert saved == [*load_template("cuad")[1:], Question(OWN, OWN)]


def test_the_review_tab_asks_the_questions_picked(qtbot, tmp_path: Path) -> None:
    from letadesk.ui.app import application
    from letadesk.ui.review_view import ReviewView

    application("en")
    with Workspace.open(tmp_path / "profile") as ws:
        view = ReviewView(ws)
        qtbot.addWidget(view)
        try:
            assert len(view.questions) == len(load_template("cuad"))
            editor = view.edit_questions()
            _tick_only(editor, {3, 4})
            editor.add_question(OWN)
            editor._accept()
            assert not editor.isVisible()
            assert [q.question for q in view.questions] == [
                *(q.question for q in load_template("cuad")[3:5]),
                OWN,
            ]
            assert view.questions_label.text() == "3 questions (edited)"
            view.use_template("ro")  # another template: its questions, unedited
            assert view.questions_label.text() == f"{len(load_template('ro'))} questions"
        finally:
            view.shutdown()
