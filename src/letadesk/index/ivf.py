"""The inverted-file (IVF) arithmetic of the dense index, in numpy alone (no SQL).

A matter's vectors are split into *cells* by spherical k-means (cosine): each vector
lives in the cell of its nearest centroid, and a query scans only the ``nprobe`` cells
whose centroids are nearest to it. :mod:`letadesk.index.vector_index` stores the
centroids and the cell of every vector; this module chooses how many cells, trains the
centroids, assigns vectors and picks the cells to probe.

Choices (measured on 2 busy cores; see docs/measurements/retrieval.md, "How it grows"):

* ``cell_count(n)``: cells of about :data:`CELL_SIZE` (500) vectors, 2,000 cells at 1M.
  At a fixed share of the matter scanned, finer cells find more of the true nearest
  neighbours (e5 vectors, real questions, 1/16 of the cells: recall@10 0.84 with 400
  cells, 0.92 with 800), and sqlite-vec scans cells of 250 vectors as fast per vector
  as cells of 1,000 (chunks of 256), but cells of 62 three times slower.
* ``probe_count(cells)``: 1/16 of the cells, at least 32 (all of them below 32): at
  1M, 125 cells, about 62,500 vectors (6%). recall@10 against the exact search: 0.97
  to 1.0 for held-out e5 passages as queries, 0.92 to 0.94 for real questions (e5
  "query:" vectors lie apart from the passages' cone) over 6,230 real passages; above
  0.95 on the clustered vectors of tests/index. 1/8 of the cells gives 0.97 on the
  questions, for twice the scan.
"""

from __future__ import annotations

import math

import numpy as np

CELL_SIZE = 500  # vectors per cell, on average
SAMPLE = 50_000  # k-means is trained on at most this many vectors (a fixed-seed sample)
ITERATIONS = 12
SEED = 0
MIN_PROBE = 32
PROBE_FRACTION = 16  # probe 1 cell in 16
WIDEN = 4  # a probe that finds fewer than k admissible rows looks at up to 4x the cells
_BLOCK = 8192  # rows per matrix product, to bound memory (8192 x 2000 floats = 64 MB)


def cell_count(n: int) -> int:
    """Cells for a matter of ``n`` vectors (1 for an empty one)."""
    return max(1, math.ceil(n / CELL_SIZE))


def probe_count(cells: int) -> int:
    """Cells a query scans when the matter has ``cells`` cells."""
    return min(cells, max(MIN_PROBE, math.ceil(cells / PROBE_FRACTION)))


def normalised(vectors: np.ndarray) -> np.ndarray:
    m = np.asarray(vectors, dtype=np.float32)
    norms = np.linalg.norm(m, axis=-1, keepdims=True)
    return np.asarray(m / np.where(norms > 0, norms, 1.0), dtype=np.float32)


def assign(vectors: np.ndarray, centroids: np.ndarray) -> np.ndarray:
    """The cell (row of ``centroids``) nearest by cosine to each row of ``vectors``."""
    m = normalised(np.atleast_2d(vectors))
    out = np.empty(len(m), dtype=np.int64)
    for start in range(0, len(m), _BLOCK):
        out[start : start + _BLOCK] = np.argmax(m[start : start + _BLOCK] @ centroids.T, axis=1)
    return out


def nearest_cells(query: np.ndarray, centroids: np.ndarray, nprobe: int) -> list[int]:
    """The ``nprobe`` cells whose centroids are nearest to ``query``, nearest first."""
    sims = centroids @ normalised(query.reshape(-1))
    if nprobe >= len(sims):
        return [int(c) for c in np.argsort(-sims)]
    top = np.argpartition(-sims, nprobe - 1)[:nprobe]
    return [int(c) for c in top[np.argsort(-sims[top])]]


def probes(query: np.ndarray, centroids: np.ndarray) -> tuple[list[int], list[int]]:
    """The cells to scan first, and those to scan after them when the first hold fewer
    than k admissible vectors (a narrow filter), nearest first."""
    nprobe = probe_count(len(centroids))
    order = nearest_cells(query, centroids, WIDEN * nprobe)
    return order[:nprobe], order[nprobe:]


def best(hits: list[tuple[int, float]], k: int) -> list[tuple[int, float]]:
    """The ``k`` best ``(id, similarity)`` pairs of ``hits`` (several cells' KNN)."""
    if len(hits) <= k:
        return sorted(hits, key=lambda h: (-h[1], h[0]))
    ids = np.fromiter((h[0] for h in hits), dtype=np.int64, count=len(hits))
    sims = np.fromiter((h[1] for h in hits), dtype=np.float64, count=len(hits))
    order = np.lexsort((ids, -sims))[:k]  # a thousand-fold sort of 6,000 hits at 1M
    return [hits[int(i)] for i in order]


def sample(ids: list[int]) -> list[int]:
    """A fixed-seed sample of at most :data:`SAMPLE` of ``ids`` (to train on), sorted."""
    if len(ids) <= SAMPLE:
        return sorted(ids)
    picked = np.random.default_rng(SEED).choice(len(ids), SAMPLE, replace=False)
    return sorted(ids[int(i)] for i in picked)


def train(vectors: np.ndarray, cells: int, *, seed: int = SEED) -> np.ndarray:
    """Spherical k-means: ``cells`` unit centroids ``(cells, dim)`` for ``vectors``
    (normalise, assign by the largest dot product, average, renormalise), trained on at
    most :data:`SAMPLE` of them; an emptied cell is reseeded with the vector worst served
    by its centroid."""
    rng = np.random.default_rng(seed)
    data = normalised(vectors)
    if len(data) > SAMPLE:
        data = data[np.sort(rng.choice(len(data), SAMPLE, replace=False))]
    cells = max(1, min(cells, len(data)))
    centroids = data[rng.choice(len(data), cells, replace=False)].copy()
    for _ in range(ITERATIONS):
        labels, best = _labels(data, centroids)
        counts = np.bincount(labels, minlength=cells)
        starts = np.concatenate(([0], np.cumsum(counts)[:-1]))
        sums = np.zeros_like(centroids)
        filled = counts > 0
        sums[filled] = np.add.reduceat(data[np.argsort(labels)], starts[filled], axis=0)
        empty = np.flatnonzero(~filled)
        if len(empty):  # reseed with the worst-served vectors
            sums[empty] = data[np.argsort(best)[: len(empty)]]
        centroids = normalised(sums)
    return centroids


def _labels(data: np.ndarray, centroids: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    labels = np.empty(len(data), dtype=np.int64)
    best = np.empty(len(data), dtype=np.float32)
    for start in range(0, len(data), _BLOCK):
        sims = data[start : start + _BLOCK] @ centroids.T
        labels[start : start + _BLOCK] = np.argmax(sims, axis=1)
        best[start : start + _BLOCK] = np.max(sims, axis=1)
    return labels, best
