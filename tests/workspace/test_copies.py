"""``workspace.copies``: what a copy to the firm server reads of the profile: its stored
vectors, read as stored, without loading the embedder."""

from __future__ import annotations

from pathlib import Path

from corpus_factory import NDA_EN, write_text
from letadesk.workspace import Workspace


def test_stored_vectors_are_read_for_the_fragments_that_have_one(
    workspace: Workspace, tmp_path: Path
) -> None:
    assert workspace.copies.vector_ids() == set()
    assert workspace.copies.vectors([1, 2]) == (None, {})  # no vector index yet
    workspace.documents.ingest([write_text(tmp_path / "docs", "nda.txt", NDA_EN)], matter="M")
    [doc] = workspace.documents.all("M")
    ids = [int(f.id) for f in workspace.documents.fragments(doc)]
    assert ids and workspace.copies.vector_ids() == set(ids)
    identity, vectors = workspace.copies.vectors([*ids[:2], 10**9])  # one: no fragment
    assert identity is not None and identity[1] > 0
    assert sorted(vectors) == ids[:2]
    assert all(v.shape == (identity[1],) for v in vectors.values())
