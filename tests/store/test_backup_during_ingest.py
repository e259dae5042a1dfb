"""A backup taken while the profile changes (issue 15): one taken in the middle of an
ingest restores to a consistent profile that the next ingest completes, and a backup's
manifest describes what the backup holds, not what the live profile held a moment
later."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from corpus_factory import CONTRACT_RO, GOVERNING_LAW_MATTER, NDA_EN, write_matter, write_text
from letadesk.backup import backup, restore
from letadesk.config import Paths
from letadesk.store import audit
from letadesk.workspace import Workspace


def _complete(ws: Workspace) -> None:
    """Every stored document whole: its fragments are its text at their offsets."""
    for doc in ws.documents.all():
        text = ws.documents.text(doc)
        for f in ws.documents.fragments(doc):
            assert text[f.start : f.end] == f.text, f"document {doc.id} is partial"


def test_a_backup_taken_during_an_ingest_restores_and_the_next_ingest_completes_it(
    tmp_path: Path,
) -> None:
    docs = write_matter(tmp_path / "docs", GOVERNING_LAW_MATTER)
    write_text(docs, "contract.txt", CONTRACT_RO)
    write_text(docs, "nda.txt", NDA_EN)
    source, copy, restored = tmp_path / "source", tmp_path / "backup", tmp_path / "restored"
    taken: list[int] = []
    with Workspace.open(source) as ws, Workspace.open(source) as app:
        app.matters.create("M")

        def back_up_midway(done: int, total: int, _path: str) -> None:
            if done == 3 and not taken:  # three files stored, three to go
                taken.append(backup(app, copy).counts["documents"])

        ws.documents.ingest([docs], matter="M", progress=back_up_midway)
        final = ws.documents.counts()
    assert taken and 0 < taken[0] < final["documents"] == 6

    report = restore(copy, Paths.resolve(restored))
    manifest = json.loads((copy / "manifest.json").read_text(encoding="utf-8"))
    with Workspace.open(restored) as ws:
        assert ws.documents.counts() == report.counts == manifest["counts"]
        assert ws.audit.check().intact
        assert ws.doctor().consistent
        _complete(ws)
        ws.documents.ingest([docs], matter="M")  # the rest of the interrupted ingest
        assert ws.documents.counts() == final
        doctor = ws.doctor()
        assert doctor.consistent and not doctor.pending
        assert ws.search("governing law", matter="M", k=5)


def test_the_manifest_counts_what_the_backup_holds(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Before: the counts and the audit record count were read from the live profile
    after the snapshot, so a question asked meanwhile was counted though not backed up."""
    docs = tmp_path / "docs"
    write_text(docs, "nda.txt", NDA_EN)
    source, copy = tmp_path / "source", tmp_path / "backup"
    with Workspace.open(source) as ws, Workspace.open(source) as other:
        ws.documents.ingest([docs], matter="M")
        audit.append(ws._conn, {"question": "q1"}, audit_id=audit.new_audit_id(), matter_id=None)
        snapshot = ws.copy_database

        def snapshot_then_more(target: Path) -> None:
            snapshot(target)  # the app goes on: a question asked, a document added
            audit.append(
                other._conn, {"question": "q2"}, audit_id=audit.new_audit_id(), matter_id=None
            )
            write_text(tmp_path / "more", "contract.txt", CONTRACT_RO)
            other.documents.ingest([tmp_path / "more"], matter="M")

        monkeypatch.setattr(ws, "copy_database", snapshot_then_more)
        report = backup(ws, copy)
        assert ws.documents.counts()["documents"] == 2 and ws.audit.check().records == 2
    manifest = json.loads((copy / "manifest.json").read_text(encoding="utf-8"))
    assert sorted(p.name for p in copy.iterdir() if p.is_file()) == [
        "audit.key",
        "letadesk.sqlite3",
        "manifest.json",
    ]  # counting the copy left no lock, WAL or shared-memory file beside it
    assert report.counts["documents"] == manifest["counts"]["documents"] == 1
    assert report.audit_records == manifest["audit_records"] == 1
    restored = restore(copy, Paths.resolve(tmp_path / "restored"))
    assert (restored.counts, restored.audit_records) == (report.counts, report.audit_records)
