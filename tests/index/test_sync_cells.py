"""A sync re-clusters a matter's vectors as it grows (threshold forced low here)."""

from __future__ import annotations

from pathlib import Path

import pytest

from corpus_factory import CONTRACT_RO, NDA_EN, write_text
from letadesk.config import Paths, Settings
from letadesk.domain import SearchFilters
from letadesk.index import ivf
from letadesk.index.doctor import diagnose
from letadesk.index.sync import IndexSet
from letadesk.ingest.pipeline import ingest
from letadesk.store import index_rows, matters
from letadesk.store.database import open_database
from letadesk.store.transaction import transaction


def test_sync_reclusters_a_grown_matter(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ivf, "CELL_SIZE", 2)
    docs = tmp_path / "docs"
    write_text(docs, "contract.txt", CONTRACT_RO)
    paths = Paths.resolve(tmp_path / "profile")
    conn = open_database(paths.database)
    with transaction(conn):
        matter = matters.ensure_matter(conn, "M")
        other = matters.ensure_matter(conn, "Other")
    ingest(conn, matter, [docs], settings=Settings())
    indexes = IndexSet(conn, paths, Settings(), recluster_at=4)
    assert indexes.sync()
    n = index_rows.indexed_counts(conn)[matter.id]
    assert n >= 4
    vectors = indexes.vectors
    assert vectors.cells(matter.id) == ivf.cell_count(n) > 1
    assert diagnose(conn, indexes) == []  # doctor counts every vector, in every cell
    filters = SearchFilters(matter.id)
    assert len(indexes.search_dense("preţul serviciilor", filters, 50)) == n

    assert indexes.recluster_grown() == []  # not grown since
    write_text(docs, "nda.txt", NDA_EN)
    write_text(docs, "nda2.txt", NDA_EN.replace("MUTUAL", "ONE-WAY") * 3)
    ingest(conn, matter, [docs], settings=Settings())
    ingest(conn, other, [docs / "nda.txt"], settings=Settings())
    assert indexes.sync()
    grown = index_rows.indexed_counts(conn)[matter.id]
    assert grown >= 2 * n
    assert vectors.cells(matter.id) == ivf.cell_count(grown)
    assert len(indexes.search_dense("confidential information", filters, 200)) == grown
    assert diagnose(conn, indexes) == []

    assert vectors.cells(other.id) > 1
    with transaction(conn):
        gone = matters.delete_matter(conn, other.id)
    indexes.forget_documents(gone)  # what deleting or purging a matter does
    assert vectors.cells(other.id) == 1  # its centroids are forgotten with its vectors
    assert vectors.cells(matter.id) == ivf.cell_count(grown)
    conn.close()
