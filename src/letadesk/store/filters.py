"""Search filters as SQL: the conditions every store query that answers a search
applies inside itself (never to its results)."""

from __future__ import annotations

from typing import Any

from letadesk.domain import SearchFilters


def document_filter_sql(filters: SearchFilters, alias: str = "d") -> tuple[str, list[Any]]:
    """SQL conditions (on the documents table ``alias``) equivalent to ``filters``."""
    where = [f"{alias}.matter_id = ?", f"{alias}.status = 'indexed'"]
    args: list[Any] = [filters.matter_id]
    if filters.document_id is not None:
        where.append(f"{alias}.id = ?")
        args.append(filters.document_id)
    if filters.jurisdiction:
        where.append(f"{alias}.jurisdiction = ?")
        args.append(filters.jurisdiction)
    if filters.legal_force:
        where.append(f"{alias}.legal_force = ?")
        args.append(filters.legal_force)
    if filters.as_of is not None:
        day = filters.as_of.isoformat()
        where.append(
            f"({alias}.valid_from IS NULL OR {alias}.valid_from <= ?) "
            f"AND ({alias}.valid_to IS NULL OR {alias}.valid_to >= ?)"
        )
        args.extend([day, day])
    return " AND ".join(where), args
