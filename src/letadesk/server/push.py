"""An embedded profile copied to the firm server: ``letadesk migrate --to`` and the
server side of ``letadesk --backend URL ingest``.

The embedded profile stays the ingest engine (isolated parser workers, kill-safe
resumable embedding, the outbox); the server receives what it produced. Each document
is pushed in its own transaction (its row, pages, fragments with their tsvector and
vector), so a push killed at any point leaves whole documents and the next push goes on.
It is incremental: a document whose content, metadata, fragments and vectors are those
the server holds (its :func:`push_signature`) is skipped; one gone from the profile is
deleted from the server. The audit trail is copied record for record, chain hashes
included, while the server's trail is the profile's own (empty, or a copy of its start).

The push runs as the server's owner (IT's service account): no row-level security
applies to it, and it counts what it wrote against what it read.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np
import psycopg

from letadesk.domain import Document, DocumentStatus, Fragment, Matter, Page
from letadesk.errors import ConfigError
from letadesk.server import stats
from letadesk.server.audit import chain_rows as server_chain_rows
from letadesk.server.search import (
    TSVECTOR_SQL,
    check_embedder,
    embedder_identity,
    vector_literal,
)
from letadesk.store.audit_chain import ChainRow
from letadesk.store.audit_check import check_records
from letadesk.text import fold_lower

if TYPE_CHECKING:
    from letadesk.workspace import Workspace


@dataclass
class PushReport:
    """What one push did, and the counts it checked (profile vs server)."""

    matters: int = 0
    pushed: int = 0
    unchanged: int = 0
    deleted: int = 0
    audit_copied: int = 0
    notes: list[str] = field(default_factory=list)
    counts: dict[str, tuple[int, int]] = field(default_factory=dict)  # name -> (profile, server)

    @property
    def matches(self) -> bool:
        return all(a == b for a, b in self.counts.values())

    def as_json(self) -> dict[str, object]:
        return {
            "matters": self.matters,
            "pushed": self.pushed,
            "unchanged": self.unchanged,
            "deleted": self.deleted,
            "audit_copied": self.audit_copied,
            "counts": {k: {"profile": a, "server": b} for k, (a, b) in self.counts.items()},
            "matches": self.matches,
            "notes": self.notes,
        }


def push_signature(
    document: Document, fragments: list[Fragment], pages: list[Page], vectors: int
) -> str:
    """A digest of everything the server keeps of a document: equal means unchanged."""
    parts: list[object] = [
        document.sha256,
        document.status,
        document.title,
        document.kind,
        document.language,
        document.jurisdiction,
        document.legal_force,
        document.valid_from,
        document.valid_to,
        document.verified,
        document.source_state,
        document.failure_reason,
        vectors,
    ]
    parts += [(p.number, p.label, p.start, p.end, p.method, p.note) for p in pages]
    parts += [(f.page, f.start, f.end, f.locator) for f in fragments]
    return hashlib.sha256(repr(parts).encode("utf-8")).hexdigest()


class Pusher:
    """Pushes one profile to one server connection (the owner's)."""

    def __init__(self, ws: Workspace, conn: psycopg.Connection[Any]) -> None:
        self._ws = ws
        self._conn = conn
        self.report = PushReport()
        self._moved: set[int] = set()  # profile matter ids the server holds under another
        self._vector_ids = ws.copies.vector_ids()  # read once; vectors only to copy
        self._embedder_checked = False

    def push(self, matters: list[str] | None = None, *, audit: bool = True) -> PushReport:
        chosen = [m for m in self._ws.matters.all() if matters is None or m.name in matters]
        if matters is not None and len(chosen) != len(set(matters)):
            missing = sorted(set(matters) - {m.name for m in chosen})
            raise ConfigError(f"no such matter in the profile: {', '.join(missing)}")
        for matter in chosen:
            self._push_matter(matter)
        if audit:
            self._push_audit()
        self.report.counts = count_copy(self._ws, self._conn, chosen, self._vector_ids)
        if audit:
            self._count_audit()
        return self.report

    # ---- documents ------------------------------------------------------------------

    def _push_matter(self, matter: Matter) -> None:
        server_matter = self._ensure_matter(matter)
        self.report.matters += 1
        held = {
            str(r[0]): (int(r[1]), str(r[2]))
            for r in self._conn.execute(
                "SELECT path, id, push_signature FROM documents WHERE matter_id = %s",
                (server_matter,),
            )
        }
        documents = self._ws.documents.all(matter.name)
        before = self.report.pushed
        for document in documents:
            self._push_document(server_matter, document, held.get(document.path))
        kept = {d.path for d in documents}
        gone = [doc_id for path, (doc_id, _sig) in held.items() if path not in kept]
        if gone:
            with self._conn.transaction():
                self._conn.execute("DELETE FROM documents WHERE id = ANY(%s)", (gone,))
            self.report.deleted += len(gone)
        self._link_duplicates(server_matter, documents)
        if gone or self.report.pushed > before or not self._has_stats(server_matter):
            stats.refresh(self._conn, server_matter)

    def _has_stats(self, matter_id: int) -> bool:
        row = self._conn.execute(
            "SELECT 1 FROM matter_stats WHERE matter_id = %s", (matter_id,)
        ).fetchone()
        return row is not None

    def _ensure_matter(self, matter: Matter) -> int:
        """The server's matter of this name, made with the profile's id where that id is
        free (an audit record's matter id is part of its hash, so copied records keep
        pointing at their matter only then)."""
        with self._conn.transaction():
            self._conn.execute(
                "INSERT INTO matters(id, name) VALUES (%s, %s) ON CONFLICT DO NOTHING",
                (int(matter.id), matter.name),
            )
            self._conn.execute(
                "SELECT setval(pg_get_serial_sequence('matters', 'id'), "
                "(SELECT max(id) FROM matters))"
            )
            row = self._conn.execute(
                "SELECT id FROM matters WHERE name = %s", (matter.name,)
            ).fetchone()
            if row is None:  # the profile's id is another matter's on the server
                row = self._conn.execute(
                    "INSERT INTO matters(name) VALUES (%s) RETURNING id", (matter.name,)
                ).fetchone()
        server_id = int(row[0])  # type: ignore[index]
        if server_id != matter.id:
            self._moved.add(int(matter.id))
        return server_id

    def _push_document(
        self, matter_id: int, document: Document, held: tuple[int, str] | None
    ) -> None:
        fragments = self._ws.documents.fragments(document)
        pages = self._ws.documents.pages(document)
        embedded = sum(f.id in self._vector_ids for f in fragments)
        signature = push_signature(document, fragments, pages, embedded)
        if held is not None and held[1] == signature:
            self.report.unchanged += 1
            return
        identity, vectors = self._ws.copies.vectors([f.id for f in fragments])
        if vectors and identity is not None:
            self._ensure_embedder(*identity)
        with self._conn.transaction():
            if held is not None:
                self._conn.execute("DELETE FROM documents WHERE id = %s", (held[0],))
            doc_id = self._insert_document(matter_id, document, signature)
            self._insert_pages(matter_id, doc_id, pages)
            self._insert_fragments(matter_id, doc_id, document, fragments, vectors)
        self.report.pushed += 1

    def _insert_document(self, matter_id: int, d: Document, signature: str) -> int:
        text = self._ws.documents.text(d) if d.status == DocumentStatus.INDEXED else ""
        row = self._conn.execute(
            "INSERT INTO documents(matter_id, path, title, kind, language, sha256, size, "
            "status, failure_reason, jurisdiction, legal_force, valid_from, valid_to, "
            "verified, source_state, text, push_signature) VALUES "
            "(%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s) RETURNING id",
            (
                matter_id,
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
                d.valid_from,
                d.valid_to,
                d.verified,
                d.source_state.value,
                text,
                signature,
            ),
        ).fetchone()
        return int(row[0])  # type: ignore[index]

    def _insert_pages(self, matter_id: int, doc_id: int, pages: list[Page]) -> None:
        with self._conn.cursor() as cur:
            cur.executemany(
                'INSERT INTO pages(document_id, matter_id, number, label, start, "end", method, '
                "note) VALUES (%s, %s, %s, %s, %s, %s, %s, %s)",
                [
                    (doc_id, matter_id, p.number, p.label, p.start, p.end, p.method.value, p.note)
                    for p in pages
                ],
            )

    def _insert_fragments(
        self,
        matter_id: int,
        doc_id: int,
        d: Document,
        fragments: list[Fragment],
        vectors: dict[int, np.ndarray],
    ) -> None:
        if d.status != DocumentStatus.INDEXED:
            return  # the server holds fragments of indexed documents only (its filters)
        rows = [
            {
                "document_id": doc_id,
                "matter_id": matter_id,
                "page": f.page,
                "start": f.start,
                "end": f.end,
                "locator": f.locator,
                "text": f.text,
                "folded": fold_lower(f.text),
                "head": fold_lower(" ".join(x for x in (d.title, f.locator) if x)),
                "jurisdiction": d.jurisdiction,
                "legal_force": d.legal_force,
                "valid_from": d.valid_from,
                "valid_to": d.valid_to,
                "embedding": vector_literal(vectors[f.id]) if f.id in vectors else None,
            }
            for f in fragments
        ]
        with self._conn.cursor() as cur:
            cur.executemany(
                'INSERT INTO fragments(document_id, matter_id, page, start, "end", locator, '
                "text, folded, jurisdiction, legal_force, valid_from, valid_to, tsv, embedding) "
                "VALUES (%(document_id)s, %(matter_id)s, %(page)s, %(start)s, %(end)s, "
                "%(locator)s, %(text)s, %(folded)s, %(jurisdiction)s, %(legal_force)s, "
                f"%(valid_from)s, %(valid_to)s, {TSVECTOR_SQL}, %(embedding)s::vector)",
                rows,
            )

    def _link_duplicates(self, matter_id: int, documents: list[Document]) -> None:
        """A duplicate names its twin by the server's id (found by the twin's path)."""
        by_id = {d.id: d.path for d in documents}
        twins = [
            (by_id[d.duplicate_of], d.path)
            for d in documents
            if d.duplicate_of is not None and d.duplicate_of in by_id
        ]
        if not twins:
            return
        with self._conn.transaction(), self._conn.cursor() as cur:
            cur.executemany(
                "UPDATE documents SET duplicate_of = (SELECT id FROM documents "
                "WHERE matter_id = %(m)s AND path = %(twin)s) WHERE matter_id = %(m)s "
                "AND path = %(path)s",
                [{"m": matter_id, "twin": twin, "path": path} for twin, path in twins],
            )

    def _ensure_embedder(self, name: str, dim: int) -> None:
        """The server's vectors are of one embedder: the first push sets it (and builds the
        HNSW index for its dimension); another one is refused. Asked once per push."""
        if self._embedder_checked:
            return
        identity = embedder_identity(self._conn, owner=True)
        if identity is not None:
            check_embedder(identity, name, dim, "this profile's are")
        else:
            with self._conn.transaction():
                self._conn.execute(
                    "INSERT INTO embedder(id, name, dim) VALUES (1, %s, %s)", (name, dim)
                )
                self._conn.execute(
                    f"ALTER TABLE fragments ALTER COLUMN embedding TYPE vector({dim})"
                )
                self._conn.execute(
                    "CREATE INDEX IF NOT EXISTS fragments_embedding ON fragments "
                    "USING hnsw (embedding vector_cosine_ops)"
                )
        self._embedder_checked = True

    # ---- the audit trail --------------------------------------------------------------

    def _push_audit(self) -> None:
        mine = self._ws.audit.rows()
        theirs = server_chain_rows(self._conn, owner=True)
        if [(r.audit_id, r.hash) for r in theirs] != [
            (r.audit_id, r.hash) for r in mine[: len(theirs)]
        ]:
            self.report.notes.append(
                f"audit: the server's trail ({len(theirs)} records) is not a copy of this "
                "profile's; the profile's records were not copied (keep them with "
                "`letadesk audit --export`)"
            )
            return
        new = mine[len(theirs) :]
        moved = sorted({r.matter_id for r in new if r.matter_id in self._moved})
        if moved:
            self.report.notes.append(
                f"audit: the server holds matters {moved} under other ids; the profile's "
                "records were not copied (keep them with `letadesk audit --export`)"
            )
            return
        if new:
            with self._conn.transaction(), self._conn.cursor() as cur:
                cur.executemany(
                    "INSERT INTO audit(seq, id, created_at, matter_id, record, prev_hash, hash, "
                    "purged_at) VALUES (%s, %s, %s, %s, %s, %s, %s, %s)",
                    [_audit_values(r) for r in new],
                )
        self.report.audit_copied = len(new)

    # ---- counting ---------------------------------------------------------------------

    def _count_audit(self) -> None:
        records = server_chain_rows(self._conn, owner=True)
        self.report.counts["audit records"] = (len(self._ws.audit.rows()), len(records))
        check, _last = check_records(records)
        if not check.intact:
            self.report.notes.extend(f"server audit: {p}" for p in check.problems)
            self.report.counts["audit chain intact"] = (1, 0)


def count_copy(
    ws: Workspace, conn: psycopg.Connection[Any], matters: list[Matter], vector_ids: set[int]
) -> dict[str, tuple[int, int]]:
    """Documents, pages, fragments and vectors of ``matters`` (by name) as ``(profile,
    server)``; ``vector_ids``: the profile's fragments that have a vector."""
    profile = {"documents": 0, "pages": 0, "fragments": 0, "vectors": 0}
    for matter in matters:
        for document in ws.documents.all(matter.name):
            profile["documents"] += 1
            profile["pages"] += len(ws.documents.pages(document))
            if document.status == DocumentStatus.INDEXED:
                ids = [f.id for f in ws.documents.fragments(document)]
                profile["fragments"] += len(ids)
                profile["vectors"] += sum(i in vector_ids for i in ids)
    server = conn.execute(
        "SELECT (SELECT count(*) FROM documents d JOIN matters m ON m.id = d.matter_id "
        "WHERE m.name = ANY(%(n)s)), (SELECT count(*) FROM pages p JOIN matters m "
        "ON m.id = p.matter_id WHERE m.name = ANY(%(n)s)), (SELECT count(*) FROM fragments f "
        "JOIN matters m ON m.id = f.matter_id WHERE m.name = ANY(%(n)s)), "
        "(SELECT count(*) FROM fragments f JOIN matters m ON m.id = f.matter_id "
        "WHERE m.name = ANY(%(n)s) AND f.embedding IS NOT NULL)",
        {"n": [m.name for m in matters]},
    ).fetchone() or (0, 0, 0, 0)
    return {key: (profile[key], int(found)) for key, found in zip(profile, server, strict=True)}


def _audit_values(r: ChainRow) -> tuple[object, ...]:
    purged = "purged" if r.purged else None
    return (r.seq, r.audit_id, r.created_at, r.matter_id, r.record, r.prev_hash, r.hash, purged)
