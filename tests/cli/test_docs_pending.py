"""``docs`` says "partly indexed" where the window does (issue 40): after a cancelled
add it said "indexed" while the window said "Partly indexed" and ``doctor`` pending."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from letadesk.cli import main
from letadesk.index.sync import EMBED_BATCH
from letadesk.workspace import Workspace


def _cancelled_add(profile: Path, folder: Path) -> dict[int, int]:
    folder.mkdir()
    for i in range(3):
        (folder / f"note_{i}.txt").write_text(
            "\n".join(f"Articolul {k}\nTermenul facturii {k} din nota {i}." for k in range(1, 41)),
            encoding="utf-8",
        )
    embedded = [0]

    def seen(done: int, _total: int, _what: str) -> None:
        embedded[0] = done

    with Workspace.open(profile) as ws:
        report = ws.documents.ingest(
            [folder],
            matter="Notes",
            embed_progress=seen,
            cancelled=lambda: embedded[0] >= EMBED_BATCH,
        )
        assert report.cancelled and report.pending
        return ws.documents.pending("Notes")


def test_docs_says_partly_indexed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    profile = tmp_path / "profile"
    pending = _cancelled_add(profile, tmp_path / "notes")
    assert main(["--data-dir", str(profile), "docs", "--matter", "Notes"]) == 0
    lines = capsys.readouterr().out.splitlines()
    partly = [line for line in lines if "partly indexed" in line]
    assert len(partly) == len(pending) and all("not yet indexed" in line for line in partly)
    assert main(["--data-dir", str(profile), "docs", "--matter", "Notes", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert {r["id"]: r["pending_passages"] for r in rows if r["pending_passages"]} == pending
