"""Retrieval recall, character-level as LegalBench-RAG defines it: for one query,
recall@k = |gold characters covered by the [start, end) ranges of the top-k retrieved
fragments (same document)| / |gold characters|, averaged over queries.

Four retrievers: BM25 only, dense only, hybrid (the product's fusion of the two,
``letadesk.retrieve.fusion.hybrid_fusion``, 50 candidates each, as ``Retriever._hybrid``)
and the full cascade (``ws.search``). The data sets (CUAD, ContractNLI, Romanian) and
their dev / eval split are described in ``retrieval_sets.py``; only the eval split is
scored here (the fusion was chosen on the dev split by ``tune_fusion.py``). CUAD and
ContractNLI are reported over the whole matter (as LegalBench-RAG) and scoped to the
gold document.

Each table ends with hybrid's recall@8 minus each single retriever's, with a 95%
interval from a paired bootstrap. Queries that share one ranked list (the same question
asked over the whole matter for each of its contracts) are resampled together, so an
interval over 17 distinct ContractNLI hypotheses is as wide as 17 lists make it.

    .venv/bin/python benchmarks/bench_retrieval.py [--cuad N] [--cnli N] [--ro-max-frags N]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from letadesk.retrieve.cascade import CANDIDATES
from letadesk.retrieve.fusion import describe_fusion, hybrid_fusion
from retrieval_sets import (
    EMBEDDER,
    Candidates,
    Ranker,
    as_naming,
    cache_query_embeddings,
    char_recall,
    cnli_queries,
    collect,
    cuad_queries,
    mean_recall,
    ro_queries,
)

RESULTS = (
    Path(__file__).resolve().parent
    / "results"
    / (f"retrieval_{EMBEDDER.replace('-', '_')}.txt" if EMBEDDER else "retrieval.txt")
)
KS = (1, 4, 8, 32)
RETRIEVERS = ("BM25", "dense", "hybrid", "cascade")
REFERENCE = {"CUAD": "64.4%", "ContractNLI": "69.9%"}
NAMING = "CUAD, whole matter, the question names the contract (LegalBench-RAG form)"


@dataclass
class Result:
    name: str
    queries: int
    recall: dict[str, list[float]] = field(default_factory=dict)  # retriever -> per k
    note: str = ""
    margins: list[str] = field(default_factory=list)  # hybrid against each single retriever


def rankers(*, scoped: bool) -> dict[str, Ranker]:
    """Fragment ids best first, per retriever; hybrid is the product's own fusion."""
    return {
        "BM25": lambda c: [i for i, _ in c.lexical],
        "dense": lambda c: [i for i, _ in c.dense],
        "hybrid": lambda c: [
            i
            for i, _ in hybrid_fusion(
                c.query.text, c.lexical, c.dense, limit=max(KS), scoped=scoped
            )
        ],
    }


def ranked_list(c: Candidates, *, scoped: bool) -> object:
    """What identifies a query's ranked list: its text, and its document when scoped."""
    return (c.query.text, c.query.document_id) if scoped else c.query.text


def paired_margin(
    cands: Sequence[Candidates],
    better: Ranker,
    worse: Ranker,
    *,
    k: int,
    scoped: bool,
    rounds: int = 2000,
) -> tuple[float, float, float]:
    """Mean recall@k of ``better`` minus ``worse``, and a 95% paired-bootstrap interval.
    Queries with one ranked list (same text, same scope) are one resampling unit."""
    units: dict[object, list[float]] = {}
    for c in cands:
        unit = ranked_list(c, scoped=scoped)
        diff = char_recall(c.query.gold, c.ranked(better(c)[:k])) - char_recall(
            c.query.gold, c.ranked(worse(c)[:k])
        )
        units.setdefault(unit, []).append(diff)
    groups = list(units.values())
    total = sum(len(g) for g in groups)
    mean = sum(sum(g) for g in groups) / max(1, total)
    rng = random.Random(0)
    means = []
    for _ in range(rounds):
        sample = [groups[rng.randrange(len(groups))] for _ in groups]
        means.append(sum(sum(g) for g in sample) / max(1, sum(len(g) for g in sample)))
    means.sort()
    return mean, means[int(0.025 * rounds)], means[int(0.975 * rounds) - 1]


