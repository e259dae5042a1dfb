"""The :class:`~letadesk.ports.CorpusReader` over the SQLite store."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import apsw

from letadesk.domain import Document, DocumentId, Fragment, FragmentId, Page, SearchFilters
from letadesk.store import corpus, fragments


class SqliteCorpus:
    """Reads the corpus tables of one open database (:mod:`letadesk.store.corpus`,
    :mod:`letadesk.store.fragments`)."""

    def __init__(self, conn: apsw.Connection) -> None:
        self._conn = conn

    def document(self, document_id: int) -> Document:
        return corpus.document(self._conn, document_id)

    def documents_admissible(self, filters: SearchFilters) -> list[Document]:
        return corpus.documents_admissible(self._conn, filters)

    def pages(self, document_id: int) -> list[Page]:
        return fragments.pages(self._conn, document_id)

    def text(self, document_id: int) -> str:
        return corpus.document_text(self._conn, document_id)

    def fragments_by_locator(self, filters: SearchFilters, locator: str) -> list[Fragment]:
        return fragments.fragments_by_locator(self._conn, filters, locator)

    def locators_of(self, document_id: int) -> list[str]:
        return fragments.locators_of(self._conn, document_id)

    def openings(self, filters: SearchFilters) -> dict[DocumentId, str]:
        return fragments.openings(self._conn, filters)

    def fragments_by_ids(self, ids: Iterable[int]) -> dict[FragmentId, Fragment]:
        return fragments.fragments_by_ids(self._conn, ids)

    def keyword_hits(
        self, filters: SearchFilters, words: Sequence[str], limit: int
    ) -> list[tuple[FragmentId, int]]:
        return fragments.keyword_hits(self._conn, filters, words, limit)
