"""Fuzzing the readers (hypothesis): whatever bytes a file holds, under whatever name,
``read_document`` returns a document or raises IngestError — never another exception.

Three kinds of input: random bytes; real PDF, DOCX and HTML files with bytes flipped,
cut or spliced (most of a mutated file still parses, so the readers' deeper paths run);
and random text inside HTML and DOCX structure. The hostile corpus
(``test_hostile_corpus.py``) covers the crafted attacks; this covers what nobody
thought of. In-process, so each example is the reader alone (the worker limits are
tested elsewhere)."""

from __future__ import annotations

import atexit
import shutil
import tempfile
from functools import cache
from pathlib import Path

import docx
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from corpus_factory import write_pdf
from letadesk.domain import ParsedDocument
from letadesk.errors import IngestError
from letadesk.ingest.readers import read_document

EXTENSIONS = (".txt", ".md", ".html", ".htm", ".pdf", ".docx", "")
FUZZ = settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def _read(data: bytes, suffix: str) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / f"fuzzed{suffix}"
        path.write_bytes(data)
        try:
            result = read_document(path)
        except IngestError as exc:
            assert str(exc), "an IngestError must say why"
            return
        assert isinstance(result, ParsedDocument)
        assert len(result.title) <= 200 and "\n" not in result.title


@cache
def _seeds() -> dict[str, bytes]:
    """One small valid file of each binary kind, made once."""
    folder = Path(tempfile.mkdtemp(prefix="fuzz-seeds-"))
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    pdf = write_pdf(
        folder,
        "seed.pdf",
        [
            "Article 1. The Supplier shall deliver the goods.",
            "Article 2. This Agreement is governed by Romanian law.",
        ],
    )
    document = docx.Document()
    document.core_properties.title = "Seed contract"
    for line in (
        "Articolul 1 - Obiectul",
        "(1) Prestatorul execută serviciile.",
        "Section 2.1 Payment within 30 days.",
    ):
        document.add_paragraph(line)
    document.save(str(folder / "seed.docx"))
    html = (
        b"<html><head><title>Seed</title></head><body><h1>Contract</h1>"
        b"<p>Art. 1 The parties agree.</p><table><tr><td>Fee</td><td>100</td></tr>"
        b"</table></body></html>"
    )
    return {".pdf": pdf.read_bytes(), ".docx": (folder / "seed.docx").read_bytes(), ".html": html}


@st.composite
def _mutated(draw: st.DrawFn) -> tuple[bytes, str]:
    suffix = draw(st.sampled_from(sorted(_seeds())))
    data = bytearray(_seeds()[suffix])
    for _ in range(draw(st.integers(1, 6))):
        op = draw(st.sampled_from(("flip", "cut", "splice", "truncate")))
        at = draw(st.integers(0, max(0, len(data) - 1)))
        if op == "flip" and data:
            data[at] ^= draw(st.integers(1, 255))
        elif op == "cut":
            del data[at : at + draw(st.integers(1, 64))]
        elif op == "splice":
            data[at:at] = draw(st.binary(min_size=1, max_size=64))
        else:
            data = data[:at]
    name = draw(st.sampled_from((suffix, *EXTENSIONS)))  # sometimes under another name
    return bytes(data), name


@FUZZ
@given(data=st.binary(max_size=4096), suffix=st.sampled_from(EXTENSIONS))
def test_random_bytes_are_read_or_refused_with_a_reason(data: bytes, suffix: str) -> None:
    _read(data, suffix)


@settings(FUZZ, max_examples=400)
@given(case=_mutated())
def test_mutated_pdf_docx_and_html_are_read_or_refused_with_a_reason(
    case: tuple[bytes, str],
) -> None:
    _read(*case)


@FUZZ
@given(
    title=st.text(max_size=300),
    body=st.lists(st.text(max_size=200), max_size=8),
    nesting=st.integers(0, 40),
)
def test_random_text_inside_html_is_read_or_refused(
    title: str, body: list[str], nesting: int
) -> None:
    inner = "".join(f"<p>{t}</p>" for t in body)
    html = (
        f"<html><head><title>{title}</title></head><body>{'<div>' * nesting}{inner}"
        f"{'</div>' * nesting}</body></html>"
    )
    _read(html.encode("utf-8", "surrogatepass"), ".html")
