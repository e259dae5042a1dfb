"""Dump what Gate 2 sees for every question of ``bench_answers.py``, to study (offline)
how relevance signals separate answerable questions and gold sentences.

One JSON line per question: its set, document, whether it is answerable, and for each
retrieved passage (rank order) its retrieval scores, and for each candidate sentence the
judge's raw relevance, the lexical topic coverage and whether it is on gold. Only the
judge's validation documents are asked (as in ``bench_answers.py``).

    .venv/bin/python benchmarks/gate2_features.py OUT.jsonl [--contracts 20] [--ndas 12]
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

import bench_answers

from _common import shared_data
from letadesk.answer.evaluate import quote_on_gold
from letadesk.answer.relevance import passage_relevance, question_topic, rarity_weight, weighted
from letadesk.answer.scoring import candidate_sentences
from letadesk.domain import SearchFilters
from letadesk.judge import default_judge
from letadesk.retrieve.cascade import Retriever
from letadesk.workspace import Workspace


def question_features(ws: Workspace, retriever: Retriever, row: dict[str, Any]) -> dict[str, Any]:
    filters = ws.filters("bench", document=row["document"])
    judge = default_judge()
    matter = SearchFilters(matter_id=filters.matter_id)
    total = retriever.fragment_count(matter)
    topic = weighted(
        question_topic(row["question"]),
        lambda term: rarity_weight(
            max(retriever.fragment_count(matter, w) for w in term.words), total
        ),
    )
    passages = retriever.search(row["question"], filters, k=10).passages
    out = []
    for p in passages:
        texts = candidate_sentences(p.fragment.text) or [p.fragment.text]
        scores = judge.relevance(row["question"], texts)
        out.append(
            {
                "via": p.via,
                "bm25": p.scores.bm25,
                "dense": p.scores.dense,
                "fused": p.scores.fused,
                "covered": passage_relevance(topic, p),
                "sentences": [
                    {
                        "judge": s,
                        "covered": passage_relevance(topic, p, t),
                        "gold": bool(row["gold"]) and quote_on_gold(t, row["gold"]),
                        "chars": len(t),
                    }
                    for t, s in zip(texts, scores, strict=True)
                ],
            }
        )
    return {
        "question": row["question"],
        "document": row["document"],
        "answerable": row["answerable"],
        "passages": out,
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("out", type=Path)
    parser.add_argument("--contracts", type=int, default=20)
    parser.add_argument("--ndas", type=int, default=12)
    parser.add_argument("--keep", type=Path, help=bench_answers.KEEP_HELP)
    args = parser.parse_args()
    with (
        bench_answers.bench_profile(shared_data(), args.contracts, args.ndas, args.keep) as (
            ws,
            sets,
        ),
        args.out.open("w", encoding="utf-8") as out,
    ):
        retriever = Retriever(ws.corpus, ws.indexes)
        for name, rows in sets.items():
            for row in rows:
                line = {"set": name, **question_features(ws, retriever, row)}
                out.write(json.dumps(line) + "\n")


if __name__ == "__main__":
    main()
