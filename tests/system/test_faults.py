"""Faults of the disk and of the profile: a full disk, a read-only profile, a damaged
database page and a deleted lexical index each end in a clear error (no traceback),
or are repaired by ``doctor --repair``; nothing committed before the fault is lost."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import apsw
import pytest

from corpus_factory import CONTRACT_RO, NDA_EN, write_text
from letadesk.config import Paths, Settings
from letadesk.errors import IndexError_, StoreError
from letadesk.index.sync import IndexSet
from letadesk.ingest.pipeline import ingest
from letadesk.store import matters
from letadesk.store.database import integrity_ok, open_database
from letadesk.store.transaction import transaction
from letadesk.workspace import Workspace


def _cli(data: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "letadesk.cli", "--data-dir", str(data), *args],
        capture_output=True,
        text=True,
        timeout=300,
    )


def _can_mount() -> bool:
    return sys.platform.startswith("linux") and os.geteuid() == 0 and bool(shutil.which("mount"))


@contextmanager
def _tmpfs(where: Path, size: str) -> Iterator[bool]:
    """A tmpfs of ``size`` mounted at ``where`` when this runs as root and may mount;
    yields whether it was mounted (else ``where`` is a plain folder)."""
    where.mkdir(parents=True)
    mounted = (
        _can_mount()
        and subprocess.run(
            ["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(where)], capture_output=True
        ).returncode
        == 0
    )
    try:
        yield mounted
    finally:
        if mounted:
            subprocess.run(["umount", "-l", str(where)], check=False)


def _committed_documents(db: Path) -> int:
    """Indexed documents, each checked complete (text and fragments agree)."""
    conn = open_database(db)
    assert integrity_ok(conn)
    rows = conn.execute(
        "SELECT d.id, d.text, count(f.id) FROM documents d JOIN fragments f "
        "ON f.document_id = d.id WHERE d.status = 'indexed' GROUP BY d.id"
    ).fetchall()
    for doc_id, text, _ in rows:
        for start, end, ftext in conn.execute(
            'SELECT start, "end", text FROM fragments WHERE document_id = ?', (doc_id,)
        ):
            assert text[start:end] == ftext, f"document {doc_id} is partial"
    conn.close()
    return len(rows)


def _corpus(folder: Path, n: int) -> None:
    for i in range(n):
        write_text(folder, f"doc{i:03}.txt", f"Document {i}.\n" + (CONTRACT_RO + NDA_EN) * 8)


def test_disk_full_during_ingest_is_a_clear_error_and_keeps_what_was_committed(
    tmp_path: Path,
) -> None:
    docs, disk = tmp_path / "docs", tmp_path / "disk"
    _corpus(docs, 30)  # 30 x 24 kB of text, about twice that in SQLite: more than fits
    with _tmpfs(disk, "1m") as mounted:
        conn = open_database(disk / "letadesk.sqlite3")
        if not mounted:  # stand-in for a small disk: SQLite's own size limit
            conn.execute("PRAGMA max_page_count = 100")
        with transaction(conn):
            matter = matters.ensure_matter(conn, "M")
        with pytest.raises(StoreError) as caught:
            ingest(conn, matter, [docs], settings=Settings())
        assert "the disk is full" in str(caught.value)
        assert "what was saved before is intact" in str(caught.value)
        assert not conn.in_transaction
        conn.close()
        saved = tmp_path / "saved"  # read it back where there is room
        shutil.copytree(disk, saved)
    kept = _committed_documents(saved / "letadesk.sqlite3")
    assert 0 < kept < 30


@pytest.mark.slow  # ingests 30 files through a CLI subprocess
@pytest.mark.skipif(not _can_mount(), reason="needs root and mount for a small tmpfs")
def test_disk_full_in_the_cli_is_a_message_not_a_traceback(tmp_path: Path) -> None:
    docs, disk = tmp_path / "docs", tmp_path / "disk"
    _corpus(docs, 30)
    with _tmpfs(disk, "1m") as mounted:
        assert mounted
        done = _cli(disk / "profile", "ingest", str(docs), "--matter", "M")
        assert done.returncode == StoreError.exit_code, done.stderr
        assert "Traceback" not in done.stderr
        assert "letadesk: error: " in done.stderr and "the disk is full" in done.stderr
        shutil.copytree(disk / "profile", tmp_path / "saved")
    assert _committed_documents(tmp_path / "saved" / "letadesk.sqlite3") > 0


def _small_profile(root: Path, docs: Path) -> None:
    write_text(docs, "contract.txt", CONTRACT_RO)
    write_text(docs, "nda.txt", NDA_EN)
    paths = Paths.resolve(root)
    conn = open_database(paths.database)
    with transaction(conn):
        matter = matters.ensure_matter(conn, "M")
    assert ingest(conn, matter, [docs], settings=Settings()).added == 2
    IndexSet(conn, paths, Settings()).sync(embed=False)
    conn.close()


@pytest.mark.slow  # CLI subprocesses, one per verb
def test_a_read_only_profile_is_a_clear_error(tmp_path: Path) -> None:
    disk, docs = tmp_path / "disk", tmp_path / "docs"
    with _tmpfs(disk, "64m") as mounted:
        profile = disk / "profile"
        _small_profile(profile, docs)
        if mounted:
            subprocess.run(["mount", "-o", "remount,ro", str(disk)], check=True)
        elif os.geteuid() == 0:
            pytest.skip("root writes through file modes and this system cannot mount")
        else:
            for p in [profile, *profile.rglob("*")]:
                p.chmod(p.stat().st_mode & ~0o222)
        try:
            for args in (["status"], ["ingest", str(docs), "--matter", "M"]):
                done = _cli(profile, *args)
                assert done.returncode == StoreError.exit_code, done.stderr
                assert "Traceback" not in done.stderr
                assert "is the profile read-only?" in done.stderr
        finally:
            if not mounted:
                for p in [profile, *profile.rglob("*")]:
                    p.chmod(p.stat().st_mode | 0o200)


def test_a_read_only_database_file_is_a_clear_error(tmp_path: Path) -> None:
    _small_profile(tmp_path / "profile", tmp_path / "docs")
    db = tmp_path / "profile" / "letadesk.sqlite3"
    conn = apsw.Connection(str(db), flags=apsw.SQLITE_OPEN_READONLY)
    with pytest.raises(StoreError, match="the profile is read-only"), transaction(conn):
        conn.execute("DELETE FROM documents")
    assert not conn.in_transaction
    conn.close()
    assert _committed_documents(db) == 2


def _damage(db: Path) -> None:
    """Overwrite every page but the first (header and schema) with noise."""
    conn = apsw.Connection(str(db))
    page = conn.execute("PRAGMA page_size").fetchone()[0]
    conn.close()
    data = bytearray(db.read_bytes())
    assert len(data) > 3 * page
    noise = (uuid.UUID(int=7).bytes * (page // 16 + 1))[:page]
    for start in range(page, len(data), page):
        data[start : start + page] = noise
    db.write_bytes(bytes(data))


@pytest.mark.slow  # three CLI subprocesses on a real profile
def test_a_damaged_database_page_is_a_clear_error_and_doctor_says_so(tmp_path: Path) -> None:
    profile = tmp_path / "profile"
    _small_profile(profile, tmp_path / "docs")
    _damage(profile / "letadesk.sqlite3")
    docs = _cli(profile, "docs", "--matter", "M")
    assert docs.returncode == StoreError.exit_code, docs.stderr
    assert "Traceback" not in docs.stderr and "database file is damaged" in docs.stderr
    doctor = _cli(profile, "doctor", "--repair", "--json")
    assert "Traceback" not in doctor.stderr
    assert "is damaged" in doctor.stdout + doctor.stderr
    assert "restore the profile from a backup" in doctor.stdout + doctor.stderr


@pytest.mark.slow  # CLI subprocesses on a real profile
def test_a_deleted_lexical_index_is_an_error_until_doctor_rebuilds_it(tmp_path: Path) -> None:
    profile = tmp_path / "profile"
    _small_profile(profile, tmp_path / "docs")
    shutil.rmtree(profile / "tantivy")
    ws = Workspace.open(profile)
    with pytest.raises(
        IndexError_,
        match=r"lexical index is missing; run `letadesk doctor "
        r"--repair`",
    ):
        ws.search("preaviz", matter="M", dense=False)
    report = ws.doctor(repair=True)
    assert report.repaired and report.consistent
    assert ws.search("preaviz", matter="M", dense=False)
    ws.close()
