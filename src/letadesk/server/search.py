"""Search on the firm server: PostgreSQL full-text (``romanian`` and ``english``) and
pgvector (HNSW), behind :class:`~letadesk.ports.IndexSearch`, so that the retrieval
cascade (reference, hybrid with RRF fusion, keyword fallback) runs unchanged.

As in the embedded tantivy index, text is folded (:func:`letadesk.text.fold_lower`)
*before* stemming, at push time and in the query alike, and each fragment is stemmed
twice: Romanian (weight A), English (B); its title and locator are weight C. Queries are
built from the query's own word tokens as quoted lexemes, never parsed as tsquery syntax,
so no user text can raise. Every filter is a condition of the same query as the ranking.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np
import psycopg

from letadesk.domain import Passage, SearchFilters
from letadesk.errors import ConfigError
from letadesk.families import with_family_forms
from letadesk.index.embedder import PartCosines, passage_text
from letadesk.server import stats
from letadesk.server.corpus import FILTER_ARGS, filter_args
from letadesk.text import fold_lower

if TYPE_CHECKING:
    from letadesk.index.embedder import Embedder

_WORD = re.compile(r"[^\W_]+")
_MAX_TERMS = 64  # as the tantivy query


def tsquery_text(query: str, *, own_text_only: bool = False) -> str:
    """An OR of ``query``'s word tokens as quoted lexemes (``'a' | 'b'``); "" when it has
    none. ``own_text_only`` limits them to the fragment's text (weights A and B)."""
    terms = list(dict.fromkeys(_WORD.findall(fold_lower(query))))[:_MAX_TERMS]
    suffix = ":AB" if own_text_only else ""
    return " | ".join(f"'{t}'{suffix}" for t in terms)


TSVECTOR_SQL = (
    "setweight(to_tsvector('romanian', %(folded)s), 'A') || "
    "setweight(to_tsvector('english', %(folded)s), 'B') || "
    "setweight(to_tsvector('romanian', %(head)s), 'C')"
)
_TSQUERY = "(to_tsquery('romanian', %(q)s) || to_tsquery('english', %(q)s))"
# the planned terms (letadesk.server.stats), already stemmed: matched, and ranked by
_MATCH = "to_tsquery('simple', %(match)s)"
_RANK = "to_tsquery('simple', %(rank)s)"


def vector_literal(vector: np.ndarray) -> str:
    """pgvector's text form of a vector: ``[0.1,-0.2,…]``."""
    return "[" + ",".join(f"{x:.8g}" for x in np.asarray(vector, dtype=np.float32).ravel()) + "]"


def embedder_identity(
    conn: psycopg.Connection[Any], *, owner: bool = False
) -> tuple[str, int] | None:
    """``(name, dim)`` of the embedder the server's vectors were made with; None when it
    holds none yet (the first push with vectors sets it). ``owner``: read as the tables'
    owner (a push or pull), not through the lawyers' function."""
    source = "embedder WHERE id = 1" if owner else "embedder_identity()"
    row = conn.execute(f"SELECT name, dim FROM {source}").fetchone()
    return None if row is None else (str(row[0]), int(row[1]))


def check_embedder(identity: tuple[str, int], name: str, dim: int, whose: str) -> None:
    """A ConfigError when ``whose`` vectors (``name``, ``dim``) are not the server's."""
    if identity != (name, dim):
        raise ConfigError(
            f"the firm server's vectors were made with {identity[0]} ({identity[1]} dims); "
            f"{whose} {name} ({dim} dims): use one embedder on both sides"
        )


