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
