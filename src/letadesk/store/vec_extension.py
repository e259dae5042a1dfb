"""Loading sqlite-vec into a connection: the only module that imports :mod:`sqlite_vec`.

The database opens every connection with it loaded (:func:`letadesk.store.database.
open_database`); the dense index (:mod:`letadesk.index.vector_index`) runs its ``vec0``
SQL on such a connection.
"""

from __future__ import annotations

import apsw

from letadesk.errors import IndexError_


def load_extension(conn: apsw.Connection) -> None:
    """Load sqlite-vec into ``conn`` (extension loading is switched off again after).

    Raises :class:`IndexError_` when the extension cannot be loaded."""
    import sqlite_vec

    try:
        conn.enable_load_extension(True)
        try:
            conn.load_extension(sqlite_vec.loadable_path())
        finally:
            conn.enable_load_extension(False)
    except apsw.Error as exc:
        raise IndexError_(f"cannot load sqlite-vec: {exc}") from exc
