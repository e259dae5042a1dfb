"""The :class:`~letadesk.ports.CorpusReader` over the firm server's tables.

Every query runs under the session's own role, so row-level security decides what a
lawyer can read; the filters of :class:`SearchFilters` are conditions inside each query,
as in the embedded store (:mod:`letadesk.store.filters`).
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
_FRAGMENT = (
    'f.id, f.document_id, f.page, f.start, f."end", f.locator, f.text, '
    "(SELECT label FROM pages p WHERE p.document_id = f.document_id AND p.number = f.page)"
)


def filter_sql(filters: SearchFilters, alias: str = "f") -> tuple[str, dict[str, Any]]:
    """Conditions on a fragments (or documents, ``alias`` "d") row equivalent to
    ``filters``, with their named parameters. The server holds fragments of indexed
    documents only (:mod:`letadesk.server.push`), so a fragment's own copy of its
    document's metadata is what is filtered."""
    where = [f"{alias}.matter_id = %(matter_id)s"]
    params: dict[str, Any] = {"matter_id": int(filters.matter_id)}
    if filters.document_id is not None:
        where.append(f"{alias}.{'id' if alias == 'd' else 'document_id'} = %(document_id)s")
        params["document_id"] = int(filters.document_id)
    if filters.jurisdiction:
        where.append(f"{alias}.jurisdiction = %(jurisdiction)s")
        params["jurisdiction"] = filters.jurisdiction
    if filters.legal_force:
        where.append(f"{alias}.legal_force = %(legal_force)s")
        params["legal_force"] = filters.legal_force
    if filters.as_of is not None:
        where.append(
            f"({alias}.valid_from IS NULL OR {alias}.valid_from <= %(as_of)s) "
            f"AND ({alias}.valid_to IS NULL OR {alias}.valid_to >= %(as_of)s)"
        )
        params["as_of"] = filters.as_of
    return " AND ".join(where), params


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
    """Reads the corpus through one connection (the session's role)."""

    def __init__(self, conn: psycopg.Connection[Any]) -> None:
        self._conn = conn

    def document(self, document_id: int) -> Document:
        row = self._conn.execute(
            f"SELECT {DOC_COLUMNS} FROM documents WHERE id = %s", (document_id,)
        ).fetchone()
        if row is None:
            raise NotFoundError(f"no document with id {document_id}")
        return document_from_row(row)

    def documents_admissible(self, filters: SearchFilters) -> list[Document]:
        where, params = filter_sql(filters, "d")
        rows = self._conn.execute(
            f"SELECT {DOC_COLUMNS} FROM documents d WHERE {where} AND d.status = 'indexed'",
            params,
        )
        return [document_from_row(r) for r in rows]

    def pages(self, document_id: int) -> list[Page]:
        rows = self._conn.execute(
            'SELECT document_id, number, label, start, "end", method, note FROM pages '
            "WHERE document_id = %s ORDER BY number",
            (document_id,),
        )
        return [
            Page(DocumentId(int(r[0])), r[1], r[2], r[3], r[4], PageMethod(r[5]), r[6])
            for r in rows
        ]

    def fragments_by_locator(self, filters: SearchFilters, locator: str) -> list[Fragment]:
        where, params = filter_sql(filters)
        rows = self._conn.execute(
            f"SELECT {_FRAGMENT} FROM fragments f WHERE {where} AND (f.locator = %(locator)s "
            "OR left(f.locator, %(n)s) = %(prefix)s) ORDER BY f.document_id, f.start",
            params | {"locator": locator, "n": len(locator) + 1, "prefix": locator + " "},
        )
        return [_fragment(r) for r in rows]

    def locators_of(self, document_id: int) -> list[str]:
        rows = self._conn.execute(
            "SELECT locator FROM fragments WHERE document_id = %s AND locator != '' "
            "GROUP BY locator ORDER BY min(start)",
            (document_id,),
        )
        return [str(r[0]) for r in rows]

    def openings(self, filters: SearchFilters, chars: int = 1500) -> dict[DocumentId, str]:
        where, params = filter_sql(filters)
        rows = self._conn.execute(
            f"SELECT f.document_id, string_agg(f.text, ' ' ORDER BY f.start) FROM fragments f "
            f"WHERE {where} AND f.start < %(chars)s GROUP BY f.document_id",
            params | {"chars": chars},
        )
        return {DocumentId(int(r[0])): str(r[1] or "") for r in rows}

    def fragments_by_ids(self, ids: Iterable[int]) -> dict[FragmentId, Fragment]:
        wanted = [int(i) for i in dict.fromkeys(ids)]
        if not wanted:
            return {}
        rows = self._conn.execute(
            f"SELECT {_FRAGMENT} FROM fragments f WHERE f.id = ANY(%s)", (wanted,)
        )
        return {FragmentId(int(r[0])): _fragment(r) for r in rows}

    def keyword_hits(
        self, filters: SearchFilters, words: Sequence[str], limit: int
    ) -> list[tuple[FragmentId, int]]:
        if not words:
            return []
        where, params = filter_sql(filters)
        words_at = {f"w{i}": word for i, word in enumerate(words)}
        hits = " + ".join(f"(strpos(f.folded, %({name})s) > 0)::int" for name in words_at)
        rows = self._conn.execute(
            f"SELECT id, n FROM (SELECT f.id, {hits} AS n FROM fragments f WHERE {where}) s "
            "WHERE n > 0 ORDER BY n DESC, id LIMIT %(limit)s",
            params | words_at | {"limit": limit},
        )
        return [(FragmentId(int(r[0])), int(r[1])) for r in rows]
