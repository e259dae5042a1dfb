"""Writing documents that were read elsewhere: a matter copied back from the firm server
(:mod:`letadesk.server.pull`) into an empty profile, with its ids, as it was stored
there (text, pages, fragments, legal metadata, status). Inside the caller's transaction;
each document leaves an outbox row, so the lexical index follows on the next sync."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import apsw
import numpy as np

from letadesk.domain import Document, Fragment, FragmentId, Matter, Page, VectorRow
from letadesk.errors import StoreError
from letadesk.store.audit import import_rows
from letadesk.store.audit_chain import ChainRow
from letadesk.store.audit_key import key_path
from letadesk.store.transaction import transaction


@dataclass(frozen=True, slots=True)
class ImportedDocument:
    """One document as the firm server holds it, with a vector (or None) per fragment."""

    document: Document
    text: str
    pages: tuple[Page, ...]
    fragments: tuple[Fragment, ...]
    vectors: tuple[np.ndarray | None, ...]


Copied = Sequence[tuple[Matter, Sequence[ImportedDocument]]]  # matters with their documents


def import_copy(
    conn: apsw.Connection, matters: Copied, audit_rows: Sequence[ChainRow]
) -> tuple[list[VectorRow], np.ndarray]:
    """Write ``matters`` and the audit trail into this empty profile in one transaction;
    the vector rows of the new fragments and their vectors, for the vector index."""
    if conn.execute("SELECT count(*) FROM matters").fetchone() != (0,):
        raise StoreError("a copy from the firm server goes into an empty profile")
    rows: list[VectorRow] = []
    vectors: list[np.ndarray] = []
    with transaction(conn):
        for matter, documents in matters:
            import_matter(conn, matter)
            for item in documents:
                d = item.document
                ids = import_document(conn, d, item.text, item.pages, item.fragments)
                for fragment_id, vector in zip(ids, item.vectors, strict=True):
                    if vector is not None:
                        rows.append(
                            VectorRow(
                                fragment_id,
                                d.matter_id,
                                d.id,
                                d.jurisdiction,
                                d.legal_force,
                                d.valid_from,
                                d.valid_to,
                            )
                        )
                        vectors.append(vector)
            for item in documents:
                if item.document.duplicate_of is not None:
                    link_duplicate(conn, item.document.id, item.document.duplicate_of)
        import_rows(conn, list(audit_rows), key_path(conn))
    matrix = np.stack(vectors) if vectors else np.zeros((0, 0), dtype=np.float32)
    return rows, matrix


def import_matter(conn: apsw.Connection, matter: Matter) -> None:
    """The matter with its own id; a StoreError when the id or the name is taken."""
    try:
        conn.execute("INSERT INTO matters(id, name) VALUES (?, ?)", (int(matter.id), matter.name))
    except apsw.ConstraintError:
        raise StoreError(
            f"matter {matter.name!r} (id {matter.id}) is already in the profile"
        ) from None


def import_document(
    conn: apsw.Connection,
    d: Document,
    text: str,
    pages: Sequence[Page],
    fragments: Sequence[Fragment],
) -> list[FragmentId]:
    """Store ``d`` (its id and matter kept) with its pages and fragments; the new ids of
    ``fragments``, in their order."""
    conn.execute(
        "INSERT INTO documents(id, matter_id, path, title, kind, language, sha256, size, "
        "status, failure_reason, jurisdiction, legal_force, valid_from, valid_to, verified, "
        "duplicate_of, source_state, text) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, "
        "?, ?, ?, ?)",
        (
            int(d.id),
            int(d.matter_id),
            d.path,
            d.title,
            d.kind,
            d.language,
            d.sha256,
            d.size,
            d.status.value,
            d.failure_reason,
            d.jurisdiction,
            d.legal_force,
            d.valid_from.isoformat() if d.valid_from else None,
            d.valid_to.isoformat() if d.valid_to else None,
            int(d.verified),
            None,
            d.source_state.value,
            text,
        ),
    )
    conn.executemany(
        'INSERT INTO pages(document_id, number, label, start, "end", method, note) '
        "VALUES (?, ?, ?, ?, ?, ?, ?)",
        [(int(d.id), p.number, p.label, p.start, p.end, p.method.value, p.note) for p in pages],
    )
    ids = []
    for f in fragments:
        conn.execute(
            'INSERT INTO fragments(document_id, matter_id, page, start, "end", locator, text) '
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            (int(d.id), int(d.matter_id), f.page, f.start, f.end, f.locator, f.text),
        )
        ids.append(FragmentId(conn.last_insert_rowid()))
    conn.execute("INSERT INTO index_outbox(document_id, op) VALUES (?, 'upsert')", (int(d.id),))
    return ids


def link_duplicate(conn: apsw.Connection, document_id: int, twin: int) -> None:
    conn.execute("UPDATE documents SET duplicate_of = ? WHERE id = ?", (twin, document_id))
