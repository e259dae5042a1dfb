"""Fusing the lexical (BM25) and dense rankings: weighted reciprocal rank fusion.

Reciprocal rank fusion (Cormack et al., 2009) scores an item ``sum(w / (k + rank))``
over the lists it appears in. Plain RRF gives both lists the same weight, and that
was measured to lose to the better single retriever where one of them is clearly
weaker: BM25 on Romanian (dense leads by ~14 points of recall@8), dense on English
NDA hypotheses. The weights below are per *kind of query*:

* its language (:func:`letadesk.text.detect_language`);
* its form (:func:`letadesk.text.is_question`): a statement to check ("Receiving Party
  shall not disclose …") borrows the drafting language of the clause it tests, so exact
  wording is stronger evidence than for a question, which paraphrases;
* its scope: inside one document the dense list is a fair judge of which clause
  answers, while across a matter of similar documents the same clause embeds alike in
  each of them and the exact wording tells them apart.

They were chosen on the *dev* split of the retrieval benchmark only
(``benchmarks/tune_fusion.py``, result in ``benchmarks/results/fusion_tuning.txt``);
``bench_retrieval.py`` reports the held-out *eval* split.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from letadesk.text import detect_language, is_question

Ranking = Sequence[tuple[int, float]]  # (id, score), best first


@dataclass(frozen=True, slots=True)
class FusionParams:
    """Weights of the lexical and the dense list, and the RRF rank constant."""

    lexical: float = 1.0
    dense: float = 1.0
    k: int = 60


PLAIN = FusionParams()
# (language: "en" | "ro" | "", form: "question" | "statement", scope: "matter" | "document")
QueryKind = tuple[str, str, str]
# Chosen by benchmarks/tune_fusion.py on the dev split (see the module docstring). A kind
# without dev queries takes the nearest one of its language (:func:`params_for`); a
# query of unclear language gets plain RRF.
BY_KIND: dict[QueryKind, FusionParams] = {
    ("en", "question", "matter"): FusionParams(lexical=0.85, dense=1.0, k=10),
    ("en", "question", "document"): FusionParams(lexical=1.2, dense=1.0, k=20),
    ("en", "statement", "matter"): FusionParams(lexical=5.0, dense=1.0, k=30),
    ("en", "statement", "document"): FusionParams(lexical=1.2, dense=1.0, k=100),
    ("ro", "question", "matter"): FusionParams(lexical=0.7, dense=1.0, k=5),
}


def reciprocal_rank_fusion(
    rankings: Sequence[Ranking],
    *,
    weights: Sequence[float] | None = None,
    k: int = PLAIN.k,
    limit: int = 20,
) -> list[tuple[int, float]]:
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


def query_kind(query: str, *, scoped: bool = False) -> QueryKind:
    """The language, form and scope of a query (``scoped``: limited to documents)."""
    form = "question" if is_question(query) else "statement"
    return detect_language(query, min_stopwords=1), form, "document" if scoped else "matter"


def params_for(query: str, *, scoped: bool = False) -> FusionParams:
    """The fusion parameters for a query, by its kind (:data:`BY_KIND`); a kind with no
    entry takes its language's question weights for the same scope, then those for the
    whole matter (a Romanian statement searched in one document: Romanian questions)."""
    language, form, scope = query_kind(query, scoped=scoped)
    for kind in (
        (language, form, scope),
        (language, "question", scope),
        (language, form, "matter"),
        (language, "question", "matter"),
    ):
        if kind in BY_KIND:
            return BY_KIND[kind]
    return PLAIN


def hybrid_fusion(
    query: str,
    lexical: Ranking,
    dense: Ranking,
    *,
    limit: int = 20,
    scoped: bool = False,
    params: FusionParams | None = None,
) -> list[tuple[int, float]]:
    """The hybrid ranking of ``query`` (``scoped``: searched inside given documents):
    its lexical and dense candidates fused with the parameters for its kind (or
    ``params`` when given)."""
    p = params or params_for(query, scoped=scoped)
    return reciprocal_rank_fusion(
        [lexical, dense], weights=(p.lexical, p.dense), k=p.k, limit=limit
    )


def describe_fusion() -> str:
    """One line for benchmark reports: the parameters in force."""
    parts = [
        f"{lang} {form} in a {scope}: lexical {p.lexical:g} / dense {p.dense:g}, k={p.k}"
        for (lang, form, scope), p in sorted(BY_KIND.items())
    ]
    return f"weighted RRF ({'; '.join(parts)}; otherwise plain RRF k={PLAIN.k})"
