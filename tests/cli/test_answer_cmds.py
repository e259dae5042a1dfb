"""``letadesk ask`` over several documents: the ``--json`` shape and the text output
(a heading per document, then the documents without an answer, in the interface
language), on a real profile."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from letadesk.cli import main
from letadesk.config import Paths, Settings

QUESTION = "What is the governing law?"
CONTRACTS = {
    "SOFTWARE LICENSE AGREEMENT",
    "MASTER SERVICES AGREEMENT",
    "EXCLUSIVE DISTRIBUTION AGREEMENT",
}


def ask(profile: Path, capsys: pytest.CaptureFixture[str], *args: str) -> str:
    assert (
        main(
            ["--data-dir", str(profile), "ask", QUESTION, "--matter", "M", "--extract-only", *args]
        )
        == 0
    )
    return capsys.readouterr().out


def test_json_groups_claims_by_document(profile: Path, capsys: pytest.CaptureFixture[str]) -> None:
    answer = json.loads(ask(profile, capsys, "--json"))
    assert answer["disposition"] == "answered"
    groups = answer["groups"]
    assert {g["document"] for g in groups} == CONTRACTS
    assert [set(g) for g in groups] == [{"document_id", "document", "claims"}] * 3
    assert [i for g in groups for i in g["claims"]] == list(range(len(answer["claims"])))
    for g in groups:
        for i in g["claims"]:
            assert {c["document_id"] for c in answer["claims"][i]["citations"]} == {
                g["document_id"]
            }
    (lease,) = answer["unanswered_documents"]
    assert set(lease) == {"document_id", "document"} and lease["document"] == "OFFICE LEASE"

    scoped = json.loads(ask(profile, capsys, "--document", "license.txt", "--json"))
    assert scoped["disposition"] == "answered"
    assert scoped["groups"] == [] and scoped["unanswered_documents"] == []


def test_text_has_a_heading_per_document(profile: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lines = ask(profile, capsys).splitlines()
    headings = [line.removesuffix(":") for line in lines if line.rstrip(":") in CONTRACTS]
    assert set(headings) == CONTRACTS
    first = lines.index(f"{headings[0]}:")
    assert lines[first + 1].startswith("1. ")
    assert "No answer in: OFFICE LEASE" in lines


def test_text_names_unanswered_documents_in_romanian(
    profile: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    Settings(language="ro").save(Paths.resolve(profile))
    try:
        lines = ask(profile, capsys).splitlines()
    finally:
        Settings().save(Paths.resolve(profile))
    assert "Niciun răspuns în: OFFICE LEASE" in lines
