"""Markdown is read as a lawyer reads it: front matter is metadata, heading, anchor and
emphasis markers are layout; a law in Markdown keeps its article structure."""

from __future__ import annotations

from pathlib import Path

from letadesk.ingest.markdown import front_matter, read_markdown
from letadesk.ingest.readers import read_document

LAW_MD = """---
title: "Legea nr. 544/2001 privind liberul acces la informațiile de interes public"
date: 2001-10-12
valid_from: 2026-02-01
---

## Capitolul I - Dispoziții generale

### Articolul 1 {#art-1}

Accesul liber și neîngrădit al persoanei la orice informații de interes public constituie
unul dintre principiile fundamentale.

### Articolul 37 {#art-37}

**(1)** Persoana are dreptul de a solicita informații.

**(2)** Răspunsul se dă în termen de **10 zile**.
"""


def test_front_matter_is_metadata() -> None:
    meta, rest = front_matter(LAW_MD)
    assert meta["title"].startswith("Legea nr. 544/2001")
    assert meta["date"] == "2001-10-12" and meta["valid_from"] == "2026-02-01"
    assert rest.startswith("\n## Capitolul I")
    assert front_matter("# Titlu\n\ntext") == ({}, "# Titlu\n\ntext")


def test_markers_are_dropped_and_words_kept() -> None:
    _, text = read_markdown(LAW_MD)
    assert "---" not in text and "{#" not in text and "**" not in text and "#" not in text
    assert "Articolul 37\n" in text and "(2) Răspunsul se dă în termen de 10 zile." in text


def test_a_markdown_law_is_indexed_with_its_title_and_articles(tmp_path: Path) -> None:
    path = tmp_path / "legea_544.md"
    path.write_text(LAW_MD, encoding="utf-8")
    doc = read_document(path)
    assert doc.title.startswith("Legea nr. 544/2001")  # never "---"
    assert [f.locator for f in doc.fragments] == [
        "art. 1",
        "art. 37 alin. (1)",
        "art. 37 alin. (2)",
    ]
    assert all("**" not in f.text and "{#" not in f.text for f in doc.fragments)
    assert doc.fragments[-1].text == doc.text[doc.fragments[-1].start : doc.fragments[-1].end]


def test_front_matter_in_a_text_file_is_metadata_too(tmp_path: Path) -> None:
    path = tmp_path / "lege.txt"
    path.write_text("---\ntitle: Legea X\n---\nArticolul 1\nText.\n", encoding="utf-8")
    doc = read_document(path)
    assert doc.title == "Legea X" and doc.text == "Articolul 1\nText.\n"


def test_a_romanian_contract_in_markdown(tmp_path: Path) -> None:
    path = tmp_path / "contract.md"
    path.write_text(
        "# CONTRACT\n\n## ARTICOLUL 5: PLATA\n\n### 5.1. Avans\n\nSe achită un avans de 30%.\n\n"
        "### 5.2. Sold\n\nSoldul se plătește cu 21 de zile înainte de plecare.\n\n"
        "## ARTICOLUL 6: RENUNȚĂRI\n\n6.1. **Agenția** poate anula călătoria.\n",
        encoding="utf-8",
    )
    doc = read_document(path)
    assert [f.locator for f in doc.fragments] == ["", "pct. 5.1", "pct. 5.2", "pct. 6.1"]
    assert "**" not in doc.text
