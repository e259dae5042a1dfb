"""The inverted-file (IVF) arithmetic of the dense index, in numpy alone (no SQL).

A matter's vectors are split into *cells* by spherical k-means (cosine): each vector
lives in the cell of its nearest centroid, and a query scans only the ``nprobe`` cells
whose centroids are nearest to it. :mod:`letadesk.index.vector_index` stores the
centroids and the cell of every vector; this module chooses how many cells, trains the
centroids, assigns vectors and picks the cells to probe.

Choices (measured; see README "How it grows"):

* ``cell_count(n)`` is about ``sqrt(n)``: 1,000 cells of 1,000 vectors at 1M. A cell
  costs a scan of its vectors plus a fixed per-cell overhead in sqlite-vec (about 1 ms
  for a cell of 1,000 384-d vectors on this CPU), so far smaller cells cost more per
  vector, and far larger ones more per query.
* ``probe_count(cells)`` is 1/16 of the cells, at least 16 (all of them below 16): on
  e5 vectors of real contracts and Romanian law it keeps recall@10 against the exact
  search above 0.95, and on the clustered vectors of the tests above 0.99; at 1M it
  scans 63 cells, about 63,000 vectors.
"""

from __future__ import annotations

import math

import numpy as np

SAMPLE = 50_000  # k-means is trained on at most this many vectors (a fixed-seed sample)
ITERATIONS = 12
SEED = 0
MIN_PROBE = 32
PROBE_FRACTION = 16  # probe 1 cell in 16
WIDEN = 4  # a probe that finds fewer than k admissible rows looks at up to 4x the cells
_BLOCK = 8192  # rows per matrix product, to bound memory (8192 x 1000 floats = 32 MB)


def cell_count(n: int) -> int:
    """Cells for a matter of ``n`` vectors (1 for an empty one)."""
    return max(1, round(math.sqrt(n)))


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
    return sorted(hits, key=lambda h: (-h[1], h[0]))[:k]


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
