"""Checking a draft against the matter: the provisions it cites (grounded), a wrong
article, an act the matter lacks, a version not in force, and a deadline or rate that
differs from the cited provision; a real law and a real draft file, read by the parser
worker."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from datetime import date
from pathlib import Path

import pytest

from corpus_factory import LEGEA_50_2020 as LEGEA
from corpus_factory import write_text
from letadesk.draft.check import ERROR_KINDS, check_draft
from letadesk.errors import IngestError
from letadesk.store.corpus import LegalMeta
from letadesk.workspace import Workspace

DRAFT = """CONTRACT DE PRESTĂRI SERVICII

Capitolul I. Plata

Plata se face în termen de 10 zile de la primirea facturii,
conform art. 2 alin. (1) din Legea nr. 50/2020.

Capitolul II. Penalități

Penalitățile de întârziere sunt de 0,1% pe zi, potrivit art. 2 alin. (2) din Legea nr. 50/2020.

Capitolul III. Încetarea

Contractul poate fi reziliat în condițiile art. 9 din Legea nr. 50/2020.

Capitolul IV. Litigii

Litigiile se soluționează potrivit art. 4 din Legea nr. 77/2019.

Capitolul V. Dispoziții finale

Prestatorul păstrează confidențialitatea informațiilor primite de la beneficiar
pe durata contractului.
"""


@pytest.fixture(scope="module")
def ws(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Workspace]:
    root = tmp_path_factory.mktemp("draft")
    workspace = Workspace.open(root / "ws")
    workspace.settings = replace(workspace.settings, language="ro")
    law = write_text(root / "docs", "legea_50-2020.txt", LEGEA)
    workspace.documents.ingest([law], matter="M", meta=LegalMeta(valid_from=date(2020, 3, 10)))
    yield workspace
    workspace.close()


@pytest.fixture
def draft(tmp_path: Path) -> Path:
    return write_text(tmp_path, "proiect.txt", DRAFT)


def findings(report) -> list[tuple[str, str]]:
    return [(f.kind, f.claim) for p in report.pieces for f in p.findings]


def test_each_planted_error_is_found_and_named(ws: Workspace, draft: Path) -> None:
    report = check_draft(ws, draft, matter="M")
    errors = [(f.kind, f.claim) for f in report.errors()]
    assert errors == [
        (
            "mismatch",
            "Proiectul spune 10 zile; art. 2 alin. (1) din Legea nr. 50/2020 spune 30 de zile",
        ),
        (
            "missing",
            "Prevedere inexistentă: Legea nr. 50/2020 nu are art. 9; articolele sale sunt 1–3",
        ),
    ]


def test_an_act_the_matter_lacks_is_unchecked_not_an_error(ws: Workspace, draft: Path) -> None:
    report = check_draft(ws, draft, matter="M")
    unchecked = [f for p in report.pieces for f in p.findings if f.kind == "unchecked"]
    assert [f.claim for f in unchecked] == [
        "Legea nr. 77/2019 nu se află printre documentele acestui dosar, deci prevederea "
        "art. 4 nu poate fi verificată"
    ]
    assert "unchecked" not in ERROR_KINDS


def test_cited_provisions_are_grounded_in_the_matter(ws: Workspace, draft: Path) -> None:
    report = check_draft(ws, draft, matter="M")
    cited = [f for p in report.pieces for f in p.findings if f.kind == "provision"]
    assert [f.claim for f in cited] == [
        "Citează art. 2 alin. (1) din Legea nr. 50/2020",
        "Citează art. 2 alin. (2) din Legea nr. 50/2020",
    ]
    law = ws.documents.all("M")[0]
    text = ws.documents.text(law)
    for finding in cited:
        (citation,) = finding.citations
        assert citation.document_id == law.id
        assert text[citation.start : citation.end] == citation.quote
    assert "30 de zile" in cited[0].citations[0].quote


def test_a_piece_citing_nothing_gets_its_nearest_provision(ws: Workspace, draft: Path) -> None:
    report = check_draft(ws, draft, matter="M")
    last = report.pieces[-1]
    assert "confidențialitatea" in last.text
    assert [f.kind for f in last.findings] == ["related"]
    assert not set(f.kind for f in last.findings) & ERROR_KINDS


def test_a_version_not_in_force_on_the_date(ws: Workspace, draft: Path) -> None:
    report = check_draft(ws, draft, matter="M", as_of=date(2019, 6, 1))
    kinds = {f.kind for f in report.errors()}
    assert "not_in_force" in kinds


def test_without_a_date_the_draft_is_checked_as_of_today(ws: Workspace, draft: Path) -> None:
    # A version whose validity ended before today: its provisions are not in force now.
    law = write_text(ws.paths.root.parent / "ended", "legea_50-2020.txt", LEGEA)
    ws.documents.ingest(
        [law], matter="V", meta=LegalMeta(valid_from=date(2020, 3, 10), valid_to=date(2022, 12, 31))
    )
    report = check_draft(ws, draft, matter="V")
    assert report.as_of == ws.today()
    kinds = {f.claim: f.kind for p in report.pieces for f in p.findings}
    assert "not_in_force" in kinds.values() and "provision" not in kinds.values()


def test_the_json_shape(ws: Workspace, draft: Path) -> None:
    shape = check_draft(ws, draft, matter="M").as_json()
    assert set(shape) == {"path", "title", "matter", "as_of", "cancelled", "total", "pieces"}
    assert shape["cancelled"] is False
    piece = shape["pieces"][0]
    assert set(piece) == {"start", "end", "heading", "text", "findings"}
    assert DRAFT.replace("\n", " ").find(" ".join(piece["text"].split())[:20]) >= 0
    # the heading names the clause and is not part of it (the title above it neither)
    assert piece["heading"] == "Capitolul I. Plata" and piece["text"].startswith("Plata se")
    (mismatch,) = [f for f in piece["findings"] if f["kind"] == "mismatch"]
    assert (mismatch["draft_says"], mismatch["source_says"]) == ("10 zile", "30 de zile")


def test_an_unreadable_draft_is_a_clear_error(ws: Workspace, tmp_path: Path) -> None:
    broken = tmp_path / "proiect.pdf"
    broken.write_bytes(b"%PDF-1.4 not a pdf at all")
    with pytest.raises(IngestError, match=r"proiect\.pdf"):
        check_draft(ws, broken, matter="M")


def test_the_check_document_verb(ws: Workspace, draft: Path, capsys) -> None:
    import json

    from letadesk.cli import main

    profile = ws.paths.root
    assert main(["--data-dir", str(profile), "check-document", str(draft), "--matter", "M",
                 "--json"]) == 0  # fmt: skip
    shape = json.loads(capsys.readouterr().out)
    kinds = [f["kind"] for p in shape["pieces"] for f in p["findings"]]
    assert kinds.count("missing") == 1 and kinds.count("mismatch") == 1
    assert kinds.count("unchecked") == 1
    assert main(["--data-dir", str(profile), "check-document", str(draft), "--matter", "M"]) == 0
    out = capsys.readouterr().out
    assert "2 findings to review" in out
    assert "✗ mismatch: The draft says 10 zile" in out  # the profile's language: English
    assert "legea_50-2020" in out or "LEGEA nr. 50" in out


def test_a_cancel_keeps_the_clauses_checked_so_far(ws: Workspace, draft: Path) -> None:
    seen: list[tuple[int, int]] = []
    report = check_draft(
        ws,
        draft,
        matter="M",
        progress=lambda d, t: seen.append((d, t)),
        cancelled=lambda: bool(seen),
    )
    assert report.cancelled and len(report.pieces) == 1 and report.total == 5
    assert seen == [(1, 5)]


def test_the_word_table_of_a_check(ws: Workspace, draft: Path, tmp_path: Path) -> None:
    import docx

    from letadesk.export.draft import write_draft_docx

    shape = check_draft(ws, draft, matter="M").as_json()
    doc = docx.Document(str(write_draft_docx(shape, tmp_path / "check.docx", language="ro")))
    (table,) = doc.tables
    assert [c.text for c in table.rows[0].cells] == ["Clauza din proiect", "Constatări"]
    assert len(table.rows) == 1 + len(shape["pieces"])
    first = table.rows[1].cells[0].paragraphs
    assert first[0].text == "Capitolul I. Plata" and first[0].runs[0].bold
    assert first[1].text.startswith("Plata se face")
    findings = "\n".join(row.cells[1].text for row in table.rows[1:])
    assert "Diferă: Proiectul spune 10 zile" in findings
    assert "Eroare: Prevedere inexistentă: Legea nr. 50/2020 nu are art. 9" in findings
    assert "30 de zile" in findings  # the provision quoted
    assert any("2 constatări de verificat" in p.text for p in doc.paragraphs)
