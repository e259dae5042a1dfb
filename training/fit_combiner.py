"""Fit Gate 2's combiners (``letadesk.judge.card.Combiner``) on the validation documents.

The judge's relevance alone separates answerable from unanswerable questions less well
than together with the words the lexical gate counts: on the validation documents the
share of the question's topic a fragment holds has a higher AUC for CUAD answerability
(0.865) than the judge's best sentence (0.845). A logistic model per kind of question
(questions; statements to check) over the judge's logit, the topic share of the
sentence and of its fragment, and the fragment's retrieval rank, predicts whether a
sentence is on gold for an answerable question. Gate 2 refuses when no sentence reaches
the combiner's bar, and extracted claims are ordered by it.

The judge never saw these documents (``training/splits.py``), so its scores on them are
those of new documents; the combiner is fitted on them with 5-fold cross-validation by
document, and each feature set is judged by the *cross-validated* figures: the best
min(coverage, refusal) over bars and the top sentence's precision at that bar (the
mean of the two decides). The chosen set is then refitted on all of them, and its bar
is the one the refit reaches that objective at. ``benchmarks/tune_gate2.py --write``
then sets the bars on the whole answer pipeline.

    .venv/bin/python benchmarks/gate2_features.py training/runs/gate2_features.jsonl
    PYTHONPATH=. .venv/bin/python -m training.fit_combiner training/runs/gate2_features.jsonl \\
        [--write]

``--evaluate`` fits nothing: it reads a dump the combiners were *not* fitted on (the
Romanian one, ``gate2_features.py --romanian``) and prints, at the shipped bars, what
Gate 2 would do with the shipped combiner and with the lexical topic words.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import GroupKFold

from letadesk.answer.ask import AskOptions
from letadesk.answer.scoring import judge_logit
from letadesk.judge.card import CARD_FILE, COMBINER_FEATURES, MAX_RANK, load_card
from letadesk.text import is_question
from training.card import save_card

CANDIDATES: tuple[tuple[str, ...], ...] = (
    ("judge",),
    ("judge", "sentence_words"),
    ("judge", "sentence_words", "passage_words"),
    ("judge", "sentence_words", "passage_words", "rank"),
)
# For questions the clause model routes to a known clause type: its detector too.
CLAUSE_CANDIDATES: tuple[tuple[str, ...], ...] = (
    ("clause",),
    ("judge", "clause"),
    ("judge", "sentence_words", "clause"),
    ("judge", "sentence_words", "passage_words", "clause"),
    ("judge", "sentence_words", "passage_words", "rank", "clause"),
)
KINDS = ("question", "statement", "clause_question", "clause_statement")


class Sentences:
    """Every candidate sentence of one kind's questions: features, gold label, question."""

    def __init__(self, rows: Sequence[dict[str, Any]]) -> None:
        feats, gold, question, docs = [], [], [], []
        self.answerable = np.array([bool(r["answerable"]) for r in rows])
        for qi, row in enumerate(rows):
            for rank, p in enumerate(row["passages"]):
                for s in p["sentences"]:
                    clause = judge_logit(s["clause"]) if "clause" in s else 0.0
                    feats.append(
                        [
                            judge_logit(s["judge"]),
                            s["covered"],
                            p["covered"],
                            min(rank, MAX_RANK),
                            clause,
                        ]
                    )
                    gold.append(bool(s["gold"]) and bool(row["answerable"]))
                    question.append(qi)
                    docs.append(row["document"])
        self.x = np.array(feats, dtype=float)
        self.y = np.array(gold, dtype=int)
        self.q = np.array(question)
        self.docs = np.array(docs)
        self.questions = len(rows)

    def columns(self, names: Sequence[str]) -> np.ndarray:
        return self.x[:, [COMBINER_FEATURES.index(n) for n in names]]


