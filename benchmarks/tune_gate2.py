"""Choose Gate 2's relevance thresholds for the judge on the validation documents.

The judge's calibrated relevance is a per-sentence probability; Gate 2 refuses when the
*best* sentence of the retrieved passages falls short, so its bar is a question-level
choice, made separately for questions ("Which law governs …?": the CUAD set) and for
statements to check ("Receiving Party shall not …": the ContractNLI hypotheses), whose
sources are read more like evidence. For each bar this asks every question of
``bench_answers.py`` (documents of the judge's validation split only) and prints
coverage, refusal on unanswerable questions and grounded precision. Each kind's bar
maximises min(coverage, refusal) on its set (ties: :func:`_preference`); with
``--write`` they are stored in the judge's card (``judge.json``), beside the weights.
With the clause models' combiners in the card, both sets are swept twice: with the
clause models (every question is routed: the ``clause_*`` bars) and without them (the
plain bars, for questions the router leaves).

    .venv/bin/python benchmarks/tune_gate2.py [--contracts 20] [--ndas 12] [--write]
    .venv/bin/python benchmarks/tune_gate2.py --extract   # the extracted answer's sweep
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

import bench_answers

from _common import shared_data
from letadesk.answer import extract
from letadesk.answer.ask import AskOptions
from letadesk.judge import default_judge, onnx_judge
from letadesk.judge.card import CARD_FILE
from letadesk.workspace import Workspace
from training.card import save_card

# Bars tried, as multiples of the card's present bar for the kind (the combiner's, fitted
# by training/fit_combiner.py, else the judge's own threshold); finer near it (stop 32:
# ContractNLI's min(coverage, refusal) was 0.853 at 1.0 and 0.848 at 0.9, 0.884 at 0.95).
BAR_FACTORS = (0.7, 0.8, 0.9, 0.95, 1.0, 1.05, 1.1, 1.2, 1.35)
KINDS = {"CUAD": "question", "ContractNLI": "statement"}
# Every question of both sets names a clause type the clause model routes to
# (gate2_features.py records it): with the clause models on, they tune these kinds.
CLAUSE_KINDS = {"CUAD": "clause_question", "ContractNLI": "clause_statement"}
JUDGE_KEYS = {"question": "relevance_threshold", "statement": "statement_relevance_threshold"}


FIGURES = ("coverage", "refusal_on_unanswerable", "grounded_precision", "claims")


def figures(
    ws: Workspace, questions: list[dict[str, Any]], options: AskOptions | None = None
) -> dict[str, Any]:
    """The answers benchmark's figures for ``questions`` (extract-only unless told)."""
    report, _ = bench_answers.run(ws, "bench", questions, options or AskOptions(generate=False), {})
    fig = report.as_json()
    return {k: fig[k] for k in FIGURES}


def stages(runtime: dict[str, Any]) -> list[tuple[dict[str, str], bool]]:
    """The sweeps to make: (each set's kind of combiner, whether the clause models are
    on). With clause combiners in the card, first theirs (every question of both sets is
    routed), then the plain kinds' with the clause models off: the bars of the questions
    the router leaves."""
    combiners = runtime.get("combiners", {})
    clause = [(CLAUSE_KINDS, True)] if all(k in combiners for k in CLAUSE_KINDS.values()) else []
    return [*clause, (KINDS, False)]


def present_bar(runtime: dict[str, Any], kind: str) -> float:
    """The card's bar for questions or statements: its combiner's, else the judge's."""
    combiner = runtime.get("combiners", {}).get(kind)
    return float(combiner["threshold"] if combiner else runtime[JUDGE_KEYS[kind]])


def sweep(
    ws: Workspace, name: str, questions: list[dict[str, Any]], bar: float
) -> list[dict[str, Any]]:
    rows = []
    for t in (round(bar * f, 4) for f in BAR_FACTORS):
        fig = figures(ws, questions, AskOptions(generate=False, relevance_threshold=t))
        row = {
            "set": name,
            "threshold": t,
            **{k: v for k, v in fig.items() if k != "claims"},  # the card's rows as before
            "objective": min(fig["coverage"] or 0, fig["refusal_on_unanswerable"] or 0),
        }
        print(json.dumps(row), flush=True)
        rows.append(row)
    return rows


def sweep_extract(ws: Workspace, sets: dict[str, list[dict[str, Any]]]) -> None:
    """At the card's bars: how many sentences an extracted answer keeps, and how close to
    the best one each must score (``answer.extract``)."""
    for most in (1, 2, 3):
        for share in (0.8, 0.9):
            extract.MAX_SENTENCES, extract.RELATIVE_TO_BEST = most, share
            for name, questions in sets.items():
                print(
                    json.dumps(
                        {
                            "set": name,
                            "max_sentences": most,
                            "relative_to_best": share,
                            **figures(ws, questions),
                        }
                    ),
                    flush=True,
                )


def _preference(row: dict[str, Any]) -> tuple[float, float, float]:
    """The bar to choose: the best min(coverage, refusal); among equals, the best sum of
    both; among bars with the very same figures, the lowest (a question phrased unlike
    the set's is refused less: on the 41 plain CUAD categories, coverage 0.61 at the
    higher of two bars with the same figures on the set, stop 31)."""
    both = (row["coverage"] or 0) + (row["refusal_on_unanswerable"] or 0)
    return (row["objective"], both, -row["threshold"])


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--contracts", type=int, default=20)
    parser.add_argument("--ndas", type=int, default=12)
    parser.add_argument("--keep", type=Path, help=bench_answers.KEEP_HELP)
    parser.add_argument("--write", action="store_true", help="store the bars in judge.json")
    parser.add_argument(
        "--extract",
        action="store_true",
        help="instead, sweep the extracted answer's sentence count and share",
    )
    args = parser.parse_args()
    root = shared_data()
    onnx_judge.CACHE_SIZE = 1_000_000  # every pair scored once across the sweep
    chosen: dict[str, dict[str, Any]] = {}
    with bench_answers.bench_profile(root, args.contracts, args.ndas, args.keep) as (ws, sets):
        if args.extract:
            sweep_extract(ws, sets)
            return
        runtime = json.loads(CARD_FILE.read_text(encoding="utf-8"))["runtime"]
        judge = default_judge()
        clause_models = judge.clauses
        for kinds, clauses_on in stages(runtime):
            judge.clauses = clause_models if clauses_on else None
            for name, questions in sets.items():
                rows = sweep(ws, name, questions, present_bar(runtime, kinds[name]))
                chosen[kinds[name]] = max(rows, key=_preference)
        judge.clauses = clause_models
    print("chosen:", json.dumps(chosen))
    if args.write:
        card = json.loads(CARD_FILE.read_text(encoding="utf-8"))
        for kind, row in chosen.items():
            combiner = card["runtime"].get("combiners", {}).get(kind)
            if combiner:
                combiner["threshold"] = row["threshold"]
            else:
                card["runtime"][JUDGE_KEYS[kind]] = row["threshold"]
        card["gate2_tuning"] = {
            "source": "benchmarks/tune_gate2.py (validation documents)",
            "chosen": chosen,
        }
        save_card(card, model_card=True)
        print(f"wrote the Gate 2 thresholds to {CARD_FILE} and the model card")


if __name__ == "__main__":
    main()
