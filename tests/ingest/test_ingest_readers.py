"""Reader tests per format, on small real files generated in tmp_path."""

from __future__ import annotations

import logging
from pathlib import Path

import docx
import pymupdf
import pytest

from letadesk.domain import DocumentKind, PageMethod, ParsedDocument
from letadesk.errors import IngestError
from letadesk.ingest.pdf_reader import quote_rects
from letadesk.ingest.readers import MAX_TITLE_CHARS, clip_title, detect_language, read_document

RO_LAW = (
    "Articolul 1\nObiectul legii\nPrezenta lege reglementează contractele și "
    "obligațiile părților.\n\nArticolul 2\n(1) Părțile sunt libere să încheie "
    "contracte.\n(2) Contractul se încheie prin acordul părților, în formă scrisă.\n"
)


def make_pdf(path: Path, pages: list[str], *, labels: bool = False) -> Path:
    doc = pymupdf.open()
    for text in pages:
        page = doc.new_page()  # an HTML box uses MuPDF's Noto fonts: ș ț ă are drawable
        page.insert_htmlbox(
            pymupdf.Rect(72, 72, 520, 770), f'<p style="white-space: pre-wrap">{text}</p>'
        )
    if labels:
        doc.set_page_labels([{"startpage": 0, "prefix": "", "style": "r", "firstpagenum": 1}])
    doc.save(path)
    doc.close()
    return path


def check_offsets(doc: ParsedDocument) -> None:
    for page in doc.pages:
        assert 0 <= page.start <= page.end <= len(doc.text)
    for f in doc.fragments:
        assert f.text == doc.text[f.start : f.end]
        page = doc.pages[f.page - 1]
        assert page.start <= f.start < page.end


def test_pdf_pages_offsets_labels(tmp_path: Path) -> None:
    pages = [
        "Articolul 1\nPrezenta lege reglementează obligațiile părților.",
        "Articolul 2\n(1) Părțile sunt libere să contracteze.\n(2) Contractul e scris.",
        "Articolul 3\nDispoziții finale și tranzitorii ale acestei legi.",
    ]
    doc = read_document(make_pdf(tmp_path / "lege.pdf", pages, labels=True))
    assert doc.kind is DocumentKind.PDF
    assert [p.number for p in doc.pages] == [1, 2, 3]
    assert [p.label for p in doc.pages] == ["i", "ii", "iii"]
    assert all(p.method is PageMethod.TEXT_LAYER for p in doc.pages)
    assert "reglementează" in doc.text and "Părțile" in doc.text  # diacritics kept
    assert doc.text[doc.pages[1].start : doc.pages[1].end].startswith("Articolul 2")
    assert [(f.locator, f.page) for f in doc.fragments] == [
        ("art. 1", 1),
        ("art. 2 alin. (1)", 2),
        ("art. 2 alin. (2)", 2),
        ("art. 3", 3),
    ]
    assert doc.language == "ro"
    check_offsets(doc)


def test_pdf_without_labels_uses_numbers_and_quote_rects(tmp_path: Path) -> None:
    path = make_pdf(tmp_path / "c.pdf", ["1. TERM.\nThis Agreement shall last one year."])
    doc = read_document(path)
    assert doc.pages[0].label == "1"
    rects = quote_rects(path, 1, "shall last one year")
    assert len(rects) == 1 and rects[0][2] > rects[0][0]
    assert quote_rects(path, 1, "not on the page") == []
    assert quote_rects(path, 7, "shall") == []