def best_per_question(data: Sentences, score: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Each question's best sentence score, and whether that sentence is on gold."""
    best = np.zeros(data.questions)
    top_gold = np.zeros(data.questions, dtype=bool)
    for qi in range(data.questions):
        mask = data.q == qi
        if mask.any():
            i = int(np.argmax(score[mask]))
            best[qi], top_gold[qi] = score[mask][i], bool(data.y[mask][i])
    return best, top_gold


def figures(data: Sentences, p: np.ndarray) -> dict[str, float]:
    """Question-level AUC of the best sentence, the bar with the best
    min(coverage, refusal), and the top sentence's precision there."""
    best, top_gold = best_per_question(data, p)
    ans = data.answerable
    rows = []
    for t in np.unique(best):
        answered = best >= t
        balance = min(answered[ans].mean(), (~answered[~ans]).mean())
        shown = answered & ans
        precision = top_gold[shown].mean() if shown.any() else 0.0
        rows.append((0.5 * (balance + precision), balance, precision, t))
    objective, balance, precision, bar = max(rows)
    return {
        "auc": float(roc_auc_score(ans, best)),
        "min_coverage_refusal": float(balance),
        "precision": float(precision),
        "objective": float(objective),
        "bar": float(bar),
    }


def cross_validated(data: Sentences, names: Sequence[str]) -> np.ndarray:
    p = np.zeros(len(data.y))
    x = data.columns(names)
    for train, test in GroupKFold(5).split(x, data.y, data.docs):
        model = LogisticRegression(max_iter=3000).fit(x[train], data.y[train])
        p[test] = model.predict_proba(x[test])[:, 1]
    return p


def rows_of(rows: Sequence[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    """The questions a kind's combiner scores: by question or statement, and for the
    clause kinds only those routed to a clause type (the plain kinds are fitted on all,
    as they were before the clause models: they score what the router leaves)."""
    asked = kind.endswith("question")
    return [
        r
        for r in rows
        if is_question(r["question"]) == asked
        and (not kind.startswith("clause_") or r.get("clause_types"))
    ]


def fit_kind(data: Sentences, candidates: Sequence[tuple[str, ...]]) -> dict[str, Any]:
    report = []
    for names in candidates:
        fig = figures(data, cross_validated(data, names))
        report.append({"features": list(names), **{k: round(v, 4) for k, v in fig.items()}})
        print(json.dumps(report[-1]), flush=True)
    chosen = max(report, key=lambda r: r["objective"])
    names = chosen["features"]
    model = LogisticRegression(max_iter=3000).fit(data.columns(names), data.y)
    refit = figures(data, model.predict_proba(data.columns(names))[:, 1])
    return {
        "weights": dict(zip(names, map(float, model.coef_[0]), strict=True)),
        "bias": float(model.intercept_[0]),
        "threshold": round(refit["bar"], 4),
        "cross_validated": chosen,
        "candidates": report,
    }


def at_bar(data: Sentences, score: np.ndarray, bar: float) -> dict[str, float]:
    """Coverage, refusal and the top sentence's precision when Gate 2 refuses below
    ``bar``, with the question-level AUC of the best score."""
    best, top_gold = best_per_question(data, score)
    ans = data.answerable
    answered = best >= bar
    shown = answered & ans
    return {
        "auc": round(float(roc_auc_score(ans, best)), 4),
        "coverage": round(float(answered[ans].mean()), 4),
        "refusal": round(float((~answered[~ans]).mean()), 4),
        "top_sentence_on_gold": round(float(top_gold[shown].mean()) if shown.any() else 0.0, 4),
    }


def evaluate(rows: Sequence[dict[str, Any]], lexical_bar: float) -> None:
    """The shipped combiners and the lexical gate on ``rows``, at their bars."""
    combiners = load_card().combiners
    for kind in KINDS:
        chosen = rows_of(rows, kind)
        if not chosen or kind not in combiners:
            continue
        data = Sentences(chosen)
        combiner = combiners[kind]
        combined = np.array(
            [combiner.score(dict(zip(COMBINER_FEATURES, row, strict=True))) for row in data.x]
        )
        print(
            f"{kind}: {len(chosen)} questions ({int(data.answerable.sum())} answerable), "
            f"{len({r['document'] for r in chosen})} documents"
        )
        # the lexical gate scores a passage by its topic share, a sentence by its own
        lexical = (
            data.columns(["passage_words"])[:, 0] + 1e-3 * data.columns(["sentence_words"])[:, 0]
        )
        print(
            f"  lexical topic words, bar {lexical_bar}:",
            json.dumps(at_bar(data, lexical, lexical_bar)),
        )
        print(
            f"  judge + combiner, bar {combiner.threshold}:",
            json.dumps(at_bar(data, combined, combiner.threshold)),
        )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("features", type=Path, help="the output of benchmarks/gate2_features.py")
    parser.add_argument("--write", action="store_true", help="store them in judge.json")
    parser.add_argument("--evaluate", action="store_true", help="only evaluate the shipped ones")
    args = parser.parse_args()
    rows = [json.loads(line) for line in args.features.read_text(encoding="utf-8").splitlines()]
    if args.evaluate:
        evaluate(rows, AskOptions().min_relevance)
        return
    combiners = {}
    for kind in KINDS:
        chosen = rows_of(rows, kind)
        print(
            f"{kind}: {len(chosen)} questions, {len({r['document'] for r in chosen})} documents",
            flush=True,
        )
        if not chosen:
            continue
        candidates = CLAUSE_CANDIDATES if kind.startswith("clause_") else CANDIDATES
        combiners[kind] = fit_kind(Sentences(chosen), candidates)
        print(
            kind,
            json.dumps({k: v for k, v in combiners[kind].items() if k != "candidates"}),
            flush=True,
        )
    if args.write:
        card = json.loads(CARD_FILE.read_text(encoding="utf-8"))
        card["runtime"]["combiners"] = {
            kind: {k: c[k] for k in ("weights", "bias", "threshold")}
            for kind, c in combiners.items()
        }
        card["combiner_fit"] = {
            "source": "training/fit_combiner.py (validation documents, 5-fold by document)",
            **{kind: c["cross_validated"] for kind, c in combiners.items()},
        }
        save_card(card)
        print(f"wrote the combiners to {CARD_FILE}")


if __name__ == "__main__":
    main()
