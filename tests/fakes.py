"""A deterministic hash-vector embedder: the fast tier's stand-in for the real models.

Tests that are not marked ``model`` get it instead of the configured embedder (see
``conftest.py``): their subject is the store, the ingest, the indexes' bookkeeping or the
CLI, not the quality of dense retrieval. It keeps the :class:`letadesk.index.embedder.
Embedder` contract exactly (float32, L2-normalised, ``(n, dim)`` rows in input order,
``progress`` after each batch), so sqlite-vec stores and searches its vectors like any
other; texts that share words get similar vectors.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Sequence

import numpy as np

_WORD = re.compile(r"\w+", re.UNICODE)


class HashEmbedder:
    """Each lower-cased word adds +1 or -1 (by its hash) to one of ``dim`` buckets. The
    name carries the embedder setting it stands in for: changing the setting changes the
    name, and the vector index re-embeds, as with real models."""

    dim = 64

    def __init__(self, setting: str = "auto") -> None:
        self.name = f"tests.fakes.HashEmbedder@1[{setting}]"

    def embed_passages(
        self,
        texts: Sequence[str],
        *,
        batch_size: int = 64,
        progress: Callable[[int, int], None] | None = None,
    ) -> np.ndarray:
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        step = max(1, batch_size)
        for start in range(0, len(texts), step):
            for row, text in enumerate(texts[start : start + step], start):
                out[row] = self._vector(text)
            if progress is not None:
                progress(min(start + step, len(texts)), len(texts))
        return out

    def embed_query(self, text: str) -> np.ndarray:
        return self._vector(text)

    def _vector(self, text: str) -> np.ndarray:
        vec = np.zeros(self.dim, dtype=np.float32)
        for word in _WORD.findall(text.lower()):
            digest = int.from_bytes(
                hashlib.blake2b(word.encode(), digest_size=8).digest(), "little"
            )
            vec[digest % self.dim] += 1.0 if digest >> 63 else -1.0
        norm = float(np.linalg.norm(vec))
        if norm == 0.0:  # no words (or they cancel out): still a unit vector
            vec[0], norm = 1.0, 1.0
        return vec / norm


def hash_embedder(
    name: str = "auto", *, threads: int = 0, match: str | None = None
) -> HashEmbedder:
    """Stands in for :func:`letadesk.index.embedder.make_embedder` (same signature)."""
    return HashEmbedder(name)
