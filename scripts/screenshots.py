"""Screenshots of the real window for the docs: the sample matter, one question,
the answer and the cited source with its highlight, a search in the viewer, the review
grid (the Romanian clause set over the sample matter), the draft check (a short
fictional law added to the matter and a draft with a wrong deadline and a missing
article), a refusal and a follow-up in the conversation. With ``--cuad DIR`` (a folder
of real contracts, e.g. ``../shared/data/cuad/pdf``; read in place, never copied) a
second matter of the ``--cuad-count`` contracts with the longest file names is added
and shot at 1280×800: a grouped answer, a follow-up, a refusal and the review grid.

    python scripts/screenshots.py [--out docs/screenshots] [--generate] [--cuad DIR]

Uses a temporary profile (never the real one). Runs on the offscreen platform when
no display is set; under ``xvfb-run`` it uses the X server.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
QUESTIONS = {
    "en": "How long do the confidentiality obligations survive termination?",
    "ro": "Care este durata contractului de prestări servicii?",
}


def _wait(app, predicate, timeout: float = 300.0) -> None:
    from PySide6.QtTest import QTest

    end = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > end:
            raise TimeoutError("the window did not finish in time")
        QTest.qWait(50)
    # A scroll area lays out wrapped text over several event passes: a grab right after
    # the answer arrives shows its page squeezed into the viewport, the claims cut.
    QTest.qWait(400)


FICTIONAL_LAW = """LEGEA nr. 50 din 3 martie 2020 privind termenele de plată (fictivă)

Articolul 1
Prezenta lege stabilește termenele de plată în contractele dintre profesioniști.

Articolul 2
(1) Plata se face în termen de 30 de zile de la primirea facturii.
(2) Penalitățile de întârziere sunt de 0,1% pe zi din suma datorată.
"""
DRAFT = """PROIECT DE CONTRACT (fictiv)

Clauza 1. Plata
Plata se face în termen de 10 zile de la primirea facturii,
conform art. 2 alin. (1) din Legea nr. 50/2020.

Clauza 2. Penalități
Penalitățile de întârziere sunt de 0,1% pe zi, potrivit art. 2 alin. (2) din Legea nr. 50/2020.

