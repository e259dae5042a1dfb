"""Fit Gate 3's paraphrase head (``letadesk.verify.paraphrase``) and choose its bar.

    python -m training.fit_paraphrase [--write]

Training pairs, all from the *training* side only: the frames' training phrasings of
the training kinds of provision and the real sentences of the training documents
(``training/data/paraphrase.jsonl``, :mod:`training.paraphrase`), and the judge's own
support pairs of the training documents (``training/data/support.jsonl``: corrupted
clauses and articles and unrelated sentences; not ContractNLI's claims, which Gate 3
reads with the NDA provisions' detectors). The head sees only what the deterministic
checks and the judge leave to it (consistent, not an extract, a restatement), as at
run time. Features: the shipped
judge's support probabilities on the pair and the word features; a logistic regression
on standardised features (C = 0.5), the standardisation folded into the weights. The
bar: the lowest at which, cross-validated (5 folds) on the training pairs, no more than
``MAX_CONTRADICTED`` of the contradicted claims are accepted. No held-out pair is read.
``--write`` stores the head in ``judge.json`` (``runtime.paraphrase``; its fit in
``training.paraphrase``) and rewrites ``MODEL_CARD.md``; no weight file changes.
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

import numpy as np
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import cross_val_predict

from letadesk.judge import default_judge
from letadesk.judge.card import CARD_FILE, PARAPHRASE_FEATURES
from letadesk.verify.consistency import check_consistency
from letadesk.verify.entailment import is_extract
from letadesk.verify.paraphrase import foreign_party, is_restatement, paraphrase_features
from letadesk.verify.quantities import canonical_numbers
from training.card import save_card

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "training" / "data"
SEED = 20261205
C = 0.5
MAX_CONTRADICTED = 0.05
JUDGE_PAIRS_CAP = 2500  # the judge's own corruption pairs kept (ContractNLI's all kept)


Pair = tuple[str, str, str, bool]  # claim, quote, label, from the paraphrase set


def training_pairs(data: Path, rng: random.Random) -> list[Pair]:
    """(claim, quote, label, restated) of the training side."""
    out = []
    for line in (data / "paraphrase.jsonl").open(encoding="utf-8"):
        row = json.loads(line)
        if row["split"] == "train":
            out.append((row["claim"], row["quote"], row["label"], True))
    other = []
    for line in (data / "support.jsonl").open(encoding="utf-8"):
        row = json.loads(line)
        if row["split"] == "train" and row["source"] != "contractnli":
            other.append((row["query"], row["text"], row["label"], False))
    return out + rng.sample(other, min(JUDGE_PAIRS_CAP, len(other)))


def head_pair(claim: str, quote: str) -> tuple[str, str]:
    """The pair as the head's judge reads it (``verify.paraphrase.head_scores``)."""
    return canonical_numbers(claim), canonical_numbers(quote)


def route(claim: str, quote: str) -> str:
    """Who decides the pair in Gate 3: "veto" (consistency), "extract", "judge" (nearly
    verbatim), "party" (a restatement naming a party its quote does not: rejected) or
    "head" (a restatement: ``verify.paraphrase.is_restatement``)."""
    if not check_consistency(claim, quote).passed:
        return "veto"
    if is_extract(canonical_numbers(claim), canonical_numbers(quote)):
        return "extract"
    if not is_restatement(claim, quote):
        return "judge"
    return "party" if foreign_party(claim, quote) else "head"


def choose_bar(
    head_p: np.ndarray, base: np.ndarray, is_head: np.ndarray, contradicted: np.ndarray
) -> float:
    """The lowest bar (0.30 … 0.95) at which no more than MAX_CONTRADICTED of the
    contradicted claims are accepted by Gate 3 as a whole (``base``: the decisions of the
    vetoes, extracts and judge; the head's cross-validated probabilities where it reads)."""
    for bar in np.arange(0.30, 0.96, 0.01):
        accepted = np.where(is_head, head_p >= bar, base)
        if accepted[contradicted].mean() <= MAX_CONTRADICTED:
            return round(float(bar), 2)
    return 0.95


def fit(data: Path) -> dict[str, object]:
    rng = random.Random(SEED)
    pairs = training_pairs(data, rng)
    routes = np.array([route(c, q) for c, q, _, _ in pairs])
    judge = default_judge()
    card = judge.card
    asked = np.where((routes == "judge") | (routes == "head"))[0]
    scores = dict(zip(asked, judge.support_many([pairs[i][:2] for i in asked]), strict=True))
    base = np.array([r == "extract" for r in routes])
    not_vetoed = np.ones(len(pairs), dtype=bool)
    for i, sc in scores.items():
        not_vetoed[i] = sc.contradicted < card.contradiction_threshold
        base[i] = sc.supported >= card.support_threshold and not_vetoed[i]
    head = np.where(routes == "head")[0]
    canonical = judge.support_many([head_pair(*pairs[i][:2]) for i in head])
    x = np.array(
        [
            [paraphrase_features(*pairs[i][:2], sc)[n] for n in PARAPHRASE_FEATURES]
            for i, sc in zip(head, canonical, strict=True)
        ]
    )
    y = np.array([pairs[i][2] == "supported" for i in head])
    mean, scale = x.mean(0), x.std(0) + 1e-6
    z = (x - mean) / scale
    model = LogisticRegression(C=C, max_iter=5000)
    head_p = np.zeros(len(pairs))
    head_p[head] = cross_val_predict(model, z, y, cv=5, method="predict_proba")[:, 1]
    head_p *= not_vetoed
    restated = np.array([p[3] for p in pairs])
    labels = np.array([p[2] for p in pairs])
    is_head = routes == "head"
    bar = choose_bar(
        head_p[restated], base[restated], is_head[restated], (labels == "contradicted")[restated]
    )
    model.fit(z, y)
    coef = model.coef_[0] / scale
    bias = float(model.intercept_[0] - (model.coef_[0] * mean / scale).sum())
    accepted = np.where(is_head, head_p >= bar, base)
    shipped = base
    rates = {
        name: {
            label: round(float(acc[restated & (labels == label)].mean()), 4)
            for label in ("supported", "contradicted")
        }
        for name, acc in (("with_head_cv", accepted), ("judge_alone", shipped))
    }
    return {
        "weights": {n: round(float(w), 6) for n, w in zip(PARAPHRASE_FEATURES, coef, strict=True)},
        "bias": round(bias, 6),
        "threshold": bar,
        "fit": {
            "pairs": len(pairs),
            "routes": {
                r: int((routes == r).sum()) for r in ("veto", "extract", "judge", "party", "head")
            },
            "head_supported": int(y.sum()),
            "paraphrase_train_accepted": rates,
            "C": C,
            "max_contradicted": MAX_CONTRADICTED,
        },
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DATA)
    parser.add_argument("--write", action="store_true", help="store the head in the card")
    args = parser.parse_args()
    head = fit(args.data)
    print(json.dumps(head, indent=1))
    if args.write:
        card = json.loads(CARD_FILE.read_text(encoding="utf-8"))
        card["runtime"]["paraphrase"] = {k: head[k] for k in ("weights", "bias", "threshold")}
        card.setdefault("training", {})["paraphrase"] = head["fit"]
        save_card(card, model_card=True)
        print(f"wrote the paraphrase head to {CARD_FILE} and the model card")


if __name__ == "__main__":
    main()
