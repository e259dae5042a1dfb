"""The ingest pipeline end to end on real files, real SQLite and real tantivy."""

from __future__ import annotations

import os
from pathlib import Path

import pymupdf
import pytest

from corpus_factory import CONTRACT_RO, NDA_EN, write_pdf, write_text
from letadesk.domain import DocumentStatus
from letadesk.ingest.readers import READER_VERSION
from letadesk.store.database import integrity_ok
from letadesk.workspace import Workspace


def _statuses(ws: Workspace, matter: str) -> dict[str, str]:
    return {Path(d.path).name: d.status.value for d in ws.documents.all(matter)}


def test_ingest_stores_fragments_at_their_offsets(workspace: Workspace, tmp_path: Path) -> None:
    write_text(tmp_path / "docs", "contract.txt", CONTRACT_RO)
    write_pdf(tmp_path / "docs", "nda.pdf", [NDA_EN[:600], NDA_EN[600:]])
    report = workspace.documents.ingest([tmp_path / "docs"], matter="M")
    assert (report.added, report.failed) == (2, [])
    for doc in workspace.documents.all("M"):
        text = workspace.documents.text(doc)
        frags = workspace.documents.fragments(doc)
        assert frags, doc.path
        assert all(text[f.start : f.end] == f.text for f in frags)
    contract = workspace.documents.find("contract.txt")
    locators = [f.locator for f in workspace.documents.fragments(contract)]
    assert "art. 2 alin. (2)" in locators
    nda = workspace.documents.find("nda.pdf")
    assert [p.number for p in workspace.documents.pages(nda)] == [1, 2]
    assert workspace.documents.counts()["pages"] >= 3


def test_retrieved_fragments_carry_the_printed_page_label(
    workspace: Workspace, tmp_path: Path
) -> None:
    # A brief whose pages are numbered i, ii: a lawyer cites "p. ii", not "p. 2".
    notices = "Section 9. Notices\n9.1 Notices shall be given in writing to the addresses above."
    path = write_pdf(tmp_path / "docs", "brief.pdf", [NDA_EN, notices])
    doc = pymupdf.open(path)
    doc.set_page_labels([{"startpage": 0, "prefix": "", "style": "r", "firstpagenum": 1}])
    doc.saveIncr()
    doc.close()
    workspace.documents.ingest([tmp_path / "docs"], matter="M")
    passages = workspace.search("notices given in writing", matter="M", k=5)
    assert passages[0].fragment.page == 2
    assert passages[0].fragment.printed_page == "ii"
    for p in passages:
        assert p.fragment.page_label == ["i", "ii"][p.fragment.page - 1]
    brief = workspace.documents.find("brief.pdf")
    assert {(f.page, f.page_label) for f in workspace.documents.fragments(brief)} == {
        (1, "i"),
        (2, "ii"),
    }


