"""Reciprocal rank fusion of ranked lists (Cormack et al., 2009)."""

from __future__ import annotations

from collections.abc import Sequence

RRF_K = 60


def reciprocal_rank_fusion(
    rankings: Sequence[Sequence[tuple[int, float]]], *, k: int = RRF_K, limit: int = 20
) -> list[tuple[int, float]]:
    """Fuse ranked ``(id, score)`` lists: each id scores sum(1 / (k + rank)) with rank
    starting at 1. Ties keep the order of first appearance. Returns the top ``limit``."""
    fused: dict[int, float] = {}
    for ranking in rankings:
        for rank, (item, _score) in enumerate(ranking, start=1):
            fused[item] = fused.get(item, 0.0) + 1.0 / (k + rank)
    ordered = sorted(fused.items(), key=lambda kv: kv[1], reverse=True)
    return ordered[:limit]
