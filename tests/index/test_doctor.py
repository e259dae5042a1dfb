"""The derived indexes against SQLite: a deleted or corrupted tantivy index, a lost
update and a change of embedder are found and repaired."""

from __future__ import annotations

import shutil
from dataclasses import replace
from pathlib import Path

from corpus_factory import CONTRACT_RO, NDA_EN, write_text
from letadesk.workspace import Workspace


def _ingested(tmp_path: Path) -> Workspace:
    ws = Workspace.open(tmp_path / "profile")
    write_text(tmp_path / "docs", "contract.txt", CONTRACT_RO)
    write_text(tmp_path / "docs", "nda.txt", NDA_EN)
    ws.documents.ingest([tmp_path / "docs"], matter="M")
    return ws


def _reopen(ws: Workspace) -> Workspace:
    root = ws.paths.root
    ws.close()
    return Workspace.open(root)


def test_deleted_lexical_index_is_found_and_rebuilt(tmp_path: Path) -> None:
    ws = _ingested(tmp_path)
    shutil.rmtree(ws.paths.lexical_index)
    ws = _reopen(ws)
    report = ws.doctor()
    assert not report.consistent
    assert any("lexical index" in p for p in report.problems)
    repaired = ws.doctor(repair=True)
    assert repaired.repaired and repaired.consistent
    assert ws.search("preaviz", matter="M", dense=False)
    ws.close()


def test_corrupted_lexical_index_is_found_and_rebuilt(tmp_path: Path) -> None:
    ws = _ingested(tmp_path)
    for meta in ws.paths.lexical_index.glob("m*/meta.json"):  # each matter's index
        meta.write_text("{ not json", encoding="utf-8")
    ws = _reopen(ws)
    assert any("will not open" in p for p in ws.doctor().problems)
    assert ws.doctor(repair=True).consistent
    ws.close()


def test_stale_and_missing_entries_are_found(tmp_path: Path) -> None:
    ws = _ingested(tmp_path)
    doc = ws.documents.find("nda.txt")
    ws._conn.execute(
        "UPDATE fragments SET text = text || ' edited' WHERE document_id = ?", (doc.id,)
    )  # a lost update: no outbox row
    report = ws.doctor()
    assert any("stale" in p for p in report.problems) and not report.consistent
    assert ws.doctor(repair=True).consistent
    ws.close()


def test_an_update_still_in_the_outbox_is_pending_work_not_damage(tmp_path: Path) -> None:
    ws = _ingested(tmp_path)
    doc = ws.documents.find("nda.txt")
    with ws._conn:  # what a store does, in one transaction: the change and its outbox row
        ws._conn.execute(
            "UPDATE fragments SET text = text || ' edited' WHERE document_id = ?", (doc.id,)
        )
        ws._conn.execute(
            "INSERT INTO index_outbox(document_id, op) VALUES (?, 'upsert')", (doc.id,)
        )
    report = ws.doctor()
    assert report.consistent and report.problems == []
    assert any("not yet applied" in p for p in report.pending)
    assert ws.documents.pending("M").keys() == {doc.id}
    repaired = ws.doctor(repair=True)
    assert repaired.consistent and repaired.pending == []
    assert ws.documents.pending("M") == {}
    ws.close()


def test_changing_the_embedder_re_embeds_everything(tmp_path: Path) -> None:
    ws = _ingested(tmp_path)
    first = ws.indexes.vectors.identity()
    fragments = ws.documents.counts()["fragments"]
    root = ws.paths.root
    ws.close()
    ws = Workspace.open(root)
    ws.settings = replace(ws.settings, embedder="minilm")
    assert ws.indexes.embed_missing() == fragments  # the old vectors were dropped
    assert ws.indexes.vectors.identity() != first
    assert ws.doctor().consistent
    ws.close()


def test_a_first_ingest_killed_before_its_index_was_made_is_pending_not_damage(
    tmp_path: Path,
) -> None:
    """Found by bench_kill9.py --fresh (2 of 50 kills, 1.8 s into a first ingest): the
    documents were stored with their outbox rows, the tantivy folder not yet made."""
    ws = _ingested(tmp_path)
    with ws._conn:  # as the killed ingest left it: every document still in the outbox
        for doc in ws.documents.all("M"):
            ws._conn.execute(
                "INSERT INTO index_outbox(document_id, op) VALUES (?, 'upsert')", (doc.id,)
            )
    shutil.rmtree(ws.paths.lexical_index)
    ws = _reopen(ws)
    report = ws.doctor()
    assert report.consistent and report.problems == []
    assert report.pending
    ws.indexes.sync()  # the next ingest's sync: the outbox applied, vectors re-made
    assert ws.search("preaviz", matter="M", dense=False)
    assert ws.doctor().consistent and ws.documents.pending("M") == {}
    ws.close()
