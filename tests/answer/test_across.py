"""Answers over several documents, on a real matter: one group per document that
answers, the documents without an answer named, every claim inside its group's
document. Assertions hold with the judge and with the lexical scorer."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from corpus_factory import GOVERNING_LAW_MATTER, GOVERNING_LAW_TITLES, write_matter, write_text
from letadesk.answer.ask import AskOptions
from letadesk.domain import Answer
from letadesk.workspace import Workspace

EXTRACT = AskOptions(generate=False)
CONTRACTS = {GOVERNING_LAW_TITLES[n] for n in ("license.txt", "services.txt", "distribution.txt")}
LAWS = {
    "SOFTWARE LICENSE AGREEMENT": "Washington",
    "MASTER SERVICES AGREEMENT": "England and Wales",
    "EXCLUSIVE DISTRIBUTION AGREEMENT": "New York",
}


# A governing-law clause citing an act no document of the matter holds: Gate 3 rejects it.
UNCITABLE = """CONSULTING AGREEMENT

Section 1. Governing Law
1.1 This Agreement is governed by the laws of Romania, in particular art. 999 din Legea nr. 1/2099.
"""


@pytest.fixture(scope="module")
def ws(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Workspace]:
    """Matter "M": the three contracts and the lease. "Pair": one contract and the lease.
    "Uncitable": one contract and a contract whose clause Gate 3 rejects."""
    root = tmp_path_factory.mktemp("across")
    workspace = Workspace.open(root / "profile")
    workspace.documents.ingest([write_matter(root / "docs", GOVERNING_LAW_MATTER)], matter="M")
    pair = {n: GOVERNING_LAW_MATTER[n] for n in ("license.txt", "lease.txt")}
    workspace.documents.ingest([write_matter(root / "pair", pair)], matter="Pair")
    uncitable = {"license.txt": GOVERNING_LAW_MATTER["license.txt"], "consulting.txt": UNCITABLE}
    workspace.documents.ingest([write_matter(root / "uncitable", uncitable)], matter="Uncitable")
    yield workspace
    workspace.close()


def assert_grouped_by_document(answer: Answer) -> None:
    """The groups cover the claims in order, once each; each claim cites its group's
    document only."""
    indices = [i for g in answer.groups for i in g.claims]
    assert indices == list(range(len(answer.claims)))
    for group in answer.groups:
        assert group.claims, group
        for i in group.claims:
            assert {c.document_id for c in answer.claims[i].citations} == {group.document_id}
            assert {c.document for c in answer.claims[i].citations} == {group.document}


def test_governing_law_is_answered_per_contract(ws: Workspace) -> None:
    answer = ws.ask("What is the governing law?", matter="M", options=EXTRACT)
    assert answer.disposition == "answered", answer.reason
    assert {g.document for g in answer.groups} == CONTRACTS
    assert len(answer.groups) == 3
    assert [u.document for u in answer.unanswered] == ["OFFICE LEASE"]
    assert_grouped_by_document(answer)
    for group in answer.groups:
        texts = [answer.claims[i].text for i in group.claims]
        assert any(LAWS[group.document] in t for t in texts), texts
    assert all(c.kind == "extracted" for c in answer.claims)
    assert {"quote", "citation"} <= {k.check for c in answer.claims for k in c.checks}


def test_the_audit_records_each_document_searched(ws: Workspace) -> None:
    answer = ws.ask("Which law governs the agreement?", matter="M", options=EXTRACT)
    record = ws.audit.entries()[0].record
    assert record["id"] == answer.audit_id
    searched = {d["document_id"]: d for d in record["across"]}
    assert len(searched) == 4 and all(d["fragment_ids"] for d in searched.values())
    answering = {d for d, s in searched.items() if s["answers"]}
    assert answering == {g.document_id for g in answer.groups}
    assert [g["document"] for g in record["final"]["groups"]] == [g.document for g in answer.groups]
    assert record["final"]["unanswered_documents"] == [
        {"document_id": answer.unanswered[0].document_id, "document": "OFFICE LEASE"}
    ]


def test_claims_of_different_documents_do_not_contradict(ws: Workspace) -> None:
    # Thirty days in one contract and ninety in another: both are answers, each in its
    # own group (the matter-wide answer's coherence check would drop one of them).
    answer = ws.ask(
        "With what written notice may either party terminate the agreement?",
        matter="M",
        options=EXTRACT,
    )
    assert answer.disposition == "answered", answer.reason
    assert_grouped_by_document(answer)
    by_document = {
        g.document: " ".join(answer.claims[i].text for i in g.claims) for g in answer.groups
    }
    assert "thirty (30) days" in by_document["SOFTWARE LICENSE AGREEMENT"]
    assert "ninety (90) days" in by_document["MASTER SERVICES AGREEMENT"]
    assert all(r.check != "coherence" for r in answer.rejected)


def test_a_question_limited_to_one_document_is_not_grouped(ws: Workspace) -> None:
    answer = ws.ask(
        "What is the governing law?", matter="M", document="license.txt", options=EXTRACT
    )
    assert answer.disposition == "answered", answer.reason
    assert answer.groups == () and answer.unanswered == ()
    assert {c.citations[0].document for c in answer.claims} == {"SOFTWARE LICENSE AGREEMENT"}
    assert "across" not in ws.audit.entries()[0].record


def test_a_question_naming_a_provision_is_not_grouped(ws: Workspace) -> None:
    answer = ws.ask("What does Section 4.1 provide?", matter="M", options=EXTRACT)
    assert answer.groups == () and answer.unanswered == ()
    assert "across" not in ws.audit.entries()[0].record


def test_one_document_answering_gives_the_usual_answer(ws: Workspace) -> None:
    answer = ws.ask("What is the governing law?", matter="Pair", options=EXTRACT)
    assert answer.disposition == "answered", answer.reason
    assert answer.groups == () and answer.unanswered == ()
    assert {c.citations[0].document for c in answer.claims} == {"SOFTWARE LICENSE AGREEMENT"}
    searched = ws.audit.entries()[0].record["across"]
    assert sorted(d["answers"] for d in searched) == [False, True]


def test_a_document_whose_claims_fail_gate_3_has_no_answer(ws: Workspace) -> None:
    # Both documents answer, but the consulting agreement's sentence cites an act the
    # matter does not hold: Gate 3 rejects it, one document is left, and the answer is
    # the usual one, with the rejection.
    answer = ws.ask("What is the governing law?", matter="Uncitable", options=EXTRACT)
    assert answer.disposition == "answered", answer.reason
    assert answer.groups == () and answer.unanswered == ()
    assert {c.citations[0].document for c in answer.claims} == {"SOFTWARE LICENSE AGREEMENT"}
    rejected = [r for r in answer.rejected if "Legea nr. 1/2099" in r.text]
    assert rejected and rejected[0].check == "citation"
    searched = ws.audit.entries()[0].record["across"]
    assert [d["answers"] for d in searched] == [True, True]


def test_contracts_of_one_title_are_told_apart_by_their_files(tmp_path: Path) -> None:
    same = (
        "SPONSORSHIP AGREEMENT\n\nSection 1. Governing Law\n"
        "1.1 This Agreement shall be governed by the laws of the State of {}.\n"
    )
    docs = tmp_path / "docs"
    write_text(docs, "alpha_sponsorship.txt", same.format("New York"))
    write_text(docs, "beta_sponsorship.txt", same.format("Florida"))
    with Workspace.open(tmp_path / "profile") as workspace:
        workspace.documents.ingest([docs], matter="S")
        answer = workspace.ask("What is the governing law?", matter="S", options=EXTRACT)
    assert sorted(g.document for g in answer.groups) == [
        "SPONSORSHIP AGREEMENT (alpha_sponsorship.txt)",
        "SPONSORSHIP AGREEMENT (beta_sponsorship.txt)",
    ]
    for group in answer.groups:  # each claim still cites its document by its title
        cited = {c.document for i in group.claims for c in answer.claims[i].citations}
        assert cited == {"SPONSORSHIP AGREEMENT"}
