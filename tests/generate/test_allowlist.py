"""The model allow-list: the bundled GGUF loads only as shipped, any other file only once
confirmed by its SHA-256 (letadesk.generate.allowlist, `letadesk models`)."""

from __future__ import annotations

import json
import shutil
import stat
from pathlib import Path

import pytest

from letadesk.cli import main
from letadesk.errors import ModelError
from letadesk.files import sha256_of
from letadesk.generate.allowlist import EMBEDDED_SHA256, ModelAllowList, check_allowed
from letadesk.generate.llama_generator import LlamaGenerator, embedded_model_path


def test_the_pin_is_the_shipped_file() -> None:
    assert sha256_of(embedded_model_path()) == EMBEDDED_SHA256


def test_only_the_bundled_file_as_shipped_or_a_confirmed_one_passes(tmp_path: Path) -> None:
    model = tmp_path / "firm.gguf"
    model.write_bytes(b"GGUF" + b"\1" * 64)
    digest = sha256_of(model)
    allowed = ModelAllowList(tmp_path / "allowed_models.json")
    check_allowed(model, EMBEDDED_SHA256, embedded=True, allow_list=None)
    with pytest.raises(ModelError, match="bundled model has been altered"):
        check_allowed(model, digest, embedded=True, allow_list=allowed)
    with pytest.raises(ModelError, match=f"sha256 {digest}.*letadesk models allow"):
        check_allowed(model, digest, embedded=False, allow_list=allowed)
    with pytest.raises(ModelError, match="not been confirmed"):
        check_allowed(model, digest, embedded=False, allow_list=None)
    entry = allowed.allow(model, digest)
    assert entry.file == str(model.resolve()) and entry.size == 68
    check_allowed(model, digest, embedded=False, allow_list=allowed)
    assert stat.S_IMODE(allowed.path.stat().st_mode) == 0o600
    model.write_bytes(b"GGUF" + b"\2" * 64)  # the confirmed file changed: refused again
    with pytest.raises(ModelError, match="not been confirmed"):
        check_allowed(model, sha256_of(model), embedded=False, allow_list=allowed)


@pytest.mark.model
def test_a_copy_of_a_model_loads_only_after_it_is_confirmed(tmp_path: Path) -> None:
    copy = tmp_path / "copy.gguf"
    shutil.copyfile(embedded_model_path(), copy)
    allowed = ModelAllowList(tmp_path / "allowed_models.json")
    with pytest.raises(ModelError, match="has not been confirmed"):
        LlamaGenerator(copy, threads=1, allow_list=allowed)
    allowed.allow(copy, sha256_of(copy))
    generator = LlamaGenerator(copy, threads=1, allow_list=allowed)
    assert generator.model_id == f"copy.gguf@sha256:{EMBEDDED_SHA256}"


def test_the_models_verb_asks_for_yes_then_records(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    profile = tmp_path / "profile"
    model = tmp_path / "firm.gguf"
    model.write_bytes(b"GGUF" + b"\3" * 64)
    digest = sha256_of(model)
    assert main(["--data-dir", str(profile), "models", "allow", str(model)]) == 2
    err = capsys.readouterr().err
    assert digest in err and "--yes" in err
    assert not (profile / "allowed_models.json").exists()
    assert main(["--data-dir", str(profile), "models", "allow", str(model), "--yes"]) == 0
    capsys.readouterr()
    assert main(["--data-dir", str(profile), "models", "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert listed["bundled"]["sha256"] == EMBEDDED_SHA256
    assert [m["sha256"] for m in listed["confirmed"]] == [digest]
    not_a_model = tmp_path / "notes.txt"
    not_a_model.write_text("hello")
    assert main(["--data-dir", str(profile), "models", "allow", str(not_a_model), "--yes"]) != 0
    assert "not a GGUF" in capsys.readouterr().err
