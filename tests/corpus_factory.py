"""Small real documents written at test time (text, PDF) for pipeline tests."""

from __future__ import annotations

from pathlib import Path

import pymupdf

CONTRACT_RO = """CONTRACT DE PRESTĂRI SERVICII nr. 12/2024

Articolul 1
Obiectul contractului
(1) Prestatorul se obligă să presteze servicii de consultanță juridică pentru Beneficiar.
(2) Serviciile se prestează la sediul Beneficiarului.

Articolul 2
Durata şi încetarea
(1) Contractul se încheie pe o durată de 12 luni.
(2) Oricare parte poate denunţa contractul cu un preaviz de 30 de zile, comunicat în scris.
(3) Beneficiarul nu poate cesiona contractul fără acordul scris al Prestatorului.

Articolul 3
Preţul
(1) Preţul serviciilor este de 5.000 lei pe lună, plătibil în termen de 15 zile de la facturare.
"""

NDA_EN = """MUTUAL NON-DISCLOSURE AGREEMENT

Section 1. Confidential Information
1.1 "Confidential Information" means all non-public information disclosed by a party.

Section 2. Obligations
2.1 The Receiving Party shall not disclose Confidential Information to any third party.
2.2 The Receiving Party may disclose Confidential Information to its legal advisers.

Section 3. Term and Termination
3.1 This Agreement may be terminated by either party upon thirty (30) days written notice.
3.2 The obligations of confidentiality survive for five (5) years after termination.

Section 4. Governing Law
4.1 This Agreement is governed by the laws of the State of Delaware.
"""


def write_text(folder: Path, name: str, text: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def write_pdf(folder: Path, name: str, pages: list[str]) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    doc = pymupdf.open()
    for text in pages:
        page = doc.new_page()
        page.insert_textbox(pymupdf.Rect(50, 50, 550, 800), text, fontsize=10)
    path = folder / name
    doc.save(path)
    doc.close()
    return path
