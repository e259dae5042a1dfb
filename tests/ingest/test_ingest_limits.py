"""What an ingest refuses, and that it says so: per-file fragment budgets, entries
that are not files, binary data without NUL bytes, entity references in DOCX.

These run the pipeline on real files, real SQLite and real parser workers, without
the embedder (the budgets bound what would be embedded)."""

from __future__ import annotations

import os
import random
import zipfile
from collections.abc import Iterator
from pathlib import Path

import apsw
import docx
import pytest

from corpus_factory import CONTRACT_RO, NDA_EN, write_text
from letadesk.config import Settings
from letadesk.domain import DocumentStatus, IngestReport
from letadesk.errors import IngestError
from letadesk.ingest.discovery import discover
from letadesk.ingest.pipeline import ingest
from letadesk.ingest.readers import read_document
from letadesk.store import corpus, matters
from letadesk.store.database import open_database
from letadesk.store.transaction import transaction


@pytest.fixture
def conn(tmp_path: Path) -> Iterator[apsw.Connection]:
    connection = open_database(tmp_path / "letadesk.sqlite3")
    yield connection
    connection.close()


def _ingest(conn: apsw.Connection, paths: list[Path], **settings: object) -> IngestReport:
    with transaction(conn):
        matter = matters.ensure_matter(conn, "M")
    return ingest(conn, matter, paths, settings=Settings(**settings))  # type: ignore[arg-type]


def _statuses(conn: apsw.Connection) -> dict[str, str]:
    return {Path(d.path).name: d.status.value for d in corpus.list_documents(conn)}


def test_a_file_over_the_fragment_budget_fails_and_the_rest_is_indexed(
    conn: apsw.Connection, tmp_path: Path
) -> None:
    docs = tmp_path / "docs"
    write_text(docs, "contract.txt", CONTRACT_RO)
    write_text(docs, "many.txt", "\n\n".join(f"Clause {i}. " + "word " * 300 for i in range(40)))
    write_text(docs, "one-line.txt", "lorem ipsum dolor " * 20_000)  # 360 kB, one line
    report = _ingest(conn, [docs], max_fragments_per_file=30)
    reasons = dict((Path(p).name, r) for p, r in report.failed)
    assert set(reasons) == {"many.txt", "one-line.txt"}
    assert reasons["many.txt"].startswith("too large: ")
    assert reasons["many.txt"].endswith(" fragments > 30 per file (setting max_fragments_per_file)")
    # refused from its length alone, before it is cut into fragments
    assert reasons["one-line.txt"].startswith("too large: at least ")
    assert _statuses(conn) == {
        "contract.txt": "indexed",
        "many.txt": "failed",
        "one-line.txt": "failed",
    }
    assert report.added == 1


def test_the_default_budget_refuses_a_huge_single_line(tmp_path: Path) -> None:
    path = tmp_path / "huge.txt"
    path.write_bytes(b"lorem ipsum dolor sit amet " * 800_000)  # 21 MB
    with pytest.raises(IngestError, match=r"too large: at least [\d,]+ fragments > 10,000"):
        read_document(path, max_fragments=Settings().max_fragments_per_file)