class ServerIndexes:
    """:class:`~letadesk.ports.IndexSearch` over the server's ``fragments`` table. The
    query is embedded with ``embedder``, which must be the one the server's vectors were
    made with (:func:`check_embedder`); None when the server holds no vectors (no dense
    search then)."""

    def __init__(self, conn: psycopg.Connection[Any], embedder: Embedder | None) -> None:
        self._conn = conn
        self._embedder = embedder
        self._last_query: tuple[str, np.ndarray] | None = None
        self._parts = PartCosines()

    # ---- IndexSearch ----------------------------------------------------------------

    def count_lexical(self, filters: SearchFilters, text: str | None = None) -> int:
        if text is None:
            row = self._conn.execute(
                f"SELECT n FROM count_fragments({FILTER_ARGS})", filter_args(filters)
            ).fetchone()
            return int(row[0]) if row else 0
        q = tsquery_text(with_family_forms(text), own_text_only=True)
        if not q:
            return 0
        rows = self._search_text(filters, _TSQUERY, _TSQUERY, {"q": q}, None)
        return int(rows[0][1]) if rows else 0

    def search_lexical(self, query: str, filters: SearchFilters, k: int) -> list[tuple[int, float]]:
        """The ``k`` best fragments by ``ts_rank``, ranked by the question's terms that are
        not common in the matter (:mod:`letadesk.server.stats`: ``ts_rank`` has no inverse
        document frequency). Over a matter, the fragments holding its rarer terms are
        ranked, at most :data:`~letadesk.server.stats.RANKED_MAX` of them; within one
        document, every match."""
        query = with_family_forms(query)  # as the tantivy index searches it
        q = tsquery_text(query)
        if not q or k <= 0:
            return []
        planned = stats.plan(self._conn, int(filters.matter_id), fold_lower(query))
        if planned is None:
            rows = self._search_text(filters, _TSQUERY, _TSQUERY, {"q": q}, k)
        elif filters.document_id is not None:  # a document's fragments are few: all match
            terms = {"q": q, "rank": planned.ranking}
            rows = self._search_text(filters, _TSQUERY, _RANK, terms, k)
        else:
            terms = {"match": planned.candidates, "rank": planned.ranking}
            rows = self._search_text(filters, _MATCH, _RANK, terms, k, cap=stats.RANKED_MAX)
            if len(rows) < k and planned.fallback:
                terms["match"] = planned.fallback
                rows = self._search_text(filters, _MATCH, _RANK, terms, k, cap=stats.RANKED_MAX)
        return [(int(r[0]), float(r[1])) for r in rows]

    def _search_text(
        self,
        filters: SearchFilters,
        match: str,
        rank: str,
        terms: dict[str, str],
        k: int | None,
        *,
        cap: int | None = None,
    ) -> list[tuple[Any, ...]]:
        """``search_text`` (:mod:`letadesk.server.migrations`): the membership checked once by
        the database, then the full-text query with its index; ``k`` None counts; at most
        ``cap`` of the matches ranked (None: all)."""
        params = filter_args(filters) | {"k": k, "cap": cap} | terms
        return self._conn.execute(
            f"SELECT fragment_id, score FROM search_text(%(m)s, %(d)s::bigint, %(j)s::text, "
            f"%(f)s::text, %(a)s::date, {match}, {rank}, %(k)s::integer, "
            "%(cap)s::integer)",
            params,
        ).fetchall()

    def search_dense(self, query: str, filters: SearchFilters, k: int) -> list[tuple[int, float]]:
        if self._embedder is None or k <= 0:
            return []
        return self.knn(self._query_vector(query, self._embedder), filters, k)

    def _query_vector(self, query: str, embedder: Embedder) -> np.ndarray:
        """The query embedded, once for the search and Gate 2 (the last one kept)."""
        last = self._last_query
        if last is not None and last[0] == query:
            return last[1]
        vector = embedder.embed_query(query)
        self._last_query = (query, vector)
        return vector

    def search_both(
        self, query: str, filters: SearchFilters, k: int, *, dense: bool = True
    ) -> tuple[list[tuple[int, float]], list[tuple[int, float]]]:
        lexical = self.search_lexical(query, filters, k)
        return lexical, (self.search_dense(query, filters, k) if dense else [])

    def query_vector(self, query: str) -> tuple[str, np.ndarray] | None:
        if self._embedder is None:
            return None
        return self._embedder.name, self._query_vector(query, self._embedder)

    def similarity(self, query: str, passages: Sequence[Passage]) -> dict[int, float]:
        """The query's cosine to each passage, embedded here as the server's vectors were
        (their rows are read only through the walls' functions, which return no vectors)."""
        if self._embedder is None or not passages:
            return {}
        texts = [
            passage_text(p.document.title, p.fragment.locator, p.fragment.text) for p in passages
        ]
        made = self._embedder.embed_passages(texts)
        vector = self._query_vector(query, self._embedder)
        return {p.fragment.id: float(made[i] @ vector) for i, p in enumerate(passages)}

    def part_similarity(self, query: str, parts: Sequence[tuple[Passage, str]]) -> list[float]:
        """The query's cosine to each part of a passage, embedded as its fragment is;
        ``[]`` without an embedder."""
        if self._embedder is None or not parts:
            return []
        return self._parts(self._embedder, self._query_vector(query, self._embedder), parts)

    # ---- the KNN ----------------------------------------------------------------------

    def knn(self, vector: np.ndarray, filters: SearchFilters, k: int) -> list[tuple[int, float]]:
        """The ``k`` nearest admissible fragments by cosine similarity, best first: the
        HNSW index with pgvector's iterative scan (the filters inside it); when that finds
        fewer than ``k`` (a narrow filter in a large index), an exact scan."""
        hits = self._knn(vector, filters, k, exact=False)
        if len(hits) < k:
            hits = self._knn(vector, filters, k, exact=True)
        return hits

    def _knn(
        self, vector: np.ndarray, filters: SearchFilters, k: int, *, exact: bool
    ) -> list[tuple[int, float]]:
        """``search_dense`` (:mod:`letadesk.server.walls`): the membership checked by the
        database, then the KNN (HNSW with pgvector's iterative scan, or ``exact``)."""
        params = filter_args(filters) | {"v": vector_literal(vector), "k": k, "exact": exact}
        with self._conn.transaction():
            rows = self._conn.execute(
                f"SELECT fragment_id, score FROM search_dense({FILTER_ARGS}, %(v)s::text, "
                "%(k)s::integer, %(exact)s::boolean)",
                params,
            ).fetchall()
        hits = [(int(r[0]), float(r[1])) for r in rows]
        return sorted(hits, key=lambda h: (-h[1], h[0]))  # relaxed order: sort them back
