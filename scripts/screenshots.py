"""Screenshots of the real window for the docs: the sample matter, one question,
the answer and the cited source with its highlight.

    python scripts/screenshots.py [--out docs/screenshots] [--generate]

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
    app.processEvents()


def _pdf_chip(win):
    for chip in win.answer_view.chips:
        ref = chip.property("source")
        if win.ws.document(str(ref["document_id"])).kind == "pdf":
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
        win.close()
    for name in ("window.png", "answer.png", "source_viewer.png"):
        print(out / name)
    return 0


if __name__ == "__main__":  # required: ingest workers are spawned processes
    sys.exit(main())
