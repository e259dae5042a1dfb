"""Canaries (issue 15): the text of a question and of a document never reaches a log
record or stderr. Every log record of every logger, at DEBUG, and everything written
to the process's stderr (parser workers included) is checked while the CLI ingests,
searches, asks (the judge unavailable, which is logged), meets a broken file and a
question over the cap."""

from __future__ import annotations

import json
import logging
from pathlib import Path

import pytest

import letadesk.judge
from corpus_factory import NDA_EN, write_text
from letadesk.cli import main
from letadesk.errors import ModelError

# Words found nowhere else: the document's and the question's
DOC_CANARY = "Vexquorbian"
QUESTION_CANARY = "glimmerwhack"
DOCUMENT = NDA_EN.replace("The obligations", f"The {DOC_CANARY} obligations").replace(
    "Receiving Party", f"{DOC_CANARY} Party"
)
QUESTION = f"How long do the {QUESTION_CANARY} confidentiality obligations survive termination?"


def _leaks(text: str) -> list[str]:
    folded = text.casefold()
    return [c for c in (DOC_CANARY, QUESTION_CANARY) if c.casefold() in folded]


def test_no_question_or_document_text_reaches_a_log_or_stderr(
    tmp_path: Path,
    caplog: pytest.LogCaptureFixture,
    capfd: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def no_judge() -> object:  # scripted: the judge unavailable, a path that logs
        raise ModelError(f"{tmp_path}/judge.onnx: missing")

    monkeypatch.setattr(letadesk.judge, "default_judge", no_judge)
    caplog.set_level(logging.DEBUG)
    docs = tmp_path / "docs"
    write_text(docs, "nda.txt", DOCUMENT)
    (docs / "broken.pdf").write_bytes(b"%PDF-1.7\n" + DOCUMENT.encode() + b"\n%%EOF")
    profile = tmp_path / "profile"

    errors: list[str] = []

    def cli(*args: str) -> tuple[int, str]:
        code = main(["--data-dir", str(profile), *args])
        out, err = capfd.readouterr()
        errors.append(err)
        return code, out

    code, out = cli("ingest", str(docs), "--matter", "M")
    assert code == 0 and "broken.pdf" in out + "".join(errors)
    code, out = cli("ask", QUESTION, "--matter", "M", "--extract-only", "--json")
    assert code == 0 and json.loads(out)["disposition"] == "answered"
    assert DOC_CANARY in out  # the answer quotes the document: the canary is reachable
    assert cli("search", QUESTION, "--matter", "M")[0] == 0
    assert cli("ask", QUESTION + " x" * 1000, "--matter", "M")[0] == 2  # over the cap
    assert cli("audit", "--verify")[0] == 0

    records = list(caplog.records)
    assert any(r.name.startswith("letadesk") for r in records)  # the capture saw the logs
    logged = "\n".join(f"{r.name}: {r.getMessage()}" for r in records)
    assert _leaks(logged) == [], logged
    err = "".join(errors)  # the whole run's stderr, parser workers' included
    assert "too long" in err  # the refusal was said there
    assert _leaks(err) == [], err