def test_reingest_is_incremental(workspace: Workspace, tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    write_text(docs, "a.txt", CONTRACT_RO)
    write_text(docs, "b.txt", NDA_EN)
    workspace.documents.ingest([docs], matter="M")
    again = workspace.documents.ingest([docs], matter="M")
    assert (again.added, again.updated, again.unchanged) == (0, 0, 2)

    write_text(docs, "a.txt", CONTRACT_RO + "\nArticolul 4\nDispoziții finale noi.\n")
    (docs / "b.txt").unlink()
    write_text(docs, "copy-of-a.txt", (docs / "a.txt").read_text(encoding="utf-8"))
    report = workspace.documents.ingest([docs], matter="M")
    assert (report.updated, report.retired, report.duplicates) == (1, 1, 1)
    assert _statuses(workspace, "M") == {
        "a.txt": "indexed",
        "b.txt": "retired",
        "copy-of-a.txt": "duplicate",
    }
    retired = workspace.documents.find(str(docs / "b.txt"))
    assert workspace.documents.fragments(retired) == []
    assert any(
        f.locator == "art. 4"
        for f in workspace.documents.fragments(workspace.documents.find("a.txt"))
    )
    assert workspace.doctor().consistent


def test_a_renamed_file_keeps_its_document_and_passages(
    workspace: Workspace, tmp_path: Path
) -> None:
    """A file renamed in its folder is the same document under its new name: its
    passages stay searchable, nothing is re-read, and no duplicate points at a retired
    document."""
    docs = tmp_path / "docs"
    write_text(docs, "a.txt", CONTRACT_RO)
    workspace.documents.ingest([docs], matter="M")
    before = workspace.documents.find("a.txt")
    (docs / "a.txt").rename(docs / "renamed.txt")
    report = workspace.documents.ingest([docs], matter="M")
    assert (report.moved, report.duplicates, report.retired, report.added) == (1, 0, 0, 0)
    assert _statuses(workspace, "M") == {"renamed.txt": "indexed"}
    after = workspace.documents.find("renamed.txt")
    assert after.id == before.id
    assert after.path == str(docs / "renamed.txt")
    assert workspace.documents.fragments(after) == workspace.documents.fragments(before)
    assert workspace.search("Articolul 2", matter="M", k=3)
    assert workspace.doctor().consistent


def test_deleting_a_file_whose_copy_remains_keeps_its_content_indexed(
    workspace: Workspace, tmp_path: Path
) -> None:
    """The original of a duplicate deleted: the document moves to the copy, whose
    duplicate record goes, instead of leaving every index while the copy points at it."""
    docs = tmp_path / "docs"
    write_text(docs, "a.txt", CONTRACT_RO)
    write_text(docs, "copy.txt", CONTRACT_RO)
    first = workspace.documents.ingest([docs], matter="M")
    assert (first.added, first.duplicates) == (1, 1)
    original = workspace.documents.find("a.txt")
    (docs / "a.txt").unlink()
    report = workspace.documents.ingest([docs], matter="M")
    assert (report.moved, report.retired) == (1, 0)
    assert _statuses(workspace, "M") == {"copy.txt": "indexed"}
    kept = workspace.documents.find("copy.txt")
    assert kept.id == original.id
    assert workspace.documents.fragments(kept)
    assert workspace.doctor().consistent


def test_a_moved_folder_ingested_again_follows_its_files(
    workspace: Workspace, tmp_path: Path
) -> None:
    """The matter's folder moved (a drive remounted, a folder renamed) and added again:
    its documents follow to the new paths and their sources are current again, not
    duplicates of documents whose files are gone; a copy beside a file still on disk
    stays a duplicate."""
    old, new = tmp_path / "old", tmp_path / "new"
    write_text(old, "contract.txt", CONTRACT_RO)
    write_text(old, "nda.txt", NDA_EN)
    workspace.documents.ingest([old], matter="M")
    old.rename(new)
    report = workspace.documents.ingest([new], matter="M")
    assert (report.moved, report.duplicates) == (2, 0)
    assert {d.path: d.status.value for d in workspace.documents.all("M")} == {
        str(new / "contract.txt"): "indexed",
        str(new / "nda.txt"): "indexed",
    }
    assert all(d.source_state.value == "" for d in workspace.documents.all("M"))
    write_text(tmp_path / "copy", "nda.txt", NDA_EN)
    again = workspace.documents.ingest([tmp_path / "copy"], matter="M")
    assert (again.moved, again.duplicates) == (0, 1)
    assert workspace.doctor().consistent


@pytest.mark.slow  # two full ingests of the corpus
def test_a_newer_reader_re_reads_unchanged_files(workspace: Workspace, tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    write_text(docs, "a.txt", CONTRACT_RO)
    write_text(docs, "b.txt", NDA_EN)
    workspace.documents.ingest([docs], matter="M")
    a, b = workspace.documents.find("a.txt"), workspace.documents.find("b.txt")
    b_fragments = workspace.documents.fragments(b)
    workspace._conn.execute("UPDATE documents SET reader_version = ?", (READER_VERSION - 1,))
    workspace._conn.execute(
        "UPDATE fragments SET locator = 'stale' WHERE document_id = ?", (a.id,)
    )  # as if the older chunker had labelled it differently
    report = workspace.documents.ingest([docs], matter="M")
    # both are re-read; only a.txt comes out different, b.txt keeps its fragments and ids
    assert (report.added, report.updated, report.unchanged) == (0, 1, 1)
    locators = {f.locator for f in workspace.documents.fragments(workspace.documents.find("a.txt"))}
    assert "stale" not in locators and "art. 2 alin. (2)" in locators
    assert workspace.documents.fragments(workspace.documents.find("b.txt")) == b_fragments
    assert workspace.documents.ingest([docs], matter="M").unchanged == 2
    assert workspace.doctor().consistent


def _as_if_read_by_an_older_reader(workspace: Workspace, name: str) -> None:
    doc = workspace.documents.find(name)
    workspace._conn.execute("UPDATE documents SET reader_version = ?", (READER_VERSION - 1,))
    workspace._conn.execute(
        "UPDATE fragments SET locator = 'stale' WHERE document_id = ?", (doc.id,)
    )


def _locators(workspace: Workspace, name: str) -> set[str]:
    return {f.locator for f in workspace.documents.fragments(workspace.documents.find(name))}


def test_a_copy_ingested_alone_re_reads_its_stale_twin(
    workspace: Workspace, tmp_path: Path
) -> None:
    """The content was indexed from folder A by an older reader; ingesting only folder
    B, which holds a copy, re-reads A's file: the copy must not keep the older reading."""
    write_text(tmp_path / "a", "contract.txt", CONTRACT_RO)
    write_text(tmp_path / "b", "copy.txt", CONTRACT_RO)
    workspace.documents.ingest([tmp_path / "a"], matter="M")
    workspace.documents.ingest([tmp_path / "b"], matter="M")
    original = workspace.documents.find("contract.txt")
    _as_if_read_by_an_older_reader(workspace, "contract.txt")
    report = workspace.documents.ingest([tmp_path / "b"], matter="M")
    assert (report.duplicates, report.updated, report.added) == (1, 1, 0)
    assert "stale" not in _locators(workspace, "contract.txt")
    assert "art. 2 alin. (2)" in _locators(workspace, "contract.txt")
    assert workspace.documents.find("contract.txt").id == original.id  # read in place
    assert _statuses(workspace, "M") == {"contract.txt": "indexed", "copy.txt": "duplicate"}
    assert workspace.documents.ingest([tmp_path / "b"], matter="M").unchanged == 1
    assert workspace.doctor().consistent


def test_a_copy_of_a_stale_twin_since_edited_keeps_asking(
    workspace: Workspace, tmp_path: Path
) -> None:
    """The twin's file now holds other words: it is not re-read through the copy (its own
    ingest will), and the copy is not recorded as read by the current reader."""
    write_text(tmp_path / "a", "contract.txt", CONTRACT_RO)
    write_text(tmp_path / "b", "copy.txt", CONTRACT_RO)
    workspace.documents.ingest([tmp_path / "a"], matter="M")
    _as_if_read_by_an_older_reader(workspace, "contract.txt")
    write_text(tmp_path / "a", "contract.txt", CONTRACT_RO + "\nArt. 9. Clauză nouă.\n")
    report = workspace.documents.ingest([tmp_path / "b"], matter="M")
    assert (report.duplicates, report.updated) == (1, 0)
    assert "stale" in _locators(workspace, "contract.txt")
    again = workspace.documents.ingest([tmp_path / "b"], matter="M")
    assert (again.duplicates, again.unchanged) == (1, 0)


def test_a_moved_file_read_by_an_older_reader_is_read_again(
    workspace: Workspace, tmp_path: Path
) -> None:
    write_text(tmp_path / "old", "contract.txt", CONTRACT_RO)
    workspace.documents.ingest([tmp_path / "old"], matter="M")
    original = workspace.documents.find("contract.txt")
    _as_if_read_by_an_older_reader(workspace, "contract.txt")
    (tmp_path / "old").rename(tmp_path / "new")
    report = workspace.documents.ingest([tmp_path / "new"], matter="M")
    assert (report.moved, report.updated, report.added) == (1, 1, 0)
    moved = workspace.documents.find("contract.txt")
    assert (moved.id, moved.path) == (original.id, str(tmp_path / "new" / "contract.txt"))
    assert "stale" not in _locators(workspace, "contract.txt")
    assert workspace.documents.ingest([tmp_path / "new"], matter="M").unchanged == 1
    assert workspace.doctor().consistent


def test_hostile_files_fail_with_reasons_and_the_batch_goes_on(
    workspace: Workspace, tmp_path: Path
) -> None:
    docs = tmp_path / "docs"
    write_text(docs, "good.txt", NDA_EN)
    (docs / "empty.txt").write_bytes(b"")
    (docs / "garbage.pdf").write_bytes(os.urandom(4096))
    good_pdf = write_pdf(tmp_path, "whole.pdf", ["Some text on a page."])
    (docs / "truncated.pdf").write_bytes(good_pdf.read_bytes()[:300])
    enc = pymupdf.open()
    enc.new_page().insert_text((72, 72), "secret")
    enc.save(docs / "locked.pdf", encryption=pymupdf.PDF_ENCRYPT_AES_256, user_pw="x", owner_pw="y")
    (docs / "notes.rtf").write_text("{\\rtf1 hello}", encoding="utf-8")
    outside = write_text(tmp_path / "outside", "secret.txt", "do not read")
    (docs / "link.txt").symlink_to(outside)

    report = workspace.documents.ingest([docs], matter="M")
    reasons = {Path(p).name: r for p, r in report.failed}
    assert report.added == 1
    assert set(reasons) == {
        "empty.txt",
        "garbage.pdf",
        "truncated.pdf",
        "locked.pdf",
        "notes.rtf",
        "link.txt",
    }
    assert "encrypted" in reasons["locked.pdf"]
    assert "symbolic link" in reasons["link.txt"]
    assert "unsupported" in reasons["notes.rtf"]
    assert all(r for r in reasons.values())
    failed = workspace.documents.all("M", failed_only=True)
    assert {Path(d.path).name for d in failed} == set(reasons)
    assert not any(
        "do not read" in workspace.documents.text(d) for d in workspace.documents.all("M")
    )


def test_oversized_file_is_refused_before_parsing(tmp_path: Path) -> None:
    ws = Workspace.open(tmp_path / "ws")
    ws.settings = type(ws.settings)(max_file_mb=0)
    write_text(tmp_path / "docs", "big.txt", NDA_EN)
    report = ws.documents.ingest([tmp_path / "docs"], matter="M")
    assert "file too large" in report.failed[0][1]
    ws.close()


def test_parser_timeout_kills_the_worker_and_goes_on(tmp_path: Path) -> None:
    ws = Workspace.open(tmp_path / "ws")
    ws.settings = type(ws.settings)(ingest_timeout_s=0.001)
    write_text(tmp_path / "docs", "a.txt", NDA_EN)
    report = ws.documents.ingest([tmp_path / "docs"], matter="M")
    assert report.failed and "timed out" in report.failed[0][1]
    ws.close()


def test_matters_never_share_documents(workspace: Workspace, tmp_path: Path) -> None:
    write_text(tmp_path / "one", "a.txt", CONTRACT_RO)
    write_text(tmp_path / "two", "b.txt", NDA_EN + "\nCANARY-ZEBRA-7731 appears only here.\n")
    workspace.documents.ingest([tmp_path / "one"], matter="One")
    workspace.documents.ingest([tmp_path / "two"], matter="Two")
    hits = workspace.search("CANARY-ZEBRA-7731 zebra canary", matter="One", k=50)
    assert all(p.document.matter_id == workspace.matters.named("One").id for p in hits)
    assert not any("CANARY" in p.fragment.text for p in hits)
    assert any(
        "CANARY" in p.fragment.text for p in workspace.search("CANARY-ZEBRA-7731", matter="Two")
    )


def test_database_is_wal_full_sync_and_intact(workspace: Workspace, tmp_path: Path) -> None:
    write_text(tmp_path / "docs", "a.txt", CONTRACT_RO)
    workspace.documents.ingest([tmp_path / "docs"], matter="M")
    conn = workspace._conn
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert conn.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
    assert integrity_ok(conn)
    assert all(d.status == DocumentStatus.INDEXED for d in workspace.documents.all("M"))
