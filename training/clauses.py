"""Train the clause models (``letadesk.judge.clauses``) and choose the router's bars.

    python -m training.clauses [--out src/letadesk/judge/weights/clauses.npz]

1. Sentences: every unit the app scores (``build_data.units``) of every *training*
   CUAD contract and ContractNLI NDA (``training/splits.py``). A CUAD sentence is a
   positive of each category whose annotated excerpt it overlaps; an NDA sentence is a
   positive of each provision it is *entailing* evidence for (contradicting evidence and
   every other sentence are negatives).
2. One TF-IDF vocabulary over them (scikit-learn, words and word pairs, sublinear tf),
   and one class-balanced logistic regression per type, fitted on the sentences of its
   kind's documents only (a CUAD category on contracts, an NDA provision on NDAs: an
   NDA's governing-law clause is not annotated with CUAD's categories, nor a contract's
   confidentiality clause with ContractNLI's provisions, so the other kind's sentences
   are not sure negatives), refitted once with the first fit's best-scored sentences of
   the documents that do not hold the type weighed up (hard negatives: on the
   validation NDAs, document-level AUC 0.932 -> 0.934 and balanced accuracy 0.862 ->
   0.880; CUAD 0.963 -> 0.965, 0.897 -> 0.898). Fitting per kind (and a vocabulary of
   up to 100,000 terms instead of 50,000: 71,085 kept): NDA 0.934 -> 0.939 (balanced
   0.880 -> 0.866), CUAD 0.965 -> 0.964 (0.898 -> 0.896); cross-validated on the answers
   benchmark's questions (``training.fit_combiner``), the clause combiners' AUC CUAD
   0.964 -> 0.958, NDA 0.920 -> 0.920. Light word stems as extra terms were tried and
   dropped: document-level AUC up (CUAD 0.967, NDA 0.943) but question-level down
   (CUAD combiner AUC 0.948; the stem of "exclusivity" is also that of "exclusion"
   and of "non-exclusive").
3. Each type's calibration: a logistic model of whether a document holds the type (a
   CUAD category it has an excerpt of, an NDA provision it entails) from its best
   sentence's log-odds, fitted on the training documents as read by detectors
   cross-fitted without them. The types' detectors differ in how sure they are (one
   type has 500 positives, another 20); calibrated, one bar serves all of them.
4. The same figures on the *validation* documents' sentences (AUC, average precision),
   the document-level figures raw and calibrated, and the router's settings (bar,
   margin, detector and phrasing weights) chosen by :mod:`training.router` on
   ``benchmarks/data/clause_questions.jsonl`` (phrasings written for it, not used in
   the profiles): most questions routed to their type, with at most one in twenty
   routed to a wrong one or a question of no type routed.
5. ``clauses.npz`` (float16 weights) and the router's phrasings, pinned by SHA-256 in
   the judge's card with the router's settings (run after ``training.export``, which
   writes a new card), and the figures in ``training/runs/clauses.json``. Gate 2's
   clause combiners
   (``training.fit_combiner``) and Gate 3's (``training.fit_support``) come after.
"""

from __future__ import annotations

import argparse
import ast
import json
import random
from collections.abc import Iterable, Iterator
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
from training.router import choose_router, pin, router_card, router_phrasings, write_phrasings
from training.splits import split_of

OUT = ROOT / "src" / "letadesk" / "judge" / "weights" / "clauses.npz"
FIGURES = ROOT / "training" / "runs" / "clauses.json"
MAX_FEATURES = 100_000
C = 4.0
CALIBRATION_FOLDS = 5
MIN_SCALE = 0.1
HARD_NEGATIVES = 3  # per document not holding the type
HARD_NEGATIVE_WEIGHT = 5.0
SEED = 7


@dataclass(slots=True)
class Sentences:
    """Every sentence with the types it is a positive of, its split and its document;
    ``present``: per document, the types it holds (a CUAD category it has an excerpt
    of, an NDA provision it entails)."""

    texts: list[str] = field(default_factory=list)
    positives: list[set[str]] = field(default_factory=list)
    split: list[str] = field(default_factory=list)
    documents: list[str] = field(default_factory=list)
    present: dict[str, set[str]] = field(default_factory=dict)

    def add(self, text: str, positive: set[str], document: str) -> None:
        self.texts.append(text)
        self.positives.append(positive)
        self.split.append(split_of(document))
        self.documents.append(document)


