"""The firm server: LetaDesk's corpus, indexes and audit trail in PostgreSQL + pgvector.

The embedded profile (SQLite, tantivy, sqlite-vec) stays the default. A firm that shares
matters runs this backend on a PostgreSQL server its IT already operates:

* :mod:`.schema`: the tables, versioned migrations and roles; :mod:`.walls` (with
  :mod:`.audit_sql`): the ethical walls: a lawyer's role holds no privilege on any
  table and reads and writes only through functions that check her membership;
* :mod:`.connect`: connections through libpq's own credentials (service file,
  ``.pgpass``, environment), never a password on the command line or in the logs;
* :mod:`.corpus`, :mod:`.search`, :mod:`.audit`: the same ports the embedded profile
  implements (:mod:`letadesk.ports`), so the retrieval cascade and the four gates run
  unchanged;
* :mod:`.push`: an embedded profile copied to the server, matter by matter, document by
  document (incremental, kill-safe): ``letadesk migrate --to`` and server-side ingest;
* :mod:`.workspace`: the facade the CLI asks through.

This is the only package that imports :mod:`psycopg`.
"""