def test_a_page_before_the_first_labelled_range_is_numbered_and_logged(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    # PyMuPDF raises IndexError for page 1 here; before, any error became the number silently
    path = tmp_path / "labels.pdf"
    doc = pymupdf.open()
    for text in ("Cover page of the agreement.", "Section 1. Terms.", "Section 2. Law."):
        doc.new_page().insert_text((72, 72), text)
    doc.set_page_labels([{"startpage": 1, "prefix": "A-", "style": "D", "firstpagenum": 1}])
    doc.save(path)
    doc.close()
    with caplog.at_level(logging.INFO, logger="letadesk.ingest.pdf_reader"):
        parsed = read_document(path)
    assert [p.label for p in parsed.pages] == ["1", "A-1", "A-2"]
    assert [r.getMessage() for r in caplog.records] == [
        f"{path}: page 1 has no usable label (IndexError: list index out of range); "
        "its number is used"
    ]


def test_an_unexpected_error_reading_a_label_is_not_hidden(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = make_pdf(tmp_path / "a.pdf", ["Section 1. Terms of the agreement."])

    def broken(page: pymupdf.Page) -> str:
        raise TypeError("a bug in the label code")

    monkeypatch.setattr(pymupdf.Page, "get_label", broken)
    with pytest.raises(IngestError, match="a bug in the label code"):
        read_document(path)


def test_pdf_named_txt_is_read_as_pdf(tmp_path: Path) -> None:
    pdf = make_pdf(tmp_path / "x.pdf", ["The parties agree to the terms of this agreement."])
    renamed = pdf.rename(tmp_path / "really_a_pdf.txt")
    assert read_document(renamed).kind is DocumentKind.PDF


def test_encrypted_pdf(tmp_path: Path) -> None:
    doc = pymupdf.open()
    doc.new_page().insert_text((72, 72), "Secret terms of the agreement.")
    path = tmp_path / "enc.pdf"
    doc.save(path, encryption=pymupdf.PDF_ENCRYPT_AES_256, user_pw="x", owner_pw="y")
    doc.close()
    with pytest.raises(IngestError, match=r"encrypted PDF \(password required\)"):
        read_document(path)


def test_truncated_pdf(tmp_path: Path) -> None:
    full = make_pdf(tmp_path / "full.pdf", [f"Page {i} of the agreement text." for i in range(3)])
    cut = tmp_path / "cut.pdf"
    cut.write_bytes(full.read_bytes()[: full.stat().st_size // 2])
    with pytest.raises(IngestError, match=r"truncated|corrupt") as info:
        read_document(cut)
    assert info.value.path == str(cut)


@pytest.mark.parametrize(
    ("name", "content", "reason"),
    [
        ("empty.pdf", b"", "empty file"),
        ("garbage.pdf", bytes(range(256)) * 8, "binary data, not a readable pdf document"),
        ("photo.pdf", b"\x89PNG\r\n\x1a\n" + b"\x00" * 64, "PNG image"),
        ("old.doc", b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 64, "legacy Office"),
        ("blank.txt", b"  \n\n ", "no extractable text"),
        ("fake.docx", b"PK\x03\x04" + b"\x00" * 64, "corrupt ZIP"),
    ],
)
def test_rejected_files(tmp_path: Path, name: str, content: bytes, reason: str) -> None:
    path = tmp_path / name
    path.write_bytes(content)
    with pytest.raises(IngestError, match=reason):
        read_document(path)


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(IngestError, match="file not found"):
        read_document(tmp_path / "nope.pdf")


def test_docx_with_headings_and_table(tmp_path: Path) -> None:
    document = docx.Document()
    document.add_heading("Contract de prestări servicii", level=1)
    document.add_paragraph("Articolul 1")
    document.add_paragraph("(1) Prestatorul se obligă să presteze serviciile.")
    table = document.add_table(rows=2, cols=2)
    for (r, c), value in {
        (0, 0): "Serviciu",
        (0, 1): "Preț",
        (1, 0): "Consultanță",
        (1, 1): "100 lei",
    }.items():
        table.cell(r, c).text = value
    document.add_paragraph("(2) Plata se face lunar, în termen de 30 de zile.")
    path = tmp_path / "contract.docx"
    document.save(str(path))
    doc = read_document(path)
    assert doc.kind is DocumentKind.DOCX
    assert doc.title == "Contract de prestări servicii"
    assert "Serviciu | Preț" in doc.text and "Consultanță | 100 lei" in doc.text
    assert doc.text.index("Preț") < doc.text.index("(2) Plata")  # table kept in place
    assert [f.locator for f in doc.fragments] == ["", "art. 1 alin. (1)", "art. 1 alin. (2)"]
    assert len(doc.pages) == 1 and doc.pages[0].end == len(doc.text)
    check_offsets(doc)


def test_html_strips_script_and_style(tmp_path: Path) -> None:
    html = (
        "<!DOCTYPE html><html><head><title>Legea nr. 1</title>"
        "<style>p { color: red }</style><script>var secret = 1;</script></head>"
        "<body><h1>Legea</h1><p>Articolul 1</p><p>Prezenta lege se aplică "
        "<b>tuturor</b> contractelor.</p><script>alert('x')</script>"
        "<table><tr><td>a</td><td>b</td></tr></table><noscript>nojs</noscript>"
        "</body></html>"
    )
    path = tmp_path / "lege.html"
    path.write_text(html, encoding="utf-8")
    doc = read_document(path)
    assert doc.kind is DocumentKind.HTML and doc.title == "Legea nr. 1"
    assert "Prezenta lege se aplică tuturor contractelor." in doc.text
    for hidden in ("secret", "alert", "color", "nojs"):
        assert hidden not in doc.text
    assert "a | b" in doc.text
    assert [f.locator for f in doc.fragments] == ["", "art. 1"]
    check_offsets(doc)


def test_html_sniffed_without_extension(tmp_path: Path) -> None:
    path = tmp_path / "page"
    path.write_text("<html><body><p>The parties agree.</p></body></html>", encoding="utf-8")
    assert read_document(path).kind is DocumentKind.HTML


@pytest.mark.parametrize("encoding", ["cp1250", "utf-8", "utf-8-sig"])
def test_text_encodings(tmp_path: Path, encoding: str) -> None:
    text = RO_LAW.replace("ț", "ţ").replace("ș", "ş")  # cp1250 has only cedilla forms
    path = tmp_path / "lege.txt"
    path.write_bytes(text.replace("\n", "\r\n").encode(encoding))
    doc = read_document(path)
    assert doc.kind is DocumentKind.TEXT
    assert doc.text == text  # exact: CRLF normalised, diacritics kept as written
    assert [f.locator for f in doc.fragments] == ["art. 1", "art. 2 alin. (1)", "art. 2 alin. (2)"]
    assert doc.title == "lege" and doc.language == "ro"  # an article header names nothing


def test_a_text_that_opens_with_a_heading_is_named_by_its_file(tmp_path: Path) -> None:
    path = tmp_path / "constitutia_romaniei_2003.txt"
    path.write_text(
        "TITLUL I\nPrincipii generale\n \nStatul român\tARTICOLUL 1\n"
        "(1) România este stat naţional, suveran şi independent.\n",
        encoding="utf-8",
    )
    doc = read_document(path)
    assert doc.title == "constitutia romaniei 2003"  # not "TITLUL I"
    assert [f.locator for f in doc.fragments] == ["art. 1 alin. (1)"]


def test_latin1_fallback(tmp_path: Path) -> None:
    path = tmp_path / "notes.md"
    path.write_bytes("# Résumé\n\nThe café and the naïve agreement façade.\n".encode("latin-1"))
    doc = read_document(path)
    assert doc.title == "Résumé" and "façade" in doc.text and doc.language == "en"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Contractul se încheie în formă scrisă și este valabil pentru părți.", "ro"),
        ("The parties agree that this Agreement shall be governed by the law.", "en"),
        ("12345 67890", ""),
    ],
)
def test_detect_language(text: str, expected: str) -> None:
    assert detect_language(text) == expected


HOSTILE_TITLE = " ".join(f"Whereas{i}" for i in range(4000))  # 4,000 words, ~40 kB


def _hostile_html(path: Path) -> Path:
    path.write_text(
        f"<html><head><title>{HOSTILE_TITLE}</title></head><body>"
        "<p>Articolul 1 Prezenta lege se aplică contractelor.</p></body></html>",
        encoding="utf-8",
    )
    return path


def _hostile_pdf(path: Path) -> Path:
    make_pdf(path, ["Articolul 1 Prezenta lege se aplică contractelor."])
    doc = pymupdf.open(path)
    doc.set_metadata({"title": HOSTILE_TITLE.replace(" ", "\n", 5)})
    doc.saveIncr()
    doc.close()
    return path


def _hostile_docx(path: Path) -> Path:
    document = docx.Document()  # no core title (python-docx caps it): the heading is used
    document.add_heading(HOSTILE_TITLE, level=1)
    document.add_paragraph("Articolul 1 Prezenta lege se aplică contractelor.")
    document.save(str(path))
    return path


def _hostile_text(path: Path) -> Path:
    path.write_text(
        HOSTILE_TITLE + "\n\nArticolul 1 Prezenta lege se aplică contractelor.\n", encoding="utf-8"
    )
    return path


@pytest.mark.parametrize(
    "make",
    [_hostile_html, _hostile_pdf, _hostile_docx, _hostile_text],
    ids=["html", "pdf", "docx", "text"],
)
def test_a_huge_title_is_cut_to_one_short_line(tmp_path: Path, make: object) -> None:
    """Issue 15: a 4,000-word <title> was stored whole and overflowed every prompt."""
    suffix = {
        "_hostile_html": ".html",
        "_hostile_pdf": ".pdf",
        "_hostile_docx": ".docx",
        "_hostile_text": ".txt",
    }[make.__name__]  # type: ignore[attr-defined]
    doc = read_document(make(tmp_path / f"hostile{suffix}"))  # type: ignore[operator]
    assert len(doc.title) <= MAX_TITLE_CHARS and "\n" not in doc.title
    assert doc.title.startswith("Whereas0 Whereas1") and doc.title.endswith("…")
    assert not doc.title[:-1].endswith(" ")


def test_clip_title_keeps_short_titles_and_cuts_at_a_word() -> None:
    assert clip_title("  Legea   nr. 1\n") == "Legea nr. 1"
    assert clip_title("alpha beta gamma delta", 12) == "alpha beta…"
    assert clip_title("x" * 30, 10) == "x" * 9 + "…"
    glued = "CODUL DE PROCEDURĂ PENALĂ din 1 iulie 2010(Legea nr. 135/2010)"
    assert clip_title(glued) == "CODUL DE PROCEDURĂ PENALĂ din 1 iulie 2010 (Legea nr. 135/2010)"
    assert clip_title("Contract (Annex A)") == "Contract (Annex A)"


@pytest.mark.parametrize(
    ("opening", "title"),
    [
        (
            'Exhibit 10.1 CONSULTING AGREEMENT This CONSULTING AGREEMENT ("Agreement") effective '
            "as of this 1st day of March 2020 is hereby entered into between Gunston Consulting",
            "CONSULTING AGREEMENT",
        ),
        (
            "Exhibit 4.17 EXECUTION COPY SUPPLY AGREEMENT FERRER INTERNACIONAL, S.A. AND CUTANEA "
            "LIFE SCIENCES, INC. [***] = CERTAIN CONFIDENTIAL INFORMATION CONTAINED IN THIS",
            "SUPPLY AGREEMENT",
        ),
        (
            "Exhibit 2.01   Strategic Alliance Agreement   This agreement is made and entered "
            "into as of the date below by and between the two companies named in it.",
            "Strategic Alliance Agreement",
        ),
        ("SERVICES AGREEMENT", "SERVICES AGREEMENT"),  # a short line is the title as written
        (  # a legend, then the exhibit's label, then the name on a line of its own
            "TREATMENT       WITH RESPECT TO CERTAIN      PORTIONS OF THIS      AGREEMENT "
            "ACCORDINGLY,     CERTAIN PORTIONS HAVE    BEEN REDACTED\n\n   Exhibit 10.1\n\n"
            "        SPONSORSHIP AGREEMENT\n\nThis agreement is entered into",
            "SPONSORSHIP AGREEMENT",
        ),
        ("1 Exhibit 10.3\n\nCO-BRANDING AGREEMENT\nThis agreement", "CO-BRANDING AGREEMENT"),
        (
            "This Amendment is entered into effective October 1, 1996 by and between the "
            "parties named below, who agree as follows, with nothing that names it.",
            "This Amendment is entered into effective October 1, 1996 by and between the "
            "parties named below, who agree as follows, with nothing that names it.",
        ),
    ],
)
def test_a_contract_whose_first_line_runs_on_is_named_by_its_name(
    tmp_path: Path, opening: str, title: str
) -> None:
    path = tmp_path / "EX-10.1-CONTRACT.txt"
    path.write_text(f"{opening}\n\n1. Term. This Agreement lasts one year.\n", encoding="utf-8")
    assert read_document(path).title == title
