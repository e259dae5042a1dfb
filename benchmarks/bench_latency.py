"""Search latency per query, p50 / p95: lexical (BM25), dense (query embedding + KNN),
the KNN alone, and hybrid through ``ws.search`` (the full cascade, as the app runs it).

(a) on the CUAD profile of bench_retrieval.py (/tmp/letadesk-bench/cuad, built if absent);
(b) at >= 100,000 fragments: generated .txt files that concatenate shuffled CUAD
    paragraphs (the lexical index holds real text), while the vector table is filled
    with random unit vectors through ``VectorIndex.upsert`` - embedding 100k fragments
    would take hours on this CPU, and the KNN cost does not depend on vector content.
    The matter is then split into cells (``VectorIndex.recluster``, as a sync does at
    50,000 vectors), and searched in a fresh process (``--search-only``), whose peak
    resident memory is the search process's; the build's own time, memory and the
    size of the profile on disk are printed too. Random vectors have no clusters, so
    only latency means something there: recall is measured in tests/index.

    .venv/bin/python benchmarks/bench_latency.py [--fragments N] [--cuad N] [--scale-only]
"""

# ruff: noqa: E402  (the imports follow prepare_environment(), on purpose)
from __future__ import annotations

# first, before numpy loads: the environment the app's entry point sets (numpy gets one
# BLAS thread, OpenMP threads wait passively); importing letadesk sets nothing itself
from letadesk.offline import prepare_environment  # isort: skip

prepare_environment()

import argparse
import random
import re
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

from _common import peak_rss_mb, percentile, shared_data
from letadesk.ingest.pipeline import ingest
from letadesk.ingest.readers import read_document
from letadesk.retrieve.cascade import CANDIDATES
from letadesk.store.index_rows import all_rows
from letadesk.store.transaction import transaction
from letadesk.workspace import Workspace
from retrieval_sets import CUAD_QUESTIONS, ROOT, cuad_queries

RESULTS = Path(__file__).resolve().parent / "results" / "latency.txt"
EXTRA_QUESTIONS = [
    "Can either party terminate the agreement upon a material breach?",
    "What are the payment terms and when are invoices due?",
    "Who is responsible for indemnifying the other party against third party claims?",
    "How are disputes resolved, is there arbitration?",
    "What confidentiality obligations do the parties have?",
    "Where must notices under the agreement be sent?",
    "Is there a force majeure clause?",
    "What representations and warranties does the supplier give?",
    "What happens to confidential information when the agreement ends?",
]
QUESTIONS = [*CUAD_QUESTIONS.values(), *EXTRA_QUESTIONS]  # 41 + 9 = 50


def measure(name: str, fn: Callable[[str], object], questions: list[str]) -> str:
    fn(questions[-1])  # warm-up: model load, index open (the last is not cached by then)
    times = []
    for q in questions:
        t = time.perf_counter()
        fn(q)
        times.append((time.perf_counter() - t) * 1000)
    return (
        f"| {name} | {percentile(times, 0.5):.1f} | {percentile(times, 0.95):.1f} | "
        f"{max(times):.1f} |"
    )


def latency_table(
    title: str, ws: Workspace, matter: str, questions: list[str], naming: list[str]
) -> str:
    filters = ws.filters(matter)
    vectors = ws.indexes.vectors
    embedder = ws.indexes.embedder
    qvec = {q: embedder.embed_query(q) for q in questions}
    rows = [
        measure(
            "lexical (BM25, 50)",
            lambda q: ws.indexes.search_lexical(q, filters, CANDIDATES),
            questions,
        ),
        measure(
            "dense KNN only (50)", lambda q: vectors.search(qvec[q], filters, CANDIDATES), questions
        ),
        measure(
            "dense (embed query + KNN, 50)",
            lambda q: ws.indexes.search_dense(q, filters, CANDIDATES),
            questions,
        ),
        measure("hybrid, ws.search (k=20)", lambda q: ws.search(q, matter=matter, k=20), questions),
    ]
    if naming:
        rows.append(
            measure(
                f"ws.search, the question names a contract ({len(naming)} q.)",
                lambda q: ws.search(q, matter=matter, k=20),
                naming,
            )
        )
    return "\n".join(
        [f"### {title}", "", "| search | p50 ms | p95 ms | max ms |", "|---|---:|---:|---:|", *rows]
    )


# ---- the 100k profile --------------------------------------------------------------------


def paragraphs() -> list[str]:
    out = []
    for path in sorted((shared_data() / "cuad" / "txt").glob("*.txt")):
        for para in re.split(r"\n\s*\n", path.read_text(encoding="utf-8", errors="replace")):
            para = para.strip()
            if len(para) >= 40:
                out.append(para)
    return out


def generate(folder: Path, target: int) -> list[Path]:
    """Deterministic .txt files of shuffled CUAD paragraphs, >= target fragments in all."""
    folder.mkdir(parents=True, exist_ok=True)
    pool = paragraphs()
    files: list[Path] = []
    total = 0
    i = 0
    while total < target:
        path = folder / f"synthetic_{i:04d}.txt"
        if not path.exists():
            rng = random.Random(i)
            path.write_text("\n\n".join(rng.sample(pool, 400)) + "\n", encoding="utf-8")
        total += len(read_document(path).fragments)
        files.append(path)
        i += 1
    print(f"  {len(files)} generated files, {total} fragments expected", flush=True)
    return files


def scale_home(target: int) -> Path:
    return ROOT / f"scale{target // 1000}k"


