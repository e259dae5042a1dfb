"""Small real documents written at test time (text, PDF) for pipeline tests."""

from __future__ import annotations

from pathlib import Path

import pymupdf

from letadesk.domain import (
    Document,
    DocumentId,
    DocumentStatus,
    Fragment,
    FragmentId,
    MatterId,
    Passage,
    Scores,
)
from letadesk.workspace import Workspace

# A short (fictional) law with articles and alineate, for the draft check.
LEGEA_50_2020 = """LEGEA nr. 50 din 3 martie 2020 privind termenele de plată

Articolul 1
Prezenta lege stabilește termenele de plată în contractele dintre profesioniști.

Articolul 2
(1) Plata se face în termen de 30 de zile de la primirea facturii.
(2) Penalitățile de întârziere sunt de 0,1% pe zi din suma datorată.

Articolul 3
Părțile pot conveni un termen mai scurt decât cel prevăzut la art. 2.
"""

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

# A matter of three contracts, each choosing a different governing law (and a notice
# period), beside clauses that merely mention "law"; and a lease that chooses none.
# One sentence each of two kinds of clause (the judge's and the clause models' tests).
GOVERNING_CLAUSE = (
    "This Agreement shall be governed by and construed in accordance with the laws "
    "of the State of New York, without regard to its conflict of laws principles."
)
NOTICES_CLAUSE = (
    "All notices under this Agreement shall be in writing and delivered by hand or "
    "by registered mail to the addresses set out above."
)

GOVERNING_LAW_MATTER = {
    "license.txt": """SOFTWARE LICENSE AGREEMENT

Section 1. Grant of Licence
1.1 Licensor grants Licensee a non-exclusive licence to use the Software at its premises.

Section 2. Compliance
2.1 Licensee shall comply with all applicable laws and regulations in its use of the Software.

Section 3. Termination
3.1 Either party may terminate this Agreement upon thirty (30) days written notice.

Section 4. Governing Law
4.1 This Agreement is governed by the laws of the State of Washington.
""",
    "services.txt": """MASTER SERVICES AGREEMENT

Section 1. Services
1.1 The Supplier shall provide the consulting services described in each statement of work.

Section 2. Whistleblowing
2.1 Nothing in this Agreement prevents anyone from reporting a violation of law to a regulator.

Section 3. Termination
3.1 Either party may terminate this Agreement upon ninety (90) days written notice.

Section 4. Governing Law
4.1 This Agreement shall be governed by and construed under the laws of England and Wales.
""",
    "distribution.txt": """EXCLUSIVE DISTRIBUTION AGREEMENT

Section 1. Appointment
1.1 The Manufacturer appoints the Distributor as its exclusive distributor in the Territory.

Section 2. Orders
2.1 The Distributor shall place orders at least sixty (60) days before the requested delivery date.

Section 3. Governing Law
3.1 The laws of the State of New York govern this Agreement and any dispute arising from it.
""",
    "lease.txt": """OFFICE LEASE

Section 1. Premises
1.1 The Landlord lets to the Tenant the office premises on the fourth floor of the building.

Section 2. Rent
2.1 The Tenant shall pay the monthly rent in advance on the first day of each month.

Section 3. Repairs
3.1 The Landlord shall keep the roof and the structure of the building in good repair.
""",
}
GOVERNING_LAW_TITLES = {
    "license.txt": "SOFTWARE LICENSE AGREEMENT",
    "services.txt": "MASTER SERVICES AGREEMENT",
    "distribution.txt": "EXCLUSIVE DISTRIBUTION AGREEMENT",
    "lease.txt": "OFFICE LEASE",
}


def write_matter(folder: Path, documents: dict[str, str]) -> Path:
    """Each of ``documents`` (file name → text) written as a text file in ``folder``."""
    for name, text in documents.items():
        write_text(folder, name, text)
    return folder


def ingested_matter(root: Path, documents: dict[str, str], matter: str = "M") -> Workspace:
    """A workspace under ``root`` whose ``matter`` holds ``documents`` (file name → text),
    written as text files and ingested. The caller closes it (or lets it end with the
    test module)."""
    workspace = Workspace.open(root / "ws")
    workspace.documents.ingest([write_matter(root / "docs", documents)], matter=matter)
    return workspace


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


def make_passage(
    fid: int,
    text: str,
    *,
    title: str = "Contract",
    locator: str = "",
    kind: str = "text",
    fused: float = 0.0,
) -> Passage:
    """A retrieved passage held in memory (document 1 of matter 1): for tests of what is
    done with passages (prompts, scoring), not of how they are found."""
    doc = Document(
        id=DocumentId(1),
        matter_id=MatterId(1),
        path=f"/m/{title}.{kind}",
        title=title,
        kind=kind,
        language="en",
        sha256="0" * 64,
        size=1,
        status=DocumentStatus.INDEXED,
    )
    fragment = Fragment(
        id=FragmentId(fid),
        document_id=doc.id,
        page=1,
        start=0,
        end=len(text),
        locator=locator,
        text=text,
    )
    return Passage(fragment, doc, Scores(fused=fused))
