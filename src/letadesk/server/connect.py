"""Connecting to the firm server: libpq's own credentials only, and safe to log.

A connection string names the host, the database and (optionally) the role; the
password comes from libpq's mechanisms (``~/.pgpass``, a service file, ``PGPASSWORD``,
Kerberos, client certificates). A string that carries a password is refused before
anything connects, so that it never sits in shell history, ``ps`` or a log.
"""

from __future__ import annotations

import re
from typing import Any

import psycopg
from psycopg.conninfo import conninfo_to_dict

from letadesk.errors import ConfigError, LetaDeskError, StoreError

SCHEMA = "letadesk"
SEARCH_PATH = f"{SCHEMA},public"  # pgvector's type lives where its extension was created


def is_server_url(value: str) -> bool:
    """A libpq connection string: a URI, or ``keyword=value`` pairs (``service=firm``)."""
    text = value.strip()
    return (
        text.startswith(("postgresql://", "postgres://")) or re.match(r"\w+\s*=", text) is not None
    )


def checked_conninfo(url: str) -> dict[str, Any]:
    """``url`` parsed, or a ConfigError: not a PostgreSQL connection string, or one that
    holds a password."""
    if not is_server_url(url.strip()):
        raise ConfigError(  # not echoed: it may hold a secret
            "--backend: not a PostgreSQL connection string "
            "(postgresql://host/database, or keywords such as service=NAME)"
        )
    try:
        params = conninfo_to_dict(url.strip())
    except psycopg.ProgrammingError as exc:
        raise ConfigError(
            f"--backend: not a valid connection string ({str(exc).strip()})"
        ) from None
    if params.get("password"):
        raise ConfigError(
            "--backend: the connection string holds a password; give it through "
            "~/.pgpass, a pg_service.conf service or PGPASSWORD instead"
        )
    return params


def redacted(url: str) -> str:
    """``url`` as it may be logged or shown: any password replaced by ``***``."""
    if "://" in url and "@" in url.split("://", 1)[1].split("/", 1)[0]:
        scheme, rest = url.split("://", 1)
        userinfo, host = rest.split("@", 1)
        user = userinfo.split(":", 1)[0]
        return f"{scheme}://{user}{':***' if ':' in userinfo else ''}@{host}"
    return url


def describe(url: str) -> str:
    """Host and database, for messages ("db.firm.local/letadesk"); a ConfigError for a
    string that is not a valid one (as :func:`checked_conninfo`)."""
    params = checked_conninfo(url)
    host = params.get("host") or "localhost"
    if str(host).startswith("/"):
        host = "local socket"
    return f"{host}/{params.get('dbname') or params.get('service') or '(default)'}"


def connect(url: str, *, autocommit: bool = False) -> psycopg.Connection[Any]:
    """A connection with LetaDesk's schema first on the search path."""
    params = checked_conninfo(url)
    try:
        conn = psycopg.connect(
            **params, autocommit=autocommit, options=f"-c search_path={SEARCH_PATH}"
        )
    except psycopg.OperationalError as exc:
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise StoreError(f"cannot connect to the firm server {describe(url)}: {first}") from None
    return conn


def translated(exc: psycopg.Error, where: str, role: str = "") -> LetaDeskError:
    """A psycopg error met in a session on ``where`` as one LetaDesk error (one line):
    a connection lost (the server stopped or restarted, the network dropped) or another
    fault of the server's, a StoreError (exit 3); a refusal of this role's, a StoreError
    that says so; a value the server cannot store (a NUL character), a ConfigError."""
    lines = str(exc).strip().splitlines()
    first = lines[0] if lines else type(exc).__name__
    if isinstance(exc, psycopg.OperationalError):
        return StoreError(
            f"lost the connection to the firm server {where} ({first}); nothing half-written "
            "was kept: run the command again when the server is back"
        )
    if isinstance(exc, psycopg.errors.InsufficientPrivilege):
        who = f"role {role!r}" if role else "this role"
        return StoreError(f"the firm server {where} refused {who}: {first}")
    if isinstance(exc, psycopg.errors.LockNotAvailable):
        return StoreError(f"the firm server {where}: {first}")
    if isinstance(exc, psycopg.DataError):
        return ConfigError(f"the firm server {where} cannot take this value: {first}")
    return StoreError(f"the firm server {where} failed: {first}")
