"""Calibrate and measure Gate 3's lexical support check on ContractNLI dev.

Pairs (claim = hypothesis, quote = evidence):
  Entailment    -> quote = the annotated evidence spans, concatenated   -> positive
  Contradiction -> quote = the annotated evidence spans, concatenated   -> negative
  NotMentioned  -> quote = the document's single span with the highest
                   support score for the hypothesis (a hard negative)   -> negative
Documents are split 50/50 deterministically (sorted ids, alternating) into a
calibration half and a held-out half. The threshold maximising balanced accuracy on
the calibration half is chosen; balanced accuracy is reported on both halves (the
held-out figure is the honest one), for support alone and for support AND
consistency.

    .venv/bin/python benchmarks/bench_support.py            # print the figures
    .venv/bin/python benchmarks/bench_support.py --write    # also write calibration.json

Then Gate 3's decision as it runs today (``verify.entailment.decide_support``: the
deterministic vetoes and the trained judge) against the lexical check, on the NDAs of
the judge's *validation* split only (``training/splits.py``; the judge never trained on
them): balanced accuracy (supported vs the rest), the share of contradicted and of
not-mentioned claims accepted, the three-way confusion, and the judge's time per pair.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from letadesk.judge import default_judge
from letadesk.verify.consistency import check_consistency
from letadesk.verify.entailment import decide_support
from letadesk.verify.support import CALIBRATION_FILE, support_score

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from training.calibrate import balanced_accuracy
from training.splits import is_val

DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data"
CONTRACTNLI_DEV = DATA / "contractnli" / "dev.json"


@dataclass(frozen=True, slots=True)
class Pair:
    document: str
    hypothesis: str
    choice: str  # Entailment | Contradiction | NotMentioned
    claim: str
    quote: str
    score: float
    consistent: bool

    @property
    def positive(self) -> bool:
        return self.choice == "Entailment"


def _span_texts(doc: dict[str, object]) -> list[str]:
    text = str(doc["text"])
    spans = doc["spans"]
    assert isinstance(spans, list)
    return [text[s:e].strip() for s, e in spans]


def _pair(doc_id: str, key: str, choice: str, claim: str, quote: str) -> Pair:
    consistent = check_consistency(claim, quote).passed
    return Pair(doc_id, key, choice, claim, quote, support_score(claim, quote), consistent)


def _best_span(claim: str, spans: list[str]) -> str:
    """The span a retriever would most plausibly offer: the highest support score."""
    return max(spans, key=lambda span: support_score(claim, span))


def load_pairs(path: Path = CONTRACTNLI_DEV) -> list[Pair]:
    """Every (hypothesis, evidence) pair of ContractNLI dev, built as described above."""
    data = json.loads(path.read_text(encoding="utf-8"))
    labels = {k: v["hypothesis"] for k, v in data["labels"].items()}
    pairs: list[Pair] = []
    for doc in data["documents"]:
        spans = _span_texts(doc)
        doc_id = str(doc["id"])
        for key, ann in sorted(doc["annotation_sets"][0]["annotations"].items()):
            claim, choice = labels[key], ann["choice"]
            if choice == "NotMentioned":
                quote = _best_span(claim, spans)
            else:
                quote = " ".join(spans[i] for i in ann["spans"])
            pairs.append(_pair(doc_id, key, choice, claim, quote))
    return pairs


def split(pairs: Sequence[Pair]) -> tuple[list[Pair], list[Pair]]:
    """(calibration, held-out): documents sorted by id, alternately assigned."""
    docs = sorted({p.document for p in pairs}, key=lambda d: (len(d), d))
    calib_docs = set(docs[0::2])
    return (
        [p for p in pairs if p.document in calib_docs],
        [p for p in pairs if p.document not in calib_docs],
    )


def evaluate(pairs: Sequence[Pair], threshold: float, *, with_consistency: bool) -> float:
    """Balanced accuracy of "support >= threshold [and consistency passed]"."""
    predicted = [p.score >= threshold and (p.consistent or not with_consistency) for p in pairs]
    return balanced_accuracy(predicted, [p.positive for p in pairs])


def best_threshold(pairs: Sequence[Pair], *, with_consistency: bool = False) -> float:
    """The threshold (one of the observed scores, rounded to 0.01) maximising balanced
    accuracy on ``pairs``; ties go to the higher (stricter) threshold."""
    candidates = sorted({round(p.score, 2) for p in pairs} | {0.0, 1.0})
    return max(candidates, key=lambda t: (evaluate(pairs, t, with_consistency=with_consistency), t))


def report(pairs: Sequence[Pair]) -> dict[str, object]:
    """All figures of the benchmark, as written to calibration.json."""
    calib, held = split(pairs)
    t = best_threshold(calib)
    t_both = best_threshold(calib, with_consistency=True)
    counts = {
        c: sum(p.choice == c for p in pairs)
        for c in ("Entailment", "Contradiction", "NotMentioned")
    }
    contra = [p for p in held if p.choice == "Contradiction"]
    entail = [p for p in held if p.choice == "Entailment"]
    return {
        "support_threshold": t,
        "source": "ContractNLI dev (benchmarks/bench_support.py)",
        "pairs": len(pairs),
        "pairs_by_choice": counts,
        "documents_calibration": len({p.document for p in calib}),
        "documents_heldout": len({p.document for p in held}),
        "balanced_accuracy_calibration": round(evaluate(calib, t, with_consistency=False), 4),
        "balanced_accuracy_heldout": round(evaluate(held, t, with_consistency=False), 4),
        "with_consistency_same_threshold": {
            "calibration": round(evaluate(calib, t, with_consistency=True), 4),
            "heldout": round(evaluate(held, t, with_consistency=True), 4),
        },
        "with_consistency_retuned": {
            "threshold": t_both,
            "calibration": round(evaluate(calib, t_both, with_consistency=True), 4),
            "heldout": round(evaluate(held, t_both, with_consistency=True), 4),
        },
        "heldout_consistency_rejects": {
            "contradiction": f"{sum(not p.consistent for p in contra)}/{len(contra)}",
            "entailment": f"{sum(not p.consistent for p in entail)}/{len(entail)}",
        },
    }


_TRUTH = {
    "Entailment": "supported",
    "Contradiction": "contradicted",
    "NotMentioned": "insufficient",
}


def _rates(labels: Sequence[str], pairs: Sequence[Pair]) -> dict[str, object]:
    accepted = [lab == "supported" for lab in labels]
    by_choice = {
        c: [a for a, p in zip(accepted, pairs, strict=True) if p.choice == c] for c in _TRUTH
    }
    confusion = {
        _TRUTH[c]: {
            lab: sum(1 for x, p in zip(labels, pairs, strict=True) if p.choice == c and x == lab)
            for lab in ("supported", "contradicted", "insufficient")
        }
        for c in _TRUTH
    }
    return {
        "balanced_accuracy": round(balanced_accuracy(accepted, [p.positive for p in pairs]), 4),
        "contradicted_accepted": round(
            sum(by_choice["Contradiction"]) / max(1, len(by_choice["Contradiction"])), 4
        ),
        "not_mentioned_accepted": round(
            sum(by_choice["NotMentioned"]) / max(1, len(by_choice["NotMentioned"])), 4
        ),
        "entailed_accepted": round(
            sum(by_choice["Entailment"]) / max(1, len(by_choice["Entailment"])), 4
        ),
        "three_way_accuracy": round(
            sum(x == _TRUTH[p.choice] for x, p in zip(labels, pairs, strict=True)) / len(pairs), 4
        ),
        "confusion_truth_to_label": confusion,
    }


def gate3_report(pairs: Sequence[Pair]) -> dict[str, object]:
    """Gate 3 (judge) and the lexical decision on ``pairs`` (the validation NDAs)."""
    judge = default_judge()
    started = time.perf_counter()
    judged = [decide_support(p.claim, p.quote, judge=judge).label for p in pairs]
    per_pair_ms = (time.perf_counter() - started) * 1000 / max(1, len(pairs))
    lexical = [decide_support(p.claim, p.quote, judge=None).label for p in pairs]
    return {
        "split": "judge validation NDAs (training/splits.py)",
        "pairs": len(pairs),
        "documents": len({p.document for p in pairs}),
        "judge": judge.name,
        "judge_ms_per_pair": round(per_pair_ms, 1),
        "gate3_with_judge": _rates(judged, pairs),
        "lexical_only": _rates(lexical, pairs),
    }


HELD_SPLITS = ("held_phrasing", "held_type", "held_act")


def paraphrase_report(path: Path) -> dict[str, object]:
    """Gate 3 as run on the paraphrase pairs never trained on (``training.paraphrase``):
    per held-out split and language, the share of faithful restatements accepted and of
    contradicted claims accepted."""
    judge = default_judge()
    rows = [json.loads(line) for line in path.open(encoding="utf-8")]
    rows = [r for r in rows if r["split"] in HELD_SPLITS]
    labels = [decide_support(r["claim"], r["quote"], judge=judge).label for r in rows]
    out: dict[str, object] = {"judge": judge.name, "pairs": len(rows)}
    groups = [(s, lang) for s in HELD_SPLITS for lang in ("en", "ro")] + [("all", "all")]
    for split_name, lang in groups:
        chosen = [
            (r, lab)
            for r, lab in zip(rows, labels, strict=True)
            if split_name in ("all", r["split"]) and lang in ("all", r["lang"])
        ]
        figures: dict[str, object] = {}
        for truth in ("supported", "contradicted", "insufficient"):
            got = [lab for r, lab in chosen if r["label"] == truth]
            accepted = sum(lab == "supported" for lab in got)
            figures[f"{truth}_accepted"] = (
                f"{accepted}/{len(got)} = {accepted / max(1, len(got)):.3f}"
            )
        out[f"{split_name}/{lang}"] = figures
    return out


def judge_pairs_report(path: Path) -> dict[str, object]:
    """Gate 3 as run on the judge's own validation support pairs (``training/data/
    support.jsonl``, split "val": ContractNLI, corrupted CUAD clauses and Romanian
    articles): per source, the share of each truth accepted."""
    judge = default_judge()
    rows = [json.loads(line) for line in path.open(encoding="utf-8")]
    rows = [r for r in rows if r["split"] == "val"]
    labels = [decide_support(r["query"], r["text"], judge=judge).label for r in rows]
    out: dict[str, object] = {"judge": judge.name, "pairs": len(rows)}
    for source in sorted({r["source"] for r in rows}):
        figures: dict[str, object] = {}
        for truth in ("supported", "contradicted", "insufficient"):
            got = [
                lab
                for r, lab in zip(rows, labels, strict=True)
                if r["source"] == source and r["label"] == truth
            ]
            accepted = sum(lab == "supported" for lab in got)
            figures[f"{truth}_accepted"] = (
                f"{accepted}/{len(got)} = {accepted / max(1, len(got)):.3f}"
            )
        out[source] = figures
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    parser.add_argument("--data", type=Path, default=CONTRACTNLI_DEV)
    parser.add_argument("--write", action="store_true", help="write calibration.json")
    parser.add_argument(
        "--paraphrases", type=Path, help="also Gate 3 on these held-out restatements (jsonl)"
    )
    parser.add_argument(
        "--judge-pairs", type=Path, help="also Gate 3 on the judge's validation support pairs"
    )
    args = parser.parse_args(argv)
    if not args.data.exists():
        print(f"{args.data} not present", file=sys.stderr)
        return 2
    pairs = load_pairs(args.data)
    figures = report(pairs)
    print(json.dumps(figures, indent=2))
    print(json.dumps(gate3_report([p for p in pairs if is_val(f"nda_{p.document}")]), indent=2))
    if args.paraphrases is not None:
        print(json.dumps(paraphrase_report(args.paraphrases), indent=2, ensure_ascii=False))
    if args.judge_pairs is not None:
        print(json.dumps(judge_pairs_report(args.judge_pairs), indent=2))
    if args.write:
        CALIBRATION_FILE.write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")
        print(f"wrote {CALIBRATION_FILE}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
