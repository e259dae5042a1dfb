"""The retrieval cascade: exact reference, then the articles whose marginal title the
question names (:mod:`letadesk.retrieve.titles`; when it names no provision), then the
documents the question names, then hybrid (BM25 + dense, fused) over the matter, then
keywords.

An exact reference without a fragment of its own (a litera stays inside its alineat's
fragment) finds the fragment of the nearest enclosing unit that holds it.

Every filter (matter always; document, jurisdiction, legal force, in force on a
date) is applied inside each retriever's own query, never to its results.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

import numpy as np

from letadesk.domain import (
    Document,
    DocumentId,
    Fragment,
    FragmentId,
    Passage,
    Scores,
    SearchFilters,
)
from letadesk.families import with_diacritics
from letadesk.ports import CorpusReader, IndexSearch
from letadesk.references import Reference, parse_references
from letadesk.retrieve.acronyms import acronyms, expanded, spelt_out
from letadesk.retrieve.acts import act_matches, is_statute
from letadesk.retrieve.crosslingual import Reading, read_across
from letadesk.retrieve.fusion import hybrid_fusion
from letadesk.retrieve.kinds import kind_words, named_by_kind
from letadesk.retrieve.named import named_documents, without_names
from letadesk.retrieve.opening import naming_words, opening_asked, states_asked
from letadesk.retrieve.provisions import provision_fragments
from letadesk.retrieve.titles import titled_fragments
from letadesk.text import fold_diacritics

CANDIDATES = 50  # per retriever, before fusion
SPELT_OUT_PASSAGES = 10  # whose documents are read for an acronym's name
MAX_OPENINGS = 5  # openings read for a question that asks what an opening states
OPENING_HITS = 3  # lexical hits read for the words of an opening that state it
_WORD = re.compile(r"\w{4,}")


@dataclass(frozen=True, slots=True)
class Retrieved:
    passages: list[Passage]
    references: list[Reference]  # the provisions the question named
    named: list[DocumentId] = field(default_factory=list)  # the documents it named
    # Whether the query's kind words name them ("the services contract": contracts,
    # memos; not acts of law): words that chose the documents, not what is asked of them.
    by_kind: bool = False
    # The query as searched: with its diacritics, and with the names of acronyms the
    # documents spell out (:mod:`letadesk.retrieve.acronyms`).
    searched: str = ""
    # The acronyms searched by the names the documents spell them out as (acronym: name).
    read_as: dict[str, str] = field(default_factory=dict)


class Retriever:
    def __init__(self, corpus: CorpusReader, indexes: IndexSearch) -> None:
        self._corpus = corpus
        self._indexes = indexes
        self._docs: dict[int, Document] = {}

    def search(
        self,
        query: str,
        filters: SearchFilters,
        *,
        k: int = 20,
        dense: bool = True,
        named: Sequence[DocumentId] | None = None,
    ) -> Retrieved:
        """The cascade (:meth:`_cascade`) for the query, a Romanian one written with its
        diacritics (:func:`~letadesk.families.with_diacritics`); when the query holds an
        acronym no admissible fragment holds and the documents found spell it out, the
        cascade again with the name after the acronym. ``named``: the documents named
        (None: those the query names)."""
        query = with_diacritics(query)
        found = self._cascade(query, filters, k=k, dense=dense, named=named)
        names = self._spelt_out(query, filters, found.passages)
        if not names:
            return replace(found, searched=query)
        searched = expanded(query, names)
        again = self._cascade(searched, filters, k=k, dense=dense, named=named)
        return replace(again, searched=searched, read_as=names)

    def reading(self, question: str, language: str, filters: SearchFilters) -> Reading:
        """``question`` (in ``language``) as searched and read: in the words of the
        documents asked when they are all of the other language
        (:func:`~letadesk.retrieve.crosslingual.read_across`). The documents asked: the
        admissible ones, or in a matter of both languages those the question names."""
        admissible = self._corpus.documents_admissible(filters)
        languages = {d.language for d in admissible}
        named = self.named(question, filters) if len(languages) > 1 else None
        if named:
            languages = {d.language for d in admissible if d.id in named}
        across = read_across(question, language, languages)
        if across is None:
            return Reading(question, "", tuple(named or ()) or None)
        named = self.named(question, filters) if named is None else named
        return Reading(*across, tuple(named) or None)

    def _spelt_out(
        self, query: str, filters: SearchFilters, passages: Sequence[Passage]
    ) -> dict[str, str]:
        """The names of the query's acronyms that no admissible fragment holds, as the
        documents of the first passages found spell them out."""
        unknown = [a for a in acronyms(query) if self._indexes.count_lexical(filters, a) == 0]
        if not unknown:
            return {}
        documents = list(dict.fromkeys(p.document.id for p in passages[:SPELT_OUT_PASSAGES]))
        texts = [self._corpus.text(d) for d in documents]
        names = {a: spelt_out(a, texts) for a in unknown}
        return {a: name for a, name in names.items() if name}

    def _cascade(
        self,
        query: str,
        filters: SearchFilters,
        *,
        k: int = 20,
        dense: bool = True,
        named: Sequence[DocumentId] | None = None,
    ) -> Retrieved:
        """Exact references first, then hybrid within the documents the question names,
        then hybrid over the matter (without the other contracts and memos when it names
        some: another contract's clause does not answer for the one asked; the law
        still may), then a keyword fallback."""
        parsed = parse_references(query)
        refs = [r for r in parsed if r.article]
        exact = self._by_reference(refs, filters)
        named = self._named(query, parsed, filters) if named is None else list(named)
        within = self._within(named, query, parsed, filters, k=k, dense=dense)
        titled = [] if exact else self._titled(query, filters)
        hybrid = self._hybrid(query, filters, k=k, dense=dense)
        if within:  # no other contract answers for the one named (by a marginal title neither)
            titled = [p for p in titled if p.document.id in named or is_statute(p.document)]
            hybrid = [p for p in hybrid if is_statute(p.document)]
        opening = [] if exact else self._openings(query, filters, named, hybrid)
        passages = _merge(k, exact, opening, titled, within, hybrid)
        if not passages:
            passages = self._keywords(query, filters, k)
        return Retrieved(passages, refs, named, self._by_kind(query, named))

    def _by_kind(self, query: str, named: Sequence[DocumentId]) -> bool:
        """Whether the kind words of ``query`` name each of the ``named`` documents."""
        docs = [self._document(d) for d in named]
        return bool(docs) and len(named_by_kind(kind_words(query), docs, len(docs))) == len(docs)

    def query_vector(self, query: str) -> tuple[str, np.ndarray] | None:
        """:meth:`IndexSearch.query_vector`: the embedder's name and the query's vector."""
        return self._indexes.query_vector(query)

    def similarity(self, query: str, passages: Sequence[Passage]) -> dict[int, float]:
        """The cosine of the embedded query to each passage's fragment, by fragment id
        (:meth:`IndexSearch.similarity`)."""
        return self._indexes.similarity(query, passages)

    def part_similarity(self, query: str, parts: Sequence[tuple[Passage, str]]) -> list[float]:
        """The cosine of the embedded query to each part (a sentence) of a passage
        (:meth:`IndexSearch.part_similarity`)."""
        return self._indexes.part_similarity(query, parts)

    def fragment_count(self, filters: SearchFilters, text: str | None = None) -> int:
        """Fragments admissible under ``filters`` whose text holds a term of ``text``
        (as the lexical index analyses it), or all of them when ``text`` is None."""
        return self._indexes.count_lexical(filters, text)

    def _document(self, doc_id: int) -> Document:
        if doc_id not in self._docs:
            self._docs[doc_id] = self._corpus.document(doc_id)
        return self._docs[doc_id]

    def _passages(
        self, fragments: Sequence[Fragment], scores: Sequence[Scores], via: str
    ) -> list[Passage]:
        return [
            Passage(f, self._document(f.document_id), s, via)
            for f, s in zip(fragments, scores, strict=True)
        ]

    def _by_reference(self, refs: list[Reference], filters: SearchFilters) -> list[Passage]:
        """The fragments of the provisions ``refs`` name (:meth:`_provision`), at most 40;
        a fragment that holds named litere inside its unit carries them (``letters``)."""
        found: dict[FragmentId, tuple[Fragment, tuple[str, ...]]] = {}
        for ref in refs:
            for frag, letter in self._provision(ref, filters):
                held = found.get(frag.id, (frag, ()))[1]
                if letter is not None and letter not in held:
                    held = (*held, letter)
                found[frag.id] = (frag, held)
        kept = list(found.values())[:40]
        return [
            Passage(f, self._document(f.document_id), Scores(fused=1.0), "reference", held)
            for f, held in kept
        ]

    def _provision(
        self, ref: Reference, filters: SearchFilters
    ) -> list[tuple[Fragment, str | None]]:
        """The fragments that hold ``ref`` in its act's documents
        (:func:`letadesk.retrieve.provisions.provision_fragments`)."""
        return provision_fragments(self._corpus, filters, ref, lambda f: self._of_act(ref, f))

    def _of_act(self, ref: Reference, frag: Fragment) -> bool:
        """Whether ``frag`` belongs to a document of the act ``ref`` names (any, if none)."""
        return ref.act is None or act_matches(ref.act, self._document(frag.document_id))

    def named(self, query: str, filters: SearchFilters) -> list[DocumentId]:
        """The documents ``query`` names, as the search reads it (:meth:`_named`)."""
        query = with_diacritics(query)
        return self._named(query, parse_references(query), filters)

    def _named(
        self, query: str, parsed: list[Reference], filters: SearchFilters
    ) -> list[DocumentId]:
        """The documents the question names (by act or by parties / title), unless the
        search is already limited to one document."""
        if filters.document_id is not None:
            return []
        return named_documents(
            query,
            parsed,
            lambda: self._corpus.documents_admissible(filters),
            lambda: self._corpus.openings(filters),
        )

    def _titled(self, query: str, filters: SearchFilters) -> list[Passage]:
        """The articles whose marginal title the question names (:mod:`.titles`)."""

        def lexical(words: str, k: int) -> list[int]:
            return [fid for fid, _ in self._indexes.search_both(words, filters, k, dense=False)[0]]

        def fragments(ids: Sequence[int]) -> list[Fragment]:
            found = self._corpus.fragments_by_ids(ids)
            return [found[FragmentId(i)] for i in ids if FragmentId(i) in found]

        titled = titled_fragments(query, lexical, fragments)
        return self._passages(titled, [Scores(fused=1.0)] * len(titled), "title")

    def _within(
        self,
        named: list[DocumentId],
        query: str,
        parsed: list[Reference],
        filters: SearchFilters,
        *,
        k: int,
        dense: bool,
    ) -> list[Passage]:
        """Hybrid search inside each named document, best fused scores first, for the
        question without the names that chose the documents."""
        if not named:
            return []
        stripped = without_names(query, parsed)
        found = [
            p
            for doc in named
            for p in self._hybrid(
                stripped, replace(filters, document_id=doc), k=k, dense=dense, via="named"
            )
        ]
        return sorted(found, key=lambda p: p.scores.fused, reverse=True)[:k]

    def _openings(
        self,
        query: str,
        filters: SearchFilters,
        named: Sequence[DocumentId],
        found: Sequence[Passage],
    ) -> list[Passage]:
        """For a question that asks what a contract's opening states (who the parties
        are, its date, when it takes effect: :mod:`.opening`), the fragments of each
        document's opening that state it: of the document searched, else of the
        documents the question names, else of the first :data:`MAX_OPENINGS` documents
        ``found``. The opening's words that state it are searched in its document; the
        fragments that state it are kept (a contract may introduce each party in an
        alineat of its own), in document order."""
        asked = opening_asked(query)
        if asked is None:
            return []
        documents: list[DocumentId]
        if filters.document_id is not None:
            documents = [filters.document_id]
        elif named:
            documents = list(named)
        else:
            documents = list(dict.fromkeys(p.fragment.document_id for p in found))[:MAX_OPENINGS]
        out: list[Passage] = []
        for document in documents:
            scope = replace(filters, document_id=document)
            opening = self._corpus.openings(scope).get(DocumentId(document), "")
            words = naming_words(asked, opening)
            if not words:
                continue
            hits = self._indexes.search_both(words, scope, OPENING_HITS, dense=False)[0]
            frags = self._corpus.fragments_by_ids([fid for fid, _ in hits])
            stating = sorted(
                (f for f in frags.values() if states_asked(asked, f, f.text)),
                key=lambda f: f.start,
            )
            out += self._passages(stating, [Scores(fused=1.0)] * len(stating), "opening")
        return out

    def _hybrid(
        self, query: str, filters: SearchFilters, *, k: int, dense: bool, via: str = "hybrid"
    ) -> list[Passage]:
        lexical, vector = self._indexes.search_both(query, filters, CANDIDATES, dense=dense)
        fused = hybrid_fusion(
            query, lexical, vector, limit=k, scoped=filters.document_id is not None
        )
        bm25, cos = dict(lexical), dict(vector)
        frags = self._corpus.fragments_by_ids([fid for fid, _ in fused])
        kept = [(frags[FragmentId(fid)], score) for fid, score in fused if FragmentId(fid) in frags]
        scores = [Scores(bm25=bm25.get(f.id), dense=cos.get(f.id), fused=s) for f, s in kept]
        return self._passages([f for f, _ in kept], scores, via)

    def _keywords(self, query: str, filters: SearchFilters, k: int) -> list[Passage]:
        """Last resort: fragments containing the query's longer words, diacritics ignored."""
        words = sorted(
            {fold_diacritics(w.lower()) for w in _WORD.findall(query)}, key=len, reverse=True
        )[:6]
        if not words:
            return []
        ranked = self._corpus.keyword_hits(filters, words, k)
        frags = self._corpus.fragments_by_ids([i for i, _ in ranked])
        kept = [(frags[i], n) for i, n in ranked if i in frags]
        scores = [Scores(bm25=None, dense=None, fused=n / len(words)) for _, n in kept]
        return self._passages([f for f, _ in kept], scores, "keyword")


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
