"""The storage seams the core reads through: small typed Protocols.

The gates, the answer pipeline (``letadesk.answer``) and the retrieval cascade
(``letadesk.retrieve``) see the corpus only as a :class:`CorpusReader`; the SQLite
implementation is :class:`letadesk.store.sqlite_corpus.SqliteCorpus`. The derived
indexes are a :class:`LexicalIndexPort` (tantivy:
:class:`letadesk.index.tantivy_index.LexicalIndex`) and a :class:`VectorIndexPort`
(sqlite-vec: :class:`letadesk.index.vector_index.VectorIndex`); the cascade searches
them through an :class:`IndexSearch` (:class:`letadesk.index.sync.IndexSet`). Another
backend (a firm server) plugs in here.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Protocol

import numpy as np

from letadesk.domain import (
    Document,
    DocumentId,
    Fragment,
    FragmentId,
    LexicalRow,
    Page,
    Passage,
    SearchFilters,
    VectorRow,
)


class CorpusReader(Protocol):
    """Read-only questions about a matter's stored documents."""

    def document(self, document_id: int) -> Document:
        """The document with this id (a NotFoundError when there is none)."""
        ...

    def documents_admissible(self, filters: SearchFilters) -> list[Document]:
        """The indexed documents that ``filters`` admit (matter, document, date, …)."""
        ...

    def pages(self, document_id: int) -> list[Page]:
        """A document's pages in order ([] for a document without pages)."""
        ...

    def text(self, document_id: int) -> str:
        """The document's whole stored text (a NotFoundError when there is none)."""
        ...

    def fragments_by_locator(self, filters: SearchFilters, locator: str) -> list[Fragment]:
        """Admissible fragments whose locator is ``locator`` or starts with it plus a
        space (``art. 57`` finds ``art. 57 alin. (1)``)."""
        ...

    def locators_of(self, document_id: int) -> list[str]:
        """A document's distinct non-empty locators, in document order."""
        ...

    def openings(self, filters: SearchFilters) -> dict[DocumentId, str]:
        """Each admissible document's opening text (its fragments that start in its
        first 1500 characters, where a contract names its parties), joined."""
        ...

    def fragments_by_ids(self, ids: Iterable[int]) -> dict[FragmentId, Fragment]:
        """The fragments with these ids (those that exist), by id."""
        ...

    def keyword_hits(
        self, filters: SearchFilters, words: Sequence[str], limit: int
    ) -> list[tuple[FragmentId, int]]:
        """Admissible fragments whose text, lower-cased and without diacritics, holds
        some of ``words`` (given that way), with how many: most first, then by id;
        at most ``limit``."""
        ...


class AuditTrail(Protocol):
    """Where every question's record is appended, hash-chained (SQLite:
    :class:`letadesk.store.audit.SqliteAuditTrail`; the firm server:
    :class:`letadesk.server.audit.ServerAuditTrail`)."""

    def new_id(self) -> str:
        """A new record id, for a record about to be appended: an answer names its
        record before the record is written."""
        ...

    def append(
        self, record: dict[str, Any], *, audit_id: str | None = None, matter_id: int | None
    ) -> str:
        """Append ``record`` (its ``id``, ``audit_id`` or a new one, and ``created_at`` are
        added); its hash."""
        ...


class LexicalIndexPort(Protocol):
    """The lexical (BM25) index of fragments. Writes are staged until :meth:`commit`."""

    def add(self, rows: Iterable[LexicalRow]) -> int:
        """Stage ``rows`` (replacing their fragments' entries); how many were staged."""
        ...

    def delete_documents(self, document_ids: Iterable[int]) -> None: ...

    def commit(self) -> None: ...

    def search(self, query: str, filters: SearchFilters, k: int) -> list[tuple[int, float]]:
        """Up to ``k`` ``(fragment_id, score)`` pairs, best first, ``filters`` inside."""
        ...

    def count(self, filters: SearchFilters, text: str | None = None) -> int:
        """Admissible fragments holding a term of ``text`` (all of them for None)."""
        ...

    def signatures(self) -> dict[int, str]:
        """fragment id -> the :attr:`LexicalRow.signature` of its stored entry."""
        ...


class VectorIndexPort(Protocol):
    """Embeddings of fragments, with the metadata the filters need."""

    def ensure(self, embedder_name: str, dim: int) -> bool:
        """Ready it for vectors of ``embedder_name`` (``dim`` wide); True when it was
        (re)created empty (first use, or another embedder: every fragment must be
        embedded), False when the stored vectors still hold."""
        ...

    def upsert(self, rows: Sequence[VectorRow], vectors: np.ndarray) -> None: ...

    def delete_documents(self, document_ids: Iterable[int]) -> None: ...

    def delete_fragments(self, fragment_ids: Iterable[int]) -> None: ...

    def search(
        self, query_vec: np.ndarray, filters: SearchFilters, k: int
    ) -> list[tuple[int, float]]:
        """Up to ``k`` ``(fragment_id, cosine similarity)`` pairs, best first."""
        ...

    def embedded_fragment_ids(self) -> set[int]: ...


class IndexSearch(Protocol):
    """What the retrieval cascade asks of the indexes."""

    def count_lexical(self, filters: SearchFilters, text: str | None = None) -> int:
        """:meth:`LexicalIndexPort.count`: admissible fragments holding a term of ``text``
        in their own text (all of them for None)."""
        ...

    def search_lexical(
        self, query: str, filters: SearchFilters, k: int
    ) -> list[tuple[int, float]]: ...

    def search_dense(self, query: str, filters: SearchFilters, k: int) -> list[tuple[int, float]]:
        """The query embedded, then :meth:`VectorIndexPort.search`."""
        ...

    def search_both(
        self, query: str, filters: SearchFilters, k: int, *, dense: bool = True
    ) -> tuple[list[tuple[int, float]], list[tuple[int, float]]]:
        """The lexical and the dense candidates (``[]`` when not ``dense``), searched
        concurrently where the implementation can."""
        ...

    def similarity(self, query: str, passages: Sequence[Passage]) -> dict[int, float]:
        """The cosine of the embedded query to each passage's fragment vector, by fragment
        id (the stored vector where there is one, else the passage embedded as the index
        embeds it); ``{}`` when no embedder can run."""
        ...

    def part_similarity(self, query: str, parts: Sequence[tuple[Passage, str]]) -> list[float]:
        """The cosine of the embedded query to each part (a sentence) of a passage, in
        order, each embedded as its fragment is; ``[]`` when no embedder can run."""
        ...

    def query_vector(self, query: str) -> tuple[str, np.ndarray] | None:
        """The embedder's name and its vector of ``query`` (the one the search uses);
        None when there is no embedder."""
        ...