Clauza 3. Încetarea
Contractul poate fi reziliat în condițiile art. 9 din Legea nr. 50/2020.
"""


def _pdf_chip(win):
    for chip in win.answer_view.chips:
        if win.ws.documents.find(str(chip.source.document_id)).kind == "pdf":
            return chip
    return win.answer_view.chips[0] if win.answer_view.chips else None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", default=str(ROOT / "docs" / "screenshots"))
    parser.add_argument(
        "--generate",
        action="store_true",
        help="answer with the local model (default: extract only)",
    )
    parser.add_argument("--language", choices=sorted(QUESTIONS), default="en")
    parser.add_argument("--cuad", help="a folder of real contracts (CUAD's PDFs) to shoot too")
    parser.add_argument("--cuad-count", type=int, default=8)
    args = parser.parse_args(argv)
    if not os.environ.get("DISPLAY") and not os.environ.get("QT_QPA_PLATFORM"):
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
    sys.path.insert(0, str(ROOT / "src"))
    from letadesk.ui.app import application
    from letadesk.ui.main_window import MainWindow

    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    app = application(args.language)
    question = QUESTIONS[args.language]
    with tempfile.TemporaryDirectory(prefix="letadesk-shots-") as profile:
        win = MainWindow(profile)
        win.resize(1500, 900)
        win.show()
        if not win.load_sample_matter():
            raise SystemExit("sample matter not found")
        _wait(app, lambda: not win.task)
        win.ask_panel.question.setText(question)
        win.ask_panel.extract_only.setChecked(not args.generate)
        win.ask(question, generate=args.generate)
        _wait(app, lambda: not win.task)
        chip = _pdf_chip(win)
        if chip is not None:
            chip.click()
            app.processEvents()
        win.grab().save(str(out / "window.png"))
        win.answer_view.grab().save(str(out / "answer.png"))
        win.viewer.grab().save(str(out / "source_viewer.png"))
        print(win.status_label.text())
        win.viewer.toolbar.find_field.setText("confidential")
        win.viewer.find_next("confidential")
        win.viewer.find_next("confidential")
        app.processEvents()
        win.viewer.grab().save(str(out / "viewer_search.png"))
        _conversation(app, win, out, args.language)
        _review(app, win, out)
        _draft(app, win, out, Path(profile))
        shots = list(SHOTS)
        if args.cuad:
            shots += _cuad(app, win, out, Path(args.cuad), args.cuad_count)
        win.close()
    for name in shots:
        print(out / name)
    return 0


SHOTS = (
    "window.png",
    "answer.png",
    "source_viewer.png",
    "viewer_search.png",
    "review_grid.png",
    "draft_check.png",
    "refusal.png",
    "conversation.png",
)
REFUSAL = {"en": "What does art. 99 of the contract say?", "ro": "Ce prevede art. 99 din contract?"}
FOLLOW_UP = {
    "en": "And what may the receiving party disclose?",
    "ro": "Și care este termenul de plată?",
}


def _ask(app, win, question: str, *, follow_up: bool = False) -> None:
    win.ask_panel.set_question(question)
    win.ask(question, generate=False, follow_up=follow_up)
    _wait(app, lambda: not win.task)


def _conversation(app, win, out: Path, language: str) -> None:
    """A refusal (its plain reason, the nearest sources), then a conversation: a question
    asked of one document (the documents' menu) and a follow-up that inherits it."""
    _ask(app, win, REFUSAL[language])
    win.answer_view.grab().save(str(out / "refusal.png"))
    win.conversations.show(win.matter, fresh=True)
    kind = {"en": "pdf", "ro": "docx"}[language]
    doc = next(d for d in win.ws.documents.all(win.matter) if d.kind == kind)
    win.conversations.pin(str(doc.id), doc.title)
    _ask(app, win, QUESTIONS[language], follow_up=True)
    _ask(app, win, FOLLOW_UP[language], follow_up=True)
    win.grab().save(str(out / "conversation.png"))


def _cuad(app, win, out: Path, folder: Path, count: int) -> list[str]:
    """A matter of real contracts, at 1280×800: a grouped answer, a follow-up, a refusal
    and the review grid (CUAD's first questions over every contract)."""
    pdfs = sorted(folder.glob("*.[pP][dD][fF]"), key=lambda p: (-len(p.name), p.name))[:count]
    win.resize(1280, 800)
    win.matters.create_matter("CUAD contracts")
    win.add_paths([str(p) for p in pdfs], "CUAD contracts")
    _wait(app, lambda: not win.task, timeout=1800)
    win.tabs.setCurrentIndex(0)
    _ask(app, win, "What is the governing law?")
    win.grab().save(str(out / "cuad_answer.png"))
    answer = win.answer_view.answer
    if answer is not None and answer.groups:  # one contract of the answer, then a follow-up
        group = answer.groups[0]
        win.conversations.pin(str(group.document_id), group.document)
        _ask(app, win, "Which courts have jurisdiction?", follow_up=True)
    _ask(app, win, "How may the agreement be terminated?", follow_up=True)
    win.grab().save(str(out / "cuad_conversation.png"))
    _ask(app, win, "What does art. 99 of the agreement say?")
    win.grab().save(str(out / "cuad_refusal.png"))
    view = win.review_view
    win.tabs.setCurrentWidget(view)
    view.use_template("cuad")
    view.use_questions(view.questions[:6])
    view.fill()
    _wait(app, lambda: not view.running, timeout=3600)
    view.table.setCurrentCell(0, 1)
    app.processEvents()
    win.grab().save(str(out / "cuad_grid.png"))
    win.resize(1024, 700)
    app.processEvents()
    win.grab().save(str(out / "cuad_grid_1024.png"))
    names = ["cuad_answer.png", "cuad_conversation.png", "cuad_refusal.png", "cuad_grid.png"]
    return [*names, "cuad_grid_1024.png"]


def _review(app, win, out: Path) -> None:
    view = win.review_view
    win.tabs.setCurrentWidget(view)
    view.use_template("ro")
    view.fill()
    _wait(app, lambda: not view.running)
    view.table.setCurrentCell(0, 1)
    app.processEvents()
    win.grab().save(str(out / "review_grid.png"))


def _draft(app, win, out: Path, profile: Path) -> None:
    law = profile / "legea_50-2020_fictiva.txt"
    law.write_text(FICTIONAL_LAW, encoding="utf-8")
    win.add_paths([str(law)])
    _wait(app, lambda: not win.task)
    draft = profile / "proiect_contract.txt"
    draft.write_text(DRAFT, encoding="utf-8")
    view = win.draft_view
    win.tabs.setCurrentWidget(view)
    view.check(draft)
    _wait(app, lambda: not view.busy)
    view.clauses.setCurrentRow(0)  # the wrong deadline
    app.processEvents()
    win.grab().save(str(out / "draft_check.png"))


if __name__ == "__main__":  # required: ingest workers are spawned processes
    sys.exit(main())
