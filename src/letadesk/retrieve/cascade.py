"""The retrieval cascade: exact reference, then the documents the question names, then
hybrid (BM25 + dense, fused) over the matter, then keywords.

Every filter (matter always; document, jurisdiction, legal force, in force on a
date) is applied inside each retriever's own query, never to its results.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

import apsw

from letadesk.domain import (
    Document,
    DocumentId,
    Fragment,
    FragmentId,
    Passage,
    Scores,
    SearchFilters,
)
from letadesk.index.sync import IndexSet
from letadesk.retrieve.acts import act_matches
from letadesk.retrieve.fusion import hybrid_fusion
from letadesk.retrieve.named import named_documents, without_names
from letadesk.retrieve.references import Reference, locator_of, parse_references
from letadesk.store import corpus
from letadesk.text import fold_diacritics

CANDIDATES = 50  # per retriever, before fusion
_WORD = re.compile(r"\w{4,}")


@dataclass(frozen=True, slots=True)
class Retrieved:
    passages: list[Passage]
    references: list[Reference]  # the provisions the question named
    named: list[DocumentId] = field(default_factory=list)  # the documents it named


class Retriever:
    def __init__(self, conn: apsw.Connection, indexes: IndexSet) -> None:
        self._conn = conn
        self._indexes = indexes
        self._docs: dict[int, Document] = {}
        conn.create_scalar_function("fold", _fold_sql, 1, deterministic=True)

    def search(self, query: str, filters: SearchFilters, *, k: int = 20,
               dense: bool = True) -> Retrieved:
        """The cascade: exact references first, then hybrid within the documents the
        question names, then hybrid over the matter, then a keyword fallback."""
        parsed = parse_references(query)
        refs = [r for r in parsed if r.article]
        exact = self._by_reference(refs, filters)
        named = self._named(query, parsed, filters)
        within = self._within(named, query, parsed, filters, k=k, dense=dense)
        hybrid = self._hybrid(query, filters, k=k, dense=dense)
        passages = _merge(k, exact, within, hybrid)
        if not passages:
            passages = self._keywords(query, filters, k)
        return Retrieved(passages, refs, named)

    def fragment_count(self, filters: SearchFilters, text: str | None = None) -> int:
        """Fragments admissible under ``filters`` whose text holds a term of ``text``
        (as the lexical index analyses it), or all of them when ``text`` is None."""
        return self._indexes.lexical.count(filters, text)

    def _document(self, doc_id: int) -> Document:
        if doc_id not in self._docs:
            self._docs[doc_id] = corpus.document(self._conn, doc_id)
        return self._docs[doc_id]

    def _passages(self, fragments: Sequence[Fragment], scores: Sequence[Scores],
                  via: str) -> list[Passage]:
        return [Passage(f, self._document(f.document_id), s, via)
                for f, s in zip(fragments, scores, strict=True)]

    def _by_reference(self, refs: list[Reference], filters: SearchFilters) -> list[Passage]:
        found: dict[FragmentId, Fragment] = {}
        for ref in refs:
            for frag in corpus.fragments_by_locator(self._conn, filters, locator_of(ref)):
                if ref.act is None or act_matches(ref.act, self._document(frag.document_id)):
                    found.setdefault(frag.id, frag)
        frags = list(found.values())[:40]
        return self._passages(frags, [Scores(fused=1.0)] * len(frags), "reference")

    def _named(self, query: str, parsed: list[Reference],
               filters: SearchFilters) -> list[DocumentId]:
        """The documents the question names (by act or by parties / title), unless the
        search is already limited to one document."""
        if filters.document_id is not None:
            return []
        return named_documents(query, parsed,
                               lambda: corpus.documents_admissible(self._conn, filters),
                               lambda: corpus.openings(self._conn, filters))

    def _within(self, named: list[DocumentId], query: str, parsed: list[Reference],
                filters: SearchFilters, *, k: int, dense: bool) -> list[Passage]:
        """Hybrid search inside each named document, best fused scores first, for the
        question without the names that chose the documents."""
        if not named:
            return []
        stripped = without_names(query, parsed)
        found = [p for doc in named
                 for p in self._hybrid(stripped, replace(filters, document_id=doc), k=k,
                                       dense=dense, via="named")]
        return sorted(found, key=lambda p: p.scores.fused, reverse=True)[:k]

    def _hybrid(self, query: str, filters: SearchFilters, *, k: int,
                dense: bool, via: str = "hybrid") -> list[Passage]:
        lexical = self._indexes.search_lexical(query, filters, CANDIDATES)
        vector = self._indexes.search_dense(query, filters, CANDIDATES) if dense else []
        fused = hybrid_fusion(query, lexical, vector, limit=k,
                              scoped=filters.document_id is not None)
        bm25, cos = dict(lexical), dict(vector)
        frags = corpus.fragments_by_ids(self._conn, [fid for fid, _ in fused])
        kept = [(frags[FragmentId(fid)], score) for fid, score in fused if FragmentId(fid) in frags]
        scores = [Scores(bm25=bm25.get(f.id), dense=cos.get(f.id), fused=s) for f, s in kept]
        return self._passages([f for f, _ in kept], scores, via)

    def _keywords(self, query: str, filters: SearchFilters, k: int) -> list[Passage]:
        """Last resort: fragments containing the query's longer words, diacritics ignored."""
        words = sorted({fold_diacritics(w.lower()) for w in _WORD.findall(query)},
                       key=len, reverse=True)[:6]
        if not words:
            return []
        where, args = corpus.document_filter_sql(filters)
        hits = " + ".join(["(instr(fold(lower(f.text)), ?) > 0)"] * len(words))
        rows = self._conn.execute(
            f"SELECT f.id, {hits} AS n FROM fragments f JOIN documents d ON d.id = f.document_id "
            f"WHERE {where} AND n > 0 ORDER BY n DESC, f.id LIMIT ?", (*words, *args, k))
        ranked = [(int(r[0]), float(r[1])) for r in rows]
        frags = corpus.fragments_by_ids(self._conn, [i for i, _ in ranked])
        kept = [(frags[FragmentId(i)], n) for i, n in ranked if FragmentId(i) in frags]
        scores = [Scores(bm25=None, dense=None, fused=n / len(words)) for _, n in kept]
        return self._passages([f for f, _ in kept], scores, "keyword")


def _fold_sql(*values: object) -> str:
    return fold_diacritics(str(values[0] or ""))


def _merge(k: int, exact: list[Passage], *ranked: list[Passage]) -> list[Passage]:
    """``exact`` (all of it), then each ranked list in turn, without repeats; ``k`` in
    all unless the exact references alone are more."""
    seen: set[int] = set()
    merged: list[Passage] = []
    for p in [*exact, *(p for passages in ranked for p in passages)]:
        if p.fragment.id not in seen:
            seen.add(p.fragment.id)
            merged.append(p)
    return merged[: max(k, len(exact))]
