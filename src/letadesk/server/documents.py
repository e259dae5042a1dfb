"""``server.documents``: the firm server's documents a session's role may read
(:class:`letadesk.profile.Documents`). Page images are read from the files, where this
computer reaches the path they were ingested from (a share)."""

from __future__ import annotations

from typing import Any

import psycopg

from letadesk.domain import Document, Page
from letadesk.errors import NotFoundError
from letadesk.ingest.currency import CurrencyReport
from letadesk.limits import checked_document_ref
from letadesk.profile import Documents
from letadesk.server.corpus import DOC_COLUMNS, PgCorpus, document_from_row
from letadesk.server.matters import ServerMatters


class ServerDocuments:
    """The documents on ``conn`` in the matters of ``matters``; ``files`` reads their
    pages' images (this computer's profile's documents)."""

    def __init__(
        self, conn: psycopg.Connection[Any], matters: ServerMatters, files: Documents
    ) -> None:
        self._conn = conn
        self._matters = matters
        self._files = files

    def all(self, matter: str | None = None, *, failed_only: bool = False) -> list[Document]:
        matter_id = int(self._matters.named(matter).id) if matter else None
        rows = self._conn.execute(
            f"SELECT {DOC_COLUMNS} FROM matter_documents(%s, NULL)"
            + (" WHERE status = 'failed'" if failed_only else ""),
            (matter_id,),
        )
        return [document_from_row(r) for r in rows]

    def find(self, ref: str, *, matter: str | None = None) -> Document:
        """By id, full path or file name, within ``matter``; by id alone, without one
        (among the documents this role may read)."""
        ref = checked_document_ref(ref)
        if matter is None:
            if not ref.isdigit():
                raise NotFoundError(f"{ref!r}: name a matter, or give a document id")
            return PgCorpus(self._conn).document(int(ref))
        m = self._matters.named(matter)
        if ref.isdigit():
            rows = self._conn.execute(
                f"SELECT {DOC_COLUMNS} FROM matter_documents(%s, %s)", (m.id, int(ref))
            ).fetchall()
        else:
            rows = self._conn.execute(
                f"SELECT {DOC_COLUMNS} FROM matter_documents(%s, NULL) WHERE status != "
                "'retired' AND (path = %s OR right(path, %s) = %s)",
                (m.id, ref, len(ref) + 1, "/" + ref),
            ).fetchall()
        if len(rows) != 1:
            problem = "no document" if not rows else f"{len(rows)} documents (use an id)"
            raise NotFoundError(f"{ref!r} names {problem} in matter {matter!r}")
        return document_from_row(rows[0])

    def pages(self, document: Document) -> list[Page]:
        return PgCorpus(self._conn).pages(int(document.id))

    def text(self, document: Document) -> str:  # the document's text, as pushed
        return PgCorpus(self._conn).text(int(document.id))

    def page_image(self, document: Document, page: int, *, zoom: float = 1.5) -> bytes:
        return self._files.page_image(document, page, zoom=zoom)

    def quote_rects(
        self, document: Document, page: int, quote: str
    ) -> list[tuple[float, float, float, float]]:
        return self._files.quote_rects(document, page, quote)

    def pending(self, matter: str | None = None) -> dict[int, int]:
        """Fragments still without a vector, per document: none the window must wait
        for here (the server's ingest embeds them; search covers both lists)."""
        return {}

    def check_sources(
        self, *, matter: str | None = None, full: bool | None = None
    ) -> CurrencyReport:
        """Nothing to check from a lawyer's computer: the files are the server's ingest's
        (``letadesk ingest --backend`` re-checks them there)."""
        return CurrencyReport(full=bool(full))
