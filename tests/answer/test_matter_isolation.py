"""Canaries across matters (issue 15): no answer in matter B cites, quotes, offers as a
nearest source or retrieves a passage of matter A, even when only matter A holds the
answer; questions over several documents included."""

from __future__ import annotations

from pathlib import Path

import pytest

import letadesk.judge
from corpus_factory import CONTRACT_RO, GOVERNING_LAW_MATTER, NDA_EN, write_matter, write_text
from letadesk.answer.ask import AskOptions
from letadesk.domain import Answer
from letadesk.errors import ModelError
from letadesk.workspace import Workspace

QUESTIONS = [
    "How long do the confidentiality obligations survive termination?",  # only A's NDA
    "What is the governing law?",  # asked of each document of the matter
    "May the agreement be terminated upon thirty days written notice?",
    "Which laws of the State of Delaware govern this Agreement?",
]


def _documents_of(ws: Workspace, answer: Answer) -> set[int]:
    """Every document the answer shows or its audit record lists as retrieved."""
    shown = {int(c.document_id) for claim in answer.claims for c in claim.citations}
    shown |= {int(p.document.id) for p in answer.nearest_sources}
    shown |= {int(u.document_id) for u in answer.unanswered}
    entry = ws.audit.entry(answer.audit_id)
    assert entry is not None
    ids = [int(r["fragment_id"]) for r in entry.record["retrieved"]]
    shown |= {int(f.document_id) for f in ws.documents.fragments_by_ids(ids).values()}
    return shown


def test_no_answer_in_matter_b_draws_on_matter_a(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_judge() -> object:  # scripted: the judge unavailable (the lexical checks decide)
        raise ModelError("judge.onnx: not loaded in this test")

    monkeypatch.setattr(letadesk.judge, "default_judge", no_judge)
    a_docs = write_matter(tmp_path / "a", GOVERNING_LAW_MATTER)
    write_text(a_docs, "nda.txt", NDA_EN)
    b_docs = tmp_path / "b"
    write_text(b_docs, "contract.txt", CONTRACT_RO)
    write_text(b_docs, "lease.txt", GOVERNING_LAW_MATTER["lease.txt"])  # same text as A's
    with Workspace.open(tmp_path / "profile") as ws:
        ws.documents.ingest([a_docs], matter="A")
        ws.documents.ingest([b_docs], matter="B")
        in_a = {int(d.id) for d in ws.documents.all("A")}
        in_b = {int(d.id) for d in ws.documents.all("B")}
        options = AskOptions(generate=False)
        drew_on_a = set()
        for question in QUESTIONS:
            answer_a = ws.ask(question, matter="A", options=options)
            drew_on_a |= _documents_of(ws, answer_a) & in_a
            answer_b = ws.ask(question, matter="B", options=options)
            assert _documents_of(ws, answer_b) <= in_b, question
        assert drew_on_a  # the questions do reach matter A's documents from matter A
