"""A connection string that holds a password, however it is spelled, is refused by the
Settings check (which cannot import psycopg) and by the connection itself (libpq's own
parser), and is never written to settings.json."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from psycopg.conninfo import conninfo_to_dict

from letadesk.config import Paths, Settings, backend_problem
from letadesk.errors import ConfigError
from letadesk.server.connect import checked_conninfo

SPELLINGS = (
    "postgresql://ana:s3cret@db.firm.local/letadesk",
    "postgresql://ana:%73ecret@db.firm.local/letadesk",
    "postgresql://db.firm.local/letadesk?%70assword=pw",
    "postgresql://db.firm.local/letadesk?pass%77ord=pw",
    "postgresql://db.firm.local/letadesk?%70%61%73%73%77%6f%72%64=pw",
    "postgresql://db.firm.local/letadesk?sslmode=require&password=pw",
    "postgresql://db.firm.local/letadesk? password=pw",
    "postgres://db.firm.local/letadesk?password%20=pw",
    "host=db.firm.local password =pw",
    "host=db.firm.local password= pw",
    "host=db.firm.local  password\t=\tpw dbname=letadesk",
    "host=db.firm.local password='p w'",
    "dbname=letadesk password=pw",
)
CLEAN = (
    "postgresql://ana@db.firm.local/letadesk",
    "postgresql://db.firm.local/letadesk?sslmode=verify-full&sslrootcert=/etc/ca.pem",
    "service=letadesk",
    "host=db.firm.local dbname=letadesk user=ana passfile=/home/ana/.pgpass",
)


@pytest.mark.parametrize("url", SPELLINGS)
def test_every_spelling_libpq_reads_a_password_in_is_refused(url: str) -> None:
    try:
        parsed = conninfo_to_dict(url)
    except Exception:  # libpq refuses it outright: nothing to connect with
        parsed = {}
    if parsed:
        assert parsed.get("password"), (url, parsed)  # libpq does read a password there
    assert "password" in backend_problem(url)
    with pytest.raises(ConfigError):
        checked_conninfo(url)


@pytest.mark.parametrize("url", CLEAN)
def test_a_string_without_a_password_is_accepted(url: str) -> None:
    assert backend_problem(url) == ""
    assert not conninfo_to_dict(url).get("password")


def test_a_password_is_never_saved_nor_echoed(tmp_path: Path) -> None:
    paths = Paths.resolve(str(tmp_path / "p"))
    paths.root.mkdir(parents=True, exist_ok=True)
    with pytest.raises(ConfigError, match="pgpass"):
        Settings(backend="postgresql://db/letadesk?%70assword=s3cret").save(paths)
    assert not paths.settings_file.exists()
    paths.settings_file.write_text(
        json.dumps({"backend": "host=db password =s3cret"}), encoding="utf-8"
    )
    with pytest.raises(ConfigError) as refused:
        Settings.load(paths)
    assert "s3cret" not in str(refused.value)
