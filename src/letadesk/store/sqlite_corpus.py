"""The :class:`~letadesk.ports.CorpusReader` over the SQLite store."""

from __future__ import annotations

import apsw

from letadesk.domain import Document, Fragment, Page, SearchFilters
from letadesk.store import corpus


class SqliteCorpus:
    """Reads the corpus tables of one open database (see :mod:`letadesk.store.corpus`)."""

    def __init__(self, conn: apsw.Connection) -> None:
        self._conn = conn

    def document(self, document_id: int) -> Document:
        return corpus.document(self._conn, document_id)

    def documents_admissible(self, filters: SearchFilters) -> list[Document]:
        return corpus.documents_admissible(self._conn, filters)

    def pages(self, document_id: int) -> list[Page]:
        return corpus.pages(self._conn, document_id)

    def fragments_by_locator(self, filters: SearchFilters, locator: str) -> list[Fragment]:
        return corpus.fragments_by_locator(self._conn, filters, locator)

    def locators_of(self, document_id: int) -> list[str]:
        return corpus.locators_of(self._conn, document_id)
