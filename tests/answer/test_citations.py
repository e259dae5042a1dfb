"""Gate 3(b) reads the corpus through ``ports.CorpusReader`` only: any backend that
answers its five questions will do. Here a small in-memory one scripts which provisions
the matter holds, and in force when."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import date

import pytest

from corpus_factory import write_text
from letadesk.answer.citations import Unheld, check_citations
from letadesk.answer.messages import ungrounded
from letadesk.domain import (
    Document,
    DocumentId,
    DocumentStatus,
    Fragment,
    FragmentId,
    MatterId,
    Page,
    SearchFilters,
)
from letadesk.ports import CorpusReader
from letadesk.references import parse_references
from letadesk.workspace import Workspace

M = MatterId(1)


def _law(doc_id: int, title: str, valid_to: date | None = None) -> Document:
    return Document(
        id=DocumentId(doc_id),
        matter_id=M,
        path=f"/{doc_id}.txt",
        title=title,
        kind="text",
        language="ro",
        sha256="",
        size=0,
        status=DocumentStatus.INDEXED,
        valid_to=valid_to,
    )


@dataclass
class MemoryCorpus:
    documents: list[Document]
    locators: dict[int, list[str]] = field(default_factory=dict)  # document id -> locators

    def _admitted(self, filters: SearchFilters) -> list[Document]:
        day = filters.as_of
        return [
            d
            for d in self.documents
            if d.matter_id == filters.matter_id
            and (day is None or d.valid_to is None or d.valid_to >= day)
        ]

    def document(self, document_id: int) -> Document:
        return next(d for d in self.documents if d.id == document_id)

    def documents_admissible(self, filters: SearchFilters) -> list[Document]:
        return self._admitted(filters)

    def pages(self, document_id: int) -> list[Page]:
        return []

    def fragments_by_locator(self, filters: SearchFilters, locator: str) -> list[Fragment]:
        return [
            Fragment(FragmentId(i), d.id, 1, 0, 1, loc, "x")
            for d in self._admitted(filters)
            for i, loc in enumerate(self.locators.get(d.id, []))
            if loc == locator or loc.startswith(locator + " ")
        ]

    def locators_of(self, document_id: int) -> list[str]:
        return self.locators.get(document_id, [])


CORPUS: CorpusReader = MemoryCorpus(
    [_law(1, "Legea nr. 98/2016 privind achizițiile publice", valid_to=date(2020, 12, 31))],
    {1: ["art. 57 alin. (1)", "art. 58"]},
)


@pytest.mark.parametrize(
    ("claim", "as_of", "verdicts"),
    [
        ("Potrivit art. 57 alin. (1) din Legea nr. 98/2016, ...", None, [("citation", True)]),
        (
            "Potrivit art. 57 din Legea nr. 98/2016, ...",
            date(2019, 1, 1),
            [("citation", True), ("temporal", True)],
        ),
        (
            "Potrivit art. 57 din Legea nr. 98/2016, ...",
            date(2022, 1, 1),
            [("citation", True), ("temporal", False)],
        ),
        ("Potrivit art. 99 din Legea nr. 98/2016, ...", None, [("citation", False)]),
        ("Potrivit art. 57 din Legea nr. 7/1996, ...", None, [("citation", False)]),
        ("The parties agree.", None, [("citation", True)]),
    ],
)
def test_check_citations_asks_the_corpus_reader(
    claim: str, as_of: date | None, verdicts: list[tuple[str, bool]]
) -> None:
    results = check_citations(CORPUS, claim, matter_id=M, as_of=as_of)
    assert [(r.check, r.passed) for r in results] == verdicts


NDA = """MUTUAL NON-DISCLOSURE AGREEMENT

5.1 The Receiving Party shall return all Confidential Information on request.

