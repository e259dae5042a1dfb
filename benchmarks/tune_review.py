"""Choose the review grid's bar: Gate 2's bar for a cell of ``letadesk review``.

An answer in a grid must be the clause the column asks for, so its bar is chosen for
cell precision, not for the balance of coverage and refusal that ``tune_gate2.py``
strikes for answers. For bars at and above the ``clause_question`` combiner's own (every
CUAD category question of the shipped template is routed to a clause type), this fills
the grid of ``bench_review.py`` (the first ``--contracts`` validation contracts × the
first ten CUAD categories: the documents Gate 2's bars were tuned on) and prints cell
precision, refusal and coverage. The chosen bar is the lowest whose cell precision
reaches :data:`PRECISION` with refusal at least :data:`REFUSAL` (else the most precise);
with ``--write`` it is stored as the combiner's ``review_threshold`` in the judge's card.
Run it after ``tune_gate2.py`` (whose bar it starts from); ``bench_review.py --untuned``
then reports the grid on the contracts neither was tuned on.

    .venv/bin/python benchmarks/tune_review.py [--contracts 20] [--keep DIR] [--write]
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from bench_answers import CUAD_QUESTIONS, KEEP_HELP, bench_profile
from bench_review import score

from _common import shared_data
from letadesk.judge import onnx_judge
from letadesk.judge.card import CARD_FILE
from letadesk.review.grid import fill_grid, review_documents
from letadesk.review.templates import load_template
from training.card import save_card

KIND = "clause_question"
# Bars tried, as multiples of the combiner's answer bar.
BAR_FACTORS = (1.0, 1.1, 1.2, 1.3, 1.4, 1.5, 1.75, 2.0)
# The grid's evidence asks cell precision >= 0.8 on contracts we do not have: the bar
# is chosen for 0.85 on the tuning contracts, a margin of about one standard error
# (some 90 answered cells).
PRECISION = 0.85
REFUSAL = 0.85


def choose(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """The lowest bar meeting PRECISION and REFUSAL, else the most precise (lowest)."""
    met = [
        r
        for r in rows
        if r["cell precision"] >= PRECISION and r["cell refusal (no clause)"] >= REFUSAL
    ]
    if met:
        return min(met, key=lambda r: r["bar"])
    return max(rows, key=lambda r: (r["cell precision"], -r["bar"]))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--contracts", type=int, default=20)
    parser.add_argument("--keep", type=Path, help=KEEP_HELP)
    parser.add_argument("--write", action="store_true", help="store the bar in judge.json")
    args = parser.parse_args()
    card = json.loads(CARD_FILE.read_text(encoding="utf-8"))
    answer_bar = float(card["runtime"]["combiners"][KIND]["threshold"])
    labels = list(CUAD_QUESTIONS)[:10]
    questions = [q for q in load_template("cuad") if q.label in labels]
    onnx_judge.CACHE_SIZE = 1_000_000  # every pair scored once across the sweep
    rows: list[dict[str, Any]] = []
    with bench_profile(shared_data(), args.contracts, 0, args.keep) as (ws, sets):
        cuad = sets["CUAD"]
        gold = {(r["document"], r["question"]): r["gold"] for r in cuad}
        documents = review_documents(ws, "bench", sorted({r["document"] for r in cuad}))
        print(f"{len(documents)} contracts × {len(questions)} CUAD categories")
        print(f"  {'bar':>7} {'precision':>9} {'refusal':>8} {'coverage':>9}")
        for bar in (round(answer_bar * f, 4) for f in BAR_FACTORS):
            grid = fill_grid(ws, "bench", questions, documents, relevance_threshold=bar)
            row = {"bar": bar, **score(grid, gold)}
            rows.append(row)
            print(
                f"  {bar:>7.4f} {row['cell precision']:>9.3f} "
                f"{row['cell refusal (no clause)']:>8.3f} {row['coverage (clause)']:>9.3f}"
            )
    chosen = choose(rows)
    print("chosen:", json.dumps(chosen))
    if args.write:
        card["runtime"]["combiners"][KIND]["review_threshold"] = chosen["bar"]
        card["review_tuning"] = {
            "source": "benchmarks/tune_review.py (the tuning contracts' review grid)",
            "precision_target": PRECISION,
            "refusal_target": REFUSAL,
            "chosen": chosen,
        }
        save_card(card, model_card=True)
        print(f"wrote the review bar to {CARD_FILE} and the model card")


if __name__ == "__main__":
    main()
