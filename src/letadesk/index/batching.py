"""Encoding texts in batches of similar length: shared by the embedder adapters
(``st_embedder``, ``e5_embedder``), which the factory in ``embedder`` imports."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np


def embed_by_length(
    texts: Sequence[str],
    *,
    dim: int,
    batch_size: int,
    encode: Callable[[list[str]], np.ndarray],
    progress: Callable[[int, int], None] | None = None,
) -> np.ndarray:
    """``(len(texts), dim)`` vectors in input order, encoding batches of similar length
    (longest first) so that padding is minimal; ``progress(done, total)`` after each."""
    total = len(texts)
    out = np.zeros((total, dim), dtype=np.float32)
    order = sorted(range(total), key=lambda i: len(texts[i]), reverse=True)
    step = max(1, batch_size)
    for start in range(0, total, step):
        idx = order[start : start + step]
        out[idx] = np.asarray(encode([texts[i] for i in idx]), dtype=np.float32).reshape(
            len(idx), dim
        )
        if progress is not None:
            progress(min(start + step, total), total)
    return out
