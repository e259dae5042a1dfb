"""Memo export (core, no Qt): footnoted verbatim quotes with pinpoint pages."""

from __future__ import annotations

import zipfile
from pathlib import Path
from xml.etree import ElementTree

import docx

from letadesk.export.memo import memo_markdown, pinpoint, write_memo_docx

W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"

ANSWER = {
    "question": "How long does confidentiality survive?",
    "matter": "Sample matter (fictional)",
    "disposition": "answered",
    "reason": "every claim is grounded in a quoted source",
    "claims": [
        {
            "text": "Confidentiality survives for five years.",
            "kind": "generated",
            "citations": [
                {
                    "document": "Mutual NDA",
                    "page": 2,
                    "page_label": "ii",
                    "locator": "Section 3.2",
                    "quote": "survive termination for a\nperiod of five (5) years",
                    "start": 10,
                    "end": 60,
                    "fragment_id": 7,
                    "document_id": 1,
                }
            ],
        },
        {
            "text": "Contractul durează 12 luni.",
            "kind": "extracted",
            "citations": [
                {
                    "document": "Contract",
                    "page": 1,
                    "page_label": "1",
                    "locator": "art. 3 alin. (1)",
                    "quote": "o durată de 12 luni",
                    "start": 5,
                    "end": 25,
                    "fragment_id": 3,
                    "document_id": 2,
                }
            ],
        },
    ],
    "rejected": [],
    "nearest_sources": [],
    "audit_id": "abc123",
    "as_of": "2024-06-30",
}
REFUSED = {
    "disposition": "refused",
    "reason": "I don't have a sufficient source: nothing matches",
    "claims": [],
    "rejected": [],
    "audit_id": "r1",
    "as_of": None,
    "nearest_sources": [
        {
            "document": "Contract",
            "document_id": 2,
            "page": 1,
            "locator": "art. 4",
            "text": "Plata se face în 15 zile.",
            "start": 0,
            "end": 24,
            "fragment_id": 9,
        }
    ],
}

GROUPED = {
    **ANSWER,
    "question": "How long do the agreements last?",
    "groups": [
        {"document_id": 1, "document": "Mutual NDA", "claims": [0]},
        {"document_id": 2, "document": "Contract", "claims": [1]},
    ],
    "unanswered_documents": [
        {"document_id": 3, "document": "Lease"},
        {"document_id": 4, "document": "Memo"},
    ],
}


def test_pinpoint() -> None:
    assert pinpoint(ANSWER["claims"][0]["citations"][0]) == "Mutual NDA, p. ii, Section 3.2"
    assert pinpoint({"document": "X", "page": 4}) == "X, p. 4"


def test_markdown_memo_has_footnoted_quotes() -> None:
    md = memo_markdown(ANSWER)
    assert "**Question:** How long does confidentiality survive?" in md
    assert "- Confidentiality survives for five years.[^1]" in md
    assert "[^2] *(extracted verbatim)*" in md
    assert (
        "[^1]: Mutual NDA, p. ii, Section 3.2: \u201csurvive termination for a period "
        "of five (5) years\u201d"
    ) in md
    assert "[^2]: Contract, p. 1, art. 3 alin. (1): \u201co durată de 12 luni\u201d" in md
    assert "**As of:** 2024-06-30" in md


def test_memo_marks_stale_and_unverified_sources() -> None:
    first, second = ANSWER["claims"]
    marked = {
        **ANSWER,
        "claims": [
            {**first, "citations": [{**first["citations"][0], "stale": True, "verified": False}]},
            {**second, "citations": [{**second["citations"][0], "stale": False, "verified": True}]},
        ],
    }
    md = memo_markdown(marked)
    assert (
        "[^1]: Mutual NDA, p. ii, Section 3.2 [stale source: changed or missing on disk "
        "since indexing; unverified source]: \u201csurvive"
    ) in md
    assert "[^2]: Contract, p. 1, art. 3 alin. (1): \u201co durată" in md


def test_refusal_memo_lists_nearest_sources() -> None:
    md = memo_markdown(REFUSED, question="Q?")
    assert "No answer was given: I don't have a sufficient source" in md
    assert "- Contract, p. 1, art. 4: \u201cPlata se face în 15 zile.\u201d" in md
    assert "[^" not in md


