"""Reading pages and fragments: by document, by id, by locator, by keyword, and the
openings where a contract names its parties."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import apsw

from letadesk.domain import DocumentId, Fragment, FragmentId, Page, PageMethod, SearchFilters
from letadesk.store.filters import document_filter_sql
from letadesk.text import fold_lower

_FRAGMENT_COLUMNS = 'id, document_id, page, start, "end", locator, text'


def _fragment_columns(table: str = "fragments") -> str:
    """A :class:`Fragment`'s columns of ``table`` (a name or an alias), with the printed
    label of its page last."""
    cols = ", ".join(f"{table}.{c.strip()}" for c in _FRAGMENT_COLUMNS.split(","))
    return (
        f"{cols}, (SELECT label FROM pages WHERE pages.document_id = {table}.document_id "
        f"AND pages.number = {table}.page)"
    )


def pages(conn: apsw.Connection, document_id: int) -> list[Page]:
    rows = conn.execute(
        'SELECT document_id, number, label, start, "end", method, note FROM pages '
        "WHERE document_id = ? ORDER BY number",
        (document_id,),
    )
    return [Page(DocumentId(r[0]), r[1], r[2], r[3], r[4], PageMethod(r[5]), r[6]) for r in rows]


def _fragment(row: Sequence[Any]) -> Fragment:
    return Fragment(
        FragmentId(row[0]), DocumentId(row[1]), row[2], row[3], row[4], row[5], row[6], row[7] or ""
    )


def fragments_of(conn: apsw.Connection, document_id: int) -> list[Fragment]:
    rows = conn.execute(
        f"SELECT {_fragment_columns()} FROM fragments WHERE document_id = ? ORDER BY start",
        (document_id,),
    )
    return [_fragment(r) for r in rows]


def fragments_by_ids(conn: apsw.Connection, ids: Iterable[int]) -> dict[FragmentId, Fragment]:
    wanted = list(dict.fromkeys(ids))
    found: dict[FragmentId, Fragment] = {}
    for i in range(0, len(wanted), 500):
        chunk = wanted[i : i + 500]
        marks = ",".join("?" * len(chunk))
        for r in conn.execute(
            f"SELECT {_fragment_columns()} FROM fragments WHERE id IN ({marks})", chunk
        ):
            found[FragmentId(r[0])] = _fragment(r)
    return found


def openings(
    conn: apsw.Connection, filters: SearchFilters, chars: int = 1500
) -> dict[DocumentId, str]:
    """The text of each admissible document's fragments that start in its first
    ``chars`` characters (where a contract names its parties), joined."""
    where, args = document_filter_sql(filters)
    rows = conn.execute(
        f"SELECT document_id, group_concat(text, ' ') FROM (SELECT f.document_id, f.text "
        f"FROM fragments f JOIN documents d ON d.id = f.document_id "
        f"WHERE {where} AND f.start < ? ORDER BY f.document_id, f.start) "
        f"GROUP BY document_id",
        (*args, chars),
    )
    return {DocumentId(int(r[0])): str(r[1] or "") for r in rows}


def fragments_by_locator(
    conn: apsw.Connection, filters: SearchFilters, locator: str
) -> list[Fragment]:
    """Fragments admissible under ``filters`` whose locator equals ``locator`` or
    starts with it plus a space (``art. 57`` finds ``art. 57 alin. (1)``)."""
    where, args = document_filter_sql(filters)
    rows = conn.execute(
        f"SELECT {_fragment_columns('f')} "
        f"FROM fragments f JOIN documents d ON d.id = f.document_id "
        f"WHERE {where} AND (f.locator = ? OR substr(f.locator, 1, ?) = ?) "
        "ORDER BY f.document_id, f.start",
        (*args, locator, len(locator) + 1, locator + " "),
    )
    return [_fragment(r) for r in rows]


def keyword_hits(
    conn: apsw.Connection, filters: SearchFilters, words: Sequence[str], limit: int
) -> list[tuple[FragmentId, int]]:
    """Admissible fragments whose text, lower-cased and without diacritics, contains
    some of ``words`` (given that way), with how many: most first, then by id;
    at most ``limit``."""
    if not words:
        return []
    conn.create_scalar_function("fold_lower", _fold_lower, 1, deterministic=True)
    where, args = document_filter_sql(filters)
    hits = " + ".join(["(instr(fold_lower(f.text), ?) > 0)"] * len(words))
    rows = conn.execute(
        f"SELECT f.id, {hits} AS n FROM fragments f JOIN documents d ON d.id = f.document_id "
        f"WHERE {where} AND n > 0 ORDER BY n DESC, f.id LIMIT ?",
        (*words, *args, limit),
    )
    return [(FragmentId(int(r[0])), int(r[1])) for r in rows]


def _fold_lower(*values: object) -> str:
    """:func:`letadesk.text.fold_lower` as an SQLite function (its lower() folds ASCII
    only: not "Î", "Ș")."""
    return fold_lower(str(values[0] or ""))


def locators_of(conn: apsw.Connection, document_id: int) -> list[str]:
    """The distinct non-empty locators of a document's fragments, in document order."""
    rows = conn.execute(
        "SELECT locator FROM fragments WHERE document_id = ? AND locator != '' "
        "GROUP BY locator ORDER BY min(start)",
        (document_id,),
    )
    return [str(r[0]) for r in rows]
