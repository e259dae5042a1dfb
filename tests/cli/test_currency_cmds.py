"""A source edited on disk after indexing, found by the scheduled re-hash (the clock
advanced, not slept), is marked in ``docs`` and in every ``ask`` claim citing it (JSON and
text, in the question's language); a source no person verified is marked until one does."""

from __future__ import annotations

import json
import os
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from corpus_factory import NDA_EN, write_text
from letadesk.cli import main
from letadesk.config import Paths, Settings
from letadesk.workspace import Workspace

QUESTION = "How long do the confidentiality obligations survive termination?"
T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


def cli(profile: Path, capsys: pytest.CaptureFixture[str], *args: str) -> str:
    assert main(["--data-dir", str(profile), *args]) == 0
    return capsys.readouterr().out


def ask(profile: Path, capsys: pytest.CaptureFixture[str], *args: str) -> str:
    return cli(profile, capsys, "ask", QUESTION, "--matter", "M", "--extract-only", *args)


def test_an_edited_source_is_marked_stale_in_docs_and_answers(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    nda = write_text(tmp_path / "docs", "nda.txt", NDA_EN)
    paths = Paths.resolve(tmp_path / "profile")
    now = [T0]
    with Workspace(paths, clock=lambda: now[0]) as ws:
        ws.documents.ingest([nda], matter="M")
        assert ws.documents.check_sources().full

    before = json.loads(ask(paths.root, capsys, "--json"))
    assert before["disposition"] == "answered", before["reason"]
    assert not any(c["stale"] for c in before["claims"])
    assert all(c["unverified"] for c in before["claims"])  # nobody verified the NDA
    assert [n.split(";")[0] for n in before["notes"]] == ["Source not verified by a person"]

    # Edited in place keeping its size and time: the cheap check on open cannot see it.
    st = nda.stat()
    nda.write_text(NDA_EN.replace("five (5) years", "nine (9) years"), encoding="utf-8")
    os.utime(nda, ns=(st.st_atime_ns, st.st_mtime_ns))
    now[0] = T0 + timedelta(days=8)  # past source_check_days (7): the full re-hash is due
    with Workspace(paths, clock=lambda: now[0]) as ws:
        assert ws.documents.check_sources().changed == [str(nda)]

    (doc,) = json.loads(cli(paths.root, capsys, "docs", "--matter", "M", "--json"))
    assert (doc["stale"], doc["source_state"]) == (True, "changed")
    assert "[stale: changed on disk since indexing" in cli(paths.root, capsys, "docs")

    answer = json.loads(ask(paths.root, capsys, "--json"))
    assert answer["disposition"] == "answered"
    assert answer["claims"] and all(c["stale"] for c in answer["claims"])
    for citation in (c for claim in answer["claims"] for c in claim["citations"]):
        assert (citation["stale"], citation["source_state"]) == (True, "changed")
    assert answer["notes"][0] == (
        "Source changed or missing on disk since it was indexed; "
        "add it again to refresh it: MUTUAL NON-DISCLOSURE AGREEMENT"
    )
    text = ask(paths.root, capsys)
    assert "(stale) (unverified)" in text
    assert "! Source changed or missing on disk since it was indexed" in text

    # The marks follow the question's language, not the interface's.
    Settings(language="ro").save(paths)
    text = ask(paths.root, capsys)
    assert "(stale) (unverified)" in text
    assert "(depășită)" not in text


def test_verifying_a_source_removes_the_unverified_mark(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    nda = write_text(tmp_path / "docs", "nda.txt", NDA_EN)
    profile = tmp_path / "profile"
    with Workspace.open(profile) as ws:
        ws.documents.ingest([nda], matter="M")
    cli(profile, capsys, "meta", "nda.txt", "--matter", "M", "--verified")
    answer = json.loads(ask(profile, capsys, "--json"))
    assert answer["disposition"] == "answered"
    assert not any(c["unverified"] or c["stale"] for c in answer["claims"])
    assert all(x["verified"] for c in answer["claims"] for x in c["citations"])
    assert answer["notes"] == []
    assert "(unverified)" not in ask(profile, capsys)


def test_only_verbs_that_show_sources_recheck_them_and_only_ingest_and_doctor_rehash(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A full re-hash of a firm's archive must not hold up ``matters`` or ``audit``, nor
    an ``ask``: the verbs that show documents stat them; ``doctor`` and ``ingest`` (which
    read the files anyway) also re-hash when ``source_check_days`` have passed."""
    nda = write_text(tmp_path / "docs", "nda.txt", NDA_EN)
    memo = write_text(tmp_path / "docs", "memo.txt", "Internal memo. " * 20)
    paths = Paths.resolve(tmp_path / "profile")
    with Workspace(paths, clock=lambda: T0) as ws:
        ws.documents.ingest([nda, memo], matter="M")
        assert ws.documents.check_sources().full  # the last full pass: T0, long before today

    def states() -> dict[str, str]:
        docs = json.loads(cli(paths.root, capsys, "docs", "--matter", "M", "--json"))
        return {Path(d["path"]).name: d["source_state"] for d in docs}

    memo.unlink()  # seen by any stat
    st = nda.stat()  # edited keeping size and time: seen only by a re-hash
    nda.write_text(NDA_EN.replace("five (5) years", "nine (9) years"), encoding="utf-8")
    os.utime(nda, ns=(st.st_atime_ns, st.st_mtime_ns))
    cli(paths.root, capsys, "matters")
    cli(paths.root, capsys, "audit")
    with Workspace(paths) as ws:
        assert {d.source_state for d in ws.documents.all(matter="M")} == {""}  # nothing checked
    assert states() == {"nda.txt": "", "memo.txt": "missing"}  # docs stats, no re-hash
    cli(paths.root, capsys, "doctor")  # the full pass is due: it re-hashes
    assert states() == {"nda.txt": "changed", "memo.txt": "missing"}
