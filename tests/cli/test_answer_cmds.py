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
    keys = {"document_id", "document", "claims", "short_answer"}
    assert [set(g) for g in groups] == [keys] * 3
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
    assert " — Section " in lines[first + 1]  # the law it chooses, and where
    assert lines[first + 2].startswith("1. ")
    assert "No answer in: OFFICE LEASE" in lines


def test_text_names_unanswered_documents_in_the_language_of_the_question(
    profile: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # a Romanian interface, an English question: the answer reads English
    Settings(language="ro").save(Paths.resolve(profile))
    try:
        lines = ask(profile, capsys).splitlines()
    finally:
        Settings().save(Paths.resolve(profile))
    assert "No answer in: OFFICE LEASE" in lines


def test_each_contract_leads_with_the_law_it_chooses(
    profile: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = json.loads(ask(profile, capsys, "--json"))
    laws = set()
    for group in out["groups"]:
        short = group["short_answer"]
        assert short is not None and short["kind"] == "law", group
        cited = out["claims"][short["claim"]]["citations"][short["citation"]]
        assert cited["quote"][short["start"] : short["end"]] == short["text"]
        assert short["document_end"] - short["document_start"] == len(short["text"])
        assert short["document_start"] == cited["start"] + short["start"]
        laws.add(short["text"].lower())
    assert "the laws of the state of new york" in laws and len(laws) == 3
    assert out["short_answer"] == out["groups"][0]["short_answer"]
    lines = ask(profile, capsys).splitlines()
    first = lines.index(f"{out['groups'][0]['document']}:")
    led = out["groups"][0]["short_answer"]
    assert lines[first + 1] == f"{led['text']} — {led['locator']}"
    assert f"«{led['text']}»" in "\n".join(lines)  # marked in its quote


def test_a_refusal_prints_no_score(profile: Path, capsys: pytest.CaptureFixture[str]) -> None:
    asked = "Care este termenul de prescripție pentru acțiunea în revendicare?"
    argv = ["--data-dir", str(profile), "ask", asked, "--matter", "M", "--extract-only"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert out.startswith("Nu am o sursă suficientă")  # the question's language
    assert "0." not in out and "relevan" not in out
    assert main([*argv, "--json"]) == 0
    reply = json.loads(capsys.readouterr().out)
    assert "0." not in reply["reason"] + reply["clarify"]


def test_a_quote_cut_short_says_so() -> None:
    """A quote longer than the CLI prints ends in "…", so "art. 2 alin." is not read as
    where the quote stops; one printed whole does not."""
    from letadesk.cli.answer_cmds import QUOTE_SHOWN, _marked

    long = "(2) Un organism public, astfel cum este definit la art. 2 alin. (1) lit. a), " * 4
    assert _marked(long, None) == long[:QUOTE_SHOWN] + "…"
    assert _marked("Termenul este de 30 de zile.", None) == "Termenul este de 30 de zile."
    start = long.index("art. 2")
    shown = _marked(long, (start, start + 6))
    assert shown.startswith("…") and shown.endswith("…") and "«art. 2»" in shown
    short = "Plata se face în 30 de zile."
    at = short.index("30")
    assert _marked(short, (at, at + 10)) == "Plata se face în «30 de zile»."


def test_a_quote_laid_out_with_runs_of_spaces_is_printed_with_one() -> None:
    from letadesk.cli.answer_cmds import _marked

    laid_out = "the Client will pay Excite sponsorship             and advertising fees"
    assert _marked(laid_out, None) == "the Client will pay Excite sponsorship and advertising fees"
    at = laid_out.index("and")
    assert (
        _marked(laid_out, (at, at + 3))
        == "the Client will pay Excite sponsorship «and» advertising fees"
    )
