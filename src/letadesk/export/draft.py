"""A draft check as a Word table: each clause of the draft beside its findings, every
finding with the verbatim provision it rests on (page and locator). Input is the
``letadesk check-document --json`` shape (``DraftReport.as_json``); no Qt here."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from letadesk.domain import DRAFT_ERROR_KINDS
from letadesk.export.memo import page_and_locator
from letadesk.export.word import set_properties
from letadesk.text import Texts, one_line, shorten, translate

__all__ = ["write_draft_docx"]

_QUOTE_CHARS = 600
_TEXT: Texts = {
    "title": {"en": "Draft check: {title}", "ro": "Verificarea proiectului: {title}"},
    "matter": {"en": "Matter: {matter}; as of {as_of}", "ro": "Dosar: {matter}; la data {as_of}"},
    "today": {"en": "today", "ro": "azi"},
    "clause": {"en": "Clause of the draft", "ro": "Clauza din proiect"},
    "findings": {"en": "Findings", "ro": "Constatări"},
    "none": {"en": "(nothing to report)", "ro": "(nimic de semnalat)"},
    "summary": {
        "en": "{errors} findings to review in {pieces} clauses",
        "ro": "{errors} constatări de verificat în {pieces} clauze",
    },
    "cancelled": {
        "en": "The check was cancelled: {done} of {total} clauses checked.",
        "ro": "Verificarea a fost anulată: {done} din {total} clauze verificate.",
    },
    "missing": {"en": "Error", "ro": "Eroare"},
    "not_in_force": {"en": "Not in force", "ro": "Nu este în vigoare"},
    "mismatch": {"en": "Differs", "ro": "Diferă"},
    "unchecked": {"en": "Not checked", "ro": "Neverificat"},
    "provision": {"en": "Cites", "ro": "Citează"},
    "related": {"en": "Related", "ro": "Legat de"},
}


def write_draft_docx(report: dict[str, Any], path: str | Path, *, language: str = "en") -> Path:
    import docx
    from docx.shared import Pt

    def t(key: str, **values: object) -> str:
        return translate(_TEXT, key, language, **values)

    document = docx.Document()
    document.styles["Normal"].font.size = Pt(9)
    title = t("title", title=report.get("title", ""))
    set_properties(document, title=title, subject=str(report.get("matter", "")))
    document.add_heading(title, level=1)
    pieces = report.get("pieces", [])
    errors = sum(f["kind"] in DRAFT_ERROR_KINDS for p in pieces for f in p["findings"])
    document.add_paragraph(
        t("matter", matter=report.get("matter", ""), as_of=report.get("as_of") or t("today"))
    )
    document.add_paragraph(t("summary", errors=errors, pieces=len(pieces)))
    if report.get("cancelled"):
        document.add_paragraph(t("cancelled", done=len(pieces), total=report.get("total", "?")))
    table = document.add_table(rows=1, cols=2)
    table.style = "Table Grid"
    table.rows[0].cells[0].text, table.rows[0].cells[1].text = t("clause"), t("findings")
    for cell in table.rows[0].cells:
        for run in cell.paragraphs[0].runs:
            run.bold = True
    for piece in pieces:
        left, right = table.add_row().cells
        if piece.get("heading"):  # the heading it sits under names it, apart
            left.paragraphs[0].add_run(piece["heading"]).bold = True
            left.add_paragraph(one_line(piece["text"]))
        else:
            left.text = one_line(piece["text"])
        findings = piece["findings"] or [{"kind": "", "claim": t("none"), "citations": []}]
        first = True
        for finding in findings:
            para = right.paragraphs[0] if first else right.add_paragraph()
            first = False
            if finding["kind"]:
                label = para.add_run(f"{t(finding['kind'])}: ")
                label.bold = finding["kind"] in DRAFT_ERROR_KINDS
            para.add_run(finding["claim"])
            for c in finding.get("citations", []):
                where = ", ".join(x for x in (str(c.get("document", "")), page_and_locator(c)) if x)
                quote = right.add_paragraph().add_run(
                    f"{where}: \u201c{shorten(one_line(c.get('quote', '')), _QUOTE_CHARS)}\u201d"
                )
                quote.italic = True
    target = Path(path)
    document.save(str(target))
    return target
