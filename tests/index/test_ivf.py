"""The IVF arithmetic (numpy only): cell counts, probes, k-means, sampling."""

from __future__ import annotations

import numpy as np
import pytest

from letadesk.index import ivf


def test_cell_and_probe_counts() -> None:
    assert ivf.cell_count(0) == 1 and ivf.cell_count(50_000) == 100
    assert ivf.cell_count(1_000_000) == 2000
    assert ivf.probe_count(10) == 10  # fewer cells than the floor: all of them
    assert ivf.probe_count(100) == 32 and ivf.probe_count(2000) == 125


def test_probes_are_nearest_first_and_widen() -> None:
    centroids = ivf.normalised(np.eye(200, 8, dtype=np.float32) + 0.01)
    first, further = ivf.probes(centroids[3], centroids)
    assert first[0] == 3 and len(first) == 32 and len(first) + len(further) == 128
    assert not set(first) & set(further)


def test_sample_is_fixed_and_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ivf, "SAMPLE", 10)
    ids = list(range(100, 200))
    picked = ivf.sample(ids)
    assert picked == ivf.sample(ids) and len(picked) == 10 and picked == sorted(picked)
    assert ivf.sample(ids[:5]) == ids[:5]


def test_train_finds_separated_clusters_and_refills_empty_cells() -> None:
    rng = np.random.default_rng(0)
    centres = ivf.normalised(rng.standard_normal((5, 16)).astype(np.float32))
    data = np.repeat(centres, 40, axis=0) + 0.01 * rng.standard_normal((200, 16))
    centroids = ivf.train(data.astype(np.float32), 5)
    assert np.allclose(np.linalg.norm(centroids, axis=1), 1, atol=1e-5)
    labels = ivf.assign(data, centroids)
    assert sorted(np.bincount(labels, minlength=5).tolist()) == [40] * 5
    # more cells than distinct points: none is left empty (all are reseeded)
    few = ivf.train(np.repeat(centres[:2], 10, axis=0), 4)
    assert few.shape == (4, 16) and np.isfinite(few).all()
