"""Fusing the lexical (BM25) and dense rankings: weighted reciprocal rank fusion.

Reciprocal rank fusion (Cormack et al., 2009) scores an item ``sum(w / (k + rank))``
over the lists it appears in. Plain RRF gives both lists the same weight, and that
was measured to lose to the better single retriever where one of them is clearly
weaker: BM25 on Romanian (dense leads by ~14 points of recall@8), dense on English
NDAs. The weights below are per query language (:func:`letadesk.text.detect_language`)
and were chosen on the *dev* split of the retrieval benchmark only
(``benchmarks/tune_fusion.py``, result in ``benchmarks/results/fusion_tuning.txt``);
``bench_retrieval.py`` reports the held-out *eval* split.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from letadesk.text import detect_language

Ranking = Sequence[tuple[int, float]]  # (id, score), best first


@dataclass(frozen=True, slots=True)
class FusionParams:
    """Weights of the lexical and the dense list, and the RRF rank constant."""

    lexical: float = 1.0
    dense: float = 1.0
    k: int = 60


PLAIN = FusionParams()
# Chosen by benchmarks/tune_fusion.py on the dev split (see the module docstring):
# English leans on BM25 (contract wording is repeated verbatim in questions), Romanian
# on the dense list with a sharp rank constant (questions paraphrase the article).
BY_LANGUAGE: dict[str, FusionParams] = {
    "en": FusionParams(lexical=1.5, dense=1.0, k=100),
    "ro": FusionParams(lexical=0.7, dense=1.0, k=5),
}


def reciprocal_rank_fusion(rankings: Sequence[Ranking], *, weights: Sequence[float] | None = None,
                           k: int = PLAIN.k, limit: int = 20) -> list[tuple[int, float]]:
    """Fuse ranked ``(id, score)`` lists: each id scores ``sum(w / (k + rank))`` with rank
    starting at 1 and ``w`` the list's weight (1 when ``weights`` is None). Ties keep
    the order of first appearance. Returns the top ``limit``."""
    ws = [1.0] * len(rankings) if weights is None else list(weights)
    if len(ws) != len(rankings):
        raise ValueError(f"{len(rankings)} rankings but {len(ws)} weights")
    fused: dict[int, float] = {}
    for weight, ranking in zip(ws, rankings, strict=True):
        for rank, (item, _score) in enumerate(ranking, start=1):
            fused[item] = fused.get(item, 0.0) + weight / (k + rank)
    ordered = sorted(fused.items(), key=lambda kv: kv[1], reverse=True)
    return ordered[:limit]


def params_for(query: str) -> FusionParams:
    """The fusion parameters for a query, by its language (plain RRF when unclear)."""
    return BY_LANGUAGE.get(detect_language(query, min_stopwords=1), PLAIN)


def hybrid_fusion(query: str, lexical: Ranking, dense: Ranking, *, limit: int = 20,
                  params: FusionParams | None = None) -> list[tuple[int, float]]:
    """The hybrid ranking of ``query``: its lexical and dense candidates fused with the
    parameters for its language (or ``params`` when given)."""
    p = params or params_for(query)
    return reciprocal_rank_fusion([lexical, dense], weights=(p.lexical, p.dense), k=p.k,
                                  limit=limit)


def describe_fusion() -> str:
    """One line for benchmark reports: the parameters in force."""
    parts = [f"{lang}: lexical {p.lexical:g} / dense {p.dense:g}, k={p.k}"
             for lang, p in sorted(BY_LANGUAGE.items())]
    return f"weighted RRF ({'; '.join(parts)}; otherwise plain RRF k={PLAIN.k})"
