"""Fit Gate 1's legal-meaning head: a logistic model on e5's embedding of a question
that tells a legal question from one with no legal meaning
(``letadesk.verify.legal_meaning``).

Legal questions: ``training/questions_ro`` (Romanian, with their article or on topics the
acts do not treat: all legal) and ``training/questions_scope/legal_en.jsonl``; questions
without legal meaning: ``training/questions_scope/off_topic_*.jsonl`` (about a third near
misses: "Ce roman de Rebreanu să citesc?"). All were written for training; no benchmark
question is read. The bar is the first percentile of the legal questions' out-of-fold
probabilities (five folds), so that 99% of them pass (Gate 1 is generous: Gate 2 refuses
what the matter cannot answer); the share of the others it still refuses is reported.

    .venv/bin/python -m training.fit_scope [--out src/letadesk/verify/legal_meaning.json]
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import numpy as np
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import StratifiedKFold

from letadesk.index.embedder import make_embedder
from letadesk.verify.legal_meaning import HEAD_FILE

ROOT = Path(__file__).resolve().parents[1]
LEGAL = [ROOT / "training" / "questions_ro", ROOT / "training" / "questions_scope"]
C = 10.0
LEGAL_KEPT = 0.99  # share of legal questions (out of fold) the bar lets through


def questions() -> tuple[list[str], list[int]]:
    texts, labels = [], []
    for folder in LEGAL:
        for path in sorted(folder.glob("*.jsonl")):
            legal = 0 if path.name.startswith("off_topic") else 1
            for line in path.read_text(encoding="utf-8").splitlines():
                if line.strip():
                    texts.append(json.loads(line)["question"])
                    labels.append(legal)
    return texts, labels


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=HEAD_FILE)
    args = parser.parse_args()
    texts, labels = questions()
    embedder = make_embedder("auto")
    x = np.stack([embedder.embed_query(t) for t in texts])
    y = np.array(labels)
    scores = np.zeros(len(y))
    for train, test in StratifiedKFold(5, shuffle=True, random_state=0).split(x, y):
        model = LogisticRegression(C=C, max_iter=5000).fit(x[train], y[train])
        scores[test] = model.predict_proba(x[test])[:, 1]
    bar = float(np.quantile(scores[y == 1], 1 - LEGAL_KEPT))
    legal_kept = float(np.mean(scores[y == 1] >= bar))
    off_refused = float(np.mean(scores[y == 0] < bar))
    model = LogisticRegression(C=C, max_iter=5000).fit(x, y)
    head = {
        "embedder": embedder.name,
        "weights": [round(float(w), 6) for w in model.coef_[0]],
        "bias": round(float(model.intercept_[0]), 6),
        "threshold": round(bar, 4),
        "fit": {
            "legal_questions": int(y.sum()),
            "off_topic_questions": int(len(y) - y.sum()),
            "cross_validated": {"legal_kept": legal_kept, "off_topic_refused": off_refused},
            "C": C,
        },
    }
    args.out.write_text(json.dumps(head, indent=1) + "\n", encoding="utf-8")
    print(json.dumps(head["fit"], indent=1), f"bar {bar:.4f}")


if __name__ == "__main__":
    main()