5.2 The Receiving Party may retain one archival copy, subject to Clause 5.1, for legal purposes.
"""


def _one_document(
    workspace: Workspace, name: str, text: str
) -> tuple[set[str], Callable[[str], bool]]:
    """The locators of ``text`` ingested alone into matter "M", and whether Gate 3's
    citation check passes a claim in that matter."""
    workspace.settings = replace(workspace.settings, embedder="minilm")
    docs = workspace.paths.root.parent / "docs"
    workspace.documents.ingest([write_text(docs, name, text)], matter="M")
    [doc] = workspace.documents.all("M")
    matter = workspace.matters.named("M").id

    def passed(claim: str) -> bool:
        [result] = check_citations(workspace.corpus, claim, matter_id=matter, as_of=None)
        return result.passed

    return set(workspace.corpus.locators_of(doc.id)), passed


def test_a_clause_reference_finds_the_documents_numbered_clause(workspace: Workspace) -> None:
    """An English contract's numbered clauses are stored as "Section 5.1" whatever the
    document calls them, so "Clause 5.1" (and "clause 5.2") must find them; a clause the
    document does not have still fails the gate."""
    locators, passed = _one_document(workspace, "nda.txt", NDA)
    assert {"Section 5.1", "Section 5.2"} <= locators
    assert passed("It may retain one archival copy, subject to Clause 5.1.")
    assert passed("See clause 5.2 and Section 5.1.")
    assert not passed("It may retain one archival copy, subject to Clause 9.4.")


LAW = (
    "LEGE nr. 544 din 12 octombrie 2001 privind liberul acces la informaţiile de interes "
    "public\n\nArticolul 2\n\nÎn sensul prezentei legi:\n"
    "a) prin autoritate sau instituţie publică se înţelege orice autoritate ori instituţie "
    "publică;\n"
    "b) prin informaţie de interes public se înţelege orice informaţie care priveşte "
    "activităţile unei autorităţi publice.\n\nArticolul 7\n\n"
    "Autorităţile şi instituţiile publice au obligaţia să răspundă în scris la solicitarea "
    "informaţiilor de interes public în termen de 10 zile.\n"
)


def test_a_litera_inside_its_articles_fragment_exists(workspace: Workspace) -> None:
    """A litera the chunker keeps inside its article's fragment, and alin. (1) of a
    single-paragraph article, exist for Gate 3 as they do for the retriever; a litera the
    article does not have, or one named under an alineat without it, does not."""
    locators, passed = _one_document(workspace, "legea_544.txt", LAW)
    assert "art. 2" in locators and not any("lit." in loc for loc in locators)
    assert passed("Potrivit art. 2 lit. b) din Legea nr. 544/2001, informaţia ...")
    assert passed("Conform art. 2 lit. a), autoritatea publică ...")
    assert passed("Termenul este cel de la art. 7 alin. (1).")
    assert not passed("Potrivit art. 2 lit. d) din Legea nr. 544/2001, ...")
    assert not passed("Potrivit art. 7 alin. (1) lit. a), ...")
    assert not passed("Potrivit art. 2 lit. a) din Legea nr. 50/1991, ...")


GDPR_LAW = """LEGE nr. 190 din 18 iulie 2018

Articolul 11
(1) Acreditarea organismelor de certificare prevăzute la art. 43 din Regulamentul (UE) \
2016/679 se realizează de Asociația de Acreditare din România - RENAR.

