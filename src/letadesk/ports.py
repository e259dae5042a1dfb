"""The storage seams the core reads through: small typed Protocols.

The gates, the answer pipeline (``letadesk.answer``) and the retrieval cascade
(``letadesk.retrieve``) see the corpus only as a :class:`CorpusReader`; the SQLite
implementation is :class:`letadesk.store.sqlite_corpus.SqliteCorpus`. Another backend
(a firm server) plugs in here.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Protocol

from letadesk.domain import Document, DocumentId, Fragment, FragmentId, Page, SearchFilters


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

    def keyword_hits(self, filters: SearchFilters, words: Sequence[str],
                     limit: int) -> list[tuple[FragmentId, int]]:
        """Admissible fragments whose text, lower-cased and without diacritics, holds
        some of ``words`` (given that way), with how many: most first, then by id;
        at most ``limit``."""
        ...