def footnotes(path: Path) -> dict[str, str]:
    """The Word file's footnotes by id (the two separators left out), as text."""
    with zipfile.ZipFile(path) as package:
        root = ElementTree.fromstring(package.read("word/footnotes.xml"))
    return {
        note.get(W + "id"): "".join(t.text or "" for t in note.iter(W + "t")).strip()
        for note in root.iter(W + "footnote")
        if note.get(W + "type") is None
    }


def references(paragraph) -> list[str]:
    """The footnote numbers a Word paragraph cites."""
    return [r.get(W + "id") for r in paragraph._p.iter(W + "footnoteReference")]


def test_docx_memo_has_real_footnotes_and_its_own_properties(tmp_path: Path) -> None:
    path = write_memo_docx(ANSWER, tmp_path / "memo.docx", question="How long?")
    doc = docx.Document(str(path))
    claim = next(p for p in doc.paragraphs if p.text.startswith("Confidentiality survives"))
    assert references(claim) == ["1"]
    notes = footnotes(path)
    assert notes["1"].startswith("Mutual NDA, p. ii, Section 3.2:")
    assert "five (5) years" in notes["1"]
    assert any(p.text.startswith("Contractul durează 12 luni.") for p in doc.paragraphs)
    assert notes["2"] == "Contract, p. 1, art. 3 alin. (1): \u201co durată de 12 luni\u201d"
    assert sorted(notes) == sorted(r for p in doc.paragraphs for r in references(p))
    props = doc.core_properties
    assert props.author == "LetaDesk" and props.title == "Research memo: How long?"
    assert props.created is not None and props.created.year >= 2026
    refused = docx.Document(str(write_memo_docx(REFUSED, tmp_path / "r.docx", question="Q?")))
    assert any("No answer was given" in p.text for p in refused.paragraphs)


def test_memo_over_several_documents_groups_claims_by_document(tmp_path: Path) -> None:
    md = memo_markdown(GROUPED)
    nda, contract = md.index("### Mutual NDA\n"), md.index("### Contract\n")
    assert (
        nda
        < md.index("- Confidentiality survives")
        < contract
        < md.index("- Contractul durează")
        < md.index("No answer in: Lease; Memo")
    )
    assert "[^2]: Contract, p. 1" in md
    assert "###" not in memo_markdown(ANSWER) and "No answer in" not in memo_markdown(ANSWER)
    doc = docx.Document(str(write_memo_docx(GROUPED, tmp_path / "grouped.docx")))
    texts = [(p.style.name, p.text) for p in doc.paragraphs]
    headings = [t for style, t in texts if style == "Heading 3"]
    assert headings == ["Mutual NDA", "Contract"]
    assert ("Normal", "No answer in: Lease; Memo") in texts
    order = [t for _, t in texts]
    assert order.index("Contract") < next(
        i for i, t in enumerate(order) if t.startswith("Contractul durează")
    )


def test_as_of_is_the_date_used_or_says_every_version() -> None:
    # A question without a date is asked as of today, and its answer names that date;
    # only one asked with no date (``--as-of any``, or an older record) has none.
    assert "**As of:** none (every version)" in memo_markdown({**ANSWER, "as_of": None})
    assert "**As of:** 2017-06-01" in memo_markdown({**ANSWER, "as_of": "2017-06-01"})
    assert "today" not in memo_markdown({**ANSWER, "as_of": None})


def test_a_romanian_memo(tmp_path: Path) -> None:
    answer = {**ANSWER, "as_of": "2026-11-30", "audit_id": "abc"}
    md = memo_markdown(answer, language="ro")
    assert md.startswith("# Notă de cercetare\n")
    for line in (
        "**Întrebare:** How long does confidentiality survive?",
        "**Dosar:** Sample matter (fictional)",
        "**La data:** 2026-11-30",
        "**Rezultat:** răspuns dat",
        "**Înregistrare de audit:** abc",
        "## Răspuns",
        "- Contractul durează 12 luni.[^2] *(extras textual)*",
    ):
        assert line in md, line
    assert "Generat de LetaDesk" in md
    doc = docx.Document(str(write_memo_docx(answer, tmp_path / "ro.docx", language="ro")))
    assert doc.paragraphs[0].text == "Notă de cercetare"
    assert doc.core_properties.title.startswith("Notă de cercetare: ")