Articolul 12
(1) Autoritatea națională de supraveghere poate aplica avertismente și amenzi.
"""


@pytest.mark.model  # the shipped judge reads the question
def test_a_refusal_names_the_act_its_source_cites_and_the_matter_lacks(
    workspace: Workspace,
) -> None:
    """A law's sentence citing an act the matter does not hold is never shown; the lawyer
    is told which references are missing."""
    _one_document(workspace, "legea_190.txt", GDPR_LAW)
    answer = workspace.ask("Cine acreditează organismele de certificare?", matter="M")
    assert answer.disposition == "refused" and not answer.claims
    assert answer.reason.endswith(
        "sursa cea mai apropiată citează „art. 43 din Regulamentul (UE) 2016/679”, "
        "care nu se află în acest dosar"
    )
    assert any("RENAR" in p.fragment.text for p in answer.nearest_sources)


def test_the_reason_names_what_is_missing_in_the_questions_language() -> None:
    [own] = parse_references("potrivit art. 20 lit. e)")
    [gdpr] = parse_references("art. 43 din Regulamentul (UE) 2016/679")
    missing, repealed, other = Unheld(own, False), Unheld(own, True), Unheld(gdpr, False)
    generic = "I don't have a sufficient source: no claim could be grounded in a source"
    assert ungrounded("en", []) == generic
    assert ungrounded("en", [missing]).endswith(
        'cites "art. 20 lit. e)", which this matter does not hold'
    )
    assert ungrounded("en", [repealed]).endswith('cites "art. 20 lit. e)", repealed')
    assert ungrounded("ro", [repealed]).endswith("citează „art. 20 lit. e)”, abrogat")
    assert ungrounded("en", [other, repealed]) == (
        "I don't have a sufficient source: the nearest source cites \"art. 43 din "
        'Regulamentul (UE) 2016/679", which this matter does not hold; the nearest source '
        'cites "art. 20 lit. e)", repealed'
    )


REPEALING = """LEGE nr. 362 din 28 decembrie 2018

Articolul 20
Abrogat.
(la 31-12-2024, Articolul 20 a fost abrogat de Litera a), Alineatul (1), Articolul 66 din \
ORDONANȚA DE URGENȚĂ nr. 155 din 30 decembrie 2024, publicată în MONITORUL OFICIAL nr. 1 din \
31 decembrie 2024)

Articolul 32
(1) Directoratul stabilește, potrivit art. 20 lit. e), condițiile de valabilitate ale \
atestatelor auditorilor de securitate informatică.
"""


@pytest.mark.model  # the shipped judge reads the question
def test_a_refusal_says_the_provision_its_source_cites_is_repealed(workspace: Workspace) -> None:
    _one_document(workspace, "legea_362.txt", REPEALING)
    answer = workspace.ask(
        "Cine stabilește condițiile de valabilitate ale atestatelor?", matter="M"
    )
    assert answer.disposition == "refused" and not answer.claims
    assert answer.reason.endswith("sursa cea mai apropiată citează „art. 20 lit. e)”, abrogat")


SPONSORSHIP = """SPONSORSHIP AGREEMENT

13.   INDEMNITY

      a)    Client will indemnify, defend and hold harmless Excite.

      b)    Excite will indemnify, defend and hold harmless Client.

14.   LIMITATION OF LIABILITY

      EXCEPT UNDER SECTIONS 13(a) AND 13(b), IN NO EVENT WILL EITHER PARTY BE LIABLE FOR
      ANY SPECIAL, INCIDENTAL OR CONSEQUENTIAL DAMAGES.

15.   TERM

      This Agreement ends on (a) December 31, 2020 or (b) earlier termination.
"""


def test_a_contracts_subsection_inside_its_sections_fragment_exists(workspace: Workspace) -> None:
    """A contract's cap on liability that cites "SECTIONS 13(a) AND 13(b)" cites its own
    section 13's subsections, written inside that section's fragment (a line's "a)", an
    item's "(a)"); a subsection the section does not write does not exist."""
    locators, passed = _one_document(workspace, "sponsorship.txt", SPONSORSHIP)
    assert {"Section 13", "Section 14"} <= locators and not any("(" in loc for loc in locators)
    assert passed("EXCEPT UNDER SECTIONS 13(a) AND 13(b), IN NO EVENT WILL EITHER PARTY BE LIABLE")
    assert passed("The term ends as Section 15(b) says.")
    assert not passed("Section 13(c) caps the damages.")
    assert not passed("Section 16(a) caps the damages.")
