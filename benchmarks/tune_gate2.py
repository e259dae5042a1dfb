"""Choose Gate 2's relevance thresholds for the judge on the validation documents.

The judge's calibrated relevance is a per-sentence probability; Gate 2 refuses when the
*best* sentence of the retrieved passages falls short, so its bar is a question-level
choice, made separately for questions ("Which law governs …?": the CUAD set) and for
statements to check ("Receiving Party shall not …": the ContractNLI hypotheses), whose
sources are read more like evidence. For each bar this asks every question of
``bench_answers.py`` (documents of the judge's validation split only) and prints
coverage, refusal on unanswerable questions and grounded precision. Each kind's bar
maximises min(coverage, refusal) on its set; with ``--write`` both are stored in the
judge's card (``judge.json``), beside the weights.

    .venv/bin/python benchmarks/tune_gate2.py [--contracts 20] [--ndas 12] [--write]
    .venv/bin/python benchmarks/tune_gate2.py --rescue | --extract   # other sweeps
"""

from __future__ import annotations

import argparse
import json
import tempfile
from pathlib import Path
from typing import Any

import bench_answers

from _common import shared_data
from letadesk.answer import extract
from letadesk.answer.ask import AskOptions
from letadesk.answer.scoring import JudgeScorer
from letadesk.judge import onnx_judge
from letadesk.judge.card import CARD_FILE, load_card
from letadesk.workspace import Workspace
from training.card import write_model_card

THRESHOLDS = (0.25, 0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6, 0.65)
KINDS = {"CUAD": "relevance_threshold", "ContractNLI": "statement_relevance_threshold"}


FIGURES = ("coverage", "refusal_on_unanswerable", "grounded_precision", "claims")


def figures(ws: Workspace, questions: list[dict[str, Any]],
            options: AskOptions | None = None) -> dict[str, Any]:
    """The answers benchmark's figures for ``questions`` (extract-only unless told)."""
    report, _ = bench_answers.run(ws, "bench", questions,
                                  options or AskOptions(generate=False), {})
    fig = report.as_json()
    return {k: fig[k] for k in FIGURES}


def sweep(ws: Workspace, name: str, questions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    rows = []
    for t in THRESHOLDS:
        fig = figures(ws, questions, AskOptions(generate=False, relevance_threshold=t))
        row = {"set": name, "threshold": t,
               **{k: v for k, v in fig.items() if k != "claims"},  # the card's rows as before
               "objective": min(fig["coverage"] or 0, fig["refusal_on_unanswerable"] or 0)}
        print(json.dumps(row), flush=True)
        rows.append(row)
    return rows


def sweep_rescue(ws: Workspace, sets: dict[str, list[dict[str, Any]]]) -> None:
    """At the card's bars: the topic-words rule's two settings (JudgeScorer)."""
    for covered in (0.8, 0.5):
        for plausible in (0.5, 0.3):
            JudgeScorer.WORDS_COVERED, JudgeScorer.PLAUSIBLE = covered, plausible
            for name, questions in sets.items():
                print(json.dumps({"set": name, "words_covered": covered, "plausible": plausible,
                                  **figures(ws, questions)}), flush=True)


def sweep_extract(ws: Workspace, sets: dict[str, list[dict[str, Any]]]) -> None:
    """At the card's bars: how many sentences an extracted answer keeps, and how close to
    the best one each must score (``answer.extract``)."""
    for most in (1, 2, 3):
        for share in (0.8, 0.9):
            extract.MAX_SENTENCES, extract.RELATIVE_TO_BEST = most, share
            for name, questions in sets.items():
                print(json.dumps({"set": name, "max_sentences": most, "relative_to_best": share,
                                  **figures(ws, questions)}), flush=True)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--contracts", type=int, default=20)
    parser.add_argument("--ndas", type=int, default=12)
    parser.add_argument("--write", action="store_true", help="store the bars in judge.json")
    parser.add_argument("--rescue", action="store_true",
                        help="instead, sweep the topic-words rule at the card's bars")
    parser.add_argument("--extract", action="store_true",
                        help="instead, sweep the extracted answer's sentence count and share")
    args = parser.parse_args()
    root = shared_data()
    onnx_judge.CACHE_SIZE = 1_000_000  # every pair scored once across the sweep
    chosen: dict[str, dict[str, Any]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        docs = Path(tmp) / "docs"
        docs.mkdir()
        sets = {"CUAD": bench_answers.cuad_rows(root, args.contracts, docs),
                "ContractNLI": bench_answers.nli_rows(root, args.ndas, docs)}
        ws = Workspace.open(Path(tmp) / "profile")
        ws.ingest([docs], matter="bench")
        if args.rescue or args.extract:
            (sweep_rescue if args.rescue else sweep_extract)(ws, sets)
            return
        for name, questions in sets.items():
            rows = sweep(ws, name, questions)
            chosen[name] = max(rows, key=lambda r: (r["objective"], r["threshold"]))
        ws.close()
    print("chosen:", json.dumps(chosen))
    if args.write:
        card = json.loads(CARD_FILE.read_text(encoding="utf-8"))
        for name, key in KINDS.items():
            card["runtime"][key] = chosen[name]["threshold"]
        card["gate2_tuning"] = {"source": "benchmarks/tune_gate2.py (validation documents)",
                                "chosen": chosen}
        CARD_FILE.write_text(json.dumps(card, indent=1, ensure_ascii=False) + "\n",
                             encoding="utf-8")
        write_model_card(load_card(), card["validation"], card["training"])
        print(f"wrote the Gate 2 thresholds to {CARD_FILE} and the model card")


if __name__ == "__main__":
    main()
