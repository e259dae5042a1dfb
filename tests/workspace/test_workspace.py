"""The Workspace verbs the window and the CLI use instead of its (private) connection:
the audit trail, page images and quote rectangles."""

from __future__ import annotations

from pathlib import Path

import pytest

from corpus_factory import write_pdf
from letadesk.domain import Document, DocumentId, DocumentStatus, MatterId
from letadesk.errors import IngestError
from letadesk.store import audit
from letadesk.workspace import Workspace


def test_audit_verbs_read_check_and_export_the_trail(workspace: Workspace, tmp_path: Path) -> None:
    a, b = workspace.matters.create("A"), workspace.matters.create("B")
    ids = []
    for matter, question in ((a, "first"), (b, "second"), (a, "third")):
        ids.append(audit.new_audit_id())
        audit.append(workspace._conn, {"question": question}, audit_id=ids[-1], matter_id=matter.id)
    assert not hasattr(workspace, "conn")  # clients go through the verbs
    assert [e.record["question"] for e in workspace.audit.entries()] == ["third", "second", "first"]
    assert [e.record["question"] for e in workspace.audit.entries(matter="A")] == ["third", "first"]
    assert [e.id for e in workspace.audit.entries(limit=1)] == [ids[2]]
    entry = workspace.audit.entry(ids[1])
    assert entry is not None and entry.matter_id == b.id
    assert workspace.audit.entry("no-such-id") is None
    check = workspace.audit.check()
    assert check.intact and check.records == 3
    target = tmp_path / "trail.jsonl"
    assert workspace.audit.export(target) == 3
    assert len(target.read_text(encoding="utf-8").splitlines()) == 3


def _pdf_document(path: Path) -> Document:
    return Document(
        id=DocumentId(1),
        matter_id=MatterId(1),
        path=str(path),
        title=path.name,
        kind="pdf",
        language="en",
        sha256="",
        size=path.stat().st_size,
        status=DocumentStatus.INDEXED,
    )


def test_page_image_and_quote_rects_read_the_pdf(workspace: Workspace, tmp_path: Path) -> None:
    doc = _pdf_document(
        write_pdf(tmp_path, "lease.pdf", ["The lease shall last one year.", "Second page."])
    )
    small = workspace.documents.page_image(doc, 1, zoom=1.0)
    large = workspace.documents.page_image(doc, 1, zoom=2.0)
    assert small.startswith(b"\x89PNG") and len(large) > len(small)
    rects = workspace.documents.quote_rects(doc, 1, "shall last one year")
    assert len(rects) == 1
    x0, y0, x1, y1 = rects[0]
    assert 0 <= x0 < x1 and 0 <= y0 < y1
    assert workspace.documents.quote_rects(doc, 2, "shall last one year") == []
    with pytest.raises(IngestError, match="no page 3"):
        workspace.documents.page_image(doc, 3)