def cuad_sentences(out: Sentences) -> None:
    for row, path, text in cuad_contracts():
        spans = {
            c: [s for s in (locate(text, ex) for ex in ast.literal_eval(row[c] or "[]")) if s]
            for c in CUAD_TEMPLATES
        }
        out.present[path.name] = {c for c in CUAD_TEMPLATES if ast.literal_eval(row[c] or "[]")}
        for u in units(text, "en"):
            out.add(u.text, {c for c, s in spans.items() if overlaps(u, s)}, path.name)


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
        name = f"nda_{doc['id']}"
        out.present[name] = set(entailing)
        for u in units(doc["text"], "en"):
            out.add(u.text, {k for k, s in entailing.items() if overlaps(u, s)}, name)
    return {k: str(v["hypothesis"]) for k, v in data["labels"].items()}


def types_and_profiles(statements: dict[str, str]) -> Iterator[tuple[str, str, bool, str]]:
    """(key, name, entails, profile) of every type."""
    for c, description in CUAD_DESCRIPTIONS.items():
        yield c, c, False, " ".join([c, description, *CUAD_TEMPLATES[c]])
    for k, description in NDA_DESCRIPTIONS.items():
        yield k, statements[k], True, f"{statements[k]} {description}"


@dataclass(frozen=True, slots=True)
class Fitted:
    """The vocabulary, idf, weights, biases and calibration to store, the validation
    figures per type, and scikit-learn's vectoriser with validation sentences to check
    the app's against."""

    vocabulary: np.ndarray
    idf: np.ndarray
    weights: np.ndarray
    bias: np.ndarray
    calibration: np.ndarray
    figures: dict[str, dict[str, float]]
    documents: dict[str, dict[str, float]]
    vectoriser: TfidfVectorizer
    sample: list[str]


def _detectors(
    sentences: Sentences, types: list[str], rows: list[int]
) -> tuple[TfidfVectorizer, list[LogisticRegression]]:
    """A vocabulary and one detector per type fitted on the sentences ``rows``, in two
    rounds: the second weighs HARD_NEGATIVE_WEIGHT times each document's HARD_NEGATIVES
    sentences the first round scored highest, in the documents of the type's kind that
    do not hold it ("return on request" in an NDA with no "return on termination")."""
    vectoriser = TfidfVectorizer(
        ngram_range=(1, 2), min_df=2, sublinear_tf=True, max_features=MAX_FEATURES, dtype=np.float32
    )
    x_all = vectoriser.fit_transform([sentences.texts[i] for i in rows])
    models: dict[str, LogisticRegression] = {}
    for cols, docs in _by_kind(types, {sentences.documents[i] for i in rows}):
        held = set(docs)
        kind = [row for row, i in enumerate(rows) if sentences.documents[i] in held]
        x = x_all[kind]
        by_document: dict[str, list[int]] = {}
        for row, k in enumerate(kind):
            by_document.setdefault(sentences.documents[rows[k]], []).append(row)
        for key in (types[j] for j in cols):
            y = np.array([key in sentences.positives[rows[k]] for k in kind])
            first = LogisticRegression(C=C, max_iter=3000, class_weight="balanced").fit(x, y)
            logits = first.decision_function(x)
            weight = _hard_negative_weights(sentences, key, by_document, logits)
            models[key] = LogisticRegression(C=C, max_iter=3000, class_weight="balanced").fit(
                x, y, sample_weight=weight
            )
    return vectoriser, [models[key] for key in types]


def _hard_negative_weights(
    sentences: Sentences, key: str, by_document: dict[str, list[int]], logits: np.ndarray
) -> np.ndarray:
    """Each row's weight (``by_document``: the rows of each document of ``key``'s kind;
    ``logits``: the first fit's, per row): HARD_NEGATIVE_WEIGHT for the HARD_NEGATIVES
    best-scored sentences of every such document that does not hold ``key``, else 1."""
    weight = np.ones(len(logits))
    for doc, doc_rows in by_document.items():
        if key not in sentences.present[doc]:
            hardest = sorted(doc_rows, key=lambda r: -logits[r])[:HARD_NEGATIVES]
            weight[hardest] = HARD_NEGATIVE_WEIGHT
    return weight


