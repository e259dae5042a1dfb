"""Versioned schema migrations. Each step runs in one transaction.

Append new steps; never edit a released one. ``PRAGMA user_version`` holds the
version reached.
"""

from __future__ import annotations

MIGRATIONS: tuple[str, ...] = (
    # 1: matters, documents, pages, fragments, index outbox
    """
    CREATE TABLE matters (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL UNIQUE,
        created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
    );
    CREATE TABLE documents (
        id INTEGER PRIMARY KEY,
        matter_id INTEGER NOT NULL REFERENCES matters(id) ON DELETE CASCADE,
        path TEXT NOT NULL,
        title TEXT NOT NULL DEFAULT '',
        kind TEXT NOT NULL DEFAULT '',
        language TEXT NOT NULL DEFAULT '',
        sha256 TEXT NOT NULL,
        size INTEGER NOT NULL,
        mtime REAL NOT NULL DEFAULT 0,
        status TEXT NOT NULL,
        failure_reason TEXT NOT NULL DEFAULT '',
        jurisdiction TEXT NOT NULL DEFAULT '',
        legal_force TEXT NOT NULL DEFAULT '',
        valid_from TEXT,
        valid_to TEXT,
        verified INTEGER NOT NULL DEFAULT 0,
        duplicate_of INTEGER REFERENCES documents(id) ON DELETE SET NULL,
        text TEXT NOT NULL DEFAULT '',
        updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
        UNIQUE (matter_id, path)
    );
    CREATE INDEX documents_sha ON documents(matter_id, sha256);
    CREATE TABLE pages (
        document_id INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
        number INTEGER NOT NULL,
        label TEXT NOT NULL,
        start INTEGER NOT NULL,
        "end" INTEGER NOT NULL,
        method TEXT NOT NULL,
        note TEXT NOT NULL DEFAULT '',
        PRIMARY KEY (document_id, number)
    );
    CREATE TABLE fragments (
        id INTEGER PRIMARY KEY,
        document_id INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
        matter_id INTEGER NOT NULL REFERENCES matters(id) ON DELETE CASCADE,
        page INTEGER NOT NULL,
        start INTEGER NOT NULL,
        "end" INTEGER NOT NULL,
        locator TEXT NOT NULL DEFAULT '',
        text TEXT NOT NULL
    );
    CREATE INDEX fragments_document ON fragments(document_id, start);
    CREATE INDEX fragments_locator ON fragments(matter_id, locator);
    CREATE TABLE index_outbox (
        id INTEGER PRIMARY KEY,
        document_id INTEGER NOT NULL,
        op TEXT NOT NULL CHECK (op IN ('upsert', 'delete'))
    );
    """,
    # 2: the audit trail, hash-chained
    """
    CREATE TABLE audit (
        seq INTEGER PRIMARY KEY,
        id TEXT NOT NULL UNIQUE,
        created_at TEXT NOT NULL,
        matter_id INTEGER,
        record TEXT NOT NULL,
        prev_hash TEXT NOT NULL,
        hash TEXT NOT NULL
    );
    """,
    # 3: the version of the readers that produced a document, so that a better reader
    # or chunker re-reads unchanged files on the next ingest
    """
    ALTER TABLE documents ADD COLUMN reader_version INTEGER NOT NULL DEFAULT 0;
    """,
    # 4: currency: whether each document's file still matches what was indexed ('' yes,
    # 'changed', 'missing'), and when the last full re-hash of the sources ran
    """
    ALTER TABLE documents ADD COLUMN source_state TEXT NOT NULL DEFAULT '';
    CREATE TABLE source_checks (
        kind TEXT PRIMARY KEY,
        checked_at TEXT NOT NULL
    );
    """,
    # 5: the audit trail anchored: a keyed head (count and last hash, HMAC'd under the key
    # outside the database) and purged records. After this SQL, the same transaction runs
    # letadesk.store.audit.anchor (AUDIT_ANCHOR_VERSION): existing records re-hashed once.
    """
    ALTER TABLE audit ADD COLUMN purged_at TEXT;
    CREATE TABLE audit_head (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        count INTEGER NOT NULL,
        last_seq INTEGER NOT NULL,
        last_hash TEXT NOT NULL,
        mac TEXT NOT NULL,
        anchored_at TEXT NOT NULL,
        anchored_note TEXT NOT NULL DEFAULT ''
    );
    """,
    # 6: the review grid's cells (letadesk.review): one grounded answer per document and
    # question, kept until the document's content, the question, the judge, the LetaDesk
    # version or the options change; deleted with the document (and so with its matter)
    """
    CREATE TABLE review_cells (
        document_id INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
        sha256 TEXT NOT NULL,
        question TEXT NOT NULL,
        judge TEXT NOT NULL,
        app_version TEXT NOT NULL,
        options TEXT NOT NULL,
        cell TEXT NOT NULL,
        created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
        PRIMARY KEY (document_id, sha256, question, judge, app_version, options)
    );
    """,
    # 7: who asked, for records copied from the firm server (letadesk.server: the database
    # role, part of the record's hash there); NULL for this profile's own records
    """
    ALTER TABLE audit ADD COLUMN asked_by TEXT;
    """,
)

AUDIT_ANCHOR_VERSION = 5

LATEST_VERSION = len(MIGRATIONS)
