"""The firm server copied back into an empty embedded profile: ``letadesk migrate --from
URL``, run as the server's owner. Matters keep their ids (an audit record's matter id is
part of its hash), documents their ids, text, pages, fragments, legal metadata and
vectors; the audit trail is copied record for record, ``asked_by`` and hashes as they
are, and the profile's keyed head is anchored on its last record. Then both sides are
counted, and the profile's trail is checked as ``audit --verify`` checks it."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import numpy as np
import psycopg

from letadesk.domain import DocumentId, Fragment, FragmentId, Matter, MatterId, Page, PageMethod
from letadesk.errors import ConfigError
from letadesk.server.audit import chain_rows
from letadesk.server.corpus import DOC_COLUMNS, document_from_row
from letadesk.server.push import PushReport, count_copy
from letadesk.server.search import embedder_identity
from letadesk.store.imports import ImportedDocument

if TYPE_CHECKING:
    from letadesk.workspace import Workspace


def pull(conn: psycopg.Connection[Any], ws: Workspace, matters: list[str] | None) -> PushReport:
    """Copy the server's matters (or those named) into ``ws``, which must be empty."""
    chosen = [
        Matter(MatterId(int(r[0])), str(r[1]))
        for r in conn.execute("SELECT id, name FROM matters ORDER BY id")
        if matters is None or r[1] in matters
    ]
    if matters is not None and len(chosen) != len(set(matters)):
        missing = sorted(set(matters) - {m.name for m in chosen})
        raise ConfigError(f"no such matter on the firm server: {', '.join(missing)}")
    copied = [(m, _documents(conn, m)) for m in chosen]
    records = chain_rows(conn, owner=True) if matters is None else []
    ws.copies.fill(copied, records, embedder_identity(conn, owner=True))
    report = PushReport(matters=len(chosen), pushed=sum(len(d) for _m, d in copied))
    report.audit_copied = len(records)
    report.counts = count_copy(ws, conn, chosen, ws.copies.vector_ids())
    if matters is None:
        _count_audit(conn, ws, report)
    return report


def _documents(conn: psycopg.Connection[Any], matter: Matter) -> list[ImportedDocument]:
    out = []
    for row in conn.execute(
        f"SELECT {DOC_COLUMNS}, text FROM documents WHERE matter_id = %s ORDER BY id",
        (matter.id,),
    ).fetchall():
        document = document_from_row(row)
        pages = tuple(
            Page(DocumentId(document.id), r[0], r[1], r[2], r[3], PageMethod(r[4]), r[5])
            for r in conn.execute(
                'SELECT number, label, start, "end", method, note FROM pages '
                "WHERE document_id = %s ORDER BY number",
                (document.id,),
            )
        )
        fragments, vectors = [], []
        for r in conn.execute(
            'SELECT id, page, start, "end", locator, text, embedding::text FROM fragments '
            "WHERE document_id = %s ORDER BY start, id",
            (document.id,),
        ):
            fragments.append(
                Fragment(
                    FragmentId(int(r[0])), DocumentId(document.id), r[1], r[2], r[3], r[4], r[5]
                )
            )
            vectors.append(np.array(json.loads(r[6]), dtype=np.float32) if r[6] else None)
        out.append(
            ImportedDocument(document, str(row[-1]), pages, tuple(fragments), tuple(vectors))
        )
    return out


def _count_audit(conn: psycopg.Connection[Any], ws: Workspace, report: PushReport) -> None:
    report.counts["audit records"] = (len(ws.audit.rows()), len(chain_rows(conn, owner=True)))
    check = ws.audit.check()
    if not check.intact:
        report.notes.extend(f"profile audit: {p}" for p in check.problems)
        report.counts["audit chain intact"] = (0, 1)