def _logits(
    vectoriser: TfidfVectorizer, models: list[LogisticRegression], texts: list[str]
) -> np.ndarray:
    """Every detector's log-odds for each text (texts × types)."""
    x = vectoriser.transform(texts)
    return np.stack([m.decision_function(x) for m in models], axis=1)


def _by_kind(types: list[str], documents: Iterable[str]) -> Iterator[tuple[list[int], list[str]]]:
    """Per kind (CUAD categories and contracts, NDA provisions and NDAs): the columns of
    its types and its documents among ``documents``."""
    docs = list(documents)
    for nda in (False, True):
        cols = [j for j, t in enumerate(types) if t.startswith("nda-") == nda]
        yield cols, [d for d in docs if d.startswith("nda_") == nda]


def _best_per_document(
    sentences: Sentences, rows: list[int], logits: np.ndarray
) -> dict[str, np.ndarray]:
    """Each document's best sentence log-odds per type (``logits``: rows × types)."""
    best: dict[str, np.ndarray] = {}
    for row, i in enumerate(rows):
        doc = sentences.documents[i]
        best[doc] = np.maximum(best[doc], logits[row]) if doc in best else logits[row].copy()
    return best


def calibrate(sentences: Sentences, types: list[str]) -> np.ndarray:
    """Per type, the scale and bias that turn a document's best sentence log-odds into
    the probability that the document holds the type (types × 2). Fitted on training
    documents only, each read by detectors cross-fitted without it (CALIBRATION_FOLDS
    folds by document, fixed seed): the detectors' own training sentences would look
    surer than new documents do.

    A calibration must keep a type's sentences in their order (Gate 2 extracts the
    best). So each type takes its own logistic fit only where its scale is at least
    MIN_SCALE; otherwise (a detector that does not tell holders from the rest across
    documents: "return or destroy on termination" against "on request") the fit of its
    kind with one scale shared by all types and a bias per type."""
    train_docs = sorted(
        {d for d, s in zip(sentences.documents, sentences.split, strict=True) if s == "train"}
    )
    random.Random(SEED).shuffle(train_docs)
    fold = {d: i % CALIBRATION_FOLDS for i, d in enumerate(train_docs)}
    best: dict[str, np.ndarray] = {}
    for f in range(CALIBRATION_FOLDS):
        fit_rows = [i for i, d in enumerate(sentences.documents) if d in fold and fold[d] != f]
        held = [i for i, d in enumerate(sentences.documents) if fold.get(d) == f]
        vectoriser, models = _detectors(sentences, types, fit_rows)
        logits = _logits(vectoriser, models, [sentences.texts[i] for i in held])
        best.update(_best_per_document(sentences, held, logits))
    out = np.zeros((len(types), 2), dtype=np.float32)
    for cols, docs in _by_kind(types, best):
        holds = np.array([[types[j] in sentences.present[d] for j in cols] for d in docs])
        shared = _shared_scale(np.array([[best[d][j] for j in cols] for d in docs]), holds)
        for n, j in enumerate(cols):
            y = holds[:, n]
            out[j] = shared[n]
            if 0 < y.sum() < len(y):
                model = LogisticRegression(C=1.0).fit(np.array([[best[d][j]] for d in docs]), y)
                if model.coef_[0][0] >= MIN_SCALE:
                    out[j] = (model.coef_[0][0], model.intercept_[0])
    return out


def _shared_scale(logits: np.ndarray, holds: np.ndarray) -> np.ndarray:
    """One logistic fit over every (document, type) pair of a kind (``logits`` and
    ``holds``: documents × types) with one scale shared by the types and a bias per
    type: the types' (scale, bias) rows."""
    types = logits.shape[1]
    onehot = np.tile(np.eye(types), (logits.shape[0], 1))
    x = np.column_stack([logits.reshape(-1), onehot])
    model = LogisticRegression(C=1.0, fit_intercept=False).fit(x, holds.reshape(-1))
    scale, biases = model.coef_[0][0], model.coef_[0][1:]
    return np.column_stack([np.full(types, scale), biases])


