"""Dump what Gate 2 sees for every question of ``bench_answers.py``, to study (offline)
how relevance signals separate answerable questions and gold sentences.

One JSON line per question: its set, document, whether it is answerable, and for each
retrieved passage (rank order) its retrieval scores, and for each candidate sentence the
judge's raw relevance, the lexical topic coverage and whether it is on gold. Only the
judge's validation documents are asked (as in ``bench_answers.py``).

``--romanian``: instead, the questions of ``data/ro_questions.jsonl`` on the Romanian acts
of the validation split (:data:`RO_ACTS`), each asked of its own act (answerable; gold:
the fragments of its article) and, when it names no act or provision, of another act
(:data:`RO_WRONG_ACT`, unanswerable: a question from another branch of law). That a
question of one act is never answered by the other is a judgement, checked by reading
them; a few may be (the Constitution and the Labour Code both speak of work).

    .venv/bin/python benchmarks/gate2_features.py OUT.jsonl [--contracts 20] [--ndas 12]
    .venv/bin/python benchmarks/gate2_features.py OUT.jsonl --romanian [--keep DIR]
"""

from __future__ import annotations

import argparse
import json
import re
import tempfile
from pathlib import Path
from typing import Any

import bench_answers

from _common import shared_data
from letadesk.answer.evaluate import quote_on_gold
from letadesk.answer.relevance import passage_relevance, question_topic, rarity_weight, weighted
from letadesk.answer.scoring import scored_units
from letadesk.domain import SearchFilters
from letadesk.judge import default_judge
from letadesk.retrieve.cascade import Retriever
from letadesk.text import is_question
from letadesk.workspace import Workspace

RO_ACTS = {  # the validation acts with questions (training/splits.py)
    "labour": "codes_original/codul_muncii_L53-2003_forma_initiala_MO72-2003.txt",
    "civil_procedure": (
        "codes_original/codul_procedura_civila_L134-2010_forma_initiala_MO485-2010.txt"
    ),
    "constitution": "codes_original/constitutia_romaniei_2003_republicata.txt",
    "data_protection": "laws_consolidated_2026/legea_190-2018_gdpr.txt",
}
RO_WRONG_ACT = {
    "labour": "civil_procedure",
    "civil_procedure": "labour",
    "constitution": "data_protection",
    "data_protection": "constitution",
}
# A question that names an act or a provision is the presupposition check's, not Gate 2's.
NAMES_AN_ACT = re.compile(r"\b(art\.|cod|legea|legii|constitu|c\. proc)", re.IGNORECASE)
RO_MATTER = "ro"


def ro_rows(ws: Workspace, root: Path) -> list[dict[str, Any]]:
    """The Romanian questions on :data:`RO_ACTS`, asked of their act and of the wrong one."""
    by_file = {path: key for key, path in RO_ACTS.items()}
    ws.documents.ingest([root / path for path in RO_ACTS.values()], matter=RO_MATTER)
    questions = [
        json.loads(line)
        for line in (Path(__file__).parent / "data" / "ro_questions.jsonl")
        .read_text(encoding="utf-8")
        .splitlines()
        if line.strip()
    ]
    rows: list[dict[str, Any]] = []
    for q in (q for q in questions if q["file"] in by_file):
        name = Path(q["file"]).name
        art = f"art. {q['article']}"
        gold = [
            f.text
            for f in ws.documents.fragments(ws.documents.find(name))
            if f.locator == art or f.locator.startswith(art + " ")
        ]
        rows.append(
            {
                "question": q["question"],
                "document": name,
                "answerable": True,
                "gold": {"quotes": gold},
            }
        )
        if not NAMES_AN_ACT.search(q["question"]):
            wrong = Path(RO_ACTS[RO_WRONG_ACT[by_file[q["file"]]]]).name
            rows.append(
                {"question": q["question"], "document": wrong, "answerable": False, "gold": None}
            )
    return rows


def question_features(
    ws: Workspace, retriever: Retriever, row: dict[str, Any], matter: str = "bench"
) -> dict[str, Any]:
    filters = ws.filters(matter, document=row["document"])
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
    route = judge.clauses.route(row["question"]) if judge.clauses is not None else None
    out = []
    for p in passages:
        texts = scored_units(p.fragment.text)
        scores = judge.relevance(row["question"], texts)
        # A statement to check: how each sentence bears on it as a claim (Gate 3's head).
        support = (
            judge.support_many([(row["question"], t) for t in texts])
            if not is_question(row["question"])
            else None
        )
        clause = judge.clauses.probabilities(route.keys, texts) if route and judge.clauses else None
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
                        "text": t,
                    }
                    | (
                        {"supported": support[i].supported, "contradicted": support[i].contradicted}
                        if support is not None
                        else {}
                    )
                    | ({"clause": clause[i]} if clause is not None else {})
                    for i, (t, s) in enumerate(zip(texts, scores, strict=True))
                ],
            }
        )
    return {
        "question": row["question"],
        "document": row["document"],
        "answerable": row["answerable"],
        "clause_types": list(route.keys) if route else [],
        "passages": out,
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("out", type=Path)
    parser.add_argument("--contracts", type=int, default=20)
    parser.add_argument("--ndas", type=int, default=12)
    parser.add_argument("--keep", type=Path, help=bench_answers.KEEP_HELP)
    parser.add_argument("--romanian", action="store_true", help="the Romanian set instead")
    args = parser.parse_args()
    if args.romanian:
        romanian(args.out, args.keep)
        return
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


def romanian(out_path: Path, keep: Path | None) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        ws = Workspace.open((keep or Path(tmp)) / "profile")
        try:
            rows = ro_rows(ws, shared_data() / "ro")
            retriever = Retriever(ws.corpus, ws.indexes)
            with out_path.open("w", encoding="utf-8") as out:
                for row in rows:
                    line = {"set": "RO", **question_features(ws, retriever, row, RO_MATTER)}
                    out.write(json.dumps(line, ensure_ascii=False) + "\n")
        finally:
            ws.close()


if __name__ == "__main__":
    main()
