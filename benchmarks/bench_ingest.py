"""Ingestion throughput on the 182 CUAD PDFs: pages/s and fragments/s for reading
(parse in isolated workers + store), embedding throughput, peak memory, and the time
to re-ingest the unchanged set.

    .venv/bin/python benchmarks/bench_ingest.py [--limit N] [--embedder e5|minilm]
"""

from __future__ import annotations

import argparse
import tempfile
import time
from dataclasses import replace
from pathlib import Path

from _common import peak_rss_mb, shared_data
from letadesk.workspace import Workspace


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--limit", type=int, default=0, help="only the first N PDFs")
    parser.add_argument("--embedder", default="auto")
    args = parser.parse_args()
    pdfs = sorted((shared_data() / "cuad" / "pdf").iterdir())
    if args.limit:
        pdfs = pdfs[: args.limit]
    with tempfile.TemporaryDirectory() as tmp:
        ws = Workspace.open(Path(tmp))
        ws.settings = replace(ws.settings, embedder=args.embedder)
        marks: dict[str, float] = {}

        def reading(done: int, total: int, _p: str) -> None:
            marks["read_end"] = time.perf_counter()

        def embedding(done: int, total: int, _p: str) -> None:
            marks.setdefault("embed_start", marks.get("read_end", time.perf_counter()))
            marks["embed_end"] = time.perf_counter()

        start = time.perf_counter()
        report = ws.documents.ingest(
            pdfs, matter="CUAD", progress=reading, embed_progress=embedding
        )
        total = time.perf_counter() - start
        counts = ws.documents.counts()
        read_s = marks["read_end"] - start
        embed_s = marks.get("embed_end", marks["read_end"]) - marks["read_end"]
        again = time.perf_counter()
        second = ws.documents.ingest(pdfs, matter="CUAD")
        reingest_s = time.perf_counter() - again
        own, child = peak_rss_mb()
        print(f"files {len(pdfs)}  added {report.added}  failed {len(report.failed)}")
        print(f"pages {counts['pages']}  fragments {counts['fragments']}")
        print(
            f"reading (parse + store): {read_s:.1f} s  -> {counts['pages'] / read_s:.1f} "
            f"pages/s, {counts['fragments'] / read_s:.1f} fragments/s"
        )
        print(
            f"embedding ({ws.indexes.embedder.name}): {embed_s:.1f} s -> "
            f"{counts['fragments'] / max(embed_s, 1e-9):.1f} fragments/s"
        )
        print(f"whole ingest: {total:.1f} s")
        print(
            f"re-ingest unchanged: {reingest_s:.2f} s ({second.unchanged} unchanged), "
            f"ratio to first ingest {reingest_s / total:.4f}"
        )
        print(f"peak RSS: main process {own:.0f} MB, largest parser worker {child:.0f} MB")
        ws.close()


if __name__ == "__main__":
    main()