def document_figures(
    sentences: Sentences, types: list[str], best: dict[str, np.ndarray], calibration: np.ndarray
) -> dict[str, dict[str, float]]:
    """On the validation documents, per kind (CUAD categories, NDA provisions): does the
    document hold the type, read from its best sentence, every type at one bar? AUC over
    all (document, type) pairs and the best balanced point (the lower of the shares of
    holders found and of non-holders passed), raw log-odds against calibrated."""
    out: dict[str, dict[str, float]] = {}
    for kind, (cols, docs) in zip(("cuad", "nda"), _by_kind(types, best), strict=True):
        y = np.array([types[j] in sentences.present[d] for d in docs for j in cols])
        raw = np.array([best[d][j] for d in docs for j in cols])
        scale = np.array([calibration[j] for _ in docs for j in cols])
        figures: dict[str, float] = {"pairs": len(y), "holders": int(y.sum())}
        for name, score in (("raw", raw), ("calibrated", raw * scale[:, 0] + scale[:, 1])):
            figures[f"auc_{name}"] = round(float(roc_auc_score(y, score)), 4)
            figures[f"balanced_{name}"] = round(_balanced_point(score, y), 4)
        out[kind] = figures
    return out


def _balanced_point(score: np.ndarray, y: np.ndarray) -> float:
    best = 0.0
    for bar in np.unique(score):
        passed = score >= bar
        best = max(best, min(float(passed[y].mean()), float((~passed[~y]).mean())))
    return best


def fit(sentences: Sentences, types: list[tuple[str, str, bool, str]]) -> Fitted:
    keys = [t[0] for t in types]
    train = [i for i, s in enumerate(sentences.split) if s == "train"]
    val = [i for i, s in enumerate(sentences.split) if s == "val"]
    vectoriser, models = _detectors(sentences, keys, train)
    val_logits = _logits(vectoriser, models, [sentences.texts[i] for i in val])
    figures: dict[str, dict[str, float]] = {}
    for j, key in enumerate(keys):
        y_val = np.array([key in sentences.positives[i] for i in val])
        if y_val.sum() >= 2:
            p = val_logits[:, j]
            figures[key] = {
                "val_positives": int(y_val.sum()),
                "auc": round(float(roc_auc_score(y_val, p)), 4),
                "average_precision": round(float(average_precision_score(y_val, p)), 4),
                "train_positives": int(sum(key in sentences.positives[i] for i in train)),
            }
    calibration = calibrate(sentences, keys)
    best = _best_per_document(sentences, val, val_logits)
    vocabulary = sorted(vectoriser.vocabulary_, key=vectoriser.vocabulary_.__getitem__)
    return Fitted(
        vocabulary=np.array(vocabulary),
        idf=vectoriser.idf_.astype(np.float32),
        weights=np.array([m.coef_[0] for m in models], dtype=np.float16),
        bias=np.array([m.intercept_[0] for m in models], dtype=np.float32),
        calibration=calibration,
        figures=figures,
        documents=document_figures(sentences, keys, best, calibration),
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


def write_card(
    path: Path, router: dict[str, object], phrasings: Path, figures: dict[str, object]
) -> None:
    """Pin ``path`` and the router's ``phrasings`` in the judge's card and set the router;
    a support combiner already there is dropped (it was fitted on another clause model)."""
    card = json.loads(CARD_FILE.read_text(encoding="utf-8"))
    pin(card, path)
    pin(card, phrasings)
    card["runtime"]["clauses"] = {"file": path.name, "router": router_card(router, phrasings)}
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
        calibration=fitted.calibration,
        keys=np.array([t[0] for t in types]),
        names=np.array([t[1] for t in types]),
        entails=np.array([t[2] for t in types]),
        profiles=np.array([t[3] for t in types]),
    )
    phrasings = write_phrasings()
    model = ClauseModel(
        args.out,
        router_threshold=1.0,
        router_margin=0.0,
        detector_weight=0.0,
        phrasings=router_phrasings(),
    )
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
        "documents": fitted.documents,
        "router": router,
        "per_type": figures,
    }
    write_card(args.out, router, phrasings, {k: v for k, v in summary.items() if k != "per_type"})
    FIGURES.parent.mkdir(parents=True, exist_ok=True)
    FIGURES.write_text(json.dumps(summary, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(json.dumps({k: v for k, v in summary.items() if k != "per_type"}, indent=1))
    print(f"wrote {args.out} ({args.out.stat().st_size / 1e6:.1f} MB) and {FIGURES}")


if __name__ == "__main__":
    main()
