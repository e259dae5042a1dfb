"""Which embedder should "auto" pick? Retrieval quality of MiniLM vs e5 on shared data.

Three small, honest checks (top-1 accuracy and hit@5; a query is a hit when a
relevant passage is ranked there):

* RO: Codul civil, article title -> article body. 500 articles, 60 of them used
  as queries (titles that occur once), seeded sample.
* EN-CUAD: clause category name -> clause excerpt. 500 excerpts pooled over the
  categories; relevant = excerpts of the queried category.
* EN-NLI: ContractNLI hypothesis -> evidence span, ranked among the spans of the
  same NDA (first 12 documents, Entailment/Contradiction annotations).

Run: ``.venv/bin/python benchmarks/bench_embedder_choice.py``
"""

from __future__ import annotations

import ast
import csv
import json
import random
import re
import sys
import time
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from letadesk.index.embedder import Embedder, make_embedder

DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data"
SEED = 20240611
_ARTICLE = re.compile(r"^Articolul (\d+)\s*$")
_SKIP_CUAD = {"Document Name", "Parties", "Agreement Date", "Effective Date", "Expiration Date"}


def civil_code_articles(path: Path) -> list[tuple[str, str]]:
    """``(title, body)`` for each ``Articolul N`` followed by a title line."""
    lines = path.read_text(encoding="utf-8").splitlines()
    out: list[tuple[str, str]] = []
    i = 0
    while i < len(lines):
        if _ARTICLE.match(lines[i].strip()):
            j = i + 1
            while j < len(lines) and not lines[j].strip():
                j += 1
            title, body = lines[j].strip() if j < len(lines) else "", []
            k = j + 1
            while k < len(lines) and not _ARTICLE.match(lines[k].strip()):
                if lines[k].strip() and not re.match(
                    r"^(Titlul|Capitolul|Secţiunea|Cartea)", lines[k].strip()
                ):
                    body.append(lines[k].strip())
                k += 1
            if title and body:
                out.append((title, " ".join(body)))
            i = k
        else:
            i += 1
    return out


def ro_task() -> tuple[list[str], list[str], list[set[int]]]:
    arts = civil_code_articles(next((DATA / "ro" / "codes_original").glob("codul_civil*.txt")))
    rng = random.Random(SEED)
    pool = rng.sample(arts, 500)
    counts: dict[str, int] = {}
    for title, _ in arts:
        counts[title] = counts.get(title, 0) + 1
    unique = [i for i, (t, _) in enumerate(pool) if counts[t] == 1]
    chosen = rng.sample(unique, 60)
    return [pool[i][0] for i in chosen], [b for _, b in pool], [{i} for i in chosen]


def cuad_task() -> tuple[list[str], list[str], list[set[int]]]:
    csv.field_size_limit(1 << 30)
    with (DATA / "cuad" / "master_clauses.csv").open(encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    cats = [
        c for c in rows[0] if not c.endswith("Answer") and c != "Filename" and c not in _SKIP_CUAD
    ]
    items = [
        (cat, ex)
        for row in rows
        for cat in cats
        for ex in ast.literal_eval(row[cat] or "[]")
        if 40 <= len(ex) <= 1500
    ]
    pool = random.Random(SEED).sample(items, 500)
    queries = sorted({cat for cat, _ in pool})
    rel = [{i for i, (c, _) in enumerate(pool) if c == q} for q in queries]
    return queries, [ex for _, ex in pool], rel


def nli_tasks(n_docs: int = 12) -> list[tuple[list[str], list[str], list[set[int]]]]:
    data = json.loads((DATA / "contractnli" / "dev.json").read_text(encoding="utf-8"))
    labels = data["labels"]
    tasks = []
    for doc in data["documents"][:n_docs]:
        spans = [doc["text"][a:b] for a, b in doc["spans"]]
        queries, rel = [], []
        for hyp, ann in doc["annotation_sets"][0]["annotations"].items():
            if ann["choice"] != "NotMentioned" and ann["spans"]:
                queries.append(labels[hyp]["hypothesis"])
                rel.append(set(ann["spans"]))
        tasks.append((queries, spans, rel))
    return tasks


def score(
    emb: Embedder, queries: Sequence[str], passages: Sequence[str], rel: Sequence[set[int]]
) -> tuple[int, int, int]:
    """(top-1 hits, hit@5, number of queries)."""
    p = emb.embed_passages(passages)
    top1 = top5 = 0
    for q, relevant in zip(queries, rel, strict=True):
        ranked = np.argsort(-(p @ emb.embed_query(q)))[:5].tolist()
        top1 += ranked[0] in relevant
        top5 += bool(relevant.intersection(ranked))
    return top1, top5, len(queries)


def main() -> int:
    if not DATA.is_dir():
        print("../shared/data not present")
        return 0
    tasks = {
        "RO civil title->article": [ro_task()],
        "EN CUAD category->clause": [cuad_task()],
        "EN ContractNLI hyp->span": nli_tasks(),
    }
    print(f"{'task':28} {'embedder':8} {'n':>4} {'top1':>6} {'hit@5':>6} {'secs':>6}")
    for name in ("minilm", "e5"):
        emb = make_embedder(name)
        for task, parts in tasks.items():
            t0 = time.perf_counter()
            sums = np.sum([score(emb, *part) for part in parts], axis=0)
            n = int(sums[2])
            print(
                f"{task:28} {name:8} {n:4d} {sums[0] / n:6.3f} {sums[1] / n:6.3f} "
                f"{time.perf_counter() - t0:6.1f}",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
