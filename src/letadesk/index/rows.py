"""The index rows, as :mod:`letadesk.index.sync` imports them; they are read in
:mod:`letadesk.store.index_rows` (nothing outside ``store`` runs SQL)."""

from __future__ import annotations

from letadesk.store.index_rows import all_rows, rows_by_ids, rows_of_document

__all__ = ["all_rows", "rows_by_ids", "rows_of_document"]
