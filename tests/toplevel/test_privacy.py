"""Privacy at rest: a private profile (0700/0600), and ``purge`` leaves none of a
matter's text in any profile file (issue 15)."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from corpus_factory import NDA_EN, write_text
from letadesk import privacy
from letadesk.answer.ask import AskOptions
from letadesk.cli import main
from letadesk.config import Settings
from letadesk.errors import NotFoundError
from letadesk.privacy import private_umask
from letadesk.store import audit
from letadesk.store.database import copy_database
from letadesk.workspace import Workspace

CANARY_DOC = """CONTRACT DE CONSULTANȚĂ ZORBULAXIAN

Articolul 1
Clientul Zorbulaxian Holdings plătește onorariul de 7.777 lei în termen de 10 zile.
Articolul 2
Quibblewick confidențialitatea durează cinci ani.
"""
CANARY_QUESTION = "Ce onorariu plătește Zorbulaxian Holdings conform articolul 1 quibblewick?"
# What may remain of the canaries anywhere (folded, lowercased, as an index keeps terms)
CANARY_BYTES = [b"zorbulax", b"ZORBULAX", b"Zorbulax", b"quibblewick", b"Quibblewick"]


def _modes(root: Path) -> dict[str, int]:
    found = {".": stat.S_IMODE(root.stat().st_mode)}
    for folder, dirs, files in os.walk(root):
        for name in dirs + files:
            path = Path(folder) / name
            found[str(path.relative_to(root))] = stat.S_IMODE(path.lstat().st_mode)
    return found


def _holding_canary(root: Path) -> list[str]:
    hits = []
    for folder, _dirs, files in os.walk(root):
        for name in files:
            data = (Path(folder) / name).read_bytes()
            if any(c in data for c in CANARY_BYTES):
                hits.append(str((Path(folder) / name).relative_to(root)))
    return hits


def _segments(root: Path) -> set[str]:
    """The tantivy segment files (``m<matter>/<segment id>.<component>``) of the
    profile."""
    return {
        p.relative_to(root / "tantivy").as_posix()
        for p in (root / "tantivy").rglob("*")
        if p.is_file() and not p.name.startswith(".") and p.name != "meta.json"
    }


def test_a_new_profile_is_private(tmp_path: Path) -> None:
    old = os.umask(0o022)  # a permissive umask: the workspace must not rely on the caller's
    try:
        docs = tmp_path / "docs"
        write_text(docs, "nda.txt", NDA_EN)
        with Workspace.open(tmp_path / "profile") as ws:
            ws.documents.ingest([docs], matter="M")
            Settings(threads=1).save(ws.paths)
            audit.append(
                ws._conn,
                {"question": "q"},
                audit_id=audit.new_audit_id(),
                matter_id=ws.matters.named("M").id,
            )
            modes = _modes(ws.paths.root)
    finally:
        os.umask(old)
    for must in ("letadesk.sqlite3", "audit.key", "settings.json", "tantivy"):
        assert must in modes
    assert any(name.startswith("tantivy/") for name in modes)
    wrong = {
        name: oct(mode)
        for name, mode in modes.items()
        if mode != (0o700 if (tmp_path / "profile" / name).is_dir() else 0o600)
    }
    assert not wrong


def test_the_private_umask_is_restored_when_the_last_holder_releases() -> None:
    old = os.umask(0o022)
    try:
        if privacy._holders:
            pytest.skip("a workspace of another test is still open in this process")
        with private_umask(), private_umask():
            assert os.umask(0o077) == 0o077
        assert os.umask(0o022) == 0o022
    finally:
        os.umask(old)


def test_an_existing_world_readable_profile_is_tightened_on_open(tmp_path: Path) -> None:
    root = tmp_path / "profile"
    (root / "tantivy").mkdir(parents=True)
    (root / "settings.json").write_text("{}", encoding="utf-8")
    for path, mode in ((root, 0o755), (root / "tantivy", 0o755), (root / "settings.json", 0o644)):
        path.chmod(mode)
    Workspace.open(root).close()
    modes = _modes(root)
    assert modes["."] == 0o700 and modes["tantivy"] == 0o700
    assert modes["settings.json"] == 0o600 and modes["letadesk.sqlite3"] == 0o600


@pytest.mark.slow
def test_purge_leaves_no_text_of_the_matter_in_any_profile_file(tmp_path: Path) -> None:
    secret, other = tmp_path / "secret", tmp_path / "other"
    write_text(secret, "consultanta.txt", CANARY_DOC)
    write_text(other, "nda.txt", NDA_EN)
    root = tmp_path / "profile"
    with Workspace.open(root) as ws:
        ws.documents.ingest([secret], matter="Zorbulaxian")
        ws.documents.ingest([other], matter="Other")
        ws.ask(CANARY_QUESTION, matter="Zorbulaxian", options=AskOptions(generate=False))
        ws.ask(
            "May the NDA be terminated with notice?",
            matter="Other",
            options=AskOptions(generate=False),
        )
        # a migration backup holding the matter, as an upgrade would have left it
        ws.paths.backups.mkdir()
        copy_database(ws._conn, ws.paths.backups / "letadesk-v3-20240101-000000.sqlite3")
    assert _holding_canary(root), "the canaries are in the profile before the purge"
    # tantivy compresses its term dictionary, so bytes alone cannot show the terms there:
    # every segment of the matter's index (tombstoned entries included) must be gone
    with Workspace.open(root) as ws:
        folder = f"m{int(ws.matters.named('Zorbulaxian').id)}/"
    old_segments = {s for s in _segments(root) if s.startswith(folder)}

    assert main(["--data-dir", str(root), "purge", "--matter", "Zorbulaxian"]) == 2  # no --yes
    assert main(["--data-dir", str(root), "purge", "--matter", "Zorbulaxian", "--yes"]) == 0

    assert _holding_canary(root) == []
    assert old_segments and not {s for s in _segments(root) if s.startswith(folder)}
    assert not (root / "tantivy" / folder).exists()
    with Workspace.open(root) as ws:
        with pytest.raises(NotFoundError):
            ws.matters.named("Zorbulaxian")
        report = ws.audit.check()
        assert report.intact, report.problems
        assert "purged to hashes" in " ".join(report.checked)
        assert ws.doctor().consistent
        assert ws.search("terminated notice", matter="Other")  # the other matter is whole
        events = [e.record for e in ws.audit.entries() if e.record.get("event") == "purge"]
        assert events and events[0]["documents"] == 1 and events[0]["backups_removed"] == 1
