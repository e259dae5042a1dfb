"""Train the clause models (``letadesk.judge.clauses``) and choose the router's bars.

    python -m training.clauses [--out src/letadesk/judge/weights/clauses.npz]

1. Sentences: every unit the app scores (``build_data.units``) of every *training*
   CUAD contract and ContractNLI NDA (``training/splits.py``). A CUAD sentence is a
   positive of each category whose annotated excerpt it overlaps; an NDA sentence is a
   positive of each provision it is *entailing* evidence for (contradicting evidence and
   every other sentence are negatives).
2. One TF-IDF vocabulary over them (scikit-learn, words and word pairs, sublinear tf),
   and one class-balanced logistic regression per type.
3. The same figures on the *validation* documents' sentences (AUC, average precision),
   and the router's bar, margin and detector weight chosen on
   ``benchmarks/data/clause_questions.jsonl`` (phrasings written for it, not used in
   the profiles): most questions routed to their type, with at most one in twenty
   routed to a wrong one or a question of no type routed.
4. ``clauses.npz`` (float16 weights), pinned by SHA-256 in the judge's card with the
   router's settings (run after ``training.export``, which writes a new card), and the
   figures in ``training/runs/clauses.json``. Gate 2's clause combiners
   (``training.fit_combiner``) and Gate 3's (``training.fit_support``) come after.
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import average_precision_score, roc_auc_score

from letadesk.judge.card import CARD_FILE
from letadesk.judge.clauses import ClauseModel, terms
from training.build_data import DATA, ROOT, cuad_contracts, locate, overlaps, units
from training.card import save_card
from training.clause_profiles import CUAD_DESCRIPTIONS, NDA_DESCRIPTIONS
from training.questions import CUAD_TEMPLATES
from training.splits import split_of

OUT = ROOT / "src" / "letadesk" / "judge" / "weights" / "clauses.npz"
FIGURES = ROOT / "training" / "runs" / "clauses.json"
ROUTING_SET = ROOT / "benchmarks" / "data" / "clause_questions.jsonl"
MAX_FEATURES = 50_000
C = 4.0
MAX_WRONG = 0.05  # routed to a wrong type, or a question of no type routed


@dataclass(slots=True)
class Sentences:
    texts: list[str] = field(default_factory=list)
    positives: list[set[str]] = field(default_factory=list)
    split: list[str] = field(default_factory=list)

    def add(self, text: str, positive: set[str], split: str) -> None:
        self.texts.append(text)
        self.positives.append(positive)
        self.split.append(split)


def cuad_sentences(out: Sentences) -> None:
    for row, path, text in cuad_contracts():
        spans = {
            c: [s for s in (locate(text, ex) for ex in ast.literal_eval(row[c] or "[]")) if s]
            for c in CUAD_TEMPLATES
        }
        for u in units(text, "en"):
            out.add(u.text, {c for c, s in spans.items() if overlaps(u, s)}, split_of(path.name))


def nda_sentences(out: Sentences) -> dict[str, str]:
    """Adds the NDAs' sentences; returns the provisions' statements by key."""
    data = json.loads((DATA / "contractnli" / "dev.json").read_text(encoding="utf-8"))
    for doc in sorted(data["documents"], key=lambda d: str(d["id"])):
        spans = doc["spans"]
        entailing = {
            key: [tuple(spans[i]) for i in ann["spans"]]
            for key, ann in doc["annotation_sets"][0]["annotations"].items()
            if ann["choice"] == "Entailment"
        }
        for u in units(doc["text"], "en"):
            out.add(
                u.text,
                {k for k, s in entailing.items() if overlaps(u, s)},
                split_of(f"nda_{doc['id']}"),
            )
    return {k: str(v["hypothesis"]) for k, v in data["labels"].items()}


def types_and_profiles(statements: dict[str, str]) -> Iterator[tuple[str, str, bool, str]]:
    """(key, name, entails, profile) of every type."""
    for c, description in CUAD_DESCRIPTIONS.items():
        yield c, c, False, " ".join([c, description, *CUAD_TEMPLATES[c]])
    for k, description in NDA_DESCRIPTIONS.items():
        yield k, statements[k], True, f"{statements[k]} {description}"


@dataclass(frozen=True, slots=True)
class Fitted:
    """The vocabulary, idf, weights and biases to store, the validation figures per type,
    and scikit-learn's vectoriser with validation sentences to check the app's against."""

    vocabulary: np.ndarray
    idf: np.ndarray
    weights: np.ndarray
    bias: np.ndarray
    figures: dict[str, dict[str, float]]
    vectoriser: TfidfVectorizer
    sample: list[str]


def fit(sentences: Sentences, types: list[tuple[str, str, bool, str]]) -> Fitted:
    train = [i for i, s in enumerate(sentences.split) if s == "train"]
    val = [i for i, s in enumerate(sentences.split) if s == "val"]
    vectoriser = TfidfVectorizer(
        ngram_range=(1, 2), min_df=2, sublinear_tf=True, max_features=MAX_FEATURES, dtype=np.float32
    )
    x_train = vectoriser.fit_transform([sentences.texts[i] for i in train])
    x_val = vectoriser.transform([sentences.texts[i] for i in val])
    weights, bias = [], []
    figures: dict[str, dict[str, float]] = {}
    for key, _, _, _ in types:
        y = np.array([key in sentences.positives[i] for i in train])
        model = LogisticRegression(C=C, max_iter=3000, class_weight="balanced").fit(x_train, y)
        weights.append(model.coef_[0])
        bias.append(model.intercept_[0])
        y_val = np.array([key in sentences.positives[i] for i in val])
        if y_val.sum() >= 2:
            p = model.decision_function(x_val)
            figures[key] = {
                "val_positives": int(y_val.sum()),
                "auc": round(float(roc_auc_score(y_val, p)), 4),
                "average_precision": round(float(average_precision_score(y_val, p)), 4),
                "train_positives": int(y.sum()),
            }
    vocabulary = sorted(vectoriser.vocabulary_, key=vectoriser.vocabulary_.__getitem__)
    return Fitted(
        vocabulary=np.array(vocabulary),
        idf=vectoriser.idf_.astype(np.float32),
        weights=np.array(weights, dtype=np.float16),
        bias=np.array(bias, dtype=np.float32),
        figures=figures,
        vectoriser=vectoriser,
        sample=[sentences.texts[i] for i in val[:200]],
    )


def check_vectoriser(model: ClauseModel, vectoriser: TfidfVectorizer, texts: list[str]) -> None:
    """The app's numpy vectoriser must give scikit-learn's vectors (to float precision)."""
    x = vectoriser.transform(texts)
    vocabulary = vectoriser.vocabulary_
    for row, text in enumerate(texts):
        want = {int(j): float(v) for j, v in zip(x[row].indices, x[row].data, strict=True)}
        idx, values = model._vector(text)
        got = {int(j): float(v) for j, v in zip(idx, values, strict=True)}
        known = {vocabulary[t] for t in terms(text) if t in vocabulary}
        if set(got) != set(want) or set(got) != known:
            raise SystemExit(f"vectoriser terms differ on {text[:60]!r}")
        if any(abs(got[j] - want[j]) > 1e-4 for j in got):
            raise SystemExit(f"vectoriser values differ on {text[:60]!r}")


def routing_figures(model: ClauseModel, rows: list[dict[str, object]]) -> dict[str, float]:
    right = wrong = false = 0
    typed = sum(r["type"] is not None for r in rows)
    for r in rows:
        route = model.route(str(r["question"]))
        if r["type"] is None:
            false += route is not None
        elif route is not None:
            right += r["type"] in route.keys
            wrong += r["type"] not in route.keys
    return {
        "routed_right": round(right / typed, 4),
        "routed_wrong": round(wrong / typed, 4),
        "no_type_routed": round(false / (len(rows) - typed), 4),
        "typed": typed,
        "untyped": len(rows) - typed,
    }


def choose_router(model: ClauseModel) -> dict[str, object]:
    """The bar, sibling margin and detector weight with the most questions routed right
    (their type among those routed to), among those with at most MAX_WRONG routed wrong
    and MAX_WRONG of no-type questions routed."""
    rows = [json.loads(line) for line in ROUTING_SET.read_text(encoding="utf-8").splitlines()]
    best: tuple[tuple[float, float, float], dict[str, object]] | None = None
    for weight in (0.0, 0.1, 0.2, 0.3):
        for bar in (0.3, 0.4, 0.5, 0.6, 0.7):
            for margin in (0.0, 0.05, 0.1):
                model.detector_weight, model.router_threshold = weight, bar
                model.router_margin = margin
                f = routing_figures(model, rows)
                ok = f["routed_wrong"] <= MAX_WRONG and f["no_type_routed"] <= MAX_WRONG
                key = (f["routed_right"], -f["routed_wrong"] - f["no_type_routed"], margin)
                if ok and (best is None or key > best[0]):
                    best = (
                        key,
                        {"threshold": bar, "margin": margin, "detector_weight": weight, **f},
                    )
    if best is None:
        raise SystemExit("no router setting meets the bounds")
    return best[1]


def write_card(path: Path, router: dict[str, object], figures: dict[str, object]) -> None:
    """Pin ``path`` in the judge's card and set the router; a support combiner already
    there is dropped (it was fitted on another clause model)."""
    card = json.loads(CARD_FILE.read_text(encoding="utf-8"))
    card["sha256"][path.name] = hashlib.sha256(path.read_bytes()).hexdigest()
    card["runtime"]["clauses"] = {
        "file": path.name,
        "router": {k: router[k] for k in ("threshold", "margin", "detector_weight")},
    }
    card["validation"]["clauses"] = figures
    save_card(card)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    sentences = Sentences()
    cuad_sentences(sentences)
    statements = nda_sentences(sentences)
    types = list(types_and_profiles(statements))
    print(f"{len(sentences.texts)} sentences, {sentences.split.count('train')} for training")
    fitted = fit(sentences, types)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(
        args.out,
        vocabulary=fitted.vocabulary,
        idf=fitted.idf,
        weights=fitted.weights,
        bias=fitted.bias,
        keys=np.array([t[0] for t in types]),
        names=np.array([t[1] for t in types]),
        entails=np.array([t[2] for t in types]),
        profiles=np.array([t[3] for t in types]),
    )
    model = ClauseModel(args.out, router_threshold=1.0, router_margin=0.0, detector_weight=0.0)
    check_vectoriser(model, fitted.vectoriser, fitted.sample)
    router = choose_router(model)
    figures = fitted.figures
    summary = {
        "types": len(types),
        "vocabulary": len(fitted.vocabulary),
        "sentences": {"train": sentences.split.count("train"), "val": sentences.split.count("val")},
        "mean_val_auc": round(float(np.mean([f["auc"] for f in figures.values()])), 4),
        "mean_val_average_precision": round(
            float(np.mean([f["average_precision"] for f in figures.values()])), 4
        ),
        "router": router,
        "per_type": figures,
    }
    write_card(args.out, router, {k: v for k, v in summary.items() if k != "per_type"})
    FIGURES.parent.mkdir(parents=True, exist_ok=True)
    FIGURES.write_text(json.dumps(summary, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(json.dumps({k: v for k, v in summary.items() if k != "per_type"}, indent=1))
    print(f"wrote {args.out} ({args.out.stat().st_size / 1e6:.1f} MB) and {FIGURES}")


if __name__ == "__main__":
    main()
