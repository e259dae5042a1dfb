"""The server's schema: versioned migrations (:mod:`letadesk.server.migrations`), the two
group roles, row-level security.

``letadesk.schema_version`` holds the version reached; each step runs in one transaction
with the version bump.

Who is who:

* the **owner** (the role that ran ``letadesk server init``: IT's service account) owns
  the tables, writes the corpus (``migrate``, server-side ``ingest``) and, as owner, is
  not subject to row-level security;
* members of **letadesk_lawyer** (each lawyer's own login role) hold no privilege on
  any table (from step 4, :mod:`letadesk.server.walls`): they read only through SECURITY
  DEFINER functions that check their membership in ``matter_members``, and write nothing
  but audit records (``append_record``, which checks them and records who asked) and
  their own review cells;
* members of **letadesk_admin** see every matter's name and manage ``matter_members``
  (``letadesk matters grant/revoke``, through ``set_member``), and still read no
  document of a matter they are not a member of.

Membership is by ``session_user``: ``SET ROLE`` inside a session changes nothing.
"""

from __future__ import annotations

from typing import Any

import psycopg

from letadesk.errors import SchemaTooNewError, StoreError
from letadesk.server.connect import SCHEMA as _SCHEMA
from letadesk.server.migrations import ADMIN, LAWYER, MIGRATIONS

__all__ = ["ADMIN", "LATEST_VERSION", "LAWYER", "MIGRATIONS", "check_version", "migrate"]

_ROLES = f"""
DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '{LAWYER}') THEN
    CREATE ROLE {LAWYER} NOLOGIN;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '{ADMIN}') THEN
    CREATE ROLE {ADMIN} NOLOGIN;
  END IF;
END $$;
"""

LATEST_VERSION = len(MIGRATIONS)


def schema_version(conn: psycopg.Connection[Any]) -> int:
    """The version reached; 0 when LetaDesk's schema is not there."""
    row = conn.execute(
        "SELECT to_regclass(%s) IS NOT NULL", (f"{_SCHEMA}.schema_version",)
    ).fetchone()
    if not row or not row[0]:
        return 0
    reader = conn.execute(
        "SELECT to_regprocedure(%s) IS NOT NULL", (f"{_SCHEMA}.server_version()",)
    ).fetchone()
    if reader and reader[0]:  # from step 4, no role but the owner reads a table
        found = conn.execute(f"SELECT {_SCHEMA}.server_version()").fetchone()
    else:
        found = conn.execute(f"SELECT version FROM {_SCHEMA}.schema_version").fetchone()
    return int(found[0]) if found else 0


def check_version(conn: psycopg.Connection[Any]) -> None:
    """A StoreError when the server has no LetaDesk schema or an older one (run ``letadesk
    server init``), a SchemaTooNewError when a newer LetaDesk made it."""
    version = schema_version(conn)
    if version > LATEST_VERSION:
        raise SchemaTooNewError(
            f"the firm server's schema is version {version}; this LetaDesk knows up to "
            f"{LATEST_VERSION}: upgrade LetaDesk"
        )
    if version < LATEST_VERSION:
        raise StoreError(
            f"the firm server's schema is at version {version} of {LATEST_VERSION}: IT runs "
            "`letadesk --backend URL server init` to create or upgrade it"
        )


def migrate(conn: psycopg.Connection[Any]) -> int:
    """Create or upgrade the schema (the pgvector extension, the roles, every missing
    step); returns the version reached. Run by the role that will own the tables."""
    with conn.transaction():
        conn.execute("CREATE EXTENSION IF NOT EXISTS vector")
        conn.execute(_ROLES)
        conn.execute(f"CREATE SCHEMA IF NOT EXISTS {_SCHEMA}")
        conn.execute(
            f"CREATE TABLE IF NOT EXISTS {_SCHEMA}.schema_version (version integer NOT NULL)"
        )
        conn.execute(f"LOCK TABLE {_SCHEMA}.schema_version IN EXCLUSIVE MODE")
    version = schema_version(conn)
    if version > LATEST_VERSION:
        check_version(conn)
    for step in range(version, LATEST_VERSION):
        with conn.transaction():
            conn.execute(f"SET LOCAL search_path = {_SCHEMA}, public")
            conn.execute(MIGRATIONS[step])
            conn.execute(f"DELETE FROM {_SCHEMA}.schema_version")
            conn.execute(f"INSERT INTO {_SCHEMA}.schema_version VALUES (%s)", (step + 1,))
    return LATEST_VERSION
