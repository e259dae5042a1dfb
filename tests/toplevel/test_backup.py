"""backup while the profile is open, restore, then doctor: the same profile (issue 15)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from corpus_factory import CONTRACT_RO, NDA_EN, write_text
from letadesk.backup import backup, restore
from letadesk.cli import main
from letadesk.config import Paths
from letadesk.errors import ConfigError, StoreError
from letadesk.files import sha256_of
from letadesk.generate.allowlist import ModelAllowList
from letadesk.store import audit
from letadesk.workspace import Workspace


def _state(ws: Workspace) -> tuple[dict[str, int], list[tuple[int, str]], bool]:
    chain = [
        (int(r[0]), str(r[1])) for r in ws._conn.execute("SELECT seq, hash FROM audit ORDER BY seq")
    ]
    return ws.status(), chain, ws.audit_check().intact


@pytest.mark.slow
def test_backup_then_restore_gives_the_same_profile(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    docs = tmp_path / "docs"
    write_text(docs, "contract.txt", CONTRACT_RO)
    write_text(docs, "nda.txt", NDA_EN)
    source, copy, restored = tmp_path / "source", tmp_path / "backup", tmp_path / "restored"
    with Workspace.open(source) as ws:  # the app keeps the profile open meanwhile
        ws.ingest([docs], matter="Acme")
        for q in ("Care este preavizul?", "Who may receive confidential information?"):
            audit.append(
                ws._conn,
                {"question": q},
                audit_id=audit.new_audit_id(),
                matter_id=ws.matter("Acme").id,
            )
        before = _state(ws)
        model = tmp_path / "firm.gguf"
        model.write_bytes(b"GGUF" + b"\0" * 64)
        ModelAllowList(ws.paths.allowed_models).allow(model, sha256_of(model))
        assert main(["--data-dir", str(source), "backup", str(copy), "--json"]) == 0
    manifest = json.loads((copy / "manifest.json").read_text(encoding="utf-8"))
    assert {"letadesk.sqlite3", "audit.key", "allowed_models.json"} <= set(manifest["files"])
    assert any(name.startswith("tantivy/") for name in manifest["files"])

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
