"""A corpus of hostile files, generated in a few seconds, with what each must become.

:func:`write_hostile` writes well over 100 entries: truncated, corrupt and encrypted
PDFs, zip bombs dressed as DOCX, XXE and billion-laughs DOCX, deeply nested HTML, a
20 MB single line, wrong extensions, random binary without NUL bytes, empty files,
FIFOs, sockets and symbolic links. It returns, for each entry, the words its failure
reason must hold, or :data:`INDEXED_SAFELY` for files that are read without harm
(an XXE entity is never expanded: the text around it is indexed, nothing else).
"""

from __future__ import annotations

import gzip
import os
import random
import socket
import zipfile
from pathlib import Path

import docx
import pymupdf

from corpus_factory import CONTRACT_RO, NDA_EN, write_pdf, write_text

INDEXED_SAFELY = ""
SECRET = "HOSTILE-SECRET-7f3a"  # in the files an XXE would read; never indexed


def _docx(path: Path, text: str) -> Path:
    document = docx.Document()
    document.add_paragraph(text)
    document.save(str(path))
    return path


def _rewrite_document_xml(path: Path, edit: object) -> None:
    with zipfile.ZipFile(path) as archive:
        parts = {name: archive.read(name) for name in archive.namelist()}
    parts["word/document.xml"] = edit(parts["word/document.xml"].decode())  # type: ignore[operator]
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in parts.items():
            archive.writestr(name, data)


def _with_doctype(path: Path, doctype: str, entity: str) -> None:
    def edit(xml: str) -> bytes:
        head, body = xml.split("?>", 1)
        return (
            head
            + "?>"
            + doctype
            + body.replace("PLACEHOLDER", f"Clause before {entity} and the clause after it.")
        ).encode()

    _rewrite_document_xml(path, edit)


def _pdfs(folder: Path, expect: dict[str, str], rng: random.Random, outside: Path) -> None:
    good = write_pdf(outside, "whole.pdf", [NDA_EN[:700], NDA_EN[700:]]).read_bytes()
    for i in range(20):  # cut anywhere before the end
        cut = int(len(good) * (0.02 + 0.9 * i / 20))
        (folder / f"truncated-{i:02}.pdf").write_bytes(good[:cut])
        expect[f"truncated-{i:02}.pdf"] = "PDF"
    for i in range(10):
        noise = bytes(rng.randrange(256) for _ in range(4096))
        (folder / f"corrupt-{i:02}.pdf").write_bytes(b"%PDF-1.7\n" + noise)
        expect[f"corrupt-{i:02}.pdf"] = "PDF"
    for i, method in enumerate(
        [
            pymupdf.PDF_ENCRYPT_AES_256,
            pymupdf.PDF_ENCRYPT_AES_128,
            pymupdf.PDF_ENCRYPT_RC4_128,
            pymupdf.PDF_ENCRYPT_RC4_40,
        ]
    ):
        doc = pymupdf.open()
        doc.new_page().insert_text((72, 72), f"secret {i}")
        doc.save(folder / f"encrypted-{i}.pdf", encryption=method, user_pw="u", owner_pw="o")
        doc.close()
        expect[f"encrypted-{i}.pdf"] = "encrypted"


def _docx_bombs(folder: Path, expect: dict[str, str]) -> None:
    bomb = _docx(folder / "zip-bomb-00.docx", "text")
    with (
        zipfile.ZipFile(bomb, "a", zipfile.ZIP_DEFLATED, compresslevel=1) as archive,
        archive.open("word/media/filler.bin", "w") as member,
    ):
        chunk = b"\0" * 2**20
        for _ in range(300):
            member.write(chunk)
    expect[bomb.name] = "ZIP bomb suspected"
    for i in range(1, 8):  # the same bomb, each with a member of its own
        copy = folder / f"zip-bomb-{i:02}.docx"
        copy.write_bytes(bomb.read_bytes())
        with zipfile.ZipFile(copy, "a") as archive:
            archive.writestr(f"letadesk-hostile/copy{i}.xml", f"<x>{i}</x>")
        expect[copy.name] = "ZIP bomb suspected"
    for i in range(3):  # ZIP archives that are not DOCX, and a corrupt container
        plain = folder / f"not-docx-{i}.docx"
        with zipfile.ZipFile(plain, "w") as archive:
            archive.writestr("readme.txt", "just a zip")
        expect[plain.name] = "not a DOCX"
        broken = folder / f"corrupt-zip-{i}.docx"
        broken.write_bytes(b"PK\x03\x04" + os.urandom(200 + i))
        expect[broken.name] = "corrupt ZIP"


def _docx_entities(folder: Path, expect: dict[str, str], secret_file: Path) -> None:
    for i in range(5):
        path = _docx(folder / f"xxe-{i}.docx", f"PLACEHOLDER (copy {i})")
        _with_doctype(
            path, f'<!DOCTYPE w:document [<!ENTITY xxe SYSTEM "file://{secret_file}">]>', "&xxe;"
        )
        expect[path.name] = INDEXED_SAFELY
    laughs = "".join(f'<!ENTITY lol{n} "{f"&lol{n - 1};" * 10}">' for n in range(1, 10))
    for i in range(5):
        path = _docx(folder / f"billion-laughs-{i}.docx", "PLACEHOLDER")
        _with_doctype(path, f'<!DOCTYPE w:document [<!ENTITY lol0 "lol{i}">{laughs}]>', "&lol9;")
        expect[path.name] = "entity amplification"  # libxml2 refuses, with that reason


