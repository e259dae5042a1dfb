"""Integration tests on the real documents in ../shared/data (skipped when absent)."""

from __future__ import annotations

import json
import re
import time
from collections import defaultdict
from pathlib import Path

import pymupdf
import pytest

from fragment_checks import assert_fragments
from letadesk.domain import ParsedDocument
from letadesk.ingest.readers import read_document
from letadesk.ingest.units import quotable_spans
from letadesk.references.notes import editorial_spans
from letadesk.text import nfc

pytestmark = pytest.mark.shared_data

_FLAGS = pymupdf.TEXTFLAGS_TEXT & ~pymupdf.TEXT_PRESERVE_LIGATURES
_ARTICLE = re.compile(r"(?:anexa(?: nr\. \d+)? )?art\. (\S+)")


def check_invariants(doc: ParsedDocument, max_chars: int = 1500) -> None:
    """The chunker's promises (:func:`assert_fragments`), and each on its start's page."""
    assert_fragments(doc.text, doc.fragments, max_chars)
    for f in doc.fragments:
        page = doc.pages[f.page - 1]
        assert page.number == f.page and page.start <= f.start < page.end


def articles(doc: ParsedDocument) -> dict[str, list[str]]:
    found: dict[str, list[str]] = defaultdict(list)
    for f in doc.fragments:
        if m := _ARTICLE.match(f.locator):
            found[m.group(1)].append(f.locator)
    return found


def test_codul_civil_has_2664_articles(shared_data: Path) -> None:
    path = (
        shared_data
        / "ro"
        / "codes_original"
        / "codul_civil_L287-2009_forma_initiala_MO511-2009.txt"
    )
    doc = read_document(path)
    check_invariants(doc)
    found = articles(doc)
    assert len(found) == 2664  # 2657 "Articolul N" lines + 4 "Art. 2.xxx" + ART.1.251,
    assert {"1251", "2367", "2374", "2448", "2506", "2508", "2655"} <= found.keys()
    assert found["3"] == ["art. 3 alin. (1)", "art. 3 alin. (2)", "art. 3 alin. (3)"]
    assert found["2448"] == ["art. 2448 alin. (1)", "art. 2448 alin. (2)"]  # written in-line
    assert doc.language == "ro"


@pytest.fixture(scope="module")
def consolidated(shared_data: Path) -> dict[Path, ParsedDocument]:
    """The 14 consolidated laws, read once for the tests of this module."""
    folder = shared_data / "ro" / "laws_consolidated_2026"
    return {path: read_document(path) for path in sorted(folder.glob("*.txt"))}


def test_consolidated_laws_match_their_provision_lists(
    shared_data: Path, consolidated: dict[Path, ParsedDocument]
) -> None:
    folder = shared_data / "ro" / "laws_consolidated_2026"
    for meta in sorted(folder.glob("*.json")):
        expected = {
            p["provision_ref"].removeprefix("Art.")
            for p in json.loads(meta.read_text(encoding="utf-8"))["provisions"]
        }
        doc = consolidated[meta.with_suffix(".txt")]
        check_invariants(doc)
        assert set(articles(doc)) == expected, meta.name


def test_no_unit_of_the_consolidated_laws_is_read_as_a_note(
    consolidated: dict[Path, ParsedDocument],
) -> None:
    """A litera or punct the portal writes after an editorial note, on the note's line
    (21 in these laws), is the law's: no fragment opens inside a note, and a fragment
    holding the note and the units after it may quote them (Legea 85/2014 art. 165)."""
    for path, doc in consolidated.items():
        notes = editorial_spans(doc.text)
        for f in doc.fragments:
            assert not any(s < f.start < e for s, e in notes), (path.name, f.locator)
        if path.name == "legea_85-2014_insolventa.txt":
            f = next(f for f in doc.fragments if f.locator == "art. 165")
            quotable = " ".join(f.text[s:e] for s, e in quotable_spans(f.text))
            assert "2. sume proporționale datorate proprietarilor de titluri" in quotable
            assert "4. rezervele destinate să acopere cheltuielile viitoare" in quotable
            assert "Notă" not in quotable


def test_amendment_note_belongs_to_its_alineat(shared_data: Path) -> None:
    path = shared_data / "ro" / "legea_98_2016_versions" / "legea_98-2016_v2026-02_ansvar.txt"
    doc = read_document(path)
    first = next(f for f in doc.fragments if f.locator == "art. 57 alin. (1)")
    assert "(la 13-07-2020, Alineatul (1) din Articolul 57" in first.text


def test_messy_portal_dumps(shared_data: Path) -> None:
    for path in sorted((shared_data / "ro" / "legea_98_2016_versions").glob("raw_*.txt")):
        doc = read_document(path)
        check_invariants(doc)
        found = articles(doc)
        assert {str(n) for n in range(1, 237)} <= found.keys(), path.name
        assert found["2"] == ["art. 2 alin. (1)", "art. 2 alin. (2)"]


def test_cuad_texts_parse(shared_data: Path) -> None:
    paths = sorted((shared_data / "cuad" / "txt").glob("*.txt"))
    assert len(paths) == 184
    for path in paths:
        doc = read_document(path)
        check_invariants(doc)
        assert doc.language == "en", path.name


@pytest.mark.slow
def test_cuad_pdfs_parse_with_page_invariants(shared_data: Path) -> None:
    paths = sorted(
        p for p in (shared_data / "cuad" / "pdf").iterdir() if p.suffix.lower() == ".pdf"
    )
    assert len(paths) == 182
    started, pages = time.perf_counter(), 0
    for path in paths:
        doc = read_document(path)
        check_invariants(doc)
        pages += len(doc.pages)
        with pymupdf.open(path) as reference:
            assert len(doc.pages) == reference.page_count
            for f in doc.fragments[:: max(1, len(doc.fragments) // 5)]:
                head = doc.text[f.start : min(f.start + 40, doc.pages[f.page - 1].end)]
                page_text = nfc(reference[f.page - 1].get_text(flags=_FLAGS))
                assert " ".join(head.split()) in " ".join(page_text.split())
    rate = pages / (time.perf_counter() - started)
    assert rate > 50, f"{rate:.0f} pages/s"