def evaluate(name: str, cands: Sequence[Candidates], note: str, *, scoped: bool) -> Result:
    result = Result(name, len(cands), note=note)
    ranks = rankers(scoped=scoped)
    for r, rank in ranks.items():
        result.recall[r] = [mean_recall(cands, rank, k) for k in KS]
    result.recall["cascade"] = [
        sum(char_recall(c.query.gold, c.cascade[:k]) for c in cands) / max(1, len(cands))
        for k in KS
    ]
    units = len({ranked_list(c, scoped=scoped) for c in cands})
    for single in ("BM25", "dense"):
        mean, low, high = paired_margin(cands, ranks["hybrid"], ranks[single], k=8, scoped=scoped)
        result.margins.append(
            f"hybrid − {single} at recall@8: {100 * mean:+.1f} points "
            f"(95% interval {100 * low:+.1f} to {100 * high:+.1f}; "
            f"{units} ranked lists)"
        )
    return result


def table(result: Result) -> str:
    head = "| retriever | " + " | ".join(f"recall@{k}" for k in KS) + " |"
    lines = [
        f"### {result.name} ({result.queries} queries)",
        "",
        result.note,
        "",
        head,
        "|---|" + "---:|" * len(KS),
    ]
    for r in RETRIEVERS:
        lines.append(f"| {r} | " + " | ".join(f"{100 * v:.1f}%" for v in result.recall[r]) + " |")
    lines += ["", *result.margins]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--cuad", type=int, default=200, help="CUAD contracts (200 = all)")
    parser.add_argument("--cnli", type=int, default=0, help="ContractNLI NDAs (0 = all 61)")
    parser.add_argument(
        "--ro-max-frags",
        type=int,
        default=0,
        help="fragment budget for the Romanian files, smallest first (0 = all)",
    )
    parser.add_argument("--sets", default="cuad,cnli,ro")
    parser.add_argument("--build-only", action="store_true", help="only build the profiles")
    args = parser.parse_args()
    sets = args.sets.split(",")
    started = time.perf_counter()
    results: list[Result] = []
    embedder = ""
    for key in sets:
        t0 = time.perf_counter()
        if key == "cuad":
            ws, queries, note = cuad_queries(args.cuad)
            runs = [
                ("CUAD, whole matter", False),
                ("CUAD, scoped to the contract", True),
                (NAMING, False),
            ]
            matter = "CUAD"
        elif key == "cnli":
            ws, queries, note = cnli_queries(args.cnli)
            runs = [("ContractNLI, whole matter", False), ("ContractNLI, scoped to the NDA", True)]
            matter = "ContractNLI"
        elif key == "ro":
            ws, queries, note = ro_queries(args.ro_max_frags)
            runs = [("Romanian, whole matter", False)]
            matter = "RO"
        else:
            sys.exit(f"unknown set {key!r}")
        print(f"{key}: profile ready in {time.perf_counter() - t0:.0f} s; {note}", flush=True)
        if args.build_only:
            ws.close()
            continue
        cache_query_embeddings(ws)
        embedder = ws.indexes.embedder.name
        held_out = [q for q in queries if not q.dev]
        for title, scoped in runs:
            asked = as_naming(held_out) if title == NAMING else held_out
            cands = collect(ws, matter, asked, scoped=scoped, label=title)
            split = f"eval split: {len(asked)} of {len(queries)} queries"
            results.append(evaluate(title, cands, f"{note}; {split}", scoped=scoped))
            print("\n" + table(results[-1]) + "\n", flush=True)
        ws.close()
    if args.build_only:
        return
    header = [
        "# Retrieval recall (character-level, LegalBench-RAG definition)",
        "",
        f"embedder {embedder}; hybrid = {describe_fusion()} of BM25 and dense, "
        f"{CANDIDATES} candidates each; cascade = ws.search (exact reference, hybrid, "
        "keyword fallback).",
        "Only eval-split queries are scored; the dev split (about one in four, by document "
        "for CUAD and ContractNLI) is what tune_fusion.py chose the fusion on.",
        "LegalBench-RAG reference, recall@32 (its best configuration, whole corpus): "
        + ", ".join(f"{k} {v}" for k, v in REFERENCE.items())
        + ". Its corpora, queries and chunking differ from these subsets, so compare the "
        "order of magnitude only.",
        f"run time {time.perf_counter() - started:.0f} s",
        "",
    ]
    text = "\n".join(header) + "\n" + "\n\n".join(table(r) for r in results) + "\n"
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(text, encoding="utf-8")
    print(f"written to {RESULTS}")


if __name__ == "__main__":
    main()