def test_entries_that_are_not_files_are_each_reported(
    conn: apsw.Connection, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    docs, outside = tmp_path / "docs", tmp_path / "outside"
    write_text(docs, "good.txt", NDA_EN)
    write_text(outside, "secret.txt", "do not read")
    (docs / "linked-folder").symlink_to(outside, target_is_directory=True)
    os.mkfifo(docs / "pipe.txt")
    locked = docs / "locked"
    write_text(locked, "inside.txt", NDA_EN)
    locked.chmod(0)
    if os.geteuid() == 0:  # root reads any folder: the refusal of the OS is scripted
        real_scandir = os.scandir

        def refusing(path: str | os.PathLike[str] = ".") -> object:
            if Path(path) == locked:
                raise PermissionError(13, "Permission denied", str(path))
            return real_scandir(path)

        monkeypatch.setattr(os, "scandir", refusing)
    try:
        report = _ingest(conn, [docs])
    finally:
        locked.chmod(0o700)
    reasons = dict((Path(p).name, r) for p, r in report.failed)
    assert reasons == {
        "linked-folder": "symbolic link to a folder not followed",
        "pipe.txt": "not a regular file: a named pipe (FIFO)",
        "locked": "folder not read (Permission denied)",
    }
    assert report.added == 1
    assert report.as_json()["failed"] == [{"path": p, "reason": r} for p, r in report.failed]
    texts = [corpus.document_text(conn, d.id) for d in corpus.list_documents(conn)]
    assert not any("do not read" in t for t in texts)


def test_a_fifo_given_by_name_is_reported_as_such(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe.txt")
    found = discover([tmp_path / "pipe.txt"])
    assert found.rejected == [(tmp_path / "pipe.txt", "not a regular file: a named pipe (FIFO)")]


def test_a_fifo_swapped_in_after_discovery_does_not_hang_the_reader(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe.txt")
    with pytest.raises(IngestError, match="not a regular file"):
        read_document(tmp_path / "pipe.txt")


@pytest.mark.parametrize("name", ["noise.txt", "noise.md", "noise.html", "noise"])
def test_random_binary_without_nul_bytes_is_refused(tmp_path: Path, name: str) -> None:
    rng = random.Random(name)
    data = bytes(rng.choice(range(1, 256)) for _ in range(20_000))
    assert b"\x00" not in data
    (tmp_path / name).write_bytes(data)
    with pytest.raises(IngestError, match="binary data, not a readable"):
        read_document(tmp_path / name)


@pytest.mark.parametrize("encoding", ["utf-8", "cp1250", "latin-1"])
def test_text_with_a_few_control_bytes_is_still_text(tmp_path: Path, encoding: str) -> None:
    body = CONTRACT_RO if encoding != "latin-1" else NDA_EN
    data = body.replace("\n", "\r\n", 3).encode(encoding, "replace") + b"\x1b[0m\x0c\x07"
    (tmp_path / "a.txt").write_bytes(data)
    assert read_document(tmp_path / "a.txt").fragments


def _xxe_docx(path: Path) -> Path:
    document = docx.Document()
    document.add_paragraph("PLACEHOLDER")
    document.save(str(path))
    with zipfile.ZipFile(path) as archive:
        parts = {name: archive.read(name) for name in archive.namelist()}
    xml = parts["word/document.xml"].decode("utf-8")
    head, body = xml.split("?>", 1)
    doctype = '<!DOCTYPE w:document [<!ENTITY xxe SYSTEM "file:///etc/hostname">]>'
    parts["word/document.xml"] = (
        head
        + "?>"
        + doctype
        + body.replace(
            "PLACEHOLDER", "Before the entity &xxe; after the entity, and the rest of the clause."
        )
    ).encode("utf-8")
    with zipfile.ZipFile(path, "w") as archive:
        for name, data in parts.items():
            archive.writestr(name, data)
    return path


def test_xxe_docx_keeps_the_text_around_the_entity(tmp_path: Path) -> None:
    doc = read_document(_xxe_docx(tmp_path / "xxe.docx"))
    assert "Before the entity" in doc.text
    assert "after the entity, and the rest of the clause." in doc.text
    hostname = Path("/etc/hostname")
    if hostname.exists() and hostname.read_text().strip():
        assert hostname.read_text().strip() not in doc.text


def test_a_docx_declaring_a_zip_bomb_is_refused_unread(tmp_path: Path) -> None:
    path = tmp_path / "bomb.docx"
    document = docx.Document()
    document.add_paragraph("text")
    document.save(str(path))
    with (
        zipfile.ZipFile(path, "a", compression=zipfile.ZIP_DEFLATED, compresslevel=1) as archive,
        archive.open("word/media/filler.bin", "w") as member,
    ):
        chunk = b"\0" * 2**20
        for _ in range(300):
            member.write(chunk)
    assert path.stat().st_size < 2 * 2**20
    with pytest.raises(IngestError, match=r"ZIP bomb suspected: .* would unzip to 30[01] MB"):
        read_document(path)


def test_statuses_of_refused_files_are_failed(conn: apsw.Connection, tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    write_text(docs, "good.txt", NDA_EN)
    (docs / "noise.txt").write_bytes(bytes(range(1, 256)) * 40)
    report = _ingest(conn, [docs])
    assert [Path(p).name for p, _ in report.failed] == ["noise.txt"]
    docs_by_name = {Path(d.path).name: d for d in corpus.list_documents(conn)}
    assert docs_by_name["noise.txt"].status == DocumentStatus.FAILED
    assert "binary data" in docs_by_name["noise.txt"].failure_reason


def test_deeply_nested_html_is_refused_before_parsing(tmp_path: Path) -> None:
    depth = 100_000  # 1.1 MB; the parser alone took over three minutes on it
    (tmp_path / "deep.html").write_text(
        "<html><body>" + "<div>" * depth + "Deep text." + "</div>" * depth + "</body></html>"
    )
    with pytest.raises(IngestError, match=r"HTML nested too deeply \(more than 5,000 levels"):
        read_document(tmp_path / "deep.html")


def test_html_nested_a_few_thousand_levels_is_still_read(tmp_path: Path) -> None:
    page = (
        "<html><body>"
        + "<div><section><ul><li>Item</li>" * 300
        + "</ul></section></div>" * 300
        + "<p>Clause 1. The parties agree.</p>"
        + "<div>x" * 2000
        + "</body></html>"
    )
    (tmp_path / "page.html").write_text(page)
    assert "The parties agree." in read_document(tmp_path / "page.html").text


def test_hidden_entries_are_listed_as_skipped_not_failed(
    conn: apsw.Connection, tmp_path: Path
) -> None:
    """Issue 15: dot-entries in a chosen folder were skipped silently; now each one is in
    the report's ``skipped_hidden`` (not read, not a failure)."""
    docs = tmp_path / "docs"
    write_text(docs, "good.txt", NDA_EN)
    write_text(docs / ".git", "config.txt", "do not read")
    write_text(docs, ".DS_Store", "do not read")
    write_text(docs / "sub", ".notes.txt", "do not read")
    report = _ingest(conn, [docs])
    assert report.failed == [] and report.added == 1
    assert report.skipped_hidden == [
        str(docs / ".git"),
        str(docs / ".DS_Store"),
        str(docs / "sub" / ".notes.txt"),
    ]
    assert report.as_json()["skipped_hidden"] == report.skipped_hidden
    assert report.hidden_names() == ".git, .DS_Store, .notes.txt"
    assert report.hidden_names(shown=2) == ".git, .DS_Store, …"
    texts = [corpus.document_text(conn, d.id) for d in corpus.list_documents(conn)]
    assert not any("do not read" in t for t in texts)
    assert _statuses(conn) == {"good.txt": "indexed"}


def test_a_path_the_system_cannot_look_up_is_reported(
    conn: apsw.Connection, tmp_path: Path
) -> None:
    """Found by the CLI fuzz test: a 3,000-character name raised OSError (File name too
    long) out of discovery, a traceback; now that path fails with the reason."""
    docs = tmp_path / "docs"
    write_text(docs, "good.txt", NDA_EN)
    long_name = tmp_path / ("x" * 3000)
    report = _ingest(conn, [long_name, docs])
    assert report.failed == [(str(long_name), "cannot be read (File name too long)")]
    assert report.added == 1
