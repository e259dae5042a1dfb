"""Fit Gate 3's support combiner for claims about an NDA provision the clause model knows.

    PYTHONPATH=. .venv/bin/python -m training.fit_support [--write]

The judge reads a claim against its quote; the clause model's detector for the NDA
provision the claim is routed to (``letadesk.judge.clauses``) was trained to find the
clauses that *entail* that provision. A logistic model over the two logits, fitted on
the ContractNLI pairs of the *validation* NDAs (``benchmarks/bench_support.py`` builds
them: hypothesis against its evidence, or against the NDA's closest span when the NDA
does not mention it), decides "supported". Neither the judge nor the detectors saw
these NDAs. Figures are 5-fold cross-validated by NDA; the bar is the one with the best
balanced accuracy among those that accept at most 10% of contradicted claims (the
issue's bound), chosen on the cross-validated probabilities; the model is then refitted
on all of them. Pairs whose claim is not routed to an NDA provision keep the judge's
own decision.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import GroupKFold

from letadesk.answer.scoring import judge_logit
from letadesk.judge import default_judge
from letadesk.judge.card import CARD_FILE
from letadesk.verify.consistency import check_consistency
from training.calibrate import balanced_accuracy
from training.card import save_card
from training.splits import is_val

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
from bench_support import Pair, load_pairs

MAX_CONTRADICTED = 0.10
FEATURES = ("judge", "clause")


def features(pairs: list[Pair]) -> tuple[np.ndarray, list[int]]:
    """(judge logit, detector logit) of each pair whose claim routes to an NDA provision,
    and the indices of those pairs."""
    judge = default_judge()
    clauses = judge.clauses
    if clauses is None:
        raise SystemExit("the judge's card names no clause model: run training.clauses first")
    rows, kept = [], []
    for i, p in enumerate(pairs):
        route = clauses.route(p.claim)
        keys = [t.key for t in route.types if t.entails] if route else []
        if not keys:
            continue
        supported = judge.support(p.claim, p.quote).supported
        rows.append(
            [judge_logit(supported), judge_logit(clauses.probabilities(keys, [p.quote])[0])]
        )
        kept.append(i)
    return np.array(rows), kept


def rates(accepted: np.ndarray, pairs: list[Pair]) -> dict[str, float]:
    choice = np.array([p.choice for p in pairs])
    return {
        "balanced_accuracy": round(
            balanced_accuracy(list(accepted), list(choice == "Entailment")), 4
        ),
        "entailed_accepted": round(float(accepted[choice == "Entailment"].mean()), 4),
        "contradicted_accepted": round(float(accepted[choice == "Contradiction"].mean()), 4),
        "not_mentioned_accepted": round(float(accepted[choice == "NotMentioned"].mean()), 4),
    }


def choose_bar(
    p: np.ndarray, consistent: np.ndarray, pairs: list[Pair]
) -> tuple[float, dict[str, float]]:
    best: tuple[float, float, dict[str, float]] | None = None
    for bar in np.round(np.arange(0.05, 0.96, 0.01), 2):
        r = rates((p >= bar) & consistent, pairs)
        if r["contradicted_accepted"] <= MAX_CONTRADICTED and (
            best is None or r["balanced_accuracy"] > best[0]
        ):
            best = (r["balanced_accuracy"], float(bar), r)
    if best is None:
        raise SystemExit("no bar keeps contradicted claims accepted within the bound")
    return best[1], best[2]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="store it in judge.json")
    args = parser.parse_args()
    pairs = [p for p in load_pairs() if is_val(f"nda_{p.document}")]
    x, kept = features(pairs)
    routed = [pairs[i] for i in kept]
    y = np.array([p.choice == "Entailment" for p in routed], dtype=int)
    docs = np.array([p.document for p in routed])
    consistent = np.array([check_consistency(p.claim, p.quote).passed for p in routed])
    cv = np.zeros(len(y))
    for train, test in GroupKFold(5).split(x, y, docs):
        cv[test] = (
            LogisticRegression(max_iter=2000).fit(x[train], y[train]).predict_proba(x[test])[:, 1]
        )
    bar, cv_rates = choose_bar(cv, consistent, routed)
    model = LogisticRegression(max_iter=2000).fit(x, y)
    refit = model.predict_proba(x)[:, 1]
    report = {
        "pairs": len(pairs),
        "routed_to_a_provision": len(routed),
        "documents": len(set(docs)),
        "bar": bar,
        "cross_validated": cv_rates,
        "refit_at_bar": rates((refit >= bar) & consistent, routed),
        "weights": dict(zip(FEATURES, map(float, model.coef_[0]), strict=True)),
        "bias": float(model.intercept_[0]),
    }
    print(json.dumps(report, indent=1))
    if args.write:
        card = json.loads(CARD_FILE.read_text(encoding="utf-8"))
        card["runtime"]["clauses"]["support"] = {
            "weights": report["weights"],
            "bias": report["bias"],
            "threshold": bar,
        }
        card["validation"]["clause_support"] = {
            k: v for k, v in report.items() if k not in ("weights", "bias")
        }
        save_card(card, model_card=True)
        print(f"wrote the support combiner to {CARD_FILE} and the model card")


if __name__ == "__main__":
    main()
