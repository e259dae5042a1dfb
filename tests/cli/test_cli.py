"""Every CLI verb, run as a user would (a real subprocess on a real profile),
and a check that the CLI guide (docs/cli-guide.md) documents each one."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from corpus_factory import CONTRACT_RO, NDA_EN, write_text
from letadesk.cli import build_parser

CLI_GUIDE = Path(__file__).resolve().parents[2] / "docs" / "cli-guide.md"


def run(data: Path, *args: str, ok: bool = True) -> subprocess.CompletedProcess[str]:
    proc = subprocess.run(
        [sys.executable, "-m", "letadesk", "--data-dir", str(data), *args],
        capture_output=True,
        text=True,
        timeout=600,
    )
    if ok:
        assert proc.returncode == 0, proc.stderr
    return proc


def verbs() -> list[str]:
    parser = build_parser()
    sub = next(a for a in parser._actions if a.dest == "verb")
    return sorted(sub.choices)  # type: ignore[union-attr]


@pytest.mark.parametrize("verb", verbs())
def test_the_cli_guide_documents_every_verb(verb: str) -> None:
    """Each verb has its own section in the guide, under a heading that names it."""
    text = CLI_GUIDE.read_text(encoding="utf-8")
    heading = rf"^### letadesk {re.escape(verb)}(?=[\s,:]|$)"
    assert re.search(heading, text, re.MULTILINE), f"docs/cli-guide.md has no section on {verb}"


@pytest.mark.model  # its subprocesses embed and ask (the judge)
def test_cli_end_to_end(tmp_path: Path) -> None:
    data, docs = tmp_path / "data", tmp_path / "docs"
    write_text(docs, "contract.txt", CONTRACT_RO)
    write_text(docs, "nda.txt", NDA_EN)
    (docs / "broken.pdf").write_bytes(b"%PDF-1.4 not really")

    report = json.loads(run(data, "ingest", str(docs), "--matter", "Acme", "--json").stdout)
    assert report["added"] == 2 and report["failed"][0]["path"].endswith("broken.pdf")
    assert report["failed"][0]["reason"]

    assert json.loads(run(data, "matters", "--json").stdout)[0]["name"] == "Acme"
    failed = json.loads(run(data, "docs", "--matter", "Acme", "--failed", "--json").stdout)
    assert [Path(d["path"]).name for d in failed] == ["broken.pdf"]

    shown = json.loads(run(data, "show", "contract.txt", "--json").stdout)
    assert {"fragment_id", "page", "locator", "start", "end", "text"} <= set(shown["fragments"][0])
    status = json.loads(run(data, "status", "--json").stdout)
    assert status["documents"] == 2 and status["failed"] == 1

    hits = json.loads(run(data, "search", "preaviz denuntare", "--matter", "Acme", "--json").stdout)
    assert "preaviz" in hits[0]["text"]
    assert set(hits[0]["scores"]) == {"bm25", "dense", "fused"}
    ref = json.loads(
        run(data, "search", "art. 2 alin. (3)", "--matter", "Acme", "--k", "3", "--json").stdout
    )
    assert ref[0]["locator"] == "art. 2 alin. (3)"

    answer = json.loads(
        run(
            data,
            "ask",
            "Cu ce preaviz poate fi denunțat contractul?",
            "--matter",
            "Acme",
            "--extract-only",
            "--json",
        ).stdout
    )
    assert answer["disposition"] == "answered" and answer["audit_id"]
    assert answer["claims"][0]["citations"][0]["quote"] and answer["mode"] == "extracted"
    question = "How long do the obligations of confidentiality survive termination?"
    auto = json.loads(run(data, "ask", question, "--matter", "Acme", "--json").stdout)
    assert auto["mode"] == "extracted"  # "auto" does not ask the bundled SmolLM2
    printed = run(data, "ask", question, "--matter", "Acme", "--generate").stdout  # SmolLM2
    record = json.loads(run(data, "audit", "--limit", "1", "--json").stdout)[0]
    assert record["model"].startswith("SmolLM2")
    mode = record["final"]["mode"]
    assert mode in {"generated", "extracted_after_generation_failed"}
    # a draft none of whose claims was kept says why (it said "could not be verified"
    # when the model had proposed no claim at all)
    why = {
        "rejected": "none of the language model's claims passed the checks",
        "empty": "the language model proposed no claim from these sources",
        "unreadable": "the language model's draft could not be read as claims",
    }
    failure = record["final"]["draft_failure"]
    assert [w for w in why.values() if w in printed] == ([why[failure]] if failure else [])
    assert (failure != "") is (mode == "extracted_after_generation_failed")
    assert "could not be verified" not in printed

    meta = json.loads(run(data, "meta", "nda.txt", "--valid-to", "2020-01-01").stdout)
    assert meta["valid_to"] == "2020-01-01"
    dated = json.loads(
        run(
            data,
            "search",
            "Receiving Party disclose",
            "--matter",
            "Acme",
            "--as-of",
            "2024-06-01",
            "--json",
        ).stdout
    )
    assert all(h["document"] != "nda.txt" for h in dated)

    assert json.loads(run(data, "doctor", "--json").stdout)["consistent"]
    assert json.loads(run(data, "audit", "--verify", "--json").stdout)["intact"]
    run(data, "audit", "--export", str(tmp_path / "audit.jsonl"))
    exported = (tmp_path / "audit.jsonl").read_text(encoding="utf-8")
    assert exported.count("\n") == 6  # three asks and three searches, each recorded

    questions = tmp_path / "q.jsonl"
    questions.write_text(
        json.dumps(
            {
                "question": "Cu ce preaviz poate fi denunțat contractul?",
                "answerable": True,
                "gold": {"locator": "art. 2"},
            }
        )
        + "\n"
        + json.dumps({"question": "Ce vreme va fi mâine în Cluj?", "answerable": False})
        + "\n",
        encoding="utf-8",
    )
    ev = json.loads(
        run(data, "eval", str(questions), "--matter", "Acme", "--extract-only", "--json").stdout
    )
    assert ev["coverage"] == 1.0 and ev["refusal_on_unanswerable"] == 1.0


@pytest.mark.parametrize("verb", ["ask", "eval"])
def test_generation_flags_override_the_setting_and_exclude_each_other(verb: str) -> None:
    parser = build_parser()
    given = ["q"] if verb == "ask" else ["q.jsonl"]
    assert parser.parse_args([verb, *given, "--matter", "M"]).generate is None
    assert parser.parse_args([verb, *given, "--matter", "M", "--generate"]).generate is True
    assert parser.parse_args([verb, *given, "--matter", "M", "--extract-only"]).generate is False
    with pytest.raises(SystemExit):
        parser.parse_args([verb, *given, "--matter", "M", "--generate", "--extract-only"])


@pytest.mark.slow  # three CLI subprocesses
def test_errors_name_the_problem_and_exit_non_zero(tmp_path: Path) -> None:
    proc = run(tmp_path / "d", "show", "nothing.pdf", ok=False)
    assert proc.returncode == 4 and "no document named 'nothing.pdf'" in proc.stderr
    proc = run(tmp_path / "d", "search", "x", "--matter", "Nope", ok=False)
    assert proc.returncode == 4 and "no matter named 'Nope'" in proc.stderr
    proc = run(tmp_path / "d", "ask", "x", "--matter", "Nope", "--as-of", "2020-13-01", ok=False)
    assert proc.returncode != 0 and "not a date" in proc.stderr
