"""Calibration, thresholds and validation figures of the judge (validation split only).

* Relevance: Platt scaling of logit 0 fitted on the validation pairs; the threshold is
  the calibrated probability that maximises balanced accuracy there. AUC per source,
  next to the lexical relevance (share of the question's words) it replaces.
* Support: exactly Gate 3's decision (``verify.entailment.judged_label``: consistency
  veto, an extract of the quote is supported, then P(contradicted) ≥ c → contradicted,
  P(supported) ≥ t → supported, else contradicted or insufficient); (t, c) chosen to
  maximise the mean over sources of balanced accuracy (supported vs the rest) while
  accepting at most 10% of contradicted claims. Figures next to the lexical score +
  consistency.
* Languages: the judge is used for a task in a language when it beats the lexical
  check there on validation (relevance: AUC; support: balanced accuracy averaged over
  that language's sources, each counting once — pooled, the synthetic corruptions,
  whose supported claims are verbatim copies that any word-overlap check accepts, would
  outvote ContractNLI's real paraphrased claims).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

from letadesk.answer.relevance import question_topic, relevance
from letadesk.judge.onnx_judge import Judge
from letadesk.verify.consistency import check_consistency
from letadesk.verify.entailment import is_extract, judged_label
from letadesk.verify.support import calibrated_threshold, support_score
from training.train import SUPPORT_LABELS, Example, query_text

MAX_CONTRADICTED_ACCEPTED = 0.10
# Romanian relevance pairs are questions made from article titles; on natural questions
# over the sample matter the judge *alone* ranked one sentence first for unrelated
# questions (the weather in Cluj, a non-compete clause the contract lacks). With Gate 2's
# question combiner (fitted on English documents only) the judge reads Romanian too: on
# the 95 natural Romanian questions of the validation acts (gate2_features.py
# --romanian; fit_combiner.py --evaluate) AUC 0.959 against the topic words' 0.943,
# refusal 0.76 against 0.69, coverage 0.92 against 0.94 (benchmarks/results/
# gate2_romanian.txt).
RELEVANCE_LANGUAGES_TRUSTED = ("en", "ro")


def auc(scores: Sequence[float], labels: Sequence[int]) -> float:
    """Area under the ROC curve (rank formula, ties averaged)."""
    order = np.argsort(scores, kind="mergesort")
    ranks = np.empty(len(scores))
    sorted_scores = np.asarray(scores)[order]
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and sorted_scores[j + 1] == sorted_scores[i]:
            j += 1
        ranks[order[i : j + 1]] = (i + j) / 2 + 1
        i = j + 1
    pos = np.asarray(labels) == 1
    n_pos, n_neg = int(pos.sum()), int((~pos).sum())
    if not n_pos or not n_neg:
        return float("nan")
    return float((ranks[pos].sum() - n_pos * (n_pos + 1) / 2) / (n_pos * n_neg))


def balanced_accuracy(predicted: Sequence[bool], actual: Sequence[bool]) -> float:
    pos = [p for p, a in zip(predicted, actual, strict=True) if a]
    neg = [p for p, a in zip(predicted, actual, strict=True) if not a]
    tpr = sum(pos) / len(pos) if pos else 0.0
    tnr = sum(not p for p in neg) / len(neg) if neg else 0.0
    return (tpr + tnr) / 2


def platt(logits: np.ndarray, labels: np.ndarray) -> tuple[float, float]:
    """(scale, bias) of the logistic fit of ``labels`` on ``logits`` (Newton steps)."""
    a, b = 1.0, 0.0
    for _ in range(50):
        p = 1 / (1 + np.exp(-(a * logits + b)))
        g = np.array([np.sum((p - labels) * logits), np.sum(p - labels)])
        w = p * (1 - p) + 1e-9
        h = np.array(
            [[np.sum(w * logits * logits), np.sum(w * logits)], [np.sum(w * logits), np.sum(w)]]
        ) + 1e-6 * np.eye(2)
        step = np.linalg.solve(h, g)
        a, b = a - step[0], b - step[1]
        if np.abs(step).max() < 1e-7:
            break
    return float(a), float(b)


def _best_threshold(probs: Sequence[float], labels: Sequence[bool]) -> tuple[float, float]:
    grid = [round(x, 2) for x in np.arange(0.05, 0.96, 0.01)]
    return max((balanced_accuracy([p >= t for p in probs], labels), t) for t in grid)[::-1]


def relevance_figures(
    judge: Judge, val: list[Example]
) -> tuple[dict[str, object], dict[str, float]]:
    logits = np.array(
        [row[0] for row in judge.logits([(query_text(e.task, e.query), e.text) for e in val])]
    )
    labels = np.array([e.target for e in val], dtype=float)
    scale, bias = platt(logits, labels)
    probs = 1 / (1 + np.exp(-(scale * logits + bias)))
    threshold, ba = _best_threshold(list(probs), [bool(x) for x in labels])
    figures: dict[str, object] = {
        "pairs": len(val),
        "threshold": threshold,
        "balanced_accuracy": round(ba, 4),
    }
    lexical = [relevance(question_topic(e.query), e.text) for e in val]
    for key in sorted({e.source for e in val} | {"lang:" + e.lang for e in val}):
        idx = [i for i, e in enumerate(val) if key in (e.source, "lang:" + e.lang)]
        sub = [int(labels[i]) for i in idx]
        figures[key] = {
            "pairs": len(idx),
            "auc_judge": round(auc([probs[i] for i in idx], sub), 4),
            "auc_lexical": round(auc([lexical[i] for i in idx], sub), 4),
            "balanced_accuracy_judge": round(
                balanced_accuracy([probs[i] >= threshold for i in idx], [bool(x) for x in sub]), 4
            ),
        }
    return figures, {
        "relevance_scale": scale,
        "relevance_bias": bias,
        "relevance_threshold": threshold,
    }


def _support_metrics(labels: Sequence[str], val: Sequence[Example]) -> dict[str, float]:
    accepted = [lab == "supported" for lab in labels]
    actual = [e.target == 0 for e in val]

    def rate(target: int) -> float:
        group = [a for a, e in zip(accepted, val, strict=True) if e.target == target]
        return round(sum(group) / len(group), 4) if group else math.nan

    return {
        "balanced_accuracy": round(balanced_accuracy(accepted, actual), 4),
        "contradicted_accepted": rate(1),
        "insufficient_accepted": rate(2),
        "supported_accepted": rate(0),
        "three_way_accuracy": round(
            sum(SUPPORT_LABELS.index(lab) == e.target for lab, e in zip(labels, val, strict=True))
            / len(val),
            4,
        ),
    }


def _macro_ba(labels: Sequence[str], val: Sequence[Example]) -> float:
    """Mean balanced accuracy over the sources (each source counts once)."""
    out = []
    for source in sorted({e.source for e in val}):
        idx = [i for i, e in enumerate(val) if e.source == source]
        out.append(
            _support_metrics([labels[i] for i in idx], [val[i] for i in idx])["balanced_accuracy"]
        )
    return float(np.mean(out))


def support_figures(judge: Judge, val: list[Example]) -> tuple[dict[str, object], dict[str, float]]:
    scores = judge.support_many([(e.query, e.text) for e in val])
    consistent = [check_consistency(e.query, e.text).passed for e in val]
    extracts = [is_extract(e.query, e.text) for e in val]

    def labels(t: float, c: float) -> list[str]:
        return [
            judged_label(s, ok, extract=x, support_threshold=t, contradiction_threshold=c)
            for s, ok, x in zip(scores, consistent, extracts, strict=True)
        ]

    grid = [round(x, 2) for x in np.arange(0.05, 0.96, 0.02)]
    best: tuple[float, float, float] | None = None
    for t in grid:
        for c in (0.5, 0.6, 0.7, 0.8, 0.9, 0.99):
            found = labels(t, c)
            if _support_metrics(found, val)["contradicted_accepted"] > MAX_CONTRADICTED_ACCEPTED:
                continue
            key = (_macro_ba(found, val), t, c)
            best = key if best is None or key > best else best
    _, threshold, c_threshold = best if best is not None else (0.0, 0.95, 0.5)
    judged = labels(threshold, c_threshold)
    limit = calibrated_threshold()
    lexical = [
        (
            "contradicted"
            if not ok
            else "supported"
            if support_score(e.query, e.text) >= limit
            else "insufficient"
        )
        for e, ok in zip(val, consistent, strict=True)
    ]
    figures: dict[str, object] = {
        "pairs": len(val),
        "threshold": threshold,
        "contradiction_threshold": c_threshold,
    }
    for key in ["all", *sorted({e.source for e in val} | {"lang:" + e.lang for e in val})]:
        idx = [i for i, e in enumerate(val) if key == "all" or key in (e.source, "lang:" + e.lang)]
        sub = [val[i] for i in idx]
        figures[key] = {
            "pairs": len(idx),
            "judge": _support_metrics([judged[i] for i in idx], sub),
            "lexical": _support_metrics([lexical[i] for i in idx], sub),
            "judge_macro_ba": round(_macro_ba([judged[i] for i in idx], sub), 4),
            "lexical_macro_ba": round(_macro_ba([lexical[i] for i in idx], sub), 4),
        }
    return figures, {"support_threshold": threshold, "contradiction_threshold": c_threshold}


def calibrate(judge: Judge, val: list[Example]) -> tuple[dict[str, object], dict[str, object]]:
    """(runtime settings for the card, validation figures)."""
    rel_fig, rel_rt = relevance_figures(judge, [e for e in val if e.task == "relevance"])
    sup_fig, sup_rt = support_figures(judge, [e for e in val if e.task == "support"])
    relevance_languages, support_languages = [], []
    for lang in ("en", "ro"):
        rel, sup = rel_fig.get("lang:" + lang), sup_fig.get("lang:" + lang)
        if (
            isinstance(rel, dict)
            and rel["auc_judge"] > rel["auc_lexical"]
            and lang in RELEVANCE_LANGUAGES_TRUSTED
        ):
            relevance_languages.append(lang)
        if isinstance(sup, dict) and sup["judge_macro_ba"] > sup["lexical_macro_ba"]:
            support_languages.append(lang)
    runtime: dict[str, object] = {
        **rel_rt,
        **sup_rt,
        "relevance_languages": relevance_languages,
        "support_languages": support_languages,
    }
    return runtime, {"relevance": rel_fig, "support": sup_fig}
