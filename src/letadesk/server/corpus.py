"""The :class:`~letadesk.ports.CorpusReader` over the firm server's tables.

Every read is a function of the server's (:mod:`letadesk.server.walls`) that checks the
session's membership: a lawyer holds no privilege on a table, so no plan, estimate or
statistic of another matter's rows reaches her. The filters of :class:`SearchFilters`
are conditions inside each query, as in the embedded store (:mod:`letadesk.store.filters`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import psycopg

from letadesk.domain import (
    Document,
    DocumentId,
    DocumentStatus,
    Fragment,
    FragmentId,
    MatterId,
    Page,
    PageMethod,
    SearchFilters,
    SourceState,
)
from letadesk.errors import NotFoundError

DOC_COLUMNS = (
    "id, matter_id, path, title, kind, language, sha256, size, status, failure_reason, "
    "jurisdiction, legal_force, valid_from, valid_to, verified, duplicate_of, source_state"
)


def filter_args(filters: SearchFilters) -> dict[str, Any]:
    """``filters`` as the named parameters of the server's fragment functions
    (:mod:`letadesk.server.walls`: ``%(m)s, %(d)s, %(j)s, %(f)s, %(a)s``)."""
    return {
        "m": int(filters.matter_id),
        "d": None if filters.document_id is None else int(filters.document_id),
        "j": filters.jurisdiction or None,
        "f": filters.legal_force or None,
        "a": filters.as_of,
    }


FILTER_ARGS = "%(m)s::bigint, %(d)s::bigint, %(j)s::text, %(f)s::text, %(a)s::date"


def document_from_row(row: Sequence[Any]) -> Document:
    return Document(
        id=DocumentId(int(row[0])),
        matter_id=MatterId(int(row[1])),
        path=row[2],
        title=row[3],
        kind=row[4],
        language=row[5],
        sha256=row[6],
        size=int(row[7]),
        status=DocumentStatus(row[8]),
        failure_reason=row[9],
        jurisdiction=row[10],
        legal_force=row[11],
        valid_from=row[12],
        valid_to=row[13],
        verified=bool(row[14]),
        duplicate_of=DocumentId(int(row[15])) if row[15] is not None else None,
        source_state=SourceState(row[16]),
    )


def _fragment(row: Sequence[Any]) -> Fragment:
    return Fragment(
        FragmentId(int(row[0])),
        DocumentId(int(row[1])),
        row[2],
        row[3],
        row[4],
        row[5],
        row[6],
        row[7] or "",
    )


class PgCorpus:
    """Reads the corpus through one connection (the session's role), by the functions
    that check its membership (:mod:`letadesk.server.walls`): a lawyer reads no table."""

    def __init__(self, conn: psycopg.Connection[Any]) -> None:
        self._conn = conn

    def document(self, document_id: int) -> Document:
        row = self._conn.execute(
            f"SELECT {DOC_COLUMNS} FROM matter_documents(NULL, %s)", (document_id,)
        ).fetchone()
        if row is None:
            raise NotFoundError(f"no document with id {document_id}")
        return document_from_row(row)

    def documents_admissible(self, filters: SearchFilters) -> list[Document]:
        rows = self._conn.execute(
            f"SELECT {DOC_COLUMNS} FROM matter_documents(%s, %s) WHERE status = 'indexed'",
            (int(filters.matter_id), filters.document_id),
        )
        return [d for d in map(document_from_row, rows) if admitted(d, filters)]

    def pages(self, document_id: int) -> list[Page]:
        rows = self._conn.execute(
            'SELECT document_id, number, label, start, "end", method, note FROM document_pages(%s)',
            (document_id,),
        )
        return [
            Page(DocumentId(int(r[0])), r[1], r[2], r[3], r[4], PageMethod(r[5]), r[6])
            for r in rows
        ]

    def text(self, document_id: int) -> str:
        row = self._conn.execute("SELECT document_text(%s)", (document_id,)).fetchone()
        if row is None or row[0] is None:
            raise NotFoundError(f"no document with id {document_id}")
        return str(row[0])

    def fragments_by_locator(self, filters: SearchFilters, locator: str) -> list[Fragment]:
        rows = self._conn.execute(
            f"SELECT * FROM fragments_at_locator({FILTER_ARGS}, %(locator)s::text)",
            filter_args(filters) | {"locator": locator},
        )
        return [_fragment(r) for r in rows]

    def locators_of(self, document_id: int) -> list[str]:
        rows = self._conn.execute("SELECT * FROM document_locators(%s)", (document_id,))
        return [str(r[0]) for r in rows]

    def openings(self, filters: SearchFilters, chars: int = 1500) -> dict[DocumentId, str]:
        rows = self._conn.execute(
            f"SELECT * FROM matter_openings({FILTER_ARGS}, %(chars)s::integer)",
            filter_args(filters) | {"chars": chars},
        )
        return {DocumentId(int(r[0])): str(r[1] or "") for r in rows}

    def fragments_by_ids(self, ids: Iterable[int]) -> dict[FragmentId, Fragment]:
        wanted = [int(i) for i in dict.fromkeys(ids)]
        if not wanted:
            return {}
        rows = self._conn.execute("SELECT * FROM fragments_by_ids(%s::bigint[])", (wanted,))
        return {FragmentId(int(r[0])): _fragment(r) for r in rows}

    def keyword_hits(
        self, filters: SearchFilters, words: Sequence[str], limit: int
    ) -> list[tuple[FragmentId, int]]:
        if not words:
            return []
        rows = self._conn.execute(
            f"SELECT * FROM keyword_hits({FILTER_ARGS}, %(words)s::text[], %(limit)s::integer)",
            filter_args(filters) | {"words": list(words), "limit": limit},
        )
        return [(FragmentId(int(r[0])), int(r[1])) for r in rows]


def admitted(document: Document, filters: SearchFilters) -> bool:
    """Whether ``document``'s metadata passes ``filters`` (as the fragments' filter)."""
    as_of = filters.as_of
    return (
        (not filters.jurisdiction or document.jurisdiction == filters.jurisdiction)
        and (not filters.legal_force or document.legal_force == filters.legal_force)
        and (
            as_of is None
            or (
                (document.valid_from is None or document.valid_from <= as_of)
                and (document.valid_to is None or document.valid_to >= as_of)
            )
        )
    )
