"""Relevance on natural questions, per language: the shipped judge against e5-small.

    PYTHONPATH=. .venv/bin/python benchmarks/judge_natural.py [--per-question 40]

The judge learnt relevance from template questions (CUAD's category questions in our
phrasings, ContractNLI's hypotheses, Romanian questions made from article titles). This
asks questions written as lawyers ask them, which no model here was trained on:

* Romanian: ``data/ro_questions.jsonl`` on the codes of ``ro/codes_original`` (the
  question's article's sentences are positives; negatives: the sentences of other
  articles of the same code sharing most of the question's words, and random ones);
* English: ``data/natural_cuad.jsonl`` (paraphrased CUAD category questions) on the
  validation CUAD contracts holding the category (positives: sentences overlapping its
  annotated excerpts; negatives as above, from the same contract).

For each language: pooled AUC of the judge's calibrated relevance and of e5-small's
cosine (query/passage prefixes, zero-shot: e5 was never fine-tuned as a judge), and the
share of questions whose best-scored sentence is a positive. The Romanian figures are
split by whether the code was on the judge's training side (it saw title questions of
its articles) or its validation side. Writes ``results/judge_natural.txt``.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Sequence
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from letadesk.index.e5_onnx_embedder import E5OnnxEmbedder, built_model  # noqa: E402
from letadesk.ingest.text_reader import clean_text  # noqa: E402
from letadesk.judge import default_judge  # noqa: E402
from training.build_data import (  # noqa: E402
    DATA,
    cuad_contracts,
    locate,
    negatives,
    overlaps,
    ro_articles,
    touches,
    units,
)
from training.splits import split_of  # noqa: E402

RESULTS = ROOT / "benchmarks" / "results" / "judge_natural.txt"
SEED = 20261205
CONTRACTS_PER_QUESTION = 3
Case = tuple[str, str, str, list[str], list[int]]  # lang, group, question, texts, labels


def auc(scores: Sequence[float], labels: Sequence[int]) -> float:
    pos = np.array([s for s, y in zip(scores, labels, strict=True) if y])
    neg = np.array([s for s, y in zip(scores, labels, strict=True) if not y])
    if not len(pos) or not len(neg):
        return float("nan")
    wins = (pos[:, None] > neg[None, :]).sum() + 0.5 * (pos[:, None] == neg[None, :]).sum()
    return float(wins / (len(pos) * len(neg)))


def romanian_cases(rng: random.Random, per_question: int) -> list[Case]:
    cases: list[Case] = []
    cache: dict[str, tuple[list[tuple[str, str, int, int]], list]] = {}  # type: ignore[type-arg]
    for line in (ROOT / "benchmarks" / "data" / "ro_questions.jsonl").open(encoding="utf-8"):
        row = json.loads(line)
        if not row["file"].startswith("codes_original/"):
            continue
        path = DATA / "ro" / row["file"]
        if path.name not in cache:
            text = clean_text(path.read_text(encoding="utf-8"))
            cache[path.name] = (ro_articles(text), units(text, "ro"))
        articles, pool = cache[path.name]
        found = [(s, e) for number, _, s, e in articles if number == row["article"]]
        if not found:
            continue
        s, e = found[0]
        pos = [u for u in pool if s <= u.start < e][:4]
        free = [u for u in pool if not (s <= u.start < e)]
        neg = negatives(row["question"], free, rng, hard=per_question // 2, easy=per_question // 2)
        if pos:
            group = f"ro, {split_of(path.name)} code"
            labels = [1] * len(pos) + [0] * len(neg)
            cases.append(("ro", group, row["question"], [u.text for u in pos + neg], labels))
    return cases


def english_cases(rng: random.Random, per_question: int) -> list[Case]:
    import ast

    questions = [
        json.loads(line)
        for line in (ROOT / "benchmarks" / "data" / "natural_cuad.jsonl").open(encoding="utf-8")
    ]
    contracts = [c for c in cuad_contracts() if split_of(c[1].name) == "val"]
    cases: list[Case] = []
    pools = {path.name: units(text, "en") for _, path, text in contracts}
    for q in questions:
        holding = []
        for row, path, text in contracts:
            spans = [locate(text, ex) for ex in ast.literal_eval(row.get(q["category"]) or "[]")]
            spans = [sp for sp in spans if sp is not None]
            if spans:
                holding.append((path.name, spans))
        for name, spans in rng.sample(holding, min(CONTRACTS_PER_QUESTION, len(holding))):
            pool = pools[name]
            pos = [u for u in pool if overlaps(u, spans)][:4]
            free = [u for u in pool if not touches(u, spans)]
            neg = negatives(
                q["question"], free, rng, hard=per_question // 2, easy=per_question // 2
            )
            if pos:
                labels = [1] * len(pos) + [0] * len(neg)
                cases.append(
                    (
                        "en",
                        "en, validation contracts",
                        q["question"],
                        [u.text for u in pos + neg],
                        labels,
                    )
                )
    return cases


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    parser.add_argument("--per-question", type=int, default=20, help="negatives per question")
    args = parser.parse_args()
    rng = random.Random(SEED)
    cases = romanian_cases(rng, args.per_question) + english_cases(rng, args.per_question)
    judge = default_judge()
    built = built_model("int8") or built_model()
    if built is None:
        raise SystemExit("e5's ONNX graph is not built (scripts/setup.sh builds it)")
    e5 = E5OnnxEmbedder(built[0], built[1], name="e5", threads=2)
    texts = sorted({t for c in cases for t in c[3]})
    vectors = dict(zip(texts, e5.embed_passages(texts), strict=True))
    results: dict[str, dict[str, list]] = {}  # type: ignore[type-arg]
    for lang, group, question, sents, labels in cases:
        rel = judge.relevance(question, sents)
        q = e5.embed_query(question)
        cos = [float(vectors[t] @ q) for t in sents]
        for key in (group, lang):
            r = results.setdefault(key, {"judge": [], "e5": [], "labels": [], "top": [], "n": []})
            r["judge"] += rel
            r["e5"] += cos
            r["labels"] += labels
            r["top"].append((labels[int(np.argmax(rel))], labels[int(np.argmax(cos))]))
    lines = [
        "# Relevance on natural questions never trained on: shipped judge vs e5-small "
        "cosine (benchmarks/judge_natural.py)",
        "",
        f"{args.per_question} negatives per question (half sharing most of its words); "
        f"AUC pooled over the sentences; top-1 = best sentence is a positive.",
        "",
        "| questions | asked | sentences | AUC judge | AUC e5 | top-1 judge | top-1 e5 |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    for key, r in sorted(results.items()):
        top_j = np.mean([t[0] for t in r["top"]])
        top_e = np.mean([t[1] for t in r["top"]])
        lines.append(
            f"| {key} | {len(r['top'])} | {len(r['labels'])} | {auc(r['judge'], r['labels']):.3f} "
            f"| {auc(r['e5'], r['labels']):.3f} | {top_j:.2f} | {top_e:.2f} |"
        )
    RESULTS.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