def _html(folder: Path, expect: dict[str, str]) -> None:
    for i, tag in enumerate(["div", "ul", "blockquote", "section", "div"]):
        depth = 20_000 + 10_000 * i
        path = folder / f"nested-{i}.html"
        closing = f"</{tag}>" * depth if i % 2 else ""  # unclosed tags nest just as deep
        path.write_text(f"<html><body>{f'<{tag}>' * depth}Deep text.{closing}</body></html>")
        expect[path.name] = "nested too deeply"
    for i in range(3):
        path = folder / f"script-only-{i}.html"
        path.write_text(f"<html><head><script>var x = {i};</script></head><body></body></html>")
        expect[path.name] = "no extractable text"


def _wrong_types(folder: Path, expect: dict[str, str], rng: random.Random) -> None:
    wrong = {
        "photo.pdf": (b"\x89PNG\r\n\x1a\n" + b"\x00" * 64, "PNG image"),
        "photo.txt": (b"\xff\xd8\xff\xe0" + b"\x00" * 64, "JPEG image"),
        "scan.docx": (b"II*\x00" + b"\x00" * 64, "TIFF image"),
        "program.txt": (b"\x7fELF\x02\x01\x01" + b"\x00" * 64, "executable"),
        "setup.pdf": (b"MZ\x90\x00" + b"\x00" * 64, "executable"),
        "archive.html": (gzip.compress(b"hello " * 100), "gzip"),
        "old.txt": (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 64, "legacy Office"),
        "notes.md": (b"{\\rtf1\\ansi hello}", "RTF"),
        "utf16-no-bom.txt": ("fără BOM".encode("utf-16-le") * 50, "binary data"),
        "rar.docx": (b"Rar!\x1a\x07\x00" + b"\x00" * 64, "RAR"),
        "seven.pdf": (b"7z\xbc\xaf\x27\x1c" + b"\x00" * 64, "7-Zip"),
    }
    for name, (data, reason) in wrong.items():
        (folder / name).write_bytes(data)
        expect[name] = reason
    for i, ext in enumerate(
        [".txt", ".md", ".html", ".htm", ".txt", ".md", ".txt", ".html", ".txt", ".md"]
    ):
        data = bytes(rng.randrange(1, 256) for _ in range(6000))
        (folder / f"noise-{i}{ext}").write_bytes(data)
        expect[f"noise-{i}{ext}"] = "binary data"
    for i, ext in enumerate([".exe", ".jpg", ".zip", ".doc", ".xlsx"]):
        (folder / f"unsupported-{i}{ext}").write_bytes(b"whatever")
        expect[f"unsupported-{i}{ext}"] = "unsupported file type"
    for i, data in enumerate([b"", b"   \n\n\t ", b"\n" * 1000, b"", b"\xef\xbb\xbf"]):
        (folder / f"empty-{i}.txt").write_bytes(data)
        expect[f"empty-{i}.txt"] = "empty file" if not data else "no extractable text"
    (folder / "one-line.txt").write_bytes(b"lorem ipsum dolor sit amet " * 780_000)  # 21 MB
    expect["one-line.txt"] = "too large"


def _specials(folder: Path, expect: dict[str, str], outside: Path) -> list[socket.socket]:
    for i in range(5):
        os.mkfifo(folder / f"fifo-{i}.txt")
        expect[f"fifo-{i}.txt"] = "named pipe (FIFO)"
    for i in range(4):
        (folder / f"link-{i}.txt").symlink_to(outside / "secret.txt")
        expect[f"link-{i}.txt"] = "symbolic link not followed"
    (folder / "dangling.pdf").symlink_to(folder / "no-such-file.pdf")
    expect["dangling.pdf"] = "symbolic link not followed"
    for i in range(3):
        (folder / f"linked-folder-{i}").symlink_to(outside, target_is_directory=True)
        expect[f"linked-folder-{i}"] = "symbolic link to a folder not followed"
    sockets = []
    for i in range(2):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.bind(str(folder / f"socket-{i}.txt"))
        sockets.append(sock)
        expect[f"socket-{i}.txt"] = "a socket"
    return sockets


def write_hostile(
    folder: Path, outside: Path, seed: int = 15
) -> tuple[dict[str, str], list[socket.socket]]:
    """Hostile entries in ``folder`` (``outside`` gets the file links point to): maps
    each entry's name to words its failure reason holds, or INDEXED_SAFELY. Also
    returns the bound sockets, to be closed by the caller."""
    folder.mkdir(parents=True, exist_ok=True)
    secret = write_text(outside, "secret.txt", f"{SECRET} must never be indexed")
    rng = random.Random(seed)
    expect: dict[str, str] = {}
    _pdfs(folder, expect, rng, outside)
    _docx_bombs(folder, expect)
    _docx_entities(folder, expect, secret)
    _html(folder, expect)
    _wrong_types(folder, expect, rng)
    sockets = _specials(folder, expect, outside)
    return expect, sockets


def write_good(folder: Path) -> list[str]:
    """A few good files of every format, among the hostile ones."""
    write_text(folder, "good-contract.txt", CONTRACT_RO)
    write_text(folder, "good-nda.md", NDA_EN)
    write_pdf(folder, "good-nda.pdf", [NDA_EN[:700], NDA_EN[700:]])
    _docx(folder / "good-letter.docx", "Dear client, the lease ends on 1 March.")
    (folder / "good-page.html").write_text(
        "<html><head><title>Notice</title></head><body><p>Notice of termination of the "
        "lease, given in writing.</p></body></html>"
    )
    return [
        "good-contract.txt",
        "good-nda.md",
        "good-nda.pdf",
        "good-letter.docx",
        "good-page.html",
    ]