def scale_profile(target: int) -> Workspace:
    ws = Workspace.open(scale_home(target))
    files = generate(ROOT / f"scale{target // 1000}k-src", target)
    t = time.perf_counter()
    matter = ws.matters.create("Scale")
    report = ingest(ws._conn, matter, files, settings=ws.settings)
    ws.indexes.sync(embed=False)
    print(
        f"  ingest without embedding: added {report.added}, unchanged {report.unchanged}, "
        f"{time.perf_counter() - t:.0f} s",
        flush=True,
    )
    vectors = ws.indexes.vectors
    have = vectors.embedded_fragment_ids()
    missing = [r for r in all_rows(ws._conn) if r.fragment_id not in have]
    t = time.perf_counter()
    rng = np.random.default_rng(0)
    dim = ws.indexes.embedder.dim
    for start in range(0, len(missing), 5000):
        batch = missing[start : start + 5000]
        vecs = rng.standard_normal((len(batch), dim)).astype(np.float32)
        vecs /= np.linalg.norm(vecs, axis=1, keepdims=True)
        with transaction(ws._conn):
            vectors.upsert(
                [r.vector_row() for r in batch],
                vecs,
            )
    print(
        f"  {len(missing)} random unit vectors stored in {time.perf_counter() - t:.0f} s",
        flush=True,
    )
    if missing or vectors.cells(matter.id) == 1:
        t = time.perf_counter()
        cells = vectors.recluster(matter.id)
        print(f"  re-clustered into {cells} cells in {time.perf_counter() - t:.0f} s", flush=True)
    return ws


def disk_use(ws: Workspace) -> str:
    """The profile's size on disk: the database (with its WAL; pages freed by the
    re-clustering are reused by later writes), the lexical index."""

    def mb(p: Path) -> float:
        files = [p] if p.is_file() else [f for f in p.rglob("*") if f.is_file()]
        return sum(f.stat().st_size for f in files) / 1e6

    db = ws.paths.database
    wal = db.with_name(db.name + "-wal")
    page = ws._conn.execute("PRAGMA page_size").fetchone()[0]
    free = ws._conn.execute("PRAGMA freelist_count").fetchone()[0] * page / 1e6
    wal_mb = mb(wal) if wal.exists() else 0.0
    return (
        f"on disk: database {mb(db):.0f} MB ({free:.0f} MB of it free pages), WAL "
        f"{wal_mb:.0f} MB, lexical index {mb(ws.paths.lexical_index):.0f} MB"
    )


def search_scale(target: int) -> str:
    """Table (b), in this process: run as a child, its peak memory is the search's."""
    ws = Workspace.open(scale_home(target))
    n = ws.documents.counts()["fragments"]
    matter = ws.matters.named("Scale")
    cells = ws.indexes.vectors.cells(matter.id)
    title = f"(b) scale profile: {n} fragments in one matter, {cells} cells"
    # the first pass reads each question's cells from disk or the OS cache, as they are;
    # the second finds them in memory (a matter searched all day)
    tables = [
        latency_table(f"{title}; {which} pass over the questions", ws, "Scale", QUESTIONS, [])
        for which in ("first", "second")
    ]
    ws.close()
    memory = f"search process: peak resident memory {peak_rss_mb()[0]:.0f} MB"
    return "\n\n".join([*tables, memory])


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument(
        "--fragments", type=int, default=100_000, help="fragments in the scale profile"
    )
    parser.add_argument(
        "--cuad", type=int, default=200, help="contracts in the CUAD profile (200 = all)"
    )
    parser.add_argument("--scale-only", action="store_true", help="only the scale profile")
    parser.add_argument("--search-only", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.search_only:  # the child of scale(): search an existing scale profile
        print(search_scale(args.fragments), flush=True)
        return
    started = time.perf_counter()
    out = ["# Search latency per query (50 CUAD-style questions, one process, warm)"]
    if not args.scale_only:
        out.append(cuad_table(args.cuad))
        print(out[-1] + "\n", flush=True)
    out += scale(args.fragments)
    print("\n\n".join(out[-2:]) + "\n", flush=True)
    out.append(f"run time {time.perf_counter() - started:.0f} s")
    results = RESULTS if not args.scale_only else RESULTS.with_name(f"latency_{args.fragments}.txt")
    results.parent.mkdir(parents=True, exist_ok=True)
    results.write_text("\n\n".join(out) + "\n", encoding="utf-8")
    print(f"written to {results}")


def cuad_table(limit: int) -> str:
    ws, queries, _note = cuad_queries(limit)
    n = ws.documents.counts()["fragments"]
    naming = list(dict.fromkeys(q.naming for q in queries if q.naming))[:50]
    docs = len(ws.documents.all("CUAD"))
    table = latency_table(
        f"(a) CUAD profile: {docs} contracts, {n} fragments, embedder {ws.indexes.embedder.name}",
        ws,
        "CUAD",
        QUESTIONS,
        naming,
    )
    ws.close()
    return table


def scale(target: int) -> list[str]:
    """Build (or reuse) the scale profile here, then search it in a fresh process."""
    t = time.perf_counter()
    ws = scale_profile(target)
    n = ws.documents.counts()["fragments"]
    built = (
        f"build {time.perf_counter() - t:.0f} s, its peak resident memory "
        f"{max(peak_rss_mb()):.0f} MB; {disk_use(ws)}"
    )
    ws.close()
    print(f"  {built}", flush=True)
    child = subprocess.run(
        [sys.executable, __file__, "--fragments", str(target), "--search-only"],
        stdout=subprocess.PIPE,
        text=True,
        check=True,
    )
    note = (
        f"(b) uses real CUAD text in the lexical index but RANDOM unit vectors in the vector "
        f"table (embedding {n} fragments would take hours on this CPU; KNN cost does not "
        f"depend on vector content, but random vectors have no clusters, so recall is not "
        f"measured here). The query is still embedded by the real model. {built}."
    )
    return [note, child.stdout.strip()]


if __name__ == "__main__":
    main()
