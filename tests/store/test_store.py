"""Schema migrations, backups and the refusal to open a newer schema."""

from __future__ import annotations

from pathlib import Path

import apsw
import pytest

from letadesk.errors import ConfigError, SchemaTooNewError
from letadesk.store.database import open_database, schema_version
from letadesk.store.schema import LATEST_VERSION, MIGRATIONS
from letadesk.workspace import Workspace


def test_fresh_database_reaches_latest_version(tmp_path: Path) -> None:
    conn = open_database(tmp_path / "db.sqlite3", backups=tmp_path / "backups")
    assert schema_version(conn) == LATEST_VERSION
    assert not (tmp_path / "backups").exists()  # nothing to back up on creation


def test_migrating_an_older_database_backs_it_up_first(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3"
    old = apsw.Connection(str(path))
    old.execute(MIGRATIONS[0])
    old.execute("PRAGMA user_version=1")
    old.execute("INSERT INTO matters(name) VALUES ('kept')")
    old.close()
    conn = open_database(path, backups=tmp_path / "backups")
    assert schema_version(conn) == LATEST_VERSION
    backups = list((tmp_path / "backups").glob("*.sqlite3"))
    assert len(backups) == 1
    copy = apsw.Connection(str(backups[0]))
    assert copy.execute("PRAGMA user_version").fetchone()[0] == 1
    assert copy.execute("SELECT name FROM matters").fetchall() == [("kept",)]
    assert conn.execute("SELECT name FROM matters").fetchall() == [("kept",)]


def test_newer_schema_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3"
    open_database(path).close()
    raw = apsw.Connection(str(path))
    raw.execute(f"PRAGMA user_version={LATEST_VERSION + 1}")
    raw.close()
    with pytest.raises(SchemaTooNewError, match="newer"):
        open_database(path)


def test_renaming_a_matter_to_a_taken_name_is_a_clear_error(workspace: Workspace) -> None:
    """Before: apsw.ConstraintError (UNIQUE constraint failed) escaped the error tree."""
    workspace.matters.create("Alpha")
    workspace.matters.create("Beta")
    with pytest.raises(
        ConfigError,
        match="cannot rename the matter to 'Alpha': another matter already has that name",
    ) as caught:
        workspace.matters.rename("Beta", "Alpha")
    assert caught.value.exit_code == 2
    assert sorted(m.name for m in workspace.matters.all()) == ["Alpha", "Beta"]
